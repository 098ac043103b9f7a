//! The rules that dynamic forcing chains (+) and nested forcing chains
//! apply to the candidates a propagation has left, in SE's order and
//! enumeration (locked candidates, hidden pairs, naked pairs, X-Wings), each
//! with the candidates whose removal it needs (its "parents": a rule that
//! needs none held before the chain started and adds nothing to it).

use super::board::{Board, Cand, cand, cells, many_bits, se_houses, two_bits, two_digits};
use crate::logic::single_digit::HOUSE_BITS;

/// What a rule found: candidates to remove and the removed candidates it
/// rests on, as ranges of [`Found::cands`].
#[derive(Default)]
pub(super) struct Found {
    /// The candidates of every hint, back to back.
    pub cands: Vec<Cand>,
    /// Per hint: where its removable candidates start, how many, then how
    /// many parents follow them.
    pub hints: Vec<(u32, u16, u16)>,
}

impl Found {
    /// Forgets everything.
    pub(super) fn clear(&mut self) {
        self.cands.clear();
        self.hints.clear();
    }

    /// The removable candidates and the parents of hint `i`.
    pub(super) fn hint(&self, i: usize) -> (&[Cand], &[Cand]) {
        let (at, removable, parents) = self.hints[i];
        let at = at as usize;
        let mid = at + usize::from(removable);
        (
            &self.cands[at..mid],
            &self.cands[mid..mid + usize::from(parents)],
        )
    }

    /// Records a hint from `removable` (sorted) and `parents`, if it
    /// removes something and rests on something.
    fn push(&mut self, removable: &[Cand], parents: &[Cand]) {
        if removable.is_empty() || parents.is_empty() {
            return;
        }
        let at = self.cands.len() as u32;
        self.cands.extend_from_slice(removable);
        self.cands.extend_from_slice(parents);
        self.hints
            .push((at, removable.len() as u16, parents.len() as u16));
    }
}

/// The pairs of 0..9 in SE's `Permutations` order (Gosper's: by highest
/// element, then lowest).
const PAIRS: [(usize, usize); 36] = pairs();

const fn pairs() -> [(usize, usize); 36] {
    let mut out = [(0, 0); 36];
    let mut n = 0;
    let mut hi = 1;
    while hi < 9 {
        let mut lo = 0;
        while lo < hi {
            out[n] = (lo, hi);
            n += 1;
            lo += 1;
        }
        hi += 1;
    }
    out
}

/// The houses of one kind: boxes, columns or rows (indices into HOUSE_BITS).
fn kind(first: usize) -> std::ops::Range<usize> {
    first..first + 9
}

const ROWS: usize = 0;
const COLS: usize = 9;
const BOXES: usize = 18;

/// Runs the rules in SE's order on `cur` (the candidates left) against
/// `source` (those at the start of the propagation) and keeps the hints of
/// the first rule that has some with parents.
pub(super) fn first_rule(cur: &Board, source: &Board, out: &mut Found) {
    out.clear();
    let lost = Lost::of(cur, source);
    if lost.none() {
        return; // every hint needs a removed candidate as parent
    }
    rules_with(cur, source, &lost, out);
}

/// [`first_rule`] skipping the rule instances whose places lost nothing
/// in `lost` (a superset of what was really lost skips less).
fn rules_with(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
    locking(cur, source, lost, out);
    if out.hints.is_empty() {
        hidden_pairs(cur, source, lost, out);
    }
    if out.hints.is_empty() {
        naked_pairs(cur, source, lost, out);
    }
    if out.hints.is_empty() {
        x_wings(cur, source, lost, out);
    }
}

/// The candidates of `source` that `cur` lacks. A rule's parents are
/// removed candidates of particular places, so a rule instance whose
/// places lost nothing has no parents and gives no hint: each rule skips
/// those instances before working out its removable candidates.
struct Lost {
    /// Per digit, the cells that lost it.
    digits: [u128; 9],
    /// Per cell, the digits it lost.
    cells: [u16; 81],
    /// Per house (an index into HOUSE_BITS), the digits lost somewhere in
    /// it: the rules ask for them house by house, many times per board.
    houses: [u16; 27],
}

impl Lost {
    fn of(cur: &Board, source: &Board) -> Lost {
        let digits = std::array::from_fn(|d| source.digits[d] & !cur.digits[d]);
        let cells: [u16; 81] = std::array::from_fn(|c| source.cells[c] & !cur.cells[c]);
        let mut houses = [0u16; 27];
        for (c, &m) in cells.iter().enumerate() {
            if m != 0 {
                for (_, h) in se_houses(c) {
                    houses[h] |= m;
                }
            }
        }
        Lost {
            digits,
            cells,
            houses,
        }
    }

    /// Everything lost: skips nothing (the rules unfiltered, for tests).
    #[cfg(test)]
    const ALL: Lost = Lost {
        digits: [u128::MAX; 9],
        cells: [u16::MAX; 81],
        houses: [0x1ff; 27],
    };

    fn none(&self) -> bool {
        self.digits.iter().all(|&m| m == 0)
    }

    /// The digits lost somewhere in house `h` (an index into HOUSE_BITS).
    fn digits_in(&self, h: usize) -> u16 {
        self.houses[h]
    }
}

/// The three houses of kind `k2` that meet house `h1` (of the other
/// kind: lines for a box, boxes for a line), in increasing order.
fn meeting(h1: usize, k2: usize) -> [usize; 3] {
    if h1 >= BOXES {
        let b = h1 - BOXES;
        let first = if k2 == ROWS {
            b / 3 * 3
        } else {
            COLS + b % 3 * 3
        };
        [first, first + 1, first + 2]
    } else if h1 >= COLS {
        let first = BOXES + (h1 - COLS) / 3;
        [first, first + 3, first + 6]
    } else {
        let first = BOXES + h1 / 3 * 3;
        [first, first + 1, first + 2]
    }
}

/// Pointing and claiming: (box, column), (box, row), (column, box), (row, box).
///
/// The places of a digit (two or more) lie within at most one house of
/// the other kind, which meets `h1`: only those three are looked at.
fn locking(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
    let order = [(BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES)];
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (k1, k2) in order {
        for h1 in kind(k1) {
            // The parents are places of `h1` that lost the digit.
            let lost_here = lost.digits_in(h1);
            if lost_here == 0 {
                continue;
            }
            let mut places = [0u128; 9];
            let mut many = 0u16;
            for d in super::board::digits(lost_here) {
                places[d] = cur.positions(d, h1);
                many |= u16::from(many_bits(places[d])) << d;
            }
            if many == 0 {
                continue;
            }
            for h2 in meeting(h1, k2) {
                let common = HOUSE_BITS[h1] & HOUSE_BITS[h2];
                for d in super::board::digits(many) {
                    if places[d] & !common != 0 {
                        continue;
                    }
                    removable.clear();
                    parents.clear();
                    let gone = cur.positions(d, h2) & !HOUSE_BITS[h1];
                    removable.extend(cells(gone).map(|c| cand(c, d)));
                    let gone = source.positions(d, h1) & !cur.digits[d] & !HOUSE_BITS[h2];
                    parents.extend(cells(gone).map(|c| cand(c, d)));
                    out.push(&removable, &parents);
                }
            }
        }
    }
}

/// Hidden pairs in boxes, columns, rows.
///
/// Two digits of two places or more whose places are two cells have the
/// same two places: only digits with exactly two places are paired.
fn hidden_pairs(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for first in [BOXES, COLS, ROWS] {
        for h in kind(first) {
            if (cur.empty & HOUSE_BITS[h]).count_ones() <= 4 {
                continue;
            }
            // The parents are the pair's digits outside the pair's cells,
            // which `cur` no longer has there: lost ones.
            let lost_here = lost.digits_in(h);
            if lost_here == 0 {
                continue;
            }
            let mut places = [0u128; 9];
            let mut two = 0u16;
            for (d, slot) in places.iter_mut().enumerate() {
                *slot = cur.positions(d, h);
                two |= u16::from(two_bits(*slot)) << d;
            }
            // PAIRS order: by the higher digit, then the lower.
            for b in super::board::digits(two) {
                for a in super::board::digits(two & ((1 << b) - 1)) {
                    if lost_here & (1 << a | 1 << b) == 0 || places[a] != places[b] {
                        continue;
                    }
                    let pair = places[a];
                    removable.clear();
                    parents.clear();
                    let keep = 1u16 << a | 1 << b;
                    for c in cells(pair) {
                        let others = cur.cells[c] & !keep;
                        removable.extend(super::board::digits(others).map(|d| cand(c, d)));
                    }
                    for c in cells(HOUSE_BITS[h] & !pair) {
                        for d in [a, b] {
                            if source.cells[c] >> d & 1 == 1 {
                                parents.push(cand(c, d));
                            }
                        }
                    }
                    out.push(&removable, &parents);
                }
            }
        }
    }
}

/// Naked pairs in boxes, columns, rows: pairs of bivalue cells with the
/// same two digits.
fn naked_pairs(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for first in [BOXES, COLS, ROWS] {
        for h in kind(first) {
            // Only pairs of cells that lost a digit have parents.
            if (cur.empty & HOUSE_BITS[h]).count_ones() < 4 || lost.digits_in(h) == 0 {
                continue;
            }
            let order = &REGION_ORDER[h];
            let mut bivalue = 0u16;
            for (i, &c) in order.iter().enumerate() {
                bivalue |= u16::from(two_digits(cur.cells[c])) << i;
            }
            // PAIRS order: by the higher index, then the lower.
            for j in super::board::digits(bivalue) {
                for i in super::board::digits(bivalue & ((1 << j) - 1)) {
                    let (ca, cb) = (order[i], order[j]);
                    // The parents are the pair cells' other digits: lost ones.
                    if lost.cells[ca] | lost.cells[cb] == 0 || cur.cells[ca] != cur.cells[cb] {
                        continue;
                    }
                    let pair = cur.cells[ca];
                    removable.clear();
                    parents.clear();
                    for &c in order {
                        if c != ca && c != cb {
                            let hit = cur.cells[c] & pair;
                            removable.extend(super::board::digits(hit).map(|d| cand(c, d)));
                        }
                    }
                    removable.sort_unstable();
                    for c in [ca, cb] {
                        let extra = source.cells[c] & !pair;
                        parents.extend(super::board::digits(extra).map(|d| cand(c, d)));
                    }
                    out.push(&removable, &parents);
                }
            }
        }
    }
}

/// The cells of every house in SE's region order (for all three kinds
/// this is increasing cell index).
const REGION_ORDER: [[usize; 9]; 27] = {
    let mut table = [[0; 9]; 27];
    let mut h = 0;
    while h < 27 {
        let (mut cell, mut i) = (0, 0);
        while cell < 81 {
            if HOUSE_BITS[h] >> cell & 1 == 1 {
                table[h][i] = cell;
                i += 1;
            }
            cell += 1;
        }
        h += 1;
    }
    table
};

/// X-Wings with columns as base lines, then rows.
///
/// A base line's places are in as many cover lines as it has places, so
/// two cover lines hold only base lines of exactly two places.
fn x_wings(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (base, cover) in [(COLS, ROWS), (ROWS, COLS)] {
        // Per base line, the digits with exactly two places there.
        let mut two = [0u16; 9];
        for (line, slot) in two.iter_mut().enumerate() {
            for d in 0..9 {
                *slot |= u16::from(two_bits(cur.positions(d, base + line))) << d;
            }
        }
        for &(i, j) in &PAIRS {
            let (b1, b2) = (base + i, base + j);
            // The parents are places of the base lines that lost the digit.
            let lost_here = (lost.digits_in(b1) | lost.digits_in(b2)) & two[i] & two[j];
            for d in super::board::digits(lost_here) {
                if usize::from(cur.placed[d]) + 4 > 9 {
                    continue;
                }
                let (p1, p2) = (cur.positions(d, b1), cur.positions(d, b2));
                let covers = cover_lines(p1 | p2, cover);
                if !two_digits(covers) {
                    continue;
                }
                let cover_bits =
                    super::board::digits(covers).fold(0u128, |m, l| m | HOUSE_BITS[cover + l]);
                let base_bits = HOUSE_BITS[b1] | HOUSE_BITS[b2];
                removable.clear();
                parents.clear();
                removable
                    .extend(cells(cur.digits[d] & cover_bits & !base_bits).map(|c| cand(c, d)));
                for b in [b1, b2] {
                    let gone = source.positions(d, b) & !cur.digits[d] & !cover_bits;
                    parents.extend(cells(gone).map(|c| cand(c, d)));
                }
                out.push(&removable, &parents);
            }
        }
    }
}

/// The lines of kind `cover` (rows or columns) that the cells of `bits`
/// lie in, as a mask (bit `i` = line `cover + i`).
fn cover_lines(bits: u128, cover: usize) -> u16 {
    cells(bits).fold(0u16, |m, c| {
        m | 1 << if cover == ROWS { c / 9 } else { c % 9 }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules as they were before their filters (every house pair
    /// for locking, every pair of digits or cells): the reference the
    /// filtered rules are compared with.
    mod reference {
        use super::super::*;

        /// Pointing and claiming: (box, column), (box, row), (column, box), (row, box).
        fn locking(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
            let order = [(BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES)];
            let mut removable = Vec::new();
            let mut parents = Vec::new();
            for (k1, k2) in order {
                for h1 in kind(k1) {
                    // The parents are places of `h1` that lost the digit.
                    let lost_here = lost.digits_in(h1);
                    if lost_here == 0 {
                        continue;
                    }
                    for h2 in kind(k2) {
                        let common = HOUSE_BITS[h1] & HOUSE_BITS[h2];
                        if common == 0 {
                            continue;
                        }
                        for d in crate::logic::se_chains::board::digits(lost_here) {
                            let places = cur.positions(d, h1);
                            if !many_bits(places) || places & !common != 0 {
                                continue;
                            }
                            removable.clear();
                            parents.clear();
                            let gone = cur.positions(d, h2) & !HOUSE_BITS[h1];
                            removable.extend(cells(gone).map(|c| cand(c, d)));
                            let gone = source.positions(d, h1) & !cur.digits[d] & !HOUSE_BITS[h2];
                            parents.extend(cells(gone).map(|c| cand(c, d)));
                            out.push(&removable, &parents);
                        }
                    }
                }
            }
        }

        /// Hidden pairs in boxes, columns, rows.
        fn hidden_pairs(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
            let mut removable = Vec::new();
            let mut parents = Vec::new();
            for first in [BOXES, COLS, ROWS] {
                for h in kind(first) {
                    if (cur.empty & HOUSE_BITS[h]).count_ones() <= 4 {
                        continue;
                    }
                    // The parents are the pair's digits outside the pair's cells,
                    // which `cur` no longer has there: lost ones.
                    let lost_here = lost.digits_in(h);
                    if lost_here == 0 {
                        continue;
                    }
                    for &(a, b) in &PAIRS {
                        if lost_here & (1 << a | 1 << b) == 0 {
                            continue;
                        }
                        let (pa, pb) = (cur.positions(a, h), cur.positions(b, h));
                        if !many_bits(pa) || !many_bits(pb) || !two_bits(pa | pb) {
                            continue;
                        }
                        let pair = pa | pb;
                        removable.clear();
                        parents.clear();
                        let keep = 1u16 << a | 1 << b;
                        for c in cells(pair) {
                            let others = cur.cells[c] & !keep;
                            removable.extend(
                                crate::logic::se_chains::board::digits(others).map(|d| cand(c, d)),
                            );
                        }
                        for c in cells(HOUSE_BITS[h] & !pair) {
                            for d in [a, b] {
                                if source.cells[c] >> d & 1 == 1 {
                                    parents.push(cand(c, d));
                                }
                            }
                        }
                        out.push(&removable, &parents);
                    }
                }
            }
        }

        /// Naked pairs in boxes, columns, rows.
        fn naked_pairs(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
            let mut removable = Vec::new();
            let mut parents = Vec::new();
            for first in [BOXES, COLS, ROWS] {
                for h in kind(first) {
                    // Only pairs of cells that lost a digit have parents.
                    if (cur.empty & HOUSE_BITS[h]).count_ones() < 4 || lost.digits_in(h) == 0 {
                        continue;
                    }
                    let order = region_order(h);
                    for &(i, j) in &PAIRS {
                        let (ca, cb) = (order[i], order[j]);
                        // The parents are the pair cells' other digits: lost ones.
                        if lost.cells[ca] | lost.cells[cb] == 0 {
                            continue;
                        }
                        let (sa, sb) = (cur.cells[ca], cur.cells[cb]);
                        if sa != sb || !two_digits(sa) {
                            continue;
                        }
                        let pair = sa | sb;
                        removable.clear();
                        parents.clear();
                        for &c in &order {
                            if c != ca && c != cb {
                                let hit = cur.cells[c] & pair;
                                removable.extend(
                                    crate::logic::se_chains::board::digits(hit).map(|d| cand(c, d)),
                                );
                            }
                        }
                        removable.sort_unstable();
                        for c in [ca, cb] {
                            let extra = source.cells[c] & !pair;
                            parents.extend(
                                crate::logic::se_chains::board::digits(extra).map(|d| cand(c, d)),
                            );
                        }
                        out.push(&removable, &parents);
                    }
                }
            }
        }

        /// The cells of house `h` in SE's region order (for all three kinds this
        /// is increasing cell index).
        fn region_order(h: usize) -> [usize; 9] {
            let mut out = [0; 9];
            for (slot, c) in out.iter_mut().zip(cells(HOUSE_BITS[h])) {
                *slot = c;
            }
            out
        }

        /// X-Wings with columns as base lines, then rows.
        fn x_wings(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
            let mut removable = Vec::new();
            let mut parents = Vec::new();
            for (base, cover) in [(COLS, ROWS), (ROWS, COLS)] {
                for &(i, j) in &PAIRS {
                    let (b1, b2) = (base + i, base + j);
                    // The parents are places of the base lines that lost the digit.
                    let lost_here = lost.digits_in(b1) | lost.digits_in(b2);
                    for d in crate::logic::se_chains::board::digits(lost_here) {
                        if usize::from(cur.placed[d]) + 4 > 9 {
                            continue;
                        }
                        let (p1, p2) = (cur.positions(d, b1), cur.positions(d, b2));
                        if !many_bits(p1) || !many_bits(p2) {
                            continue;
                        }
                        let covers = cover_lines(p1 | p2, cover);
                        if !two_digits(covers) {
                            continue;
                        }
                        let cover_bits = crate::logic::se_chains::board::digits(covers)
                            .fold(0u128, |m, l| m | HOUSE_BITS[cover + l]);
                        let base_bits = HOUSE_BITS[b1] | HOUSE_BITS[b2];
                        removable.clear();
                        parents.clear();
                        removable.extend(
                            cells(cur.digits[d] & cover_bits & !base_bits).map(|c| cand(c, d)),
                        );
                        for b in [b1, b2] {
                            let gone = source.positions(d, b) & !cur.digits[d] & !cover_bits;
                            parents.extend(cells(gone).map(|c| cand(c, d)));
                        }
                        out.push(&removable, &parents);
                    }
                }
            }
        }

        /// The lines of kind `cover` (rows or columns) that the cells of `bits`
        /// lie in, as a mask (bit `i` = line `cover + i`).
        fn cover_lines(bits: u128, cover: usize) -> u16 {
            cells(bits).fold(0u16, |m, c| {
                m | 1 << if cover == ROWS { c / 9 } else { c % 9 }
            })
        }

        /// A rule: its hints from a board against the source board.
        pub(super) type Rule = fn(&Board, &Board, &Lost, &mut Found);

        /// The four rules in SE's order.
        pub(super) const RULES: [Rule; 4] = [locking, hidden_pairs, naked_pairs, x_wings];

        /// The four rules in SE's order, keeping the first with hints.
        pub(super) fn rules_with(cur: &Board, source: &Board, lost: &Lost, out: &mut Found) {
            out.clear();
            locking(cur, source, lost, out);
            if out.hints.is_empty() {
                hidden_pairs(cur, source, lost, out);
            }
            if out.hints.is_empty() {
                naked_pairs(cur, source, lost, out);
            }
            if out.hints.is_empty() {
                x_wings(cur, source, lost, out);
            }
        }
    }

    /// Skipping the instances whose places lost nothing changes no hint:
    /// on positions of hard puzzles with candidates removed at random, the
    /// rules give the same hints, in the same order, as unfiltered.
    #[test]
    fn skipping_unchanged_places_changes_no_hint() {
        use crate::logic::solver::Position;
        let mut next = crate::logic::se_chains::xorshift(0x9e37_79b9_7f4a_7c15);
        let (mut compared, mut found) = (0, 0);
        let mut per_rule = [0; 4];
        for puzzle in crate::logic::soundness::sample("top1465_200.txt")
            .iter()
            .take(30)
        {
            let pos = Position::new(puzzle);
            let source = Board::new(&pos.grid, &pos.candidates);
            for _ in 0..40 {
                let mut cur = source;
                let removals = next() % 24;
                for _ in 0..removals {
                    let c = (next() % 729) as Cand;
                    if cur.has(c) {
                        cur.remove(c);
                    }
                }
                let lost = Lost::of(&cur, &source);
                for (h, &house) in HOUSE_BITS.iter().enumerate() {
                    let any = |d: usize| lost.digits[d] & house != 0;
                    let digits = (0..9).fold(0, |m, d| m | u16::from(any(d)) << d);
                    assert_eq!(lost.digits_in(h), digits, "house {h}");
                }
                let (mut fast, mut full) = (Found::default(), Found::default());
                first_rule(&cur, &source, &mut fast);
                rules_with(&cur, &source, &Lost::ALL, &mut full);
                assert_eq!(fast.hints, full.hints);
                assert_eq!(fast.cands, full.cands);
                for lost in [&lost, &Lost::ALL] {
                    let mut slow = Found::default();
                    reference::rules_with(&cur, &source, lost, &mut slow);
                    assert_eq!(fast.hints, slow.hints);
                    assert_eq!(fast.cands, slow.cands);
                }
                let rules: [reference::Rule; 4] = [locking, hidden_pairs, naked_pairs, x_wings];
                for (i, (rule, slow_rule)) in rules.iter().zip(reference::RULES).enumerate() {
                    let (mut new, mut old) = (Found::default(), Found::default());
                    rule(&cur, &source, &lost, &mut new);
                    slow_rule(&cur, &source, &Lost::ALL, &mut old);
                    assert_eq!(new.hints, old.hints, "rule {i}");
                    assert_eq!(new.cands, old.cands, "rule {i}");
                    per_rule[i] += usize::from(!old.hints.is_empty());
                }
                compared += 1;
                found += usize::from(!full.hints.is_empty());
            }
        }
        assert!(compared >= 1000 && found > 200, "{compared} {found}");
        assert!(per_rule.iter().all(|&n| n >= 20), "{per_rule:?}");
    }

    #[test]
    fn pairs_follow_gospers_order() {
        assert_eq!(&PAIRS[..4], &[(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(PAIRS[35], (7, 8));
    }
}
