//! Firefox's own IPv4 parser (`netwerk/base/IPv4Parser.cpp`,
//! mozilla-firefox 2025), which `nsStandardURL::BuildNormalizedSpec` runs
//! on the host `NormalizeIDN` made when `IPv4Parser::EndsInANumber` holds
//! (the URL Standard's ends-in-a-number checker, which
//! [`crate::profiles::whatwg`] ports). It checks the host's characters in
//! one pass (`ValidateIPv4Number`) before any number is read, and refuses
//! an `x` as the host's last character ("no trailing X"): `1.2.3.0x`, `0x`
//! and `1.0X.` are no addresses, where the URL Standard reads a bare `0x`
//! as 0. Everything else it decides as the Standard's IPv4 parser does
//! (`tests/real_browsers.rs`, the URL-syntax corpus).

/// `NormalizeIPv4`: the address `host` spells, in dotted decimal (four
/// parts, as `nsStandardURL` writes it back into the URL), or which check
/// refused it. `host`: ASCII, the result of domain to ASCII.
pub(crate) fn normalize_ipv4(host: &str) -> Result<String, &'static str> {
    let bytes = host.as_bytes();
    // One trailing dot is dropped and remembered.
    let (filtered, trailing_dot) = match bytes.split_last() {
        Some((b'.', rest)) => (rest, true),
        _ => (bytes, false),
    };
    let length = filtered.len();
    let validated = validate_ipv4_number(filtered, trailing_dot)?;
    let dot_count = validated.dot_count;
    let parse = |part: &[u8], base: u32, max: u32| match validated.only_base10 {
        true => parse_ipv4_number10(part, max),
        false => parse_ipv4_number(part, base, max),
    };
    // The last part first, against its bound; then the others, each at most 255.
    const UPPER_BOUNDS: [u32; 4] = [0xFFFF_FFFF, 0xFF_FFFF, 0xFFFF, 0xFF];
    let start = if dot_count > 0 {
        validated.dot_index[dot_count - 1] + 1
    } else {
        0
    };
    let mut ipv4 = parse(&filtered[start..length], validated.bases[dot_count], UPPER_BOUNDS[dot_count])?;
    let mut start = 0;
    for (i, &dot) in validated.dot_index[..dot_count].iter().enumerate() {
        let number = parse(&filtered[start..dot], validated.bases[i], 255)?;
        ipv4 = ipv4.wrapping_add(number << (8 * (3 - i)));
        start = dot + 1;
    }
    let [a, b, c, d] = ipv4.to_be_bytes();
    Ok(format!("{a}.{b}.{c}.{d}"))
}

/// What `ValidateIPv4Number` found: the dots, and each part's base.
struct Validated {
    /// The number of dots (0 to 3); the parts are one more.
    dot_count: usize,
    /// Where each dot is.
    dot_index: [usize; 3],
    /// Each part's base: 10, 8 (a leading `0`) or 16 (`0x`).
    bases: [u32; 4],
    /// Every part is decimal.
    only_base10: bool,
}

/// `ValidateIPv4Number` over `host` (without its one trailing dot,
/// `trailing_dot` saying whether there was one): each character is checked
/// where it stands, in upstream's order, and the first that fails says why.
fn validate_ipv4_number(host: &[u8], trailing_dot: bool) -> Result<Validated, &'static str> {
    let length = host.len();
    if length == 0 {
        return Err("ValidateIPv4Number: empty");
    }
    let mut validated = Validated {
        dot_count: 0,
        dot_index: [0; 3],
        bases: [10; 4],
        only_base10: true,
    };
    let mut last_was_number = false;
    for (i, &current) in host.iter().enumerate() {
        let part = validated.dot_count;
        match current {
            b'.' => {
                let after_bare_hex_prefix = i >= 2 && (host[i - 1] | 0x20) == b'x' && host[i - 2] == b'0';
                if !(last_was_number || after_bare_hex_prefix) {
                    return Err("ValidateIPv4Number: a dot first or after a dot");
                }
                if i == length - 1 && trailing_dot {
                    return Err("ValidateIPv4Number: two trailing dots");
                }
                if part > 2 {
                    return Err("ValidateIPv4Number: more than four parts");
                }
                last_was_number = false;
                validated.dot_index[part] = i;
                validated.dot_count += 1;
            }
            b'x' | b'X' => {
                if !last_was_number {
                    return Err("ValidateIPv4Number: an x first, after a dot or after an x");
                }
                if i == length - 1 {
                    return Err("ValidateIPv4Number: no trailing X (a bare 0x ends the host)");
                }
                if (part == 0 && i != 1) || host[i - 1] != b'0' || (part > 0 && host[i - 2] != b'.') {
                    return Err("ValidateIPv4Number: an x not right after a part's leading 0");
                }
                last_was_number = false;
                validated.bases[part] = 16;
                validated.only_base10 = false;
            }
            b'0' => {
                // A part's leading zero, not alone, is a candidate for octal (an x makes it hex).
                if i < length - 1 && host[i + 1] != b'.' && (i == 0 || host[i - 1] == b'.') {
                    validated.bases[part] = 8;
                    validated.only_base10 = false;
                }
                last_was_number = true;
            }
            b'1'..=b'7' => last_was_number = true,
            b'8' | b'9' => {
                if validated.bases[part] == 8 {
                    return Err("ValidateIPv4Number: 8 or 9 in an octal part");
                }
                last_was_number = true;
            }
            b'a'..=b'f' | b'A'..=b'F' => {
                if validated.bases[part] != 16 {
                    return Err("ValidateIPv4Number: a hex digit outside a 0x part");
                }
                last_was_number = true;
            }
            _ => return Err("ValidateIPv4Number: not a digit, x or dot"),
        }
    }
    Ok(validated)
}

/// `ParseIPv4Number10`: a decimal part, at most `max`; over 32 bits it
/// fails at once (the accumulator never wraps).
fn parse_ipv4_number10(part: &[u8], max: u32) -> Result<u32, &'static str> {
    let mut value = 0u64;
    for &c in part {
        value = value * 10 + u64::from(c - b'0');
        if value > 0xFFFF_FFFF {
            return Err("ParseIPv4Number10: over 32 bits");
        }
    }
    u32::try_from(value)
        .ok()
        .filter(|&value| value <= max)
        .ok_or("ParseIPv4Number10: over the part's limit")
}

/// `ParseIPv4Number`: a part in `base` (8: after its `0`; 16: after its
/// `0x`), at most `max`; over 32 bits it fails at once.
fn parse_ipv4_number(part: &[u8], base: u32, max: u32) -> Result<u32, &'static str> {
    let skip = match base {
        16 => 2,
        8 => 1,
        _ => 0,
    };
    let mut value = 0u64;
    for &c in &part[skip.min(part.len())..] {
        let digit = (c as char).to_digit(16).unwrap_or(0);
        value = value * u64::from(base) + u64::from(digit);
        if value > 0xFFFF_FFFF {
            return Err("ParseIPv4Number: over 32 bits");
        }
    }
    u32::try_from(value)
        .ok()
        .filter(|&value| value <= max)
        .ok_or("ParseIPv4Number: over the part's limit")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiles::whatwg;

    /// The upstream checks one by one: a bare `0x` is refused only as the
    /// host's last characters; the rest as the URL Standard decides.
    #[test]
    fn a_trailing_x_is_refused_and_the_rest_read_as_the_standard() {
        for (host, expected) in [
            ("1.2.3.4", Ok("1.2.3.4")),
            ("0x7f.1", Ok("127.0.0.1")),
            ("0x.1.2.3", Ok("0.1.2.3")),
            ("1.0x.2.3", Ok("1.0.2.3")),
            ("0x0", Ok("0.0.0.0")),
            ("0377.0xff.8.010", Ok("255.255.8.8")),
            ("4294967295", Ok("255.255.255.255")),
            ("1.2.3.4.", Ok("1.2.3.4")),
            ("127.", Ok("0.0.0.127")),
            ("0XA.0XB.0XC.0XD", Ok("10.11.12.13")),
            ("1.2.3.0x", Err("ValidateIPv4Number: no trailing X (a bare 0x ends the host)")),
            ("0x", Err("ValidateIPv4Number: no trailing X (a bare 0x ends the host)")),
            ("1.0X.", Err("ValidateIPv4Number: no trailing X (a bare 0x ends the host)")),
            ("0x.0x", Err("ValidateIPv4Number: no trailing X (a bare 0x ends the host)")),
            ("4294967296", Err("ParseIPv4Number10: over 32 bits")),
            ("18446744073709551616", Err("ParseIPv4Number10: over 32 bits")),
            ("0x10000000000000001", Err("ParseIPv4Number: over 32 bits")),
            ("256.1", Err("ParseIPv4Number10: over the part's limit")),
            ("1.256", Ok("1.0.1.0")),
            ("08", Err("ValidateIPv4Number: 8 or 9 in an octal part")),
            ("1.2.3.4.5", Err("ValidateIPv4Number: more than four parts")),
            ("1..2", Err("ValidateIPv4Number: a dot first or after a dot")),
            ("1.0xg", Err("ValidateIPv4Number: not a digit, x or dot")),
            ("1.a", Err("ValidateIPv4Number: a hex digit outside a 0x part")),
        ] {
            assert_eq!(normalize_ipv4(host).as_deref(), expected.as_deref(), "{host}");
        }
    }

    /// On every host of up to six characters from the bytes a number can
    /// hold (and on longer ones of the same bytes, drawn), that the URL
    /// Standard's ends-in-a-number checker sends to the IPv4 parser,
    /// Firefox's parser gives the Standard's address, or fails where the
    /// Standard fails, but for the hosts whose last character (before one
    /// trailing dot) is the `x` of a bare `0x`, which Firefox alone refuses.
    #[test]
    fn firefox_and_the_standard_differ_only_on_a_trailing_x() {
        let engine = crate::uts46::Uts46::new();
        const BYTES: &[u8] = b"0178x.9aF";
        let all = crate::browsers::tests::number_hosts(BYTES, 0x9E37_79B9_7F4A_7C15u64, 7, 18);
        let (mut compared, mut trailing_x) = (0, 0);
        for host in all.iter().filter(|host| whatwg::ends_in_a_number(host)) {
            let standard = match whatwg::host(&engine, host) {
                Ok(address) => Some(address.serialize()),
                Err(_) => None,
            };
            let firefox = normalize_ipv4(host).ok();
            let last = host.strip_suffix('.').unwrap_or(host);
            if last.ends_with(['x', 'X']) && standard.is_some() {
                assert_eq!(firefox, None, "{host}");
                trailing_x += 1;
            } else {
                assert_eq!(firefox, standard, "{host}");
            }
            compared += 1;
        }
        assert!(compared > 100_000 && trailing_x > 100, "{compared} {trailing_x}");
    }
}
