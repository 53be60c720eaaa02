//! The spoof summaries of names already seen in one batch run: a log
//! repeats its names (Certificate Transparency lists a host in every
//! certificate that names it), and the full check of a Unicode name costs
//! a hundred lookups. Why it is shaped so: docs/design.md.

#[cfg(test)]
use super::summarize;
use super::{ProtectedList, SpoofSummary, full_summary, shortcut_summary, takes_shortcut};
use crate::uts46::{Options, Results, Uts46};
use std::borrow::Borrow;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, TryLockError};

/// [`super::summarize`] over one batch run — one engine, one set of flags, one
/// protected list — remembering the summary of each name that took the
/// full analysis (names on the all-ASCII shortcut are cheaper to check
/// than to remember, names over [`Self::LONGEST`] bytes are not kept).
/// One summarizer serves all the batch's converting threads, so a name is
/// analyzed once whichever thread meets it first (two threads meeting a
/// new name at once may both analyze it, to the same summary, as may one
/// batch stage that holds a new name twice: its names are all looked up
/// before any is analyzed).
///
/// Memory is bounded: the names are spread over [`Self::SHARDS`] parts,
/// each behind its own lock, and each part keeps two generations of at
/// most [`Self::GENERATION`]` / `[`Self::SHARDS`] names (the keys are the
/// names, as written); when a part's newer generation is full, its older
/// is dropped, and a name found in the older moves to the newer, so names
/// seen often stay.
///
/// No thread waits for another's part: a part another thread holds is
/// passed by, the name analyzed and not remembered (the memory only saves
/// work). A thread that waited would sleep, and Linux wakes a sleeper on
/// its waker's processor, where the two then share one processor for
/// milliseconds (docs/design.md).
///
/// Keys are hashed with aHash under keys drawn at random for each map
/// (`ahash::RandomState`): the names come from files an attacker may
/// write, and without the keys they cannot choose names that collide.
///
/// A file whose names do not repeat (a zone file, a list of distinct
/// hosts) would pay a look-up and an insertion for every name and gain
/// nothing: a part whose last [`Self::WINDOW`] look-ups found fewer than
/// one in [`Self::WORTH`] remembered keeps only a sample of its names,
/// those of one class in [`Self::SAMPLE`] by a hash of all their bytes, and goes
/// back to keeping all once the sample's look-ups find enough.
pub struct Summarizer<'p> {
    protected: &'p ProtectedList,
    shards: Box<[Shard]>,
}

/// One part of a summarizer's memory and whether it keeps only a sample.
struct Shard {
    generations: Mutex<Generations>,
    /// Written when a window closes, read without the lock.
    sampling: AtomicBool,
}

/// One part of a summarizer's memory.
struct Generations {
    /// Names per generation.
    generation: usize,
    newer: HashMap<Box<str>, SpoofSummary, ahash::RandomState>,
    older: HashMap<Box<str>, SpoofSummary, ahash::RandomState>,
    /// Look-ups in the current window, and how many found the name.
    lookups: u32,
    hits: u32,
}

impl<'p> Summarizer<'p> {
    /// Names per generation, over all parts. With keys of at most
    /// [`Self::LONGEST`] bytes, the two generations hold at most about
    /// 11 MB, 1–2 MB for common names (the bench's all-IDN corpus, 13,480
    /// names, fits).
    pub const GENERATION: usize = 1 << 14;
    /// Parts with a lock each, so that threads rarely wait for one another.
    pub const SHARDS: usize = 16;
    /// The longest name remembered, in bytes: a batch line may hold 4 KiB,
    /// a domain name 253 ASCII characters.
    pub const LONGEST: usize = 256;
    /// Look-ups per part after which it decides whether to keep all names.
    pub const WINDOW: u32 = 256;
    /// A part keeps all names while at least one look-up in this many
    /// finds its name: a miss costs about a fiftieth of the analysis a
    /// hit saves (docs/design.md).
    pub const WORTH: u32 = 64;
    /// A sampling part keeps one class of names in this many. The fewer it
    /// keeps, the less a file of distinct names pays (one in 8 took 2.4 %
    /// more time than one in 32 on distinct all-IDN names,
    /// benches/results.md), and the
    /// later a part sees names begin to repeat: a window of sampled
    /// look-ups spans [`Self::WINDOW`]` × `[`Self::SAMPLE`] of its names.
    pub const SAMPLE: usize = 32;

    /// An empty summarizer comparing with `protected`, generations of [`Self::GENERATION`] names.
    pub fn new(protected: &'p ProtectedList) -> Self {
        Self::with_generation(protected, Self::GENERATION / Self::SHARDS, Self::SHARDS)
    }

    /// A summarizer of `shards` parts (at least one) whose generations
    /// hold `generation` names (at least one) each.
    fn with_generation(protected: &'p ProtectedList, generation: usize, shards: usize) -> Self {
        let generation = generation.max(1);
        // A map grows as names come, up to a generation, and keeps its room
        // when emptied: on a file of distinct names, which keeps only a
        // sample, the memory never touches the pages of full generations.
        let map = || HashMap::with_hasher(ahash::RandomState::new());
        let part = || Shard {
            generations: Mutex::new(Generations {
                generation,
                newer: map(),
                older: map(),
                lookups: 0,
                hits: 0,
            }),
            sampling: AtomicBool::new(false),
        };
        Summarizer {
            protected,
            shards: (0..shards.max(1)).map(|_| part()).collect(),
        }
    }

    /// [`super::summarize`]`(engine, input, options, results, protected)`,
    /// from memory when `input` was summarized before. `engine` and
    /// `options` must be the same on every call. `ldh`: the caller knows
    /// that `input` holds only ASCII letters, digits, hyphens and dots, and
    /// no `--` (the batch learns it from the ASCII fast path); false when
    /// it does not know.
    pub fn summarize<R: Borrow<Results>>(
        &self,
        engine: &Uts46<'_>,
        input: &str,
        options: &Options,
        ldh: bool,
        results: impl FnOnce() -> R,
    ) -> SpoofSummary {
        match self.look_up(input, ldh) {
            Lookup::Known(summary) => summary,
            Lookup::Analyze { remember } => {
                // The analysis runs without the lock.
                let summary = full_summary(engine, input, results().borrow().borrowed(), options, self.protected);
                if remember {
                    self.remember(input, summary);
                }
                summary
            }
        }
    }

    /// The protected names it compares with.
    #[doc(hidden)]
    pub fn protected(&self) -> &'p ProtectedList {
        self.protected
    }

    /// The first half of [`Self::summarize`]: the summary when the shortcut
    /// or the memory gives it, else whether to [`Self::remember`] the
    /// analysis's. A batch looks up a stage of names, analyzes those it must
    /// in a row ([`super::full_summaries`]), then remembers them.
    #[doc(hidden)]
    pub fn look_up(&self, input: &str, ldh: bool) -> Lookup {
        if takes_shortcut(input, self.protected, ldh) {
            return Lookup::Known(shortcut_summary(input, self.protected, ldh));
        }
        if input.len() > Self::LONGEST {
            return Lookup::Analyze { remember: false };
        }
        let spread = shard_of(input);
        let shard = &self.shards[spread % self.shards.len()];
        if shard.sampling.load(Ordering::Relaxed) && sample_class(input) != 0 {
            return Lookup::Analyze { remember: false };
        }
        let Some(mut part) = shard.try_lock() else {
            return Lookup::Analyze { remember: false };
        };
        let found = match part.newer.get(input) {
            Some(&known) => Some(Ok(known)),
            None => part.older.remove(input).map(Err),
        };
        part.lookups += 1;
        part.hits += u32::from(found.is_some());
        if part.lookups == Self::WINDOW {
            shard
                .sampling
                .store(part.hits * Self::WORTH < part.lookups, Ordering::Relaxed);
            (part.lookups, part.hits) = (0, 0);
        }
        match found {
            Some(Ok(known)) => Lookup::Known(known),
            // A name found in the older generation moves to the newer.
            Some(Err(older)) => {
                part.insert(input, older);
                Lookup::Known(older)
            }
            None => Lookup::Analyze { remember: true },
        }
    }

    /// The second half of [`Self::summarize`]: keeps `summary`, the analysis
    /// of `input` that [`Self::look_up`] asked to remember.
    #[doc(hidden)]
    pub fn remember(&self, input: &str, summary: SpoofSummary) {
        let shard = &self.shards[shard_of(input) % self.shards.len()];
        if let Some(mut part) = shard.try_lock() {
            part.insert(input, summary);
        }
    }
}

/// What [`Summarizer::look_up`] found.
#[doc(hidden)]
pub enum Lookup {
    /// The summary, from the shortcut or the memory.
    Known(SpoofSummary),
    /// The name needs the full analysis; `remember`: keep its summary.
    Analyze { remember: bool },
}

impl Shard {
    /// The part's memory, locked; `None` while another thread holds it. A
    /// part poisoned by a panic elsewhere is only a cache: it is used as it is.
    fn try_lock(&self) -> Option<std::sync::MutexGuard<'_, Generations>> {
        match self.generations.try_lock() {
            Ok(part) => Some(part),
            Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
            Err(TryLockError::WouldBlock) => None,
        }
    }
}

impl Generations {
    /// Keeps `summary` under `input` in the newer generation, which becomes
    /// the older when full.
    fn insert(&mut self, input: &str, summary: SpoofSummary) {
        if self.newer.len() >= self.generation {
            std::mem::swap(&mut self.newer, &mut self.older);
            self.newer.clear();
        }
        self.newer.insert(input.into(), summary);
    }
}

/// Which part of the memory keeps `name`: any spread will do (each part's
/// map hashes its keys with a keyed aHash), so a cheap one over the length and
/// the last bytes, where names differ most.
fn shard_of(name: &str) -> usize {
    let bytes = name.as_bytes();
    let back = |distance: usize| bytes.len().checked_sub(distance).map_or(0, |at| usize::from(bytes[at]));
    bytes.len() + 31 * back(1) + 7 * back(4) + back(7)
}

/// The class of `name` among [`Summarizer::SAMPLE`], from FNV-1a over all
/// its bytes: names that differ anywhere fall in classes independently,
/// so a sample of a file's names holds its share of the repeats.
fn sample_class(name: &str) -> usize {
    let hash = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    // The high bits mix all bytes best.
    (hash >> 32) as usize % Summarizer::SAMPLE
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
            let summarizer = Summarizer::with_generation(protected, 3, 1);
            for name in names.iter().cycle().take(names.len() * 5) {
                let results = engine.process(name, &options);
                let remembered = summarizer.summarize(&engine, name, &options, false, || &results);
                assert_eq!(
                    remembered,
                    summarize(&engine, name, &options, || &results, protected),
                    "{name}"
                );
                let part = summarizer.shards[0].generations.lock().unwrap();
                assert!(part.newer.len() <= 3 && part.older.len() <= 3);
                assert!(!part.newer.contains_key(long.as_str()), "a long name is not remembered");
            }
            let part = summarizer.shards[0].generations.lock().unwrap();
            assert!(!part.older.is_empty(), "the test reaches a second generation");
        }
    }

    /// Names that never repeat turn every part to keeping a sample, which
    /// then holds about one name in [`Summarizer::SAMPLE`]; names that
    /// repeat turn them back. Every summary equals a fresh one throughout.
    #[test]
    fn a_memory_that_finds_nothing_keeps_a_sample() {
        let engine = Uts46::new();
        let options = Options::default();
        let protected = ProtectedList::default();
        let summarizer = Summarizer::with_generation(&protected, 1 << 12, 2);
        let sampling = |summarizer: &Summarizer<'_>| {
            summarizer
                .shards
                .iter()
                .map(|s| s.sampling.load(Ordering::Relaxed))
                .collect::<Vec<_>>()
        };
        let kept = |summarizer: &Summarizer<'_>| -> usize {
            summarizer
                .shards
                .iter()
                .map(|s| s.generations.lock().unwrap().newer.len())
                .sum()
        };
        // Every `every`-th summary is compared with a fresh one.
        let check = |name: &str, step: usize, every: usize| {
            let results = engine.process(name, &options);
            let remembered = summarizer.summarize(&engine, name, &options, false, || &results);
            if step.is_multiple_of(every) {
                assert_eq!(
                    remembered,
                    summarize(&engine, name, &options, || &results, &protected),
                    "{name}"
                );
            }
        };
        let window = Summarizer::WINDOW as usize;
        let distinct = |i: usize| format!("bücher{i}.de");
        for i in 0..2 * window {
            check(&distinct(i), i, 13);
        }
        assert_eq!(sampling(&summarizer), [true, true], "no name came back");
        let before = kept(&summarizer);
        for i in 2 * window..6 * window {
            check(&distinct(i), i, 13);
        }
        let added = kept(&summarizer) - before;
        assert!(added > 0 && added < window, "a sample of the names is kept: {added}");
        // Enough names that each part's sample of them fills its windows.
        let repeated: Vec<String> = (0..1000).map(|i| format!("wörter{i}.de")).collect();
        for round in 0..40 {
            for (i, name) in repeated.iter().enumerate() {
                check(name, round * repeated.len() + i, 97);
            }
        }
        assert_eq!(sampling(&summarizer), [false, false], "the names came back");
    }
}
