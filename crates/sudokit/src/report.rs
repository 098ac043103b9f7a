//! The JSON objects of sudokit's answers — a grade's fields, steps with the
//! evidence to draw them, pencil marks — as the command line prints them with
//! `--format json`, so that every front end (the CLI, the web page, Python)
//! gives the same objects.

use crate::classic::trace;
use crate::grade::{self, Grade, GradeOptions, Rating};
use crate::logic::Technique;
use crate::logic::explain;
use crate::logic::solver::{self, Invalid, Options, Position, SolvedStep, Status};
use crate::marked::{MarkedGrid, Mistakes};
use crate::verdict;
use crate::{Candidates, Cell, Digit, Grid};
use serde_json::{Map, Value, json};

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

fn cell_digits(list: &[(Cell, Digit)]) -> Value {
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
        let names = |cells: &[Cell]| -> Value { cells.iter().map(|c| c.to_string()).collect() };
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
pub fn chain_json(chain: &crate::logic::Chain) -> Value {
    let nodes: Value = chain
        .nodes
        .iter()
        .map(|n| {
            let kind = match n.kind {
                crate::logic::NodeKind::Candidate => "candidate",
                crate::logic::NodeKind::Group => "group",
                crate::logic::NodeKind::Als => "als",
            };
            let cells: Value = n.cells.iter().map(|c| c.to_string()).collect();
            json!({"cells": cells, "digit": n.digit.get(), "kind": kind})
        })
        .collect();
    json!({"text": chain.to_string(), "nodes": nodes, "strong": chain.strong})
}

/// The pencil marks as 81 strings (`""` for a filled cell).
pub fn candidates_json(grid: &Grid, candidates: &Candidates) -> Value {
    Cell::all()
        .map(|c| {
            if grid[c] == 0 {
                candidates.get(c).to_string()
            } else {
                String::new()
            }
        })
        .collect()
}

/// The grade of a position as every answer of the human-style commands
/// carries it: `solved`, then the grade's fields (the grade always without
/// fallback; left out when the position cannot be graded).
fn graded(marked: &MarkedGrid, options: &Options, solved: bool) -> Map<String, Value> {
    let mut obj = position_start(marked);
    obj.insert("solved".into(), solved.into());
    let plain = Options {
        fallback: false,
        ..options.clone()
    };
    if let Ok(g) = grade::grade_position(marked, &GradeOptions { solver: plain }) {
        insert_grade(&mut obj, &g);
    }
    obj
}

/// An answer's first field: the puzzle in line form.
fn start(grid: &Grid) -> Map<String, Value> {
    let mut obj = Map::new();
    obj.insert("puzzle".into(), grid.to_line().into());
    obj
}

/// An answer's first fields: `puzzle` (the givens); for a player's
/// position also `values` (givens and placed digits) and, when it has
/// pencil marks, `marks` (81 strings, `""` where none are written).
fn position_start(marked: &MarkedGrid) -> Map<String, Value> {
    let mut obj = start(marked.givens());
    if marked.is_position() {
        obj.insert("values".into(), marked.values().to_line().into());
    }
    if marked.has_marks() {
        let marks: Value = Cell::all().map(|c| marked.marks(c).to_string()).collect();
        obj.insert("marks".into(), marks);
    }
    obj
}

/// The `mistakes` field: `wrong` digits (`cell`, `digit` placed,
/// `solution`) and true candidates `removed` (`cell`, `digit`).
pub fn mistakes_json(mistakes: &Mistakes) -> Value {
    let wrong: Value = mistakes
        .wrong
        .iter()
        .map(|w| json!({"cell": w.cell.to_string(), "digit": w.placed.get(), "solution": w.solution.get()}))
        .collect();
    json!({"wrong": wrong, "removed": cell_digits(&mistakes.removed)})
}

/// The answer to a position with mistakes: `status` `mistakes`, the
/// `mistakes` and their `text` in `lang`.
pub fn mistakes_object(
    marked: &MarkedGrid,
    mistakes: &Mistakes,
    lang: trace::Lang,
) -> Map<String, Value> {
    let mut obj = position_start(marked);
    obj.insert("status".into(), "mistakes".into());
    obj.insert("solved".into(), false.into());
    obj.insert("mistakes".into(), mistakes_json(mistakes));
    obj.insert("text".into(), mistakes.text(lang).into());
    obj
}

/// `made`, with a position's mistakes as their answer rather than an error.
fn or_mistakes(
    marked: &MarkedGrid,
    made: Result<Map<String, Value>, Invalid>,
    lang: trace::Lang,
) -> Result<Map<String, Value>, Invalid> {
    match made {
        Err(Invalid::Mistakes(m)) => Ok(mistakes_object(marked, &m, lang)),
        other => other,
    }
}

/// `check`'s answer: `status` (`unique`, `multiple`, `none`, `invalid`),
/// `clues`, `digits`, the `reason` when there is one, and with `minimal`
/// for a unique puzzle whether every clue is needed (and one that is not).
pub fn check_object(grid: &Grid, minimal: bool) -> Map<String, Value> {
    let (clues, digits) = verdict::clues_and_digits(grid);
    let v = verdict::verdict(grid, clues, digits, minimal);
    let mut obj = start(grid);
    obj.insert("status".into(), v.word.into());
    obj.insert("clues".into(), clues.into());
    obj.insert("digits".into(), digits.into());
    if let Some(reason) = &v.reason {
        obj.insert("reason".into(), reason.as_str().into());
    }
    if let Some(removable) = v.removable {
        obj.insert("minimal".into(), removable.is_none().into());
        if let Some(cell) = removable {
            obj.insert("removable".into(), cell.to_string().into());
        }
    }
    obj
}

/// `grade`'s answer: `status`, `solved`, the grade's fields and `steps`
/// (`g` is the grade of `marked`).
pub fn grade_object(marked: &MarkedGrid, g: &Grade, lang: trace::Lang) -> Map<String, Value> {
    let mut obj = position_start(marked);
    let status = if g.solved { "solved" } else { "unfinished" };
    obj.insert("status".into(), status.into());
    obj.insert("solved".into(), g.solved.into());
    insert_grade(&mut obj, g);
    obj.insert("steps".into(), steps_json(&g.steps, lang));
    obj
}

/// `explain`'s answer: the grade, `status` (`solved` or `stuck`), the
/// `steps`, and where the solver got stuck its grid and candidates; for a
/// position with mistakes, [`mistakes_object`].
///
/// # Errors
/// A position without exactly one solution.
pub fn explain_object(
    marked: &MarkedGrid,
    options: &Options,
    lang: trace::Lang,
) -> Result<Map<String, Value>, Invalid> {
    let made = solver::solve_position(marked, options).map(|outcome| {
        let stuck = outcome.status == Status::Stuck;
        let mut obj = graded(marked, options, !stuck);
        obj.insert(
            "status".into(),
            if stuck { "stuck" } else { "solved" }.into(),
        );
        obj.insert("steps".into(), steps_json(&outcome.steps, lang));
        if stuck {
            obj.insert(
                "stuck".into(),
                json!({"grid": outcome.grid.to_line(),
                       "candidates": candidates_json(&outcome.grid, &outcome.candidates)}),
            );
        }
        obj
    });
    or_mistakes(marked, made, lang)
}

/// `hint`'s answer: the grade, `status` (`step`, `stuck` or `solved`), the
/// next step in `steps`, and when stuck the candidates; for a position with
/// mistakes, [`mistakes_object`].
///
/// # Errors
/// A position without exactly one solution.
pub fn hint_object(
    marked: &MarkedGrid,
    options: &Options,
    lang: trace::Lang,
) -> Result<Map<String, Value>, Invalid> {
    let made = solver::hint_position(marked, options).map(|next| {
        let full = marked.values().is_full();
        let stuck = next.is_none() && !full;
        let mut obj = graded(marked, options, full);
        let status = match (&next, stuck) {
            (Some(_), _) => "step",
            (None, true) => "stuck",
            (None, false) => "solved",
        };
        obj.insert("status".into(), status.into());
        obj.insert("steps".into(), steps_json(next.as_slice(), lang));
        if stuck {
            let pos = Position::of(marked);
            obj.insert("stuck".into(), true.into());
            obj.insert(
                "candidates".into(),
                candidates_json(&pos.grid, &pos.candidates),
            );
        }
        obj
    });
    or_mistakes(marked, made, lang)
}

/// `hint --all`'s answer: every step of `techniques` (`None`: all) at the
/// position, as `steps`, with their `count`.
///
/// # Errors
/// A position without exactly one solution.
pub fn all_steps_object(
    marked: &MarkedGrid,
    techniques: Option<&[Technique]>,
    lang: trace::Lang,
) -> Result<Map<String, Value>, Invalid> {
    let made = solver::all_steps_position(marked, techniques).map(|steps| {
        let steps: Vec<SolvedStep> = steps.into_iter().map(SolvedStep::Step).collect();
        let mut obj = position_start(marked);
        obj.insert("status".into(), "steps".into());
        obj.insert("count".into(), steps.len().into());
        obj.insert("steps".into(), steps_json(&steps, lang));
        obj
    });
    or_mistakes(marked, made, lang)
}
