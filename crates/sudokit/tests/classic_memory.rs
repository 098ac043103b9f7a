//! The classic searches' memory, measured by a counting allocator: it must
//! not depend on the number of solutions or trace events, and branch and
//! bound's heap must stay within its budget's cap.
//!
//! One test function, so that no other test allocates while it measures.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicUsize, Ordering};
use sudokit::Grid;
use sudokit::classic::branch_bound::{self, MemoryBudget};
use sudokit::classic::trace::{Lang, Style, TextWriter};
use sudokit::classic::{Limits, Stop, backtracking, deepening};

/// The system allocator, counting the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
            PEAK.fetch_max(live, Ordering::SeqCst);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Runs `f` and returns its result and the peak of live heap bytes during
/// it, above what was live before.
fn peak_during<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = LIVE.load(Ordering::SeqCst);
    PEAK.store(before, Ordering::SeqCst);
    let r = f();
    (r, PEAK.load(Ordering::SeqCst) - before)
}

/// Streams up to `n` solutions of `grid` by `search`, checking each.
fn stream(
    n: u64,
    grid: &Grid,
    search: impl FnOnce(&mut dyn FnMut(&Grid) -> ControlFlow<()>) -> sudokit::classic::Outcome,
) -> u64 {
    let mut seen = 0;
    let outcome = search(&mut |g| {
        assert!(sudokit::rules::is_solution_of(g, grid));
        seen += 1;
        if seen == n {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((outcome.found, outcome.stop), (n, Stop::Cancelled));
    seen
}

#[test]
fn memory_does_not_grow_with_solutions_or_events() {
    let empty = Grid::empty();

    // Backtracking and deepening: nothing on the heap per solution.
    for n in [10, 20_000] {
        let (seen, peak) =
            peak_during(|| stream(n, &empty, |f| backtracking::search(&empty, Limits::NONE, f)));
        assert_eq!(seen, n);
        assert!(peak < 1024, "backtracking, {n} solutions: {peak} bytes");
        let options = deepening::Options::default();
        let (seen, peak) =
            peak_during(|| stream(n, &empty, |f| deepening::search(&empty, &options, f)));
        assert_eq!(seen, n);
        assert!(peak < 4096, "deepening, {n} solutions: {peak} bytes");
    }

    // The text trace: 200 000 events printed into a sink keep nothing.
    let options = deepening::Options {
        limits: Limits {
            max_iterations: Some(200_000),
            ..Limits::NONE
        },
        ..deepening::Options::default()
    };
    let ((events, outcome), peak) = peak_during(|| {
        let mut writer = TextWriter::new(std::io::sink(), Lang::Es, Style::Document);
        let mut events = 0u64;
        let outcome = deepening::trace(&empty, &options, &mut |e| {
            events += 1;
            writer.event(e)
        });
        writer.finish(&outcome).unwrap();
        (events, outcome)
    });
    assert_eq!(events, 200_001);
    assert_eq!(outcome.stop, Stop::IterationLimit);
    assert!(peak < 4096, "trace of {events} events: {peak} bytes");

    // The tree: bounded by its cap, not by the 200 000 trials.
    let ((outcome, tree), peak) = peak_during(|| deepening::tree(&empty, &options, 100));
    assert_eq!((tree.len(), outcome.stats.iterations), (100, 200_000));
    assert!(peak < 100 * 1024, "tree of 100 nodes: {peak} bytes");

    // Branch and bound: the heap it really uses stays within the cap, and
    // is given back.
    let sparse: Grid =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap();
    for cap in [50_000u64, 3 << 20] {
        let budget = MemoryBudget::new(cap);
        let (outcome, peak) = peak_during(|| {
            branch_bound::search(&sparse, Limits::NONE, &budget, &mut |_| {
                ControlFlow::Continue(())
            })
        });
        assert!(matches!(outcome.stop, Stop::MemoryCap { .. }));
        assert!(peak as u64 <= cap, "cap {cap}: {peak} bytes on the heap");
        assert!(peak as u64 + branch_bound::BLOCK_BYTES * 2 > cap, "{peak}");
        assert_eq!(peak as u64, outcome.stats.peak_memory_bytes);
        assert_eq!(budget.in_use(), 0);
    }
    // Streaming solutions of a puzzle with many of them: the queue, not
    // the solutions.
    let many: Grid =
        "...6.8.1..7.1.5....9.3....7.5....4.3....5.7.1..3.2.8..9.1.3....2.7....3.3....6.7."
            .parse()
            .unwrap();
    let budget = MemoryBudget::new(branch_bound::DEFAULT_MEMORY_CAP);
    let (seen, peak) = peak_during(|| {
        stream(100, &many, |f| {
            branch_bound::search(&many, Limits::NONE, &budget, f)
        })
    });
    assert_eq!(seen, 100);
    assert!(peak as u64 <= budget.peak(), "{peak} > {}", budget.peak());
}
