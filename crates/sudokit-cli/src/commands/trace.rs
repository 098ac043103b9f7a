//! `sudokit trace`: the iteration trace of backtracking with deepening, as
//! the source documents print it, or its search tree (DOT or SVG).

use crate::batch;
use crate::cli::{Format, Lang, TraceArgs, Tree};
use crate::input::Entry;
use crate::output::{self, Answer};
use crate::search::deepening_options;
use serde_json::Value;
use std::process::ExitCode;
use sudokit::classic::{Limits, Stop, deepening, trace};
use sudokit::{Grid, rules};

/// Runs `trace`.
pub fn run(args: &TraceArgs) -> anyhow::Result<ExitCode> {
    if args.limit == 0 {
        anyhow::bail!("--limit must be at least 1");
    }
    let mut options = deepening_options(args.select, args.seed, args.techniques.as_deref())?;
    options.limits = Limits {
        max_solutions: (!args.all).then_some(args.limit),
        max_iterations: args.max_iterations,
    };
    let format = args.common.format;
    batch::run_answers(
        args.common.source(),
        args.common.threads,
        format,
        |entry, grid| answer(entry, grid, &options, args, format),
    )
}

fn answer(
    entry: &Entry,
    grid: &Grid,
    options: &deepening::Options,
    args: &TraceArgs,
    format: Format,
) -> Answer {
    if let Err(conflict) = rules::validate(grid) {
        return output::invalid(entry, Some(grid), &conflict.to_string(), format);
    }
    let (report, trace) = deepening::trace(grid, options);
    let mut text = match args.tree {
        None => trace.to_text(match args.lang {
            Lang::Es => trace::Lang::Es,
            Lang::En => trace::Lang::En,
        }),
        Some(Tree::Dot) => trace.to_dot(),
        Some(Tree::Svg) => trace.to_svg(),
    };
    if !text.ends_with('\n') {
        text.push('\n');
    }
    // An iteration limit is how one asks for the first steps only: not an
    // error here. A search that ran to the end without a solution is one.
    let unsolvable = report.solutions.is_empty() && report.stop == Stop::Exhausted;
    let out = match format {
        // Text traces are separated by an empty line; trees are documents
        // of their own (several DOT graphs in one file are fine for `dot`).
        Format::Line | Format::Grid if args.tree.is_none() => text + "\n",
        Format::Line | Format::Grid => text,
        Format::Json => {
            let mut obj = output::object(entry, Some(grid));
            let status = if unsolvable {
                "unsolvable"
            } else if report.solutions.is_empty() {
                "stopped"
            } else {
                "solved"
            };
            obj.insert("status".into(), status.into());
            let solutions: Vec<Value> = report
                .solutions
                .iter()
                .map(|g| g.to_line().into())
                .collect();
            obj.insert("solutions".into(), solutions.into());
            obj.insert("stop".into(), report.stop.to_string().into());
            obj.insert(
                if args.tree.is_some() { "tree" } else { "trace" }.into(),
                text.into(),
            );
            obj.insert(
                "stats".into(),
                output::Stats::Classic(report.stats).to_json(),
            );
            output::json_line(obj)
        }
    };
    if unsolvable {
        Answer::failed(out).note(entry, "no solution")
    } else {
        Answer::ok(out)
    }
}
