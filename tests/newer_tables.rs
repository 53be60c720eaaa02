//! The engine with newer IdnaMappingTable.txt files loaded at run time
//! (MappingTable::from_path), against the IdnaTestV2.txt of the same version,
//! read from ../shared/unicode (absent on a user's fresh clone: then skipped).

mod common;

use idna_inspector::{MappingTable, Uts46};
use std::path::{Path, PathBuf};

fn shared_version_dir(version: &str) -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/unicode").join(version);
    dir.join("idna/IdnaTestV2.txt").exists().then_some(dir)
}

fn run_version(version: &str, minimum_conforming_percent: usize) {
    let Some(dir) = shared_version_dir(version) else {
        println!("SKIPPED: ../shared/unicode/{version} is not present (fresh clone); nothing to test against");
        return;
    };
    let table = MappingTable::from_path(&dir).expect("the table parses");
    assert_eq!(table.version(), version, "the header names the version");
    let text = std::fs::read_to_string(dir.join("idna/IdnaTestV2.txt")).unwrap();
    let (lines, skipped) = common::parse(&text);
    let score = common::score(&Uts46::with_table(&table), &lines);
    common::report(&format!("IdnaTestV2 {version} (table loaded at run time)"), &score, skipped);
    assert!(
        score.conforming * 100 >= score.lines * minimum_conforming_percent,
        "{version}: {} of {} lines conform",
        score.conforming,
        score.lines
    );
}

#[test]
fn idna_test_v2_17_0_0_with_loaded_table() {
    run_version("17.0.0", 99);
}

#[test]
fn idna_test_v2_18_0_0_with_loaded_table() {
    run_version("18.0.0", 99);
}

#[test]
fn loaded_table_differs_from_bundled_where_unicode_changed() {
    let Some(dir) = shared_version_dir("17.0.0") else {
        println!("SKIPPED: ../shared/unicode/17.0.0 is not present");
        return;
    };
    let table = MappingTable::from_path(dir.join("idna/IdnaMappingTable.txt")).unwrap();
    let bundled = MappingTable::bundled();
    let changed = (0..=0x10FFFFu32)
        .filter_map(char::from_u32)
        .filter(|&c| table.lookup(c).status != bundled.lookup(c).status)
        .count();
    // Unicode 17.0 assigned thousands of new characters; most become valid.
    assert!(
        changed > 1000,
        "only {changed} code points changed status between 16.0 and 17.0"
    );
}

#[test]
fn a_missing_or_broken_table_is_a_clear_error() {
    let missing = MappingTable::from_path("/nonexistent-folder").unwrap_err().to_string();
    assert!(
        missing.contains("cannot read") && missing.contains("IdnaMappingTable.txt"),
        "{missing}"
    );
    let broken = MappingTable::from_text(
        "0000..0040 ; valid\n0042 ; mapped ; 0061\n",
        idna_inspector::table::TableSource::Bundled,
    )
    .unwrap_err()
    .to_string();
    assert!(broken.contains("line 2") && broken.contains("expected 0041"), "{broken}");
}
