//! idna-inspector: what the engine (the `idna-inspector-core` crate:
//! UTS #46, Punycode, the trace, re-exported here) makes of a name, viewed
//! as the browsers, the URL Standard, the other IDNA profiles, a spoof
//! check and a registry's rules see it; the batch over a file, the report,
//! and (with the `gui` feature) the desktop window.
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

/// A `[bool; 128]` made at compile time: `$answer` for each ASCII byte
/// bound to `$byte` (a `u8`), as the parsers' per-byte tables are made from
/// their character tests.
macro_rules! ascii_table {
    (|$byte:ident| $answer:expr) => {{
        let mut table = [false; 128];
        let mut index = 0;
        while index < 128 {
            let $byte = index as u8;
            table[index] = $answer;
            index += 1;
        }
        table
    }};
}
pub(crate) use ascii_table;

pub mod about;
#[cfg(feature = "gui")]
pub mod app;
pub mod batch;
pub mod browsers;
pub(crate) mod chars;
pub mod display;
pub mod explain;
pub(crate) mod facts;
pub mod lgr;
pub(crate) mod memo;
pub mod profiles;
pub mod registry;
pub mod report;
pub mod spoof;
#[doc(hidden)]
pub mod test_needs;
#[doc(hidden)]
pub mod testing;

pub use idna_inspector_core::{names, properties, punycode, table, uts46};
// The engine's byte scans and decoded code points, shared with its crate.
use idna_inspector_core::{decoded, scan};

pub use table::MappingTable;
pub use uts46::{Options, Preset, Results, Uts46};
