//! Almost locked sets: `n` cells of one house holding `n + 1` digits, all
//! of them collected in HoDoKu's order.

use crate::candidates::{Candidates, HOUSE_CELLS};
use crate::grid::{Grid, House};
use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};

/// An almost locked set: `n` empty cells of one house whose candidates are
/// `n + 1` digits. A single bivalue cell is an ALS of one cell.
///
/// Besides its cells and digits it keeps, per digit, where the digit sits in
/// the set and which cells outside see all those places: the bitboards the
/// ALS techniques (and chains with ALS nodes) test links against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Als {
    /// The cells (bit `i` = cell `i`).
    pub cells: u128,
    /// The digits (bit `d - 1` = digit `d`).
    pub digits: u16,
    /// The house the set was first found in (rows, then columns, then boxes).
    pub house: House,
    /// `places[d - 1]`: the cells of the set holding candidate `d`.
    pub places: [u128; 9],
    /// `buddies[d - 1]`: the cells outside the set holding candidate `d`
    /// that see every cell of `places[d - 1]` (HoDoKu's
    /// `buddiesPerCandidat`); empty for a digit the set lacks.
    pub buddies: [u128; 9],
    /// The union of `buddies`: every cell outside that sees all the places
    /// of at least one digit of the set.
    pub all_buddies: u128,
}

impl Als {
    /// The set of `cells` (of `house`) with `digits`, its per-digit fields
    /// computed on `candidates` (`digit_places[d - 1]` = the cells holding
    /// candidate `d`).
    fn new(cells: u128, digits: u16, house: House, digit_places: &[u128; 9]) -> Als {
        let mut als = Als {
            cells,
            digits,
            house,
            places: [0; 9],
            buddies: [0; 9],
            all_buddies: 0,
        };
        for (d, &with_d) in digit_places.iter().enumerate() {
            if digits >> d & 1 == 0 {
                continue;
            }
            let places = cells & with_d;
            als.places[d] = places;
            als.buddies[d] = seeing_all_in_house(places) & with_d & !cells;
            als.all_buddies |= als.buddies[d];
        }
        als
    }

    /// The set on a position where its cells kept their candidates but
    /// the digits `moved` changed places (`digit_places`), the digits
    /// `grew` gaining some: a digit's places in the set are the same, so
    /// the cells seeing them all are, and only those holding the digit
    /// change (when it only lost places, fewer of the same).
    fn refreshed(&self, moved: u16, grew: u16, digit_places: &[u128; 9]) -> Als {
        let mut als = *self;
        als.all_buddies = 0;
        for (d, &with_d) in digit_places.iter().enumerate() {
            if self.digits >> d & 1 == 0 {
                continue;
            }
            if grew >> d & 1 == 1 {
                als.buddies[d] = seeing_all_in_house(self.places[d]) & with_d & !self.cells;
            } else if moved >> d & 1 == 1 {
                als.buddies[d] &= with_d;
            }
            als.all_buddies |= als.buddies[d];
        }
        als
    }

    /// How many cells the set has.
    pub fn len(&self) -> usize {
        self.cells.count_ones() as usize
    }
}

/// The cells that see every cell of `cells` (none of `cells` itself).
pub(crate) fn seeing_all(mut cells: u128) -> u128 {
    let mut out = (1u128 << 81) - 1;
    while cells != 0 {
        let i = cells.trailing_zeros() as usize;
        cells &= cells - 1;
        out &= PEER_BITS[i];
    }
    out
}

/// The cells that see every cell of `cells`, cells of one house (none of
/// `cells` itself): the peers of a single cell; else the houses holding
/// all of them (two cells of one house see a third only through a house
/// holding both).
pub(crate) fn seeing_all_in_house(cells: u128) -> u128 {
    let first = cells.trailing_zeros() as usize;
    if cells & (cells - 1) == 0 {
        return PEER_BITS[first];
    }
    CELL_HOUSES[first]
        .iter()
        .filter(|&&h| cells & !h == 0)
        .fold(0, |m, &h| m | h)
        & !cells
}

/// Each cell's row, column and box as bitboards.
static CELL_HOUSES: [[u128; 3]; 81] = {
    let mut t = [[0u128; 3]; 81];
    let mut c = 0;
    while c < 81 {
        let (row, col) = (c / 9, c % 9);
        t[c] = [
            HOUSE_BITS[row],
            HOUSE_BITS[9 + col],
            HOUSE_BITS[18 + row / 3 * 3 + col / 3],
        ];
        c += 1;
    }
    t
};

/// Every almost locked set of the position, as HoDoKu collects them: house
/// by house (rows, columns, boxes), in each the subsets of its empty cells
/// of one to eight cells in depth-first order (first cell first), each set
/// once (in the first house it is found in). With `single_cells` false the
/// one-cell sets (bivalue cells) are left out, as HoDoKu's chains do.
///
/// The order is HoDoKu's list order; the ALS techniques' choice among
/// several steps depends on it.
///
/// The sets of a house depend only on its cells (their candidates and
/// whether they are filled), and a set's per-digit fields only on its
/// cells and the places of its digits: so a house unchanged since the
/// last call (per thread) gives back its sets, recomputed only for the
/// digits whose places changed. Between solver steps most houses are.
pub(crate) fn collect(grid: &Grid, candidates: &Candidates, single_cells: bool) -> Vec<Als> {
    let places = crate::logic::memo::planes(candidates);
    let keys: [HouseKey; 27] = std::array::from_fn(|h| house_key(grid, candidates, h));
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        let memo = last.as_ref().filter(|m| m.single_cells == single_cells);
        // The digits whose places changed, and those that gained places.
        let (moved, grew) = memo.map_or((0x1ff, 0x1ff), |m| {
            (0..9).fold((0u16, 0u16), |(a, b), d| {
                (
                    a | u16::from(m.places[d] != places[d]) << d,
                    b | u16::from(places[d] & !m.places[d] != 0) << d,
                )
            })
        });
        let mut out = Vec::with_capacity(memo.map_or(256, |m| m.alses.len() + 16));
        let mut ends = [0u32; 27];
        for h in 0..27 {
            match memo.filter(|m| m.keys[h] == keys[h]) {
                Some(m) => {
                    let from = if h == 0 { 0 } else { m.ends[h - 1] as usize };
                    for a in &m.alses[from..m.ends[h] as usize] {
                        out.push(if a.digits & moved == 0 {
                            *a
                        } else {
                            a.refreshed(moved, grew, &places)
                        });
                    }
                }
                None => house_sets(grid, candidates, h, single_cells, &places, &mut out),
            }
            ends[h] = out.len() as u32;
        }
        *last = Some(Memo {
            single_cells,
            places,
            keys,
            ends,
            alses: out.clone(),
        });
        out
    })
}

/// [`collect`] without the memo: every house enumerated afresh (the
/// reference the memo is tested against).
#[cfg(test)]
pub(crate) fn collect_fresh(grid: &Grid, candidates: &Candidates, single_cells: bool) -> Vec<Als> {
    let places = candidates.planes();
    let mut out = Vec::with_capacity(256);
    for h in 0..27 {
        house_sets(grid, candidates, h, single_cells, &places, &mut out);
    }
    out
}

/// What the sets of a house depend on: per cell of the house, its
/// candidates, or [`FILLED`] for a filled cell.
type HouseKey = [u16; 9];

/// A filled cell in a [`HouseKey`] (no candidate set has this bit).
const FILLED: u16 = 1 << 15;

/// The [`HouseKey`] of house `h`.
fn house_key(grid: &Grid, candidates: &Candidates, h: usize) -> HouseKey {
    std::array::from_fn(|k| {
        let c = HOUSE_CELLS[h][k] as usize;
        if grid.values()[c] == 0 {
            candidates
                .get(crate::grid::Cell::new(c).expect("c < 81"))
                .bits()
        } else {
            FILLED
        }
    })
}

/// The last call of [`collect`]: its houses' keys, its sets, and where
/// each house's sets end among them.
struct Memo {
    single_cells: bool,
    /// The places of each digit (0-based) then.
    places: [u128; 9],
    keys: [HouseKey; 27],
    /// The end of each house's sets in `alses`.
    ends: [u32; 27],
    alses: Vec<Als>,
}

thread_local! {
    /// The last [`collect`] of this thread.
    static LAST: std::cell::RefCell<Option<Memo>> = const { std::cell::RefCell::new(None) };
}

/// Appends the sets first found in house `h` to `out`, in HoDoKu's order
/// (`places`: the cells of each digit, 0-based).
fn house_sets(
    grid: &Grid,
    candidates: &Candidates,
    h: usize,
    single_cells: bool,
    places: &[u128; 9],
    out: &mut Vec<Als>,
) {
    let house = House::from_index(h).expect("h < 27");
    let mut cells = [0u8; 9];
    let mut masks = [0u16; 9];
    let mut n = 0;
    for &c in &HOUSE_CELLS[h] {
        if grid.values()[c as usize] == 0 {
            cells[n] = c;
            masks[n] = candidates
                .get(crate::grid::Cell::new(c as usize).expect("c < 81"))
                .bits();
            n += 1;
        }
    }
    let kind = h / 9;
    // Every subset's digits (entries are written before they are read), in
    // counting order; the sets found are put in HoDoKu's depth-first order
    // after, as depth-first rank and cell mask.
    let mut digits = [0u16; 512];
    let mut found: Vec<(u16, u16)> = Vec::with_capacity(64);
    for m in 1..1usize << n {
        digits[m] = digits[m & (m - 1)] | masks[m.trailing_zeros() as usize];
        let size = pop(m as u16);
        if size <= 8 && pop(digits[m]) == size + 1 {
            found.push((PREORDER_RANK[m], m as u16));
        }
    }
    found.sort_unstable();
    for &(_, m) in &found {
        let set = (0..n)
            .filter(|&k| m >> k & 1 != 0)
            .fold(0u128, |b, k| b | 1u128 << cells[k]);
        if is_new(set, pop(m), kind, single_cells) {
            out.push(Als::new(set, digits[m as usize], house, places));
        }
    }
}

/// Whether `set` (of `size` cells, found in a house of `kind`: 0 row, 1
/// column, 2 box) was not found in an earlier house: a column's single
/// cell lies in a row, a box's set within one line lies in that line.
fn is_new(set: u128, size: u32, kind: usize, single_cells: bool) -> bool {
    if size == 1 {
        return kind == 0 && single_cells;
    }
    kind != 2 || !(within_row(set) || within_column(set))
}

/// How many bits of a 9-bit mask are set (a table: the default target has
/// no population-count instruction).
pub(crate) fn pop(mask: u16) -> u32 {
    u32::from(POP9[usize::from(mask & 0x1ff)])
}

static POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 1;
    while i < 512 {
        t[i] = t[i >> 1] + (i & 1) as u8;
        i += 1;
    }
    t
};

/// The rank of each subset of nine cells (bit `k` = the `k`-th cell) in the
/// depth-first order HoDoKu visits them: first cell first, a set before its
/// extensions (`{0} {0,1} {0,1,2} … {0,2} …`).
static PREORDER_RANK: std::sync::LazyLock<[u16; 512]> = std::sync::LazyLock::new(|| {
    fn walk(start: usize, set: usize, next: &mut u16, rank: &mut [u16; 512]) {
        for k in start..9 {
            let set = set | 1 << k;
            rank[set] = *next;
            *next += 1;
            walk(k + 1, set, next, rank);
        }
    }
    let mut rank = [0u16; 512];
    walk(0, 0, &mut 0, &mut rank);
    rank
});

/// Whether all cells of `set` lie in one row.
fn within_row(set: u128) -> bool {
    let row = set.trailing_zeros() / 9;
    set & !(0x1ffu128 << (row * 9)) == 0
}

/// Whether all cells of `set` lie in one column.
fn within_column(set: u128) -> bool {
    let col = set.trailing_zeros() % 9;
    let mask = HOUSE_BITS[9 + col as usize];
    set & !mask == 0
}
