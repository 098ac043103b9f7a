//! The algorithm chosen with `--algorithm`, behind one call: run a search for
//! up to N solutions and report what it found, why it stopped, and its stats.

use crate::cli::{self, Algorithm, AlgorithmArgs};
use crate::output::Stats;
use anyhow::{Context, bail};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};
use sudokit::classic::branch_bound::MemoryBudget;
use sudokit::classic::{self, Limits, Stop, deepening};
use sudokit::{Candidates, Grid, engine};

/// A validated choice of algorithm and its options.
#[derive(Clone, Debug)]
pub struct Search {
    algorithm: Algorithm,
    deepening: deepening::Options,
    max_iterations: Option<u64>,
    /// Branch and bound's `--max-memory`, one for the whole process: every
    /// search on every thread draws on it.
    budget: Arc<MemoryBudget>,
    /// Whether the fast engine's searches are timed (for `--stats`): two
    /// clock reads per puzzle are a few percent of a 2 µs search.
    timed: bool,
}

/// What a search found (its solutions went to the caller one by one).
#[derive(Debug)]
pub struct Found {
    /// How many solutions it found.
    pub found: u64,
    /// Why the search stopped.
    pub stop: Stop,
    /// Its statistics.
    pub stats: Stats,
}

impl Search {
    /// Checks that every flag applies to the chosen algorithm.
    pub fn new(args: &AlgorithmArgs) -> anyhow::Result<Search> {
        let algorithm = args.algorithm;
        let name = algorithm_name(algorithm);
        let deepening_only = [
            ("--select", args.select.is_some()),
            ("--seed", args.seed.is_some()),
            ("--techniques", args.techniques.is_some()),
        ];
        for (flag, given) in deepening_only {
            if given && algorithm != Algorithm::Deepening {
                bail!("{flag} applies only to --algorithm deepening, not {name}");
            }
        }
        if args.max_iterations.is_some() && algorithm == Algorithm::Fast {
            bail!("--max-iterations applies only to the classic algorithms, not fast");
        }
        if args.max_memory.is_some() && algorithm != Algorithm::BranchAndBound {
            bail!("--max-memory applies only to --algorithm branch-and-bound, not {name}");
        }
        let deepening = deepening_options(
            args.select.unwrap_or(cli::Select::Next),
            args.seed.unwrap_or(0),
            args.techniques.as_deref(),
        )?;
        let memory_cap = match args.max_memory {
            None => classic::branch_bound::DEFAULT_MEMORY_CAP,
            Some(0) => bail!("--max-memory must be at least 1 MiB"),
            Some(mib) => mib
                .checked_mul(1 << 20)
                .context("--max-memory is too large")?,
        };
        Ok(Search {
            algorithm,
            deepening,
            max_iterations: args.max_iterations,
            budget: Arc::new(MemoryBudget::new(memory_cap)),
            timed: false,
        })
    }

    /// Times the fast engine's searches when `on` (the classic algorithms
    /// always time themselves).
    pub fn timed(self, on: bool) -> Search {
        Search { timed: on, ..self }
    }

    /// Whether this is the fast engine (cheap enough to probe for a second solution).
    pub fn is_fast(&self) -> bool {
        self.algorithm == Algorithm::Fast
    }

    /// The chosen algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// The iteration limit, for messages.
    pub fn max_iterations(&self) -> Option<u64> {
        self.max_iterations
    }

    /// Searches `grid` (whose givens do not clash) for up to `max` solutions,
    /// or every one with `None`, handing each to `on_solution` as it is
    /// found; `Break` stops the search (`Stop::Cancelled`). With `marks`
    /// (the fast engine only: see [`Search::takes_marks`]) every empty cell
    /// takes one of its marks.
    pub fn run(
        &self,
        grid: &Grid,
        marks: Option<&Candidates>,
        max: Option<u64>,
        on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
    ) -> Found {
        let limits = Limits {
            max_solutions: max,
            max_iterations: self.max_iterations,
        };
        let outcome = match self.algorithm {
            Algorithm::Fast => return fast(grid, marks, max, self.timed, on_solution),
            Algorithm::Backtracking => classic::backtracking::search(grid, limits, on_solution),
            Algorithm::BranchAndBound => {
                classic::branch_bound::search(grid, limits, &self.budget, on_solution)
            }
            Algorithm::Deepening => {
                let options = deepening::Options {
                    limits,
                    ..self.deepening.clone()
                };
                deepening::search(grid, &options, on_solution)
            }
        };
        Found {
            found: outcome.found,
            stop: outcome.stop,
            stats: Stats::Classic(outcome.stats),
        }
    }

    /// Whether the algorithm searches under pencil marks (the fast engine;
    /// the classic algorithms are the source documents', on digits only).
    pub fn takes_marks(&self) -> bool {
        self.is_fast()
    }

    /// Counts the solutions of `grid` (whose givens do not clash) up to
    /// `limit`, without keeping them; with `marks` as [`Search::run`].
    pub fn count(&self, grid: &Grid, marks: Option<&Candidates>, limit: u64) -> Found {
        if self.algorithm == Algorithm::Fast {
            let start = self.timed.then(Instant::now);
            let (found, stats) = match marks {
                Some(marks) => engine::count_with_candidates_stats(grid, marks, limit),
                None => engine::count_with_stats(grid, limit),
            };
            let stop = if found >= limit {
                Stop::SolutionLimit
            } else {
                Stop::Exhausted
            };
            return Found {
                found,
                stop,
                stats: Stats::Fast {
                    stats,
                    time: start.map_or(Duration::ZERO, |s| s.elapsed()),
                },
            };
        }
        self.run(grid, marks, Some(limit), &mut |_| ControlFlow::Continue(()))
    }
}

/// The fast engine, stopping after `max` solutions.
fn fast(
    grid: &Grid,
    marks: Option<&Candidates>,
    max: Option<u64>,
    timed: bool,
    on_solution: &mut dyn FnMut(&Grid) -> ControlFlow<()>,
) -> Found {
    let start = timed.then(Instant::now);
    let mut all = match marks {
        Some(marks) => engine::solutions_with_candidates(grid, marks),
        None => engine::solutions(grid),
    };
    let mut found = 0;
    let mut stop = Stop::Exhausted;
    loop {
        if max.is_some_and(|m| found >= m) {
            stop = Stop::SolutionLimit;
            break;
        }
        match all.next() {
            Some(g) => {
                found += 1;
                if on_solution(&g).is_break() {
                    stop = Stop::Cancelled;
                    break;
                }
            }
            None => break,
        }
    }
    Found {
        found,
        stop,
        stats: Stats::Fast {
            stats: all.stats(),
            time: start.map_or(Duration::ZERO, |s| s.elapsed()),
        },
    }
}

/// Options of deepening from the command line's select, seed and techniques.
pub fn deepening_options(
    select: cli::Select,
    seed: u64,
    techniques: Option<&str>,
) -> anyhow::Result<deepening::Options> {
    let mut options = deepening::Options {
        select: match select {
            cli::Select::Next => deepening::Select::Next,
            cli::Select::Min => deepening::Select::Min,
            cli::Select::Random => deepening::Select::Random,
        },
        seed,
        ..deepening::Options::default()
    };
    if let Some(list) = techniques {
        options.techniques = crate::commands::techniques::parse_list(list)?;
    }
    Ok(options)
}

/// The name of an algorithm as written on the command line.
pub fn algorithm_name(a: Algorithm) -> &'static str {
    match a {
        Algorithm::Fast => "fast",
        Algorithm::Backtracking => "backtracking",
        Algorithm::BranchAndBound => "branch-and-bound",
        Algorithm::Deepening => "deepening",
    }
}

/// The error for a search cut short by a resource limit, or `None` when it
/// stopped for a good reason. `found` is how many solutions it had by then.
pub fn stop_error(stop: Stop, found: u64, iterations: Option<u64>) -> Option<String> {
    match stop {
        Stop::Exhausted | Stop::SolutionLimit | Stop::Cancelled => None,
        Stop::IterationLimit => {
            let limit = iterations.map_or(String::new(), |n| format!(" ({n})"));
            Some(if found == 0 {
                format!("iteration limit{limit} reached before any solution")
            } else {
                format!(
                    "iteration limit{limit} reached after {found} solution(s); the search is incomplete"
                )
            })
        }
        Stop::MemoryCap {
            cap_bytes,
            live_nodes,
        } => Some(format!(
            "branch and bound hit its memory cap of {} with {live_nodes} live nodes; \
             try --algorithm deepening or fast, or raise --max-memory",
            mib(cap_bytes)
        )),
    }
}

/// A memory size as `--max-memory` takes it, in MiB when it is a whole number of them.
fn mib(bytes: u64) -> String {
    if bytes % (1 << 20) == 0 {
        format!("{} MiB", bytes >> 20)
    } else {
        crate::output::bytes(bytes)
    }
}
