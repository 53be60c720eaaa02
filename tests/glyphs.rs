//! The window's bundled fonts, as the app installs them
//! (`app_font_definitions`), checked headless with egui's own font lookup:
//! every code point of every bundled LGR has a glyph, and how many of the
//! code points UTS #46 keeps do.
#![cfg(feature = "gui")]

use eframe::egui::FontFamily;
use idna_inspector::app::BundledGlyphs;
use idna_inspector::lgr::{Lgr, LgrSet};
use idna_inspector::table::{MappingTable, Status};
use std::collections::BTreeSet;

/// The code points of `cps` with no glyph in `family` among the bundled fonts.
fn without_glyph(glyphs: &mut BundledGlyphs, family: &FontFamily, cps: &BTreeSet<u32>) -> Vec<u32> {
    cps.iter()
        .copied()
        .filter(|&cp| char::from_u32(cp).is_some_and(|c| !glyphs.has(family, c)))
        .collect()
}

fn listed(cps: &[u32]) -> String {
    let shown: Vec<String> = cps.iter().take(200).map(|cp| format!("U+{cp:04X}")).collect();
    format!("{} code points: {}", cps.len(), shown.join(" "))
}

/// "No tofu for any code point of the bundled LGRs": the repertoires and
/// variants of all 143 files, in both families the window draws with.
#[test]
fn every_lgr_code_point_has_a_bundled_glyph() {
    let mut cps = BTreeSet::new();
    let mut files = 0;
    for set in LgrSet::ALL {
        for tag in set.tags() {
            let lgr = Lgr::bundled(set, tag).unwrap_or_else(|e| panic!("{}/{tag}: {e}", set.name()));
            cps.extend(lgr.code_points());
            files += 1;
        }
    }
    assert_eq!(files, 143);
    assert!(cps.len() > 30_000, "{} code points", cps.len());
    assert!(
        cps.contains(&0x570B) && cps.contains(&0xD55C) && cps.contains(&0x11AB0),
        "國, 한 and U+11AB0 are in the LGRs"
    );
    let mut glyphs = BundledGlyphs::default();
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        let missing = without_glyph(&mut glyphs, &family, &cps);
        assert!(missing.is_empty(), "{family:?}: no bundled glyph for {}", listed(&missing));
    }
    println!("{} code points of the bundled LGRs, each with a bundled glyph", cps.len());
}

/// Code points UTS #46 keeps (status valid or deviation; not the ASCII
/// controls, which the table keeps now that STD3 rules are an option, and
/// which no font draws) that no bundled
/// font draws: CJK Extensions A to J, historic scripts and the like; the
/// window names them and the package to install (README, Limits).
/// Pinned so that a font change that loses glyphs shows here.
const UTS46_KEPT_WITHOUT_GLYPH: usize = 100_052;

/// The code points UTS #46 keeps, as counted above (README, Limits).
const UTS46_KEPT: usize = 148_162;

#[test]
fn coverage_of_code_points_uts46_keeps() {
    let table = MappingTable::bundled();
    let kept: BTreeSet<u32> = (0..=0x10FFFF)
        .filter(|&cp| {
            char::from_u32(cp).is_some_and(|c| !c.is_control() && matches!(table.status(c), Status::Valid | Status::Deviation))
        })
        .collect();
    assert_eq!(kept.len(), UTS46_KEPT);
    let mut glyphs = BundledGlyphs::default();
    let missing = without_glyph(&mut glyphs, &FontFamily::Proportional, &kept);
    println!(
        "UTS #46 keeps {} code points; {} have a bundled glyph, {} do not",
        kept.len(),
        kept.len() - missing.len(),
        missing.len()
    );
    let han = missing
        .iter()
        .filter(|&&cp| (0x3400..=0x4DBF).contains(&cp) || (0x20000..=0x3FFFF).contains(&cp))
        .count();
    println!("of those without, {han} are CJK Extension ideographs");
    assert_eq!(missing.len(), UTS46_KEPT_WITHOUT_GLYPH, "first ones: {}", listed(&missing));
}

/// The window's note: a character no bundled font draws is named, with the
/// package to install; one that is drawn is not.
#[test]
fn bundled_glyphs_names_what_is_missing() {
    let mut glyphs = BundledGlyphs::default();
    assert_eq!(glyphs.missing("國家.cn 国家 한국 ᐃᓄᒃᑎᑐᑦ straße"), Vec::<char>::new());
    assert_eq!(
        glyphs.missing("\u{2A700}a\u{2A700}\u{200D}"),
        vec!['\u{2A700}'],
        "Extension C, once; ZWJ draws as nothing"
    );
}
