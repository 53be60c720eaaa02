//! The runtimes' gate (`runtimes::run_all_knowing`, what `batch
//! --runtimes` calls) changes no answer: on every corpus the project has
//! and on names made to test what the gate assumes of whole names (marks
//! after their base, jamo, case, hyphens, digits, dots, lengths, joiners,
//! right-to-left letters, fullwidth forms), each runtime's answer given
//! the engine's ToASCII is its model's answer. The per-code-point table
//! the gate reads is checked against the models in the analysis crate
//! (`runtimes::gate`).

use idna_inspector::runtimes::{Known, Outcome, Runtime, run_all, run_all_knowing};
use idna_inspector::uts46::{Options, Uts46};
use std::path::Path;

#[path = "../benches/corpus.rs"]
mod corpus;

/// Compares the answers with and without the engine's result on each of
/// `names`; returns how many names the gate told at least one answer of,
/// and how many answers.
fn same_answers<'a>(what: &str, names: impl IntoIterator<Item = &'a str>) -> (usize, usize) {
    let engine = Uts46::new();
    let (mut names_told, mut answers_told, mut differ) = (0, 0, Vec::new());
    for name in names {
        let results = engine.process(name, &Options::EVERY_CHECK);
        let Some(known) = Known::of(&results) else {
            continue;
        };
        let models = run_all(name);
        let gated = run_all_knowing(name, Some(&known)).into_vec();
        // The answers the engine's result could tell: those that look up one of its ToASCII.
        let hosts = [Some(known.to_ascii_n), known.to_ascii_t];
        let told = Runtime::ALL
            .iter()
            .zip(&gated)
            .filter(|(_, answer)| answer.outcome == Outcome::Ascii && hosts.contains(&answer.host.as_deref()))
            .count();
        if told > 0 {
            names_told += 1;
            answers_told += told;
        }
        if models != gated {
            for (model, gate) in models.iter().zip(&gated).filter(|(m, g)| m != g) {
                differ.push(format!("{name:?} {}: model {model:?}, gate {gate:?}", model.runtime.id()));
            }
        }
    }
    eprintln!("{what}: {names_told} names, {answers_told} answers the engine's result could tell");
    assert!(
        differ.is_empty(),
        "{what}: {} answers differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    (names_told, answers_told)
}

fn lines(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(path)).expect(path);
    text.lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.split('\t').next().unwrap_or(line).to_string())
        .collect()
}

#[test]
fn the_gate_changes_no_answer_on_the_runtime_and_browser_corpora() {
    let mut files: Vec<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/real_runtimes"))
        .unwrap()
        .flatten()
        .map(|entry| format!("tests/data/real_runtimes/{}", entry.file_name().to_string_lossy()))
        .filter(|path| path.ends_with(".txt"))
        .collect();
    files.sort();
    files.extend(
        ["words", "lookalikes", "syntax", "codepoints_chromium_sample"].map(|f| format!("tests/data/real_browsers/{f}.txt")),
    );
    for file in files {
        let names = lines(&file);
        same_answers(&file, names.iter().map(String::as_str));
    }
}

#[test]
fn the_gate_changes_no_answer_on_the_bench_corpora() {
    for kind in [
        corpus::Kind::Mixed,
        corpus::Kind::Idn,
        corpus::Kind::DistinctIdn,
        corpus::Kind::DistinctWords,
        corpus::Kind::DistinctMixed,
    ] {
        let names = corpus::generate_n(kind, 3_000);
        let (told, _) = same_answers(kind.name(), names.iter().map(String::as_str));
        assert!(told > 0, "{}: the gate told nothing", kind.name());
    }
}

/// Names made of the characters whose neighbours change what a runtime
/// does: where one code point in a context cannot show it, the gate's
/// facts of the whole name must.
#[test]
fn the_gate_changes_no_answer_on_names_made_to_test_it() {
    #[rustfmt::skip]
    const POOL: &[&str] = &[
        // Letters and digits the table holds plain, most often.
        "a", "b", "e", "o", "x", "n", "z", "0", "1", "9", "ü", "é", "ß", "б", "я", "ς", "σ", "中", "한", "ש", "م", "अ",
        // Case and mappings.
        "A", "X", "N", "Б", "Σ", "ẞ", "İ", "Ａ", "ｘ", "ｎ", "１", "ﬁ", "²",
        // Upper case whose lower case is shorter or longer in UTF-8 (Go reads the mapped label's bytes).
        "Ɐ", "Ⱥ",
        // Hyphens and dots.
        "-", "-", "－", "。", "．",
        // Marks: composing (NFC Maybe) and not, Indic vowel signs and viramas, Thai.
        "\u{301}", "\u{308}", "\u{323}", "\u{334}", "\u{31B}", "\u{93F}", "\u{94D}", "\u{93C}", "\u{E31}", "\u{BBE}", "\u{BC6}",
        // Jamo that compose into syllables.
        "\u{1100}", "\u{1161}", "\u{11A8}",
        // Joiners and CONTEXTO characters.
        "\u{200C}", "\u{200D}", "·", "\u{375}", "\u{30FB}", "\u{5F3}",
        // Right-to-left letters and digits of both Arabic systems, marks, and a kana and a Thai letter.
        "א", "ب", "\u{660}", "\u{6F0}", "\u{64E}", "\u{5B4}", "ア", "ก",
        // Emoji, ignored characters, a symbol, an underscore.
        "😉", "\u{AD}", "\u{FE0F}", "_", "$",
    ];
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let mut below = |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut names = Vec::new();
    for round in 0..12_000 {
        let labels = 1 + below(3);
        let mut name = String::new();
        for label in 0..labels {
            if label > 0 {
                name.push('.');
            }
            // Long labels; and labels of 22 to 39 characters, which pass
            // DNS's lengths as A-labels and may not in UTF-8 bytes.
            let length = match round % 50 {
                0 => 55 + below(20),
                25 => 22 + below(18),
                _ => 1 + below(7),
            };
            for _ in 0..length {
                // Half the characters from the plain letters, so that many names pass the engine.
                let pick = if below(2) == 0 { below(22) } else { below(POOL.len()) };
                name.push_str(POOL[pick]);
            }
        }
        if round % 7 == 0 {
            name.push_str(".com");
        }
        // All-ASCII labels in capitals beside the others: runtimes that
        // convert label by label keep them as written.
        match round % 5 {
            1 => name.push_str([".DE", ".Com", ".x1Y"][below(3)]),
            3 => name.insert_str(0, ["WWW.", "Ab.", "a-B."][below(3)]),
            _ => {}
        }
        names.push(name);
    }
    // The names the engine accepts written with A-labels (each non-ASCII
    // label as its ToASCII, the others as typed), and with the ACE prefix,
    // the Punycode or the whole name in capitals.
    let engine = Uts46::new();
    let mut written = Vec::new();
    for (at, name) in names.iter().enumerate().filter(|(_, name)| !name.is_ascii()) {
        let results = engine.process(name, &Options::EVERY_CHECK);
        let ascii = &results.to_ascii_n.value;
        if !results.to_ascii_n.errors.is_empty() || ascii.split('.').count() != name.split('.').count() {
            continue;
        }
        let labels: Vec<&str> = name
            .split('.')
            .zip(ascii.split('.'))
            .map(|(typed, converted)| if typed.is_ascii() { typed } else { converted })
            .collect();
        let a_name = labels.join(".");
        match at % 9 {
            0 => written.push(a_name.replacen("xn--", "XN--", 1)),
            1 => written.push(a_name.to_uppercase()),
            2 => written.push(a_name.replacen("xn--", "xn--A", 1)),
            _ => {}
        }
        written.push(a_name);
    }
    names.extend(written);
    // Hyphens third and fourth in the mapped label's bytes, not in the typed one's.
    names.extend(["Ɐ--x.com", "xⱯ--y.de", "Ⱥ--b.de", "ÄÖ--x.com"].map(String::from));
    let (told, _) = same_answers("made names", names.iter().map(String::as_str));
    assert!(told > 1_000, "only {told} made names were told");
}

/// The whole table's code points in the two contexts of the browsers'
/// probes (`ccc.com`, `ab{c}.com`: 319,607 names).
#[test]
#[ignore = "slow: sixteen models on 319,607 names"]
fn the_gate_changes_no_answer_on_every_code_point_probe() {
    let names = lines("tests/data/real_browsers/codepoints.txt");
    let (told, answers) = same_answers("codepoints", names.iter().map(String::as_str));
    assert!(told > 100_000 && answers > told);
}
