//! Sudoku Explainer 1.2.1's chains: bidirectional cycles, forcing X- and
//! XY-chains, Nishio, cell and region (multiple) forcing chains, dynamic
//! forcing chains, dynamic forcing chains (+) and nested forcing chains,
//! found and rated as SE finds and rates them.
//!
//! SE's `Chaining` producers run in a fixed order (see `producers`):
//! cycles and forcing chains (6.5–7.0), Nishio (7.5), multiple (8.0),
//! dynamic (8.5), dynamic (+) (9.0), nested levels 2–5 (9.5–11.0). Each
//! builds implication nets from every candidate (`chaining`), turns them
//! into hints, and sorts them by rating (base plus a bonus for the chain's
//! complexity), complexity and kind. SE's solver takes the first hint of
//! the first producer that has one, so [`find`] returns nothing for the
//! techniques of a producer when an earlier producer (or SE's aligned
//! triplet exclusion, which runs between the first two) has a step on the
//! position: the rating of a position is that of the first producer's
//! easiest hint, as in SE.
//!
//! Results are memoised per position (one position per thread), so asking
//! for each technique in turn costs one search.
//!
//! Three techniques of the table never come out of SE's engine and are
//! not implemented: static contradiction and double forcing chains (SE's
//! multiple forcing chains only look for cell and region chains), and
//! forcing Y-chains (SE notes they cannot exist: its Y-chain pass looks for
//! cycles only).
//!
//! Nested forcing chains (`nested`) run SE's own producers inside each
//! propagation, so their searches are bounded (`budget`).

mod board;
mod budget;
mod carry;
mod chaining;
mod clean;
#[cfg(test)]
mod closure;
mod fast;
mod gate;
mod hint;
mod nested;
mod net;
mod probe;
mod producers;
mod rules;
#[cfg(test)]
mod tests;
pub mod walk;
mod words;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};
use board::Board;
use producers::Producer;
use std::cell::RefCell;

/// The tests' random draws: a xorshift generator from `seed`, the same
/// sequence for the same seed.
#[cfg(test)]
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The tests' view of hints as steps (with nested chains), rating and
/// complexity, to compare two searches' hints.
#[cfg(test)]
fn step_texts(engine: &mut chaining::Engine, hints: &[hint::Hint]) -> Vec<String> {
    hints
        .iter()
        .map(|h| {
            let step = h.to_step(&mut engine.arena, &mut engine.nested);
            format!("{} {} {step:?}", h.tenths, h.complexity)
        })
        .collect()
}

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::BidirectionalXCycle,
    Technique::BidirectionalYCycle,
    Technique::ForcingXChain,
    Technique::BidirectionalCycle,
    Technique::ForcingXyChain,
    Technique::NishioForcingChain,
    Technique::CellForcingChains,
    Technique::RegionForcingChains,
    Technique::DynamicCellForcingChains,
    Technique::DynamicRegionForcingChains,
    Technique::DynamicContradictionForcingChains,
    Technique::DynamicDoubleForcingChains,
    Technique::DynamicForcingChainsPlus,
    Technique::NestedForcingChains1,
    Technique::NestedForcingChains2,
    Technique::NestedForcingChains3,
    Technique::NestedForcingChains4,
];

/// The position last searched on this thread and what each producer found.
#[derive(Default)]
struct Memo {
    board: Option<Board>,
    engine: chaining::Engine,
    found: Vec<(Producer, Vec<Step>)>,
    triplets: Option<bool>,
}

thread_local! {
    static MEMO: RefCell<Memo> = RefCell::new(Memo::default());
}

impl Memo {
    /// The steps of `producer` on the memoised position.
    fn steps(&mut self, producer: Producer) -> &[Step] {
        let at = match self.found.iter().position(|(p, _)| *p == producer) {
            Some(at) => at,
            None => {
                let board = self.board.expect("a position is memoised");
                let hints = producers::hints(&mut self.engine, &board, producer);
                let engine = &mut self.engine;
                let steps = hints
                    .iter()
                    .map(|h| h.to_step(&mut engine.arena, &mut engine.nested))
                    .collect();
                self.found.push((producer, steps));
                self.found.len() - 1
            }
        };
        &self.found[at].1
    }

    /// Whether SE's aligned triplet exclusion (run between the cycles and
    /// Nishio) has a step on the position.
    fn triplets(&mut self, grid: &Grid, candidates: &Candidates) -> bool {
        *self.triplets.get_or_insert_with(|| {
            let t = Technique::AlignedTripletExclusion;
            crate::logic::implemented(t)
                && crate::logic::find_steps(t, grid, candidates)
                    .iter()
                    .any(Step::is_productive)
        })
    }
}

/// Every step of `technique` (a member of this family) on the position, in
/// SE's order (easiest first); none when an earlier SE chaining producer
/// has a step there (SE would never get to this one).
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let Some(producer) = Producer::of(technique) else {
        return Vec::new();
    };
    if !IMPLEMENTED.contains(&technique) {
        return Vec::new();
    }
    let board = Board::new(grid, candidates);
    MEMO.with(|memo| {
        let mut memo = memo.borrow_mut();
        if memo.board != Some(board) {
            memo.board = Some(board);
            memo.engine.start(&board);
            memo.found.clear();
            memo.triplets = None;
        }
        for p in Producer::ALL {
            if p > producer {
                break;
            }
            if p == Producer::Nishio && memo.triplets(grid, candidates) {
                return Vec::new();
            }
            let steps = memo.steps(p);
            if p < producer && !steps.is_empty() {
                return Vec::new();
            }
            if p == producer {
                return steps
                    .iter()
                    .filter(|s| s.technique == technique)
                    .cloned()
                    .collect();
            }
        }
        Vec::new()
    })
}

/// SE's base rating of a technique of this family, in tenths.
fn base_tenths(technique: Technique) -> Option<u32> {
    let rating = technique.facts().se.rating;
    Producer::of(technique).map(|_| (rating * 10.0).round() as u32)
}

/// Sudoku Explainer's rating of `step` (a step of this family): the
/// technique's base plus SE's length bonus for the complexity the step's
/// evidence records (see [`hint::complexity_of`]).
pub(crate) fn se_rating(step: &crate::logic::Step) -> Option<f64> {
    let base = base_tenths(step.technique)?;
    let tenths = base + hint::bonus_tenths(hint::complexity_of(step));
    Some(f64::from(tenths) / 10.0)
}

/// Where SE puts `step` (a step of this family) among its producer's hints
/// of one rating: by complexity, then by kind (double, cycles and forcing
/// X-, Y-, XY-chains, cell, region, contradiction); the steps of one
/// technique come in SE's order already. `None` for other techniques.
pub(crate) fn se_tie(step: &crate::logic::Step) -> Option<(u32, u32)> {
    use Technique as T;
    Producer::of(step.technique)?;
    let kind = match step.technique {
        T::DynamicDoubleForcingChains => 1,
        T::BidirectionalXCycle | T::ForcingXChain => 2,
        T::BidirectionalYCycle | T::ForcingYChain => 3,
        T::BidirectionalCycle | T::ForcingXyChain => 4,
        T::CellForcingChains | T::DynamicCellForcingChains => 5,
        T::RegionForcingChains | T::DynamicRegionForcingChains => 6,
        T::NishioForcingChain | T::DynamicContradictionForcingChains => 7,
        _ => 0,
    };
    Some((hint::complexity_of(step), kind))
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`.
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    words::reason(step, lang)
}
