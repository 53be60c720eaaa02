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
        frames.push(frame(&mut harness, frames.len()));
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
    println!(
        "{} records in {:.1} s; {}",
        harness.state().batch_record_count(),
        total.as_secs_f64(),
        describe(frames)
    );
    // Then the names of the rows not shown are laid out, a few a frame, for their glyphs.
    let mut after: Vec<Duration> = Vec::new();
    let glyphs_started = Instant::now();
    while harness.state().batch_glyphs_pending() {
        after.push(frame(&mut harness, after.len()));
    }
    println!(
        "after the job, glyphs of rows not shown made ahead in {:.1} s; {}",
        glyphs_started.elapsed().as_secs_f64(),
        describe(after)
    );
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    for line in status.lines().filter(|l| l.starts_with("VmHWM") || l.starts_with("VmRSS")) {
        println!("{line}");
    }
}

/// One frame, then the rest of its 16 ms. A slow frame is reported with
/// the font atlas's size before and after it: egui copies the whole atlas
/// when it grows.
fn frame(harness: &mut Harness<'_, InspectorApp>, index: usize) -> Duration {
    let atlas = |harness: &Harness<'_, InspectorApp>| harness.ctx.fonts(|fonts| fonts.font_image_size());
    let before = atlas(harness);
    let frame = Instant::now();
    harness.step();
    let took = frame.elapsed();
    if took >= Duration::from_millis(16) {
        let after = atlas(harness);
        eprintln!(
            "frame {} took {:.1} ms, {} records in; font atlas {}x{} -> {}x{}",
            index + 1,
            ms(took),
            harness.state().batch_record_count(),
            before[0],
            before[1],
            after[0],
            after[1],
        );
    }
    std::thread::sleep(Duration::from_millis(16).saturating_sub(took));
    took
}

/// The count, median, 99th percentile and slowest of `frames`.
fn describe(mut frames: Vec<Duration>) -> String {
    if frames.is_empty() {
        return "no frames".to_string();
    }
    let slowest = (0..frames.len()).max_by_key(|&i| frames[i]).unwrap_or(0);
    frames.sort();
    let at = |q: f64| frames[((frames.len() - 1) as f64 * q) as usize];
    let over = frames.iter().filter(|f| **f >= Duration::from_millis(16)).count();
    format!(
        "{} frames: median {:.2} ms, 99th percentile {:.2} ms, worst {:.2} ms (frame {}), {over} of 16 ms or more",
        frames.len(),
        ms(at(0.5)),
        ms(at(0.99)),
        ms(at(1.0)),
        slowest + 1,
    )
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}
