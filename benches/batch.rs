//! Batch conversion throughput: idna-inspector (ToUnicode + ToASCII N + ToASCII T
//! per line, untraced) against the `idna` crate (rust-url) on the same
//! generated 100,000-line corpus, in the same run.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
use idna_inspector::MappingTable;
use idna_inspector::uts46::{Options, Uts46};

const LINES: usize = 100_000;

/// A deterministic mix: plain ASCII names (lower and upper case), IDNs in
/// several scripts, A-labels, deviations, and invalid names.
fn corpus() -> Vec<String> {
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

fn batch(c: &mut Criterion) {
    let corpus = corpus();
    let engine = Uts46::new();
    let options = Options::default();
    let peer = idna::uts46::Uts46::new();
    let mut group = c.benchmark_group("batch_100k");
    group.throughput(Throughput::Elements(LINES as u64));
    group.sample_size(10);
    group.bench_function(BenchmarkId::new("idna-inspector", "N+T+ToUnicode"), |b| {
        b.iter(|| {
            for line in &corpus {
                black_box(engine.process(black_box(line), &options));
            }
        })
    });
    group.bench_function(BenchmarkId::new("idna crate", "to_ascii STD3+hyphens+DNS length"), |b| {
        b.iter(|| {
            for line in &corpus {
                let _ = black_box(peer.to_ascii(
                    black_box(line.as_bytes()),
                    AsciiDenyList::STD3,
                    Hyphens::Check,
                    DnsLength::Verify,
                ));
            }
        })
    });
    group.finish();
}

fn table_parse(c: &mut Criterion) {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tables/IdnaMappingTable.txt")).unwrap();
    c.bench_function("parse IdnaMappingTable.txt (16.0.0)", |b| {
        b.iter(|| MappingTable::from_text(black_box(&text), idna_inspector::table::TableSource::Bundled).unwrap())
    });
}

criterion_group!(benches, batch, table_parse);
criterion_main!(benches);
