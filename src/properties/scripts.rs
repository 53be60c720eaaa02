//! Script and Script_Extensions (UAX #24; unicode-script's data) and the
//! augmented script set of UTS #39 §5.1.

use super::record::{Entry, HANB, JPAN, KORE, LATIN, UTS39_ALLOWED, with_entry};
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
    #[inline]
    pub(crate) fn take_in_allowed(&mut self, c: char) -> bool {
        let (set, latin, allowed) = with_entry(c, |entry| {
            let (set, latin) = augmented_of(entry);
            (set, latin, entry.has(UTS39_ALLOWED))
        });
        if allowed {
            self.take_in_set(set, latin);
        }
        allowed
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
