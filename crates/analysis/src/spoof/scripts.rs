//! Scripts of a label: each character's Script and Script_Extensions
//! (unicode-script), the resolved script set and the restriction level
//! (unicode-security, UTS #39 §5.1–§5.2), and decimal-digit numbering
//! systems (§5.3).

use crate::chars;
use crate::chars::scripts::ResolvedSets;
use serde::Serialize;
use unicode_script::Script;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel};

/// One character of a label with its UTS #24 and UTS #39 properties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharInfo {
    /// The character.
    pub c: char,
    /// The Script property value, e.g. `Cyrillic`, `Common`.
    pub script: &'static str,
    /// The Script_Extensions set, e.g. `Hiragana + Katakana`, or `Common`.
    pub extensions: String,
    /// UTS #39 Identifier_Status=Allowed (inside the General Security Profile).
    pub allowed: bool,
    /// UTS #39 Identifier_Type, e.g. `Recommended`, `Uncommon_Use`, `Not_NFKC`.
    pub identifier_type: String,
}

impl CharInfo {
    /// The properties of `c`; Identifier_Type `Not_Character` when it has none.
    pub fn of(c: char) -> CharInfo {
        CharInfo {
            c,
            script: chars::scripts::script(c).full_name(),
            extensions: chars::scripts::script_extension(c).to_string(),
            allowed: chars::identifier::uts39_identifier_allowed(c),
            identifier_type: c
                .identifier_type()
                .map_or_else(|| "Not_Character".to_string(), |t| format!("{t:?}")),
        }
    }
}

/// The resolved script set of `label` in words (UTS #39 §5.1), e.g.
/// `Cyrillic`, `Japanese, Han`, or `none (mixed scripts)`.
pub fn resolved_scripts(label: &str) -> String {
    let set = chars::scripts::resolved_script_set(label);
    if set.is_empty() {
        "none (mixed scripts)".to_string()
    } else if set.is_all() {
        "all (only Common/Inherited characters)".to_string()
    } else {
        set.to_string()
    }
}

/// The restriction level of `label` (UTS #39 §5.2), decided as
/// unicode-security's `detect_restriction_level` decides it (ICU's
/// `getRestrictionLevel`, Chromium's, differs in Moderately Restrictive:
/// `spoof/evidence.rs` states how where the two meet), with each
/// character's Identifier_Status and augmented script set read from the
/// tables of [`crate::properties`] (a test compares the two on every BMP character in
/// several company).
pub fn restriction_level(label: &str) -> RestrictionLevel {
    restriction_level_and_sets(label).0
}

/// [`restriction_level`], with the label's [`ResolvedSets`] when they
/// were made (a non-ASCII label of allowed characters): ICU's restriction
/// level in Chromium's check reads the same sets of the same label.
pub(crate) fn restriction_level_and_sets(label: &str) -> (RestrictionLevel, Option<ResolvedSets>) {
    crate::decoded::with_code_points::<char, 64, _>(label, |chars| restriction_level_and_sets_of(label, chars))
}

/// [`restriction_level_and_sets`] of `label`, whose characters are `chars`.
pub(crate) fn restriction_level_and_sets_of(label: &str, chars: &[char]) -> (RestrictionLevel, Option<ResolvedSets>) {
    // An ASCII label is ASCII-Only unless a character is not allowed.
    if crate::scan::is_ascii(label) {
        let level = if label.chars().all(chars::identifier::uts39_identifier_allowed) {
            RestrictionLevel::ASCIIOnly
        } else {
            RestrictionLevel::Unrestricted
        };
        return (level, None);
    }
    let mut sets = ResolvedSets::default();
    if !sets.take_in_allowed_chars(chars.iter().copied()) {
        return (RestrictionLevel::Unrestricted, None);
    }
    let without_latin = sets.without_latin;
    let level = if !sets.all.is_empty() {
        RestrictionLevel::SingleScript
    } else if without_latin.hanb || without_latin.jpan || without_latin.kore {
        RestrictionLevel::HighlyRestrictive
    } else if without_latin.base.len() == 1
        && let Some(script) = without_latin.base.iter().next()
        && script.is_recommended()
        && script != Script::Cyrillic
        && script != Script::Greek
    {
        RestrictionLevel::ModeratelyRestrictive
    } else {
        RestrictionLevel::MinimallyRestrictive
    };
    (level, Some(sets))
}

/// Whether `label`'s resolved script set is not empty (UTS #39 §5.1),
/// given its restriction `level`: read off the level unless it is
/// Unrestricted (then a character is restricted, and the set is computed),
/// since §5.2 rates a label of allowed characters ASCII or Single Script
/// exactly when it is single-script.
pub fn is_single_script(label: &str, level: RestrictionLevel) -> bool {
    match level {
        RestrictionLevel::Unrestricted => !chars::scripts::resolved_script_set(label).is_empty(),
        RestrictionLevel::ASCIIOnly | RestrictionLevel::SingleScript => true,
        _ => false,
    }
}

/// The level's name as UTS #39 §5.2 writes it.
pub(crate) fn restriction_level_name(level: RestrictionLevel) -> &'static str {
    match level {
        RestrictionLevel::ASCIIOnly => "ASCII-Only",
        RestrictionLevel::SingleScript => "Single Script",
        RestrictionLevel::HighlyRestrictive => "Highly Restrictive",
        RestrictionLevel::ModeratelyRestrictive => "Moderately Restrictive",
        RestrictionLevel::MinimallyRestrictive => "Minimally Restrictive",
        RestrictionLevel::Unrestricted => "Unrestricted",
    }
}

/// The distinct scripts of the label's letters (Common and Inherited left
/// out), in order of appearance: what a reader means by "mixes Latin and Cyrillic".
pub fn scripts_used(label: &str) -> Vec<Script> {
    let mut scripts = Vec::new();
    for script in letter_scripts(label) {
        if !scripts.contains(&script) {
            scripts.push(script);
        }
    }
    scripts
}

/// The script of the label's letters when they have one: the one element
/// of [`scripts_used`], found without gathering them.
pub fn only_script(label: &str) -> Option<Script> {
    let mut scripts = letter_scripts(label);
    let first = scripts.next()?;
    scripts.all(|script| script == first).then_some(first)
}

/// The script of each of the label's letters (Common, Inherited and Unknown left out).
fn letter_scripts(label: &str) -> impl Iterator<Item = Script> + '_ {
    label
        .chars()
        .map(chars::scripts::script)
        .filter(|script| !matches!(script, Script::Common | Script::Inherited | Script::Unknown))
}

/// A decimal digit's numbering system and value: `('০', 2)` for BENGALI
/// DIGIT TWO (its system is named by its zero). `None` for characters that
/// are not General_Category=Nd (circled, superscript, tag or combining
/// digits are not decimal digits); the run's zero is
/// `chars::digits::digit_zero`, which the browsers' rules read too.
pub fn decimal_digit(c: char) -> Option<(char, u32)> {
    if c.is_ascii() {
        return c.is_ascii_digit().then(|| ('0', c as u32 - '0' as u32));
    }
    let zero = crate::chars::digits::digit_zero(c)?;
    Some((zero, c as u32 - zero as u32))
}

#[cfg(test)]
mod tests {
    use super::*;
    use unicode_security::RestrictionLevelDetection;

    /// `only_script` is the one script `scripts_used` lists, on every BMP
    /// character alone, after a Latin letter, after a digit and doubled.
    #[test]
    fn only_script_is_the_one_script_used() {
        let mut single = 0;
        for c in (0..0x10000).filter_map(char::from_u32) {
            for label in [format!("{c}"), format!("a{c}"), format!("1{c}-"), format!("{c}{c}")] {
                let expected = match scripts_used(&label)[..] {
                    [script] => Some(script),
                    _ => None,
                };
                assert_eq!(only_script(&label), expected, "{label:?}");
                single += usize::from(expected.is_some());
            }
        }
        assert!(single > 10_000, "{single}");
    }

    /// The ASCII shortcut answers as unicode-security for every ASCII label
    /// of up to two characters and for longer ones mixing allowed and not.
    #[test]
    fn ascii_restriction_levels_equal_the_librarys() {
        let ascii = || (0u8..0x80).map(char::from);
        let mut labels: Vec<String> = vec![String::new(), "example".into(), "ab-12".into(), "a_b".into(), "Ab.c".into()];
        labels.extend(ascii().map(String::from));
        labels.extend(ascii().flat_map(|a| ascii().map(move |b| format!("{a}{b}"))));
        labels.extend(ascii().map(|c| format!("xn--{c}bc")));
        for label in &labels {
            assert_eq!(
                restriction_level(label),
                label.as_str().detect_restriction_level(),
                "{label:?}"
            );
        }
        assert_eq!(restriction_level("abc"), RestrictionLevel::ASCIIOnly);
        assert_eq!(restriction_level("a b"), RestrictionLevel::Unrestricted);
    }

    /// The table-read levels equal unicode-security's for every BMP
    /// character alone and next to letters of Latin, Cyrillic, Greek, Han,
    /// Bopomofo, Katakana, Hangul, Arabic and Armenian (each level occurs).
    #[test]
    fn restriction_levels_equal_the_librarys() {
        let mut seen = std::collections::HashSet::new();
        for c in (0x80..0x10000).filter_map(char::from_u32) {
            for label in [
                format!("{c}"),
                format!("a{c}"),
                format!("{c}ж"),
                format!("λ{c}"),
                format!("{c}中"),
                format!("ㄅ{c}"),
                format!("ア{c}b"),
                format!("{c}한"),
                format!("ب{c}"),
                format!("x{c}ա"),
            ] {
                let level = label.as_str().detect_restriction_level();
                assert_eq!(restriction_level(&label), level, "{label:?}");
                seen.insert(level);
            }
        }
        // Every level but ASCII-Only.
        assert_eq!(seen.len(), 5, "{seen:?}");
    }
}
