//! What can bring a step where the last search found none.
//!
//! A pair or triplet is met by SE's search (in some order of its cells)
//! when its cells take part, share two excluding cells at least and, for a
//! triplet, one of its cells is an excluding cell of another; its outcome
//! depends only on its cells' candidates and on the excluding cells seeing
//! all of them. So after a search that found nothing, a pair or triplet can
//! have a step only if one of its cells changed (candidates or taking
//! part), or an excluding cell seeing all of them is new or changed: a
//! cell that stopped being an excluding cell only takes away from what
//! empties an excluding cell, so it brings no step. The other ones were
//! met, with the same excluding cells or fewer, and had none.

use super::reuse::Outcomes;
use super::{Exclusion, cells_of, seeing_two};
use crate::logic::single_digit::PEER_BITS;

/// The changes since a search that found nothing.
pub(super) struct Changes {
    /// The cells that may take part now and changed candidates or may not
    /// have taken part then.
    own: u128,
    /// The excluding cells (two to `degree` candidates) that changed
    /// candidates: they count for the cells seeing them.
    near: u128,
}

impl Changes {
    /// The changes from the position of `last` to that of `now`.
    pub(super) fn since(last: &Outcomes, now: &Exclusion) -> Changes {
        let small = |s: u16| (2..=now.degree as u32).contains(&s.count_ones());
        let (mut changed, mut near) = (0u128, 0u128);
        for (i, (&old, &new)) in last.sets.iter().zip(&now.sets).enumerate() {
            if old != new {
                changed |= 1 << i;
                near |= u128::from(small(new)) << i;
            }
        }
        let own = (changed | (last.base ^ now.in_base)) & now.in_base;
        Changes { own, near }
    }
}

impl Exclusion {
    /// Whether some pair or triplet that `changes` can bring a step to has
    /// one.
    pub(super) fn any_step_where(&self, changes: &Changes) -> bool {
        self.changed(changes, |cells, common| {
            self.step_of(cells, common).is_some()
        })
    }

    /// Meets every pair or triplet (by the degree) SE's search meets that
    /// has a changed cell or a `near` cell seeing all its cells (once, in
    /// no useful order), with the common excluding cells of its first two
    /// cells, until `visit` answers true; whether it did. One is met from
    /// its lowest changed cell, or else from its lowest cell, for the
    /// lowest `near` cell seeing it. Where the last search found nothing,
    /// only these can have a step, and they are few: no need to go
    /// through every pair of cells.
    fn changed(&self, changes: &Changes, mut visit: impl FnMut(&[usize], u128) -> bool) -> bool {
        for c in cells_of(changes.own) {
            let open = self.in_base & !(changes.own & ((2u128 << c) - 1));
            if self.met_with(c, open, &mut visit) {
                return true;
            }
        }
        for e in cells_of(changes.near) {
            let open = self.in_base & !changes.own & PEER_BITS[e];
            let earlier = changes.near & ((1u128 << e) - 1);
            let mut first = |cells: &[usize], common| {
                let sees_all = cells.iter().fold(earlier, |m, &c| m & PEER_BITS[c]);
                sees_all == 0 && visit(cells, common)
            };
            for c in cells_of(open) {
                if self.met_with(c, open & !((2u128 << c) - 1), &mut first) {
                    return true;
                }
            }
        }
        false
    }

    /// Meets the pairs or triplets SE's search meets made of the cell `c`
    /// and cells of `open`, until `visit` answers true; whether it did.
    fn met_with(
        &self,
        c: usize,
        open: u128,
        visit: &mut impl FnMut(&[usize], u128) -> bool,
    ) -> bool {
        for x in cells_of(seeing_two(self.excluders[c]) & open) {
            let common = self.excluders[c] & self.excluders[x];
            if self.degree == 2 {
                if visit(&[c, x], common) {
                    return true;
                }
                continue;
            }
            let ys = seeing_two(common) & open & !((2u128 << x) - 1);
            for y in cells_of(ys) {
                if self.tailed([c, x, y]) && visit(&[c, x, y], common) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a cell of the triplet `cells` is an excluding cell of
    /// another: SE takes the third cell among those of the first two.
    fn tailed(&self, [c, x, y]: [usize; 3]) -> bool {
        let bit = |i: usize| 1u128 << i;
        self.excluders[c] & (bit(x) | bit(y)) != 0
            || self.excluders[x] & (bit(c) | bit(y)) != 0
            || self.excluders[y] & (bit(c) | bit(x)) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    /// The pairs and triplets met after a change are, once each, those of
    /// SE's search with a changed cell or a `near` cell seeing them all:
    /// from each third position of the solving paths to the three after
    /// it.
    #[test]
    fn changed_ones_are_those_of_the_search_the_changes_touch() {
        let walk = super::super::tests::walk_sets();
        let mut met = [[0usize; 2]; 2];
        for degree in [2, 3] {
            for (i, before) in walk.iter().enumerate().step_by(3) {
                let last = Outcomes::barren(*before, Exclusion::new(before, degree).in_base);
                for now in &walk[i + 1..(i + 4).min(walk.len())] {
                    let exclusion = Exclusion::new(now, degree);
                    let changes = Changes::since(&last, &exclusion);
                    let (all, got) = (
                        met_by_search(&exclusion),
                        met_by_changes(&exclusion, &changes),
                    );
                    let touched = |t: &&Vec<usize>| {
                        let sees_all = t.iter().fold(!0u128, |m, &c| m & PEER_BITS[c]);
                        t.iter().any(|&c| changes.own >> c & 1 == 1) || changes.near & sees_all != 0
                    };
                    let want: BTreeSet<Vec<usize>> = all.iter().filter(touched).cloned().collect();
                    assert_eq!(got, want);
                    met[degree - 2][0] += all.len();
                    met[degree - 2][1] += want.len();
                }
            }
        }
        // Some are left out, and many are met.
        for [all, touched] in met {
            assert!(touched > 10_000 && touched < all, "{met:?}");
        }
    }

    /// The pairs or triplets SE's search meets (cells in increasing order).
    fn met_by_search(exclusion: &Exclusion) -> BTreeSet<Vec<usize>> {
        let mut all = BTreeSet::new();
        exclusion.each(|cells, common| {
            if cells.len() == 3 {
                assert_eq!(
                    common,
                    exclusion.excluders[cells[0]] & exclusion.excluders[cells[1]]
                );
            }
            let mut key = cells.to_vec();
            key.sort();
            assert!(all.insert(key));
            false
        });
        all
    }

    /// The pairs or triplets [`Exclusion::changed`] meets (cells in
    /// increasing order), checking that it meets each one once.
    fn met_by_changes(exclusion: &Exclusion, changes: &Changes) -> BTreeSet<Vec<usize>> {
        let mut got = BTreeSet::new();
        exclusion.changed(changes, |cells, common| {
            assert_eq!(
                common,
                exclusion.excluders[cells[0]] & exclusion.excluders[cells[1]]
            );
            let mut key = cells.to_vec();
            key.sort();
            assert!(got.insert(key.clone()), "{key:?} twice");
            false
        });
        got
    }
}
