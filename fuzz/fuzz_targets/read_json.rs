//! The streaming reader in `Syntax::Json` on any bytes: it never panics, and
//! every item names a line the input has.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudokit::format::{ReadError, Reader, Syntax};

fuzz_target!(|data: &[u8]| {
    // An upper bound on the line count: every byte could end a line.
    let lines = data.len() + 1;
    for item in Reader::new(data, Syntax::Json) {
        let line = match item {
            Ok(puzzle) => puzzle.line,
            Err(ReadError::Parse(e)) => e.line,
            Err(ReadError::Io(e)) => panic!("reading memory failed: {e}"),
        };
        assert!((1..=lines).contains(&line), "line {line} of at most {lines}");
    }
});
