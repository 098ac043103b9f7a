//! `sudokit count`: the number of solutions of each puzzle, up to a limit.

use crate::batch;
use crate::batch::Out;
use crate::cli::{CountArgs, Format};
use crate::input::Entry;
use crate::output;
use crate::position::{self, MARKS_NEED_FAST, Target};
use crate::search::{self, Found, Search};
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
    batch::run(
        args.common.source(),
        args.common.threads,
        format,
        |entry, grid, out| {
            answer(
                entry,
                grid,
                &search,
                args.limit,
                args.search.stats,
                format,
                out,
            )
        },
    )
}

fn answer(
    entry: &Entry,
    grid: &Grid,
    search: &Search,
    limit: u64,
    stats: bool,
    format: Format,
    out: &mut Out,
) {
    let target = Target::of(entry, grid);
    if target.marks.is_some() && !search.takes_marks() {
        return out.answer(output::invalid(entry, Some(grid), MARKS_NEED_FAST, format));
    }
    // One solution past the limit tells "exactly N" from "N or more".
    let found = search.count(&target.grid, target.marks.as_ref(), limit.saturating_add(1));
    // Clashing givens have no solution: only then is it worth looking for
    // the clash, which would cost every valid puzzle a few percent.
    if found.found == 0
        && let Err(conflict) = rules::validate(grid)
    {
        return out.answer(output::invalid(
            entry,
            Some(grid),
            &conflict.to_string(),
            format,
        ));
    }
    let n = found.found.min(limit);
    let problem = search::stop_error(found.stop, found.found, search.max_iterations());
    let exact = found.found <= limit && problem.is_none();
    // A player's position with no solution: its mistakes say why.
    let problem = problem.or_else(|| (n == 0).then(|| position::why_no_solution(entry)).flatten());
    // The puzzle's stderr lines go before its answer.
    match &problem {
        Some(p) => {
            out.fail();
            out.note(entry, p);
        }
        // No solution is a failed puzzle; the printed 0 says why.
        None if n == 0 => out.fail(),
        None => {}
    }
    if stats && format != Format::Json {
        out.note(entry, found.stats.to_text());
    }
    match format {
        // Written straight into the output: `count` runs at the engine's
        // pace, and a `String` per puzzle cost two allocations.
        Format::Line => write_count(out, n, exact),
        Format::Grid => {
            out.push_str(&grid.to_block());
            write_count(out, n, exact);
            out.push_str("\n");
        }
        Format::Json => {
            let text = json(entry, grid, &found, n, exact, problem.as_deref(), stats);
            out.push_str(&text);
        }
    }
}

/// The JSON object of a count.
fn json(
    entry: &Entry,
    grid: &Grid,
    found: &Found,
    n: u64,
    exact: bool,
    problem: Option<&str>,
    stats: bool,
) -> String {
    let mut obj = output::object(entry, Some(grid));
    // A problem with an exact count is why there is no solution (a
    // position's mistakes), not a search cut short.
    let status = match (problem.is_some() && !exact, n) {
        (true, _) => "stopped",
        (false, 0) => "unsolvable",
        (false, _) => "counted",
    };
    obj.insert("status".into(), status.into());
    obj.insert("count".into(), n.into());
    obj.insert("exact".into(), exact.into());
    if let Some(p) = problem {
        obj.insert("error".into(), p.into());
    }
    if stats {
        obj.insert("stats".into(), found.stats.to_json());
    }
    output::json_line(obj)
}

/// The count's line: `N`, or `N+` when there may be more, and a line end.
fn write_count(out: &mut Out, n: u64, exact: bool) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.push_bytes(&digits[at..]);
    out.push_line(if exact { b"" } else { b"+" });
}
