//! SE's cycle search ([`Engine::cycles`](super::chaining::Engine::cycles))
//! replayed without its net, to learn whether a loop it finds removes
//! anything before the traced search runs.
//!
//! Most searches find loops that remove nothing (`Builder::add` drops
//! them): the replay visits the same potentials in the same order and
//! gives each the same first parent, so each loop it closes is the one SE
//! closes, and its eliminations can be read off a first-parent path kept
//! in two small arrays. Only a search with a loop that removes something
//! is then traced.

use super::board::{
    Bits, Board, Cand, Pot, PotSet, SE_HOUSE_MASKS, cand, cand_of, cell_of, cells, digit_of,
    digits, pot, two_bits, two_digits,
};
use super::producers::loop_removable;

/// No parent: the root.
const ROOT: u32 = u32::MAX;

/// The replay's nodes and layers, kept from search to search.
#[derive(Default)]
pub(super) struct CycleProbe {
    /// Each node's potential.
    pots: Vec<Pot>,
    /// Each node's first parent ([`ROOT`] for the root).
    parents: Vec<u32>,
    pending_on: Vec<u32>,
    layer_on: Vec<u32>,
    /// "Off" nodes, and whether their potential was met before.
    pending_off: Vec<(u32, bool)>,
    layer_off: Vec<(u32, bool)>,
}

/// What one search of the replay is about.
struct Search<'a> {
    board: &'a Board,
    root: Pot,
    y: bool,
    x: bool,
    live: &'a Bits,
    /// The "off" potentials whose strong link of the pass turns the root
    /// on, and their candidates as bitboards.
    closing: [Pot; 4],
    closing_bits: Bits,
}

impl CycleProbe {
    /// Whether SE's cycle search from `root` ("on") with cell links if `y`
    /// and house links if `x`, up to `max` links, finds a loop that removes
    /// a candidate (see [`Engine::cycles`](super::chaining::Engine::cycles)
    /// for `live`).
    pub(super) fn may_remove(
        &mut self,
        board: &Board,
        root: Pot,
        (y, x): (bool, bool),
        max: u32,
        live: &Bits,
    ) -> bool {
        let (links, n) = strong_links(board, root ^ 1, y, x);
        if n == 0 {
            return false; // nothing leads back to the root
        }
        let mut closing = [Pot::MAX; 4];
        let mut closing_bits = [0u128; 9];
        for (slot, &c) in closing.iter_mut().zip(&links[..n]) {
            *slot = pot(c, false);
            closing_bits[digit_of(c)] |= 1u128 << cell_of(c);
        }
        let s = Search {
            board,
            root,
            y,
            x,
            live,
            closing,
            closing_bits,
        };
        self.pots.clear();
        self.parents.clear();
        // A search that returned early left its layers behind.
        self.pending_on.clear();
        self.pending_off.clear();
        self.layer_on.clear();
        self.layer_off.clear();
        let mut set = PotSet::default();
        set.insert(root);
        let r = self.push(root, ROOT);
        self.pending_on.push(r);
        let mut length = 0;
        while !self.pending_on.is_empty() || !self.pending_off.is_empty() {
            if length + 2 > max {
                break;
            }
            length += 1;
            std::mem::swap(&mut self.pending_on, &mut self.layer_on);
            for i in 0..self.layer_on.len() {
                self.turn_off(&s, &mut set, self.layer_on[i]);
            }
            self.layer_on.clear();
            length += 1;
            std::mem::swap(&mut self.pending_off, &mut self.layer_off);
            for i in 0..self.layer_off.len() {
                let (p, again) = self.layer_off[i];
                if again && length < 4 {
                    continue;
                }
                if self.turn_on(&s, &mut set, p, again, length >= 4) {
                    return true;
                }
            }
            self.layer_off.clear();
        }
        false
    }

    /// Adds a node.
    fn push(&mut self, p: Pot, parent: u32) -> u32 {
        self.pots.push(p);
        self.parents.push(parent);
        self.pots.len() as u32 - 1
    }

    /// Follows "on" node `p` as SE's `getOnToOff` does: the cell's other
    /// digits (with cell links), then the digit's other places in its
    /// block, row and column. A potential met before is followed again only
    /// if it may close the loop.
    fn turn_off(&mut self, s: &Search, set: &mut PotSet, p: u32) {
        let c = cand_of(self.pots[p as usize]);
        let (cell, d) = (cell_of(c), digit_of(c));
        if s.y {
            for d2 in digits(s.board.cells[cell] & !(1 << d)) {
                let open = !set.off[d2] | s.closing_bits[d2];
                if (s.live[d2] & open) >> cell & 1 == 1 {
                    self.visit_off(s, set, p, pot(cand(cell, d2), false));
                }
            }
        }
        let open = s.live[d] & (!set.off[d] | s.closing_bits[d]);
        let mut seen = 1u128 << cell;
        for &mask in &SE_HOUSE_MASKS[cell] {
            let m = s.board.digits[d] & mask & !seen;
            seen |= m;
            for other in cells(m & open) {
                self.visit_off(s, set, p, pot(cand(other, d), false));
            }
        }
    }

    /// One link of [`CycleProbe::turn_off`]: a potential met again (one
    /// that may close the loop) is not followed back to an ancestor.
    fn visit_off(&mut self, s: &Search, set: &mut PotSet, p: u32, off: Pot) {
        let again = set.contains(off);
        if again && (!s.closing.contains(&off) || self.has_ancestor(p, off)) {
            return;
        }
        let n = self.push(off, p);
        self.pending_off.push((n, again));
        set.insert(off);
    }

    /// Follows "off" node `p` through the pass's strong links; returns
    /// whether it closes (when `closes` allows) a loop that removes
    /// something.
    fn turn_on(&mut self, s: &Search, set: &mut PotSet, p: u32, again: bool, closes: bool) -> bool {
        let (links, n) = strong_links(s.board, self.pots[p as usize], s.y, s.x);
        for &c in &links[..n] {
            let on = pot(c, true);
            if closes && on == s.root {
                if self.loop_removes(s.board, p) {
                    return true;
                }
            } else if !again && !set.contains(on) {
                set.insert(on);
                let n = self.push(on, p);
                self.pending_on.push(n);
            }
        }
        false
    }

    /// Whether the first-parent path from the root to `p` has an ancestor
    /// (not `p` itself) of potential `off` (SE's `isParent`).
    fn has_ancestor(&self, mut n: u32, off: Pot) -> bool {
        loop {
            n = self.parents[n as usize];
            if n == ROOT {
                return false;
            }
            if self.pots[n as usize] == off {
                return true;
            }
        }
    }

    /// Whether the loop closed at "off" node `last` removes a candidate:
    /// one outside the loop's cells that sees an "on" and an "off" node of
    /// its digit (SE's `createCycleHint`).
    fn loop_removes(&self, board: &Board, last: u32) -> bool {
        let mut n = last;
        let path = std::iter::from_fn(move || {
            (n != ROOT).then(|| {
                let p = self.pots[n as usize];
                n = self.parents[n as usize];
                p
            })
        });
        loop_removable(board, path).iter().any(|&m| m != 0)
    }
}

/// The candidates that "off" potential `off` turns on through static
/// strong links, in SE's order, and how many: the other digit of a bivalue
/// cell (if `y`), the other place of the digit in each bilocal block, row
/// and column (if `x`).
fn strong_links(board: &Board, off: Pot, y: bool, x: bool) -> ([Cand; 4], usize) {
    let c = cand_of(off);
    let (cell, d) = (cell_of(c), digit_of(c));
    let (mut out, mut n) = ([0; 4], 0);
    let set = board.cells[cell];
    if y && two_digits(set) {
        out[n] = cand(cell, (set & !(1 << d)).trailing_zeros() as usize);
        n += 1;
    }
    if x {
        for &mask in &SE_HOUSE_MASKS[cell] {
            let m = board.digits[d] & mask;
            if two_bits(m) {
                out[n] = cand((m & !(1u128 << cell)).trailing_zeros() as usize, d);
                n += 1;
            }
        }
    }
    (out, n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se_chains::chaining::Engine;
    use crate::logic::se_chains::fast::StrongLinks;
    use crate::logic::se_chains::producers::cycle_removable;
    use crate::logic::se_chains::walk::next_step;
    use crate::logic::solver::Position;
    use crate::logic::soundness::sample;

    /// The replay says a loop removes something exactly when one of the
    /// traced search's loops does, from every candidate of every position
    /// of SE's walk through hard and random minimal puzzles, in each pass
    /// and for short and long bounds.
    #[test]
    fn probe_matches_the_traced_search() {
        let mut puzzles = sample("top1465_200.txt")[..6].to_vec();
        puzzles.extend_from_slice(&sample("random_minimal_200.txt")[..20]);
        let (mut searches, mut removing) = (0, 0);
        let mut probe = CycleProbe::default();
        let mut engine = Engine::default();
        for puzzle in &puzzles {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                let links = StrongLinks::new(&board);
                for (y, x) in [(false, true), (true, false), (true, true)] {
                    let live = links.live(&board, y, x);
                    for c in (0..729u16).filter(|&c| board.has(c)) {
                        for max in [6, 10, u32::MAX] {
                            let root = pot(c, true);
                            engine.clear();
                            let traced = engine
                                .cycles(&board, root, (y, x), max, &live)
                                .into_iter()
                                .any(|t| {
                                    cycle_removable(&engine.arena, &board, t)
                                        .iter()
                                        .any(|&m| m != 0)
                                });
                            let fast = probe.may_remove(&board, root, (y, x), max, &live);
                            assert_eq!(fast, traced, "{c} {y} {x} {max} on {}", pos.grid);
                            searches += 1;
                            removing += usize::from(traced);
                        }
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            searches > 100_000 && removing > 1000,
            "{searches} {removing}"
        );
    }
}
