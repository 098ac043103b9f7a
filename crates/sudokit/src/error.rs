//! Errors: why a text is not a puzzle ([`ParseError`]) and why a grid breaks
//! the rules or cannot have a unique solution ([`RuleError`]).

use crate::grid::{Cell, Digit};
use thiserror::Error;

/// Why a piece of text is not a puzzle, and on which line it starts.
///
/// Displays as `LINE: REASON`; a front end prefixes the file name.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{line}: {kind}")]
pub struct ParseError {
    /// One-based line number where the puzzle starts.
    pub line: usize,
    /// What is wrong.
    pub kind: ParseErrorKind,
}

/// The reason in a [`ParseError`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseErrorKind {
    /// A line-format puzzle with the wrong number of cells.
    #[error("{}, expected 81", count(*found, "cell"))]
    CellCount {
        /// How many cells the line holds.
        found: usize,
    },
    /// A character that is neither a digit, an empty-cell mark nor a separator.
    #[error("{} at column {column}", shown(*ch))]
    BadCharacter {
        /// The character, as read (invalid UTF-8 shows as U+FFFD).
        ch: char,
        /// One-based column (in characters) from the start of the line.
        column: usize,
    },
    /// A block-format puzzle without exactly nine rows.
    #[error("block of {}, expected 9", count(*found, "row"))]
    BlockRows {
        /// How many rows the block holds.
        found: usize,
    },
    /// A row of a block without nine cells.
    #[error("row {row} of the block (line {line}) has {}, expected 9", count(*found, "cell"))]
    BlockRowCells {
        /// One-based number of the row in the block.
        row: usize,
        /// One-based line of the row.
        line: usize,
        /// How many cells the row holds.
        found: usize,
    },
    /// A row of a block with a character that is no cell.
    #[error(
        "row {row} of the block (line {line}): {} at column {column}",
        shown(*ch)
    )]
    BlockRowCharacter {
        /// One-based number of the row in the block.
        row: usize,
        /// One-based line of the row.
        line: usize,
        /// The character, as read (invalid UTF-8 shows as U+FFFD).
        ch: char,
        /// One-based column (in characters) within the row's line.
        column: usize,
    },
    /// The input held no puzzle at all.
    #[error("no puzzle found")]
    Empty,
    /// Text where exactly one puzzle was expected held more after it.
    #[error("text after the puzzle")]
    Trailing,
    /// JSON input that is not a puzzle.
    #[error("JSON: {0}")]
    Json(String),
    /// A pencil-mark position (729 characters, a pencil-mark grid, a HoDoKu
    /// library line, SimpleSudoku's grids) that cannot be read: the cell at
    /// fault, when there is one, and why (`r2c5: no candidate`).
    #[error("{}{reason}", cell.map_or_else(String::new, |c| format!("{c}: ")))]
    Marks {
        /// The cell at fault.
        cell: Option<Cell>,
        /// What is wrong.
        reason: MarkFault,
    },
}

/// Why a pencil-mark position cannot be read (in [`ParseErrorKind::Marks`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MarkFault {
    /// A cell without a digit and without a candidate.
    #[error("no candidate")]
    NoCandidate,
    /// A grid of values that changes a given of the grid of givens.
    #[error("placed {placed} over the given {given}")]
    GivenChanged {
        /// The given.
        given: Digit,
        /// The digit in the grid of values.
        placed: Digit,
    },
    /// A HoDoKu library line without 6 or 7 `:`.
    #[error("HoDoKu library line with {found} ':', expected 6 or 7")]
    LibraryFields {
        /// How many `:` the line holds.
        found: usize,
    },
    /// A HoDoKu library line whose puzzle field does not hold 81 cells.
    #[error("HoDoKu library puzzle of {}, expected 81", count(*found, "cell"))]
    LibraryCells {
        /// How many cells the field holds.
        found: usize,
    },
    /// An entry of a HoDoKu library line's deleted candidates that is not
    /// three digits 1-9 (digit, row, column).
    #[error("deleted candidate {0:?} is not a digit, a row and a column")]
    DeletedCandidate(String),
}

/// A bad character as a message shows it: quoted and escaped, or, for what
/// could not be decoded (read as U+FFFD), said to be no UTF-8, since a
/// replacement mark would tell the reader nothing about the bytes in the
/// file. (A U+FFFD written as such in the file is told the same way: the
/// reader does not keep the two apart, and it is no cell either way.)
fn shown(ch: char) -> String {
    if ch == char::REPLACEMENT_CHARACTER {
        "bytes that are not UTF-8".to_string()
    } else {
        format!("bad character {ch:?}")
    }
}

/// `1 cell`, `80 cells`.
fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Why a grid cannot be a puzzle with exactly one solution, found without searching.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// Two givens in one house hold the same digit.
    #[error("{first} and {second} both hold {digit}")]
    Conflict {
        /// The first cell in row-major order.
        first: Cell,
        /// The second cell.
        second: Cell,
        /// The repeated digit.
        digit: Digit,
    },
    /// Fewer than 17 clues: no such puzzle has a unique solution.
    #[error("{}: a unique solution needs at least 17", count(*clues, "clue"))]
    TooFewClues {
        /// The number of clues.
        clues: usize,
    },
    /// Fewer than 8 distinct digits: two missing digits could be swapped.
    #[error("{}: a unique solution needs at least 8", count(*digits, "distinct digit"))]
    TooFewDigits {
        /// The number of distinct digits among the clues.
        digits: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_agree_with_their_nouns() {
        assert_eq!(
            RuleError::TooFewClues { clues: 1 }.to_string(),
            "1 clue: a unique solution needs at least 17"
        );
        assert_eq!(
            RuleError::TooFewClues { clues: 16 }.to_string(),
            "16 clues: a unique solution needs at least 17"
        );
        assert_eq!(
            RuleError::TooFewDigits { digits: 1 }.to_string(),
            "1 distinct digit: a unique solution needs at least 8"
        );
        assert_eq!(
            ParseErrorKind::CellCount { found: 1 }.to_string(),
            "1 cell, expected 81"
        );
    }
}
