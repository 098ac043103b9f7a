//! Depth-first search over propagated boards, with an explicit stack.
//!
//! A guess "digit `d` in cell `c`" continues with the assignment on the
//! current board and pushes a copy with `d` removed from `c` for later. The
//! stack is explicit (not recursion) so that the search can stop after any
//! solution and resume, which is what the solutions iterator needs.

use super::Stats;
#[cfg(target_arch = "x86_64")]
use super::bits::Bmi2;
use super::bits::{BitOps, Portable};
use super::board::Board;
use super::kernel::Kernel;
use crate::grid::Grid;
use std::cell::Cell;

std::thread_local! {
    /// The stack of the thread's last finished search, kept for the next.
    static SPARE: Cell<Vec<Board>> = const { Cell::new(Vec::new()) };
}

/// An empty stack, reusing the thread's spare one when there is one: a
/// batch of easy puzzles then makes no allocation per puzzle (malloc and
/// free were about 1 % of an easy puzzle's instructions).
fn spare_stack() -> Vec<Board> {
    let mut stack = SPARE.take();
    // Easy puzzles stay below 16 pending boards, hard ones grow it once or
    // twice.
    stack.reserve(16);
    stack
}

impl Drop for Search {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        // A thread being torn down has no spare slot left: just free it.
        let _ = SPARE.try_with(|spare| spare.set(stack));
    }
}

/// The resumable search.
pub(crate) struct Search {
    /// The puzzle, until the first run builds its board.
    ///
    /// The board is built inside the kernel rather than here so that its
    /// construction is compiled with the kernel's features too (about 15 %
    /// fewer of its instructions, measured before its per-given rewrite).
    puzzle: Option<Grid>,
    /// Alternatives not yet explored, the most recent on top.
    stack: Vec<Board>,
    pub(crate) stats: Stats,
    /// The compiled copy of the search loop to run.
    kernel: Kernel,
}

impl Search {
    pub(crate) fn new(grid: &Grid) -> Search {
        Search::with_kernel(grid, Kernel::detect())
    }

    /// A search that runs the given kernel (which must be available).
    pub(crate) fn with_kernel(grid: &Grid, kernel: Kernel) -> Search {
        Search {
            puzzle: Some(*grid),
            stack: spare_stack(),
            stats: Stats::default(),
            kernel,
        }
    }

    /// A search from `grid` whose empty cells keep only the candidates in
    /// `allowed` (bit `d` for digit `d + 1`): a player's pencil marks.
    pub(crate) fn with_candidates(grid: &Grid, allowed: &[u16; 81]) -> Search {
        let mut board = Board::new(grid);
        for (cell, (&value, &mask)) in grid.values().iter().zip(allowed).enumerate() {
            if value == 0 {
                for d in (0..9).filter(|d| mask >> d & 1 == 0) {
                    board.eliminate(cell, d);
                }
            }
        }
        let mut search = Search::new(grid);
        // The restricted board is the first to explore: the puzzle's own
        // board is never built.
        search.puzzle = None;
        search.stack.push(board);
        search
    }

    /// Runs to the next solution and returns its board, or `None` when the
    /// search space is exhausted.
    #[inline]
    pub(crate) fn next_solution(&mut self) -> Option<Board> {
        match self.kernel {
            Kernel::Portable => self.run_portable(),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the x86-64-v3 kernels are only chosen by
            // `Kernel::detect` (or by tests from `Kernel::available`) after
            // the CPU reported every feature they are compiled with.
            Kernel::X86V3 => unsafe { self.run_x86v3::<Portable>() },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above; BMI2 is among those features, which is what
            // `Bmi2` needs.
            Kernel::X86V3Pext => unsafe { self.run_x86v3::<Bmi2>() },
        }
    }

    /// The search loop compiled for the target's baseline.
    #[inline(never)]
    fn run_portable(&mut self) -> Option<Board> {
        self.run::<Portable>()
    }

    /// The search loop compiled with the x86-64-v3 features.
    ///
    /// # Safety
    /// The CPU must support AVX2, BMI1, BMI2, POPCNT and LZCNT.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
    #[inline(never)]
    unsafe fn run_x86v3<B: BitOps>(&mut self) -> Option<Board> {
        self.run::<B>()
    }

    /// The search loop itself; inlined into each kernel so that everything
    /// it calls is compiled for that kernel's features.
    #[inline(always)]
    fn run<B: BitOps>(&mut self) -> Option<Board> {
        loop {
            let mut board = match self.puzzle.take() {
                Some(g) => Board::new(&g),
                None => self.stack.pop()?,
            };
            // The chosen branch continues on this local board: routing it
            // through a field of `self` copied the whole board twice per node.
            loop {
                self.stats.nodes += 1;
                if board.propagate::<B>().is_err() {
                    break;
                }
                if board.is_solved() {
                    return Some(board);
                }
                self.stats.guesses += 1;
                if let Some(s) = board.choose_split() {
                    // Pushed last to first, so that they pop in order.
                    for side in [s.third, Some(s.second)].iter().flatten() {
                        let mut other = board;
                        other.restrict(s.digit, side);
                        self.stack.push(other);
                    }
                    board.restrict(s.digit, &s.first);
                    continue;
                }
                let g = board.choose();
                let mut other = board;
                other.eliminate(g.cell, g.digit);
                self.stack.push(other);
                board.assign(g.cell, g.digit);
            }
        }
    }

    /// Counts solutions until `limit`.
    pub(crate) fn count(&mut self, limit: u64) -> u64 {
        let mut n = 0;
        while n < limit && self.next_solution().is_some() {
            n += 1;
        }
        n
    }

    /// Counts solutions until `limit`, building the grid of the first only.
    pub(crate) fn count_keeping_first(&mut self, limit: u64) -> (u64, Option<Grid>) {
        let mut first = None;
        let mut n = 0;
        while n < limit {
            let Some(board) = self.next_solution() else {
                break;
            };
            if n == 0 {
                first = Some(board.solution_grid());
            }
            n += 1;
        }
        (n, first)
    }
}

/// Every solution of a grid, found lazily by depth-first search.
pub struct Solutions {
    search: Search,
}

impl Solutions {
    pub(super) fn new(grid: &Grid) -> Solutions {
        Solutions {
            search: Search::new(grid),
        }
    }

    pub(super) fn with_candidates(grid: &Grid, allowed: &[u16; 81]) -> Solutions {
        Solutions {
            search: Search::with_candidates(grid, allowed),
        }
    }

    /// Statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.search.stats
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        self.search.next_solution().map(|b| b.solution_grid())
    }
}
