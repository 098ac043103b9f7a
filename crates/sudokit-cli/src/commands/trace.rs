//! `sudokit trace`: the iteration trace of backtracking with deepening, as
//! the source documents print it, or its search tree (DOT or SVG).
//!
//! Puzzles go through [`batch::run`] as in every batch command (`-j`, input
//! order, the common error answers). The text is written event by event
//! into the task's [`Out`], which shows it as it grows, so a trace takes the
//! same memory however long it runs. A tree is drawn at the end and keeps at
//! most `--max-nodes` nodes.

use crate::batch::{self, Out};
use crate::cli::{Format, Lang, TraceArgs, TraceStyle, Tree};
use crate::input::Entry;
use crate::output;
use crate::search::deepening_options;
use std::io::{self, Write};
use std::process::ExitCode;
use sudokit::classic::{Limits, Outcome, Stop, deepening, trace, tree};
use sudokit::{Grid, rules};

/// The most nodes a drawn tree may keep: about 11 MB of nodes and an SVG
/// of some 20 MB.
const MAX_NODES: usize = 100_000;

/// Runs `trace`.
pub fn run(args: &TraceArgs) -> anyhow::Result<ExitCode> {
    if args.limit == 0 {
        anyhow::bail!("--limit must be at least 1");
    }
    match args.max_nodes {
        Some(0) => anyhow::bail!("--max-nodes must be at least 1"),
        Some(n) if n > MAX_NODES => anyhow::bail!(
            "--max-nodes {n}: at most {MAX_NODES} (a larger drawing is too large to view, and its memory would grow with it)"
        ),
        _ => {}
    }
    let mut options = deepening_options(args.select, args.seed, args.techniques.as_deref())?;
    options.limits = Limits {
        max_solutions: (!args.all).then_some(args.limit),
        max_iterations: args.max_iterations,
    };
    let tracer = Tracer { args, options };
    batch::run(
        args.common.source(),
        args.common.threads,
        args.common.format,
        |entry, grid, out| tracer.answer(entry, grid, out),
    )
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

    /// Answers one puzzle: its trace, or the clash of its givens.
    fn answer(&self, entry: &Entry, grid: &Grid, out: &mut Out) {
        if let Err(conflict) = rules::validate(grid) {
            let reason = conflict.to_string();
            return out.answer(output::invalid(entry, Some(grid), &reason, self.format()));
        }
        // Writing into `out` fails only once the output has closed, and
        // then the run is over: nothing is left to say.
        if let Ok(outcome) = self.puzzle(out, entry, grid) {
            // A search that ran to the end without a solution is an error;
            // an iteration limit only shortens a trace.
            if outcome.found == 0 && outcome.stop == Stop::Exhausted {
                out.fail();
                out.note(entry, "no solution");
            }
        }
    }

    /// Traces one valid puzzle to `out` in the chosen form.
    fn puzzle(&self, out: &mut Out, entry: &Entry, grid: &Grid) -> io::Result<Outcome> {
        match self.format() {
            Format::Json => self.json(out, entry, grid),
            Format::Line | Format::Grid => {
                let outcome = self.body(&mut *out, grid)?;
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
    fn body(&self, out: impl Write, grid: &Grid) -> io::Result<Outcome> {
        let lang = match self.args.lang {
            Lang::Es => trace::Lang::Es,
            Lang::En => trace::Lang::En,
        };
        let Some(form) = self.args.tree else {
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
        let (outcome, mut tree) = deepening::tree(grid, &self.options, max_nodes);
        tree.set_lang(lang);
        let drawing = match form {
            Tree::Dot => tree.to_dot(),
            Tree::Svg => tree.to_svg(),
        };
        let mut out = out;
        out.write_all(drawing.as_bytes())?;
        Ok(outcome)
    }

    /// One JSON object, written as it goes: the solutions from a first run
    /// of the search, then the trace (or tree) from a second, identical one
    /// (the search is deterministic, random selection included), so that
    /// neither is held in memory.
    fn json(&self, out: &mut Out, entry: &Entry, grid: &Grid) -> io::Result<Outcome> {
        out.push_str(&output::json_opening(output::object(entry, Some(grid))));
        out.push_str("\"solutions\":[");
        let mut written = 0u64;
        let search = deepening::search(grid, &self.options, &mut |g| {
            if written > 0 {
                out.push_str(",");
            }
            written += 1;
            out.push_str("\"");
            out.push_bytes(&g.to_line_bytes());
            out.push_str("\"");
            out.checkpoint()
        });
        if search.stop == Stop::Cancelled {
            return Err(batch::stopped());
        }
        let key = if self.args.tree.is_some() {
            "tree"
        } else {
            "trace"
        };
        write!(out, "],\"{key}\":\"")?;
        let outcome = self.body(JsonString(&mut *out), grid)?;
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
