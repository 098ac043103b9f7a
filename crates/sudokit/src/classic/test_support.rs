//! Puzzles and checks shared by the tests of the classic searches.

use crate::grid::{Cell, Digit, Grid};
use crate::rules;
use proptest::prelude::*;

/// A valid solved grid.
pub const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// An easy puzzle with one solution.
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// [`SOLVED`] with 54 cells blanked: exactly 101 solutions.
pub const MANY: &str =
    "...6.8.1..7.1.5....9.3....7.5....4.3....5.7.1..3.2.8..9.1.3....2.7....3.3....6.7.";
/// The number of solutions of [`MANY`].
pub const MANY_COUNT: usize = 101;

/// A hard puzzle (top1465) with one solution.
pub const HARD: &str =
    "..63...........1..82...1..79...4..1.3..297.........5.....51..8...4..8.3......26..";

pub fn solved() -> Grid {
    SOLVED.parse().unwrap()
}

pub fn easy_puzzle() -> Grid {
    EASY.parse().unwrap()
}

pub fn many_solutions() -> Grid {
    MANY.parse().unwrap()
}

pub fn hard_puzzle() -> Grid {
    HARD.parse().unwrap()
}

/// Two 5s in row 1.
pub fn clashing() -> Grid {
    let mut g = Grid::empty();
    g.set(Cell::at(0, 3).unwrap(), Digit::new(5));
    g.set(Cell::at(0, 7).unwrap(), Digit::new(5));
    g
}

/// [`SOLVED`] with a deadly pattern blanked (four cells in two rows, two
/// columns and two boxes holding `a b / b a`): the puzzle and its two solutions.
pub fn deadly_pattern() -> (Grid, Grid, Grid) {
    let g = solved();
    let at = |r: usize, c: usize| Cell::at(r, c).unwrap();
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let two_boxes = (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3);
                    if two_boxes && g[at(r1, c1)] == g[at(r2, c2)] && g[at(r1, c2)] == g[at(r2, c1)]
                    {
                        let mut puzzle = g;
                        let mut other = g;
                        for (r, c, src) in [(r1, c1, c2), (r1, c2, c1), (r2, c1, c2), (r2, c2, c1)]
                        {
                            puzzle.set(at(r, c), None);
                            other.set(at(r, c), g.get(at(r, src)));
                        }
                        return (puzzle, g, other);
                    }
                }
            }
        }
    }
    unreachable!("SOLVED has a deadly pattern");
}

/// Every grid is a distinct solution of `puzzle`, checked cell by cell.
pub fn check_solutions(puzzle: &Grid, solutions: &[Grid]) {
    for s in solutions {
        assert!(
            rules::is_solution_of(s, puzzle),
            "{s} does not solve {puzzle}"
        );
        for cell in Cell::all() {
            assert_ne!(s[cell], 0, "{cell} empty in {s}");
            if puzzle[cell] != 0 {
                assert_eq!(s[cell], puzzle[cell], "given {cell} changed in {s}");
            }
        }
    }
    let set = sorted(solutions.to_vec());
    assert!(set.windows(2).all(|w| w[0] != w[1]), "repeated solution");
}

/// The grids as sorted lines, for comparing sets of solutions.
pub fn sorted(grids: Vec<Grid>) -> Vec<String> {
    let mut lines: Vec<String> = grids.iter().map(Grid::to_line).collect();
    lines.sort();
    lines
}

/// Puzzles made from [`SOLVED`] by blanking between `min_blank` and
/// `max_blank` cells at random.
pub fn blanked(min_blank: usize, max_blank: usize) -> impl Strategy<Value = Grid> {
    proptest::sample::subsequence((0..81usize).collect::<Vec<_>>(), min_blank..=max_blank).prop_map(
        |blank| {
            let mut g = solved();
            for i in blank {
                g.set(Cell::new(i).unwrap(), None);
            }
            g
        },
    )
}
