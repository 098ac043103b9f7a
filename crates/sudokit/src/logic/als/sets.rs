//! Almost locked sets: `n` cells of one house holding `n + 1` digits, all
//! of them collected in HoDoKu's order.

use crate::candidates::{Candidates, HOUSE_CELLS};
use crate::grid::{Grid, House};
use crate::logic::single_digit::PEER_BITS;

/// An almost locked set: `n` empty cells of one house whose candidates are
/// `n + 1` digits. A single bivalue cell is an ALS of one cell.
///
/// Besides its cells and digits it keeps, per digit, where the digit sits in
/// the set and which cells outside see all those places: the bitboards the
/// ALS techniques (and chains with ALS nodes) test links against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Als {
    /// The cells (bit `i` = cell `i`).
    pub cells: u128,
    /// The digits (bit `d - 1` = digit `d`).
    pub digits: u16,
    /// The house the set was first found in (rows, then columns, then boxes).
    pub house: House,
    /// `places[d - 1]`: the cells of the set holding candidate `d`.
    pub places: [u128; 9],
    /// `buddies[d - 1]`: the cells outside the set holding candidate `d`
    /// that see every cell of `places[d - 1]` (HoDoKu's
    /// `buddiesPerCandidat`); empty for a digit the set lacks.
    pub buddies: [u128; 9],
    /// The union of `buddies`: every cell outside that sees all the places
    /// of at least one digit of the set.
    pub all_buddies: u128,
}

impl Als {
    /// The set of `cells` (of `house`) with `digits`, its per-digit fields
    /// computed on `candidates` (`digit_places[d - 1]` = the cells holding
    /// candidate `d`).
    fn new(cells: u128, digits: u16, house: House, digit_places: &[u128; 9]) -> Als {
        let mut als = Als {
            cells,
            digits,
            house,
            places: [0; 9],
            buddies: [0; 9],
            all_buddies: 0,
        };
        for (d, &with_d) in digit_places.iter().enumerate() {
            if digits >> d & 1 == 0 {
                continue;
            }
            let places = cells & with_d;
            als.places[d] = places;
            als.buddies[d] = seeing_all(places) & with_d & !cells;
            als.all_buddies |= als.buddies[d];
        }
        als
    }

    /// How many cells the set has.
    pub fn len(&self) -> usize {
        self.cells.count_ones() as usize
    }
}

/// The cells that see every cell of `cells` (none of `cells` itself).
pub(crate) fn seeing_all(mut cells: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    while cells != 0 {
        let i = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        out &= PEER_BITS[i];
    }
    out
}

/// The cells holding each digit as a candidate (`[d - 1]`).
pub(crate) fn digit_places(candidates: &Candidates) -> [u128; 9] {
    let mut out = [0u128; 9];
    for (i, cell) in crate::grid::Cell::all().enumerate() {
        let mut bits = candidates.get(cell).bits();
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out[d] |= 1u128 << i;
        }
    }
    out
}

/// Every almost locked set of the position, as HoDoKu collects them: house
/// by house (rows, columns, boxes), in each the subsets of its empty cells
/// of one to eight cells in depth-first order (first cell first), each set
/// once (in the first house it is found in). With `single_cells` false the
/// one-cell sets (bivalue cells) are left out, as HoDoKu's chains do.
///
/// The order is HoDoKu's list order; the ALS techniques' choice among
/// several steps depends on it.
pub(crate) fn collect(grid: &Grid, candidates: &Candidates, single_cells: bool) -> Vec<Als> {
    let places = digit_places(candidates);
    let mut out = Vec::with_capacity(256);
    for (h, house_cells) in HOUSE_CELLS.iter().enumerate() {
        let house = House::from_index(h).expect("h < 27");
        let mut cells = [0u8; 9];
        let mut masks = [0u16; 9];
        let mut n = 0;
        for &c in house_cells {
            if grid.values()[c as usize] == 0 {
                cells[n] = c;
                masks[n] = candidates
                    .get(crate::grid::Cell::new(c as usize).expect("c < 81"))
                    .bits();
                n += 1;
            }
        }
        let mut walk = HouseWalk {
            cells: &cells[..n],
            masks: &masks[..n],
            house,
            kind: h / 9,
            single_cells,
            places: &places,
            out: &mut out,
        };
        walk.subsets(0, 0, 0, 0);
    }
    out
}

/// The depth-first walk over the subsets of one house's empty cells.
struct HouseWalk<'a> {
    cells: &'a [u8],
    masks: &'a [u16],
    house: House,
    /// 0 row, 1 column, 2 box.
    kind: usize,
    single_cells: bool,
    places: &'a [u128; 9],
    out: &'a mut Vec<Als>,
}

impl HouseWalk<'_> {
    /// Extends the subset `set` (`size` cells, `digits`) by each cell from
    /// `start` on, recording the almost locked sets met.
    fn subsets(&mut self, start: usize, size: u32, set: u128, digits: u16) {
        if size == 8 {
            return;
        }
        for i in start..self.cells.len() {
            let set = set | 1u128 << self.cells[i];
            let digits = digits | self.masks[i];
            if digits.count_ones() == size + 2 && self.is_new(set, size + 1) {
                self.out
                    .push(Als::new(set, digits, self.house, self.places));
            }
            self.subsets(i + 1, size + 1, set, digits);
        }
    }

    /// Whether `set` was not found in an earlier house: a column's single
    /// cell lies in a row, a box's set within one line lies in that line.
    fn is_new(&self, set: u128, size: u32) -> bool {
        if size == 1 {
            return self.kind == 0 && self.single_cells;
        }
        self.kind != 2 || !(within_row(set) || within_column(set))
    }
}

/// Whether all cells of `set` lie in one row.
fn within_row(set: u128) -> bool {
    let row = set.trailing_zeros() / 9;
    set & !(0x1ffu128 << (row * 9)) == 0
}

/// Whether all cells of `set` lie in one column.
fn within_column(set: u128) -> bool {
    let col = set.trailing_zeros() % 9;
    let mask = crate::logic::single_digit::HOUSE_BITS[9 + col as usize];
    set & !mask == 0
}
