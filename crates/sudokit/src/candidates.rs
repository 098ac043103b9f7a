//! Pencil marks: a [`DigitSet`] per cell, and the geometry tables (houses,
//! peers) that every solver shares.

use crate::grid::{Cell, Digit, Grid, House};
use std::fmt;

/// A set of digits as a 9-bit mask (bit 0 is digit 1).
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// All nine digits.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set with the given mask (bits above 8 are dropped).
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The 9-bit mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// How many digits the set holds.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `d` is in the set.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & d.bit() != 0
    }

    /// Adds `d`.
    pub fn insert(&mut self, d: Digit) {
        self.0 |= d.bit();
    }

    /// Removes `d`; returns whether it was there.
    pub fn remove(&mut self, d: Digit) -> bool {
        let had = self.contains(d);
        self.0 &= !d.bit();
        had
    }

    /// The only digit of a one-digit set.
    pub fn single(self) -> Option<Digit> {
        if self.len() == 1 {
            Digit::from_index(self.0.trailing_zeros() as usize)
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Digit> + Clone {
        Digit::all().filter(move |d| self.contains(*d))
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

impl fmt::Display for DigitSet {
    /// The digits run together, as in pencil marks: `157`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.iter().try_for_each(|d| write!(f, "{d}"))
    }
}

impl std::str::FromStr for DigitSet {
    type Err = char;

    /// Reads digits run together (`157`, in any order, repeats allowed);
    /// the error is the first character that is not a digit 1-9.
    fn from_str(s: &str) -> Result<DigitSet, char> {
        s.chars()
            .map(|ch| ch.to_digit(10).and_then(|d| Digit::new(d as u8)).ok_or(ch))
            .collect()
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut s = DigitSet::EMPTY;
        iter.into_iter().for_each(|d| s.insert(d));
        s
    }
}

/// The cells of each of the 27 houses: rows, then columns, then boxes.
pub const HOUSE_CELLS: [[u8; 9]; 27] = house_cells();

/// The 20 peers of each cell: the other cells of its row, column and box.
pub const PEERS: [[u8; 20]; 81] = peers();

const fn house_cells() -> [[u8; 9]; 27] {
    let mut out = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            out[i][k] = (i * 9 + k) as u8;
            out[9 + i][k] = (k * 9 + i) as u8;
            out[18 + i][k] = (((i / 3) * 3 + k / 3) * 9 + (i % 3) * 3 + k % 3) as u8;
            k += 1;
        }
        i += 1;
    }
    out
}

const fn peers() -> [[u8; 20]; 81] {
    let mut out = [[0u8; 20]; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col, b) = (c / 9, c % 9, (c / 27) * 3 + (c % 9) / 3);
        let mut n = 0;
        let mut o = 0;
        while o < 81 {
            let (r2, c2, b2) = (o / 9, o % 9, (o / 27) * 3 + (o % 9) / 3);
            if o != c && (r2 == r || c2 == col || b2 == b) {
                out[c][n] = o as u8;
                n += 1;
            }
            o += 1;
        }
        c += 1;
    }
    out
}

/// The candidates of every cell; a filled cell has none.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Candidates {
    sets: [DigitSet; 81],
}

impl Candidates {
    /// Pencil marks for `grid`: each empty cell gets every digit that no peer holds.
    ///
    /// ```
    /// use sudokit::{Candidates, Cell, Grid};
    /// let g: Grid = "123456789".to_string().chars().chain(std::iter::repeat('.').take(72)).collect::<String>().parse().unwrap();
    /// let c = Candidates::from_grid(&g);
    /// assert!(c.get(Cell::at(0, 0).unwrap()).is_empty());
    /// assert_eq!(c.get(Cell::at(1, 0).unwrap()).to_string(), "456789");
    /// ```
    pub fn from_grid(grid: &Grid) -> Candidates {
        let mut sets = [DigitSet::EMPTY; 81];
        for cell in Cell::all() {
            if grid[cell] != 0 {
                continue;
            }
            let used = PEERS[cell.index()]
                .iter()
                .fold(0u16, |m, &p| m | (1u16 << grid.values()[p as usize]) >> 1);
            sets[cell.index()] = DigitSet::from_bits(!used);
        }
        Candidates { sets }
    }

    /// The candidates of `cell`.
    pub fn get(&self, cell: Cell) -> DigitSet {
        self.sets[cell.index()]
    }

    /// Replaces the candidates of `cell`.
    pub fn set(&mut self, cell: Cell, set: DigitSet) {
        self.sets[cell.index()] = set;
    }

    /// The cells holding each digit as a candidate, as bitboards (`[d - 1]`,
    /// bit `i` for the cell with index `i`): the form in which searches
    /// over houses ask their questions.
    pub(crate) fn planes(&self) -> [u128; 9] {
        let mut out = [0u128; 9];
        for (i, set) in self.sets.iter().enumerate() {
            let mut bits = set.bits();
            while bits != 0 {
                out[bits.trailing_zeros() as usize] |= 1u128 << i;
                bits &= bits - 1;
            }
        }
        out
    }

    /// The cells that lost candidates from `earlier` to `self`, as a
    /// bitboard (bit `i` for the cell with index `i`); `None` if some cell
    /// gained one. Searches that remember what they found on an earlier
    /// position look again only where something was removed.
    pub(crate) fn removed_since(&self, earlier: &Candidates) -> Option<u128> {
        let mut gained = 0u16;
        let removed = self.differing_rows(earlier, |now, then| gained |= now & !then);
        (gained == 0).then_some(removed)
    }

    /// The cells whose candidates differ between `self` and `other`, as a
    /// bitboard (bit `i` for the cell with index `i`).
    pub(crate) fn differing_cells(&self, other: &Candidates) -> u128 {
        self.differing_rows(other, |_, _| {})
    }

    /// The cells whose candidates differ between `self` and `other`, also
    /// shown to `each` (candidates here, there); rows are compared whole
    /// first, as positions that follow each other differ in a few rows.
    fn differing_rows(&self, other: &Candidates, mut each: impl FnMut(u16, u16)) -> u128 {
        let mut out = 0u128;
        for (r, (mine, theirs)) in self.sets.chunks(9).zip(other.sets.chunks(9)).enumerate() {
            if mine == theirs {
                continue;
            }
            for (k, (a, b)) in mine.iter().zip(theirs).enumerate() {
                if a != b {
                    each(a.bits(), b.bits());
                    out |= 1 << (9 * r + k);
                }
            }
        }
        out
    }

    /// Removes `digit` from `cell`; returns whether it was a candidate.
    pub fn remove(&mut self, cell: Cell, digit: Digit) -> bool {
        self.sets[cell.index()].remove(digit)
    }

    /// Records `digit` placed in `cell`: the cell loses all candidates and its
    /// peers lose `digit`.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        self.sets[cell.index()] = DigitSet::EMPTY;
        for &p in &PEERS[cell.index()] {
            self.sets[p as usize].remove(digit);
        }
    }

    /// The cells of `house` where `digit` is a candidate, in row-major order.
    ///
    /// A [`House`] is always one of the 27, so there is no index to get wrong.
    pub fn cells_with(&self, house: House, digit: Digit) -> impl Iterator<Item = Cell> + '_ {
        house
            .cells()
            .into_iter()
            .filter(move |c| self.get(*c).contains(digit))
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.sets.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peers_are_twenty_distinct_seeing_cells() {
        for c in Cell::all() {
            let peers = PEERS[c.index()];
            for (i, &p) in peers.iter().enumerate() {
                assert!(c.sees(Cell::new(p as usize).unwrap()));
                assert!(!peers[i + 1..].contains(&p));
            }
        }
    }

    #[test]
    fn house_tables_match_houses() {
        for h in crate::House::all() {
            let cells: Vec<u8> = h.cells().iter().map(|c| c.index() as u8).collect();
            assert_eq!(cells, HOUSE_CELLS[h.index()]);
        }
    }

    #[test]
    fn place_clears_peers() {
        let mut c = Candidates::from_grid(&Grid::empty());
        let cell = Cell::at(4, 4).unwrap();
        let five = Digit::new(5).unwrap();
        c.place(cell, five);
        assert!(c.get(cell).is_empty());
        assert!(!c.get(Cell::at(4, 0).unwrap()).contains(five));
        assert!(!c.get(Cell::at(3, 3).unwrap()).contains(five));
        assert!(c.get(Cell::at(0, 0).unwrap()).contains(five));
        assert_eq!(c.cells_with(cell.box_house(), five).count(), 0);
        assert_eq!(c.cells_with(cell.row_house(), five).count(), 0);
        let far = crate::House::box_at(0).unwrap();
        assert_eq!(c.cells_with(far, five).count(), 9);
        assert_eq!(DigitSet::from_bits(0b10001).to_string(), "15");
        assert_eq!(DigitSet::from_bits(0b10000).single(), Digit::new(5));
    }
}
