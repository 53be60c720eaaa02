//! The look-alike audit of a protected name: the labels a phisher would
//! register in place of the label left of the TLD (UTS #39 §4 confusables,
//! the same letter with diacritics, whole-script swaps, digits, dnstwist's
//! glyphs), each kept only when UTS #46 accepts it, with what the three
//! browsers show, the spoof check's risk against the protected name, and
//! what a registry's Label Generation Ruleset (RFC 7940) says of it.
//!
//! ```
//! use idna_inspector_analysis::lookalikes::{self, Settings};
//! use idna_inspector_core::Uts46;
//! let audit = lookalikes::audit(&Uts46::new(), "paypal.com", &Settings::default()).unwrap();
//! assert!(audit.candidates.iter().any(|c| c.unicode == "pаypal.com"));
//! ```

use crate::browsers::{BrowserRules, Display};
use crate::chars::skeleton::with_char_skeleton;
use crate::lgr::LgrSet;
use crate::registry::{Ruleset, RulesetSpec, TagPicker};
use crate::spoof::confusables::skeleton;
use crate::spoof::{FindingSet, ProtectedList, Risk, SpoofSummary};
use crate::table::{MappingTable, Status};
use crate::uts46::{Options, ResultsRef, Uts46};
use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::OnceLock;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;
use unicode_script::Script;

/// How a candidate was made from the protected label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Technique {
    /// One letter (or two, or one for two: `rn` for `m`) replaced by
    /// characters of the same UTS #39 skeleton.
    Confusable,
    /// Two such replacements at different places.
    DoubleConfusable,
    /// Two replacements at different places, each of any kind here, not
    /// both confusables: `páypàl`, `pаypäl`, `paypa1` with `ṕ`. A letter
    /// written twice in a row and replaced alike in both places (`śś` for
    /// `ss`) counts as one replacement, there and in double confusables;
    /// one letter for two with diacritics on one of them (`rñ` for `m`) is
    /// a double too.
    Double,
    /// One letter replaced by the same letter with diacritics: the same NFD
    /// base, or the same UTS #39 skeleton once combining marks are removed
    /// (`ł` for `l`: its skeleton is `l` with U+0338).
    Diacritic,
    /// An ASCII digit for a letter, or a letter for a digit, whose skeleton
    /// is the other's in either case (`0` for `o`: `0`'s skeleton is `O`).
    Digit,
    /// Every letter rewritten in another script (whole-script confusable).
    WholeScript,
    /// A glyph dnstwist's homoglyph fuzzer writes for a letter or two
    /// (`tables/dnstwist/glyphs.tsv`) where no technique above relates them:
    /// `i` for `l`, `cl` for `d`, `ĸ` for `k`; or, as its second pass does,
    /// such a glyph with one of its letters (or two alike) written as that
    /// letter's glyph in turn (`ç` for `e`, through `c`). Alone, with a
    /// letter written twice replaced alike in both places (`ii` for `ll`),
    /// or, a glyph of the first pass, with one edit of any kind elsewhere.
    /// And every letter as dnstwist's Cyrillic fuzzer writes it (`ӏароѕте`
    /// with `т` for `t`), where the whole-script swap is not the same.
    Glyph,
}

impl Technique {
    /// `confusable`, `double-confusable`, `double`, `diacritic`, `digit`, `whole-script`, `glyph`.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Confusable => "confusable",
            Technique::DoubleConfusable => "double-confusable",
            Technique::Double => "double",
            Technique::Diacritic => "diacritic",
            Technique::Digit => "digit",
            Technique::WholeScript => "whole-script",
            Technique::Glyph => "glyph",
        }
    }

    /// True for the techniques whose candidates have the protected label's
    /// UTS #39 skeleton (every one but diacritics, digits, glyphs and other doubles).
    pub fn keeps_skeleton(self) -> bool {
        matches!(
            self,
            Technique::Confusable | Technique::DoubleConfusable | Technique::WholeScript
        )
    }
}

/// What the audit is asked.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The LGR every candidate is checked under; `None`: the one the Registry
    /// tab picks for the candidate's name ([`crate::registry::tag_for_name`] of the second-level
    /// reference set).
    pub lgr: Option<RulesetSpec>,
    /// At most this many candidates are generated and judged (generation
    /// stops there: [`Audit::truncated`]).
    pub max: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { lgr: None, max: 100_000 }
    }
}

/// What the registry says of a candidate's label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegistryVerdict {
    /// The ruleset, as `SET/TAG` or a file's path.
    pub ruleset: String,
    /// True when the LGR lets the label be registered (RFC 7940 §8.1, a disposition other than `invalid`).
    pub eligible: bool,
    /// The label's disposition (RFC 7940 §7.3).
    pub disposition: String,
    /// The candidate's disposition as a variant of the protected label
    /// (RFC 8228: `blocked`, `allocatable`, …), when it is one; then the
    /// registry keeps it for the protected name's holder.
    pub variant_of_protected: Option<String>,
}

/// One look-alike candidate, judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// How it was made.
    pub technique: Technique,
    /// The label that replaces the protected one (a U-label).
    pub u_label: String,
    /// The whole name in Unicode (UTS #46 ToUnicode, the candidate as written).
    pub unicode: String,
    /// The whole name in ASCII (UTS #46 ToASCII, nontransitional).
    pub ascii: String,
    /// Each browser's deciding rule, and so its display.
    pub browsers: BrowserRules,
    /// The spoof check's risk, with the protected name as the only protected one.
    pub risk: Risk,
    /// The spoof check's finding kinds.
    pub findings: FindingSet,
    /// The registry's verdict on the label.
    pub registry: RegistryVerdict,
    /// The changes from the protected label ([`untwist`]).
    pub edits: Vec<Untwisted>,
}

impl Candidate {
    /// True when some browser shows the name in Unicode.
    pub fn shown_in_unicode(&self) -> bool {
        self.browsers.displays().contains(&Display::Unicode)
    }

    /// True when someone other than the protected name's holder could
    /// register it: eligible, and not a variant of the protected label.
    pub fn registrable(&self) -> bool {
        self.registry.eligible && self.registry.variant_of_protected.is_none()
    }

    /// The audit's first rank: registrable and shown in Unicode by at least one browser.
    pub fn matters(&self) -> bool {
        self.registrable() && self.shown_in_unicode()
    }
}

/// The counts over an audit's candidates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Candidates judged.
    pub candidates: usize,
    /// Per browser ([`crate::browsers::Browser::ALL`] order): shown in Unicode, as Punycode, rejected.
    pub displays: [[usize; 3]; 3],
    /// Eligible under the ruleset.
    pub eligible: usize,
    /// Variants of the protected label with disposition `blocked`.
    pub blocked_variants: usize,
    /// Registrable ([`Candidate::registrable`]).
    pub registrable: usize,
    /// Registrable and shown in Unicode by at least one browser.
    pub matter: usize,
    /// With risk high.
    pub high_risk: usize,
}

impl Summary {
    /// The counts of `candidates`.
    pub fn of<'c>(candidates: impl IntoIterator<Item = &'c Candidate>) -> Summary {
        let mut summary = Summary::default();
        for candidate in candidates {
            summary.candidates += 1;
            for (browser, display) in candidate.browsers.displays().into_iter().enumerate() {
                let column = match display {
                    Display::Unicode => 0,
                    Display::Punycode => 1,
                    Display::Rejected => 2,
                };
                summary.displays[browser][column] += 1;
            }
            summary.eligible += usize::from(candidate.registry.eligible);
            summary.blocked_variants += usize::from(candidate.registry.variant_of_protected.as_deref() == Some("blocked"));
            summary.registrable += usize::from(candidate.registrable());
            summary.matter += usize::from(candidate.matters());
            summary.high_risk += usize::from(candidate.risk == Risk::High);
        }
        summary
    }
}

/// The whole audit.
#[derive(Clone, Debug)]
pub struct Audit {
    /// The protected name, UTS #46 ToUnicode.
    pub protected: String,
    /// Its ToASCII (nontransitional).
    pub protected_ascii: String,
    /// The label replaced (the label left of the TLD).
    pub label: String,
    /// The candidates, ranked: [`Candidate::matters`] first, then by how
    /// many browsers show them in Unicode, then in the order made.
    pub candidates: Vec<Candidate>,
    /// The counts over `candidates`.
    pub summary: Summary,
    /// True when generation stopped at [`Settings::max`].
    pub truncated: bool,
}

/// Why a name cannot be audited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditError {
    /// UTS #46 refuses the name: its ToASCII errors' codes.
    Invalid(String, Vec<String>),
    /// The name has no label left of its TLD (`com`).
    NoLabel(String),
    /// The ruleset cannot be loaded.
    Ruleset(String),
}

impl std::fmt::Display for AuditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AuditError::Invalid(name, codes) => write!(
                f,
                "{name:?} is not a valid domain name (UTS #46 errors {}): give the name to protect, e.g. paypal.com",
                codes.join(", ")
            ),
            AuditError::NoLabel(name) => write!(
                f,
                "{name:?} has no label left of its TLD: give the registered name, e.g. paypal.com"
            ),
            AuditError::Ruleset(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for AuditError {}

/// One change that makes a name imitate another: the characters written
/// at a place, and the ones they pass for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untwisted {
    /// 1-based position of the first character written, counted in code points of the label.
    pub at: usize,
    /// The characters written there (one, or two passing for one: `rn`).
    pub written: String,
    /// The characters they imitate (empty for an invisible one).
    pub imitated: String,
}

impl Untwisted {
    /// `U+0430 CYRILLIC SMALL LETTER A for a at 2`.
    pub fn describe(&self) -> String {
        let written: Vec<String> = self
            .written
            .chars()
            .map(|c| format!("{} {}", crate::display::code_point_label(c), crate::names::char_name(c)))
            .collect();
        let imitated = match self.imitated.is_empty() {
            true => "nothing",
            false => self.imitated.as_str(),
        };
        format!("{} for {imitated} at {}", written.join(", "), self.at)
    }
}

/// The changes that make `written` imitate `imitated` (two labels, or two
/// names): the two are cut into the shortest runs whose UTS #39 skeletons
/// agree, first character by character (`а` for `a`, `m` for `rn`), and
/// where that fails with marks removed and case ignored (`á` for `a`, `0`
/// for `o`, whose skeleton is `O`), and where that fails too run by run,
/// each the first way it lines up of those two and the skeletons of the
/// characters' upper case without marks (`1` for `i`: `I`'s skeleton is
/// `l`, as the digit edits have it; `ɱ1crosoft` mixes ways); the runs that
/// differ are the changes; where none of those lines up, the fewest runs
/// that line up either way or that the glyph technique writes for the
/// letters ([`Technique::Glyph`]: `i` for `l`, `cl` for `d`). `None` when
/// the two do not line up any way (they do not look alike).
pub fn untwist(written: &str, imitated: &str) -> Option<Vec<Untwisted>> {
    let exact = |c: char, out: &mut String| with_char_skeleton(c, |prototype| out.push_str(prototype));
    let loose = |c: char, out: &mut String| {
        let bare = crate::spoof::confusables::skeleton_without_marks(c.encode_utf8(&mut [0; 4]));
        match bare.is_empty() {
            true => {
                // A mark that passes for a letter (U+0C02 TELUGU SIGN ANUSVARA
                // for `o`) is that letter here, as in its skeleton, so that it
                // lines up beside a letter that only matches without marks (`ɱ`).
                with_char_skeleton(c, |prototype| {
                    let letters = prototype.chars().filter(|&p| !is_combining_mark(p));
                    out.extend(letters.flat_map(char::to_lowercase));
                })
            }
            false => out.extend(bare.chars().flat_map(char::to_lowercase)),
        }
    };
    let upper = |c: char, out: &mut String| {
        for upper in c.to_uppercase() {
            with_char_skeleton(upper, |prototype| {
                out.extend(prototype.chars().filter(|&p| !is_combining_mark(p)));
            });
        }
    };
    // Each way alone first, so that a pair that lines up one way keeps its runs.
    untwist_by(written, imitated, &[&exact])
        .or_else(|| untwist_by(written, imitated, &[&loose]))
        .or_else(|| untwist_by(written, imitated, &[&exact, &loose, &upper]))
        .or_else(|| untwist_glyphs(written, imitated, &[&exact, &loose, &upper]))
}

/// [`untwist`]'s last way: the fewest changes, each a run that lines up
/// under one of `keys` or what the glyph technique writes for a letter or
/// two ([`Technique::Glyph`]: `i` for `l`, `cl` for `d`, `ç` for `e`).
fn untwist_glyphs(written: &str, imitated: &str, keys: &[&SkeletonKey<'_>]) -> Option<Vec<Untwisted>> {
    let (mine, theirs): (Vec<char>, Vec<char>) = (written.chars().collect(), imitated.chars().collect());
    // The same start and end need no search; a glyph is at most three
    // characters for two, so two of them stay on each side for it to take.
    let (same_start, same_end) = match crate::display::changed_span(written, imitated) {
        Some((changed, _)) => (changed.start, mine.len() - changed.end),
        None => (mine.len(), 0),
    };
    let start = same_start.saturating_sub(2);
    let end = same_end.saturating_sub(2);
    let (mine, theirs) = (&mine[start..mine.len() - end], &theirs[start..theirs.len() - end]);
    let mut search = GlyphSearch {
        mine,
        theirs,
        keys,
        best: vec![None; (mine.len() + 1) * (theirs.len() + 1)],
        left: String::new(),
        right: String::new(),
    };
    search.fewest(0, 0)?;
    let (mut i, mut j) = (0, 0);
    let mut changes = Vec::new();
    while (i, j) != (mine.len(), theirs.len()) {
        let place = i * (theirs.len() + 1) + j;
        let (_, (end_i, end_j)) = search.best[place]
            .flatten()
            .expect("a way on from every place on the best one");
        if mine[i..end_i] != theirs[j..end_j] {
            changes.push(Untwisted {
                at: start + i + 1,
                written: mine[i..end_i].iter().collect(),
                imitated: theirs[j..end_j].iter().collect(),
            });
        }
        (i, j) = (end_i, end_j);
    }
    Some(changes)
}

/// A place in two labels: characters of the written one and of the imitated one passed.
type Place = (usize, usize);

/// The search of [`untwist_glyphs`]: from each place reached (by
/// `i * (theirs.len() + 1) + j`), the fewest changes to the end and the
/// first run's end (`Some(None)`: no way on; `None`: not reached yet).
struct GlyphSearch<'s> {
    mine: &'s [char],
    theirs: &'s [char],
    keys: &'s [&'s SkeletonKey<'s>],
    best: Vec<Option<Option<(usize, Place)>>>,
    left: String,
    right: String,
}

impl GlyphSearch<'_> {
    fn fewest(&mut self, i: usize, j: usize) -> Option<usize> {
        let (mine, theirs) = (self.mine, self.theirs);
        if (i, j) == (mine.len(), theirs.len()) {
            return Some(0);
        }
        let place = i * (theirs.len() + 1) + j;
        if let Some(known) = self.best[place] {
            return known.map(|(changes, _)| changes);
        }
        let mut ends: Vec<Place> = Vec::new();
        if i < mine.len() && j < theirs.len() && mine[i] == theirs[j] {
            // Under any key the run of one character is the same character.
            ends.push((i + 1, j + 1));
        } else {
            for &key in self.keys {
                ends.extend(run_end(mine, theirs, (i, j), key, &mut self.left, &mut self.right));
            }
        }
        for to in j + 1..=(j + 2).min(theirs.len()) {
            let Some(letters) = letters_key(&theirs[j..to]) else {
                continue;
            };
            for glyph in glyphs().written.get(&letters).into_iter().flatten() {
                if mine[i..].starts_with(glyph) {
                    ends.push((i + glyph.len(), to));
                }
            }
        }
        let mut best = None;
        for (end_i, end_j) in ends {
            let change = usize::from(mine[i..end_i] != theirs[j..end_j]);
            if let Some(rest) = self.fewest(end_i, end_j)
                && best.is_none_or(|(fewest, _)| change + rest < fewest)
            {
                best = Some((change + rest, (end_i, end_j)));
            }
        }
        self.best[place] = Some(best);
        best.map(|(changes, _)| changes)
    }
}

/// Appends a character's skeleton, one way or another, to a string.
type SkeletonKey<'k> = dyn Fn(char, &mut String) + 'k;

/// [`untwist`] with `keys` appending each character's skeleton: each run
/// by the first key under which one ends there.
fn untwist_by(written: &str, imitated: &str, keys: &[&SkeletonKey<'_>]) -> Option<Vec<Untwisted>> {
    let (mine, theirs): (Vec<char>, Vec<char>) = (written.chars().collect(), imitated.chars().collect());
    let (mut i, mut j) = (0, 0);
    let mut changes = Vec::new();
    let (mut left, mut right) = (String::new(), String::new());
    while i < mine.len() || j < theirs.len() {
        // The same ASCII character on both sides is a run of its own and no
        // change (its skeleton is never empty): no skeleton to look up.
        if i < mine.len() && j < theirs.len() && mine[i] == theirs[j] && mine[i].is_ascii() {
            (i, j) = (i + 1, j + 1);
            continue;
        }
        let (end_i, end_j) = keys
            .iter()
            .find_map(|key| run_end(&mine, &theirs, (i, j), key, &mut left, &mut right))?;
        if mine[i..end_i] != theirs[j..end_j] {
            changes.push(Untwisted {
                at: i + 1,
                written: mine[i..end_i].iter().collect(),
                imitated: theirs[j..end_j].iter().collect(),
            });
        }
        (i, j) = (end_i, end_j);
    }
    Some(changes)
}

/// Where the shortest run from `start` ends whose skeletons under `key`
/// agree, or `None` when they part first.
fn run_end(
    mine: &[char],
    theirs: &[char],
    (mut i, mut j): (usize, usize),
    key: &SkeletonKey<'_>,
    left: &mut String,
    right: &mut String,
) -> Option<(usize, usize)> {
    left.clear();
    right.clear();
    key(*mine.get(i)?, left);
    i += 1;
    // A character that is nothing in a skeleton (an invisible one) is a run alone.
    while left != right {
        if left.len() <= right.len() || j == theirs.len() {
            key(*mine.get(i)?, left);
            i += 1;
        } else {
            key(theirs[j], right);
            j += 1;
        }
        if !left.starts_with(right.as_str()) && !right.starts_with(left.as_str()) {
            return None;
        }
    }
    Some((i, j))
}

/// A checked name's imitation of a protected name: which one, and the
/// changes that make it look like it (`batch --protected`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Imitation {
    /// The protected name imitated, as the list writes it.
    pub protected: String,
    /// The changes, placed in the form of the name that matched (as
    /// written, or ToUnicode), counted over the whole name.
    pub edits: Vec<Untwisted>,
}

/// The protected name that a name (typed as `input`, with ToUnicode
/// `to_unicode` and ToASCII `to_ascii`) imitates, as the spoof check's
/// look-alike finding decides it ([`ProtectedList::lookalike`]), with the
/// changes [`untwist`] finds between the name's last labels and it.
/// `None` when the name imitates none; an empty list of changes when they
/// do not line up character by character.
pub fn imitation(protected: &ProtectedList, input: &str, to_unicode: &str, to_ascii: &str) -> Option<Imitation> {
    let found = protected.lookalike(&[input, to_unicode], to_ascii)?;
    let target = &protected.names().iter().find(|name| name.name == found.protected)?.unicode;
    // A subdomain of a look-alike matches on its last labels.
    let count = target.split('.').count();
    let labels: Vec<&str> = found.matched.split('.').collect();
    let head = labels.len().saturating_sub(count);
    let offset: usize = labels[..head].iter().map(|label| label.chars().count() + 1).sum();
    let tail = labels[head..].join(".");
    let edits = untwist(&tail, target)
        .unwrap_or_default()
        .into_iter()
        .map(|edit| Untwisted {
            at: edit.at + offset,
            ..edit
        })
        .collect();
    Some(Imitation {
        protected: found.protected,
        edits,
    })
}

/// The characters that stand for a skeleton: every code point of UTS #46
/// status valid or deviation (what a U-label may hold) by its UTS #39
/// skeleton alone, by the base of its NFD where marks follow it, and by
/// its skeleton without combining marks where the skeleton has some.
/// Characters that are their own skeleton are not stored: [`Index::same_skeleton`] adds them.
struct Index {
    by_skeleton: HashMap<String, Vec<char>>,
    by_base: HashMap<char, Vec<char>>,
    /// `l` → `ĺ`, `ł` (skeleton `l` U+0338), `ɫ`…: confusables.txt writes
    /// many letters with a stroke, hook or overlay that NFD leaves whole as
    /// a letter and a mark, so they are the same letter with a diacritic.
    by_bare: HashMap<String, Vec<char>>,
}

/// The index, built on first use from the bundled mapping table.
fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let table = MappingTable::bundled();
        let mut by_skeleton: HashMap<String, Vec<char>> = HashMap::new();
        let mut by_base: HashMap<char, Vec<char>> = HashMap::new();
        let mut by_bare: HashMap<String, Vec<char>> = HashMap::new();
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            if !matches!(table.status(c), Status::Valid | Status::Deviation) {
                continue;
            }
            with_char_skeleton(c, |prototype| {
                if !is_itself(c, prototype) && !prototype.is_empty() {
                    by_skeleton.entry(prototype.to_string()).or_default().push(c);
                }
                if !c.is_ascii() && prototype.chars().any(is_combining_mark) {
                    let bare: String = prototype.chars().filter(|&p| !is_combining_mark(p)).collect();
                    if !bare.is_empty() {
                        by_bare.entry(bare).or_default().push(c);
                    }
                }
            });
            if !c.is_ascii() {
                let mut nfd = std::iter::once(c).nfd();
                if let Some(base) = nfd.next()
                    && base != c
                    && nfd.all(is_combining_mark)
                {
                    by_base.entry(base).or_default().push(c);
                }
            }
        }
        Index {
            by_skeleton,
            by_base,
            by_bare,
        }
    })
}

/// True when `text` is `c` alone.
fn is_itself(c: char, text: &str) -> bool {
    let mut chars = text.chars();
    chars.next() == Some(c) && chars.next().is_none()
}

impl Index {
    /// Every valid character whose skeleton is `prototype`, in code point order.
    fn same_skeleton(&self, prototype: &str) -> Vec<char> {
        let mut found = self.by_skeleton.get(prototype).cloned().unwrap_or_default();
        let mut chars = prototype.chars();
        if let (Some(c), None) = (chars.next(), chars.next())
            && with_char_skeleton(c, |own| is_itself(c, own))
            && matches!(MappingTable::bundled().status(c), Status::Valid | Status::Deviation)
        {
            found.push(c);
        }
        found.sort_unstable();
        found
    }
}

/// The skeleton of `c` alone.
fn char_skeleton(c: char) -> String {
    with_char_skeleton(c, str::to_string)
}

/// One edit of the protected label: the characters `from..to` replaced by `with`.
#[derive(Clone, Debug)]
struct Edit {
    from: usize,
    to: usize,
    with: String,
}

/// The edits of `label` (its characters) of one kind.
fn confusable_edits(index: &Index, label: &[char]) -> Vec<Edit> {
    let mut edits = Vec::new();
    for from in 0..label.len() {
        // One character or two for one of the same skeleton.
        for to in from + 1..=(from + 2).min(label.len()) {
            let prototype: String = label[from..to].iter().map(|&c| char_skeleton(c)).collect();
            for c in index.same_skeleton(&prototype) {
                if to - from == 1 && c == label[from] {
                    continue;
                }
                edits.push(Edit {
                    from,
                    to,
                    with: c.to_string(),
                });
            }
        }
        // One character for two whose skeletons make its own (`rn` for `m`).
        let prototype = char_skeleton(label[from]);
        for (split, _) in prototype.char_indices().skip(1) {
            let (left, right) = prototype.split_at(split);
            let rights = index.same_skeleton(right);
            for a in index.same_skeleton(left) {
                for &b in &rights {
                    edits.push(Edit {
                        from,
                        to: from + 1,
                        with: [a, b].iter().collect(),
                    });
                }
            }
        }
    }
    edits
}

/// The same letter with diacritics, and the bare letter for one that has
/// them: the same NFD base, or the same skeleton once its combining marks
/// are removed (`ł` for `l`, `ƥ` for `p`, `ɱ` for `m`, whose skeleton is `rn`).
fn diacritic_edits(index: &Index, label: &[char]) -> Vec<Edit> {
    let mut edits = Vec::new();
    for (at, &c) in label.iter().enumerate() {
        for other in with_diacritics(index, c) {
            edits.push(Edit {
                from: at,
                to: at + 1,
                with: other.to_string(),
            });
        }
    }
    edits
}

/// The characters [`diacritic_edits`] puts for `c`, in code point order.
fn with_diacritics(index: &Index, c: char) -> Vec<char> {
    let Some(base) = std::iter::once(c).nfd().next() else {
        return Vec::new();
    };
    let bare: String = char_skeleton(c).chars().filter(|&p| !is_combining_mark(p)).collect();
    let mut with: Vec<char> = index.by_base.get(&base).cloned().unwrap_or_default();
    with.extend(index.by_bare.get(&bare).into_iter().flatten());
    with.push(base);
    // Each once: the base's and the skeleton's lists share most.
    with.sort_unstable();
    with.dedup();
    with.retain(|&other| other != c);
    with
}

/// An ASCII digit for a letter, or an ASCII letter for a digit, whose
/// skeleton is the other's skeleton or its uppercase's (`0` for `o`).
fn digit_edits(label: &[char]) -> Vec<Edit> {
    let skeletons = |c: char| -> Vec<String> {
        let mut own = vec![char_skeleton(c)];
        own.extend(c.to_uppercase().map(char_skeleton));
        own
    };
    let mut edits = Vec::new();
    for (at, &c) in label.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            continue;
        }
        let mine = skeletons(c);
        let others = ('0'..='9')
            .chain('a'..='z')
            .filter(|o| o.is_ascii_digit() != c.is_ascii_digit());
        for other in others {
            if skeletons(other).iter().any(|s| mine.contains(s)) {
                edits.push(Edit {
                    from: at,
                    to: at + 1,
                    with: other.to_string(),
                });
            }
        }
    }
    edits
}

/// dnstwist 20250130's homoglyph table, carried over as facts (`tables/README.md`).
const DNSTWIST_GLYPHS: &str = include_str!("../../../tables/dnstwist/glyphs.tsv");

/// One letter or two as the glyph table keys them: `['m', '\0']`, `['r', 'n']`.
type Letters = [char; 2];

/// `letters` as a key of the glyph table; `None` for none or more than two.
fn letters_key(letters: &[char]) -> Option<Letters> {
    match *letters {
        [a] => Some([a, '\0']),
        [a, b] => Some([a, b]),
        _ => None,
    }
}

/// dnstwist's glyph table and what the glyph technique reads of it.
struct Glyphs {
    /// Letters → the glyphs the table lists for them (dnstwist's first pass).
    listed: HashMap<Letters, Vec<Vec<char>>>,
    /// A Latin letter → the Cyrillic letter dnstwist's Cyrillic fuzzer writes for it.
    cyrillic: HashMap<char, char>,
    /// Letters → each listed glyph, then each of those with its second
    /// pass ([`second_pass`] over the whole glyph: `ç` for `e` through `c`,
    /// `ⱱⱱ` for `w` through `vv`), then the Cyrillic letter, each once,
    /// none the letters themselves: what [`untwist`] takes a run for
    /// (aHash: looked up at every place of a search).
    written: HashMap<Letters, Vec<Vec<char>>, ahash::RandomState>,
}

/// The glyph table, read on first use.
fn glyphs() -> &'static Glyphs {
    static GLYPHS: OnceLock<Glyphs> = OnceLock::new();
    GLYPHS.get_or_init(|| {
        let mut listed: HashMap<Letters, Vec<Vec<char>>> = HashMap::new();
        let mut cyrillic = HashMap::new();
        for line in DNSTWIST_GLYPHS.lines().filter(|line| !line.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            let [letters, glyph, _, tables] = fields[..] else {
                panic!("letter, glyph, code points, tables: {line:?}");
            };
            let letters: Vec<char> = letters.chars().collect();
            let glyph: Vec<char> = glyph.chars().collect();
            match (tables, &letters[..], &glyph[..]) {
                ("cyrillic", &[latin], &[cyrillic_letter]) => {
                    cyrillic.insert(latin, cyrillic_letter);
                }
                _ => {
                    let key = letters_key(&letters).expect("the glyph table keys one letter or two");
                    listed.entry(key).or_default().push(glyph);
                }
            }
        }
        let mut written = HashMap::with_hasher(ahash::RandomState::new());
        for (&key, firsts) in &listed {
            let own: Vec<char> = key.into_iter().filter(|&c| c != '\0').collect();
            let mut all: Vec<Vec<char>> = Vec::new();
            let mut keep = |glyph: Vec<char>| {
                if glyph != own && !all.contains(&glyph) {
                    all.push(glyph);
                }
            };
            firsts.iter().cloned().for_each(&mut keep);
            for glyph in firsts {
                second_pass(&listed, glyph, 0..glyph.len(), &mut keep);
            }
            written.insert(key, all);
        }
        for (&latin, &cyrillic_letter) in &cyrillic {
            written.entry([latin, '\0']).or_default().push(vec![cyrillic_letter]);
        }
        Glyphs {
            listed,
            cyrillic,
            written,
        }
    })
}

/// dnstwist's pass of glyphs over `text` where it touches `span` (its
/// second pass over what the first wrote there), each result to `out`:
/// every letter of the span written as one of its listed glyphs, every two
/// letters in a row with one in the span, both as a glyph of the letter
/// where they are alike (dnstwist replaces a letter alike in a pair), and
/// two in the span as a glyph listed for the pair (`m` for `rn`).
fn second_pass(listed: &HashMap<Letters, Vec<Vec<char>>>, text: &[char], span: Range<usize>, out: &mut impl FnMut(Vec<char>)) {
    let of = |letters: &[char]| letters_key(letters).and_then(|key| listed.get(&key)).into_iter().flatten();
    for at in span.clone() {
        for glyph in of(&text[at..=at]) {
            out([&text[..at], glyph, &text[at + 1..]].concat());
        }
    }
    for at in span.start.saturating_sub(1)..span.end.min(text.len().saturating_sub(1)) {
        let pair = &text[at..at + 2];
        if pair[0] == pair[1] {
            for glyph in of(&pair[..1]) {
                out([&text[..at], glyph, glyph, &text[at + 2..]].concat());
            }
        }
        // Not a pair across the span's edge: `dh` for `ch` (through `clh`) is no glyph of either.
        if span.contains(&at) && span.contains(&(at + 1)) {
            for glyph in of(pair) {
                out([&text[..at], glyph, &text[at + 2..]].concat());
            }
        }
    }
}

/// dnstwist's Cyrillic fuzzer: every letter of `label` as its table writes
/// it; `None` where one is not in the table (`f`, a digit, a hyphen).
fn cyrillic_swap(label: &[char]) -> Option<String> {
    label.iter().map(|c| glyphs().cyrillic.get(c).copied()).collect()
}

/// The glyph technique's edits of `label` that `new` admits, by place,
/// `true` for dnstwist's first pass: each glyph listed for a letter or
/// two, and where a letter is written twice in a row, one of its glyphs in
/// both places; then, for each of those, its [`second_pass`] with a letter
/// on either side (`ç` for `e` through `c`; `ëë` for `ce` through `ee`;
/// `ññ` for `mm` through `nn`).
fn glyph_edits(label: &[char], new: impl Fn(&Edit) -> bool) -> Vec<(bool, Edit)> {
    let listed = &glyphs().listed;
    let mut firsts = Vec::new();
    for from in 0..label.len() {
        for to in from + 1..=(from + 2).min(label.len()) {
            let Some(key) = letters_key(&label[from..to]) else {
                continue;
            };
            for glyph in listed.get(&key).into_iter().flatten() {
                firsts.push((from, to, glyph.clone()));
                if to == from + 1 && label.get(to) == Some(&label[from]) {
                    firsts.push((from, to + 1, glyph.repeat(2)));
                }
            }
        }
    }
    let mut edits = Vec::new();
    let mut seconds = Vec::new();
    for (from, to, written) in &firsts {
        let (from, to) = (*from, *to);
        let edit = Edit {
            from,
            to,
            with: written.iter().collect(),
        };
        if new(&edit) {
            edits.push((true, edit));
        }
        let (start, end) = (from.saturating_sub(1), (to + 1).min(label.len()));
        let text = [&label[start..from], &written[..], &label[to..end]].concat();
        let span = from - start..from - start + written.len();
        second_pass(listed, &text, span, &mut |again| {
            let edit = Edit {
                from: start,
                to: end,
                with: again.into_iter().collect(),
            };
            if new(&edit) {
                seconds.push((false, edit));
            }
        });
    }
    edits.extend(seconds);
    edits
}

/// For each script other than the label's own, the label with every letter
/// replaced by the lowest code point of that script with the letter's
/// skeleton; digits, hyphens and other Common or Inherited characters stay.
/// Scripts that lack a letter give none.
fn whole_script_swaps(index: &Index, label: &[char]) -> Vec<String> {
    let letters: Vec<(usize, Vec<char>)> = label
        .iter()
        .enumerate()
        .filter(|&(_, &c)| !matches!(crate::chars::scripts::script(c), Script::Common | Script::Inherited))
        .map(|(at, &c)| (at, index.same_skeleton(&char_skeleton(c))))
        .collect();
    let Some((_, first)) = letters.first() else {
        return Vec::new();
    };
    let own: HashSet<Script> = letters
        .iter()
        .map(|&(at, _)| crate::chars::scripts::script(label[at]))
        .collect();
    let mut scripts: Vec<Script> = first.iter().map(|&c| crate::chars::scripts::script(c)).collect();
    scripts.sort_by_key(|s| s.short_name());
    scripts.dedup();
    let mut swaps = Vec::new();
    for script in scripts {
        if own.contains(&script) || matches!(script, Script::Common | Script::Inherited) {
            continue;
        }
        let mut swapped = label.to_vec();
        let all =
            letters.iter().all(
                |(at, choices)| match choices.iter().find(|&&c| crate::chars::scripts::script(c) == script) {
                    Some(&c) => {
                        swapped[*at] = c;
                        true
                    }
                    None => false,
                },
            );
        if all {
            swaps.push(swapped.into_iter().collect());
        }
    }
    swaps
}

/// `label` with `edits` applied (non-overlapping, in order).
fn apply(label: &[char], edits: &[&Edit]) -> String {
    let mut out = String::new();
    let mut at = 0;
    for edit in edits {
        out.extend(&label[at..edit.from]);
        out.push_str(&edit.with);
        at = edit.to;
    }
    out.extend(&label[at..]);
    out
}

/// The candidate labels of `label`, each once, not `label` itself, at most
/// `max`: whole-script swaps, single confusables, digits, diacritics, then
/// double confusables, then the other doubles (two edits of any of those
/// kinds, a doubled letter replaced alike in both places counting as one),
/// then dnstwist's glyphs that none of those makes, alone and then with one
/// edit of any kind ([`Technique::Glyph`]), for which room is kept: `max`
/// stops the doubles as many candidates early (at most half of `max`).
/// True in the second place when `max` stopped them. These are what
/// [`audit`] judges, less the ones UTS #46 refuses or maps in the whole name.
pub fn candidate_labels(label: &str, max: usize) -> (Vec<(Technique, String)>, bool) {
    let index = index();
    let chars: Vec<char> = label.chars().collect();
    let protected_skeleton = skeleton(label);
    let mut seen: HashSet<String> = HashSet::from([label.to_string()]);
    let mut out = Vec::new();
    let confusables = confusable_edits(index, &chars);
    let digits = digit_edits(&chars);
    let diacritics = diacritic_edits(index, &chars);
    // Every edit, with whether it keeps the skeleton and whether it is
    // doubled, by place: where a letter is written twice in a row (`ss`,
    // `oo`), each one-letter edit made in both places at once is one edit more.
    let mut edits: Vec<(bool, bool, Edit)> = confusables
        .iter()
        .cloned()
        .map(|e| (true, false, e))
        .chain(digits.iter().chain(&diacritics).cloned().map(|e| (false, false, e)))
        .collect();
    let doubled: Vec<(bool, bool, Edit)> = edits
        .iter()
        .filter(|(_, _, e)| e.to == e.from + 1 && chars.get(e.to) == Some(&chars[e.from]))
        .map(|(keeps, _, e)| {
            let edit = Edit {
                from: e.from,
                to: e.to + 1,
                with: e.with.repeat(2),
            };
            (*keeps, true, edit)
        })
        .collect();
    edits.extend(doubled);
    edits.sort_by_key(|(_, _, e)| e.from);
    // dnstwist's glyphs that no other technique makes.
    let made: HashSet<(usize, usize, &str)> = edits.iter().map(|(_, _, e)| (e.from, e.to, e.with.as_str())).collect();
    let glyphs = glyph_edits(&chars, |e| !made.contains(&(e.from, e.to, e.with.as_str())));
    let firsts: Vec<&Edit> = glyphs.iter().filter(|(first, _)| *first).map(|(_, e)| e).collect();
    // Their candidates, each once, at most `max`: dnstwist's Cyrillic label,
    // each glyph alone, then each of its first pass with one edit of any kind
    // elsewhere (two glyphs once: the other one from the later ones).
    let mut glyph_labels: Vec<String> = Vec::new();
    let mut glyph_seen: HashSet<String> = HashSet::new();
    let singles = cyrillic_swap(&chars)
        .into_iter()
        .chain(glyphs.iter().map(|(_, glyph)| apply(&chars, &[glyph])));
    let with_one_more = firsts.iter().enumerate().flat_map(|(i, glyph)| {
        let others = edits.iter().map(|(_, _, e)| e).chain(firsts[i + 1..].iter().copied());
        others.filter_map(|other| {
            let (a, b) = match other.from < glyph.from {
                true => (other, *glyph),
                false => (*glyph, other),
            };
            (a.to <= b.from).then(|| apply(&chars, &[a, b]))
        })
    });
    for label in singles.chain(with_one_more) {
        if glyph_labels.len() >= max {
            break;
        }
        if glyph_seen.insert(label.clone()) {
            glyph_labels.push(label);
        }
    }
    // Room kept for them, made last, of at most half of `max`: `max` stops
    // the many doubles of the other kinds before them.
    let reserve = glyph_labels.len().min(max / 2);
    let mut push = |technique: Technique, candidate: String| -> bool {
        let room = match technique {
            Technique::DoubleConfusable | Technique::Double => max - reserve,
            _ => max,
        };
        if out.len() >= room {
            return false;
        }
        // A piece of a skeleton that depends on its neighbours can break the
        // concatenation; such a candidate is not the protected label's look-alike.
        if technique.keeps_skeleton() && skeleton(&candidate) != protected_skeleton {
            return true;
        }
        if seen.insert(candidate.clone()) {
            out.push((technique, candidate));
        }
        true
    };
    let stopped = 'others: {
        let singles = whole_script_swaps(index, &chars)
            .into_iter()
            .map(|swap| (Technique::WholeScript, swap))
            .chain(confusables.iter().map(|e| (Technique::Confusable, apply(&chars, &[e]))))
            .chain(digits.iter().map(|e| (Technique::Digit, apply(&chars, &[e]))))
            .chain(diacritics.iter().map(|e| (Technique::Diacritic, apply(&chars, &[e]))));
        for (technique, candidate) in singles {
            if !push(technique, candidate) {
                break 'others true;
            }
        }
        for (i, first) in confusables.iter().enumerate() {
            for second in &confusables[i + 1..] {
                if second.from >= first.to && !push(Technique::DoubleConfusable, apply(&chars, &[first, second])) {
                    break 'others true;
                }
            }
        }
        for (i, (keeps_first, doubled_first, first)) in edits.iter().enumerate() {
            for (keeps_second, doubled_second, second) in &edits[i + 1..] {
                // Two confusables, neither doubled, were paired above.
                let paired = keeps_first & keeps_second & !doubled_first & !doubled_second;
                if second.from < first.to || paired {
                    continue;
                }
                let technique = match keeps_first & keeps_second {
                    true => Technique::DoubleConfusable,
                    false => Technique::Double,
                };
                if !push(technique, apply(&chars, &[first, second])) {
                    break 'others true;
                }
            }
        }
        // One letter for two (`rn` for `m`, doubled: `rnrn` for `mm`), one of
        // them with diacritics (`rñ`): two replacements too.
        let splits = edits
            .iter()
            .filter(|(keeps, _, e)| *keeps && e.with.chars().count() > e.to - e.from);
        for (_, _, split) in splits {
            let written: Vec<char> = split.with.chars().collect();
            for at in 0..written.len() {
                for other in with_diacritics(index, written[at]) {
                    let mut with = written.clone();
                    with[at] = other;
                    let edit = Edit {
                        with: with.into_iter().collect(),
                        ..split.clone()
                    };
                    if !push(Technique::Double, apply(&chars, &[&edit])) {
                        break 'others true;
                    }
                }
            }
        }
        false
    };
    // dnstwist's glyphs, after everything else so that the techniques above
    // keep their output (a label one of them made is not made again).
    for label in glyph_labels {
        if !push(Technique::Glyph, label) {
            return (out, true);
        }
    }
    (out, stopped)
}

/// The LGRs a run loads, each once, and the protected label's variants under each.
struct Registries<'p> {
    /// The ruleset asked for; `None`: each name's default.
    fixed: Option<Ruleset>,
    /// Bundled second-level rulesets loaded so far, by tag.
    bundled: HashMap<String, Ruleset>,
    /// The Registry tab's choice of a second-level tag ([`crate::registry::tag_for_name`]).
    tags: TagPicker,
    /// Ruleset name → the protected label's variants (label → disposition);
    /// `None` when the LGR does not list them (too many: then a shared
    /// index label tells a variant, its disposition unknown).
    variants: HashMap<String, Option<HashMap<String, String>>>,
    protected_label: &'p str,
}

impl Registries<'_> {
    /// The verdict on `label`, the checked label of `name` (ToUnicode).
    fn verdict(&mut self, name: &str, label: &str) -> RegistryVerdict {
        let Registries {
            fixed,
            bundled,
            tags,
            variants,
            protected_label,
        } = self;
        let ruleset = match fixed {
            Some(fixed) => &*fixed,
            None => {
                let picked = tags.pick(name, |tag, label| {
                    load_bundled(bundled, tag).is_some_and(|ruleset| ruleset.holds(label))
                });
                let Some(ruleset) = picked.and_then(|tag| load_bundled(bundled, &tag)) else {
                    // No table of the set has the label's script: no registry of it would take it.
                    return RegistryVerdict {
                        ruleset: format!("{} (no table for this label's script)", LgrSet::SecondLevel.name()),
                        eligible: false,
                        disposition: "invalid".to_string(),
                        variant_of_protected: None,
                    };
                };
                ruleset
            }
        };
        let evaluation = ruleset.lgr.evaluate_without_variants(label);
        let listed = variants.entry(ruleset.name.clone()).or_insert_with(|| {
            let variants = ruleset.lgr.evaluate(protected_label).variants?;
            Some(variants.into_iter().map(|v| (v.label, v.disposition)).collect())
        });
        let variant_of_protected = match listed {
            Some(listed) => listed.get(label).cloned(),
            None => ruleset
                .lgr
                .are_variants(label, protected_label)
                .then(|| "variant".to_string()),
        };
        RegistryVerdict {
            ruleset: ruleset.name.clone(),
            eligible: evaluation.eligible,
            disposition: evaluation.disposition,
            variant_of_protected,
        }
    }
}

/// The bundled second-level ruleset `tag`, loaded once.
fn load_bundled<'r>(bundled: &'r mut HashMap<String, Ruleset>, tag: &str) -> Option<&'r Ruleset> {
    if !bundled.contains_key(tag) {
        let spec = RulesetSpec::Bundled {
            set: LgrSet::SecondLevel,
            tag: tag.to_string(),
        };
        bundled.insert(tag.to_string(), Ruleset::load(&spec).ok()?);
    }
    bundled.get(tag)
}

/// How many names the spoof check analyzes together (its parts then serve
/// them in a row, as the batch's stage does).
const STAGE: usize = 256;

/// Audits `name` (any form UTS #46 accepts; the label left of its TLD is
/// replaced). Errors: a name UTS #46 refuses, one without a label left of
/// its TLD, a ruleset that cannot be loaded.
pub fn audit(engine: &Uts46<'_>, name: &str, settings: &Settings) -> Result<Audit, AuditError> {
    let options = Options::default();
    let results = engine.process(name.trim(), &options);
    if !results.to_ascii_n.errors.is_empty() {
        let codes = results
            .to_ascii_n
            .errors
            .iter()
            .map(|e| e.code.as_str().to_string())
            .collect();
        return Err(AuditError::Invalid(name.to_string(), codes));
    }
    let unicode = results.to_unicode.value.trim_end_matches('.').to_string();
    let (head, label, tld) = match split_name(&unicode) {
        Some(parts) => parts,
        None => return Err(AuditError::NoLabel(name.to_string())),
    };
    let fixed = match &settings.lgr {
        Some(spec) => Some(Ruleset::load(spec).map_err(AuditError::Ruleset)?),
        None => None,
    };
    let (labels, truncated) = candidate_labels(label, settings.max);
    let protected = ProtectedList::compared_only(engine, [unicode.as_str()]);
    let mut registries = Registries {
        fixed,
        bundled: HashMap::new(),
        tags: TagPicker::new(LgrSet::SecondLevel),
        variants: HashMap::new(),
        protected_label: label,
    };
    let mut candidates = Vec::with_capacity(labels.len());
    let mut kept = crate::spoof::Kept::default();
    let mut summaries = Vec::with_capacity(STAGE);
    for chunk in labels.chunks(STAGE) {
        let accepted: Vec<(Technique, &str, String, crate::uts46::Results)> = chunk
            .iter()
            .filter_map(|(technique, candidate)| {
                let whole = format!("{head}{candidate}.{tld}");
                let results = engine.process(&whole, &options);
                // A U-label: no error, and nothing mapped (the name reads as written).
                let accepted = results.to_ascii_n.errors.is_empty() && results.to_unicode.value == whole;
                accepted.then_some((*technique, candidate.as_str(), whole, results))
            })
            .collect();
        let names: Vec<(&str, ResultsRef<'_>)> = accepted
            .iter()
            .map(|(_, _, whole, results)| (whole.as_str(), results.borrowed()))
            .collect();
        summaries.clear();
        crate::spoof::full_summaries(engine, &options, &protected, &names, &mut summaries, &mut kept);
        for ((technique, candidate, whole, results), summary) in accepted.into_iter().zip(summaries.drain(..)) {
            let SpoofSummary {
                browsers,
                risk,
                findings,
            } = summary;
            let registry = registries.verdict(&whole, candidate);
            candidates.push(Candidate {
                edits: untwist(candidate, label).unwrap_or_default(),
                technique,
                u_label: candidate.to_string(),
                ascii: results.to_ascii_n.value,
                unicode: whole,
                browsers,
                risk,
                findings,
                registry,
            });
        }
    }
    // Stable: within a rank, the order made.
    candidates.sort_by_key(|c| {
        let unicode = c.browsers.displays().iter().filter(|&&d| d == Display::Unicode).count();
        (!c.matters(), std::cmp::Reverse(unicode))
    });
    Ok(Audit {
        protected_ascii: results.to_ascii_n.value,
        label: label.to_string(),
        summary: Summary::of(&candidates),
        protected: unicode.clone(),
        candidates,
        truncated,
    })
}

/// `(labels left of the checked label with their dot, the checked label, the TLD)`.
fn split_name(unicode: &str) -> Option<(&str, &str, &str)> {
    let (rest, tld) = unicode.rsplit_once('.')?;
    let (head, label) = match rest.rsplit_once('.') {
        Some((head, label)) => (&unicode[..head.len() + 1], label),
        None => ("", rest),
    };
    (!label.is_empty() && !tld.is_empty()).then_some((head, label, tld))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index's shortcut (a character that is its own skeleton is not
    /// stored; [`Index::same_skeleton`] adds it back), over every code
    /// point: each valid or deviation character is found under its own
    /// skeleton, and everything found under a skeleton has it.
    #[test]
    fn the_index_finds_every_valid_character_under_its_skeleton() {
        let index = index();
        let table = MappingTable::bundled();
        let mut checked = 0;
        for c in (0..=u32::from(char::MAX)).filter_map(char::from_u32) {
            if !matches!(table.status(c), Status::Valid | Status::Deviation) {
                continue;
            }
            let own = char_skeleton(c);
            if own.is_empty() {
                continue;
            }
            let found = index.same_skeleton(&own);
            assert!(found.contains(&c), "U+{:04X} under {own:?}", c as u32);
            // Checking each group's members once is enough: at the group's lowest code point.
            if found[0] == c {
                assert!(found.iter().all(|&other| char_skeleton(other) == own), "{own:?}");
            }
            checked += 1;
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Each row of the glyph table as its code points say, read whole:
    /// dnstwist 20250130's 257 glyphs and 21 Cyrillic letters.
    #[test]
    fn the_glyph_table_is_read_as_written() {
        let mut rows = 0;
        for line in DNSTWIST_GLYPHS.lines().filter(|line| !line.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            let points: Vec<String> = fields[1].chars().map(|c| format!("U+{:04X}", c as u32)).collect();
            assert_eq!(points.join(" "), fields[2], "{line:?}");
            rows += 1;
        }
        let glyphs = glyphs();
        let listed: usize = glyphs.listed.values().map(Vec::len).sum();
        assert_eq!((rows, listed, glyphs.cyrillic.len()), (278, 257, 21));
        let written = |letters: &str| {
            let letters: Vec<char> = letters.chars().collect();
            glyphs.written[&letters_key(&letters).unwrap()].clone()
        };
        let ascii = |glyph: &str| glyph.chars().collect::<Vec<char>>();
        // First pass, second pass (through `c`, through `vv`), Cyrillic.
        for (letters, glyph) in [("l", "i"), ("e", "ç"), ("w", "ⱱⱱ"), ("w", "vⱱ"), ("t", "т"), ("rn", "m")] {
            assert!(written(letters).contains(&ascii(glyph)), "{glyph} for {letters}");
        }
        assert!(!written("m").contains(&ascii("m")), "not the letter itself");
    }

    #[test]
    fn untwist_names_each_change_with_its_place() {
        let describe = |written: &str, imitated: &str| -> Option<Vec<String>> {
            untwist(written, imitated).map(|edits| edits.iter().map(Untwisted::describe).collect())
        };
        assert_eq!(
            describe("p\u{430}ypal", "paypal").unwrap(),
            ["U+0430 CYRILLIC SMALL LETTER A for a at 2"]
        );
        assert_eq!(
            describe("modem", "modern").unwrap(),
            ["U+006D LATIN SMALL LETTER M for rn at 5"]
        );
        assert_eq!(
            describe("rnail", "mail").unwrap(),
            ["U+0072 LATIN SMALL LETTER R, U+006E LATIN SMALL LETTER N for m at 1"]
        );
        assert_eq!(
            describe("páypal", "paypal").unwrap(),
            ["U+00E1 LATIN SMALL LETTER A WITH ACUTE for a at 2"]
        );
        assert_eq!(describe("g0ogle", "google").unwrap(), ["U+0030 DIGIT ZERO for o at 2"]);
        assert_eq!(describe("w1kipedia", "wikipedia").unwrap(), ["U+0031 DIGIT ONE for i at 2"]);
        assert_eq!(
            describe("\u{271}1crosoft", "microsoft").unwrap(),
            [
                "U+0271 LATIN SMALL LETTER M WITH HOOK for m at 1",
                "U+0031 DIGIT ONE for i at 2"
            ],
            "a letter only without marks beside a digit only in upper case"
        );
        assert_eq!(
            describe("pay\u{200B}pal", "paypal").unwrap(),
            ["U+200B ZERO WIDTH SPACE for nothing at 4"]
        );
        assert_eq!(describe("paypal", "paypal").unwrap(), Vec::<String>::new());
        assert_eq!(describe("paypals", "paypal"), None);
        assert_eq!(describe("ebay", "paypal"), None);
    }

    /// Every candidate of a few labels untwists back to its label, with
    /// changes that rebuild it (the written runs put in place of the imitated).
    #[test]
    fn every_candidate_untwists_to_its_label() {
        for label in ["paypal", "modern", "sparkasse", "bücher", "microsoft"] {
            let (candidates, _) = candidate_labels(label, usize::MAX);
            for (technique, candidate) in candidates {
                let edits = untwist(&candidate, label).unwrap_or_else(|| panic!("{candidate} for {label}"));
                assert!(!edits.is_empty(), "{candidate}");
                let mine: Vec<char> = candidate.chars().collect();
                let (mut rebuilt, mut next) = (String::new(), 0);
                for edit in &edits {
                    let at = edit.at - 1;
                    let written: String = mine[at..at + edit.written.chars().count()].iter().collect();
                    assert_eq!(written, edit.written, "{candidate} ({})", technique.name());
                    rebuilt.extend(&mine[next..at]);
                    rebuilt.push_str(&edit.imitated);
                    next = at + edit.written.chars().count();
                }
                rebuilt.extend(&mine[next..]);
                assert_eq!(rebuilt, label, "{candidate} ({})", technique.name());
            }
        }
    }

    #[test]
    fn imitation_places_the_changes_in_the_whole_name() {
        let engine = Uts46::new();
        let protected = ProtectedList::compared_only(&engine, ["paypal.com"]);
        let found = imitation(
            &protected,
            "login.p\u{430}ypal.com",
            "login.p\u{430}ypal.com",
            "login.xn--pypal-4ve.com",
        )
        .unwrap();
        assert_eq!(found.protected, "paypal.com");
        let described: Vec<String> = found.edits.iter().map(Untwisted::describe).collect();
        assert_eq!(described, ["U+0430 CYRILLIC SMALL LETTER A for a at 8"]);
        assert_eq!(
            imitation(&protected, "paypal.com", "paypal.com", "paypal.com"),
            None,
            "the name itself"
        );
        assert_eq!(imitation(&protected, "ebay.com", "ebay.com", "ebay.com"), None);
    }

    #[test]
    fn edits_apply_in_order() {
        let label: Vec<char> = "modern".chars().collect();
        let first = Edit {
            from: 0,
            to: 1,
            with: "rn".to_string(),
        };
        let second = Edit {
            from: 4,
            to: 6,
            with: "m".to_string(),
        };
        assert_eq!(apply(&label, &[&first, &second]), "rnodem");
    }

    #[test]
    fn names_split_at_the_checked_label() {
        assert_eq!(split_name("paypal.com"), Some(("", "paypal", "com")));
        assert_eq!(split_name("www.paypal.co"), Some(("www.", "paypal", "co")));
        assert_eq!(split_name("com"), None);
        assert_eq!(split_name(".com"), None);
    }
}
