//! Choosing what to guess when propagation is stuck.
//!
//! First choice, as in tdoku: a *band split*. Per digit, the minirows of a
//! band (or the minicolumns of a stack) follow one of six permutations; in
//! the band or stack with the fewest (digit, permutation) pairs left, a digit
//! with exactly two is split into "its minirows follow the first" and "they
//! follow the second". Both sides are plain candidate masks, and the triad
//! rule works on the permutations a split fixes. On the hard sets this cut
//! the guesses by a fifth (forum_hardest_1905: 82.8 to 63.5 per puzzle,
//! as many as tdoku).
//!
//! A digit with three permutations left is split three ways when no digit
//! has two. Taking every split, with that three-way fallback, fits the
//! search better than guessing a cell when the band is crowded (as this
//! engine once did below 50 open cells): it cut the time of
//! forum_hardest_1905 by 7 % (67.0 guesses per puzzle instead of 70.0), of
//! forum_hardest_1106 by 6 % and of serg by 4 %.
//!
//! When no digit of the band has two or three permutations left, the
//! search guesses a cell with two candidates: both branches are full
//! assignments. Among them, the one with the most unsolved peers wins: its
//! assignment removes the most candidates (this halved the guesses of
//! "first bivalue cell" before band splits existed). Without a bivalue cell
//! the unsolved cell with the fewest candidates is taken.

use super::bits::band_columns;
use super::board::{ALL_CELLS, Board, Lanes};
use super::tables::{COLS_TO_ROWS, CONFIGS, MINIROW_CELLS, PEERS, ROW0};

/// A split of one digit's candidates: explore `first`, then `second`, then
/// `third` if there is one. The sides never overlap and together keep every
/// permutation the digit had left.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    pub(crate) digit: usize,
    pub(crate) first: Lanes,
    pub(crate) second: Lanes,
    /// The third side, when the digit had three permutations left.
    pub(crate) third: Option<Lanes>,
}

/// A guess: try digit `digit` (0-based) in `cell`, and on the other branch
/// remove it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Guess {
    pub(crate) cell: usize,
    pub(crate) digit: usize,
}

impl Board {
    /// The guess to make on a propagated, unsolved board.
    #[inline(always)]
    pub(crate) fn choose(&self) -> Guess {
        if let Some(g) = self.choose_bivalue() {
            return g;
        }
        // No bivalue cell: take the one with the fewest candidates.
        let mut best = (u32::MAX, 0, 0);
        for band in 0..3 {
            let mut m = self.unsolved[band];
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m &= m - 1;
                let n = self.cand.iter().filter(|c| c[band] & bit != 0).count() as u32;
                if n < best.0 {
                    best = (n, band, bit);
                }
            }
        }
        self.guess_in(best.1, best.2)
    }

    /// The bivalue cell with the most unsolved peers, if any.
    #[inline(always)]
    pub(crate) fn choose_bivalue(&self) -> Option<Guess> {
        let (_, two, three) = self.counts();
        // Key: score above, then the cell with the lowest index wins ties
        // (as a first-maximum scan would); a branch-free maximum.
        let mut best = 0u32;
        for band in 0..3 {
            let mut pairs = self.unsolved[band] & two[band] & !three[band];
            while pairs != 0 {
                let i = pairs.trailing_zeros();
                pairs &= pairs - 1;
                let cell = band as u32 * 27 + i;
                let peers = &PEERS[cell as usize];
                let score = (peers[0] & self.unsolved[0]).count_ones()
                    + (peers[1] & self.unsolved[1]).count_ones()
                    + (peers[2] & self.unsolved[2]).count_ones();
                best = best.max(score << 8 | (255 - cell));
            }
        }
        if best != 0 {
            let cell = 255 - (best & 0xff) as usize;
            return Some(self.guess_in(cell / 27, 1 << (cell % 27)));
        }
        None
    }

    /// A band (or stack) level split, as tdoku branches: in the band or
    /// stack with the fewest (digit, permutation) configurations left, the
    /// first digit with exactly two, else with three. `None` when there is
    /// no such digit.
    #[inline(always)]
    pub(crate) fn choose_split(&self) -> Option<Split> {
        // Per digit, the permutation counts of its three band matrices
        // (9-bit fields of `rows`) and of its three stack matrices (`cols`),
        // counted in place rather than looked up: 18 independent words that
        // the lane loops vectorize.
        let mut rows = [0u32; 9];
        let mut cols = [0u32; 9];
        for d in 0..9 {
            rows[d] = perm_counts(self.rowpres[d]);
            cols[d] = perm_counts(self.colpres[d]);
        }
        let (mut rt, mut ct) = (0u32, 0u32);
        for d in 0..9 {
            rt += rows[d];
            ct += cols[d];
        }
        // Nine is a solved band: one permutation per digit.
        let mut best = (u32::MAX, 0);
        for k in 0..6 {
            let t = if k < 3 { rt } else { ct } >> (9 * (k % 3)) & ROW0;
            if t > 9 && t < best.0 {
                best = (t, k);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let (k, shift) = (best.1, 9 * (best.1 % 3));
        let (counts, pres) = if k < 3 {
            (&rows, &self.rowpres)
        } else {
            (&cols, &self.colpres)
        };
        let d = (0..9)
            .find(|&d| counts[d] >> shift & ROW0 == 2)
            .or_else(|| (0..9).find(|&d| counts[d] >> shift & ROW0 == 3))?;
        let x = CONFIGS[(pres[d] >> shift & ROW0) as usize];
        let side = |p: u64| {
            let p = p as u32 & ROW0;
            let mut out = ALL_CELLS;
            if k < 3 {
                out[k] = MINIROW_CELLS[p as usize];
            } else {
                let others = !(ROW0 << shift);
                for band in 0..3 {
                    out[band] &= band_columns(others | p << shift, band) * COLS_TO_ROWS;
                }
            }
            out
        };
        // Last permutation first. On puzzles with one solution the order
        // changes nothing (every side is searched); on serg_benchmark, whose
        // puzzles have several, it decides how soon the second solution
        // turns up, and this order was 6 % faster than the natural one (and
        // 4 % faster than tdoku's, which puts the three rotations first).
        Some(if x & 15 == 3 {
            Split {
                digit: d,
                first: side(x >> 32),
                second: side(x >> 16),
                third: Some(side(x >> 4)),
            }
        } else {
            Split {
                digit: d,
                first: side(x >> 16),
                second: side(x >> 4),
                third: None,
            }
        })
    }

    /// Guess the lowest digit still possible in the cell `bit` of `band`.
    #[inline(always)]
    fn guess_in(&self, band: usize, bit: u32) -> Guess {
        let digit = self
            .cand
            .iter()
            .position(|c| c[band] & bit != 0)
            .expect("an unsolved cell keeps a candidate after propagation");
        Guess {
            cell: band * 27 + bit.trailing_zeros() as usize,
            digit,
        }
    }
}

/// The number of permutations contained in each of the three 3x3 matrices
/// (bit `3 * i + j`) of a 27-bit word, as three 9-bit fields.
///
/// Each permutation is the AND of three matrix bits brought down to bit 0 of
/// its field; no carry ever crosses a field (at most six per field).
#[inline(always)]
fn perm_counts(w: u32) -> u32 {
    const ONES: u32 = 1 | 1 << 9 | 1 << 18;
    let b = |a: u32| w >> a & ONES;
    let (b0, b1, b2) = (b(0), b(1), b(2));
    let (b3, b4, b5) = (b(3), b(4), b(5));
    let (b6, b7, b8) = (b(6), b(7), b(8));
    (b0 & (b4 & b8))
        + (b0 & (b5 & b7))
        + (b1 & (b3 & b8))
        + (b1 & (b5 & b6))
        + (b2 & (b3 & b7))
        + (b2 & (b4 & b6))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perm_counts_match_the_configs_table() {
        for m in 0..512u32 {
            let w = m | (511 - m) << 9 | (m ^ 0x155) << 18;
            let c = perm_counts(w);
            for f in 0..3 {
                let x = w >> (9 * f) & ROW0;
                assert_eq!(
                    u64::from(c >> (9 * f) & ROW0),
                    CONFIGS[x as usize] & 15,
                    "{w:#x}"
                );
            }
        }
    }
}
