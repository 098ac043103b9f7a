//! ALS-XY-Wing as HoDoKu finds it.

use super::commons::{RcTable, RestrictedCommon};
use super::evidence::{Elims, als_step, rc_link, z_chains};
use super::sets::Als;
use super::xz::{common_eliminations, digits};
use crate::logic::{Step, Technique};
use std::collections::HashSet;

/// Every ALS-XY-Wing (one per set of eliminations), in HoDoKu's order: pairs of restricted commons
/// `(i, j)`, `i < j`, that share one set (the pivot C) and join it to two
/// sets A (by `i`) and B (by `j`) that do not overlap; not both one and the
/// same digit. A digit `z` common to A and B, neither link, leaves every
/// cell seeing all its places in A and B: if A lacked it, A would be locked
/// and take its link from C, B likewise, leaving C two digits short.
pub(super) fn find(alses: &[Als], table: &RcTable) -> Vec<Step> {
    let incident = Incidence::new(alses.len(), &table.commons);
    // What the quick tests read, kept together.
    let brief = briefs(alses);
    let rcs = &table.commons;
    let mut steps = Vec::new();
    let mut seen = HashSet::new();
    // Per set, how many of its restricted commons come before `rc1`: the
    // entry of `rc1` itself in the set's list (both lists ascend).
    let mut before = vec![0u32; alses.len()];
    for rc1 in rcs {
        // Each side of `rc1` may be the pivot; the other set is then A. A
        // needs a digit besides the link for a `z`.
        let mut side = |pivot: u32, a: u32| {
            let list = incident.of(pivot as usize);
            let at = &mut before[pivot as usize];
            let after = *at as usize + 1;
            *at += 1;
            let useful = brief[a as usize].digits & !rc1.mask() != 0;
            let list = if useful {
                &list[after..]
            } else {
                &list[list.len()..]
            };
            (list, pivot, a)
        };
        let (mut l1, mut l2) = (side(rc1.als1, rc1.als2), side(rc1.als2, rc1.als1));
        // Both lists ascend: take their entries in order of `j`.
        loop {
            let (entry, pivot, a) = match (l1.0.first(), l2.0.first()) {
                (Some(e), f) if f.is_none_or(|f| e.rc < f.rc) => {
                    l1.0 = &l1.0[1..];
                    (e, l1.1, l1.2)
                }
                (_, Some(f)) => {
                    l2.0 = &l2.0[1..];
                    (f, l2.1, l2.2)
                }
                (None, None) => break,
                (Some(_), None) => unreachable!("taken by the first arm"),
            };
            let rc2 = &rcs[entry.rc as usize];
            if !may_eliminate(&brief[a as usize], &brief[entry.other as usize], rc1, rc2) {
                continue;
            }
            let sets = [pivot, a, entry.other].map(|k| &alses[k as usize]);
            if let Some(step) = wing(sets, rc1, rc2, &mut seen) {
                steps.push(step);
            }
        }
    }
    steps
}

/// Whether an ALS-XY-Wing with a set of `fresh` (pivot or wing)
/// eliminates: the search [`super::barren`] needs after a position without
/// ALS-XY-Wing. The tests of [`find`] but its order and duplicates.
pub(super) fn any_with(alses: &[Als], table: &RcTable, fresh: &[bool]) -> bool {
    let incident = Incidence::new(alses.len(), &table.commons);
    let brief = briefs(alses);
    let rcs = &table.commons;
    // Whether the wings at the other ends of `e` and `f` (two links of
    // one pivot) eliminate.
    let eliminates = |e: &Entry, f: &Entry| {
        let (rc1, rc2) = (&rcs[e.rc as usize], &rcs[f.rc as usize]);
        if !may_eliminate(&brief[e.other as usize], &brief[f.other as usize], rc1, rc2) {
            return false;
        }
        let mut elims = Elims::default();
        let (a, b) = (&alses[e.other as usize], &alses[f.other as usize]);
        common_eliminations(a, b, rc1.mask() | rc2.mask(), &mut elims);
        !elims.is_empty()
    };
    let mut wings: Vec<&Entry> = Vec::new();
    (0..alses.len()).any(|c| {
        let list = incident.of(c);
        if fresh[c] {
            return list
                .iter()
                .enumerate()
                .any(|(i, e)| list[i + 1..].iter().any(|f| eliminates(e, f)));
        }
        // A pivot unchanged: one wing changed.
        wings.clear();
        wings.extend(list.iter().filter(|e| fresh[e.other as usize]));
        wings
            .iter()
            .any(|e| list.iter().any(|f| f.rc != e.rc && eliminates(e, f)))
    })
}

/// The quick tests of a wing with sets `qa` and `qb` linked to the pivot
/// by `rc1` and `rc2`: two distinct links, sets apart, a digit besides the
/// links in both, and a cell seeing both sets.
fn may_eliminate(qa: &Brief, qb: &Brief, rc1: &RestrictedCommon, rc2: &RestrictedCommon) -> bool {
    let links = rc1.mask() | rc2.mask();
    !(rc1.digit2 == 0 && rc2.digit2 == 0 && rc1.digit1 == rc2.digit1)
        && qa.cells & qb.cells == 0
        && qa.digits & qb.digits & !links != 0
        && qa.all_buddies & qb.all_buddies != 0
}

/// The fields of each set the first tests of a wing read.
fn briefs(alses: &[Als]) -> Vec<Brief> {
    alses
        .iter()
        .map(|a| Brief {
            cells: a.cells,
            all_buddies: a.all_buddies,
            digits: a.digits,
        })
        .collect()
}

/// Every ALS-XY-Wing as [`find`] finds them, by trying every later
/// restricted common against each one: the reference its lists are tested
/// against.
#[cfg(test)]
pub(super) fn find_plain(alses: &[Als], table: &RcTable) -> Vec<Step> {
    let rcs = &table.commons;
    let mut steps = Vec::new();
    let mut seen = HashSet::new();
    for (i, rc1) in rcs.iter().enumerate() {
        for rc2 in &rcs[i + 1..] {
            let ends = [rc2.als1, rc2.als2];
            let (pivot, a) = if ends.contains(&rc1.als1) {
                (rc1.als1, rc1.als2)
            } else if ends.contains(&rc1.als2) {
                (rc1.als2, rc1.als1)
            } else {
                continue;
            };
            let b = if rc2.als1 == pivot {
                rc2.als2
            } else {
                rc2.als1
            };
            let (qa, qb) = (&alses[a as usize], &alses[b as usize]);
            let links = rc1.mask() | rc2.mask();
            if qa.digits & !rc1.mask() == 0
                || (rc1.digit2 == 0 && rc2.digit2 == 0 && rc1.digit1 == rc2.digit1)
                || qa.cells & qb.cells != 0
                || qa.digits & qb.digits & !links == 0
            {
                continue;
            }
            let sets = [pivot, a, b].map(|k| &alses[k as usize]);
            if let Some(step) = wing(sets, rc1, rc2, &mut seen) {
                steps.push(step);
            }
        }
    }
    steps
}

/// The wing of the pivot C and the sets A and B, joined by `rc1` (A–C) and
/// `rc2` (C–B), if it eliminates.
fn wing(
    [c, a, b]: [&Als; 3],
    rc1: &RestrictedCommon,
    rc2: &RestrictedCommon,
    seen: &mut HashSet<Elims>,
) -> Option<Step> {
    let mut elims = Elims::default();
    common_eliminations(a, b, rc1.mask() | rc2.mask(), &mut elims);
    if elims.is_empty() || !seen.insert(elims) {
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

/// The fields of a set the first tests of a wing read.
struct Brief {
    cells: u128,
    all_buddies: u128,
    digits: u16,
}

/// A restricted common as seen from one of its sets.
struct Entry {
    /// Its index in the table.
    rc: u32,
    /// The set at its other end.
    other: u32,
}

/// For each set, the restricted commons touching it, by increasing index
/// (one flat array).
struct Incidence {
    starts: Vec<u32>,
    entries: Vec<Entry>,
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
        let mut entries: Vec<Entry> = (0..rcs.len() * 2)
            .map(|_| Entry { rc: 0, other: 0 })
            .collect();
        for (k, rc) in rcs.iter().enumerate() {
            for (s, other) in [(rc.als1, rc.als2), (rc.als2, rc.als1)] {
                entries[fill[s as usize] as usize] = Entry {
                    rc: k as u32,
                    other,
                };
                fill[s as usize] += 1;
            }
        }
        Incidence { starts, entries }
    }

    fn of(&self, set: usize) -> &[Entry] {
        &self.entries[self.starts[set] as usize..self.starts[set + 1] as usize]
    }
}
