//! IdnaTestV2.txt (Unicode 16.0.0, bundled in tables/) through the engine.

mod common;

use idna_inspector::Uts46;

#[test]
fn idna_test_v2_16_0_0() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaTestV2.txt")).unwrap();
    let (lines, skipped) = common::parse(&text);
    assert!(lines.len() > 6000, "the test file should have over 6000 test lines");
    let score = common::score(&Uts46::new(), &lines);
    common::report("IdnaTestV2 16.0.0", &score, skipped);
    assert_eq!(score.conforming, score.lines, "every line must conform (CONFORMANCE section)");
    assert!(
        score.exact_codes * 100 >= score.lines * 99,
        "error codes must match exactly on at least 99 % of lines"
    );
}
