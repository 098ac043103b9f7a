//! The fast solver: solve, count up to a limit, uniqueness, every solution.
//!
//! Every command that needs "how many solutions?" goes through this module.
//!
//! Design (in the family of JCZSolve, sk_bforce2 and tdoku): candidates are
//! kept per digit as three 27-bit band words (`board.rs`); propagation
//! (`propagate.rs`) applies, per digit, a permutation filter to the minirows of
//! each band and to the minicolumns of each stack (locked candidates in both
//! directions, hidden singles), all dirty digits of a round before their
//! placements; across digits, bit-sliced counting finds naked singles and dead
//! cells, and from 40 open cells up the triad rule (three digits per minirow
//! and minicolumn, naked and hidden) runs too. When stuck, the search
//! (`search.rs`) splits a digit with two (else three) permutations left in the
//! band or stack with the fewest, else guesses in a bivalue cell
//! (`branch.rs`), and keeps the alternatives on an explicit stack, stopping as
//! soon as the requested number of solutions is reached. The search loop is
//! compiled per instruction set and chosen at run time (`kernel.rs`), with the
//! bit moves of the filters as table lookups or as `pext`/`pdep` (`bits.rs`).

// Bitboard code indexes bands and digits in several arrays at once; index
// loops say that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

mod bits;
mod board;
mod branch;
mod kernel;
mod propagate;
mod search;
mod tables;
#[cfg(test)]
mod tests;

pub use search::Solutions;

use crate::candidates::Candidates;
use crate::grid::{Cell, Grid};

/// What a search did: how many nodes it visited and how many guesses it made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes visited (the root counts as one).
    pub nodes: u64,
    /// Branchings on a cell or digit with two or more choices left.
    pub guesses: u64,
}

/// The iterator over every solution of `grid`, in a deterministic order.
///
/// A grid whose givens clash has no solution.
///
/// ```
/// use sudokit::{engine, Grid};
/// let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let mut all = engine::solutions(&g);
/// let first = all.next().unwrap();
/// assert!(sudokit::rules::is_solution_of(&first, &g));
/// assert!(all.next().is_none());
/// ```
pub fn solutions(grid: &Grid) -> Solutions {
    Solutions::new(grid)
}

/// One solution of `grid`, if it has any.
pub fn solve_one(grid: &Grid) -> Option<Grid> {
    solutions(grid).next()
}

/// One solution and the statistics of the search that found it.
pub fn solve_with_stats(grid: &Grid) -> (Option<Grid>, Stats) {
    let mut it = solutions(grid);
    let found = it.next();
    (found, it.stats())
}

/// The number of solutions of `grid`, counting stops at `limit`.
///
/// ```
/// use sudokit::{engine, Grid};
/// assert_eq!(engine::count_solutions(&Grid::empty(), 5), 5);
/// ```
pub fn count_solutions(grid: &Grid, limit: u64) -> u64 {
    count_with_stats(grid, limit).0
}

/// The number of solutions up to `limit`, and the statistics of the search.
pub fn count_with_stats(grid: &Grid, limit: u64) -> (u64, Stats) {
    // Counting never builds a grid: solved boards are only tallied.
    let mut search = search::Search::new(grid);
    let n = search.count(limit);
    (n, search.stats)
}

/// What [`solve_and_count`] found: the first solution and how many there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// The first solution (the one [`solve_one`] gives); `None` when the
    /// count is 0.
    pub solution: Option<Grid>,
    /// The number of solutions, up to the limit.
    pub count: u64,
    /// The statistics of the search.
    pub stats: Stats,
}

/// The first solution of `grid` and the number of its solutions up to
/// `limit`, from one search: what `solve` needs to print a solution and
/// flag an ambiguous puzzle (`limit` 2), without an iterator's state
/// between the two.
///
/// ```
/// use sudokit::{engine, Grid};
/// let g: Grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///     .parse().unwrap();
/// let solved = engine::solve_and_count(&g, 2);
/// assert_eq!(solved.count, 1);
/// assert!(sudokit::rules::is_solution_of(&solved.solution.unwrap(), &g));
/// ```
pub fn solve_and_count(grid: &Grid, limit: u64) -> Solved {
    let mut search = search::Search::new(grid);
    let (count, solution) = search.count_keeping_first(limit);
    Solved {
        solution,
        count,
        stats: search.stats,
    }
}

/// The number of solutions of `grid` in which every empty cell takes one
/// of its `candidates` (a position with pencil marks), up to `limit`.
///
/// ```
/// use sudokit::{engine, Candidates, Grid};
/// let grid = Grid::empty();
/// let mut marks = Candidates::from_grid(&grid);
/// let r1c1 = sudokit::Cell::new(0).unwrap();
/// marks.set(r1c1, sudokit::DigitSet::from_bits(0b1)); // only a 1 in r1c1
/// assert_eq!(engine::count_with_candidates(&grid, &marks, 3), 3);
/// marks.set(r1c1, sudokit::DigitSet::EMPTY);
/// assert_eq!(engine::count_with_candidates(&grid, &marks, 3), 0);
/// ```
pub fn count_with_candidates(grid: &Grid, candidates: &Candidates, limit: u64) -> u64 {
    count_with_candidates_stats(grid, candidates, limit).0
}

/// The bits of each cell's candidates, as the search takes them.
fn allowed(candidates: &Candidates) -> [u16; 81] {
    std::array::from_fn(|i| candidates.get(Cell::new(i).expect("< 81")).bits())
}

/// [`count_with_candidates`] and the statistics of the search.
pub fn count_with_candidates_stats(
    grid: &Grid,
    candidates: &Candidates,
    limit: u64,
) -> (u64, Stats) {
    let mut search = search::Search::with_candidates(grid, &allowed(candidates));
    let n = search.count(limit);
    (n, search.stats)
}

/// The first solution of `grid` in which every empty cell takes one of its
/// `candidates`, if there is one.
pub fn solve_with_candidates(grid: &Grid, candidates: &Candidates) -> Option<Grid> {
    solutions_with_candidates(grid, candidates).next()
}

/// The solutions of `grid` in which every empty cell takes one of its
/// `candidates`, one by one, in the order [`solutions`] gives them.
pub fn solutions_with_candidates(grid: &Grid, candidates: &Candidates) -> Solutions {
    Solutions::with_candidates(grid, &allowed(candidates))
}

/// [`solve_and_count`] under pencil marks: every empty cell takes one of
/// its `candidates`.
pub fn solve_and_count_with_candidates(grid: &Grid, candidates: &Candidates, limit: u64) -> Solved {
    let mut search = search::Search::with_candidates(grid, &allowed(candidates));
    let (count, solution) = search.count_keeping_first(limit);
    Solved {
        solution,
        count,
        stats: search.stats,
    }
}

/// Whether `grid` has exactly one solution.
pub fn is_unique(grid: &Grid) -> bool {
    count_solutions(grid, 2) == 1
}
