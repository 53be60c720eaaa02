//! One record per code point of the UTS #39 and UCD properties of the
//! modules beside this one (Script, Script_Extensions, General_Category,
//! Identifier_Status/Type), read from their libraries: planes 0 to 3's records
//! in one table generated ahead of time, each a few flags and the number
//! of its kind (script, category, Script_Extensions), so that a
//! character's properties cost two reads (`docs/design.md`).

use crate::properties::generated::{Generated, generated};
use crate::properties::ucd::{in_ranges, merge_ranges, parse_ranges};
use std::sync::OnceLock;
use unicode_properties::{GeneralCategory, GeneralCategoryGroup, UnicodeGeneralCategory};
use unicode_script::{Script, ScriptExtension, UnicodeScript};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;
use unicode_security::mixed_script::AugmentedScriptSet;

/// UTS #39 `IdentifierStatus.txt` of Unicode 17.0: every listed code point
/// is Allowed (the source of [`ICU_ALLOWED`]; `identifier.rs` reads the flag).
pub(super) const IDENTIFIER_STATUS: &str = include_str!("../../../../tables/browsers/IdentifierStatus.txt");

/// Whether `c` is listed in [`IDENTIFIER_STATUS`], searched in the file.
pub(super) fn icu_identifier_allowed_search(c: char) -> bool {
    static RANGES: OnceLock<Vec<(u32, u32)>> = OnceLock::new();
    in_ranges(RANGES.get_or_init(|| merge_ranges(parse_ranges(IDENTIFIER_STATUS))), c)
}

/// [`icu_identifier_allowed_search`] of planes 0 to 3: the file is not
/// parsed in a run that stays in them.
static ICU_IDENTIFIER_ALLOWED: Generated<bool> = generated!("icu_identifier_allowed");

/// One code point's values, each read from its library.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub(super) script: Script,
    pub(super) category: GeneralCategory,
    pub(super) flags: u16,
    pub(super) extension: ScriptExtension,
}

pub(super) const DEFAULT_IGNORABLE: u16 = 1;
pub(super) const UTS39_ALLOWED: u16 = 2;
pub(super) const ICU_ALLOWED: u16 = 4;
pub(super) const PRINTABLE: u16 = 8;
// The augmented parts of the Script_Extensions' augmented script set (UTS #39 §5.1).
pub(super) const HANB: u16 = 16;
pub(super) const JPAN: u16 = 32;
pub(super) const KORE: u16 = 64;
/// Script_Extensions holds Latin: both restriction levels ask it of every character.
pub(super) const LATIN: u16 = 128;

impl Entry {
    /// Whether flag `bit` is set.
    #[inline]
    pub(super) fn has(&self, bit: u16) -> bool {
        self.flags & bit != 0
    }

    fn of(c: char) -> Entry {
        let bit_if = |on: bool, bit: u16| if on { bit } else { 0 };
        let augmented = AugmentedScriptSet::from(c.script_extension());
        Entry {
            script: c.script(),
            category: c.general_category(),
            flags: bit_if(
                c.identifier_type() == Some(IdentifierType::Default_Ignorable),
                DEFAULT_IGNORABLE,
            ) | bit_if(c.identifier_allowed(), UTS39_ALLOWED)
                | bit_if(ICU_IDENTIFIER_ALLOWED.get(c, icu_identifier_allowed_search), ICU_ALLOWED)
                | bit_if(c.general_category_group() != GeneralCategoryGroup::Other, PRINTABLE)
                | bit_if(augmented.hanb, HANB)
                | bit_if(augmented.jpan, JPAN)
                | bit_if(augmented.kore, KORE)
                | bit_if(c.script_extension().contains_script(Script::Latin), LATIN),
            extension: c.script_extension(),
        }
    }
}

/// `read` of the values of `c`: for planes 0 to 3, its flags and the
/// number of its kind from the generated table (four bytes a code point,
/// sixteen to a cache line), the kind's values from the few hundred kinds;
/// beyond plane 3, or for a kind the table does not number, read from the
/// libraries now. (A table of whole entries, 40 bytes each, filled block
/// by block, cost a first-level cache miss for most characters a name
/// read: docs/design.md.)
#[inline]
pub(super) fn with_entry<R>(c: char, read: impl Fn(&Entry) -> R) -> R {
    with_entry_of(c, bits(c), read)
}

/// The generated bits of `c` (its flags and its kind's number); `None`
/// beyond the table. Code points with the same bits have the same record.
#[inline]
pub(super) fn bits(c: char) -> Option<u32> {
    ENTRIES.lookup(c)
}

/// The number of `c`'s kind (its Script, General_Category and
/// Script_Extensions together) among the generated records, for a table
/// that keeps it to read the Script with [`script_of`]; `None` beyond
/// them (plane 3). The tables are made in tests.
#[cfg(test)]
pub(crate) fn kind_of(c: char) -> Option<u32> {
    bits(c).map(|bits| bits >> 8)
}

/// The Script of the kind numbered `number` ([`kind_of`]); `None` for no kind.
#[inline]
pub(crate) fn script_of(number: u32) -> Option<Script> {
    kinds().get(number as usize).map(|&(script, ..)| script)
}

/// [`with_entry`] of `c`, whose [`bits`] are `bits`.
#[inline]
pub(super) fn with_entry_of<R>(c: char, bits: Option<u32>, read: impl Fn(&Entry) -> R) -> R {
    let generated = bits.and_then(|bits| {
        let &(script, category, extension) = kinds().get((bits >> 8) as usize)?;
        Some(Entry {
            script,
            category,
            flags: (bits & 0xFF) as u16,
            extension,
        })
    });
    match generated {
        Some(entry) => read(&entry),
        None => read(&Entry::of(c)),
    }
}

/// [`Entry::of`] of planes 0 to 3 as generated: the flags in the low byte,
/// above them the number of the entry's [`Kind`] in [`KINDS`].
static ENTRIES: Generated<u32> = generated!("record_entries");

/// For each number of a [`Kind`] (as a code point), the first code point
/// of that kind: the libraries give its values.
static KINDS: Generated<u32> = generated!("record_kinds");

/// An entry's values but its flags: what [`KINDS`] numbers.
type Kind = (Script, GeneralCategory, ScriptExtension);

/// The kinds [`KINDS`] numbers, read from the libraries once.
#[inline]
fn kinds() -> &'static [Kind] {
    // Read for most characters of every name: the check inlined, the reading not.
    match READ_KINDS.get() {
        Some(kinds) => kinds,
        None => read_kinds(),
    }
}

static READ_KINDS: OnceLock<Vec<Kind>> = OnceLock::new();

#[cold]
fn read_kinds() -> &'static [Kind] {
    READ_KINDS.get_or_init(|| {
        (0..)
            .map_while(|number| KINDS.lookup(char::from_u32(number)?))
            .map(|first| {
                let c = char::from_u32(first).unwrap_or(char::REPLACEMENT_CHARACTER);
                (c.script(), c.general_category(), c.script_extension())
            })
            .collect()
    })
}

/// Whether flag `bit` of `c`'s record is set.
pub(super) fn flag(c: char, bit: u16) -> bool {
    with_entry(c, |entry| entry.has(bit))
}

#[cfg(test)]
mod tests {
    use super::super::{general, identifier, scripts};
    use super::*;

    /// The generated tables hold each entry of planes 0 to 3: its flags,
    /// and its kind numbered in the order of first appearance.
    #[test]
    fn records_table_is_current() {
        let (mut numbers, mut firsts) = (std::collections::HashMap::new(), Vec::new());
        let mut entries = vec![0u32; crate::properties::PLANE_CELLS];
        for (code, entry) in entries.iter_mut().enumerate() {
            let Some(c) = char::from_u32(code as u32) else { continue };
            let Entry {
                script,
                category,
                flags,
                extension,
            } = Entry::of(c);
            assert!(flags <= 0xFF, "the flags fit a byte");
            let number = *numbers.entry((script, category, extension)).or_insert_with(|| {
                firsts.push(code as u32);
                firsts.len() as u32 - 1
            });
            *entry = u32::from(flags) | number << 8;
        }
        firsts.resize(firsts.len().next_multiple_of(crate::properties::generated::BLOCK), 0);
        ENTRIES.check(entries.len(), |c| entries[c as usize]);
        KINDS.check(firsts.len(), |number| firsts[number as usize]);
    }

    /// The generated table holds the search's answers for planes 0 to 3.
    #[test]
    fn icu_identifier_allowed_table_is_current() {
        ICU_IDENTIFIER_ALLOWED.check(crate::properties::PLANE_CELLS, icu_identifier_allowed_search);
    }

    /// The table answers as the libraries do, for every code point it holds.
    #[test]
    fn the_table_equals_the_libraries() {
        // Planes 0 to 3 from the table, and past them a code point computed anew.
        for c in (0..0x40000).chain([0xE0100]).filter_map(char::from_u32) {
            assert_eq!(scripts::script(c), c.script(), "{c:?}");
            assert!(scripts::script_extension(c) == c.script_extension(), "{c:?}");
            let (set, latin) = scripts::augmented_script_set_and_latin(c);
            assert!(set == AugmentedScriptSet::for_char(c), "{c:?}");
            assert_eq!(latin, c.script_extension().contains_script(Script::Latin), "{c:?}");
            let (mut both, mut alone) = (scripts::ResolvedSets::default(), scripts::ResolvedSets::default());
            alone.take_in(c);
            assert_eq!(
                both.take_in_allowed_text(c.encode_utf8(&mut [0; 4])),
                c.identifier_allowed(),
                "{c:?}"
            );
            let expected = if c.identifier_allowed() {
                alone
            } else {
                scripts::ResolvedSets::default()
            };
            assert_eq!(both, expected, "{c:?}");
            assert_eq!(general::general_category(c), c.general_category(), "{c:?}");
            assert_eq!(general::general_category_uncached(c), general::general_category(c), "{c:?}");
            assert_eq!(identifier::uts39_identifier_allowed(c), c.identifier_allowed(), "{c:?}");
            assert_eq!(identifier::identifier_allowed(c), icu_identifier_allowed_search(c), "{c:?}");
            assert_eq!(
                identifier::is_default_ignorable(c),
                c.identifier_type() == Some(IdentifierType::Default_Ignorable),
                "{c:?}"
            );
            assert_eq!(
                general::is_printable(c),
                c.general_category_group() != GeneralCategoryGroup::Other,
                "{c:?}"
            );
        }
        // Beyond the BMP the libraries answer directly.
        assert_eq!(scripts::script('\u{10400}'), Script::Deseret);
        assert_eq!(general::general_category('\u{1D7D8}'), GeneralCategory::DecimalNumber);
    }
}
