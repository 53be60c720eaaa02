//! Cost on hostile input (issue 6): each pathological input of the issue at
//! its full size and at a tenth of it, through the untraced engine (CLI,
//! batch), the traced engine (the inspector window) and the batch record
//! path. The ratio full/tenth shows how the cost grows: about 10 is linear,
//! about 100 quadratic. Run: `cargo bench --bench pathological`.

use idna_inspector::testing::record_for_line;
use idna_inspector::uts46::{Options, Uts46};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// One named input, built at a given scale (1.0 = the size).
struct Case {
    name: &'static str,
    build: fn(usize) -> String,
    full: usize,
}

/// `n` distinct CJK ideographs (the worst case of RFC 3492's encoder, which
/// scans the whole label once per distinct code point).
fn distinct_cjk(n: usize) -> String {
    (0..n)
        .filter_map(|i| char::from_u32(0x4E00 + (i % 20_000) as u32 + (i / 20_000) as u32 * 0x10000))
        .collect()
}

const CASES: [Case; 8] = [
    Case {
        name: "1 MB line of ASCII letters",
        build: |n| "a".repeat(n),
        full: 1 << 20,
    },
    Case {
        name: "1 MB line of CJK (3 bytes each)",
        build: |n| "語".repeat(n / 3),
        full: 1 << 20,
    },
    Case {
        name: "label with 10,000 combining marks",
        build: |n| format!("a{}.com", "\u{0301}".repeat(n)),
        full: 10_000,
    },
    Case {
        name: "xn-- + 100,000 Punycode digits",
        build: |n| format!("xn--{}", "a".repeat(n)),
        full: 100_000,
    },
    Case {
        name: "xn-- + valid A-label of 30,000 CJK",
        build: |n| format!("xn--{}", idna_inspector::punycode::encode(&"語本日".repeat(n / 3)).unwrap()),
        full: 30_000,
    },
    Case {
        name: "label of 20,000 distinct CJK",
        build: distinct_cjk,
        full: 20_000,
    },
    Case {
        name: "xn-- + ~100,000 digits, distinct CJK",
        build: |n| format!("xn--{}", idna_inspector::punycode::encode(&distinct_cjk(n / 4)).unwrap()),
        full: 100_000,
    },
    Case {
        name: "name with 10,000 labels",
        build: |n| "ab.".repeat(n),
        full: 10_000,
    },
];

fn time(mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn main() {
    let engine = Uts46::new();
    let options = Options::default();
    println!(
        "{:<38} {:>9} {:>12} {:>12} {:>12} {:>7}",
        "input (full size)", "bytes", "untraced", "traced", "batch line", "growth"
    );
    for case in &CASES {
        let tenth = (case.build)(case.full / 10);
        let full = (case.build)(case.full);
        let untraced_tenth = time(|| drop(black_box(engine.process(&tenth, &options))));
        let untraced = time(|| drop(black_box(engine.process(&full, &options))));
        let traced = time(|| drop(black_box(engine.process_traced(&full, &options))));
        let batch = time(|| drop(black_box(record_for_line(&engine, &options, 1, full.as_bytes()))));
        println!(
            "{:<38} {:>9} {:>10.1}ms {:>10.1}ms {:>10.2}ms {:>6.1}x",
            case.name,
            full.len(),
            untraced.as_secs_f64() * 1e3,
            traced.as_secs_f64() * 1e3,
            batch.as_secs_f64() * 1e3,
            untraced.as_secs_f64() / untraced_tenth.as_secs_f64().max(1e-9),
        );
    }
}
