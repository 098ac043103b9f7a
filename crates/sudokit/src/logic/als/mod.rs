//! Almost locked sets (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom)
//! and Sue de Coq, as HoDoKu finds them.
//!
//! An almost locked set (ALS, [`sets::Als`]) is `n` cells of one house
//! holding `n + 1` digits; a restricted common ([`commons`]) is a digit two
//! sets share whose places all see each other. HoDoKu's solver collects the
//! sets with one cell included and overlapping sets never linked; so do
//! these techniques. Each `find` returns its steps in the order HoDoKu
//! prefers them, so the solver, which takes the first, takes HoDoKu's.

mod blossom;
mod chain;
pub(crate) mod commons;
mod evidence;
pub(crate) mod sets;
mod sue_de_coq;
mod wing;
mod words;
mod xz;

#[cfg(test)]
mod tests;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::SueDeCoq,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::DeathBlossom,
];

/// Every step of `technique` (a member of this family) on the position, in
/// HoDoKu's order of preference (the first is the one HoDoKu takes).
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    if technique == Technique::SueDeCoq {
        return sue_de_coq::find(grid, candidates);
    }
    let alses = sets::collect(grid, candidates, true);
    match technique {
        Technique::DeathBlossom => {
            let places = sets::digit_places(candidates);
            blossom::find(&alses, candidates, &places)
        }
        Technique::AlsXz | Technique::AlsXyWing | Technique::AlsXyChain => {
            let table = commons::restricted_commons(&alses, true);
            match technique {
                Technique::AlsXz => xz::find(&alses, &table),
                Technique::AlsXyWing => wing::find(&alses, &table),
                _ => chain::find(&alses, &table),
            }
        }
        _ => Vec::new(),
    }
}

/// Sudoku Explainer's rating of `step` (a step of this family) when it
/// depends on the step; `None` for the table's rating
/// ([`crate::logic::Facts::se`]): Sudoku Explainer has none of these
/// techniques.
pub(crate) fn se_rating(step: &crate::logic::Step) -> Option<f64> {
    let _ = step;
    None
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`: the sets, their links and what follows.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    words::reason(step, lang)
}
