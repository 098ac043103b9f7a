//! Random solution grids.
//!
//! Method: the three boxes of the main diagonal (which share no house) get
//! independent uniform permutations of 1-9; a randomized backtracking fill
//! completes the grid (the cell with the fewest candidates first, ties
//! broken at random; its digits in random order); then a uniformly random
//! validity-preserving transformation is applied: bands, stacks, the rows of
//! each band and the columns of each stack permuted, an optional
//! transposition, and the digits relabelled.
//!
//! Bias: the fill does not draw uniformly among the 6.67·10²¹ solution
//! grids, because a grid is reached with the probability of the random
//! choices that lead to it, and those differ from grid to grid. The final
//! transformation makes every grid of an equivalence class (the 3 359 232 ×
//! 9! transformations of one grid) equally likely, so the remaining bias is
//! only among classes. No known property of a puzzle (its difficulty
//! included) is noticeably affected; a strictly uniform generator would
//! need e.g. a Markov chain over grids, much slower.

use crate::grid::{Cell, Grid};
use rand::Rng;
use rand::seq::SliceRandom;

/// The fill: digits placed and the digits used per house.
struct Fill {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
    /// Search nodes left before the fill starts over (a guard against the
    /// rare long dead end).
    budget: u32,
}

impl Fill {
    fn new() -> Fill {
        Fill {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
            budget: 10_000,
        }
    }

    fn free(&self, i: usize) -> u16 {
        let c = Cell::new(i).expect("i < 81");
        !(self.rows[c.row()] | self.cols[c.col()] | self.boxes[c.box_index()]) & 0x3fe
    }

    fn put(&mut self, i: usize, d: u8) {
        let c = Cell::new(i).expect("i < 81");
        let bit = 1u16 << d;
        self.cells[i] = d;
        self.rows[c.row()] |= bit;
        self.cols[c.col()] |= bit;
        self.boxes[c.box_index()] |= bit;
    }

    fn take(&mut self, i: usize) {
        let c = Cell::new(i).expect("i < 81");
        let bit = !(1u16 << self.cells[i]);
        self.cells[i] = 0;
        self.rows[c.row()] &= bit;
        self.cols[c.col()] &= bit;
        self.boxes[c.box_index()] &= bit;
    }

    /// Completes the grid; `false` on a contradiction or when the budget is
    /// spent.
    fn complete(&mut self, rng: &mut impl Rng) -> bool {
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        // The empty cell with the fewest candidates, ties at random
        // (reservoir sampling over the ties).
        let mut best: Option<(usize, u16)> = None;
        let mut ties = 0u32;
        for i in 0..81 {
            if self.cells[i] != 0 {
                continue;
            }
            let free = self.free(i);
            let n = free.count_ones();
            if n == 0 {
                return false;
            }
            match best {
                Some((_, b)) if n > b.count_ones() => {}
                Some((_, b)) if n == b.count_ones() => {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = Some((i, free));
                    }
                }
                _ => {
                    best = Some((i, free));
                    ties = 1;
                }
            }
        }
        let Some((i, free)) = best else {
            return true;
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| free & (1 << d) != 0).collect();
        digits.shuffle(rng);
        for d in digits {
            self.put(i, d);
            if self.complete(rng) {
                return true;
            }
            self.take(i);
        }
        false
    }
}

/// A random solution grid (see the module documentation for the method and
/// its bias).
#[allow(
    clippy::missing_panics_doc,
    reason = "a completed fill holds digits 1-9 only"
)]
pub fn random_solution(rng: &mut impl Rng) -> Grid {
    loop {
        let mut fill = Fill::new();
        for b in [0usize, 4, 8] {
            let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
            digits.shuffle(rng);
            for (k, d) in digits.into_iter().enumerate() {
                let (r, c) = ((b / 3) * 3 + k / 3, (b % 3) * 3 + k % 3);
                fill.put(r * 9 + c, d);
            }
        }
        if fill.complete(rng) {
            let grid = Grid::from_values(fill.cells).expect("digits 1-9");
            return transform(&grid, rng);
        }
    }
}

/// A uniformly random permutation of 0..9 that keeps bands (groups of three
/// rows, or columns) together: the bands permuted, then the lines in each.
fn line_permutation(rng: &mut impl Rng) -> [usize; 9] {
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    let mut out = [0usize; 9];
    for (k, &band) in bands.iter().enumerate() {
        let mut lines = [0usize, 1, 2];
        lines.shuffle(rng);
        for (j, &line) in lines.iter().enumerate() {
            out[k * 3 + j] = band * 3 + line;
        }
    }
    out
}

/// `grid` under a uniformly random validity-preserving transformation.
fn transform(grid: &Grid, rng: &mut impl Rng) -> Grid {
    let rows = line_permutation(rng);
    let cols = line_permutation(rng);
    let transpose = rng.random_bool(0.5);
    let mut relabel: [u8; 10] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    relabel[1..].shuffle(rng);
    let v = grid.values();
    let mut out = [0u8; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = (rows[r], cols[c]);
            let (sr, sc) = if transpose { (sc, sr) } else { (sr, sc) };
            out[r * 9 + c] = relabel[v[sr * 9 + sc] as usize];
        }
    }
    Grid::from_values(out).expect("digits 0-9")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn grids_are_valid_varied_and_reproducible() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let grids: Vec<Grid> = (0..200).map(|_| random_solution(&mut rng)).collect();
        for g in &grids {
            assert!(g.is_full() && rules::is_solved(g), "{g}");
        }
        let mut distinct = grids.clone();
        distinct.sort_by_key(|g| *g.values());
        distinct.dedup();
        assert_eq!(distinct.len(), grids.len());
        let mut again = Xoshiro256PlusPlus::seed_from_u64(7);
        assert_eq!(random_solution(&mut again), grids[0]);
    }

    /// Every digit shows up in every cell across many grids: no cell is
    /// pinned by the method.
    #[test]
    fn every_cell_takes_every_digit() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        let mut seen = [0u16; 81];
        for _ in 0..300 {
            let g = random_solution(&mut rng);
            for (i, &v) in g.values().iter().enumerate() {
                seen[i] |= 1 << v;
            }
        }
        assert!(seen.iter().all(|&m| m == 0x3fe));
    }

    #[test]
    fn transformations_keep_grids_valid() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let g = random_solution(&mut rng);
        for _ in 0..100 {
            assert!(rules::is_solved(&transform(&g, &mut rng)));
        }
    }
}
