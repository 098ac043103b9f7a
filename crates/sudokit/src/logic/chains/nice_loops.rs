//! Nice loops and AICs (plain and grouped) as HoDoKu's `TablingSolver`
//! finds them.
//!
//! For every candidate, HoDoKu builds the table of what follows from
//! setting it (on) and from removing it (off) (the crate's shared table of
//! implications), then:
//!
//! - **Nice loops**: each literal of a table that lies in the premise's own
//!   cell, three links or more away, closes a loop. The kind of loop comes
//!   from the first and last links and digits: weak–weak on one digit
//!   (the digit is false), strong–strong on one digit (it is true: the
//!   cell's other digits go), weak/strong on two digits (the weak one's
//!   digit goes) are *discontinuous*; weak–weak on two digits of a bivalue
//!   cell, strong–strong on two digits are *continuous*: every weak link
//!   between two cells removes its digit from the cells seeing both ends,
//!   and a cell entered and left by strong links loses its other digits.
//! - **AICs**: in an off-table, a digit implied true in another cell: with
//!   the same digit, cells seeing both ends lose it (when two or more do,
//!   fewer is a nice loop); with another digit, when the ends see each
//!   other, each end loses the other end's digit.
//!
//! The chain is the table's (shortest, first found); chains that touch
//! themselves (lassos) are dropped, as HoDoKu drops them; one step is kept
//! per technique and set of eliminations, the shortest (first found on a
//! tie). With group nodes a step is grouped when its chain holds one.
//! HoDoKu's nice-loop length option is not used by its tabling solver: the
//! only bound is the table size (1 000 literals, as HoDoKu's).
//!
//! A search is not skipped because an earlier position of the walk had
//! nothing: the time goes into the position's graph and reach, which the
//! pruning needs, more than into tables (about 80 % against 5 % on
//! top1465); and a premise's table may differ from the earlier one as soon
//! as its reach held a removed candidate or gains a new strong link (the
//! first-found parents, so lassos, change), which about a third of the
//! premises do at every later position.
//!
//! Nor is the graph built from the previous search's (measured between
//! consecutive searches of HoDoKu's walks of 300 top1465 puzzles): though
//! a step removes only 3.5 of ~180 candidates and touches 1.5 digits, 42 %
//! of the literals' successor lists and 34 % of the reach rows change
//! (groups are renumbered, removals shorten many reaches), and the dense
//! numbering shifts anyway. Carrying the pruning is no better: only 2 % of
//! steps create no strong link (about 32 off-literals gain one per step),
//! and the previous reach of 55 % of the premises holds such a literal.

use crate::candidates::Candidates;
use crate::cell_set::CellSet;
use crate::grid::{Cell, Digit};
use crate::logic::links::graph::{Graph, Reach};
use crate::logic::links::table::{Entry, Table};
use crate::logic::links::{CANDIDATE_NODES, Links, Lit, candidate_node, is_on, node_of, off, on};
use crate::logic::{Chain, Link, Step, Technique};
use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

/// The techniques found here.
pub const TECHNIQUES: [Technique; 6] = [
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
];

type Cached = (Candidates, bool, Rc<Vec<Step>>);

thread_local! {
    /// The last search (three techniques share one HoDoKu solver run).
    static LAST: RefCell<Option<Cached>> = const { RefCell::new(None) };
}

/// Every nice loop and AIC of the position, with group nodes when
/// `grouped`, in HoDoKu's order of discovery (one search per position is
/// kept, as the techniques of one HoDoKu index are asked in turn).
pub fn all(candidates: &Candidates, grouped: bool) -> Rc<Vec<Step>> {
    LAST.with(|last| {
        if let Some((c, g, steps)) = &*last.borrow() {
            if c == candidates && *g == grouped {
                return Rc::clone(steps);
            }
        }
        let steps = Rc::new(search(candidates, grouped));
        *last.borrow_mut() = Some((*candidates, grouped, Rc::clone(&steps)));
        steps
    })
}

/// The steps of `technique` (one of [`TECHNIQUES`]).
pub fn find(technique: Technique, candidates: &Candidates) -> Vec<Step> {
    let grouped = matches!(
        technique,
        Technique::GroupedContinuousNiceLoop
            | Technique::GroupedDiscontinuousNiceLoop
            | Technique::GroupedAic
    );
    all(candidates, grouped)
        .iter()
        .filter(|s| s.technique == technique)
        .cloned()
        .collect()
}

/// A step being collected: technique, eliminations, chain.
struct Found {
    technique: Technique,
    elims: Vec<(u8, u8)>,
    chain: Vec<Lit>,
}

/// The steps found so far, one per technique and elimination set.
#[derive(Default)]
struct Collector {
    found: Vec<Option<Found>>,
    index: HashMap<(Technique, Vec<(u8, u8)>), usize>,
}

impl Collector {
    /// Keeps `f` unless a step with the same effect and a chain no longer exists.
    fn offer(&mut self, f: Found) {
        let key = (f.technique, f.elims.clone());
        if let Some(&i) = self.index.get(&key) {
            let old = self.found[i].as_ref().expect("indexed steps are kept");
            if old.chain.len() <= f.chain.len() {
                return;
            }
            self.found[i] = None;
        }
        self.index.insert(key, self.found.len());
        self.found.push(Some(f));
    }
}

/// The search itself: HoDoKu's `checkNiceLoops` on the on-tables, then on
/// the off-tables, then `checkAics` on the off-tables.
fn search(candidates: &Candidates, grouped: bool) -> Vec<Step> {
    search_with(candidates, grouped, true)
}

/// [`search`], skipping the premises [`may_find`] rules out when `prune`.
fn search_with(candidates: &Candidates, grouped: bool, prune: bool) -> Vec<Step> {
    let mut loops = Collector::default();
    let mut aics = Collector::default();
    let mut visit = |links: &Links, premise: Lit, entries: &[Entry]| {
        if entries.len() < 2 {
            return;
        }
        let cell = (node_of(premise) / 9) as usize;
        nice_loops_of(links, entries, cell, &mut loops);
        if !is_on(premise) {
            aics_of(links, entries, cell, &mut aics);
        }
    };
    // Each table is built when its turn comes, and only when its premise
    // reaches something to look at: most positions have no loop at all.
    // (The forcing chains, asked only where no loop is found, build the
    // full set of grouped tables.) Both searches use the grouped graph:
    // the plain graph is its candidate part, with the same dense numbers,
    // so what the plain graph reaches the grouped one does, and the plain
    // tables are the grouped graph's without groups.
    let full = grouped_graph(candidates);
    let (links, graph) = (&full.links, &full.graph);
    let within = if grouped {
        graph.len()
    } else {
        graph.candidate_lits()
    };
    let mut table = Table::new();
    let mut build = |premise: Lit| {
        table.build_within(graph, premise, within);
        visit(links, premise, &table.entries);
    };
    if prune {
        full.kept().iter().for_each(|&p| build(p));
    } else {
        premises(links).for_each(build);
    }
    loops
        .found
        .into_iter()
        .chain(aics.found)
        .flatten()
        .map(|f| to_step(links, f))
        .collect()
}

/// The graph of a position with groups and its reach.
pub(crate) struct Full {
    pub(crate) links: Links,
    pub(crate) graph: Graph,
    pub(crate) reach: Reach,
    /// The premises [`may_find`] keeps, in [`premises`] order, once asked:
    /// the plain and grouped searches prune with the same reach.
    kept: OnceCell<Vec<Lit>>,
}

impl Full {
    /// The premises whose tables can give something ([`may_find`]).
    fn kept(&self) -> &[Lit] {
        self.kept.get_or_init(|| {
            premises(&self.links)
                .filter(|&p| may_find(&self.links, &self.graph, &self.reach, p))
                .collect()
        })
    }
}

/// The [`Full`] graph of `candidates` if the last nice loop search was on
/// this position (the forcing chains, asked later on the same position,
/// share its graph and components).
pub(crate) fn last_full(candidates: &Candidates) -> Option<Rc<Full>> {
    FULL.with(|last| match &*last.borrow() {
        Some((c, full)) if c == candidates => Some(Rc::clone(full)),
        _ => None,
    })
}

thread_local! {
    /// The last position's [`Full`]: its plain and grouped searches share it.
    static FULL: RefCell<Option<(Candidates, Rc<Full>)>> = const { RefCell::new(None) };
}

/// The [`Full`] graph of `candidates`, built once per position.
fn grouped_graph(candidates: &Candidates) -> Rc<Full> {
    FULL.with(|last| {
        if let Some((c, full)) = &*last.borrow() {
            if c == candidates {
                return Rc::clone(full);
            }
        }
        let links = Links::new(candidates, true);
        let graph = Graph::new(&links);
        let reach = Reach::new(&graph);
        let full = Rc::new(Full {
            links,
            graph,
            reach,
            kept: OnceCell::new(),
        });
        *last.borrow_mut() = Some((*candidates, Rc::clone(&full)));
        full
    })
}

/// Whether the table of `premise` (a candidate literal) can give a nice
/// loop or an AIC: whether its reach holds a literal [`nice_loops_of`] or
/// [`aics_of`] would take up. A table holds only what its premise reaches,
/// so when this is false the table gives nothing.
fn may_find(links: &Links, graph: &Graph, reach: &Reach, premise: Lit) -> bool {
    may_find_with(links, graph, reach, premise, |p, start, sc| {
        aic_in_reach(links, graph, reach.row(p), p, start, sc)
    })
}

/// [`may_find`] with its AIC part for an off-premise (dense `p`, candidate
/// `sc` in `start`) given as `aic`: the loops and the direct contradictions
/// are checked here, the AIC ends by `aic` only when those find nothing.
fn may_find_with(
    links: &Links,
    graph: &Graph,
    reach: &Reach,
    premise: Lit,
    aic: impl FnOnce(u16, usize, usize) -> bool,
) -> bool {
    let p = graph.dense(premise).expect("a candidate literal");
    let hits = |lit: Lit| graph.dense(lit).is_some_and(|t| reach.reaches(p, t));
    let node = node_of(premise);
    let (start, sc) = ((node / 9) as usize, (node % 9) as usize);
    if is_on(premise) {
        // The cell's other digits are off at once; a loop can only come
        // back as the digit off or another digit on, which imply it off.
        return hits(off(node));
    }
    let others = links.cands[start] & !(1 << sc);
    // In a bivalue cell the other digit is on at once, too near for a loop.
    let bivalue = others.count_ones() == 1;
    if hits(on(node))
        || crate::logic::links::bits16(others).any(|d| {
            let n = candidate_node(start, d);
            hits(off(n)) || (!bivalue && hits(on(n)))
        })
    {
        return true;
    }
    aic(p, start, sc)
}

/// [`may_find`]'s AIC part for off-premise `p` (dense) of candidate `sc`
/// in `start`, its reach being `row`: a digit on in another cell, with
/// eliminations, two links away or more (the direct implications are one
/// link away). The reach is scanned rather than each end looked up: it is
/// mostly small, the ends many.
fn aic_in_reach(
    links: &Links,
    graph: &Graph,
    row: &[u64],
    p: u16,
    start: usize,
    sc: usize,
) -> bool {
    /// The on-literals: odd dense numbers.
    const ON: u64 = 0xaaaa_aaaa_aaaa_aaaa;
    let direct = graph.successors(p);
    let start_peers = links.buddies(candidate_node(start, 0));
    let others = links.cands[start] & !(1 << sc);
    for (w, &word) in row.iter().enumerate() {
        let mut bits = word & ON;
        while bits != 0 {
            let t = (w * 64) as u16 + bits.trailing_zeros() as u16;
            bits &= bits - 1;
            let (end, ec) = graph.cell_digit(t);
            if end == start || direct.contains(&t) {
                continue;
            }
            let fits = if ec == sc {
                more_than_one(
                    start_peers & links.buddies(candidate_node(end, 0)) & links.places[sc],
                )
            } else {
                others >> ec & 1 == 1
                    && start_peers >> end & 1 == 1
                    && links.places[sc] >> end & 1 == 1
            };
            if fits {
                return true;
            }
        }
    }
    false
}

/// [`may_find`] as first written, each AIC end looked up in the reach:
/// the reference [`aic_in_reach`] is tested against.
#[cfg(test)]
fn may_find_by_ends(links: &Links, graph: &Graph, reach: &Reach, premise: Lit) -> bool {
    may_find_with(links, graph, reach, premise, |p, start, sc| {
        aic_by_ends(links, graph, reach, p, start, sc)
    })
}

/// [`aic_in_reach`] as first written: each possible AIC end looked up.
#[cfg(test)]
fn aic_by_ends(
    links: &Links,
    graph: &Graph,
    reach: &Reach,
    p: u16,
    start: usize,
    sc: usize,
) -> bool {
    let others = links.cands[start] & !(1 << sc);
    let direct = graph.successors(p);
    let aic_end = |cell: usize, d: usize| {
        let lit = on(candidate_node(cell, d));
        let t = graph.dense(lit).expect("a candidate");
        reach.reaches(p, t) && !direct.contains(&t)
    };
    let start_peers = links.buddies(candidate_node(start, 0));
    let same = links.places[sc] & !(1u128 << start);
    if crate::logic::links::cells_iter(same).any(|end| {
        aic_end(end, sc)
            && more_than_one(start_peers & links.buddies(candidate_node(end, 0)) & links.places[sc])
    }) {
        return true;
    }
    crate::logic::links::bits16(others).any(|ec| {
        let ends = start_peers & links.places[ec] & links.places[sc];
        crate::logic::links::cells_iter(ends).any(|end| aic_end(end, ec))
    })
}

/// The premises in HoDoKu's order: every candidate on (by cell and digit),
/// then every candidate off.
fn premises(links: &Links) -> impl Iterator<Item = Lit> + '_ {
    [true, false].into_iter().flat_map(move |premise_on| {
        (0..81).flat_map(move |cell| {
            crate::logic::links::bits16(links.cands[cell]).map(move |d| {
                let node = candidate_node(cell, d);
                if premise_on { on(node) } else { off(node) }
            })
        })
    })
}

/// The literals from the premise to the entry at `pos`.
fn path(entries: &[Entry], pos: usize) -> Vec<Lit> {
    let mut out = vec![entries[pos].lit];
    let mut at = pos;
    while at != 0 {
        at = entries[at].parent as usize;
        out.push(entries[at].lit);
    }
    out.reverse();
    out
}

/// Checks every literal of the premise's cell for a nice loop.
fn nice_loops_of(links: &Links, entries: &[Entry], start: usize, out: &mut Collector) {
    for (pos, e) in entries.iter().enumerate().skip(1) {
        let node = node_of(e.lit);
        if node < CANDIDATE_NODES && (node / 9) as usize == start && e.depth > 1 {
            if let Some(found) = nice_loop(links, entries, start, pos) {
                out.offer(found);
            }
        }
    }
}

/// The first cell of the node of `lit`.
fn cell_of(links: &Links, lit: Lit) -> usize {
    links.first_cell(node_of(lit))
}

/// The digit (0-based) of `lit`.
fn digit_of(links: &Links, lit: Lit) -> usize {
    links.describe(node_of(lit)).0
}

/// Whether the chain touches itself where HoDoKu forbids it: a node in a
/// cell used by an earlier node but the one before it (the start cell
/// excepted for nice loops).
fn is_lasso(links: &Links, path: &[Lit], aic: bool) -> bool {
    let first = cell_of(links, path[0]);
    let mut lasso = 0u128;
    let mut last: Option<Lit> = None;
    for &lit in path {
        let cell = cell_of(links, lit);
        if lasso >> cell & 1 == 1 {
            return true;
        }
        if let Some(prev) = last {
            if cell_of(links, prev) != first || aic {
                lasso |= links.describe(node_of(prev)).1;
            }
        }
        last = Some(lit);
    }
    false
}

/// The nice loop closed by the entry at `pos` (in the premise's cell).
fn nice_loop(links: &Links, entries: &[Entry], start: usize, pos: usize) -> Option<Found> {
    let path = path(entries, pos);
    let n = path.len() - 1;
    if cell_of(links, path[n]) == cell_of(links, path[n - 1])
        || is_lasso(links, &path, false)
        || cell_of(links, path[0]) == cell_of(links, path[1])
    {
        return None;
    }
    let first_strong = is_on(entries[1].lit);
    let last_strong = is_on(path[n]);
    let (sc, ec) = (digit_of(links, path[0]), digit_of(links, path[n]));
    let mut elims = Vec::new();
    let mut technique = Technique::DiscontinuousNiceLoop;
    let bivalue = links.cands[start].count_ones() == 2;
    if !first_strong && !last_strong && sc == ec {
        elims.push((start, sc));
    } else if first_strong && last_strong && sc == ec {
        for d in crate::logic::links::bits16(links.cands[start] & !(1 << sc)) {
            elims.push((start, d));
        }
    } else if first_strong != last_strong && sc != ec {
        elims.push((start, if first_strong { ec } else { sc }));
    } else if (!first_strong && !last_strong && bivalue && sc != ec)
        || (first_strong && last_strong && sc != ec)
        || (first_strong != last_strong && sc == ec)
    {
        technique = Technique::ContinuousNiceLoop;
        continuous_eliminations(links, &path, first_strong && last_strong, &mut elims);
    }
    finish(technique, elims, path)
}

/// The eliminations of a continuous loop along `path`.
fn continuous_eliminations(
    links: &Links,
    path: &[Lit],
    both_strong: bool,
    elims: &mut Vec<(usize, usize)>,
) {
    let n = path.len() - 1;
    let start = cell_of(links, path[0]);
    let (sc, ec) = (digit_of(links, path[0]), digit_of(links, path[n]));
    let chain_cells = path
        .iter()
        .fold(0u128, |m, &l| m | links.describe(node_of(l)).1);
    let cell = |i: usize| cell_of(links, path[i]);
    for i in 0..=n {
        let strong_in = i > 0 && is_on(path[i]) && i + 2 <= n && cell(i - 1) != cell(i);
        if (i == 0 && both_strong) || strong_in {
            let passes = i == 0
                || (!is_on(path[i + 1])
                    && cell(i) == cell(i + 1)
                    && is_on(path[i + 2])
                    && cell(i + 1) != cell(i + 2));
            if passes {
                let (c1, c2) = if i == 0 {
                    (sc, ec)
                } else {
                    (digit_of(links, path[i]), digit_of(links, path[i + 2]))
                };
                let c = cell(i);
                for d in crate::logic::links::bits16(links.cands[c]) {
                    if d != c1 && d != c2 {
                        elims.push((c, d));
                    }
                }
            }
        }
        if i > 0 && !is_on(path[i]) && cell(i - 1) != cell(i) {
            let d = digit_of(links, path[i]);
            let seeing = links.buddies(node_of(path[i - 1]))
                & links.buddies(node_of(path[i]))
                & !chain_cells
                & !(1u128 << start)
                & links.places[d];
            for c in crate::logic::links::cells_iter(seeing) {
                elims.push((c, d));
            }
        }
    }
}

/// The AICs of an off-table: digits implied true in other cells.
fn aics_of(links: &Links, entries: &[Entry], start: usize, out: &mut Collector) {
    let sc = digit_of(links, entries[0].lit);
    let start_peers = links.buddies(candidate_node(start, 0));
    for (pos, e) in entries.iter().enumerate().skip(1) {
        let node = node_of(e.lit);
        if node >= CANDIDATE_NODES || !is_on(e.lit) || (node / 9) as usize == start {
            continue;
        }
        let (end, ec) = ((node / 9) as usize, (node % 9) as usize);
        let fits = if ec == sc {
            more_than_one(start_peers & links.buddies(node) & links.places[sc])
        } else {
            start_peers >> end & 1 == 1
                && links.cands[end] >> sc & 1 == 1
                && links.cands[start] >> ec & 1 == 1
        };
        if fits {
            if let Some(found) = aic(links, entries, start, pos) {
                out.offer(found);
            }
        }
    }
}

/// Whether `bits` has two bits or more (without a population count,
/// which the baseline x86-64 target computes in software).
fn more_than_one(bits: u128) -> bool {
    bits & bits.wrapping_sub(1) != 0
}

/// The AIC from the premise (off) to the entry at `pos` (on).
fn aic(links: &Links, entries: &[Entry], start: usize, pos: usize) -> Option<Found> {
    if entries[pos].depth <= 1 {
        return None;
    }
    let end_lit = entries[pos].lit;
    let (sc, ec) = (digit_of(links, entries[0].lit), digit_of(links, end_lit));
    let end = cell_of(links, end_lit);
    let mut elims = Vec::new();
    if sc == ec {
        let seeing = links.buddies(candidate_node(start, 0))
            & links.buddies(candidate_node(end, 0))
            & links.places[sc];
        if more_than_one(seeing) {
            crate::logic::links::cells_iter(seeing).for_each(|c| elims.push((c, sc)));
        }
    } else {
        if links.cands[start] >> ec & 1 == 1 {
            elims.push((start, ec));
        }
        if links.cands[end] >> sc & 1 == 1 {
            elims.push((end, sc));
        }
    }
    if elims.is_empty() {
        return None;
    }
    let path = path(entries, pos);
    if is_lasso(links, &path, true) {
        return None;
    }
    finish(Technique::Aic, elims, path)
}

/// The step, if it eliminates anything: eliminations sorted as HoDoKu
/// sorts them (digit, then cell), grouped form when a group is in the chain.
fn finish(technique: Technique, elims: Vec<(usize, usize)>, chain: Vec<Lit>) -> Option<Found> {
    if elims.is_empty() {
        return None;
    }
    let mut elims: Vec<(u8, u8)> = elims.into_iter().map(|(c, d)| (c as u8, d as u8)).collect();
    elims.sort_unstable_by_key(|&(c, d)| (d, c));
    elims.dedup();
    let grouped = chain.iter().any(|&l| node_of(l) >= CANDIDATE_NODES);
    let technique = if grouped {
        grouped_form(technique)
    } else {
        technique
    };
    Some(Found {
        technique,
        elims,
        chain,
    })
}

/// The grouped form of a plain nice loop or AIC technique.
fn grouped_form(t: Technique) -> Technique {
    match t {
        Technique::ContinuousNiceLoop => Technique::GroupedContinuousNiceLoop,
        Technique::DiscontinuousNiceLoop => Technique::GroupedDiscontinuousNiceLoop,
        Technique::Aic => Technique::GroupedAic,
        other => other,
    }
}

/// The [`Chain`] of a path of literals: each link is strong when it leads
/// to an on-literal.
pub(crate) fn chain_of(links: &Links, path: &[Lit]) -> Chain {
    Chain {
        nodes: path.iter().map(|&l| links.chain_node(node_of(l))).collect(),
        strong: path[1..].iter().map(|&l| is_on(l)).collect(),
    }
}

/// The candidate links of a path (a group stands for its first cell).
pub(crate) fn links_of(links: &Links, path: &[Lit]) -> Vec<Link> {
    let at = |l: Lit| {
        (
            Cell::new(cell_of(links, l)).expect("< 81"),
            Digit::from_index(digit_of(links, l)).expect("< 9"),
        )
    };
    path.windows(2)
        .map(|w| Link {
            from: at(w[0]),
            to: at(w[1]),
            strong: is_on(w[1]),
        })
        .collect()
}

/// The cells of a path in order, each once.
pub(crate) fn cells_of_path(links: &Links, path: &[Lit]) -> Vec<Cell> {
    let mut seen = CellSet::EMPTY;
    let mut out = Vec::new();
    for &l in path {
        for c in CellSet::from_bits(links.describe(node_of(l)).1).iter() {
            if !seen.contains(c) {
                seen.insert(c);
                out.push(c);
            }
        }
    }
    out
}

fn to_step(links: &Links, f: Found) -> Step {
    let mut step = Step::new(f.technique);
    for &(c, d) in &f.elims {
        step = step.eliminate(
            Cell::new(c as usize).expect("< 81"),
            Digit::from_index(d as usize).expect("< 9"),
        );
    }
    step.digits = f
        .chain
        .iter()
        .map(|&l| Digit::from_index(digit_of(links, l)).expect("< 9"))
        .collect();
    step.links = links_of(links, &f.chain);
    step.cells = cells_of_path(links, &f.chain);
    step.chains = vec![chain_of(links, &f.chain)];
    step
}

/// HoDoKu's order among nice loops and AICs (`SolutionStep.compareTo`):
/// most eliminations first, then the smaller weighted sum of the
/// eliminations (digit-then-cell order, the k-th cell weighted `1 + 80k`),
/// then the order HoDoKu finds them in (on-tables, off-tables, AICs; by
/// premise), then the shorter chain.
pub(crate) fn hodoku_key(step: &Step) -> [i64; 4] {
    let mut elims: Vec<(usize, usize)> = step
        .eliminations
        .iter()
        .map(|(c, d)| (d.get() as usize, c.index()))
        .collect();
    elims.sort_unstable();
    elims.dedup();
    let sum: i64 = elims
        .iter()
        .enumerate()
        .map(|(k, &(d, c))| (c * (1 + 80 * k) + d) as i64)
        .sum();
    let Some(chain) = step.chains.first() else {
        return [-(elims.len() as i64), sum, 0, 0];
    };
    let premise = chain.nodes[0];
    let first = premise.cells.iter().next().map_or(0, |c| c.index());
    let phase = match step.technique {
        Technique::Aic | Technique::GroupedAic => 2,
        _ if chain.strong.first() == Some(&true) => 1,
        _ => 0,
    };
    let table = (first * 10 + premise.digit.get() as usize) as i64;
    [
        -(elims.len() as i64),
        sum,
        phase * 1000 + table,
        chain.nodes.len() as i64,
    ]
}

/// The words of a nice loop or AIC step (`None` for other techniques).
pub(crate) fn reason(step: &Step, lang: crate::classic::trace::Lang) -> Option<String> {
    use Technique as T;
    let es = lang == crate::classic::trace::Lang::Es;
    let chain = step.chains.first()?;
    let start = chain.nodes.first()?.cells;
    Some(match step.technique {
        T::DiscontinuousNiceLoop | T::GroupedDiscontinuousNiceLoop => {
            if es {
                format!("el bucle {chain} se cierra en {start} con una discontinuidad")
            } else {
                format!("the loop {chain} closes in {start} with a discontinuity")
            }
        }
        T::ContinuousNiceLoop | T::GroupedContinuousNiceLoop => {
            if es {
                format!("el bucle {chain} se cierra en {start}: cada enlace débil se vuelve fuerte")
            } else {
                format!("the loop {chain} closes in {start}: every weak link becomes strong")
            }
        }
        T::Aic | T::GroupedAic => {
            if es {
                format!("uno de los extremos de {chain} es cierto: lo que ve ambos cae")
            } else {
                format!("one end of {chain} is true: what sees both ends goes")
            }
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{check_technique, sample};

    use crate::classic::trace::Lang;
    use crate::logic::explain::step_text;
    use crate::logic::soundness::{c, elims, open, set};

    /// Removes `digit` from the cells of house `h` (0-8 rows, 9-17
    /// columns) but `keep` (1-based positions in the house).
    fn carve(cands: &mut Candidates, digit: u8, h: usize, keep: &[usize]) {
        for k in (1..=9).filter(|k| !keep.contains(k)) {
            let cell = if h < 9 { c(h + 1, k) } else { c(k, h - 8) };
            cands.remove(cell, Digit::new(digit).unwrap());
        }
    }

    /// An X-Chain on 6: r1c1=r4c1-r4c4=r7c4-r7c8=r2c8. As an AIC (from
    /// r1c1 off) the cells seeing both ends lose 6; each of them also
    /// closes a discontinuous loop that removes its own 6.
    fn x_chain() -> (crate::grid::Grid, Candidates) {
        let (g, mut cands) = open();
        carve(&mut cands, 6, 9, &[1, 4]);
        carve(&mut cands, 6, 12, &[4, 7]);
        carve(&mut cands, 6, 16, &[7, 2]);
        (g, cands)
    }

    #[test]
    fn aic_on_one_digit() {
        let (_, cands) = x_chain();
        let aics = find(Technique::Aic, &cands);
        assert_eq!(aics.len(), 1);
        // HoDoKu lists eliminations by digit, then cell.
        assert_eq!(
            elims(&aics[0]),
            ["r1c7<>6", "r1c9<>6", "r2c2<>6", "r2c3<>6"]
        );
        assert_eq!(
            aics[0].chains[0].to_string(),
            "(6)r1c1=(6)r4c1-(6)r4c4=(6)r7c4-(6)r7c8=(6)r2c8"
        );
        let mut dnl: Vec<String> = find(Technique::DiscontinuousNiceLoop, &cands)
            .iter()
            .flat_map(elims)
            .collect();
        dnl.sort();
        assert_eq!(dnl, ["r1c7<>6", "r1c9<>6", "r2c2<>6", "r2c3<>6"]);
        // Without group nodes in play the grouped search finds the same
        // chains, typed plain.
        assert!(find(Technique::GroupedAic, &cands).is_empty());
        // HoDoKu's choice: the AIC, with the most eliminations.
        let mut all: Vec<Step> = TECHNIQUES[..3]
            .iter()
            .flat_map(|&t| find(t, &cands))
            .collect();
        all.sort_by_key(hodoku_key);
        assert_eq!(all[0].technique, Technique::Aic);
        assert!(step_text(&all[0], Lang::En).contains("one end of (6)r1c1=(6)r4c1"));
        assert!(step_text(&all[0], Lang::Es).contains("uno de los extremos"));
    }

    /// r1c1 {1,2,9}: 2 is confined to r1c1/r1c5 in row 1, 1 to r1c1/r5c1
    /// in column 1; r1c5 {2,3}, r5c5 {3,4}, r5c1 {1,4}, with 3 confined to
    /// r1c5/r5c5 in column 5 and 4 to r5c1/r5c5 in row 5. If r1c1 is not 2
    /// the loop forces it to 1: it is 1 or 2, and loses 9.
    #[test]
    fn continuous_loop_through_a_trivalue_cell() {
        let (_, mut cands) = open();
        carve(&mut cands, 2, 0, &[1, 5]);
        carve(&mut cands, 1, 9, &[1, 5]);
        carve(&mut cands, 3, 13, &[1, 5]);
        carve(&mut cands, 4, 4, &[1, 5]);
        cands.set(c(1, 1), set(&[1, 2, 9]));
        cands.set(c(1, 5), set(&[2, 3]));
        cands.set(c(5, 5), set(&[3, 4]));
        cands.set(c(5, 1), set(&[1, 4]));
        let steps = find(Technique::ContinuousNiceLoop, &cands);
        let step = steps
            .iter()
            .find(|s| elims(s) == ["r1c1<>9"])
            .expect("the loop through r1c1");
        // The same loop from r1c1<>2 has the same effect and length: HoDoKu
        // keeps the first found, from the table of r1c1<>1.
        assert_eq!(
            step.chains[0].to_string(),
            "(1)r1c1=(1)r5c1-(4)r5c1=(4)r5c5-(3)r5c5=(3)r1c5-(2)r1c5=(2)r1c1"
        );
        assert!(step_text(step, Lang::En).contains("every weak link becomes strong"));
    }

    /// With every candidate everywhere there is no strong link: nothing.
    #[test]
    fn nothing_without_strong_links() {
        let (_, cands) = open();
        for t in TECHNIQUES {
            assert!(find(t, &cands).is_empty(), "{t}");
        }
    }

    /// Skipping the premises that reach nothing to look at changes
    /// nothing: the same steps, in the same order, at every position of
    /// walks through hard puzzles, with and without groups.
    #[test]
    fn pruned_search_matches_the_full_one() {
        let (mut positions, mut found) = (0, 0);
        let puzzles = sample("top1465_200.txt");
        for puzzle in puzzles.iter().take(12) {
            let mut grid = *puzzle;
            let mut cands = Candidates::from_grid(&grid);
            for _ in 0..400 {
                for grouped in [false, true] {
                    let full = search_with(&cands, grouped, false);
                    assert_eq!(search_with(&cands, grouped, true), full, "{grid}");
                    found += usize::from(!full.is_empty());
                }
                positions += 1;
                let next = Technique::available().find_map(|t| {
                    let steps = crate::logic::find_steps(t, &grid, &cands);
                    steps.into_iter().find(Step::is_productive)
                });
                let Some(step) = next else { break };
                step.apply(&mut grid, &mut cands);
            }
        }
        assert!(positions > 100 && found > 20, "{positions} {found}");
    }

    /// Scanning the reach for AIC ends decides as looking each end up
    /// does, for every premise of positions of walks through hard puzzles;
    /// a premise kept with the plain graph is kept with the grouped one.
    #[test]
    fn scanned_reach_matches_looked_up_ends() {
        let (mut premises, mut kept) = (0, 0);
        for puzzle in sample("top1465_200.txt").iter().take(40) {
            let mut grid = *puzzle;
            let mut cands = Candidates::from_grid(&grid);
            for _ in 0..400 {
                let [plain, full] = [false, true].map(|grouped| {
                    let links = Links::new(&cands, grouped);
                    let graph = Graph::new(&links);
                    let reach = Reach::new(&graph);
                    (links, graph, reach)
                });
                for premise in super::premises(&plain.0) {
                    let [p, g] = [&plain, &full].map(|(links, graph, reach)| {
                        let slow = may_find_by_ends(links, graph, reach, premise);
                        assert_eq!(may_find(links, graph, reach, premise), slow, "{grid}");
                        slow
                    });
                    // The plain search prunes with the grouped reach.
                    assert!(g || !p, "{grid}");
                    premises += 1;
                    kept += usize::from(p);
                }
                let next = Technique::available().find_map(|t| {
                    let steps = crate::logic::find_steps(t, &grid, &cands);
                    steps.into_iter().find(Step::is_productive)
                });
                let Some(step) = next else { break };
                step.apply(&mut grid, &mut cands);
            }
        }
        assert!(kept > 100 && kept < premises, "{kept} of {premises}");
    }

    #[test]
    fn sound_and_fire_on_hard_samples() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(30);
        for t in TECHNIQUES {
            let n = check_technique(t, &puzzles);
            assert!(n > 0, "{t} never fires");
        }
    }
}
