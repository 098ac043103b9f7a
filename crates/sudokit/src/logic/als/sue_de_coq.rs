//! Sue de Coq as HoDoKu finds it (its MiscellaneousSolver), extended forms
//! included: two or three cells of a box-line crossing (not necessarily all
//! of its empty cells), and line and box sets that may hold digits from
//! outside the crossing, one more cell for each.

use super::evidence::Elims;
use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Grid, House};
use crate::logic::single_digit::{HOUSE_BITS, cells_of};
use crate::logic::{Step, Technique};

/// Every Sue de Coq, in HoDoKu's order (rows with their boxes, then columns
/// with their boxes; crossing cells, line sets and box sets each tried in
/// depth-first order); HoDoKu takes the first.
///
/// Crossing cells `C` with digits `V`, `|V| ≥ |C| + 2`; a set `L` of other
/// cells of the line and a set `B` of other cells of the box, `B` free of
/// the digits `L` takes from `V`, each set holding as many cells as its
/// digits from `V` it accounts for plus one per digit from outside `V`;
/// together they account for `|V| - |C|` digits. Then `C ∪ L ∪ B` holds
/// each of its digits as often as it can: the line outside loses `V ∪ L`
/// but `B`'s digits, the box outside loses `V ∪ B` but `L`'s, and a digit
/// from outside `V` in both sets leaves both houses.
pub(super) fn find(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let mut empty = 0u128;
    let mut masks = [0u16; 81];
    for cell in Cell::all() {
        if grid[cell] == 0 {
            empty |= 1u128 << cell.index();
            masks[cell.index()] = candidates.get(cell).bits();
        }
    }
    let mut search = Search {
        masks: &masks,
        steps: Vec::new(),
        line: 0,
        block: 0,
        line_house: 0,
        block_house: 0,
        crossing: 0,
        crossing_digits: 0,
        line_set: 0,
        line_digits: 0,
    };
    for (line_house, &line) in HOUSE_BITS[..18].iter().enumerate() {
        for b in 0..9 {
            search.line = line & empty;
            search.block = HOUSE_BITS[18 + b] & empty;
            search.line_house = line_house;
            search.block_house = 18 + b;
            let crossing = search.line & search.block;
            if crossing.count_ones() >= 2 {
                search.crossings(crossing);
            }
        }
    }
    search.steps
}

struct Search<'a> {
    masks: &'a [u16; 81],
    steps: Vec<Step>,
    /// The empty cells of the line and of the box.
    line: u128,
    block: u128,
    line_house: usize,
    block_house: usize,
    /// The crossing cells tried and their digits.
    crossing: u128,
    crossing_digits: u16,
    /// The line set tried and its digits.
    line_set: u128,
    line_digits: u16,
}

impl Search<'_> {
    fn digits_of(&self, cells: u128) -> u16 {
        cells_of(cells).fold(0, |m, c| m | self.masks[c.index()])
    }

    /// Tries each two or three cells of the crossing with at least two
    /// digits more than cells.
    fn crossings(&mut self, crossing: u128) {
        let cells: Vec<u128> = cells_of(crossing).map(|c| 1u128 << c.index()).collect();
        let n = cells.len();
        for i1 in 0..n.saturating_sub(1) {
            for i2 in i1 + 1..n {
                let two = cells[i1] | cells[i2];
                let digits = self.digits_of(two);
                if digits.count_ones() >= 4 {
                    self.line_sets(two, digits);
                }
                for &third in &cells[i2 + 1..] {
                    let three = two | third;
                    let digits = self.digits_of(three);
                    if digits.count_ones() >= 5 {
                        self.line_sets(three, digits);
                    }
                }
            }
        }
    }

    /// Tries the sets of other line cells (the crossing's other cells
    /// included, as HoDoKu does) for the crossing `cells` with `digits`.
    fn line_sets(&mut self, cells: u128, digits: u16) {
        self.crossing = cells;
        self.crossing_digits = digits;
        let plus = digits.count_ones() as usize - cells.count_ones() as usize;
        let source = cell_list(self.line & !cells);
        self.walk_line(&source, 0, 0, 0, plus);
    }

    /// Depth-first over subsets of the line source cells.
    fn walk_line(&mut self, source: &[u8], start: usize, set: u128, digits: u16, plus: usize) {
        for i in start..source.len() {
            let set = set | 1u128 << source[i];
            let digits = digits | self.masks[source[i] as usize];
            let size = set.count_ones() as usize;
            let inside = (digits & self.crossing_digits).count_ones() as usize;
            let extra = digits & !self.crossing_digits;
            let extras = extra.count_ones() as usize;
            if inside > 0 && size > extras && size - extras < plus {
                self.line_set = set;
                self.line_digits = digits;
                // The box set may not hold the crossing digits the line set
                // takes (its extra digits it may).
                let forbidden = digits & !extra;
                let block_source = cell_list(self.block & !self.crossing & !set);
                self.walk_block(&block_source, 0, 0, 0, forbidden, plus - (size - extras));
            }
            self.walk_line(source, i + 1, set, digits, plus);
        }
    }

    /// Depth-first over subsets of the box source cells, each free of
    /// `forbidden` digits, that account for exactly `plus` digits.
    fn walk_block(
        &mut self,
        source: &[u8],
        start: usize,
        set: u128,
        digits: u16,
        forbidden: u16,
        plus: usize,
    ) {
        for i in start..source.len() {
            let mask = self.masks[source[i] as usize];
            // A forbidden digit stays in every larger set: HoDoKu finds
            // nothing there.
            if mask & forbidden != 0 {
                continue;
            }
            let set = set | 1u128 << source[i];
            let digits = digits | mask;
            let size = set.count_ones() as usize;
            let inside = (digits & self.crossing_digits).count_ones() as usize;
            let extras = (digits & !self.crossing_digits).count_ones() as usize;
            if inside > 0 && size >= extras && size - extras == plus {
                self.check(set, digits);
            }
            self.walk_block(source, i + 1, set, digits, forbidden, plus);
        }
    }

    /// Records the Sue de Coq of the current crossing, line set and box set
    /// `(set, digits)` if it eliminates.
    fn check(&mut self, block_set: u128, block_digits: u16) {
        let (v, l, b) = (self.crossing_digits, self.line_digits, block_digits);
        let both = b & l;
        let mut elims = Elims::default();
        // HoDoKu's order: the box first, then the line.
        let mut order = Vec::with_capacity(2);
        let block_rest = self.block & !block_set & !self.crossing;
        order.push((block_rest, ((v | b) & !l) | both));
        let line_rest = self.line & !self.line_set & !self.crossing;
        order.push((line_rest, ((v | l) & !b) | both));
        for (rest, digits) in order {
            for c in cells_of(rest) {
                let mut hit = self.masks[c.index()] & digits;
                while hit != 0 {
                    let d = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    elims.add(d, 1u128 << c.index());
                }
            }
        }
        if elims.is_empty() {
            return;
        }
        let houses =
            [self.line_house, self.block_house].map(|h| House::from_index(h).expect("h < 27"));
        let mut step = Step::new(Technique::SueDeCoq)
            .with_cells(cells_of(self.crossing))
            .with_cells(cells_of(self.line_set))
            .with_cells(cells_of(block_set))
            .house(houses[0])
            .house(houses[1])
            .with_digits(DigitSet::from_bits(v));
        // HoDoKu marks the line set as fins; here they split `cells`.
        step.fins.extend(cells_of(self.line_set));
        step.eliminations.extend(elims.list());
        self.steps.push(step);
    }
}

/// The cells of a bitboard as indices, in row-major order.
fn cell_list(bits: u128) -> Vec<u8> {
    cells_of(bits).map(|c| c.index() as u8).collect()
}
