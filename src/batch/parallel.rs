//! Blocks of items converted on several threads, the records handed on in
//! input order: the same [`convert_item`] per item as the one-thread loop,
//! so the output is the same byte for byte.

use super::{Item, ItemReader, RecordBuf, Summary, convert_item};
use crate::spoof::{ProtectedList, Summarizer};
use crate::uts46::{Options, Uts46};
use std::any::Any;
use std::collections::BTreeMap;
use std::io::{self, BufRead};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{Receiver, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};

/// Items a block holds at most: enough to keep a thread busy for well over
/// the cost of handing the block on, few enough that the blocks in flight
/// stay small.
const BLOCK_ITEMS: usize = 1024;
/// Bytes of item text a block holds at most (long lines fill a block sooner).
const BLOCK_BYTES: usize = 256 * 1024;

/// One item of a block, its text at `start..end` of the block's buffers.
struct Stored {
    line: u64,
    kind: Kind,
    start: usize,
    end: usize,
    /// The reader's position after this item (progress, as the one-thread loop reports it).
    bytes_read: u64,
}

enum Kind {
    /// UTF-8 text, in `Block::text`.
    Text,
    /// Bytes that are not UTF-8, in `Block::bytes`.
    NotUtf8,
    /// The kept prefix of an over-long line (in `Block::bytes`) and its full length.
    TooLong(u64),
    /// A CSV/TSV row with this many fields, too few for the column.
    MissingColumn(usize),
}

/// Items read in order, owned so that another thread can convert them, with
/// one record buffer per item (kept across uses, as the one-thread loop keeps
/// its one) and the records' summary, counted by the converting thread.
#[derive(Default)]
struct Block {
    text: String,
    bytes: Vec<u8>,
    items: Vec<Stored>,
    records: Vec<RecordBuf>,
    summary: Summary,
}

impl Block {
    /// Empties the block and reads up to [`BLOCK_ITEMS`] items (or
    /// [`BLOCK_BYTES`]) into it; empty at the end of the input.
    fn fill<R: BufRead>(&mut self, reader: &mut ItemReader<R>) -> io::Result<()> {
        self.text.clear();
        self.bytes.clear();
        self.items.clear();
        while self.items.len() < BLOCK_ITEMS && self.text.len() + self.bytes.len() < BLOCK_BYTES {
            let Some(item) = reader.next_item()? else {
                break;
            };
            let (line, kind, start, end) = match item {
                Item::Text { line, text } => {
                    let start = self.text.len();
                    self.text.push_str(text);
                    (line, Kind::Text, start, self.text.len())
                }
                Item::NotUtf8 { line, bytes } => {
                    let start = self.bytes.len();
                    self.bytes.extend_from_slice(bytes);
                    (line, Kind::NotUtf8, start, self.bytes.len())
                }
                Item::TooLong { line, prefix, bytes } => {
                    let start = self.bytes.len();
                    self.bytes.extend_from_slice(prefix);
                    (line, Kind::TooLong(bytes), start, self.bytes.len())
                }
                Item::MissingColumn { line, fields } => (line, Kind::MissingColumn(fields), 0, 0),
            };
            let bytes_read = reader.bytes_read();
            self.items.push(Stored {
                line,
                kind,
                start,
                end,
                bytes_read,
            });
        }
        Ok(())
    }

    /// The `index`th item as the reader gave it.
    fn item(&self, index: usize) -> Item<'_> {
        let Stored {
            line,
            ref kind,
            start,
            end,
            ..
        } = self.items[index];
        match *kind {
            Kind::Text => Item::Text {
                line,
                text: &self.text[start..end],
            },
            Kind::NotUtf8 => Item::NotUtf8 {
                line,
                bytes: &self.bytes[start..end],
            },
            Kind::TooLong(bytes) => Item::TooLong {
                line,
                prefix: &self.bytes[start..end],
                bytes,
            },
            Kind::MissingColumn(fields) => Item::MissingColumn { line, fields },
        }
    }

    /// Converts every item into its record, and counts the records.
    fn convert(&mut self, engine: &Uts46<'_>, options: &Options, skip_comments: bool, mut spoof: Option<&mut Summarizer<'_>>) {
        if self.records.len() < self.items.len() {
            self.records.resize_with(self.items.len(), RecordBuf::new);
        }
        let mut records = std::mem::take(&mut self.records);
        self.summary = Summary::default();
        for (index, record) in records.iter_mut().enumerate().take(self.items.len()) {
            convert_item(
                engine,
                options,
                &self.item(index),
                skip_comments,
                spoof.as_deref_mut(),
                record,
            );
            self.summary.add(record);
        }
        self.records = records;
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
    items: ItemReader<R>,
    threads: NonZeroUsize,
    each: impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    if threads.get() == 1 {
        return super::convert_each(engine, options, spoof, items, each);
    }
    let skip_comments = items.skips_comments();
    let (work_sender, work) = sync_channel::<(u64, Block)>(threads.get());
    let work = Arc::new(Mutex::new(work));
    let (done_sender, done) = channel::<Converted>();
    std::thread::scope(|scope| {
        for _ in 0..threads.get() {
            let work = Arc::clone(&work);
            let done_sender = done_sender.clone();
            scope.spawn(move || {
                // Each thread remembers the names it has summarized.
                let mut summarizer = spoof.map(Summarizer::new);
                loop {
                    // The lock is held only while taking the next block.
                    let next = work.lock().ok().and_then(|work| work.recv().ok());
                    let Some((number, mut block)) = next else {
                        break;
                    };
                    // A panic goes back to the calling thread, which would otherwise wait for the block.
                    let converted = panic::catch_unwind(AssertUnwindSafe(|| {
                        block.convert(engine, options, skip_comments, summarizer.as_mut());
                    }))
                    .map(|()| (number, block));
                    if done_sender.send(converted).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_sender);
        hand_on_in_order(items, work_sender, &done, threads.get() * 2, each)
    })
}

/// A converted block and its number, or the panic that stopped its conversion.
type Converted = Result<(u64, Block), Box<dyn Any + Send>>;

/// The calling thread's part: keeps up to `in_flight` blocks with the
/// converting threads and hands their records to `each` in block order.
/// Dropping `work` on return lets the converting threads finish.
fn hand_on_in_order<R: BufRead>(
    mut items: ItemReader<R>,
    work: SyncSender<(u64, Block)>,
    done: &Receiver<Converted>,
    in_flight: usize,
    mut each: impl FnMut(&RecordBuf, u64) -> io::Result<ControlFlow<()>>,
) -> io::Result<Summary> {
    let mut summary = Summary::default();
    let mut spare: Vec<Block> = Vec::new();
    let mut waiting: BTreeMap<u64, Block> = BTreeMap::new();
    let (mut sent, mut next) = (0u64, 0u64);
    let mut at_end = false;
    loop {
        while !at_end && sent - next < in_flight as u64 {
            let mut block = spare.pop().unwrap_or_default();
            block.fill(&mut items)?;
            if block.items.is_empty() {
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
            for (index, (record, item)) in block.records.iter().zip(&block.items).enumerate() {
                if each(record, item.bytes_read)?.is_break() {
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
