//! `sudokit hint`: only the next human-style step for each grid as given.

use crate::batch;
use crate::cli::{Format, HumanArgs};
use crate::commands::explain::{candidates_json, insert_grade, lang, options, steps_json};
use crate::input::{self, Entry};
use crate::output::{self, Answer};
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::classic::trace;
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::explain;
use sudokit::logic::solver::{self, Options, Position};

/// Runs `hint`.
pub fn run(args: &HumanArgs) -> anyhow::Result<ExitCode> {
    let options = options(args.techniques.as_deref(), args.fallback)?;
    let entries = input::read_all(&args.common.inputs, args.common.input_format);
    crate::with_threads(args.common.threads, || {
        batch::run(&entries, args.common.format, |entry, grid| {
            answer(entry, grid, &options, args)
        })
    })
}

fn answer(entry: &Entry, grid: &Grid, options: &Options, args: &HumanArgs) -> Answer {
    let format = args.common.format;
    let lang = lang(args.lang);
    let next = match solver::hint(grid, options) {
        Ok(next) => next,
        Err(e) => return output::invalid(entry, Some(grid), &e.to_string(), format),
    };
    let pos = Position::new(grid);
    let full = grid.is_full();
    let stuck = next.is_none() && !full;
    let out = match format {
        Format::Json => {
            let mut obj = output::object(entry, Some(grid));
            obj.insert("solved".into(), full.into());
            let plain = Options {
                fallback: false,
                ..options.clone()
            };
            if let Ok(g) = grade::grade(grid, &GradeOptions { solver: plain }) {
                insert_grade(&mut obj, &g);
            }
            obj.insert("steps".into(), steps_json(next.as_slice(), lang));
            if stuck {
                obj.insert("stuck".into(), true.into());
                obj.insert(
                    "candidates".into(),
                    candidates_json(&pos.grid, &pos.candidates),
                );
            }
            output::json_line(obj)
        }
        Format::Line | Format::Grid => {
            let mut text = String::new();
            if args.candidates || stuck {
                text.push_str(&explain::pencil_marks(&pos.grid, &pos.candidates));
            }
            let line = match (&next, lang) {
                (Some(step), _) => explain::text(step, lang),
                (None, trace::Lang::En) if full => "The grid is already solved.".into(),
                (None, trace::Lang::Es) if full => "La cuadrícula ya está resuelta.".into(),
                (None, trace::Lang::En) => "Stuck: no allowed technique applies.".into(),
                (None, trace::Lang::Es) => {
                    "Atascado: no se aplica ninguna técnica permitida.".into()
                }
            };
            text.push_str(&line);
            text.push('\n');
            if args.candidates || stuck {
                text.push('\n');
            }
            text
        }
    };
    if stuck {
        Answer::failed(out).note(entry, "stuck: no allowed technique applies")
    } else {
        Answer::ok(out)
    }
}
