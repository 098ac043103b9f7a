//! SimpleSudoku's position: the grid of givens, the grid of values (givens
//! and placed digits), then the pencil-mark grid, one after the other:
//!
//! ```text
//! *-----------*
//! |8..|4..|...|
//! ...
//! *-----------*
//!
//! *-----------*
//! |8..|4..|...|        the values: givens and placed digits
//! ...
//! *-----------*
//!
//! *-----------------------------------------------------*
//! | 8     123   1237  | 4     135   2369  | 3579  ...   |
//! ...
//! *-----------------------------------------------------*
//! ```
//!
//! Grids of digits framed by `*` borders wait for what follows: a
//! pencil-mark grid makes them one position with it (givens, values and
//! marks, or without the grid of values, givens and marks), provided they
//! agree: the values hold every given, and the pencil-mark grid shows a
//! filled cell's digit alone. With the grid of values, every empty cell's
//! digits are its candidates, one or more; with only the givens, a cell of
//! one digit that is not a given is read as in a lone pencil-mark grid, but
//! placed rather than given. Framed grids that no pencil-mark grid follows
//! are puzzles of their own.

use super::grid::{Known, agrees, cell_texts, draw, resolve};
use crate::candidates::DigitSet;
use crate::error::ParseErrorKind;
use crate::grid::{Cell, Grid};
use crate::marked::MarkedGrid;

/// Framed grids of digits waiting for a pencil-mark grid: at most two.
#[derive(Default)]
pub(crate) struct Held {
    grids: Vec<(usize, Grid)>,
}

/// What a pencil-mark grid makes of the held grids.
pub(crate) struct Joined {
    /// Held grids that are not part of it, oldest first: puzzles of their own.
    pub(crate) alone: Vec<(usize, Grid)>,
    /// The line the position starts on.
    pub(crate) line: usize,
    /// The position.
    pub(crate) position: Result<MarkedGrid, ParseErrorKind>,
}

impl Held {
    /// Keeps a framed grid of digits; gives back the oldest held grid when
    /// two were already waiting.
    pub(crate) fn hold(&mut self, line: usize, grid: Grid) -> Option<(usize, Grid)> {
        let out = (self.grids.len() == 2).then(|| self.grids.remove(0));
        self.grids.push((line, grid));
        out
    }

    /// Every held grid, oldest first.
    pub(crate) fn take(&mut self) -> Vec<(usize, Grid)> {
        std::mem::take(&mut self.grids)
    }

    /// Joins a pencil-mark grid that starts on `line` with the held grids
    /// that agree with it.
    pub(crate) fn join(&mut self, line: usize, cells: &[DigitSet; 81]) -> Joined {
        let mut held = self.take();
        let n = held.len();
        let three = n == 2 && {
            let (g, v) = (&held[0].1, &held[1].1);
            agrees(g, &singles(v)) && agrees(v, cells)
        };
        let (used, known_line, position) = if three {
            let known = Known::Values(&held[0].1, &held[1].1);
            (2, held[0].0, resolve(cells, known))
        } else if n > 0 && agrees(&held[n - 1].1, cells) {
            let known = Known::Givens(&held[n - 1].1);
            (1, held[n - 1].0, resolve(cells, known))
        } else {
            (0, line, resolve(cells, Known::Nothing))
        };
        held.truncate(n - used);
        Joined {
            alone: held,
            line: known_line,
            position,
        }
    }
}

/// A grid's digits as one-digit cells (empty cells as no candidate).
fn singles(grid: &Grid) -> [DigitSet; 81] {
    std::array::from_fn(|i| {
        let cell = Cell::new(i).expect("i < 81");
        grid.get(cell)
            .map_or(DigitSet::EMPTY, |d| DigitSet::from_bits(d.bit()))
    })
}

/// A grid of digits framed as SimpleSudoku draws it.
fn digits_grid(grid: &Grid) -> String {
    let mut out = String::from("*-----------*\n");
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push_str("|---+---+---|\n");
        }
        for col in 0..9 {
            if col % 3 == 0 {
                out.push('|');
            }
            let cell = Cell::at(row, col).expect("in range");
            out.push(grid.get(cell).map_or('.', |d| char::from(b'0' + d.get())));
        }
        out.push_str("|\n");
    }
    out.push_str("*-----------*\n");
    out
}

/// The position as SimpleSudoku writes it: the givens, the values and the
/// pencil marks, three grids with two blank lines between them.
///
/// Empty cells show their marks (or, without marks, the candidates the
/// digits allow; `.` when there is none). Read back, givens, placed digits
/// and every empty cell's candidates come back as written.
///
/// ```
/// use sudokit::format::{parse_puzzles, to_simple_sudoku};
/// use sudokit::{Cell, Digit, MarkedGrid};
/// let givens: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse().unwrap();
/// let mut values = givens;
/// values.set(Cell::new(2).unwrap(), Digit::new(2)); // r1c3 placed
/// let mut marks = [sudokit::DigitSet::EMPTY; 81];
/// marks[1] = "17".parse().unwrap();
/// let position = MarkedGrid::new(givens, values, marks).unwrap();
/// let text = to_simple_sudoku(&position);
/// assert!(text.starts_with("*-----------*\n|4..|...|8.5|\n"));
/// let read = parse_puzzles(&text)[0].clone().unwrap();
/// assert_eq!(read.grid, givens);
/// let read = read.position.unwrap();
/// assert_eq!(read.values(), &values);
/// assert_eq!(read.marks(Cell::new(1).unwrap()).to_string(), "17");
/// ```
pub fn to_simple_sudoku(position: &MarkedGrid) -> String {
    let mut out = digits_grid(position.givens());
    out.push_str("\n\n");
    out.push_str(&digits_grid(position.values()));
    out.push_str("\n\n");
    out.push_str(&draw(&cell_texts(position), true));
    out
}
