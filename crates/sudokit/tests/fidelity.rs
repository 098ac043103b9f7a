//! Agreement of the grader with HoDoKu 2.3 and Sudoku Explainer 1.2.1 on
//! the reference samples in `tests/data` (graded by those programs with
//! their default settings): SE's ER, EP and ED within ±0.1, HoDoKu's level
//! and exact score. Each figure is printed (run with `--nocapture`); the
//! assertions are the targets: ratings ±0.1 on 90 %, level on
//! 97 %, exact score on 90 %; on the puzzles of `se_nested_band.tsv`, drawn
//! outside the samples, every grade equal.
//! `FIDELITY_DEBUG=1` prints every puzzle that disagrees.

use rayon::prelude::*;
use sudokit::Grid;
use sudokit::grade::{self, GradeOptions, Level, Rating};

/// One reference row: the puzzle and what the two programs said (`None`
/// where a program timed out).
struct Reference {
    puzzle: Grid,
    level: Option<Level>,
    score: Option<u32>,
    se: Option<[f64; 3]>,
    se_hardest: String,
    hodoku_hardest: String,
}

/// The rows of `tests/data/{name}`: comment lines (`#`) first, then a
/// header, then one puzzle per line.
fn references(name: &str) -> Vec<Reference> {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let f: Vec<&str> = line.split('\t').collect();
            let num = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok());
            let se = match (num(3), num(4), num(5)) {
                (Some(er), Some(ep), Some(ed)) => Some([er, ep, ed]),
                _ => None,
            };
            Reference {
                puzzle: f[0].parse().unwrap_or_else(|e| panic!("{name}: {e}")),
                level: f[1].parse().ok(),
                score: f[2].parse().ok(),
                se,
                se_hardest: f.get(6).unwrap_or(&"").to_string(),
                hodoku_hardest: f.get(7).unwrap_or(&"").to_string(),
            }
        })
        .collect()
}

/// Agreement counts: (agreeing, compared) per measure.
#[derive(Default, Debug)]
struct Tally {
    er: (usize, usize),
    ep: (usize, usize),
    ed: (usize, usize),
    level: (usize, usize),
    score: (usize, usize),
}

fn pct((ok, n): (usize, usize)) -> f64 {
    100.0 * ok as f64 / n.max(1) as f64
}

fn close(ours: Rating, theirs: f64) -> bool {
    matches!(ours, Rating::Exact(r) if (r - theirs).abs() <= 0.1 + 1e-9)
}

fn count(t: &mut (usize, usize), ok: bool) {
    t.0 += usize::from(ok);
    t.1 += 1;
}

fn measure(name: &str) -> Tally {
    let debug = std::env::var("FIDELITY_DEBUG").is_ok();
    let mut tally = Tally::default();
    for r in references(name) {
        let g = grade::grade(&r.puzzle, &GradeOptions::default()).expect("unique puzzles");
        if let Some([er, ep, ed]) = r.se {
            count(&mut tally.er, close(g.se.er, er));
            count(&mut tally.ep, close(g.se.ep, ep));
            count(&mut tally.ed, close(g.se.ed, ed));
            if debug && !close(g.se.er, er) {
                println!(
                    "SE {} ours {} theirs {er}/{ep}/{ed} ({})",
                    r.puzzle, g.se, r.se_hardest
                );
            }
        }
        if let (Some(level), Some(score)) = (r.level, r.score) {
            count(&mut tally.level, g.level == level);
            count(&mut tally.score, g.score == score);
            if debug && g.score != score {
                let hardest = g.hardest.map_or("-", |t| t.name());
                println!(
                    "HoDoKu {} ours {} {} {hardest} theirs {level} {score} ({})",
                    r.puzzle, g.level, g.score, r.hodoku_hardest
                );
            }
        }
    }
    println!(
        "{name}: SE ER ±0.1 {:.1} % of {}, EP {:.1} %, ED {:.1} %; HoDoKu level {:.1} % of {}, \
         exact score {:.1} %",
        pct(tally.er),
        tally.er.1,
        pct(tally.ep),
        pct(tally.ed),
        pct(tally.level),
        tally.level.1,
        pct(tally.score)
    );
    tally
}

/// The targets: SE's three ratings within ±0.1 on 90 %, HoDoKu's
/// level on 97 % and its exact score on 90 %.
fn assert_targets(t: &Tally) {
    for (name, measure) in [("ER", t.er), ("EP", t.ep), ("ED", t.ed)] {
        assert!(pct(measure) >= 90.0, "SE {name}: {t:?}");
    }
    assert!(pct(t.level) >= 97.0, "HoDoKu level: {t:?}");
    assert!(pct(t.score) >= 90.0, "HoDoKu score: {t:?}");
}

#[test]
fn agreement_on_the_ordinary_sample() {
    let t = measure("graded_sample.tsv");
    assert_eq!(t.level.1, 300);
    // Score measured 100 % since the forcing nets follow HoDoKu 2.3's
    // (96.3 % with HoDoKu 2.2.0's nets); the floor keeps it there.
    assert_targets(&t);
    assert!(pct(t.score) >= 99.0, "HoDoKu score: {t:?}");
}

#[test]
fn agreement_on_the_hard_sample() {
    let t = measure("graded_hard_sample.tsv");
    assert!(t.er.1 >= 300 && t.level.1 >= 300, "{t:?}");
    // Score measured 100 % since the forcing nets follow HoDoKu 2.3's
    // (91.1 % with HoDoKu 2.2.0's nets); the floor keeps it there.
    assert_targets(&t);
    assert!(pct(t.score) >= 99.0, "HoDoKu score: {t:?}");
}

/// The rows of `name` where sudokit's grade is not exactly the reference's:
/// SE's three ratings where the row has them, HoDoKu's level and score
/// where it has those. Asserts first that the file holds at least `rows`
/// rows and that each has the grades `has` asks for.
fn disagreements(name: &str, rows: usize, has: impl Fn(&Reference) -> bool) -> Vec<String> {
    let references = references(name);
    assert!(
        references.len() >= rows,
        "{} puzzles read",
        references.len()
    );
    assert!(references.iter().all(has), "{name}: a row lacks a grade");
    let equal =
        |ours: Rating, theirs: f64| matches!(ours, Rating::Exact(r) if (r - theirs).abs() < 0.05);
    references
        .par_iter()
        .filter_map(|r| {
            let g = grade::grade(&r.puzzle, &GradeOptions::default()).expect("unique puzzles");
            let se_equal = r.se.is_none_or(|[er, ep, ed]| {
                equal(g.se.er, er) && equal(g.se.ep, ep) && equal(g.se.ed, ed)
            });
            let hodoku_equal = match (r.level, r.score) {
                (Some(level), Some(score)) => (g.level, g.score) == (level, score),
                _ => true,
            };
            (!se_equal || !hodoku_equal).then(|| {
                format!(
                    "{}: ours {} {} {}, SE {:?}, HoDoKu {:?} {:?}",
                    r.puzzle, g.se, g.level, g.score, r.se, r.level, r.score
                )
            })
        })
        .collect()
}

/// Puzzles outside the samples whose HoDoKu-style walk takes remote pairs,
/// simple colors or multi colors (`hodoku23_coloring_pairs.tsv`, graded by
/// HoDoKu 2.3): level and score equal on every one. Which step HoDoKu takes
/// among several of these techniques' steps decides the rest of the walk.
#[test]
fn hodoku_agrees_on_remote_pairs_and_colorings() {
    let differ = disagreements("hodoku23_coloring_pairs.tsv", 130, |r| {
        r.level.is_some() && r.score.is_some()
    });
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Puzzles outside the samples in SE's bands of dynamic and nested forcing
/// chains (`se_nested_band.tsv`: forum_hardest_1905 puzzles given a few
/// cells of their solution, ER 9.0 to 11.0, graded by SE 1.2.1 and, on two
/// thirds of them, HoDoKu 2.3): every rating and every level and score
/// equal, not only within the margins. These bands rest on which
/// nested chain SE meets first and how long it counts it, so a change to
/// the nested searches' order or complexity shows here.
#[test]
fn exact_agreement_in_the_nested_chain_bands() {
    let differ = disagreements("se_nested_band.tsv", 100, |r| r.se.is_some());
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Puzzles graded by HoDoKu 2.3 with techniques it leaves off by default
/// switched on in its preferences (`hodoku23_switched_on.tsv`: Death
/// Blossom; Kraken fish; Franken and Mutant Jellyfish and the basic fish of
/// 5 lines): the HoDoKu-style level and score of `--techniques +NAME,...`
/// equal HoDoKu's on every one.
#[test]
fn hodoku_agrees_with_techniques_switched_on() {
    let path = format!(
        "{}/../../tests/data/hodoku23_switched_on.tsv",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').collect())
        .collect();
    assert!(rows.len() >= 60, "{} rows read", rows.len());
    let differ: Vec<String> = rows
        .par_iter()
        .filter_map(|f| {
            let puzzle: Grid = f[0].parse().expect("a puzzle");
            let level: Level = f[1].parse().expect("a level");
            let score: u32 = f[2].parse().expect("a score");
            let options = GradeOptions {
                solver: sudokit::logic::solver::Options::parse(f[3]).expect("a list"),
            };
            let g = grade::grade(&puzzle, &options).expect("unique puzzles");
            ((g.level, g.score) != (level, score)).then(|| {
                format!(
                    "{puzzle} with {}: ours {} {}, HoDoKu {level} {score}",
                    f[3], g.level, g.score
                )
            })
        })
        .collect();
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
