//! The player's position: givens, the digits placed so far and the pencil
//! marks, checked against the solution and continued with hints.
//!
//! A cell's marks restrict its candidates only when the player wrote some:
//! an empty cell without marks has every candidate the digits allow, so a
//! hint never rests on marks the player has not made yet.

use crate::api::{Request, grid, lang, options};
use serde_json::{Value, json};
use sudokit::classic::trace::Lang;
use sudokit::grade;
use sudokit::logic::solver::SolvedStep;
use sudokit::logic::solver::{self, Position};
use sudokit::logic::{Step, Technique, explain};
use sudokit::report;
use sudokit::{Candidates, Cell, DigitSet, Grid};

/// The player's position and the puzzle's solution.
struct Player {
    position: Position,
    /// Per cell, the marks the player wrote (empty: none).
    marks: [DigitSet; 81],
    solution: Grid,
}

impl Player {
    /// Reads `givens`, `values` (givens and placed digits) and `marks` (81
    /// strings of digits) from the request.
    fn read(req: &Request) -> Result<Player, String> {
        let givens = grid(req, "givens")?;
        let values = match req.get("values") {
            Some(_) => grid(req, "values")?,
            None => givens,
        };
        for cell in Cell::all() {
            if givens[cell] != 0 && values[cell] != givens[cell] {
                return Err(format!("{cell}: a given cannot change"));
            }
        }
        let solution = solver::unique_solution(&givens).map_err(|e| e.to_string())?;
        let marks = read_marks(req)?;
        let mut candidates = Candidates::from_grid(&values);
        for cell in Cell::all() {
            let own = marks[cell.index()];
            if values[cell] == 0 && !own.is_empty() {
                let kept = DigitSet::from_bits(candidates.get(cell).bits() & own.bits());
                candidates.set(cell, kept);
            }
        }
        let position = Position {
            grid: values,
            candidates,
            givens,
        };
        Ok(Player {
            position,
            marks,
            solution,
        })
    }

    /// The player's position if it has no mistakes, else the answer that
    /// lists them (hints and steps come after the mistakes are fixed).
    fn without_mistakes(req: &Request, lang: Lang) -> Result<Result<Player, Value>, String> {
        let player = Player::read(req)?;
        let (value, text) = player.mistakes_json(lang);
        Ok(match text {
            Some(text) => Err(json!({"status": "mistakes", "mistakes": value, "text": text})),
            None => Ok(player),
        })
    }

    /// The digits placed that the solution does not have, and the true
    /// candidates the player struck out.
    fn mistakes(&self) -> (Vec<(Cell, u8)>, Vec<Cell>) {
        let values = &self.position.grid;
        let wrong = Cell::all()
            .filter(|&c| values[c] != 0 && values[c] != self.solution[c])
            .map(|c| (c, values[c]))
            .collect();
        let removed = Cell::all()
            .filter(|&c| values[c] == 0 && !self.marks[c.index()].is_empty())
            .filter(|&c| self.marks[c.index()].bits() >> (self.solution[c] - 1) & 1 == 0)
            .collect();
        (wrong, removed)
    }

    /// The mistakes as an answer: the lists, and one sentence in `lang`
    /// (`None` when there is none).
    fn mistakes_json(&self, lang: Lang) -> (Value, Option<String>) {
        let (wrong, removed) = self.mistakes();
        let wrong_json: Vec<Value> = wrong
            .iter()
            .map(|&(c, d)| json!({"cell": c.to_string(), "digit": d, "solution": self.solution[c]}))
            .collect();
        let removed_json: Vec<Value> = removed
            .iter()
            .map(|&c| json!({"cell": c.to_string(), "digit": self.solution[c]}))
            .collect();
        let mut parts: Vec<String> = wrong
            .iter()
            .map(|&(c, d)| match lang {
                Lang::En => format!("{c} holds {d}, which is wrong"),
                Lang::Es => format!("{c} tiene un {d}, que es incorrecto"),
            })
            .collect();
        parts.extend(removed.iter().map(|&c| {
            let d = self.solution[c];
            match lang {
                Lang::En => format!("{c}: candidate {d} was removed but is needed"),
                Lang::Es => format!("{c}: se quitó el candidato {d}, que hace falta"),
            }
        }));
        let text = (!parts.is_empty()).then(|| parts.join("; "));
        let value = json!({"wrong": wrong_json, "removed": removed_json});
        (value, text)
    }
}

/// The `marks` field: 81 strings of digits (missing: no marks at all).
fn read_marks(req: &Request) -> Result<[DigitSet; 81], String> {
    let mut marks = [DigitSet::EMPTY; 81];
    let Some(list) = req.get("marks") else {
        return Ok(marks);
    };
    let list = list.as_array().filter(|l| l.len() == 81);
    let list = list.ok_or("marks: expected 81 strings of digits")?;
    for (i, item) in list.iter().enumerate() {
        let s = item
            .as_str()
            .ok_or("marks: expected 81 strings of digits")?;
        for ch in s.chars() {
            let d = ch
                .to_digit(10)
                .and_then(|d| sudokit::Digit::new(d as u8))
                .ok_or_else(|| format!("marks of cell {}: bad digit '{ch}'", i + 1))?;
            marks[i].insert(d);
        }
    }
    Ok(marks)
}

/// The candidates the placed digits allow: `{"candidates": [81 strings]}`.
pub(crate) fn candidates(req: &Request) -> Result<Value, String> {
    let values = grid(req, "values")?;
    let all = Candidates::from_grid(&values);
    Ok(json!({ "candidates": report::candidates_json(&values, &all) }))
}

/// The mistakes of the player's position and whether it is solved.
pub(crate) fn mistakes(req: &Request) -> Result<Value, String> {
    let player = Player::read(req)?;
    let (value, text) = player.mistakes_json(lang(req)?);
    let solved = player.position.grid == player.solution;
    let mut obj = value;
    obj["solved"] = solved.into();
    obj["text"] = text.map_or(Value::Null, Value::from);
    Ok(obj)
}

/// The next step from the player's position (mistakes first): the step as
/// `hint --format json` gives it, with the technique's name and houses in
/// `lang` for the vaguer hint levels.
pub(crate) fn hint(req: &Request) -> Result<Value, String> {
    let lang = lang(req)?;
    let player = match Player::without_mistakes(req, lang)? {
        Ok(player) => player,
        Err(mistakes) => return Ok(mistakes),
    };
    if player.position.grid.is_full() {
        return Ok(json!({"status": "solved"}));
    }
    let order = options(req)?.order();
    let mut pos = player.position;
    let Some(step) = pos.advance(&order) else {
        return Ok(json!({"status": "stuck"}));
    };
    Ok(json!({
        "status": "step",
        "title": explain::technique_name(step.technique, lang),
        "houses_text": step.houses.iter().map(|&h| explain::house_name(h, lang)).collect::<Vec<_>>(),
        "step": report::step_json(&SolvedStep::Step(step), lang),
    }))
}

/// Every step at the player's position of the allowed techniques
/// (`techniques`, by default HoDoKu's set without brute force): HoDoKu's
/// "All steps".
pub(crate) fn all_steps(req: &Request) -> Result<Value, String> {
    let lang = lang(req)?;
    let player = match Player::without_mistakes(req, lang)? {
        Ok(player) => player,
        Err(mistakes) => return Ok(mistakes),
    };
    let allowed: Vec<Technique> = match options(req)?.techniques {
        Some(list) => list,
        None => grade::hodoku_default_set()
            .into_iter()
            .filter(|&t| t != Technique::BruteForce)
            .collect(),
    };
    let pos = &player.position;
    let steps: Vec<Step> = Technique::solver_order()
        .filter(|t| t.is_available() && allowed.contains(t))
        .flat_map(|t| pos.steps(t))
        .filter(Step::is_productive)
        .collect();
    let steps: Vec<SolvedStep> = steps.into_iter().map(SolvedStep::Step).collect();
    Ok(json!({"status": "steps", "count": steps.len(), "steps": report::steps_json(&steps, lang)}))
}
