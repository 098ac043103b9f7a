//! Tests of the family against Sudoku Explainer 1.2.1's own output (its
//! hints were read from SE run on the same positions) and the solution.

use super::walk::{next_step, se_walk};
use crate::classic::trace::Lang;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::solver::Position;
use crate::logic::soundness::{assert_sound, sample};
use crate::logic::{Family, Step, Technique};

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

/// Walks `puzzle` SE's way up to its first step of this family.
fn first_chain_step(puzzle: &str) -> (Position, Step) {
    let mut pos = Position::new(&grid(puzzle));
    loop {
        let step = next_step(&pos).expect("the walk goes on");
        if step.technique.family() == Family::SeChains {
            return (pos, step);
        }
        assert!(pos.apply(&step));
    }
}

/// Calls `f` with every position of SE's walk through the first `count`
/// puzzles of the top1465 sample, and its board.
fn on_walk_boards(count: usize, mut f: impl FnMut(&Position, &super::board::Board)) {
    for puzzle in &sample("top1465_200.txt")[..count] {
        let mut pos = Position::new(puzzle);
        while let Some(step) = next_step(&pos) {
            f(&pos, &super::board::Board::new(&pos.grid, &pos.candidates));
            if !pos.apply(&step) {
                break;
            }
        }
    }
}

/// SE 1.2.1 on this puzzle, after three pointings and a hidden pair:
/// "7.2 Forcing Chain: G3.2 off" (r3c7<>2), and ER 7.2 in the sample.
#[test]
fn forcing_chain_as_se_finds_it() {
    let puzzle =
        "..951...7......3.4.6.4.8...65...2..9....59.2....38.7..14..9....5.28.41....6......";
    let (pos, step) = first_chain_step(puzzle);
    assert_eq!(step.technique, Technique::ForcingXyChain);
    let r3c7 = Cell::at(2, 6).unwrap();
    assert_eq!(step.eliminations, [(r3c7, Digit::new(2).unwrap())]);
    assert!(step.placements.is_empty());
    let rating = crate::grade::se_rating(&step, &pos.grid, &pos.candidates);
    assert!((rating - 7.2).abs() < 1e-9, "{rating}");
    // One branch from r3c7=2 back to its opposite.
    assert_eq!(step.chains.len(), 1);
    let chain = &step.chains[0];
    assert_eq!(chain.nodes.first(), chain.nodes.last());
    assert_eq!(chain.nodes.first().unwrap().to_string(), "(2)r3c7");
    let text = super::reason(&step, Lang::En).unwrap();
    assert!(text.starts_with("if (2)r3c7 were true, "), "{text}");
    let texto = super::reason(&step, Lang::Es).unwrap();
    assert!(texto.starts_with("si (2)r3c7 fuera verdadero, "), "{texto}");
    assert_eq!(se_walk(&grid(puzzle)).rating, Some(7.2));
}

/// SE 1.2.1 rates these 9.0 (dynamic forcing chains: 8.5 and a length
/// bonus of 0.5) and 8.3 (multiple forcing chains: 8.0 + 0.3); on the
/// first, its first three chain steps are dynamic cell forcing chains from
/// r9c5 rated 8.9.
#[test]
fn dynamic_and_multiple_ratings_as_se() {
    let dynamic =
        "..9..63...72..........17..51..3..9..........86.84....1.6.........1.2....9.3...45.";
    let multiple =
        "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..";
    let walk = se_walk(&grid(dynamic));
    assert_eq!(walk.rating, Some(9.0));
    let chains: Vec<(Technique, f64)> = walk.steps.iter().copied().filter(|s| s.1 >= 8.0).collect();
    assert_eq!(chains[..3], [(Technique::DynamicCellForcingChains, 8.9); 3]);
    let walk = se_walk(&grid(multiple));
    assert_eq!(walk.rating, Some(8.3));
    assert!(walk.steps.iter().any(|&(t, r)| {
        matches!(
            t,
            Technique::RegionForcingChains | Technique::CellForcingChains
        ) && r == 8.3
    }));
}

/// Every step of the walk is sound, on hard puzzles where the chains do
/// most of the work, and the rating read back from a step's evidence is
/// the one it was found with.
#[test]
fn chain_steps_are_sound() {
    let mut seen = 0;
    for puzzle in sample("top1465_200.txt").iter().take(8) {
        let solution = crate::engine::solve_one(puzzle).unwrap();
        let mut pos = Position::new(puzzle);
        while let Some(step) = next_step(&pos) {
            assert_sound(&step, &pos.grid, &pos.candidates, &solution);
            if step.technique.family() == Family::SeChains {
                seen += 1;
                let r = super::se_rating(&step).unwrap();
                assert!(r >= step.technique.facts().se.rating);
                assert!(super::reason(&step, Lang::En).is_some());
            }
            if !pos.apply(&step) {
                break;
            }
        }
        assert!(pos.grid.is_full(), "{puzzle} is solved");
    }
    assert!(seen >= 8, "{seen} chain steps");
}

/// A position without chains (the empty grid's pencil marks) gives nothing
/// up to dynamic forcing chains (+) (the nested levels would only stop at
/// their work bound there: see `budget`).
#[test]
fn nothing_on_an_open_grid() {
    let g = Grid::empty();
    let cands = crate::Candidates::from_grid(&g);
    for &t in super::IMPLEMENTED
        .iter()
        .filter(|t| t.facts().se.rating < 9.5)
    {
        assert!(super::find(t, &g, &cands).is_empty(), "{t:?}");
    }
}

/// SE 1.2.1 (graded_hard_sample.tsv) rates this ER/EP/ED 10.4/10.4/10.0,
/// its hardest step "Dynamic Region Forcing Chains (+ Forcing Chains)":
/// the first step is rated 10.0, and the first nested forcing chain of
/// SE's level 2 is sound, rated within the walk's range, with words
/// naming its nested chains.
#[test]
fn nested_level_2_as_se_rates_it() {
    let puzzle =
        "12.4..3..3...1..5...6...1..7...9.....4.6.3.....3..2...5...8.7....7.....5.......98";
    let walk = se_walk(&grid(puzzle));
    assert_eq!(walk.rating, Some(10.4));
    assert_eq!(walk.steps[0].1, 10.0);
    let mut pos = Position::new(&grid(puzzle));
    let step = loop {
        let step = next_step(&pos).expect("the walk goes on");
        if step.technique == Technique::NestedForcingChains1 {
            break step;
        }
        assert!(pos.apply(&step));
    };
    let solution = crate::engine::solve_one(&grid(puzzle)).unwrap();
    assert_sound(&step, &pos.grid, &pos.candidates, &solution);
    let rating = super::se_rating(&step).unwrap();
    assert!((9.5..=10.4).contains(&rating), "{rating}");
    // The branches, then the nested chains they use.
    let main = step
        .chains
        .iter()
        .filter(|c| c.nodes[0] == step.chains[0].nodes[0]);
    assert!(step.chains.len() > main.count());
    let text = super::reason(&step, Lang::En).unwrap();
    assert!(text.contains("with the nested chains"), "{text}");
    let texto = super::reason(&step, Lang::Es).unwrap();
    assert!(texto.contains("con las cadenas anidadas"), "{texto}");
}

/// SE 1.2.1 rates this 11.0/11.0/11.0 with "Dynamic Contradiction Forcing
/// Chains (+ Multiple Forcing Chains)": SE's level 3 (10.0) and a length
/// bonus of 1.0 from the first step on.
#[test]
fn nested_level_3_as_se_rates_it() {
    let puzzle =
        ".234.......6.8....7....35....4....7....8...9.9....7..53....1.5....2....3.6....9.1";
    let walk = se_walk(&grid(puzzle));
    assert_eq!(walk.rating, Some(11.0));
    assert_eq!(walk.steps[0], (Technique::NestedForcingChains2, 11.0));
}

/// Every step of SE's walk is sound on hard puzzles where nested chains
/// fire, and a nested step's rating read back from its evidence is the
/// one it was found with.
#[test]
fn nested_steps_are_sound() {
    let mut seen = 0;
    for puzzle in sample("forum_hardest_1106_50.txt").iter().take(2) {
        let solution = crate::engine::solve_one(puzzle).unwrap();
        let mut pos = Position::new(puzzle);
        while let Some(step) = next_step(&pos) {
            assert_sound(&step, &pos.grid, &pos.candidates, &solution);
            let nested = matches!(
                step.technique,
                Technique::NestedForcingChains1
                    | Technique::NestedForcingChains2
                    | Technique::NestedForcingChains3
                    | Technique::NestedForcingChains4
            );
            if nested {
                seen += 1;
                assert!(super::se_rating(&step).unwrap() >= 9.5);
                assert!(super::reason(&step, Lang::Es).is_some());
            }
            if !pos.apply(&step) {
                break;
            }
        }
        assert!(pos.grid.is_full(), "{puzzle} is solved");
    }
    assert!(seen >= 2, "{seen} nested steps");
}

/// Where an easier SE producer has a step, the nested levels find nothing
/// (SE never gets to them): the first chain position of a puzzle SE rates
/// 9.0 with dynamic forcing chains.
#[test]
fn nested_levels_wait_their_turn() {
    let puzzle =
        "..9..63...72..........17..51..3..9..........86.84....1.6.........1.2....9.3...45.";
    let (pos, _) = first_chain_step(puzzle);
    for t in [
        Technique::NestedForcingChains1,
        Technique::NestedForcingChains2,
        Technique::NestedForcingChains3,
        Technique::NestedForcingChains4,
    ] {
        assert!(
            super::find(t, &pos.grid, &pos.candidates).is_empty(),
            "{t:?}"
        );
    }
}

/// The gates of `producers` skip only searches that give nothing: on every
/// position of SE's walk through hard puzzles, the cycles, Nishio, the
/// multiple and the dynamic forcing chains give the same hints with and
/// without them.
#[test]
fn gates_change_no_hint() {
    use super::chaining::Engine;
    use super::producers::{self, Producer};
    let summary = |hints: &[super::hint::Hint]| -> Vec<(Technique, u32, u32, String)> {
        hints
            .iter()
            .map(|h| {
                (
                    h.technique,
                    h.tenths,
                    h.complexity,
                    format!("{:?}", h.removable),
                )
            })
            .collect()
    };
    let mut compared = 0;
    let mut found = 0;
    on_walk_boards(12, |pos, board| {
        let producers = [
            Producer::Cycles,
            Producer::Nishio,
            Producer::Multiple,
            Producer::Dynamic(0),
        ];
        for producer in producers {
            let mut engine = Engine::default();
            engine.clear();
            let gated = producers::hints(&mut engine, board, producer);
            engine.clear();
            let full = producers::ungated(|| producers::hints(&mut engine, board, producer));
            assert_eq!(
                summary(&gated),
                summary(&full),
                "{producer:?} on {}",
                pos.grid
            );
            compared += 1;
            found += usize::from(!full.is_empty());
        }
        // Every productive cycle, as nested chains ask for them.
        let mut engine = Engine::default();
        engine.clear();
        let gated = producers::all_hints(&mut engine, board, Producer::Cycles);
        engine.clear();
        let full =
            producers::ungated(|| producers::all_hints(&mut engine, board, Producer::Cycles));
        assert_eq!(
            summary(&gated),
            summary(&full),
            "all cycles on {}",
            pos.grid
        );
    });
    assert!(
        compared > 500 && found > 20,
        "{compared} positions, {found} with hints"
    );
}

/// The multiple-chain producers stop counting a hint's potentials (and
/// looking up its other branches) once it would rate above the best so
/// far; searching every hint without that bound and keeping the easiest
/// band gives the same hints, in the same order.
#[test]
fn bounded_counts_change_no_hint() {
    use super::chaining::Engine;
    use super::producers::{self, Producer};
    let summary = |hints: &[super::hint::Hint]| -> Vec<(Technique, u32, u32, String, Vec<u32>)> {
        hints
            .iter()
            .map(|h| {
                (
                    h.technique,
                    h.tenths,
                    h.complexity,
                    format!("{:?}", h.removable),
                    h.targets.clone(),
                )
            })
            .collect()
    };
    let mut found = 0;
    on_walk_boards(10, |_, board| {
        for producer in [Producer::Nishio, Producer::Multiple, Producer::Dynamic(0)] {
            // Both searches without Nishio's records, so that they run the
            // same propagations (their nodes are compared).
            let mut engine = Engine::default();
            engine.clear();
            super::clean::forget();
            let bounded = producers::hints(&mut engine, board, producer);
            engine.clear();
            super::clean::forget();
            let all = producers::all_hints(&mut engine, board, producer);
            let band = all.first().map(|h| h.tenths);
            let easiest: Vec<_> = all.into_iter().filter(|h| Some(h.tenths) == band).collect();
            assert_eq!(summary(&bounded), summary(&easiest), "{producer:?}");
            found += usize::from(!bounded.is_empty());
        }
    });
    assert!(found > 50, "{found} searches with hints");
}

/// Every hint of the multiple and dynamic forcing chains, as nested
/// searches ask for them, is the same whether the hints that cannot lead
/// their set of removable candidates are dropped as they are found (with
/// the gates) or kept and compared at the end (without): same hints, same
/// order, same branches.
#[test]
fn leading_hints_as_all_compared() {
    use super::chaining::Engine;
    use super::producers::{self, Producer};
    let steps = |engine: &mut Engine, hints: &[super::hint::Hint]| -> Vec<String> {
        hints
            .iter()
            .map(|h| {
                let step = h.to_step(&mut engine.arena, &mut engine.nested);
                format!("{} {} {:?} {step:?}", h.tenths, h.complexity, h.premise)
            })
            .collect()
    };
    let mut found = 0;
    on_walk_boards(4, |pos, board| {
        for producer in [Producer::Nishio, Producer::Multiple, Producer::Dynamic(0)] {
            let mut engine = Engine::default();
            engine.clear();
            let hints = producers::all_hints(&mut engine, board, producer);
            let led = steps(&mut engine, &hints);
            engine.clear();
            let hints = producers::ungated(|| producers::all_hints(&mut engine, board, producer));
            let all = steps(&mut engine, &hints);
            assert_eq!(led, all, "{producer:?} on {}", pos.grid);
            found += led.len();
        }
    });
    assert!(found > 1000, "{found} hints");
}

/// Nested searches replayed from memory (see `nested::Memo`) hand out the
/// same hints, with the same steps (nested chains included), as searches
/// run anew each time: SE's nested levels 2 and 3 on the first positions
/// of puzzles that need them; and so do all dynamic forcing chains (the
/// nested producer of level 4) with and without remembered counts; level
/// 3 after level 2 replays level 2's cycles and finds what it finds alone.
#[test]
fn nested_memory_changes_no_step() {
    use super::board::Board;
    use super::chaining::Engine;
    use super::producers::{self, Producer};
    let steps = super::step_texts;
    let mut replays = 0;
    let (mut shared, mut alone_replays) = (0, 0);
    let puzzles = [
        "12.4..3..3...1..5...6...1..7...9.....4.6.3.....3..2...5...8.7....7.....5.......98",
        ".234.......6.8....7....35....4....7....8...9.9....7..53....1.5....2....3.6....9.1",
    ];
    for puzzle in puzzles {
        let (pos, _) = first_chain_step(puzzle);
        let board = Board::new(&pos.grid, &pos.candidates);
        for producer in [Producer::Dynamic(2), Producer::Dynamic(3)] {
            let mut engine = Engine::default();
            engine.clear();
            let hints = producers::hints(&mut engine, &board, producer);
            let remembered = steps(&mut engine, &hints);
            replays += engine.nested.replays();
            engine.clear();
            let hints = producers::ungated(|| producers::hints(&mut engine, &board, producer));
            assert_eq!(engine.nested.replays(), 0);
            let anew = steps(&mut engine, &hints);
            assert_eq!(remembered, anew, "{producer:?} on {puzzle}");
        }
        // Level 3 right after level 2 on one engine, as the walk asks for
        // them: level 3 replays the cycles that level 2 ran on the same
        // reduced boards, and finds what it finds alone.
        let mut engine = Engine::default();
        engine.clear();
        producers::hints(&mut engine, &board, Producer::Dynamic(2));
        let before = engine.nested.replays();
        let hints = producers::hints(&mut engine, &board, Producer::Dynamic(3));
        let after_level_2 = steps(&mut engine, &hints);
        shared += engine.nested.replays() - before;
        let mut alone = Engine::default();
        alone.clear();
        let hints = producers::hints(&mut alone, &board, Producer::Dynamic(3));
        assert_eq!(
            after_level_2,
            steps(&mut alone, &hints),
            "level 3 on {puzzle}"
        );
        alone_replays += alone.nested.replays();
        // Every dynamic chain, as level 4 asks for them (with the counts
        // of the nodes that conclude several hints remembered).
        let mut engine = Engine::default();
        engine.clear();
        let hints = producers::all_hints(&mut engine, &board, Producer::Dynamic(0));
        let remembered = steps(&mut engine, &hints);
        engine.clear();
        let hints =
            producers::ungated(|| producers::all_hints(&mut engine, &board, Producer::Dynamic(0)));
        assert_eq!(
            remembered,
            steps(&mut engine, &hints),
            "all dynamic on {puzzle}"
        );
    }
    assert!(replays > 0, "no search was replayed");
    assert!(
        shared > alone_replays,
        "level 3 replayed {shared} searches after level 2, {alone_replays} alone"
    );
}

/// Nested searches replayed at a later position of the walk (the memory
/// outlives a position: see `nested::Memo`) hand out the same hints, with
/// the same steps, as searches run anew: nested levels 2 to 4 on one
/// engine through consecutive positions of a hard puzzle's walk, each
/// compared with the search without gates (and so without the memory, nor
/// the cap of [`super::chaining::Engine::cap`], which stops propagations
/// whose nodes can only be in hints rated above the easiest so far) on a
/// fresh engine; some searches are replayed from an earlier position, and
/// some propagations are capped.
#[test]
fn nested_memory_across_positions_changes_no_step() {
    use super::board::Board;
    use super::chaining::Engine;
    use super::producers::{self, Producer};
    let steps = super::step_texts;
    let puzzle =
        "12.4..3..3...1..5...6...1..7...9.....4.6.3.....3..2...5...8.7....7.....5.......98";
    let (mut pos, _) = first_chain_step(puzzle);
    let mut engine = Engine::default();
    let mut carried = 0;
    for _ in 0..4 {
        let board = Board::new(&pos.grid, &pos.candidates);
        engine.clear();
        for producer in [
            Producer::Dynamic(2),
            Producer::Dynamic(3),
            Producer::Dynamic(4),
        ] {
            let hints = producers::hints(&mut engine, &board, producer);
            let remembered = steps(&mut engine, &hints);
            let mut fresh = Engine::default();
            fresh.clear();
            let hints = producers::ungated(|| producers::hints(&mut fresh, &board, producer));
            assert_eq!(
                remembered,
                steps(&mut fresh, &hints),
                "{producer:?} at {}",
                pos.grid
            );
        }
        carried += engine.nested.carried();
        let step = next_step(&pos).expect("the walk goes on");
        assert!(pos.apply(&step));
    }
    assert!(carried > 0, "no search was replayed at a later position");
    assert!(engine.capped > 0, "no propagation was capped");
}

/// Runs SE's dynamic chains of nesting levels 1 to 4 with `engine` on
/// the first `positions` positions of SE's walk through `puzzle` from its
/// first chain step.
fn nested_levels_on_walk(puzzle: &str, positions: usize, engine: &mut super::chaining::Engine) {
    use super::board::Board;
    use super::producers::{self, Producer};
    let (mut pos, _) = first_chain_step(puzzle);
    for _ in 0..positions {
        let board = Board::new(&pos.grid, &pos.candidates);
        engine.clear();
        for level in 1..=4 {
            producers::hints(engine, &board, Producer::Dynamic(level));
        }
        let step = next_step(&pos).expect("the walk goes on");
        assert!(pos.apply(&step));
    }
}

/// The cap of [`super::chaining::Engine::cap`] loses nothing: where it
/// stops a propagation, going on instead reaches no node that rests on no
/// more than the cap (so none that a hint within it could use). A stop
/// where a rule gave the stall's nodes would lose some here: a later stall
/// finds, with a nested chain not asked at the first, nodes resting on
/// none of its nodes.
#[test]
fn the_cap_stops_no_propagation_before_a_node_within_it() {
    use super::chaining::Engine;
    let puzzle =
        "12.4..3..3...1..5...6...1..7...9.....4.6.3.....3..2...5...8.7....7.....5.......98";
    let mut engine = Engine::default();
    engine.audit = true;
    nested_levels_on_walk(puzzle, 3, &mut engine);
    assert!(engine.capped > 0, "the cap stopped no propagation");
    assert_eq!(engine.misses, 0, "nodes within the cap past a stop");
}

/// [`super::producers`]' bound on "off" propagations holds at the nested
/// levels: every "off" propagation it skips, run all the same, meets no
/// contradiction and shares nothing with its candidate's "on" set (so it
/// would have given no hint), on positions of hard walks where the
/// nested levels run.
#[test]
fn the_off_bound_skips_no_hint_at_nested_levels() {
    use super::chaining::Engine;
    use super::producers::OFF_AUDIT;
    let puzzles = [
        "12.4..3..3...1..5...6...1..7...9.....4.6.3.....3..2...5...8.7....7.....5.......98",
        &sample("forum_hardest_1106_50.txt")[3].to_string(),
    ];
    OFF_AUDIT.with(|a| a.set((true, 0, 0)));
    for puzzle in puzzles {
        nested_levels_on_walk(puzzle, 3, &mut Engine::default());
    }
    let (_, skipped, wrong) = OFF_AUDIT.with(|a| a.replace((false, 0, 0)));
    assert!(skipped > 100, "only {skipped} skipped at the nested levels");
    assert_eq!(wrong, 0, "{wrong} of {skipped} skipped would give a hint");
}

/// The audit of [`the_off_bound_skips_no_hint_at_nested_levels`] over the
/// whole SE walk of every puzzle of a file (`SUDOKIT_OFF_AUDIT_FILE`, an
/// absolute path; ignored by default: the hardest lists take minutes).
#[test]
#[ignore]
fn the_off_bound_skips_no_hint_on_a_file() {
    use super::producers::OFF_AUDIT;
    let path = std::env::var("SUDOKIT_OFF_AUDIT_FILE").expect("SUDOKIT_OFF_AUDIT_FILE");
    let text = std::fs::read_to_string(&path).expect("readable file");
    OFF_AUDIT.with(|a| a.set((true, 0, 0)));
    for (i, line) in text.lines().enumerate() {
        se_walk(&grid(line.trim()));
        let (_, skipped, wrong) = OFF_AUDIT.with(std::cell::Cell::get);
        eprintln!(
            "{path}:{}: {skipped} skipped at the nested levels so far, {wrong} would give a hint",
            i + 1
        );
        assert_eq!(wrong, 0, "at line {}", i + 1);
    }
}
