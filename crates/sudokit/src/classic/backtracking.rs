//! Backtracking (*vuelta atrás*), as in the course notes.
//!
//! The notes' scheme, and where each part lives below:
//!
//! ```text
//! procedure vuelta_atras(k)              -- k: cell 0..81 in row-major order
//!   if k = 81 then record the solution   -- every cell is filled
//!   else if cell k is a given then vuelta_atras(k + 1)
//!   else for n := 1 to 9 do             -- one trial ("iteración") per digit
//!     if es_factible(k, n) then          -- n not yet in row, column or box
//!       mark n in cell k
//!       vuelta_atras(k + 1)
//!       unmark cell k                    -- undo on return
//! ```
//!
//! Givens are never changed. Every solution is enumerated, in increasing
//! lexicographic order of the 81-digit line, unless [`Limits`] stop the
//! search earlier. The feasibility test reads row, column and box masks kept
//! up to date by mark and unmark: the same test as
//! [`crate::rules::is_feasible`] without rescanning the 20 peers.
//!
//! The recursion is at most 81 deep.

use super::{ClassicStats, Clock, HouseMasks, Limits, Outcome, Report, Stop, deliver};
use crate::grid::{Cell, Digit, Grid};
use crate::rules;
use std::ops::ControlFlow;

/// A rough size of one recursion frame (cell index, digit, return address,
/// saved registers), used only for [`ClassicStats::peak_memory_bytes`].
const FRAME_BYTES: u64 = 64;

/// Every solution of `grid` by row-major backtracking, within `limits`,
/// collected in memory: [`search`] with a callback that keeps them.
///
/// Clashing givens give no solution (and [`Stop::Exhausted`]).
///
/// ```
/// use sudokit::classic::{backtracking, Limits, Stop};
/// use sudokit::{rules, Grid};
///
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let report = backtracking::solve(&puzzle, Limits::default());
/// assert_eq!(report.stop, Stop::Exhausted);
/// assert_eq!(report.solutions.len(), 1);
/// assert!(rules::is_solution_of(&report.solutions[0], &puzzle));
/// assert!(report.stats.iterations >= report.stats.nodes - 1);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn solve(grid: &Grid, limits: Limits) -> Report {
    Report::collect(|on_solution| search(grid, limits, on_solution))
}

/// Row-major backtracking over `grid` within `limits`, handing each solution
/// to `on_solution` as soon as it is found, in increasing lexicographic
/// order. Memory does not depend on the number of solutions.
///
/// [`ControlFlow::Break`] from the callback stops the search at once with
/// [`Stop::Cancelled`] (even when that solution also reaches
/// [`Limits::max_solutions`]). Clashing givens give no solution (and
/// [`Stop::Exhausted`]).
///
/// ```
/// use std::ops::ControlFlow;
/// use sudokit::classic::{backtracking, Limits, Stop};
/// use sudokit::Grid;
///
/// let empty = Grid::empty();
/// let mut seen = 0;
/// let outcome = backtracking::search(&empty, Limits::NONE, &mut |_| {
///     seen += 1;
///     if seen == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!((outcome.found, outcome.stop), (3, Stop::Cancelled));
/// ```
pub fn search(
    grid: &Grid,
    limits: Limits,
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Outcome {
    let clock = Clock::start();
    if rules::validate(grid).is_err() {
        return Outcome::unsolvable(clock);
    }
    let mut search = Search {
        board: *grid,
        masks: HouseMasks::of(grid),
        limits,
        on_solution,
        found: 0,
        stats: ClassicStats {
            nodes: 1,
            peak_live_nodes: 1,
            ..ClassicStats::default()
        },
    };
    let stop = if limits.solutions_reached(0) {
        Stop::SolutionLimit
    } else {
        match search.vuelta_atras(0, 0) {
            Ok(()) => Stop::Exhausted,
            Err(stop) => stop,
        }
    };
    let mut stats = search.stats;
    stats.peak_memory_bytes = (size_of::<Search>() as u64) + stats.peak_live_nodes * FRAME_BYTES;
    stats.elapsed = clock.elapsed();
    Outcome {
        found: search.found,
        stop,
        stats,
    }
}

/// The state shared by every level of the recursion.
struct Search<'a> {
    board: Grid,
    masks: HouseMasks,
    limits: Limits,
    on_solution: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    found: u64,
    stats: ClassicStats,
}

impl Search<'_> {
    /// Fills cells `k..81` every possible way; `depth` counts the trials on
    /// the path from the root. `Err` carries the reason to stop everything.
    fn vuelta_atras(&mut self, k: usize, depth: u64) -> Result<(), Stop> {
        let Some(cell) = Cell::new(k) else {
            return deliver(self.on_solution, &self.board, &mut self.found, &self.limits);
        };
        if self.board[cell] != 0 {
            return self.vuelta_atras(k + 1, depth);
        }
        let mut any_fits = false;
        for n in Digit::all() {
            if self.limits.iterations_reached(self.stats.iterations) {
                return Err(Stop::IterationLimit);
            }
            self.stats.iterations += 1;
            if !self.masks.is_feasible(cell, n) {
                continue;
            }
            any_fits = true;
            self.mark(cell, n, depth + 1);
            let result = self.vuelta_atras(k + 1, depth + 1);
            self.unmark(cell, n);
            result?;
        }
        if !any_fits {
            self.stats.dead_ends += 1;
        }
        Ok(())
    }

    fn mark(&mut self, cell: Cell, n: Digit, depth: u64) {
        self.board.set(cell, Some(n));
        self.masks.mark(cell, n);
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(depth);
        self.stats.peak_live_nodes = self.stats.peak_live_nodes.max(depth + 1);
    }

    fn unmark(&mut self, cell: Cell, n: Digit) {
        self.board.set(cell, None);
        self.masks.unmark(cell, n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::test_support::*;

    #[test]
    fn solved_grid_is_its_own_only_solution() {
        let g = solved();
        let r = solve(&g, Limits::default());
        assert_eq!(r.solutions, vec![g]);
        assert_eq!(r.stop, Stop::Exhausted);
        assert_eq!(r.stats.iterations, 0);
        assert_eq!(r.stats.nodes, 1);
    }

    #[test]
    fn deadly_pattern_has_exactly_two_solutions() {
        let (puzzle, a, b) = deadly_pattern();
        let r = solve(&puzzle, Limits::default());
        assert_eq!(r.stop, Stop::Exhausted);
        assert_eq!(sorted(r.solutions.clone()), sorted(vec![a, b]));
        check_solutions(&puzzle, &r.solutions);
        // Row-major, digits in increasing order: lexicographic order.
        assert!(r.solutions[0].to_line() < r.solutions[1].to_line());
    }

    #[test]
    fn clashing_givens_have_no_solution() {
        let r = solve(&clashing(), Limits::default());
        assert!(r.solutions.is_empty());
        assert_eq!(r.stop, Stop::Exhausted);
    }

    #[test]
    fn solution_limit_stops_at_exactly_n() {
        let puzzle = many_solutions();
        for n in [0, 1, 3, 7] {
            let r = solve(
                &puzzle,
                Limits {
                    max_solutions: Some(n),
                    ..Limits::default()
                },
            );
            assert_eq!(r.solutions.len() as u64, n);
            assert_eq!(r.stop, Stop::SolutionLimit);
            check_solutions(&puzzle, &r.solutions);
        }
    }

    #[test]
    fn iteration_limit_is_reported_and_respected() {
        let puzzle = many_solutions();
        let r = solve(
            &puzzle,
            Limits {
                max_iterations: Some(50),
                ..Limits::default()
            },
        );
        assert_eq!(r.stop, Stop::IterationLimit);
        assert_eq!(r.stats.iterations, 50);
        check_solutions(&puzzle, &r.solutions);
    }

    #[test]
    fn stats_are_consistent() {
        let puzzle = easy_puzzle();
        let r = solve(&puzzle, Limits::default());
        assert_eq!(r.solutions.len(), 1);
        let empties = puzzle.empty_cells().count() as u64;
        assert_eq!(r.stats.max_depth, empties);
        assert_eq!(r.stats.peak_live_nodes, empties + 1);
        assert!(r.stats.nodes > empties);
        assert!(r.stats.iterations >= r.stats.nodes - 1);
        assert!(r.stats.dead_ends > 0);
        assert!(r.stats.peak_memory_bytes > 0);
    }
}
