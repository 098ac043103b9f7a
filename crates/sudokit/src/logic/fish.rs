//! Fish: X-Wing, Swordfish, Jellyfish, and finned and sashimi X-Wings.
//!
//! A basic fish of size `n` on a digit: `n` base lines (rows, or columns)
//! whose candidates for the digit all lie in `n` cover lines (columns, or
//! rows). Each base line takes the digit in a different cover line, so the
//! cover lines lose it outside the base lines.
//!
//! A finned fish (HoDoKu's definition) has base candidates outside the
//! cover lines, the fins: either a fin is true or the fish is, so only cells
//! of the cover lines that see every fin lose the digit. Such cells lie in
//! the fins' box, so all fins must share a box. It is sashimi when some base
//! line keeps at most one candidate in the cover lines: without the fins it
//! would not even be a fish.
//!
//! Every technique is a row of `SHAPES` (size and kind of fins); finned
//! and sashimi Swordfish and Jellyfish need only a row there and a
//! [`Technique`] variant. Steps come in HoDoKu's order: by digit, row-based
//! fish before column-based ones, base lines and then cover lines in
//! lexicographic order.

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::intersections::{choose, places};
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::XWing,
    Technique::Swordfish,
    Technique::Jellyfish,
    Technique::FinnedXWing,
    Technique::SashimiXWing,
];

/// Whether a fish has fins, and which kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fins {
    /// A basic fish: every base candidate lies in a cover line.
    None,
    /// Fins, and every base line keeps two or more candidates in the covers.
    Finned,
    /// Fins, and some base line keeps at most one candidate in the covers.
    Sashimi,
}

/// Each fish technique: its size (number of base lines) and its fins.
const SHAPES: &[(Technique, u32, Fins)] = &[
    (Technique::XWing, 2, Fins::None),
    (Technique::Swordfish, 3, Fins::None),
    (Technique::Jellyfish, 4, Fins::None),
    (Technique::FinnedXWing, 2, Fins::Finned),
    (Technique::SashimiXWing, 2, Fins::Sashimi),
];

/// HoDoKu's default limit on the number of fins (`Options.MAX_FINS`).
const MAX_FINS: u32 = 5;

/// Every step of `technique` (a member of this family) on the position.
///
/// The grid is not consulted: a filled cell has no candidates.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    let Some(&(_, size, fins)) = SHAPES.iter().find(|s| s.0 == technique) else {
        return Vec::new();
    };
    let mut steps = Vec::new();
    for digit in Digit::all() {
        for rows in [true, false] {
            let sight = Sight::new(candidates, digit, rows);
            match fins {
                Fins::None => sight.basic(technique, size, &mut steps),
                _ => sight.finned(technique, size, fins, &mut steps),
            }
        }
    }
    steps
}

/// One digit's candidates seen along rows (`rows`: base lines are rows,
/// cover lines columns) or along columns: `masks[l]` has a bit for each
/// position (cover line) of base line `l` holding the digit.
struct Sight {
    digit: Digit,
    rows: bool,
    masks: [u16; 9],
}

/// The positions of a band or stack of boxes: three lines.
const THIRDS: [u16; 3] = [0o7, 0o70, 0o700];

/// The band or stack (0..3) holding all of `lines`, if any.
fn third(lines: u16) -> Option<usize> {
    (0..3).find(|&t| lines & !THIRDS[t] == 0)
}

/// The indices of the bits of `mask`, lowest first.
fn bits(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |i| mask & (1 << i) != 0)
}

impl Sight {
    /// The digit's candidates along rows (`rows`) or along columns.
    fn new(candidates: &Candidates, digit: Digit, rows: bool) -> Sight {
        let first = if rows { 0 } else { 9 };
        let masks = std::array::from_fn(|l| places(candidates, first + l, digit));
        Sight { digit, rows, masks }
    }

    /// The cell at `position` of base line `line`.
    fn cell(&self, line: usize, position: usize) -> Cell {
        let (r, c) = if self.rows {
            (line, position)
        } else {
            (position, line)
        };
        Cell::at(r, c).expect("line and position < 9")
    }

    /// The candidate cells of the digit in `lines` at `positions`, in
    /// row-major order.
    fn cells(&self, lines: u16, positions: u16) -> Vec<Cell> {
        let mut out: Vec<Cell> = bits(lines)
            .flat_map(|l| bits(self.masks[l] & positions).map(move |p| self.cell(l, p)))
            .collect();
        out.sort_unstable();
        out
    }

    /// A base line (`cover` false) or cover line as a house.
    fn house(&self, index: usize, cover: bool) -> House {
        if self.rows != cover {
            House::row_at(index).expect("line index < 9")
        } else {
            House::column_at(index).expect("line index < 9")
        }
    }

    /// The step of a fish with `base` lines, `cover` lines, `fins` (cells)
    /// eliminating the digit from `eliminations`.
    fn step(
        &self,
        technique: Technique,
        (base, cover): (u16, u16),
        fins: Vec<Cell>,
        eliminations: Vec<Cell>,
    ) -> Step {
        let mut step = Step::new(technique)
            .with_cells(self.cells(base, cover))
            .with_digits(DigitSet::from_bits(self.digit.bit()));
        step.houses = bits(base)
            .map(|l| self.house(l, false))
            .chain(bits(cover).map(|p| self.house(p, true)))
            .collect();
        step.fins = fins;
        step.eliminations = eliminations.into_iter().map(|c| (c, self.digit)).collect();
        step
    }

    /// Basic fish of `size`: base lines with one to `size` candidates whose
    /// positions unite in exactly `size` cover lines.
    fn basic(&self, technique: Technique, size: u32, steps: &mut Vec<Step>) {
        let eligible = bits(0x1ff)
            .filter(|&l| (1..=size).contains(&self.masks[l].count_ones()))
            .fold(0, |m, l| m | 1 << l);
        choose(&self.masks, eligible, size, size, &mut |base, cover| {
            if cover.count_ones() != size {
                return;
            }
            let eliminations = self.cells(0x1ff & !base, cover);
            if !eliminations.is_empty() {
                steps.push(self.step(technique, (base, cover), Vec::new(), eliminations));
            }
        });
    }

    /// Finned or sashimi fish of `size`: any `size` base lines, any `size`
    /// of their positions as cover lines, the rest of the base as fins.
    fn finned(&self, technique: Technique, size: u32, kind: Fins, steps: &mut Vec<Step>) {
        let eligible = bits(0x1ff)
            .filter(|&l| self.masks[l] != 0)
            .fold(0, |m, l| m | 1 << l);
        choose(&self.masks, eligible, size, 9, &mut |base, union| {
            // The fins lie in one stack of positions; the covers hold the
            // rest of the base and at least one position of that stack
            // (where the eliminations are).
            let fits = |t: &u16| (union & !t).count_ones() < size;
            if union.count_ones() <= size || !THIRDS.iter().any(fits) {
                return;
            }
            // Covers are any `size` of the base's positions: a choice among
            // masks that are all empty, so the union never prunes.
            choose(&[0; 9], union, size, 0, &mut |cover, _| {
                if let Some(step) = self.finned_step(technique, kind, base, cover) {
                    steps.push(step);
                }
            });
        });
    }

    /// The finned fish with `base` and `cover` lines, if its fins share a
    /// box, are not too many, have the kind wanted, and eliminate something.
    fn finned_step(&self, technique: Technique, kind: Fins, base: u16, cover: u16) -> Option<Step> {
        let mut fin_lines = 0u16;
        let mut fin_positions = 0u16;
        let mut fins = 0;
        let mut sashimi = false;
        for l in bits(base) {
            let outside = self.masks[l] & !cover;
            if outside != 0 {
                fin_lines |= 1 << l;
                fin_positions |= outside;
                fins += outside.count_ones();
            }
            sashimi |= (self.masks[l] & cover).count_ones() <= 1;
        }
        if fins == 0 || fins > MAX_FINS || (kind == Fins::Sashimi) != sashimi {
            return None;
        }
        let band = third(fin_lines)?;
        let stack = third(fin_positions)?;
        // Cover cells that see every fin: those of the fins' box.
        let targets = self.cells(THIRDS[band] & !base, cover & THIRDS[stack]);
        if targets.is_empty() {
            return None;
        }
        let fin_cells = self.cells(base, !cover & 0x1ff);
        Some(self.step(technique, (base, cover), fin_cells, targets))
    }
}

/// Sudoku Explainer's rating of `step` (a step of this family) when it
/// depends on the step (length bonus, type, size); `None` for the table's
/// rating ([`crate::logic::Facts::se`]).
pub(crate) fn se_rating(step: &crate::logic::Step) -> Option<f64> {
    let _ = step;
    None
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here; `None` leaves the text
/// to [`crate::logic::explain`].
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    let _ = (step, lang);
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::intersections::tests::{at, hodoku_step};
    use crate::logic::soundness::{check_technique, sample};

    fn empty() -> (Grid, Candidates) {
        let g = Grid::empty();
        (g, Candidates::from_grid(&g))
    }

    /// Leaves `digit` in `row` (1-based) only in `cols` (1-based digits).
    fn row_only(c: &mut Candidates, digit: u8, row: usize, cols: &str) {
        let d = Digit::new(digit).unwrap();
        for col in 0..9 {
            if !cols.as_bytes().contains(&(b'1' + col as u8)) {
                c.remove(Cell::at(row - 1, col).unwrap(), d);
            }
        }
    }

    fn cells(names: &str) -> Vec<Cell> {
        names.split_whitespace().map(at).collect()
    }

    fn elims(names: &str, digit: u8) -> Vec<(Cell, Digit)> {
        let d = Digit::new(digit).unwrap();
        cells(names).into_iter().map(|c| (c, d)).collect()
    }

    #[test]
    fn x_wing_in_rows() {
        let (g, mut c) = empty();
        row_only(&mut c, 4, 2, "37");
        row_only(&mut c, 4, 8, "37");
        let steps = find(Technique::XWing, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        let houses = [
            House::row_at(1).unwrap(),
            House::row_at(7).unwrap(),
            House::column_at(2).unwrap(),
            House::column_at(6).unwrap(),
        ];
        assert_eq!(s.houses, houses);
        assert_eq!(s.cells, cells("r2c3 r2c7 r8c3 r8c7"));
        assert_eq!(s.digits.to_string(), "4");
        assert!(s.fins.is_empty());
        let expected = "r1c3 r1c7 r3c3 r3c7 r4c3 r4c7 r5c3 r5c7 r6c3 r6c7 r7c3 r7c7 r9c3 r9c7";
        assert_eq!(s.eliminations, elims(expected, 4));
        assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
        assert!(find(Technique::Swordfish, &g, &c).is_empty());
    }

    #[test]
    fn swordfish_and_jellyfish() {
        let (g, mut c) = empty();
        row_only(&mut c, 9, 1, "15");
        row_only(&mut c, 9, 4, "58");
        row_only(&mut c, 9, 7, "18");
        let steps = find(Technique::Swordfish, &g, &c);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].cells, cells("r1c1 r1c5 r4c5 r4c8 r7c1 r7c8"));
        assert_eq!(steps[0].eliminations.len(), 3 * 6);
        assert!(find(Technique::Jellyfish, &g, &c).is_empty());
        row_only(&mut c, 9, 9, "29");
        row_only(&mut c, 9, 6, "2");
        // Rows 1, 4, 7 and 6 on columns 1, 2, 5, 8.
        let steps = find(Technique::Jellyfish, &g, &c);
        assert!(!steps.is_empty());
        assert_eq!(
            steps[0].houses[..4],
            [
                House::row_at(0).unwrap(),
                House::row_at(3).unwrap(),
                House::row_at(5).unwrap(),
                House::row_at(6).unwrap()
            ]
        );
    }

    #[test]
    fn finned_x_wing_in_columns() {
        let (g, mut c) = empty();
        let d = Digit::new(6).unwrap();
        // Column 2: r3, r7; column 8: r3, r7 and the fin r9c8 (box 9).
        for r in 0..9 {
            if ![2, 6].contains(&r) {
                c.remove(Cell::at(r, 1).unwrap(), d);
            }
            if ![2, 6, 8].contains(&r) {
                c.remove(Cell::at(r, 7).unwrap(), d);
            }
        }
        assert!(find(Technique::XWing, &g, &c).is_empty());
        assert!(find(Technique::SashimiXWing, &g, &c).is_empty());
        let steps = find(Technique::FinnedXWing, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        let houses = [
            House::column_at(1).unwrap(),
            House::column_at(7).unwrap(),
            House::row_at(2).unwrap(),
            House::row_at(6).unwrap(),
        ];
        assert_eq!(s.houses, houses);
        assert_eq!(s.cells, cells("r3c2 r3c8 r7c2 r7c8"));
        assert_eq!(s.fins, cells("r9c8"));
        assert_eq!(s.eliminations, elims("r7c7 r7c9", 6));
    }

    #[test]
    fn sashimi_x_wing_in_rows() {
        let (g, mut c) = empty();
        // Row 1: c2, c7; row 5: c2 and fins r5c8, r5c9 (box 6), no c7.
        row_only(&mut c, 1, 1, "27");
        row_only(&mut c, 1, 5, "289");
        let steps = find(Technique::SashimiXWing, &g, &c);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, cells("r1c2 r1c7 r5c2"));
        assert_eq!(s.fins, cells("r5c8 r5c9"));
        assert_eq!(s.eliminations, elims("r4c7 r6c7", 1));
        assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
        // Fins in two boxes eliminate nothing.
        let (g, mut c) = empty();
        row_only(&mut c, 1, 1, "27");
        row_only(&mut c, 1, 5, "2389");
        assert!(find(Technique::SashimiXWing, &g, &c).is_empty());
        assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
    }

    #[test]
    fn hodoku_examples() {
        // HoDoKu's technique pages (show_example.php?file=bf202) and the
        // examples in the source of its FishSolver.
        let s = hodoku_step(
            Technique::XWing,
            ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+428+24+9.+8+7..5+51+8.+2...+7::124 127 128 129 153 154 157 158 159:c15 r25",
        );
        assert_eq!(
            s.houses,
            [
                House::column_at(0).unwrap(),
                House::column_at(4).unwrap(),
                House::row_at(1).unwrap(),
                House::row_at(4).unwrap()
            ]
        );
        let s = hodoku_step(
            Technique::XWing,
            ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
        );
        assert_eq!(
            s.houses,
            [
                House::row_at(2).unwrap(),
                House::row_at(6).unwrap(),
                House::column_at(2).unwrap(),
                House::column_at(3).unwrap()
            ]
        );
        let s = hodoku_step(
            Technique::Jellyfish,
            ":0302:8:+65+4.+2..7+12..+1.+7+5+46..+1456..+2+1+27+63.4+5...65.12.+7+5.9+27.1+6...+5812...9.+2....+15.1...+5.2.:317 331 332 997 999:822 832 837 852 897 899::",
        );
        assert_eq!(
            s.houses[..4],
            [
                House::row_at(0).unwrap(),
                House::row_at(3).unwrap(),
                House::row_at(5).unwrap(),
                House::row_at(7).unwrap()
            ]
        );
        let s = hodoku_step(
            Technique::FinnedXWing,
            ":0310:9:..3..+67......91..+3.6...3.597+8.+25+43.+1...+3+1+7.8+22+3+16+89+4+75+6.813+2...+32.4+7...6...+9+6.23.::978::",
        );
        assert_eq!(s.fins, cells("r8c7"));
        let s = hodoku_step(
            Technique::FinnedXWing,
            ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
        );
        assert_eq!(s.fins, cells("r2c6"));
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        let top = sample("top1465_200.txt");
        let random = sample("random_minimal_200.txt");
        let hardest = sample("forum_hardest_1905_100.txt");
        let clue17 = sample("17_clue_200.txt");
        for t in IMPLEMENTED.iter().copied() {
            assert!(check_technique(t, &top[..30]) > 0, "{t}");
            assert!(check_technique(t, &random[..30]) > 0, "{t}");
            assert!(check_technique(t, &clue17[..30]) > 0, "{t}");
            assert!(check_technique(t, &hardest[..60]) > 0, "{t}");
        }
    }
}
