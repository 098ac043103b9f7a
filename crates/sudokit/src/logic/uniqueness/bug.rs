//! Sudoku Explainer's bivalue universal grave, types 1 to 4, found as SE
//! 1.2.1's `BivalueUniversalGrave` finds them (HoDoKu's BUG+1,
//! [`Technique::BugPlusOne`], is the type 1 of a cell of three candidates).
//!
//! A BUG is a position where every empty cell has two candidates and every
//! candidate appears twice in each house where it appears: it has no unique
//! solution. SE looks, in each house, for digits that appear neither zero
//! nor twice; each must have exactly one place in a cell with three or more
//! candidates (a "BUG cell", the digit being one of its "BUG digits");
//! without the BUG digits the position must be a BUG. Then at least one BUG
//! digit is true. With one BUG cell (type 1) it keeps only its BUG digits;
//! with two or more:
//! - type 2: one BUG digit in all of them: cells seeing all BUG cells lose
//!   it;
//! - type 3: the BUG cells in one house: one of them holds a BUG digit, so
//!   they act as one cell holding the BUG digits, in a naked subset with
//!   other cells of the house;
//! - type 4: two BUG cells in one house sharing one digit that is no BUG
//!   digit: that digit has its only two places there, so one of them holds
//!   it and the other a BUG digit; each loses its other candidates.

use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS, PEERS};
use crate::grid::{Cell, House};
use crate::logic::single_digit::HOUSE_BITS;
use crate::logic::{Link, Step, Technique};

fn cell(i: u8) -> Cell {
    Cell::new(usize::from(i)).expect("cells are < 81")
}

/// The houses in SE's order of kinds: boxes, rows, columns.
fn se_houses() -> impl Iterator<Item = usize> {
    (18..27).chain(0..18)
}

/// The BUG cells (in the order SE finds them) with their BUG digits, and
/// the union of those digits, if the position is a BUG with them removed.
fn bug_cells(candidates: &Candidates) -> Option<(Vec<(Cell, u16)>, u16)> {
    // Bitboards per digit: the walks ask on every position that gets this
    // far, and most positions fail at once.
    let planes = crate::logic::memo::planes(candidates);
    let wide = (0..81u8)
        .filter(|&i| candidates.get(cell(i)).len() >= 3)
        .fold(0u128, |m, i| m | 1 << i);
    let mut found: Vec<(Cell, u16)> = Vec::new();
    let mut removed = [0u128; 9];
    for h in se_houses() {
        for (d, plane) in planes.iter().enumerate() {
            let places = plane & HOUSE_BITS[h];
            let n = places.count_ones();
            if n == 0 || n == 2 {
                continue;
            }
            let blamed = places & wide;
            if blamed == 0 {
                return None; // no cell to blame: not a BUG
            }
            if blamed.count_ones() > 1 {
                continue; // several: another house tells which
            }
            let c = cell(blamed.trailing_zeros() as u8);
            match found.iter_mut().find(|(f, _)| *f == c) {
                Some((_, digits)) => *digits |= 1 << d,
                None => found.push((c, 1 << d)),
            }
            removed[d] |= blamed;
        }
    }
    let rest: [u128; 9] = std::array::from_fn(|d| planes[d] & !removed[d]);
    let bivalue = (0..81).all(|i| {
        let n = rest.iter().filter(|&&p| p >> i & 1 == 1).count();
        n == 0 || n == 2
    });
    let twice = HOUSE_BITS.iter().all(|&house| {
        rest.iter().all(|&p| {
            let n = (p & house).count_ones();
            n == 0 || n == 2
        })
    });
    let all = found.iter().fold(0, |m, &(_, d)| m | d);
    (bivalue && twice && !found.is_empty()).then_some((found, all))
}

/// Every step of `technique` (`Bug1` to `Bug4`) on the position.
pub(super) fn find(technique: Technique, candidates: &Candidates) -> Vec<Step> {
    let Some((bugs, all)) = bug_cells(candidates) else {
        return Vec::new();
    };
    if let [(bug, _)] = bugs[..] {
        return match technique {
            Technique::Bug1 => type1(candidates, bug, all).into_iter().collect(),
            _ => Vec::new(),
        };
    }
    let cells: Vec<Cell> = bugs.iter().map(|&(c, _)| c).collect();
    let common = seeing_all(&cells);
    let mut steps = Vec::new();
    match technique {
        Technique::Bug2 if all.count_ones() == 1 => {
            steps.extend(type2(candidates, &cells, all, common));
        }
        Technique::Bug3 if all.count_ones() > 1 && common != 0 => {
            type3(candidates, &cells, all, &mut steps);
        }
        Technique::Bug4 if bugs.len() == 2 && (all.count_ones() == 1 || common != 0) => {
            type4(candidates, &bugs, all, &mut steps);
        }
        _ => {}
    }
    steps
}

/// The cells (as a mask) that see every one of `cells`, those excluded.
fn seeing_all(cells: &[Cell]) -> u128 {
    let mut mask = !0u128;
    for c in cells {
        let peers = PEERS[c.index()].iter().fold(0u128, |m, &p| m | 1 << p);
        mask &= peers;
    }
    cells.iter().fold(mask, |m, c| m & !(1u128 << c.index()))
}

fn step(technique: Technique, cells: &[Cell], all: u16) -> Step {
    let mut step = Step::new(technique)
        .with_cells(cells.iter().copied())
        .with_digits(DigitSet::from_bits(all));
    step.fins = cells.to_vec();
    step
}

/// The one BUG cell keeps only its BUG digits `all` (SE's `Bug1Hint`).
fn type1(candidates: &Candidates, bug: Cell, all: u16) -> Option<Step> {
    let mut step = step(Technique::Bug1, &[bug], all);
    for d in DigitSet::from_bits(candidates.get(bug).bits() & !all).iter() {
        step = step.eliminate(bug, d);
    }
    step.is_productive().then_some(step)
}

fn type2(candidates: &Candidates, cells: &[Cell], all: u16, common: u128) -> Option<Step> {
    let d = DigitSet::from_bits(all).single()?;
    let mut step = step(Technique::Bug2, cells, all);
    for i in (0..81u8).filter(|&i| common >> i & 1 == 1) {
        if candidates.get(cell(i)).contains(d) {
            step = step.eliminate(cell(i), d);
        }
    }
    step.is_productive().then_some(step)
}

/// The houses (SE's order of kinds) holding every one of `cells`.
fn shared_houses(cells: &[Cell]) -> impl Iterator<Item = usize> + '_ {
    se_houses().filter(|&h| {
        cells
            .iter()
            .all(|c| HOUSE_CELLS[h].contains(&(c.index() as u8)))
    })
}

fn type3(candidates: &Candidates, cells: &[Cell], all: u16, out: &mut Vec<Step>) {
    for h in shared_houses(cells) {
        let pool: Vec<Cell> = HOUSE_CELLS[h]
            .iter()
            .map(|&c| cell(c))
            .filter(|c| !cells.contains(c))
            .collect();
        // SE wants at least `degree` cells besides the BUG cells.
        for degree in (2..=6usize).filter(|&d| pool.len() >= d) {
            for mask in 1u16..1 << pool.len() {
                if mask.count_ones() as usize != degree - 1 {
                    continue;
                }
                let members: Vec<Cell> = (0..pool.len())
                    .filter(|k| mask & 1 << k != 0)
                    .map(|k| pool[k])
                    .collect();
                if members.iter().any(|&c| candidates.get(c).len() < 2) {
                    continue;
                }
                let union = members.iter().fold(0, |m, &c| m | candidates.get(c).bits());
                if union.count_ones() as usize != degree || (union | all) != union {
                    continue;
                }
                let mut s = step(Technique::Bug3, cells, all).house(house(h));
                s.cells.extend(members.iter().copied());
                for &c in pool.iter().filter(|c| !members.contains(c)) {
                    for d in DigitSet::from_bits(candidates.get(c).bits() & union).iter() {
                        s = s.eliminate(c, d);
                    }
                }
                if s.is_productive() {
                    out.push(s);
                }
            }
        }
    }
}

fn type4(candidates: &Candidates, bugs: &[(Cell, u16)], all: u16, out: &mut Vec<Step>) {
    let [(c1, x1), (c2, x2)] = [bugs[0], bugs[1]];
    let shared = candidates.get(c1).bits() & candidates.get(c2).bits() & !all;
    let Some(d) = DigitSet::from_bits(shared).single() else {
        return;
    };
    for h in shared_houses(&[c1, c2]) {
        let mut s = step(Technique::Bug4, &[c1, c2], all).house(house(h));
        s.links.push(Link {
            from: (c1, d),
            to: (c2, d),
            strong: true,
        });
        for (c, own) in [(c1, x1), (c2, x2)] {
            let other = candidates.get(c).bits() & !own & !d.bit();
            for e in DigitSet::from_bits(other).iter() {
                s = s.eliminate(c, e);
            }
        }
        out.push(s);
    }
}

fn house(h: usize) -> House {
    House::from_index(h).expect("house indices are < 27")
}

/// SE's rating of a BUG step: 5.6 for type 1, 5.7 for types 2 and 4; 5.7
/// plus 0.1 per digit of the naked subset beyond the first for type 3.
pub(super) fn rating(step: &Step) -> Option<f64> {
    Some(match step.technique {
        Technique::Bug1 => 5.6,
        Technique::Bug2 | Technique::Bug4 => 5.7,
        Technique::Bug3 => {
            let tenths = 57 + step.cells.len().saturating_sub(step.fins.len());
            tenths as f64 / 10.0
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::super::tests::{cells, ds, elims, position, sorted};
    use super::*;
    use crate::logic::soundness::{check_technique, sample};
    use crate::logic::uniqueness::se_rating;
    use Technique as T;

    #[test]
    fn type2() {
        let (_, _, cands) = position(
            "395127486.8153.9722.7..9531..8.5..29..2..3.6....2.184..5.41829.1.4..2658829.65.14",
            "641 442 642 742 747 451 751 755 955 661 761 362 784",
        );
        // Without 7 in r5c2 (147), r5c4 (789) and r6c9 (357) every cell is
        // bivalue and every digit twice per house: one of them is 7, so r5c7
        // and r5c9, which see all three, lose it.
        let steps = find(T::Bug2, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            sorted(steps[0].eliminations.clone()),
            elims("r5c7<>7 r5c9<>7")
        );
        assert_eq!(
            (steps[0].fins.clone(), steps[0].digits),
            (cells("r5c2 r5c4 r6c9"), ds("7"))
        );
        assert_eq!(se_rating(&steps[0]), Some(5.7));
        assert!(find(T::Bug3, &cands).is_empty());
        assert!(find(T::Bug4, &cands).is_empty());
    }

    /// r6c5 (359, BUG digit 9) and r6c7 (237, BUG digit 7) in row 6.
    fn two_bug_cells() -> Candidates {
        position(
            ".8.372419412985673397146852.2.4.1.6515362.94..4......1.3......696.21.53..7.863.94",
            "861 863 766 571 573 873 776 277",
        )
        .2
    }

    #[test]
    fn type3() {
        let cands = two_bug_cells();
        // One of them holds 7 or 9: with r6c1 (67) and r6c3 (69) a naked
        // triple 6/7/9 in row 6.
        let steps = find(T::Bug3, &cands);
        assert_eq!(
            sorted(steps[0].eliminations.clone()),
            elims("r6c4<>7 r6c6<>9")
        );
        assert_eq!(steps[0].cells, cells("r6c5 r6c7 r6c1 r6c3"));
        assert_eq!(steps[0].houses, [House::row_at(5).unwrap()]);
        assert_eq!(se_rating(&steps[0]), Some(5.9));
        // Larger subsets as SE enumerates them (up to six digits): with
        // r6c4 (57) a quad 5/6/7/9, with r6c6 (89) a quad 6/7/8/9, ...
        let found: Vec<(Vec<(Cell, crate::grid::Digit)>, f64)> = steps
            .iter()
            .map(|s| (sorted(s.eliminations.clone()), se_rating(s).unwrap()))
            .collect();
        assert_eq!(
            found,
            [
                (elims("r6c4<>7 r6c6<>9"), 5.9),
                (elims("r6c6<>9"), 6.0),
                (elims("r6c4<>7 r6c8<>8"), 6.0),
                (elims("r6c8<>8"), 6.1),
                (elims("r6c4<>7"), 6.1),
            ]
        );
        assert!(find(T::Bug2, &cands).is_empty());
    }

    #[test]
    fn type4() {
        let cands = two_bug_cells();
        // Row 6 holds 3 only in the two: one is 3, the other its BUG digit.
        let steps = find(T::Bug4, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            sorted(steps[0].eliminations.clone()),
            elims("r6c5<>5 r6c7<>2")
        );
        assert_eq!(steps[0].links.len(), 1);
        assert_eq!(
            steps[0].links[0].from.1,
            crate::grid::Digit::new(3).unwrap()
        );
        assert_eq!(se_rating(&steps[0]), Some(5.7));
    }

    #[test]
    fn no_bug_with_cells_of_four() {
        // Many cells with three or four candidates: no BUG.
        let (_, _, cands) = position(
            "3.1..5.....271......936..1471853.9.26..291..8295.87..198..7.1..1...53.2....12...6",
            "",
        );
        assert!(bug_cells(&cands).is_none());
        for t in [T::Bug1, T::Bug2, T::Bug3, T::Bug4] {
            assert!(find(t, &cands).is_empty(), "{t}");
        }
    }

    /// The candidates of 81 cells, `0` for a solved one.
    fn pencil_marks(text: &str) -> Candidates {
        let mut cands = Candidates::from_grid(&crate::grid::Grid::empty());
        for (i, t) in text.split_whitespace().enumerate() {
            let digits = if t == "0" {
                DigitSet::from_bits(0)
            } else {
                ds(t)
            };
            cands.set(cell(i as u8), digits);
        }
        cands
    }

    /// top1465 line 226 after SE's 42nd step: r3c2 (4679) is the only cell
    /// of more than two candidates, and without 6 and 7 there the position
    /// would be a BUG: it keeps 6 or 7 (SE: BUG type 1, 5.6). HoDoKu's
    /// BUG+1 wants a cell of three candidates.
    #[test]
    fn type1_keeps_several_bug_digits() {
        let cands = pencil_marks(
            "38 68 0 0 36 0 0 0 0 0 47 39 0 0 39 0 0 47 27 4679 26 0 69 0 47 0 0 \
             0 0 0 0 39 39 0 0 0 79 0 69 57 0 48 0 56 48 23 67 23 57 48 0 48 56 0 \
             0 0 0 0 0 0 78 0 78 89 89 0 0 0 0 0 0 0 0 0 0 0 48 48 0 0 0",
        );
        let steps = find(T::Bug1, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(
            sorted(steps[0].eliminations.clone()),
            elims("r3c2<>4 r3c2<>9")
        );
        assert_eq!(
            (steps[0].fins.clone(), steps[0].digits),
            (cells("r3c2"), ds("67"))
        );
        assert_eq!(se_rating(&steps[0]), Some(5.6));
        use crate::classic::trace::Lang;
        use crate::logic::explain::step_text;
        assert_eq!(
            step_text(&steps[0], Lang::En),
            "BUG type 1: without 6/7 in r3c2 every cell would be bivalue and every digit twice in each house, a pattern with no unique solution: r3c2 must keep 6/7, so it loses the rest => r3c2<>4, r3c2<>9"
        );
        assert!(
            step_text(&steps[0], Lang::Es)
                .ends_with("r3c2 debe conservar 6/7, así que pierde el resto => r3c2<>4, r3c2<>9")
        );
        for t in [T::Bug2, T::Bug3, T::Bug4] {
            assert!(find(t, &cands).is_empty(), "{t}");
        }
    }

    #[test]
    fn bugs_are_sound_and_fire() {
        let random = sample("random_minimal_2000.txt");
        for t in [T::Bug1, T::Bug2, T::Bug3, T::Bug4] {
            assert!(check_technique(t, &random[..1000]) > 0, "{t}");
        }
    }
}
