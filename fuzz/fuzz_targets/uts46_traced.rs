//! Arbitrary strings through UTS #46 with arbitrary flag combinations, traced
//! (the full engine with every step recorded) and untraced (the fast paths
//! first): identical results and errors. Slower than `uts46`, which runs the
//! untraced engine alone.
#![no_main]

use idna_inspector::uts46::{Options, Uts46};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: (u8, &str)| {
    let (flags, input) = case;
    let bit = |n: u8| flags & (1 << n) != 0;
    let options = Options {
        use_std3_ascii_rules: bit(0),
        check_hyphens: bit(1),
        check_bidi: bit(2),
        check_joiners: bit(3),
        verify_dns_length: bit(4),
        ignore_invalid_punycode: bit(5),
        check_contexto: bit(6),
    };
    let engine = Uts46::new();
    let results = engine.process(input, &options);
    let (traced, trace) = engine.process_traced(input, &options);
    assert_eq!(results, traced, "traced differs for {input:?} with {options:?}");
    assert_eq!(trace.to_ascii_n.output, traced.to_ascii_n.value);
});
