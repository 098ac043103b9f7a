//! What one puzzle prints: the [`Answer`], and helpers for the three formats.

use crate::cli::Format;
use crate::input::Entry;
use serde_json::{Map, Value, json};
use std::time::Duration;
use sudokit::Grid;

/// Everything printed for one entry, built on a worker thread and written
/// in input order by [`crate::batch`].
#[derive(Debug, Default)]
pub struct Answer {
    /// Text for stdout, newlines included.
    pub out: String,
    /// Lines for stderr, without newlines.
    pub err: Vec<String>,
    /// Whether this entry makes the exit status 1.
    pub failed: bool,
}

impl Answer {
    /// A successful answer printing `out`.
    pub fn ok(out: String) -> Answer {
        Answer {
            out,
            ..Answer::default()
        }
    }

    /// A failed answer printing `out` on stdout (possibly empty) and nothing on stderr.
    pub fn failed(out: String) -> Answer {
        Answer {
            out,
            failed: true,
            ..Answer::default()
        }
    }

    /// Prefixes every stderr line, as for I/O errors (`sudokit: FILE: ...`).
    pub fn prefixed(mut self, prefix: &str) -> Answer {
        for line in &mut self.err {
            line.insert_str(0, prefix);
        }
        self
    }

    /// Adds a line on stderr, prefixed with the entry's `FILE:LINE`.
    pub fn note(mut self, entry: &Entry, message: impl std::fmt::Display) -> Answer {
        self.err.push(format!("{}: {message}", entry.location()));
        self
    }
}

/// The answer for text that is not a puzzle, or a puzzle whose givens clash,
/// in commands where that is simply an error: an empty line (line format),
/// nothing (grid) or an object with `"status": "invalid"` (JSON).
pub fn invalid(entry: &Entry, grid: Option<&Grid>, reason: &str, format: Format) -> Answer {
    let out = match format {
        Format::Line => "\n".to_string(),
        Format::Grid => grid_comment(reason),
        Format::Json => {
            let mut obj = object(entry, grid);
            obj.insert("status".into(), "invalid".into());
            obj.insert("error".into(), reason.into());
            json_line(obj)
        }
    };
    Answer::failed(out).note(entry, reason)
}

/// What stands for a grid in grid format when there is none to print: a
/// comment line (which the readers skip) and the blank line that ends every
/// answer, so that each puzzle still has its answer.
pub fn grid_comment(text: &str) -> String {
    format!("# {text}\n\n")
}

/// A JSON object with the fields every answer carries: `"puzzle"` (the line
/// form, or null for text that is not a puzzle), `"file"` and `"line"`.
pub fn object(entry: &Entry, grid: Option<&Grid>) -> Map<String, Value> {
    let mut obj = Map::new();
    obj.insert("puzzle".into(), grid.map(Grid::to_line).into());
    obj.insert("file".into(), entry.source.as_ref().into());
    obj.insert("line".into(), entry.line.into());
    obj
}

/// A library answer object (which starts with `"puzzle"`) with the entry's
/// `"file"` and `"line"` after its puzzle, as every answer has them.
pub fn located(entry: &Entry, answer: Map<String, Value>) -> Map<String, Value> {
    let mut obj = Map::new();
    let mut rest = answer.into_iter();
    if let Some((key, value)) = rest.next() {
        obj.insert(key, value);
    }
    obj.insert("file".into(), entry.source.as_ref().into());
    obj.insert("line".into(), entry.line.into());
    obj.extend(rest);
    obj
}

/// One JSON Lines record.
pub fn json_line(obj: Map<String, Value>) -> String {
    let mut s = Value::Object(obj).to_string();
    s.push('\n');
    s
}

/// The opening of a JSON record that goes on with fields written as they
/// come (solutions, a trace): `{"puzzle":...,"line":3,` — the object's fields
/// and a comma, without the closing brace.
pub fn json_opening(obj: Map<String, Value>) -> String {
    let mut s = Value::Object(obj).to_string();
    s.pop();
    if s.len() > 1 {
        s.push(',');
    }
    s
}

/// A grid in line or grid format, with its trailing newline(s); grid format
/// ends each block with a blank line.
pub fn grid_text(grid: &Grid, format: Format) -> String {
    match format {
        Format::Grid => grid.to_block() + "\n",
        _ => grid.to_line() + "\n",
    }
}

/// Search statistics of either kind of solver, for `--stats`.
#[derive(Clone, Copy, Debug)]
pub enum Stats {
    /// The fast engine.
    Fast {
        /// The engine's counters.
        stats: sudokit::engine::Stats,
        /// Wall time of the search.
        time: Duration,
    },
    /// A classic algorithm (its own timing inside).
    Classic(sudokit::classic::ClassicStats),
}

impl Stats {
    /// One line for stderr: `nodes 52, guesses 3, time 0.041 ms`.
    pub fn to_text(self) -> String {
        match self {
            Stats::Fast { stats, time } => format!(
                "nodes {}, guesses {}, time {}",
                stats.nodes,
                stats.guesses,
                millis(time)
            ),
            Stats::Classic(s) => format!(
                "iterations {}, nodes {}, dead ends {}, max depth {}, peak live nodes {}, \
                 peak memory {}, time {}",
                s.iterations,
                s.nodes,
                s.dead_ends,
                s.max_depth,
                s.peak_live_nodes,
                bytes(s.peak_memory_bytes),
                millis(s.elapsed)
            ),
        }
    }

    /// The `"stats"` object of the JSON output.
    pub fn to_json(self) -> Value {
        match self {
            Stats::Fast { stats, time } => json!({
                "nodes": stats.nodes,
                "guesses": stats.guesses,
                "time_us": micros(time),
            }),
            Stats::Classic(s) => json!({
                "iterations": s.iterations,
                "nodes": s.nodes,
                "dead_ends": s.dead_ends,
                "max_depth": s.max_depth,
                "peak_live_nodes": s.peak_live_nodes,
                "peak_memory_bytes": s.peak_memory_bytes,
                "time_us": micros(s.elapsed),
            }),
        }
    }
}

fn micros(d: Duration) -> f64 {
    // One decimal is plenty and keeps the JSON short.
    (d.as_secs_f64() * 1e7).round() / 10.0
}

fn millis(d: Duration) -> String {
    format!("{:.3} ms", d.as_secs_f64() * 1e3)
}

/// A byte count in the largest fitting binary unit.
pub fn bytes(n: u64) -> String {
    const UNITS: [&str; 4] = ["B", "KiB", "MiB", "GiB"];
    let mut v = n as f64;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        format!("{v:.1} {}", UNITS[unit])
    }
}

/// Standard output, locked, whose write errors name it (`standard output:
/// No space left on device`) as the batch commands' do; a closed pipe stays
/// a plain broken pipe, which ends a run quietly.
pub struct Stdout(std::io::StdoutLock<'static>);

/// [`Stdout`].
pub fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

impl std::io::Write for Stdout {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.write(bytes).map_err(named)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush().map_err(named)
    }
}

/// A write error of standard output, naming it (a broken pipe as it is).
pub fn named(e: std::io::Error) -> std::io::Error {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return e;
    }
    let reason = crate::input::io_reason(&e);
    std::io::Error::new(e.kind(), format!("standard output: {reason}"))
}
