//! House-by-house searches that skip the houses where nothing can have
//! changed since they last found nothing.
//!
//! The walks ask every small technique about every position, and at a hard
//! position most of them find nothing; the next position is the same board
//! with a few candidates removed. A search made of one unit per house
//! remembers, per thread, the last position it ran on and which units found
//! nothing there. Each search here has the property that a unit that found
//! nothing still finds nothing once candidates are removed anywhere but in
//! its own house (removals outside the house can only take away
//! eliminations, never make a pattern of the house). So on a position
//! reached from the remembered one by removals only, such a unit is
//! skipped; on any other position every unit is searched. The steps, and
//! their order, are those of the full search.

use crate::candidates::Candidates;
use crate::logic::Step;
use crate::logic::intersections::HOUSE_BITS;
use std::cell::{Cell, RefCell};

/// The searches that remember their barren units, one slot each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// Naked pairs.
    NakedPair,
    /// Naked triples.
    NakedTriple,
    /// Naked quads.
    NakedQuad,
    /// Hidden pairs.
    HiddenPair,
    /// Hidden triples.
    HiddenTriple,
    /// Hidden quads.
    HiddenQuad,
    /// Locked candidates, pointing.
    Pointing,
    /// Locked candidates, claiming.
    Claiming,
    /// Locked pairs.
    LockedPair,
    /// Locked triples.
    LockedTriple,
}

/// How many [`Slot`]s there are.
const SLOTS: usize = 10;

/// What a search remembers: the position it last ran on and, bit per
/// house index, the units that found nothing there.
#[derive(Clone, Copy)]
struct Memory {
    /// The candidates of the position.
    board: Candidates,
    /// Bit `h` set: unit `h` had no step on `board`.
    barren: u32,
}

thread_local! {
    /// Each slot's memory on this thread.
    static MEMORY: RefCell<[Option<Memory>; SLOTS]> = const { RefCell::new([None; SLOTS]) };
    /// When set, searches neither consult nor update their memory (tests
    /// compare the two ways).
    static FORGETFUL: Cell<bool> = const { Cell::new(false) };
}

/// The steps of the units `units` (house indices, searched in that order)
/// on `candidates`: `search(h, steps)` appends unit `h`'s steps. A unit
/// that found nothing at the slot's previous position is not searched
/// again if the position since lost candidates only, none in house `h`:
/// the search must be one where that cannot give the unit a step (see the
/// module's documentation).
pub(crate) fn search(
    slot: Slot,
    candidates: &Candidates,
    units: impl IntoIterator<Item = usize>,
    mut search: impl FnMut(usize, &mut Vec<Step>),
) -> Vec<Step> {
    let forgetful = FORGETFUL.with(Cell::get);
    let memory = MEMORY.with(|m| m.borrow()[slot as usize]);
    let (was_barren, removed) = match memory {
        Some(memory) if !forgetful => match candidates.removed_since(&memory.board) {
            Some(removed) => (memory.barren, removed),
            None => (0, !0),
        },
        _ => (0, !0),
    };
    let mut steps = Vec::new();
    let mut barren = 0u32;
    for h in units {
        if was_barren & 1 << h != 0 && HOUSE_BITS[h] & removed == 0 {
            barren |= 1 << h;
            continue;
        }
        let before = steps.len();
        search(h, &mut steps);
        if steps.len() == before {
            barren |= 1 << h;
        }
    }
    if !forgetful {
        MEMORY.with(|m| {
            m.borrow_mut()[slot as usize] = Some(Memory {
                board: *candidates,
                barren,
            });
        });
    }
    steps
}

/// Runs `f` with the memories neither consulted nor updated: the plain
/// searches.
#[cfg(test)]
pub(crate) fn forgetting<R>(f: impl FnOnce() -> R) -> R {
    let was = FORGETFUL.with(|x| x.replace(true));
    let out = f();
    FORGETFUL.with(|x| x.set(was));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digit, Grid, House};
    use crate::logic::intersections::tests::at;
    use crate::logic::solver::{Options, Position};
    use crate::logic::soundness::sample;
    use crate::logic::{Technique, find_steps};

    /// Every technique whose search remembers its barren houses.
    const REMEMBERING: [Technique; 10] = [
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::LockedPair,
        Technique::LockedTriple,
        Technique::NakedPair,
        Technique::NakedTriple,
        Technique::NakedQuad,
        Technique::HiddenPair,
        Technique::HiddenTriple,
        Technique::HiddenQuad,
    ];

    /// Panics unless every remembering search finds on the position what
    /// the plain search finds, in the same order.
    fn assert_same(pos: &Position, order: &[Technique]) {
        for &t in order {
            let fresh = forgetting(|| find_steps(t, &pos.grid, &pos.candidates));
            let remembered = find_steps(t, &pos.grid, &pos.candidates);
            assert_eq!(remembered, fresh, "{t} on {}", pos.grid);
        }
    }

    /// Along the solver's walks of many puzzles (each position reached by
    /// removals from the one before, and a fresh board at each puzzle),
    /// the searches find what the plain ones find, asked in two orders.
    #[test]
    fn walks_find_what_plain_searches_find() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(60);
        puzzles.extend(sample("random_minimal_200.txt").into_iter().take(40));
        puzzles.extend(sample("forum_hardest_1905_100.txt").into_iter().take(10));
        let order = Options::default().order();
        let mut reversed = REMEMBERING;
        reversed.reverse();
        let mut positions = 0;
        for (i, puzzle) in puzzles.iter().enumerate() {
            let mut pos = Position::new(puzzle);
            while !pos.grid.is_full() {
                assert_same(&pos, if i % 2 == 0 { &REMEMBERING } else { &reversed });
                positions += 1;
                if pos.advance(&order).is_none() {
                    break;
                }
            }
        }
        assert!(positions > 3000, "{positions}");
    }

    /// A position that gained a candidate is searched in full: a naked
    /// pair of a box, barren, eliminates along its row once a cell of the
    /// row (outside the box, where the row itself leaves the pair to the
    /// box) gets a digit of the pair back.
    #[test]
    fn a_gained_candidate_brings_every_house_back() {
        let grid = Grid::empty();
        let mut c = Candidates::from_grid(&grid);
        let (one, two) = (Digit::new(1).unwrap(), Digit::new(2).unwrap());
        for cell in (0..81).map(crate::logic::intersections::cell) {
            let pair = cell == at("r1c1") || cell == at("r1c2");
            if pair {
                c.set(cell, [one, two].into_iter().collect());
            } else if cell.box_house() == House::box_at(0).unwrap() || cell.row() == 0 {
                c.remove(cell, one);
                c.remove(cell, two);
            }
        }
        assert!(find_steps(Technique::NakedPair, &grid, &c).is_empty());
        let mut gained = c;
        let mut back = gained.get(at("r1c9"));
        back.insert(one);
        gained.set(at("r1c9"), back);
        let steps = find_steps(Technique::NakedPair, &grid, &gained);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, [(at("r1c9"), one)]);
        // Removals outside the pair's houses keep it barren, and skipped.
        let mut removed = c;
        removed.remove(at("r9c9"), Digit::new(5).unwrap());
        assert!(find_steps(Technique::NakedPair, &grid, &c).is_empty());
        assert!(find_steps(Technique::NakedPair, &grid, &removed).is_empty());
    }
}
