//! The classic algorithms of the source documents, faithful and instrumented.
//!
//! Three searches over the same tree: the root is the puzzle, and each level
//! fills one more empty cell.
//!
//! * [`backtracking`] — the course notes' *vuelta atrás*: cells in row-major
//!   order, digits 1 to 9 in order, each checked for feasibility in its row,
//!   column and box, undone on return. Depth first.
//! * [`branch_bound`] — *ramificació i poda* by levels: the same tree explored
//!   breadth first with a FIFO queue of live nodes, pruned by feasibility.
//! * [`deepening`] — backtracking with *profundización*: after every trial the
//!   chosen human techniques (the singles for now) are applied until nothing
//!   changes, and the next cell is chosen by a strategy (next, min, random).
//!   [`deepening::trace`] also streams the iteration trace the documents
//!   print ([`trace::Event`], [`trace::TextWriter`]), and [`tree::Tree`]
//!   draws its search tree.
//!
//! Each has a `search` that hands every solution to a callback as soon as it
//! is found (memory does not depend on the number of solutions; the callback
//! may stop the search with [`ControlFlow::Break`]) and returns an
//! [`Outcome`], and a `solve` that collects them into a [`Report`]. All of
//! them enumerate every solution unless a [`Limits`] or the callback stops
//! them, and report why they stopped ([`Stop`]) and what they did
//! ([`ClassicStats`]).
//! They are meant to be read next to the documents and measured, not to be
//! fast: [`crate::engine`] is the fast solver.

pub mod backtracking;
pub mod branch_bound;
pub mod deepening;
pub mod trace;
pub mod tree;

use crate::grid::{Cell, Digit, Grid};
use std::fmt;
use std::ops::ControlFlow;
use std::time::Duration;

/// Limits shared by the classic searches. `None` means unlimited.
///
/// ```
/// use sudokit::classic::Limits;
/// let first_two = Limits { max_solutions: Some(2), ..Limits::default() };
/// assert_eq!(first_two.max_iterations, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop as soon as this many solutions have been found.
    pub max_solutions: Option<u64>,
    /// Never attempt more than this many trials (see [`ClassicStats::iterations`]).
    pub max_iterations: Option<u64>,
}

impl Limits {
    /// No limit at all: the search explores the whole tree.
    pub const NONE: Limits = Limits {
        max_solutions: None,
        max_iterations: None,
    };

    /// Whether `found` solutions reach the solution limit.
    fn solutions_reached(&self, found: u64) -> bool {
        self.max_solutions.is_some_and(|max| found >= max)
    }

    /// Whether `done` trials leave no room for another one.
    fn iterations_reached(&self, done: u64) -> bool {
        self.max_iterations.is_some_and(|max| done >= max)
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The whole tree was explored: the solutions found are all of them.
    Exhausted,
    /// [`Limits::max_solutions`] solutions were found.
    SolutionLimit,
    /// [`Limits::max_iterations`] trials were made.
    IterationLimit,
    /// Branch and bound only: growing the queue would have taken the
    /// memory shared by every search on the budget over its cap
    /// ([`branch_bound::MemoryBudget`]).
    MemoryCap {
        /// The cap, in bytes.
        cap_bytes: u64,
        /// Live nodes when the search stopped: the queue and the node
        /// being expanded.
        live_nodes: u64,
    },
    /// The solution (or trace event) callback returned
    /// [`ControlFlow::Break`]: the caller asked to stop.
    Cancelled,
}

impl Stop {
    /// Whether the search explored the whole tree, so that the solutions are
    /// all of them.
    pub fn is_complete(self) -> bool {
        self == Stop::Exhausted
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Exhausted => f.write_str("search complete"),
            Stop::SolutionLimit => f.write_str("solution limit reached"),
            Stop::IterationLimit => f.write_str("iteration limit reached"),
            Stop::MemoryCap {
                cap_bytes,
                live_nodes,
            } => write!(
                f,
                "memory cap reached ({cap_bytes} bytes, {live_nodes} live nodes)"
            ),
            Stop::Cancelled => f.write_str("stopped by the caller"),
        }
    }
}

/// Instrumentation of a classic search.
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicStats {
    /// Tree nodes visited: the root plus every trial that passed the
    /// feasibility check (for deepening, every trial: it only tries candidates).
    pub nodes: u64,
    /// Trials: digit placements attempted, feasible or not (the documents'
    /// *iteraciones*).
    pub iterations: u64,
    /// Branches that failed: a cell where no digit fits (backtracking, branch
    /// and bound), or a trial whose deepening met a contradiction (deepening).
    pub dead_ends: u64,
    /// The deepest level reached, counted in trials below the root.
    pub max_depth: u64,
    /// Branch and bound: the peak number of live nodes, those in the queue
    /// plus the one being expanded. Backtracking and deepening: the peak
    /// number of nodes on the recursion path, root included.
    pub peak_live_nodes: u64,
    /// The peak memory held by the search structures, in bytes. Branch and
    /// bound: the real peak of its queue's heap storage, as charged to its
    /// [`branch_bound::MemoryBudget`]. Backtracking and deepening: an
    /// estimate, the recursion path's nodes times the size of one plus fixed
    /// state (they allocate nothing per node).
    pub peak_memory_bytes: u64,
    /// Wall-clock time of the search (zero where no clock is available, as
    /// on `wasm32-unknown-unknown`).
    pub elapsed: Duration,
}

/// What a streaming search (`search` in each algorithm) did: how many
/// solutions it handed to the callback, why it stopped, and statistics.
#[derive(Clone, Copy, Debug)]
pub struct Outcome {
    /// Solutions handed to the callback, the one that returned
    /// [`ControlFlow::Break`] included.
    pub found: u64,
    /// Why the search stopped.
    pub stop: Stop,
    /// What the search did.
    pub stats: ClassicStats,
}

impl Outcome {
    /// The outcome of a search that never started: clashing givens have no
    /// solution, and that is the complete answer.
    fn unsolvable(clock: Clock) -> Outcome {
        Outcome {
            found: 0,
            stop: Stop::Exhausted,
            stats: ClassicStats {
                elapsed: clock.elapsed(),
                ..ClassicStats::default()
            },
        }
    }
}

/// Result of a classic search collected in memory: solutions in the order
/// found, why it stopped, and statistics. Made by each algorithm's `solve`;
/// use `search` when the number of solutions may be large.
#[derive(Clone, Debug)]
pub struct Report {
    /// The solutions, in the order the search found them.
    pub solutions: Vec<Grid>,
    /// Why the search stopped.
    pub stop: Stop,
    /// What the search did.
    pub stats: ClassicStats,
}

impl Report {
    /// Runs `search` with a callback that keeps every solution.
    fn collect(search: impl FnOnce(&mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Outcome) -> Report {
        let mut solutions = Vec::new();
        let outcome = search(&mut |g: &Grid| {
            solutions.push(*g);
            ControlFlow::Continue(())
        });
        Report {
            solutions,
            stop: outcome.stop,
            stats: outcome.stats,
        }
    }
}

/// Hands a solution to the caller and says whether the search must stop:
/// `Err` with the reason, after counting it in `found`.
fn deliver(
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    grid: &Grid,
    found: &mut u64,
    limits: &Limits,
) -> Result<(), Stop> {
    *found += 1;
    if on_solution(grid).is_break() {
        return Err(Stop::Cancelled);
    }
    if limits.solutions_reached(*found) {
        return Err(Stop::SolutionLimit);
    }
    Ok(())
}

/// A stopwatch that degrades to zero where `std::time::Instant` would panic.
#[derive(Clone, Copy)]
struct Clock {
    #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
    start: std::time::Instant,
}

impl Clock {
    fn start() -> Clock {
        Clock {
            #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
            start: std::time::Instant::now(),
        }
    }

    fn elapsed(self) -> Duration {
        #[cfg(not(all(target_family = "wasm", target_os = "unknown")))]
        return self.start.elapsed();
        #[cfg(all(target_family = "wasm", target_os = "unknown"))]
        return Duration::ZERO;
    }
}

/// The digits already used in each row, column and box, as 9-bit masks.
///
/// This is the documents' feasibility check ("es factible": the digit is not
/// yet in the cell's row, column or box) kept up to date as digits are placed
/// and removed, instead of rescanning 20 peers per trial.
#[derive(Clone, Copy, Default)]
struct HouseMasks {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl HouseMasks {
    /// The masks of the givens of `grid`, which must not clash.
    fn of(grid: &Grid) -> HouseMasks {
        let mut m = HouseMasks::default();
        for cell in Cell::all() {
            if let Some(d) = grid.get(cell) {
                m.mark(cell, d);
            }
        }
        m
    }

    fn is_feasible(&self, cell: Cell, digit: Digit) -> bool {
        let used = self.rows[cell.row()] | self.cols[cell.col()] | self.boxes[cell.box_index()];
        used & digit.bit() == 0
    }

    fn mark(&mut self, cell: Cell, digit: Digit) {
        self.rows[cell.row()] |= digit.bit();
        self.cols[cell.col()] |= digit.bit();
        self.boxes[cell.box_index()] |= digit.bit();
    }

    fn unmark(&mut self, cell: Cell, digit: Digit) {
        self.rows[cell.row()] &= !digit.bit();
        self.cols[cell.col()] &= !digit.bit();
        self.boxes[cell.box_index()] &= !digit.bit();
    }
}

#[cfg(test)]
mod test_support;
