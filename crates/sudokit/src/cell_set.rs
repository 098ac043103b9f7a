//! [`CellSet`]: a set of cells as a 81-bit mask, for patterns, groups and
//! almost locked sets.

use crate::grid::Cell;
use std::fmt;

/// A set of cells (bit `i` = the cell of row-major index `i`).
///
/// ```
/// use sudokit::{Cell, CellSet};
/// let set: CellSet = [Cell::at(1, 2).unwrap(), Cell::at(1, 3).unwrap()].into_iter().collect();
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "r2c34");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CellSet(u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);

    /// The set of the mask's bits below 81 (higher bits are dropped).
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & ((1u128 << 81) - 1))
    }

    /// The mask.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding only `cell`.
    pub const fn single(cell: Cell) -> CellSet {
        CellSet(1u128 << cell.index())
    }

    /// Adds `cell`.
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u128 << cell.index();
    }

    /// Whether `cell` is in the set.
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.index() & 1 == 1
    }

    /// How many cells.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells in both sets.
    pub const fn and(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// The cells in either set.
    pub const fn or(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// The cells of `self` not in `other`.
    pub const fn minus(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// The cells in row-major order.
    pub fn iter(self) -> impl Iterator<Item = Cell> + Clone {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Cell::new(i)
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        let mut set = CellSet::EMPTY;
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl fmt::Display for CellSet {
    /// HoDoKu's compact form: `r2c34` for cells of one row, `r23c4` for one
    /// column, else row by row joined with `,` (`r1c2,r3c45`); `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Cell> = self.iter().collect();
        let Some(first) = cells.first() else {
            return f.write_str("-");
        };
        let digits = |it: &mut dyn Iterator<Item = usize>| -> String {
            it.map(|n| char::from(b'1' + n as u8)).collect()
        };
        if cells.iter().all(|c| c.row() == first.row()) {
            let cols = digits(&mut cells.iter().map(|c| c.col()));
            return write!(f, "r{}c{cols}", first.row() + 1);
        }
        if cells.iter().all(|c| c.col() == first.col()) {
            let rows = digits(&mut cells.iter().map(|c| c.row()));
            return write!(f, "r{rows}c{}", first.col() + 1);
        }
        let parts: Vec<String> = cells
            .chunk_by(|a, b| a.row() == b.row())
            .map(|row| {
                let cols = digits(&mut row.iter().map(|c| c.col()));
                format!("r{}c{cols}", row[0].row() + 1)
            })
            .collect();
        f.write_str(&parts.join(","))
    }
}
