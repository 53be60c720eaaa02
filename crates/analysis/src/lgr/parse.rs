//! RFC 7940 XML (§4 document, §5 repertoire and variants, §6 classes and
//! rules, §7 actions) read into the [`Model`], the way lgr-core reads it:
//! a duplicate `char` adds its variants to the first, a range skips code
//! points already listed, a duplicate variant is dropped, references are
//! resolved when the referring rule is defined.

use super::LgrError;
use super::classes::{self, CpSet};
use super::matcher::Node;
use super::model::*;
use roxmltree::{Document, Node as XNode, ParsingOptions};
use std::collections::HashMap;
use std::sync::Arc;

/// The RFC 7940 namespace (§4.1).
pub(crate) const LGR_NS: &str = "urn:ietf:params:xml:ns:lgr-1.0";

/// Longest bounded repeat in a look-behind, as lgr-core writes `n+` there.
const LOOK_BEHIND_MAX: u32 = 63;

#[derive(Clone, Debug)]
enum ClassExpr {
    Ref(String),
    Tag(String),
    Prop(String, String),
    Cps(Vec<u32>),
    Union(Vec<ClassExpr>),
    Complement(Box<ClassExpr>),
    Intersection(Box<ClassExpr>, Box<ClassExpr>),
    Difference(Box<ClassExpr>, Box<ClassExpr>),
    SymmetricDifference(Box<ClassExpr>, Box<ClassExpr>),
}

struct Parser {
    /// Byte offset of each line's start: a node's line by binary search
    /// (roxmltree's own `text_pos_at` scans from the start every time).
    line_starts: Vec<usize>,
    m: Model,
    char_index: HashMap<Box<[u32]>, (u32, bool)>,
    /// Pending `when`/`not-when` names: (char, variant or usize::MAX, when, not-when, line).
    pending: Vec<Pending>,
    tag_classes: HashMap<String, Vec<u32>>,
    named_classes: HashMap<String, ClassExpr>,
    /// Each named rule compiled outside and inside a look-behind.
    named_rules: HashMap<String, (Vec<Node>, Vec<Node>)>,
    set_ids: HashMap<CpSetKey, u32>,
    type_ids: HashMap<String, u8>,
    /// Each char's variants' `when`/`not-when` names, for duplicate detection.
    var_names: Vec<Vec<(Option<String>, Option<String>)>>,
    /// Nesting of the rule or class being read (bounded: the matcher recurses on it).
    depth: std::cell::Cell<u32>,
}

/// Deepest nesting of rule and class elements accepted.
const MAX_DEPTH: u32 = 100;

/// (char or `u32::MAX` for an action, variant index or `usize::MAX`, when/match, not-when/not-match, line).
type Pending = (u32, usize, Option<String>, Option<String>, u32);

#[derive(Hash, PartialEq, Eq)]
struct CpSetKey(Vec<(u32, u32)>);

pub(crate) fn parse(xml: &str) -> Result<Model, LgrError> {
    let opts = ParsingOptions {
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(xml, opts).map_err(|e| {
        let pos = e.pos();
        LgrError {
            line: Some(pos.row),
            message: format!("malformed XML: {e}"),
        }
    })?;
    let line_starts = std::iter::once(0)
        .chain(xml.match_indices('\n').map(|(at, _)| at + 1))
        .collect();
    let mut p = Parser {
        line_starts,
        m: Model::default(),
        char_index: HashMap::new(),
        pending: Vec::new(),
        tag_classes: HashMap::new(),
        named_classes: HashMap::new(),
        named_rules: HashMap::new(),
        set_ids: HashMap::new(),
        type_ids: HashMap::new(),
        var_names: Vec::new(),
        depth: std::cell::Cell::new(0),
    };
    let root = doc.root_element();
    if !is(root, "lgr") {
        return Err(p.err(
            root,
            "the root element is not <lgr> in the namespace urn:ietf:params:xml:ns:lgr-1.0",
        ));
    }
    let mut seen_data = false;
    for sec in elements(root) {
        if is(sec, "meta") {
            p.meta(sec);
        } else if is(sec, "data") {
            seen_data = true;
            p.data(sec)?;
        } else if is(sec, "rules") {
            p.rules(sec)?;
        }
    }
    if !seen_data {
        return Err(p.err(root, "no <data> element (RFC 7940 §4.1 requires one)"));
    }
    p.finish()?;
    Ok(p.m)
}

fn is(n: XNode, name: &str) -> bool {
    n.is_element() && n.tag_name().name() == name && n.tag_name().namespace() == Some(LGR_NS)
}

fn elements<'a, 'i>(n: XNode<'a, 'i>) -> impl Iterator<Item = XNode<'a, 'i>> {
    n.children().filter(|c| c.is_element())
}

fn text_of(n: XNode) -> String {
    n.children().filter(|c| c.is_text()).filter_map(|c| c.text()).collect()
}

/// lgr-core's list attributes: split on single spaces, nothing when empty.
fn split_list(s: Option<&str>) -> Vec<String> {
    match s {
        Some(s) if !s.is_empty() => s.split(' ').map(str::to_owned).collect(),
        _ => Vec::new(),
    }
}

impl Parser {
    fn line(&self, n: XNode) -> u32 {
        let line = self.line_starts.partition_point(|&start| start <= n.range().start);
        u32::try_from(line).unwrap_or(u32::MAX)
    }

    fn err(&self, n: XNode, msg: impl Into<String>) -> LgrError {
        LgrError {
            line: Some(self.line(n)),
            message: msg.into(),
        }
    }

    fn hex_list(&self, n: XNode, attr: &str) -> Result<Vec<u32>, LgrError> {
        let v = n
            .attribute(attr)
            .ok_or_else(|| self.err(n, format!("<{}> without its {attr} attribute", n.tag_name().name())))?;
        let cps: Result<Vec<u32>, _> = v.split_whitespace().map(|h| self.hex(n, h)).collect();
        let cps = cps?;
        if cps.is_empty() {
            return Err(self.err(n, format!("empty {attr} attribute")));
        }
        Ok(cps)
    }

    fn hex(&self, n: XNode, h: &str) -> Result<u32, LgrError> {
        u32::from_str_radix(h, 16)
            .ok()
            .filter(|&c| c <= classes::MAX_CP && !h.starts_with('+'))
            .ok_or_else(|| self.err(n, format!("{h:?} is not a code point in hexadecimal")))
    }

    fn type_id(&mut self, n: XNode, name: Option<&str>) -> Result<u8, LgrError> {
        let Some(name) = name else { return Ok(NO_TYPE) };
        if let Some(&t) = self.type_ids.get(name) {
            return Ok(t);
        }
        let t = self.m.types.len();
        if t >= usize::from(NO_TYPE) {
            return Err(self.err(n, "more than 127 variant types"));
        }
        self.m.types.push(name.to_owned());
        self.type_ids.insert(name.to_owned(), t as u8);
        Ok(t as u8)
    }

    fn meta(&mut self, sec: XNode) {
        for c in elements(sec) {
            let text = || c.text().map(|t| t.trim().to_owned());
            match (c.tag_name().namespace() == Some(LGR_NS), c.tag_name().name()) {
                (true, "version") => self.m.meta.version = text(),
                (true, "date") => self.m.meta.date = text(),
                (true, "language") => self.m.meta.languages.extend(text()),
                (true, "scope") => self.m.meta.scopes.extend(text()),
                (true, "unicode-version") => self.m.meta.unicode_version = text(),
                (true, "validity-start") => self.m.meta.validity_start = text(),
                (true, "validity-end") => self.m.meta.validity_end = text(),
                _ => {}
            }
        }
    }

    fn add_char(
        &mut self,
        cps: Vec<u32>,
        ctx_names: (Option<String>, Option<String>),
        line: u32,
        from_range: bool,
    ) -> Option<u32> {
        let key: Box<[u32]> = cps.into();
        if self.char_index.contains_key(&key) {
            return None;
        }
        let id = self.m.chars.len() as u32;
        if ctx_names.0.is_some() || ctx_names.1.is_some() {
            self.pending.push((id, usize::MAX, ctx_names.0, ctx_names.1, line));
        }
        self.m.by_first.entry(key[0]).or_default().push(id);
        self.char_index.insert(key.clone(), (id, from_range));
        self.m.chars.push(CharDef {
            cps: key,
            ctx: Context::default(),
            variants: Vec::new(),
            line,
        });
        self.var_names.push(Vec::new());
        Some(id)
    }

    fn data(&mut self, sec: XNode) -> Result<(), LgrError> {
        for c in elements(sec) {
            let line = self.line(c);
            let when = c.attribute("when").map(str::to_owned);
            let not_when = c.attribute("not-when").map(str::to_owned);
            let tags = split_list(c.attribute("tag"));
            if is(c, "char") {
                let cps = self.hex_list(c, "cp")?;
                let added = self.add_char(cps.clone(), (when, not_when), line, false);
                if added.is_some() {
                    for t in &tags {
                        self.tag_classes.entry(t.clone()).or_default().extend(&cps);
                    }
                }
                let (id, from_range) = self.char_index[cps.as_slice()];
                for v in c.descendants().filter(|d| is(*d, "var")) {
                    let vcps: Box<[u32]> = self.hex_list(v, "cp")?.into();
                    let vwhen = v.attribute("when").map(str::to_owned);
                    let vnot = v.attribute("not-when").map(str::to_owned);
                    let ty = self.type_id(v, v.attribute("type"))?;
                    if from_range {
                        continue; // lgr-core: a code point of a range takes no variant
                    }
                    let names = &self.var_names[id as usize];
                    let ch = &self.m.chars[id as usize];
                    let dup = ch
                        .variants
                        .iter()
                        .zip(names)
                        .any(|(old, n)| old.cps == vcps && n.0 == vwhen && n.1 == vnot);
                    if dup {
                        continue; // lgr-core: the same variant twice is dropped
                    }
                    let k = self.m.chars[id as usize].variants.len();
                    if vwhen.is_some() || vnot.is_some() {
                        self.pending.push((id, k, vwhen.clone(), vnot.clone(), self.line(v)));
                    }
                    self.var_names[id as usize].push((vwhen, vnot));
                    self.m.chars[id as usize].variants.push(VariantDef {
                        cps: vcps,
                        ty,
                        ctx: Context::default(),
                    });
                }
            } else if is(c, "range") {
                let first = self.hex(
                    c,
                    c.attribute("first-cp")
                        .ok_or_else(|| self.err(c, "<range> without first-cp"))?,
                )?;
                let last = self.hex(
                    c,
                    c.attribute("last-cp").ok_or_else(|| self.err(c, "<range> without last-cp"))?,
                )?;
                if first > last {
                    return Err(self.err(c, "<range> with first-cp after last-cp"));
                }
                for cp in first..=last {
                    if self
                        .add_char(vec![cp], (when.clone(), not_when.clone()), line, true)
                        .is_some()
                    {
                        for t in &tags {
                            self.tag_classes.entry(t.clone()).or_default().push(cp);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn rules(&mut self, sec: XNode) -> Result<(), LgrError> {
        for c in elements(sec) {
            if c.tag_name().namespace() != Some(LGR_NS) {
                continue;
            }
            match c.tag_name().name() {
                "class" | "union" | "complement" | "intersection" | "difference" | "symmetric-difference" => {
                    let expr = self.class_expr(c)?;
                    // An unnamed top-level class can never be referenced.
                    if let Some(name) = c.attribute("name") {
                        self.named_classes.insert(name.to_owned(), expr);
                    }
                }
                "rule" => {
                    if c.attribute("by-ref").is_some() {
                        return Err(self.err(c, "a top-level <rule> cannot be by-ref (RFC 7940 §6.3.4)"));
                    }
                    let outside = self.rule_body(c, false)?;
                    let inside = self.rule_body(c, true)?;
                    let name = c.attribute("name").map(str::to_owned);
                    let id = self.m.rules.len() as u32;
                    if let Some(n) = &name {
                        self.m.rule_names.insert(n.clone(), id);
                        self.named_rules.insert(n.clone(), (outside.clone(), inside));
                    }
                    self.m.rules.push(RuleDef { name, nodes: outside });
                }
                "action" => self.action(c)?,
                _ => {}
            }
        }
        Ok(())
    }

    fn class_expr(&self, n: XNode) -> Result<ClassExpr, LgrError> {
        self.nested(n, || self.class_expr_inner(n))
    }

    /// Runs `f` one level deeper; an error past [`MAX_DEPTH`].
    fn nested<T>(&self, n: XNode, f: impl FnOnce() -> Result<T, LgrError>) -> Result<T, LgrError> {
        let d = self.depth.get();
        if d >= MAX_DEPTH {
            return Err(self.err(n, format!("rules or classes nested deeper than {MAX_DEPTH} levels")));
        }
        self.depth.set(d + 1);
        let r = f();
        self.depth.set(d);
        r
    }

    fn class_expr_inner(&self, n: XNode) -> Result<ClassExpr, LgrError> {
        let name = n.tag_name().name();
        let kids: Vec<XNode> = elements(n).collect();
        let two = |k: &[XNode]| -> Result<(Box<ClassExpr>, Box<ClassExpr>), LgrError> {
            if k.len() != 2 {
                return Err(self.err(n, format!("<{name}> needs exactly two classes (RFC 7940 §6.2.6)")));
            }
            Ok((Box::new(self.class_expr(k[0])?), Box::new(self.class_expr(k[1])?)))
        };
        Ok(match name {
            "class" => {
                if let Some(r) = n.attribute("by-ref") {
                    if n.attribute("name").is_some() || n.attribute("from-tag").is_some() || n.attribute("property").is_some() {
                        return Err(self.err(
                            n,
                            "a by-ref <class> cannot also have name, from-tag or property (RFC 7940 §6.2.1)",
                        ));
                    }
                    ClassExpr::Ref(r.to_owned())
                } else if let Some(t) = n.attribute("from-tag") {
                    ClassExpr::Tag(t.to_owned())
                } else if let Some(p) = n.attribute("property") {
                    let Some((k, v)) = p.split_once(':') else {
                        return Err(self.err(n, format!("property {p:?} is not name:value")));
                    };
                    if classes::property_set(k, v).is_none() {
                        return Err(self.err(n, format!("unsupported Unicode property {p:?} (supported: gc, jt)")));
                    }
                    ClassExpr::Prop(k.to_owned(), v.to_owned())
                } else {
                    let mut cps = Vec::new();
                    if kids.is_empty() {
                        self.cp_text(n, &text_of(n), &mut cps)?;
                    }
                    for k in &kids {
                        if is(*k, "char") {
                            cps.extend(self.hex_list(*k, "cp")?);
                        } else if is(*k, "range") {
                            let a = self.hex(*k, k.attribute("first-cp").unwrap_or(""))?;
                            let b = self.hex(*k, k.attribute("last-cp").unwrap_or(""))?;
                            cps.extend(a..=b);
                        } else if is(*k, "class") {
                            self.cp_text(*k, &text_of(*k), &mut cps)?;
                        } else {
                            return Err(self.err(*k, format!("unexpected <{}> in a class", k.tag_name().name())));
                        }
                    }
                    ClassExpr::Cps(cps)
                }
            }
            "union" => ClassExpr::Union(kids.iter().map(|k| self.class_expr(*k)).collect::<Result<_, _>>()?),
            "complement" => {
                if kids.len() != 1 {
                    return Err(self.err(n, "<complement> needs exactly one class (RFC 7940 §6.2.6)"));
                }
                ClassExpr::Complement(Box::new(self.class_expr(kids[0])?))
            }
            "intersection" => {
                let (a, b) = two(&kids)?;
                ClassExpr::Intersection(a, b)
            }
            "difference" => {
                let (a, b) = two(&kids)?;
                ClassExpr::Difference(a, b)
            }
            "symmetric-difference" => {
                let (a, b) = two(&kids)?;
                ClassExpr::SymmetricDifference(a, b)
            }
            other => return Err(self.err(n, format!("<{other}> is not a class"))),
        })
    }

    fn cp_text(&self, n: XNode, text: &str, out: &mut Vec<u32>) -> Result<(), LgrError> {
        for tok in text.split_whitespace() {
            if let Some((a, b)) = tok.split_once('-') {
                let (a, b) = (self.hex(n, a)?, self.hex(n, b)?);
                out.extend(a..=b);
            } else {
                out.push(self.hex(n, tok)?);
            }
        }
        Ok(())
    }

    fn eval_class(&self, n: XNode, e: &ClassExpr, depth: u32) -> Result<Arc<CpSet>, LgrError> {
        if depth > 64 {
            return Err(self.err(n, "class references nest too deep (a cycle?)"));
        }
        let ev = |x: &ClassExpr| self.eval_class(n, x, depth + 1);
        Ok(match e {
            ClassExpr::Ref(name) => match self.named_classes.get(name) {
                Some(x) => ev(x)?,
                None => return Err(self.err(n, format!("class {name:?} is not defined before this use (RFC 7940 §6.2.1)"))),
            },
            ClassExpr::Tag(t) => Arc::new(CpSet::from_cps(self.tag_classes.get(t).into_iter().flatten().copied())),
            ClassExpr::Prop(k, v) => classes::property_set(k, v).unwrap_or_default(),
            ClassExpr::Cps(c) => Arc::new(CpSet::from_cps(c.iter().copied())),
            ClassExpr::Union(xs) => {
                let mut s = CpSet::default();
                for x in xs {
                    s = s.union(&*ev(x)?);
                }
                Arc::new(s)
            }
            ClassExpr::Complement(x) => Arc::new(ev(x)?.complement()),
            ClassExpr::Intersection(a, b) => Arc::new(ev(a)?.intersection(&*ev(b)?)),
            ClassExpr::Difference(a, b) => Arc::new(ev(a)?.difference(&*ev(b)?)),
            ClassExpr::SymmetricDifference(a, b) => Arc::new(ev(a)?.symmetric_difference(&*ev(b)?)),
        })
    }

    fn class_label(&self, n: XNode, e: &ClassExpr) -> String {
        if let Some(name) = n.attribute("name") {
            return name.to_owned();
        }
        match e {
            ClassExpr::Ref(r) => r.clone(),
            ClassExpr::Tag(t) => format!("tag={t}"),
            ClassExpr::Prop(k, v) => format!("{k}={v}"),
            ClassExpr::Cps(_) => String::new(),
            _ => n.tag_name().name().to_owned(),
        }
    }

    /// The class's node: one code point of its set, or the empty pattern when
    /// the set is empty (lgr-core writes nothing for an empty set).
    fn class_node(&mut self, n: XNode) -> Result<Node, LgrError> {
        let e = self.class_expr(n)?;
        let set = self.eval_class(n, &e, 0)?;
        if set.is_empty() {
            return Ok(Node::Empty);
        }
        let key = CpSetKey(set.ranges().to_vec());
        if let Some(&id) = self.set_ids.get(&key) {
            return Ok(Node::Class(id));
        }
        let id = self.m.classes.len() as u32;
        let mut label = self.class_label(n, &e);
        if label.is_empty() {
            label = set.describe(6);
        }
        self.m.class_names.push(label);
        self.m.classes.push((*set).clone());
        self.set_ids.insert(key, id);
        Ok(Node::Class(id))
    }

    fn count(&self, n: XNode, in_lb: bool) -> Result<Option<(u32, Option<u32>)>, LgrError> {
        let Some(c) = n.attribute("count").filter(|c| !c.is_empty()) else {
            return Ok(None);
        };
        let num = |s: &str| s.parse::<u32>().ok().filter(|_| !s.starts_with('+'));
        let bad = || self.err(n, format!("count {c:?} is not n, n+ or n:m (RFC 7940 §6.3.3)"));
        let r = if let Some((a, b)) = c.split_once(':') {
            let (a, b) = (num(a).ok_or_else(bad)?, num(b).ok_or_else(bad)?);
            if a > b {
                return Err(bad());
            }
            (a, Some(b))
        } else if let Some(a) = c.strip_suffix('+') {
            let a = num(a).ok_or_else(bad)?;
            // lgr-core bounds look-behinds by the longest label (63).
            (a, in_lb.then_some(LOOK_BEHIND_MAX.max(a)))
        } else {
            let a = num(c).ok_or_else(bad)?;
            (a, Some(a))
        };
        Ok(Some(r))
    }

    fn with_count(&self, n: XNode, in_lb: bool, body: Vec<Node>) -> Result<Vec<Node>, LgrError> {
        Ok(match self.count(n, in_lb)? {
            None => body,
            Some((min, max)) => vec![Node::Repeat { body, min, max }],
        })
    }

    fn rule_body(&mut self, n: XNode, in_lb: bool) -> Result<Vec<Node>, LgrError> {
        if let Some(r) = n.attribute("by-ref") {
            if n.attribute("name").is_some() || elements(n).next().is_some() {
                return Err(self.err(n, "a by-ref <rule> cannot have a name or content (RFC 7940 §6.3.4)"));
            }
            return match self.named_rules.get(r) {
                Some((outside, inside)) => Ok(if in_lb { inside.clone() } else { outside.clone() }),
                None => Err(self.err(n, format!("rule {r:?} is not defined before this use (RFC 7940 §6.3.4)"))),
            };
        }
        let mut out = Vec::new();
        for c in elements(n) {
            out.extend(self.matcher(c, in_lb)?);
        }
        Ok(out)
    }

    fn matcher(&mut self, c: XNode, in_lb: bool) -> Result<Vec<Node>, LgrError> {
        let d = self.depth.get();
        if d >= MAX_DEPTH {
            return Err(self.err(c, format!("rules or classes nested deeper than {MAX_DEPTH} levels")));
        }
        self.depth.set(d + 1);
        let r = self.matcher_inner(c, in_lb);
        self.depth.set(d);
        r
    }

    fn matcher_inner(&mut self, c: XNode, in_lb: bool) -> Result<Vec<Node>, LgrError> {
        if c.tag_name().namespace() != Some(LGR_NS) {
            return Ok(Vec::new());
        }
        Ok(match c.tag_name().name() {
            "start" => vec![Node::Start],
            "end" => vec![Node::End],
            "anchor" => vec![Node::Anchor],
            "any" => self.with_count(c, in_lb, vec![Node::Any])?,
            "char" => {
                let mut units = Vec::new();
                super::matcher::utf16(&self.hex_list(c, "cp")?, &mut units);
                self.with_count(c, in_lb, vec![Node::Lit(units.into())])?
            }
            "choice" => {
                let mut alts = Vec::new();
                for k in elements(c) {
                    alts.push(self.matcher(k, in_lb)?);
                }
                self.with_count(c, in_lb, vec![Node::Choice(alts)])?
            }
            "look-ahead" => {
                let mut body = Vec::new();
                for k in elements(c) {
                    body.extend(self.matcher(k, false)?);
                }
                vec![Node::Ahead(body)]
            }
            "look-behind" => {
                let mut body = Vec::new();
                for k in elements(c) {
                    body.extend(self.matcher(k, true)?);
                }
                vec![Node::Behind(body)]
            }
            "rule" => {
                let body = self.rule_body(c, in_lb)?;
                self.with_count(c, in_lb, body)?
            }
            "class" | "union" | "complement" | "intersection" | "difference" | "symmetric-difference" => {
                let node = self.class_node(c)?;
                self.with_count(c, in_lb, vec![node])?
            }
            // lgr-core skips elements it does not know in a rule.
            _ => Vec::new(),
        })
    }

    fn action(&mut self, c: XNode) -> Result<(), LgrError> {
        let m = c.attribute("match");
        let nm = c.attribute("not-match");
        if m.is_some() && nm.is_some() {
            return Err(self.err(c, "an <action> cannot have both match and not-match (RFC 7940 §7.1)"));
        }
        let mut set = |attr: &str| -> Result<Option<TypeSet>, LgrError> {
            let list = split_list(c.attribute(attr));
            if list.is_empty() {
                return Ok(None);
            }
            let mut s = TypeSet::default();
            for t in list {
                s = s.with(self.type_id(c, Some(&t))?);
            }
            Ok(Some(s))
        };
        let cond = if let Some(s) = set("any-variant")? {
            VariantCond::Any(s)
        } else if let Some(s) = set("all-variants")? {
            VariantCond::All(s)
        } else if let Some(s) = set("only-variants")? {
            VariantCond::Only(s)
        } else {
            VariantCond::None
        };
        let source = c
            .attributes()
            .filter(|a| !matches!(a.name(), "comment" | "ref"))
            .map(|a| format!("{}=\"{}\"", a.name(), a.value()))
            .collect::<Vec<_>>()
            .join(" ");
        let line = self.line(c);
        // Rule names are looked up once the whole file is read (as lgr-core does at evaluation).
        self.pending.push((
            u32::MAX,
            self.m.actions.len(),
            m.map(str::to_owned),
            nm.map(str::to_owned),
            line,
        ));
        self.m.actions.push(ActionDef {
            disp: c.attribute("disp").map(str::to_owned),
            match_rule: None,
            not_match_rule: None,
            cond,
            comment: c.attribute("comment").map(str::to_owned),
            source,
        });
        Ok(())
    }

    fn finish(&mut self) -> Result<(), LgrError> {
        let pending = std::mem::take(&mut self.pending);
        for (id, k, when, not_when, line) in pending {
            let find = |name: &Option<String>| -> Result<Option<u32>, LgrError> {
                match name {
                    None => Ok(None),
                    Some(n) => self.m.rule_names.get(n).copied().map(Some).ok_or_else(|| LgrError {
                        line: Some(line),
                        message: format!("rule {n:?} is not defined (RFC 7940 §6.3.4)"),
                    }),
                }
            };
            let ctx = Context {
                when: find(&when)?,
                not_when: find(&not_when)?,
            };
            if id == u32::MAX {
                let a = &mut self.m.actions[k];
                a.match_rule = ctx.when;
                a.not_match_rule = ctx.not_when;
            } else if k == usize::MAX {
                self.m.chars[id as usize].ctx = ctx;
            } else {
                self.m.chars[id as usize].variants[k].ctx = ctx;
            }
        }
        for c in &mut self.m.chars {
            c.variants.sort_by(|a, b| a.cps.cmp(&b.cps));
        }
        let chars = &self.m.chars;
        for list in self.m.by_first.values_mut() {
            list.sort_by_key(|&i| std::cmp::Reverse(chars[i as usize].cps.len()));
        }
        Ok(())
    }
}
