//! Arbitrary bytes as a batch file: no panic, one record per input line (LF
//! splits; a final line without LF counts), numbered 1..=n in order. The
//! first byte picks plain lines, CSV or TSV, and the size of the reader's
//! buffer (1–64 bytes, so that lines cross its refills); CSV/TSV rows must
//! come out in increasing line order. Two threads give the records and the
//! progress of one thread. With the spoof check, the batch loop (which runs
//! it on stages of records) gives each item's record as converted alone.
#![no_main]

use idna_inspector::batch::{Column, InputFormat, ItemReader, Record, RecordBuf, convert_each, convert_each_parallel};
use idna_inspector::spoof::ProtectedList;
use idna_inspector::uts46::{Options, Uts46};
use libfuzzer_sys::fuzz_target;
use std::io::BufReader;
use std::num::NonZeroUsize;
use std::ops::ControlFlow;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, file)) = data.split_first() else { return };
    let format = match selector % 3 {
        0 => InputFormat::Lines,
        1 => InputFormat::Csv(Column::Index(selector as usize % 4)),
        _ => InputFormat::Tsv(Column::Name("domain".into())),
    };
    let capacity = 1 + usize::from(selector / 3) % 64;
    let engine = Uts46::new();
    let reader = || ItemReader::new(BufReader::with_capacity(capacity, file), &format);
    let Ok(items) = reader() else { return };
    let mut one: Vec<(Record, u64)> = Vec::new();
    let summary = convert_each(&engine, &Options::default(), None, &mut { items }, |record, read| {
        one.push((record.to_record(), read));
        Ok(ControlFlow::Continue(()))
    })
    .expect("reading from memory cannot fail");
    let numbers: Vec<u64> = one.iter().map(|(record, _)| record.line).collect();
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
    let items = reader().expect("the header was read once already");
    let mut two: Vec<(Record, u64)> = Vec::new();
    let threads = NonZeroUsize::new(2).expect("two");
    let parallel = convert_each_parallel(&engine, &Options::default(), None, items, threads, |record, read| {
        two.push((record.to_record(), read));
        Ok(ControlFlow::Continue(()))
    })
    .expect("reading from memory cannot fail");
    assert_eq!(parallel, summary);
    assert!(one == two, "two threads differ from one");
    let protected = ProtectedList::new(&engine, ["paypal.com"]);
    let mut staged: Vec<Record> = Vec::new();
    let items = reader().expect("the header was read once already");
    convert_each(&engine, &Options::default(), Some(&protected), &mut { items }, |record, _| {
        staged.push(record.to_record());
        Ok(ControlFlow::Continue(()))
    })
    .expect("reading from memory cannot fail");
    let mut alone: Vec<Record> = Vec::new();
    let mut items = reader().expect("the header was read once already");
    let skip_comments = items.skips_comments();
    while let Some(item) = items.next_item().expect("reading from memory cannot fail") {
        let mut record = RecordBuf::new();
        let options = Options::default();
        idna_inspector::testing::convert_item(&engine, &options, &item, skip_comments, Some(&protected), &mut record);
        alone.push(record.into_record());
    }
    assert!(staged == alone, "the batch's stages differ from one item at a time");
});

fn line_count(bytes: &[u8]) -> usize {
    let parts = bytes.split(|&b| b == b'\n').count();
    if bytes.is_empty() || bytes.ends_with(b"\n") {
        parts - 1
    } else {
        parts
    }
}
