//! HoDoKu's forcing chains and nets (contradiction and verity forms) and Kraken fish.
//!
//! Not implemented yet: [`IMPLEMENTED`] is empty and [`find`] finds nothing.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = (technique, grid, candidates);
    Vec::new()
}

/// Sudoku Explainer's rating of `step` (a step of this family) when it
/// depends on the step (length bonus, type, size); `None` for the table's
/// rating ([`crate::logic::Facts::se`]).
pub(crate) fn se_rating(step: &crate::logic::Step) -> Option<f64> {
    let _ = step;
    None
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here; `None` leaves the text
/// to [`crate::logic::explain`].
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    let _ = (step, lang);
    None
}

/// HoDoKu's order among forcing chains (or nets) of both forms.
pub(crate) fn hodoku_key(step: &crate::logic::Step) -> [i64; 4] {
    let _ = step;
    [0; 4]
}
