//! Test harness shared by the technique families: runs the techniques on real
//! puzzles and checks every placement and elimination against the solution,
//! and the small helpers their tests use to write positions.

use crate::candidates::{Candidates, DigitSet};
use crate::engine;
use crate::format::read_puzzles;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::{Step, Technique, find_steps};

/// The puzzles of a sample in the repository's `tests/data`.
pub(crate) fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read_puzzles(&bytes)
        .into_iter()
        .map(|p| p.expect("sample puzzles parse").grid)
        .collect()
}

/// Panics unless every placement of `step` is the solution's digit and every
/// elimination removes a current candidate that is not the solution's digit.
pub(crate) fn assert_sound(step: &Step, grid: &Grid, candidates: &Candidates, solution: &Grid) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "unsound placement in {step} on {grid}"
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert!(
            candidates.get(cell).contains(digit),
            "{step} eliminates a non-candidate {cell}<>{digit} on {grid}"
        );
        assert_ne!(
            solution.get(cell),
            Some(digit),
            "unsound elimination {cell}<>{digit} in {step} on {grid}"
        );
    }
}

/// Walks each puzzle with every available technique, simplest (declaration
/// order) first, applying one step at a time; at every position it also runs
/// `target` and checks all its steps. Every step of every technique met on
/// the way is checked. Returns how many productive `target` steps were seen.
pub(crate) fn check_technique(target: Technique, puzzles: &[Grid]) -> usize {
    let mut seen = 0;
    for puzzle in puzzles {
        let solution = engine::solve_one(puzzle).expect("sample puzzles are solvable");
        let mut grid = *puzzle;
        let mut candidates = Candidates::from_grid(&grid);
        for _ in 0..400 {
            for step in find_steps(target, &grid, &candidates) {
                assert_sound(&step, &grid, &candidates, &solution);
                seen += usize::from(step.is_productive());
            }
            let next = Technique::available().find_map(|t| {
                let steps = find_steps(t, &grid, &candidates);
                steps
                    .iter()
                    .for_each(|s| assert_sound(s, &grid, &candidates, &solution));
                steps.into_iter().find(Step::is_productive)
            });
            match next {
                Some(step) => {
                    step.apply(&mut grid, &mut candidates);
                }
                None => break,
            }
        }
    }
    seen
}

/// Asserts that each of `techniques` is sound and fires at least once on the
/// first 50 puzzles of four samples (200 puzzles, easy to very hard).
pub(crate) fn assert_each_fires(techniques: &[Technique]) {
    let puzzles: Vec<Grid> = [
        "top1465_200.txt",
        "random_minimal_200.txt",
        "forum_hardest_1905_100.txt",
        "17_clue_200.txt",
    ]
    .iter()
    .flat_map(|name| sample(name).into_iter().take(50))
    .collect();
    for &t in techniques {
        assert!(check_technique(t, &puzzles) > 0, "{t} never fires");
    }
}

#[test]
fn singles_are_sound_and_fire() {
    let puzzles = sample("random_minimal_200.txt");
    assert!(check_technique(Technique::HiddenSingle, &puzzles[..20]) > 0);
}

/// Cell `r{r}c{col}`, 1-based, as the technique tests write positions.
pub(crate) fn c(r: usize, col: usize) -> Cell {
    Cell::at(r - 1, col - 1).unwrap()
}

/// The set of the digits listed.
pub(crate) fn set(digits: &[u8]) -> DigitSet {
    digits.iter().map(|&d| Digit::new(d).unwrap()).collect()
}

/// An empty grid with every candidate everywhere, for tests to carve.
pub(crate) fn open() -> (Grid, Candidates) {
    let g = Grid::empty();
    (g, Candidates::from_grid(&g))
}

/// The eliminations of `step` as `r1c2<>3`, in step order.
pub(crate) fn elims(step: &Step) -> Vec<String> {
    step.eliminations
        .iter()
        .map(|(c, d)| format!("{c}<>{d}"))
        .collect()
}

/// The placements of `step` as `r1c2=3`, in step order.
pub(crate) fn placements(step: &Step) -> Vec<String> {
    step.placements
        .iter()
        .map(|(c, d)| format!("{c}={d}"))
        .collect()
}

/// A position from a pencil-mark table, 81 groups of digits in row-major
/// order (as `explain --candidates` or HoDoKu print it; other characters
/// separate them): one digit is a solved cell, more are its candidates.
pub(crate) fn table(text: &str) -> (Grid, Candidates) {
    let tokens: Vec<&str> = text
        .split(|ch: char| !ch.is_ascii_digit())
        .filter(|t| !t.is_empty())
        .collect();
    assert_eq!(tokens.len(), 81);
    let line: String = tokens
        .iter()
        .map(|t| {
            if t.len() == 1 {
                t.as_bytes()[0] as char
            } else {
                '.'
            }
        })
        .collect();
    let grid: Grid = line.parse().expect("81 cells");
    let mut candidates = Candidates::from_grid(&grid);
    for (k, t) in tokens.iter().enumerate().filter(|(_, t)| t.len() > 1) {
        let digits = t.bytes().map(|b| Digit::new(b - b'0').unwrap()).collect();
        candidates.set(Cell::at(k / 9, k % 9).unwrap(), digits);
    }
    (grid, candidates)
}
