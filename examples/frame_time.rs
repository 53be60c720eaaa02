//! Measures how long the inspector window takes to build a frame, headless
//! (egui_kittest: the egui pass and tessellation, no GPU), for a 253-character
//! name on every stage tab. Run: `cargo run --release --example frame_time`;
//! `-- 4096` repeats that name up to 4,096 characters (the input limit).

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable;
use idna_inspector::app::{InspectorApp, Startup, install_app_fonts};
use std::time::{Duration, Instant};

const FRAMES: u32 = 200;

fn main() {
    // Four labels (63 + 63 + 63 + 61 characters) with Latin, Greek, Cyrillic, CJK and ß: 253 in all.
    let label = |seed: &str, len: usize| seed.chars().cycle().take(len).collect::<String>();
    let name = [
        label("bücherß", 63),
        label("αβγδε", 63),
        label("правда", 63),
        label("日本語例", 61),
    ]
    .join(".");
    assert_eq!(name.chars().count(), 253);
    let length: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(253);
    let domain: String = format!("{name}.").repeat(length / 254 + 1).chars().take(length).collect();
    println!("{} characters", domain.chars().count());
    let startup = Startup {
        domain: Some(domain),
        ..Startup::default()
    };
    let mut harness = Harness::builder()
        .with_size(eframe::egui::vec2(1280.0, 800.0))
        .with_context_setup(install_app_fonts)
        // As the window does: a script without a font draws boxes (egui's default), it does not stop.
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), InspectorApp::new(None, startup));
    harness.run();
    for tab in ["1 Map", "2 Normalize", "3 Break", "4 Convert/Validate", "5 Encode/Decode"] {
        harness.get_by_label(tab).click();
        harness.run();
        let mut worst = Duration::ZERO;
        let started = Instant::now();
        for _ in 0..FRAMES {
            let frame = Instant::now();
            harness.step();
            worst = worst.max(frame.elapsed());
        }
        let mean = started.elapsed() / FRAMES;
        println!(
            "{tab:<20} mean {:>6.2} ms  worst {:>6.2} ms  ({FRAMES} frames)",
            ms(mean),
            ms(worst)
        );
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
