//! The `sudokit` command-line tool: solve, count, check, trace, explain and
//! grade Sudoku puzzles (see `sudokit --help` and `/DESIGN.md` for the contract).

mod batch;
mod cli;
mod commands;
mod input;
mod output;
mod search;
mod steal;

use clap::Parser;
use std::io::{self, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(e) => {
            // The reader of our output went away: nothing left to say.
            if e.downcast_ref::<io::Error>()
                .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            let _ = writeln!(io::stderr(), "sudokit: {e:#}");
            ExitCode::from(2)
        }
    }
}

fn run() -> anyhow::Result<ExitCode> {
    let cli = cli::Cli::parse();
    commands::run(&cli.command)
}

/// Runs `f` on a pool of `threads` workers (0: one per core).
fn with_threads<R: Send>(
    threads: usize,
    f: impl FnOnce() -> anyhow::Result<R> + Send,
) -> anyhow::Result<R> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    pool.install(f)
}
