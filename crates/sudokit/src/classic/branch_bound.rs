//! Branch and bound by levels (*ramificació i poda*), as in the source
//! documents.
//!
//! The tree is the one of [`super::backtracking`]: level `k` fills the `k`-th
//! empty cell in row-major order. Instead of going deep first, the live nodes
//! wait in a FIFO queue, so the tree is explored level by level:
//!
//! ```text
//! queue := [root]                         -- the puzzle, next cell = first empty
//! while queue is not empty:
//!   node := queue.pop_front()             -- the oldest live node
//!   for n := 1 to 9:                      -- branch: one child per digit
//!     if es_factible(node, cell, n):      -- bound: prune unfeasible children
//!       child := node with n in cell, next cell := following empty cell
//!       if child is complete then record a solution
//!       else queue.push_back(child)       -- a new live node
//! ```
//!
//! Every solution is found (in the same lexicographic order as
//! backtracking). The price is memory: a whole level of partial grids can be
//! alive at once. A node is 82 bytes (the 81 cells and the next position);
//! the peak number of live nodes (the queue plus the node being expanded) and
//! its size are reported, and a memory cap stops the search with
//! [`Stop::MemoryCap`] instead of exhausting the machine.

use super::{ClassicStats, Clock, Limits, Report, Stop};
use crate::candidates::PEERS;
use crate::grid::{Digit, Grid};
use crate::rules;
use std::collections::VecDeque;

/// The default memory cap: 1 GiB of live nodes.
pub const DEFAULT_MEMORY_CAP: u64 = 1 << 30;

/// A live node: a partial grid and the index of the next cell to fill.
#[derive(Clone, Copy)]
struct Node {
    cells: [u8; 81],
    next: u8,
}

/// The size of a live node, the unit of the memory estimate.
pub(crate) const NODE_BYTES: u64 = size_of::<Node>() as u64;

/// Every solution of `grid` by level-order branch and bound, within `limits`,
/// holding at most `memory_cap_bytes` of live nodes.
///
/// When one more live node would take the queue over the cap, the search
/// stops with [`Stop::MemoryCap`] and keeps the solutions found so far.
/// Clashing givens give no solution (and [`Stop::Exhausted`]).
///
/// ```
/// use sudokit::classic::{branch_bound, Limits, Stop};
/// use sudokit::{rules, Grid};
///
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let report = branch_bound::solve(&puzzle, Limits::default(), branch_bound::DEFAULT_MEMORY_CAP);
/// assert_eq!(report.stop, Stop::Exhausted);
/// assert_eq!(report.solutions.len(), 1);
/// assert!(rules::is_solution_of(&report.solutions[0], &puzzle));
/// println!("peak queue: {} nodes", report.stats.peak_live_nodes);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn solve(grid: &Grid, limits: Limits, memory_cap_bytes: u64) -> Report {
    let clock = Clock::start();
    if rules::validate(grid).is_err() {
        return Report::unsolvable(clock);
    }
    // The level of a node follows from its position: how many empty cells
    // of the puzzle come before it. Keeping it out of the node keeps nodes small.
    let mut level = [0u64; 82];
    for i in 0..81 {
        level[i + 1] = level[i] + u64::from(grid.values()[i] == 0);
    }
    let next_empty =
        |cells: &[u8; 81], from: usize| (from..81).find(|&i| cells[i] == 0).unwrap_or(81) as u8;

    let mut stats = ClassicStats {
        nodes: 1,
        ..ClassicStats::default()
    };
    let mut solutions = Vec::new();
    let root = Node {
        cells: *grid.values(),
        next: next_empty(grid.values(), 0),
    };
    let stop = 'search: {
        if limits.solutions_reached(0) {
            break 'search Stop::SolutionLimit;
        }
        if root.next == 81 {
            solutions.push(*grid);
            break 'search if limits.solutions_reached(1) {
                Stop::SolutionLimit
            } else {
                Stop::Exhausted
            };
        }
        if NODE_BYTES > memory_cap_bytes {
            break 'search Stop::MemoryCap {
                cap_bytes: memory_cap_bytes,
                live_nodes: 0,
            };
        }
        let mut queue = VecDeque::from([root]);
        stats.peak_live_nodes = 1;
        while let Some(node) = queue.pop_front() {
            let k = node.next as usize;
            // es_factible for the nine digits at once: those the peers use.
            let used = PEERS[k]
                .iter()
                .fold(0u16, |m, &p| m | (1u16 << node.cells[p as usize]) >> 1);
            let mut any_fits = false;
            for n in Digit::all() {
                if limits.iterations_reached(stats.iterations) {
                    break 'search Stop::IterationLimit;
                }
                stats.iterations += 1;
                if used & n.bit() != 0 {
                    continue;
                }
                any_fits = true;
                let mut child = node;
                child.cells[k] = n.get();
                child.next = next_empty(&child.cells, k + 1);
                stats.nodes += 1;
                stats.max_depth = stats.max_depth.max(level[k + 1]);
                if child.next == 81 {
                    solutions.push(Grid::from_values(child.cells).expect("digits 0..=9"));
                    if limits.solutions_reached(solutions.len()) {
                        break 'search Stop::SolutionLimit;
                    }
                    continue;
                }
                // The node being expanded still counts as live while its
                // children are made.
                let live = queue.len() as u64 + 2;
                if live * NODE_BYTES > memory_cap_bytes {
                    break 'search Stop::MemoryCap {
                        cap_bytes: memory_cap_bytes,
                        live_nodes: live - 1,
                    };
                }
                queue.push_back(child);
                stats.peak_live_nodes = stats.peak_live_nodes.max(live);
            }
            if !any_fits {
                stats.dead_ends += 1;
            }
        }
        Stop::Exhausted
    };
    stats.peak_memory_bytes = stats.peak_live_nodes * NODE_BYTES;
    stats.elapsed = clock.elapsed();
    Report {
        solutions,
        stop,
        stats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::test_support::*;

    fn all(grid: &Grid) -> Report {
        solve(grid, Limits::default(), DEFAULT_MEMORY_CAP)
    }

    #[test]
    fn nodes_are_compact() {
        assert_eq!(NODE_BYTES, 82);
    }

    #[test]
    fn deadly_pattern_has_exactly_two_solutions() {
        let (puzzle, a, b) = deadly_pattern();
        let r = all(&puzzle);
        assert_eq!(r.stop, Stop::Exhausted);
        assert_eq!(sorted(r.solutions.clone()), sorted(vec![a, b]));
        check_solutions(&puzzle, &r.solutions);
        // Both solutions sit at the last level; the first is the smaller line.
        assert!(r.solutions[0].to_line() < r.solutions[1].to_line());
    }

    #[test]
    fn solved_and_clashing_grids() {
        let g = solved();
        let r = all(&g);
        assert_eq!(r.solutions, vec![g]);
        assert_eq!(r.stop, Stop::Exhausted);
        let r = all(&clashing());
        assert!(r.solutions.is_empty());
        assert_eq!(r.stop, Stop::Exhausted);
    }

    #[test]
    fn easy_puzzle_matches_backtracking_in_order_and_counts() {
        let puzzle = easy_puzzle();
        let r = all(&puzzle);
        let bt = super::super::backtracking::solve(&puzzle, Limits::default());
        assert_eq!(r.solutions, bt.solutions);
        check_solutions(&puzzle, &r.solutions);
        // The same tree, explored in another order: the same nodes and trials.
        assert_eq!(r.stats.nodes, bt.stats.nodes);
        assert_eq!(r.stats.iterations, bt.stats.iterations);
        assert_eq!(r.stats.dead_ends, bt.stats.dead_ends);
        assert_eq!(r.stats.max_depth, bt.stats.max_depth);
        assert!(r.stats.peak_live_nodes >= 1);
        assert_eq!(r.stats.peak_memory_bytes, r.stats.peak_live_nodes * 82);
    }

    #[test]
    fn limits_stop_the_search() {
        let puzzle = many_solutions();
        let r = solve(
            &puzzle,
            Limits {
                max_solutions: Some(5),
                ..Limits::default()
            },
            DEFAULT_MEMORY_CAP,
        );
        assert_eq!(r.solutions.len(), 5);
        assert_eq!(r.stop, Stop::SolutionLimit);
        check_solutions(&puzzle, &r.solutions);
        let none = Limits {
            max_solutions: Some(0),
            ..Limits::default()
        };
        let r = solve(&puzzle, none, DEFAULT_MEMORY_CAP);
        assert!(r.solutions.is_empty());
        assert_eq!(r.stop, Stop::SolutionLimit);

        let r = solve(
            &puzzle,
            Limits {
                max_iterations: Some(100),
                ..Limits::default()
            },
            DEFAULT_MEMORY_CAP,
        );
        assert_eq!(r.stop, Stop::IterationLimit);
        assert_eq!(r.stats.iterations, 100);
    }

    #[test]
    fn memory_cap_stops_a_sparse_search() {
        let puzzle: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let cap = 10_000;
        let r = solve(&puzzle, Limits::default(), cap);
        match r.stop {
            Stop::MemoryCap {
                cap_bytes,
                live_nodes,
            } => {
                assert_eq!(cap_bytes, cap);
                assert!(live_nodes * NODE_BYTES <= cap);
                assert!((live_nodes + 1) * NODE_BYTES > cap);
            }
            other => panic!("expected a memory cap, got {other:?}"),
        }
        assert!(r.stats.peak_memory_bytes <= cap);
        assert!(r.solutions.is_empty());
        // A cap below one node stops before the search starts.
        let r = solve(&puzzle, Limits::default(), 10);
        assert!(matches!(r.stop, Stop::MemoryCap { live_nodes: 0, .. }));
    }

    #[test]
    fn memory_cap_keeps_solutions_found_so_far() {
        let puzzle = many_solutions();
        let full = all(&puzzle);
        assert_eq!(full.solutions.len(), MANY_COUNT);
        let cap = (full.stats.peak_live_nodes - 1) * NODE_BYTES;
        let r = solve(&puzzle, Limits::default(), cap);
        assert!(matches!(r.stop, Stop::MemoryCap { .. }));
        check_solutions(&puzzle, &r.solutions);
        assert!(r.solutions.len() < MANY_COUNT);
        assert_eq!(r.solutions[..], full.solutions[..r.solutions.len()]);
    }
}
