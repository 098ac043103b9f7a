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
        // `1 << d >> 1` is bit `d - 1`, and nothing for `d = 0`.
        (1u16 << self.digit1 >> 1) | (1u16 << self.digit2 >> 1)
    }
}

/// The restricted commons of an ALS list, grouped by first set: those of
/// set `i` are `commons[starts[i]..starts[i + 1]]`, by increasing second set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    let holders = Holders::new(alses);
    // Linking digits found for each other set, and which sets have some.
    let mut found = vec![0u16; alses.len()];
    let mut touched: Vec<u32> = Vec::with_capacity(64);
    for (i, a) in alses.iter().enumerate() {
        table.starts.push(table.commons.len() as u32);
        holders.each_seeing(a, &[!0; 9], |d, members| {
            // Members ascend: a forward search stops at `i`.
            for &j in members.iter().rev() {
                if forward && j as usize <= i {
                    break;
                }
                if holders.cells[j as usize] & a.cells != 0 || j as usize == i {
                    continue;
                }
                if found[j as usize] == 0 {
                    touched.push(j);
                }
                found[j as usize] |= 1 << d;
            }
        });
        touched.sort_unstable();
        for &j in &touched {
            let mask = std::mem::take(&mut found[j as usize]);
            // HoDoKu keeps the first digit found and the last.
            let (low, high) = (
                mask.trailing_zeros() as u8 + 1,
                16 - mask.leading_zeros() as u8,
            );
            table.commons.push(RestrictedCommon {
                als1: i as u32,
                als2: j,
                digit1: low,
                digit2: if high == low { 0 } else { high },
            });
        }
        touched.clear();
    }
    table.starts.push(table.commons.len() as u32);
    table
}

/// The sets holding a digit in the same places.
pub(super) struct Group {
    /// The places of the digit in each of the sets.
    pub places: u128,
    /// Its sets: `members[from..to]`, ascending.
    from: u32,
    to: u32,
}

/// The sets holding each digit, grouped by the places of the digit (many
/// sets share them) and bucketed by the first of those places.
pub(super) struct Holders {
    /// `starts[d * 81 + c]..starts[d * 81 + c + 1]` index `groups`.
    starts: Vec<u32>,
    groups: Vec<Group>,
    members: Vec<u32>,
    /// The cells of each set.
    cells: Vec<u128>,
}

impl Holders {
    /// The holders of each digit among `alses` (indices into `alses`).
    pub(super) fn new(alses: &[Als]) -> Holders {
        // Counting sort by bucket (digit, first place), sets ascending.
        let bucket = |d: usize, als: &Als| d * 81 + als.places[d].trailing_zeros() as usize;
        let mut counts = vec![0u32; 9 * 81 + 1];
        for als in alses {
            let mut digits = als.digits;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                counts[bucket(d, als) + 1] += 1;
            }
        }
        for k in 0..9 * 81 {
            counts[k + 1] += counts[k];
        }
        let mut fill = counts.clone();
        let mut sorted = vec![(0u128, 0u32); counts[9 * 81] as usize];
        for (j, als) in alses.iter().enumerate() {
            let mut digits = als.digits;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let k = bucket(d, als);
                sorted[fill[k] as usize] = (als.places[d], j as u32);
                fill[k] += 1;
            }
        }
        // In each bucket, the sets with equal places form a group (sorted
        // by places, then set).
        let mut starts = vec![0u32; 9 * 81 + 1];
        let mut groups: Vec<Group> = Vec::with_capacity(sorted.len());
        let mut members = Vec::with_capacity(sorted.len());
        for k in 0..9 * 81 {
            let bucket = &mut sorted[counts[k] as usize..counts[k + 1] as usize];
            bucket.sort_unstable();
            for (e, &(places, j)) in bucket.iter().enumerate() {
                if e == 0 || bucket[e - 1].0 != places {
                    let at = members.len() as u32;
                    groups.push(Group {
                        places,
                        from: at,
                        to: at,
                    });
                }
                members.push(j);
                groups.last_mut().expect("a group is open").to += 1;
            }
            starts[k + 1] = groups.len() as u32;
        }
        Holders {
            starts,
            groups,
            members,
            cells: alses.iter().map(|a| a.cells).collect(),
        }
    }

    /// The groups of digit index `d` whose first place is `cell`.
    pub(super) fn at(&self, d: usize, cell: usize) -> &[Group] {
        let k = d * 81 + cell;
        &self.groups[self.starts[k] as usize..self.starts[k + 1] as usize]
    }

    /// The sets of `group`, ascending.
    pub(super) fn members(&self, group: &Group) -> &[u32] {
        &self.members[group.from as usize..group.to as usize]
    }

    /// Calls `visit(d, members)` for each digit `d` of `a` and each group
    /// whose places of `d` all see all of `a`'s (so `d` links `a` to each
    /// member, overlaps aside), looking only at groups whose first place is
    /// in `firsts[d]`.
    pub(super) fn each_seeing(
        &self,
        a: &Als,
        firsts: &[u128; 9],
        mut visit: impl FnMut(usize, &[u32]),
    ) {
        let mut digits = a.digits;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            // A set's places of a restricted common `d` all lie among the
            // cells seeing all of `a`'s: so does the first of them.
            let mut seeing = a.buddies[d] & firsts[d];
            while seeing != 0 {
                let c = seeing.trailing_zeros() as usize;
                seeing &= seeing - 1;
                for group in self.at(d, c) {
                    if group.places & !a.buddies[d] == 0 {
                        visit(d, self.members(group));
                    }
                }
            }
        }
    }
}
