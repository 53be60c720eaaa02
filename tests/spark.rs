//! Past one machine: `scripts/spark_batch.py` runs `batch` on Spark
//! executors (PySpark, master `local[2]`). Its records, with their source
//! file and line, must equal those of one `batch` process per file. Needs
//! `pip install pyspark` and a Java runtime; skipped without them unless
//! `IDNA_INSPECTOR_REQUIRE_SPARK=1` (CI sets it), which makes that a failure.

mod common;

use common::names;
use idna_inspector::MappingTable;
use idna_inspector::test_needs::Need;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const BINARY: &str = env!("CARGO_BIN_EXE_idna-inspector");

fn spark_available() -> bool {
    let python = Command::new("python3").args(["-c", "import pyspark"]).status();
    let java = Command::new("java").arg("-version").output();
    let available = matches!(python, Ok(s) if s.success()) && matches!(java, Ok(o) if o.status.success());
    if !available {
        idna_inspector::test_needs::skip(
            Need::Spark,
            "pyspark or a Java runtime is not installed (pip install pyspark)",
        );
    }
    available
}

/// One `batch --format jsonl FILE` process's records.
fn single_process(file: &Path) -> Vec<Value> {
    let output = Command::new(BINARY)
        .args(["batch", "--format", "jsonl"])
        .arg(file)
        .output()
        .unwrap();
    // 1: some name is invalid; the records are all there.
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn spark_records_equal_single_process_batch_output() {
    if !spark_available() {
        return;
    }
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("spark-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let names = names::corpus(MappingTable::bundled(), 100_000);
    let big = dir.join("names.txt");
    std::fs::write(&big, names.join("\n") + "\n").unwrap();
    let bad = dir.join("bad input.txt");
    std::fs::write(
        &bad,
        b"\xEF\xBB\xBFBloss.DE\r\nok\xC3\x28bad\r\n\n# comment\nnul\x00inside.com\nstra\xC3\x9Fe.de",
    )
    .unwrap();

    let output = dir.join("out");
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/spark_batch.py");
    let started = std::time::Instant::now();
    let run = Command::new("python3")
        .arg(script)
        .args(["--binary", BINARY, "--master", "local[2]", "--output"])
        .arg(&output)
        .arg(&big)
        .arg(&bad)
        .output()
        .unwrap();
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    eprintln!(
        "spark_batch.py on {} lines: {:.1} s",
        names.len() + 6,
        started.elapsed().as_secs_f64()
    );

    // The records by source file, in line order.
    let mut by_source: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for part in std::fs::read_dir(&output).unwrap() {
        let part = part.unwrap().path();
        if !part.file_name().unwrap().to_string_lossy().starts_with("part-") {
            continue;
        }
        for line in std::fs::read_to_string(&part).unwrap().lines() {
            let mut record: Value = serde_json::from_str(line).unwrap();
            let source = record
                .as_object_mut()
                .unwrap()
                .remove("source")
                .expect("every record names its source");
            by_source
                .entry(source.as_str().unwrap().to_string())
                .or_default()
                .push(record);
        }
    }
    assert_eq!(by_source.len(), 2, "{:?}", by_source.keys());
    for file in [&big, &bad] {
        let (source, mut records) = by_source
            .iter()
            .find(|(source, _)| source.ends_with(&*file.file_name().unwrap().to_string_lossy()))
            .map(|(source, records)| (source.clone(), records.clone()))
            .unwrap_or_else(|| panic!("no records from {}", file.display()));
        records.sort_by_key(|record| record["line"].as_u64().unwrap());
        let expected = single_process(file);
        assert_eq!(records.len(), expected.len(), "{source}");
        for (got, want) in records.iter().zip(&expected) {
            assert_eq!(got, want, "{source}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
