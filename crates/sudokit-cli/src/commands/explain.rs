//! `sudokit explain`: the numbered steps of a human-style solution, in
//! English or Spanish; also the pieces `hint` and `grade` share (options,
//! the JSON of steps and grades).

use crate::batch;
use crate::cli::{Format, HumanArgs, Lang};
use crate::input::{self, Entry};
use crate::output::{self, Answer};
use serde_json::{Map, Value, json};
use std::fmt::Write;
use std::process::ExitCode;
use sudokit::classic::trace;
use sudokit::grade::{self, Grade, GradeOptions, Rating};
use sudokit::logic::explain;
use sudokit::logic::solver::{self, Options, Position, SolvedStep, Status};
use sudokit::{Grid, logic};

/// The solver options from `--techniques` and `--fallback`.
pub fn options(techniques: Option<&str>, fallback: bool) -> anyhow::Result<Options> {
    let techniques = match techniques {
        Some(list) => Some(logic::parse_techniques(list).map_err(anyhow::Error::msg)?),
        None => None,
    };
    Ok(Options {
        techniques,
        fallback,
    })
}

/// The library's language for the CLI's.
pub fn lang(lang: Lang) -> trace::Lang {
    match lang {
        Lang::En => trace::Lang::En,
        Lang::Es => trace::Lang::Es,
    }
}

/// Runs `explain`.
pub fn run(args: &HumanArgs) -> anyhow::Result<ExitCode> {
    let options = options(args.techniques.as_deref(), args.fallback)?;
    let format = args.common.format;
    let entries = input::read_all(&args.common.inputs, args.common.input_format);
    crate::with_threads(args.common.threads, || {
        batch::run(&entries, format, |entry, grid| {
            answer(entry, grid, &options, args)
        })
    })
}

fn answer(entry: &Entry, grid: &Grid, options: &Options, args: &HumanArgs) -> Answer {
    let format = args.common.format;
    let lang = lang(args.lang);
    let outcome = match solver::solve(grid, options) {
        Ok(outcome) => outcome,
        Err(e) => return output::invalid(entry, Some(grid), &e.to_string(), format),
    };
    let stuck = outcome.status == Status::Stuck;
    let out = match format {
        Format::Json => {
            let graded = grade::grade(
                grid,
                &GradeOptions {
                    solver: Options {
                        fallback: false,
                        ..options.clone()
                    },
                },
            )
            .ok();
            let mut obj = output::object(entry, Some(grid));
            obj.insert("solved".into(), (!stuck).into());
            if let Some(g) = &graded {
                insert_grade(&mut obj, g);
            }
            obj.insert("steps".into(), steps_json(&outcome.steps, lang));
            if stuck {
                obj.insert(
                    "stuck".into(),
                    json!({"grid": outcome.grid.to_line(),
                           "candidates": candidates_json(&outcome.grid, &outcome.candidates)}),
                );
            }
            output::json_line(obj)
        }
        Format::Line | Format::Grid => {
            let mut text = String::new();
            let mut pos = Position::new(grid);
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
    if stuck {
        Answer::failed(out).note(entry, "stuck: no allowed technique applies")
    } else {
        Answer::ok(out)
    }
}

/// The last line of an explanation.
fn ending(stuck: bool, steps: usize, lang: trace::Lang) -> String {
    match (stuck, lang) {
        (false, trace::Lang::En) => format!("Solved in {steps} steps.\n"),
        (false, trace::Lang::Es) => format!("Resuelto en {steps} pasos.\n"),
        (true, trace::Lang::En) => {
            format!("Stuck after {steps} steps: no allowed technique applies.\n")
        }
        (true, trace::Lang::Es) => {
            format!("Atascado tras {steps} pasos: no se aplica ninguna técnica permitida.\n")
        }
    }
}

/// Adds `level`, `score`, `rating` (and `rating_text`) and `hardest`.
pub fn insert_grade(obj: &mut Map<String, Value>, g: &Grade) {
    obj.insert("level".into(), g.level.name().into());
    obj.insert("score".into(), g.score.into());
    obj.insert("rating".into(), g.rating.value().into());
    obj.insert("rating_text".into(), g.rating.to_string().into());
    if matches!(g.rating, Rating::Beyond(_)) {
        obj.insert("rating_beyond".into(), true.into());
    }
    obj.insert(
        "hardest".into(),
        g.hardest.map(|t| t.name()).map_or(Value::Null, Value::from),
    );
}

/// The `steps` array of the JSON schema.
pub fn steps_json(steps: &[SolvedStep], lang: trace::Lang) -> Value {
    steps.iter().map(|s| step_json(s, lang)).collect()
}

fn cell_digits(list: &[(sudokit::Cell, sudokit::Digit)]) -> Value {
    list.iter()
        .map(|(c, d)| json!({"cell": c.to_string(), "digit": d.get()}))
        .collect()
}

/// One step: technique, placements, eliminations, text, and the evidence
/// (houses, cells, digits, fins, links) for drawing.
pub fn step_json(step: &SolvedStep, lang: trace::Lang) -> Value {
    let mut obj = Map::new();
    obj.insert("technique".into(), step.name().into());
    obj.insert("placements".into(), cell_digits(&step.placements()));
    obj.insert("eliminations".into(), cell_digits(step.eliminations()));
    obj.insert("text".into(), explain::text(step, lang).into());
    if let Some(s) = step.step() {
        let names =
            |cells: &[sudokit::Cell]| -> Value { cells.iter().map(|c| c.to_string()).collect() };
        obj.insert(
            "houses".into(),
            s.houses.iter().map(|h| h.to_string()).collect(),
        );
        obj.insert("cells".into(), names(&s.cells));
        obj.insert("digits".into(), s.digits.iter().map(|d| d.get()).collect());
        if !s.fins.is_empty() {
            obj.insert("fins".into(), names(&s.fins));
        }
        if !s.links.is_empty() {
            let links: Value = s
                .links
                .iter()
                .map(|l| {
                    json!({"from": {"cell": l.from.0.to_string(), "digit": l.from.1.get()},
                           "to": {"cell": l.to.0.to_string(), "digit": l.to.1.get()},
                           "strong": l.strong})
                })
                .collect();
            obj.insert("links".into(), links);
        }
    }
    Value::Object(obj)
}

/// The pencil marks as 81 strings (`""` for a filled cell).
pub fn candidates_json(grid: &Grid, candidates: &sudokit::Candidates) -> Value {
    sudokit::Cell::all()
        .map(|c| {
            if grid[c] == 0 {
                candidates.get(c).to_string()
            } else {
                String::new()
            }
        })
        .collect()
}
