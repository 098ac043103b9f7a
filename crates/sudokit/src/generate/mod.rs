//! Puzzle generation: random solution grids, clue removal by symmetry
//! orbits keeping the solution unique, minimality, and targets (a level of
//! [`crate::grade`], a technique on the solution path, a number of clues).
//!
//! One **attempt** makes a random solution grid ([`random_solution`]; the
//! method and its bias are documented there), then visits the orbits of the
//! [`Symmetry`] in random order and empties each one if the puzzle stays
//! unique ([`crate::engine::is_unique`]). One pass is enough: an orbit that
//! could not go at some point cannot go later, since removing more clues
//! only adds solutions. The result is checked against the targets; an
//! attempt that misses them is thrown away and the next one starts, until
//! one succeeds or the time ([`Options::timeout`]) or the number of attempts
//! ([`Options::max_attempts`]) runs out.
//!
//! - **Minimal** ([`Options::minimal`]): under [`Symmetry::None`] the pass
//!   above already makes the puzzle minimal (no single clue can go). Under a
//!   symmetry it only guarantees that no *orbit* can go, so a symmetric
//!   puzzle is accepted as minimal only after checking that removing any
//!   single clue gives a second solution.
//! - **Level** ([`Options::level`]): HoDoKu's level from [`crate::grade`].
//!   For [`Level::Easy`] (unless minimal), removal stops short: an orbit is
//!   only emptied if the puzzle stays Easy, since removing every clue it can
//!   nearly always pushes a puzzle past Easy's 800 points. Other levels
//!   remove as far as uniqueness allows and keep the puzzle if its level is
//!   the one asked for.
//! - **Technique** ([`Options::technique`]): the HoDoKu-style solution path
//!   must use the technique (for a group, one of its members) and the
//!   techniques at hand must solve the puzzle; a technique of Sudoku
//!   Explainer's that HoDoKu's default set lacks (unique loops, BUG types
//!   1-4, aligned exclusions, SE's chains) must be on the SE-style walk. One
//!   of HoDoKu's that its default set leaves off (Kraken fish, Death
//!   Blossom, the largest fish, ...) is switched on for the HoDoKu-style
//!   walk, as HoDoKu's preferences switch it on
//!   ([`TechniqueTarget::switched_on`]); the grade is then that walk's.
//! - **Clues** ([`Options::max_clues`]): at most that many givens.
//! - **Rating** ([`Options::rating`]): SE's ER in the range. Random
//!   attempts seldom rate high (of 6 000 random minimal puzzles, one above
//!   9.0 and none at 9.5), so for a range from 7.5 up ([`Options::climbs`])
//!   an attempt climbs: it changes its puzzle a little at a time (one orbit
//!   of clues out, others in from one of the solutions that opened, then
//!   every orbit out that can go, so the puzzle stays unique, orbit-minimal
//!   and symmetric) and keeps each change whose rating lies no farther from
//!   the range, up to 1 500 changes.
//!
//! **Reproducibility**: attempt `k` for `seed` draws every random choice
//! from its own generator, seeded from both ([`try_attempt`]), and
//! [`generate`] returns the first attempt that succeeds; so the same seed
//! and options give the same puzzle on any machine and thread, also when
//! the attempts of one puzzle run on several threads
//! ([`generate_in_rounds`]) (for one version of sudokit: a
//! change to the grader changes which attempts succeed). Puzzle `i` of a run
//! with seed `S` uses [`puzzle_seed`]`(S, i)` = `S + i`, so it can be made
//! again alone with seed `S + i`.
//!
//! ```
//! use sudokit::generate::{self, Options, Symmetry};
//! use sudokit::grade::Level;
//! use sudokit::engine;
//!
//! let options = Options {
//!     symmetry: Symmetry::Rotate90,
//!     level: Some(Level::Medium),
//!     ..Options::default()
//! };
//! let g = generate::generate(&options, 42)?;
//! assert!(engine::is_unique(&g.puzzle));
//! assert!(Symmetry::Rotate90.is_symmetric(&g.puzzle));
//! assert_eq!(g.grade.level, Level::Medium);
//! assert_eq!(generate::generate(&options, 42)?.puzzle, g.puzzle);
//! # Ok::<(), generate::GenerateError>(())
//! ```

mod climb;
mod full;
mod symmetry;

pub use full::random_solution;
pub use symmetry::Symmetry;

use crate::engine;
use crate::grade::{self, Grade, GradeOptions, Level};
use crate::grid::{Cell, Grid};
use crate::logic::solver::{self, SolvedStep, Status};
use crate::logic::{self, Technique};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The fewest clues a puzzle with a unique solution can have.
pub const MIN_CLUES: usize = 17;

/// A technique (or group of techniques) the solution path must use.
///
/// ```
/// use sudokit::generate::TechniqueTarget;
/// use sudokit::logic::Technique;
/// let t: TechniqueTarget = "x-wing".parse()?;
/// assert_eq!(t.members(), [Technique::XWing]);
/// let g: TechniqueTarget = "unique-rectangle".parse()?;
/// assert!(g.members().contains(&Technique::UniqueRectangle1));
/// assert_eq!("nonsense".parse::<TechniqueTarget>().unwrap_err(), "unknown technique 'nonsense'");
/// assert!(TechniqueTarget::valid_names().contains(&"x-wing"));
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TechniqueTarget {
    name: String,
    members: Vec<Technique>,
}

impl TechniqueTarget {
    /// The name as parsed (kebab-case).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The techniques that satisfy the target (one, or a group's members).
    pub fn members(&self) -> &[Technique] {
        &self.members
    }

    /// The lowest HoDoKu level of any member of HoDoKu's: a puzzle using
    /// the technique is at least that hard. Easy when only the SE-style
    /// walk can use it (that bounds no level).
    pub fn level(&self) -> Level {
        self.members
            .iter()
            .filter(|t| t.facts().hodoku.is_some())
            .map(|&t| grade::hodoku_level(t))
            .min()
            .unwrap_or(Level::Easy)
    }

    /// The members switched on for the HoDoKu-style walk
    /// ([`solver::Options::also`]): all of them when neither grading path
    /// uses any by default (HoDoKu's default set leaves them off and
    /// Sudoku Explainer has no such step: Kraken fish, Death Blossom, the
    /// fish above Jellyfish, most Franken and Mutant fish, the dual and
    /// template techniques), none otherwise.
    ///
    /// ```
    /// use sudokit::generate::TechniqueTarget;
    /// use sudokit::logic::Technique;
    /// let kraken: TechniqueTarget = "kraken-fish".parse()?;
    /// assert_eq!(kraken.switched_on(), [Technique::KrakenFish]);
    /// let franken: TechniqueTarget = "franken-fish".parse()?;
    /// assert!(franken.switched_on().is_empty());
    /// # Ok::<(), String>(())
    /// ```
    pub fn switched_on(&self) -> Vec<Technique> {
        let off = |t: &Technique| !grade::in_hodoku_default_set(*t) && !t.facts().se.exact;
        if self.members.iter().all(off) {
            self.members.clone()
        } else {
            Vec::new()
        }
    }

    /// Whether the steps of a solution path use the technique.
    pub fn is_used_in(&self, steps: &[SolvedStep]) -> bool {
        steps
            .iter()
            .filter_map(SolvedStep::step)
            .any(|s| self.members.contains(&s.technique))
    }

    /// Whether a graded puzzle uses the technique: a member on the
    /// HoDoKu-style path (which must finish), or a member that HoDoKu's
    /// default set lacks (Sudoku Explainer's own: unique loops, BUG types
    /// 1-4, aligned exclusions, SE's chains) on the SE-style walk.
    pub fn is_used_by(&self, grade: &Grade) -> bool {
        let member = |t: Technique| self.members.contains(&t);
        let on_hodoku = grade.solved && self.is_used_in(&grade.steps);
        on_hodoku
            || grade
                .se_path
                .iter()
                .any(|&t| member(t) && !grade::in_hodoku_default_set(t))
    }

    /// Why no solution path can take a step of the technique first, when
    /// that holds for every member (the target is then refused):
    /// [`never_first`].
    fn never_first(&self) -> Option<&'static str> {
        let first = never_first(*self.members.first()?)?;
        self.members
            .iter()
            .all(|&t| never_first(t).is_some())
            .then_some(first)
    }

    /// Whether every member is one of HoDoKu's (so that the HoDoKu-style
    /// path alone decides the target).
    fn hodoku_only(&self) -> bool {
        self.members.iter().all(|t| t.facts().hodoku.is_some())
    }

    /// Every name [`TechniqueTarget`] accepts: the available techniques,
    /// then the group names.
    pub fn valid_names() -> Vec<&'static str> {
        let mut names: Vec<&str> = Technique::available().map(Technique::name).collect();
        names.extend(
            logic::GROUPS
                .iter()
                .filter(|g| g.members().iter().any(|t| t.is_available()))
                .map(|g| g.name()),
        );
        names
    }
}

impl FromStr for TechniqueTarget {
    type Err = String;

    /// Parses one technique or group name (as [`logic::parse_techniques`],
    /// whose errors it gives); [`TechniqueTarget::valid_names`] lists the names.
    fn from_str(s: &str) -> Result<TechniqueTarget, String> {
        let name = s.trim().to_ascii_lowercase().replace('_', "-");
        let members = if name.is_empty() || name.contains(',') {
            Err(format!("expected one technique name, got '{}'", s.trim()))
        } else {
            logic::parse_techniques(&name)
        };
        match members? {
            members if !members.is_empty() => Ok(TechniqueTarget { name, members }),
            _ => Err(format!("unknown technique '{}'", s.trim())),
        }
    }
}

impl fmt::Display for TechniqueTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// Why a step of `technique` can never be the first one a solution path
/// takes, whatever the puzzle: another technique, tried before it, always
/// finds a step where it does.
fn never_first(technique: Technique) -> Option<&'static str> {
    use Technique as T;
    match technique {
        // Of the u <= 9 rows and u columns where the digit is unplaced, a
        // fish takes n rows as base and n columns as cover; the other u - n
        // columns then hold the digit only in the other u - n rows: a fish
        // of u - n <= 4 lines (a hidden single for one) that removes the
        // same candidates, those of the n columns outside the n rows.
        T::Squirmbag | T::Whale | T::Leviathan => Some(
            "the fish on the complementary lines, of size 4 or less, removes the same candidates and comes before it",
        ),
        T::DualTwoStringKite => {
            Some("each of its two kites is a 2-String Kite, which comes before it")
        }
        T::DualEmptyRectangle => {
            Some("each of its two empty rectangles is an Empty Rectangle, which comes before it")
        }
        _ => None,
    }
}

/// What to generate.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The symmetry of the pattern of givens.
    pub symmetry: Symmetry,
    /// Every clue needed: removing any one gives a second solution.
    pub minimal: bool,
    /// The HoDoKu level the puzzle must have.
    pub level: Option<Level>,
    /// A technique the solution path must use.
    pub technique: Option<TechniqueTarget>,
    /// The most clues the puzzle may have.
    pub max_clues: Option<usize>,
    /// The range of SE ratings (ER) the puzzle must have.
    pub rating: Option<RatingRange>,
    /// Give up after this long (measured with [`Instant`], which some
    /// targets such as `wasm32-unknown-unknown` lack: use
    /// [`Options::max_attempts`] there).
    pub timeout: Option<Duration>,
    /// Give up after this many attempts.
    pub max_attempts: Option<u64>,
}

impl Default for Options {
    /// Rotational symmetry (half turn), no targets, a 60 s timeout.
    fn default() -> Options {
        Options {
            symmetry: Symmetry::Rotate180,
            minimal: false,
            level: None,
            technique: None,
            max_clues: None,
            rating: None,
            timeout: Some(Duration::from_secs(60)),
            max_attempts: None,
        }
    }
}

impl Options {
    /// The targets in words, for messages: `a minimal puzzle at level hard
    /// using x-wing with at most 24 clues (symmetry rotate180)`.
    pub fn describe(&self) -> String {
        let mut s = String::from(if self.minimal {
            "a minimal puzzle"
        } else {
            "a puzzle"
        });
        if let Some(level) = self.level {
            s += &format!(" at level {level}");
        }
        if let Some(t) = &self.technique {
            s += &format!(" using {t}");
        }
        if let Some(r) = self.rating {
            s += &format!(" rated {r}");
        }
        if let Some(n) = self.max_clues {
            s += &format!(" with at most {}", counted(n as u64, "clue"));
        }
        s += &format!(" (symmetry {})", self.symmetry);
        s
    }

    /// Targets that no attempt can meet, found without trying.
    fn impossible(&self) -> Option<GenerateError> {
        if let Some(n) = self.max_clues.filter(|&n| n < MIN_CLUES) {
            return Some(GenerateError::TooFewClues(n));
        }
        if let Some(t) = &self.technique
            && let Some(reason) = t.never_first()
        {
            return Some(GenerateError::NeverFirst {
                technique: t.name.clone(),
                reason,
            });
        }
        let (level, t) = (self.level?, self.technique.as_ref()?);
        (t.level() > level).then(|| GenerateError::Incompatible {
            technique: t.name.clone(),
            technique_level: t.level(),
            level,
        })
    }

    /// Whether each attempt climbs toward the rating range (see the module
    /// documentation): when the range starts at 7.5 or more, which random
    /// attempts seldom reach. Such an attempt rates up to some 1 500
    /// puzzles, a few seconds of work.
    pub fn climbs(&self) -> bool {
        self.rating.is_some_and(|r| r.min() >= climb::CLIMB_FROM)
    }

    /// While removing clues, keep the puzzle at or below this level.
    fn cap(&self) -> Option<Level> {
        match self.level {
            Some(Level::Easy) if !self.minimal => Some(Level::Easy),
            _ => None,
        }
    }
}

/// A range of SE ratings (ER), both ends included, written `MIN..MAX`
/// (`6.5..7.2`), `MIN..` or `..MAX`, or one number for exactly that
/// rating. Ratings have one decimal, so the ends are compared to a tenth.
///
/// ```
/// use sudokit::generate::RatingRange;
/// use sudokit::grade::Rating;
/// let r: RatingRange = "6.5..7".parse()?;
/// assert!(r.contains(Rating::Exact(7.0)) && !r.contains(Rating::Exact(7.1)));
/// assert!(!r.contains(Rating::Beyond(6.6)));
/// assert_eq!(r.to_string(), "6.5..7.0");
/// assert_eq!("9..".parse::<RatingRange>()?.to_string(), "9.0..");
/// assert_eq!("x".parse::<RatingRange>().unwrap_err(), "expected a rating range MIN..MAX such as 6.5..7.5, got 'x'");
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRange {
    min: f64,
    max: f64,
}

impl RatingRange {
    /// The lowest rating allowed.
    pub fn min(self) -> f64 {
        self.min
    }

    /// The highest rating allowed.
    pub fn max(self) -> f64 {
        self.max
    }

    /// Whether an exact `rating` lies in the range (a rating beyond the
    /// techniques at hand never does).
    pub fn contains(self, rating: grade::Rating) -> bool {
        match rating {
            grade::Rating::Exact(r) => r >= self.min - 0.05 && r <= self.max + 0.05,
            grade::Rating::Beyond(_) => false,
        }
    }
}

impl FromStr for RatingRange {
    type Err = String;

    fn from_str(s: &str) -> Result<RatingRange, String> {
        let text = s.trim();
        let bad = || format!("expected a rating range MIN..MAX such as 6.5..7.5, got '{text}'");
        let number = |x: &str, default: f64| -> Result<f64, String> {
            let x = x.trim();
            if x.is_empty() {
                return Ok(default);
            }
            match x.parse::<f64>() {
                Ok(v) if (0.0..=20.0).contains(&v) => Ok((v * 10.0).round() / 10.0),
                _ => Err(bad()),
            }
        };
        let (min, max) = match text.split_once("..") {
            Some((a, b)) if !(a.trim().is_empty() && b.trim().is_empty()) => {
                (number(a, 0.0)?, number(b, 20.0)?)
            }
            Some(_) => return Err(bad()),
            None => {
                let v = number(text, f64::NAN)?;
                if v.is_nan() {
                    return Err(bad());
                }
                (v, v)
            }
        };
        if min > max {
            return Err(format!("rating range {text}: {min:.1} is above {max:.1}"));
        }
        Ok(RatingRange { min, max })
    }
}

impl fmt::Display for RatingRange {
    /// `6.5..7.0`, `9.0..`, `..3.0`, or one number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.min > 0.0, self.max < 20.0) {
            _ if self.min == self.max => write!(f, "{:.1}", self.min),
            (true, true) => write!(f, "{:.1}..{:.1}", self.min, self.max),
            (true, false) => write!(f, "{:.1}..", self.min),
            (false, true) => write!(f, "..{:.1}", self.max),
            (false, false) => f.write_str(".."),
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Generated {
    /// The puzzle: exactly one solution, the targets met.
    pub puzzle: Grid,
    /// Its solution.
    pub solution: Grid,
    /// Its grades ([`grade::grade`] with the default options, the
    /// target's [`TechniqueTarget::switched_on`] techniques switched on).
    pub grade: Grade,
    /// The seed that generates it again with the same options.
    pub seed: u64,
    /// The attempts it took, this one included.
    pub attempts: u64,
}

/// Why no puzzle came out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// Fewer than 17 clues were asked for.
    #[error(
        "no puzzle with at most {} has a unique solution (17 is the least)",
        counted(*.0 as u64, "clue")
    )]
    TooFewClues(usize),
    /// A technique harder than the level was asked for.
    #[error(
        "{technique} is {} {technique_level} technique: a puzzle using it cannot be {level}",
        article(*.technique_level)
    )]
    Incompatible {
        /// The technique target's name.
        technique: String,
        /// The lowest level of that technique.
        technique_level: Level,
        /// The level asked for.
        level: Level,
    },
    /// A technique that no solution path can take first was asked for.
    #[error("{technique} is never the first step found: {reason}, so no solution path uses it")]
    NeverFirst {
        /// The technique target's name.
        technique: String,
        /// Why ([`TechniqueTarget`] members' reasons: the first one).
        reason: &'static str,
    },
    /// The timeout or the attempt limit ran out before the targets were met.
    #[error("could not generate {target} {limit}")]
    NotFound {
        /// The targets in words ([`Options::describe`]).
        target: String,
        /// `within 60 s` or `in 1000 attempts`.
        limit: String,
        /// The attempts made.
        attempts: u64,
    },
    /// The caller's stop function asked to stop.
    #[error("stopped")]
    Stopped,
}

/// `a` or `an` before the name of `level` in messages.
fn article(level: Level) -> &'static str {
    match level {
        Level::Easy | Level::Unfair | Level::Extreme => "an",
        Level::Medium | Level::Hard => "a",
    }
}

/// The seed of puzzle `index` in a run with seed `run_seed`: `run_seed +
/// index` (wrapping), so that one puzzle of a run can be made again alone.
pub fn puzzle_seed(run_seed: u64, index: u64) -> u64 {
    run_seed.wrapping_add(index)
}

/// Generates one puzzle from `seed` (see the module documentation).
///
/// # Errors
/// [`GenerateError::TooFewClues`] or [`GenerateError::Incompatible`] for
/// targets no puzzle can meet (checked before any attempt), and
/// [`GenerateError::NotFound`] when the timeout or the attempt limit runs
/// out first.
pub fn generate(options: &Options, seed: u64) -> Result<Generated, GenerateError> {
    generate_until(options, seed, || false)
}

/// As [`generate`], also giving up (with [`GenerateError::Stopped`]) as soon
/// as `stop` returns `true`; it is called between attempts.
///
/// # Errors
/// Those of [`generate`], and [`GenerateError::Stopped`].
pub fn generate_until(
    options: &Options,
    seed: u64,
    stop: impl Fn() -> bool,
) -> Result<Generated, GenerateError> {
    generate_in_rounds(options, 1, stop, |attempts| {
        attempts
            .into_iter()
            .find_map(|k| try_attempt(options, seed, k))
    })
}

/// As [`generate_until`], making the attempts in rounds of `round`: `run`
/// gets the attempt numbers of a round and returns the result of the
/// lowest-numbered one that succeeds ([`try_attempt`]), if any. `run` may
/// make the attempts on several threads: the puzzle is the same as with
/// [`generate`], because each attempt has its own random generator. Limits
/// and `stop` are checked between rounds.
///
/// # Errors
/// Those of [`generate_until`].
///
/// ```
/// use sudokit::generate::{self, Options};
/// let options = Options::default();
/// let in_rounds = generate::generate_in_rounds(&options, 4, || false, |ks| {
///     ks.into_iter().find_map(|k| generate::try_attempt(&options, 9, k))
/// });
/// assert_eq!(in_rounds, generate::generate(&options, 9));
/// ```
pub fn generate_in_rounds(
    options: &Options,
    round: u64,
    stop: impl Fn() -> bool,
    mut run: impl FnMut(std::ops::Range<u64>) -> Option<Generated>,
) -> Result<Generated, GenerateError> {
    if let Some(e) = options.impossible() {
        return Err(e);
    }
    let deadline = options.timeout.map(|t| (Instant::now(), t));
    let mut attempts = 0u64;
    loop {
        if stop() {
            return Err(GenerateError::Stopped);
        }
        let out_of_time = deadline.is_some_and(|(start, t)| start.elapsed() >= t);
        let out_of_attempts = options.max_attempts.is_some_and(|m| attempts >= m);
        if out_of_time || out_of_attempts {
            let limit = if out_of_time {
                format!("within {}", seconds(options.timeout.unwrap_or_default()))
            } else {
                format!("in {}", counted(attempts, "attempt"))
            };
            return Err(GenerateError::NotFound {
                target: options.describe(),
                limit,
                attempts,
            });
        }
        let mut end = attempts.saturating_add(round.max(1));
        if let Some(m) = options.max_attempts {
            end = end.min(m);
        }
        if let Some(found) = run(attempts..end) {
            return Ok(found);
        }
        attempts = end;
    }
}

/// Attempt number `k` (from 0) for `seed`: its own random generator, seeded
/// from both, makes a grid and removes clues; the result if it meets every
/// target of `options`. [`generate`] returns the first attempt that succeeds.
///
/// Every `k` is allowed: [`Generated::attempts`] is `k + 1`, saturating at
/// `u64::MAX` for the last attempt number.
pub fn try_attempt(options: &Options, seed: u64, k: u64) -> Option<Generated> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(splitmix64(seed).wrapping_add(k));
    let orbits = options.symmetry.orbits();
    attempt(options, &orbits, &mut rng).map(|(puzzle, solution, grade)| Generated {
        puzzle,
        solution,
        grade,
        seed,
        attempts: k.saturating_add(1),
    })
}

/// `1 clue`, `5 clues`: English plurals in messages.
fn counted(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// SplitMix64's output function: spreads nearby seeds far apart, so that
/// the attempts of seeds `S` and `S + 1` share no generator.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `1.5 s`, `60 s`.
fn seconds(d: Duration) -> String {
    format!("{} s", d.as_secs_f64())
}

/// HoDoKu's level and the steps of `puzzle` on the solver's path with
/// `options`, without the SE rating.
fn quick_grade(puzzle: &Grid, options: &solver::Options) -> Option<(Level, Vec<SolvedStep>, bool)> {
    let outcome = solver::solve(puzzle, options).ok()?;
    let solved = outcome.status == Status::Solved;
    let (level, _) = grade::hodoku_grade(outcome.steps.iter().filter_map(SolvedStep::step), solved);
    Some((level, outcome.steps, solved))
}

/// Whether every clue of a unique `puzzle` is needed.
pub fn is_minimal(puzzle: &Grid) -> bool {
    Cell::all().filter(|&c| puzzle[c] != 0).all(|c| {
        let mut trial = *puzzle;
        trial.set(c, None);
        !engine::is_unique(&trial)
    })
}

/// One attempt: a grid, clue removal, the checks.
fn attempt(
    options: &Options,
    orbits: &[Vec<Cell>],
    rng: &mut Xoshiro256PlusPlus,
) -> Option<(Grid, Grid, Grade)> {
    let solution = random_solution(rng);
    let mut order: Vec<&Vec<Cell>> = orbits.iter().collect();
    order.shuffle(rng);
    let cap = options.cap();
    // The default set, with the target's technique switched on if HoDoKu
    // leaves it off.
    let solver_options = solver::Options {
        also: options
            .technique
            .as_ref()
            .map_or_else(Vec::new, TechniqueTarget::switched_on),
        ..solver::Options::default()
    };
    let mut puzzle = solution;
    for orbit in order {
        let mut trial = puzzle;
        for &cell in orbit {
            trial.set(cell, None);
        }
        if !engine::is_unique(&trial) {
            continue;
        }
        let too_hard =
            |cap| quick_grade(&trial, &solver_options).is_none_or(|(level, _, _)| level > cap);
        if cap.is_some_and(too_hard) {
            continue;
        }
        puzzle = trial;
    }
    let mut solution = solution;
    if let Some(range) = options.rating.filter(|_| options.climbs()) {
        (puzzle, solution) = climb::climb(puzzle, solution, orbits, range, rng)?;
    }
    if options.max_clues.is_some_and(|n| puzzle.clues() > n) {
        return None;
    }
    // Cheaper than grading: a few dozen uniqueness checks.
    let singletons = orbits.iter().all(|o| o.len() == 1);
    if options.minimal && !singletons && !is_minimal(&puzzle) {
        return None;
    }
    if options.level.is_some() || options.technique.is_some() {
        let (level, steps, solved) = quick_grade(&puzzle, &solver_options)?;
        if options.level.is_some_and(|l| l != level) {
            return None;
        }
        // Sudokit's default path shows HoDoKu's techniques only; the SE
        // walk's are checked on the full grade.
        let used = |t: &TechniqueTarget| !t.hodoku_only() || solved && t.is_used_in(&steps);
        if !options.technique.as_ref().is_none_or(used) {
            return None;
        }
    }
    // The full grade, and the targets checked once more on it.
    let grade_options = GradeOptions {
        solver: solver_options,
    };
    let grade = grade::grade(&puzzle, &grade_options).ok()?;
    let level_ok = options.level.is_none_or(|l| l == grade.level);
    let rating_ok = options.rating.is_none_or(|r| r.contains(grade.rating));
    let technique_ok = options
        .technique
        .as_ref()
        .is_none_or(|t| t.is_used_by(&grade));
    (level_ok && technique_ok && rating_ok).then_some((puzzle, solution, grade))
}

#[cfg(test)]
mod tests;
