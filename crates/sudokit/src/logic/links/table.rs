//! HoDoKu's "tables" as breadth-first searches over the [`Links`] graph:
//! everything that follows from one premise (a literal), each consequence
//! recorded once with the consequence it came from.
//!
//! The search is HoDoKu's `expandTables` for one premise: the direct
//! implications in [`Links::successors`] order, then theirs, first in first
//! out, so the recorded predecessor of each literal (and so the chain given
//! back) is the one HoDoKu keeps. Like HoDoKu a table holds at most
//! [`MAX_ENTRIES`] literals, premise included. The search runs over the
//! flat successor lists of a [`Graph`], with a bitset of the literals seen.

use super::graph::Graph;
use super::{CANDIDATE_NODES, Links, Lit, bits16, candidate_node, is_on, node_of, off, on};
use crate::candidates::Candidates;
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
    /// The dense number ([`Graph`]) of each entry's literal.
    dense: Vec<u16>,
    /// The dense literals seen, as a bitset.
    seen: Vec<u64>,
}

impl Table {
    /// An empty table.
    pub fn new() -> Table {
        Table {
            entries: Vec::with_capacity(MAX_ENTRIES),
            dense: Vec::with_capacity(MAX_ENTRIES),
            seen: Vec::new(),
        }
    }

    /// Fills the table with the consequences of `premise` (a literal of
    /// `graph`'s position; any other premise implies nothing).
    pub fn build(&mut self, graph: &Graph, premise: Lit) {
        self.build_within(graph, premise, graph.len());
    }

    /// [`Table::build`] on the part of `graph` made of its first `within`
    /// dense literals: with [`Graph::candidate_lits`], the table of the
    /// graph without groups (a grouped graph lists each literal's
    /// successors as the plain one does, groups after).
    pub fn build_within(&mut self, graph: &Graph, premise: Lit, within: usize) {
        for &i in &self.dense {
            self.seen[i as usize >> 6] = 0;
        }
        let words = graph.len().div_ceil(64);
        if self.seen.len() < words {
            self.seen.resize(words, 0);
        }
        self.entries.clear();
        self.dense.clear();
        self.entries.push(Entry {
            lit: premise,
            parent: 0,
            depth: 0,
        });
        let Some(p) = graph.dense(premise) else {
            return;
        };
        self.seen[p as usize >> 6] |= 1 << (p & 63);
        self.dense.push(p);
        let mut i = 0;
        // Once full, expanding further would record nothing.
        while i < self.dense.len() && self.dense.len() < MAX_ENTRIES {
            let depth = self.entries[i].depth + 1;
            for &s in graph.successors(self.dense[i]) {
                let (word, bit) = (s as usize >> 6, 1u64 << (s & 63));
                if self.seen[word] & bit == 0 && (s as usize) < within {
                    self.seen[word] |= bit;
                    self.entries.push(Entry {
                        lit: graph.lit(s),
                        parent: i as u16,
                        depth,
                    });
                    self.dense.push(s);
                    if self.dense.len() >= MAX_ENTRIES {
                        break;
                    }
                }
            }
            i += 1;
        }
    }

    /// The dense numbers of the entries' literals, in order.
    pub fn dense(&self) -> &[u16] {
        &self.dense
    }

    /// Per digit (0-based), the cells implied true and the cells implied
    /// false (the premise included).
    pub fn candidate_sets(&self, graph: &Graph) -> ([u128; 9], [u128; 9]) {
        let (mut on_s, mut off_s) = ([0u128; 9], [0u128; 9]);
        for &i in &self.dense {
            if (i as usize) < graph.candidate_lits() {
                let (cell, d) = graph.cell_digit(i);
                let set = if i & 1 == 1 { &mut on_s } else { &mut off_s };
                set[d] |= 1 << cell;
            }
        }
        (on_s, off_s)
    }
}

/// The tables of every candidate literal of a position (HoDoKu's
/// `onTable` and `offTable`), kept compactly.
pub struct Tables {
    /// The graph (with groups).
    pub links: Links,
    /// Its successor lists.
    pub graph: Graph,
    entries: Vec<Entry>,
    /// Per candidate literal: its place in `span`, `on` and `off`.
    slot: Vec<u16>,
    span: Vec<(u32, u32)>,
    on: Vec<[u128; 9]>,
    off: Vec<[u128; 9]>,
    /// The number of candidate literals (a row of `depth`).
    width: usize,
    /// Per premise (row) and dense candidate literal (column): the depth
    /// of the literal in the premise's table, saturated at `u8::MAX`;
    /// only meaningful where the table holds the literal.
    depth: Vec<u8>,
}

thread_local! {
    /// The depth matrix of the last tables dropped, reused by the next:
    /// it is large, and fresh memory costs page faults.
    static SPARE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Drop for Tables {
    fn drop(&mut self) {
        let depth = std::mem::take(&mut self.depth);
        // At thread exit the spare may be gone already: then let it go.
        let _ = SPARE.try_with(|s| *s.borrow_mut() = depth);
    }
}

/// No table (the cells implied true or false by a premise without one).
const NOTHING: [u128; 9] = [0; 9];

impl Tables {
    /// An empty store over `links`.
    pub fn new(links: Links) -> Tables {
        let graph = Graph::new(&links);
        Tables::over(links, graph)
    }

    /// An empty store over `links` and its `graph`.
    fn over(links: Links, graph: Graph) -> Tables {
        let width = graph.candidate_lits();
        let mut depth = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
        depth.clear();
        Tables {
            links,
            graph,
            entries: Vec::new(),
            slot: vec![u16::MAX; 2 * CANDIDATE_NODES as usize],
            span: Vec::with_capacity(width),
            on: Vec::with_capacity(width),
            off: Vec::with_capacity(width),
            width,
            depth,
        }
    }

    /// Records `table`, built from `premise` on this position's graph.
    pub fn record_table(&mut self, premise: Lit, table: &Table) {
        let (on_s, off_s) = table.candidate_sets(&self.graph);
        self.push_row(premise, &table.entries, on_s, off_s);
        let row = self.depth.len() - self.width;
        for (e, &i) in table.entries.iter().zip(table.dense()) {
            if (i as usize) < self.width {
                self.depth[row + i as usize] = e.depth.min(u16::from(u8::MAX)) as u8;
            }
        }
    }

    /// Stores the entries and sets of `premise` and opens its depth row.
    fn push_row(&mut self, premise: Lit, entries: &[Entry], on: [u128; 9], off: [u128; 9]) {
        let start = self.entries.len() as u32;
        self.entries.extend_from_slice(entries);
        self.slot[premise as usize] = self.span.len() as u16;
        self.span.push((start, self.entries.len() as u32));
        self.on.push(on);
        self.off.push(off);
        // Stale values are never read: a depth counts only where the
        // table holds the literal.
        let row = self.depth.len();
        self.depth.resize(row + self.width, 0);
    }

    /// The place of `premise`'s table, if it has one.
    fn slot(&self, premise: Lit) -> Option<usize> {
        match self.slot.get(premise as usize) {
            Some(&s) if s != u16::MAX => Some(s as usize),
            _ => None,
        }
    }

    /// Per digit, the cells implied true by `premise`.
    pub fn on(&self, premise: Lit) -> &[u128; 9] {
        self.slot(premise).map_or(&NOTHING, |s| &self.on[s])
    }

    /// Per digit, the cells implied false by `premise`.
    pub fn off(&self, premise: Lit) -> &[u128; 9] {
        self.slot(premise).map_or(&NOTHING, |s| &self.off[s])
    }

    /// Whether `premise` has a table with something in it.
    pub fn has(&self, premise: Lit) -> bool {
        self.slot(premise).is_some_and(|s| {
            let (a, b) = self.span[s];
            b > a + 1
        })
    }

    fn table(&self, premise: Lit) -> &[Entry] {
        self.slot(premise).map_or(&[], |s| {
            let (a, b) = self.span[s];
            &self.entries[a as usize..b as usize]
        })
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

    /// The number of nodes of the chain from `premise` to `target` (2
    /// when the table does not hold it).
    pub fn length(&self, premise: Lit, target: Lit) -> usize {
        let node = node_of(target);
        if let (Some(s), Some(col)) = (self.slot(premise), self.graph.dense(target)) {
            if node < CANDIDATE_NODES {
                let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
                let sets = if is_on(target) { &self.on } else { &self.off };
                if sets[s][d] >> cell & 1 == 0 {
                    return 2;
                }
                let depth = self.depth[s * self.width + col as usize];
                if depth < u8::MAX {
                    return depth as usize + 1;
                }
            }
        }
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
            let mut tables = Tables::new(Links::new(candidates, grouped));
            let mut table = Table::new();
            for cell in 0..81 {
                for d in bits16(tables.links.cands[cell]) {
                    for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                        table.build(&tables.graph, premise);
                        tables.record_table(premise, &table);
                    }
                }
            }
            let tables = Rc::new(tables);
            last.retain(|(c, _, _)| c == candidates);
            last.push((*candidates, grouped, Rc::clone(&tables)));
            tables
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::logic::soundness::sample;

    /// The tables of the grouped graph kept to its candidates are the
    /// plain graph's, for every premise of positions of hard puzzles.
    #[test]
    fn candidate_part_of_the_grouped_graph_is_the_plain_graph() {
        let (mut tables, mut grouped_differs) = (0, 0);
        for puzzle in sample("top1465_200.txt").iter().take(20) {
            let cands = Candidates::from_grid(puzzle);
            let plain = Graph::new(&Links::new(&cands, false));
            let links = Links::new(&cands, true);
            let full = Graph::new(&links);
            assert_eq!(plain.candidate_lits(), full.candidate_lits());
            let (mut a, mut b, mut c) = (Table::new(), Table::new(), Table::new());
            for cell in 0..81 {
                for d in bits16(links.cands[cell]) {
                    for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                        a.build(&plain, premise);
                        b.build_within(&full, premise, full.candidate_lits());
                        c.build(&full, premise);
                        assert_eq!(a.entries, b.entries, "{puzzle}");
                        tables += 1;
                        grouped_differs += usize::from(c.entries != a.entries);
                    }
                }
            }
        }
        // Groups matter in these positions: the test has teeth.
        assert!(
            grouped_differs > tables / 10,
            "{grouped_differs} of {tables}"
        );
    }

    /// The mask-based expansion visits literals in exactly the order of
    /// [`Links::successors`] with a first-in-first-out queue.
    #[test]
    fn expansion_follows_the_successor_order() {
        for puzzle in sample("top1465_200.txt").iter().take(5) {
            let cands = Candidates::from_grid(puzzle);
            for grouped in [false, true] {
                let links = Links::new(&cands, grouped);
                let graph = Graph::new(&links);
                let mut table = Table::new();
                for premise in [on(candidate_node(0, 0)), off(candidate_node(40, 4))]
                    .into_iter()
                    .chain((0..links.node_count() as u16).step_by(97).map(on))
                {
                    let (d, cells) = links.describe(node_of(premise));
                    if node_of(premise) < CANDIDATE_NODES && links.places[d] & cells == 0 {
                        continue;
                    }
                    table.build(&graph, premise);
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
