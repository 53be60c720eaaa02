//! Measures the window while a batch job runs (issue 21: the GUI keeps up):
//! every frame's build time, headless (egui_kittest: the egui pass and
//! tessellation, no GPU), from opening a file until its last record arrives,
//! a frame every 16 ms as a display would ask; then the peak resident memory
//! of the process (VmHWM). Run:
//! `cargo run --release --example make_corpus -- mixed 10000000 > /tmp/mixed10m.txt`,
//! then `cargo run --release --example batch_frame_time -- /tmp/mixed10m.txt`.

use egui_kittest::Harness;
use idna_inspector::app::{InspectorApp, Startup, install_app_fonts};
use std::time::{Duration, Instant};

fn main() {
    let file = std::env::args().nth(1).expect("usage: batch_frame_time FILE");
    let startup = Startup {
        batch: Some(file.into()),
        ..Startup::default()
    };
    let started = Instant::now();
    let mut harness = Harness::builder()
        .with_size(eframe::egui::vec2(1280.0, 800.0))
        .with_context_setup(install_app_fonts)
        // As the window does: a script without a font draws boxes (egui's default), it does not stop.
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut InspectorApp| app.show(ui), InspectorApp::new(None, startup));
    let mut frames: Vec<Duration> = Vec::new();
    let mut last_report = Instant::now();
    while harness.state().batch_running() {
        let frame = Instant::now();
        harness.step();
        let took = frame.elapsed();
        frames.push(took);
        if took >= Duration::from_millis(16) {
            eprintln!(
                "frame {} took {:.1} ms, {} records in",
                frames.len(),
                ms(took),
                harness.state().batch_record_count()
            );
        }
        std::thread::sleep(Duration::from_millis(16).saturating_sub(took));
        if last_report.elapsed() > Duration::from_secs(10) {
            last_report = Instant::now();
            eprintln!(
                "{:>6.0} s: {} records",
                started.elapsed().as_secs_f64(),
                harness.state().batch_record_count()
            );
        }
    }
    harness.step();
    let total = started.elapsed();
    let slowest = (0..frames.len()).max_by_key(|&i| frames[i]).unwrap_or(0);
    frames.sort();
    let at = |q: f64| frames[((frames.len() - 1) as f64 * q) as usize];
    let over = frames.iter().filter(|f| **f >= Duration::from_millis(16)).count();
    println!(
        "{} records in {:.1} s; {} frames: median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms (frame {}), {over} of 16 ms or more",
        harness.state().batch_record_count(),
        total.as_secs_f64(),
        frames.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0)),
        slowest + 1,
    );
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")) {
        println!("{line}");
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
