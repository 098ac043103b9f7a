//! Running a command over a stream of puzzles on several threads, printing
//! the answers in input order as they become ready.
//!
//! Workers take *tasks* (a run of consecutive entries) from the [`Source`] in
//! input order, parsing as they go, and answer them into a task buffer. The
//! buffer of the oldest unwritten task, the *head*, is written as soon as the
//! task ends; later tasks that end first wait in a bounded queue. A task whose
//! output grows large (every solution of an empty grid) streams: the head
//! writes its buffer at once and then every few milliseconds, and any other
//! task waits for its turn before its buffer outgrows a bound. The head never
//! waits, and tasks are taken in order, so the run always moves on; memory is
//! bounded by the queue, whatever the input or the answers.
//!
//! A closed pipe (`| head`) stops every worker at its next checkpoint and
//! ends the run quietly.

use crate::cli::Format;
use crate::input::{Entry, EntryKind, Source};
use crate::output::{self, Answer};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::BTreeMap;
use std::fmt::Display;
use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use sudokit::Grid;

/// Entries in a task at most: enough that taking a task (and writing it)
/// costs little next to answering it.
const TASK_ENTRIES: usize = 256;
/// How long a task should take to answer: tasks of slow entries (grading
/// hard puzzles, a second each) hold fewer, down to one, so that every
/// thread has work and each answer leaves soon after it is ready, while
/// fast entries (solving, a few microseconds each) still come by the run.
const TASK_NANOS: u64 = 5_000_000;
/// Bytes of finished tasks that may wait for their turn to be written.
const QUEUE_BYTES: usize = 8 << 20;
/// A task's buffer beyond which the head writes it out at once, and any
/// other task waits for its turn to do the same.
const SPILL_BYTES: usize = 64 << 10;
const WAIT_BYTES: usize = 1 << 20;
/// The largest task buffer kept for the next task: a run of long answers
/// does not leave every worker holding megabytes.
const KEEP_BYTES: usize = 2 * SPILL_BYTES;
/// Emptied buffers the pipeline keeps for workers whose own buffer waits in
/// the queue.
const MAX_SPARE: usize = 4;
/// How long the head keeps a streaming answer (solutions of `--all`) before
/// showing it, so that slow searches show each solution as it comes.
const SHOW_EVERY: Duration = Duration::from_millis(50);
/// Writes into an [`Out`] between two full checkpoints (one event of a
/// trace is a few dozen).
const CLOCK_EVERY_WRITES: u32 = 32;
/// The progress bar appears only for runs longer than this.
const QUIET_FOR: Duration = Duration::from_millis(800);
/// ... and only for batches at least this large.
const BAR_MIN_ENTRIES: usize = 100;
/// The most worker threads `-j` may ask for.
pub const MAX_THREADS: usize = 1024;

/// The worker threads for `-j N`: every core for 0, and at most
/// [`MAX_THREADS`], so that a slip of the keyboard does not start a
/// hundred thousand threads.
pub fn thread_count(requested: usize) -> anyhow::Result<usize> {
    match requested {
        0 => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
        n if n > MAX_THREADS => {
            anyhow::bail!("-j {n}: at most {MAX_THREADS} threads")
        }
        n => Ok(n),
    }
}

/// Answers every entry with `answer` (called for puzzles only; other entries
/// get the common error answers) and returns the exit status.
pub fn run<F>(source: Source, threads: usize, format: Format, answer: F) -> anyhow::Result<ExitCode>
where
    F: Fn(&Entry, &Grid, &mut Out) + Sync,
{
    let interleave = io::stdout().is_terminal();
    run_into(
        source,
        threads,
        format,
        answer,
        (Box::new(io::stdout()), interleave),
    )
}

/// Where the answers go, and whether stderr lines go among them (stdout is
/// a terminal).
type Sink = (Box<dyn Write + Send>, bool);

/// [`run`], writing the answers into `sink`.
fn run_into<F>(
    source: Source,
    threads: usize,
    format: Format,
    answer: F,
    sink: Sink,
) -> anyhow::Result<ExitCode>
where
    F: Fn(&Entry, &Grid, &mut Out) + Sync,
{
    let threads = thread_count(threads)?;
    let pipe = Pipeline::new(source, sink);
    std::thread::scope(|scope| {
        for _ in 1..threads {
            scope.spawn(|| work(&pipe, format, &answer));
        }
        work(&pipe, format, &answer);
    });
    pipe.bar.finish();
    let mut state = pipe.lock();
    match state.error.take() {
        Some(e) => Err(crate::output::named(e).into()),
        None => Ok(state.status.code()),
    }
}

/// [`run`] for commands that build each answer whole.
pub fn run_answers<F>(
    source: Source,
    threads: usize,
    format: Format,
    answer: F,
) -> anyhow::Result<ExitCode>
where
    F: Fn(&Entry, &Grid) -> Answer + Sync,
{
    run(source, threads, format, |entry, grid, out| {
        out.answer(answer(entry, grid))
    })
}

/// One worker: takes tasks until the input ends or the output closes. Its
/// list of entries and its output buffer serve task after task: a run makes
/// no allocation per task.
fn work<F>(pipe: &Pipeline, format: Format, answer: &F)
where
    F: Fn(&Entry, &Grid, &mut Out) + Sync,
{
    let mut entries = Vec::with_capacity(TASK_ENTRIES);
    let mut buf = Buffer::default();
    while let Some(task) = pipe.take(&mut entries) {
        let start = Instant::now();
        let mut out = Out::new(pipe, task, buf);
        for entry in &entries {
            if pipe.stopped() {
                return;
            }
            answer_entry(entry, format, answer, &mut out);
        }
        pipe.observe(entries.len(), start.elapsed());
        entries.clear();
        buf = pipe.finish(out);
    }
}

/// Answers one entry: `answer` for a puzzle, the common error answers else.
#[inline(always)]
fn answer_entry<F>(entry: &Entry, format: Format, answer: &F, out: &mut Out)
where
    F: Fn(&Entry, &Grid, &mut Out) + Sync,
{
    match &entry.kind {
        EntryKind::Puzzle(grid) => answer(entry, grid, out),
        EntryKind::Bad(reason) => out.answer(output::invalid(entry, None, reason, format)),
        EntryKind::NoPuzzle => {
            out.answer(Answer::failed(String::new()).note(entry, "no puzzle found"))
        }
        EntryKind::Io(reason) => {
            out.io_failed = true;
            out.answer(Answer::default().note(entry, reason).prefixed("sudokit: "));
        }
    }
}

/// What the workers share.
struct Pipeline {
    /// The input, and the number of the next task.
    source: Mutex<(Source, usize)>,
    state: Mutex<State>,
    /// Signalled whenever the head moves or the run stops.
    turn: Condvar,
    /// The head, readable without the lock.
    head: AtomicUsize,
    /// Set when the output closed or failed: every worker stops.
    stop: AtomicBool,
    bar: Bar,
    /// Whether stdout is a terminal, where stderr lines go among the answers.
    interleave: bool,
    /// Bytes of input read so far, for the bar.
    consumed: Arc<AtomicU64>,
    /// What an entry has taken to answer lately, in nanoseconds (0 before
    /// the first task ends): it sizes the next tasks.
    per_entry: AtomicU64,
}

/// The output side, under the pipeline's lock.
struct State {
    /// The oldest task not wholly written.
    head: usize,
    /// Finished tasks waiting for their turn.
    done: BTreeMap<usize, Buffer>,
    /// Buffers of written tasks, emptied, for the workers' next tasks.
    spare: Vec<Buffer>,
    /// Workers waiting on [`Pipeline::turn`].
    waiting: usize,
    queued_bytes: usize,
    stdout: io::BufWriter<Box<dyn Write + Send>>,
    status: Status,
    /// A write to stdout failed (other than a closed pipe).
    error: Option<io::Error>,
}

impl Pipeline {
    fn new(source: Source, (stdout, interleave): Sink) -> Pipeline {
        let (consumed, total) = source.progress();
        Pipeline {
            bar: Bar::for_bytes(total),
            interleave,
            consumed,
            source: Mutex::new((source, 0)),
            state: Mutex::new(State {
                head: 0,
                done: BTreeMap::new(),
                spare: Vec::new(),
                waiting: 0,
                queued_bytes: 0,
                stdout: io::BufWriter::with_capacity(64 << 10, stdout),
                status: Status::default(),
                error: None,
            }),
            turn: Condvar::new(),
            head: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
            per_entry: AtomicU64::new(0),
        }
    }

    /// The entries of the next task: as many as [`TASK_NANOS`] allows at
    /// the recent cost of an entry (one until a task has ended), at most
    /// [`TASK_ENTRIES`].
    fn task_size(&self) -> usize {
        match self.per_entry.load(Ordering::Relaxed) {
            0 => 1,
            ns => (TASK_NANOS / ns).clamp(1, TASK_ENTRIES as u64) as usize,
        }
    }

    /// Records that a task of `entries` entries took `took` to answer. The
    /// threads' updates may race: the cost is only a guide.
    fn observe(&self, entries: usize, took: Duration) {
        let sample = (took.as_nanos() / entries.max(1) as u128).clamp(1, u128::from(u64::MAX));
        let sample = sample as u64;
        let old = self.per_entry.load(Ordering::Relaxed);
        let new = if old == 0 {
            sample
        } else {
            old / 4 * 3 + sample / 4
        };
        self.per_entry.store(new.max(1), Ordering::Relaxed);
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// The next task: its number, and up to [`Pipeline::task_size`]
    /// entries put in `entries` (which comes empty), fewer when more would
    /// mean waiting for input (a person typing puzzles gets each answer at
    /// once). `None` at the end of the input.
    fn take(&self, entries: &mut Vec<Entry>) -> Option<usize> {
        if self.stopped() {
            return None;
        }
        let mut guard = self.source.lock().unwrap_or_else(PoisonError::into_inner);
        let (source, next) = &mut *guard;
        let size = self.task_size();
        while entries.len() < size && (entries.is_empty() || !source.may_wait()) {
            match source.next() {
                Some(entry) => entries.push(entry),
                None => break,
            }
        }
        if entries.is_empty() {
            return None;
        }
        let task = *next;
        *next += 1;
        Some(task)
    }

    /// Writes a finished task in its turn, or queues it. Returns an empty
    /// buffer for the worker's next task: this one once written, else one
    /// that an earlier queued task left.
    fn finish(&self, out: Out) -> Buffer {
        let Out {
            mut buf,
            task,
            failed,
            io_failed,
            ..
        } = out;
        let mut state = self.lock();
        state.status.failed |= failed;
        state.status.io_error |= io_failed;
        loop {
            if self.stopped() {
                return Buffer::default();
            }
            if state.head == task {
                self.write(&mut state, &buf);
                state.head += 1;
                while let Some(mut next) = {
                    let head = state.head;
                    state.done.remove(&head)
                } {
                    state.queued_bytes -= next.len();
                    self.write(&mut state, &next);
                    state.head += 1;
                    if state.spare.len() < MAX_SPARE && next.recycle() {
                        state.spare.push(next);
                    }
                }
                self.flush(&mut state);
                self.head.store(state.head, Ordering::Release);
                // Waking no one is still a system call: skipped when no
                // worker waits, as with one thread.
                if state.waiting > 0 {
                    self.turn.notify_all();
                }
                self.bar.set_position(self.consumed.load(Ordering::Relaxed));
                if !buf.recycle() {
                    buf = Buffer::default();
                }
                return buf;
            }
            if state.queued_bytes + buf.len() <= QUEUE_BYTES {
                state.queued_bytes += buf.len();
                state.done.insert(task, buf);
                return state.spare.pop().unwrap_or_default();
            }
            state = self.wait_turn(state);
        }
    }

    /// Writes part of a running task's answer, once it is the head.
    fn spill(&self, task: usize, buf: &Buffer) {
        let mut state = self.lock();
        while state.head != task && !self.stopped() {
            state = self.wait_turn(state);
        }
        self.write(&mut state, buf);
        self.flush(&mut state);
    }

    /// Waits until the head moves or the run stops.
    fn wait_turn<'s>(&self, mut state: MutexGuard<'s, State>) -> MutexGuard<'s, State> {
        state.waiting += 1;
        let mut state = self
            .turn
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner);
        state.waiting -= 1;
        state
    }

    fn write(&self, state: &mut State, buf: &Buffer) {
        if self.stopped() {
            return;
        }
        let interleave = self.interleave;
        if let Err(e) = self
            .bar
            .suspend(|| buf.write_to(&mut state.stdout, interleave))
        {
            self.fail(state, e);
        }
    }

    fn flush(&self, state: &mut State) {
        if self.stopped() {
            return;
        }
        if let Err(e) = state.stdout.flush() {
            self.fail(state, e);
        }
    }

    /// Stops the run: quietly when the reader went away (`| head`).
    fn fail(&self, state: &mut State, e: io::Error) {
        if e.kind() != io::ErrorKind::BrokenPipe {
            state.error = Some(e);
        }
        self.stop.store(true, Ordering::Relaxed);
        self.turn.notify_all();
    }
}

/// What a task prints: its stdout text, and the stderr lines that go
/// between (each at the length of stdout text before it).
#[derive(Default)]
struct Buffer {
    out: Vec<u8>,
    notes: Vec<(usize, String)>,
}

impl Buffer {
    fn len(&self) -> usize {
        self.out.len() + self.notes.iter().map(|(_, n)| n.len()).sum::<usize>()
    }

    fn clear(&mut self) {
        self.out.clear();
        self.notes.clear();
    }

    /// Empties the buffer for another task; `false` when it grew too large
    /// to be worth keeping (a task of long answers) and should be dropped.
    fn recycle(&mut self) -> bool {
        self.clear();
        self.out.capacity() <= KEEP_BYTES
    }

    /// Writes the buffer. On a terminal each stderr line comes at its
    /// place among the answers; elsewhere (a pipe, a file) that would cost
    /// two writes per note, so the task's stderr lines go in one write.
    fn write_to(&self, stdout: &mut impl Write, interleave: bool) -> io::Result<()> {
        if self.notes.is_empty() {
            return stdout.write_all(&self.out);
        }
        if !interleave {
            stdout.write_all(&self.out)?;
            let text: String = self.notes.iter().map(|(_, n)| format!("{n}\n")).collect();
            // A closed stderr must not stop the answers on stdout.
            let _ = io::stderr().lock().write_all(text.as_bytes());
            return Ok(());
        }
        let mut written = 0;
        for (at, note) in &self.notes {
            stdout.write_all(&self.out[written..*at])?;
            written = *at;
            stdout.flush()?;
            let _ = writeln!(io::stderr().lock(), "{note}");
        }
        stdout.write_all(&self.out[written..])
    }
}

/// Where a command writes the answer to one task's puzzles.
pub struct Out<'a> {
    pipe: &'a Pipeline,
    task: usize,
    buf: Buffer,
    failed: bool,
    io_failed: bool,
    /// When this task last showed what it had.
    shown: Instant,
    /// Writes (through [`Write`]) since the last full checkpoint.
    writes: u32,
}

impl<'a> Out<'a> {
    fn new(pipe: &'a Pipeline, task: usize, buf: Buffer) -> Out<'a> {
        Out {
            pipe,
            task,
            buf,
            failed: false,
            io_failed: false,
            shown: Instant::now(),
            writes: 0,
        }
    }

    /// Appends text to stdout.
    pub fn push_str(&mut self, text: &str) {
        self.buf.out.extend_from_slice(text.as_bytes());
    }

    /// Appends ASCII text to stdout.
    pub fn push_bytes(&mut self, bytes: &[u8]) {
        self.buf.out.extend_from_slice(bytes);
    }

    /// Appends a line of ASCII text to stdout, and its line end.
    pub fn push_line(&mut self, line: &[u8]) {
        self.push_bytes(line);
        self.buf.out.push(b'\n');
    }

    /// Adds a line on stderr, prefixed with the entry's `FILE:LINE`.
    pub fn note(&mut self, entry: &Entry, message: impl Display) {
        let line = format!("{}: {message}", entry.location());
        self.buf.notes.push((self.buf.out.len(), line));
    }

    /// Marks the run as failed (exit status 1).
    pub fn fail(&mut self) {
        self.failed = true;
    }

    /// Adds a whole answer: its stderr lines, then its stdout text. Like
    /// the solutions of a long answer, whole answers leave as the task goes
    /// when it is the head, and a task of long answers (a step-by-step
    /// explanation is a megabyte of JSON) holds a bounded part of them.
    pub fn answer(&mut self, answer: Answer) {
        self.failed |= answer.failed;
        let at = self.buf.out.len();
        self.buf
            .notes
            .extend(answer.err.into_iter().map(|n| (at, n)));
        self.buf.out.extend_from_slice(answer.out.as_bytes());
        // The worker sees a closed output before its next entry.
        let _ = self.checkpoint();
    }

    /// A point where a long answer may show what it has so far: call it
    /// after each solution. `Break` means the output closed: stop searching.
    pub fn checkpoint(&mut self) -> ControlFlow<()> {
        if self.pipe.stopped() {
            return ControlFlow::Break(());
        }
        let len = self.buf.out.len();
        let head = self.pipe.head.load(Ordering::Acquire) == self.task;
        // The clock is read only by the head, which alone shows by time.
        let due = || len >= SPILL_BYTES || (len > 0 && self.shown.elapsed() >= SHOW_EVERY);
        if len >= WAIT_BYTES || (head && due()) {
            self.pipe.spill(self.task, &self.buf);
            self.buf.clear();
            self.shown = Instant::now();
        }
        if self.pipe.stopped() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}

/// Text streamed into a task's answer (a trace): once the output has
/// closed, writes fail with [`stopped`].
///
/// Every write is a checkpoint, its clock read (the due time of showing the
/// text) only every [`CLOCK_EVERY_WRITES`] writes or once the text is large:
/// a trace is many small writes, and reading the clock on each one made
/// `trace --all` about 40 % slower.
impl Write for Out<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if self.pipe.stopped() {
            return Err(stopped());
        }
        self.push_bytes(bytes);
        self.writes += 1;
        if self.writes < CLOCK_EVERY_WRITES && self.buf.out.len() < SPILL_BYTES {
            return Ok(bytes.len());
        }
        self.writes = 0;
        match self.checkpoint() {
            ControlFlow::Continue(()) => Ok(bytes.len()),
            ControlFlow::Break(()) => Err(stopped()),
        }
    }

    /// The batch decides when a task's text is shown: nothing to do.
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The error of a write into an [`Out`] once the run has stopped (the
/// reader of the output went away): a broken pipe, which ends a run quietly.
pub fn stopped() -> io::Error {
    io::Error::new(io::ErrorKind::BrokenPipe, "the output has closed")
}

/// What the exit status will be: 2 for an unreadable input, else 1 for a
/// failed puzzle, else 0.
#[derive(Default)]
pub struct Status {
    /// A bad puzzle, an unsolved one or a failed check (exit 1).
    pub failed: bool,
    /// An unreadable input (exit 2).
    pub io_error: bool,
}

impl Status {
    /// The exit status.
    pub fn code(&self) -> ExitCode {
        if self.io_error {
            ExitCode::from(2)
        } else if self.failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
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

    /// A bar for a stream of puzzles, advanced by the bytes read; a spinner
    /// when the total is unknown (standard input).
    pub fn for_bytes(total: Option<u64>) -> Bar {
        let template = match total {
            Some(_) => "{bar:30} {binary_bytes}/{binary_total_bytes}, {elapsed} elapsed, eta {eta}",
            None => "{spinner} {binary_bytes} read, {elapsed} elapsed",
        };
        Bar::with_template(io::stderr().is_terminal(), total, template)
    }

    fn with_min(len: usize, min: usize) -> Bar {
        let wanted = len >= min && io::stderr().is_terminal();
        let template = "{bar:30} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta}";
        Bar::with_template(wanted, Some(len as u64), template)
    }

    /// A bar of `len` steps (unknown: `None`) drawn with `template`, hidden
    /// until the run has taken a moment; no bar at all unless `wanted`.
    fn with_template(wanted: bool, len: Option<u64>, template: &str) -> Bar {
        let bar = wanted.then(|| {
            let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden());
            if let Ok(style) = ProgressStyle::with_template(template) {
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
            self.show_when_due();
        }
    }

    /// Sets how far the run is.
    fn set_position(&self, position: u64) {
        if let Some(bar) = &self.bar {
            bar.set_position(position);
            self.show_when_due();
        }
    }

    fn show_when_due(&self) {
        if let Some(bar) = &self.bar
            && self.start.elapsed() >= QUIET_FOR
            && !self.shown.swap(true, Ordering::Relaxed)
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::InputFormat;
    use std::collections::HashSet;

    const PUZZLE: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    /// A writer whose bytes the test reads afterwards.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);

    impl Write for Shared {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// `n` copies of the puzzle, one per line, as one input.
    fn copies(n: usize) -> Source {
        let text = format!("{PUZZLE}\n").repeat(n);
        Source::new(&[], &[text], InputFormat::Auto)
    }

    /// Runs `answer` over `n` copies on `threads` threads; returns what it
    /// printed.
    fn run_copies<F>(n: usize, threads: usize, answer: F) -> String
    where
        F: Fn(&Entry, &Grid, &mut Out) + Sync,
    {
        let sink = Shared::default();
        let code = run_into(
            copies(n),
            threads,
            Format::Line,
            answer,
            (Box::new(sink.clone()), false),
        )
        .unwrap();
        assert_eq!(code, ExitCode::SUCCESS);
        let bytes = sink.0.lock().unwrap().clone();
        String::from_utf8(bytes).unwrap()
    }

    /// The lines `1` to `n`, as the answers below print them.
    fn numbered(n: usize) -> String {
        (1..=n).map(|i| format!("{i}\n")).collect()
    }

    /// A task holds as many entries as answer in [`TASK_NANOS`] lately:
    /// one before any task ended and for slow entries, the most for fast
    /// ones.
    #[test]
    fn tasks_are_sized_by_what_entries_cost() {
        let pipe = Pipeline::new(copies(1), (Box::new(io::sink()), false));
        assert_eq!(pipe.task_size(), 1);
        pipe.observe(2, Duration::from_secs(2));
        assert_eq!(pipe.task_size(), 1);
        let pipe = Pipeline::new(copies(1), (Box::new(io::sink()), false));
        pipe.observe(256, Duration::from_micros(512));
        assert_eq!(pipe.task_size(), TASK_ENTRIES);
        let pipe = Pipeline::new(copies(1), (Box::new(io::sink()), false));
        pipe.observe(10, Duration::from_millis(10));
        assert_eq!(pipe.task_size(), 5);
        // A slower stretch shrinks the tasks that follow.
        pipe.observe(1, Duration::from_millis(13));
        assert_eq!(pipe.task_size(), 1);
    }

    /// A short batch of slow puzzles (a hard puzzle takes a second to
    /// grade) is shared between the threads, not taken whole by one, and
    /// its answers come in input order.
    #[test]
    fn slow_entries_are_shared_between_threads() {
        let seen = Mutex::new(HashSet::new());
        let out = run_copies(12, 2, |entry, _, out| {
            std::thread::sleep(Duration::from_millis(20));
            seen.lock().unwrap().insert(std::thread::current().id());
            out.answer(Answer::ok(format!("{}\n", entry.line.unwrap())));
        });
        assert_eq!(out, numbered(12));
        assert_eq!(seen.lock().unwrap().len(), 2);
    }

    /// Whole answers of a task leave as the task goes: a run of long ones
    /// (an explanation in JSON is up to a megabyte) never piles up in a
    /// task's buffer, on the head's thread or another.
    #[test]
    fn long_answers_do_not_pile_up_in_a_task() {
        const LONG: usize = 256 << 10;
        let most = AtomicUsize::new(0);
        let out = run_copies(40, 2, |entry, _, out| {
            most.fetch_max(out.buf.len(), Ordering::Relaxed);
            let mut text = format!("{} ", entry.line.unwrap());
            text.extend(std::iter::repeat_n('x', LONG - 1 - text.len()));
            text.push('\n');
            out.answer(Answer::ok(text));
        });
        assert_eq!(out.len(), 40 * LONG);
        for (i, line) in out.lines().enumerate() {
            assert!(line.starts_with(&format!("{} ", i + 1)), "line {i}");
        }
        let most = most.load(Ordering::Relaxed);
        assert!(most <= WAIT_BYTES + LONG, "{most} bytes held");
    }
}
