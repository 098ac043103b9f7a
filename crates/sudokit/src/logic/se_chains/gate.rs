//! Which parts of SE's multiple-chain search can give a hint, decided from
//! cheap supersets of what SE's propagations reach, so that the traced
//! search (with its nodes and parents) runs only where a hint may come.
//!
//! A skipped call would have produced no hint, so the hints, their order
//! and the easiest rating are those of the full search. Two producers are
//! gated, the ones that mostly find nothing where the walk asks them:
//!
//! - Nishio: only contradictions count, and a Nishio propagation stays in
//!   the premise's digit; the fixpoint of that digit's eliminations and
//!   hidden singles contains whatever SE reaches (SE stops at the first
//!   contradiction), so a premise whose fixpoint has no contradiction
//!   gives none in SE either.
//! - Multiple (static cell and region chains): what a candidate "on"
//!   forces through static links is [`StaticReach::on`] and the
//!   eliminations of those; a cell or a region whose premises' sets do not
//!   meet gives no hint.
//!
//! The cycles producer is gated too ([`CycleGate`]): most candidates lie
//! on loops of implications, few on loops that remove anything.

use super::board::{
    Bits, Board, Cand, PotSet, SE_HOUSE_MASKS, cand, cell_of, cells, digit_of, digits, peers_of,
    two_bits, two_digits,
};
use super::fast::StaticReach;
use crate::logic::single_digit::HOUSE_BITS;

/// Whether assuming `c` on (or, with `on` false, off) and following only
/// its digit's links (SE's Nishio propagation) can meet a contradiction.
pub(super) fn nishio_may_contradict(board: &Board, c: Cand, on: bool) -> bool {
    let (cell, d) = (cell_of(c), digit_of(c));
    let places = board.digits[d];
    let (mut set, mut off) = if on {
        (1u128 << cell, 0u128)
    } else {
        (0u128, 1u128 << cell)
    };
    // The fixpoint grows incrementally: peers of the cells new to `set`,
    // and only the houses where a place went off can have changed (every
    // house is looked at once, at the start).
    let (mut peers, mut done) = (0u128, 0u128);
    let mut first = true;
    loop {
        peers |= peers_of(set & !done);
        done = set;
        if peers & set != 0 {
            return true; // two places of the digit that see each other
        }
        let newly_off = peers & places & !off;
        off |= newly_off;
        let left = places & !off;
        let mut more = set;
        let mut check = |house: u128| {
            let here = left & house;
            if here.count_ones() == 1 {
                more |= here;
            } else if here == 0 && places & house != 0 {
                return true; // a house without a place for the digit
            }
            false
        };
        if first {
            if HOUSE_BITS.iter().any(|&house| check(house)) {
                return true;
            }
            first = false;
        } else {
            // A house met twice is checked twice, to the same effect.
            for x in cells(newly_off) {
                if SE_HOUSE_MASKS[x].iter().any(|&house| check(house)) {
                    return true;
                }
            }
        }
        if more == set {
            return false;
        }
        set = more;
    }
}

/// The potentials that candidate `c` on reaches through static links: the
/// candidates it forces on and every candidate those turn off.
fn static_closure(board: &Board, reach: &StaticReach, c: Cand) -> PotSet {
    let on: Bits = *reach.on(c);
    let mut off = [0u128; 9];
    for d in 0..9 {
        let peers = peers_of(on[d]);
        off[d] |= peers & board.digits[d];
    }
    // A cellmate of an "on" candidate goes off (both do, when two digits
    // of the cell are on: SE would stop at either): digit `e` goes off
    // where another digit is on, the union of the digits below and above.
    let mut below = 0u128;
    let mut above = [0u128; 10];
    for e in (0..9).rev() {
        above[e] = above[e + 1] | on[e];
    }
    for e in 0..9 {
        off[e] |= (below | above[e + 1]) & board.digits[e];
        below |= on[e];
    }
    PotSet { off, on }
}

/// The gate of the static multiple-chain producer: per candidate, what it
/// reaches "on", computed when first asked (a slot per candidate into a
/// list, rather than an `Option<PotSet>` per candidate: nested searches
/// build a gate per propagation and most candidates are never asked).
pub(super) struct StaticGate {
    /// [`StaticReach::covering`]: supersets of what each candidate forces
    /// on, which only let more cells and regions through.
    reach: std::rc::Rc<StaticReach>,
    slot: [u16; 729],
    closures: Vec<PotSet>,
}

thread_local! {
    /// The closure list of the last gate, kept for the next one: a search
    /// asks for a few hundred closures, and growing the list anew each time
    /// copied them over and over.
    static SPARE: std::cell::RefCell<Vec<PotSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl StaticGate {
    /// The gate for `board`.
    pub(super) fn new(board: &Board) -> StaticGate {
        let mut closures = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
        closures.clear();
        StaticGate {
            reach: StaticReach::covering(board),
            slot: [u16::MAX; 729],
            closures,
        }
    }

    fn closure(&mut self, board: &Board, c: Cand) -> &PotSet {
        let at = &mut self.slot[usize::from(c)];
        if *at == u16::MAX {
            *at = self.closures.len() as u16;
            self.closures.push(static_closure(board, &self.reach, c));
        }
        &self.closures[usize::from(*at)]
    }

    /// Whether the candidates `premises` (all "on" in turn) can force a
    /// common potential.
    pub(super) fn may_meet(
        &mut self,
        board: &Board,
        mut premises: impl Iterator<Item = Cand>,
    ) -> bool {
        let Some(first) = premises.next() else {
            return false;
        };
        // Intersected in place: a closure is 288 bytes.
        let mut common = *self.closure(board, first);
        if common.is_empty() {
            return false;
        }
        for c in premises {
            common.and_assign(self.closure(board, c));
            if common.is_empty() {
                return false;
            }
        }
        true
    }

    /// Whether the cell chains of `cell` can give a hint.
    pub(super) fn cell_may_meet(&mut self, board: &Board, cell: usize) -> bool {
        self.may_meet(board, digits(board.cells[cell]).map(|d| cand(cell, d)))
    }

    /// Whether the region chains of digit `d` in house `h` can give one.
    pub(super) fn region_may_meet(&mut self, board: &Board, d: usize, h: usize) -> bool {
        let places = board.positions(d, h);
        self.may_meet(board, cells(places).map(|x| cand(x, d)))
    }
}

/// The gate of SE's bidirectional cycles: whether a cycle through a
/// candidate can remove anything, decided once per loop (strongly
/// connected component of two candidates or more) of [`StaticReach`] and
/// pass; a candidate on no loop starts no cycle.
///
/// The "on" nodes of a cycle through `c` force each other, so they lie in
/// `c`'s component (restricted to `c`'s digit in the X pass, whose links
/// keep to one digit). Each "off" node is turned off by an "on" node (a
/// peer of its digit, or a cellmate with cell links) and turns on an "on"
/// node through a strong link of the pass. A cycle removes a candidate
/// that sees an "on" and an "off" node of its digit; when no candidate
/// sees both kinds of such nodes of the component, no cycle through it
/// removes anything, and `Builder::add` would drop every one found.
pub(super) struct CycleGate {
    /// Per component and pass slot (the X pass's digit, 9 for Y, 10 for
    /// XY): 0 unknown, 1 nothing removable, 2 maybe.
    known: Vec<u8>,
}

impl CycleGate {
    /// The gate for a position whose reach is `reach`.
    pub(super) fn new(reach: &StaticReach) -> CycleGate {
        CycleGate {
            known: vec![0; reach.component_count() * 11],
        }
    }

    /// Whether a cycle through `c` ("on") with cell links if `y` and house
    /// links if `x` may remove a candidate.
    pub(super) fn may_remove(
        &mut self,
        board: &Board,
        reach: &StaticReach,
        c: Cand,
        y: bool,
        x: bool,
    ) -> bool {
        let Some((id, members)) = reach.component(c) else {
            return false;
        };
        let slot = match (y, x) {
            (false, _) => digit_of(c),
            (true, false) => 9,
            (true, true) => 10,
        };
        let known = &mut self.known[id * 11 + slot];
        if *known == 0 {
            let mut on = *members;
            if !y {
                on = std::array::from_fn(|d| if d == slot { on[d] } else { 0 });
            }
            *known = if removes_any(board, &on, y, x) { 2 } else { 1 };
        }
        *known == 2
    }
}

/// Whether some candidate sees an "on" candidate of `on` and an "off" one
/// (turned off by a member of `on`, turning on a member through a strong
/// link of the pass) of its digit.
fn removes_any(board: &Board, on: &Bits, y: bool, x: bool) -> bool {
    let partnered = partnered(board, on, y, x);
    (0..9).filter(|&d| on[d] != 0).any(|d| {
        let seen = peers_of(on[d]);
        let mut turned_off = seen;
        if y {
            // Cellmates of an "on" candidate of another digit.
            turned_off |= (0..9).filter(|&e| e != d).fold(0u128, |a, e| a | on[e]);
        }
        let off = turned_off & board.digits[d] & partnered[d];
        off != 0 && board.digits[d] & seen & peers_of(off) != 0
    })
}

/// The candidates whose strong partner in the pass (the other place of a
/// bilocal house with `x`, the other digit of a bivalue cell with `y`) is
/// in `on`.
fn partnered(board: &Board, on: &Bits, y: bool, x: bool) -> Bits {
    let mut out = [0u128; 9];
    if x {
        for d in (0..9).filter(|&d| on[d] != 0) {
            for &house in &HOUSE_BITS {
                let m = board.digits[d] & house;
                if !two_bits(m) {
                    continue;
                }
                // Each place is partnered when the other is on.
                for p in cells(m) {
                    if on[d] & m & !(1u128 << p) != 0 {
                        out[d] |= 1u128 << p;
                    }
                }
            }
        }
    }
    if y {
        let any_on = on.iter().fold(0u128, |a, &m| a | m);
        for cell in cells(any_on) {
            let set = board.cells[cell];
            if !two_digits(set) {
                continue;
            }
            let (a, b) = (
                set.trailing_zeros() as usize,
                15 - set.leading_zeros() as usize,
            );
            if on[b] >> cell & 1 == 1 {
                out[a] |= 1u128 << cell;
            }
            if on[a] >> cell & 1 == 1 {
                out[b] |= 1u128 << cell;
            }
        }
    }
    out
}

impl Drop for StaticGate {
    fn drop(&mut self) {
        let closures = std::mem::take(&mut self.closures);
        SPARE.with(|s| *s.borrow_mut() = closures);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::se_chains::walk::next_step;
    use crate::logic::solver::Position;
    use crate::logic::soundness::sample;

    /// The Nishio fixpoint recomputed in full at every round.
    fn nishio_full(board: &Board, c: Cand, on: bool) -> bool {
        let (cell, d) = (cell_of(c), digit_of(c));
        let places = board.digits[d];
        let (mut set, mut off) = if on {
            (1u128 << cell, 0u128)
        } else {
            (0u128, 1u128 << cell)
        };
        loop {
            let peers = peers_of(set);
            if peers & set != 0 {
                return true;
            }
            off |= peers & places;
            let left = places & !off;
            let mut more = set;
            for &house in &HOUSE_BITS {
                let here = left & house;
                if here.count_ones() == 1 {
                    more |= here;
                } else if here == 0 && places & house != 0 {
                    return true;
                }
            }
            if more == set {
                return false;
            }
            set = more;
        }
    }

    /// The cellmates of the static closure, cell by cell.
    fn closure_by_cell(board: &Board, reach: &StaticReach, c: Cand) -> PotSet {
        let on: Bits = *reach.on(c);
        let mut off = [0u128; 9];
        let mut on_cells = 0u128;
        for d in 0..9 {
            on_cells |= on[d];
            off[d] |= peers_of(on[d]) & board.digits[d];
        }
        for x in cells(on_cells) {
            let on_here = (0..9).fold(0u16, |m, e| m | (((on[e] >> x) & 1) as u16) << e);
            for e in digits(board.cells[x]) {
                if on_here & !(1 << e) != 0 {
                    off[e] |= 1u128 << x;
                }
            }
        }
        PotSet { off, on }
    }

    /// The incremental Nishio fixpoint and the closures from digit masks
    /// agree with the plain computations on every candidate of the
    /// positions of SE's walks.
    #[test]
    fn gates_match_plain_computations() {
        let (mut positions, mut contradictions) = (0, 0);
        for puzzle in &sample("top1465_200.txt")[..8] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                let reach = StaticReach::of(&board);
                for cell in 0..81 {
                    for d in digits(board.cells[cell]) {
                        let c = cand(cell, d);
                        for on in [true, false] {
                            let fast = nishio_may_contradict(&board, c, on);
                            assert_eq!(fast, nishio_full(&board, c, on), "{c} {on}");
                            contradictions += usize::from(fast);
                        }
                        assert_eq!(
                            static_closure(&board, &reach, c),
                            closure_by_cell(&board, &reach, c)
                        );
                    }
                }
                positions += 1;
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            positions > 100 && contradictions > 1000,
            "{positions} {contradictions}"
        );
    }
}
