//! HoDoKu's "tables" as breadth-first searches over the [`Links`] graph:
//! everything that follows from one premise (a literal), each consequence
//! recorded once with the consequence it came from.
//!
//! The search is HoDoKu's `expandTables` for one premise: the direct
//! implications in [`Links::successors`] order, then theirs, first in first
//! out, so the recorded predecessor of each literal (and so the chain given
//! back) is the one HoDoKu keeps. Like HoDoKu a table holds at most
//! [`MAX_ENTRIES`] literals, premise included.

use super::{
    CANDIDATE_NODES, HOUSES_OF, Links, Lit, bits16, candidate_node, is_on, node_of, off, on,
};
use crate::candidates::Candidates;
use crate::logic::single_digit::HOUSE_BITS;
use std::rc::Rc;

/// The most literals a table holds (HoDoKu's `MAX_TABLE_ENTRY_LENGTH`).
pub const MAX_ENTRIES: usize = 1000;

/// One recorded consequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The literal.
    pub lit: Lit,
    /// The position of the literal it follows from (0 for the premise itself).
    pub parent: u16,
    /// The number of links from the premise.
    pub depth: u16,
}

/// Every consequence of one premise, in the order found.
#[derive(Clone, Debug, Default)]
pub struct Table {
    /// The literals in the order found; the premise first.
    pub entries: Vec<Entry>,
    /// For each digit (0-based), the cells where it is implied true.
    pub on: [u128; 9],
    /// For each digit, the cells where it is implied false.
    pub off: [u128; 9],
    /// For each digit, its groups implied true (bits: index among the digit's groups).
    pub group_on: [u64; 9],
    /// For each digit, its groups implied false.
    pub group_off: [u64; 9],
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            entries: Vec::with_capacity(MAX_ENTRIES),
            ..Table::default()
        }
    }

    /// Fills the table with the consequences of `premise`.
    pub fn build(&mut self, links: &Links, premise: Lit) {
        self.entries.clear();
        self.on = [0; 9];
        self.off = [0; 9];
        self.group_on = [0; 9];
        self.group_off = [0; 9];
        self.push(links, premise, 0, 0);
        let mut i = 0;
        // Once full, expanding further would record nothing.
        while i < self.entries.len() && self.entries.len() < MAX_ENTRIES {
            let Entry { lit, depth, .. } = self.entries[i];
            self.expand(links, lit, i as u16, depth + 1);
            i += 1;
        }
    }

    /// Records `lit` unless it is known or the table is full.
    fn push(&mut self, links: &Links, lit: Lit, parent: u16, depth: u16) {
        if !self.contains(links, lit) {
            self.push_new(links, lit, parent, depth);
        }
    }

    /// Records `lit`, known to be new, unless the table is full.
    fn push_new(&mut self, links: &Links, lit: Lit, parent: u16, depth: u16) {
        let node = node_of(lit);
        if node < CANDIDATE_NODES {
            let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
            self.push_candidate(cell, d, is_on(lit), parent, depth);
        } else if self.entries.len() < MAX_ENTRIES {
            let g = (node - CANDIDATE_NODES) as usize;
            let d = links.groups[g].digit as usize;
            let local = links.group_local[g];
            let set = if is_on(lit) {
                &mut self.group_on
            } else {
                &mut self.group_off
            };
            set[d] |= 1 << local;
            self.entries.push(Entry { lit, parent, depth });
        }
    }

    /// Records the candidate literal of digit `d` in `cell`, known to be
    /// new, unless the table is full.
    #[inline(always)]
    fn push_candidate(&mut self, cell: usize, d: usize, on_: bool, parent: u16, depth: u16) {
        if self.entries.len() >= MAX_ENTRIES {
            return;
        }
        let set = if on_ { &mut self.on } else { &mut self.off };
        set[d] |= 1 << cell;
        let node = candidate_node(cell, d);
        self.entries.push(Entry {
            lit: if on_ { on(node) } else { off(node) },
            parent,
            depth,
        });
    }

    /// Whether `lit` is in the table.
    pub fn contains(&self, links: &Links, lit: Lit) -> bool {
        let node = node_of(lit);
        if node < CANDIDATE_NODES {
            let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
            let set = if is_on(lit) { &self.on } else { &self.off };
            set[d] >> cell & 1 == 1
        } else {
            let g = &links.groups[(node - CANDIDATE_NODES) as usize];
            let d = g.digit as usize;
            let local = links.group_local[(node - CANDIDATE_NODES) as usize];
            let set = if is_on(lit) {
                &self.group_on
            } else {
                &self.group_off
            };
            set[d] >> local & 1 == 1
        }
    }

    /// Records the direct implications of `lit` (at position `at`).
    fn expand(&mut self, links: &Links, lit: Lit, at: u16, depth: u16) {
        let node = node_of(lit);
        if node >= CANDIDATE_NODES {
            self.expand_group(
                links,
                (node - CANDIDATE_NODES) as usize,
                is_on(lit),
                at,
                depth,
            );
            return;
        }
        let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
        if is_on(lit) {
            self.expand_on(links, cell, d, at, depth);
        } else {
            self.expand_off(links, cell, d, at, depth);
        }
    }

    /// The weak links of digit `d` set in `cell`: its other digits, then
    /// its other places in the row, column and box, then its groups.
    #[inline(always)]
    fn expand_on(&mut self, links: &Links, cell: usize, d: usize, at: u16, depth: u16) {
        let mut others = links.cands[cell] & !(1 << d);
        while others != 0 {
            let d2 = others.trailing_zeros() as usize;
            others &= others - 1;
            if self.off[d2] >> cell & 1 == 0 {
                self.push_candidate(cell, d2, false, at, depth);
            }
        }
        for &h in &HOUSES_OF[cell] {
            let mut m = HOUSE_BITS[h as usize] & links.places[d] & !self.off[d] & !(1 << cell);
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                self.push_candidate(c, d, false, at, depth);
            }
        }
        let g = links.weak_groups_of(cell, d) & !self.group_off[d];
        self.push_groups(links, d, g, false, at, depth);
    }

    /// The strong links of digit `d` removed from `cell`: the other digit
    /// of a bivalue cell, the conjugates in the row, column and box, then
    /// its groups.
    #[inline(always)]
    fn expand_off(&mut self, links: &Links, cell: usize, d: usize, at: u16, depth: u16) {
        if links.bivalue >> cell & 1 == 1 {
            let d2 = (links.cands[cell] & !(1 << d)).trailing_zeros() as usize;
            if self.on[d2] >> cell & 1 == 0 {
                self.push_candidate(cell, d2, true, at, depth);
            }
        }
        let pairs = links.pairs[d];
        for &h in &HOUSES_OF[cell] {
            if pairs >> h & 1 == 1 {
                let other = HOUSE_BITS[h as usize] & links.places[d] & !(1 << cell);
                if other & !self.on[d] != 0 {
                    self.push_candidate(other.trailing_zeros() as usize, d, true, at, depth);
                }
            }
        }
        let g = links.strong_groups_of(cell, d) & !self.group_on[d];
        self.push_groups(links, d, g, true, at, depth);
    }

    /// The links of group `g`, set (`on_`) or removed, in
    /// [`Links::successors`] order: set, its digit goes from the cells and
    /// disjoint groups seeing it; removed, the only other place (cell, then
    /// group) of the digit in its box and line is set.
    fn expand_group(&mut self, links: &Links, g: usize, on_: bool, at: u16, depth: u16) {
        let group = &links.groups[g];
        let d = group.digit as usize;
        if on_ {
            let mut m = group.weak_cells & !self.off[d];
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                self.push_candidate(c, d, false, at, depth);
            }
            let weak = group.weak_groups & !self.group_off[d];
            self.push_groups(links, d, weak, false, at, depth);
        } else {
            let (cells, groups) = (group.strong_cells, group.strong_groups);
            for c in cells.into_iter().flatten() {
                if self.on[d] >> c & 1 == 0 {
                    self.push_candidate(c as usize, d, true, at, depth);
                }
            }
            for j in groups.into_iter().flatten() {
                self.push_groups(links, d, (1 << j) & !self.group_on[d], true, at, depth);
            }
        }
    }

    /// Records the groups of digit `d` in `locals` (indices among the
    /// digit's groups, known to be new), set or removed.
    #[inline(always)]
    fn push_groups(
        &mut self,
        links: &Links,
        d: usize,
        mut locals: u64,
        on_: bool,
        at: u16,
        depth: u16,
    ) {
        while locals != 0 {
            if self.entries.len() >= MAX_ENTRIES {
                return;
            }
            let j = locals.trailing_zeros() as usize;
            locals &= locals - 1;
            let set = if on_ {
                &mut self.group_on
            } else {
                &mut self.group_off
            };
            set[d] |= 1 << j;
            let node = Links::group_node(links.group_at(d, j));
            self.entries.push(Entry {
                lit: if on_ { on(node) } else { off(node) },
                parent: at,
                depth,
            });
        }
    }

    /// The position of `lit` in the table.
    pub fn position(&self, lit: Lit) -> Option<usize> {
        self.entries.iter().position(|e| e.lit == lit)
    }

    /// The literals from the premise to the entry at `pos`.
    pub fn path(&self, pos: usize) -> Vec<Lit> {
        let mut out = vec![self.entries[pos].lit];
        let mut at = pos;
        while at != 0 {
            at = self.entries[at].parent as usize;
            out.push(self.entries[at].lit);
        }
        out.reverse();
        out
    }

    /// The number of implications found, premise excluded.
    pub fn len(&self) -> usize {
        self.entries.len().saturating_sub(1)
    }

    /// Whether the premise implies nothing.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The tables of every candidate literal of a position (HoDoKu's
/// `onTable` and `offTable`), kept compactly.
pub struct Tables {
    /// The graph (with groups).
    pub links: Links,
    entries: Vec<Entry>,
    span: Vec<(u32, u32)>,
    /// Per premise literal: the cells where each digit is implied true.
    pub on: Vec<[u128; 9]>,
    /// Per premise literal: the cells where each digit is implied false.
    pub off: Vec<[u128; 9]>,
}

impl Tables {
    /// An empty store over `links`.
    pub fn new(links: Links) -> Tables {
        let n = 2 * crate::logic::links::CANDIDATE_NODES as usize;
        Tables {
            links,
            entries: Vec::new(),
            span: vec![(0, 0); n],
            on: vec![[0; 9]; n],
            off: vec![[0; 9]; n],
        }
    }

    /// Records the table of `premise`.
    pub fn record(&mut self, premise: Lit, entries: &[Entry], on: [u128; 9], off: [u128; 9]) {
        let start = self.entries.len() as u32;
        self.entries.extend_from_slice(entries);
        self.span[premise as usize] = (start, self.entries.len() as u32);
        self.on[premise as usize] = on;
        self.off[premise as usize] = off;
    }

    /// Whether `premise` has a table with something in it.
    pub fn has(&self, premise: Lit) -> bool {
        let (a, b) = self.span[premise as usize];
        b > a + 1
    }

    fn table(&self, premise: Lit) -> &[Entry] {
        let (a, b) = self.span[premise as usize];
        &self.entries[a as usize..b as usize]
    }

    /// The path from `premise` to `target` in its table.
    pub fn path(&self, premise: Lit, target: Lit) -> Vec<Lit> {
        let t = self.table(premise);
        let Some(mut at) = t.iter().position(|e| e.lit == target) else {
            return vec![premise, target];
        };
        let mut out = vec![target];
        while at != 0 {
            at = t[at].parent as usize;
            out.push(t[at].lit);
        }
        out.reverse();
        out
    }

    /// The number of nodes of the chain from `premise` to `target`.
    pub fn length(&self, premise: Lit, target: Lit) -> usize {
        self.table(premise)
            .iter()
            .find(|e| e.lit == target)
            .map_or(2, |e| e.depth as usize + 1)
    }
}

thread_local! {
    /// The last tables built, by position and grouping: nice loops, grouped
    /// nice loops and forcing chains of one position share them.
    static LAST: std::cell::RefCell<Vec<(Candidates, bool, Rc<Tables>)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

impl Tables {
    /// The tables of every candidate of `candidates` (with group nodes when
    /// `grouped`), built once per position and grouping.
    pub fn of(candidates: &Candidates, grouped: bool) -> Rc<Tables> {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            if let Some((_, _, t)) = last
                .iter()
                .find(|(c, g, _)| c == candidates && *g == grouped)
            {
                return Rc::clone(t);
            }
            let links = Links::new(candidates, grouped);
            let mut tables = Tables::new(links.clone());
            let mut table = Table::new();
            for cell in 0..81 {
                for d in bits16(links.cands[cell]) {
                    for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                        table.build(&links, premise);
                        tables.record(premise, &table.entries, table.on, table.off);
                    }
                }
            }
            let tables = Rc::new(tables);
            last.retain(|(c, _, _)| c == candidates);
            last.push((*candidates, grouped, Rc::clone(&tables)));
            tables
        })
    }

    /// The entries of the table of `premise` (empty when it has none).
    pub fn entries(&self, premise: Lit) -> &[Entry] {
        self.table(premise)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::logic::soundness::sample;

    /// The mask-based expansion visits literals in exactly the order of
    /// [`Links::successors`] with a first-in-first-out queue.
    #[test]
    fn expansion_follows_the_successor_order() {
        for puzzle in sample("top1465_200.txt").iter().take(5) {
            let cands = Candidates::from_grid(puzzle);
            for grouped in [false, true] {
                let links = Links::new(&cands, grouped);
                let mut table = Table::new();
                for premise in [on(candidate_node(0, 0)), off(candidate_node(40, 4))]
                    .into_iter()
                    .chain((0..links.node_count() as u16).step_by(97).map(on))
                {
                    let (d, cells) = links.describe(node_of(premise));
                    if node_of(premise) < CANDIDATE_NODES && links.places[d] & cells == 0 {
                        continue;
                    }
                    table.build(&links, premise);
                    let mut queue = vec![premise];
                    let mut i = 0;
                    while i < queue.len() && queue.len() < MAX_ENTRIES {
                        let mut next = Vec::new();
                        links.successors(queue[i], |l| next.push(l));
                        for l in next {
                            if !queue.contains(&l) && queue.len() < MAX_ENTRIES {
                                queue.push(l);
                            }
                        }
                        i += 1;
                    }
                    let got: Vec<Lit> = table.entries.iter().map(|e| e.lit).collect();
                    assert_eq!(got, queue);
                }
            }
        }
    }
}
