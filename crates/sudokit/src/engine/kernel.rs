//! Runtime choice of the instruction set the search loop is compiled for.
//!
//! The search is written once, as portable code generic over the bit moves
//! of `bits.rs`, and compiled up to three times: as is (baseline x86-64,
//! wasm32, any target) and, on x86-64, with the x86-64-v3 features (AVX2,
//! BMI1/2, POPCNT, LZCNT) enabled, once with lookup tables and once with
//! `pext`/`pdep`. The v3 copies turn the popcounts of the branching score
//! into single instructions, widen the lane loops and inline the board
//! copies; `pext` replaces three table lookups per band word. The choice is
//! made once per process, so a release build needs no `-C target-cpu` flag
//! to be fast and still runs on machines without AVX2.

use std::sync::OnceLock;

/// An instruction set the search loop is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// The baseline of the target: always available.
    Portable,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT; lookup tables for the
    /// bit moves (for CPUs whose `pext` is slow).
    #[cfg(target_arch = "x86_64")]
    X86V3,
    /// As `X86V3`, with `pext` and `pdep` for the bit moves.
    #[cfg(target_arch = "x86_64")]
    X86V3Pext,
}

impl Kernel {
    /// The fastest kernel this machine can run.
    #[inline]
    pub(crate) fn detect() -> Kernel {
        static CHOSEN: OnceLock<Kernel> = OnceLock::new();
        *CHOSEN.get_or_init(Kernel::probe)
    }

    fn probe() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt")
            {
                return if pext_is_fast() {
                    Kernel::X86V3Pext
                } else {
                    Kernel::X86V3
                };
            }
        }
        Kernel::Portable
    }

    /// Every kernel this machine can run (for tests that compare them).
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Kernel> {
        let mut v = vec![Kernel::Portable];
        #[cfg(target_arch = "x86_64")]
        if Kernel::probe() != Kernel::Portable {
            v.push(Kernel::X86V3);
            v.push(Kernel::X86V3Pext);
        }
        v
    }
}

/// Whether `pext` and `pdep` run in hardware at full speed: everywhere BMI2
/// exists except AMD before Zen 3 (CPU family 0x19), where they are
/// microcoded and take tens of cycles.
#[cfg(target_arch = "x86_64")]
fn pext_is_fast() -> bool {
    use std::arch::x86_64::__cpuid;
    let vendor = __cpuid(0);
    let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
    let hygon = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6f67_7948, 0x6e65_476e, 0x656e_6975);
    if !(amd || hygon) {
        return true;
    }
    let eax = __cpuid(1).eax;
    let base = eax >> 8 & 0xf;
    let family = if base == 0xf {
        base + (eax >> 20 & 0xff)
    } else {
        base
    };
    family >= 0x19
}

/// Keeps the loop that calls it from being vectorised across its
/// iterations, so that it is unrolled instead.
///
/// LLVM's loop vectoriser cannot widen a loop holding an assembly statement;
/// this one is empty (no instruction) and touches no memory, so the
/// unrolled code is what it would be without it. Where a loop's iterations
/// are strided (one digit's lanes at a time), a build for AVX-512 otherwise
/// vectorises across iterations with gathers and scatters.
#[inline(always)]
pub(crate) fn no_loop_vectorize() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the assembly is empty: it reads, writes and changes nothing.
    unsafe {
        std::arch::asm!("", options(nomem, nostack, preserves_flags));
    }
}
