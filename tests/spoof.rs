//! Spoof analysis (UTS #39) on real homographs and on legitimate IDNs that
//! must not be flagged. The set is counted: false positives (legitimate names
//! with any risk) and false negatives (homographs without high risk) must be 0.

mod common;

use idna_inspector::Uts46;
use idna_inspector::spoof::{self, Display, FindingKind, ProtectedList, Risk, SpoofReport};

fn protected() -> ProtectedList {
    ProtectedList::new(
        &Uts46::new(),
        ["paypal.com", "google.com", "apple.com", "amazon.com", "facebook.com"],
    )
}

fn check(name: &str) -> SpoofReport {
    spoof::analyze(&Uts46::new(), name, &protected())
}

/// Homographs: each imitates a Latin name. Expected: risk high, shown as Punycode where it is an IDN.
const HOMOGRAPHS: &[&str] = &[
    "аррӏе.com",          // all Cyrillic
    "xn--80ak6aa92e.com", // the same, as an A-label
    "ѕсоре.com",          // all Cyrillic
    "рау.com",            // all Cyrillic
    "paypaI.com",         // capital I for l (protected list)
    "pаypal.com",         // Latin + Cyrillic а
    "xn--pypal-4ve.com",  // the same, as an A-label
    "gоogle.com",         // Cyrillic о
    "microsоft.com",      // Cyrillic о, not protected
    "fасebook.com",       // Cyrillic а and с
    "aмazon.com",         // Cyrillic м
    "gօօgle.com",         // Armenian օ
    "googlé.com",         // accent, protected list
    "login.pаypal.com",   // a subdomain of a look-alike
    "example.comノlogin.com",
    "pay\u{202E}lap.com", // right-to-left override
];

/// Legitimate IDNs in their own scripts and TLDs. Expected: risk none, shown as Unicode.
const LEGITIMATE: &[&str] = &[
    "bücher.de",
    "münchen.de",
    "日本語.jp",
    "пример.рф",
    "québec.ca",
    "ελλάδα.gr",
    "한국.kr",
    "παράδειγμα.δοκιμή",
    "例え.テスト",
    "españa.es",
    "zürich.ch",
    "københavn.dk",
    "москва.рф",
    "правительство.рф",
    "中国.cn",
    "ไทย.th",
    "ドメイン名例.jp",
    "ヴィタミンb6.jp",
    "bücher-köln.de",
    "paypal.com",
    "login.paypal.com",
    "xn--fsqu00a.xn--0zwm56d",
    "l·l.cat",
];

#[test]
fn homographs_are_flagged_and_legitimate_names_are_not() {
    let false_negatives: Vec<&str> = HOMOGRAPHS.iter().copied().filter(|n| check(n).risk != Risk::High).collect();
    let false_positives: Vec<(&str, Risk)> = LEGITIMATE
        .iter()
        .map(|&n| (n, check(n).risk))
        .filter(|&(_, risk)| risk != Risk::None)
        .collect();
    println!(
        "spoof set: {} homographs, {} false negatives; {} legitimate names, {} false positives",
        HOMOGRAPHS.len(),
        false_negatives.len(),
        LEGITIMATE.len(),
        false_positives.len()
    );
    // README quotes the set's size.
    assert_eq!((HOMOGRAPHS.len(), LEGITIMATE.len()), (16, 23));
    assert!(false_negatives.is_empty(), "not flagged: {false_negatives:?}");
    assert!(false_positives.is_empty(), "flagged: {false_positives:?}");
    for name in LEGITIMATE {
        assert_eq!(check(name).browsers.chromium.display, Display::Unicode, "{name}");
    }
    // Chromium shows none of them in Unicode: Punycode, or (a bidi override) it does not load.
    for name in HOMOGRAPHS.iter().filter(|n| !n.is_ascii() || n.contains("xn--")) {
        let display = check(name).browsers.chromium.display;
        let expected = if name.contains('\u{202E}') {
            Display::Rejected
        } else {
            Display::Punycode
        };
        assert_eq!(display, expected, "{name}");
    }
}

#[test]
fn all_cyrillic_apple_is_a_whole_script_confusable_shown_as_punycode() {
    for name in ["аррӏе.com", "xn--80ak6aa92e.com"] {
        let report = check(name);
        assert_eq!(report.to_ascii_n, "xn--80ak6aa92e.com");
        let label = &report.labels[0];
        assert_eq!(label.skeleton, "apple");
        assert_eq!(label.resolved_scripts, "Cyrillic");
        assert_eq!(label.restriction_level, "Single Script");
        assert!(label.chars.iter().all(|c| c.script == "Cyrillic" && c.allowed));
        let wsc = label
            .findings
            .iter()
            .find(|f| f.kind == FindingKind::WholeScriptConfusable)
            .unwrap();
        assert_eq!(wsc.chars, ['а', 'р', 'ӏ', 'е']);
        assert_eq!(report.browsers.chromium.rule.name(), "kWholeScriptConfusable");
        assert_eq!(report.browsers.chromium.shown, "xn--80ak6aa92e.com");
        assert_eq!(report.lookalike.as_ref().unwrap().protected, "apple.com");
    }
}

#[test]
fn the_tld_exception_lets_cyrillic_lookalikes_through_under_cyrillic_tlds() {
    // Same letters, but .ru and .рф are where Cyrillic names are expected (Chromium's rule 10).
    for name in ["аррӏе.ru", "аррӏе.рф"] {
        let report = spoof::analyze(&Uts46::new(), name, &ProtectedList::default());
        assert_eq!(report.browsers.chromium.display, Display::Unicode, "{name}");
        assert_eq!(report.risk, Risk::None, "{name}");
        assert!(report.finding_set().contains(FindingKind::WholeScriptConfusable));
    }
}

#[test]
fn paypal_with_capital_i_looks_like_the_protected_name_only_with_a_list() {
    let report = check("paypaI.com");
    let lookalike = report.lookalike.as_ref().expect("looks like paypal.com");
    assert_eq!(lookalike.protected, "paypal.com");
    assert_eq!(lookalike.differing, [('I', Some('l'))]);
    assert_eq!(report.to_ascii_n, "paypai.com");
    assert!(report.reasons[0].starts_with("Looks like paypal.com"), "{:?}", report.reasons);
    // Without a protected list it is an ordinary ASCII name.
    let unprotected = spoof::analyze(&Uts46::new(), "paypaI.com", &ProtectedList::default());
    assert_eq!(unprotected.risk, Risk::None);
    // The protected name itself and its subdomains are not look-alikes.
    assert!(check("PayPal.com").lookalike.is_none());
    assert!(check("www.paypal.com").lookalike.is_none());
}

#[test]
fn latin_cyrillic_mixes_are_mixed_script_confusables() {
    let report = check("gоogle.com");
    let label = &report.labels[0];
    assert_eq!(label.resolved_scripts, "none (mixed scripts)");
    assert_eq!(label.restriction_level, "Minimally Restrictive");
    let kinds: Vec<FindingKind> = label.findings.iter().map(|f| f.kind).collect();
    assert!(kinds.contains(&FindingKind::MixedScript) && kinds.contains(&FindingKind::MixedScriptConfusable));
    let msc = label
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::MixedScriptConfusable)
        .unwrap();
    assert_eq!(msc.chars, ['о']);
    assert_eq!(report.browsers.chromium.rule.name(), "kICUSpoofChecks");
    assert_eq!(report.offending_chars(), ['о']);
}

#[test]
fn deviation_cases_name_both_hosts() {
    for (name, n, t) in [
        ("faß.de", "xn--fa-hia.de", "fass.de"),
        ("xn--fa-hia.de", "xn--fa-hia.de", "fass.de"),
        ("βόλος.gr", "xn--nxasmm1c.gr", "xn--nxasmq6b.gr"),
    ] {
        let report = check(name);
        let deviation = report.findings.iter().find(|f| f.kind == FindingKind::Deviation).expect(name);
        assert!(
            deviation.message.contains(n) && deviation.message.contains(t),
            "{}",
            deviation.message
        );
        assert_eq!(report.risk, Risk::Low, "{name}");
        // Chromium processes nontransitionally now: a deviation alone is shown.
        assert_eq!(report.browsers.chromium.display, Display::Unicode, "{name}");
    }
}

#[test]
fn invisible_characters_removed_by_the_mapping_are_still_reported() {
    let report = check("pay\u{00AD}pal.com");
    assert_eq!(report.to_unicode, "paypal.com");
    let invisible = report.findings.iter().find(|f| f.kind == FindingKind::Invisible).unwrap();
    assert_eq!(invisible.chars, ['\u{00AD}']);
    assert!(invisible.message.contains("removes it"), "{}", invisible.message);
    let override_report = check("pay\u{202E}lap.com");
    let bidi = override_report
        .findings
        .iter()
        .find(|f| f.kind == FindingKind::Invisible)
        .unwrap();
    assert_eq!(bidi.severity, spoof::Severity::Danger);
}

#[test]
fn character_level_patterns() {
    let kinds = |name: &str| check(name).finding_set();
    assert!(kinds("1২3.com").contains(FindingKind::MixedNumbers));
    assert!(kinds("e\u{301}\u{301}.com").contains(FindingKind::CombiningMarks));
    assert!(kinds("\u{131}\u{307}stanbul.com").contains(FindingKind::DotlessWithMark));
    assert!(kinds("a·b.com").contains(FindingKind::MiddleDot));
    assert!(!kinds("l·l.cat").contains(FindingKind::MiddleDot));
    assert!(kinds("example.comノlogin.com").contains(FindingKind::SlashLookalike));
    assert!(!kinds("ノート.jp").contains(FindingKind::SlashLookalike));
    // Bengali digit eight (৪) has the skeleton of 8 (confusables.txt).
    assert!(kinds("1৪.com").contains(FindingKind::DigitLookalike));
    assert!(!kinds("১২৩.com").contains(FindingKind::MixedNumbers));
    // A noncharacter has no script: it is restricted, not a second script.
    let nonchar = check("exa\u{FFFF}mple.de");
    assert!(nonchar.finding_set().contains(FindingKind::RestrictedCharacter));
    assert!(!nonchar.finding_set().contains(FindingKind::MixedScript));
    assert_eq!(nonchar.risk, Risk::Low);
}

#[test]
fn right_to_left_names_show_their_display_order() {
    let report = check("שלום.com");
    assert_eq!(report.visual_order.as_deref(), Some("םולש.com"));
    assert!(report.finding_set().contains(FindingKind::RightToLeft));
    assert_eq!(report.risk, Risk::None);
}

#[test]
fn protected_list_file_skips_comments_and_blank_lines() {
    let list = ProtectedList::parse(&Uts46::new(), "# our brands\npaypal.com\n\n  Bücher.DE \n");
    let names: Vec<(&str, &str)> = list.names().iter().map(|p| (p.name.as_str(), p.ascii.as_str())).collect();
    assert_eq!(names, [("paypal.com", "paypal.com"), ("Bücher.DE", "xn--bcher-kva.de")]);
    let report = spoof::analyze(&Uts46::new(), "bücհer.de", &list);
    assert_eq!(report.lookalike.unwrap().differing, [('հ', Some('h'))]);
}

#[test]
fn summary_shortcut_agrees_with_the_full_analysis() {
    let engine = Uts46::new();
    let none = ProtectedList::default();
    for name in HOMOGRAPHS
        .iter()
        .chain(LEGITIMATE)
        .chain(&["example.com", "EXAMPLE.com", "a..b", "-x.com"])
    {
        for list in [&none, &protected()] {
            let results = engine.process(name, &idna_inspector::Options::default());
            let quick = spoof::summarize(&engine, name, &idna_inspector::Options::default(), || &results, list);
            let full = spoof::SpoofSummary::from(&spoof::analyze(&engine, name, list));
            assert_eq!(quick, full, "{name}");
        }
    }
}

#[test]
fn decimal_digits_are_general_category_nd_only() {
    use idna_inspector::spoof::scripts::decimal_digit;
    assert_eq!(decimal_digit('7'), Some(('0', 7)));
    assert_eq!(decimal_digit('\u{09E8}'), Some(('\u{09E6}', 2)), "BENGALI DIGIT TWO");
    assert_eq!(
        decimal_digit('\u{1D7D0}'),
        Some(('\u{1D7CE}', 2)),
        "MATHEMATICAL BOLD DIGIT TWO"
    );
    // Named "… DIGIT …" but not Nd: circled (No), combining (Mn), tag (Cf).
    for c in ['\u{24EA}', '\u{A8E1}', '\u{E0031}', '\u{2462}', 'a', '\u{00B2}'] {
        assert_eq!(decimal_digit(c), None, "U+{:04X}", c as u32);
    }
}

/// `spoof::scripts::is_single_script` reads "single-script" off the UTS #39
/// §5.2 restriction level where it can: it must agree with unicode-security's
/// resolved script set (§5.1) on every label of the differential corpus,
/// ASCII, restricted and mixed ones included.
#[test]
fn restriction_level_decides_single_script() {
    use unicode_security::{MixedScript, RestrictionLevel};
    let engine = Uts46::new();
    let (mut by_level, mut computed) = (0, 0);
    for name in common::names::corpus(idna_inspector::MappingTable::bundled(), 40_000) {
        let unicode = engine.to_unicode(&name, &idna_inspector::Options::default()).value;
        for label in unicode.split('.') {
            let level = spoof::scripts::restriction_level(label);
            assert_eq!(
                spoof::scripts::is_single_script(label, level),
                label.is_single_script(),
                "{label:?} {level:?}"
            );
            match level {
                RestrictionLevel::Unrestricted => computed += 1,
                _ if !label.is_ascii() => by_level += 1,
                _ => {}
            }
        }
    }
    assert!(
        by_level > 10_000 && computed > 100,
        "{by_level} read off the level, {computed} computed"
    );
}

/// The look-alike test takes both skeletons at once, reusing the plain one
/// for ASCII: the pair must equal the two functions on every corpus name.
#[test]
fn both_skeletons_at_once_equal_each_alone() {
    use idna_inspector::spoof::confusables::{skeleton, skeleton_with_and_without_marks, skeleton_without_marks};
    let names = common::names::corpus(idna_inspector::MappingTable::bundled(), 20_000);
    let ascii = names.iter().filter(|name| name.is_ascii()).count();
    assert!(ascii > 1_000 && ascii < names.len(), "{ascii} ASCII names");
    for name in names.iter().map(String::as_str).chain(["m0dern-I.com", "rnicrosoft.com"]) {
        assert_eq!(
            skeleton_with_and_without_marks(name),
            [skeleton(name), skeleton_without_marks(name)],
            "{name:?}"
        );
    }
}

/// The checks each thread remembers for TLD labels (our label analysis,
/// Chromium's `SafeToDisplayAsUnicode`, Firefox's `IsLabelSafe`) give what
/// a thread that has seen nothing computes: every name alone on a new
/// thread against all of them in one thread, twice over, where the TLDs'
/// results come from memory. The batch's summary (which remembers our
/// analysis of a TLD) equals the full report's (which does not). The
/// TLDs pass and fail checks of their own, come as U-labels, A-labels,
/// in capitals and after a trailing dot, and a label can equal its TLD.
#[test]
fn remembered_tld_checks_equal_fresh_ones() {
    use idna_inspector::browsers;
    use idna_inspector::spoof::SpoofSummary;
    use idna_inspector::uts46::Options;
    let names = [
        "пример.рф",
        "xn--e1afmkfd.xn--p1ai",
        "paypal.рф",
        "а.РФ",
        "ex.раypal",
        "ex2.раypal",
        "раypal.раypal",
        "例え.中国",
        "mañana.中国",
        "test.δοκιμή",
        "ß.ΔΟΚΙΜΉ",
        "a.b.рф.",
        "ѕ.ѕ",
        "ѕсоре.ѕ",
        "abc.xn--mgbh0fb",
        "مثال.xn--mgbh0fb",
        "þorp.þ",
        "a·b.a·b",
        // The same labels under TLDs that change their checks, and labels
        // with different verdicts under one TLD.
        "þorp.is",
        "þorp.com",
        "ѕсоре.рф",
        "ѕсоре.com",
        "раypal.рф",
    ];
    let engine = Uts46::new();
    let protected = protected();
    let top = protected.top_domains();
    let options = Options::default();
    let warm: Vec<_> = (0..2)
        .flat_map(|_| names.iter().map(|name| browsers::verdicts(name, top)))
        .collect();
    let mut punycode = 0;
    for (name, warm) in names.iter().cycle().zip(&warm) {
        let fresh = std::thread::scope(|scope| scope.spawn(|| browsers::verdicts(name, top)).join().unwrap());
        assert_eq!(&fresh, warm, "{name}");
        punycode += fresh.all().iter().filter(|v| v.display == Display::Punycode).count();
        let results = engine.process(name, &options);
        let summary = spoof::summarize(&engine, name, &options, || &results, &protected);
        let full = SpoofSummary::from(&spoof::analyze_results(&engine, name, &results, &options, &protected));
        assert_eq!(summary, full, "{name}");
    }
    assert!(punycode > 10, "some checks fail: {punycode}");
}

/// The verdicts inside the analysis, which hand Chromium ICU answers the
/// analysis found in each Unicode label, equal the browsers' own verdicts,
/// for names of one to seven Unicode labels (more than fit on the stack),
/// with labels where those answers matter: mixed numbering systems, a
/// repeated mark, mixed scripts.
#[test]
fn verdicts_in_the_analysis_equal_the_browsers_own_for_any_number_of_labels() {
    use idna_inspector::browsers;
    use idna_inspector::uts46::Options;
    let labels = ["ক১2", "a\u{0301}\u{0301}", "раураl", "bücher", "例え", "ѕсоре", "日本"];
    let engine = Uts46::new();
    let protected = protected();
    let options = Options::default();
    let mut names = 0;
    for count in 1..=labels.len() {
        for first in 0..labels.len() {
            let mut name: Vec<&str> = (0..count).map(|i| labels[(first + i) % labels.len()]).collect();
            name.push("com");
            let name = name.join(".");
            let results = engine.process(&name, &options);
            let report = spoof::analyze_results(&engine, &name, &results, &options, &protected);
            assert_eq!(report.browsers, browsers::verdicts(&name, protected.top_domains()), "{name}");
            names += 1;
        }
    }
    assert_eq!(names, 49);
}
