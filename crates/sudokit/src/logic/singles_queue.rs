//! Which single HoDoKu takes next: its queues of naked and hidden singles.
//!
//! HoDoKu does not scan the grid for singles. It keeps two first-in,
//! first-out queues, filled as candidates disappear: a cell joins the
//! naked-single queue when it is left with one candidate, and a digit joins
//! the hidden-single queue (with the one cell that still holds it) when a
//! house is left with one place for it. Its solver takes a full house (the
//! first naked single in the queue that is the last empty cell of a house),
//! else the next naked single, else the next hidden single, skipping entries
//! whose cell was filled meanwhile (HoDoKu 2.x, `Sudoku2.setCell`,
//! `setCandidate`, `rebuildInternalData`, `SimpleSolver.findFullHouse`,
//! `findNakedSingle`, `findHiddenSingle`).
//!
//! Which single comes first decides the path, and the path decides how many
//! singles are hidden ones (14 points each) rather than naked ones or full
//! houses (4 points): [`SinglesQueue`] replays that bookkeeping so that the
//! HoDoKu-style walk of [`crate::logic::solver`] takes the singles HoDoKu
//! takes. It mirrors the position on its own and is told every placement
//! and elimination, in the order HoDoKu makes them: a placement removes the
//! digit from the peers in cell order, then the cell's own candidates.

use crate::candidates::HOUSE_CELLS;
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::links::houses;
use crate::logic::solver::Position;
use crate::logic::{Step, Technique};

/// The house with HoDoKu's index `h` (rows, columns, boxes).
fn house(h: usize) -> House {
    House::from_index(h).expect("house index < 27")
}

fn cell(index: usize) -> Cell {
    Cell::new(index).expect("index < 81")
}

fn digit(d: usize) -> Digit {
    Digit::new(d as u8).expect("digit 1..9")
}

/// A first-in, first-out queue of `(cell, digit)` entries; entries taken
/// stay in the vector, `head` marks the next one.
#[derive(Clone, Debug, Default)]
struct Queue {
    entries: Vec<(u8, u8)>,
    head: usize,
}

impl Queue {
    fn push(&mut self, index: usize, value: usize) {
        self.entries.push((index as u8, value as u8));
    }

    /// The entries not taken yet, oldest first.
    fn pending(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.entries[self.head..]
            .iter()
            .map(|&(i, v)| (i as usize, v as usize))
    }

    /// Takes the oldest entry.
    fn pop(&mut self) -> Option<(usize, usize)> {
        let &(i, v) = self.entries.get(self.head)?;
        self.head += 1;
        Some((i as usize, v as usize))
    }
}

/// HoDoKu's singles bookkeeping for one position (see the module docs).
#[derive(Clone, Debug)]
pub struct SinglesQueue {
    /// Candidate bits per cell (bit `d - 1` for digit `d`); 0 once filled.
    cells: [u16; 81],
    /// The digit of each cell, 0 while empty.
    values: [u8; 81],
    /// How many cells of each house hold each digit as a candidate.
    free: [[u8; 10]; 27],
    naked: Queue,
    hidden: Queue,
}

impl SinglesQueue {
    /// The queues of `pos` as HoDoKu builds them when it loads a puzzle:
    /// naked singles in cell order, hidden singles by house (rows, columns,
    /// boxes), then digit.
    pub fn new(pos: &Position) -> SinglesQueue {
        let mut q = SinglesQueue {
            cells: [0; 81],
            values: [0; 81],
            free: [[0; 10]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        for c in Cell::all() {
            let i = c.index();
            q.values[i] = pos.grid[c];
            if q.values[i] != 0 {
                continue;
            }
            q.cells[i] = pos.candidates.get(c).bits();
            for d in 1..=9 {
                if q.cells[i] & (1 << (d - 1)) != 0 {
                    for h in houses(i) {
                        q.free[h][d] += 1;
                    }
                }
            }
            if q.cells[i].count_ones() == 1 {
                q.naked.push(i, q.cells[i].trailing_zeros() as usize + 1);
            }
        }
        for h in 0..27 {
            for d in 1..=9 {
                if q.free[h][d] == 1 {
                    q.add_hidden(h, d);
                }
            }
        }
        q
    }

    /// The queues as HoDoKu has them after loading `puzzle`: starting from
    /// an empty grid, it places the givens one by one in cell order, and the
    /// singles queue up as they appear (its `setSudoku`). Use this at the
    /// start of a puzzle, [`SinglesQueue::new`] for a position found later.
    pub fn from_puzzle(puzzle: &Grid) -> SinglesQueue {
        let mut q = SinglesQueue {
            cells: [0x1ff; 81],
            values: [0; 81],
            free: [[9; 10]; 27],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        for c in Cell::all() {
            if let Some(d) = puzzle.get(c) {
                q.place(c.index(), d.get() as usize);
            }
        }
        q
    }

    /// Queues the one cell of house `h` that holds `d`, if there is one.
    fn add_hidden(&mut self, h: usize, d: usize) {
        let place = HOUSE_CELLS[h]
            .iter()
            .map(|&c| c as usize)
            .find(|&c| self.cells[c] & (1 << (d - 1)) != 0);
        if let Some(c) = place {
            self.hidden.push(c, d);
        }
    }

    /// Removes candidate `d` from cell `i`, queueing the singles that
    /// appear (HoDoKu's `setCandidate(index, value, false)`).
    fn remove(&mut self, i: usize, d: usize) {
        let bit = 1 << (d - 1);
        if self.cells[i] & bit == 0 {
            return;
        }
        self.cells[i] &= !bit;
        if self.cells[i].count_ones() == 1 {
            self.naked
                .push(i, self.cells[i].trailing_zeros() as usize + 1);
        }
        for h in houses(i) {
            self.free[h][d] = self.free[h][d].saturating_sub(1);
            if self.free[h][d] == 1 {
                self.add_hidden(h, d);
            }
        }
    }

    /// Places `d` in cell `i` (HoDoKu's `setCell`): the digit leaves the
    /// peers in cell order, then the cell's own candidates leave its houses.
    fn place(&mut self, i: usize, d: usize) {
        if self.values[i] != 0 {
            return;
        }
        let own = self.cells[i];
        self.cells[i] = 0;
        self.values[i] = d as u8;
        // Bits in ascending order are the peers in cell order.
        let mut peers = crate::logic::single_digit::PEER_BITS[i];
        while peers != 0 {
            self.remove(peers.trailing_zeros() as usize, d);
            peers &= peers - 1;
        }
        for cand in (1..=9).filter(|c| own & (1 << (c - 1)) != 0) {
            for h in houses(i) {
                self.free[h][cand] = self.free[h][cand].saturating_sub(1);
                if self.free[h][cand] == 1 && cand != d {
                    self.add_hidden(h, cand);
                }
            }
        }
    }

    /// Records `step`, applied to the position: its placements, then its
    /// eliminations, in the step's order.
    pub fn record(&mut self, step: &Step) {
        for &(c, d) in &step.placements {
            self.place(c.index(), d.get() as usize);
        }
        for &(c, d) in &step.eliminations {
            self.remove(c.index(), d.get() as usize);
        }
    }

    /// Records `digit` placed in `cell` without a step (a guess).
    pub fn record_placement(&mut self, cell: Cell, digit: Digit) {
        self.place(cell.index(), digit.get() as usize);
    }

    /// The single HoDoKu takes next among the allowed `techniques` (full
    /// house, naked single, hidden single, in that order), taken off its
    /// queue; `None` when no allowed single is queued.
    pub fn next(&mut self, techniques: &[Technique]) -> Option<Step> {
        if techniques.contains(&Technique::FullHouse) {
            if let Some(step) = self.full_house() {
                return Some(step);
            }
        }
        if techniques.contains(&Technique::NakedSingle) {
            while let Some((i, d)) = self.naked.pop() {
                if self.values[i] == 0 {
                    return Some(Step::new(Technique::NakedSingle).place(cell(i), digit(d)));
                }
            }
        }
        if techniques.contains(&Technique::HiddenSingle) {
            while let Some((i, d)) = self.hidden.pop() {
                if self.values[i] != 0 {
                    continue;
                }
                let h = houses(i).into_iter().find(|&h| self.free[h][d] == 1)?;
                return Some(
                    Step::new(Technique::HiddenSingle)
                        .place(cell(i), digit(d))
                        .house(house(h)),
                );
            }
        }
        None
    }

    /// The first queued naked single that is the last empty cell of one of
    /// its houses (left in the queue, as HoDoKu leaves it).
    fn full_house(&self) -> Option<Step> {
        self.naked
            .pending()
            .filter(|&(i, _)| self.values[i] == 0)
            .find_map(|(i, d)| {
                let h = houses(i)
                    .into_iter()
                    .find(|&h| (1..=9).all(|j| j == d || self.free[h][j] == 0))?;
                Some(
                    Step::new(Technique::FullHouse)
                        .place(cell(i), digit(d))
                        .house(house(h)),
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(s: &str) -> Position {
        Position::new(&s.parse::<Grid>().unwrap())
    }

    const SINGLES: [Technique; 3] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];

    /// Every single the queue hands out is a real single of the position,
    /// and the queue never runs dry while the position still has one.
    #[test]
    fn queue_matches_the_position_all_the_way() {
        let puzzles = crate::logic::soundness::sample("random_minimal_200.txt");
        for puzzle in puzzles.iter().take(60) {
            let mut pos = Position::new(puzzle);
            let mut queue = SinglesQueue::new(&pos);
            loop {
                let real: Vec<Step> = SINGLES.iter().flat_map(|&t| pos.steps(t)).collect();
                let Some(step) = queue.next(&SINGLES) else {
                    assert!(
                        real.is_empty(),
                        "queue missed {:?} on {}",
                        real[0],
                        pos.grid
                    );
                    break;
                };
                let (c, d) = step.placements[0];
                let found = pos.steps(step.technique);
                assert!(
                    found.iter().any(|s| s.placements[0] == (c, d)),
                    "{step} is not a {} on {}",
                    step.technique,
                    pos.grid
                );
                assert!(pos.apply(&step));
                queue.record(&step);
            }
        }
    }

    /// Naked singles come out in the order they appeared: r1c1 first (it
    /// was one from the start), not r1c2, which became one later.
    #[test]
    fn naked_singles_are_first_in_first_out() {
        // Row 1 holds 3-9 except at r1c1 and r1c2; r1c1 sees a 2 in its
        // column: r1c1 = 1 is a naked single from the start.
        let pos = position(
            "..3456789\
             .........\
             .........\
             2........\
             .........\
             .........\
             .........\
             .........\
             .........",
        );
        let mut queue = SinglesQueue::new(&pos);
        let first = queue.next(&[Technique::NakedSingle]).unwrap();
        assert_eq!(first.to_string(), "naked-single: r1c1=1");
        queue.record(&first);
        // Placing it leaves r1c2 with 2 alone: a full house of row 1 now.
        let next = queue.next(&SINGLES).unwrap();
        assert_eq!(next.to_string(), "full-house: r1c2=2 (row 1)");
    }
}
