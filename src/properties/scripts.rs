//! Script and Script_Extensions (UAX #24; unicode-script's data) and the
//! augmented script set of UTS #39 §5.1.

use super::record::{HANB, JPAN, KORE, LATIN, with_entry};
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

/// The augmented script set of `c` (UTS #39 §5.1; unicode-security's
/// `AugmentedScriptSet::for_char`), and whether its Script_Extensions hold
/// Latin (what the restriction levels leave out for their second set).
pub(crate) fn augmented_script_set_and_latin(c: char) -> (AugmentedScriptSet, bool) {
    with_entry(c, |entry| {
        let set = AugmentedScriptSet {
            base: entry.extension,
            hanb: entry.flags & HANB != 0,
            jpan: entry.flags & JPAN != 0,
            kore: entry.flags & KORE != 0,
        };
        (set, entry.flags & LATIN != 0)
    })
}
