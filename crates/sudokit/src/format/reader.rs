//! [`Reader`]: puzzles read one by one from any [`BufRead`].

use super::Puzzle;
use super::block::{Block, Blocks, Done, Event, ROW_CHARS};
use super::json::{JsonScan, Sink, Unit};
use super::line::{LineScan, Row, char_count, is_header, is_separator, scan_line, trim};
use super::marks::grid::{PmRow, is_frame};
use super::marks::simple::Held;
use super::marks::{library, pm729};
use super::source::{Piece, Source};
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;
use crate::marked::MarkedGrid;
use std::collections::VecDeque;
use std::io::{self, BufRead};

/// Which formats a [`Reader`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Syntax {
    /// JSON when the first line that is not blank or a `#` comment starts
    /// JSON (`{`, or `[` followed by a value or the end of the line: not a
    /// `[Puzzle]` header); else text.
    #[default]
    Auto,
    /// The line and block formats, and the pencil-mark formats (729
    /// characters, pencil-mark grids, HoDoKu library lines, SimpleSudoku).
    Text,
    /// JSON.
    Json,
}

/// Why a [`Reader`] could not give a puzzle.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A bad puzzle; reading goes on after it.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The input failed; the reader ends after it.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// Puzzles read from `inner` one by one, in input order, each as soon as
/// the line that completes it has been read.
///
/// Memory stays bounded whatever the input: a line, or a JSON value, is kept
/// up to 64 KiB; a longer line is still read through, so that a line of ten
/// million digits reports `10000000 cells, expected 81`.
///
/// ```
/// use sudokit::format::{Reader, Syntax};
/// let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n\
///             4.....8.5.3....\n";
/// let mut reader = Reader::new(text.as_bytes(), Syntax::Auto);
/// assert_eq!(reader.next().unwrap().unwrap().line, 1);
/// let err = reader.next().unwrap().unwrap_err();
/// assert_eq!(err.to_string(), "2: 15 cells, expected 81");
/// assert!(reader.next().is_none());
/// ```
pub struct Reader<R: BufRead> {
    src: Source<R>,
    syntax: Syntax,
    started: bool,
    /// No text of the current line read yet.
    line_start: bool,
    blocks: Blocks,
    json: JsonScan,
    out: Queue,
    finished: bool,
}

/// Results ready to give, and framed grids of digits held back until it is
/// known whether a pencil-mark grid joins them (SimpleSudoku).
#[derive(Default)]
struct Queue {
    ready: VecDeque<Result<Puzzle, ParseError>>,
    held: Held,
}

impl Queue {
    /// Gives back the held grids, as puzzles of their own.
    fn release(&mut self) {
        for (line, grid) in self.held.take() {
            self.ready.push_back(Ok(plain(line, grid)));
        }
    }

    /// A result that is not a block: after the held grids.
    fn push(&mut self, item: Result<Puzzle, ParseError>) {
        self.release();
        self.ready.push_back(item);
    }

    /// A block read.
    fn block(&mut self, done: Done) {
        let Done {
            line,
            result,
            framed,
        } = done;
        match result {
            Ok(Block::Values(values)) if framed => {
                let grid = Grid::from_values(values).expect("cells are 0-9");
                if let Some((line, grid)) = self.held.hold(line, grid) {
                    self.ready.push_back(Ok(plain(line, grid)));
                }
            }
            Ok(Block::Values(values)) => self.push(puzzle(line, Ok(values))),
            Ok(Block::Marks(cells)) => {
                let joined = self.held.join(line, &cells);
                for (line, grid) in joined.alone {
                    self.ready.push_back(Ok(plain(line, grid)));
                }
                self.ready.push_back(position(joined.line, joined.position));
            }
            Err(kind) => self.push(Err(ParseError { line, kind })),
        }
    }
}

impl<R: BufRead> Reader<R> {
    /// Whether the next puzzle may have to wait for more input: none is
    /// parsed and waiting, and what has been read holds no line break. A
    /// caller that answers puzzles as they come (someone typing them) answers
    /// those in hand before asking for the next.
    pub fn may_wait(&self) -> bool {
        self.out.ready.is_empty() && !self.finished && self.src.holds_no_break()
    }

    /// A reader of `inner` in the given syntax.
    pub fn new(inner: R, syntax: Syntax) -> Reader<R> {
        Reader {
            src: Source::new(inner),
            syntax,
            started: false,
            line_start: true,
            blocks: Blocks::default(),
            json: JsonScan::new(),
            out: Queue::default(),
            finished: false,
        }
    }

    /// Bytes held in buffers (for memory tests).
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.src.held() + self.json.held() + self.out.ready.capacity() * size_of::<Puzzle>()
    }

    /// Reads until something is ready or the input ends; `false` at the end.
    fn step(&mut self) -> io::Result<bool> {
        if !self.started {
            self.started = true;
            if let Piece::Text { len, .. } = self.src.piece()? {
                if self.src.bytes(len).starts_with(b"\xEF\xBB\xBF") {
                    self.src.consume(3);
                }
            }
        }
        match self.syntax {
            Syntax::Auto => self.detect(),
            Syntax::Text => self.text(),
            Syntax::Json => self.json(),
        }
    }

    /// Skips blank and comment lines, then decides between text and JSON.
    fn detect(&mut self) -> io::Result<bool> {
        match self.src.piece()? {
            Piece::End => Ok(false),
            Piece::Break => {
                self.src.take_break();
                self.line_start = true;
                Ok(true)
            }
            Piece::Text { len, .. } => {
                let (line, _) = trim(self.src.bytes(len));
                if !self.line_start || line.is_empty() || line[0] == b'#' {
                    self.src.consume(len);
                    self.line_start = false;
                    return Ok(true);
                }
                self.syntax = if starts_json(line) {
                    Syntax::Json
                } else {
                    Syntax::Text
                };
                Ok(true)
            }
        }
    }

    fn text(&mut self) -> io::Result<bool> {
        let line_no = self.src.line();
        match self.src.piece()? {
            Piece::End => {
                self.blocks.end(&mut done_to(&mut self.out));
                self.out.release();
                return Ok(false);
            }
            Piece::Break => {
                if self.line_start {
                    self.blocks
                        .line(line_no, Event::Blank, &mut done_to(&mut self.out));
                }
                self.src.take_break();
                self.line_start = true;
            }
            Piece::Text { len, whole } => {
                if whole && self.line_start {
                    text_line(
                        self.src.bytes(len),
                        line_no,
                        &mut self.blocks,
                        &mut self.out,
                    );
                    self.src.consume(len);
                } else {
                    self.long_line(len)?;
                }
                self.line_start = false;
            }
        }
        Ok(true)
    }

    /// A line longer than the buffer, read through in pieces.
    fn long_line(&mut self, len: usize) -> io::Result<()> {
        let line_no = self.src.line();
        let (start, column) = trim(self.src.bytes(len));
        let comment = start.first() == Some(&b'#');
        let mut scan = LineScan::new(column);
        scan.feed(start);
        self.src.consume(len);
        while let Piece::Text { len, .. } = self.src.piece()? {
            if !comment && !scan.done() {
                scan.feed(self.src.bytes(len));
            }
            self.src.consume(len);
        }
        self.blocks.end(&mut done_to(&mut self.out));
        if comment {
            self.out.release();
        } else {
            self.out.push(puzzle(line_no, scan.finish()));
        }
        Ok(())
    }

    fn json(&mut self) -> io::Result<bool> {
        let line_no = self.src.line();
        let mut sink = JsonSink(&mut self.out.ready);
        match self.src.piece()? {
            Piece::End => {
                self.json.end(&mut sink);
                return Ok(false);
            }
            Piece::Break => {
                self.json.line_end(line_no, &mut sink);
                self.src.take_break();
            }
            Piece::Text { len, .. } => {
                let read = self.json.feed(self.src.bytes(len), line_no, &mut sink);
                self.src.consume(read);
            }
        }
        Ok(true)
    }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(item) = self.out.ready.pop_front() {
                return Some(item.map_err(ReadError::Parse));
            }
            if self.finished {
                return None;
            }
            match self.step() {
                Ok(true) => {}
                Ok(false) => self.finished = true,
                Err(e) => {
                    self.finished = true;
                    self.out = Queue::default();
                    return Some(Err(ReadError::Io(e)));
                }
            }
        }
    }
}

/// Whether a trimmed first line starts JSON rather than text.
fn starts_json(line: &[u8]) -> bool {
    match line.first() {
        Some(b'{') => true,
        Some(b'[') => {
            let rest = trim(&line[1..]).0;
            match rest.first() {
                None => true,
                Some(b'[' | b'{' | b'"' | b']' | b'-' | b'0'..=b'9') => true,
                Some(_) => ["null", "true", "false"].iter().any(|word| {
                    rest.starts_with(word.as_bytes())
                        && !rest
                            .get(word.len())
                            .is_some_and(|b| b.is_ascii_alphanumeric())
                }),
            }
        }
        _ => false,
    }
}

/// The puzzle of a grid of givens alone.
fn plain(line: usize, grid: Grid) -> Puzzle {
    Puzzle {
        line,
        grid,
        position: None,
    }
}

/// The puzzle of a position read: its givens, and the position when it
/// says more than they do.
fn position(line: usize, read: Result<MarkedGrid, ParseErrorKind>) -> Result<Puzzle, ParseError> {
    match read {
        Ok(position) => Ok(Puzzle {
            line,
            grid: *position.givens(),
            position: position.is_position().then_some(position),
        }),
        Err(kind) => Err(ParseError { line, kind }),
    }
}

fn puzzle(line: usize, values: Result<[u8; 81], ParseErrorKind>) -> Result<Puzzle, ParseError> {
    match values {
        Ok(values) => match Grid::from_values(values) {
            Some(grid) => Ok(Puzzle {
                line,
                grid,
                position: None,
            }),
            // Values come from the cell table and JSON digits: never above 9.
            None => Err(ParseError {
                line,
                kind: ParseErrorKind::Json("cell value above 9".into()),
            }),
        },
        Err(kind) => Err(ParseError { line, kind }),
    }
}

/// Where the block reader's results go.
fn done_to(out: &mut Queue) -> impl FnMut(Done) + '_ {
    |done| out.block(done)
}

/// One whole line of text.
fn text_line(bytes: &[u8], line_no: usize, blocks: &mut Blocks, out: &mut Queue) {
    let (line, column) = trim(bytes);
    let event = if line.is_empty() {
        Event::Blank
    } else if line[0] == b'#' || is_header(line) {
        blocks.line(line_no, Event::Other, &mut done_to(out));
        out.release();
        return;
    } else if pm729::is_pm729(line) || library::is_library(line) {
        let read = if line[0] == b':' {
            library::read(line, column)
        } else {
            pm729::read(line)
        };
        blocks.end(&mut done_to(out));
        out.push(position(line_no, read));
        return;
    } else if is_frame(line) {
        Event::Separator(line[0] == b'*')
    } else {
        let as_line = scan_line(line, column);
        let in_marks = blocks.in_marks();
        let pm = (as_line.is_err() || in_marks).then(|| PmRow::read(line, column));
        match (as_line, pm) {
            // In a pencil-mark grid, a row of 81 digits is still a row.
            (_, Some(pm)) if in_marks && pm.is_clean() => {
                let kind = ParseErrorKind::CellCount { found: 81 };
                Event::Row(Row::read(line, column), kind, pm)
            }
            (Ok(values), _) => {
                // A line-format puzzle ends any block before it.
                blocks.end(&mut done_to(out));
                out.push(puzzle(line_no, Ok(values)));
                return;
            }
            (Err(_), _) if is_separator(line) => Event::Separator(line[0] == b'*'),
            (Err(kind), pm) => {
                let pm = pm.unwrap_or_else(|| PmRow::read(line, column));
                match short_row(line, column, blocks)
                    .or_else(|| marks_row(line, column, &pm, blocks))
                {
                    Some(row) => Event::Row(row, kind, pm),
                    None => {
                        blocks.end(&mut done_to(out));
                        out.push(puzzle(line_no, Err(kind)));
                        return;
                    }
                }
            }
        }
    };
    blocks.line(line_no, event, &mut done_to(out));
}

/// A longer line read as a row of a pencil-mark grid, when it may be one:
/// nine cells of digits, some with several or the first after `|`, or five
/// cells or more, right or wrong, in a pencil-mark grid under way.
fn marks_row(line: &[u8], column: usize, pm: &PmRow, blocks: &Blocks) -> Option<Row> {
    let first = pm.is_clean() && (line.first() == Some(&b'|') || pm.multi > 0);
    let wrong = blocks.in_marks() && pm.tokens >= 5 && blocks.takes_wrong_rows();
    (first || wrong).then(|| Row::read(line, column))
}

/// A short line read as a row of a block, when it may be one.
fn short_row(line: &[u8], column: usize, blocks: &Blocks) -> Option<Row> {
    if line.len() > ROW_CHARS * 4 || char_count(line) > ROW_CHARS {
        return None;
    }
    let row = Row::read(line, column);
    let rowish = row.cells >= 5 && blocks.takes_wrong_rows();
    (row.cells > 0 && (row.bad.is_none() || rowish)).then_some(row)
}

/// JSON units parsed as they come.
struct JsonSink<'a>(&'a mut VecDeque<Result<Puzzle, ParseError>>);

impl Sink for JsonSink<'_> {
    fn unit(&mut self, unit: Unit<'_>) {
        let line = unit.line;
        self.0
            .push_back(parse_unit(&unit).and_then(|values| puzzle(line, Ok(values))));
    }

    fn error(&mut self, error: ParseError) {
        self.0.push_back(Err(error));
    }
}

#[cfg(feature = "json")]
use super::json_value::parse_unit;

/// Without the `json` feature, JSON units are refused.
#[cfg(not(feature = "json"))]
fn parse_unit(unit: &Unit<'_>) -> Result<[u8; 81], ParseError> {
    Err(ParseError {
        line: unit.line,
        kind: ParseErrorKind::Json("JSON input needs the `json` feature".into()),
    })
}
