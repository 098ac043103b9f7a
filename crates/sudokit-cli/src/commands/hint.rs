//! `sudokit hint`: only the next human-style step for each grid as given.

use crate::cli::{Format, HintArgs, HumanArgs};
use crate::commands::human;
use crate::input::Entry;
use crate::output::Answer;
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::classic::trace;
use sudokit::logic::explain;
use sudokit::logic::solver::{self, Options, Position, SolvedStep};
use sudokit::report;

/// Runs `hint`.
pub fn run(hint: &HintArgs) -> anyhow::Result<ExitCode> {
    let args = &hint.human;
    let options = human::options(args.techniques.as_deref(), args.fallback)?;
    human::run_batch(&args.common, &options, |entry, grid, options| {
        if hint.all {
            all_steps(entry, grid, options, args)
        } else {
            answer(entry, grid, options, args)
        }
    })
}

/// `hint --all`: every step of every allowed technique at the position,
/// one text line each and an empty line, or a JSON object with them all.
fn all_steps(entry: &Entry, grid: &Grid, options: &Options, args: &HumanArgs) -> Answer {
    let format = args.common.format;
    let lang = human::lang(args.lang);
    let marked = entry.marked(grid);
    if format == Format::Json {
        let made = report::all_steps_object(&marked, options.techniques.as_deref(), lang);
        return human::json_answer(entry, grid, made);
    }
    let steps = match solver::all_steps_position(&marked, options.techniques.as_deref()) {
        Ok(steps) => steps,
        Err(e) => return human::failure(entry, grid, &e, lang, format),
    };
    let steps: Vec<SolvedStep> = steps.into_iter().map(SolvedStep::Step).collect();
    let out = {
        {
            let mut text = String::new();
            if args.candidates {
                let pos = Position::of(&marked);
                text.push_str(&explain::pencil_marks(&pos.grid, &pos.candidates));
            }
            for step in &steps {
                text.push_str(&explain::text(step, lang));
                text.push('\n');
            }
            text.push('\n');
            text
        }
    };
    Answer::ok(out)
}

fn answer(entry: &Entry, grid: &Grid, options: &Options, args: &HumanArgs) -> Answer {
    let format = args.common.format;
    let lang = human::lang(args.lang);
    let marked = entry.marked(grid);
    if format == Format::Json {
        return human::json_answer(entry, grid, report::hint_object(&marked, options, lang));
    }
    let next = match solver::hint_position(&marked, options) {
        Ok(next) => next,
        Err(e) => return human::failure(entry, grid, &e, lang, format),
    };
    let pos = Position::of(&marked);
    let full = pos.grid.is_full();
    let stuck = next.is_none() && !full;
    let out = {
        {
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
    human::finish(entry, out, stuck)
}
