//! Players' positions (placed digits, pencil marks) in every pencil-mark
//! format, answered by `hint`, `explain`, `grade`, `solve` and `count`:
//! from where the player is, mistakes first.

use super::{P17, P17_SOLUTION, grid, run, temp_file};
use serde_json::Value;
use sudokit::format::{to_hodoku_library, to_pm_grid, to_pm729, to_simple_sudoku};
use sudokit::{Candidates, Cell, DigitSet, Grid, MarkedGrid};

/// P17 with r1c2 and r1c3 placed right and every other empty cell's marks
/// cut to the solution's digit and one more: easy from there.
fn narrowed() -> MarkedGrid {
    let givens = grid(P17);
    let solution = grid(P17_SOLUTION);
    let mut values = givens;
    for c in [1, 2] {
        let cell = Cell::new(c).unwrap();
        values.set(cell, solution.get(cell));
    }
    let all = Candidates::from_grid(&values);
    let mut marks = [DigitSet::EMPTY; 81];
    for cell in values.empty_cells() {
        let right = solution.get(cell).unwrap();
        let other = all.get(cell).iter().find(|&d| d != right).unwrap();
        marks[cell.index()] = [right, other].into_iter().collect();
    }
    MarkedGrid::new(givens, values, marks).unwrap()
}

/// `position` with the true candidate of the first marked cell struck.
fn with_struck_truth(position: &MarkedGrid) -> (MarkedGrid, Cell) {
    let solution = grid(P17_SOLUTION);
    let cell = Cell::all()
        .find(|&c| !position.marks(c).is_empty())
        .unwrap();
    let mut marks: [DigitSet; 81] = std::array::from_fn(|i| position.marks(Cell::new(i).unwrap()));
    marks[cell.index()].remove(solution.get(cell).unwrap());
    let values = *position.values();
    (
        MarkedGrid::new(*position.givens(), values, marks).unwrap(),
        cell,
    )
}

/// Every format that keeps this position whole, written to a file.
fn files(position: &MarkedGrid, tag: &str) -> Vec<std::path::PathBuf> {
    [
        ("library", to_hodoku_library(position)),
        ("simple", to_simple_sudoku(position)),
    ]
    .into_iter()
    .map(|(name, text)| temp_file(&format!("{tag}-{name}.txt"), text.as_bytes()))
    .collect()
}

/// Asserts that a JSON step is sound: placements are the solution's,
/// eliminations are not, and each was a candidate of the position.
fn assert_sound_step(step: &Value, candidates: &Candidates) {
    let solution = grid(P17_SOLUTION);
    let cell = |v: &Value| -> Cell {
        let name = v["cell"].as_str().unwrap().as_bytes();
        Cell::at(usize::from(name[1] - b'1'), usize::from(name[3] - b'1')).unwrap()
    };
    let digit = |v: &Value| v["digit"].as_u64().unwrap() as u8;
    for p in step["placements"].as_array().unwrap() {
        assert_eq!(solution[cell(p)], digit(p), "{step}");
    }
    for e in step["eliminations"].as_array().unwrap() {
        assert_ne!(solution[cell(e)], digit(e), "{step}");
        let d = sudokit::Digit::new(digit(e)).unwrap();
        assert!(candidates.get(cell(e)).contains(d), "{step}");
    }
}

#[test]
fn hint_comes_from_the_players_marks_in_each_format() {
    let position = narrowed();
    let from_givens = run(&["hint", "--format", "json", P17]);
    let plain: Value = serde_json::from_str(from_givens.out.trim()).unwrap();
    for file in files(&position, "hint") {
        let r = run(&["hint", "--format", "json", file.to_str().unwrap()]);
        assert_eq!(r.code, 0, "{}", r.err);
        let v: Value = serde_json::from_str(r.out.trim()).unwrap();
        assert_eq!(v["status"], "step");
        assert_eq!(v["puzzle"], P17);
        assert_eq!(v["values"], position.values().to_line());
        assert_sound_step(&v["steps"][0], &position.candidates());
        // The marks make it easy: not the step the bare givens give.
        assert_ne!(v["steps"][0], plain["steps"][0], "{}", file.display());
    }
}

#[test]
fn explain_and_grade_go_on_from_the_position() {
    let position = narrowed();
    let file = &files(&position, "explain")[0];
    let r = run(&["explain", "--format", "json", file.to_str().unwrap()]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["status"], "solved");
    let placed: usize = v["steps"]
        .as_array()
        .unwrap()
        .iter()
        .inspect(|s| assert_sound_step(s, &Candidates::from_grid(&Grid::default())))
        .map(|s| s["placements"].as_array().unwrap().len())
        .sum();
    assert_eq!(placed, position.values().empty_cells().count());
    let whole = run(&["grade", P17]);
    let rest = run(&["grade", file.to_str().unwrap()]);
    assert_eq!(rest.code, 0, "{}", rest.err);
    // Two candidates a cell leave less to do than the bare puzzle.
    let score = |out: &str| out.split('\t').nth(1).unwrap().parse::<u32>().unwrap();
    assert!(
        score(&rest.out) < score(&whole.out),
        "{} vs {}",
        rest.out,
        whole.out
    );
}

#[test]
fn mistakes_come_first_with_a_clear_line() {
    let (position, cell) = with_struck_truth(&narrowed());
    let d = grid(P17_SOLUTION)[cell];
    let file = &files(&position, "mistakes")[0];
    let name = file.to_str().unwrap();
    let r = run(&["hint", name]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.out,
        format!("Mistakes: {cell}: candidate {d} was removed but is needed.\n")
    );
    assert_eq!(r.err, format!("{name}:1: the position has mistakes\n"));
    let r = run(&["hint", "--lang", "es", name]);
    assert_eq!(
        r.out,
        format!("Errores: {cell}: se quitó el candidato {d}, que hace falta.\n")
    );
    let r = run(&["explain", "--format", "json", name]);
    assert_eq!(r.code, 1);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["status"], "mistakes");
    assert_eq!(v["mistakes"]["removed"][0]["cell"], cell.to_string());
    assert_eq!(v["mistakes"]["removed"][0]["digit"], u64::from(d));
    let r = run(&["count", name]);
    assert_eq!((r.out.as_str(), r.code), ("0\n", 1));
    assert_eq!(
        r.err,
        format!("{name}:1: mistakes: {cell}: candidate {d} was removed but is needed\n")
    );
    let r = run(&["solve", name]);
    assert_eq!((r.out.as_str(), r.code), ("\n", 1));
    assert!(r.err.contains("no solution: mistakes"), "{}", r.err);
}

#[test]
fn a_wrong_digit_is_named() {
    let solution = grid(P17_SOLUTION);
    let givens = grid(P17);
    let cell = givens.empty_cells().next().unwrap();
    let wrong = (1..=9)
        .map(|d| sudokit::Digit::new(d).unwrap())
        .find(|&d| solution.get(cell) != Some(d))
        .unwrap();
    let mut values = givens;
    values.set(cell, Some(wrong));
    let position = MarkedGrid::new(givens, values, [DigitSet::EMPTY; 81]).unwrap();
    let file = temp_file("wrong.txt", to_hodoku_library(&position).as_bytes());
    let r = run(&["hint", file.to_str().unwrap()]);
    assert_eq!(
        r.out,
        format!("Mistakes: {cell} holds {wrong}, which is wrong.\n")
    );
    assert_eq!(r.code, 1);
}

#[test]
fn solve_and_count_respect_the_marks() {
    // With no givens the marks are the puzzle (a "sukaku"): the solution's
    // digit and one more per cell, except the last row's, leave one
    // solution, which `solve` finds and `count` counts.
    let solution = grid(P17_SOLUTION);
    let all = Candidates::from_grid(&Grid::default());
    let mut marks = [DigitSet::EMPTY; 81];
    for cell in Cell::all().filter(|c| c.row() < 8) {
        let right = solution.get(cell).unwrap();
        let other = all.get(cell).iter().find(|&d| d != right).unwrap();
        marks[cell.index()] = [right, other].into_iter().collect();
    }
    let empty = Grid::default();
    let position = MarkedGrid::new(empty, empty, marks).unwrap();
    let text = to_pm729(&position);
    let r = run(&["count", &text]);
    let count: u64 = r.out.trim().trim_end_matches('+').parse().unwrap();
    assert!(count >= 1, "{}", r.out);
    let r = run(&["solve", "--format", "json", &text]);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    let found = grid(v["solution"].as_str().unwrap());
    for cell in Cell::all().filter(|c| c.row() < 8) {
        assert!(marks[cell.index()].contains(found.get(cell).unwrap()));
    }
    assert!(sudokit::rules::is_solved(&found));
    assert_eq!(count > 1, v.get("unique") == Some(&Value::Bool(false)));
    // The classic algorithms search digits only: marks are refused.
    let r = run(&["count", "--algorithm", "backtracking", &text]);
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains("pencil marks need --algorithm fast"),
        "{}",
        r.err
    );
}

#[test]
fn sudokit_reads_its_own_candidates() {
    // `hint --candidates` draws the pencil marks; read back, they are the
    // same position, and its hint is the same step.
    let r = run(&["hint", "--candidates", P17]);
    let drawn: String = r.out.lines().take(13).map(|l| format!("{l}\n")).collect();
    let file = temp_file("drawn.txt", drawn.as_bytes());
    let again = run(&["hint", file.to_str().unwrap()]);
    assert_eq!(again.code, 0, "{}", again.err);
    assert_eq!(again.out, r.out.lines().nth(13).unwrap().to_string() + "\n");
    let pm = to_pm_grid(&MarkedGrid::from_givens(grid(P17)));
    let file = temp_file("pm.txt", pm.as_bytes());
    let r = run(&["count", file.to_str().unwrap()]);
    assert_eq!(r.out, "1\n");
}
