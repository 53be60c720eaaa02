//! The batch path (reader, fast paths, records, writers) against the engine
//! itself: the differential corpus as one file through `batch::run` with
//! every writer, and each name through `Uts46::process`, must agree line by
//! line — the batch's own dispatch (`convert_text`: ASCII fast path, Unicode
//! fast path, full engine) may not change a result.

mod common;

use common::names;
use idna_inspector::MappingTable;
use idna_inspector::batch::{self, Format, InputFormat, ItemReader, RecordWriter};
use idna_inspector::testing::{Facts, View};
use idna_inspector::uts46::{Conversion, Options, Uts46};

const NAMES: usize = 120_000;

/// A written row: the input and (value, error codes) of ToUnicode, ToASCII N and ToASCII T.
type Row = (String, Vec<(String, Vec<String>)>);

/// The corpus lines a plain-text file can carry whole (no LF, no CR) and
/// that the batch converts (not blank, not `#`, at most 4 KiB).
fn corpus() -> Vec<String> {
    names::corpus(MappingTable::bundled(), NAMES)
        .into_iter()
        .filter(|name| !name.contains(['\n', '\r']) && !name.starts_with('#'))
        .filter(|name| !name.trim_matches(|c: char| c.is_ascii_whitespace()).is_empty())
        .filter(|name| name.len() <= batch::MAX_LINE_BYTES)
        .filter(|name| !name.starts_with('\u{FEFF}'))
        .collect()
}

fn codes(conversion: &Conversion) -> Vec<String> {
    conversion.codes().iter().map(|c| c.as_str().to_string()).collect()
}

fn split(cell: &str) -> Vec<String> {
    cell.split(' ').filter(|c| !c.is_empty()).map(str::to_string).collect()
}

#[test]
fn batch_records_and_every_writer_agree_with_the_engine() {
    let engine = Uts46::new();
    let options = Options::default();
    let names = corpus();
    assert!(names.len() > 100_000, "{}", names.len());
    let file = names.join("\n") + "\n";
    // The batch converts the host a line holds (issue 68): the line itself
    // when it is a name, else its URL's, address's, … host; none: "no host".
    let expected: Vec<_> = names
        .iter()
        .map(|name| {
            idna_inspector::pasted::take_host(name)
                .ok()
                .map(|p| engine.process(&p.host, &options))
        })
        .collect();
    let no_host = vec![(String::new(), vec!["no host".to_string()]); 3];

    for format in [Format::Jsonl, Format::Csv, Format::Tsv] {
        let mut output = Vec::new();
        let mut writer = RecordWriter::new(format, &mut output).unwrap();
        let items = ItemReader::new(file.as_bytes(), &InputFormat::Lines).unwrap();
        let summary = batch::run(&engine, &options, None, items, &mut writer).unwrap();
        writer.finish().unwrap();
        assert_eq!(summary.lines as usize, names.len(), "{format:?}");
        let text = String::from_utf8(output).unwrap();
        let rows: Vec<Row> = match format {
            Format::Jsonl => text
                .lines()
                .map(|line| {
                    let row: serde_json::Value = serde_json::from_str(line).unwrap();
                    let column = |name: &str| {
                        let codes = row[format!("{name}_errors")].as_array().unwrap().iter();
                        let codes = codes.map(|c| c.as_str().unwrap().to_string()).collect();
                        (row[name].as_str().unwrap().to_string(), codes)
                    };
                    let results = ["to_unicode", "to_ascii_n", "to_ascii_t"].map(column).to_vec();
                    (row["input"].as_str().unwrap().to_string(), results)
                })
                .collect(),
            Format::Csv | Format::Tsv => {
                let delimiter = if format == Format::Csv { b',' } else { b'\t' };
                let mut reader = csv::ReaderBuilder::new().delimiter(delimiter).from_reader(text.as_bytes());
                reader
                    .records()
                    .map(|record| {
                        let record = record.unwrap();
                        let results = [(2, 3), (4, 5), (6, 7)]
                            .map(|(value, codes)| (record[value].to_string(), split(&record[codes])))
                            .to_vec();
                        (record[1].to_string(), results)
                    })
                    .collect()
            }
        };
        assert_eq!(rows.len(), names.len(), "{format:?}");
        let mut differing = Vec::new();
        for ((name, results), (input, written)) in names.iter().zip(&expected).zip(&rows) {
            let engine_results = match results {
                Some(results) => [&results.to_unicode, &results.to_ascii_n, &results.to_ascii_t]
                    .map(|c| (c.value.clone(), codes(c)))
                    .to_vec(),
                None => no_host.clone(),
            };
            if input != name || *written != engine_results {
                differing.push(format!("{name:?}: batch {written:?}, engine {engine_results:?}"));
            }
        }
        assert!(
            differing.is_empty(),
            "{format:?}: {} of {} lines differ, first ones:\n{}",
            differing.len(),
            names.len(),
            differing[..differing.len().min(8)].join("\n")
        );
    }
}

/// `Uts46::to_unicode` and `Uts46::to_ascii_n` (each alone, fast paths
/// first) are `Uts46::process`'s ToUnicode and ToASCII N, values and
/// errors, on every name of the differential corpus under the flag sets
/// the browsers and the batch use.
#[test]
fn to_unicode_and_to_ascii_alone_equal_process() {
    let engine = Uts46::new();
    let names = names::corpus(MappingTable::bundled(), NAMES);
    let relaxed = Options {
        use_std3_ascii_rules: false,
        check_hyphens: false,
        verify_dns_length: false,
        ..Options::default()
    };
    let contexto = Options {
        check_contexto: true,
        ..Options::default()
    };
    let no_bidi = Options {
        check_bidi: false,
        check_joiners: false,
        ..Options::default()
    };
    let mut fast = 0;
    for options in [Options::default(), relaxed, contexto, no_bidi] {
        for name in &names {
            let alone = engine.to_unicode(name, &options);
            let full = engine.process(name, &options);
            assert_eq!(alone, full.to_unicode, "{name:?} with {options:?}");
            assert_eq!(
                engine.to_ascii_n(name, &options),
                full.to_ascii_n,
                "{name:?} with {options:?}"
            );
            fast += usize::from(alone.errors.is_empty() && !name.is_ascii());
        }
    }
    // The Unicode fast path must have been exercised, not only the full engine.
    assert!(fast > 10_000, "{fast} valid non-ASCII names");
}

/// `Options::checks_at_least`: no flag changes what a name converts to,
/// only which errors are recorded, so a name that ToUnicode or ToASCII N
/// converts without an error under some flags converts to the same text,
/// without an error, under any flags that check no more — which is what
/// lets the batch hand the batch's ToASCII to the browsers'
/// host parsers. Every pair of ten flag sets, on 8,000 corpus names and names
/// at the limits.
#[test]
fn a_conversion_without_errors_holds_under_fewer_checks() {
    let engine = Uts46::new();
    let mut names = names::corpus(MappingTable::bundled(), 8_000);
    // Past the limits: Punycode of 2,000 bytes is not decoded, a label past
    // 63 bytes; an LTR label in a Bidi domain name; empty labels; A-labels.
    let cjk: String = ('\u{4EAA}'..).take(1000).collect();
    let extra = [
        format!("{cjk}.com"),
        format!("{}.de", "ü".repeat(60)),
        format!("{}.com", "a".repeat(64)),
        "abc.\u{05E9}\u{05DC}\u{05D5}\u{05DD}".to_string(),
        "xn--zca.xn--bcher-kva.de".to_string(),
        "a..b".to_string(),
        "ab--cd.bücher".to_string(),
    ];
    names.extend(extra);
    let flag_sets: Vec<Options> = (0u32..8)
        .map(|bits| Options {
            use_std3_ascii_rules: bits & 1 != 0,
            check_hyphens: bits & 2 != 0,
            check_bidi: bits & 4 != 0,
            check_joiners: bits & 4 == 0,
            verify_dns_length: bits & 3 == 3,
            ignore_invalid_punycode: bits == 0,
            check_contexto: bits == 7,
        })
        .chain([Options::default(), idna_inspector::profiles::whatwg::uts46_options()])
        .collect();
    let (mut pairs, mut reused) = (0, 0);
    for strict in &flag_sets {
        let converted: Vec<_> = names
            .iter()
            .map(|name| (engine.to_ascii_n(name, strict), engine.to_unicode(name, strict)))
            .collect();
        for lax in flag_sets.iter().filter(|lax| strict.checks_at_least(lax)) {
            pairs += 1;
            for (name, (ascii, unicode)) in names.iter().zip(&converted) {
                let results = idna_inspector::uts46::ResultsRef {
                    to_unicode: unicode.borrowed(),
                    to_ascii_n: ascii.borrowed(),
                    to_ascii_t: ascii.borrowed(),
                };
                let facts = Facts::of_results(name, strict, engine.table(), results);
                if ascii.errors.is_empty() {
                    assert_eq!(engine.to_ascii_n(name, lax), *ascii, "{name:?} {strict:?} → {lax:?}");
                    assert_eq!(facts.to_ascii_n(&engine, name, lax).get(), ascii.borrowed());
                    reused += 1;
                    assert_eq!(
                        facts.to_unicode(&engine, &ascii.value, lax),
                        engine.to_unicode(&ascii.value, lax)
                    );
                    let dns_labels = ascii.value.split('.').all(|label| label.len() <= 63);
                    if unicode.errors.is_empty() && dns_labels {
                        // Decoding the ToASCII, whole or a label at a time, gives back ToUnicode.
                        assert_eq!(
                            engine.to_unicode(&ascii.value, lax),
                            *unicode,
                            "{name:?} {strict:?} → {lax:?}"
                        );
                        assert_eq!(facts.to_unicode(&engine, &ascii.value, lax), *unicode);
                        for (label, decoded) in ascii
                            .value
                            .split('.')
                            .zip(unicode.value.split('.'))
                            .filter(|(label, _)| !label.is_empty())
                        {
                            let alone = engine.to_unicode(label, lax);
                            assert_eq!(
                                (alone.value.as_str(), alone.errors.len()),
                                (decoded, 0),
                                "{label:?} of {name:?}"
                            );
                            assert_eq!(facts.to_unicode(&engine, label, lax), alone);
                        }
                    }
                }
                if unicode.errors.is_empty() {
                    assert_eq!(engine.to_unicode(name, lax), *unicode, "{name:?} {strict:?} → {lax:?}");
                    assert_eq!(facts.to_unicode(&engine, name, lax), *unicode);
                }
            }
        }
    }
    assert!(pairs > 20 && reused > 50_000, "{pairs} pairs, {reused} conversions reused");
    // A flag set that checks less is never taken for one that checks more.
    let default = Options::default();
    assert!(default.checks_at_least(&idna_inspector::profiles::whatwg::uts46_options()));
    assert!(!idna_inspector::profiles::whatwg::uts46_options().checks_at_least(&default));
}

/// A name's facts (`Uts46::facts`: every UTS #46 check on) viewed through
/// any flags without IgnoreInvalidPunycode or CheckContextO are the
/// results of processing under those flags: the same strings, the same
/// errors in the same order. Every one of the 32 such flag sets, on every
/// source of `IdnaTestV2.txt`, 3,000 corpus names and names at the limits.
/// This is what lets every consumer read one facts pass.
#[test]
fn every_flag_set_is_a_view_of_the_facts() {
    let engine = Uts46::new();
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaTestV2.txt")).unwrap();
    let (lines, _) = common::parse(&text);
    let mut names: Vec<String> = lines.into_iter().map(|line| line.source).collect();
    names.extend(names::corpus(MappingTable::bundled(), 3_000));
    let cjk: String = ('\u{4EAA}'..).take(1000).collect();
    names.extend([
        format!("{cjk}.com"),
        format!("{}.de", "ü".repeat(60)),
        format!("{}.com", "a".repeat(64)),
        "abc.\u{05E9}\u{05DC}\u{05D5}\u{05DD}".to_string(),
        "a_b.\u{05E9}\u{05DC}\u{05D5}\u{05DD}-".to_string(),
        "-a-.com".to_string(),
        "a\u{200D}b.xn--ab--.de".to_string(),
        "a..b".to_string(),
    ]);
    names.sort();
    names.dedup();
    let flag_sets: Vec<Options> = (0u32..32)
        .map(|bits| Options {
            use_std3_ascii_rules: bits & 1 != 0,
            check_hyphens: bits & 2 != 0,
            check_bidi: bits & 4 != 0,
            check_joiners: bits & 8 != 0,
            verify_dns_length: bits & 16 != 0,
            ignore_invalid_punycode: false,
            check_contexto: false,
        })
        .collect();
    assert!(flag_sets.iter().all(Options::viewable));
    let (mut compared, mut with_errors) = (0, 0);
    for name in &names {
        let facts = engine.facts(name);
        with_errors += usize::from(!facts.is_ok());
        for options in &flag_sets {
            assert_eq!(
                facts.viewed(options),
                engine.process(name, options),
                "{name:?} under {options}"
            );
            compared += 1;
        }
    }
    assert!(with_errors > 3_000, "{with_errors} names with errors");
    assert!(compared > 250_000, "{compared} comparisons");
    // The facts pass handed on as `Facts` serves a consumer under its own
    // flags wherever they have no error those flags record: what the
    // consumer is given, of the name, its ToASCII or one label of that,
    // is what it would have made.
    let consumers = [
        Options::default(),
        idna_inspector::profiles::whatwg::uts46_options(),
        flag_sets[0],
        flag_sets[4 | 8],
        flag_sets[1 | 4],
        flag_sets[2 | 4 | 16],
    ];
    let mut served = 0;
    for name in &names {
        let pass = engine.facts(name);
        let facts = Facts::of_pass(name, engine.table(), &pass);
        let ascii = &pass.to_ascii_n.value;
        for options in &consumers {
            let given = facts.to_ascii_n(&engine, name, options);
            served += usize::from(matches!(given, View::Read(_)));
            assert_eq!(
                given.into_owned(),
                engine.to_ascii_n(name, options),
                "{name:?} under {options}"
            );
            assert_eq!(facts.to_unicode(&engine, name, options), engine.to_unicode(name, options));
            assert_eq!(
                facts.to_unicode(&engine, ascii, options),
                engine.to_unicode(ascii, options),
                "{ascii:?}"
            );
            for label in ascii.split('.').filter(|label| !label.is_empty()) {
                assert_eq!(
                    facts.to_unicode(&engine, label, options),
                    engine.to_unicode(label, options),
                    "{label:?} of {name:?} under {options}"
                );
            }
        }
    }
    assert!(served > 15_000, "{served} conversions served by the facts");
    // The flags a view cannot serve run the engine again.
    let lenient = Options {
        ignore_invalid_punycode: true,
        ..Options::default()
    };
    assert!(!lenient.viewable());
    let name = "xn--zz.com";
    assert_ne!(engine.facts(name).viewed(&lenient), engine.process(name, &lenient));
    assert_eq!(
        engine.view_or_process(name, &engine.facts(name), &Options::default()),
        engine.process(name, &Options::default())
    );
    assert_eq!(
        engine.view_or_process(name, &engine.facts(name), &lenient),
        engine.process(name, &lenient)
    );
}
