//! The conversion of a file in the background. On the desktop one thread
//! reads, converts with the same [`convert_each_parallel`] the CLI uses (on
//! every core but one, kept for the window), copies each record out of the
//! loop's reused buffer, and hands them to the window in chunks, so the
//! window never waits on the file. The web page has no threads: there the
//! same [`convert_each`] runs a slice of the file per frame, from a reader
//! that pauses ([`ItemReader::pause_after`]), and the page stays responsive.

use super::glyphs;
use super::settings::BatchSettings;
use super::store::{CHUNK, Chunk};
use crate::batch::{InputFormat, ItemReader, RecordBuf};
use crate::profiles;
use eframe::egui;
use std::io::{self, BufRead, BufReader};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use web_time::{Duration, Instant};

/// What the worker sends.
pub enum Message {
    /// The next records in input order (with their profile verdicts when the run compares profiles).
    Records(Chunk),
    /// The input ended (or the job was cancelled), `elapsed` after the worker started.
    Finished { cancelled: bool, elapsed: Duration },
    /// The file could not be opened or read; records sent so far stay.
    Failed(String),
}

/// The file a batch reads: a path on the desktop, or the bytes of a file
/// the user picked or dropped in the web page (a page cannot open paths).
#[derive(Clone, Debug)]
pub enum BatchFile {
    /// A file on disk.
    Path(PathBuf),
    /// A file's contents, with its name (no folder: a page is not told it).
    Bytes {
        /// The file's name.
        name: String,
        /// Its contents.
        bytes: Arc<[u8]>,
    },
}

impl BatchFile {
    /// The file's name, without its folder.
    pub fn name(&self) -> String {
        match self {
            BatchFile::Path(path) => path
                .file_name()
                .map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned()),
            BatchFile::Bytes { name, .. } => name.clone(),
        }
    }

    /// The name to show on hover and in messages: the whole path where there is one.
    pub fn full_name(&self) -> String {
        match self {
            BatchFile::Path(path) => path.display().to_string(),
            BatchFile::Bytes { name, .. } => name.clone(),
        }
    }

    /// Its size in bytes (0 when a file's size cannot be read).
    pub fn size(&self) -> u64 {
        match self {
            BatchFile::Path(path) => std::fs::metadata(path).map_or(0, |m| m.len()),
            BatchFile::Bytes { bytes, .. } => bytes.len() as u64,
        }
    }

    /// A reader of its contents. Errors: the file cannot be opened.
    pub fn open(&self) -> io::Result<Box<dyn BufRead + Send>> {
        Ok(match self {
            BatchFile::Path(path) => Box::new(BufReader::with_capacity(1 << 16, std::fs::File::open(path)?)),
            BatchFile::Bytes { bytes, .. } => Box::new(io::Cursor::new(Arc::clone(bytes))),
        })
    }
}

/// A running (or finished) conversion of one file.
pub struct Job {
    pub file: BatchFile,
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
    /// The page's conversion, a slice per frame (no threads on the web).
    #[cfg(target_arch = "wasm32")]
    sliced: Option<Sliced>,
}

impl Job {
    /// Starts converting `path` laid out as `format`, with `settings` (options,
    /// table, protected names for the spoof check). `ctx` is asked to repaint on news.
    pub fn start(file: BatchFile, format: InputFormat, settings: BatchSettings, ctx: egui::Context) -> Job {
        let total_bytes = file.size();
        let bytes_read = Arc::new(AtomicU64::new(0));
        let cancel = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel();
        let worker = Worker {
            file: file.clone(),
            format,
            settings,
            bytes_read: Arc::clone(&bytes_read),
            cancel: Arc::clone(&cancel),
            sender,
            ctx,
        };
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::Builder::new()
            .name("batch".into())
            .spawn(move || worker.run())
            .expect("spawning a thread");
        Job {
            file,
            total_bytes,
            started: Instant::now(),
            bytes_read,
            cancel,
            receiver,
            finished_after: None,
            cancelled: false,
            #[cfg(target_arch = "wasm32")]
            sliced: Some(Sliced::new(worker)),
        }
    }

    /// Asks the worker to stop; the records so far stay.
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    pub fn is_running(&self) -> bool {
        self.finished_after.is_none()
    }

    /// The messages that arrived since the last call. On the web page this
    /// converts the next slice of the file first (about a frame's worth).
    pub fn poll(&mut self) -> Vec<Message> {
        #[cfg(target_arch = "wasm32")]
        if let Some(sliced) = &mut self.sliced
            && sliced.step(Duration::from_millis(12))
        {
            self.sliced = None;
        }
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
    file: BatchFile,
    format: InputFormat,
    settings: BatchSettings,
    bytes_read: Arc<AtomicU64>,
    cancel: Arc<AtomicBool>,
    sender: mpsc::Sender<Message>,
    ctx: egui::Context,
}

impl Worker {
    #[cfg(not(target_arch = "wasm32"))]
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
    #[cfg(not(target_arch = "wasm32"))]
    fn convert(&self) -> Result<bool, String> {
        let engine = self.settings.engine();
        let name = self.file.full_name();
        let input = self.file.open().map_err(|e| format!("Cannot open {name}: {e}"))?;
        let items = ItemReader::new(input, &self.format).map_err(|e| format!("Cannot read {name}: {e}"))?;
        let mut taker = Taker::new(self.settings.compare_profiles);
        let (options, protected) = (&self.settings.options, Some(&*self.settings.protected));
        // A converting thread per core but one, which the window keeps (with one
        // core left, this thread converts alone, as the CLI's --threads 1).
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        let threads = std::num::NonZeroUsize::new(cores - 1).unwrap_or(std::num::NonZeroUsize::MIN);
        let converted = crate::batch::convert_each_parallel(&engine, options, protected, items, threads, |record, bytes_read| {
            Ok(self.take(&mut taker, &engine, record, bytes_read))
        });
        // Records before a read error are kept, like those before a cancel.
        self.bytes_read.store(taker.last_bytes_read, Ordering::Relaxed);
        self.send(&mut taker.chunk);
        converted.map_err(|e| format!("Reading {name} failed: {e}"))?;
        Ok(taker.cancelled)
    }

    /// Keeps one record: copies it into the chunk (with its profile verdict
    /// when the run compares profiles), sends full chunks; breaks on Cancel.
    fn take(&self, taker: &mut Taker, engine: &crate::uts46::Uts46<'_>, record: &RecordBuf, bytes_read: u64) -> ControlFlow<()> {
        let chunk = &mut taker.chunk;
        if self.settings.compare_profiles {
            let disagree = record.note().is_none() && profiles::disagree(engine, record.input(), &self.settings.options);
            chunk.disagree.push(disagree);
        }
        glyphs::note_new_chars(&mut taker.met, record, chunk.records.len() as u32, &mut chunk.new_chars);
        chunk.records.push(record.to_record());
        taker.last_bytes_read = bytes_read;
        if chunk.records.len() == CHUNK {
            self.bytes_read.store(bytes_read, Ordering::Relaxed);
            self.send(chunk);
        }
        taker.cancelled = self.cancel.load(Ordering::Relaxed);
        if taker.cancelled {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
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

/// What the conversion keeps between records: the chunk being filled and
/// the code points met so far (the window makes their glyphs ahead of scrolling).
struct Taker {
    chunk: Chunk,
    met: glyphs::CharSet,
    cancelled: bool,
    last_bytes_read: u64,
}

impl Taker {
    fn new(compare_profiles: bool) -> Taker {
        Taker {
            chunk: new_chunk(compare_profiles),
            met: glyphs::CharSet::default(),
            cancelled: false,
            last_bytes_read: 0,
        }
    }
}

/// The web page's conversion: the reader and what was taken so far, kept
/// between frames.
#[cfg(target_arch = "wasm32")]
struct Sliced {
    worker: Worker,
    /// `None` until the first step opens the file; an error ends the job there.
    items: Option<ItemReader<Box<dyn BufRead + Send>>>,
    taker: Taker,
    started: Instant,
}

#[cfg(target_arch = "wasm32")]
impl Sliced {
    /// Items converted between looks at the clock.
    const SLICE: u64 = 256;

    fn new(worker: Worker) -> Sliced {
        let taker = Taker::new(worker.settings.compare_profiles);
        Sliced {
            worker,
            items: None,
            taker,
            started: Instant::now(),
        }
    }

    /// Converts slices of the file for about `budget`; true when the job
    /// ended (its last message sent).
    fn step(&mut self, budget: Duration) -> bool {
        let worker = &self.worker;
        let name = worker.file.full_name();
        if self.items.is_none() {
            let opened = worker.file.open().and_then(|input| ItemReader::new(input, &worker.format));
            match opened {
                Ok(items) => self.items = Some(items),
                Err(error) => {
                    let _ = worker.sender.send(Message::Failed(format!("Cannot read {name}: {error}")));
                    return true;
                }
            }
        }
        let items = self.items.as_mut().expect("opened above");
        let engine = worker.settings.engine();
        let (options, protected) = (&worker.settings.options, Some(&*worker.settings.protected));
        let until = Instant::now() + budget;
        let mut ended = false;
        while !ended && Instant::now() < until {
            items.pause_after(Self::SLICE);
            let taker = &mut self.taker;
            let converted = crate::batch::convert_each(&engine, options, protected, items, |record, bytes_read| {
                Ok(worker.take(taker, &engine, record, bytes_read))
            });
            worker.bytes_read.store(self.taker.last_bytes_read, Ordering::Relaxed);
            if let Err(error) = converted {
                worker.send(&mut self.taker.chunk);
                let _ = worker.sender.send(Message::Failed(format!("Reading {name} failed: {error}")));
                return true;
            }
            ended = self.taker.cancelled || !items.paused();
        }
        // Each frame shows what was converted so far.
        worker.send(&mut self.taker.chunk);
        if ended {
            let _ = worker.sender.send(Message::Finished {
                cancelled: self.taker.cancelled,
                elapsed: self.started.elapsed(),
            });
        }
        worker.ctx.request_repaint();
        ended
    }
}

fn new_chunk(compare_profiles: bool) -> Chunk {
    Chunk {
        records: Vec::with_capacity(CHUNK),
        disagree: Vec::with_capacity(if compare_profiles { CHUNK } else { 0 }),
        new_chars: Vec::new(),
    }
}
