//! Criterion benchmarks of the human-style grader ([`sudokit::grade::grade`]:
//! the HoDoKu-style walk and the SE-style walk), single thread, on the
//! samples in the repository's `tests/data`, one batch of puzzles per
//! iteration; and the HoDoKu-style walk alone. `sudokit bench --grade
//! FILE` times whole files instead.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudokit::Grid;
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::{self, Options};

/// The samples graded: easy to hard.
const SAMPLES: [&str; 3] = [
    "random_minimal_200.txt",
    "17_clue_200.txt",
    "top1465_200.txt",
];

/// The first `n` puzzles of a sample.
fn load(name: &str, n: usize) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| l.trim().parse().ok())
        .take(n)
        .collect()
}

fn grade_samples(c: &mut Criterion) {
    let options = GradeOptions::default();
    let mut group = c.benchmark_group("grade");
    group.sample_size(10);
    for name in SAMPLES {
        let puzzles = load(name, 100);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name.trim_end_matches(".txt"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(grade::grade(black_box(p), &options).ok());
                }
            })
        });
    }
    group.finish();
}

/// The HoDoKu-style walk alone (what [`grade::grade`] runs for the level
/// and score: the solver on HoDoKu's default set).
fn hodoku_walk(c: &mut Criterion) {
    let options = Options::with_techniques(grade::hodoku_default_set());
    let mut group = c.benchmark_group("hodoku_walk");
    group.sample_size(10);
    for name in SAMPLES {
        let puzzles = load(name, 100);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name.trim_end_matches(".txt"), |b| {
            b.iter(|| {
                for p in &puzzles {
                    black_box(solver::solve(black_box(p), &options).ok());
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, grade_samples, hodoku_walk);
criterion_main!(benches);
