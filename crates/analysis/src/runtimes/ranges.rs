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

/// Code points per block of [`Indexed`]'s index.
const BLOCK: u32 = 256;

/// Rows of sorted, disjoint code-point ranges, with an index that narrows
/// the search for a code point to the rows its block of 256 may hold, and
/// the row of each ASCII code point: the same row as a binary search over
/// all rows, found in a few steps
/// (`indexed_finds_what_a_search_of_every_row_finds`).
pub(super) struct Indexed<T> {
    rows: Vec<T>,
    /// Per block, the first row whose first code point lies past the
    /// block's start, and the first row past the block.
    blocks: Vec<(u32, u32)>,
    /// Per ASCII code point, one more than the index of its row (0: none).
    /// Every name has ASCII, and a table's first block is its densest: a
    /// row per capital letter in the mapping tables.
    ascii: [u32; 128],
}

impl<T> Indexed<T> {
    /// `rows`, sorted by first code point and disjoint; `range` gives a
    /// row's first and last code point.
    pub(super) fn new(rows: Vec<T>, range: impl Fn(&T) -> (u32, u32)) -> Indexed<T> {
        let point = |cp: u32| rows.partition_point(|row| range(row).0 <= cp) as u32;
        let blocks = (0..=0x10_FFFF / BLOCK)
            .map(|b| (point(b * BLOCK), point(b * BLOCK + BLOCK - 1)))
            .collect();
        let ascii = std::array::from_fn(|cp| {
            let at = point(cp as u32) as usize;
            match at.checked_sub(1).map(|at| (at, range(&rows[at]).1)) {
                Some((at, last)) if last >= cp as u32 => at as u32 + 1,
                _ => 0,
            }
        });
        Indexed { rows, blocks, ascii }
    }

    /// The row holding `cp`, if one does.
    pub(super) fn find(&self, cp: u32, range: impl Fn(&T) -> (u32, u32)) -> Option<&T> {
        if let Some(&at) = self.ascii.get(cp as usize) {
            return at.checked_sub(1).map(|at| &self.rows[at as usize]);
        }
        let at = match self.blocks.get((cp / BLOCK) as usize) {
            // Rows before `lo` start at or before the block, so before `cp`;
            // rows from `hi` on start past the block, so past `cp`.
            Some(&(lo, hi)) => {
                let (lo, hi) = (lo as usize, hi as usize);
                lo + self.rows[lo..hi].partition_point(|row| range(row).0 <= cp)
            }
            None => self.rows.partition_point(|row| range(row).0 <= cp),
        };
        let row = self.rows.get(at.checked_sub(1)?)?;
        (range(row).1 >= cp).then_some(row)
    }
}

/// Sorted, disjoint ranges of code points, each with a value.
pub(super) struct Ranges<T> {
    ranges: Indexed<(u32, u32, T)>,
}

impl<T: Copy> Ranges<T> {
    /// The ranges of `ranges`, in any order (they must not overlap).
    pub(super) fn new(mut ranges: Vec<(u32, u32, T)>) -> Ranges<T> {
        ranges.sort_unstable_by_key(|&(first, _, _)| first);
        Ranges {
            ranges: Indexed::new(ranges, |&(first, last, _)| (first, last)),
        }
    }

    /// The value of the range holding `cp`, if one does (a Perl string's
    /// code point may lie past U+10FFFF, hence `u64`).
    pub(super) fn get(&self, cp: u64) -> Option<T> {
        let cp = u32::try_from(cp).ok()?;
        self.ranges
            .find(cp, |&(first, last, _)| (first, last))
            .map(|&(_, _, value)| value)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn indexed_finds_what_a_search_of_every_row_finds() {
        // Ranges of one ASCII code point and a gap between two, one from
        // ASCII on, inside one block, across blocks, touching, and far apart.
        let rows: Vec<(u32, u32)> = vec![
            (0, 0),
            (5, 0x40),
            (0x41, 0x41),
            (0x43, 0x44),
            (0x7F, 300),
            (301, 301),
            (0x4FF, 0x500),
            (0xFFFF, 0x10000),
            (0x10_FF00, 0x10_FFFF),
        ];
        let index = Indexed::new(rows.clone(), |&r| r);
        for cp in (0..=0x11_0000).chain([u32::MAX]) {
            let at = rows.partition_point(|&(first, _)| first <= cp);
            let expected = at.checked_sub(1).map(|at| rows[at]).filter(|&(_, last)| last >= cp);
            assert_eq!(index.find(cp, |&r| r).copied(), expected, "U+{cp:04X}");
        }
    }
}
