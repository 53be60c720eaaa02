//! What a test needs from outside the repository, and the one way a test
//! skips without it: a line on stderr that a passing run shows, a record for
//! the run's summary (`tests/zz_skipped.rs`), and a failure instead when the
//! need's `IDNA_INSPECTOR_REQUIRE_…` variable is set. For the crate's own
//! tests, not an API; it imports nothing of the crate, so any module's unit
//! tests may use it.

use std::io::Write;

/// What a test needs from outside the repository, with the environment
/// variable that turns its absence into a failure (`.ci/run` sets them all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// `../shared` beside the clone: Unicode 17.0/18.0 data and the seed documents.
    Shared,
    /// python3, with the idna 3.20 package where a test compares with it.
    Python,
    /// PySpark and a Java runtime.
    Spark,
    /// Chromium, Firefox ESR and WebKitGTK, run as oracles.
    Browsers,
    /// The runtimes asked as oracles (`tools/runtime-oracle/`): Debian's
    /// python3, `requests` beside `idna`, a JDK's `java`, g++ with
    /// libicu-dev, Node.js, Go with golang.org/x/net, `idn2`, curl, a C
    /// compiler for glibc's driver, Perl's Net::IDN::Encode, cargo for the
    /// Rust `idna` crate's driver.
    Runtimes,
    /// The web page built (`scripts/build-web.sh` → `target/web/`), with
    /// Chromium and Firefox ESR to open it.
    Web,
    /// The Windows program built (`scripts/package-windows.sh --shim`), with
    /// Wine, Xvfb, ImageMagick's `import` and xdotool to run it.
    Windows,
    /// dnstwist from PyPI in a venv under the target directory
    /// (`tests/lookalikes_dnstwist.rs` makes it: python3 with its venv
    /// module, and PyPI reachable the first time).
    Dnstwist,
}

impl Need {
    /// `IDNA_INSPECTOR_REQUIRE_…`: when set (to anything but `0` or empty), a missing need fails the test.
    pub fn variable(self) -> &'static str {
        match self {
            Need::Shared => "IDNA_INSPECTOR_REQUIRE_SHARED",
            Need::Python => "IDNA_INSPECTOR_REQUIRE_PYTHON",
            Need::Spark => "IDNA_INSPECTOR_REQUIRE_SPARK",
            Need::Browsers => "IDNA_INSPECTOR_REQUIRE_BROWSERS",
            Need::Runtimes => "IDNA_INSPECTOR_REQUIRE_RUNTIMES",
            Need::Web => "IDNA_INSPECTOR_REQUIRE_WEB",
            Need::Windows => "IDNA_INSPECTOR_REQUIRE_WINDOWS",
            Need::Dnstwist => "IDNA_INSPECTOR_REQUIRE_DNSTWIST",
        }
    }

    /// Whether the variable is set.
    pub fn required(self) -> bool {
        std::env::var_os(self.variable()).is_some_and(|value| !value.is_empty() && value != "0")
    }
}

/// The one way a test skips: panics when `need` is required; otherwise writes
/// `SKIPPED <binary>::<test>: <missing>` straight to stderr (libtest captures
/// only the print macros, so the line shows in a passing run) and records it
/// for the summary that `tests/zz_skipped.rs` prints after the other test
/// binaries of the same `cargo test`.
pub fn skip(need: Need, missing: &str) {
    let test = current_test();
    assert!(
        !need.required(),
        "{test}: {missing}, and {} is set: this test must run",
        need.variable()
    );
    let line = format!("SKIPPED {test}: {missing} (set {} to make this a failure)", need.variable());
    let _ = writeln!(std::io::stderr(), "{line}");
    let dir = skip_records();
    if std::fs::create_dir_all(&dir).is_ok() {
        let file = dir.join(format!("{}-{}", std::process::id(), test.replace([':', '/'], "_")));
        // Appended: one test may skip several parts (one per missing version).
        if let Ok(mut record) = std::fs::OpenOptions::new().create(true).append(true).open(file) {
            let _ = writeln!(record, "{line}");
        }
    }
}

/// A path under `../shared` (beside the clone) when it exists; otherwise the
/// test is skipped through [`skip`] and `None` returned.
pub fn shared_path(relative: &str) -> Option<std::path::PathBuf> {
    // `../shared` beside the workspace, whose `tables/` every crate's build script names.
    let path = std::path::Path::new(env!("IDNA_INSPECTOR_TABLES"))
        .join("../../shared")
        .join(relative);
    if path.exists() {
        Some(path)
    } else {
        skip(Need::Shared, &format!("../shared/{relative} is not present"));
        None
    }
}

/// The skips recorded by this run's test binaries (children of the same
/// `cargo test` process): per test that skipped, its lines (one per missing
/// part), sorted by test; the records are removed.
pub fn take_skips_of_this_run() -> Vec<Vec<String>> {
    let dir = skip_records();
    let mut tests: Vec<Vec<String>> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .map(|text| text.lines().map(str::to_string).collect())
        .collect();
    tests.sort();
    let _ = std::fs::remove_dir_all(&dir);
    tests
}

/// Per `cargo test` run: the test binaries it starts share its process id as their parent.
fn skip_records() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("idna-inspector-skips-{}", std::os::unix::process::parent_id()))
}

/// `binary::test`: the binary's name without cargo's hash, and the thread's
/// name, which libtest sets to the test's path.
fn current_test() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|path| path.file_stem().map(|stem| stem.to_string_lossy().into_owned()))
        .map(|stem| stem.rsplit_once('-').map_or(stem.clone(), |(name, _)| name.to_string()))
        .unwrap_or_default();
    let thread = std::thread::current();
    format!("{binary}::{}", thread.name().unwrap_or("?"))
}
