//! Human-style solving techniques.
//!
//! A technique looks at a grid and its candidates ([`Candidates`]) and finds
//! [`Step`]s: digits that must go in a cell, candidates that cannot be, and
//! the evidence for them. Each family of techniques ([`Family`]) has its own
//! module ([`singles`], ...); [`find_steps`] dispatches on the family of the
//! [`Technique`], which
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
//!     logic::parse_techniques("kraken").unwrap_err(),
//!     "unknown technique 'kraken'"
//! );
//! # Ok::<(), String>(())
//! ```

pub mod als;
mod barren_digits;
mod barren_houses;
pub mod chains;
pub mod coloring;
mod components;
pub mod exclusion;
pub mod explain;
pub mod facts;
pub mod fish;
pub mod forcing;
pub mod intersections;
pub mod last_resort;
pub(crate) mod links;
mod memo;
pub mod se_chains;
pub mod single_digit;
pub mod singles;
pub mod singles_queue;
pub mod solver;
pub mod step;
pub mod subsets;
pub mod technique;
pub mod uniqueness;
pub mod wings;

#[cfg(test)]
mod soundness;

pub use facts::{Facts, Level};
pub use step::{Chain, Link, Node, NodeKind, Step};
pub use technique::{Family, GROUPS, Group, Technique, parse_named_techniques, parse_techniques};

use crate::candidates::Candidates;
use crate::grid::Grid;

/// Every step of `technique` on `grid` with `candidates`, in row-major order
/// of the cells involved. Empty for a technique that is not available yet.
///
/// The steps are all found on the same position: applying one may make
/// another stale (see [`Step::apply`]).
///
/// Uniqueness techniques ([`Technique::assumes_uniqueness`]) assume the
/// puzzle has exactly one solution; on a puzzle with several they can
/// eliminate real solutions. The human-style solver refuses such puzzles and
/// deepening leaves these techniques out on them.
pub fn find_steps(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    match technique.family() {
        Family::Singles => match technique {
            Technique::FullHouse => singles::full_houses(grid, candidates),
            Technique::NakedSingle => singles::naked_singles(grid, candidates),
            _ => singles::hidden_singles(grid, candidates),
        },
        Family::Intersections => intersections::find(technique, grid, candidates),
        Family::Subsets => subsets::find(technique, grid, candidates),
        Family::Fish => fish::find(technique, grid, candidates),
        Family::SingleDigit => single_digit::find(technique, grid, candidates),
        Family::Wings => wings::find(technique, grid, candidates),
        Family::Chains => chains::find(technique, grid, candidates),
        Family::Uniqueness => uniqueness::find(technique, grid, candidates),
        Family::Coloring => coloring::find(technique, grid, candidates),
        Family::Als => als::find(technique, grid, candidates),
        Family::Forcing => forcing::find(technique, grid, candidates),
        Family::Exclusion => exclusion::find(technique, grid, candidates),
        Family::SeChains => se_chains::find(technique, grid, candidates),
        Family::LastResort => last_resort::find(technique, grid, candidates),
    }
}

/// HoDoKu's preference among steps of techniques that share one solver
/// index (smaller first): the sort of the one HoDoKu solver that finds
/// them all. Families without such techniques leave the order as found.
pub(crate) fn hodoku_key(step: &Step) -> [i64; 4] {
    match step.technique.family() {
        Family::Chains => chains::hodoku_key(step),
        Family::Forcing => forcing::hodoku_key(step),
        Family::Coloring => coloring::hodoku_key(step),
        _ => [0; 4],
    }
}

/// Whether `technique` is implemented: its family module lists it.
pub(crate) fn implemented(technique: Technique) -> bool {
    let family: &[Technique] = match technique.family() {
        Family::Singles => singles::IMPLEMENTED,
        Family::Intersections => intersections::IMPLEMENTED,
        Family::Subsets => subsets::IMPLEMENTED,
        Family::Fish => fish::IMPLEMENTED,
        Family::SingleDigit => single_digit::IMPLEMENTED,
        Family::Wings => wings::IMPLEMENTED,
        Family::Chains => chains::IMPLEMENTED,
        Family::Uniqueness => uniqueness::IMPLEMENTED,
        Family::Coloring => coloring::IMPLEMENTED,
        Family::Als => als::IMPLEMENTED,
        Family::Forcing => forcing::IMPLEMENTED,
        Family::Exclusion => exclusion::IMPLEMENTED,
        Family::SeChains => se_chains::IMPLEMENTED,
        Family::LastResort => last_resort::IMPLEMENTED,
    };
    family.contains(&technique)
}
