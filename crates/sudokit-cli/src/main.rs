//! The `sudokit` command-line tool: solve, count, check, trace, explain and
//! grade Sudoku puzzles (see `sudokit --help` and `/DESIGN.md` for the contract).

mod batch;
mod cli;
mod commands;
mod input;
mod output;
mod search;
mod steal;
mod tty;

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
    check_stdout()?;
    commands::run(&cli.command)
}

/// Refuses to run with standard output closed (`>&-`), where every answer
/// would be lost behind a successful exit status.
///
/// Rust's runtime reopens a closed standard descriptor on `/dev/null`
/// before `main`, read-write; a shell's `>/dev/null` opens it write-only. So
/// descriptor 1 on `/dev/null` in read-write mode was closed when we started.
fn check_stdout() -> anyhow::Result<()> {
    #[cfg(target_os = "linux")]
    {
        let target = std::fs::read_link("/proc/self/fd/1").ok();
        let flags = std::fs::read_to_string("/proc/self/fdinfo/1").ok();
        let read_write = flags.as_deref().and_then(|info| {
            let field = info.lines().find_map(|l| l.strip_prefix("flags:"))?;
            u32::from_str_radix(field.trim(), 8)
                .ok()
                .map(|f| f & 3 == 2)
        });
        if target.is_some_and(|t| t == std::path::Path::new("/dev/null"))
            && read_write == Some(true)
        {
            anyhow::bail!("standard output is closed: nowhere to write the answers");
        }
    }
    Ok(())
}

/// Runs `f` on a pool of `threads` workers (0: one per core).
fn with_threads<R: Send>(
    threads: usize,
    f: impl FnOnce() -> anyhow::Result<R> + Send,
) -> anyhow::Result<R> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(batch::thread_count(threads)?)
        .build()?;
    pool.install(f)
}
