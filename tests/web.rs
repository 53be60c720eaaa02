//! The web page in the real browsers. `scripts/build-web.sh` builds
//! `target/web/`; `tools/web-check/web_check.py` serves it on 127.0.0.1
//! and opens it in headless Chromium (DevTools) and Firefox ESR
//! (Marionette), with names of this repository's corpora in the URL
//! fragment. For every name, what the page shows (its test hook
//! `window.idnaInspector.shown()`, the inspection the page draws) must equal
//! `explain --json` of the same name from this build's command; so must the
//! page after a name is typed into its field with key events. The page must
//! log no console error and fetch nothing but its own files. A screenshot
//! per browser is kept: `target/web-check/<browser>.png`.
//!
//! Slow tier (`--ignored`): it needs the page built, and the browsers; a
//! missing one skips, or fails when `IDNA_INSPECTOR_REQUIRE_WEB` is set.

use idna_inspector::test_needs::{self, Need};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The name typed into the field, after the names opened by link.
const TYPED: &str = "Bücher-straße.de";

/// Names from the corpora: every n-th line of the look-alikes, the words
/// and the URL-syntax edges, and the forms a support person pastes.
fn names() -> Vec<String> {
    let mut names: Vec<String> = vec![
        "https://аррӏе.com/login?x=1".into(),
        "kontakt@bücher.de".into(),
        "faß.de".into(),
        "FASS.DE".into(),
        "a\u{308}bc.de".into(),
        "xn--abc-.com".into(),
        "a..b".into(),
        "ⓐb.com".into(),
        "🦄.com".into(),
        "*.bücher.de".into(),
    ];
    for (corpus, every) in [("lookalikes", 37), ("words", 33), ("syntax", 41)] {
        let text = std::fs::read_to_string(Path::new(ROOT).join(format!("tests/data/real_browsers/{corpus}.txt"))).unwrap();
        let lines = text.split('\n').filter(|line| !line.is_empty() && !line.starts_with("# "));
        names.extend(lines.step_by(every).map(str::to_string));
    }
    let mut seen = BTreeSet::new();
    // A text with no host is an error for `explain` (exit 1, no JSON) and
    // inspected as it is by the window: nothing to compare.
    names.retain(|name| seen.insert(name.clone()) && idna_inspector::pasted::take_host(name).is_ok());
    names
}

/// `explain --json NAME` of this build's command.
fn explain_json(name: &str) -> serde_json::Value {
    let output = Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(["explain", "--json", "--", name])
        .output()
        .unwrap();
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("explain --json {name:?}: {e}: {output:?}"))
}

fn check_browser(browser: &str, site: &Path, names: &[String]) {
    let dir = Path::new(ROOT).join("target/web-check");
    std::fs::create_dir_all(&dir).unwrap();
    let list = dir.join("names.txt");
    std::fs::write(&list, names.join("\n") + "\n").unwrap();
    let out = dir.join(format!("{browser}.jsonl"));
    let shot = dir.join(format!("{browser}.png"));
    let status = Command::new("/usr/bin/python3")
        .arg(Path::new(ROOT).join("tools/web-check/web_check.py"))
        .args([browser, "--site"])
        .arg(site)
        .arg("--names")
        .arg(&list)
        .arg("--out")
        .arg(&out)
        .arg("--shot")
        .arg(&shot)
        .args(["--type", TYPED])
        .status()
        .unwrap();
    assert!(status.code() != Some(2), "{browser}: web_check.py could not run it");
    let text = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<serde_json::Value> = text.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    let (last, answers) = lines.split_last().expect("web_check.py wrote its lines");
    let mut differ = Vec::new();
    let mut compared = 0;
    for answer in answers {
        let name = answer["name"].as_str().or(answer["typed"].as_str()).unwrap();
        let Some(shown) = answer.get("shown") else {
            differ.push(format!("{name:?}: {}", answer["error"]));
            continue;
        };
        compared += 1;
        let expected = explain_json(name);
        if *shown != expected {
            differ.push(format!(
                "{name:?}: the page shows\n  {shown}\nexplain --json gives\n  {expected}"
            ));
        }
    }
    eprintln!(
        "{browser} ({}): {compared} names shown of {} asked, {} differ from explain --json",
        last["browser"],
        answers.len(),
        differ.len()
    );
    assert!(
        differ.is_empty(),
        "{browser}: {} of {} differ:\n{}",
        differ.len(),
        answers.len(),
        differ.join("\n")
    );
    assert_eq!(compared, names.len() + 1, "{browser}: every name opened and the one typed");
    assert_eq!(last["errors"], serde_json::json!([]), "{browser}: the page's console errors");
    let site_files: BTreeSet<String> = std::fs::read_dir(site)
        .unwrap()
        .map(|entry| format!("/{}", entry.unwrap().file_name().to_string_lossy()))
        .collect();
    for fetched in last["fetched"].as_array().unwrap() {
        let path = fetched.as_str().unwrap().split(['?', '#']).next().unwrap().to_string();
        assert!(
            path == "/" || site_files.contains(&path),
            "{browser}: the page fetched {path}"
        );
    }
    let png = std::fs::read(&shot).unwrap();
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 20_000,
        "{browser}: the screenshot is empty"
    );
}

#[test]
#[ignore = "slow: opens the built web page in the real browsers (scripts/build-web.sh first)"]
fn the_page_shows_what_explain_says_in_chromium_and_firefox() {
    let site = PathBuf::from(ROOT).join("target/web");
    if !site.join("index.html").is_file() {
        test_needs::skip(Need::Web, "target/web/ is not built (scripts/build-web.sh)");
        return;
    }
    // README: the page's .wasm is under 20 MB gzip-compressed.
    let gzip = Command::new("gzip")
        .args(["-9", "-c"])
        .arg(site.join("idna_inspector_web_bg.wasm"))
        .output()
        .unwrap();
    let megabytes = gzip.stdout.len() as f64 / 1e6;
    eprintln!("the page's .wasm: {megabytes:.2} MB gzip-compressed");
    assert!(gzip.status.success() && megabytes > 1.0 && megabytes < 20.0, "{megabytes} MB");
    let names = names();
    assert!(names.len() >= 200, "{} names", names.len());
    for (browser, path) in [("chromium", "/usr/bin/chromium"), ("firefox", "/usr/bin/firefox-esr")] {
        if !Path::new(path).exists() {
            test_needs::skip(Need::Web, &format!("{path} is not installed"));
            continue;
        }
        check_browser(browser, &site, &names);
    }
}
