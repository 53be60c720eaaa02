//! `idn2`: the `idn2` command of GNU libidn2 2.3.3 (`src/idn2.c`) on one
//! name, by default: `main` starts with `IDN2_NONTRANSITIONAL` and
//! `process_input` calls `idn2_to_ascii_lz`, which is `idn2_lookup_ul`
//! (`IDN2_NFC_INPUT` always added) in a UTF-8 locale. On an error it
//! prints `idn2: toAscii: ` and `idn2_strerror`'s words and exits. The
//! lookup itself is [`super::libidn2`].

use super::libidn2::{self, Error, NO_ALABEL_ROUNDTRIP, NONTRANSITIONAL, TRANSITIONAL};
use super::{Answer, Outcome, Runtime};

/// The flags the command starts with.
const FLAGS: u32 = NONTRANSITIONAL;

/// The command's error line for `error`.
fn message(error: Error) -> String {
    format!("idn2: toAscii: {}", error.strerror())
}

/// `idn2 NAME` (or NAME on its standard input).
pub(super) fn to_ascii(input: &str) -> Answer {
    answer(input, &libidn2::Lookup::new(input))
}

/// The answer, from libidn2's nontransitional lookup of `input`.
pub(super) fn answer(input: &str, lookup: &libidn2::Lookup) -> Answer {
    let runtime = Runtime::Idn2;
    // FLAGS: libidn2's nontransitional lookup.
    match lookup.nontransitional(input) {
        Ok(host) => Answer::ascii(
            runtime,
            host,
            "idn2_lookup_ul",
            "UTS #46 nontransitional mapping of Unicode 14.0 and its checks, then IDNA2008 checks of each non-ASCII label (libidn2's table of Unicode 12) and Punycode; ASCII labels are kept as mapped.".into(),
        ),
        Err(error) => Answer::error(
            runtime,
            message(error),
            error.name(),
            format!("libidn2 refuses the name: {}.", error.explanation()),
        ),
    }
}

/// For a refusal: the command's other processing that passes, as its
/// options name it.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    if answer.outcome != Outcome::Error {
        return None;
    }
    let options = [
        (
            "--tr46t",
            TRANSITIONAL,
            "transitional TR46 processing, which skips the IDNA2008 checks",
        ),
        (
            "--no-alabelroundtrip",
            FLAGS | NO_ALABEL_ROUNDTRIP,
            "no A-label roundtrip check",
        ),
    ];
    options.into_iter().find_map(|(option, flags, what)| {
        libidn2::lookup_ul(input, flags)
            .ok()
            .map(|host| format!("`idn2 {option}` ({what}) gives `{host}`."))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_answers_as_measured() {
        let answer = to_ascii("Bücher.de");
        assert_eq!(answer.host.as_deref(), Some("xn--bcher-kva.de"));
        let refused = to_ascii("☃.com");
        assert_eq!(
            refused.error.as_deref(),
            Some("idn2: toAscii: string contains a disallowed character")
        );
        assert_eq!(refused.rule, "IDN2_DISALLOWED");
        assert_eq!(
            hint("☃.com", &refused).as_deref(),
            Some("`idn2 --tr46t` (transitional TR46 processing, which skips the IDNA2008 checks) gives `xn--n3h.com`.")
        );
        assert_eq!(hint("Bücher.de", &answer), None);
    }
}
