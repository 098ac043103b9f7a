//! The outcomes of the last search of a degree, reused by the next one.
//!
//! The SE walk asks for the aligned exclusions at a position that differs
//! from the one before by a few placements and eliminations. A pair's or
//! triplet's outcome (a step or none) is a function of the candidates of
//! its cells and of the cells seeing all of them (the only ones that can
//! exclude for it), so where none of these changed, the last outcome
//! stands and the costly test is spared. The search still walks every pair
//! and triplet in its order, so the steps come out in the same order.

use crate::logic::Step;
use crate::logic::single_digit::PEER_BITS;

/// Marks a pair or triplet with no step in [`Outcomes::seen`].
const NONE: u32 = u32::MAX;

/// What a search found on a position.
#[derive(Clone, Debug)]
pub(super) struct Outcomes {
    /// The candidates of each cell (all empty before any search: no
    /// step, as on a solved grid).
    pub(super) sets: [u16; 81],
    /// The cells that may take part there (see `Exclusion::in_base`).
    pub(super) base: u128,
    /// Each pair or triplet tested, in the search's order: its key (see
    /// [`key`]) and the index of its step in `steps`, or [`NONE`].
    seen: Vec<(u32, u32)>,
    /// The steps, in the search's order.
    pub(super) steps: Vec<Step>,
}

impl Outcomes {
    /// No step on the position `sets`, whose base cells are `base`, with
    /// nothing to reuse pair by pair: a search after it tests every pair
    /// or triplet (unless it finds nothing new, see `barren`).
    pub(super) fn barren(sets: [u16; 81], base: u128) -> Outcomes {
        Outcomes {
            sets,
            base,
            ..Outcomes::default()
        }
    }
}

impl Default for Outcomes {
    fn default() -> Outcomes {
        Outcomes {
            sets: [0; 81],
            base: 0,
            seen: Vec::new(),
            steps: Vec::new(),
        }
    }
}

/// A search under way, taking over the outcomes of the last one where
/// they still hold.
pub(super) struct Reuse {
    old: Outcomes,
    /// How far the search has got in `old.seen` (the keys of both grow).
    at: usize,
    /// The cells whose candidates differ from `old`'s position.
    changed: u128,
    new: Outcomes,
}

impl Reuse {
    /// A search of the position `sets`, after the one that found `old`.
    pub(super) fn new(old: Outcomes, sets: &[u16; 81]) -> Reuse {
        let changed = (0..81)
            .filter(|&i| old.sets[i] != sets[i])
            .fold(0u128, |m, i| m | 1 << i);
        let new = Outcomes {
            sets: *sets,
            base: 0,
            seen: Vec::with_capacity(old.seen.len()),
            steps: Vec::new(),
        };
        Reuse {
            old,
            at: 0,
            changed,
            new,
        }
    }

    /// Records the outcome of the pair or triplet `cells` (met in the
    /// search's order): the last search's when neither its cells nor the
    /// cells seeing all of them changed, else what `test` finds.
    pub(super) fn test(&mut self, cells: &[usize], test: impl FnOnce() -> Option<Step>) {
        let key = key(cells);
        debug_assert!(self.new.seen.last().is_none_or(|&(k, _)| k < key));
        let seen = &self.old.seen;
        while self.at < seen.len() && seen[self.at].0 < key {
            self.at += 1;
        }
        let kept = match seen.get(self.at) {
            Some(&(k, at)) if k == key && self.changed & reach(cells) == 0 => Some(at),
            _ => None,
        };
        #[cfg(test)]
        if let Some(at) = kept {
            KEPT.with(|n| {
                let mut k = n.get();
                k[usize::from(at != NONE)] += 1;
                n.set(k);
            });
        }
        let step = match kept {
            Some(NONE) => None,
            Some(at) => Some(self.old.steps[at as usize].clone()),
            None => test(),
        };
        let at = match step {
            Some(step) => {
                self.new.steps.push(step);
                (self.new.steps.len() - 1) as u32
            }
            None => NONE,
        };
        self.new.seen.push((key, at));
    }

    /// The outcomes of this search, whose base cells are `base`.
    pub(super) fn finish(self, base: u128) -> Outcomes {
        Outcomes { base, ..self.new }
    }
}

/// The key of the pair or triplet `cells` (the first two in increasing
/// order): increasing in the search's order, which goes by the second cell,
/// then the first, then the third.
fn key(cells: &[usize]) -> u32 {
    let pair = (cells[1] * 81 + cells[0]) as u32;
    cells[2..].iter().fold(pair, |k, &c| k * 81 + c as u32)
}

/// The cells whose candidates decide the outcome of `cells`: theirs and
/// those of the cells seeing them all.
fn reach(cells: &[usize]) -> u128 {
    let own = cells.iter().fold(0u128, |m, &c| m | 1 << c);
    own | cells.iter().fold(!0u128, |m, &c| m & PEER_BITS[c])
}

#[cfg(test)]
thread_local! {
    /// How many outcomes this thread reused: without a step, with one.
    static KEPT: std::cell::Cell<[usize; 2]> = const { std::cell::Cell::new([0; 2]) };
}

/// How many outcomes this thread reused: without a step, with one.
#[cfg(test)]
pub(super) fn kept() -> [usize; 2] {
    KEPT.with(std::cell::Cell::get)
}
