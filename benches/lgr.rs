//! The LGR engine (crates/analysis/src/lgr) on the probe labels of tests/data/lgr/probes.jsonl,
//! one thread, against lgr-core's times recorded there by
//! tools/lgr-oracle/oracle.py: eligibility (lgr-core's `test_label_eligible`;
//! ours also computes the index label and the variant estimate) and variant
//! labels with dispositions (lgr-core's `compute_label_disposition`; ours the
//! whole evaluation) on the labels whose variants lgr-core listed.
//!
//! `cargo bench --bench lgr`

use idna_inspector::lgr::{Lgr, LgrSet};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

struct Probe {
    label: String,
    us_eligible: f64,
    us_variants: Option<f64>,
}

fn main() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lgr/probes.jsonl")).unwrap();
    let mut by_lgr: BTreeMap<(String, String), Vec<Probe>> = BTreeMap::new();
    for line in text.lines().skip(1) {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let key = (
            row["set"].as_str().unwrap().to_owned(),
            row["tag"].as_str().unwrap().to_owned(),
        );
        by_lgr.entry(key).or_default().push(Probe {
            label: row["label"].as_str().unwrap().to_owned(),
            us_eligible: row["us_eligible"].as_f64().unwrap(),
            us_variants: row["us_variants"].as_f64(),
        });
    }
    println!(
        "{:<30} {:>6} {:>12} {:>12} {:>8} {:>12} {:>12} {:>8}",
        "LGR", "labels", "lgr-core", "ours", "ratio", "lgr-core var", "ours var", "ratio"
    );
    let (mut core_e, mut ours_e, mut core_v, mut ours_v) = (0.0, 0.0, 0.0, 0.0);
    for ((set, tag), probes) in &by_lgr {
        let lgr = Lgr::bundled(LgrSet::from_name(set).unwrap(), tag).unwrap();
        let rounds = 20;
        let start = Instant::now();
        for _ in 0..rounds {
            for p in probes {
                black_box(lgr.evaluate_without_variants(black_box(&p.label)));
            }
        }
        let e = start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
        let with_variants: Vec<&Probe> = probes.iter().filter(|p| p.us_variants.is_some()).collect();
        let start = Instant::now();
        for _ in 0..rounds {
            for p in &with_variants {
                black_box(lgr.evaluate(black_box(&p.label)));
            }
        }
        let v = start.elapsed().as_secs_f64() * 1e6 / f64::from(rounds);
        let ce: f64 = probes.iter().map(|p| p.us_eligible).sum();
        let cv: f64 = with_variants.iter().filter_map(|p| p.us_variants).sum();
        let n = probes.len() as f64;
        let nv = with_variants.len().max(1) as f64;
        println!(
            "{:<30} {:>6} {:>10.1}us {:>10.2}us {:>7.0}x {:>10.1}us {:>10.2}us {:>7.0}x",
            format!("{set}/{tag}"),
            probes.len(),
            ce / n,
            e / n,
            ce / e,
            cv / nv,
            v / nv,
            cv / v
        );
        core_e += ce;
        ours_e += e;
        core_v += cv;
        ours_v += v;
    }
    println!(
        "all: eligibility {:.0}x faster than lgr-core per label, variants {:.0}x (one thread; lgr-core's times as recorded)",
        core_e / ours_e,
        core_v / ours_v
    );
}
