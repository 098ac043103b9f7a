//! The tables of forcing nets: what follows from an assumption when it is
//! propagated through singles, as HoDoKu's `getTableEntry` does it (the
//! assumption, then four rounds of every naked and hidden single), joined
//! transitively like the chain tables (each consequence brings what it
//! implies on its own), with HoDoKu's group links.

use crate::candidates::Candidates;
use crate::logic::links::table::Tables as Store;
use crate::logic::links::table::{Entry, MAX_ENTRIES};
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
}

impl State {
    fn record(&mut self, links: &Links, lit: Lit) {
        if self.seen.insert(links, lit) {
            self.found.push(lit);
        }
    }

    /// Sets `d` in `cell`, recording what it removes.
    fn set(&mut self, links: &Links, original: &[u128; 9], cell: usize, d: usize) {
        self.record(links, on(candidate_node(cell, d)));
        for c in cells_iter(original[d] & PEER_BITS[cell]) {
            self.record(links, off(candidate_node(c, d)));
        }
        for d2 in bits16(self.cands[cell] & !(1 << d)) {
            self.record(links, off(candidate_node(cell, d2)));
        }
        for d2 in bits16(self.cands[cell]) {
            self.places[d2] &= !(1 << cell);
        }
        self.cands[cell] = 0;
        for c in cells_iter(self.places[d] & PEER_BITS[cell]) {
            self.cands[c] &= !(1 << d);
        }
        self.places[d] &= !PEER_BITS[cell];
    }

    /// The naked and hidden singles of the current state.
    fn singles(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for cell in 0..81 {
            if self.cands[cell].count_ones() == 1 {
                out.push((cell, self.cands[cell].trailing_zeros() as usize));
            }
        }
        for house in HOUSE_BITS {
            for (d, &places) in self.places.iter().enumerate() {
                let m = house & places;
                if m.count_ones() == 1 {
                    let cell = m.trailing_zeros() as usize;
                    if !out.contains(&(cell, d)) {
                        out.push((cell, d));
                    }
                }
            }
        }
        out
    }
}

/// The direct (single-propagated) consequences of `premise`, in order.
fn direct(links: &Links, premise: Lit) -> Vec<Lit> {
    let node = node_of(premise);
    let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
    let mut state = State {
        cands: links.cands,
        places: links.places,
        found: Vec::new(),
        seen: LitSet::default(),
    };
    state.seen.insert(links, premise);
    if is_on(premise) {
        state.seen = LitSet::default();
        state.set(links, &links.places, cell, d);
    } else {
        state.cands[cell] &= !(1 << d);
        state.places[d] &= !(1 << cell);
        if state.cands[cell].count_ones() == 1 {
            let d2 = state.cands[cell].trailing_zeros() as usize;
            state.set(links, &links.places, cell, d2);
        }
    }
    for _ in 0..ROUNDS {
        let singles = state.singles();
        if singles.is_empty() {
            break;
        }
        for (c, v) in singles {
            if state.cands[c] != 0 {
                state.set(links, &links.places, c, v);
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
    state.found
}

/// The net tables of every candidate literal.
pub(crate) fn store(candidates: &Candidates) -> Store {
    let links = Links::new(candidates, true);
    let mut store = Store::new(links.clone());
    let node_count = links.node_count();
    let mut directs: Vec<Option<Vec<Lit>>> = vec![None; 2 * node_count];
    let mut entries: Vec<Entry> = Vec::with_capacity(MAX_ENTRIES);
    for cell in 0..81 {
        for d in bits16(links.cands[cell]) {
            for premise in [on(candidate_node(cell, d)), off(candidate_node(cell, d))] {
                let (on_s, off_s) = closure(&links, premise, &mut directs, &mut entries);
                store.record(premise, &entries, on_s, off_s);
            }
        }
    }
    store
}

/// The transitive closure of `premise` over the direct tables.
fn closure(
    links: &Links,
    premise: Lit,
    directs: &mut [Option<Vec<Lit>>],
    entries: &mut Vec<Entry>,
) -> ([u128; 9], [u128; 9]) {
    entries.clear();
    let mut seen = LitSet::default();
    seen.insert(links, premise);
    entries.push(Entry {
        lit: premise,
        parent: 0,
        depth: 0,
    });
    let mut i = 0;
    while i < entries.len() {
        let Entry { lit, depth, .. } = entries[i];
        let slot = lit as usize;
        if directs[slot].is_none() {
            directs[slot] = Some(if node_of(lit) < CANDIDATE_NODES {
                direct(links, lit)
            } else {
                let mut v = Vec::new();
                links.successors(lit, |l| v.push(l));
                v
            });
        }
        for &next in directs[slot].as_ref().expect("computed") {
            if entries.len() >= MAX_ENTRIES {
                break;
            }
            if seen.insert(links, next) {
                entries.push(Entry {
                    lit: next,
                    parent: i as u16,
                    depth: depth + 1,
                });
            }
        }
        i += 1;
    }
    (seen.on, seen.off)
}
