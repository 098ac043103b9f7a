//! What can bring a step where the last search found none.
//!
//! A pair's or triplet's outcome, and whether and in which order of its
//! cells the search meets it, depend only on: its cells' candidates and
//! whether they may take part; which cells seeing two of them are
//! excluding cells (small: two to `degree` candidates); and the candidates
//! of the excluding cells seeing all of them. So after a search that found
//! nothing, a pair or triplet can have a step only if one of its cells
//! changed (candidates or taking part), or a cell seeing two of them
//! became or stopped being small, or changed while small (an excluding
//! cell seeing them all, at either position). The other ones were met in
//! the same way, with the same outcome: none.

use super::reuse::Outcomes;
use super::{Exclusion, cells_of};
use crate::logic::single_digit::PEER_BITS;

/// The changes since a search that found nothing.
pub(super) struct Changes {
    /// The cells that may take part now and changed candidates or may not
    /// have taken part then.
    own: u128,
    /// The cells that became or stopped being small: they count for the
    /// cells seeing two of them.
    flipped: u128,
    /// Per cell, the cells seeing a flipped cell that sees it.
    beyond: [u128; 81],
    /// The small cells that lost candidates: they count for the cells
    /// seeing them all.
    shrunk: u128,
    /// The changed cells and those seeing a flipped or shrunk cell: a pair
    /// with neither cell among them can have a step only with a changed
    /// third cell.
    hot: u128,
}

impl Changes {
    /// The changes from the position of `last` to that of `now`.
    pub(super) fn since(last: &Outcomes, now: &Exclusion) -> Changes {
        let small = |s: u16| (2..=now.degree as u32).contains(&s.count_ones());
        let (mut changed, mut flipped, mut shrunk) = (0u128, 0u128, 0u128);
        for (i, (&old, &new)) in last.sets.iter().zip(&now.sets).enumerate() {
            if old != new {
                changed |= 1 << i;
                flipped |= u128::from(small(old) != small(new)) << i;
                shrunk |= u128::from(small(old) && small(new)) << i;
            }
        }
        let own = (changed | (last.base ^ now.in_base)) & now.in_base;
        let mut beyond = [0u128; 81];
        let hot = cells_of(flipped | shrunk).fold(own, |m, e| m | PEER_BITS[e]);
        for e in cells_of(flipped) {
            for x in cells_of(PEER_BITS[e]) {
                beyond[x] |= PEER_BITS[e];
            }
        }
        Changes {
            own,
            flipped,
            beyond,
            shrunk,
            hot,
        }
    }

    /// The third cells that can bring a step with the cells `a` and `b`:
    /// all when `a` or `b` changed or a flipped cell sees both; else the
    /// changed cells, those seeing a flipped cell that sees `a` or `b`,
    /// and those seeing a shrunk cell that sees both.
    fn tails(&self, a: usize, b: usize) -> u128 {
        if self.cold(a, b) {
            return self.own;
        }
        self.tails_near(a, b)
    }

    /// [`Changes::tails`] for cells `a`, `b`, worked out in full.
    fn tails_near(&self, a: usize, b: usize) -> u128 {
        if self.own_either(a, b) || self.flipped & PEER_BITS[a] & PEER_BITS[b] != 0 {
            return !0;
        }
        let shrunk = self.shrunk & PEER_BITS[a] & PEER_BITS[b];
        let tails = self.own | self.beyond[a] | self.beyond[b];
        cells_of(shrunk).fold(tails, |m, e| m | PEER_BITS[e])
    }

    /// Whether the pair `a`, `b` can have a step: `a` or `b` changed, or
    /// a flipped or shrunk cell sees both.
    fn pair(&self, a: usize, b: usize) -> bool {
        !self.cold(a, b) && self.pair_near(a, b)
    }

    /// [`Changes::pair`] for cells `a`, `b`, worked out in full.
    fn pair_near(&self, a: usize, b: usize) -> bool {
        let near = self.flipped | self.shrunk;
        self.own_either(a, b) || near & PEER_BITS[a] & PEER_BITS[b] != 0
    }

    /// Whether neither `a` nor `b` is hot: most pairs, settled at once.
    fn cold(&self, a: usize, b: usize) -> bool {
        (self.hot >> a | self.hot >> b) & 1 == 0
    }

    /// Whether `a` or `b` changed.
    fn own_either(&self, a: usize, b: usize) -> bool {
        (self.own >> a | self.own >> b) & 1 == 1
    }
}

impl Exclusion {
    /// Whether some pair or triplet that `changes` can bring a step to has
    /// one.
    pub(super) fn any_step_where(&self, changes: &Changes) -> bool {
        self.each(
            |a, b| match self.degree {
                2 => u128::from(changes.pair(a, b)),
                _ => changes.tails(a, b),
            },
            |cells, common| self.step_of(cells, common).is_some(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut for pairs of cells seeing no flipped or shrunk cell
    /// (nor changed) answers as the full rules do, for every pair of cells,
    /// from each position to the next ones and to thinned copies of it.
    #[test]
    fn cold_pairs_agree_with_the_full_rules() {
        let walk = super::super::tests::walk_sets();
        let mut cold = 0usize;
        for degree in [2, 3] {
            for (i, before) in walk.iter().enumerate().step_by(3) {
                let last = Outcomes::barren(*before, Exclusion::new(before, degree).in_base);
                for now in &walk[i + 1..(i + 4).min(walk.len())] {
                    let exclusion = Exclusion::new(now, degree);
                    let changes = Changes::since(&last, &exclusion);
                    for a in 0..81 {
                        for b in a + 1..81 {
                            assert_eq!(changes.tails(a, b), changes.tails_near(a, b));
                            assert_eq!(changes.pair(a, b), changes.pair_near(a, b));
                            cold += usize::from(changes.cold(a, b));
                        }
                    }
                }
            }
        }
        assert!(cold > 100_000, "{cold}");
    }
}
