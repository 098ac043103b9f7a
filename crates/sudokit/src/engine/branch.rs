//! Choosing what to guess when propagation is stuck.
//!
//! A cell with two candidates is the best guess there is: both branches are
//! full assignments, and the second needs no copy. Such a cell is almost
//! always present once propagation has run. Among them, the one with the
//! most unsolved peers wins: its assignment removes the most candidates, and
//! measured on the hard sets this halves the guesses of "first bivalue cell"
//! (top1465: 18.8 to 10.4 per puzzle; forum_hardest_1106: 286 to 141).
//! Scores that also weigh the digits' peer candidates saved another 3 to 5 %
//! of guesses but cost more per node than they saved. Without a bivalue cell
//! the unsolved cell with the fewest candidates is taken.

use super::board::Board;
use super::tables::PEERS;

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
            return self.guess_in(cell / 27, 1 << (cell % 27));
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
