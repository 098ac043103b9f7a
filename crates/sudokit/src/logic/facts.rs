//! [`Facts`]: the numbers of each technique, one row per technique in
//! [`Technique::facts`](crate::logic::Technique::facts), read by the solver
//! (its order), the grader (scores, levels, ratings) and `sudokit
//! techniques`.
//!
//! - HoDoKu's solver index, base score, level and default set come from
//!   HoDoKu 2.x's default configuration (`Options.DEFAULT_SOLVER_STEPS` in
//!   `src/sudoku/Options.java`, e.g. github:1to9only/HoDoKu); the level
//!   thresholds from its `DifficultyLevel` defaults (Easy ≤ 800, Medium ≤
//!   1000, Hard ≤ 1600, Unfair ≤ 1800, Extreme above).
//! - The ratings are Sudoku Explainer 1.2.1's (its hint classes'
//!   `getDifficulty`). Techniques that SE does not have get the rating of
//!   the SE technique that finds the same deduction, marked as an
//!   approximation ([`SeFacts::exact`] is `false`).
//! - Techniques that only SE has come after HoDoKu's forcing nets in the
//!   solver's order, by rating; the HoDoKu-style score counts a step of
//!   theirs as HoDoKu's brute force, which HoDoKu would have used there.

use crate::logic::technique::Family;
use std::fmt;

/// HoDoKu's difficulty levels, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Singles only (score ≤ 800).
    Easy,
    /// Intersections and subsets (score ≤ 1000).
    Medium,
    /// Fish, wings, single-digit patterns, uniqueness, coloring (≤ 1600).
    Hard,
    /// Chains and ALS (≤ 1800).
    Unfair,
    /// Beyond: forcing chains, or not solved by the techniques at hand.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The highest score a puzzle of this level may have (HoDoKu's defaults).
    pub const fn max_score(self) -> u32 {
        match self {
            Level::Easy => 800,
            Level::Medium => 1000,
            Level::Hard => 1600,
            Level::Unfair => 1800,
            Level::Extreme => u32::MAX,
        }
    }

    /// The lowercase name: `easy`, `medium`, `hard`, `unfair`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The next harder level (Extreme stays Extreme).
    pub const fn next(self) -> Level {
        match self {
            Level::Easy => Level::Medium,
            Level::Medium => Level::Hard,
            Level::Hard => Level::Unfair,
            Level::Unfair | Level::Extreme => Level::Extreme,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Level {
    type Err = String;

    /// Parses a level name (case-insensitive).
    fn from_str(s: &str) -> Result<Level, String> {
        let wanted = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|l| l.name() == wanted)
            .ok_or_else(|| format!("unknown level '{}'", s.trim()))
    }
}

/// HoDoKu's numbers for one of its techniques.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HodokuFacts {
    /// The base score, added once per step.
    pub score: u32,
    /// The technique's level.
    pub level: Level,
}

/// Sudoku Explainer's rating of a technique.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeFacts {
    /// The rating of the plain technique (direct variants, types and chain
    /// lengths adjust it, see [`crate::grade::se_rating`]).
    pub rating: f64,
    /// Whether the rating is SE's own (`false`: an approximation for a
    /// technique SE does not have).
    pub exact: bool,
}

/// One technique's row of the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Facts {
    /// The module of [`crate::logic`] that finds it.
    pub family: Family,
    /// The solver's order: HoDoKu's index for HoDoKu's techniques (lower
    /// is tried first), after HoDoKu's forcing nets for SE's own.
    pub order: u32,
    /// HoDoKu's numbers, if HoDoKu has the technique.
    pub hodoku: Option<HodokuFacts>,
    /// SE's rating.
    pub se: SeFacts,
    /// Whether the technique is in the default set (HoDoKu's default for
    /// HoDoKu's techniques; SE's dynamic and nested forcing chains, which
    /// finish any puzzle, for SE's own).
    pub default: bool,
}

/// The row of a technique HoDoKu has.
pub(crate) const fn hodoku(
    family: Family,
    index: u32,
    score: u32,
    level: Level,
    default: bool,
    se: SeFacts,
) -> Facts {
    Facts {
        family,
        order: index,
        hodoku: Some(HodokuFacts { score, level }),
        se,
        default,
    }
}

/// The row of a technique only SE has.
pub(crate) const fn se_only(family: Family, order: u32, default: bool, se: SeFacts) -> Facts {
    Facts {
        family,
        order,
        hodoku: None,
        se,
        default,
    }
}

/// SE's own rating.
pub(crate) const fn se(rating: f64) -> SeFacts {
    SeFacts {
        rating,
        exact: true,
    }
}

/// An approximation of what SE would rate the deduction.
pub(crate) const fn se_approx(rating: f64) -> SeFacts {
    SeFacts {
        rating,
        exact: false,
    }
}
