//! The LGR engine (src/lgr): RFC 7940's examples, lgr-core's surprising
//! behaviours on ICANN's files, malformed files, and agreement with
//! lgr-core on the probe labels of tests/data/lgr/.

use idna_inspector::lgr::{Lgr, LgrSet};

fn de() -> Lgr {
    Lgr::bundled(LgrSet::SecondLevel, "de").unwrap()
}

#[test]
fn eszett_variants_are_asymmetric() {
    let lgr = de();
    let e = lgr.evaluate("straße");
    assert!(e.eligible);
    assert_eq!(e.disposition, "valid");
    let v = e.variants.unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].label.as_str(), v[0].disposition.as_str()), ("strasse", "allocatable"));
    let e = lgr.evaluate("strasse");
    let v = e.variants.unwrap();
    assert_eq!((v[0].label.as_str(), v[0].disposition.as_str()), ("straße", "blocked"));
    assert!(lgr.are_variants("straße", "strasse"));
    eprintln!("{:?}", lgr.evaluate("-abc"));
}
