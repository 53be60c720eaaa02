//! The `idna-inspector` binary: explain, batch (every line accounted for), flags, tables.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Written from another thread: an input larger than the pipe's buffer
    // would otherwise block while the child blocks writing its output.
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || input.write_all(&stdin));
    let output = child.wait_with_output().unwrap();
    // A child that exits without reading (a usage error) closes the pipe first.
    if let Err(error) = writer.join().unwrap() {
        assert_eq!(
            error.kind(),
            std::io::ErrorKind::BrokenPipe,
            "writing the child's input: {error}"
        );
    }
    output
}

fn jsonl(output: &Output) -> Vec<serde_json::Value> {
    String::from_utf8(output.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn batch_keeps_every_line_in_order() {
    // BOM, CRLF, a blank line, invalid UTF-8, NUL, U+2028 inside a line, no final LF.
    let input = b"\xEF\xBB\xBFfa\xC3\x9F.de\r\n\nbad\xFF\xFEline\nnul\x00x\na\xE2\x80\xA8b.com\nxn--0.pt";
    let output = run(&["batch", "--format", "jsonl"], input);
    assert_eq!(output.status.code(), Some(1), "some line is invalid");
    let records = jsonl(&output);
    let lines: Vec<u64> = records.iter().map(|r| r["line"].as_u64().unwrap()).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6]);
    assert_eq!(records[0]["input"], "faß.de", "BOM and CR removed");
    assert_eq!(records[0]["to_ascii_n"], "xn--fa-hia.de");
    assert_eq!(records[0]["to_ascii_t"], "fass.de");
    assert_eq!(records[0]["to_ascii_n_errors"], serde_json::json!([]));
    assert_eq!(records[1]["input"], "");
    assert_eq!(records[1]["note"], "blank line, skipped");
    assert_eq!(records[1]["to_ascii_n_errors"], serde_json::json!([]));
    assert!(records[0].get("note").is_none(), "no note on a converted line");
    assert_eq!(records[2]["input"], "bad\\xFF\\xFEline");
    assert_eq!(records[2]["to_ascii_n_errors"], serde_json::json!(["invalid UTF-8"]));
    assert_eq!(
        records[3]["to_ascii_n_errors"],
        serde_json::json!(["U1"]),
        "NUL is an ASCII character STD3 rejects"
    );
    assert_eq!(records[4]["input"], "a\u{2028}b.com", "U+2028 does not split lines");
    assert_eq!(
        records[5]["to_unicode"], "xn--0.pt",
        "the result string is present even with errors"
    );
    assert_eq!(records[5]["to_unicode_errors"], serde_json::json!(["P4"]));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("6 lines") && stderr.contains("1 not UTF-8"), "{stderr}");
}

#[test]
fn batch_csv_and_tsv_have_a_header_and_quote_fields() {
    let output = run(&["batch", "-", "--format", "csv"], b"a,b.com\nbloss.de\n");
    let text = String::from_utf8(output.stdout).unwrap();
    let mut rows = text.lines();
    assert_eq!(
        rows.next().unwrap(),
        "line,input,to_unicode,to_unicode_errors,to_ascii_n,to_ascii_n_errors,to_ascii_t,to_ascii_t_errors,note"
    );
    assert_eq!(
        rows.next().unwrap(),
        "1,\"a,b.com\",\"a,b.com\",U1,\"a,b.com\",U1,\"a,b.com\",U1,"
    );
    assert_eq!(rows.next().unwrap(), "2,bloss.de,bloss.de,,bloss.de,,bloss.de,,");
    let tsv = run(&["batch", "--format", "tsv"], "à\u{05D0}\n".as_bytes());
    assert!(
        String::from_utf8(tsv.stdout)
            .unwrap()
            .contains("1\tà\u{05D0}\tà\u{05D0}\tB5 B6\txn--0ca24w\tB5 B6")
    );
}

#[test]
fn empty_input_gives_no_records() {
    let output = run(&["batch"], b"");
    assert!(output.status.success());
    assert!(output.stdout.is_empty());
}

#[test]
fn a_missing_file_is_a_clear_error() {
    let output = run(&["batch", "/nonexistent/domains.txt"], b"");
    assert_eq!(output.status.code(), Some(3), "an I/O error");
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot open /nonexistent/domains.txt"));
}

#[test]
fn flags_change_the_result() {
    let strict = jsonl(&run(&["batch"], b"a_b.example\n"));
    assert_eq!(strict[0]["to_ascii_n_errors"], serde_json::json!(["U1"]));
    let relaxed = jsonl(&run(&["batch", "--no-std3"], b"a_b.example\n"));
    assert_eq!(relaxed[0]["to_ascii_n_errors"], serde_json::json!([]));
    let relaxed = jsonl(&run(&["--no-check-hyphens", "--no-verify-dns-length", "batch"], b"-a..b-\n"));
    assert_eq!(relaxed[0]["to_ascii_n_errors"], serde_json::json!([]));
}

#[test]
fn explain_shows_stages_and_bootstring_arithmetic() {
    let output = run(&["explain", "Bücher.de"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    for expected in [
        "xn--bcher-kva.de",
        "1. Map",
        "LATIN CAPITAL LETTER B",
        "2. Normalize",
        "3. Break",
        "4. Convert/Validate",
        "5. ToASCII",
        "delta=745",
        "k=36  t=1  q=745 digit 'k'=10 w=1",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    let json = run(&["explain", "--json", "faß.de"], b"");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(value["results"]["to_ascii_t"]["value"], "fass.de");
    assert_eq!(value["trace"]["nontransitional"]["map"][2]["row"]["status"], "deviation");
}

#[test]
fn tables_option_loads_another_version() {
    let Some(dir) = idna_inspector::test_needs::shared_path("unicode/17.0.0") else {
        return;
    };
    let output = run(&["--tables", dir.to_str().unwrap(), "explain", "a"], b"");
    assert!(
        String::from_utf8(output.stdout)
            .unwrap()
            .contains("mapping table Unicode 17.0.0")
    );
}

#[test]
fn tables_option_names_the_missing_file() {
    let bad = run(&["--tables", "/nonexistent", "explain", "a"], b"");
    assert_eq!(bad.status.code(), Some(3), "a data error");
    assert!(String::from_utf8_lossy(&bad.stderr).contains("IdnaMappingTable.txt"));
}

#[test]
fn batch_summary_counts_outcomes_and_codes() {
    let output = run(&["batch", "--format", "summary"], b"fa\xC3\x9F.de\n\n-x-.com\nok.org\n\xFF\n");
    assert_eq!(output.status.code(), Some(1), "-x-.com and the byte FF are invalid");
    let text = String::from_utf8(output.stdout).unwrap();
    for expected in [
        "lines\t5\n",
        "ok\t2\n",
        "failed\t2\n",
        "skipped\t1\n",
        "invalid UTF-8\t1\n",
        "T≠N\t1\n",
        "V3\t1\n",
        "elapsed\t",
    ] {
        assert!(text.contains(expected), "{expected:?} missing from {text}");
    }
}

#[test]
fn batch_reads_a_csv_column_by_name() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("export.csv");
    std::fs::write(&path, "id,host\n1,Bücher.de\n2,\"a,b\"\n").unwrap();
    let output = run(&["batch", path.to_str().unwrap(), "--column", "host"], b"");
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    let records = jsonl(&output);
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["to_ascii_n"], "xn--bcher-kva.de");
    assert_eq!(records[1]["to_ascii_n_errors"], serde_json::json!(["U1"]));
    let wrong = run(&["batch", path.to_str().unwrap(), "--column", "domain"], b"");
    assert_eq!(wrong.status.code(), Some(3), "the file has no such column: a data error");
    assert!(String::from_utf8_lossy(&wrong.stderr).contains("no column named \"domain\""));
}

#[test]
fn an_unreadable_file_is_a_clear_error() {
    // A directory opens but cannot be read as a file (root can read any plain file).
    // The summary on two threads, whose threads each read from the file, fails the same way.
    for flags in [&["batch", "/"][..], &["batch", "/", "--format", "summary", "--threads", "2"]] {
        let output = run(flags, b"");
        assert_eq!(output.status.code(), Some(3), "an I/O error: {flags:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("idna-inspector:") && !stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
fn batch_spoof_adds_display_risk_and_findings() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-cli-spoof-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let protected = dir.join("protected.txt");
    std::fs::write(&protected, "# brands\npaypal.com\n").unwrap();
    let mut bytes = "аррӏе.com\npaypaI.com\nbücher.de\n\nbad".as_bytes().to_vec();
    bytes.extend_from_slice(b"\xFF\n");
    let output = run(&["batch", "--protected", protected.to_str().unwrap()], &bytes);
    assert_eq!(output.status.code(), Some(1), "{}", String::from_utf8_lossy(&output.stderr));
    let records = jsonl(&output);
    assert_eq!(records.len(), 5, "every line has a record");
    assert_eq!(records[4]["to_unicode_errors"], serde_json::json!(["invalid UTF-8"]));
    assert!(records[4].get("risk").is_none(), "a line that is not UTF-8 has no verdict");
    assert_eq!(records[0]["chromium_display"], "punycode");
    assert_eq!(records[0]["chromium_rule"], "kWholeScriptConfusable");
    assert_eq!(records[0]["firefox_rule"], "mCyrillicLatinConfusables");
    assert_eq!(records[0]["webkit_display"], "punycode");
    assert!(records[0].get("display").is_none(), "the old display field is gone");
    assert_eq!(records[0]["risk"], "high");
    assert_eq!(records[0]["findings"], serde_json::json!(["whole-script-confusable"]));
    assert_eq!(records[1]["risk"], "high", "paypaI.com looks like the protected paypal.com");
    assert_eq!(records[1]["findings"], serde_json::json!(["looks-like-protected"]));
    assert_eq!(records[2]["risk"], "none");
    assert!(records[3].get("risk").is_none(), "a blank line has no verdict");
    // Without --protected, paypaI.com is an ordinary name; CSV gains the browsers' columns, risk and findings.
    let csv = run(&["batch", "--spoof", "--format", "csv"], "paypaI.com\nаррӏе.com\n".as_bytes());
    let text = String::from_utf8(csv.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].ends_with(
            ",note,chromium_display,chromium_rule,firefox_display,firefox_rule,webkit_display,webkit_rule,risk,findings"
        ),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].ends_with(",unicode,kNone,unicode,Passthrough,unicode,mapHostName: no mapping,none,"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].contains(",punycode,kWholeScriptConfusable,punycode,"),
        "{}",
        lines[2]
    );
    assert!(lines[2].ends_with(",high,whole-script-confusable"), "{}", lines[2]);
    // A protected list that cannot be read is a clear error.
    let missing = run(&["batch", "--protected", dir.join("none.txt").to_str().unwrap()], b"a.com\n");
    assert_eq!(missing.status.code(), Some(3), "an I/O error");
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot read the protected names"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explain_spoof_prints_the_verdict_and_characters() {
    let output = run(&["explain", "--spoof", "gօօgle.com"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("Risk: high"), "{text}");
    assert!(text.contains("Chromium (Chrome, Edge): punycode — kICUSpoofChecks"), "{text}");
    assert!(text.contains("Firefox: punycode — illegalScriptCombo"), "{text}");
    assert!(text.contains("WebKit (Safari): punycode — isLookalikeSequence"), "{text}");
    assert!(text.contains("shows xn--ggle-vifa.com"), "{text}");
    assert!(text.contains("U+0585") && text.contains("ARMENIAN SMALL LETTER OH") && text.contains("script Armenian"));
    assert!(text.contains("Mixed-script confusable"), "{text}");
    let json = run(&["explain", "--spoof", "--json", "gօօgle.com"], b"");
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["risk"], "high");
    assert_eq!(report["labels"][0]["chars"][1]["script"], "Armenian");
    assert_eq!(report["browsers"]["chromium"]["display"], "punycode");
    assert_eq!(report["browsers"]["firefox"]["shown"], "xn--ggle-vifa.com");
}

/// An `xn--` label Chromium does not decode is shown as its A-label text:
/// the text and the JSON say Punycode, the rule and the label, not Unicode.
#[test]
fn explain_spoof_says_an_undecoded_a_label_is_shown_as_typed() {
    let output = run(&["explain", "--spoof", "xn--mnchen-3ya.xn--"], b"");
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("Chromium (Chrome, Edge): punycode — not an IDN component"),
        "{text}"
    );
    assert!(
        text.contains("its A-label text as typed") && text.contains("shows münchen.xn--"),
        "{text}"
    );
    let json = run(&["explain", "--spoof", "--json", "xn--abc-.com"], b"");
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let chromium = &report["browsers"]["chromium"];
    assert_eq!(chromium["display"], "punycode");
    assert_eq!(chromium["rule"], "not an IDN component");
    assert_eq!(chromium["label"], "xn--abc-");
    assert_eq!(chromium["shown"], "xn--abc-.com");
}

#[test]
fn explain_profile_compares_the_five_profiles_with_causes() {
    let output = run(&["explain", "--profile", "all", "faß.de"], b"");
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(text.contains("IDNA2003 (differs from UTS #46 N)"), "{text}");
    assert!(text.contains("IDNA2008 (same as UTS #46 N)"), "{text}");
    assert!(text.contains("ß (U+00DF) is a deviation"), "{text}");
    assert!(text.contains("row g"), "{text}");
    let json = run(&["explain", "--profile", "idna2003,idna2008", "--json", "i♥ny.com"], b"");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let profiles = value["profiles"].as_array().unwrap();
    assert_eq!(profiles.len(), 2);
    assert_eq!(profiles[0]["profile"], "Idna2003");
    assert_eq!(profiles[0]["to_ascii"], "xn--iny-zx5a.com");
    assert_eq!(profiles[1]["ascii_errors"][0]["code"], "DISALLOWED");
    assert_eq!(value["profiles_disagree"], true);
}

#[test]
fn batch_profile_adds_columns_and_the_disagree_flag() {
    let output = run(
        &["batch", "--format", "csv", "--profile", "idna2003", "--profile", "idna2008"],
        "faß.de\n\nexample.com\n".as_bytes(),
    );
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].ends_with("idna2003_ascii,idna2003_errors,idna2008_ascii,idna2008_errors,profiles_disagree"));
    assert!(lines[1].ends_with(",fass.de,,xn--fa-hia.de,,true"), "{}", lines[1]);
    assert!(
        lines[2].ends_with(",,,,,"),
        "a skipped line has empty profile cells: {}",
        lines[2]
    );
    assert!(lines[3].ends_with(",example.com,,example.com,,false"), "{}", lines[3]);
    assert_eq!(lines.len(), 4);
    let bad = run(&["batch", "--profile", "idna2009"], b"a\n");
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn explain_prints_the_report_as_markdown_and_html() {
    let markdown = run(&["explain", "--format", "markdown", "xn--0.pt"], b"");
    assert_eq!(markdown.status.code(), Some(1), "xn--0.pt is invalid");
    let text = String::from_utf8(markdown.stdout).unwrap();
    assert!(text.starts_with("# idna-inspector report: `xn--0.pt`"), "{text}");
    assert!(text.contains("- **P4** (label 1, at the end of the label)"));
    let html = run(&["explain", "--format", "html", "xn--0.pt"], b"");
    let html = String::from_utf8(html.stdout).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<h2>Validity checklist (UTS #46 §4.1)</h2>"));
    // --json keeps working; --format json is the same.
    let json = run(&["explain", "--json", "faß.de"], b"");
    let same = run(&["explain", "--format", "json", "faß.de"], b"");
    assert_eq!(json.stdout, same.stdout);
    // The report has no profile columns: asking for both is an error with a reason.
    let both = run(&["explain", "--format", "markdown", "--profile", "all", "faß.de"], b"");
    assert!(!both.status.success());
    assert!(String::from_utf8_lossy(&both.stderr).contains("--profile"));
}

#[test]
fn batch_threads_give_the_same_output_and_zero_is_refused() {
    let mut input = Vec::new();
    for n in 0..3000 {
        input.extend_from_slice(format!("B\u{00FC}cher{n}.example\nxn--{n}.pt\n# c\n-{n}.de\nbad").as_bytes());
        input.extend_from_slice(b"\xFF\n");
    }
    for args in [
        &["batch"][..],
        &["batch", "--spoof", "--format", "csv"],
        &["batch", "--format", "tsv", "--formula-safe"],
        &["batch", "--format", "summary"],
    ] {
        let one = run(&[args, &["--threads", "1"]].concat(), &input);
        let three = run(&[args, &["--threads", "3"]].concat(), &input);
        assert_eq!(
            (one.status.code(), three.status.code()),
            (Some(1), Some(1)),
            "{args:?}: some name is invalid"
        );
        if args.contains(&"summary") {
            // The elapsed time differs; every count must not.
            let counts = |o: &Output| {
                String::from_utf8_lossy(&o.stdout)
                    .lines()
                    .filter(|l| !l.starts_with("elapsed"))
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            };
            assert_eq!(counts(&one), counts(&three));
        } else {
            assert!(one.stdout == three.stdout, "{args:?}: --threads 3 differs from --threads 1");
        }
        assert_eq!(one.stderr, three.stderr, "{args:?}");
    }
    let zero = run(&["batch", "--threads", "0"], b"a.com\n");
    assert_eq!(zero.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&zero.stderr).contains("--threads"));
}

/// README: memory stays bounded whatever the input's length. Three million
/// lines (about 70 MB) stream through `batch` on two threads, written as
/// JSONL; the process's peak resident memory (VmHWM, sampled until it exits)
/// stays under 50 MB.
#[cfg(target_os = "linux")]
#[test]
fn batch_memory_stays_bounded_on_a_long_input() {
    let peak_kb = peak_kb_of(&["batch", "--format", "jsonl", "--threads", "2"], |input| {
        // README: "3,000,000 lines as JSONL on two threads stay < 50 MB".
        const LINES: usize = 3_000_000;
        let block: String = (0..10_000).map(|n| format!("b\u{00FC}cher-{n}.example.com\n")).collect();
        for _ in 0..LINES / 10_000 {
            input.write_all(block.as_bytes())?;
        }
        Ok(())
    });
    assert!(peak_kb < 50 * 1024, "peak {peak_kb} KB");
}

/// The peak resident memory (VmHWM, sampled until the process exits) of
/// `idna-inspector ARGS` while `feed` writes its standard input.
#[cfg(target_os = "linux")]
fn peak_kb_of(args: &[&str], feed: impl FnOnce(&mut std::process::ChildStdin) -> std::io::Result<()> + Send + 'static) -> u64 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let status = format!("/proc/{}/status", child.id());
    let mut input = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || feed(&mut input));
    let mut peak_kb = 0u64;
    while child.try_wait().unwrap().is_none() {
        if let Ok(text) = std::fs::read_to_string(&status)
            && let Some(line) = text.lines().find(|line| line.starts_with("VmHWM:"))
        {
            peak_kb = peak_kb.max(line.split_whitespace().nth(1).unwrap().parse().unwrap());
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    writer.join().unwrap().unwrap();
    assert!(peak_kb > 0, "VmHWM was read");
    peak_kb
}

/// [`peak_kb_of`] `lines` distinct ASCII names (`shopN-example.com`).
#[cfg(target_os = "linux")]
fn peak_kb_over_distinct_ascii_names(args: &[&str], lines: usize) -> u64 {
    peak_kb_of(args, move |input| {
        let mut block = String::new();
        for start in (0..lines).step_by(10_000) {
            block.clear();
            for n in start..(start + 10_000).min(lines) {
                block.push_str(&format!("shop{n}-example.com\n"));
            }
            input.write_all(block.as_bytes())?;
        }
        Ok(())
    })
}

/// README: memory stays bounded whatever the input's length, with
/// `--protected` too (nothing is kept a name: a string pool once kept one
/// for every name whose Chromium verdict was decided early). The peak over
/// one million distinct ASCII names is within 8 MB of the peak over
/// 100,000 (a string kept a name would add about 50 MB).
#[cfg(target_os = "linux")]
#[test]
fn protected_batch_memory_stays_flat() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-flat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let protected = dir.join("protected.txt");
    std::fs::write(&protected, "paypal.com\nexample.org\n").unwrap();
    let protected = protected.to_str().unwrap();
    let args = [
        "batch",
        "--spoof",
        "--protected",
        protected,
        "--format",
        "summary",
        "--threads",
        "1",
    ];
    let small = peak_kb_over_distinct_ascii_names(&args, 100_000);
    let large = peak_kb_over_distinct_ascii_names(&args, 1_000_000);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        large < small + 8 * 1024,
        "peak {small} KB over 100,000 names, {large} KB over 1,000,000"
    );
}

/// The exit status table of `--help` and README: 0 every name valid, 1 some
/// name invalid (explain and batch alike), 2 usage error, 3 I/O or data error.
#[test]
fn exit_status_says_valid_invalid_usage_or_io() {
    let code = |args: &[&str], stdin: &[u8]| run(args, stdin).status.code();
    assert_eq!(code(&["explain", "bücher.de"], b""), Some(0));
    assert_eq!(code(&["explain", "x-.com"], b""), Some(1));
    assert_eq!(code(&["explain", "--json", "x-.com"], b""), Some(1));
    assert_eq!(
        code(&["explain", "--spoof", "xn--80ak6aa92e.com"], b""),
        Some(0),
        "a spoof is a valid name"
    );
    assert_eq!(code(&["explain", "--spoof", "a..b"], b""), Some(1));
    assert_eq!(code(&["explain", "--profile", "idna2003", "faß.de"], b""), Some(0));
    assert_eq!(
        code(&["explain", "--profile", "all", "a_b.de"], b""),
        Some(1),
        "IDNA2008 refuses _"
    );
    assert_eq!(code(&["explain", "--format", "html", "a..b"], b""), Some(1));
    assert_eq!(
        code(&["--no-std3", "explain", "a_b.de"], b""),
        Some(0),
        "the flags decide validity"
    );
    assert_eq!(
        code(&["batch"], b"a.de\n\n# comment\n"),
        Some(0),
        "blank and comment lines are not names"
    );
    assert_eq!(code(&["batch"], b"a.de\n-x-.com\n"), Some(1));
    assert_eq!(code(&["batch"], b"a.de\n\xFF\n"), Some(1), "a line that is not UTF-8");
    assert_eq!(code(&["batch", "--format", "summary"], b"a.de\n"), Some(0));
    assert_eq!(code(&["batch", "--format", "summary"], b"-x-.com\n"), Some(1));
    assert_eq!(code(&["explain"], b""), Some(2), "a missing argument");
    assert_eq!(code(&["batch", "--format", "xml"], b""), Some(2));
    assert_eq!(code(&["batch", "/nonexistent"], b""), Some(3));
    assert_eq!(code(&["explain", "--protected", "/nonexistent", "a"], b""), Some(3));
    assert_eq!(code(&["--help"], b""), Some(0));
    let help = String::from_utf8(run(&["--help"], b"").stdout).unwrap();
    assert!(
        help.contains("Exit status: 0 every name is valid; 1 some name is invalid"),
        "{help}"
    );
}

/// Flags that would do nothing where they are given are refused with a
/// message and exit status 2, never ignored.
#[test]
fn flags_that_do_not_apply_are_refused() {
    let refused = |args: &[&str], says: &str| {
        let output = run(args, b"a.de\n");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    };
    refused(&["explain", "--profile", "all", "--spoof", "a.de"], "--spoof");
    refused(
        &["explain", "--profile", "all", "--protected", "p.txt", "a.de"],
        "--protected",
    );
    refused(
        &["explain", "--profile", "all", "--format", "markdown", "a.de"],
        "--profile prints text or JSON",
    );
    refused(
        &["batch", "--format", "summary", "--profile", "all"],
        "--format summary prints only totals",
    );
    refused(&["batch", "--formula-safe"], "--formula-safe applies to CSV or TSV output");
    refused(&["batch", "--format", "summary", "--formula-safe"], "--formula-safe");
    refused(&["batch", "--column", "host"], "--column applies to CSV or TSV input");
    refused(&["batch", "--input-format", "lines", "--column", "1"], "--column applies");
    refused(&["a.de", "explain", "b.de"], "give the name after it");
    refused(&["explain", "--json", "--format", "text", "a.de"], "--json");
    // The same flags where they apply.
    assert_eq!(
        run(&["batch", "--format", "csv", "--formula-safe"], b"a.de\n").status.code(),
        Some(0)
    );
    assert_eq!(
        run(&["batch", "--input-format", "csv", "--column", "0"], b"host\na.de\n")
            .status
            .code(),
        Some(0)
    );
}

/// `explain --spoof` follows the UTS #46 flags given for our results and
/// findings, and says that each browser uses its own settings.
#[test]
fn explain_spoof_follows_the_flags_given() {
    // An RTL label next to an LTR one with a leading digit: the Bidi rule fails it (B1).
    let name = "1a.\u{05D0}";
    let checked = String::from_utf8(run(&["explain", "--spoof", "--json", name], b"").stdout).unwrap();
    let unchecked = String::from_utf8(run(&["--no-check-bidi", "explain", "--spoof", "--json", name], b"").stdout).unwrap();
    let checked: serde_json::Value = serde_json::from_str(&checked).unwrap();
    let unchecked: serde_json::Value = serde_json::from_str(&unchecked).unwrap();
    assert_eq!(checked["options"]["check_bidi"], true);
    assert_eq!(unchecked["options"]["check_bidi"], false);
    assert_eq!(
        (&checked["valid"], &checked["errors"]),
        (&serde_json::json!(false), &serde_json::json!(["B1"]))
    );
    assert_eq!(
        (&unchecked["valid"], &unchecked["errors"]),
        (&serde_json::json!(true), &serde_json::json!([])),
        "the results follow --no-check-bidi"
    );
    let text = String::from_utf8(run(&["--no-check-bidi", "explain", "--spoof", name], b"").stdout).unwrap();
    assert!(
        text.contains("UTS #46: valid under UseSTD3ASCIIRules=true, CheckHyphens=true, CheckBidi=false"),
        "{text}"
    );
    assert!(
        text.contains("each browser's verdict uses that browser's own settings"),
        "{text}"
    );
}

/// `batch` without a file on a terminal says it is reading the terminal
/// (through util-linux's `script`, which gives the command a terminal); on a
/// pipe it says nothing (the other tests).
#[test]
fn batch_on_a_terminal_says_it_reads_it() {
    let command = format!("{} batch", env!("CARGO_BIN_EXE_idna-inspector"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("util-linux's script runs");
    let mut stdout = child.stdout.take().unwrap();
    let (sender, receiver) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 256];
        while let Ok(n @ 1..) = std::io::Read::read(&mut stdout, &mut buffer) {
            seen.extend_from_slice(&buffer[..n]);
            if seen.windows(12).any(|w| w == b"Ctrl-D ends ") {
                break;
            }
        }
        let _ = sender.send(seen);
    });
    let seen = receiver.recv_timeout(std::time::Duration::from_secs(20));
    let _ = child.kill();
    let _ = child.wait();
    let seen = String::from_utf8_lossy(&seen.expect("the hint within 20 s")).into_owned();
    assert!(
        seen.contains("reading names from the terminal, one per line; Ctrl-D ends (give a FILE to read a file)"),
        "{seen}"
    );
}

/// `--lgr`: the registry check of the label left of the TLD, in every output
/// of `explain` and as each batch record's `lgr` (JSONL) or `lgr_*` columns.
#[test]
fn lgr_checks_the_label_left_of_the_tld() {
    let json = |args: &[&str]| -> serde_json::Value {
        let output = run(args, b"");
        serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("{args:?}: {output:?}"))
    };
    let de = json(&["explain", "--json", "--lgr", "second-level-reference/de", "www.straße.de"]);
    assert_eq!(de["lgr"]["label"], "straße");
    assert_eq!(de["lgr"]["eligible"], true);
    assert_eq!(de["lgr"]["index_label"], "strasse");
    assert_eq!(
        de["lgr"]["variants"],
        serde_json::json!([{"label": "strasse", "disposition": "allocatable"}])
    );
    let text = String::from_utf8(run(&["explain", "--lgr", "second-level-reference/de", "straße.de"], b"").stdout).unwrap();
    assert!(
        text.contains("Registry (LGR second-level-reference/de): label \"straße\""),
        "{text}"
    );
    // Variants not listed: the bound that stopped the list is named.
    for (s_run, why) in [
        (24, "not listed (generating them takes more than 262144 steps"),
        (40, "not listed (more than 4096 by lgr-core's estimate)"),
    ] {
        let name = format!("{}.de", "s".repeat(s_run));
        let text = String::from_utf8(run(&["explain", "--lgr", "second-level-reference/de", &name], b"").stdout).unwrap();
        assert!(text.contains(why), "{text}");
    }
    // variant_count counts the variant labels, not the label; variant_estimate is lgr-core's.
    assert_eq!(
        (&de["lgr"]["variant_count"], &de["lgr"]["variant_estimate"]),
        (&serde_json::json!(1), &serde_json::json!(2))
    );
    assert_eq!(de["lgr"]["u_label"], serde_json::Value::Null);
    let die = json(&["explain", "--json", "--lgr", "second-level-reference/de", "die.de"]);
    assert_eq!(
        (&die["lgr"]["variant_count"], &die["lgr"]["variant_estimate"]),
        (&serde_json::json!(0), &serde_json::json!(1))
    );
    // Invalid variant labels are listed: في under ar has six (lgr-core).
    let ar = json(&["explain", "--json", "--lgr", "second-level-reference/ar", "في.example"]);
    let dispositions: Vec<&str> = ar["lgr"]["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["disposition"].as_str().unwrap())
        .collect();
    assert_eq!(dispositions.len(), 6, "{}", ar["lgr"]);
    assert_eq!(dispositions.iter().filter(|d| **d == "invalid").count(), 1, "{}", ar["lgr"]);
    // Beyond 2^64 the estimate is exact, as a decimal string (63 Greek letters, lgr-core's value).
    let greek = format!("{}.example", "α".repeat(63));
    let greek = json(&["explain", "--json", "--lgr", "full-variant-set/und-Grek", &greek]);
    assert!(
        greek["lgr"]["variant_estimate"].as_str().is_some_and(|n| n.len() > 20),
        "{}",
        greek["lgr"]["variant_estimate"]
    );
    assert_eq!(greek["lgr"]["variant_count"], serde_json::Value::Null);
    // The label as submitted, and its U-label when mapping changes it.
    let mobile = json(&["explain", "--json", "--lgr", "second-level-reference/de", "Mobile.de"]);
    assert_eq!(
        (&mobile["lgr"]["label"], &mobile["lgr"]["eligible"]),
        (&serde_json::json!("Mobile"), &serde_json::json!(false))
    );
    assert_eq!(mobile["lgr"]["invalid_code_points"], serde_json::json!(["U+004D"]));
    assert_eq!(
        (&mobile["lgr"]["u_label"]["label"], &mobile["lgr"]["u_label"]["eligible"]),
        (&serde_json::json!("mobile"), &serde_json::json!(true))
    );
    let text = String::from_utf8(run(&["explain", "--lgr", "second-level-reference/de", "Mobile.de"], b"").stdout).unwrap();
    assert!(
        text.contains("Mobile is not allowed as written under second-level-reference/de (U+004D is not in the repertoire); its U-label mobile is."),
        "{text}"
    );
    // Out of the repertoire: the code point named, not eligible.
    let fr = json(&["explain", "--json", "--lgr", "second-level-reference/de", "ø.de"]);
    assert_eq!(fr["lgr"]["eligible"], false);
    assert_eq!(fr["lgr"]["invalid_code_points"], serde_json::json!(["U+00F8"]));
    // The Root Zone LGR checks the TLD.
    let rz = json(&["explain", "--json", "--lgr", "root-zone/und-Latn", "straße.de"]);
    assert_eq!(rz["lgr"]["label"], "de");
    let markdown = String::from_utf8(
        run(
            &[
                "explain",
                "--format",
                "markdown",
                "--lgr",
                "second-level-reference/de",
                "straße.de",
            ],
            b"",
        )
        .stdout,
    )
    .unwrap();
    assert!(markdown.contains("## Registry (second-level-reference/de)"), "{markdown}");
    assert!(markdown.contains("| `strasse` | allocatable |"), "{markdown}");
}

/// With `--protected`, the held names: a name that is a variant of one is
/// reported with its disposition as that variant (國家 beside 国家 under zh).
#[test]
fn lgr_with_protected_names_reports_variants_of_held_names() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-lgr-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let held = dir.join("held.txt");
    std::fs::write(&held, "国家.cn\n").unwrap();
    let held = held.to_str().unwrap();
    let output = run(
        &["batch", "--lgr", "second-level-reference/zh", "--protected", held],
        "國家.cn\n国家.cn\n例子.cn\n\n".as_bytes(),
    );
    let records = jsonl(&output);
    assert_eq!(
        records[0]["lgr"]["variant_of"],
        serde_json::json!([{"name": "国家.cn", "disposition": "blocked"}])
    );
    assert!(records[1]["lgr"].get("variant_of").is_none(), "the held name itself");
    assert!(records[2]["lgr"].get("variant_of").is_none());
    assert!(records[3]["lgr"].is_null(), "a blank line has no label");
    let text = String::from_utf8(
        run(
            &[
                "explain",
                "--lgr",
                "second-level-reference/zh",
                "--protected",
                held,
                "國家.cn",
            ],
            b"",
        )
        .stdout,
    )
    .unwrap();
    assert!(
        text.contains("國家 is a variant of 国家.cn under second-level-reference/zh, with disposition blocked"),
        "{text}"
    );
    let csv = String::from_utf8(
        run(
            &[
                "batch",
                "--format",
                "csv",
                "--lgr",
                "second-level-reference/zh",
                "--protected",
                held,
            ],
            "國家.cn\n".as_bytes(),
        )
        .stdout,
    )
    .unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].ends_with(",lgr_ruleset,lgr_label,lgr_eligible,lgr_disposition,lgr_invalid_code_points,lgr_rule,lgr_index_label,lgr_variant_count,lgr_variant_estimate,lgr_variants,lgr_u_label,lgr_u_label_eligible,lgr_u_label_disposition,lgr_u_label_invalid_code_points,lgr_variant_of,lgr_error"), "{}", lines[0]);
    assert!(lines[1].ends_with(",国家.cn:blocked,"), "{}", lines[1]);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--lgr SET` without a tag: each name is checked under the tag the window
/// would choose (registry::tag_for_name: the TLD's language table when it holds
/// the label, else the script's), named in the record; a name no tag fits
/// gets a record saying so, and the run goes on.
#[test]
fn lgr_set_alone_chooses_the_tag_per_name() {
    let json = |args: &[&str]| -> serde_json::Value {
        let output = run(args, b"");
        serde_json::from_slice(&output.stdout).unwrap_or_else(|_| panic!("{args:?}: {output:?}"))
    };
    let set = "second-level-reference";
    let tag_of = |name: &str| json(&["explain", "--json", "--lgr", set, name])["lgr"].clone();
    let cases = [
        ("國家.cn", "second-level-reference/zh"),
        ("straße.de", "second-level-reference/de"),
        ("ø.de", "second-level-reference/und-Latn"),
        ("ひらがな.jp", "second-level-reference/ja"),
        ("київ.com", "second-level-reference/und-Cyrl"),
    ];
    for (name, ruleset) in cases {
        let lgr = tag_of(name);
        assert_eq!(lgr["ruleset"], ruleset, "{name}: {lgr}");
        assert!(lgr["error"].is_null(), "{name}: {lgr}");
    }
    // The tag named gives the same check as the one chosen.
    assert_eq!(
        tag_of("國家.cn"),
        json(&["explain", "--json", "--lgr", "second-level-reference/zh", "國家.cn"])["lgr"]
    );
    let runic = tag_of("ᚠᚢ.com");
    assert_eq!(
        (&runic["ruleset"], &runic["label"]),
        (&serde_json::json!(set), &serde_json::json!("ᚠᚢ"))
    );
    assert!(
        runic["error"]
            .as_str()
            .is_some_and(|e| e.contains("No tag of second-level-reference fits ᚠᚢ") && e.contains("(Runr)")),
        "{runic}"
    );
    let text = run(&["explain", "--lgr", set, "ᚠᚢ.com"], b"");
    assert_eq!(text.status.code(), Some(0), "the name itself is valid");
    assert!(String::from_utf8_lossy(&text.stdout).contains("name one with --lgr second-level-reference/TAG"));
    // The batch: the same choice per line, on every thread count.
    let input = "國家.cn\nstraße.de\nᚠᚢ.com\nкиев.ru\n".repeat(50);
    for threads in ["1", "2"] {
        let records = jsonl(&run(&["batch", "--lgr", set, "--threads", threads], input.as_bytes()));
        let rulesets: Vec<&str> = records.iter().map(|r| r["lgr"]["ruleset"].as_str().unwrap()).collect();
        assert_eq!(
            rulesets[..4],
            [
                "second-level-reference/zh",
                "second-level-reference/de",
                set,
                "second-level-reference/ru"
            ]
        );
        assert!(rulesets.chunks(4).all(|chunk| chunk == &rulesets[..4]), "threads {threads}");
    }
    let csv = String::from_utf8(run(&["batch", "--format", "csv", "--lgr", set], "國家.cn\nᚠᚢ.com\n".as_bytes()).stdout).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert!(
        lines[1].contains(",second-level-reference/zh,國家,true,valid,"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains(",second-level-reference,ᚠᚢ,,"), "{}", lines[2]);
    assert!(lines[2].ends_with(",No tag of second-level-reference fits ᚠᚢ: the set has no table for its TLD's language or its script (Runr); name one with --lgr second-level-reference/TAG."), "{}", lines[2]);
}

/// A bad `--lgr`: an unknown tag is a usage error (2) naming the tags; a
/// malformed file a data error (3) naming its line; `--format summary` refuses it.
#[test]
fn lgr_errors_are_clear() {
    let unknown = run(&["explain", "--lgr", "second-level-reference/xx", "a.de"], b"");
    assert_eq!(unknown.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("the tags of second-level-reference are: ar"));
    let dir = std::env::temp_dir().join(format!("idna-inspector-lgr-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.xml");
    std::fs::write(
        &bad,
        "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">\n<data>\n<char cp=\"ZZ\"/>\n</data>\n</lgr>\n",
    )
    .unwrap();
    let output = run(&["explain", "--lgr", bad.to_str().unwrap(), "a.de"], b"");
    assert_eq!(output.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&output.stderr).contains("line 3"), "{output:?}");
    let summary = run(
        &["batch", "--format", "summary", "--lgr", "second-level-reference/de"],
        b"a.de\n",
    );
    assert_eq!(summary.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&summary.stderr).contains("--lgr adds an lgr field"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `batch --lgr` and `--profile` make their columns on the converting
/// threads: the records are the same, byte for byte, on one thread and on
/// three, over enough lines for several blocks.
#[test]
fn lgr_and_profile_columns_are_the_same_on_any_number_of_threads() {
    let words = [
        "straße", "strasse", "müller", "ø", "bücher", "日本", "xn--zca", "", "# note", "a-b",
    ];
    let input: String = (0..3000).map(|n| format!("{}{n}.de\n", words[n % words.len()])).collect();
    for args in [
        &["batch", "--lgr", "second-level-reference/de"][..],
        &[
            "batch",
            "--format",
            "csv",
            "--lgr",
            "second-level-reference/und-Latn",
            "--profile",
            "idna2008",
        ],
    ] {
        let one = run(&[args, &["--threads", "1"]].concat(), input.as_bytes());
        let three = run(&[args, &["--threads", "3"]].concat(), input.as_bytes());
        assert!(one.stdout == three.stdout, "{args:?}: --threads 3 differs from --threads 1");
        assert_eq!(
            String::from_utf8_lossy(&one.stdout).lines().count(),
            3000 + usize::from(args.contains(&"csv"))
        );
    }
}

#[test]
fn explain_runtimes_says_what_each_runtime_does_and_what_would_make_it_pass() {
    use idna_inspector::runtimes::Runtime;
    let text = run(&["explain", "--runtimes", "Bücher.de"], b"");
    // python-idna refuses the capital letter: not every runtime looks the name up.
    assert_eq!(text.status.code(), Some(1));
    let text = String::from_utf8(text.stdout).unwrap();
    for runtime in Runtime::ALL {
        assert!(text.contains(runtime.id()), "{}: {text}", runtime.id());
    }
    assert!(text.contains("To pass: idna.encode(name, uts46=True)"), "{text}");
    let json = run(&["explain", "--runtimes", "--json", "Bücher.de"], b"");
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let answers = value["runtimes"].as_object().unwrap();
    assert_eq!(answers.len(), Runtime::ALL.len());
    assert_eq!(answers["python-idna"]["outcome"], "error");
    assert!(
        answers["python-idna"]["hint"]
            .as_str()
            .unwrap()
            .ends_with("gives xn--bcher-kva.de.")
    );
    assert_eq!(answers["node-url"]["host"], "xn--bcher-kva.de");
    assert!(answers["node-url"].get("hint").is_none());
    let markdown = run(&["explain", "--runtimes", "--format", "markdown", "Bücher.de"], b"");
    let markdown = String::from_utf8(markdown.stdout).unwrap();
    assert!(
        markdown.contains("## Runtimes") && markdown.contains("| `java-idn` | looks up |"),
        "{markdown}"
    );
}

#[test]
fn batch_runtimes_adds_each_runtimes_answer_and_counts_the_refusals_browsers_open() {
    use idna_inspector::runtimes::Runtime;
    let input = "Bücher.de\n\n_dmarc.example.com\n";
    let output = run(&["batch", "--runtimes"], input.as_bytes());
    let text = String::from_utf8(output.stdout).unwrap();
    let records: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 3);
    for (record, name) in [(&records[0], "Bücher.de"), (&records[2], "_dmarc.example.com")] {
        let answers = record["runtimes"].as_object().unwrap();
        assert_eq!(answers.len(), Runtime::ALL.len());
        for runtime in Runtime::ALL {
            let model = runtime.run(name);
            let entry = &answers[runtime.id()];
            assert_eq!(
                entry["outcome"],
                serde_json::to_value(model.outcome).unwrap(),
                "{}",
                runtime.id()
            );
            assert_eq!(entry["host"].as_str(), model.host.as_deref(), "{}", runtime.id());
            assert_eq!(entry["error"].as_str(), model.error.as_deref(), "{}", runtime.id());
            assert_eq!(entry["rule"], model.rule, "{}", runtime.id());
        }
    }
    assert!(records[1]["runtimes"].is_null(), "a skipped line has no runtimes");
    // The counts: python-idna refuses both names, and the browsers open both.
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("runtime\tpython-idna\trefuses 2 of 2 names\t2 of them open in a browser"),
        "{stderr}"
    );
    let csv = run(&["batch", "--runtimes", "--format", "csv"], input.as_bytes());
    let csv = String::from_utf8(csv.stdout).unwrap();
    let header = csv.lines().next().unwrap();
    // Two columns per runtime, in `Runtime::ALL` order, last.
    let last = Runtime::ALL[Runtime::ALL.len() - 1].id();
    assert!(header.ends_with(&format!(",{last}_outcome,{last}_host")), "{header}");
    assert!(
        header.contains(",python-codec_outcome,python-codec_host,python-idna_outcome,"),
        "{header}"
    );
    let column = |name: &str| header.split(',').position(|h| h == name).unwrap();
    let first: Vec<&str> = csv.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(first[column("python-idna_outcome")], "error");
    assert_eq!(first[column("python-idna_host")], "");
    assert_eq!(first[column("java-idn_host")], "xn--bcher-kva.de");
    let summary = run(&["batch", "--runtimes", "--format", "summary"], input.as_bytes());
    let summary = String::from_utf8(summary.stdout).unwrap();
    assert!(summary.contains("runtime\tjava-idn\trefuses 0 of 2 names"), "{summary}");
}

/// A runtime is asked about a pasted line as written, a URL with a scheme
/// too: each runtime's call is made with the text a program hands it (the
/// URL-level runtimes parse `user@host` and `host:port`, `idna.encode`
/// reads the whole text); the record says so. The other stages inspect the
/// host.
#[test]
fn the_runtimes_answer_a_pasted_line_as_written() {
    use idna_inspector::runtimes::Runtime;
    let lines = [
        ("user@Bücher.de", "input", "user@Bücher.de"),
        ("Bücher.de:80", "input", "Bücher.de:80"),
        (" Bücher.de", "input", " Bücher.de"),
        ("https://Bücher.de/x", "input", "https://Bücher.de/x"),
        ("mailto:kontakt@Bücher.de", "input", "mailto:kontakt@Bücher.de"),
    ];
    let input: String = lines.iter().map(|(line, ..)| format!("{line}\n")).collect();
    let output = run(&["batch", "--runtimes"], input.as_bytes());
    let text = String::from_utf8(output.stdout).unwrap();
    let records: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), lines.len());
    for (record, (line, asked, text)) in records.iter().zip(lines) {
        assert_eq!(record["input"], line);
        assert_eq!(record["host"], "Bücher.de", "{line:?}: the engine inspects the host");
        assert_eq!(record["runtimes_asked"], asked, "{line:?}");
        for runtime in Runtime::ALL {
            let model = runtime.run(text);
            let entry = &record["runtimes"][runtime.id()];
            assert_eq!(entry["host"].as_str(), model.host.as_deref(), "{line:?} {}", runtime.id());
            assert_eq!(entry["error"].as_str(), model.error.as_deref(), "{line:?} {}", runtime.id());
        }
    }
    // Python's codec encodes the text it is given (Python 3.11's own
    // answers: `"https://Bücher.de/x".encode("idna")`); requests connects to
    // the host of `http://` and the text.
    let codec = |i: usize| records[i]["runtimes"]["python-codec"]["host"].as_str().unwrap().to_string();
    assert_eq!(codec(1), "xn--bcher-kva.de:80");
    assert_eq!(codec(3), "xn--https://bcher-4ob.de/x");
    assert_eq!(codec(4), "xn--mailto:kontakt@bcher-4ec.de");
    assert_eq!(records[0]["runtimes"]["python-requests"]["host"], "xn--bcher-kva.de");
    assert_eq!(records[4]["runtimes"]["python-requests"]["host"], "xn--bcher-kva.de");
    // A plain name's record has no `runtimes_asked`.
    let plain = run(&["batch", "--runtimes"], b"B\xc3\xbccher.de\n");
    let plain: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert!(plain.get("runtimes_asked").is_none());
    // CSV says it in the note cell; explain's JSON and report say it too.
    let csv = run(&["batch", "--runtimes", "--format", "csv"], b"user@B\xc3\xbccher.de\n");
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert!(csv.contains("; the runtimes were asked about the line as written"), "{csv}");
    let json = run(&["explain", "--runtimes", "--json", "Bücher.de:80"], b"");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["runtimes_asked"], "input");
    assert_eq!(json["runtimes"]["python-codec"]["host"], "xn--bcher-kva.de:80");
    let markdown = run(&["explain", "--runtimes", "--format", "markdown", "Bücher.de:80"], b"");
    let markdown = String::from_utf8(markdown.stdout).unwrap();
    assert!(
        markdown.contains("Asked about the text as written, `Bücher.de:80`."),
        "{markdown}"
    );
    // The text says which host a program that parses the URL would ask about.
    let text = run(&["explain", "--runtimes", "https://Bücher.de/x"], b"");
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains(
            "a program that parses out the host asks them about \"Bücher.de\".\nWhat the runtimes do with \"https://Bücher.de/x\""
        ),
        "{text}"
    );
    assert!(text.contains("xn--https://bcher-4ob.de/x"), "{text}");
    // A runtime that refuses the text is told to take the host alone.
    assert!(
        text.contains(
            "To pass: Handed the host alone, Bücher.de, as a program that parses the URL does, it gives xn--bcher-kva.de."
        ),
        "{text}"
    );
    // A line with no host to take is noted, and the runtimes still answer it
    // as written, as is a URL without a host.
    let output = run(&["batch", "--runtimes"], b"shop.de@\nfile:/etc/hosts\n");
    let text = String::from_utf8(output.stdout).unwrap();
    let records: Vec<serde_json::Value> = text.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert!(records[0]["note"].as_str().unwrap().contains("no domain"), "{text}");
    assert!(records[1]["note"].as_str().unwrap().contains("no host"), "{text}");
    for (record, line) in records.iter().zip(["shop.de@", "file:/etc/hosts"]) {
        for runtime in Runtime::ALL {
            let model = runtime.run(line);
            let entry = &record["runtimes"][runtime.id()];
            assert_eq!(entry["host"].as_str(), model.host.as_deref(), "{line:?} {}", runtime.id());
            assert_eq!(entry["error"].as_str(), model.error.as_deref(), "{line:?} {}", runtime.id());
        }
    }
    let json = run(&["explain", "--runtimes", "--json", "shop.de@"], b"");
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(json["input"], "shop.de@");
    let codec = Runtime::PythonCodec.run("shop.de@");
    assert_eq!(json["runtimes"]["python-codec"]["host"].as_str(), codec.host.as_deref());
}

/// Issue 68: what support staff paste is read for the host a browser would
/// open; the first line says so, JSON carries `input`, `host`, `taken_from`.
#[test]
fn explain_takes_the_host_from_what_was_pasted() {
    let cases = [
        ("https://аррӏе.com/login?x=1", "аррӏе.com", "url", "xn--80ak6aa92e.com"),
        (
            "mailto:kontakt@Bücher.de?subject=Hallo",
            "Bücher.de",
            "email",
            "xn--bcher-kva.de",
        ),
        ("kontakt@bücher.de", "bücher.de", "email", "xn--bcher-kva.de"),
        ("bücher.de:8443", "bücher.de", "host-port", "xn--bcher-kva.de"),
        ("*.bücher.de", "bücher.de", "wildcard", "xn--bcher-kva.de"),
        ("<https://BÜCHER.de/>,", "BÜCHER.de", "url", "xn--bcher-kva.de"),
        ("https://%D0%B0pple.com/", "аpple.com", "url", "xn--pple-43d.com"),
    ];
    for (pasted, host, from, ascii) in cases {
        let output = run(&["explain", "--json", pasted], b"");
        assert!(
            output.status.success(),
            "{pasted}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
        assert_eq!(value["input"], pasted);
        assert_eq!(value["host"], host, "{pasted}");
        assert_eq!(value["taken_from"], from, "{pasted}");
        assert_eq!(value["results"]["to_ascii_n"]["value"], ascii, "{pasted}");
        let text = String::from_utf8(run(&["explain", pasted], b"").stdout).expect("UTF-8");
        let first = text.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("Host taken from ") && first.contains(host),
            "{pasted}: {first}"
        );
    }
    // The report (Markdown, and the HTML made from it) says so under its title.
    for format in ["markdown", "html"] {
        let report = String::from_utf8(run(&["explain", "--format", format, "https://аррӏе.com/x"], b"").stdout).unwrap();
        assert!(report.contains("Host taken from the URL: аррӏе.com"), "{format}: {report}");
    }
    // The spoof check sees the whole-script Cyrillic label, not `https://аррӏе`.
    let spoof = String::from_utf8(run(&["explain", "--spoof", "https://аррӏе.com/login"], b"").stdout).unwrap();
    assert!(spoof.contains("entirely in Cyrillic"), "{spoof}");
    // A plain name: no such line and no such fields.
    let plain: serde_json::Value = serde_json::from_slice(&run(&["explain", "--json", "bücher.de"], b"").stdout).unwrap();
    assert!(plain.get("taken_from").is_none() && plain.get("host").is_none());
    let text = String::from_utf8(run(&["explain", "bücher.de"], b"").stdout).unwrap();
    assert!(!text.contains("Host taken from"));
}

#[test]
fn a_pasted_url_without_a_host_is_a_clear_error() {
    for pasted in ["https://", "file:///etc/hosts", "mailto:someone", "someone@"] {
        let output = run(&["explain", pasted], b"");
        assert_eq!(output.status.code(), Some(1), "{pasted}");
        assert!(output.stdout.is_empty(), "{pasted}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("has no host") || stderr.contains("no domain"),
            "{pasted}: {stderr}"
        );
    }
}
