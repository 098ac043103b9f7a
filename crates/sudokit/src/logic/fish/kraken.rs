//! Kraken fish, as HoDoKu defines them: a finned fish whose fins, through
//! forcing chains, make an elimination the fish alone cannot.
//!
//! A fish of `n` base and `n` cover sets on digit `d` holds unless one of
//! its fins is true. So:
//!
//! - **type 1**: a candidate of `d` that the fish would eliminate without
//!   fins (a cover candidate outside the base) is false when every fin,
//!   assumed true, forces it false;
//! - **type 2**: without a true fin, each cover set holds exactly one true
//!   base candidate (the `n` true base cells lie in `n` houses of the
//!   covers, at most one each); so a candidate (any digit, outside the
//!   premises' cells) that every base candidate of one cover set and every
//!   fin force false is false.
//!
//! The search is HoDoKu's (`FishSolver.searchForKraken`, as its solver runs
//! it with Kraken fish switched on): Franken fish (rows or columns with
//! boxes) of 2 to 4 sets with one or two fins that some cell sees all of,
//! no endo fins, and no elimination of their own; a cover set whose
//! candidates are all base candidates is no premise set (that would be a
//! plain forcing chain), and base candidates in two cover sets (cannibals)
//! are no premises. The implications are the forcing-chain tables of the
//! position ([`crate::logic::links::table`]), which HoDoKu's forcing chains
//! share. HoDoKu's solver takes the first step its search meets, and so
//! does the solver here: the steps come in that order.

use super::search::{Fish, FishQuery, Shape, bits, common_peers, for_each_fish};
use crate::candidates::{Candidates, DigitSet};
use crate::classic::trace::Lang;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::chains::nice_loops::{chain_of, links_of};
use crate::logic::explain::cell_list;
use crate::logic::links::table::Tables;
use crate::logic::links::{candidate_node, cells_iter, off, on};
use crate::logic::single_digit::{HOUSE_BITS, cells_of, house_at};
use crate::logic::{Step, Technique};
use std::ops::ControlFlow;

/// The most steps kept per position: a Kraken search finds many copies of
/// one elimination through different fish.
const MAX_STEPS: usize = 50;

/// Search steps allowed per digit (see [`FishQuery::budget`]).
const BUDGET: u64 = 200_000;

/// Every Kraken fish step of the position (type 1 before type 2 for each
/// fish), one per elimination.
pub(crate) fn find(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    let tables = Tables::of(candidates, true);
    let mut found = Found {
        tables: &tables,
        steps: Vec::new(),
        seen: Vec::new(),
    };
    for digit in Digit::all() {
        let places = Cell::all()
            .filter(|&c| candidates.get(c).contains(digit))
            .fold(0u128, |m, c| m | 1u128 << c.index());
        let query = FishQuery {
            shape: Shape::Franken,
            min_size: 2,
            max_size: 4,
            finned: true,
            max_fins: 2,
            max_endo_fins: 0,
            targets: None,
            endo_quirk: None,
            budget: BUDGET,
        };
        let _ = for_each_fish(places, &query, &mut |fish| {
            // HoDoKu looks for Kraken fish only where a finned fish could
            // eliminate (some cell sees every fin) but eliminates nothing.
            if common_peers(fish.fins) == 0 || fish.eliminations() != 0 {
                return ControlFlow::Continue(());
            }
            found.type_1(digit, fish);
            found.type_2(digit, fish, candidates);
            if found.steps.len() >= MAX_STEPS {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }
    found.steps
}

/// The steps found so far.
struct Found<'a> {
    tables: &'a Tables,
    steps: Vec<Step>,
    /// The eliminations already given (one step each).
    seen: Vec<(usize, usize)>,
}

impl Found<'_> {
    /// Whether assuming digit `d` in `cell` forces digit `e` out of `target`.
    fn kills(&self, cell: usize, d: usize, target: usize, e: usize) -> bool {
        let premise = on(candidate_node(cell, d));
        self.tables.off(premise)[e] >> target & 1 == 1
    }

    fn type_1(&mut self, digit: Digit, fish: &Fish) {
        let d = digit.index();
        // What the fins' common peers lose is the finned fish's own step.
        let targets = fish.potential() & !fish.eliminations();
        for x in cells_iter(targets) {
            if cells_iter(fish.fins).all(|f| self.kills(f, d, x, d)) {
                let premises: Vec<usize> = cells_iter(fish.fins).collect();
                self.push(digit, fish, &premises, (x, d));
            }
        }
    }

    fn type_2(&mut self, digit: Digit, fish: &Fish, candidates: &Candidates) {
        let d = digit.index();
        for cover in bits(fish.cover) {
            let covered = fish.cover_cells & HOUSE_BITS[cover];
            let inside = covered & fish.base_cells & !fish.cannibals;
            if inside == covered {
                // Every true base candidate would be one of them: a plain
                // forcing chain, which HoDoKu leaves to its own solver.
                continue;
            }
            let premise_cells = inside | fish.fins;
            let premises: Vec<usize> = cells_iter(premise_cells).collect();
            let mut common = *self.tables.off(on(candidate_node(premises[0], d)));
            for &p in &premises[1..] {
                let set = self.tables.off(on(candidate_node(p, d)));
                for (c, s) in common.iter_mut().zip(set) {
                    *c &= s;
                }
            }
            for (e, &killed) in common.iter().enumerate() {
                for x in cells_iter(killed & !premise_cells) {
                    let cell = Cell::new(x).expect("< 81");
                    let e_digit = Digit::from_index(e).expect("< 9");
                    if candidates.get(cell).contains(e_digit) {
                        self.push(digit, fish, &premises, (x, e));
                    }
                }
            }
        }
    }

    /// Adds the step eliminating `target` (cell, digit index), with one
    /// chain from each premise (a candidate of `digit`).
    fn push(&mut self, digit: Digit, fish: &Fish, premises: &[usize], target: (usize, usize)) {
        if self.seen.contains(&target) || self.steps.len() >= MAX_STEPS {
            return;
        }
        self.seen.push(target);
        let (x, e) = target;
        let mut step = Step::new(Technique::KrakenFish)
            .with_cells(cells_of(fish.base_cells & !fish.fins))
            .with_digits(DigitSet::from_bits(digit.bit()))
            .eliminate(
                Cell::new(x).expect("< 81"),
                Digit::from_index(e).expect("< 9"),
            );
        step.houses = bits(fish.base)
            .chain(bits(fish.cover))
            .map(house_at)
            .collect();
        step.fins = cells_of(fish.fins).collect();
        let goal = off(candidate_node(x, e));
        for &p in premises {
            let premise = on(candidate_node(p, digit.index()));
            let path = self.tables.path(premise, goal);
            step.links.extend(links_of(&self.tables.links, &path));
            step.chains.push(chain_of(&self.tables.links, &path));
        }
        self.steps.push(step);
    }
}

/// The words of a Kraken fish step: the fish, then the chains.
pub(crate) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let fish = super::words::reason(step, lang)?;
    // The chains tell the type: type 1 has one per fin, and only those.
    let kind = if step.chains.len() == step.fins.len() && is_type_1(step) {
        1
    } else {
        2
    };
    let chains: Vec<String> = step.chains.iter().map(|c| c.to_string()).collect();
    let chains = chains.join(" ; ");
    let fins = cell_list(&step.fins);
    Some(match (lang, kind) {
        (Lang::En, 1) => format!(
            "type 1: {fish}; the fish holds or a fin {fins} is true, and each case removes it: {chains}"
        ),
        (Lang::En, _) => format!(
            "type 2: {fish}; unless a fin {fins} is true, a cover set holds one of its base candidates, and each of them, as each fin, removes it: {chains}"
        ),
        (Lang::Es, 1) => format!(
            "tipo 1: {fish}; o el pez se cumple o una aleta {fins} es verdadera, y cada caso lo elimina: {chains}"
        ),
        (Lang::Es, _) => format!(
            "tipo 2: {fish}; salvo que una aleta {fins} sea verdadera, un conjunto de cobertura contiene uno de sus candidatos base, y cada uno de ellos, como cada aleta, lo elimina: {chains}"
        ),
    })
}

/// Whether every chain of `step` starts at a fin (type 1).
fn is_type_1(step: &Step) -> bool {
    step.chains.iter().all(|c| {
        c.nodes
            .first()
            .and_then(|n| n.cells.iter().next())
            .is_some_and(|cell| step.fins.contains(&cell))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine;
    use crate::logic::explain::step_text;
    use crate::logic::solver::{Options, solve};
    use crate::logic::soundness::{assert_sound, sample};

    /// Walks hard puzzles with the techniques below chains (where HoDoKu
    /// would look for Kraken fish), and checks every Kraken step at every
    /// position against the solution; both types must show.
    #[test]
    fn kraken_fish_are_sound_and_fire() {
        let below: Vec<Technique> = Technique::available()
            .filter(|t| t.facts().order < Technique::KrakenFish.facts().order)
            .filter(|t| t.is_default())
            .collect();
        let (mut type_1, mut type_2) = (0, 0);
        for puzzle in &sample("top1465_200.txt")[..20] {
            let solution = engine::solve_one(puzzle).expect("solvable");
            let options = Options::with_techniques(below.clone());
            let outcome = solve(puzzle, &options).expect("unique");
            let (grid, candidates) = (outcome.grid, outcome.candidates);
            if grid.is_full() {
                continue;
            }
            for step in find(&grid, &candidates) {
                assert_sound(&step, &grid, &candidates, &solution);
                assert_eq!(step.eliminations.len(), 1);
                assert!(!step.chains.is_empty());
                if is_type_1(&step) && step.chains.len() == step.fins.len() {
                    type_1 += 1;
                } else {
                    type_2 += 1;
                }
                let text = step_text(&step, Lang::En);
                assert!(text.contains("type "), "{text}");
                assert!(step_text(&step, Lang::Es).contains("tipo "));
            }
        }
        assert!(
            type_1 > 0 && type_2 > 0,
            "type 1: {type_1}, type 2: {type_2}"
        );
    }
}
