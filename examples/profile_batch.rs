//! Runs the benchmark corpus once through idna-inspector's engine, for
//! `valgrind --tool=callgrind` (instruction counts, stable on a noisy machine).

#[path = "../benches/corpus.rs"]
mod corpus;

use idna_inspector::uts46::{Options, Uts46};

fn main() {
    let corpus = corpus::corpus();
    let engine = Uts46::new();
    let options = Options::default();
    let start = std::time::Instant::now();
    let mut errors = 0;
    for line in &corpus {
        errors += engine.process(line, &options).to_ascii_n.errors.len();
    }
    eprintln!("{} lines in {:?} ({errors} errors)", corpus.len(), start.elapsed());
}
