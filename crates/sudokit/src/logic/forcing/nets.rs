//! What HoDoKu's net tables start from: an assumption propagated through
//! singles as its `getTableEntry` does it (the assumption, then four
//! rounds of every naked and hidden single, taken from its queues of
//! singles: `Grid2`), which `super::grown` records and grows; and the
//! houses holding a set of cells, which the checks read.

use crate::candidates::HOUSE_CELLS;
use crate::logic::links::{Links, bits16, cells_iter, houses};
use crate::logic::single_digit::PEER_BITS;

/// HoDoKu's look-ahead: rounds of singles after the assumption.
pub(super) const ROUNDS: usize = 4;

/// HoDoKu's grid (`Sudoku2`) as an assumption of a net changes it, with
/// its queues of naked and hidden singles, which the look-ahead reads
/// (`SimpleSolver.findAllNakedSingles`, `findAllHiddenSingles`) without
/// ever taking an entry off. The queues are not the grid: an entry stays
/// when its single no longer holds (a cell left with one candidate that
/// then loses it, a hidden single whose cell loses the digit), and such
/// an entry is taken again in every later round while its cell is empty.
/// Once an assumption leads to a contradiction this decides what the
/// table holds.
#[derive(Clone)]
pub(super) struct Grid2 {
    /// Candidate bits per cell (bit `d` for 0-based digit `d`); 0 once set.
    pub(super) cells: [u16; 81],
    /// Per cell, 1 + the digit set, 0 while empty.
    pub(super) values: [u8; 81],
    /// Per house (rows, columns, boxes) and digit, HoDoKu's count of the
    /// cells holding it (`free`): not lowered when a cell loses its last
    /// candidate, so it may run ahead of the grid after a contradiction.
    pub(super) free: [[i8; 9]; 27],
    /// The naked-single queue: (cell, digit), oldest first.
    naked: Vec<(u8, u8)>,
    /// The hidden-single queue: (cell, digit), oldest first.
    hidden: Vec<(u8, u8)>,
}

impl Grid2 {
    /// The position of `links`, its queues empty (the walk has taken every
    /// single before it asks for nets).
    pub(super) fn new(links: &Links) -> Grid2 {
        let mut free = [[0i8; 9]; 27];
        let mut values = [0u8; 81];
        for (cell, &cands) in links.cands.iter().enumerate() {
            if cands == 0 {
                // Solved before: never queued, so its value is not read.
                values[cell] = 10;
            }
            for d in bits16(cands) {
                for h in houses(cell) {
                    free[h][d] += 1;
                }
            }
        }
        Grid2 {
            cells: links.cands,
            values,
            free,
            naked: Vec::new(),
            hidden: Vec::new(),
        }
    }

    /// Queues the first cell of house `h` holding `d` (`addHiddenSingle`).
    fn add_hidden(&mut self, h: usize, d: usize) {
        if let Some(&c) = HOUSE_CELLS[h]
            .iter()
            .find(|&&c| self.cells[c as usize] >> d & 1 == 1)
        {
            self.hidden.push((c, d as u8));
        }
    }

    /// Drops the oldest queued hidden single of `d` in house `h`
    /// (`deleteHiddenSingle`).
    fn delete_hidden(&mut self, h: usize, d: usize) {
        if let Some(k) = self
            .hidden
            .iter()
            .position(|&(c, e)| e as usize == d && houses(c as usize).contains(&h))
        {
            self.hidden.remove(k);
        }
    }

    /// Removes `d` from `cell` (`setCandidate(index, value, false)`): a
    /// cell left with one candidate joins the naked queue, a house left
    /// with one place the hidden queue; a cell losing its last candidate
    /// changes nothing else.
    pub(super) fn remove(&mut self, cell: usize, d: usize) {
        if self.cells[cell] >> d & 1 == 0 {
            return;
        }
        self.cells[cell] &= !(1 << d);
        if self.cells[cell] == 0 {
            return;
        }
        if self.cells[cell].count_ones() == 1 {
            let last = self.cells[cell].trailing_zeros() as u8;
            self.naked.push((cell as u8, last));
        }
        for h in houses(cell) {
            self.free[h][d] -= 1;
            match self.free[h][d] {
                1 => self.add_hidden(h, d),
                0 => self.delete_hidden(h, d),
                _ => {}
            }
        }
    }

    /// Sets `d` in `cell` (`setCell`), unless it holds `d` already (a cell
    /// set to another digit is set again): `d` leaves the peers in cell
    /// order, then the cell's candidates leave its houses.
    pub(super) fn place(&mut self, cell: usize, d: usize) {
        if self.values[cell] as usize == d + 1 {
            return;
        }
        self.values[cell] = d as u8 + 1;
        let own = self.cells[cell];
        self.cells[cell] = 0;
        for peer in cells_iter(PEER_BITS[cell]) {
            self.remove(peer, d);
        }
        for e in bits16(own) {
            for h in houses(cell) {
                self.free[h][e] -= 1;
                if self.free[h][e] == 1 && e != d {
                    self.add_hidden(h, e);
                }
            }
        }
    }

    /// The singles of one round of the look-ahead, in the order HoDoKu
    /// sets them, into `out`: the queued naked singles whose cell is still
    /// empty, then the queued hidden singles whose cell is empty and has a
    /// house with one place of the digit left (one per cell), each in
    /// queue order (HoDoKu's sort leaves singles of different cells as
    /// they are). Returns how many of them are naked singles (the first
    /// ones).
    pub(super) fn singles(&self, out: &mut Vec<(usize, usize)>) -> usize {
        out.clear();
        for &(c, d) in &self.naked {
            if self.values[c as usize] == 0 {
                out.push((c as usize, d as usize));
            }
        }
        let naked = out.len();
        let mut found = 0u128;
        for &(c, d) in &self.hidden {
            let (c, d) = (c as usize, d as usize);
            if self.values[c] == 0
                && found >> c & 1 == 0
                && houses(c).iter().any(|&h| self.free[h][d] == 1)
            {
                found |= 1 << c;
                out.push((c, d));
            }
        }
        naked
    }
}

/// Where the columns' bits of a lone set ([`houses_holding`]) start (rows
/// and boxes use the first cells of theirs, boxes shifted by one).
const COLS_AT: u32 = 82;

/// The first cell of each row (bits 0, 9, ..., 72).
const ROW_STARTS: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1 << (9 * r);
        r += 1;
    }
    m
};

/// The first cell of each box (bits 0, 3, 6, 27, ..., 60).
const BOX_STARTS: u128 = {
    let mut m = 0u128;
    let mut b = 0;
    while b < 9 {
        m |= 1 << (27 * (b / 3) + 3 * (b % 3));
        b += 1;
    }
    m
};

/// The houses in which `cells` has a cell, as a lone set: a row's bit is
/// its first cell, a box's the one after its first cell, a column's
/// [`COLS_AT`] plus its index; the cells of every house are folded onto
/// its first cell at once.
pub(super) fn houses_holding(cells: u128) -> u128 {
    let mut rows = cells | cells >> 1;
    rows |= rows >> 2;
    rows |= rows >> 4;
    rows |= cells >> 8;
    let mut cols = cells | cells >> 9;
    cols |= cols >> 18;
    cols |= cols >> 36;
    cols |= cells >> 72;
    let thirds = cells | cells >> 1 | cells >> 2;
    let boxes = thirds | thirds >> 9 | thirds >> 18;
    (rows & ROW_STARTS) | (boxes & BOX_STARTS) << 1 | (cols & 0x1ff) << COLS_AT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::single_digit::HOUSE_BITS;
    use rand::{Rng, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    /// The houses holding a cell agree with a test per house.
    #[test]
    fn houses_holding_match_a_scan_per_house() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(0x2545_f491_4f6c_dd1d);
        let all = (1u128 << 81) - 1;
        for k in 0..20_000 {
            let a = rng.random::<u128>();
            let b = rng.random::<u128>();
            let c = rng.random::<u128>();
            let cells = match k % 3 {
                0 => a & b & c & all,
                1 => a & b & all,
                _ => a & all,
            };
            let mut want = 0;
            for (h, &house) in HOUSE_BITS.iter().enumerate() {
                if house & cells != 0 {
                    want |= 1
                        << match h {
                            0..9 => 9 * h,
                            9..18 => COLS_AT as usize + h - 9,
                            _ => 1 + 27 * ((h - 18) / 3) + 3 * ((h - 18) % 3),
                        };
                }
            }
            assert_eq!(houses_holding(cells), want, "{cells:x}");
        }
    }
}
