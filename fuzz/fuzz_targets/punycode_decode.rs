//! Arbitrary bytes into the Punycode decoder (RFC 3492 §6.2): never a panic
//! or wrap (overflow is an error, §6.4); the traced decoder gives the same
//! answer, its last step holds the output; whatever decodes re-encodes to
//! something that decodes back.
#![no_main]

use idna_inspector::punycode::{decode, decode_traced, encode};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(input) = std::str::from_utf8(data) else { return };
    let result = decode(input);
    let (traced, trace) = decode_traced(input);
    assert_eq!(result, traced, "traced decode differs for {input:?}");
    if let Ok(decoded) = result {
        let last = trace.steps.last().expect("a decode has a first step");
        assert_eq!(trace.text_at(last), decoded, "the last step of {input:?}");
        let encoded = encode(&decoded).expect("a decoded string must encode");
        assert_eq!(
            decode(&encoded).as_ref(),
            Ok(&decoded),
            "{input:?} -> {decoded:?} -> {encoded:?}"
        );
    }
});
