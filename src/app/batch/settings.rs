//! What a batch run is computed with, and when its records go stale.

use crate::spoof::ProtectedList;
use crate::table::MappingTable;
use crate::uts46::{Options, Uts46};
use std::sync::Arc;

/// What a batch run is computed with.
#[derive(Clone)]
pub struct BatchSettings {
    pub options: Options,
    /// The loaded table (`None`: the bundled one).
    pub table: Option<Arc<MappingTable>>,
    /// The names the spoof check compares with.
    pub protected: Arc<ProtectedList>,
    /// The table's and the protected list's generation numbers.
    pub generation: (u64, u64),
    /// Run the comparison profiles on every line, for the "profiles disagree"
    /// filter (set by the view when the user asks for profile columns).
    pub compare_profiles: bool,
}

impl BatchSettings {
    /// The engine on the loaded table, or the bundled one.
    pub(super) fn engine(&self) -> Uts46<'_> {
        match &self.table {
            Some(table) => Uts46::with_table(table),
            None => Uts46::new(),
        }
    }

    /// What decides whether records are stale.
    pub(super) fn key(&self) -> (Options, (u64, u64)) {
        (self.options, self.generation)
    }
}
