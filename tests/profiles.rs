//! The comparison profiles (issue 7): the IDNA2008 category derived from
//! the mapping table against Unicode's `Idna2008.txt`; UTS #46 Table 4's
//! sample characters in their rows; the CONTEXTO rules; IDNA2003 against
//! Python's built-in `idna` codec and IDNA2008 against Python's `idna`
//! package (`uts46=False`), with every disagreement explained.

mod common;

use idna_inspector::MappingTable;
use idna_inspector::profiles::idna2003::{self, Flags};
use idna_inspector::profiles::idna2008;
use idna_inspector::profiles::table4::{self, Bucket};
use idna_inspector::profiles::{Profile, compare};
use idna_inspector::uts46::{Options, Uts46};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

fn shared_idna_dir(version: &str) -> Option<PathBuf> {
    idna_inspector::test_needs::shared_path(&format!("unicode/{version}/idna/Idna2008.txt"))
        .map(|file| file.parent().unwrap().to_path_buf())
}

/// `Idna2008.txt` as one category name per code point.
fn read_idna2008_txt(path: &Path) -> Vec<String> {
    let mut categories = vec!["UNASSIGNED".to_string(); 0x11_0000];
    for line in std::fs::read_to_string(path).unwrap().lines() {
        let data = line.split('#').next().unwrap().trim();
        let Some((range, category)) = data.split_once(';') else {
            continue;
        };
        let (first, last) = range.trim().split_once("..").unwrap_or((range.trim(), range.trim()));
        let first = u32::from_str_radix(first, 16).unwrap();
        let last = u32::from_str_radix(last, 16).unwrap();
        for cp in first..=last {
            categories[cp as usize] = category.trim().replace("CONTEXT0", "CONTEXTO");
        }
    }
    categories
}

fn check_derivation(version: &str) {
    let Some(dir) = shared_idna_dir(version) else { return };
    let table = MappingTable::from_path(&dir).unwrap();
    let expected = read_idna2008_txt(&dir.join("Idna2008.txt"));
    let mut mismatches = Vec::new();
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for c in (0..0x11_0000u32).filter_map(char::from_u32) {
        let ours = idna2008::category(&table, c).as_str();
        *counts.entry(ours).or_default() += 1;
        if ours != expected[c as usize] {
            mismatches.push(format!("U+{:04X} ours {ours}, file {}", c as u32, expected[c as usize]));
        }
    }
    println!(
        "Idna2008.txt {version}: categories {counts:?}; {} mismatches",
        mismatches.len()
    );
    assert!(
        mismatches.is_empty(),
        "{version}: {:?}",
        &mismatches[..mismatches.len().min(20)]
    );
}

#[test]
fn derived_idna2008_category_matches_idna2008_txt_17_0_0() {
    check_derivation("17.0.0");
}

#[test]
fn derived_idna2008_category_matches_idna2008_txt_18_0_0() {
    check_derivation("18.0.0");
}

#[test]
fn table4_sample_characters_land_in_their_rows() {
    let table = MappingTable::bundled();
    let samples = [
        ('\u{00E0}', Bucket::A),
        ('\u{FF01}', Bucket::B),
        ('\u{2132}', Bucket::C),
        ('\u{2F868}', Bucket::D),
        ('\u{00C0}', Bucket::E),
        ('\u{2665}', Bucket::F),
        ('\u{00DF}', Bucket::G),
        ('\u{03C2}', Bucket::G),
        ('\u{200C}', Bucket::G),
        ('\u{200D}', Bucket::G),
        ('\u{0221}', Bucket::H),
        ('\u{0602}', Bucket::I),
        ('\u{2615}', Bucket::J),
        ('\u{023A}', Bucket::K),
    ];
    for (c, bucket) in samples {
        assert_eq!(table4::bucket(table, c), Some(bucket), "U+{:04X}", c as u32);
    }
    // ASCII and unassigned code points are outside the table.
    assert_eq!(table4::bucket(table, 'a'), None);
    assert_eq!(table4::bucket(table, '\u{0378}'), None);
    let mut counts: BTreeMap<char, usize> = BTreeMap::new();
    let mut outside_rows = 0;
    for c in (0x80..0x11_0000u32).filter_map(char::from_u32) {
        match table4::bucket(table, c) {
            Some(bucket) => *counts.entry(bucket.letter()).or_default() += 1,
            None => outside_rows += 1,
        }
    }
    println!(
        "Table 4 rows with the bundled {} table: {counts:?}; {outside_rows} code points outside",
        table.version()
    );
    // Row g is exactly the four deviations.
    assert_eq!(counts[&'g'], 4);
}

#[test]
fn contexto_rules_apply_in_idna2008_and_optionally_in_uts46() {
    let table = MappingTable::bundled();
    let engine = Uts46::new();
    let idna2008_codes = |name: &str| {
        idna2008::process(table, name)
            .ascii_errors
            .iter()
            .map(|e| e.code)
            .collect::<Vec<_>>()
    };
    // RFC 5892 Appendix A.3–A.9, in and out of context.
    for good in ["l·l", "col·lecció", "͵α", "א׳", "א״ב", "カ・カ", "漢・字", "ب٠١٢", "۰۱۲"] {
        assert!(idna2008_codes(good).is_empty(), "{good}: {:?}", idna2008_codes(good));
    }
    for bad in ["a·b", "·l", "a͵", "a׳", "״א", "a・b", "٠۱"] {
        assert!(idna2008_codes(bad).contains(&"CONTEXTO"), "{bad}: {:?}", idna2008_codes(bad));
    }
    // UTS #46 checks CONTEXTO only when asked (ICU's CHECK_CONTEXTO).
    let off = Options::default();
    let on = Options {
        check_contexto: true,
        ..Options::default()
    };
    // (Mixed Arabic-Indic digits also break Bidi rule 4, so CheckBidi is off for them.)
    let no_bidi = |options: Options| Options {
        check_bidi: false,
        ..options
    };
    let digits = "ب٠۱";
    assert!(engine.process(digits, &no_bidi(off)).to_ascii_n.is_ok());
    let codes = engine.process(digits, &no_bidi(on)).to_ascii_n.codes();
    assert_eq!(codes.iter().map(|c| c.as_str()).collect::<Vec<_>>(), ["CONTEXTO"]);
    for bad in ["a·b", "a・b", "a͵"] {
        assert!(engine.process(bad, &off).to_ascii_n.is_ok(), "{bad}");
        let codes = engine.process(bad, &on).to_ascii_n.codes();
        assert!(codes.iter().any(|c| c.as_str() == "CONTEXTO"), "{bad}: {codes:?}");
    }
    assert!(engine.process("l·l", &on).to_ascii_n.is_ok());
}

#[test]
fn nameprep_agrees_with_the_stringprep_crate_except_the_documented_differences() {
    // On its own, every code point assigned in Unicode 3.2: the crate's
    // nameprep and ours (AllowUnassigned off, as the crate has it) agree
    // except for the five Corrigendum #4 ideographs (today's NFKC).
    let mut differences = Vec::new();
    let mut compared = 0;
    for c in (0x80..0x11_0000u32).filter_map(char::from_u32) {
        if stringprep::tables::unassigned_code_point(c) {
            continue;
        }
        compared += 1;
        let text = c.to_string();
        let ours = idna2003::nameprep(&text, false).ok();
        let crate_answer = stringprep::nameprep(&text).ok().map(|s| s.into_owned());
        if ours != crate_answer {
            differences.push(c as u32);
        }
    }
    println!("nameprep: {compared} code points of Unicode 3.2 compared, differences at {differences:X?}");
    assert_eq!(differences, [0x2F868, 0x2F874, 0x2F91F, 0x2F95F, 0x2F9BF]);
    // With AllowUnassigned on (lookup) a code point encoded after 3.2 passes
    // unchanged; the crate always rejects it.
    assert_eq!(idna2003::nameprep("a\u{0221}", true).as_deref(), Ok("a\u{0221}"));
    assert!(stringprep::nameprep("a\u{0221}").is_err());
    // Today's NFKC would decompose U+1D5A0 (encoded in 3.1, mapped) but must leave
    // U+1F100 DIGIT ZERO FULL STOP (encoded in 5.2) alone.
    assert_eq!(idna2003::nameprep("a\u{1F100}", true).as_deref(), Ok("a\u{1F100}"));
}

#[test]
fn comparison_names_a_cause_for_each_difference() {
    let engine = Uts46::new();
    let options = Options::default();
    let faß = compare(&engine, "faß.de", &options);
    assert_eq!(faß.result(Profile::Idna2003).to_ascii, "fass.de");
    assert_eq!(faß.result(Profile::Uts46Transitional).to_ascii, "fass.de");
    assert_eq!(faß.result(Profile::Uts46Nontransitional).to_ascii, "xn--fa-hia.de");
    assert_eq!(faß.result(Profile::Idna2008).to_ascii, "xn--fa-hia.de");
    assert_eq!(faß.result(Profile::Whatwg).to_ascii, "xn--fa-hia.de");
    assert!(faß.differs_from_reference(Profile::Idna2003));
    assert!(!faß.differs_from_reference(Profile::Idna2008));
    assert!(faß.causes[0].sentence.contains("deviation"), "{:?}", faß.causes);
    assert_eq!(faß.causes[0].bucket, Some('g'));

    let heart = compare(&engine, "i♥ny.com", &options);
    assert!(heart.result(Profile::Uts46Nontransitional).is_ok());
    assert_eq!(heart.result(Profile::Idna2008).codes(), ["DISALLOWED"]);
    assert!(
        heart
            .causes
            .iter()
            .any(|c| c.sentence.contains("NV8") && c.bucket == Some('f'))
    );

    let upper = compare(&engine, "Bücher.de", &options);
    assert_eq!(upper.result(Profile::Uts46Nontransitional).to_ascii, "xn--bcher-kva.de");
    assert_eq!(upper.result(Profile::Idna2003).to_ascii, "xn--bcher-kva.de");
    assert!(!upper.result(Profile::Idna2008).is_ok());
    assert!(upper.causes.iter().any(|c| c.sentence.starts_with("Upper case B")));

    let hyphens = compare(&engine, "ab--c.com", &options);
    assert!(!hyphens.result(Profile::Uts46Nontransitional).is_ok());
    assert!(hyphens.result(Profile::Whatwg).is_ok());
    assert!(hyphens.result(Profile::Idna2003).is_ok());
    assert!(hyphens.causes.iter().any(|c| c.sentence.starts_with("Hyphen rules")));

    let coffee = compare(&engine, "☕.com", &options);
    assert_eq!(coffee.result(Profile::Idna2003).to_ascii, "xn--53h.com");
    assert!(
        coffee
            .causes
            .iter()
            .any(|c| c.sentence.contains("after Unicode 3.2") && c.bucket == Some('j'))
    );

    let plain = compare(&engine, "example.com", &options);
    assert!(!plain.profiles_disagree());
    assert!(plain.causes.is_empty());
}

// ---- Python oracles ----

#[derive(serde::Deserialize)]
struct PythonAnswer {
    known: bool,
    idna2003: Option<String>,
    idna2003_error: Option<String>,
    idna2003_unicode: Option<String>,
    idna2008: Option<String>,
    idna2008_error: Option<String>,
}

fn python_answers(names: &[String]) -> Option<Vec<PythonAnswer>> {
    common::python::oracle_answers("python_profiles_oracle.py", names)
}

/// Prints the comparison and asserts it exactly: no difference unexplained,
/// `expected` agreements and, per explanation (in the map's order), its count.
/// The counts are those of Debian 12's Python 3.11 (unicodedata 14.0.0), the
/// one `.ci/run` uses; README quotes the agreements.
fn report(
    what: &str,
    agree: usize,
    explained: &BTreeMap<&'static str, (usize, String)>,
    unexplained: &[String],
    expected: (usize, &[usize]),
) {
    println!("{what}: {agree} agree");
    for (reason, (count, example)) in explained {
        println!("  {count:>6} differ, explained: {reason} (e.g. {example:?})");
    }
    assert!(
        unexplained.is_empty(),
        "{} unexplained, e.g. {:?}",
        unexplained.len(),
        &unexplained[..unexplained.len().min(10)]
    );
    let counts: Vec<usize> = explained.values().map(|(count, _)| *count).collect();
    assert_eq!(
        (agree, counts.as_slice()),
        expected,
        "{what}: agreements, then each explanation's count"
    );
}

/// Names of Unicode 3.2: each non-ASCII code point assigned in 3.2 between
/// two letters, and the generated corpus's names made of 3.2 code points only.
fn unicode_3_2_corpus() -> Vec<String> {
    let in_3_2 = |c: char| !stringprep::tables::unassigned_code_point(c);
    let mut names: Vec<String> = (0x80..0x11_0000u32)
        .filter_map(char::from_u32)
        .filter(|&c| in_3_2(c))
        .map(|c| format!("a{c}b.com"))
        .collect();
    let generated = common::names::corpus(MappingTable::bundled(), 40_000);
    names.extend(generated.into_iter().filter(|name| name.chars().all(in_3_2)));
    names
}

#[test]
fn idna2003_matches_pythons_codec_on_unicode_3_2_names() {
    let names = unicode_3_2_corpus();
    let Some(answers) = python_answers(&names) else {
        return;
    };
    let flags = Flags::lookup(false);
    let mut agree = 0;
    let mut explained: BTreeMap<&'static str, (usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (name, answer) in names.iter().zip(&answers) {
        let ours = idna2003::process(name, flags);
        let same_ascii = match &answer.idna2003 {
            Some(ascii) => ours.is_ok() && &ours.to_ascii == ascii,
            None => !ours.is_ok(),
        };
        // ToUnicode of Python's ASCII result, where Python's own decode succeeded.
        let same_unicode = match (&answer.idna2003, &answer.idna2003_unicode) {
            (Some(ascii), Some(unicode)) => &idna2003::process(ascii, flags).to_unicode == unicode,
            _ => true,
        };
        if same_ascii && same_unicode {
            agree += 1;
            continue;
        }
        let reason = explain_2003(name, flags, same_ascii, answer);
        match reason {
            Some(reason) => {
                let entry = explained.entry(reason).or_insert((0, name.clone()));
                entry.0 += 1;
            }
            None => unexplained.push(format!(
                "{name:?}: ours {:?} {:?}, Python {:?} {:?} / {:?}",
                ours.to_ascii,
                ours.codes(),
                answer.idna2003,
                answer.idna2003_error,
                answer.idna2003_unicode
            )),
        }
    }
    report(
        &format!("IDNA2003 vs Python's encodings.idna, {} names of Unicode 3.2", names.len()),
        agree,
        &explained,
        &unexplained,
        (258_840, &[128, 2460]),
    );
}

/// Why Python's codec may answer otherwise: known deviations of its
/// implementation from RFC 3454, each applying only when redoing our
/// processing with Python's deviation gives Python's answer.
fn explain_2003(name: &str, flags: Flags, same_ascii: bool, answer: &PythonAnswer) -> Option<&'static str> {
    // Python's stringprep builds table B.2 from today's str.lower(), so code
    // points that gained a lower-case mapping after Unicode 3.2 are mapped there;
    // RFC 3454's table B.2 leaves them alone.
    let gained_lower_case = |c: char| {
        let b2: String = stringprep::tables::case_fold_for_nfkc(c).collect();
        b2.len() == c.len_utf8() && b2.starts_with(c) && c.to_lowercase().ne(std::iter::once(c))
    };
    if name.chars().any(gained_lower_case) {
        let as_python_maps: String = name
            .chars()
            .flat_map(|c| {
                let lower: Vec<char> = if gained_lower_case(c) {
                    c.to_lowercase().collect()
                } else {
                    vec![c]
                };
                lower
            })
            .collect();
        let redone = idna2003::process(&as_python_maps, flags);
        if redone.is_ok().then_some(&redone.to_ascii) == answer.idna2003.as_ref() {
            return Some("Python's B.2 table comes from today's str.lower(): a lower-case mapping added after Unicode 3.2");
        }
    }
    // RFC 3490 §5: the ACE prefix is "xn--" in any capitalization; Python's
    // ToUnicode only recognizes it in lower case, and leaves such labels as they are.
    let capitalized_prefix = |label: &str| label.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("xn--") && p != "xn--");
    if same_ascii
        && let (Some(ascii), Some(unicode)) = (&answer.idna2003, &answer.idna2003_unicode)
        && ascii.split('.').any(capitalized_prefix)
        && ascii
            .split('.')
            .zip(unicode.split('.'))
            .all(|(a, u)| a == u || !capitalized_prefix(a))
    {
        return Some("Python's ToUnicode matches the ACE prefix case-sensitively (RFC 3490 §5 allows any capitalization)");
    }
    None
}

/// Names of Unicode 16.0: each assigned non-ASCII code point between two
/// letters, and the generated corpus.
fn unicode_16_corpus() -> Vec<String> {
    let table = MappingTable::bundled();
    let mut names: Vec<String> = (0x80..0x11_0000u32)
        .filter_map(char::from_u32)
        .filter(|&c| !table.lookup(c).unassigned)
        .map(|c| format!("a{c}b.com"))
        .collect();
    names.extend(common::names::corpus(table, 40_000));
    names
}

#[test]
fn idna2008_matches_python_idna_without_uts46_on_names_assigned_in_16_0() {
    let names = unicode_16_corpus();
    let Some(answers) = python_answers(&names) else {
        return;
    };
    let table = MappingTable::bundled();
    let mut agree = 0;
    let mut explained: BTreeMap<&'static str, (usize, String)> = BTreeMap::new();
    let mut unexplained = Vec::new();
    for (name, answer) in names.iter().zip(&answers) {
        let ours = idna2008::process(table, name);
        let same = match &answer.idna2008 {
            Some(ascii) => ours.is_ok() && ours.to_ascii.eq_ignore_ascii_case(ascii),
            None => !ours.is_ok(),
        };
        if same {
            agree += 1;
            continue;
        }
        let reason = explain_2008(name, &ours, answer);
        match reason {
            Some(reason) => {
                let entry = explained.entry(reason).or_insert((0, name.clone()));
                entry.0 += 1;
            }
            None => unexplained.push(format!(
                "{name:?}: ours {:?} {:?}, Python {:?} {:?}",
                ours.to_ascii,
                ours.codes(),
                answer.idna2008,
                answer.idna2008_error
            )),
        }
    }
    report(
        &format!(
            "IDNA2008 vs Python's idna (uts46=False), {} names of Unicode 16.0",
            names.len()
        ),
        agree,
        &explained,
        &unexplained,
        (322_112, &[10_356, 1]),
    );
}

fn explain_2008(name: &str, ours: &idna_inspector::profiles::ProfileResult, answer: &PythonAnswer) -> Option<&'static str> {
    // Python's idna reads the Bidi_Class from unicodedata, which has no class
    // for code points assigned after its Unicode version: "Unknown
    // directionality". Only that failure, on such a name, is explained.
    if !answer.known
        && answer.idna2008.is_none()
        && answer
            .idna2008_error
            .as_deref()
            .is_some_and(|e| e.contains("Unknown directionality"))
    {
        return Some("Python's unicodedata (Unicode 14.0) does not know a code point, so its Bidi check fails");
    }
    // RFC 5893 §1.4/§2: in a Bidi domain name every label must satisfy the
    // Bidi rule; Python's idna applies it only to labels that themselves hold
    // a character of class R, AL or AN.
    let labels: Vec<&str> = name.split('.').collect();
    let only_bidi_errors_in_ltr_labels = answer.idna2008.is_some()
        && ours.ascii_errors.iter().all(|e| {
            e.code.starts_with('B')
                && e.label.is_some_and(|i| {
                    let properties = idna_inspector::MappingTable::bundled().properties();
                    !labels[i].chars().any(|c| properties.is_rtl_or_arabic_number(c))
                })
        });
    if only_bidi_errors_in_ltr_labels {
        return Some("RFC 5893 checks every label of a Bidi domain name; Python only labels with R, AL or AN");
    }
    None
}

/// IDNA2008 and UTS #46 share criteria 1, 2, 3 and 6 (RFC 5891 §4.2.3),
/// the DNS lengths, the A-label check (P4), the Bidi rule and CONTEXTJ.
/// On every name that UTS #46 maps to itself (so that both check the same
/// labels), each of these criteria fails at the same labels and positions
/// in both: the corpus of Unicode 16.0 names, and every name of one or
/// two labels built from hyphens, letters, a combining mark and an `xn--`
/// prefix, plus labels and names about the DNS limits.
#[test]
fn idna2008_and_uts46_agree_on_every_shared_criterion() {
    const SHARED: [&str; 16] = [
        "V1", "V2", "V3", "V6", "P4", "A4_1", "A4_2", "B1", "B2", "B3", "B4", "B5", "B6", "C1", "C2", "X4_2",
    ];
    let table = MappingTable::bundled();
    let engine = Uts46::with_table(table);
    let options = Options::default();
    let pieces = ["-", "a", "\u{00E4}", "\u{0301}", "xn--", "\u{05D0}", "1", "\u{200D}"];
    let mut labels = vec![String::new()];
    for _ in 0..4 {
        let longer: Vec<String> = labels
            .iter()
            .flat_map(|label| pieces.iter().map(move |piece| format!("{label}{piece}")))
            .collect();
        labels.extend(longer);
    }
    labels.sort();
    labels.dedup();
    let mut names = unicode_16_corpus();
    for label in &labels {
        names.push(format!("{label}.com"));
        names.push(format!("b.{label}"));
    }
    for length in [62, 63, 64] {
        names.push(format!("{}.de", "a".repeat(length)));
        names.push(format!("{}\u{00E4}.de", "a".repeat(length - 8)));
    }
    for length in [251, 252, 253, 254] {
        let labels = (0..length / 2).map(|_| "a").collect::<Vec<_>>().join(".");
        names.push(format!("{labels}{}", if length % 2 == 1 { "" } else { ".b" }));
    }
    let mut compared = 0;
    let mut differences = Vec::new();
    for name in &names {
        let uts46 = engine.process(name, &options);
        // A non-ASCII label that starts with `xn--` stops UTS #46 (P4, §4
        // step 4.1); IDNA2008 checks it as a U-label, whose hyphens fail (V2).
        let non_ascii_ace = name.split('.').any(|label| label.starts_with("xn--") && !label.is_ascii());
        if uts46.to_unicode.value != *name || non_ascii_ace {
            continue;
        }
        compared += 1;
        // UTS #46's ToUnicode errors, and the DNS lengths of its ToASCII.
        // Two differences are the standards' own: ToASCII records an empty
        // label again as A4_2, where both record X4_2; and it counts the
        // empty root label after a trailing dot (A4_2), which IDNA2008
        // leaves out of the name (RFC 5890 §2.2).
        let root = name.ends_with('.').then(|| name.matches('.').count());
        let empty = |label: Option<usize>| {
            uts46
                .to_unicode
                .errors
                .iter()
                .any(|e| e.code.as_str() == "X4_2" && e.label == label)
        };
        let lengths = uts46.to_ascii_n.errors.iter().filter(|e| {
            matches!(e.code.as_str(), "A4_1" | "A4_2") && !(e.code.as_str() == "A4_2" && (e.label == root || empty(e.label)))
        });
        let mut ours: Vec<(String, Option<usize>, Option<usize>)> = uts46
            .to_unicode
            .errors
            .iter()
            .filter(|e| SHARED.contains(&e.code.as_str()))
            .chain(lengths)
            .map(|e| (e.code.as_str().to_string(), e.label, e.position))
            .collect();
        let mut theirs: Vec<(String, Option<usize>, Option<usize>)> = idna2008::process(table, name)
            .ascii_errors
            .iter()
            .filter(|e| SHARED.contains(&e.code))
            .map(|e| (e.code.to_string(), e.label, e.position))
            .collect();
        ours.sort();
        ours.dedup();
        theirs.sort();
        theirs.dedup();
        if ours != theirs {
            differences.push(format!("{name:?}: UTS #46 {ours:?}, IDNA2008 {theirs:?}"));
        }
    }
    assert!(compared > 40_000, "{compared} names compared");
    assert!(
        differences.is_empty(),
        "{} of {compared} names differ, first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(20)]
    );
}
