//! Reading puzzles from files, standard input and arguments.
//!
//! Everything is read before any puzzle is processed, so that every entry
//! (puzzle or error) has its place in the output order.

use crate::cli::InputFormat;
use std::io::{self, Read};
use std::sync::Arc;
use sudokit::format::{self, Puzzle};
use sudokit::{Grid, ParseError};

/// One thing read from the input: a puzzle, or the reason there is none.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Where it came from: a file name, `<stdin>` or `<arg>`.
    pub source: Arc<str>,
    /// One-based line where the puzzle starts, when the entry has one.
    pub line: Option<usize>,
    /// The puzzle or what went wrong.
    pub kind: EntryKind,
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

/// Reads every input named on the command line, in order.
pub fn read_all(args: &[String], format: InputFormat) -> Vec<Entry> {
    if args.is_empty() {
        return read_stdin(format);
    }
    args.iter().flat_map(|arg| read_arg(arg, format)).collect()
}

fn read_stdin(format: InputFormat) -> Vec<Entry> {
    let mut bytes = Vec::new();
    match io::stdin().lock().read_to_end(&mut bytes) {
        Ok(_) => entries(STDIN, &bytes, format),
        Err(e) => vec![io_error(STDIN, &e)],
    }
}

fn read_arg(arg: &str, format: InputFormat) -> Vec<Entry> {
    if arg == "-" {
        return read_stdin(format);
    }
    match std::fs::read(arg) {
        Ok(bytes) => entries(arg, &bytes, format),
        Err(e) if e.kind() == io::ErrorKind::NotFound && looks_like_puzzle(arg) => {
            entries(ARG, arg.as_bytes(), format)
        }
        Err(e) => vec![io_error(arg, &e)],
    }
}

/// Whether a missing file's name is rather a puzzle (perhaps a broken one,
/// whose parse error then says more than "no such file").
fn looks_like_puzzle(arg: &str) -> bool {
    let t = arg.trim_start();
    if t.starts_with(['[', '{']) {
        return true;
    }
    let cells = t
        .chars()
        .filter(|c| c.is_ascii_digit() || matches!(c, '.' | '_' | '*' | 'x' | 'X'))
        .count();
    // A file name rarely holds 17 cell characters and no path separator.
    cells >= 17 && !t.contains('/')
}

/// Parses the bytes of one source into entries.
fn entries(source: &str, bytes: &[u8], format: InputFormat) -> Vec<Entry> {
    let source: Arc<str> = Arc::from(source);
    let parsed = parse(bytes, format);
    if parsed.is_empty() {
        return vec![Entry {
            source,
            line: None,
            kind: EntryKind::NoPuzzle,
        }];
    }
    parsed
        .into_iter()
        .map(|r| match r {
            Ok(Puzzle { line, grid }) => Entry {
                source: source.clone(),
                line: Some(line),
                kind: EntryKind::Puzzle(grid),
            },
            Err(ParseError { line, kind }) => Entry {
                source: source.clone(),
                line: Some(line),
                kind: EntryKind::Bad(kind.to_string()),
            },
        })
        .collect()
}

fn parse(bytes: &[u8], format: InputFormat) -> Vec<Result<Puzzle, ParseError>> {
    let json = match format {
        InputFormat::Json => true,
        InputFormat::Line => false,
        InputFormat::Auto => bytes
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|b| matches!(b, b'[' | b'{')),
    };
    if !json {
        return format::read_puzzles(bytes);
    }
    match std::str::from_utf8(bytes) {
        Ok(text) => format::parse_json(text),
        // JSON is UTF-8; the lossy read reports the bad bytes in JSON's terms.
        Err(_) => format::parse_json(&String::from_utf8_lossy(bytes)),
    }
}

fn io_error(source: &str, e: &io::Error) -> Entry {
    Entry {
        source: Arc::from(source),
        line: None,
        kind: EntryKind::Io(io_reason(e)),
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
