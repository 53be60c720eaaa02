//! dnstwist as a yardstick for the look-alike audit (issue 68): for each
//! brand of `tests/data/lookalikes/brands.txt`, every IDN candidate of
//! `dnstwist --format list --fuzzers homoglyph,cyrillic` that some browser
//! shows in Unicode (the project's own verdicts) is one the audit judges,
//! or it makes an edit that no source of the audit calls a look-alike and
//! `tests/data/lookalikes/dnstwist-not-covered.tsv` lists that edit with
//! its reason.
//!
//! dnstwist comes from PyPI, pinned, alone in a venv under the target
//! directory, made on first use and reused. Without the `idna` package (an
//! extra it does not require) it encodes with Python's IDNA 2003 codec;
//! that is the output measured. `IDNA_INSPECTOR_DNSTWIST_BRANDS=a.com,b.de`
//! measures other brands instead: the same counts, and the same failure
//! for a candidate neither audited nor explained by a listed edit; only
//! the check that every listed edit is needed is left out.

use idna_inspector::browsers::{self, Display, chromium::TopDomains};
use idna_inspector::lookalikes;
use idna_inspector::spoof::confusables::{skeleton, skeleton_without_marks};
use idna_inspector::test_needs::{self, Need};
use idna_inspector::{Options, Uts46};
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::process::Command;
use unicode_normalization::UnicodeNormalization;

/// The dnstwist release measured (PyPI).
const DNSTWIST: &str = "20250130";

const BRANDS: &str = include_str!("data/lookalikes/brands.txt");
const NOT_COVERED: &str = include_str!("data/lookalikes/dnstwist-not-covered.tsv");

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

/// A pair of the not-covered file: an edit writing what has the skeleton
/// without marks `written` for what has `imitated`.
struct Listed {
    written: String,
    imitated: String,
    reason: String,
}

fn listed() -> Vec<Listed> {
    NOT_COVERED
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "written, imitated, reason: {line:?}");
            Listed {
                written: fields[0].to_string(),
                imitated: fields[1].to_string(),
                reason: fields[2].to_string(),
            }
        })
        .collect()
}

/// The skeleton without combining marks (`ł` → `l`, `m` → `rn`): the key of the not-covered file.
fn bare(text: &str) -> String {
    skeleton_without_marks(text)
}

/// True when the audit's sources call `written` a look-alike of `imitated`
/// (one edit, as docs/design.md lists its techniques): the same UTS #39
/// skeleton, the same one without combining marks, the same NFD base, or an
/// ASCII digit and letter whose skeletons meet in either case.
fn related(written: &str, imitated: &str) -> bool {
    if skeleton(written) == skeleton(imitated) || bare(written) == bare(imitated) {
        return true;
    }
    let one = |text: &str| {
        let mut chars = text.chars();
        chars.next().filter(|_| chars.next().is_none())
    };
    let (Some(w), Some(i)) = (one(written), one(imitated)) else {
        return false;
    };
    let base = |c: char| std::iter::once(c).nfd().next();
    if base(w) == base(i) {
        return true;
    }
    let cased = |c: char| -> Vec<String> {
        std::iter::once(c.to_string())
            .chain(c.to_uppercase().map(String::from))
            .map(|s| skeleton(&s))
            .collect()
    };
    let digit_and_letter = w.is_ascii_alphanumeric() && i.is_ascii_alphanumeric() && w.is_ascii_digit() != i.is_ascii_digit();
    digit_and_letter && cased(w).iter().any(|s| cased(i).contains(s))
}

/// The edits that make `written` of `imitated`: replacements of one
/// character by one, two by one or one by two, the rest kept, at the least
/// cost: none for a look-alike ([`related`]), 3 for another, 1 more where
/// the length changes (so `vv` for `w` is one edit, not `v` for `w` and
/// `vi` for `i`; `ŵlh` for `wh` is `ŵ` for `w` and `lh` for `h`); at the
/// earliest place, by one character where one serves.
fn edits(written: &[char], imitated: &[char]) -> Vec<(String, String)> {
    const STEPS: [(usize, usize); 3] = [(1, 1), (2, 1), (1, 2)];
    let (n, m) = (written.len(), imitated.len());
    let never = usize::MAX / 2;
    let step_cost = |i: usize, j: usize, (a, b): (usize, usize)| -> usize {
        let (w, t): (String, String) = (written[i..i + a].iter().collect(), imitated[j..j + b].iter().collect());
        (if related(&w, &t) { 0 } else { 3 }) + usize::from(a != b)
    };
    // cost[i][j]: the least cost for written[i..] against imitated[j..].
    let mut cost = vec![vec![never; m + 1]; n + 1];
    cost[n][m] = 0;
    for i in (0..=n).rev() {
        for j in (0..=m).rev() {
            if (i, j) == (n, m) {
                continue;
            }
            let mut best = never;
            if i < n && j < m && written[i] == imitated[j] {
                best = cost[i + 1][j + 1];
            }
            for (a, b) in STEPS {
                if i + a <= n && j + b <= m {
                    best = best.min(step_cost(i, j, (a, b)) + cost[i + a][j + b]);
                }
            }
            cost[i][j] = best;
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while (i, j) != (n, m) {
        if i < n && j < m && written[i] == imitated[j] && cost[i][j] == cost[i + 1][j + 1] {
            (i, j) = (i + 1, j + 1);
            continue;
        }
        let (a, b) = STEPS
            .into_iter()
            .find(|&(a, b)| i + a <= n && j + b <= m && cost[i][j] == step_cost(i, j, (a, b)) + cost[i + a][j + b])
            .expect("a step on the cheapest path");
        out.push((written[i..i + a].iter().collect(), imitated[j..j + b].iter().collect()));
        (i, j) = (i + a, j + b);
    }
    out
}

/// One brand's counts.
#[derive(Default)]
struct Counts {
    /// dnstwist's names with a non-ASCII label (after ToUnicode).
    idn: usize,
    /// Of those, shown in Unicode by at least one browser.
    shown: usize,
    /// Of those, judged by the audit.
    covered: usize,
    /// Of those not judged, explained by a listed edit.
    listed: usize,
}

/// Measures `brand`: the counts, the listed pairs used, and the candidates
/// that are neither covered nor explained (with their edits).
fn measure(engine: &Uts46, brand: &str, names: &[String], listed: &[Listed]) -> (Counts, HashSet<usize>, Vec<String>) {
    let options = Options::default();
    let unicode = engine.process(brand, &options).to_unicode.value;
    // The audit replaces the label left of the TLD: dnstwist's too where the TLD is one label.
    let (label, tld) = unicode.split_once('.').expect("a brand is LABEL.TLD");
    assert!(!tld.contains('.'), "{brand}: LABEL.TLD, a TLD of one label");
    let (labels, truncated) = lookalikes::candidate_labels(label, usize::MAX);
    assert!(!truncated);
    let audited: HashSet<String> = labels.into_iter().map(|(_, l)| format!("{l}.{tld}")).collect();
    let protected: Vec<char> = label.chars().collect();
    let mut counts = Counts::default();
    let mut used = HashSet::new();
    let mut unexplained = Vec::new();
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
        let written: Vec<char> = candidate
            .split_once('.')
            .map_or(candidate.as_str(), |(l, _)| l)
            .chars()
            .collect();
        let found = edits(&written, &protected);
        let explained = found
            .iter()
            .filter(|(w, i)| !related(w, i))
            .find_map(|(w, i)| listed.iter().position(|l| l.written == bare(w) && l.imitated == bare(i)));
        match explained {
            Some(at) => {
                counts.listed += 1;
                used.insert(at);
            }
            None => {
                // Keyed by the first edit that is no look-alike, or by the
                // candidate itself where every edit is one (a candidate the
                // audit should have made).
                let key = match found.iter().find(|(w, i)| !related(w, i)) {
                    Some((w, i)) => format!("{}\t{}\t(e.g. {w} for {i} in {candidate})", bare(w), bare(i)),
                    None => {
                        let described: Vec<String> = found.iter().map(|(w, i)| format!("{w} for {i}")).collect();
                        format!("look-alike, not audited: {candidate} ({name}): {}", described.join(", "))
                    }
                };
                unexplained.push(key);
            }
        }
    }
    (counts, used, unexplained)
}

/// Every pair the file lists is what it claims: skeletons without marks
/// (as the key is written), which no technique of the audit relates.
#[test]
fn listed_edits_are_no_lookalikes_by_the_audits_sources() {
    let listed = listed();
    assert!(!listed.is_empty());
    let mut seen = HashSet::new();
    for Listed {
        written,
        imitated,
        reason,
    } in &listed
    {
        assert!(seen.insert((written, imitated)), "{written} for {imitated} twice");
        assert_eq!(&bare(written), written, "the written side as its skeleton without marks");
        assert_eq!(&bare(imitated), imitated, "the imitated side as its skeleton without marks");
        // Neither the same nor the same in another case (the digit rule's reach).
        assert_ne!(written.to_lowercase(), imitated.to_lowercase(), "{written} for {imitated}");
        assert!(!related(written, imitated), "{written} for {imitated}");
        assert!(!reason.trim().is_empty(), "{written} for {imitated}: a reason");
    }
}

/// The alignment finds the edits dnstwist makes.
#[test]
fn edits_are_the_fewest_replacements() {
    let chars = |s: &str| s.chars().collect::<Vec<char>>();
    let pairs = |w: &str, i: &str| edits(&chars(w), &chars(i));
    assert_eq!(pairs("pаypal", "paypal"), [("а".into(), "a".into())]);
    assert_eq!(pairs("rnicrosoft", "microsoft"), [("rn".into(), "m".into())]);
    assert_eq!(
        pairs("arnazom", "amazon"),
        [("rn".into(), "m".into()), ("m".into(), "n".into())]
    );
    assert_eq!(pairs("vvord", "word"), [("vv".into(), "w".into())]);
    assert_eq!(pairs("śparkaśśe", "sparkasse").len(), 3);
    assert!(pairs("google", "google").is_empty());
    assert!(related("ł", "l") && related("ɱ", "m") && related("0", "o") && related("rn", "m"));
    assert!(!related("i", "l") && !related("ĸ", "k") && !related("e", "c"));
}

#[test]
#[ignore = "slow: makes a venv with dnstwist from PyPI on first use, and runs it on a dozen brands"]
fn dnstwist_candidates_shown_in_unicode_are_audited_or_listed() {
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
    let listed = listed();
    let engine = Uts46::new();
    // Two brands at a time: the generation of each is most of the time.
    let measured: Vec<(Counts, HashSet<usize>, Vec<String>)> = std::thread::scope(|scope| {
        let (engine, listed) = (&engine, &listed);
        let halves: Vec<_> = [0, 1]
            .map(|half| {
                let work: Vec<(usize, &String)> = brands.iter().enumerate().filter(|(i, _)| i % 2 == half).collect();
                let names = &names;
                scope.spawn(move || {
                    work.into_iter()
                        .map(|(i, brand)| (i, measure(engine, brand, &names[i], listed)))
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
        "{:<18} {:>6} {:>6} {:>8} {:>7} {:>9}",
        "brand", "IDN", "shown", "covered", "listed", "coverage"
    );
    let mut total = Counts::default();
    let mut used = HashSet::new();
    let mut unexplained = Vec::new();
    for (brand, (counts, brand_used, brand_unexplained)) in brands.iter().zip(measured) {
        println!(
            "{brand:<18} {:>6} {:>6} {:>8} {:>7} {:>8.1}%",
            counts.idn,
            counts.shown,
            counts.covered,
            counts.listed,
            percent(counts.covered, counts.shown)
        );
        total.idn += counts.idn;
        total.shown += counts.shown;
        total.covered += counts.covered;
        total.listed += counts.listed;
        used.extend(brand_used);
        unexplained.extend(brand_unexplained);
    }
    println!(
        "{:<18} {:>6} {:>6} {:>8} {:>7} {:>8.1}%   ({:.1}% with the listed edits; {:.1} s)",
        "all",
        total.idn,
        total.shown,
        total.covered,
        total.listed,
        percent(total.covered, total.shown),
        percent(total.covered + total.listed, total.shown),
        start.elapsed().as_secs_f64()
    );
    let mut by_key: BTreeMap<&str, usize> = BTreeMap::new();
    for key in &unexplained {
        // One line per listed pair missing, whatever the example.
        let pair = key.split("\t(e.g.").next().unwrap();
        *by_key.entry(pair).or_default() += 1;
    }
    let first_example = |pair: &str| unexplained.iter().find(|k| k.starts_with(pair)).unwrap().clone();
    assert!(
        unexplained.is_empty(),
        "{} shown in Unicode, neither audited nor listed ({} kinds):\n{}",
        unexplained.len(),
        by_key.len(),
        by_key
            .iter()
            .take(80)
            .map(|(pair, n)| format!("{n:5} {}", first_example(pair)))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(total.shown > 1_000, "dnstwist gave IDN candidates shown in Unicode");
    if own.is_none() {
        let unused: Vec<String> = (0..listed.len())
            .filter(|at| !used.contains(at))
            .map(|at| format!("{} for {}", listed[at].written, listed[at].imitated))
            .collect();
        assert!(unused.is_empty(), "listed, but no committed brand needs it: {unused:?}");
    }
}

fn percent(part: usize, whole: usize) -> f64 {
    100.0 * part as f64 / whole.max(1) as f64
}
