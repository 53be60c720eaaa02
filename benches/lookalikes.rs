//! The look-alike audit of 10-letter `.com` names (the issue asks for the
//! whole audit of one in under a second on one core), each name once, so
//! that nothing is remembered from one to the next but the confusables
//! index, which the first audit builds (timed on its own).
//!
//! `cargo bench --bench lookalikes`

use idna_inspector::Uts46;
use idna_inspector::lookalikes::{self, Settings};
use std::time::Instant;

/// Ten-letter labels of common letters, none a prefix of another.
const NAMES: [&str; 8] = [
    "sparkassen",
    "volkswagen",
    "blackberry",
    "mastercard",
    "telefonica",
    "salesforce",
    "travelport",
    "ubereatsco",
];

fn main() {
    let engine = Uts46::new();
    println!("{:<16} {:>10} {:>10} {:>12}", "name", "candidates", "matter", "seconds");
    for (round, label) in NAMES.iter().enumerate() {
        let name = format!("{label}.com");
        let start = Instant::now();
        let audit = lookalikes::audit(&engine, &name, &Settings::default()).unwrap();
        let seconds = start.elapsed().as_secs_f64();
        let note = if round == 0 { "  (builds the index)" } else { "" };
        println!(
            "{name:<16} {:>10} {:>10} {seconds:>12.3}{note}",
            audit.summary.candidates, audit.summary.matter
        );
    }
}
