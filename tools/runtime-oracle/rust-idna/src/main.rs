//! The rust-idna runtime of tools/runtime-oracle/oracle.py: the idna
//! crate's `idna::domain_to_ascii` on each line of standard input (UTF-8,
//! one name a line, split on "\n" only), in one process. Prints one JSON
//! object a name, in input order:
//!   {"input": NAME, "outcome": "ascii", "host": ASCII}
//!   {"input": NAME, "outcome": "error", "error": DISPLAY}
//! where DISPLAY is the `Display` text of the crate's `Errors`.
use std::io::{Read, Write};

/// `text` as a JSON string (quotes, backslashes and control characters escaped).
fn json(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 || c == '\u{7F}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).expect("UTF-8 on standard input");
    let mut names: Vec<&str> = input.split('\n').collect();
    if names.last() == Some(&"") {
        names.pop();
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    for name in names {
        let line = match idna::domain_to_ascii(name) {
            Ok(host) => format!("{{\"input\":{},\"outcome\":\"ascii\",\"host\":{}}}", json(name), json(&host)),
            Err(error) => format!(
                "{{\"input\":{},\"outcome\":\"error\",\"error\":{}}}",
                json(name),
                json(&error.to_string())
            ),
        };
        writeln!(out, "{line}").expect("standard output");
    }
}
