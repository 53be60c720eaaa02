//! decode(encode(s)) == s for every string (RFC 3492 §6.3 then §6.2); the
//! only encode failure allowed is overflow (§6.4); traced = untraced, and
//! the trace's last step has written the whole output.
#![no_main]

use idna_inspector::punycode::{PunycodeErrorKind, decode, encode, encode_traced};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|input: &str| {
    let result = encode(input);
    let (traced, trace) = encode_traced(input);
    assert_eq!(result, traced, "traced encode differs for {input:?}");
    match result {
        Ok(encoded) => {
            let last = trace.steps.last().expect("an encode has a first step");
            assert_eq!(trace.written_at(last), encoded, "the last step of {input:?}");
            assert!(encoded.is_ascii(), "non-ASCII output {encoded:?}");
            assert_eq!(decode(&encoded).as_deref(), Ok(input), "round trip via {encoded:?}");
        }
        Err(error) => assert_eq!(error.kind, PunycodeErrorKind::Overflow, "{input:?}"),
    }
});
