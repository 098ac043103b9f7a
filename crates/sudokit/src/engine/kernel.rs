//! Runtime choice of the instruction set the search loop is compiled for.
//!
//! The search is written once, as portable code, and compiled twice: as is
//! (baseline x86-64, wasm32, any target) and, on x86-64, with the x86-64-v3
//! features (AVX2, BMI1/2, POPCNT, LZCNT) enabled. The second copy turns the
//! popcounts of the branching score into single instructions, widens the
//! lane loops and inlines the board copies. The choice is made once per
//! search, so a release build needs no `-C target-cpu` flag to be fast and
//! still runs on machines without AVX2.

/// An instruction set the search loop is compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kernel {
    /// The baseline of the target: always available.
    Portable,
    /// x86-64 with AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[cfg(target_arch = "x86_64")]
    X86V3,
}

impl Kernel {
    /// The fastest kernel this machine can run.
    #[inline]
    pub(crate) fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            // The std macro caches its CPUID probe, so this is a few loads.
            if std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("bmi1")
                && std::is_x86_feature_detected!("bmi2")
                && std::is_x86_feature_detected!("popcnt")
                && std::is_x86_feature_detected!("lzcnt")
            {
                return Kernel::X86V3;
            }
        }
        Kernel::Portable
    }

    /// Every kernel this machine can run (for tests that compare them).
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Kernel> {
        let mut v = vec![Kernel::Portable];
        if Kernel::detect() != Kernel::Portable {
            v.push(Kernel::detect());
        }
        v
    }
}
