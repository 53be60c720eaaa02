//! Whole processes against ICU4C, measured as ratios in the same run.
//!
//! For each corpus of `corpus.rs` (mixed, all-ASCII, all-IDN), written to a
//! file: `idna-inspector batch FILE --format summary` on one thread and on
//! every core, against `benches/icu_peer.cpp` on one thread (ICU4C's UTS #46
//! ToASCII on every line); then with `--spoof` against the peer's ToUnicode
//! and `uspoof_check2UTF8` (Highly Restrictive) on every non-ASCII label,
//! on those corpora (each of whose 100,000 names comes twice in the
//! 200,000 lines) and on distinct-IDN and distinct-words (no name twice;
//! the latter real words of 42 languages, the shape of a zone file).
//! The processes run interleaved, `ROUNDS` times each; the medians are
//! reported with ICU's time divided by ours (above 1: we are faster).
//! The peer is built here with `c++` and `pkg-config icu-uc icu-i18n`; where
//! those are missing the bench says so and measures nothing.
//! Run: `cargo bench --bench icu`.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[path = "corpus.rs"]
mod corpus;
use corpus::{Kind, generate, generate_n};

const ROUNDS: usize = 9;
/// Lines per corpus file, plain and with the spoof check (slower on both sides).
const PLAIN_LINES: usize = 1_000_000;
const SPOOF_LINES: usize = 200_000;

fn main() {
    let quick = !std::env::args().any(|a| a == "--bench");
    let (rounds, plain_lines, spoof_lines) = if quick {
        (1, 20_000, 5_000)
    } else {
        (ROUNDS, PLAIN_LINES, SPOOF_LINES)
    };
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let peer = match build_peer(&dir) {
        Ok(peer) => peer,
        Err(why) => {
            println!("ICU4C peer skipped: {why}");
            return;
        }
    };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("whole processes, median of {rounds} interleaved rounds; ratio = ICU4C time / ours (one thread, {cores} threads)");
    println!(
        "{:<14} {:<6} {:>9} {:>11} {:>9} {:>10} {:>12}",
        "corpus",
        "mode",
        "ours 1T s",
        format!("ours {cores}T s"),
        "ICU4C s",
        "ratio 1T",
        format!("ratio {cores}T")
    );
    for (mode, lines) in [("plain", plain_lines), ("spoof", spoof_lines)] {
        // The spoof check remembers names: distinct-IDN shows its cost on names never seen.
        let kinds = if mode == "spoof" {
            &[Kind::Mixed, Kind::Ascii, Kind::Idn, Kind::DistinctIdn, Kind::DistinctWords][..]
        } else {
            &[Kind::Mixed, Kind::Ascii, Kind::Idn, Kind::DistinctWords][..]
        };
        for &kind in kinds {
            let file = dir.join(format!("icu-bench-{}-{lines}.txt", kind.name()));
            write_corpus(kind, lines, &file);
            let ours = |threads: usize| {
                let mut command = Command::new(env!("CARGO_BIN_EXE_idna-inspector"));
                command.args(["batch", "--format", "summary", "--threads", &threads.to_string()]);
                if mode == "spoof" {
                    command.arg("--spoof");
                }
                command.arg(&file);
                command
            };
            let icu = || {
                let mut command = Command::new(&peer);
                command.args([if mode == "spoof" { "spoof" } else { "ascii" }]).arg(&file);
                command
            };
            let (mut one, mut all, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..rounds {
                one.push(time(ours(1)));
                all.push(time(ours(cores)));
                theirs.push(time(icu()));
            }
            let (one, all, theirs) = (median(one), median(all), median(theirs));
            println!(
                "{:<14} {:<6} {:>9.3} {:>11.3} {:>9.3} {:>9.2}× {:>11.2}×",
                kind.name(),
                mode,
                one.as_secs_f64(),
                all.as_secs_f64(),
                theirs.as_secs_f64(),
                theirs.as_secs_f64() / one.as_secs_f64(),
                theirs.as_secs_f64() / all.as_secs_f64()
            );
        }
    }
}

/// Compiles the peer into `dir`; the reason when ICU4C or a C++ compiler is missing.
fn build_peer(dir: &Path) -> Result<PathBuf, String> {
    let flags = Command::new("pkg-config")
        .args(["--cflags", "--libs", "icu-uc", "icu-i18n"])
        .output()
        .map_err(|e| format!("pkg-config: {e} (apt-get install pkg-config libicu-dev)"))?;
    if !flags.status.success() {
        return Err("pkg-config finds no icu-uc/icu-i18n (apt-get install libicu-dev)".into());
    }
    let flags = String::from_utf8_lossy(&flags.stdout).to_string();
    let peer = dir.join("icu_peer");
    let source = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/icu_peer.cpp");
    let built = Command::new("c++")
        .args(["-O2", "-o"])
        .arg(&peer)
        .arg(source)
        .args(flags.split_whitespace())
        .status()
        .map_err(|e| format!("c++: {e} (apt-get install g++)"))?;
    if !built.success() {
        return Err("c++ could not build benches/icu_peer.cpp".into());
    }
    Ok(peer)
}

fn write_corpus(kind: Kind, lines: usize, file: &Path) {
    let corpus = if matches!(kind, Kind::DistinctIdn | Kind::DistinctWords) {
        generate_n(kind, lines)
    } else {
        generate(kind)
    };
    let mut text = String::new();
    for line in corpus.iter().cycle().take(lines) {
        text.push_str(line);
        text.push('\n');
    }
    std::fs::write(file, text).expect("writing a corpus file");
}

/// Runs `command` to its end, output discarded; panics when it fails (exit
/// status 1 is not a failure: ours says so when some name is invalid).
fn time(mut command: Command) -> Duration {
    let started = Instant::now();
    let status = command
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("starting a process");
    assert!(matches!(status.code(), Some(0 | 1)), "{command:?} failed");
    started.elapsed()
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}
