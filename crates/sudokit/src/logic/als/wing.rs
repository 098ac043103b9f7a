//! ALS-XY-Wing as HoDoKu finds it.

use super::commons::{RcTable, RestrictedCommon};
use super::evidence::{Elims, als_step, rc_link, z_chains};
use super::sets::Als;
use super::xz::{common_eliminations, digits};
use crate::logic::{Step, Technique};

/// Every ALS-XY-Wing, in HoDoKu's order: pairs of restricted commons
/// `(i, j)`, `i < j`, that share one set (the pivot C) and join it to two
/// sets A (by `i`) and B (by `j`) that do not overlap; not both one and the
/// same digit. A digit `z` common to A and B, neither link, leaves every
/// cell seeing all its places in A and B: if A lacked it, A would be locked
/// and take its link from C, B likewise, leaving C two digits short.
pub(super) fn find(alses: &[Als], table: &RcTable) -> Vec<Step> {
    let incident = Incidence::new(alses.len(), &table.commons);
    let rcs = &table.commons;
    let mut steps = Vec::new();
    for (i, rc1) in rcs.iter().enumerate() {
        let (l1, l2) = (
            incident.of(rc1.als1 as usize),
            incident.of(rc1.als2 as usize),
        );
        // Both lists ascend: merge their entries after `i`.
        let (mut p, mut q) = (
            l1.partition_point(|&j| j as usize <= i),
            l2.partition_point(|&j| j as usize <= i),
        );
        while p < l1.len() || q < l2.len() {
            let j = if q == l2.len() || (p < l1.len() && l1[p] < l2[q]) {
                p += 1;
                l1[p - 1]
            } else {
                q += 1;
                l2[q - 1]
            };
            if let Some(step) = wing(alses, rc1, &rcs[j as usize]) {
                steps.push(step);
            }
        }
    }
    steps
}

/// The wing of two restricted commons sharing one set, if it eliminates.
fn wing(alses: &[Als], rc1: &RestrictedCommon, rc2: &RestrictedCommon) -> Option<Step> {
    if rc1.digit2 == 0 && rc2.digit2 == 0 && rc1.digit1 == rc2.digit1 {
        return None;
    }
    let (pivot, a, b) = if rc1.als1 == rc2.als1 {
        (rc1.als1, rc1.als2, rc2.als2)
    } else if rc1.als1 == rc2.als2 {
        (rc1.als1, rc1.als2, rc2.als1)
    } else if rc1.als2 == rc2.als1 {
        (rc1.als2, rc1.als1, rc2.als2)
    } else {
        (rc1.als2, rc1.als1, rc2.als1)
    };
    let (c, a, b) = (
        &alses[pivot as usize],
        &alses[a as usize],
        &alses[b as usize],
    );
    if a.cells & b.cells != 0 {
        return None;
    }
    let mut elims = Elims::default();
    common_eliminations(a, b, rc1.mask() | rc2.mask(), &mut elims);
    if elims.is_empty() {
        return None;
    }
    let mut step = als_step(Technique::AlsXyWing, &[a, b, c], &elims)
        .with_digits(digits(rc1.mask() | rc2.mask()));
    let (x, y) = distinct_pair(rc1, rc2);
    step.links.push(rc_link(a, c, x));
    step.links.push(rc_link(c, b, y));
    step.chains = z_chains(&[a, c, b], &[x, y], &elims);
    Some(step)
}

/// A digit of each link, different (the chain's `x` and `y`).
fn distinct_pair(rc1: &RestrictedCommon, rc2: &RestrictedCommon) -> (u8, u8) {
    let y = if rc2.digit1 != rc1.digit1 {
        rc2.digit1
    } else if rc2.digit2 != 0 {
        rc2.digit2
    } else {
        return (rc1.digit2, rc2.digit1);
    };
    (rc1.digit1, y)
}

/// For each set, the indices of the restricted commons touching it, in
/// increasing order (one flat array).
struct Incidence {
    starts: Vec<u32>,
    entries: Vec<u32>,
}

impl Incidence {
    fn new(sets: usize, rcs: &[RestrictedCommon]) -> Incidence {
        let mut starts = vec![0u32; sets + 1];
        for rc in rcs {
            starts[rc.als1 as usize + 1] += 1;
            starts[rc.als2 as usize + 1] += 1;
        }
        for i in 0..sets {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut entries = vec![0u32; rcs.len() * 2];
        for (k, rc) in rcs.iter().enumerate() {
            for s in [rc.als1, rc.als2] {
                entries[fill[s as usize] as usize] = k as u32;
                fill[s as usize] += 1;
            }
        }
        Incidence { starts, entries }
    }

    fn of(&self, set: usize) -> &[u32] {
        &self.entries[self.starts[set] as usize..self.starts[set + 1] as usize]
    }
}
