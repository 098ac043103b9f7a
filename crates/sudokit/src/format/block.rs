//! The block format: nine rows of nine cells, gathered line by line.
//!
//! A block is a run of rows, with separator lines anywhere in it and blank
//! lines after a complete band (3 or 6 rows). It ends at a blank line
//! elsewhere, at a separator right after its 9th row, at a comment or header,
//! at a line that is no row, or at the end of the input; then it gives one
//! puzzle or one error naming its first line. Inside a block, a short line
//! (at most [`ROW_CHARS`] characters) with at least 5 cells or only cells is
//! a row, right or wrong; a wrong row before the first good one waits one
//! line to see whether a block follows.

use super::line::{Row, RowFault};
use crate::error::ParseErrorKind;

/// The longest line (in characters) read as a row; a line-format puzzle
/// needs at least 81.
pub(crate) const ROW_CHARS: usize = 40;

/// What a line of text is, for the block reader.
pub(crate) enum Event {
    /// A blank line.
    Blank,
    /// A comment, a header or a line that is neither a row nor part of a
    /// block: it ends any block.
    Other,
    /// A separator line.
    Separator,
    /// A short line read as a row, with the reason it would be wrong as a
    /// line-format puzzle.
    Row(Row, ParseErrorKind),
}

/// What the block reader gives back: a grid's values or an error, and the
/// line each starts on.
pub(crate) type Done = (usize, Result<[u8; 81], ParseErrorKind>);

/// The block being gathered.
#[derive(Default)]
pub(crate) struct Blocks {
    /// A wrong short line outside a block: perhaps a block's first row.
    pending: Option<(usize, Row, ParseErrorKind)>,
    open: Option<Open>,
}

/// A block under way.
struct Open {
    first_line: usize,
    rows: usize,
    values: [u8; 81],
    /// The first wrong row: its number in the block, its line, the fault.
    bad: Option<(usize, usize, RowFault)>,
}

impl Blocks {
    /// Takes one line; `out` receives what it completes, in input order.
    pub(crate) fn line(&mut self, line: usize, event: Event, out: &mut impl FnMut(Done)) {
        match event {
            Event::Row(row, as_line) => self.row(line, row, as_line, out),
            Event::Blank => {
                self.flush_pending(out);
                let band = self
                    .open
                    .as_ref()
                    .is_some_and(|b| b.rows == 3 || b.rows == 6);
                if !band {
                    self.close(out);
                }
            }
            Event::Separator => {
                self.flush_pending(out);
                if self.open.as_ref().is_some_and(|b| b.rows == 9) {
                    self.close(out);
                }
            }
            Event::Other => self.end(out),
        }
    }

    /// Ends whatever is under way (before a line-format puzzle, a comment, or
    /// at the end of the input).
    pub(crate) fn end(&mut self, out: &mut impl FnMut(Done)) {
        self.flush_pending(out);
        self.close(out);
    }

    /// Whether a short line with a bad character may be a row now: the
    /// first row of a block, or one before its 9th.
    pub(crate) fn takes_wrong_rows(&self) -> bool {
        self.open.as_ref().is_none_or(|b| b.rows < 9)
    }

    fn row(&mut self, line: usize, row: Row, as_line: ParseErrorKind, out: &mut impl FnMut(Done)) {
        if self.open.is_none() {
            if !row.is_good() {
                self.flush_pending(out);
                self.pending = Some((line, row, as_line));
                return;
            }
            let mut open = Open {
                first_line: line,
                rows: 0,
                values: [0; 81],
                bad: None,
            };
            if let Some((first, bad_row, _)) = self.pending.take() {
                open.first_line = first;
                open.push(first, &bad_row);
            }
            self.open = Some(open);
        }
        if let Some(open) = self.open.as_mut() {
            open.push(line, &row);
        }
    }

    fn flush_pending(&mut self, out: &mut impl FnMut(Done)) {
        if let Some((line, _, as_line)) = self.pending.take() {
            out((line, Err(as_line)));
        }
    }

    fn close(&mut self, out: &mut impl FnMut(Done)) {
        if let Some(open) = self.open.take() {
            out((open.first_line, open.result()));
        }
    }
}

impl Open {
    fn push(&mut self, line: usize, row: &Row) {
        if self.rows < 9 {
            let at = self.rows * 9;
            self.values[at..at + 9].copy_from_slice(&row.values);
        }
        self.rows += 1;
        if self.bad.is_none() {
            self.bad = row.fault().map(|fault| (self.rows, line, fault));
        }
    }

    fn result(&self) -> Result<[u8; 81], ParseErrorKind> {
        match self.bad {
            Some((row, line, RowFault::Cells(found))) => {
                Err(ParseErrorKind::BlockRowCells { row, line, found })
            }
            Some((row, line, RowFault::BadCharacter { ch, column })) => {
                Err(ParseErrorKind::BlockRowCharacter {
                    row,
                    line,
                    ch,
                    column,
                })
            }
            // One row alone is rather a line cut short.
            None if self.rows == 1 => Err(ParseErrorKind::CellCount { found: 9 }),
            None if self.rows != 9 => Err(ParseErrorKind::BlockRows { found: self.rows }),
            None => Ok(self.values),
        }
    }
}
