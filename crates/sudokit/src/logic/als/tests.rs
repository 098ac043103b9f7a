//! Tests of the ALS family and Sue de Coq: HoDoKu's own test positions
//! (exact eliminations), hand-reasoned positions, and soundness walks.

use super::*;
use crate::engine;
use crate::grid::{Cell, Digit, House};
use crate::logic::soundness::{assert_sound, c, check_technique, elims, open, sample, set};

/// A position in HoDoKu's library format
/// (`:code:digits:givens:deleted:eliminations:…`): the grid (cells placed
/// with `+` count as filled), the candidates without the deleted ones, and
/// the expected eliminations in HoDoKu's order (digit, then cell).
struct Case {
    code: String,
    grid: Grid,
    candidates: Candidates,
    expected: Vec<(Cell, Digit)>,
}

/// `digit row column` triples, as `314 819`.
fn triples(field: &str) -> Vec<(Cell, Digit)> {
    field
        .split_whitespace()
        .map(|t| {
            let n = |i: usize| t.as_bytes()[i] - b'0';
            let cell = Cell::at(usize::from(n(1)) - 1, usize::from(n(2)) - 1).unwrap();
            (cell, Digit::new(n(0)).unwrap())
        })
        .collect()
}

fn case(line: &str) -> Case {
    let parts: Vec<&str> = line.split(':').collect();
    let givens: String = parts[3].chars().filter(|&c| c != '+').collect();
    let grid: Grid = givens.parse().unwrap();
    let mut candidates = Candidates::from_grid(&grid);
    for (cell, digit) in triples(parts[4]) {
        candidates.remove(cell, digit);
    }
    let mut expected = triples(parts[5]);
    expected.sort_by_key(|&(c, d)| (d, c));
    Case {
        code: parts[1].to_string(),
        grid,
        candidates,
        expected,
    }
}

/// The cases of `tests/data/hodoku_als_cases.txt`.
fn library() -> Vec<Case> {
    let path = format!(
        "{}/../../tests/data/hodoku_als_cases.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.starts_with(':'))
        .map(case)
        .collect()
}

fn technique(code: &str) -> Technique {
    match &code[..4] {
        "0901" => Technique::AlsXz,
        "0902" => Technique::AlsXyWing,
        "0903" => Technique::AlsXyChain,
        "0904" => Technique::DeathBlossom,
        "1101" => Technique::SueDeCoq,
        other => panic!("unknown code {other}"),
    }
}

#[test]
fn hodoku_library_positions_give_hodokus_eliminations() {
    let mut checked = [0usize; 5];
    for case in library() {
        let t = technique(&case.code);
        let steps = find(t, &case.grid, &case.candidates);
        let solution = engine::solve_one(&case.grid).expect("library puzzles solve");
        for step in &steps {
            assert_sound(step, &case.grid, &case.candidates, &solution);
            assert_eq!(step.technique, t);
        }
        if case.code.ends_with("-x") {
            // HoDoKu needs overlapping sets for these: no step may reach them.
            let reached = steps
                .iter()
                .flat_map(|s| &s.eliminations)
                .any(|e| case.expected.contains(e));
            assert!(!reached, "{} reaches {:?}", case.code, case.expected);
        } else {
            assert!(
                steps.iter().any(|s| s.eliminations == case.expected),
                "{}: no step eliminates {:?}; found {:?}",
                case.code,
                case.expected,
                steps.iter().map(ToString::to_string).collect::<Vec<_>>()
            );
        }
        checked[IMPLEMENTED.iter().position(|&i| i == t).unwrap()] += 1;
    }
    // Sue de Coq, XZ (singly and doubly linked), wing, chain, blossom.
    assert_eq!(checked, [30, 17, 14, 10, 17]);
}

/// Row 1 holds A = r1c1 {12}, r1c2 {23}; B = r5c1 {13}. The 1s of A and B
/// share column 1 (restricted common x = 1); the 3s do not see each other,
/// so 3 is the z: it leaves r2c1, r3c1 (box 1 and column 1) and r4c2, r5c2,
/// r6c2 (box 4 and column 2), the cells seeing r1c2 and r5c1.
fn xz_position(b: Cell) -> (Grid, Candidates) {
    let (g, mut cands) = open();
    cands.set(c(1, 1), set(&[1, 2]));
    cands.set(c(1, 2), set(&[2, 3]));
    cands.set(b, set(&[1, 3]));
    (g, cands)
}

fn sets_of(step: &Step) -> Vec<Cell> {
    step.cells.clone()
}

#[test]
fn als_xz_eliminates_z_from_cells_seeing_both_sets() {
    let (g, cands) = xz_position(c(5, 1));
    let steps = find(Technique::AlsXz, &g, &cands);
    let step = steps
        .iter()
        .find(|s| sets_of(s) == [c(1, 1), c(1, 2), c(5, 1)])
        .expect("the XZ of A and B");
    assert_eq!(
        elims(step),
        ["r2c1<>3", "r3c1<>3", "r4c2<>3", "r5c2<>3", "r6c2<>3"]
    );
    assert_eq!(step.digits, set(&[1]));
    assert_eq!(
        step.houses,
        [House::row_at(0).unwrap(), House::row_at(4).unwrap()]
    );
    assert_eq!(
        step.chains[0].to_string(),
        "(3)r1c12=(1)r1c12-(1)r5c1=(3)r5c1"
    );
    assert_eq!(step.links[0].from, (c(1, 1), Digit::new(1).unwrap()));
    assert_eq!(step.links[0].to, (c(5, 1), Digit::new(1).unwrap()));
    let text = crate::logic::explain::step_text(step, crate::classic::trace::Lang::En);
    assert_eq!(
        text,
        "ALS-XZ: r1c12 (row 1) and r5c1 (row 5) are almost locked sets linked by the \
         restricted common 1, so one of them holds 3: (3)r1c12=(1)r1c12-(1)r5c1=(3)r5c1 \
         => r2c1,r3c1,r4c2,r5c2,r6c2<>3"
    );
}

#[test]
fn als_xz_needs_a_restricted_common() {
    // B = r5c5 {13}: neither its 1 nor its 3 sees A's.
    let (g, cands) = xz_position(c(5, 5));
    let steps = find(Technique::AlsXz, &g, &cands);
    assert!(
        steps
            .iter()
            .all(|s| !s.cells.contains(&c(5, 5)) || !s.cells.contains(&c(1, 1)))
    );
}

/// Sue de Coq, reasoned: row 1 crosses box 1 at r1c1, r1c2 {1234} (two
/// cells, four digits; r1c3 is filled). The line set r1c5 {12} takes two
/// of the digits, the box set r2c1 {34} the other two: four cells, four
/// digits, so 1 and 2 leave the rest of row 1, 3 and 4 the rest of box 1.
#[test]
fn sue_de_coq_splits_the_crossing_digits() {
    let (g, mut cands) = open();
    cands.set(c(1, 1), set(&[1, 2, 3, 4]));
    cands.set(c(1, 2), set(&[1, 2, 3, 4]));
    // The third crossing cell is filled, so the crossing is two cells.
    let mut g = g;
    g.set(c(1, 3), Some(Digit::new(9).unwrap()));
    cands.place(c(1, 3), Digit::new(9).unwrap());
    cands.set(c(1, 5), set(&[1, 2]));
    cands.set(c(2, 1), set(&[3, 4]));
    let steps = find(Technique::SueDeCoq, &g, &cands);
    let step = steps
        .iter()
        .find(|s| s.cells == [c(1, 1), c(1, 2), c(1, 5), c(2, 1)])
        .expect("the Sue de Coq");
    let mut expected = Vec::new();
    for d in 1..=4u8 {
        let cells: Vec<Cell> = if d <= 2 {
            [4, 6, 7, 8, 9].iter().map(|&col| c(1, col)).collect()
        } else {
            [(2, 2), (2, 3), (3, 1), (3, 2), (3, 3)]
                .iter()
                .map(|&(r, col)| c(r, col))
                .collect()
        };
        expected.extend(cells.into_iter().map(|cell| format!("{cell}<>{d}")));
    }
    assert_eq!(elims(step), expected);
    assert_eq!(step.fins, [c(1, 5)]);
    assert_eq!(step.digits, set(&[1, 2, 3, 4]));
    let text = crate::logic::explain::step_text(step, crate::classic::trace::Lang::Es);
    assert!(text.starts_with(
        "Sue de Coq: r1c12 (dígitos 1/2/3/4) con r1c5 en la fila 1 y r2c1 en la caja 1"
    ));
    // With r2c1 {35} the box set brings a digit from outside and needs a
    // second cell: no Sue de Coq with r2c1 alone.
    cands.set(c(2, 1), set(&[3, 5]));
    let steps = find(Technique::SueDeCoq, &g, &cands);
    assert!(
        steps
            .iter()
            .all(|s| s.cells != [c(1, 1), c(1, 2), c(1, 5), c(2, 1)])
    );
}

#[test]
fn chain_order_is_most_eliminations_then_index_sum() {
    use evidence::Elims;
    let mut a = Elims::default();
    a.add(2, 1 << 10); // r2c2<>3: 10 * 1 + 3
    a.add(6, 1 << 0); // r1c1<>7: 0 * 81 + 7
    assert_eq!(a.index_sum(), 13 + 7);
    let mut b = Elims::default();
    b.add(0, 1 << 80); // r9c9<>1
    assert_eq!(b.index_sum(), 81);
}

#[test]
fn als_collection_follows_hodoku_order_without_duplicates() {
    // Row 1: r1c1 {12}, r1c2 {23}; other cells open.
    let (g, mut cands) = open();
    cands.set(c(1, 1), set(&[1, 2]));
    cands.set(c(1, 2), set(&[2, 3]));
    let alses = sets::collect(&g, &cands, true);
    // Row 1's sets come first, in depth-first order: {r1c1}, {r1c1,r1c2}, ...
    assert_eq!(alses[0].cells, 1);
    assert_eq!(alses[1].cells, 0b11);
    assert_eq!(alses[1].digits, 0b111);
    // Each set once: r1c12 lies in row 1 and box 1.
    let mut cells: Vec<u128> = alses.iter().map(|a| a.cells).collect();
    let n = cells.len();
    cells.sort_unstable();
    cells.dedup();
    assert_eq!(cells.len(), n);
    // Without single cells the bivalue r1c1 is gone.
    let larger = sets::collect(&g, &cands, false);
    assert!(larger.iter().all(|a| a.len() > 1));
    assert_eq!(larger.len(), n - 2);
}

/// The ALS-XY-Chain search reuses its visit records between positions
/// (stamped, not cleared): on positions of HoDoKu's walk it finds what a
/// search on clean records finds, also across the stamps' wraparound.
#[test]
fn chain_search_with_reused_records_matches_clean_records() {
    let mut checked = 0;
    on_walk_positions(40, |k, grid, candidates| {
        let data = position_data(grid, candidates);
        let reused = chain::find(&data.alses, &data.table);
        if k % 7 == 3 {
            chain::reset_seen(false, u32::MAX - 2);
            let wrapped = chain::find(&data.alses, &data.table);
            assert_eq!(wrapped, reused);
        }
        chain::reset_seen(true, 0);
        let clean = chain::find(&data.alses, &data.table);
        assert_eq!(reused, clean);
        checked += usize::from(!clean.is_empty());
    });
    assert!(checked > 0, "no chain found");
}

/// Calls `visit` at each position of HoDoKu's walk (with its index in the
/// walk) on the first `n` puzzles of top1465_200.
fn on_walk_positions(n: usize, mut visit: impl FnMut(usize, &Grid, &Candidates)) {
    use crate::logic::solver::{self, Options};
    for puzzle in sample("top1465_200.txt").iter().take(n) {
        let Ok(out) = solver::solve(puzzle, &Options::default()) else {
            continue;
        };
        let mut pos = solver::Position::new(puzzle);
        for (k, step) in out.steps.iter().enumerate() {
            visit(k, &pos.grid, &pos.candidates);
            let _ = pos.apply_solved(step);
        }
    }
}

fn walk(technique: Technique, names: &[&str]) -> usize {
    names
        .iter()
        .map(|name| check_technique(technique, &sample(name)))
        .sum()
}

#[test]
fn als_techniques_are_sound_and_fire_on_hard_samples() {
    for t in IMPLEMENTED {
        let seen = walk(*t, &["top1465_200.txt", "forum_hardest_1106_50.txt"]);
        eprintln!("{t}: {seen} steps");
        assert!(seen > 0, "{t} never fires");
    }
}

#[test]
#[ignore = "slow: run with --release -- --ignored"]
fn als_techniques_are_sound_on_random_minimal_2000() {
    for t in IMPLEMENTED {
        let seen = walk(*t, &["random_minimal_2000.txt"]);
        eprintln!("{t}: {seen} steps");
        assert!(seen > 0, "{t} never fires");
    }
}

/// Times each technique at the positions where HoDoKu's walk calls it on
/// top1465_200 (`cargo test --release -p sudokit --lib als_bench --
/// --ignored --nocapture`); `ALS_BENCH=k` runs technique `k` of
/// [`IMPLEMENTED`] alone, five times, for a profiler.
#[test]
#[ignore = "benchmark"]
fn als_bench() {
    use crate::logic::solver::{self, Options};
    use std::time::Instant;
    let which: Option<usize> = std::env::var("ALS_BENCH").ok().map(|v| v.parse().unwrap());
    let mut positions: Vec<Vec<(Grid, Candidates)>> = vec![Vec::new(); 5];
    let puzzles = sample("top1465_200.txt");
    for puzzle in &puzzles {
        let Ok(out) = solver::solve(puzzle, &Options::default()) else {
            continue;
        };
        let mut pos = solver::Position::new(puzzle);
        let mut orders: Vec<u32> = out
            .steps
            .iter()
            .map(|s| s.step().map_or(u32::MAX, |s| s.technique.facts().order))
            .collect();
        if out.status == solver::Status::Stuck {
            orders.push(u32::MAX);
        }
        let mut steps = out.steps.iter();
        for order in orders {
            for (k, &tech) in IMPLEMENTED.iter().enumerate() {
                if tech.facts().order <= order {
                    positions[k].push((pos.grid, pos.candidates));
                }
            }
            if let Some(step) = steps.next() {
                let _ = pos.apply_solved(step);
            }
        }
    }
    let rounds = if which.is_some() { 5 } else { 1 };
    for (k, &tech) in IMPLEMENTED.iter().enumerate() {
        if which.is_some_and(|w| w != k) {
            continue;
        }
        let (mut took, mut n) = (0.0, 0);
        for _ in 0..rounds {
            for (g, c) in &positions[k] {
                if k >= 2 {
                    // Wing, chain and blossom share XZ's data on a position.
                    std::hint::black_box(find(Technique::AlsXz, g, c));
                }
                let start = Instant::now();
                n += find(tech, g, c).len();
                took += start.elapsed().as_secs_f64();
            }
        }
        let calls = (positions[k].len() * rounds).max(1) as f64;
        eprintln!(
            "{:<14} calls {:>5}  steps {:>6}  {:>7.1} us per call  {:>7.1} us per puzzle",
            tech.name(),
            positions[k].len(),
            n / rounds,
            took * 1e6 / calls,
            took * 1e6 / (puzzles.len() * rounds) as f64
        );
    }
}

/// Sue de Coq's box sets, drawn from the free cells only, are those of the
/// plain search over every box set, in the same order, at every position
/// of HoDoKu's walk on hard puzzles and on positions with candidates
/// thinned at random.
#[test]
fn sue_de_coq_matches_the_plain_search() {
    use rand::{RngCore, SeedableRng};
    let mut found = 0;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5dc);
    on_walk_positions(60, |_, grid, candidates| {
        let mut thinned = *candidates;
        for cell in Cell::all() {
            let digits = thinned.get(cell);
            if digits.len() > 2 && rng.next_u64() % 4 == 0 {
                let d = digits.iter().nth(rng.next_u64() as usize % digits.len());
                thinned.remove(cell, d.unwrap());
            }
        }
        for cands in [*candidates, thinned] {
            let fast = sue_de_coq::find(grid, &cands);
            assert_eq!(fast, sue_de_coq::find_plain(grid, &cands));
            found += fast.len();
        }
    });
    assert!(found > 100, "only {found} steps");
}

/// ALS-XY-Wing, walking each set's restricted commons from a cursor, finds
/// what the plain search over all pairs of restricted commons finds, in the
/// same order, at every position of HoDoKu's walk on hard puzzles.
#[test]
fn als_xy_wing_matches_the_plain_search() {
    let mut found = 0;
    on_walk_positions(60, |_, grid, candidates| {
        let data = position_data(grid, candidates);
        let fast = wing::find(&data.alses, &data.table);
        assert_eq!(fast, wing::find_plain(&data.alses, &data.table));
        found += fast.len();
    });
    assert!(found > 100, "only {found} steps");
}

/// `candidates` with about one cell in eight of three candidates or more
/// losing one of them at random (a position that follows from it).
fn thinned(candidates: &Candidates, rng: &mut impl rand::RngCore) -> Candidates {
    let mut thinned = *candidates;
    for cell in Cell::all() {
        let digits = thinned.get(cell);
        if digits.len() > 2 && rng.next_u64() % 8 == 0 {
            let d = digits.iter().nth(rng.next_u64() as usize % digits.len());
            thinned.remove(cell, d.unwrap());
        }
    }
    thinned
}

/// The boards the carried-barren tests ask at the `k`th walk position:
/// the position, and at every third one also a thinned copy of it (made
/// at every position, so that the random draws follow the walk).
fn carried_boards(
    k: usize,
    candidates: &Candidates,
    rng: &mut impl rand::RngCore,
) -> Vec<Candidates> {
    let thinned = thinned(candidates, rng);
    if k % 3 == 1 {
        vec![*candidates, thinned]
    } else {
        vec![*candidates]
    }
}

/// The restricted commons updated from an earlier position's are those
/// linked from scratch: from the walk's previous position, from a
/// position with candidates thinned at random and back, and across
/// puzzles (where the update may decline).
#[test]
fn updated_restricted_commons_match_the_full_table() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0xa15);
    let mut previous: Option<(Grid, Candidates)> = None;
    let mut updated = 0;
    let mut check = |old: &(Grid, Candidates), new: &(Grid, Candidates)| {
        let old_sets = sets::collect(&old.0, &old.1, true);
        let old_table = commons::restricted_commons(&old_sets, true);
        let new_sets = sets::collect(&new.0, &new.1, true);
        let full = commons::restricted_commons(&new_sets, true);
        let mut changed = 0u128;
        for cell in Cell::all() {
            let i = cell.index();
            if old.0.values()[i] != new.0.values()[i] || old.1.get(cell) != new.1.get(cell) {
                changed |= 1 << i;
            }
        }
        let cells: Vec<u128> = old_sets.iter().map(|a| a.cells).collect();
        if let Some(table) =
            update::restricted_commons_since(&new_sets, &cells, &old_table, changed)
        {
            assert_eq!(table, full);
            updated += 1;
        }
    };
    on_walk_positions(60, |_, grid, candidates| {
        let here = (*grid, *candidates);
        if let Some(before) = &previous {
            check(before, &here);
        }
        let thinned = (*grid, thinned(candidates, &mut rng));
        check(&here, &thinned);
        check(&thinned, &here);
        previous = Some(here);
    });
    assert!(updated > 1000, "only {updated} updates");
}

/// Where ALS-XZ or ALS-XY-Wing found nothing, a later position of the walk
/// (or one with candidates thinned at random) without an eliminating
/// pattern using a changed set has no step at all; and [`find`], which
/// skips the search there, finds what the full search finds.
#[test]
fn carried_barren_matches_the_full_search() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0xba5);
    let mut proved = [0; 2];
    barren::forget();
    on_walk_positions(60, |k, grid, candidates| {
        let boards = carried_boards(k, candidates, &mut rng);
        for cands in boards {
            let data = position_data(grid, &cands);
            let (alses, table) = (&data.alses, &data.table);
            for (slot, t) in [(0, Technique::AlsXz), (1, Technique::AlsXyWing)] {
                let (full, any_with): (_, fn(&_, &_, &_) -> bool) = match slot {
                    0 => (xz::find(alses, table), xz::any_with),
                    _ => (wing::find(alses, table), wing::any_with),
                };
                if let Some(changed) = barren::changed_since(slot, &key_of(grid, &cands)) {
                    if !any_with(alses, table, &fresh_sets(alses, changed)) {
                        assert!(full.is_empty(), "{t:?} carried barren wrongly");
                        proved[slot] += 1;
                    }
                }
                assert_eq!(find(t, grid, &cands), full);
            }
        }
    });
    assert!(
        proved.iter().all(|&n| n > 100),
        "proved barren only {proved:?}"
    );
}

/// Where Sue de Coq found nothing, a later position of the walk (or one
/// with candidates thinned at random) without an eliminating pattern with
/// a changed cell has no step at all; and [`find`], which skips the
/// search there, finds what the full search finds.
#[test]
fn carried_barren_sue_de_coq_matches_the_full_search() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5dc0);
    let mut proved = 0;
    barren::forget();
    on_walk_positions(60, |k, grid, candidates| {
        let boards = carried_boards(k, candidates, &mut rng);
        for cands in boards {
            let full = sue_de_coq::find(grid, &cands);
            if let Some(changed) = barren::changed_since(2, &key_of(grid, &cands)) {
                if !sue_de_coq::any_with(grid, &cands, changed) {
                    assert!(full.is_empty(), "Sue de Coq carried barren wrongly");
                    proved += 1;
                }
            }
            assert_eq!(find(Technique::SueDeCoq, grid, &cands), full);
        }
    });
    assert!(proved > 100, "proved barren only {proved}");
}

/// The sets [`sets::collect`] gives back from its memo are those collected
/// afresh: along HoDoKu's walks (each position after the one before),
/// on copies with candidates thinned at random and back, with and without
/// the one-cell sets, and across puzzles.
#[test]
fn memoized_sets_match_fresh_ones() {
    use rand::SeedableRng;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(0x5e75);
    let (mut asked, mut differ) = (0, 0);
    let mut previous: Option<Vec<sets::Als>> = None;
    let mut check = |grid: &Grid, cands: &Candidates, single_cells: bool| {
        let got = sets::collect(grid, cands, single_cells);
        assert_eq!(
            got,
            sets::collect_fresh(grid, cands, single_cells),
            "{grid}"
        );
        asked += 1;
        differ += usize::from(previous.as_ref().is_some_and(|p| *p != got));
        previous = Some(got);
    };
    on_walk_positions(60, |k, grid, candidates| {
        check(grid, candidates, true);
        let thinned = thinned(candidates, &mut rng);
        check(grid, &thinned, true);
        check(grid, candidates, true);
        if k % 5 == 0 {
            check(grid, candidates, false);
            check(grid, &thinned, false);
        }
    });
    // The memo is asked on changing boards: the test has teeth.
    assert!(asked > 3000 && differ > asked / 2, "{differ} of {asked}");
}
