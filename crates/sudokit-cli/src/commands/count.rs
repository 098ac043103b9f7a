//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use crate::batch;
use crate::cli::{CountArgs, Format};
use crate::input::Entry;
use crate::output::{self, Answer};
use crate::search::{self, Search};
use anyhow::bail;
use std::process::ExitCode;
use sudokit::{Grid, rules};

/// Runs `count`.
pub fn run(args: &CountArgs) -> anyhow::Result<ExitCode> {
    if args.limit == 0 {
        bail!("--limit must be at least 1");
    }
    let search = Search::new(&args.search.algorithm)?.timed(args.search.stats);
    let format = args.common.format;
    batch::run_answers(
        args.common.source(),
        args.common.threads,
        format,
        |entry, grid| answer(entry, grid, &search, args.limit, args.search.stats, format),
    )
}

fn answer(
    entry: &Entry,
    grid: &Grid,
    search: &Search,
    limit: u64,
    stats: bool,
    format: Format,
) -> Answer {
    // One solution past the limit tells "exactly N" from "N or more".
    let found = search.count(grid, limit.saturating_add(1));
    // Clashing givens have no solution: only then is it worth looking for
    // the clash, which would cost every valid puzzle a few percent.
    if found.found == 0
        && let Err(conflict) = rules::validate(grid)
    {
        return output::invalid(entry, Some(grid), &conflict.to_string(), format);
    }
    let n = found.found.min(limit);
    let problem = search::stop_error(found.stop, found.found, search.max_iterations());
    let exact = found.found <= limit && problem.is_none();
    let text = if exact {
        n.to_string()
    } else {
        format!("{n}+")
    };
    let out = match format {
        Format::Line => text + "\n",
        Format::Grid => format!("{}{text}\n\n", grid.to_block()),
        Format::Json => {
            let mut obj = output::object(entry, Some(grid));
            let status = match (&problem, n) {
                (Some(_), _) => "stopped",
                (None, 0) => "unsolvable",
                (None, _) => "counted",
            };
            obj.insert("status".into(), status.into());
            obj.insert("count".into(), n.into());
            obj.insert("exact".into(), exact.into());
            if let Some(p) = &problem {
                obj.insert("error".into(), p.as_str().into());
            }
            if stats {
                obj.insert("stats".into(), found.stats.to_json());
            }
            output::json_line(obj)
        }
    };
    let mut answer = match problem {
        Some(p) => Answer::failed(out).note(entry, p),
        // No solution is a failed puzzle; the printed 0 says why.
        None => Answer {
            failed: n == 0,
            ..Answer::ok(out)
        },
    };
    if stats && format != Format::Json {
        answer = answer.note(entry, found.stats.to_text());
    }
    answer
}
