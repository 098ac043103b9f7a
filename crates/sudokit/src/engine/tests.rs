//! Differential and property tests of the engine against a deliberately
//! simple, independent reference counter.

use super::*;
use crate::rules::is_solution_of;
use proptest::prelude::*;
use std::collections::HashSet;

/// Reference: plain backtracking on row/column/box masks, fewest candidates
/// first. Shares no code with the engine.
fn reference_count(grid: &Grid, limit: u64) -> u64 {
    let mut rows = [0u16; 9];
    let mut cols = [0u16; 9];
    let mut boxes = [0u16; 9];
    let mut cells = *grid.values();
    for (i, &v) in cells.iter().enumerate() {
        if v != 0 {
            let bit = 1 << v;
            let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
            if (rows[r] | cols[c] | boxes[b]) & bit != 0 {
                return 0;
            }
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
        }
    }
    fn go(
        cells: &mut [u8; 81],
        rows: &mut [u16; 9],
        cols: &mut [u16; 9],
        boxes: &mut [u16; 9],
        limit: u64,
        found: &mut u64,
    ) {
        let mut best: Option<(usize, u16)> = None;
        for i in 0..81 {
            if cells[i] != 0 {
                continue;
            }
            let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
            let free = !(rows[r] | cols[c] | boxes[b]) & 0x3fe;
            if best.is_none_or(|(_, m)| free.count_ones() < m.count_ones()) {
                best = Some((i, free));
            }
        }
        let Some((i, free)) = best else {
            *found += 1;
            return;
        };
        let (r, c, b) = (i / 9, i % 9, (i / 27) * 3 + (i % 9) / 3);
        for v in 1..=9u8 {
            let bit = 1 << v;
            if free & bit == 0 {
                continue;
            }
            cells[i] = v;
            rows[r] |= bit;
            cols[c] |= bit;
            boxes[b] |= bit;
            go(cells, rows, cols, boxes, limit, found);
            rows[r] &= !bit;
            cols[c] &= !bit;
            boxes[b] &= !bit;
            cells[i] = 0;
            if *found >= limit {
                return;
            }
        }
    }
    let mut found = 0;
    if limit > 0 {
        go(
            &mut cells, &mut rows, &mut cols, &mut boxes, limit, &mut found,
        );
    }
    found
}

fn load(text: &str) -> Vec<Grid> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.trim().parse().expect("test puzzle parses"))
        .collect()
}

const SETS: [(&str, &str); 6] = [
    (
        "17_clue",
        include_str!("../../../../tests/data/17_clue_200.txt"),
    ),
    (
        "top1465",
        include_str!("../../../../tests/data/top1465_200.txt"),
    ),
    (
        "forum_hardest_1905",
        include_str!("../../../../tests/data/forum_hardest_1905_100.txt"),
    ),
    (
        "forum_hardest_1106",
        include_str!("../../../../tests/data/forum_hardest_1106_50.txt"),
    ),
    (
        "random_minimal",
        include_str!("../../../../tests/data/random_minimal_200.txt"),
    ),
    (
        "serg_benchmark",
        include_str!("../../../../tests/data/serg_benchmark_200.txt"),
    ),
];

/// Checks one puzzle: the count up to `limit` equals the reference's, the
/// iterator yields that many distinct solutions of the puzzle, and
/// `solve_one` agrees.
fn check(g: &Grid, limit: u64) {
    let want = reference_count(g, limit);
    assert_eq!(count_solutions(g, limit), want, "count of {g}");
    let sols: Vec<Grid> = solutions(g).take(limit as usize).collect();
    assert_eq!(sols.len() as u64, want, "solutions of {g}");
    let distinct: HashSet<Grid> = sols.iter().copied().collect();
    assert_eq!(distinct.len(), sols.len(), "duplicate solution of {g}");
    for s in &sols {
        assert!(is_solution_of(s, g), "{s} does not solve {g}");
    }
    assert_eq!(solve_one(g).is_some(), want > 0);
    assert_eq!(is_unique(g), reference_count(g, 2) == 1);
}

#[test]
fn unique_sets_match_the_reference() {
    for (name, text) in &SETS[..5] {
        for g in load(text) {
            let (n, stats) = count_with_stats(&g, 2);
            assert_eq!(n, 1, "{name}: {g}");
            assert!(stats.nodes >= 1 && stats.guesses < stats.nodes);
            let (sol, _) = solve_with_stats(&g);
            assert!(is_solution_of(&sol.expect("solvable"), &g), "{name}: {g}");
        }
    }
    // The full differential check on a slice of each (the reference is slow
    // on the hardest ones).
    for (_, text) in &SETS[..5] {
        for g in load(text).iter().take(40) {
            check(g, 2);
        }
    }
}

#[test]
fn multi_solution_counts_are_exact_up_to_the_limit() {
    let (_, text) = SETS[5];
    for (i, g) in load(text).iter().enumerate() {
        let limit = if i < 40 { 50 } else { 3 };
        check(g, limit);
        assert!(count_solutions(g, 2) == 2, "serg puzzles have several: {g}");
    }
}

/// `solve_and_count` counts as the reference does, and its solution obeys
/// the rules, keeps the givens and is the first the iterator gives; on
/// unique, multi-solution, empty and clashing grids, for several limits.
#[test]
fn solve_and_count_gives_the_count_and_the_first_solution() {
    let clash: Grid =
        "5...5............................................................................"
            .parse()
            .unwrap();
    let mut grids: Vec<Grid> = SETS
        .iter()
        .flat_map(|(_, text)| load(text).into_iter().take(15))
        .collect();
    grids.extend([Grid::empty(), clash]);
    for g in &grids {
        for limit in [0, 1, 2, 5] {
            let solved = solve_and_count(g, limit);
            assert_eq!(solved.count, reference_count(g, limit), "{g} up to {limit}");
            assert_eq!(solved.solution.is_some(), solved.count > 0, "{g}");
            if let Some(s) = &solved.solution {
                assert!(is_solution_of(s, g), "{s} does not solve {g}");
                assert_eq!(Some(*s), solve_one(g), "{g}");
            }
            assert_eq!(
                (solved.count, solved.stats),
                count_with_stats(g, limit),
                "one search, as counting makes"
            );
        }
    }
    // The serg puzzles have several solutions: a limit of 2 finds both.
    let serg = load(SETS[5].1);
    assert_eq!(solve_and_count(&serg[0], 2).count, 2);
    assert_eq!(solve_and_count(&clash, 2).solution, None);
}

#[test]
fn empty_grid_counts_to_the_limit() {
    for n in [0, 1, 2, 10, 1000] {
        assert_eq!(count_solutions(&Grid::empty(), n), n);
    }
    let first = solve_one(&Grid::empty()).expect("solvable");
    assert!(is_solution_of(&first, &Grid::empty()));
}

#[test]
fn added_clashing_givens_die_at_the_root() {
    // A given copied onto a peer of a given with the same digit, in every
    // direction: no solution, found by the first propagation alone.
    for g in load(SETS[1].1).iter().take(30) {
        let v = *g.values();
        for (a, &da) in v.iter().enumerate().filter(|&(_, &d)| d != 0) {
            for b in 0..81 {
                let peers = a / 9 == b / 9
                    || a % 9 == b % 9
                    || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
                if a == b || !peers || v[b] != 0 {
                    continue;
                }
                let mut w = v;
                w[b] = da;
                let bad = Grid::from_values(w).unwrap();
                let (n, stats) = count_with_stats(&bad, 2);
                assert_eq!(n, 0, "{bad}");
                assert_eq!(
                    stats,
                    Stats {
                        nodes: 1,
                        guesses: 0
                    },
                    "{bad}"
                );
            }
        }
    }
}

#[test]
fn clashing_and_dead_puzzles_have_no_solution() {
    // Two 5s in a row, in a column, in a box.
    for line in [
        "5...5............................................................................",
        "5........5.......................................................................",
        "5.........5......................................................................",
    ] {
        let g: Grid = line.parse().unwrap();
        assert_eq!(count_solutions(&g, 2), 0, "{line}");
        assert!(solve_one(&g).is_none());
        assert_eq!(solutions(&g).count(), 0);
    }
    // r1c9 sees 1..8 in its row and 9 in its column: no candidate.
    let mut dead = [0u8; 81];
    dead[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
    dead[9 * 4 + 8] = 9;
    let dead = Grid::from_values(dead).unwrap();
    assert_eq!(count_solutions(&dead, 5), 0);
    assert_eq!(reference_count(&dead, 5), 0);
    // A valid-looking puzzle with no solution at all (found by search, not
    // by a single dead cell): a unique puzzle with one given changed.
    let mut values = *load(SETS[1].1)[0].values();
    let sol = solve_one(&load(SETS[1].1)[0]).unwrap();
    let i = values.iter().position(|&v| v == 0).unwrap();
    // Put a digit that is legal by the givens but wrong for the solution.
    let g0 = Grid::from_values(values).unwrap();
    for v in 1..=9 {
        if v != sol.values()[i] {
            values[i] = v;
            let g = Grid::from_values(values).unwrap();
            if crate::rules::find_conflict(&g).is_none() {
                assert_eq!(count_solutions(&g, 2), 0, "{g}");
                assert_eq!(reference_count(&g, 2), 0);
            }
        }
    }
    assert_eq!(count_solutions(&g0, 2), 1);
}

#[test]
fn solved_grid_counts_one() {
    let g = solve_one(&load(SETS[0].1)[0]).unwrap();
    assert_eq!(count_solutions(&g, 5), 1);
    assert_eq!(solutions(&g).next(), Some(g));
}

/// A full grid derived from a known solution by relabelling digits, and
/// permuting rows within bands and bands (both preserve validity).
fn solved_grid() -> impl Strategy<Value = Grid> {
    let base = solve_one(&Grid::empty()).unwrap();
    (
        Just(()).prop_perturb(|_, mut rng| {
            let mut p: Vec<u8> = (1..=9).collect();
            for i in (1..9).rev() {
                p.swap(i, rng.random_range(0..=i));
            }
            p
        }),
        0usize..6,
        0usize..6,
    )
        .prop_map(move |(perm, band_order, row_order)| {
            let p3 = super::tables::ORDERS.map(|o| o.map(|i| i as usize));
            let mut v = [0u8; 81];
            for r in 0..9 {
                let src = p3[band_order][r / 3] * 3 + p3[row_order][r % 3];
                for c in 0..9 {
                    v[r * 9 + c] = perm[usize::from(base.values()[src * 9 + c] - 1)];
                }
            }
            Grid::from_values(v).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_blanking_agrees_with_reference(
        full in solved_grid(),
        keep in proptest::collection::vec(any::<bool>(), 81),
        density in 0u8..4,
    ) {
        // Keep each given with probability about 1/4 .. 1/2 (density)
        // combined with the random mask.
        let mut v = *full.values();
        for (i, k) in keep.iter().enumerate() {
            if !k || (density == 0 && i % 2 == 0) || (density == 1 && i % 3 == 0) {
                v[i] = 0;
            }
        }
        let g = Grid::from_values(v).unwrap();
        let want = reference_count(&g, 20);
        prop_assert!(want >= 1);
        prop_assert_eq!(count_solutions(&g, 20), want);
        let sols: Vec<Grid> = solutions(&g).take(20).collect();
        prop_assert_eq!(sols.len() as u64, want);
        let distinct: HashSet<Grid> = sols.iter().copied().collect();
        prop_assert_eq!(distinct.len(), sols.len());
        for s in &sols {
            prop_assert!(is_solution_of(s, &g));
        }
        prop_assert!(sols.contains(&full) || want == 20);
    }
}

/// Every compiled kernel, the portable one forced explicitly, gives the same
/// counts, solutions and statistics on every sample puzzle.
#[test]
fn every_kernel_agrees() {
    use super::kernel::Kernel;
    use super::search::Search;
    let kernels = Kernel::available();
    assert_eq!(kernels[0], Kernel::Portable);
    for (_, text) in &SETS {
        for g in load(text) {
            let mut results = Vec::new();
            for &k in &kernels {
                let mut s = Search::with_kernel(&g, k);
                let sols: Vec<Grid> = std::iter::from_fn(|| s.next_solution())
                    .take(3)
                    .map(|b| b.solution_grid())
                    .collect();
                results.push((sols, s.stats));
            }
            for r in &results[1..] {
                assert_eq!(r, &results[0], "{g}");
            }
            for s in &results[0].0 {
                assert!(is_solution_of(s, &g));
            }
        }
    }
    // The portable kernel alone against the reference, serg included.
    for (_, text) in &SETS {
        for g in load(text).iter().take(20) {
            let mut s = Search::with_kernel(g, Kernel::Portable);
            assert_eq!(s.count(3), reference_count(g, 3), "{g}");
        }
    }
}

/// Counts with the triad rule run on every board, not only near the root,
/// branching as the search does (band splits first, then cells).
fn count_triads_always(grid: &Grid, limit: u64) -> u64 {
    fn go(mut b: super::board::Board, grid: &Grid, limit: u64, found: &mut u64) {
        if b.propagate_gated::<super::bits::Portable>(0).is_err() {
            return;
        }
        if b.is_solved() {
            assert!(is_solution_of(&b.solution_grid(), grid));
            *found += 1;
            return;
        }
        if let Some(s) = b.choose_split() {
            // Each side of a split removes some candidate (progress); the
            // counts below show the sides cover every solution once.
            let c = &b.cand[s.digit];
            let sides = [Some(s.first), Some(s.second), s.third];
            for mask in sides.iter().flatten() {
                assert!((0..4).any(|k| c[k] & !mask[k] != 0));
                if *found < limit {
                    let mut side = b;
                    side.restrict(s.digit, mask);
                    go(side, grid, limit, found);
                }
            }
            return;
        }
        let g = b.choose();
        let mut other = b;
        other.eliminate(g.cell, g.digit);
        b.assign(g.cell, g.digit);
        go(b, grid, limit, found);
        if *found < limit {
            go(other, grid, limit, found);
        }
    }
    let mut found = 0;
    go(super::board::Board::new(grid), grid, limit, &mut found);
    found
}

/// The triad rule is sound wherever it runs: with it on every board, counts
/// still match the reference, on the sample sets and on random blankings
/// with many solutions.
#[test]
fn triads_everywhere_agree_with_reference() {
    for (_, text) in &SETS {
        for g in load(text).iter().take(40) {
            assert_eq!(count_triads_always(g, 3), reference_count(g, 3), "{g}");
        }
    }
    let full = solve_one(&load(SETS[0].1)[0]).unwrap();
    let mut v = *full.values();
    // Blank cells in a fixed pseudo-random order, checking as we go.
    let mut x = 12345u32;
    for _ in 0..60 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        v[(x >> 16) as usize % 81] = 0;
        let g = Grid::from_values(v).unwrap();
        assert_eq!(count_triads_always(&g, 50), reference_count(&g, 50), "{g}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Counting under pencil marks equals counting, among all the
    /// solutions, those that keep every empty cell within its marks.
    #[test]
    fn candidates_restrict_the_count(
        full in solved_grid(),
        keep in proptest::collection::vec(any::<bool>(), 81),
        marks in proptest::collection::vec(0u16..512, 81),
        spare_truth in proptest::collection::vec(any::<bool>(), 81),
    ) {
        let mut v = *full.values();
        for (i, k) in keep.iter().enumerate() {
            if !k || i % 3 == 0 {
                v[i] = 0;
            }
        }
        let g = Grid::from_values(v).unwrap();
        let all: Vec<Grid> = solutions(&g).take(301).collect();
        prop_assume!(all.len() <= 300);
        let mut cands = crate::Candidates::from_grid(&g);
        for i in 0..81 {
            if v[i] == 0 {
                // Usually keep the full grid's digit, so that some
                // solutions survive; sometimes strike it.
                let truth = 1u16 << (full.values()[i] - 1);
                let mask = if spare_truth[i] { marks[i] | truth } else { marks[i] };
                let cell = Cell::new(i).unwrap();
                let kept = cands.get(cell).bits() & mask;
                cands.set(cell, crate::DigitSet::from_bits(kept));
            }
        }
        let fits = |s: &Grid| (0..81).all(|i| {
            v[i] != 0 || cands.get(Cell::new(i).unwrap()).bits() >> (s.values()[i] - 1) & 1 == 1
        });
        let want = all.iter().filter(|s| fits(s)).count() as u64;
        prop_assert_eq!(count_with_candidates(&g, &cands, 1000), want);
        match solve_with_candidates(&g, &cands) {
            Some(s) => prop_assert!(want > 0 && fits(&s) && is_solution_of(&s, &g)),
            None => prop_assert_eq!(want, 0),
        }
    }
}
