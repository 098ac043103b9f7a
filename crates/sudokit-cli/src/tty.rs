//! What the command line says to a person at a terminal.

use std::io::{self, IsTerminal, Write};

/// Tells a person at a terminal that the command waits for puzzles typed on
/// standard input (rather than seeming to hang).
pub fn announce_stdin() {
    if io::stdin().is_terminal() {
        let _ = writeln!(
            io::stderr(),
            "sudokit: reading puzzles from standard input (Ctrl-D to end; see --help)"
        );
    }
}
