//! Arbitrary bytes as a batch file: no panic, one record per input line (LF
//! splits; a final line without LF counts), numbered 1..=n in order. The
//! first byte picks plain lines, CSV or TSV; CSV/TSV rows must come out in
//! increasing line order.
#![no_main]

use idna_inspector::batch::{Column, InputFormat, ItemReader, convert_each};
use idna_inspector::uts46::{Options, Uts46};
use libfuzzer_sys::fuzz_target;
use std::ops::ControlFlow;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, file)) = data.split_first() else { return };
    let format = match selector % 3 {
        0 => InputFormat::Lines,
        1 => InputFormat::Csv(Column::Index(selector as usize % 4)),
        _ => InputFormat::Tsv(Column::Name("domain".into())),
    };
    let engine = Uts46::new();
    let Ok(items) = ItemReader::new(file, &format) else { return };
    let mut numbers = Vec::new();
    let summary = convert_each(&engine, &Options::default(), None, items, |record, _| {
        numbers.push(record.line);
        Ok(ControlFlow::Continue(()))
    })
    .expect("reading from memory cannot fail");
    assert_eq!(summary.lines, numbers.len() as u64);
    if matches!(format, InputFormat::Lines) {
        assert_eq!(numbers.len(), line_count(file), "record count");
        assert!(
            numbers.iter().enumerate().all(|(i, &n)| n == i as u64 + 1),
            "numbering {numbers:?}"
        );
    } else {
        assert!(numbers.windows(2).all(|pair| pair[0] < pair[1]), "order {numbers:?}");
    }
});

fn line_count(bytes: &[u8]) -> usize {
    let parts = bytes.split(|&b| b == b'\n').count();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        parts - 1
    } else {
        parts
    }
}
