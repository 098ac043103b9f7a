//! HoDoKu's unique rectangles (types 1 to 6) and hidden rectangle: the
//! rectangles in the order HoDoKu meets them, and one pass that finds every
//! type's steps on a position.

use super::{cell, digit_of, digits, eliminate_seen_by, shared_houses};
use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::{Link, Step, Technique, memo};
use std::cell::RefCell;

/// How many rectangles span exactly two boxes: 9 row pairs within a band
/// times 27 column pairs across stacks, and the same transposed.
const RECTANGLE_COUNT: usize = 486;

/// The corners of every rectangle spanning two rows, two columns and two
/// boxes, row-major: `[r1c1, r1c2, r2c1, r2c2]`. Corner `i` shares its row
/// with `i ^ 1`, its column with `i ^ 2` and is diagonal to `3 - i`.
pub(super) const RECTANGLES: [[u8; 4]; RECTANGLE_COUNT] = rectangles();

const fn rectangles() -> [[u8; 4]; RECTANGLE_COUNT] {
    let mut out = [[0u8; 4]; RECTANGLE_COUNT];
    let mut n = 0;
    let mut r1 = 0;
    while r1 < 9 {
        let mut r2 = r1 + 1;
        while r2 < 9 {
            let mut c1 = 0;
            while c1 < 9 {
                let mut c2 = c1 + 1;
                while c2 < 9 {
                    // Two boxes: the rows share a band or the columns a stack, not both.
                    if (r1 / 3 == r2 / 3) != (c1 / 3 == c2 / 3) {
                        out[n] = [
                            (r1 * 9 + c1) as u8,
                            (r1 * 9 + c2) as u8,
                            (r2 * 9 + c1) as u8,
                            (r2 * 9 + c2) as u8,
                        ];
                        n += 1;
                    }
                    c2 += 1;
                }
                c1 += 1;
            }
            r2 += 1;
        }
        r1 += 1;
    }
    assert!(n == RECTANGLE_COUNT);
    out
}

/// The rectangle techniques, in the order of [`all_rectangles`]' lists.
const RECTANGLE_TECHNIQUES: [Technique; 7] = [
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
];

thread_local! {
    /// The rectangles of the last position: the walks ask for each type in
    /// turn, and one pass over the rectangles finds them all.
    static RECTANGLES_FOUND: memo::Slot<[Vec<Step>; 7]> = const { RefCell::new(None) };
}

pub(super) fn unique_rectangles(
    technique: Technique,
    grid: &Grid,
    candidates: &Candidates,
) -> Vec<Step> {
    let Some(k) = RECTANGLE_TECHNIQUES.iter().position(|&t| t == technique) else {
        return Vec::new();
    };
    memo::recall(
        &RECTANGLES_FOUND,
        grid,
        candidates,
        || all_rectangles(grid, candidates),
        |found| found[k].clone(),
    )
}

/// The steps of every rectangle technique, one list per entry of
/// [`RECTANGLE_TECHNIQUES`].
fn all_rectangles(grid: &Grid, candidates: &Candidates) -> [Vec<Step>; 7] {
    let allowed = allowed_digits(grid);
    let mut steps: [Vec<Step>; 7] = Default::default();
    for (rect, pair) in hodoku_rectangles(candidates, &allowed) {
        let corners = rect.map(cell);
        let sets = corners.map(|c| candidates.get(c).bits());
        let plain = (0..4)
            .filter(|&k| sets[k] & !pair == 0)
            .fold(0u8, |m, k| m | 1 << k);
        let ur = Rectangle {
            candidates,
            corners,
            sets,
            pair,
            plain,
        };
        for (t, list) in RECTANGLE_TECHNIQUES.iter().zip(steps.iter_mut()) {
            ur.find(*t, list);
        }
    }
    steps
}

/// The rectangles in the order HoDoKu's `findUniquenessForStartCell`
/// meets them: from each bivalue cell (row-major), its pair; a second
/// corner in its box and row (or column), box order; the other two corners
/// along its column (or row). Each rectangle is taken once, with the pair
/// of the cell that found it first. Corners row-major. Every corner must
/// allow both digits (as far as placed digits go).
///
/// HoDoKu remembers the rectangles it has checked by the number
/// `((a * 10 + b) * 10 + c) * 10 + d` of their sorted cell indices, which
/// two rectangles may share; the later one is then skipped, as here.
pub(super) fn hodoku_rectangles(
    candidates: &Candidates,
    allowed: &[u16; 81],
) -> Vec<([u8; 4], u16)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for s in 0..81usize {
        let pair = candidates.get(cell(s as u8)).bits();
        if pair.count_ones() != 2 {
            continue;
        }
        let (r, c, b) = (s / 9, s % 9, (s / 27) * 3 + (s % 9) / 3);
        for k in 0..9 {
            let t = ((b / 3) * 3 + k / 3) * 9 + (b % 3) * 3 + k % 3;
            if t == s || (t / 9 != r && t % 9 != c) {
                continue;
            }
            let rows = t / 9 == r;
            for j in 0..9 {
                // Along the column (same row) or the row (same column).
                let (u, v) = if rows {
                    (j * 9 + c, j * 9 + t % 9)
                } else {
                    (r * 9 + j, t / 9 * 9 + j)
                };
                if (u / 27) * 3 + (u % 9) / 3 == b {
                    continue;
                }
                let mut rect = [s as u8, t as u8, u as u8, v as u8];
                if rect.iter().any(|&x| allowed[x as usize] & pair != pair) {
                    continue;
                }
                rect.sort_unstable();
                let key = rect.iter().fold(0u32, |n, &x| n * 10 + u32::from(x));
                if seen.insert(key) {
                    out.push((rect, pair));
                }
            }
        }
    }
    out
}

/// A rectangle on a pair of digits, as seen on the position.
struct Rectangle<'a> {
    candidates: &'a Candidates,
    /// The corners, row-major.
    corners: [Cell; 4],
    /// The candidates of each corner, as bits.
    sets: [u16; 4],
    /// The rectangle's two digits, as bits.
    pair: u16,
    /// Bit `i` set when corner `i` holds no candidate beside the pair.
    plain: u8,
}

impl Rectangle<'_> {
    fn find(&self, technique: Technique, steps: &mut Vec<Step>) {
        use Technique as T;
        match (technique, self.plain.count_ones()) {
            (T::UniqueRectangle1, 3) => self.type1(steps),
            (T::UniqueRectangle2 | T::UniqueRectangle5, 1 | 2) => self.type2_or_5(technique, steps),
            (T::UniqueRectangle3, 2) => self.type3(steps),
            (T::UniqueRectangle4, 2) => self.type4(steps),
            (T::UniqueRectangle6, 2) => self.type6(steps),
            (T::HiddenRectangle, 1 | 2) => self.hidden(steps),
            _ => {}
        }
    }

    /// The step's common evidence: the corners, the pair, and as fins the
    /// corners holding other candidates.
    fn step(&self, technique: Technique) -> Step {
        let mut step = Step::new(technique)
            .with_cells(self.corners)
            .with_digits(DigitSet::from_bits(self.pair));
        step.fins = self.extra_corners().map(|k| self.corners[k]).collect();
        step
    }

    /// The indices of the corners with candidates beside the pair.
    fn extra_corners(&self) -> impl Iterator<Item = usize> + Clone + '_ {
        (0..4).filter(|&k| self.plain & 1 << k == 0)
    }

    /// The two corners with extra candidates, when there are exactly two.
    fn extra_pair(&self) -> (usize, usize) {
        let mut extra = self.extra_corners();
        let first = extra.next().expect("two extra corners");
        (first, extra.next().expect("two extra corners"))
    }

    /// Type 1: one corner has extra candidates; it cannot hold the pair.
    fn type1(&self, steps: &mut Vec<Step>) {
        let Some(x) = self.extra_corners().next() else {
            return;
        };
        let mut step = self.step(Technique::UniqueRectangle1);
        for d in digits(self.sets[x] & self.pair) {
            step = step.eliminate(self.corners[x], d);
        }
        push_productive(steps, step);
    }

    /// Types 2 and 5: the corners with extras share one extra digit, so one
    /// of them holds it. Type 2 when two such corners share a row or column,
    /// type 5 when they are diagonal or three.
    fn type2_or_5(&self, technique: Technique, steps: &mut Vec<Step>) {
        let extra = self
            .extra_corners()
            .fold(0, |m, k| m | self.sets[k] & !self.pair);
        if extra.count_ones() != 1 {
            return;
        }
        let step = self.step(technique);
        let aligned = step.fins.len() == 2 && step.fins[0].sees(step.fins[1]);
        let wanted = if aligned {
            Technique::UniqueRectangle2
        } else {
            Technique::UniqueRectangle5
        };
        if technique == wanted {
            let fins = step.fins.clone();
            let step = eliminate_seen_by(step, self.candidates, &fins, digit_of(extra));
            push_productive(steps, step);
        }
    }

    /// Type 3: two corners with extras in one house act as one cell holding
    /// their extra digits; with other cells of the house it forms a naked
    /// subset.
    fn type3(&self, steps: &mut Vec<Step>) {
        let (i, j) = self.extra_pair();
        let extra = (self.sets[i] | self.sets[j]) & !self.pair;
        for house in shared_houses(self.corners[i], self.corners[j]) {
            self.subsets_in(house, [self.corners[i], self.corners[j]], extra, steps);
        }
    }

    fn subsets_in(&self, house: House, fins: [Cell; 2], extra: u16, steps: &mut Vec<Step>) {
        let is_box = matches!(house, House::Box(_));
        // The other cells of the house that can join: unsolved, without the pair.
        let mut pool = [fins[0]; 9];
        let mut n = 0;
        for c in house.cells() {
            let set = self.candidates.get(c).bits();
            if set != 0 && set & self.pair == 0 && !self.corners.contains(&c) {
                pool[n] = c;
                n += 1;
            }
        }
        let lock = fins[0].box_house();
        // HoDoKu adds the cells depth first (`checkUniqueness3Recursive`):
        // each subset is checked before the subsets extending it, and its
        // walk takes the first productive one.
        for mask in subsets_depth_first(n) {
            let members = || {
                (0..n)
                    .filter(move |k| mask & 1 << k != 0)
                    .map(move |k| pool[k])
            };
            let union = members().fold(extra, |m, c| m | self.candidates.get(c).bits());
            if union.count_ones() != mask.count_ones() + 1 {
                continue;
            }
            let all = || members().chain(fins);
            let one_line =
                all().all(|c| c.row() == fins[0].row()) || all().all(|c| c.col() == fins[0].col());
            if is_box && one_line {
                continue; // found in that row or column
            }
            // A subset of a line inside one box is locked: the box loses its digits too.
            let locked = !is_box && all().all(|c| c.box_index() == fins[0].box_index());
            let mut step = self.step(Technique::UniqueRectangle3).house(house);
            if locked {
                step = step.house(lock);
            }
            step.cells.extend(members());
            let box_cells = locked.then(|| lock.cells()).into_iter().flatten();
            let targets = house
                .cells()
                .into_iter()
                .chain(box_cells.filter(|c| !c.houses().contains(&house)))
                .filter(|c| !all().any(|m| m == *c));
            for c in targets {
                for d in digits(self.candidates.get(c).bits() & union) {
                    step = step.eliminate(c, d);
                }
            }
            push_productive(steps, step);
        }
    }

    /// Type 4: two corners with extras in one row or column; one digit of the
    /// pair is confined to them in a house they share, so the other digit
    /// leaves both.
    fn type4(&self, steps: &mut Vec<Step>) {
        let (i, j) = self.extra_pair();
        let ends = [self.corners[i], self.corners[j]];
        if !ends[0].sees(ends[1]) {
            return;
        }
        for linked in digits(self.pair) {
            let Some(house) = shared_houses(ends[0], ends[1])
                .find(|&h| confined(self.candidates, h, linked, &ends))
            else {
                continue;
            };
            let other = digit_of(self.pair & !linked.bit());
            let mut step = self.step(Technique::UniqueRectangle4).house(house);
            step.links.push(Link {
                from: (ends[0], linked),
                to: (ends[1], linked),
                strong: true,
            });
            for end in ends
                .into_iter()
                .filter(|&c| self.candidates.get(c).contains(other))
            {
                step = step.eliminate(end, other);
            }
            push_productive(steps, step);
        }
    }

    /// The rectangle's rows, then its columns.
    fn lines(&self) -> [House; 4] {
        let [a, _, _, d] = self.corners;
        [
            a.row_house(),
            d.row_house(),
            a.column_house(),
            d.column_house(),
        ]
    }

    /// Type 6: two diagonal corners with extras, and a digit of the pair
    /// confined to the corners in both rows and both columns (an X-Wing):
    /// that digit leaves the two corners with extras.
    fn type6(&self, steps: &mut Vec<Step>) {
        let (i, j) = self.extra_pair();
        if self.corners[i].sees(self.corners[j]) {
            return;
        }
        let lines = self.lines();
        for d in digits(self.pair) {
            if !lines
                .iter()
                .all(|&h| confined(self.candidates, h, d, &self.corners))
            {
                continue;
            }
            let mut step = self.step(Technique::UniqueRectangle6);
            step.houses.extend(lines);
            for c in [self.corners[i], self.corners[j]] {
                if self.candidates.get(c).contains(d) {
                    step = step.eliminate(c, d);
                }
            }
            push_productive(steps, step);
        }
    }

    /// Hidden rectangle: a corner with only the pair (if two, diagonal);
    /// in the row and the column of the opposite corner one digit of the pair
    /// lies only in the rectangle, so the other digit leaves that corner.
    fn hidden(&self, steps: &mut Vec<Step>) {
        if self.plain.count_ones() == 2 && !matches!(self.plain, 0b1001 | 0b0110) {
            return;
        }
        for p in (0..4).filter(|&k| self.plain & 1 << k != 0) {
            let t = 3 - p;
            let target = self.corners[t];
            let houses = [target.row_house(), target.column_house()];
            for linked in digits(self.pair) {
                let other = digit_of(self.pair & !linked.bit());
                if !self.candidates.get(target).contains(other)
                    || !houses
                        .iter()
                        .all(|&h| confined(self.candidates, h, linked, &self.corners))
                {
                    continue;
                }
                let mut step = self.step(Technique::HiddenRectangle);
                step.houses.extend(houses);
                for mate in [self.corners[t ^ 1], self.corners[t ^ 2]] {
                    step.links.push(Link {
                        from: (target, linked),
                        to: (mate, linked),
                        strong: true,
                    });
                }
                steps.push(step.eliminate(target, other));
            }
        }
    }
}

/// The digits each empty cell may still hold as far as placed digits go
/// (HoDoKu's "allowed" candidates); 0 for a filled cell.
pub(super) fn allowed_digits(grid: &Grid) -> [u16; 81] {
    let mut placed = [0u16; 27];
    for c in Cell::all() {
        if let Some(d) = grid.get(c) {
            for h in c.houses() {
                placed[h.index()] |= d.bit();
            }
        }
    }
    let mut allowed = [0u16; 81];
    for c in grid.empty_cells() {
        let used = c.houses().iter().fold(0, |m, h| m | placed[h.index()]);
        allowed[c.index()] = !used & 0x1ff;
    }
    allowed
}

/// Whether every candidate of `digit` in `house` is one of `cells`.
fn confined(candidates: &Candidates, house: House, digit: Digit, cells: &[Cell]) -> bool {
    candidates
        .cells_with(house, digit)
        .all(|c| cells.contains(&c))
}

/// The non-empty subsets of `n` items as bit masks, in the order of a
/// depth-first search adding items in increasing order: `{0}`, `{0,1}`,
/// `{0,1,2}`, ..., `{0,2}`, ..., `{1}`, `{1,2}`, ...
fn subsets_depth_first(n: usize) -> Vec<u16> {
    fn extend(from: usize, mask: u16, n: usize, out: &mut Vec<u16>) {
        for k in from..n {
            let next = mask | 1 << k;
            out.push(next);
            extend(k + 1, next, n, out);
        }
    }
    let mut out = Vec::with_capacity((1 << n) - 1);
    extend(0, 0, n, &mut out);
    out
}

fn push_productive(steps: &mut Vec<Step>, step: Step) {
    if step.is_productive() {
        steps.push(step);
    }
}
