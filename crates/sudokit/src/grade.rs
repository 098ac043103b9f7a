//! Difficulty grades: HoDoKu's level and score, and a Sudoku-Explainer-style
//! numeric rating.
//!
//! Every number about techniques lives in one table,
//! [`Technique::facts`](crate::logic::Technique::facts) (see
//! [`crate::logic::facts`] for where the numbers come from). Beyond the
//! table, SE's ratings depend on the step: a hidden single is 1.2 in a box
//! and 1.5 in a line, "direct" pointing, claiming and hidden subsets are
//! easier, and chains get SE's length bonus ([`se_rating`]).
//!
//! [`grade`] walks a puzzle twice: HoDoKu's way (the first technique in
//! HoDoKu's order that finds something, singles in the order of HoDoKu's
//! queues, see [`crate::logic::solver`] and [`crate::logic::singles_queue`])
//! for the level and score, and SE's way (at every position the lowest-rated
//! step available, which is the first hint of SE's producers, ordered by
//! rating) for the rating, which is the hardest step on that path. As SE
//! does, a "direct" hint ([`se_direct_single`]) only places its single: its
//! eliminations are not kept.
//!
//! ```
//! use sudokit::grade::{self, Level};
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let g = grade::grade(&puzzle.parse().unwrap(), &grade::GradeOptions::default()).unwrap();
//! assert_eq!(g.level, Level::Easy);
//! assert!(g.solved);
//! assert!(g.rating.value() <= 2.3);
//! ```

use crate::candidates::{Candidates, HOUSE_CELLS};
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::solver::{self, Invalid, Options, Position, SolvedStep, Status};
use crate::logic::{Step, Technique};
use crate::marked::MarkedGrid;
use std::fmt;

pub use crate::logic::facts::Level;

/// HoDoKu's score for giving up (its `GIVE_UP` step): a puzzle the
/// techniques cannot finish gets it once, and is Extreme.
pub const GIVE_UP_SCORE: u32 = 20000;

/// HoDoKu's base score of `technique`; SE-only techniques count as HoDoKu's
/// brute force, which HoDoKu would use where they are needed.
pub fn hodoku_score(technique: Technique) -> u32 {
    technique
        .facts()
        .hodoku
        .map_or(BRUTE_FORCE_SCORE, |h| h.score)
}

/// HoDoKu's level of `technique` (Extreme for SE-only techniques, as brute force).
pub fn hodoku_level(technique: Technique) -> Level {
    technique.facts().hodoku.map_or(Level::Extreme, |h| h.level)
}

/// HoDoKu's score of a brute-force step.
pub const BRUTE_FORCE_SCORE: u32 = 10000;

/// SE's bonus for a chain of `length` links: +0.1 each time the length
/// passes 4, 6, 8, 12, 16, 24, ... (SE's `getLengthDifficulty`).
///
/// Defined for every length: the ceilings grow geometrically in `u128`, so
/// even `usize::MAX` takes about 130 rounds (bonus 12.6) and never overflows.
pub fn se_length_bonus(length: usize) -> f64 {
    let length = length as u128;
    let mut ceil: u128 = 4;
    let mut tenths = 0u32;
    let mut odd = false;
    while length > ceil {
        tenths += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    f64::from(tenths) / 10.0
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The SE rating of `step`, found on the position `grid` / `candidates`.
///
/// Beyond the table: a hidden single is 1.2 in a box, 1.5 in a line;
/// pointing, claiming and hidden pairs and triples that leave a hidden
/// single at once are SE's direct variants (1.7, 1.9, 2.0, 2.5); chains get
/// SE's length bonus.
pub fn se_rating(step: &Step, grid: &Grid, candidates: &Candidates) -> f64 {
    use Technique as T;
    if let Some(rating) = family_se_rating(step) {
        return round1(rating);
    }
    let base = step.technique.facts().se.rating;
    let direct = || se_direct_single(step, grid, candidates).is_some();
    let rating = match step.technique {
        T::HiddenSingle => match step.placements.first() {
            // A single in its box is the easier one, whatever house found it.
            Some(&(cell, digit)) if candidates.cells_with(cell.box_house(), digit).count() == 1 => {
                1.2
            }
            _ => 1.5,
        },
        T::LockedCandidatesPointing if direct() => 1.7,
        T::LockedCandidatesClaiming if direct() => 1.9,
        T::HiddenPair if direct() => 2.0,
        T::HiddenTriple if direct() => 2.5,
        T::XChain | T::XyChain | T::RemotePair => {
            base + se_length_bonus(step.links.len().max(step.cells.len()))
        }
        T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => {
            base + se_length_bonus(step.cells.len())
        }
        _ => base,
    };
    round1(rating)
}

/// The rating a family module gives a step of its own, if it does: SE's
/// unique loops and BUG types, and its chaining producers, rate by length,
/// type or size. Every other family's steps take the table's rating
/// ([`crate::logic::Facts::se`]): SE has no ALS, Franken or mutant fish,
/// forcing nets of HoDoKu's kind or last resorts, and gives its basic fish
/// and aligned exclusions fixed ratings; the chains whose rating grows with
/// their length are rated above.
fn family_se_rating(step: &Step) -> Option<f64> {
    use crate::logic::{Family, se_chains, uniqueness};
    match step.technique.family() {
        Family::Uniqueness => uniqueness::se_rating(step),
        Family::SeChains => se_chains::se_rating(step),
        _ => None,
    }
}

/// The hidden single that makes `step` one of SE's "direct" hints, if it is
/// one: SE's direct pointing and claiming (`Locking` in direct mode) look,
/// for the pattern's digit, in the other houses of the same kind as the one
/// the digit is confined in (boxes for pointing, rows or columns for
/// claiming), for a house left with one place by the eliminations; direct
/// hidden pairs and triples (`HiddenSet` in direct mode) look in each house
/// where the set is hidden (its box, then its line, as SE meets them) for
/// another digit left with one place outside the set.
pub fn se_direct_single(
    step: &Step,
    grid: &Grid,
    candidates: &Candidates,
) -> Option<(Cell, Digit)> {
    use Technique as T;
    if step.eliminations.is_empty() {
        return None;
    }
    let houses: Vec<House> = match step.technique {
        T::HiddenPair | T::HiddenTriple => hidden_set_houses(step, candidates),
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming => {
            let base = *step.houses.first()?;
            let same_kind = |h: &House| std::mem::discriminant(h) == std::mem::discriminant(&base);
            let mut list: Vec<House> = step
                .eliminations
                .iter()
                .flat_map(|&(cell, _)| cell.houses())
                .filter(|h| *h != base && same_kind(h))
                .collect();
            list.sort();
            list.dedup();
            list
        }
        _ => return None,
    };
    let mut after = *candidates;
    for &(cell, digit) in &step.eliminations {
        after.remove(cell, digit);
    }
    houses.into_iter().find_map(|house| {
        let placed: u16 = HOUSE_CELLS[house.index()]
            .iter()
            .fold(0, |m, &c| m | (1u16 << grid.values()[c as usize]) >> 1);
        Digit::all()
            .filter(|d| placed & d.bit() == 0)
            .filter(|&d| candidates.cells_with(house, d).count() > 1)
            .find_map(|d| {
                let mut places = after.cells_with(house, d);
                match (places.next(), places.next()) {
                    (Some(only), None) => Some((only, d)),
                    _ => None,
                }
            })
    })
}

/// The houses where the hidden set of `step` is hidden, in the order SE's
/// `HiddenSet` meets them (boxes, columns, rows): a set in a box and a
/// line is one step here, but SE looks for the single in each house.
fn hidden_set_houses(step: &Step, candidates: &Candidates) -> Vec<House> {
    let Some(&found) = step.houses.first() else {
        return Vec::new();
    };
    let digits = step.digits.bits();
    let mut houses: Vec<House> = House::all()
        .filter(|h| step.cells.iter().all(|c| c.houses().contains(h)))
        .filter(|&h| {
            h == found
                || h.cells()
                    .iter()
                    .filter(|c| !step.cells.contains(c))
                    .all(|&c| candidates.get(c).bits() & digits == 0)
        })
        .collect();
    houses.sort_by_key(|h| match h {
        House::Box(_) => 0,
        House::Column(_) => 1,
        House::Row(_) => 2,
    });
    houses
}

/// The numeric rating: SE's number, or a lower bound for a puzzle beyond
/// the techniques at hand.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rating {
    /// The rating of the hardest step on the path.
    Exact(f64),
    /// The puzzle needs more than the allowed techniques, whose hardest
    /// rating is this: shown as `>6.6`.
    Beyond(f64),
}

impl Rating {
    /// The number (the bound for [`Rating::Beyond`]).
    pub fn value(self) -> f64 {
        match self {
            Rating::Exact(r) | Rating::Beyond(r) => r,
        }
    }
}

impl fmt::Display for Rating {
    /// `3.4`, or `>6.6` beyond reach.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rating::Exact(r) => write!(f, "{r:.1}"),
            Rating::Beyond(r) => write!(f, ">{r:.1}"),
        }
    }
}

/// What [`grade`] may use.
#[derive(Clone, Debug, Default)]
pub struct GradeOptions {
    /// The solver options of the HoDoKu-style walk (techniques allowed).
    pub solver: Options,
}

/// The grades of a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Grade {
    /// Whether the allowed techniques solve the puzzle.
    pub solved: bool,
    /// HoDoKu's level.
    pub level: Level,
    /// HoDoKu's score: the sum of the steps' base scores (plus
    /// [`GIVE_UP_SCORE`] when not solved).
    pub score: u32,
    /// The SE-style rating of the whole solution (SE's ER, the same as
    /// `se.er`).
    pub rating: Rating,
    /// SE's three ratings: ER, EP and ED.
    pub se: SeRatings,
    /// The technique of the hardest step on the HoDoKu-style path (highest
    /// level, then highest base score), if any step was needed.
    pub hardest: Option<Technique>,
    /// The HoDoKu-style steps.
    pub steps: Vec<SolvedStep>,
    /// The technique of each step of the SE-style walk, in order (up to
    /// where it stopped, if it did); a unique loop of four cells shows as
    /// the unique rectangle SE names it.
    pub se_path: Vec<Technique>,
}

/// HoDoKu's score of `step`: its technique's base score, except that a
/// BUG+1 that places its digit counts as HoDoKu's two steps, the BUG+1
/// that deletes the cell's other candidates and the naked single after it.
fn hodoku_step_score(step: &Step) -> u32 {
    let base = hodoku_score(step.technique);
    if step.technique == Technique::BugPlusOne && !step.placements.is_empty() {
        base + hodoku_score(Technique::NakedSingle)
    } else {
        base
    }
}

/// HoDoKu's level and score of a sequence of steps; `solved` says whether
/// they finish the puzzle.
pub fn hodoku_grade<'a>(steps: impl IntoIterator<Item = &'a Step>, solved: bool) -> (Level, u32) {
    let mut level = Level::Easy;
    let mut score = 0u32;
    for step in steps {
        level = level.max(hodoku_level(step.technique));
        score += hodoku_step_score(step);
    }
    if !solved {
        level = Level::Extreme;
        score += GIVE_UP_SCORE;
    }
    while score > level.max_score() {
        level = level.next();
    }
    (level, score)
}

/// Grades `puzzle`: HoDoKu's level and score, the SE-style rating and the
/// hardest technique.
///
/// # Errors
/// [`Invalid::Conflict`] when two givens clash, [`Invalid::NoSolution`] or
/// [`Invalid::Multiple`] when the puzzle does not have exactly one solution.
pub fn grade(puzzle: &Grid, options: &GradeOptions) -> Result<Grade, Invalid> {
    grade_position(&MarkedGrid::from_givens(*puzzle), options)
}

/// Grades what is left of a player's position (from its digits and marks),
/// as [`grade`] grades a puzzle.
///
/// # Errors
/// A position without exactly one solution, or with mistakes
/// ([`solver::start`]).
pub fn grade_position(marked: &MarkedGrid, options: &GradeOptions) -> Result<Grade, Invalid> {
    let mut opts = options.solver.clone();
    opts.fallback = false;
    if opts.techniques.is_none() {
        // HoDoKu's own default set: SE's techniques, which sudokit's
        // default set adds after HoDoKu's forcing nets, would change the
        // path where HoDoKu takes brute force.
        opts.techniques = Some(hodoku_set_with(&opts.also));
    }
    let outcome = solver::solve_position(marked, &opts)?;
    let solved = outcome.status == Status::Solved;
    let steps: Vec<&Step> = outcome.steps.iter().filter_map(SolvedStep::step).collect();
    let (level, score) = hodoku_grade(steps.iter().copied(), solved);
    let hardest = steps
        .iter()
        .map(|s| s.technique)
        .max_by_key(|&t| (hodoku_level(t), hodoku_score(t), t.facts().order));
    let (se, se_path) = se_walk(Position::of(marked), &options.solver);
    Ok(Grade {
        solved,
        level,
        score,
        rating: se.er,
        se,
        hardest,
        steps: outcome.steps,
        se_path,
    })
}

/// SE's three ratings of `puzzle` alone: the SE-style walk of [`grade`]
/// without the HoDoKu-style one, for callers that rate many puzzles.
///
/// ```
/// use sudokit::grade::{self, GradeOptions};
/// let p = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse()?;
/// let options = GradeOptions::default();
/// assert_eq!(grade::se_ratings(&p, &options)?, grade::grade(&p, &options)?.se);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// A puzzle without exactly one solution.
pub fn se_ratings(puzzle: &Grid, options: &GradeOptions) -> Result<SeRatings, Invalid> {
    let (pos, _) = solver::start(&MarkedGrid::from_givens(*puzzle))?;
    Ok(se_walk(pos, &options.solver).0)
}

/// HoDoKu's default technique set, brute force included: HoDoKu takes a
/// brute-force step wherever its other techniques find nothing, so its walk
/// always finishes a unique puzzle. (Sudokit's own default set leaves brute
/// force out: it finishes every puzzle without guessing.)
pub fn hodoku_default_set() -> Vec<Technique> {
    Technique::ALL
        .iter()
        .copied()
        .filter(|&t| in_hodoku_default_set(t))
        .collect()
}

/// [`hodoku_default_set`] and `also`, the techniques switched on by name
/// ([`Options::also`]), as HoDoKu's preferences switch them on: the
/// solver tries each at its place in HoDoKu's order.
pub fn hodoku_set_with(also: &[Technique]) -> Vec<Technique> {
    let mut set = hodoku_default_set();
    for &t in also {
        if !set.contains(&t) {
            set.push(t);
        }
    }
    set
}

/// Whether `technique` is in [`hodoku_default_set`] (without building it).
pub fn in_hodoku_default_set(technique: Technique) -> bool {
    (technique.is_default() && technique.facts().hodoku.is_some())
        || technique == Technique::BruteForce
}

/// The techniques of the SE-style walk, in SE's order (the first producer
/// each can be found by, then the lowest rating it can give): SE's own
/// techniques (those with an exact rating); with a list of techniques
/// given, also the listed ones SE does not have, at their approximate
/// ratings, after all of SE's.
fn se_order(options: &Options) -> Vec<(Technique, (u8, f64))> {
    let mut list: Vec<(Technique, (u8, f64))> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| t.is_available())
        .filter(|t| match &options.techniques {
            Some(list) => list.contains(t),
            None => t.facts().se.exact,
        })
        .map(|t| (t, (se_producer(t, se_floor(t)), se_floor(t))))
        .collect();
    list.sort_by(|a, b| se_cmp(a.1, b.1));
    list
}

/// Orders (producer, rating) keys: SE's producer order, then the rating.
fn se_cmp(a: (u8, f64), b: (u8, f64)) -> std::cmp::Ordering {
    a.0.cmp(&b.0).then(a.1.total_cmp(&b.1))
}

/// The place, in SE's list of hint producers (`Solver.java`), of the one
/// that finds a step of `technique` rated `rating`. SE takes the first hint
/// of the first producer that has one, so a later producer's easier hint
/// (a cycle rated 7.6 against an aligned triplet exclusion at 7.5) does
/// not win. Direct pointing, claiming and hidden subsets (rated below the
/// plain technique) come from SE's direct producers. Techniques SE does not
/// have come after all of SE's.
pub fn se_producer(technique: Technique, rating: f64) -> u8 {
    use Technique as T;
    let direct = rating < technique.facts().se.rating;
    match technique {
        T::FullHouse | T::HiddenSingle => 1,
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming if direct => 2,
        T::HiddenPair if direct => 3,
        T::NakedSingle => 4,
        T::HiddenTriple if direct => 5,
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming => 6,
        T::NakedPair | T::LockedPair => 7,
        T::XWing => 8,
        T::HiddenPair => 9,
        T::NakedTriple | T::LockedTriple => 10,
        T::Swordfish => 11,
        T::HiddenTriple => 12,
        T::XyWing => 13,
        T::XyzWing => 14,
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle
        | T::UniqueLoop1
        | T::UniqueLoop2
        | T::UniqueLoop3
        | T::UniqueLoop4 => 15,
        T::NakedQuad => 16,
        T::Jellyfish => 17,
        T::HiddenQuad => 18,
        T::BugPlusOne | T::Bug1 | T::Bug2 | T::Bug3 | T::Bug4 => 19,
        T::AlignedPairExclusion => 20,
        T::BidirectionalXCycle
        | T::BidirectionalYCycle
        | T::BidirectionalCycle
        | T::ForcingXChain
        | T::ForcingYChain
        | T::ForcingXyChain => 21,
        T::AlignedTripletExclusion => 22,
        T::NishioForcingChain => 23,
        T::CellForcingChains
        | T::RegionForcingChains
        | T::ContradictionForcingChains
        | T::DoubleForcingChains => 24,
        T::DynamicCellForcingChains
        | T::DynamicRegionForcingChains
        | T::DynamicContradictionForcingChains
        | T::DynamicDoubleForcingChains => 25,
        T::DynamicForcingChainsPlus => 26,
        T::NestedForcingChains1 => 27,
        T::NestedForcingChains2 => 28,
        T::NestedForcingChains3 => 29,
        T::NestedForcingChains4 => 30,
        _ => 99,
    }
}

/// The lowest rating a step of `technique` can get.
fn se_floor(technique: Technique) -> f64 {
    use Technique as T;
    match technique {
        T::HiddenSingle => 1.2,
        T::LockedCandidatesPointing => 1.7,
        T::LockedCandidatesClaiming => 1.9,
        T::HiddenPair => 2.0,
        T::HiddenTriple => 2.5,
        t => t.facts().se.rating,
    }
}

/// Sudoku Explainer's three ratings of a puzzle, as `serate` gives them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeRatings {
    /// ER: the hardest step of the whole solution.
    pub er: Rating,
    /// EP: the hardest step up to the first one that places a digit.
    pub ep: Rating,
    /// ED: the first step's rating.
    pub ed: Rating,
}

impl fmt::Display for SeRatings {
    /// `ED=ER/EP/ED` as `serate` prints it: `ED=7.2/1.2/1.2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ED={}/{}/{}", self.er, self.ep, self.ed)
    }
}

/// The SE-style walk: at each position the lowest-rated step (SE takes the
/// first hint of its producers, which are ordered by rating); ER is the
/// highest rating on the way, EP the highest up to the first placement, ED
/// the first step's (SE's `difficulty`, `pearl` and `diamond`). Also the
/// technique of each step taken ([`Grade::se_path`]).
fn se_walk(start: Position, options: &Options) -> (SeRatings, Vec<Technique>) {
    let order = se_order(options);
    let mut pos = start;
    let mut path = Vec::new();
    let mut hardest: f64 = 0.0;
    let (mut ep, mut ed) = (None, None);
    let beyond = |top: f64, ep: Option<Rating>, ed: Option<Rating>| SeRatings {
        er: Rating::Beyond(top),
        ep: ep.unwrap_or(Rating::Beyond(top)),
        ed: ed.unwrap_or(Rating::Beyond(top)),
    };
    while !pos.grid.is_full() {
        let Some((r, step)) = se_next(&pos, &order) else {
            let top = order.iter().map(|&(_, (_, f))| f).fold(0.0, f64::max);
            return (beyond(top.max(hardest), ep, ed), path);
        };
        path.push(crate::logic::uniqueness::unique_loops::se_named(&step));
        hardest = hardest.max(r);
        ed.get_or_insert(Rating::Exact(hardest));
        if ep.is_none() && !step.placements.is_empty() {
            ep = Some(Rating::Exact(hardest));
        }
        if !pos.apply(&step) {
            return (beyond(hardest, ep, ed), path);
        }
    }
    let er = Rating::Exact(hardest);
    let ratings = SeRatings {
        er,
        ep: ep.unwrap_or(er),
        ed: ed.unwrap_or(er),
    };
    (ratings, path)
}

/// Where SE puts `step` among its producer's hints of one rating, for the
/// producers whose hints several techniques share (unique loops, chains);
/// `(0, 0)` for the others, whose steps come in the finder's order.
pub(crate) fn se_tie(step: &Step, candidates: &crate::candidates::Candidates) -> (u32, u32) {
    crate::logic::uniqueness::se_tie(step, candidates)
        .or_else(|| crate::logic::se_chains::se_tie(step))
        .unwrap_or((0, 0))
}

/// The steps of `technique` at `pos` as SE's walk sees them: its unique
/// rectangles are SE's loops of four cells
/// ([`crate::logic::uniqueness::se_steps_of`]), other techniques' steps are
/// their own.
pub(crate) fn se_steps(pos: &Position, technique: Technique) -> Vec<Step> {
    crate::logic::uniqueness::se_steps_of(technique, &pos.grid, &pos.candidates)
        .unwrap_or_else(|| pos.steps(technique))
}

/// The lowest-rated step at `pos` among `order` (ordered by the lowest
/// rating each technique can give), with its rating. SE applies a direct
/// hint by placing its single only: the eliminations that led to it stay in
/// the grid, and a later step may have to make them again.
fn se_next(pos: &Position, order: &[(Technique, (u8, f64))]) -> Option<(f64, Step)> {
    use std::cmp::Ordering::{Greater, Less};
    // (producer, rating), SE's order within the producer, the step.
    type Best = ((u8, f64), (u32, u32), Step);
    let mut best: Option<Best> = None;
    for &(technique, floor) in order {
        // A later technique of the same floor may only come first by
        // SE's order within a producer.
        if best.as_ref().is_some_and(|(key, tie, _)| {
            se_cmp(*key, floor)
                .then(if *tie == (0, 0) { Less } else { Greater })
                .is_lt()
        }) {
            break;
        }
        for step in se_steps(pos, technique) {
            let r = se_rating(&step, &pos.grid, &pos.candidates);
            let key = (se_producer(technique, r), r);
            let tie = se_tie(&step, &pos.candidates);
            if best
                .as_ref()
                .is_none_or(|(b, t, _)| se_cmp(key, *b).then(tie.cmp(t)).is_lt())
            {
                best = Some((key, tie, step));
            }
        }
    }
    let ((_, r), _, step) = best?;
    let step = match se_direct_single(&step, &pos.grid, &pos.candidates) {
        Some((cell, digit)) if r < step.technique.facts().se.rating => {
            Step::new(Technique::HiddenSingle).place(cell, digit)
        }
        _ => step,
    };
    Some((r, step))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    /// The SE ratings of `puzzle` as `serate` prints them (`ED=ER/EP/ED`).
    fn se_text(puzzle: &str) -> String {
        grade(&grid(puzzle), &GradeOptions::default())
            .unwrap()
            .se
            .to_string()
    }

    #[test]
    fn the_table_has_hodoku_and_se_numbers() {
        assert_eq!(hodoku_score(Technique::HiddenSingle), 14);
        assert_eq!(hodoku_level(Technique::FinnedSwordfish), Level::Unfair);
        assert_eq!(Technique::XWing.facts().se.rating, 3.2);
        assert_eq!(
            hodoku_score(Technique::NestedForcingChains1),
            BRUTE_FORCE_SCORE
        );
        let order: Vec<Technique> = Technique::solver_order().collect();
        let at = |t| order.iter().position(|&u| u == t).unwrap();
        assert!(at(Technique::LockedPair) < at(Technique::LockedCandidatesPointing));
        assert!(at(Technique::ForcingNetVerity) < at(Technique::NishioForcingChain));
        assert!(at(Technique::NishioForcingChain) < at(Technique::BruteForce));
    }

    /// A puzzle HoDoKu 2.3 finishes with brute force (graded_hard_sample:
    /// Extreme, 11508): the HoDoKu walk takes the same brute-force steps
    /// and finishes, while sudokit's own default set never guesses.
    #[test]
    fn the_hodoku_walk_takes_brute_force_where_hodoku_does() {
        let puzzle: Grid =
            "98.7..6..75.....9...6......4.......3..85...7.....2.4...1..3...9..98...5......12.."
                .parse()
                .unwrap();
        let g = grade(&puzzle, &GradeOptions::default()).unwrap();
        assert!(g.solved);
        assert_eq!((g.level, g.score), (Level::Extreme, 11508));
        assert_eq!(g.hardest, Some(Technique::BruteForce));
        let solution = crate::engine::solve_one(&puzzle).unwrap();
        let brute: Vec<&Step> = g
            .steps
            .iter()
            .filter_map(SolvedStep::step)
            .filter(|s| s.technique == Technique::BruteForce)
            .collect();
        assert!(!brute.is_empty());
        for step in brute {
            let (cell, digit) = step.placements[0];
            assert_eq!(solution.get(cell), Some(digit));
        }
        assert!(hodoku_default_set().contains(&Technique::BruteForce));
        assert!(!Options::default().order().contains(&Technique::BruteForce));
        assert!(Technique::BruteForce.is_available());
    }

    /// HoDoKu's BUG+1 deletes the cell's other candidates and a naked
    /// single places the digit: 100 + 4 points (graded_hard_sample: this
    /// puzzle is Extreme, 3732, with a BUG+1 on the way).
    #[test]
    fn a_bug_plus_one_counts_with_its_naked_single() {
        let puzzle: Grid =
            "..9..63...72..........17..51..3..9..........86.84....1.6.........1.2....9.3...45."
                .parse()
                .unwrap();
        let g = grade(&puzzle, &GradeOptions::default()).unwrap();
        assert_eq!((g.level, g.score), (Level::Extreme, 3732));
        let bug = g.steps.iter().filter_map(SolvedStep::step);
        let bug: Vec<&Step> = bug
            .filter(|s| s.technique == Technique::BugPlusOne)
            .collect();
        assert_eq!(bug.len(), 1);
        assert_eq!(bug[0].placements.len(), 1);
        assert_eq!(hodoku_step_score(bug[0]), 104);
    }

    #[test]
    fn levels_rise_with_the_score() {
        let singles: Vec<Step> = (0..60)
            .map(|_| Step::new(Technique::HiddenSingle))
            .collect();
        // 60 hidden singles: 840 points, past Easy's 800.
        assert_eq!(hodoku_grade(&singles, true), (Level::Medium, 840));
        assert_eq!(hodoku_grade(&singles[..10], true), (Level::Easy, 140));
        assert_eq!(
            hodoku_grade(&singles[..1], false),
            (Level::Extreme, 14 + GIVE_UP_SCORE)
        );
        assert_eq!("Hard".parse(), Ok(Level::Hard));
    }

    /// SE's direct claiming looks for the single in the other rows (for a
    /// claiming from a row), not in the columns.
    #[test]
    fn direct_claiming_needs_a_single_in_a_line_of_the_same_kind() {
        let grid = Grid::empty();
        let one = Digit::new(1).unwrap();
        let at = |r, c| Cell::at(r, c).unwrap();
        let claiming = |keep: &[Cell]| {
            let mut cands = Candidates::from_grid(&grid);
            for c in Cell::all().filter(|c| !keep.contains(c)) {
                cands.remove(c, one);
            }
            let step = crate::logic::find_steps(Technique::LockedCandidatesClaiming, &grid, &cands)
                .into_iter()
                .find(|s| s.houses.first() == Some(&House::row_at(0).unwrap()))
                .expect("a claiming from row 1");
            assert_eq!(step.eliminations, [(at(1, 0), one)]);
            (step, cands)
        };
        // Row 2 keeps 1 only in r2c9 once r2c1 loses it: direct (1.9).
        let (step, cands) = claiming(&[at(0, 0), at(0, 1), at(1, 0), at(1, 8)]);
        assert_eq!(
            se_direct_single(&step, &grid, &cands),
            Some((at(1, 8), one))
        );
        assert_eq!(se_rating(&step, &grid, &cands), 1.9);
        // Only column 1 is left with one place (r1c1): not direct (2.8).
        let (step, cands) = claiming(&[at(0, 0), at(0, 1), at(1, 0), at(1, 4), at(1, 8)]);
        assert_eq!(se_direct_single(&step, &grid, &cands), None);
        assert_eq!(se_rating(&step, &grid, &cands), 2.8);
    }

    /// A hidden pair of a box that is hidden in a column too is one step
    /// here, but SE's direct hidden pairs look for the single in the box,
    /// then in the column: the pair is direct when the column has one.
    #[test]
    fn a_hidden_pair_is_direct_through_its_line_too() {
        let grid = Grid::empty();
        let at = |r, c| Cell::at(r, c).unwrap();
        let digit = |d| Digit::new(d).unwrap();
        let mut cands = Candidates::from_grid(&grid);
        // 1 and 2 only in r1c1 and r2c1, in box 1 and in column 1.
        for c in Cell::all().filter(|&c| c != at(0, 0) && c != at(1, 0)) {
            cands.remove(c, digit(1));
            cands.remove(c, digit(2));
        }
        // 3 in column 1 only in r1c1 and r9c1: r9c1 once the pair keeps r1c1.
        for c in Cell::all().filter(|c| c.col() == 0 && ![0, 8].contains(&c.row())) {
            cands.remove(c, digit(3));
        }
        let step = crate::logic::find_steps(Technique::HiddenPair, &grid, &cands)
            .into_iter()
            .find(|s| s.cells == [at(0, 0), at(1, 0)])
            .expect("the hidden pair");
        assert_eq!(step.houses, [House::box_at(0).unwrap()]);
        assert_eq!(
            hidden_set_houses(&step, &cands),
            [House::box_at(0).unwrap(), House::column_at(0).unwrap()]
        );
        assert_eq!(
            se_direct_single(&step, &grid, &cands),
            Some((at(8, 0), digit(3)))
        );
    }

    /// On this top1465 puzzle (line 58) SE 1.2.1 (run on 2026-11-27)
    /// rates 2.6/1.2/1.2: after two pointings, a hidden pair of box 4 is
    /// direct through its column. Taken as an ordinary hidden pair (3.4) it
    /// rated 3.4.
    #[test]
    fn a_hidden_pair_direct_through_its_column_rates_as_se() {
        assert_eq!(
            se_text(
                "2.8.5.......7...4.3........5...2.9.......1......6......7.1.4.6.......3.2.1......."
            ),
            "ED=2.6/1.2/1.2"
        );
    }

    /// On this random minimal puzzle SE 1.2.1 (run on 2026-11-27) rates
    /// 6.6/1.2/1.2: after a unique rectangle of type 1 one corner of the
    /// next rectangle (r1c2) no longer holds 5, so SE's loops miss the type
    /// 4 on 1/5 that the grid still allows, and SE needs a 6.6 chain.
    #[test]
    fn rectangles_need_the_pair_in_every_corner_for_se() {
        assert_eq!(
            se_text(
                "7.6....9....3..7....46......3.95...269.7.41...4............8.3...1.....4.6...2..1"
            ),
            "ED=6.6/1.2/1.2"
        );
    }

    /// Random minimal line 421: SE 1.2.1 (run on 2026-11-27) rates
    /// 7.1/1.2/1.2. Two unique rectangles of type 4 rate 4.5 at its 22nd
    /// step; SE takes the one on 1/7 (found from r7c1) before the one on
    /// 1/4 (found from r8c4), and the walk after the other needs a 7.2.
    #[test]
    fn equal_rectangles_come_in_the_order_se_finds_them() {
        assert_eq!(
            se_text(
                "58...74.9..75......4......8....1....3.8.7.1.44..3......2.......89...6..7.64.85..."
            ),
            "ED=7.1/1.2/1.2"
        );
    }

    /// top1465 line 226: SE 1.2.1 (run on 2026-11-27) rates 6.8/1.2/1.2,
    /// with a BUG type 1 whose cell (r3c2, 4679) keeps two BUG digits.
    #[test]
    fn a_bug_cell_keeps_all_its_bug_digits_for_se() {
        assert_eq!(
            se_text(
                "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2......."
            ),
            "ED=6.8/1.2/1.2"
        );
    }

    /// top1465 line 436: SE 1.2.1 (run on 2026-11-27) rates 8.9/1.2/1.2.
    /// At its 28th step a dynamic double forcing chain (complexity 17) and
    /// a dynamic contradiction (18) both rate 8.9; SE takes the simpler,
    /// and the walk after the other needs a 9.0.
    #[test]
    fn chains_of_one_rating_come_by_complexity_across_techniques() {
        assert_eq!(
            se_text(
                ".2.....9..65.2..4.9.4.....5..6.5.......17....54.....18.....2....59...8..7...4...3"
            ),
            "ED=8.9/1.2/1.2"
        );
    }

    /// A puzzle of `sudokit generate`: SE 1.2.1 (run on 2026-11-27) rates
    /// 7.3/1.2/1.2. At its 21st step HoDoKu's form finds a unique
    /// rectangle of type 3 on 3/8 whose extras 1/4/9 make a naked triple in
    /// box 9 with r7c7 and r9c7; SE looks for a subset of three there only
    /// with six empty cells (box 9 has five), so it goes on with a turbot
    /// fish, and later needs a 7.3 chain.
    #[test]
    fn rectangles_of_type_3_need_se_s_subset() {
        assert_eq!(
            se_text(
                "..94..8....6..........38..28.19...4..6......53...6.2.......5.7..57.1.6.........5."
            ),
            "ED=7.3/1.2/1.2"
        );
    }

    /// A puzzle of `sudokit generate --technique unique-rectangle-5`: SE
    /// 1.2.1 (run on 2026-11-27) rates 6.7/1.2/1.2. SE takes a unique
    /// rectangle of type 2 on 4/7 (r4c1, r4c3, r8c3, r8c1, three of them
    /// with the extra 6, so r9c3 loses 6) from its loop search; HoDoKu
    /// calls that one type 5, which is not SE's, so the walk went on with
    /// forcing chains up to 7.2.
    #[test]
    fn rectangles_are_se_s_loops_of_four_cells() {
        assert_eq!(
            se_text(
                ".......5..78..2....395.827.......9.2..51.93..3.1.......137.682....8..19..2......."
            ),
            "ED=6.7/1.2/1.2"
        );
    }

    #[test]
    fn length_bonus_follows_se() {
        assert_eq!(se_length_bonus(4), 0.0);
        assert!((se_length_bonus(5) - 0.1).abs() < 1e-9);
        assert!((se_length_bonus(7) - 0.2).abs() < 1e-9);
        assert!((se_length_bonus(9) - 0.3).abs() < 1e-9);
        assert!((se_length_bonus(12) - 0.3).abs() < 1e-9);
        assert!((se_length_bonus(13) - 0.4).abs() < 1e-9);
    }

    /// The bonus of any length comes back at once and agrees with a
    /// count of the ceilings it passes (it used to loop forever).
    #[test]
    fn length_bonus_is_total() {
        let start = std::time::Instant::now();
        let huge = se_length_bonus(usize::MAX);
        assert!(start.elapsed() < std::time::Duration::from_millis(100));
        let (mut ceil, mut n, mut odd) = (4f64, 0, false);
        while usize::MAX as f64 > ceil {
            n += 1;
            ceil = if odd {
                (ceil * 4.0 / 3.0).floor()
            } else {
                (ceil * 1.5).floor()
            };
            odd = !odd;
        }
        assert!(n > 100);
        assert!((huge - f64::from(n) / 10.0).abs() < 1e-9, "{huge} vs {n}");
    }

    #[test]
    fn ratings_and_display() {
        let easy = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        let g = grade(&easy, &GradeOptions::default()).unwrap();
        assert!(g.solved);
        assert_eq!(g.level, Level::Easy);
        assert!(matches!(g.rating, Rating::Exact(r) if r <= 2.3));
        assert_eq!(Rating::Beyond(2.3).to_string(), ">2.3");
        assert_eq!(Rating::Exact(1.5).to_string(), "1.5");
        let hard = grid(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let options = GradeOptions {
            solver: Options::with_techniques(Technique::DEEPENING_DEFAULT.to_vec()),
        };
        let g = grade(&hard, &options).unwrap();
        assert!(!g.solved);
        assert_eq!(g.level, Level::Extreme);
        assert!(matches!(g.rating, Rating::Beyond(_)));
        assert!(grade(&Grid::empty(), &options).is_err());
    }

    /// Agreement with HoDoKu 2.3 and Sudoku Explainer 1.2.1 on the 300
    /// puzzles of `tests/data/graded_sample.tsv`. The floors are the
    /// issue's quality bars (90 %); `GRADE_DEBUG=1` prints every puzzle
    /// whose score or rating differs.
    #[test]
    fn agreement_with_the_reference_sample() {
        let path = format!(
            "{}/../../tests/data/graded_sample.tsv",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let (mut n, mut level_ok, mut score_ok, mut se_n, mut se_ok) = (0, 0, 0, 0, 0);
        let mut confusion = std::collections::BTreeMap::new();
        for line in text.lines().skip(1) {
            let f: Vec<&str> = line.split('\t').collect();
            let puzzle = grid(f[0]);
            let level: Level = f[1].parse().unwrap();
            let score: u32 = f[2].parse().unwrap();
            let se: f64 = f[3].parse().unwrap();
            let g = grade(&puzzle, &GradeOptions::default()).unwrap();
            n += 1;
            level_ok += usize::from(g.level == level);
            if std::env::var("GRADE_DEBUG").is_ok()
                && (g.score != score || (se <= 6.5 && (g.rating.value() - se).abs() > 0.11))
            {
                let kinds: Vec<&str> = g.steps.iter().map(|s| s.name()).collect();
                let count = |k: &str| kinds.iter().filter(|x| **x == k).count();
                println!(
                    "{level} {score} ours {} {} fh {} ns {} hs {} se {se} ours {} {}",
                    g.level,
                    g.score,
                    count("full-house"),
                    count("naked-single"),
                    count("hidden-single"),
                    g.rating,
                    f[6]
                );
            }
            score_ok += usize::from(g.score == score);
            *confusion.entry((level, g.level)).or_insert(0) += 1;
            if se <= 6.5 {
                se_n += 1;
                se_ok += usize::from(
                    matches!(g.rating, Rating::Exact(r) if (r - se).abs() <= 0.1 + 1e-9),
                );
            }
        }
        let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
        println!(
            "graded_sample: HoDoKu level {level_ok}/{n} ({:.1} %), exact score {score_ok}/{n} \
             ({:.1} %), SE rating ±0.1 {se_ok}/{se_n} ({:.1} %) of puzzles rated ≤ 6.5",
            pct(level_ok, n),
            pct(score_ok, n),
            pct(se_ok, se_n)
        );
        println!("(reference level, ours): count = {confusion:?}");
        assert_eq!(n, 300);
        assert!(
            pct(level_ok, n) >= 90.0,
            "level agreement fell below the issue's 90 %"
        );
        assert!(
            pct(se_ok, se_n) >= 90.0,
            "SE agreement fell below the issue's 90 %"
        );
        // Singles in the order of HoDoKu's queues give the exact score on
        // 74.7 % of the sample (the rest needs techniques not implemented).
        assert!(
            pct(score_ok, n) >= 70.0,
            "exact HoDoKu scores fell below 70 %"
        );
    }
}
