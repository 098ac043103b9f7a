//! A search's results on the last position a thread asked about.
//!
//! The walks ask for the techniques of one family one at a time (unique
//! rectangles 1, 2, 3 and 4 in turn, say); a family that finds all of them
//! in one pass keeps that pass's results here, so the next question about
//! the same position costs a comparison instead of a search.

use crate::candidates::Candidates;
use crate::grid::Grid;
use std::cell::RefCell;
use std::thread::LocalKey;

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
