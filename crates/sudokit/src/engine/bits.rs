//! The bit gathers and scatters of the permutation filters, in two builds.
//!
//! The filters move bits between three layouts: a band word (one bit per
//! cell), its nine minirows (bit `3 * row + box`) and the stack layout of
//! minicolumns (see [`stack_layout`]). Portable code does this with small
//! lookup tables and shifts; on x86-64 with BMI2, `pext` and `pdep` do each
//! move in one instruction. The search loop is generic over [`BitOps`] so
//! that each kernel (`kernel.rs`) inlines its own version.

use super::board::{Lanes, columns};
use super::tables::{MINIROWS, ROW0};

/// Groups of three bits at 0, 9 and 18: one box column triple per stack.
const STACK_SLOTS: u32 = 0x1c0e07;

/// The first cell of each minirow of a band word.
#[cfg(target_arch = "x86_64")]
const MINIROW_STARTS: u32 = 0o111_111_111;

/// The moves between layouts that the hot loop needs.
pub(crate) trait BitOps {
    /// Which of the nine minirows of a band word hold a candidate.
    fn minirows(w: u32) -> usize;
    /// The minicolumns of three band words in stack layout.
    fn stack_layout(w: &Lanes) -> u32;
    /// One band's nine columns out of a stack layout.
    fn band_columns(t: u32, band: usize) -> u32;
}

/// Lookup tables and shifts: any target.
pub(crate) struct Portable;

impl BitOps for Portable {
    #[inline(always)]
    fn minirows(w: u32) -> usize {
        shrink(w)
    }

    #[inline(always)]
    fn stack_layout(w: &Lanes) -> u32 {
        stack_layout(w)
    }

    #[inline(always)]
    fn band_columns(t: u32, band: usize) -> u32 {
        band_columns(t, band)
    }
}

/// `pext` and `pdep`.
///
/// Only the x86-64-v3 kernel with fast `pext` instantiates the search with
/// this type, and `Kernel::detect` picks that kernel only after the CPU
/// reported BMI2; that is what makes the intrinsic calls below sound. They
/// are inlined into the kernel, which is compiled with BMI2 enabled.
#[cfg(target_arch = "x86_64")]
pub(crate) struct Bmi2;

#[cfg(target_arch = "x86_64")]
impl BitOps for Bmi2 {
    #[inline(always)]
    fn minirows(w: u32) -> usize {
        use std::arch::x86_64::_pext_u32;
        // SAFETY: see the type's documentation: BMI2 is present.
        unsafe { _pext_u32(w | w >> 1 | w >> 2, MINIROW_STARTS) as usize & 0x1ff }
    }

    #[inline(always)]
    fn stack_layout(w: &Lanes) -> u32 {
        use std::arch::x86_64::_pdep_u32;
        // SAFETY: as above.
        unsafe {
            _pdep_u32(columns(w[0]), STACK_SLOTS)
                | _pdep_u32(columns(w[1]), STACK_SLOTS << 3)
                | _pdep_u32(columns(w[2]), STACK_SLOTS << 6)
        }
    }

    #[inline(always)]
    fn band_columns(t: u32, band: usize) -> u32 {
        use std::arch::x86_64::_pext_u32;
        // SAFETY: as above.
        unsafe { _pext_u32(t, STACK_SLOTS << (3 * band)) }
    }
}

/// 9-bit shrink of a band word: which of its minirows hold a candidate
/// (bit `3 * row + box`).
#[inline(always)]
pub(crate) fn shrink(w: u32) -> usize {
    // The masks keep every index provably inside its table.
    let r0 = MINIROWS[(w & ROW0) as usize] as usize;
    let r1 = MINIROWS[(w >> 9 & ROW0) as usize] as usize;
    let r2 = MINIROWS[(w >> 18 & ROW0) as usize] as usize;
    (r0 | r1 << 3 | r2 << 6) & 0x1ff
}

/// The minicolumns of three band words in stack-major layout: bit
/// `9 * stack + 3 * band + j` when column `3 * stack + j` of `band` holds a
/// candidate. Nine consecutive bits are then one stack's 3x3 (band, column)
/// matrix, ready for a `PERM` lookup.
#[inline(always)]
pub(crate) fn stack_layout(w: &Lanes) -> u32 {
    let mut t = 0;
    for band in 0..3 {
        let c = columns(w[band]);
        t |= ((c | c << 6 | c << 12) & STACK_SLOTS) << (3 * band);
    }
    t
}

/// The inverse of `stack_layout` for one band: its nine columns.
#[inline(always)]
pub(crate) fn band_columns(t: u32, band: usize) -> u32 {
    let x = t >> (3 * band) & STACK_SLOTS;
    (x | x >> 6 | x >> 12) & ROW0
}

/// Band words for tests: a fixed pseudo-random sequence of 20 000.
#[cfg(test)]
pub(crate) fn sample_words() -> impl Iterator<Item = u32> {
    let mut x = 0x2545_f491_u32;
    std::iter::repeat_with(move || {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x & super::tables::BAND
    })
    .take(20_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stack_layout_round_trips() {
        let ws: Vec<u32> = sample_words().collect();
        for c in ws.chunks_exact(3) {
            let lanes = [c[0], c[1], c[2], 0];
            let t = stack_layout(&lanes);
            for band in 0..3 {
                assert_eq!(band_columns(t, band), columns(lanes[band]));
                for col in 0..9 {
                    let bit = 9 * (col / 3) + 3 * band + col % 3;
                    assert_eq!(t >> bit & 1, columns(lanes[band]) >> col & 1);
                }
            }
        }
    }

    #[test]
    fn shrink_marks_the_minirows_with_a_candidate() {
        for w in sample_words() {
            let mut want = 0;
            for m in 0..9 {
                let (row, bx) = (m / 3, m % 3);
                if w >> (9 * row + 3 * bx) & 7 != 0 {
                    want |= 1 << m;
                }
            }
            assert_eq!(shrink(w), want, "{w:#x}");
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn bmi2_moves_match_the_portable_ones() {
        if !std::is_x86_feature_detected!("bmi2") {
            return;
        }
        let ws: Vec<u32> = sample_words().collect();
        for c in ws.chunks_exact(3) {
            let lanes = [c[0], c[1], c[2], 0];
            assert_eq!(Bmi2::minirows(c[0]), Portable::minirows(c[0]));
            let t = Portable::stack_layout(&lanes);
            assert_eq!(Bmi2::stack_layout(&lanes), t);
            for band in 0..3 {
                assert_eq!(Bmi2::band_columns(t, band), Portable::band_columns(t, band));
            }
        }
    }
}
