//! The rules of Sudoku: conflicts among givens (the source documents'
//! "es_factible"), solved grids, and quick proofs that a puzzle cannot have a
//! unique solution.

use crate::error::RuleError;
use crate::grid::{Cell, Digit, Grid, House};

/// The first pair of cells in one house holding the same digit, if any.
///
/// Houses are scanned rows first, then columns, then boxes; within a house
/// the two cells are named in row-major order.
///
/// ```
/// use sudokit::{rules, Grid};
/// assert!(rules::find_conflict(&Grid::empty()).is_none());
/// let mut line = ".".repeat(81);
/// line.replace_range(3..4, "5");
/// line.replace_range(7..8, "5");
/// let g: Grid = line.parse().unwrap();
/// assert_eq!(rules::find_conflict(&g).unwrap().to_string(), "r1c4 and r1c8 both hold 5");
/// ```
pub fn find_conflict(grid: &Grid) -> Option<RuleError> {
    if !has_repeat(grid) {
        return None;
    }
    for house in House::all() {
        let mut seen: [Option<Cell>; 9] = [None; 9];
        for cell in house.cells() {
            let Some(digit) = grid.get(cell) else {
                continue;
            };
            if let Some(first) = seen[digit.index()] {
                return Some(RuleError::Conflict {
                    first,
                    second: cell,
                    digit,
                });
            }
            seen[digit.index()] = Some(cell);
        }
    }
    None
}

/// Whether some house holds a digit twice, found without a branch on the
/// data, since nearly every puzzle read is valid and the command line checks
/// each one.
///
/// Each given is a bit (`1 << digit`, an empty cell none). A house repeats a
/// digit exactly when the sum of its bits differs from their union; rows of
/// sixteen lanes let the compiler add and OR whole rows at once for the
/// columns and the boxes.
fn has_repeat(grid: &Grid) -> bool {
    let values = grid.values();
    let mut rows = [[0u16; 16]; 9];
    for (r, row) in rows.iter_mut().enumerate() {
        for c in 0..9 {
            row[c] = (1u16 << values[r * 9 + c]) & 0x3fe;
        }
    }
    let mut repeat = false;
    for band in rows.chunks_exact(3) {
        let (mut sum, mut union) = ([0u16; 16], [0u16; 16]);
        for row in band {
            repeat |= row.iter().sum::<u16>() != row.iter().fold(0, |a, &b| a | b);
            for lane in 0..16 {
                sum[lane] += row[lane];
                union[lane] |= row[lane];
            }
        }
        for b in 0..3 {
            let s = sum[3 * b] + sum[3 * b + 1] + sum[3 * b + 2];
            let u = union[3 * b] | union[3 * b + 1] | union[3 * b + 2];
            repeat |= s != u;
        }
    }
    let (mut sum, mut union) = ([0u16; 16], [0u16; 16]);
    for row in &rows {
        for lane in 0..16 {
            sum[lane] += row[lane];
            union[lane] |= row[lane];
        }
    }
    repeat | (0..9).any(|c| sum[c] != union[c])
}

/// Whether placing `digit` in `cell` agrees with every other filled cell of
/// its row, column and box: the feasibility test of classic backtracking.
pub fn is_feasible(grid: &Grid, cell: Cell, digit: Digit) -> bool {
    let d = digit.get();
    cell.houses()
        .iter()
        .flat_map(|h| h.cells())
        .all(|other| other == cell || grid[other] != d)
}

/// `Ok` if the givens do not clash, else the first conflict.
///
/// # Errors
/// The first clash found ([`find_conflict`]), as a [`RuleError`].
pub fn validate(grid: &Grid) -> Result<(), RuleError> {
    find_conflict(grid).map_or(Ok(()), Err)
}

/// Why the puzzle cannot have exactly one solution, if that shows without
/// searching: fewer than 17 clues (McGuire, Tugemann and Civario, 2012) or
/// fewer than 8 distinct digits (two absent digits can always be swapped).
pub fn hopeless(grid: &Grid) -> Option<RuleError> {
    let clues = grid.clues();
    let digits = grid.distinct_digits();
    if clues < 17 {
        Some(RuleError::TooFewClues { clues })
    } else if digits < 8 {
        Some(RuleError::TooFewDigits { digits })
    } else {
        None
    }
}

/// Whether the grid is full and breaks no rule.
pub fn is_solved(grid: &Grid) -> bool {
    grid.is_full() && find_conflict(grid).is_none()
}

/// Whether `solution` is a solved grid that keeps every given of `puzzle`.
pub fn is_solution_of(solution: &Grid, puzzle: &Grid) -> bool {
    is_solved(solution) && Cell::all().all(|c| puzzle[c] == 0 || puzzle[c] == solution[c])
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    #[test]
    fn solved_grid_is_solved() {
        let g: Grid = SOLVED.parse().unwrap();
        assert!(is_solved(&g));
        assert!(validate(&g).is_ok());
        let mut puzzle = g;
        puzzle.set(Cell::new(0).unwrap(), None);
        assert!(is_solution_of(&g, &puzzle));
        assert!(!is_solved(&puzzle));
    }

    #[test]
    fn conflicts_in_column_and_box_are_named() {
        let mut g = Grid::empty();
        g.set(Cell::at(0, 2).unwrap(), Digit::new(7));
        g.set(Cell::at(8, 2).unwrap(), Digit::new(7));
        assert_eq!(
            validate(&g).unwrap_err().to_string(),
            "r1c3 and r9c3 both hold 7"
        );
        let mut g = Grid::empty();
        g.set(Cell::at(4, 4).unwrap(), Digit::new(2));
        g.set(Cell::at(3, 5).unwrap(), Digit::new(2));
        assert_eq!(
            validate(&g).unwrap_err().to_string(),
            "r4c6 and r5c5 both hold 2"
        );
    }

    proptest::proptest! {
        #[test]
        fn quick_repeat_check_agrees_with_the_house_scan(
            values in proptest::collection::vec(0u8..=9, 81),
            keep in 0usize..81,
        ) {
            // Sparse grids clash sometimes, dense ones nearly always.
            let mut values: [u8; 81] = values.try_into().unwrap();
            for v in values.iter_mut().skip(keep) {
                *v = 0;
            }
            let grid = Grid::from_values(values).unwrap();
            let scanned = House::all().any(|h| {
                let mut seen = [false; 10];
                h.cells().iter().any(|&c| {
                    let v = grid[c] as usize;
                    v != 0 && std::mem::replace(&mut seen[v], true)
                })
            });
            proptest::prop_assert_eq!(has_repeat(&grid), scanned);
        }
    }

    #[test]
    fn feasibility_looks_at_row_column_and_box() {
        let g: Grid = SOLVED.parse().unwrap();
        let mut p = g;
        let c = Cell::at(4, 4).unwrap();
        p.set(c, None);
        for d in Digit::all() {
            assert_eq!(is_feasible(&p, c, d), Some(d) == g.get(c), "{d}");
        }
    }

    #[test]
    fn hopeless_reasons() {
        let mut g = Grid::empty();
        for i in 0..16 {
            g.set(Cell::new(i * 5).unwrap(), Digit::new((i % 9) as u8 + 1));
        }
        assert_eq!(
            hopeless(&g).unwrap().to_string(),
            "16 clues: a unique solution needs at least 17"
        );
        let full: Grid = SOLVED.parse().unwrap();
        let mut seven = Grid::empty();
        for c in Cell::all() {
            if full[c] <= 7 {
                seven.set(c, full.get(c));
            }
        }
        assert_eq!(
            hopeless(&seven).unwrap().to_string(),
            "7 distinct digits: a unique solution needs at least 8"
        );
        assert!(hopeless(&full).is_none());
    }
}
