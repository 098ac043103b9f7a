//! The tables the checks read ([`Source`]): the plain store of every
//! premise's breadth-first table ([`crate::logic::links::table::Tables`]),
//! or [`Tables`], which knows every premise's consequences from the
//! closure ([`super::closure`]), or from the nice loops' reach of the
//! same graph, and traces a premise's table (the chains and their
//! lengths) only when a check offers a result from it.

use super::closure::{Closure, Sets};
use super::grown::Grown;
use crate::logic::chains::nice_loops::Full;
use crate::logic::links::graph::Graph;
use crate::logic::links::table::{Entry, MAX_ENTRIES, Tables as Store};
use crate::logic::links::{Links, Lit};
use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

/// What the checks of [`super::search`] read about the premises.
pub(super) trait Source {
    /// The graph (with groups).
    fn links(&self) -> &Links;
    /// Whether `premise` implies anything.
    fn has(&self, premise: Lit) -> bool;
    /// Per digit, the cells implied true by `premise` (itself included).
    fn on(&self, premise: Lit) -> &[u128; 9];
    /// Per digit, the cells implied false by `premise` (itself included).
    fn off(&self, premise: Lit) -> &[u128; 9];
    /// The number of nodes of the chain from `premise` to `target` (2
    /// when the table does not hold it; more than any chain traced when
    /// only an absurd table's sets hold it).
    fn length(&self, premise: Lit, target: Lit) -> usize;
    /// The path from `premise` to `target` in its table.
    fn path(&self, premise: Lit, target: Lit) -> Vec<Lit>;
    /// Which sets `premise` has: premises with the same number have the
    /// same [`Source::on`] and [`Source::off`] sets (`None`: not told).
    fn sets_id(&self, _premise: Lit) -> Option<usize> {
        None
    }
    /// The sets in which to look for the contradictions of `premise`
    /// (on, then off): its own, unless it is known absurd from fewer
    /// consequences, whose chains are then the ones to show.
    fn contradiction_sets(&self, premise: Lit) -> ([u128; 9], [u128; 9]) {
        (*self.on(premise), *self.off(premise))
    }
}

impl Source for Store {
    fn links(&self) -> &Links {
        &self.links
    }
    fn has(&self, premise: Lit) -> bool {
        Store::has(self, premise)
    }
    fn on(&self, premise: Lit) -> &[u128; 9] {
        Store::on(self, premise)
    }
    fn off(&self, premise: Lit) -> &[u128; 9] {
        Store::off(self, premise)
    }
    fn length(&self, premise: Lit, target: Lit) -> usize {
        Store::length(self, premise, target)
    }
    fn path(&self, premise: Lit, target: Lit) -> Vec<Lit> {
        Store::path(self, premise, target)
    }
}

/// Successor lists over dense literals, in one arena (the direct tables
/// of forcing nets).
pub(super) struct Directs {
    /// Per dense literal: where its successors lie in `arena`.
    pub spans: Vec<(u32, u32)>,
    pub arena: Vec<u16>,
}

impl Directs {
    /// The successors of dense literal `i`.
    pub fn of(&self, i: u16) -> &[u16] {
        let (a, b) = self.spans[i as usize];
        &self.arena[a as usize..b as usize]
    }
}

/// One premise's breadth-first table, with the place of each literal,
/// traced as far as asked: the literals found so far are the first ones
/// of the whole table, with the same parents and depths.
pub(super) struct Traced {
    /// The literals in the order found; the premise first.
    pub entries: Vec<Entry>,
    /// Per dense literal, its place in `entries` (`u16::MAX`: absent).
    at: Vec<u16>,
    /// The dense numbers of the entries' literals.
    dense: Vec<u16>,
    /// The place of the next entry to expand.
    next: usize,
}

impl Traced {
    /// The table of dense literal `premise` over the `n` literals of
    /// `graph` whose successors `successors` gives: HoDoKu's expansion,
    /// first in first out, at most [`MAX_ENTRIES`] literals.
    pub fn new<'a>(graph: &Graph, successors: impl Fn(u16) -> &'a [u16], premise: u16) -> Traced {
        let mut table = Traced::start(graph, premise);
        while table.expand(graph, &successors) {}
        table
    }

    /// The table of dense literal `premise` with nothing expanded yet.
    fn start(graph: &Graph, premise: u16) -> Traced {
        let n = graph.len();
        let mut at = vec![u16::MAX; n];
        let mut entries = Vec::with_capacity(n.min(MAX_ENTRIES));
        entries.push(Entry {
            lit: graph.lit(premise),
            parent: 0,
            depth: 0,
        });
        let mut dense = Vec::with_capacity(n.min(MAX_ENTRIES));
        dense.push(premise);
        at[premise as usize] = 0;
        Traced {
            entries,
            at,
            dense,
            next: 0,
        }
    }

    /// Expands the next entry; false when the table is complete (once
    /// full, expanding further would record nothing).
    fn expand<'a>(&mut self, graph: &Graph, successors: &impl Fn(u16) -> &'a [u16]) -> bool {
        let i = self.next;
        if i >= self.dense.len() || self.dense.len() >= MAX_ENTRIES {
            return false;
        }
        let depth = self.entries[i].depth + 1;
        for &s in successors(self.dense[i]) {
            if self.at[s as usize] == u16::MAX {
                self.at[s as usize] = self.entries.len() as u16;
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
        self.next += 1;
        true
    }

    /// The place of dense literal `target`, the table traced until it is
    /// found (or complete): a literal's place, parent and depth are set
    /// when it is found.
    fn place<'a>(
        &mut self,
        graph: &Graph,
        successors: &impl Fn(u16) -> &'a [u16],
        target: u16,
    ) -> Option<usize> {
        while self.at[target as usize] == u16::MAX {
            if !self.expand(graph, successors) {
                return None;
            }
        }
        Some(self.at[target as usize] as usize)
    }

    /// The candidates of the table, per truth value and digit.
    fn sets(&self, graph: &Graph) -> Sets {
        let mut sets = [[0u128; 9]; 2];
        for e in &self.entries {
            let i = graph.dense(e.lit).expect("a literal");
            if (i as usize) < graph.candidate_lits() {
                let (cell, d) = graph.cell_digit(i);
                sets[i as usize & 1][d] |= 1 << cell;
            }
        }
        sets
    }
}

/// How [`Tables::build`] fills the sets of the premises.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fill {
    /// From the closure (only right when no table fills up).
    Closure,
    /// From every table traced.
    Traced,
    /// Later, by the caller ([`Tables::with_reach`]).
    Later,
}

/// The sets of the premises read from the nice loops' reach of the same
/// graph ([`Tables::with_reach`]), each component's when first asked:
/// most components are never asked, or share a premise's.
struct FromReach {
    full: Rc<Full>,
    /// Per component of the reach: its sets, once asked.
    sets: Vec<OnceCell<Sets>>,
}

/// The candidates of a reach row (bit `i` for dense candidate literal
/// `i`), per truth value and digit.
fn row_sets(row: &[u64], graph: &Graph) -> Sets {
    let mut sets = [[0u128; 9]; 2];
    for (w, &word) in row.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            let i = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (cell, d) = graph.cell_digit(i as u16);
            sets[i & 1][d] |= 1 << cell;
        }
    }
    sets
}

/// No consequence.
const NOTHING: [u128; 9] = [0; 9];

/// The tables of every candidate literal of a position, traced on demand.
pub(super) struct Tables {
    pub links: Links,
    pub graph: Graph,
    /// The successor lists when they are not the graph's (nets).
    directs: Option<Directs>,
    /// Per dense candidate literal: its sets in `sets` (or its component
    /// in `reach`).
    slot: Vec<u32>,
    sets: Vec<Sets>,
    /// The sets from the nice loops' reach, when they come from there.
    reach: Option<FromReach>,
    /// Per dense candidate literal: its table, once traced.
    traced: RefCell<Vec<Option<Traced>>>,
    /// Per dense candidate literal, what its table reached when its sets
    /// say only that it is absurd ([`Tables::given`]).
    reached: Vec<Option<Sets>>,
    /// The length told for a target a table holds but its trace does not
    /// reach: only an absurd table's sets hold such targets (then any way
    /// to them is longer than the ways traced).
    unreached: usize,
}

impl Tables {
    /// The tables over `graph`'s successors, or over `directs` when
    /// given.
    pub fn new(links: Links, graph: Graph, directs: Option<Directs>) -> Tables {
        // No table can fill up: each holds its premise's whole reach.
        let whole = graph.len() < MAX_ENTRIES;
        Tables::with(links, graph, directs, whole)
    }

    /// [`Tables::new`] over the graph of `full` (the nice loops' graph of
    /// the position): a premise's sets are its reach row, which holds
    /// the literals of the closure (every candidate literal it leads to,
    /// itself included), read per component when first asked.
    pub fn with_reach(full: Rc<Full>) -> Tables {
        let (links, graph) = (full.links.clone(), full.graph.clone());
        if graph.len() >= MAX_ENTRIES {
            return Tables::build(links, graph, None, Fill::Traced);
        }
        let width = graph.candidate_lits();
        let component = full.reach.components();
        let count = component.iter().map(|&c| c as usize + 1).max().unwrap_or(0);
        let mut tables = Tables::build(links, graph, None, Fill::Later);
        tables.slot = component[..width].to_vec();
        let sets = (0..count).map(|_| OnceCell::new()).collect();
        tables.reach = Some(FromReach { full, sets });
        tables
    }

    /// The tables of HoDoKu 2.3's nets ([`super::grown`]): the sets and
    /// direct consequences of `grown`, and, for premises whose sets say
    /// only that they are absurd, the sets of what their tables reached.
    pub fn given(links: Links, graph: Graph, grown: Grown) -> Tables {
        let mut tables = Tables::build(links, graph, Some(grown.directs), Fill::Later);
        tables.slot = (0..grown.sets.len() as u32).collect();
        tables.sets = grown.sets;
        tables.reached = grown.reached;
        tables.unreached = MAX_ENTRIES;
        tables
    }

    /// [`Tables::given`] with every table traced in full at once: the
    /// plain computation the tables traced on demand are checked against.
    #[cfg(test)]
    pub fn given_traced(links: Links, graph: Graph, grown: Grown) -> Tables {
        let tables = Tables::given(links, graph, grown);
        {
            let mut traced = tables.traced.borrow_mut();
            for (i, slot) in traced.iter_mut().enumerate() {
                let next = |j| successors(&tables.graph, &tables.directs, j);
                *slot = Some(Traced::new(&tables.graph, next, i as u16));
            }
        }
        tables
    }

    /// [`Tables::new`], the sets from the closure (`closure`, only right
    /// when no table fills up) or from every table traced.
    fn with(links: Links, graph: Graph, directs: Option<Directs>, closure: bool) -> Tables {
        let fill = if closure { Fill::Closure } else { Fill::Traced };
        Tables::build(links, graph, directs, fill)
    }

    /// The tables, their sets filled as `fill` says.
    fn build(links: Links, graph: Graph, directs: Option<Directs>, fill: Fill) -> Tables {
        let width = graph.candidate_lits();
        let mut tables = Tables {
            links,
            graph,
            directs,
            slot: Vec::new(),
            sets: Vec::new(),
            reach: None,
            traced: RefCell::new((0..width).map(|_| None).collect()),
            reached: Vec::new(),
            unreached: 2,
        };
        if fill == Fill::Closure {
            let successors = |i| tables.successors(i);
            let candidate = |i| tables.graph.cell_digit(i);
            let closure = Closure::new(tables.graph.len(), width, successors, candidate);
            tables.slot = closure.component[..width].to_vec();
            tables.sets = closure.sets;
        } else if fill == Fill::Traced {
            let traced = tables.traced.get_mut();
            for (i, slot) in traced.iter_mut().enumerate() {
                let next = |j| successors(&tables.graph, &tables.directs, j);
                let table = Traced::new(&tables.graph, next, i as u16);
                tables.slot.push(tables.sets.len() as u32);
                tables.sets.push(table.sets(&tables.graph));
                *slot = Some(table);
            }
        }
        tables
    }

    /// The successors of dense literal `i`.
    fn successors(&self, i: u16) -> &[u16] {
        successors(&self.graph, &self.directs, i)
    }

    /// The sets of `premise`, a candidate literal.
    fn sets_of(&self, premise: Lit) -> Option<&Sets> {
        let i = self.graph.dense(premise)?;
        let &s = self.slot.get(i as usize)?;
        Some(match &self.reach {
            Some(reach) => reach.sets[s as usize]
                .get_or_init(|| row_sets(reach.full.reach.row(i), &self.graph)),
            None => &self.sets[s as usize],
        })
    }

    /// The table of `premise` traced until `target` is found, and the
    /// place of `target` in it; `None` when `premise` has no table.
    fn with_place<T>(
        &self,
        premise: Lit,
        target: Lit,
        f: impl FnOnce(&Traced, Option<usize>) -> T,
    ) -> Option<T> {
        let i = self.graph.dense(premise)?;
        let mut traced = self.traced.borrow_mut();
        let slot = traced.get_mut(i as usize)?;
        let table = slot.get_or_insert_with(|| Traced::start(&self.graph, i));
        let successors = |j| self.successors(j);
        let at = self
            .graph
            .dense(target)
            .and_then(|t| table.place(&self.graph, &successors, t));
        Some(f(table, at))
    }
}

/// The successors of dense literal `i`: from `directs` when given, else
/// from `graph`.
fn successors<'a>(graph: &'a Graph, directs: &'a Option<Directs>, i: u16) -> &'a [u16] {
    match directs {
        Some(d) => d.of(i),
        None => graph.successors(i),
    }
}

impl Source for Tables {
    fn links(&self) -> &Links {
        &self.links
    }
    fn has(&self, premise: Lit) -> bool {
        self.graph
            .dense(premise)
            .is_some_and(|i| !self.successors(i).is_empty())
    }
    fn on(&self, premise: Lit) -> &[u128; 9] {
        self.sets_of(premise).map_or(&NOTHING, |s| &s[1])
    }
    fn sets_id(&self, premise: Lit) -> Option<usize> {
        let i = self.graph.dense(premise)?;
        self.slot.get(i as usize).map(|&s| s as usize)
    }
    fn off(&self, premise: Lit) -> &[u128; 9] {
        self.sets_of(premise).map_or(&NOTHING, |s| &s[0])
    }
    fn contradiction_sets(&self, premise: Lit) -> ([u128; 9], [u128; 9]) {
        let reached = self
            .graph
            .dense(premise)
            .and_then(|i| self.reached.get(i as usize))
            .and_then(Option::as_ref);
        match reached {
            Some(s) => (s[1], s[0]),
            None => (*self.on(premise), *self.off(premise)),
        }
    }
    fn length(&self, premise: Lit, target: Lit) -> usize {
        self.with_place(premise, target, |t, at| {
            at.map_or(self.unreached, |at| t.entries[at].depth as usize + 1)
        })
        .unwrap_or(2)
    }
    fn path(&self, premise: Lit, target: Lit) -> Vec<Lit> {
        self.with_place(premise, target, |t, at| {
            let Some(mut at) = at else {
                return vec![premise, target];
            };
            let mut out = vec![target];
            while at != 0 {
                at = t.entries[at].parent as usize;
                out.push(t.entries[at].lit);
            }
            out.reverse();
            out
        })
        .unwrap_or_else(|| vec![premise, target])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::logic::forcing::grown;
    use crate::logic::links::table::Table;
    use crate::logic::links::{bits16, candidate_node, off, on};
    use crate::logic::soundness::sample;

    /// Positions with few and with many candidates: the puzzles' starts
    /// and their positions after the singles.
    fn positions() -> Vec<Candidates> {
        let mut out: Vec<Candidates> = sample("17_clue_200.txt")
            .iter()
            .take(4)
            .map(Candidates::from_grid)
            .collect();
        for puzzle in sample("top1465_200.txt").iter().take(12) {
            out.push(Candidates::from_grid(puzzle));
            let mut grid = *puzzle;
            let mut cands = Candidates::from_grid(&grid);
            while let Some(step) = [
                crate::logic::Technique::NakedSingle,
                crate::logic::Technique::HiddenSingle,
            ]
            .iter()
            .find_map(|&t| {
                crate::logic::find_steps(t, &grid, &cands)
                    .into_iter()
                    .next()
            }) {
                step.apply(&mut grid, &mut cands);
            }
            out.push(cands);
        }
        out
    }

    /// Every candidate literal of `links`.
    fn premises(links: &Links) -> Vec<Lit> {
        let mut out = Vec::new();
        for cell in 0..81 {
            for d in bits16(links.cands[cell]) {
                out.extend([on(candidate_node(cell, d)), off(candidate_node(cell, d))]);
            }
        }
        out
    }

    /// The sets from the closure, and the tables traced on demand, agree
    /// with every table traced in full, on chain and net graphs; and the
    /// traced chain tables with the plain store's.
    #[test]
    fn closure_agrees_with_the_traced_tables() {
        let mut compared = 0;
        for cands in positions() {
            let links = Links::new(&cands, true);
            let graph = Graph::new(&links);
            if graph.len() >= MAX_ENTRIES {
                continue;
            }
            let plain = Store::of(&cands, true);
            for net in [false, true] {
                let directs = || net.then(|| grown::grow(&links, &graph).directs);
                let fast = Tables::with(links.clone(), graph.clone(), directs(), true);
                let full = Tables::with(links.clone(), graph.clone(), directs(), false);
                for p in premises(&links) {
                    assert_eq!(fast.on(p), full.on(p));
                    assert_eq!(fast.off(p), full.off(p));
                    assert_eq!(fast.has(p), full.has(p));
                    if !net {
                        assert_eq!(fast.on(p), Source::on(&*plain, p));
                        assert_eq!(fast.off(p), Source::off(&*plain, p));
                        assert_eq!(fast.has(p), Source::has(&*plain, p));
                    }
                    for t in premises(&links).into_iter().step_by(7) {
                        assert_eq!(fast.length(p, t), full.length(p, t));
                        assert_eq!(fast.path(p, t), full.path(p, t));
                        if !net {
                            assert_eq!(fast.length(p, t), Source::length(&*plain, p, t));
                            assert_eq!(fast.path(p, t), Source::path(&*plain, p, t));
                        }
                    }
                    compared += 1;
                }
            }
        }
        assert!(compared > 5000, "{compared}");
    }

    /// A table traced only until each target asked is found gives the
    /// places of the whole table, whatever the order of the targets, and
    /// what it holds is the start of the whole table.
    #[test]
    fn tables_traced_as_far_as_asked_match_whole_ones() {
        let (mut asked, mut partial) = (0, 0);
        for cands in positions() {
            let links = Links::new(&cands, true);
            let graph = Graph::new(&links);
            let next = |j| graph.successors(j);
            let n = graph.len() as u16;
            for i in (0..graph.candidate_lits() as u16).step_by(5) {
                let whole = Traced::new(&graph, next, i);
                let mut lazy = Traced::start(&graph, i);
                // Literals of the table, far ones after near ones and
                // back, then any literal (some not in the table).
                let held: Vec<u16> = whole.dense.iter().copied().step_by(7).collect();
                let back = whole.dense.iter().rev().copied().step_by(11);
                let targets = held.into_iter().chain(back).chain((0..n).step_by(37));
                for t in targets {
                    let place = lazy.place(&graph, &next, t);
                    let expected = match whole.at[t as usize] {
                        u16::MAX => None,
                        at => Some(at as usize),
                    };
                    assert_eq!(place, expected);
                    assert_eq!(lazy.entries, whole.entries[..lazy.entries.len()]);
                    asked += 1;
                    partial += usize::from(lazy.entries.len() < whole.entries.len());
                }
            }
        }
        assert!(asked > 5000 && partial > 500, "{asked} {partial}");
    }

    /// The sets read from the nice loops' reach are the closure's, and
    /// the tables the same.
    #[test]
    fn sets_from_the_reach_agree_with_the_closure() {
        let mut compared = 0;
        for cands in positions() {
            let links = Links::new(&cands, true);
            let graph = Graph::new(&links);
            if graph.len() >= MAX_ENTRIES {
                continue;
            }
            crate::logic::chains::nice_loops::all(&cands, false);
            let full = crate::logic::chains::nice_loops::last_full(&cands).expect("just built");
            let found = Tables::with(links.clone(), graph.clone(), None, true);
            let given = Tables::with_reach(full);
            for p in premises(&links) {
                assert_eq!(found.on(p), given.on(p));
                assert_eq!(found.off(p), given.off(p));
                assert_eq!(found.has(p), given.has(p));
                for t in premises(&links).into_iter().step_by(13) {
                    assert_eq!(found.length(p, t), given.length(p, t));
                    assert_eq!(found.path(p, t), given.path(p, t));
                }
                compared += usize::from(found.on(p).iter().any(|&s| s != 0));
            }
        }
        assert!(compared > 2000, "{compared}");
    }

    /// The traced tables are the plain breadth-first tables; on graphs
    /// too large for the closure the tables (all traced) are the plain
    /// store's.
    #[test]
    fn traced_tables_match_the_plain_ones() {
        let mut large = 0;
        for cands in positions() {
            let links = Links::new(&cands, true);
            let graph = Graph::new(&links);
            let mut table = Table::new();
            for i in (0..graph.candidate_lits() as u16).step_by(5) {
                table.build(&graph, graph.lit(i));
                let traced = Traced::new(&graph, |j| graph.successors(j), i);
                assert_eq!(traced.entries, table.entries);
            }
            if graph.len() >= MAX_ENTRIES {
                large += 1;
                let plain = Store::of(&cands, true);
                let tables = Tables::new(links.clone(), graph, None);
                for p in premises(&links).into_iter().step_by(3) {
                    assert_eq!(tables.on(p), Source::on(&*plain, p));
                    assert_eq!(tables.off(p), Source::off(&*plain, p));
                    assert_eq!(tables.has(p), Source::has(&*plain, p));
                    for t in premises(&links).into_iter().step_by(11) {
                        assert_eq!(tables.length(p, t), Source::length(&*plain, p, t));
                        assert_eq!(tables.path(p, t), Source::path(&*plain, p, t));
                    }
                }
            }
        }
        assert!(large > 0, "no graph too large for the closure");
    }
}
