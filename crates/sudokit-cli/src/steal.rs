//! CPU time taken by the hypervisor ("steal"), so that `bench` can say when
//! its timings were made on a machine that was not fully ours.
//!
//! On a shared virtual machine the host may run other guests on our cores;
//! Linux counts that time as steal in `/proc/stat`. A two-thread bench during
//! which a third of the CPU time was stolen shows a poor speedup that says
//! nothing about the program, so `bench` reports the share on stderr.

use std::time::Instant;

/// Steal shares below this are normal jitter and not reported.
const REPORT_SHARE: f64 = 0.05;

/// Intervals shorter than this are too short for a meaningful share.
const MIN_SECONDS: f64 = 1.0;

/// The machine-wide CPU time counters of `/proc/stat`, in clock ticks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CpuTimes {
    /// All time counted: user, nice, system, idle, iowait, irq, softirq and steal.
    pub total: u64,
    /// Time the hypervisor gave to someone else while we wanted to run.
    pub steal: u64,
}

impl CpuTimes {
    /// Parses the aggregate `cpu` line of `/proc/stat`; `None` when the line
    /// is not one (other systems, or kernels without a steal column).
    pub fn parse(line: &str) -> Option<CpuTimes> {
        let mut fields = line.split_whitespace();
        if fields.next()? != "cpu" {
            return None;
        }
        let ticks: Vec<u64> = fields
            .take(8)
            .map(|f| f.parse().ok())
            .collect::<Option<_>>()?;
        if ticks.len() < 8 {
            return None;
        }
        Some(CpuTimes {
            total: ticks.iter().sum(),
            steal: ticks[7],
        })
    }

    /// The counters now, where the system has them.
    fn read() -> Option<CpuTimes> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        CpuTimes::parse(stat.lines().next()?)
    }
}

/// The share of CPU time stolen between two readings, if any time passed.
pub fn steal_share(before: CpuTimes, after: CpuTimes) -> Option<f64> {
    let total = after.total.checked_sub(before.total)?;
    let steal = after.steal.checked_sub(before.steal)?;
    (total > 0).then(|| steal as f64 / total as f64)
}

/// Watches the steal counter over a stretch of work.
pub struct StealWatch {
    start: Option<CpuTimes>,
    clock: Instant,
}

impl StealWatch {
    /// Starts watching now.
    pub fn start() -> StealWatch {
        StealWatch {
            start: CpuTimes::read(),
            clock: Instant::now(),
        }
    }

    /// A one-line note when enough CPU time was stolen since `start` to make
    /// timings unreliable; `None` otherwise, or when the system cannot tell.
    pub fn note(&self) -> Option<String> {
        if self.clock.elapsed().as_secs_f64() < MIN_SECONDS {
            return None;
        }
        let share = steal_share(self.start?, CpuTimes::read()?)?;
        (share >= REPORT_SHARE).then(|| {
            format!(
                "note: the hypervisor took {:.0} % of this machine's CPU time during the run \
                 (steal time); timings and speedups are not reliable",
                share * 100.0
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_aggregate_line() {
        let t = CpuTimes::parse("cpu  3762787 0 133420 2485014 3151 0 1264 82167 0 0").unwrap();
        assert_eq!(t.steal, 82167);
        assert_eq!(t.total, 3762787 + 133420 + 2485014 + 3151 + 1264 + 82167);
        assert_eq!(CpuTimes::parse("cpu0 1 2 3 4 5 6 7 8 9 10"), None);
        assert_eq!(CpuTimes::parse("cpu 1 2 3 4"), None);
        assert_eq!(CpuTimes::parse("cpu 1 2 x 4 5 6 7 8"), None);
    }

    #[test]
    fn share_of_the_interval() {
        let before = CpuTimes {
            total: 1000,
            steal: 10,
        };
        let after = CpuTimes {
            total: 3000,
            steal: 510,
        };
        assert_eq!(steal_share(before, after), Some(0.25));
        assert_eq!(steal_share(before, before), None);
        assert_eq!(steal_share(after, before), None);
    }
}
