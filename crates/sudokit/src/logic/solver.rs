//! The human-style solver: at each position, the simplest technique that
//! finds something, in HoDoKu's order ([`Technique::solver_order`]), one step at
//! a time, each recorded. Among singles it takes the one HoDoKu would take
//! next ([`crate::logic::singles_queue`]).
//!
//! The solver needs a puzzle with exactly one solution (uniqueness
//! techniques assume it); it checks with [`crate::engine`] first. When no
//! allowed technique applies it stops ([`Status::Stuck`]), or, with
//! [`Options::fallback`], places the solution's digit in a cell with the
//! fewest candidates ([`SolvedStep::Guess`]) and goes on.
//!
//! ```
//! use sudokit::logic::solver::{self, Options, Status};
//! let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
//! let outcome = solver::solve(&puzzle.parse().unwrap(), &Options::default()).unwrap();
//! assert_eq!(outcome.status, Status::Solved);
//! assert!(outcome.grid.is_full());
//! ```

use crate::candidates::Candidates;
use crate::engine;
use crate::error::RuleError;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::singles_queue::SinglesQueue;
use crate::logic::{
    Step, Technique, find_steps, forcing, parse_named_techniques, parse_techniques, uniqueness,
};
use crate::marked::{MarkedGrid, Mistakes};
use crate::rules;
use std::fmt;

/// What the solver may use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The techniques allowed; `None` for the default set
    /// ([`Technique::is_default`]). The order
    /// given does not matter: the solver always tries them in HoDoKu's order.
    pub techniques: Option<Vec<Technique>>,
    /// Techniques switched on beside the default set (when `techniques`
    /// is `None`), as HoDoKu's preferences switch on one it leaves off
    /// (Kraken fish, Death Blossom, the largest fish, ...). A list in
    /// `techniques` is the whole set: this one is not read then.
    pub also: Vec<Technique>,
    /// When stuck, place the solution's digit in a cell with the fewest
    /// candidates and go on.
    pub fallback: bool,
}

impl Default for Options {
    /// The default technique set, no fallback.
    fn default() -> Options {
        Options {
            techniques: None,
            also: Vec::new(),
            fallback: false,
        }
    }
}

impl Options {
    /// Options allowing only `techniques`.
    pub fn with_techniques(techniques: Vec<Technique>) -> Options {
        Options {
            techniques: Some(techniques),
            ..Options::default()
        }
    }

    /// The options of a technique list as the command line's
    /// `--techniques` takes it: names and groups separated by commas
    /// ([`parse_techniques`]), the whole set allowed; or, every item
    /// written `+NAME`, the default set and those
    /// ([`Options::also`]).
    ///
    /// ```
    /// use sudokit::logic::Technique;
    /// use sudokit::logic::solver::Options;
    /// let only = Options::parse("singles")?;
    /// assert_eq!(only.order(), [Technique::FullHouse, Technique::NakedSingle, Technique::HiddenSingle]);
    /// let more = Options::parse("+kraken-fish")?;
    /// assert_eq!(more.techniques, None);
    /// assert!(more.order().contains(&Technique::KrakenFish));
    /// assert_eq!(more.order().len(), Options::default().order().len() + 1);
    /// assert!(Options::parse("singles,+kraken-fish").is_err());
    /// assert!(Options::parse("+").is_err());
    /// assert!(Options::parse(" , ").is_err());
    /// # Ok::<(), String>(())
    /// ```
    ///
    /// # Errors
    /// An unknown or unavailable name ([`parse_techniques`]), a list that
    /// names nothing (`""`, `","`), a `+` without a name, or a list that
    /// mixes plain and `+` items.
    pub fn parse(list: &str) -> Result<Options, String> {
        let items: Vec<&str> = list
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let added: Vec<&str> = items.iter().filter_map(|s| s.strip_prefix('+')).collect();
        if added.is_empty() {
            return Ok(Options::with_techniques(parse_named_techniques(list)?));
        }
        if added.iter().any(|name| name.trim().is_empty()) {
            return Err(format!(
                "'{}': a + needs a technique name after it",
                list.trim()
            ));
        }
        if added.len() < items.len() {
            return Err(format!(
                "'{}': either list every technique allowed or add to the default set with +NAME, not both",
                list.trim()
            ));
        }
        Ok(Options {
            also: parse_techniques(&added.join(","))?,
            ..Options::default()
        })
    }

    /// The allowed, available techniques in HoDoKu's order.
    pub fn order(&self) -> Vec<Technique> {
        Technique::solver_order()
            .filter(|t| t.is_available())
            .filter(|t| match &self.techniques {
                Some(list) => list.contains(t),
                None => t.is_default() || self.also.contains(t),
            })
            .collect()
    }
}

/// One step of a solution: a technique's deduction, or a guess.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolvedStep {
    /// A deduction.
    Step(Step),
    /// The solution's digit placed without a deduction (fallback).
    Guess {
        /// The cell (one with the fewest candidates).
        cell: Cell,
        /// The digit of the solution.
        digit: Digit,
    },
}

impl SolvedStep {
    /// The deduction, unless this is a guess.
    pub fn step(&self) -> Option<&Step> {
        match self {
            SolvedStep::Step(step) => Some(step),
            SolvedStep::Guess { .. } => None,
        }
    }

    /// The technique's kebab-case name, or `guess`.
    pub fn name(&self) -> &'static str {
        match self {
            SolvedStep::Step(step) => step.technique.name(),
            SolvedStep::Guess { .. } => "guess",
        }
    }

    /// The placements of the step.
    pub fn placements(&self) -> Vec<(Cell, Digit)> {
        match self {
            SolvedStep::Step(step) => step.placements.clone(),
            &SolvedStep::Guess { cell, digit } => vec![(cell, digit)],
        }
    }

    /// The eliminations of the step (none for a guess).
    pub fn eliminations(&self) -> &[(Cell, Digit)] {
        match self {
            SolvedStep::Step(step) => &step.eliminations,
            SolvedStep::Guess { .. } => &[],
        }
    }
}

impl fmt::Display for SolvedStep {
    /// As [`Step`]'s display; a guess is `guess: r1c2=3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolvedStep::Step(step) => step.fmt(f),
            SolvedStep::Guess { cell, digit } => write!(f, "guess: {cell}={digit}"),
        }
    }
}

/// Why a grid cannot be solved the human way.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// Two givens clash.
    #[error("{0}")]
    Conflict(RuleError),
    /// No solution.
    #[error("no solution")]
    NoSolution,
    /// More than one solution: a human solver needs a unique puzzle.
    #[error("more than one solution")]
    Multiple,
    /// A player's position with wrong digits or struck true candidates:
    /// no sound step can be taken from it.
    #[error("mistakes: {0}")]
    Mistakes(Mistakes),
}

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every cell is filled.
    Solved,
    /// No allowed technique applies (and no fallback).
    Stuck,
}

/// A position: the grid, its pencil marks and the original givens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// The digits placed so far (givens included).
    pub grid: Grid,
    /// The pencil marks.
    pub candidates: Candidates,
    /// The puzzle's givens (avoidable rectangles tell them from solved cells).
    pub givens: Grid,
}

impl Position {
    /// The start of `puzzle`: candidates from the givens.
    pub fn new(puzzle: &Grid) -> Position {
        Position {
            grid: *puzzle,
            candidates: Candidates::from_grid(puzzle),
            givens: *puzzle,
        }
    }

    /// A player's position: its digits, its candidates (narrowed by the
    /// marks) and its givens.
    pub fn of(marked: &MarkedGrid) -> Position {
        Position {
            grid: *marked.values(),
            candidates: marked.candidates(),
            givens: *marked.givens(),
        }
    }

    /// Applies `step`; returns whether anything changed.
    pub fn apply(&mut self, step: &Step) -> bool {
        step.apply(&mut self.grid, &mut self.candidates)
    }

    /// Every step of `technique` on the position; avoidable rectangles see
    /// the givens (to tell solved cells from given ones).
    pub fn steps(&self, technique: Technique) -> Vec<Step> {
        match technique {
            Technique::AvoidableRectangle1 | Technique::AvoidableRectangle2 => {
                uniqueness::find_with_givens(technique, &self.grid, &self.givens, &self.candidates)
            }
            _ => find_steps(technique, &self.grid, &self.candidates),
        }
    }

    /// The first productive step of the first technique in `order` that has
    /// one, applied; `None` if none applies. [`solve`] and [`hint`] take
    /// singles in HoDoKu's queue order first (see
    /// [`crate::logic::singles_queue`]) and fall back on this.
    pub fn advance(&mut self, order: &[Technique]) -> Option<Step> {
        for group in order.chunk_by(|a, b| a.facts().order == b.facts().order) {
            if let Some(first) = forcing::walk_step(group, &self.grid, &self.candidates) {
                // The step the sort below would put first, found alone;
                // if it changes nothing, the whole list decides.
                match first {
                    None => continue,
                    Some(step) if self.apply(&step) => return Some(step),
                    Some(_) => {}
                }
            }
            let mut steps: Vec<Step> = group.iter().flat_map(|&t| self.steps(t)).collect();
            if group.len() > 1 {
                // Techniques sharing one HoDoKu index are one HoDoKu solver
                // (nice loops and AICs, forcing chains of both forms): its
                // sort picks among all their steps.
                steps.sort_by_key(crate::logic::hodoku_key);
            } else if sorted_by_hodoku(group[0]) {
                steps.sort_by_key(hodoku_general_key);
            } else if group[0] == Technique::HiddenSingle {
                // By house (rows, columns, boxes), then digit: the order in
                // which HoDoKu queues the hidden singles of a fresh position.
                // (The solver takes singles from [`SinglesQueue`] first; this
                // order only matters when it is used without one.)
                steps.sort_by_key(|s| {
                    (
                        s.houses.first().map(|h| h.index()),
                        s.placements.first().map(|p| p.1),
                    )
                });
            }
            for step in steps {
                if self.apply(&step) {
                    return Some(step);
                }
            }
        }
        None
    }

    /// Applies a step of a solution (a deduction or a guess); returns
    /// whether anything changed.
    pub fn apply_solved(&mut self, step: &SolvedStep) -> bool {
        match step {
            SolvedStep::Step(step) => self.apply(step),
            &SolvedStep::Guess { cell, digit } => {
                let fresh = self.grid[cell] == 0;
                if fresh {
                    self.grid.set(cell, Some(digit));
                    self.candidates.place(cell, digit);
                }
                fresh
            }
        }
    }

    /// Places `solution`'s digit in an empty cell with the fewest candidates.
    fn guess(&mut self, solution: &Grid) -> Option<SolvedStep> {
        let cell = self
            .grid
            .empty_cells()
            .min_by_key(|&c| self.candidates.get(c).len())?;
        let digit = solution.get(cell)?;
        self.grid.set(cell, Some(digit));
        self.candidates.place(cell, digit);
        Some(SolvedStep::Guess { cell, digit })
    }
}

/// Whether HoDoKu gathers every step of `technique` and takes the first in
/// its general order ([`hodoku_general_key`]) rather than the first found:
/// its chain solver does so for X-chains, XY-chains, remote pairs and
/// turbot fish.
fn sorted_by_hodoku(technique: Technique) -> bool {
    matches!(
        technique,
        Technique::XChain | Technique::XyChain | Technique::RemotePair | Technique::TurbotFish
    )
}

/// HoDoKu's general order of steps (`SolutionStep.compareTo`): most
/// eliminations first, then the smaller weighted sum of the eliminations
/// (in digit-then-cell order, the k-th weighted `1 + 80k`). Steps that tie
/// on both and eliminate different candidates compare equal there (the
/// chain length only orders steps with the same eliminations, which the
/// finders list once), so its stable sort keeps the order of discovery.
fn hodoku_general_key(step: &Step) -> (i64, i64) {
    let mut elims: Vec<(u8, usize)> = step
        .eliminations
        .iter()
        .map(|(c, d)| (d.get(), c.index()))
        .collect();
    elims.sort_unstable();
    elims.dedup();
    let sum = elims
        .iter()
        .enumerate()
        .map(|(k, &(d, c))| (c * (1 + 80 * k)) as i64 + i64::from(d))
        .sum();
    (-(elims.len() as i64), sum)
}

/// The result of [`solve`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOutcome {
    /// The steps taken, in order.
    pub steps: Vec<SolvedStep>,
    /// Solved or stuck.
    pub status: Status,
    /// The grid at the end (full when solved).
    pub grid: Grid,
    /// The pencil marks at the end (where the solver got stuck).
    pub candidates: Candidates,
}

/// The solution of `grid`, if it has exactly one.
///
/// # Errors
/// [`Invalid::Conflict`] when two givens clash, [`Invalid::NoSolution`] or
/// [`Invalid::Multiple`] when the grid does not have exactly one solution.
pub fn unique_solution(grid: &Grid) -> Result<Grid, Invalid> {
    rules::validate(grid).map_err(Invalid::Conflict)?;
    let mut all = engine::solutions(grid);
    let first = all.next().ok_or(Invalid::NoSolution)?;
    match all.next() {
        Some(_) => Err(Invalid::Multiple),
        None => Ok(first),
    }
}

/// The next step of the HoDoKu-style walk, applied: the single HoDoKu's
/// queues give ([`SinglesQueue`]), else the first step of the first
/// technique in `order` that has one ([`Position::advance`]).
fn next_step(pos: &mut Position, queue: &mut SinglesQueue, order: &[Technique]) -> Option<Step> {
    let step = match queue.next(order) {
        Some(step) if pos.apply(&step) => step,
        _ => pos.advance(order)?,
    };
    queue.record(&step);
    Some(step)
}

/// Solves `puzzle` step by step with the allowed techniques.
///
/// # Errors
/// [`Invalid::Conflict`] when two givens clash, [`Invalid::NoSolution`] or
/// [`Invalid::Multiple`] when the puzzle does not have exactly one solution.
pub fn solve(puzzle: &Grid, options: &Options) -> Result<SolveOutcome, Invalid> {
    solve_position(&MarkedGrid::from_givens(*puzzle), options)
}

/// The position to go on from and its solution: a player's position
/// without mistakes (they come first: no sound step rests on a wrong mark).
///
/// # Errors
/// A position without exactly one solution, or with mistakes.
pub fn start(marked: &MarkedGrid) -> Result<(Position, Grid), Invalid> {
    let solution = marked.solution()?;
    let mistakes = marked.mistakes(&solution);
    if !mistakes.is_empty() {
        return Err(Invalid::Mistakes(mistakes));
    }
    Ok((Position::of(marked), solution))
}

/// HoDoKu's singles queues: as it builds them loading a puzzle (also for a
/// position that is the puzzle's start, such as the pencil marks of its
/// givens written out), or from the candidates of a position it was given.
fn queue_of(marked: &MarkedGrid, pos: &Position) -> SinglesQueue {
    let at_start = pos.grid == pos.givens && pos.candidates == Candidates::from_grid(&pos.givens);
    if at_start {
        SinglesQueue::from_puzzle(marked.givens())
    } else {
        SinglesQueue::new(pos)
    }
}

/// Solves a player's position step by step with the allowed techniques,
/// from its digits and marks.
///
/// # Errors
/// See [`start`].
pub fn solve_position(marked: &MarkedGrid, options: &Options) -> Result<SolveOutcome, Invalid> {
    let (mut pos, solution) = start(marked)?;
    let order = options.order();
    let mut queue = queue_of(marked, &pos);
    let mut steps = Vec::new();
    let status = loop {
        if pos.grid.is_full() {
            // Sound techniques can only fill in the solution.
            debug_assert_eq!(pos.grid, solution, "unsound step on {marked:?}");
            break Status::Solved;
        }
        if let Some(step) = next_step(&mut pos, &mut queue, &order) {
            steps.push(SolvedStep::Step(step));
        } else if let Some(guess) = options.fallback.then(|| pos.guess(&solution)).flatten() {
            if let SolvedStep::Guess { cell, digit } = guess {
                queue.record_placement(cell, digit);
            }
            steps.push(guess);
        } else {
            break Status::Stuck;
        }
    };
    Ok(SolveOutcome {
        steps,
        status,
        grid: pos.grid,
        candidates: pos.candidates,
    })
}

/// Every step that any of `techniques` (`None`: every available technique)
/// finds on `grid` as given, technique by technique in the solver's order:
/// HoDoKu's "All steps" view. Steps of different techniques with the same
/// effect are all listed, as each is a way to see it.
///
/// # Errors
/// [`Invalid::Conflict`] when two givens clash, [`Invalid::NoSolution`] or
/// [`Invalid::Multiple`] when the grid does not have exactly one solution.
///
/// ```
/// use sudokit::logic::solver;
/// use sudokit::logic::Technique;
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let steps = solver::all_steps(&puzzle.parse().unwrap(), None).unwrap();
/// assert!(steps.iter().any(|s| s.technique == Technique::HiddenSingle));
/// assert!(steps.iter().all(|s| s.is_productive()));
/// ```
pub fn all_steps(grid: &Grid, techniques: Option<&[Technique]>) -> Result<Vec<Step>, Invalid> {
    all_steps_position(&MarkedGrid::from_givens(*grid), techniques)
}

/// [`all_steps`] at a player's position.
///
/// # Errors
/// See [`start`].
pub fn all_steps_position(
    marked: &MarkedGrid,
    techniques: Option<&[Technique]>,
) -> Result<Vec<Step>, Invalid> {
    let (pos, _) = start(marked)?;
    Ok(Technique::solver_order()
        .filter(|t| t.is_available())
        .filter(|t| techniques.is_none_or(|list| list.contains(t)))
        .flat_map(|t| pos.steps(t))
        .filter(Step::is_productive)
        .collect())
}

/// The next step for `grid` as given (a partly solved grid is fine): `None`
/// when the grid is full, or when no allowed technique applies and there is
/// no fallback.
///
/// # Errors
/// [`Invalid::Conflict`] when two givens clash, [`Invalid::NoSolution`] or
/// [`Invalid::Multiple`] when the grid does not have exactly one solution.
pub fn hint(grid: &Grid, options: &Options) -> Result<Option<SolvedStep>, Invalid> {
    hint_position(&MarkedGrid::from_givens(*grid), options)
}

/// The next step from a player's position, from its digits and marks
/// (see [`hint`]).
///
/// # Errors
/// See [`start`]: mistakes come before any hint.
pub fn hint_position(
    marked: &MarkedGrid,
    options: &Options,
) -> Result<Option<SolvedStep>, Invalid> {
    let (mut pos, solution) = start(marked)?;
    if pos.grid.is_full() {
        return Ok(None);
    }
    let mut queue = queue_of(marked, &pos);
    if let Some(step) = next_step(&mut pos, &mut queue, &options.order()) {
        return Ok(Some(SolvedStep::Step(step)));
    }
    Ok(options.fallback.then(|| pos.guess(&solution)).flatten())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{assert_sound, sample};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const HARD: &str =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

    fn grid(s: &str) -> Grid {
        s.parse().unwrap()
    }

    /// The position of `HARD` with every cell's marks narrowed to the
    /// solution's digit and one more, except `keep` cells left unmarked.
    fn narrowed(keep: usize) -> (MarkedGrid, Grid) {
        let givens = grid(HARD);
        let solution = engine::solve_one(&givens).unwrap();
        let all = Candidates::from_grid(&givens);
        let mut marks = [crate::DigitSet::EMPTY; 81];
        for cell in givens.empty_cells().skip(keep) {
            let right = solution.get(cell).unwrap();
            let other = all.get(cell).iter().find(|&d| d != right).unwrap();
            marks[cell.index()] = [right, other].into_iter().collect();
        }
        (MarkedGrid::new(givens, givens, marks).unwrap(), solution)
    }

    #[test]
    fn a_hint_comes_from_the_players_marks() {
        // From the givens alone HARD needs hard techniques; with two marks
        // per cell the next step is easy, and it must be sound.
        let (marked, solution) = narrowed(0);
        let step = hint_position(&marked, &Options::default())
            .unwrap()
            .unwrap();
        let step = step.step().unwrap().clone();
        let pos = Position::of(&marked);
        for (cell, digit) in &step.placements {
            assert_eq!(solution.get(*cell), Some(*digit));
            assert!(pos.candidates.get(*cell).contains(*digit));
        }
        for (cell, digit) in &step.eliminations {
            assert_ne!(solution.get(*cell), Some(*digit));
            assert!(pos.candidates.get(*cell).contains(*digit), "{step}");
        }
        assert!(step.is_productive());
        let from_givens = hint(&grid(HARD), &Options::default()).unwrap().unwrap();
        assert_ne!(from_givens, SolvedStep::Step(step));
    }

    #[test]
    fn a_position_is_solved_from_its_marks_to_the_solution() {
        let (marked, solution) = narrowed(10);
        let outcome = solve_position(&marked, &Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(outcome.grid, solution);
        let mut pos = Position::of(&marked);
        for step in &outcome.steps {
            let step = step.step().unwrap();
            for (cell, digit) in &step.eliminations {
                assert_ne!(solution.get(*cell), Some(*digit), "{step}");
            }
            pos.apply(step);
        }
        assert_eq!(pos.grid, solution);
    }

    #[test]
    fn mistakes_come_before_any_step() {
        let givens = grid(EASY);
        let solution = engine::solve_one(&givens).unwrap();
        let cell = givens.empty_cells().next().unwrap();
        let wrong = Digit::all()
            .find(|&d| solution.get(cell) != Some(d))
            .unwrap();
        let mut values = givens;
        values.set(cell, Some(wrong));
        let marked = MarkedGrid::new(givens, values, [crate::DigitSet::EMPTY; 81]).unwrap();
        let Err(Invalid::Mistakes(m)) = hint_position(&marked, &Options::default()) else {
            panic!("mistakes expected");
        };
        assert_eq!(m.wrong.len(), 1);
        assert_eq!(m.wrong[0].cell, cell);
        assert!(matches!(
            solve_position(&marked, &Options::default()),
            Err(Invalid::Mistakes(_))
        ));
        assert!(matches!(
            all_steps_position(&marked, None),
            Err(Invalid::Mistakes(_))
        ));
    }

    #[test]
    fn easy_puzzle_is_solved_with_singles() {
        let outcome = solve(&grid(EASY), &Options::default()).unwrap();
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(Some(outcome.grid), engine::solve_one(&grid(EASY)));
        assert!(outcome.steps.iter().all(|s| s.step().is_some()));
        let placed: usize = outcome.steps.iter().map(|s| s.placements().len()).sum();
        assert_eq!(placed, 81 - grid(EASY).clues());
    }

    #[test]
    fn singles_only_get_stuck_on_a_hard_puzzle() {
        let options = Options::with_techniques(Technique::DEEPENING_DEFAULT.to_vec());
        let outcome = solve(&grid(HARD), &options).unwrap();
        assert_eq!(outcome.status, Status::Stuck);
        assert!(!outcome.grid.is_full());
    }

    #[test]
    fn fallback_guesses_and_finishes() {
        let options = Options {
            techniques: Some(Technique::DEEPENING_DEFAULT.to_vec()),
            fallback: true,
            ..Options::default()
        };
        let outcome = solve(&grid(HARD), &options).unwrap();
        assert_eq!(outcome.status, Status::Solved);
        assert_eq!(Some(outcome.grid), engine::solve_one(&grid(HARD)));
        let guess = outcome.steps.iter().find(|s| s.step().is_none()).unwrap();
        assert_eq!(guess.name(), "guess");
        assert!(guess.to_string().starts_with("guess: r"));
    }

    #[test]
    fn invalid_grids_are_refused() {
        let mut two = ".".repeat(81);
        two.replace_range(0..2, "55");
        assert!(matches!(
            solve(&grid(&two), &Options::default()),
            Err(Invalid::Conflict(_))
        ));
        assert_eq!(
            solve(&Grid::empty(), &Options::default()),
            Err(Invalid::Multiple)
        );
        assert_eq!(
            hint(&Grid::empty(), &Options::default()),
            Err(Invalid::Multiple)
        );
    }

    #[test]
    fn hint_is_the_first_step_and_works_on_a_solved_grid() {
        let options = Options::default();
        let first = solve(&grid(EASY), &options).unwrap().steps.remove(0);
        assert_eq!(hint(&grid(EASY), &options).unwrap(), Some(first));
        let solved = engine::solve_one(&grid(EASY)).unwrap();
        assert_eq!(hint(&solved, &options), Ok(None));
    }

    #[test]
    fn order_follows_hodoku() {
        let order = Options::with_techniques(vec![
            Technique::HiddenSingle,
            Technique::FullHouse,
            Technique::NakedSingle,
        ])
        .order();
        assert_eq!(
            order,
            [
                Technique::FullHouse,
                Technique::NakedSingle,
                Technique::HiddenSingle
            ]
        );
    }

    #[test]
    fn hodoku_order_keeps_discovery_order_on_ties() {
        // HoDoKu 2.2 on ..4..59.197..8.....5.7...8..3...8.....9.....21....3.9.4..2.....8....431......9...
        // takes "XY-Chain: 6 6- r4c8 -4- r4c5 -2- r4c3 -7- r4c1 -5- r5c1 -6-
        // r5c6 -7- r7c6 -6 => r7c8<>6" (weighted sum 61 + 6) over the
        // shorter r6c7 ... r7c6 => r7c7<>7 (60 + 7): equal in its sort,
        // they stay in the order found, and r4c8 comes first.
        let (g, cands) = crate::logic::soundness::table(
            "2 8 4 3 6 5 9 7 1
             9 7 16 4 8 12 25 256 3
             3 5 16 7 9 12 246 8 46
             57 3 27 9 24 8 1 46 456
             56 4 9 1 57 67 8 3 2
             1 26 8 56 24 3 47 9 457
             4 9 3 2 1 67 567 56 8
             8 26 27 56 57 4 3 1 9
             67 1 5 8 3 9 2467 246 467",
        );
        let mut steps = find_steps(Technique::XyChain, &g, &cands);
        steps.sort_by_key(hodoku_general_key);
        let first = &steps[0];
        assert_eq!(
            first.eliminations,
            [(Cell::at(6, 7).unwrap(), Digit::new(6).unwrap())]
        );
        assert_eq!(first.cells.first(), Some(&Cell::at(3, 7).unwrap()));
    }

    /// Every step of full solves of real puzzles agrees with the solution.
    #[test]
    fn full_solves_are_sound() {
        let mut puzzles = sample("random_minimal_200.txt");
        puzzles.truncate(60);
        puzzles.extend(sample("top1465_200.txt").into_iter().take(40));
        for puzzle in &puzzles {
            let solution = engine::solve_one(puzzle).unwrap();
            let order = Options::default().order();
            let mut pos = Position::new(puzzle);
            loop {
                let before = pos;
                let Some(step) = pos.advance(&order) else {
                    break;
                };
                assert_sound(&step, &before.grid, &before.candidates, &solution);
            }
        }
    }
}
