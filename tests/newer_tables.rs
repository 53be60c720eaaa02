//! The engine with newer IdnaMappingTable.txt files loaded at run time
//! (MappingTable::from_path, with the same folder's UCD files for the
//! character properties), against the IdnaTestV2.txt of the same version,
//! read from ../shared/unicode. Absent on a user's fresh clone: then
//! skipped through `test_needs::skip`, unless IDNA_INSPECTOR_REQUIRE_SHARED is
//! set (CI), where a missing file fails.

mod common;

use idna_inspector::{MappingTable, Uts46};
use std::path::PathBuf;

fn shared_version_dir(version: &str) -> Option<PathBuf> {
    idna_inspector::test_needs::shared_path(&format!("unicode/{version}/idna/IdnaTestV2.txt"))
        .map(|file| file.parent().unwrap().parent().unwrap().to_path_buf())
}

fn run_version(version: &str, expected_lines: usize) {
    let Some(dir) = shared_version_dir(version) else { return };
    let table = MappingTable::from_path(&dir).expect("the table parses");
    assert_eq!(table.version(), version, "the header names the version");
    let sources = table.properties().sources();
    assert!(
        sources.iter().all(|s| s.from_file),
        "every property from the folder's UCD: {sources:?}"
    );
    let text = std::fs::read_to_string(dir.join("idna/IdnaTestV2.txt")).unwrap();
    let (lines, skipped) = common::parse(&text);
    let score = common::score(&Uts46::with_table(&table), &lines);
    let label = format!("IdnaTestV2 {version} (table and properties loaded at run time)");
    common::assert_exact(&label, &score, &skipped, expected_lines, &[548, 549]);
}

#[test]
fn idna_test_v2_17_0_0_with_loaded_table() {
    run_version("17.0.0", 6389);
}

#[test]
fn idna_test_v2_18_0_0_with_loaded_table() {
    run_version("18.0.0", 6394);
}

/// U+1ADC is new in Unicode 17.0 with Bidi_Class NSM; the bundled library
/// (Unicode 16.0) gives it the default L. The loaded folder's data decides.
#[test]
fn loaded_properties_replace_the_libraries() {
    let Some(dir) = shared_version_dir("17.0.0") else { return };
    let loaded = MappingTable::from_path(&dir).unwrap();
    let bundled = MappingTable::bundled();
    assert_eq!(loaded.properties().bidi_class_name('\u{1ADC}'), "NSM");
    assert_eq!(bundled.properties().bidi_class_name('\u{1ADC}'), "L");
    assert!(loaded.properties().is_combining_mark('\u{1ADC}'));
    assert!(bundled.properties().is_bundled() && !loaded.properties().is_bundled());
    // Both agree where the data did not change.
    for c in ['a', 'ب', '\u{0301}', '\u{094D}', '\u{200D}'] {
        let (l, b) = (loaded.properties(), bundled.properties());
        assert_eq!(l.bidi_class_name(c), b.bidi_class_name(c), "{c:?}");
        assert_eq!(l.joining_type_name(c), b.joining_type_name(c), "{c:?}");
        assert_eq!(l.combining_class(c), b.combining_class(c), "{c:?}");
    }
}

/// A table without UCD files beside it keeps the bundled libraries' properties.
#[test]
fn a_table_without_ucd_files_keeps_the_bundled_properties() {
    let Some(dir) = shared_version_dir("17.0.0") else { return };
    let alone = std::env::temp_dir().join(format!("idna-inspector-alone-{}", std::process::id()));
    std::fs::create_dir_all(&alone).unwrap();
    std::fs::copy(dir.join("idna/IdnaMappingTable.txt"), alone.join("IdnaMappingTable.txt")).unwrap();
    let table = MappingTable::from_path(&alone).unwrap();
    assert!(table.properties().is_bundled());
    assert!(table.properties().sources().iter().all(|s| !s.from_file));
    std::fs::remove_dir_all(&alone).unwrap();
}

#[test]
fn loaded_table_differs_from_bundled_where_unicode_changed() {
    let Some(dir) = shared_version_dir("17.0.0") else { return };
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

/// A UCD file beside the table that is not well formed is a clear error, naming the file and line.
#[test]
fn a_broken_ucd_file_is_a_clear_error() {
    let Some(dir) = shared_version_dir("17.0.0") else { return };
    let root = std::env::temp_dir().join(format!("idna-inspector-broken-ucd-{}", std::process::id()));
    std::fs::create_dir_all(root.join("idna")).unwrap();
    std::fs::create_dir_all(root.join("ucd/extracted")).unwrap();
    std::fs::copy(dir.join("idna/IdnaMappingTable.txt"), root.join("idna/IdnaMappingTable.txt")).unwrap();
    std::fs::write(root.join("ucd/extracted/DerivedBidiClass.txt"), "0041 ; L\n0042 ; Sideways\n").unwrap();
    let error = MappingTable::from_path(&root).unwrap_err().to_string();
    assert!(
        error.contains("DerivedBidiClass.txt line 2") && error.contains("Sideways"),
        "{error}"
    );
    std::fs::remove_dir_all(&root).unwrap();
}
