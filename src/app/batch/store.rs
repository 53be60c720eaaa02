//! The batch records as the worker delivered them: chunks of
//! [`super::job::CHUNK`] records, never copied or regrown, so a million rows
//! cost what they hold and no more (a single growing `Vec` would reallocate
//! and could hold up to twice the memory). Chunks are shared (`Arc`), so an
//! export thread can hold the records while the window goes on.

use super::job::CHUNK;
use crate::batch::Record;
use std::sync::Arc;

#[derive(Clone, Default)]
pub struct RecordStore {
    /// Every chunk but the last is exactly `CHUNK` long.
    chunks: Vec<Arc<Vec<Record>>>,
    len: usize,
}

impl RecordStore {
    pub fn len(&self) -> usize {
        self.len
    }

    /// Appends a chunk. Only the last chunk of a run may be shorter than `CHUNK`.
    pub fn push_chunk(&mut self, mut chunk: Vec<Record>) {
        debug_assert!(self.chunks.last().is_none_or(|last| last.len() == CHUNK));
        chunk.shrink_to_fit();
        self.len += chunk.len();
        self.chunks.push(Arc::new(chunk));
    }

    /// The record at `index` (0-based, in input order).
    pub fn get(&self, index: usize) -> &Record {
        &self.chunks[index / CHUNK][index % CHUNK]
    }

    pub fn iter(&self) -> impl Iterator<Item = &Record> {
        self.chunks.iter().flat_map(|chunk| chunk.iter())
    }
}

impl std::ops::Index<usize> for RecordStore {
    type Output = Record;

    fn index(&self, index: usize) -> &Record {
        self.get(index)
    }
}
