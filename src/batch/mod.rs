//! Batch conversion, one record per input line in order, for the CLI and the
//! window alike: [`reader`] splits the input, [`convert_each`] converts
//! (blank, comment, non-UTF-8 and over-long lines become noted records:
//! nothing is dropped), [`convert_each_parallel`] does the same on several
//! threads, `writer` writes JSONL, CSV or TSV.

mod parallel;
// libc's affinity calls: the crate's one unsafe code.
#[allow(unsafe_code)]
mod pinning;
pub mod reader;
mod record;
mod summary;
pub(crate) mod writer;

pub use parallel::{convert_each_parallel, convert_each_parallel_with, summarize_parallel};
pub use reader::{Column, InputFormat, Item, ItemReader, LineReader};
pub use record::{CodeSet, Note, Record, RecordBuf, ResultKind};
pub use summary::Summary;
pub use writer::{Columns, Extras, Format, IMITATION_HEADER, RecordWriter, RowFormat, RowWriters, runtimes_header};

use crate::lookalikes::Imitation;
use crate::profiles::{self, Profile, ProfileColumns};
use crate::registry::{NoRuleset, Registry, RegistryCheck};
use crate::spoof::{FindingKind, Lookup, ProtectedList, Summarizer};
use crate::uts46::{Options, Results, ResultsRef, Uts46};
use std::fmt;
use std::io::{self, BufRead};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

/// The error text recorded for a line that is not valid UTF-8.
pub(crate) const INVALID_UTF8: &str = "invalid UTF-8";

/// The longest line (in bytes) that is converted. A domain name has at most
/// 253 ASCII characters (RFC 1035 §2.3.4); 4 KiB leaves room for long Unicode
/// forms and ignorable characters, and keeps hostile input cheap.
pub const MAX_LINE_BYTES: usize = 4096;

/// Converts one item into `record` (what [`convert_each`] does per item),
/// with the spoof verdict ([`crate::spoof::summarize`]) attached when `spoof`
/// holds the run's summarizer (the protected names to compare with).
///
/// `skip_comments` marks blank lines and lines starting with `#` as skipped
/// (plain-text input); CSV/TSV fields are always converted.
pub(crate) fn convert_item(
    engine: &Uts46<'_>,
    options: &Options,
    item: &Item<'_>,
    skip_comments: bool,
    spoof: Option<&Summarizer<'_>>,
    record: &mut RecordBuf,
) {
    if let Some(filled) = fill_item(engine, options, item, skip_comments, record)
        && let Some(summarizer) = spoof
    {
        add_spoof(engine, options, filled, summarizer, record);
    }
}

/// The engine's part of [`convert_item`]: `record` filled as without a
/// spoof check; for a converted line, what [`add_spoof`] needs to finish it.
pub(crate) fn fill_item(
    engine: &Uts46<'_>,
    options: &Options,
    item: &Item<'_>,
    skip_comments: bool,
    record: &mut RecordBuf,
) -> Option<Filled> {
    match *item {
        Item::Text { line, text } => match skip_comments.then(|| skipped(text.as_bytes())).flatten() {
            Some(note) => record.set_noted(line, text, note),
            // A URL, an e-mail address, `host:port`, …: its host is the name.
            None => match crate::pasted::take_host(text) {
                Ok(pasted) if !pasted.changed() => return Some(fill_results(engine, options, line, text, record)),
                Ok(pasted) => {
                    let filled = fill_results(engine, options, line, &pasted.host, record);
                    record.set_pasted(&pasted);
                    return Some(filled);
                }
                Err(reason) => record.set_noted(line, text, Note::NoHost(reason)),
            },
        },
        Item::NotUtf8 { line, bytes } => {
            let note = skip_comments.then(|| skipped(bytes)).flatten();
            record.set_noted(line, &escape_invalid_utf8(bytes), note.unwrap_or(Note::InvalidUtf8));
        }
        Item::TooLong { line, prefix, bytes } => {
            let shown = format!("{}…", escape_invalid_utf8(prefix));
            record.set_noted(line, &shown, Note::TooLong(bytes));
        }
        Item::MissingColumn { line, fields } => record.set_noted(line, "", Note::MissingColumn(fields)),
    }
    None
}

/// Why a line of a plain-text file is skipped: blank (ASCII whitespace
/// only) or a `#` comment; `None` when it is converted.
fn skipped(line: &[u8]) -> Option<Note> {
    match line.first() {
        Some(b'#') => Some(Note::Comment),
        _ if line.iter().all(u8::is_ascii_whitespace) => Some(Note::Blank),
        _ => None,
    }
}

/// Converts one input line (raw bytes, without its line ending) into
/// `record`: not UTF-8 gives [`Note::InvalidUtf8`] with the bytes escaped,
/// over [`MAX_LINE_BYTES`] gives [`Note::TooLong`]; otherwise the engine's
/// results, with the spoof verdict as in [`convert_item`]. A lone line is
/// never skipped (blank and `#` lines are skipped only in a plain-text file).
/// For the tests (`testing`); the reader hands the batch its items.
#[cfg(feature = "test-support")]
pub(crate) fn convert_line(
    engine: &Uts46<'_>,
    options: &Options,
    line: u64,
    bytes: &[u8],
    spoof: Option<&Summarizer<'_>>,
    record: &mut RecordBuf,
) {
    // The item the reader makes of a line it holds whole; a lone line is never skipped.
    let item = reader::whole_item(line, bytes);
    convert_item(engine, options, &item, false, spoof, record);
}

/// Converts one UTF-8 line (without its line ending) into `record`: the
/// engine's ToUnicode, ToASCII N and ToASCII T, with the spoof verdict as in
/// [`convert_item`]. The length limit is the caller's ([`convert_line`],
/// the reader). For the tests (`testing`).
#[cfg(feature = "test-support")]
pub(crate) fn convert_text(
    engine: &Uts46<'_>,
    options: &Options,
    line: u64,
    text: &str,
    spoof: Option<&Summarizer<'_>>,
    record: &mut RecordBuf,
) {
    let filled = fill_results(engine, options, line, text, record);
    if let Some(summarizer) = spoof {
        add_spoof(engine, options, filled, summarizer, record);
    }
}

/// The full engine's results (`None`: a fast path's, in the record) and
/// whether the ASCII fast path found the name LDH without `--`. Boxed: a
/// stage holds one per record, and few names take the full engine.
pub(crate) type Filled = (Option<Box<Results>>, bool);

/// The spoof check's part of [`convert_text`], on a record [`fill_item`]
/// filled (its input is the name): a stage of one record ([`finish_stage`]).
fn add_spoof(engine: &Uts46<'_>, options: &Options, filled: Filled, summarizer: &Summarizer<'_>, record: &mut RecordBuf) {
    let mut stage = Stage::new(true);
    stage.push(summarizer, 0, Some(filled), record, 0);
    let records = std::slice::from_mut(record);
    // Nothing is handed on: `each` neither breaks nor fails.
    let _ = finish_stage(
        engine,
        options,
        summarizer,
        records,
        &mut stage,
        &mut Summary::default(),
        |_, _| Ok(ControlFlow::Continue(())),
    );
}

/// A stage's record whose name the spoof check must analyze: the full
/// engine's results (`None`: a fast path's, in the record) and whether the
/// summarizer is to remember the summary.
pub(crate) type ToAnalyze = (Option<Box<Results>>, bool);

/// What a stage keeps of each record: its slot in the stage's records,
/// what is left to analyze of it, and the bytes read up to its item.
pub(crate) type Pending = (usize, Option<ToAnalyze>, u64);

/// The records of a stage as they are filled: each one's [`Pending`],
/// whether the stage is full, and the counts of those whose spoof check is
/// done. A record is counted while it is still in the processor's cache:
/// when its name is looked up ([`look_up`]), or when analyzed
/// ([`finish_stage`]); a stage of a file of mostly ASCII names holds
/// [`STAGE_RECORDS`] records, too many to stay in the cache until they are handed on.
pub(crate) struct Stage {
    pending: Vec<Pending>,
    /// The names to analyze: their place in `pending`, whether to remember them.
    analyze: Vec<(usize, bool)>,
    count: StageCount,
    /// The counts of the stage's records whose spoof check is done.
    counted: Summary,
    /// False when the records are only counted: a record whose check is
    /// settled when it is filled is not kept, and its slot is the next
    /// record's, still in the cache; only names to analyze wait.
    hands_on: bool,
    /// What the spoof check keeps from name to name on this worker.
    kept: crate::spoof::Kept,
}

impl Stage {
    /// An empty stage whose records are handed on (`hands_on`) or only counted.
    pub(crate) fn new(hands_on: bool) -> Stage {
        Stage::with_kept(hands_on, crate::spoof::Kept::default())
    }

    /// [`Stage::new`], with what the spoof check kept on this worker so
    /// far ([`Stage::into_kept`] gives it back).
    pub(crate) fn with_kept(hands_on: bool, kept: crate::spoof::Kept) -> Stage {
        Stage {
            pending: Vec::new(),
            analyze: Vec::new(),
            count: StageCount::default(),
            counted: Summary::default(),
            hands_on,
            kept,
        }
    }

    /// What the spoof check kept, for the worker's next stage.
    pub(crate) fn into_kept(self) -> crate::spoof::Kept {
        self.kept
    }

    /// Records in the stage: the slot of the next one.
    pub(crate) fn len(&self) -> usize {
        self.pending.len()
    }

    /// Takes in `record`, in slot `slot` of the stage's records, which
    /// [`fill_item`] filled (`filled`), and the bytes read up to its item:
    /// looks up its name ([`look_up`]) and counts it when that settles its
    /// spoof check. True when the stage is full ([`StageCount`]).
    pub(crate) fn push(
        &mut self,
        summarizer: &Summarizer<'_>,
        slot: usize,
        filled: Option<Filled>,
        record: &mut RecordBuf,
        bytes_read: u64,
    ) -> bool {
        let full = self.count.is_full_after(&filled, self.pending.len() + 1);
        let to_analyze = look_up(summarizer, filled, record);
        match &to_analyze {
            Some((_, remember)) => self.analyze.push((self.pending.len(), *remember)),
            None => {
                self.counted.add(record);
                if !self.hands_on {
                    return full;
                }
            }
        }
        self.pending.push((slot, to_analyze, bytes_read));
        full
    }
}

/// Looks up the name of `record`, which [`fill_item`] has just filled
/// (`filled`), while its text is still in the processor's cache: a summary
/// the shortcut or the memory gives is set on the record at once, and
/// `None` returned; a name to analyze is returned for [`finish_stage`]. A
/// stage's names are all looked up before any is analyzed, in order, as
/// they would be at the stage's end.
fn look_up(summarizer: &Summarizer<'_>, filled: Option<Filled>, record: &mut RecordBuf) -> Option<ToAnalyze> {
    let (results, ldh) = filled?;
    match summarizer.look_up(record.input(), ldh) {
        Lookup::Known(summary) => {
            record.set_spoof(summary);
            None
        }
        Lookup::Analyze { remember } => Some((results, remember)),
    }
}

/// Names to analyze that the engine fills records for before the spoof
/// check runs on them (a stage): the check's code then serves this
/// many names in a row, not one name between two runs of the engine's
/// (the two do not fit the instruction cache together; docs/design.md).
pub const STAGE: usize = 128;

/// The most records a stage holds: on a file of mostly plain ASCII names,
/// which the shortcut answers, a stage runs until [`STAGE`] names need the
/// check's analysis, so its code still serves that many in a row.
pub(crate) const STAGE_RECORDS: usize = 8 * STAGE;

/// Counts a stage's records as they are filled and says when it is full:
/// [`STAGE`] names that the check analyzes (any but an LDH name, which the
/// shortcut answers, or an item that is not a name), or [`STAGE_RECORDS`] records.
#[derive(Default)]
pub(crate) struct StageCount {
    to_analyze: usize,
}

impl StageCount {
    /// Counts `filled`, what [`fill_item`] gave for the stage's
    /// `records`-th record; true when the stage is full, and the count starts again.
    pub(crate) fn is_full_after(&mut self, filled: &Option<Filled>, records: usize) -> bool {
        self.to_analyze += usize::from(matches!(filled, Some((_, false))));
        let full = self.to_analyze == STAGE || records == STAGE_RECORDS;
        if full {
            self.to_analyze = 0;
        }
        full
    }
}

/// The records of `stage` (at its slots of `records`), in order: the
/// spoof check finished on each that [`look_up`] left to analyze, then
/// each counted in `summary` and handed to `each` with the bytes read up
/// to its item (a stage that only counts hands none on). Those names are analyzed together
/// ([`crate::spoof::full_summaries`]). Stops at the first break or error
/// of `each` (`summary` then counts the records handed on, the one that
/// broke included), and empties the stage in every case.
pub(crate) fn finish_stage(
    engine: &Uts46<'_>,
    options: &Options,
    summarizer: &Summarizer<'_>,
    records: &mut [RecordBuf],
    stage: &mut Stage,
    summary: &mut Summary,
    mut each: impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<ControlFlow<()>> {
    let Stage {
        pending,
        analyze,
        count: _,
        counted,
        hands_on,
        kept,
    } = stage;
    if !analyze.is_empty() {
        // A fast path's results are read in its record, where they are written.
        let names: Vec<(&str, ResultsRef<'_>)> = analyze
            .iter()
            .map(|&(at, _)| {
                let (slot, to_analyze, _) = &pending[at];
                let record = &records[*slot];
                let results = match to_analyze {
                    Some((Some(results), _)) => results.borrowed(),
                    _ => record.valid_results(),
                };
                (record.input(), results)
            })
            .collect();
        let mut summaries = Vec::with_capacity(names.len());
        crate::spoof::full_summaries(engine, options, summarizer.protected(), &names, &mut summaries, kept);
        drop(names);
        for ((at, remember), summary) in analyze.drain(..).zip(summaries) {
            let record = &mut records[pending[at].0];
            if remember {
                summarizer.remember(record.input(), summary);
            }
            record.set_spoof(summary);
            counted.add(record);
        }
    }
    let counted = std::mem::take(counted);
    if !*hands_on {
        pending.clear();
        summary.merge(&counted);
        return Ok(ControlFlow::Continue(()));
    }
    for (at, &(slot, _, bytes_read)) in pending.iter().enumerate() {
        let handed_on = each(&records[slot], bytes_read);
        if !matches!(handed_on, Ok(ControlFlow::Continue(()))) {
            // Only the records handed on count: a rare case, counted again.
            for &(slot, ..) in &pending[..=at] {
                summary.add(&records[slot]);
            }
            pending.clear();
            return handed_on;
        }
    }
    pending.clear();
    summary.merge(&counted);
    Ok(ControlFlow::Continue(()))
}

/// Fills `record` with the engine's results for `text`: a fast path when
/// one decides the name valid (or valid but for the Bidi rule), else the
/// full engine; results not in the record's fast-path form are returned
/// too (`None`: a fast path's, all valid, in the record); and
/// whether the ASCII fast path found the name LDH without `--`
/// ([`crate::uts46::ValidAscii::is_ldh`]).
#[inline]
fn fill_results(engine: &Uts46<'_>, options: &Options, line: u64, text: &str, record: &mut RecordBuf) -> Filled {
    crate::uts46::count_run();
    if let Some(name) = engine.valid_ascii_name(text, options) {
        record.set_valid_ascii(line, text, &name);
        return (None, name.is_ldh());
    }
    let results = match engine.write_or_process(text, options, record.unicode_text(text)) {
        Ok(valid) => {
            record.set_valid_unicode(line, text.len(), &valid);
            return (None, false);
        }
        Err(results) => results,
    };
    record.set_converted(line, text, &results);
    (Some(results), false)
}

/// The profile columns of a converted record for the profiles in `selected`
/// ([`profiles::profile_columns`] on its input); `None` for a record that was
/// not converted (skipped, not UTF-8, too long) or when `selected` is empty.
/// The CLI's `batch --profile` and the window's export and table share it.
pub fn profile_columns_for(
    engine: &Uts46<'_>,
    options: &Options,
    record: &Record<impl AsRef<str>>,
    selected: &[Profile],
) -> Option<ProfileColumns> {
    (!selected.is_empty() && record.note().is_none())
        .then(|| profiles::profile_columns(engine, record.input(), options, selected))
}

/// The registry check (`--lgr`) of a converted record ([`Registry::check`]);
/// `None` for skipped and unreadable lines, and when no ruleset is given.
pub fn registry_check_for(
    registry: Option<&Registry>,
    record: &Record<impl AsRef<str>>,
) -> Option<Result<RegistryCheck, NoRuleset>> {
    let registry = registry.filter(|_| record.note().is_none())?;
    registry.check(record.input(), record.result(ResultKind::ToUnicode))
}

/// The protected name a converted record imitates, with the changes that
/// make it (`--protected`): only for a record whose spoof check found a
/// look-alike of a protected name.
pub fn imitation_for(protected: Option<&ProtectedList>, record: &Record<impl AsRef<str>>) -> Option<Imitation> {
    let protected = protected.filter(|list| !list.is_empty())?;
    record
        .spoof()
        .filter(|spoof| spoof.findings.contains(FindingKind::LooksLikeProtected))?;
    crate::lookalikes::imitation(
        protected,
        record.input(),
        record.result(ResultKind::ToUnicode),
        record.result(ResultKind::ToAsciiN),
    )
}

/// The text a program hands the runtimes for a converted record, and what
/// the engine's results tell of their answers: the line as written (a
/// program hands a runtime the text it has; the other stages inspect the
/// host taken from a pasted line, [`Record::pasted`]), with, on a plain
/// name, `engine`'s results when they were made with the bundled table and
/// ToASCII N has no error under every check but those the gate looks past
/// ([`crate::runtimes::Known::told_despite`],
/// [`crate::runtimes::run_all_knowing`]). A line that holds no host to
/// take is asked as written too; `None` for skipped and unreadable lines.
fn runtimes_asked<'r>(
    engine: &Uts46<'_>,
    options: &Options,
    record: &'r Record<impl AsRef<str>>,
) -> Option<(&'r str, Option<crate::runtimes::Known<'r>>)> {
    match record.note() {
        // No host to take: a program hands the runtimes the line as it is.
        Some(Note::NoHost(_)) => return Some((record.input(), None)),
        Some(_) => return None,
        None => {}
    }
    if let Some((line, _)) = record.pasted() {
        // The engine converted the host taken from the line, not the line.
        return Some((line, None));
    }
    let bundled =
        std::ptr::eq(engine.table(), crate::table::MappingTable::bundled()) && options.checks_at_least(&Options::EVERY_CHECK);
    let waived = bundled
        .then(|| crate::runtimes::Known::told_despite(record.codes(ResultKind::ToAsciiN).iter()))
        .flatten();
    let known = waived.map(|waived| crate::runtimes::Known {
        to_unicode: record.result(ResultKind::ToUnicode),
        to_ascii_n: record.result(ResultKind::ToAsciiN),
        to_ascii_t: record
            .codes(ResultKind::ToAsciiT)
            .is_empty()
            .then(|| record.result(ResultKind::ToAsciiT)),
        waived,
    });
    Some((record.input(), known))
}

/// What `batch --runtimes` keeps across its converted lines, shared by the
/// converting threads: per runtime, how many names it refuses and how many
/// of those at least one browser opens; and the answers on lines that
/// every model judged, remembered for when the line comes back.
#[derive(Debug, Default)]
pub struct RuntimeTally {
    names: AtomicU64,
    refused: [AtomicU64; crate::runtimes::Runtime::ALL.len()],
    refused_opened: [AtomicU64; crate::runtimes::Runtime::ALL.len()],
    memory: AnswerMemory,
}

impl RuntimeTally {
    /// Every runtime's answer on a converted record ([`runtimes_asked`]
    /// says on which text), counted here: from the memory when the text
    /// came before and is not a plain name (a name with an error, a pasted
    /// line), else from
    /// [`crate::runtimes::run_all_knowing`]. `None` for skipped and
    /// unreadable lines (not counted).
    pub fn answers(&self, engine: &Uts46<'_>, options: &Options, record: &Record<impl AsRef<str>>) -> Option<NameAnswers> {
        let (text, known) = runtimes_asked(engine, options, record)?;
        if known.is_some_and(|known| !known.waived.any()) {
            // The gate tells some answers: a name without an error costs
            // little, and such names are most of a file.
            let answers = crate::runtimes::run_all_knowing(text, known.as_ref());
            // The browsers read the batch's results where they have no error.
            let opened = refusing(&answers).then(|| match record.all_codes().is_empty() {
                true => crate::browsers::opens_reading(engine, record.input(), options, record.valid_results()),
                false => crate::browsers::opens(record.input()),
            });
            self.add(&answers, opened);
            // Not shared: a plain name's answers are not remembered.
            return Some(NameAnswers::Made(answers));
        }
        // Every model judges the text, or, on a name with errors the gate
        // looks past, those it does not tell: up to thirty times a plain
        // name's cost, worth remembering (a name whose only error is a root
        // dot runs none, and pays only the look-up). The answers are a function of the text alone (the
        // engine's results, where they told some, are the text's under the
        // batch's options; `tests/runtime_gate.rs` checks they tell what the
        // models would), and so is the browsers' verdict on the host taken
        // from it.
        let (answers, opened) = self.memory.remember(text, || {
            let answers = crate::runtimes::run_all_knowing(text, known.as_ref());
            let opened = refusing(&answers).then(|| crate::browsers::opens(record.input()));
            (std::sync::Arc::new(answers), opened)
        });
        self.add(&answers, opened);
        Some(NameAnswers::Remembered(answers))
    }

    /// Counts one converted name's `answers`, where `opened` (asked only
    /// of a name some runtime refuses) says whether a browser opens it.
    fn add(&self, answers: &crate::runtimes::Answers, opened: Option<bool>) {
        use crate::runtimes::Outcome;
        self.names.fetch_add(1, Ordering::Relaxed);
        let Some(opened) = opened else {
            return;
        };
        for (i, runtime) in crate::runtimes::Runtime::ALL.into_iter().enumerate() {
            if answers.outcome(runtime) == Outcome::Error {
                self.refused[i].fetch_add(1, Ordering::Relaxed);
                if opened {
                    self.refused_opened[i].fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }
}

/// The runtimes' answers on one line ([`RuntimeTally::answers`]), read
/// through `Deref`.
#[derive(Debug)]
// Made answers are held inline: a box would be the allocation per line
// that this type saves.
#[allow(clippy::large_enum_variant)]
pub enum NameAnswers {
    /// Made for this line alone.
    Made(crate::runtimes::Answers),
    /// Remembered from a line with the same text, or kept for the next.
    Remembered(std::sync::Arc<crate::runtimes::Answers>),
}

impl std::ops::Deref for NameAnswers {
    type Target = crate::runtimes::Answers;

    fn deref(&self) -> &crate::runtimes::Answers {
        match self {
            NameAnswers::Made(answers) => answers,
            NameAnswers::Remembered(answers) => answers,
        }
    }
}

/// True when some runtime refuses the name of `answers`.
fn refusing(answers: &crate::runtimes::Answers) -> bool {
    crate::runtimes::Runtime::ALL
        .into_iter()
        .any(|runtime| answers.outcome(runtime) == crate::runtimes::Outcome::Error)
}

/// The runtimes' answers on texts every model judged, with the browsers'
/// verdict on each, remembered by [`RuntimeTally`].
///
/// Memory is bounded: per part, two generations of at most
/// [`AnswerMemory::GENERATION_BYTES`] bytes of answers each; when the newer
/// is full it becomes the older, and the older is dropped. Texts longer
/// than [`AnswerMemory::LONGEST`] are not kept. A part keeps every text
/// while at least one look-up in [`AnswerMemory::WORTH`] finds its text,
/// else one text in [`AnswerMemory::SAMPLE`] (a file whose lines never
/// repeat then pays for few texts kept), deciding again every
/// [`AnswerMemory::WINDOW`] look-ups.
#[derive(Debug)]
struct AnswerMemory {
    parts: Box<[std::sync::Mutex<Generations>]>,
    hasher: std::collections::hash_map::RandomState,
}

/// A remembered text's answers and the browsers' verdict (asked only
/// when some runtime refuses).
type Remembered = (std::sync::Arc<crate::runtimes::Answers>, Option<bool>);

/// One part of an [`AnswerMemory`].
#[derive(Debug, Default)]
struct Generations {
    newer: std::collections::HashMap<Box<str>, Remembered>,
    older: std::collections::HashMap<Box<str>, Remembered>,
    /// The bytes `newer` holds ([`answer_bytes`]).
    bytes: usize,
    /// Look-ups in the current window, and how many found their text.
    lookups: u32,
    hits: u32,
    /// True while the part keeps only a sample of the texts.
    sampling: bool,
}

impl Default for AnswerMemory {
    fn default() -> Self {
        AnswerMemory {
            parts: (0..Self::PARTS).map(|_| Default::default()).collect(),
            hasher: Default::default(),
        }
    }
}

impl AnswerMemory {
    /// Parts with a lock each, so that threads rarely wait for one another.
    const PARTS: usize = 4;
    /// The bytes of answers a part's generation holds: with two
    /// generations a part, the memory holds at most 16 MiB of answers
    /// (`the_answer_memory_is_bounded`), about 3,000 texts' answers.
    const GENERATION_BYTES: usize = 2 * 1024 * 1024;
    /// The longest text kept, in bytes: a domain name has at most 253
    /// ASCII characters; a longer line rarely comes back.
    const LONGEST: usize = 256;
    /// Look-ups per part after which it decides whether to keep every text.
    const WINDOW: u32 = 64;
    /// A part keeps every text while at least one look-up in this many
    /// finds its text: a text kept costs more than its insertion, as its
    /// answers stay in memory the allocator does not hand out again warm
    /// (with one in 16, a file whose names come back only after 20,000
    /// others ran 1.16 times slower; benches/results.md).
    const WORTH: u32 = 4;
    /// A sampling part keeps one text in this many.
    const SAMPLE: u64 = 32;

    /// What `compute` gives for `text`, or gave before.
    fn remember(&self, text: &str, compute: impl FnOnce() -> Remembered) -> Remembered {
        use std::hash::BuildHasher;
        if text.len() > Self::LONGEST {
            return compute();
        }
        let hash = self.hasher.hash_one(text);
        let part = &self.parts[(hash % Self::PARTS as u64) as usize];
        let keep = {
            let mut part = part.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let found = part.newer.get(text).or_else(|| part.older.get(text)).cloned();
            part.lookups += 1;
            part.hits += u32::from(found.is_some());
            if part.lookups == Self::WINDOW {
                part.sampling = part.hits * Self::WORTH < Self::WINDOW;
                (part.lookups, part.hits) = (0, 0);
            }
            if let Some(found) = found {
                return found;
            }
            !part.sampling || (hash / Self::PARTS as u64).is_multiple_of(Self::SAMPLE)
        };
        // Computed without the lock, so another thread may keep the same
        // text meanwhile: both computed the same answers.
        let remembered = compute();
        let bytes = text.len() + answer_bytes(&remembered.0);
        if keep && bytes <= Self::GENERATION_BYTES {
            let mut part = part.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            if part.bytes + bytes > Self::GENERATION_BYTES {
                part.older = std::mem::take(&mut part.newer);
                part.bytes = 0;
            }
            if part.newer.insert(text.into(), remembered.clone()).is_none() {
                part.bytes += bytes;
            }
        }
        remembered
    }

    /// The bytes the memory holds, over all parts and both generations.
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.parts
            .iter()
            .map(|part| {
                let part = part.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                let held = |map: &std::collections::HashMap<Box<str>, Remembered>| {
                    map.iter()
                        .map(|(text, (answers, _))| text.len() + answer_bytes(answers))
                        .sum::<usize>()
                };
                held(&part.newer) + held(&part.older)
            })
            .sum()
    }
}

/// About the bytes `answers` hold: each answer's texts and its fields.
fn answer_bytes(answers: &crate::runtimes::Answers) -> usize {
    crate::runtimes::Runtime::ALL
        .into_iter()
        .map(|runtime| {
            let answer = answers.get(runtime);
            std::mem::size_of::<crate::runtimes::Answer>()
                + answer.host.map_or(0, str::len)
                + answer.error.map_or(0, str::len)
                + answer.sentence.len()
        })
        .sum()
}

impl fmt::Display for RuntimeTally {
    /// One line per runtime: `runtime\t<id>\trefused N\tof which the browsers open M`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = self.names.load(Ordering::Relaxed);
        for (i, runtime) in crate::runtimes::Runtime::ALL.iter().enumerate() {
            let refused = self.refused[i].load(Ordering::Relaxed);
            let opened = self.refused_opened[i].load(Ordering::Relaxed);
            writeln!(
                f,
                "runtime\t{}\trefuses {refused} of {names} names\t{opened} of them open in a browser",
                runtime.id()
            )?;
        }
        Ok(())
    }
}

/// The valid UTF-8 parts of `bytes` as they are, each invalid byte as `\xHH`.
pub(crate) fn escape_invalid_utf8(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() + 8);
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for byte in chunk.invalid() {
            out.push_str(&format!("\\x{byte:02X}"));
        }
    }
    out
}

/// Converts every item of `items` in order, handing each record and the
/// bytes read so far to `each`; stops early when `each` breaks (the summary
/// then counts the records handed on). The one conversion loop of the CLI
/// and the GUI's background job. Records are filled into reused
/// [`RecordBuf`]s (with the spoof check, a stage of them holding up to
/// [`STAGE`] names to analyze, before the check runs on each): `each`
/// copies out what it keeps ([`RecordBuf::to_record`]).
/// `spoof`: compare with these protected names and attach the spoof verdict (`None`: no spoof check).
/// `items` is borrowed, so that a conversion stopped at a pause
/// ([`ItemReader::pause_after`]) can go on from where it stopped.
/// Errors: a read error, or the first error `each` returns.
pub fn convert_each<R: BufRead>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: &mut ItemReader<R>,
    each: impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    convert_or_count(engine, options, spoof, items, Some(each))
}

/// The summary of [`convert_each`] alone, no record handed on (`batch
/// --format summary` on one thread): with the spoof check, only the
/// records whose names wait for its analysis are kept in the stage.
/// Errors: a read error.
pub(crate) fn count_each<R: BufRead>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    mut items: ItemReader<R>,
) -> io::Result<Summary> {
    convert_or_count(engine, options, spoof, &mut items, None::<HandOn>)
}

/// What a record is handed to, as a plain function.
pub(crate) type HandOn = fn(&RecordBuf, u64) -> io::Result<ControlFlow<()>>;

/// [`convert_each`] with `each`, or [`count_each`] without.
fn convert_or_count<R: BufRead>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: &mut ItemReader<R>,
    mut each: Option<impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>>,
) -> io::Result<Summary> {
    let skip_comments = items.skips_comments();
    let mut summary = Summary::default();
    let Some(summarizer) = spoof.map(Summarizer::new) else {
        // Without the spoof check, one record is filled and handed on at a time.
        let mut record = RecordBuf::new();
        while let Some(item) = items.next_item()? {
            convert_item(engine, options, &item, skip_comments, None, &mut record);
            summary.add(&record);
            if let Some(each) = each.as_mut()
                && each(&record, items.bytes_read())?.is_break()
            {
                break;
            }
        }
        return Ok(summary);
    };
    // Made as slots are first used (a stage that only counts keeps few records);
    // the room is reserved, its pages touched only when used.
    let mut records: Vec<RecordBuf> = Vec::with_capacity(STAGE_RECORDS);
    let mut stage = Stage::new(each.is_some());
    let mut finish = |records: &mut [RecordBuf], stage: &mut Stage, summary: &mut Summary| {
        let each = |record: &RecordBuf, bytes_read| {
            each.as_mut()
                .map_or(Ok(ControlFlow::Continue(())), |each| each(record, bytes_read))
        };
        finish_stage(engine, options, &summarizer, records, stage, summary, each)
    };
    while let Some(item) = items.next_item()? {
        let slot = stage.len();
        if records.len() == slot {
            records.push(RecordBuf::new());
        }
        let filled = fill_item(engine, options, &item, skip_comments, &mut records[slot]);
        let full = stage.push(&summarizer, slot, filled, &mut records[slot], items.bytes_read());
        if full && finish(&mut records, &mut stage, &mut summary)?.is_break() {
            return Ok(summary);
        }
    }
    // The last records: a break of `each` changes nothing now.
    let _ = finish(&mut records, &mut stage, &mut summary)?;
    Ok(summary)
}

/// Converts every item of `items` and writes one record per item to `writer`.
/// Errors: a read or write failure (records written so far stay written).
pub fn run<R: BufRead, W: io::Write>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    mut items: ItemReader<R>,
    writer: &mut RecordWriter<W>,
) -> io::Result<Summary> {
    convert_each(engine, options, spoof, &mut items, |record, _| {
        writer.write(record)?;
        Ok(ControlFlow::Continue(()))
    })
}

#[cfg(test)]
mod tests {
    use super::{AnswerMemory, Remembered, answer_bytes};
    use std::sync::Arc;

    /// Answers every model gives on a name most runtimes refuse.
    fn remembered() -> Remembered {
        (
            Arc::new(crate::runtimes::run_all_knowing("ab--c\u{200D}d.example", None)),
            Some(true),
        )
    }

    #[test]
    fn a_text_that_comes_back_is_answered_from_the_memory() {
        let memory = AnswerMemory::default();
        let first = memory.remember("ab--c\u{200D}d.example", remembered);
        let again = memory.remember("ab--c\u{200D}d.example", || panic!("the memory holds the text"));
        assert!(Arc::ptr_eq(&first.0, &again.0));
        assert_eq!(first.1, again.1);
        // A text too long to keep is computed each time.
        let long = "a".repeat(AnswerMemory::LONGEST + 1);
        let mut computed = 0;
        for _ in 0..2 {
            memory.remember(&long, || {
                computed += 1;
                remembered()
            });
        }
        assert_eq!(computed, 2);
    }

    #[test]
    fn the_answer_memory_is_bounded() {
        let memory = AnswerMemory::default();
        let answers = remembered();
        let text = |i: usize| format!("name{i:06}.example");
        let each = text(0).len() + answer_bytes(&answers.0);
        let bound = 2 * AnswerMemory::PARTS * AnswerMemory::GENERATION_BYTES;
        let mut most = 0;
        // Every other look-up finds its text: every part keeps every text.
        for i in 1..4 * bound / each {
            let asked = if i % 2 == 0 { text(i - 1) } else { text(i) };
            memory.remember(&asked, || answers.clone());
            if i % 1000 == 0 {
                most = most.max(memory.bytes());
                assert!(memory.bytes() <= bound, "{} bytes held after {i} texts", memory.bytes());
            }
        }
        // The memory filled up to its bound, and no further.
        assert!(most > bound / 2, "at most {most} bytes held");
    }

    #[test]
    fn texts_that_never_come_back_are_kept_only_as_a_sample() {
        let memory = AnswerMemory::default();
        let answers = remembered();
        let texts = 20_000;
        for i in 0..texts {
            memory.remember(&format!("name{i:06}.example"), || answers.clone());
        }
        let each = "name000000.example".len() + answer_bytes(&answers.0);
        // The first window of each part keeps every text, then one in SAMPLE.
        let window = AnswerMemory::PARTS * AnswerMemory::WINDOW as usize;
        let most = window + 2 * texts / AnswerMemory::SAMPLE as usize;
        assert!(
            memory.bytes() <= most * each,
            "{} texts kept of {texts}",
            memory.bytes() / each
        );
    }
}
