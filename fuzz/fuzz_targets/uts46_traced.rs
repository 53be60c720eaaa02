//! Arbitrary strings through UTS #46 with arbitrary flag combinations, traced
//! (the full engine with every step recorded) and untraced (the fast paths
//! first): identical results and errors. Slower than `uts46`, which runs the
//! untraced engine alone.
#![no_main]

use idna_inspector::testing::options_from_bits;
use idna_inspector::uts46::Uts46;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: (u8, &str)| {
    let (flags, input) = case;
    let options = options_from_bits(flags);
    let engine = Uts46::new();
    let results = engine.process(input, &options);
    let (traced, trace) = engine.process_traced(input, &options);
    assert_eq!(results, traced, "traced differs for {input:?} with {options:?}");
    assert_eq!(trace.to_ascii_n.output, traced.to_ascii_n.value);
});
