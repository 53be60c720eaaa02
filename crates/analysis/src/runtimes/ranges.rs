//! Code-point ranges of a runtime's data file (`tables/runtimes/*.txt`):
//! lines `KIND;FIRST..LAST;VALUE` (hexadecimal, inclusive), `#` lines
//! skipped, as the generators under `scripts/` and `tools/runtime-oracle/`
//! write them; and the Bidi_Class values those files name.

/// Each line of `text` as `(kind, first, last, value)`; `name` (the file)
/// is in the panic message of a malformed line.
pub(super) fn lines<'t>(text: &'t str, name: &'static str) -> impl Iterator<Item = (&'t str, u32, u32, &'t str)> {
    text.lines().filter(|line| !line.starts_with('#')).map(move |line| {
        let mut fields = line.splitn(3, ';');
        let (Some(kind), Some(range), Some(value)) = (fields.next(), fields.next(), fields.next()) else {
            panic!("{name}: {line:?}")
        };
        let (first, last) = range.split_once("..").unwrap_or_else(|| panic!("{name}: {line:?}"));
        let hex = |h: &str| u32::from_str_radix(h, 16).unwrap_or_else(|_| panic!("{name}: {line:?}"));
        (kind, hex(first), hex(last), value)
    })
}

/// Sorted, disjoint ranges of code points, each with a value.
pub(super) struct Ranges<T> {
    ranges: Vec<(u32, u32, T)>,
}

impl<T: Copy> Ranges<T> {
    /// The ranges of `ranges`, in any order (they must not overlap).
    pub(super) fn new(mut ranges: Vec<(u32, u32, T)>) -> Ranges<T> {
        ranges.sort_unstable_by_key(|&(first, _, _)| first);
        Ranges { ranges }
    }

    /// The value of the range holding `cp`, if one does (a Perl string's
    /// code point may lie past U+10FFFF, hence `u64`).
    pub(super) fn get(&self, cp: u64) -> Option<T> {
        let cp = u32::try_from(cp).ok()?;
        let at = self.ranges.partition_point(|&(first, _, _)| first <= cp);
        let &(_, last, value) = self.ranges.get(at.checked_sub(1)?)?;
        (last >= cp).then_some(value)
    }

    /// True when a range holds `cp`.
    pub(super) fn contains(&self, cp: u64) -> bool {
        self.get(cp).is_some()
    }
}

/// The Bidi_Class values the runtimes' Bidi rules name, by their Unicode
/// short names (hence the upper case); any other is `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(clippy::upper_case_acronyms)]
pub(super) enum Bc {
    L,
    R,
    AL,
    EN,
    ES,
    ET,
    AN,
    CS,
    NSM,
    BN,
    ON,
    Other,
}

impl Bc {
    /// The class of a short name (`L`, `AL`, …).
    pub(super) fn parse(name: &str) -> Bc {
        match name {
            "L" => Bc::L,
            "R" => Bc::R,
            "AL" => Bc::AL,
            "EN" => Bc::EN,
            "ES" => Bc::ES,
            "ET" => Bc::ET,
            "AN" => Bc::AN,
            "CS" => Bc::CS,
            "NSM" => Bc::NSM,
            "BN" => Bc::BN,
            "ON" => Bc::ON,
            _ => Bc::Other,
        }
    }
}
