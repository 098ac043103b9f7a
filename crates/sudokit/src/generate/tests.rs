//! Generator tests: every puzzle is checked with the engine, the symmetry's
//! orbits and the grader, never against stored answers.

use super::*;

fn options(symmetry: Symmetry) -> Options {
    Options {
        symmetry,
        ..Options::default()
    }
}

#[test]
fn every_symmetry_gives_unique_symmetric_puzzles() {
    for (k, &symmetry) in Symmetry::ALL.iter().enumerate() {
        for seed in 0..4 {
            let g = generate(&options(symmetry), 100 * k as u64 + seed).unwrap();
            assert_eq!(engine::count_solutions(&g.puzzle, 2), 1, "{symmetry}");
            assert_eq!(engine::solve_one(&g.puzzle), Some(g.solution));
            assert!(symmetry.is_symmetric(&g.puzzle), "{symmetry}: {}", g.puzzle);
            // No orbit can go: the removal pass ran to the end.
            for orbit in symmetry.orbits() {
                if orbit.iter().all(|&c| g.puzzle[c] != 0) {
                    let mut trial = g.puzzle;
                    for &c in &orbit {
                        trial.set(c, None);
                    }
                    assert!(engine::count_solutions(&trial, 2) > 1, "{symmetry}");
                }
            }
        }
    }
}

#[test]
fn minimal_puzzles_need_every_clue() {
    for symmetry in [Symmetry::None, Symmetry::Rotate180, Symmetry::Diagonal] {
        for seed in 0..4 {
            let o = Options {
                minimal: true,
                ..options(symmetry)
            };
            let g = generate(&o, seed).unwrap();
            assert!(symmetry.is_symmetric(&g.puzzle));
            for c in Cell::all().filter(|&c| g.puzzle[c] != 0) {
                let mut trial = g.puzzle;
                trial.set(c, None);
                assert!(engine::count_solutions(&trial, 2) > 1, "{c} can go");
            }
        }
    }
}

#[test]
fn levels_are_met() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..3 {
            let o = Options {
                level: Some(level),
                ..Options::default()
            };
            let g = generate(&o, seed).unwrap();
            let again = grade::grade(&g.puzzle, &GradeOptions::default()).unwrap();
            assert_eq!(again.level, level);
            assert_eq!(again, g.grade);
        }
    }
}

#[test]
fn techniques_and_clue_limits_are_met() {
    let t: TechniqueTarget = "x-wing".parse().unwrap();
    let o = Options {
        technique: Some(t.clone()),
        max_clues: Some(27),
        ..Options::default()
    };
    for seed in 0..2 {
        let g = generate(&o, seed).unwrap();
        assert!(g.puzzle.clues() <= 27);
        assert!(g.grade.solved);
        assert!(
            g.grade
                .steps
                .iter()
                .filter_map(SolvedStep::step)
                .any(|s| s.technique == Technique::XWing)
        );
    }
}

#[test]
fn same_seed_same_puzzle_and_seeds_differ() {
    let o = Options::default();
    let a = generate(&o, 5).unwrap();
    assert_eq!(generate(&o, 5).unwrap(), a);
    assert_ne!(generate(&o, 6).unwrap().puzzle, a.puzzle);
    assert_eq!(a.seed, 5);
    assert_eq!(puzzle_seed(5, 3), 8);
    assert_eq!(puzzle_seed(u64::MAX, 1), 0);
}

#[test]
fn impossible_targets_fail_cleanly() {
    let few = Options {
        max_clues: Some(5),
        ..Options::default()
    };
    assert_eq!(generate(&few, 0), Err(GenerateError::TooFewClues(5)));
    assert_eq!(
        GenerateError::TooFewClues(1).to_string(),
        "no puzzle with at most 1 clue has a unique solution (17 is the least)"
    );
    let clash = Options {
        level: Some(Level::Easy),
        technique: Some("x-wing".parse().unwrap()),
        ..Options::default()
    };
    assert_eq!(
        generate(&clash, 0).unwrap_err().to_string(),
        "x-wing is a hard technique: a puzzle using it cannot be easy"
    );
    let extreme = Options {
        level: Some(Level::Hard),
        technique: Some("kraken-fish".parse().unwrap()),
        ..Options::default()
    };
    assert_eq!(
        generate(&extreme, 0).unwrap_err().to_string(),
        "kraken-fish is an extreme technique: a puzzle using it cannot be hard"
    );
    let hopeless = Options {
        max_clues: Some(17),
        symmetry: Symmetry::Dihedral,
        timeout: None,
        max_attempts: Some(3),
        ..Options::default()
    };
    let e = generate(&hopeless, 0).unwrap_err();
    assert_eq!(
        e.to_string(),
        "could not generate a puzzle with at most 17 clues (symmetry dihedral) in 3 attempts"
    );
    let once = Options {
        max_attempts: Some(1),
        ..hopeless.clone()
    };
    assert_eq!(
        generate(&once, 0).unwrap_err().to_string(),
        "could not generate a puzzle with at most 17 clues (symmetry dihedral) in 1 attempt"
    );
    let timed = Options {
        timeout: Some(Duration::from_millis(50)),
        max_attempts: None,
        ..hopeless
    };
    let e = generate(&timed, 0).unwrap_err().to_string();
    assert!(e.ends_with("within 0.05 s"), "{e}");
    assert_eq!(
        generate_until(&Options::default(), 0, || true),
        Err(GenerateError::Stopped)
    );
}

#[test]
fn technique_names() {
    for name in TechniqueTarget::valid_names() {
        let t: TechniqueTarget = name.parse().unwrap();
        assert!(!t.members().is_empty(), "{name}");
    }
    let e = "nonsense".parse::<TechniqueTarget>().unwrap_err();
    assert_eq!(e, "unknown technique 'nonsense'");
    let available = crate::logic::Technique::available().count();
    assert_eq!(
        TechniqueTarget::valid_names().len(),
        available
            + crate::logic::GROUPS
                .iter()
                .filter(|g| g.members().iter().any(|t| t.is_available()))
                .count()
    );
    assert!("x-wing,swordfish".parse::<TechniqueTarget>().is_err());
    assert!("".parse::<TechniqueTarget>().is_err());
    assert_eq!(
        "finned-fish".parse::<TechniqueTarget>().unwrap().level(),
        Level::Hard
    );
}

#[test]
fn rounds_of_attempts_give_the_same_puzzle() {
    let o = Options {
        level: Some(Level::Unfair),
        ..Options::default()
    };
    for seed in 0..4 {
        let one = generate(&o, seed).unwrap();
        for round in [2, 3, 8] {
            // Attempts of a round made in reverse order: only the lowest
            // successful number counts.
            let r = generate_in_rounds(
                &o,
                round,
                || false,
                |ks| {
                    let mut found: Vec<Generated> =
                        ks.rev().filter_map(|k| try_attempt(&o, seed, k)).collect();
                    found.pop()
                },
            );
            assert_eq!(r.as_ref(), Ok(&one), "seed {seed}, round {round}");
        }
        assert!(one.attempts >= 1);
        assert_eq!(try_attempt(&o, seed, one.attempts - 1), Some(one.clone()));
    }
    let capped = Options {
        max_clues: Some(17),
        symmetry: Symmetry::Dihedral,
        timeout: None,
        max_attempts: Some(5),
        ..Options::default()
    };
    let e = generate_in_rounds(&capped, 4, || false, |_| None).unwrap_err();
    assert!(
        matches!(e, GenerateError::NotFound { attempts: 5, .. }),
        "{e:?}"
    );
}

/// The last attempt number is as good as any: no overflow in the count.
#[test]
fn last_attempt_number_does_not_overflow() {
    let o = Options::default();
    let g = (0..8)
        .find_map(|seed| try_attempt(&o, seed, u64::MAX))
        .expect("an attempt without targets succeeds");
    assert_eq!(g.attempts, u64::MAX);
    assert!(crate::engine::is_unique(&g.puzzle));
}

/// A range above what random attempts usually reach is met by climbing:
/// the puzzle is unique, symmetric and rated in the range by the full grade
/// and by SE's walk alone, and the same seed gives it again.
#[test]
fn high_ratings_are_climbed_to() {
    let range: RatingRange = "8.3..8.9".parse().unwrap();
    assert!(range.min() >= climb::CLIMB_FROM);
    for (seed, symmetry) in [(1, Symmetry::Rotate180), (2, Symmetry::None)] {
        let o = Options {
            rating: Some(range),
            symmetry,
            timeout: None,
            max_attempts: Some(2),
            ..Options::default()
        };
        // Random attempts meet this range about once in 40.
        let g = generate(&o, seed).unwrap();
        assert_eq!(engine::solve_one(&g.puzzle), Some(g.solution));
        assert!(engine::is_unique(&g.puzzle));
        assert!(symmetry.is_symmetric(&g.puzzle), "{}", g.puzzle);
        assert!(range.contains(g.grade.rating), "{}", g.grade.rating);
        let se = grade::se_ratings(&g.puzzle, &GradeOptions::default()).unwrap();
        assert_eq!(se, g.grade.se);
        assert_eq!(generate(&o, seed).unwrap().puzzle, g.puzzle);
    }
}

/// Sudoku Explainer's own techniques (HoDoKu's default set lacks them) are
/// looked for on the SE-style walk; the reference walk of `se_chains`
/// (written apart from the grader's) must take them too.
#[test]
fn techniques_of_se_alone_are_on_the_se_walk() {
    use crate::logic::se_chains::walk;
    for (name, technique) in [
        ("aligned-pair-exclusion", Technique::AlignedPairExclusion),
        ("bug-2", Technique::Bug2),
    ] {
        let o = Options {
            technique: Some(name.parse().unwrap()),
            ..Options::default()
        };
        let g = generate(&o, 3).unwrap();
        assert_eq!(engine::count_solutions(&g.puzzle, 2), 1);
        assert!(g.grade.se_path.contains(&technique), "{name}");
        let reference = walk::se_walk(&g.puzzle);
        assert!(
            reference.steps.iter().any(|&(t, _)| t == technique),
            "{name}: {}",
            g.puzzle
        );
        assert!(
            g.grade.rating.value() >= technique.facts().se.rating,
            "{name}"
        );
    }
}

/// A loop of four cells on SE's walk is its unique rectangle: the unique
/// loop target needs six cells or more.
#[test]
fn unique_loops_on_the_se_walk_have_six_cells_or_more() {
    let o = Options {
        technique: Some("unique-loop".parse().unwrap()),
        ..Options::default()
    };
    let g = generate(&o, 3).unwrap();
    assert!(g.grade.rating.value() >= 4.6, "{}", g.puzzle);
}

/// A technique HoDoKu's default set leaves off is switched on for the
/// HoDoKu-style walk: the grade is the one `grade --techniques +NAME` gives,
/// its path uses the technique and finishes, and without the technique the
/// path differs.
#[test]
fn techniques_off_by_default_are_switched_on() {
    for (name, technique) in [
        ("kraken-fish", Technique::KrakenFish),
        ("death-blossom", Technique::DeathBlossom),
    ] {
        let target: TechniqueTarget = name.parse().unwrap();
        assert_eq!(target.switched_on(), [technique]);
        let o = Options {
            technique: Some(target),
            ..Options::default()
        };
        let g = generate(&o, 3).unwrap();
        assert!(engine::is_unique(&g.puzzle));
        assert!(g.grade.solved, "{name}");
        let used = g.grade.steps.iter().filter_map(SolvedStep::step);
        assert!(used.clone().any(|s| s.technique == technique), "{name}");
        let with = GradeOptions {
            solver: solver::Options::parse(&format!("+{name}")).unwrap(),
        };
        assert_eq!(grade::grade(&g.puzzle, &with).unwrap(), g.grade);
        let without = grade::grade(&g.puzzle, &GradeOptions::default()).unwrap();
        assert_eq!(
            without.se, g.grade.se,
            "{name}: the SE-style walk is the same"
        );
        assert_ne!(without.steps, g.grade.steps, "{name}");
    }
    // Off in HoDoKu's set, but Sudoku Explainer's: looked for on SE's walk.
    let ape: TechniqueTarget = "aligned-pair-exclusion".parse().unwrap();
    assert!(ape.switched_on().is_empty());
    assert_eq!(ape.level(), Level::Easy);
}

/// What no solution path can take first is refused at once, with the
/// reason, not tried until the timeout.
#[test]
fn techniques_never_found_first_are_refused() {
    for name in [
        "squirmbag",
        "leviathan",
        "dual-two-string-kite",
        "dual-empty-rectangle",
    ] {
        let o = Options {
            technique: Some(name.parse().unwrap()),
            ..Options::default()
        };
        let e = generate(&o, 1).unwrap_err();
        assert!(matches!(&e, GenerateError::NeverFirst { technique, .. } if technique == name));
        assert!(
            e.to_string()
                .starts_with(&format!("{name} is never the first step found: ")),
            "{e}"
        );
    }
}

/// The fish of a squirmbag's complementary lines comes first: at positions
/// with many candidates struck out (at random, the solution's kept), every
/// basic fish of 5 lines or more that removes something comes with a basic
/// fish of 4 lines or fewer that removes the same, or (one line left) a
/// hidden single of its digit.
#[test]
fn big_basic_fish_have_a_smaller_fish_with_the_same_eliminations() {
    use crate::candidates::DigitSet;
    use crate::logic::solver::all_steps_position;
    use crate::marked::MarkedGrid;
    let small = [Technique::XWing, Technique::Swordfish, Technique::Jellyfish];
    let big = [Technique::Squirmbag, Technique::Whale, Technique::Leviathan];
    let allowed = [small.as_slice(), &big, &[Technique::HiddenSingle]].concat();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut seen = 0;
    let puzzles = include_str!("../../../../tests/data/top1465_200.txt");
    for puzzle in puzzles
        .lines()
        .filter_map(|l| l.trim().parse::<Grid>().ok())
        .take(60)
    {
        let solution = engine::solve_one(&puzzle).unwrap();
        let start = crate::Candidates::from_grid(&puzzle);
        let mut marks = [DigitSet::EMPTY; 81];
        for cell in puzzle.empty_cells() {
            let keep = start.get(cell).iter().filter(|&d| {
                solution.get(cell) == Some(d) || rand::Rng::random_bool(&mut rng, 0.45)
            });
            marks[cell.index()] = keep.collect();
        }
        let position = MarkedGrid::new(puzzle, puzzle, marks).unwrap();
        let steps = all_steps_position(&position, Some(&allowed)).unwrap();
        for s in steps.iter().filter(|s| big.contains(&s.technique)) {
            seen += 1;
            let digit = s.eliminations[0].1;
            let answered = steps.iter().any(|t| {
                small.contains(&t.technique) && t.eliminations == s.eliminations
                    || t.technique == Technique::HiddenSingle && t.placements[0].1 == digit
            });
            assert!(answered, "{puzzle}: {s}");
        }
    }
    assert!(seen > 0, "no big fish met");
}
