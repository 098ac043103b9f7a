//! The bytes of an input, line by line, in a buffer of fixed size.
//!
//! Lines end at `\n`, `\r\n`, `\r`, U+0085 (NEL), U+2028 and U+2029, so that
//! every format and every message counts lines the way an editor does. A line
//! is handed out whole when it fits in the buffer, else in pieces of at most
//! [`CAP`] bytes, each ending on a character boundary: memory never depends on
//! the input.

use std::io::{self, BufRead, ErrorKind};

/// The most bytes of one line held at a time.
pub(crate) const CAP: usize = 64 * 1024;

/// What comes next in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// `len` bytes of the current line, at [`Source::bytes`]; `whole` when
    /// the line ends right after them.
    Text { len: usize, whole: bool },
    /// The end of the current line.
    Break,
    /// The end of the input.
    End,
}

/// Where a line break starts in a buffer, if there is one.
enum Found {
    /// A break of `len` bytes at `at`.
    Break { at: usize, len: usize },
    /// The data ends at `at` inside what may be a break.
    Partial { at: usize },
    /// No break.
    None,
}

/// An input read in chunks into one buffer of [`CAP`] bytes.
pub(crate) struct Source<R> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    eof: bool,
    /// A `\r` ended the last line: a `\n` right after it belongs to it.
    skip_lf: bool,
    /// Length of the break found at `start`, once [`Piece::Break`] is returned.
    break_len: usize,
    /// One-based number of the current line.
    line: usize,
}

impl<R: BufRead> Source<R> {
    pub(crate) fn new(inner: R) -> Source<R> {
        Source {
            inner,
            buf: vec![0; CAP].into_boxed_slice(),
            start: 0,
            end: 0,
            eof: false,
            skip_lf: false,
            break_len: 0,
            line: 1,
        }
    }

    /// One-based number of the line the next piece belongs to.
    pub(crate) fn line(&self) -> usize {
        self.line
    }

    /// The first `len` bytes not yet consumed (`len` from [`Source::piece`]).
    pub(crate) fn bytes(&self, len: usize) -> &[u8] {
        &self.buf[self.start..self.start + len]
    }

    /// Drops `n` bytes of the current piece.
    pub(crate) fn consume(&mut self, n: usize) {
        self.start += n;
    }

    /// Consumes the line break [`Source::piece`] reported.
    pub(crate) fn take_break(&mut self) {
        self.start += self.break_len;
        self.break_len = 0;
        self.line += 1;
    }

    /// Bytes held by the reader, whatever the input (for memory tests).
    #[cfg(test)]
    pub(crate) fn held(&self) -> usize {
        self.buf.len()
    }

    /// What comes next: reads more only when the buffer holds no whole line,
    /// so that a line shorter than [`CAP`] comes in one piece.
    pub(crate) fn piece(&mut self) -> io::Result<Piece> {
        loop {
            if self.skip_lf {
                if self.start == self.end && !self.eof {
                    self.fill()?;
                    continue;
                }
                self.skip_lf = false;
                if self.start < self.end && self.buf[self.start] == b'\n' {
                    self.start += 1;
                }
            }
            let data = &self.buf[self.start..self.end];
            match find_break(data, self.eof) {
                Found::Break { at: 0, len } => {
                    // A lone `\r` at the end of what is read so far: a `\n`
                    // may still follow, and must not count as a second break.
                    self.skip_lf = len == 1 && data[0] == b'\r' && data.len() == 1;
                    self.break_len = len;
                    return Ok(Piece::Break);
                }
                Found::Break { at, .. } => {
                    return Ok(Piece::Text {
                        len: at,
                        whole: true,
                    });
                }
                Found::Partial { at } if data.len() == self.buf.len() => {
                    return Ok(Piece::Text {
                        len: at,
                        whole: false,
                    });
                }
                Found::Partial { .. } | Found::None => {}
            }
            if self.eof {
                let len = self.end - self.start;
                return Ok(if len == 0 {
                    Piece::End
                } else {
                    Piece::Text { len, whole: true }
                });
            }
            if self.end - self.start == self.buf.len() {
                let len = char_boundary(&self.buf[self.start..self.end]);
                return Ok(Piece::Text { len, whole: false });
            }
            self.fill()?;
        }
    }

    /// Whether the bytes read but not yet taken hold no whole line: no line
    /// break (`\n` or `\r`; the rarer ends are not looked for) after the
    /// breaks that end the line just read, before the end of input.
    pub(super) fn holds_no_break(&self) -> bool {
        let is_break = |b: &u8| matches!(b, b'\n' | b'\r');
        let rest = &self.buf[self.start..self.end];
        let text = rest.iter().position(|b| !is_break(b)).unwrap_or(rest.len());
        !self.eof && !rest[text..].iter().any(is_break)
    }

    /// Moves the unread bytes to the front and reads more after them.
    fn fill(&mut self) -> io::Result<()> {
        if self.start > 0 {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }
}

/// Bytes that may start a line break: `\n`, `\r`, and every non-ASCII byte
/// (U+0085, U+2028, U+2029 start with 0xC2 or 0xE2), 8 at a time.
fn may_break(word: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let zero_byte = |v: u64| v.wrapping_sub(ONES) & !v & HIGH;
    (zero_byte(word ^ (ONES * u64::from(b'\n')))
        | zero_byte(word ^ (ONES * u64::from(b'\r')))
        | word & HIGH)
        != 0
}

/// The first line break in `data`; `eof` when no more data will follow.
fn find_break(data: &[u8], eof: bool) -> Found {
    let mut i = 0;
    // Skip plain ASCII a word at a time.
    while let Some(chunk) = data.get(i..i + 8) {
        let word = u64::from_ne_bytes(chunk.try_into().unwrap_or([0; 8]));
        if may_break(word) {
            break;
        }
        i += 8;
    }
    while i < data.len() {
        let b = data[i];
        // Most bytes are plain ASCII: one test keeps them on the fast path.
        if b != b'\n' && b != b'\r' && b != 0xC2 && b != 0xE2 {
            i += 1;
            continue;
        }
        match b {
            b'\n' => return Found::Break { at: i, len: 1 },
            b'\r' => {
                let len = if data.get(i + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                return Found::Break { at: i, len };
            }
            0xC2 => match data.get(i + 1) {
                Some(0x85) => return Found::Break { at: i, len: 2 },
                None if !eof => return Found::Partial { at: i },
                _ => {}
            },
            _ => match (data.get(i + 1), data.get(i + 2)) {
                (Some(0x80), Some(0xA8 | 0xA9)) => return Found::Break { at: i, len: 3 },
                (None, _) | (Some(0x80), None) if !eof => return Found::Partial { at: i },
                _ => {}
            },
        }
        i += 1;
    }
    Found::None
}

/// The length of `data` without a character cut off at its end.
fn char_boundary(data: &[u8]) -> usize {
    let n = data.len();
    for back in 1..=3.min(n) {
        let b = data[n - back];
        if b & 0xC0 == 0x80 {
            continue;
        }
        let need = match b {
            0xC0..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF7 => 4,
            _ => 1,
        };
        return if need > back { n - back } else { n };
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` as (number, text), read through a reader that
    /// returns `chunk` bytes at a time.
    fn lines(input: &[u8], chunk: usize) -> Vec<(usize, Vec<u8>)> {
        struct Trickle<'a>(&'a [u8], usize);
        impl io::Read for Trickle<'_> {
            fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
                let n = self.1.min(self.0.len()).min(out.len());
                out[..n].copy_from_slice(&self.0[..n]);
                self.0 = &self.0[n..];
                Ok(n)
            }
        }
        let mut src = Source::new(io::BufReader::with_capacity(1, Trickle(input, chunk)));
        let mut out: Vec<(usize, Vec<u8>)> = Vec::new();
        let mut current: Option<(usize, Vec<u8>)> = None;
        loop {
            match src.piece().unwrap() {
                Piece::Text { len, .. } => {
                    let line = src.line();
                    let entry = current.get_or_insert_with(|| (line, Vec::new()));
                    entry.1.extend_from_slice(src.bytes(len));
                    src.consume(len);
                }
                Piece::Break => {
                    out.push(current.take().unwrap_or((src.line(), Vec::new())));
                    src.take_break();
                }
                Piece::End => break,
            }
        }
        out.extend(current);
        out
    }

    #[test]
    fn every_line_end_counts_once() {
        let input = "a\nb\r\nc\rd\u{85}e\u{2028}f\u{2029}g\r\r\nh".as_bytes();
        for chunk in [1, 2, 3, 100] {
            let got = lines(input, chunk);
            let want: Vec<(usize, Vec<u8>)> = ["a", "b", "c", "d", "e", "f", "g", "", "h"]
                .iter()
                .enumerate()
                .map(|(i, s)| (i + 1, s.as_bytes().to_vec()))
                .collect();
            assert_eq!(got, want, "chunk {chunk}");
        }
    }

    #[test]
    fn near_breaks_are_text() {
        // U+00C2 U+00E2 and U+2027 look like the start of a break.
        let input = "\u{c2}x\u{e2}\u{2027}\u{c2}".as_bytes();
        assert_eq!(lines(input, 1), vec![(1, input.to_vec())]);
    }

    #[test]
    fn long_lines_come_in_pieces_on_char_boundaries() {
        let mut input = vec![b'1'; CAP - 1];
        input.extend("é".as_bytes());
        input.extend(b"22\nx");
        let mut src = Source::new(&input[..]);
        assert_eq!(
            src.piece().unwrap(),
            Piece::Text {
                len: CAP - 1,
                whole: false
            }
        );
        src.consume(CAP - 1);
        assert_eq!(
            src.piece().unwrap(),
            Piece::Text {
                len: 4,
                whole: true
            }
        );
        assert_eq!(src.bytes(4), "é22".as_bytes());
        src.consume(4);
        assert_eq!(src.piece().unwrap(), Piece::Break);
        src.take_break();
        assert_eq!(src.line(), 2);
        assert_eq!(lines(&input, 7).len(), 2);
    }
}
