//! What `explain`, `hint` and `grade` share: the solver options from
//! `--techniques` (a list, or `+NAME` items added to the default set) and
//! `--fallback`, the run over a batch, the JSON object of a
//! puzzle with its grade, and the JSON of steps.

use crate::batch;
use crate::cli::Format;
use crate::cli::{Common, Lang};
use crate::input::Entry;
use crate::output::{self, Answer};
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::classic::trace;
use sudokit::grade::Grade;
use sudokit::logic::solver::{Invalid, Options};

/// The solver options from `--techniques` and `--fallback`.
pub fn options(techniques: Option<&str>, fallback: bool) -> anyhow::Result<Options> {
    let options = match techniques {
        Some(list) => Options::parse(list).map_err(|e| {
            anyhow::anyhow!(
                "--techniques: {}",
                crate::commands::techniques::with_hint(e)
            )
        })?,
        None => Options::default(),
    };
    Ok(Options {
        fallback,
        ..options
    })
}

/// The library's language for the CLI's.
pub fn lang(lang: Lang) -> trace::Lang {
    match lang {
        Lang::En => trace::Lang::En,
        Lang::Es => trace::Lang::Es,
    }
}

/// Reads the inputs of `common` and answers each grid with `answer` (given
/// the solver options), on the threads asked for, in input order.
pub fn run_batch<F>(common: &Common, options: &Options, answer: F) -> anyhow::Result<ExitCode>
where
    F: Fn(&Entry, &Grid, &Options) -> Answer + Sync,
{
    batch::run_answers(
        common.source(),
        common.threads,
        common.format,
        |entry, grid| answer(entry, grid, options),
    )
}

/// The answer for `out`: a failure with a note on stderr when the solver got
/// stuck (exit code 1), a success otherwise.
pub fn finish(entry: &Entry, out: String, stuck: bool) -> Answer {
    if stuck {
        Answer::failed(out).note(entry, "stuck: no allowed technique applies")
    } else {
        Answer::ok(out)
    }
}

/// The JSON answer of a library object (stuck, or a position with
/// mistakes, when its `status` says so), or the error line of a puzzle
/// without exactly one solution.
pub fn json_answer(
    entry: &Entry,
    grid: &Grid,
    made: Result<serde_json::Map<String, serde_json::Value>, Invalid>,
) -> Answer {
    match made {
        Ok(obj) => {
            let stuck = obj["status"] == "stuck";
            let mistaken = obj["status"] == "mistakes";
            let out = output::json_line(output::located(entry, obj));
            if mistaken {
                Answer::failed(out).note(entry, MISTAKES_NOTE)
            } else {
                finish(entry, out, stuck)
            }
        }
        Err(e) => output::invalid(entry, Some(grid), &e.to_string(), Format::Json),
    }
}

/// The note on stderr for a position with mistakes.
const MISTAKES_NOTE: &str = "the position has mistakes";

/// The answer to a player's position, or a failure: the mistakes first
/// (one sentence, exit code 1), else the error line of a position without
/// exactly one solution.
pub fn failure(
    entry: &Entry,
    grid: &Grid,
    error: &Invalid,
    lang: trace::Lang,
    format: Format,
) -> Answer {
    match error {
        Invalid::Mistakes(mistakes) => {
            let word = match lang {
                trace::Lang::En => "Mistakes",
                trace::Lang::Es => "Errores",
            };
            let out = format!("{word}: {}.\n", mistakes.text(lang));
            Answer::failed(out).note(entry, MISTAKES_NOTE)
        }
        other => output::invalid(entry, Some(grid), &other.to_string(), format),
    }
}

/// `stuck after hidden-pair` (the last technique the grader applied), or
/// `stuck at the start` when it found no step at all.
pub fn stuck_after(g: &Grade) -> String {
    match g.steps.last() {
        Some(step) => format!("stuck after {}", step.name()),
        None => "stuck at the start".to_string(),
    }
}

pub use sudokit::report::insert_grade;
