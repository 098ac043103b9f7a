//! What every reader fuzz target checks, whatever the syntax.

use sudokit::format::{ReadError, Reader, Syntax};

/// Reads `data` in `syntax`: the reader never panics, and every item names
/// a line the input has.
pub fn check_reader(data: &[u8], syntax: Syntax) {
    // An upper bound on the line count: every byte could end a line.
    let lines = data.len() + 1;
    for item in Reader::new(data, syntax) {
        let line = match item {
            Ok(puzzle) => puzzle.line,
            Err(ReadError::Parse(e)) => e.line,
            Err(ReadError::Io(e)) => panic!("reading memory failed: {e}"),
        };
        assert!((1..=lines).contains(&line), "line {line} of at most {lines}");
    }
}
