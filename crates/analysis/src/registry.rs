//! The registry layer of a name: which of its labels a Label Generation
//! Ruleset checks, and that check as the CLI, the batch, the report and the
//! window show it (RFC 7940 §8, RFC 8228). The evaluation itself is `lgr`'s.

use crate::lgr::{DecidedBy, Evaluation, Lgr, LgrSet};
use crate::spoof::ProtectedList;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};

/// An LGR as the command line names it: `SET/TAG` for a bundled one
/// (`second-level-reference/de`, `root-zone/und-Arab`, `full-variant-set/zh`),
/// `SET` for a tag of that set chosen per name ([`tag_for_name`]), or the
/// path of an RFC 7940 XML file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesetSpec {
    /// One of the bundled ICANN sets and a tag of it.
    Bundled {
        /// The set (`second-level-reference`, `root-zone`, `full-variant-set`).
        set: LgrSet,
        /// A tag of the set (`de`, `und-Arab`, …), checked when loaded.
        tag: String,
    },
    /// One of the bundled ICANN sets, the tag chosen for each name by [`tag_for_name`].
    Set(LgrSet),
    /// An RFC 7940 XML file.
    File(PathBuf),
}

impl std::str::FromStr for RulesetSpec {
    type Err = String;

    /// Errors: a `SET/TAG` or `SET` whose set is not one of the three bundled
    /// ones and which is no `.xml` path.
    fn from_str(text: &str) -> Result<RulesetSpec, String> {
        if let Some(set) = LgrSet::from_name(text) {
            return Ok(RulesetSpec::Set(set));
        }
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
            "{text:?} is neither SET/TAG, SET (one of {}) nor an LGR .xml file",
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
    /// Loads `spec`. Errors: an unknown bundled tag, a set without a tag
    /// ([`Registry::per_name`] takes those), an unreadable file, or malformed
    /// XML (the message names the line).
    pub fn load(spec: &RulesetSpec) -> Result<Ruleset, String> {
        match spec {
            RulesetSpec::Bundled { set, tag } => Ruleset::bundled(*set, tag),
            RulesetSpec::Set(set) => Err(format!("{} names no tag; the tags are: {}", set.name(), set.tags().join(" "))),
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

    /// The bundled `set`/`tag`. Errors: an unknown tag (the message lists the set's tags).
    pub fn bundled(set: LgrSet, tag: &str) -> Result<Ruleset, String> {
        let lgr = Lgr::bundled(set, tag)
            .map_err(|error| format!("{error}; the tags of {} are: {}", set.name(), set.tags().join(" ")))?;
        Ok(Ruleset {
            name: format!("{}/{tag}", set.name()),
            lgr,
            root_zone: set == LgrSet::RootZone,
        })
    }

    /// True when every code point of `label` is in the repertoire (with its context).
    pub fn holds(&self, label: &str) -> bool {
        self.lgr.evaluate_without_variants(label).invalid_code_points.is_empty()
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

    /// The check of the name typed as `input`, whose ToUnicode is
    /// `to_unicode`: its label as submitted (see [`submitted_label`]) and,
    /// when UTS #46 changed it, its U-label; naming the `held` names the
    /// U-label is a variant of. `None` when the name has no label for this
    /// LGR (an empty name or label).
    pub fn check(&self, input: &str, to_unicode: &str, held: &HeldNames) -> Option<RegistryCheck> {
        let u_label = checked_label(to_unicode, self.root_zone);
        let submitted = submitted_label(input, self.root_zone).or_else(|| u_label.map(str::to_string))?;
        let submitted = self.label_check(&submitted);
        let u_label = u_label.filter(|u| *u != submitted.label).map(|u| self.label_check(u));
        let label = u_label.as_ref().unwrap_or(&submitted).label.as_str();
        let evaluation = &u_label.as_ref().unwrap_or(&submitted).evaluation;
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
            submitted,
            u_label,
            variant_of,
        })
    }

    fn label_check(&self, label: &str) -> LabelCheck {
        let evaluation = self.lgr.evaluate(label);
        LabelCheck {
            label: label.to_string(),
            rule: self.lgr.describe_action(&evaluation.decided_by),
            evaluation,
        }
    }
}

/// What `--lgr` checks names against: one ruleset, or a bundled set whose
/// tag is chosen per name ([`tag_for_name`]), each ruleset parsed the first
/// time a name needs it; with the names held under it (the protected list).
/// Shared by the batch's threads.
#[derive(Debug)]
pub struct Registry {
    rulesets: Rulesets,
    /// The protected names as `(as written, ToUnicode)`, for the held names of each ruleset.
    protected: Vec<(String, String)>,
}

#[derive(Debug)]
enum Rulesets {
    One(Box<(Ruleset, HeldNames)>),
    /// The set, its tags, and each tag's ruleset once a name needed it.
    PerName(LgrSet, Vec<&'static str>, Vec<OnceLock<(Arc<Ruleset>, HeldNames)>>),
}

impl Registry {
    /// `ruleset`, with the names of `protected` as the names held.
    pub fn new(ruleset: Ruleset, protected: Option<&ProtectedList>) -> Registry {
        let held = protected.map(|list| ruleset.held_from(list)).unwrap_or_default();
        Registry {
            rulesets: Rulesets::One(Box::new((ruleset, held))),
            protected: Vec::new(),
        }
    }

    /// The tags of `set`, one chosen for each name by [`tag_for_name`], with
    /// the names of `protected` as the names held.
    pub fn per_name(set: LgrSet, protected: Option<&ProtectedList>) -> Registry {
        let tags = set.tags();
        let loaded = tags.iter().map(|_| OnceLock::new()).collect();
        let protected = protected
            .map(|list| list.names().iter().map(|n| (n.name.clone(), n.unicode.clone())).collect())
            .unwrap_or_default();
        Registry {
            rulesets: Rulesets::PerName(set, tags, loaded),
            protected,
        }
    }

    /// The check of the name typed as `input` (ToUnicode `to_unicode`):
    /// [`Ruleset::check`] with the names held, under the ruleset chosen for
    /// it. `None` when the name has no label to check; `Some(Err)` when no
    /// tag of the set fits the name ([`tag_for_name`]).
    pub fn check(&self, input: &str, to_unicode: &str) -> Option<Result<RegistryCheck, NoRuleset>> {
        match &self.rulesets {
            Rulesets::One(loaded) => loaded.0.check(input, to_unicode, &loaded.1).map(Ok),
            Rulesets::PerName(set, tags, loaded) => {
                let loaded = |tag: &str| {
                    let index = tags.iter().position(|t| *t == tag)?;
                    Some(loaded[index].get_or_init(|| {
                        let ruleset = Ruleset::bundled(*set, tag).expect("a tag of the set");
                        let held = ruleset.held(self.protected.iter().map(|(n, u)| (n.as_str(), u.as_str())));
                        (Arc::new(ruleset), held)
                    }))
                };
                let label = checked_label(to_unicode, *set == LgrSet::RootZone)?;
                match tag_for_name(*set, to_unicode, |tag| loaded(tag).map(|(ruleset, _)| ruleset.clone())) {
                    Some(tag) => {
                        let (ruleset, held) = loaded(&tag)?;
                        ruleset.check(input, to_unicode, held).map(Ok)
                    }
                    None => Some(Err(NoRuleset {
                        set: *set,
                        label: label.to_string(),
                        script: script_code(label),
                    })),
                }
            }
        }
    }
}

/// No tag of a bundled set fits a name ([`tag_for_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoRuleset {
    /// The set asked for.
    pub set: LgrSet,
    /// The label that would have been checked.
    pub label: String,
    /// The ISO 15924 code of the label's script.
    pub script: &'static str,
}

impl NoRuleset {
    /// "No tag of second-level-reference fits ᚠᚢ: the set has no table for its
    /// TLD's language or its script (Runr); name one with --lgr second-level-reference/TAG."
    pub fn sentence(&self) -> String {
        format!(
            "No tag of {set} fits {label}: the set has no table for its TLD's language or its script ({script}); \
             name one with --lgr {set}/TAG.",
            set = self.set.name(),
            label = self.label,
            script = self.script
        )
    }

    /// The record's `lgr` object in its place: `{ruleset: SET, label, error}`.
    pub fn record(&self) -> Value {
        json!({"ruleset": self.set.name(), "label": self.label, "error": self.sentence()})
    }
}

/// What [`Registry::check`] gave as text, for `explain --lgr`:
/// [`RegistryCheck::explain`] or [`NoRuleset::sentence`].
pub fn lgr_explain(checked: &Result<RegistryCheck, NoRuleset>) -> String {
    match checked {
        Ok(check) => check.explain(),
        Err(none) => format!(
            "Registry (LGR {}): label {:?}\n  {}\n",
            none.set.name(),
            none.label,
            none.sentence()
        ),
    }
}

/// The record's `lgr` object of what [`Registry::check`] gave:
/// [`RegistryCheck::record`] or [`NoRuleset::record`].
pub fn lgr_record(checked: &Result<RegistryCheck, NoRuleset>) -> Value {
    match checked {
        Ok(check) => check.record(),
        Err(none) => none.record(),
    }
}

/// The label an LGR checks in a name (U-labels, as ToUnicode gives them): the
/// TLD for a Root Zone LGR, else the label left of the TLD, or the only label
/// of a one-label name. A trailing root dot is ignored; `None` for an empty label.
pub fn checked_label(name: &str, root_zone: bool) -> Option<&str> {
    pick_label(name, root_zone, &['.'])
}

/// The label separators of RFC 3490 §3.1 (full stop, ideographic, full-width
/// and half-width ideographic full stops), dots before any mapping.
const SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

fn pick_label<'a>(name: &'a str, root_zone: bool, separators: &[char]) -> Option<&'a str> {
    let name = name.strip_suffix(separators).unwrap_or(name);
    let mut labels = name.rsplit(separators);
    let last = labels.next()?;
    let label = if root_zone { last } else { labels.next().unwrap_or(last) };
    (!label.is_empty()).then_some(label)
}

/// The label a registry receives for the name typed as `input`: the label
/// [`checked_label`] picks, split at any of RFC 3490's four dots, with no
/// UTS #46 mapping (a registry's EPP server judges the label as submitted,
/// as lgr-core does); an A-label (`xn--`, any case) is decoded (RFC 3492),
/// lower-cased first, since registries check the U-label it stands for. `None` for an empty label.
pub fn submitted_label(input: &str, root_zone: bool) -> Option<String> {
    let label = pick_label(input, root_zone, &SEPARATORS)?;
    let decoded = label
        .get(..4)
        .filter(|prefix| prefix.eq_ignore_ascii_case("xn--"))
        // DNS ignores ASCII case (RFC 4343), so the A-label's letters carry none into the U-label.
        .and_then(|_| crate::punycode::decode(&label[4..].to_ascii_lowercase()).ok())
        .filter(|decoded| !decoded.is_empty());
    Some(decoded.unwrap_or_else(|| label.to_string()))
}

/// The language of a country-code TLD (ASCII or IDN), as the bundled
/// second-level tags name it, for choosing a table when none is named:
/// `cn`, `tw`, `hk`, `mo`, `sg`, `中国` → `zh`; `jp` → `ja`; `kr`, `한국` → `ko`;
/// `uk` → `en`, not Ukrainian. `None` for a TLD with no single language among
/// the tags (`.be`, `.ch`, `.com`).
pub fn tld_language(tld: &str) -> Option<&'static str> {
    let tld = tld.to_ascii_lowercase();
    TLD_LANGUAGES
        .iter()
        .find(|(_, tlds)| tlds.split(' ').any(|t| t == tld))
        .map(|(language, _)| *language)
}

/// Language tag of the second-level reference set → the ccTLDs (ISO 3166-1
/// and IDN ccTLDs) whose official or main language it is.
const TLD_LANGUAGES: [(&str, &str); 28] = [
    ("zh", "cn tw hk mo sg 中国 中國 台湾 台灣 香港 澳门 澳門 新加坡"),
    ("ja", "jp"),
    ("ko", "kr 한국"),
    (
        "ar",
        "sa ae eg jo kw qa bh om ye iq sy lb ly tn dz ma sd ps mr السعودية امارات مصر الاردن قطر البحرين عمان تونس الجزائر المغرب سودان سورية فلسطين عراق",
    ),
    ("be", "by бел"),
    ("bg", "bg бг"),
    ("da", "dk"),
    ("de", "de at li"),
    ("en", "uk gb us au nz"),
    ("es", "es mx ar cl co pe ve ec gt cu bo do hn py sv ni cr pa uy"),
    ("fi", "fi"),
    ("fr", "fr mc re pm tf wf yt nc pf gp mq gf bl mf"),
    ("he", "il"),
    ("hi", "in भारत"),
    ("hu", "hu"),
    ("is", "is"),
    ("it", "it sm va"),
    ("lt", "lt"),
    ("lv", "lv"),
    ("mk", "mk мкд"),
    ("no", "no"),
    ("pl", "pl"),
    ("pt", "pt br ao mz"),
    ("ru", "ru su рф"),
    ("sr-Cyrl", "rs срб"),
    ("sv", "se"),
    ("th", "th ไทย"),
    ("uk", "ua укр"),
];

/// The tag of `set` a name (its ToUnicode) is checked under when none is
/// named, as `--lgr SET`, the window and the look-alike audit choose it: the
/// TLD's language ([`tld_language`]) when the set has that tag and its
/// repertoire holds the label ([`Ruleset::holds`]), else the label's script
/// (`und-Latn`, `und-Cyrl`, `und-Jpan`, …); `None` when the set has neither.
/// For the Root Zone set, the script of the TLD. `ruleset(tag)` gives the
/// parsed `set`/`tag` (the caller keeps them parsed).
pub fn tag_for_name(set: LgrSet, to_unicode: &str, ruleset: impl FnOnce(&str) -> Option<Arc<Ruleset>>) -> Option<String> {
    TagPicker::new(set).pick(to_unicode, |tag, label| {
        ruleset(tag).is_some_and(|ruleset| ruleset.holds(label))
    })
}

/// [`tag_for_name`] for many names under one set (the look-alike audit's
/// candidates): the set's tags are read once, and the last TLD's language kept.
pub struct TagPicker {
    set: LgrSet,
    tags: Vec<&'static str>,
    /// The last TLD asked about and its [`tld_language`].
    last_tld: Option<(String, Option<&'static str>)>,
}

impl TagPicker {
    /// The picker of `set`'s tags.
    pub fn new(set: LgrSet) -> TagPicker {
        TagPicker {
            set,
            tags: set.tags(),
            last_tld: None,
        }
    }

    /// [`tag_for_name`] of `to_unicode`; `holds(tag, label)` says whether the
    /// tag's repertoire holds the label.
    pub fn pick(&mut self, to_unicode: &str, holds: impl FnOnce(&str, &str) -> bool) -> Option<String> {
        let root_zone = self.set == LgrSet::RootZone;
        let label = checked_label(to_unicode, root_zone).unwrap_or("");
        let tld = to_unicode.trim_end_matches('.').rsplit('.').next().unwrap_or("");
        let language = match &self.last_tld {
            Some((last, language)) if last == tld => *language,
            _ => {
                let language = tld_language(tld);
                self.last_tld = Some((tld.to_string(), language));
                language
            }
        };
        if !root_zone
            && tld != label
            && let Some(language) = language
            && let Some(tag) = self.tags.iter().find(|t| **t == language)
            && holds(tag, label)
        {
            return Some(tag.to_string());
        }
        let script_tag = format!("und-{}", script_code(label));
        self.tags.contains(&script_tag.as_str()).then_some(script_tag)
    }
}

/// ISO 15924 code of the label's first character with a script of its own
/// (`Latn`, `Cyrl`), kana as `Jpan`, Hangul as `Kore`.
fn script_code(label: &str) -> &'static str {
    use unicode_script::{Script, UnicodeScript};
    let script = label
        .chars()
        .map(|c| c.script())
        .find(|s| !matches!(s, Script::Common | Script::Inherited | Script::Unknown))
        .unwrap_or(Script::Latin);
    match script {
        Script::Hiragana | Script::Katakana => "Jpan",
        Script::Hangul => "Kore",
        other => other.short_name(),
    }
}

/// One label under one LGR: the label and what the LGR says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LabelCheck {
    /// The label checked.
    pub label: String,
    /// What the LGR says of it (RFC 7940 §8).
    pub evaluation: Evaluation,
    /// The action that decided, with its rule as the matcher sees it; `None`
    /// when the repertoire decided.
    pub rule: Option<String>,
}

impl LabelCheck {
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

    /// The number of variant labels, the label itself not counted (invalid
    /// ones counted); `None` when they are not listed.
    pub fn variant_count(&self) -> Option<usize> {
        self.evaluation.variants.as_ref().map(Vec::len)
    }

    /// Why the label is not allowed (`U+004D is not in the repertoire`), `None` when it is.
    fn refusal(&self) -> Option<String> {
        let e = &self.evaluation;
        let invalid = self.invalid_code_points();
        if !invalid.is_empty() {
            let verb = if invalid.len() == 1 { "is" } else { "are" };
            Some(format!("{} {verb} not in the repertoire", invalid.join(", ")))
        } else if !e.eligible {
            Some(format!("its disposition is {}: {}", e.disposition, self.rule_text()))
        } else {
            None
        }
    }

    /// The record's fields for this label: `{label, eligible, disposition,
    /// invalid_code_points, rule, index_label, variant_count,
    /// variant_estimate, variants}`.
    fn record(&self) -> Value {
        let e = &self.evaluation;
        let mut record = json!({
            "label": self.label,
            "eligible": e.eligible,
            "disposition": e.disposition,
            "invalid_code_points": self.invalid_code_points(),
            "rule": self.rule_text(),
            "index_label": e.index_label,
            "variant_count": self.variant_count(),
            "variant_estimate": match e.variant_estimate.to_u64() {
                Some(estimate) => json!(estimate),
                None => json!(e.variant_estimate.to_string()),
            },
        });
        if let Some(variants) = &e.variants {
            record["variants"] = variants
                .iter()
                .map(|v| json!({"label": v.label, "disposition": v.disposition}))
                .collect();
        }
        record
    }

    /// The code points, index label and variants as text lines, indented.
    fn explain_into(&self, out: &mut String) {
        use std::fmt::Write;
        let e = &self.evaluation;
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
        if !e.eligible {
            return;
        }
        match &e.variants {
            Some(variants) => {
                let _ = writeln!(
                    out,
                    "  Variant labels: {} ({}; lgr-core's estimate: {} with the label itself)",
                    variants.len(),
                    disposition_counts(variants),
                    e.variant_estimate
                );
                for variant in variants {
                    let _ = writeln!(out, "    {} {}", variant.label, variant.disposition);
                }
            }
            None => {
                let _ = writeln!(
                    out,
                    "  Variant labels: not listed ({}); lgr-core's estimate: {} with the label itself",
                    e.unlisted.map(|u| u.to_string()).unwrap_or_default(),
                    e.variant_estimate
                );
            }
        }
    }
}

/// `1 allocatable, 4 blocked, 1 invalid`: the variants per disposition, in
/// order of first appearance by disposition name.
pub fn disposition_counts(variants: &[crate::lgr::VariantLabel]) -> String {
    let mut counts: std::collections::BTreeMap<&str, usize> = std::collections::BTreeMap::new();
    for v in variants {
        *counts.entry(v.disposition.as_str()).or_default() += 1;
    }
    if counts.is_empty() {
        return "none".to_string();
    }
    counts.iter().map(|(d, n)| format!("{n} {d}")).collect::<Vec<_>>().join(", ")
}

/// One name's LGR check: its label as submitted and, when UTS #46 mapping
/// changes it, its U-label, each with what the LGR says of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryCheck {
    /// The LGR's name (`second-level-reference/de`).
    pub ruleset: String,
    /// The label as submitted (see [`submitted_label`]): what a registry receives.
    pub submitted: LabelCheck,
    /// The U-label ToUnicode gives (see [`checked_label`]), when it differs
    /// from the label as submitted (`mobile` for `Mobile`).
    pub u_label: Option<LabelCheck>,
    /// Held names (see [`Ruleset::held`]) whose label the U-label is a variant of.
    pub variant_of: Vec<HeldVariant>,
}

impl RegistryCheck {
    /// The U-label's check: [`RegistryCheck::u_label`], or the label as
    /// submitted when that is already the U-label.
    pub fn u_label_check(&self) -> &LabelCheck {
        self.u_label.as_ref().unwrap_or(&self.submitted)
    }

    /// The record's `lgr` object: `{ruleset, label, eligible, disposition,
    /// invalid_code_points: ["U+00E0", …], rule, index_label, variant_count,
    /// variant_estimate, variants: [{label, disposition}], u_label,
    /// variant_of}` for the label as submitted. `variant_count` is the
    /// number of variant labels listed (every disposition, the label itself
    /// not counted; null when not listed), `variants` only when listed
    /// (sorted by code points), `variant_estimate` lgr-core's estimate (the
    /// label itself counted; a decimal string beyond 2⁶⁴). `u_label` holds
    /// the same fields for the U-label when it differs, else null.
    pub fn record(&self) -> Value {
        let mut record = self.submitted.record();
        let object = record.as_object_mut().expect("a label record is an object");
        object.insert("ruleset".to_string(), json!(self.ruleset));
        object.insert(
            "u_label".to_string(),
            self.u_label.as_ref().map_or(Value::Null, LabelCheck::record),
        );
        if !self.variant_of.is_empty() {
            object.insert(
                "variant_of".to_string(),
                self.variant_of
                    .iter()
                    .map(|held| json!({"name": held.name, "disposition": held.disposition}))
                    .collect(),
            );
        }
        record
    }

    /// The label as submitted against its U-label, in one sentence; `None`
    /// when they are the same: "`Mobile` is not allowed as written under
    /// second-level-reference/de (U+004D is not in the repertoire); its U-label
    /// `mobile` is."
    pub fn as_written(&self) -> Option<String> {
        let u = self.u_label.as_ref()?;
        let written = &self.submitted;
        let first = match written.refusal() {
            Some(why) => format!("{} is not allowed as written under {} ({why})", written.label, self.ruleset),
            None => format!(
                "{} is allowed as written under {} (disposition {})",
                written.label, self.ruleset, written.evaluation.disposition
            ),
        };
        let second = match (written.refusal().is_some(), u.refusal()) {
            (true, None) => format!("its U-label {} is", u.label),
            (false, None) => format!("so is its U-label {}", u.label),
            (true, Some(why)) => format!("nor is its U-label {} ({why})", u.label),
            (false, Some(why)) => format!("its U-label {} is not ({why})", u.label),
        };
        Some(format!("{first}; {second}."))
    }

    /// The check in one or two sentences, as support staff need it: the label
    /// as submitted against its U-label when they differ ([`Self::as_written`]),
    /// then what the U-label may be registered as.
    pub fn sentence(&self) -> String {
        let main = self.u_label_sentence();
        match self.as_written() {
            Some(first) => format!("{first} {main}"),
            None => main,
        }
    }

    fn u_label_sentence(&self) -> String {
        let check = self.u_label_check();
        let e = &check.evaluation;
        let label = &check.label;
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
        if let Some(why) = check.refusal() {
            return format!("{label} cannot be registered under {}: {why}.", self.ruleset);
        }
        let variants = match &e.variants {
            Some(variants) if variants.is_empty() => "it has no variant labels".to_string(),
            Some(variants) => format!(
                "it has {} variant label{} ({})",
                variants.len(),
                if variants.len() == 1 { "" } else { "s" },
                disposition_counts(variants)
            ),
            None => format!(
                "its variant labels are not listed ({}); lgr-core estimates {} labels with this one",
                e.unlisted.map(|u| u.to_string()).unwrap_or_default(),
                e.variant_estimate
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
        let mut out = String::new();
        let _ = writeln!(out, "Registry (LGR {}): label {:?}", self.ruleset, self.submitted.label);
        let _ = writeln!(out, "  {}", self.sentence());
        if let Some(u) = &self.u_label {
            let _ = writeln!(out, "  As written: {:?}", self.submitted.label);
            self.submitted.explain_into(&mut out);
            let _ = writeln!(out, "  U-label (after UTS #46 mapping): {:?}", u.label);
            u.explain_into(&mut out);
        } else {
            self.submitted.explain_into(&mut out);
        }
        for held in &self.variant_of {
            let _ = writeln!(
                out,
                "  Variant of the held name {}: {}",
                held.name,
                held.disposition.as_deref().unwrap_or("disposition not listed")
            );
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
    fn the_submitted_label_is_split_at_any_dot_and_not_mapped() {
        assert_eq!(submitted_label("Mobile.de", false).as_deref(), Some("Mobile"));
        assert_eq!(submitted_label("www.Mobile\u{3002}de", false).as_deref(), Some("Mobile"));
        assert_eq!(submitted_label("ĳssel\u{FF0E}nl\u{FF61}", false).as_deref(), Some("ĳssel"));
        assert_eq!(submitted_label("xn--strae-oqa.de", false).as_deref(), Some("straße"));
        assert_eq!(submitted_label("XN--STRAE-OQA.de", false).as_deref(), Some("straße"));
        // Not Punycode: the label as it is.
        assert_eq!(submitted_label("xn--ü.de", false).as_deref(), Some("xn--ü"));
        assert_eq!(submitted_label("a.DE.", true).as_deref(), Some("DE"));
        assert_eq!(submitted_label("", false), None);
        assert_eq!(submitted_label(".de", false), None);
    }

    #[test]
    fn a_tld_names_its_language_table() {
        for (tld, language) in [
            ("cn", "zh"),
            ("TW", "zh"),
            ("hk", "zh"),
            ("mo", "zh"),
            ("sg", "zh"),
            ("中国", "zh"),
            ("jp", "ja"),
            ("kr", "ko"),
            ("한국", "ko"),
            ("de", "de"),
            ("at", "de"),
            ("uk", "en"),
            ("ua", "uk"),
            ("ar", "es"),
            ("рф", "ru"),
        ] {
            assert_eq!(tld_language(tld), Some(language), "{tld}");
        }
        for tld in ["be", "ch", "com", "org", "xn--p1ai", ""] {
            assert_eq!(tld_language(tld), None, "{tld}");
        }
        // One table per language, each a tag of the second-level set.
        let tags = LgrSet::SecondLevel.tags();
        for (language, tlds) in TLD_LANGUAGES {
            assert!(tags.contains(&language), "{language}");
            for tld in tlds.split(' ') {
                assert_eq!(tld_language(tld), Some(language), "{tld} listed twice");
            }
        }
    }

    #[test]
    fn the_tag_for_a_name_is_the_tld_language_then_the_script() {
        let second = LgrSet::SecondLevel;
        let tag = |set: LgrSet, name: &str| tag_for_name(set, name, |tag| Ruleset::bundled(set, tag).ok().map(Arc::new));
        assert_eq!(tag(second, "國家.cn").as_deref(), Some("zh"));
        assert_eq!(tag_for_name(second, "國家.cn", |_| None).as_deref(), Some("und-Hani"));
        assert_eq!(tag(second, "straße.de").as_deref(), Some("de"));
        assert_eq!(tag(second, "ø.de").as_deref(), Some("und-Latn"), "de's repertoire lacks ø");
        assert_eq!(tag(second, "example.uk").as_deref(), Some("en"));
        assert_eq!(tag(second, "київ.be").as_deref(), Some("und-Cyrl"));
        assert_eq!(tag(second, "ひらがな.jp").as_deref(), Some("ja"));
        assert_eq!(tag(second, "ひらがな.com").as_deref(), Some("und-Jpan"));
        assert_eq!(
            tag(second, "cn").as_deref(),
            Some("und-Latn"),
            "a one-label name has no TLD of its own"
        );
        assert_eq!(tag(LgrSet::RootZone, "a.рф").as_deref(), Some("und-Cyrl"));
        assert_eq!(tag(second, "ᚠᚢ.com"), None, "no table for Runic");
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
        assert_eq!("root-zone".parse(), Ok(RulesetSpec::Set(LgrSet::RootZone)));
        assert_eq!("my.xml".parse(), Ok(RulesetSpec::File(PathBuf::from("my.xml"))));
        assert!("registry/de".parse::<RulesetSpec>().unwrap_err().contains("SET/TAG"));
        assert!(
            Ruleset::load(&RulesetSpec::Set(LgrSet::RootZone)).is_err(),
            "Registry::per_name takes a set"
        );
    }
}
