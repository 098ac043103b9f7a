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

pub mod chains;
pub mod coloring;
pub mod explain;
pub mod fish;
pub mod intersections;
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
    use Technique as T;
    match technique {
        T::FullHouse => singles::full_houses(grid, candidates),
        T::NakedSingle => singles::naked_singles(grid, candidates),
        T::HiddenSingle => singles::hidden_singles(grid, candidates),
        T::LockedCandidatesPointing
        | T::LockedCandidatesClaiming
        | T::LockedPair
        | T::LockedTriple => intersections::find(technique, grid, candidates),
        T::NakedPair
        | T::NakedTriple
        | T::NakedQuad
        | T::HiddenPair
        | T::HiddenTriple
        | T::HiddenQuad => subsets::find(technique, grid, candidates),
        T::XWing | T::Swordfish | T::Jellyfish | T::FinnedXWing | T::SashimiXWing => {
            fish::find(technique, grid, candidates)
        }
        T::Skyscraper | T::TwoStringKite | T::EmptyRectangle | T::TurbotFish => {
            single_digit::find(technique, grid, candidates)
        }
        T::XyWing | T::XyzWing | T::WWing => wings::find(technique, grid, candidates),
        T::RemotePair | T::XChain | T::XyChain => chains::find(technique, grid, candidates),
        T::UniqueRectangle1
        | T::UniqueRectangle2
        | T::UniqueRectangle3
        | T::UniqueRectangle4
        | T::UniqueRectangle5
        | T::UniqueRectangle6
        | T::HiddenRectangle
        | T::AvoidableRectangle1
        | T::AvoidableRectangle2
        | T::BugPlusOne => uniqueness::find(technique, grid, candidates),
        T::SimpleColorsTrap | T::SimpleColorsWrap | T::MultiColors1 | T::MultiColors2 => {
            coloring::find(technique, grid, candidates)
        }
        T::Aic | T::AlsXz | T::ForcingChain => Vec::new(),
    }
}

/// Whether `technique` is implemented: its family module lists it.
pub(crate) fn implemented(technique: Technique) -> bool {
    [
        singles::IMPLEMENTED,
        intersections::IMPLEMENTED,
        subsets::IMPLEMENTED,
        fish::IMPLEMENTED,
        single_digit::IMPLEMENTED,
        wings::IMPLEMENTED,
        chains::IMPLEMENTED,
        uniqueness::IMPLEMENTED,
        coloring::IMPLEMENTED,
    ]
    .iter()
    .any(|family| family.contains(&technique))
}
