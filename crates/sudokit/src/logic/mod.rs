//! Human-style solving techniques.
//!
//! A technique looks at a grid and its candidates ([`Candidates`]) and finds
//! [`Step`]s: digits that must go in a cell, candidates that cannot be, and
//! the evidence for them. Each family of techniques has its own module
//! ([`singles`], ...); [`find_steps`] dispatches on the [`Technique`], which
//! names every technique of the project (implemented or not) so that command
//! lines are parsed and checked in one place. The deepening search of
//! [`crate::classic::deepening`] applies the chosen techniques after every
//! trial.
//!
//! ```
//! use sudokit::logic::{self, Technique};
//! let list = logic::parse_techniques("full-house, naked-single")?;
//! assert_eq!(list, [Technique::FullHouse, Technique::NakedSingle]);
//! assert_eq!(
//!     logic::parse_techniques("forcing-chain").unwrap_err(),
//!     "technique 'forcing-chain' is not available yet"
//! );
//! # Ok::<(), String>(())
//! ```

pub mod singles;
pub mod step;
pub mod technique;

pub use step::{Link, Step};
pub use technique::{Technique, parse_techniques};

use crate::candidates::Candidates;
use crate::grid::Grid;

/// Every step of `technique` on `grid` with `candidates`, in row-major order
/// of the cells involved. Empty for a technique that is not available yet.
///
/// The steps are all found on the same position: applying one may make
/// another stale (see [`Step::apply`]).
pub fn find_steps(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    match technique {
        Technique::FullHouse => singles::full_houses(grid, candidates),
        Technique::NakedSingle => singles::naked_singles(grid, candidates),
        Technique::HiddenSingle => singles::hidden_singles(grid, candidates),
        _ => Vec::new(),
    }
}
