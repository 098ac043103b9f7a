//! The digits whose Nishio chains are known to meet no contradiction,
//! carried from one search to the next.
//!
//! SE's Nishio propagation from a candidate of digit `d` follows only that
//! digit's links: "on" turns off the digit's other places in the houses
//! of the cell, "off" turns on the last place of the digit in a house,
//! both read on the board as the propagation reduces it. So what it reaches,
//! and whether it meets a contradiction, depends only on the places of `d`
//! (and the premise). A walk asks Nishio again after a step of a later
//! producer and its singles, which change few digits: a digit whose places
//! are those of a search where none of its premises met a contradiction
//! gives no hint, and its premises need no propagation (nor gate).

use super::board::Board;
use std::cell::Cell;

/// Per digit, the places of the digit on a board where the Nishio
/// propagations from every premise in `checked` (both "on" and "off") met
/// no contradiction.
#[derive(Clone, Copy)]
struct Record {
    places: u128,
    checked: u128,
}

/// No record: no board has this digit in every cell.
const NONE: Record = Record {
    places: u128::MAX,
    checked: 0,
};

thread_local! {
    /// The records of this thread, per digit (facts about a set of places,
    /// whoever searched it).
    static CLEAN: Cell<[Record; 9]> = const { Cell::new([NONE; 9]) };
}

/// The cells of `board` where SE's Nishio producer takes premises: empty
/// cells with two candidates or more.
pub(super) fn premise_cells(board: &Board) -> u128 {
    let mut out = 0u128;
    for (cell, &set) in board.cells.iter().enumerate() {
        if set.count_ones() > 1 {
            out |= 1u128 << cell;
        }
    }
    out & board.empty
}

/// The digits of `board` (bit `d`) whose Nishio premises (in cells
/// `premises`) are known to meet no contradiction.
pub(super) fn clean_digits(board: &Board, premises: u128) -> u16 {
    let records = CLEAN.with(Cell::get);
    let mut out = 0u16;
    for (d, r) in records.iter().enumerate() {
        let places = board.digits[d];
        if places == r.places && places & premises & !r.checked == 0 {
            out |= 1 << d;
        }
    }
    out
}

/// Records that on `board` the Nishio premises of the digits `clean` (in
/// cells `premises`) met no contradiction.
pub(super) fn note_clean(board: &Board, premises: u128, clean: u16) {
    CLEAN.with(|c| {
        let mut records = c.get();
        for (d, r) in records.iter_mut().enumerate() {
            if clean >> d & 1 == 1 {
                *r = Record {
                    places: board.digits[d],
                    checked: board.digits[d] & premises,
                };
            }
        }
        c.set(records);
    });
}

/// Forgets every record (tests compare searches with and without them).
#[cfg(test)]
pub(super) fn forget() {
    CLEAN.with(|c| c.set([NONE; 9]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se_chains::board::{cand, cell_of, digits, pot};
    use crate::logic::se_chains::chaining::{Engine, Mode};
    use crate::logic::se_chains::producers::{self, Producer};
    use crate::logic::se_chains::walk::next_step;
    use crate::logic::solver::Position;

    /// Whether some Nishio premise of digit `d` on `board` meets a
    /// contradiction, every premise propagated.
    fn contradicts(engine: &mut Engine, board: &Board, d: usize) -> bool {
        let mode = Mode {
            nishio: true,
            dynamic: true,
            level: 0,
        };
        super::super::board::cells(premise_cells(board) & board.digits[d]).any(|cell| {
            [true, false].into_iter().any(|on| {
                engine
                    .propagate(board, pot(cand(cell, d), on), mode)
                    .absurd
                    .is_some()
            })
        })
    }

    /// Nishio's hints with the records (carried along SE's walk through
    /// hard puzzles, and onto boards reduced at random from its positions)
    /// are those of the full search, and a digit known clean meets no
    /// contradiction from any premise.
    #[test]
    fn clean_digits_give_no_hint() {
        let summary = |hints: &[super::super::hint::Hint]| -> Vec<String> {
            hints
                .iter()
                .map(|h| {
                    format!(
                        "{} {} {:?} {:?}",
                        h.tenths, h.complexity, h.premise, h.removable
                    )
                })
                .collect()
        };
        forget();
        let (mut known, mut boards, mut found, mut seed) = (0, 0, 0, 0x2545_f491_u64);
        let mut engine = Engine::default();
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..16] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                for round in 0..6 {
                    // The walk's board, then boards with up to `round`
                    // candidates removed from cells that keep two or more.
                    let mut reduced = board;
                    for _ in 0..round {
                        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                        let c = (seed >> 33) as u16 % 729;
                        if reduced.has(c) && reduced.cells[cell_of(c)].count_ones() > 2 {
                            reduced.remove(c);
                        }
                    }
                    let clean = clean_digits(&reduced, premise_cells(&reduced));
                    engine.clear();
                    for d in digits(clean) {
                        known += 1;
                        assert!(!contradicts(&mut engine, &reduced, d), "{} {d}", pos.grid);
                    }
                    engine.clear();
                    let fast = producers::hints(&mut engine, &reduced, Producer::Nishio);
                    let fast = summary(&fast);
                    engine.clear();
                    let full = producers::ungated(|| {
                        producers::hints(&mut engine, &reduced, Producer::Nishio)
                    });
                    assert_eq!(fast, summary(&full), "{}", pos.grid);
                    boards += 1;
                    found += usize::from(!fast.is_empty());
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            boards > 1000 && known > 2000 && found > 50,
            "{boards} boards, {known} clean digits, {found} with hints"
        );
    }
}
