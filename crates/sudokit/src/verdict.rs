//! What `check` says of a puzzle: unique, multiple, none or invalid, with
//! the reason when there is one, and whether every clue is needed.

use crate::{Cell, Grid, engine, rules};

/// What `check` found about one puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// `unique`, `multiple`, `none` or `invalid`.
    pub word: &'static str,
    /// Why, when there is more to say: the clash of an invalid puzzle, or
    /// why a puzzle has several solutions without searching.
    pub reason: Option<String>,
    /// When minimality was asked, for a unique puzzle: a clue that can go,
    /// if any.
    pub removable: Option<Option<Cell>>,
}

/// The verdict on `grid`, whose clues and distinct digits are `clues` and
/// `digits` (see [`clues_and_digits`]); with `minimal`, whether a unique
/// puzzle needs every clue.
///
/// ```
/// use sudokit::verdict::{clues_and_digits, verdict};
/// let grid: sudokit::Grid = "5...5..........................................................................98".parse().unwrap();
/// let (clues, digits) = clues_and_digits(&grid);
/// let v = verdict(&grid, clues, digits, false);
/// assert_eq!((v.word, v.reason.as_deref()), ("invalid", Some("r1c1 and r1c5 both hold 5")));
/// ```
pub fn verdict(grid: &Grid, clues: usize, digits: usize, minimal: bool) -> Verdict {
    // Clashing givens have no solution, so the clash is looked for only
    // when the search finds none (or none is made): valid puzzles, nearly
    // all of them, skip it.
    let invalid = || {
        rules::validate(grid)
            .err()
            .map(|c| ("invalid", Some(c.to_string())))
    };
    let hopeless = (clues < 17 || digits < 8)
        .then(|| rules::hopeless(grid))
        .flatten();
    let (word, reason) = if let Some(why) = hopeless {
        // Not unique, proven without searching; but it may have no solution
        // at all, which one quick probe tells (sparse grids solve at once).
        if engine::count_solutions(grid, 1) == 0 {
            invalid().unwrap_or(("none", None))
        } else {
            ("multiple", Some(why.to_string()))
        }
    } else {
        match engine::count_solutions(grid, 2) {
            0 => invalid().unwrap_or(("none", None)),
            1 => ("unique", None),
            _ => ("multiple", None),
        }
    };
    let removable = (minimal && word == "unique").then(|| removable_clue(grid));
    Verdict {
        word,
        reason,
        removable,
    }
}

/// The first clue, in row-major order, whose removal keeps the solution unique.
fn removable_clue(grid: &Grid) -> Option<Cell> {
    Cell::all().filter(|&c| grid[c] != 0).find(|&c| {
        let mut fewer = *grid;
        fewer.set(c, None);
        engine::is_unique(&fewer)
    })
}

/// The grid's clues and the different digits among them, as
/// [`Grid::clues`] and [`Grid::distinct_digits`] count them, without a
/// branch per cell: those two were 3 % of `check`'s instructions.
pub fn clues_and_digits(grid: &Grid) -> (usize, usize) {
    let values = grid.values();
    // At most 81: a byte holds the sum, which then adds 16 cells at once.
    let clues: u8 = values.iter().map(|&v| u8::from(v != 0)).sum();
    let mut seen = [0u8; 16];
    for &v in values {
        seen[usize::from(v & 15)] = 1;
    }
    let digits: u8 = seen[1..10].iter().sum();
    (usize::from(clues), usize::from(digits))
}
