//! WebKit's lists (facts, copied as data): `Source/WTF/wtf/URLHelpers.cpp`
//! of WebKit trunk (read at the trunk-tracking fork ryanhaddad/WebKit
//! @ e4f1bb7d, late 2025), BSD-2-Clause. Provenance in `tables/README.md`.

use unicode_script::Script;

/// `initializeDefaultIDNAllowedScriptList`: the scripts whose characters
/// may be shown (Script property, not Script_Extensions).
/// `USCRIPT_KATAKANA_OR_HIRAGANA` (Hrkt) is no Script value of any character.
pub(crate) const ALLOWED_SCRIPTS: [Script; 19] = [
    Script::Common,
    Script::Inherited,
    Script::Arabic,
    Script::Armenian,
    Script::Bopomofo,
    Script::Canadian_Aboriginal,
    Script::Devanagari,
    Script::Deseret,
    Script::Gujarati,
    Script::Gurmukhi,
    Script::Hangul,
    Script::Han,
    Script::Hebrew,
    Script::Hiragana,
    Script::Katakana,
    Script::Latin,
    Script::Tamil,
    Script::Thai,
    Script::Yi,
];

/// The `switch` of `isLookalikeCharacter`: always lookalikes (sorted).
/// Trunk also lists U+0138 ĸ LATIN SMALL LETTER KRA; WebKitGTK 2.50.6, the
/// build the port follows, shows ĸĸĸ.com in Unicode (`tests/real_browsers.rs`),
/// so it is left out.
pub(crate) const LOOKALIKE_CHARACTERS: [u32; 122] = [
    0x00BC, 0x00BD, 0x00BE, 0x01C0, 0x01C3, 0x0237, 0x0251, 0x0261, 0x02D0, 0x0335, 0x0337, 0x0338, 0x0589, 0x05B4, 0x05B9,
    0x05BA, 0x05BC, 0x05C1, 0x05C2, 0x05C3, 0x05C4, 0x05F4, 0x0609, 0x060A, 0x0650, 0x0660, 0x066A, 0x06D4, 0x06F0, 0x0701,
    0x0702, 0x0703, 0x0704, 0x1735, 0x1D04, 0x1D0F, 0x1D1C, 0x1D20, 0x1D21, 0x1D22, 0x1E9C, 0x1E9D, 0x1ECD, 0x1EFE, 0x1EFF,
    0x2010, 0x2011, 0x2024, 0x2027, 0x2039, 0x203A, 0x2041, 0x2044, 0x2052, 0x2153, 0x2154, 0x2155, 0x2156, 0x2157, 0x2158,
    0x2159, 0x215A, 0x215B, 0x215C, 0x215D, 0x215E, 0x215F, 0x2212, 0x2215, 0x2216, 0x2236, 0x233F, 0x23AE, 0x244A, 0x2571,
    0x2572, 0x29F6, 0x29F8, 0x2AFB, 0x2AFD, 0x2FF0, 0x2FF1, 0x2FF2, 0x2FF3, 0x2FF4, 0x2FF5, 0x2FF6, 0x2FF7, 0x2FF8, 0x2FF9,
    0x2FFA, 0x2FFB, 0x3002, 0x3008, 0x3014, 0x3015, 0x3033, 0x3035, 0x321D, 0x321E, 0x33AE, 0x33AF, 0x33C6, 0x33DF, 0xA731,
    0xA771, 0xA789, 0xFE14, 0xFE15, 0xFE3F, 0xFE5D, 0xFE5E, 0xFF0E, 0xFF0F, 0xFF61, 0xFFFC, 0xFFFD, 0x1F50F, 0x1F510, 0x1F511,
    0x1F512, 0x1F513,
];

/// U+0307 COMBINING DOT ABOVE is a lookalike right after these.
pub(crate) const DOT_ABOVE_BASES: [u32; 3] = [0x0237, 0x0131, 0x05D5];

/// `isLookalikeCharacterOfScriptType<S>` for the scripts `isLookalikeSequence` checks.
pub const SCRIPT_LOOKALIKES: [(Script, &[u32]); 4] = [
    (
        Script::Armenian,
        &[0x0548, 0x054D, 0x0551, 0x0555, 0x0578, 0x057D, 0x0581, 0x0585],
    ),
    (Script::Tamil, &[0x0BE6]),
    (
        Script::Canadian_Aboriginal,
        &[
            0x146D, 0x146F, 0x1472, 0x14AA, 0x157C, 0x1587, 0x15AF, 0x15B4, 0x15C5, 0x15DE, 0x15E9, 0x15F1, 0x15F4, 0x166D,
            0x166E,
        ],
    ),
    (Script::Thai, &[0x0E01]),
];

/// Arabic diacritics (`isLookalikeSequence<USCRIPT_ARABIC>`): lookalikes
/// unless right after an Arabic character.
pub(crate) const ARABIC_DIACRITICS: std::ops::RangeInclusive<u32> = 0x064B..=0x065F;

/// One TLD rule of `allCharactersAllowedByTLDRules`: the suffix (with its
/// dot) and which characters the second-level label may hold.
pub(crate) struct TldRule {
    /// The constant's name upstream, e.g. `cyrillicRF`.
    pub name: &'static str,
    pub suffix: &'static str,
    pub allowed: fn(u16) -> bool,
}

fn ascii_digit_or_hyphen(ch: u16) -> bool {
    (0x30..=0x39).contains(&ch) || ch == 0x2D
}

fn russian(ch: u16) -> bool {
    (0x0430..=0x044F).contains(&ch) || ch == 0x0451 || ascii_digit_or_hyphen(ch)
}

fn belarusian(ch: u16) -> bool {
    (0x0430..=0x044F).contains(&ch) || matches!(ch, 0x0451 | 0x0456 | 0x045E | 0x2019) || ascii_digit_or_hyphen(ch)
}

fn kazakh(ch: u16) -> bool {
    (0x0430..=0x044F).contains(&ch)
        || matches!(
            ch,
            0x0451 | 0x04D9 | 0x0493 | 0x049B | 0x04A3 | 0x04E9 | 0x04B1 | 0x04AF | 0x04BB | 0x0456
        )
        || ascii_digit_or_hyphen(ch)
}

fn ukrainian(ch: u16) -> bool {
    (0x0430..=0x044F).contains(&ch) || matches!(ch, 0x0451 | 0x0491 | 0x0404 | 0x0456 | 0x0457) || ascii_digit_or_hyphen(ch)
}

fn serbian(ch: u16) -> bool {
    (0x0430..=0x0438).contains(&ch)
        || (0x043A..=0x0448).contains(&ch)
        || matches!(ch, 0x0452 | 0x0458 | 0x0459 | 0x045A | 0x045B | 0x045F)
        || ascii_digit_or_hyphen(ch)
}

fn macedonian(ch: u16) -> bool {
    (0x0430..=0x0438).contains(&ch)
        || (0x043A..=0x0448).contains(&ch)
        || matches!(ch, 0x0453 | 0x0455 | 0x0458 | 0x0459 | 0x045A | 0x045C | 0x045F)
        || ascii_digit_or_hyphen(ch)
}

fn mongolian(ch: u16) -> bool {
    (0x0430..=0x044F).contains(&ch) || matches!(ch, 0x0451 | 0x04E9 | 0x04AF) || ascii_digit_or_hyphen(ch)
}

fn bulgarian(ch: u16) -> bool {
    (0x0430..=0x044A).contains(&ch)
        || ch == 0x044C
        || (0x044E..=0x0450).contains(&ch)
        || ch == 0x045D
        || ascii_digit_or_hyphen(ch)
}

/// The TLD rules in upstream order; the first matching suffix decides.
pub(crate) const TLD_RULES: [TldRule; 14] = [
    TldRule {
        name: "cyrillicRF",
        suffix: ".рф",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicRUS",
        suffix: ".рус",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicMOSKVA",
        suffix: ".москва",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicDETI",
        suffix: ".дети",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicONLAYN",
        suffix: ".онлайн",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicSAYT",
        suffix: ".сайт",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicORG",
        suffix: ".орг",
        allowed: russian,
    },
    TldRule {
        name: "cyrillicBEL",
        suffix: ".бел",
        allowed: belarusian,
    },
    TldRule {
        name: "cyrillicKAZ",
        suffix: ".қаз",
        allowed: kazakh,
    },
    TldRule {
        name: "cyrillicUKR",
        suffix: ".укр",
        allowed: ukrainian,
    },
    TldRule {
        name: "cyrillicSRB",
        suffix: ".срб",
        allowed: serbian,
    },
    TldRule {
        name: "cyrillicMKD",
        suffix: ".мкд",
        allowed: macedonian,
    },
    TldRule {
        name: "cyrillicMON",
        suffix: ".мон",
        allowed: mongolian,
    },
    TldRule {
        name: "cyrillicBG",
        suffix: ".бг",
        allowed: bulgarian,
    },
];
