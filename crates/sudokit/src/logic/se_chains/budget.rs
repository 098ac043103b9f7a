//! The work bound of one producer's search: how many propagations it and
//! the nested searches under it may run.
//!
//! SE's nested levels run whole chaining producers inside every
//! propagation, so their work multiplies level by level: a level-3 search
//! on a hard position runs about 150 000 propagations, a level-4 one on
//! an open grid (a puzzle far from solved) would run billions. When the
//! bound is reached the search stops where it is: nested searches give
//! nothing more and no further cell is tried, so the producer hands out
//! the (sound) hints found so far, and a position that needs more work
//! than the bound may be rated higher than SE rates it, or left to the
//! next level. On forum_hardest_1106 the SE walk never reaches the bound
//! (levels 2 and 3 stay below 150 000 propagations a search).

use std::cell::Cell;

/// Propagations one producer's search may run, nested ones included.
const BUDGET: u64 = 400_000;

thread_local! {
    static LEFT: Cell<u64> = const { Cell::new(BUDGET) };
}

/// Starts a producer's search with the whole budget.
pub(super) fn reset() {
    LEFT.with(|l| l.set(BUDGET));
}

/// Counts one propagation.
pub(super) fn spend() {
    LEFT.with(|l| l.set(l.get().saturating_sub(1)));
}

/// The propagations left.
pub(super) fn left() -> u64 {
    LEFT.with(Cell::get)
}

/// Counts `n` propagations at once (the cost of a search replayed from
/// memory, so that the bound falls where it would without the memory).
pub(super) fn spend_n(n: u64) {
    LEFT.with(|l| l.set(l.get().saturating_sub(n)));
}

/// Whether the search has used its budget.
pub(super) fn exhausted() -> bool {
    LEFT.with(|l| l.get() == 0)
}
