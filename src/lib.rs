//! idna-inspector's front ends: the batch over a file, the report, the
//! text of `explain`, and (with the `gui` feature) the desktop window. The
//! engine (`idna-inspector-core`: UTS #46, Punycode, the trace) and the
//! analysis (`idna-inspector-analysis`: browsers, profiles, spoof check,
//! LGRs) are re-exported here under their module names.
//!
//! ```
//! use idna_inspector::uts46::{Options, Uts46};
//! let results = Uts46::new().process("faß.de", &Options::default());
//! assert_eq!(results.to_ascii_n.value, "xn--fa-hia.de");
//! assert_eq!(results.to_ascii_t.value, "fass.de");
//! ```

#![warn(missing_docs)]
// Safe Rust throughout, but for the one module that asks Linux to keep a
// thread on a processor (`batch::pinning`).
#![deny(unsafe_code)]

#[cfg(feature = "gui")]
pub mod app;
pub mod audit;
pub mod batch;
pub mod explain;
pub mod report;
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub mod test_needs;
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub mod testing;

pub use idna_inspector_analysis::{about, browsers, display, lgr, lookalikes, pasted, profiles, registry, runtimes, spoof};
pub use idna_inspector_core::{names, properties, punycode, table, uts46};
// The engine's byte scans, shared with its crate.
use idna_inspector_core::scan;

pub use table::MappingTable;
pub use uts46::{Options, Preset, Results, Uts46};
