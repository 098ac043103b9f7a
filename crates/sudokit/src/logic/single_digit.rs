//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish, Empty
//! Rectangle, and HoDoKu's duals of the kite and the empty rectangle.
//!
//! All four are short chains on one digit, as HoDoKu defines them:
//!
//! - a Skyscraper joins two conjugate pairs in parallel lines (rows, or
//!   columns) by one end of each lying in a common cross line; the other
//!   ends must not share a line too (that would be an X-Wing);
//! - a 2-String Kite joins a row pair and a column pair by one end of each
//!   lying in a common box (four distinct cells); only the cell crossing the
//!   row of the column's free end and the column of the row's free end can
//!   see both free ends;
//! - a Turbot Fish is any other chain `a = b - c = d` of two conjugate pairs
//!   (in any house) joined by a weak link: `a` or `d` is the digit, so every
//!   cell seeing both loses it;
//! - an Empty Rectangle is a box whose candidates lie on one row and one
//!   column of it (with some outside their crossing, and two or more on the
//!   row or the column), plus a conjugate pair in a line leaving that row
//!   (or column): the cell where the pair's far end meets the box's column
//!   (row) loses the digit.
//!
//! - a Dual 2-String Kite is two kites on one digit joined in the same two
//!   box cells, and a Dual Empty Rectangle two empty rectangles on one
//!   digit in the same box (so with the same box candidates), each pair
//!   with different eliminations: HoDoKu shows them as one step that makes
//!   both (its "duals", off by default).
//!
//! Steps come digit by digit; within a digit, in the order of the houses
//! and cells involved. The module also holds the cell bitboards that the
//! other chain families (wings, chains, coloring) share.

use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS, PEERS};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::barren_digits::BarrenDigits;
use crate::logic::{Link, Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::DualTwoStringKite,
    Technique::DualEmptyRectangle,
];

/// Each house's cells as a bitboard (bit `i` is cell `i`).
pub(crate) const HOUSE_BITS: [u128; 27] = house_bits();

/// Each cell's peers as a bitboard.
pub(crate) const PEER_BITS: [u128; 81] = peer_bits();

const fn house_bits() -> [u128; 27] {
    let mut out = [0u128; 27];
    let mut h = 0;
    while h < 27 {
        let mut k = 0;
        while k < 9 {
            out[h] |= 1u128 << HOUSE_CELLS[h][k];
            k += 1;
        }
        h += 1;
    }
    out
}

const fn peer_bits() -> [u128; 81] {
    let mut out = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let mut k = 0;
        while k < 20 {
            out[c] |= 1u128 << PEERS[c][k];
            k += 1;
        }
        c += 1;
    }
    out
}

/// The bit of `cell`.
pub(crate) const fn bit(cell: Cell) -> u128 {
    1u128 << cell.index()
}

/// The cell of bit `i` (`i < 81`).
pub(crate) fn cell_at(i: u32) -> Cell {
    Cell::new(i as usize).expect("bitboards hold cells < 81")
}

/// The cells of a bitboard, in row-major order.
pub(crate) fn cells_of(mut bits: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            cell_at(i)
        })
    })
}

/// The cells where `digit` is a candidate.
pub(crate) fn places(candidates: &Candidates, digit: Digit) -> u128 {
    crate::logic::memo::planes(candidates)[digit.index()]
}

/// The two cells of house `house` holding the digit of `places`, if exactly two do.
pub(crate) fn conjugate_pair(places: u128, house: usize) -> Option<(Cell, Cell)> {
    let m = places & HOUSE_BITS[house];
    (m.count_ones() == 2).then(|| {
        (
            cell_at(m.trailing_zeros()),
            cell_at(127 - m.leading_zeros()),
        )
    })
}

/// For each cell, its conjugate partners on the digit of `places`.
pub(crate) fn conjugates(places: u128) -> [u128; 81] {
    let mut strong = [0u128; 81];
    for house in HOUSE_BITS {
        let m = places & house;
        if m.count_ones() == 2 {
            let (a, b) = (
                m.trailing_zeros() as usize,
                127 - m.leading_zeros() as usize,
            );
            strong[a] |= 1 << b;
            strong[b] |= 1 << a;
        }
    }
    strong
}

/// The house that carries a link between two cells on the digit of
/// `places`: the first common house (row, column, box) where the digit is
/// confined to the two cells for a strong link, the first common house for
/// a weak one.
pub(crate) fn link_house(a: Cell, b: Cell, places: u128, strong: bool) -> House {
    let common = a
        .houses()
        .into_iter()
        .filter(|h| HOUSE_BITS[h.index()] & bit(b) != 0);
    let mut fallback = None;
    for h in common {
        fallback.get_or_insert(h);
        if !strong || (places & HOUSE_BITS[h.index()]).count_ones() == 2 {
            return h;
        }
    }
    fallback.unwrap_or(a.houses()[0])
}

/// A step for a single-digit chain whose links alternate strong, weak,
/// strong, ...: `links` and `houses` (the house of each link) follow
/// `chain`; `cells` is left to the caller. Eliminates `digit` in `elims`.
pub(crate) fn chain_step(
    technique: Technique,
    digit: Digit,
    chain: &[Cell],
    places: u128,
    elims: u128,
) -> Step {
    let mut step = Step::new(technique).with_digits(DigitSet::from_bits(digit.bit()));
    for (k, pair) in chain.windows(2).enumerate() {
        let strong = k % 2 == 0;
        step.links.push(Link {
            from: (pair[0], digit),
            to: (pair[1], digit),
            strong,
        });
        step.houses
            .push(link_house(pair[0], pair[1], places, strong));
    }
    for c in cells_of(elims) {
        step = step.eliminate(c, digit);
    }
    step
}

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    let mut steps = Vec::new();
    // HoDoKu looks for skyscrapers in rows for every digit, then in columns:
    // its walk takes the first it finds.
    let passes: &[bool] = if technique == Technique::Skyscraper {
        &[true, false]
    } else {
        &[true]
    };
    let Some(index) = IMPLEMENTED.iter().position(|&t| t == technique) else {
        return steps;
    };
    let planes = candidates.planes();
    for &rows in passes {
        // Skyscrapers in columns are a search of their own.
        let search = if rows { index } else { IMPLEMENTED.len() };
        for digit in Digit::all() {
            let places = planes[digit.index()];
            if places.count_ones() >= 4 {
                BARREN.with(|barren| {
                    barren.push(search, digit, (places, 0), &mut steps, |steps| {
                        find_digit(technique, digit, places, rows, steps);
                    });
                });
            }
        }
    }
    steps
}

thread_local! {
    /// Per technique (in [`IMPLEMENTED`] order, then skyscrapers in
    /// columns) and digit, the last candidates of the digit on which the
    /// search found nothing: each digit's search depends on them alone.
    static BARREN: BarrenDigits<{ IMPLEMENTED.len() + 1 }> = const { BarrenDigits::new() };
}

/// The steps of `technique` on `digit` (skyscrapers: in rows when `rows`,
/// else in columns).
fn find_digit(technique: Technique, digit: Digit, places: u128, rows: bool, steps: &mut Vec<Step>) {
    match technique {
        Technique::Skyscraper => skyscrapers(digit, places, rows, steps),
        Technique::TwoStringKite => kites(digit, places, steps),
        Technique::TurbotFish => turbot_fish(digit, places, steps),
        Technique::EmptyRectangle => empty_rectangles(digit, places, steps),
        Technique::DualTwoStringKite => {
            let mut kites_found = Vec::new();
            kites(digit, places, &mut kites_found);
            duals(
                &kites_found,
                Technique::DualTwoStringKite,
                same_kite_box,
                steps,
            );
        }
        Technique::DualEmptyRectangle => {
            let mut ers = Vec::new();
            empty_rectangles(digit, places, &mut ers);
            duals(&ers, Technique::DualEmptyRectangle, same_er_box, steps);
        }
        _ => {}
    }
}

/// HoDoKu's duals among `singles` (steps of one digit): every two that
/// `same` pairs up and that eliminate different candidates make one step
/// of `technique` with both patterns' cells, houses and links.
fn duals(
    singles: &[Step],
    technique: Technique,
    same: fn(&Step, &Step) -> bool,
    steps: &mut Vec<Step>,
) {
    for (i, a) in singles.iter().enumerate() {
        for b in &singles[i + 1..] {
            if !same(a, b) || a.eliminations.first() == b.eliminations.first() {
                continue;
            }
            let mut dual = a.clone();
            dual.technique = technique;
            dual.cells.extend(&b.cells);
            dual.houses.extend(&b.houses);
            dual.links.extend(&b.links);
            for &(cell, digit) in &b.eliminations {
                if !dual.eliminations.contains(&(cell, digit)) {
                    dual = dual.eliminate(cell, digit);
                }
            }
            steps.push(dual);
        }
    }
}

/// Two kites joined in the same two box cells (the first two of `cells`).
fn same_kite_box(a: &Step, b: &Step) -> bool {
    let (x, y) = (&a.cells[..2], &b.cells[..2]);
    x == y || (x[0] == y[1] && x[1] == y[0])
}

/// Two empty rectangles in the same box (the first of `houses`).
fn same_er_box(a: &Step, b: &Step) -> bool {
    a.houses.first() == b.houses.first()
}

/// Conjugate pairs of the houses `from..to` (0..9 rows, 9..18 columns).
fn pairs_in(places: u128, houses: std::ops::Range<usize>) -> Vec<(Cell, Cell)> {
    houses.filter_map(|h| conjugate_pair(places, h)).collect()
}

/// The position of a cell across lines of the given kind: its column for
/// rows, its row for columns.
fn across(cell: Cell, rows: bool) -> usize {
    if rows { cell.col() } else { cell.row() }
}

/// Skyscrapers in rows (`rows`) or in columns.
fn skyscrapers(digit: Digit, places: u128, rows: bool, steps: &mut Vec<Step>) {
    let lines = if rows { 0..9 } else { 9..18 };
    let pairs = pairs_in(places, lines);
    for (i, &(a0, a1)) in pairs.iter().enumerate() {
        for &(b0, b1) in &pairs[i + 1..] {
            let x = |c: Cell| across(c, rows);
            // The joined ends share a cross line; the free ends must not.
            let ends = [
                (a0, b0, a1, b1),
                (a1, b1, a0, b0),
                (a0, b1, a1, b0),
                (a1, b0, a0, b1),
            ];
            let Some(&(ja, jb, fa, fb)) = ends
                .iter()
                .find(|&&(ja, jb, fa, fb)| x(ja) == x(jb) && x(fa) != x(fb))
            else {
                continue;
            };
            let elims = places & PEER_BITS[fa.index()] & PEER_BITS[fb.index()];
            if elims != 0 {
                let mut step = chain_step(
                    Technique::Skyscraper,
                    digit,
                    &[fa, ja, jb, fb],
                    places,
                    elims,
                );
                step.cells = vec![ja, jb, fa, fb];
                steps.push(step);
            }
        }
    }
}

/// 2-String Kites: a row pair and a column pair joined in a box.
fn kites(digit: Digit, places: u128, steps: &mut Vec<Step>) {
    let rows = pairs_in(places, 0..9);
    let cols = pairs_in(places, 9..18);
    for &(r0, r1) in &rows {
        for &(c0, c1) in &cols {
            if [r0, r1].iter().any(|r| *r == c0 || *r == c1) {
                continue;
            }
            for (rj, rf) in [(r0, r1), (r1, r0)] {
                for (cj, cf) in [(c0, c1), (c1, c0)] {
                    if rj.box_index() != cj.box_index() {
                        continue;
                    }
                    let cross = Cell::at(cf.row(), rf.col()).expect("row and column < 9");
                    if places & bit(cross) == 0 {
                        continue;
                    }
                    let mut step = chain_step(
                        Technique::TwoStringKite,
                        digit,
                        &[rf, rj, cj, cf],
                        places,
                        bit(cross),
                    );
                    step.cells = vec![rj, cj, rf, cf];
                    steps.push(step);
                }
            }
        }
    }
}

/// Whether the chain `a = b - c = d` is a Skyscraper or a 2-String Kite.
fn is_skyscraper_or_kite(chain: [Cell; 4], places: u128) -> bool {
    let [a, b, c, d] = chain;
    let row_pair =
        |x: Cell, y: Cell| x.row() == y.row() && conjugate_pair(places, x.row()).is_some();
    let col_pair =
        |x: Cell, y: Cell| x.col() == y.col() && conjugate_pair(places, 9 + x.col()).is_some();
    let skyscraper = (row_pair(a, b) && row_pair(c, d) && b.col() == c.col() && a.col() != d.col())
        || (col_pair(a, b) && col_pair(c, d) && b.row() == c.row() && a.row() != d.row());
    let kite = ((row_pair(a, b) && col_pair(c, d)) || (col_pair(a, b) && row_pair(c, d)))
        && b.box_index() == c.box_index();
    skyscraper || kite
}

/// Turbot Fish: every chain `a = b - c = d` of two conjugate pairs joined
/// by a weak link that is neither a Skyscraper nor a 2-String Kite. Each
/// chain is reported once, from its lower end cell.
fn turbot_fish(digit: Digit, places: u128, steps: &mut Vec<Step>) {
    let mut links: Vec<(Cell, Cell)> = Vec::with_capacity(54);
    for h in 0..27 {
        if let Some((x, y)) = conjugate_pair(places, h) {
            if !links.contains(&(x, y)) {
                links.push((x, y));
            }
        }
    }
    let directed: Vec<(Cell, Cell)> = links.iter().flat_map(|&(x, y)| [(x, y), (y, x)]).collect();
    let mut seen: Vec<[Cell; 4]> = Vec::new();
    for &(a, b) in &directed {
        for &(c, d) in &directed {
            let chain = [a, b, c, d];
            if a >= d || !b.sees(c) || [a, b].contains(&c) || [a, b].contains(&d) {
                continue;
            }
            let elims = places & PEER_BITS[a.index()] & PEER_BITS[d.index()];
            if elims == 0 || is_skyscraper_or_kite(chain, places) || seen.contains(&chain) {
                continue;
            }
            seen.push(chain);
            let mut step = chain_step(Technique::TurbotFish, digit, &chain, places, elims);
            step.cells = chain.to_vec();
            steps.push(step);
        }
    }
}

/// Empty Rectangles: for every box, every row and column of it that could
/// hold an ER, the conjugate pairs leaving the row, then the column.
fn empty_rectangles(digit: Digit, places: u128, steps: &mut Vec<Step>) {
    for b in 0..9 {
        let in_box = places & HOUSE_BITS[18 + b];
        if !(2..=5).contains(&in_box.count_ones()) {
            continue;
        }
        for row in (b / 3) * 3..(b / 3) * 3 + 3 {
            for col in (b % 3) * 3..(b % 3) * 3 + 3 {
                if is_empty_rectangle(in_box, row, col) {
                    let er = Er {
                        digit,
                        places,
                        b,
                        row,
                        col,
                    };
                    er.eliminations(true, steps);
                    er.eliminations(false, steps);
                }
            }
        }
    }
}

/// Whether the box candidates `in_box` form an ER on `row` and `col`:
/// all on the two lines, some on each outside their crossing, and two or
/// more on one of them (with one each it is only a chain).
fn is_empty_rectangle(in_box: u128, row: usize, col: usize) -> bool {
    let on_row = in_box & HOUSE_BITS[row];
    let on_col = in_box & HOUSE_BITS[9 + col];
    on_row | on_col == in_box
        && on_row & !on_col != 0
        && on_col & !on_row != 0
        && (on_row.count_ones() >= 2 || on_col.count_ones() >= 2)
}

/// An Empty Rectangle found in box `b` on `row` and `col`.
struct Er {
    digit: Digit,
    places: u128,
    b: usize,
    row: usize,
    col: usize,
}

impl Er {
    /// Steps with a conjugate pair leaving the ER's row (`from_row`) or column.
    fn eliminations(&self, from_row: bool, steps: &mut Vec<Step>) {
        let line = if from_row { self.row } else { 9 + self.col };
        let box_bits = HOUSE_BITS[18 + self.b];
        for near in cells_of(self.places & HOUSE_BITS[line] & !box_bits) {
            // The pair runs across the ER's line: in the column of `near` for the row.
            let cross_line = if from_row { 9 + near.col() } else { near.row() };
            let Some((x, y)) = conjugate_pair(self.places, cross_line) else {
                continue;
            };
            let far = if x == near { y } else { x };
            let target = if from_row {
                Cell::at(far.row(), self.col)
            } else {
                Cell::at(self.row, far.col())
            }
            .expect("row and column < 9");
            if self.places & bit(target) == 0 || box_bits & bit(target) != 0 {
                continue;
            }
            steps.push(self.step(near, far, cross_line, target));
        }
    }

    fn step(&self, near: Cell, far: Cell, pair_line: usize, target: Cell) -> Step {
        let mut step = Step::new(Technique::EmptyRectangle)
            .with_digits(DigitSet::from_bits(self.digit.bit()))
            .house(house_at(18 + self.b))
            .house(house_at(self.row))
            .house(house_at(9 + self.col))
            .house(house_at(pair_line))
            .with_cells([near, far])
            .with_cells(cells_of(self.places & HOUSE_BITS[18 + self.b]))
            .eliminate(target, self.digit);
        step.links.push(Link {
            from: (near, self.digit),
            to: (far, self.digit),
            strong: true,
        });
        step
    }
}

/// The house with index `h` (0..27: rows, columns, boxes).
pub(crate) fn house_at(h: usize) -> House {
    House::from_index(h).expect("house index < 27")
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here; `None` leaves the text
/// to [`crate::logic::explain`].
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    use crate::classic::trace::Lang;
    let digit = step.digits.iter().next()?;
    let chains = || {
        let per = step.links.len() / 2;
        let one = |links: &[Link]| chain_text(links);
        match step.technique {
            Technique::DualTwoStringKite if per > 0 => {
                format!("{} / {}", one(&step.links[..per]), one(&step.links[per..]))
            }
            _ => step
                .links
                .iter()
                .map(|l| chain_text(std::slice::from_ref(l)))
                .collect::<Vec<_>>()
                .join(" / "),
        }
    };
    // The box the pattern rests on: a kite's joined cells are in it, an
    // empty rectangle's first house is it.
    let house = crate::logic::explain::house_name(step.cells.first()?.box_house(), lang);
    let house = match step.technique {
        Technique::DualEmptyRectangle => {
            crate::logic::explain::house_name(*step.houses.first()?, lang)
        }
        _ => house,
    };
    Some(match (step.technique, lang) {
        (Technique::DualTwoStringKite, Lang::En) => format!(
            "two 2-String Kites on {digit} meet in the same cells of {house} ({}): each makes its own elimination",
            chains()
        ),
        (Technique::DualTwoStringKite, Lang::Es) => format!(
            "dos cometas de {digit} se unen en las mismas casillas de {house} ({}): cada una hace su eliminación",
            chains()
        ),
        (Technique::DualEmptyRectangle, Lang::En) => format!(
            "two empty rectangles on {digit} in {house}, with the conjugate pairs {}: each makes its own elimination",
            chains()
        ),
        (Technique::DualEmptyRectangle, Lang::Es) => format!(
            "dos rectángulos vacíos de {digit} en {house}, con los pares conjugados {}: cada uno hace su eliminación",
            chains()
        ),
        _ => return None,
    })
}

/// `r1c2=r1c7-r3c1=r8c1`: the cells of consecutive links, `=` for strong
/// links and `-` for weak ones.
fn chain_text(links: &[Link]) -> String {
    let mut text = links
        .first()
        .map_or(String::new(), |l| l.from.0.to_string());
    for link in links {
        text.push(if link.strong { '=' } else { '-' });
        text.push_str(&link.to.0.to_string());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{assert_each_fires, c, elims, open};

    /// Every digit everywhere, then `digit` removed from the house `h`
    /// (an index into [`HOUSE_CELLS`]) except at `keep`.
    fn carve(cands: &mut Candidates, digit: u8, h: usize, keep: &[Cell]) {
        let d = Digit::new(digit).unwrap();
        for cell in cells_of(HOUSE_BITS[h]) {
            if !keep.contains(&cell) {
                cands.remove(cell, d);
            }
        }
    }

    #[test]
    fn skyscraper_in_columns() {
        let (g, mut cands) = open();
        carve(&mut cands, 4, 9, &[c(1, 1), c(7, 1)]);
        carve(&mut cands, 4, 9 + 4, &[c(3, 5), c(7, 5)]);
        let steps = find(Technique::Skyscraper, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(7, 1), c(7, 5), c(1, 1), c(3, 5)]);
        assert_eq!(elims(s), ["r1c4<>4", "r1c6<>4", "r3c2<>4", "r3c3<>4"]);
        assert_eq!(
            s.houses,
            [
                House::column_at(0).unwrap(),
                House::row_at(6).unwrap(),
                House::column_at(4).unwrap()
            ]
        );
        assert_eq!(s.links.len(), 3);
        assert!(s.links[0].strong && !s.links[1].strong && s.links[2].strong);
        assert_eq!(s.links[0].from, (c(1, 1), Digit::new(4).unwrap()));
        // The kite and turbot finders leave it alone.
        assert!(find(Technique::TurbotFish, &g, &cands).is_empty());
        assert!(find(Technique::TwoStringKite, &g, &cands).is_empty());
    }

    #[test]
    fn aligned_free_ends_are_an_x_wing_not_a_skyscraper() {
        let (g, mut cands) = open();
        carve(&mut cands, 4, 9, &[c(1, 1), c(7, 1)]);
        carve(&mut cands, 4, 9 + 4, &[c(1, 5), c(7, 5)]);
        assert!(find(Technique::Skyscraper, &g, &cands).is_empty());
    }

    #[test]
    fn two_string_kite() {
        let (g, mut cands) = open();
        carve(&mut cands, 2, 0, &[c(1, 2), c(1, 7)]);
        carve(&mut cands, 2, 9, &[c(3, 1), c(8, 1)]);
        let steps = find(Technique::TwoStringKite, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 2), c(3, 1), c(1, 7), c(8, 1)]);
        assert_eq!(elims(s), ["r8c7<>2"]);
        assert_eq!(
            s.houses,
            [
                House::row_at(0).unwrap(),
                House::box_at(0).unwrap(),
                House::column_at(0).unwrap()
            ]
        );
        assert!(find(Technique::TurbotFish, &g, &cands).is_empty());
        assert!(find(Technique::Skyscraper, &g, &cands).is_empty());
    }

    #[test]
    fn turbot_fish_with_a_box_pair() {
        let (g, mut cands) = open();
        carve(&mut cands, 7, 18, &[c(1, 1), c(3, 3)]);
        carve(&mut cands, 7, 5, &[c(6, 3), c(6, 8)]);
        let steps = find(Technique::TurbotFish, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 1), c(3, 3), c(6, 3), c(6, 8)]);
        assert_eq!(elims(s), ["r1c8<>7"]);
        assert_eq!(
            s.houses,
            [
                House::box_at(0).unwrap(),
                House::column_at(2).unwrap(),
                House::row_at(5).unwrap()
            ]
        );
        assert!(find(Technique::EmptyRectangle, &g, &cands).is_empty());
    }

    #[test]
    fn empty_rectangle() {
        let (g, mut cands) = open();
        carve(&mut cands, 9, 18 + 4, &[c(4, 5), c(5, 4), c(5, 6)]);
        carve(&mut cands, 9, 9 + 7, &[c(1, 8), c(5, 8)]);
        let steps = find(Technique::EmptyRectangle, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(elims(s), ["r1c5<>9"]);
        assert_eq!(
            s.houses,
            [
                House::box_at(4).unwrap(),
                House::row_at(4).unwrap(),
                House::column_at(4).unwrap(),
                House::column_at(7).unwrap()
            ]
        );
        assert_eq!(s.cells, [c(5, 8), c(1, 8), c(4, 5), c(5, 4), c(5, 6)]);
        assert_eq!(s.links.len(), 1);
        // A candidate off the ER's lines spoils it.
        let mut spoiled = cands;
        spoiled.set(c(4, 4), DigitSet::ALL);
        assert!(find(Technique::EmptyRectangle, &g, &spoiled).is_empty());
    }

    /// Two kites on 2 joined in r1c2 and r3c1 of box 1: r1c7=r1c2-r3c1=r8c1
    /// removes r8c7, r3c6=r3c1-r1c2=r9c2 removes r9c6.
    #[test]
    fn dual_two_string_kite() {
        let (g, mut cands) = open();
        carve(&mut cands, 2, 0, &[c(1, 2), c(1, 7)]);
        carve(&mut cands, 2, 9, &[c(3, 1), c(8, 1)]);
        carve(&mut cands, 2, 2, &[c(3, 1), c(3, 6)]);
        carve(&mut cands, 2, 9 + 1, &[c(1, 2), c(9, 2)]);
        assert_eq!(find(Technique::TwoStringKite, &g, &cands).len(), 2);
        let steps = find(Technique::DualTwoStringKite, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(elims(s), ["r8c7<>2", "r9c6<>2"]);
        assert_eq!(s.cells.len(), 8);
        assert_eq!(s.links.len(), 6);
        let text = crate::logic::explain::step_text(s, crate::classic::trace::Lang::En);
        assert_eq!(
            text,
            "Dual 2-String Kite: two 2-String Kites on 2 meet in the same cells of box 1 \
             (r1c7=r1c2-r3c1=r8c1 / r3c6=r3c1-r1c2=r9c2): each makes its own elimination \
             => r8c7,r9c6<>2"
        );
        // One kite alone is no dual.
        let mut one = cands;
        one.remove(c(9, 6), Digit::new(2).unwrap());
        assert!(find(Technique::DualTwoStringKite, &g, &one).is_empty());
    }

    /// The ER of `empty_rectangle` (box 5 on row 5 and column 5) with a
    /// second conjugate pair, r8c5=r8c1, leaving its column: r1c5 and r5c1
    /// go at once.
    #[test]
    fn dual_empty_rectangle() {
        let (g, mut cands) = open();
        carve(&mut cands, 9, 18 + 4, &[c(4, 5), c(5, 4), c(5, 6)]);
        carve(&mut cands, 9, 9 + 7, &[c(1, 8), c(5, 8)]);
        carve(&mut cands, 9, 7, &[c(8, 1), c(8, 5)]);
        assert_eq!(find(Technique::EmptyRectangle, &g, &cands).len(), 2);
        let steps = find(Technique::DualEmptyRectangle, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(elims(s), ["r1c5<>9", "r5c1<>9"]);
        assert_eq!(s.houses[0], House::box_at(4).unwrap());
        assert_eq!(s.links.len(), 2);
        let text = crate::logic::explain::step_text(s, crate::classic::trace::Lang::Es);
        assert!(
            text.contains("dos rectángulos vacíos de 9 en caja 5, con los pares conjugados r5c8=r1c8 / r8c5=r8c1"),
            "{text}"
        );
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        assert_each_fires(IMPLEMENTED);
    }
}
