//! Results of pure label checks remembered per thread: nearly every name
//! of a batch ends in one of a few TLDs, and the checks on the TLD label
//! are the same each time. What it relies on: docs/design.md.

use std::cell::RefCell;
use std::collections::HashMap;
use std::thread::LocalKey;

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

/// `compute()`, or what it gave before on this thread for the same
/// `parts`. `compute` must be a function of `parts` alone.
fn remember<V: Clone + 'static>(memo: &'static LocalKey<RefCell<Memo<V>>>, parts: &[&str], compute: impl FnOnce() -> V) -> V {
    let found = memo.with_borrow_mut(|memo| {
        let Memo { map, key } = memo;
        build_key(key, parts);
        map.get(key.as_str()).cloned()
    });
    if let Some(value) = found {
        return value;
    }
    // Computed outside the borrow: `compute` may use other memos.
    let value = compute();
    memo.with_borrow_mut(|memo| {
        if memo.key.len() > Memo::<V>::LONGEST {
            return;
        }
        if memo.map.len() >= Memo::<V>::CAPACITY {
            memo.map.clear();
        }
        memo.map.insert(memo.key.as_str().into(), value.clone());
    });
    value
}

/// [`remember`] when `when` holds (the label is a TLD), else `compute()`:
/// a label that is not a TLD rarely comes back, and is not kept.
pub(crate) fn remember_when<V: Clone + 'static>(
    when: bool,
    memo: &'static LocalKey<RefCell<Memo<V>>>,
    parts: &[&str],
    compute: impl FnOnce() -> V,
) -> V {
    match when {
        true => remember(memo, parts, compute),
        false => compute(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static TEST_MEMO: RefCell<Memo<String>> = RefCell::new(Memo::new());
    }

    /// A result is computed once per key; keys whose parts join to the same
    /// text are different keys; long keys are not kept; a full memo starts
    /// over and still answers right.
    #[test]
    fn remembers_each_key_once_and_stays_bounded() {
        let calls = Cell::new(0);
        let join = |parts: &[&str]| {
            remember(&TEST_MEMO, parts, || {
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
        assert!(TEST_MEMO.with_borrow(|memo| memo.map.len()) <= Memo::<String>::CAPACITY);
        assert_eq!(join(&["ab", "c"]), "ab|c");
    }
}
