//! IdnaTestV2.txt reader and scorer, shared by the conformance tests.
#![allow(dead_code)]

pub mod names;
pub mod python;

use idna_inspector::uts46::{Conversion, ErrorCode, Options, Uts46};
use std::collections::BTreeSet;

/// One test line with its defaults resolved as the file's header says.
pub struct TestLine {
    pub line_no: usize,
    pub source: String,
    pub columns: [(String, BTreeSet<ErrorCode>); 3],
}

/// Parses the file; lines with an escaped surrogate (\uD800–\uDFFF) cannot be
/// represented in a Rust string and are returned by line number as skipped —
/// the file itself says such implementations skip them.
pub fn parse(text: &str) -> (Vec<TestLine>, Vec<usize>) {
    let mut lines = Vec::new();
    let mut skipped = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let data = raw.split('#').next().unwrap_or("");
        if data.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = data.split(';').map(str::trim).collect();
        assert_eq!(fields.len(), 7, "line {}: expected 7 fields", index + 1);
        let Some(fields) = fields.iter().map(|f| unescape(f)).collect::<Option<Vec<String>>>() else {
            skipped.push(index + 1);
            continue;
        };
        let value = |field: &str, fallback: &str| match field {
            "" => fallback.to_string(),
            "\"\"" => String::new(),
            other => other.to_string(),
        };
        let source = value(&fields[0], "");
        let to_unicode = value(&fields[1], &source);
        let to_unicode_status = status(&fields[2]);
        let to_ascii_n = value(&fields[3], &to_unicode);
        let to_ascii_n_status = if fields[4].is_empty() {
            to_unicode_status.clone()
        } else {
            status(&fields[4])
        };
        let to_ascii_t = value(&fields[5], &to_ascii_n);
        let to_ascii_t_status = if fields[6].is_empty() {
            to_ascii_n_status.clone()
        } else {
            status(&fields[6])
        };
        lines.push(TestLine {
            line_no: index + 1,
            source,
            columns: [
                (to_unicode, to_unicode_status),
                (to_ascii_n, to_ascii_n_status),
                (to_ascii_t, to_ascii_t_status),
            ],
        });
    }
    (lines, skipped)
}

fn status(field: &str) -> BTreeSet<ErrorCode> {
    field
        .trim_matches(['[', ']'])
        .split(',')
        .map(str::trim)
        .filter(|code| !code.is_empty())
        .map(|code| ErrorCode::parse(code).unwrap_or_else(|| panic!("unknown status code {code}")))
        .collect()
}

/// Resolves \uXXXX and \x{XXXX}; None for a surrogate.
fn unescape(field: &str) -> Option<String> {
    let mut out = String::new();
    let mut rest = field;
    while let Some(at) = rest.find('\\') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (hex, consumed) = if let Some(braced) = tail.strip_prefix("\\x{") {
            let end = braced.find('}').expect("unterminated \\x{");
            (&braced[..end], 3 + end + 1)
        } else if tail.starts_with("\\u") {
            (&tail[2..6], 6)
        } else {
            out.push('\\');
            rest = &tail[1..];
            continue;
        };
        out.push(char::from_u32(u32::from_str_radix(hex, 16).expect("bad escape"))?);
        rest = &tail[consumed..];
    }
    out.push_str(rest);
    Some(out)
}

/// Counts for one run of the file.
#[derive(Debug, Default)]
pub struct Score {
    pub lines: usize,
    /// All three columns conform (error presence; the string where no error is expected).
    pub conforming: usize,
    /// All three columns list exactly the file's error codes.
    pub exact_codes: usize,
    /// All three result strings equal the file's, errors or not.
    pub exact_strings: usize,
    pub failures: Vec<String>,
    pub code_mismatches: Vec<String>,
}

/// Runs every line; the expectations are checked by [`assert_exact`].
pub fn score(engine: &Uts46<'_>, lines: &[TestLine]) -> Score {
    let mut score = Score::default();
    let options = Options::default();
    for test in lines {
        let results = engine.process(&test.source, &options);
        let actual: [&Conversion; 3] = [&results.to_unicode, &results.to_ascii_n, &results.to_ascii_t];
        let names = ["toUnicode", "toAsciiN", "toAsciiT"];
        let (mut conforming, mut exact_codes, mut exact_strings) = (true, true, true);
        for ((name, (expected, expected_codes)), got) in names.iter().zip(&test.columns).zip(actual) {
            let got_codes: BTreeSet<ErrorCode> = got.codes().into_iter().collect();
            let presence_ok = expected_codes.is_empty() == got_codes.is_empty();
            let string_ok = !expected_codes.is_empty() || got.value == *expected;
            if !(presence_ok && string_ok) {
                conforming = false;
                score.failures.push(format!(
                    "line {} {name}: source {:?} expected {:?} {:?}, got {:?} {:?}",
                    test.line_no, test.source, expected, expected_codes, got.value, got_codes
                ));
            }
            if got_codes != *expected_codes {
                exact_codes = false;
                score.code_mismatches.push(format!(
                    "line {} {name}: source {:?} expected {:?}, got {:?}",
                    test.line_no, test.source, expected_codes, got_codes
                ));
            }
            exact_strings &= got.value == *expected;
        }
        score.lines += 1;
        score.conforming += usize::from(conforming);
        score.exact_codes += usize::from(exact_codes);
        score.exact_strings += usize::from(exact_strings);
    }
    score
}

pub fn report(label: &str, score: &Score, skipped: &[usize]) {
    let pct = |n: usize| 100.0 * n as f64 / score.lines.max(1) as f64;
    println!(
        "{label}: {} lines (skipped, escaped surrogates: lines {skipped:?}); conforming {} ({:.3} %); exact error codes {} ({:.3} %); exact strings {} ({:.3} %)",
        score.lines,
        score.conforming,
        pct(score.conforming),
        score.exact_codes,
        pct(score.exact_codes),
        score.exact_strings,
        pct(score.exact_strings)
    );
    for failure in score.failures.iter().take(40) {
        println!("  FAIL {failure}");
    }
    for mismatch in score.code_mismatches.iter().take(40) {
        println!("  CODES {mismatch}");
    }
}

/// The claim README makes of each version: `expected_lines` data lines run
/// (the surrogate lines `expected_skipped` skipped, by line number), every
/// line conforming, every line with exactly the file's error codes, and
/// every result string — ToUnicode with errors too — equal to the file's.
pub fn assert_exact(label: &str, score: &Score, skipped: &[usize], expected_lines: usize, expected_skipped: &[usize]) {
    report(label, score, skipped);
    assert_eq!(score.lines, expected_lines, "{label}: data lines run");
    assert_eq!(skipped, expected_skipped, "{label}: lines skipped (escaped surrogates)");
    assert_eq!(score.conforming, score.lines, "{label}: every line conforms");
    assert_eq!(
        score.exact_codes, score.lines,
        "{label}: every line has exactly the file's codes"
    );
    assert_eq!(score.exact_strings, score.lines, "{label}: every result string is the file's");
}
