//! Single-digit searches that found nothing, remembered per digit.
//!
//! A search confined to one digit (a fish, a skyscraper, a coloring, an
//! X-Chain) is a function of that digit's part of the board alone: the
//! cells where it is a candidate and, for some, where it is placed. Between
//! two positions of a walk only a few digits change; a digit whose part is
//! the same as when its search last found nothing has nothing again, and
//! its search can be skipped. Skipping a digit that would add no step
//! leaves every step, and their order, as they were.

use crate::grid::Digit;
use crate::logic::Step;
use std::cell::Cell;

/// What decides a search on one digit: the cells where it is a candidate
/// and the cells where it is placed (0 for searches that ignore them).
pub(crate) type Plane = (u128, u128);

/// No plane: no board has the bits above cell 80 set.
const NONE: Plane = (u128::MAX, u128::MAX);

/// For each of `N` searches (a technique, or one pass of it) and each
/// digit, the last plane on which that search found nothing. Kept in a
/// `thread_local!` by the family that owns the searches.
pub(crate) struct BarrenDigits<const N: usize>([[Cell<Plane>; 9]; N]);

impl<const N: usize> BarrenDigits<N> {
    /// No plane remembered.
    pub(crate) const fn new() -> Self {
        BarrenDigits([const { [const { Cell::new(NONE) }; 9] }; N])
    }

    /// Runs `run`, search `search` on `digit`, which tells whether it found
    /// anything, unless that search found nothing on the same `plane` last
    /// time; remembers `plane` when it finds nothing now.
    ///
    /// `run` must depend on nothing but `plane` (with `search` and
    /// `digit`), and leave no trace when it finds nothing.
    pub(crate) fn run(
        &self,
        search: usize,
        digit: Digit,
        plane: Plane,
        run: impl FnOnce() -> bool,
    ) {
        let last = &self.0[search][digit.index()];
        if bypassed() {
            run();
            return;
        }
        if last.get() == plane {
            tally::skipped();
            return;
        }
        if !run() {
            last.set(plane);
        }
    }

    /// As [`BarrenDigits::run`], for a search that pushes its steps onto
    /// `steps`.
    pub(crate) fn push(
        &self,
        search: usize,
        digit: Digit,
        plane: Plane,
        steps: &mut Vec<Step>,
        run: impl FnOnce(&mut Vec<Step>),
    ) {
        self.run(search, digit, plane, || {
            let before = steps.len();
            run(steps);
            steps.len() > before
        });
    }
}

#[cfg(not(test))]
/// Outside tests, the memory always answers.
const fn bypassed() -> bool {
    false
}

#[cfg(test)]
thread_local! {
    /// Whether searches on this thread ignore (and leave alone) what they
    /// remember: set by [`fresh`].
    static BYPASS: Cell<bool> = const { Cell::new(false) };
}

#[cfg(test)]
/// Whether [`fresh`] is running on this thread.
fn bypassed() -> bool {
    BYPASS.with(Cell::get)
}

#[cfg(test)]
/// What `f` returns with every search run in full and nothing remembered
/// or forgotten: the reference for the remembering searches.
pub(crate) fn fresh<R>(f: impl FnOnce() -> R) -> R {
    BYPASS.with(|b| b.set(true));
    let out = f();
    BYPASS.with(|b| b.set(false));
    out
}

/// How many searches were skipped, counted in tests only (so that a test
/// can tell that skipping happened).
pub(crate) mod tally {
    #[cfg(test)]
    thread_local! {
        /// The searches skipped on this thread.
        static SKIPPED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    }

    /// Counts one skipped search.
    #[inline]
    pub(crate) fn skipped() {
        #[cfg(test)]
        SKIPPED.with(|s| s.set(s.get() + 1));
    }

    #[cfg(test)]
    /// The searches skipped on this thread so far.
    pub(crate) fn count() -> u64 {
        SKIPPED.with(std::cell::Cell::get)
    }
}

#[cfg(test)]
mod tests;
