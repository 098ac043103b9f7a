//! Sue de Coq as HoDoKu finds it (its MiscellaneousSolver), extended forms
//! included: two or three cells of a box-line crossing (not necessarily all
//! of its empty cells), and line and box sets that may hold digits from
//! outside the crossing, one more cell for each.

use super::evidence::Elims;
use super::sets::pop;
use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Grid, House};
use crate::logic::single_digit::{HOUSE_BITS, cells_of};
use crate::logic::{Step, Technique};

/// Every Sue de Coq, in HoDoKu's order (rows with their boxes, then columns
/// with their boxes; crossing cells, line sets and box sets each tried in
/// depth-first order); HoDoKu takes the first.
///
/// Crossing cells `C` with digits `V`, `|V| ≥ |C| + 2`; a set `L` of other
/// cells of the line and a set `B` of other cells of the box, `B` free of
/// the digits `L` takes from `V`, each set holding as many cells as its
/// digits from `V` it accounts for plus one per digit from outside `V`;
/// together they account for `|V| - |C|` digits. Then `C ∪ L ∪ B` holds
/// each of its digits as often as it can: the line outside loses `V ∪ L`
/// but `B`'s digits, the box outside loses `V ∪ B` but `L`'s, and a digit
/// from outside `V` in both sets leaves both houses.
pub(super) fn find(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    search(grid, candidates, !0, |s, cells, digits| {
        s.line_sets(cells, digits)
    })
}

/// Whether a Sue de Coq with a cell of `changed` in its crossing, line or
/// box set eliminates: the search [`super::barren`] needs after a
/// position without Sue de Coq. Its cells are empty, so their candidates
/// decide the pattern; the cells left in its line and box can only have
/// lost candidates, so a pattern of unchanged cells eliminates at most
/// what it eliminated on the earlier position.
pub(super) fn any_with(grid: &Grid, candidates: &Candidates, changed: u128) -> bool {
    !search(grid, candidates, changed, |s, cells, digits| {
        s.line_sets(cells, digits)
    })
    .is_empty()
}

/// The steps found with `line_sets` trying the line and box sets of each
/// crossing set, of the patterns with a cell of `need`.
fn search(grid: &Grid, candidates: &Candidates, need: u128, line_sets: LineSets) -> Vec<Step> {
    let mut empty = 0u128;
    let mut masks = [0u16; 81];
    for cell in Cell::all() {
        if grid[cell] == 0 {
            empty |= 1u128 << cell.index();
            masks[cell.index()] = candidates.get(cell).bits();
        }
    }
    let mut search = Search {
        masks: &masks,
        need,
        steps: Vec::new(),
        line: 0,
        block: 0,
        line_house: 0,
        block_house: 0,
        crossing: 0,
        crossing_digits: 0,
        line_set: 0,
        line_digits: 0,
    };
    for (line_house, &line) in HOUSE_BITS[..18].iter().enumerate() {
        for b in 0..9 {
            search.line = line & empty;
            search.block = HOUSE_BITS[18 + b] & empty;
            search.line_house = line_house;
            search.block_house = 18 + b;
            let crossing = search.line & search.block;
            if crossing.count_ones() >= 2 && (search.line | search.block) & need != 0 {
                search.crossings(crossing, line_sets);
            }
        }
    }
    search.steps
}

/// A way to try the line and box sets of a crossing set and its digits.
type LineSets = fn(&mut Search<'_>, u128, u16);

struct Search<'a> {
    masks: &'a [u16; 81],
    /// The cells of which a pattern must hold one to be recorded.
    need: u128,
    steps: Vec<Step>,
    /// The empty cells of the line and of the box.
    line: u128,
    block: u128,
    line_house: usize,
    block_house: usize,
    /// The crossing cells tried and their digits.
    crossing: u128,
    crossing_digits: u16,
    /// The line set tried and its digits.
    line_set: u128,
    line_digits: u16,
}

impl Search<'_> {
    fn digits_of(&self, cells: u128) -> u16 {
        cells_of(cells).fold(0, |m, c| m | self.masks[c.index()])
    }

    /// The cells of a crossing as single-cell bitboards.
    fn crossing_cells(crossing: u128) -> ([u128; 3], usize) {
        let mut out = [0u128; 3];
        let mut n = 0;
        for c in cells_of(crossing).take(3) {
            out[n] = 1u128 << c.index();
            n += 1;
        }
        (out, n)
    }

    /// Tries each two or three cells of the crossing with at least two
    /// digits more than cells.
    fn crossings(&mut self, crossing: u128, line_sets: LineSets) {
        let (cells, n) = Self::crossing_cells(crossing);
        let cells = &cells[..n];
        for i1 in 0..n.saturating_sub(1) {
            for i2 in i1 + 1..n {
                let two = cells[i1] | cells[i2];
                let digits = self.digits_of(two);
                if pop(digits) >= 4 {
                    line_sets(self, two, digits);
                }
                for &third in &cells[i2 + 1..] {
                    let three = two | third;
                    let digits = self.digits_of(three);
                    if pop(digits) >= 5 {
                        line_sets(self, three, digits);
                    }
                }
            }
        }
    }

    /// Tries the sets of other line cells (the crossing's other cells
    /// included, as HoDoKu does) for the crossing `cells` with `digits`.
    fn line_sets(&mut self, cells: u128, digits: u16) {
        self.crossing = cells;
        self.crossing_digits = digits;
        let plus = pop(digits) as usize - cells.count_ones() as usize;
        let line = Subsets::new(self.line & !cells, self.masks);
        // The box sets are drawn from these cells less the line set's.
        let mut boxes = BoxCells::new(self.block & !cells, self.masks, &line);
        for &m in line.preorder() {
            let digits = line.digits[m as usize];
            let size = pop(u16::from(m)) as usize;
            let inside = digits & self.crossing_digits;
            let extras = pop(digits & !self.crossing_digits) as usize;
            if inside != 0 && size > extras && size - extras < plus {
                // The box set may not hold the crossing digits the line set
                // takes (its extra digits it may).
                self.block_sets(&mut boxes, &line, m, inside, plus - (size - extras));
            }
        }
    }

    /// Tries the sets of `boxes` cells outside the line set (mask `m` of
    /// `line`), free of the `forbidden` digits, that account for exactly
    /// `plus` digits.
    fn block_sets(
        &mut self,
        boxes: &mut BoxCells,
        line: &Subsets,
        m: u8,
        forbidden: u16,
        plus: usize,
    ) {
        let free = boxes.free(m, forbidden);
        if free == 0 {
            return;
        }
        self.line_set = line.cells(m);
        self.line_digits = line.digits[m as usize];
        // The subsets of the free cells (compact masks: bit `i` = the
        // `i`-th free cell), their cells among the box's and digits; in
        // the order of all subsets: the depth-first order of the free
        // cells alone.
        let mut at = [0u8; 8];
        let n = pop(u16::from(free)) as usize;
        let mut rest = free;
        for slot in &mut at[..n] {
            *slot = rest.trailing_zeros() as u8;
            rest &= rest - 1;
        }
        let mut spread = [0u8; 128];
        let mut digits = [0u16; 128];
        for k in 1..1usize << n {
            let low = usize::from(at[k.trailing_zeros() as usize]);
            spread[k] = spread[k & (k - 1)] | 1 << low;
            digits[k] = digits[k & (k - 1)] | boxes.masks[low];
        }
        for &compact in &PREORDER[n] {
            let digits = digits[compact as usize];
            let size = pop(u16::from(compact)) as usize;
            let extras = pop(digits & !self.crossing_digits) as usize;
            if digits & self.crossing_digits != 0 && size >= extras && size - extras == plus {
                self.check(boxes.cells(spread[compact as usize]), digits);
            }
        }
    }

    /// Records the Sue de Coq of the current crossing, line set and box set
    /// `(set, digits)` if it eliminates.
    fn check(&mut self, block_set: u128, block_digits: u16) {
        if (self.crossing | self.line_set | block_set) & self.need == 0 {
            return;
        }
        let (v, l, b) = (self.crossing_digits, self.line_digits, block_digits);
        let both = b & l;
        let mut elims = Elims::default();
        // HoDoKu's order: the box first, then the line.
        let block_rest = self.block & !block_set & !self.crossing;
        let line_rest = self.line & !self.line_set & !self.crossing;
        let order = [
            (block_rest, ((v | b) & !l) | both),
            (line_rest, ((v | l) & !b) | both),
        ];
        for (rest, digits) in order {
            for c in cells_of(rest) {
                let mut hit = self.masks[c.index()] & digits;
                while hit != 0 {
                    let d = hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    elims.add(d, 1u128 << c.index());
                }
            }
        }
        if elims.is_empty() {
            return;
        }
        let houses =
            [self.line_house, self.block_house].map(|h| House::from_index(h).expect("h < 27"));
        let mut step = Step::new(Technique::SueDeCoq)
            .with_cells(cells_of(self.crossing))
            .with_cells(cells_of(self.line_set))
            .with_cells(cells_of(block_set))
            .house(houses[0])
            .house(houses[1])
            .with_digits(DigitSet::from_bits(v));
        // HoDoKu marks the line set as fins; here they split `cells`.
        step.fins.extend(cells_of(self.line_set));
        step.eliminations.extend(elims.list());
        self.steps.push(step);
    }
}

/// Every Sue de Coq as [`find`] finds them, by trying every box set of
/// every line set in full: the reference its shortcuts are tested against.
#[cfg(test)]
pub(super) fn find_plain(grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    search(grid, candidates, !0, |s, cells, digits| {
        s.line_sets_plain(cells, digits)
    })
}

#[cfg(test)]
impl Search<'_> {
    /// [`Search::line_sets`] without its shortcuts: each box set of the
    /// box's cells, in depth-first order, tested against the line set.
    fn line_sets_plain(&mut self, cells: u128, digits: u16) {
        self.crossing = cells;
        self.crossing_digits = digits;
        let plus = pop(digits) as usize - cells.count_ones() as usize;
        let line = Subsets::new(self.line & !cells, self.masks);
        let boxes = Subsets::new(self.block & !cells, self.masks);
        for &m in line.preorder() {
            let digits = line.digits[m as usize];
            let size = pop(u16::from(m)) as usize;
            let inside = digits & self.crossing_digits;
            let extras = pop(digits & !self.crossing_digits) as usize;
            if inside == 0 || size <= extras || size - extras >= plus {
                continue;
            }
            let want = plus - (size - extras);
            self.line_set = line.cells(m);
            self.line_digits = digits;
            for &b in boxes.preorder() {
                let (set, digits) = (boxes.cells(b), boxes.digits[b as usize]);
                let size = pop(u16::from(b)) as usize;
                let extras = pop(digits & !self.crossing_digits) as usize;
                if set & self.line_set == 0
                    && digits & inside == 0
                    && digits & self.crossing_digits != 0
                    && size >= extras
                    && size - extras == want
                {
                    self.check(set, digits);
                }
            }
        }
    }
}

/// The subsets of up to eight cells: their digits by mask (bit `k` = the
/// `k`-th cell in row-major order), visited in HoDoKu's depth-first order.
struct Subsets {
    cells: [u8; 8],
    len: usize,
    digits: [u16; 256],
}

impl Subsets {
    fn new(bits: u128, masks: &[u16; 81]) -> Subsets {
        let mut out = Subsets {
            cells: [0; 8],
            len: 0,
            digits: [0; 256],
        };
        for c in cells_of(bits).take(8) {
            out.cells[out.len] = c.index() as u8;
            out.len += 1;
        }
        for m in 1..1usize << out.len {
            let low = m.trailing_zeros() as usize;
            out.digits[m] = out.digits[m & (m - 1)] | masks[usize::from(out.cells[low])];
        }
        out
    }

    /// The nonempty masks in depth-first order: first cell first, a set
    /// before its extensions (`{0} {0,1} {0,1,2} … {0,2} …`).
    fn preorder(&self) -> &'static [u8] {
        &PREORDER[self.len]
    }

    /// The cells of a mask as a bitboard.
    fn cells(&self, m: u8) -> u128 {
        mask_cells(&self.cells[..self.len], m)
    }
}

/// The cells a box set is drawn from (up to eight, row-major), with
/// what [`Search::block_sets`] needs to tell the free ones quickly.
struct BoxCells {
    cells: [u8; 8],
    masks: [u16; 8],
    len: usize,
    /// The cell shared with the line cells, if any (the crossing cell left
    /// out of the crossing set): its bit here and in the line's masks.
    shared: Option<(u8, u8)>,
    /// `free_of[f]`: the cells without the digits `f`, where `known` has
    /// bit `f` (many line sets forbid the same digits).
    free_of: [u8; 512],
    known: [u64; 8],
}

impl BoxCells {
    fn new(bits: u128, masks: &[u16; 81], line: &Subsets) -> BoxCells {
        let mut out = BoxCells {
            cells: [0; 8],
            masks: [0; 8],
            len: 0,
            shared: None,
            free_of: [0; 512],
            known: [0; 8],
        };
        for c in cells_of(bits).take(8) {
            let (k, c) = (out.len, c.index());
            out.cells[k] = c as u8;
            out.masks[k] = masks[c];
            if let Some(j) = line.cells[..line.len]
                .iter()
                .position(|&l| usize::from(l) == c)
            {
                out.shared = Some((1 << k, 1 << j));
            }
            out.len += 1;
        }
        out
    }

    /// The cells free of the digits `forbidden` and outside the line set
    /// (mask `m` of the line's cells).
    fn free(&mut self, m: u8, forbidden: u16) -> u8 {
        let f = usize::from(forbidden & 0x1ff);
        let (word, bit) = (f / 64, 1u64 << (f % 64));
        if self.known[word] & bit == 0 {
            self.known[word] |= bit;
            self.free_of[f] = (0..self.len)
                .filter(|&k| self.masks[k] & forbidden == 0)
                .fold(0, |free, k| free | 1 << k);
        }
        let mut free = self.free_of[f];
        if let Some((here, there)) = self.shared {
            if m & there != 0 {
                free &= !here;
            }
        }
        free
    }

    /// The cells of a mask as a bitboard.
    fn cells(&self, m: u8) -> u128 {
        mask_cells(&self.cells[..self.len], m)
    }
}

/// The cells of `list` picked by mask `m` (bit `k` = `list[k]`), as a
/// bitboard.
fn mask_cells(list: &[u8], m: u8) -> u128 {
    list.iter()
        .enumerate()
        .filter(|&(k, _)| m >> k & 1 != 0)
        .fold(0, |b, (_, &c)| b | 1u128 << c)
}

/// For each number of cells `n ≤ 8`, the nonempty subsets of `n` cells in
/// depth-first order.
static PREORDER: std::sync::LazyLock<[Vec<u8>; 9]> = std::sync::LazyLock::new(|| {
    fn walk(n: usize, start: usize, set: u8, out: &mut Vec<u8>) {
        for k in start..n {
            let set = set | 1 << k;
            out.push(set);
            walk(n, k + 1, set, out);
        }
    }
    std::array::from_fn(|n| {
        let mut out = Vec::with_capacity((1 << n) - 1);
        walk(n, 0, 0, &mut out);
        out
    })
});
