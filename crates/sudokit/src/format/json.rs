//! Finding the puzzles of a JSON input as it streams by.
//!
//! A small scanner follows strings and brackets only, to find where each
//! top-level value ends, or, when a top-level array holds puzzles, where each
//! element ends; each such unit (at most [`CAP`] bytes) is then parsed alone
//! (see [`super::json_value`]). So an error stays with its unit, names the
//! line where the unit starts (or where the syntax breaks), and the scanner
//! finds its way again:
//! - after a bracket that closes nothing, or the wrong thing, it skips to the
//!   next line;
//! - a string cannot hold a line break, so an open string ends its unit at
//!   the end of the line;
//! - a unit that starts a line is cut short by a later line that starts, no
//!   further right, with `[`, `{` or `"`: the next unit.
//!
//! A top-level array is one puzzle when its first element is a number (or
//! `null`, `true`, `false`), a string of fewer than 17 characters (a bad
//! cell), or an array of fewer than 41 elements that are not arrays or
//! objects (a row); otherwise it is an array of puzzles.

use super::source::CAP;
use crate::error::{ParseError, ParseErrorKind};

/// Where the scanner is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum At {
    /// Between top-level values.
    Top,
    /// Inside a top-level value that is one puzzle.
    Single,
    /// Inside a top-level array, before its first element is known.
    Head,
    /// Inside an array of puzzles, between elements.
    Items,
    /// Inside an element of an array of puzzles.
    Item,
    /// Skipping the rest of a line, then back to `Top` or `Items`.
    Skip,
}

/// What the first element of a top-level array looks like.
#[derive(Clone, Copy, Default)]
struct Head {
    /// Offset in the unit, line and column of the first element.
    start: Option<(usize, usize, usize)>,
    /// The first element is the first thing on its line.
    leads: bool,
    /// First byte inside the first element, when that is an array.
    inner: Option<u8>,
    /// Commas at the first element's top level.
    commas: usize,
}

/// A finished unit: the line and column it starts on, its bytes (or `None`
/// when it was too long), and its number in an array of puzzles.
// Without the `json` feature units are refused unread.
#[cfg_attr(not(feature = "json"), allow(dead_code))]
pub(crate) struct Unit<'a> {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) bytes: Option<&'a [u8]>,
    pub(crate) index: Option<usize>,
    /// The unit was not preceded by the comma it needed.
    pub(crate) missing_comma: bool,
}

/// The scanner.
pub(crate) struct JsonScan {
    at: At,
    /// Open brackets, counted from the top level.
    depth: usize,
    /// Bit `i` set when bracket level `i + 1` is an object (first 128 levels).
    objects: u128,
    in_string: bool,
    escape: bool,
    /// Inside a bare literal (number, `null`, ...) that is a unit of its own.
    literal: bool,
    unit: Vec<u8>,
    too_long: bool,
    unit_line: usize,
    unit_column: usize,
    /// The unit is the first thing on its line.
    unit_leads: bool,
    head: Head,
    /// Elements seen in the current array of puzzles.
    index: usize,
    /// Line of the current top-level array.
    array_line: usize,
    need_comma: bool,
    /// A comma was the last thing between elements.
    after_comma: bool,
    /// A broken element was dropped: a comma may or may not follow.
    lenient: bool,
    missing_comma: bool,
    /// Characters read on the current line.
    column: usize,
    /// Only whitespace so far on the current line.
    blank: bool,
}

/// What one byte did.
enum Did {
    /// Read it.
    Took,
    /// Read it and finished a unit or an error.
    Emitted,
    /// Changed state; the byte must be read again.
    Again,
}

/// Where errors and finished units go.
pub(crate) trait Sink {
    /// A finished unit to parse.
    fn unit(&mut self, unit: Unit<'_>);
    /// A syntax error outside any unit, or one that ends a unit.
    fn error(&mut self, error: ParseError);
}

fn json_error(line: usize, msg: String) -> ParseError {
    ParseError {
        line,
        kind: ParseErrorKind::Json(msg),
    }
}

fn starts_value(b: u8) -> bool {
    matches!(b, b'[' | b'{' | b'"' | b'-' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z')
}

fn in_literal(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'+' | b'.')
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// `'x'` for an ASCII byte, else a byte count.
fn shown(b: u8) -> String {
    if b.is_ascii_graphic() {
        format!("'{}'", char::from(b))
    } else {
        format!("byte 0x{b:02x}")
    }
}

impl JsonScan {
    pub(crate) fn new() -> JsonScan {
        JsonScan {
            at: At::Top,
            depth: 0,
            objects: 0,
            in_string: false,
            escape: false,
            literal: false,
            unit: Vec::new(),
            too_long: false,
            unit_line: 0,
            unit_column: 0,
            unit_leads: false,
            head: Head::default(),
            index: 0,
            array_line: 0,
            need_comma: false,
            after_comma: false,
            lenient: false,
            missing_comma: false,
            column: 0,
            blank: true,
        }
    }

    /// Bytes held, whatever the input (for memory tests).
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.unit.capacity()
    }

    /// Reads a piece of line `line`; stops after the first thing it sends to
    /// `sink` and returns how many bytes it read.
    pub(crate) fn feed(&mut self, bytes: &[u8], line: usize, sink: &mut impl Sink) -> usize {
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            match self.byte(b, line, sink) {
                Did::Again => continue,
                Did::Took => self.took(b),
                Did::Emitted => {
                    self.took(b);
                    return i + 1;
                }
            }
            i += 1;
        }
        i
    }

    fn took(&mut self, b: u8) {
        if b & 0xC0 != 0x80 {
            self.column += 1;
        }
        self.blank &= is_space(b);
    }

    /// The end of line `line`.
    pub(crate) fn line_end(&mut self, line: usize, sink: &mut impl Sink) {
        match self.at {
            At::Skip => self.at = self.resume(),
            At::Single | At::Head | At::Item if self.in_string => {
                if self.at == At::Head && self.depth == 1 {
                    // A first element in a string of its own line: an
                    // array of puzzles in line format.
                    self.at = At::Item;
                    self.index = 1;
                }
                sink.error(self.unit_error(line, "unterminated string".into()));
                self.reset_unit();
            }
            At::Single | At::Item if self.literal => {
                self.finish(sink);
            }
            At::Single | At::Head | At::Item => self.push(b'\n'),
            At::Top | At::Items => {}
        }
        self.column = 0;
        self.blank = true;
    }

    /// The end of the input.
    pub(crate) fn end(&mut self, sink: &mut impl Sink) {
        match self.at {
            At::Single | At::Item if self.literal => {
                self.finish(sink);
            }
            At::Single | At::Head | At::Item => {
                let msg = self.unclosed();
                sink.error(self.unit_error(self.unit_line, msg));
            }
            At::Items => sink.error(json_error(self.array_line, "unterminated array".into())),
            At::Top | At::Skip => {}
        }
        self.at = At::Top;
    }

    /// Where to go after a skipped line or a broken unit.
    fn resume(&self) -> At {
        if self.depth == 1 { At::Items } else { At::Top }
    }

    fn unclosed(&self) -> String {
        let what = if self.in_string {
            "string"
        } else if self.is_object(self.depth) {
            "object"
        } else {
            "array"
        };
        format!("unterminated {what}")
    }

    /// An error about the current unit, `puzzle N: ` first in an array.
    fn unit_error(&self, line: usize, msg: String) -> ParseError {
        match (self.at, self.index) {
            (At::Item, n) if n > 0 => json_error(line, format!("puzzle {n}: {msg}")),
            _ => json_error(line, msg),
        }
    }

    /// Drops the current unit and goes back to where units start.
    fn reset_unit(&mut self) {
        self.in_string = false;
        self.escape = false;
        self.literal = false;
        self.unit.clear();
        self.too_long = false;
        self.at = if self.at == At::Item {
            At::Items
        } else {
            At::Top
        };
        self.depth = usize::from(self.at == At::Items);
        self.need_comma = false;
        self.after_comma = false;
        self.lenient = self.at == At::Items;
    }

    fn is_object(&self, level: usize) -> bool {
        (1..=128).contains(&level) && self.objects >> (level - 1) & 1 == 1
    }

    fn push(&mut self, b: u8) {
        if self.unit.len() < CAP {
            self.unit.push(b);
        } else {
            self.too_long = true;
        }
    }

    fn byte(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        if self.blank && !is_space(b) && matches!(b, b'[' | b'{' | b'"') {
            if let Some(did) = self.cut_short(sink) {
                return did;
            }
        }
        match self.at {
            At::Skip => Did::Took,
            At::Top => self.top(b, line, sink),
            At::Items => self.between_items(b, line, sink),
            At::Single | At::Head | At::Item => self.in_unit(b, line, sink),
        }
    }

    /// A line that starts, no further right than the open unit, with `[`,
    /// `{` or `"` begins the next unit: the open one is reported unclosed.
    fn cut_short(&mut self, sink: &mut impl Sink) -> Option<Did> {
        match self.at {
            At::Single | At::Item
                if !self.unit.is_empty()
                    && self.unit_leads
                    && !self.literal
                    && self.column < self.unit_column =>
            {
                let msg = self.unclosed();
                sink.error(self.unit_error(self.unit_line, msg));
                self.reset_unit();
                Some(Did::Again)
            }
            At::Head => {
                let (_, line, column) = self.head.start?;
                if !self.head.leads || self.depth < 2 || self.column >= column {
                    return None;
                }
                // The elements stand one per line: an array of puzzles.
                let msg = format!("puzzle 1: {}", self.unclosed());
                sink.error(json_error(line, msg));
                self.at = At::Item;
                self.index = 1;
                self.reset_unit();
                Some(Did::Again)
            }
            _ => None,
        }
    }

    fn start_unit(&mut self, line: usize) {
        self.unit.clear();
        self.too_long = false;
        self.unit_line = line;
        self.unit_column = self.column + 1;
        self.unit_leads = self.blank;
    }

    fn top(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        if is_space(b) {
            return Did::Took;
        }
        if b == b'#' && self.blank {
            self.at = At::Skip;
            return Did::Took;
        }
        if !starts_value(b) {
            sink.error(json_error(
                line,
                format!("unexpected {} at column {}", shown(b), self.column + 1),
            ));
            self.at = At::Skip;
            return Did::Emitted;
        }
        self.start_unit(line);
        self.index = 0;
        self.head = Head::default();
        self.at = if b == b'[' { At::Head } else { At::Single };
        if b == b'[' {
            self.array_line = line;
        }
        Did::Again
    }

    fn between_items(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        match b {
            b' ' | b'\t' => Did::Took,
            b',' if self.need_comma || self.lenient => {
                self.need_comma = false;
                self.lenient = false;
                self.after_comma = true;
                Did::Took
            }
            b']' => {
                let trailing = self.after_comma;
                self.depth = 0;
                self.index = 0;
                self.after_comma = false;
                self.at = At::Top;
                if !trailing {
                    return Did::Took;
                }
                let msg = format!("trailing comma before ']' at column {}", self.column + 1);
                sink.error(json_error(line, msg));
                Did::Emitted
            }
            b if starts_value(b) => {
                self.missing_comma = self.need_comma;
                self.need_comma = false;
                self.after_comma = false;
                self.lenient = false;
                self.start_unit(line);
                self.index += 1;
                self.at = At::Item;
                Did::Again
            }
            _ => {
                sink.error(json_error(
                    line,
                    format!("unexpected {} at column {}", shown(b), self.column + 1),
                ));
                self.at = At::Skip;
                Did::Emitted
            }
        }
    }

    /// The base depth of the current unit: where it ends.
    fn base(&self) -> usize {
        usize::from(self.at == At::Item)
    }

    fn in_unit(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        if self.in_string {
            self.push(b);
            if self.escape {
                self.escape = false;
            } else if b == b'\\' {
                self.escape = true;
            } else if b == b'"' {
                self.in_string = false;
                if self.depth == self.base() {
                    return self.finish(sink);
                }
                return self.after_head(sink);
            }
            return Did::Took;
        }
        if self.literal {
            if in_literal(b) {
                self.push(b);
                return Did::Took;
            }
            self.finish(sink);
            return Did::Again;
        }
        if self.at == At::Head && !is_space(b) {
            self.note_head(b);
        }
        match b {
            b'"' => self.in_string = true,
            b'[' | b'{' => {
                self.depth += 1;
                if self.depth <= 128 {
                    let bit = 1u128 << (self.depth - 1);
                    if b == b'{' {
                        self.objects |= bit;
                    } else {
                        self.objects &= !bit;
                    }
                }
            }
            b']' | b'}' => return self.close(b, line, sink),
            _ if self.depth == self.base() && !is_space(b) => {
                if !in_literal(b) {
                    return self.broken(b, line, sink);
                }
                self.literal = true;
            }
            _ => {}
        }
        self.push(b);
        self.after_head(sink)
    }

    fn close(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        let wanted = if self.is_object(self.depth) {
            b'}'
        } else {
            b']'
        };
        if self.depth == self.base() || (self.depth <= 128 && b != wanted) {
            return self.broken(b, line, sink);
        }
        self.push(b);
        self.depth -= 1;
        if self.depth == self.base() {
            return self.finish(sink);
        }
        self.after_head(sink)
    }

    /// A byte that cannot be where it is: the unit fails, the line is skipped.
    fn broken(&mut self, b: u8, line: usize, sink: &mut impl Sink) -> Did {
        let msg = format!("unexpected {} at column {}", shown(b), self.column + 1);
        sink.error(self.unit_error(line, msg));
        self.reset_unit();
        self.at = At::Skip;
        Did::Emitted
    }

    /// Notes the shape of a top-level array's first element.
    fn note_head(&mut self, b: u8) {
        match self.depth {
            1 if self.head.start.is_none() && b != b']' && b != b',' => {
                self.head.start = Some((self.unit.len(), self.unit_line_now(), self.column + 1));
                self.head.leads = self.blank;
            }
            2 if self.head.inner.is_none() => self.head.inner = Some(b),
            2 if b == b',' => self.head.commas += 1,
            _ => {}
        }
    }

    fn unit_line_now(&self) -> usize {
        self.unit_line + self.unit.iter().filter(|&&b| b == b'\n').count()
    }

    /// Once a top-level array's first element tells, goes on with the whole
    /// array as one puzzle, or with its elements one by one.
    fn after_head(&mut self, sink: &mut impl Sink) -> Did {
        if self.at != At::Head {
            return Did::Took;
        }
        let Some((offset, line, column)) = self.head.start else {
            return Did::Took;
        };
        // Past the kept bytes the array is too long to be anything.
        let Some(&first) = self.unit.get(offset) else {
            self.at = At::Single;
            return Did::Took;
        };
        let one_puzzle = match first {
            b'{' => false,
            // A long string is a puzzle in line format; a short one, a bad cell.
            b'"' if self.in_string => return Did::Took,
            b'"' => self.unit.len() - offset < 19,
            b'[' if self.depth > 1 => return Did::Took,
            b'[' => {
                self.head
                    .inner
                    .is_some_and(|b| !matches!(b, b'[' | b'{' | b']'))
                    && self.head.commas < 40
            }
            _ => true,
        };
        if one_puzzle {
            self.at = At::Single;
            return Did::Took;
        }
        self.unit.drain(..offset);
        self.unit_line = line;
        self.unit_column = column;
        self.unit_leads = false;
        self.index = 1;
        self.at = At::Item;
        if first == b'{' {
            return Did::Took;
        }
        // The first element is complete.
        self.finish(sink)
    }

    /// Sends the finished unit and moves on.
    fn finish(&mut self, sink: &mut impl Sink) -> Did {
        sink.unit(Unit {
            line: self.unit_line,
            column: self.unit_column,
            bytes: (!self.too_long).then_some(&self.unit[..]),
            index: (self.at == At::Item).then_some(self.index),
            missing_comma: self.at == At::Item && self.missing_comma,
        });
        self.missing_comma = false;
        self.literal = false;
        self.unit.clear();
        self.too_long = false;
        if self.at == At::Item {
            self.at = At::Items;
            self.depth = 1;
            self.need_comma = true;
        } else {
            self.at = At::Top;
            self.depth = 0;
        }
        Did::Emitted
    }
}
