//! HoDoKu's forcing chains and forcing nets, contradiction and verity
//! forms, as its `TablingSolver` finds them, and the words for them.
//!
//! Every candidate is assumed true (on) and false (off); the table of each
//! assumption holds all that follows (the shared table of implications for
//! chains, [`nets`] for nets). Then, as HoDoKu checks them:
//!
//! - **contradiction**: an assumption implies its own opposite, a digit
//!   both true and false in a cell, two digits true in one cell, a digit
//!   true twice in a house, a cell with every candidate false, or a house
//!   with every place of a digit false: the assumption is wrong;
//! - **verity**: a candidate's on and off tables agree on a consequence, or
//!   all candidates of a cell, or all places of a digit in a house, do: the
//!   consequence holds.
//!
//! One step is kept per form and result, the one with the shortest chains.
//! Forcing nets use the tables of HoDoKu 2.3 (`grown`): assumptions
//! propagated through singles (four rounds, HoDoKu's look-ahead), then
//! grown into nets from houses, cells and groups all of whose other
//! candidates the table rules out; a result found that way is a net when
//! plain chains do not give it.

mod closure;
mod grown;
pub mod nets;
mod search;
mod tables;

use crate::candidates::Candidates;
use crate::grid::Grid;
use crate::logic::{Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
    Technique::KrakenFish,
];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let net = match technique {
        Technique::ForcingChainContradiction | Technique::ForcingChainVerity => false,
        Technique::ForcingNetContradiction | Technique::ForcingNetVerity => true,
        Technique::KrakenFish => return crate::logic::fish::kraken::find(grid, candidates),
        _ => return Vec::new(),
    };
    search::all(grid, candidates, net)
        .iter()
        .filter(|s| s.technique == technique)
        .cloned()
        .collect()
}

/// The step HoDoKu's walk takes when it asks the techniques of `group`
/// together ([`crate::logic::solver::Position::advance`]) and `group` is
/// this family's chains or nets, both forms: the first of their steps by
/// [`hodoku_key`] (`None` inside: there is none), found without tracing
/// the chains of the results that cannot come first. `None` for any other
/// group.
pub(crate) fn walk_step(
    group: &[Technique],
    grid: &Grid,
    candidates: &Candidates,
) -> Option<Option<Step>> {
    use Technique::*;
    let net = match group {
        [ForcingChainContradiction, ForcingChainVerity]
        | [ForcingChainVerity, ForcingChainContradiction] => false,
        [ForcingNetContradiction, ForcingNetVerity]
        | [ForcingNetVerity, ForcingNetContradiction] => true,
        _ => return None,
    };
    Some(search::first(grid, candidates, net, group))
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here; `None` leaves the text
/// to [`crate::logic::explain`].
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    if step.technique == Technique::KrakenFish {
        return crate::logic::fish::kraken::reason(step, lang);
    }
    search::reason(step, lang)
}

/// HoDoKu's order among forcing chains (or nets) of both forms (its
/// `TablingComparator`): placements first, by cell; then eliminations by
/// cell and digit, the shorter chains first; contradictions (found first)
/// before verities on a tie.
pub(crate) fn hodoku_key(step: &crate::logic::Step) -> [i64; 4] {
    let length: i64 = step.chains.iter().map(|c| c.nodes.len() as i64).sum();
    let form = match step.technique {
        Technique::ForcingChainVerity | Technique::ForcingNetVerity => 1,
        _ => 0,
    };
    if let Some(&(cell, _)) = step.placements.first() {
        [0, cell.index() as i64, form, length]
    } else if let Some(&(cell, d)) = step.eliminations.first() {
        [
            1,
            (cell.index() * 10 + d.get() as usize) as i64,
            length,
            form,
        ]
    } else {
        [2, 0, 0, 0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::trace::Lang;
    use crate::logic::explain::step_text;
    use crate::logic::soundness::{c, check_technique, elims, open, sample, set};

    /// r1c1 {1,2}, r1c5 {1,3}, r5c1 {2,3} (an XY-Wing): whichever digit
    /// r1c1 holds, 3 lands in r1c5 or r5c1, so r5c5 is not 3 (verity); and
    /// r5c5=3 would force 3 into r5c1 as well (contradiction).
    #[test]
    fn verity_and_contradiction_on_a_wing() {
        let (g, mut cands) = open();
        cands.set(c(1, 1), set(&[1, 2]));
        cands.set(c(1, 5), set(&[1, 3]));
        cands.set(c(5, 1), set(&[2, 3]));
        let verity = find(Technique::ForcingChainVerity, &g, &cands);
        let v = verity
            .iter()
            .find(|s| elims(s) == ["r5c5<>3"])
            .expect("the verity");
        assert_eq!(v.chains.len(), 2);
        for chain in &v.chains {
            assert_eq!(chain.nodes.last().unwrap().to_string(), "(3)r5c5");
        }
        let contra = find(Technique::ForcingChainContradiction, &g, &cands);
        let k = contra
            .iter()
            .find(|s| elims(s) == ["r5c5<>3"])
            .expect("the contradiction");
        assert!(
            k.chains
                .iter()
                .all(|ch| ch.nodes[0].to_string() == "(3)r5c5")
        );
        assert!(step_text(k, Lang::En).contains("assuming r5c5=3 leads through a chain"));
        assert!(step_text(v, Lang::Es).contains("cada cadena lleva a la misma conclusión"));
        // Nothing else is provable here by chains: every step removes 3
        // from r5c5 or places nothing wrong (checked by the solution-free
        // reasoning above).
        assert!(
            verity
                .iter()
                .chain(&contra)
                .all(|s| s.placements.is_empty())
        );
    }

    /// With every candidate everywhere nothing follows from anything.
    #[test]
    fn nothing_on_an_open_grid() {
        let (g, cands) = open();
        for t in IMPLEMENTED {
            assert!(find(*t, &g, &cands).is_empty(), "{t}");
        }
    }

    #[test]
    fn sound_and_fire_on_hard_samples() {
        let mut puzzles = sample("forum_hardest_1106_50.txt");
        puzzles.truncate(6);
        for t in &IMPLEMENTED[..3] {
            assert!(check_technique(*t, &puzzles) > 0, "{t} never fires");
        }
        let mut top = sample("top1465_200.txt");
        top.truncate(12);
        let t = Technique::ForcingNetVerity;
        assert!(check_technique(t, &top) > 0, "{t} never fires");
    }

    /// Soundness on the three hard samples: one walk per puzzle (every
    /// available technique, simplest first), and at every position every
    /// step of every tabling technique checked against the solution; run
    /// with `--release --ignored --nocapture`.
    #[test]
    #[ignore]
    fn sound_on_all_hard_samples() {
        use crate::logic::soundness::assert_sound;
        let mut all = IMPLEMENTED.to_vec();
        all.extend(crate::logic::chains::nice_loops::TECHNIQUES);
        let mut fired = vec![0usize; all.len()];
        let names = std::env::var("SAMPLES").unwrap_or_else(|_| {
            "top1465_200.txt forum_hardest_1106_50.txt forum_hardest_1905_100.txt".into()
        });
        for name in names.split_whitespace() {
            let start = std::time::Instant::now();
            let mut counts = vec![0usize; all.len()];
            let mut positions = 0;
            for puzzle in sample(name) {
                let solution = crate::engine::solve_one(&puzzle).unwrap();
                let mut grid = puzzle;
                let mut cands = Candidates::from_grid(&grid);
                while !grid.is_full() {
                    positions += 1;
                    for (k, &t) in all.iter().enumerate() {
                        for step in crate::logic::find_steps(t, &grid, &cands) {
                            assert_sound(&step, &grid, &cands, &solution);
                            counts[k] += 1;
                        }
                    }
                    let next = Technique::available().find_map(|t| {
                        crate::logic::find_steps(t, &grid, &cands)
                            .into_iter()
                            .find(Step::is_productive)
                    });
                    let Some(step) = next else { break };
                    step.apply(&mut grid, &mut cands);
                }
            }
            let secs = start.elapsed().as_secs_f64();
            eprintln!("{name}: {positions} positions, {secs:.1} s");
            for (k, (t, n)) in all.iter().zip(&counts).enumerate() {
                eprintln!("  {t}: {n}");
                fired[k] += n;
            }
        }
        for (t, n) in all.iter().zip(&fired) {
            assert!(*n > 0, "{t} never fires");
        }
    }

    /// Times the whole grade (HoDoKu walk and SE walk) on the hard samples;
    /// run with `--release --ignored --nocapture`.
    #[test]
    #[ignore]
    fn timing() {
        for name in ["top1465_200.txt", "forum_hardest_1106_50.txt"] {
            let puzzles = sample(name);
            let mut worst = (0.0f64, String::new());
            let mut counts = std::collections::BTreeMap::new();
            let start = std::time::Instant::now();
            for p in &puzzles {
                let t = std::time::Instant::now();
                let g = crate::grade::grade(p, &Default::default()).unwrap();
                let s = t.elapsed().as_secs_f64();
                if s > worst.0 {
                    worst = (s, p.to_line());
                }
                for st in g.steps.iter().filter_map(|s| s.step()) {
                    *counts.entry(st.technique.name()).or_insert(0) += 1;
                }
            }
            let mean = start.elapsed().as_secs_f64() / puzzles.len() as f64;
            eprintln!(
                "{name}: mean {:.2} ms, worst {:.1} ms {}",
                mean * 1e3,
                worst.0 * 1e3,
                worst.1
            );
            eprintln!("{counts:?}");
        }
    }
}

#[cfg(test)]
mod fidelity {
    /// HoDoKu's score on the graded samples, for the puzzles whose hardest
    /// HoDoKu step is a chain of this module or below (no ALS on the path).
    #[test]
    #[ignore]
    fn hodoku_scores_on_chain_puzzles() {
        let path = format!(
            "{}/../../tests/data/graded_hard_sample.tsv",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let wanted = [
            "Discontinuous Nice Loop",
            "Continuous Nice Loop",
            "AIC",
            "Grouped Discontinuous Nice Loop",
            "Grouped Continuous Nice Loop",
            "Grouped AIC",
            "Forcing Chain Contradiction",
            "Forcing Chain Verity",
            "Forcing Net Contradiction",
            "Forcing Net Verity",
        ];
        let (mut same, mut total) = (0, 0);
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            if !wanted.contains(&f[7]) {
                continue;
            }
            let grid: crate::grid::Grid = f[0].parse().unwrap();
            let g = crate::grade::grade(&grid, &Default::default()).unwrap();
            total += 1;
            let score: u32 = f[2].parse().unwrap();
            if g.score == score {
                same += 1;
            } else {
                eprintln!(
                    "{} {}: ours {} {:?}, HoDoKu {} {}",
                    f[0], f[7], g.score, g.hardest, score, f[1]
                );
            }
        }
        eprintln!("score equal on {same} of {total}");
    }
}
