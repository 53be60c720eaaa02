//! decode(encode(s)) == s for every string (RFC 3492 §6.3 then §6.2); the
//! only encode failure allowed is overflow (§6.4); traced = untraced.
#![no_main]

use idna_inspector::punycode::{PunycodeErrorKind, decode, encode, encode_traced};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let result = encode(input);
    assert_eq!(result, encode_traced(input).0, "traced encode differs for {input:?}");
    match result {
        Ok(encoded) => {
            assert!(encoded.is_ascii(), "non-ASCII output {encoded:?}");
            assert_eq!(decode(&encoded).as_deref(), Ok(input), "round trip via {encoded:?}");
        }
        Err(error) => assert_eq!(error.kind, PunycodeErrorKind::Overflow, "{input:?}"),
    }
});
