//! Strings lent name after name on a thread: the spoof check builds a few
//! short strings a name that the batch drops at once, and the allocator's
//! round trip cost more than the work on them. What it relies on:
//! docs/design.md.

use std::cell::RefCell;
use std::thread::LocalKey;

/// A thread's strings to lend ([`take`], [`give_back`]).
pub(crate) type Strings = RefCell<Vec<String>>;

/// The longest string kept for lending, in bytes of capacity: a name's
/// strings are short, and one very long line keeps nothing.
const LONGEST: usize = 1024;

/// The most strings a pool keeps. A name borrows one or two at a time, but a
/// caller may give back strings that never came from the pool (a verdict
/// decided early makes its own): without a cap the pool would keep one for
/// every such name, and memory would grow with the input
/// (`tests/cli.rs::protected_batch_memory_stays_flat`).
const MOST_KEPT: usize = 8;

/// An empty string from `pool`, or a new one when it has none.
pub(crate) fn take(pool: &'static LocalKey<Strings>) -> String {
    pool.with_borrow_mut(Vec::pop).unwrap_or_default()
}

/// Gives `text` back to `pool`, emptied, unless its room is past
/// [`LONGEST`] or the pool holds [`MOST_KEPT`] already.
pub(crate) fn give_back(pool: &'static LocalKey<Strings>, mut text: String) {
    if text.capacity() <= LONGEST {
        text.clear();
        pool.with_borrow_mut(|kept| {
            if kept.len() < MOST_KEPT {
                kept.push(text);
            }
        });
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

    /// Strings given back without having been taken fill the pool up to
    /// [`MOST_KEPT`] and no further.
    #[test]
    fn keeps_at_most_most_kept_strings() {
        for _ in 0..10 * MOST_KEPT {
            give_back(&TEST_STRINGS, String::with_capacity(16));
        }
        assert_eq!(TEST_STRINGS.with_borrow(Vec::len), MOST_KEPT);
    }
}
