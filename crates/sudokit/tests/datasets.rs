//! The engine on samples of every shared data set (copied into `tests/data`):
//! each solution is checked against the rules and the givens, and each count
//! against what the set promises.

use sudokit::format::read_puzzles;
use sudokit::{Grid, engine, rules};

fn sample(name: &str) -> Vec<Grid> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let puzzles: Vec<Grid> = read_puzzles(&bytes)
        .into_iter()
        .map(|p| p.unwrap_or_else(|e| panic!("{name}:{e}")).grid)
        .collect();
    assert!(
        puzzles.len() >= 50,
        "{name}: only {} puzzles",
        puzzles.len()
    );
    puzzles
}

fn assert_unique_and_solved(name: &str) {
    for (i, puzzle) in sample(name).iter().enumerate() {
        let solution =
            engine::solve_one(puzzle).unwrap_or_else(|| panic!("{name}:{}: no solution", i + 1));
        assert!(
            rules::is_solution_of(&solution, puzzle),
            "{name}:{}: bad solution {solution}",
            i + 1
        );
        assert_eq!(
            engine::count_solutions(puzzle, 2),
            1,
            "{name}:{}: not unique",
            i + 1
        );
    }
}

#[test]
fn seventeen_clue_puzzles_are_solved_and_unique() {
    assert_unique_and_solved("17_clue_200.txt");
}

#[test]
fn top1465_puzzles_are_solved_and_unique() {
    assert_unique_and_solved("top1465_200.txt");
}

#[test]
fn forum_hardest_puzzles_are_solved_and_unique() {
    assert_unique_and_solved("forum_hardest_1905_100.txt");
    assert_unique_and_solved("forum_hardest_1106_50.txt");
}

#[test]
fn random_minimal_puzzles_are_solved_unique_and_minimal() {
    for (i, puzzle) in sample("random_minimal_200.txt").iter().enumerate().take(40) {
        assert!(engine::is_unique(puzzle), "line {}", i + 1);
        for cell in sudokit::Cell::all().filter(|&c| puzzle[c] != 0) {
            let mut fewer = *puzzle;
            fewer.set(cell, None);
            assert!(
                !engine::is_unique(&fewer),
                "line {}: clue {cell} is not needed",
                i + 1
            );
        }
    }
}

#[test]
fn serg_puzzles_have_several_distinct_solutions() {
    for (i, puzzle) in sample("serg_benchmark_200.txt").iter().enumerate() {
        let found: Vec<Grid> = engine::solutions(puzzle).take(3).collect();
        assert!(
            found.len() >= 2,
            "line {}: {} solutions",
            i + 1,
            found.len()
        );
        for s in &found {
            assert!(rules::is_solution_of(s, puzzle), "line {}", i + 1);
        }
        assert_ne!(found[0], found[1]);
        assert_eq!(engine::count_solutions(puzzle, 2), 2);
    }
}
