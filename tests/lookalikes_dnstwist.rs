//! dnstwist as a yardstick for the look-alike audit (issue 68): for the
//! brands of `tests/data/lookalikes/brands.txt`, of the IDN candidates of
//! `dnstwist --format list --fuzzers homoglyph,cyrillic` that some browser
//! shows in Unicode (the project's own verdicts), at least 99 % are in the
//! audit's own list (`lookalikes::candidate_labels` without a maximum, kept
//! as the audit keeps them: a name UTS #46 accepts as written). The rest
//! are printed, each with the changes `lookalikes::untwist` finds.
//!
//! The audit reads dnstwist's glyph tables (`tables/dnstwist/glyphs.tsv`,
//! the glyph technique), so this checks that it applies them as dnstwist's
//! two passes do, within its own rules. dnstwist comes from PyPI, pinned,
//! alone in a venv under the target directory, made on first use and
//! reused. Without the `idna` package (an extra it does not require) it
//! encodes with Python's IDNA 2003 codec; that is the output measured.
//! `IDNA_INSPECTOR_DNSTWIST_BRANDS=a.com,b.de` measures other brands
//! instead, with the same check.

use idna_inspector::browsers::{self, Display, chromium::TopDomains};
use idna_inspector::lookalikes;
use idna_inspector::test_needs::{self, Need};
use idna_inspector::{Options, Uts46};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The dnstwist release measured (PyPI).
const DNSTWIST: &str = "20250130";

const BRANDS: &str = include_str!("data/lookalikes/brands.txt");

/// The share of dnstwist's candidates shown in Unicode that the audit's
/// list must hold (issue 68's acceptance).
const COVERED_AT_LEAST: f64 = 99.0;

/// The venv's `dnstwist` script, the venv made first where it is missing;
/// `None` (the test skipped) when python3, its venv module or PyPI is not
/// to be had.
fn dnstwist() -> Option<PathBuf> {
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("dnstwist-{DNSTWIST}"));
    let script = venv.join("bin/dnstwist");
    // Written last: a venv without it is a broken attempt, made anew (a
    // venv cannot be renamed into place: its scripts name their own path).
    let whole = venv.join("installed");
    if whole.exists() {
        return Some(script);
    }
    let _ = std::fs::remove_dir_all(&venv);
    let made = Command::new("python3")
        .args(["-m", "venv"])
        .arg(&venv)
        .output()
        .map_err(|error| format!("python3 is not runnable ({error})"))
        .and_then(|output| match output.status.success() {
            true => Ok(()),
            false => Err(format!(
                "python3 -m venv failed (apt-get install python3-venv): {}",
                String::from_utf8_lossy(&output.stderr).trim()
            )),
        })
        .and_then(|()| {
            let output = Command::new(venv.join("bin/pip"))
                .args(["install", "--quiet", "--disable-pip-version-check", "--no-deps"])
                .arg(format!("dnstwist=={DNSTWIST}"))
                .output()
                .map_err(|error| format!("the venv's pip is not runnable ({error})"))?;
            match output.status.success() {
                true => Ok(()),
                false => Err(format!(
                    "pip install dnstwist=={DNSTWIST} failed (PyPI not reachable?): {}",
                    String::from_utf8_lossy(&output.stderr).trim()
                )),
            }
        })
        .and_then(|()| std::fs::write(&whole, DNSTWIST).map_err(|error| format!("{whole:?}: {error}")));
    match made {
        Ok(()) => Some(script),
        Err(missing) => {
            let _ = std::fs::remove_dir_all(&venv);
            test_needs::skip(Need::Dnstwist, &missing);
            None
        }
    }
}

/// dnstwist's names for each of `brands` (A-labels or ASCII names).
fn dnstwist_names(script: &Path, brands: &[String]) -> Vec<Vec<String>> {
    // One process per brand, all at once: most of each run is Python starting.
    let children: Vec<_> = brands
        .iter()
        .map(|brand| {
            Command::new(script)
                .args(["--format", "list", "--fuzzers", "homoglyph,cyrillic", brand])
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("dnstwist starts")
        })
        .collect();
    children
        .into_iter()
        .zip(brands)
        .map(|(child, brand)| {
            let output = child.wait_with_output().unwrap();
            assert!(
                output.status.success(),
                "dnstwist {brand}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
            String::from_utf8(output.stdout)
                .unwrap()
                .lines()
                .map(str::to_string)
                .collect()
        })
        .collect()
}

/// One brand's counts.
#[derive(Default)]
struct Counts {
    /// dnstwist's names with a non-ASCII label (after ToUnicode).
    idn: usize,
    /// Of those, shown in Unicode by at least one browser.
    shown: usize,
    /// Of those, in the audit's list.
    covered: usize,
}

/// Measures `brand`: the counts, and each candidate shown in Unicode that
/// the audit's list does not hold, with the changes `untwist` finds.
fn measure(engine: &Uts46, brand: &str, names: &[String]) -> (Counts, Vec<String>) {
    let options = Options::default();
    let unicode = engine.process(brand, &options).to_unicode.value;
    // The audit replaces the label left of the TLD: dnstwist's too where the TLD is one label.
    let (label, tld) = unicode.split_once('.').expect("a brand is LABEL.TLD");
    assert!(!tld.contains('.'), "{brand}: LABEL.TLD, a TLD of one label");
    let (labels, truncated) = lookalikes::candidate_labels(label, usize::MAX);
    assert!(!truncated);
    let audited: HashSet<String> = labels.into_iter().map(|(_, l)| format!("{l}.{tld}")).collect();
    let mut counts = Counts::default();
    let mut missing = Vec::new();
    for name in names {
        let results = engine.process(name, &options);
        let candidate = &results.to_unicode.value;
        if candidate.is_ascii() || candidate == &unicode {
            continue;
        }
        counts.idn += 1;
        let rules = browsers::rules(candidate, &TopDomains::default());
        if !rules.displays().contains(&Display::Unicode) {
            continue;
        }
        counts.shown += 1;
        // What the audit keeps of its labels: a name UTS #46 accepts as written.
        let kept = results.to_ascii_n.errors.is_empty() && engine.process(candidate, &options).to_unicode.value == *candidate;
        if kept && audited.contains(candidate) {
            counts.covered += 1;
            continue;
        }
        let written = candidate.split_once('.').map_or(candidate.as_str(), |(l, _)| l);
        let changes = match lookalikes::untwist(written, label) {
            Some(edits) => edits
                .iter()
                .map(lookalikes::Untwisted::describe)
                .collect::<Vec<_>>()
                .join("; "),
            None => "no look-alike run by run".to_string(),
        };
        let why = if kept {
            "not made"
        } else {
            "UTS #46 does not accept it as written"
        };
        missing.push(format!("{candidate} ({name}, {why}): {changes}"));
    }
    (counts, missing)
}

#[test]
#[ignore = "slow: makes a venv with dnstwist from PyPI on first use, and runs it on a dozen brands"]
fn dnstwist_candidates_shown_in_unicode_are_audited() {
    let start = std::time::Instant::now();
    let own = std::env::var("IDNA_INSPECTOR_DNSTWIST_BRANDS").ok().filter(|b| !b.is_empty());
    let brands: Vec<String> = match &own {
        Some(list) => list.split(',').map(|b| b.trim().to_string()).collect(),
        None => BRANDS
            .lines()
            .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
            .map(str::to_string)
            .collect(),
    };
    let Some(script) = dnstwist() else {
        return;
    };
    let names = dnstwist_names(&script, &brands);
    let engine = Uts46::new();
    // Two brands at a time: the generation of each is most of the time.
    let measured: Vec<(Counts, Vec<String>)> = std::thread::scope(|scope| {
        let engine = &engine;
        let halves: Vec<_> = [0, 1]
            .map(|half| {
                let work: Vec<(usize, &String)> = brands.iter().enumerate().filter(|(i, _)| i % 2 == half).collect();
                let names = &names;
                scope.spawn(move || {
                    work.into_iter()
                        .map(|(i, brand)| (i, measure(engine, brand, &names[i])))
                        .collect::<Vec<_>>()
                })
            })
            .into_iter()
            .collect();
        let mut all: Vec<_> = halves.into_iter().flat_map(|h| h.join().unwrap()).collect();
        all.sort_by_key(|(i, _)| *i);
        all.into_iter().map(|(_, m)| m).collect()
    });
    println!(
        "{:<18} {:>6} {:>6} {:>8} {:>9}",
        "brand", "IDN", "shown", "covered", "coverage"
    );
    let mut total = Counts::default();
    let mut missing = Vec::new();
    for (brand, (counts, brand_missing)) in brands.iter().zip(measured) {
        println!(
            "{brand:<18} {:>6} {:>6} {:>8} {:>8.1}%",
            counts.idn,
            counts.shown,
            counts.covered,
            percent(counts.covered, counts.shown)
        );
        total.idn += counts.idn;
        total.shown += counts.shown;
        total.covered += counts.covered;
        missing.extend(brand_missing);
    }
    let coverage = percent(total.covered, total.shown);
    println!(
        "{:<18} {:>6} {:>6} {:>8} {:>8.1}%   ({:.1} s)",
        "all",
        total.idn,
        total.shown,
        total.covered,
        coverage,
        start.elapsed().as_secs_f64()
    );
    for line in missing.iter().take(50) {
        println!("not in the audit's list: {line}");
    }
    assert!(total.shown > 1_000, "dnstwist gave IDN candidates shown in Unicode");
    assert!(
        coverage >= COVERED_AT_LEAST,
        "{coverage:.2} % of dnstwist's candidates shown in Unicode are in the audit's list, \
         not {COVERED_AT_LEAST} %; {} are not, e.g.:\n{}",
        missing.len(),
        missing.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}
