//! Batch throughput, measured as ratios against peers in the same run.
//!
//! For each corpus of `corpus.rs` (mixed, all-ASCII, all-IDN; 100,000 lines):
//! - idna-inspector's batch record per line (`testing::convert_text` into one
//!   reused record, as the batch does: ToUnicode + ToASCII nontransitional +
//!   ToASCII transitional, untraced; the batch's reader has checked the
//!   line is UTF-8, a block of lines at a time, so that check is in the
//!   pipeline table only),
//! - the `idna` crate's ToASCII alone (STD3, hyphen checks, DNS length),
//! - an ASCII-lowercasing pass (`str::to_ascii_lowercase`), the floor.
//!
//! The three run interleaved, `ROUNDS` times each; the median of each is
//! reported, with our throughput as a ratio of each peer's.
//!
//! A second table measures the whole batch pipeline the same way, with the
//! corpus as one file in memory read through a 64 KiB buffer, as the CLI
//! reads a file: the batch's reader splits it and checks UTF-8, and
//! `batch::convert_each` converts and counts each line (what `batch FILE
//! --format summary` does); the peers take each line's bytes by `read_until`
//! (no UTF-8 check: the `idna` crate takes bytes) and give them to the `idna`
//! crate's ToASCII, or lowercase them. The peer figures are of whole
//! processes reading a file; this is that without process start-up and the disk.
//! Run: `cargo bench --bench batch`.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
use idna_inspector::MappingTable;
use idna_inspector::batch::{InputFormat, ItemReader, RecordBuf, convert_each};
use idna_inspector::testing::convert_text;
use idna_inspector::uts46::{Options, Uts46};
use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

#[path = "corpus.rs"]
mod corpus;
use corpus::{Kind, LINES, generate};

const ROUNDS: usize = 9;

fn main() {
    // `cargo test --benches` runs this with `--bench` absent: do one quick round only.
    let quick = !std::env::args().any(|a| a == "--bench");
    let rounds = if quick { 1 } else { ROUNDS };
    println!("batch throughput, {LINES} lines per corpus, median of {rounds} interleaved rounds");
    println!(
        "{:<10} {:>14} {:>14} {:>14} {:>10} {:>12}",
        "corpus", "ours M/s", "idna M/s", "lower M/s", "ours/idna", "lower/ours"
    );
    for kind in Kind::ALL {
        let lines = generate(kind);
        print_row(kind.name(), measure(&lines, rounds));
    }
    println!("pipeline: the corpus as one in-memory file, read through a 64 KiB buffer line by line");
    for kind in Kind::ALL {
        let file = generate(kind).join("\n").into_bytes();
        print_row(kind.name(), measure_pipeline(&file, rounds));
    }
    table_parse(rounds);
}

fn print_row(corpus: &str, (ours, peer, lower): (f64, f64, f64)) {
    println!(
        "{:<10} {:>14.2} {:>14.2} {:>14.2} {:>9.2}× {:>11.2}×",
        corpus,
        ours,
        peer,
        lower,
        ours / peer,
        lower / ours
    );
}

/// Million lines per second of (ours, idna crate, lowercasing).
fn measure(lines: &[String], rounds: usize) -> (f64, f64, f64) {
    let engine = Uts46::new();
    let options = Options::default();
    let peer = idna::uts46::Uts46::new();
    let (mut ours, mut theirs, mut lower) = (Vec::new(), Vec::new(), Vec::new());
    let mut record = RecordBuf::new();
    for _ in 0..rounds {
        ours.push(time(|| {
            for (number, line) in lines.iter().enumerate() {
                let text = black_box(line.as_str());
                convert_text(&engine, &options, number as u64 + 1, text, None, &mut record);
                black_box(&record);
            }
        }));
        theirs.push(time(|| {
            for line in lines {
                let _ = black_box(peer.to_ascii(
                    black_box(line.as_bytes()),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                    DnsLength::Verify,
                ));
            }
        }));
        lower.push(time(|| {
            for line in lines {
                black_box(black_box(line.as_str()).to_ascii_lowercase());
            }
        }));
    }
    let rate = |times: &mut Vec<Duration>| lines.len() as f64 / median(times).as_secs_f64() / 1e6;
    (rate(&mut ours), rate(&mut theirs), rate(&mut lower))
}

/// Million lines per second of (ours, idna crate, lowercasing) over `file`
/// read through a 64 KiB buffer, as the CLI reads a file. Ours is
/// `convert_each` counting a summary (its reader checks UTF-8, a block of
/// lines at a time); the peers take each line's bytes as a plain program
/// would, by `read_until` LF, with no UTF-8 check.
fn measure_pipeline(file: &[u8], rounds: usize) -> (f64, f64, f64) {
    let engine = Uts46::new();
    let options = Options::default();
    let peer = idna::uts46::Uts46::new();
    let source = || BufReader::with_capacity(1 << 16, file);
    let each_line = |work: &mut dyn FnMut(&[u8])| {
        let mut source = source();
        let mut line = Vec::new();
        while source.read_until(b'\n', &mut line).expect("an in-memory read") > 0 {
            work(line.strip_suffix(b"\n").unwrap_or(&line));
            line.clear();
        }
    };
    let (mut ours, mut theirs, mut lower) = (Vec::new(), Vec::new(), Vec::new());
    let mut lines = 0;
    for _ in 0..rounds {
        ours.push(time(|| {
            let items = ItemReader::new(source(), &InputFormat::Lines).expect("an in-memory reader");
            let summary = convert_each(&engine, &options, None, &mut { items }, |_, _| Ok(ControlFlow::Continue(())));
            lines = black_box(summary.expect("an in-memory read")).lines;
        }));
        theirs.push(time(|| {
            each_line(&mut |bytes| {
                let _ = black_box(peer.to_ascii(bytes, AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify));
            });
        }));
        lower.push(time(|| {
            each_line(&mut |bytes| {
                black_box(bytes.to_ascii_lowercase());
            });
        }));
    }
    let rate = |times: &mut Vec<Duration>| lines as f64 / median(times).as_secs_f64() / 1e6;
    (rate(&mut ours), rate(&mut theirs), rate(&mut lower))
}

fn time(work: impl FnOnce()) -> Duration {
    let start = Instant::now();
    work();
    start.elapsed()
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Parsing the bundled IdnaMappingTable.txt at run time (limit in issue 2: 20 ms).
fn table_parse(rounds: usize) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaMappingTable.txt");
    let text = std::fs::read_to_string(path).expect("bundled table");
    let mut times: Vec<Duration> = (0..rounds)
        .map(|_| {
            time(|| {
                black_box(MappingTable::from_text(&text, idna_inspector::table::TableSource::Bundled).unwrap());
            })
        })
        .collect();
    println!(
        "parse IdnaMappingTable.txt (16.0.0): {:.2} ms",
        median(&mut times).as_secs_f64() * 1e3
    );
}
