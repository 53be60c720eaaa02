//! idna-inspector's engine: UTS #46 processing (map, normalize, break,
//! convert/validate; UTS #46 §4) and Punycode (RFC 3492), each able to
//! record every step it takes, over a mapping table that is the bundled
//! Unicode 16.0.0 one or any `IdnaMappingTable.txt`. No threads, no
//! allocator of its own, no GUI: what the command, the window and a web
//! build share.
//!
//! ```
//! use idna_inspector_core::uts46::{Options, Uts46};
//! let results = Uts46::new().process("faß.de", &Options::default());
//! assert_eq!(results.to_ascii_n.value, "xn--fa-hia.de");
//! assert_eq!(results.to_ascii_t.value, "fass.de");
//! ```
//!
//! # Public items
//!
//! - [`uts46`], the processing: [`Uts46`], [`Options`], [`Preset`],
//!   [`Results`], [`uts46::Conversion`], [`uts46::IdnaError`],
//!   [`uts46::ErrorCode`].
//!   The engine's limits are [`Uts46::MAX_DECODE_BYTES`] and
//!   [`Uts46::MAX_ENCODE_CODE_POINTS`].
//! - Its trace ([`Uts46::process_traced`]): [`uts46::Trace`],
//!   [`uts46::ProcessTrace`], [`uts46::Mode`], [`uts46::MapStep`],
//!   [`uts46::MapAction`], [`uts46::RowInfo`], [`uts46::LabelTrace`],
//!   [`uts46::LabelChar`], [`uts46::CheckResult`], [`uts46::CheckOutcome`],
//!   [`uts46::Direction`], [`uts46::AsciiTrace`], [`uts46::AsciiLabel`],
//!   [`uts46::PunycodeStep`].
//! - [`punycode`] (RFC 3492): [`punycode::encode`], [`punycode::decode`],
//!   [`punycode::PunycodeError`], [`punycode::PunycodeErrorKind`]; traced,
//!   [`punycode::encode_traced`], [`punycode::decode_traced`],
//!   [`punycode::BootstringTrace`], [`punycode::DigitStep`],
//!   [`punycode::Insertion`], [`punycode::BiasAdaptation`]; stepped one
//!   operation at a time, [`punycode::Machine`], [`punycode::Step`],
//!   [`punycode::Action`], [`punycode::ThresholdRule`]; the parameters of
//!   §5, [`punycode::PARAMETERS`], a [`punycode::Parameters`].
//! - [`table`], the mapping table (UTS #46 §5): [`MappingTable`],
//!   [`table::TableRow`], [`table::RowRange`], [`table::Status`],
//!   [`table::Idna2008Status`], [`table::TableSource`],
//!   [`table::TableError`], [`table::ParseError`].
//! - [`properties`], the properties UTS #46 reads beside the table:
//!   [`properties::Properties`], [`properties::PropertySource`].
//! - [`names`]: [`names::char_name`], [`names::CharName`].
//!
//! Hidden from these docs, for the workspace's other crates only (the
//! application's batch, browsers and spoof check, which sit on the same
//! tables and fast paths): the byte scans and decoded code points, the
//! results borrowed from where a batch keeps them (`ResultsRef`,
//! `ConversionRef`), the fast paths' writers, the criteria of `uts46::validity` and CONTEXTO,
//! and the generated-table machinery. They are not an API.

#![warn(missing_docs)]
#![forbid(unsafe_code)]

#[doc(hidden)]
pub mod decoded;
pub mod names;
pub mod properties;
pub mod punycode;
#[doc(hidden)]
pub mod scan;
pub mod table;
// The workspace's one way for a test to skip (the application crate's
// file; the engine's tests need only `../shared`).
#[cfg(test)]
#[allow(dead_code)]
#[path = "../../../src/test_needs.rs"]
mod test_needs;
pub mod uts46;

pub use table::MappingTable;
pub use uts46::{Options, Preset, Results, Uts46};
