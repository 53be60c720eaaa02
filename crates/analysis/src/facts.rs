//! What one engine run told about a name, handed on to the consumers
//! that read the same name: the batch's results to the browsers' ports
//! and the URL host parser, the browsers' facts pass (every check on) to
//! their own parsers and displays, the profile comparison's to the URL
//! Standard's. A consumer views them through its own flags
//! ([`Results::viewed`], [`ErrorCode::recorded_under`]) and runs the engine
//! only where they do not tell its answer: another mapping table, flags
//! that cannot be viewed ([`Options::viewable`]), or another text. Every
//! rule of when they tell it is here; `tests/batch_vs_engine.rs` checks
//! each answer against a fresh run.
//!
//! [`ErrorCode::recorded_under`]: crate::uts46::ErrorCode::recorded_under

use crate::table::MappingTable;
use crate::uts46::validity;
use crate::uts46::{Conversion, ConversionRef, Options, Results, ResultsRef, Uts46, labels};

/// ToASCII N (and perhaps ToUnicode) of a name, made under some flags, for
/// a caller that needs them under others ([`to_ascii_n_given`],
/// [`to_unicode_given`]).
#[derive(Clone, Copy, Debug)]
pub struct Known<'a> {
    /// The name converted.
    pub input: &'a str,
    /// The flags it was converted with.
    pub options: &'a Options,
    /// Its ToASCII N.
    pub to_ascii_n: ConversionRef<'a>,
    /// Its ToUnicode, when made.
    pub to_unicode: Option<ConversionRef<'a>>,
    /// The mapping table it was made with, when its errors are to serve
    /// too: an engine with this table asking under these same flags takes
    /// it as it is, errors and all (it is that very conversion). `None`:
    /// only an error-free result serves, under flags that check no more.
    pub table: Option<&'a MappingTable>,
}

impl<'a> Known<'a> {
    /// The facts of `input` ([`Uts46::facts`]) made by an engine with
    /// `table`, handed on: a consumer with that table views them through
    /// its own flags, errors and all; another serves itself where they
    /// record no error under its flags.
    pub(crate) fn of_facts(input: &'a str, table: &'a MappingTable, facts: &'a Results) -> Self {
        Known {
            input,
            options: &Options::EVERY_CHECK,
            to_ascii_n: facts.to_ascii_n.borrowed(),
            to_unicode: Some(facts.to_unicode.borrowed()),
            table: Some(table),
        }
    }

    /// The results `input` was given under `options` by an engine with the
    /// bundled table (a batch's), handed on: they serve a consumer where
    /// they record no error, under flags that check no more.
    pub(crate) fn of_results(input: &'a str, options: &'a Options, results: ResultsRef<'a>) -> Self {
        Known {
            input,
            options,
            to_ascii_n: results.to_ascii_n,
            to_unicode: Some(results.to_unicode),
            table: None,
        }
    }

    /// True when `conversion`, one of these results, is what `options` give
    /// without an error: made without one under flags that check at least
    /// as much, or made with every check on (a facts pass, [`Uts46::facts`])
    /// with no error that `options` record ([`Results::viewed`]).
    #[inline]
    fn clean_under(&self, conversion: ConversionRef<'_>, options: &Options) -> bool {
        match conversion.errors.is_empty() {
            true => self.options.checks_at_least(options),
            false => *self.options == Options::EVERY_CHECK && options.viewable() && conversion.is_ok_under(options),
        }
    }

    /// ToASCII N of `input` under `options` by an engine with `table`, when
    /// this tells it: `input` converted without an error under `options`
    /// ([`Self::clean_under`]: then without errors), or by `table` under
    /// `options` themselves, or by `table` with every check on and
    /// `options` [`Options::viewable`] (then errors and all, viewed).
    #[inline]
    pub(crate) fn ascii_n_for(&self, input: &str, options: &Options, table: &MappingTable) -> Option<Given<'a>> {
        if !crate::scan::same_text(self.input, input) {
            return None;
        }
        // Mostly no error: then the flags decide alone.
        if self.to_ascii_n.errors.is_empty() {
            return self.options.checks_at_least(options).then_some(Given::Known(self.to_ascii_n));
        }
        let clean = Given::Known(ConversionRef {
            value: self.to_ascii_n.value,
            errors: &[],
        });
        if self.table.is_some_and(|own| std::ptr::eq(own, table)) {
            if self.options == options {
                return Some(Given::Known(self.to_ascii_n));
            }
            if *self.options == Options::EVERY_CHECK && options.viewable() {
                return Some(match self.to_ascii_n.is_ok_under(options) {
                    true => clean,
                    false => Given::Made(self.to_ascii_n.viewed(options)),
                });
            }
        }
        self.clean_under(self.to_ascii_n, options).then_some(clean)
    }

    /// The name's ToUnicode, when `input` is the name or its ToASCII N and
    /// [`Self::unicode_of`] tells its ToUnicode under `options`: the
    /// whole conversion, without an error.
    pub(crate) fn name_to_unicode(&self, input: &str, options: &Options) -> Option<ConversionRef<'a>> {
        if !crate::scan::same_text(input, self.input) && !crate::scan::same_text(input, self.to_ascii_n.value) {
            return None;
        }
        let value = self.unicode_of(input, options)?;
        Some(ConversionRef { value, errors: &[] })
    }

    /// ToUnicode of `input` under `options` without an error, when this
    /// tells it: `input` is the name, or its ToASCII N, or one label of
    /// that (then the label of ToUnicode at the same place), with labels of
    /// at most 63 bytes. Decoding a valid name's ToASCII gives back its
    /// ToUnicode, label by label, and a label alone meets no check it did
    /// not meet in its name (the Bidi rule applies to fewer labels); only
    /// a label far past the DNS limit may be past the decoder's too (P4).
    /// `tests/batch_vs_engine.rs` checks all of it.
    fn unicode_of(&self, input: &str, options: &Options) -> Option<&'a str> {
        let unicode = self.to_unicode?;
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

/// A conversion a caller's [`Known`] gave, borrowed, or one made
/// ([`to_ascii_n_given`]).
#[derive(Clone, Debug)]
pub enum Given<'k> {
    /// From a caller's results.
    Known(ConversionRef<'k>),
    /// Made here.
    Made(Conversion),
}

impl Given<'_> {
    /// The conversion, borrowed.
    pub fn get(&self) -> ConversionRef<'_> {
        match self {
            Given::Known(known) => *known,
            Given::Made(made) => made.borrowed(),
        }
    }

    /// The conversion, owned.
    pub fn into_owned(self) -> Conversion {
        match self {
            Given::Known(known) => known.to_owned(),
            Given::Made(made) => made,
        }
    }
}

/// [`Uts46::to_ascii_n`], taken from the first of `known` that is
/// `input` converted without an error under flags that check at least
/// what `options` check ([`Options::checks_at_least`]), or converted,
/// errors and all, with this engine's table under `options` themselves
/// ([`Known::table`]): the host parsers of the browsers convert a name
/// the batch or another parser has converted already. Borrowed when
/// taken from `known`.
pub fn to_ascii_n_given<'k>(engine: &Uts46<'_>, input: &str, options: &Options, known: &[Known<'k>]) -> Given<'k> {
    known
        .iter()
        .find_map(|known| known.ascii_n_for(input, options, engine.table()))
        .unwrap_or_else(|| Given::Made(engine.to_ascii_n(input, options)))
}

/// [`Uts46::to_unicode`], taken from the first of `known` that tells it
/// (`input` is the name converted, its ToASCII N or a label of that,
/// converted without an error under flags that check at least what
/// `options` check): the browsers decode what the batch has converted.
pub fn to_unicode_given(engine: &Uts46<'_>, input: &str, options: &Options, known: &[Known<'_>]) -> Conversion {
    match known_to_unicode(input, options, known) {
        Some(value) => Conversion {
            value: value.to_string(),
            errors: Vec::new(),
        },
        None => engine.to_unicode(input, options),
    }
}

/// The error-free ToUnicode of `input` under `options` that one of
/// `known` tells, borrowed from it ([`to_unicode_given`]).
pub(crate) fn known_to_unicode<'k>(input: &str, options: &Options, known: &[Known<'k>]) -> Option<&'k str> {
    known.iter().find_map(|known| known.unicode_of(input, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A known result with errors serves exactly an engine with the table
    /// it names asking under the same flags, and is then that engine's own
    /// result; without a table, or under other flags or another table, the
    /// engine converts again, unless the result is a facts pass that records
    /// none of its errors under the flags asked. An error-free one serves
    /// flags that check no more. Whatever serves, the engine's own result is given.
    #[test]
    fn a_known_result_with_errors_serves_only_its_own_table_and_flags() {
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
                for options in [strict, lax] {
                    let made = engine.to_ascii_n(input, &options);
                    for table in [None, Some(engine.table())] {
                        let known = [Known {
                            input,
                            options: &options,
                            to_ascii_n: made.borrowed(),
                            to_unicode: None,
                            table,
                        }];
                        let serves = |asker: &Uts46<'_>, asked: &Options| {
                            matches!(to_ascii_n_given(asker, input, asked, &known), Given::Known(_))
                        };
                        let valid = made.errors.is_empty();
                        assert_eq!(serves(engine, &options), valid || table.is_some(), "{input} {options}");
                        assert_eq!(serves(other, &options), valid, "{input} {options}: another table");
                        for asked in [strict, lax] {
                            let served = to_ascii_n_given(engine, input, &asked, &known).into_owned();
                            assert_eq!(served, engine.to_ascii_n(input, &asked), "{input} {options} → {asked}");
                        }
                        if !valid {
                            // Facts (every check on) serve other flags, by any table, where
                            // they record none of the errors; other results with errors do not.
                            let asked = if options == strict { lax } else { strict };
                            let clean = options == Options::EVERY_CHECK && made.borrowed().is_ok_under(&asked);
                            assert_eq!(serves(engine, &asked), clean, "{input} {options} → {asked}");
                            assert_eq!(serves(other, &asked), clean, "{input} {options} → {asked}: another table");
                        }
                    }
                }
            }
        }
        assert!(!bundled.to_ascii_n("مثالx.com", &lax).errors.is_empty());
        assert!(!bundled.to_ascii_n("bü-.de", &strict).errors.is_empty());
    }

    /// Asked for ToUnicode of the name's own ToASCII, a known result gives
    /// it exactly when every ToASCII label is 1 to 63 long, whether or not
    /// its flags verified the lengths.
    #[test]
    fn the_known_ascii_form_gives_its_unicode_when_every_label_fits() {
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
                let known = Known {
                    input,
                    options: &options,
                    to_ascii_n: results.to_ascii_n.borrowed(),
                    to_unicode: Some(results.to_unicode.borrowed()),
                    table: None,
                };
                let ascii = results.to_ascii_n.value.as_str();
                let fits = labels(ascii).all(|label| validity::label_length_ok(label.len()));
                let valid = results.to_ascii_n.errors.is_empty() && results.to_unicode.errors.is_empty();
                let expected = (valid && fits).then_some(results.to_unicode.value.as_str());
                assert_eq!(known.unicode_of(ascii, &options), expected, "{input} {verify_dns_length}");
            }
        }
    }
}
