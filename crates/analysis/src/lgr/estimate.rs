//! lgr-core's variant estimate as an exact unsigned integer: a product of
//! small factors, one per char of the label, which passes 2¹²⁸ for long
//! labels of the full variant sets.

use std::fmt;

/// lgr-core's `estimate_variant_number` (lgr/core.py): the product over the
/// label's chars of (non-reflexive variants + 1). It counts the label itself
/// and every permutation of one split of the label into chars, before
/// contexts and duplicates are considered. Exact at any size; `Display` gives
/// the decimal digits.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct VariantEstimate {
    /// Base 2³² digits, least significant first, no trailing zeros (zero is empty).
    limbs: Vec<u32>,
}

impl VariantEstimate {
    /// 1: the label alone.
    pub(crate) fn one() -> VariantEstimate {
        VariantEstimate { limbs: vec![1] }
    }

    /// Multiplies by `k`.
    pub(crate) fn mul_small(&mut self, k: u32) {
        let mut carry = 0u64;
        for limb in &mut self.limbs {
            let x = u64::from(*limb) * u64::from(k) + carry;
            *limb = x as u32;
            carry = x >> 32;
        }
        if carry > 0 {
            self.limbs.push(carry as u32);
        }
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    /// The value when it fits in a `u128`.
    pub fn to_u128(&self) -> Option<u128> {
        if self.limbs.len() > 4 {
            return None;
        }
        Some(self.limbs.iter().rev().fold(0u128, |n, &l| n << 32 | u128::from(l)))
    }

    /// The value when it fits in a `u64`.
    pub fn to_u64(&self) -> Option<u64> {
        self.to_u128().and_then(|n| u64::try_from(n).ok())
    }
}

impl fmt::Display for VariantEstimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(n) = self.to_u128() {
            return write!(f, "{n}");
        }
        // Repeated division by 10⁹, most significant limb first.
        let mut limbs = self.limbs.clone();
        let mut chunks = Vec::new();
        while !limbs.is_empty() {
            let mut rem = 0u64;
            for limb in limbs.iter_mut().rev() {
                let x = rem << 32 | u64::from(*limb);
                *limb = (x / 1_000_000_000) as u32;
                rem = x % 1_000_000_000;
            }
            while limbs.last() == Some(&0) {
                limbs.pop();
            }
            chunks.push(rem as u32);
        }
        let mut text = chunks.pop().unwrap_or(0).to_string();
        for chunk in chunks.iter().rev() {
            text.push_str(&format!("{chunk:09}"));
        }
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn products_are_exact_past_2_to_the_128() {
        let mut e = VariantEstimate::one();
        assert_eq!((e.to_string(), e.to_u64()), ("1".to_string(), Some(1)));
        for _ in 0..130 {
            e.mul_small(2);
        }
        assert_eq!(e.to_u128(), None);
        assert_eq!(e.to_string(), "1361129467683753853853498429727072845824"); // 2^130
        let mut e = VariantEstimate::one();
        for _ in 0..40 {
            e.mul_small(1_000);
        }
        assert_eq!(e.to_string(), format!("1{}", "0".repeat(120)));
        e.mul_small(0);
        assert_eq!(e.to_string(), "0");
    }
}
