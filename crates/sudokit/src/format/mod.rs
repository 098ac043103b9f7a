//! Reading and writing puzzles as text: line, block and JSON formats, and
//! positions with pencil marks.
//!
//! [`Reader`] reads any [`std::io::BufRead`] as it streams, in bounded
//! memory, and gives each puzzle (or the reason it is not one) as soon as the
//! line that completes it is read. The functions below are shorthands over it.
//!
//! * **Lines** end at `\n`, `\r\n`, `\r`, U+0085, U+2028 or U+2029, in every
//!   format. A UTF-8 byte order mark at the start is skipped. Blank lines,
//!   lines starting with `#` and section headers such as `[Puzzle]` (a line
//!   that starts with `[` and ends with `]`) are skipped in text. Columns in
//!   messages count characters from the real start of the line.
//! * **Line format**: 81 cells on one line, `1`-`9` for givens and any of
//!   `.`, `0`, `_`, `*`, `-`, `x` for empty cells; `|` may separate boxes.
//!   Cells may be separated by whitespace (`4 . . 3 …`, or nine rows of nine
//!   `8........ .59...... …`). Text after the 81st cell is a comment when it
//!   starts with `#`, `,` or `;`, or follows whitespace in a line whose cells
//!   have no gaps; in a line with gaps, cells after the 81st count (and make
//!   the line wrong). A word after whitespace also starts a comment.
//! * **Block format**: nine rows of nine cells, with optional spaces, `|`
//!   between boxes and separator lines made of `-`, `*`, `+`, `=` and `|` (as
//!   [`Grid::to_block`] prints it). A line of only `-` and `*` is a separator
//!   unless it holds exactly 9 (a row) or 81 (a line-format puzzle) of them.
//!   Blank lines may separate the bands (after row 3 or 6). A block ends at any
//!   other blank line, at a separator right after its 9th row, or at a line
//!   that is no row; a wrong block gives one error naming its first line:
//!   `block of 10 rows, expected 9`, `row 4 of the block (line 7) has 8 cells,
//!   expected 9`.
//! * **JSON**: an array of 81 cells (digits `0`-`9` as written, `0` or `null`
//!   for empty), 9 arrays of 9, a string in line format, or an object with one
//!   `"puzzle"` field; a document may hold one puzzle, an array of puzzles, or
//!   several values (one per line, say). A top-level array is one puzzle when
//!   its first element is a number or a row of fewer than 41 cells. Each
//!   puzzle of an array is read alone: an error names the line where that
//!   element starts (or where its syntax breaks) and the other puzzles are
//!   still read.
//! * **Pencil-mark positions** (a player's grid), read as [`Puzzle::grid`]
//!   (the givens) and [`Puzzle::position`] (when the text says more):
//!   - **729 characters** on a line, nine per cell, a digit for each
//!     candidate and `.` or `0` otherwise ([`to_pm729`]). No givens: a cell
//!     of one candidate is a placed digit.
//!   - **Pencil-mark grids** as HoDoKu prints them, forums post them and
//!     `--candidates` draws them: nine rows of nine cells of digits, `|`
//!     between boxes, borders of `-` or `=` with corners `. : ' * + |`
//!     ([`to_pm_grid`]). A block with cells of several digits is one. A cell
//!     of one digit is a given, unless a cell it sees has that digit among
//!     several candidates (then it is a naked single, as HoDoKu reads it).
//!   - **HoDoKu library lines**, `:0000:x:<cells>:<deleted candidates>::`,
//!     `+` before placed digits ([`to_hodoku_library`]).
//!   - **SimpleSudoku's** grid of givens, grid of values and pencil-mark
//!     grid ([`to_simple_sudoku`]): grids framed by `*` borders wait for
//!     a pencil-mark grid that agrees with them.
//!
//!   A cell with no candidate is an error naming it: `r3c4: no candidate`.
//!
//! Every bad puzzle gives one [`ParseError`] naming its line; the puzzles
//! around it are still read.

mod block;
mod json;
#[cfg(feature = "json")]
mod json_value;
mod line;
mod marks;
mod reader;
mod source;
#[cfg(test)]
mod tests;

pub use marks::{to_hodoku_library, to_pm_grid, to_pm729, to_simple_sudoku};
pub use reader::{ReadError, Reader, Syntax};

use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::marked::MarkedGrid;

/// A puzzle read from text, with the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// One-based line number of the puzzle's first line.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
    /// The player's position, when the text holds more than givens: placed
    /// digits or pencil marks (see [`crate::marked`]).
    pub position: Option<MarkedGrid>,
}

/// Every result of a reader over bytes in memory (which cannot fail to read).
fn collect(reader: Reader<&[u8]>) -> Vec<Result<Puzzle, ParseError>> {
    reader
        .filter_map(|item| match item {
            Ok(puzzle) => Some(Ok(puzzle)),
            Err(ReadError::Parse(e)) => Some(Err(e)),
            Err(ReadError::Io(_)) => None,
        })
        .collect()
}

/// Reads every puzzle in `bytes`, in line or block format, in input order.
///
/// Invalid UTF-8 reads as U+FFFD (and so as a bad character); a NUL byte is
/// a bad character of its line.
pub fn read_puzzles(bytes: &[u8]) -> Vec<Result<Puzzle, ParseError>> {
    collect(Reader::new(bytes, Syntax::Text))
}

/// Reads every puzzle in `text`, in line or block format, in input order.
///
/// ```
/// use sudokit::format::parse_puzzles;
/// let text = "# two puzzles and a typo\n\
///     4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///     4.....8.5.3....\n";
/// let read = parse_puzzles(text);
/// assert_eq!(read[0].as_ref().unwrap().line, 2);
/// assert_eq!(read[1].as_ref().unwrap_err().to_string(), "3: 15 cells, expected 81");
/// ```
pub fn parse_puzzles(text: &str) -> Vec<Result<Puzzle, ParseError>> {
    read_puzzles(text.as_bytes())
}

/// Reads every puzzle in `text` as the command line's `--input-format auto`
/// does: JSON when the first line that is not blank or a comment starts
/// JSON (`{`, or `[` and a value), else the line, block and pencil-mark
/// formats; in input order.
///
/// ```
/// use sudokit::format::parse_any;
/// let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let json = parse_any(&format!("{{\"puzzle\": \"{p}\"}}"));
/// assert_eq!(json[0].as_ref().unwrap().grid.to_line(), p);
/// let text = parse_any(&format!("# one\n{p}\n"));
/// assert_eq!(text[0].as_ref().unwrap().line, 2);
/// ```
pub fn parse_any(text: &str) -> Vec<Result<Puzzle, ParseError>> {
    collect(Reader::new(text.as_bytes(), Syntax::Auto))
}

/// Parses exactly one puzzle, in line or block format: comments and blank
/// lines may surround it, but nothing else.
///
/// # Errors
/// A [`ParseError`] naming the line and the reason: no puzzle, a malformed
/// one, or text after it.
///
/// ```
/// use sudokit::format::parse_one;
/// let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// assert!(parse_one(&format!("# a comment\n{p}\n")).is_ok());
/// let two = parse_one(&format!("{p}\n{p}")).unwrap_err();
/// assert_eq!(two.to_string(), "2: text after the puzzle");
/// ```
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    parse_one_puzzle(text).map(|p| p.grid)
}

/// Parses exactly one puzzle as [`parse_one`] does, in any text format,
/// pencil-mark positions included: the puzzle with its position, if the
/// text holds one.
///
/// # Errors
/// As [`parse_one`]: a [`ParseError`] naming the line and the reason.
///
/// ```
/// use sudokit::format::parse_one_puzzle;
/// let line = ":0000:x:4+1....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......:::";
/// let read = parse_one_puzzle(line).unwrap();
/// let position = read.position.unwrap();
/// assert_eq!(position.placed().count(), 1);
/// assert_eq!(read.grid.clues(), 17);
/// ```
pub fn parse_one_puzzle(text: &str) -> Result<Puzzle, ParseError> {
    // The common case, 81 cells of `1`-`9`, `.` or `0` and nothing else,
    // without the reader's machinery: list calls parse millions of these.
    if let Some(grid) = plain_line(text.as_bytes()) {
        return Ok(Puzzle {
            line: 1,
            grid,
            position: None,
        });
    }
    let mut all = collect(Reader::new(text.as_bytes(), Syntax::Text)).into_iter();
    let first = all.next().ok_or(ParseError {
        line: 1,
        kind: ParseErrorKind::Empty,
    })??;
    match all.next() {
        None => Ok(first),
        Some(next) => Err(ParseError {
            line: next.map_or_else(|e| e.line, |p| p.line),
            kind: ParseErrorKind::Trailing,
        }),
    }
}

/// The grid of exactly 81 bytes of `1`-`9`, `.` or `0`; `None` for
/// anything else (which the reader then reads, or explains).
fn plain_line(bytes: &[u8]) -> Option<Grid> {
    let cells: &[u8; 81] = bytes.try_into().ok()?;
    let mut values = [0u8; 81];
    for (v, &b) in values.iter_mut().zip(cells) {
        *v = match b {
            b'1'..=b'9' => b - b'0',
            b'.' | b'0' => 0,
            _ => return None,
        };
    }
    Grid::from_values(values)
}

/// Reads puzzles from JSON text: one puzzle, an array of puzzles, or several
/// values.
///
/// ```
/// use sudokit::format::{parse_json, to_json};
/// let grid: sudokit::Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///         .parse().unwrap();
/// let read = parse_json(&to_json(&grid));
/// assert_eq!(read[0].as_ref().unwrap().grid, grid);
/// ```
#[cfg(feature = "json")]
pub fn parse_json(text: &str) -> Vec<Result<Puzzle, ParseError>> {
    collect(Reader::new(text.as_bytes(), Syntax::Json))
}

/// The grid as a JSON array of 81 numbers, 0 for empty.
pub fn to_json(grid: &Grid) -> String {
    let mut out = String::with_capacity(2 + 81 * 2);
    out.push('[');
    for (i, v) in grid.values().iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push(char::from(b'0' + v));
    }
    out.push(']');
    out
}
