//! A deterministic corpus of names for differential testing (issue 6):
//! ASCII host names (good and STD3/hyphen/length-breaking), IDNs in many
//! scripts, `xn--` forms (valid, upper-case, truncated, garbage), names built
//! to break one UTS #46 rule, labels near the Punycode length limits, and labels of random code points assigned in
//! Unicode 16.0 (non-disallowed rows of the bundled mapping table, plus
//! assigned but disallowed characters). Same names every run.
#![allow(dead_code)]

use idna_inspector::MappingTable;
use idna_inspector::punycode;
use idna_inspector::table::Status;

/// xorshift64: small, deterministic, good enough to spread choices.
pub struct Random(u64);

impl Random {
    pub fn new(seed: u64) -> Random {
        Random(seed | 1)
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}

/// Letter ranges of many scripts (all assigned in Unicode 3.2 or later, long before 16.0).
const SCRIPT_RANGES: [(u32, u32); 24] = [
    (0x00E0, 0x00FF), // Latin-1 lower case
    (0x0100, 0x017F), // Latin Extended-A
    (0x03B1, 0x03C9), // Greek
    (0x0430, 0x044F), // Cyrillic
    (0x0561, 0x0586), // Armenian
    (0x05D0, 0x05EA), // Hebrew
    (0x0627, 0x064A), // Arabic letters
    (0x0660, 0x0669), // Arabic-Indic digits
    (0x0905, 0x0939), // Devanagari
    (0x0985, 0x09B9), // Bengali
    (0x0B85, 0x0BB9), // Tamil
    (0x0E01, 0x0E30), // Thai
    (0x10D0, 0x10FA), // Georgian
    (0x1200, 0x1248), // Ethiopic
    (0x1780, 0x17B3), // Khmer
    (0x3041, 0x3096), // Hiragana
    (0x30A1, 0x30FA), // Katakana
    (0x4E00, 0x9FFF), // CJK
    (0xAC00, 0xD7A3), // Hangul syllables
    (0x0F40, 0x0F6C), // Tibetan
    (0x0D85, 0x0DC6), // Sinhala
    (0x1401, 0x166C), // Canadian syllabics
    (0x0710, 0x072F), // Syriac
    (0x07CA, 0x07EA), // NKo
];

/// Characters each of which a UTS #46 rule cares about.
const SPECIAL: [&str; 34] = [
    "ß",
    "ẞ",
    "ς",
    "Σ",
    "\u{200C}",
    "\u{200D}",
    "\u{094D}",
    "\u{00AD}",
    "\u{0308}",
    "\u{0301}",
    "\u{05BF}",
    "\u{0640}",
    "·",
    "\u{0375}",
    "׳",
    "・",
    "٣",
    "۳",
    "。",
    "．",
    "｡",
    "＿",
    "⒈",
    "Ⅷ",
    "Ⓐ",
    "ﬀ",
    "😉",
    "♥",
    "\u{FE0F}",
    "\u{E0001}",
    "\u{2028}",
    "\u{0000}",
    "\u{FFFD}",
    "\u{10FFFF}",
];

const ASCII_TLDS: [&str; 8] = ["com", "de", "org", "xn--p1ai", "jp", "co.uk", "XN--P1AI", "DE"];

/// `count` names, the same ones every call with the same table.
pub fn corpus(table: &MappingTable, count: usize) -> Vec<String> {
    let mut random = Random::new(0x5DEE_CE66_D1CE_4E5B);
    let assigned = assigned_code_points(table);
    (0..count)
        .map(|_| match random.below(100) {
            0 if random.below(20) == 0 => long_label_name(&mut random),
            0..30 => ascii_name(&mut random),
            30..55 => script_name(&mut random),
            55..67 => a_label_name(&mut random),
            67..82 => rule_breaking_name(&mut random),
            _ => random_code_point_name(&mut random, &assigned),
        })
        .collect()
}

/// A label near the engines' Punycode limits (1,000 code points to encode,
/// 2,000 bytes to decode): distinct CJK ideographs, as text or as an A-label.
fn long_label_name(random: &mut Random) -> String {
    let count = 990 + random.below(21);
    let start = 0x4E00 + random.below(1000) as u32;
    let text: String = (0..count as u32).filter_map(|i| char::from_u32(start + i)).collect();
    if random.below(2) == 0 {
        return format!("{text}.com");
    }
    let encoded = punycode::encode(&text).unwrap_or_default();
    let bytes = (1990 + random.below(21)).min(encoded.len());
    format!("xn--{}.com", &encoded[..bytes])
}

/// Code points assigned in the table's Unicode version: every row that is
/// not disallowed (each is an assigned character), plus a few assigned
/// characters the table disallows: a C1 control, an ideographic description
/// character, the object replacement character, a private-use character and
/// a digit with a full stop (⒈).
fn assigned_code_points(table: &MappingTable) -> Vec<char> {
    let mut chars: Vec<char> = table
        .rows()
        .filter(|row| row.status != Status::Disallowed)
        .flat_map(|row| (row.first..=row.last).filter_map(char::from_u32))
        .collect();
    chars.extend(['\u{0080}', '\u{2FF0}', '\u{FFFC}', '\u{E000}', '\u{2488}']);
    chars
}

fn ascii_label(random: &mut Random) -> String {
    const BYTES: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyzABCXYZ---_*+ ";
    let length = match random.below(40) {
        0 => 64 + random.below(10),
        1 => 0,
        _ => 1 + random.below(14),
    };
    (0..length).map(|_| BYTES[random.below(BYTES.len())] as char).collect()
}

fn ascii_name(random: &mut Random) -> String {
    let mut labels: Vec<String> = (0..1 + random.below(3)).map(|_| ascii_label(random)).collect();
    labels.push(random.pick(&ASCII_TLDS).to_string());
    let mut name = labels.join(".");
    if random.below(20) == 0 {
        name.push('.');
    }
    if random.below(60) == 0 {
        name = name.repeat(8); // far past 253 octets
    }
    name
}

fn script_label(random: &mut Random) -> String {
    let (first, last) = SCRIPT_RANGES[random.below(SCRIPT_RANGES.len())];
    let length = 1 + random.below(10);
    let mut label: String = (0..length)
        .filter_map(|_| char::from_u32(first + random.below((last - first + 1) as usize) as u32))
        .collect();
    if random.below(6) == 0 {
        label.insert_str(0, "ab");
    }
    if random.below(8) == 0 {
        label = label.to_uppercase();
    }
    label
}

fn script_name(random: &mut Random) -> String {
    let mut labels: Vec<String> = (0..1 + random.below(2)).map(|_| script_label(random)).collect();
    if random.below(2) == 0 {
        labels.push(random.pick(&ASCII_TLDS).to_string());
    } else {
        labels.push(script_label(random));
    }
    labels.join(".")
}

fn a_label(random: &mut Random) -> String {
    let unicode = script_label(random);
    let encoded = punycode::encode(&unicode).unwrap_or_default();
    match random.below(10) {
        0 => format!("XN--{}", encoded.to_uppercase()),
        1 => format!("xn--{}", &encoded[..encoded.len() / 2]),
        2 => {
            let digits: String = (0..1 + random.below(12))
                .map(|_| b"abcxyz0189-"[random.below(11)] as char)
                .collect();
            format!("xn--{digits}")
        }
        3 => format!("xn--{}", punycode::encode(&ascii_label(random)).unwrap_or_default()),
        4 => "xn--".to_string(),
        _ => format!("xn--{encoded}"),
    }
}

fn a_label_name(random: &mut Random) -> String {
    let mut labels: Vec<String> = (0..1 + random.below(2)).map(|_| a_label(random)).collect();
    labels.push(random.pick(&ASCII_TLDS).to_string());
    labels.join(".")
}

/// A script label with one special character spliced in somewhere.
fn rule_breaking_name(random: &mut Random) -> String {
    let mut label: Vec<char> = script_label(random).chars().collect();
    for _ in 0..1 + random.below(2) {
        let special: Vec<char> = random.pick(&SPECIAL).chars().collect();
        let at = random.below(label.len() + 1);
        label.splice(at..at, special);
    }
    let label: String = label.into_iter().collect();
    match random.below(4) {
        0 => format!("{label}.com"),
        1 => format!("{}.{label}", script_label(random)),
        2 => format!("-{label}"),
        _ => label,
    }
}

fn random_code_point_name(random: &mut Random, assigned: &[char]) -> String {
    let labels: Vec<String> = (0..1 + random.below(2))
        .map(|_| {
            (0..1 + random.below(6))
                .map(|_| assigned[random.below(assigned.len())])
                .collect()
        })
        .collect();
    labels.join(".")
}
