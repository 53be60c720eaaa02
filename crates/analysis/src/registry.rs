//! The registry layer of a name: which of its labels a Label Generation
//! Ruleset checks, and that check as the CLI, the batch, the report and the
//! window show it (RFC 7940 §8, RFC 8228). The evaluation itself is `lgr`'s.

use crate::lgr::{DecidedBy, Evaluation, Lgr, LgrSet};
use crate::spoof::ProtectedList;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::PathBuf;

/// An LGR as the command line names it: `SET/TAG` for a bundled one
/// (`second-level-reference/de`, `root-zone/und-Arab`, `full-variant-set/zh`)
/// or the path of an RFC 7940 XML file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetSpec {
    /// One of the bundled ICANN sets and a tag of it.
    Bundled {
        /// The set (`second-level-reference`, `root-zone`, `full-variant-set`).
        set: LgrSet,
        /// A tag of the set (`de`, `und-Arab`, …), checked when loaded.
        tag: String,
    },
    /// An RFC 7940 XML file.
    File(PathBuf),
}

impl std::str::FromStr for RulesetSpec {
    type Err = String;

    /// Errors: a `SET/TAG` whose set is not one of the three bundled ones and
    /// which is no `.xml` path.
    fn from_str(text: &str) -> Result<RulesetSpec, String> {
        if let Some((set, tag)) = text.split_once('/')
            && let Some(set) = LgrSet::from_name(set)
        {
            return Ok(RulesetSpec::Bundled {
                set,
                tag: tag.to_string(),
            });
        }
        if text.ends_with(".xml") || std::path::Path::new(text).is_file() {
            return Ok(RulesetSpec::File(PathBuf::from(text)));
        }
        let sets: Vec<&str> = LgrSet::ALL.iter().map(|s| s.name()).collect();
        Err(format!(
            "{text:?} is neither SET/TAG (SET one of {}) nor an LGR .xml file",
            sets.join(", ")
        ))
    }
}

/// A loaded LGR with the name it is shown under.
#[derive(Debug)]
pub struct Ruleset {
    /// `second-level-reference/de`, or the file's path.
    pub name: String,
    /// The parsed LGR.
    pub lgr: Lgr,
    /// A Root Zone LGR checks the TLD; the others the label left of it.
    pub root_zone: bool,
}

/// Names already held (the protected list) as one ruleset sees them: by the
/// index label of their checked label, (the name as written, that label).
#[derive(Clone, Debug, Default)]
pub struct HeldNames {
    by_index: HashMap<String, Vec<(String, String)>>,
}

/// A held name the checked label is a variant of (RFC 8228: same index label).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeldVariant {
    /// The held name, as the protected list writes it.
    pub name: String,
    /// The checked label's disposition as a variant of the held name's label;
    /// `None` when the held label's variants are too many to list.
    pub disposition: Option<String>,
}

impl Ruleset {
    /// Loads `spec`. Errors: an unknown bundled tag, an unreadable file, or
    /// malformed XML (the message names the line).
    pub fn load(spec: &RulesetSpec) -> Result<Ruleset, String> {
        match spec {
            RulesetSpec::Bundled { set, tag } => {
                let lgr = Lgr::bundled(*set, tag)
                    .map_err(|error| format!("{error}; the tags of {} are: {}", set.name(), set.tags().join(" ")))?;
                Ok(Ruleset {
                    name: format!("{}/{tag}", set.name()),
                    lgr,
                    root_zone: *set == LgrSet::RootZone,
                })
            }
            RulesetSpec::File(path) => {
                let xml =
                    std::fs::read_to_string(path).map_err(|error| format!("cannot read the LGR {}: {error}", path.display()))?;
                let lgr = Lgr::parse(&xml).map_err(|error| format!("the LGR {}: {error}", path.display()))?;
                Ok(Ruleset {
                    name: path.display().to_string(),
                    lgr,
                    root_zone: false,
                })
            }
        }
    }

    /// Names already held — `(as written, ToUnicode)` pairs, e.g. the
    /// protected list — for [`Ruleset::check`] to name those a label is a
    /// variant of. Names whose label is outside the repertoire are left out.
    pub fn held<'a>(&self, names: impl IntoIterator<Item = (&'a str, &'a str)>) -> HeldNames {
        let mut held = HeldNames::default();
        for (name, unicode) in names {
            if let Some(label) = checked_label(unicode, self.root_zone)
                && let Some(index) = self.lgr.index_label(label)
            {
                held.by_index
                    .entry(index)
                    .or_default()
                    .push((name.to_string(), label.to_string()));
            }
        }
        held
    }

    /// [`Ruleset::held`] of the protected names.
    pub fn held_from(&self, protected: &ProtectedList) -> HeldNames {
        self.held(protected.names().iter().map(|n| (n.name.as_str(), n.unicode.as_str())))
    }

    /// The check of the name whose ToUnicode is `to_unicode`, naming the
    /// `held` names its label is a variant of; `None` when the name has no
    /// label for this LGR (an empty name or label).
    pub fn check(&self, to_unicode: &str, held: &HeldNames) -> Option<RegistryCheck> {
        let label = checked_label(to_unicode, self.root_zone)?;
        let evaluation = self.lgr.evaluate(label);
        let variant_of = match evaluation.index_label.as_ref().and_then(|index| held.by_index.get(index)) {
            Some(held) => held
                .iter()
                .filter(|(_, held_label)| held_label != label)
                .map(|(name, held_label)| HeldVariant {
                    name: name.clone(),
                    disposition: self
                        .lgr
                        .evaluate(held_label)
                        .variants
                        .and_then(|variants| variants.into_iter().find(|v| v.label == label).map(|v| v.disposition)),
                })
                .collect(),
            None => Vec::new(),
        };
        Some(RegistryCheck {
            ruleset: self.name.clone(),
            label: label.to_string(),
            rule: self.lgr.describe_action(&evaluation.decided_by),
            evaluation,
            variant_of,
        })
    }
}

/// A ruleset with the names held under it (the protected list): what
/// `--lgr` and the window's Registry tab check names against.
#[derive(Debug)]
pub struct Registry {
    /// The LGR names are checked against.
    pub ruleset: Ruleset,
    /// The names already held under it, by index label.
    pub held: HeldNames,
}

impl Registry {
    /// `ruleset`, with the names of `protected` as the names held.
    pub fn new(ruleset: Ruleset, protected: Option<&ProtectedList>) -> Registry {
        let held = protected.map(|list| ruleset.held_from(list)).unwrap_or_default();
        Registry { ruleset, held }
    }

    /// [`Ruleset::check`] with the names held.
    pub fn check(&self, to_unicode: &str) -> Option<RegistryCheck> {
        self.ruleset.check(to_unicode, &self.held)
    }
}

/// The label an LGR checks in a name (U-labels, as ToUnicode gives them): the
/// TLD for a Root Zone LGR, else the label left of the TLD, or the only label
/// of a one-label name. A trailing root dot is ignored; `None` for an empty label.
pub fn checked_label(name: &str, root_zone: bool) -> Option<&str> {
    let name = name.strip_suffix('.').unwrap_or(name);
    let mut labels = name.rsplit('.');
    let last = labels.next()?;
    let label = if root_zone { last } else { labels.next().unwrap_or(last) };
    (!label.is_empty()).then_some(label)
}

/// One name's LGR check: the label checked and what the LGR says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryCheck {
    /// The LGR's name (`second-level-reference/de`).
    pub ruleset: String,
    /// The label checked (see [`checked_label`]).
    pub label: String,
    /// What the LGR says of the label (RFC 7940 §8).
    pub evaluation: Evaluation,
    /// The action that decided, with its rule as the matcher sees it; `None`
    /// when the repertoire decided.
    pub rule: Option<String>,
    /// Held names (see [`Ruleset::held`]) whose label this one is a variant of.
    pub variant_of: Vec<HeldVariant>,
}

impl RegistryCheck {
    /// The record's `lgr` object: `{ruleset, label, eligible, disposition,
    /// invalid_code_points: ["U+00E0", …], rule, index_label, variant_count,
    /// variants: [{label, disposition}]}`; `variants` only when listed
    /// (sorted by code points), `variant_count` a string when beyond 2⁶⁴.
    pub fn record(&self) -> Value {
        let e = &self.evaluation;
        let mut record = json!({
            "ruleset": self.ruleset,
            "label": self.label,
            "eligible": e.eligible,
            "disposition": e.disposition,
            "invalid_code_points": self.invalid_code_points(),
            "rule": self.rule_text(),
            "index_label": e.index_label,
            "variant_count": match u64::try_from(e.variant_count) {
                Ok(count) => json!(count),
                Err(_) => json!(e.variant_count.to_string()),
            },
        });
        if let Some(variants) = &e.variants {
            record["variants"] = variants
                .iter()
                .map(|v| json!({"label": v.label, "disposition": v.disposition}))
                .collect();
        }
        if !self.variant_of.is_empty() {
            record["variant_of"] = self
                .variant_of
                .iter()
                .map(|held| json!({"name": held.name, "disposition": held.disposition}))
                .collect();
        }
        record
    }

    /// `U+00E0` for each position outside the repertoire.
    pub fn invalid_code_points(&self) -> Vec<String> {
        self.evaluation
            .invalid_code_points
            .iter()
            .map(|invalid| format!("U+{:04X}", invalid.cp))
            .collect()
    }

    /// What decided, in words: the action with its rule, or the repertoire.
    pub fn rule_text(&self) -> String {
        match (&self.rule, &self.evaluation.decided_by) {
            (Some(rule), _) => rule.clone(),
            (None, DecidedBy::Repertoire) => "repertoire (RFC 7940 §8.1): a code point is not in it".to_string(),
            (None, DecidedBy::TooLong) => "too long for the matcher".to_string(),
            (None, DecidedBy::Empty) => "empty label".to_string(),
            (None, DecidedBy::Action { text, .. }) => text.clone(),
        }
    }

    /// The check in one sentence, as support staff need it.
    pub fn sentence(&self) -> String {
        let e = &self.evaluation;
        let label = &self.label;
        if let Some(held) = self.variant_of.first() {
            return match &held.disposition {
                Some(disposition) => format!(
                    "{label} is a variant of {} under {}, with disposition {disposition}: {}.",
                    held.name,
                    self.ruleset,
                    match disposition.as_str() {
                        "blocked" => "the registry refuses it while that name is held",
                        "allocatable" => "only the holder of that name may register it",
                        _ => "the registry's policy for that disposition decides",
                    }
                ),
                None => format!(
                    "{label} is a variant of {} under {} (same index label); its disposition is not listed \
                     because that name has too many variants.",
                    held.name, self.ruleset
                ),
            };
        }
        if !e.invalid_code_points.is_empty() {
            return format!(
                "{label} cannot be registered under {}: {} not in its repertoire.",
                self.ruleset,
                self.invalid_code_points().join(", ")
            );
        }
        if !e.eligible {
            return format!(
                "{label} cannot be registered under {}: its disposition is {} ({}).",
                self.ruleset,
                e.disposition,
                self.rule_text()
            );
        }
        let variants = match &e.variants {
            Some(variants) if variants.is_empty() => "it has no variant labels".to_string(),
            Some(variants) => format!(
                "registering it blocks or reserves its {} variant label{}",
                variants.len(),
                if variants.len() == 1 { "" } else { "s" }
            ),
            None => format!(
                "it has about {} variant labels, not listed: {}",
                e.variant_count,
                e.unlisted.map(|u| u.to_string()).unwrap_or_default()
            ),
        };
        format!(
            "{label} can be registered under {} (disposition {}); {variants}.",
            self.ruleset, e.disposition
        )
    }

    /// The check as text, for `explain --lgr`.
    pub fn explain(&self) -> String {
        use std::fmt::Write;
        let e = &self.evaluation;
        let mut out = String::new();
        let _ = writeln!(out, "Registry (LGR {}): label {:?}", self.ruleset, self.label);
        let _ = writeln!(out, "  {}", self.sentence());
        let _ = writeln!(out, "  Disposition: {}; eligible: {}", e.disposition, e.eligible);
        let _ = writeln!(out, "  Decided by: {}", self.rule_text());
        for fact in &e.code_points {
            let code_points: Vec<String> = fact.code_points.iter().map(|cp| format!("U+{cp:04X}")).collect();
            let _ = writeln!(
                out,
                "    {} {}{}",
                code_points.join(" "),
                if fact.in_repertoire {
                    "in the repertoire"
                } else {
                    "NOT in the repertoire"
                },
                fact.context.as_ref().map(|c| format!(" ({c})")).unwrap_or_default()
            );
        }
        if let Some(index) = &e.index_label {
            let _ = writeln!(out, "  Index label: {index}");
        }
        for held in &self.variant_of {
            let _ = writeln!(
                out,
                "  Variant of the held name {}: {}",
                held.name,
                held.disposition.as_deref().unwrap_or("disposition not listed")
            );
        }
        let _ = writeln!(out, "  Variant labels: {} (estimate)", e.variant_count);
        match &e.variants {
            Some(variants) => {
                for variant in variants {
                    let _ = writeln!(out, "    {} {}", variant.label, variant.disposition);
                }
            }
            None if e.eligible && e.variant_count > 1 => {
                let _ = writeln!(
                    out,
                    "    (not listed: {})",
                    e.unlisted.map(|u| u.to_string()).unwrap_or_default()
                );
            }
            None => {}
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checked_label_is_left_of_the_tld_or_the_tld_for_the_root_zone() {
        assert_eq!(checked_label("straße.de", false), Some("straße"));
        assert_eq!(checked_label("www.straße.de.", false), Some("straße"));
        assert_eq!(checked_label("straße", false), Some("straße"));
        assert_eq!(checked_label("straße.de", true), Some("de"));
        assert_eq!(checked_label(".de", false), None);
        assert_eq!(checked_label("", false), None);
    }

    #[test]
    fn specs_name_a_bundled_set_or_a_file() {
        assert_eq!(
            "second-level-reference/de".parse(),
            Ok(RulesetSpec::Bundled {
                set: LgrSet::SecondLevel,
                tag: "de".to_string()
            })
        );
        assert_eq!("my.xml".parse(), Ok(RulesetSpec::File(PathBuf::from("my.xml"))));
        assert!("registry/de".parse::<RulesetSpec>().unwrap_err().contains("SET/TAG"));
    }
}
