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
//! Below 50 open cells, a split is only taken in a band or stack with at
//! most 14 pairs (see `SPLIT_MAX`).
//!
//! Otherwise, a cell with two candidates: both branches are full
//! assignments. Among them, the one with the most unsolved peers wins: its
//! assignment removes the most candidates (this halved the guesses of
//! "first bivalue cell" before band splits existed). Without a bivalue cell
//! the unsolved cell with the fewest candidates is taken.

use super::board::{ALL_CELLS, Board, Lanes};
use super::propagate::band_columns;
use super::tables::{COLS_TO_ROWS, CONFIGS, MINIROW_CELLS, PEERS, ROW0};

/// On boards with fewer than [`SPLIT_OPEN`] open cells, a band split is only
/// taken in a band or stack with at most this many (digit, permutation)
/// pairs; otherwise a bivalue cell is guessed. Deep in the tree (and on easy
/// puzzles such as serg_benchmark, 46-47 open cells at the root) a crowded
/// band's split cuts less than a cell guess whose assignment propagates:
/// serg went from 7.20 to 6.71 guesses per puzzle and from 1.46 to 1.37
/// times tdoku's time, top1465 from 1.18 to 1.14, forum_hardest_1905 about
/// even (68.4 to 70.8 guesses). Splitting no crowded band anywhere (a limit
/// of 14 or 20 everywhere) cost forum_hardest_1905 10 %.
const SPLIT_MAX: u32 = 1000;

/// See [`SPLIT_MAX`].
const SPLIT_OPEN: u32 = 50;

/// A binary split of one digit's candidates: explore `first`, then `second`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    pub(crate) digit: usize,
    pub(crate) first: Lanes,
    pub(crate) second: Lanes,
    /// A third permutation, when the digit had three left.
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
    /// stack with the fewest (digit, permutation) configurations left, a
    /// digit with exactly two. `None` when there is no such digit.
    #[inline(always)]
    pub(crate) fn choose_split(&self) -> Option<Split> {
        // Per band (0..3) and stack (3..6), the digit matrices; totals first,
        // the digits of the chosen band only afterwards. Per digit, the permutation counts of its three band matrices
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
        let open = self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones();
        let limit = if open < SPLIT_OPEN {
            SPLIT_MAX
        } else {
            u32::MAX
        };
        let mut best = (u32::MAX, 0);
        for k in 0..6 {
            let t = if k < 3 { rt } else { ct } >> (9 * (k % 3)) & ROW0;
            if t > 9 && t < best.0 && t <= limit {
                best = (t, k);
            }
        }
        if best.0 == u32::MAX {
            return None;
        }
        let k = best.1;
        let counts = if k < 3 { &rows } else { &cols };
        let d = (0..9)
            .find(|&d| counts[d] >> (9 * (k % 3)) & ROW0 == 2)
            .or_else(|| (0..9).find(|&d| counts[d] >> (9 * (k % 3)) & ROW0 == 3))?;
        let x = CONFIGS[(if k < 3 {
            self.rowpres[d]
        } else {
            self.colpres[d]
        } >> (9 * (k % 3))
            & ROW0) as usize];
        let (p1, p2) = (x >> 4 & 0x1ff, x >> 16 & 0x1ff);
        let m = if k < 3 { self.rowpres[d] } else { self.colpres[d] } >> (9 * (k % 3)) & ROW0;
        let lanes = |p: u32| {
            let mut out = ALL_CELLS;
            if k < 3 {
                out[k] = MINIROW_CELLS[p as usize];
            } else {
                let st = k - 3;
                let others = !(ROW0 << (9 * st));
                for band in 0..3 {
                    out[band] &= band_columns(others | p << (9 * st), band) * COLS_TO_ROWS;
                }
            }
            out
        };
        let third = if x & 15 == 3 {
            let rest = CONFIGS[(m & !p1) as usize];
            let _ = rest;
            // The third permutation: the one contained in m but neither p1 nor p2.
            let p3 = third_perm(m, p1, p2);
            Some(lanes(p3))
        } else {
            None
        };
        Some(Split {
            digit: d,
            first: lanes(p1),
            second: lanes(p2),
            third,
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

fn third_perm(m: u32, p1: u32, p2: u32) -> u32 {
    const P: [u32; 6] = [0o421, 0o241, 0o412, 0o142, 0o214, 0o124];
    P.iter().copied().find(|&p| p & m == p && p != p1 && p != p2).unwrap_or(0)
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
                assert_eq!(c >> (9 * f) & ROW0, CONFIGS[x as usize] & 15, "{w:#x}");
            }
        }
    }
}
