//! The search state: per digit, three 27-bit band words of candidates.
//!
//! Keeping candidates digit-major ("where can 5 go?") makes the row, box and
//! column reasoning for one digit a handful of word operations; the
//! cell-major view ("what can go here?") needed for naked singles is recovered
//! by bit-sliced counting across the nine digits. Each digit's three bands
//! sit in a `[u32; 4]` (the fourth lane is always 0) so that the cross-digit
//! loops compile to 128-bit vector operations, which every x86-64 and
//! wasm-simd target has, without any `unsafe`.

use super::tables::{PEERS, locate};
use crate::grid::Grid;

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
    /// Digits (bit `d`) whose candidates changed since their last filtering.
    pub(crate) dirty: u16,
}

impl Board {
    /// The board of a puzzle before any propagation, `None` when two givens
    /// clash.
    pub(crate) fn new(grid: &Grid) -> Option<Board> {
        let mut b = Board {
            cand: [ALL_CELLS; 9],
            unsolved: ALL_CELLS,
            colpres: [u32::MAX; 9],
            dirty: 0x1ff,
        };
        // Givens are applied as eliminations only; propagation then sees each
        // one as a single and places it. A clash is checked here because
        // eliminating both givens of a clash would leave nothing to detect it.
        let mut seen = [0u32; 4];
        let mut digit_cells = [[0u32; 4]; 9];
        for (cell, &v) in grid.values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = usize::from(v - 1);
            let (band, bit) = locate(cell);
            let peers = &PEERS[cell];
            if (0..3).any(|k| digit_cells[d][k] & peers[k] != 0) {
                return None;
            }
            digit_cells[d][band] |= bit;
            seen[band] |= bit;
        }
        for (d, cells) in digit_cells.iter().enumerate() {
            for band in 0..3 {
                // Other digits leave the given cells; this digit leaves their peers.
                b.cand[d][band] &= !seen[band] | cells[band];
            }
            let mut elim = [0u32; 4];
            for band in 0..3 {
                let mut m = cells[band];
                while m != 0 {
                    let cell = band * 27 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    for (e, p) in elim.iter_mut().zip(&PEERS[cell]) {
                        *e |= p;
                    }
                }
            }
            for band in 0..3 {
                b.cand[d][band] &= !elim[band];
            }
        }
        Some(b)
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
