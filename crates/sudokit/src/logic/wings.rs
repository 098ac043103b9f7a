//! Wings: XY-Wing, XYZ-Wing, W-Wing, as HoDoKu defines them.
//!
//! - XY-Wing: a bivalue pivot `xy` sees two bivalue pincers `xz` and `yz`.
//!   Whichever digit the pivot takes, one pincer is `z`, so `z` leaves every
//!   cell seeing both pincers.
//! - XYZ-Wing: the pivot holds `xyz`; it may be `z` itself, so only cells
//!   seeing the pivot and both pincers lose `z`.
//! - W-Wing: two bivalue cells with the same digits `xy`, and a conjugate
//!   pair on `y` with one end seeing each cell: both cells cannot be `y`, so
//!   one is `x` and `x` leaves every cell seeing both.
//!
//! Steps come in row-major order of the pivot (XY, XYZ) or of the first
//! bivalue cell (W), then of the other cells.

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid};
use crate::logic::single_digit::{PEER_BITS, bit, cells_of, conjugate_pair, house_at};
use crate::logic::{Link, Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[Technique::XyWing, Technique::XyzWing, Technique::WWing];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    let board = Board::new(candidates);
    match technique {
        Technique::XyWing => board.xy_wings(false),
        Technique::XyzWing => board.xy_wings(true),
        Technique::WWing => board.w_wings(),
        _ => Vec::new(),
    }
}

/// The position as bitboards: where each digit can go, and the bivalue cells.
struct Board<'a> {
    candidates: &'a Candidates,
    places: [u128; 9],
    bivalue: u128,
}

impl<'a> Board<'a> {
    fn new(candidates: &'a Candidates) -> Board<'a> {
        let places = crate::logic::memo::planes(candidates);
        let bivalue = Cell::all()
            .filter(|&c| candidates.get(c).len() == 2)
            .fold(0, |m, c| m | bit(c));
        Board {
            candidates,
            places,
            bivalue,
        }
    }

    fn get(&self, cell: Cell) -> DigitSet {
        self.candidates.get(cell)
    }

    /// XY-Wings (bivalue pivot) or XYZ-Wings (trivalue pivot).
    fn xy_wings(&self, xyz: bool) -> Vec<Step> {
        let mut steps = Vec::new();
        let pivot_size = if xyz { 3 } else { 2 };
        for pivot in Cell::all().filter(|&c| self.get(c).len() == pivot_size) {
            let digits = self.get(pivot);
            // Pincers: bivalue peers whose digits make three with the pivot's.
            let pincers: Vec<Cell> = cells_of(self.bivalue & PEER_BITS[pivot.index()])
                .filter(|&c| {
                    let both = DigitSet::from_bits(digits.bits() | self.get(c).bits());
                    both.len() == 3 && (!xyz || both == digits)
                })
                .collect();
            for (i, &a) in pincers.iter().enumerate() {
                for &b in &pincers[i + 1..] {
                    if let Some(step) = self.xy_wing(pivot, a, b, xyz) {
                        steps.push(step);
                    }
                }
            }
        }
        if !xyz {
            // HoDoKu tries the bivalue cells three at a time in row-major
            // order, each of the three as pivot in turn.
            steps.sort_by_key(|s| {
                let mut three = [s.cells[0], s.cells[1], s.cells[2]];
                three.sort();
                let rank = three.iter().position(|&c| c == s.cells[0]);
                (three, rank)
            });
        }
        steps
    }

    /// The wing on `pivot` with pincers `a` and `b`, if it eliminates anything.
    fn xy_wing(&self, pivot: Cell, a: Cell, b: Cell, xyz: bool) -> Option<Step> {
        let (da, db) = (self.get(a), self.get(b));
        let all = DigitSet::from_bits(self.get(pivot).bits() | da.bits() | db.bits());
        if da == db || all.len() != 3 {
            return None;
        }
        let z = DigitSet::from_bits(da.bits() & db.bits()).single()?;
        let mut seeing = PEER_BITS[a.index()] & PEER_BITS[b.index()];
        if xyz {
            seeing &= PEER_BITS[pivot.index()];
        }
        let elims = self.places[z.index()] & seeing;
        if elims == 0 {
            return None;
        }
        let technique = if xyz {
            Technique::XyzWing
        } else {
            Technique::XyWing
        };
        let mut step = Step::new(technique)
            .with_cells([pivot, a, b])
            .with_digits(all);
        for c in cells_of(elims) {
            step = step.eliminate(c, z);
        }
        Some(step)
    }

    /// W-Wings: each pair of equal bivalue cells, each digit to eliminate,
    /// each conjugate pair (house order) joining them.
    fn w_wings(&self) -> Vec<Step> {
        let mut steps = Vec::new();
        for first in cells_of(self.bivalue) {
            let pair = self.get(first);
            let later = self.bivalue & !((bit(first) << 1) - 1);
            for second in cells_of(later).filter(|&c| self.get(c) == pair) {
                for x in pair.iter() {
                    let y = pair.iter().find(|&d| d != x).expect("two digits");
                    let elims = self.places[x.index()]
                        & PEER_BITS[first.index()]
                        & PEER_BITS[second.index()];
                    if elims != 0 {
                        self.w_links(first, second, x, y, elims, &mut steps);
                    }
                }
            }
        }
        steps
    }

    /// The W-Wing steps of cells `first` and `second` (digits `x`, `y`)
    /// eliminating `x` in `elims`, one per conjugate pair on `y` with one end
    /// seeing each cell.
    fn w_links(
        &self,
        first: Cell,
        second: Cell,
        x: Digit,
        y: Digit,
        elims: u128,
        steps: &mut Vec<Step>,
    ) {
        let on_y = self.places[y.index()];
        let mut seen: Vec<(Cell, Cell)> = Vec::new();
        for h in 0..27 {
            let Some((p, q)) = conjugate_pair(on_y, h) else {
                continue;
            };
            if [p, q].iter().any(|&c| c == first || c == second) || seen.contains(&(p, q)) {
                continue;
            }
            let ends = if p.sees(first) && q.sees(second) {
                (p, q)
            } else if q.sees(first) && p.sees(second) {
                (q, p)
            } else {
                continue;
            };
            seen.push((p, q));
            steps.push(w_wing_step(first, second, ends, h, x, y, elims));
        }
    }
}

/// The step of a W-Wing: cells `first` and `second` hold `x` and `y`; the
/// conjugate pair `ends` on `y` in house `h`, its first end seeing `first`.
fn w_wing_step(
    first: Cell,
    second: Cell,
    ends: (Cell, Cell),
    h: usize,
    x: Digit,
    y: Digit,
    elims: u128,
) -> Step {
    let (p, q) = ends;
    let mut step = Step::new(Technique::WWing)
        .with_cells([first, second, p, q])
        .with_digits(DigitSet::from_bits(x.bit() | y.bit()))
        .house(house_at(h));
    let chain = [
        (first, x),
        (first, y),
        (p, y),
        (q, y),
        (second, y),
        (second, x),
    ];
    for (k, w) in chain.windows(2).enumerate() {
        step.links.push(Link {
            from: w[0],
            to: w[1],
            strong: k % 2 == 0,
        });
    }
    for c in cells_of(elims) {
        step = step.eliminate(c, x);
    }
    step
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::House;
    use crate::logic::soundness::{assert_each_fires, c, elims, set};

    /// Every digit everywhere but in the given cells.
    fn position(cells: &[(Cell, &[u8])]) -> (Grid, Candidates) {
        let g = Grid::empty();
        let mut cands = Candidates::from_grid(&g);
        for &(cell, digits) in cells {
            cands.set(cell, set(digits));
        }
        (g, cands)
    }

    #[test]
    fn xy_wing() {
        let (g, cands) = position(&[(c(1, 1), &[1, 2]), (c(1, 5), &[1, 3]), (c(3, 2), &[2, 3])]);
        let steps = find(Technique::XyWing, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 1), c(1, 5), c(3, 2)]);
        assert_eq!(s.digits, set(&[1, 2, 3]));
        assert_eq!(
            elims(s),
            ["r1c2<>3", "r1c3<>3", "r3c4<>3", "r3c5<>3", "r3c6<>3"]
        );
        assert!(find(Technique::XyzWing, &g, &cands).is_empty());
        // A pincer that does not see the pivot spoils it.
        let (g, cands) = position(&[(c(1, 1), &[1, 2]), (c(1, 5), &[1, 3]), (c(4, 2), &[2, 3])]);
        assert!(find(Technique::XyWing, &g, &cands).is_empty());
    }

    #[test]
    fn xy_wings_come_in_hodoku_s_order() {
        // HoDoKu tries the bivalue cells three at a time in row-major order:
        // the wing on r1c5, r5c1, r5c5 (pivot) comes before the one on
        // r3c3 (pivot), r3c8, r7c3, although its pivot comes later.
        let (g, cands) = position(&[
            (c(5, 5), &[1, 2]),
            (c(1, 5), &[1, 3]),
            (c(5, 1), &[2, 3]),
            (c(3, 3), &[4, 5]),
            (c(3, 8), &[4, 6]),
            (c(7, 3), &[5, 6]),
        ]);
        let steps = find(Technique::XyWing, &g, &cands);
        let pivots: Vec<Cell> = steps.iter().map(|s| s.cells[0]).collect();
        assert_eq!(pivots, [c(5, 5), c(3, 3)]);
        assert_eq!(elims(&steps[0]), ["r1c1<>3"]);
    }

    #[test]
    fn xyz_wing() {
        let (g, cands) = position(&[
            (c(1, 1), &[1, 2, 3]),
            (c(1, 5), &[1, 3]),
            (c(2, 2), &[2, 3]),
        ]);
        let steps = find(Technique::XyzWing, &g, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].cells, [c(1, 1), c(1, 5), c(2, 2)]);
        assert_eq!(elims(&steps[0]), ["r1c2<>3", "r1c3<>3"]);
        assert!(find(Technique::XyWing, &g, &cands).is_empty());
    }

    #[test]
    fn w_wing() {
        let (g, mut cands) = position(&[(c(1, 1), &[4, 7]), (c(5, 9), &[4, 7])]);
        let seven = Digit::new(7).unwrap();
        for col in 2..=8 {
            cands.remove(c(8, col), seven);
        }
        let steps = find(Technique::WWing, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 1), c(5, 9), c(8, 1), c(8, 9)]);
        assert_eq!(s.houses, [House::row_at(7).unwrap()]);
        assert_eq!(elims(s), ["r1c9<>4", "r5c1<>4"]);
        assert_eq!(s.links.len(), 5);
        assert_eq!(s.links[2].from, (c(8, 1), seven));
        assert!(s.links[2].strong && !s.links[1].strong);
        // Without the conjugate pair there is no W-Wing.
        cands.set(c(8, 5), DigitSet::ALL);
        assert!(find(Technique::WWing, &g, &cands).is_empty());
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        assert_each_fires(IMPLEMENTED);
    }
}
