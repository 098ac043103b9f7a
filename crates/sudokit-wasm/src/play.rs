//! The player's position: givens, the digits placed so far and the pencil
//! marks ([`MarkedGrid`]), checked against the solution and continued with
//! hints. The library does the work; this reads the request and shapes the
//! answer the page draws.

use crate::api::{Request, grid, lang, options, present};
use serde_json::{Value, json};
use sudokit::grade;
use sudokit::logic::solver::{self, Invalid, SolvedStep};
use sudokit::logic::{Technique, explain};
use sudokit::report;
use sudokit::{Candidates, DigitSet, MarkedGrid};

/// Reads `givens`, `values` (givens and placed digits; absent or null: the
/// givens) and `marks` (81 strings of digits; absent or null: none) from
/// the request.
fn read(req: &Request) -> Result<MarkedGrid, String> {
    let givens = grid(req, "givens")?;
    let values = match present(req, "values") {
        None => givens,
        Some(_) => grid(req, "values")?,
    };
    MarkedGrid::new(givens, values, read_marks(req)?).map_err(|e| e.to_string())
}

/// The `marks` field: 81 strings of digits (missing: no marks at all).
fn read_marks(req: &Request) -> Result<[DigitSet; 81], String> {
    let mut marks = [DigitSet::EMPTY; 81];
    let Some(list) = present(req, "marks") else {
        return Ok(marks);
    };
    let list = list.as_array().filter(|l| l.len() == 81);
    let list = list.ok_or("marks: expected 81 strings of digits")?;
    for (i, item) in list.iter().enumerate() {
        let s = item
            .as_str()
            .ok_or("marks: expected 81 strings of digits")?;
        marks[i] = s
            .parse()
            .map_err(|ch| format!("marks of cell {}: bad digit '{ch}'", i + 1))?;
    }
    Ok(marks)
}

/// The candidates the placed digits allow: `{"candidates": [81 strings]}`.
pub(crate) fn candidates(req: &Request) -> Result<Value, String> {
    let values = grid(req, "values")?;
    let all = Candidates::from_grid(&values);
    Ok(json!({ "candidates": report::candidates_json(&values, &all) }))
}

/// The mistakes of the player's position (`wrong`, `removed`, their `text`
/// or null) and whether it is `solved`.
pub(crate) fn mistakes(req: &Request) -> Result<Value, String> {
    let marked = read(req)?;
    let solution = marked.solution().map_err(|e| e.to_string())?;
    let found = marked.mistakes(&solution);
    let mut obj = report::mistakes_json(&found);
    obj["solved"] = (*marked.values() == solution).into();
    obj["text"] = if found.is_empty() {
        Value::Null
    } else {
        found.text(lang(req)?).into()
    };
    Ok(obj)
}

/// The next step from the player's position (mistakes first): the step as
/// `hint --format json` gives it, with the technique's name and houses in
/// `lang` for the vaguer hint levels.
pub(crate) fn hint(req: &Request) -> Result<Value, String> {
    let lang = lang(req)?;
    let marked = read(req)?;
    let step = match solver::hint_position(&marked, &options(req)?) {
        Ok(step) => step,
        Err(Invalid::Mistakes(m)) => {
            return Ok(Value::Object(report::mistakes_object(&marked, &m, lang)));
        }
        Err(e) => return Err(e.to_string()),
    };
    let Some(SolvedStep::Step(step)) = step else {
        let status = if marked.values().is_full() {
            "solved"
        } else {
            "stuck"
        };
        return Ok(json!({ "status": status }));
    };
    let houses: Vec<String> = step
        .houses
        .iter()
        .map(|&h| explain::house_name(h, lang))
        .collect();
    Ok(json!({
        "status": "step",
        "title": explain::technique_name(step.technique, lang),
        "houses_text": houses,
        "step": report::step_json(&SolvedStep::Step(step), lang),
    }))
}

/// Every step at the player's position of the allowed techniques
/// (`techniques`, by default HoDoKu's set without brute force, with the
/// `+NAME` items added): HoDoKu's
/// "All steps".
pub(crate) fn all_steps(req: &Request) -> Result<Value, String> {
    let lang = lang(req)?;
    let marked = read(req)?;
    let options = options(req)?;
    let allowed: Vec<Technique> = match options.techniques {
        Some(list) => list,
        None => grade::hodoku_set_with(&options.also)
            .into_iter()
            .filter(|&t| t != Technique::BruteForce)
            .collect(),
    };
    report::all_steps_object(&marked, Some(&allowed), lang)
        .map(Value::Object)
        .map_err(|e| e.to_string())
}
