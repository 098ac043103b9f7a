//! The requests the page makes, by name: each reads its fields from the
//! request object and answers with the library's own JSON objects.

use crate::{play, search};
use serde_json::{Map, Value, json};
use sudokit::classic::trace::Lang;
use sudokit::format;
use sudokit::generate::{self, GenerateError};
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::Options;
use sudokit::logic::{Technique, explain};
use sudokit::report;
use sudokit::{Grid, engine, rules};

/// A request's fields.
pub(crate) type Request = Map<String, Value>;

/// Answers one request (a JSON object with a `cmd` field); every failure is
/// an answer `{"error": "..."}`, never a panic.
///
/// ```
/// let answer = sudokit_wasm::call(r#"{"cmd":"check","puzzle":"11"}"#);
/// assert_eq!(answer, r#"{"error":"2 cells, expected 81"}"#);
/// ```
pub fn call(request: &str) -> String {
    let answer = match serde_json::from_str::<Value>(request) {
        Ok(Value::Object(req)) => dispatch(&req),
        Ok(_) => Err("a request is a JSON object".to_string()),
        Err(e) => Err(format!("bad request: {e}")),
    };
    match answer {
        Ok(value) => value.to_string(),
        Err(e) => json!({ "error": e }).to_string(),
    }
}

fn dispatch(req: &Request) -> Result<Value, String> {
    let cmd = text(req, "cmd")?;
    match cmd {
        "parse" => parse(req),
        "check" => check(req),
        "candidates" => play::candidates(req),
        "hint" => play::hint(req),
        "all_steps" => play::all_steps(req),
        "mistakes" => play::mistakes(req),
        "explain" => explain_puzzle(req),
        "grade" => grade_puzzle(req),
        "generate" => generate_puzzle(req),
        "search" => search::run(req),
        "techniques" => techniques(req),
        other => Err(format!("unknown request '{other}'")),
    }
}

/// Field `key` of the request; null counts as absent.
pub(crate) fn present<'a>(req: &'a Request, key: &str) -> Option<&'a Value> {
    req.get(key).filter(|v| !v.is_null())
}

/// Field `key` read by `read` (absent or null: `None`); a field that
/// `read` does not take (`what` it expects) is an error, not a silent
/// default.
fn field<'a, T>(
    req: &'a Request,
    key: &str,
    what: &str,
    read: impl FnOnce(&'a Value) -> Option<T>,
) -> Result<Option<T>, String> {
    present(req, key)
        .map(|v| read(v).ok_or_else(|| format!("field '{key}': expected {what}, got {v}")))
        .transpose()
}

/// A required string field.
pub(crate) fn text<'a>(req: &'a Request, key: &str) -> Result<&'a str, String> {
    field(req, key, "a string", Value::as_str)?.ok_or_else(|| format!("missing field '{key}'"))
}

/// An optional string field (absent, null or blank: `None`).
pub(crate) fn opt_text<'a>(req: &'a Request, key: &str) -> Result<Option<&'a str>, String> {
    Ok(field(req, key, "a string", Value::as_str)?.filter(|s| !s.trim().is_empty()))
}

/// An optional whole-number field (absent or null: `None`), a number or a
/// string of decimal digits (JavaScript's numbers lose the digits of a
/// seed above 2^53); a negative, fractional or non-numeric value is an
/// error.
pub(crate) fn opt_u64(req: &Request, key: &str) -> Result<Option<u64>, String> {
    field(req, key, "a whole number (0 or more)", |v| match v {
        Value::String(s) if s.bytes().all(|b| b.is_ascii_digit()) => s.parse().ok(),
        _ => v.as_u64(),
    })
}

/// An optional true/false field (absent or null: `false`).
pub(crate) fn opt_bool(req: &Request, key: &str) -> Result<bool, String> {
    Ok(field(req, key, "true or false", Value::as_bool)?.unwrap_or(false))
}

/// The grid of a string field, read as the command line reads a puzzle.
pub(crate) fn grid(req: &Request, key: &str) -> Result<Grid, String> {
    format::parse_one(text(req, key)?).map_err(|e| e.kind.to_string())
}

/// `lang`: `en` (default) or `es`.
pub(crate) fn lang(req: &Request) -> Result<Lang, String> {
    opt_text(req, "lang")?.map_or(Ok(Lang::En), str::parse)
}

/// The solver options of `techniques` (a comma-separated list, or `+NAME`
/// items added to the default set, as `--techniques` takes it; absent: the
/// default set).
pub(crate) fn options(req: &Request) -> Result<Options, String> {
    opt_text(req, "techniques")?.map_or(Ok(Options::default()), Options::parse)
}

/// Every puzzle in a text (any format the command line reads, JSON and
/// pencil-mark positions included), with the line it starts on, and one
/// error per bad puzzle. A position also gives its `values` (givens and placed digits)
/// and `marks` (81 strings, `""` where none are written).
fn parse(req: &Request) -> Result<Value, String> {
    let read = format::parse_any(text(req, "text")?);
    let mut puzzles = Vec::new();
    let mut errors = Vec::new();
    for item in read {
        match item {
            Ok(p) => {
                let mut obj = json!({"puzzle": p.grid.to_line(), "line": p.line});
                if let Some(position) = &p.position {
                    obj["values"] = position.values().to_line().into();
                    let marks: Vec<String> = sudokit::Cell::all()
                        .map(|c| position.marks(c).to_string())
                        .collect();
                    obj["marks"] = marks.into();
                }
                puzzles.push(obj);
            }
            Err(e) => errors.push(json!({"line": e.line, "reason": e.kind.to_string()})),
        }
    }
    Ok(json!({ "puzzles": puzzles, "errors": errors }))
}

/// The `check` command's answer: valid givens, solutions counted up to 2,
/// the solution when there is one.
fn check(req: &Request) -> Result<Value, String> {
    let puzzle = grid(req, "puzzle")?;
    if let Err(conflict) = rules::validate(&puzzle) {
        return Ok(json!({"valid": false, "reason": conflict.to_string(), "solutions": 0}));
    }
    let count = engine::count_solutions(&puzzle, 2);
    let status = match count {
        0 => "unsolvable",
        1 => "unique",
        _ => "multiple",
    };
    let mut obj = json!({"valid": true, "status": status, "solutions": count,
                         "clues": puzzle.clues()});
    if let Some(solution) = (count >= 1).then(|| engine::solve_one(&puzzle)).flatten() {
        obj["solution"] = solution.to_line().into();
    }
    Ok(obj)
}

/// The whole human-style solution path with its grade, as
/// `explain --format json` gives it.
fn explain_puzzle(req: &Request) -> Result<Value, String> {
    let puzzle = grid(req, "puzzle")?;
    let obj = report::explain_object(&puzzle.into(), &options(req)?, lang(req)?);
    obj.map(Value::Object).map_err(|e| e.to_string())
}

/// HoDoKu's level and score and SE's ratings, as `grade --format json`
/// gives them (`steps` too).
fn grade_puzzle(req: &Request) -> Result<Value, String> {
    let puzzle = grid(req, "puzzle")?;
    let g = grade::grade(&puzzle, &GradeOptions::default()).map_err(|e| e.to_string())?;
    Ok(Value::Object(report::grade_object(
        &puzzle.into(),
        &g,
        lang(req)?,
    )))
}

/// The most attempts of a request that climb toward a high rating
/// ([`generate::Options::climbs`]): each takes seconds, and the page has no
/// way to stop a request.
const MAX_CLIMBS: u64 = 8;

/// A puzzle as `generate` makes it: `level`, `technique`, `symmetry`,
/// `rating` (`MIN..MAX`), `minimal`, `seed` (the same seed gives the
/// command line's puzzle), `max_attempts` (no clock here: attempts bound
/// the work instead of `--timeout`; at most [`MAX_CLIMBS`] for a high
/// rating).
fn generate_puzzle(req: &Request) -> Result<Value, String> {
    let parse = |key: &str| opt_text(req, key);
    let mut options = generate::Options {
        symmetry: parse("symmetry")?.map_or(Ok(Default::default()), str::parse)?,
        minimal: opt_bool(req, "minimal")?,
        level: parse("level")?.map(str::parse).transpose()?,
        technique: parse("technique")?.map(str::parse).transpose()?,
        max_clues: opt_u64(req, "clues")?.map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
        rating: parse("rating")?.map(str::parse).transpose()?,
        timeout: None,
        max_attempts: Some(opt_u64(req, "max_attempts")?.unwrap_or(400)),
    };
    if options.climbs() {
        options.max_attempts = options.max_attempts.map(|m| m.min(MAX_CLIMBS));
    }
    let seed = opt_u64(req, "seed")?.unwrap_or(0);
    let made = generate::generate(&options, generate::puzzle_seed(seed, 0));
    let g = made.map_err(|e: GenerateError| e.to_string())?;
    let mut obj = Map::new();
    obj.insert("puzzle".into(), g.puzzle.to_line().into());
    obj.insert("solution".into(), g.solution.to_line().into());
    obj.insert("seed".into(), seed.into());
    obj.insert("attempts".into(), g.attempts.into());
    report::insert_grade(&mut obj, &g.grade);
    Ok(Value::Object(obj))
}

/// Every technique of the table: name, words in `lang`, family, HoDoKu's
/// level and score, SE's rating, whether it is in the default set.
fn techniques(req: &Request) -> Result<Value, String> {
    let lang = lang(req)?;
    let list: Vec<Value> = Technique::ALL
        .iter()
        .filter(|t| t.is_available())
        .map(|&t| {
            let facts = t.facts();
            json!({
                "name": t.name(),
                "title": explain::technique_name(t, lang),
                "summary": t.summary(lang),
                "family": t.family().name(),
                "level": facts.hodoku.map(|h| h.level.name()),
                "score": facts.hodoku.map(|h| h.score),
                "se": facts.se.rating,
                "default": t.is_default(),
            })
        })
        .collect();
    Ok(json!({ "techniques": list }))
}

#[cfg(test)]
mod tests {
    use super::call;
    use serde_json::{Value, json};

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn ask(request: Value) -> Value {
        serde_json::from_str(&call(&request.to_string())).unwrap()
    }

    fn error(request: Value) -> String {
        ask(request)["error"].as_str().unwrap().to_string()
    }

    #[test]
    fn a_field_of_the_wrong_type_is_an_error() {
        assert_eq!(
            error(json!({"cmd": "grade", "puzzle": PUZZLE, "lang": 17})),
            "field 'lang': expected a string, got 17"
        );
        assert_eq!(
            error(json!({"cmd": "check", "puzzle": 5})),
            "field 'puzzle': expected a string, got 5"
        );
        assert_eq!(
            error(json!({"cmd": "search", "puzzle": PUZZLE, "max_solutions": -1})),
            "field 'max_solutions': expected a whole number (0 or more), got -1"
        );
        assert_eq!(
            error(json!({"cmd": "search", "puzzle": PUZZLE, "seed": 1.5})),
            "field 'seed': expected a whole number (0 or more), got 1.5"
        );
        assert_eq!(
            error(json!({"cmd": "generate", "minimal": "yes"})),
            "field 'minimal': expected true or false, got \"yes\""
        );
        assert_eq!(
            error(json!({"cmd": "explain", "puzzle": PUZZLE, "techniques": ["x-wing"]})),
            "field 'techniques': expected a string, got [\"x-wing\"]"
        );
    }

    #[test]
    fn whole_numbers_may_come_as_strings_of_digits() {
        let big = ask(json!({"cmd": "generate", "seed": "18446744073709551615"}));
        assert_eq!(big["seed"], json!(u64::MAX), "{big}");
        assert_eq!(
            ask(json!({"cmd": "generate", "seed": "7"}))["puzzle"],
            ask(json!({"cmd": "generate", "seed": 7}))["puzzle"]
        );
        assert_eq!(
            error(json!({"cmd": "generate", "seed": "-7"})),
            "field 'seed': expected a whole number (0 or more), got \"-7\""
        );
        assert_eq!(
            error(json!({"cmd": "generate", "seed": "18446744073709551616"})),
            "field 'seed': expected a whole number (0 or more), got \"18446744073709551616\""
        );
    }

    #[test]
    fn parse_reads_json_as_the_command_line_does() {
        let read = ask(json!({"cmd": "parse", "text": format!("{{\"puzzle\": \"{PUZZLE}\"}}")}));
        assert_eq!(read["puzzles"][0]["puzzle"], PUZZLE, "{read}");
        let list = ask(json!({"cmd": "parse", "text": format!("[\"{PUZZLE}\", \"12\"]")}));
        assert_eq!(list["puzzles"][0]["puzzle"], PUZZLE, "{list}");
        assert_eq!(list["errors"].as_array().unwrap().len(), 1, "{list}");
    }

    #[test]
    fn null_and_blank_fields_are_absent() {
        let plain = ask(json!({"cmd": "hint", "givens": PUZZLE}));
        assert!(plain.get("error").is_none(), "{plain}");
        let nulls = ask(
            json!({"cmd": "hint", "givens": PUZZLE, "values": null, "marks": null,
                               "lang": null, "techniques": ""}),
        );
        assert_eq!(nulls, plain);
        assert_eq!(
            error(json!({"cmd": "check", "puzzle": null})),
            "missing field 'puzzle'"
        );
    }
}
