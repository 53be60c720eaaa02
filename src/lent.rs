//! Strings lent name after name on a thread: the spoof check builds a few
//! short strings a name that the batch drops at once, and the allocator's
//! round trip cost more than the work on them. docs/performance.md has
//! the measurements.

use std::cell::RefCell;
use std::thread::LocalKey;

/// A thread's strings to lend ([`take`], [`give_back`]).
pub(crate) type Strings = RefCell<Vec<String>>;

/// The longest string kept for lending, in bytes of capacity: a name's
/// strings are short, and one very long line keeps nothing.
const LONGEST: usize = 1024;

/// An empty string from `pool`, or a new one when it has none.
pub(crate) fn take(pool: &'static LocalKey<Strings>) -> String {
    pool.with_borrow_mut(Vec::pop).unwrap_or_default()
}

/// Gives `text` back to `pool`, emptied, unless its room is past [`LONGEST`].
pub(crate) fn give_back(pool: &'static LocalKey<Strings>, mut text: String) {
    if text.capacity() <= LONGEST {
        text.clear();
        pool.with_borrow_mut(|kept| kept.push(text));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    thread_local! {
        static TEST_STRINGS: Strings = const { RefCell::new(Vec::new()) };
    }

    /// A string given back comes out again empty with its room; a long one is not kept.
    #[test]
    fn lends_strings_back_empty_and_keeps_no_long_one() {
        let mut text = take(&TEST_STRINGS);
        text.push_str("münchen.de");
        let room = text.capacity();
        give_back(&TEST_STRINGS, text);
        let again = take(&TEST_STRINGS);
        assert!(again.is_empty());
        assert_eq!(again.capacity(), room);
        give_back(&TEST_STRINGS, "x".repeat(LONGEST + 1));
        assert!(TEST_STRINGS.with_borrow(Vec::is_empty));
        assert_eq!(take(&TEST_STRINGS).capacity(), 0);
    }
}
