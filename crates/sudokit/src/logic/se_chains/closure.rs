//! The fixpoint of SE's dynamic propagation (level 0, with cell links),
//! computed on bitboards, checked against the traced propagation: the
//! facts that let the dynamic forcing chains skip "off" propagations
//! (`producers::OffBound`) rest on it.
//!
//! The traced propagation ([`super::chaining::Engine::propagate`]) turns
//! "off" the peers and cellmates of each "on" potential, and turns "on"
//! the last candidate of a cell, or the last place of a digit in a house,
//! when another one goes off (a cell or house that had two or more at the
//! start). Without a contradiction it follows every such link, so what it
//! reaches is the fixpoint of those rules, whatever their order. The
//! fixpoint below reads a rule's "exactly one left" as "at most one left"
//! (none left is a contradiction), which makes the rules monotone: the
//! traced propagation meets a contradiction exactly when the fixpoint has
//! one, and otherwise reaches exactly the fixpoint.

#[cfg(test)]
mod tests {
    use crate::logic::se_chains::board::{Board, Pot, PotSet, many_bits, one_bit, peers_of};
    use crate::logic::single_digit::HOUSE_BITS;

    /// The fixpoint of SE's dynamic level-0 propagation from `root`, or
    /// `None` if it has a contradiction.
    fn dynamic_reach(board: &Board, root: Pot) -> Option<PotSet> {
        let mut set = PotSet::default();
        set.insert(root);
        // The cells with two candidates or more: only those give naked singles.
        let (mut any, mut multi) = (0u128, 0u128);
        for &m in &board.digits {
            multi |= any & m;
            any |= m;
        }
        loop {
            let (mut on_any, mut on_twice) = (0u128, 0u128);
            for &m in &set.on {
                on_twice |= on_any & m;
                on_any |= m;
            }
            if on_twice != 0 {
                return None; // two digits on in one cell
            }
            let (mut left1, mut left2) = (0u128, 0u128);
            for d in 0..9 {
                let on = set.on[d];
                set.off[d] |= board.digits[d] & (peers_of(on) | (on_any & !on));
                if set.off[d] & on != 0 {
                    return None;
                }
                let left = board.digits[d] & !set.off[d];
                left2 |= left1 & left;
                left1 |= left;
            }
            let singles = multi & !left2;
            if singles & !left1 != 0 {
                return None; // a cell without candidates
            }
            let mut grown = false;
            for d in 0..9 {
                let left = board.digits[d] & !set.off[d];
                let mut on = set.on[d] | (left & singles);
                for &house in &HOUSE_BITS {
                    if !many_bits(board.digits[d] & house) {
                        continue;
                    }
                    let here = left & house;
                    if here == 0 {
                        return None; // a house without a place for the digit
                    }
                    if one_bit(here) {
                        on |= here;
                    }
                }
                grown |= on != set.on[d];
                set.on[d] = on;
            }
            if !grown {
                return Some(set);
            }
        }
    }

    use crate::logic::se_chains::board::{cand, digits, pot};
    use crate::logic::se_chains::chaining::{Engine, Mode};
    use crate::logic::se_chains::walk::next_step;
    use crate::logic::solver::Position;
    use crate::logic::soundness::sample;

    /// The traced dynamic propagation meets a contradiction exactly when
    /// the fixpoint has one, and otherwise reaches exactly the fixpoint:
    /// from every potential of the positions of SE's walks.
    #[test]
    fn fixpoint_is_what_the_traced_propagation_reaches() {
        let mode = Mode {
            nishio: false,
            dynamic: true,
            level: 0,
        };
        let (mut equal, mut absurd) = (0, 0);
        for puzzle in &sample("top1465_200.txt")[..8] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                let mut engine = Engine::default();
                engine.clear();
                for cell in 0..81 {
                    for d in digits(board.cells[cell]) {
                        for on in [true, false] {
                            let p = pot(cand(cell, d), on);
                            let traced = engine.propagate(&board, p, mode);
                            match dynamic_reach(&board, p) {
                                Some(set) => {
                                    assert!(traced.absurd.is_none(), "{p} on {}", pos.grid);
                                    assert_eq!(set, traced.set, "{p} on {}", pos.grid);
                                    equal += 1;
                                }
                                None => {
                                    assert!(traced.absurd.is_some(), "{p} on {}", pos.grid);
                                    absurd += 1;
                                }
                            }
                            engine.arena.clear();
                        }
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(equal > 10_000 && absurd > 1000, "{equal} {absurd}");
    }
}
