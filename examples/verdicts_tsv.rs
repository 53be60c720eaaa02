//! Reads hosts from standard input, one a line (UTF-8; split on `\n` only,
//! a trailing `\r` dropped; empty lines and lines starting with `# ` are
//! skipped), and prints per host and browser
//! `input<TAB>browser<TAB>shown<TAB>display<TAB>rule`, for the three
//! browsers of `idna_inspector::browsers::verdicts`, in the order
//! chromium, firefox, webkit. Used to compare the ports with the real
//! browsers (`tools/browser-oracle/`):
//!
//! ```text
//! cargo build --release --example verdicts_tsv
//! target/release/examples/verdicts_tsv < tests/data/real_browsers/words.txt > /tmp/ours.tsv
//! ```
//!
//! `display` is `unicode`, `punycode` or `rejected` (the URL parser refuses
//! the host; `shown` is then empty, as the oracle writes it).

use idna_inspector::browsers::{self, Display, chromium};
use std::io::{BufRead, BufWriter, Write};

fn main() {
    let top_domains = chromium::TopDomains::default();
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.split(b'\n') {
        let line = line.expect("reading stdin");
        let line = String::from_utf8(line).expect("stdin is UTF-8");
        let input = line.strip_suffix('\r').unwrap_or(&line);
        if input.is_empty() || input.starts_with("# ") {
            continue;
        }
        let verdicts = browsers::verdicts(input, &top_domains);
        for verdict in verdicts.all() {
            let class = verdict.display.name();
            // A rejected host does not load: the oracle writes no shown host.
            let shown = if verdict.display == Display::Rejected {
                ""
            } else {
                verdict.shown.as_str()
            };
            writeln!(
                out,
                "{input}\t{}\t{shown}\t{class}\t{}",
                verdict.browser.key(),
                verdict.rule.name()
            )
            .expect("writing stdout");
        }
    }
    out.flush().expect("writing stdout");
}
