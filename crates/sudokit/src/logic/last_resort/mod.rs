//! The last resorts: HoDoKu's templates, set and delete ([`templates`]),
//! and HoDoKu's brute force ([`brute_force`]).

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

pub mod brute_force;
pub mod templates;

/// The techniques of this family that are implemented. Brute force is
/// available by name but in no default set but HoDoKu's (the grader's
/// HoDoKu walk); it assumes a unique puzzle
/// ([`Technique::assumes_uniqueness`]), so deepening drops it elsewhere.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::TemplateSet,
    Technique::TemplateDelete,
    Technique::BruteForce,
];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    match technique {
        Technique::BruteForce => brute_force::step(grid, candidates).into_iter().collect(),
        Technique::TemplateSet | Technique::TemplateDelete => {
            templates::find(technique, grid, candidates)
        }
        _ => Vec::new(),
    }
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    use crate::classic::trace::Lang;
    let digit = step.digits.iter().next();
    match (step.technique, lang, digit) {
        (Technique::BruteForce, _, _) => brute_force_reason(step, lang),
        (Technique::TemplateSet, Lang::En, Some(d)) => Some(format!(
            "every placement pattern of {d} (one place per row, column and box) that fits the grid and the other digits' patterns uses {}",
            cell_list(&step.cells)
        )),
        (Technique::TemplateSet, Lang::Es, Some(d)) => Some(format!(
            "todos los patrones de colocación de {d} (un sitio por fila, columna y caja) compatibles con la rejilla y con los patrones de los demás dígitos usan {}",
            cell_list(&step.cells)
        )),
        (Technique::TemplateDelete, Lang::En, Some(d)) => Some(format!(
            "no placement pattern of {d} (one place per row, column and box) that fits the grid and the other digits' patterns uses {}",
            cell_list(&step.cells)
        )),
        (Technique::TemplateDelete, Lang::Es, Some(d)) => Some(format!(
            "ningún patrón de colocación de {d} (un sitio por fila, columna y caja) compatible con la rejilla y con los patrones de los demás dígitos usa {}",
            cell_list(&step.cells)
        )),
        _ => None,
    }
}

/// `r1c2, r3c4`.
fn cell_list(cells: &[crate::grid::Cell]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The words of a brute-force step.
fn brute_force_reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    use crate::classic::trace::Lang;
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
