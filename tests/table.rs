//! The mapping table: the compiled-in rows equal a run-time parse of
//! tables/IdnaMappingTable.txt, and every lookup returns the right row.

use idna_inspector::table::{Idna2008Status, MappingTable, Status, TableSource};

fn text_table() -> MappingTable {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaMappingTable.txt")).unwrap();
    MappingTable::from_text(&text, TableSource::Bundled).unwrap()
}

#[test]
fn bundled_rows_equal_a_parse_of_the_text_file() {
    let bundled = MappingTable::bundled();
    let parsed = text_table();
    assert_eq!(bundled.version(), "16.0.0");
    assert_eq!(bundled.date(), parsed.date());
    assert!(bundled.rows().eq(parsed.rows()), "build.rs and the run-time parser disagree");
    // One row per data line of the file (`grep -c '^[0-9A-F]' tables/IdnaMappingTable.txt`).
    assert_eq!(bundled.rows().count(), 9185);
}

#[test]
fn every_code_point_finds_the_row_that_holds_it() {
    let table = MappingTable::bundled();
    let rows: Vec<_> = table.rows().collect();
    let mut row = 0;
    for cp in 0..=0x10FFFFu32 {
        while rows[row].last < cp {
            row += 1;
        }
        if let Some(c) = char::from_u32(cp) {
            assert_eq!(table.lookup(c), rows[row], "U+{cp:04X}");
        }
    }
}

#[test]
fn lookups_return_status_mapping_and_idna2008_field() {
    let table = MappingTable::bundled();
    let sharp_s = table.lookup('ß');
    assert_eq!(
        (sharp_s.status, sharp_s.mapping, sharp_s.range_text()),
        (Status::Deviation, "ss", "00DF".to_string())
    );
    let zwj = table.lookup('\u{200D}');
    assert_eq!((zwj.status, zwj.mapping), (Status::Deviation, ""));
    let cent = table.lookup('¢');
    assert_eq!(
        (cent.status, cent.idna2008, cent.range_text()),
        (Status::Valid, Idna2008Status::Nv8, "00A1..00A7".to_string())
    );
    assert_eq!(table.lookup('\u{00AD}').status, Status::Ignored);
    assert_eq!(table.lookup('Ａ').mapping, "a");
    assert_eq!(table.lookup('⒈').status, Status::Disallowed);
    assert_eq!(table.lookup('\u{10FFFF}').status, Status::Disallowed);
}
