//! The look-alike audit (`lookalikes`): what it generates, that every
//! candidate is what it claims (UTS #46 accepts it, its skeleton is the
//! protected label's, the browsers' and the registry's verdicts are the
//! ones their own APIs give), the ranking, and the command's output.

use idna_inspector::browsers::{self, Display, chromium::TopDomains};
use idna_inspector::lgr::LgrSet;
use idna_inspector::lookalikes::{self, Audit, Settings, Summary, Technique};
use idna_inspector::registry::{Ruleset, RulesetSpec};
use idna_inspector::spoof::{self, ProtectedList, confusables::skeleton};
use idna_inspector::{Options, Uts46};
use std::collections::HashSet;
use std::process::{Command, Output};
use std::sync::OnceLock;

fn paypal() -> &'static Audit {
    static AUDIT: OnceLock<Audit> = OnceLock::new();
    AUDIT.get_or_init(|| lookalikes::audit(&Uts46::new(), "paypal.com", &Settings::default()).unwrap())
}

fn find<'a>(audit: &'a Audit, unicode: &str) -> Option<&'a lookalikes::Candidate> {
    audit.candidates.iter().find(|c| c.unicode == unicode)
}

#[test]
fn paypal_has_the_classic_lookalikes() {
    let audit = paypal();
    let a = find(audit, "p\u{430}ypal.com").expect("Cyrillic а for a");
    assert_eq!(a.technique, Technique::Confusable);
    assert_eq!(a.ascii, "xn--pypal-4ve.com");
    // Whole-script Cyrillic: р а у р а ӏ (U+04CF CYRILLIC SMALL LETTER PALOCHKA for l).
    let whole = find(audit, "\u{440}\u{430}\u{443}\u{440}\u{430}\u{4CF}.com").expect("whole-script Cyrillic");
    assert_eq!(whole.technique, Technique::WholeScript);
    assert_eq!(whole.ascii, "xn--80aa0cbo65f.com");
    assert!(find(audit, "paypa1.com").is_some(), "the digit one for l (its skeleton is l)");
    assert!(find(audit, "p\u{430}yp\u{430}l.com").is_some(), "two substitutions");
    assert!(find(audit, "paypäl.com").is_some_and(|c| c.technique == Technique::Diacritic));
    assert!(find(audit, "paypal.com").is_none(), "not the protected name itself");
    assert!(audit.summary.candidates > 1_000, "{} candidates", audit.summary.candidates);
}

/// Two edits of any kind (a diacritic, a confusable, a digit), a doubled
/// letter replaced alike, one letter for two with a diacritic on one; and
/// letters whose skeleton is the letter with a mark that NFD does not split.
#[test]
fn doubles_of_every_kind() {
    let audit = paypal();
    for (name, technique) in [
        ("páypàl.com", Technique::Double),
        ("p\u{430}ypäl.com", Technique::Double),
        ("ṕaypa1.com", Technique::Double),
        ("paypał.com", Technique::Diacritic),
        ("ƥaypal.com", Technique::Diacritic),
        ("ƥaɏpal.com", Technique::Double),
    ] {
        let found = find(audit, name).unwrap_or_else(|| panic!("{name}"));
        assert_eq!(found.technique, technique, "{name}");
    }
    let made = |label: &str, candidate: &str| {
        let (labels, truncated) = lookalikes::candidate_labels(label, usize::MAX);
        assert!(!truncated);
        labels.into_iter().find(|(_, l)| l == candidate).map(|(t, _)| t)
    };
    assert_eq!(
        made("sparkasse", "śparkaśśe"),
        Some(Technique::Double),
        "śś for ss is one edit"
    );
    assert_eq!(made("mail", "rñail"), Some(Technique::Double), "rñ for m");
    assert_eq!(made("commerz", "corñrnerz"), Some(Technique::Double), "rñrn for mm");
    assert_eq!(made("sparkasse", "śpárkaśśe"), None, "three edits are not made");
}

/// dnstwist's glyphs where no other technique sees a look-alike
/// (`tables/dnstwist/glyphs.tsv`): alone, through dnstwist's second pass
/// (also over the letter beside it; never beside another edit: `páypaì`),
/// doubled, beside another edit, and its Cyrillic label; all made after the
/// other techniques' candidates, so that a candidate those make keeps their name.
#[test]
fn dnstwist_glyphs_come_after_the_other_techniques() {
    let made = |label: &str| {
        let (labels, truncated) = lookalikes::candidate_labels(label, usize::MAX);
        assert!(!truncated);
        labels
    };
    let technique =
        |labels: &[(Technique, String)], candidate: &str| labels.iter().find(|(_, l)| l == candidate).map(|(t, _)| *t);
    let paypal = made("paypal");
    for (candidate, expected) in [
        ("paypai", Some(Technique::Glyph)),
        ("paypaì", Some(Technique::Glyph)),
        ("p\u{430}ypai", Some(Technique::Glyph)),
        ("páypai", Some(Technique::Glyph)),
        ("paypa1", Some(Technique::Confusable)),
        ("páypaì", None),
    ] {
        assert_eq!(technique(&paypal, candidate), expected, "{candidate}");
    }
    let first_glyph = paypal.iter().position(|(t, _)| *t == Technique::Glyph).unwrap();
    assert!(paypal[first_glyph..].iter().all(|(t, _)| *t == Technique::Glyph));
    for (label, candidate, expected) in [
        ("microsoft", "nicrosoft", Technique::Glyph),
        ("microsoft", "rnicrosoft", Technique::Confusable),
        ("dropbox", "clropbox", Technique::Glyph),
        ("bank", "banĸ", Technique::Glyph),
        ("allegro", "aiiegro", Technique::Glyph),
        ("allegro", "aîîegro", Technique::Glyph),
        ("commerzbank", "coññerzbank", Technique::Glyph),
        ("postfinance", "postfinanëë", Technique::Glyph),
        ("laposte", "ӏароѕте", Technique::Glyph),
    ] {
        assert_eq!(technique(&made(label), candidate), Some(expected), "{candidate} for {label}");
    }
    let described = |written: &str, imitated: &str| -> Vec<String> {
        let edits = lookalikes::untwist(written, imitated).unwrap_or_else(|| panic!("{written}"));
        edits.iter().map(lookalikes::Untwisted::describe).collect()
    };
    assert_eq!(
        described("clropbox", "dropbox"),
        ["U+0063 LATIN SMALL LETTER C, U+006C LATIN SMALL LETTER L for d at 1"]
    );
    assert_eq!(
        described("postfinanëë", "postfinance"),
        [
            "U+00EB LATIN SMALL LETTER E WITH DIAERESIS for c at 10",
            "U+00EB LATIN SMALL LETTER E WITH DIAERESIS for e at 11"
        ]
    );
}

/// The audit judges exactly the labels `candidate_labels` makes whose whole
/// name UTS #46 accepts as written, each with the technique it was made by.
#[test]
fn the_audit_judges_the_generated_labels_uts46_accepts() {
    let engine = Uts46::new();
    let (labels, truncated) = lookalikes::candidate_labels("paypal", usize::MAX);
    assert!(!truncated);
    let accepted: Vec<(Technique, String)> = labels
        .into_iter()
        .map(|(technique, label)| (technique, format!("{label}.com")))
        .filter(|(_, name)| {
            let results = engine.process(name, &Options::default());
            results.to_ascii_n.errors.is_empty() && results.to_unicode.value == *name
        })
        .collect();
    let judged: std::collections::HashMap<&str, Technique> = paypal()
        .candidates
        .iter()
        .map(|c| (c.unicode.as_str(), c.technique))
        .collect();
    assert_eq!(judged.len(), accepted.len());
    for (technique, name) in &accepted {
        assert_eq!(judged.get(name.as_str()), Some(technique), "{name}");
    }
}

#[test]
fn letters_for_two_and_two_for_one() {
    let engine = Uts46::new();
    let modern = lookalikes::audit(&engine, "modern.com", &Settings::default()).unwrap();
    assert!(find(&modern, "modem.com").is_some(), "m for rn");
    let mail = lookalikes::audit(&engine, "mail.com", &Settings::default()).unwrap();
    assert!(find(&mail, "rnail.com").is_some(), "rn for m");
    let google = lookalikes::audit(&engine, "google.com", &Settings::default()).unwrap();
    let zero = find(&google, "g0ogle.com").expect("0 for o: 0's skeleton is O");
    assert_eq!(zero.technique, Technique::Digit);
}

#[test]
fn every_candidate_is_a_distinct_name_uts46_accepts() {
    let engine = Uts46::new();
    let audit = paypal();
    let mut seen = HashSet::new();
    for candidate in &audit.candidates {
        assert!(seen.insert(&candidate.unicode), "{} twice", candidate.unicode);
        let results = engine.process(&candidate.unicode, &Options::default());
        assert!(results.is_ok(), "{}: {:?}", candidate.unicode, results.to_ascii_n.errors);
        assert_eq!(results.to_unicode.value, candidate.unicode, "a U-label, nothing mapped");
        assert_eq!(results.to_ascii_n.value, candidate.ascii);
        assert_eq!(format!("{}.com", candidate.u_label), candidate.unicode);
        // From the A-label back: the same name.
        assert_eq!(
            engine.process(&candidate.ascii, &Options::default()).to_unicode.value,
            candidate.unicode
        );
    }
}

#[test]
fn skeleton_techniques_keep_the_protected_skeleton() {
    let protected = skeleton("paypal");
    let audit = paypal();
    let mut kept = 0;
    for candidate in audit.candidates.iter().filter(|c| c.technique.keeps_skeleton()) {
        assert_eq!(skeleton(&candidate.u_label), protected, "{}", candidate.u_label);
        kept += 1;
    }
    assert!(kept > 1_000, "{kept}");
    // The others differ from it, as their technique says.
    let other = audit.candidates.iter().find(|c| c.technique == Technique::Diacritic).unwrap();
    assert_ne!(skeleton(&other.u_label), protected);
}

#[test]
fn verdicts_are_the_browsers_and_the_spoof_checks_own() {
    let engine = Uts46::new();
    let audit = paypal();
    let protected = ProtectedList::compared_only(&engine, ["paypal.com"]);
    // Every 37th candidate and the first hundred: each verdict made afresh by the public APIs.
    let sample = audit.candidates.iter().enumerate().filter(|(i, _)| i % 37 == 0 || *i < 100);
    for (_, candidate) in sample {
        let rules = browsers::rules(&candidate.unicode, &TopDomains::default());
        assert_eq!(candidate.browsers, rules, "{}", candidate.unicode);
        let report = spoof::analyze(&engine, &candidate.unicode, &protected);
        assert_eq!(candidate.risk, report.risk, "{}", candidate.unicode);
        assert_eq!(candidate.findings, report.finding_set(), "{}", candidate.unicode);
        assert!(report.lookalike.is_some() || !candidate.technique.keeps_skeleton());
    }
    // Chromium's top-domain step knows paypal.com: no non-ASCII skeleton
    // look-alike shows in Unicode there (an ASCII one, `paypa1.com`, shows as it is).
    let mut ascii = 0;
    for candidate in audit.candidates.iter().filter(|c| c.technique.keeps_skeleton()) {
        match candidate.u_label.is_ascii() {
            true => ascii += 1,
            false => assert_ne!(
                candidate.browsers.chromium.display(),
                Display::Unicode,
                "{}",
                candidate.unicode
            ),
        }
    }
    assert!(ascii >= 1);
}

#[test]
fn registry_verdicts_are_the_lgrs_own() {
    let engine = Uts46::new();
    let spec = RulesetSpec::Bundled {
        set: LgrSet::SecondLevel,
        tag: "de".to_string(),
    };
    let settings = Settings {
        lgr: Some(spec.clone()),
        max: 2_000,
    };
    let audit = lookalikes::audit(&engine, "müller.de", &settings).unwrap();
    let ruleset = Ruleset::load(&spec).unwrap();
    let mut eligible = 0;
    for candidate in &audit.candidates {
        let evaluation = ruleset.lgr.evaluate_without_variants(&candidate.u_label);
        assert_eq!(candidate.registry.ruleset, "second-level-reference/de");
        assert_eq!(candidate.registry.eligible, evaluation.eligible, "{}", candidate.u_label);
        assert_eq!(candidate.registry.disposition, evaluation.disposition);
        assert_eq!(
            candidate.registry.variant_of_protected.is_some(),
            ruleset.lgr.are_variants(&candidate.u_label, "müller"),
            "{}",
            candidate.u_label
        );
        eligible += usize::from(evaluation.eligible);
    }
    assert!(eligible > 0, "the German table holds some: mùller is not, muller is");
    assert!(find(&audit, "muller.de").is_some_and(|c| c.registry.eligible));
    // Without --lgr, each candidate under the table the Registry tab picks for it:
    // a variant of paypal under that table is kept for paypal.com's holder.
    let mut rulesets = std::collections::HashMap::new();
    let mut without_table = 0;
    for candidate in &paypal().candidates {
        let name = &candidate.registry.ruleset;
        let Ok(spec) = name.parse::<RulesetSpec>() else {
            // No table of the set has the label's script: not registrable, as the tag rule says.
            let picked = idna_inspector::registry::TagPicker::new(LgrSet::SecondLevel).pick(&candidate.unicode, |_, _| true);
            assert_eq!(picked, None, "{}: {name}", candidate.unicode);
            assert!(
                !candidate.registry.eligible && !candidate.registrable(),
                "{}",
                candidate.unicode
            );
            without_table += 1;
            continue;
        };
        let ruleset = rulesets.entry(name.clone()).or_insert_with(|| Ruleset::load(&spec).unwrap());
        assert_eq!(
            candidate.registry.variant_of_protected.is_some(),
            ruleset.lgr.are_variants(&candidate.u_label, "paypal"),
            "{} under {name}",
            candidate.u_label
        );
        let picked = idna_inspector::registry::TagPicker::new(LgrSet::SecondLevel).pick(&candidate.unicode, |_, _| true);
        assert_eq!(
            *name,
            format!("second-level-reference/{}", picked.unwrap()),
            "no TLD language for .com"
        );
    }
    eprintln!("{without_table} of paypal.com's candidates have no table of their script");
    let blocked = find(paypal(), "páypal.com").unwrap();
    assert_eq!(blocked.registry.variant_of_protected.as_deref(), Some("blocked"));
    assert!(blocked.registry.eligible && !blocked.registrable() && !blocked.matters());
    // Without --lgr, .de's table is the Registry tab's pick for a German label.
    let default = lookalikes::audit(&engine, "müller.de", &Settings { lgr: None, max: 50 }).unwrap();
    assert!(
        default
            .candidates
            .iter()
            .any(|c| c.registry.ruleset == "second-level-reference/de")
    );
}

#[test]
fn ranking_puts_registrable_and_shown_first() {
    for audit in [
        paypal(),
        &lookalikes::audit(&Uts46::new(), "plusbank24.pl", &Settings::default()).unwrap(),
    ] {
        let first_other = audit.candidates.iter().position(|c| !c.matters());
        if let Some(first_other) = first_other {
            assert!(audit.candidates[first_other..].iter().all(|c| !c.matters()));
        }
        assert!(audit.summary.matter > 0, "{}: some matter", audit.protected);
        assert_eq!(audit.summary, Summary::of(&audit.candidates));
    }
}

#[test]
fn max_stops_generation() {
    let audit = lookalikes::audit(&Uts46::new(), "paypal.com", &Settings { lgr: None, max: 25 }).unwrap();
    assert!(audit.truncated);
    assert!(audit.candidates.len() <= 25);
    assert!(!paypal().truncated);
}

#[test]
fn bad_names_are_refused() {
    let engine = Uts46::new();
    for name in ["com", "a..com", "xn--a.com", "-bad-.com", ""] {
        assert!(lookalikes::audit(&engine, name, &Settings::default()).is_err(), "{name:?}");
    }
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn command_jsonl_records_and_summary_agree() {
    let output = run(&["lookalikes", "paypal.com", "--format", "jsonl"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let (summary, records) = lines.split_last().unwrap();
    let summary = &summary["summary"];
    assert_eq!(summary["candidates"].as_u64().unwrap() as usize, records.len());
    assert_eq!(records.len(), paypal().candidates.len());
    for browser in ["chromium", "firefox", "webkit"] {
        for display in ["unicode", "punycode", "rejected"] {
            let counted = records.iter().filter(|r| r[format!("{browser}_display")] == display).count();
            assert_eq!(summary["browsers"][browser][display].as_u64().unwrap() as usize, counted);
        }
    }
    let registrable = records.iter().filter(|r| r["registrable"] == true).count();
    assert_eq!(summary["registrable"].as_u64().unwrap() as usize, registrable);
    let fields: Vec<&str> = records[0].as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = idna_inspector::audit::FIELDS.to_vec();
    expected.sort_unstable();
    assert_eq!(fields, expected, "stable field names");
    let a = records.iter().find(|r| r["unicode"] == "p\u{430}ypal.com").unwrap();
    assert_eq!(a["ascii"], "xn--pypal-4ve.com");
    assert_eq!(a["edits"], serde_json::json!(["U+0430 CYRILLIC SMALL LETTER A for a at 2"]));
}

#[test]
fn command_max_csv_and_table() {
    let output = run(&["lookalikes", "paypal.com", "--format", "csv", "--max", "40"]);
    assert_eq!(output.status.code(), Some(0));
    let text = String::from_utf8(output.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    assert_eq!(headers, idna_inspector::audit::FIELDS);
    let rows = reader.records().count();
    assert!(rows <= 40 && rows > 0, "{rows}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("stopped at --max"));

    let output = run(&["lookalikes", "paypal.com", "--max", "40"]);
    let table = String::from_utf8(output.stdout).unwrap();
    assert!(table.starts_with("U-label"));
    assert!(table.contains("registrable and shown in Unicode by at least one browser"));
    let lines: Vec<&str> = table.lines().collect();
    let blank = lines.iter().position(|l| l.is_empty()).unwrap();
    assert_eq!(blank - 1, rows, "one line per candidate between the header and the summary");
}

#[test]
fn command_bad_input_exit_codes() {
    let output = run(&["lookalikes", "-bad-.com"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a valid domain name"));
    let output = run(&["lookalikes", "com"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no label left of its TLD"));
    let output = run(&["lookalikes", "paypal.com", "--lgr", "second-level-reference/xx"]);
    assert_eq!(output.status.code(), Some(2));
    let output = run(&["lookalikes", "paypal.com", "--lgr", "/nonexistent/file.xml"]);
    assert_eq!(output.status.code(), Some(3));
}

fn run_with_input(args: &[&str], stdin: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_idna-inspector"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// `batch --protected`: a record that imitates a protected name names it
/// and the changes, placed in the whole name; the others are as before.
#[test]
fn batch_untwists_lookalikes_of_protected_names() {
    let dir = std::env::temp_dir().join(format!("idna-inspector-untwist-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let protected = dir.join("protected.txt");
    std::fs::write(&protected, "paypal.com\nmodern.de\n").unwrap();
    let protected = protected.to_str().unwrap();
    let input = "p\u{430}ypal.com\nlogin.p\u{430}yp\u{430}l.com\nexample.com\nmodem.de\npaypal.com\n".as_bytes();
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let output = run_with_input(&["batch", "--protected", protected, "--threads", threads], input);
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        outputs.push(output.stdout);
    }
    assert_eq!(outputs[0], outputs[1], "the same records on one thread and two");
    let records: Vec<serde_json::Value> = String::from_utf8(outputs.remove(0))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records[0]["imitates"], "paypal.com");
    assert_eq!(
        records[0]["edits"],
        serde_json::json!(["U+0430 CYRILLIC SMALL LETTER A for a at 2"])
    );
    assert_eq!(
        records[1]["edits"],
        serde_json::json!([
            "U+0430 CYRILLIC SMALL LETTER A for a at 8",
            "U+0430 CYRILLIC SMALL LETTER A for a at 11"
        ])
    );
    assert!(records[2].get("imitates").is_none() && records[2].get("edits").is_none());
    assert_eq!(records[3]["imitates"], "modern.de");
    assert_eq!(
        records[3]["edits"],
        serde_json::json!(["U+006D LATIN SMALL LETTER M for rn at 5"])
    );
    assert!(records[4].get("imitates").is_none(), "the protected name itself");

    let csv = run_with_input(&["batch", "--protected", protected, "--format", "csv"], input);
    let text = String::from_utf8(csv.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let headers: Vec<String> = reader.headers().unwrap().iter().map(str::to_string).collect();
    let at = headers.iter().position(|h| h == "findings").unwrap();
    assert_eq!(headers[at + 1..], ["imitates", "edits"]);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(
        &rows[1][at + 2],
        "U+0430 CYRILLIC SMALL LETTER A for a at 8; U+0430 CYRILLIC SMALL LETTER A for a at 11"
    );
    assert_eq!(&rows[2][at + 1], "");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// When `max` stops the doubles, dnstwist's glyphs keep their room: every
/// glyph candidate of the whole list is made, and the doubles stop early.
#[test]
fn max_keeps_room_for_dnstwist_glyphs() {
    let (all, truncated) = lookalikes::candidate_labels("paypal", usize::MAX);
    assert!(!truncated);
    let glyphs: HashSet<&str> = all
        .iter()
        .filter(|(technique, _)| *technique == Technique::Glyph)
        .map(|(_, label)| label.as_str())
        .collect();
    assert!(glyphs.len() > 100, "{} glyph candidates", glyphs.len());
    let max = all.len() / 2;
    let (cut, truncated) = lookalikes::candidate_labels("paypal", max);
    assert!(truncated);
    assert!(cut.len() <= max);
    let kept: HashSet<&str> = cut.iter().map(|(_, label)| label.as_str()).collect();
    assert!(glyphs.iter().all(|label| kept.contains(label)));
    // The doubles are what stopped: fewer than in the whole list.
    let doubles = |list: &[(Technique, String)]| list.iter().filter(|(t, _)| *t == Technique::Double).count();
    assert!(doubles(&cut) < doubles(&all));
}
