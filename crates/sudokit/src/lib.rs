//! # sudokit
//!
//! A Sudoku toolkit: a grid model with the common text formats, the classic
//! search algorithms of the source documents (backtracking, branch and bound,
//! backtracking with deepening, with traces and search trees), and a fast
//! engine for solving, counting and uniqueness.
//!
//! ```
//! use sudokit::{engine, rules, Grid};
//!
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
//!         .parse()?;
//! let solution = engine::solve_one(&puzzle).expect("solvable");
//! assert!(rules::is_solution_of(&solution, &puzzle));
//! assert!(engine::is_unique(&puzzle));
//! # Ok::<(), sudokit::ParseError>(())
//! ```
#![warn(missing_docs)]
// A caller reads from the docs what can fail: every public function that
// returns a `Result` says when it errs, and one that can panic says when.
#![warn(clippy::missing_errors_doc, clippy::missing_panics_doc)]

pub mod candidates;
pub mod cell_set;
pub mod classic;
pub mod draw;
pub mod engine;
pub mod error;
pub mod format;
pub mod generate;
pub mod grade;
pub mod grid;
pub mod logic;
pub mod marked;
#[cfg(feature = "json")]
pub mod report;
pub mod rules;
pub mod verdict;

pub use candidates::{Candidates, DigitSet};
pub use cell_set::CellSet;
pub use error::{MarkFault, ParseError, ParseErrorKind, RuleError};
pub use format::Puzzle;
pub use grid::{Cell, Digit, Grid, House, Index9};
pub use marked::MarkedGrid;

/// The README's Rust examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
