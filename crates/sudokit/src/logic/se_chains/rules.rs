//! The rules that dynamic forcing chains (+) and nested forcing chains
//! apply to the candidates a propagation has left, in SE's order and
//! enumeration (locked candidates, hidden pairs, naked pairs, X-Wings), each
//! with the candidates whose removal it needs (its "parents": a rule that
//! needs none held before the chain started and adds nothing to it).

use super::board::{Board, Cand, cand, cells};
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
    locking(cur, source, out);
    if out.hints.is_empty() {
        hidden_pairs(cur, source, out);
    }
    if out.hints.is_empty() {
        naked_pairs(cur, source, out);
    }
    if out.hints.is_empty() {
        x_wings(cur, source, out);
    }
}

/// Pointing and claiming: (box, column), (box, row), (column, box), (row, box).
fn locking(cur: &Board, source: &Board, out: &mut Found) {
    let order = [(BOXES, COLS), (BOXES, ROWS), (COLS, BOXES), (ROWS, BOXES)];
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (k1, k2) in order {
        for h1 in kind(k1) {
            for h2 in kind(k2) {
                let common = HOUSE_BITS[h1] & HOUSE_BITS[h2];
                if common == 0 {
                    continue;
                }
                for d in 0..9 {
                    let places = cur.positions(d, h1);
                    if places.count_ones() <= 1 || places & !common != 0 {
                        continue;
                    }
                    removable.clear();
                    parents.clear();
                    let gone = cur.positions(d, h2) & !HOUSE_BITS[h1];
                    removable.extend(cells(gone).map(|c| cand(c, d)));
                    let lost = source.positions(d, h1) & !cur.digits[d] & !HOUSE_BITS[h2];
                    parents.extend(cells(lost).map(|c| cand(c, d)));
                    out.push(&removable, &parents);
                }
            }
        }
    }
}

/// Hidden pairs in boxes, columns, rows.
fn hidden_pairs(cur: &Board, source: &Board, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for first in [BOXES, COLS, ROWS] {
        for h in kind(first) {
            if (cur.empty & HOUSE_BITS[h]).count_ones() <= 4 {
                continue;
            }
            for &(a, b) in &PAIRS {
                let (pa, pb) = (cur.positions(a, h), cur.positions(b, h));
                if pa.count_ones() <= 1 || pb.count_ones() <= 1 || (pa | pb).count_ones() != 2 {
                    continue;
                }
                let pair = pa | pb;
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

/// Naked pairs in boxes, columns, rows.
fn naked_pairs(cur: &Board, source: &Board, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for first in [BOXES, COLS, ROWS] {
        for h in kind(first) {
            if (cur.empty & HOUSE_BITS[h]).count_ones() < 4 {
                continue;
            }
            let order = region_order(h);
            for &(i, j) in &PAIRS {
                let (ca, cb) = (order[i], order[j]);
                let (sa, sb) = (cur.cells[ca], cur.cells[cb]);
                if sa.count_ones() <= 1 || sb.count_ones() <= 1 || (sa | sb).count_ones() != 2 {
                    continue;
                }
                let pair = sa | sb;
                removable.clear();
                parents.clear();
                for &c in &order {
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
fn x_wings(cur: &Board, source: &Board, out: &mut Found) {
    let mut removable = Vec::new();
    let mut parents = Vec::new();
    for (base, cover) in [(COLS, ROWS), (ROWS, COLS)] {
        for &(i, j) in &PAIRS {
            let (b1, b2) = (base + i, base + j);
            for d in 0..9 {
                if usize::from(cur.placed[d]) + 4 > 9 {
                    continue;
                }
                let (p1, p2) = (cur.positions(d, b1), cur.positions(d, b2));
                if p1.count_ones() <= 1 || p2.count_ones() <= 1 {
                    continue;
                }
                let covers = cover_lines(p1 | p2, cover);
                if covers.count_ones() != 2 {
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
                    let lost = source.positions(d, b) & !cur.digits[d] & !cover_bits;
                    parents.extend(cells(lost).map(|c| cand(c, d)));
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

    #[test]
    fn pairs_follow_gospers_order() {
        assert_eq!(&PAIRS[..4], &[(0, 1), (0, 2), (1, 2), (0, 3)]);
        assert_eq!(PAIRS[35], (7, 8));
    }
}
