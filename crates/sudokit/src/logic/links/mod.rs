//! The implication graph of a position: strong and weak links between
//! nodes, built once per position and shared by the chain techniques.
//!
//! A *node* is a candidate (a digit in one cell) or a *group* (a digit in
//! two or three cells of one box and one line, HoDoKu's group nodes). Each
//! node has two *literals*: on (the digit is there) and off (it is not).
//!
//! - A **strong** link joins two nodes of which at least one is true: the
//!   only two places of a digit in a house, the two digits of a bivalue
//!   cell, a group and the only other place (or group) of its digit in a
//!   house. It gives the implication off → on.
//! - A **weak** link joins two nodes that cannot both be true: two places
//!   of a digit that see each other, two digits of one cell, a group and a
//!   cell (or a disjoint group) sharing a house with it. It gives on → off.
//!
//! [`Links::successors`] lists the direct implications of a literal in the
//! order HoDoKu's `TablingSolver` records them (its `fillTables` and
//! `fillTablesWithGroupNodes`): for an on-literal the other digits of the
//! cell, then the digit's other places in the row, column and box, then the
//! groups it sees; for an off-literal the other digit of a bivalue cell,
//! then the conjugates in row, column and box, then the groups. The
//! breadth-first tables of [`table`] follow that order, so the chains they
//! give back are the ones HoDoKu shows.
//!
//! Almost locked sets as nodes are not built: HoDoKu's default
//! (`Options.ALLOW_ALS_IN_TABLING_CHAINS = false`) leaves them out of nice
//! loops and forcing chains.
//!
//! Everything is bitboards: `u128` cell sets per digit, and per digit a
//! `u64` of group indices (a digit has at most 54 groups).

pub mod graph;
pub mod table;

use crate::candidates::Candidates;
use crate::cell_set::CellSet;
use crate::grid::{Cell, Digit};
use crate::logic::single_digit::HOUSE_BITS;
use crate::logic::{Node, NodeKind};

/// A literal: a node with a truth value, `node << 1 | on`.
pub type Lit = u16;

/// How many node numbers candidates take: `cell * 9 + digit index`.
pub const CANDIDATE_NODES: u16 = 729;

/// The on-literal of `node`.
pub const fn on(node: u16) -> Lit {
    node << 1 | 1
}

/// The off-literal of `node`.
pub const fn off(node: u16) -> Lit {
    node << 1
}

/// Whether `lit` is an on-literal.
pub const fn is_on(lit: Lit) -> bool {
    lit & 1 == 1
}

/// The node of `lit`.
pub const fn node_of(lit: Lit) -> u16 {
    lit >> 1
}

/// The node of candidate `digit` (0-based) in `cell`.
pub const fn candidate_node(cell: usize, digit: usize) -> u16 {
    (cell * 9 + digit) as u16
}

/// A group node: the places of one digit in the cells one box shares with
/// one line, when there are two or three of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group {
    /// The cells (two or three).
    pub cells: u128,
    /// The digit, 0-based.
    pub digit: u8,
    /// The line (house index: 0–8 rows, 9–17 columns).
    pub line: u8,
    /// The box (house index 18–26).
    pub block: u8,
    /// The cells that see every cell of the group.
    pub buddies: u128,
    /// Weak links: the digit's places seeing the whole group.
    pub weak_cells: u128,
    /// Weak links: the disjoint groups of the digit sharing a house (bits
    /// are indices among the digit's groups).
    pub weak_groups: u64,
    /// Strong links to single cells: in the box, then in the line (the
    /// only other place of the digit in that house).
    pub strong_cells: [Option<u8>; 2],
    /// Strong links to groups: in the line, then in the box (the only
    /// other group there, with no other place of the digit).
    pub strong_groups: [Option<u8>; 2],
}

/// The graph of one position.
#[derive(Clone, Debug)]
pub struct Links {
    /// The cells holding each digit (0-based) as a candidate.
    pub places: [u128; 9],
    /// The candidates of each cell, bit `d` for digit index `d`.
    pub cands: [u16; 81],
    /// The groups, in HoDoKu's order (rows, then columns; by line, digit,
    /// box); empty when the graph is built without groups.
    pub groups: Vec<Group>,
    /// The global index of each digit's groups, in order.
    pub digit_groups: [Vec<u16>; 9],
    /// The index of each group among its digit's groups.
    pub group_local: Vec<u8>,
    /// For each cell and digit: the digit's groups it is weakly linked to.
    weak_groups: Vec<[u64; 9]>,
    /// For each cell and digit: the digit's groups it is strongly linked to.
    strong_groups: Vec<[u64; 9]>,
}

impl Links {
    /// The graph of `candidates`, with group nodes when `grouped`.
    pub fn new(candidates: &Candidates, grouped: bool) -> Links {
        let mut cands = [0u16; 81];
        let mut places = [0u128; 9];
        for cell in Cell::all() {
            let set = candidates.get(cell).bits();
            cands[cell.index()] = set;
            for (d, p) in places.iter_mut().enumerate() {
                if set >> d & 1 == 1 {
                    *p |= 1 << cell.index();
                }
            }
        }
        let mut links = Links {
            places,
            cands,
            groups: Vec::new(),
            digit_groups: Default::default(),
            group_local: Vec::new(),
            weak_groups: vec![[0; 9]; 81],
            strong_groups: vec![[0; 9]; 81],
        };
        if grouped {
            links.add_groups();
        }
        links
    }

    /// Finds the groups (HoDoKu's `GroupNode.getGroupNodes` order) and their links.
    fn add_groups(&mut self) {
        // Per digit and house, the digit's groups in the house (local bits).
        let mut in_house = [[0u64; 27]; 9];
        for (line, &line_bits) in HOUSE_BITS.iter().enumerate().take(18) {
            for (d, digit_houses) in in_house.iter_mut().enumerate() {
                let in_line = line_bits & self.places[d];
                // The three boxes the line crosses, in order.
                for block in line_blocks(line) {
                    let cells = in_line & HOUSE_BITS[block];
                    if cells & cells.wrapping_sub(1) != 0 {
                        let buddies = cells_iter(cells).fold(!0u128 >> 47, |m, c| m & peers(c));
                        let local = self.digit_groups[d].len();
                        digit_houses[line] |= 1 << local;
                        digit_houses[block] |= 1 << local;
                        self.group_local.push(local as u8);
                        self.digit_groups[d].push(self.groups.len() as u16);
                        self.groups.push(Group {
                            cells,
                            digit: d as u8,
                            line: line as u8,
                            block: block as u8,
                            buddies,
                            weak_cells: buddies & self.places[d],
                            weak_groups: 0,
                            strong_cells: [None; 2],
                            strong_groups: [None; 2],
                        });
                    }
                }
            }
        }
        for g in 0..self.groups.len() {
            self.link_group(g, &in_house);
        }
    }

    /// The links of group `g` to cells and to the other groups of its
    /// digit (`in_house`: per digit and house, the digit's groups there).
    fn link_group(&mut self, g: usize, in_house: &[[u64; 27]; 9]) {
        let group = self.groups[g];
        let d = group.digit as usize;
        let local = self.local(g);
        for c in cells_iter(group.weak_cells) {
            self.weak_groups[c][d] |= 1 << local;
        }
        for (k, house) in [group.block, group.line].into_iter().enumerate() {
            let others = group.weak_cells & HOUSE_BITS[house as usize];
            if others != 0 && others & (others - 1) == 0 {
                let c = others.trailing_zeros() as usize;
                self.groups[g].strong_cells[k] = Some(c as u8);
                self.strong_groups[c][d] |= 1 << local;
            }
        }
        let mut weak = 0u64;
        let mut count = [0u8; 2];
        let mut first = [0u8; 2];
        // Only groups sharing the line or the box can be linked.
        let near = in_house[d][group.line as usize] | in_house[d][group.block as usize];
        for j in bits64(near) {
            let other = self.digit_groups[d][j];
            let o = &self.groups[other as usize];
            if other as usize == g || o.cells & group.cells != 0 {
                continue;
            }
            for (k, same) in [o.line == group.line, o.block == group.block]
                .into_iter()
                .enumerate()
            {
                if same {
                    weak |= 1 << j;
                    count[k] += 1;
                    if count[k] == 1 {
                        first[k] = j as u8;
                    }
                }
            }
        }
        self.groups[g].weak_groups = weak;
        for (k, house) in [group.line, group.block].into_iter().enumerate() {
            if count[k] != 1 {
                continue;
            }
            let partner = self.digit_groups[d][first[k] as usize] as usize;
            let rest = HOUSE_BITS[house as usize]
                & self.places[d]
                & !group.cells
                & !self.groups[partner].cells;
            if rest == 0 {
                self.groups[g].strong_groups[k] = Some(first[k]);
            }
        }
    }

    /// The index of group `g` among its digit's groups.
    fn local(&self, g: usize) -> usize {
        self.group_local[g] as usize
    }

    /// The number of nodes (candidates, then groups).
    pub fn node_count(&self) -> usize {
        CANDIDATE_NODES as usize + self.groups.len()
    }

    /// The node of global group `g`.
    pub const fn group_node(g: u16) -> u16 {
        CANDIDATE_NODES + g
    }

    /// The digit (0-based) and cells of `node`.
    pub fn describe(&self, node: u16) -> (usize, u128) {
        if node < CANDIDATE_NODES {
            ((node % 9) as usize, 1u128 << (node / 9))
        } else {
            let g = &self.groups[(node - CANDIDATE_NODES) as usize];
            (g.digit as usize, g.cells)
        }
    }

    /// The first cell of `node` (HoDoKu's `index1`).
    pub fn first_cell(&self, node: u16) -> usize {
        self.describe(node).1.trailing_zeros() as usize
    }

    /// Whether `node` is a group.
    pub const fn is_group(node: u16) -> bool {
        node >= CANDIDATE_NODES
    }

    /// The chain [`Node`] of `node`.
    pub fn chain_node(&self, node: u16) -> Node {
        let (d, cells) = self.describe(node);
        Node {
            cells: CellSet::from_bits(cells),
            digit: Digit::from_index(d).expect("d < 9"),
            kind: if Self::is_group(node) {
                NodeKind::Group
            } else {
                NodeKind::Candidate
            },
        }
    }

    /// The cells that see all of `node` (its peers for a candidate).
    pub fn buddies(&self, node: u16) -> u128 {
        if node < CANDIDATE_NODES {
            peers((node / 9) as usize)
        } else {
            self.groups[(node - CANDIDATE_NODES) as usize].buddies
        }
    }

    /// The direct implications of `lit`, in HoDoKu's order, each once.
    pub fn successors(&self, lit: Lit, mut emit: impl FnMut(Lit)) {
        let node = node_of(lit);
        if node < CANDIDATE_NODES {
            let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
            if is_on(lit) {
                self.on_candidate(cell, d, &mut emit);
            } else {
                self.off_candidate(cell, d, &mut emit);
            }
        } else {
            let g = &self.groups[(node - CANDIDATE_NODES) as usize];
            let d = g.digit as usize;
            if is_on(lit) {
                cells_iter(g.weak_cells).for_each(|c| emit(off(candidate_node(c, d))));
                bits64(g.weak_groups).for_each(|j| emit(off(self.group_lit_node(d, j))));
            } else {
                g.strong_cells
                    .iter()
                    .flatten()
                    .for_each(|&c| emit(on(candidate_node(c as usize, d))));
                g.strong_groups
                    .iter()
                    .flatten()
                    .for_each(|&j| emit(on(self.group_lit_node(d, j as usize))));
            }
        }
    }

    fn group_lit_node(&self, d: usize, local: usize) -> u16 {
        Self::group_node(self.digit_groups[d][local])
    }

    fn on_candidate(&self, cell: usize, d: usize, emit: &mut impl FnMut(Lit)) {
        for d2 in bits16(self.cands[cell] & !(1 << d)) {
            emit(off(candidate_node(cell, d2)));
        }
        let mut seen = 1u128 << cell;
        for h in houses(cell) {
            let m = HOUSE_BITS[h] & self.places[d] & !seen;
            seen |= m;
            cells_iter(m).for_each(|c| emit(off(candidate_node(c, d))));
        }
        bits64(self.weak_groups[cell][d]).for_each(|j| emit(off(self.group_lit_node(d, j))));
    }

    fn off_candidate(&self, cell: usize, d: usize, emit: &mut impl FnMut(Lit)) {
        let set = self.cands[cell];
        if set.count_ones() == 2 {
            emit(on(candidate_node(
                cell,
                (set & !(1 << d)).trailing_zeros() as usize,
            )));
        }
        let mut seen = 1u128 << cell;
        for h in houses(cell) {
            let m = HOUSE_BITS[h] & self.places[d];
            if m.count_ones() == 2 && m & !seen != 0 {
                let other = m & !seen;
                seen |= other;
                emit(on(candidate_node(other.trailing_zeros() as usize, d)));
            }
        }
        bits64(self.strong_groups[cell][d]).for_each(|j| emit(on(self.group_lit_node(d, j))));
    }
}

/// The boxes (house indices) line `line` (0–8 rows, 9–17 columns) crosses, ascending.
fn line_blocks(line: usize) -> [usize; 3] {
    if line < 9 {
        let first = 18 + line / 3 * 3;
        [first, first + 1, first + 2]
    } else {
        let first = 18 + (line - 9) / 3;
        [first, first + 3, first + 6]
    }
}

/// The row, column and box of `cell` as house indices, in HoDoKu's order.
pub const fn houses(cell: usize) -> [usize; 3] {
    [
        cell / 9,
        9 + cell % 9,
        18 + (cell / 27) * 3 + (cell % 9) / 3,
    ]
}

/// The peers of `cell`.
pub fn peers(cell: usize) -> u128 {
    crate::logic::single_digit::PEER_BITS[cell]
}

/// The cells of a bitboard, ascending.
pub fn cells_iter(mut bits: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The set bits of a `u64`, ascending.
pub fn bits64(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The set bits of a `u16`, ascending.
pub fn bits16(bits: u16) -> impl Iterator<Item = usize> {
    bits64(u64::from(bits))
}
