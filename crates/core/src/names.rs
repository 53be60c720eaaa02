//! Character names for display (unicode_names2), with the table-style
//! labels Unicode uses for code points that have no name.

use serde::{Serialize, Serializer};
use std::fmt;

/// The Unicode name of `c`, e.g. `LATIN SMALL LETTER SHARP S`; for code
/// points without a name, a label in the style of the data files:
/// `<control-0007>`, `<private-use-E000>`, `<noncharacter-FFFF>`, or
/// `<unnamed-XXXX>` (unassigned, or newer than the name data).
pub fn char_name(c: char) -> String {
    // Room for most names at once: the name is written a word at a time.
    let mut text = String::with_capacity(40);
    let _ = fmt::write(&mut text, format_args!("{}", CharName(c)));
    text
}

/// The name of a code point as [`char_name`] gives it, written out only when
/// displayed or serialized (as a string): traces hold one per character, and
/// most are never shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CharName(pub char);

impl fmt::Display for CharName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = self.0;
        if let Some(name) = unicode_names2::name(c) {
            return write!(f, "{name}");
        }
        let cp = c as u32;
        let kind = if c.is_control() {
            "control"
        } else if (0xE000..=0xF8FF).contains(&cp) || cp >= 0xF_0000 && (cp & 0xFFFF) < 0xFFFE {
            "private-use"
        } else if (0xFDD0..=0xFDEF).contains(&cp) || (cp & 0xFFFE) == 0xFFFE {
            "noncharacter"
        } else {
            "unnamed"
        };
        write!(f, "<{kind}-{cp:04X}>")
    }
}

impl Serialize for CharName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}
