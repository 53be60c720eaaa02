//! Batch conversion throughput: idna-inspector (ToUnicode + ToASCII N + ToASCII T
//! per line, untraced) against the `idna` crate (rust-url) on the same
//! generated 100,000-line corpus, in the same run.

use criterion::{BenchmarkId, Criterion, Throughput, black_box, criterion_group, criterion_main};
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
use idna_inspector::MappingTable;
use idna_inspector::uts46::{Options, Uts46};

#[path = "corpus.rs"]
mod corpus;
use corpus::{LINES, corpus};

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
