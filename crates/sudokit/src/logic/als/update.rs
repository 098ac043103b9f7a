//! The restricted commons of a position, updated from those of an earlier
//! position instead of linked from scratch.
//!
//! Whether a digit links two sets depends on the candidates of their cells
//! alone: the places of the digit in one set must all see its places in
//! the other. So two sets whose cells kept their candidates (and stayed
//! empty) are linked now exactly as they were then. Such a set was an
//! almost locked set then too, found in the same house, and the sets keep
//! their relative order ([`super::sets::collect`] orders the sets of a
//! house by their cells, which does not depend on other cells). Only the
//! pairs with a changed set need linking again: between solver steps that
//! is a small share of all pairs.

use super::commons::{Holders, RcTable, RestrictedCommon};
use super::sets::Als;

/// No index (a set gone or changed).
const NONE: u32 = u32::MAX;

/// The restricted commons of `alses` (as [`super::commons::restricted_commons`]
/// links them, forward), from `old_table`, the forward table of the sets
/// with cells `old` of an earlier position; `changed` holds the cells
/// whose digit or candidates differ between the two positions. `None` when
/// too many sets changed for the update to pay (or the lists do not match).
pub(super) fn restricted_commons_since(
    alses: &[Als],
    old: &[u128],
    old_table: &RcTable,
    changed: u128,
) -> Option<RcTable> {
    let matching = match_sets(alses, old, changed)?;
    if matching.fresh.len() * 2 > alses.len() {
        return None;
    }
    let pairs = fresh_pairs(alses, &matching.fresh);
    Some(assemble(alses.len(), &matching, old_table, &pairs))
}

/// The unchanged sets of a position matched with those of an earlier one.
struct Matching {
    /// The new index of each old set, or [`NONE`] (gone or changed).
    new_of_old: Vec<u32>,
    /// The old index of each new set, or [`NONE`] (changed).
    old_of_new: Vec<u32>,
    /// The changed sets (a cell in `changed`), ascending.
    fresh: Vec<u32>,
}

/// Matches each set without a cell in `changed` with its index in the old
/// list (sets with cells `old`); `None` if one is missing there (the lists
/// are not of related positions).
fn match_sets(alses: &[Als], old: &[u128], changed: u128) -> Option<Matching> {
    let mut m = Matching {
        new_of_old: vec![NONE; old.len()],
        old_of_new: vec![NONE; alses.len()],
        fresh: Vec::new(),
    };
    let mut o = 0;
    for (j, a) in alses.iter().enumerate() {
        if a.cells & changed != 0 {
            m.fresh.push(j as u32);
            continue;
        }
        // Both lists keep the unchanged sets in one order.
        while o < old.len() && old[o] != a.cells {
            o += 1;
        }
        if o == old.len() {
            return None;
        }
        m.new_of_old[o] = j as u32;
        m.old_of_new[j] = o as u32;
        o += 1;
    }
    Some(m)
}

/// The linked pairs with a set of `fresh`: `(i, j, digit bit)` with
/// `i < j`, sorted (a pair of two changed sets may come twice).
fn fresh_pairs(alses: &[Als], fresh: &[u32]) -> Vec<(u32, u32, u16)> {
    let changed_sets: Vec<Als> = fresh.iter().map(|&j| alses[j as usize]).collect();
    let holders = Holders::new(&changed_sets);
    // Per digit, the first places of the changed sets holding it: where a
    // lookup can find one.
    let mut firsts = [0u128; 9];
    for x in &changed_sets {
        let mut digits = x.digits;
        while digits != 0 {
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            firsts[d] |= 1 << x.places[d].trailing_zeros();
        }
    }
    let mut pairs = Vec::new();
    for (y, a) in alses.iter().enumerate() {
        holders.each_seeing(a, &firsts, |d, members| {
            for &k in members {
                let x = fresh[k as usize];
                if alses[x as usize].cells & a.cells != 0 {
                    continue;
                }
                let y = y as u32;
                pairs.push((x.min(y), x.max(y), 1u16 << d));
            }
        });
    }
    pairs.sort_unstable();
    pairs
}

/// The forward table of `n` sets: the old table's links between unchanged
/// sets (renumbered) and the links of `pairs`, each set's by increasing
/// second set.
fn assemble(n: usize, m: &Matching, old_table: &RcTable, pairs: &[(u32, u32, u16)]) -> RcTable {
    let mut table = RcTable {
        commons: Vec::with_capacity(old_table.commons.len() + pairs.len()),
        starts: Vec::with_capacity(n + 1),
    };
    let mut p = 0;
    for i in 0..n {
        let from = table.commons.len();
        table.starts.push(from as u32);
        let old_i = m.old_of_new[i];
        if old_i != NONE {
            for rc in &old_table.commons[old_table.range(old_i as usize)] {
                let j = m.new_of_old[rc.als2 as usize];
                if j != NONE {
                    table.commons.push(RestrictedCommon {
                        als1: i as u32,
                        als2: j,
                        ..*rc
                    });
                }
            }
        }
        let mut fresh_links = false;
        while p < pairs.len() && pairs[p].0 == i as u32 {
            let j = pairs[p].1;
            let mut mask = 0;
            while p < pairs.len() && pairs[p].0 == i as u32 && pairs[p].1 == j {
                mask |= pairs[p].2;
                p += 1;
            }
            table.commons.push(link(i as u32, j, mask));
            fresh_links = true;
        }
        if fresh_links {
            table.commons[from..].sort_unstable_by_key(|rc| rc.als2);
        }
    }
    table.starts.push(table.commons.len() as u32);
    table
}

/// The restricted common of sets `i` and `j` linked by the digits of
/// `mask`: the first and the last when more than two (HoDoKu's choice).
fn link(i: u32, j: u32, mask: u16) -> RestrictedCommon {
    let (low, high) = (
        mask.trailing_zeros() as u8 + 1,
        16 - mask.leading_zeros() as u8,
    );
    RestrictedCommon {
        als1: i,
        als2: j,
        digit1: low,
        digit2: if high == low { 0 } else { high },
    }
}
