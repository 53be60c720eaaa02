//! The workspace's layout: no import cycles between sibling modules
//! (`scripts/import_cycles.py`, which CI's Python runs), and an engine's
//! crate that stands alone.

use idna_inspector::test_needs::Need;
use std::process::Command;

#[test]
fn no_import_cycles_between_sibling_modules() {
    let root = env!("CARGO_MANIFEST_DIR");
    for src in ["src", "crates/core/src"] {
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

/// The engine's crate (`crates/core`) is what a web build and a library
/// user take: it depends on the Unicode data crates, serde and smallvec alone (no
/// command line, allocator, GUI, regular expressions or threads of the
/// application's).
#[test]
fn the_engine_crate_stands_alone() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{root}/crates/core/Cargo.toml")).unwrap();
    let section = |name: &str| -> Vec<String> {
        let start = manifest.find(&format!("[{name}]\n")).unwrap_or(manifest.len());
        manifest[start..]
            .lines()
            .skip(1)
            .take_while(|line| !line.starts_with('['))
            .filter_map(|line| line.split_once(" = ").map(|(crate_name, _)| crate_name.trim().to_string()))
            .collect()
    };
    let allowed = [
        "unicode-normalization",
        "unicode-bidi",
        "unicode-joining-type",
        "unicode_names2",
        "unicode-script",
        "serde",
        "smallvec",
    ];
    let dependencies = section("dependencies");
    assert!(!dependencies.is_empty(), "{manifest}");
    for dependency in &dependencies {
        assert!(
            allowed.contains(&dependency.as_str()),
            "the engine's crate depends on {dependency}"
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
