//! [`Board`]: the pencil marks as Sudoku Explainer's chaining sees them —
//! candidates per cell and per digit as bitboards — and the potentials
//! (a candidate assumed on or off) the chains are made of.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::single_digit::HOUSE_BITS;

/// A candidate: `cell * 9 + digit index`.
pub(super) type Cand = u16;

/// A potential: a candidate with a state, `cand * 2 + on`.
pub(super) type Pot = u16;

/// One bitboard of cells per digit.
pub(super) type Bits = [u128; 9];

/// The potential of `cand` in state `on`.
pub(super) const fn pot(cand: Cand, on: bool) -> Pot {
    cand << 1 | on as u16
}

/// The candidate of a potential.
pub(super) const fn cand_of(p: Pot) -> Cand {
    p >> 1
}

/// Whether a potential is "on".
pub(super) const fn is_on(p: Pot) -> bool {
    p & 1 == 1
}

/// The cell of a candidate.
pub(super) const fn cell_of(c: Cand) -> usize {
    (c / 9) as usize
}

/// The digit index (0..9) of a candidate.
pub(super) const fn digit_of(c: Cand) -> usize {
    (c % 9) as usize
}

/// The candidate of `digit` (0..9) in `cell`.
pub(super) const fn cand(cell: usize, digit: usize) -> Cand {
    (cell * 9 + digit) as Cand
}

/// The three houses of a cell in SE's region order (block, row, column),
/// as indices into [`HOUSE_BITS`], with the kind of each.
pub(super) const fn se_houses(cell: usize) -> [(Region, usize); 3] {
    SE_HOUSES[cell]
}

/// [`se_houses`] of every cell: the propagations ask for them at every
/// node, and a look-up is cheaper than the divisions.
const SE_HOUSES: [[(Region, usize); 3]; 81] = {
    let mut table = [[(Region::Block, 0); 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        table[cell] = houses_of(cell);
        cell += 1;
    }
    table
};

/// SE's region kinds, in the order of [`se_houses`].
pub(super) const SE_REGIONS: [Region; 3] = [Region::Block, Region::Row, Region::Column];

/// The cell masks of [`se_houses`] of every cell: the propagations mask a
/// digit's places with them at every node, and one look-up per cell (no
/// house index to check against [`HOUSE_BITS`]) is the cheapest way.
pub(super) const SE_HOUSE_MASKS: [[u128; 3]; 81] = {
    let mut table = [[0u128; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let houses = houses_of(cell);
        let mut i = 0;
        while i < 3 {
            table[cell][i] = HOUSE_BITS[houses[i].1];
            i += 1;
        }
        cell += 1;
    }
    table
};

/// The three houses of a cell in SE's region order, computed.
const fn houses_of(cell: usize) -> [(Region, usize); 3] {
    let (r, c) = (cell / 9, cell % 9);
    [
        (Region::Block, 18 + (r / 3) * 3 + c / 3),
        (Region::Row, r),
        (Region::Column, 9 + c),
    ]
}

/// The kind of a house, as SE names the cause of a hidden single.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Region {
    /// A 3×3 box.
    Block,
    /// A row.
    Row,
    /// A column.
    Column,
}

// The build targets baseline x86-64, which has no popcount instruction:
// `count_ones` is a dozen instructions per word, so the hot paths test
// small counts by clearing the lowest bit instead.

/// Whether the mask has exactly one bit.
pub(super) const fn one_bit(m: u128) -> bool {
    m != 0 && m & (m - 1) == 0
}

/// Whether the mask has two bits or more.
pub(super) const fn many_bits(m: u128) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Whether the mask has exactly two bits.
pub(super) const fn two_bits(m: u128) -> bool {
    one_bit(m & m.wrapping_sub(1))
}

/// Whether the digit mask has exactly two bits.
pub(super) const fn two_digits(m: u16) -> bool {
    let r = m & m.wrapping_sub(1);
    r != 0 && r & (r - 1) == 0
}

/// The bits of a cell mask, lowest first.
// One 64-bit word at a time: clearing the lowest bit and finding it are
// one instruction each on a word, a few on 128 bits.
pub(super) fn cells(bits: u128) -> impl Iterator<Item = usize> {
    let (mut lo, mut hi) = (bits as u64, (bits >> 64) as u64);
    std::iter::from_fn(move || {
        if lo != 0 {
            let i = lo.trailing_zeros() as usize;
            lo &= lo - 1;
            Some(i)
        } else if hi != 0 {
            let i = hi.trailing_zeros() as usize;
            hi &= hi - 1;
            Some(64 + i)
        } else {
            None
        }
    })
}

/// The mask of `cell` (`1 << cell`), looked up: a shift of 128 bits by a
/// variable amount is half a dozen instructions, and the propagations
/// make one per node.
pub(super) fn bit(cell: usize) -> u128 {
    CELL_BITS[cell & 127]
}

/// [`bit`] of every cell (and of the bits past 80, never cells).
static CELL_BITS: [u128; 128] = {
    let mut table = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = 1u128 << i;
        i += 1;
    }
    table
};

/// The cells that see some cell of `m`.
pub(super) fn peers_of(m: u128) -> u128 {
    cells(m).fold(0u128, |a, x| a | crate::logic::single_digit::PEER_BITS[x])
}

/// The digits (0..9) of a digit mask, lowest first.
pub(super) fn digits(mut bits: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The pencil marks of a position: candidates per cell and per digit,
/// which cells are still empty, and how many times each digit is placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(super) struct Board {
    /// The candidates of each cell (bit `d` = digit `d + 1`).
    pub cells: [u16; 81],
    /// The cells holding each digit as a candidate.
    pub digits: Bits,
    /// The cells without a value (SE's "empty" cells, whatever their
    /// candidates).
    pub empty: u128,
    /// How many cells hold each digit as their value.
    pub placed: [u8; 9],
}

impl Board {
    /// The board of a position.
    pub(super) fn new(grid: &Grid, candidates: &Candidates) -> Board {
        let mut board = Board {
            cells: [0; 81],
            digits: [0; 9],
            empty: 0,
            placed: [0; 9],
        };
        for (i, &v) in grid.values().iter().enumerate() {
            if v == 0 {
                board.empty |= 1u128 << i;
                let set = candidates
                    .get(crate::grid::Cell::new(i).expect("i < 81"))
                    .bits();
                board.cells[i] = set;
                for d in digits(set) {
                    board.digits[d] |= 1u128 << i;
                }
            } else {
                board.placed[usize::from(v) - 1] += 1;
            }
        }
        board
    }

    /// Whether the candidate is there.
    pub(super) fn has(&self, c: Cand) -> bool {
        self.cells[cell_of(c)] >> digit_of(c) & 1 == 1
    }

    /// Removes a candidate.
    pub(super) fn remove(&mut self, c: Cand) {
        let (cell, d) = (cell_of(c), digit_of(c));
        self.cells[cell] &= !(1 << d);
        self.digits[d] &= !bit(cell);
    }

    /// The positions of digit `d` in house `h`.
    pub(super) fn positions(&self, d: usize, h: usize) -> u128 {
        self.digits[d] & HOUSE_BITS[h]
    }
}

/// A set of potentials as two bitboards per digit (off and on).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub(super) struct PotSet {
    /// The "off" potentials.
    pub off: Bits,
    /// The "on" potentials.
    pub on: Bits,
}

impl PotSet {
    /// Whether the potential is in the set.
    pub(super) fn contains(&self, p: Pot) -> bool {
        let c = cand_of(p);
        let plane = if is_on(p) { &self.on } else { &self.off };
        plane[digit_of(c)] >> cell_of(c) & 1 == 1
    }

    /// Adds the potential.
    pub(super) fn insert(&mut self, p: Pot) {
        let c = cand_of(p);
        let plane = if is_on(p) {
            &mut self.on
        } else {
            &mut self.off
        };
        plane[digit_of(c)] |= bit(cell_of(c));
    }

    /// The potentials in both sets.
    pub(super) fn and(&self, other: &PotSet) -> PotSet {
        let mut out = *self;
        for d in 0..9 {
            out.off[d] &= other.off[d];
            out.on[d] &= other.on[d];
        }
        out
    }

    /// Keeps only the potentials also in `other`.
    pub(super) fn and_assign(&mut self, other: &PotSet) {
        for d in 0..9 {
            self.off[d] &= other.off[d];
            self.on[d] &= other.on[d];
        }
    }

    /// Whether the set is empty.
    pub(super) fn is_empty(&self) -> bool {
        self.off.iter().chain(&self.on).all(|&m| m == 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of houses holds each cell's block, row and column.
    #[test]
    fn se_houses_of_every_cell() {
        for (cell, masks) in SE_HOUSE_MASKS.iter().enumerate() {
            let houses = se_houses(cell);
            let kinds = houses.map(|(k, _)| k);
            assert_eq!(kinds, SE_REGIONS);
            for (i, (_, h)) in houses.into_iter().enumerate() {
                assert!(HOUSE_BITS[h] >> cell & 1 == 1, "cell {cell} house {h}");
                assert_eq!(masks[i], HOUSE_BITS[h]);
            }
        }
    }

    /// The cells of a mask, one word at a time, are its bits in increasing
    /// order (both words, and masks across them), and [`bit`] is the shift.
    #[test]
    fn cells_and_bits_as_shifts() {
        let mut m: u128 = 0x8000_0000_0000_0000_0000_0000_0000_0001;
        for i in 0..400u32 {
            let x = m.rotate_left(i * 5) & (m.rotate_left(i) | u128::from(i));
            for x in [x, x >> 64, x << 64, x | 1 << 63 | 1 << 64, 0, u128::MAX] {
                let plain: Vec<usize> = (0..128).filter(|&b| x >> b & 1 == 1).collect();
                assert_eq!(cells(x).collect::<Vec<_>>(), plain, "{x:b}");
            }
            m = m
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                .wrapping_add(u128::from(i));
        }
        for cell in 0..128 {
            assert_eq!(bit(cell), 1u128 << cell);
        }
    }

    /// The bit tests agree with `count_ones` on masks of every count.
    #[test]
    fn small_counts_as_count_ones() {
        let mut m: u128 = 0x8000_0000_0000_0000_0000_0000_0000_0001;
        for i in 0..300u32 {
            let x = m.rotate_left(i * 7) & (m.rotate_left(i) | u128::from(i));
            for x in [x, x & (x - 1), 1u128 << (i % 128), 0] {
                let n = x.count_ones();
                assert_eq!(one_bit(x), n == 1, "{x:b}");
                assert_eq!(many_bits(x), n >= 2, "{x:b}");
                assert_eq!(two_bits(x), n == 2, "{x:b}");
                let y = x as u16;
                assert_eq!(two_digits(y), y.count_ones() == 2, "{y:b}");
            }
            m = m
                .wrapping_mul(0x2545_f491_4f6c_dd1d)
                .wrapping_add(u128::from(i));
        }
    }
}
