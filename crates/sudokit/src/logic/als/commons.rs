//! Restricted commons: the digits that link two almost locked sets.

use super::sets::Als;

/// A restricted common between two almost locked sets: a digit both hold
/// whose places in the two sets all see each other, so at most one of the
/// sets can keep it. Two sets (that do not overlap) share at most two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RestrictedCommon {
    /// Index of the first set in the ALS list.
    pub als1: u32,
    /// Index of the second set (greater than `als1` in a forward table).
    pub als2: u32,
    /// The (smaller) restricted common digit, 1..=9.
    pub digit1: u8,
    /// The second restricted common digit, or 0 when the sets share one.
    pub digit2: u8,
}

impl RestrictedCommon {
    /// The restricted common digits as a mask (bit `d - 1`).
    pub fn mask(&self) -> u16 {
        let second = if self.digit2 == 0 {
            0
        } else {
            1 << (self.digit2 - 1)
        };
        1 << (self.digit1 - 1) | second
    }
}

/// The restricted commons of an ALS list, grouped by first set: those of
/// set `i` are `commons[starts[i]..starts[i + 1]]`, by increasing second set.
#[derive(Clone, Debug, Default)]
pub(crate) struct RcTable {
    /// All restricted commons, in HoDoKu's order.
    pub commons: Vec<RestrictedCommon>,
    /// Where each set's commons begin (one more entry than sets).
    pub starts: Vec<u32>,
}

impl RcTable {
    /// The indices in `commons` of the restricted commons whose first set
    /// is `als`.
    pub fn range(&self, als: usize) -> std::ops::Range<usize> {
        self.starts[als] as usize..self.starts[als + 1] as usize
    }
}

/// The restricted commons between the sets of `alses` that do not overlap,
/// as HoDoKu lists them (overlapping sets are not linked, its default):
/// for each set `i`, the sets `j` after it (`forward`) or all others, in
/// order. A digit is a restricted common when every cell of one set holding
/// it sees every cell of the other set holding it. When a pair has more than
/// two (a position without solution), the last one found is kept second, as
/// HoDoKu does.
pub(crate) fn restricted_commons(alses: &[Als], forward: bool) -> RcTable {
    let mut table = RcTable {
        commons: Vec::with_capacity(alses.len() * 8),
        starts: Vec::with_capacity(alses.len() + 1),
    };
    for (i, a) in alses.iter().enumerate() {
        table.starts.push(table.commons.len() as u32);
        let from = if forward { i + 1 } else { 0 };
        for (j, b) in alses.iter().enumerate().skip(from) {
            if i == j || a.cells & b.cells != 0 {
                continue;
            }
            let common = a.digits & b.digits;
            if common == 0 || a.all_buddies & b.cells == 0 {
                continue;
            }
            if let Some(rc) = link(a, b, common) {
                table.commons.push(RestrictedCommon {
                    als1: i as u32,
                    als2: j as u32,
                    ..rc
                });
            }
        }
    }
    table.starts.push(table.commons.len() as u32);
    table
}

/// The restricted common digits among `common` of two disjoint sets.
fn link(a: &Als, b: &Als, mut common: u16) -> Option<RestrictedCommon> {
    let mut rc = RestrictedCommon {
        als1: 0,
        als2: 0,
        digit1: 0,
        digit2: 0,
    };
    while common != 0 {
        let d = common.trailing_zeros() as usize;
        common &= common - 1;
        // The places of `a` must lie among the cells seeing all of `b`'s.
        if b.places[d] & !a.buddies[d] == 0 {
            if rc.digit1 == 0 {
                rc.digit1 = d as u8 + 1;
            } else {
                rc.digit2 = d as u8 + 1;
            }
        }
    }
    (rc.digit1 != 0).then_some(rc)
}
