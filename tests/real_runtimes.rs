//! The runtimes' models (`idna_inspector::runtimes`) against the real
//! runtimes, asked by `tools/runtime-oracle/oracle.py` over the committed
//! corpora of `tests/data/real_runtimes/` (one family a file, made by
//! `tools/runtime-oracle/make_corpora.py`). Each runtime's outcome and
//! host must agree on at least 99.9 % of every family's names; every
//! disagreement left is printed with the runtime's own answer. A live
//! oracle: the slow tier (`cargo test --all-features -- --ignored`).

use idna_inspector::runtimes::{Outcome, Runtime};
use idna_inspector::test_needs::{Need, skip};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// One answer of a real runtime.
struct Real {
    input: String,
    outcome: Outcome,
    host: Option<String>,
    error: Option<String>,
}

/// The runtime's answers on `family`, from `target/real_runtimes/` or asked
/// now; `None` (skipped) when the runtime is not installed.
fn answers(runtime: Runtime, family: &str) -> Option<Vec<Real>> {
    let cache = root().join("target/real_runtimes");
    std::fs::create_dir_all(&cache).expect("target/real_runtimes");
    let out = cache.join(format!("{}.{family}.jsonl", runtime.id()));
    let corpus = match family {
        // Names kept outside the repository, for an independent check.
        "outside" => PathBuf::from(std::env::var_os("IDNA_INSPECTOR_RUNTIME_PROBES").expect("the variable")),
        _ => root().join(format!("tests/data/real_runtimes/{family}.txt")),
    };
    let stale = |out: &PathBuf| {
        let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        modified(out) < modified(&corpus)
    };
    // The tests run side by side and ask the same runtimes: one asks while
    // the other waits, then reads what the first wrote.
    static ASKING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _asking = ASKING.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    if !out.exists() || stale(&out) {
        let run = Command::new("python3")
            .arg(root().join("tools/runtime-oracle/oracle.py"))
            .arg(runtime.id())
            .arg("--in")
            .arg(&corpus)
            .arg("--out")
            .arg(&out)
            .output();
        match run {
            Ok(run) if run.status.success() => {}
            Ok(run) => {
                skip(
                    Need::Runtimes,
                    &format!(
                        "{} could not be asked: {}",
                        runtime.id(),
                        String::from_utf8_lossy(&run.stderr)
                    ),
                );
                return None;
            }
            Err(e) => {
                skip(Need::Runtimes, &format!("python3 for the runtime oracle: {e}"));
                return None;
            }
        }
    }
    let text = std::fs::read_to_string(&out).expect("answers");
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().expect("a header")).expect("JSON");
    eprintln!("{} {family}: {}", runtime.id(), header["version"]);
    Some(
        lines
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
                let text = |key: &str| v[key].as_str().map(str::to_string);
                Real {
                    input: text("input").expect("input"),
                    outcome: match v["outcome"].as_str() {
                        Some("ascii") => Outcome::Ascii,
                        Some("raw") => Outcome::Raw,
                        _ => Outcome::Error,
                    },
                    host: text("host"),
                    error: text("error"),
                }
            })
            .collect(),
    )
}

const FAMILIES: [&str; 14] = [
    "words",
    "codepoints",
    "case",
    "deviations",
    "emoji",
    "bidi",
    "hyphens",
    "std3",
    "xn",
    "dots",
    "lengths",
    "symbols",
    "syntax",
    "controls",
];

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn every_runtime_model_agrees_with_the_real_runtime_on_every_family() {
    let mut failures = Vec::new();
    let mut table = String::from("runtime\tfamily\tagree\tnames\n");
    // IDNA_INSPECTOR_RUNTIME_PROBES: a file of names outside the repository, compared too.
    let outside = std::env::var_os("IDNA_INSPECTOR_RUNTIME_PROBES").map(|_| "outside");
    for runtime in Runtime::ALL {
        for family in FAMILIES.into_iter().chain(outside) {
            let Some(real) = answers(runtime, family) else { continue };
            assert!(!real.is_empty(), "{family}: no names");
            let mut agree = 0;
            for answer in &real {
                let model = runtime.run(&answer.input);
                if model.outcome == answer.outcome && model.host == answer.host {
                    agree += 1;
                } else {
                    eprintln!(
                        "  {} {family} {:?}: real {:?} {:?} {:?}; model {:?} {:?} {:?} ({})",
                        runtime.id(),
                        answer.input,
                        answer.outcome,
                        answer.host,
                        answer.error,
                        model.outcome,
                        model.host,
                        model.error,
                        model.rule
                    );
                }
            }
            table.push_str(&format!("{}\t{family}\t{agree}\t{}\n", runtime.id(), real.len()));
            if agree * 1000 < real.len() * 999 {
                failures.push(format!("{} {family}: {agree} of {}", runtime.id(), real.len()));
            }
        }
    }
    eprintln!("{table}");
    assert!(failures.is_empty(), "below 99.9 %: {failures:?}");
}

/// What a user runs, `batch --runtimes`, against the real runtimes: each
/// line's runtimes asked about the text as written (not the host the other
/// stages take from it) and answered by the gate or the models, end to end.
/// Lines the batch skips (blank, `# ` comments) have no runtimes and are
/// counted apart.
#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn batch_runtimes_agree_with_the_real_runtimes_on_every_family() {
    let mut failures = Vec::new();
    for family in FAMILIES {
        let corpus = root().join(format!("tests/data/real_runtimes/{family}.txt"));
        let run = Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
            .args(["batch", "--runtimes", "--format", "jsonl"])
            .arg(&corpus)
            .output()
            .expect("the batch runs");
        // 1: some line has an error, as the hard cases do.
        assert!(matches!(run.status.code(), Some(0 | 1)), "{family}: {run:?}");
        let mut records = std::collections::HashMap::new();
        let mut skipped = 0;
        for line in String::from_utf8(run.stdout).expect("UTF-8").lines() {
            let record: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let input = record["input"].as_str().expect("input").to_string();
            if record["runtimes"].is_null() {
                let note = record["note"].as_str().unwrap_or_default();
                assert!(note.ends_with("line, skipped"), "{family} {input:?}: no runtimes ({note})");
                skipped += 1;
                continue;
            }
            records.insert(input, record);
        }
        for runtime in Runtime::ALL {
            let Some(real) = answers(runtime, family) else { continue };
            let (mut agree, mut asked) = (0, 0);
            for answer in real.iter().filter(|answer| records.contains_key(&answer.input)) {
                asked += 1;
                let batch = &records[&answer.input]["runtimes"][runtime.id()];
                let outcome = match batch["outcome"].as_str() {
                    Some("ascii") => Outcome::Ascii,
                    Some("raw") => Outcome::Raw,
                    _ => Outcome::Error,
                };
                let host = batch["host"].as_str().map(str::to_string);
                if outcome == answer.outcome && host == answer.host {
                    agree += 1;
                } else {
                    eprintln!(
                        "  batch {} {family} {:?}: real {:?} {:?} {:?}; batch {batch}",
                        runtime.id(),
                        answer.input,
                        answer.outcome,
                        answer.host,
                        answer.error
                    );
                }
            }
            assert_eq!(
                asked + skipped,
                real.len(),
                "{family}: every real answer's line is in the batch"
            );
            if agree * 1000 < asked * 999 {
                failures.push(format!("{} {family}: {agree} of {asked}", runtime.id()));
            }
        }
        eprintln!("batch {family}: {} lines answered, {skipped} skipped lines", records.len());
    }
    assert!(failures.is_empty(), "below 99.9 %: {failures:?}");
}

/// The two ICU calls read one facts pass: the answers are those of one call each.
#[test]
fn run_all_gives_each_runtimes_own_answer() {
    for family in FAMILIES {
        let corpus = std::fs::read_to_string(root().join(format!("tests/data/real_runtimes/{family}.txt"))).expect("corpus");
        for name in corpus.split('\n').filter(|n| !n.is_empty()).take(200) {
            let all = idna_inspector::runtimes::run_all(name);
            let each: Vec<_> = Runtime::ALL.into_iter().map(|r| r.run(name)).collect();
            assert_eq!(all, each, "{name:?}");
        }
    }
}
