//! Variant labels (RFC 7940 §8.2, RFC 8228), their count estimate and the
//! index label (§8.5), as lgr-core computes them.

use super::estimate::VariantEstimate;
use super::eval::Prepared;
use super::model::*;

/// A generated variant label: code points, the variant types met, and
/// whether every position came from a variant mapping.
pub(crate) struct Generated {
    pub cps: Vec<u32>,
    pub types: TypeSet,
    pub only_variants: bool,
}

/// The state of one generation: the permutations written, the chars placed
/// so far, the steps left.
struct Walk {
    out: Vec<Generated>,
    prefix: Vec<u32>,
    steps: usize,
}

impl Model {
    /// lgr-core's `estimate_variant_number`: the product over the chars
    /// preliminary eligibility took of (non-reflexive variants + 1).
    pub(crate) fn estimate(&self, chars: &[(u32, usize)]) -> VariantEstimate {
        let mut n = VariantEstimate::one();
        for &(id, _) in chars {
            let ch = &self.chars[id as usize];
            let k = ch.variants.iter().filter(|v| v.cps != ch.cps).count();
            n.mul_small(u32::try_from(k + 1).unwrap_or(u32::MAX));
        }
        n
    }

    /// Every permutation of the label over its chars' variant sets, in lgr-core's order
    /// (`_generate_label_variants`), duplicates included; `None` when the walk
    /// takes more than `steps` steps (one per char tried at a position).
    /// Without that bound a run of `s` in the German LGR, split into `s` and
    /// `ss` in Fibonacci-many ways, takes exponential time and memory.
    pub(crate) fn generate(&self, label: &[u32], steps: usize) -> Option<Vec<Generated>> {
        let mut walk = Walk {
            out: Vec::new(),
            prefix: Vec::with_capacity(label.len()),
            steps,
        };
        self.permute(label, false, TypeSet::default(), true, &mut walk)
            .then_some(walk.out)
    }

    /// lgr-core's recursion, depth first: each permutation is written once,
    /// whole, when its last char is placed (lgr-core prepends the chars to the
    /// sub-results on the way back, which gives the same order). `types` and
    /// `only` carry what the chars placed so far contribute. False when the
    /// step budget ran out.
    fn permute(&self, rest: &[u32], has_variant: bool, types: TypeSet, only: bool, w: &mut Walk) -> bool {
        let Some(&first) = rest.first() else { return true };
        let at = w.prefix.len();
        let mut same: Vec<u32> = Vec::new();
        if let Some(list) = self.starting_with(first) {
            let whole: Vec<u32> = w.prefix.iter().chain(rest).copied().collect();
            let whole = Prepared::new(whole);
            for &id in list {
                let ch = &self.chars[id as usize];
                if !ch.variants.is_empty() && rest.starts_with(&ch.cps) && self.context_ok(ch.ctx, &ch.cps, &whole, at) {
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
            if w.steps == 0 {
                return false;
            }
            w.steps -= 1;
            let ch = &self.chars[id as usize];
            let tail = &rest[ch.cps.len()..];
            let mut perms: Vec<(&[u32], TypeSet, bool)> = Vec::new();
            let mut has_reflexive = false;
            for v in &ch.variants {
                if !v.ctx.is_none() {
                    let vl: Vec<u32> = w.prefix.iter().chain(v.cps.iter()).chain(tail).copied().collect();
                    if !self.context_ok(v.ctx, &v.cps, &Prepared::new(vl), at) {
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
            if !tail.is_empty() || has_variant || !ch.variants.is_empty() {
                for (cps, t, is_var) in perms {
                    w.prefix.extend_from_slice(cps);
                    let types = TypeSet(types.0 | t.0);
                    let done = if tail.is_empty() {
                        w.out.push(Generated {
                            cps: w.prefix.clone(),
                            types,
                            only_variants: only & is_var,
                        });
                        true
                    } else {
                        self.permute(tail, is_var | has_variant, types, only & is_var, w)
                    };
                    w.prefix.truncate(at);
                    if !done {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The variant labels of `label` other than itself, with their
    /// dispositions, `invalid` included, sorted by code points (lgr-core's
    /// `compute_label_disposition` with `include_invalid=True`: a label
    /// generated twice keeps the disposition of its first generation); `None`
    /// when generating them takes more than `steps` steps.
    pub(crate) fn variant_labels(&self, label: &[u32], steps: usize) -> Option<Vec<(Vec<u32>, String)>> {
        let mut seen = std::collections::HashSet::new();
        let mut out = Vec::new();
        for g in self.generate(label, steps)? {
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
            out.push((p.cps, disp.to_owned()));
        }
        out.sort();
        Some(out)
    }

    /// §8.5 index label (lgr-core's `generate_index_label`): over every
    /// partition of the label into chars whose context holds, each char
    /// replaced by the least of itself and its variants whose context holds;
    /// the least result. `None` when the label is not in the repertoire.
    ///
    /// lgr-core lists the partitions, which are exponentially many for a run
    /// of `s` in the German LGR (`s` and `ss` are both chars). Each char's
    /// replacement depends only on where it starts and on how long the
    /// partition's first char is (see [`Model::least_form`]), and the least of
    /// `a ++ x` over a set of `x` is `a ++` the least `x`; so the least tail
    /// from each position is computed once, from the end, for each length of
    /// the first char: the same result in polynomial time.
    pub(crate) fn index_label(&self, label: &Prepared, prelim_valid: bool) -> Option<Vec<u32>> {
        if !prelim_valid || label.cps.is_empty() {
            return None;
        }
        let n = label.cps.len();
        // The chars that may start at each position, context checked against the label.
        let starts: Vec<Vec<u32>> = (0..n)
            .map(|at| {
                let rest = &label.cps[at..];
                self.starting_with(rest[0])
                    .unwrap_or(&[])
                    .iter()
                    .copied()
                    .filter(|&id| {
                        let ch = &self.chars[id as usize];
                        rest.starts_with(&ch.cps) && self.context_ok(ch.ctx, &ch.cps, label, at)
                    })
                    .collect()
            })
            .collect();
        let mut best: Option<Vec<u32>> = None;
        let mut first_lengths: Vec<usize> = starts[0].iter().map(|&id| self.chars[id as usize].cps.len()).collect();
        first_lengths.dedup();
        for first_len in first_lengths {
            // tails[at]: the least index of label[at..] partitioned from `at` on, None when it cannot be.
            let mut tails: Vec<Option<Vec<u32>>> = vec![None; n + 1];
            tails[n] = Some(Vec::new());
            for at in (first_len..n).rev() {
                tails[at] = self.least_continuation(label, &starts[at], at, first_len, &tails);
            }
            let firsts: Vec<u32> = starts[0]
                .iter()
                .copied()
                .filter(|&id| self.chars[id as usize].cps.len() == first_len)
                .collect();
            if let Some(index) = self.least_continuation(label, &firsts, 0, first_len, &tails)
                && best.as_ref().is_none_or(|b| index < *b)
            {
                best = Some(index);
            }
        }
        best
    }

    /// The least of `least_form(char) ++ tails[at + char length]` over `chars` starting at `at`.
    fn least_continuation(
        &self,
        label: &Prepared,
        chars: &[u32],
        at: usize,
        first_len: usize,
        tails: &[Option<Vec<u32>>],
    ) -> Option<Vec<u32>> {
        let mut best: Option<Vec<u32>> = None;
        for &id in chars {
            let ch = &self.chars[id as usize];
            let Some(tail) = &tails[at + ch.cps.len()] else { continue };
            let mut index = self.least_form(id, &label.cps, at, first_len).to_vec();
            index.extend_from_slice(tail);
            if best.as_ref().is_none_or(|b| index < *b) {
                best = Some(index);
            }
        }
        best
    }

    /// The least of char `id` (starting at `at`) and its variants whose context
    /// holds. lgr-core checks a variant's context in the label made of the code
    /// points before `at`, the variant, and the label from `at + first_len` on:
    /// it drops the partition's first char's length from the rest at each step,
    /// not the current char's, so that length is part of the answer.
    fn least_form<'m>(&'m self, id: u32, label: &[u32], at: usize, first_len: usize) -> &'m [u32] {
        let ch = &self.chars[id as usize];
        let suffix = &label[(at + first_len).min(label.len())..];
        let mut best: &[u32] = &ch.cps;
        for v in &ch.variants {
            if *v.cps >= *best {
                continue;
            }
            if !v.ctx.is_none() {
                let vl: Vec<u32> = label[..at].iter().chain(v.cps.iter()).chain(suffix).copied().collect();
                if !self.context_ok(v.ctx, &v.cps, &Prepared::new(vl), at) {
                    continue;
                }
            }
            best = &v.cps;
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lgr::{Lgr, LgrSet};

    /// lgr-core's procedure as written: list every partition, index each, take the least.
    fn index_by_partitions(m: &Model, label: &Prepared) -> Option<Vec<u32>> {
        fn partitions(m: &Model, label: &Prepared, at: usize, cur: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            let rest = &label.cps[at..];
            let Some(list) = m.starting_with(rest[0]) else { return };
            for &id in list {
                let ch = &m.chars[id as usize];
                if !rest.starts_with(&ch.cps) || !m.context_ok(ch.ctx, &ch.cps, label, at) {
                    continue;
                }
                cur.push(id);
                if rest.len() > ch.cps.len() {
                    partitions(m, label, at + ch.cps.len(), cur, out);
                } else {
                    out.push(cur.clone());
                }
                cur.pop();
            }
        }
        let mut parts = Vec::new();
        partitions(m, label, 0, &mut Vec::new(), &mut parts);
        parts
            .iter()
            .map(|p| {
                // lgr-core's loop: the rest starts after the first char and loses the
                // current char's length at each step (so `first_len` in `least_form`).
                let first_len = m.chars[p[0] as usize].cps.len();
                let mut at = 0;
                let mut index = Vec::new();
                for &id in p {
                    index.extend_from_slice(m.least_form(id, &label.cps, at, first_len));
                    at += m.chars[id as usize].cps.len();
                }
                index
            })
            .min()
    }

    /// The index label from positions equals the least over listed partitions,
    /// on labels of 1–9 chars drawn from each bundled LGR's chars and their
    /// variants (so sequences, overlapping chars and contexts all occur).
    #[test]
    fn index_label_by_positions_is_the_least_over_partitions() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let (mut compared, mut several) = (0, 0);
        for set in LgrSet::ALL {
            for tag in set.tags() {
                let m = Lgr::bundled(set, tag).unwrap().m;
                let pieces: Vec<&[u32]> = m
                    .chars
                    .iter()
                    .flat_map(|c| std::iter::once(&c.cps).chain(c.variants.iter().map(|v| &v.cps)))
                    .map(|b| &b[..])
                    .collect();
                for _ in 0..60 {
                    let len = 1 + next() as usize % 9;
                    let cps: Vec<u32> = (0..len)
                        .flat_map(|_| pieces[next() as usize % pieces.len()].iter().copied())
                        .collect();
                    let label = Prepared::new(cps);
                    if !label.fits() {
                        continue;
                    }
                    let valid = m.prelim(&label).valid;
                    let want = if valid { index_by_partitions(&m, &label) } else { None };
                    assert_eq!(m.index_label(&label, valid), want, "{set:?}/{tag} {:X?}", label.cps);
                    compared += 1;
                    several += usize::from(want.is_some());
                }
            }
        }
        assert!(
            compared > 8000 && several > 2000,
            "{compared} labels, {several} with an index label"
        );
    }
}
