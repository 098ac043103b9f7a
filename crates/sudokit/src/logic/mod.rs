//! Human-style solving techniques.
//!
//! A technique looks at a grid and its candidates ([`Candidates`]) and finds
//! [`Step`]s: digits that must go in a cell, candidates that cannot be. For
//! now only the singles exist ([`singles`]); they are what the deepening
//! search of [`crate::classic::deepening`] applies after every trial. The
//! [`Technique`] enum already names every technique of the project so that
//! command lines can be parsed and checked in one place.
//!
//! ```
//! use sudokit::logic::{self, Technique};
//! let list = logic::parse_techniques("full-house, naked-single")?;
//! assert_eq!(list, [Technique::FullHouse, Technique::NakedSingle]);
//! assert_eq!(
//!     logic::parse_techniques("x-wing").unwrap_err(),
//!     "technique 'x-wing' is not available yet"
//! );
//! # Ok::<(), String>(())
//! ```

pub mod singles;
pub mod step;

pub use step::Step;

use crate::candidates::Candidates;
use crate::grid::Grid;
use std::fmt;
use std::str::FromStr;

/// A solving technique, named on the command line in kebab-case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// The last empty cell of a house gets the missing digit.
    FullHouse,
    /// A cell with a single candidate.
    NakedSingle,
    /// A digit with a single place in a house.
    HiddenSingle,
    /// Pointing and claiming: a digit of a box confined to one line, or of a
    /// line confined to one box.
    LockedCandidates,
    /// Two cells of a house with the same two candidates.
    NakedPair,
    /// Two digits confined to the same two cells of a house.
    HiddenPair,
    /// Three cells of a house with three candidates among them.
    NakedTriple,
    /// Three digits confined to three cells of a house.
    HiddenTriple,
    /// Four cells of a house with four candidates among them.
    NakedQuad,
    /// Four digits confined to four cells of a house.
    HiddenQuad,
    /// Basic fish of size 2.
    XWing,
    /// Basic fish of size 3.
    Swordfish,
    /// Basic fish of size 4.
    Jellyfish,
    /// Three bivalue cells: pivot `xy`, pincers `xz` and `yz`.
    XyWing,
    /// XY-wing whose pivot also holds `z`.
    XyzWing,
    /// Two equal bivalue cells joined by a strong link.
    WWing,
    /// Two conjugate pairs in parallel lines sharing one end line.
    Skyscraper,
    /// A row and a column conjugate pair joined in a box.
    TwoStringKite,
    /// A chain of three strong and weak links on one digit.
    TurbotFish,
    /// A box whose candidates for a digit lie on one row and one column.
    EmptyRectangle,
    /// A chain of identical bivalue cells.
    RemotePair,
    /// Avoiding the deadly pattern of four cells in two boxes.
    UniqueRectangle,
    /// Bivalue universal grave plus one.
    BugPlusOne,
    /// A fish with extra candidates in one box.
    FinnedFish,
    /// Two-colouring the conjugate pairs of one digit.
    SimpleColoring,
    /// An alternating chain on one digit.
    XChain,
    /// A chain of bivalue cells.
    XyChain,
    /// Alternating inference chain.
    Aic,
    /// Two almost locked sets with a restricted common candidate.
    AlsXz,
    /// Every choice of a cell or house leads to the same conclusion.
    ForcingChain,
}

impl Technique {
    /// Every technique, from the simplest.
    pub const ALL: [Technique; 30] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::LockedCandidates,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::RemotePair,
        Technique::UniqueRectangle,
        Technique::BugPlusOne,
        Technique::FinnedFish,
        Technique::SimpleColoring,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::AlsXz,
        Technique::ForcingChain,
    ];

    /// The techniques that deepening applies unless told otherwise: the singles.
    pub const DEEPENING_DEFAULT: [Technique; 3] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingle,
    ];

    /// The kebab-case name used on the command line and in JSON.
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "full-house",
            Technique::NakedSingle => "naked-single",
            Technique::HiddenSingle => "hidden-single",
            Technique::LockedCandidates => "locked-candidates",
            Technique::NakedPair => "naked-pair",
            Technique::HiddenPair => "hidden-pair",
            Technique::NakedTriple => "naked-triple",
            Technique::HiddenTriple => "hidden-triple",
            Technique::NakedQuad => "naked-quad",
            Technique::HiddenQuad => "hidden-quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::XyzWing => "xyz-wing",
            Technique::WWing => "w-wing",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string-kite",
            Technique::TurbotFish => "turbot-fish",
            Technique::EmptyRectangle => "empty-rectangle",
            Technique::RemotePair => "remote-pair",
            Technique::UniqueRectangle => "unique-rectangle",
            Technique::BugPlusOne => "bug-plus-one",
            Technique::FinnedFish => "finned-fish",
            Technique::SimpleColoring => "simple-coloring",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "aic",
            Technique::AlsXz => "als-xz",
            Technique::ForcingChain => "forcing-chain",
        }
    }

    /// Whether the technique is implemented yet ([`find_steps`] finds
    /// nothing for the others).
    pub const fn is_available(self) -> bool {
        matches!(
            self,
            Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Technique {
    type Err = String;

    /// Parses a kebab-case name (case-insensitive); `_` is taken for `-`.
    fn from_str(s: &str) -> Result<Technique, String> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Technique::ALL
            .into_iter()
            .find(|t| t.name() == wanted)
            .ok_or_else(|| format!("unknown technique '{}'", s.trim()))
    }
}

/// Parses a comma-separated list of technique names, such as
/// `"full-house,naked-single"`, keeping the order given and dropping repeats.
///
/// Spaces around names and empty items are ignored, so `""` is the empty
/// list. Errors name the culprit: `unknown technique 'foo'`, or
/// `technique 'x-wing' is not available yet` for a technique that exists but
/// is not implemented.
pub fn parse_techniques(list: &str) -> Result<Vec<Technique>, String> {
    let mut out = Vec::new();
    for item in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let t: Technique = item.parse()?;
        if !t.is_available() {
            return Err(format!("technique '{t}' is not available yet"));
        }
        if !out.contains(&t) {
            out.push(t);
        }
    }
    Ok(out)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_unique() {
        for t in Technique::ALL {
            assert_eq!(t.name().parse::<Technique>(), Ok(t));
            assert_eq!(t.to_string(), t.name());
            assert_eq!(
                Technique::ALL
                    .iter()
                    .filter(|u| u.name() == t.name())
                    .count(),
                1
            );
        }
        assert_eq!("Hidden_Single".parse(), Ok(Technique::HiddenSingle));
    }

    #[test]
    fn parse_lists() {
        assert_eq!(
            parse_techniques("hidden-single, full-house,,hidden-single"),
            Ok(vec![Technique::HiddenSingle, Technique::FullHouse])
        );
        assert_eq!(parse_techniques(""), Ok(vec![]));
        assert_eq!(
            parse_techniques("naked-single,foo"),
            Err("unknown technique 'foo'".to_string())
        );
        assert_eq!(
            parse_techniques("swordfish"),
            Err("technique 'swordfish' is not available yet".to_string())
        );
        assert!(
            Technique::DEEPENING_DEFAULT
                .iter()
                .all(|t| t.is_available())
        );
    }
}
