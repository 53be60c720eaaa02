//! The generated benchmark corpora, shared by `benches/batch.rs` and the
//! callgrind drivers in `examples/` (deterministic: same lines every run).
//!
//! Three corpora, as issue 4 defines them: `Mixed` (70 % ASCII names, 20 %
//! Unicode IDNs, 7 % names with an `xn--` label, 3 % invalid names),
//! `Ascii` (only ASCII names) and `Idn` (only Unicode IDNs); and
//! `DistinctIdn`, Unicode IDNs no two alike (as in a zone file), for the
//! spoof check, which remembers names it has seen.

#![allow(dead_code)]

/// Lines per generated corpus.
pub const LINES: usize = 100_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Mixed,
    Ascii,
    Idn,
    DistinctIdn,
}

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Mixed, Kind::Ascii, Kind::Idn];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Mixed => "mixed",
            Kind::Ascii => "all-ASCII",
            Kind::Idn => "all-IDN",
            Kind::DistinctIdn => "distinct-IDN",
        }
    }
}

/// `LINES` names of one kind.
pub fn generate(kind: Kind) -> Vec<String> {
    generate_n(kind, LINES)
}

/// `count` names of one kind (the first `LINES` are [`generate`]'s).
pub fn generate_n(kind: Kind, count: usize) -> Vec<String> {
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    (0..count)
        .map(|index| match kind {
            Kind::Ascii => ascii_name(&mut random),
            Kind::Idn => idn_name(&mut random),
            Kind::DistinctIdn => distinct_idn_name(&mut random, index),
            Kind::Mixed => match random.below(100) {
                0..70 => ascii_name(&mut random),
                70..90 => idn_name(&mut random),
                90..97 => a_label_name(&mut random),
                _ => invalid_name(&mut random),
            },
        })
        .collect()
}

struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const ASCII_TLDS: [&str; 8] = ["com", "de", "org", "net", "jp", "co.uk", "io", "DE"];
const IDN_TLDS: [&str; 6] = ["рф", "中国", "香港", "קום", "भारत", "δοκιμή"];
const IDN_WORDS: [&str; 22] = [
    "bücher",
    "faß",
    "münchen-ost",
    "βόλος",
    "правда",
    "пример",
    "日本語",
    "例え",
    "도메인",
    "ยจฆฟคฏข",
    "مثال",
    "דוגמה",
    "उदाहरण",
    "😉",
    "straße",
    "ÄÖÜ",
    "česko",
    "ŁÓDŹ",
    "ελληνικά",
    "中文网",
    "ファッション",
    "தமிழ்",
];

/// A host name of 1–3 labels of 2–14 letters, digits and inner hyphens, some capitals.
fn ascii_name(random: &mut Random) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ";
    let mut name = String::new();
    for _ in 0..1 + random.below(3) {
        let length = 2 + random.below(13);
        for position in 0..length {
            let hyphen = position > 0 && position + 1 < length && random.below(12) == 0;
            let byte = if hyphen { b'-' } else { LETTERS[random.below(LETTERS.len())] };
            name.push(byte as char);
        }
        name.push('.');
    }
    name.push_str(random.pick(&ASCII_TLDS));
    name
}

/// An IDN of 1–2 Unicode words, sometimes with an ASCII label, under an ASCII or IDN TLD.
fn idn_name(random: &mut Random) -> String {
    let mut labels: Vec<&str> = (0..1 + random.below(2)).map(|_| random.pick(&IDN_WORDS)).collect();
    if random.below(3) == 0 {
        labels.insert(0, "www");
    }
    let tld = if random.below(2) == 0 {
        random.pick(&ASCII_TLDS)
    } else {
        random.pick(&IDN_TLDS)
    };
    labels.push(tld);
    labels.join(".")
}

/// The `index`th name of `DistinctIdn`: a word of `IDN_WORDS` (of two
/// letters or more) followed by `index` written in base n with the word's
/// own n distinct letters, so the label is new and in the word's script,
/// under an ASCII or IDN TLD.
fn distinct_idn_name(random: &mut Random, index: usize) -> String {
    let words: Vec<&str> = IDN_WORDS.iter().copied().filter(|w| w.chars().count() >= 2).collect();
    let word = random.pick(&words);
    let mut letters: Vec<char> = word.chars().filter(|c| c.is_alphabetic()).collect();
    letters.sort_unstable();
    letters.dedup();
    let mut label = word.to_string();
    let mut rest = index;
    loop {
        label.push(letters[rest % letters.len()]);
        rest /= letters.len();
        if rest == 0 {
            break;
        }
    }
    let tld = if random.below(2) == 0 {
        random.pick(&ASCII_TLDS)
    } else {
        random.pick(&IDN_TLDS)
    };
    format!("{label}.{tld}")
}

/// An IDN whose Unicode labels are written as A-labels.
fn a_label_name(random: &mut Random) -> String {
    let word = random.pick(&IDN_WORDS).to_lowercase();
    let a_label = format!("xn--{}", idna_inspector::punycode::encode(&word).expect("short words encode"));
    format!("{a_label}.{}", random.pick(&ASCII_TLDS))
}

/// A name that breaks a rule: hyphens, STD3, empty or long labels, bad Punycode, Bidi, disallowed characters.
fn invalid_name(random: &mut Random) -> String {
    const INVALID: [&str; 10] = [
        "-bad-.com",
        "ab--cd.org",
        "a_b.example",
        "a..b",
        "xn--.com",
        "xn--zz-9999999.net",
        "abc\u{05D0}.com",
        "exa\u{FFFF}mple.de",
        "a\u{200D}b.io",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com",
    ];
    random.pick(&INVALID).to_string()
}
