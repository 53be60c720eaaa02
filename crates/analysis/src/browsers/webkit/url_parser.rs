//! WebKit's own IPv4 parser (`Source/WTF/wtf/URLParser.cpp`:
//! `parseIPv4Host`, `parseIPv4Piece`), which `parseHostAndPort` runs on
//! every ASCII domain before it asks whether the domain ends in a number.
//! Where the URL Standard's parser fails, it fails too; but a part whose
//! number passes 32 bits stops where it overflowed, and the parser reads
//! the rest as the next part, without a dot. A host with such a part and
//! no part that is no number at all (`42949672950x`: `4294967295`
//! overflows at the next `0`, and `0x` is the hexadecimal 0) is refused,
//! though it does not end in a number and the Standard takes it for a domain.

/// How a part ended, when it is no number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PieceError {
    /// `IPv4PieceParsingError::Failure`: a character that is no digit of the part's base.
    Failure,
    /// `IPv4PieceParsingError::Overflow`: the number passed 32 bits.
    Overflow,
}

/// `IPv4ParsingError`: why `host` is no IPv4 address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ipv4ParsingError {
    /// `NotIPv4`: the host is a domain (unless it ends in a number).
    NotIpv4,
    /// `Failure`: the host is invalid, with what failed.
    Failure(&'static str),
}

/// `parseIPv4Host` over an ASCII domain (no tabs or newlines: the URL
/// parser took them out): the address, or whether the host is no IPv4
/// address at all or an invalid one.
pub(crate) fn parse_ipv4_host(host: &[u8]) -> Result<u32, Ipv4ParsingError> {
    let mut items: Vec<Result<u32, PieceError>> = Vec::with_capacity(4);
    let mut at = 0;
    if host.first() == Some(&b'.') {
        return Err(Ipv4ParsingError::NotIpv4);
    }
    while at < host.len() {
        if items.len() >= 4 {
            return Err(Ipv4ParsingError::NotIpv4);
        }
        items.push(parse_ipv4_piece(host, &mut at));
        if host.get(at) == Some(&b'.') {
            at += 1;
            if host.get(at) == Some(&b'.') {
                return Err(Ipv4ParsingError::NotIpv4);
            }
        }
    }
    if items.is_empty() || items.contains(&Err(PieceError::Failure)) {
        return Err(Ipv4ParsingError::NotIpv4);
    }
    if items.contains(&Err(PieceError::Overflow)) {
        return Err(Ipv4ParsingError::Failure("a part past 32 bits"));
    }
    let numbers: Vec<u32> = items.into_iter().flatten().collect();
    let (&last, rest) = numbers.split_last().ok_or(Ipv4ParsingError::NotIpv4)?;
    if rest.iter().any(|&number| number > 255) {
        return Err(Ipv4ParsingError::Failure("a part but the last over 255"));
    }
    if u64::from(last) >= 256u64.pow(5 - numbers.len() as u32) {
        return Err(Ipv4ParsingError::Failure("the last part over its limit"));
    }
    let address = rest.iter().enumerate().fold(u64::from(last), |address, (counter, &number)| {
        address + u64::from(number) * 256u64.pow(3 - counter as u32)
    });
    Ok(address as u32)
}

/// `parseIPv4Piece` from `*at`: the part's number up to a dot or the end;
/// on a failure `*at` stays at the character that failed (the caller
/// reads on from there as the next part).
fn parse_ipv4_piece(host: &[u8], at: &mut usize) -> Result<u32, PieceError> {
    #[derive(Clone, Copy)]
    enum State {
        UnknownBase,
        Decimal,
        OctalOrHex,
        Octal,
        Hex,
    }
    let mut state = State::UnknownBase;
    let mut value = 0u32;
    if host.get(*at) == Some(&b'.') {
        return Err(PieceError::Failure);
    }
    while let Some(&c) = host.get(*at) {
        if c == b'.' {
            return Ok(value);
        }
        let (base, digit) = match state {
            State::UnknownBase => {
                state = match c {
                    b'0' => {
                        *at += 1;
                        State::OctalOrHex
                    }
                    _ => State::Decimal,
                };
                continue;
            }
            State::OctalOrHex => {
                state = match c {
                    b'x' | b'X' => {
                        *at += 1;
                        State::Hex
                    }
                    _ => State::Octal,
                };
                continue;
            }
            State::Decimal => (10, (c as char).to_digit(10)),
            State::Octal => (8, (c as char).to_digit(8)),
            State::Hex => (16, (c as char).to_digit(16)),
        };
        let digit = digit.ok_or(PieceError::Failure)?;
        value = value
            .checked_mul(base)
            .and_then(|value| value.checked_add(digit))
            .ok_or(PieceError::Overflow)?;
        *at += 1;
    }
    Ok(value)
}

/// True when some run of hexadecimal digits in `host` is long enough for
/// a part to pass 32 bits (nine digits at least): the only hosts
/// [`parse_ipv4_host`] may refuse where the URL Standard sees a domain.
pub(crate) fn may_overflow_a_part(host: &str) -> bool {
    let mut run = 0;
    for byte in host.bytes() {
        run = if byte.is_ascii_hexdigit() { run + 1 } else { 0 };
        if run >= 9 {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::whatwg;

    /// The parts read as WebKit reads them: a part that overflows hands
    /// the rest of its characters to the next part.
    #[test]
    fn an_overflowing_part_hands_its_rest_to_the_next() {
        let failure = |why| Err(Ipv4ParsingError::Failure(why));
        for (host, expected) in [
            ("1.2.3.4", Ok(0x0102_0304)),
            ("0x7f.1", Ok(0x7F00_0001)),
            ("0x.1.2.3", Ok(0x0001_0203)),
            ("1.2.3.0x", Ok(0x0102_0300)),
            ("4294967295", Ok(u32::MAX)),
            ("example.com", Err(Ipv4ParsingError::NotIpv4)),
            ("1.2.3.4.5", Err(Ipv4ParsingError::NotIpv4)),
            ("1..2", Err(Ipv4ParsingError::NotIpv4)),
            ("42949672950x", failure("a part past 32 bits")),
            ("0x100000000x", failure("a part past 32 bits")),
            ("1.42949672950x", failure("a part past 32 bits")),
            ("42949672950x1", failure("a part past 32 bits")),
            // The rest is no number: a domain.
            ("99999999999x", Err(Ipv4ParsingError::NotIpv4)),
            ("4294967296x", Err(Ipv4ParsingError::NotIpv4)),
            ("42949672950x.com", Err(Ipv4ParsingError::NotIpv4)),
            // The rest makes a fifth part: a domain.
            ("1.2.3.42949672950x", Err(Ipv4ParsingError::NotIpv4)),
            ("256.1", failure("a part but the last over 255")),
            ("1.16777216", failure("the last part over its limit")),
        ] {
            assert_eq!(parse_ipv4_host(host.as_bytes()), expected, "{host}");
        }
    }

    /// On hosts of the bytes a number can hold, short and long: where the
    /// URL Standard sees an address, WebKit's parser sees the same one;
    /// where the Standard fails or sees a domain, WebKit's parser gives no
    /// address; and it refuses a domain of the Standard's only when a run
    /// of nine hexadecimal digits or more is in it ([`may_overflow_a_part`]).
    #[test]
    fn webkit_and_the_standard_differ_only_on_an_overflowing_part() {
        let engine = crate::uts46::Uts46::new();
        const BYTES: &[u8] = b"09x.f7a";
        let mut all = crate::browsers::tests::number_hosts(BYTES, 0x2545_F491_4F6C_DD1Du64, 9, 16);
        // Numbers that overflow, around them what may make the rest a number.
        for prefix in ["", "1.", "1.2.", "1.2.3.", "a.", "0x."] {
            for big in [
                "42949672950",
                "4294967296",
                "99999999999",
                "0x100000000",
                "040000000000",
                "0xfffffffff",
            ] {
                for suffix in ["", "x", "0x", "1", "x1", "x.1", ".com", "0", "00", "x.", "7", "f"] {
                    all.push(format!("{prefix}{big}{suffix}"));
                }
            }
        }
        let mut refused_domains = 0;
        for host in &all {
            let webkit = parse_ipv4_host(host.as_bytes());
            match whatwg::host(&engine, host) {
                Ok(whatwg::Host::Ipv4(address)) => assert_eq!(webkit, Ok(address), "{host}"),
                Ok(whatwg::Host::Domain(_)) => {
                    assert!(webkit.is_err(), "{host}");
                    if matches!(webkit, Err(Ipv4ParsingError::Failure(_))) {
                        assert!(may_overflow_a_part(host), "{host}");
                        refused_domains += 1;
                    }
                }
                _ => assert!(webkit.is_err(), "{host}"),
            }
        }
        assert!(refused_domains > 10, "{refused_domains}");
    }
}
