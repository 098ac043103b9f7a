//! The tables of every assumption and HoDoKu's checks on them
//! (`checkOneChain`, `checkTwoChains`, `checkAllChainsForHouse`), in its
//! order, with its bookkeeping of one step per form and result.

use super::grown;
use super::nets;
use super::tables::{Source, Tables};
use crate::candidates::Candidates;
use crate::classic::trace::Lang;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::chains::nice_loops::{chain_of, links_of};
use crate::logic::links::graph::Graph;
use crate::logic::links::{
    Links, Lit, bits16, candidate_node, cells_iter, is_on, node_of, off, on,
};
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
    /// The graph of the chain tables, for the net tables.
    graph: Option<(Links, Graph)>,
    /// The chains' forms and effects ([`key`]), when found by [`first`].
    known: Option<Rc<Vec<bool>>>,
    /// The walk's chain step ([`first`]), once found.
    first_chain: Option<Option<Step>>,
    /// The walk's net step ([`first`]), once found.
    first_net: Option<Option<Step>>,
}

thread_local! {
    static LAST: RefCell<Option<Cached>> = const { RefCell::new(None) };
}

/// Every forcing chain (or net) step of the position, cached for the
/// techniques of one HoDoKu index asked in turn (and the nets, which
/// leave out what the chains give, reuse the chains' results).
pub(crate) fn all(grid: &Grid, candidates: &Candidates, net: bool) -> Rc<Vec<Step>> {
    with_cached(grid, candidates, |cached| {
        if cached.chains.is_none() {
            let tables = chain_tables(candidates);
            let (steps, known) = chain_steps(grid, &tables);
            cached.chains = Some((Rc::new(steps), Rc::new(known)));
            cached.graph = Some((tables.links, tables.graph));
        }
        let (chain_steps, known) = cached.chains.clone().expect("just set");
        if !net {
            return chain_steps;
        }
        if cached.nets.is_none() {
            let tables = net_tables(cached, candidates);
            cached.nets = Some(Rc::new(net_steps(grid, &tables, &known)));
        }
        Rc::clone(cached.nets.as_ref().expect("just set"))
    })
}

/// The step HoDoKu's walk takes among the forcing chain (or net) steps
/// of the position, the techniques of `group` asked in that order
/// ([`crate::logic::solver::Position::advance`]): the first of their
/// steps by [`super::hodoku_key`]. Only the results that can come first
/// have their chains traced; cached like [`all`].
pub(crate) fn first(
    grid: &Grid,
    candidates: &Candidates,
    net: bool,
    group: &[Technique],
) -> Option<Step> {
    with_cached(grid, candidates, |cached| {
        let full = if net {
            cached.nets.clone()
        } else {
            cached.chains.as_ref().map(|c| Rc::clone(&c.0))
        };
        if let Some(steps) = full {
            return first_in_walk(steps.iter().cloned(), group);
        }
        if !net {
            if cached.first_chain.is_none() {
                cached.first_chain = Some(first_chain(cached, grid, candidates, group));
            }
            return cached.first_chain.clone().expect("just set");
        }
        if cached.first_net.is_none() {
            let known = chain_known(cached, grid, candidates);
            let tables = net_tables(cached, candidates);
            let mut found = Found::new(grid, &tables, true);
            found.limit = Some(u32::MAX);
            found.skip = Some(&known[..]);
            found.check_all();
            cached.first_net = Some(found.first(group));
        }
        cached.first_net.clone().expect("just set")
    })
}

/// The walk's chain step ([`first`]), its graph left in `cached` for the
/// nets, and the chains' forms and effects when it has none (then none
/// was offered).
fn first_chain(
    cached: &mut Cached,
    grid: &Grid,
    candidates: &Candidates,
    group: &[Technique],
) -> Option<Step> {
    let tables = chain_tables(candidates);
    let mut found = Found::new(grid, &tables, false);
    found.limit = Some(u32::MAX);
    found.check_all();
    let first = found.first(group);
    // With a result, the forms and effects that could not come first
    // were not all looked for.
    if first.is_none() {
        cached.known = Some(Rc::new(vec![false; 4 * 81 * 9]));
    }
    cached.graph = Some((tables.links, tables.graph));
    first
}

/// The chains' forms and effects ([`key`]), which the nets leave out.
fn chain_known(cached: &mut Cached, grid: &Grid, candidates: &Candidates) -> Rc<Vec<bool>> {
    if let Some((_, known)) = &cached.chains {
        return Rc::clone(known);
    }
    if cached.known.is_none() && cached.first_chain.is_none() {
        let group = [
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
        ];
        first_chain(cached, grid, candidates, &group);
    }
    if let Some(known) = &cached.known {
        return Rc::clone(known);
    }
    // The chains have results: all are needed.
    let tables = chain_tables(candidates);
    let (steps, known) = chain_steps(grid, &tables);
    let known = Rc::new(known);
    cached.chains = Some((Rc::new(steps), Rc::clone(&known)));
    cached.graph = Some((tables.links, tables.graph));
    known
}

/// The first of `steps` by [`super::hodoku_key`], those of each technique
/// of `group` taken in turn, in their order (the sort is stable).
fn first_in_walk(steps: impl Iterator<Item = Step> + Clone, group: &[Technique]) -> Option<Step> {
    let mut listed: Vec<Step> = group
        .iter()
        .flat_map(|&t| steps.clone().filter(move |s| s.technique == t))
        .collect();
    listed.sort_by_key(super::hodoku_key);
    listed.into_iter().next()
}

/// Runs `f` on the cache of the position, emptied first when it holds
/// another position.
fn with_cached<T>(grid: &Grid, candidates: &Candidates, f: impl FnOnce(&mut Cached) -> T) -> T {
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
                graph: None,
                known: None,
                first_chain: None,
                first_net: None,
            });
        }
        f(last.as_mut().expect("just set"))
    })
}

/// The chain tables of `candidates`.
fn chain_tables(candidates: &Candidates) -> Tables {
    // The nice loops, asked before on the position, have built the same
    // graph and the reach of every literal.
    match crate::logic::chains::nice_loops::last_full(candidates) {
        Some(full) => Tables::with_reach(full),
        None => {
            let links = Links::new(candidates, true);
            let graph = Graph::new(&links);
            Tables::new(links, graph, None)
        }
    }
}

/// The net tables of `candidates`, on the chains' graph when it is left
/// in `cached`.
fn net_tables(cached: &mut Cached, candidates: &Candidates) -> Tables {
    let (links, graph) = cached.graph.take().unwrap_or_else(|| {
        let links = Links::new(candidates, true);
        let graph = Graph::new(&links);
        (links, graph)
    });
    let grown = grown::grow(&links, &graph);
    Tables::given(links, graph, grown)
}

/// The chain steps of the position whose chain tables are `store`, and
/// which forms and effects ([`key`]) they have.
fn chain_steps(grid: &Grid, store: &impl Source) -> (Vec<Step>, Vec<bool>) {
    let mut found = Found::new(grid, store, false);
    found.check_all();
    let known = found.known();
    (found.into_steps(), known)
}

/// The net steps: the results of the net tables `store` that plain
/// chains do not give (`known`: the chains' forms and effects, by [`key`]).
fn net_steps(grid: &Grid, store: &impl Source, known: &[bool]) -> Vec<Step> {
    let mut found = Found::new(grid, store, true);
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
struct Found<'a, S> {
    store: &'a S,
    net: bool,
    allowed: [u128; 9],
    /// Per digit, the houses with an allowed cell ([`nets::houses_holding`]).
    holding: [u128; 9],
    unsolved: u128,
    results: Vec<Result>,
    /// Per form and effect ([`key`]): the place of its result, or `u32::MAX`
    /// (or [`OFFERED`]).
    index: Vec<u32>,
    /// When only the walk's step is wanted ([`first`]): the least
    /// [`prefix`] offered so far. Results with a greater one cannot come
    /// first, and each form and effect keeps its own result whatever the
    /// others, so their chains are not traced.
    limit: Option<u32>,
    /// Per placement (1) or removal (0) and digit: the cells whose results
    /// can still come first under `limit` ([`Found::open_cells`]), kept
    /// up to date as it falls.
    open: [[u128; 9]; 2],
    /// The forms and effects ([`key`]) to leave out (the nets' known
    /// ones, with `limit`: they would be dropped anyway).
    skip: Option<&'a [bool]>,
    /// How many times [`Found::offer`] was called.
    offers: usize,
    /// Per [`Source::sets_id`]: whether its sets are known to hold no
    /// contradiction but the premise's own (checked once per sets).
    barren: Vec<bool>,
}

/// The [`Found::index`] of a form and effect offered but not kept (it
/// cannot come first).
const OFFERED: u32 = u32::MAX - 1;

/// Where a result of this effect stands in [`super::hodoku_key`], its
/// form and chains left out: placements by cell, then eliminations by cell
/// and digit.
fn prefix(place: bool, cell: usize, digit: usize) -> u32 {
    if place {
        cell as u32
    } else {
        (81 + cell * 9 + digit) as u32
    }
}

/// The cells where a result placing (`place`) or removing digit `d` has
/// a [`prefix`] not above `limit`.
fn open_under(limit: u32, place: bool, d: usize) -> u128 {
    let limit = i64::from(limit);
    let last = if place {
        limit
    } else {
        (limit - 81 - d as i64).div_euclid(9)
    };
    match last {
        ..0 => 0,
        80.. => !0,
        _ => (1u128 << (last + 1)) - 1,
    }
}

/// The index of a form and effect: verity, placement, cell, digit.
fn key(verity: bool, place: bool, cell: usize, digit: usize) -> usize {
    ((usize::from(verity) * 2 + usize::from(place)) * 81 + cell) * 9 + digit
}

impl<'a, S: Source> Found<'a, S> {
    fn new(grid: &Grid, store: &'a S, net: bool) -> Found<'a, S> {
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
        let holding = allowed.map(nets::houses_holding);
        Found {
            store,
            net,
            allowed,
            holding,
            unsolved,
            results: Vec::new(),
            index: vec![u32::MAX; 4 * 81 * 9],
            limit: None,
            open: [[!0; 9]; 2],
            skip: None,
            offers: 0,
            barren: Vec::new(),
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
        self.offers += 1;
        let k = key(verity, place, cell, digit);
        if let Some(limit) = self.limit {
            if self.skip.is_some_and(|skip| skip[k]) {
                return;
            }
            let prefix = prefix(place, cell, digit);
            if prefix > limit {
                if self.index[k] == u32::MAX {
                    self.index[k] = OFFERED;
                }
                return;
            }
            if Some(prefix) != self.limit {
                self.limit = Some(prefix);
                self.open = std::array::from_fn(|place| {
                    std::array::from_fn(|d| open_under(prefix, place == 1, d))
                });
            }
        }
        let at = self.index[k];
        // Once the chains measured are as long as the known result's, the
        // rest cannot make them shorter: they are not traced.
        let known = match at {
            u32::MAX => usize::MAX,
            at => self.results[at as usize].length,
        };
        let mut length = 0;
        for &(p, t) in chains {
            length += self.store.length(p, t);
            if length >= known {
                return;
            }
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
        let links = self.store.links();
        let mut premises = Vec::new();
        for cell in 0..81 {
            for d in bits16(links.cands[cell]) {
                premises.push((cell, d));
            }
        }
        for &(cell, d) in &premises {
            for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                // Its contradictions all remove (or place) its candidate.
                let open = self.open_cells(!is_on(premise), d) >> cell & 1 == 1;
                if open && self.store.has(premise) {
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
            for d in bits16(self.store.links().cands[cell]) {
                list[n] = on(candidate_node(cell, d));
                n += 1;
            }
            if n > 0 {
                self.check_list(&list[..n]);
            }
        }
        for house in HOUSE_BITS {
            for d in 0..9 {
                let cells = house & self.store.links().places[d];
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

    /// Contradictions from one assumption, each kind in HoDoKu's order;
    /// the kinds that cannot occur are told by a bit test first.
    fn check_one(&mut self, p: Lit) {
        let (on_s, off_s) = self.store.contradiction_sets(p);
        let node = node_of(p);
        let (c0, d0) = ((node / 9) as usize, (node % 9) as usize);
        let (place, premise_on) = (!is_on(p), is_on(p));
        let inverse = if premise_on { off_s[d0] } else { on_s[d0] };
        if inverse >> c0 & 1 == 1 {
            self.offer(false, place, c0, d0, &[(p, p ^ 1)]);
        }
        // The other kinds read only the sets: premises sharing them share
        // whether any is there.
        let id = self.store.sets_id(p);
        if id.is_some_and(|id| self.barren.get(id) == Some(&true)) {
            return;
        }
        let before = self.offers;
        self.contradictions(p, c0, d0, &on_s, &off_s);
        if let Some(id) = id.filter(|_| self.offers == before) {
            if self.barren.len() <= id {
                self.barren.resize(id + 1, false);
            }
            self.barren[id] = true;
        }
    }

    /// The contradictions of `p` (on `c0`, `d0`) read from its sets
    /// `on_s` and `off_s` alone, in HoDoKu's order.
    fn contradictions(
        &mut self,
        p: Lit,
        c0: usize,
        d0: usize,
        on_s: &[u128; 9],
        off_s: &[u128; 9],
    ) {
        let place = !is_on(p);
        for d in 0..9 {
            let both = on_s[d] & off_s[d];
            if both != 0 {
                let y = both.trailing_zeros() as usize;
                let n = candidate_node(y, d);
                self.offer(false, place, c0, d0, &[(p, off(n)), (p, on(n))]);
            }
        }
        let (mut once, mut twice) = (0u128, 0u128);
        for set in on_s {
            twice |= once & set;
            once |= set;
        }
        if twice != 0 {
            self.two_digits(p, on_s);
        }
        let crowded = crowded(on_s);
        if crowded != 0 {
            self.twice_in_house(p, on_s, crowded);
        }
        let links = self.store.links();
        let mut empty = self.unsolved;
        for d in 0..9 {
            empty &= off_s[d] | !links.places[d];
            empty &= !on_s[d];
        }
        let mut chains = [(0 as Lit, 0 as Lit); 9];
        for y in cells_iter(empty) {
            let mut n = 0;
            for d in bits16(self.store.links().cands[y]) {
                chains[n] = (p, off(candidate_node(y, d)));
                n += 1;
            }
            self.offer(false, place, c0, d0, &chains[..n]);
        }
        self.house_without_place(p, off_s);
    }

    /// Contradictions of `p` by two digits true in one cell.
    fn two_digits(&mut self, p: Lit, on_s: &[u128; 9]) {
        let node = node_of(p);
        let (c0, d0) = ((node / 9) as usize, (node % 9) as usize);
        for d in 0..9 {
            for e in d + 1..9 {
                let both = on_s[d] & on_s[e];
                if both != 0 {
                    let y = both.trailing_zeros() as usize;
                    let pair = [(p, on(candidate_node(y, d))), (p, on(candidate_node(y, e)))];
                    self.offer(false, !is_on(p), c0, d0, &pair);
                }
            }
        }
    }

    /// Contradictions of `p` by a digit true twice in a house, for the
    /// digits in `crowded` (the others are never).
    fn twice_in_house(&mut self, p: Lit, on_s: &[u128; 9], crowded: u16) {
        let node = node_of(p);
        let (c0, d0) = ((node / 9) as usize, (node % 9) as usize);
        let mut chains = [(0 as Lit, 0 as Lit); 9];
        for range in [0..9, 9..18, 18..27] {
            for d in bits16(crowded) {
                for house in &HOUSE_BITS[range.clone()] {
                    let twice = house & on_s[d];
                    if twice & twice.wrapping_sub(1) != 0 {
                        let mut n = 0;
                        for y in cells_iter(twice) {
                            chains[n] = (p, on(candidate_node(y, d)));
                            n += 1;
                        }
                        self.offer(false, !is_on(p), c0, d0, &chains[..n]);
                    }
                }
            }
        }
    }

    /// Contradictions of `p` by a house with every place of a digit false:
    /// a house holding allowed cells of the digit, all of them false (the
    /// digits with none such are told by folding the houses at once).
    fn house_without_place(&mut self, p: Lit, off_s: &[u128; 9]) {
        let mut digits = 0u16;
        for (d, &set) in off_s.iter().enumerate() {
            if set != 0 && self.holding[d] & !nets::houses_holding(self.allowed[d] & !set) != 0 {
                digits |= 1 << d;
            }
        }
        if digits == 0 {
            return;
        }
        let node = node_of(p);
        let (c0, d0) = ((node / 9) as usize, (node % 9) as usize);
        let mut chains = [(0 as Lit, 0 as Lit); 9];
        for range in [0..9, 9..18, 18..27] {
            for d in bits16(digits) {
                for house in &HOUSE_BITS[range.clone()] {
                    let cells = house & self.allowed[d];
                    if cells != 0 && cells & !off_s[d] == 0 {
                        let mut n = 0;
                        for y in cells_iter(cells) {
                            chains[n] = (p, off(candidate_node(y, d)));
                            n += 1;
                        }
                        self.offer(false, !is_on(p), c0, d0, &chains[..n]);
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
                let common = sa[d] & sb[d] & !(1u128 << cell) & self.open_cells(place, d);
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
        // Intersected from the cells whose results can come first; most
        // lists have nothing in common after two or three members.
        let mut on_all: [u128; 9] = std::array::from_fn(|d| self.open_cells(true, d));
        let mut off_all: [u128; 9] = std::array::from_fn(|d| self.open_cells(false, d));
        for &p in list {
            let (on_p, off_p) = (self.store.on(p), self.store.off(p));
            let mut any = 0;
            for d in 0..9 {
                on_all[d] &= on_p[d];
                off_all[d] &= off_p[d];
                any |= on_all[d] | off_all[d];
            }
            if any == 0 {
                return;
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

    /// The cells where a result placing (`place`) or removing digit `d`
    /// can still come first: all of them when every result is wanted, else
    /// those whose [`prefix`] is not above `limit` (the others are not
    /// looked for).
    fn open_cells(&self, place: bool, d: usize) -> u128 {
        self.open[usize::from(place)][d]
    }

    /// Which forms and effects ([`key`]) have been offered.
    fn known(&self) -> Vec<bool> {
        self.index.iter().map(|&i| i != u32::MAX).collect()
    }

    /// The walk's step ([`first`]) among the results kept, which hold all
    /// those that can come first (`limit` set).
    fn first(mut self, group: &[Technique]) -> Option<Step> {
        let limit = self.limit.expect("only the walk's step wanted");
        self.results
            .retain(|r| prefix(r.place, r.cell as usize, r.digit as usize) == limit);
        first_in_walk(self.into_steps().into_iter(), group)
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

/// The step of result `r`, its chains traced in `store`.
/// The digits (bit per digit) true in two cells of `on_s` that see each
/// other.
fn crowded(on_s: &[u128; 9]) -> u16 {
    let mut digits = 0;
    for (d, &set) in on_s.iter().enumerate() {
        if set & set.wrapping_sub(1) != 0 && cells_iter(set).any(|c| PEER_BITS[c] & set != 0) {
            digits |= 1 << d;
        }
    }
    digits
}

fn to_step(store: &impl Source, net: bool, r: Result) -> Step {
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
        step.links.extend(links_of(store.links(), &path));
        step.chains.push(chain_of(store.links(), &path));
        let first = Cell::new(store.links().first_cell(node_of(p))).expect("< 81");
        if !step.cells.contains(&first) {
            step.cells.push(first);
        }
        step.digits
            .insert(Digit::from_index(store.links().describe(node_of(p)).0).expect("< 9"));
    }
    step
}

/// The words of a forcing chain or net step.
pub(crate) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let first = step.chains.first()?;
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
    Some(match step.technique {
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction => {
            let assumed = assumption(step, first)?;
            if es {
                format!(
                    "suponer {assumed} lleva por {kind} a una contradicción ({chains}), así que es falso"
                )
            } else {
                format!(
                    "assuming {assumed} leads through a {kind} to a contradiction ({chains}), so it is false"
                )
            }
        }
        _ => {
            let starts: Vec<String> = step
                .chains
                .iter()
                .map(|c| assumption(step, c))
                .collect::<Option<_>>()?;
            let starts = starts.join(if es { " o " } else { " or " });
            if es {
                format!("sea {starts}, cada {kind} lleva a la misma conclusión ({chains})")
            } else {
                format!("whether {starts}, each {kind} leads to the same conclusion ({chains})")
            }
        }
    })
}

/// What `chain` (one of `step`'s) assumed, as `r1c2=5` or `r1c2<>5`;
/// `None` for a chain without nodes.
///
/// A chain's links say only what each node leads to: in a net, an
/// assumption "on" may lead to an "on" (through singles). What was assumed
/// follows from the step: a contradiction's assumption is the opposite of
/// its conclusion; a verity's chains start from every candidate of a cell
/// or place of a house (all on), or from one candidate on and off (only
/// then the first link tells which).
fn assumption(step: &Step, chain: &crate::logic::Chain) -> Option<String> {
    let contradiction = matches!(
        step.technique,
        Technique::ForcingChainContradiction | Technique::ForcingNetContradiction
    );
    let premise = step.chains.first().and_then(|c| c.nodes.first());
    let one_start = step.chains.iter().all(|c| c.nodes.first() == premise);
    let is_on = if contradiction {
        step.placements.is_empty()
    } else if one_start && step.chains.len() == 2 {
        chain.strong.first().is_none_or(|s| !s)
    } else {
        true
    };
    let n = *chain.nodes.first()?;
    let cell = n
        .cells
        .iter()
        .next()
        .map(|c| c.to_string())
        .unwrap_or_default();
    Some(format!(
        "{cell}{}{}",
        if is_on { "=" } else { "<>" },
        n.digit
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::links::table::Tables as Store;
    use crate::logic::soundness::sample;

    /// The steps of every table traced in full (the plain computation):
    /// chains, then nets.
    fn plain(grid: &Grid, candidates: &Candidates) -> (Vec<Step>, Vec<Step>) {
        let (chains, known) = chain_steps(grid, &*Store::of(candidates, true));
        let nets = net_steps(grid, &grown::store(candidates), &known);
        (chains, nets)
    }

    /// Applies singles while there are any.
    fn singles(grid: &mut Grid, cands: &mut Candidates) {
        let singles = [Technique::NakedSingle, Technique::HiddenSingle];
        while let Some(step) = singles
            .iter()
            .find_map(|&t| crate::logic::find_steps(t, grid, cands).into_iter().next())
        {
            step.apply(grid, cands);
        }
    }

    /// The steps found through the closure and the tables traced on
    /// demand are those of the plain computation, in order, at every
    /// position of walks by singles and forcing chains and nets.
    #[test]
    fn fast_steps_match_the_plain_ones() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(14);
        puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(3));
        puzzles.extend(sample("17_clue_200.txt").into_iter().take(2));
        let (positions, found) = compare_on_walks(puzzles, |_| ());
        assert!(positions > 50 && found > 100, "{positions} {found}");
    }

    /// With the nice loops asked first on each position, the chain
    /// tables take their graph and components: the steps are still those
    /// of the plain computation, in order.
    #[test]
    fn steps_on_the_nice_loops_graph_match_the_plain_ones() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(10);
        puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(3));
        let (positions, found) = compare_on_walks(puzzles, |cands| {
            crate::logic::chains::nice_loops::all(cands, false);
            assert!(crate::logic::chains::nice_loops::last_full(cands).is_some());
        });
        assert!(positions > 40 && found > 100, "{positions} {found}");
    }

    /// The walk's step found alone ([`first`]) is the first of all the
    /// steps of the plain computation in the walk's order, for chains and
    /// nets, with either order of the forms, whatever the cache holds: the
    /// full lists asked before or not, the chains asked before the nets or
    /// not (then the nets look for the chains' forms and effects, in full
    /// when the chains have results).
    #[test]
    fn first_is_the_first_of_all_steps() {
        use Technique::*;
        let groups = [
            [ForcingChainContradiction, ForcingChainVerity],
            [ForcingChainVerity, ForcingChainContradiction],
            [ForcingNetContradiction, ForcingNetVerity],
            [ForcingNetVerity, ForcingNetContradiction],
        ];
        let forget = || LAST.with(|l| *l.borrow_mut() = None);
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(12);
        puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(3));
        puzzles.extend(sample("17_clue_200.txt").into_iter().take(2));
        let (mut firsts, mut nets_after_chains) = (0, 0);
        let positions = on_walks(puzzles, |grid, cands, chains, nets| {
            for (k, group) in groups.iter().enumerate() {
                let net = k >= 2;
                let steps = if net { nets } else { chains };
                let mut expected: Vec<Step> = group
                    .iter()
                    .flat_map(|&t| steps.iter().filter(move |s| s.technique == t))
                    .cloned()
                    .collect();
                expected.sort_by_key(crate::logic::hodoku_key);
                let expected = expected.into_iter().next();
                firsts += usize::from(expected.is_some());
                forget();
                assert_eq!(first(grid, cands, net, group), expected);
                // Asked again, from the cache.
                assert_eq!(first(grid, cands, net, group), expected);
                forget();
                all(grid, cands, net);
                assert_eq!(first(grid, cands, net, group), expected);
                if net {
                    forget();
                    first(grid, cands, false, &groups[0]);
                    nets_after_chains += usize::from(!chains.is_empty());
                    assert_eq!(first(grid, cands, net, group), expected);
                    assert_eq!(*all(grid, cands, true), nets);
                    assert_eq!(*all(grid, cands, false), chains);
                }
            }
        });
        assert!(
            positions > 50 && firsts > 150 && nets_after_chains > 40,
            "{positions} {firsts} {nets_after_chains}"
        );
    }

    /// The walk's step through [`crate::logic::solver::Position::advance`]
    /// (which asks [`first`]) is the first productive step of the sorted
    /// lists, along walks by chains and nets.
    #[test]
    fn advance_takes_the_first_of_all_steps() {
        use crate::logic::solver::Position;
        use Technique::*;
        let order = [
            ForcingChainContradiction,
            ForcingChainVerity,
            ForcingNetContradiction,
            ForcingNetVerity,
        ];
        let mut moves = 0;
        for puzzle in sample("top1465_200.txt").iter().take(10) {
            let mut pos = Position::new(puzzle);
            for _ in 0..10 {
                singles(&mut pos.grid, &mut pos.candidates);
                let mut expected = None;
                for group in order.chunks(2) {
                    let mut steps: Vec<Step> = group
                        .iter()
                        .flat_map(|&t| crate::logic::find_steps(t, &pos.grid, &pos.candidates))
                        .collect();
                    steps.sort_by_key(crate::logic::hodoku_key);
                    let mut probe = pos;
                    if let Some(s) = steps.into_iter().find(|s| probe.apply(s)) {
                        expected = Some(s);
                        break;
                    }
                }
                LAST.with(|l| *l.borrow_mut() = None);
                let step = pos.advance(&order);
                assert_eq!(step, expected);
                if step.is_none() {
                    break;
                }
                moves += 1;
            }
        }
        assert!(moves > 40, "{moves}");
    }

    /// Walks each puzzle by singles and the first of its forcing chain and
    /// net steps (up to 12 positions), calling `at` with each position and
    /// its chains and nets by the plain computation; returns the positions.
    fn on_walks(
        puzzles: Vec<Grid>,
        mut at: impl FnMut(&Grid, &Candidates, &[Step], &[Step]),
    ) -> usize {
        let mut positions = 0;
        for puzzle in puzzles {
            let mut grid = puzzle;
            let mut cands = Candidates::from_grid(&grid);
            for _ in 0..12 {
                singles(&mut grid, &mut cands);
                if grid.is_full() {
                    break;
                }
                let (chains, nets) = plain(&grid, &cands);
                at(&grid, &cands, &chains, &nets);
                positions += 1;
                let Some(step) = chains.iter().chain(&nets).next() else {
                    break;
                };
                step.apply(&mut grid, &mut cands);
            }
        }
        positions
    }

    /// Walks each puzzle ([`on_walks`]), running `before` on each position
    /// and then asserting that the chains and nets asked for are the plain
    /// computation's, in order; returns the positions compared and the
    /// steps found.
    fn compare_on_walks(puzzles: Vec<Grid>, before: impl Fn(&Candidates)) -> (usize, usize) {
        let mut found = 0;
        let positions = on_walks(puzzles, |grid, cands, chains, nets| {
            before(cands);
            assert_eq!(*all(grid, cands, false), chains, "{}", grid.to_line());
            assert_eq!(*all(grid, cands, true), nets, "{}", grid.to_line());
            found += chains.len() + nets.len();
        });
        (positions, found)
    }
}
