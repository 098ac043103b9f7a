//! Building the steps of the ALS family: eliminations, cells and houses of
//! the sets, the restricted-common links and the chains in Eureka form.

use super::commons::RestrictedCommon;
use super::sets::Als;
use crate::cell_set::CellSet;
use crate::grid::{Cell, Digit};
use crate::logic::single_digit::cells_of;
use crate::logic::{Chain, Link, Node, NodeKind, Step, Technique};

/// Eliminations gathered per digit (`[d - 1]`, cell bitboards).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Elims(pub [u128; 9]);

impl Elims {
    /// Adds the cells of `mask` for digit index `d` (0-based).
    pub fn add(&mut self, d: usize, mask: u128) {
        self.0[d] |= mask;
    }

    /// Whether nothing is eliminated.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&m| m == 0)
    }

    /// How many candidates are eliminated.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|m| m.count_ones()).sum()
    }

    /// The eliminated digits as a mask.
    pub fn digits(&self) -> u16 {
        (0..9)
            .filter(|&d| self.0[d] != 0)
            .fold(0, |m, d| m | 1 << d)
    }

    /// The candidates in HoDoKu's order: by digit, then cell.
    pub fn list(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        (0..9).flat_map(move |d| {
            let digit = Digit::from_index(d).expect("d < 9");
            cells_of(self.0[d]).map(move |c| (c, digit))
        })
    }

    /// HoDoKu's weighted index sum of the sorted eliminations (its tie
    /// break between ALS steps eliminating as many candidates).
    pub fn index_sum(&self) -> i64 {
        let mut sum = 0;
        let mut offset = 1;
        for (cell, digit) in self.list() {
            sum += cell.index() as i64 * offset + i64::from(digit.get());
            offset += 80;
        }
        sum
    }
}

/// A step of `technique` over `sets` (in order): their cells and houses,
/// and the eliminations in HoDoKu's order.
pub(super) fn als_step(technique: Technique, sets: &[&Als], elims: &Elims) -> Step {
    let mut step = Step::new(technique);
    for als in sets {
        step = step.with_cells(cells_of(als.cells)).house(als.house);
    }
    step.eliminations.extend(elims.list());
    step
}

/// The digit of index `d` (0-based).
pub(super) fn digit(d: usize) -> Digit {
    Digit::from_index(d).expect("d < 9")
}

/// The node of digit `d` (1-based) in the set.
pub(super) fn als_node(als: &Als, d: u8) -> Node {
    Node {
        cells: CellSet::from_bits(als.cells),
        digit: Digit::new(d).expect("1..=9"),
        kind: NodeKind::Als,
    }
}

/// The weak link of the restricted common `d` (1-based) between `a` and
/// `b`, drawn between its closest places in the two sets (HoDoKu's choice).
pub(super) fn rc_link(a: &Als, b: &Als, d: u8) -> Link {
    let i = usize::from(d - 1);
    let digit = Digit::new(d).expect("1..=9");
    let mut best = (u32::MAX, None);
    for p in cells_of(a.places[i]) {
        for q in cells_of(b.places[i]) {
            let (dr, dc) = (p.row().abs_diff(q.row()), p.col().abs_diff(q.col()));
            let dist = (dr * dr + dc * dc) as u32;
            if dist < best.0 {
                best = (dist, Some((p, q)));
            }
        }
    }
    let (p, q) = best.1.expect("a restricted common has places in both sets");
    Link {
        from: (p, digit),
        to: (q, digit),
        strong: false,
    }
}

/// The chain `(z)S0=(x1)S0-(x1)S1=(x2)S1-…-(xk)Sk=(z)Sk`: through `sets`
/// joined by the restricted commons `links` (one digit per link), from and
/// to the digit `z` (1-based).
pub(super) fn als_chain(sets: &[&Als], links: &[u8], z: u8) -> Chain {
    let mut chain = Chain::default();
    let mut enter = z;
    for (k, als) in sets.iter().enumerate() {
        let leave = links.get(k).copied().unwrap_or(z);
        if k > 0 {
            chain.strong.push(false);
        }
        chain.nodes.push(als_node(als, enter));
        chain.strong.push(true);
        chain.nodes.push(als_node(als, leave));
        enter = leave;
    }
    chain
}

/// ALS-XZ evidence: the links of the restricted commons, and the chains:
/// `(z)A=(x)A-(x)B=(z)B` for each eliminated `z` when singly linked, the
/// loop `(x1)A=(x2)A-(x2)B=(x1)B-(x1)A` when doubly linked.
pub(super) fn xz_evidence(
    mut step: Step,
    a: &Als,
    b: &Als,
    rc: &RestrictedCommon,
    elims: &Elims,
) -> Step {
    step.links.push(rc_link(a, b, rc.digit1));
    if rc.digit2 != 0 {
        step.links.push(rc_link(a, b, rc.digit2));
        let mut chain = als_chain(&[a, b], &[rc.digit2], rc.digit1);
        chain.strong.push(false);
        chain.nodes.push(als_node(a, rc.digit1));
        step.chains.push(chain);
    } else {
        step.chains = z_chains(&[a, b], &[rc.digit1], elims);
    }
    step
}

/// One chain per eliminated digit `z` through `sets` joined by `links`.
pub(super) fn z_chains(sets: &[&Als], links: &[u8], elims: &Elims) -> Vec<Chain> {
    let mut z = elims.digits();
    let mut chains = Vec::new();
    while z != 0 {
        let d = z.trailing_zeros() as u8 + 1;
        z &= z - 1;
        chains.push(als_chain(sets, links, d));
    }
    chains
}
