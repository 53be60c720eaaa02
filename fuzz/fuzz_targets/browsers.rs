//! Arbitrary strings as hosts through the WHATWG host parser and the three
//! browsers' display verdicts: no panic; a parsed host is ASCII without a
//! forbidden domain code point; each verdict's display follows its rule, and
//! a name shown as Unicode is one its browser's parser accepted. The batch's
//! shortcuts change nothing: the plain-ASCII rules are the verdicts' rules,
//! and the verdicts given the batch's own conversion (under every check, and
//! under the URL Standard's flags) are the verdicts made from scratch.
#![no_main]

use idna_inspector::Uts46;
use idna_inspector::browsers::{self, Display, chromium::TopDomains};
use idna_inspector::profiles::whatwg::{self, Host};
use idna_inspector::uts46::Options;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let engine = Uts46::new();
    let parsed = whatwg::parse_host(&engine, input);
    if let Some(Host::Domain(domain)) = &parsed.host {
        assert!(domain.is_ascii() && !domain.is_empty(), "{input:?} → {domain:?}");
        assert!(
            !domain.chars().any(whatwg::is_forbidden_domain_code_point),
            "{input:?} → {domain:?}"
        );
    }
    assert_eq!(parsed.host.is_none(), parsed.failure().is_some(), "{input:?}");
    let verdicts = browsers::verdicts(input, &TopDomains::default());
    for verdict in verdicts.all() {
        assert_eq!(verdict.display, verdict.rule.display(), "{input:?}");
        // A host the browser refuses is kept as typed.
        if verdict.display == Display::Rejected {
            assert_eq!(verdict.shown, input);
        }
    }
    let _ = verdicts.rules().disagree();
    let top = TopDomains::default();
    assert_eq!(browsers::rules(input, &top), verdicts.rules(), "{input:?}");
    for options in [Options::default(), whatwg::uts46_options()] {
        let results = engine.process(input, &options);
        assert_eq!(
            browsers::verdicts_reading(&engine, input, &options, &results, &top),
            verdicts,
            "{input:?} {options:?}"
        );
    }
});
