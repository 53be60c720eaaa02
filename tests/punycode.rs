//! Punycode (RFC 3492): the §7.1 samples, the seed articles' examples, the
//! "bücher" walk-through values, and the failure cases of §6.2 and §6.4.

use idna_inspector::punycode::{PunycodeErrorKind, decode, decode_traced, encode, encode_traced};

/// RFC 3492 §7.1, samples (A) to (S): (label, Unicode, Punycode).
const RFC_3492_SAMPLES: [(&str, &str, &str); 19] = [
    ("A Arabic (Egyptian)", "ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
    ("B Chinese (simplified)", "他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
    ("C Chinese (traditional)", "他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
    ("D Czech", "Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
    ("E Hebrew", "למההםפשוטלאמדבריםעברית", "4dbcagdahymbxekheh6e0a7fei0b"),
    (
        "F Hindi (Devanagari)",
        "यहलोगहिन्दीक्योंनहींबोलसकतेहैं",
        "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd",
    ),
    (
        "G Japanese (kanji and hiragana)",
        "なぜみんな日本語を話してくれないのか",
        "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa",
    ),
    (
        "H Korean (Hangul syllables)",
        "세계의모든사람들이한국어를이해한다면얼마나좋을까",
        "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c",
    ),
    (
        "I Russian (Cyrillic)",
        "почемужеонинеговорятпорусски",
        "b1abfaaepdrnnbgefbadotcwatmq2g4l",
    ),
    (
        "J Spanish",
        "PorquénopuedensimplementehablarenEspañol",
        "PorqunopuedensimplementehablarenEspaol-fmd56a",
    ),
    (
        "K Vietnamese",
        "TạisaohọkhôngthểchỉnóitiếngViệt",
        "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g",
    ),
    ("L", "3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
    (
        "M",
        "安室奈美恵-with-SUPER-MONKEYS",
        "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n",
    ),
    (
        "N",
        "Hello-Another-Way-それぞれの場所",
        "Hello-Another-Way--fc4qua05auwb3674vfr0b",
    ),
    ("O", "ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
    ("P", "MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("Q", "パフィーdeルンバ", "de-jg4avhby1noc0d"),
    ("R", "そのスピードで", "d9juau41awczczp"),
    ("S", "-> $1.00 <-", "-> $1.00 <--"),
];

#[test]
fn rfc_3492_samples_encode_and_decode() {
    for (label, unicode, punycode) in RFC_3492_SAMPLES {
        assert_eq!(encode(unicode).as_deref(), Ok(punycode), "encode sample ({label})");
        assert_eq!(decode(punycode).as_deref(), Ok(unicode), "decode sample ({label})");
    }
}

#[test]
fn digits_decode_case_insensitively() {
    // The RFC prints sample (I) with the mixed-case annotation "baDot"; case carries no value.
    assert_eq!(
        decode("b1abfaaepdrnnbgefbaDotcwatmq2g4l").unwrap(),
        "почемужеонинеговорятпорусски"
    );
    assert_eq!(decode("BCHER-KVA").unwrap(), "BüCHER");
}

/// The example table of the English "Punycode" article (seeds/000), made with Python's codec.
const ARTICLE_TABLE: [(&str, &str); 27] = [
    ("", ""),
    ("a", "a-"),
    ("A", "A-"),
    ("3", "3-"),
    ("-", "--"),
    ("--", "---"),
    ("London", "London-"),
    ("Lloyd-Atkinson", "Lloyd-Atkinson-"),
    ("This has spaces", "This has spaces-"),
    ("-> $1.00 <-", "-> $1.00 <--"),
    ("а", "80a"),
    ("ü", "tda"),
    ("α", "mxa"),
    ("例", "fsq"),
    ("😉", "n28h"),
    ("αβγ", "mxacd"),
    ("München", "Mnchen-3ya"),
    ("Mnchen-3ya", "Mnchen-3ya-"),
    ("München-Ost", "Mnchen-Ost-9db"),
    ("Bahnhof München-Ost", "Bahnhof Mnchen-Ost-u6b"),
    ("abæcdöef", "abcdef-qua4k"),
    ("правда", "80aafi6cg"),
    ("ยจฆฟคฏข", "22cdfh1b8fsa"),
    ("도메인", "hq1bm8jm9l"),
    ("ドメイン名例", "eckwd4c7cu47r2wf"),
    ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
    ("「bücher」", "bcher-kva8445foa"),
];

#[test]
fn english_article_table_both_ways() {
    for (unicode, punycode) in ARTICLE_TABLE {
        assert_eq!(encode(unicode).as_deref(), Ok(punycode), "encode {unicode:?}");
        assert_eq!(decode(punycode).as_deref(), Ok(unicode), "decode {punycode:?}");
    }
}

#[test]
fn article_table_matches_the_seed_file_where_present() {
    // Guards the table above against typing mistakes: every Punycode column value
    // must appear in the seed article (the CJK input of "fsq" was lost in its extraction).
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/seeds/000_799172abcdb5aa97.txt");
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("SKIPPED: {path} not present");
        return;
    };
    for (unicode, punycode) in ARTICLE_TABLE.iter().skip(1) {
        let row = text
            .lines()
            .find(|line| line.starts_with(&format!("{unicode} {punycode} ")) || line.starts_with(&format!("{punycode} ")));
        assert!(row.is_some(), "no row for {unicode:?} → {punycode:?} in the seed article");
    }
}

#[test]
fn german_article_examples() {
    assert_eq!(encode("schön").unwrap(), "schn-7qa");
    assert_eq!(encode("☺").unwrap(), "74h");
    assert_eq!(encode("xn--").unwrap(), "xn---");
    assert_eq!(decode("xn---").unwrap(), "xn--");
}

#[test]
fn buecher_walk_through_trace() {
    // seeds/000 "The decoder" and "Re-encoding": delta 745, digits k v a, thresholds 1, 1, 26.
    let (result, trace) = encode_traced("bücher");
    assert_eq!(result.unwrap(), "bcher-kva");
    assert_eq!(trace.basic, "bcher");
    assert!(trace.delimiter);
    assert_eq!(trace.insertions.len(), 1);
    let insertion = &trace.insertions[0];
    assert_eq!(insertion.code_point, 'ü');
    assert_eq!(insertion.delta, 745, "(6 × 124) + 1 = 745 skipped insertions");
    assert_eq!(insertion.i, 1, "ü goes after the b");
    assert_eq!(insertion.h, 5);
    assert_eq!(insertion.bias, 72);
    let digits: String = insertion.digits.iter().map(|d| d.digit).collect();
    let thresholds: Vec<u32> = insertion.digits.iter().map(|d| d.t).collect();
    let values: Vec<u32> = insertion.digits.iter().map(|d| d.value).collect();
    let weights: Vec<u32> = insertion.digits.iter().map(|d| d.w).collect();
    assert_eq!(digits, "kva");
    assert_eq!(thresholds, [1, 1, 26]);
    assert_eq!(values, [10, 21, 0], "\"kva\" is the digit string 10 21 0");
    assert_eq!(weights[..2], [1, 35], "10 × 1 + 21 × 35 = 745");
    assert_eq!(insertion.digits[0].q, Some(745));
    assert!(insertion.adaptation.first_time);
    assert_eq!(insertion.adaptation.numpoints, 6);

    let (decoded, decode_trace) = decode_traced("bcher-kva");
    assert_eq!(decoded.unwrap(), "bücher");
    let step = &decode_trace.insertions[0];
    assert_eq!((step.code_point, step.i, step.delta), ('ü', 1, 745));
    assert_eq!(
        step.digits.iter().map(|d| (d.digit, d.t, d.value)).collect::<Vec<_>>(),
        [('k', 1, 10), ('v', 1, 21), ('a', 26, 0)]
    );
    assert_eq!(
        step.adaptation, insertion.adaptation,
        "decoder and encoder adapt the bias identically"
    );
}

#[test]
fn second_insertion_example_from_the_article() {
    // "büücher" → bcher-kvaa, "bücüher" → bcher-kvab, "bücherü" → bcher-kvae,
    // "ýbücher" → bcher-kvaf, "übücher" → bcher-jvab.
    for (unicode, punycode) in [
        ("büücher", "bcher-kvaa"),
        ("bücüher", "bcher-kvab"),
        ("bücherü", "bcher-kvae"),
        ("ýbücher", "bcher-kvaf"),
        ("übücher", "bcher-jvab"),
    ] {
        assert_eq!(encode(unicode).unwrap(), punycode);
        assert_eq!(decode(punycode).unwrap(), unicode);
    }
}

#[test]
fn decode_failures_name_the_reason_and_position() {
    let kind_at = |input: &str| decode(input).map_err(|e| (e.kind, e.position)).unwrap_err();
    assert_eq!(kind_at("99999999999"), (PunycodeErrorKind::Overflow, 7));
    assert_eq!(kind_at("a-z"), (PunycodeErrorKind::Truncated, 3));
    assert_eq!(
        kind_at("-abc"),
        (PunycodeErrorKind::InvalidDigit('-'), 0),
        "a leading delimiter is not consumed (b = 0)"
    );
    assert_eq!(kind_at("ü-abc"), (PunycodeErrorKind::NonBasic('ü'), 0));
    assert_eq!(kind_at("abc-!"), (PunycodeErrorKind::InvalidDigit('!'), 4));
    // 35 + 35×35 + 35×1225 + 35×12250 + 10×122500 = 1,697,885 → n = U+19E8DD, beyond U+10FFFF.
    assert_eq!(kind_at("9999k"), (PunycodeErrorKind::CodePointOutOfRange(0x19E8DD), 4));
    let (_, trace) = decode_traced("abc-!");
    assert_eq!(trace.error.map(|e| e.position), Some(4));
}

#[test]
fn encode_overflow_is_an_error_not_a_wrap() {
    // (0x10FFFF − 128) × 5001 exceeds 2^32 − 1 (RFC 3492 §6.4).
    let long = "a".repeat(5000) + "\u{10FFFF}";
    assert_eq!(encode(&long).unwrap_err().kind, PunycodeErrorKind::Overflow);
}
