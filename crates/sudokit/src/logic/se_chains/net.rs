//! The implication nets that chains are read from: every potential a
//! propagation reaches is a [`Node`] in an [`Arena`], with the potentials
//! it was deduced from (its parents) and why (its [`Cause`]).
//!
//! SE rates a chain by its complexity: the number of distinct potentials
//! its conclusion rests on ([`Arena::ancestors`]), plus the complexity of
//! the nested chains it uses.

use super::board::{Pot, Region};

/// Why a potential was deduced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    /// The premise of a chain.
    Assumption,
    /// The cell: another digit of it is on, or it has one candidate left.
    Cell,
    /// A house: the digit is on elsewhere in it, or has one place left in it.
    Region(Region),
    /// A rule applied to the reduced candidates (locked candidates,
    /// subsets, fish or a nested chain).
    Advanced,
}

/// No nested chain.
pub(super) const NO_NESTED: u32 = u32::MAX;

/// A reached potential.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    /// The potential.
    pub pot: Pot,
    /// Why it holds (SE reads it to find what a nested chain rests on,
    /// which nested forcing chains will need).
    #[allow(dead_code)]
    pub cause: Cause,
    /// Where its parents start in [`Arena::parents`] or, for a node with
    /// one parent (most nodes), that parent: one push less per node.
    pub parents_at: u32,
    /// How many parents it has.
    pub parent_count: u16,
    /// The nested chain that deduced it ([`NO_NESTED`] if none), an index
    /// into the engine's nested chains.
    pub nested: u32,
}

/// All nodes of the propagations made on one position.
#[derive(Default)]
pub(super) struct Arena {
    /// The nodes; a propagation's nodes are contiguous.
    pub nodes: Vec<Node>,
    /// The parents of the nodes with other than one parent (node indices).
    pub parents: Vec<u32>,
    queue: Vec<u32>,
}

impl Arena {
    /// Forgets every node.
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.parents.clear();
    }

    /// Forgets the nodes from index `len` on (a search that gave nothing).
    pub(super) fn truncate(&mut self, len: u32) {
        let Some(gone) = self.nodes.get(len as usize..) else {
            return;
        };
        // The first node that keeps its parents in `parents` (if any) says
        // where the parents of the nodes forgotten start.
        if let Some(node) = gone.iter().find(|n| n.parent_count != 1) {
            self.parents.truncate(node.parents_at as usize);
        }
        self.nodes.truncate(len as usize);
    }

    /// How many nodes there are: the index of the next one.
    pub(super) fn len(&self) -> u32 {
        self.nodes.len() as u32
    }

    /// Adds a node; returns its index.
    pub(super) fn push(&mut self, pot: Pot, cause: Cause, parents: &[u32], nested: u32) -> u32 {
        let at = if let [parent] = parents {
            *parent
        } else {
            let at = self.parents.len() as u32;
            self.parents.extend_from_slice(parents);
            at
        };
        self.nodes.push(Node {
            pot,
            cause,
            parents_at: at,
            parent_count: parents.len() as u16,
            nested,
        });
        self.nodes.len() as u32 - 1
    }

    /// [`Arena::push`] of a node with one parent and no nested chain (most
    /// nodes of a propagation), without the slice copy.
    #[inline]
    pub(super) fn push_one(&mut self, pot: Pot, cause: Cause, parent: u32) -> u32 {
        self.nodes.push(Node {
            pot,
            cause,
            parents_at: parent,
            parent_count: 1,
            nested: NO_NESTED,
        });
        self.nodes.len() as u32 - 1
    }

    /// Copies the nodes `range` of `src` (one propagation: their parents
    /// are nodes of the range) to the end of this arena; returns where
    /// they are now.
    pub(super) fn copy_from(
        &mut self,
        src: &Arena,
        range: std::ops::Range<u32>,
    ) -> std::ops::Range<u32> {
        let start = self.len();
        // `start + (n - range.start)`, in wrapping arithmetic (either side
        // may be the larger).
        let shift = start.wrapping_sub(range.start);
        self.nodes.reserve((range.end - range.start) as usize);
        for n in range.clone() {
            let mut node = src.nodes[n as usize];
            if node.parent_count == 1 {
                node.parents_at = node.parents_at.wrapping_add(shift);
            } else {
                let at = self.parents.len() as u32;
                for &p in src.parents_of(n) {
                    debug_assert!(range.contains(&p), "a parent outside the propagation");
                    self.parents.push(p.wrapping_add(shift));
                }
                node.parents_at = at;
            }
            self.nodes.push(node);
        }
        start..self.len()
    }

    /// The parents of node `n`.
    pub(super) fn parents_of(&self, n: u32) -> &[u32] {
        let node = &self.nodes[n as usize];
        if node.parent_count == 1 {
            return std::slice::from_ref(&node.parents_at);
        }
        let at = node.parents_at as usize;
        &self.parents[at..at + usize::from(node.parent_count)]
    }

    /// The potential of node `n`.
    pub(super) fn pot(&self, n: u32) -> Pot {
        self.nodes[n as usize].pot
    }

    /// The first node of `range` holding potential `p`.
    pub(super) fn find(&self, range: std::ops::Range<u32>, p: Pot) -> Option<u32> {
        range.into_iter().find(|&n| self.nodes[n as usize].pot == p)
    }

    /// Whether `p` is the potential of a first-parent ancestor of `n`
    /// (SE's `isParent`, which keeps cycles from turning back).
    pub(super) fn has_ancestor(&self, mut n: u32, p: Pot) -> bool {
        while let Some(&first) = self.parents_of(n).first() {
            n = first;
            if self.nodes[n as usize].pot == p {
                return true;
            }
        }
        false
    }

    /// Visits the distinct potentials that `target` rests on, itself
    /// included, in SE's breadth-first order (a potential met again is not
    /// followed again); calls `visit` with each visited node and returns
    /// how many there are (SE's `getAncestorCount`).
    pub(super) fn ancestors(&mut self, target: u32, visit: impl FnMut(&Arena, u32)) -> u32 {
        self.ancestors_within(target, u32::MAX, visit)
    }

    /// [`Arena::ancestors`] that stops once more than `cap` potentials are
    /// visited (returning `cap + 1`): a hint whose count passes its cap
    /// rates too high to be kept, so the rest of its net is not walked.
    pub(super) fn ancestors_within(
        &mut self,
        target: u32,
        cap: u32,
        mut visit: impl FnMut(&Arena, u32),
    ) -> u32 {
        // A potential is marked when its first node is queued rather than
        // when it is taken out: the queue is first in, first out, so the
        // same nodes are visited in the same order, and the nodes of
        // potentials met again are neither queued nor read again.
        let mut visited = [0u64; 23];
        let mut queue = std::mem::take(&mut self.queue);
        queue.clear();
        queue.push(target);
        let p = usize::from(self.nodes[target as usize].pot);
        visited[p / 64] |= 1 << (p % 64);
        let mut head = 0;
        let mut count = 0;
        while head < queue.len() {
            let n = queue[head];
            head += 1;
            count += 1;
            if count > cap {
                break;
            }
            visit(self, n);
            for &q in self.parents_of(n) {
                let p = usize::from(self.nodes[q as usize].pot);
                let word = &mut visited[p / 64];
                if *word >> (p % 64) & 1 == 0 {
                    *word |= 1 << (p % 64);
                    queue.push(q);
                }
            }
        }
        self.queue = queue;
        count
    }

    /// The first-parent path from the premise to `target`.
    pub(super) fn main_path(&self, mut n: u32) -> Vec<u32> {
        let mut path = vec![n];
        while let Some(&first) = self.parents_of(n).first() {
            n = first;
            path.push(n);
        }
        path.reverse();
        path
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A capped count is the full count while under the cap, and one more
    /// than the cap (having visited only that many) when over it.
    #[test]
    fn capped_ancestors() {
        let mut arena = Arena::default();
        // A net of 40 nodes, each resting on one to three earlier ones.
        for i in 0..40u32 {
            let parents: Vec<u32> = [i / 2, i / 3, i.saturating_sub(4)]
                .into_iter()
                .filter(|&p| p < i)
                .take(1 + (i % 3) as usize)
                .collect();
            arena.push((i * 7 % 50) as Pot, Cause::Cell, &parents, NO_NESTED);
        }
        for t in 0..40 {
            let full = arena.ancestors(t, |_, _| {});
            for cap in 0..full + 3 {
                let mut visits = 0;
                let n = arena.ancestors_within(t, cap, |_, _| visits += 1);
                assert_eq!(n, full.min(cap + 1), "node {t} cap {cap}");
                assert_eq!(visits, full.min(cap), "node {t} cap {cap}");
            }
        }
    }

    /// Nodes with one parent keep it in the node, the others in
    /// `parents`: every node reads back its own parents, also after
    /// truncations at any node and more pushes.
    #[test]
    fn parents_read_back_after_truncations() {
        let mut draw = crate::logic::se_chains::xorshift(0x9e37_79b9_7f4a_7c15);
        let mut next = move |m: u64| draw() % m;
        let mut arena = Arena::default();
        let mut expected: Vec<Vec<u32>> = Vec::new();
        for round in 0..400 {
            for _ in 0..next(30) {
                let n = expected.len() as u32;
                let parents: Vec<u32> = (0..next(4))
                    .filter(|_| n > 0)
                    .map(|_| next(u64::from(n.max(1))) as u32)
                    .collect();
                let at = if parents.len() == 1 && round % 2 == 0 {
                    arena.push_one(round as Pot, Cause::Cell, parents[0])
                } else {
                    arena.push(round as Pot, Cause::Cell, &parents, NO_NESTED)
                };
                assert_eq!(at, n);
                expected.push(parents);
            }
            for (n, parents) in expected.iter().enumerate() {
                assert_eq!(arena.parents_of(n as u32), &parents[..], "node {n}");
            }
            let len = next(expected.len() as u64 + 1) as u32;
            arena.truncate(len);
            expected.truncate(len as usize);
            assert_eq!(arena.len(), len);
            let kept: usize = expected.iter().filter(|p| p.len() != 1).map(Vec::len).sum();
            assert_eq!(arena.parents.len(), kept, "round {round}");
        }
    }

    /// SE's `getAncestorCount` as written: every parent queued, a
    /// potential skipped when taken out again.
    fn reference(arena: &Arena, target: u32, cap: u32) -> (u32, Vec<u32>) {
        let mut visited = vec![false; 1 << 16];
        let mut queue = vec![target];
        let (mut head, mut count, mut order) = (0, 0, Vec::new());
        while head < queue.len() {
            let n = queue[head];
            head += 1;
            let p = usize::from(arena.pot(n));
            if visited[p] {
                continue;
            }
            visited[p] = true;
            count += 1;
            if count > cap {
                break;
            }
            order.push(n);
            queue.extend_from_slice(arena.parents_of(n));
        }
        (count, order)
    }

    /// The count and the order of visits are those of SE's walk, on nets
    /// where many nodes share a potential and parents repeat.
    #[test]
    fn ancestors_as_se_counts_them() {
        let mut draw = crate::logic::se_chains::xorshift(0x2545_f491_4f6c_dd1d);
        let mut next = move |m: u64| draw() % m;
        let mut arena = Arena::default();
        for i in 0..3000u32 {
            let parents: Vec<u32> = (0..next(4))
                .filter(|_| i > 0)
                .map(|_| i - 1 - next(u64::from(i.min(40))) as u32)
                .collect();
            arena.push(next(1458) as Pot, Cause::Cell, &parents, NO_NESTED);
        }
        for t in (0..3000).step_by(7) {
            for cap in [0, 1, 5, 30, u32::MAX] {
                let mut order = Vec::new();
                let n = arena.ancestors_within(t, cap, |_, n| order.push(n));
                assert_eq!((n, order), reference(&arena, t, cap), "node {t} cap {cap}");
            }
        }
    }
}
