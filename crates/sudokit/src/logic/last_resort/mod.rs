//! The last resorts: templates (set and delete, not implemented yet) and
//! HoDoKu's brute force ([`brute_force`]).

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

pub mod brute_force;

/// The techniques of this family that are implemented. Brute force is
/// written ([`brute_force::step`]) but not listed: listed, it would be
/// available to every walk and to deepening, where placing the first
/// solution's digit is wrong on puzzles with several solutions; the solver
/// calls it where HoDoKu would.
pub const IMPLEMENTED: &[Technique] = &[];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    match technique {
        Technique::BruteForce => brute_force::step(grid, candidates).into_iter().collect(),
        _ => Vec::new(),
    }
}

/// Sudoku Explainer's rating of `step` (a step of this family) when it
/// depends on the step (length bonus, type, size); `None` for the table's
/// rating ([`crate::logic::Facts::se`]).
pub(crate) fn se_rating(step: &crate::logic::Step) -> Option<f64> {
    let _ = step;
    None
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    use crate::classic::trace::Lang;
    if step.technique != Technique::BruteForce {
        return None;
    }
    let (cell, digit) = *step.placements.first()?;
    Some(match lang {
        Lang::En => format!(
            "no technique at hand applies: as HoDoKu does, the middle empty cell {cell} gets the solution's digit {digit}"
        ),
        Lang::Es => format!(
            "ninguna técnica disponible sirve: como hace HoDoKu, la casilla vacía del medio, {cell}, recibe el dígito de la solución, {digit}"
        ),
    })
}
