//! Reading and writing puzzles as text: line, block and JSON formats.
//!
//! * **Line format**: 81 cells on one line, `1`-`9` for givens and any of
//!   `.`, `0`, `_`, `*`, `-`, `x` for empty cells; `|` may separate boxes.
//!   Anything after the 81st cell, separated by whitespace, `#`, `,` or `;`, is
//!   a comment. Cells may also be separated by spaces (`4 . . 3 ...`).
//! * **Block format**: nine rows of nine cells, with optional spaces, `|`
//!   between boxes and separator lines made of `-`, `+`, `=` and `|` (as
//!   [`Grid::to_block`] prints it). Detected automatically, line by line.
//! * **JSON**: an array of 81 numbers (0 or `null` for empty), or 9 arrays of
//!   9, or a string in line format, or an object with a `"puzzle"` field; a
//!   document may hold one puzzle, an array of puzzles, or one puzzle per line.
//!
//! Blank lines and lines starting with `#` are skipped. Every bad puzzle gives
//! a [`ParseError`] naming its line; the puzzles around it are still read.

use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Grid;

/// A puzzle read from text, with the line it starts on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// One-based line number of the puzzle's first line.
    pub line: usize,
    /// The givens.
    pub grid: Grid,
}

/// Whether `c` stands for a cell: a digit or an empty-cell mark.
fn cell_value(c: char) -> Option<u8> {
    match c {
        '1'..='9' => Some(c as u8 - b'0'),
        '.' | '0' | '_' | '*' | '-' | 'x' | 'X' => Some(0),
        _ => None,
    }
}

fn is_comment_start(c: char) -> bool {
    c.is_whitespace() || matches!(c, '#' | ',' | ';')
}

/// Reads every puzzle in `bytes`, in line or block format, in input order.
///
/// Invalid UTF-8 is read with replacement characters (and so reported as bad
/// characters); data with a NUL byte is taken as binary and gives one error.
pub fn read_puzzles(bytes: &[u8]) -> Vec<Result<Puzzle, ParseError>> {
    if let Some(offset) = bytes.iter().position(|&b| b == 0) {
        let line = 1 + bytes[..offset].iter().filter(|&&b| b == b'\n').count();
        return vec![Err(ParseError {
            line,
            kind: ParseErrorKind::Binary { offset },
        })];
    }
    parse_puzzles(&String::from_utf8_lossy(bytes))
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
    let mut out = Vec::new();
    let mut block = Block::default();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            block.flush(&mut out);
            continue;
        }
        if is_separator(line) {
            continue;
        }
        if let Some(row) = block_row(line) {
            block.push(line_no, row, &mut out);
            continue;
        }
        block.flush(&mut out);
        out.push(
            parse_line(line)
                .map(|grid| Puzzle {
                    line: line_no,
                    grid,
                })
                .map_err(|kind| ParseError {
                    line: line_no,
                    kind,
                }),
        );
    }
    block.flush(&mut out);
    out
}

/// Parses exactly one puzzle, in line or block format.
pub fn parse_one(text: &str) -> Result<Grid, ParseError> {
    let mut all = parse_puzzles(text).into_iter();
    match all.next() {
        None => Err(ParseError {
            line: 1,
            kind: ParseErrorKind::Empty,
        }),
        Some(first) => first.map(|p| p.grid),
    }
}

/// Rows of a block-format puzzle being collected.
#[derive(Default)]
struct Block {
    first_line: usize,
    rows: Vec<[u8; 9]>,
}

impl Block {
    fn push(&mut self, line: usize, row: [u8; 9], out: &mut Vec<Result<Puzzle, ParseError>>) {
        if self.rows.is_empty() {
            self.first_line = line;
        }
        self.rows.push(row);
        if self.rows.len() == 9 {
            let mut values = [0u8; 81];
            for (r, row) in self.rows.drain(..).enumerate() {
                values[r * 9..r * 9 + 9].copy_from_slice(&row);
            }
            let grid = Grid::from_values(values).expect("cell values are 0..=9");
            out.push(Ok(Puzzle {
                line: self.first_line,
                grid,
            }));
        }
    }

    /// Reports an unfinished block, if any.
    fn flush(&mut self, out: &mut Vec<Result<Puzzle, ParseError>>) {
        if !self.rows.is_empty() {
            out.push(Err(ParseError {
                line: self.first_line,
                kind: ParseErrorKind::BlockRows {
                    found: self.rows.len(),
                },
            }));
            self.rows.clear();
        }
    }
}

/// A line drawn between bands of a block, such as `------+-------+------`.
fn is_separator(line: &str) -> bool {
    let all_marks = line
        .chars()
        .all(|c| c.is_whitespace() || matches!(c, '-' | '+' | '=' | '|' | '*'));
    let marks = line.chars().filter(|c| !c.is_whitespace()).count();
    // Nine dashes alone could be a row of empty cells; a drawn line is longer
    // or has crossings.
    all_marks && (line.contains(['+', '=']) || marks != 9)
}

/// The nine cells of a block row such as `4 . . | . 3 . | . . .`, if it is one.
fn block_row(line: &str) -> Option<[u8; 9]> {
    let mut row = [0u8; 9];
    let mut n = 0;
    for c in line.chars().filter(|&c| !c.is_whitespace() && c != '|') {
        let v = cell_value(c)?;
        if n == 9 {
            return None;
        }
        row[n] = v;
        n += 1;
    }
    (n == 9).then_some(row)
}

/// Parses a line-format puzzle (the line is already trimmed and not a comment).
fn parse_line(line: &str) -> Result<Grid, ParseErrorKind> {
    let mut values = [0u8; 81];
    let mut n = 0usize;
    let mut spaced = false;
    for (col, c) in line.chars().enumerate() {
        if c == '|' {
            continue;
        }
        if let Some(v) = cell_value(c) {
            if n < 81 {
                values[n] = v;
            }
            n += 1;
            continue;
        }
        if n == 81 && is_comment_start(c) {
            break;
        }
        if c == ' ' || c == '\t' {
            // Cells separated by spaces (`4 . . 3 ...`): keep reading, unless
            // what follows is a comment on a short line.
            if n > 0 && n < 81 && (spaced || n == 1) {
                spaced = true;
                continue;
            }
            break;
        }
        if is_comment_start(c) {
            break;
        }
        return Err(ParseErrorKind::BadCharacter {
            ch: c,
            column: col + 1,
        });
    }
    if n != 81 {
        return Err(ParseErrorKind::CellCount { found: n });
    }
    Ok(Grid::from_values(values).expect("cell values are 0..=9"))
}

/// Reads puzzles from JSON text: one puzzle, an array of puzzles, or one per line.
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
    use serde_json::Value;
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Array(items)) if !items.is_empty() && !is_one_puzzle(&items) => items
            .iter()
            .enumerate()
            .map(|(k, v)| {
                json_grid(v, 1).map_err(|e| json_error(1, format!("puzzle {}: {e}", k + 1)))
            })
            .collect(),
        Ok(v) => vec![json_grid(&v, 1).map_err(|e| json_error(1, e))],
        Err(whole) => {
            let mut out = Vec::new();
            for (i, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let read = serde_json::from_str::<Value>(line)
                    .map_err(|e| e.to_string())
                    .and_then(|v| json_grid(&v, i + 1));
                out.push(read.map_err(|e| json_error(i + 1, e)));
            }
            if out.len() == 1 && text.lines().filter(|l| !l.trim().is_empty()).count() == 1 {
                // A single-line document: the whole-document error says more.
                out[0] = Err(json_error(1, whole.to_string()));
            }
            out
        }
    }
}

#[cfg(feature = "json")]
fn json_error(line: usize, msg: String) -> ParseError {
    ParseError {
        line,
        kind: ParseErrorKind::Json(msg),
    }
}

/// Whether a top-level array is itself one puzzle (81 cells or 9 rows of 9).
#[cfg(feature = "json")]
fn is_one_puzzle(items: &[serde_json::Value]) -> bool {
    use serde_json::Value;
    let cell = |v: &Value| v.is_number() || v.is_null();
    items.iter().all(cell)
        || (items.len() == 9
            && items
                .iter()
                .all(|r| r.as_array().is_some_and(|r| r.iter().all(cell))))
}

#[cfg(feature = "json")]
fn json_grid(v: &serde_json::Value, line: usize) -> Result<Puzzle, String> {
    use serde_json::Value;
    let cells: Vec<&Value> = match v {
        Value::String(s) => {
            return parse_line(s.trim())
                .map(|grid| Puzzle { line, grid })
                .map_err(|e| e.to_string());
        }
        Value::Object(map) => match map.get("puzzle") {
            Some(p) => return json_grid(p, line),
            None => return Err("object without a \"puzzle\" field".into()),
        },
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_array) => {
            if items.len() != 9 {
                let n = items.len();
                return Err(format!(
                    "{n} row{}, expected 9",
                    if n == 1 { "" } else { "s" }
                ));
            }
            let mut cells = Vec::with_capacity(81);
            for (r, row) in items.iter().enumerate() {
                let row = row.as_array().expect("checked above");
                if row.len() != 9 {
                    let n = row.len();
                    let s = if n == 1 { "" } else { "s" };
                    return Err(format!("row {} has {n} cell{s}, expected 9", r + 1));
                }
                cells.extend(row);
            }
            cells
        }
        Value::Array(items) => items.iter().collect(),
        other => {
            return Err(format!(
                "expected an array of 81 cells, found {}",
                json_kind(other)
            ));
        }
    };
    if cells.len() != 81 {
        return Err(ParseErrorKind::CellCount { found: cells.len() }.to_string());
    }
    let mut values = [0u8; 81];
    for (i, (slot, v)) in values.iter_mut().zip(cells).enumerate() {
        *slot = match v {
            Value::Null => 0,
            Value::Number(n) => match n.as_u64() {
                Some(d) if d <= 9 => d as u8,
                _ => {
                    let cell = crate::grid::Cell::new(i).expect("i < 81");
                    return Err(format!("{cell}: {n} is not a digit 0-9"));
                }
            },
            other => {
                let cell = crate::grid::Cell::new(i).expect("i < 81");
                return Err(format!(
                    "{cell}: expected a number, found {}",
                    json_kind(other)
                ));
            }
        };
    }
    let grid = Grid::from_values(values).expect("checked above");
    Ok(Puzzle { line, grid })
}

#[cfg(feature = "json")]
fn json_kind(v: &serde_json::Value) -> &'static str {
    use serde_json::Value;
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
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

// TEMPORARY: the streaming reader's interface over the whole-input reader;
// replaced by the real incremental reader.
/// Which syntax a [`Reader`] expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Syntax {
    /// JSON when the input starts like JSON, else text.
    #[default]
    Auto,
    /// Line and block formats.
    Text,
    /// JSON.
    Json,
}

/// Why a [`Reader`] yields no puzzle.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// A bad puzzle; reading goes on.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The source failed; the iterator ends after it.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Puzzles read from a byte stream.
pub struct Reader<R: std::io::BufRead> {
    inner: Option<(R, Syntax)>,
    items: std::vec::IntoIter<Result<Puzzle, ParseError>>,
}

impl<R: std::io::BufRead> Reader<R> {
    /// A reader of `inner` in the given syntax.
    pub fn new(inner: R, syntax: Syntax) -> Reader<R> {
        Reader {
            inner: Some((inner, syntax)),
            items: Vec::new().into_iter(),
        }
    }
}

impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ReadError>;
    fn next(&mut self) -> Option<Self::Item> {
        if let Some((mut inner, syntax)) = self.inner.take() {
            let mut bytes = Vec::new();
            if let Err(e) = inner.read_to_end(&mut bytes) {
                return Some(Err(ReadError::Io(e)));
            }
            let json = match syntax {
                Syntax::Json => true,
                Syntax::Text => false,
                Syntax::Auto => bytes
                    .iter()
                    .find(|b| !b.is_ascii_whitespace())
                    .is_some_and(|b| matches!(b, b'[' | b'{')),
            };
            let items = if json {
                parse_json(&String::from_utf8_lossy(&bytes))
            } else {
                read_puzzles(&bytes)
            };
            self.items = items.into_iter();
        }
        self.items.next().map(|r| r.map_err(ReadError::Parse))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const P: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn err(text: &str) -> String {
        parse_puzzles(text)
            .into_iter()
            .find_map(Result::err)
            .expect("an error")
            .to_string()
    }

    #[test]
    fn line_with_comment_and_every_empty_mark() {
        let alt: String = P
            .chars()
            .enumerate()
            .map(|(i, c)| {
                if c == '.' {
                    ['0', '_', '*', '-', 'x', '.'][i % 6]
                } else {
                    c
                }
            })
            .collect();
        for text in [
            format!("{alt}  # rated 9.0"),
            format!("{alt};x"),
            format!("{alt},1"),
        ] {
            let got = parse_puzzles(&text);
            assert_eq!(got.len(), 1);
            assert_eq!(got[0].as_ref().unwrap().grid.to_string(), P);
        }
    }

    #[test]
    fn cell_count_errors_say_how_many() {
        assert_eq!(err(&P[..80]), "1: 80 cells, expected 81");
        assert_eq!(err(&format!("{P}1")), "1: 82 cells, expected 81");
        assert_eq!(
            err(&format!("\n\n{}  # short", &P[..70])),
            "3: 70 cells, expected 81"
        );
    }

    #[test]
    fn bad_character_names_char_and_column() {
        let mut s = P.to_string();
        s.replace_range(11..12, "a");
        assert_eq!(err(&s), "1: bad character 'a' at column 12");
        assert_eq!(err("4..\u{7f}"), "1: bad character '\\u{7f}' at column 4");
    }

    #[test]
    fn block_format_with_separators() {
        let grid: Grid = P.parse().unwrap();
        let text = format!("# header\n\n{}\n{}", grid.to_block(), grid.to_block());
        let got = parse_puzzles(&text);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].as_ref().unwrap().line, 3);
        assert_eq!(got[0].as_ref().unwrap().grid, grid);
        assert_eq!(got[1].as_ref().unwrap().line, 15);
    }

    #[test]
    fn compact_block_and_short_block() {
        let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
        let text = rows.join("\n");
        assert_eq!(parse_one(&text).unwrap().to_string(), P);
        let short = rows[..5].join("\n") + "\n\n" + P;
        let got = parse_puzzles(&short);
        assert_eq!(
            got[0].as_ref().unwrap_err().to_string(),
            "1: block of 5 rows, expected 9"
        );
        assert_eq!(got[1].as_ref().unwrap().line, 7);
    }

    #[test]
    fn spaced_line() {
        let spaced: String = P.chars().map(|c| format!("{c} ")).collect();
        assert_eq!(parse_one(&spaced).unwrap().to_string(), P);
    }

    #[test]
    fn binary_and_empty_and_huge() {
        let got = read_puzzles(b"ab\ncd\x00\xff");
        assert_eq!(
            got[0].as_ref().unwrap_err().to_string(),
            "2: binary data (NUL byte at offset 5), not puzzles"
        );
        assert!(read_puzzles(b"").is_empty());
        assert_eq!(parse_one("").unwrap_err().to_string(), "1: no puzzle found");
        let huge = "1".repeat(10_000_000);
        assert_eq!(err(&huge), "1: 10000000 cells, expected 81");
        assert_eq!(err("4"), "1: 1 cell, expected 81");
        let bad_utf8 = read_puzzles(b"4..\xff\xfe");
        assert_eq!(
            bad_utf8[0].as_ref().unwrap_err().to_string(),
            "1: bad character '\u{fffd}' at column 4"
        );
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_forms() {
        let grid: Grid = P.parse().unwrap();
        let flat = to_json(&grid);
        let nested: Vec<Vec<u8>> = grid.values().chunks(9).map(<[u8]>::to_vec).collect();
        let nested = serde_json::to_string(&nested).unwrap();
        let with_null = flat.replace("0", "null");
        for text in [
            flat.clone(),
            nested,
            with_null,
            format!("\"{P}\""),
            format!("{{\"puzzle\":\"{P}\"}}"),
        ] {
            let got = parse_json(&text);
            assert_eq!(got.len(), 1, "{text}");
            assert_eq!(got[0].as_ref().unwrap().grid, grid, "{text}");
        }
        let many = parse_json(&format!("[{flat},\"{P}\",[1,2]]"));
        assert_eq!(many.len(), 3);
        assert_eq!(
            many[2].as_ref().unwrap_err().to_string(),
            "1: JSON: puzzle 3: 2 cells, expected 81"
        );
        let lines = parse_json(&format!("{flat}\n[1,2,\n{flat}"));
        assert_eq!(lines[1].as_ref().unwrap_err().line, 2);
        assert_eq!(lines[2].as_ref().unwrap().line, 3);
        let bad = parse_json(&flat.replacen("4", "12", 1));
        assert_eq!(
            bad[0].as_ref().unwrap_err().to_string(),
            "1: JSON: r1c1: 12 is not a digit 0-9"
        );
    }

    fn any_grid() -> impl Strategy<Value = Grid> {
        proptest::collection::vec(0u8..=9, 81)
            .prop_map(|v| Grid::from_values(v.try_into().unwrap()).unwrap())
    }

    proptest! {
        #[test]
        fn line_round_trip(g in any_grid()) {
            prop_assert_eq!(parse_one(&g.to_line()).unwrap(), g);
            prop_assert_eq!(parse_one(&g.to_line_with('0')).unwrap(), g);
        }

        #[test]
        fn block_round_trip(g in any_grid()) {
            prop_assert_eq!(parse_one(&g.to_block()).unwrap(), g);
            prop_assert_eq!(parse_one(&g.to_block_with('*')).unwrap(), g);
        }

        #[cfg(feature = "json")]
        #[test]
        fn json_round_trip(g in any_grid()) {
            let got = parse_json(&to_json(&g));
            prop_assert_eq!(got[0].as_ref().unwrap().grid, g);
        }

        #[test]
        fn arbitrary_text_never_panics(s in "\\PC{0,300}") {
            let _ = parse_puzzles(&s);
            #[cfg(feature = "json")]
            let _ = parse_json(&s);
        }
    }
}
