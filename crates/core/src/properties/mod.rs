//! The character properties UTS #46 reads beside the mapping table —
//! Bidi_Class (criterion 9), Joining_Type and Canonical_Combining_Class
//! (CONTEXTJ, criterion 8), General_Category M (criterion 6) — from the
//! bundled libraries or a loaded version's UCD files. The properties the
//! spoof analysis and the browsers' rules read (UTS #39, General_Category,
//! Script) are the application crate's (`chars`). The tables of them:
//! `docs/design.md`.

#[doc(hidden)]
pub mod generated;
#[doc(hidden)]
pub mod ucd;
#[doc(hidden)]
pub mod visible;

use generated::Generated;
use std::fmt::Display;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};
use unicode_bidi::BidiClass;
use unicode_joining_type::{JoiningType, get_joining_type};
use unicode_normalization::char::{canonical_combining_class, is_combining_mark as library_combining_mark};
use unicode_normalization::{IsNormalized, is_nfc_quick};

/// Where the engine's character properties come from (cheap to clone: a
/// loaded version's data is shared).
#[derive(Clone, Debug, Default)]
pub struct Properties {
    loaded: Option<Arc<Loaded>>,
}

/// One property's source, for the About window and the status bar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PropertySource {
    /// The property, e.g. `Bidi_Class`.
    pub property: &'static str,
    /// Its Unicode version.
    pub version: String,
    /// A file, or the bundled library.
    pub source: String,
    /// True when read from a UCD file of the loaded version.
    pub from_file: bool,
}

/// A property file read: its path, and one value byte per code point.
type LoadedFile = (PathBuf, Values);

/// One value byte per code point: read from a file, or parsed from a text
/// compiled into the program when first needed (a run whose characters
/// the generated table holds never parses it).
#[derive(Debug)]
enum Values {
    Read(Box<[u8]>),
    Text {
        text: &'static str,
        value: fn(&str) -> Option<u8>,
        parsed: OnceLock<Box<[u8]>>,
    },
}

impl Values {
    /// The values, one per code point.
    fn get(&self) -> &[u8] {
        match self {
            Values::Read(values) => values,
            Values::Text { text, value, parsed } => {
                parsed.get_or_init(|| {
                    // Not checked when made (that would parse it): the generated
                    // table's test parses the same text.
                    ucd::read_ranges_text(text, Path::new("bundled text"), *value).expect("the bundled text parses")
                })
            }
        }
    }
}

/// The UCD files of a loaded version: `ucd/extracted/DerivedBidiClass.txt`,
/// `DerivedJoiningType.txt`, `DerivedGeneralCategory.txt` and
/// `ucd/UnicodeData.txt`, each read into one value per code point.
#[derive(Debug)]
struct Loaded {
    version: String,
    bidi: Option<LoadedFile>,
    joining: Option<LoadedFile>,
    marks: Option<LoadedFile>,
    combining: Option<LoadedFile>,
    /// The BMP flags made from these, each when first asked for ([`cell_value`]).
    bmp: Box<[AtomicU32]>,
    /// The flags of planes 0 to 3 made from these, generated ahead of time
    /// (then `bmp` is empty).
    generated: Option<&'static Generated<u8>>,
}

impl Properties {
    /// The bundled libraries' data: unicode-bidi (with the UCD's boundary
    /// neutral defaults), unicode-joining-type, unicode-normalization.
    pub fn bundled() -> Properties {
        Properties::default()
    }

    /// The properties of the Unicode data folder `root` (laid out as Unicode
    /// publishes it: `ucd/UnicodeData.txt`, `ucd/extracted/…`), of version
    /// `version`. A file that is absent leaves that property to the bundled
    /// library. Errors: a file that exists but cannot be read or parsed.
    pub fn load(root: &Path, version: &str) -> Result<Properties, String> {
        let file = |name: &str| {
            let path = root.join(name);
            path.exists().then_some(path)
        };
        let read = |name: &str, value: fn(&str) -> Option<u8>| -> Result<Option<LoadedFile>, String> {
            match file(name) {
                Some(path) => Ok(Some((path.clone(), Values::Read(ucd::read_ranges(&path, value)?)))),
                None => Ok(None),
            }
        };
        let combining = match file("ucd/UnicodeData.txt") {
            Some(path) => Some((path.clone(), Values::Read(ucd::read_combining_classes(&path)?))),
            None => None,
        };
        let loaded = Loaded {
            version: version.to_string(),
            bidi: read("ucd/extracted/DerivedBidiClass.txt", bidi_class_index)?,
            joining: read("ucd/extracted/DerivedJoiningType.txt", joining_type_index)?,
            marks: read("ucd/extracted/DerivedGeneralCategory.txt", general_category_is_mark)?,
            combining,
            bmp: empty_cells(BMP_CELLS),
            generated: None,
        };
        let any = loaded.bidi.is_some() || loaded.joining.is_some() || loaded.marks.is_some() || loaded.combining.is_some();
        Ok(Properties {
            loaded: any.then(|| Arc::new(loaded)),
        })
    }

    /// The bundled libraries' properties with Bidi_Class read from the text
    /// of a `DerivedBidiClass.txt` of `version` (named `name` in sources
    /// and errors). Errors: the text is not well formed.
    #[cfg(test)]
    pub(crate) fn with_bidi_classes(version: &str, name: &str, text: &str) -> Result<Properties, String> {
        let path = PathBuf::from(name);
        let classes = Values::Read(ucd::read_ranges_text(text, &path, bidi_class_index)?);
        Ok(Properties::with_bidi(version, path, classes, None))
    }

    /// `Properties::with_bidi_classes` (the rule, kept for the tests) of a text compiled into the
    /// program, whose flags of planes 0 to 3 `generated` holds (a test
    /// checks both): the text is parsed only when a character beyond them
    /// is asked for.
    pub(crate) fn with_generated_bidi_classes(
        version: &str,
        name: &str,
        text: &'static str,
        generated: &'static Generated<u8>,
    ) -> Properties {
        let classes = Values::Text {
            text,
            value: bidi_class_index,
            parsed: OnceLock::new(),
        };
        Properties::with_bidi(version, PathBuf::from(name), classes, Some(generated))
    }

    /// The bundled libraries' properties with the Bidi_Class `classes` read from `path`.
    fn with_bidi(version: &str, path: PathBuf, classes: Values, generated: Option<&'static Generated<u8>>) -> Properties {
        let loaded = Loaded {
            version: version.to_string(),
            bidi: Some((path, classes)),
            joining: None,
            marks: None,
            combining: None,
            bmp: empty_cells(if generated.is_some() { 0 } else { BMP_CELLS }),
            generated,
        };
        Properties {
            loaded: Some(Arc::new(loaded)),
        }
    }

    /// True when no property comes from a loaded file.
    pub fn is_bundled(&self) -> bool {
        self.loaded.is_none()
    }

    /// Where each property comes from.
    pub fn sources(&self) -> Vec<PropertySource> {
        let loaded = self.loaded.as_deref();
        let source = |file: Option<&LoadedFile>, property, library_version: String, library: &str| match (loaded, file) {
            (Some(loaded), Some((path, _))) => PropertySource {
                property,
                version: loaded.version.clone(),
                source: path.display().to_string(),
                from_file: true,
            },
            _ => PropertySource {
                property,
                version: library_version,
                source: library.to_string(),
                from_file: false,
            },
        };
        let normalization = version_string(unicode_normalization::UNICODE_VERSION);
        vec![
            source(
                loaded.and_then(|l| l.bidi.as_ref()),
                "Bidi_Class",
                version_string(unicode_bidi::UNICODE_VERSION),
                "unicode-bidi crate, with the BN defaults of DerivedBidiClass.txt",
            ),
            source(
                loaded.and_then(|l| l.joining.as_ref()),
                "Joining_Type",
                version_string(unicode_joining_type::UNICODE_VERSION),
                "unicode-joining-type crate",
            ),
            source(
                loaded.and_then(|l| l.marks.as_ref()),
                "General_Category (marks)",
                normalization.clone(),
                "unicode-normalization crate",
            ),
            source(
                loaded.and_then(|l| l.combining.as_ref()),
                "Canonical_Combining_Class",
                normalization,
                "unicode-normalization crate",
            ),
        ]
    }

    /// Bidi_Class of `c` (UAX #44, DerivedBidiClass.txt), including the
    /// defaults of unassigned code points.
    #[inline]
    pub fn bidi_class(&self, c: char) -> BidiClass {
        BIDI_CLASSES[usize::from(self.facts(c).0 & CLASS_BITS)]
    }

    /// True when `c` has Bidi_Class R, AL or AN: one such character makes a
    /// name a Bidi domain name (RFC 5893 §1.4).
    #[inline]
    pub fn is_rtl_or_arabic_number(&self, c: char) -> bool {
        self.facts(c).rtl_or_arabic_number()
    }

    /// True when `c` has General_Category Mark (Mn, Mc or Me).
    #[inline]
    pub fn is_combining_mark(&self, c: char) -> bool {
        self.facts(c).combining_mark()
    }

    /// Joining_Type of `c` (DerivedJoiningType.txt; U by default).
    pub fn joining_type(&self, c: char) -> JoiningType {
        match self.loaded.as_deref().and_then(|l| l.joining.as_ref()) {
            Some((_, types)) => JOINING_TYPES[usize::from(types.get()[c as usize])],
            None => get_joining_type(c),
        }
    }

    /// Canonical_Combining_Class of `c` (UnicodeData.txt field 3).
    pub fn combining_class(&self, c: char) -> u8 {
        match self.loaded.as_deref().and_then(|l| l.combining.as_ref()) {
            Some((_, classes)) => classes.get()[c as usize],
            None => canonical_combining_class(c),
        }
    }

    /// Every flag of `c` at once (one table read for the BMP).
    #[inline]
    /// All of [`Properties::facts`] of `c` as one byte, for the generated tables' checks.
    #[cfg(test)]
    pub(crate) fn facts_byte(&self, c: char) -> u8 {
        self.facts(c).0
    }

    pub(crate) fn facts(&self, c: char) -> CharFacts {
        match self.loaded.as_deref() {
            None => bundled_facts(c),
            Some(loaded) => CharFacts(match loaded.generated {
                Some(table) => table.get(c, |c| loaded.compute_byte(c)),
                None => cell_value(&loaded.bmp, c, |c| loaded.compute_byte(c)),
            }),
        }
    }

    /// The short Bidi_Class name of `c` (`L`, `R`, `AL`, `EN`, …).
    pub fn bidi_class_name(&self, c: char) -> &'static str {
        BIDI_CLASS_NAMES[usize::from(self.facts(c).0 & CLASS_BITS)]
    }

    /// The short Joining_Type name of `c` (`U`, `L`, `R`, `D`, `C`, `T`).
    pub fn joining_type_name(&self, c: char) -> &'static str {
        match self.joining_type(c) {
            JoiningType::LeftJoining => "L",
            JoiningType::RightJoining => "R",
            JoiningType::DualJoining => "D",
            JoiningType::JoinCausing => "C",
            JoiningType::Transparent => "T",
            // NonJoining, and any type a later version of the crate adds.
            _ => "U",
        }
    }
}

impl Loaded {
    fn compute_byte(&self, c: char) -> u8 {
        let class = match &self.bidi {
            Some((_, classes)) => BIDI_CLASSES[usize::from(classes.get()[c as usize])],
            None => library_bidi_class(c),
        };
        let mark = match &self.marks {
            Some((_, marks)) => marks.get()[c as usize] != 0,
            None => library_combining_mark(c),
        };
        flags_byte(class, nfc_stable(c), mark)
    }
}

fn version_string((major, minor, patch): (impl Display, impl Display, impl Display)) -> String {
    format!("{major}.{minor}.{patch}")
}

/// All of the flags of one character: its Bidi_Class and three bits.
#[derive(Clone, Copy)]
pub(crate) struct CharFacts(u8);

impl CharFacts {
    /// NFC_Quick_Check=Yes with combining class 0: a string of such
    /// characters is in NFC (none composes with what precedes it, none needs
    /// reordering; UAX #15 §9).
    #[inline]
    pub(crate) fn nfc_stable(self) -> bool {
        self.0 & NFC_STABLE != 0
    }

    /// Bidi_Class R, AL or AN.
    #[inline]
    pub(crate) fn rtl_or_arabic_number(self) -> bool {
        self.0 & RTL_OR_ARABIC_NUMBER != 0
    }

    /// General_Category M.
    #[inline]
    pub(crate) fn combining_mark(self) -> bool {
        self.0 & COMBINING_MARK != 0
    }
}

/// True when `text` is in NFC (the NFC quick check answers Yes); the table
/// answers for strings of NFC-stable characters, the library for the rest.
/// (Normalization is always the bundled library's.)
pub(crate) fn is_nfc_quick_yes(text: &str) -> bool {
    nfc_quick_check(text) == IsNormalized::Yes
}

/// True when `text` is in NFC: the quick check, and where it answers Maybe
/// (a vowel sign that could compose, as in most Tamil and Bengali words),
/// whether NFC leaves that run's segment as it is (the library's). An
/// NFC-stable character starts a segment that NFC never composes across
/// (UAX #15 §9), so a run's segment is the run with the stable character
/// before it.
pub(crate) fn is_nfc(text: &str) -> bool {
    each_unstable_run(text, |segment, run| match is_nfc_quick(run.chars()) {
        IsNormalized::No => false,
        IsNormalized::Maybe => unicode_normalization::is_nfc(segment),
        IsNormalized::Yes => true,
    })
}

/// The NFC quick check (UAX #15 §9), the library's answer. Its state after
/// an NFC-stable character (combining class 0, NFC_Quick_Check=Yes) is its
/// state at the start, so the answer for `text` is that for each run of
/// other characters alone (No if one says No, else Maybe if one says
/// Maybe): the library reads only those runs, mostly a mark or two.
fn nfc_quick_check(text: &str) -> IsNormalized {
    let mut answer = IsNormalized::Yes;
    let all_runs_pass = each_unstable_run(text, |_, run| match is_nfc_quick(run.chars()) {
        IsNormalized::No => false,
        IsNormalized::Maybe => {
            answer = IsNormalized::Maybe;
            true
        }
        IsNormalized::Yes => true,
    });
    if all_runs_pass { answer } else { IsNormalized::No }
}

/// Hands `check` each run of characters in `text` that are not NFC-stable,
/// with its segment (the run and the stable character before it, if any),
/// in order; false as soon as `check` is, else true.
fn each_unstable_run(text: &str, mut check: impl FnMut(&str, &str) -> bool) -> bool {
    let (mut segment_start, mut run_start) = (0, None);
    for (at, c) in text.char_indices() {
        match (bundled_facts(c).nfc_stable(), run_start) {
            (false, None) => run_start = Some(at),
            (true, Some(start)) => {
                if !check(&text[segment_start..at], &text[start..at]) {
                    return false;
                }
                (segment_start, run_start) = (at, None);
            }
            (true, None) => segment_start = at,
            (false, Some(_)) => {}
        }
    }
    run_start.is_none_or(|start| check(&text[segment_start..], &text[start..]))
}

/// The low five bits of a flags byte: the index of the class in this list.
const BIDI_CLASSES: [BidiClass; 23] = {
    use BidiClass::*;
    [
        AL, AN, B, BN, CS, EN, ES, ET, FSI, L, LRE, LRI, LRO, NSM, ON, PDF, PDI, R, RLE, RLI, RLO, S, WS,
    ]
};
/// The short names of [`BIDI_CLASSES`], in the same order.
const BIDI_CLASS_NAMES: [&str; 23] = [
    "AL", "AN", "B", "BN", "CS", "EN", "ES", "ET", "FSI", "L", "LRE", "LRI", "LRO", "NSM", "ON", "PDF", "PDI", "R", "RLE", "RLI",
    "RLO", "S", "WS",
];
/// Their long names (PropertyValueAliases.txt), which `@missing` lines use.
const BIDI_CLASS_LONG_NAMES: [&str; 23] = [
    "Arabic_Letter",
    "Arabic_Number",
    "Paragraph_Separator",
    "Boundary_Neutral",
    "Common_Separator",
    "European_Number",
    "European_Separator",
    "European_Terminator",
    "First_Strong_Isolate",
    "Left_To_Right",
    "Left_To_Right_Embedding",
    "Left_To_Right_Isolate",
    "Left_To_Right_Override",
    "Nonspacing_Mark",
    "Other_Neutral",
    "Pop_Directional_Format",
    "Pop_Directional_Isolate",
    "Right_To_Left",
    "Right_To_Left_Embedding",
    "Right_To_Left_Isolate",
    "Right_To_Left_Override",
    "Segment_Separator",
    "White_Space",
];
const CLASS_BITS: u8 = 0x1F;
const NFC_STABLE: u8 = 0x20;
const COMBINING_MARK: u8 = 0x40;
const RTL_OR_ARABIC_NUMBER: u8 = 0x80;

/// Joining_Type values by their index in a loaded file's bytes.
const JOINING_TYPES: [JoiningType; 6] = [
    JoiningType::NonJoining,
    JoiningType::LeftJoining,
    JoiningType::RightJoining,
    JoiningType::DualJoining,
    JoiningType::JoinCausing,
    JoiningType::Transparent,
];

fn bidi_class_index(name: &str) -> Option<u8> {
    let short = BIDI_CLASS_NAMES.iter().position(|&n| n == name);
    let long = BIDI_CLASS_LONG_NAMES.iter().position(|&n| n == name);
    short.or(long).map(|index| index as u8)
}

fn joining_type_index(name: &str) -> Option<u8> {
    let index = match name {
        "U" | "Non_Joining" => 0,
        "L" | "Left_Joining" => 1,
        "R" | "Right_Joining" => 2,
        "D" | "Dual_Joining" => 3,
        "C" | "Join_Causing" => 4,
        "T" | "Transparent" => 5,
        _ => return None,
    };
    Some(index)
}

/// 1 for General_Category Mn, Mc, Me; 0 for every other category.
fn general_category_is_mark(name: &str) -> Option<u8> {
    const OTHERS: [&str; 27] = [
        "Lu", "Ll", "Lt", "Lm", "Lo", "Nd", "Nl", "No", "Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs",
        "Zl", "Zp", "Cc", "Cf", "Cs", "Co", "Cn",
    ];
    match name {
        "Mn" | "Mc" | "Me" | "Nonspacing_Mark" | "Spacing_Mark" | "Enclosing_Mark" => Some(1),
        "Unassigned" => Some(0),
        other if OTHERS.contains(&other) => Some(0),
        _ => None,
    }
}

/// True when `c` has General_Category Mark (Mn, Mc or Me), the bundled data
/// (the unicode-normalization crate's `is_combining_mark`), read from the table.
#[inline]
#[doc(hidden)]
pub fn is_mark(c: char) -> bool {
    bundled_facts(c).combining_mark()
}

/// The bundled flags of `c`: from the generated table of planes 0 to 3,
/// or computed beyond plane 3.
#[inline]
fn bundled_facts(c: char) -> CharFacts {
    CharFacts(BUNDLED_FACTS.get(c, compute_bundled_byte))
}

/// [`bundled_facts`] of planes 0 to 3, made from [`compute_bundled_byte`].
static BUNDLED_FACTS: generated::Generated<u8> = generated::generated!("bundled_facts");

/// The code points of planes 0 to 3 (U+0000 to U+3FFFF: the BMP, emoji
/// and the other supplementary scripts, the CJK extensions), which the
/// generated tables cover.
#[cfg(any(test, feature = "test-support"))]
#[doc(hidden)]
pub const PLANE_CELLS: usize = 0x40000;
/// The code points of the BMP.
#[doc(hidden)]
pub const BMP_CELLS: usize = 0x10000;

/// A value a table keeps, as at most 31 bits: a generated table's
/// ([`generated`]), or a loaded version's cell ([`cell_value`]; a value
/// whose bits reach [`FILLED`] is computed anew at each read, never kept).
#[doc(hidden)]
pub trait Small: Copy {
    /// Bytes a value takes in a generated table ([`generated`]), unless
    /// it takes one bit ([`Small::ONE_BIT`]).
    const BYTES: usize = 4;
    /// A value is 0 or 1 and takes one bit in a generated table, eight to a
    /// byte: a table of flags that differ from character to character (as
    /// the allowed ideographs do) then stays small enough for the data cache.
    const ONE_BIT: bool = false;
    fn bits(self) -> u32;
    /// The value of what [`Small::bits`] made.
    fn from_bits(bits: u32) -> Self;
}

impl Small for u8 {
    const BYTES: usize = 1;
    fn bits(self) -> u32 {
        u32::from(self)
    }
    fn from_bits(bits: u32) -> Self {
        bits as u8
    }
}

impl Small for u16 {
    const BYTES: usize = 2;
    fn bits(self) -> u32 {
        u32::from(self)
    }
    fn from_bits(bits: u32) -> Self {
        bits as u16
    }
}

impl Small for u32 {
    fn bits(self) -> u32 {
        self
    }
    fn from_bits(bits: u32) -> Self {
        bits
    }
}

impl Small for bool {
    const BYTES: usize = 1;
    const ONE_BIT: bool = true;
    fn bits(self) -> u32 {
        u32::from(self)
    }
    fn from_bits(bits: u32) -> Self {
        bits != 0
    }
}

/// The bit of a cell that says it holds its value.
const FILLED: u32 = 1 << 31;

/// The value of `c` in `cells`, one a code point from U+0000 (made by
/// [`empty_cells`]), computed when first
/// asked for; computed anew beyond them.
#[inline]
fn cell_value<T: Small>(cells: &[AtomicU32], c: char, compute: impl Fn(char) -> T) -> T {
    let Some(cell) = cells.get(c as usize) else {
        return compute(c);
    };
    // Relaxed: the cell is the value; there is nothing else to publish.
    let bits = cell.load(Ordering::Relaxed);
    if bits & FILLED != 0 {
        return T::from_bits(bits & !FILLED);
    }
    let value = compute(c);
    let bits = value.bits();
    if bits & FILLED == 0 {
        cell.store(FILLED | bits, Ordering::Relaxed);
    }
    value
}

/// `count` cells of nothing computed yet, for [`cell_value`]: a table that
/// is not a static (the properties of a loaded Unicode version).
fn empty_cells(count: usize) -> Box<[AtomicU32]> {
    (0..count).map(|_| AtomicU32::new(0)).collect()
}

/// 256 values of consecutive code points, each computed when first asked
/// for: a name touches a few characters of a block (a Han block of 256 holds
/// a corpus's handful), and computing the rest cost more than the reads.
pub(crate) type Block<T> = [OnceLock<T>; 256];

/// A BMP table in 256 [`Block`]s, each made on first use.
#[doc(hidden)]
pub type BmpBlocks<T> = [OnceLock<Box<Block<T>>>; 256];

/// The value of `c` in `blocks` (a [`BmpBlocks`]), computed with `compute`
/// when first asked for; `None` beyond the blocks.
#[inline]
pub(crate) fn block_value<T: Copy>(blocks: &[OnceLock<Box<Block<T>>>], c: char, compute: impl FnOnce(char) -> T) -> Option<T> {
    Some(*value_in(blocks.get(c as usize >> 8)?, c, compute))
}

/// `compute(c)`, read from `blocks` for a code point they hold (see
/// [`block_value`]) and computed anew beyond them: the table is a cache of
/// `compute`, which stays the one place of the rule.
#[inline]
#[doc(hidden)]
pub fn block_cached<T: Copy>(blocks: &[OnceLock<Box<Block<T>>>], c: char, compute: impl Fn(char) -> T) -> T {
    block_value(blocks, c, &compute).unwrap_or_else(|| compute(c))
}

/// The value of `c` in `slot`, the block of a [`BmpBlocks`] that holds it,
/// computed with `compute` when first asked for (see [`block_value`]).
#[inline]
pub(crate) fn value_in<T>(slot: &OnceLock<Box<Block<T>>>, c: char, compute: impl FnOnce(char) -> T) -> &T {
    let block = slot.get_or_init(|| Box::new([const { OnceLock::new() }; 256]));
    block[c as usize & 0xFF].get_or_init(|| compute(c))
}

fn compute_bundled_byte(c: char) -> u8 {
    flags_byte(library_bidi_class(c), nfc_stable(c), library_combining_mark(c))
}

fn flags_byte(class: BidiClass, nfc_stable: bool, combining_mark: bool) -> u8 {
    let index = BIDI_CLASSES
        .iter()
        .position(|&known| known == class)
        .expect("every Bidi_Class is listed");
    let mut byte = index as u8;
    if nfc_stable {
        byte |= NFC_STABLE;
    }
    if combining_mark {
        byte |= COMBINING_MARK;
    }
    if matches!(class, BidiClass::R | BidiClass::AL | BidiClass::AN) {
        byte |= RTL_OR_ARABIC_NUMBER;
    }
    byte
}

fn nfc_stable(c: char) -> bool {
    canonical_combining_class(c) == 0 && is_nfc_quick(std::iter::once(c)) == IsNormalized::Yes
}

/// unicode-bidi's Bidi_Class with the UCD's defaults it leaves out.
///
/// unicode-bidi's table carries the right-to-left block defaults (the
/// `@missing` lines for R, AL and ET) but answers L for the code points that
/// DerivedBidiClass.txt gives BN by default: unassigned Default_Ignorable_Code_Point
/// (U+2065, U+FFF0..FFF8, U+E0000..E0FFF) and noncharacters, plus U+E0001
/// LANGUAGE TAG. Those ranges are fixed by Unicode's stability policies, so
/// they are corrected here; everything else is the crate's answer.
fn library_bidi_class(c: char) -> BidiClass {
    let class = unicode_bidi::bidi_class(c);
    let cp = c as u32;
    let noncharacter = (0xFDD0..=0xFDEF).contains(&cp) || (cp & 0xFFFE) == 0xFFFE;
    let reserved_default_ignorable = cp == 0x2065 || (0xFFF0..=0xFFF8).contains(&cp) || (0xE0000..=0xE0FFF).contains(&cp);
    if class == BidiClass::L && (noncharacter || reserved_default_ignorable) {
        BidiClass::BN
    } else {
        class
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generated table holds the rules' values for planes 0 to 3.
    #[test]
    fn bundled_facts_table_is_current() {
        BUNDLED_FACTS.check(crate::properties::PLANE_CELLS, compute_bundled_byte);
    }

    /// A cell is computed once, whatever its value (0 and `false` too), and
    /// read after; beyond the cells every read computes; two threads
    /// filling the same cells read the same values.
    #[test]
    fn cells_compute_each_value_once() {
        use std::sync::atomic::AtomicUsize;
        static COMPUTED: AtomicUsize = AtomicUsize::new(0);
        let table = empty_cells(0x100);
        let compute = |c: char| {
            COMPUTED.fetch_add(1, Ordering::Relaxed);
            (c as u32 % 7) as u16 * 0x2492
        };
        for c in (0..0x100u32).filter_map(char::from_u32) {
            assert_eq!(cell_value(&table, c, compute), compute(c));
            assert_eq!(cell_value(&table, c, compute), compute(c));
        }
        // Each cell computed once by the table, and twice by the test.
        assert_eq!(COMPUTED.load(Ordering::Relaxed), 0x100 * 3);
        assert_eq!(cell_value(&table, '\u{100}', compute), compute('\u{100}'));
        assert_eq!(COMPUTED.load(Ordering::Relaxed), 0x100 * 3 + 2, "beyond the table");
        let flags: &'static [AtomicU32] = Box::leak(empty_cells(BMP_CELLS));
        let odd = |c: char| c as u32 % 2 == 1;
        let threads: Vec<_> = (0..2)
            .map(|_| {
                std::thread::spawn(move || {
                    (0..=0xFFFFu32)
                        .filter_map(char::from_u32)
                        .all(|c| cell_value(flags, c, odd) == odd(c))
                })
            })
            .collect();
        assert!(threads.into_iter().all(|thread| thread.join().unwrap_or(false)));
        // A value reaching the filled bit is never kept: computed at each read.
        let wide_cells = empty_cells(0x10);
        let before = COMPUTED.load(Ordering::Relaxed);
        let wide = |c: char| {
            COMPUTED.fetch_add(1, Ordering::Relaxed);
            FILLED | c as u32
        };
        let read = || cell_value(&wide_cells, 'a', wide);
        assert_eq!((read(), read()), (FILLED | 0x61, FILLED | 0x61));
        assert_eq!(COMPUTED.load(Ordering::Relaxed), before + 2);
    }

    #[test]
    fn the_bundled_table_answers_as_the_libraries_do_for_every_code_point() {
        let bundled = Properties::bundled();
        for c in (0..=0x10FFFFu32).filter_map(char::from_u32) {
            let class = library_bidi_class(c);
            assert_eq!(bundled.bidi_class(c), class, "{c:?}");
            assert_eq!(bundled.is_combining_mark(c), library_combining_mark(c), "{c:?}");
            let facts = bundled.facts(c);
            assert_eq!(facts.nfc_stable(), nfc_stable(c), "{c:?}");
            assert_eq!(
                facts.rtl_or_arabic_number(),
                matches!(class, BidiClass::R | BidiClass::AL | BidiClass::AN),
                "{c:?}"
            );
        }
        assert!(bundled.facts('a').nfc_stable() && bundled.facts('日').nfc_stable() && bundled.facts('ü').nfc_stable());
        // Combining marks, and a character that composes with what precedes it.
        assert!(!bundled.facts('\u{0308}').nfc_stable() && !bundled.facts('\u{0B3E}').nfc_stable());
        // Not NFC_QC=Yes: a singleton decomposition.
        assert!(!bundled.facts('\u{212B}').nfc_stable());
        assert!(
            bundled.is_combining_mark('\u{0308}') && bundled.is_combining_mark('\u{0BCD}') && !bundled.is_combining_mark('a')
        );
        assert!(
            bundled.is_rtl_or_arabic_number('א') && bundled.is_rtl_or_arabic_number('ب') && bundled.is_rtl_or_arabic_number('٣')
        );
        assert!(!bundled.is_rtl_or_arabic_number('a') && !bundled.is_rtl_or_arabic_number('3'));
        assert_eq!(bundled.bidi_class('\u{05D0}'), BidiClass::R);
        // A noncharacter: BN by the UCD's defaults, which the library does not supply.
        assert_eq!(bundled.bidi_class('\u{FDD0}'), BidiClass::BN);
        assert_eq!(bundled.bidi_class_name('\u{0661}'), "AN");
        assert_eq!(bundled.joining_type_name('\u{0628}'), "D");
    }

    /// The quick check read run by run answers as the library's over the
    /// whole text, and so does the NFC test: for every BMP character that is
    /// not NFC-stable, alone and between stable characters and marks of
    /// lower and higher combining classes.
    #[test]
    fn the_quick_check_by_runs_answers_as_the_librarys() {
        let mut answers = [0usize; 3];
        for c in (0x80..0x10000).filter_map(char::from_u32).filter(|&c| !nfc_stable(c)) {
            for text in [
                format!("{c}"),
                format!("a{c}"),
                format!("{c}{c}"),
                format!("a\u{0301}{c}"),
                format!("{c}\u{0316}"),
                format!("\u{0316}a{c}b\u{0301}"),
                format!("ก{c}\u{0E48}ข"),
                format!("{c}a\u{0301}\u{0316}"),
                format!("가{c}나\u{11A8}e{c}"),
            ] {
                let library = is_nfc_quick(text.chars());
                assert_eq!(nfc_quick_check(&text), library, "{text:?}");
                assert_eq!(is_nfc(&text), unicode_normalization::is_nfc(&text), "{text:?}");
                answers[library as usize] += 1;
            }
        }
        assert!(answers.iter().all(|&n| n > 100), "each answer is reached: {answers:?}");
    }

    #[test]
    fn every_value_name_of_the_files_is_known() {
        for (short, long) in BIDI_CLASS_NAMES.iter().zip(BIDI_CLASS_LONG_NAMES) {
            assert_eq!(bidi_class_index(short), bidi_class_index(long));
        }
        assert_eq!(joining_type_index("T"), Some(5));
        assert_eq!(general_category_is_mark("Mc"), Some(1));
        assert_eq!(general_category_is_mark("Cn"), Some(0));
        assert_eq!(general_category_is_mark("Xx"), None);
    }
}
