//! The line format (81 cells on a line) and the pieces of text lines that
//! the block format shares: cells, rows, separator lines, trimming.
//!
//! Work is on bytes: ASCII takes one table look-up per byte, and only other
//! characters are decoded (invalid UTF-8 reads as U+FFFD).

use crate::error::ParseErrorKind;

/// What a byte stands for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    /// A cell: its value, 0 when empty.
    Cell(u8),
    /// `|` between boxes.
    Pipe,
    /// ASCII whitespace.
    Space,
    /// `#`, `,` or `;`: a comment follows.
    Comment,
    /// Any other ASCII character.
    Other,
    /// The first byte of a multi-byte character (or not UTF-8).
    Wide,
}

/// The class of every byte.
static CLASS: [Class; 256] = {
    let mut t = [Class::Other; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = match b as u8 {
            d @ b'1'..=b'9' => Class::Cell(d - b'0'),
            b'.' | b'0' | b'_' | b'*' | b'-' | b'x' | b'X' => Class::Cell(0),
            b'|' => Class::Pipe,
            b' ' | b'\t' | 0x0B | 0x0C => Class::Space,
            b'#' | b',' | b';' => Class::Comment,
            0x80..=0xFF => Class::Wide,
            _ => Class::Other,
        };
        b += 1;
    }
    t
};

/// The value of every byte that is a cell, [`NOT_CELL`] for the others.
static CELL: [u8; 256] = {
    let mut t = [NOT_CELL; 256];
    let mut b = 0;
    while b < 256 {
        if let Class::Cell(v) = CLASS[b] {
            t[b] = v;
        }
        b += 1;
    }
    t
};

const NOT_CELL: u8 = 0xFF;

/// The class of a decoded character.
fn class_of(c: char) -> Class {
    if c.is_ascii() {
        CLASS[c as usize]
    } else if c.is_whitespace() {
        Class::Space
    } else {
        Class::Other
    }
}

/// The character at the start of `bytes` and its length; invalid UTF-8 is one
/// U+FFFD for each maximal bad sequence, as `String::from_utf8_lossy` reads it.
pub(crate) fn decode(bytes: &[u8]) -> (char, usize) {
    let head = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(head) {
        Ok(s) => s,
        Err(e) if e.valid_up_to() > 0 => {
            std::str::from_utf8(&head[..e.valid_up_to()]).unwrap_or_default()
        }
        Err(e) => return ('\u{FFFD}', e.error_len().unwrap_or(head.len()).max(1)),
    };
    match valid.chars().next() {
        Some(c) => (c, c.len_utf8()),
        None => ('\u{FFFD}', 1),
    }
}

/// The number of characters in `bytes`.
pub(crate) fn char_count(bytes: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < bytes.len() {
        i += if bytes[i] < 0x80 {
            1
        } else {
            decode(&bytes[i..]).1
        };
        n += 1;
    }
    n
}

/// `line` without leading and trailing whitespace, and how many characters
/// the leading whitespace held.
pub(crate) fn trim(line: &[u8]) -> (&[u8], usize) {
    let mut start = 0;
    let mut skipped = 0;
    while start < line.len() {
        let (c, len) = char_at(line, start);
        if !c.is_whitespace() {
            break;
        }
        start += len;
        skipped += 1;
    }
    let mut end = line.len();
    while end > start {
        let mut back = end - 1;
        while back > start && line[back] & 0xC0 == 0x80 {
            back -= 1;
        }
        if !char_at(line, back).0.is_whitespace() {
            break;
        }
        end = back;
    }
    (&line[start..end], skipped)
}

/// The character at byte `i`, ASCII without decoding.
pub(crate) fn char_at(line: &[u8], i: usize) -> (char, usize) {
    if line[i] < 0x80 {
        (char::from(line[i]), 1)
    } else {
        decode(&line[i..])
    }
}

/// Where a line-format scan stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    /// Reading cells.
    Cells,
    /// A comment began: the rest of the line is not read.
    Comment,
    /// A bad character, at a one-based column.
    Bad(char, usize),
}

/// A line-format puzzle read piece by piece, so that a line of any length is
/// read in bounded memory.
///
/// Cells may be separated by whitespace (`4 . . 3 …`, or rows of nine cells
/// `8........ .59......`); then cells that follow the 81st, after
/// whitespace, still count (and make the line wrong). In a line without such
/// gaps, whitespace after the 81st cell starts a comment. `#`, `,` and `;`
/// always start a comment, and so does a word after whitespace.
pub(crate) struct LineScan {
    values: [u8; 81],
    cells: usize,
    /// Characters read so far, the leading whitespace included.
    column: usize,
    /// Whitespace has separated two cells before the 81st.
    spaced: bool,
    /// Whitespace since the last cell.
    gap: bool,
    state: State,
}

impl LineScan {
    /// A scan of a line whose first `column` characters were whitespace.
    pub(crate) fn new(column: usize) -> LineScan {
        LineScan {
            values: [0; 81],
            cells: 0,
            column,
            spaced: false,
            gap: false,
            state: State::Cells,
        }
    }

    /// Reads the next piece of the line (pieces end on character boundaries).
    pub(crate) fn feed(&mut self, bytes: &[u8]) {
        let mut i = if self.gap { 0 } else { self.run(bytes) };
        while i < bytes.len() && self.state == State::Cells {
            let mut class = CLASS[usize::from(bytes[i])];
            let mut ch = char::from(bytes[i]);
            let mut len = 1;
            if class == Class::Wide {
                (ch, len) = decode(&bytes[i..]);
                class = class_of(ch);
            }
            self.column += 1;
            self.step(class, ch);
            i += len;
        }
    }

    /// Reads the leading run of cells, up to the 81st: the whole of most
    /// lines, one table look-up per byte.
    fn run(&mut self, bytes: &[u8]) -> usize {
        if let (0, Some(first)) = (self.cells, bytes.first_chunk::<81>()) {
            // Without a branch per byte: the usual line is 81 cells.
            let mut not_cells = 0;
            for (slot, &b) in self.values.iter_mut().zip(first) {
                *slot = CELL[usize::from(b)];
                not_cells |= *slot;
            }
            if not_cells & 0x80 == 0 {
                self.cells = 81;
                self.column += 81;
                return 81;
            }
            self.values = [0; 81];
        }
        let room = 81usize.saturating_sub(self.cells);
        let mut i = 0;
        for &b in &bytes[..bytes.len().min(room)] {
            let v = CELL[usize::from(b)];
            if v == NOT_CELL {
                break;
            }
            self.values[self.cells + i] = v;
            i += 1;
        }
        self.cells += i;
        self.column += i;
        i
    }

    /// Whether the rest of the line can no longer change the result.
    pub(crate) fn done(&self) -> bool {
        self.state != State::Cells
    }

    #[inline]
    fn step(&mut self, class: Class, ch: char) {
        match class {
            Class::Cell(v) => {
                if self.gap {
                    self.gap = false;
                    if self.cells >= 81 && !self.spaced {
                        self.state = State::Comment;
                        return;
                    }
                    self.spaced |= self.cells < 81;
                }
                if let Some(slot) = self.values.get_mut(self.cells) {
                    *slot = v;
                }
                self.cells += 1;
            }
            Class::Pipe => {
                if self.gap && self.cells >= 81 && !self.spaced {
                    self.state = State::Comment;
                }
                self.gap = false;
            }
            Class::Space => self.gap = self.cells > 0,
            Class::Comment => self.state = State::Comment,
            Class::Other | Class::Wide => {
                let spaced = self.spaced || self.cells == 1;
                self.state = if self.gap && !(spaced && self.cells < 81) {
                    State::Comment
                } else {
                    State::Bad(ch, self.column)
                };
            }
        }
    }

    /// The 81 cell values, or why the line is not a puzzle.
    pub(crate) fn finish(&self) -> Result<[u8; 81], ParseErrorKind> {
        match self.state {
            State::Bad(ch, column) => Err(ParseErrorKind::BadCharacter { ch, column }),
            _ if self.cells != 81 => Err(ParseErrorKind::CellCount { found: self.cells }),
            _ => Ok(self.values),
        }
    }
}

/// Reads a whole (trimmed) line in line format.
pub(crate) fn scan_line(line: &[u8], column: usize) -> Result<[u8; 81], ParseErrorKind> {
    let mut scan = LineScan::new(column);
    scan.feed(line);
    scan.finish()
}

/// A short line read as a row of a block: its cells and its first bad character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Row {
    /// The first nine cells.
    pub(crate) values: [u8; 9],
    /// How many cells the line holds.
    pub(crate) cells: usize,
    /// The first character that is neither a cell, `|` nor whitespace, and
    /// its one-based column.
    pub(crate) bad: Option<(char, usize)>,
}

impl Row {
    /// Reads a trimmed line whose leading whitespace held `column` characters.
    pub(crate) fn read(line: &[u8], column: usize) -> Row {
        let mut row = Row {
            values: [0; 9],
            cells: 0,
            bad: None,
        };
        let mut i = 0;
        let mut col = column;
        while i < line.len() {
            let (ch, len) = char_at(line, i);
            i += len;
            col += 1;
            match class_of(ch) {
                Class::Cell(v) => {
                    if let Some(slot) = row.values.get_mut(row.cells) {
                        *slot = v;
                    }
                    row.cells += 1;
                }
                Class::Pipe | Class::Space => {}
                _ => {
                    if row.bad.is_none() {
                        row.bad = Some((ch, col));
                    }
                }
            }
        }
        row
    }

    /// Nine cells and nothing else.
    pub(crate) fn is_good(&self) -> bool {
        self.cells == 9 && self.bad.is_none()
    }

    /// Why the row is not a good one, if it is not.
    pub(crate) fn fault(&self) -> Option<RowFault> {
        match self.bad {
            Some((ch, column)) => Some(RowFault::BadCharacter { ch, column }),
            None if self.cells != 9 => Some(RowFault::Cells(self.cells)),
            None => None,
        }
    }
}

/// Why a row of a block is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RowFault {
    /// It holds this many cells, not nine.
    Cells(usize),
    /// It holds a character that is not a cell, at a one-based column.
    BadCharacter { ch: char, column: usize },
}

/// Whether a trimmed line is drawn between the bands of a block, like
/// `------+-------+------` or `---------------------`.
///
/// It is made of `-`, `*`, `+`, `=`, `|` and spaces only. With a `+` or a `=`
/// it is always a separator; otherwise nine or 81 `-` and `*` are cells (a row
/// or a puzzle of empty cells), and any other number is a drawn line.
pub(crate) fn is_separator(line: &[u8]) -> bool {
    let mut marks = 0;
    let mut crossing = false;
    for &b in line {
        match b {
            b'-' | b'*' => marks += 1,
            b'+' | b'=' => crossing = true,
            b'|' | b' ' | b'\t' => {}
            _ => return false,
        }
    }
    crossing || (marks != 9 && marks != 81)
}

/// Whether a trimmed line is a section header such as `[Puzzle]`, as in
/// `.sdk` files: `[`, a name with a letter and none of `[]{}",:`, then `]`
/// (so that a line of JSON is not one).
pub(crate) fn is_header(line: &[u8]) -> bool {
    let [b'[', name @ .., b']'] = line else {
        return false;
    };
    name.iter().any(u8::is_ascii_alphabetic)
        && !name
            .iter()
            .any(|b| matches!(b, b'[' | b']' | b'{' | b'}' | b'"' | b',' | b':'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trim_counts_characters() {
        assert_eq!(trim(" \u{a0}\tab c \u{3000}".as_bytes()), (&b"ab c"[..], 3));
        assert_eq!(trim(b"   "), (&b""[..], 3));
    }

    #[test]
    fn decode_reads_bad_utf8_as_replacement() {
        assert_eq!(decode("é1".as_bytes()), ('é', 2));
        assert_eq!(decode(b"\xff1"), ('\u{FFFD}', 1));
        assert_eq!(decode(b"\xe2\x80"), ('\u{FFFD}', 2));
        assert_eq!(char_count("aé\u{2028}".as_bytes()), 3);
    }

    #[test]
    fn separators_and_rows_of_dashes() {
        assert!(is_separator(b"------+-------+------"));
        assert!(is_separator(b"---------------------"));
        assert!(is_separator(b"*-------*-------*-------*"));
        assert!(is_separator(b"===="));
        assert!(!is_separator(b"---------"));
        assert!(!is_separator(b"- - - | - - - | - - -"));
        assert!(!is_separator("-".repeat(81).as_bytes()));
        assert!(!is_separator(b"----1----"));
    }

    #[test]
    fn headers_are_not_json() {
        assert!(is_header(b"[Puzzle]"));
        assert!(is_header(b"[Level 3 - hard]"));
        assert!(!is_header(b"[1, 2]"));
        assert!(!is_header(b"[[1]]"));
        assert!(!is_header(b"[42]"));
        assert!(!is_header(b"[{\"a\":1}]"));
    }

    #[test]
    fn rows() {
        let row = Row::read(b"4 . . | 3 . - | * x 9", 0);
        assert!(row.is_good());
        assert_eq!(row.values, [4, 0, 0, 3, 0, 0, 0, 0, 9]);
        assert_eq!(
            Row::read(b"4 . a | . . .", 2).fault(),
            Some(RowFault::BadCharacter { ch: 'a', column: 7 })
        );
        assert_eq!(Row::read(b"4.......", 0).fault(), Some(RowFault::Cells(8)));
    }
}
