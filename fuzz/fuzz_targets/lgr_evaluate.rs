//! Arbitrary strings as labels against bundled LGRs (second-level de and zh,
//! full-variant ru): no panic; the result is consistent (eligible labels have
//! no invalid code point and an index label; listed variants are sorted,
//! distinct from the label and not invalid; a listed variant's index label
//! is the label's, as RFC 7940 §8.5 makes variants share one).
#![no_main]

use idna_inspector::lgr::{Lgr, LgrSet};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn lgrs() -> &'static [Lgr] {
    static L: OnceLock<Vec<Lgr>> = OnceLock::new();
    L.get_or_init(|| {
        vec![
            Lgr::bundled(LgrSet::SecondLevel, "de").unwrap(),
            Lgr::bundled(LgrSet::SecondLevel, "zh").unwrap(),
            Lgr::bundled(LgrSet::FullVariant, "ru").unwrap(),
        ]
    })
}

fuzz_target!(|label: &str| {
    if label.chars().count() > 70 {
        return;
    }
    for lgr in lgrs() {
        let e = lgr.evaluate(label);
        if e.eligible {
            assert!(e.invalid_code_points.is_empty(), "{label:?}");
            assert!(e.index_label.is_some(), "{label:?}");
        }
        assert_eq!(e.index_label.is_some(), !label.is_empty() && e.invalid_code_points.is_empty(), "{label:?}");
        assert_eq!(e.variants.is_none(), e.unlisted.is_some(), "{label:?}");
        if let Some(v) = &e.variants {
            assert!(e.variant_estimate.to_u64().is_some_and(|n| n <= 4096));
            assert!(v.windows(2).all(|w| w[0].label < w[1].label), "{label:?}");
            for x in v {
                assert!(x.label != label, "{label:?}");
            }
        }
    }
});
