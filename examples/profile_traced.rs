//! Runs every file of a folder (a fuzz corpus, say) through
//! `Uts46::process_traced` with the default options, for `valgrind
//! --tool=callgrind`: where a traced run spends its instructions. Argument:
//! the folder (default `fuzz/corpus/uts46_traced`); a second argument repeats it.

use idna_inspector::uts46::{Options, Uts46};
use std::hint::black_box;

fn main() {
    let folder = std::env::args().nth(1).unwrap_or_else(|| "fuzz/corpus/uts46_traced".into());
    let repeats: usize = std::env::args().nth(2).map_or(1, |n| n.parse().expect("repeat count"));
    let mut inputs: Vec<String> = std::fs::read_dir(&folder)
        .expect("a readable folder")
        .filter_map(|entry| std::fs::read(entry.ok()?.path()).ok())
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .collect();
    inputs.sort();
    let engine = Uts46::new();
    let options = Options::default();
    let (start, mut bytes) = (std::time::Instant::now(), 0);
    for _ in 0..repeats {
        for input in &inputs {
            let (results, trace) = engine.process_traced(input, &options);
            black_box((results, trace));
            bytes += input.len();
        }
    }
    eprintln!("{} inputs, {bytes} bytes, {:.2?}", inputs.len() * repeats, start.elapsed());
}
