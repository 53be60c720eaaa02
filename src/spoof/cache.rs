//! The spoof summaries of names already seen in one batch run: a log
//! repeats its names (Certificate Transparency lists a host in every
//! certificate that names it), and the full check of a Unicode name costs
//! a hundred lookups. docs/performance.md has the measurements.

#[cfg(test)]
use super::summarize;
use super::{ProtectedList, SpoofSummary, full_summary, shortcut_summary, takes_shortcut};
use crate::uts46::{Options, Results, Uts46};
use std::borrow::Borrow;
use std::collections::HashMap;

/// [`super::summarize`] over one batch run — one engine, one set of flags, one
/// protected list — remembering the summary of each name that took the
/// full analysis (names on the all-ASCII shortcut are cheaper to check
/// than to remember, names over [`Self::LONGEST`] bytes are not kept).
/// Memory is bounded: two generations of at most
/// `generation` names each (the keys are the names, as written); when the
/// newer is full, the older is dropped, and a name found in the older moves
/// to the newer, so names seen often stay.
///
/// Keys are hashed with the standard library's keyed SipHash: the names
/// come from files an attacker may write.
pub struct Summarizer<'p> {
    protected: &'p ProtectedList,
    generation: usize,
    newer: HashMap<Box<str>, SpoofSummary>,
    older: HashMap<Box<str>, SpoofSummary>,
}

impl<'p> Summarizer<'p> {
    /// Names per generation. With keys of at most [`Self::LONGEST`] bytes,
    /// the two generations hold at most about 11 MB, 1–2 MB for common
    /// names (the bench's all-IDN corpus, 13,480 names, fits).
    pub const GENERATION: usize = 1 << 14;
    /// The longest name remembered, in bytes: a batch line may hold 4 KiB,
    /// a domain name 253 ASCII characters.
    pub const LONGEST: usize = 256;

    /// An empty summarizer comparing with `protected`, generations of [`Self::GENERATION`] names.
    pub fn new(protected: &'p ProtectedList) -> Self {
        Self::with_generation(protected, Self::GENERATION)
    }

    /// A summarizer whose generations hold `generation` names (at least one).
    fn with_generation(protected: &'p ProtectedList, generation: usize) -> Self {
        Summarizer {
            protected,
            generation: generation.max(1),
            newer: HashMap::new(),
            older: HashMap::new(),
        }
    }

    /// [`super::summarize`]`(engine, input, options, results, protected)`,
    /// from memory when `input` was summarized before. `engine` and
    /// `options` must be the same on every call.
    pub fn summarize<R: Borrow<Results>>(
        &mut self,
        engine: &Uts46<'_>,
        input: &str,
        options: &Options,
        results: impl FnOnce() -> R,
    ) -> SpoofSummary {
        if takes_shortcut(input, self.protected) {
            return shortcut_summary(engine, input, self.protected);
        }
        if input.len() > Self::LONGEST {
            return full_summary(engine, input, results().borrow(), options, self.protected);
        }
        if let Some(&known) = self.newer.get(input) {
            return known;
        }
        let summary = match self.older.remove(input) {
            Some(known) => known,
            None => full_summary(engine, input, results().borrow(), options, self.protected),
        };
        if self.newer.len() >= self.generation {
            self.older = std::mem::take(&mut self.newer);
        }
        self.newer.insert(input.into(), summary);
        summary
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With generations of three names, names come back after being dropped
    /// and after moving between generations: every summary equals a fresh
    /// [`summarize`], and the memory never holds more than two generations.
    #[test]
    fn remembered_summaries_equal_fresh_ones() {
        let engine = Uts46::new();
        let options = Options::default();
        let protected = ProtectedList::new(&engine, ["paypal.com"]);
        let long = format!("{}.com", "ü".repeat(200));
        let names = [
            long.as_str(),
            "раураl.com",
            "bücher.de",
            "example.com",
            "xn--80ak6aa92e.com",
            "аррӏе.com",
            "раураl.com",
            "faß.de",
            "paypal.com",
            "bücher.de",
            "日本語.jp",
            "раураl.com",
            "xn--zz.com",
            "bücher.de",
            "\u{0661}\u{0662}.com",
        ];
        for protected in [&ProtectedList::default(), &protected] {
            let mut summarizer = Summarizer::with_generation(protected, 3);
            for name in names.iter().cycle().take(names.len() * 5) {
                let results = engine.process(name, &options);
                let remembered = summarizer.summarize(&engine, name, &options, || &results);
                assert_eq!(
                    remembered,
                    summarize(&engine, name, &options, || &results, protected),
                    "{name}"
                );
                assert!(summarizer.newer.len() <= 3 && summarizer.older.len() <= 3);
                assert!(!summarizer.newer.contains_key(long.as_str()), "a long name is not remembered");
            }
            assert!(!summarizer.older.is_empty(), "the test reaches a second generation");
        }
    }
}
