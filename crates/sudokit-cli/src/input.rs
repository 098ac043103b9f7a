//! Reading puzzles from files, standard input and arguments, as a stream.
//!
//! A [`Source`] hands out entries (a puzzle, or the reason there is none) in
//! input order, reading each input in chunks as the entries are asked for, so
//! memory does not grow with the input and the first answers can leave before
//! the last puzzle is read.

use crate::cli::InputFormat;
use std::fs::File;
use std::io::{self, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use sudokit::format::{Puzzle, ReadError, Reader, Syntax};
use sudokit::{Grid, MarkedGrid};

/// One thing read from the input: a puzzle, or the reason there is none.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Where it came from: a file name, `<stdin>` or `<arg>`.
    pub source: Arc<str>,
    /// One-based line where the puzzle starts, when the entry has one.
    pub line: Option<usize>,
    /// The puzzle or what went wrong.
    pub kind: EntryKind,
    /// For a player's position (placed digits or pencil marks), the
    /// position; the puzzle in `kind` is then its givens.
    pub position: Option<Box<MarkedGrid>>,
}

/// What an [`Entry`] holds.
#[derive(Clone, Debug)]
pub enum EntryKind {
    /// A puzzle, read well (its givens may still clash).
    Puzzle(Grid),
    /// Text that is not a puzzle; an answer of its own in the output.
    Bad(String),
    /// A source with no puzzle in it.
    NoPuzzle,
    /// A source that could not be read (exit status 2).
    Io(String),
}

impl Entry {
    /// The position to answer: the player's, or the start of `grid`.
    pub fn marked(&self, grid: &Grid) -> MarkedGrid {
        self.position
            .as_deref()
            .copied()
            .unwrap_or_else(|| MarkedGrid::from_givens(*grid))
    }

    /// `FILE:LINE` or `FILE`, the prefix of messages about this entry.
    pub fn location(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.source),
            None => self.source.to_string(),
        }
    }
}

/// Name given to standard input in messages.
pub const STDIN: &str = "<stdin>";
/// Name given to a puzzle passed as an argument.
pub const ARG: &str = "<arg>";

/// Where the puzzles of one input come from.
enum Origin {
    Stdin,
    File(String),
    /// A puzzle written on the command line.
    Text(String),
}

/// Every input named on the command line, read one after another.
pub struct Source {
    pending: std::vec::IntoIter<Origin>,
    syntax: Syntax,
    current: Option<Open>,
    /// Bytes read so far from every input, for the progress bar.
    consumed: Arc<AtomicU64>,
    /// The total size of the inputs when they are all regular files.
    total_bytes: Option<u64>,
}

/// The input being read.
struct Open {
    name: Arc<str>,
    /// The reader reads in blocks of its own, larger than the `BufReader`'s
    /// buffer, which then passes them through without a copy.
    reader: Reader<io::BufReader<Tap<Box<dyn Read + Send>>>>,
    /// Whether any entry came from it.
    yielded: bool,
    /// Whether reading it may wait for a writer (a pipe, a terminal): not
    /// for a regular file or an argument, whose next entry is always at hand.
    may_block: bool,
}

impl Source {
    /// The inputs of a command: the puzzles of `--puzzle` first, then the
    /// files (`-` is standard input, and a name that is no file but reads as
    /// a puzzle is the puzzle); standard input when there is neither.
    pub fn new(files: &[String], puzzles: &[String], format: InputFormat) -> Source {
        let mut origins: Vec<Origin> = puzzles.iter().cloned().map(Origin::Text).collect();
        for arg in files {
            origins.push(if arg == "-" {
                Origin::Stdin
            } else if !std::path::Path::new(arg).exists() && looks_like_puzzle(arg) {
                Origin::Text(arg.clone())
            } else {
                Origin::File(arg.clone())
            });
        }
        if origins.is_empty() {
            origins.push(Origin::Stdin);
        }
        let total_bytes = origins
            .iter()
            .map(|o| match o {
                Origin::File(name) => std::fs::metadata(name)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len()),
                Origin::Text(text) => Some(text.len() as u64),
                Origin::Stdin => None,
            })
            .sum();
        Source {
            pending: origins.into_iter(),
            syntax: match format {
                InputFormat::Auto => Syntax::Auto,
                InputFormat::Line => Syntax::Text,
                InputFormat::Json => Syntax::Json,
            },
            current: None,
            consumed: Arc::new(AtomicU64::new(0)),
            total_bytes,
        }
    }

    /// Whether the next entry may have to wait for more input: the input
    /// can block and nothing read ahead is left. Entries in hand should be
    /// answered first.
    ///
    /// A regular file never waits, which spares a scan of the bytes read
    /// ahead for a line break per entry (3 % of `count`'s instructions).
    pub fn may_wait(&self) -> bool {
        self.current
            .as_ref()
            .is_none_or(|open| open.may_block && open.reader.may_wait())
    }

    /// Bytes read so far, and the total when it is known.
    pub fn progress(&self) -> (Arc<AtomicU64>, Option<u64>) {
        (self.consumed.clone(), self.total_bytes)
    }

    /// Opens one input; when it cannot be read, the entry that says so
    /// (boxed: an [`Entry`] is large, and opening is rare).
    fn open(&mut self, origin: Origin) -> Result<Open, Box<Entry>> {
        let (name, input, may_block): (Arc<str>, Box<dyn Read + Send>, bool) = match origin {
            Origin::Stdin => {
                crate::tty::announce_stdin();
                let may_block = !stdin_is_file();
                (Arc::from(STDIN), Box::new(io::stdin()), may_block)
            }
            Origin::Text(text) => (
                Arc::from(ARG),
                Box::new(io::Cursor::new(text.into_bytes())),
                false,
            ),
            Origin::File(name) => match File::open(&name) {
                Ok(file) => {
                    // A named pipe or `/dev/stdin` may wait like standard input.
                    let may_block = !file.metadata().is_ok_and(|m| m.is_file());
                    (Arc::from(name.as_str()), Box::new(file), may_block)
                }
                Err(e) => return Err(Box::new(io_error(&name, &e))),
            },
        };
        let tap = Tap::new(input, self.consumed.clone());
        Ok(Open {
            name,
            reader: Reader::new(io::BufReader::new(tap), self.syntax),
            yielded: false,
            may_block,
        })
    }
}

impl Iterator for Source {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        loop {
            let Some(open) = &mut self.current else {
                let origin = self.pending.next()?;
                match self.open(origin) {
                    Ok(open) => self.current = Some(open),
                    Err(entry) => return Some(*entry),
                }
                continue;
            };
            let source = open.name.clone();
            let entry = match open.reader.next() {
                Some(Ok(Puzzle {
                    line,
                    grid,
                    position,
                })) => Entry {
                    source,
                    line: Some(line),
                    kind: EntryKind::Puzzle(grid),
                    position: position.map(Box::new),
                },
                Some(Err(ReadError::Parse(e))) => Entry {
                    source,
                    line: Some(e.line),
                    kind: EntryKind::Bad(e.kind.to_string()),
                    position: None,
                },
                Some(Err(ReadError::Io(e))) => {
                    self.current = None;
                    return Some(io_error(&source, &e));
                }
                None => {
                    let empty = !open.yielded;
                    self.current = None;
                    if empty {
                        return Some(Entry {
                            source,
                            line: None,
                            kind: EntryKind::NoPuzzle,
                            position: None,
                        });
                    }
                    continue;
                }
            };
            open.yielded = true;
            return Some(entry);
        }
    }
}

/// Whether standard input is a regular file (`< puzzles.txt`).
fn stdin_is_file() -> bool {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        io::stdin()
            .as_fd()
            .try_clone_to_owned()
            .map(File::from)
            .and_then(|f| f.metadata())
            .is_ok_and(|m| m.is_file())
    }
    #[cfg(not(unix))]
    {
        false
    }
}

/// Whether an argument that names no file is rather a puzzle (perhaps a
/// broken one, whose parse error then says more than "no such file").
///
/// It must start as a puzzle (or a HoDoKu library line, `:0000:x:…`) does
/// and hold at least 17 cells; a name with a path separator or a file
/// extension (`puzzles_2024-01-01.txt`) is a file.
fn looks_like_puzzle(arg: &str) -> bool {
    let t = arg.trim_start();
    if t.starts_with(['[', '{']) {
        return true;
    }
    let is_cell = |c: char| c.is_ascii_digit() || matches!(c, '.' | '_' | '*' | '-' | 'x' | 'X');
    let cells = t.chars().filter(|&c| is_cell(c)).count();
    if t.contains(['/', '\\']) || cells < 17 {
        return false;
    }
    if t.starts_with(':') {
        return true;
    }
    t.chars().next().is_some_and(is_cell) && !has_extension(t)
}

/// Whether a name ends like a file name: a dot after something other than
/// an empty cell, then two to five letters or digits, at least one a letter
/// (`.txt`, `.sdk`, `.json`; not the `.a` of a puzzle with a typo).
fn has_extension(name: &str) -> bool {
    name.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.ends_with('.')
            && (2..=5).contains(&ext.len())
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    })
}

fn io_error(source: &str, e: &io::Error) -> Entry {
    Entry {
        source: Arc::from(source),
        line: None,
        kind: EntryKind::Io(io_reason(e)),
        position: None,
    }
}

/// The message of an I/O error without Rust's ` (os error N)` suffix, as
/// `cat` would say it.
pub fn io_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// An input that counts the bytes read from it, for the progress bar. The
/// reader reads in large blocks into a buffer of its own, so this one only
/// passes them on.
struct Tap<R> {
    inner: R,
    consumed: Arc<AtomicU64>,
}

impl<R: Read> Tap<R> {
    fn new(inner: R, consumed: Arc<AtomicU64>) -> Tap<R> {
        Tap { inner, consumed }
    }
}

impl<R: Read> Read for Tap<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(out)?;
        self.consumed.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn puzzles_and_file_names_are_told_apart() {
        let p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        assert!(looks_like_puzzle(p));
        assert!(looks_like_puzzle(&"-".repeat(81)));
        assert!(looks_like_puzzle(
            "4..a.....3..........7......2.....6.....8.4"
        ));
        assert!(!looks_like_puzzle("puzzles_2024-01-01_12345678.txt"));
        assert!(!looks_like_puzzle("12345678901234567890.txt"));
        assert!(!looks_like_puzzle("data/12345678901234567890"));
        assert!(!looks_like_puzzle("2024-01-01"));
    }

    #[test]
    fn tap_counts_what_passes() {
        let consumed = Arc::new(AtomicU64::new(0));
        let mut tap = Tap::new(&b"abc\ndef\n"[..], consumed.clone());
        let mut text = String::new();
        tap.read_to_string(&mut text).unwrap();
        assert_eq!(text, "abc\ndef\n");
        assert_eq!(consumed.load(Ordering::Relaxed), 8);
    }
}
