//! Writing the batch rows to a file on a background thread, and the
//! outcome for the status line; on the web page, into bytes to download.

use super::settings::BatchSettings;
use super::store::RecordStore;
use crate::app::widgets::thousands;
use crate::batch::{Format, Record, RecordWriter};
use crate::profiles::Profile;
use eframe::egui;
use std::path::{Path, PathBuf};
use std::sync::mpsc;

/// What one export writes.
pub struct ExportRows<'a> {
    pub records: &'a RecordStore,
    /// Indices into `records`, in display order (`None`: every record, in input order).
    pub rows: Option<&'a [u32]>,
    /// What the records were computed with (`None`: no profile columns).
    pub run: Option<&'a BatchSettings>,
    /// The profile columns to add.
    pub profiles: &'a [Profile],
}

/// The export in progress or the last one's outcome.
#[derive(Default)]
pub struct Export {
    /// An export writing in the background: its file and where its outcome arrives.
    pending: Option<(PathBuf, mpsc::Receiver<std::io::Result<usize>>)>,
    /// The last export's outcome, for the status line.
    pub message: Option<String>,
}

impl Export {
    /// Starts writing `what` to `path` (JSONL for a `.jsonl`/`.json` name,
    /// TSV for `.tsv`, CSV otherwise; CSV/TSV formula-safe) on a background
    /// thread; [`Export::poll`] takes the outcome in.
    pub fn start(&mut self, path: &Path, what: ExportRows, ctx: &egui::Context) {
        let format = match path.extension().and_then(|e| e.to_str()) {
            Some("jsonl" | "json") => Format::Jsonl,
            Some("tsv") => Format::Tsv,
            _ => Format::Csv,
        };
        // The chunks are shared, not copied: the window goes on while the thread writes.
        let records = what.records.clone();
        let rows = what.rows.map(<[u32]>::to_vec);
        let (run, profiles) = (what.run.cloned(), what.profiles.to_vec());
        let (sender, receiver) = mpsc::channel();
        let (target, ctx) = (path.to_path_buf(), ctx.clone());
        let write = move || {
            let written = std::fs::File::create(&target).and_then(|file| {
                let file = std::io::BufWriter::new(file);
                write_rows(file, format, &records, rows.as_deref(), (run.as_ref(), &profiles))
            });
            let _ = sender.send(written);
            ctx.request_repaint();
        };
        #[cfg(not(target_arch = "wasm32"))]
        std::thread::spawn(write);
        // The page has no threads, and no file system to write to.
        #[cfg(target_arch = "wasm32")]
        write();
        self.message = Some(format!("Exporting to {}…", path.display()));
        self.pending = Some((path.to_path_buf(), receiver));
    }

    /// Takes in the outcome of a finished export; `Err` carries the failure
    /// to show in a dialog.
    pub fn poll(&mut self) -> Result<(), String> {
        let Some((path, receiver)) = &self.pending else {
            return Ok(());
        };
        let Ok(result) = receiver.try_recv() else { return Ok(()) };
        let path = path.clone();
        self.pending = None;
        match result {
            Ok(rows) => {
                self.message = Some(format!("Exported {} rows to {}", thousands(rows as u64), path.display()));
                Ok(())
            }
            Err(error) => {
                self.message = None;
                Err(format!("Export to {} failed: {error}", path.display()))
            }
        }
    }
}

/// `what` in `format` as bytes (the web page's download); with the number of rows.
/// Errors: writing a record failed.
#[cfg(target_arch = "wasm32")]
pub fn rows_bytes(format: Format, what: &ExportRows) -> std::io::Result<(Vec<u8>, usize)> {
    let mut bytes = Vec::new();
    let written = write_rows(&mut bytes, format, what.records, what.rows, (what.run, what.profiles))?;
    Ok((bytes, written))
}

/// Writes `rows` (indices into `records`; all records when `None`) to
/// `file`, with the columns of `profiles` computed with `run`'s engine and
/// options (as the CLI's `batch --profile` does); returns how many were written.
fn write_rows(
    file: impl std::io::Write,
    format: Format,
    records: &RecordStore,
    rows: Option<&[u32]>,
    (run, profiles): (Option<&BatchSettings>, &[Profile]),
) -> std::io::Result<usize> {
    let spoof = records.iter().any(|record| record.spoof().is_some());
    let profiles = if run.is_some() { profiles } else { &[] };
    let mut writer = RecordWriter::with_profiles(format, file, spoof, profiles)?.formula_safe(true);
    let engine = run.map(BatchSettings::engine);
    let mut written = 0;
    let mut write = |record: &Record| {
        written += 1;
        let columns = match (&engine, run) {
            (Some(engine), Some(run)) => crate::batch::profile_columns_for(engine, &run.options, record, profiles),
            _ => None,
        };
        writer.write_with_profiles(record, columns.as_ref())
    };
    match rows {
        Some(rows) => rows.iter().try_for_each(|&index| write(&records[index as usize]))?,
        None => records.iter().try_for_each(write)?,
    }
    writer.finish()?;
    Ok(written)
}
