//! Backtracking with deepening (*vuelta atrás con profundización*), as in the
//! source documents.
//!
//! Plain backtracking fills cells blindly and notices a mistake only when a
//! later cell has no feasible digit. Deepening applies what a human would
//! after every guess: the chosen techniques (full house, naked single, hidden
//! single) are applied over and over until nothing changes, and a
//! contradiction, an empty cell without candidates or a house where a digit
//! has no place left, ends the branch at once.
//!
//! ```text
//! deepen(board)                              -- before the search starts
//! procedure search(board)
//!   if board is full then record a solution
//!   else
//!     (i, j) := select(board)                -- next | min | random
//!     for n in candidates(i, j), increasing: -- one iteration per trial
//!       child := board with n in (i, j)
//!       deepen(child)                        -- techniques until nothing changes
//!       if child is contradictory then FALLIDO   -- a dead end
//!       else search(child)
//! ```
//!
//! The next cell is chosen by [`Select`]: the first empty cell in row-major
//! order (`next`), the empty cell with fewest candidates, first in row-major
//! order on ties (`min`), or an empty cell drawn uniformly at random from a
//! seeded generator (`random`, reproducible by [`Options::seed`]).
//!
//! [`search`] hands each solution to a callback as it is found; [`trace`]
//! runs the same search and hands every trial to a callback as an
//! [`Event`], from which [`super::trace::TextWriter`] prints the documents'
//! iteration trace as it goes and [`Tree`] draws the search tree ([`tree`]).
//!
//! Uniqueness techniques (unique and hidden rectangles, avoidable rectangles,
//! BUG+1: [`Technique::assumes_uniqueness`]) are sound only on a puzzle with
//! exactly one solution; on one with several they can eliminate real
//! solutions and make the search miss them. So when the list holds any, the
//! search first asks the engine whether the puzzle is unique
//! ([`engine::is_unique`], once, before the search) and leaves them out if it
//! is not. On a unique puzzle they stay sound below every trial: a position
//! after trials has at most the puzzle's one solution, and no pattern they
//! rule out can hold in it.

use super::trace::{Event, Verdict};
use super::tree::Tree;
use super::{ClassicStats, Clock, Limits, Outcome, Report, Stop};
use crate::candidates::{Candidates, DigitSet, HOUSE_CELLS};
use crate::engine;
use crate::grid::{Cell, Digit, Grid};
use crate::logic::{self, Technique};
use crate::rules;
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

/// How the next cell to branch on is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Select {
    /// The first empty cell in row-major order.
    #[default]
    Next,
    /// The empty cell with the fewest candidates; the first in row-major
    /// order among equals.
    Min,
    /// An empty cell drawn uniformly at random (seeded by [`Options::seed`]).
    Random,
}

impl Select {
    /// The name used on the command line: `next`, `min` or `random`.
    pub const fn name(self) -> &'static str {
        match self {
            Select::Next => "next",
            Select::Min => "min",
            Select::Random => "random",
        }
    }
}

impl fmt::Display for Select {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Select {
    type Err = String;

    /// Parses `next`, `min` or `random` (case-insensitive).
    fn from_str(s: &str) -> Result<Select, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "next" => Ok(Select::Next),
            "min" => Ok(Select::Min),
            "random" => Ok(Select::Random),
            _ => Err(format!(
                "unknown cell selection '{}' (expected next, min or random)",
                s.trim()
            )),
        }
    }
}

/// Options of the deepening search.
#[derive(Clone, Debug)]
pub struct Options {
    /// How the next cell is chosen.
    pub select: Select,
    /// The seed of [`Select::Random`]; ignored otherwise.
    pub seed: u64,
    /// The techniques applied when deepening, simplest first. Techniques
    /// that are not available yet ([`Technique::is_available`]) find nothing.
    /// An empty list leaves only the contradiction check. Uniqueness
    /// techniques are used only on a unique puzzle (see the module docs).
    pub techniques: Vec<Technique>,
    /// Limits on solutions and iterations.
    pub limits: Limits,
}

impl Default for Options {
    /// `next`, seed 0, the singles ([`Technique::DEEPENING_DEFAULT`]), no limits.
    fn default() -> Options {
        Options {
            select: Select::Next,
            seed: 0,
            techniques: Technique::DEEPENING_DEFAULT.to_vec(),
            limits: Limits::NONE,
        }
    }
}

/// Every solution of `grid` by backtracking with deepening, within the
/// limits of `options`, collected in memory: [`search`] with a callback that
/// keeps them.
///
/// Clashing givens give no solution (and [`Stop::Exhausted`]).
///
/// ```
/// use sudokit::classic::deepening::{self, Options, Select};
/// use sudokit::classic::Stop;
/// use sudokit::{rules, Grid};
///
/// let puzzle: Grid =
///     "..63...........1..82...1..79...4..1.3..297.........5.....51..8...4..8.3......26.."
///         .parse()?;
/// let options = Options { select: Select::Min, ..Options::default() };
/// let report = deepening::solve(&puzzle, &options);
/// assert_eq!(report.stop, Stop::Exhausted);
/// assert_eq!(report.solutions.len(), 1);
/// assert!(rules::is_solution_of(&report.solutions[0], &puzzle));
/// println!("{} iterations, {} dead ends", report.stats.iterations, report.stats.dead_ends);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn solve(grid: &Grid, options: &Options) -> Report {
    Report::collect(|on_solution| search(grid, options, on_solution))
}

/// Backtracking with deepening over `grid` within the limits of `options`,
/// handing each solution to `on_solution` as soon as it is found. Memory
/// does not depend on the number of solutions.
///
/// [`ControlFlow::Break`] from the callback stops the search at once with
/// [`Stop::Cancelled`]. Clashing givens give no solution (and
/// [`Stop::Exhausted`]).
pub fn search(
    grid: &Grid,
    options: &Options,
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Outcome {
    trace(grid, options, &mut |event| match event.verdict {
        Verdict::Solution => on_solution(event.board),
        Verdict::Open | Verdict::Failed => ControlFlow::Continue(()),
    })
}

/// [`search`], handing every step to `on_event` as it happens: first the
/// initial deepening (`iteration` 0), then each trial, solutions included.
/// Nothing is kept: memory does not depend on the number of events.
///
/// [`ControlFlow::Break`] from the callback stops the search at once with
/// [`Stop::Cancelled`]; [`Outcome::found`] counts the solution events
/// handed over.
///
/// ```
/// use sudokit::classic::deepening::{self, Options};
/// use sudokit::classic::trace::{Lang, Style, TextWriter};
/// use sudokit::Grid;
///
/// let puzzle: Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
///         .parse()?;
/// let mut text = TextWriter::new(Vec::new(), Lang::Es, Style::Document);
/// let outcome = deepening::trace(&puzzle, &Options::default(), &mut |event| text.event(event));
/// let text = String::from_utf8(text.finish(&outcome).unwrap()).unwrap();
/// assert!(text.starts_with("iter=0 i=0 j=0 n=\"\"\n"));
/// assert!(text.ends_with("1 solución, 0 iteraciones, 0 ramas fallidas: búsqueda completa\n"));
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn trace(
    grid: &Grid,
    options: &Options,
    on_event: &mut dyn FnMut(&Event<'_>) -> ControlFlow<()>,
) -> Outcome {
    let clock = Clock::start();
    let mut search = Search {
        options,
        techniques: techniques_for(grid, &options.techniques),
        rng: Xoshiro256PlusPlus::seed_from_u64(options.seed),
        on_event,
        found: 0,
        stats: ClassicStats {
            nodes: 1,
            peak_live_nodes: 1,
            ..ClassicStats::default()
        },
    };
    let stop = match search.start(grid) {
        Ok(()) => Stop::Exhausted,
        Err(stop) => stop,
    };
    let mut stats = search.stats;
    stats.peak_memory_bytes = size_of::<Search>() as u64
        + (options.techniques.len() * size_of::<Technique>()) as u64
        + stats.peak_live_nodes * size_of::<State>() as u64;
    stats.elapsed = clock.elapsed();
    Outcome {
        found: search.found,
        stop,
        stats,
    }
}

/// [`trace`] drawn as a search tree of at most `max_nodes` nodes (the root
/// is always kept): later nodes are only counted, and the drawing says how
/// many were left out. Memory is bounded by `max_nodes`, not by the search.
///
/// ```
/// use sudokit::classic::deepening::{self, Options};
/// use sudokit::classic::tree::DEFAULT_MAX_NODES;
/// use sudokit::Grid;
///
/// let puzzle: Grid =
///     "..63...........1..82...1..79...4..1.3..297.........5.....51..8...4..8.3......26.."
///         .parse()?;
/// let (outcome, tree) = deepening::tree(&puzzle, &Options::default(), DEFAULT_MAX_NODES);
/// assert_eq!(outcome.found, 1);
/// assert!(tree.to_dot().starts_with("digraph search {"));
/// assert!(tree.to_svg().starts_with("<svg"));
/// # Ok::<(), sudokit::ParseError>(())
/// ```
pub fn tree(grid: &Grid, options: &Options, max_nodes: usize) -> (Outcome, Tree) {
    let mut tree = Tree::new(options, max_nodes);
    let outcome = trace(grid, options, &mut |event| {
        tree.record(event);
        ControlFlow::Continue(())
    });
    tree.finish(&outcome);
    (outcome, tree)
}

/// A position under search: the board and its pencil marks, kept in step.
#[derive(Clone, Copy)]
struct State {
    grid: Grid,
    candidates: Candidates,
}

impl State {
    fn new(grid: &Grid) -> State {
        State {
            grid: *grid,
            candidates: Candidates::from_grid(grid),
        }
    }

    fn place(&mut self, cell: Cell, digit: Digit) {
        self.grid.set(cell, Some(digit));
        self.candidates.place(cell, digit);
    }

    /// Applies `techniques` until none changes anything: every step of the
    /// first technique that finds one, then again from the simplest, as a
    /// human would. `false` when the position turns out contradictory.
    fn deepen(&mut self, techniques: &[Technique]) -> bool {
        loop {
            if self.is_contradictory() {
                return false;
            }
            let changed = techniques.iter().any(|&t| {
                let steps = logic::find_steps(t, &self.grid, &self.candidates);
                steps.iter().fold(false, |changed, step| {
                    step.apply(&mut self.grid, &mut self.candidates) | changed
                })
            });
            if !changed {
                return true;
            }
        }
    }

    /// An empty cell without candidates, or a house where a missing digit
    /// has no place left.
    fn is_contradictory(&self) -> bool {
        let stuck_cell = self
            .grid
            .empty_cells()
            .any(|c| self.candidates.get(c).is_empty());
        stuck_cell
            || HOUSE_CELLS.iter().any(|cells| {
                let covered = cells.iter().fold(0u16, |m, &c| {
                    let cell = Cell::new(c as usize).expect("c < 81");
                    let own = self.grid.get(cell).map_or(0, Digit::bit);
                    m | own | self.candidates.get(cell).bits()
                });
                covered != 0x1ff
            })
    }
}

/// The state of one search.
struct Search<'a> {
    options: &'a Options,
    /// The techniques deepening applies: `options.techniques`, less the
    /// uniqueness techniques on a puzzle that is not unique.
    techniques: Vec<Technique>,
    rng: Xoshiro256PlusPlus,
    on_event: &'a mut dyn FnMut(&Event<'_>) -> ControlFlow<()>,
    found: u64,
    stats: ClassicStats,
}

/// `techniques` without the uniqueness techniques unless `grid` is a valid
/// puzzle with exactly one solution (checked only when the list has some).
fn techniques_for(grid: &Grid, techniques: &[Technique]) -> Vec<Technique> {
    let needs_unique = techniques.iter().any(|t| t.assumes_uniqueness());
    if needs_unique && !(rules::validate(grid).is_ok() && engine::is_unique(grid)) {
        techniques
            .iter()
            .copied()
            .filter(|t| !t.assumes_uniqueness())
            .collect()
    } else {
        techniques.to_vec()
    }
}

impl Search<'_> {
    fn start(&mut self, grid: &Grid) -> Result<(), Stop> {
        if self.options.limits.solutions_reached(0) {
            return Err(Stop::SolutionLimit);
        }
        if rules::validate(grid).is_err() {
            self.stats.nodes = 0;
            return self.emit(&Event {
                iteration: 0,
                depth: 0,
                trial: None,
                candidates: DigitSet::EMPTY,
                before: grid,
                board: grid,
                verdict: Verdict::Failed,
            });
        }
        let mut root = State::new(grid);
        let ok = root.deepen(&self.techniques);
        let verdict = verdict(ok, &root);
        if verdict == Verdict::Failed {
            self.stats.dead_ends += 1;
        }
        self.emit(&Event {
            iteration: 0,
            depth: 0,
            trial: None,
            candidates: DigitSet::EMPTY,
            before: grid,
            board: &root.grid,
            verdict,
        })?;
        match verdict {
            Verdict::Open => self.explore(&root, 0),
            Verdict::Failed | Verdict::Solution => Ok(()),
        }
    }

    /// Tries every candidate of the selected cell of `state`, a position at
    /// `depth` trials below the root that is neither full nor contradictory.
    fn explore(&mut self, state: &State, depth: u64) -> Result<(), Stop> {
        let cell = self.select(state);
        let candidates = state.candidates.get(cell);
        for digit in candidates.iter() {
            if self
                .options
                .limits
                .iterations_reached(self.stats.iterations)
            {
                return Err(Stop::IterationLimit);
            }
            self.stats.iterations += 1;
            self.stats.nodes += 1;
            self.stats.max_depth = self.stats.max_depth.max(depth + 1);
            self.stats.peak_live_nodes = self.stats.peak_live_nodes.max(depth + 2);

            let mut child = *state;
            child.place(cell, digit);
            let ok = child.deepen(&self.techniques);
            let verdict = verdict(ok, &child);
            if verdict == Verdict::Failed {
                self.stats.dead_ends += 1;
            }
            self.emit(&Event {
                iteration: self.stats.iterations,
                depth: depth + 1,
                trial: Some((cell, digit)),
                candidates,
                before: &state.grid,
                board: &child.grid,
                verdict,
            })?;
            if verdict == Verdict::Open {
                self.explore(&child, depth + 1)?;
            }
        }
        Ok(())
    }

    /// Hands `event` over; `Err` when the caller or the solution limit
    /// stops the search.
    fn emit(&mut self, event: &Event<'_>) -> Result<(), Stop> {
        let solution = event.verdict == Verdict::Solution;
        self.found += u64::from(solution);
        if (self.on_event)(event).is_break() {
            return Err(Stop::Cancelled);
        }
        if solution && self.options.limits.solutions_reached(self.found) {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }

    fn select(&mut self, state: &State) -> Cell {
        let mut empty = state.grid.empty_cells();
        let cell = match self.options.select {
            Select::Next => empty.next(),
            // min_by_key keeps the first of equal elements: row-major ties.
            Select::Min => empty.min_by_key(|&c| state.candidates.get(c).len()),
            Select::Random => {
                let count = state.grid.empty_cells().count();
                let k = self.rng.random_range(0..count);
                empty.nth(k)
            }
        };
        cell.expect("explore is only called on a position with empty cells")
    }
}

fn verdict(ok: bool, state: &State) -> Verdict {
    if !ok {
        Verdict::Failed
    } else if state.grid.is_full() {
        Verdict::Solution
    } else {
        Verdict::Open
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::test_support::*;
    use crate::classic::{backtracking, branch_bound};
    use crate::engine;
    use proptest::prelude::*;
    use std::ops::ControlFlow;

    fn with(select: Select) -> Options {
        Options {
            select,
            ..Options::default()
        }
    }

    #[test]
    fn selects_parse_and_print() {
        for s in [Select::Next, Select::Min, Select::Random] {
            assert_eq!(s.to_string().parse(), Ok(s));
        }
        assert_eq!("MIN".parse(), Ok(Select::Min));
        assert!("best".parse::<Select>().unwrap_err().contains("'best'"));
    }

    #[test]
    fn every_strategy_finds_the_two_solutions_of_a_deadly_pattern() {
        let (puzzle, a, b) = deadly_pattern();
        for select in [Select::Next, Select::Min, Select::Random] {
            let r = solve(&puzzle, &with(select));
            assert_eq!(r.stop, Stop::Exhausted);
            assert_eq!(sorted(r.solutions.clone()), sorted(vec![a, b]));
            check_solutions(&puzzle, &r.solutions);
            // One guess, two trials, each solved by the singles.
            assert_eq!(r.stats.iterations, 2);
            assert_eq!(r.stats.dead_ends, 0);
        }
    }

    #[test]
    fn many_solutions_are_all_found_with_every_strategy_and_technique_set() {
        let puzzle = many_solutions();
        let expected = sorted(engine::solutions(&puzzle).collect());
        assert_eq!(expected.len(), MANY_COUNT);
        for select in [Select::Next, Select::Min, Select::Random] {
            let mut sets = vec![
                vec![],
                vec![Technique::NakedSingle],
                Technique::DEEPENING_DEFAULT.to_vec(),
            ];
            // Every technique (forcing chains at every node) once: it is slow.
            if select == Select::Min {
                sets.push(Technique::available().collect());
            }
            for techniques in sets {
                let options = Options {
                    select,
                    techniques,
                    ..Options::default()
                };
                let r = solve(&puzzle, &options);
                assert_eq!(r.stop, Stop::Exhausted);
                check_solutions(&puzzle, &r.solutions);
                assert_eq!(sorted(r.solutions), expected, "{options:?}");
            }
        }
    }

    #[test]
    fn clashing_givens_and_solved_grids() {
        let r = solve(&clashing(), &Options::default());
        assert!(r.solutions.is_empty());
        assert_eq!(r.stop, Stop::Exhausted);
        let g = solved();
        let r = solve(&g, &Options::default());
        assert_eq!(r.solutions, vec![g]);
        assert_eq!(r.stats.iterations, 0);
    }

    #[test]
    fn contradiction_found_by_deepening_alone() {
        // Row 1 lacks only 9, but column 9 already has a 9: no trial needed.
        let mut line = format!("12345678.{}", ".".repeat(72));
        line.replace_range(80..81, "9");
        let puzzle: Grid = line.parse().unwrap();
        let r = solve(&puzzle, &Options::default());
        assert!(r.solutions.is_empty());
        assert_eq!(r.stop, Stop::Exhausted);
        assert_eq!(r.stats.dead_ends, 1);
        assert_eq!(r.stats.iterations, 0);
    }

    #[test]
    fn limits_stop_at_exactly_n() {
        let puzzle = many_solutions();
        for n in [0, 1, 2, 10] {
            let options = Options {
                limits: Limits {
                    max_solutions: Some(n),
                    ..Limits::default()
                },
                ..Options::default()
            };
            let r = solve(&puzzle, &options);
            assert_eq!(r.solutions.len() as u64, n);
            assert_eq!(r.stop, Stop::SolutionLimit);
            check_solutions(&puzzle, &r.solutions);
        }
        let options = Options {
            limits: Limits {
                max_iterations: Some(7),
                ..Limits::default()
            },
            ..Options::default()
        };
        let r = solve(&puzzle, &options);
        assert_eq!(r.stop, Stop::IterationLimit);
        assert_eq!(r.stats.iterations, 7);
        check_solutions(&puzzle, &r.solutions);
    }

    #[test]
    fn random_is_reproducible_by_seed() {
        let puzzle = hard_puzzle();
        let run = |seed| {
            solve(
                &puzzle,
                &Options {
                    select: Select::Random,
                    seed,
                    ..Options::default()
                },
            )
        };
        let a = run(1);
        let b = run(1);
        assert_eq!(a.solutions, b.solutions);
        assert_eq!(a.stats.iterations, b.stats.iterations);
        assert_eq!(a.stats.dead_ends, b.stats.dead_ends);
        let iterations: Vec<u64> = (2..8).map(|s| run(s).stats.iterations).collect();
        assert!(
            iterations.iter().any(|&n| n != a.stats.iterations),
            "seeds all took {} iterations",
            a.stats.iterations
        );
    }

    #[test]
    fn min_needs_fewer_iterations_than_next_on_a_hard_puzzle() {
        let puzzle = hard_puzzle();
        let next = solve(&puzzle, &with(Select::Next));
        let min = solve(&puzzle, &with(Select::Min));
        assert_eq!(next.solutions, min.solutions);
        assert_eq!(next.solutions.len(), 1);
        assert!(
            min.stats.iterations < next.stats.iterations,
            "min {} next {}",
            min.stats.iterations,
            next.stats.iterations
        );
    }

    #[test]
    fn deepening_needs_fewer_iterations_than_backtracking() {
        let puzzle = easy_puzzle();
        let bt = backtracking::solve(&puzzle, Limits::default());
        let dp = solve(&puzzle, &Options::default());
        assert_eq!(bt.solutions, dp.solutions);
        assert!(dp.stats.iterations < bt.stats.iterations);
        assert!(dp.stats.peak_memory_bytes > 0);
    }

    #[test]
    fn dataset_samples_are_solved_by_all_searches() {
        let data = include_str!("../../../../tests/data/serg_benchmark_200.txt");
        for line in data.lines().take(3) {
            let puzzle: Grid = line.parse().unwrap();
            let fast: Vec<Grid> = engine::solutions(&puzzle).collect();
            let bt = backtracking::solve(&puzzle, Limits::default());
            let bb =
                branch_bound::solve(&puzzle, Limits::default(), branch_bound::DEFAULT_MEMORY_CAP);
            for select in [Select::Next, Select::Min, Select::Random] {
                let dp = solve(&puzzle, &with(select));
                assert_eq!(sorted(dp.solutions), sorted(fast.clone()));
            }
            assert_eq!(bt.solutions, bb.solutions);
            assert_eq!(sorted(bt.solutions.clone()), sorted(fast.clone()));
            check_solutions(&puzzle, &bt.solutions);
        }
    }

    /// Two solutions (a deadly rectangle left open, and more cells blanked):
    /// unique rectangle type 3 on the rectangle eliminates a digit of one of
    /// them. Deepening with every technique leaves the uniqueness techniques
    /// out and finds both; on a unique puzzle it keeps them.
    #[test]
    fn uniqueness_techniques_are_dropped_on_a_puzzle_with_several_solutions() {
        let puzzle: Grid =
            "4173698256.2.589..95.7..316..5.3716.7.15864..34691275.289643571.73291.84.64.7529."
                .parse()
                .unwrap();
        let solutions: Vec<Grid> = engine::solutions(&puzzle).collect();
        let expected = sorted(solutions.clone());
        assert_eq!(expected.len(), 2);
        let candidates = Candidates::from_grid(&puzzle);
        let ur = logic::find_steps(Technique::UniqueRectangle3, &puzzle, &candidates);
        let kills_a_solution = ur.iter().any(|step| {
            step.eliminations
                .iter()
                .any(|&(cell, digit)| solutions.iter().any(|s| s.get(cell) == Some(digit)))
        });
        assert!(
            kills_a_solution,
            "unguarded, UR3 would be wrong here: {ur:?}"
        );

        let all: Vec<Technique> = Technique::available().collect();
        assert_eq!(
            techniques_for(&puzzle, &all),
            all.iter()
                .copied()
                .filter(|t| !t.assumes_uniqueness())
                .collect::<Vec<_>>()
        );
        for select in [Select::Next, Select::Min, Select::Random] {
            let options = Options {
                select,
                techniques: all.clone(),
                ..Options::default()
            };
            let r = solve(&puzzle, &options);
            assert_eq!(r.stop, Stop::Exhausted);
            assert_eq!(sorted(r.solutions), expected, "{select}");
        }

        let unique: Grid =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap();
        assert_eq!(techniques_for(&unique, &all), all);
        let r = solve(
            &unique,
            &Options {
                techniques: all,
                ..Options::default()
            },
        );
        assert_eq!(
            r.solutions,
            engine::solve_one(&unique).into_iter().collect::<Vec<_>>()
        );
    }

    /// A search handing solutions to a callback.
    type Run<'a> = dyn Fn(&mut dyn FnMut(&Grid) -> ControlFlow<()>) -> Outcome + 'a;

    /// The three searches as one: every solution of `puzzle` streamed, each
    /// checked against the rules and the givens; `stop_after` breaks.
    fn stream_all(puzzle: &Grid, stop_after: Option<u64>) -> Vec<(Outcome, Vec<Grid>)> {
        let budget = branch_bound::MemoryBudget::new(branch_bound::DEFAULT_MEMORY_CAP);
        let runs: [&Run; 3] = [
            &|f| backtracking::search(puzzle, Limits::NONE, f),
            &|f| branch_bound::search(puzzle, Limits::NONE, &budget, f),
            &|f| search(puzzle, &Options::default(), f),
        ];
        runs.iter()
            .map(|run| {
                let mut seen = Vec::new();
                let outcome = run(&mut |g| {
                    assert!(rules::is_solution_of(g, puzzle), "{g}");
                    seen.push(*g);
                    if stop_after == Some(seen.len() as u64) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                });
                assert_eq!(outcome.found, seen.len() as u64);
                (outcome, seen)
            })
            .collect()
    }

    #[test]
    fn streamed_counts_match_the_engine_on_empty_rows() {
        for rows in 1..=4 {
            let mut puzzle = solved();
            for cell in Cell::all().filter(|c| c.row() < rows) {
                puzzle.set(cell, None);
            }
            let expected = sorted(engine::solutions(&puzzle).collect());
            for (outcome, seen) in stream_all(&puzzle, None) {
                assert_eq!(outcome.stop, Stop::Exhausted);
                assert_eq!(sorted(seen), expected, "{rows} empty rows");
            }
        }
    }

    #[test]
    fn break_after_k_gives_exactly_k() {
        let puzzle = many_solutions();
        for k in [1, 2, 50, 100] {
            for (outcome, seen) in stream_all(&puzzle, Some(k)) {
                assert_eq!((outcome.found, outcome.stop), (k, Stop::Cancelled));
                check_solutions(&puzzle, &seen);
            }
        }
        // The 101st, last, solution: the search was over anyway, but the
        // caller asked to stop.
        for (outcome, _) in stream_all(&puzzle, Some(101)) {
            assert_eq!((outcome.found, outcome.stop), (101, Stop::Cancelled));
        }
        // Break wins over a limit reached by the same solution.
        let options = Options {
            limits: Limits {
                max_solutions: Some(3),
                ..Limits::NONE
            },
            ..Options::default()
        };
        let mut n = 0;
        let outcome = search(&puzzle, &options, &mut |_| {
            n += 1;
            if n == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((outcome.found, outcome.stop), (3, Stop::Cancelled));
    }

    /// The empty grid: backtracking streams its solutions in lexicographic
    /// order, the first being the smallest sudoku; deepening with `next`
    /// finds them in the same order.
    #[test]
    fn the_empty_grid_streams_without_end() {
        const SMALLEST: &str =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let empty = Grid::empty();
        let mut firsts = Vec::new();
        let outcome = backtracking::search(&empty, Limits::NONE, &mut |g| {
            firsts.push(*g);
            if firsts.len() == 1000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!((outcome.found, outcome.stop), (1000, Stop::Cancelled));
        assert_eq!(firsts[0].to_line(), SMALLEST);
        assert!(firsts.windows(2).all(|w| w[0].to_line() < w[1].to_line()));
        check_solutions(&empty, &firsts);
        let mut k = 0;
        let outcome = search(&empty, &Options::default(), &mut |g| {
            assert_eq!(*g, firsts[k]);
            k += 1;
            if k == 1000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        assert_eq!(outcome.found, 1000);
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

        /// Backtracking and deepening with every strategy find the same set
        /// of solutions as the engine, on puzzles with 1 to 300 solutions.
        #[test]
        fn depth_first_searches_agree_with_the_engine(puzzle in blanked(40, 55)) {
            let expected: Vec<Grid> = engine::solutions(&puzzle).take(301).collect();
            prop_assume!(expected.len() <= 300);
            let expected = sorted(expected);

            let bt = backtracking::solve(&puzzle, Limits::default());
            check_solutions(&puzzle, &bt.solutions);
            prop_assert_eq!(bt.stop, Stop::Exhausted);
            prop_assert_eq!(&sorted(bt.solutions.clone()), &expected);

            for select in [Select::Next, Select::Min, Select::Random] {
                let dp = solve(&puzzle, &Options { select, seed: 7, ..Options::default() });
                check_solutions(&puzzle, &dp.solutions);
                prop_assert_eq!(dp.stop, Stop::Exhausted);
                prop_assert_eq!(&sorted(dp.solutions), &expected);
            }
            // Every technique, uniqueness ones included: the same solutions.
            // (Forcing chains at every node are slow: a few solutions make
            // the point, and keep the run short.)
            if expected.len() <= 20 {
                let techniques = Technique::available().collect();
                let dp = solve(&puzzle, &Options { select: Select::Min, techniques, ..Options::default() });
                prop_assert_eq!(&sorted(dp.solutions), &expected);
            }
        }

        /// Branch and bound, on puzzles of 35 clues or more, finds the
        /// solutions of backtracking in the same order, and the engine's set.
        #[test]
        fn branch_and_bound_agrees(puzzle in blanked(36, 46)) {
            prop_assert!(puzzle.clues() >= 35);
            let expected = sorted(engine::solutions(&puzzle).collect());
            let bb = branch_bound::solve(&puzzle, Limits::default(), branch_bound::DEFAULT_MEMORY_CAP);
            check_solutions(&puzzle, &bb.solutions);
            prop_assert_eq!(bb.stop, Stop::Exhausted);
            prop_assert_eq!(&sorted(bb.solutions.clone()), &expected);
            let bt = backtracking::solve(&puzzle, Limits::default());
            prop_assert_eq!(&bb.solutions, &bt.solutions);
            prop_assert_eq!(bb.stats.iterations, bt.stats.iterations);
        }
    }
}
