//! The tables of forcing nets: what follows from an assumption when it is
//! propagated through singles, as HoDoKu's `getTableEntry` does it (the
//! assumption, then four rounds of every naked and hidden single), joined
//! transitively like the chain tables (each consequence brings what it
//! implies on its own), with HoDoKu's group links.

use super::tables::Directs;
#[cfg(test)]
use super::tables::Traced;
#[cfg(test)]
use crate::candidates::Candidates;
use crate::logic::links::graph::Graph;
#[cfg(test)]
use crate::logic::links::table::Tables as Store;
use crate::logic::links::{
    CANDIDATE_NODES, Links, Lit, bits16, candidate_node, cells_iter, is_on, node_of, off, on,
};
use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};

/// HoDoKu's look-ahead: rounds of singles after the assumption.
const ROUNDS: usize = 4;

/// A set of literals as bitboards.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct LitSet {
    on: [u128; 9],
    off: [u128; 9],
    group_on: [u64; 9],
    group_off: [u64; 9],
}

impl LitSet {
    fn insert(&mut self, links: &Links, lit: Lit) -> bool {
        let node = node_of(lit);
        let (set, bit): (&mut u128, u128) = if node < CANDIDATE_NODES {
            let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
            let s = if is_on(lit) {
                &mut self.on[d]
            } else {
                &mut self.off[d]
            };
            (s, 1u128 << cell)
        } else {
            let g = (node - CANDIDATE_NODES) as usize;
            let d = links.groups[g].digit as usize;
            let local = links.group_local[g];
            let s = if is_on(lit) {
                &mut self.group_on[d]
            } else {
                &mut self.group_off[d]
            };
            // Group bits live in the low 64 bits of a scratch u128.
            let mut wide = u128::from(*s);
            let fresh = wide >> local & 1 == 0;
            wide |= 1 << local;
            *s = wide as u64;
            return fresh;
        };
        let fresh = *set & bit == 0;
        *set |= bit;
        fresh
    }
}

/// The propagation state of one assumption.
struct State {
    cands: [u16; 81],
    places: [u128; 9],
    found: Vec<Lit>,
    seen: LitSet,
    /// Per digit, the houses holding it once ([`lone_houses`]), up to
    /// date for the digits not in `dirty`.
    lone: [u128; 9],
    /// The digits whose places changed since `lone` was brought up to date.
    dirty: u16,
}

impl State {
    /// The state of `links`' position, whose [`lone_houses`] are `lone`.
    fn new(links: &Links, lone: &[u128; 9]) -> State {
        State {
            cands: links.cands,
            places: links.places,
            found: Vec::new(),
            seen: LitSet::default(),
            lone: *lone,
            dirty: 0,
        }
    }

    fn record(&mut self, links: &Links, lit: Lit) {
        if self.seen.insert(links, lit) {
            self.found.push(lit);
        }
    }

    /// [`State::record`] for candidate `d` in `cell`, set (`on_`) or not.
    fn record_candidate(&mut self, cell: usize, d: usize, on_: bool) {
        let set = if on_ {
            &mut self.seen.on[d]
        } else {
            &mut self.seen.off[d]
        };
        if *set >> cell & 1 == 0 {
            *set |= 1 << cell;
            let node = candidate_node(cell, d);
            self.found.push(if on_ { on(node) } else { off(node) });
        }
    }

    /// Sets `d` in `cell`, recording what it removes.
    fn set(&mut self, original: &[u128; 9], cell: usize, d: usize) {
        self.record_candidate(cell, d, true);
        // The peers' removals not recorded yet, in the order of cells.
        let fresh = original[d] & PEER_BITS[cell] & !self.seen.off[d];
        self.seen.off[d] |= fresh;
        self.found
            .extend(cells_iter(fresh).map(|c| off(candidate_node(c, d))));
        for d2 in bits16(self.cands[cell] & !(1 << d)) {
            self.record_candidate(cell, d2, false);
        }
        for d2 in bits16(self.cands[cell]) {
            self.places[d2] &= !(1 << cell);
        }
        self.dirty |= self.cands[cell] | 1 << d;
        self.cands[cell] = 0;
        for c in cells_iter(self.places[d] & PEER_BITS[cell]) {
            self.cands[c] &= !(1 << d);
        }
        self.places[d] &= !PEER_BITS[cell];
    }

    /// The naked and hidden singles of the current state, into `out`:
    /// naked singles by cell, then hidden singles by house and digit, each
    /// (cell, digit) once.
    fn singles(&mut self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        // Cells with one candidate, counted across the digits' bitboards.
        let (mut once, mut twice) = (0u128, 0u128);
        for &p in &self.places {
            twice |= once & p;
            once |= p;
        }
        let mut listed = [0u128; 9];
        for cell in cells_iter(once & !twice) {
            let d = self.cands[cell].trailing_zeros() as usize;
            listed[d] |= 1 << cell;
            out.push((cell, d));
        }
        // House by house, digit by digit, as a plain scan goes: rows,
        // columns, then boxes, each in its own bits of the lone sets.
        for d in bits16(self.dirty) {
            self.lone[d] = lone_houses(self.places[d]);
        }
        self.dirty = 0;
        let any = self.lone.iter().fold(0, |a, &l| a | l);
        for (part, first) in [
            (ROW_STARTS, 0),
            (0x1ff << COLS_AT, 9),
            (BOX_STARTS << 1, 18),
        ] {
            let mut bits = any & part;
            while bits != 0 {
                let at = bits.trailing_zeros();
                bits &= bits - 1;
                let house = house_at(first, at);
                for (d, seen) in listed.iter_mut().enumerate() {
                    if self.lone[d] >> at & 1 == 1 {
                        let m = HOUSE_BITS[house] & self.places[d];
                        if *seen & m == 0 {
                            *seen |= m;
                            out.push((m.trailing_zeros() as usize, d));
                        }
                    }
                }
            }
        }
    }
}

/// Where the columns' bits of a lone set start (rows and boxes use the
/// first cells of theirs, boxes shifted by one).
const COLS_AT: u32 = 82;

/// The house index of bit `at` of a lone set, in the part whose first
/// house is `first` (0 rows, 9 columns, 18 boxes).
fn house_at(first: usize, at: u32) -> usize {
    let at = at as usize;
    match first {
        0 => at / 9,
        9 => 9 + at - COLS_AT as usize,
        _ => 18 + (at - 1) / 27 * 3 + (at - 1) % 9 / 3,
    }
}

/// The first cell of each row (bits 0, 9, ..., 72).
const ROW_STARTS: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

/// The first cell of each box (bits 0, 3, 6, 27, ..., 60).
const BOX_STARTS: u128 = {
    let mut m = 0u128;
    let mut b = 0;
    while b < 9 {
        m |= 1 << (27 * (b / 3) + 3 * (b % 3));
        b += 1;
    }
    m
};

/// The houses in which `places` has exactly one cell, as a lone set: a
/// row's bit is its first cell, a box's the one after its first cell, a
/// column's [`COLS_AT`] plus its index. The cells of every house are folded
/// onto its first cell at once, counting to two ([`Count::join`]), in a
/// few shifts (rows and boxes share their runs of three cells).
fn lone_houses(places: u128) -> u128 {
    let one = Count::of(places);
    // Each bit counts the cells from it on: two, three, then a row's and
    // a box's three runs of three.
    let two = one.join(one, 1);
    let three = two.join(one, 2);
    let rows = three.join(three, 3).join(three, 6);
    let boxes = three.join(three, 9).join(three, 18);
    // Two, four, eight, nine rows.
    let two = one.join(one, 9);
    let four = two.join(two, 18);
    let cols = four.join(four, 36).join(one, 72);
    (rows.lone() & ROW_STARTS) | (boxes.lone() & BOX_STARTS) << 1 | (cols.lone() & 0x1ff) << COLS_AT
}

/// Per bit, how many cells of a range starting there a set holds,
/// counted to two.
#[derive(Clone, Copy)]
struct Count {
    /// At least one.
    once: u128,
    /// At least two.
    twice: u128,
}

impl Count {
    /// Each cell of `cells` alone.
    fn of(cells: u128) -> Count {
        Count {
            once: cells,
            twice: 0,
        }
    }

    /// This count's range followed by `other`'s starting `shift` cells
    /// later (the ranges do not overlap).
    fn join(self, other: Count, shift: u32) -> Count {
        let (once, twice) = (other.once >> shift, other.twice >> shift);
        Count {
            once: self.once | once,
            twice: self.twice | twice | self.once & once,
        }
    }

    /// The bits whose range holds exactly one cell.
    fn lone(self) -> u128 {
        self.once & !self.twice
    }
}

/// The houses in which `cells` has a cell, as a lone set
/// ([`lone_houses`]): the cells of every house are folded onto its first
/// cell at once.
pub(super) fn houses_holding(cells: u128) -> u128 {
    let mut rows = cells | cells >> 1;
    rows |= rows >> 2;
    rows |= rows >> 4;
    rows |= cells >> 8;
    let mut cols = cells | cells >> 9;
    cols |= cols >> 18;
    cols |= cols >> 36;
    cols |= cells >> 72;
    let thirds = cells | cells >> 1 | cells >> 2;
    let boxes = thirds | thirds >> 9 | thirds >> 18;
    (rows & ROW_STARTS) | (boxes & BOX_STARTS) << 1 | (cols & 0x1ff) << COLS_AT
}

/// The direct (single-propagated) consequences of `premise`, in order,
/// into `found` (`singles`: scratch).
fn direct(
    links: &Links,
    lone: &[u128; 9],
    premise: Lit,
    found: &mut Vec<Lit>,
    singles: &mut Vec<(usize, usize)>,
) {
    let node = node_of(premise);
    let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
    let mut state = State::new(links, lone);
    state.found = std::mem::take(found);
    state.found.clear();
    state.seen.insert(links, premise);
    if is_on(premise) {
        state.seen = LitSet::default();
        state.set(&links.places, cell, d);
    } else {
        state.cands[cell] &= !(1 << d);
        state.places[d] &= !(1 << cell);
        state.dirty |= 1 << d;
        if state.cands[cell].count_ones() == 1 {
            let d2 = state.cands[cell].trailing_zeros() as usize;
            state.set(&links.places, cell, d2);
        }
    }
    for _ in 0..ROUNDS {
        state.singles(singles);
        if singles.is_empty() {
            break;
        }
        for &(c, v) in singles.iter() {
            if state.cands[c] != 0 {
                state.set(&links.places, c, v);
            }
        }
    }
    // HoDoKu adds the group links of the candidate after its own entries.
    links.successors(premise, |l| {
        if node_of(l) >= CANDIDATE_NODES {
            state.record(links, l);
        }
    });
    state.found.retain(|&l| l != premise);
    *found = state.found;
}

/// The direct tables of every literal of `graph` (of `links`): the
/// single-propagated consequences of each candidate literal, the graph's
/// successors of each group literal.
pub(super) fn directs(links: &Links, graph: &Graph) -> Directs {
    let lone = links.places.map(lone_houses);
    let mut directs = Directs {
        spans: Vec::with_capacity(graph.len()),
        arena: Vec::new(),
    };
    let (mut found, mut singles) = (Vec::new(), Vec::new());
    for i in 0..graph.len() as u16 {
        let start = directs.arena.len() as u32;
        if (i as usize) < graph.candidate_lits() {
            direct(links, &lone, graph.lit(i), &mut found, &mut singles);
            directs
                .arena
                .extend(found.iter().map(|&l| graph.dense(l).expect("a literal")));
        } else {
            directs.arena.extend_from_slice(graph.successors(i));
        }
        directs.spans.push((start, directs.arena.len() as u32));
    }
    directs
}

/// The net tables of every candidate literal, each traced in full: the
/// plain computation [`super::tables::Tables`] is checked against.
#[cfg(test)]
pub(crate) fn store(candidates: &Candidates) -> Store {
    let links = Links::new(candidates, true);
    let graph = Graph::new(&links);
    let directs = directs(&links, &graph);
    let mut store = Store::new(links);
    for i in 0..graph.candidate_lits() as u16 {
        let table = Traced::new(&graph, |j| directs.of(j), i);
        let (mut on_s, mut off_s) = ([0u128; 9], [0u128; 9]);
        for e in &table.entries {
            let k = graph.dense(e.lit).expect("a literal");
            if (k as usize) < graph.candidate_lits() {
                let (cell, d) = graph.cell_digit(k);
                let set = if k & 1 == 1 { &mut on_s } else { &mut off_s };
                set[d] |= 1 << cell;
            }
        }
        store.record(graph.lit(i), &table.entries, on_s, off_s);
    }
    store
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::sample;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The houses holding each digit once, by a test per house.
    fn lone_by_scan(places: u128) -> u128 {
        let mut out = 0;
        for (h, &house) in HOUSE_BITS.iter().enumerate() {
            if (house & places).count_ones() == 1 {
                let at = match h {
                    0..9 => 9 * h,
                    9..18 => COLS_AT as usize + h - 9,
                    _ => 1 + 27 * ((h - 18) / 3) + 3 * ((h - 18) % 3),
                };
                assert_eq!(house_at(h / 9 * 9, at as u32), h);
                out |= 1 << at;
            }
        }
        out
    }

    /// The singles of `state` as the plain scan lists them: naked by
    /// cell, then hidden house by house, digit by digit.
    fn singles_by_scan(state: &State) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut listed = [0u128; 9];
        for cell in 0..81 {
            if state.cands[cell].count_ones() == 1 {
                let d = state.cands[cell].trailing_zeros() as usize;
                listed[d] |= 1 << cell;
                out.push((cell, d));
            }
        }
        for house in HOUSE_BITS {
            for (d, &places) in state.places.iter().enumerate() {
                let m = house & places;
                if m.count_ones() == 1 && listed[d] & m == 0 {
                    listed[d] |= m;
                    out.push((m.trailing_zeros() as usize, d));
                }
            }
        }
        out
    }

    /// The folded count agrees with a test per house on sparse, dense and
    /// random cell sets.
    #[test]
    fn lone_houses_match_a_scan_per_house() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x9e37_79b9_7f4a_7c15);
        let all = (1u128 << 81) - 1;
        let mut lone = 0;
        for k in 0..20_000 {
            let a = rng.random::<u128>();
            let b = rng.random::<u128>();
            let places = match k % 3 {
                0 => a & b & all,
                1 => a & all,
                _ => (a | b) & all,
            };
            assert_eq!(lone_houses(places), lone_by_scan(places), "{places:x}");
            lone += lone_houses(places).count_ones();
        }
        assert!(lone > 10_000);
    }

    /// The houses holding a cell agree with a test per house.
    #[test]
    fn houses_holding_match_a_scan_per_house() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x2545_f491_4f6c_dd1d);
        let all = (1u128 << 81) - 1;
        for k in 0..20_000 {
            let a = rng.random::<u128>();
            let b = rng.random::<u128>();
            let c = rng.random::<u128>();
            let cells = match k % 3 {
                0 => a & b & c & all,
                1 => a & b & all,
                _ => a & all,
            };
            let mut want = 0;
            for (h, &house) in HOUSE_BITS.iter().enumerate() {
                if house & cells != 0 {
                    want |= 1
                        << match h {
                            0..9 => 9 * h,
                            9..18 => COLS_AT as usize + h - 9,
                            _ => 1 + 27 * ((h - 18) / 3) + 3 * ((h - 18) % 3),
                        };
                }
            }
            assert_eq!(houses_holding(cells), want, "{cells:x}");
        }
    }

    /// The singles found while propagating every assumption of real
    /// positions come in the plain scan's order.
    #[test]
    fn singles_match_the_plain_scan() {
        let mut compared = 0;
        for puzzle in sample("top1465_200.txt").iter().take(8) {
            let links = Links::new(&Candidates::from_grid(puzzle), false);
            for cell in 0..81 {
                for d in bits16(links.cands[cell]) {
                    let mut state = State::new(&links, &links.places.map(lone_houses));
                    state.set(&links.places, cell, d);
                    let mut singles = Vec::new();
                    for _ in 0..ROUNDS {
                        state.singles(&mut singles);
                        assert_eq!(singles, singles_by_scan(&state));
                        compared += singles.len();
                        for &(c, v) in &singles {
                            if state.cands[c] != 0 {
                                state.set(&links.places, c, v);
                            }
                        }
                    }
                }
            }
        }
        assert!(compared > 1000, "{compared}");
    }
}
