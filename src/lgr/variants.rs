//! Variant labels (RFC 7940 §8.2, RFC 8228), their count estimate and the
//! index label (§8.5), as lgr-core computes them.

use super::eval::Prepared;
use super::model::*;

/// A generated variant label: code points, the variant types met, and
/// whether every position came from a variant mapping.
pub(crate) struct Generated {
    pub cps: Vec<u32>,
    pub types: TypeSet,
    pub only_variants: bool,
}

impl Model {
    /// lgr-core's estimate: the product over the label's chars of (non-reflexive variants + 1).
    pub(crate) fn estimate(&self, chars: &[(u32, usize)]) -> u128 {
        chars.iter().fold(1u128, |n, &(id, _)| {
            let ch = &self.chars[id as usize];
            let k = ch.variants.iter().filter(|v| v.cps != ch.cps).count() as u128;
            n.saturating_mul(k + 1)
        })
    }

    /// Every permutation of the label over its chars' variant sets, in lgr-core's order
    /// (`_generate_label_variants`), duplicates included.
    pub(crate) fn generate(&self, label: &[u32]) -> Vec<Generated> {
        let mut out = Vec::new();
        self.permute(label, &[], false, &mut out);
        out
    }

    fn permute(&self, rest: &[u32], prefix: &[u32], has_variant: bool, out: &mut Vec<Generated>) {
        let Some(&first) = rest.first() else { return };
        let mut same: Vec<u32> = Vec::new();
        if let Some(list) = self.starting_with(first) {
            let whole: Vec<u32> = prefix.iter().chain(rest).copied().collect();
            let whole = Prepared::new(whole);
            for &id in list {
                let ch = &self.chars[id as usize];
                if !ch.variants.is_empty() && rest.starts_with(&ch.cps) && self.context_ok(ch.ctx, &ch.cps, &whole, prefix.len())
                {
                    same.push(id);
                }
            }
            if same.is_empty() {
                // No char with variants here: the longest char that fits, context unchecked.
                if let Some(&id) = list.iter().find(|&&id| rest.starts_with(&self.chars[id as usize].cps)) {
                    same.push(id);
                }
            }
            let seqs: Vec<u32> = same
                .iter()
                .copied()
                .filter(|&id| self.chars[id as usize].cps.len() > 1)
                .collect();
            for s in seqs {
                let n = self.chars[s as usize].cps.len();
                for &id in list {
                    let c = &self.chars[id as usize].cps;
                    if c.len() < n && rest.starts_with(c) {
                        same.push(id);
                    }
                }
            }
        }
        for id in same {
            let ch = &self.chars[id as usize];
            let tail = &rest[ch.cps.len()..];
            let mut perms: Vec<(&[u32], TypeSet, bool)> = Vec::new();
            let mut has_reflexive = false;
            for v in &ch.variants {
                if !v.ctx.is_none() {
                    let vl: Vec<u32> = prefix.iter().chain(v.cps.iter()).chain(tail).copied().collect();
                    if !self.context_ok(v.ctx, &v.cps, &Prepared::new(vl), prefix.len()) {
                        continue;
                    }
                }
                // A variant without a type adds no type here (unlike a reflexive one in §8.3).
                let t = if v.ty == NO_TYPE {
                    TypeSet::default()
                } else {
                    TypeSet::default().with(v.ty)
                };
                if v.cps == ch.cps {
                    has_reflexive = true;
                }
                perms.push((&v.cps, t, true));
            }
            if !has_reflexive {
                perms.insert(0, (&ch.cps, TypeSet::default(), false));
            }
            if !tail.is_empty() {
                for (cps, t, is_var) in perms {
                    let mut p2 = prefix.to_vec();
                    p2.extend_from_slice(cps);
                    let mut sub = Vec::new();
                    self.permute(tail, &p2, is_var | has_variant, &mut sub);
                    for g in sub {
                        let mut c = cps.to_vec();
                        c.extend_from_slice(&g.cps);
                        out.push(Generated {
                            cps: c,
                            types: TypeSet(g.types.0 | t.0),
                            only_variants: is_var & g.only_variants,
                        });
                    }
                }
            } else if has_variant || !ch.variants.is_empty() {
                for (cps, t, is_var) in perms {
                    out.push(Generated {
                        cps: cps.to_vec(),
                        types: t,
                        only_variants: is_var,
                    });
                }
            }
        }
    }

    /// The variant labels of `label` other than itself, with their
    /// dispositions, invalid ones dropped (lgr-core's `compute_label_disposition`).
    pub(crate) fn variant_labels(&self, label: &[u32]) -> Vec<(Vec<u32>, String)> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for g in self.generate(label) {
            if !seen.insert(g.cps.clone()) || g.cps == label {
                continue;
            }
            let p = Prepared::new(g.cps);
            let (eligible, _, _, _) = self.eligible(&p, true);
            let disp = if eligible {
                self.apply_actions(&p, g.types, g.only_variants).0
            } else {
                "invalid"
            };
            if disp != "invalid" {
                out.push((p.cps, disp.to_owned()));
            }
        }
        out.sort();
        out
    }

    /// §8.5 index label (lgr-core's `generate_index_label`): over every
    /// partition of the label into chars whose context holds, each char
    /// replaced by the least of itself and its variants whose context holds;
    /// the least result. `None` when the label is not in the repertoire.
    pub(crate) fn index_label(&self, label: &Prepared, prelim_valid: bool) -> Option<Vec<u32>> {
        if !prelim_valid || label.cps.is_empty() {
            return None;
        }
        let mut parts = Vec::new();
        self.partitions(label, 0, &mut Vec::new(), &mut parts);
        parts.iter().map(|p| self.index_of_partition(p)).min()
    }

    fn partitions(&self, label: &Prepared, at: usize, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let rest = &label.cps[at..];
        let Some(list) = self.starting_with(rest[0]) else { return };
        for &id in list {
            let ch = &self.chars[id as usize];
            if !rest.starts_with(&ch.cps) || !self.context_ok(ch.ctx, &ch.cps, label, at) {
                continue;
            }
            cur.push(id);
            if rest.len() > ch.cps.len() {
                self.partitions(label, at + ch.cps.len(), cur, out);
            } else {
                out.push(cur.clone());
            }
            cur.pop();
        }
    }

    fn index_of_partition(&self, chars: &[u32]) -> Vec<u32> {
        let mut index = Vec::new();
        let mut prefix: Vec<u32> = Vec::new();
        let mut suffix: Vec<u32> = chars
            .iter()
            .skip(1)
            .flat_map(|&id| self.chars[id as usize].cps.iter().copied())
            .collect();
        let mut at = 0;
        for &id in chars {
            let ch = &self.chars[id as usize];
            let mut best: &[u32] = &ch.cps;
            for v in &ch.variants {
                if *v.cps >= *best {
                    continue;
                }
                if !v.ctx.is_none() {
                    let vl: Vec<u32> = prefix.iter().chain(v.cps.iter()).chain(&suffix).copied().collect();
                    if !self.context_ok(v.ctx, &v.cps, &Prepared::new(vl), at) {
                        continue;
                    }
                }
                best = &v.cps;
            }
            index.extend_from_slice(best);
            prefix.extend_from_slice(&ch.cps);
            // lgr-core drops the current char's length from the suffix, not the next one's.
            suffix.drain(..ch.cps.len().min(suffix.len()));
            at += ch.cps.len();
        }
        index
    }
}
