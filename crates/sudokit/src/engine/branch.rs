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
        let mut best: Option<(u32, usize, u32)> = None;
        for band in 0..3 {
            let mut pairs = self.unsolved[band] & two[band] & !three[band];
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs &= pairs - 1;
                let peers = &PEERS[band * 27 + bit.trailing_zeros() as usize];
                let score = (peers[0] & self.unsolved[0]).count_ones()
                    + (peers[1] & self.unsolved[1]).count_ones()
                    + (peers[2] & self.unsolved[2]).count_ones();
                if best.is_none_or(|(s, _, _)| score > s) {
                    best = Some((score, band, bit));
                }
            }
        }
        if let Some((_, band, bit)) = best {
            return self.guess_in(band, bit);
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
