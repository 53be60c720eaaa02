//! The Examples menu: every example of the seed documents, plus names that
//! each break one rule. Data only.

/// One example: what the menu shows, the input it puts in the domain field,
/// and why it is interesting.
pub struct Example {
    /// The menu text (the input itself where it is visible; invisible parts spelled out).
    pub label: &'static str,
    /// The text put in the domain field.
    pub input: &'static str,
    /// Why the example is interesting, in a sentence.
    pub note: &'static str,
}

/// A titled group of examples (one submenu).
pub struct ExampleGroup {
    /// The submenu's title.
    pub title: &'static str,
    /// Its examples, in menu order.
    pub examples: &'static [Example],
}

const fn ex(label: &'static str, input: &'static str, note: &'static str) -> Example {
    Example { label, input, note }
}

/// All groups, in menu order.
pub const GROUPS: &[ExampleGroup] = &[
    ExampleGroup {
        title: "UTS #46 Table 2: processing",
        examples: &[
            ex("Bloß.de", "Bloß.de", "Map lowercases B; transitional also maps ß to ss."),
            ex(
                "xn--blo-7ka.de",
                "xn--blo-7ka.de",
                "Punycode is not mapped, so ß stays (both modes).",
            ),
            ex(
                "u + U+0308 .com",
                "u\u{0308}.com",
                "Normalize (NFC) turns u + combining diaeresis into ü.",
            ),
            ex("xn--tda.com", "xn--tda.com", "Punycode xn--tda decodes to ü."),
            ex(
                "xn--u-ccb.com",
                "xn--u-ccb.com",
                "Decodes to u + U+0308, which is not NFC: V1.",
            ),
            ex(
                "a⒈com",
                "a\u{2488}com",
                "U+2488 ⒈ would map to \"1.\" and create a dot: disallowed.",
            ),
            ex("xn--a-ecp.ru", "xn--a-ecp.ru", "Decodes to a⒈, which fails validation (V7)."),
            ex("xn--0.pt", "xn--0.pt", "xn--0 is not valid Punycode: P4."),
            ex(
                "日本語。ＪＰ",
                "日本語。ＪＰ",
                "Fullwidth letters and the ideographic full stop 。 are mapped.",
            ),
            ex("👉.us", "👉.us", "Characters newer than Unicode 3.2 are allowed."),
        ],
    },
    ExampleGroup {
        title: "UTS #46 Table 1: deviations",
        examples: &[
            ex("faß.de", "faß.de", "ß: transitional fass.de, nontransitional xn--fa-hia.de."),
            ex("βόλος.com", "βόλος.com", "Final sigma ς: transitional maps it to σ."),
            ex(
                "ශ්‍රී.com (ZWJ)",
                "ශ්\u{200D}රී.com",
                "Sinhala with ZERO WIDTH JOINER after a virama.",
            ),
            ex(
                "نامه‌ای.com (ZWNJ)",
                "نامه\u{200C}ای.com",
                "Persian with ZERO WIDTH NON-JOINER between joining letters.",
            ),
            ex(
                "www.sparkasse-gießen.de",
                "www.sparkasse-gießen.de",
                "The spoofing scenario of UTS #46 §1.3.2: two modes, two different sites.",
            ),
        ],
    },
    ExampleGroup {
        title: "Punycode article (English)",
        examples: &[
            ex("bücher", "bücher", "The textbook walk-through: delta 745, digits k v a."),
            ex("München", "München", "Mnchen-3ya"),
            ex("München-Ost", "München-Ost", "Mnchen-Ost-9db"),
            ex(
                "Bahnhof München-Ost",
                "Bahnhof München-Ost",
                "Mnchen-Ost-u6b; the space fails UseSTD3ASCIIRules.",
            ),
            ex("abæcdöef", "abæcdöef", "abcdef-qua4k"),
            ex("правда", "правда", "Cyrillic: 80aafi6cg"),
            ex("ยจฆฟคฏข", "ยจฆฟคฏข", "Thai: 22cdfh1b8fsa"),
            ex("도메인", "도메인", "Hangul: hq1bm8jm9l"),
            ex("ドメイン名例", "ドメイン名例", "Katakana and kanji: eckwd4c7cu47r2wf"),
            ex(
                "MajiでKoiする5秒前",
                "MajiでKoiする5秒前",
                "Mixed scripts: MajiKoi5-783gue6qz075azm5e",
            ),
            ex("「bücher」", "「bücher」", "bcher-kva8445foa"),
            ex("а (Cyrillic)", "а", "One Cyrillic letter: 80a"),
            ex("例", "例", "fsq"),
            ex("😉", "😉", "n28h"),
            ex("αβγ", "αβγ", "mxacd"),
            ex("London", "London", "All basic: London-"),
            ex("-> $1.00 <-", "-> $1.00 <-", "All basic with symbols; not a valid label."),
        ],
    },
    ExampleGroup {
        title: "Punycode article (German)",
        examples: &[
            ex("schön", "schön", "schn-7qa"),
            ex("☺", "☺", "74h"),
            ex("xn--", "xn--", "A label that is just the ACE prefix: P4."),
        ],
    },
    ExampleGroup {
        title: "Rejected names",
        examples: &[
            ex(
                "ab--c.com (hyphens 3-4)",
                "ab--c.com",
                "Hyphens in the 3rd and 4th positions: V2 (CheckHyphens).",
            ),
            ex("-example.com", "-example.com", "Leading hyphen: V3 (CheckHyphens)."),
            ex(
                "1.עברית (Bidi)",
                "1.עברית",
                "A right-to-left name whose first label starts with a digit: B1.",
            ),
            ex(
                "a + ZWJ + b.com (ContextJ)",
                "a\u{200D}b.com",
                "ZERO WIDTH JOINER not after a virama: C2.",
            ),
            ex(
                "a + ZWNJ + b.com (ContextJ)",
                "a\u{200C}b.com",
                "ZERO WIDTH NON-JOINER between Latin letters: C1.",
            ),
            ex("a_b.com (STD3)", "a_b.com", "Underscore is not a-z, 0-9 or hyphen: U1."),
            ex(
                "64-letter label (too long)",
                LONG_LABEL,
                "A label of 64 characters: A4_2 (VerifyDnsLength).",
            ),
            ex(
                "xn--xn--bcher-u9a.de (double ACE)",
                "xn--xn--bcher-u9a.de",
                "Decodes to xn--bücher, itself ACE-prefixed: V4 (and V2).",
            ),
            ex(
                "pay + SOFT HYPHEN + pal.com",
                "pay\u{00AD}pal.com",
                "The soft hyphen is ignored: the name becomes paypal.com.",
            ),
        ],
    },
];

const LONG_LABEL: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.com";

/// Every example, flattened.
pub fn all() -> impl Iterator<Item = &'static Example> {
    GROUPS.iter().flat_map(|group| group.examples.iter())
}
