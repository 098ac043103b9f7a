//! Choosing what to guess when propagation is stuck.
//!
//! A cell with two candidates is the best guess there is: both branches are
//! full assignments, and the second needs no copy. Such a cell is almost
//! always present once propagation has run; otherwise the unsolved cell with
//! the fewest candidates is taken.

use super::board::Board;

/// A guess: try digit `digit` (0-based) in `cell`, and on the other branch
/// remove it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Guess {
    pub(crate) cell: usize,
    pub(crate) digit: usize,
}

impl Board {
    /// The guess to make on a propagated, unsolved board.
    pub(crate) fn choose(&self) -> Guess {
        let (one, two, three) = self.counts();
        for band in 0..3 {
            let pairs = self.unsolved[band] & two[band] & !three[band];
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return self.guess_in(band, bit);
            }
        }
        let _ = one;
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
