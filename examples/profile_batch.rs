//! Runs one benchmark corpus (argument: mixed, ascii or idn; default mixed)
//! through the batch's per-line function (`convert_text`, into one reused record), for `valgrind --tool=callgrind`
//! (instruction counts, stable on a noisy machine) or `perf record`. A second
//! argument repeats the corpus that many times (default 1), to give a
//! sampling profiler enough samples after the one-time table setup. A third
//! argument, `lowercase`, times the benchmark's floor instead: an ASCII
//! lowercasing pass over the same lines; `spoof` adds the spoof check with
//! the default protected list, as `batch --spoof` does.

#[path = "../benches/corpus.rs"]
mod corpus;

use idna_inspector::batch::RecordBuf;
use idna_inspector::spoof::ProtectedList;
use idna_inspector::testing::convert_text;
use idna_inspector::uts46::{Options, Uts46};
use std::hint::black_box;

fn main() {
    let kind = match std::env::args().nth(1).as_deref() {
        Some("ascii") => corpus::Kind::Ascii,
        Some("idn") => corpus::Kind::Idn,
        _ => corpus::Kind::Mixed,
    };
    let repeats: usize = std::env::args().nth(2).map_or(1, |n| n.parse().expect("repeat count"));
    let lines = corpus::generate(kind);
    let engine = Uts46::new();
    let options = Options::default();
    let floor = std::env::args().nth(3).as_deref() == Some("lowercase");
    let protected = (std::env::args().nth(3).as_deref() == Some("spoof")).then(ProtectedList::default);
    let start = std::time::Instant::now();
    let mut failed = 0;
    let mut record = RecordBuf::new();
    for _ in 0..repeats {
        for (number, line) in lines.iter().enumerate() {
            let counted = match floor {
                true => black_box(black_box(line.as_str()).to_ascii_lowercase()).is_empty(),
                false => {
                    convert_text(&engine, &options, number as u64 + 1, line, protected.as_ref(), &mut record);
                    record.has_errors()
                }
            };
            failed += usize::from(counted);
        }
    }
    eprintln!(
        "{} {} lines in {:?} ({failed} failed)",
        kind.name(),
        lines.len() * repeats,
        start.elapsed()
    );
}
