//! Almost locked sets (ALS-XZ, ALS-XY-Wing, ALS-XY-Chain, Death Blossom)
//! and Sue de Coq, as HoDoKu finds them.
//!
//! An almost locked set (ALS, `sets::Als`) is `n` cells of one house
//! holding `n + 1` digits; a restricted common (`commons`) is a digit two
//! sets share whose places all see each other. HoDoKu's solver collects the
//! sets with one cell included and overlapping sets never linked; so do
//! these techniques. Each `find` returns its steps in the order HoDoKu
//! prefers them, so the solver, which takes the first, takes HoDoKu's.

mod barren;
mod blossom;
mod chain;
pub(crate) mod commons;
mod evidence;
pub(crate) mod sets;
mod sue_de_coq;
mod update;
mod wing;
mod words;
mod xz;

#[cfg(test)]
mod tests;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};
use std::rc::Rc;

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::SueDeCoq,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsXyChain,
    Technique::DeathBlossom,
];

/// Every step of `technique` (a member of this family) on the position, in
/// HoDoKu's order of preference (the first is the one HoDoKu takes); of
/// steps with the same eliminations only the first is kept.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    if technique == Technique::SueDeCoq {
        return carried(
            2,
            grid,
            candidates,
            |changed| sue_de_coq::any_with(grid, candidates, changed),
            || sue_de_coq::find(grid, candidates),
        );
    }
    let data = position_data(grid, candidates);
    let (alses, table) = (&data.alses, &data.table);
    match technique {
        Technique::AlsXz => carried(
            0,
            grid,
            candidates,
            |changed| xz::any_with(alses, table, &fresh_sets(alses, changed)),
            || xz::find(alses, table),
        ),
        Technique::AlsXyWing => carried(
            1,
            grid,
            candidates,
            |changed| wing::any_with(alses, table, &fresh_sets(alses, changed)),
            || wing::find(alses, table),
        ),
        Technique::AlsXyChain => chain::find(alses, table),
        Technique::DeathBlossom => {
            blossom::find(alses, candidates, &crate::logic::memo::planes(candidates))
        }
        _ => Vec::new(),
    }
}

/// The steps `find` finds on the position `grid`/`candidates`, or none
/// when the technique (record `slot`, [`barren`]) found none on an earlier
/// position this one follows from and `any_with` (given the cells changed
/// since) finds no eliminating pattern that uses a changed cell.
fn carried(
    slot: usize,
    grid: &Grid,
    candidates: &Candidates,
    any_with: impl FnOnce(u128) -> bool,
    find: impl FnOnce() -> Vec<Step>,
) -> Vec<Step> {
    let key = key_of(grid, candidates);
    if let Some(changed) = barren::changed_since(slot, &key) {
        if !any_with(changed) {
            barren::note(slot, &key);
            return Vec::new();
        }
    }
    let steps = find();
    if steps.is_empty() {
        barren::note(slot, &key);
    }
    steps
}

/// Which of `alses` hold a cell of `changed`: the sets a carried ALS-XZ
/// or ALS-XY-Wing search must use ([`carried`]).
fn fresh_sets(alses: &[sets::Als], changed: u128) -> Vec<bool> {
    alses.iter().map(|a| a.cells & changed != 0).collect()
}

/// The position as the caches compare it.
fn key_of(grid: &Grid, candidates: &Candidates) -> Key {
    let mut key: Key = (*grid.values(), [0; 81]);
    for (i, cell) in crate::grid::Cell::all().enumerate() {
        key.1[i] = candidates.get(cell).bits();
    }
    key
}

/// The almost locked sets of a position (one-cell sets included) and their
/// forward restricted commons: what HoDoKu's ALS solver works on.
pub(crate) struct PositionData {
    /// The sets in HoDoKu's order ([`sets::collect`]).
    pub alses: Vec<sets::Als>,
    /// Their restricted commons, forward only, overlapping sets not linked.
    pub table: commons::RcTable,
}

/// A position as the cache compares it: the digits and the candidates.
type Key = ([u8; 81], [u16; 81]);

thread_local! {
    /// The last position's data: the solver asks for ALS-XZ, ALS-XY-Wing
    /// and ALS-XY-Chain on one position in turn, and they share it.
    static LAST: std::cell::RefCell<Option<(Key, Rc<PositionData>)>> =
        const { std::cell::RefCell::new(None) };
}

/// The [`PositionData`] of the position, computed once per position (per
/// thread).
pub(crate) fn position_data(grid: &Grid, candidates: &Candidates) -> Rc<PositionData> {
    let key = key_of(grid, candidates);
    LAST.with(|last| {
        if let Some((k, data)) = &*last.borrow() {
            if *k == key {
                return Rc::clone(data);
            }
        }
        let alses = sets::collect(grid, candidates, true);
        let table = match &*last.borrow() {
            Some((k, data)) => linked_since(&alses, &key, k, data),
            None => commons::restricted_commons(&alses, true),
        };
        let data = Rc::new(PositionData { alses, table });
        *last.borrow_mut() = Some((key, Rc::clone(&data)));
        data
    })
}

/// The restricted commons of `alses` (the sets of the position `key`),
/// updated from those of the position `old` (its `data`) where that pays
/// ([`update`]), else linked from scratch.
fn linked_since(
    alses: &[sets::Als],
    key: &Key,
    old: &Key,
    data: &PositionData,
) -> commons::RcTable {
    let mut changed = 0u128;
    for i in 0..81 {
        if key.0[i] != old.0[i] || key.1[i] != old.1[i] {
            changed |= 1 << i;
        }
    }
    let cells: Vec<u128> = data.alses.iter().map(|a| a.cells).collect();
    update::restricted_commons_since(alses, &cells, &data.table, changed)
        .unwrap_or_else(|| commons::restricted_commons(alses, true))
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`: the sets, their links and what follows.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    words::reason(step, lang)
}
