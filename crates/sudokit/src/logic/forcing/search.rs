//! The tables of every assumption and HoDoKu's checks on them
//! (`checkOneChain`, `checkTwoChains`, `checkAllChainsForHouse`), in its
//! order, with its bookkeeping of one step per form and result.

use super::nets;
use crate::candidates::Candidates;
use crate::classic::trace::Lang;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::chains::nice_loops::{chain_of, links_of};
use crate::logic::links::table::Tables as Store;
use crate::logic::links::{Lit, bits16, candidate_node, cells_iter, is_on, node_of, off, on};
use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};
use crate::logic::{Step, Technique};
use std::cell::RefCell;
use std::rc::Rc;

/// Steps, and which forms and effects ([`key`]) they have.
type Keyed = (Rc<Vec<Step>>, Rc<Vec<bool>>);

/// The forcing chain and net steps of one position, as far as asked.
struct Cached {
    grid: Grid,
    candidates: Candidates,
    /// The chain steps.
    chains: Option<Keyed>,
    nets: Option<Rc<Vec<Step>>>,
}

thread_local! {
    static LAST: RefCell<Option<Cached>> = const { RefCell::new(None) };
}

/// Every forcing chain (or net) step of the position, cached for the
/// techniques of one HoDoKu index asked in turn (and the nets, which
/// leave out what the chains give, reuse the chains' results).
pub(crate) fn all(grid: &Grid, candidates: &Candidates, net: bool) -> Rc<Vec<Step>> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let same = last
            .as_ref()
            .is_some_and(|c| c.grid == *grid && c.candidates == *candidates);
        if !same {
            *last = Some(Cached {
                grid: *grid,
                candidates: *candidates,
                chains: None,
                nets: None,
            });
        }
        let cached = last.as_mut().expect("just set");
        let (chain_steps, known) = cached
            .chains
            .get_or_insert_with(|| {
                let store = Store::of(candidates, true);
                let mut found = Found::new(grid, &store, false);
                found.check_all();
                let known = Rc::new(found.index.iter().map(|&i| i != u32::MAX).collect());
                (Rc::new(found.into_steps()), known)
            })
            .clone();
        if !net {
            return chain_steps;
        }
        Rc::clone(
            cached
                .nets
                .get_or_insert_with(|| Rc::new(net_steps(grid, candidates, &known))),
        )
    })
}

/// The net steps: the results of the net tables that plain chains do not
/// give (`known`: the chains' forms and effects, by [`key`]).
fn net_steps(grid: &Grid, candidates: &Candidates, known: &[bool]) -> Vec<Step> {
    let store = nets::store(candidates);
    let mut found = Found::new(grid, &store, true);
    found.check_all();
    found
        .results
        .retain(|r| !known[key(r.verity, r.place, r.cell as usize, r.digit as usize)]);
    found.into_steps()
}

/// One result: its form, what it does, and the chains (premise, target).
struct Result {
    verity: bool,
    place: bool,
    cell: u8,
    digit: u8,
    chains: Vec<(Lit, Lit)>,
    length: usize,
}

/// The results found, one per form and effect.
struct Found<'a> {
    store: &'a Store,
    net: bool,
    allowed: [u128; 9],
    unsolved: u128,
    results: Vec<Result>,
    /// Per form and effect ([`key`]): the place of its result, or `u32::MAX`.
    index: Vec<u32>,
}

/// The index of a form and effect: verity, placement, cell, digit.
fn key(verity: bool, place: bool, cell: usize, digit: usize) -> usize {
    ((usize::from(verity) * 2 + usize::from(place)) * 81 + cell) * 9 + digit
}

impl<'a> Found<'a> {
    fn new(grid: &Grid, store: &'a Store, net: bool) -> Found<'a> {
        let mut allowed = [0u128; 9];
        let mut unsolved = 0u128;
        for cell in Cell::all() {
            if grid[cell] == 0 {
                unsolved |= 1 << cell.index();
            }
        }
        for (d, a) in allowed.iter_mut().enumerate() {
            *a = unsolved;
            for cell in Cell::all() {
                if grid[cell] as usize == d + 1 {
                    *a &= !PEER_BITS[cell.index()];
                }
            }
        }
        Found {
            store,
            net,
            allowed,
            unsolved,
            results: Vec::new(),
            index: vec![u32::MAX; 4 * 81 * 9],
        }
    }

    /// Keeps a result unless one with the same form and effect and chains
    /// no longer is known (then a shorter one replaces it in place).
    fn offer(
        &mut self,
        verity: bool,
        place: bool,
        cell: usize,
        digit: usize,
        chains: &[(Lit, Lit)],
    ) {
        let length = chains.iter().map(|&(p, t)| self.store.length(p, t)).sum();
        let k = key(verity, place, cell, digit);
        let at = self.index[k];
        if at != u32::MAX && self.results[at as usize].length <= length {
            return;
        }
        let result = Result {
            verity,
            place,
            cell: cell as u8,
            digit: digit as u8,
            chains: chains.to_vec(),
            length,
        };
        if at == u32::MAX {
            self.index[k] = self.results.len() as u32;
            self.results.push(result);
        } else {
            self.results[at as usize] = result;
        }
    }

    /// HoDoKu's checks in its order.
    fn check_all(&mut self) {
        let links = &self.store.links;
        let mut premises = Vec::new();
        for cell in 0..81 {
            for d in bits16(links.cands[cell]) {
                premises.push((cell, d));
            }
        }
        for &(cell, d) in &premises {
            for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                if self.store.has(premise) {
                    self.check_one(premise);
                }
            }
        }
        for &(cell, d) in &premises {
            self.check_two(cell, d);
        }
        let mut list = [0 as Lit; 9];
        for cell in 0..81 {
            let mut n = 0;
            for d in bits16(self.store.links.cands[cell]) {
                list[n] = on(candidate_node(cell, d));
                n += 1;
            }
            if n > 0 {
                self.check_list(&list[..n]);
            }
        }
        for house in HOUSE_BITS {
            for d in 0..9 {
                let cells = house & self.store.links.places[d];
                let mut n = 0;
                for c in cells_iter(cells) {
                    list[n] = on(candidate_node(c, d));
                    n += 1;
                }
                if n > 0 {
                    self.check_list(&list[..n]);
                }
            }
        }
    }

    /// Contradictions from one assumption.
    fn check_one(&mut self, p: Lit) {
        let (on_s, off_s) = (*self.store.on(p), *self.store.off(p));
        let node = node_of(p);
        let (c0, d0) = ((node / 9) as usize, (node % 9) as usize);
        let (place, premise_on) = (!is_on(p), is_on(p));
        let mut chains = [(0 as Lit, 0 as Lit); 9];
        let inverse = if premise_on { off_s[d0] } else { on_s[d0] };
        if inverse >> c0 & 1 == 1 {
            self.offer(false, place, c0, d0, &[(p, p ^ 1)]);
        }
        for d in 0..9 {
            let both = on_s[d] & off_s[d];
            if both != 0 {
                let y = both.trailing_zeros() as usize;
                let n = candidate_node(y, d);
                self.offer(false, place, c0, d0, &[(p, off(n)), (p, on(n))]);
            }
        }
        for d in 0..9 {
            for e in d + 1..9 {
                let both = on_s[d] & on_s[e];
                if both != 0 {
                    let y = both.trailing_zeros() as usize;
                    let pair = [(p, on(candidate_node(y, d))), (p, on(candidate_node(y, e)))];
                    self.offer(false, place, c0, d0, &pair);
                }
            }
        }
        for range in [0..9, 9..18, 18..27] {
            for (d, &set) in on_s.iter().enumerate() {
                if set & set.wrapping_sub(1) == 0 {
                    continue;
                }
                for house in &HOUSE_BITS[range.clone()] {
                    let twice = house & set;
                    if twice & twice.wrapping_sub(1) != 0 {
                        let mut n = 0;
                        for y in cells_iter(twice) {
                            chains[n] = (p, on(candidate_node(y, d)));
                            n += 1;
                        }
                        self.offer(false, place, c0, d0, &chains[..n]);
                    }
                }
            }
        }
        let links = &self.store.links;
        let mut empty = self.unsolved;
        for d in 0..9 {
            empty &= off_s[d] | !links.places[d];
            empty &= !on_s[d];
        }
        for y in cells_iter(empty) {
            let mut n = 0;
            for d in bits16(self.store.links.cands[y]) {
                chains[n] = (p, off(candidate_node(y, d)));
                n += 1;
            }
            self.offer(false, place, c0, d0, &chains[..n]);
        }
        for range in [0..9, 9..18, 18..27] {
            for (d, &set) in off_s.iter().enumerate() {
                if set == 0 {
                    continue;
                }
                for house in &HOUSE_BITS[range.clone()] {
                    let cells = house & self.allowed[d];
                    if cells != 0 && cells & !set == 0 {
                        let mut n = 0;
                        for y in cells_iter(cells) {
                            chains[n] = (p, off(candidate_node(y, d)));
                            n += 1;
                        }
                        self.offer(false, place, c0, d0, &chains[..n]);
                    }
                }
            }
        }
    }

    /// Verities from a candidate's on and off tables.
    fn check_two(&mut self, cell: usize, d0: usize) {
        let node = candidate_node(cell, d0);
        let (a, b) = (on(node), off(node));
        if !self.store.has(a) || !self.store.has(b) {
            return;
        }
        for place in [true, false] {
            for d in 0..9 {
                let (sa, sb) = if place {
                    (self.store.on(a), self.store.on(b))
                } else {
                    (self.store.off(a), self.store.off(b))
                };
                let common = sa[d] & sb[d] & !(1u128 << cell);
                for y in cells_iter(common) {
                    let n = candidate_node(y, d);
                    let t = if place { on(n) } else { off(n) };
                    self.offer(true, place, y, d, &[(a, t), (b, t)]);
                }
            }
        }
    }

    /// Verities from the on tables of all candidates of a cell, or of all
    /// places of a digit in a house.
    fn check_list(&mut self, list: &[Lit]) {
        let mut on_all = [!0u128; 9];
        let mut off_all = [!0u128; 9];
        for &p in list {
            let (on_p, off_p) = (self.store.on(p), self.store.off(p));
            for d in 0..9 {
                on_all[d] &= on_p[d];
                off_all[d] &= off_p[d];
            }
        }
        let mut chains = [(0 as Lit, 0 as Lit); 9];
        for d in 0..9 {
            for (place, set) in [(true, on_all[d]), (false, off_all[d])] {
                for y in cells_iter(set) {
                    let n = candidate_node(y, d);
                    let t = if place { on(n) } else { off(n) };
                    for (slot, &p) in chains.iter_mut().zip(list) {
                        *slot = (p, t);
                    }
                    self.offer(true, place, y, d, &chains[..list.len()]);
                }
            }
        }
    }

    /// The steps, in the order found.
    fn into_steps(self) -> Vec<Step> {
        let store = self.store;
        let net = self.net;
        self.results
            .into_iter()
            .map(|r| to_step(store, net, r))
            .collect()
    }
}

fn to_step(store: &Store, net: bool, r: Result) -> Step {
    let technique = match (net, r.verity) {
        (false, false) => Technique::ForcingChainContradiction,
        (false, true) => Technique::ForcingChainVerity,
        (true, false) => Technique::ForcingNetContradiction,
        (true, true) => Technique::ForcingNetVerity,
    };
    let cell = Cell::new(r.cell as usize).expect("< 81");
    let digit = Digit::from_index(r.digit as usize).expect("< 9");
    let mut step = Step::new(technique);
    step = if r.place {
        step.place(cell, digit)
    } else {
        step.eliminate(cell, digit)
    };
    for &(p, t) in &r.chains {
        let path = store.path(p, t);
        step.links.extend(links_of(&store.links, &path));
        step.chains.push(chain_of(&store.links, &path));
        let first = Cell::new(store.links.first_cell(node_of(p))).expect("< 81");
        if !step.cells.contains(&first) {
            step.cells.push(first);
        }
        step.digits
            .insert(Digit::from_index(store.links.describe(node_of(p)).0).expect("< 9"));
    }
    step
}

/// The words of a forcing chain or net step.
pub(crate) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let first = step.chains.first()?;
    let premise = first.nodes.first()?;
    let assumed = |c: &crate::logic::Chain| {
        let n = c.nodes[0];
        let is_on = c.strong.first().is_none_or(|s| !s);
        (n, is_on)
    };
    let net = matches!(
        step.technique,
        Technique::ForcingNetContradiction | Technique::ForcingNetVerity
    );
    let kind = match (net, es) {
        (false, false) => "chain",
        (false, true) => "cadena",
        (true, false) => "net",
        (true, true) => "red",
    };
    let chains: Vec<String> = step.chains.iter().map(|c| c.to_string()).collect();
    let chains = chains.join(" ; ");
    let value = |n: crate::logic::Node, is_on: bool| {
        let cell = n
            .cells
            .iter()
            .next()
            .map(|c| c.to_string())
            .unwrap_or_default();
        format!("{cell}{}{}", if is_on { "=" } else { "<>" }, n.digit)
    };
    Some(match step.technique {
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction => {
            let (n, is_on) = assumed(first);
            let _ = premise;
            if es {
                format!(
                    "suponer {} lleva por {kind} a una contradicción ({chains}), así que es falso",
                    value(n, is_on)
                )
            } else {
                format!(
                    "assuming {} leads through a {kind} to a contradiction ({chains}), so it is false",
                    value(n, is_on)
                )
            }
        }
        _ => {
            let starts: Vec<String> = step
                .chains
                .iter()
                .map(|c| {
                    let (n, is_on) = assumed(c);
                    value(n, is_on)
                })
                .collect();
            let starts = starts.join(if es { " o " } else { " or " });
            if es {
                format!("sea {starts}, cada {kind} lleva a la misma conclusión ({chains})")
            } else {
                format!("whether {starts}, each {kind} leads to the same conclusion ({chains})")
            }
        }
    })
}
