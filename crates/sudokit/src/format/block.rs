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
//!
//! Each row is also read as a row of a pencil-mark grid (cells of several
//! digits); a block whose rows of nine such cells hold some of several
//! digits, and not more of `.`, `-` or `0` (no candidate), is a pencil-mark
//! grid ([`Block::Marks`]).

use super::line::{Row, RowFault};
use super::marks::grid::PmRow;
use crate::candidates::DigitSet;
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
    /// A separator line; `true` when it starts with `*` (SimpleSudoku's
    /// frame).
    Separator(bool),
    /// A line read as a row, with the reason it would be wrong as a
    /// line-format puzzle, and the same line read as a row of pencil marks.
    Row(Row, ParseErrorKind, PmRow),
}

/// What a block holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Block {
    /// A grid of digits: 81 values, 0 for empty.
    Values([u8; 81]),
    /// A pencil-mark grid: each cell's digits (empty for no candidate).
    Marks([DigitSet; 81]),
}

/// What the block reader gives back.
pub(crate) struct Done {
    /// The line the block starts on.
    pub(crate) line: usize,
    /// The block, or why it is wrong.
    pub(crate) result: Result<Block, ParseErrorKind>,
    /// A `*` border stood right before its first row (SimpleSudoku's frame).
    pub(crate) framed: bool,
}

/// The block being gathered.
#[derive(Default)]
pub(crate) struct Blocks {
    /// A wrong short line outside a block: perhaps a block's first row.
    pending: Option<(usize, Row, ParseErrorKind, PmRow)>,
    open: Option<Open>,
    /// The last line was a `*` border outside a block.
    star: bool,
}

/// A block under way.
struct Open {
    first_line: usize,
    rows: usize,
    values: [u8; 81],
    /// The first wrong row: its number in the block, its line, the fault.
    bad: Option<(usize, usize, RowFault)>,
    /// The first row's fault as a line-format puzzle.
    as_line: ParseErrorKind,
    framed: bool,
    /// The rows read as pencil marks.
    marks: [DigitSet; 81],
    /// Cells of several digits, cells of no candidate.
    multi: usize,
    holes: usize,
    /// The first row that is wrong as a row of pencil marks.
    marks_bad: Option<(usize, usize, RowFault)>,
}

impl Blocks {
    /// Takes one line; `out` receives what it completes, in input order.
    pub(crate) fn line(&mut self, line: usize, event: Event, out: &mut impl FnMut(Done)) {
        let star = matches!(event, Event::Separator(true));
        match event {
            Event::Row(row, as_line, pm) => self.row(line, row, as_line, pm, out),
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
            Event::Separator(_) => {
                self.flush_pending(out);
                if self.open.as_ref().is_some_and(|b| b.rows == 9) {
                    self.close(out);
                    self.star = false;
                    return;
                }
            }
            Event::Other => self.end(out),
        }
        self.star = star && self.open.is_none();
    }

    /// Whether the block under way is a pencil-mark grid.
    pub(crate) fn in_marks(&self) -> bool {
        self.open.as_ref().is_some_and(Open::is_marks)
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

    fn row(
        &mut self,
        line: usize,
        row: Row,
        as_line: ParseErrorKind,
        pm: PmRow,
        out: &mut impl FnMut(Done),
    ) {
        if self.open.is_none() {
            let opens = row.is_good() || (pm.is_clean() && pm.multi > 0);
            if !opens {
                self.flush_pending(out);
                self.pending = Some((line, row, as_line, pm));
                return;
            }
            let mut open = Open {
                first_line: line,
                rows: 0,
                values: [0; 81],
                bad: None,
                as_line: as_line.clone(),
                framed: self.star,
                marks: [DigitSet::EMPTY; 81],
                multi: 0,
                holes: 0,
                marks_bad: None,
            };
            if let Some((first, bad_row, first_as_line, bad_pm)) = self.pending.take() {
                open.first_line = first;
                open.as_line = first_as_line;
                open.framed = false;
                open.push(first, &bad_row, &bad_pm);
            }
            self.open = Some(open);
        }
        if let Some(open) = self.open.as_mut() {
            open.push(line, &row, &pm);
        }
    }

    fn flush_pending(&mut self, out: &mut impl FnMut(Done)) {
        if let Some((line, _, as_line, _)) = self.pending.take() {
            out(Done {
                line,
                result: Err(as_line),
                framed: false,
            });
        }
    }

    fn close(&mut self, out: &mut impl FnMut(Done)) {
        if let Some(open) = self.open.take() {
            out(Done {
                line: open.first_line,
                result: open.result(),
                framed: open.framed,
            });
        }
    }
}

impl Open {
    fn push(&mut self, line: usize, row: &Row, pm: &PmRow) {
        if self.rows < 9 {
            let at = self.rows * 9;
            self.values[at..at + 9].copy_from_slice(&row.values);
            self.marks[at..at + 9].copy_from_slice(&pm.sets);
        }
        self.rows += 1;
        if self.bad.is_none() {
            self.bad = row.fault().map(|fault| (self.rows, line, fault));
        }
        if pm.is_clean() {
            self.multi += pm.multi;
            self.holes += pm.holes;
        }
        if self.marks_bad.is_none() {
            self.marks_bad = match pm.bad {
                Some((ch, column)) => Some(RowFault::BadCharacter { ch, column }),
                None if pm.tokens != 9 => Some(RowFault::Cells(pm.tokens)),
                None => None,
            }
            .map(|fault| (self.rows, line, fault));
        }
    }

    /// Cells of several digits, and not more cells of no candidate.
    fn is_marks(&self) -> bool {
        self.multi > 0 && self.holes <= self.multi
    }

    fn result(&self) -> Result<Block, ParseErrorKind> {
        if self.is_marks() {
            return match self.marks_bad {
                Some(bad) => Err(row_error(bad)),
                None if self.rows == 1 => Err(self.as_line.clone()),
                None if self.rows != 9 => Err(ParseErrorKind::BlockRows { found: self.rows }),
                None => Ok(Block::Marks(self.marks)),
            };
        }
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
            None => Ok(Block::Values(self.values)),
        }
    }
}

/// The error of a wrong row: its number in the block, its line, the fault.
fn row_error((row, line, fault): (usize, usize, RowFault)) -> ParseErrorKind {
    match fault {
        RowFault::Cells(found) => ParseErrorKind::BlockRowCells { row, line, found },
        RowFault::BadCharacter { ch, column } => ParseErrorKind::BlockRowCharacter {
            row,
            line,
            ch,
            column,
        },
    }
}
