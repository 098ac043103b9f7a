//! [`Step`]: one deduction of a technique.

use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::Technique;
use std::fmt;

/// One deduction: the technique, what it places and eliminates, and the
/// houses it looked at.
///
/// A placement implies that the digit leaves the candidates of the cell's
/// peers; those eliminations are not listed.
///
/// ```
/// use sudokit::logic::{Step, Technique};
/// use sudokit::{Cell, Digit, House};
/// let step = Step {
///     technique: Technique::HiddenSingle,
///     placements: vec![(Cell::at(2, 4).unwrap(), Digit::new(7).unwrap())],
///     eliminations: vec![],
///     houses: vec![House::Box(1)],
/// };
/// assert_eq!(step.to_string(), "hidden-single: r3c5=7 (box 2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// Digits that must go in cells.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates that cannot be: the digit leaves the cell's pencil marks.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The houses the deduction rests on: the completed house of a full
    /// house, the house of a hidden single; empty for a naked single.
    pub houses: Vec<House>,
}

impl Step {
    /// Applies the step to `grid` and `candidates`; returns whether anything
    /// changed.
    ///
    /// A stale placement, one whose cell is already filled or no longer has
    /// the digit as a candidate, is skipped: steps found together on one
    /// position can overlap (the same hidden single in a row and in a box)
    /// or, on a position with no solution, contradict each other. The
    /// contradiction then shows as a cell or house left without candidates.
    pub fn apply(&self, grid: &mut Grid, candidates: &mut Candidates) -> bool {
        let mut changed = false;
        for &(cell, digit) in &self.placements {
            if grid[cell] == 0 && candidates.get(cell).contains(digit) {
                grid.set(cell, Some(digit));
                candidates.place(cell, digit);
                changed = true;
            }
        }
        for &(cell, digit) in &self.eliminations {
            changed |= candidates.remove(cell, digit);
        }
        changed
    }
}

impl fmt::Display for Step {
    /// `technique: r3c5=7 (box 2)`, eliminations as `r2c4<>5`, in the
    /// notation of HoDoKu and Sudoku Explainer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.technique)?;
        for (cell, digit) in &self.placements {
            write!(f, " {cell}={digit}")?;
        }
        for (cell, digit) in &self.eliminations {
            write!(f, " {cell}<>{digit}")?;
        }
        if !self.houses.is_empty() {
            let houses: Vec<String> = self.houses.iter().map(House::to_string).collect();
            write!(f, " ({})", houses.join(", "))?;
        }
        Ok(())
    }
}
