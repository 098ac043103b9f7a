//! `sudokit explain`: the numbered steps of a human-style solution, in
//! English or Spanish.

use crate::cli::{Format, HumanArgs};
use crate::commands::human;
use crate::input::Entry;
use crate::output::Answer;
use std::fmt::Write;
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::classic::trace;
use sudokit::logic::explain;
use sudokit::logic::solver::{self, Options, Position, Status};
use sudokit::report;

/// Runs `explain`.
pub fn run(args: &HumanArgs) -> anyhow::Result<ExitCode> {
    let options = human::options(args.techniques.as_deref(), args.fallback)?;
    human::run_batch(&args.common, &options, |entry, grid, options| {
        answer(entry, grid, options, args)
    })
}

fn answer(entry: &Entry, grid: &Grid, options: &Options, args: &HumanArgs) -> Answer {
    let format = args.common.format;
    let lang = human::lang(args.lang);
    let marked = entry.marked(grid);
    if format == Format::Json {
        return human::json_answer(entry, grid, report::explain_object(&marked, options, lang));
    }
    let outcome = match solver::solve_position(&marked, options) {
        Ok(outcome) => outcome,
        Err(e) => return human::failure(entry, grid, &e, lang, format),
    };
    let stuck = outcome.status == Status::Stuck;
    let out = {
        {
            let mut text = String::new();
            let mut pos = Position::of(&marked);
            for (i, step) in outcome.steps.iter().enumerate() {
                if args.candidates {
                    text.push_str(&explain::pencil_marks(&pos.grid, &pos.candidates));
                }
                let _ = writeln!(text, "{}. {}", i + 1, explain::text(step, lang));
                pos.apply_solved(step);
            }
            text.push_str(&ending(stuck, outcome.steps.len(), lang));
            if stuck {
                text.push_str(&explain::pencil_marks(&outcome.grid, &outcome.candidates));
            }
            text.push('\n');
            text
        }
    };
    human::finish(entry, out, stuck)
}

/// The last line of an explanation.
fn ending(stuck: bool, steps: usize, lang: trace::Lang) -> String {
    let steps = match (steps, lang) {
        (1, trace::Lang::En) => "1 step".to_string(),
        (1, trace::Lang::Es) => "1 paso".to_string(),
        (n, trace::Lang::En) => format!("{n} steps"),
        (n, trace::Lang::Es) => format!("{n} pasos"),
    };
    match (stuck, lang) {
        (false, trace::Lang::En) => format!("Solved in {steps}.\n"),
        (false, trace::Lang::Es) => format!("Resuelto en {steps}.\n"),
        (true, trace::Lang::En) => {
            format!("Stuck after {steps}: no allowed technique applies.\n")
        }
        (true, trace::Lang::Es) => {
            format!("Atascado tras {steps}: no se aplica ninguna técnica permitida.\n")
        }
    }
}
