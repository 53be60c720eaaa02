//! idna-inspector's conversion core: Punycode (RFC 3492) and UTS #46
//! processing with an optional step-by-step trace, plus the batch record
//! format shared by the CLI and the GUI. No GUI dependency.
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

pub mod about;
#[cfg(feature = "gui")]
pub mod app;
pub mod batch;
pub mod browsers;
mod decoded;
pub mod display;
pub mod explain;
pub mod lgr;
pub(crate) mod memo;
pub mod names;
pub mod profiles;
pub mod properties;
pub mod punycode;
pub mod registry;
pub mod report;
mod scan;
pub mod spoof;
pub mod table;
#[doc(hidden)]
pub mod test_needs;
#[doc(hidden)]
pub mod testing;
pub mod uts46;

pub use table::MappingTable;
pub use uts46::{Options, Preset, Results, Uts46};
