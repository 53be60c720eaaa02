//! Chromium's lists (facts, copied as data), BSD-3-Clause ("Copyright 2015
//! The Chromium Authors"), from `components/url_formatter/spoof_checks/`:
//! `idn_spoof_checker.cc` @ bd7ddabd (2025) and `skeleton_generator.cc`
//! @ f24a8e13; the top domains are `tables/browsers/chromium_domains.list`.
//! Provenance in `tables/README.md`. Sets are written as upstream writes
//! them (UnicodeSet-style lists of characters).

use crate::browsers::firefox::CJK_SLASH_CONFUSABLES;
use unicode_script::Script;

/// One row of `kWholeScriptConfusables`: a script, the letters of it that
/// look Latin, and the ASCII TLDs where names in it are expected.
pub struct WholeScriptConfusable {
    pub script: Script,
    pub latin_lookalike_letters: &'static str,
    pub allowed_tlds: &'static [&'static str],
}

/// `kWholeScriptConfusables`, in upstream order (the first hit decides).
/// Thai uses the Linux/ChromeOS letters (other platforms: `บพเแ๐`).
/// Cyrillic also holds м U+043C, which the stored source lacks: Chromium 156
/// shows мм.com, мор.com and мамам.com as Punycode and мм.ru, мир.com in
/// Unicode (`tests/real_browsers.rs`).
pub(crate) const WHOLE_SCRIPT_CONFUSABLES: [WholeScriptConfusable; 17] = [
    WholeScriptConfusable {
        script: Script::Armenian,
        latin_lookalike_letters: "ագզէլհյոսւօՙ",
        allowed_tlds: &["am"],
    },
    WholeScriptConfusable {
        script: Script::Cyrillic,
        latin_lookalike_letters: "аысԁеԍһіюкјӏорԗԛѕтԝхуъьҽпгѵѡм",
        allowed_tlds: &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
    },
    WholeScriptConfusable {
        script: Script::Ethiopic,
        latin_lookalike_letters: "ሀሠሰስበነተከዐዕዘጠፐꬅ",
        allowed_tlds: &["er", "et"],
    },
    WholeScriptConfusable {
        script: Script::Georgian,
        latin_lookalike_letters: "იოყძხჽჿ",
        allowed_tlds: &["ge"],
    },
    WholeScriptConfusable {
        script: Script::Greek,
        latin_lookalike_letters: "αικνρυωηοτ",
        allowed_tlds: &["gr"],
    },
    WholeScriptConfusable {
        script: Script::Hebrew,
        latin_lookalike_letters: "דוחיןסװײ׳ﬦ",
        allowed_tlds: &["il"],
    },
    WholeScriptConfusable {
        script: Script::Bengali,
        latin_lookalike_letters: "০৭",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Devanagari,
        latin_lookalike_letters: "ऽ०ॱ",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Gujarati,
        latin_lookalike_letters: "ડટ૦૧",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Gurmukhi,
        latin_lookalike_letters: "੦੧",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Kannada,
        latin_lookalike_letters: "ಽ೦೧",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Malayalam,
        latin_lookalike_letters: "ടഠധനറ൦",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Oriya,
        latin_lookalike_letters: "ଠ୦୮",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Tamil,
        latin_lookalike_letters: "டப௦",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Telugu,
        latin_lookalike_letters: "౦౧",
        allowed_tlds: &[],
    },
    WholeScriptConfusable {
        script: Script::Myanmar,
        latin_lookalike_letters: "ခဂငထပဝ၀၂ၔၜ\u{1090}\u{1091}\u{1095}\u{1096}\u{1097}",
        allowed_tlds: &["mm"],
    },
    WholeScriptConfusable {
        script: Script::Thai,
        latin_lookalike_letters: "ทนบพรหเแ๐ดลปฟม",
        allowed_tlds: &["th"],
    },
];

/// `kAllowedWholeScriptConfusableWords`: whole labels exempt from the check.
pub(crate) const ALLOWED_WHOLE_SCRIPT_CONFUSABLE_WORDS: [&str; 12] = [
    "секс",
    "как",
    "коса",
    "курс",
    "парк",
    "такий",
    "укроп",
    "сахарок",
    "покраска",
    "театр",
    "астро",
    "пхукет",
];

/// `digit_lookalikes_`.
pub(crate) const DIGIT_LOOKALIKES: &str = "θ२২੨੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// `kana_letters_exceptions_`: へべぺ ヘベペ ・ーヽヾ.
pub(crate) const KANA_LETTERS_EXCEPTIONS: [std::ops::RangeInclusive<char>; 3] =
    ['\u{3078}'..='\u{307A}', '\u{30D8}'..='\u{30DA}', '\u{30FB}'..='\u{30FE}'];

/// `combining_diacritics_exceptions_`.
pub(crate) const COMBINING_DIACRITICS_EXCEPTIONS: std::ops::RangeInclusive<char> = '\u{0300}'..='\u{0339}';

/// `icelandic_characters_`: þ ð, allowed only under `.is` and `.fo`.
pub(crate) const ICELANDIC_CHARACTERS: [char; 2] = ['\u{00FE}', '\u{00F0}'];

/// Latin small letter schwa, allowed only under `.az`.
pub(crate) const SCHWA: char = '\u{0259}';

/// ICU 78's hand-written inclusion set (`uspoof_getInclusionUnicodeSet`),
/// which Chromium adds to the recommended set; it also holds U+0375 GREEK
/// LOWER NUMERAL SIGN, which Unicode 17's Allowed set lacks.
pub(crate) const ICU_INCLUSION_SET: &str = include_str!("../../../../../tables/browsers/icu_inclusion_set.txt");

/// `SetAllowedUnicodeSet`: removed from ICU's recommended ∪ inclusion sets
/// (the Apple-only removals U+0620, U+0F8C–U+0F8F are not made on Linux).
pub(crate) const ALLOWED_SET_REMOVALS: [std::ops::RangeInclusive<char>; 16] = [
    '\u{0338}'..='\u{0338}',
    '\u{058A}'..='\u{058A}',
    '\u{2010}'..='\u{2010}',
    '\u{2019}'..='\u{2019}',
    '\u{2027}'..='\u{2027}',
    '\u{30A0}'..='\u{30A0}',
    '\u{02BB}'..='\u{02BB}',
    '\u{02BC}'..='\u{02BC}',
    '\u{02EC}'..='\u{02EC}',
    '\u{0138}'..='\u{0138}',
    '\u{01CD}'..='\u{01DC}',
    '\u{1C80}'..='\u{1C8F}',
    '\u{1E00}'..='\u{1E9B}',
    '\u{1F00}'..='\u{1FFF}',
    '\u{A640}'..='\u{A69F}',
    '\u{A720}'..='\u{A7FF}',
];

/// The dangerous-pattern regular expression of `SafeToDisplayAsUnicode`,
/// its alternatives as upstream concatenates them (ICU syntax, which the
/// regex crate reads the same way: `\uXXXX`, `\p{scx=…}`). The slash-like
/// class is written from Firefox's list, [`CJK_SLASH_CONFUSABLES`]: upstream
/// lists the same eight characters in another order, which a character
/// class does not see. `\u30fb$` is not in the stored source:
/// Chromium 156 shows every label ending in ・ (ア・.com, 漢・.com, 한・.com,
/// ・.com) as Punycode and ・・ア.com, ア・・ア.com in Unicode
/// (`tests/real_browsers.rs`).
pub(crate) fn dangerous_pattern() -> String {
    let slash_like: String = CJK_SLASH_CONFUSABLES.iter().map(|code| format!("\\u{code:04x}")).collect();
    let cjk_lookalikes: String = CJK_LOOKALIKES.iter().map(|code| format!("\\u{code:04x}")).collect();
    [
        r"[^\p{scx=kana}\p{scx=hira}\p{scx=hani}]",
        &format!("[{slash_like}]"),
        r"[^\p{scx=kana}\p{scx=hira}\p{scx=hani}]|",
        r"[^\p{scx=kana}][\u30fd\u30fe]|^[\u30fd\u30fe]|",
        r"^[\p{scx=kana}]+[\u3078-\u307a][\p{scx=kana}]+$|",
        r"^[\p{scx=hira}]+[\u30d8-\u30da][\p{scx=hira}]+$|",
        r"[^\p{scx=kana}\p{scx=hira}]\u30fc|^\u30fc|",
        r"[a-z]\u30fb|\u30fb[a-z]|\u30fb$|",
        r"[^\p{scx=kana}\p{scx=hira}\p{scx=hani}\p{scx=bopo}]",
        &format!("[{cjk_lookalikes}]|[{cjk_lookalikes}]"),
        r"[^\p{scx=kana}\p{scx=hira}\p{scx=hani}\p{scx=bopo}]|",
        r"[^\p{scx=latn}\p{scx=grek}\p{scx=cyrl}][\u0300-\u0339]|",
        r"\u0131[\u0300-\u0339]|",
        r"\u3099|\u309A|",
        r"[ijl]\u0307",
    ]
    .concat()
}

/// The class the dangerous pattern writes twice, once after and once
/// before a character of none of Katakana, Hiragana, Han and Bopomofo: CJK
/// characters that look like Latin letters or strokes.
const CJK_LOOKALIKES: [u32; 27] = [
    0x4E00, 0x3127, 0x4E28, 0x4E5B, 0x4E03, 0x4E05, 0x5341, 0x3007, 0x3112, 0x311A, 0x311F, 0x3128, 0x3129, 0x3108, 0x31BA,
    0x31B3, 0x5DE5, 0x31B2, 0x8BA0, 0x4E01, 0x4E36, 0x4E85, 0x4E8C, 0x4EA0, 0x5196, 0x5B80, 0x5DDB,
];

/// Whether `c` is one of the characters of which every match of
/// [`dangerous_pattern`] holds at least one (each alternative names such a
/// character outside its negated classes; a test reads this off the
/// pattern's syntax tree). A label with none of them cannot match: the
/// pattern is then neither compiled nor run.
pub(crate) fn dangerous_pattern_needs(c: char) -> bool {
    let code = u32::from(c);
    match code {
        0x0300..=0x0339 | 0x3078..=0x307A | 0x3099 | 0x309A | 0x30D8..=0x30DA | 0x30FB..=0x30FE => true,
        0x3007..=0x9FFF => CJK_SLASH_CONFUSABLES.contains(&code) || CJK_LOOKALIKES.contains(&code),
        _ => false,
    }
}

/// `skeleton_generator.cc` `diacritic_remover_` ("DropAcc"): after NFD,
/// removing General_Category=Mn and NFC, these letters are mapped.
pub(crate) const DIACRITIC_REMOVER_EXTRA: [(char, char); 3] = [('ł', 'l'), ('ø', 'o'), ('đ', 'd')];

/// `extra_confusable_mapper_` ("ExtraConf"): each character of the left
/// side becomes the right side.
pub(crate) const EXTRA_CONFUSABLES: [(&str, &str); 29] = [
    ("æӕ", "ae"),
    ("ϼҏ", "p"),
    ("ħнћңҥӈӊԋԧԩ", "h"),
    ("ĸκкқҝҟҡӄԟ", "k"),
    ("ŋпԥกח", "n"),
    ("ŧтҭԏ七丅丆丁", "t"),
    ("ƅьҍвß", "b"),
    ("ωшщพฟພຟ", "w"),
    ("мӎ", "m"),
    ("єҽҿၔ", "e"),
    ("ґ", "r"),
    ("ғӻ", "f"),
    ("ҫင", "c"),
    ("ұ丫", "y"),
    ("χҳӽӿ乂", "x"),
    ("ԃძ", "d"),
    ("ԍဌ", "g"),
    ("ടรຣຮ", "s"),
    ("၂", "j"),
    ("०০੦૦ଠ୦೦စ", "o"),
    ("৭੧૧", "q"),
    ("บບ", "u"),
    ("θ", "0"),
    ("२২੨੨૨೩೭շ", "2"),
    ("зҙӡउওਤ੩૩౩ဒვპੜკ", "3"),
    ("੫丩ㄐ", "4"),
    ("ճ", "6"),
    ("৪੪୫", "8"),
    ("૭୨౨", "9"),
];

/// The dash-like characters ExtraConf maps to `-`.
pub(crate) const EXTRA_CONFUSABLE_DASHES: &str = "—一―⸺⸻";

/// `character_map_`: characters with more than one skeleton.
pub(crate) const MULTIPLE_SKELETONS: [(char, [&str; 2]); 3] = [('þ', ["b", "p"]), ('œ', ["ce", "oe"]), ('ł', ["l", "t"])];

/// The top domains: `spoof_checks/top_domains/domains.list` @ 2e586724
/// (CrUX 2023-09; the top bucket first, then `###END_TOP_BUCKET###`).
pub(crate) const TOP_DOMAINS_LIST: &str = include_str!("../../../../../tables/browsers/chromium_domains.list");
