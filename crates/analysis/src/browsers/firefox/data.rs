//! Firefox's lists (facts, copied as data) from `netwerk/dns/nsIDNService.cpp`
//! and `nsIDNService.h` (mozilla-firefox, 2025: the version with the Thai
//! checker and the Bug 1917119 TLD guard), MPL-2.0; the character
//! blocklist is `tables/browsers/firefox_IDNCharacterBlocklist.inc`.
//! Provenance in `tables/README.md`.

/// `netwerk/dns/IDNCharacterBlocklist.inc`, inclusive UTF-16 ranges, sorted.
pub(crate) const BLOCKLIST_SOURCE: &str = include_str!("../../../../../tables/browsers/firefox_IDNCharacterBlocklist.inc");

/// `mDigitConfusables`.
pub(crate) const DIGIT_CONFUSABLES: [u32; 31] = [
    0x03B8, 0x0968, 0x09E8, 0x0A68, 0x0AE8, 0x0CE9, 0x0577, 0x0437, 0x0499, 0x04E1, 0x0909, 0x0993, 0x0A24, 0x0A69, 0x0AE9,
    0x0C69, 0x1012, 0x10D5, 0x10DE, 0x0A5C, 0x10D9, 0x0A6B, 0x4E29, 0x3110, 0x0573, 0x09EA, 0x0A6A, 0x0B6B, 0x0AED, 0x0B68,
    0x0C68,
];

/// `mCyrillicLatinConfusables`.
pub(crate) const CYRILLIC_LATIN_CONFUSABLES: [u32; 28] = [
    0x0430, 0x044B, 0x0441, 0x0501, 0x0435, 0x050D, 0x04BB, 0x0456, 0x044E, 0x043A, 0x0458, 0x04CF, 0x043C, 0x043E, 0x0440,
    0x0517, 0x051B, 0x0455, 0x051D, 0x0445, 0x0443, 0x044A, 0x044C, 0x04BD, 0x043F, 0x0433, 0x0475, 0x0461,
];

/// `mThaiLatinConfusables` as built on Linux (`XP_LINUX && !ANDROID` adds the first seven).
pub(crate) const THAI_LATIN_CONFUSABLES: [u32; 14] = [
    0x0E14, 0x0E17, 0x0E19, 0x0E1B, 0x0E21, 0x0E25, 0x0E2B, 0x0E1A, 0x0E1E, 0x0E1F, 0x0E23, 0x0E40, 0x0E41, 0x0E50,
];

/// `mCJKSlashConfusables`: ノ ソ ゾ ン 丶 乀 乁 丿, shaped like a slash. The one
/// list of them: Chromium's dangerous pattern and the spoof check's
/// slash finding read it too.
pub const CJK_SLASH_CONFUSABLES: [u32; 8] = [0x30CE, 0x30BD, 0x30BE, 0x30F3, 0x4E36, 0x4E40, 0x4E41, 0x4E3F];

/// `mCJKIdeographs`.
pub(crate) const CJK_IDEOGRAPHS: [u32; 20] = [
    0x4E00, 0x3127, 0x4E28, 0x4E5B, 0x4E03, 0x4E05, 0x5341, 0x3007, 0x3112, 0x311A, 0x311F, 0x3128, 0x3129, 0x3108, 0x31BA,
    0x31B3, 0x5DE5, 0x31B2, 0x8BA0, 0x4E01,
];

/// `isCyrillicDomain`: ASCII TLDs where Cyrillic names are expected.
pub(crate) const CYRILLIC_TLDS: [&str; 8] = ["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"];

/// `ScriptCombo`: the scripts `illegalScriptCombo` tracks, and the combinations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Combo {
    Bopo,
    Cyrl,
    Grek,
    Hang,
    Hani,
    Hira,
    Kata,
    Latn,
    Othr,
    /// Latin + Han + Hiragana + Katakana.
    Jpan,
    /// Latin + Han + Bopomofo.
    Chna,
    /// Latin + Han + Hangul.
    Kore,
    /// Latin + Han.
    Hnlt,
    Fail,
}

use Combo::*;

/// `findScriptIndex`'s columns: the combination each tracked script starts.
pub(crate) const SCRIPT_COLUMNS: [Combo; 9] = [Bopo, Cyrl, Grek, Hang, Hani, Hira, Kata, Latn, Othr];

/// `scriptComboTable[savedScript][thisScript]` (rows: the saved combination,
/// columns: BOPO CYRL GREK HANG HANI HIRA KATA LATN OTHR).
pub(crate) const SCRIPT_COMBO_TABLE: [[Combo; 9]; 13] = [
    /* BOPO */ [Bopo, Fail, Fail, Fail, Chna, Fail, Fail, Chna, Fail],
    /* CYRL */ [Fail, Cyrl, Fail, Fail, Fail, Fail, Fail, Fail, Fail],
    /* GREK */ [Fail, Fail, Grek, Fail, Fail, Fail, Fail, Fail, Fail],
    /* HANG */ [Fail, Fail, Fail, Hang, Kore, Fail, Fail, Kore, Fail],
    /* HANI */ [Chna, Fail, Fail, Kore, Hani, Jpan, Jpan, Hnlt, Fail],
    /* HIRA */ [Fail, Fail, Fail, Fail, Jpan, Hira, Jpan, Jpan, Fail],
    /* KATA */ [Fail, Fail, Fail, Fail, Jpan, Jpan, Kata, Jpan, Fail],
    /* LATN */ [Chna, Fail, Fail, Kore, Hnlt, Jpan, Jpan, Latn, Othr],
    /* OTHR */ [Fail, Fail, Fail, Fail, Fail, Fail, Fail, Othr, Fail],
    /* JPAN */ [Fail, Fail, Fail, Fail, Jpan, Jpan, Jpan, Jpan, Fail],
    /* CHNA */ [Chna, Fail, Fail, Fail, Chna, Fail, Fail, Chna, Fail],
    /* KORE */ [Fail, Fail, Fail, Kore, Kore, Fail, Fail, Kore, Fail],
    /* HNLT */ [Chna, Fail, Fail, Kore, Hnlt, Jpan, Jpan, Hnlt, Fail],
];
