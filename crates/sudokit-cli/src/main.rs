//! The `sudokit` command-line tool.
use std::process::ExitCode;

fn main() -> ExitCode {
    ExitCode::SUCCESS
}
