//! sudokit for Python: a thin PyO3 shell over the library. Answers are the
//! library's own JSON objects (those of the CLI's `--format json`), turned
//! into Python dicts; list calls release the GIL and run on all cores.

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyReadonlyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::ops::ControlFlow;
use sudokit::classic::trace::{Lang, Style, TextWriter, Verdict};
use sudokit::classic::tree::Tree;
use sudokit::classic::{Limits, backtracking, branch_bound, deepening};
use sudokit::generate::{self, Symmetry};
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::{Invalid, Options};
use sudokit::logic::{Technique, parse_techniques};
use sudokit::{Grid, MarkedGrid, engine, format, report, rules};

/// Puzzles handed to Python: one string, a list of strings, or an array.
enum Puzzles {
    One(String),
    Many(Vec<String>),
    Array(Vec<Grid>),
}

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Reads a puzzle as the command line reads one; the error is the CLI's
/// reason (`80 cells, expected 81`). A player's position (placed digits,
/// pencil marks) is refused rather than cut down to its givens: the
/// searching calls take puzzles.
fn parse(text: &str) -> Result<Grid, String> {
    let read = format::parse_one_puzzle(text).map_err(|e| e.kind.to_string())?;
    match read.position {
        None => Ok(read.grid),
        Some(_) => Err(POSITION_REFUSED.to_string()),
    }
}

/// Why a searching call refuses a player's position.
const POSITION_REFUSED: &str =
    "a position with placed digits or pencil marks: explain, hint and grade take positions";

/// A puzzle or a player's position (placed digits, pencil marks) in any
/// format the command line reads, with givens that obey the rules.
fn valid_position(text: &str) -> Result<MarkedGrid, String> {
    let read = format::parse_one_puzzle(text).map_err(|e| e.kind.to_string())?;
    rules::validate(&read.grid).map_err(|e| e.to_string())?;
    Ok(read
        .position
        .unwrap_or_else(|| MarkedGrid::from_givens(read.grid)))
}

/// A valid puzzle (givens that obey the rules), or the CLI's message
/// (`r1c1 and r1c5 both hold 5`).
fn valid(text: &str) -> Result<Grid, String> {
    let grid = parse(text)?;
    rules::validate(&grid).map_err(|e| e.to_string())?;
    Ok(grid)
}

fn puzzles(obj: &Bound<'_, PyAny>) -> PyResult<Puzzles> {
    if let Ok(s) = obj.extract::<String>() {
        return Ok(Puzzles::One(s));
    }
    if let Ok(list) = obj.extract::<Vec<String>>() {
        return Ok(Puzzles::Many(list));
    }
    if let Ok(array) = obj.extract::<PyReadonlyArray2<'_, u8>>() {
        let view = array.as_array();
        if view.ncols() != 81 {
            return Err(value_error(format!(
                "expected an array of shape (n, 81), got (n, {})",
                view.ncols()
            )));
        }
        let mut grids = Vec::with_capacity(view.nrows());
        for (i, row) in view.rows().into_iter().enumerate() {
            let mut cells = [0u8; 81];
            for (slot, &v) in cells.iter_mut().zip(row.iter()) {
                *slot = v;
            }
            let grid = Grid::from_values(cells)
                .ok_or_else(|| value_error(format!("row {i}: cells must be 0-9")))?;
            grids.push(grid);
        }
        return Ok(Puzzles::Array(grids));
    }
    Err(wrong_type(obj))
}

/// The `TypeError` for an argument that is neither a string, a list of
/// strings nor a 2-D `uint8` array; an array of another kind names its
/// dtype and shape, since that is the usual slip (`int64` from `np.array`).
fn wrong_type(obj: &Bound<'_, PyAny>) -> PyErr {
    const EXPECTED: &str =
        "expected a puzzle string, a list of them, or a uint8 array of shape (n, 81)";
    let got = match (obj.getattr("dtype"), obj.getattr("shape")) {
        (Ok(dtype), Ok(shape)) => format!("an array of {dtype} and shape {shape}"),
        _ => match obj.downcast::<PyList>() {
            Ok(list) => list
                .iter()
                .enumerate()
                .find(|(_, item)| item.extract::<String>().is_err())
                .map_or_else(
                    || "a list".to_owned(),
                    |(i, item)| format!("a list whose item {i} is {}", type_name(&item)),
                ),
            Err(_) => type_name(obj),
        },
    };
    PyTypeError::new_err(format!("{EXPECTED}, got {got}"))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "another type".to_owned(), |name| name.to_string())
}

/// A JSON value as the Python object `json.loads` would give.
fn to_py(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(f)) => f.into_pyobject(py)?.into_any().unbind(),
            _ => py.None(),
        },
        Value::String(s) => s.into_pyobject(py)?.into_any().unbind(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any().unbind()
        }
        Value::Object(map) => dict(py, map)?,
    })
}

fn dict(py: Python<'_>, map: &Map<String, Value>) -> PyResult<PyObject> {
    let d = PyDict::new(py);
    for (k, v) in map {
        d.set_item(k, to_py(py, v)?)?;
    }
    Ok(d.into_any().unbind())
}

fn lang(code: &str) -> PyResult<Lang> {
    code.parse().map_err(value_error)
}

fn options(techniques: Option<&str>) -> PyResult<Options> {
    techniques
        .map_or(Ok(Options::default()), Options::parse)
        .map_err(value_error)
}

/// The solution of a puzzle as an 81-character string, or `None` if it has
/// none; a list gives a list, an (n, 81) uint8 array an (n, 81) array
/// (rows of zeros where there is no solution). Bad puzzles raise
/// `ValueError` (in a list: `None` in their place).
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let one = |g: &Grid| engine::solve_one(g).map(|s| s.to_line());
    match puzzles(puzzle)? {
        Puzzles::One(s) => {
            let grid = parse(&s).map_err(value_error)?;
            let solution = one(&grid);
            if solution.is_none() {
                rules::validate(&grid).map_err(value_error)?;
            }
            Ok(solution.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Many(list) => {
            let out: Vec<Option<String>> =
                py.allow_threads(|| list.par_iter().map(|s| one(&parse(s).ok()?)).collect());
            Ok(out.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Array(grids) => {
            let rows: Vec<[u8; 81]> = py.allow_threads(|| {
                grids
                    .par_iter()
                    .map(|g| engine::solve_one(g).map_or([0; 81], |s| *s.values()))
                    .collect()
            });
            let flat: Vec<u8> = rows.iter().flatten().copied().collect();
            let array = Array2::from_shape_vec((rows.len(), 81), flat).map_err(value_error)?;
            Ok(array.into_pyarray(py).into_any().unbind())
        }
    }
}

/// Solutions counted up to `limit`: an int for a puzzle, a list for a list
/// (`None` for a bad puzzle), an int64 array for an (n, 81) uint8 array
/// (-1 for givens that break the rules).
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2))]
fn count_solutions(py: Python<'_>, puzzles: &Bound<'_, PyAny>, limit: u64) -> PyResult<PyObject> {
    // Givens that break the rules have no solution: they are looked for
    // only when the count is 0, as `check` does.
    let count = |g: &Grid| match engine::count_solutions(g, limit) {
        0 => rules::validate(g).map(|()| 0).map_err(|e| e.to_string()),
        n => Ok(n),
    };
    let count_text = |s: &str| parse(s).and_then(|g| count(&g));
    match self::puzzles(puzzles)? {
        Puzzles::One(s) => {
            let n = count_text(&s).map_err(value_error)?;
            Ok(n.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Many(list) => {
            let out: Vec<Option<u64>> =
                py.allow_threads(|| list.par_iter().map(|s| count_text(s).ok()).collect());
            Ok(out.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Array(grids) => {
            let out: Vec<i64> = py.allow_threads(|| {
                grids
                    .par_iter()
                    .map(|g| count(g).map_or(-1, |n| n as i64))
                    .collect()
            });
            Ok(Array1::from(out).into_pyarray(py).into_any().unbind())
        }
    }
}

/// Whether the puzzle has exactly one solution.
#[pyfunction]
fn is_unique(puzzle: &str) -> PyResult<bool> {
    let grid = valid(puzzle).map_err(value_error)?;
    Ok(engine::is_unique(&grid))
}

/// The `check` command's answer: `status` (`unique`, `multiple`, `none`,
/// `invalid`), `clues`, `digits`, `reason`, and with `minimal` whether
/// every clue is needed.
#[pyfunction]
#[pyo3(signature = (puzzle, minimal = false))]
fn check(py: Python<'_>, puzzle: &str, minimal: bool) -> PyResult<PyObject> {
    let grid = parse(puzzle).map_err(value_error)?;
    dict(py, &report::check_object(&grid, minimal))
}

/// `explain --format json`'s object: the grade, `status` and `steps`.
#[pyfunction]
#[pyo3(signature = (puzzle, techniques = None, lang = "en"))]
fn explain(
    py: Python<'_>,
    puzzle: &str,
    techniques: Option<&str>,
    lang: &str,
) -> PyResult<PyObject> {
    let marked = valid_position(puzzle).map_err(value_error)?;
    let (options, lang) = (self::options(techniques)?, self::lang(lang)?);
    let obj = py.allow_threads(|| report::explain_object(&marked, &options, lang));
    dict(py, &obj.map_err(value_error)?)
}

/// `hint --format json`'s object (the next step), or with `all` the
/// `hint --all` object (every step at the position).
#[pyfunction]
#[pyo3(signature = (puzzle, techniques = None, lang = "en", all = false))]
fn hint(
    py: Python<'_>,
    puzzle: &str,
    techniques: Option<&str>,
    lang: &str,
    all: bool,
) -> PyResult<PyObject> {
    let marked = valid_position(puzzle).map_err(value_error)?;
    let (options, lang) = (self::options(techniques)?, self::lang(lang)?);
    let obj = py.allow_threads(|| {
        if all {
            report::all_steps_object(&marked, options.techniques.as_deref(), lang)
        } else {
            report::hint_object(&marked, &options, lang)
        }
    });
    dict(py, &obj.map_err(value_error)?)
}

/// One puzzle's `grade --format json` object, or `{"puzzle", "error"}`.
fn grade_one(text: &str, options: &GradeOptions, lang: Lang, steps: bool) -> Map<String, Value> {
    let graded =
        valid_position(text).and_then(|marked| match grade::grade_position(&marked, options) {
            Ok(g) => Ok(report::grade_object(&marked, &g, lang)),
            Err(Invalid::Mistakes(m)) => Ok(report::mistakes_object(&marked, &m, lang)),
            Err(e) => Err(e.to_string()),
        });
    match graded {
        Ok(mut obj) => {
            if !steps {
                obj.remove("steps");
            }
            obj
        }
        Err(e) => {
            let mut obj = Map::new();
            obj.insert("puzzle".into(), text.trim().into());
            obj.insert("error".into(), e.into());
            obj
        }
    }
}

/// `grade --format json`'s object for a puzzle (HoDoKu `level` and
/// `score`, SE `rating`, `se_er`, `se_ep`, `se_ed`, `hardest`, `steps`), or
/// a list of them for a list, graded on all cores; a bad puzzle of a list
/// gets `{"puzzle": ..., "error": ...}`. `steps=False` leaves the steps out.
#[pyfunction]
#[pyo3(name = "grade", signature = (puzzles, techniques = None, lang = "en", steps = true))]
fn grade_puzzles(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    techniques: Option<&str>,
    lang: &str,
    steps: bool,
) -> PyResult<PyObject> {
    let options = GradeOptions {
        solver: self::options(techniques)?,
    };
    let lang = self::lang(lang)?;
    match self::puzzles(puzzles)? {
        Puzzles::One(s) => {
            let obj = py.allow_threads(|| grade_one(&s, &options, lang, steps));
            if let Some(Value::String(e)) = obj.get("error") {
                return Err(value_error(e));
            }
            dict(py, &obj)
        }
        Puzzles::Many(list) => {
            let objs: Vec<Map<String, Value>> = py.allow_threads(|| {
                list.par_iter()
                    .map(|s| grade_one(s, &options, lang, steps))
                    .collect()
            });
            let out = PyList::empty(py);
            for obj in &objs {
                out.append(dict(py, obj)?)?;
            }
            Ok(out.into_any().unbind())
        }
        Puzzles::Array(_) => Err(value_error("grade takes puzzle strings")),
    }
}

/// `n` puzzles as `sudokit generate` makes them: puzzle `i` comes from the
/// seed `seed + i`, so a seed gives the CLI's puzzles. Raises `ValueError`
/// for bad targets or when the attempts run out (`timeout` seconds each).
#[pyfunction]
#[pyo3(name = "generate", signature = (n = 1, level = None, technique = None, symmetry = "rotate180",
                    minimal = false, seed = None, clues = None, rating = None, timeout = 60.0))]
#[allow(clippy::too_many_arguments)]
fn generate_puzzles(
    py: Python<'_>,
    n: u64,
    level: Option<&str>,
    technique: Option<&str>,
    symmetry: &str,
    minimal: bool,
    seed: Option<u64>,
    clues: Option<usize>,
    rating: Option<&str>,
    timeout: f64,
) -> PyResult<Vec<String>> {
    let options = generate::Options {
        symmetry: symmetry.parse::<Symmetry>().map_err(value_error)?,
        minimal,
        level: level.map(str::parse).transpose().map_err(value_error)?,
        technique: technique.map(str::parse).transpose().map_err(value_error)?,
        max_clues: clues,
        rating: rating.map(str::parse).transpose().map_err(value_error)?,
        timeout: Some(std::time::Duration::from_secs_f64(timeout.max(0.0))),
        max_attempts: None,
    };
    let seed = seed.unwrap_or_else(random_seed);
    let made: Result<Vec<String>, String> = py.allow_threads(|| {
        (0..n)
            .into_par_iter()
            .map(|i| {
                generate::generate(&options, generate::puzzle_seed(seed, i))
                    .map(|g| g.puzzle.to_line())
                    .map_err(|e| e.to_string())
            })
            .collect()
    });
    made.map_err(value_error)
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish()
}

/// A run of the source documents' algorithms, as data: `solutions`,
/// `found`, `stop`, `stats`, and for deepening the iteration `trace` (the
/// text of `sudokit trace`), the search tree's `nodes` (at most
/// `max_nodes`: id, parent, level (also `depth`), iteration, cell, row,
/// col, digit, candidates (`d`), verdict, kind (`open`, `failed`,
/// `rejected`, `solution`), on_path, solution (its number), label) and its
/// `svg`, both in `lang`.
#[pyfunction]
#[pyo3(signature = (puzzle, algorithm = "deepening", select = "next", techniques = None,
                    seed = 0, limit = 1, max_iterations = None, max_nodes = 2000, lang = "es"))]
#[allow(clippy::too_many_arguments)]
fn trace(
    py: Python<'_>,
    puzzle: &str,
    algorithm: &str,
    select: &str,
    techniques: Option<&str>,
    seed: u64,
    limit: Option<u64>,
    max_iterations: Option<u64>,
    max_nodes: usize,
    lang: &str,
) -> PyResult<PyObject> {
    let grid = parse(puzzle).map_err(value_error)?;
    let limits = Limits {
        max_solutions: limit,
        max_iterations,
    };
    let lang = self::lang(lang)?;
    let mut solutions = Vec::new();
    let mut keep = |g: &Grid| {
        solutions.push(Value::from(g.to_line()));
        ControlFlow::Continue(())
    };
    let mut obj = Map::new();
    let outcome = match algorithm {
        "backtracking" => py.allow_threads(|| backtracking::search(&grid, limits, &mut keep)),
        "branch-and-bound" => {
            let budget = branch_bound::MemoryBudget::new(branch_bound::DEFAULT_MEMORY_CAP);
            py.allow_threads(|| branch_bound::search(&grid, limits, &budget, &mut keep))
        }
        "deepening" => {
            let options = deepening::Options {
                select: select.parse().map_err(value_error)?,
                seed,
                techniques: match techniques {
                    Some(list) => parse_techniques(list).map_err(value_error)?,
                    None => Technique::DEEPENING_DEFAULT.to_vec(),
                },
                limits,
            };
            let (outcome, text) =
                py.allow_threads(|| deepening_run(&grid, &options, lang, &mut keep));
            let (_, drawing) = py.allow_threads(|| deepening::tree(&grid, &options, max_nodes));
            let drawing = drawing.with_lang(lang);
            obj.insert("trace".into(), text.into());
            obj.insert("nodes".into(), tree_nodes(&drawing).into());
            obj.insert("svg".into(), drawing.to_svg().into());
            outcome
        }
        other => return Err(value_error(format!("unknown algorithm '{other}'"))),
    };
    let s = outcome.stats;
    let mut out = Map::new();
    out.insert("puzzle".into(), grid.to_line().into());
    out.insert("algorithm".into(), algorithm.into());
    out.insert("solutions".into(), solutions.into());
    out.insert("found".into(), outcome.found.into());
    out.insert("stop".into(), outcome.stop.to_string().into());
    out.insert(
        "stats".into(),
        serde_json::json!({
            "nodes": s.nodes, "iterations": s.iterations, "dead_ends": s.dead_ends,
            "max_depth": s.max_depth, "peak_live_nodes": s.peak_live_nodes,
            "peak_memory_bytes": s.peak_memory_bytes,
        }),
    );
    out.extend(obj);
    dict(py, &out)
}

/// The deepening search with its text trace.
fn deepening_run(
    grid: &Grid,
    options: &deepening::Options,
    lang: Lang,
    keep: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> (sudokit::classic::Outcome, String) {
    let mut writer = TextWriter::new(Vec::new(), lang, Style::Document);
    let outcome = deepening::trace(grid, options, &mut |e| {
        if e.verdict == Verdict::Solution && keep(e.board).is_break() {
            return ControlFlow::Break(());
        }
        writer.event(e)
    });
    let text = writer.finish(&outcome).unwrap_or_default();
    (outcome, String::from_utf8_lossy(&text).into_owned())
}

/// The kept nodes of a search tree as data, as the drawings label them.
fn tree_nodes(tree: &Tree) -> Vec<Value> {
    let verdict = |v: Verdict| match v {
        Verdict::Open => "open",
        Verdict::Failed => "failed",
        Verdict::Solution => "solution",
    };
    tree.nodes()
        .iter()
        .enumerate()
        .map(|(id, n)| {
            serde_json::json!({
                "id": id, "parent": n.parent, "level": n.level, "depth": n.level,
                "iteration": n.iteration,
                "cell": n.trial.map(|(c, _)| c.to_string()),
                "row": n.trial.map(|(c, _)| c.row() + 1),
                "col": n.trial.map(|(c, _)| c.col() + 1),
                "digit": n.trial.map(|(_, d)| d.get()),
                "candidates": n.candidates.iter().map(|d| d.get()).collect::<Vec<_>>(),
                "verdict": verdict(n.verdict), "kind": n.kind.name(),
                "on_path": n.on_path, "solution": n.solution,
                "label": n.label(tree.lang()),
            })
        })
        .collect()
}

/// The technique table: name, family, HoDoKu level and score, SE rating,
/// whether it is in the default set, and a summary in `lang`.
#[pyfunction]
#[pyo3(signature = (lang = "en"))]
fn techniques(py: Python<'_>, lang: &str) -> PyResult<PyObject> {
    let lang = self::lang(lang)?;
    let list: Vec<Value> = Technique::ALL
        .iter()
        .map(|&t| {
            let facts = t.facts();
            serde_json::json!({
                "name": t.name(), "family": t.family().name(),
                "level": facts.hodoku.map(|h| h.level.name()),
                "score": facts.hodoku.map(|h| h.score),
                "se": facts.se.rating, "default": t.is_default(),
                "available": t.is_available(), "summary": t.summary(lang),
            })
        })
        .collect();
    to_py(py, &Value::Array(list))
}

/// The extension module `sudokit._sudokit` (re-exported by `sudokit`).
#[pymodule]
fn _sudokit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(count_solutions, m)?)?;
    m.add_function(wrap_pyfunction!(is_unique, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(grade_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(generate_puzzles, m)?)?;
    m.add_function(wrap_pyfunction!(trace, m)?)?;
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
