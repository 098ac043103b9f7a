//! HoDoKu's avoidable rectangles, types 1 and 2: rectangles whose solved
//! corners (solved, not given) would, with the empty ones, form a deadly
//! pattern.

use super::rectangles::RECTANGLES;
use super::{cell, digit_of, eliminate_seen_by};
use crate::candidates::Candidates;
use crate::grid::{Cell, Grid};
use crate::logic::{Step, Technique};

/// Avoidable rectangles: corners solved (not given) that, with the empty
/// corners, would form a deadly pattern.
pub(super) fn avoidable_rectangles(
    technique: Technique,
    grid: &Grid,
    givens: &Grid,
    candidates: &Candidates,
) -> Vec<Step> {
    let mut steps = Vec::new();
    for rect in &RECTANGLES {
        let corners = rect.map(cell);
        if corners.iter().any(|&c| givens[c] != 0) {
            continue;
        }
        let solved = (0..4)
            .filter(|&k| grid[corners[k]] != 0)
            .fold(0u8, |m, k| m | 1 << k);
        let step = match (technique, solved.count_ones()) {
            (Technique::AvoidableRectangle1, 3) => avoidable1(grid, candidates, corners, solved),
            (Technique::AvoidableRectangle2, 2) => avoidable2(grid, candidates, corners, solved),
            _ => None,
        };
        steps.extend(step.filter(Step::is_productive));
    }
    steps
}

/// Type 1: three corners solved as `a`, `b`, `b` around the empty one: it
/// cannot take `a` (the digit of its diagonal).
fn avoidable1(
    grid: &Grid,
    candidates: &Candidates,
    corners: [Cell; 4],
    solved: u8,
) -> Option<Step> {
    let empty = (!solved & 0xf).trailing_zeros() as usize;
    let value = |k: usize| grid.get(corners[k]).expect("a solved corner");
    let (a, b) = (value(3 - empty), value(empty ^ 1));
    // HoDoKu takes the empty corner only when it holds exactly two
    // candidates (its `findUniquenessForStartCell`).
    if value(empty ^ 2) != b || a == b || candidates.get(corners[empty]).len() != 2 {
        return None;
    }
    let mut step = Step::new(Technique::AvoidableRectangle1)
        .with_cells(corners)
        .with_digits([a, b].into_iter().collect());
    if candidates.get(corners[empty]).contains(a) {
        step = step.eliminate(corners[empty], a);
    }
    Some(step)
}

/// Type 2: two corners on one side, in one box, solved as `a` and `b`; the
/// empty corners opposite hold `b` or `a` (the digit of their diagonal)
/// and one common extra digit, which one of them must take.
fn avoidable2(
    grid: &Grid,
    candidates: &Candidates,
    corners: [Cell; 4],
    solved: u8,
) -> Option<Step> {
    if matches!(solved, 0b1001 | 0b0110) {
        return None; // diagonal: the empty corners see no common cell
    }
    let i = solved.trailing_zeros() as usize;
    let j = 7 - solved.leading_zeros() as usize;
    // HoDoKu starts from two solved cells of one box
    // (`findUniquenessForStartCell`): a solved side across two boxes is
    // never looked at.
    if corners[i].box_index() != corners[j].box_index() {
        return None;
    }
    let (a, b) = (grid.get(corners[i])?, grid.get(corners[j])?);
    // The empty corner diagonal to a solved one would complete it with its digit.
    let (ea, eb) = (corners[3 - i], corners[3 - j]);
    let (sa, sb) = (candidates.get(ea).bits(), candidates.get(eb).bits());
    let extra = sa & !a.bit();
    let valid = a != b && sa & a.bit() != 0 && sb & b.bit() != 0 && extra == sb & !b.bit();
    if !valid || extra.count_ones() != 1 {
        return None;
    }
    let mut fins = [ea, eb];
    fins.sort();
    let mut step = Step::new(Technique::AvoidableRectangle2)
        .with_cells(corners)
        .with_digits([a, b].into_iter().collect());
    step.fins = fins.to_vec();
    Some(eliminate_seen_by(step, candidates, &fins, digit_of(extra)))
}
