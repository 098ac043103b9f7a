//! Depth-first search over candidate masks with naked-single propagation and
//! fewest-candidates branching.

use super::Stats;
use crate::grid::Grid;

/// A board under search: the values and, per house, the digits already used.
#[derive(Clone, Copy)]
struct Board {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Board {
    /// `None` when two givens clash.
    fn new(grid: &Grid) -> Option<Board> {
        let mut b = Board {
            cells: [0; 81],
            rows: [0; 9],
            cols: [0; 9],
            boxes: [0; 9],
        };
        for (i, &v) in grid.values().iter().enumerate() {
            if v != 0 {
                let bit = 1 << (v - 1);
                if b.used(i) & bit != 0 {
                    return None;
                }
                b.put(i, v);
            }
        }
        Some(b)
    }

    fn used(&self, i: usize) -> u16 {
        self.rows[i / 9] | self.cols[i % 9] | self.boxes[(i / 27) * 3 + (i % 9) / 3]
    }

    fn put(&mut self, i: usize, v: u8) {
        let bit = 1 << (v - 1);
        self.cells[i] = v;
        self.rows[i / 9] |= bit;
        self.cols[i % 9] |= bit;
        self.boxes[(i / 27) * 3 + (i % 9) / 3] |= bit;
    }

    /// Fills naked singles until none is left; then returns the empty cell
    /// with the fewest candidates and its mask, `Ok(None)` when solved, or
    /// `Err(())` on a cell without candidates.
    fn propagate(&mut self) -> Result<Option<(usize, u16)>, ()> {
        loop {
            let mut best: Option<(usize, u16)> = None;
            let mut placed = false;
            for i in 0..81 {
                if self.cells[i] != 0 {
                    continue;
                }
                let free = !self.used(i) & 0x1ff;
                match free.count_ones() {
                    0 => return Err(()),
                    1 => {
                        self.put(i, free.trailing_zeros() as u8 + 1);
                        placed = true;
                    }
                    n => {
                        if best.is_none_or(|(_, m)| n < m.count_ones()) {
                            best = Some((i, free));
                        }
                    }
                }
            }
            if !placed {
                return Ok(best);
            }
            // A placement may have emptied a cell already passed over: rescan.
        }
    }
}

/// Every solution of a grid, found lazily by depth-first search.
pub struct Solutions {
    stack: Vec<(Board, usize, u16)>,
    pending: Option<Board>,
    stats: Stats,
}

impl Solutions {
    pub(super) fn new(grid: &Grid) -> Solutions {
        Solutions {
            stack: Vec::new(),
            pending: Board::new(grid),
            stats: Stats::default(),
        }
    }

    /// Statistics of the search so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Expands `board`: a solution, a dead end, or a new branch point.
    fn visit(&mut self, mut board: Board) -> Option<Grid> {
        self.stats.nodes += 1;
        match board.propagate() {
            Err(()) => None,
            Ok(None) => Some(Grid::from_values(board.cells).expect("digits 1..=9")),
            Ok(Some((cell, mask))) => {
                self.stats.guesses += 1;
                self.stack.push((board, cell, mask));
                None
            }
        }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        if let Some(board) = self.pending.take() {
            if let Some(found) = self.visit(board) {
                return Some(found);
            }
        }
        while let Some((board, cell, mask)) = self.stack.last_mut() {
            if *mask == 0 {
                self.stack.pop();
                continue;
            }
            let v = mask.trailing_zeros() as u8 + 1;
            *mask &= *mask - 1;
            let mut child = *board;
            child.put(*cell, v);
            if let Some(found) = self.visit(child) {
                return Some(found);
            }
        }
        None
    }
}
