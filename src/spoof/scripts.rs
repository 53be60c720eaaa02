//! Scripts of a label: each character's Script and Script_Extensions
//! (unicode-script), the resolved script set and the restriction level
//! (unicode-security, UTS #39 §5.1–§5.2), and decimal-digit numbering
//! systems (§5.3).

use serde::Serialize;
use unicode_script::{Script, UnicodeScript};
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, RestrictionLevel, RestrictionLevelDetection};

/// One character of a label with its UTS #24 and UTS #39 properties.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CharInfo {
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
    pub fn of(c: char) -> CharInfo {
        CharInfo {
            c,
            script: c.script().full_name(),
            extensions: c.script_extension().to_string(),
            allowed: c.identifier_allowed(),
            identifier_type: c
                .identifier_type()
                .map_or_else(|| "Not_Character".to_string(), |t| format!("{t:?}")),
        }
    }
}

/// The resolved script set of `label` in words (UTS #39 §5.1), e.g.
/// `Cyrillic`, `Japanese, Han`, or `none (mixed scripts)`.
pub fn resolved_scripts(label: &str) -> String {
    let set = AugmentedScriptSet::for_str(label);
    if set.is_empty() {
        "none (mixed scripts)".to_string()
    } else if set.is_all() {
        "all (only Common/Inherited characters)".to_string()
    } else {
        set.to_string()
    }
}

/// The restriction level of `label` (UTS #39 §5.2), computed by unicode-security.
pub fn restriction_level(label: &str) -> RestrictionLevel {
    label.detect_restriction_level()
}

/// The level's name as UTS #39 §5.2 writes it.
pub fn restriction_level_name(level: RestrictionLevel) -> &'static str {
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
    for c in label.chars() {
        let script = c.script();
        if !matches!(script, Script::Common | Script::Inherited | Script::Unknown) && !scripts.contains(&script) {
            scripts.push(script);
        }
    }
    scripts
}

/// A decimal digit's numbering system and value: `('০', 2)` for BENGALI
/// DIGIT TWO (its system is named by its zero). `None` for other characters.
///
/// Decimal digits (General_Category=Nd) are encoded in runs of ten from
/// zero to nine (The Unicode Standard §4.6), and every one is named
/// `<SYSTEM> DIGIT <ZERO…NINE>`; the name gives the value and the run.
pub fn decimal_digit(c: char) -> Option<(char, u32)> {
    if c.is_ascii_digit() {
        return Some(('0', c as u32 - '0' as u32));
    }
    if c.is_ascii() {
        return None;
    }
    const WORDS: [&str; 10] = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"];
    let name = unicode_names2::name(c)?.to_string();
    let (system, word) = name.rsplit_once(" DIGIT ")?;
    let value = WORDS.iter().position(|w| *w == word)? as u32;
    let zero = char::from_u32(c as u32 - value)?;
    // The run must really start at this system's zero (rules out names like "… DIGIT ONE" outside Nd runs).
    let zero_name = unicode_names2::name(zero)?.to_string();
    (zero_name == format!("{system} DIGIT ZERO")).then_some((zero, value))
}
