//! The source documents' algorithms on a puzzle: backtracking, branch and
//! bound, and backtracking with deepening, with their statistics; for
//! deepening also the iteration trace, the search tree and the boards of
//! its first events, to replay the search on the board.

use crate::api::{Request, grid, lang, opt_text, opt_u64};
use serde_json::{Value, json};
use std::ops::ControlFlow;
use sudokit::Grid;
use sudokit::classic::branch_bound::{DEFAULT_MEMORY_CAP, MemoryBudget};
use sudokit::classic::trace::{self, Style, TextWriter, Verdict};
use sudokit::classic::{Limits, Outcome, backtracking, branch_bound, deepening, tree};
use sudokit::logic::parse_techniques;

/// Solutions listed in an answer at most (the count is exact).
const MAX_LISTED: usize = 100;
/// Events whose boards an answer carries at most.
const MAX_EVENTS: usize = 2000;
/// Bytes of trace text an answer carries at most.
const MAX_TRACE: usize = 1 << 20;
/// Iterations when the request sets no limit: the page must not hang.
const DEFAULT_ITERATIONS: u64 = 1_000_000;

/// Runs `algorithm` (`backtracking`, `branch-and-bound`, `deepening`) with
/// `max_solutions` (default 2), `max_iterations`, and for deepening
/// `select`, `seed`, `techniques`, `max_nodes`.
pub(crate) fn run(req: &Request) -> Result<Value, String> {
    let puzzle = grid(req, "puzzle")?;
    let limits = Limits {
        max_solutions: Some(opt_u64(req, "max_solutions")?.unwrap_or(2).max(1)),
        max_iterations: Some(opt_u64(req, "max_iterations")?.unwrap_or(DEFAULT_ITERATIONS)),
    };
    let mut solutions = Vec::new();
    let mut keep = |g: &Grid| {
        if solutions.len() < MAX_LISTED {
            solutions.push(g.to_line());
        }
        ControlFlow::Continue(())
    };
    let algorithm = opt_text(req, "algorithm")?.unwrap_or("deepening");
    let mut answer = match algorithm {
        "backtracking" => outcome_json(&backtracking::search(&puzzle, limits, &mut keep)),
        "branch-and-bound" => {
            let budget = MemoryBudget::new(DEFAULT_MEMORY_CAP / 4);
            outcome_json(&branch_bound::search(&puzzle, limits, &budget, &mut keep))
        }
        "deepening" => return deepening_run(req, &puzzle, limits),
        other => return Err(format!("unknown algorithm '{other}'")),
    };
    answer["algorithm"] = algorithm.into();
    answer["solutions"] = solutions.into();
    Ok(answer)
}

fn outcome_json(outcome: &Outcome) -> Value {
    let s = &outcome.stats;
    json!({
        "found": outcome.found,
        "stop": outcome.stop.to_string(),
        "stats": {
            "nodes": s.nodes, "iterations": s.iterations, "dead_ends": s.dead_ends,
            "max_depth": s.max_depth, "peak_live_nodes": s.peak_live_nodes,
            "peak_memory_bytes": s.peak_memory_bytes,
        },
    })
}

/// Deepening: one run for the solutions, the trace text and the replay's
/// events, one for the tree (the search is deterministic), both in the
/// request's `lang`.
fn deepening_run(req: &Request, puzzle: &Grid, limits: Limits) -> Result<Value, String> {
    let options = deepening::Options {
        select: opt_text(req, "select")?.map_or(Ok(Default::default()), str::parse)?,
        seed: opt_u64(req, "seed")?.unwrap_or(0),
        techniques: match opt_text(req, "techniques")? {
            Some(list) => parse_techniques(list)?,
            None => deepening::Options::default().techniques,
        },
        limits,
    };
    let lang = lang(req)?;
    let mut writer = TextWriter::new(Capped(Vec::new()), lang, Style::Document);
    let mut events = Vec::new();
    let mut solutions = Vec::new();
    let outcome = deepening::trace(puzzle, &options, &mut |e| {
        if events.len() < MAX_EVENTS {
            events.push(event_json(e));
        }
        if e.verdict == Verdict::Solution && solutions.len() < MAX_LISTED {
            solutions.push(e.board.to_line());
        }
        writer.event(e)
    });
    let text = writer.finish(&outcome).map_err(|e| e.to_string())?.0;
    let max_nodes = opt_u64(req, "max_nodes")?.map_or(tree::DEFAULT_MAX_NODES, |n| {
        usize::try_from(n).unwrap_or(usize::MAX).max(1)
    });
    let (_, drawing) = deepening::tree(puzzle, &options, max_nodes);
    let drawing = drawing.with_lang(lang);
    let mut answer = outcome_json(&outcome);
    answer["algorithm"] = "deepening".into();
    answer["solutions"] = solutions.into();
    answer["summary"] = trace::summary(&outcome, lang).into();
    answer["trace"] = String::from_utf8_lossy(&text).into();
    answer["trace_truncated"] = (text.len() >= MAX_TRACE).into();
    answer["events"] = events.into();
    answer["tree"] = drawing.to_svg().into();
    Ok(answer)
}

fn event_json(e: &trace::Event<'_>) -> Value {
    let verdict = match e.verdict {
        Verdict::Open => "open",
        Verdict::Failed => "failed",
        Verdict::Solution => "solution",
    };
    json!({
        "iteration": e.iteration, "depth": e.depth,
        "cell": e.trial.map(|(c, _)| c.to_string()),
        "digit": e.trial.map(|(_, d)| d.get()),
        "verdict": verdict, "board": e.board.to_line(),
    })
}

/// A buffer that keeps the first [`MAX_TRACE`] bytes and drops the rest
/// (the search goes on: its summary line still counts everything).
struct Capped(Vec<u8>);

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let room = MAX_TRACE.saturating_sub(self.0.len());
        self.0.extend_from_slice(&buf[..buf.len().min(room)]);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
