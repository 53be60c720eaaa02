//! Runs one benchmark corpus (argument: mixed, ascii or idn; default mixed)
//! once through the `idna` crate's ToASCII, the peer of `profile_batch`
//! under callgrind.

#[path = "../benches/corpus.rs"]
mod corpus;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};

fn main() {
    let kind = match std::env::args().nth(1).as_deref() {
        Some("ascii") => corpus::Kind::Ascii,
        Some("idn") => corpus::Kind::Idn,
        _ => corpus::Kind::Mixed,
    };
    let corpus = corpus::generate(kind);
    let peer = idna::uts46::Uts46::new();
    let mut failed = 0;
    for line in &corpus {
        failed += usize::from(
            peer.to_ascii(line.as_bytes(), AsciiDenyList::STD3, Hyphens::Check, DnsLength::Verify)
                .is_err(),
        );
    }
    eprintln!("{} lines ({failed} with errors)", corpus.len());
}
