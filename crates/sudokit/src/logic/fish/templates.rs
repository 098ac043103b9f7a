//! Templates of one digit: its possible placements in all nine boxes at
//! once (one cell per row, column and box, every cell allowed).
//!
//! A fish reasons on one digit alone, so whatever it eliminates lies in no
//! template: the candidates outside every template are the only possible
//! eliminations of any fish. HoDoKu uses the same test to skip hopeless
//! searches; here it bounds every fish search by the cells it may
//! eliminate, which leaves the results unchanged and cuts the search.

/// For each digit (by index), its candidates that lie in no template, given
/// the cells where each digit is a candidate (`places`) and placed
/// (`placed`): the only candidates any fish can eliminate.
///
/// The last answer is kept per thread and per digit: the solver asks every
/// fish technique in turn about the same position, and a step changes the
/// cells of few digits.
pub(crate) fn outside_templates(places: &[u128; 9], placed: &[u128; 9]) -> [u128; 9] {
    thread_local! {
        /// Per digit, the last allowed cells and their template cells (no
        /// board has every bit set, so that key is free to mean "none").
        static LAST: std::cell::Cell<[(u128, u128); 9]> =
            const { std::cell::Cell::new([(u128::MAX, 0); 9]) };
    }
    LAST.with(|last| {
        let mut memo = last.get();
        let outside = std::array::from_fn(|d| {
            let allowed = places[d] | placed[d];
            if memo[d].0 != allowed {
                memo[d] = (allowed, template_cells(allowed));
            }
            places[d] & !memo[d].1
        });
        last.set(memo);
        outside
    })
}

/// The cells that lie in at least one template whose cells are all in
/// `allowed` (the digit's candidates and the cells where it is placed).
pub(crate) fn template_cells(allowed: u128) -> u128 {
    thread_local! {
        static WALK: std::cell::RefCell<Walk> = std::cell::RefCell::new(Walk {
            options: [0; 9],
            memo: Box::new([[0; 512]; 9]),
            generation: 0,
            cells: 0,
        });
    }
    WALK.with(|walk| {
        let mut walk = walk.borrow_mut();
        walk.start(allowed);
        walk.complete(0, 0);
        walk.cells
    })
}

/// A memoised walk over rows, placing the digit once per row.
struct Walk {
    /// The allowed columns of each row.
    options: [u16; 9],
    /// For each row and set of columns used so far: the walk's generation
    /// times four plus 1 (dead end) or 2 (completable); an entry of an
    /// older generation is unknown. Generations spare clearing 18 KB per
    /// walk.
    memo: Box<[[u32; 512]; 9]>,
    /// The current generation.
    generation: u32,
    /// The cells of the templates found.
    cells: u128,
}

impl Walk {
    /// Starts a walk over the cells `allowed`.
    fn start(&mut self, allowed: u128) {
        self.options = std::array::from_fn(|r| ((allowed >> (9 * r)) & 0x1ff) as u16);
        self.cells = 0;
        self.generation += 1;
        if self.generation >= 1 << 29 {
            *self.memo = [[0; 512]; 9];
            self.generation = 1;
        }
    }

    /// Whether rows `row..9` can take the digit once each, given the columns
    /// `used` by the rows above; records the cells of every completion.
    fn complete(&mut self, row: usize, used: u16) -> bool {
        if row == 9 {
            return true;
        }
        let known = self.memo[row][used as usize];
        if known >> 2 == self.generation {
            return known & 3 == 2;
        }
        // A stack is free in this band while it holds as many used columns
        // as there are full bands above.
        let band = (row / 3) as u32;
        let mut free = 0u16;
        for stack in 0..3 {
            if (used >> (3 * stack) & 7).count_ones() == band {
                free |= 7 << (3 * stack);
            }
        }
        let mut rest = self.options[row] & !used & free;
        let mut any = false;
        while rest != 0 {
            let col = rest.trailing_zeros();
            rest &= rest - 1;
            if self.complete(row + 1, used | 1 << col) {
                self.cells |= 1u128 << (9 * row + col as usize);
                any = true;
            }
        }
        self.memo[row][used as usize] = self.generation << 2 | if any { 2 } else { 1 };
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_of_an_open_grid_is_in_a_template() {
        assert_eq!(template_cells((1 << 81) - 1), (1 << 81) - 1);
    }

    #[test]
    fn a_placed_digit_rules_out_its_peers() {
        // The digit placed in r1c1 (the only allowed cell of row 1 and of
        // column 1 and box 1): templates hold r1c1 and no other cell of its
        // row, column or box.
        let mut allowed: u128 = (1 << 81) - 1;
        for i in 0..81 {
            let (r, c) = (i / 9, i % 9);
            if i != 0 && (r == 0 || c == 0 || (r < 3 && c < 3)) {
                allowed &= !(1 << i);
            }
        }
        assert_eq!(template_cells(allowed), allowed);
    }

    #[test]
    fn an_x_wing_elimination_is_in_no_template() {
        // Rows 1 and 5 hold the digit only in columns 1 and 5: every
        // template uses both columns there, so r9c1 is in none.
        let mut allowed: u128 = (1 << 81) - 1;
        for row in [0, 4] {
            for c in 0..9 {
                if c != 0 && c != 4 {
                    allowed &= !(1 << (9 * row + c));
                }
            }
        }
        // The other rows cannot use columns 1 and 5; nothing else is lost.
        let mut expected = allowed;
        for row in [1, 2, 3, 5, 6, 7, 8] {
            expected &= !(1 << (9 * row) | 1 << (9 * row + 4));
        }
        assert_eq!(template_cells(allowed), expected);
    }
}
