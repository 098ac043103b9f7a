//! Criterion benchmarks of the engine: counting to 2 solutions (the
//! uniqueness check), single thread, on a sample of each shared data set.
//!
//! The sets live in `../shared/data` beside the repository (not in it); a
//! missing set is skipped with a note. `SUDOKIT_BENCH_SAMPLE` sets how many
//! puzzles of each file are taken (default 1000).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::PathBuf;
use sudokit::{Grid, engine};

const SETS: [&str; 6] = [
    "17_clue",
    "top1465",
    "forum_hardest_1905",
    "forum_hardest_1106",
    "serg_benchmark",
    "random_minimal_100k",
];

/// The shared data directory: `$SUDOKIT_DATA`, else `../shared/data` from the
/// workspace root.
fn data_dir() -> PathBuf {
    std::env::var_os("SUDOKIT_DATA").map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"),
        PathBuf::from,
    )
}

fn load(name: &str, sample: usize) -> Option<Vec<Grid>> {
    let text = std::fs::read_to_string(data_dir().join(format!("{name}.txt"))).ok()?;
    Some(
        text.lines()
            .filter(|l| l.trim().len() >= 81)
            .take(sample)
            .filter_map(|l| l.trim().parse().ok())
            .collect(),
    )
}

fn count_to_two(c: &mut Criterion) {
    let sample = std::env::var("SUDOKIT_BENCH_SAMPLE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut group = c.benchmark_group("count_to_2");
    group.sample_size(10);
    for name in SETS {
        let Some(puzzles) = load(name, sample) else {
            eprintln!("skipping {name}: not found in {}", data_dir().display());
            continue;
        };
        if puzzles.is_empty() {
            continue;
        }
        // One iteration is the whole sample: criterion's time per element
        // is then the time per puzzle.
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                puzzles
                    .iter()
                    .map(|g| engine::count_solutions(black_box(g), 2))
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

fn solve_one(c: &mut Criterion) {
    let Some(puzzles) = load("top1465", 200) else {
        return;
    };
    c.bench_function("solve_one/top1465_200", |b| {
        b.iter(|| {
            puzzles
                .iter()
                .filter(|g| engine::solve_one(black_box(g)).is_some())
                .count()
        })
    });
}

criterion_group!(benches, count_to_two, solve_one);
criterion_main!(benches);
