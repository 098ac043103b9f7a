//! The search state: per digit, three 27-bit band words of candidates.
//!
//! Keeping candidates digit-major ("where can 5 go?") makes the row, box and
//! column reasoning for one digit a handful of word operations; the
//! cell-major view ("what can go here?") needed for naked singles is recovered
//! by bit-sliced counting across the nine digits. Each digit's three bands
//! sit in a `[u32; 4]` (the fourth lane is always 0) so that the cross-digit
//! loops compile to 128-bit vector operations, which every x86-64 and
//! wasm-simd target has, without any `unsafe`.

use super::tables::{COLS_TO_ROWS, PEERS, ROW0, locate};
use crate::grid::Grid;

/// Which of the nine columns of a band word hold a candidate.
#[inline(always)]
pub(crate) fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW0
}

/// Bit 0 of each of a band word's three rows.
pub(crate) const ROW_STARTS: u32 = 1 | 1 << 9 | 1 << 18;

/// Bit 8 of each row of a band word that holds some bit of `x`: adding
/// 0xff to a row's low eight bits carries into bit 8 unless they are all 0.
#[inline(always)]
pub(crate) fn row_flags(x: u32) -> u32 {
    const LOW8: u32 = 0xff * ROW_STARTS;
    (x | ((x & LOW8) + LOW8)) & (0x100 * ROW_STARTS)
}

/// The full rows (nine cells) of a band word that hold some bit of `x`.
#[inline(always)]
fn busy_rows(x: u32) -> u32 {
    (row_flags(x) >> 8) * ROW0
}

/// The cells of the boxes of a band word that hold some bit of `x`.
#[inline(always)]
fn busy_boxes(x: u32) -> u32 {
    let c = columns(x);
    // Bit 3k: box k holds a bit; times 7 its three columns, then all rows.
    ((c | c >> 1 | c >> 2) & 0o111) * 7 * COLS_TO_ROWS
}

/// Bits 7, 15, ..., 63 of `x` (the high bit of each byte), gathered into
/// the low eight bits.
#[inline(always)]
fn byte_high_bits(x: u64) -> u32 {
    ((x & 0x8080_8080_8080_8080).wrapping_mul(0x0002_0408_1020_4081) >> 56) as u32
}

/// The four bit planes of 27 cell values (each below 16) as band words:
/// `planes[k]` has bit `i` set when bit `k` of `cells[i]` is.
///
/// Eight cells per 64-bit word, no table and no per-cell store: building
/// the givens by a read-modify-write per cell on a table indexed by the
/// value chained the stores of consecutive empty cells, which cost a tenth
/// of the time of an easy puzzle.
#[inline(always)]
fn bit_planes(cells: &[u8]) -> [u32; 4] {
    let mut bytes = [0u8; 32];
    bytes[..27].copy_from_slice(&cells[..27]);
    let words: [u64; 4] =
        std::array::from_fn(|j| u64::from_le_bytes(bytes[8 * j..8 * j + 8].try_into().unwrap()));
    std::array::from_fn(|k| {
        let mut plane = 0;
        for (j, w) in words.iter().enumerate() {
            plane |= byte_high_bits(w << (7 - k)) << (8 * j);
        }
        plane
    })
}

/// Candidates of one digit in the three bands, plus a zero lane.
pub(crate) type Lanes = [u32; 4];

/// All 81 cells as band words.
pub(crate) const ALL_CELLS: Lanes = [
    super::tables::BAND,
    super::tables::BAND,
    super::tables::BAND,
    0,
];

/// A search node: the candidates left and the cells still unplaced.
///
/// Small and `Copy` (about 200 bytes) because guessing copies it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Board {
    /// `cand[d][band]`: where digit `d + 1` can still go.
    pub(crate) cand: [Lanes; 9],
    /// Cells whose digit is not yet placed.
    pub(crate) unsolved: Lanes,
    /// Per digit, the column layout its stack filter last produced (see
    /// `propagate.rs`); `u32::MAX` before the first filtering.
    pub(crate) colpres: [u32; 9],
    /// Per digit, the minirows its band filter last kept (bit
    /// `9 * band + 3 * row + box`); current whenever no digit is dirty.
    pub(crate) rowpres: [u32; 9],
    /// Digits (bit `d`) whose candidates changed since their last filtering.
    pub(crate) dirty: u16,
}

impl Board {
    /// The board of a puzzle before any propagation.
    ///
    /// Branch-free over the cells and digits: each digit's givens are
    /// gathered as band words, and their rows, columns and boxes are
    /// cleared as whole masks (no per-given peer loop). A given keeps its
    /// digit as its only candidate, so two givens that clash are caught by
    /// the first propagation: the naked single of one removes the other's
    /// last candidate.
    pub(crate) fn new(grid: &Grid) -> Board {
        // Slot 0 collects the empty cells.
        let mut given = [[0u32; 3]; 10];
        for (band, cells) in grid.values().chunks_exact(27).enumerate() {
            let planes = bit_planes(cells);
            for (v, g) in given.iter_mut().enumerate() {
                let mut m = super::tables::BAND;
                for (k, p) in planes.iter().enumerate() {
                    m &= if v >> k & 1 != 0 { *p } else { !*p };
                }
                g[band] = m;
            }
        }
        let mut cand = [ALL_CELLS; 9];
        for d in 0..9 {
            let g = given[d + 1];
            let cols = (columns(g[0]) | columns(g[1]) | columns(g[2])) * COLS_TO_ROWS;
            for band in 0..3 {
                let filled = ALL_CELLS[band] & !given[0][band];
                let seen = busy_rows(g[band]) | busy_boxes(g[band]) | cols;
                // Other digits leave the given cells; this digit leaves
                // their rows, columns and boxes but keeps the givens.
                cand[d][band] &= !(seen | filled) | g[band];
            }
        }
        Board {
            cand,
            unsolved: ALL_CELLS,
            colpres: [u32::MAX; 9],
            rowpres: [0; 9],
            dirty: 0x1ff,
        }
    }

    /// Puts digit `d` (0-based) in `cell`: removes it from the peers and every
    /// other digit from the cell. Propagation does the rest.
    #[inline(always)]
    pub(crate) fn assign(&mut self, cell: usize, d: usize) {
        let (band, bit) = locate(cell);
        for (e, p) in self.cand[d].iter_mut().zip(&PEERS[cell]) {
            *e &= !p;
        }
        let mut dirty = 1 << d;
        for (k, c) in self.cand.iter_mut().enumerate() {
            if k != d {
                dirty |= u16::from(c[band] & bit != 0) << k;
                c[band] &= !bit;
            }
        }
        self.dirty |= dirty;
    }

    /// Keeps only the candidates of digit `d` (0-based) inside `mask`.
    #[inline(always)]
    pub(crate) fn restrict(&mut self, d: usize, mask: &Lanes) {
        for k in 0..4 {
            self.cand[d][k] &= mask[k];
        }
        self.dirty |= 1 << d;
    }

    /// Removes candidate `d` (0-based) from `cell`.
    #[inline(always)]
    pub(crate) fn eliminate(&mut self, cell: usize, d: usize) {
        let (band, bit) = locate(cell);
        self.cand[d][band] &= !bit;
        self.dirty |= 1 << d;
    }

    /// Whether every cell is placed (meaningful after a successful propagation).
    #[inline(always)]
    pub(crate) fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// The grid of a solved board.
    pub(crate) fn solution_grid(&self) -> Grid {
        let mut values = [0u8; 81];
        for (d, lanes) in self.cand.iter().enumerate() {
            for (band, &w) in lanes.iter().take(3).enumerate() {
                let mut m = w;
                while m != 0 {
                    values[band * 27 + m.trailing_zeros() as usize] = d as u8 + 1;
                    m &= m - 1;
                }
            }
        }
        Grid::from_values(values).expect("digits 1..=9")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn busy_rows_and_boxes_match_a_cell_by_cell_scan() {
        for x in super::super::bits::sample_words() {
            // Sparse words, like a digit's givens in a band.
            let w = x & (x >> 7) & (x >> 3);
            let (mut rows, mut boxes) = (0, 0);
            for cell in 0..27 {
                if w >> cell & 1 != 0 {
                    let (r, b) = (cell / 9, cell % 9 / 3);
                    rows |= ROW0 << (9 * r);
                    for other in 0..27 {
                        if other % 9 / 3 == b {
                            boxes |= 1 << other;
                        }
                    }
                }
            }
            assert_eq!(busy_rows(w), rows, "{w:#x}");
            assert_eq!(busy_boxes(w), boxes, "{w:#x}");
        }
    }
}
