//! A player's position read from the input (placed digits, pencil marks),
//! as the searching commands (`solve`, `count`) take it.

use crate::input::Entry;
use sudokit::logic::solver::Invalid;
use sudokit::{Candidates, Grid};

/// What to search for an entry: its digits (the givens, or a player's
/// givens and placed digits) and the pencil marks that narrow them.
pub struct Target {
    /// The digits.
    pub grid: Grid,
    /// The marks, when the position has some.
    pub marks: Option<Candidates>,
}

impl Target {
    /// The target of `entry`, whose puzzle is `grid`.
    pub fn of(entry: &Entry, grid: &Grid) -> Target {
        match entry.position.as_deref() {
            Some(p) => Target {
                grid: *p.values(),
                marks: p.has_marks().then(|| p.candidates()),
            },
            None => Target {
                grid: *grid,
                marks: None,
            },
        }
    }
}

/// Why a player's position has no solution when its givens have one: its
/// mistakes (`mistakes: r1c3 holds 5, which is wrong`). `None` for a plain
/// puzzle, or when the givens themselves have none.
pub fn why_no_solution(entry: &Entry) -> Option<String> {
    let marked = entry.position.as_deref()?;
    let solution = marked.solution().ok()?;
    let mistakes = marked.mistakes(&solution);
    (!mistakes.is_empty()).then(|| Invalid::Mistakes(mistakes).to_string())
}

/// The error line of a position with marks under an algorithm that does
/// not take them.
pub const MARKS_NEED_FAST: &str =
    "pencil marks need --algorithm fast (the classic algorithms search digits only)";
