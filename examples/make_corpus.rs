//! Writes a generated benchmark corpus to standard output, for measuring the
//! CLI and the GUI on big files: `cargo run --release --example make_corpus --
//! mixed 1000000 > /tmp/mixed.txt` (kinds: mixed, ascii, idn, distinct-idn, distinct-words, distinct-mixed; the 100,000-line
//! corpus repeated as often as needed).

#[path = "../benches/corpus.rs"]
mod corpus;

use std::io::{BufWriter, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = match args.next().as_deref() {
        Some("ascii") => corpus::Kind::Ascii,
        Some("idn") => corpus::Kind::Idn,
        Some("distinct-idn") => corpus::Kind::DistinctIdn,
        Some("distinct-words") => corpus::Kind::DistinctWords,
        Some("distinct-mixed") => corpus::Kind::DistinctMixed,
        _ => corpus::Kind::Mixed,
    };
    let lines: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(corpus::LINES);
    // The distinct kinds never repeat a name; the others repeat their 100,000 names.
    let corpus = match kind {
        corpus::Kind::DistinctIdn | corpus::Kind::DistinctWords | corpus::Kind::DistinctMixed => corpus::generate_n(kind, lines),
        _ => corpus::generate(kind),
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in corpus.iter().cycle().take(lines) {
        writeln!(out, "{line}").expect("writing to stdout");
    }
}
