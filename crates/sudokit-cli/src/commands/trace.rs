//! `sudokit trace`: the iteration trace of backtracking with deepening, as
//! the source documents print it, or its search tree (DOT or SVG).
//!
//! The text is written event by event as the search goes, so a trace takes
//! the same memory however long it runs; puzzles are traced one at a time,
//! in input order. A tree is drawn at the end and keeps at most
//! `--max-nodes` nodes.

use crate::batch::Status;
use crate::cli::{Format, Lang, TraceArgs, TraceStyle, Tree};
use crate::input::{Entry, EntryKind};
use crate::output::{self, Answer};
use crate::search::deepening_options;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use sudokit::classic::{Limits, Outcome, Stop, deepening, trace, tree};
use sudokit::{Grid, rules};

/// Runs `trace`.
pub fn run(args: &TraceArgs) -> anyhow::Result<ExitCode> {
    if args.limit == 0 {
        anyhow::bail!("--limit must be at least 1");
    }
    if args.max_nodes == Some(0) {
        anyhow::bail!("--max-nodes must be at least 1");
    }
    let mut options = deepening_options(args.select, args.seed, args.techniques.as_deref())?;
    options.limits = Limits {
        max_solutions: (!args.all).then_some(args.limit),
        max_iterations: args.max_iterations,
    };
    let tracer = Tracer { args, options };
    crate::batch::thread_count(args.common.threads)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut status = Status::default();
    for entry in args.common.source() {
        match tracer.entry(&mut out, &entry, &mut status) {
            Ok(()) => {}
            // The reader went away (`| head`): a normal end, not an error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(status.code()),
            Err(e) => return Err(e.into()),
        }
    }
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(status.code()),
    }
}

/// The command's options, resolved once.
struct Tracer<'a> {
    args: &'a TraceArgs,
    options: deepening::Options,
}

impl Tracer<'_> {
    fn format(&self) -> Format {
        self.args.common.format
    }

    /// Answers one entry: a trace for a puzzle, the common errors otherwise.
    fn entry(&self, out: &mut impl Write, entry: &Entry, status: &mut Status) -> io::Result<()> {
        let answer = match &entry.kind {
            EntryKind::Puzzle(grid) => match rules::validate(grid) {
                Ok(()) => {
                    let outcome = self.puzzle(out, entry, grid)?;
                    // A search that ran to the end without a solution is an
                    // error; an iteration limit only shortens a trace.
                    if outcome.found == 0 && outcome.stop == Stop::Exhausted {
                        Answer::failed(String::new()).note(entry, "no solution")
                    } else {
                        Answer::default()
                    }
                }
                Err(conflict) => {
                    output::invalid(entry, Some(grid), &conflict.to_string(), self.format())
                }
            },
            EntryKind::Bad(reason) => output::invalid(entry, None, reason, self.format()),
            EntryKind::NoPuzzle => Answer::failed(String::new()).note(entry, "no puzzle found"),
            EntryKind::Io(reason) => {
                status.io_error = true;
                Answer::default().note(entry, reason).prefixed("sudokit: ")
            }
        };
        status.failed |= answer.failed;
        write_answer(out, &answer)
    }

    /// Traces one valid puzzle to `out` in the chosen form.
    fn puzzle(&self, out: &mut impl Write, entry: &Entry, grid: &Grid) -> io::Result<Outcome> {
        match self.format() {
            Format::Json => self.json(out, entry, grid),
            Format::Line | Format::Grid => {
                let outcome = self.body(out, grid)?;
                // Text traces are separated by an empty line; trees are
                // documents of their own (several DOT graphs in one file
                // are fine for `dot`).
                if self.args.tree.is_none() {
                    out.write_all(b"\n")?;
                }
                Ok(outcome)
            }
        }
    }

    /// The text trace, streamed, or the tree, drawn at the end.
    fn body(&self, out: &mut impl Write, grid: &Grid) -> io::Result<Outcome> {
        let Some(form) = self.args.tree else {
            let lang = match self.args.lang {
                Lang::Es => trace::Lang::Es,
                Lang::En => trace::Lang::En,
            };
            let style = match self.args.style {
                TraceStyle::Document => trace::Style::Document,
                TraceStyle::Compact => trace::Style::Compact,
            };
            let mut text = trace::TextWriter::new(out, lang, style);
            let outcome = deepening::trace(grid, &self.options, &mut |e| text.event(e));
            text.finish(&outcome)?;
            return Ok(outcome);
        };
        let max_nodes = self.args.max_nodes.unwrap_or(tree::DEFAULT_MAX_NODES);
        let (outcome, tree) = deepening::tree(grid, &self.options, max_nodes);
        let drawing = match form {
            Tree::Dot => tree.to_dot(),
            Tree::Svg => tree.to_svg(),
        };
        out.write_all(drawing.as_bytes())?;
        Ok(outcome)
    }

    /// One JSON object, written as it goes: the solutions from a first run
    /// of the search, then the trace (or tree) from a second, identical one
    /// (the search is deterministic, random selection included), so that
    /// neither is held in memory.
    fn json(&self, out: &mut impl Write, entry: &Entry, grid: &Grid) -> io::Result<Outcome> {
        out.write_all(output::json_opening(output::object(entry, Some(grid))).as_bytes())?;
        out.write_all(b"\"solutions\":[")?;
        let mut error = None;
        let mut written = 0u64;
        deepening::search(grid, &self.options, &mut |g| {
            let sep = if written == 0 { "" } else { "," };
            written += 1;
            match write!(out, "{sep}\"{}\"", g.to_line()) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    error = Some(e);
                    ControlFlow::Break(())
                }
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let key = if self.args.tree.is_some() {
            "tree"
        } else {
            "trace"
        };
        write!(out, "],\"{key}\":\"")?;
        let outcome = {
            let mut escaped = JsonString(&mut *out);
            self.body(&mut escaped, grid)?
        };
        let status = match (outcome.found, outcome.stop) {
            (0, Stop::Exhausted) => "unsolvable",
            (0, _) => "stopped",
            _ => "solved",
        };
        let stats = output::Stats::Classic(outcome.stats).to_json();
        writeln!(
            out,
            "\",\"status\":\"{status}\",\"stop\":{},\"stats\":{stats}}}",
            serde_json::Value::from(outcome.stop.to_string())
        )?;
        Ok(outcome)
    }
}

/// Writes the stderr lines of `answer` (after what is already on stdout,
/// to keep both in step on one terminal) and its stdout text.
fn write_answer(out: &mut impl Write, answer: &Answer) -> io::Result<()> {
    if !answer.err.is_empty() {
        out.flush()?;
        let mut stderr = io::stderr().lock();
        for line in &answer.err {
            // A closed stderr must not stop the answers on stdout.
            let _ = writeln!(stderr, "{line}");
        }
    }
    out.write_all(answer.out.as_bytes())
}

/// Bytes written into the body of a JSON string, escaped on the way.
struct JsonString<W: Write>(W);

impl<W: Write> Write for JsonString<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut plain = 0;
        for (i, &b) in buf.iter().enumerate() {
            let escape: Option<&[u8]> = match b {
                b'"' => Some(b"\\\""),
                b'\\' => Some(b"\\\\"),
                b'\n' => Some(b"\\n"),
                b'\r' => Some(b"\\r"),
                b'\t' => Some(b"\\t"),
                _ => None,
            };
            if let Some(escape) = escape {
                self.0.write_all(&buf[plain..i])?;
                self.0.write_all(escape)?;
                plain = i + 1;
            } else if b < 0x20 {
                self.0.write_all(&buf[plain..i])?;
                write!(self.0, "\\u{b:04x}")?;
                plain = i + 1;
            }
        }
        self.0.write_all(&buf[plain..])?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}
