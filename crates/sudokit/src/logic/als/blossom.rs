//! Death Blossom as HoDoKu finds it.

use super::evidence::{Elims, als_node, digit};
use super::sets::{Als, seeing_all};
use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit};
use crate::logic::single_digit::cells_of;
use crate::logic::{Chain, Link, Node, Step, Technique};
use std::collections::HashSet;

/// HoDoKu keeps at most this many sets per stem cell and digit.
const PER_DIGIT: usize = 100;

/// The most petal choices tried per position (a bound on pathological
/// positions; HoDoKu has none).
const BUDGET: u64 = 1_000_000;

/// Every Death Blossom, in HoDoKu's order (stem cells in row-major order,
/// petals tried digit by digit, each digit's sets in list order), one per
/// set of eliminations (the first found); HoDoKu takes the first.
///
/// A stem cell each of whose candidates `d` is seen, in all its places, by a
/// petal set holding `d`; the petals do not overlap. Whichever digit the
/// stem takes, its petal loses it and is locked: a digit `z` of every petal
/// (not a stem candidate) then sits in one of them, and leaves the cells
/// seeing all its places in all petals.
pub(super) fn find(alses: &[Als], candidates: &Candidates, places: &[u128; 9]) -> Vec<Step> {
    let petals = PetalLists::new(alses);
    let mut search = Search {
        alses,
        places,
        stem: 0,
        stem_digits: 0,
        chosen: [u32::MAX; 9],
        cells: 0,
        budget: BUDGET,
        steps: Vec::new(),
        seen: HashSet::new(),
    };
    for cell in Cell::all() {
        let digits = candidates.get(cell).bits();
        if digits == 0 || petals.digits[cell.index()] != digits {
            continue;
        }
        search.stem = cell.index();
        search.stem_digits = digits;
        search.chosen = [u32::MAX; 9];
        search.cells = 0;
        search.petals(&petals, 0, 0x1ff);
    }
    search.steps
}

/// For each cell and digit, the sets (up to [`PER_DIGIT`], in list order)
/// whose places of the digit the cell sees: the petals it could have.
struct PetalLists {
    /// Digits of each cell with at least one set.
    digits: [u16; 81],
    /// `starts[cell * 9 + d]..starts[cell * 9 + d + 1]` index `sets`.
    starts: Vec<u32>,
    sets: Vec<u32>,
}

impl PetalLists {
    fn new(alses: &[Als]) -> PetalLists {
        let mut counts = vec![0u32; 81 * 9 + 1];
        let mut digits = [0u16; 81];
        for als in alses {
            for d in 0..9 {
                for c in cells_of(als.buddies[d]) {
                    let slot = &mut counts[c.index() * 9 + d + 1];
                    if (*slot as usize) < PER_DIGIT {
                        *slot += 1;
                        digits[c.index()] |= 1 << d;
                    }
                }
            }
        }
        for i in 0..81 * 9 {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut sets = vec![0u32; counts[81 * 9] as usize];
        for (i, als) in alses.iter().enumerate() {
            for d in 0..9 {
                for c in cells_of(als.buddies[d]) {
                    let k = c.index() * 9 + d;
                    if fill[k] < counts[k + 1] {
                        sets[fill[k] as usize] = i as u32;
                        fill[k] += 1;
                    }
                }
            }
        }
        PetalLists {
            digits,
            starts: counts,
            sets,
        }
    }

    fn of(&self, cell: usize, d: usize) -> &[u32] {
        let k = cell * 9 + d;
        &self.sets[self.starts[k] as usize..self.starts[k + 1] as usize]
    }
}

struct Search<'a> {
    alses: &'a [Als],
    places: &'a [u128; 9],
    stem: usize,
    stem_digits: u16,
    /// The petal chosen for each stem digit.
    chosen: [u32; 9],
    /// The cells of the petals chosen.
    cells: u128,
    budget: u64,
    steps: Vec<Step>,
    seen: HashSet<Elims>,
}

impl Search<'_> {
    /// Chooses petals for the stem digits from index `d` on; `common` holds
    /// the digits common to the petals chosen so far.
    fn petals(&mut self, lists: &PetalLists, d: usize, common: u16) {
        let Some(d) = (d..9).find(|&k| self.stem_digits >> k & 1 != 0) else {
            self.check(common);
            return;
        };
        for &i in lists.of(self.stem, d) {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let als = &self.alses[i as usize];
            let common = common & als.digits;
            // Only a digit outside the stem can be eliminated: none left,
            // nothing to find below.
            if als.cells & self.cells != 0 || common & !self.stem_digits == 0 {
                continue;
            }
            self.chosen[d] = i;
            self.cells |= als.cells;
            self.petals(lists, d + 1, common);
            self.cells &= !als.cells;
            self.chosen[d] = u32::MAX;
        }
    }

    /// Records the blossom of the chosen petals if it eliminates.
    fn check(&mut self, common: u16) {
        let mut elims = Elims::default();
        let mut z = common & !self.stem_digits;
        while z != 0 {
            let d = z.trailing_zeros() as usize;
            z &= z - 1;
            let places = self.petal_sets().fold(0, |m, a| m | a.places[d]);
            let stem = 1u128 << self.stem;
            elims.add(d, seeing_all(places) & self.places[d] & !self.cells & !stem);
        }
        if !elims.is_empty() && self.seen.insert(elims) {
            self.steps.push(self.step(&elims));
        }
    }

    fn petal_sets(&self) -> impl Iterator<Item = &Als> + '_ {
        self.chosen
            .iter()
            .filter(|&&i| i != u32::MAX)
            .map(|&i| &self.alses[i as usize])
    }

    /// The step: stem then petals (cells, houses), links stem to petals,
    /// one chain per petal and eliminated digit.
    fn step(&self, elims: &Elims) -> Step {
        let stem = Cell::new(self.stem).expect("stem < 81");
        let mut step = Step::new(Technique::DeathBlossom)
            .with_cells([stem])
            .with_digits(DigitSet::from_bits(self.stem_digits));
        for (d, &i) in self.chosen.iter().enumerate() {
            if i == u32::MAX {
                continue;
            }
            let als = &self.alses[i as usize];
            step = step.with_cells(cells_of(als.cells)).house(als.house);
            step.links.push(stem_link(stem, als, d));
            let mut z = elims.digits();
            while z != 0 {
                let zd = z.trailing_zeros() as u8 + 1;
                z &= z - 1;
                step.chains.push(Chain {
                    nodes: vec![
                        Node::candidate(stem, digit(d)),
                        als_node(als, d as u8 + 1),
                        als_node(als, zd),
                    ],
                    strong: vec![false, true],
                });
            }
        }
        step.eliminations.extend(elims.list());
        step
    }
}

/// The weak link from the stem's candidate `d` (0-based) to the closest
/// place of `d` in the petal.
fn stem_link(stem: Cell, als: &Als, d: usize) -> Link {
    let digit: Digit = digit(d);
    let to = cells_of(als.places[d])
        .min_by_key(|c| {
            let (dr, dc) = (c.row().abs_diff(stem.row()), c.col().abs_diff(stem.col()));
            dr * dr + dc * dc
        })
        .expect("a petal holds its digit");
    Link {
        from: (stem, digit),
        to: (to, digit),
        strong: false,
    }
}
