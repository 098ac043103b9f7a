//! `sudokit check`: unique, multiple, none or invalid, with clue and digit
//! counts, and with `--minimal` whether every clue is needed.
//!
//! Line format, tab-separated: `VERDICT<TAB>N clues<TAB>D digits`, then the
//! reason when there is one (`invalid`: the clash; `multiple` found without
//! searching: why), then with `--minimal` for a unique puzzle `minimal` or
//! `not minimal: rXcY can go`.

use crate::batch;
use crate::batch::Out;
use crate::cli::{CheckArgs, Format};
use crate::input::Entry;
use crate::output;
use std::process::ExitCode;
use sudokit::{Cell, Grid, engine, rules};

/// Runs `check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let format = args.common.format;
    batch::run(
        args.common.source(),
        args.common.threads,
        format,
        |entry, grid, out| answer(entry, grid, args.minimal, format, out),
    )
}

/// What `check` found about one puzzle.
struct Verdict {
    word: &'static str,
    reason: Option<String>,
    /// With `--minimal`, for a unique puzzle: a clue that can go, if any.
    removable: Option<Option<Cell>>,
}

/// `clues` and `digits` are the grid's counts, worked out once by the caller.
fn verdict(grid: &Grid, clues: usize, digits: usize, minimal: bool) -> Verdict {
    // Clashing givens have no solution, so the clash is looked for only
    // when the search finds none (or none is made): valid puzzles, nearly
    // all of them, skip it.
    let invalid = || {
        rules::validate(grid)
            .err()
            .map(|c| ("invalid", Some(c.to_string())))
    };
    let hopeless = (clues < 17 || digits < 8)
        .then(|| rules::hopeless(grid))
        .flatten();
    let (word, reason) = if let Some(why) = hopeless {
        // Not unique, proven without searching; but it may have no solution
        // at all, which one quick probe tells (sparse grids solve at once).
        if engine::count_solutions(grid, 1) == 0 {
            invalid().unwrap_or(("none", None))
        } else {
            ("multiple", Some(why.to_string()))
        }
    } else {
        match engine::count_solutions(grid, 2) {
            0 => invalid().unwrap_or(("none", None)),
            1 => ("unique", None),
            _ => ("multiple", None),
        }
    };
    let removable = (minimal && word == "unique").then(|| removable_clue(grid));
    Verdict {
        word,
        reason,
        removable,
    }
}

/// The first clue, in row-major order, whose removal keeps the solution unique.
fn removable_clue(grid: &Grid) -> Option<Cell> {
    Cell::all().filter(|&c| grid[c] != 0).find(|&c| {
        let mut fewer = *grid;
        fewer.set(c, None);
        engine::is_unique(&fewer)
    })
}

/// The grid's clues and the different digits among them, as
/// [`Grid::clues`] and [`Grid::distinct_digits`] count them, without a
/// branch per cell: those two were 3 % of `check`'s instructions.
fn clues_and_digits(grid: &Grid) -> (usize, usize) {
    let values = grid.values();
    // At most 81: a byte holds the sum, which then adds 16 cells at once.
    let clues: u8 = values.iter().map(|&v| u8::from(v != 0)).sum();
    let mut seen = [0u8; 16];
    for &v in values {
        seen[usize::from(v & 15)] = 1;
    }
    let digits: u8 = seen[1..10].iter().sum();
    (usize::from(clues), usize::from(digits))
}

fn answer(entry: &Entry, grid: &Grid, minimal: bool, format: Format, out: &mut Out) {
    let (clues, digits) = clues_and_digits(grid);
    let v = verdict(grid, clues, digits, minimal);
    let passed = v.word == "unique" && v.removable.is_none_or(|r| r.is_none());
    if !passed {
        out.fail();
    }
    match format {
        Format::Line => {
            write_line(out, &v, clues, digits);
            out.push_str("\n");
        }
        Format::Grid => {
            out.push_str(&grid.to_block());
            write_line(out, &v, clues, digits);
            out.push_str("\n\n");
        }
        Format::Json => {
            let mut obj = output::object(entry, Some(grid));
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
            out.push_str(&output::json_line(obj));
        }
    }
}

/// The tab-separated line of a verdict, written straight into the output:
/// `check` runs at the engine's pace, a few µs a puzzle.
fn write_line(out: &mut Out, v: &Verdict, clues: usize, digits: usize) {
    out.push_str(v.word);
    for (n, noun) in [(clues, "clue"), (digits, "digit")] {
        out.push_str("\t");
        // At most 81 clues and 9 digits: two decimal digits at most.
        if n >= 10 {
            out.push_bytes(&[b'0' + (n / 10 % 10) as u8]);
        }
        out.push_bytes(&[b'0' + (n % 10) as u8, b' ']);
        out.push_str(noun);
        if n != 1 {
            out.push_str("s");
        }
    }
    if let Some(reason) = &v.reason {
        out.push_str("\t");
        out.push_str(reason);
    }
    match v.removable {
        Some(None) => out.push_str("\tminimal"),
        Some(Some(cell)) => out.push_str(&format!("\tnot minimal: {cell} can go")),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_and_digits_agree_with_the_grid() {
        let lines = [
            ".".repeat(81),
            "123456789".repeat(9),
            format!("1{}", ".".repeat(80)),
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .to_string(),
            "9........".repeat(9),
        ];
        for line in &lines {
            let grid: Grid = line.parse().unwrap();
            let want = (grid.clues(), grid.distinct_digits());
            assert_eq!(clues_and_digits(&grid), want, "{line}");
        }
        let g: Grid = lines[3].parse().unwrap();
        assert_eq!(clues_and_digits(&g), (17, 8));
    }
}
