//! Arbitrary strings through UTS #46 ToASCII/ToUnicode (§4, §4.2, §4.3) with
//! arbitrary flag combinations, untraced (fast paths first): a successful
//! ToASCII is ASCII, and ToASCII of it again gives it back without an error
//! (ToASCII is idempotent). `uts46_traced` compares with the traced engine.
#![no_main]

use idna_inspector::testing::options_from_bits;
use idna_inspector::uts46::Uts46;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|case: (u8, &str)| {
    let (flags, input) = case;
    let options = options_from_bits(flags);
    let engine = Uts46::new();
    let results = engine.process(input, &options);
    for conversion in [&results.to_ascii_n, &results.to_ascii_t] {
        if conversion.is_ok() {
            assert!(
                conversion.value.is_ascii(),
                "ToASCII gave {:?} for {input:?}",
                conversion.value
            );
        }
    }
    if results.to_ascii_n.is_ok() {
        let again = engine.process(&results.to_ascii_n.value, &options).to_ascii_n;
        assert!(
            again.is_ok(),
            "ToASCII of {:?} fails: {:?}",
            results.to_ascii_n.value,
            again.errors
        );
        assert_eq!(
            again.value, results.to_ascii_n.value,
            "ToASCII is not idempotent for {input:?}"
        );
    }
});
