//! The benchmark's peers as whole processes over a file, for timing the way
//! the figures were taken (`/usr/bin/time`, process start to end):
//! `peer_process FILE lowercase` lowercases each line, `peer_process FILE
//! idna` gives it to the `idna` crate's ToASCII (STD3, hyphen checks, DNS
//! length). Lines are read through a 64 KiB buffer by `read_until` LF, as
//! bytes (no UTF-8 check). Prints the line count and how many the peer
//! flagged (uppercase letters for lowercasing, errors for the idna crate).
//! Compare with `idna-inspector batch FILE --format summary`.

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
use std::io::{BufRead, BufReader};

fn main() {
    let mut args = std::env::args().skip(1);
    let path = args.next().expect("usage: peer_process FILE lowercase|idna");
    let peer = args.next().unwrap_or_else(|| "lowercase".into());
    let file = std::fs::File::open(&path).expect("an input file");
    let mut source = BufReader::with_capacity(1 << 16, file);
    let idna = idna::uts46::Uts46::new();
    let (mut lines, mut flagged) = (0u64, 0u64);
    let mut line = Vec::new();
    while source.read_until(b'\n', &mut line).expect("reading the file") > 0 {
        let bytes = line.strip_suffix(b"\n").unwrap_or(&line);
        let flag = match peer.as_str() {
            "idna" => idna
                .to_ascii(bytes, AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
                .is_err(),
            _ => bytes.to_ascii_lowercase() != bytes,
        };
        flagged += u64::from(flag);
        lines += 1;
        line.clear();
    }
    println!("{lines} lines, {flagged} flagged by {peer}");
}
