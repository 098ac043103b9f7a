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
//!   [`deepening::trace`] also records the iteration trace and search tree
//!   ([`trace::Trace`]) that the documents print.
//!
//! All of them enumerate every solution unless a [`Limits`] stops them, and
//! report why they stopped ([`Stop`]) and what they did ([`ClassicStats`]).
//! They are meant to be read next to the documents and measured, not to be
//! fast: [`crate::engine`] is the fast solver.

pub mod backtracking;
pub mod branch_bound;
pub mod deepening;
pub mod trace;

use crate::grid::{Cell, Digit, Grid};
use std::fmt;
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
    fn solutions_reached(&self, found: usize) -> bool {
        self.max_solutions.is_some_and(|max| found as u64 >= max)
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
    /// Branch and bound only: one more live node would have taken the queue
    /// over the memory cap.
    MemoryCap {
        /// The cap, in bytes.
        cap_bytes: u64,
        /// Live nodes in the queue when the search stopped.
        live_nodes: u64,
    },
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
    /// An estimate of the peak memory held by the search structures, in
    /// bytes: live nodes times the size of one, plus fixed state.
    pub peak_memory_bytes: u64,
    /// Wall-clock time of the search (zero where no clock is available, as
    /// on `wasm32-unknown-unknown`).
    pub elapsed: Duration,
}

/// Result of a classic search: solutions in the order found, why it
/// stopped, and statistics.
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
    /// The report of a search that never started: clashing givens have no
    /// solution, and that is the complete answer.
    fn unsolvable(clock: Clock) -> Report {
        Report {
            solutions: Vec::new(),
            stop: Stop::Exhausted,
            stats: ClassicStats {
                elapsed: clock.elapsed(),
                ..ClassicStats::default()
            },
        }
    }
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
