//! Which mapping table the engine uses: the bundled one, or one loaded at
//! run time from a folder (File → Load tables…).

use crate::table::{MappingTable, TableSource};
use crate::uts46::Uts46;
use std::path::Path;
use std::sync::Arc;

/// The table in use, with a generation number that changes on every switch
/// (so cached inspections know they are stale).
#[derive(Default)]
pub struct Tables {
    /// Shared so a background batch job can use it while the window goes on.
    loaded: Option<Arc<MappingTable>>,
    generation: u64,
    /// The result of the last load attempt, for the status bar.
    pub message: Option<String>,
}

impl Tables {
    /// The engine over the current table.
    pub fn engine(&self) -> Uts46<'_> {
        match &self.loaded {
            Some(table) => Uts46::with_table(table),
            None => Uts46::new(),
        }
    }

    /// The loaded table for a background thread (`None`: the bundled one).
    pub fn shared(&self) -> Option<Arc<MappingTable>> {
        self.loaded.clone()
    }

    /// Changes whenever the table does.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Loads `IdnaMappingTable.txt` from `path` (a file, a folder, or a folder's `idna/`).
    /// On failure the current table stays and the message says why.
    pub fn load(&mut self, path: &Path) {
        match MappingTable::from_path(path) {
            Ok(table) => {
                self.message = Some(format!("Loaded Unicode {} from {}", table.version(), path.display()));
                self.loaded = Some(Arc::new(table));
                self.generation += 1;
            }
            Err(error) => self.message = Some(format!("Could not load tables: {error}")),
        }
    }

    /// Goes back to the bundled table.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn use_bundled(&mut self) {
        if self.loaded.take().is_some() {
            self.generation += 1;
        }
        self.message = None;
    }

    /// "Unicode 16.0.0 (bundled, 2024-…)" for the status bar; for a loaded
    /// table also whether its UCD files gave the character properties.
    pub fn describe(&self) -> String {
        let table = self.engine().table();
        let origin = match table.source() {
            TableSource::Bundled => "bundled".to_string(),
            TableSource::File(path) => path.display().to_string(),
        };
        let properties = match table.source() {
            TableSource::Bundled => String::new(),
            TableSource::File(_) => {
                let sources = table.properties().sources();
                let loaded = sources.iter().filter(|s| s.from_file).count();
                match loaded {
                    0 => " · properties: bundled libraries (no UCD files beside the table)".to_string(),
                    n if n == sources.len() => format!(" · properties: UCD {}", table.version()),
                    n => format!(
                        " · properties: {n} of {} from UCD {}, the rest bundled",
                        sources.len(),
                        table.version()
                    ),
                }
            }
        };
        format!(
            "Mapping table: Unicode {} ({origin}, {}){properties}",
            table.version(),
            table.date()
        )
    }
}
