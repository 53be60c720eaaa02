//! Results of pure label checks remembered by one worker (a batch's
//! converting thread, which owns its memos and hands them down): nearly
//! every name of a batch ends in one of a few TLDs, and the checks on the
//! TLD label are the same each time. What it relies on: docs/design.md.

use std::collections::HashMap;

/// One check's remembered results, keyed by its text arguments.
///
/// Memory is bounded: at most [`Memo::CAPACITY`] keys of at most
/// [`Memo::LONGEST`] bytes; when full, the memo is emptied. Keys are hashed
/// with aHash under keys drawn at random, as in the batch's name memory.
pub(crate) struct Memo<V> {
    map: HashMap<Box<str>, V, ahash::RandomState>,
    /// The key being looked up, built here so that a look-up allocates nothing.
    key: String,
}

impl<V: Clone> Memo<V> {
    /// Keys kept: the world has about 1,500 TLDs.
    pub const CAPACITY: usize = 4096;
    /// The longest key kept, in bytes (a label has at most 63 ASCII characters).
    pub const LONGEST: usize = 256;

    pub fn new() -> Self {
        Memo {
            map: HashMap::default(),
            key: String::new(),
        }
    }
}

impl<V: Clone> Default for Memo<V> {
    fn default() -> Self {
        Self::new()
    }
}

/// Writes `parts` into `key` so that different parts give different keys:
/// each part preceded by its length, as one code point beyond the BMP
/// (formatting the number took more than the look-up).
fn build_key(key: &mut String, parts: &[&str]) {
    key.clear();
    for part in parts {
        match u32::try_from(part.len())
            .ok()
            .and_then(|length| char::from_u32(0x1_0000 + length))
        {
            Some(length) => key.push(length),
            // A part of a megabyte or more: its length in digits, then a colon.
            None => {
                key.push_str(&part.len().to_string());
                key.push(':');
            }
        }
        key.push_str(part);
    }
}

impl<V: Clone> Memo<V> {
    /// `compute()`, or what it gave before for the same `parts` when
    /// `when` holds (the label is a TLD): a label that is not a TLD rarely
    /// comes back, and is not kept. `compute` must be a function of `parts`
    /// alone.
    pub(crate) fn remember_when(&mut self, when: bool, parts: &[&str], compute: impl FnOnce() -> V) -> V {
        if !when {
            return compute();
        }
        build_key(&mut self.key, parts);
        if let Some(value) = self.map.get(self.key.as_str()) {
            return value.clone();
        }
        let value = compute();
        if self.key.len() <= Self::LONGEST {
            if self.map.len() >= Self::CAPACITY {
                self.map.clear();
            }
            self.map.insert(self.key.as_str().into(), value.clone());
        }
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    /// A result is computed once per key; keys whose parts join to the same
    /// text are different keys; long keys are not kept; a full memo starts
    /// over and still answers right.
    #[test]
    fn remembers_each_key_once_and_stays_bounded() {
        let calls = Cell::new(0);
        let mut memo = Memo::new();
        let mut join = |parts: &[&str]| {
            memo.remember_when(true, parts, || {
                calls.set(calls.get() + 1);
                parts.join("|")
            })
        };
        assert_eq!(join(&["ab", "c"]), "ab|c");
        assert_eq!(join(&["ab", "c"]), "ab|c");
        assert_eq!(calls.get(), 1);
        assert_eq!(join(&["a", "bc"]), "a|bc", "a different split is a different key");
        assert_eq!(calls.get(), 2);
        let long = "x".repeat(Memo::<String>::LONGEST);
        join(&[&long]);
        join(&[&long]);
        assert_eq!(calls.get(), 4, "a key over the limit is computed each time");
        for i in 0..Memo::<String>::CAPACITY + 10 {
            assert_eq!(join(&[&i.to_string()]), i.to_string());
        }
        assert_eq!(join(&["ab", "c"]), "ab|c");
        assert!(memo.map.len() <= Memo::<String>::CAPACITY);
        // Not when `when` is false: computed each time, and not kept.
        let before = calls.get();
        assert_eq!(memo.remember_when(false, &["zz"], || "zz".to_string()), "zz");
        assert!(!memo.map.contains_key("\u{10002}zz"));
        assert_eq!(calls.get(), before);
    }
}
