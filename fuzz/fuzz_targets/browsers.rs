//! Arbitrary strings as hosts through the WHATWG host parser and the three
//! browsers' display verdicts: no panic; a parsed host is ASCII without a
//! forbidden domain code point; each verdict's display follows its rule, and
//! a name shown as Unicode is one its browser's parser accepted.
#![no_main]

use idna_inspector::Uts46;
use idna_inspector::browsers::{self, Display, chromium::TopDomains};
use idna_inspector::profiles::whatwg::{self, Host};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let engine = Uts46::new();
    let parsed = whatwg::parse_host(&engine, input);
    if let Some(Host::Domain(domain)) = &parsed.host {
        assert!(domain.is_ascii() && !domain.is_empty(), "{input:?} → {domain:?}");
        assert!(!domain.chars().any(whatwg::is_forbidden_domain_code_point), "{input:?} → {domain:?}");
    }
    assert_eq!(parsed.host.is_none(), parsed.failure().is_some(), "{input:?}");
    let verdicts = browsers::verdicts(&engine, input, &TopDomains::default());
    for verdict in verdicts.all() {
        assert_eq!(verdict.display, verdict.rule.display(), "{input:?}");
        if verdict.display == Display::Punycode && verdict.rule.name().contains("invalid") {
            assert_eq!(verdict.shown, input);
        }
    }
    let _ = verdicts.rules().disagree();
});
