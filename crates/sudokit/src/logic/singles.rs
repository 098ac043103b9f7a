//! The singles: full house, naked single, hidden single.
//!
//! Each function returns every instance on the position, in row-major order
//! of the cell placed, one step per cell: a cell that is the last of its row
//! and of its box is one full house (naming the first house, rows before
//! columns before boxes), as in HoDoKu.

use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::single_digit::HOUSE_BITS;
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingle,
];

fn house_of(index: usize) -> House {
    House::from_index(index).expect("index < 27")
}

fn cell(i: u8) -> Cell {
    Cell::new(i as usize).expect("table cells are < 81")
}

fn placement(technique: Technique, cell: Cell, digit: Digit, houses: Vec<House>) -> Step {
    let mut step = Step::new(technique).place(cell, digit);
    step.houses = houses;
    step
}

/// Keeps the first step per placed cell and sorts them by cell.
fn one_per_cell(mut steps: Vec<Step>) -> Vec<Step> {
    // A stable sort keeps the first house found for each cell in front.
    steps.sort_by_key(|s| s.placements[0].0);
    steps.dedup_by_key(|s| s.placements[0].0);
    steps
}

/// Houses with exactly one empty cell: that cell gets the missing digit.
///
/// Only when the digit is still a candidate of the cell; otherwise the
/// position is contradictory and there is nothing sound to place.
///
/// ```
/// use sudokit::logic::singles;
/// use sudokit::{Candidates, Grid};
/// let g: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let steps = singles::full_houses(&g, &Candidates::from_grid(&g));
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0].to_string(), "full-house: r1c9=9 (row 1)");
/// ```
pub fn full_houses(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let mut steps = Vec::new();
    for (h, cells) in HOUSE_CELLS.iter().enumerate() {
        let mut empty = cells.iter().map(|&c| cell(c)).filter(|&c| grid[c] == 0);
        let (Some(last), None) = (empty.next(), empty.next()) else {
            continue;
        };
        let placed: DigitSet = cells.iter().filter_map(|&c| grid.get(cell(c))).collect();
        let missing = DigitSet::from_bits(!placed.bits());
        let digit = missing
            .single()
            .filter(|&d| candidates.get(last).contains(d));
        if let Some(digit) = digit {
            steps.push(placement(
                Technique::FullHouse,
                last,
                digit,
                vec![house_of(h)],
            ));
        }
    }
    one_per_cell(steps)
}

/// Empty cells with a single candidate.
///
/// ```
/// use sudokit::logic::singles;
/// use sudokit::{Candidates, Cell, Digit, Grid};
/// // Row 1 holds 1-4 and column 5 holds 5-8: r1c5 can only be 9.
/// let mut g = Grid::empty();
/// for (r, c, d) in [(0, 0, 1), (0, 1, 2), (0, 2, 3), (0, 3, 4), (1, 4, 5), (2, 4, 6), (3, 4, 7), (4, 4, 8)] {
///     g.set(Cell::at(r, c).unwrap(), Digit::new(d));
/// }
/// let steps = singles::naked_singles(&g, &Candidates::from_grid(&g));
/// assert_eq!(steps.len(), 1);
/// assert_eq!(steps[0].to_string(), "naked-single: r1c5=9");
/// ```
pub fn naked_singles(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    grid.empty_cells()
        .filter_map(|c| {
            let digit = candidates.get(c).single()?;
            Some(placement(Technique::NakedSingle, c, digit, Vec::new()))
        })
        .collect()
}

/// Digits with a single place in a house.
///
/// ```
/// use sudokit::logic::singles;
/// use sudokit::{Candidates, Cell, Digit, Grid};
/// // The 1s of boxes 1 and 2 and of columns 7 and 8 leave 1 one place in row 1.
/// let mut g = Grid::empty();
/// for (r, c) in [(1, 2), (2, 5), (4, 6), (7, 7)] {
///     g.set(Cell::at(r, c).unwrap(), Digit::new(1));
/// }
/// let steps = singles::hidden_singles(&g, &Candidates::from_grid(&g));
/// assert!(steps.iter().any(|s| s.to_string() == "hidden-single: r1c9=1 (row 1)"));
/// ```
pub fn hidden_singles(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    // Bitboards per digit: a house has a hidden single of `d` when exactly
    // one of its cells holds `d` as a candidate and no cell holds `d` placed.
    let places = crate::logic::memo::planes(candidates);
    // Per digit, the houses (bit per house index) where it is placed.
    let mut done = [0u32; 9];
    for (i, &v) in grid.values().iter().enumerate() {
        if v != 0 {
            let (r, c) = (i / 9, i % 9);
            done[usize::from(v) - 1] |= 1 << r | 1 << (9 + c) | 1 << (18 + r / 3 * 3 + c / 3);
        }
    }
    let mut found: Vec<(usize, Digit)> = Vec::new();
    for (digit, &p) in Digit::all().zip(&places) {
        let mut open = !done[digit.index()] & ((1 << 27) - 1);
        while open != 0 {
            let h = open.trailing_zeros() as usize;
            open &= open - 1;
            if (p & HOUSE_BITS[h]).count_ones() == 1 {
                found.push((h, digit));
            }
        }
    }
    // In house order, then digit order; then, as `one_per_cell` does, the
    // first house of each cell (before any step is built).
    found.sort_unstable();
    let mut hits: Vec<(u8, usize, Digit)> = found
        .into_iter()
        .map(|(h, d)| {
            let c = (places[d.index()] & HOUSE_BITS[h]).trailing_zeros() as u8;
            (c, h, d)
        })
        .collect();
    hits.sort_by_key(|&(c, _, _)| c);
    hits.dedup_by_key(|&mut (c, _, _)| c);
    hits.into_iter()
        .map(|(c, h, digit)| placement(Technique::HiddenSingle, cell(c), digit, vec![house_of(h)]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    #[test]
    fn full_house_is_reported_once_per_cell() {
        // r1c9 is the last cell of row 1 and of column 9.
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut g = grid(solved);
        g.set(Cell::at(0, 8).unwrap(), None);
        let steps = full_houses(&g, &Candidates::from_grid(&g));
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].to_string(), "full-house: r1c9=2 (row 1)");
    }

    #[test]
    fn apply_places_and_skips_stale_steps() {
        let g0 = grid(&format!("12345678.{}", ".".repeat(72)));
        let mut g = g0;
        let mut c = Candidates::from_grid(&g);
        let steps = naked_singles(&g, &c);
        assert_eq!(steps.len(), 1);
        assert!(steps[0].apply(&mut g, &mut c));
        assert_eq!(g.get(Cell::at(0, 8).unwrap()), Digit::new(9));
        assert!(
            !c.get(Cell::at(1, 8).unwrap())
                .contains(Digit::new(9).unwrap())
        );
        assert!(!steps[0].apply(&mut g, &mut c));
    }

    #[test]
    fn singles_agree_with_the_solution() {
        let puzzle = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let solution = grid(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        let cands = Candidates::from_grid(&puzzle);
        let all: Vec<Step> = [full_houses, naked_singles, hidden_singles]
            .iter()
            .flat_map(|f| f(&puzzle, &cands))
            .collect();
        assert!(!all.is_empty());
        for s in all {
            for (c, d) in s.placements {
                assert_eq!(solution.get(c), Some(d), "{c}={d}");
            }
        }
    }
}
