//! The skip summary: named to run after every other test binary of a
//! `cargo test` (cargo runs them in name order), it prints one line with how
//! many tests were skipped for want of outside data or tools, and why.

use idna_inspector::test_needs::take_skips_of_this_run;
use std::io::Write;

#[test]
fn skipped_tests_of_this_run() {
    let skips = take_skips_of_this_run();
    let mut out = std::io::stderr().lock();
    if skips.is_empty() {
        let _ = writeln!(out, "SKIPPED: none; every test that needs outside data or tools ran");
    } else {
        let _ = writeln!(
            out,
            "SKIPPED: {} tests in this run (see the lines below; .ci/run runs them all):",
            skips.len()
        );
        for line in skips.iter().flatten() {
            let _ = writeln!(out, "  {line}");
        }
    }
}
