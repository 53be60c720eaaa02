//! IdnaTestV2.txt (Unicode 16.0.0, bundled in tables/) through the engine:
//! README's claim, line for line.

mod common;

use idna_inspector::Uts46;

#[test]
fn idna_test_v2_16_0_0() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaTestV2.txt")).unwrap();
    let (lines, skipped) = common::parse(&text);
    let score = common::score(&Uts46::new(), &lines);
    common::assert_exact("IdnaTestV2 16.0.0", &score, &skipped, 6387, &[548, 549]);
}
