//! The search state: per digit, three 27-bit band words of candidates.
//!
//! Keeping candidates digit-major ("where can 5 go?") makes the row, box and
//! column reasoning for one digit a handful of word operations; the
//! cell-major view ("what can go here?") needed for naked singles is recovered
//! by bit-sliced counting across the nine digits. Each digit's three bands
//! sit in a `[u32; 4]` (the fourth lane is always 0) so that the cross-digit
//! loops compile to 128-bit vector operations, which every x86-64 and
//! wasm-simd target has, without `unsafe`; the one intrinsic here is the
//! SSE2 byte compare that finds the givens.

use super::tables::{PEERS, ROW0, locate};
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

/// The cells of a band (27 cell values) that hold a given (a value other
/// than 0).
///
/// x86-64 has SSE2 in its baseline: two byte compares and two byte-mask
/// moves.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn given_cells(cells: &[u8]) -> u32 {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_movemask_epi8, _mm_setzero_si128};
    // Bits 27..31 come from the padding; the mask below clears them.
    let mut bytes = [0u8; 32];
    bytes[..27].copy_from_slice(&cells[..27]);
    // SAFETY: `[u8; 16]` and `__m128i` are both 16 plain bytes, read by
    // value; SSE2 is part of the x86-64 baseline.
    unsafe {
        let lo = std::mem::transmute::<[u8; 16], __m128i>(bytes[..16].try_into().unwrap());
        let hi = std::mem::transmute::<[u8; 16], __m128i>(bytes[16..].try_into().unwrap());
        let zero = _mm_setzero_si128();
        let l = _mm_movemask_epi8(_mm_cmpeq_epi8(lo, zero)) as u32;
        let h = _mm_movemask_epi8(_mm_cmpeq_epi8(hi, zero)) as u32;
        !(l | h << 16) & super::tables::BAND
    }
}

/// The portable form of [`given_cells`].
#[cfg(any(test, not(target_arch = "x86_64")))]
#[inline(always)]
fn given_cells_portable(cells: &[u8]) -> u32 {
    cells[..27]
        .iter()
        .enumerate()
        .fold(0, |m, (i, &v)| m | u32::from(v != 0) << i)
}

#[cfg(not(target_arch = "x86_64"))]
use given_cells_portable as given_cells;

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
    /// Each given leaves the other digits' candidates and its digit leaves
    /// the given's peers: one masked AND per given. Of two givens of one
    /// digit that see each other, the later takes the digit from the
    /// earlier's cell, which is left with no candidate for the first
    /// propagation to find.
    ///
    /// Built this way, and inside the kernel, the board of a
    /// serg_benchmark puzzle takes about 750 fewer instructions (3 % of the
    /// puzzle's count) than the branch-free form it replaced, which cleared
    /// the rows, columns and boxes of each digit's givens as whole masks.
    #[inline(always)]
    pub(crate) fn new(grid: &Grid) -> Board {
        let values = grid.values();
        let mut filled = [0u32; 4];
        for (f, cells) in filled.iter_mut().zip(values.chunks_exact(27)) {
            *f = given_cells(cells);
        }
        let open: Lanes = std::array::from_fn(|k| ALL_CELLS[k] & !filled[k]);
        let mut cand = [open; 9];
        for (band, &f) in filled.iter().take(3).enumerate() {
            let mut m = f;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let cell = 27 * band + i;
                let c = &mut cand[usize::from(values[cell]) - 1];
                for k in 0..4 {
                    c[k] &= !PEERS[cell][k];
                }
                c[band] |= 1 << i;
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
    ///
    /// Built from four bit planes per band (plane `k` holds the cells whose
    /// digit has bit `k` set), each spread eight cells at a time into bytes:
    /// 40 % fewer instructions than setting the 81 cells one by one, which
    /// (with the grid's own check of the digits) was 5 % of `solve`'s.
    pub(crate) fn solution_grid(&self) -> Grid {
        let c = &self.cand;
        // Room for the last band's fourth run of eight, which holds 3 cells.
        let mut values = [0u8; 86];
        for band in 0..3 {
            let planes = [
                c[0][band] | c[2][band] | c[4][band] | c[6][band] | c[8][band],
                c[1][band] | c[2][band] | c[5][band] | c[6][band],
                c[3][band] | c[4][band] | c[5][band] | c[6][band],
                c[7][band] | c[8][band],
            ];
            // In increasing order: a fourth run's zero bytes past the band
            // are overwritten by the next band's first run.
            for run in 0..4 {
                let mut bytes = 0u64;
                for (k, &plane) in planes.iter().enumerate() {
                    bytes |= spread_bits(plane >> (8 * run) & 0xff) << k;
                }
                let at = 27 * band + 8 * run;
                values[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        let cells: [u8; 81] = values[..81].try_into().expect("81 cells");
        Grid::from_values(cells).expect("digits 1..=9")
    }
}

/// The eight low bits of `b` as eight bytes, 0 or 1, bit `i` in byte `i`
/// (little-endian order).
#[inline(always)]
fn spread_bits(b: u32) -> u64 {
    SPREAD[(b & 0xff) as usize]
}

/// [`spread_bits`] of every byte.
static SPREAD: [u64; 256] = {
    const BYTE_ONES: u64 = 0x0101_0101_0101_0101;
    let mut table = [0; 256];
    let mut b = 0;
    while b < 256 {
        // Byte `i` of `b` repeated keeps only its bit `i` ...
        let picked = (b as u64 * BYTE_ONES) & 0x8040_2010_0804_0201;
        // ... which, plus 0x7f, sets the byte's top bit exactly when it was
        // set (at most 0x80 + 0x7f: no carry into the next byte).
        table[b] = ((picked + 0x7f * BYTE_ONES) >> 7) & BYTE_ONES;
        b += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_bits_puts_each_bit_in_its_byte() {
        for b in 0..256u32 {
            let bytes = spread_bits(b).to_le_bytes();
            for (i, &byte) in bytes.iter().enumerate() {
                assert_eq!(u32::from(byte), b >> i & 1, "{b:#x} byte {i}");
            }
        }
        assert_eq!(spread_bits(0x1_00), 0, "bits past the eighth are ignored");
    }

    #[test]
    fn given_cells_match_a_cell_by_cell_scan() {
        let words: Vec<u32> = super::super::bits::sample_words().take(3000).collect();
        for w in words.chunks_exact(4) {
            // 27 values 0..=9 out of four pseudo-random words.
            let cells: Vec<u8> = (0..27)
                .map(|i| ((w[i % 4] >> (i / 4 * 4)) % 10) as u8)
                .collect();
            let want = (0..27)
                .filter(|&i| cells[i] != 0)
                .fold(0, |m, i| m | 1 << i);
            assert_eq!(given_cells(&cells), want, "{cells:?}");
            assert_eq!(given_cells_portable(&cells), want, "{cells:?}");
        }
    }
}
