//! Sue de Coq as HoDoKu finds it (its MiscellaneousSolver), extended forms
//! included: two or three cells of a box-line crossing (not necessarily all
//! of its empty cells), and line and box sets that may hold digits from
//! outside the crossing, one more cell for each.

use super::evidence::Elims;
use super::sets::pop;
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

    /// The cells of a crossing as single-cell bitboards.
    fn crossing_cells(crossing: u128) -> ([u128; 3], usize) {
        let mut out = [0u128; 3];
        let mut n = 0;
        for c in cells_of(crossing).take(3) {
            out[n] = 1u128 << c.index();
            n += 1;
        }
        (out, n)
    }

    /// Tries each two or three cells of the crossing with at least two
    /// digits more than cells.
    fn crossings(&mut self, crossing: u128) {
        let (cells, n) = Self::crossing_cells(crossing);
        let cells = &cells[..n];
        for i1 in 0..n.saturating_sub(1) {
            for i2 in i1 + 1..n {
                let two = cells[i1] | cells[i2];
                let digits = self.digits_of(two);
                if pop(digits) >= 4 {
                    self.line_sets(two, digits);
                }
                for &third in &cells[i2 + 1..] {
                    let three = two | third;
                    let digits = self.digits_of(three);
                    if pop(digits) >= 5 {
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
        let plus = pop(digits) as usize - cells.count_ones() as usize;
        let line = Subsets::new(self.line & !cells, self.masks);
        // The box sets are drawn from these cells less the line set's.
        let boxes = Subsets::new(self.block & !cells, self.masks);
        for &m in line.preorder() {
            let digits = line.digits[m as usize];
            let size = pop(u16::from(m)) as usize;
            let inside = digits & self.crossing_digits;
            let extras = pop(digits & !self.crossing_digits) as usize;
            if inside != 0 && size > extras && size - extras < plus {
                // The box set may not hold the crossing digits the line set
                // takes (its extra digits it may).
                self.block_sets(&boxes, &line, m, inside, plus - (size - extras));
            }
        }
    }

    /// Tries the sets of `boxes` cells outside the line set (mask `m` of
    /// `line`), free of the `forbidden` digits, that account for exactly
    /// `plus` digits.
    fn block_sets(&mut self, boxes: &Subsets, line: &Subsets, m: u8, forbidden: u16, plus: usize) {
        let mut free = 0u8;
        for k in 0..boxes.len {
            if self.masks[usize::from(boxes.cells[k])] & forbidden == 0 {
                free |= 1 << k;
            }
        }
        if free == 0 {
            return;
        }
        self.line_set = line.cells(m);
        self.line_digits = line.digits[m as usize];
        for k in 0..boxes.len {
            if self.line_set >> boxes.cells[k] & 1 != 0 {
                free &= !(1 << k);
            }
        }
        // The subsets of the free cells, in the order of all subsets: the
        // depth-first order of the free cells alone.
        let mut spread = [0u8; 128];
        let n = pop(u16::from(free)) as usize;
        for k in 1..1usize << n {
            spread[k] = spread[k & (k - 1)] | deposit(1 << k.trailing_zeros(), free);
        }
        for &compact in &PREORDER[n] {
            let set = spread[compact as usize];
            let digits = boxes.digits[set as usize];
            let size = pop(u16::from(set)) as usize;
            let extras = pop(digits & !self.crossing_digits) as usize;
            if digits & self.crossing_digits != 0 && size >= extras && size - extras == plus {
                self.check(boxes.cells(set), digits);
            }
        }
    }

    /// Records the Sue de Coq of the current crossing, line set and box set
    /// `(set, digits)` if it eliminates.
    fn check(&mut self, block_set: u128, block_digits: u16) {
        let (v, l, b) = (self.crossing_digits, self.line_digits, block_digits);
        let both = b & l;
        let mut elims = Elims::default();
        // HoDoKu's order: the box first, then the line.
        let block_rest = self.block & !block_set & !self.crossing;
        let line_rest = self.line & !self.line_set & !self.crossing;
        let order = [
            (block_rest, ((v | b) & !l) | both),
            (line_rest, ((v | l) & !b) | both),
        ];
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

/// The subsets of up to eight cells: their digits by mask (bit `k` = the
/// `k`-th cell in row-major order), visited in HoDoKu's depth-first order.
struct Subsets {
    cells: [u8; 8],
    len: usize,
    digits: [u16; 256],
}

impl Subsets {
    fn new(bits: u128, masks: &[u16; 81]) -> Subsets {
        let mut out = Subsets {
            cells: [0; 8],
            len: 0,
            digits: [0; 256],
        };
        for c in cells_of(bits).take(8) {
            out.cells[out.len] = c.index() as u8;
            out.len += 1;
        }
        for m in 1..1usize << out.len {
            let low = m.trailing_zeros() as usize;
            out.digits[m] = out.digits[m & (m - 1)] | masks[usize::from(out.cells[low])];
        }
        out
    }

    /// The nonempty masks in depth-first order: first cell first, a set
    /// before its extensions (`{0} {0,1} {0,1,2} … {0,2} …`).
    fn preorder(&self) -> &'static [u8] {
        &PREORDER[self.len]
    }

    /// The cells of a mask as a bitboard.
    fn cells(&self, m: u8) -> u128 {
        (0..self.len)
            .filter(|&k| m >> k & 1 != 0)
            .fold(0, |b, k| b | 1u128 << self.cells[k])
    }
}

/// The bit of `free` at the position of the single bit of `bit` among its
/// set bits (`bit` = 1 << k: the `k`-th set bit of `free`).
fn deposit(bit: u8, free: u8) -> u8 {
    let mut free = free;
    for _ in 0..bit.trailing_zeros() {
        free &= free - 1;
    }
    free & free.wrapping_neg()
}

/// For each number of cells `n ≤ 8`, the nonempty subsets of `n` cells in
/// depth-first order.
static PREORDER: std::sync::LazyLock<[Vec<u8>; 9]> = std::sync::LazyLock::new(|| {
    fn walk(n: usize, start: usize, set: u8, out: &mut Vec<u8>) {
        for k in start..n {
            let set = set | 1 << k;
            out.push(set);
            walk(n, k + 1, set, out);
        }
    }
    std::array::from_fn(|n| {
        let mut out = Vec::with_capacity((1 << n) - 1);
        walk(n, 0, 0, &mut out);
        out
    })
});
