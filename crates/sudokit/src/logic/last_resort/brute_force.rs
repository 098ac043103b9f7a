//! HoDoKu's brute force (`BruteForceSolver`): when nothing else applies,
//! HoDoKu places the solution's digit in the middle empty cell, the one at
//! place `n / 2` (from 0) among the `n` empty cells in row-major order.

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

/// HoDoKu's brute-force step on `grid`: the solution's digit in the middle
/// empty cell; `None` on a full grid or one without a solution. The solution
/// is the grid's first one ([`crate::engine::solve_one`]): on a position of
/// a puzzle with one solution, that solution.
pub fn step(grid: &Grid, candidates: &Candidates) -> Option<Step> {
    let empty: Vec<_> = grid.empty_cells().collect();
    let &cell = empty.get(empty.len() / 2)?;
    let solution = crate::engine::solve_one(grid)?;
    let digit = solution.get(cell)?;
    // A position that lost the solution's digit has no place for it.
    candidates.get(cell).contains(digit).then(|| {
        Step::new(Technique::BruteForce)
            .place(cell, digit)
            .with_cells([cell])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::c;

    #[test]
    fn middle_empty_cell() {
        // Rows 1 and 2 filled: 63 empty cells, r3c1 to r9c9; HoDoKu takes
        // the one at place 31: cell 18 + 31 = 49, r6c5.
        let grid: Grid = format!("123456789456789123{}", ".".repeat(63))
            .parse()
            .unwrap();
        let cands = Candidates::from_grid(&grid);
        let step = step(&grid, &cands).unwrap();
        let (cell, digit) = step.placements[0];
        assert_eq!(cell, c(6, 5));
        let solution = crate::engine::solve_one(&grid).unwrap();
        assert_eq!(solution.get(cell), Some(digit));
        let text = crate::logic::explain::step_text(&step, crate::classic::trace::Lang::En);
        assert_eq!(
            text,
            format!(
                "Brute force: no technique at hand applies: as HoDoKu does, the middle empty cell r6c5 gets the solution's digit {digit} => r6c5={digit}"
            )
        );
        // Full grid: nothing.
        assert!(super::step(&solution, &Candidates::from_grid(&solution)).is_none());
    }
}
