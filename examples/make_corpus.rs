//! Writes a generated benchmark corpus to standard output, for measuring the
//! CLI and the GUI on big files: `cargo run --release --example make_corpus --
//! mixed 1000000 > /tmp/mixed.txt` (kinds: mixed, ascii, idn; the 100,000-line
//! corpus repeated as often as needed).

#[path = "../benches/corpus.rs"]
mod corpus;

use std::io::{BufWriter, Write};

fn main() {
    let mut args = std::env::args().skip(1);
    let kind = match args.next().as_deref() {
        Some("ascii") => corpus::Kind::Ascii,
        Some("idn") => corpus::Kind::Idn,
        _ => corpus::Kind::Mixed,
    };
    let lines: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(corpus::LINES);
    let corpus = corpus::generate(kind);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in corpus.iter().cycle().take(lines) {
        writeln!(out, "{line}").expect("writing to stdout");
    }
}
