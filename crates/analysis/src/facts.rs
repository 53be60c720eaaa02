//! What is known of a name: the engine's results, handed on to every
//! consumer that reads the same name. The batch's results go to the
//! browsers' ports and the URL host parser; the browsers' facts pass
//! (every check on, [`Uts46::facts`]) to their parsers and displays; the
//! profile comparison's to the URL Standard's. A consumer views them
//! through its own flags ([`Results::viewed`],
//! [`ErrorCode::recorded_under`]) and runs the engine only where they do
//! not tell its answer: another mapping table, flags that cannot be viewed
//! ([`Options::viewable`]), or another text. Every rule of when they tell
//! it is here (`Run::ascii_n_for` and `Run::unicode_of`); `tests/batch_vs_engine.rs` checks each
//! answer against a fresh run.
//!
//! [`ErrorCode::recorded_under`]: crate::uts46::ErrorCode::recorded_under

use crate::table::MappingTable;
use crate::uts46::validity;
use crate::uts46::{Conversion, ConversionRef, Options, Results, ResultsRef, Uts46, labels};

/// What is known of one name, for the consumers that read it: at most the
/// caller's results (a batch's, under its flags) and a facts pass (every
/// check on). [`Facts::NONE`] knows nothing; every view then runs the engine.
#[derive(Clone, Copy, Debug, Default)]
pub struct Facts<'a> {
    /// The caller's results, asked first.
    caller: Option<Run<'a>>,
    /// A facts pass made for the consumers.
    pass: Option<Run<'a>>,
}

/// One engine run of a name.
#[derive(Clone, Copy, Debug)]
struct Run<'a> {
    /// The name converted.
    input: &'a str,
    /// The flags it was converted with.
    options: &'a Options,
    /// The mapping table it was converted with.
    table: &'a MappingTable,
    to_ascii_n: ConversionRef<'a>,
    to_unicode: ConversionRef<'a>,
}

/// A conversion the facts told, borrowed, or one the engine made
/// ([`Facts::to_ascii_n`]).
#[derive(Clone, Debug)]
pub enum View<'k> {
    /// Read off the facts.
    Read(ConversionRef<'k>),
    /// Made: the facts did not tell it, or told it with errors viewed.
    Made(Conversion),
}

impl View<'_> {
    /// The conversion, borrowed.
    pub fn get(&self) -> ConversionRef<'_> {
        match self {
            View::Read(read) => *read,
            View::Made(made) => made.borrowed(),
        }
    }

    /// The conversion, owned.
    pub fn into_owned(self) -> Conversion {
        match self {
            View::Read(read) => read.to_owned(),
            View::Made(made) => made,
        }
    }
}

/// True when an error-free result made with `made` is the one `asked`
/// gives: the same table, or the bundled one, whose rows restrict the
/// browsers' (a name without an error under the older table maps and
/// checks alike under the newer: `tests/batch_vs_engine.rs`, and
/// `the_browsers_tables_extend_the_bundled_one` in `browsers`).
fn restricts(made: &MappingTable, asked: &MappingTable) -> bool {
    std::ptr::eq(made, asked) || (std::ptr::eq(made, MappingTable::bundled()) && std::ptr::eq(asked, MappingTable::browsers()))
}

impl<'a> Facts<'a> {
    /// Nothing known.
    pub const NONE: Facts<'static> = Facts {
        caller: None,
        pass: None,
    };

    /// The facts pass of `input` ([`Uts46::facts`]) made with `table`: a
    /// consumer with that table views it through its own flags, errors and
    /// all; with another, it serves where it records no error.
    pub fn of_pass(input: &'a str, table: &'a MappingTable, facts: &'a Results) -> Self {
        Facts::NONE.with_pass(input, table, Some(facts))
    }

    /// The results `input` was given under `options` with `table` (a
    /// batch's): they serve a consumer where they record no error, under
    /// flags that check no more, and errors and all one with the same
    /// table asking under the same flags.
    pub fn of_results(input: &'a str, options: &'a Options, table: &'a MappingTable, results: ResultsRef<'a>) -> Self {
        let caller = Run {
            input,
            options,
            table,
            to_ascii_n: results.to_ascii_n,
            to_unicode: results.to_unicode,
        };
        Facts {
            caller: Some(caller),
            pass: None,
        }
    }

    /// These facts and the facts pass of `input` made with `table`, when
    /// one was made.
    pub fn with_pass(self, input: &'a str, table: &'a MappingTable, facts: Option<&'a Results>) -> Self {
        let pass = facts.map(|facts| Run {
            input,
            options: &Options::EVERY_CHECK,
            table,
            to_ascii_n: facts.to_ascii_n.borrowed(),
            to_unicode: facts.to_unicode.borrowed(),
        });
        Facts { pass, ..self }
    }

    /// The runs known, the caller's first.
    fn runs(&self) -> impl Iterator<Item = &Run<'a>> {
        self.caller.iter().chain(self.pass.iter())
    }

    /// [`Uts46::to_ascii_n`] of `input` under `options`, read off these
    /// facts where they tell it ([`Run::ascii_n_for`]), else made.
    pub fn to_ascii_n(&self, engine: &Uts46<'_>, input: &str, options: &Options) -> View<'a> {
        self.told_ascii_n(input, options, engine.table())
            .unwrap_or_else(|| View::Made(engine.to_ascii_n(input, options)))
    }

    /// True when these facts tell [`Self::to_ascii_n`] without the engine.
    pub(crate) fn tell_ascii_n(&self, input: &str, options: &Options, table: &MappingTable) -> bool {
        self.told_ascii_n(input, options, table).is_some()
    }

    fn told_ascii_n(&self, input: &str, options: &Options, table: &MappingTable) -> Option<View<'a>> {
        self.runs().find_map(|run| run.ascii_n_for(input, options, table))
    }

    /// [`Uts46::to_unicode`] of `input` under `options`: read off these
    /// facts where they tell it without an error ([`Self::error_free_to_unicode`]),
    /// else made.
    pub fn to_unicode(&self, engine: &Uts46<'_>, input: &str, options: &Options) -> Conversion {
        match self.error_free_to_unicode(input, options, engine.table()) {
            Some(value) => Conversion {
                value: value.to_string(),
                errors: Vec::new(),
            },
            None => engine.to_unicode(input, options),
        }
    }

    /// The error-free ToUnicode of `input` under `options` by an engine
    /// with `table`, when these facts tell it: `input` is the name, its
    /// ToASCII N or a label of that ([`Run::unicode_of`]).
    pub(crate) fn error_free_to_unicode(&self, input: &str, options: &Options, table: &MappingTable) -> Option<&'a str> {
        self.runs().find_map(|run| run.unicode_of(input, options, table))
    }

    /// [`Self::error_free_to_unicode`] where `input` is the whole name or
    /// its ToASCII N (not one label).
    pub(crate) fn name_to_unicode(&self, input: &str, options: &Options, table: &MappingTable) -> Option<ConversionRef<'a>> {
        self.runs().find_map(|run| {
            let whole = crate::scan::same_text(input, run.input) || crate::scan::same_text(input, run.to_ascii_n.value);
            let value = whole.then(|| run.unicode_of(input, options, table)).flatten()?;
            Some(ConversionRef { value, errors: &[] })
        })
    }

    /// The ToUnicode that some run made of `input` itself, errors or not
    /// (what its labels decode to, for a host that failed).
    pub(crate) fn unicode_of_input(&self, input: &str) -> Option<&'a str> {
        self.runs()
            .find(|run| crate::scan::same_text(run.input, input))
            .map(|run| run.to_unicode.value)
    }
}

impl<'a> Run<'a> {
    /// True when `conversion`, one of this run's, is what `options` give
    /// without an error: made without one under flags that check at least
    /// as much, or made with every check on (a facts pass) with no error
    /// that `options` record ([`Results::viewed`]).
    #[inline]
    fn clean_under(&self, conversion: ConversionRef<'_>, options: &Options) -> bool {
        match conversion.errors.is_empty() {
            true => self.options.checks_at_least(options),
            false => *self.options == Options::EVERY_CHECK && options.viewable() && conversion.is_ok_under(options),
        }
    }

    /// The one rule of serving: ToASCII N of `input` under `options` by an
    /// engine with `table`, when this run tells it. Without an error under
    /// `options` ([`Self::clean_under`]) by a table that [`restricts`]
    /// `table`; else, by `table` itself, under `options` themselves (then
    /// as it is, errors and all) or with every check on and `options`
    /// [`Options::viewable`] (then viewed).
    #[inline]
    fn ascii_n_for(&self, input: &str, options: &Options, table: &MappingTable) -> Option<View<'a>> {
        if !crate::scan::same_text(self.input, input) {
            return None;
        }
        // Mostly no error: then the flags and the table decide alone.
        if self.to_ascii_n.errors.is_empty() {
            return (self.options.checks_at_least(options) && restricts(self.table, table))
                .then_some(View::Read(self.to_ascii_n));
        }
        let clean = View::Read(ConversionRef {
            value: self.to_ascii_n.value,
            errors: &[],
        });
        if std::ptr::eq(self.table, table) {
            if self.options == options {
                return Some(View::Read(self.to_ascii_n));
            }
            if *self.options == Options::EVERY_CHECK && options.viewable() {
                return Some(match self.to_ascii_n.is_ok_under(options) {
                    true => clean,
                    false => View::Made(self.to_ascii_n.viewed(options)),
                });
            }
        }
        (self.clean_under(self.to_ascii_n, options) && restricts(self.table, table)).then_some(clean)
    }

    /// ToUnicode of `input` under `options` without an error by an engine
    /// with `table`, when this run tells it: both its conversions clean
    /// under `options` by a table that [`restricts`] `table`, and `input`
    /// the name, or its ToASCII N, or one label of that (then the label of
    /// ToUnicode at the same place), with labels of at most 63 bytes.
    /// Decoding a valid name's ToASCII gives back its ToUnicode, label by
    /// label, and a label alone meets no check it did not meet in its name
    /// (the Bidi rule applies to fewer labels); only a label far past the
    /// DNS limit may be past the decoder's too (P4).
    /// `tests/batch_vs_engine.rs` checks all of it.
    fn unicode_of(&self, input: &str, options: &Options, table: &MappingTable) -> Option<&'a str> {
        if !restricts(self.table, table) {
            return None;
        }
        let unicode = self.to_unicode;
        // Both clean: mostly neither has an error, and the flags decide alone.
        let clean = match self.to_ascii_n.errors.is_empty() && unicode.errors.is_empty() {
            true => self.options.checks_at_least(options),
            false => self.clean_under(self.to_ascii_n, options) && self.clean_under(unicode, options),
        };
        if !clean {
            return None;
        }
        if crate::scan::same_text(input, self.input) {
            return Some(unicode.value);
        }
        let ascii = self.to_ascii_n.value;
        if crate::scan::same_text(input, ascii) {
            // Made under VerifyDnsLength without an error, every label is
            // 1 to 63 long already: ToASCII step 4 would have said A4_2.
            let checked = self.options.verify_dns_length && self.to_ascii_n.errors.is_empty();
            let fit = checked || labels(ascii).all(|label| validity::label_length_ok(label.len()));
            return fit.then_some(unicode.value);
        }
        if input.is_empty() || crate::scan::has_byte(input.as_bytes(), b'.') {
            return None;
        }
        // One pass finds the label and checks every label's length.
        let mut found = None;
        for (label, unicode_label) in labels(ascii).zip(labels(unicode.value)) {
            if !validity::label_length_ok(label.len()) {
                return None;
            }
            if found.is_none() && label == input {
                found = Some(unicode_label);
            }
        }
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Results with errors serve exactly an engine with their table asking
    /// under the same flags, and are then that engine's own result; under
    /// other flags or another table the engine converts again, unless they
    /// are a facts pass that records none of its errors under the flags
    /// asked (and the table asking is theirs or one they restrict).
    /// Error-free ones serve flags that check no more. Whatever serves, the
    /// engine's own result is given.
    #[test]
    fn results_with_errors_serve_only_their_own_table_and_flags() {
        let bundled = Uts46::new();
        let browsers = Uts46::with_table(MappingTable::browsers());
        let strict = Options::default();
        let lax = Options {
            use_std3_ascii_rules: false,
            check_hyphens: false,
            verify_dns_length: false,
            ..strict
        };
        // B2 and B3 (a Latin letter ends an Arabic label), V3, and none.
        for input in ["مثالx.com", "bü-.de", "bücher.de"] {
            for (engine, other) in [(&bundled, &browsers), (&browsers, &bundled)] {
                let restricted = std::ptr::eq(engine.table(), MappingTable::bundled());
                for options in [strict, lax, Options::EVERY_CHECK] {
                    let made = engine.process(input, &options);
                    let facts = Facts::of_results(input, &options, engine.table(), made.borrowed());
                    let serves =
                        |asker: &Uts46<'_>, asked: &Options| matches!(facts.to_ascii_n(asker, input, asked), View::Read(_));
                    let valid = made.to_ascii_n.errors.is_empty();
                    assert!(serves(engine, &options), "{input} {options}");
                    assert_eq!(
                        serves(other, &options),
                        valid && restricted,
                        "{input} {options}: another table"
                    );
                    for asked in [strict, lax] {
                        let served = facts.to_ascii_n(engine, input, &asked).into_owned();
                        assert_eq!(served, engine.to_ascii_n(input, &asked), "{input} {options} → {asked}");
                        let served = facts.to_ascii_n(other, input, &asked).into_owned();
                        assert_eq!(served, other.to_ascii_n(input, &asked), "{input} {options} → {asked}");
                    }
                    if !valid {
                        // A facts pass serves other flags where it records none of
                        // the errors; other results with errors do not.
                        for asked in [strict, lax].into_iter().filter(|asked| *asked != options) {
                            let clean = options == Options::EVERY_CHECK && made.to_ascii_n.borrowed().is_ok_under(&asked);
                            assert_eq!(serves(engine, &asked), clean, "{input} {options} → {asked}");
                            assert_eq!(
                                serves(other, &asked),
                                clean && restricted,
                                "{input} {options} → {asked}: another table"
                            );
                        }
                    }
                }
            }
        }
        assert!(!bundled.to_ascii_n("مثالx.com", &lax).errors.is_empty());
        assert!(!bundled.to_ascii_n("bü-.de", &strict).errors.is_empty());
        assert!(
            Facts::NONE
                .error_free_to_unicode("bücher.de", &strict, bundled.table())
                .is_none()
        );
    }

    /// Asked for ToUnicode of the name's own ToASCII, the facts give it
    /// exactly when every ToASCII label is 1 to 63 long, whether or not
    /// their flags verified the lengths.
    #[test]
    fn the_ascii_form_gives_its_unicode_when_every_label_fits() {
        let engine = Uts46::new();
        let long = "é".repeat(70);
        for verify_dns_length in [true, false] {
            let options = Options {
                verify_dns_length,
                ..Options::default()
            };
            for input in [
                "bücher.de",
                "bücher.de.",
                "a..bücher.de",
                long.as_str(),
                "ドメイン.テスト",
                "exámple.com",
            ] {
                let results = engine.process(input, &options);
                let facts = Facts::of_results(input, &options, engine.table(), results.borrowed());
                let ascii = results.to_ascii_n.value.as_str();
                let fits = labels(ascii).all(|label| validity::label_length_ok(label.len()));
                let valid = results.to_ascii_n.errors.is_empty() && results.to_unicode.errors.is_empty();
                let expected = (valid && fits).then_some(results.to_unicode.value.as_str());
                assert_eq!(
                    facts.error_free_to_unicode(ascii, &options, engine.table()),
                    expected,
                    "{input} {verify_dns_length}"
                );
            }
        }
    }
}
