//! Uniqueness: unique rectangles 1-6 and the hidden rectangle (in
//! `rectangles`), avoidable rectangles 1-2 (in `avoidable`) and BUG+1, as
//! HoDoKu defines them; Sudoku Explainer's unique loops ([`unique_loops`])
//! and BUG types 2 to 4 ([`bug`]).
//!
//! These techniques assume the puzzle has exactly one solution: a pattern
//! whose digits could be swapped without breaking any rule (a "deadly
//! pattern") cannot be in the solution, so whatever would complete one is
//! false.
//!
//! A rectangle is four cells in exactly two rows, two columns and two boxes.
//! As in HoDoKu (with its default "allow missing candidates"), a unique
//! rectangle on digits `a` and `b` needs four empty corners where no placed
//! peer rules out `a` or `b`, and at least one corner whose candidates are
//! exactly `{a, b}`; the other corners may have lost `a` or `b` to earlier
//! eliminations, which does not weaken the argument: it is about the
//! solution, and no corner is a given.
//!
//! Avoidable rectangles use cells that were solved, not given: a position
//! (grid and candidates) cannot tell them apart, so [`find`] never returns
//! them and [`find_with_givens`] takes the givens as well.

use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS, PEERS};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::{Step, Technique, memo};
use std::cell::RefCell;

mod avoidable;
pub mod bug;
mod rectangles;
pub mod unique_loops;
mod words;

use avoidable::avoidable_rectangles;
use rectangles::unique_rectangles;

thread_local! {
    /// The unique loops of the last position: the walks ask for each type
    /// in turn, and one search finds them all.
    static LOOPS_FOUND: memo::Slot<Vec<Step>> = const { RefCell::new(None) };
}

/// The techniques of this family that are implemented. The avoidable
/// rectangles need the givens: the human-style solver reaches them through
/// [`find_with_givens`]; [`crate::logic::find_steps`], which sees no givens,
/// finds none.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
    Technique::AvoidableRectangle1,
    Technique::AvoidableRectangle2,
    Technique::BugPlusOne,
    Technique::UniqueLoop1,
    Technique::UniqueLoop2,
    Technique::UniqueLoop3,
    Technique::UniqueLoop4,
    Technique::Bug1,
    Technique::Bug2,
    Technique::Bug3,
    Technique::Bug4,
];

/// Every step of `technique` (a member of this family) on the position, in
/// row-major order of the rectangles (top-left corner, then the others).
///
/// Avoidable rectangles give nothing here: they need to know which solved
/// cells were givens ([`find_with_givens`]).
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    use Technique as T;
    match technique {
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle => unique_rectangles(technique, grid, candidates),
        T::BugPlusOne => bug_plus_one(grid, candidates).into_iter().collect(),
        T::UniqueLoop1 | T::UniqueLoop2 | T::UniqueLoop3 | T::UniqueLoop4 => memo::recall(
            &LOOPS_FOUND,
            grid,
            candidates,
            || unique_loops::se_steps(candidates),
            |found| unique_loops::of_type(found, technique),
        ),
        T::Bug1 | T::Bug2 | T::Bug3 | T::Bug4 => bug::find(technique, candidates),
        _ => Vec::new(),
    }
}

/// As [`find`], knowing the givens: `givens` is the puzzle as it was set
/// (its filled cells are the givens; any other filled cell of `grid` was
/// solved later). Avoidable rectangles are found only here; other techniques
/// are passed on to [`find`].
///
/// A solver that starts from the puzzle passes that puzzle as `givens`.
pub fn find_with_givens(
    technique: Technique,
    grid: &Grid,
    givens: &Grid,
    candidates: &Candidates,
) -> Vec<Step> {
    match technique {
        Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
            avoidable_rectangles(technique, grid, givens, candidates)
        }
        _ => find(technique, grid, candidates),
    }
}

fn cell(i: u8) -> Cell {
    Cell::new(i as usize).expect("table cells are < 81")
}

fn digit_of(bits: u16) -> Digit {
    Digit::from_index(bits.trailing_zeros() as usize).expect("a digit bit")
}

fn digits(bits: u16) -> impl Iterator<Item = Digit> + Clone {
    DigitSet::from_bits(bits).iter()
}

/// Adds the elimination of `digit` from every cell that sees all of `cells`.
fn eliminate_seen_by(
    mut step: Step,
    candidates: &Candidates,
    cells: &[Cell],
    digit: Digit,
) -> Step {
    for &p in &PEERS[cells[0].index()] {
        let p = cell(p);
        if candidates.get(p).contains(digit) && cells[1..].iter().all(|&c| c.sees(p)) {
            step = step.eliminate(p, digit);
        }
    }
    step
}

/// The houses two cells share: row, column, then box.
fn shared_houses(a: Cell, b: Cell) -> impl Iterator<Item = House> {
    let (ha, hb) = (a.houses(), b.houses());
    (0..3).filter(move |&k| ha[k] == hb[k]).map(move |k| ha[k])
}

/// BUG+1: every empty cell has two candidates except one with three, and
/// every digit appears twice in each house where it appears, except one
/// digit of that cell, three times in each of its houses. Without that digit
/// the cell would leave a bivalue universal grave, which has no unique
/// solution: the cell takes it.
fn bug_plus_one(grid: &Grid, candidates: &Candidates) -> Option<Step> {
    let mut tri = None;
    for c in grid.empty_cells() {
        match candidates.get(c).len() {
            2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let tri = tri?;
    let houses = tri.houses().map(|h| h.index());
    let mut extra = candidates.get(tri).bits();
    for (h, cells) in HOUSE_CELLS.iter().enumerate() {
        let mut count = [0u8; 9];
        for &c in cells {
            for d in candidates.get(cell(c)).iter() {
                count[d.index()] += 1;
            }
        }
        let mut three = 0u16;
        for (k, &n) in count.iter().enumerate() {
            match n {
                0 | 2 => {}
                3 => three |= 1 << k,
                _ => return None,
            }
        }
        if houses.contains(&h) {
            if three.count_ones() != 1 {
                return None;
            }
            extra &= three;
        } else if three != 0 {
            return None;
        }
    }
    if extra.count_ones() != 1 {
        return None;
    }
    let d = digit_of(extra);
    let step = Step::new(Technique::BugPlusOne)
        .place(tri, d)
        .with_cells([tri])
        .with_digits(DigitSet::from_bits(extra));
    Some(tri.houses().into_iter().fold(step, Step::house))
}

/// Sudoku Explainer's rating of `step` (a step of this family) when it
/// depends on the step; `None` for the table's rating
/// ([`crate::logic::Facts::se`]).
///
/// SE finds unique rectangles as loops of four cells (see
/// [`unique_loops`]): 4.5 for every type, whose type 3 adds 0.1 per cell of
/// the naked subset beside the two corners with extras (HoDoKu's type 5 is
/// SE's type 2 on diagonal corners). Unique loops add to 4.5 by length and
/// type 3 subset; the BUG types have their own numbers ([`bug`]).
pub(crate) fn se_rating(step: &Step) -> Option<f64> {
    use Technique as T;
    match step.technique {
        T::UniqueRectangle1 | T::UniqueRectangle2 | T::UniqueRectangle4 | T::UniqueRectangle5 => {
            Some(unique_loops::base_rating(4))
        }
        T::UniqueRectangle3 => {
            let subset = step.cells.len().saturating_sub(4);
            Some((45 + subset) as f64 / 10.0)
        }
        T::UniqueLoop1 | T::UniqueLoop2 | T::UniqueLoop3 | T::UniqueLoop4 => {
            unique_loops::rating(step)
        }
        T::Bug1 | T::Bug2 | T::Bug3 | T::Bug4 => bug::rating(step),
        _ => None,
    }
}

/// The steps SE's `UniqueLoops` has for `technique` (a unique rectangle
/// type, 1 to 4) on the position, in place of the technique's own: SE finds
/// rectangles as loops of four cells, with its own rules for each type, so
/// the SE walk takes them from SE's search ([`unique_loops::se_steps`]) as
/// unique loop steps of four links. `None` for other techniques, whose own
/// steps are SE's.
///
/// The rectangles found here (as HoDoKu's) differ from SE's loops: they
/// need the pair only allowed by the grid in each corner (SE needs both
/// digits as candidates); SE's type 2 takes extra cells on a diagonal or
/// on three corners too (HoDoKu's type 5); and SE's type 3 looks for a
/// naked subset only in a house with at least twice as many empty cells as
/// the subset has cells, and for a hidden one only from the extras' count
/// up.
pub(crate) fn se_steps_of(
    technique: Technique,
    grid: &Grid,
    candidates: &Candidates,
) -> Option<Vec<Step>> {
    use Technique as T;
    let kind = match technique {
        T::UniqueRectangle1 => T::UniqueLoop1,
        T::UniqueRectangle2 => T::UniqueLoop2,
        T::UniqueRectangle3 => T::UniqueLoop3,
        T::UniqueRectangle4 => T::UniqueLoop4,
        _ => return None,
    };
    // The same search as the unique loops' (their memory: the SE walk asks
    // for those on the position too).
    let search = || unique_loops::se_steps(candidates);
    Some(memo::recall(
        &LOOPS_FOUND,
        grid,
        candidates,
        search,
        |found| {
            found
                .iter()
                .filter(|s| s.technique == kind && s.links.len() == 4)
                .cloned()
                .collect()
        },
    ))
}

/// Where SE's `UniqueLoops` puts `step` among its hints of one rating:
/// by type, then in the order its search finds the loops, which starts
/// from each cell holding only two candidates, row by row, and follows
/// loops of that pair; so a loop comes with its first such cell. `None`
/// for other techniques (the SE walk's rectangles are unique loop steps:
/// see [`se_steps_of`]).
pub(crate) fn se_tie(step: &Step, candidates: &Candidates) -> Option<(u32, u32)> {
    use Technique as T;
    let kind = match step.technique {
        T::UniqueLoop1 => 1,
        T::UniqueLoop2 => 2,
        T::UniqueLoop3 => 3,
        T::UniqueLoop4 => 4,
        _ => return None,
    };
    let corners = step.links.len();
    let pair = step.digits.bits();
    let start = step
        .cells
        .iter()
        .take(corners)
        .filter(|&&c| candidates.get(c).bits() == pair)
        .map(|c| c.index() as u32)
        .min()
        .unwrap_or(u32::MAX);
    Some((kind, start))
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here (SE's unique loops and
/// BUG types); `None` leaves the text to [`crate::logic::explain`].
pub(crate) fn reason(step: &Step, lang: crate::classic::trace::Lang) -> Option<String> {
    words::reason(step, lang)
}

#[cfg(test)]
mod tests {
    use super::rectangles::{RECTANGLES, allowed_digits, hodoku_rectangles};
    use super::*;
    use crate::logic::Link;
    use crate::logic::soundness::{assert_sound, check_technique, sample};
    use Technique as T;

    /// A position in HoDoKu's library notation: `+` marks a solved cell that
    /// was not given; `deleted` lists removed candidates as `digit row col`.
    pub(super) fn position(line: &str, deleted: &str) -> (Grid, Grid, Candidates) {
        let (mut grid, mut givens, mut solved) = (String::new(), String::new(), false);
        for ch in line.chars() {
            if ch == '+' {
                solved = true;
                continue;
            }
            grid.push(ch);
            givens.push(if solved { '.' } else { ch });
            solved = false;
        }
        let grid: Grid = grid.parse().expect("81 cells");
        let mut candidates = Candidates::from_grid(&grid);
        for t in deleted.split_whitespace() {
            let n: Vec<u8> = t.bytes().map(|b| b - b'0').collect();
            let cell = Cell::at(usize::from(n[1] - 1), usize::from(n[2] - 1)).unwrap();
            assert!(candidates.remove(cell, Digit::new(n[0]).unwrap()), "{t}");
        }
        (grid, givens.parse().expect("81 cells"), candidates)
    }

    pub(super) fn c(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell::at(usize::from(b[1] - b'1'), usize::from(b[3] - b'1')).unwrap()
    }

    pub(super) fn cells(names: &str) -> Vec<Cell> {
        names.split_whitespace().map(c).collect()
    }

    pub(super) fn ds(digits: &str) -> DigitSet {
        digits
            .bytes()
            .map(|b| Digit::new(b - b'0').unwrap())
            .collect()
    }

    /// Eliminations written `r2c5<>3 r2c6<>3`, sorted like the step's.
    pub(super) fn elims(text: &str) -> Vec<(Cell, Digit)> {
        text.split_whitespace()
            .map(|e| (c(&e[..4]), Digit::new(e.as_bytes()[6] - b'0').unwrap()))
            .collect()
    }

    pub(super) fn sorted(mut v: Vec<(Cell, Digit)>) -> Vec<(Cell, Digit)> {
        v.sort();
        v
    }

    /// An empty grid whose listed cells get the given candidates.
    pub(super) fn pencil(cells: &[(&str, &str)]) -> Candidates {
        let mut candidates = Candidates::from_grid(&Grid::empty());
        for &(cell, digits) in cells {
            candidates.set(c(cell), ds(digits));
        }
        candidates
    }

    /// Removes `digit` from every cell of `houses` but `keep`.
    fn confine(candidates: &mut Candidates, digit: u8, houses: &[House], keep: &[Cell]) {
        for h in houses {
            for cell in h.cells().into_iter().filter(|x| !keep.contains(x)) {
                candidates.remove(cell, Digit::new(digit).unwrap());
            }
        }
    }

    /// The one step of `technique` on the position whose eliminations are `expected`.
    fn the_step(t: Technique, pos: &(Grid, Grid, Candidates), expected: &str) -> Step {
        let steps = find_with_givens(t, &pos.0, &pos.1, &pos.2);
        let want = sorted(elims(expected));
        let mut hits = steps
            .into_iter()
            .filter(|s| sorted(s.eliminations.clone()) == want);
        let step = hits
            .next()
            .unwrap_or_else(|| panic!("no {t} step {expected}"));
        assert!(hits.next().is_none());
        step
    }

    // The positions below are the test cases in HoDoKu's UniquenessSolver
    // (its expected steps quoted), with HoDoKu's deleted candidates.

    #[test]
    fn type1_hodoku() {
        let pos = position(
            "+5+2+3+9+7+8+1466+1+832+4...+4+7+9+5+6+1+38+29+5+1+6+32.+7.+86+2+49+7+5..+7+34+18526+9+38+7+21....295+8+4....+14+67+5..+2.",
            "",
        );
        // Uniqueness Test 1: 1/3 in r5c89,r8c89 => r8c9<>1, r8c9<>3
        let steps = find(T::UniqueRectangle1, &pos.0, &pos.2);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, elims("r8c9<>1 r8c9<>3"));
        assert_eq!(steps[0].cells, cells("r5c8 r5c9 r8c8 r8c9"));
        assert_eq!(steps[0].fins, cells("r8c9"));
        assert_eq!(steps[0].digits, ds("13"));
    }

    #[test]
    fn type2_hodoku() {
        let pos = position(
            "....6..2.394...7..2.+6..41....2....4..6.8........6.9....4...739...1.8...2.+2....51.",
            "114 116 819 829 839 849 869 574 575 581 582 495",
        );
        // Uniqueness Test 2: 1/2 in r2c45,r7c45 => r1c46,r2c689,r3c45<>5
        let step = the_step(
            T::UniqueRectangle2,
            &pos,
            "r1c4<>5 r1c6<>5 r2c6<>5 r2c8<>5 r2c9<>5 r3c4<>5 r3c5<>5",
        );
        assert_eq!(step.cells, cells("r2c4 r2c5 r7c4 r7c5"));
        assert_eq!((step.fins, step.digits), (cells("r2c4 r2c5"), ds("12")));
        assert!(find(T::UniqueRectangle5, &pos.0, &pos.2).is_empty());
    }

    #[test]
    fn type3_hodoku() {
        let pos = position(
            "+7+1+3+4+5+862+9+4927+63..+8+8+6+51+9+2374+67158+9+4+3+2+9+5+42+3+7+8+612+386+4+1+7+9+5.8..+1.+24+71+47.+2.....+2..+74...",
            "",
        );
        // Uniqueness Test 3: 1/5 in r2c78,r9c78 => r9c1<>3
        let step = the_step(T::UniqueRectangle3, &pos, "r9c1<>3");
        assert_eq!(step.cells, cells("r2c7 r2c8 r9c7 r9c8 r9c3 r9c4 r9c9"));
        assert_eq!(
            (step.fins, step.houses),
            (cells("r9c7 r9c8"), vec![House::row_at(8).unwrap()])
        );

        let pos = position(
            "..3.+1+6.9...78....6.6......1....+8.......45....45..61..7..81.926.9....3........8.1.",
            "514 225 425 226 334 534 934 235 435 735 236 736 244 744 347 447 547 947 248 348 249 349 949 357 857 957 858 859 264 284 784 294 794",
        );
        // 1/6 in r4c37,r5c37 => r389c3,r4c12,r5c12<>2, r3c3,r45c2<>9: a locked pair.
        let step = the_step(
            T::UniqueRectangle3,
            &pos,
            "r3c3<>2 r8c3<>2 r9c3<>2 r4c1<>2 r4c2<>2 r5c1<>2 r5c2<>2 r3c3<>9 r4c2<>9 r5c2<>9",
        );
        assert_eq!(
            step.houses,
            [House::column_at(2).unwrap(), House::box_at(3).unwrap()]
        );
        assert_eq!(step.cells[4..], cells("r6c3"));

        let pos = position(
            "+54.........72+4.5..9.....+463...964.....5...+6........1.281...7........5+7867+5.3.....",
            "213 613 714 715 626 134 834 135 835 151 251 252 663 568 373 195 196",
        );
        // 5/7 in r3c45,r6c45 => r5c56,r6c1238<>3, r5c456,r6c23<>8
        let step = the_step(
            T::UniqueRectangle3,
            &pos,
            "r5c5<>3 r5c6<>3 r6c1<>3 r6c2<>3 r6c3<>3 r6c8<>3 r5c4<>8 r5c5<>8 r5c6<>8 r6c2<>8 r6c3<>8",
        );
        assert_eq!(
            step.houses,
            [House::row_at(5).unwrap(), House::box_at(4).unwrap()]
        );
    }

    #[test]
    fn type3_subsets_come_depth_first() {
        // HoDoKu 2.2 on .4.5.....8...9..3..76.2.....146..........9..7.....36....1..4.5..6......3..71..2..
        // after its Skyscraper: "Uniqueness Test 3: 1/4 in r5c58,r6c58 =>
        // r5c7<>3, r5c7,r6c9<>8, r6c9<>2, r6c9<>9". Its recursion adds the
        // box's cells r4c7, r4c8, r4c9 in turn and takes the quadruple
        // {2389} before the triple {289} of r4c8,r4c9, which would remove
        // more.
        let (grid, candidates) = crate::logic::soundness::table(
            "139 4 39 5 378 1678 1789 126789 12689
             8 25 25 47 9 167 147 3 146
             139 7 6 348 2 18 14589 1489 14589
             2379 1 4 6 578 2578 389 289 289
             6 2358 2358 28 14 9 13458 1248 7
             2579 2589 2589 278 14 3 6 12489 124589
             239 2389 1 23789 3678 4 789 5 689
             2459 6 2589 2789 578 2578 14789 14789 3
             3459 3589 7 1 3568 58 2 4689 4689",
        );
        let steps = find(T::UniqueRectangle3, &grid, &candidates);
        assert_eq!(
            sorted(steps[0].eliminations.clone()),
            sorted(elims("r5c7<>3 r5c7<>8 r6c9<>8 r6c9<>2 r6c9<>9"))
        );
        assert_eq!(steps[0].cells[4..], cells("r4c7 r4c8 r4c9"));
    }

    #[test]
    fn type4_hodoku() {
        let pos = position(
            "+3+9+6+17+52+8481+4+29+63..5+27.+8.+1+6+9..+5+9.2..1+2.38.19..9.+16.+7...+1.+2+7+6.5+98..8.2+9+7137.9.1+8...",
            "448 465 468 492 692 494",
        );
        // Uniqueness Test 4: 4/8 in r4c27,r6c27 => r4c27<>4
        let steps = find(T::UniqueRectangle4, &pos.0, &pos.2);
        assert_eq!(steps.len(), 1);
        let step = &steps[0];
        assert_eq!(step.eliminations, elims("r4c2<>4 r4c7<>4"));
        assert_eq!(
            (step.houses.clone(), step.digits),
            (vec![House::row_at(3).unwrap()], ds("48"))
        );
        let eight = Digit::new(8).unwrap();
        let link = Link {
            from: (c("r4c2"), eight),
            to: (c("r4c7"), eight),
            strong: true,
        };
        assert_eq!(step.links, [link]);
    }

    #[test]
    fn type5_two_cells_diagonal_or_three() {
        let cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "123"),
            ("r2c1", "123"),
            ("r2c4", "123"),
        ]);
        // One of the three corners with 3 holds it: r2c5 and r2c6 see all three.
        let steps = find(T::UniqueRectangle5, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, elims("r2c5<>3 r2c6<>3"));
        assert_eq!(steps[0].fins, cells("r1c4 r2c1 r2c4"));
        assert!(find(T::UniqueRectangle2, &Grid::empty(), &cands).is_empty());

        let cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "127"),
            ("r2c1", "127"),
            ("r2c4", "12"),
        ]);
        let steps = find(T::UniqueRectangle5, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        // r1c2, r1c3 see r1c4 (row) and r2c1 (box); r2c5, r2c6 likewise.
        assert_eq!(
            steps[0].eliminations,
            elims("r1c2<>7 r1c3<>7 r2c5<>7 r2c6<>7")
        );
    }

    #[test]
    fn type6_x_wing_on_the_rectangle() {
        let mut cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "123"),
            ("r2c1", "124"),
            ("r2c4", "12"),
        ]);
        let corners = cells("r1c1 r1c4 r2c1 r2c4");
        let lines = [
            House::row_at(0).unwrap(),
            House::row_at(1).unwrap(),
            House::column_at(0).unwrap(),
            House::column_at(3).unwrap(),
        ];
        confine(&mut cands, 1, &lines, &corners);
        let steps = find(T::UniqueRectangle6, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, elims("r1c4<>1 r2c1<>1"));
        assert_eq!(
            (steps[0].houses.clone(), steps[0].fins.clone()),
            (lines.to_vec(), cells("r1c4 r2c1"))
        );
        // Without the X-Wing (a 1 left in column 1) nothing.
        cands.set(c("r7c1"), ds("19"));
        assert!(find(T::UniqueRectangle6, &Grid::empty(), &cands).is_empty());
    }

    #[test]
    fn hidden_rectangle() {
        let mut cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "125"),
            ("r2c1", "126"),
            ("r2c4", "127"),
        ]);
        let corners = cells("r1c1 r1c4 r2c1 r2c4");
        confine(
            &mut cands,
            1,
            &[House::row_at(1).unwrap(), House::column_at(3).unwrap()],
            &corners,
        );
        let steps = find(T::HiddenRectangle, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        let step = &steps[0];
        assert_eq!(step.eliminations, elims("r2c4<>2"));
        assert_eq!(
            step.houses,
            [House::row_at(1).unwrap(), House::column_at(3).unwrap()]
        );
        let one = Digit::new(1).unwrap();
        let link = |to| Link {
            from: (c("r2c4"), one),
            to: (c(to), one),
            strong: true,
        };
        assert_eq!(step.links, [link("r2c1"), link("r1c4")]);
        // Two plain corners in one row: no hidden rectangle.
        cands.set(c("r1c4"), ds("12"));
        assert!(find(T::HiddenRectangle, &Grid::empty(), &cands).is_empty());
    }

    #[test]
    fn hidden_rectangle_avoids_hodokus_false_elimination() {
        let pos = position(
            ".51.+8..4+2....2.3...........3..8.+29.....5.4......1.+9+4.....7+5+6+214.6.+29....2........",
            "432 732 832 932 433 633 733 833 933 334 335 635 735 336 881 383 883 392 492 892 992 393 493 893 993 395",
        );
        // HoDoKu's case "BUG: INVALID ELIMINATION: Hidden Rectangle: 3/4 in r3c45,r9c45 => r3c5<>4".
        assert!(find(T::HiddenRectangle, &pos.0, &pos.2).is_empty());
    }

    #[test]
    fn rectangles_span_exactly_two_boxes() {
        // Four boxes: r1c1, r1c4, r4c1, r4c4 make no unique rectangle.
        let cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "12"),
            ("r4c1", "12"),
            ("r4c4", "123"),
        ]);
        assert!(find(T::UniqueRectangle1, &Grid::empty(), &cands).is_empty());
        let cands = pencil(&[
            ("r1c1", "12"),
            ("r1c4", "12"),
            ("r2c1", "12"),
            ("r2c4", "123"),
        ]);
        assert_eq!(find(T::UniqueRectangle1, &Grid::empty(), &cands).len(), 1);
        assert!(RECTANGLES.iter().all(|r| {
            let boxes = r.map(|i| cell(i).box_index());
            boxes[0] != boxes[3] && (boxes[0] == boxes[1] || boxes[0] == boxes[2])
        }));
    }

    #[test]
    fn rectangles_come_in_hodoku_s_order() {
        // HoDoKu meets rectangles from their bivalue cells, row-major: the
        // ones through r5c7 come before those through r7c4, though a
        // rectangle on rows 2 and 7 has the earlier top-left corner.
        let grid = Grid::empty();
        let mut cands = Candidates::from_grid(&grid);
        cands.set(c("r5c7"), ds("45"));
        cands.set(c("r7c4"), ds("19"));
        let rects = hodoku_rectangles(&cands, &allowed_digits(&grid));
        assert!(rects.len() > 2);
        let first = rects[0];
        assert!(first.0.contains(&(4 * 9 + 6)) && first.1 == ds("45").bits());
        let last = rects[rects.len() - 1];
        assert!(last.0.contains(&(6 * 9 + 3)) && last.1 == ds("19").bits());
        // Each rectangle once, its corners row-major.
        let mut keys: Vec<[u8; 4]> = rects.iter().map(|r| r.0).collect();
        assert!(keys.iter().all(|k| k.windows(2).all(|w| w[0] < w[1])));
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), rects.len());
    }

    #[test]
    fn avoidable_rectangle_1() {
        let mut grid = Grid::empty();
        for (cell, d) in [("r1c1", 1), ("r1c4", 2), ("r2c1", 2)] {
            grid.set(c(cell), Digit::new(d));
        }
        let mut cands = Candidates::from_grid(&grid);
        // HoDoKu takes the empty corner only with two candidates.
        assert!(find_with_givens(T::AvoidableRectangle1, &grid, &Grid::empty(), &cands).is_empty());
        cands.set(c("r2c4"), ds("13"));
        let steps = find_with_givens(T::AvoidableRectangle1, &grid, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].eliminations, elims("r2c4<>1"));
        assert_eq!(
            (steps[0].cells.clone(), steps[0].digits),
            (cells("r1c1 r1c4 r2c1 r2c4"), ds("12"))
        );
        // Not through `find`, and not when a corner is a given.
        assert!(find(T::AvoidableRectangle1, &grid, &cands).is_empty());
        let mut givens = Grid::empty();
        givens.set(c("r1c4"), Digit::new(2));
        assert!(find_with_givens(T::AvoidableRectangle1, &grid, &givens, &cands).is_empty());
    }

    #[test]
    fn avoidable_rectangle_2_hodoku() {
        let pos = position(
            "......+531.96...7+425.....+6+9+8......8..7.94..+1.+3....329..+9..+1+28+3+65+832.5.+41+9+6+51+3+49+287",
            "814 815 141 142",
        );
        // Avoidable Rectangle Type 2: 1/2 in r3c45,r7c45 => r1c456,r3c236<>7
        let step = the_step(
            T::AvoidableRectangle2,
            &pos,
            "r1c4<>7 r1c5<>7 r1c6<>7 r3c2<>7 r3c3<>7 r3c6<>7",
        );
        assert_eq!((step.fins, step.digits), (cells("r3c4 r3c5"), ds("12")));
        assert!(find(T::AvoidableRectangle2, &pos.0, &pos.2).is_empty());
        // With every filled cell a given there is nothing to avoid.
        let all_given = find_with_givens(T::AvoidableRectangle2, &pos.0, &pos.0, &pos.2);
        assert!(all_given.is_empty());
    }

    /// HoDoKu looks for avoidable rectangles from two solved cells of one
    /// box: with the solved side r3c8=8, r4c8=4 across boxes 3 and 6 it
    /// finds nothing (top1465 #502 takes a sashimi swordfish there), with
    /// the solved side r3c8=8, r3c9=4 in box 3 it removes the common extra.
    #[test]
    fn avoidable_rectangle_2_needs_its_solved_side_in_one_box() {
        let mut grid = Grid::empty();
        grid.set(c("r3c8"), Digit::new(8));
        grid.set(c("r4c8"), Digit::new(4));
        let mut cands = Candidates::from_grid(&grid);
        cands.set(c("r3c9"), ds("46"));
        cands.set(c("r4c9"), ds("68"));
        let across = find_with_givens(T::AvoidableRectangle2, &grid, &Grid::empty(), &cands);
        assert!(across.is_empty(), "{across:?}");

        let mut grid = Grid::empty();
        grid.set(c("r3c8"), Digit::new(8));
        grid.set(c("r3c9"), Digit::new(4));
        let mut cands = Candidates::from_grid(&grid);
        cands.set(c("r4c8"), ds("46"));
        cands.set(c("r4c9"), ds("68"));
        let steps = find_with_givens(T::AvoidableRectangle2, &grid, &Grid::empty(), &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].fins, cells("r4c8 r4c9"));
        assert!(
            steps[0]
                .eliminations
                .contains(&(c("r4c1"), Digit::new(6).unwrap()))
        );
        assert!(
            steps[0]
                .eliminations
                .contains(&(c("r5c7"), Digit::new(6).unwrap()))
        );
    }

    #[test]
    fn bug_plus_one_hodoku() {
        // Bivalue Universal Grave + 1 => r6c5<>5, r6c5<>9
        let pos = position(
            "8+4+9325+6+1+77+3+2+8..9+4+5+5+6+1+7..+32+8+49327+85+61+1+5+7.3.8+9+2+2+86...+4+7+3+9+7+8..+213+4+3+149+87+2566+2+5..+3+7+8+9",
            "",
        );
        let steps = find(T::BugPlusOne, &pos.0, &pos.2);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].placements, [(c("r6c5"), Digit::new(1).unwrap())]);
        assert_eq!(
            (steps[0].cells.clone(), steps[0].digits),
            (cells("r6c5"), ds("1"))
        );
        assert_eq!(steps[0].houses, c("r6c5").houses());
        // Bivalue Universal Grave + 1 => r1c8<>3, r1c8<>5
        let mut pos = position(
            "+1+4.+7+8...+9+2+8.+4+5.1.73+7.6+1...+89+5+38+7+1..+2+72+4+9+6+581+3+86+1+324+9+7+5+6+18+2+3759+4+5+971+4+832+64+3+2596+7+8+1",
            "",
        );
        let steps = find(T::BugPlusOne, &pos.0, &pos.2);
        assert_eq!(steps[0].placements, [(c("r1c8"), Digit::new(6).unwrap())]);
        // A third digit left twice in a house is no BUG+1.
        pos.2.remove(c("r1c8"), Digit::new(5).unwrap());
        assert!(find(T::BugPlusOne, &pos.0, &pos.2).is_empty());
    }

    /// Puzzles from `random_minimal_100k` (and `17_clue`) on whose walk the
    /// rarer techniques show up; the samples in tests/data have none.
    const RARE: &[&str] = &[
        "........37.3..26.5125....8.2........5..29....4....5.96...9.78......1.46..148....7",
        "9761........75.3..5.............5.9...4.8.1.....6..7.2.4......9..15.6.87....12...",
        "..8.2.....7......62.916..873...924..7..63..12.6.............2....6...9.....98....",
        ".91..5..7...9...5..6...8..3....516.8..2.........8...4...3..4...2.....47....1.6..5",
        "7..........37.2.8....485.7...93.....1.6.4....4.8...92..........2....8.4....51.7..",
        "9...5.1.4....9..7...5.76.2...2.........93.2...1......7.....7.6..36.2.71....1....5",
        "4......3.1.5.4.6..........8.8..1...5....3521.....6.7...5.3...49..46.9...7........",
        ".................1..2..3..4.......5......4.....3..678.....9.2...1.5.....64.1.....",
    ];

    fn rare() -> Vec<Grid> {
        RARE.iter().map(|p| p.parse().unwrap()).collect()
    }

    #[test]
    fn unique_rectangles_are_sound_and_fire() {
        let random = sample("random_minimal_200.txt");
        let clue17 = sample("17_clue_200.txt");
        for t in [
            T::UniqueRectangle1,
            T::UniqueRectangle2,
            T::UniqueRectangle4,
        ] {
            assert!(check_technique(t, &random[..60]) > 0, "{t}");
        }
        assert!(check_technique(T::UniqueRectangle3, &clue17[..60]) > 0);
        assert!(check_technique(T::UniqueRectangle6, &random[100..]) > 0);
        assert!(check_technique(T::UniqueRectangle5, &rare()) > 0);
    }

    #[test]
    fn hidden_rectangle_and_bug_are_sound_and_fire() {
        let hard = sample("top1465_200.txt");
        assert!(check_technique(T::HiddenRectangle, &hard[..100]) > 0);
        assert!(check_technique(T::BugPlusOne, &sample("17_clue_200.txt")) > 0);
        assert_eq!(
            check_technique(T::BugPlusOne, &sample("forum_hardest_1905_100.txt")[..20]),
            0
        );
    }

    /// Walks each puzzle as `check_technique` does and checks every
    /// avoidable-rectangle step, found with the givens; counts them by type.
    fn walk_avoidable(puzzles: &[Grid]) -> [usize; 2] {
        let mut seen = [0, 0];
        for puzzle in puzzles {
            let solution = crate::engine::solve_one(puzzle).expect("solvable");
            let (mut grid, mut candidates) = (*puzzle, Candidates::from_grid(puzzle));
            for _ in 0..400 {
                for (k, t) in [T::AvoidableRectangle1, T::AvoidableRectangle2]
                    .into_iter()
                    .enumerate()
                {
                    for step in find_with_givens(t, &grid, puzzle, &candidates) {
                        assert_sound(&step, &grid, &candidates, &solution);
                        seen[k] += 1;
                    }
                }
                let next = Technique::available().find_map(|t| {
                    let steps = crate::logic::find_steps(t, &grid, &candidates);
                    steps.into_iter().find(Step::is_productive)
                });
                let Some(step) = next else { break };
                step.apply(&mut grid, &mut candidates);
            }
        }
        seen
    }

    #[test]
    fn avoidable_rectangles_are_sound_and_fire() {
        let [one, _] = walk_avoidable(&sample("random_minimal_200.txt"));
        assert!(one > 0);
        let [_, two] = walk_avoidable(&rare());
        assert!(two > 0);
    }
}
