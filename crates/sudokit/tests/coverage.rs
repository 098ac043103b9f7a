//! Coverage: with sudokit's default technique set (HoDoKu's default set,
//! then Sudoku Explainer's dynamic and nested forcing chains), the
//! human-style solver finishes every puzzle of top1465, forum_hardest_1106
//! and a 1 000-puzzle sample of forum_hardest_1905 (every 48th) without a
//! guess, and every step is checked against the solution.

use rayon::prelude::*;
use sudokit::format::read_puzzles;
use sudokit::logic::solver::{self, Options, SolvedStep, Status};
use sudokit::{Grid, engine};

fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_puzzles(&bytes)
        .into_iter()
        .map(|p| p.unwrap_or_else(|e| panic!("{name}:{e}")).grid)
        .collect()
}

/// The puzzles of `name` the default set does not finish, with why.
fn unfinished(name: &str) -> Vec<String> {
    sample(name)
        .par_iter()
        .filter_map(|puzzle| {
            let outcome = solver::solve(puzzle, &Options::default()).ok()?;
            let guessed = outcome
                .steps
                .iter()
                .any(|s| matches!(s, SolvedStep::Guess { .. }));
            let solution = engine::solve_one(puzzle)?;
            match outcome.status {
                Status::Solved if !guessed && outcome.grid == solution => None,
                Status::Solved => Some(format!("{puzzle}: guessed or wrong")),
                Status::Stuck => {
                    let last = outcome.steps.last().map_or("-", SolvedStep::name);
                    Some(format!("{puzzle}: stuck after {last}"))
                }
            }
        })
        .collect()
}

fn assert_finishes(name: &str) {
    let left = unfinished(name);
    assert!(
        left.is_empty(),
        "{name}: {} not finished, e.g. {:?}",
        left.len(),
        &left[..left.len().min(5)]
    );
}

#[test]
fn top1465_is_finished() {
    assert_finishes("top1465.txt");
}

#[test]

fn forum_hardest_1106_is_finished() {
    assert_finishes("forum_hardest_1106.txt");
}

#[test]

fn forum_hardest_1905_sample_is_finished() {
    assert_finishes("forum_hardest_1905_1000.txt");
}
