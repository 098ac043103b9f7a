//! Running a command over a batch: a parallel map that keeps input order,
//! written chunk by chunk so that output starts early and `| head` ends the
//! run quickly.

use crate::cli::Format;
use crate::input::{Entry, EntryKind};
use crate::output::{self, Answer};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};
use sudokit::Grid;

/// Puzzles in the first chunk: enough to keep every thread busy, few enough
/// that the first results show at once.
const FIRST_CHUNK: usize = 256;
/// Chunks double up to this size: threads wait for each other at the end of
/// a chunk, so long batches need long chunks to keep every core busy.
const LAST_CHUNK: usize = 16384;
/// The progress bar appears only for runs longer than this.
const QUIET_FOR: Duration = Duration::from_millis(800);
/// ... and only for batches at least this large.
const BAR_MIN_ENTRIES: usize = 100;

/// Answers every entry with `answer` (called for puzzles only; other entries
/// get the common error answers), prints the answers in input order and
/// returns the exit status.
pub fn run<F>(entries: &[Entry], format: Format, answer: F) -> anyhow::Result<ExitCode>
where
    F: Fn(&Entry, &Grid) -> Answer + Sync,
{
    let mut status = Status::default();
    let bar = Bar::new(entries.len());
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let mut rest = entries;
    let mut size = FIRST_CHUNK;
    while !rest.is_empty() {
        let (chunk, tail) = rest.split_at(size.min(rest.len()));
        rest = tail;
        size = (size * 2).min(LAST_CHUNK);
        let answers: Vec<(Answer, bool)> = chunk
            .par_iter()
            .map(|entry| match &entry.kind {
                EntryKind::Puzzle(grid) => (answer(entry, grid), false),
                EntryKind::Bad(reason) => (output::invalid(entry, None, reason, format), false),
                EntryKind::NoPuzzle => (
                    Answer::failed(String::new()).note(entry, "no puzzle found"),
                    false,
                ),
                EntryKind::Io(reason) => (
                    Answer::default().note(entry, reason).prefixed("sudokit: "),
                    true,
                ),
            })
            .collect();
        let written = bar.suspend(|| write_chunk(&mut stdout, &answers, &mut status));
        match written {
            Ok(()) => {}
            // The reader went away (`| head`): a normal end, not an error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status.code()),
            Err(e) => return Err(e.into()),
        }
        bar.advance(chunk.len());
    }
    bar.finish();
    Ok(status.code())
}

/// What the exit status will be.
#[derive(Default)]
struct Status {
    failed: bool,
    io_error: bool,
}

impl Status {
    fn code(&self) -> ExitCode {
        if self.io_error {
            ExitCode::from(2)
        } else if self.failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

fn write_chunk(
    stdout: &mut impl Write,
    answers: &[(Answer, bool)],
    status: &mut Status,
) -> io::Result<()> {
    for (answer, io_error) in answers {
        status.failed |= answer.failed;
        status.io_error |= io_error;
        if !answer.err.is_empty() {
            // Keep stdout and stderr in step when both go to one terminal.
            stdout.flush()?;
            let mut stderr = io::stderr().lock();
            for line in &answer.err {
                // A closed stderr must not stop the answers on stdout.
                let _ = writeln!(stderr, "{line}");
            }
        }
        stdout.write_all(answer.out.as_bytes())?;
    }
    stdout.flush()
}

/// A progress bar on stderr, drawn only on a terminal, once the run has
/// taken a moment. Workers may advance it from any thread.
pub struct Bar {
    bar: Option<ProgressBar>,
    start: Instant,
    shown: AtomicBool,
}

impl Bar {
    /// A bar for a batch of `len` puzzles, shown only for large batches.
    pub fn new(len: usize) -> Bar {
        Bar::with_min(len, BAR_MIN_ENTRIES)
    }

    /// A bar for `len` slow items (generated puzzles), however few.
    pub fn for_slow_items(len: usize) -> Bar {
        Bar::with_min(len, 0)
    }

    fn with_min(len: usize, min: usize) -> Bar {
        let wanted = len >= min && io::stderr().is_terminal();
        let bar = wanted.then(|| {
            let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(
                "{bar:30} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta}",
            ) {
                bar.set_style(style);
            }
            bar
        });
        Bar {
            bar,
            start: Instant::now(),
            shown: AtomicBool::new(false),
        }
    }

    /// Counts `n` more items done.
    pub fn advance(&self, n: usize) {
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
            if self.start.elapsed() >= QUIET_FOR && !self.shown.swap(true, Ordering::Relaxed) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
            }
        }
    }

    /// A worker's counter that passes its count on to the bar in batches.
    pub fn tally(&self) -> Tally<'_> {
        Tally {
            bar: self,
            pending: 0,
        }
    }

    /// Runs `f` (which writes to the terminal) with the bar hidden.
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        match &self.bar {
            Some(bar) => bar.suspend(f),
            None => f(),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Items a worker has done but not yet added to its [`Bar`]: adding them
/// 64 at a time keeps workers from contending for the bar on every item
/// of a batch of 4 µs puzzles. The rest is added when the tally is dropped.
pub struct Tally<'a> {
    bar: &'a Bar,
    pending: usize,
}

impl Tally<'_> {
    /// Counts one more item done.
    pub fn add_one(&mut self) {
        self.pending += 1;
        if self.pending == 64 {
            self.bar.advance(64);
            self.pending = 0;
        }
    }
}

impl Drop for Tally<'_> {
    fn drop(&mut self) {
        if self.pending > 0 {
            self.bar.advance(self.pending);
        }
    }
}
