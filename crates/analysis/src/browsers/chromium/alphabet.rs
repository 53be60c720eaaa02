//! The alphabet of a set of skeletons: the characters the top-domain step
//! can find in a key. Shared with build.rs, which computes the built-in
//! top domains' alphabet, with their keys, before the program runs (reading
//! the 8,458 keys at run time was a cost to every process that met a
//! non-ASCII name).

use std::borrow::Cow;

/// The characters a set of skeletons holds (Chromium's top domains' are all ASCII).
#[derive(Clone, Debug, Default)]
pub(crate) struct Alphabet {
    pub(crate) ascii: u128,
    /// Sorted.
    pub(crate) other: Cow<'static, [char]>,
}

impl Alphabet {
    /// Adds the characters of `text`.
    pub(crate) fn add(&mut self, text: &str) {
        for c in text.chars() {
            match c.is_ascii() {
                true => self.ascii |= 1 << (c as u32),
                false => {
                    if let Err(at) = self.other.binary_search(&c) {
                        self.other.to_mut().insert(at, c);
                    }
                }
            }
        }
    }

    /// Whether it holds a non-ASCII character.
    pub(crate) fn any_non_ascii(&self) -> bool {
        !self.other.is_empty()
    }

    /// Whether some skeleton holds `c`.
    pub(crate) fn contains(&self, c: char) -> bool {
        match c.is_ascii() {
            true => self.ascii & (1 << (c as u32)) != 0,
            false => self.other.binary_search(&c).is_ok(),
        }
    }
}
