//! A player's position: the givens, the digits placed since, and the
//! pencil marks written in empty cells.
//!
//! A cell's marks restrict its candidates only when some were written: an
//! empty cell without marks has every candidate the digits allow, so that a
//! position read from a plain grid, or a player who has not pencilled a cell
//! yet, loses nothing.
//!
//! The position's solution is the givens' solution when they have exactly
//! one; the marks and placed digits are then the player's and may be wrong
//! ([`Mistakes`]). When the givens alone have several solutions (a "sukaku",
//! where the marks are part of the puzzle), the solution is the one the
//! digits and marks together allow, and there are no mistakes to find.

use crate::candidates::{Candidates, DigitSet};
use crate::engine;
use crate::grid::{Cell, Digit, Grid};
use crate::rules;
use std::fmt;

/// Why a [`MarkedGrid`] cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarkError {
    /// A placed digit differs from the given in its cell.
    #[error("{cell}: placed {placed} over the given {given}")]
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given.
        given: Digit,
        /// The digit placed over it.
        placed: Digit,
    },
}

/// The givens, the digits placed since, and the pencil marks of a position.
///
/// ```
/// use sudokit::{Cell, DigitSet, Grid, MarkedGrid};
/// let givens: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse().unwrap();
/// let mut marks = [DigitSet::EMPTY; 81];
/// marks[1] = "179".parse().unwrap(); // r1c2: the player kept 1, 7 and 9
/// let position = MarkedGrid::new(givens, givens, marks).unwrap();
/// let r1c2 = Cell::new(1).unwrap();
/// assert_eq!(position.candidates().get(r1c2).to_string(), "179");
/// assert!(position.has_marks());
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MarkedGrid {
    givens: Grid,
    values: Grid,
    marks: [DigitSet; 81],
}

impl MarkedGrid {
    /// The position with `givens`, `values` (the givens and the digits
    /// placed since) and the `marks` of each cell (empty: none written;
    /// marks of filled cells are dropped).
    ///
    /// # Errors
    /// A cell of `values` that holds another digit than its given (a given
    /// left empty in `values` is taken as given).
    pub fn new(givens: Grid, values: Grid, marks: [DigitSet; 81]) -> Result<MarkedGrid, MarkError> {
        let mut values = values;
        let mut marks = marks;
        for cell in Cell::all() {
            if let Some(given) = givens.get(cell) {
                match values.get(cell) {
                    Some(placed) if placed != given => {
                        return Err(MarkError::GivenChanged {
                            cell,
                            given,
                            placed,
                        });
                    }
                    _ => values.set(cell, Some(given)),
                }
            }
            if values[cell] != 0 {
                marks[cell.index()] = DigitSet::EMPTY;
            }
        }
        Ok(MarkedGrid {
            givens,
            values,
            marks,
        })
    }

    /// The start of `puzzle`: nothing placed, no marks.
    pub fn from_givens(puzzle: Grid) -> MarkedGrid {
        MarkedGrid {
            givens: puzzle,
            values: puzzle,
            marks: [DigitSet::EMPTY; 81],
        }
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.givens
    }

    /// The givens and the digits placed since.
    pub fn values(&self) -> &Grid {
        &self.values
    }

    /// The marks written in `cell` (empty: none).
    pub fn marks(&self, cell: Cell) -> DigitSet {
        self.marks[cell.index()]
    }

    /// Whether some empty cell has marks written.
    pub fn has_marks(&self) -> bool {
        self.marks.iter().any(|m| !m.is_empty())
    }

    /// The digits placed that are not givens, in cell order.
    pub fn placed(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Cell::all().filter_map(|c| match (self.givens.get(c), self.values.get(c)) {
            (None, Some(d)) => Some((c, d)),
            _ => None,
        })
    }

    /// Whether the position says more than its givens: placed digits or marks.
    pub fn is_position(&self) -> bool {
        self.has_marks() || self.placed().next().is_some()
    }

    /// The candidates: those the digits allow, narrowed to the marks in
    /// cells that have some.
    pub fn candidates(&self) -> Candidates {
        let mut candidates = Candidates::from_grid(&self.values);
        for cell in self.values.empty_cells() {
            let own = self.marks[cell.index()];
            if !own.is_empty() {
                let kept = DigitSet::from_bits(candidates.get(cell).bits() & own.bits());
                candidates.set(cell, kept);
            }
        }
        candidates
    }

    /// The solution the position is measured against (see the module
    /// docs): the givens' own when they have exactly one, else the one the
    /// digits and marks allow.
    ///
    /// # Errors
    /// Givens that break the rules; no solution; several solutions.
    pub fn solution(&self) -> Result<Grid, Unsolvable> {
        rules::validate(&self.givens).map_err(|_| Unsolvable::Conflict)?;
        let mut all = engine::solutions(&self.givens);
        let first = all.next();
        let second = first.and_then(|_| all.next());
        match (first, second) {
            (Some(one), None) => Ok(one),
            (None, _) => Err(Unsolvable::None),
            (Some(_), Some(_)) => {
                let candidates = self.candidates();
                match engine::count_with_candidates(&self.values, &candidates, 2) {
                    0 => Err(Unsolvable::None),
                    1 => engine::solve_with_candidates(&self.values, &candidates)
                        .ok_or(Unsolvable::None),
                    _ => Err(Unsolvable::Multiple),
                }
            }
        }
    }

    /// The player's mistakes against `solution`: wrong digits placed, and
    /// true candidates struck from cells that have marks.
    pub fn mistakes(&self, solution: &Grid) -> Mistakes {
        let wrong = self
            .placed()
            .filter(|&(c, d)| solution.get(c) != Some(d))
            .collect();
        let removed = self
            .values
            .empty_cells()
            .filter(|&c| !self.marks[c.index()].is_empty())
            .filter_map(|c| solution.get(c).map(|d| (c, d)))
            .filter(|&(c, d)| !self.marks[c.index()].contains(d))
            .collect();
        Mistakes { wrong, removed }
    }
}

impl fmt::Debug for MarkedGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("MarkedGrid")
            .field("givens", &self.givens.to_line())
            .field("values", &self.values.to_line())
            .field("marks", &self.marks)
            .finish()
    }
}

/// Why a position has no solution to measure it against.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unsolvable {
    /// Two givens break the rules.
    #[error("the givens break the rules")]
    Conflict,
    /// No solution.
    #[error("no solution")]
    None,
    /// More than one solution, even with the marks.
    #[error("more than one solution")]
    Multiple,
}

/// What a player got wrong.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mistakes {
    /// Placed digits the solution does not have: (cell, the digit placed).
    pub wrong: Vec<(Cell, Digit)>,
    /// Candidates struck that the solution needs: (cell, its solution digit).
    pub removed: Vec<(Cell, Digit)>,
}

impl Mistakes {
    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.wrong.is_empty() && self.removed.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// The cell named `rRcC`.
    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell::at(usize::from(b[1] - b'1'), usize::from(b[3] - b'1')).unwrap()
    }

    fn givens() -> Grid {
        PUZZLE.parse().unwrap()
    }

    #[test]
    fn a_given_cannot_change() {
        let mut values = givens();
        values.set(cell("r1c1"), Digit::new(3));
        let err = MarkedGrid::new(givens(), values, [DigitSet::EMPTY; 81]).unwrap_err();
        assert_eq!(err.to_string(), "r1c1: placed 3 over the given 4");
    }

    #[test]
    fn mistakes_are_wrong_digits_and_struck_true_candidates() {
        let solution = engine::solve_one(&givens()).unwrap();
        let r1c2 = cell("r1c2");
        let r1c3 = cell("r1c3");
        let true_2 = solution.get(r1c2).unwrap();
        let wrong_3 = Digit::all()
            .find(|&d| Some(d) != solution.get(r1c3))
            .unwrap();
        let mut values = givens();
        values.set(r1c3, Some(wrong_3));
        let mut marks = [DigitSet::EMPTY; 81];
        marks[r1c2.index()] = DigitSet::from_bits(DigitSet::ALL.bits() & !true_2.bit());
        let pos = MarkedGrid::new(givens(), values, marks).unwrap();
        let found = pos.mistakes(&pos.solution().unwrap());
        assert_eq!(found.wrong, vec![(r1c3, wrong_3)]);
        assert_eq!(found.removed, vec![(r1c2, true_2)]);
        assert!(
            MarkedGrid::from_givens(givens())
                .mistakes(&solution)
                .is_empty()
        );
    }

    #[test]
    fn marks_narrow_only_cells_that_have_some() {
        let mut marks = [DigitSet::EMPTY; 81];
        marks[1] = "19".parse().unwrap();
        marks[0] = "123".parse().unwrap(); // r1c1 is a given: dropped
        let pos = MarkedGrid::new(givens(), givens(), marks).unwrap();
        let all = Candidates::from_grid(&givens());
        let cands = pos.candidates();
        assert_eq!(cands.get(cell("r1c2")).to_string(), "19");
        assert_eq!(cands.get(cell("r1c3")), all.get(cell("r1c3")));
        assert!(pos.marks(cell("r1c1")).is_empty());
    }

    #[test]
    fn marks_can_make_a_puzzle_unique() {
        // Without givens every grid is a solution; marks fixing all but the
        // last row's cells to the solution's digits leave exactly one.
        let solution = engine::solve_one(&givens()).unwrap();
        let mut marks = [DigitSet::EMPTY; 81];
        for c in Cell::all().filter(|c| c.row() < 8) {
            let d = solution.get(c).unwrap();
            marks[c.index()] = DigitSet::from_bits(d.bit());
        }
        let empty = Grid::default();
        let pos = MarkedGrid::new(empty, empty, marks).unwrap();
        assert_eq!(pos.solution(), Ok(solution));
        assert!(pos.mistakes(&solution).is_empty());
        let loose = MarkedGrid::from_givens(empty);
        assert_eq!(loose.solution(), Err(Unsolvable::Multiple));
    }
}
