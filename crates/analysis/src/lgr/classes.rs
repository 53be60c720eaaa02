//! Code point sets for RFC 7940 §6.2 classes: inline lists, `from-tag`,
//! Unicode properties (`gc:`, `jt:`), and the set operators of §6.2.6.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The highest code point; complements are taken over `0..=MAX_CP`, as ICU does.
pub(crate) const MAX_CP: u32 = 0x10FFFF;

/// A set of code points as sorted, disjoint, non-adjacent inclusive ranges.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CpSet {
    ranges: Vec<(u32, u32)>,
}

impl CpSet {
    /// The set of `cps` (any order, duplicates allowed).
    pub(crate) fn from_cps(cps: impl IntoIterator<Item = u32>) -> CpSet {
        let mut v: Vec<u32> = cps.into_iter().collect();
        v.sort_unstable();
        v.dedup();
        let mut ranges: Vec<(u32, u32)> = Vec::new();
        for cp in v {
            match ranges.last_mut() {
                Some(last) if last.1 + 1 == cp => last.1 = cp,
                _ => ranges.push((cp, cp)),
            }
        }
        CpSet { ranges }
    }

    fn from_ranges(ranges: Vec<(u32, u32)>) -> CpSet {
        CpSet {
            ranges: crate::properties::ucd::merge_ranges(ranges),
        }
    }

    /// True when `cp` is in the set.
    #[inline]
    pub fn contains(&self, cp: u32) -> bool {
        let r = &self.ranges;
        let i = r.partition_point(|&(_, hi)| hi < cp);
        i < r.len() && r[i].0 <= cp
    }

    /// True when the set has no code point.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Number of code points in the set.
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|&(a, b)| u64::from(b - a) + 1).sum()
    }

    /// The ranges, ascending.
    pub fn ranges(&self) -> &[(u32, u32)] {
        &self.ranges
    }

    pub(crate) fn union(&self, other: &CpSet) -> CpSet {
        let mut v = self.ranges.clone();
        v.extend_from_slice(&other.ranges);
        CpSet::from_ranges(v)
    }

    pub(crate) fn complement(&self) -> CpSet {
        let mut out = Vec::with_capacity(self.ranges.len() + 1);
        let mut next = 0u32;
        for &(a, b) in &self.ranges {
            if a > next {
                out.push((next, a - 1));
            }
            next = b + 1;
        }
        if next <= MAX_CP {
            out.push((next, MAX_CP));
        }
        CpSet { ranges: out }
    }

    pub(crate) fn intersection(&self, other: &CpSet) -> CpSet {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a1, b1) = self.ranges[i];
            let (a2, b2) = other.ranges[j];
            let (lo, hi) = (a1.max(a2), b1.min(b2));
            if lo <= hi {
                out.push((lo, hi));
            }
            if b1 < b2 { i += 1 } else { j += 1 }
        }
        CpSet { ranges: out }
    }

    pub(crate) fn difference(&self, other: &CpSet) -> CpSet {
        self.intersection(&other.complement())
    }

    pub(crate) fn symmetric_difference(&self, other: &CpSet) -> CpSet {
        self.union(other).difference(&self.intersection(other))
    }

    /// The set as text: `U+0061..U+007A U+00E0 …`, cut after `max` ranges.
    pub fn describe(&self, max: usize) -> String {
        let mut s = String::new();
        for (k, &(a, b)) in self.ranges.iter().enumerate() {
            if k == max {
                s.push_str(&format!(" … ({} code points)", self.len()));
                break;
            }
            if k > 0 {
                s.push(' ');
            }
            if a == b {
                s.push_str(&format!("U+{a:04X}"));
            } else {
                s.push_str(&format!("U+{a:04X}..U+{b:04X}"));
            }
        }
        s
    }
}

/// The one place the LGR engine reads Unicode properties (ICU's `\p{name=value}`
/// as lgr-core builds it): General_Category and Joining_Type. `None` when the
/// property or value is not one of these.
pub(crate) fn property_set(name: &str, value: &str) -> Option<Arc<CpSet>> {
    type Cache = Mutex<HashMap<(String, String), Arc<CpSet>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let key = (loose(name), loose(value));
    let cache = CACHE.get_or_init(Default::default);
    if let Some(set) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Some(set.clone());
    }
    let test: Box<dyn Fn(char) -> bool> = match key.0.as_str() {
        "gc" | "generalcategory" => {
            let wanted = general_category_values(&key.1)?;
            Box::new(move |c| wanted.contains(&props::general_category_abbr(c)))
        }
        "jt" | "joiningtype" => {
            let wanted = joining_type_value(&key.1)?;
            Box::new(move |c| props::joining_type_abbr(c) == wanted)
        }
        _ => return None,
    };
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for cp in 0..=MAX_CP {
        let hit = match char::from_u32(cp) {
            Some(c) => test(c),
            // Surrogates: General_Category Cs, Joining_Type U.
            None => match key.0.as_str() {
                "gc" | "generalcategory" => general_category_values(&key.1).is_some_and(|v| v.contains(&"Cs")),
                _ => joining_type_value(&key.1) == Some("U"),
            },
        };
        if hit {
            match ranges.last_mut() {
                Some(last) if last.1 + 1 == cp => last.1 = cp,
                _ => ranges.push((cp, cp)),
            }
        }
    }
    let set = Arc::new(CpSet { ranges });
    cache.lock().unwrap_or_else(|e| e.into_inner()).insert(key, set.clone());
    Some(set)
}

/// UAX #44 loose matching: case, spaces, hyphens and underscores ignored.
fn loose(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The two-letter General_Category values a (loosely matched) value name stands for.
fn general_category_values(value: &str) -> Option<Vec<&'static str>> {
    const ALL: [(&str, &str); 30] = [
        ("Lu", "uppercaseletter"),
        ("Ll", "lowercaseletter"),
        ("Lt", "titlecaseletter"),
        ("Lm", "modifierletter"),
        ("Lo", "otherletter"),
        ("Mn", "nonspacingmark"),
        ("Mc", "spacingmark"),
        ("Me", "enclosingmark"),
        ("Nd", "decimalnumber"),
        ("Nl", "letternumber"),
        ("No", "othernumber"),
        ("Pc", "connectorpunctuation"),
        ("Pd", "dashpunctuation"),
        ("Ps", "openpunctuation"),
        ("Pe", "closepunctuation"),
        ("Pi", "initialpunctuation"),
        ("Pf", "finalpunctuation"),
        ("Po", "otherpunctuation"),
        ("Sm", "mathsymbol"),
        ("Sc", "currencysymbol"),
        ("Sk", "modifiersymbol"),
        ("So", "othersymbol"),
        ("Zs", "spaceseparator"),
        ("Zl", "lineseparator"),
        ("Zp", "paragraphseparator"),
        ("Cc", "control"),
        ("Cf", "format"),
        ("Cs", "surrogate"),
        ("Co", "privateuse"),
        ("Cn", "unassigned"),
    ];
    const GROUPS: [(&str, &str, &str); 7] = [
        ("L", "letter", "L"),
        ("M", "mark", "M"),
        ("N", "number", "N"),
        ("P", "punctuation", "P"),
        ("S", "symbol", "S"),
        ("Z", "separator", "Z"),
        ("C", "other", "C"),
    ];
    for (abbr, long) in ALL {
        if value == abbr.to_lowercase() || value == long {
            return Some(vec![abbr]);
        }
    }
    if value == "lc" || value == "casedletter" {
        return Some(vec!["Lu", "Ll", "Lt"]);
    }
    for (abbr, long, first) in GROUPS {
        if value == abbr.to_lowercase() || value == long {
            return Some(ALL.iter().filter(|(a, _)| a.starts_with(first)).map(|(a, _)| *a).collect());
        }
    }
    None
}

fn joining_type_value(value: &str) -> Option<&'static str> {
    Some(match value {
        "d" | "dualjoining" => "D",
        "r" | "rightjoining" => "R",
        "l" | "leftjoining" => "L",
        "c" | "joincausing" => "C",
        "t" | "transparent" => "T",
        "u" | "nonjoining" => "U",
        _ => return None,
    })
}

/// The accessor for the crate's property data (one import site).
mod props {
    use unicode_properties::GeneralCategory as G;

    pub(super) fn joining_type_abbr(c: char) -> &'static str {
        static PROPS: std::sync::OnceLock<crate::properties::Properties> = std::sync::OnceLock::new();
        PROPS.get_or_init(crate::properties::Properties::bundled).joining_type_name(c)
    }

    pub(super) fn general_category_abbr(c: char) -> &'static str {
        match crate::chars::general::general_category_uncached(c) {
            G::UppercaseLetter => "Lu",
            G::LowercaseLetter => "Ll",
            G::TitlecaseLetter => "Lt",
            G::ModifierLetter => "Lm",
            G::OtherLetter => "Lo",
            G::NonspacingMark => "Mn",
            G::SpacingMark => "Mc",
            G::EnclosingMark => "Me",
            G::DecimalNumber => "Nd",
            G::LetterNumber => "Nl",
            G::OtherNumber => "No",
            G::ConnectorPunctuation => "Pc",
            G::DashPunctuation => "Pd",
            G::OpenPunctuation => "Ps",
            G::ClosePunctuation => "Pe",
            G::InitialPunctuation => "Pi",
            G::FinalPunctuation => "Pf",
            G::OtherPunctuation => "Po",
            G::MathSymbol => "Sm",
            G::CurrencySymbol => "Sc",
            G::ModifierSymbol => "Sk",
            G::OtherSymbol => "So",
            G::SpaceSeparator => "Zs",
            G::LineSeparator => "Zl",
            G::ParagraphSeparator => "Zp",
            G::Control => "Cc",
            G::Format => "Cf",
            G::Surrogate => "Cs",
            G::PrivateUse => "Co",
            G::Unassigned => "Cn",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operators() {
        let a = CpSet::from_cps([1, 2, 3, 10]);
        let b = CpSet::from_cps([3, 4, 10, 11]);
        assert_eq!(a.union(&b), CpSet::from_cps([1, 2, 3, 4, 10, 11]));
        assert_eq!(a.intersection(&b), CpSet::from_cps([3, 10]));
        assert_eq!(a.difference(&b), CpSet::from_cps([1, 2]));
        assert_eq!(a.symmetric_difference(&b), CpSet::from_cps([1, 2, 4, 11]));
        let c = a.complement();
        assert!(!c.contains(1) && c.contains(0) && c.contains(MAX_CP) && c.contains(5));
        assert_eq!(c.complement(), a);
    }

    #[test]
    fn properties() {
        let mn = property_set("gc", "Mn").unwrap();
        assert!(mn.contains(0x0301) && !mn.contains(0x0903) && !mn.contains(0x61));
        let mc = property_set("General_Category", "Spacing_Mark").unwrap();
        assert!(mc.contains(0x0903));
        let d = property_set("jt", "D").unwrap();
        assert!(d.contains(0x0628) && !d.contains(0x0627));
        assert!(property_set("jt", "R").unwrap().contains(0x0627));
        assert!(property_set("sc", "Latn").is_none());
    }
}
