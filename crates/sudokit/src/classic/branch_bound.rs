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
//! alive at once. A node is 82 bytes (the 81 cells and the next position).
//! The queue keeps its nodes in blocks of [`BLOCK_NODES`], allocated and
//! freed one at a time, and charges every byte it allocates (blocks and the
//! list of blocks) to a [`MemoryBudget`] that every search of a process may
//! share: when the next allocation would take the budget over its cap, the
//! search stops with [`Stop::MemoryCap`] instead of exhausting the machine.

use super::{ClassicStats, Clock, Limits, Outcome, Report, Stop, deliver};
use crate::candidates::PEERS;
use crate::grid::{Digit, Grid};
use crate::rules;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicU64, Ordering};

/// The default memory cap: 1 GiB of live nodes.
pub const DEFAULT_MEMORY_CAP: u64 = 1 << 30;

/// A live node: a partial grid and the index of the next cell to fill.
#[derive(Clone, Copy)]
struct Node {
    cells: [u8; 81],
    next: u8,
}

/// The size of a live node.
pub(crate) const NODE_BYTES: u64 = size_of::<Node>() as u64;

/// Nodes per block of queue storage: blocks of about 10 KiB keep the waste
/// of a half-empty block and the allocation rate small.
pub const BLOCK_NODES: usize = 128;

/// The bytes of one block of queue storage.
pub const BLOCK_BYTES: u64 = BLOCK_NODES as u64 * NODE_BYTES;

/// A memory cap shared by branch-and-bound searches, on any number of
/// threads: each search charges what its queue allocates before allocating
/// it and gives it back when freed, so that together they never hold more
/// than [`MemoryBudget::cap`] bytes of queue storage.
///
/// ```
/// use sudokit::classic::branch_bound::{self, MemoryBudget};
/// use sudokit::classic::Limits;
/// use sudokit::Grid;
///
/// let budget = MemoryBudget::new(64 << 20);
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let outcome = branch_bound::search(&puzzle, Limits::NONE, &budget, &mut |_| {
///     std::ops::ControlFlow::Continue(())
/// });
/// assert_eq!(outcome.found, 1);
/// assert!(budget.peak() <= budget.cap());
/// assert_eq!(budget.in_use(), 0);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
#[derive(Debug)]
pub struct MemoryBudget {
    cap: u64,
    in_use: AtomicU64,
    peak: AtomicU64,
}

impl MemoryBudget {
    /// A budget of `cap_bytes`, none of it in use.
    pub fn new(cap_bytes: u64) -> MemoryBudget {
        MemoryBudget {
            cap: cap_bytes,
            in_use: AtomicU64::new(0),
            peak: AtomicU64::new(0),
        }
    }

    /// The cap, in bytes.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// Bytes charged now by every search on this budget.
    pub fn in_use(&self) -> u64 {
        self.in_use.load(Ordering::Relaxed)
    }

    /// The most bytes ever charged at once; never above [`MemoryBudget::cap`].
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
    }

    /// Charges `bytes` if they fit under the cap with what is in use.
    fn try_charge(&self, bytes: u64) -> bool {
        let charged = self
            .in_use
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(bytes).filter(|&total| total <= self.cap)
            });
        match charged {
            Ok(before) => {
                self.peak.fetch_max(before + bytes, Ordering::AcqRel);
                true
            }
            Err(_) => false,
        }
    }

    fn release(&self, bytes: u64) {
        self.in_use.fetch_sub(bytes, Ordering::AcqRel);
    }
}

/// What one search has charged to a budget; gives it back when dropped.
struct Charge<'a> {
    budget: &'a MemoryBudget,
    bytes: u64,
    peak: u64,
}

impl<'a> Charge<'a> {
    fn new(budget: &'a MemoryBudget) -> Charge<'a> {
        Charge {
            budget,
            bytes: 0,
            peak: 0,
        }
    }

    fn try_add(&mut self, bytes: u64) -> bool {
        if !self.budget.try_charge(bytes) {
            return false;
        }
        self.bytes += bytes;
        self.peak = self.peak.max(self.bytes);
        true
    }

    fn sub(&mut self, bytes: u64) {
        self.budget.release(bytes);
        self.bytes -= bytes;
    }
}

impl Drop for Charge<'_> {
    fn drop(&mut self) {
        self.budget.release(self.bytes);
    }
}

/// A FIFO of nodes in blocks of [`BLOCK_NODES`]; every allocation is charged
/// before it is made. Memory is what the blocks hold, not a capacity that
/// doubles. `Vec::with_capacity` allocates exactly what it is asked for
/// (documented under the `Vec` guarantees), so the charges are the real
/// allocations.
struct Queue<'a> {
    /// The blocks; those before `first` were used up (empty, unallocated).
    spine: Vec<Vec<Node>>,
    first: usize,
    /// Position of the next node to pop in the front block.
    head: usize,
    len: usize,
    charge: Charge<'a>,
}

/// Bytes of one entry of the list of blocks.
const SPINE_ENTRY_BYTES: u64 = size_of::<Vec<Node>>() as u64;

impl<'a> Queue<'a> {
    fn new(budget: &'a MemoryBudget) -> Queue<'a> {
        Queue {
            spine: Vec::new(),
            first: 0,
            head: 0,
            len: 0,
            charge: Charge::new(budget),
        }
    }

    fn len(&self) -> usize {
        self.len
    }

    /// Appends `node`; `false` (and nothing changed) when the storage it
    /// needs does not fit in the budget.
    fn push(&mut self, node: Node) -> bool {
        let back_full = self.spine[self.first..]
            .last()
            .is_none_or(|b| b.len() == BLOCK_NODES);
        if back_full {
            if !self.make_spine_room() || !self.charge.try_add(BLOCK_BYTES) {
                return false;
            }
            self.spine.push(Vec::with_capacity(BLOCK_NODES));
        }
        self.spine.last_mut().expect("a block").push(node);
        self.len += 1;
        true
    }

    /// Makes room for one more entry in the list of blocks: by dropping the
    /// used-up entries when they are at least half of it, else by moving
    /// to a list twice as long, charged before it is allocated.
    fn make_spine_room(&mut self) -> bool {
        if self.spine.len() < self.spine.capacity() {
            return true;
        }
        if self.first > 0 && self.first * 2 >= self.spine.len() {
            self.spine.drain(..self.first);
            self.first = 0;
            return true;
        }
        let old = self.spine.capacity();
        let new = (old * 2).max(4);
        if !self.charge.try_add(new as u64 * SPINE_ENTRY_BYTES) {
            return false;
        }
        let mut spine = Vec::with_capacity(new);
        spine.extend(self.spine.drain(self.first..));
        self.spine = spine;
        self.first = 0;
        self.charge.sub(old as u64 * SPINE_ENTRY_BYTES);
        true
    }

    fn pop(&mut self) -> Option<Node> {
        let front = self.spine.get(self.first)?;
        let node = *front.get(self.head)?;
        self.head += 1;
        self.len -= 1;
        // A full block is done once read; a partial one only when it is the
        // last (then the queue is empty and the next push starts a block).
        if self.head == front.len() && (front.len() == BLOCK_NODES || self.len == 0) {
            drop(std::mem::take(&mut self.spine[self.first]));
            self.charge.sub(BLOCK_BYTES);
            self.first += 1;
            self.head = 0;
            if self.first == self.spine.len() {
                self.spine.clear();
                self.first = 0;
            }
        }
        Some(node)
    }
}

/// Every solution of `grid` by level-order branch and bound, within `limits`,
/// holding at most `memory_cap_bytes` of queue storage, collected in memory:
/// [`search`] on a budget of its own.
///
/// When the queue would need more than the cap, the search stops with
/// [`Stop::MemoryCap`] and keeps the solutions found so far. Clashing givens
/// give no solution (and [`Stop::Exhausted`]).
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
    let budget = MemoryBudget::new(memory_cap_bytes);
    Report::collect(|on_solution| search(grid, limits, &budget, on_solution))
}

/// Level-order branch and bound over `grid` within `limits`, handing each
/// solution to `on_solution` as soon as it is found (in the order of
/// backtracking), its queue storage charged to `budget`.
///
/// The search stops with [`Stop::MemoryCap`] when the queue needs a block
/// the budget cannot give (other searches on the same budget count), with
/// [`Stop::Cancelled`] when the callback returns [`ControlFlow::Break`].
/// Everything it charged is given back before it returns. Clashing givens
/// give no solution (and [`Stop::Exhausted`]).
pub fn search(
    grid: &Grid,
    limits: Limits,
    budget: &MemoryBudget,
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Outcome {
    let clock = Clock::start();
    if rules::validate(grid).is_err() {
        return Outcome::unsolvable(clock);
    }
    let mut queue = Queue::new(budget);
    let mut run = Run {
        level: levels(grid),
        limits,
        on_solution,
        found: 0,
        stats: ClassicStats {
            nodes: 1,
            ..ClassicStats::default()
        },
    };
    let stop = match run.explore(grid, &mut queue) {
        Ok(()) => Stop::Exhausted,
        Err(stop) => stop,
    };
    let mut stats = run.stats;
    stats.peak_memory_bytes = queue.charge.peak;
    stats.elapsed = clock.elapsed();
    Outcome {
        found: run.found,
        stop,
        stats,
    }
}

/// The level of each position: how many empty cells of the puzzle come
/// before it. Keeping it out of the node keeps nodes small.
fn levels(grid: &Grid) -> [u64; 82] {
    let mut level = [0u64; 82];
    for i in 0..81 {
        level[i + 1] = level[i] + u64::from(grid.values()[i] == 0);
    }
    level
}

fn next_empty(cells: &[u8; 81], from: usize) -> u8 {
    (from..81).find(|&i| cells[i] == 0).unwrap_or(81) as u8
}

/// The state of one search besides its queue.
struct Run<'a> {
    level: [u64; 82],
    limits: Limits,
    on_solution: &'a mut dyn FnMut(&Grid) -> ControlFlow<()>,
    found: u64,
    stats: ClassicStats,
}

impl Run<'_> {
    fn explore(&mut self, grid: &Grid, queue: &mut Queue) -> Result<(), Stop> {
        if self.limits.solutions_reached(0) {
            return Err(Stop::SolutionLimit);
        }
        let root = Node {
            cells: *grid.values(),
            next: next_empty(grid.values(), 0),
        };
        if root.next == 81 {
            return deliver(self.on_solution, grid, &mut self.found, &self.limits);
        }
        if !queue.push(root) {
            return Err(cap_reached(queue, 0));
        }
        self.stats.peak_live_nodes = 1;
        while let Some(node) = queue.pop() {
            self.expand(&node, queue)?;
        }
        Ok(())
    }

    /// Makes the feasible children of `node`: solutions are delivered, the
    /// others queued.
    fn expand(&mut self, node: &Node, queue: &mut Queue) -> Result<(), Stop> {
        let k = node.next as usize;
        // es_factible for the nine digits at once: those the peers use.
        let used = PEERS[k]
            .iter()
            .fold(0u16, |m, &p| m | (1u16 << node.cells[p as usize]) >> 1);
        let mut any_fits = false;
        for n in Digit::all() {
            if self.limits.iterations_reached(self.stats.iterations) {
                return Err(Stop::IterationLimit);
            }
            self.stats.iterations += 1;
            if used & n.bit() != 0 {
                continue;
            }
            any_fits = true;
            let mut child = *node;
            child.cells[k] = n.get();
            child.next = next_empty(&child.cells, k + 1);
            self.stats.nodes += 1;
            self.stats.max_depth = self.stats.max_depth.max(self.level[k + 1]);
            if child.next == 81 {
                let grid = Grid::from_values(child.cells).expect("digits 0..=9");
                deliver(self.on_solution, &grid, &mut self.found, &self.limits)?;
                continue;
            }
            if !queue.push(child) {
                return Err(cap_reached(queue, 1));
            }
            // The node being expanded still counts as live while its
            // children are made.
            let live = queue.len() as u64 + 1;
            self.stats.peak_live_nodes = self.stats.peak_live_nodes.max(live);
        }
        if !any_fits {
            self.stats.dead_ends += 1;
        }
        Ok(())
    }
}

/// The stop for a queue that could not grow, with `expanding` nodes held
/// outside it.
fn cap_reached(queue: &Queue, expanding: u64) -> Stop {
    Stop::MemoryCap {
        cap_bytes: queue.charge.budget.cap(),
        live_nodes: queue.len() as u64 + expanding,
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
        // Whole blocks, and the list of them.
        let blocks = r.stats.peak_live_nodes.div_ceil(BLOCK_NODES as u64);
        assert!(r.stats.peak_memory_bytes >= blocks * BLOCK_BYTES);
        assert!(r.stats.peak_memory_bytes < (blocks + 2) * BLOCK_BYTES);
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

    /// A 17-clue puzzle: its levels hold far more nodes than any small cap.
    fn sparse() -> Grid {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
            .parse()
            .unwrap()
    }

    fn expect_cap(stop: Stop, cap: u64) -> u64 {
        match stop {
            Stop::MemoryCap {
                cap_bytes,
                live_nodes,
            } => {
                assert_eq!(cap_bytes, cap);
                assert!(live_nodes * NODE_BYTES <= cap);
                live_nodes
            }
            other => panic!("expected a memory cap, got {other:?}"),
        }
    }

    #[test]
    fn memory_cap_stops_a_sparse_search_within_the_cap() {
        let cap = 100_000;
        let budget = MemoryBudget::new(cap);
        let mut found = 0;
        let r = search(&sparse(), Limits::NONE, &budget, &mut |_| {
            found += 1;
            ControlFlow::Continue(())
        });
        let live = expect_cap(r.stop, cap);
        // Blocks of 128 nodes: the queue held at least the nodes of all
        // but its front block, and it stopped for want of one more block.
        assert!(
            live > (cap / BLOCK_BYTES - 2) * BLOCK_NODES as u64,
            "{live}"
        );
        assert_eq!((r.found, found), (0, 0));
        assert!(r.stats.peak_memory_bytes <= cap);
        assert!(r.stats.peak_memory_bytes + BLOCK_BYTES + 1024 > cap);
        assert_eq!(budget.peak(), r.stats.peak_memory_bytes);
        assert_eq!(budget.in_use(), 0);
        // A cap below one block stops before the search starts.
        let r = solve(&sparse(), Limits::default(), BLOCK_BYTES - 1);
        assert!(matches!(r.stop, Stop::MemoryCap { live_nodes: 0, .. }));
        assert!(r.stats.peak_memory_bytes < BLOCK_BYTES);
    }

    #[test]
    fn two_threads_share_one_budget() {
        let cap = 300_000;
        let budget = MemoryBudget::new(cap);
        let alone = search(&sparse(), Limits::NONE, &budget, &mut |_| {
            ControlFlow::Continue(())
        });
        expect_cap(alone.stop, cap);
        assert_eq!(budget.in_use(), 0);
        let budget = MemoryBudget::new(cap);
        let peaks: Vec<u64> = std::thread::scope(|scope| {
            let runs: Vec<_> = (0..2)
                .map(|_| {
                    scope.spawn(|| {
                        let r = search(&sparse(), Limits::NONE, &budget, &mut |_| {
                            ControlFlow::Continue(())
                        });
                        expect_cap(r.stop, cap);
                        r.stats.peak_memory_bytes
                    })
                })
                .collect();
            runs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        assert!(budget.peak() <= cap, "{} > {cap}", budget.peak());
        assert_eq!(budget.in_use(), 0);
        // Each had less than the whole cap unless the other had already
        // finished and given its share back.
        assert!(peaks.iter().all(|&p| p <= cap));
        assert!(budget.peak() >= *peaks.iter().max().unwrap());
    }

    #[test]
    fn budget_is_given_back_whatever_the_stop() {
        let budget = MemoryBudget::new(DEFAULT_MEMORY_CAP);
        let puzzle = many_solutions();
        let full = search(&puzzle, Limits::NONE, &budget, &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(full.stop, Stop::Exhausted);
        assert_eq!(full.found, MANY_COUNT as u64);
        assert_eq!(budget.in_use(), 0);
        assert!(full.stats.peak_memory_bytes >= BLOCK_BYTES);
        let mut seen = 0;
        let cancelled = search(&puzzle, Limits::NONE, &budget, &mut |_| {
            seen += 1;
            if seen == 4 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((cancelled.found, cancelled.stop), (4, Stop::Cancelled));
        assert_eq!(budget.in_use(), 0);
        let limited = Limits {
            max_iterations: Some(500),
            ..Limits::NONE
        };
        let r = search(&sparse(), limited, &budget, &mut |_| {
            ControlFlow::Continue(())
        });
        assert_eq!(r.stop, Stop::IterationLimit);
        assert_eq!(budget.in_use(), 0);
        assert!(budget.peak() <= budget.cap());
    }

    #[test]
    fn budget_refuses_what_does_not_fit() {
        let budget = MemoryBudget::new(100);
        assert!(budget.try_charge(60));
        assert!(!budget.try_charge(41));
        assert!(budget.try_charge(40));
        assert_eq!((budget.in_use(), budget.peak()), (100, 100));
        budget.release(100);
        assert_eq!(
            (budget.in_use(), budget.peak(), budget.cap()),
            (0, 100, 100)
        );
        assert!(!MemoryBudget::new(u64::MAX - 1).try_charge(u64::MAX));
    }

    #[test]
    fn memory_cap_keeps_solutions_found_so_far() {
        let puzzle = many_solutions();
        let full = all(&puzzle);
        assert_eq!(full.solutions.len(), MANY_COUNT);
        let cap = full.stats.peak_memory_bytes - 1;
        let r = solve(&puzzle, Limits::default(), cap);
        expect_cap(r.stop, cap);
        check_solutions(&puzzle, &r.solutions);
        assert!(r.solutions.len() < MANY_COUNT);
        assert_eq!(r.solutions[..], full.solutions[..r.solutions.len()]);
    }

    #[test]
    fn streamed_solutions_match_the_collected_ones() {
        let puzzle = many_solutions();
        let budget = MemoryBudget::new(DEFAULT_MEMORY_CAP);
        let mut streamed = Vec::new();
        let r = search(&puzzle, Limits::NONE, &budget, &mut |g| {
            assert!(rules::is_solution_of(g, &puzzle));
            streamed.push(*g);
            ControlFlow::Continue(())
        });
        assert_eq!(r.found, MANY_COUNT as u64);
        assert_eq!(streamed, all(&puzzle).solutions);
    }
}
