//! `glibc-ai-idn`: glibc 2.36 `getaddrinfo` with `AI_IDN` under a UTF-8
//! locale. `__idna_to_dns_encoding` (`inet/idna.c`) first classifies the
//! name (`__idna_name_classify`, `inet/idna_name_classify.c`): an ASCII name
//! is looked up as it is; a non-ASCII one holding a backslash is refused;
//! any other goes to libidn2's `idn2_lookup_ul` (loaded with dlopen) with
//! flags 0, which libidn2 makes nontransitional ([`super::libidn2`]). Any
//! libidn2 error but `IDN2_MALLOC` becomes `EAI_IDN_ENCODE`. The name is a
//! C string: it ends at a NUL.

use super::libidn2::{self, TRANSITIONAL};
use super::{Answer, Outcome, Runtime};

/// `gai_strerror (EAI_IDN_ENCODE)`, after the code's name.
const IDN_ENCODE: &str = "EAI_IDN_ENCODE: Parameter string not correctly encoded";

/// `getaddrinfo (name, ..., AI_IDN)`: the name it looks up.
pub(super) fn getaddrinfo(input: &str) -> Answer {
    answer(input, &libidn2::Lookup::new(input))
}

/// The answer, with libidn2's nontransitional lookup of `input` at hand
/// (flags 0 is that lookup: `set_default_flags`).
pub(super) fn answer(input: &str, lookup: &libidn2::Lookup) -> Answer {
    let runtime = Runtime::GlibcAiIdn;
    let name = input.split('\0').next().unwrap_or("");
    if name.is_ascii() {
        let sentence = "An ASCII name is looked up as it is: glibc hands only non-ASCII names to libidn2.";
        return Answer::ascii(runtime, name.into(), "idna_name_ascii", sentence.into());
    }
    if name.contains('\\') {
        let sentence = "glibc refuses a non-ASCII name that holds a backslash before asking libidn2.";
        return Answer::error(runtime, IDN_ENCODE.into(), "idna_name_nonascii_backslash", sentence.into());
    }
    match lookup.nontransitional(name) {
        Ok(host) => Answer::ascii(
            runtime,
            host,
            "idn2_lookup_ul",
            "libidn2's lookup with flags 0 (UTS #46 nontransitional mapping of Unicode 14.0, then IDNA2008 checks of each non-ASCII label) gives the name glibc looks up.".into(),
        ),
        Err(error) => Answer::error(
            runtime,
            IDN_ENCODE.into(),
            error.name(),
            format!(
                "libidn2 refuses the name ({}: {}), which getaddrinfo reports as EAI_IDN_ENCODE.",
                error.name(),
                error.explanation()
            ),
        ),
    }
}

/// For a refusal by libidn2: its transitional lookup, whose ASCII result
/// getaddrinfo would look up as it is.
pub(super) fn hint(input: &str, answer: &Answer) -> Option<String> {
    if answer.outcome != Outcome::Error || answer.rule == "idna_name_nonascii_backslash" {
        return None;
    }
    let name = input.split('\0').next().unwrap_or("");
    let host = libidn2::lookup_ul(name, TRANSITIONAL).ok()?;
    Some(format!(
        "Converted first with `idn2_lookup_ul(name, IDN2_TRANSITIONAL)` it is `{host}`, which getaddrinfo looks up as it is."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn getaddrinfo_answers_as_measured() {
        assert_eq!(getaddrinfo("XN--ABC.com").host.as_deref(), Some("XN--ABC.com"));
        assert_eq!(getaddrinfo("BÜCHER.de").host.as_deref(), Some("xn--bcher-kva.de"));
        assert_eq!(getaddrinfo("a\\b.com").host.as_deref(), Some("a\\b.com"));
        let refused = getaddrinfo("☃.com");
        assert_eq!(refused.error.as_deref(), Some(IDN_ENCODE));
        assert!(hint("☃.com", &refused).is_some_and(|h| h.contains("xn--n3h.com")));
        assert_eq!(getaddrinfo("ä\\b.com").rule, "idna_name_nonascii_backslash");
    }
}
