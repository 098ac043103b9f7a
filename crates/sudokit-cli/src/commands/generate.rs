//! `sudokit generate`: puzzles with a unique solution, symmetric or
//! minimal, of a level, with a technique, with few clues.
//!
//! Puzzle `i` is generated from its own seed, `S + i` for the run seed `S`
//! ([`generate::puzzle_seed`]), on whichever thread; results are printed in
//! index order, so the output depends on `--seed` and the options only.
//! With fewer puzzles than threads, the attempts of each puzzle are spread
//! over the threads instead ([`generate::generate_in_rounds`]), which gives
//! the same puzzles.

use crate::batch::Bar;
use crate::cli::{Format, GenerateArgs, LevelArg, SymmetryArg};
use crate::commands::human::insert_grade;
use crate::output;
use rayon::prelude::*;
use serde_json::Map;
use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use sudokit::generate::{self, GenerateError, Generated, Options, Symmetry};
use sudokit::grade::Level;

/// Runs `generate`.
pub fn run(args: &GenerateArgs) -> anyhow::Result<ExitCode> {
    let options = Options {
        symmetry: symmetry(args.symmetry),
        minimal: args.minimal,
        level: args.level.map(level),
        technique: args.technique.clone(),
        max_clues: args.clues,
        rating: args.rating,
        timeout: Some(args.timeout),
        max_attempts: None,
    };
    let run_seed = args.seed.unwrap_or_else(random_seed);
    crate::with_threads(args.threads, || produce(args, &options, run_seed))
}

fn level(l: LevelArg) -> Level {
    match l {
        LevelArg::Easy => Level::Easy,
        LevelArg::Medium => Level::Medium,
        LevelArg::Hard => Level::Hard,
        LevelArg::Unfair => Level::Unfair,
        LevelArg::Extreme => Level::Extreme,
    }
}

fn symmetry(s: SymmetryArg) -> Symmetry {
    match s {
        SymmetryArg::None => Symmetry::None,
        SymmetryArg::Rotate180 => Symmetry::Rotate180,
        SymmetryArg::Rotate90 => Symmetry::Rotate90,
        SymmetryArg::MirrorHorizontal => Symmetry::MirrorHorizontal,
        SymmetryArg::MirrorVertical => Symmetry::MirrorVertical,
        SymmetryArg::Diagonal => Symmetry::Diagonal,
        SymmetryArg::AntiDiagonal => Symmetry::AntiDiagonal,
        SymmetryArg::BothMirrors => Symmetry::BothMirrors,
        SymmetryArg::BothDiagonals => Symmetry::BothDiagonals,
        SymmetryArg::Dihedral => Symmetry::Dihedral,
    }
}

/// A run seed from the operating system's randomness (through std's hash
/// keys: no extra dependency).
fn random_seed() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// Generates the puzzles chunk by chunk on the pool, printing each chunk in
/// index order as soon as it is complete.
fn produce(args: &GenerateArgs, options: &Options, run_seed: u64) -> anyhow::Result<ExitCode> {
    let stop = AtomicBool::new(false);
    let bar = Bar::for_slow_items(usize::try_from(args.count).unwrap_or(usize::MAX));
    let threads = rayon::current_num_threads() as u64;
    // Fewer puzzles than threads: the attempts of each puzzle share the
    // threads instead (the same puzzles come out, see generate_in_rounds).
    let split_attempts = args.count < threads;
    // A climbing attempt takes seconds: rounds of one per thread keep the
    // timeout close.
    let round = if options.climbs() {
        threads
    } else {
        threads * 4
    };
    let make = |i: u64| {
        let seed = generate::puzzle_seed(run_seed, i);
        let stopped = || stop.load(Ordering::Relaxed);
        let result = if split_attempts {
            generate::generate_in_rounds(options, round, stopped, |attempts| {
                attempts
                    .into_par_iter()
                    .find_map_first(|k| generate::try_attempt(options, seed, k))
            })
        } else {
            generate::generate_until(options, seed, stopped)
        };
        if result.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        bar.advance(1);
        result
    };
    let chunk = (threads * 16).max(16);
    let mut stdout = io::BufWriter::new(crate::output::stdout());
    let mut start = 0;
    while start < args.count {
        let end = start.saturating_add(chunk).min(args.count);
        let results: Vec<Result<Generated, GenerateError>> = if split_attempts {
            (start..end).map(make).collect()
        } else {
            (start..end).into_par_iter().map(make).collect()
        };
        let first_error = results.iter().position(Result::is_err);
        let written = bar.suspend(|| -> io::Result<()> {
            for g in results.iter().take(first_error.unwrap_or(results.len())) {
                let g = g.as_ref().expect("before the first error");
                stdout.write_all(text(g, args.format).as_bytes())?;
            }
            stdout.flush()
        });
        match written {
            Ok(()) => {}
            // The reader went away (`| head`): a normal end, not an error.
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
            Err(e) => return Err(e.into()),
        }
        if first_error.is_some() {
            bar.finish();
            // The puzzle that failed (others were only stopped because of it).
            let error = results
                .iter()
                .filter_map(|r| r.as_ref().err())
                .find(|e| **e != GenerateError::Stopped)
                .unwrap_or(&GenerateError::Stopped);
            let _ = writeln!(io::stderr(), "sudokit: {error}");
            return Ok(ExitCode::from(1));
        }
        start = end;
    }
    bar.finish();
    Ok(ExitCode::SUCCESS)
}

/// One puzzle in the chosen format, with its trailing newline(s).
fn text(g: &Generated, format: Format) -> String {
    match format {
        Format::Line | Format::Grid => output::grid_text(&g.puzzle, format),
        Format::Json => {
            let mut obj = Map::new();
            obj.insert("puzzle".into(), g.puzzle.to_line().into());
            obj.insert("solution".into(), g.solution.to_line().into());
            obj.insert("clues".into(), g.puzzle.clues().into());
            insert_grade(&mut obj, &g.grade);
            obj.insert("seed".into(), g.seed.into());
            obj.insert("attempts".into(), g.attempts.into());
            output::json_line(obj)
        }
    }
}
