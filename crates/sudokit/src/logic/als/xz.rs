//! ALS-XZ, singly and doubly linked, as HoDoKu finds it.

use super::commons::{RcTable, RestrictedCommon};
use super::evidence::{Elims, als_step};
use super::sets::Als;
use crate::logic::{Step, Technique};
use std::collections::HashSet;

/// Every ALS-XZ, in HoDoKu's order (restricted commons in list order; HoDoKu
/// takes the first), one per set of eliminations.
///
/// Singly linked by `x`: a digit `z` common to both sets leaves every cell
/// seeing all its places in both. Doubly linked by `x1` and `x2`: both sets
/// are locked, so each common digit (the two links too) leaves the cells
/// seeing all its places in both sets, and each other digit of a set leaves
/// the cells outside the other set that see all its places in the set.
pub(super) fn find(alses: &[Als], table: &RcTable) -> Vec<Step> {
    let mut steps = Vec::new();
    let mut seen = HashSet::new();
    for rc in &table.commons {
        let (a, b) = (&alses[rc.als1 as usize], &alses[rc.als2 as usize]);
        let elims = eliminations(a, b, rc);
        if elims.is_empty() || !seen.insert(elims) {
            continue;
        }
        let step = als_step(Technique::AlsXz, &[a, b], &elims).with_digits(digits(rc.mask()));
        steps.push(super::evidence::xz_evidence(step, a, b, rc, &elims));
    }
    steps
}

/// Whether an ALS-XZ with a set of `fresh` eliminates: the search
/// [`super::barren`] needs after a position without ALS-XZ.
pub(super) fn any_with(alses: &[Als], table: &RcTable, fresh: &[bool]) -> bool {
    table.commons.iter().any(|rc| {
        (fresh[rc.als1 as usize] || fresh[rc.als2 as usize])
            && !eliminations(&alses[rc.als1 as usize], &alses[rc.als2 as usize], rc).is_empty()
    })
}

/// The eliminations of the ALS-XZ of `a` and `b` linked by `rc`.
fn eliminations(a: &Als, b: &Als, rc: &RestrictedCommon) -> Elims {
    let mut elims = Elims::default();
    let x = rc.mask();
    common_eliminations(a, b, 1 << (rc.digit1 - 1), &mut elims);
    if rc.digit2 != 0 {
        common_eliminations(a, b, 1 << (rc.digit2 - 1), &mut elims);
        locked_eliminations(a, b, x, &mut elims);
        locked_eliminations(b, a, x, &mut elims);
    }
    elims
}

/// The digits of a mask.
pub(super) fn digits(mask: u16) -> crate::candidates::DigitSet {
    crate::candidates::DigitSet::from_bits(mask)
}

/// Adds the eliminations of the digits common to `a` and `b` but
/// `excluded`: each leaves the cells seeing all its places in both sets.
pub(super) fn common_eliminations(a: &Als, b: &Als, excluded: u16, elims: &mut Elims) {
    let mut z = a.digits & b.digits & !excluded;
    if z == 0 || a.all_buddies & b.all_buddies == 0 {
        return;
    }
    while z != 0 {
        let d = z.trailing_zeros() as usize;
        z &= z - 1;
        elims.add(d, a.buddies[d] & b.buddies[d]);
    }
}

/// Adds the eliminations of the locked set `a` (doubly linked to `b` by the
/// digits of `links`): each other digit of `a` leaves the cells outside `b`
/// that see all its places in `a`.
fn locked_eliminations(a: &Als, b: &Als, links: u16, elims: &mut Elims) {
    let mut rest = a.digits & !links;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        elims.add(d, a.buddies[d] & !b.cells);
    }
}
