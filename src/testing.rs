//! Entry points for the crate's own tests and benchmarks, not an API: the
//! two fast paths of `Uts46::process` and the batch conversion of one item,
//! which library users reach through `Uts46::process` and `batch::convert_each`;
//! and the rules by which one conversion serves another consumer (`facts`),
//! which `tests/batch_vs_engine.rs` checks against fresh runs.

use crate::batch::{Item, Record, RecordBuf};
use crate::spoof::{ProtectedList, Summarizer};
use crate::uts46::{Options, Uts46};

pub use crate::uts46::ValidAscii;
pub use crate::uts46::ValidUnicode;
pub use idna_inspector_analysis::facts::{Facts, View};

/// The ASCII fast path: `Some` when `input` is valid as it stands (see `uts46::ascii`).
pub fn valid_ascii_name<'a>(engine: &Uts46<'a>, input: &'a str, options: &Options) -> Option<ValidAscii<'a>> {
    engine.valid_ascii_name(input, options)
}

/// The Unicode fast path: appends the results to `out` when it decides the
/// name valid (see `uts46::unicode_fast`).
pub fn write_valid_unicode_name(engine: &Uts46<'_>, input: &str, options: &Options, out: &mut String) -> Option<ValidUnicode> {
    engine.write_valid_unicode_name(input, options, out)
}

/// The Unicode fast path as the batch takes it: also writes a name valid
/// but for the Bidi rule, which the `bool` tells (see `uts46::unicode_fast`).
pub fn write_unicode_name(engine: &Uts46<'_>, input: &str, options: &Options, out: &mut String) -> Option<(ValidUnicode, bool)> {
    engine.write_unicode_name(input, options, out).map(|written| match written {
        crate::uts46::Written::Valid(valid) => (valid, false),
        crate::uts46::Written::FailsBidi(failing) => (failing, true),
    })
}

/// One item into `record`, as the batch loop converts it.
pub fn convert_item(
    engine: &Uts46<'_>,
    options: &Options,
    item: &Item<'_>,
    skip_comments: bool,
    spoof: Option<&ProtectedList>,
    record: &mut RecordBuf,
) {
    let summarizer = spoof.map(Summarizer::new);
    crate::batch::convert_item(engine, options, item, skip_comments, summarizer.as_ref(), record);
}

/// One UTF-8 line into `record`, as the batch loop converts it.
pub fn convert_text(
    engine: &Uts46<'_>,
    options: &Options,
    line: u64,
    text: &str,
    spoof: Option<&ProtectedList>,
    record: &mut RecordBuf,
) {
    let summarizer = spoof.map(Summarizer::new);
    crate::batch::convert_text(engine, options, line, text, summarizer.as_ref(), record);
}

/// One item into a new record (without the spoof check).
pub fn record_for_item(engine: &Uts46<'_>, options: &Options, item: &Item<'_>, skip_comments: bool) -> Record {
    let mut record = RecordBuf::new();
    crate::batch::convert_item(engine, options, item, skip_comments, None, &mut record);
    record.into_record()
}

/// One line of raw bytes into a new record (without the spoof check); never skipped.
pub fn record_for_line(engine: &Uts46<'_>, options: &Options, line: u64, bytes: &[u8]) -> Record {
    let mut record = RecordBuf::new();
    crate::batch::convert_line(engine, options, line, bytes, None, &mut record);
    record.into_record()
}

/// UTS #46 options from the low seven bits of `flags` (bit 0
/// UseSTD3ASCIIRules, 1 CheckHyphens, 2 CheckBidi, 3 CheckJoiners,
/// 4 VerifyDnsLength, 5 IgnoreInvalidPunycode, 6 CONTEXTO), as the fuzz
/// targets draw them.
pub fn options_from_bits(flags: u8) -> Options {
    let bit = |n: u8| flags & (1 << n) != 0;
    Options {
        use_std3_ascii_rules: bit(0),
        check_hyphens: bit(1),
        check_bidi: bit(2),
        check_joiners: bit(3),
        verify_dns_length: bit(4),
        ignore_invalid_punycode: bit(5),
        check_contexto: bit(6),
    }
}

/// The engine runs so far in this process (see `uts46::ENGINE_RUNS`).
pub fn engine_runs() -> usize {
    crate::uts46::ENGINE_RUNS.load(std::sync::atomic::Ordering::Relaxed)
}
