//! Subsets: naked and hidden pairs, triples and quads.
//!
//! As in HoDoKu, houses are searched boxes first, then rows, then columns,
//! and a subset is a step only when it eliminates something. A naked subset
//! whose cells share a box and a line eliminates in both and is reported
//! once, with the box; a hidden subset found in a line whose digits are
//! equally confined in the box is reported once, with the box.

use crate::candidates::{Candidates, DigitSet};
use crate::grid::Grid;
use crate::logic::barren_houses::{self as barren, Slot};
use crate::logic::intersections::{
    CellBits, HOUSE_BITS, candidates_in, cells_of, choose, common_box, common_line, for_each_naked,
    house, house_cells, house_places,
};
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::NakedPair,
    Technique::NakedTriple,
    Technique::NakedQuad,
    Technique::HiddenPair,
    Technique::HiddenTriple,
    Technique::HiddenQuad,
];

/// Every step of `technique` (a member of this family) on the position.
///
/// The grid is not consulted: a filled cell has no candidates.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    match technique {
        Technique::NakedPair => naked(technique, 2, candidates),
        Technique::NakedTriple => naked(technique, 3, candidates),
        Technique::NakedQuad => naked(technique, 4, candidates),
        Technique::HiddenPair => hidden(technique, 2, candidates),
        Technique::HiddenTriple => hidden(technique, 3, candidates),
        Technique::HiddenQuad => hidden(technique, 4, candidates),
        _ => Vec::new(),
    }
}

/// House indices (into [`crate::candidates::HOUSE_CELLS`]) in HoDoKu's search order for
/// subsets: boxes, then rows, then columns.
const BOXES_FIRST: [usize; 27] = boxes_first();

const fn boxes_first() -> [usize; 27] {
    let mut out = [0; 27];
    let mut i = 0;
    while i < 27 {
        out[i] = (i + 18) % 27;
        i += 1;
    }
    out
}

/// Naked subsets of `n` cells: their digits leave every other cell of every
/// house the cells share.
///
/// A house's subsets are made of its own cells; removals elsewhere can only
/// take away what a box's subset eliminates along its line, so a house that
/// had none keeps none while its cells keep their candidates.
fn naked(technique: Technique, n: u32, candidates: &Candidates) -> Vec<Step> {
    let slot = match n {
        2 => Slot::NakedPair,
        3 => Slot::NakedTriple,
        _ => Slot::NakedQuad,
    };
    barren::search(slot, candidates, BOXES_FIRST, |h, steps| {
        naked_in(technique, n, candidates, h, steps);
    })
}

/// The naked subsets of `n` cells found with house `h`.
fn naked_in(
    technique: Technique,
    n: u32,
    candidates: &Candidates,
    h: usize,
    steps: &mut Vec<Step>,
) {
    for_each_naked(candidates, h, n, |cells, digits| {
        let in_box = common_box(cells);
        if h < 18 && in_box.is_some() {
            // Found already with the box, searched first.
            return;
        }
        let line = if h >= 18 { common_line(cells) } else { None };
        // HoDoKu's order: the line's cells, then the box's.
        let line_bits = line.map_or(0, |l| HOUSE_BITS[l]);
        let mut eliminations = candidates_in(candidates, line_bits & !cells, digits);
        eliminations.extend(candidates_in(
            candidates,
            HOUSE_BITS[h] & !line_bits & !cells,
            digits,
        ));
        if eliminations.is_empty() {
            return;
        }
        let mut step = Step::new(technique).house(house(h));
        if let Some(l) = line {
            step = step.house(house(l));
        }
        step = step.with_cells(cells_of(cells)).with_digits(digits);
        step.eliminations = eliminations;
        steps.push(step);
    });
}

/// Hidden subsets of `n` digits: confined to `n` cells of a house, they
/// leave those cells no room for other candidates.
///
/// A house's subsets and their eliminations lie in its own cells; a line's
/// subset left to its box stays left there as the box loses candidates, so
/// a house that had none keeps none while its cells keep their candidates.
fn hidden(technique: Technique, n: u32, candidates: &Candidates) -> Vec<Step> {
    let slot = match n {
        2 => Slot::HiddenPair,
        3 => Slot::HiddenTriple,
        _ => Slot::HiddenQuad,
    };
    barren::search(slot, candidates, BOXES_FIRST, |h, steps| {
        hidden_in(technique, n, candidates, h, steps);
    })
}

/// The hidden subsets of `n` digits found with house `h`.
fn hidden_in(
    technique: Technique,
    n: u32,
    candidates: &Candidates,
    h: usize,
    steps: &mut Vec<Step>,
) {
    let empty = cells_of(HOUSE_BITS[h])
        .filter(|&c| !candidates.get(c).is_empty())
        .count();
    if empty <= n as usize {
        return;
    }
    let masks = house_places(candidates, h);
    let mut eligible = 0u16;
    for (d, mask) in masks.iter().enumerate() {
        if (1..=n).contains(&mask.count_ones()) {
            eligible |= 1 << d;
        }
    }
    choose(&masks, eligible, n, n, &mut |chosen, union| {
        if union.count_ones() != n {
            return;
        }
        let cells = house_cells(h, union);
        let digits = DigitSet::from_bits(chosen);
        let others = DigitSet::from_bits(!chosen);
        let eliminations = candidates_in(candidates, cells, others);
        if eliminations.is_empty() || (h < 18 && hidden_in_box(candidates, cells, digits)) {
            return;
        }
        let mut step = Step::new(technique)
            .house(house(h))
            .with_cells(cells_of(cells))
            .with_digits(digits);
        step.eliminations = eliminations;
        steps.push(step);
    });
}

/// Whether `cells` lie in one box where `digits` have no other place: then
/// the same hidden subset was found with the box.
fn hidden_in_box(candidates: &Candidates, cells: CellBits, digits: DigitSet) -> bool {
    common_box(cells).is_some_and(|b| {
        cells_of(HOUSE_BITS[b] & !cells).all(|c| candidates.get(c).bits() & digits.bits() == 0)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Digit, House};
    use crate::logic::intersections::tests::{at, elims, hodoku_step};
    use crate::logic::soundness::{check_technique, sample};

    fn empty() -> (Grid, Candidates) {
        let g = Grid::empty();
        (g, Candidates::from_grid(&g))
    }

    /// Leaves `cell` only the candidates `keep`.
    fn keep(c: &mut Candidates, cell: &str, keep: &str) {
        let set: DigitSet = keep
            .bytes()
            .map(|b| Digit::new(b - b'0').unwrap())
            .collect();
        c.set(at(cell), set);
    }

    /// Removes the candidates `digits` from `cells`.
    fn remove(c: &mut Candidates, cells: &[&str], digits: &str) {
        for name in cells {
            for b in digits.bytes() {
                c.remove(at(name), Digit::new(b - b'0').unwrap());
            }
        }
    }

    #[test]
    fn naked_pair_in_a_row() {
        let (g, mut c) = empty();
        keep(&mut c, "r5c2", "39");
        keep(&mut c, "r5c8", "39");
        let steps = find(Technique::NakedPair, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.houses, [House::row_at(4).unwrap()]);
        assert_eq!(s.cells, [at("r5c2"), at("r5c8")]);
        assert_eq!(s.digits.to_string(), "39");
        assert_eq!(s.eliminations.len(), 14);
        assert_eq!(&s.eliminations[..2], &elims("r5c1<>3 r5c1<>9")[..]);
    }

    #[test]
    fn naked_pair_in_box_and_line_is_reported_once() {
        let (g, mut c) = empty();
        keep(&mut c, "r1c1", "12");
        keep(&mut c, "r1c2", "12");
        let steps = find(Technique::NakedPair, &g, &c);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            steps[0].houses,
            [House::box_at(0).unwrap(), House::row_at(0).unwrap()]
        );
        assert_eq!(steps[0].eliminations.len(), 2 * (7 + 6));
        // HoDoKu's order of the eliminations, which the queue of singles
        // follows: the line's cells, then the box's.
        let (g, mut c) = empty();
        keep(&mut c, "r2c1", "12");
        keep(&mut c, "r2c2", "12");
        let steps = find(Technique::NakedPair, &g, &c);
        let cells: Vec<_> = steps[0].eliminations.iter().map(|e| e.0).collect();
        assert_eq!((cells[0], cells[14]), (at("r2c3"), at("r1c1")));
    }

    #[test]
    fn naked_triple_and_quad() {
        let (g, mut c) = empty();
        keep(&mut c, "r1c4", "12");
        keep(&mut c, "r4c4", "23");
        keep(&mut c, "r9c4", "13");
        let steps = find(Technique::NakedTriple, &g, &c);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].houses, [House::column_at(3).unwrap()]);
        assert_eq!(steps[0].cells, [at("r1c4"), at("r4c4"), at("r9c4")]);
        assert_eq!(steps[0].eliminations.len(), 6 * 3);
        assert!(find(Technique::NakedPair, &g, &c).is_empty());
        keep(&mut c, "r5c4", "45");
        keep(&mut c, "r6c4", "56");
        let quad = find(Technique::NakedQuad, &g, &c);
        // {1,2,3} plus {4,5} or {5,6}: no four cells with four digits.
        assert!(quad.is_empty());
        keep(&mut c, "r6c4", "14");
        keep(&mut c, "r5c4", "24");
        let quad = find(Technique::NakedQuad, &g, &c);
        assert!(!quad.is_empty());
        assert!(quad.iter().all(|s| s.digits.to_string() == "1234"));
    }

    #[test]
    fn hidden_pair_in_a_column() {
        let (g, mut c) = empty();
        // 6 and 8 of column 7 only in r2c7 and r8c7.
        let others = ["r1c7", "r3c7", "r4c7", "r5c7", "r6c7", "r7c7", "r9c7"];
        remove(&mut c, &others, "68");
        let steps = find(Technique::HiddenPair, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.houses, [House::column_at(6).unwrap()]);
        assert_eq!(s.cells, [at("r2c7"), at("r8c7")]);
        assert_eq!(s.digits.to_string(), "68");
        assert_eq!(s.eliminations.len(), 14);
        // Once the cells hold only the pair, nothing is left to eliminate.
        keep(&mut c, "r2c7", "68");
        keep(&mut c, "r8c7", "68");
        assert!(find(Technique::HiddenPair, &g, &c).is_empty());
    }

    #[test]
    fn hidden_triple_in_box_and_row_is_reported_once() {
        let (g, mut c) = empty();
        // 1, 2, 3 of box 5 and of row 5 only in r5c4..r5c6.
        let box_rest = ["r4c4", "r4c5", "r4c6", "r6c4", "r6c5", "r6c6"];
        let row_rest = ["r5c1", "r5c2", "r5c3", "r5c7", "r5c8", "r5c9"];
        remove(&mut c, &box_rest, "123");
        remove(&mut c, &row_rest, "123");
        let steps = find(Technique::HiddenTriple, &g, &c);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].houses, [House::box_at(4).unwrap()]);
        assert_eq!(steps[0].eliminations.len(), 3 * 6);
        assert!(find(Technique::HiddenPair, &g, &c).is_empty());
    }

    #[test]
    fn hodoku_examples() {
        // From HoDoKu's technique pages (show_example.php?file=h202, h301).
        let s = hodoku_step(
            Technique::HiddenPair,
            ":0210:123589:....+6........4273+6..67+3..4..94....+6+8....96+4.+7+6.7.+5.+9231......85.6..8.27+1..5.1..+9+4::112 211 212 311 312 511 512 811 812 911:",
        );
        assert_eq!(s.houses, [House::box_at(0).unwrap()]);
        assert_eq!(s.cells, [at("r1c1"), at("r1c2")]);
        assert_eq!(s.digits.to_string(), "47");
        let s = hodoku_step(
            Technique::HiddenTriple,
            ":0211:16:2+8....4+7+35+3+4+8+2+7+1+96.+71.34.8.+3..5...4....+3+4..+6.+46.79.+3+1..9.2.+36+5+4..3..9+8+21....8.+937::192 693:",
        );
        assert_eq!(s.houses, [House::box_at(6).unwrap()]);
        assert_eq!(s.cells, [at("r8c2"), at("r9c2"), at("r9c3")]);
        assert_eq!(s.digits.to_string(), "245");
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        let top = sample("top1465_200.txt");
        let random = sample("random_minimal_200.txt");
        let hardest = sample("forum_hardest_1905_100.txt");
        for t in [
            Technique::NakedPair,
            Technique::HiddenPair,
            Technique::NakedTriple,
        ] {
            assert!(check_technique(t, &random[..30]) > 0, "{t}");
        }
        assert!(check_technique(Technique::HiddenTriple, &top[..30]) > 0);
        let clue17 = sample("17_clue_200.txt");
        assert!(check_technique(Technique::HiddenQuad, &clue17[..30]) > 0);
        assert!(check_technique(Technique::NakedQuad, &top[..30]) > 0);
        assert!(check_technique(Technique::HiddenQuad, &top[..30]) > 0);
        assert!(check_technique(Technique::NakedQuad, &hardest[..60]) > 0);
    }
}
