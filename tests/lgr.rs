//! The LGR engine (crates/analysis/src/lgr): RFC 7940's examples, lgr-core's surprising
//! behaviours on ICANN's files, malformed files, and agreement with
//! lgr-core on the probe labels of tests/data/lgr/ (or of the file named by
//! `LGR_PROBES`, another seed of tools/lgr-oracle/oracle.py).

use idna_inspector::lgr::{DecidedBy, Lgr, LgrSet, Unlisted};
use idna_inspector::registry::{Ruleset, RulesetSpec};

fn de() -> Lgr {
    Lgr::bundled(LgrSet::SecondLevel, "de").unwrap()
}

#[test]
fn eszett_variants_are_asymmetric() {
    let lgr = de();
    let e = lgr.evaluate("straße");
    assert!(e.eligible);
    assert_eq!(e.disposition, "valid");
    let v = e.variants.unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!((v[0].label.as_str(), v[0].disposition.as_str()), ("strasse", "allocatable"));
    let e = lgr.evaluate("strasse");
    let v = e.variants.unwrap();
    assert_eq!((v[0].label.as_str(), v[0].disposition.as_str()), ("straße", "blocked"));
    assert!(lgr.are_variants("straße", "strasse"));
    eprintln!("{:?}", lgr.evaluate("-abc"));
}

/// FNV-1a 64, as tools/lgr-oracle/oracle.py digests long variant lists.
fn fnv1a(text: &str) -> String {
    let mut h: u64 = 0xCBF29CE484222325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x100000001B3);
    }
    format!("{h:016x}")
}

/// The raw text of a numeric field (estimates exceed u64).
fn raw_number<'a>(line: &'a str, field: &str) -> &'a str {
    let key = format!("\"{field}\":");
    let start = line.find(&key).unwrap() + key.len();
    let end = line[start..].find([',', '}']).unwrap() + start;
    &line[start..end]
}

fn cps(s: &str) -> String {
    s.chars()
        .map(|c| format!("U+{:04X}", u32::from(c)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The probe file: `LGR_PROBES` when set (an independent seed), else the recorded one.
fn probe_file() -> (String, bool) {
    match std::env::var("LGR_PROBES") {
        Ok(path) => (
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}")),
            false,
        ),
        Err(_) => (
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lgr/probes.jsonl")).unwrap(),
            true,
        ),
    }
}

/// Every probe label of tests/data/lgr/probes.jsonl (lgr-core's answers,
/// produced by tools/lgr-oracle/oracle.py) agrees with the engine: eligibility,
/// disposition, deciding action, invalid code points (with the failed rules),
/// index label, variant estimate (exact), and the variant list with
/// dispositions, `invalid` included.
#[test]
fn agrees_with_lgr_core_on_every_probe() {
    use std::collections::BTreeMap;
    let (text, recorded) = probe_file();
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert!(header.get("header").is_some());
    let mut lgrs: BTreeMap<(String, String), Lgr> = BTreeMap::new();
    let mut per_tag: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
    let mut per_family: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut failures: Vec<String> = Vec::new();
    let mut listed = 0;
    for line in lines {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        let set = row["set"].as_str().unwrap().to_owned();
        let tag = row["tag"].as_str().unwrap().to_owned();
        let label = row["label"].as_str().unwrap();
        let lgr = lgrs
            .entry((set.clone(), tag.clone()))
            .or_insert_with(|| Lgr::bundled(LgrSet::from_name(&set).unwrap(), &tag).unwrap());
        let e = lgr.evaluate(label);
        let mut diffs = Vec::new();
        if e.eligible != row["eligible"].as_bool().unwrap() {
            diffs.push(format!("eligible {} (lgr-core {})", e.eligible, row["eligible"]));
        }
        if e.disposition != row["disposition"].as_str().unwrap() {
            diffs.push(format!("disposition {} (lgr-core {})", e.disposition, row["disposition"]));
        }
        let action: i64 = match &e.decided_by {
            DecidedBy::Action { index, default, .. } => (*index + if *default { lgr.action_count() } else { 0 }) as i64,
            _ => -1,
        };
        if action != row["action"].as_i64().unwrap() {
            diffs.push(format!("action {action} (lgr-core {})", row["action"]));
        }
        let ours: Vec<(u32, Option<Vec<String>>)> = e
            .invalid_code_points
            .iter()
            .map(|i| (i.cp, (!i.failed_rules.is_empty()).then(|| i.failed_rules.clone())))
            .collect();
        let theirs: Vec<(u32, Option<Vec<String>>)> = row["invalid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                let rules = p[1]
                    .as_array()
                    .map(|r| r.iter().map(|x| x.as_str().unwrap().to_owned()).collect());
                (p[0].as_u64().unwrap() as u32, rules)
            })
            .collect();
        if ours != theirs {
            diffs.push(format!("invalid code points {ours:?} (lgr-core {theirs:?})"));
        }
        if e.index_label.as_deref() != row["index"].as_str() {
            diffs.push(format!("index label {:?} (lgr-core {})", e.index_label, row["index"]));
        }
        if e.variant_estimate.to_string() != raw_number(line, "estimate") {
            diffs.push(format!(
                "estimate {} (lgr-core {})",
                e.variant_estimate,
                raw_number(line, "estimate")
            ));
        }
        let listed_by_core = row.get("variants").is_some() || row.get("variants_n").is_some();
        match (&e.variants, listed_by_core) {
            (None, false) => {}
            (Some(_), false) | (None, true) => diffs.push(format!(
                "variants listed: {} (lgr-core {listed_by_core})",
                e.variants.is_some()
            )),
            (Some(v), true) => {
                listed += 1;
                if let Some(list) = row.get("variants") {
                    let theirs: Vec<(String, String)> = list
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|p| (p[0].as_str().unwrap().to_owned(), p[1].as_str().unwrap().to_owned()))
                        .collect();
                    let ours: Vec<(String, String)> = v.iter().map(|x| (x.label.clone(), x.disposition.clone())).collect();
                    if ours != theirs {
                        let only_ours: Vec<_> = ours.iter().filter(|x| !theirs.contains(x)).take(5).collect();
                        let only_theirs: Vec<_> = theirs.iter().filter(|x| !ours.contains(x)).take(5).collect();
                        diffs.push(format!(
                            "variants: {} vs lgr-core {}; only ours {only_ours:?}; only lgr-core {only_theirs:?}",
                            ours.len(),
                            theirs.len()
                        ));
                    }
                } else {
                    let n = row["variants_n"].as_u64().unwrap() as usize;
                    let digest = fnv1a(
                        &v.iter()
                            .map(|x| format!("{}\t{}\n", x.label, x.disposition))
                            .collect::<String>(),
                    );
                    if v.len() != n || digest != row["variants_fnv"].as_str().unwrap() {
                        diffs.push(format!(
                            "variants: {} (digest {digest}) vs lgr-core {n} ({})",
                            v.len(),
                            row["variants_fnv"]
                        ));
                    }
                }
            }
        }
        let entry = per_tag.entry((set, tag)).or_default();
        entry.0 += 1;
        let family = row.get("family").and_then(|f| f.as_str()).unwrap_or("words and edge cases");
        let f = per_family.entry(family.to_string()).or_default();
        f.0 += 1;
        if diffs.is_empty() {
            entry.1 += 1;
            f.1 += 1;
        } else {
            failures.push(format!(
                "{}/{} {label:?} [{}]: {}",
                entry_key(&row),
                row["tag"],
                cps(label),
                diffs.join("; ")
            ));
        }
    }
    for ((set, tag), (n, ok)) in &per_tag {
        eprintln!("{set}/{tag}: {ok}/{n} labels agree");
    }
    for (family, (n, ok)) in &per_family {
        eprintln!("{family}: {ok}/{n} labels agree");
    }
    eprintln!("{listed} variant lists compared");
    for f in failures.iter().take(25) {
        eprintln!("DISAGREE {f}");
    }
    assert!(
        failures.is_empty(),
        "{} of the probe labels disagree with lgr-core",
        failures.len()
    );
    // README quotes these: labels compared, LGRs, variant lists compared, non-canonical labels.
    let labels: usize = per_tag.values().map(|(n, _)| n).sum();
    let non_canonical = per_family.get("non-canonical").map_or(0, |f| f.0);
    if recorded {
        assert_eq!((labels, per_tag.len(), listed, non_canonical), (5456, 14, 2675, 1854));
    } else {
        assert!(
            labels > 1000 && per_tag.len() == 14 && non_canonical > 500,
            "{labels} {non_canonical}"
        );
    }
}

/// The non-canonical probe family through the registry check: a name typed
/// with the raw label (`Mobile.de`) is judged as submitted, as lgr-core judged
/// the raw label, and its U-label (our ToUnicode, which must equal the mapped
/// form the oracle recorded) as lgr-core judged that.
#[test]
fn registry_checks_the_label_as_submitted_and_its_u_label() {
    use std::collections::HashMap;
    let (text, _) = probe_file();
    let rows: Vec<serde_json::Value> = text.lines().skip(1).map(|l| serde_json::from_str(l).unwrap()).collect();
    let by_label: HashMap<(&str, &str, &str), &serde_json::Value> = rows
        .iter()
        .map(|r| {
            (
                (
                    r["set"].as_str().unwrap(),
                    r["tag"].as_str().unwrap(),
                    r["label"].as_str().unwrap(),
                ),
                r,
            )
        })
        .collect();
    let engine = idna_inspector::Uts46::new();
    let options = idna_inspector::Options::default();
    let mut rulesets: HashMap<(&str, &str), Ruleset> = HashMap::new();
    let (mut pairs, mut differ) = (0, 0);
    for row in rows.iter().filter(|r| r.get("mapped").is_some()) {
        let (set, tag, raw) = (
            row["set"].as_str().unwrap(),
            row["tag"].as_str().unwrap(),
            row["label"].as_str().unwrap(),
        );
        let mapped = row["mapped"].as_str().unwrap();
        let to_unicode = engine.to_unicode(&format!("{raw}.example"), &options).value;
        assert_eq!(
            to_unicode,
            format!("{mapped}.example"),
            "{set}/{tag} {raw:?}: our UTS #46 mapping"
        );
        let ruleset = rulesets.entry((set, tag)).or_insert_with(|| {
            Ruleset::load(&RulesetSpec::Bundled {
                set: LgrSet::from_name(set).unwrap(),
                tag: tag.to_string(),
            })
            .unwrap()
        });
        let check = ruleset
            .check(&format!("{raw}.example"), &to_unicode, &Default::default())
            .unwrap();
        let u = check.u_label.as_ref().expect("the mapped label differs");
        assert_eq!((check.submitted.label.as_str(), u.label.as_str()), (raw, mapped));
        for (label, ours) in [(raw, &check.submitted.evaluation), (mapped, &u.evaluation)] {
            let theirs = by_label[&(set, tag, label)];
            assert_eq!(ours.eligible, theirs["eligible"].as_bool().unwrap(), "{set}/{tag} {label:?}");
            assert_eq!(
                ours.disposition,
                theirs["disposition"].as_str().unwrap(),
                "{set}/{tag} {label:?}"
            );
            let invalid: Vec<u64> = ours.invalid_code_points.iter().map(|i| u64::from(i.cp)).collect();
            let want: Vec<u64> = theirs["invalid"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p[0].as_u64().unwrap())
                .collect();
            assert_eq!(invalid, want, "{set}/{tag} {label:?}");
        }
        pairs += 1;
        differ += usize::from(check.submitted.evaluation.eligible != u.evaluation.eligible);
        if !check.submitted.evaluation.eligible && u.evaluation.eligible {
            let sentence = check.as_written().unwrap();
            assert!(
                sentence.starts_with(&format!("{raw} is not allowed as written under {set}/{tag} ("))
                    && sentence.ends_with(&format!("; its U-label {mapped} is.")),
                "{sentence}"
            );
        }
    }
    eprintln!("{pairs} raw/mapped pairs, {differ} where only one of the two is eligible");
    assert!(pairs > 500 && differ > 100, "{pairs} pairs, {differ} differ");
}

fn entry_key(row: &serde_json::Value) -> &str {
    row["set"].as_str().unwrap()
}

fn doc(data: &str, rules: &str) -> Lgr {
    let xml = format!(
        "<?xml version=\"1.0\"?>\n<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">\n<meta><version>1</version><unicode-version>11.0.0</unicode-version></meta>\n<data>\n{data}\n</data>\n<rules>\n{rules}\n</rules>\n</lgr>\n"
    );
    Lgr::parse(&xml).unwrap_or_else(|e| panic!("{e}"))
}

fn variants(e: &idna_inspector::lgr::Evaluation) -> Vec<(String, String)> {
    e.variants
        .as_ref()
        .unwrap()
        .iter()
        .map(|v| (v.label.clone(), v.disposition.clone()))
        .collect()
}

fn pair(a: &str, b: &str) -> (String, String) {
    (a.to_owned(), b.to_owned())
}

/// RFC 7940 Appendix B: an RFC 3743 table (simplified/traditional) in
/// RFC 7940 form, with the appendix's kind of actions; dispositions as §7.3
/// and §8.3 give them.
#[test]
fn rfc7940_appendix_b_simplified_and_traditional() {
    let lgr = doc(
        r#"<char cp="4E7E"><var cp="4E7E" type="both"/><var cp="5E72" type="simp"/></char>
<char cp="5E72"><var cp="4E7E" type="trad"/><var cp="5E72" type="both"/></char>"#,
        r#"<action disp="blocked" any-variant="blocked"/>
<action disp="allocatable" all-variants="simp both"/>
<action disp="allocatable" all-variants="trad both"/>
<action disp="blocked" any-variant="simp trad"/>
<action disp="valid"/>"#,
    );
    let e = lgr.evaluate("乾干");
    assert!(e.eligible);
    // The reflexive mappings ("both") make the original all-"both": allocatable by the second action.
    assert_eq!(e.disposition, "allocatable");
    assert!(matches!(
        e.decided_by,
        DecidedBy::Action {
            index: 1,
            default: false,
            ..
        }
    ));
    assert_eq!(e.variant_estimate.to_string(), "4");
    assert_eq!(
        variants(&e),
        vec![
            pair("乾乾", "allocatable"),
            pair("干乾", "blocked"),
            pair("干干", "allocatable")
        ]
    );
    assert_eq!(e.index_label.as_deref(), Some("乾乾"));
    assert!(lgr.are_variants("干干", "乾干"));
}

/// RFC 7940 §6.2 classes (inline list with a range, union, complement,
/// intersection, difference, symmetric difference, by-ref) and §6.3 rules
/// with counts, as whole-label rules in actions (§7.1 match / not-match).
#[test]
fn rfc7940_classes_rules_and_counts() {
    let lgr = doc(
        r#"<range first-cp="0061" last-cp="0066"/>"#,
        r#"<class name="abc">0061-0063</class>
<class name="cd">0063 0064</class>
<rule name="first-a-or-c"><start/><difference><class by-ref="abc"/><class>0062</class></difference></rule>
<rule name="sym"><start/><symmetric-difference><class by-ref="abc"/><class by-ref="cd"/></symmetric-difference><end/></rule>
<rule name="inter"><start/><intersection><class by-ref="abc"/><class by-ref="cd"/></intersection><end/></rule>
<rule name="not-abc"><start/><complement><class by-ref="abc"/></complement><end/></rule>
<rule name="two-or-three-e"><start/><char cp="0065" count="2:3"/><end/></rule>
<rule name="f-then-any"><start/><char cp="0066"/><any count="1+"/><end/></rule>
<rule name="exactly-two-b"><start/><rule><char cp="0062"/></rule><char cp="0062" count="1"/><end/></rule>
<action disp="a-or-c" match="first-a-or-c"/>
<action disp="sym" match="sym"/>
<action disp="inter" match="inter"/>
<action disp="not-abc" match="not-abc"/>
<action disp="e23" match="two-or-three-e"/>
<action disp="f+" match="f-then-any"/>
<action disp="bb" match="exactly-two-b"/>
<action disp="other" not-match="exactly-two-b"/>"#,
    );
    let d = |l: &str| lgr.evaluate(l).disposition;
    assert_eq!(d("abc"), "a-or-c");
    assert_eq!(d("cab"), "a-or-c");
    assert_eq!(d("b"), "sym"); // b is in abc, not in cd
    assert_eq!(d("d"), "sym"); // d is in cd, not in abc
    assert_eq!(d("e"), "not-abc");
    assert_eq!(d("ee"), "e23");
    assert_eq!(d("eee"), "e23");
    assert_eq!(d("eeee"), "other");
    assert_eq!(d("f"), "not-abc");
    assert_eq!(d("fa"), "f+");
    assert_eq!(d("bb"), "bb");
    assert_eq!(d("bbb"), "other");
    // c is in both abc and cd: the difference takes it first.
    assert_eq!(d("c"), "a-or-c");
    assert_eq!(lgr.describe_rule("two-or-three-e").unwrap(), "^(\\x{65}){2,3}$");
}

/// RFC 7940 §6.4 context rules (look-behind, anchor, look-ahead) on a char
/// and on a variant (§5.2, §5.3.2); a failed context makes the code point
/// invalid (§8.1) and names the rule.
#[test]
fn rfc7940_context_rules() {
    let lgr = doc(
        r#"<char cp="006C"><var cp="004C" when="at-start" type="blocked"/></char>
<char cp="00B7" when="between-l"/>
<char cp="0078" not-when="at-start"/>"#,
        r#"<rule name="between-l"><look-behind><char cp="006C"/></look-behind><anchor/><look-ahead><char cp="006C"/></look-ahead></rule>
<rule name="at-start"><look-behind><start/></look-behind><anchor/></rule>"#,
    );
    let e = lgr.evaluate("l·l");
    assert!(e.eligible, "{e:?}");
    assert_eq!(e.code_points[1].context.as_deref(), Some("when=between-l"));
    let e = lgr.evaluate("x·l");
    assert!(!e.eligible);
    assert_eq!(e.invalid_code_points.len(), 2);
    assert_eq!(e.invalid_code_points[0].cp, 0x78);
    assert_eq!(e.invalid_code_points[0].failed_rules, vec!["at-start"]);
    assert_eq!(e.invalid_code_points[1].cp, 0xB7);
    assert_eq!(e.invalid_code_points[1].failed_rules, vec!["between-l"]);
    assert_eq!(e.decided_by, DecidedBy::Repertoire);
    assert_eq!(e.index_label, None);
    // The variant L exists only at the start of the label; it is not in the repertoire
    // itself, so the variant label is invalid, and listed as such.
    assert_eq!(lgr.evaluate("ll").variant_estimate.to_string(), "4");
    assert_eq!(variants(&lgr.evaluate("ll")), vec![pair("Ll", "invalid")]);
}

/// RFC 7940 §7.6 default actions, and §5.3.4 reflexive variants typing every
/// unchanged position.
#[test]
fn rfc7940_default_actions_and_reflexive_variants() {
    let lgr = doc(
        r#"<char cp="0061"><var cp="0061" type="activated"/><var cp="0062" type="blocked"/><var cp="0063" type="allocatable"/></char>
<char cp="0062"><var cp="0061" type="blocked"/></char>
<char cp="0063"><var cp="0061" type="allocatable"/></char>
<char cp="0064"/>"#,
        "",
    );
    // "a" carries its reflexive type "activated" everywhere it stays: all-variants=activated.
    assert_eq!(lgr.evaluate("aa").disposition, "activated");
    assert_eq!(lgr.evaluate("ad").disposition, "activated");
    assert_eq!(lgr.evaluate("d").disposition, "valid");
    let e = lgr.evaluate("ad");
    assert_eq!(variants(&e), vec![pair("bd", "blocked"), pair("cd", "allocatable")]);
    assert!(matches!(
        e.decided_by,
        DecidedBy::Action {
            index: 3,
            default: true,
            ..
        }
    ));
}

/// lgr-core: the hyphen rules are context rules on U+002D, so a leading hyphen
/// makes U+002D an invalid code point; no whole-label rule runs.
#[test]
fn leading_hyphen_is_an_invalid_code_point() {
    let e = de().evaluate("-abc");
    assert!(!e.eligible);
    assert_eq!(e.decided_by, DecidedBy::Repertoire);
    assert_eq!(e.invalid_code_points.len(), 1);
    assert_eq!((e.invalid_code_points[0].index, e.invalid_code_points[0].cp), (0, 0x2D));
    assert_eq!(e.invalid_code_points[0].failed_rules, vec!["hyphen-minus-disallowed"]);
    assert!(de().evaluate("ab-c").eligible);
    assert_eq!(de().evaluate("ab--c").invalid_code_points.len(), 1);
}

/// lgr-core: `when="extended-cp"` switches a code point off (the rule matches
/// no label), `when="enabled"` switches one on (it matches every label).
#[test]
fn extended_cp_off_enabled_on() {
    let lgr = de();
    let e = lgr.evaluate("voilà");
    assert!(!e.eligible);
    assert_eq!(e.invalid_code_points[0].cp, 0xE0);
    assert_eq!(e.invalid_code_points[0].failed_rules, vec!["extended-cp"]);
    assert_eq!(lgr.describe_rule("extended-cp").unwrap(), "^$");
    // The sequence "ss" is enabled: it is what "ß" maps to.
    let e = lgr.evaluate("strasse");
    assert!(
        e.code_points
            .iter()
            .any(|f| f.code_points == [0x73, 0x73] && f.context.as_deref() == Some("when=enabled"))
    );
}

/// lgr-core: a code point listed only as another char's variant target (with a
/// reflexive "out-of-repertoire-var" mapping) makes the label invalid through
/// an action, with no invalid code point reported.
#[test]
fn variant_target_only_code_point_is_invalid_without_invalid_code_point() {
    let lgr = Lgr::bundled(LgrSet::FullVariant, "de").unwrap();
    let e = lgr.evaluate("cáfe");
    assert!(!e.eligible);
    assert_eq!(e.disposition, "invalid");
    assert!(e.invalid_code_points.is_empty());
    assert!(matches!(&e.decided_by, DecidedBy::Action { default: false, text, .. } if text.contains("out-of-repertoire-var")));
    // Under the reference LGR, the same code point is simply not in the repertoire.
    assert_eq!(de().evaluate("cáfe").invalid_code_points[0].cp, 0xE1);
}

/// lgr-core: under zh, 國家 is a blocked variant of 国家 (types are
/// open-ended strings such as r-simp, trad, simp).
#[test]
fn zh_traditional_is_a_blocked_variant() {
    let lgr = Lgr::bundled(LgrSet::SecondLevel, "zh").unwrap();
    let e = lgr.evaluate("国家");
    assert!(e.eligible);
    assert!(variants(&e).contains(&pair("國家", "blocked")), "{:?}", e.variants);
    assert!(lgr.are_variants("国家", "國家"));
    assert!(!lgr.are_variants("国家", "大家"));
}

/// lgr-core: the LGR layer checks no IDNA2008 rule: a 64-code-point label is
/// eligible (its variants are not generated: RFC 1035's 63 is lgr-core's limit there).
#[test]
fn no_idna2008_length_rule() {
    let e = de().evaluate(&"a".repeat(64));
    assert!(e.eligible);
    assert_eq!(e.disposition, "valid");
    assert_eq!(e.variants, None);
}

/// lgr-core: variant counts explode in the full variant sets; the estimate is
/// given, the list is not. (lgr-core's `estimate_variant_number` gives 140,800
/// for this 13-letter word; the probe data holds estimates up to 2^96.)
#[test]
fn variant_counts_explode() {
    let lgr = Lgr::bundled(LgrSet::FullVariant, "ru").unwrap();
    let e = lgr.evaluate("государственн");
    assert_eq!(e.variant_estimate.to_u64(), Some(140_800));
    assert!(e.eligible);
    assert_eq!(e.variants, None);
}

/// lgr-core's estimate is exact past 2^128 (the probe data stop at 2^96): its
/// `estimate_variant_number` on 63-letter Greek labels under full-variant-set/und-Grek.
#[test]
fn variant_estimates_are_exact_past_2_to_the_128() {
    let lgr = Lgr::bundled(LgrSet::FullVariant, "und-Grek").unwrap();
    let mixed = format!("{}αβγδεζηθικλμνξ", "αβγδεζηθικλμνξοπρστυφχψω".repeat(2));
    for (label, core) in [
        ("α".repeat(63), "108420217248550443400745280086994171142578125"),
        (
            "ο".repeat(63),
            "405265062229627490533592012124531049044560130453775155955812256931",
        ),
        (mixed, "385463455108300800000000"),
    ] {
        let e = lgr.evaluate(&label);
        assert_eq!(e.variant_estimate.to_string(), core, "{label}");
        assert_eq!((e.variants, e.unlisted), (None, Some(Unlisted::TooMany)));
    }
}

/// The Japanese tables' rules read a class of thousands of code points (from-tag sc:Hani).
#[test]
fn japanese_kanji_class() {
    let lgr = Lgr::bundled(LgrSet::SecondLevel, "ja").unwrap();
    let rule = lgr.describe_rule("follows-japanese").unwrap();
    assert!(
        rule.contains("japanese") || rule.contains("kanji") || rule.contains('['),
        "{rule}"
    );
    assert!(lgr.evaluate("東京").eligible);
    assert!(lgr.evaluate("ー東京").invalid_code_points.iter().any(|i| i.cp == 0x30FC));
}

fn parse_err(xml: &str) -> idna_inspector::lgr::LgrError {
    Lgr::parse(xml).expect_err("should be refused")
}

/// Malformed files: a clear error naming the line, never a panic.
#[test]
fn malformed_files_name_the_line() {
    let head = "<lgr xmlns=\"urn:ietf:params:xml:ns:lgr-1.0\">\n<data>\n";
    let e = parse_err("<lgr><data>");
    assert!(e.line.is_some() && e.message.contains("malformed XML"), "{e}");
    let e = parse_err(&format!("{head}<char cp=\"0061\"/>\n<char/>\n</data></lgr>"));
    assert_eq!(e.line, Some(4), "{e}");
    assert!(e.to_string().starts_with("line 4: "), "{e}");
    let e = parse_err(&format!("{head}<char cp=\"00ZZ\"/>\n</data></lgr>"));
    assert_eq!(e.line, Some(3), "{e}");
    let e = parse_err(&format!("{head}<char cp=\"0061\" when=\"nowhere\"/>\n</data><rules/></lgr>"));
    assert_eq!(e.line, Some(3));
    assert!(e.message.contains("nowhere"), "{e}");
    let e = parse_err(&format!(
        "{head}<char cp=\"0061\"/></data>\n<rules>\n<rule name=\"r\"><any count=\"x\"/></rule>\n</rules></lgr>"
    ));
    assert_eq!(e.line, Some(5), "{e}");
    let e = parse_err(&format!(
        "{head}</data>\n<rules>\n<rule name=\"r\"><class by-ref=\"later\"/></rule>\n<class name=\"later\">0061</class></rules></lgr>"
    ));
    assert_eq!(e.line, Some(5));
    assert!(e.message.contains("later"), "{e}");
    let e = parse_err(&format!(
        "{head}</data>\n<rules>\n<class name=\"v\" property=\"ccc:9\"/>\n</rules></lgr>"
    ));
    assert_eq!(e.line, Some(5));
    assert!(e.message.contains("unsupported"), "{e}");
    let e = parse_err(&format!(
        "{head}</data>\n<rules><rule name=\"r\"><start/></rule>\n<action disp=\"x\" match=\"r\" not-match=\"r\"/>\n</rules></lgr>"
    ));
    assert_eq!(e.line, Some(5));
    let e = parse_err("<other xmlns=\"x\"/>");
    assert!(e.message.contains("root element"), "{e}");
    let e = parse_err(&format!(
        "{head}</data>\n<rules><difference><class>0061</class></difference>\n</rules></lgr>"
    ));
    assert_eq!(e.line, Some(4));
}

/// A run of `s` under de splits into `s` and `ss` (whose variant is `ß`) in
/// Fibonacci-many ways: lgr-core's walk over them grows exponentially with the
/// run (the fuzzer's 24 × `s` took 2 GB). The index label is still given, the
/// list is given while its walk stays within the step budget, and beyond it
/// the evaluation says why there is none.
#[test]
fn runs_of_s_under_de_stay_bounded() {
    let lgr = de();
    let short = lgr.evaluate(&"s".repeat(12));
    assert_eq!(short.unlisted, None);
    let listed = variants(&short);
    // Every variant writes some `ss` as `ß`; the listed ones share the label's index label.
    assert!(
        listed.len() > 100 && listed.iter().all(|(l, _)| l.contains('ß')),
        "{}",
        listed.len()
    );
    assert!(listed.iter().all(|(l, _)| lgr.index_label(l) == short.index_label));
    // 24: lgr-core's estimate (one split: 12 × `ss`, 2 forms each) is 4,096, within the
    // list's limit, but the walk is not; beyond, the estimate alone stops the list.
    for (n, why) in [(24, Unlisted::TooManySteps), (40, Unlisted::TooMany), (63, Unlisted::TooMany)] {
        let e = lgr.evaluate(&"s".repeat(n));
        assert!(e.eligible, "{n}");
        assert_eq!(e.index_label, Some("s".repeat(n)), "{n}");
        assert_eq!(e.variants, None, "{n}");
        assert_eq!(e.unlisted, Some(why), "{n}");
        assert!(lgr.are_variants(&"s".repeat(n), &format!("{}ß", "s".repeat(n - 2))), "{n}");
    }
}
