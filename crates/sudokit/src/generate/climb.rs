//! Climbing toward a range of SE ratings.
//!
//! Random attempts seldom rate high: of 6 000 random minimal puzzles one
//! rates above 9.0 and none 9.5. So for a high range an attempt does not
//! stop at its first puzzle: it changes the puzzle one small step at a time
//! and keeps each change whose rating (SE's ER) lies no farther from the
//! range, up to [`MOVES`] changes. A change empties one orbit of clues,
//! fills other orbits from one of the solutions that opened until that
//! solution is the only one again (which may be a new solution grid), then
//! empties, in random order, every orbit that can go. So each puzzle on the
//! way is unique and orbit-minimal, with the symmetry of the attempt.

use super::RatingRange;
use crate::engine;
use crate::grade::{self, GradeOptions, Rating};
use crate::grid::{Cell, Grid};
use rand::Rng;
use rand::seq::{IndexedRandom, SliceRandom};

/// The changes one climb tries before it gives up.
const MOVES: usize = 1500;

/// The ranges whose lowest rating is at least this are climbed to: random
/// attempts reach lower ones often enough.
pub(super) const CLIMB_FROM: f64 = 7.5;

/// Climbs from `puzzle` (unique, with `solution`) toward `range`; the
/// puzzle and its solution once its ER lies in the range, else `None`.
pub(super) fn climb(
    puzzle: Grid,
    solution: Grid,
    orbits: &[Vec<Cell>],
    range: RatingRange,
    rng: &mut impl Rng,
) -> Option<(Grid, Grid)> {
    let options = GradeOptions::default();
    let away = |p: &Grid| distance(range, grade::se_ratings(p, &options).ok()?.er);
    let mut at = (puzzle, solution, away(&puzzle)?);
    for _ in 0..MOVES {
        if at.2 == 0.0 {
            break;
        }
        let Some((p, s)) = neighbour(&at.0, orbits, rng) else {
            continue;
        };
        if let Some(d) = away(&p).filter(|&d| d <= at.2) {
            at = (p, s, d);
        }
    }
    (at.2 == 0.0).then_some((at.0, at.1))
}

/// How far an exact `rating` lies outside `range` (0 inside); `None` for a
/// rating beyond the techniques at hand.
fn distance(range: RatingRange, rating: Rating) -> Option<f64> {
    match rating {
        _ if range.contains(rating) => Some(0.0),
        Rating::Exact(r) => Some((range.min() - r).max(r - range.max())),
        Rating::Beyond(_) => None,
    }
}

/// A puzzle near `puzzle` (see the module documentation) and its solution;
/// `None` when the change does not give a unique puzzle.
fn neighbour(puzzle: &Grid, orbits: &[Vec<Cell>], rng: &mut impl Rng) -> Option<(Grid, Grid)> {
    let clues: Vec<usize> = (0..orbits.len())
        .filter(|&o| is_given(puzzle, &orbits[o]))
        .collect();
    let gone = *clues.choose(rng)?;
    let mut next = *puzzle;
    fill(&mut next, &orbits[gone], None);
    let mut two: Vec<Grid> = engine::solutions(&next).take(2).collect();
    let kept = *two.choose(rng)?;
    // A few orbits are enough: each one filled rules out at least one
    // other solution.
    for _ in 0..20 {
        let Some(other) = two.iter().find(|&&s| s != kept) else {
            return Some((thin(next, orbits, rng), kept));
        };
        let splits: Vec<usize> = (0..orbits.len())
            .filter(|&o| o != gone && !is_given(&next, &orbits[o]))
            .filter(|&o| orbits[o].iter().any(|&c| kept[c] != other[c]))
            .collect();
        let &o = splits.choose(rng)?;
        fill(&mut next, &orbits[o], Some(&kept));
        two = engine::solutions(&next).take(2).collect();
    }
    None
}

/// Empties, in random order, every orbit of clues whose removal keeps
/// `puzzle` unique.
fn thin(mut puzzle: Grid, orbits: &[Vec<Cell>], rng: &mut impl Rng) -> Grid {
    let mut order: Vec<&Vec<Cell>> = orbits.iter().filter(|o| is_given(&puzzle, o)).collect();
    order.shuffle(rng);
    for orbit in order {
        let mut trial = puzzle;
        fill(&mut trial, orbit, None);
        if engine::is_unique(&trial) {
            puzzle = trial;
        }
    }
    puzzle
}

/// Whether the cells of `orbit` are clues (an orbit's cells are given or
/// empty together).
fn is_given(puzzle: &Grid, orbit: &[Cell]) -> bool {
    puzzle[orbit[0]] != 0
}

/// Gives the cells of `orbit` their digits of `from`, or empties them.
fn fill(puzzle: &mut Grid, orbit: &[Cell], from: Option<&Grid>) {
    for &cell in orbit {
        puzzle.set(cell, from.and_then(|g| g.get(cell)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Symmetry;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn neighbours_are_unique_orbit_minimal_and_symmetric() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
        for symmetry in [Symmetry::None, Symmetry::Rotate180, Symmetry::Diagonal] {
            let orbits = symmetry.orbits();
            let solution = super::super::random_solution(&mut rng);
            let mut puzzle = thin(solution, &orbits, &mut rng);
            let mut changed = 0;
            for _ in 0..40 {
                let Some((next, sol)) = neighbour(&puzzle, &orbits, &mut rng) else {
                    continue;
                };
                assert!(crate::rules::is_solution_of(&sol, &next));
                assert!(engine::is_unique(&next));
                assert!(symmetry.is_symmetric(&next));
                let can_go = orbits.iter().filter(|o| is_given(&next, o)).any(|o| {
                    let mut t = next;
                    fill(&mut t, o, None);
                    engine::is_unique(&t)
                });
                assert!(!can_go, "{next} is not orbit-minimal");
                changed += usize::from(next != puzzle);
                puzzle = next;
            }
            assert!(changed >= 20, "{symmetry}: only {changed} changes");
        }
    }

    #[test]
    fn distance_counts_from_the_nearer_end() {
        let range: RatingRange = "8.5..9".parse().unwrap();
        assert_eq!(distance(range, Rating::Exact(8.7)), Some(0.0));
        assert!((distance(range, Rating::Exact(8.0)).unwrap() - 0.5).abs() < 1e-9);
        assert!((distance(range, Rating::Exact(9.4)).unwrap() - 0.4).abs() < 1e-9);
        assert_eq!(distance(range, Rating::Beyond(9.0)), None);
    }
}
