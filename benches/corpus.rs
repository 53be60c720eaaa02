//! The generated benchmark corpus, shared by `benches/batch.rs` and the
//! callgrind drivers in `examples/` (deterministic: same lines every run).

pub const LINES: usize = 100_000;

/// A deterministic mix: plain ASCII names (lower and upper case), IDNs in
/// several scripts, A-labels, deviations, and invalid names.
pub fn corpus() -> Vec<String> {
    const WORDS: [&str; 24] = [
        "example",
        "mail",
        "Shop",
        "WWW",
        "bücher",
        "faß",
        "münchen-ost",
        "βόλος",
        "правда",
        "пример",
        "日本語",
        "例え",
        "도메인",
        "ยจฆฟคฏข",
        "مثال",
        "דוגמה",
        "उदाहरण",
        "😉",
        "xn--bcher-kva",
        "xn--fa-hia",
        "a-b_c",
        "-bad-",
        "ab--cd",
        "straße",
    ];
    const TLDS: [&str; 8] = ["com", "de", "org", "jp", "рф", "xn--p1ai", "co.uk", "DE"];
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    (0..LINES)
        .map(|_| {
            let labels = 1 + next(3);
            let mut name: Vec<&str> = (0..labels).map(|_| WORDS[next(WORDS.len())]).collect();
            name.push(TLDS[next(TLDS.len())]);
            name.join(".")
        })
        .collect()
}
