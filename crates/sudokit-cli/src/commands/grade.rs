//! `sudokit grade`: level, score, rating and hardest technique per puzzle.

use crate::cli::{Format, GradeArgs};
use crate::commands::human;
use crate::input::Entry;
use crate::output::{self, Answer};
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::Invalid;
use sudokit::report;

/// Runs `grade`.
pub fn run(args: &GradeArgs) -> anyhow::Result<ExitCode> {
    let solver = human::options(args.techniques.as_deref(), false)?;
    human::run_batch(&args.common, &solver, |entry, grid, solver| {
        let options = GradeOptions {
            solver: solver.clone(),
        };
        answer(entry, grid, &options, args)
    })
}

fn answer(entry: &Entry, grid: &Grid, options: &GradeOptions, args: &GradeArgs) -> Answer {
    let format = args.common.format;
    let lang = human::lang(args.lang);
    let marked = entry.marked(grid);
    let g = match grade::grade_position(&marked, options) {
        Ok(g) => g,
        Err(Invalid::Mistakes(m)) if format == Format::Json => {
            let obj = report::mistakes_object(&marked, &m, lang);
            return human::json_answer(entry, grid, Ok(obj));
        }
        Err(e) => return human::failure(entry, grid, &e, lang, format),
    };
    let out = match format {
        Format::Json => {
            let obj = report::grade_object(&marked, &g, lang);
            output::json_line(output::located(entry, obj))
        }
        Format::Line | Format::Grid => line(&g),
    };
    // A puzzle beyond the techniques still has its grade (Extreme): not an error.
    Answer::ok(out)
}

/// `level  score  rating  hardest  ED=ER/EP/ED` (the rating is SE's ER;
/// the last column SE's three ratings as `serate` prints them, after the
/// columns of the command-line contract), or for a puzzle the techniques
/// cannot finish `unfinished  -  >R  stuck after LAST  ED=>R/EP/ED`
/// (HoDoKu's give-up score and the hardest step so far would read as a
/// real grade).
fn line(g: &grade::Grade) -> String {
    if g.solved {
        let hardest = g.hardest.map_or("-", |t| t.name());
        format!(
            "{}\t{}\t{}\t{hardest}\t{}\n",
            g.level, g.score, g.rating, g.se
        )
    } else {
        let stuck = human::stuck_after(g);
        format!("unfinished\t-\t{}\t{stuck}\t{}\n", g.rating, g.se)
    }
}
