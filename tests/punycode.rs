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
    let Some(path) = idna_inspector::test_needs::shared_path("seeds/000_799172abcdb5aa97.txt") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
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

/// The encoder fails at the code point whose one added to delta overflows
/// (RFC 3492 §6.3 adds one for each code point below n, in input order),
/// not where the pass starts or ends.
#[test]
fn encode_overflow_names_the_code_point_it_happens_at() {
    // h = 3,855 basic code points: delta = (U+10FF70 − 128) × 3,856 =
    // 4,294,967,040, 255 short of 2^32 − 1; the 256th `a` overflows it.
    let at = |input: &str| encode(input).map_err(|e| (e.kind, e.position)).unwrap_err();
    let early = "a".repeat(3855) + "\u{10FF70}";
    assert_eq!(at(&early), (PunycodeErrorKind::Overflow, 255));
    // In a second pass: é is encoded first and delta reset; the 3,854 `a`
    // after it and the pass's end leave delta = 3,855, n = U+00EA, h = 3,855;
    // then delta = (U+10FFD9 − U+00EA) × 3,856 + 3,855 = 4,294,967,039,
    // 256 short: the 257th code point below n overflows it, at index 256
    // (é is below n now).
    let second = "\u{E9}".to_string() + &"a".repeat(3854) + "\u{10FFD9}";
    assert_eq!(at(&second), (PunycodeErrorKind::Overflow, 256), "in the second pass");
    let (_, trace) = encode_traced(&early);
    assert_eq!(trace.error.map(|e| e.position), Some(255));
}

/// The sentences of a trace's steps, in order.
fn sentences(trace: &idna_inspector::punycode::BootstringTrace) -> Vec<String> {
    trace.steps.iter().map(|step| trace.sentence(step)).collect()
}

/// The position of the first sentence containing `needle` at or after `from`.
fn find_from(sentences: &[String], from: usize, needle: &str) -> usize {
    sentences[from..]
        .iter()
        .position(|s| s.contains(needle))
        .map(|p| p + from)
        .unwrap_or_else(|| panic!("no step says {needle:?} after step {from}:\n{}", sentences.join("\n")))
}

#[test]
fn stepping_the_encoder_through_buecher_reads_like_the_article() {
    // seeds/000: six slots in "bcher", 124 code points between 127 and ü, one
    // slot skipped: (6 × 124) + 1 = 745; then the digits k, v, a.
    use idna_inspector::punycode::Action;
    let (_, trace) = encode_traced("bücher");
    let lines = sentences(&trace);
    let mut at = find_from(&lines, 0, "“bcher” (b = h = 5), then the delimiter");
    at = find_from(&lines, at, "delta += (n − old n) × (h + 1) = (252 − 128) × 6 = 744");
    at = find_from(&lines, at, "‘b’ < n: delta = 745 at i = 1");
    let skip = &trace.steps[at].machine;
    assert_eq!(trace.text_at(&trace.steps[at]), "bcher");
    assert_eq!((skip.slot, skip.n, skip.skipped), (1, 252, 745));
    at = find_from(
        &lines,
        at,
        "k = 36: t = 1 (k ≤ bias + tmin); digit = t + (q − t) mod (36 − t) = 1 + 744 mod 35 = 10 → ‘k’; q = 744 div 35 = 21",
    );
    assert_eq!(trace.written_at(&trace.steps[at]), "bcher-k");
    at = find_from(
        &lines,
        at,
        "k = 72: t = 1 (k ≤ bias + tmin); digit = t + (q − t) mod (36 − t) = 1 + 20 mod 35 = 21 → ‘v’; q = 20 div 35 = 0",
    );
    at = find_from(&lines, at, "k = 108: t = 26 (k ≥ bias + tmax); q = 0 < t");
    assert_eq!(trace.written_at(&trace.steps[at]), "bcher-kva");
    at = find_from(
        &lines,
        at,
        "adapt(delta = 745, numpoints = 6, firsttime = yes): delta = 745 div damp = 745 div 700 = 1",
    );
    at = find_from(&lines, at, "ü (U+00FC) is written: delta = 0, h = 6");
    at = find_from(&lines, at, "‘c’ ‘h’ ‘e’ ‘r’ < n: delta = 4");
    find_from(&lines, at, "End of the pass over the input: delta + 1 = 5, n + 1 = 253");
    let digits: String = trace
        .steps
        .iter()
        .filter_map(|step| match step.action {
            Action::WriteDigit { digit, .. } => Some(digit),
            _ => None,
        })
        .collect();
    assert_eq!(digits, "kva");
}

#[test]
fn stepping_the_decoder_through_bcher_kva_inserts_ue_at_slot_1() {
    let (_, trace) = decode_traced("bcher-kva");
    let lines = sentences(&trace);
    let mut at = find_from(&lines, 0, "“bcher” (5)");
    at = find_from(
        &lines,
        at,
        "‘k’ = 10: i = i + digit × w = 0 + 10 × 1 = 10; k = 36: t = 1 (k ≤ bias + tmin); 10 ≥ t, more digits follow: w = 1 × (36 − 1) = 35",
    );
    // Ten slots passed over: n = 128 + 10 div 6 = 129, slot 10 mod 6 = 4.
    let machine = &trace.steps[at].machine;
    assert_eq!((machine.n, machine.slot, machine.skipped), (129, 4, 10));
    at = find_from(&lines, at, "‘v’ = 21: i = i + digit × w = 10 + 21 × 35 = 745");
    at = find_from(
        &lines,
        at,
        "‘a’ = 0: i = i + digit × w = 745 + 0 × 1225 = 745; k = 108: t = 26 (k ≥ bias + tmax); 0 < t: the number ends",
    );
    at = find_from(&lines, at, "adapt(delta = 745, numpoints = 6, firsttime = yes)");
    at = find_from(
        &lines,
        at,
        "n = n + i div (length + 1) = 128 + 745 div 6 = 252 (ü (U+00FC)); i = i mod 6 = 1",
    );
    let machine = &trace.steps[at].machine;
    assert_eq!(trace.text_at(&trace.steps[at]), "bcher");
    assert_eq!((machine.slot, machine.n), (1, 252));
    at = find_from(&lines, at, "Insert ü (U+00FC) at i = 1 → “bücher”; i = 2");
    assert_eq!(at, lines.len() - 1);
}

/// RFC 3492 §6.1 restated: delta div damp (first time) or div 2, plus itself
/// div numpoints, divided by base − tmin = 35 while above 455, then
/// bias = 36 × divisions + (36 × delta) div (delta + 38).
fn adapt_by_the_rfc(delta: u32, numpoints: u32, first_time: bool) -> u32 {
    let mut delta = if first_time { delta / 700 } else { delta / 2 };
    delta += delta / numpoints;
    let mut k = 0;
    while delta > 455 {
        delta /= 35;
        k += 36;
    }
    k + (36 * delta) / (delta + 38)
}

#[test]
fn steps_replay_every_rfc_sample() {
    use idna_inspector::punycode::Action;
    for (label, unicode, punycode) in RFC_3492_SAMPLES {
        let (encoded, trace) = encode_traced(unicode);
        let encoded = encoded.unwrap();
        assert_eq!(trace.written_at(trace.steps.last().unwrap()), encoded, "{label}");
        // The encoder's written text grows one digit per WriteDigit step.
        let mut written = String::new();
        for step in &trace.steps {
            match &step.action {
                Action::Basic { .. } => written = trace.written_at(step).to_string(),
                Action::WriteDigit { digit, .. } => {
                    written.push(*digit);
                    assert_eq!(trace.written_at(step), written, "{label}");
                }
                Action::Adapt(a) => {
                    assert_eq!(a.bias, adapt_by_the_rfc(a.delta, a.numpoints, a.first_time), "{label}");
                    assert_eq!(a.k, 36 * a.divisions.len() as u32, "{label}");
                }
                _ => {}
            }
        }
        let (decoded, trace) = decode_traced(punycode);
        let decoded = decoded.unwrap();
        // Each Insert puts the code point the Locate before it found at its slot.
        let mut text: Vec<char> = trace.basic.chars().collect();
        let mut located = None;
        for step in &trace.steps {
            match &step.action {
                Action::Locate {
                    n,
                    i,
                    old_n,
                    old_i,
                    slots,
                } => {
                    assert_eq!(*slots as usize, text.len() + 1, "{label}");
                    assert_eq!((*n, *i), (old_n + old_i / slots, old_i % slots), "{label}");
                    located = Some((char::from_u32(*n).unwrap(), *i));
                }
                Action::Insert { code_point, at } => {
                    assert_eq!(located.take(), Some((*code_point, *at)), "{label}");
                    text.insert(*at as usize, *code_point);
                    assert_eq!(trace.text_at(step), text.iter().collect::<String>(), "{label}");
                }
                _ => {}
            }
        }
        assert_eq!(text.iter().collect::<String>(), decoded, "{label}");
        let inserts = trace
            .steps
            .iter()
            .filter(|s| matches!(s.action, Action::Insert { .. }))
            .count();
        assert_eq!(inserts, decoded.chars().count() - trace.basic.chars().count(), "{label}");
    }
}
