//! Sudoku Explainer's rating walk with SE's own techniques only, to measure
//! how closely the chains of this family reproduce SE's ratings.
//!
//! SE's solver (`Solver.getDifficulty`) asks its producers in a fixed order
//! and applies the first hint it gets; a chaining producer hands out its
//! easiest hint first. [`se_walk`] does the same with the techniques at
//! hand: the producers' groups below, in SE's order, the easiest step of
//! the first group that has one (SE's "direct" hints place their single
//! only). The rating is the hardest step of the walk.

use crate::grade;
use crate::grid::Grid;
use crate::logic::solver::Position;
use crate::logic::{Step, Technique};

/// A group of techniques standing for one SE producer, and whether SE
/// runs it in direct mode (only steps that leave a single, which is all
/// that is applied).
struct Group(&'static [Technique], bool);

/// SE 1.2.1's producers in `Solver`'s order, as techniques of the table.
const GROUPS: &[Group] = {
    use Technique as T;
    &[
        Group(&[T::FullHouse, T::HiddenSingle], false),
        Group(
            &[T::LockedCandidatesPointing, T::LockedCandidatesClaiming],
            true,
        ),
        Group(&[T::HiddenPair], true),
        Group(&[T::NakedSingle], false),
        Group(&[T::HiddenTriple], true),
        Group(
            &[T::LockedCandidatesPointing, T::LockedCandidatesClaiming],
            false,
        ),
        Group(&[T::NakedPair], false),
        Group(&[T::XWing], false),
        Group(&[T::HiddenPair], false),
        Group(&[T::NakedTriple], false),
        Group(&[T::Swordfish], false),
        Group(&[T::HiddenTriple], false),
        Group(&[T::XyWing], false),
        Group(&[T::XyzWing], false),
        Group(
            &[
                T::UniqueRectangle1,
                T::UniqueRectangle2,
                T::UniqueRectangle3,
                T::UniqueRectangle4,
                T::UniqueLoop1,
                T::UniqueLoop2,
                T::UniqueLoop3,
                T::UniqueLoop4,
            ],
            false,
        ),
        Group(&[T::NakedQuad], false),
        Group(&[T::Jellyfish], false),
        Group(&[T::HiddenQuad], false),
        Group(&[T::BugPlusOne, T::Bug1, T::Bug2, T::Bug3, T::Bug4], false),
        Group(&[T::AlignedPairExclusion], false),
        Group(
            &[
                T::BidirectionalXCycle,
                T::BidirectionalYCycle,
                T::ForcingXChain,
                T::BidirectionalCycle,
                T::ForcingXyChain,
            ],
            false,
        ),
        Group(&[T::AlignedTripletExclusion], false),
        Group(&[T::NishioForcingChain], false),
        Group(&[T::CellForcingChains, T::RegionForcingChains], false),
        Group(
            &[
                T::DynamicCellForcingChains,
                T::DynamicRegionForcingChains,
                T::DynamicContradictionForcingChains,
                T::DynamicDoubleForcingChains,
            ],
            false,
        ),
        Group(&[T::DynamicForcingChainsPlus], false),
        Group(&[T::NestedForcingChains1], false),
        Group(&[T::NestedForcingChains2], false),
        Group(&[T::NestedForcingChains3], false),
        Group(&[T::NestedForcingChains4], false),
    ]
};

/// The result of [`se_walk`].
#[derive(Clone, Debug, PartialEq)]
pub struct Walk {
    /// The hardest rating met (SE's ER), or `None` if the techniques at hand
    /// got stuck.
    pub rating: Option<f64>,
    /// Each step's technique and rating, in order.
    pub steps: Vec<(Technique, f64)>,
}

/// The easiest step of a group on the position, with its rating (for a
/// direct group, only steps that leave a single, reduced to it).
fn easiest(pos: &Position, group: &Group) -> Option<(f64, Step)> {
    let mut best: Option<(f64, (u32, u32), Step)> = None;
    for &t in group.0 {
        if !t.is_available() {
            continue;
        }
        for step in grade::se_steps(pos, t) {
            if !step.is_productive() {
                continue;
            }
            let r = grade::se_rating(&step, &pos.grid, &pos.candidates);
            let step = if group.1 {
                match grade::se_direct_single(&step, &pos.grid, &pos.candidates) {
                    Some((cell, digit)) if r < t.facts().se.rating => {
                        Step::new(Technique::HiddenSingle).place(cell, digit)
                    }
                    _ => continue,
                }
            } else {
                step
            };
            let tie = grade::se_tie(&step, &pos.candidates);
            if best
                .as_ref()
                .is_none_or(|(b, t, _)| r.total_cmp(b).then(tie.cmp(t)).is_lt())
            {
                best = Some((r, tie, step));
            }
        }
    }
    best.map(|(r, _, step)| (r, step))
}

/// The step SE's walk takes on the position, if any.
#[cfg(test)]
pub(crate) fn next_step(pos: &Position) -> Option<Step> {
    GROUPS.iter().find_map(|g| easiest(pos, g)).map(|(_, s)| s)
}

/// Rates `puzzle` as SE's `getDifficulty` does, with the techniques of the
/// table that stand for SE's producers (see the module doc).
pub fn se_walk(puzzle: &Grid) -> Walk {
    let mut pos = Position::new(puzzle);
    let mut walk = Walk {
        rating: Some(0.0),
        steps: Vec::new(),
    };
    while !pos.grid.is_full() {
        let Some((r, step)) = GROUPS.iter().find_map(|g| easiest(&pos, g)) else {
            walk.rating = None;
            break;
        };
        walk.steps.push((step.technique, r));
        walk.rating = walk.rating.map(|h| h.max(r));
        if !pos.apply(&step) {
            walk.rating = None;
            break;
        }
    }
    walk
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agreement with SE 1.2.1 on `tests/data/graded_hard_sample.tsv`
    /// (ratings 6.6 to 11), with timing. Slow in debug builds: run with
    /// `cargo test --release -p sudokit --lib se_walk_agreement -- --ignored --nocapture`.
    /// `SE_DEBUG=1` prints every puzzle rated differently.
    #[test]
    #[ignore]
    fn se_walk_agreement() {
        let path = format!(
            "{}/../../tests/data/graded_hard_sample.tsv",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let (mut n, mut ok) = (0, 0);
        let mut worst = (0.0, String::new());
        let start = std::time::Instant::now();
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let Ok(se) = f[3].parse::<f64>() else {
                continue;
            };
            let puzzle: Grid = f[0].parse().unwrap();
            let t0 = std::time::Instant::now();
            let walk = se_walk(&puzzle);
            let dt = t0.elapsed().as_secs_f64();
            if dt > worst.0 {
                worst = (dt, f[0].to_string());
            }
            n += 1;
            let good = walk.rating.is_some_and(|r| (r - se).abs() < 0.1 + 1e-9);
            ok += usize::from(good);
            if !good && std::env::var("SE_DEBUG").is_ok() {
                let hardest = walk
                    .steps
                    .iter()
                    .max_by(|a, b| a.1.total_cmp(&b.1))
                    .map(|s| s.0.name());
                println!(
                    "{} se {se} {} ours {:?} {:?} ({dt:.2}s)",
                    f[0], f[6], walk.rating, hardest
                );
            }
        }
        let total = start.elapsed().as_secs_f64();
        println!(
            "SE walk: ER within 0.1 on {ok}/{n} ({:.1} %), {:.1} ms mean, slowest {:.2} s ({})",
            100.0 * ok as f64 / n as f64,
            1000.0 * total / n as f64,
            worst.0,
            worst.1
        );
    }
}

#[cfg(test)]
mod debug {
    /// Prints the walk of the puzzle in `SE_PUZZLE`.
    #[test]
    #[ignore]
    fn se_walk_trace() {
        let Ok(p) = std::env::var("SE_PUZZLE") else {
            return;
        };
        let puzzle: crate::Grid = p.parse().unwrap();
        if let Ok(before) = std::env::var("SE_BEFORE") {
            for line in before.split(',') {
                let w = super::se_walk(&line.parse().unwrap());
                println!("before: {:?}", w.rating);
            }
        }
        let walk = super::se_walk(&puzzle);
        for (t, r) in &walk.steps {
            if *r > 2.5 {
                println!("{r:.1} {}", t.name());
            }
        }
        println!("{:?}", walk.rating);
    }

    /// Times the walk on the puzzles of `SE_FILE` (first `SE_LIMIT`).
    #[test]
    #[ignore]
    fn se_walk_timing() {
        let Ok(path) = std::env::var("SE_FILE") else {
            return;
        };
        let limit: usize = std::env::var("SE_LIMIT")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(usize::MAX);
        let text = std::fs::read_to_string(path).unwrap();
        let start = std::time::Instant::now();
        let (mut n, mut worst, mut stuck) = (0, (0.0, String::new()), 0);
        let mut hist = std::collections::BTreeMap::new();
        for line in text.lines().take(limit) {
            let Ok(puzzle) = line.trim().parse::<crate::Grid>() else {
                continue;
            };
            let t0 = std::time::Instant::now();
            let walk = super::se_walk(&puzzle);
            let dt = t0.elapsed().as_secs_f64();
            if dt > worst.0 {
                worst = (dt, line.to_string());
            }
            if std::env::var("SE_EACH").is_ok() {
                println!("{line}\t{:?}\t{dt:.3}", walk.rating);
            }
            n += 1;
            stuck += usize::from(walk.rating.is_none());
            *hist
                .entry(walk.rating.map(|r| (r * 10.0).round() as i64))
                .or_insert(0) += 1;
        }
        let total = start.elapsed().as_secs_f64();
        println!(
            "{n} puzzles, {:.2} ms mean, slowest {:.3} s ({}), stuck {stuck}",
            1000.0 * total / n as f64,
            worst.0,
            worst.1
        );
        println!("{hist:?}");
    }
}
