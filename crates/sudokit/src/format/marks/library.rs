//! HoDoKu's library format: one line of fields between `:`,
//!
//! ```text
//! :0000:x:4.....8.5.3.....+1....7......:124 125 634::
//! ```
//!
//! the technique code (`0000`: none) and its candidate (`x`: none), the
//! puzzle (81 cells, `.` or `0` empty, `+` before a digit the player placed;
//! other digits are givens), the candidates deleted from the empty cells,
//! each as digit, row and column (`124`: 1 out of r2c4), separated by
//! spaces, then the step's eliminations, its placements and an extra field
//! (chain length), which are not read. A line holds 6 `:` (no step) or 7.
//!
//! An empty cell's marks are the candidates the digits allow minus those
//! deleted; a cell with nothing deleted has no marks written (all its
//! candidates stand). Deleted candidates in filled cells, or that the
//! digits rule out anyway, say nothing and are skipped.

use super::fault;
use crate::candidates::{Candidates, DigitSet};
use crate::error::{MarkFault, ParseErrorKind};
use crate::format::line::char_count;
use crate::grid::{Cell, Digit, Grid};
use crate::marked::MarkedGrid;

/// Whether a trimmed line is meant as a library line: `:`, a technique code
/// of digits, `:`.
pub(crate) fn is_library(line: &[u8]) -> bool {
    let [b':', rest @ ..] = line else {
        return false;
    };
    let code = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    code > 0 && rest.get(code) == Some(&b':')
}

/// Reads a line that [`is_library`].
pub(crate) fn read(line: &[u8], column: usize) -> Result<MarkedGrid, ParseErrorKind> {
    let colons = line.iter().filter(|&&b| b == b':').count();
    if colons != 6 && colons != 7 {
        return Err(fault(None, MarkFault::LibraryFields { found: colons }));
    }
    let mut fields = line.split(|&b| b == b':');
    // The text before the first `:`, the code and the candidate.
    let skipped: Vec<&[u8]> = fields.by_ref().take(3).collect();
    let puzzle = fields.next().unwrap_or_default();
    let deleted = fields.next().unwrap_or_default();
    // One-based column of the puzzle field's first character.
    let puzzle_column = column + skipped.iter().map(|f| char_count(f) + 1).sum::<usize>() + 1;
    let (givens, values) = read_puzzle(puzzle, puzzle_column)?;
    let marks = read_deleted(deleted, &values)?;
    Ok(MarkedGrid::new(givens, values, marks).expect("values hold the givens"))
}

/// The puzzle field, which starts at one-based column `column`: the givens,
/// and the givens with the digits placed (`+`).
fn read_puzzle(puzzle: &[u8], column: usize) -> Result<(Grid, Grid), ParseErrorKind> {
    let mut givens = Grid::empty();
    let mut values = Grid::empty();
    let mut cells = 0;
    let mut plus = false;
    for (k, &b) in puzzle.iter().enumerate() {
        let cell = Cell::new(cells);
        match b {
            b'+' if !plus => plus = true,
            b'1'..=b'9' => {
                let d = Digit::new(b - b'0');
                if let Some(cell) = cell {
                    values.set(cell, d);
                    if !plus {
                        givens.set(cell, d);
                    }
                }
                plus = false;
                cells += 1;
            }
            b'.' | b'0' if !plus => cells += 1,
            _ => {
                return Err(ParseErrorKind::BadCharacter {
                    ch: if b.is_ascii() {
                        char::from(b)
                    } else {
                        '\u{FFFD}'
                    },
                    column: column + char_count(&puzzle[..k]),
                });
            }
        }
    }
    if cells != 81 || plus {
        return Err(fault(None, MarkFault::LibraryCells { found: cells }));
    }
    Ok((givens, values))
}

/// The marks of the empty cells of `values` once the deleted candidates
/// (the field's entries) are gone: empty where nothing was deleted.
fn read_deleted(deleted: &[u8], values: &Grid) -> Result<[DigitSet; 81], ParseErrorKind> {
    let allowed = Candidates::from_grid(values);
    let mut marks = [DigitSet::EMPTY; 81];
    for entry in deleted
        .split(u8::is_ascii_whitespace)
        .filter(|e| !e.is_empty())
    {
        let Some((digit, cell)) = deleted_candidate(entry) else {
            let text = String::from_utf8_lossy(entry).into_owned();
            return Err(fault(None, MarkFault::DeletedCandidate(text)));
        };
        let own = allowed.get(cell);
        if values[cell] != 0 || !own.contains(digit) {
            continue;
        }
        let slot = &mut marks[cell.index()];
        if slot.is_empty() {
            *slot = own;
        }
        slot.remove(digit);
        if slot.is_empty() {
            return Err(fault(Some(cell), MarkFault::NoCandidate));
        }
    }
    Ok(marks)
}

/// An entry of the deleted field: digit, row and column (`124`: 1 out of
/// r2c4).
fn deleted_candidate(entry: &[u8]) -> Option<(Digit, Cell)> {
    let &[d, r, c] = entry else {
        return None;
    };
    let digit = Digit::new(d.wrapping_sub(b'0'))?;
    let (r, c) = (
        Digit::new(r.wrapping_sub(b'0'))?,
        Digit::new(c.wrapping_sub(b'0'))?,
    );
    Some((digit, Cell::at(r.index(), c.index())?))
}

/// The position as a HoDoKu library line without a step:
/// `:0000:x:<cells>:<deleted>::`, placed digits marked with `+`, and for
/// each empty cell with marks the candidates the digits allow that the
/// marks leave out.
///
/// Marks are measured against the digits: a mark of a digit a cell's
/// house already holds is not kept, and a cell whose marks keep every
/// candidate reads back without marks.
///
/// ```
/// use sudokit::format::{parse_puzzles, to_hodoku_library};
/// use sudokit::{Cell, DigitSet, Grid, MarkedGrid};
/// let givens: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse().unwrap();
/// let mut values = givens;
/// let r1c3 = Cell::new(2).unwrap();
/// values.set(r1c3, sudokit::Digit::new(2));
/// let mut marks = [DigitSet::EMPTY; 81];
/// marks[1] = "179".parse().unwrap(); // r1c2: 6 struck
/// let position = MarkedGrid::new(givens, values, marks).unwrap();
/// let line = to_hodoku_library(&position);
/// assert!(line.starts_with(":0000:x:4.+2...8.5.3"));
/// assert!(line.ends_with(":612::"));
/// let read = parse_puzzles(&line)[0].clone().unwrap();
/// assert_eq!(read.grid, givens);
/// assert_eq!(read.position, Some(position));
/// ```
pub fn to_hodoku_library(position: &MarkedGrid) -> String {
    let mut out = String::from(":0000:x:");
    for cell in Cell::all() {
        match (position.givens().get(cell), position.values().get(cell)) {
            (None, Some(d)) => {
                out.push('+');
                out.push(char::from(b'0' + d.get()));
            }
            (_, Some(d)) => out.push(char::from(b'0' + d.get())),
            (_, None) => out.push('.'),
        }
    }
    out.push(':');
    let allowed = Candidates::from_grid(position.values());
    let mut first = true;
    for cell in position.values().empty_cells() {
        let marks = position.marks(cell);
        if marks.is_empty() {
            continue;
        }
        for d in allowed.get(cell).iter().filter(|&d| !marks.contains(d)) {
            if !first {
                out.push(' ');
            }
            first = false;
            out.push_str(&format!("{d}{}{}", cell.row() + 1, cell.col() + 1));
        }
    }
    out.push_str("::");
    out
}
