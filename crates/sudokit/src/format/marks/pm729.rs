//! 729 characters on a line: for each cell in row order, nine characters,
//! a digit for each candidate and `.` (or `0`) for each digit that is not
//! one, as SukakuExplainer and tdoku write a sukaku or a position.
//!
//! The digits may stand at their own places (`1..4..7..`) or anywhere in
//! the cell's nine (`147......`). The format knows no givens: a cell with
//! one candidate is read as a placed digit, a cell with several as pencil
//! marks, and a cell with none is an error (`r3c4: no candidate`).

use super::{fault, shown};
use crate::candidates::DigitSet;
use crate::error::{MarkFault, ParseErrorKind};
use crate::grid::{Cell, Digit, Grid};
use crate::marked::MarkedGrid;

/// Characters in the format.
pub(crate) const LEN: usize = 729;

/// Whether a trimmed line holds 729 candidate characters, then nothing or
/// a comment (after whitespace, `#`, `,` or `;`).
pub(crate) fn is_pm729(line: &[u8]) -> bool {
    line.len() >= LEN
        && line[..LEN].iter().all(|b| matches!(b, b'0'..=b'9' | b'.'))
        && line
            .get(LEN)
            .is_none_or(|b| b.is_ascii_whitespace() || matches!(b, b'#' | b',' | b';'))
}

/// Reads a line that [`is_pm729`].
pub(crate) fn read(line: &[u8]) -> Result<MarkedGrid, ParseErrorKind> {
    let mut values = Grid::empty();
    let mut marks = [DigitSet::EMPTY; 81];
    for (cell, chunk) in Cell::all().zip(line[..LEN].chunks_exact(9)) {
        let set: DigitSet = chunk
            .iter()
            .filter_map(|&b| Digit::new(b.wrapping_sub(b'0')))
            .collect();
        match set.single() {
            Some(d) => values.set(cell, Some(d)),
            None if set.is_empty() => return Err(fault(Some(cell), MarkFault::NoCandidate)),
            None => marks[cell.index()] = set,
        }
    }
    Ok(MarkedGrid::new(Grid::empty(), values, marks).expect("no givens to change"))
}

/// The position as 729 characters: each digit at its own place among its
/// cell's nine, `.` elsewhere.
///
/// A filled cell (given or placed) shows its digit alone; an empty cell its
/// marks, or, without marks, the candidates the digits allow. Read back, a
/// filled cell is a placed digit (the format has no givens) and so is an
/// empty cell with a single mark.
///
/// ```
/// use sudokit::format::{parse_puzzles, to_pm729};
/// use sudokit::{Cell, MarkedGrid};
/// let givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let text = to_pm729(&MarkedGrid::from_givens(givens));
/// assert_eq!(text.len(), 729);
/// assert_eq!(&text[..18], "...4.....1....67.9"); // r1c1 is 4; r1c2 may be 1, 6, 7 or 9
/// let read = parse_puzzles(&text)[0].clone().unwrap().position.unwrap();
/// assert_eq!(read.values(), &givens);
/// assert_eq!(read.marks(Cell::new(1).unwrap()).to_string(), "1679");
/// ```
pub fn to_pm729(position: &MarkedGrid) -> String {
    let shown = shown(position);
    let mut out = String::with_capacity(LEN);
    for cell in Cell::all() {
        let set = match position.values().get(cell) {
            Some(d) => DigitSet::from_bits(d.bit()),
            None => shown[cell.index()],
        };
        for d in Digit::all() {
            out.push(if set.contains(d) {
                char::from(b'0' + d.get())
            } else {
                '.'
            });
        }
    }
    out
}
