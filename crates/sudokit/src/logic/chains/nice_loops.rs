//! Nice loops and AICs (plain and grouped) as HoDoKu's `TablingSolver`
//! finds them.
//!
//! For every candidate, HoDoKu builds the table of what follows from
//! setting it (on) and from removing it (off) ([`Table`]), then:
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
//! only bound is the table size ([`crate::logic::links::table::MAX_ENTRIES`]).

use crate::candidates::Candidates;
use crate::cell_set::CellSet;
use crate::grid::{Cell, Digit};
use crate::logic::links::table::Table;
use crate::logic::links::{CANDIDATE_NODES, Links, Lit, candidate_node, is_on, node_of, off, on};
use crate::logic::{Chain, Link, Step, Technique};
use std::cell::RefCell;
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

/// The search itself.
fn search(candidates: &Candidates, grouped: bool) -> Vec<Step> {
    let links = Links::new(candidates, grouped);
    let mut table = Table::new();
    let mut loops = Collector::default();
    let mut aics = Collector::default();
    for premise_on in [true, false] {
        for cell in 0..81 {
            for d in crate::logic::links::bits16(links.cands[cell]) {
                let node = candidate_node(cell, d);
                let premise = if premise_on { on(node) } else { off(node) };
                table.build(&links, premise);
                if table.entries.len() < 2 {
                    continue;
                }
                nice_loops_of(&links, &table, cell, &mut loops);
                if !premise_on {
                    aics_of(&links, &table, cell, &mut aics);
                }
            }
        }
    }
    let grid_free = |f: Found| to_step(&links, f);
    loops
        .found
        .into_iter()
        .chain(aics.found)
        .flatten()
        .map(grid_free)
        .collect()
}

/// The positions, in table order, of the literals of `cell` in `table`.
fn in_cell(links: &Links, table: &Table, cell: usize) -> Vec<usize> {
    let mut pos: Vec<usize> = crate::logic::links::bits16(links.cands[cell])
        .flat_map(|d| [on(candidate_node(cell, d)), off(candidate_node(cell, d))])
        .filter_map(|l| table.position(l))
        .filter(|&p| p > 0)
        .collect();
    pos.sort_unstable();
    pos
}

/// Checks every literal of the premise's cell for a nice loop.
fn nice_loops_of(links: &Links, table: &Table, start: usize, out: &mut Collector) {
    for pos in in_cell(links, table, start) {
        if table.entries[pos].depth <= 1 {
            continue;
        }
        if let Some(found) = nice_loop(links, table, start, pos) {
            out.offer(found);
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
fn nice_loop(links: &Links, table: &Table, start: usize, pos: usize) -> Option<Found> {
    let path = table.path(pos);
    let n = path.len() - 1;
    if cell_of(links, path[n]) == cell_of(links, path[n - 1])
        || is_lasso(links, &path, false)
        || cell_of(links, path[0]) == cell_of(links, path[1])
    {
        return None;
    }
    let first_strong = is_on(table.entries[1].lit);
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
    finish(links, technique, elims, path)
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
fn aics_of(links: &Links, table: &Table, start: usize, out: &mut Collector) {
    let sc = digit_of(links, table.entries[0].lit);
    let start_peers = links.buddies(candidate_node(start, 0));
    let mut ends = Vec::new();
    for e in 0..9 {
        for end in crate::logic::links::cells_iter(table.on[e] & !(1u128 << start)) {
            let fits = if e == sc {
                (start_peers & links.buddies(candidate_node(end, 0)) & links.places[sc])
                    .count_ones()
                    >= 2
            } else {
                start_peers >> end & 1 == 1
                    && links.cands[end] >> sc & 1 == 1
                    && links.cands[start] >> e & 1 == 1
            };
            if fits {
                ends.push(
                    table
                        .position(on(candidate_node(end, e)))
                        .expect("in table"),
                );
            }
        }
    }
    ends.sort_unstable();
    for pos in ends {
        if let Some(found) = aic(links, table, start, pos) {
            out.offer(found);
        }
    }
}

/// The AIC from the premise (off) to the entry at `pos` (on).
fn aic(links: &Links, table: &Table, start: usize, pos: usize) -> Option<Found> {
    if table.entries[pos].depth <= 1 {
        return None;
    }
    let end_lit = table.entries[pos].lit;
    let (sc, ec) = (
        digit_of(links, table.entries[0].lit),
        digit_of(links, end_lit),
    );
    let end = cell_of(links, end_lit);
    let mut elims = Vec::new();
    if sc == ec {
        let seeing = links.buddies(candidate_node(start, 0))
            & links.buddies(candidate_node(end, 0))
            & links.places[sc];
        if seeing.count_ones() > 1 {
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
    let path = table.path(pos);
    if is_lasso(links, &path, true) {
        return None;
    }
    finish(links, Technique::Aic, elims, path)
}

/// The step, if it eliminates anything: eliminations sorted as HoDoKu
/// sorts them (digit, then cell), grouped form when a group is in the chain.
fn finish(
    links: &Links,
    technique: Technique,
    elims: Vec<(usize, usize)>,
    chain: Vec<Lit>,
) -> Option<Found> {
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
    let _ = links;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{check_technique, sample};

    #[test]
    fn sound_and_fire_on_hard_samples() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(30);
        for t in TECHNIQUES {
            let n = check_technique(t, &puzzles);
            eprintln!("{t}: {n}");
        }
    }
}
