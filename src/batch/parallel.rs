//! Blocks of items converted on several threads, the records handed on in
//! input order: the same [`convert_item`] per item as the one-thread loop,
//! so the output is the same byte for byte. A summary alone needs no order:
//! each thread then reads its own blocks.

use super::reader::Lines;
use super::{Item, ItemReader, RecordBuf, RowWriters, Stage, Summary, convert_item, fill_item, finish_stage};
use crate::spoof::{ProtectedList, Summarizer};
use crate::uts46::{Options, Uts46};
use std::any::Any;
use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Arc, LockResult, Mutex, MutexGuard, TryLockError};

/// Items a block holds at most: enough to keep a thread busy for well over
/// the cost of handing the block on, few enough that the blocks in flight
/// stay small.
const BLOCK_ITEMS: usize = 1024;
/// Bytes of item text a block holds at most (long lines fill a block sooner).
const BLOCK_BYTES: usize = 32 * 1024;
/// Bytes of item text a block holds at most when its records are only
/// counted ([`summarize_parallel`]): with no records kept, a larger block
/// costs no cache room and takes the reader's lock less often; but the last blocks
/// leave a thread idle while another finishes one, so a block stays a small
/// part of a file of a few MB (64 KB: 3,000-4,000 names, a few milliseconds),
/// and smaller near the end when the input's size is known ([`summary_block_bytes`]).
const SUMMARY_BLOCK_BYTES: usize = 64 * 1024;
/// The smallest block of a summary whose input's size is known: near the
/// end a block is an eighth of what is left per thread, so the threads
/// finish together (4 KB: 150-200 names, a fraction of a millisecond).
const LAST_SUMMARY_BLOCK_BYTES: usize = 4 * 1024;

/// The bytes of item text a summary's next block holds, when `left` bytes
/// of the input remain (unknown: `None`) for `threads` threads.
fn summary_block_bytes(left: Option<u64>, threads: usize) -> usize {
    match left {
        Some(left) => usize::try_from(left / (8 * threads as u64))
            .unwrap_or(usize::MAX)
            .clamp(LAST_SUMMARY_BLOCK_BYTES, SUMMARY_BLOCK_BYTES),
        None => SUMMARY_BLOCK_BYTES,
    }
}

/// A part of a block, its text at `start..end` of the block's buffers.
struct Stored {
    kind: Kind,
    start: usize,
    end: usize,
}

enum Kind {
    /// Whole UTF-8 lines in `Block::text`, split by the converting thread
    /// ([`Lines::items`]): the first line's number and the bytes read before it.
    Lines { first: u64, bytes_before: u64 },
    /// One item, UTF-8 text in `Block::text`.
    Text { line: u64, bytes_read: u64 },
    /// Bytes that are not UTF-8, in `Block::bytes`.
    NotUtf8 { line: u64, bytes_read: u64 },
    /// The kept prefix of an over-long line (in `Block::bytes`) and its full length.
    TooLong { line: u64, bytes_read: u64, bytes: u64 },
    /// A CSV/TSV row with this many fields, too few for the column.
    MissingColumn { line: u64, bytes_read: u64, fields: usize },
}

/// Items read in order, owned so that another thread can convert them:
/// runs of whole lines as the reader read them (the converting thread
/// splits them, so the reading thread does next to nothing per line) and
/// single items. The converting thread fills one record buffer per item
/// (kept across uses, as the one-thread loop keeps its one), the bytes read
/// up to each item, and the records' summary.
struct Block<E> {
    text: String,
    bytes: Vec<u8>,
    parts: Vec<Stored>,
    records: Vec<RecordBuf>,
    /// The reader's position after each record's item (progress, as the one-thread loop reports it).
    read_to: Vec<u64>,
    /// Records filled.
    filled: usize,
    summary: Summary,
    /// Per kept record, what the caller's extra work made of it ([`convert_each_parallel_with`]).
    extras: Vec<E>,
}

impl<E> Default for Block<E> {
    fn default() -> Self {
        Block {
            text: String::new(),
            bytes: Vec::new(),
            parts: Vec::new(),
            records: Vec::new(),
            read_to: Vec::new(),
            filled: 0,
            summary: Summary::default(),
            extras: Vec::new(),
        }
    }
}

/// What a converting thread keeps from block to block: its record buffers
/// when the records are only counted (still in its caches), what the
/// spoof check keeps from name to name, and the writers its extra work
/// formats rows with.
#[derive(Default)]
struct Worker {
    records: Vec<RecordBuf>,
    kept: crate::spoof::Kept,
    rows: RowWriters,
}

/// Work done on the converting threads for each kept record, beside its conversion.
/// It is given the thread's row writers ([`RowFormat::format`](super::RowFormat::format)).
type Extra<'a, E> = &'a (dyn Fn(&RecordBuf, &mut RowWriters) -> E + Sync);

impl<E> Block<E> {
    /// Empties the block and reads up to [`BLOCK_ITEMS`] single items or
    /// `budget` bytes of text into it; empty at the end of the input.
    fn fill<R: BufRead>(&mut self, reader: &mut ItemReader<R>, budget: usize) -> io::Result<()> {
        self.text.clear();
        self.bytes.clear();
        self.parts.clear();
        while self.parts.len() < BLOCK_ITEMS && self.text.len() + self.bytes.len() < budget {
            let room = budget - self.text.len() - self.bytes.len();
            if let Some(lines) = reader.next_lines(room)? {
                let start = self.text.len();
                self.text.push_str(lines.text);
                self.parts.push(Stored {
                    kind: Kind::Lines {
                        first: lines.first,
                        bytes_before: lines.bytes_before,
                    },
                    start,
                    end: self.text.len(),
                });
                continue;
            }
            let Some(item) = reader.next_item()? else {
                break;
            };
            let (kind, start, end) = match item {
                Item::Text { line, text } => {
                    let start = self.text.len();
                    self.text.push_str(text);
                    (Kind::Text { line, bytes_read: 0 }, start, self.text.len())
                }
                Item::NotUtf8 { line, bytes } => {
                    let start = self.bytes.len();
                    self.bytes.extend_from_slice(bytes);
                    (Kind::NotUtf8 { line, bytes_read: 0 }, start, self.bytes.len())
                }
                Item::TooLong { line, prefix, bytes } => {
                    let start = self.bytes.len();
                    self.bytes.extend_from_slice(prefix);
                    (
                        Kind::TooLong {
                            line,
                            bytes_read: 0,
                            bytes,
                        },
                        start,
                        self.bytes.len(),
                    )
                }
                Item::MissingColumn { line, fields } => (
                    Kind::MissingColumn {
                        line,
                        bytes_read: 0,
                        fields,
                    },
                    0,
                    0,
                ),
            };
            let mut stored = Stored { kind, start, end };
            if let Kind::Text { bytes_read, .. }
            | Kind::NotUtf8 { bytes_read, .. }
            | Kind::TooLong { bytes_read, .. }
            | Kind::MissingColumn { bytes_read, .. } = &mut stored.kind
            {
                *bytes_read = reader.bytes_read();
            }
            self.parts.push(stored);
        }
        Ok(())
    }

    /// Calls `each` on every item of the block in order, with the reader's
    /// position after it. (A loop, not a flattened iterator: the hot loop
    /// of the parallel batch, whose inlining a flattened iterator left to
    /// chance: one unrelated change once made it slower on two threads.)
    fn for_each_item(&self, mut each: impl FnMut(Item<'_>, u64)) {
        for part in &self.parts {
            let (start, end) = (part.start, part.end);
            let (item, bytes_read) = match part.kind {
                Kind::Lines { first, bytes_before } => {
                    let lines = Lines {
                        first,
                        bytes_before,
                        text: &self.text[start..end],
                    };
                    for (item, bytes_read) in lines.items() {
                        each(item, bytes_read);
                    }
                    continue;
                }
                Kind::Text { line, bytes_read } => {
                    let text = &self.text[start..end];
                    (Item::Text { line, text }, bytes_read)
                }
                Kind::NotUtf8 { line, bytes_read } => {
                    let bytes = &self.bytes[start..end];
                    (Item::NotUtf8 { line, bytes }, bytes_read)
                }
                Kind::TooLong { line, bytes_read, bytes } => {
                    let prefix = &self.bytes[start..end];
                    (Item::TooLong { line, prefix, bytes }, bytes_read)
                }
                Kind::MissingColumn {
                    line,
                    bytes_read,
                    fields,
                } => (Item::MissingColumn { line, fields }, bytes_read),
            };
            each(item, bytes_read);
        }
    }

    /// Converts every item into its record, and counts the records. With
    /// `keep` false the records are only counted, in the same few buffers
    /// (one, or a stage of them with the spoof check, [`StageCount`]; a caller that
    /// wants the summary alone): a block's records then take little room
    /// in the caches.
    // The run's settings, then the thread's own state.
    #[allow(clippy::too_many_arguments)]
    fn convert(
        &mut self,
        engine: &Uts46<'_>,
        options: &Options,
        skip_comments: bool,
        spoof: Option<&Summarizer<'_>>,
        keep: bool,
        extra: Option<Extra<'_, E>>,
        worker: &mut Worker,
    ) {
        // Records not kept are this thread's buffers, reused block after
        // block (still in its caches), not the block's.
        let mut records = match keep {
            true => std::mem::take(&mut self.records),
            false => std::mem::take(&mut worker.records),
        };
        let mut read_to = std::mem::take(&mut self.read_to);
        let mut extras = std::mem::take(&mut self.extras);
        read_to.clear();
        extras.clear();
        let mut summary = Summary::default();
        let mut index = 0;
        let mut keep_it = |record: &RecordBuf, bytes_read| {
            if keep {
                read_to.push(bytes_read);
                if let Some(extra) = extra {
                    extras.push(extra(record, &mut worker.rows));
                }
            }
            Ok(ControlFlow::Continue(()))
        };
        match spoof {
            // Without the spoof check, each record is handed on as it is filled.
            None => self.for_each_item(|item, bytes_read| {
                let slot = if keep { index } else { 0 };
                index += 1;
                if records.len() == slot {
                    records.push(RecordBuf::new());
                }
                let record = &mut records[slot];
                convert_item(engine, options, &item, skip_comments, None, record);
                summary.add(record);
                let _ = keep_it(record, bytes_read);
            }),
            // Without `keep`, the records of one stage reuse the same buffers.
            Some(spoof) => {
                let mut stage = Stage::with_kept(keep, std::mem::take(&mut worker.kept));
                // `keep_it` never breaks and has no error.
                let mut finish = |stage: &mut Stage, records: &mut Vec<RecordBuf>| {
                    let _ = finish_stage(engine, options, spoof, records, stage, &mut summary, &mut keep_it);
                };
                self.for_each_item(|item, bytes_read| {
                    let slot = if keep { index } else { stage.len() };
                    index += 1;
                    if records.len() == slot {
                        records.push(RecordBuf::new());
                    }
                    let filled = fill_item(engine, options, &item, skip_comments, &mut records[slot]);
                    if stage.push(spoof, slot, filled, &mut records[slot], bytes_read) {
                        finish(&mut stage, &mut records);
                    }
                });
                finish(&mut stage, &mut records);
                worker.kept = stage.into_kept();
            }
        }
        self.summary = summary;
        self.filled = read_to.len();
        match keep {
            true => self.records = records,
            false => worker.records = records,
        }
        self.read_to = read_to;
        self.extras = extras;
    }

    /// The records filled by [`Self::convert`], each with its extra (when
    /// the caller asked for one) and the reader's position after its item.
    fn converted(&self) -> impl Iterator<Item = (&RecordBuf, Option<&E>, u64)> {
        let mut extras = self.extras.iter();
        self.records[..self.filled]
            .iter()
            .zip(self.read_to.iter().copied())
            .map(move |(record, bytes_read)| (record, extras.next(), bytes_read))
    }
}

/// What [`super::convert_each`] does, on `threads` threads: the calling
/// thread reads blocks of items and hands each record on in input order;
/// the other threads convert the blocks. At most two blocks per thread are
/// in flight, so memory stays bounded whatever the input's length. One
/// thread runs [`super::convert_each`] itself.
///
/// `each` runs on the calling thread, with the record and the bytes read up
/// to its item, exactly as in [`super::convert_each`]; when it breaks, no
/// further record is handed on.
/// Errors: a read error, or the first error `each` returns (the records
/// before it have been handed on).
pub fn convert_each_parallel<R: BufRead>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    mut items: ItemReader<R>,
    threads: NonZeroUsize,
    each: impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    if threads.get() == 1 {
        return super::convert_each(engine, options, spoof, &mut items, each);
    }
    let mut each = each;
    run_parallel::<R, ()>(engine, options, spoof, items, threads, None, move |record, _, bytes_read| {
        each(record, bytes_read)
    })
}

/// As [`convert_each_parallel`], with `extra` run on the converting
/// threads for each record (work that depends on the record alone, such as
/// the registry check of `batch --lgr`), given that thread's row writers
/// for [`RowFormat::format`](super::RowFormat::format); `each` gets its
/// result beside the record, in input order. Errors: as [`convert_each_parallel`].
pub fn convert_each_parallel_with<R: BufRead, E: Send>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    mut items: ItemReader<R>,
    threads: NonZeroUsize,
    extra: &(dyn Fn(&RecordBuf, &mut RowWriters) -> E + Sync),
    mut each: impl FnMut(&RecordBuf, &E, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    if threads.get() == 1 {
        let mut rows = RowWriters::default();
        return super::convert_each(engine, options, spoof, &mut items, |record, bytes_read| {
            each(record, &extra(record, &mut rows), bytes_read)
        });
    }
    run_parallel(
        engine,
        options,
        spoof,
        items,
        threads,
        Some(extra),
        move |record, made: Option<&E>, bytes_read| {
            let made = made.expect("the converting thread ran the extra work on every kept record");
            each(record, made, bytes_read)
        },
    )
}

/// The summary of [`convert_each_parallel`] alone, no record handed on
/// (`batch --format summary`): the converting threads count each record
/// as they fill it and keep none. Counts add up in any order, so each
/// thread reads its own next block from the shared reader and converts it:
/// no thread only reads, and a block's text is in the cache of the thread
/// that converts it. With a thread for every processor the process may run
/// on, each converting thread is kept on one (`pinning`), and the calling
/// thread only waits; else the calling thread is one of them. Errors: a
/// read error (the first one a thread met).
pub fn summarize_parallel<R: BufRead + Send>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: ItemReader<R>,
    threads: NonZeroUsize,
) -> io::Result<Summary> {
    if threads.get() == 1 {
        return super::count_each(engine, options, spoof, items);
    }
    let skip_comments = items.skips_comments();
    // `None` once a thread met a read error: the others stop at their next block.
    let items = Mutex::new(Some(items));
    // The threads share what the spoof check remembers: a name is analyzed once.
    let summarizer = spoof.map(Summarizer::new);
    let summarizer = summarizer.as_ref();
    let count = || -> io::Result<Summary> {
        let mut block = Block::<()>::default();
        let mut worker = Worker::default();
        let mut summary = Summary::default();
        loop {
            {
                // The lock is held only while the block is read.
                let mut items = lock_spinning(&items).map_err(|_| io::Error::other("a converting thread stopped"))?;
                let Some(reader) = items.as_mut() else {
                    break;
                };
                let budget = summary_block_bytes(reader.bytes_left(), threads.get());
                if let Err(error) = block.fill(reader, budget) {
                    *items = None;
                    return Err(error);
                }
            }
            if block.parts.is_empty() {
                break;
            }
            block.convert(engine, options, skip_comments, summarizer, false, None, &mut worker);
            summary.merge(&block.summary);
        }
        Ok(summary)
    };
    // With a processor for each, the threads convert on threads of their
    // own, each kept on its processor, and the calling thread (left as it
    // is) waits; else it converts too.
    let processors = super::pinning::processors_for(threads.get());
    let caller_counts = processors.is_none();
    let spawned = threads.get() - usize::from(caller_counts);
    std::thread::scope(|scope| {
        let counting: Vec<_> = (0..spawned)
            .map(|at| {
                let processor = processors.as_ref().map(|all| all[at]);
                scope.spawn(move || {
                    if let Some(processor) = processor {
                        let _pinned = super::pinning::pin_to(processor);
                        #[cfg(test)]
                        tests::PINNED.fetch_add(usize::from(_pinned), std::sync::atomic::Ordering::Relaxed);
                    }
                    count()
                })
            })
            .collect();
        let mut total = if caller_counts { count() } else { Ok(Summary::default()) };
        // Joined here, not by the scope: see `run_parallel`.
        for thread in counting {
            match thread.join() {
                Ok(counted) => {
                    total = total.and_then(|mut total| {
                        total.merge(&counted?);
                        Ok(total)
                    })
                }
                Err(payload) => panic::resume_unwind(payload),
            }
        }
        total
    })
}

/// Tries to lock `mutex` this many times before sleeping until it is free:
/// 26 µs here, about as long as a block takes to read (a summary's blocks
/// are 41 KB on average on a mixed file). Four times as many left 6 sleeps on
/// the lock in 10 runs instead of 8 (the first blocks, read into new memory,
/// take longer): not worth spinning longer where threads outnumber processors.
const SPINS: u32 = 1 << 10;

/// `mutex` locked, waited for without sleeping while another thread reads a
/// block: a sleeper wakes late when its processor has gone idle, and a
/// thread not kept on a processor (`pinning`) is woken on its waker's,
/// where the two then take turns until the scheduler moves one, milliseconds
/// later (docs/design.md). After [`SPINS`] tries it sleeps.
fn lock_spinning<T>(mutex: &Mutex<T>) -> LockResult<MutexGuard<'_, T>> {
    for _ in 0..SPINS {
        match mutex.try_lock() {
            Ok(guard) => return Ok(guard),
            Err(TryLockError::Poisoned(poisoned)) => return Err(poisoned),
            Err(TryLockError::WouldBlock) => std::hint::spin_loop(),
        }
    }
    mutex.lock()
}

/// The threads of [`convert_each_parallel`]: the records are kept and handed to `each` in order.
fn run_parallel<R: BufRead, E: Send>(
    engine: &Uts46<'_>,
    options: &Options,
    spoof: Option<&ProtectedList>,
    items: ItemReader<R>,
    threads: NonZeroUsize,
    extra: Option<Extra<'_, E>>,
    each: impl FnMut(&RecordBuf, Option<&E>, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    let skip_comments = items.skips_comments();
    // Two blocks a thread: one converted, one waiting. The channel holds
    // them all, so the reading thread never waits to hand one over.
    let in_flight = threads.get() * 2;
    let (work_sender, work) = sync_channel::<(u64, Block<E>)>(in_flight);
    let work = Arc::new(Mutex::new(work));
    let (done_sender, done) = channel::<Converted<E>>();
    // The threads share what the spoof check remembers: a name is analyzed once.
    let summarizer = spoof.map(Summarizer::new);
    let summarizer = summarizer.as_ref();
    std::thread::scope(|scope| {
        let mut converting = Vec::with_capacity(threads.get());
        for _ in 0..threads.get() {
            let work = Arc::clone(&work);
            let done_sender = done_sender.clone();
            converting.push(scope.spawn(move || {
                let mut worker = Worker::default();
                loop {
                    // The lock is held only while taking the next block.
                    let next = work.lock().ok().and_then(|work| work.recv().ok());
                    let Some((number, mut block)) = next else {
                        break;
                    };
                    // A panic goes back to the calling thread, which would otherwise wait for the block.
                    let converted = panic::catch_unwind(AssertUnwindSafe(|| {
                        block.convert(engine, options, skip_comments, summarizer, true, extra, &mut worker);
                    }))
                    .map(|()| (number, block));
                    if done_sender.send(converted).is_err() {
                        break;
                    }
                }
            }));
        }
        drop(done_sender);
        let summary = hand_on_in_order(items, work_sender, &done, in_flight, each);
        // Joined here, not by the scope: the scope returns once each closure has
        // returned, before the thread has run its thread-local destructors, and
        // LeakSanitizer (the batch_reader fuzz target) counts those as leaks.
        for thread in converting {
            if let Err(payload) = thread.join() {
                panic::resume_unwind(payload);
            }
        }
        summary
    })
}

/// A converted block and its number, or the panic that stopped its conversion.
type Converted<E> = Result<(u64, Block<E>), Box<dyn Any + Send>>;

/// The calling thread's part: keeps up to `in_flight` blocks with the
/// converting threads and hands their records to `each` in block order.
/// Dropping `work` on return lets the converting threads finish.
fn hand_on_in_order<R: BufRead, E>(
    mut items: ItemReader<R>,
    work: SyncSender<(u64, Block<E>)>,
    done: &Receiver<Converted<E>>,
    in_flight: usize,
    mut each: impl FnMut(&RecordBuf, Option<&E>, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut spare: Vec<Block<E>> = Vec::new();
    let mut waiting: BTreeMap<u64, Block<E>> = BTreeMap::new();
    let (mut sent, mut next) = (0u64, 0u64);
    let mut at_end = false;
    loop {
        while !at_end && sent - next < in_flight as u64 {
            let mut block = spare.pop().unwrap_or_default();
            block.fill(&mut items, BLOCK_BYTES)?;
            if block.parts.is_empty() {
                at_end = true;
                break;
            }
            if work.send((sent, block)).is_err() {
                return Err(io::Error::other("a converting thread stopped"));
            }
            sent += 1;
        }
        if next == sent {
            return Ok(summary);
        }
        let converted = done.recv().map_err(|_| io::Error::other("a converting thread stopped"))?;
        let (number, block) = converted.unwrap_or_else(|payload| panic::resume_unwind(payload));
        waiting.insert(number, block);
        while let Some(block) = waiting.remove(&next) {
            for (index, (record, made, bytes_read)) in block.converted().enumerate() {
                if each(record, made, bytes_read)?.is_break() {
                    // Only the records handed on are counted, as on one thread.
                    block.records[..=index].iter().for_each(|record| summary.add(record));
                    return Ok(summary);
                }
            }
            summary.merge(&block.summary);
            next += 1;
            spare.push(block);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// Converting threads that [`summarize_parallel`] kept on a processor.
    pub(super) static PINNED: AtomicUsize = AtomicUsize::new(0);

    /// A summary's blocks: the full size while much is left or the size is
    /// unknown, an eighth of what is left per thread near the end, never
    /// below the smallest.
    #[test]
    fn summary_blocks_shrink_near_the_end() {
        assert_eq!(summary_block_bytes(None, 2), SUMMARY_BLOCK_BYTES);
        assert_eq!(summary_block_bytes(Some(u64::MAX), 2), SUMMARY_BLOCK_BYTES);
        assert_eq!(summary_block_bytes(Some(16 * 64 * 1024), 2), SUMMARY_BLOCK_BYTES);
        assert_eq!(summary_block_bytes(Some(160 * 1024), 2), 10 * 1024);
        assert_eq!(summary_block_bytes(Some(160 * 1024), 4), 5 * 1024);
        assert_eq!(summary_block_bytes(Some(1000), 2), LAST_SUMMARY_BLOCK_BYTES);
        assert_eq!(summary_block_bytes(Some(0), 8), LAST_SUMMARY_BLOCK_BYTES);
    }

    /// With a thread for every allowed processor (the threads kept on one
    /// each, the calling thread waiting), with one fewer and one more, a
    /// summary counts what one thread counts, spoof check and all, from a
    /// file of many blocks whose names repeat (the memory is shared).
    #[test]
    fn a_summary_on_a_processor_each_counts_what_one_thread_counts() {
        use crate::batch::InputFormat;
        let names = [
            "bücher.de",
            "раураl.com",
            "example.com",
            "faß.de",
            "xn--zz.com",
            "日本語.jp",
            "a..b",
            "ｅｘａｍｐｌｅ。com",
        ];
        let input: String = (0..20_000)
            .map(|at| format!("{}{at}.{}\n", at % 7, names[at % names.len()]))
            .collect();
        let protected = ProtectedList::new(&Uts46::new(), ["paypal.com"]);
        let summary = |threads: usize| {
            let items = ItemReader::new(input.as_bytes(), &InputFormat::Lines).expect("readable");
            let threads = NonZeroUsize::new(threads).expect("at least one");
            summarize_parallel(&Uts46::new(), &Options::default(), Some(&protected), items, threads).expect("in memory")
        };
        let one = summary(1);
        assert_eq!(one.lines, 20_000);
        let every = std::thread::available_parallelism().map_or(1, usize::from);
        let pinned = (1..=1024).find(|&threads| crate::batch::pinning::processors_for(threads).is_some());
        for threads in pinned.into_iter().chain([every, every + 1, 2]).filter(|&threads| threads > 1) {
            let before = PINNED.load(Ordering::Relaxed);
            assert_eq!(summary(threads), one, "{threads} threads");
            // No other test pins: the count grew by a thread for each processor, or not at all.
            let kept = PINNED.load(Ordering::Relaxed) - before;
            assert_eq!(
                kept,
                if Some(threads) == pinned { threads } else { 0 },
                "{threads} threads: pinned"
            );
        }
    }
}
