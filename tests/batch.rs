//! Batch input: every bad-input case of issue 4 gives one record per input
//! line (or CSV/TSV row), in order, with a clear note, and never panics.

mod common;

use common::names;
use idna_inspector::MappingTable;
use idna_inspector::batch::{
    Column, Format, InputFormat, ItemReader, MAX_LINE_BYTES, Note, Record, RecordBuf, RecordWriter, ResultKind, Summary,
    convert_each,
};
use idna_inspector::spoof::ProtectedList;
use idna_inspector::testing::{convert_item, record_for_item, record_for_line};
use idna_inspector::uts46::{ErrorCode, Options, Uts46};
use std::ops::ControlFlow;

fn records(bytes: &[u8], format: &InputFormat) -> Vec<Record> {
    records_from(bytes, format)
}

fn records_from(input: impl std::io::BufRead, format: &InputFormat) -> Vec<Record> {
    let engine = Uts46::new();
    let options = Options::default();
    let mut items = ItemReader::new(input, format).unwrap();
    let skip = items.skips_comments();
    let mut out = Vec::new();
    while let Some(item) = items.next_item().unwrap() {
        out.push(record_for_item(&engine, &options, &item, skip));
    }
    out
}

fn lines(bytes: &[u8]) -> Vec<Record> {
    records(bytes, &InputFormat::Lines)
}

/// Lines as `split` on LF counts them: a final line without LF counts, an empty tail does not.
fn line_count(bytes: &[u8]) -> usize {
    let parts = bytes.split(|&b| b == b'\n').count();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        parts - 1
    } else {
        parts
    }
}

fn numbers(records: &[Record]) -> Vec<u64> {
    records.iter().map(|r| r.line).collect()
}

#[test]
fn invalid_utf8_nul_bom_and_crlf() {
    let input = b"\xEF\xBB\xBFBloss.DE\r\nok\xC3\x28bad\r\nnul\x00inside.com\nstra\xC3\x9Fe.de\n";
    let records = lines(input);
    assert_eq!(records.len(), line_count(input));
    assert_eq!(numbers(&records), [1, 2, 3, 4]);
    assert_eq!(records[0].input(), "Bloss.DE", "BOM and CR removed");
    assert_eq!(records[0].result(ResultKind::ToAsciiN), "bloss.de");
    assert_eq!(records[1].input(), "ok\\xC3(bad");
    assert_eq!(records[1].note(), Some(Note::InvalidUtf8));
    assert_eq!(records[1].error_texts(ResultKind::ToAsciiN), ["invalid UTF-8"]);
    assert!(
        records[2].codes(ResultKind::ToAsciiN).contains(ErrorCode::U1),
        "NUL fails STD3"
    );
    assert_eq!(records[3].result(ResultKind::ToAsciiN), "xn--strae-oqa.de");
    assert_eq!(records[3].result(ResultKind::ToAsciiT), "strasse.de");
    assert!(records[3].transitional_differs());
}

/// The reader hands a line out from its source's buffer when the line's LF
/// is there, and gathers it when the line runs past the buffer's end: both
/// give the same records, whatever the buffer size (at 1 byte, every line
/// runs past it).
#[test]
fn records_are_the_same_whatever_the_read_buffer_size() {
    let mut long = b"a.com\n".to_vec();
    long.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 10));
    long.extend_from_slice(b"\r\nb.com\r\n");
    let binary: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    // Over the reader's 64 KiB block: lines straddle block ends, a few are not UTF-8.
    let mut many = Vec::new();
    for i in 0..12_000 {
        match i % 997 {
            0 => many.extend_from_slice(b"bad\xFF\n"),
            _ => many.extend_from_slice(format!("name-{i}.b\u{FC}cher.example\n").as_bytes()),
        }
    }
    assert_eq!(
        lines(&many).iter().filter(|r| r.note() == Some(Note::InvalidUtf8)).count(),
        13
    );
    let inputs: [&[u8]; 9] = [
        b"\xEF\xBB\xBFBloss.DE\r\nok\xC3\x28bad\r\nnul\x00inside.com\nstra\xC3\x9Fe.de\n",
        b"\n\n# comment\r\n  \nx.org\r",
        b"\r\n\r\n\r",
        // Invalid lines among valid ones, a truncated sequence at a line's end, an invalid comment.
        "\u{FEFF}a.com\nb\u{FF}.com\nb\u{E9}.com\n".as_bytes(),
        b"a.com\nb\xFF.com\nc.com\n#\xFE\nd\xC3\ne.com\n\xC3\xA9\xC3\n\xE2\x80\xA8\n",
        b"\xEF\xBB\xBF\xFFfirst\r\nsecond.com\r\n",
        &long,
        &binary,
        &many,
    ];
    for input in inputs {
        let whole = lines(input);
        assert_eq!(whole.len(), line_count(input));
        // 8192 and 65536 hold the long line whole, in the reader's blocks.
        for capacity in [1, 2, 3, 7, 64, 4096, 8192, 65536] {
            let reader = std::io::BufReader::with_capacity(capacity, input);
            assert!(records_from(reader, &InputFormat::Lines) == whole, "capacity {capacity}");
        }
    }
}

/// The batch fills one reused record line after line: each record it hands
/// on equals the record of its line converted into a fresh buffer, whatever
/// came before (longer text, a note, a spoof verdict, another fast path),
/// with and without the spoof check (which runs on a stage of records the
/// engine filled first: the file is 32 times the lines, with more
/// names that are not plain LDH than a stage analyzes).
#[test]
fn a_reused_record_gives_the_records_of_fresh_ones() {
    let input = "Bücher.example\nexample.com\nok\u{C3}(fine\n# comment\nxn--bcher-kva.example\n\
                 a.b\nStraße.DE\n-bad-.com\n\u{0440}\u{0430}ypal.com\nx\n\u{200D}.com\nWWW.Example.ORG\n\n\
                 xn--zz.com\n\u{0661}\u{0662}.com\npaypal.com\n";
    let mut bytes = Vec::new();
    let copies = 32;
    for _ in 0..copies {
        bytes.extend_from_slice(input.as_bytes());
        bytes.extend_from_slice(b"not\xFFutf8\nlast.com\n");
    }
    let not_ldh = |line: &&[u8]| line.iter().any(|&b| !(b.is_ascii_alphanumeric() || b == b'-' || b == b'.'));
    assert!(bytes.split(|&b| b == b'\n').filter(not_ldh).count() > idna_inspector::batch::STAGE);
    let engine = Uts46::new();
    let options = Options::default();
    let protected = ProtectedList::new(&engine, ["paypal.com"]);
    for spoof in [None, Some(&protected)] {
        let mut fresh = Vec::new();
        let mut items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
        while let Some(item) = items.next_item().unwrap() {
            let mut record = RecordBuf::new();
            convert_item(&engine, &options, &item, true, spoof, &mut record);
            fresh.push(record.into_record());
        }
        let mut reused = Vec::new();
        let items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
        let summary = convert_each(&engine, &options, spoof, &mut { items }, |record, _| {
            reused.push(record.to_record());
            Ok(ControlFlow::Continue(()))
        })
        .unwrap();
        assert_eq!(fresh.len(), line_count(&bytes));
        assert!(reused == fresh, "spoof check {}", spoof.is_some());
        let mut counted = Summary::default();
        fresh.iter().for_each(|r| counted.add(r));
        assert_eq!(summary, counted);
        let totals = (summary.ok, summary.failed, summary.skipped, summary.invalid_utf8);
        // Failed: P4 (xn--zz), V3 (-bad-), U1 (the parenthesis), C2 and A4_2 (ZWJ), B1 (Arabic-Indic digits), not UTF-8.
        assert_eq!(totals, (10 * copies, 6 * copies, 2 * copies, copies), "{summary}");
        // T≠N: Straße, and the ZWJ that transitional processing removes.
        assert_eq!(summary.transitional_differs, 2 * copies, "{summary}");
    }
}

/// The spoof check remembers the names it has summarized within a run: a
/// file in which each name comes three times (corpus names, homographs,
/// protected names and their look-alikes, interleaved) gives, line for
/// line, the records of each line converted alone.
#[test]
fn repeated_names_get_the_spoof_verdict_of_a_fresh_check() {
    let mut distinct = names::corpus(MappingTable::bundled(), 1500);
    distinct.extend(
        [
            "раураl.com",
            "paypal.com",
            "pаypal.com",
            "bücher.de",
            "xn--80ak6aa92e.com",
            "аррӏе.com",
            "faß.de",
        ]
        .map(String::from),
    );
    // Each name three times: in order, reversed, then every seventh name first.
    let mut lines: Vec<&str> = distinct.iter().map(String::as_str).collect();
    lines.extend(distinct.iter().rev().map(String::as_str));
    lines.extend((0..7).flat_map(|start| distinct.iter().skip(start).step_by(7).map(String::as_str)));
    let bytes = lines.join("\n").into_bytes();
    let engine = Uts46::new();
    let options = Options::default();
    for protected in [
        ProtectedList::default(),
        ProtectedList::new(&engine, ["paypal.com", "apple.com"]),
    ] {
        let mut items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
        let mut fresh = Vec::new();
        while let Some(item) = items.next_item().unwrap() {
            let mut record = RecordBuf::new();
            convert_item(&engine, &options, &item, true, Some(&protected), &mut record);
            fresh.push(record.into_record());
        }
        let mut batch = Vec::new();
        let items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
        convert_each(&engine, &options, Some(&protected), &mut { items }, |record, _| {
            batch.push(record.to_record());
            Ok(ControlFlow::Continue(()))
        })
        .unwrap();
        assert_eq!(batch.len(), lines.len());
        for (index, (batch, fresh)) in batch.iter().zip(&fresh).enumerate() {
            assert!(batch == fresh, "line {}: {}", index + 1, lines[index]);
        }
        assert!(
            fresh
                .iter()
                .any(|r| r.spoof().is_some_and(|s| s.risk == idna_inspector::spoof::Risk::High))
        );
    }
}

/// The batch tells the spoof check what its ASCII fast path learned (a
/// name of letters, digits, hyphens and dots without an A-label): each
/// record's spoof summary equals `spoof::summarize`'s, which learns nothing
/// from the batch, on corpus names and ASCII hosts near the shortcut's
/// edges (numbers, hyphens, `xn--` in any case and place, empty labels),
/// under the flag sets that change what the fast path accepts; one record
/// at a time and in the batch loop's stages alike.
#[test]
fn batch_spoof_summaries_equal_the_spoof_checks_own() {
    let mut names = names::corpus(MappingTable::bundled(), 1000);
    for host in [
        "example.com",
        "EXAMPLE.COM",
        "a.1",
        "a.0x1F",
        "1.2.3.4",
        "x.09",
        "foo.bar.123",
        "foo.123.bar",
        "0x.com",
        "xn--zca.com",
        "XN--ZCA.com",
        "a.Xn--zca",
        "ab--cd.com",
        "abxn--c.com",
        "abcdefghxn--c.com",
        "abcdefgh.ab--cd",
        "a-b.c-d",
        "-a.com",
        "a-.com",
        "a..b",
        "a.b.",
        "a_b.com",
        "a b.com",
        "paypal.com",
    ] {
        names.push(host.to_string());
    }
    // Labels of each kind the shortcut tells apart, two and three to a name.
    let labels = [
        "a",
        "Ab-c",
        "xn--zca",
        "XN--ab",
        "abcdefghij",
        "0x1f",
        "123",
        "a--b",
        "ab--c",
        "-x",
        "",
        "a_b",
    ];
    for first in labels {
        for second in labels {
            names.push(format!("{first}.{second}"));
            for third in ["com", "9", "xN--ZCA"] {
                names.push(format!("{first}.{second}.{third}"));
            }
        }
    }
    let bytes = names.join("\n").into_bytes();
    let engine = Uts46::new();
    let flag_sets = [
        Options::default(),
        Options {
            use_std3_ascii_rules: false,
            ..Options::default()
        },
        Options {
            check_hyphens: false,
            ..Options::default()
        },
        Options {
            verify_dns_length: true,
            ..Options::default()
        },
    ];
    let plain = names
        .iter()
        .filter(|name| idna_inspector::browsers::is_plain_ascii_host(name))
        .count();
    assert!(plain > 250, "{plain} plain ASCII hosts");
    for options in &flag_sets {
        for protected in [ProtectedList::default(), ProtectedList::new(&engine, ["paypal.com"])] {
            let mut items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
            let mut index = 0;
            let mut owns = Vec::new();
            while let Some(item) = items.next_item().unwrap() {
                let line = names[index].as_str();
                index += 1;
                let mut record = RecordBuf::new();
                convert_item(&engine, options, &item, true, Some(&protected), &mut record);
                // The batch checks the host a line holds (issue 68): the line
                // itself when it is a name, else its URL's, address's, … host.
                let Ok(pasted) = idna_inspector::pasted::take_host(line) else {
                    assert_eq!(record.into_record().spoof(), None, "{line:?}: no host, no check");
                    owns.push(None);
                    continue;
                };
                let name = pasted.host.as_ref();
                let own = idna_inspector::spoof::summarize(&engine, name, options, || engine.process(name, options), &protected);
                assert_eq!(record.into_record().spoof(), Some(own), "{line:?} with {options:?}");
                owns.push(Some(own));
            }
            assert_eq!(index, names.len());
            // The batch's loop analyzes a stage of names at a time, each half of the check over all of them.
            let mut at = 0;
            let items = ItemReader::new(&bytes[..], &InputFormat::Lines).unwrap();
            convert_each(&engine, options, Some(&protected), &mut { items }, |record, _| {
                assert_eq!(record.to_record().spoof(), owns[at], "{:?} with {options:?}", names[at]);
                at += 1;
                Ok(ControlFlow::Continue(()))
            })
            .unwrap();
            assert_eq!(at, names.len());
        }
    }
}

/// The reader checks whole blocks of lines for UTF-8 at once: lines after an
/// invalid one are still found UTF-8 or not, each on its own.
#[test]
fn invalid_lines_among_valid_ones_are_each_found() {
    let records = lines(b"a.com\nb\xFF.com\nc.com\n#\xFE\nd\xC3\ne.com\n\xC3\xA9\xC3\n\xE2\x80\xA8\n");
    let shown: Vec<(&str, Option<Note>)> = records.iter().map(|r| (r.input(), r.note())).collect();
    assert_eq!(
        shown,
        [
            ("a.com", None),
            ("b\\xFF.com", Some(Note::InvalidUtf8)),
            ("c.com", None),
            ("#\\xFE", Some(Note::Comment)),
            ("d\\xC3", Some(Note::InvalidUtf8)),
            ("e.com", None),
            ("\u{E9}\\xC3", Some(Note::InvalidUtf8)),
            ("\u{2028}", None),
        ]
    );
    assert!(records[7].has_errors(), "U+2028 is data, and disallowed");
}

/// One line of raw bytes, outside any reader, gets the record the reader's item would.
#[test]
fn a_lone_line_of_bytes_is_converted_like_a_read_one() {
    let engine = Uts46::new();
    let options = Options::default();
    let long = vec![b'x'; MAX_LINE_BYTES + 1];
    for bytes in [&b"B\xC3\xBCcher.DE"[..], b"ok\xC3(bad", &long] {
        let read = lines(bytes);
        assert_eq!(read.len(), 1);
        assert!(
            record_for_line(&engine, &options, 1, bytes) == read[0],
            "{:?}",
            read[0].input()
        );
    }
    // A plain-text file skips "#" lines; a lone line is a name like any other.
    let comment = record_for_line(&engine, &options, 1, b"#x");
    assert_eq!(
        (comment.note(), comment.codes(ResultKind::ToAsciiN).contains(ErrorCode::U1)),
        (None, true)
    );
}

#[test]
fn blank_and_comment_lines_are_skipped_records() {
    let input = b"# exported 2026-11-01\n\nexample.com\n   \n#x\n";
    let records = lines(input);
    assert_eq!(records.len(), 5);
    let notes: Vec<Option<Note>> = records.iter().map(Record::note).collect();
    assert_eq!(
        notes,
        [
            Some(Note::Comment),
            Some(Note::Blank),
            None,
            Some(Note::Blank),
            Some(Note::Comment)
        ]
    );
    let mut summary = Summary::default();
    records.iter().for_each(|r| summary.add(r));
    assert_eq!((summary.lines, summary.ok, summary.skipped, summary.failed), (5, 1, 4, 0));
}

#[test]
fn a_one_megabyte_line_is_a_length_error_between_its_neighbours() {
    let mut input = b"a.com\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 1 << 20));
    input.extend_from_slice(b"\r\nb.com");
    let records = lines(&input);
    assert_eq!(numbers(&records), [1, 2, 3]);
    assert_eq!(records[1].note(), Some(Note::TooLong(1 << 20)));
    assert!(records[1].input().len() < 300, "only the start is kept");
    assert!(records[1].note().unwrap().to_string().contains("1048576 bytes"));
    assert_eq!(records[2].result(ResultKind::ToAsciiN), "b.com");
    // Exactly at the limit is still converted.
    let at_limit = vec![b'a'; MAX_LINE_BYTES];
    assert_eq!(lines(&at_limit)[0].note(), None);
}

#[test]
fn empty_and_binary_files() {
    assert!(lines(b"").is_empty());
    // Bytes 0..=255 repeated, with LFs among them: every line accounted for.
    let binary: Vec<u8> = (0..4096u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
    let records = lines(&binary);
    assert_eq!(records.len(), line_count(&binary));
    assert_eq!(numbers(&records), (1..=records.len() as u64).collect::<Vec<_>>());
    assert!(records.iter().any(|r| r.note() == Some(Note::InvalidUtf8)));
}

#[test]
fn csv_with_quoted_commas_and_newlines_picks_the_named_column() {
    let input = "id,comment,Domain\n1,\"a, b\",faß.de\n2,\"two\nlines\",example.com\n3,short\n4,\"x\",\"Bücher.example\"\n";
    let format = InputFormat::Csv(Column::Name("domain".into()));
    let records = records(input.as_bytes(), &format);
    assert_eq!(records.len(), 4, "one record per data row");
    assert_eq!(numbers(&records), [2, 3, 5, 6], "the line each row starts on");
    assert_eq!(records[0].result(ResultKind::ToAsciiN), "xn--fa-hia.de");
    assert_eq!(records[1].input(), "example.com");
    assert_eq!(records[2].note(), Some(Note::MissingColumn(2)));
    assert_eq!(records[3].result(ResultKind::ToUnicode), "bücher.example");
    let missing = ItemReader::new(input.as_bytes(), &InputFormat::Csv(Column::Name("host".into())));
    assert!(missing.err().unwrap().to_string().contains("no column named \"host\""));
}

/// A CSV field over the length limit is a length error like a long line,
/// and an invalid UTF-8 field is one too, between converted neighbours.
#[test]
fn csv_fields_too_long_or_not_utf8_are_errors() {
    let mut input = b"id,domain\n1,a.com\n2,".to_vec();
    input.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES + 1));
    input.extend_from_slice(b"\n3,b\xFF.com\n4,c.com\n");
    let records = records(&input, &InputFormat::Csv(Column::Name("domain".into())));
    let notes: Vec<Option<Note>> = records.iter().map(Record::note).collect();
    let too_long = Note::TooLong(MAX_LINE_BYTES as u64 + 1);
    assert_eq!(notes, [None, Some(too_long), Some(Note::InvalidUtf8), None]);
    assert_eq!(records[1].input().len(), 256 + "…".len(), "the start is shown");
    assert_eq!(records[2].input(), "b\\xFF.com");
}

#[test]
fn csv_rows_end_only_at_lf_and_crlf_works() {
    // CRLF rows, a blank CRLF row, the name in the last column, and a bare CR
    // inside a field: it stays data (found by the batch_reader fuzz target,
    // which saw the csv crate end a row at the CR and number two rows alike).
    let input = "id,domain\r\n1,faß.de\r\n\r\n2,a\rb.com\r\n3,\"quoted.example\"\r\n";
    let format = InputFormat::Csv(Column::Name("domain".into()));
    let records = records(input.as_bytes(), &format);
    assert_eq!(numbers(&records), [2, 4, 5]);
    assert_eq!(records[0].input(), "faß.de");
    assert_eq!(records[0].result(ResultKind::ToAsciiN), "xn--fa-hia.de");
    assert_eq!(records[1].input(), "a\rb.com");
    assert!(records[1].has_errors());
    assert_eq!(records[2].input(), "quoted.example");
    assert!(!records[2].has_errors());
}

#[test]
fn tsv_by_index_with_bom() {
    let input = "\u{FEFF}name\tcount\nEXAMPLE.org\t3\n";
    let records = records(input.as_bytes(), &InputFormat::Tsv(Column::Index(0)));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].result(ResultKind::ToAsciiN), "example.org");
}

#[test]
fn csv_export_is_formula_safe_and_jsonl_unchanged() {
    let records = lines(b"=cmd|' /C calc'!A0\n-bad-.com\n");
    let mut csv = Vec::new();
    let mut writer = RecordWriter::new(Format::Csv, &mut csv).unwrap().formula_safe(true);
    records.iter().for_each(|r| writer.write(r).unwrap());
    writer.finish().unwrap();
    let csv = String::from_utf8(csv).unwrap();
    assert!(csv.contains("\n1,'=cmd|' /C calc'!A0,"), "{csv}");
    assert!(csv.contains(",'-bad-.com,"), "{csv}");
    let mut jsonl = Vec::new();
    let mut writer = RecordWriter::new(Format::Jsonl, &mut jsonl).unwrap().formula_safe(true);
    records.iter().for_each(|r| writer.write(r).unwrap());
    writer.finish().unwrap();
    let first: serde_json::Value = serde_json::from_str(String::from_utf8(jsonl).unwrap().lines().next().unwrap()).unwrap();
    assert_eq!(first["input"], "=cmd|' /C calc'!A0");
}

/// A row formatted apart (`RowFormat::format`, as the converting threads
/// do) and written with `write_formatted` is the row `write` writes, in
/// every format, and rows of both kinds keep their order.
#[test]
fn rows_formatted_apart_are_the_rows_the_writer_writes() {
    let records =
        lines("=cmd|' /C calc'!A0\n-bad-.com\nfaß.de\n\"quoted\",x.de\n\u{0661}.\u{0627}\nBücher.example\n# c\n".as_bytes());
    for format in [Format::Jsonl, Format::Csv, Format::Tsv] {
        for formula_safe in [false, true] {
            let mut whole = Vec::new();
            let mut writer = RecordWriter::with_columns(format, &mut whole, true)
                .unwrap()
                .formula_safe(formula_safe);
            records.iter().for_each(|r| writer.write(r).unwrap());
            writer.finish().unwrap();
            let mut apart = Vec::new();
            let mut writer = RecordWriter::with_columns(format, &mut apart, true)
                .unwrap()
                .formula_safe(formula_safe);
            let rows = writer.row_format();
            let mut row_writers = idna_inspector::batch::RowWriters::default();
            // The first row through the CSV writer's buffer, the second formatted
            // apart (the switch), then both kinds in turn.
            for (at, record) in records.iter().enumerate() {
                match at % 3 {
                    0 => writer.write(record).unwrap(),
                    _ => writer
                        .write_formatted(
                            &rows
                                .format(record, &idna_inspector::batch::Extras::default(), &mut row_writers)
                                .unwrap(),
                        )
                        .unwrap(),
                }
            }
            writer.finish().unwrap();
            assert_eq!(
                String::from_utf8(apart).unwrap(),
                String::from_utf8(whole).unwrap(),
                "{format:?} formula_safe {formula_safe}"
            );
        }
    }
}

#[test]
fn records_store_equal_results_once() {
    let records = lines("faß.de\nexample.com\nExample.com\n".as_bytes());
    // Compact storage must not change what is read back.
    assert_eq!(records[0].result(ResultKind::ToUnicode), "faß.de");
    assert_eq!(records[0].result(ResultKind::ToAsciiN), "xn--fa-hia.de");
    assert_eq!(records[0].result(ResultKind::ToAsciiT), "fass.de");
    assert_eq!(records[1].result(ResultKind::ToAsciiT), "example.com");
    assert_eq!(records[2].input(), "Example.com");
    assert_eq!(records[2].result(ResultKind::ToUnicode), "example.com");
    // 80 bytes, and 8 for the line as pasted when the name is the host taken from it.
    assert!(std::mem::size_of::<Record>() <= 88, "{} bytes", std::mem::size_of::<Record>());
}

/// The web page converts a file a slice at a time (no threads there): the
/// same reader paused every few items and converted again until its end
/// gives, line for line, the records of one conversion, with and without
/// the spoof check, for plain text and CSV (a header row, quoted cells that
/// span lines), and pauses of any size.
#[test]
fn a_reader_paused_and_resumed_gives_the_records_of_one_run() {
    let engine = Uts46::new();
    let options = Options::default();
    let protected = ProtectedList::new(&engine, ["paypal.com", "bücher.de"]);
    let mut lines: Vec<String> = names::corpus(MappingTable::bundled(), 250);
    lines.extend(["раураl.com", "# a comment", "", "xn--zz", "bücher.de", "pаypal.com"].map(String::from));
    let mut text = lines.join("\n").into_bytes();
    text.extend_from_slice(b"\nbad\xFFline.com\n");
    let mut csv = b"id,\"domain\nname\"\n".to_vec();
    for (index, line) in lines.iter().enumerate() {
        csv.extend_from_slice(format!("{index},\"{}\"\n", line.replace('"', "\"\"")).as_bytes());
    }
    csv.extend_from_slice(b"9999,\"two\nlines.com\"\n");
    for (input, format) in [(&text, InputFormat::Lines), (&csv, InputFormat::Csv(Column::Index(1)))] {
        for spoof in [None, Some(&protected)] {
            let convert = |pause: Option<u64>| {
                let mut records = Vec::new();
                let mut items = ItemReader::new(&input[..], &format).unwrap();
                let mut runs = 0;
                loop {
                    if let Some(pause) = pause {
                        items.pause_after(pause);
                    }
                    convert_each(&engine, &options, spoof, &mut items, |record, _| {
                        records.push(record.to_record());
                        Ok(ControlFlow::Continue(()))
                    })
                    .unwrap();
                    runs += 1;
                    if !items.paused() {
                        return (records, runs);
                    }
                }
            };
            let (whole, _) = convert(None);
            assert!(whole.len() > 250);
            for pause in [1, 7, 256, 100_000] {
                let (sliced, runs) = convert(Some(pause));
                assert_eq!(runs, whole.len() / pause as usize + 1, "pause {pause}");
                assert!(sliced == whole, "pause {pause}, spoof check {}", spoof.is_some());
            }
        }
    }
}
