//! The background conversion of a file: one thread reads, converts with the
//! same [`convert_each_parallel`] the CLI uses (on every core but one, kept
//! for the window), copies each record out of the loop's reused buffer, and
//! hands them to the window in chunks, so the window never waits on the file.

use super::glyphs;
use super::settings::BatchSettings;
use super::store::{CHUNK, Chunk};
use crate::batch::{InputFormat, ItemReader, convert_each_parallel};
use crate::profiles;
use eframe::egui;
use std::io::BufReader;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

/// What the worker sends.
pub enum Message {
    /// The next records in input order (with their profile verdicts when the run compares profiles).
    Records(Chunk),
    /// The input ended (or the job was cancelled), `elapsed` after the worker started.
    Finished { cancelled: bool, elapsed: Duration },
    /// The file could not be opened or read; records sent so far stay.
    Failed(String),
}

/// A running (or finished) conversion of one file.
pub struct Job {
    pub path: PathBuf,
    pub total_bytes: u64,
    pub started: Instant,
    /// Bytes of the file read so far (written by the worker, read by the window).
    pub bytes_read: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    receiver: mpsc::Receiver<Message>,
    /// Set when the worker reported its end: the elapsed time.
    pub finished_after: Option<Duration>,
    /// The worker stopped because Cancel was pressed.
    pub cancelled: bool,
}

impl Job {
    /// Starts converting `path` laid out as `format`, with `settings` (options,
    /// table, protected names for the spoof check). `ctx` is asked to repaint on news.
    pub fn start(path: PathBuf, format: InputFormat, settings: BatchSettings, ctx: egui::Context) -> Job {
        let total_bytes = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let bytes_read = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel();
        let worker = Worker {
            path: path.clone(),
            format,
            settings,
            bytes_read: Arc::clone(&bytes_read),
            cancel: Arc::clone(&cancel),
            sender,
            ctx,
        };
        std::thread::Builder::new()
            .name("batch".into())
            .spawn(move || worker.run())
            .expect("spawning a thread");
        Job {
            path,
            total_bytes,
            started: Instant::now(),
            bytes_read,
            cancel,
            receiver,
            finished_after: None,
            cancelled: false,
        }
    }

    /// Asks the worker to stop; the records so far stay.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_running(&self) -> bool {
        self.finished_after.is_none()
    }

    /// The messages that arrived since the last call.
    pub fn poll(&mut self) -> Vec<Message> {
        let messages: Vec<Message> = self.receiver.try_iter().collect();
        for message in &messages {
            match message {
                Message::Finished { cancelled, elapsed } => {
                    self.cancelled = *cancelled;
                    // The worker's own time: the window may notice the end a frame later.
                    self.finished_after = Some(*elapsed);
                }
                Message::Failed(_) => self.finished_after = Some(self.started.elapsed()),
                Message::Records(..) => {}
            }
        }
        messages
    }
}

struct Worker {
    path: PathBuf,
    format: InputFormat,
    settings: BatchSettings,
    bytes_read: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    sender: mpsc::Sender<Message>,
    ctx: egui::Context,
}

impl Worker {
    fn run(self) {
        let started = Instant::now();
        let message = match self.convert() {
            Ok(cancelled) => Message::Finished {
                cancelled,
                elapsed: started.elapsed(),
            },
            Err(error) => Message::Failed(error),
        };
        let _ = self.sender.send(message);
        self.ctx.request_repaint();
    }

    /// Converts the whole file; returns whether it was cancelled.
    fn convert(&self) -> Result<bool, String> {
        let engine = self.settings.engine();
        let file = std::fs::File::open(&self.path).map_err(|e| format!("Cannot open {}: {e}", self.path.display()))?;
        let reader = BufReader::with_capacity(1 << 16, file);
        let items = ItemReader::new(reader, &self.format).map_err(|e| format!("Cannot read {}: {e}", self.path.display()))?;
        let mut chunk = new_chunk(self.settings.compare_profiles);
        // The code points met so far: the window makes their glyphs ahead of scrolling.
        let mut met = glyphs::CharSet::default();
        let (mut cancelled, mut last_bytes_read) = (false, 0);
        let (options, protected) = (&self.settings.options, Some(&*self.settings.protected));
        // A converting thread per core but one, which the window keeps (with one
        // core left, this thread converts alone, as the CLI's --threads 1).
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        let threads = std::num::NonZeroUsize::new(cores - 1).unwrap_or(std::num::NonZeroUsize::MIN);
        let converted = convert_each_parallel(&engine, options, protected, items, threads, |record, bytes_read| {
            if self.settings.compare_profiles {
                let disagree = record.note().is_none() && profiles::disagree(&engine, record.input(), options);
                chunk.disagree.push(disagree);
            }
            glyphs::note_new_chars(&mut met, record, chunk.records.len() as u32, &mut chunk.new_chars);
            chunk.records.push(record.to_record());
            last_bytes_read = bytes_read;
            if chunk.records.len() == CHUNK {
                self.bytes_read.store(bytes_read, Ordering::Relaxed);
                self.send(&mut chunk);
            }
            cancelled = self.cancel.load(Ordering::Relaxed);
            Ok(if cancelled {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        });
        // Records before a read error are kept, like those before a cancel.
        self.bytes_read.store(last_bytes_read, Ordering::Relaxed);
        self.send(&mut chunk);
        converted.map_err(|e| format!("Reading {} failed: {e}", self.path.display()))?;
        Ok(cancelled)
    }

    fn send(&self, chunk: &mut Chunk) {
        if chunk.records.is_empty() {
            return;
        }
        let full = std::mem::replace(chunk, new_chunk(self.settings.compare_profiles));
        let _ = self.sender.send(Message::Records(full));
        self.ctx.request_repaint();
    }
}

fn new_chunk(compare_profiles: bool) -> Chunk {
    Chunk {
        records: Vec::with_capacity(CHUNK),
        disagree: Vec::with_capacity(if compare_profiles { CHUNK } else { 0 }),
        new_chars: Vec::new(),
    }
}
