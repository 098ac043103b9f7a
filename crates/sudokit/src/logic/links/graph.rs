//! The implication graph of a position as flat successor lists, for the
//! breadth-first tables: each literal gets a dense number (candidates by
//! cell and digit, off then on, then groups), and its direct implications
//! are listed once, in [`Links::successors`] order.

use super::{CANDIDATE_NODES, Links, Lit, bits16, candidate_node, node_of, off, on};

/// The successor lists of every literal of a position.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The literal of each dense number.
    lits: Vec<Lit>,
    /// The dense number of each literal (`u16::MAX` for none).
    dense: Vec<u16>,
    /// Where each literal's successors start in `succ` (one more entry
    /// than literals).
    start: Vec<u32>,
    /// The successors, as dense numbers.
    succ: Vec<u16>,
    /// How many dense numbers candidates take (twice the candidates).
    candidate_lits: usize,
}

impl Graph {
    /// The lists of `links`.
    pub fn new(links: &Links) -> Graph {
        let mut lits = Vec::with_capacity(2 * links.node_count());
        for cell in 0..81 {
            for d in bits16(links.cands[cell]) {
                let node = candidate_node(cell, d);
                lits.extend([off(node), on(node)]);
            }
        }
        let candidate_lits = lits.len();
        for g in 0..links.groups.len() as u16 {
            let node = Links::group_node(g);
            lits.extend([off(node), on(node)]);
        }
        let mut dense = vec![u16::MAX; 2 * links.node_count()];
        for (i, &lit) in lits.iter().enumerate() {
            dense[lit as usize] = i as u16;
        }
        let mut start = Vec::with_capacity(lits.len() + 1);
        let mut succ = Vec::with_capacity(8 * lits.len());
        for &lit in &lits {
            start.push(succ.len() as u32);
            links.successors(lit, |l| succ.push(dense[l as usize]));
        }
        start.push(succ.len() as u32);
        Graph {
            lits,
            dense,
            start,
            succ,
            candidate_lits,
        }
    }

    /// The number of literals.
    pub fn len(&self) -> usize {
        self.lits.len()
    }

    /// Whether the position has no candidate.
    pub fn is_empty(&self) -> bool {
        self.lits.is_empty()
    }

    /// How many dense numbers the candidates' literals take (those below
    /// are candidates).
    pub fn candidate_lits(&self) -> usize {
        self.candidate_lits
    }

    /// The literal of dense number `i`.
    pub fn lit(&self, i: u16) -> Lit {
        self.lits[i as usize]
    }

    /// The dense number of `lit`, if the position has it.
    pub fn dense(&self, lit: Lit) -> Option<u16> {
        match self.dense.get(lit as usize) {
            Some(&i) if i != u16::MAX => Some(i),
            _ => None,
        }
    }

    /// The direct implications of dense literal `i`, as dense numbers.
    pub fn successors(&self, i: u16) -> &[u16] {
        let i = i as usize;
        &self.succ[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The cell and digit (0-based) of dense candidate literal `i`.
    pub fn cell_digit(&self, i: u16) -> (usize, usize) {
        let node = node_of(self.lits[i as usize]);
        debug_assert!(node < CANDIDATE_NODES);
        ((node / 9) as usize, (node % 9) as usize)
    }
}
