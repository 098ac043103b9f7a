//! Sudoku Explainer's aligned pair exclusion (6.2) and aligned triplet
//! exclusion (7.5), found as SE 1.2.1's `AlignedPairExclusion` and
//! `AlignedExclusion(3)` find them.
//!
//! Take two (or three) cells and list every way to fill them from their
//! candidates. A way is impossible when two of the cells see each other and
//! get the same digit, or when a cell seeing all of them (an "excluding"
//! cell, with at most two candidates for a pair, three for a triplet) has
//! only digits of that way: it would be left empty. A candidate of the
//! cells that appears in no possible way is false.
//!
//! As SE does, a cell takes part only if no cell sharing a house with it is
//! a naked single (SE leaves those to the singles), and it has an excluding
//! cell; two common excluding cells at least are needed. For a triplet, SE
//! takes any two such cells and a third among the excluding cells of either
//! of them.

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Grid};
use crate::logic::single_digit::PEER_BITS;
use crate::logic::{Step, Technique};
use barren::Changes;
use reuse::{Outcomes, Reuse};
use std::cell::RefCell;

mod barren;
mod reuse;

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::AlignedPairExclusion,
    Technique::AlignedTripletExclusion,
];

/// Every step of `technique` (a member of this family) on the position, in
/// SE's order of the cells.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid; // the steps depend on the candidates alone
    let (slot, degree) = match technique {
        Technique::AlignedPairExclusion => (&PAIRS, 2),
        Technique::AlignedTripletExclusion => (&TRIPLETS, 3),
        _ => return Vec::new(),
    };
    let sets: [u16; 81] = std::array::from_fn(|i| candidates.get(cell(i)).bits());
    // The SE walk asks for the triplets twice at a position (Nishio's
    // producer must know whether SE would have stopped before it), then at
    // a position close to it: the last search's outcomes serve both.
    slot.with(|slot| {
        let mut last = slot.borrow_mut();
        if last.sets != sets {
            let exclusion = Exclusion::new(&sets, degree);
            // Where the last search found nothing, only what changed since
            // can bring a step: most searches end with that check.
            let barren = last.steps.is_empty()
                && !exclusion.any_step_where(&Changes::since(&last, &exclusion));
            *last = if barren {
                Outcomes::barren(sets, exclusion.in_base)
            } else {
                let mut reuse = Reuse::new(std::mem::take(&mut *last), &sets);
                exclusion.search(&mut reuse);
                reuse.finish(exclusion.in_base)
            };
        }
        last.steps.clone()
    })
}

thread_local! {
    static PAIRS: RefCell<Outcomes> = RefCell::new(Outcomes::default());
    static TRIPLETS: RefCell<Outcomes> = RefCell::new(Outcomes::default());
}

fn cell(i: usize) -> Cell {
    Cell::new(i).expect("cells are < 81")
}

/// The search for one degree (2 or 3) on a position.
struct Exclusion {
    degree: usize,
    sets: [u16; 81],
    /// The cells that may take part, row-major.
    base: Vec<usize>,
    /// The same cells, as a mask.
    in_base: u128,
    /// Per cell: its excluding cells (peers with 2 to `degree` candidates).
    excluders: [u128; 81],
}

impl Exclusion {
    fn new(sets: &[u16; 81], degree: usize) -> Exclusion {
        let sets = *sets;
        let (mut singles, mut small) = (0u128, 0u128);
        for (i, set) in sets.iter().enumerate() {
            let n = set.count_ones();
            singles |= u128::from(n == 1) << i;
            small |= u128::from((2..=degree as u32).contains(&n)) << i;
        }
        let mut excluders = [0u128; 81];
        let mut base = Vec::new();
        for i in 0..81 {
            if sets[i].count_ones() < 2 || PEER_BITS[i] & singles != 0 {
                continue;
            }
            excluders[i] = PEER_BITS[i] & small;
            if excluders[i] != 0 {
                base.push(i);
            }
        }
        let in_base = base.iter().fold(0u128, |m, &c| m | 1 << c);
        Exclusion {
            degree,
            sets,
            base,
            in_base,
            excluders,
        }
    }

    /// The pairs of base cells SE goes on with (two common excluding cells
    /// at least) in SE's order: by the second cell, then the first. The
    /// cells sharing two excluding cells with `b` are those seeing two of
    /// them, found without trying every pair.
    fn reaching_pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.base.iter().flat_map(move |&b| {
            let below = (1u128 << b) - 1;
            cells_of(seeing_two(self.excluders[b]) & self.in_base & below).map(move |a| (a, b))
        })
    }

    /// Tests every pair or triplet (by the degree) in SE's order.
    fn search(&self, reuse: &mut Reuse) {
        self.each(|cells, common| {
            reuse.test(cells, || self.step_of(cells, common));
            false
        });
    }

    /// Meets, in SE's order, every pair or triplet (by the degree), with
    /// the common excluding cells of its first two cells for a triplet,
    /// until `visit` answers true; whether it did.
    fn each(&self, mut visit: impl FnMut(&[usize], u128) -> bool) -> bool {
        if self.degree == 2 {
            return self.reaching_pairs().any(|(a, b)| visit(&[a, b], 0));
        }
        if self.base.len() < 3 {
            return false;
        }
        for (a, b) in self.reaching_pairs() {
            let common = self.excluders[a] & self.excluders[b];
            let mut tails = (self.excluders[a] | self.excluders[b]) & self.in_base;
            tails &= !(1u128 << a | 1u128 << b) & seeing_two(common);
            while tails != 0 {
                let t = tails.trailing_zeros() as usize;
                tails &= tails - 1;
                // SE meets a triplet from each of its pairs: only the
                // first pair in SE's order looks at it.
                let earlier = t < b && (self.tail_of(a, t, b) || (t < a && self.tail_of(b, t, a)));
                if !earlier && visit(&[a, b, t], common) {
                    return true;
                }
            }
        }
        false
    }

    /// The step on the pair or triplet `cells` (`common`: the common
    /// excluding cells of a triplet's first two cells), if any.
    fn step_of(&self, cells: &[usize], common: u128) -> Option<Step> {
        if let &[a, b, t] = cells
            && self.plainly_fills([a, b, t], common)
        {
            return None;
        }
        self.exclude(cells)
    }

    /// Whether free digits alone (of no excluding cell) give every
    /// candidate of the triplet `cells` a possible way, `common` being the
    /// excluding cells of its first two cells: a quick test that spares
    /// [`Exclusion::exclude`] at most triplets.
    fn plainly_fills(&self, cells: [usize; 3], common: u128) -> bool {
        let sets = cells.map(|c| self.sets[c]);
        let digits = sets[0] | sets[1] | sets[2];
        let mut bound = 0;
        let mut rest = common & self.excluders[cells[2]];
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.sets[e] & !digits == 0 {
                bound |= self.sets[e];
            }
        }
        let sees = |x: usize, y: usize| u32::from(PEER_BITS[cells[x]] >> cells[y] & 1 == 1);
        // Per cell, whether the two others see each other.
        let ties = [sees(1, 2), sees(0, 2), sees(0, 1)];
        [(0, 1, 2), (1, 0, 2), (2, 0, 1)].iter().all(|&(k, j, l)| {
            let [kj, kl, jl] = [ties[l], ties[j], ties[k]];
            let (fj, fl) = (sets[j] & !bound, sets[l] & !bound);
            // As in [`Fill::all`], first the digits of excluding cells.
            let tied =
                sets[k] & bound == 0 || (fj != 0 && fl != 0 && (jl == 0 || several16(fj | fl)));
            let loose = sets[k] & !bound == 0
                || (fj.count_ones() > kj && sets[l].count_ones() > kl + jl)
                || (fl.count_ones() > kl && sets[j].count_ones() > kj + jl);
            tied && loose
        })
    }

    /// Whether the pair `a`, `b` is one SE extends to triplets.
    fn reaches(&self, a: usize, b: usize) -> bool {
        several(self.excluders[a] & self.excluders[b])
    }

    /// Whether the pair `a`, `b` extends to the triplet with `t`.
    fn tail_of(&self, a: usize, b: usize, t: usize) -> bool {
        self.reaches(a, b) && (self.excluders[a] | self.excluders[b]) >> t & 1 == 1
    }

    /// The step on `cells`, if some candidate of theirs appears in no
    /// possible way to fill them.
    fn exclude(&self, cells: &[usize]) -> Option<Step> {
        let (within, excluding) = self.excluding(cells)?;
        if self.all_fill(cells, excluding.as_slice()) {
            return None;
        }
        self.step(cells, within)
    }

    /// The common excluding cells of `cells` that hold none but their
    /// digits (only those can be emptied), as a mask and their digits;
    /// `None` when these show there is no step.
    fn excluding(&self, cells: &[usize]) -> Option<(u128, Excluding)> {
        let common = cells.iter().fold(!0u128, |m, &c| m & self.excluders[c]);
        if !several(common) {
            return None;
        }
        let digits = cells.iter().fold(0u16, |m, &c| m | self.sets[c]);
        let mut excluding = Excluding {
            sets: [0; 20],
            n: 0,
        };
        let mut within = 0u128;
        let mut rest = common;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if self.sets[e] & !digits == 0 {
                excluding.sets[excluding.n] = self.sets[e];
                excluding.n += 1;
                within |= 1 << e;
            }
        }
        if within == 0 && !self.twin_pair(cells) {
            return None; // every way with distinct digits survives
        }
        Some((within, excluding))
    }

    /// The step on `cells` with the excluding cells `within`, found by
    /// trying the ways to fill them.
    fn step(&self, cells: &[usize], within: u128) -> Option<Step> {
        let excluding: Vec<(usize, u16)> = (0..81)
            .filter(|&e| within >> e & 1 == 1)
            .map(|e| (e, self.sets[e]))
            .collect();
        let (allowed, locking) = self.ways(cells, &excluding)?;
        let technique = match cells.len() {
            2 => Technique::AlignedPairExclusion,
            _ => Technique::AlignedTripletExclusion,
        };
        let mut step = Step::new(technique).with_cells(cells.iter().map(|&c| cell(c)));
        for (k, &c) in cells.iter().enumerate() {
            for d in DigitSet::from_bits(self.sets[c] & !allowed[k]).iter() {
                step = step.eliminate(cell(c), d);
            }
        }
        step.cells
            .extend((0..81).filter(|&e| locking >> e & 1 == 1).map(cell));
        Some(step)
    }

    /// Whether every candidate of `cells` appears in a possible way: then
    /// there is no step, as at nearly every pair and triplet, and the full
    /// search is spared.
    fn all_fill(&self, cells: &[usize], excluding: &[u16]) -> bool {
        let digits = Digits::new(excluding);
        let sees = |x: usize, y: usize| PEER_BITS[cells[x]] >> cells[y] & 1 == 1;
        if let [a, b] = *cells {
            let both = sees(0, 1);
            return digits.pair_fills(self.sets[a], self.sets[b], both)
                && digits.pair_fills(self.sets[b], self.sets[a], both);
        }
        let sets = [cells[0], cells[1], cells[2]].map(|c| self.sets[c]);
        // Per cell, whether the two others see each other.
        let ties = [sees(1, 2), sees(0, 2), sees(0, 1)];
        [(0, 1, 2), (1, 0, 2), (2, 0, 1)].iter().all(|&(k, j, l)| {
            let fill = Fill {
                sets: [sets[j], sets[l]],
                sees: [ties[l], ties[j], ties[k]],
                digits: &digits,
            };
            fill.all(sets[k])
        })
    }

    /// Whether two of `cells` see each other and hold the same two digits
    /// (without an excluding cell, only then can a way be impossible).
    fn twin_pair(&self, cells: &[usize]) -> bool {
        cells.iter().enumerate().any(|(k, &x)| {
            cells[k + 1..].iter().any(|&y| {
                self.sets[x] == self.sets[y]
                    && self.sets[x].count_ones() == 2
                    && cell(x).sees(cell(y))
            })
        })
    }

    /// Every way to fill `cells` (two or three): the digits each cell takes
    /// in some possible way, and the excluding cells that rule ways out;
    /// `None` as soon as every candidate has a possible way.
    fn ways(&self, cells: &[usize], excluding: &[(usize, u16)]) -> Option<([u16; 3], u128)> {
        let ways = Ways::new(&self.sets, cells, excluding);
        // Look for a possible way per candidate (each one found also covers
        // the digits it gives the other cells, new ones preferred, so fewer
        // searches are needed), and enumerate everything
        // (for the excluding cells) only when some candidate has none.
        let mut allowed = [0u16; 3];
        for k in 0..ways.n {
            for digit in bits(ways.sets[k] & !allowed[k]) {
                if let Some(way) = ways.witness(k, digit, &allowed) {
                    for (slot, d) in allowed.iter_mut().zip(way) {
                        *slot |= d;
                    }
                }
            }
        }
        if (0..ways.n).all(|k| allowed[k] == ways.sets[k]) {
            return None;
        }
        Some((allowed, ways.locking()))
    }
}

/// The digits of the excluding cells of some cells, as the ways to fill
/// these cells meet them.
struct Digits<'a> {
    /// The digits of the excluding cells (with no digit outside the
    /// cells').
    excluding: &'a [u16],
    /// Per digit (bit index), the digits sharing a two-digit excluding cell
    /// with it.
    paired: [u16; 9],
    /// The digits of no excluding cell.
    free: u16,
}

impl<'a> Digits<'a> {
    fn new(excluding: &'a [u16]) -> Digits<'a> {
        let mut paired = [0u16; 9];
        let mut all = 0;
        for &s in excluding {
            all |= s;
            if s.count_ones() == 2 {
                let low = s & s.wrapping_neg();
                paired[index(low)] |= s & !low;
                paired[index(s & !low)] |= low;
            }
        }
        Digits {
            excluding,
            paired,
            free: !all,
        }
    }

    /// Whether every candidate of a cell (digits `own`) of a pair has a
    /// digit of the other cell (`other`) to go with it: not the same one
    /// when the cells see each other (`sees`), nor one sharing a two-digit
    /// excluding cell with it (a pair's excluding cells have two digits).
    fn pair_fills(&self, own: u16, other: u16, sees: bool) -> bool {
        bits(own & !self.free).all(|d| {
            let same = if sees { d } else { 0 };
            other & !self.paired[index(d)] & !same != 0
        })
    }
}

/// The two other cells of a triplet, seen from one cell.
struct Fill<'a> {
    /// Their candidates.
    sets: [u16; 2],
    /// Whether the first, the second of them sees the first cell, and
    /// whether they see each other.
    sees: [bool; 3],
    digits: &'a Digits<'a>,
}

impl Fill<'_> {
    /// Whether every candidate (of `own`) of the first cell has a possible
    /// way. Two digits of a way outside the excluding cells (`free`) make
    /// it possible when the digits do not clash: no excluding cell can then
    /// lose all its digits. So most candidates are settled all at once.
    fn all(&self, own: u16) -> bool {
        let free = self.digits.free;
        let [sj, sl] = self.sets;
        let (fj, fl) = (sj & free, sl & free);
        let [kj, kl, jl] = self.sees.map(u32::from);
        let bound = own & !free;
        if bound != 0 && !self.pick(fj, fl) {
            // A bound digit never clashes with free ones, and with a free
            // digit in another cell, a last digit not paired with it does.
            let paired = bits(bound).fold(0, |m, d| m | self.digits.paired[index(d)]);
            let settled = (fj != 0 && (sl & !paired).count_ones() > kl + jl)
                || (fl != 0 && (sj & !paired).count_ones() > kj + jl);
            if !settled && !bits(bound).all(|d| self.alive(d)) {
                return false;
            }
        }
        // A free digit, one in another cell and any in the last cell, each
        // cell with enough digits left when the digit before is taken away.
        let loose = own & free;
        loose == 0
            || (fj.count_ones() > kj && sl.count_ones() > kl + jl)
            || (fl.count_ones() > kl && sj.count_ones() > kj + jl)
            || bits(loose).all(|d| self.alive(d))
    }

    /// Whether the first cell has a possible way with the digit bit `d`.
    /// Usually one other cell can take a free digit and the last one any
    /// digit clashing with neither: at most `d` and that digit then belong
    /// to excluding cells, so only a two-digit cell with both of them could
    /// be emptied, and `open` leaves those out. Otherwise the digits of the
    /// second cell are tried one by one.
    fn alive(&self, d: u16) -> bool {
        let paired = self.digits.paired[index(d)];
        let open = |k: usize| {
            let same = if self.sees[k] { d } else { 0 };
            self.sets[k] & !paired & !same
        };
        let (j, l) = (open(0), open(1));
        let free = self.digits.free;
        if self.pick(j & free, l) || self.pick(j, l & free) {
            return true;
        }
        bits(j).any(|db| {
            let same = if self.sees[2] { db } else { 0 };
            let mut avail = l & !self.digits.paired[index(db)] & !same;
            if db != d {
                // A three-digit cell with `d` and `db` forbids its third.
                for &s in self.digits.excluding {
                    if s.count_ones() == 3 && s & d != 0 && s & db != 0 {
                        avail &= !(s & !d & !db);
                    }
                }
            }
            avail != 0
        })
    }

    /// Whether the other cells can take a digit of `x` and `y`, different
    /// when they see each other.
    fn pick(&self, x: u16, y: u16) -> bool {
        x != 0 && y != 0 && (!self.sees[2] || several16(x | y))
    }
}

/// Whether the digit set `m` has two digits or more.
fn several16(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// The digits of some excluding cells (a cell has 20 peers), without
/// allocating.
struct Excluding {
    /// The digit sets, the first `n` in use.
    sets: [u16; 20],
    /// How many cells.
    n: usize,
}

impl Excluding {
    /// The digit sets of the cells.
    fn as_slice(&self) -> &[u16] {
        &self.sets[..self.n]
    }
}

/// The cells of the mask `m`, lowest first.
fn cells_of(mut m: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let c = m.trailing_zeros() as usize;
        m &= m.wrapping_sub(1);
        (c < 128).then_some(c)
    })
}

/// The cells that see at least two of `cells`: a triplet's third cell must
/// share two excluding cells with the pair.
fn seeing_two(cells: u128) -> u128 {
    let mut seen_once = 0u128;
    let mut seen_twice = 0u128;
    let mut rest = cells;
    while rest != 0 {
        let e = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        seen_twice |= seen_once & PEER_BITS[e];
        seen_once |= PEER_BITS[e];
    }
    seen_twice
}

/// The ways to fill two or three cells, one digit bit per cell (a pair
/// gets a dummy third cell with one digit, so the loops stay uniform).
struct Ways<'a> {
    n: usize,
    sets: [u16; 3],
    sees: [[bool; 3]; 3],
    excluding: &'a [(usize, u16)],
    /// Per digit (bit index), the digits that share a two-digit excluding
    /// cell with it.
    paired: [u16; 16],
    /// The digits of the three-digit excluding cells.
    triples: [u16; 20],
    triple_count: usize,
}

impl<'a> Ways<'a> {
    fn new(all: &[u16; 81], cells: &[usize], excluding: &'a [(usize, u16)]) -> Ways<'a> {
        let n = cells.len();
        let mut sets = [1u16; 3];
        let mut sees = [[false; 3]; 3];
        for x in 0..n {
            sets[x] = all[cells[x]];
            for y in 0..n {
                sees[x][y] = PEER_BITS[cells[x]] >> cells[y] & 1 == 1;
            }
        }
        let mut paired = [0u16; 16];
        let mut triples = [0u16; 20];
        let mut triple_count = 0;
        for &(_, s) in excluding {
            let rest = s & (s - 1);
            if rest & (rest - 1) == 0 {
                // Two digits (excluding cells have two or three).
                paired[index(s)] |= rest;
                paired[index(rest)] |= s & !rest;
            } else {
                triples[triple_count] = s;
                triple_count += 1;
            }
        }
        Ways {
            n,
            sets,
            sees,
            excluding,
            paired,
            triples,
            triple_count,
        }
    }

    /// The excluding cell that `way` would empty, if any; `Err(())` when
    /// two cells that see each other get the same digit.
    fn blocked_by(&self, way: [u16; 3]) -> Result<Option<usize>, ()> {
        for x in 0..self.n {
            for y in x + 1..self.n {
                if way[x] == way[y] && self.sees[x][y] {
                    return Err(());
                }
            }
        }
        let union = way[..self.n].iter().fold(0, |m, &d| m | d);
        Ok(self
            .excluding
            .iter()
            .find(|&&(_, s)| s & !union == 0)
            .map(|&(e, _)| e))
    }

    /// A possible way that gives cell `k` the digit bit `digit`, found
    /// without trying every way. With `digit` in cell `k`, an excluding
    /// cell is emptied exactly when its other digits are those of the other
    /// cells: a two-digit cell with `digit` forbids its other digit
    /// anywhere; a two-digit cell without it, or a three-digit cell with
    /// it, forbids the other two cells its remaining pair of digits (a
    /// three-digit cell without `digit` cannot be emptied). So each digit
    /// of the second cell leaves a mask of digits for the third. Digits
    /// outside `covered` are preferred for the other cells.
    fn witness(&self, k: usize, digit: u16, covered: &[u16; 3]) -> Option<[u16; 3]> {
        let forbid = self.paired[index(digit)];
        let mut others = (0..self.n).filter(|&j| j != k);
        let j = others.next()?;
        let mut rows = self.sets[j] & !forbid;
        if self.sees[k][j] {
            rows &= !digit;
        }
        let mut way = [1u16; 3];
        way[k] = digit;
        let Some(l) = others.next() else {
            way[j] = lowest(rows & !covered[j]).or(lowest(rows))?;
            way[2] = self.sets[2];
            return Some(way);
        };
        let mut cols = self.sets[l] & !forbid;
        if self.sees[k][l] {
            cols &= !digit;
        }
        if cols == 0 {
            return None;
        }
        let rows = bits(rows & !covered[j]).chain(bits(rows & covered[j]));
        for db in rows {
            let mut avail = cols & !self.paired[index(db)];
            if self.sees[j][l] {
                avail &= !db;
            }
            for &s in &self.triples[..self.triple_count] {
                // With `db` = `digit` (cells apart), no three digits show.
                if db != digit && s & digit != 0 && s & db != 0 {
                    avail &= !(s & !digit & !db);
                }
            }
            if let Some(dt) = lowest(avail & !covered[l]).or(lowest(avail)) {
                way[j] = db;
                way[l] = dt;
                return Some(way);
            }
        }
        None
    }

    /// A possible way that gives cell `k` the digit bit `digit`, by trying
    /// every way (what [`Ways::witness`] must agree with).
    #[cfg(test)]
    fn first_with(&self, k: usize, digit: u16) -> Option<[u16; 3]> {
        let mut sets = self.sets;
        sets[k] = digit;
        for a in bits(sets[0]) {
            for b in bits(sets[1]) {
                for c in bits(sets[2]) {
                    if let Ok(None) = self.blocked_by([a, b, c]) {
                        return Some([a, b, c]);
                    }
                }
            }
        }
        None
    }

    /// The excluding cells that rule out some way with distinct digits
    /// where cells see each other.
    fn locking(&self) -> u128 {
        let mut locking = 0u128;
        for a in bits(self.sets[0]) {
            for b in bits(self.sets[1]) {
                for c in bits(self.sets[2]) {
                    if let Ok(Some(e)) = self.blocked_by([a, b, c]) {
                        locking |= 1u128 << e;
                    }
                }
            }
        }
        locking
    }
}

/// Whether `m` has two bits or more.
fn several(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// The index of a single-digit bit.
fn index(digit: u16) -> usize {
    digit.trailing_zeros() as usize
}

/// The lowest digit bit of `set`, if any.
fn lowest(set: u16) -> Option<u16> {
    (set != 0).then(|| set & set.wrapping_neg())
}

/// The single-digit bits of `set`, lowest first.
fn bits(mut set: u16) -> impl Iterator<Item = u16> {
    std::iter::from_fn(move || {
        let low = set & set.wrapping_neg();
        set &= !low;
        (low != 0).then_some(low)
    })
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    use crate::classic::trace::Lang;
    use crate::logic::explain::cell_list;
    let n = match step.technique {
        Technique::AlignedPairExclusion => 2,
        Technique::AlignedTripletExclusion => 3,
        _ => return None,
    };
    let base = cell_list(step.cells.get(..n)?);
    let excluding = cell_list(step.cells.get(n..)?);
    Some(match lang {
        Lang::En => format!(
            "filling {base} so that {excluding}, which see them all, keep a candidate and no house gets a digit twice leaves no way for the removed candidates"
        ),
        Lang::Es => format!(
            "al llenar {base} de modo que {excluding}, que las ven todas, conserven un candidato y ninguna unidad repita un dígito, los candidatos eliminados no caben en ninguna combinación"
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{c, check_technique, elims, sample, set};

    /// An open grid (all candidates) with the listed cells set.
    fn pencil(cells: &[((usize, usize), &[u8])]) -> (Grid, Candidates) {
        let grid = Grid::empty();
        let mut candidates = Candidates::from_grid(&grid);
        for &((r, col), digits) in cells {
            candidates.set(c(r, col), set(digits));
        }
        (grid, candidates)
    }

    fn on(steps: &[Step], cells: &[Cell]) -> Vec<String> {
        let mut want = cells.to_vec();
        want.sort();
        let step = steps.iter().find(|s| {
            let mut got = s.cells[..cells.len()].to_vec();
            got.sort();
            got == want
        });
        step.map(elims).unwrap_or_default()
    }

    #[test]
    fn pair_as_documented() {
        // The usual first example (sudokuwiki.org): r7c2 (24) and r7c3 (258)
        // see each other; r7c9 (28) and r8c1 (48) see both. 2/2 repeats,
        // 2/8 empties r7c9, 4/8 empties r8c1: no way left puts 8 in r7c3.
        let (grid, cands) = pencil(&[
            ((7, 2), &[2, 4]),
            ((7, 3), &[2, 5, 8]),
            ((7, 9), &[2, 8]),
            ((8, 1), &[4, 8]),
        ]);
        let steps = find(Technique::AlignedPairExclusion, &grid, &cands);
        assert_eq!(on(&steps, &[c(7, 2), c(7, 3)]), ["r7c3<>8"]);
        let step = steps
            .iter()
            .find(|s| s.cells[..2] == [c(7, 2), c(7, 3)])
            .unwrap();
        assert_eq!(step.cells[2..], [c(7, 9), c(8, 1)]);
        // r7c1 (all digits) with r7c2: 8 in r7c1 leaves r7c2 nothing.
        assert_eq!(on(&steps, &[c(7, 1), c(7, 2)]), ["r7c1<>8"]);
        // With one excluding cell SE does not look.
        let (grid, cands) = pencil(&[((7, 2), &[2, 4]), ((7, 3), &[2, 5, 8]), ((7, 9), &[2, 8])]);
        assert!(find(Technique::AlignedPairExclusion, &grid, &cands).is_empty());
    }

    #[test]
    fn pair_skipped_next_to_a_naked_single() {
        let (grid, mut cands) = pencil(&[
            ((7, 2), &[2, 4]),
            ((7, 3), &[2, 5, 8]),
            ((7, 9), &[2, 8]),
            ((8, 1), &[4, 8]),
        ]);
        cands.set(c(9, 3), set(&[6]));
        let steps = find(Technique::AlignedPairExclusion, &grid, &cands);
        assert_eq!(on(&steps, &[c(7, 2), c(7, 3)]), Vec::<String>::new());
    }

    #[test]
    fn triplet() {
        // r1c1 (12), r1c2 (13), r1c3 (234) in row 1 and box 1; r1c8 (14)
        // and r1c9 (234) see all three. Ways with 4 in r1c3: 1/3/4 and
        // 2/1/4 empty r1c8, 2/3/4 empties r1c9.
        let (grid, cands) = pencil(&[
            ((1, 1), &[1, 2]),
            ((1, 2), &[1, 3]),
            ((1, 3), &[2, 3, 4]),
            ((1, 8), &[1, 4]),
            ((1, 9), &[2, 3, 4]),
        ]);
        let steps = find(Technique::AlignedTripletExclusion, &grid, &cands);
        assert_eq!(on(&steps, &[c(1, 1), c(1, 2), c(1, 3)]), ["r1c3<>4"]);
        // No pair of them does it: r1c9 has three candidates.
        let pairs = find(Technique::AlignedPairExclusion, &grid, &cands);
        assert!(on(&pairs, &[c(1, 2), c(1, 3)]).is_empty());
        assert!(on(&pairs, &[c(1, 1), c(1, 3)]).is_empty());
    }

    /// The direct search for a possible way finds one exactly when trying
    /// every way does, and what it finds is possible.
    #[test]
    fn witness_agrees_with_trying_every_way() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
        let mut found = [0usize; 2];
        for _ in 0..20_000 {
            let n = rng.random_range(2..=3usize);
            let set = |rng: &mut rand_xoshiro::Xoshiro256PlusPlus, size: u32| loop {
                let s: u16 = rng.random_range(1..1u16 << 6);
                if s.count_ones() == size {
                    return s;
                }
            };
            let cells: Vec<usize> = match rng.random_range(0..4) {
                0 => vec![0, 1, 2],   // all see each other
                1 => vec![0, 1, 12],  // one pair sees each other
                2 => vec![0, 4, 40],  // a chain of sights
                _ => vec![0, 40, 80], // none
            };
            let mut all = [0u16; 81];
            for &c in &cells[..n] {
                let size = rng.random_range(2..=4);
                all[c] = set(&mut rng, size);
            }
            let mut excluding = Vec::new();
            for e in 0..rng.random_range(0..5) {
                let size = rng.random_range(2..=n as u32);
                excluding.push((e, set(&mut rng, size)));
            }
            let ways = Ways::new(&all, &cells[..n], &excluding);
            for k in 0..n {
                for digit in bits(ways.sets[k]) {
                    let covered = [rng.random::<u16>(), rng.random(), rng.random()];
                    let fast = ways.witness(k, digit, &covered);
                    let slow = ways.first_with(k, digit);
                    assert_eq!(fast.is_some(), slow.is_some(), "{all:?} {excluding:?}");
                    if let Some(way) = fast {
                        assert_eq!(way[k], digit);
                        assert_eq!(ways.blocked_by(way), Ok(None));
                    }
                    found[usize::from(fast.is_some())] += 1;
                }
            }
        }
        assert!(found[0] > 1000 && found[1] > 1000, "{found:?}");
    }

    impl Exclusion {
        /// The pairs of base cells in SE's order: by the second, then the
        /// first.
        fn pair_indices(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
            (1..self.base.len()).flat_map(|j| (0..j).map(move |i| (i, j)))
        }

        /// The steps of [`Exclusion::pairs`] or [`Exclusion::triplets`]
        /// found without the quick tests that spare the full search.
        fn plain(&self, degree: usize) -> Vec<Step> {
            let mut steps = Vec::new();
            for (i, j) in self.pair_indices() {
                let (a, b) = (self.base[i], self.base[j]);
                if degree == 2 {
                    steps.extend(self.plain_step(&[a, b]));
                    continue;
                }
                for (k, &t) in self.base.iter().enumerate() {
                    let first = !(k < j && self.tail_of(a, t, b) || k < i && self.tail_of(b, t, a));
                    if t != a && t != b && self.tail_of(a, b, t) && first {
                        steps.extend(self.plain_step(&[a, b, t]));
                    }
                }
            }
            steps
        }

        fn plain_step(&self, cells: &[usize]) -> Option<Step> {
            let (within, _) = self.excluding(cells)?;
            self.step(cells, within)
        }
    }

    /// Positions met solving the sample puzzles step by step, and the same
    /// with random candidates taken out (more small cells, more steps).
    fn positions() -> Vec<Candidates> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(11);
        let mut out = Vec::new();
        let puzzles: Vec<Grid> = ["top1465_200.txt", "random_minimal_200.txt"]
            .iter()
            .flat_map(|name| sample(name).into_iter().take(40))
            .collect();
        for puzzle in puzzles {
            let mut grid = puzzle;
            let mut candidates = Candidates::from_grid(&grid);
            for _ in 0..200 {
                out.push(candidates);
                let mut thinned = candidates;
                for _ in 0..rng.random_range(0..30) {
                    let c = cell(rng.random_range(0..81));
                    let set = thinned.get(c).bits();
                    if set.count_ones() > 2 {
                        let d = bits(set).nth(rng.random_range(0..set.count_ones() as usize));
                        thinned.set(c, DigitSet::from_bits(set & !d.unwrap()));
                    }
                }
                out.push(thinned);
                let next = Technique::available()
                    .filter(|&t| t.family() != crate::logic::Family::Exclusion)
                    .find_map(|t| {
                        crate::logic::find_steps(t, &grid, &candidates)
                            .into_iter()
                            .find(Step::is_productive)
                    });
                let Some(step) = next else { break };
                step.apply(&mut grid, &mut candidates);
            }
        }
        out
    }

    /// The candidates of each cell at the positions of [`positions`].
    pub(super) fn walk_sets() -> Vec<[u16; 81]> {
        positions().iter().map(sets_of).collect()
    }

    /// The candidates of each cell of `candidates`.
    fn sets_of(candidates: &Candidates) -> [u16; 81] {
        std::array::from_fn(|i| candidates.get(cell(i)).bits())
    }

    /// The steps of a search that reuses nothing.
    fn fresh(sets: &[u16; 81], degree: usize) -> Vec<Step> {
        let mut reuse = Reuse::new(Outcomes::default(), sets);
        Exclusion::new(sets, degree).search(&mut reuse);
        reuse.finish(0).steps
    }

    /// The quick tests never change the steps: the same as the full search
    /// at every pair and triplet, on many positions.
    #[test]
    fn quick_tests_agree_with_the_full_search() {
        let mut found = [0usize; 2];
        for candidates in positions() {
            let sets = sets_of(&candidates);
            for degree in [2, 3] {
                let fast = fresh(&sets, degree);
                assert_eq!(fast, Exclusion::new(&sets, degree).plain(degree));
                found[degree - 2] += fast.len();
            }
        }
        assert!(found[0] > 50 && found[1] > 50, "{found:?}");
    }

    /// What [`find`] answers from the last search's outcomes is what a
    /// search reusing nothing finds: along the solving paths (each position
    /// followed by a thinned copy of it, then the next one), along the
    /// paths alone, and jumping between unrelated puzzles at random.
    #[test]
    fn reused_outcomes_agree_with_a_fresh_search() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let walk = positions();
        let path: Vec<Candidates> = walk.iter().step_by(2).copied().collect();
        let mut shuffled = walk.clone();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        shuffled.shuffle(&mut rng);
        let grid = Grid::empty();
        let mut found = [0usize; 2];
        let kept = reuse::kept();
        for candidates in walk.iter().chain(&path).chain(&shuffled) {
            let sets = sets_of(candidates);
            for (degree, technique) in [
                (2, Technique::AlignedPairExclusion),
                (3, Technique::AlignedTripletExclusion),
            ] {
                let steps = find(technique, &grid, candidates);
                assert_eq!(steps, fresh(&sets, degree));
                found[degree - 2] += steps.len();
            }
        }
        assert!(found[0] > 150 && found[1] > 150, "{found:?}");
        // Most outcomes were reused, steps among them.
        let kept = [0, 1].map(|k| reuse::kept()[k] - kept[k]);
        assert!(kept[0] > 100_000 && kept[1] > 100, "{kept:?}");
    }

    /// After a position with no step, the search of what changed finds a
    /// step exactly when the full search does: from each position of the
    /// solving paths and each thinned copy (each barren one) to the next
    /// positions and their thinned copies (a later position with other
    /// candidates taken out, so not always a subset), and to random thinned
    /// copies of itself.
    #[test]
    fn changes_bring_every_step() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(3);
        let walk = walk_sets();
        let mut seen = [[0usize; 2]; 2];
        for degree in [2, 3] {
            for (i, before) in walk.iter().enumerate() {
                if !fresh(before, degree).is_empty() {
                    continue;
                }
                let base = Exclusion::new(before, degree).in_base;
                let last = Outcomes::barren(*before, base);
                let mut after: Vec<[u16; 81]> = walk[i + 1..(i + 5).min(walk.len())].to_vec();
                for _ in 0..3 {
                    let mut thinned = *before;
                    for _ in 0..rng.random_range(1..12) {
                        let c = rng.random_range(0..81);
                        let set = thinned[c];
                        if set.count_ones() > 1 {
                            let d = bits(set).nth(rng.random_range(0..set.count_ones() as usize));
                            thinned[c] = set & !d.unwrap();
                        }
                    }
                    after.push(thinned);
                }
                for now in &after {
                    let exclusion = Exclusion::new(now, degree);
                    let found = exclusion.any_step_where(&Changes::since(&last, &exclusion));
                    assert_eq!(found, !fresh(now, degree).is_empty(), "{before:?} {now:?}");
                    seen[degree - 2][usize::from(found)] += 1;
                }
            }
        }
        // Both answers, at both degrees, many times.
        assert!(seen.iter().flatten().all(|&n| n > 300), "{seen:?}");
    }

    /// After a position with no step, a step that only a change of an
    /// excluding cell seeing the pair or triplet brings is found: each
    /// step of the solving paths, from copies of its position where a
    /// locking cell has one more candidate (too many to exclude, or
    /// still few enough) and no step is left.
    #[test]
    fn excluding_cells_bring_steps() {
        let walk = walk_sets();
        let mut seen = [0usize; 2];
        for degree in [2, 3] {
            let mut done = std::collections::HashSet::new();
            for now in walk.iter().step_by(2) {
                let exclusion = Exclusion::new(now, degree);
                for step in fresh(now, degree) {
                    for e in step.cells[degree..].iter().map(|c| c.index()) {
                        for d in bits(0x1ff & !now[e]) {
                            let mut before = *now;
                            before[e] |= d;
                            if !done.insert(before) || !fresh(&before, degree).is_empty() {
                                continue;
                            }
                            let last =
                                Outcomes::barren(before, Exclusion::new(&before, degree).in_base);
                            let changes = Changes::since(&last, &exclusion);
                            assert!(exclusion.any_step_where(&changes), "{before:?} {now:?}");
                            seen[degree - 2] += 1;
                        }
                    }
                }
            }
        }
        assert!(seen.iter().all(|&n| n > 50), "{seen:?}");
    }

    #[test]
    fn exclusions_are_sound_and_fire() {
        let hard = sample("top1465_200.txt");
        assert!(check_technique(Technique::AlignedPairExclusion, &hard[..40]) > 0);
        assert!(check_technique(Technique::AlignedTripletExclusion, &hard[..40]) > 0);
    }
}
