//! What the command line says when it waits on a terminal.

use std::io::{self, IsTerminal, Write};

/// The line [`announce_stdin`] prints.
pub const READING_STDIN: &str =
    "sudokit: reading puzzles from standard input (Ctrl-D to end; see --help)";

/// Tells a user who gave no input file that the command is waiting for
/// puzzles typed on the terminal: one line on stderr, only when standard
/// input is a terminal (never when it is a pipe or a file).
///
/// The input reader calls it once, before its first read of standard input.
pub fn announce_stdin() {
    if io::stdin().is_terminal() {
        // Nothing useful to do if stderr is gone: the read goes on.
        let _ = writeln!(io::stderr(), "{READING_STDIN}");
    }
}
