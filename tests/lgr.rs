//! The LGR engine (src/lgr): RFC 7940's examples, lgr-core's surprising
//! behaviours on ICANN's files, malformed files, and agreement with
//! lgr-core on the probe labels of tests/data/lgr/.

use idna_inspector::lgr::{DecidedBy, Lgr, LgrSet};

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

/// Every probe label of tests/data/lgr/probes.jsonl (lgr-core's answers,
/// produced by tools/lgr-oracle/oracle.py) agrees with the engine: eligibility,
/// disposition, deciding action, invalid code points (with the failed rules),
/// index label, variant estimate, and the variant list with dispositions.
#[test]
fn agrees_with_lgr_core_on_every_probe() {
    use std::collections::BTreeMap;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/lgr/probes.jsonl")).unwrap();
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert!(header.get("header").is_some());
    let mut lgrs: BTreeMap<(String, String), Lgr> = BTreeMap::new();
    let mut per_tag: BTreeMap<(String, String), (usize, usize)> = BTreeMap::new();
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
        if e.variant_count.to_string() != raw_number(line, "estimate") {
            diffs.push(format!(
                "estimate {} (lgr-core {})",
                e.variant_count,
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
        if diffs.is_empty() {
            entry.1 += 1;
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
    eprintln!("{listed} variant lists compared");
    for f in failures.iter().take(25) {
        eprintln!("DISAGREE {f}");
    }
    assert!(
        failures.is_empty(),
        "{} of the probe labels disagree with lgr-core",
        failures.len()
    );
    assert!(per_tag.len() == 14 && listed > 1000);
}

fn entry_key(row: &serde_json::Value) -> &str {
    row["set"].as_str().unwrap()
}
