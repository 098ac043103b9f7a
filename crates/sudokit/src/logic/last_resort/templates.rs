//! HoDoKu's templates: a digit's final places form a *template*, nine
//! cells with one in every row, column and box (there are 46 656). A
//! template fits a position when it holds every placed copy of the digit
//! and only cells where the digit is placed or a candidate. As HoDoKu does,
//! the templates that fit are then refined against the other digits: a
//! template that takes a cell every fitting template of another digit takes
//! is dropped, until nothing changes.
//!
//! Template set: a cell every remaining template of a digit takes gets the
//! digit. Template delete: a candidate no remaining template takes goes.

use crate::candidates::Candidates;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::{Step, Technique};
use std::sync::OnceLock;

/// Every template, as a cell mask (bit `i` for cell `i`).
fn all_templates() -> &'static [u128] {
    static TEMPLATES: OnceLock<Vec<u128>> = OnceLock::new();
    TEMPLATES.get_or_init(|| {
        let mut out = Vec::with_capacity(46_656);
        extend(0, 0, 0, 0, &mut out);
        out
    })
}

/// Adds every completion of a template whose rows before `row` are chosen
/// (`mask`), with the columns in `cols` taken and, per band, the boxes in
/// `boxes` taken (bit `b` for box `b`).
fn extend(row: usize, mask: u128, cols: u16, boxes: u16, out: &mut Vec<u128>) {
    if row == 9 {
        out.push(mask);
        return;
    }
    // A new band frees its three boxes.
    let boxes = if row % 3 == 0 { 0 } else { boxes };
    for col in 0..9 {
        let b = col / 3;
        if cols & (1 << col) != 0 || boxes & (1 << b) != 0 {
            continue;
        }
        let cell = row * 9 + col;
        extend(
            row + 1,
            mask | 1 << cell,
            cols | 1 << col,
            boxes | 1 << b,
            out,
        );
    }
}

/// The refined templates of each digit (index `d - 1`); `None` when a digit
/// has no template left (a position without a solution).
fn refined(grid: &Grid, candidates: &Candidates) -> Option<[Vec<u128>; 9]> {
    let mut placed = [0u128; 9];
    let mut allowed = [0u128; 9];
    for cell in Cell::all() {
        let bit = 1u128 << cell.index();
        match grid.get(cell) {
            Some(d) => placed[d.index()] |= bit,
            None => candidates
                .get(cell)
                .iter()
                .for_each(|d| allowed[d.index()] |= bit),
        }
    }
    let mut lists: [Vec<u128>; 9] = Default::default();
    for &t in all_templates() {
        for d in 0..9 {
            if t & placed[d] == placed[d] && t & !(placed[d] | allowed[d]) == 0 {
                lists[d].push(t);
            }
        }
    }
    // The cells each digit's templates all take (HoDoKu's refinement reads
    // the masks as they are being recomputed, digit by digit).
    let mut common: [u128; 9] = std::array::from_fn(|d| and_all(&lists[d]));
    loop {
        let mut removed = false;
        for d in 0..9 {
            let before = lists[d].len();
            lists[d].retain(|&t| (0..9).all(|k| k == d || t & common[k] == 0));
            removed |= lists[d].len() != before;
            common[d] = and_all(&lists[d]);
        }
        if !removed {
            break;
        }
    }
    lists.iter().all(|l| !l.is_empty()).then_some(lists)
}

/// The cells every template of `list` takes (every cell for none).
fn and_all(list: &[u128]) -> u128 {
    list.iter().fold(!0, |acc, &t| acc & t)
}

/// The cells of `mask`, in order.
fn cells_of(mask: u128) -> impl Iterator<Item = Cell> {
    Cell::all().filter(move |c| mask >> c.index() & 1 == 1)
}

/// Every template step of `technique` (set or delete form) on the position,
/// digit by digit as HoDoKu lists them.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let Some(lists) = refined(grid, candidates) else {
        return Vec::new();
    };
    Digit::all()
        .filter_map(|digit| {
            let list = &lists[digit.index()];
            let step = Step::new(technique).with_digits([digit].into_iter().collect());
            match technique {
                Technique::TemplateSet => {
                    let cells = and_all(list) & !digit_placed(grid, digit);
                    (cells != 0).then(|| {
                        cells_of(cells)
                            .fold(step, |s, c| s.place(c, digit))
                            .with_cells(cells_of(cells))
                    })
                }
                Technique::TemplateDelete => {
                    let used = list.iter().fold(0, |acc, &t| acc | t);
                    let gone: Vec<Cell> = Cell::all()
                        .filter(|&c| used >> c.index() & 1 == 0)
                        .filter(|&c| grid.get(c).is_none() && candidates.get(c).contains(digit))
                        .collect();
                    (!gone.is_empty()).then(|| {
                        let cells = gone.clone();
                        gone.into_iter()
                            .fold(step, |s, c| s.eliminate(c, digit))
                            .with_cells(cells)
                    })
                }
                _ => None,
            }
        })
        .collect()
}

/// The cells where `digit` is placed.
fn digit_placed(grid: &Grid, digit: Digit) -> u128 {
    Cell::all()
        .filter(|&c| grid.get(c) == Some(digit))
        .fold(0, |acc, c| acc | 1 << c.index())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine;
    use crate::logic::soundness::{check_technique, sample};

    #[test]
    fn there_are_46656_templates_each_a_valid_placement() {
        let all = all_templates();
        assert_eq!(all.len(), 46_656);
        for &t in all.iter().step_by(997) {
            assert_eq!(t.count_ones(), 9);
            for house in crate::grid::House::all() {
                let in_house = house
                    .cells()
                    .iter()
                    .filter(|c| t >> c.index() & 1 == 1)
                    .count();
                assert_eq!(in_house, 1, "{house}");
            }
        }
    }

    /// On a solved grid each digit has exactly one template (its own
    /// places): no step.
    #[test]
    fn a_full_grid_has_one_template_per_digit() {
        let puzzle = sample("random_minimal_200.txt")[0];
        let solution = engine::solve_one(&puzzle).unwrap();
        let cands = Candidates::from_grid(&solution);
        let lists = refined(&solution, &cands).unwrap();
        for (d, list) in lists.iter().enumerate() {
            assert_eq!(list.len(), 1, "digit {}", d + 1);
        }
        assert!(find(Technique::TemplateSet, &solution, &cands).is_empty());
        assert!(find(Technique::TemplateDelete, &solution, &cands).is_empty());
    }

    /// HoDoKu 2.2.4's template steps on the start of a hard puzzle
    /// (`SudokuStepFinder.getAllTemplates`, run on this puzzle), digit by
    /// digit.
    #[test]
    fn the_steps_hodoku_finds_at_the_start_of_a_hard_puzzle() {
        let grid: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        let cands = Candidates::from_grid(&grid);
        let show = |s: &Step| {
            let d = s.digits.iter().next().unwrap();
            let cells: Vec<String> = s.cells.iter().map(ToString::to_string).collect();
            format!("{d}: {}", cells.join(","))
        };
        let set: Vec<String> = find(Technique::TemplateSet, &grid, &cands)
            .iter()
            .map(show)
            .collect();
        assert_eq!(
            set,
            [
                "1: r1c2,r2c4,r8c6",
                "2: r1c8",
                "3: r1c4,r4c5,r8c3",
                "4: r4c4,r6c2",
                "6: r1c5",
                "7: r1c3",
                "8: r9c4",
                "9: r1c6"
            ]
        );
        let del: Vec<Step> = find(Technique::TemplateDelete, &grid, &cands);
        assert_eq!(del.len(), 9);
        // HoDoKu: r1c3468,r2c36789,r3c236,r5c2,r8c789<>1.
        assert_eq!(
            show(&del[0]),
            "1: r1c3,r1c4,r1c6,r1c8,r2c3,r2c6,r2c7,r2c8,r2c9,r3c2,r3c3,r3c6,r5c2,r8c7,r8c8,r8c9"
        );
        // HoDoKu: r2c45,r34c5,r468c6,r6c4<>4.
        assert_eq!(show(&del[3]), "4: r2c4,r2c5,r3c5,r4c5,r4c6,r6c4,r6c6,r8c6");
        // HoDoKu: r1c23458,r2c456,r3c56,r4c456,r5689c6,r6c2,r8c3,r9c4<>9.
        assert_eq!(
            show(&del[8]),
            "9: r1c2,r1c3,r1c4,r1c5,r1c8,r2c4,r2c5,r2c6,r3c5,r3c6,r4c4,r4c5,r4c6,r5c6,r6c2,r6c6,r8c3,r8c6,r9c4,r9c6"
        );
        for step in del {
            assert_eq!(step.eliminations.len(), step.cells.len());
        }
    }

    /// On a puzzle's start, every cell of the solution is in some template,
    /// and every template step agrees with the solution.
    #[test]
    fn templates_are_sound_and_fire() {
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(12);
        assert!(check_technique(Technique::TemplateDelete, &puzzles) > 0);
        assert!(check_technique(Technique::TemplateSet, &puzzles) > 0);
    }
}
