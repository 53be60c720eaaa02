//! Batch conversion on several threads (`batch::convert_each_parallel`,
//! `batch --threads N`): the records, their order, the summary and every
//! writer's bytes are those of one thread, on the differential corpus and on
//! each bad-input case; a consumer that stops early gets the same records.

mod common;

use common::names;
use idna_inspector::MappingTable;
use idna_inspector::batch::{
    Column, Format, InputFormat, ItemReader, MAX_LINE_BYTES, RecordWriter, Summary, convert_each_parallel, summarize_parallel,
};
use idna_inspector::spoof::ProtectedList;
use idna_inspector::uts46::{Options, Uts46};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

/// `input` read as `layout`, converted on `n` threads and written as `format`.
fn written(input: &[u8], layout: &InputFormat, format: Format, n: usize, spoof: Option<&ProtectedList>) -> (Vec<u8>, Summary) {
    let engine = Uts46::new();
    let options = Options::default();
    let mut output = Vec::new();
    let mut writer = RecordWriter::with_columns(format, &mut output, spoof.is_some()).unwrap();
    let items = ItemReader::new(input, layout).unwrap();
    let summary = convert_each_parallel(&engine, &options, spoof, items, threads(n), |record, _| {
        writer.write(record)?;
        Ok(ControlFlow::Continue(()))
    })
    .unwrap();
    writer.finish().unwrap();
    (output, summary)
}

/// Every writer (JSONL, CSV, TSV) on 2, 3 and 8 threads against one thread.
fn assert_same_on_any_thread_count(input: &[u8], layout: &InputFormat, spoof: Option<&ProtectedList>, what: &str) {
    assert_same_in(&[Format::Jsonl, Format::Csv, Format::Tsv], input, layout, spoof, what);
}

fn assert_same_in(formats: &[Format], input: &[u8], layout: &InputFormat, spoof: Option<&ProtectedList>, what: &str) {
    for &format in formats {
        let (one, one_summary) = written(input, layout, format, 1, spoof);
        // `--format summary` on one thread: only the records whose names wait for the spoof check's analysis are kept.
        let items = ItemReader::new(input, layout).expect("readable");
        let counted = summarize_parallel(&Uts46::new(), &Options::default(), spoof, items, threads(1)).expect("in memory");
        assert_eq!(counted, one_summary, "{what}, one thread: summary alone");
        for n in [2, 3, 8] {
            let (many, summary) = written(input, layout, format, n, spoof);
            assert_eq!(summary, one_summary, "{what}, {format:?}, {n} threads: summary");
            // `--format summary`: the records counted, none kept.
            let engine = Uts46::new();
            let items = ItemReader::new(input, layout).expect("readable");
            let counted = summarize_parallel(&engine, &Options::default(), spoof, items, threads(n)).expect("in memory");
            assert_eq!(counted, one_summary, "{what}, {n} threads: summary alone");
            // Told the input's size (or a wrong one), the threads share its end out in smaller blocks: the same counts.
            let lengths = if n == 2 {
                vec![input.len(), input.len() / 3, 10 * input.len() + 1]
            } else {
                Vec::new()
            };
            for length in lengths {
                let items = ItemReader::new(input, layout).expect("readable").with_length(length as u64);
                let counted = summarize_parallel(&engine, &Options::default(), spoof, items, threads(n)).expect("in memory");
                assert_eq!(counted, one_summary, "{what}, {n} threads: summary alone, length {length}");
            }
            assert!(
                many == one,
                "{what}, {format:?}, {n} threads: the output differs from one thread's"
            );
        }
    }
}

#[test]
fn the_differential_corpus_comes_out_the_same_on_any_number_of_threads() {
    let names = names::corpus(MappingTable::bundled(), 120_000);
    let file = names.join("\n") + "\n";
    // The writers run on the calling thread, so one of them is enough here (the bad inputs go through all three).
    assert_same_in(
        &[Format::Jsonl],
        file.as_bytes(),
        &InputFormat::Lines,
        None,
        "differential corpus",
    );
    // With the spoof check (slower): the first 3,000 names, still several blocks.
    let first = names[..3000].join("\n") + "\n";
    let protected = ProtectedList::default();
    assert_same_in(
        &[Format::Csv],
        first.as_bytes(),
        &InputFormat::Lines,
        Some(&protected),
        "with --spoof",
    );
}

/// Every bad-input case of the batch tests, and enough of them in one file
/// to span several blocks.
#[test]
fn bad_input_comes_out_the_same_on_any_number_of_threads() {
    let mut one_megabyte_line = b"a.com\n".to_vec();
    one_megabyte_line.extend(std::iter::repeat_n(b'x', 1 << 20));
    one_megabyte_line.extend_from_slice(b"\r\nb.com");
    let mut over_the_limit = b"a.com\n".to_vec();
    over_the_limit.extend(std::iter::repeat_n(b'y', MAX_LINE_BYTES + 1));
    over_the_limit.extend_from_slice(b"\nc.com\n");
    let binary: Vec<u8> = (0..20_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
    let lines: Vec<&[u8]> = vec![
        b"",
        b"\n\n\n",
        b"\xEF\xBB\xBFBloss.DE\r\nok\xC3\x28bad\r\nnul\x00inside.com\nstra\xC3\x9Fe.de\n",
        b"# comment\n\n   \nfa\xC3\x9F.de\n#x\n",
        b"no final line ending",
        b"a\rb.com\r\n\r\nlone\rcr\n",
        &one_megabyte_line,
        &over_the_limit,
        &binary,
    ];
    for (index, input) in lines.iter().enumerate() {
        assert_same_on_any_thread_count(input, &InputFormat::Lines, None, &format!("lines case {index}"));
    }
    let mut many = Vec::new();
    for _ in 0..700 {
        for input in &lines[..6] {
            many.extend_from_slice(input);
            many.push(b'\n');
        }
    }
    many.extend_from_slice(&over_the_limit);
    assert_same_on_any_thread_count(&many, &InputFormat::Lines, None, "bad lines repeated");

    let csv: Vec<(&[u8], InputFormat)> = vec![
        (
            "id,comment,Domain\n1,\"a, b\",faß.de\n2,\"two\nlines\",example.com\n3,short\n4,\"x\",\"Bücher.example\"\n"
                .as_bytes(),
            InputFormat::Csv(Column::Name("domain".into())),
        ),
        (
            b"id,domain\n1,a.com\n2,b\xFF.com\n3\n4,c.com\n",
            InputFormat::Csv(Column::Index(1)),
        ),
        (
            b"id,domain\r\n1,fa\xC3\x9F.de\r\n\r\n2,a\rb.com\r\n3,\"quoted.example\"\r\n",
            InputFormat::Csv(Column::Index(1)),
        ),
        (
            "\u{FEFF}name\tcount\nEXAMPLE.org\t3\n".as_bytes(),
            InputFormat::Tsv(Column::Index(0)),
        ),
    ];
    for (index, (input, layout)) in csv.iter().enumerate() {
        assert_same_on_any_thread_count(input, layout, None, &format!("CSV/TSV case {index}"));
    }
    let mut long_csv = b"n,domain\n".to_vec();
    for row in 0..5000 {
        long_csv.extend_from_slice(format!("{row},\"xn--{row}.B\u{00FC}cher.de\"\n").as_bytes());
    }
    long_csv.extend_from_slice(&[b'9'; 5000]);
    long_csv.extend_from_slice(b",x\n");
    assert_same_on_any_thread_count(&long_csv, &InputFormat::Csv(Column::Index(1)), None, "long CSV");
}

/// A consumer that stops (the window's Cancel) gets the same records and
/// progress figures as with one thread, and no record after it stopped
/// (nor in the summary),
/// with and without the spoof check (whose stages of records end after
/// `STAGE` names to analyze; it stops beside such counts).
#[test]
fn stopping_early_hands_on_the_same_records_and_progress() {
    let names = names::corpus(MappingTable::bundled(), 10_000);
    let file = names.join("\n") + "\n";
    let engine = Uts46::new();
    let options = Options::default();
    let protected = ProtectedList::new(&engine, ["paypal.com"]);
    let stage = idna_inspector::batch::STAGE;
    let seen = |n: usize, stop_after: usize, spoof: Option<&ProtectedList>| {
        let mut seen = Vec::new();
        let items = ItemReader::new(file.as_bytes(), &InputFormat::Lines).unwrap();
        let summary = convert_each_parallel(&engine, &options, spoof, items, threads(n), |record, bytes_read| {
            seen.push((record.to_record(), bytes_read));
            Ok(if seen.len() == stop_after {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        })
        .unwrap();
        // The summary counts exactly the records handed on.
        let mut counted = Summary::default();
        for (record, _) in &seen {
            counted.add(record);
        }
        assert_eq!(summary, counted);
        seen
    };
    for spoof in [None, Some(&protected)] {
        for stop_after in [1, stage - 1, stage, stage + 1, 1023, 1024, 1025, 2500] {
            let one = seen(1, stop_after, spoof);
            assert_eq!(one.len(), stop_after);
            for n in [2, 4] {
                let spoofed = spoof.is_some();
                assert!(
                    seen(n, stop_after, spoof) == one,
                    "{n} threads, stopping after {stop_after}, spoof {spoofed}"
                );
            }
        }
    }
}
