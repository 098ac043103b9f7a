//! Propagation to a fixed point: locked candidates in both directions,
//! hidden singles, naked singles.
//!
//! Per digit, two permutation filters do all the within-digit reasoning:
//! in a band, the digit's three minirows must form a permutation of
//! (row, box); in a stack, its three minicolumns must form a permutation of
//! (band, column). Entries on no permutation are removed. That single rule
//! covers pointing and claiming in both directions, the row, column and box
//! eliminations of a placed digit, and hidden singles in boxes and columns
//! (they become row singles). A row with a single candidate left is then a
//! placement: the cell is marked solved and the other digits leave it.
//! Across digits, bit-sliced counting finds cells with no candidate (dead
//! end) and with one (naked single); on boards with many open cells, the
//! triad rule (see `Board::triads`) adds naked- and hidden-triple reasoning
//! on minirows and minicolumns.

use super::bits::{BitOps, band_columns, shrink, stack_layout};
use super::board::{Board, Lanes, ROW_STARTS, row_flags};
use super::kernel::no_loop_vectorize;
use super::tables::{COLS_TO_ROWS, FORCED, KEEP, MINIROW_CELLS, PEERS, PERM, ROW0};

/// The triad rule only runs on boards with at least this many open cells.
///
/// It pays near the root, where one elimination saves a whole subtree, and
/// costs more than it saves deeper down. With triads on every board the
/// engine makes as many guesses as tdoku (forum_hardest_1905: 63.5 per
/// puzzle against 63.9), but serg, whose easy boards need no triads, runs
/// a third slower. Same-run timings of gates 40, 45 and 52: 40 is the
/// fastest on the hard sets (forum_hardest_1905 and 1106 about 7 % faster
/// than 52, 64.5 guesses per puzzle) and within noise of the others on
/// serg.
const TRIAD_MIN_OPEN: u32 = 40;

/// The propagation found a contradiction: this branch has no solution.
#[derive(Debug)]
pub(crate) struct Contradiction;

/// The cells of each band word that are the only candidate of their row.
///
/// Every row of `w` must hold a candidate (true after the band filter).
/// SWAR on the three 9-bit rows at once: with no empty row, subtracting 1
/// from each row never borrows across rows, so `w & (w - 1)` per row is
/// computed for all three, and a row is a single when that is zero. Lane
/// parallel, so it compiles to a few vector instructions.
#[inline(always)]
fn row_singles(w: &Lanes) -> Lanes {
    let mut out = [0u32; 4];
    for k in 0..4 {
        let x = w[k];
        let rest = x & x.wrapping_sub(ROW_STARTS);
        // Bit 8 of each row whose `rest` is empty: a single.
        let lone = (0x100 * ROW_STARTS) & !row_flags(rest);
        out[k] = x & (lone | (lone - (lone >> 8)));
    }
    out
}

/// The entries of filtered 3x3 matrices (bit `3 * i + j` of each 9-bit
/// field, nine fields per 32-bit half) that are alone in their row.
///
/// On a matrix whose every entry lies on a permutation (what the filters
/// leave), these are exactly the entries on every permutation: another
/// entry in the row would lie on a permutation that avoids this one.
#[inline(always)]
fn sole_in_row(x: u64) -> u64 {
    const LOW: u64 = 0o111_111_111 | 0o111_111_111 << 32;
    let (mid, high) = (LOW << 1, LOW << 2);
    let next = (x << 1 & (mid | high)) | (x >> 2 & LOW);
    let after = (x << 2 & high) | (x >> 1 & (LOW | mid));
    x & !next & !after
}

/// Applies both permutation filters to one digit until they hold.
///
/// `colpres` is the minicolumn layout (see `stack_layout`) the stack filter
/// last saw for this digit: the stack filter only depends on it, so it is
/// skipped when it has not changed. Returns the filtered lanes, or a
/// contradiction when a row, box, column or band runs out of room for the
/// digit.
#[inline(always)]
fn filter_digit<B: BitOps>(
    mut w: Lanes,
    colpres: &mut u32,
    rowpres: &mut u32,
) -> Result<Lanes, Contradiction> {
    loop {
        // Rows against boxes, band by band. The kept minirows are exactly
        // the `PERM` entries: each of them still holds a candidate.
        let mut rows = 0;
        for (band, x) in w.iter_mut().take(3).enumerate() {
            let s = B::minirows(*x);
            *x &= KEEP[s];
            rows |= u32::from(PERM[s]) << (9 * band);
        }
        *rowpres = rows;
        // An empty band needs no test of its own: it leaves a row of every
        // stack matrix empty, so `all` differs from `colpres` (a layout
        // that passed the test below) and a `PERM` lookup below gives 0.
        // Columns against boxes, stack by stack.
        let all = B::stack_layout(&w);
        if all == *colpres {
            return Ok(w);
        }
        let k0 = u32::from(PERM[(all & ROW0) as usize]);
        let k1 = u32::from(PERM[(all >> 9 & ROW0) as usize]);
        let k2 = u32::from(PERM[(all >> 18 & ROW0) as usize]);
        if (k0 == 0) | (k1 == 0) | (k2 == 0) {
            return Err(Contradiction);
        }
        let allowed = k0 | k1 << 9 | k2 << 18;
        *colpres = allowed;
        if allowed == all {
            return Ok(w);
        }
        for (band, x) in w.iter_mut().take(3).enumerate() {
            *x &= B::band_columns(allowed, band) * COLS_TO_ROWS;
        }
    }
}

impl Board {
    /// Filters every dirty digit, then places the row singles they found,
    /// round after round until no digit is dirty.
    ///
    /// A round's filters are independent of one another, so their table
    /// lookups overlap; the placements of the whole round then leave the
    /// other digits in one pass.
    #[inline(always)]
    fn filter_dirty<B: BitOps>(&mut self) -> Result<(), Contradiction> {
        while self.dirty != 0 {
            let mut dirty = self.dirty;
            self.dirty = 0;
            let mut placed = [[0u32; 4]; 9];
            let mut any = [0u32; 4];
            let mut two = [0u32; 4];
            while dirty != 0 {
                let d = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                let w =
                    filter_digit::<B>(self.cand[d], &mut self.colpres[d], &mut self.rowpres[d])?;
                self.cand[d] = w;
                let p = row_singles(&w);
                for k in 0..4 {
                    let q = p[k] & self.unsolved[k];
                    placed[d][k] = q;
                    two[k] |= any[k] & q;
                    any[k] |= q;
                }
            }
            if two[0] | two[1] | two[2] != 0 {
                return Err(Contradiction);
            }
            if any[0] | any[1] | any[2] == 0 {
                break;
            }
            for k in 0..4 {
                self.unsolved[k] &= !any[k];
            }
            let mut next = 0u16;
            for (e, c) in self.cand.iter_mut().enumerate() {
                // Built with AVX-512 (`-C target-cpu=native` on such a CPU),
                // LLVM vectorised this loop across digits with gathers and
                // scatters: 2.2 times the time on serg_benchmark. Unrolled,
                // each digit's four lanes are one 128-bit operation.
                no_loop_vectorize();
                let mut hit = 0;
                for k in 0..4 {
                    let rm = any[k] & !placed[e][k];
                    hit |= c[k] & rm;
                    c[k] &= !rm;
                }
                next |= u16::from(hit != 0) << e;
            }
            self.dirty = next;
        }
        Ok(())
    }

    /// Bit-sliced counts of candidates per cell: (at least 1, at least 2,
    /// at least 3).
    #[inline(always)]
    pub(crate) fn counts(&self) -> (Lanes, Lanes, Lanes) {
        let mut one = [0u32; 4];
        let mut two = [0u32; 4];
        let mut three = [0u32; 4];
        for c in &self.cand {
            for k in 0..4 {
                three[k] |= two[k] & c[k];
                two[k] |= one[k] & c[k];
                one[k] |= c[k];
            }
        }
        (one, two, three)
    }

    /// Places naked singles (by eliminating the digit from the peers; the
    /// digit filters then see a row single). `Ok(false)` when there is none.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Contradiction> {
        let mut one = [0u32; 4];
        let mut two = [0u32; 4];
        for c in &self.cand {
            for k in 0..4 {
                two[k] |= one[k] & c[k];
                one[k] |= c[k];
            }
        }
        let mut empty = 0;
        let mut single = [0u32; 4];
        for k in 0..4 {
            empty |= self.unsolved[k] & !one[k];
            single[k] = self.unsolved[k] & one[k] & !two[k];
        }
        if empty != 0 {
            return Err(Contradiction);
        }
        if single[0] | single[1] | single[2] == 0 {
            return Ok(false);
        }
        for d in 0..9 {
            for band in 0..3 {
                let mut m = self.cand[d][band] & single[band];
                while m != 0 {
                    let cell = band * 27 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    for (e, p) in self.cand[d].iter_mut().zip(&PEERS[cell]) {
                        *e &= !p;
                    }
                    self.dirty |= 1 << d;
                }
            }
        }
        Ok(true)
    }

    /// The triad rule, across digits. A minirow (three cells of a row in one
    /// box) holds three different digits, as does a minicolumn; when only
    /// three digits can still go in one, each of them must go there, so it
    /// leaves the rest of that row (column) and box; when fewer than three
    /// can, the board is dead. Runs once the single-digit filters and naked
    /// singles are stuck; `Ok(true)` when it removed a candidate.
    // Inlined into each kernel, so that it is compiled with the kernel's
    // features: 1-3 % faster on every set than an out-of-line copy built
    // for the baseline.
    #[inline(always)]
    fn triads(&mut self) -> Result<bool, Contradiction> {
        const VALID: u64 = ((1 << 27) - 1) | (((1 << 27) - 1) << 32);
        // Per digit, its minirows (bit 9 * band + 3 * row + box) and its
        // minicolumns (bit 32 + `stack_layout` bit), both as the filters left
        // them; then bit-sliced counts of how many digits each can hold.
        let mut pres = [0u64; 9];
        let mut must = [0u64; 9];
        let (mut one, mut two, mut three, mut four) = (0u64, 0u64, 0u64, 0u64);
        let (mut m1, mut m2, mut m3, mut m4) = (0u64, 0u64, 0u64, 0u64);
        for d in 0..9 {
            let rp = self.rowpres[d];
            debug_assert_eq!(
                rp,
                (0..3).fold(0, |a, b| a | (shrink(self.cand[d][b]) as u32) << (9 * b))
            );
            debug_assert_eq!(self.colpres[d], stack_layout(&self.cand[d]));
            let p = u64::from(rp) | u64::from(self.colpres[d]) << 32;
            pres[d] = p;
            four |= three & p;
            three |= two & p;
            two |= one & p;
            one |= p;
            // The minirows and minicolumns the digit must occupy.
            let f = sole_in_row(p);
            must[d] = f;
            m4 |= m3 & f;
            m3 |= m2 & f;
            m2 |= m1 & f;
            m1 |= f;
        }
        if !three & VALID != 0 || m4 != 0 {
            return Err(Contradiction);
        }
        // Minirows and minicolumns where only three digits can go, not all
        // of them known to go there yet (placed cells are known).
        let exact = three & !four & !m3;
        // Minirows and minicolumns holding three digits that must go there
        // and some other digit that can: the others leave.
        let hidden = m3 & four;
        if exact | hidden == 0 {
            return Ok(false);
        }
        let mut changed = false;
        for d in 0..9 {
            let drop = pres[d] & hidden & !must[d];
            if drop != 0 {
                let rows = drop as u32;
                let cols = (drop >> 32) as u32;
                for band in 0..3 {
                    let r = MINIROW_CELLS[(rows >> (9 * band) & ROW0) as usize];
                    let c = band_columns(cols, band) * COLS_TO_ROWS;
                    self.cand[d][band] &= !(r | c);
                }
                self.dirty |= 1 << d;
                changed = true;
            }
            let forced = pres[d] & exact & !must[d];
            if forced == 0 {
                continue;
            }
            let rows = forced as u32;
            for band in 0..3 {
                let f = (rows >> (9 * band) & ROW0) as usize;
                if f != 0 {
                    let s = (pres[d] >> (9 * band)) as usize & 0x1ff;
                    let a = s & FORCED[f] as usize;
                    if a != s {
                        self.cand[d][band] &= MINIROW_CELLS[a];
                        self.dirty |= 1 << d;
                        changed = true;
                    }
                }
            }
            let cols = (forced >> 32) as u32;
            if cols != 0 {
                let all = self.colpres[d];
                let mut allowed = all;
                for st in 0..3 {
                    let f = cols >> (9 * st) & ROW0;
                    if f != 0 {
                        let keep = u32::from(FORCED[f as usize]);
                        allowed &= !(ROW0 << (9 * st)) | keep << (9 * st);
                    }
                }
                if allowed != all {
                    for band in 0..3 {
                        self.cand[d][band] &= band_columns(allowed, band) * COLS_TO_ROWS;
                    }
                    self.dirty |= 1 << d;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Unplaced cells.
    #[inline(always)]
    fn open_cells(&self) -> u32 {
        self.unsolved[0].count_ones()
            + self.unsolved[1].count_ones()
            + self.unsolved[2].count_ones()
    }

    /// Propagates to a fixed point; `Err` on a dead end.
    #[inline(always)]
    pub(crate) fn propagate<B: BitOps>(&mut self) -> Result<(), Contradiction> {
        self.propagate_gated::<B>(TRIAD_MIN_OPEN)
    }

    /// Propagation with the triad rule on boards with at least `min_open`
    /// open cells (0: always; tests use it).
    #[inline(always)]
    pub(crate) fn propagate_gated<B: BitOps>(
        &mut self,
        min_open: u32,
    ) -> Result<(), Contradiction> {
        loop {
            self.filter_dirty::<B>()?;
            if !self.naked_singles()? && (self.open_cells() < min_open.max(1) || !self.triads()?) {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bits::sample_words;

    #[test]
    fn row_singles_match_a_row_by_row_count() {
        for w in sample_words() {
            // The SWAR form needs every row non-empty.
            if (0..3).any(|r| w >> (9 * r) & ROW0 == 0) {
                continue;
            }
            let mut want = 0;
            for r in 0..3 {
                let seg = w >> (9 * r) & ROW0;
                if seg.count_ones() == 1 {
                    want |= seg << (9 * r);
                }
            }
            assert_eq!(row_singles(&[w, 0, 0, 0]), [want, 0, 0, 0], "{w:#x}");
        }
    }

    #[test]
    fn sole_in_row_is_on_every_permutation_of_a_filtered_matrix() {
        let perms: Vec<u64> = crate::engine::tables::ORDERS
            .iter()
            .map(|p| (0..3).fold(0u64, |a, i| a | 1 << (3 * i + p[i as usize])))
            .collect();
        for m in 0..512usize {
            let k = u64::from(PERM[m]);
            let inside: Vec<u64> = perms.iter().copied().filter(|&p| p & k == p).collect();
            let every = inside.iter().fold(0x1ff, |a, p| a & p);
            let want = if inside.is_empty() { 0 } else { every };
            // Same answer in every field of both halves.
            let x = (k | k << 9 | k << 18) * (1 | 1 << 32);
            assert_eq!(
                sole_in_row(x),
                (want | want << 9 | want << 18) * (1 | 1 << 32),
                "{m:#o}"
            );
        }
    }
}
