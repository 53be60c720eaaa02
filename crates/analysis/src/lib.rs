//! What a domain name becomes beyond UTS #46 itself, on idna-inspector's
//! engine (`idna-inspector-core`): the three browsers' verdicts (ports of
//! Chromium's, Firefox's and WebKit's display decisions), the URL
//! Standard's host parser and the other IDNA profiles, the UTS #39 spoof
//! check, and registries' Label Generation Rulesets (RFC 7940). No command
//! line, allocator, GUI or threads of its own.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

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
pub mod browsers;
pub(crate) mod chars;
pub mod display;
// Public for the workspace's tests alone (`tests/batch_vs_engine.rs`).
#[cfg(feature = "test-support")]
#[doc(hidden)]
pub mod facts;
#[cfg(not(feature = "test-support"))]
mod facts;
pub mod lgr;
pub mod lookalikes;
pub(crate) mod memo;
pub mod pasted;
pub mod profiles;
pub mod registry;
pub mod runtimes;
pub mod spoof;

// The engine's modules, at the paths this crate's code names them by.
use idna_inspector_core::{decoded, names, properties, punycode, scan, table, uts46};
