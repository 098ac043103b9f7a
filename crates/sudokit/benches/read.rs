//! Criterion benchmark of the text reader: every puzzle of
//! `tests/data/random_minimal_2000.txt` (line format) read from memory,
//! single thread. Parsing sits on the command line's hot path, beside an
//! engine that needs about 4 µs per puzzle of this set.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudokit::format::read_puzzles;

fn read_file(c: &mut Criterion) {
    let path = format!(
        "{}/../../tests/data/random_minimal_2000.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles = read_puzzles(&bytes).len();
    let mut group = c.benchmark_group("read");
    group.throughput(Throughput::Elements(puzzles as u64));
    group.bench_function("random_minimal_2000", |b| {
        b.iter(|| black_box(read_puzzles(black_box(&bytes))).len())
    });
    group.finish();
}

criterion_group!(benches, read_file);
criterion_main!(benches);
