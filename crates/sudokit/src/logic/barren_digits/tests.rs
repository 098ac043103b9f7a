//! The remembering searches against fresh ones, along real walks.

use super::{fresh, tally};
use crate::logic::solver::{Options, Position};
use crate::logic::soundness::sample;
use crate::logic::{Family, Technique, find_steps};

/// The techniques whose searches skip barren digits: every one of the
/// single-digit, coloring and fish families (fish up to size 4: the larger
/// ones take long and share the code), and X-Chains.
fn remembering() -> Vec<Technique> {
    let big = ["Squirmbag", "Whale", "Leviathan"];
    Technique::available()
        .filter(|t| match t.family() {
            Family::SingleDigit | Family::Coloring => true,
            Family::Fish => !big.iter().any(|b| format!("{t:?}").contains(b)),
            _ => *t == Technique::XChain,
        })
        .collect()
}

/// Walks `puzzles` with the solver's default order; at every position,
/// asks each of `techniques` in turn (as the walks do, so that the searches
/// remember along the way) and checks the answer against a fresh search.
/// Returns how many digit searches were skipped.
fn check_walks(puzzles: &[crate::grid::Grid], techniques: &[Technique]) -> u64 {
    let before = tally::count();
    let order = Options::default().order();
    for puzzle in puzzles {
        let mut pos = Position::new(puzzle);
        loop {
            for &t in techniques {
                let remembered = find_steps(t, &pos.grid, &pos.candidates);
                let full = fresh(|| find_steps(t, &pos.grid, &pos.candidates));
                assert_eq!(remembered, full, "{t} on {}", pos.grid);
            }
            if pos.advance(&order).is_none() {
                break;
            }
        }
    }
    tally::count() - before
}

#[test]
fn skipping_barren_digits_changes_no_step() {
    let techniques = remembering();
    assert!(techniques.len() > 30, "{techniques:?}");
    let mut puzzles = sample("top1465_200.txt");
    puzzles.truncate(40);
    puzzles.extend(sample("random_minimal_200.txt").into_iter().take(20));
    assert!(check_walks(&puzzles, &techniques) > 10_000);
}

#[test]
fn fresh_searches_forget_nothing_and_learn_nothing() {
    // A fresh search in between leaves the memory as it was: the same
    // questions skip the same searches.
    let puzzles = sample("top1465_200.txt");
    let pos = Position::new(&puzzles[0]);
    let t = Technique::XWing;
    let first = find_steps(t, &pos.grid, &pos.candidates);
    let skipped = tally::count();
    let again = fresh(|| find_steps(t, &pos.grid, &pos.candidates));
    assert_eq!(tally::count(), skipped);
    assert_eq!(find_steps(t, &pos.grid, &pos.candidates), first);
    assert_eq!(again, first);
    let barren_digits = tally::count() - skipped;
    assert!(barren_digits > 0);
    let fruitful = first.iter().fold(0u16, |m, s| m | s.digits.bits());
    assert_eq!(barren_digits, u64::from(9 - fruitful.count_ones()));
}
