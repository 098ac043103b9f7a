//! `sudokit solve`: the solution of each puzzle, or several with `--limit` / `--all`.

use crate::batch;
use crate::batch::Out;
use crate::cli::{Format, SolveArgs};
use crate::input::Entry;
use crate::output::{self, Stats};
use crate::position::{self, MARKS_NEED_FAST, Target};
use crate::search::{self, Found, Search};
use anyhow::bail;
use serde_json::Value;
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudokit::classic::Stop;
use sudokit::{Grid, engine, rules};

/// How each puzzle is solved and printed.
struct Plan {
    search: Search,
    /// Solutions wanted; `None` for every one.
    max: Option<u64>,
    /// Whether several solutions are printed (`--limit` or `--all`), each
    /// puzzle's list ending with an empty line.
    many: bool,
    stats: bool,
    format: Format,
}

/// Runs `solve`.
pub fn run(args: &SolveArgs) -> anyhow::Result<ExitCode> {
    if args.limit == Some(0) {
        bail!("--limit must be at least 1");
    }
    let plan = Plan {
        search: Search::new(&args.search.algorithm)?.timed(args.search.stats),
        max: if args.all {
            None
        } else {
            Some(args.limit.unwrap_or(1))
        },
        many: args.all || args.limit.is_some(),
        stats: args.search.stats,
        format: args.common.format,
    };
    batch::run(
        args.common.source(),
        args.common.threads,
        plan.format,
        |entry, grid, out| plan.answer(entry, grid, out),
    )
}

impl Plan {
    fn answer(&self, entry: &Entry, grid: &Grid, out: &mut Out) {
        let target = Target::of(entry, grid);
        if target.marks.is_some() && !self.search.takes_marks() {
            return out.answer(output::invalid(
                entry,
                Some(grid),
                MARKS_NEED_FAST,
                self.format,
            ));
        }
        if self.many {
            if let Err(conflict) = rules::validate(grid) {
                let reason = conflict.to_string();
                return out.answer(output::invalid(entry, Some(grid), &reason, self.format));
            }
            self.stream(entry, grid, &target, out);
        } else {
            self.one(entry, grid, &target, out);
        }
    }

    /// One solution; the fast engine also looks for a second, so that an
    /// ambiguous puzzle is flagged rather than silently given one answer.
    fn one(&self, entry: &Entry, grid: &Grid, target: &Target, out: &mut Out) {
        let (first, found) = self.first(target);
        // Clashing givens have no solution: only then is it worth looking
        // for the clash, which would cost every valid puzzle a few percent.
        if found.found == 0
            && let Err(conflict) = rules::validate(grid)
        {
            let reason = conflict.to_string();
            return out.answer(output::invalid(entry, Some(grid), &reason, self.format));
        }
        let ambiguous = found.found > 1;
        let problem = self.problem(entry, &found);
        let status = status(&found, problem.as_deref());
        if problem.is_some() {
            out.fail();
        }
        match self.format {
            Format::Line | Format::Grid => match (&first, &problem) {
                (Some(g), _) => write_grid(out, g, self.format),
                // Line N of the output answers puzzle N: an unsolved puzzle
                // still gets its (empty) line, or its comment in grid format.
                (None, _) if self.format == Format::Line => out.push_str("\n"),
                (None, p) => out.push_str(&output::grid_comment(p.as_deref().unwrap_or(""))),
            },
            Format::Json => {
                let mut obj = output::object(entry, Some(grid));
                obj.insert("status".into(), status.into());
                obj.insert(
                    "solution".into(),
                    first.as_ref().map_or(Value::Null, |g| g.to_line().into()),
                );
                if ambiguous {
                    obj.insert("unique".into(), false.into());
                }
                self.finish_json(&mut obj, &found, problem.as_deref());
                out.push_str(&output::json_line(obj));
            }
        }
        if let Some(p) = &problem {
            out.note(entry, p);
        }
        if ambiguous {
            out.note(
                entry,
                "more than one solution; printed the first (see --limit, --all)",
            );
        }
        self.stats_note(entry, &found, out);
    }

    /// The first solution and the search's report: with the fast engine, one
    /// search that counts up to two (no iterator between the two solutions,
    /// no grid built for the second); with a classic algorithm, a search
    /// for one.
    fn first(&self, target: &Target) -> (Option<Grid>, Found) {
        let grid = &target.grid;
        if self.search.is_fast() {
            let start = self.stats.then(Instant::now);
            let solved = match &target.marks {
                Some(marks) => engine::solve_and_count_with_candidates(grid, marks, 2),
                None => engine::solve_and_count(grid, 2),
            };
            let found = Found {
                found: solved.count,
                stop: if solved.count >= 2 {
                    Stop::SolutionLimit
                } else {
                    Stop::Exhausted
                },
                stats: Stats::Fast {
                    stats: solved.stats,
                    time: start.map_or(Duration::ZERO, |s| s.elapsed()),
                },
            };
            return (solved.solution, found);
        }
        let mut first = None;
        let found = self.search.run(grid, None, Some(1), &mut |g| {
            first = Some(*g);
            ControlFlow::Continue(())
        });
        (first, found)
    }

    /// Up to `max` solutions, each printed as it is found. In JSON the
    /// object is written around them: its fields, the solutions, then what
    /// is known only at the end (count, completeness, status).
    fn stream(&self, entry: &Entry, grid: &Grid, target: &Target, out: &mut Out) {
        let json = self.format == Format::Json;
        if json {
            out.push_str(&output::json_opening(output::object(entry, Some(grid))));
            out.push_str("\"solutions\":[");
        }
        let format = self.format;
        let mut n = 0u64;
        let found = self
            .search
            .run(&target.grid, target.marks.as_ref(), self.max, &mut |g| {
                if json {
                    if n > 0 {
                        out.push_str(",");
                    }
                    out.push_str("\"");
                    out.push_str(&g.to_line());
                    out.push_str("\"");
                } else {
                    write_grid(out, g, format);
                }
                n += 1;
                out.checkpoint()
            });
        let problem = self.problem(entry, &found);
        if problem.is_some() {
            out.fail();
        }
        if json {
            let mut tail = serde_json::Map::new();
            tail.insert("count".into(), found.found.into());
            tail.insert("complete".into(), (found.stop == Stop::Exhausted).into());
            tail.insert("status".into(), status(&found, problem.as_deref()).into());
            self.finish_json(&mut tail, &found, problem.as_deref());
            let tail = output::json_line(tail);
            // `{...}\n` becomes `],...}\n`.
            out.push_str("],");
            out.push_str(&tail[1..]);
        } else if self.format == Format::Line {
            // Each puzzle's list ends with an empty line.
            out.push_str("\n");
        } else {
            // ... and in grid format with a comment that says how many.
            let mut summary = match found.found {
                1 => "1 solution".to_string(),
                n => format!("{n} solutions"),
            };
            if found.stop == Stop::SolutionLimit {
                summary.push_str(" (the limit; there may be more)");
            }
            if let Some(p) = &problem {
                summary = format!("{summary}: {p}");
            }
            out.push_str(&output::grid_comment(&summary));
        }
        if let Some(p) = &problem {
            out.note(entry, p);
        }
        self.stats_note(entry, &found, out);
    }

    /// What went wrong: a limit cut the search short, or there is no
    /// solution (for a player's position, because of its mistakes).
    fn problem(&self, entry: &Entry, found: &Found) -> Option<String> {
        search::stop_error(found.stop, found.found, self.search.max_iterations()).or_else(|| {
            (found.found == 0).then(|| match position::why_no_solution(entry) {
                Some(why) => format!("no solution: {why}"),
                None => "no solution".to_string(),
            })
        })
    }

    fn finish_json(
        &self,
        obj: &mut serde_json::Map<String, Value>,
        found: &Found,
        problem: Option<&str>,
    ) {
        if let Some(p) = problem {
            obj.insert("error".into(), p.into());
        }
        if self.stats {
            obj.insert("stats".into(), found.stats.to_json());
        }
    }

    fn stats_note(&self, entry: &Entry, found: &Found, out: &mut Out) {
        if self.stats && self.format != Format::Json {
            out.note(entry, found.stats.to_text());
        }
    }
}

/// The JSON status of a search.
fn status(found: &Found, problem: Option<&str>) -> &'static str {
    match (problem, found.found) {
        (None, _) => "solved",
        (Some(_), 0) if found.stop == Stop::Exhausted => "unsolvable",
        (Some(_), _) => "stopped",
    }
}

fn write_grid(out: &mut Out, grid: &Grid, format: Format) {
    match format {
        Format::Line => out.push_line(&grid.to_line_bytes()),
        _ => out.push_str(&output::grid_text(grid, format)),
    }
}
