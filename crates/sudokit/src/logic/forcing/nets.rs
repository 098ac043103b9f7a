//! The tables of forcing nets: what follows from an assumption when it is
//! propagated through singles, as HoDoKu's `getTableEntry` does it (the
//! assumption, then four rounds of every naked and hidden single, taken
//! from its queues of singles: [`Grid2`]), joined transitively like the
//! chain tables (each consequence brings what it implies on its own), with
//! HoDoKu's group links.

use super::tables::Directs;
#[cfg(test)]
use super::tables::Traced;
#[cfg(test)]
use crate::candidates::Candidates;
use crate::candidates::HOUSE_CELLS;
use crate::logic::links::graph::Graph;
#[cfg(test)]
use crate::logic::links::table::Tables as Store;
use crate::logic::links::{
    CANDIDATE_NODES, Links, Lit, bits16, candidate_node, cells_iter, houses, is_on, node_of, off,
    on,
};
use crate::logic::single_digit::PEER_BITS;

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

/// HoDoKu's grid (`Sudoku2`) as an assumption of a net changes it, with
/// its queues of naked and hidden singles, which the look-ahead reads
/// (`SimpleSolver.findAllNakedSingles`, `findAllHiddenSingles`) without
/// ever taking an entry off. The queues are not the grid: an entry stays
/// when its single no longer holds (a cell left with one candidate that
/// then loses it, a hidden single whose cell loses the digit), and such
/// an entry is taken again in every later round while its cell is empty.
/// Once an assumption leads to a contradiction this decides what the
/// table holds.
#[derive(Clone)]
struct Grid2 {
    /// Candidate bits per cell (bit `d` for 0-based digit `d`); 0 once set.
    cells: [u16; 81],
    /// Per cell, 1 + the digit set, 0 while empty.
    values: [u8; 81],
    /// Per house (rows, columns, boxes) and digit, HoDoKu's count of the
    /// cells holding it (`free`): not lowered when a cell loses its last
    /// candidate, so it may run ahead of the grid after a contradiction.
    free: [[i8; 9]; 27],
    /// The naked-single queue: (cell, digit), oldest first.
    naked: Vec<(u8, u8)>,
    /// The hidden-single queue: (cell, digit), oldest first.
    hidden: Vec<(u8, u8)>,
}

impl Grid2 {
    /// The position of `links`, its queues empty (the walk has taken every
    /// single before it asks for nets).
    fn new(links: &Links) -> Grid2 {
        let mut free = [[0i8; 9]; 27];
        let mut values = [0u8; 81];
        for (cell, &cands) in links.cands.iter().enumerate() {
            if cands == 0 {
                // Solved before: never queued, so its value is not read.
                values[cell] = 10;
            }
            for d in bits16(cands) {
                for h in houses(cell) {
                    free[h][d] += 1;
                }
            }
        }
        Grid2 {
            cells: links.cands,
            values,
            free,
            naked: Vec::new(),
            hidden: Vec::new(),
        }
    }

    /// Queues the first cell of house `h` holding `d` (`addHiddenSingle`).
    fn add_hidden(&mut self, h: usize, d: usize) {
        if let Some(&c) = HOUSE_CELLS[h]
            .iter()
            .find(|&&c| self.cells[c as usize] >> d & 1 == 1)
        {
            self.hidden.push((c, d as u8));
        }
    }

    /// Drops the oldest queued hidden single of `d` in house `h`
    /// (`deleteHiddenSingle`).
    fn delete_hidden(&mut self, h: usize, d: usize) {
        if let Some(k) = self
            .hidden
            .iter()
            .position(|&(c, e)| e as usize == d && houses(c as usize).contains(&h))
        {
            self.hidden.remove(k);
        }
    }

    /// Removes `d` from `cell` (`setCandidate(index, value, false)`): a
    /// cell left with one candidate joins the naked queue, a house left
    /// with one place the hidden queue; a cell losing its last candidate
    /// changes nothing else.
    fn remove(&mut self, cell: usize, d: usize) {
        if self.cells[cell] >> d & 1 == 0 {
            return;
        }
        self.cells[cell] &= !(1 << d);
        if self.cells[cell] == 0 {
            return;
        }
        if self.cells[cell].count_ones() == 1 {
            let last = self.cells[cell].trailing_zeros() as u8;
            self.naked.push((cell as u8, last));
        }
        for h in houses(cell) {
            self.free[h][d] -= 1;
            match self.free[h][d] {
                1 => self.add_hidden(h, d),
                0 => self.delete_hidden(h, d),
                _ => {}
            }
        }
    }

    /// Sets `d` in `cell` (`setCell`), unless it holds `d` already (a cell
    /// set to another digit is set again): `d` leaves the peers in cell
    /// order, then the cell's candidates leave its houses.
    fn place(&mut self, cell: usize, d: usize) {
        if self.values[cell] as usize == d + 1 {
            return;
        }
        self.values[cell] = d as u8 + 1;
        let own = self.cells[cell];
        self.cells[cell] = 0;
        for peer in cells_iter(PEER_BITS[cell]) {
            self.remove(peer, d);
        }
        for e in bits16(own) {
            for h in houses(cell) {
                self.free[h][e] -= 1;
                if self.free[h][e] == 1 && e != d {
                    self.add_hidden(h, e);
                }
            }
        }
    }

    /// The singles of one round of the look-ahead, in the order HoDoKu
    /// sets them, into `out`: the queued naked singles whose cell is still
    /// empty, then the queued hidden singles whose cell is empty and has a
    /// house with one place of the digit left (one per cell), each in
    /// queue order (HoDoKu's sort leaves singles of different cells as
    /// they are).
    fn singles(&self, out: &mut Vec<(usize, usize)>) {
        out.clear();
        for &(c, d) in &self.naked {
            if self.values[c as usize] == 0 {
                out.push((c as usize, d as usize));
            }
        }
        let mut found = 0u128;
        for &(c, d) in &self.hidden {
            let (c, d) = (c as usize, d as usize);
            if self.values[c] == 0
                && found >> c & 1 == 0
                && houses(c).iter().any(|&h| self.free[h][d] == 1)
            {
                found |= 1 << c;
                out.push((c, d));
            }
        }
    }
}

/// The literals of one assumption's direct table, in HoDoKu's order, each
/// once.
struct Found {
    list: Vec<Lit>,
    seen: LitSet,
}

impl Found {
    fn record(&mut self, links: &Links, lit: Lit) {
        if self.seen.insert(links, lit) {
            self.list.push(lit);
        }
    }

    /// Records `d` set in `cell` on `grid` as HoDoKu's table does
    /// (`TablingSolver.setCell`): the placement, then the removal of `d`
    /// from every peer that held it in the position (`original`: the
    /// position's places), in cell order, then the removal of the cell's
    /// other candidates left on `grid`.
    fn set(&mut self, links: &Links, grid: &mut Grid2, cell: usize, d: usize) {
        let own = grid.cells[cell];
        grid.place(cell, d);
        self.record(links, on(candidate_node(cell, d)));
        for c in cells_iter(links.places[d] & PEER_BITS[cell]) {
            self.record(links, off(candidate_node(c, d)));
        }
        for e in bits16(own & !(1 << d)) {
            self.record(links, off(candidate_node(cell, e)));
        }
    }
}

/// Where the columns' bits of a lone set ([`houses_holding`]) start (rows
/// and boxes use the first cells of theirs, boxes shifted by one).
const COLS_AT: u32 = 82;

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

/// The houses in which `cells` has a cell, as a lone set: a row's bit is
/// its first cell, a box's the one after its first cell, a column's
/// [`COLS_AT`] plus its index; the cells of every house are folded onto
/// its first cell at once.
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
/// into `found` (`start`: the position of `links` as [`Grid2::new`]
/// makes it; `singles`: scratch).
fn direct(
    links: &Links,
    start: &Grid2,
    premise: Lit,
    found: &mut Vec<Lit>,
    singles: &mut Vec<(usize, usize)>,
) {
    let node = node_of(premise);
    let (cell, d) = ((node / 9) as usize, (node % 9) as usize);
    let mut grid = start.clone();
    let mut table = Found {
        list: std::mem::take(found),
        seen: LitSet::default(),
    };
    table.list.clear();
    if is_on(premise) {
        table.set(links, &mut grid, cell, d);
    } else {
        grid.remove(cell, d);
        table.record(links, premise);
        if grid.cells[cell].count_ones() == 1 {
            let last = grid.cells[cell].trailing_zeros() as usize;
            table.set(links, &mut grid, cell, last);
        }
    }
    for _ in 0..ROUNDS {
        grid.singles(singles);
        for &(c, v) in singles.iter() {
            table.set(links, &mut grid, c, v);
        }
    }
    // HoDoKu adds the group links of the candidate after its own entries.
    links.successors(premise, |l| {
        if node_of(l) >= CANDIDATE_NODES {
            table.record(links, l);
        }
    });
    table.list.retain(|&l| l != premise);
    *found = table.list;
}

/// The direct tables of every literal of `graph` (of `links`): the
/// single-propagated consequences of each candidate literal, the graph's
/// successors of each group literal.
pub(super) fn directs(links: &Links, graph: &Graph) -> Directs {
    let mut directs = Directs {
        spans: Vec::with_capacity(graph.len()),
        arena: Vec::new(),
    };
    let (mut found, mut singles) = (Vec::new(), Vec::new());
    let grid = Grid2::new(links);
    for i in 0..graph.len() as u16 {
        let start = directs.arena.len() as u32;
        if (i as usize) < graph.candidate_lits() {
            direct(links, &grid, graph.lit(i), &mut found, &mut singles);
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
    use crate::logic::single_digit::HOUSE_BITS;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

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

    /// A position from pencil marks, cell by cell: one digit for a solved
    /// cell, the candidates otherwise.
    fn position(marks: &str) -> (crate::grid::Grid, Candidates) {
        use crate::grid::{Cell, Digit, Grid};
        let marks: Vec<&str> = marks.split_whitespace().collect();
        assert_eq!(marks.len(), 81);
        let mut grid = Grid::empty();
        for (i, m) in marks.iter().enumerate() {
            if m.len() == 1 {
                grid.set(Cell::new(i).unwrap(), Digit::new(m.parse().unwrap()));
            }
        }
        let mut cands = Candidates::from_grid(&grid);
        for (i, m) in marks.iter().enumerate() {
            if m.len() > 1 {
                let set = m.bytes().map(|b| Digit::new(b - b'0').unwrap()).collect();
                cands.set(Cell::new(i).unwrap(), set);
            }
        }
        (grid, cands)
    }

    /// top1465 #303 (`......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7....`)
    /// after its skyscraper. Assuming r8c2=3 is false: in HoDoKu's second
    /// round r5c8=9 leaves r5c1 with 4 alone (queued) before r7c1=4 takes
    /// that 4 too; the stale entry sets r5c1=4 in the third round, with
    /// r6c1=7, r4c2=5 and r6c2=5, and the table never reaches r6c9=7 (nor
    /// r1c4<>3 from it). So HoDoKu's first net removes 3 from r1c6, not
    /// from r1c4.
    #[test]
    fn net_tables_take_hodokus_stale_queued_singles() {
        use crate::logic::Technique;
        let (grid, cands) = position(
            "239 39 6 3458 4589 2345 7 2489 1 1279 79 4 1678 1689 26 5 3 289 \
             12379 8 5 1347 149 234 49 6 249 6 3457 2 9 458 1 348 478 3478 \
             349 1 389 2 468 7 34689 489 5 4579 4579 789 468 3 456 2 1 46789 \
             3479 2 379 1346 146 8 13469 5 34679 8 3457 1 3456 2 9 346 47 3467 \
             3459 6 39 1345 7 345 13489 2489 23489",
        );
        let links = Links::new(&cands, true);
        let lit = |r: usize, c: usize, d: usize, set: bool| {
            let n = candidate_node((r - 1) * 9 + c - 1, d - 1);
            if set { on(n) } else { off(n) }
        };
        let (mut found, mut singles) = (Vec::new(), Vec::new());
        let start = Grid2::new(&links);
        direct(&links, &start, lit(8, 2, 3, true), &mut found, &mut singles);
        for want in [
            lit(5, 1, 4, true),
            lit(6, 1, 7, true),
            lit(4, 2, 5, true),
            lit(6, 2, 5, true),
        ] {
            assert!(found.contains(&want), "{want}");
        }
        assert!(!found.contains(&lit(6, 9, 7, true)));
        assert!(!found.contains(&lit(6, 1, 9, true)));
        let group = [
            Technique::ForcingNetContradiction,
            Technique::ForcingNetVerity,
        ];
        let step = super::super::search::first(&grid, &cands, true, &group).expect("a net");
        assert_eq!(step.technique, Technique::ForcingNetVerity);
        assert_eq!(crate::logic::soundness::elims(&step), ["r1c6<>3"]);
        // Each place of the 3 in column 2 is assumed true, though a net
        // from it may start with a link to a digit set (`=`).
        let words = super::super::search::reason(&step, crate::classic::trace::Lang::En);
        let words = words.expect("the words of a net");
        assert!(
            words.starts_with("whether r1c2=3 or r4c2=3 or r8c2=3, each net"),
            "{words}"
        );
    }
}
