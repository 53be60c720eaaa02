//! Rules compiled to a matcher (RFC 7940 §6.3 and §6.4), with lgr-core's
//! semantics: a rule is a regular expression searched in the label (ICU);
//! a context rule with an anchor must match at the code point's index, one
//! without an anchor anywhere in the label. The label reaches ICU with each
//! code point cut to 16 bits (see [`encode_label`]); that is kept.
//!
//! The matcher computes, for a set of start offsets, the set of offsets
//! where a match can end. Matching by sets gives the same existence answers
//! as a backtracking regex engine without its worst cases.

use super::classes::CpSet;
use std::fmt::Write as _;

/// The longest label the matcher takes, in code points.
pub(crate) const MAX_UNITS: usize = 255;

/// A set of offsets `0..=MAX_UNITS`.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub(crate) struct Bits([u64; 4]);

impl Bits {
    #[inline]
    pub(crate) fn one(p: usize) -> Bits {
        let mut b = Bits::default();
        b.set(p);
        b
    }
    #[inline]
    pub(crate) fn set(&mut self, p: usize) {
        self.0[p >> 6] |= 1 << (p & 63);
    }
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    #[inline]
    fn or(self, o: Bits) -> Bits {
        Bits([self.0[0] | o.0[0], self.0[1] | o.0[1], self.0[2] | o.0[2], self.0[3] | o.0[3]])
    }
    #[inline]
    fn and(self, o: Bits) -> Bits {
        Bits([self.0[0] & o.0[0], self.0[1] & o.0[1], self.0[2] & o.0[2], self.0[3] & o.0[3]])
    }
    #[inline]
    fn subset_of(self, o: Bits) -> bool {
        self.and(o) == self
    }
    fn iter(self) -> impl Iterator<Item = usize> {
        (0..4).flat_map(move |w| {
            let mut word = self.0[w];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let t = word.trailing_zeros() as usize;
                word &= word - 1;
                Some(w * 64 + t)
            })
        })
    }
}

/// One element of a compiled rule.
#[derive(Clone, Debug)]
pub(crate) enum Node {
    /// `<start/>`: offset 0.
    Start,
    /// `<end/>`: the end of the label.
    End,
    /// `<anchor/>`: the code point (or sequence) being tested; with no anchor
    /// (a whole-label rule) lgr-core leaves the placeholder in its pattern,
    /// which then matches the literal text `%anchors`.
    Anchor,
    /// A literal code point or sequence, as UTF-16.
    Lit(Box<[u16]>),
    /// `<any/>`: one code point other than a line terminator (ICU's `.`).
    Any,
    /// A class: one code point of the set (index into the rule set's classes).
    Class(u32),
    /// The empty pattern (an empty class, an empty rule).
    Empty,
    /// `<choice>`: one of the alternatives.
    Choice(Vec<Vec<Node>>),
    /// A `count`: `min` to `max` (unbounded when `None`) repetitions.
    Repeat { body: Vec<Node>, min: u32, max: Option<u32> },
    /// `<look-ahead>`.
    Ahead(Vec<Node>),
    /// `<look-behind>`.
    Behind(Vec<Node>),
}

/// A label prepared for matching: its UTF-16 units and the offsets where a
/// code point starts (lgr-core searches from these).
pub(crate) struct Text<'a> {
    pub units: &'a [u16],
    pub boundaries: Bits,
    pub anchor: Option<&'a [u16]>,
    pub classes: &'a [CpSet],
}

const PLACEHOLDER: [u16; 8] = [b'%' as u16, 97, 110, 99, 104, 111, 114, 115];

impl Text<'_> {
    /// The code point at offset `p` and its length in units (a lone
    /// surrogate reads as itself, as ICU's UTF-16 matcher does).
    #[inline]
    fn read(&self, p: usize) -> Option<(u32, usize)> {
        let u = *self.units.get(p)?;
        if (0xD800..0xDC00).contains(&u)
            && let Some(&t) = self.units.get(p + 1)
            && (0xDC00..0xE000).contains(&t)
        {
            return Some((0x10000 + ((u32::from(u) - 0xD800) << 10) + (u32::from(t) - 0xDC00), 2));
        }
        Some((u32::from(u), 1))
    }

    fn literal(&self, from: Bits, lit: &[u16]) -> Bits {
        let mut out = Bits::default();
        for p in from.iter() {
            if self.units.get(p..p + lit.len()) == Some(lit) {
                out.set(p + lit.len());
            }
        }
        out
    }
}

/// `cps` as proper UTF-16 (rule literals and anchors: lgr-core writes them as `\x{…}`).
pub(crate) fn utf16(cps: &[u32], units: &mut Vec<u16>) {
    units.clear();
    for &cp in cps {
        if cp >= 0x10000 {
            let v = cp - 0x10000;
            units.push(0xD800 + (v >> 10) as u16);
            units.push(0xDC00 + (v & 0x3FF) as u16);
        } else {
            units.push(cp as u16);
        }
    }
}

/// The label as lgr-core hands it to ICU: one 16-bit unit per code point,
/// a supplementary code point cut to its low 16 bits (picu fills a `c_uint16`
/// array with `ord(c)`); and the offsets where ICU's search tries a match.
pub(crate) fn encode_label(cps: &[u32], units: &mut Vec<u16>) -> Bits {
    units.clear();
    units.extend(cps.iter().map(|&c| c as u16));
    let mut b = Bits::one(0);
    if units.len() > MAX_UNITS {
        return b;
    }
    let t = Text {
        units,
        boundaries: b,
        anchor: None,
        classes: &[],
    };
    let mut p = 0;
    while let Some((_, l)) = t.read(p) {
        p += l;
        b.set(p);
    }
    b
}

/// The offsets where `nodes` can end when started at any offset in `from`.
pub(crate) fn run(nodes: &[Node], from: Bits, t: &Text) -> Bits {
    let mut cur = from;
    for n in nodes {
        if cur.is_empty() {
            break;
        }
        cur = step(n, cur, t);
    }
    cur
}

fn step(node: &Node, from: Bits, t: &Text) -> Bits {
    match node {
        Node::Start => from.and(Bits::one(0)),
        Node::End => from.and(Bits::one(t.units.len())),
        Node::Lit(lit) => t.literal(from, lit),
        Node::Anchor => match t.anchor {
            Some(a) => t.literal(from, a),
            None => t.literal(from, &PLACEHOLDER),
        },
        Node::Any => {
            let mut out = Bits::default();
            for p in from.iter() {
                if let Some((c, l)) = t.read(p)
                    && !matches!(c, 0x0A..=0x0D | 0x85 | 0x2028 | 0x2029)
                {
                    out.set(p + l);
                }
            }
            out
        }
        Node::Class(i) => {
            let set = &t.classes[*i as usize];
            let mut out = Bits::default();
            for p in from.iter() {
                if let Some((c, l)) = t.read(p)
                    && set.contains(c)
                {
                    out.set(p + l);
                }
            }
            out
        }
        Node::Empty => from,
        Node::Choice(alts) => alts.iter().fold(Bits::default(), |acc, alt| acc.or(run(alt, from, t))),
        Node::Repeat { body, min, max } => {
            let mut cur = from;
            let mut seen = if *min == 0 { from } else { Bits::default() };
            let mut i = 0u32;
            loop {
                if max.is_some_and(|m| i >= m) || cur.is_empty() {
                    break;
                }
                let next = run(body, cur, t);
                i += 1;
                if next == cur {
                    // A fixed point: every later iteration gives the same offsets.
                    seen = seen.or(cur);
                    break;
                }
                cur = next;
                if i >= *min {
                    // Closed once an iteration adds no new end offset.
                    if cur.subset_of(seen) && i > *min {
                        break;
                    }
                    seen = seen.or(cur);
                }
            }
            seen
        }
        Node::Ahead(body) => {
            let mut out = Bits::default();
            for p in from.iter() {
                if !run(body, Bits::one(p), t).is_empty() {
                    out.set(p);
                }
            }
            out
        }
        // Ends only move forward, so "some start before p reaches p" is the
        // body run from every code point start.
        Node::Behind(body) => from.and(run(body, t.boundaries, t)),
    }
}

/// True when the pattern lgr-core would build from `nodes` is the empty string.
pub(crate) fn is_empty_pattern(nodes: &[Node]) -> bool {
    nodes.iter().all(|n| matches!(n, Node::Empty))
}

/// True when `nodes` hold an anchor anywhere.
pub(crate) fn has_anchor(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::Anchor => true,
        Node::Choice(alts) => alts.iter().any(|a| has_anchor(a)),
        Node::Repeat { body, .. } | Node::Ahead(body) | Node::Behind(body) => has_anchor(body),
        _ => false,
    })
}

/// Does the rule match `t`? With an anchor given and an anchor in the rule, a
/// match must start at code point index `index`; otherwise anywhere.
pub(crate) fn matches(nodes: &[Node], t: &Text, index: usize) -> bool {
    if is_empty_pattern(nodes) {
        return false;
    }
    if t.anchor.is_some() && has_anchor(nodes) {
        if index > t.units.len() {
            return false;
        }
        !run(nodes, Bits::one(index), t).is_empty()
    } else {
        let plain = Text {
            units: t.units,
            boundaries: t.boundaries,
            anchor: None,
            classes: t.classes,
        };
        !run(nodes, t.boundaries, &plain).is_empty()
    }
}

/// The rule as the matcher sees it, in regular-expression notation:
/// `^ $ . ⚓`, `\x{2D}`, `[class]`, `(?:a|b)`, `{n,m}`, `(?=…)`, `(?<=…)`.
pub(crate) fn describe(nodes: &[Node], class_name: &dyn Fn(u32) -> String) -> String {
    let mut s = String::new();
    for n in nodes {
        describe_node(n, class_name, &mut s);
    }
    if s.is_empty() { "(empty: matches no label)".into() } else { s }
}

fn describe_node(n: &Node, class_name: &dyn Fn(u32) -> String, s: &mut String) {
    match n {
        Node::Start => s.push('^'),
        Node::End => s.push('$'),
        Node::Anchor => s.push('⚓'),
        Node::Any => s.push('.'),
        Node::Empty => {}
        Node::Lit(units) => {
            for c in char::decode_utf16(units.iter().copied()) {
                let cp = c.map(u32::from).unwrap_or_else(|e| u32::from(e.unpaired_surrogate()));
                let _ = write!(s, "\\x{{{cp:X}}}");
            }
        }
        Node::Class(i) => {
            let _ = write!(s, "[{}]", class_name(*i));
        }
        Node::Choice(alts) => {
            s.push_str("(?:");
            for (k, a) in alts.iter().enumerate() {
                if k > 0 {
                    s.push('|');
                }
                for n in a {
                    describe_node(n, class_name, s);
                }
            }
            s.push(')');
        }
        Node::Repeat { body, min, max } => {
            s.push('(');
            for n in body {
                describe_node(n, class_name, s);
            }
            s.push(')');
            match max {
                Some(m) if m == min => {
                    let _ = write!(s, "{{{min}}}");
                }
                Some(m) => {
                    let _ = write!(s, "{{{min},{m}}}");
                }
                None => {
                    let _ = write!(s, "{{{min},}}");
                }
            }
        }
        Node::Ahead(body) | Node::Behind(body) => {
            s.push_str(if matches!(n, Node::Ahead(_)) { "(?=" } else { "(?<=" });
            for n in body {
                describe_node(n, class_name, s);
            }
            s.push(')');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text<'a>(units: &'a mut Vec<u16>, cps: &str, anchor: Option<&'a [u16]>, classes: &'a [CpSet]) -> Text<'a> {
        let cps: Vec<u32> = cps.chars().map(u32::from).collect();
        let b = encode_label(&cps, units);
        Text {
            units,
            boundaries: b,
            anchor,
            classes,
        }
    }

    #[test]
    fn hyphen_rules_at_index() {
        // (?<=^..\x{2D})⚓ : a hyphen in third and fourth position.
        let rule = vec![
            Node::Behind(vec![Node::Start, Node::Any, Node::Any, Node::Lit(vec![0x2D].into())]),
            Node::Anchor,
        ];
        let mut u = Vec::new();
        let hy = [0x2Du16];
        let t = text(&mut u, "ab--c", Some(&hy), &[]);
        assert!(!matches(&rule, &t, 2));
        assert!(matches(&rule, &t, 3));
    }

    #[test]
    fn repeat_and_lookahead() {
        let rule = vec![
            Node::Start,
            Node::Repeat {
                body: vec![Node::Any],
                min: 0,
                max: None,
            },
            Node::End,
        ];
        let mut u = Vec::new();
        let t = text(&mut u, "abc", None, &[]);
        assert!(matches(&rule, &t, 0));
        let never = vec![Node::Start, Node::End];
        assert!(!matches(&never, &t, 0));
        let two = vec![Node::Repeat {
            body: vec![Node::Lit(vec![98].into())],
            min: 2,
            max: Some(2),
        }];
        assert!(!matches(&two, &t, 0));
        let mut u2 = Vec::new();
        assert!(matches(&two, &text(&mut u2, "abb", None, &[]), 0));
        assert!(!matches(&[Node::Empty], &t, 0));
    }
}
