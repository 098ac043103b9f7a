//! What `explain`, `hint` and `grade` share: the solver options from
//! `--techniques` and `--fallback`, the run over a batch, the JSON object of a
//! puzzle with its grade, and the JSON of steps.

use crate::batch;
use crate::cli::{Common, Lang};
use crate::input::Entry;
use crate::output::{self, Answer};
use serde_json::{Map, Value, json};
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::classic::trace;
use sudokit::grade::{self, Grade, GradeOptions, Rating};
use sudokit::logic::explain;
use sudokit::logic::solver::{Options, SolvedStep};

/// The solver options from `--techniques` and `--fallback`.
pub fn options(techniques: Option<&str>, fallback: bool) -> anyhow::Result<Options> {
    let techniques = match techniques {
        Some(list) => Some(crate::commands::techniques::parse_list(list)?),
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

/// The JSON object of a puzzle: `puzzle`, `file`, `line`, `status`,
/// `solved`, and the grade (always without fallback) when it has one.
pub fn graded_object(
    entry: &Entry,
    grid: &Grid,
    options: &Options,
    solved: bool,
) -> Map<String, Value> {
    let mut obj = output::object(entry, Some(grid));
    obj.insert("solved".into(), solved.into());
    let plain = Options {
        fallback: false,
        ..options.clone()
    };
    if let Ok(g) = grade::grade(grid, &GradeOptions { solver: plain }) {
        insert_grade(&mut obj, &g);
    }
    obj
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

/// `stuck after hidden-pair` (the last technique the grader applied), or
/// `stuck at the start` when it found no step at all.
pub fn stuck_after(g: &Grade) -> String {
    match g.steps.last() {
        Some(step) => format!("stuck after {}", step.name()),
        None => "stuck at the start".to_string(),
    }
}

/// Adds `level`, `score`, `rating` (and `rating_text`) and `hardest`; for a
/// puzzle the grader cannot finish, `hardest` is null and `stuck_after` names
/// the last technique applied (null if none): `level` and `score` are then
/// HoDoKu's give-up grade (Extreme, 20000 plus the steps' scores).
pub fn insert_grade(obj: &mut Map<String, Value>, g: &Grade) {
    obj.insert("level".into(), g.level.name().into());
    obj.insert("score".into(), g.score.into());
    obj.insert("rating".into(), g.rating.value().into());
    obj.insert("rating_text".into(), g.rating.to_string().into());
    obj.insert("se_er".into(), g.se.er.value().into());
    obj.insert("se_ep".into(), g.se.ep.value().into());
    obj.insert("se_ed".into(), g.se.ed.value().into());
    obj.insert("se_text".into(), g.se.to_string().into());
    if matches!(g.rating, Rating::Beyond(_)) {
        obj.insert("rating_beyond".into(), true.into());
    }
    let hardest = g.hardest.filter(|_| g.solved).map(|t| t.name());
    obj.insert("hardest".into(), hardest.map_or(Value::Null, Value::from));
    if !g.solved {
        let last = g.steps.last().map(|s| s.name());
        obj.insert("stuck_after".into(), last.map_or(Value::Null, Value::from));
    }
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
        if !s.chains.is_empty() {
            obj.insert("chains".into(), s.chains.iter().map(chain_json).collect());
        }
    }
    Value::Object(obj)
}

/// A chain for drawing: its Eureka text, its nodes (cells, digit, kind)
/// and the links between them (`true` = strong).
fn chain_json(chain: &sudokit::logic::Chain) -> Value {
    let nodes: Value = chain
        .nodes
        .iter()
        .map(|n| {
            let kind = match n.kind {
                sudokit::logic::NodeKind::Candidate => "candidate",
                sudokit::logic::NodeKind::Group => "group",
                sudokit::logic::NodeKind::Als => "als",
            };
            let cells: Value = n.cells.iter().map(|c| c.to_string()).collect();
            json!({"cells": cells, "digit": n.digit.get(), "kind": kind})
        })
        .collect();
    json!({"text": chain.to_string(), "nodes": nodes, "strong": chain.strong})
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
