//! Runs a Python oracle script (in `scripts/`) over a list of names: one JSON
//! string per input line in, one JSON object per name out.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The answers of `scripts/<script>` for `names`, in order, or `None` when
/// python3 with the idna 3.20 package is missing (an assertion failure
/// instead when `IDNA_INSPECTOR_REQUIRE_PYTHON` is set, as in CI).
pub fn oracle_answers<T: serde::de::DeserializeOwned>(script: &str, names: &[String]) -> Option<Vec<T>> {
    let available = Command::new("python3")
        .args(["-c", "import idna; assert idna.__version__ == '3.20'"])
        .status()
        .is_ok_and(|status| status.success());
    if !available {
        idna_inspector::test_needs::skip(
            idna_inspector::test_needs::Need::Python,
            "python3 with the idna 3.20 package is not installed (pip install idna==3.20)",
        );
        return None;
    }
    let path = format!("{}/scripts/{script}", env!("CARGO_MANIFEST_DIR"));
    let mut child = Command::new("python3")
        .arg(path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    let input: String = names.iter().map(|n| serde_json::to_string(n).unwrap() + "\n").collect();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().expect("the oracle runs");
    writer.join().unwrap().expect("the oracle reads its input");
    assert!(output.status.success(), "the oracle failed");
    let answers: Vec<T> = output
        .stdout
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(|line| serde_json::from_slice(line).expect("one JSON object per line"))
        .collect();
    assert_eq!(answers.len(), names.len(), "one answer per name");
    Some(answers)
}
