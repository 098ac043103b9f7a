//! [`Step`]: one deduction of a technique, as data: what it places and
//! eliminates, and the evidence needed to draw and explain it.

use crate::candidates::{Candidates, DigitSet};
use crate::cell_set::CellSet;
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::Technique;
use std::fmt;

/// A link between two candidates of a chain: strong (at least one is true)
/// or weak (at most one is true).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Link {
    /// The candidate the link starts from.
    pub from: (Cell, Digit),
    /// The candidate it leads to.
    pub to: (Cell, Digit),
    /// Strong (`true`) or weak (`false`).
    pub strong: bool,
}

/// One deduction: the technique, what it places and eliminates, and the
/// evidence it rests on. Text is made from these fields, never the reverse.
///
/// A placement implies that the digit leaves the candidates of the cell's
/// peers; those eliminations are not listed. What each evidence field holds
/// for a technique is documented on the [`Technique`] variant.
///
/// ```
/// use sudokit::logic::{Step, Technique};
/// use sudokit::{Cell, Digit, House};
/// let step = Step::new(Technique::HiddenSingle)
///     .place(Cell::at(2, 4).unwrap(), Digit::new(7).unwrap())
///     .house(House::box_at(1).unwrap());
/// assert_eq!(step.to_string(), "hidden-single: r3c5=7 (box 2)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// Digits that must go in cells.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates that cannot be: the digit leaves the cell's pencil marks.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The houses the deduction rests on (for fish: base lines, then cover lines).
    pub houses: Vec<House>,
    /// The cells that form the pattern.
    pub cells: Vec<Cell>,
    /// The digits of the pattern.
    pub digits: DigitSet,
    /// The fins of a finned or sashimi fish.
    pub fins: Vec<Cell>,
    /// The links of a chain, in order.
    pub links: Vec<Link>,
    /// Chains in Eureka form (nice loops, AICs, ALS chains, forcing chains
    /// and nets: one per branch), with grouped and ALS nodes.
    pub chains: Vec<Chain>,
}

impl Step {
    /// A step of `technique` with nothing in it yet; the builder methods below fill it.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            houses: Vec::new(),
            cells: Vec::new(),
            digits: DigitSet::EMPTY,
            fins: Vec::new(),
            links: Vec::new(),
            chains: Vec::new(),
        }
    }

    /// Adds the placement of `digit` in `cell`.
    pub fn place(mut self, cell: Cell, digit: Digit) -> Step {
        self.placements.push((cell, digit));
        self
    }

    /// Adds the elimination of `digit` from `cell`.
    pub fn eliminate(mut self, cell: Cell, digit: Digit) -> Step {
        self.eliminations.push((cell, digit));
        self
    }

    /// Adds a house to the evidence.
    pub fn house(mut self, house: House) -> Step {
        self.houses.push(house);
        self
    }

    /// Adds cells to the evidence.
    pub fn with_cells(mut self, cells: impl IntoIterator<Item = Cell>) -> Step {
        self.cells.extend(cells);
        self
    }

    /// Sets the pattern's digits.
    pub fn with_digits(mut self, digits: DigitSet) -> Step {
        self.digits = digits;
        self
    }

    /// Whether the step changes anything.
    pub fn is_productive(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// Applies the step to `grid` and `candidates`; returns whether anything
    /// changed.
    ///
    /// A stale placement, one whose cell is already filled or no longer has
    /// the digit as a candidate, is skipped: steps found together on one
    /// position can overlap (the same hidden single in a row and in a box)
    /// or, on a position with no solution, contradict each other. The
    /// contradiction then shows as a cell or house left without candidates.
    pub fn apply(&self, grid: &mut Grid, candidates: &mut Candidates) -> bool {
        let mut changed = false;
        for &(cell, digit) in &self.placements {
            if grid[cell] == 0 && candidates.get(cell).contains(digit) {
                grid.set(cell, Some(digit));
                candidates.place(cell, digit);
                changed = true;
            }
        }
        for &(cell, digit) in &self.eliminations {
            changed |= candidates.remove(cell, digit);
        }
        changed
    }
}

impl fmt::Display for Step {
    /// `technique: r3c5=7 (box 2)`, eliminations as `r2c4<>5`, in the
    /// notation of HoDoKu and Sudoku Explainer.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:", self.technique)?;
        for (cell, digit) in &self.placements {
            write!(f, " {cell}={digit}")?;
        }
        for (cell, digit) in &self.eliminations {
            write!(f, " {cell}<>{digit}")?;
        }
        if !self.houses.is_empty() {
            let houses: Vec<String> = self.houses.iter().map(House::to_string).collect();
            write!(f, " ({})", houses.join(", "))?;
        }
        Ok(())
    }
}

/// What a chain [`Node`] stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeKind {
    /// One candidate: the digit in one cell.
    Candidate,
    /// A group: the digit in any of two or three cells of one box and one
    /// line (grouped links).
    Group,
    /// An almost locked set: the digit somewhere in its cells.
    Als,
}

/// A node of a chain: a digit in a cell, a group of cells, or an almost
/// locked set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Node {
    /// The node's cells (one for a candidate).
    pub cells: CellSet,
    /// The digit.
    pub digit: Digit,
    /// What the node stands for.
    pub kind: NodeKind,
}

impl Node {
    /// The candidate `digit` in `cell`.
    pub fn candidate(cell: Cell, digit: Digit) -> Node {
        Node {
            cells: CellSet::single(cell),
            digit,
            kind: NodeKind::Candidate,
        }
    }
}

impl fmt::Display for Node {
    /// Eureka notation: `(1)r2c3`, a group `(1)r2c34`, an ALS `(1)r2c3489`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}){}", self.digit, self.cells)
    }
}

/// A chain as drawn and written: its nodes and, between each two, whether
/// the link is strong (`=`) or weak (`-`). Forcing chains give one chain per
/// branch, each from the premise, the first node being the assumption.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The nodes in order.
    pub nodes: Vec<Node>,
    /// `strong[i]` is the link between `nodes[i]` and `nodes[i + 1]`.
    pub strong: Vec<bool>,
}

impl fmt::Display for Chain {
    /// Eureka notation as HoDoKu writes it: `(1)r2c3=(1)r2c7-(1)r5c7`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, node) in self.nodes.iter().enumerate() {
            if i > 0 {
                let strong = self.strong.get(i - 1).copied().unwrap_or(false);
                f.write_str(if strong { "=" } else { "-" })?;
            }
            write!(f, "{node}")?;
        }
        Ok(())
    }
}
