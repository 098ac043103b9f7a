//! A search's results on the last position a thread asked about.
//!
//! The walks ask for the techniques of one family one at a time (unique
//! rectangles 1, 2, 3 and 4 in turn, say); a family that finds all of them
//! in one pass keeps that pass's results here, so the next question about
//! the same position costs a comparison instead of a search. The digits'
//! bitboards ([`planes`]), which many searches start from, are kept the
//! same way and brought up to date from the last position.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::intersections::{CellBits, cells_of};
use std::cell::RefCell;
use std::thread::LocalKey;

thread_local! {
    /// The last position [`planes`] was asked about, with its planes.
    static PLANES: RefCell<Option<(Candidates, [CellBits; 9])>> = const { RefCell::new(None) };
}

/// The slot a family keeps in a `thread_local!`: the position and what was
/// found on it.
pub(crate) type Slot<T> = RefCell<Option<(Grid, Candidates, T)>>;

/// What `read` takes from the results on the position (`grid`,
/// `candidates`), computed by `search` unless the slot holds that position.
pub(crate) fn recall<T: 'static, R>(
    slot: &'static LocalKey<Slot<T>>,
    grid: &Grid,
    candidates: &Candidates,
    search: impl FnOnce() -> T,
    read: impl FnOnce(&T) -> R,
) -> R {
    slot.with(|slot| {
        let mut slot = slot.borrow_mut();
        let fresh = !matches!(&*slot, Some((g, c, _)) if g == grid && c == candidates);
        if fresh {
            *slot = Some((*grid, *candidates, search()));
        }
        let (_, _, found) = slot.as_ref().expect("just filled");
        read(found)
    })
}

/// [`Candidates::planes`] of `candidates`, updated from the last position
/// asked about on this thread when only a few cells differ (the searches
/// of one position, and of consecutive positions, ask in turn).
pub(crate) fn planes(candidates: &Candidates) -> [CellBits; 9] {
    PLANES.with(|last| {
        let mut last = last.borrow_mut();
        match &mut *last {
            Some((board, planes)) => {
                if board == candidates {
                    return *planes;
                }
                let changed = candidates.differing_cells(board);
                // An unrelated board (the next puzzle): a fresh pass is cheaper.
                if changed.count_ones() > 16 {
                    *planes = candidates.planes();
                } else {
                    update_planes(planes, board, candidates, changed);
                }
                *board = *candidates;
                *planes
            }
            None => {
                let planes = candidates.planes();
                *last = Some((*candidates, planes));
                planes
            }
        }
    })
}

/// Brings `planes`, those of `from`, to those of `to`, which differ from
/// `from` only in the cells `changed`.
fn update_planes(
    planes: &mut [CellBits; 9],
    from: &Candidates,
    to: &Candidates,
    changed: CellBits,
) {
    for c in cells_of(changed) {
        let bit = 1u128 << c.index();
        let (old, new) = (from.get(c).bits(), to.get(c).bits());
        let mut flips = old ^ new;
        while flips != 0 {
            planes[flips.trailing_zeros() as usize] ^= bit;
            flips &= flips - 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::solver::{Options, Position};
    use crate::logic::soundness::sample;

    thread_local! {
        static COUNT: Slot<u32> = const { RefCell::new(None) };
    }

    #[test]
    fn searches_once_per_position() {
        let g: Grid = ".".repeat(81).parse().unwrap();
        let c = Candidates::from_grid(&g);
        let mut searches = 0;
        for _ in 0..3 {
            let v = recall(
                &COUNT,
                &g,
                &c,
                || {
                    searches += 1;
                    7
                },
                |v| *v,
            );
            assert_eq!(v, 7);
        }
        assert_eq!(searches, 1);
        let mut c2 = c;
        c2.remove(
            crate::grid::Cell::new(0).unwrap(),
            crate::grid::Digit::new(1).unwrap(),
        );
        let v = recall(
            &COUNT,
            &g,
            &c2,
            || {
                searches += 1;
                8
            },
            |v| *v,
        );
        assert_eq!((v, searches), (8, 2));
    }

    /// The planes kept up to date from the last position are those
    /// computed afresh, along removals and across unrelated boards.
    #[test]
    fn planes_follow_the_positions() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(20);
        let order = Options::default().order();
        for puzzle in &puzzles {
            let mut pos = Position::new(puzzle);
            while !pos.grid.is_full() {
                assert_eq!(planes(&pos.candidates), pos.candidates.planes());
                if pos.advance(&order).is_none() {
                    break;
                }
            }
        }
    }
}
