//! Fish: basic fish (X-Wing to Leviathan), finned and sashimi fish,
//! Franken and mutant fish and their finned forms, as HoDoKu 2.3 finds them.
//!
//! A fish of size `n` on a digit has `n` base sets and `n` cover sets
//! (houses). Basic fish take rows as base sets and columns as cover sets, or
//! the reverse; Franken fish also take boxes on either side; mutant fish any
//! house on either side. When every base candidate lies in a cover set, the
//! `n` digits of the base sets fill the `n` cover sets: the other cover
//! candidates go, and so does a base candidate in two cover sets
//! (cannibalism). Fins are base candidates outside the cover sets or in two
//! base sets (endo fins): either a fin is true or the fish is, so only cells
//! seeing every fin lose the digit.
//!
//! HoDoKu's definitions, and its defaults (`Options.java`): at most 5 fins,
//! at most 2 endo fins, cannibalism on. A basic finned fish is sashimi when
//! a base set keeps at most one candidate without its fins; Franken and
//! mutant fish are not split so. The search itself (module `search`) walks base
//! and cover sets in HoDoKu's order, so the first step of [`find`] is the one
//! HoDoKu takes (the step's technique is the one searched, whose score
//! HoDoKu counts, even where a Franken or mutant search meets a fish of a
//! plainer shape). Steps with the same eliminations as an earlier one are
//! left out.

mod search;
mod templates;
mod words;

#[cfg(test)]
mod tests;

pub(crate) mod kraken;
pub(crate) use search::{Fish, FishQuery, Shape, for_each_fish};

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid};
use crate::logic::barren_digits::BarrenDigits;
use crate::logic::single_digit::{bit, cells_of, house_at};
use crate::logic::{Step, Technique};
use std::ops::ControlFlow;
use templates::outside_templates;

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::Squirmbag,
    Technique::Whale,
    Technique::Leviathan,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
    Technique::FinnedSwordfish,
    Technique::SashimiSwordfish,
    Technique::FinnedJellyfish,
    Technique::SashimiJellyfish,
    Technique::FinnedSquirmbag,
    Technique::SashimiSquirmbag,
    Technique::FinnedWhale,
    Technique::SashimiWhale,
    Technique::FinnedLeviathan,
    Technique::SashimiLeviathan,
    Technique::FrankenXWing,
    Technique::FrankenSwordfish,
    Technique::FrankenJellyfish,
    Technique::FrankenSquirmbag,
    Technique::FrankenWhale,
    Technique::FrankenLeviathan,
    Technique::FinnedFrankenXWing,
    Technique::FinnedFrankenSwordfish,
    Technique::FinnedFrankenJellyfish,
    Technique::FinnedFrankenSquirmbag,
    Technique::FinnedFrankenWhale,
    Technique::FinnedFrankenLeviathan,
    Technique::MutantXWing,
    Technique::MutantSwordfish,
    Technique::MutantJellyfish,
    Technique::MutantSquirmbag,
    Technique::MutantWhale,
    Technique::MutantLeviathan,
    Technique::FinnedMutantXWing,
    Technique::FinnedMutantSwordfish,
    Technique::FinnedMutantJellyfish,
    Technique::FinnedMutantSquirmbag,
    Technique::FinnedMutantWhale,
    Technique::FinnedMutantLeviathan,
];

/// Which fins a technique wants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fins {
    /// None.
    None,
    /// Some, and every base set keeps two candidates or more without them.
    Finned,
    /// Some, and a base set keeps at most one candidate without them.
    Sashimi,
    /// Some (Franken and mutant fish).
    Any,
}

/// Each technique: its shape, size (base sets) and fins.
const SHAPES: &[(Technique, Shape, usize, Fins)] = {
    use Fins::{Any, Finned, None, Sashimi};
    use Shape::{Basic, Franken, Mutant};
    use Technique as T;
    &[
        (T::XWing, Basic, 2, None),
        (T::Swordfish, Basic, 3, None),
        (T::Jellyfish, Basic, 4, None),
        (T::Squirmbag, Basic, 5, None),
        (T::Whale, Basic, 6, None),
        (T::Leviathan, Basic, 7, None),
        (T::FinnedXWing, Basic, 2, Finned),
        (T::SashimiXWing, Basic, 2, Sashimi),
        (T::FinnedSwordfish, Basic, 3, Finned),
        (T::SashimiSwordfish, Basic, 3, Sashimi),
        (T::FinnedJellyfish, Basic, 4, Finned),
        (T::SashimiJellyfish, Basic, 4, Sashimi),
        (T::FinnedSquirmbag, Basic, 5, Finned),
        (T::SashimiSquirmbag, Basic, 5, Sashimi),
        (T::FinnedWhale, Basic, 6, Finned),
        (T::SashimiWhale, Basic, 6, Sashimi),
        (T::FinnedLeviathan, Basic, 7, Finned),
        (T::SashimiLeviathan, Basic, 7, Sashimi),
        (T::FrankenXWing, Franken, 2, None),
        (T::FrankenSwordfish, Franken, 3, None),
        (T::FrankenJellyfish, Franken, 4, None),
        (T::FrankenSquirmbag, Franken, 5, None),
        (T::FrankenWhale, Franken, 6, None),
        (T::FrankenLeviathan, Franken, 7, None),
        (T::FinnedFrankenXWing, Franken, 2, Any),
        (T::FinnedFrankenSwordfish, Franken, 3, Any),
        (T::FinnedFrankenJellyfish, Franken, 4, Any),
        (T::FinnedFrankenSquirmbag, Franken, 5, Any),
        (T::FinnedFrankenWhale, Franken, 6, Any),
        (T::FinnedFrankenLeviathan, Franken, 7, Any),
        (T::MutantXWing, Mutant, 2, None),
        (T::MutantSwordfish, Mutant, 3, None),
        (T::MutantJellyfish, Mutant, 4, None),
        (T::MutantSquirmbag, Mutant, 5, None),
        (T::MutantWhale, Mutant, 6, None),
        (T::MutantLeviathan, Mutant, 7, None),
        (T::FinnedMutantXWing, Mutant, 2, Any),
        (T::FinnedMutantSwordfish, Mutant, 3, Any),
        (T::FinnedMutantJellyfish, Mutant, 4, Any),
        (T::FinnedMutantSquirmbag, Mutant, 5, Any),
        (T::FinnedMutantWhale, Mutant, 6, Any),
        (T::FinnedMutantLeviathan, Mutant, 7, Any),
    ]
};

/// HoDoKu's default limit on the number of fins (`Options.MAX_FINS`).
pub(crate) const MAX_FINS: u32 = 5;

/// HoDoKu's default limit on the number of endo fins (`Options.MAX_ENDO_FINS`).
pub(crate) const MAX_ENDO_FINS: u32 = 2;

/// The most search steps per digit (see [`FishQuery::budget`]): far more
/// than any fish up to size 4 takes on the shared samples, about 10 ms of
/// a large mutant search on a hard position.
const BUDGET: u64 = 400_000;

/// The most steps kept per digit.
const STEPS_PER_DIGIT: usize = 4;

/// The steps of `technique` (a member of this family) on the position, in
/// HoDoKu's order: the first is the one HoDoKu takes. Each has eliminations
/// no earlier one has; at most 4 per digit (large fish come in many
/// near-copies).
///
/// The grid tells where the digit is placed: the search looks only for
/// fish that eliminate candidates outside every template of the digit
/// (module `templates`), which are the only ones any fish can eliminate.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let Some(search) = SHAPES.iter().position(|s| s.0 == technique) else {
        return Vec::new();
    };
    let (_, shape, size, fins) = SHAPES[search];
    let query = FishQuery {
        shape,
        min_size: size,
        max_size: size,
        finned: fins != Fins::None,
        max_fins: MAX_FINS,
        max_endo_fins: if shape == Shape::Basic {
            0
        } else {
            MAX_ENDO_FINS
        },
        targets: None,
        endo_quirk: None,
        budget: BUDGET,
    };
    // HoDoKu checks templates in its large searches only.
    let large = match shape {
        Shape::Basic => size > 5,
        Shape::Franken => size > 4,
        Shape::Mutant => size > 3,
    };
    let (places, placed) = boards(grid, candidates);
    let outside = outside_templates(&places, &placed);
    let mut steps = Vec::new();
    for digit in Digit::all() {
        let (places, placed) = (places[digit.index()], placed[digit.index()]);
        let query = FishQuery {
            targets: Some(outside[digit.index()]),
            endo_quirk: large.then_some(places | placed),
            ..query
        };
        BARREN.with(|barren| {
            barren.push(search, digit, (places, placed), &mut steps, |steps| {
                digit_fish(technique, fins, digit, places, &query, steps);
            });
        });
    }
    steps
}

thread_local! {
    /// Per technique (in [`SHAPES`] order) and digit, the last board of
    /// the digit on which it found no fish: the search of a digit depends
    /// on nothing else (its templates, its budget, its steps and their
    /// dedup are its own).
    static BARREN: BarrenDigits<{ SHAPES.len() }> = const { BarrenDigits::new() };
}

/// Pushes the steps of `technique` (with `fins`) on `digit`, whose
/// candidates are `places`, found by `query`, onto `steps`: at most
/// [`STEPS_PER_DIGIT`], each with eliminations no earlier one has.
fn digit_fish(
    technique: Technique,
    fins: Fins,
    digit: Digit,
    places: u128,
    query: &FishQuery,
    steps: &mut Vec<Step>,
) {
    let mut seen: Vec<u128> = Vec::new();
    let _ = for_each_fish(places, query, &mut |fish| {
        let wanted = match fins {
            Fins::Finned => !fish.is_sashimi(),
            Fins::Sashimi => fish.is_sashimi(),
            Fins::None | Fins::Any => true,
        };
        let eliminations = fish.eliminations();
        if wanted && eliminations != 0 && !seen.contains(&eliminations) {
            seen.push(eliminations);
            steps.push(fish_step(technique, digit, fish));
            if seen.len() >= STEPS_PER_DIGIT {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    });
}

/// For each digit (by index), the cells where it is a candidate and the
/// cells where it is placed.
fn boards(grid: &Grid, candidates: &Candidates) -> ([u128; 9], [u128; 9]) {
    let mut placed = [0u128; 9];
    for cell in Cell::all() {
        if let Some(d) = grid.get(cell) {
            placed[d.index()] |= bit(cell);
        }
    }
    let filled = placed.iter().fold(0, |m, p| m | p);
    (candidates.planes().map(|p| p & !filled), placed)
}

/// The step of `fish` on `digit`: `houses` = base sets then cover sets
/// (each in house order: rows, columns, boxes), `cells` = the base
/// candidates that are not fins, `fins` = every fin (endo fins included).
fn fish_step(technique: Technique, digit: Digit, fish: &Fish) -> Step {
    let mut step = Step::new(technique)
        .with_cells(cells_of(fish.base_cells & !fish.fins))
        .with_digits(DigitSet::from_bits(digit.bit()));
    step.houses = search::bits(fish.base)
        .chain(search::bits(fish.cover))
        .map(house_at)
        .collect();
    step.fins = cells_of(fish.fins).collect();
    step.eliminations = cells_of(fish.eliminations()).map(|c| (c, digit)).collect();
    step
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`: base and cover sets, fins, endo fins and cannibalism.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    words::reason(step, lang)
}
