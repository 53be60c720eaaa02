//! Runs the benchmark corpus once through the `idna` crate's ToASCII, the
//! peer of `profile_batch` under callgrind.

#[path = "../benches/corpus.rs"]
mod corpus;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};

fn main() {
    let corpus = corpus::corpus();
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
