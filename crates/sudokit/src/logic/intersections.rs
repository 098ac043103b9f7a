//! Intersections: locked candidates (pointing and claiming), locked pair and
//! triple.
//!
//! All four rest on the three cells where a box meets a row or a column.
//! Steps come in HoDoKu's search order, so that the first step is the one
//! HoDoKu would show: pointing and locked subsets by box (then digit, or
//! cells in box order), claiming by row then by column (then digit).
//!
//! The module also holds what the subset and fish families share: the
//! bit-set geometry (cells as bits of a `u128`, positions in a house and
//! digits as 9-bit masks), the choice of `n` items among nine, and the
//! naked subsets that locked pairs and triples are made of.

use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::barren_houses::{self as barren, Slot};
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::LockedPair,
    Technique::LockedTriple,
];

/// Every step of `technique` (a member of this family) on the position.
///
/// The grid is not consulted: a filled cell has no candidates.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    match technique {
        Technique::LockedCandidatesPointing => pointing(candidates),
        Technique::LockedCandidatesClaiming => claiming(candidates),
        Technique::LockedPair => locked_subsets(technique, 2, candidates),
        Technique::LockedTriple => locked_subsets(technique, 3, candidates),
        _ => Vec::new(),
    }
}

/// A set of cells: bit `i` stands for the cell with index `i`.
pub(crate) type CellBits = u128;

/// The cells of each house as a [`CellBits`], in the order of [`HOUSE_CELLS`].
pub(crate) const HOUSE_BITS: [CellBits; 27] = house_bits();

const fn house_bits() -> [CellBits; 27] {
    let mut out = [0; 27];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            out[h] |= 1 << HOUSE_CELLS[h][k];
            k += 1;
        }
        h += 1;
    }
    out
}

/// The cell with index `i` (< 81).
pub(crate) fn cell(i: usize) -> Cell {
    Cell::new(i).expect("cell index < 81")
}

/// The house with index `h` (< 27) in the order of [`House::all`].
pub(crate) fn house(h: usize) -> House {
    House::from_index(h).expect("house index < 27")
}

/// The cells of `bits` in row-major order.
pub(crate) fn cells_of(mut bits: CellBits) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            cell(i)
        })
    })
}

/// The cells of house `h` at the positions (0..9, bit per position) of `positions`.
pub(crate) fn house_cells(h: usize, positions: u16) -> CellBits {
    HOUSE_CELLS[h]
        .iter()
        .enumerate()
        .filter(|&(k, _)| positions & (1 << k) != 0)
        .fold(0, |bits, (_, &c)| bits | 1 << c)
}

/// For each digit (by index), its positions in house `h` (bit `k` for the
/// `k`-th cell of [`HOUSE_CELLS`]): one pass over the house's cells for all
/// nine digits.
pub(crate) fn house_places(candidates: &Candidates, h: usize) -> [u16; 9] {
    let mut out = [0u16; 9];
    for (k, &c) in HOUSE_CELLS[h].iter().enumerate() {
        let mut bits = candidates.get(cell(c as usize)).bits();
        while bits != 0 {
            out[bits.trailing_zeros() as usize] |= 1 << k;
            bits &= bits - 1;
        }
    }
    out
}

/// Every candidate among `digits` in `cells`, cell by cell in row-major
/// order: what a step eliminates when those digits cannot be there.
pub(crate) fn candidates_in(
    candidates: &Candidates,
    cells: CellBits,
    digits: DigitSet,
) -> Vec<(Cell, Digit)> {
    let mut out = Vec::new();
    for c in cells_of(cells) {
        let hit = DigitSet::from_bits(candidates.get(c).bits() & digits.bits());
        out.extend(hit.iter().map(|d| (c, d)));
    }
    out
}

/// Whether some cell of `cells` has a candidate among `digits`.
pub(crate) fn any_candidate(candidates: &Candidates, cells: CellBits, digits: DigitSet) -> bool {
    cells_of(cells).any(|c| candidates.get(c).bits() & digits.bits() != 0)
}

/// The line (row or column house index) holding all of `cells`, if any.
pub(crate) fn common_line(cells: CellBits) -> Option<usize> {
    (0..18).find(|&h| cells & !HOUSE_BITS[h] == 0)
}

/// The box (house index) holding all of `cells`, if any.
pub(crate) fn common_box(cells: CellBits) -> Option<usize> {
    (18..27).find(|&h| cells & !HOUSE_BITS[h] == 0)
}

/// Calls `found(chosen, union)` for every choice of `n` indices among the
/// bits of `eligible` (in lexicographic order) whose `masks` unite in at
/// most `limit` bits; `chosen` has a bit per index.
///
/// Subsets, fish bases and fish covers are all such choices; pruning on the
/// union as it grows keeps the search small without allocating.
pub(crate) fn choose<F: FnMut(u16, u16)>(
    masks: &[u16; 9],
    eligible: u16,
    n: u32,
    limit: u32,
    found: &mut F,
) {
    fn go<F: FnMut(u16, u16)>(
        masks: &[u16; 9],
        rest: u16,
        left: u32,
        limit: u32,
        (chosen, union): (u16, u16),
        found: &mut F,
    ) {
        if left == 0 {
            found(chosen, union);
            return;
        }
        let mut rest = rest;
        while rest.count_ones() >= left {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            let u = union | masks[i as usize];
            if u.count_ones() <= limit {
                go(masks, rest, left - 1, limit, (chosen | 1 << i, u), found);
            }
        }
    }
    go(masks, eligible, n, limit, (0, 0), found);
}

/// Calls `found(cells, digits)` for every naked subset of `n` cells in house
/// `h`: cells with one to `n` candidates whose union is exactly `n` digits
/// (HoDoKu counts a naked single among them).
pub(crate) fn for_each_naked(
    candidates: &Candidates,
    h: usize,
    n: u32,
    mut found: impl FnMut(CellBits, DigitSet),
) {
    let mut masks = [0u16; 9];
    let mut eligible = 0u16;
    for (k, &c) in HOUSE_CELLS[h].iter().enumerate() {
        masks[k] = candidates.get(cell(c as usize)).bits();
        if (1..=n).contains(&masks[k].count_ones()) {
            eligible |= 1 << k;
        }
    }
    choose(&masks, eligible, n, n, &mut |chosen, union| {
        if union.count_ones() == n {
            found(house_cells(h, chosen), DigitSet::from_bits(union));
        }
    });
}

/// A digit of a box whose candidates (two or three: one would be a hidden
/// single) lie in one line leaves the rest of that line.
fn pointing(candidates: &Candidates) -> Vec<Step> {
    locked_candidates(
        Technique::LockedCandidatesPointing,
        Slot::Pointing,
        18..27,
        candidates,
    )
}

/// A digit of a line whose candidates (two or three) lie in one box leaves
/// the rest of that box.
fn claiming(candidates: &Candidates) -> Vec<Step> {
    locked_candidates(
        Technique::LockedCandidatesClaiming,
        Slot::Claiming,
        0..18,
        candidates,
    )
}

/// The locked candidates confined in each of `houses` (in that order, then
/// by digit) to its intersection with a house of the other kind.
///
/// The pattern lies in the house; removals elsewhere can only take away
/// its eliminations, so a house that had none keeps none while its cells
/// keep their candidates.
fn locked_candidates(
    technique: Technique,
    slot: Slot,
    houses: std::ops::Range<usize>,
    candidates: &Candidates,
) -> Vec<Step> {
    // Only if some house has to be searched.
    let mut planes = None;
    barren::search(slot, candidates, houses, |h, steps| {
        let planes = planes.get_or_insert_with(|| crate::logic::memo::planes(candidates));
        for digit in Digit::all() {
            let plane = planes[digit.index()];
            steps.extend(locked(technique, plane, h, digit));
        }
    })
}

/// The locked-candidates step of `digit` (whose candidates are the cells
/// of `plane`) confined in house `h` to its intersection with another
/// house, eliminating in that other house.
fn locked(technique: Technique, plane: CellBits, h: usize, digit: Digit) -> Option<Step> {
    // Bitboards first: most houses and digits give nothing, and building
    // the step's lists only for those that do keeps the search cheap.
    let cells = plane & HOUSE_BITS[h];
    if !(2..=3).contains(&cells.count_ones()) {
        return None;
    }
    let other = if h >= 18 {
        common_line(cells)?
    } else {
        common_box(cells)?
    };
    let removed = plane & HOUSE_BITS[other] & !HOUSE_BITS[h];
    if removed == 0 {
        return None;
    }
    let mut step = Step::new(technique)
        .house(house(h))
        .house(house(other))
        .with_cells(cells_of(cells))
        .with_digits(DigitSet::from_bits(digit.bit()));
    step.eliminations = cells_of(removed).map(|c| (c, digit)).collect();
    Some(step)
}

/// Naked pairs (`n` = 2) or triples (3) inside a box-line intersection that
/// eliminate both in the box and in the line outside the box (HoDoKu's
/// definition); they then eliminate everywhere in both houses.
///
/// The subset lies in the box; removals elsewhere can only take away what
/// it eliminates along its line, so a box that had none keeps none while
/// its cells keep their candidates.
fn locked_subsets(technique: Technique, n: u32, candidates: &Candidates) -> Vec<Step> {
    let slot = if n == 2 {
        Slot::LockedPair
    } else {
        Slot::LockedTriple
    };
    barren::search(slot, candidates, 18..27, |b, steps| {
        locked_subsets_in(technique, n, candidates, b, steps);
    })
}

/// The locked pairs or triples of box `b`.
fn locked_subsets_in(
    technique: Technique,
    n: u32,
    candidates: &Candidates,
    b: usize,
    steps: &mut Vec<Step>,
) {
    let box_cells = HOUSE_BITS[b];
    for_each_naked(candidates, b, n, |cells, digits| {
        let Some(line) = common_line(cells) else {
            return;
        };
        let in_box = box_cells & !cells;
        let in_line = HOUSE_BITS[line] & !box_cells;
        if !any_candidate(candidates, in_box, digits) || !any_candidate(candidates, in_line, digits)
        {
            return;
        }
        let mut step = Step::new(technique)
            .house(house(b))
            .house(house(line))
            .with_cells(cells_of(cells))
            .with_digits(digits);
        // HoDoKu's order: the line's cells, then the box's (the queue of
        // singles sees the eliminations in this order).
        step.eliminations = candidates_in(candidates, HOUSE_BITS[line] & !cells, digits);
        step.eliminations.extend(candidates_in(
            candidates,
            in_box & !HOUSE_BITS[line],
            digits,
        ));
        steps.push(step);
    });
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::logic::soundness::{check_technique, sample};

    /// A cell written `r1c2`.
    pub(crate) fn at(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell::at((b[1] - b'1') as usize, (b[3] - b'1') as usize).unwrap()
    }

    /// Eliminations written `r1c2<>5 r3c4<>6`, in the order given.
    pub(crate) fn elims(list: &str) -> Vec<(Cell, Digit)> {
        list.split_whitespace()
            .map(|e| (at(&e[..4]), Digit::new(e.as_bytes()[6] - b'0').unwrap()))
            .collect()
    }

    /// A position in HoDoKu's example format `:tttt:d:grid:deleted:eliminations:`
    /// (`+` marks placed digits; candidates as `drc`), with its expected
    /// eliminations sorted by cell.
    pub(crate) fn hodoku(line: &str) -> (Grid, Candidates, Vec<(Cell, Digit)>) {
        let fields: Vec<&str> = line.split(':').collect();
        let grid: Grid = fields[3].replace('+', "").parse().unwrap();
        let mut candidates = Candidates::from_grid(&grid);
        let drc = |s: &str| {
            let b = s.as_bytes();
            let d = Digit::new(b[0] - b'0').unwrap();
            (
                Cell::at((b[1] - b'1') as usize, (b[2] - b'1') as usize).unwrap(),
                d,
            )
        };
        for (c, d) in fields[4].split_whitespace().map(drc) {
            candidates.remove(c, d);
        }
        let mut expected: Vec<(Cell, Digit)> = fields[5].split_whitespace().map(drc).collect();
        expected.sort();
        (grid, candidates, expected)
    }

    /// Runs `technique` on a HoDoKu example and returns the step whose
    /// eliminations are the example's (panics if there is none).
    pub(crate) fn hodoku_step(technique: Technique, line: &str) -> Step {
        let (grid, candidates, expected) = hodoku(line);
        let steps = crate::logic::find_steps(technique, &grid, &candidates);
        steps
            .iter()
            .find(|s| {
                let mut e = s.eliminations.clone();
                e.sort();
                e == expected
            })
            .cloned()
            .unwrap_or_else(|| panic!("{technique}: no step eliminates {expected:?}: {steps:#?}"))
    }

    fn empty() -> (Grid, Candidates) {
        let g = Grid::empty();
        (g, Candidates::from_grid(&g))
    }

    fn remove(c: &mut Candidates, cells: &[&str], digits: &[u8]) {
        for name in cells {
            for &d in digits {
                c.remove(at(name), Digit::new(d).unwrap());
            }
        }
    }

    fn digits(s: &str) -> DigitSet {
        s.bytes().map(|b| Digit::new(b - b'0').unwrap()).collect()
    }

    #[test]
    fn choose_prunes_on_the_union() {
        let masks = [0b011, 0b110, 0b101, 0b1000, 0, 0, 0, 0, 0];
        let mut seen = Vec::new();
        choose(&masks, 0b1111, 3, 3, &mut |chosen, union| {
            seen.push((chosen, union))
        });
        assert_eq!(seen, [(0b0111, 0b111)]);
    }

    #[test]
    fn pointing_in_a_row() {
        let (g, mut c) = empty();
        remove(
            &mut c,
            &["r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3"],
            &[5],
        );
        let steps = find(Technique::LockedCandidatesPointing, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.houses,
            [House::box_at(0).unwrap(), House::row_at(0).unwrap()]
        );
        assert_eq!(s.cells, [at("r1c1"), at("r1c2"), at("r1c3")]);
        assert_eq!(s.digits, digits("5"));
        assert_eq!(
            s.eliminations,
            elims("r1c4<>5 r1c5<>5 r1c6<>5 r1c7<>5 r1c8<>5 r1c9<>5")
        );
        assert!(find(Technique::LockedCandidatesClaiming, &g, &c).is_empty());
    }

    #[test]
    fn claiming_in_a_column() {
        let (g, mut c) = empty();
        // 7 in column 5 only in r4c5, r6c5 (box 5).
        remove(
            &mut c,
            &["r1c5", "r2c5", "r3c5", "r5c5", "r7c5", "r8c5", "r9c5"],
            &[7],
        );
        let steps = find(Technique::LockedCandidatesClaiming, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.houses,
            [House::column_at(4).unwrap(), House::box_at(4).unwrap()]
        );
        assert_eq!(s.cells, [at("r4c5"), at("r6c5")]);
        assert_eq!(
            s.eliminations,
            elims("r4c4<>7 r4c6<>7 r5c4<>7 r5c6<>7 r6c4<>7 r6c6<>7")
        );
    }

    #[test]
    fn a_single_place_is_not_locked_candidates() {
        let (g, mut c) = empty();
        remove(
            &mut c,
            &[
                "r1c2", "r1c3", "r2c1", "r2c2", "r2c3", "r3c1", "r3c2", "r3c3",
            ],
            &[4],
        );
        assert!(find(Technique::LockedCandidatesPointing, &g, &c).is_empty());
    }

    #[test]
    fn locked_pair_eliminates_in_box_and_line() {
        let (g, mut c) = empty();
        remove(&mut c, &["r2c1", "r2c2"], &[3, 4, 5, 6, 7, 8, 9]);
        let steps = find(Technique::LockedPair, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.houses,
            [House::box_at(0).unwrap(), House::row_at(1).unwrap()]
        );
        assert_eq!(s.cells, [at("r2c1"), at("r2c2")]);
        assert_eq!(s.digits, digits("12"));
        assert_eq!(s.eliminations.len(), 2 * (7 + 6));
        // HoDoKu's order, which the queue of singles follows: the line's
        // cells, then the box's.
        assert_eq!(
            (s.eliminations[0].0, s.eliminations[14].0),
            (at("r2c3"), at("r1c1"))
        );
        assert!(
            s.eliminations
                .contains(&(at("r1c1"), Digit::new(2).unwrap()))
        );
        assert!(
            s.eliminations
                .contains(&(at("r2c9"), Digit::new(1).unwrap()))
        );
        // Without candidates to remove in the line outside the box, it is a
        // mere naked pair.
        remove(
            &mut c,
            &["r2c4", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"],
            &[1, 2],
        );
        assert!(find(Technique::LockedPair, &g, &c).is_empty());
    }

    #[test]
    fn locked_triple_in_a_column() {
        let (g, mut c) = empty();
        remove(&mut c, &["r7c9", "r8c9"], &[1, 2, 3, 4, 5, 6]);
        remove(&mut c, &["r9c9"], &[1, 2, 3, 4, 5, 6, 7]);
        let steps = find(Technique::LockedTriple, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.houses,
            [House::box_at(8).unwrap(), House::column_at(8).unwrap()]
        );
        assert_eq!(s.cells, [at("r7c9"), at("r8c9"), at("r9c9")]);
        assert_eq!(s.digits, digits("789"));
        assert!(find(Technique::LockedPair, &g, &c).is_empty());
    }

    #[test]
    fn hodoku_examples() {
        // From HoDoKu's technique pages (show_example.php?file=lc101).
        let s = hodoku_step(
            Technique::LockedCandidatesPointing,
            ":0100:5:984........+25...4...+1+9.+4..2..6.972+3...3+6.2...+2.+9.+3+5+61.+1+95+76+8+4+234+27+35189+6+63+8..97+5+1::537:",
        );
        assert_eq!(
            s.houses,
            [House::box_at(0).unwrap(), House::row_at(2).unwrap()]
        );
        assert_eq!(s.cells, [at("r3c1"), at("r3c2")]);
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        let top = sample("top1465_200.txt");
        let random = sample("random_minimal_200.txt");
        for t in [
            Technique::LockedCandidatesPointing,
            Technique::LockedCandidatesClaiming,
        ] {
            assert!(check_technique(t, &random[..20]) > 0, "{t}");
        }
        assert!(check_technique(Technique::LockedPair, &top[..40]) > 0);
        assert!(check_technique(Technique::LockedTriple, &top[..80]) > 0);
    }
}
