//! Soundness of the full human-style solver on thousands of puzzles: every
//! technique allowed, no fallback, each step checked against the solution
//! the engine finds. Not one wrong placement or elimination is allowed.
//!
//! The samples (in `tests/data`): 2000 random minimal puzzles (every 50th of
//! `random_minimal_100k`), 300 from `forum_hardest_1905` (every 160th), and
//! the smaller samples of the hard sets and of the 17-clue set. At every
//! position on the way that needs more than a single, every step any
//! technique finds is checked, not only the one the solver takes; hard puzzles, which get stuck early, go on with
//! the solution's digit placed (as `--fallback` would) so that their later
//! positions are checked too.

use std::collections::BTreeMap;
use sudokit::format::read_puzzles;
use sudokit::logic::solver::{Options, Position};
use sudokit::logic::{Step, Technique};
use sudokit::{Grid, engine};

fn sample(name: &str) -> Vec<Grid> {
    // An absolute `name` replaces the folder.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(name);
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_puzzles(&bytes)
        .into_iter()
        .map(|p| p.unwrap_or_else(|e| panic!("{name}:{e}")).grid)
        .collect()
}

/// Why `step`, found on `before`, is unsound, if it is: a placement that is
/// not the solution's digit, or an elimination of the solution's digit or of
/// a digit that was not a candidate.
fn unsound(step: &Step, before: &Position, solution: &Grid) -> Option<String> {
    for &(cell, digit) in &step.placements {
        if solution.get(cell) != Some(digit) {
            return Some(format!("placement {cell}={digit}"));
        }
    }
    for &(cell, digit) in &step.eliminations {
        if !before.candidates.get(cell).contains(digit) {
            return Some(format!("elimination of a non-candidate {cell}<>{digit}"));
        }
        if solution.get(cell) == Some(digit) {
            return Some(format!("elimination {cell}<>{digit}"));
        }
    }
    None
}

/// What one sample gave.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    /// Steps taken, per technique name.
    steps: BTreeMap<&'static str, usize>,
    /// Unsound steps: `line: step: reason`.
    unsound: Vec<String>,
}

/// Solves every puzzle of `name` with every technique and checks each step
/// taken. At every position on the way where no single applies it also
/// checks every step that any technique finds there, taken or not. With `guess`, a stuck position gets
/// the solution's digit in a cell with the fewest candidates and the walk
/// goes on (the position stays a unique puzzle, so every technique must stay
/// sound): hard puzzles get stuck early, and this reaches their later
/// positions.
fn check(name: &str, guess: bool) -> Tally {
    let order = Options::default().order();
    let mut tally = Tally::default();
    for (i, puzzle) in sample(name).iter().enumerate() {
        let solution = engine::solve_one(puzzle).expect("sample puzzles are solvable");
        assert_eq!(
            engine::count_solutions(puzzle, 2),
            1,
            "{name}:{}: not unique",
            i + 1
        );
        tally.puzzles += 1;
        let mut pos = Position::new(puzzle);
        let mut guessed = false;
        while !pos.grid.is_full() {
            let before = pos;
            let taken = pos.advance(&order);
            // Where the solver needs more than a single, every technique's
            // every step is checked (at the many singles positions the sweep
            // would cost more than it tells).
            let single = taken.as_ref().is_some_and(|s| {
                matches!(
                    s.technique,
                    Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
                )
            });
            for &t in order.iter().filter(|_| !single) {
                for step in before.steps(t) {
                    if let Some(why) = unsound(&step, &before, &solution) {
                        tally.unsound.push(format!(
                            "{name}:{}: {step}: {why} on {} (found, not taken)",
                            i + 1,
                            before.grid
                        ));
                    }
                }
            }
            let Some(step) = taken else {
                if !guess {
                    break;
                }
                guessed = true;
                let cell = pos
                    .grid
                    .empty_cells()
                    .min_by_key(|&c| pos.candidates.get(c).len())
                    .expect("the grid is not full");
                let digit = solution.get(cell).expect("a solution is full");
                pos.grid.set(cell, Some(digit));
                pos.candidates.place(cell, digit);
                continue;
            };
            *tally.steps.entry(step.technique.name()).or_default() += 1;
            if let Some(why) = unsound(&step, &before, &solution) {
                tally.unsound.push(format!(
                    "{name}:{}: {step}: {why} on {}",
                    i + 1,
                    before.grid
                ));
                break;
            }
        }
        if pos.grid.is_full() {
            assert_eq!(pos.grid, solution, "{name}:{}", i + 1);
            tally.solved += usize::from(!guessed);
        }
    }
    println!(
        "{name}: {} puzzles, {} solved without a guess, steps {:?}",
        tally.puzzles, tally.solved, tally.steps
    );
    assert!(
        tally.unsound.is_empty(),
        "{} unsound steps:\n{}",
        tally.unsound.len(),
        tally.unsound.join("\n")
    );
    tally
}

/// The techniques in `tally` with at least one step.
fn used(tally: &Tally) -> Vec<&'static str> {
    tally.steps.keys().copied().collect()
}

#[test]
fn random_minimal_2000_is_solved_soundly() {
    let tally = check("random_minimal_2000.txt", false);
    assert_eq!(tally.puzzles, 2000);
    // Most random minimal puzzles need no guess (86 % of the 100 000).
    assert!(tally.solved > 1600, "{} solved", tally.solved);
    // The sample exercises the families beyond singles.
    for t in [
        "naked-pair",
        "hidden-pair",
        "x-wing",
        "xy-wing",
        "skyscraper",
        "unique-rectangle-1",
        "x-chain",
        "xy-chain",
    ] {
        assert!(used(&tally).contains(&t), "{t} never used");
    }
}

#[test]
fn hard_puzzles_are_solved_soundly() {
    let mut total = Tally::default();
    for name in [
        "forum_hardest_1905_300.txt",
        "forum_hardest_1905_100.txt",
        "forum_hardest_1106_50.txt",
        "top1465_200.txt",
    ] {
        let tally = check(name, true);
        total.puzzles += tally.puzzles;
        for (t, n) in tally.steps {
            *total.steps.entry(t).or_default() += n;
        }
    }
    assert_eq!(total.puzzles, 650);
    // With the solution's digit placed where the solver gets stuck, hard
    // puzzles reach the advanced techniques.
    for t in [
        "swordfish",
        "finned-x-wing",
        "w-wing",
        "multi-colors-1",
        "x-chain",
    ] {
        assert!(used(&total).contains(&t), "{t} never used");
    }
}

#[test]
fn seventeen_clue_puzzles_are_solved_soundly() {
    let tally = check("17_clue_200.txt", false);
    assert_eq!(tally.puzzles, 200);
    assert!(tally.solved > 150, "{} solved", tally.solved);
}

/// Soundness on any puzzle file (every puzzle must have one solution),
/// given by its absolute path in `SUDOKIT_SOUNDNESS_FILE`: for sweeps over
/// the shared data sets, beyond the samples above. Run with
/// `SUDOKIT_SOUNDNESS_FILE=/path/to/file cargo test --release -p sudokit
/// --test soundness -- --ignored --nocapture`.
#[test]
#[ignore]
fn any_file_is_solved_soundly() {
    let path = std::env::var("SUDOKIT_SOUNDNESS_FILE").expect("SUDOKIT_SOUNDNESS_FILE is set");
    assert!(path.starts_with('/'), "{path}: give an absolute path");
    let tally = check(&path, true);
    assert!(tally.puzzles > 0, "{path}: no puzzle");
}
