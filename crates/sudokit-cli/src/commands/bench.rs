//! `sudokit bench`: time an algorithm on puzzle files, one row per file.
//!
//! Each file is read whole and its puzzles checked for clashing givens before
//! any timing. Then an untimed warm-up pass, `--repeat` timed runs (each solve
//! timed on its own with [`Instant`], the run timed by the wall clock), and a
//! verification of the median run's results, which is not timed.

use crate::batch::Status;
use crate::batch::{Bar, Tally};
use crate::cli::{Algorithm, BenchArgs, BenchFormat, BenchMode};
use crate::input::{self, EntryKind};
use crate::search::{Search, algorithm_name};
use crate::steal::StealWatch;
use anyhow::bail;
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::collections::HashSet;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudokit::classic::Stop;
use sudokit::{Grid, engine, rules};

/// Runs `bench`.
pub fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
    if args.grade {
        return grading::run(args);
    }
    let plan = Plan::new(args)?;
    let runner = Runner::new(args.threads)?;
    let mut status = Status::default();
    let files = load_all(args, &mut status);
    if files.is_empty() {
        return Ok(status.code());
    }
    let table = Printer::new(args.format, &files);
    let mut out = crate::output::stdout();
    table.header(&mut out, &plan, &runner)?;
    bench_each(&files, &mut status, |file| {
        let row = plan.bench(file, &runner);
        table.row(&mut out, &plan, &row)?;
        Ok(row.failures > 0)
    })?;
    Ok(status.code())
}

/// Runs `one` (which benches a file, prints its row and says whether it
/// failed) on every file in turn; then says on stderr when the hypervisor
/// took enough CPU time meanwhile to make the figures unreliable.
fn bench_each(
    files: &[File],
    status: &mut Status,
    mut one: impl FnMut(&File) -> io::Result<bool>,
) -> io::Result<()> {
    let watch = StealWatch::start();
    for file in files {
        status.failed |= one(file)?;
    }
    if let Some(note) = watch.note() {
        eprintln!("{note}");
    }
    Ok(())
}

/// The files named on the command line (none means standard input), each
/// loaded; problems go to stderr and into `status`.
fn load_all(args: &BenchArgs, status: &mut Status) -> Vec<File> {
    let stdin = ["-".to_string()];
    let inputs = if args.inputs.is_empty() {
        &stdin[..]
    } else {
        &args.inputs[..]
    };
    inputs
        .iter()
        .filter_map(|arg| load(arg, args, status))
        .collect()
}

/// The checks on `--repeat` and `--max-puzzles` that every kind of bench shares.
fn check_counts(args: &BenchArgs) -> anyhow::Result<()> {
    if args.repeat == 0 {
        bail!("--repeat must be at least 1");
    }
    if args.max_puzzles == Some(0) {
        bail!("--max-puzzles must be at least 1");
    }
    Ok(())
}

/// The puzzles of one input, ready to time.
struct File {
    /// The name shown in the row: the file name, `<stdin>` or `<arg>`.
    name: String,
    /// The puzzles, givens checked for clashes.
    grids: Vec<Grid>,
    /// `FILE:LINE` of each puzzle, for messages.
    locations: Vec<String>,
}

/// Reads one input, reporting bad entries on stderr; `None` when it holds no
/// puzzle to time.
fn load(arg: &str, args: &BenchArgs, status: &mut Status) -> Option<File> {
    // Only the puzzles are kept (a bench times them again and again), not
    // the entries they are read as.
    let mut entries = input::Source::new(
        std::slice::from_ref(&arg.to_string()),
        &[],
        args.input_format,
    )
    .peekable();
    let mut file = File {
        name: entries.peek()?.source.to_string(),
        grids: Vec::new(),
        locations: Vec::new(),
    };
    let max = args.max_puzzles.unwrap_or(usize::MAX);
    let mut stderr = io::stderr().lock();
    for entry in entries {
        if file.grids.len() >= max {
            break;
        }
        let problem = match &entry.kind {
            EntryKind::Puzzle(grid) => match rules::validate(grid) {
                Ok(()) => {
                    file.grids.push(*grid);
                    file.locations.push(entry.location());
                    continue;
                }
                Err(conflict) => conflict.to_string(),
            },
            EntryKind::Bad(reason) => reason.clone(),
            EntryKind::NoPuzzle => "no puzzle found".to_string(),
            EntryKind::Io(reason) => {
                status.io_error = true;
                let _ = writeln!(stderr, "sudokit: {}: {reason}", entry.location());
                continue;
            }
        };
        status.failed = true;
        let _ = writeln!(stderr, "{}: {problem}", entry.location());
    }
    (!file.grids.is_empty()).then_some(file)
}

/// Where the timed runs execute: the calling thread, or a rayon pool.
enum Runner {
    Main,
    Pool(rayon::ThreadPool),
}

impl Runner {
    /// One thread for 1, a pool otherwise (0: one thread per core).
    fn new(threads: usize) -> anyhow::Result<Runner> {
        if threads == 1 {
            return Ok(Runner::Main);
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(crate::batch::thread_count(threads)?)
            .build()?;
        Ok(Runner::Pool(pool))
    }

    /// The number of threads that run the batch.
    fn threads(&self) -> usize {
        match self {
            Runner::Main => 1,
            Runner::Pool(pool) => pool.current_num_threads(),
        }
    }

    /// `f` over every grid, in order, with a progress bar on a terminal.
    fn map<T, F>(&self, grids: &[Grid], f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(&Grid) -> T + Sync,
    {
        self.map_index(grids.len(), |i| f(&grids[i]))
    }

    /// `f` over `0..len`, in order, with a progress bar on a terminal. The
    /// pool takes the whole range in one parallel pass: chunks with a barrier
    /// between them left a thread idle at the end of each chunk.
    fn map_index<T, F>(&self, len: usize, f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(usize) -> T + Sync,
    {
        let bar = Bar::new(len);
        let one = |tally: &mut Tally, i: usize| {
            let value = f(i);
            tally.add_one();
            value
        };
        let out = match self {
            Runner::Main => {
                let mut tally = bar.tally();
                (0..len).map(|i| one(&mut tally, i)).collect()
            }
            Runner::Pool(pool) => pool.install(|| {
                (0..len)
                    .into_par_iter()
                    .map_init(|| bar.tally(), one)
                    .collect()
            }),
        };
        bar.finish();
        out
    }
}

/// The validated options of a bench run.
struct Plan {
    search: Search,
    mode: BenchMode,
    /// Solutions counted up to (1 in solve mode).
    limit: u64,
    repeat: usize,
    warmup: usize,
    compare: bool,
}

/// Work counters of one search: the engine's or a classic algorithm's.
#[derive(Clone, Copy, Debug, Default)]
struct Work {
    nodes: u64,
    guesses: u64,
    iterations: u64,
}

/// What one timed search gave.
#[derive(Debug)]
struct Outcome {
    /// Time of the search alone.
    nanos: u64,
    /// Solutions found (counted, up to the limit).
    count: u64,
    /// The solutions the search produced (none when the engine only counts).
    solutions: Vec<Grid>,
    stop: Stop,
    work: Work,
}

/// One timed run over a file.
struct Run {
    wall: Duration,
    outcomes: Vec<Outcome>,
}

/// The verdict on one outcome.
enum Verdict {
    Ok,
    /// Cut short by an iteration or memory limit.
    Stopped,
    Failed(String),
}

/// The figures of one file.
struct Row {
    name: String,
    puzzles: usize,
    stopped: usize,
    failures: usize,
    threads: usize,
    times: Times,
    per_sec: f64,
    work: [f64; 3],
    /// Puzzles per second on one thread, with --compare-threads.
    single_per_sec: Option<f64>,
}

impl Plan {
    fn new(args: &BenchArgs) -> anyhow::Result<Plan> {
        let limit = match (args.mode, args.limit) {
            (BenchMode::Solve, Some(_)) => bail!("--limit applies only to --mode count2"),
            (_, Some(0)) => bail!("--limit must be at least 1"),
            (BenchMode::Solve, None) => 1,
            (BenchMode::Count2, limit) => limit.unwrap_or(2),
        };
        check_counts(args)?;
        if args.compare_threads && args.threads == 1 {
            bail!("--compare-threads needs --threads N (other than 1)");
        }
        Ok(Plan {
            search: Search::new(&args.algorithm)?,
            mode: args.mode,
            limit,
            repeat: args.repeat,
            warmup: args.warmup,
            compare: args.compare_threads,
        })
    }

    /// Warms up, times, verifies and sums up one file.
    fn bench(&self, file: &File, runner: &Runner) -> Row {
        let warm = &file.grids[..self.warmup.min(file.grids.len())];
        let _ = runner.map(warm, |g| self.search_timed(g));
        let (mut row, verdicts) = self.median_run(file, runner);
        row.single_per_sec = self
            .compare
            .then(|| self.median_run(file, &Runner::Main).0.per_sec);
        let mut stderr = io::stderr().lock();
        for (verdict, location) in verdicts.iter().zip(&file.locations) {
            match verdict {
                Verdict::Ok => {}
                Verdict::Stopped => row.stopped += 1,
                Verdict::Failed(why) => {
                    row.failures += 1;
                    let _ = writeln!(stderr, "{location}: verification failed: {why}");
                }
            }
        }
        row
    }

    /// `--repeat` timed runs: the figures of the one with the median wall
    /// time, and the verdicts on the first run's answers. Only one run's
    /// outcomes are held at a time: the others leave only their figures.
    fn median_run(&self, file: &File, runner: &Runner) -> (Row, Vec<Verdict>) {
        let mut verdicts = Vec::new();
        let mut rows: Vec<(Duration, Row)> = (0..self.repeat)
            .map(|i| {
                let start = Instant::now();
                let outcomes = runner.map(&file.grids, |g| self.search_timed(g));
                let run = Run {
                    wall: start.elapsed(),
                    outcomes,
                };
                if i == 0 {
                    verdicts =
                        runner.map_indexed(&file.grids, &run.outcomes, |g, o| self.verify(g, o));
                }
                (run.wall, summary(file, &run, runner.threads()))
            })
            .collect();
        rows.sort_by_key(|(wall, _)| *wall);
        (rows.swap_remove((rows.len() - 1) / 2).1, verdicts)
    }

    /// One search of `grid`, timed.
    fn search_timed(&self, grid: &Grid) -> Outcome {
        if !self.search.is_fast() {
            return self.classic(grid);
        }
        match self.mode {
            BenchMode::Count2 => {
                let ((count, stats), nanos) = timed(|| engine::count_with_stats(grid, self.limit));
                let stop = if count >= self.limit {
                    Stop::SolutionLimit
                } else {
                    Stop::Exhausted
                };
                Outcome {
                    nanos,
                    count,
                    solutions: Vec::new(),
                    stop,
                    work: engine_work(stats),
                }
            }
            BenchMode::Solve => {
                let ((solution, stats), nanos) = timed(|| engine::solve_with_stats(grid));
                Outcome {
                    nanos,
                    count: u64::from(solution.is_some()),
                    stop: if solution.is_some() {
                        Stop::SolutionLimit
                    } else {
                        Stop::Exhausted
                    },
                    solutions: solution.into_iter().collect(),
                    work: engine_work(stats),
                }
            }
        }
    }

    /// One search by a classic algorithm, with every option of `--algorithm`.
    fn classic(&self, grid: &Grid) -> Outcome {
        let mut solutions = Vec::new();
        let (found, nanos) = timed(|| {
            self.search.run(grid, None, Some(self.limit), &mut |g| {
                solutions.push(*g);
                ControlFlow::Continue(())
            })
        });
        let work = match found.stats {
            crate::output::Stats::Classic(s) => Work {
                nodes: s.nodes,
                guesses: 0,
                iterations: s.iterations,
            },
            crate::output::Stats::Fast { stats, .. } => engine_work(stats),
        };
        Outcome {
            nanos,
            count: found.found,
            solutions,
            stop: found.stop,
            work,
        }
    }

    /// Checks every solution against the rules and the givens, and the count
    /// against a second opinion: the engine's enumeration when the engine
    /// counted, the engine's count otherwise.
    fn verify(&self, grid: &Grid, outcome: &Outcome) -> Verdict {
        let counted_only = self.search.is_fast() && self.mode == BenchMode::Count2;
        let (solutions, expected) = if counted_only {
            let all: Vec<Grid> = engine::solutions(grid).take(self.limit as usize).collect();
            let n = all.len() as u64;
            (all, n)
        } else {
            let n = engine::count_solutions(grid, self.limit);
            (outcome.solutions.clone(), n)
        };
        if let Some(bad) = solutions.iter().find(|s| !rules::is_solution_of(s, grid)) {
            return Verdict::Failed(format!("{} is not a solution", bad.to_line()));
        }
        if solutions.iter().collect::<HashSet<_>>().len() < solutions.len() {
            return Verdict::Failed("the same solution came twice".to_string());
        }
        if matches!(outcome.stop, Stop::IterationLimit | Stop::MemoryCap { .. }) {
            return Verdict::Stopped;
        }
        if outcome.count != expected {
            return Verdict::Failed(format!(
                "counted {} solution(s), the check found {expected}",
                outcome.count
            ));
        }
        Verdict::Ok
    }

    /// The name of what is timed, for captions and JSON.
    fn mode_name(&self) -> &'static str {
        match self.mode {
            BenchMode::Count2 => "count2",
            BenchMode::Solve => "solve",
        }
    }
}

impl Runner {
    /// `f` over pairs of grids and outcomes, in order.
    fn map_indexed<T, F>(&self, grids: &[Grid], outcomes: &[Outcome], f: F) -> Vec<T>
    where
        T: Send,
        F: Fn(&Grid, &Outcome) -> T + Sync,
    {
        self.map_index(grids.len(), |i| f(&grids[i], &outcomes[i]))
    }
}

/// Runs `f` and says how long it took, in nanoseconds.
fn timed<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let start = Instant::now();
    let value = f();
    (value, start.elapsed().as_nanos() as u64)
}

fn engine_work(stats: engine::Stats) -> Work {
    Work {
        nodes: stats.nodes,
        guesses: stats.guesses,
        iterations: 0,
    }
}

fn per_sec(puzzles: usize, wall: Duration) -> f64 {
    puzzles as f64 / wall.as_secs_f64().max(1e-9)
}

/// How a run was made, for table captions: "2 threads, warm-up 1000
/// puzzles, median of 3 runs".
fn conditions(threads: usize, warmup: usize, repeat: usize) -> String {
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    format!(
        "{}, warm-up {}, median of {}",
        plural(threads, "thread"),
        plural(warmup, "puzzle"),
        plural(repeat, "run")
    )
}

/// The per-puzzle times of a run: mean, median and the slowest puzzle
/// (with where it is, so that a bound on every puzzle can be checked).
#[derive(Default)]
struct Times {
    mean_us: f64,
    median_us: f64,
    max_us: f64,
    /// `FILE:LINE` of the slowest puzzle (the first of equal ones).
    slowest: String,
}

impl Times {
    /// The times of `nanos`, one per puzzle of `file` in order (at least one).
    fn of(file: &File, nanos: &[u64]) -> Times {
        let n = nanos.len();
        let mut sorted = nanos.to_vec();
        sorted.sort_unstable();
        let median = if n % 2 == 1 {
            sorted[n / 2] as f64
        } else {
            (sorted[n / 2 - 1] + sorted[n / 2]) as f64 / 2.0
        };
        let max = sorted[n - 1];
        let at = nanos.iter().position(|&t| t == max).unwrap_or(0);
        Times {
            mean_us: nanos.iter().sum::<u64>() as f64 / n as f64 / 1e3,
            median_us: median / 1e3,
            max_us: max as f64 / 1e3,
            slowest: file.locations.get(at).cloned().unwrap_or_default(),
        }
    }

    /// The fields of the times, in print order: mean, median and maximum in
    /// every format, where the slowest puzzle is in JSON and TSV only.
    fn fields(&self) -> Vec<Field> {
        vec![
            Field::new("mean_us", "µs mean", round(self.mean_us, 3), true),
            Field::new("median_us", "µs median", round(self.median_us, 3), true),
            Field::new("max_us", "µs max", round(self.max_us, 3), true),
            Field::new("slowest", "slowest", self.slowest.as_str().into(), false),
        ]
    }
}

/// The figures of a run (stopped and failures are filled in by the verification).
fn summary(file: &File, run: &Run, threads: usize) -> Row {
    let n = run.outcomes.len();
    let nanos: Vec<u64> = run.outcomes.iter().map(|o| o.nanos).collect();
    let mean = |f: fn(&Outcome) -> u64| run.outcomes.iter().map(f).sum::<u64>() as f64 / n as f64;
    Row {
        name: file.name.clone(),
        puzzles: n,
        stopped: 0,
        failures: 0,
        threads,
        times: Times::of(file, &nanos),
        per_sec: per_sec(n, run.wall),
        work: [
            mean(|o| o.work.guesses),
            mean(|o| o.work.iterations),
            mean(|o| o.work.nodes),
        ],
        single_per_sec: None,
    }
}

/// Prints rows in the chosen format as they come.
struct Printer {
    format: BenchFormat,
    /// Width of the file column in the table.
    name_width: usize,
}

/// One printed field: its JSON/TSV key, its table header, its value.
struct Field {
    key: &'static str,
    header: &'static str,
    value: Value,
    /// What the table shows, if it shows the field.
    table: Option<String>,
}

impl Field {
    /// A field shown in JSON and TSV, and in the table if `in_table`.
    fn new(key: &'static str, header: &'static str, value: Value, in_table: bool) -> Field {
        Field {
            key,
            header,
            table: in_table.then(|| pretty(&value)),
            value,
        }
    }
}

impl Printer {
    fn new(format: BenchFormat, files: &[File]) -> Printer {
        let name_width = files.iter().map(|f| f.name.chars().count()).max();
        Printer {
            format,
            name_width: name_width.unwrap_or(0).max("file".len()),
        }
    }

    /// The caption and header line (table), the header line (TSV), nothing (JSON).
    fn header(&self, out: &mut impl Write, plan: &Plan, runner: &Runner) -> io::Result<()> {
        let fields = plan.fields(&Row::example(runner.threads(), plan.compare));
        self.print_header(out, &plan.caption(runner.threads()), &fields)
    }

    /// One file's row.
    fn row(&self, out: &mut impl Write, plan: &Plan, row: &Row) -> io::Result<()> {
        self.print_row(out, &row.name, plan.fields(row))
    }

    /// For rows of `fields`: `caption` and the column headers (table), the
    /// keys (TSV), nothing (JSON).
    fn print_header(
        &self,
        out: &mut impl Write,
        caption: &str,
        fields: &[Field],
    ) -> io::Result<()> {
        match self.format {
            BenchFormat::Json => return Ok(()),
            BenchFormat::Tsv => {
                let keys: Vec<&str> = fields.iter().map(|f| f.key).collect();
                writeln!(out, "{}", keys.join("\t"))?;
            }
            BenchFormat::Table => {
                writeln!(out, "# {caption}")?;
                let mut line = format!("{:<w$}", "file", w = self.name_width);
                for f in fields.iter().filter(|f| f.table.is_some()) {
                    line += &format!("  {:>w$}", f.header, w = width(f.header));
                }
                writeln!(out, "{}", line.trim_end())?;
            }
        }
        out.flush()
    }

    /// The row of file `name`.
    fn print_row(&self, out: &mut impl Write, name: &str, fields: Vec<Field>) -> io::Result<()> {
        match self.format {
            BenchFormat::Json => {
                let obj: Map<String, Value> = fields
                    .into_iter()
                    .map(|f| (f.key.to_string(), f.value))
                    .collect();
                writeln!(out, "{}", Value::Object(obj))?;
            }
            BenchFormat::Tsv => {
                let values: Vec<String> = fields.iter().map(|f| plain(&f.value)).collect();
                writeln!(out, "{}", values.join("\t"))?;
            }
            BenchFormat::Table => {
                let mut line = format!("{:<w$}", name, w = self.name_width);
                for f in &fields {
                    if let Some(text) = &f.table {
                        line += &format!("  {text:>w$}", w = width(f.header));
                    }
                }
                writeln!(out, "{line}")?;
            }
        }
        out.flush()
    }
}

/// Width of a table column: its header, or room for a figure.
fn width(header: &str) -> usize {
    header.chars().count().max(9)
}

/// A value as TSV shows it (strings without quotes).
fn plain(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// A value as the table shows it: figures with as many decimals as they need.
fn pretty(v: &Value) -> String {
    match v.as_f64() {
        Some(x) if v.is_f64() => match x {
            x if x >= 1000.0 => format!("{x:.0}"),
            x if x >= 10.0 => format!("{x:.1}"),
            x => format!("{x:.2}"),
        },
        _ => plain(v),
    }
}

/// `x` rounded to `decimals` places, for JSON.
fn round(x: f64, decimals: i32) -> Value {
    let scale = 10f64.powi(decimals);
    Value::from((x * scale).round() / scale)
}

impl Row {
    /// A row with every optional column present, to print the header.
    fn example(threads: usize, compare: bool) -> Row {
        Row {
            name: String::new(),
            puzzles: 0,
            stopped: 0,
            failures: 0,
            threads,
            times: Times::default(),
            per_sec: 0.0,
            work: [0.0; 3],
            single_per_sec: compare.then_some(0.0),
        }
    }
}

impl Plan {
    /// A line saying what was timed, above the table.
    fn caption(&self, threads: usize) -> String {
        let what = match self.mode {
            BenchMode::Count2 if self.limit == 1 => "count up to 1 solution".to_string(),
            BenchMode::Count2 => format!("count up to {} solutions", self.limit),
            BenchMode::Solve => "first solution".to_string(),
        };
        let algorithm = algorithm_name(self.search.algorithm());
        let conditions = conditions(threads, self.warmup, self.repeat);
        format!("{algorithm}, {what}, {conditions}")
    }

    /// The fields of a row, in print order.
    fn fields(&self, row: &Row) -> Vec<Field> {
        let fast = self.search.algorithm() == Algorithm::Fast;
        let field = Field::new;
        let mut fields = vec![
            field("file", "file", row.name.as_str().into(), false),
            field(
                "algorithm",
                "algorithm",
                algorithm_name(self.search.algorithm()).into(),
                false,
            ),
            field("mode", "mode", self.mode_name().into(), false),
            field("limit", "limit", self.limit.into(), false),
            field("threads", "threads", row.threads.into(), row.threads != 1),
            field("repeat", "repeat", self.repeat.into(), false),
            field("puzzles", "puzzles", row.puzzles.into(), true),
            field("stopped", "stopped", row.stopped.into(), !fast),
        ];
        fields.extend(row.times.fields());
        fields.push(field(
            "puzzles_per_sec",
            "puzzles/s",
            round(row.per_sec, 1),
            true,
        ));
        if let Some(single) = row.single_per_sec {
            fields.push(field(
                "single_thread_puzzles_per_sec",
                "1 thread/s",
                round(single, 1),
                true,
            ));
            fields.push(field(
                "speedup",
                "speedup",
                round(row.per_sec / single, 2),
                true,
            ));
        }
        let [guesses, iterations, nodes] = row.work;
        if fast {
            fields.push(field(
                "guesses_per_puzzle",
                "guesses/puzzle",
                round(guesses, 3),
                true,
            ));
        } else {
            fields.push(field(
                "iterations_per_puzzle",
                "iterations/puzzle",
                round(iterations, 3),
                true,
            ));
        }
        fields.push(field(
            "nodes_per_puzzle",
            "nodes/puzzle",
            round(nodes, 3),
            !fast,
        ));
        fields.push(field("failures", "failures", row.failures.into(), false));
        let mut verified = field("verified", "verified", (row.failures == 0).into(), false);
        verified.table = Some(if row.failures == 0 {
            "ok".to_string()
        } else {
            row.failures.to_string()
        });
        fields.push(verified);
        fields
    }
}

/// `bench --grade`: times the human-style grader ([`sudokit::grade::grade`])
/// per puzzle and checks every grid it solves against the engine's solution.
mod grading {
    use super::{
        Field, File, Printer, Runner, Status, Times, bench_each, check_counts, conditions,
        load_all, per_sec, round, timed,
    };
    use crate::cli::{Algorithm, BenchArgs};
    use crate::commands::human::options;
    use anyhow::bail;
    use std::io::{self, Write};
    use std::process::ExitCode;
    use std::time::{Duration, Instant};
    use sudokit::grade::{self, GradeOptions};
    use sudokit::{Cell, Grid, engine};

    /// At most this many puzzles are graded untimed before the timed runs
    /// (`--warmup` is capped: a puzzle takes milliseconds, not microseconds).
    const MAX_WARMUP: usize = 100;

    /// What grading one puzzle gave, kept small so that big files fit.
    struct Graded {
        nanos: u64,
        /// The grid at the end of the HoDoKu-style path (full when solved).
        grid: Grid,
        solved: bool,
        steps: usize,
        /// Why the grader refused the puzzle (several solutions, none).
        refused: Option<String>,
    }

    /// The options of a grading run.
    struct Plan {
        options: GradeOptions,
        repeat: usize,
        warmup: usize,
    }

    /// The figures of one file.
    struct Row {
        name: String,
        puzzles: usize,
        threads: usize,
        times: Times,
        per_sec: f64,
        solved: usize,
        steps: f64,
        failures: usize,
    }

    /// Runs `bench --grade`.
    pub(super) fn run(args: &BenchArgs) -> anyhow::Result<ExitCode> {
        let a = &args.algorithm;
        let unused = [
            ("--algorithm", a.algorithm != Algorithm::Fast),
            ("--select", a.select.is_some()),
            ("--seed", a.seed.is_some()),
            ("--max-iterations", a.max_iterations.is_some()),
            ("--max-memory", a.max_memory.is_some()),
        ];
        if let Some((flag, _)) = unused.iter().find(|(_, given)| *given) {
            bail!("{flag} does not apply to --grade (it times the human-style grader)");
        }
        check_counts(args)?;
        let plan = Plan {
            options: GradeOptions {
                solver: options(a.techniques.as_deref(), false)?,
            },
            repeat: args.repeat,
            warmup: args.warmup.min(MAX_WARMUP),
        };
        let runner = Runner::new(args.threads)?;
        let mut status = Status::default();
        let files = load_all(args, &mut status);
        if files.is_empty() {
            return Ok(status.code());
        }
        let printer = Printer::new(args.format, &files);
        let mut out = crate::output::stdout();
        plan.header(&mut out, &printer, runner.threads())?;
        bench_each(&files, &mut status, |file| {
            let row = plan.bench(file, &runner);
            plan.row(&mut out, &printer, &row)?;
            Ok(row.failures > 0)
        })?;
        Ok(status.code())
    }

    impl Plan {
        /// Grades one puzzle, timing the grader alone.
        fn grade_timed(&self, puzzle: &Grid) -> Graded {
            let (result, nanos) = timed(|| grade::grade(puzzle, &self.options));
            match result {
                Ok(g) => {
                    let mut grid = *puzzle;
                    for (cell, digit) in g.steps.iter().flat_map(|s| s.placements()) {
                        if grid[cell] == 0 {
                            grid.set(cell, Some(digit));
                        }
                    }
                    Graded {
                        nanos,
                        grid,
                        solved: g.solved,
                        steps: g.steps.len(),
                        refused: None,
                    }
                }
                Err(e) => Graded {
                    nanos,
                    grid: *puzzle,
                    solved: false,
                    steps: 0,
                    refused: Some(e.to_string()),
                },
            }
        }

        /// Warms up, times `--repeat` runs (the median wall time is kept),
        /// verifies and sums up one file.
        fn bench(&self, file: &File, runner: &Runner) -> Row {
            let warm = &file.grids[..self.warmup.min(file.grids.len())];
            let _ = runner.map(warm, |g| self.grade_timed(g));
            let mut runs: Vec<(Duration, Vec<Graded>)> = (0..self.repeat)
                .map(|_| {
                    let start = Instant::now();
                    let graded = runner.map(&file.grids, |g| self.grade_timed(g));
                    (start.elapsed(), graded)
                })
                .collect();
            runs.sort_by_key(|r| r.0);
            let (wall, graded) = runs.swap_remove((runs.len() - 1) / 2);
            let failures = verify_all(file, &graded, runner);
            let n = graded.len();
            let nanos: Vec<u64> = graded.iter().map(|g| g.nanos).collect();
            Row {
                name: file.name.clone(),
                puzzles: n,
                threads: runner.threads(),
                times: Times::of(file, &nanos),
                per_sec: per_sec(n, wall),
                solved: graded.iter().filter(|g| g.solved).count(),
                steps: graded.iter().map(|g| g.steps).sum::<usize>() as f64 / n as f64,
                failures,
            }
        }

        /// The caption and column headers (table), the keys (TSV), nothing (JSON).
        fn header(
            &self,
            out: &mut impl Write,
            printer: &Printer,
            threads: usize,
        ) -> io::Result<()> {
            let fields = self.fields(&Row {
                name: String::new(),
                puzzles: 0,
                threads,
                times: Times::default(),
                per_sec: 0.0,
                solved: 0,
                steps: 0.0,
                failures: 0,
            });
            let caption = format!(
                "human-style grader (HoDoKu walk and SE walk), {}",
                conditions(threads, self.warmup, self.repeat)
            );
            printer.print_header(out, &caption, &fields)
        }

        /// One file's row.
        fn row(&self, out: &mut impl Write, printer: &Printer, row: &Row) -> io::Result<()> {
            printer.print_row(out, &row.name, self.fields(row))
        }

        /// The fields of a row, in print order.
        fn fields(&self, row: &Row) -> Vec<Field> {
            let field = Field::new;
            let share = 100.0 * row.solved as f64 / row.puzzles.max(1) as f64;
            let mut verified = field("verified", "verified", (row.failures == 0).into(), false);
            verified.table = Some(if row.failures == 0 {
                "ok".to_string()
            } else {
                row.failures.to_string()
            });
            let mut fields = vec![
                field("file", "file", row.name.as_str().into(), false),
                field("mode", "mode", "grade".into(), false),
                field("threads", "threads", row.threads.into(), row.threads != 1),
                field("repeat", "repeat", self.repeat.into(), false),
                field("puzzles", "puzzles", row.puzzles.into(), true),
            ];
            fields.extend(row.times.fields());
            fields.extend([
                field("puzzles_per_sec", "puzzles/s", round(row.per_sec, 1), true),
                field("solved", "solved", row.solved.into(), false),
                field("solved_pct", "solved %", round(share, 2), true),
                field(
                    "steps_per_puzzle",
                    "steps/puzzle",
                    round(row.steps, 2),
                    true,
                ),
                field("failures", "failures", row.failures.into(), false),
                verified,
            ]);
            fields
        }
    }

    /// Checks every graded puzzle, untimed: the grader must accept it, every
    /// digit it placed must be the engine's solution, and a solved grid must
    /// be that solution. Failures go to stderr; returns how many.
    fn verify_all(file: &File, graded: &[Graded], runner: &Runner) -> usize {
        let verdicts = runner.map_index(graded.len(), |i| verify(&file.grids[i], &graded[i]));
        let mut stderr = io::stderr().lock();
        let mut failures = 0;
        for (verdict, location) in verdicts.iter().zip(&file.locations) {
            if let Some(why) = verdict {
                failures += 1;
                let _ = writeln!(stderr, "{location}: verification failed: {why}");
            }
        }
        failures
    }

    /// Why one graded puzzle fails verification, if it does.
    fn verify(puzzle: &Grid, graded: &Graded) -> Option<String> {
        if let Some(why) = &graded.refused {
            return Some(format!("the grader refused it: {why}"));
        }
        let Some(solution) = engine::solve_one(puzzle) else {
            return Some("graded, but the engine finds no solution".to_string());
        };
        let wrong = Cell::all().find(|&c| graded.grid[c] != 0 && graded.grid[c] != solution[c]);
        if let Some(cell) = wrong {
            return Some(format!(
                "{cell} holds {}, the solution has {}",
                graded.grid[cell], solution[cell]
            ));
        }
        if graded.solved && graded.grid != solution {
            return Some("solved, but the grid is not the solution".to_string());
        }
        None
    }
}
