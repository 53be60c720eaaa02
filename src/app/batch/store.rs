//! The batch records as the worker delivered them: chunks of
//! [`CHUNK`] records, never copied or regrown, so a million rows
//! cost what they hold and no more (a single growing `Vec` would reallocate
//! and could hold up to twice the memory). Chunks are shared (`Arc`), so an
//! export thread can hold the records while the window goes on.

use crate::batch::Record;
use std::sync::Arc;

/// Records per chunk: small enough for a frame to take in at once.
pub const CHUNK: usize = 4096;

/// One delivery of the worker.
#[derive(Default)]
pub struct Chunk {
    pub records: Vec<Record>,
    /// Per record, whether the comparison profiles disagree on it; empty when
    /// the run did not compare profiles (one byte per record when it did).
    pub disagree: Vec<bool>,
    /// The code points first met in the run in this chunk, each with the
    /// index of its record in the chunk (for [`super::glyphs`]).
    pub new_chars: Vec<(char, u32)>,
}

#[derive(Clone, Default)]
pub struct RecordStore {
    /// Every chunk but the last is exactly `CHUNK` long.
    chunks: Vec<Arc<Chunk>>,
    len: usize,
}

impl RecordStore {
    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends a chunk. Only the last chunk of a run may be shorter than `CHUNK`.
    pub fn push_chunk(&mut self, mut chunk: Chunk) {
        debug_assert!(self.chunks.last().is_none_or(|last| last.records.len() == CHUNK));
        debug_assert!(chunk.disagree.is_empty() || chunk.disagree.len() == chunk.records.len());
        chunk.records.shrink_to_fit();
        chunk.disagree.shrink_to_fit();
        self.len += chunk.records.len();
        self.chunks.push(Arc::new(chunk));
    }

    /// The record at `index` (0-based, in input order).
    pub fn get(&self, index: usize) -> &Record {
        &self.chunks[index / CHUNK].records[index % CHUNK]
    }

    /// Whether the profiles disagree on the record at `index`; `None` when
    /// the run did not compare profiles.
    pub fn disagree(&self, index: usize) -> Option<bool> {
        self.chunks[index / CHUNK].disagree.get(index % CHUNK).copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Record> {
        self.chunks.iter().flat_map(|chunk| chunk.records.iter())
    }
}

impl std::ops::Index<usize> for RecordStore {
    type Output = Record;

    fn index(&self, index: usize) -> &Record {
        self.get(index)
    }
}
