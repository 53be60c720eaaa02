//! Label Generation Rulesets (RFC 7940), evaluated as ICANN's reference
//! implementation lgr-core does: which labels a registry accepts, with what
//! disposition, and which variant labels (RFC 8228) each one blocks.
//!
//! ```
//! use idna_inspector_analysis::lgr::{Lgr, LgrSet};
//! let lgr = Lgr::bundled(LgrSet::SecondLevel, "de").unwrap();
//! let e = lgr.evaluate("straße");
//! assert!(e.eligible);
//! assert_eq!(e.index_label.as_deref(), Some("strasse"));
//! ```

mod bundled;
mod classes;
mod estimate;
mod eval;
mod matcher;
mod model;
mod parse;
mod variants;

pub use bundled::LgrSet;
pub use classes::CpSet;
pub use estimate::VariantEstimate;
pub use model::Meta;

use eval::Prepared;
use model::Model;
use std::fmt;

/// Variant labels are listed only when lgr-core's estimate is at most this.
pub const VARIANT_LIST_LIMIT: u128 = 4096;

/// Variant labels are listed only when generating them (lgr-core's walk over
/// each char's variants, position by position) takes at most this many steps,
/// one per char tried at a position. The estimate counts one split of the
/// label into chars; where chars overlap (`s` and `ss` in the German LGR) the
/// splits, and the steps, grow exponentially with the label's length.
pub const VARIANT_GENERATION_STEPS: usize = 1 << 18;

/// The longest label whose variants are generated (RFC 1035 §2.3.4; lgr-core refuses longer ones).
pub const MAX_VARIANT_LABEL: usize = 63;

/// An LGR file that cannot be used: what is wrong and, for the XML, on which line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LgrError {
    /// 1-based line in the XML, when the error belongs to one.
    pub line: Option<u32>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LgrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for LgrError {}

/// A parsed Label Generation Ruleset (RFC 7940). Cheap to share across threads.
#[derive(Debug)]
pub struct Lgr {
    m: Model,
}

/// What decided a label's disposition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DecidedBy {
    /// A code point outside the repertoire, or whose context rule failed
    /// (§8.1): no action ran.
    Repertoire,
    /// The label is longer than the matcher takes (255 code points).
    TooLong,
    /// The label is empty.
    Empty,
    /// An action of the file (`default: false`, index among the file's
    /// actions) or a default action of RFC 7940 §7.6 (`default: true`).
    Action {
        /// 0-based, among the file's actions or among the default actions.
        index: usize,
        /// True for one of RFC 7940's default actions.
        default: bool,
        /// The action as written (`disp="blocked" any-variant="blocked"`).
        text: String,
        /// Its `comment`, if any.
        comment: Option<String>,
    },
}

/// Why an evaluation lists no variant labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unlisted {
    /// [`Lgr::evaluate_without_variants`] was asked.
    NotAsked,
    /// The label is not eligible.
    NotEligible,
    /// The label is longer than [`MAX_VARIANT_LABEL`] code points.
    TooLong,
    /// lgr-core's estimate exceeds [`VARIANT_LIST_LIMIT`].
    TooMany,
    /// Generating them takes more than [`VARIANT_GENERATION_STEPS`] steps.
    TooManySteps,
}

impl fmt::Display for Unlisted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unlisted::NotAsked => f.write_str("not asked for"),
            Unlisted::NotEligible => f.write_str("the label is not eligible"),
            Unlisted::TooLong => write!(f, "the label is longer than {MAX_VARIANT_LABEL} code points"),
            Unlisted::TooMany => write!(f, "more than {VARIANT_LIST_LIMIT} by lgr-core's estimate"),
            Unlisted::TooManySteps => write!(
                f,
                "generating them takes more than {VARIANT_GENERATION_STEPS} steps (the label splits into chars in too many ways)"
            ),
        }
    }
}

/// A position of the label that is not in the repertoire (§8.1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidCodePoint {
    /// 0-based code point index in the label.
    pub index: usize,
    /// The code point.
    pub cp: u32,
    /// The context rules (`when` or `not-when`) that failed for chars starting
    /// here; empty when no char of the repertoire starts with this code point.
    pub failed_rules: Vec<String>,
}

/// One position of the label as preliminary eligibility saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodePointFact {
    /// 0-based code point index in the label.
    pub index: usize,
    /// The code point, or the sequence the repertoire lists from here.
    pub code_points: Vec<u32>,
    /// True when in the repertoire (and its context held).
    pub in_repertoire: bool,
    /// The context rule that decided, as `when=NAME` or `not-when=NAME`
    /// (failed ones when not in the repertoire, comma-separated); `None` when no rule applies.
    pub context: Option<String>,
    /// 1-based line of the `char` or `range` element, when in the repertoire.
    pub line: Option<u32>,
}

/// A variant label and its disposition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantLabel {
    /// The variant label.
    pub label: String,
    /// Its disposition (`blocked`, `allocatable`, …).
    pub disposition: String,
}

/// Everything the LGR says about one label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluation {
    /// True when the label may be registered under this LGR (§8.1 and a
    /// disposition other than `invalid`).
    pub eligible: bool,
    /// The label's disposition (`valid`, `invalid`, `blocked`, …; §7.3).
    pub disposition: String,
    /// The positions not in the repertoire, in label order.
    pub invalid_code_points: Vec<InvalidCodePoint>,
    /// What decided the disposition.
    pub decided_by: DecidedBy,
    /// The index label (§8.5), when every position is in the repertoire.
    pub index_label: Option<String>,
    /// lgr-core's estimate of the number of labels in the variant set, the
    /// label itself included, over the chars in the repertoire (exact; 1 for
    /// an empty label or one too long for the matcher).
    pub variant_estimate: VariantEstimate,
    /// The variant labels other than the label itself, of every disposition
    /// (`invalid` included), sorted by code points; `None` when they are not
    /// listed, for the reason in `unlisted`.
    pub variants: Option<Vec<VariantLabel>>,
    /// Why `variants` is `None`; `None` when they are listed.
    pub unlisted: Option<Unlisted>,
    /// Each position as preliminary eligibility saw it.
    pub code_points: Vec<CodePointFact>,
}

fn to_string(cps: &[u32]) -> String {
    cps.iter()
        .map(|&c| char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect()
}

impl Lgr {
    /// Parses RFC 7940 XML. Errors: malformed XML, a missing or bad attribute
    /// (`cp`, `count`, …), a reference to a rule or class not defined before
    /// its use (§6.2.1, §6.3.4), a Unicode property other than `gc`/`jt`, a
    /// class operator with the wrong number of operands (§6.2.6); each names
    /// its line.
    pub fn parse(xml: &str) -> Result<Lgr, LgrError> {
        Ok(Lgr { m: parse::parse(xml)? })
    }

    /// One of the bundled ICANN LGRs, by set and tag (`de`, `und-Latn`, `zh`, …).
    /// Errors: an unknown tag.
    pub fn bundled(set: LgrSet, tag: &str) -> Result<Lgr, LgrError> {
        let xml = bundled::xml(set, tag).ok_or_else(|| LgrError {
            line: None,
            message: format!("no bundled LGR {}/{tag}", set.name()),
        })?;
        Lgr::parse(&xml)
    }

    /// The `meta` element.
    pub fn meta(&self) -> &Meta {
        &self.m.meta
    }

    /// Number of `action` elements in the file (the default actions follow them).
    pub fn action_count(&self) -> usize {
        self.m.actions.len()
    }

    /// Number of chars (code points and sequences) in the repertoire.
    pub fn repertoire_size(&self) -> usize {
        self.m.chars.len()
    }

    /// Every code point the file names: of each char of the repertoire
    /// (sequences split, ranges expanded) and of each of their variants;
    /// ascending, once each.
    pub fn code_points(&self) -> Vec<u32> {
        let mut cps: Vec<u32> = self
            .m
            .chars
            .iter()
            .flat_map(|c| c.cps.iter().chain(c.variants.iter().flat_map(|v| v.cps.iter())))
            .copied()
            .collect();
        cps.sort_unstable();
        cps.dedup();
        cps
    }

    /// Evaluates `label` (one label, no dots): eligibility, disposition,
    /// index label, variant count and, when few enough, the variant labels.
    pub fn evaluate(&self, label: &str) -> Evaluation {
        self.evaluate_inner(label, true)
    }

    /// As [`Lgr::evaluate`], without listing the variants (`variants` is `None`).
    pub fn evaluate_without_variants(&self, label: &str) -> Evaluation {
        self.evaluate_inner(label, false)
    }

    fn evaluate_inner(&self, label: &str, list: bool) -> Evaluation {
        let cps: Vec<u32> = label.chars().map(u32::from).collect();
        let p = Prepared::new(cps);
        let mut e = Evaluation {
            eligible: false,
            disposition: "invalid".into(),
            invalid_code_points: Vec::new(),
            decided_by: DecidedBy::Empty,
            index_label: None,
            variant_estimate: VariantEstimate::one(),
            variants: None,
            unlisted: Some(Unlisted::NotEligible),
            code_points: Vec::new(),
        };
        if p.cps.is_empty() {
            return e;
        }
        if !p.fits() {
            e.decided_by = DecidedBy::TooLong;
            return e;
        }
        let (eligible, prelim, disp, action) = self.m.eligible(&p, false);
        e.eligible = eligible;
        e.disposition = disp.to_owned();
        e.decided_by = match action {
            Some(k) => self.action(k),
            None => DecidedBy::Repertoire,
        };
        let rule_name = |r: u32| self.m.rules[r as usize].name.clone().unwrap_or_default();
        e.invalid_code_points = prelim
            .invalid
            .iter()
            .map(|(i, cp, rules)| InvalidCodePoint {
                index: *i,
                cp: *cp,
                failed_rules: rules.iter().map(|&r| rule_name(r)).collect(),
            })
            .collect();
        let mut facts: Vec<CodePointFact> = prelim
            .chars
            .iter()
            .map(|&(id, i)| {
                let ch = &self.m.chars[id as usize];
                let context = match (ch.ctx.when, ch.ctx.not_when) {
                    (Some(w), _) => Some(format!("when={}", rule_name(w))),
                    (None, Some(n)) => Some(format!("not-when={}", rule_name(n))),
                    _ => None,
                };
                CodePointFact {
                    index: i,
                    code_points: ch.cps.to_vec(),
                    in_repertoire: true,
                    context,
                    line: Some(ch.line),
                }
            })
            .collect();
        facts.extend(e.invalid_code_points.iter().map(|inv| CodePointFact {
            index: inv.index,
            code_points: vec![inv.cp],
            in_repertoire: false,
            context: (!inv.failed_rules.is_empty()).then(|| inv.failed_rules.join(",")),
            line: None,
        }));
        facts.sort_by_key(|f| f.index);
        e.code_points = facts;
        e.index_label = self.m.index_label(&p, prelim.valid).map(|l| to_string(&l));
        e.variant_estimate = self.m.estimate(&prelim.chars);
        e.unlisted = if !list {
            Some(Unlisted::NotAsked)
        } else if !eligible {
            Some(Unlisted::NotEligible)
        } else if p.cps.len() > MAX_VARIANT_LABEL {
            Some(Unlisted::TooLong)
        } else if e.variant_estimate.to_u128().is_none_or(|n| n > VARIANT_LIST_LIMIT) {
            Some(Unlisted::TooMany)
        } else {
            match self.m.variant_labels(&p.cps, VARIANT_GENERATION_STEPS) {
                Some(labels) => {
                    e.variants = Some(
                        labels
                            .into_iter()
                            .map(|(cps, disposition)| VariantLabel {
                                label: to_string(&cps),
                                disposition,
                            })
                            .collect(),
                    );
                    None
                }
                None => Some(Unlisted::TooManySteps),
            }
        };
        e
    }

    fn action(&self, k: usize) -> DecidedBy {
        match self.m.actions.get(k) {
            Some(a) => DecidedBy::Action {
                index: k,
                default: false,
                text: a.source.clone(),
                comment: a.comment.clone(),
            },
            None => {
                let d = &eval::DEFAULT_ACTIONS[k - self.m.actions.len()];
                let text = if d.kind.is_empty() {
                    format!("disp=\"{}\"", d.disp)
                } else {
                    format!("disp=\"{}\" {}=\"{}\"", d.disp, d.kind, d.ty)
                };
                DecidedBy::Action {
                    index: k - self.m.actions.len(),
                    default: true,
                    text,
                    comment: None,
                }
            }
        }
    }

    /// The index label (§8.5) of `label`; `None` when a position is not in the repertoire.
    pub fn index_label(&self, label: &str) -> Option<String> {
        let p = Prepared::new(label.chars().map(u32::from).collect());
        if p.cps.is_empty() || !p.fits() {
            return None;
        }
        let prelim = self.m.prelim(&p);
        self.m.index_label(&p, prelim.valid).map(|l| to_string(&l))
    }

    /// True when `a` and `b` are variants of each other (any disposition)
    /// under this LGR: both in the repertoire with the same index label (§8.5).
    pub fn are_variants(&self, a: &str, b: &str) -> bool {
        match (self.index_label(a), self.index_label(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// The named rule as the matcher sees it (regular-expression notation, see
    /// `describe_action`); `None` for an unknown name.
    pub fn describe_rule(&self, name: &str) -> Option<String> {
        let &r = self.m.rule_names.get(name)?;
        Some(self.describe_rule_id(r))
    }

    fn describe_rule_id(&self, r: u32) -> String {
        matcher::describe(&self.m.rules[r as usize].nodes, &|i| self.m.class_names[i as usize].clone())
    }

    /// An action of the effective list (the file's, then the defaults) as
    /// text, with its rule as the matcher sees it: `^`/`$` start and end,
    /// `⚓` the anchor, `.` any code point, `[name]` a class, `(?<=…)`/`(?=…)`
    /// look-behind/ahead, `{n,m}` a count.
    pub fn describe_action(&self, decided: &DecidedBy) -> Option<String> {
        let DecidedBy::Action {
            index, default, text, ..
        } = decided
        else {
            return None;
        };
        if *default {
            return Some(format!("default action: {text}"));
        }
        let a = self.m.actions.get(*index)?;
        let rule = a
            .match_rule
            .map(|r| ("match", r))
            .or(a.not_match_rule.map(|r| ("not-match", r)));
        Some(match rule {
            Some((kind, r)) => format!("{text}  [{kind}: {}]", self.describe_rule_id(r)),
            None => text.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled file parses to the repertoire, variant, rule and action
    /// counts lgr-core's parser gives (tests/data/lgr/repertoires.tsv, written
    /// by tools/lgr-oracle/repertoires.py).
    #[test]
    fn bundled_files_match_lgr_core_counts() {
        let tsv = include_str!("../../../../tests/data/lgr/repertoires.tsv");
        let mut n = 0;
        for line in tsv.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let lgr = Lgr::bundled(LgrSet::from_name(f[0]).unwrap(), f[1]).unwrap_or_else(|e| panic!("{line}: {e}"));
            let vars: usize = lgr.m.chars.iter().map(|c| c.variants.len()).sum();
            let got = [lgr.m.chars.len(), vars, lgr.m.rules.len(), lgr.m.actions.len()];
            let want: Vec<usize> = f[2..6].iter().map(|x| x.parse().unwrap()).collect();
            assert_eq!(got.to_vec(), want, "{}/{} (chars, variants, rules, actions)", f[0], f[1]);
            n += 1;
        }
        assert_eq!(n, 143);
    }
}
