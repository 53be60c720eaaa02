//! Label evaluation (RFC 7940 §7 actions, §8.1 eligibility, §8.3
//! dispositions), step for step as lgr-core does it: each position takes the
//! longest char (sequence) whose context rule holds there; any position
//! without one makes the label invalid before any action runs; the actions
//! then run in document order, followed by the default actions (§7.6).

use super::matcher::{self, Bits, MAX_UNITS, Text};
use super::model::*;

/// A label prepared for the matcher.
pub(crate) struct Prepared {
    pub cps: Vec<u32>,
    pub units: Vec<u16>,
    pub boundaries: Bits,
}

impl Prepared {
    pub(crate) fn new(cps: Vec<u32>) -> Prepared {
        let mut units = Vec::with_capacity(cps.len() + 2);
        let boundaries = matcher::encode_label(&cps, &mut units);
        Prepared { cps, units, boundaries }
    }

    pub(crate) fn fits(&self) -> bool {
        self.units.len() <= MAX_UNITS
    }
}

/// One entry of the default actions (§7.6), as lgr-core appends them.
pub(crate) struct DefaultAction {
    pub disp: &'static str,
    pub kind: &'static str,
    pub ty: &'static str,
}

pub(crate) const DEFAULT_ACTIONS: [DefaultAction; 5] = [
    DefaultAction {
        disp: "invalid",
        kind: "any-variant",
        ty: "invalid",
    },
    DefaultAction {
        disp: "blocked",
        kind: "any-variant",
        ty: "blocked",
    },
    DefaultAction {
        disp: "allocatable",
        kind: "any-variant",
        ty: "allocatable",
    },
    DefaultAction {
        disp: "activated",
        kind: "all-variants",
        ty: "activated",
    },
    DefaultAction {
        disp: "valid",
        kind: "",
        ty: "",
    },
];

/// The outcome of preliminary eligibility: the chars taken (id, index) and
/// the positions that failed (index, code point, rules that failed there).
pub(crate) struct Prelim {
    pub valid: bool,
    pub chars: Vec<(u32, usize)>,
    pub invalid: Vec<(usize, u32, Vec<u32>)>,
}

impl Model {
    /// Does rule `rule` match `label`? With `anchor`, at code point index `index`.
    /// A label longer than the matcher takes (only a variant label built from
    /// very long variant sequences) matches no rule.
    pub(crate) fn rule_matches(&self, rule: u32, label: &Prepared, anchor: Option<&[u32]>, index: usize) -> bool {
        if !label.fits() {
            return false;
        }
        let mut buf = Vec::new();
        let anchor_units = anchor.map(|a| {
            matcher::utf16(a, &mut buf);
            buf.as_slice()
        });
        let t = Text {
            units: &label.units,
            boundaries: label.boundaries,
            anchor: anchor_units,
            classes: &self.classes,
        };
        matcher::matches(&self.rules[rule as usize].nodes, &t, index)
    }

    /// lgr-core's context test: `when` must match, else `not-when` must not.
    #[inline]
    pub(crate) fn context_ok(&self, ctx: Context, anchor: &[u32], label: &Prepared, index: usize) -> bool {
        if let Some(w) = ctx.when {
            self.rule_matches(w, label, Some(anchor), index)
        } else if let Some(n) = ctx.not_when {
            !self.rule_matches(n, label, Some(anchor), index)
        } else {
            true
        }
    }

    /// §8.1: every position must start a char of the repertoire whose context holds.
    pub(crate) fn prelim(&self, label: &Prepared) -> Prelim {
        let cps = &label.cps;
        let mut p = Prelim {
            valid: true,
            chars: Vec::with_capacity(cps.len()),
            invalid: Vec::new(),
        };
        let mut i = 0;
        while i < cps.len() {
            let Some(list) = self.starting_with(cps[i]) else {
                p.valid = false;
                p.invalid.push((i, cps[i], Vec::new()));
                i += 1;
                continue;
            };
            let mut failed = Vec::new();
            let mut taken = None;
            for &id in list {
                let ch = &self.chars[id as usize];
                if !cps[i..].starts_with(&ch.cps) {
                    continue;
                }
                if !self.context_ok(ch.ctx, &ch.cps, label, i) {
                    failed.extend(ch.ctx.when.or(ch.ctx.not_when));
                    continue;
                }
                taken = Some(id);
                break;
            }
            match taken {
                Some(id) => {
                    p.chars.push((id, i));
                    i += self.chars[id as usize].cps.len();
                }
                None => {
                    p.valid = false;
                    p.invalid.push((i, cps[i], failed));
                    i += 1;
                }
            }
        }
        p
    }

    /// The disposition of an eligible label from its reflexive variants
    /// (lgr-core's `_test_label_disposition`: every position, every char
    /// starting there whose context holds, even inside a sequence).
    pub(crate) fn label_disposition(&self, label: &Prepared, reflexive: bool) -> (&str, usize) {
        let cps = &label.cps;
        let mut only_variants = true;
        let mut disp = TypeSet::default();
        for i in 0..cps.len() {
            let Some(list) = self.starting_with(cps[i]) else { continue };
            for &id in list {
                let ch = &self.chars[id as usize];
                if !cps[i..].starts_with(&ch.cps) || !self.context_ok(ch.ctx, &ch.cps, label, i) {
                    continue;
                }
                let mut is_variant = false;
                if reflexive {
                    for v in ch.reflexive() {
                        if self.context_ok(v.ctx, &v.cps, label, i) {
                            disp = disp.with(v.ty);
                            is_variant = true;
                        }
                    }
                }
                only_variants &= is_variant;
            }
        }
        let only_variants = only_variants && !disp.is_empty();
        self.apply_actions(label, disp, only_variants)
    }

    /// §7.3: the first action (then default action) that triggers; its
    /// disposition and index in the effective list (actions, then defaults).
    pub(crate) fn apply_actions(&self, label: &Prepared, disp: TypeSet, only_variants: bool) -> (&str, usize) {
        for (k, a) in self.actions.iter().enumerate() {
            let Some(d) = &a.disp else { continue };
            if let Some(r) = a.match_rule {
                if !self.rule_matches(r, label, None, 0) {
                    continue;
                }
            } else if let Some(r) = a.not_match_rule
                && self.rule_matches(r, label, None, 0)
            {
                continue;
            }
            let ok = match a.cond {
                VariantCond::None => true,
                VariantCond::Any(s) => s.0 & disp.0 != 0,
                VariantCond::All(s) => !disp.is_empty() && disp.0 & !s.0 == 0,
                VariantCond::Only(s) => only_variants && !disp.is_empty() && disp.0 & !s.0 == 0,
            };
            if ok {
                return (d, k);
            }
        }
        for (k, d) in DEFAULT_ACTIONS.iter().enumerate() {
            let ty = self.types.iter().position(|t| t == d.ty).map(|t| 1u128 << t).unwrap_or(0);
            let ok = match d.kind {
                "any-variant" => ty & disp.0 != 0,
                "all-variants" => !disp.is_empty() && disp.0 & !ty == 0,
                _ => true,
            };
            if ok {
                return (d.disp, self.actions.len() + k);
            }
        }
        unreachable!("the last default action always triggers")
    }

    /// lgr-core's `test_label_eligible`: (eligible, prelim, disposition, action index or None).
    pub(crate) fn eligible(&self, label: &Prepared, is_variant: bool) -> (bool, Prelim, &str, Option<usize>) {
        let p = self.prelim(label);
        if !p.valid {
            return (false, p, "invalid", None);
        }
        let (d, k) = self.label_disposition(label, !is_variant);
        (d != "invalid", p, d, Some(k))
    }
}
