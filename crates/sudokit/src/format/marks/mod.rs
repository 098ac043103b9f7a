//! Pencil-mark positions: a player's grid with givens, placed digits and
//! candidates, in the four formats other programs write.
//!
//! * [`pm729`]: 729 characters on a line, nine per cell (SukakuExplainer,
//!   tdoku).
//! * [`grid`]: the bordered pencil-mark grid HoDoKu prints, forums post
//!   and `--candidates` draws.
//! * [`library`]: HoDoKu's library line, `:0000:x:<cells>:<deleted>::`.
//! * [`simple`]: SimpleSudoku's grids of givens, of values, then of marks.
//!
//! Each reader gives a [`MarkedGrid`] or a [`ParseErrorKind`] naming the
//! cell at fault; the [`super::Reader`] finds them among the other formats.

pub(crate) mod grid;
pub(crate) mod library;
pub(crate) mod pm729;
pub(crate) mod simple;
#[cfg(test)]
mod tests;

pub use grid::to_pm_grid;
pub use library::to_hodoku_library;
pub use pm729::to_pm729;
pub use simple::to_simple_sudoku;

use crate::candidates::{Candidates, DigitSet};
use crate::error::{MarkFault, ParseErrorKind};
use crate::grid::Cell;
use crate::marked::MarkedGrid;

/// The error naming `cell` (if any) and `reason`.
pub(crate) fn fault(cell: Option<Cell>, reason: MarkFault) -> ParseErrorKind {
    ParseErrorKind::Marks { cell, reason }
}

/// The candidates a writer shows in each empty cell: the marks written
/// there, else the candidates the digits allow (possibly none).
pub(crate) fn shown(position: &MarkedGrid) -> [DigitSet; 81] {
    let allowed = Candidates::from_grid(position.values());
    let mut shown = [DigitSet::EMPTY; 81];
    for cell in position.values().empty_cells() {
        let marks = position.marks(cell);
        shown[cell.index()] = if marks.is_empty() {
            allowed.get(cell)
        } else {
            marks
        };
    }
    shown
}
