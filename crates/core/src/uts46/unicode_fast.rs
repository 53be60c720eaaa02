//! The fast path for a valid name whose Map step changes at most one code
//! point into one other (UTS #46 §4 reduced to a pass per label plus Punycode),
//! with the shared criteria of `validity`; it also writes a name that only
//! the Bidi rule (criterion 9) fails, whose errors the engine then takes from
//! the name rules. What it may assume and why: `docs/design.md`.

use super::bidi_rule::check_bidi_rule;
use super::trace::Mode;
use super::validity::{ACE_PREFIX, LabelEnds, LabelReport, label_length_ok, name_length_ok};
use super::{Options, label_length, labels};
use crate::properties::{Properties, is_nfc};
use crate::punycode;
use crate::table::{MappingTable, Status};
use smallvec::SmallVec;
use std::ops::Range;

/// Where the Unicode fast path wrote a valid name's results in its buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub struct ValidUnicode {
    /// ToUnicode, when the Map step changed the input (else it is the input itself).
    pub to_unicode: Option<Range<usize>>,
    /// ToASCII nontransitional.
    pub to_ascii: Range<usize>,
    /// ToASCII transitional, when a deviation made it differ (else it is `to_ascii`).
    pub to_ascii_t: Option<Range<usize>>,
}

/// Appends ToUnicode (only when it differs from `input`), ToASCII N and
/// ToASCII T (only when it differs from N) of `input` to `out`, and says
/// where, when `input` is a valid name of the kind described above. Returns
/// `None`, with `out` as it was, when the full engine must run.
pub(crate) fn write_valid_unicode_name(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
) -> Option<ValidUnicode> {
    let start = out.len();
    match write_unicode_name(input, options, table, out) {
        Some(Written::Valid(valid)) => Some(valid),
        _ => {
            out.truncate(start);
            None
        }
    }
}

/// What [`write_unicode_name`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
#[doc(hidden)]
pub enum Written {
    /// A valid name's results.
    Valid(ValidUnicode),
    /// The results of a name without a deviation that would be valid but
    /// for the Bidi rule (criterion 9): its errors are the name rules' alone.
    FailsBidi(ValidUnicode),
}

/// [`write_valid_unicode_name`], which also writes the results of a name
/// whose one failure is the Bidi rule: a name beside a right-to-left one in
/// a zone, whose full conversion would cost several times as much for the
/// same strings. `None`, with `out` as it was, when the full engine must run.
pub(crate) fn write_unicode_name(input: &str, options: &Options, table: &MappingTable, out: &mut String) -> Option<Written> {
    let start = out.len();
    let written = write_name(input, options, table, out, &mut MappedPoints::default());
    if written.is_none() {
        out.truncate(start);
    }
    written
}

/// The ToUnicode half of [`write_valid_unicode_name`]: when the name is
/// valid as that path decides it, appends the mapped name to `out` only
/// when it differs from `input` and says whether it does (`Some(true)`);
/// `None`, `out` perhaps grown, when the full engine must run.
pub(crate) fn write_valid_to_unicode(input: &str, options: &Options, table: &MappingTable, out: &mut String) -> Option<bool> {
    // The Map step has one form: it keeps the code points, which nothing here reads.
    map_valid_name(input, options, table, out, &mut MappedPoints::default())
        .filter(|name| !name.fails_bidi)
        .map(|name| name.changed)
}

/// The nontransitional Map step and every check of a name this path
/// takes (the Bidi rule's outcome in [`NameFacts::fails_bidi`]).
fn map_valid_name(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
    points: &mut MappedPoints,
) -> Option<NameFacts> {
    // CONTEXTO looks at neighbours of a few characters: left to the full engine.
    if options.check_contexto {
        return None;
    }
    // An all-ASCII name without an A-label is the ASCII path's: the names
    // it declines are ones this path would decline too.
    if !super::validity::may_hold_a_label(input) {
        return None;
    }
    map_name(input, Mode::Nontransitional, options, table, out, points)
}

/// The nontransitional half of [`write_valid_unicode_name`]: ToUnicode
/// (in `out` only when it differs from `input`) and ToASCII N, where they
/// are in `out`, and the name's facts.
fn write_nontransitional(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
    points: &mut MappedPoints,
) -> Option<(NameFacts, Option<Range<usize>>, Range<usize>)> {
    // Map and check every label first, so a name the full engine must take costs no encoding.
    let start = out.len();
    let name = map_valid_name(input, options, table, out, points)?;
    // The mapped name is the input unless a character was mapped; then it is
    // in `out` as ToUnicode, and ToASCII is encoded from there.
    let to_unicode = name.changed.then_some(start..out.len());
    let to_ascii = write_ascii(to_unicode.clone(), input, options, out, None, &name.a_labels, points)?;
    Some((name, to_unicode, to_ascii))
}

/// ToASCII N alone on this path: where ToUnicode (when it differs from
/// `input`) and ToASCII N are in `out`, and whether the name breaks the
/// Bidi rule (its only error then); `None` (`out` perhaps grown) when the
/// full engine must run.
pub(crate) fn write_to_ascii_n(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
) -> Option<(Option<Range<usize>>, Range<usize>, bool)> {
    write_nontransitional(input, options, table, out, &mut MappedPoints::default())
        .map(|(name, to_unicode, to_ascii)| (to_unicode, to_ascii, name.fails_bidi))
}

fn write_name(
    input: &str,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
    points: &mut MappedPoints,
) -> Option<Written> {
    let (name, to_unicode, to_ascii) = write_nontransitional(input, options, table, out, points)?;
    // A deviation: the transitional run maps and checks the name on its own,
    // after ToASCII N; its mapped form is dropped once encoded. A name that
    // breaks the Bidi rule with one is left to the full engine: its errors
    // may differ between the two modes.
    let to_ascii_t = match name.has_deviation {
        true if name.fails_bidi => return None,
        true => {
            let mapped_start = out.len();
            // N's code points are not needed again: the transitional run keeps its own there.
            let transitional = map_name(input, Mode::Transitional, options, table, out, points).filter(|t| !t.fails_bidi)?;
            let mapped = transitional.changed.then_some(mapped_start..out.len());
            let reuse = Reuse::new(to_unicode.clone(), to_ascii.clone());
            // A-labels are not mapped: the transitional run's are N's, which `reuse` copies.
            let encoded = write_ascii(mapped, input, options, out, Some(reuse), &ALabels::default(), points)?;
            let dropped = out.len() - encoded.len() - mapped_start;
            out.drain(mapped_start..mapped_start + dropped);
            Some(encoded.start - dropped..encoded.end - dropped)
        }
        false => None,
    };
    let written = ValidUnicode {
        to_unicode,
        to_ascii,
        to_ascii_t,
    };
    Some(match name.fails_bidi {
        true => Written::FailsBidi(written),
        false => Written::Valid(written),
    })
}

/// Maps `input` in `mode` and checks every label (and, for a Bidi domain
/// name, the Bidi rule, whose failure [`NameFacts::fails_bidi`] tells);
/// `None` when the full engine must run. The mapped
/// name is appended to `out` only when it differs from `input`
/// ([`NameFacts::changed`]). Each mapped label's code points and length
/// are kept in `points` too, for ToASCII.
fn map_name(
    input: &str,
    mode: Mode,
    options: &Options,
    table: &MappingTable,
    out: &mut String,
    points: &mut MappedPoints,
) -> Option<NameFacts> {
    points.clear();
    let start = out.len();
    let mut writer = MappedName {
        input,
        out,
        copied: 0,
        changed: false,
    };
    let mut name = NameFacts::default();
    let mut label_offset = 0;
    for label in labels(input) {
        map_label(label, label_offset, mode, options, table, &mut writer, &mut name, points)?;
        label_offset += label.len() + 1;
    }
    name.changed = writer.finish();
    let mapped = if name.changed { &out[start..] } else { input };
    name.fails_bidi = name.bidi_domain && !bidi_rule_holds(mapped, table.properties());
    Some(name)
}

/// The Map step's output, written lazily: nothing while every character
/// maps to itself (most names), so an unchanged name costs no copy. At the
/// first change the input up to it is copied; from then on `out` follows.
struct MappedName<'a> {
    input: &'a str,
    out: &'a mut String,
    /// How many bytes of `input` the text in `out` stands for.
    copied: usize,
    changed: bool,
}

impl MappedName<'_> {
    /// The `length` bytes of the input at `offset` map to `replacement`.
    fn replace(&mut self, offset: usize, length: usize, replacement: &str) {
        self.out.push_str(&self.input[self.copied..offset]);
        self.out.push_str(replacement);
        self.copied = offset + length;
        self.changed = true;
    }

    /// Writes the unchanged rest, if anything changed; returns whether anything did.
    fn finish(self) -> bool {
        if self.changed {
            self.out.push_str(&self.input[self.copied..]);
        }
        self.changed
    }
}

/// Appends ToASCII of the processed name to `out`: each non-ASCII label
/// Punycode-encoded behind the ACE prefix, then the DNS lengths. The name is
/// `out[range]` when given (the Map step changed it), else `input`. With
/// `reuse` (ToASCII N, when this is the transitional run), a label that is
/// the same as N's label at the same index is copied from N's result, not
/// encoded again: only the labels with a deviation differ. A label decoded
/// from one of `a_labels` is that A-label again. `points`: the Map step's
/// labels, each its code points and length.
fn write_ascii(
    mapped: Option<Range<usize>>,
    input: &str,
    options: &Options,
    out: &mut String,
    mut reuse: Option<Reuse>,
    a_labels: &ALabels,
    points: &MappedPoints,
) -> Option<Range<usize>> {
    let ascii_start = out.len();
    let name_start = mapped.as_ref().map_or(0, |range| range.start);
    let mut label_start = name_start;
    // The Map step kept each label's code points and length: nothing is decoded again.
    let mut points_start = 0;
    for (index, &(points_end, length)) in points.labels.iter().enumerate() {
        // The name may be in `out`: what is needed of the label is read before `out` grows.
        let name = if mapped.is_some() { out.as_str() } else { input };
        let label_end = label_start + length;
        let label = name.get(label_start..label_end)?;
        let code_points = &points.points[points_start..points_end];
        points_start = points_end;
        let ascii = code_points.len() == length;
        let reused = reuse.as_mut().and_then(|reuse| reuse.next_if_same(label, input, out));
        if index > 0 {
            out.push('.');
        }
        let encoded_start = out.len();
        match (reused, ascii, &mapped) {
            (Some(range), _, _) => out.extend_from_within(range),
            (None, true, Some(_)) => out.extend_from_within(label_start..label_end),
            (None, true, None) => out.push_str(&input[label_start..label_end]),
            (None, false, _) => match a_labels.input_of(label_start) {
                Some(a_label) => out.push_str(&input[a_label]),
                None => {
                    out.push_str(ACE_PREFIX);
                    punycode::encode_code_points_into(code_points, out).ok()?;
                }
            },
        }
        if options.verify_dns_length && !label_length_ok(out.len() - encoded_start) {
            return None;
        }
        label_start = label_end + 1;
    }
    if options.verify_dns_length && !name_length_ok(out.len() - ascii_start) {
        return None;
    }
    Some(ascii_start..out.len())
}

/// ToASCII N of a name, walked label by label alongside the transitional run.
struct Reuse {
    /// N's mapped name: `out[range]`, or the input when `None`.
    mapped: Option<Range<usize>>,
    /// Where N's next mapped label starts (past the end when there is none).
    mapped_at: usize,
    /// N's ToASCII in `out`, and where its next label starts.
    ascii: Range<usize>,
}

impl Reuse {
    fn new(mapped: Option<Range<usize>>, ascii: Range<usize>) -> Reuse {
        let mapped_at = mapped.as_ref().map_or(0, |range| range.start);
        Reuse {
            mapped,
            mapped_at,
            ascii,
        }
    }

    /// Steps to N's next label; returns where its ToASCII label is in `out`
    /// when its mapped label is `label`.
    fn next_if_same(&mut self, label: &str, input: &str, out: &str) -> Option<Range<usize>> {
        let (name, mapped_end) = match &self.mapped {
            Some(range) => (out, range.end),
            None => (input, input.len()),
        };
        if self.mapped_at > mapped_end || self.ascii.start > self.ascii.end {
            return None;
        }
        let n_label = &name[self.mapped_at..self.mapped_at + label_length(&name[self.mapped_at..mapped_end])];
        let n_ascii = self.ascii.start..self.ascii.start + label_length(&out[self.ascii.clone()]);
        self.mapped_at += n_label.len() + 1;
        self.ascii.start = n_ascii.end + 1;
        (n_label == label).then_some(n_ascii)
    }
}

/// What the labels of a name tell about the whole.
#[derive(Default)]
struct NameFacts {
    /// The Map step changed a character.
    changed: bool,
    /// A deviation character took part (the transitional result may differ).
    has_deviation: bool,
    /// A character of Bidi class R, AL or AN (looked for only with CheckBidi).
    bidi_domain: bool,
    /// A label breaks the Bidi rule: the name's only error.
    fails_bidi: bool,
    /// The input's A-labels, by where their decoded labels start in the mapped name.
    a_labels: ALabels,
}

/// The A-labels of the input that this path decoded (at most
/// [`ALabels::KEPT`]; the rest are encoded again), each as where its decoded
/// label starts in `out` and where the A-label is in the input. ToASCII
/// writes such a label as it was given: Punycode gives each string one
/// encoding (RFC 3492 §3.3, and the decoder inserts code points in the
/// only order the encoder does), so encoding the decoded label gives back
/// its lowercase A-label — which this path takes alone. The Punycode tests
/// check it on every input they decode.
#[derive(Default)]
struct ALabels {
    kept: [(usize, usize, usize); ALabels::KEPT],
    count: usize,
}

impl ALabels {
    const KEPT: usize = 4;

    /// Keeps the A-label at `input[start..end]`, decoded into the mapped name at `mapped_start`.
    fn keep(&mut self, mapped_start: usize, start: usize, end: usize) {
        if let Some(slot) = self.kept.get_mut(self.count) {
            *slot = (mapped_start, start, end);
            self.count += 1;
        }
    }

    /// Where in the input the A-label is whose decoded label starts at `mapped_start`.
    fn input_of(&self, mapped_start: usize) -> Option<Range<usize>> {
        self.kept[..self.count]
            .iter()
            .find(|&&(at, _, _)| at == mapped_start)
            .map(|&(_, start, end)| start..end)
    }
}

/// Each mapped label's code points and length, as the Map step writes them
/// (this path maps no character to a dot: its labels are the input's):
/// ToASCII encodes from here instead of finding the labels and decoding
/// the mapped name's UTF-8 again. On the stack for a name of up to 64
/// code points in up to 8 labels: nearly every name of a zone.
#[derive(Default)]
struct MappedPoints {
    /// Every label's code points, one label after another.
    points: SmallVec<[u32; 64]>,
    /// Each label: where its code points end in `points`, and its length
    /// in bytes in the mapped name.
    labels: SmallVec<[(usize, usize); 8]>,
}

impl MappedPoints {
    fn clear(&mut self) {
        self.points.clear();
        self.labels.clear();
    }

    /// The label whose code points were pushed last ends, `length` bytes long.
    fn end_label(&mut self, length: usize) {
        self.labels.push((self.points.len(), length));
    }
}

/// What the per-label checks need of a mapped label, gathered as each
/// mapped character is written (one pass over the label).
struct MappedLabel<'a> {
    options: &'a Options,
    properties: &'a Properties,
    /// Mapped code points so far (none: an empty label).
    length: usize,
    /// The first character is a combining mark (V6).
    first_is_mark: bool,
    last: char,
    /// The first four mapped characters (for `xn--` and the hyphens in positions 3 and 4).
    prefix: [char; 4],
    nfc_stable: bool,
    /// A mapped ASCII character outside what UseSTD3ASCIIRules allows (U1).
    std3_broken: bool,
    rtl_or_arabic_number: bool,
}

impl<'a> MappedLabel<'a> {
    fn new(options: &'a Options, properties: &'a Properties) -> Self {
        MappedLabel {
            options,
            properties,
            length: 0,
            first_is_mark: false,
            last: '\0',
            prefix: ['\0'; 4],
            nfc_stable: true,
            std3_broken: false,
            rtl_or_arabic_number: false,
        }
    }

    #[inline]
    fn note(&mut self, c: char) {
        // U1, on the mapped label: a transitional mapping may write ASCII too.
        self.std3_broken |= self.options.use_std3_ascii_rules && super::validity::breaks_std3(c);
        let flags = self.properties.facts(c);
        self.rtl_or_arabic_number |= self.options.check_bidi && flags.rtl_or_arabic_number();
        self.nfc_stable &= flags.nfc_stable();
        if let Some(slot) = self.prefix.get_mut(self.length) {
            *slot = c;
        }
        // Without a branch: a label's first character is not foreseeable.
        self.first_is_mark |= (self.length == 0) & flags.combining_mark();
        self.last = c;
        self.length += 1;
    }
}

/// Maps `label` (at byte `offset` of the input) through `writer` and
/// applies the per-label checks (`docs/design.md`); `None` when the full
/// engine must run.
#[allow(clippy::too_many_arguments)]
fn map_label(
    label: &str,
    offset: usize,
    mode: Mode,
    options: &Options,
    table: &MappingTable,
    writer: &mut MappedName<'_>,
    name: &mut NameFacts,
    points: &mut MappedPoints,
) -> Option<()> {
    if maps_to_ace_prefix(label, table) {
        return map_a_label(label, offset, options, table, writer, name, points);
    }
    let mut facts = MappedLabel::new(options, table.properties());
    let mut changed = false;
    // The mapped label's length in bytes: the label's, changed by each mapping.
    let mut length = label.len();
    let mut keep = |c: char| points.points.push(u32::from(c));
    for (index, c) in label.char_indices() {
        let mut buffer = [0; 4];
        let replacement = match map_char(c, mode, table, &mut name.has_deviation)? {
            Mapped::Itself => {
                facts.note(c);
                keep(c);
                continue;
            }
            Mapped::To(target) => {
                facts.note(target);
                keep(target);
                &*target.encode_utf8(&mut buffer)
            }
            Mapped::ToString(mapping) => {
                for m in mapping.chars() {
                    facts.note(m);
                    keep(m);
                }
                mapping
            }
        };
        writer.replace(offset + index, c.len_utf8(), replacement);
        length = length + replacement.len() - c.len_utf8();
        changed = true;
    }
    points.end_label(length);
    // A label the Map step changed is in NFC when all its characters are NFC-stable;
    // an unchanged one is its own mapping, which NFC can be asked about.
    let in_nfc = || facts.nfc_stable || !changed && is_nfc(label);
    passes_label_checks(&facts, options, in_nfc)?;
    name.bidi_domain |= facts.rtl_or_arabic_number;
    Some(())
}

/// True when the Map step makes the label start with the ACE prefix `xn--`
/// (only ASCII maps to ASCII on this path).
fn maps_to_ace_prefix(label: &str, table: &MappingTable) -> bool {
    let prefix = ACE_PREFIX.as_bytes();
    // From the hyphens back: most labels fail at once, on their 4th byte.
    label.len() >= prefix.len()
        && label.as_bytes()[..prefix.len()]
            .iter()
            .zip(prefix)
            .rev()
            .all(|(&byte, &wanted)| table.ascii_fold(byte) == Some(wanted))
}

/// An A-label (a label whose mapping starts with `xn--`), in either mode:
/// its Punycode decoded with the engine's decoder, and the result checked
/// as UTS #46 §4 step 4 says: every code point valid or a deviation (V7, as
/// for Nontransitional Processing in both modes: nothing in it is mapped),
/// not empty and not all ASCII, then the criteria of any label. The decoded
/// label replaces it in the mapped name, so ToUnicode shows it and ToASCII
/// encodes it again. Taken only for a lowercase ASCII A-label of at most 63
/// bytes whose Punycode decodes; the full engine takes the rest.
fn map_a_label(
    label: &str,
    offset: usize,
    options: &Options,
    table: &MappingTable,
    writer: &mut MappedName<'_>,
    name: &mut NameFacts,
    points: &mut MappedPoints,
) -> Option<()> {
    let unchanged_by_mapping = label.bytes().all(|byte| table.ascii_fold(byte) == Some(byte));
    if label.len() > 63 || !unchanged_by_mapping {
        return None;
    }
    // The decoded label is copied into `out`.
    let mut decoded = String::with_capacity(label.len() * 2);
    let mut map_decoded = |decoded: &mut String| -> Option<()> {
        punycode::decode_label_into(&label[4..], decoded)?;
        if decoded.is_empty() || crate::scan::is_ascii(decoded) {
            return None;
        }
        let mut facts = MappedLabel::new(options, table.properties());
        for c in decoded.chars() {
            let kept = match c.is_ascii() {
                true => table.ascii_fold(c as u8) == Some(c as u8),
                false => matches!(table.status(c), Status::Valid | Status::Deviation),
            };
            if !kept || matches!(c, '\u{200C}' | '\u{200D}') {
                return None;
            }
            facts.note(c);
            points.points.push(u32::from(c));
        }
        passes_label_checks(&facts, options, || facts.nfc_stable || is_nfc(decoded))?;
        points.end_label(decoded.len());
        // The decoded label goes into `out` after the input up to it.
        let mapped_start = writer.out.len() + (offset - writer.copied);
        name.a_labels.keep(mapped_start, offset, offset + label.len());
        writer.replace(offset, label.len(), decoded);
        name.bidi_domain |= facts.rtl_or_arabic_number;
        Some(())
    };
    map_decoded(&mut decoded)
}

/// The per-label checks (V1–V7, U1, the lengths) on a mapped label's facts;
/// `in_nfc` answers V1 when the facts alone cannot.
fn passes_label_checks(facts: &MappedLabel<'_>, options: &Options, in_nfc: impl FnOnce() -> bool) -> Option<()> {
    if facts.length == 0 {
        return None;
    }
    let ends = LabelEnds {
        start: facts.prefix,
        last: facts.last,
    };
    // Longer labels (an A-label has at most 63 bytes) go to the full engine,
    // which also knows the encoder's limit (A3).
    if !label_length_ok(facts.length) || facts.std3_broken || ends.has_ace_prefix() || facts.first_is_mark {
        return None;
    }
    let hyphen_rule_broken = ends.hyphen_first_or_last() || ends.hyphens_in_third_and_fourth();
    if options.check_hyphens && hyphen_rule_broken {
        return None;
    }
    in_nfc().then_some(())
}

/// What the Map step makes of one character, when this path takes it.
enum Mapped<'t> {
    Itself,
    To(char),
    ToString(&'t str),
}

/// What the Map step makes of `c` in `mode` when this path takes it: `c`
/// itself when valid; its mapping when that is one valid non-ASCII code
/// point; an ASCII byte's fold; for a deviation, `c` (nontransitional) or its
/// mapping of valid characters (transitional). `None` otherwise.
fn map_char<'t>(c: char, mode: Mode, table: &'t MappingTable, has_deviation: &mut bool) -> Option<Mapped<'t>> {
    if c.is_ascii() {
        let folded = table.ascii_fold(c as u8)?;
        return Some(match folded == c as u8 {
            true => Mapped::Itself,
            false => Mapped::To(char::from(folded)),
        });
    }
    // Joiners are deviations in today's tables; refused here whatever a loaded table says.
    if matches!(c, '\u{200C}' | '\u{200D}') {
        return None;
    }
    // Most characters are valid: their status alone answers; only a mapping reads the row.
    match table.status(c) {
        Status::Valid => Some(Mapped::Itself),
        Status::Mapped => {
            let mut chars = table.lookup(c).mapping.chars();
            let target = chars.next()?;
            let single_valid = chars.next().is_none() && !target.is_ascii() && table.status(target) == Status::Valid;
            if !single_valid || matches!(target, '\u{200C}' | '\u{200D}') {
                return None;
            }
            Some(Mapped::To(target))
        }
        Status::Deviation => {
            *has_deviation = true;
            if mode == Mode::Nontransitional {
                return Some(Mapped::Itself);
            }
            // No dot (none in today's tables): the mapped labels stay the input's.
            let mapping = table.lookup(c).mapping;
            let all_valid = !mapping.is_empty() && mapping.chars().all(|m| m != '.' && table.status(m) == Status::Valid);
            all_valid.then_some(Mapped::ToString(mapping))
        }
        _ => None,
    }
}

/// True when every label of a Bidi domain name passes the RFC 5893 rule
/// (the engine's own check; errors go to a scratch list, allocated only on failure).
fn bidi_rule_holds(name: &str, properties: &Properties) -> bool {
    let mut errors = Vec::new();
    for (index, label) in labels(name).enumerate() {
        let mut report = LabelReport {
            errors: &mut errors,
            label: index,
            checklist: None,
        };
        check_bidi_rule(label, properties, &mut report);
        if !errors.is_empty() {
            return false;
        }
    }
    true
}
