//! `sudokit solve`: the solution of each puzzle, or several with `--limit` / `--all`.

use crate::batch;
use crate::cli::{Format, SolveArgs};
use crate::input::{self, Entry};
use crate::output::{self, Answer};
use crate::search::{self, Search};
use anyhow::bail;
use serde_json::Value;
use std::process::ExitCode;
use sudokit::classic::Stop;
use sudokit::{Grid, rules};

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
        search: Search::new(&args.search.algorithm)?,
        max: if args.all {
            None
        } else {
            Some(args.limit.unwrap_or(1))
        },
        many: args.all || args.limit.is_some(),
        stats: args.search.stats,
        format: args.common.format,
    };
    let entries = input::read_all(&args.common.inputs, args.common.input_format);
    crate::with_threads(args.common.threads, || {
        batch::run(&entries, plan.format, |entry, grid| {
            plan.answer(entry, grid)
        })
    })
}

impl Plan {
    fn answer(&self, entry: &Entry, grid: &Grid) -> Answer {
        if let Err(conflict) = rules::validate(grid) {
            return output::invalid(entry, Some(grid), &conflict.to_string(), self.format);
        }
        // A proper puzzle has one solution: when printing one, the fast
        // engine also looks for a second, so that an ambiguous puzzle is
        // flagged rather than silently given one of its answers.
        let probe = !self.many && self.search.is_fast();
        let mut found = self
            .search
            .run(grid, if probe { Some(2) } else { self.max });
        let ambiguous = probe && found.solutions.len() > 1;
        if probe {
            found.solutions.truncate(1);
        }
        let n = found.solutions.len();
        let problem = search::stop_error(found.stop, n, self.search.max_iterations())
            .or_else(|| (n == 0).then(|| "no solution".to_string()));
        let out = match self.format {
            Format::Line | Format::Grid => {
                let mut out: String = found
                    .solutions
                    .iter()
                    .map(|g| output::grid_text(g, self.format))
                    .collect();
                // Line N of the output answers puzzle N: an unsolved puzzle
                // still gets its (empty) line, a list its closing empty line.
                if self.format == Format::Line && (self.many || n == 0) {
                    out.push('\n');
                }
                out
            }
            Format::Json => {
                let mut obj = output::object(entry, Some(grid));
                let status = match (&problem, n) {
                    (None, _) => "solved",
                    (Some(_), 0) if (found.stop == Stop::Exhausted) => "unsolvable",
                    (Some(_), _) => "stopped",
                };
                obj.insert("status".into(), status.into());
                let lines: Vec<Value> =
                    found.solutions.iter().map(|g| g.to_line().into()).collect();
                if ambiguous {
                    obj.insert("unique".into(), false.into());
                }
                if self.many {
                    obj.insert("count".into(), n.into());
                    obj.insert("complete".into(), (found.stop == Stop::Exhausted).into());
                    obj.insert("solutions".into(), lines.into());
                } else {
                    obj.insert(
                        "solution".into(),
                        lines.into_iter().next().unwrap_or(Value::Null),
                    );
                }
                if let Some(p) = &problem {
                    obj.insert("error".into(), p.as_str().into());
                }
                if self.stats {
                    obj.insert("stats".into(), found.stats.to_json());
                }
                output::json_line(obj)
            }
        };
        let mut answer = match problem {
            Some(p) => Answer::failed(out).note(entry, p),
            None => Answer::ok(out),
        };
        if ambiguous {
            answer = answer.note(
                entry,
                "more than one solution; printed the first (see --limit, --all)",
            );
        }
        if self.stats && self.format != Format::Json {
            answer = answer.note(entry, found.stats.to_text());
        }
        answer
    }
}
