//! README is for users, and every figure in it is one a test asserts: this
//! test lists each number of README's prose with the test file that asserts
//! it (and checks that file holds it), binds the limits and versions to the
//! code's own constants, and keeps README short and free of commit hashes.

use idna_inspector::browsers::Browser;
use idna_inspector::{MappingTable, about};

const README: &str = include_str!("../README.md");

/// Each number of README's prose and the file whose assertions hold it.
const FIGURES: &[(&str, &str)] = &[
    // IdnaTestV2.txt lines, and the two skipped for an escaped surrogate.
    ("6,387", "tests/conformance.rs"),
    ("6,389", "tests/newer_tables.rs"),
    ("6,394", "tests/newer_tables.rs"),
    ("548", "tests/conformance.rs"),
    ("549", "tests/conformance.rs"),
    // The Python comparisons, exact counts.
    ("258,840", "tests/profiles.rs"),
    ("128", "tests/profiles.rs"),
    ("2,460", "tests/profiles.rs"),
    ("322,112", "tests/profiles.rs"),
    ("10,356", "tests/profiles.rs"),
    // Web-platform-tests.
    ("87", "tests/whatwg.rs"),
    ("379", "tests/whatwg.rs"),
    // The real browsers: corpus sizes, sample, agreement (any difference fails).
    ("3,316", "tests/real_browsers.rs"),
    ("3,254", "tests/real_browsers.rs"),
    ("319,602", "tests/real_browsers.rs"),
    ("2,068", "tests/real_browsers.rs"),
    ("1,500", "tests/real_browsers.rs"),
    ("100", "tests/real_browsers.rs"),
    ("8,458", "tests/browsers.rs"),
    // The real runtimes: the agreement each family needs.
    ("99.9", "tests/real_runtimes.rs"),
    // The spoof set.
    ("16", "tests/spoof.rs"),
    ("23", "tests/spoof.rs"),
    // The window's stage area at two sizes.
    // Bounded memory.
    ("3,000,000", "tests/cli.rs"),
    ("50", "tests/cli.rs"),
    // The Chromium top-domain list's date, as its provenance gives it.
    ("2023", "tables/README.md"),
    // Java for PySpark, as CI installs it.
    ("17", ".ci/run"),
    // The Bootstring step the screenshot shows.
    ("745", "tests/punycode.rs"),
    // The Python package the comparisons require.
    ("3.20", "tests/common/python.rs"),
    // The LGR comparison with lgr-core and the bundled sets.
    ("5,456", "tests/lgr.rs"),
    ("14", "tests/lgr.rs"),
    ("2,675", "tests/lgr.rs"),
    ("1,854", "tests/lgr.rs"),
    ("59", "crates/analysis/src/lgr/bundled.rs"),
    ("25", "crates/analysis/src/lgr/bundled.rs"),
    // The web page's .wasm, gzip-compressed, in MB.
    ("20", "tests/web.rs"),
    // Glyphs: the code points UTS #46 keeps, and those no bundled font draws.
    ("148,162", "tests/glyphs.rs"),
    ("100,052", "tests/glyphs.rs"),
];

/// Numbers that name a specification, not a measurement: RFC 3454, 3490,
/// 3492, 5891–5893, 7940 and 8228, UTS #39 and #46, and the DNS label limit
/// of RFC 1035.
const SPEC_NUMBERS: &[&str] = &[
    "3454", "3490", "3492", "5891", "5892", "5893", "7940", "8228", "39", "46", "63",
];

/// README's text without code, fenced or inline (commands, paths and
/// identifiers, not claims).
fn prose() -> String {
    let mut inside = false;
    let text = README
        .lines()
        .filter(|line| {
            if line.starts_with("```") {
                inside = !inside;
                return false;
            }
            !inside
        })
        .collect::<Vec<_>>()
        .join("\n");
    text.split('`').step_by(2).collect::<Vec<_>>().join(" ")
}

/// The numbers of `text`: runs of digits with `,` and `.` inside, not part of
/// a word (`V1`, `A4_1`, `X11`, `amd64`) or of a `U+`/`#` notation.
fn numbers(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let before = i.checked_sub(1).map(|j| chars[j]);
        let starts =
            chars[i].is_ascii_digit() && !before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '+' | '#' | '.' | '-'));
        if !starts {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len()
            && (chars[j].is_ascii_digit()
                || (matches!(chars[j], ',' | '.') && chars.get(j + 1).is_some_and(char::is_ascii_digit)))
        {
            j += 1;
        }
        let word_goes_on = chars.get(j).is_some_and(|c| c.is_alphabetic() || *c == '_');
        if !word_goes_on {
            found.push(chars[i..j].iter().collect());
        }
        i = j;
    }
    found
}

/// Whether `file` holds `number` as a whole number, written with `,`, `_` or
/// no thousands separator.
fn holds(file: &str, number: &str) -> bool {
    let text = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let digits = number.replace(',', "");
    let plain: String = {
        let chars: Vec<char> = text.chars().collect();
        chars
            .iter()
            .enumerate()
            .filter(|&(k, &c)| {
                !(matches!(c, '_' | ',')
                    && k > 0
                    && chars[k - 1].is_ascii_digit()
                    && chars.get(k + 1).is_some_and(char::is_ascii_digit))
            })
            .map(|(_, &c)| c)
            .collect()
    };
    plain.match_indices(&digits).any(|(at, _)| {
        let before = plain[..at].chars().next_back();
        let after = plain[at + digits.len()..].chars().next();
        !before.is_some_and(|c| c.is_ascii_digit()) && !after.is_some_and(|c| c.is_ascii_digit())
    })
}

/// `1,024` for 1024.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Figures README states that are the code's own constants and data versions.
fn bound_to_code() -> Vec<(String, String)> {
    let mut bound = vec![
        (
            format!("{} KiB", idna_inspector::batch::MAX_LINE_BYTES / 1024),
            "batch::MAX_LINE_BYTES".to_string(),
        ),
        (
            format!(
                "{} bytes of Punycode",
                thousands(idna_inspector::uts46::Uts46::MAX_DECODE_BYTES)
            ),
            "Uts46::MAX_DECODE_BYTES".to_string(),
        ),
        (
            format!(
                "{} code points",
                thousands(idna_inspector::uts46::Uts46::MAX_ENCODE_CODE_POINTS)
            ),
            "Uts46::MAX_ENCODE_CODE_POINTS".to_string(),
        ),
        (
            format!(
                "at most {} of them",
                thousands(idna_inspector::lgr::VARIANT_LIST_LIMIT as usize)
            ),
            "lgr::VARIANT_LIST_LIMIT".to_string(),
        ),
        (
            format!("{} steps", thousands(idna_inspector::lgr::VARIANT_GENERATION_STEPS)),
            "lgr::VARIANT_GENERATION_STEPS".to_string(),
        ),
    ];
    #[cfg(feature = "gui")]
    bound.push((
        format!("first {} characters", thousands(idna_inspector::app::MAX_INPUT_CHARS)),
        "app::MAX_INPUT_CHARS".to_string(),
    ));
    for browser in Browser::ALL {
        bound.push((browser.build().to_string(), "Browser::build".to_string()));
    }
    bound
}

/// Every number the code itself vouches for: the bound figures and the data
/// versions of About (the bundled table, the properties, NFC, names, each
/// browser's build and data), with their shorter forms (`17.0` for `17.0.0`).
fn numbers_from_code() -> Vec<String> {
    let mut texts: Vec<String> = bound_to_code().into_iter().map(|(text, _)| text).collect();
    for source in about::data_sources(MappingTable::bundled()) {
        texts.push(source.version.clone());
        texts.push(source.what.to_string());
        texts.push(source.source.clone());
    }
    for browser in Browser::ALL {
        texts.push(browser.data().to_string());
    }
    for runtime in idna_inspector::runtimes::Runtime::ALL {
        texts.extend([runtime.call(), runtime.version(), runtime.standard()].map(str::to_string));
    }
    let mut found: Vec<String> = texts.iter().flat_map(|text| numbers(text)).collect();
    let shorter: Vec<String> = found
        .iter()
        .filter_map(|n| n.strip_suffix(".0").map(str::to_string))
        .collect();
    found.extend(shorter);
    found
}

#[test]
fn readme_is_for_users_short_and_without_commit_hashes() {
    let lines = README.lines().count();
    assert!(lines <= 350, "README has {lines} lines; measurement history goes to docs/");
    let hashes: Vec<&str> = README
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| {
            (7..=40).contains(&word.len())
                && word.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
                && word.chars().any(|c| c.is_ascii_digit())
                && word.chars().any(|c| c.is_ascii_alphabetic())
        })
        .collect();
    assert!(hashes.is_empty(), "commit hashes in README: {hashes:?}");
}

#[test]
fn every_figure_in_readme_is_asserted_somewhere() {
    let prose = prose();
    let from_code = numbers_from_code();
    let mut unbound = Vec::new();
    for number in numbers(&prose) {
        let digits = number.replace(',', "");
        let single_digit = digits.len() == 1;
        let listed = FIGURES.iter().any(|(figure, _)| *figure == number);
        if single_digit || listed || SPEC_NUMBERS.contains(&digits.as_str()) || from_code.contains(&number) {
            continue;
        }
        // A version the Python comparisons name (3.20, 3.11, 14.0, 3.2).
        if number.contains('.') && holds("tests/profiles.rs", &number) {
            continue;
        }
        unbound.push(number);
    }
    assert!(
        unbound.is_empty(),
        "figures in README that no test asserts (add the test and list it in FIGURES, or drop the figure): {unbound:?}"
    );
    for (figure, file) in FIGURES {
        assert!(
            numbers(&prose).contains(&figure.to_string()),
            "{figure} is listed but README no longer says it"
        );
        assert!(holds(file, figure), "{file} does not hold {figure}");
    }
    let flowing = README.split_whitespace().collect::<Vec<_>>().join(" ");
    for (text, constant) in bound_to_code() {
        assert!(flowing.contains(&text), "README should say {text:?} ({constant})");
    }
}

/// The exit status table is the one `--help` gives.
#[test]
fn readme_gives_the_exit_status_of_help() {
    let help = std::process::Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    for (status, meaning) in [
        ("0", "every name is valid"),
        ("1", "some name is invalid"),
        ("2", "usage error"),
        ("3", "I/O or data error"),
    ] {
        assert!(help.contains(&format!("{status} {meaning}")), "--help: {status} {meaning}");
        assert!(
            README.contains(&format!("| {status} | {meaning}")),
            "README: {status} {meaning}"
        );
    }
}

/// Every `IDNA_INSPECTOR_REQUIRE_…` variable README names is one a test
/// reads, and `.ci/run` sets each.
#[test]
fn readme_names_every_require_variable_and_ci_sets_them() {
    use idna_inspector::test_needs::Need;
    let ci = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/.ci/run")).unwrap();
    let needs = [
        Need::Shared,
        Need::Python,
        Need::Spark,
        Need::Browsers,
        Need::Runtimes,
        Need::Web,
        Need::Windows,
        Need::Dnstwist,
    ];
    for need in needs {
        assert!(README.contains(need.variable()), "README: {}", need.variable());
        let exported = ci.lines().any(|line| {
            line.starts_with("export ") && line.split_whitespace().any(|word| word == format!("{}=1", need.variable()))
        });
        assert!(exported, ".ci/run: {}", need.variable());
    }
}
