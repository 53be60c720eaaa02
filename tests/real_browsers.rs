//! The ports against the real browsers. For each browser and corpus of
//! `tests/data/real_browsers/`, `tools/browser-oracle/oracle.py` asks the
//! installed browser how it shows every host (Unicode, Punycode or not at
//! all, and the host as shown), and every answer is compared with
//! `idna_inspector::browsers::verdicts`:
//!
//! - agreement by class (`unicode` / `punycode` / `rejected`) and by the
//!   exact shown host must each be at least 99.9 % per browser and corpus;
//! - the inputs on which they differ must be exactly those listed for the
//!   browser in `tests/data/real_browsers/disagreements.tsv` (whose input is
//!   in the corpus): a new difference or one that went away fails, with the
//!   browser build printed when it is not the one the list was made with.
//!
//! Corpora: Chromium (slow: a navigation per host) gets the code-point
//! sample, the look-alikes, the words and the URL-syntax edges; Firefox and
//! WebKit every code point, the look-alikes, the words and the URL-syntax
//! edges (`syntax.txt`: IPv6 brackets, full-width and ASCII; IPv4 parts
//! such as a bare `0x`; `xn--` labels that decode to ASCII or to nothing).
//!
//! The oracle's answers are cached under `target/real_browsers/`
//! (`oracle.py --cache-dir`), keyed by the browser build and a hash of the
//! corpus and of `oracle.py`, so a rerun only compares (seconds). A browser
//! that is not installed is skipped with a line on stderr, or fails the test
//! when `IDNA_INSPECTOR_REQUIRE_BROWSERS` is set. Each run writes what it saw to
//! `target/real_browsers/<browser>_<corpus>.disagreements.tsv`, in the form
//! of the list, to update it from.
//!
//! Install the browsers on Debian 12: `apt-get install chromium firefox-esr
//! python3-gi gir1.2-webkit2-4.1`. Time with all three, cold cache, on two
//! cores: 10–25 minutes (2026-12-02; Chromium 6–20 hosts/s with 8 tabs,
//! 10,138 hosts in its four corpora, the URL-syntax edges about 2.5 minutes;
//! Firefox and WebKit take seconds; a cached rerun 23 s, unoptimised). CI asks the browsers while the code builds.
//! `cargo test --release --test real_browsers` computes the
//! ports' verdicts faster than the unoptimised default.

use idna_inspector::browsers::{self, Display, Verdicts, chromium::TopDomains};
use idna_inspector::test_needs::Need;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, Mutex, OnceLock};

const MANIFEST_DIR: &str = env!("CARGO_MANIFEST_DIR");
/// The agreement each browser and corpus must reach, by class and by shown host.
const MINIMUM_AGREEMENT: f64 = 0.999;

fn data_dir() -> PathBuf {
    Path::new(MANIFEST_DIR).join("tests/data/real_browsers")
}

fn oracle_script() -> PathBuf {
    Path::new(MANIFEST_DIR).join("tools/browser-oracle/oracle.py")
}

/// `target/real_browsers/` (the parent of Cargo's `target/tmp/`).
fn cache_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("target dir")
        .join("real_browsers");
    std::fs::create_dir_all(&dir).expect("creating target/real_browsers");
    dir
}

/// Debian's Python, which has `gi` for WebKitGTK; `python3` elsewhere.
fn python() -> &'static str {
    if Path::new("/usr/bin/python3").exists() {
        "/usr/bin/python3"
    } else {
        "python3"
    }
}

/// `oracle.py versions`: browser key → build (e.g. `Chromium 156.0.8078.108`), for those installed.
fn installed() -> &'static HashMap<String, String> {
    static INSTALLED: OnceLock<HashMap<String, String>> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let output = Command::new(python()).arg(oracle_script()).arg("versions").output();
        let Ok(output) = output else { return HashMap::new() };
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .filter_map(|line| line.split_once('\t'))
            .filter(|(_, build)| *build != "not installed")
            .map(|(key, build)| (key.to_string(), build.to_string()))
            .collect()
    })
}

/// The hosts of a corpus as the oracle reads them: split on `\n` only, a
/// trailing `\r` dropped, empty lines and `# ` comments skipped, each once.
fn read_hosts(bytes: &[u8]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut hosts = Vec::new();
    for raw in bytes.split(|&b| b == b'\n') {
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let line = std::str::from_utf8(raw).expect("corpus is UTF-8");
        if line.is_empty() || line.starts_with("# ") {
            continue;
        }
        if seen.insert(line.to_string()) {
            hosts.push(line.to_string());
        }
    }
    hosts
}

/// One answer: the class (`unicode`, `punycode`, `rejected`, or the
/// oracle's `error`) and the host as shown (empty when rejected).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Answer {
    class: String,
    shown: String,
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.class, self.shown)
    }
}

impl Answer {
    fn parse(text: &str) -> Answer {
        let (class, shown) = text.split_once(' ').unwrap_or((text, ""));
        Answer {
            class: class.to_string(),
            shown: shown.to_string(),
        }
    }
}

/// Our verdicts on one corpus, all three browsers per host, made once.
type CorpusVerdicts = Arc<Vec<[Ours; 3]>>;

/// Each corpus's verdicts, made by the first test that asks.
type VerdictsByCorpus = Mutex<HashMap<&'static str, Arc<OnceLock<CorpusVerdicts>>>>;

/// `disagreements.tsv`: the builds it was made with (browser key → build
/// number) and, per browser key, input → known disagreement.
type KnownList = (HashMap<String, String>, HashMap<String, BTreeMap<String, Known>>);

/// Ours for one browser: the answer and the deciding rule.
struct Ours {
    answer: Answer,
    rule: &'static str,
}

/// The ports' verdicts on a corpus, all three browsers, computed once and
/// shared by the tests (in the order of `Browser::ALL`).
fn ours(family: &'static str) -> CorpusVerdicts {
    static OURS: OnceLock<VerdictsByCorpus> = OnceLock::new();
    let cell = OURS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(family)
        .or_default()
        .clone();
    cell.get_or_init(|| {
        let bytes = std::fs::read(data_dir().join(format!("{family}.txt"))).expect("reading the corpus");
        let hosts = read_hosts(&bytes);
        let top_domains = TopDomains::default();
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(4);
        let chunk = hosts.len().div_ceil(threads).max(1);
        let convert = |verdicts: &Verdicts| -> [Ours; 3] {
            verdicts.all().map(|verdict| {
                // A host the browser does not load has no shown form (the oracle writes none).
                let shown = if verdict.display == Display::Rejected {
                    String::new()
                } else {
                    verdict.shown.clone()
                };
                Ours {
                    answer: Answer {
                        class: verdict.display.name().to_string(),
                        shown,
                    },
                    rule: verdict.rule.name(),
                }
            })
        };
        let parts: Vec<Vec<[Ours; 3]>> = std::thread::scope(|scope| {
            let workers: Vec<_> = hosts
                .chunks(chunk)
                .map(|part| {
                    scope.spawn(|| {
                        part.iter()
                            .map(|host| convert(&browsers::verdicts(host, &top_domains)))
                            .collect()
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|worker| worker.join().expect("a verdict panicked"))
                .collect()
        });
        Arc::new(parts.into_iter().flatten().collect())
    })
    .clone()
}

/// The oracle's answers for a corpus, from the cache or by running it.
fn theirs(browser: &str, build: &str, family: &str) -> HashMap<String, Answer> {
    // One oracle run per browser at a time (Chromium is CPU-bound).
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = OnceLock::new();
    let lock = LOCKS
        .get_or_init(Default::default)
        .lock()
        .unwrap()
        .entry(browser.to_string())
        .or_default()
        .clone();
    let _guard = lock.lock().unwrap_or_else(|poisoned| poisoned.into_inner());

    let corpus = data_dir().join(format!("{family}.txt"));
    let started = std::time::Instant::now();
    let mut tries = 0;
    let path = loop {
        tries += 1;
        // The oracle names the cached file (build, corpus, its own hash), waits
        // for a run of the same file in progress (CI starts Chromium's early),
        // and prints the path.
        let output = Command::new(python())
            .arg(oracle_script())
            .arg(browser)
            .arg("--in")
            .arg(&corpus)
            .arg("--cache-dir")
            .arg(cache_dir())
            .args(["--max-seconds", "1500"])
            .stderr(std::process::Stdio::inherit())
            .output()
            .expect("running oracle.py");
        match output.status.code() {
            Some(0) => break PathBuf::from(String::from_utf8(output.stdout).expect("a UTF-8 path").trim_end()),
            // Stopped by its time limit: a rerun resumes.
            Some(75) if tries < 3 => continue,
            _ => panic!("oracle.py {browser} on {family} failed: {}", output.status),
        }
    };
    eprintln!("real_browsers: {build} on {family}: {:.0?}", started.elapsed());
    let text = std::fs::read_to_string(&path).expect("reading the oracle's answers");
    let mut answers = HashMap::new();
    for line in text.split('\n') {
        if line.is_empty() || line.starts_with("# ") {
            continue;
        }
        let mut fields = line.split('\t');
        let (Some(host), Some(shown), Some(class), None) = (fields.next(), fields.next(), fields.next(), fields.next()) else {
            panic!("{}: bad line {line:?}", path.display());
        };
        answers.insert(
            host.to_string(),
            Answer {
                class: class.to_string(),
                shown: shown.to_string(),
            },
        );
    }
    answers
}

/// One known disagreement of `disagreements.tsv`.
struct Known {
    theirs: Answer,
    ours: Answer,
    cause: String,
}

/// [`KnownList`], read once.
fn known_disagreements() -> &'static KnownList {
    static KNOWN: OnceLock<KnownList> = OnceLock::new();
    KNOWN.get_or_init(|| {
        let path = data_dir().join("disagreements.tsv");
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let mut builds = HashMap::new();
        let mut known: HashMap<String, BTreeMap<String, Known>> = HashMap::new();
        for line in text.split('\n') {
            if let Some(rest) = line.strip_prefix("# build ") {
                if let Some((browser, build)) = rest.split_once(' ') {
                    builds.insert(browser.to_string(), build.trim().to_string());
                }
                continue;
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 5, "disagreements.tsv: bad line {line:?}");
            known.entry(fields[0].to_string()).or_default().insert(
                fields[1].to_string(),
                Known {
                    theirs: Answer::parse(fields[2]),
                    ours: Answer::parse(fields[3]),
                    cause: fields[4].to_string(),
                },
            );
        }
        (builds, known)
    })
}

fn percent(part: usize, whole: usize) -> f64 {
    if whole == 0 {
        100.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

fn check(test: &str, browser: &str, family: &'static str) {
    let Some(build) = installed().get(browser) else {
        idna_inspector::test_needs::skip(Need::Browsers, &format!("{browser} is not installed"));
        return;
    };
    let index = match browser {
        "chromium" => 0,
        "firefox" => 1,
        "webkit" => 2,
        _ => unreachable!(),
    };
    let ours_thread = std::thread::spawn(move || ours(family));
    let theirs = theirs(browser, build, family);
    let ours = ours_thread.join().expect("computing our verdicts");
    let hosts = read_hosts(&std::fs::read(data_dir().join(format!("{family}.txt"))).unwrap());
    assert_eq!(hosts.len(), ours.len());
    // The sizes README's agreement table gives.
    let expected_size = match family {
        "codepoints" => 319_602,
        "codepoints_chromium_sample" => 1_500,
        "lookalikes" => 3_316,
        "words" => 3_254,
        "syntax" => 2_068,
        _ => unreachable!(),
    };
    assert_eq!(hosts.len(), expected_size, "{family}: the corpus README describes");

    let (builds, known) = known_disagreements();
    let no_known = BTreeMap::new();
    let known = known.get(browser).unwrap_or(&no_known);
    let mut same_class = 0;
    let mut same_shown = 0;
    let mut seen: BTreeMap<&str, (Answer, &Ours)> = BTreeMap::new();
    let mut missing = Vec::new();
    for (host, ours) in hosts.iter().zip(ours.iter()) {
        let ours = &ours[index];
        let Some(their) = theirs.get(host) else {
            missing.push(host.as_str());
            continue;
        };
        if their.class == ours.answer.class {
            same_class += 1;
            if their.shown == ours.answer.shown {
                same_shown += 1;
                continue;
            }
        }
        seen.insert(host, (their.clone(), ours));
    }
    assert!(
        missing.is_empty(),
        "the oracle gave no answer for {} hosts, e.g. {:?}",
        missing.len(),
        &missing[..missing.len().min(10)]
    );

    let total = hosts.len();
    let expected: BTreeSet<&str> = hosts
        .iter()
        .map(String::as_str)
        .filter(|host| known.contains_key(*host))
        .collect();
    let observed: BTreeSet<&str> = seen.keys().copied().collect();
    let new: Vec<&str> = observed.difference(&expected).copied().collect();
    let gone: Vec<&str> = expected.difference(&observed).copied().collect();
    let changed: Vec<&str> = observed
        .intersection(&expected)
        .copied()
        .filter(|host| {
            let (their, ours) = &seen[host];
            let known = &known[*host];
            known.theirs != *their || known.ours != ours.answer
        })
        .collect();

    // What was seen, in the list's form, to update it from.
    let mut observed_tsv = String::new();
    for (host, (their, ours)) in &seen {
        let cause = known.get(*host).map_or("?", |k| k.cause.as_str());
        writeln!(observed_tsv, "{browser}\t{host}\t{their}\t{}\t{cause}", ours.answer).unwrap();
    }
    let observed_path = cache_dir().join(format!("{browser}_{family}.disagreements.tsv"));
    std::fs::write(&observed_path, observed_tsv).expect("writing the observed disagreements");

    let mut report = String::new();
    let recorded = builds.get(browser).map(String::as_str).unwrap_or("(none)");
    let build_number = build.split_once(' ').map_or(build.as_str(), |(_, number)| number);
    writeln!(
        report,
        "{test}: {build} (port: {}), {family}: {total} hosts, agreement by class {:.3} % ({} differ), by exact shown host {:.3} % ({} differ)",
        browsers::Browser::ALL[index].build(),
        percent(same_class, total),
        total - same_class,
        percent(same_shown, total),
        total - same_shown,
    )
    .unwrap();
    if recorded != build_number {
        writeln!(
            report,
            "  the list of known disagreements was made with {browser} {recorded}; installed: {build}"
        )
        .unwrap();
    }
    let describe = |host: &str| {
        let (their, ours) = &seen[host];
        format!("  {host}\tbrowser: {their}\tours: {} ({})", ours.answer, ours.rule)
    };
    if !new.is_empty() {
        writeln!(report, "  {} new disagreements (not in disagreements.tsv):", new.len()).unwrap();
        for host in new.iter().take(50) {
            writeln!(report, "{}", describe(host)).unwrap();
        }
    }
    if !gone.is_empty() {
        writeln!(report, "  {} listed disagreements that are gone (now agree):", gone.len()).unwrap();
        for host in gone.iter().take(50) {
            let k = &known[*host];
            writeln!(report, "  {host}\twas browser: {}\tours: {}\t({})", k.theirs, k.ours, k.cause).unwrap();
        }
    }
    if !changed.is_empty() {
        writeln!(report, "  {} listed disagreements whose answers changed:", changed.len()).unwrap();
        for host in changed.iter().take(50) {
            let k = &known[*host];
            writeln!(report, "{}\t(listed: browser {}, ours {})", describe(host), k.theirs, k.ours).unwrap();
        }
    }
    if !new.is_empty() || !gone.is_empty() {
        writeln!(report, "  all seen now: {}", observed_path.display()).unwrap();
    }
    eprint!("{report}");

    let class_ok = percent(same_class, total) >= 100.0 * MINIMUM_AGREEMENT;
    let shown_ok = percent(same_shown, total) >= 100.0 * MINIMUM_AGREEMENT;
    assert!(
        class_ok && shown_ok && new.is_empty() && gone.is_empty() && changed.is_empty(),
        "{report}(need ≥ {:.1} % by class and by shown host, and exactly the listed disagreements)",
        100.0 * MINIMUM_AGREEMENT
    );
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn chromium_codepoints_sample() {
    check("chromium_codepoints_sample", "chromium", "codepoints_chromium_sample");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn chromium_lookalikes() {
    check("chromium_lookalikes", "chromium", "lookalikes");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn chromium_words() {
    check("chromium_words", "chromium", "words");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn chromium_syntax() {
    check("chromium_syntax", "chromium", "syntax");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn firefox_codepoints() {
    check("firefox_codepoints", "firefox", "codepoints");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn firefox_lookalikes() {
    check("firefox_lookalikes", "firefox", "lookalikes");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn firefox_words() {
    check("firefox_words", "firefox", "words");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn firefox_syntax() {
    check("firefox_syntax", "firefox", "syntax");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn webkit_codepoints() {
    check("webkit_codepoints", "webkit", "codepoints");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn webkit_lookalikes() {
    check("webkit_lookalikes", "webkit", "lookalikes");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn webkit_words() {
    check("webkit_words", "webkit", "words");
}

#[test]
#[ignore = "live oracle, the slow tier: cargo test --all-features -- --ignored"]
fn webkit_syntax() {
    check("webkit_syntax", "webkit", "syntax");
}
