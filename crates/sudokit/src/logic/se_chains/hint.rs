//! [`Hint`]: one deduction of an SE chaining producer, with SE's rating
//! and sort key, and its conversion to a [`Step`].

use super::board::{Bits, Cand, Pot, cand_of, cell_of, digit_of, is_on};
use super::nested::Nested;
use super::net::{Arena, NO_NESTED};
use crate::grid::{Cell, Digit, House};
use crate::logic::{Chain, Link, Node, Step, Technique};

/// The shape of a hint (SE's hint classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A bidirectional cycle (`CycleHint`).
    Cycle,
    /// A forcing chain from a candidate to its opposite (`ForcingChainHint`).
    Forcing,
    /// A candidate leads to a contradiction (`BinaryChainingHint`, absurd).
    Contradiction,
    /// A candidate on and off both lead to the same conclusion
    /// (`BinaryChainingHint`).
    Double,
    /// Every candidate of a cell leads to the same conclusion (`CellChainingHint`).
    Cell,
    /// Every place of a digit in a house leads to the same conclusion
    /// (`RegionChainingHint`).
    Region,
}

/// What a hint assumes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Premise {
    /// One potential (cycles, forcing, contradiction and double chains).
    Potential(Pot),
    /// Each candidate of a cell.
    Cell(usize),
    /// Each place of a digit (0..9) in a house (0..27).
    House(usize, usize),
}

/// One deduction of a producer.
#[derive(Clone, Debug)]
pub(super) struct Hint {
    /// The technique it is a step of.
    pub technique: Technique,
    /// Its shape.
    pub kind: Kind,
    /// The candidates it removes (for a placement: the cell's other digits).
    pub removable: Bits,
    /// The candidate it places, if its conclusion is "on".
    pub place: Option<Cand>,
    /// The conclusion node of each branch (for a cycle: the loop).
    pub targets: Vec<u32>,
    /// What it assumes.
    pub premise: Premise,
    /// SE's complexity: the potentials its branches rest on, plus those of
    /// its nested chains.
    pub complexity: u32,
    /// The rating in tenths: the producer's base plus SE's length bonus.
    pub tenths: u32,
    /// SE's sort key among hints of equal rating and complexity.
    pub sort_key: u8,
}

/// SE's length bonus in tenths for a complexity (`getLengthDifficulty`,
/// which measures `complexity - 2`).
pub(super) fn bonus_tenths(complexity: u32) -> u32 {
    let length = complexity.saturating_sub(2) as usize;
    (crate::grade::se_length_bonus(length) * 10.0).round() as u32
}

/// The largest complexity whose rating stays within `budget` tenths above
/// the base (`u32::MAX` for no limit).
pub(super) fn max_complexity(budget: Option<u32>) -> u32 {
    let Some(k) = budget else {
        return u32::MAX;
    };
    // SE's ceilings on `complexity - 2`: 4, 6, 8, 12, 16, 24, ...
    let mut ceil: u64 = 4;
    for i in 0..k {
        ceil = if i % 2 == 0 {
            ceil * 3 / 2
        } else {
            ceil * 4 / 3
        };
        if ceil > u64::from(u32::MAX) {
            return u32::MAX;
        }
    }
    (ceil + 2) as u32
}

fn cell(i: usize) -> Cell {
    Cell::new(i).expect("cells are < 81")
}

fn digit(d: usize) -> Digit {
    Digit::from_index(d).expect("digits are < 9")
}

/// The candidate as a chain node.
fn node_of(c: Cand) -> Node {
    Node::candidate(cell(cell_of(c)), digit(digit_of(c)))
}

/// The links and the chain of one branch, and the nested chains it uses.
pub(super) fn branch(
    arena: &mut Arena,
    target: u32,
    links: &mut Vec<Link>,
    nested: &mut Vec<u32>,
) -> Chain {
    arena.ancestors(target, |arena, n| {
        if let Some(&first) = arena.parents_of(n).first() {
            links.push(Link {
                from: candidate(arena.pot(first)),
                to: candidate(arena.pot(n)),
                strong: is_on(arena.pot(n)),
            });
        }
        let id = arena.nodes[n as usize].nested;
        if id != NO_NESTED && !nested.contains(&id) {
            nested.push(id);
        }
    });
    let path = arena.main_path(target);
    Chain {
        nodes: path
            .iter()
            .map(|&n| node_of(cand_of(arena.pot(n))))
            .collect(),
        strong: path[1..].iter().map(|&n| is_on(arena.pot(n))).collect(),
    }
}

fn candidate(p: Pot) -> (Cell, Digit) {
    let c = cand_of(p);
    (cell(cell_of(c)), digit(digit_of(c)))
}

/// Whether a chain is a cycle's loop: back to its first candidate, in the
/// same state (it left by a weak link and came back by a strong one).
pub(super) fn is_loop(chain: &Chain) -> bool {
    chain.nodes.len() > 1
        && chain.nodes.first() == chain.nodes.last()
        && chain.strong.first() == Some(&false)
        && chain.strong.last() == Some(&true)
}

/// The complexity of a step of this family, read from its evidence: one
/// link per potential a branch rests on besides its premise, so a branch
/// counts its links plus one (a loop comes back to its premise: its links).
pub(super) fn complexity_of(step: &Step) -> u32 {
    let open = step.chains.iter().filter(|c| !is_loop(c)).count();
    (step.links.len() + open) as u32
}

impl Hint {
    /// The step of this hint; `nested` holds the nested chains its nodes
    /// refer to.
    pub(super) fn to_step(&self, arena: &mut Arena, nested: &mut Nested) -> Step {
        let mut step = Step::new(self.technique);
        match self.place {
            Some(c) => step = step.place(cell(cell_of(c)), digit(digit_of(c))),
            None => {
                for c in 0..81 {
                    for d in 0..9 {
                        if self.removable[d] >> c & 1 == 1 {
                            step = step.eliminate(cell(c), digit(d));
                        }
                    }
                }
            }
        }
        let mut ids = Vec::new();
        let mut cells = Vec::new();
        let mut digits = crate::candidates::DigitSet::EMPTY;
        for &t in &self.targets {
            let chain = branch(arena, t, &mut step.links, &mut ids);
            for node in &chain.nodes {
                digits.insert(node.digit);
            }
            step.chains.push(chain);
        }
        match self.premise {
            Premise::Potential(p) => cells.push(cell_of(cand_of(p))),
            Premise::Cell(c) => cells.push(c),
            Premise::House(h, _) => {
                step = step.house(House::from_index(h).expect("houses are < 27"));
            }
        }
        if self.kind == Kind::Cycle {
            cells.clear();
            for node in &step.chains[0].nodes {
                let c = node.cells.iter().next().expect("a candidate node").index();
                if !cells.contains(&c) {
                    cells.push(c);
                }
            }
        }
        for &t in &self.targets {
            let c = cell_of(cand_of(arena.pot(t)));
            if self.kind != Kind::Cycle && !cells.contains(&c) {
                cells.push(c);
            }
        }
        let mut seen = Vec::new();
        for id in ids {
            nested.expand(id, &mut step.chains, &mut step.links, &mut seen);
        }
        step.with_cells(cells.into_iter().map(cell))
            .with_digits(digits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A complexity is within `max_complexity(k)` exactly when its bonus
    /// is at most `k` tenths (the producers reject hints by the former).
    #[test]
    fn max_complexity_matches_the_bonus() {
        for k in 0..40 {
            let max = max_complexity(Some(k));
            for c in 0..5000 {
                assert_eq!(c <= max, bonus_tenths(c) <= k, "k {k} complexity {c}");
            }
        }
    }
}
