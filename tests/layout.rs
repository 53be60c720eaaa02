//! The workspace's layout: no import cycles between sibling modules
//! (`scripts/import_cycles.py`, which CI's Python runs), library crates
//! apart from the application's dependencies, no thread-local state.

use idna_inspector::test_needs::Need;
use std::process::Command;

#[test]
fn no_import_cycles_between_sibling_modules() {
    let root = env!("CARGO_MANIFEST_DIR");
    for src in ["src", "crates/core/src", "crates/analysis/src"] {
        let output = Command::new("python3")
            .arg(format!("{root}/scripts/import_cycles.py"))
            .arg(format!("{root}/{src}"))
            .output();
        let output = match output {
            Ok(output) => output,
            Err(error) => {
                idna_inspector::test_needs::skip(Need::Python, &format!("python3 is not runnable ({error})"));
                return;
            }
        };
        let report = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{src}: {report}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(report.contains("0 cycle(s) between sibling modules"), "{src}: {report}");
    }
}

/// The names of the dependencies in `[section]` of the crate manifest at `path`.
fn dependencies(path: &str, section: &str) -> Vec<String> {
    let manifest = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let start = manifest.find(&format!("[{section}]\n")).unwrap_or(manifest.len());
    manifest[start..]
        .lines()
        .skip(1)
        .take_while(|line| !line.starts_with('['))
        .filter_map(|line| line.split_once(" = ").map(|(name, _)| name.trim().to_string()))
        .collect()
}

/// The engine's crate (`crates/core`) is what a web build and a library
/// user take: it depends on the Unicode data crates, serde and smallvec
/// alone; the analysis' (`crates/analysis`) adds the engine, regular
/// expressions, hashing, DEFLATE, XML and JSON. Neither has the command
/// line, allocator, GUI or processor pinning of the application's.
#[test]
fn the_library_crates_stand_apart_from_the_application() {
    let core = [
        "unicode-normalization",
        "unicode-bidi",
        "unicode-joining-type",
        "unicode_names2",
        "unicode-script",
        "serde",
        "smallvec",
    ];
    let analysis = [
        "idna-inspector-core",
        "unicode-normalization",
        "unicode-bidi",
        "unicode-security",
        "unicode-script",
        "unicode-properties",
        "regex",
        "ahash",
        "miniz_oxide",
        "serde",
        "serde_json",
        "stringprep",
        "roxmltree",
    ];
    for (manifest, allowed) in [
        ("crates/core/Cargo.toml", &core[..]),
        ("crates/analysis/Cargo.toml", &analysis[..]),
    ] {
        let found = dependencies(manifest, "dependencies");
        assert!(!found.is_empty(), "{manifest}");
        for dependency in &found {
            assert!(allowed.contains(&dependency.as_str()), "{manifest} depends on {dependency}");
        }
    }
    // And the application's does depend on what they leave out (the
    // allocator and the desktop's GUI stack in its table for targets other
    // than the web page's).
    let mut application = dependencies("Cargo.toml", "dependencies");
    application.extend(dependencies(
        "Cargo.toml",
        "target.'cfg(not(target_arch = \"wasm32\"))'.dependencies",
    ));
    for dependency in ["clap", "mimalloc", "eframe", "idna-inspector-analysis"] {
        assert!(
            application.iter().any(|found| found == dependency),
            "Cargo.toml: {dependency}"
        );
    }
}

/// No library code keeps thread-local state: what a worker keeps from name
/// to name (the spoof check's and the browsers' TLD memos, buffers, row
/// writers) is its own, handed down explicitly (`spoof::Kept`,
/// `browsers::Kept`, the batch's `Worker`).
#[test]
fn no_code_keeps_thread_local_state() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut sources = vec![
        std::path::PathBuf::from(format!("{root}/src")),
        std::path::PathBuf::from(format!("{root}/crates/core/src")),
        std::path::PathBuf::from(format!("{root}/crates/analysis/src")),
    ];
    let mut files = 0;
    while let Some(path) = sources.pop() {
        if path.is_dir() {
            sources.extend(std::fs::read_dir(&path).unwrap().map(|entry| entry.unwrap().path()));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files += 1;
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(!text.contains("thread_local!"), "{} keeps thread-local state", path.display());
        }
    }
    assert!(files > 100, "{files} files");
}
