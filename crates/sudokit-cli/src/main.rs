//! The `sudokit` command-line tool: solve, count, check, trace, explain and
//! grade Sudoku puzzles (see `sudokit --help` and `/DESIGN.md` for the contract).

mod batch;
mod cli;
mod commands;
mod input;
mod output;
mod position;
mod search;
mod steal;
mod tty;

use clap::Parser;
use clap::error::ErrorKind;
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
    let cli = match cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return Ok(usage_error(&e)),
    };
    check_stdout()?;
    commands::run(&cli.command)
}

/// Prints a command-line error in the style of every other error: its first
/// line `sudokit: MESSAGE` instead of clap's `error: MESSAGE`, clap's tips
/// and usage lines after it unchanged; exit status 2. `--help` and
/// `--version` are not errors: clap prints them on stdout, exit status 0.
fn usage_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            let _ = io::stderr().write_all(usage_text(&e.render().to_string()).as_bytes());
            ExitCode::from(2)
        }
    }
}

/// Clap's plain error text with `sudokit: ` for its `error: ` prefix, and a
/// tip for `-n` outside `generate` (it was the solution limit before).
fn usage_text(clap_text: &str) -> String {
    let body = clap_text.strip_prefix("error: ").unwrap_or(clap_text);
    let mut text = format!("sudokit: {body}");
    let old_n = "unexpected argument '-n' found\n";
    if text.contains(old_n) {
        let tip = "\n  tip: the number of solutions is --limit N (-l N); -n is generate's \
                   number of puzzles\n";
        text = text.replacen(old_n, &format!("{old_n}{tip}"), 1);
    }
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text
}

/// Refuses to run with standard output closed (`>&-`), where every answer
/// would be lost behind a successful exit status.
fn check_stdout() -> anyhow::Result<()> {
    #[cfg(target_os = "linux")]
    if stdout_at_start::was_closed() {
        anyhow::bail!("standard output is closed: nowhere to write the answers");
    }
    Ok(())
}

/// Whether descriptor 1 was closed when the process started.
///
/// Rust's runtime puts `/dev/null` on a closed standard descriptor before
/// `main`, where it can no longer be told from a `/dev/null` the caller
/// chose. So the descriptor is probed earlier, by a constructor in
/// `.init_array`, which the C runtime calls before Rust's.
#[cfg(target_os = "linux")]
mod stdout_at_start {
    use std::os::fd::BorrowedFd;
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn probe() {
        // SAFETY: descriptor 1 is only borrowed for the call that duplicates
        // it, which fails (EBADF) when it is closed; the copy is closed again.
        let stdout = unsafe { BorrowedFd::borrow_raw(1) };
        if stdout.try_clone_to_owned().is_err() {
            CLOSED.store(true, Ordering::Relaxed);
        }
    }

    #[used]
    #[unsafe(link_section = ".init_array")]
    static PROBE: extern "C" fn() = probe;

    /// What the probe found.
    pub fn was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
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
