//! sudokit for Python: a thin PyO3 shell over the library. Answers are the
//! library's own JSON objects (those of the CLI's `--format json`), turned
//! into Python dicts.
//!
//! Every call releases the GIL. The calls that can run long (list calls,
//! `count_solutions` with a large limit, `generate`, `trace`) run their work
//! on rayon's pool while the calling thread looks for Python signals every
//! 50 ms ([`interruptible`]), so Ctrl-C stops them: the work watches a stop
//! flag and returns, and the call raises `KeyboardInterrupt`.

use numpy::ndarray::{Array1, Array2};
use numpy::{IntoPyArray, PyReadonlyArray2};
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyFloat, PyList, PySequence, PyString, PyTuple};
use rayon::prelude::*;
use serde_json::{Map, Value};
use std::cell::Cell;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;
use sudokit::classic::trace::{self as text_trace, Lang, Style, TextWriter, Verdict};
use sudokit::classic::tree::Tree;
use sudokit::classic::{Limits, Outcome, Stop, backtracking, branch_bound, deepening};
use sudokit::generate::{self, GenerateError, Symmetry};
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::{Invalid, Options};
use sudokit::logic::{Technique, parse_techniques};
use sudokit::{Grid, MarkedGrid, engine, format, report, rules};

/// How often a call waiting for its work looks for Python signals.
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Counts up to this limit go through the engine's counter, which cannot
/// be stopped but takes at most milliseconds; larger ones count the
/// solution iterator and watch the stop flag ([`count_watching`]).
const FAST_COUNT_LIMIT: u64 = 10_000;

/// Solutions counted between two looks at the stop flag.
const COUNT_CHECK_EVERY: u64 = 4096;

/// The most nodes `trace` keeps in its tree, as `sudokit trace --max-nodes`.
const MAX_NODES: usize = 100_000;

/// The most solutions `trace` keeps in its `solutions` list (8 MB of
/// strings); `found` counts every one.
const MAX_KEPT_SOLUTIONS: usize = 100_000;

/// The most bytes of `trace`'s text; later steps are counted and left out.
const MAX_TRACE_BYTES: usize = 32 << 20;

/// The type error's list of what a call takes.
const TAKES_ARRAYS: &str =
    "expected a puzzle string, a list of them, or a uint8 array of shape (n, 81)";
const TAKES_LISTS: &str = "expected a puzzle string or a list of them";
const TAKES_ONE: &str = "expected a puzzle string";

/// Puzzles handed to Python: one string, a list of strings (an item that
/// is not text has its reason), or array rows (`None`: a cell above 9).
enum Puzzles {
    One(String),
    Many(Vec<Result<String, String>>),
    Array(Vec<Option<Grid>>),
}

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// Runs `work` without the GIL on rayon's pool, while this thread looks for
/// Python signals every [`SIGNAL_POLL`]. On one (Ctrl-C: `KeyboardInterrupt`)
/// it sets the flag handed to `work`, waits for `work` to notice it and
/// return, and raises the signal's error.
fn interruptible<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&AtomicBool) -> T + Send,
{
    let stop = AtomicBool::new(false);
    py.allow_threads(|| {
        let (tx, rx) = mpsc::channel();
        rayon::in_place_scope(|scope| {
            let stop = &stop;
            scope.spawn(move |_| {
                // The receiver is gone only once the call has given up.
                let _ = tx.send(work(stop));
            });
            loop {
                match rx.recv_timeout(SIGNAL_POLL) {
                    Ok(done) => return Ok(done),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::with_gil(|py| py.check_signals()) {
                            // The scope waits for `work` to return.
                            stop.store(true, Ordering::Relaxed);
                            return Err(e);
                        }
                    }
                    // `work` panicked: the scope raises its panic on exit.
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        return Err(PyRuntimeError::new_err("the work ended without an answer"));
                    }
                }
            }
        })
    })
}

/// `f` over `items` on all cores, interruptibly: each item first looks at
/// the stop flag (a relaxed load: nanoseconds beside a microsecond solve).
fn par_map<T, U, F>(py: Python<'_>, items: &[T], f: F) -> PyResult<Vec<U>>
where
    T: Sync,
    U: Send,
    F: Fn(&T, &AtomicBool) -> U + Sync + Send,
{
    let out: Option<Vec<U>> = interruptible(py, |stop| {
        items
            .par_iter()
            .map(|item| (!stop.load(Ordering::Relaxed)).then(|| f(item, stop)))
            .collect()
    })?;
    // The work stops early only once the call has raised.
    out.ok_or_else(|| PyKeyboardInterrupt::new_err(()))
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

/// The text of a Python `str`, or why it has none: a lone surrogate
/// (`"\ud800"`) cannot be UTF-8.
fn text_of(s: &Bound<'_, PyString>) -> Result<String, String> {
    match s.to_cow() {
        Ok(text) => Ok(text.into_owned()),
        Err(e) => {
            let at = e
                .value(s.py())
                .getattr("start")
                .and_then(|i| i.extract::<usize>())
                .map_or_else(|_| String::new(), |i| format!(" at index {i}"));
            Err(format!(
                "the string has a lone surrogate{at}: not valid text"
            ))
        }
    }
}

/// The one puzzle string of a single-puzzle call.
fn one_puzzle(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    match obj.downcast::<PyString>() {
        Ok(s) => text_of(s).map_err(value_error),
        Err(_) => Err(wrong_type(obj, TAKES_ONE)),
    }
}

/// The puzzles of a call that takes a string, a sequence of strings and,
/// with `arrays`, a 2-D `uint8` array of shape `(n, 81)`. The array is
/// looked for before sequences, so that an empty one is an array too.
fn puzzles(obj: &Bound<'_, PyAny>, arrays: bool) -> PyResult<Puzzles> {
    let expected = if arrays { TAKES_ARRAYS } else { TAKES_LISTS };
    if let Ok(s) = obj.downcast::<PyString>() {
        return text_of(s).map(Puzzles::One).map_err(value_error);
    }
    if arrays {
        if let Ok(array) = obj.extract::<PyReadonlyArray2<'_, u8>>() {
            let view = array.as_array();
            if view.ncols() != 81 {
                return Err(wrong_type(obj, expected));
            }
            let grids = view
                .rows()
                .into_iter()
                .map(|row| {
                    let mut cells = [0u8; 81];
                    for (slot, &v) in cells.iter_mut().zip(row.iter()) {
                        *slot = v;
                    }
                    Grid::from_values(cells)
                })
                .collect();
            return Ok(Puzzles::Array(grids));
        }
    }
    if let Ok(seq) = obj.downcast::<PySequence>() {
        let mut items = Vec::with_capacity(seq.len().unwrap_or(0));
        for (i, item) in obj.try_iter()?.enumerate() {
            let item = item?;
            match item.downcast::<PyString>() {
                Ok(s) => items.push(text_of(s)),
                Err(_) => {
                    return Err(PyTypeError::new_err(format!(
                        "{expected}, got {} whose item {i} is {}",
                        a_type(obj),
                        type_name(&item)
                    )));
                }
            }
        }
        return Ok(Puzzles::Many(items));
    }
    Err(wrong_type(obj, expected))
}

/// The `TypeError` for an argument of a type the call does not take
/// (`expected ...`); an array names its dtype and shape, since that is the
/// usual slip (`int64` from `np.array`, 80 columns).
fn wrong_type(obj: &Bound<'_, PyAny>, expected: &str) -> PyErr {
    let got = match (obj.getattr("dtype"), obj.getattr("shape")) {
        (Ok(dtype), Ok(shape)) => format!("an array of {dtype} and shape {shape}"),
        _ => type_name(obj),
    };
    PyTypeError::new_err(format!("{expected}, got {got}"))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "another type".to_owned(), |name| name.to_string())
}

/// `a list`, `a tuple`, `a deque`: a sequence's type with its article.
fn a_type(obj: &Bound<'_, PyAny>) -> String {
    if obj.is_instance_of::<PyList>() {
        "a list".to_owned()
    } else if obj.is_instance_of::<PyTuple>() {
        "a tuple".to_owned()
    } else {
        format!("a {}", type_name(obj))
    }
}

/// An integer argument as `u64`, or a `ValueError` naming it (`n must be 0
/// or more, got -1`). Arguments arrive as `i128`, so that a negative one is
/// not PyO3's bare `OverflowError`.
fn unsigned(name: &str, v: i128) -> PyResult<u64> {
    u64::try_from(v).map_err(|_| {
        if v < 0 {
            value_error(format!("{name} must be 0 or more, got {v}"))
        } else {
            value_error(format!("{name} must be at most {}, got {v}", u64::MAX))
        }
    })
}

/// A solution limit: at least 1, as the CLI's `--limit`.
fn limit(v: i128) -> PyResult<u64> {
    if v < 1 {
        return Err(value_error(format!("limit must be at least 1, got {v}")));
    }
    unsigned("limit", v)
}

/// `generate`'s timeout: more than 0 and at most 1e9 seconds, as the CLI's
/// `--timeout` takes it, with its message.
fn timeout(py: Python<'_>, seconds: f64) -> PyResult<Duration> {
    if seconds > 0.0 && seconds <= 1e9 {
        return Ok(Duration::from_secs_f64(seconds));
    }
    let shown = PyFloat::new(py, seconds)
        .repr()
        .map_or_else(|_| seconds.to_string(), |r| r.to_string());
    Err(value_error(format!(
        "timeout: expected a positive number of seconds, got {shown}"
    )))
}

/// A JSON value as the Python object `json.loads` would give.
fn to_py(py: Python<'_>, value: &Value) -> PyResult<PyObject> {
    Ok(match value {
        Value::Null => py.None(),
        Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any().unbind(),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => i.into_pyobject(py)?.into_any().unbind(),
            (None, Some(u), _) => u.into_pyobject(py)?.into_any().unbind(),
            (None, None, Some(f)) => f.into_pyobject(py)?.into_any().unbind(),
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
/// (rows of zeros where there is no solution, or a cell above 9). Bad
/// puzzles raise `ValueError` (in a list: `None` in their place).
#[pyfunction]
fn solve(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<PyObject> {
    let one = |g: &Grid| engine::solve_one(g).map(|s| s.to_line());
    match puzzles(puzzle, true)? {
        Puzzles::One(s) => {
            let solution = py.allow_threads(|| {
                let grid = parse(&s)?;
                match one(&grid) {
                    None => rules::validate(&grid)
                        .map(|()| None)
                        .map_err(|e| e.to_string()),
                    found => Ok(found),
                }
            });
            Ok(solution
                .map_err(value_error)?
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        Puzzles::Many(list) => {
            let out: Vec<Option<String>> =
                par_map(py, &list, |t, _| one(&parse(t.as_deref().ok()?).ok()?))?;
            Ok(out.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Array(grids) => {
            let rows: Vec<[u8; 81]> = par_map(py, &grids, |g, _| {
                g.as_ref()
                    .and_then(engine::solve_one)
                    .map_or([0; 81], |s| *s.values())
            })?;
            let flat: Vec<u8> = rows.iter().flatten().copied().collect();
            let array = Array2::from_shape_vec((rows.len(), 81), flat).map_err(value_error)?;
            Ok(array.into_pyarray(py).into_any().unbind())
        }
    }
}

/// Solutions of `grid` counted up to `limit`, or why there are none when
/// its givens break the rules (looked for only when the count is 0, as
/// `check` does). Large limits watch `stop`; the count is then cut short
/// and meaningless.
fn count(grid: &Grid, limit: u64, stop: &AtomicBool) -> Result<u64, String> {
    let n = if limit <= FAST_COUNT_LIMIT {
        engine::count_solutions(grid, limit)
    } else {
        count_watching(grid, limit, stop)
    };
    if n == 0 {
        rules::validate(grid).map_err(|e| e.to_string())?;
    }
    Ok(n)
}

/// [`engine::count_solutions`] through the engine's solution iterator,
/// looking at `stop` every [`COUNT_CHECK_EVERY`] solutions.
fn count_watching(grid: &Grid, limit: u64, stop: &AtomicBool) -> u64 {
    let mut n = 0;
    for _ in engine::solutions(grid) {
        n += 1;
        if n >= limit || (n % COUNT_CHECK_EVERY == 0 && stop.load(Ordering::Relaxed)) {
            break;
        }
    }
    n
}

/// Solutions counted up to `limit` (at least 1): an int for a puzzle, a
/// list for a list (`None` for a bad puzzle), an int64 array for an (n, 81)
/// uint8 array (-1 for givens that break the rules or a cell above 9).
#[pyfunction]
#[pyo3(signature = (puzzles, limit = 2))]
fn count_solutions(py: Python<'_>, puzzles: &Bound<'_, PyAny>, limit: i128) -> PyResult<PyObject> {
    let limit = self::limit(limit)?;
    let count_text = |s: &str, stop: &AtomicBool| parse(s).and_then(|g| count(&g, limit, stop));
    match self::puzzles(puzzles, true)? {
        Puzzles::One(s) => {
            let n = if limit <= FAST_COUNT_LIMIT {
                py.allow_threads(|| count_text(&s, &AtomicBool::new(false)))
            } else {
                interruptible(py, |stop| count_text(&s, stop))?
            };
            Ok(n.map_err(value_error)?
                .into_pyobject(py)?
                .into_any()
                .unbind())
        }
        Puzzles::Many(list) => {
            let out: Vec<Option<u64>> = par_map(py, &list, |t, stop| {
                count_text(t.as_deref().ok()?, stop).ok()
            })?;
            Ok(out.into_pyobject(py)?.into_any().unbind())
        }
        Puzzles::Array(grids) => {
            let out: Vec<i64> = par_map(py, &grids, |g, stop| {
                g.as_ref()
                    .and_then(|g| count(g, limit, stop).ok())
                    .map_or(-1, |n| i64::try_from(n).unwrap_or(i64::MAX))
            })?;
            Ok(Array1::from(out).into_pyarray(py).into_any().unbind())
        }
    }
}

/// Whether the puzzle has exactly one solution.
#[pyfunction]
fn is_unique(py: Python<'_>, puzzle: &Bound<'_, PyAny>) -> PyResult<bool> {
    let text = one_puzzle(puzzle)?;
    py.allow_threads(|| valid(&text).map(|g| engine::is_unique(&g)))
        .map_err(value_error)
}

/// The `check` command's answer: `status` (`unique`, `multiple`, `none`,
/// `invalid`), `clues`, `digits`, `reason`, and with `minimal` whether
/// every clue is needed.
#[pyfunction]
#[pyo3(signature = (puzzle, minimal = false))]
fn check(py: Python<'_>, puzzle: &Bound<'_, PyAny>, minimal: bool) -> PyResult<PyObject> {
    let text = one_puzzle(puzzle)?;
    let obj = py.allow_threads(|| parse(&text).map(|g| report::check_object(&g, minimal)));
    dict(py, &obj.map_err(value_error)?)
}

/// `explain --format json`'s object: the grade, `status` and `steps`.
#[pyfunction]
#[pyo3(signature = (puzzle, techniques = None, lang = "en"))]
fn explain(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    techniques: Option<&str>,
    lang: &str,
) -> PyResult<PyObject> {
    let marked = valid_position(&one_puzzle(puzzle)?).map_err(value_error)?;
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
    puzzle: &Bound<'_, PyAny>,
    techniques: Option<&str>,
    lang: &str,
    all: bool,
) -> PyResult<PyObject> {
    let marked = valid_position(&one_puzzle(puzzle)?).map_err(value_error)?;
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

/// The CLI's error object, `{"puzzle", "status": "invalid", "error"}`: the
/// puzzle as its line, or null for text that is not one.
fn invalid_object(grid: Option<&Grid>, reason: &str) -> Map<String, Value> {
    let mut obj = Map::new();
    obj.insert("puzzle".into(), grid.map(Grid::to_line).into());
    obj.insert("status".into(), "invalid".into());
    obj.insert("error".into(), reason.into());
    obj
}

/// One puzzle's `grade --format json` object (without the input's `file`
/// and `line`), or the CLI's error object.
fn grade_one(
    text: Result<&str, &str>,
    options: &GradeOptions,
    lang: Lang,
    steps: bool,
) -> Map<String, Value> {
    let read = match text {
        Ok(t) => format::parse_one_puzzle(t).map_err(|e| e.kind.to_string()),
        Err(e) => Err(e.to_owned()),
    };
    let read = match read {
        Ok(read) => read,
        Err(e) => return invalid_object(None, &e),
    };
    if let Err(e) = rules::validate(&read.grid) {
        return invalid_object(Some(&read.grid), &e.to_string());
    }
    let marked = read
        .position
        .unwrap_or_else(|| MarkedGrid::from_givens(read.grid));
    let mut obj = match grade::grade_position(&marked, options) {
        Ok(g) => report::grade_object(&marked, &g, lang),
        Err(Invalid::Mistakes(m)) => report::mistakes_object(&marked, &m, lang),
        Err(e) => return invalid_object(Some(&read.grid), &e.to_string()),
    };
    if !steps {
        obj.remove("steps");
    }
    obj
}

/// `grade --format json`'s object for a puzzle (HoDoKu `level` and
/// `score`, SE `rating`, `se_er`, `se_ep`, `se_ed`, `hardest`, `steps`), or
/// a list of them for a list, graded on all cores; a bad puzzle of a list
/// gets the CLI's `{"puzzle", "status": "invalid", "error"}`.
/// `steps=False` leaves the steps out.
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
    match self::puzzles(puzzles, false)? {
        Puzzles::One(s) => {
            let obj = py.allow_threads(|| grade_one(Ok(&s), &options, lang, steps));
            if obj.get("status").and_then(Value::as_str) == Some("invalid") {
                if let Some(Value::String(e)) = obj.get("error") {
                    return Err(value_error(e));
                }
            }
            dict(py, &obj)
        }
        Puzzles::Many(list) => {
            let objs = par_map(py, &list, |t, _| {
                grade_one(t.as_deref().map_err(String::as_str), &options, lang, steps)
            })?;
            let out = PyList::empty(py);
            for obj in &objs {
                out.append(dict(py, obj)?)?;
            }
            Ok(out.into_any().unbind())
        }
        Puzzles::Array(_) => Err(wrong_type(puzzles, TAKES_LISTS)),
    }
}

/// `n` puzzles as `sudokit generate` makes them: puzzle `i` comes from the
/// seed `seed + i`, so a seed gives the CLI's puzzles. Raises `ValueError`
/// for bad targets or when the attempts run out (`timeout` seconds each,
/// more than 0 and at most 1e9).
#[pyfunction]
#[pyo3(name = "generate", signature = (n = 1, level = None, technique = None, symmetry = "rotate180",
                    minimal = false, seed = None, clues = None, rating = None, timeout = 60.0))]
#[allow(clippy::too_many_arguments)]
fn generate_puzzles(
    py: Python<'_>,
    n: i128,
    level: Option<&str>,
    technique: Option<&str>,
    symmetry: &str,
    minimal: bool,
    seed: Option<i128>,
    clues: Option<i128>,
    rating: Option<&str>,
    timeout: f64,
) -> PyResult<Vec<String>> {
    let n = unsigned("n", n)?;
    let clues = clues
        .map(|c| unsigned("clues", c).map(|c| usize::try_from(c).unwrap_or(usize::MAX)))
        .transpose()?;
    let seed = seed.map(|s| unsigned("seed", s)).transpose()?;
    let options = generate::Options {
        symmetry: symmetry.parse::<Symmetry>().map_err(value_error)?,
        minimal,
        level: level.map(str::parse).transpose().map_err(value_error)?,
        technique: technique.map(str::parse).transpose().map_err(value_error)?,
        max_clues: clues,
        rating: rating.map(str::parse).transpose().map_err(value_error)?,
        timeout: Some(self::timeout(py, timeout)?),
        max_attempts: None,
    };
    let seed = seed.unwrap_or_else(random_seed);
    let made: Vec<Result<String, GenerateError>> = interruptible(py, |stop| {
        // A puzzle that fails stops the others, as in the CLI.
        let failed = AtomicBool::new(false);
        let stopped = || stop.load(Ordering::Relaxed) || failed.load(Ordering::Relaxed);
        (0..n)
            .into_par_iter()
            .map(|i| {
                let made =
                    generate::generate_until(&options, generate::puzzle_seed(seed, i), stopped);
                if made.is_err() {
                    failed.store(true, Ordering::Relaxed);
                }
                made.map(|g| g.puzzle.to_line())
            })
            .collect()
    })?;
    // The first real error, not the others' `Stopped`.
    if let Some(e) = made
        .iter()
        .filter_map(|m| m.as_ref().err())
        .find(|e| **e != GenerateError::Stopped)
    {
        return Err(value_error(e));
    }
    made.into_iter().map(|m| m.map_err(value_error)).collect()
}

fn random_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(0x5eed);
    h.finish()
}

/// A run of the source documents' algorithms, as data: the keys of
/// `sudokit trace --format json` (`puzzle`, `solutions`, `trace` for
/// deepening, `status`, `stop`, `stats`) with the same values, and
/// `algorithm`, `found`, and for deepening the search tree's `nodes` (at
/// most `max_nodes`, 1 to 100 000: id, parent, level (also `depth`),
/// iteration, cell, row, col, digit, candidates (`d`), verdict, kind
/// (`open`, `failed`, `rejected`, `solution`), on_path, solution (its
/// number), label) and its `svg`, both in `lang`. `limit=None` searches
/// for every solution (the CLI's `--all`): `found` counts them all,
/// `solutions` keeps the first 100 000 and `trace` its first 32 MiB.
#[pyfunction]
#[pyo3(signature = (puzzle, algorithm = "deepening", select = None, techniques = None,
                    seed = None, limit = Some(1), max_iterations = None, max_nodes = 2000, lang = "es"),
       text_signature = "(puzzle, algorithm=\"deepening\", select=None, techniques=None, seed=None, limit=1, max_iterations=None, max_nodes=2000, lang=\"es\")")]
#[allow(clippy::too_many_arguments)]
fn trace(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    algorithm: &str,
    select: Option<&str>,
    techniques: Option<&str>,
    seed: Option<i128>,
    limit: Option<i128>,
    max_iterations: Option<i128>,
    max_nodes: i128,
    lang: &str,
) -> PyResult<PyObject> {
    let grid = valid(&one_puzzle(puzzle)?).map_err(value_error)?;
    let limits = Limits {
        max_solutions: limit.map(self::limit).transpose()?,
        max_iterations: max_iterations
            .map(|m| unsigned("max_iterations", m))
            .transpose()?,
    };
    let max_nodes = self::max_nodes(max_nodes)?;
    let seed = seed.map(|s| unsigned("seed", s)).transpose()?;
    let lang = self::lang(lang)?;
    let deepening_only = [
        ("select", select.is_some()),
        ("seed", seed.is_some()),
        ("techniques", techniques.is_some()),
    ];
    let run = match algorithm {
        "backtracking" | "branch-and-bound" => {
            if let Some((name, _)) = deepening_only.iter().find(|(_, given)| *given) {
                return Err(value_error(format!(
                    "{name} applies only to algorithm deepening, not {algorithm}"
                )));
            }
            Run::Classic {
                bound: algorithm == "branch-and-bound",
            }
        }
        "deepening" => Run::Deepening(deepening::Options {
            select: select.unwrap_or("next").parse().map_err(value_error)?,
            seed: seed.unwrap_or(0),
            techniques: match techniques {
                Some(list) => parse_techniques(list).map_err(value_error)?,
                None => Technique::DEEPENING_DEFAULT.to_vec(),
            },
            limits,
        }),
        other => {
            return Err(value_error(format!(
                "unknown algorithm '{other}' (expected backtracking, branch-and-bound or deepening)"
            )));
        }
    };
    let traced = interruptible(py, |stop| run.go(&grid, limits, max_nodes, lang, stop))?;
    if traced.outcome.stop == Stop::Cancelled {
        // Only the stop flag cancels, and the call has raised then.
        return Err(PyKeyboardInterrupt::new_err(()));
    }
    dict(py, &traced.object(&grid, algorithm))
}

/// `max_nodes`: 1 to [`MAX_NODES`], as the CLI's `--max-nodes`.
fn max_nodes(v: i128) -> PyResult<usize> {
    if v < 1 {
        return Err(value_error(format!(
            "max_nodes must be at least 1, got {v}"
        )));
    }
    match usize::try_from(v) {
        Ok(n) if n <= MAX_NODES => Ok(n),
        _ => Err(value_error(format!(
            "max_nodes {v}: at most {MAX_NODES} (a larger drawing is too large to view, and its memory would grow with it)"
        ))),
    }
}

/// The search `trace` runs.
enum Run {
    /// Backtracking, or branch and bound.
    Classic { bound: bool },
    /// Backtracking with deepening, with its text trace and tree.
    Deepening(deepening::Options),
}

/// What a run of `trace` found.
struct Traced {
    outcome: Outcome,
    /// The first [`MAX_KEPT_SOLUTIONS`] solutions.
    solutions: Vec<Value>,
    /// Deepening's text trace and tree.
    deepening: Option<(String, Tree)>,
}

impl Run {
    /// Runs the search, stopping (`Stop::Cancelled`) once `stop` is set:
    /// its callbacks look at the flag at each solution, and deepening's at
    /// each trial.
    fn go(
        &self,
        grid: &Grid,
        limits: Limits,
        max_nodes: usize,
        lang: Lang,
        stop: &AtomicBool,
    ) -> Traced {
        let mut solutions = Vec::new();
        let mut keep = |g: &Grid| {
            if solutions.len() < MAX_KEPT_SOLUTIONS {
                solutions.push(Value::from(g.to_line()));
            }
        };
        let stopped = || stop.load(Ordering::Relaxed);
        let mut on_solution = |g: &Grid| {
            if stopped() {
                return ControlFlow::Break(());
            }
            keep(g);
            ControlFlow::Continue(())
        };
        let (outcome, deepening) = match self {
            Run::Classic { bound: false } => {
                (backtracking::search(grid, limits, &mut on_solution), None)
            }
            Run::Classic { bound: true } => {
                let budget = branch_bound::MemoryBudget::new(branch_bound::DEFAULT_MEMORY_CAP);
                (
                    branch_bound::search(grid, limits, &budget, &mut on_solution),
                    None,
                )
            }
            Run::Deepening(options) => {
                // One run gives the solutions, the text (as `trace` prints
                // it) and the tree (as `deepening::tree` draws it).
                let written = Cell::new(0);
                let mut writer = TextWriter::new(Sink::new(&written), lang, Style::Document);
                let mut tree = Tree::new(options, max_nodes);
                let mut left_out = 0u64;
                let outcome = deepening::trace(grid, options, &mut |e| {
                    if stopped() {
                        return ControlFlow::Break(());
                    }
                    tree.record(e);
                    if e.verdict == Verdict::Solution {
                        keep(e.board);
                    }
                    if written.get() < MAX_TRACE_BYTES {
                        writer.event(e)
                    } else {
                        left_out += 1;
                        ControlFlow::Continue(())
                    }
                });
                tree.finish(&outcome);
                let text = writer.finish(&outcome).map(|s| s.buf).unwrap_or_default();
                let text = cut_note(
                    String::from_utf8_lossy(&text).into_owned(),
                    &outcome,
                    left_out,
                    lang,
                );
                (outcome, Some((text, tree.with_lang(lang))))
            }
        };
        Traced {
            outcome,
            solutions,
            deepening,
        }
    }
}

/// `text` (a trace ending with its summary line) with a line before the
/// summary saying how many steps were left out, if any.
fn cut_note(mut text: String, outcome: &Outcome, left_out: u64, lang: Lang) -> String {
    if left_out == 0 {
        return text;
    }
    let mib = MAX_TRACE_BYTES >> 20;
    let note = match lang {
        Lang::En => {
            let steps = if left_out == 1 { "step" } else { "steps" };
            format!("... {left_out} more {steps} left out: the trace keeps its first {mib} MiB\n")
        }
        Lang::Es => {
            let steps = if left_out == 1 {
                "paso omitido"
            } else {
                "pasos omitidos"
            };
            format!("... {left_out} {steps} más: la traza guarda sus primeros {mib} MiB\n")
        }
    };
    let summary = text_trace::summary(outcome, lang).len() + 1;
    text.insert_str(text.len().saturating_sub(summary), &note);
    text
}

/// Bytes kept in memory, their count shared with the search's callback.
struct Sink<'a> {
    buf: Vec<u8>,
    written: &'a Cell<usize>,
}

impl<'a> Sink<'a> {
    fn new(written: &'a Cell<usize>) -> Sink<'a> {
        Sink {
            buf: Vec::new(),
            written,
        }
    }
}

impl Write for Sink<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        self.written.set(self.buf.len());
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Traced {
    /// The dict: the CLI's keys first, in its order, then Python's own.
    fn object(self, grid: &Grid, algorithm: &str) -> Map<String, Value> {
        let (o, s) = (self.outcome, self.outcome.stats);
        let status = match (o.found, o.stop) {
            (0, Stop::Exhausted) => "unsolvable",
            (0, _) => "stopped",
            _ => "solved",
        };
        let mut out = Map::new();
        out.insert("puzzle".into(), grid.to_line().into());
        out.insert("solutions".into(), self.solutions.into());
        let (text, tree) = self.deepening.unzip();
        if let Some(text) = text {
            out.insert("trace".into(), text.into());
        }
        out.insert("status".into(), status.into());
        out.insert("stop".into(), o.stop.to_string().into());
        out.insert(
            "stats".into(),
            serde_json::json!({
                "iterations": s.iterations, "nodes": s.nodes, "dead_ends": s.dead_ends,
                "max_depth": s.max_depth, "peak_live_nodes": s.peak_live_nodes,
                "peak_memory_bytes": s.peak_memory_bytes,
                // As the CLI rounds it: one decimal.
                "time_us": (s.elapsed.as_secs_f64() * 1e7).round() / 10.0,
            }),
        );
        out.insert("algorithm".into(), algorithm.into());
        out.insert("found".into(), o.found.into());
        if let Some(tree) = tree {
            out.insert("nodes".into(), tree_nodes(&tree).into());
            out.insert("svg".into(), tree.to_svg().into());
        }
        out
    }
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
