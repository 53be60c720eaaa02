//! Script and Script_Extensions (UAX #24; unicode-script's data) and the
//! augmented script set of UTS #39 §5.1.

#[cfg(test)]
pub(crate) use super::record::kind_of;
pub(crate) use super::record::script_of;
use super::record::{Entry, HANB, JPAN, KORE, LATIN, UTS39_ALLOWED, bits, with_entry, with_entry_of};
use unicode_script::{Script, ScriptExtension};
use unicode_security::mixed_script::AugmentedScriptSet;

/// Script (unicode-script's data).
pub fn script(c: char) -> Script {
    with_entry(c, |entry| entry.script)
}

/// Script_Extensions (unicode-script's data).
pub(crate) fn script_extension(c: char) -> ScriptExtension {
    with_entry(c, |entry| entry.extension)
}

/// The two sets the restriction levels of UTS #39 §5.2 read, ours and
/// ICU's alike: the resolved script set of a text (§5.1, the intersection
/// of its characters' augmented script sets: Han with Bopomofo, Japanese
/// and Korean added, Common and Inherited every script) and the same
/// intersection over the characters whose Script_Extensions do not hold
/// Latin (ICU's `getResolvedScriptSetWithout(…, USCRIPT_LATIN, …)`).
/// The default is the sets of the empty text: every script.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ResolvedSets {
    pub all: AugmentedScriptSet,
    pub without_latin: AugmentedScriptSet,
}

impl ResolvedSets {
    /// The sets of `text`.
    pub(crate) fn of(text: &str) -> Self {
        let mut sets = ResolvedSets::default();
        text.chars().for_each(|c| sets.take_in(c));
        sets
    }

    /// The sets with `c` taken in.
    #[inline]
    pub(crate) fn take_in(&mut self, c: char) {
        let (set, latin) = augmented_script_set_and_latin(c);
        self.take_in_set(set, latin);
    }

    /// [`ResolvedSets::take_in`] when `c` is allowed in identifiers (UTS #39
    /// Identifier_Status, [`super::identifier::uts39_identifier_allowed`]),
    /// which is returned: both read from one record.
    /// `bits`: its record's [`bits`].
    #[inline]
    fn take_in_allowed_of(&mut self, c: char, bits: Option<u32>) -> bool {
        let (set, latin, allowed) = with_entry_of(c, bits, |entry| {
            let (set, latin) = augmented_of(entry);
            (set, latin, entry.has(UTS39_ALLOWED))
        });
        if allowed {
            self.take_in_set(set, latin);
        }
        allowed
    }

    /// [`ResolvedSets::take_in_allowed_of`] of each character of `text` in
    /// turn, up to the first that is not allowed (then false). A character
    /// with the same record as the one before changes nothing (an
    /// intersection with the same set again), so it is not read: most
    /// letters of a word share their record.
    #[cfg(test)]
    pub(crate) fn take_in_allowed_text(&mut self, text: &str) -> bool {
        self.take_in_allowed_chars(text.chars())
    }

    /// [`ResolvedSets::take_in_allowed_text`] of a text's characters, decoded already.
    #[inline]
    pub(crate) fn take_in_allowed_chars(&mut self, chars: impl IntoIterator<Item = char>) -> bool {
        let mut last = None;
        for c in chars {
            let bits = bits(c);
            if bits.is_some() && bits == last {
                continue;
            }
            if !self.take_in_allowed_of(c, bits) {
                return false;
            }
            last = bits;
        }
        true
    }

    #[inline]
    fn take_in_set(&mut self, set: AugmentedScriptSet, latin: bool) {
        self.all.intersect_with(set);
        if !latin {
            self.without_latin.intersect_with(set);
        }
    }
}

/// The augmented script set of `c` (UTS #39 §5.1; unicode-security's
/// `AugmentedScriptSet::for_char`), and whether its Script_Extensions hold
/// Latin (what the restriction levels leave out for their second set).
pub(crate) fn augmented_script_set_and_latin(c: char) -> (AugmentedScriptSet, bool) {
    with_entry(c, augmented_of)
}

/// [`augmented_script_set_and_latin`] from a character's record.
#[inline]
fn augmented_of(entry: &Entry) -> (AugmentedScriptSet, bool) {
    let set = AugmentedScriptSet {
        base: entry.extension,
        hanb: entry.has(HANB),
        jpan: entry.has(JPAN),
        kore: entry.has(KORE),
    };
    (set, entry.has(LATIN))
}

/// The resolved script set of `text` (UTS #39 §5.1): unicode-security's
/// `AugmentedScriptSet::for_str`, read from the generated records (which
/// hold that crate's data) instead of a binary search per character.
pub(crate) fn resolved_script_set(text: &str) -> AugmentedScriptSet {
    ResolvedSets::of(text).all
}

/// [`resolved_script_set`] of the characters of `text` allowed in
/// identifiers (UTS #39 Identifier_Status), the others left out: each
/// character's record read once for both, and no text of the allowed
/// ones made.
pub(crate) fn resolved_script_set_of_allowed(text: &str) -> AugmentedScriptSet {
    let mut sets = ResolvedSets::default();
    for c in text.chars() {
        // It leaves a restricted character out; whether it did is not needed here.
        sets.take_in_allowed_of(c, bits(c));
    }
    sets.all
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every code point's augmented script set is unicode-security's, and
    /// so is the resolved set of texts that mix them (from a fixed seed).
    #[test]
    fn resolved_sets_are_unicode_securitys() {
        let chars: Vec<char> = (0..=0x10FFFF).filter_map(char::from_u32).collect();
        for &c in &chars {
            assert!(
                augmented_script_set_and_latin(c).0 == AugmentedScriptSet::for_char(c),
                "{c:?}"
            );
        }
        // Characters of the scripts that mix in names, the Common ones among them.
        let pool: Vec<char> = chars
            .iter()
            .copied()
            .filter(|&c| matches!(c as u32, 0x20..=0x7F | 0x300..=0x4FF | 0x3000..=0x30FF | 0x4E00..=0x4E40 | 0xAC00..=0xAC20 | 0x660..=0x669 | 0x1100..=0x1110))
            .collect();
        let mut state: u64 = 0x853C_49E6_748F_EA9B;
        let mut next = |bound: usize| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (state >> 33) as usize % bound
        };
        let (mut empty, mut single) = (0, 0);
        for _ in 0..50_000 {
            let text: String = (0..1 + next(4)).map(|_| pool[next(pool.len())]).collect();
            let ours = resolved_script_set(&text);
            assert!(ours == AugmentedScriptSet::for_str(&text), "{text:?}");
            if ours.is_empty() {
                empty += 1;
            } else {
                single += 1;
            }
        }
        assert!(empty > 5_000 && single > 5_000, "{empty} mixed, {single} single-script");
    }

    /// `take_in_allowed_text` skips a character whose record is the one
    /// before's: on words with such runs (from a fixed seed) it gives the
    /// sets and the answer of taking in every character, each asked whether
    /// it is allowed.
    #[test]
    fn skipping_repeated_records_changes_nothing() {
        use unicode_security::GeneralSecurityProfile;
        let pool: Vec<char> = "aábcçéßzАаеорсΑαβγ中文かカ한0١-_·\u{0301}\u{0307}ǅ\u{200D}ʻ"
            .chars()
            .collect();
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |bound: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % bound as u64) as usize
        };
        let (mut allowed, mut refused) = (0, 0);
        for _ in 0..50_000 {
            // Runs of a character or two, as letters of one script come.
            let text: String = (0..1 + next(6))
                .flat_map(|_| {
                    let c = pool[next(pool.len())];
                    std::iter::repeat_n(c, 1 + next(3))
                })
                .collect();
            let mut expected = ResolvedSets::default();
            let every = text.chars().all(|c| {
                let ok = c.identifier_allowed();
                if ok {
                    expected.take_in(c);
                }
                ok
            });
            let mut ours = ResolvedSets::default();
            assert_eq!(ours.take_in_allowed_text(&text), every, "{text:?}");
            if every {
                assert_eq!(ours, expected, "{text:?}");
                allowed += 1;
            } else {
                refused += 1;
            }
        }
        assert!(allowed > 5_000 && refused > 5_000, "{allowed} allowed, {refused} refused");
    }

    /// The set of a text's allowed characters is the set of the text they
    /// make: every character after a letter, a Han ideograph and an emoji,
    /// and each with a restricted character around it.
    #[test]
    fn the_allowed_characters_set_is_the_set_of_their_text() {
        use crate::chars::identifier::uts39_identifier_allowed;
        let (mut empty, mut left_out) = (0, 0);
        for c in (0x80..=0x1FFFF).filter_map(char::from_u32) {
            for text in [
                format!("a{c}"),
                format!("中{c}"),
                format!("\u{1F355}{c}x"),
                format!("{c}\u{2603}а"),
            ] {
                let allowed: String = text.chars().filter(|&c| uts39_identifier_allowed(c)).collect();
                let ours = resolved_script_set_of_allowed(&text);
                assert!(ours == resolved_script_set(&allowed), "{text:?}");
                empty += usize::from(ours.is_empty());
                left_out += usize::from(allowed.len() < text.len());
            }
        }
        assert!(
            empty > 10_000 && left_out > 100_000,
            "{empty} mixed, {left_out} with a character left out"
        );
    }
}
