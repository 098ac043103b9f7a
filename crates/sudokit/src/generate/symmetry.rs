//! [`Symmetry`]: the patterns of givens a generated puzzle can have, and
//! their orbits (the sets of cells that are given or empty together).

use crate::grid::{Cell, Grid};
use std::fmt;
use std::str::FromStr;

/// A symmetry of the pattern of givens: every transformation of its group
/// maps given cells to given cells (the digits need not match).
///
/// Coordinates are zero-based `(row, column)`; "horizontal" and "vertical"
/// name the mirror line, so [`Symmetry::MirrorHorizontal`] swaps the top and
/// bottom halves.
///
/// ```
/// use sudokit::generate::Symmetry;
/// let s: Symmetry = "rotate180".parse()?;
/// assert_eq!(s.orbits().len(), 41); // 40 pairs and the centre
/// assert_eq!(Symmetry::None.orbits().len(), 81);
/// assert_eq!(Symmetry::Dihedral.orbits().len(), 15);
/// # Ok::<(), String>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint: every cell is its own orbit.
    None,
    /// Half-turn rotation about the centre: `(r, c)` ↔ `(8-r, 8-c)`.
    #[default]
    Rotate180,
    /// Quarter-turn rotation: `(r, c)` → `(c, 8-r)`, orbits of 4 cells.
    Rotate90,
    /// Mirror across the horizontal middle line: `(r, c)` ↔ `(8-r, c)`.
    MirrorHorizontal,
    /// Mirror across the vertical middle line: `(r, c)` ↔ `(r, 8-c)`.
    MirrorVertical,
    /// Mirror across the main diagonal: `(r, c)` ↔ `(c, r)`.
    Diagonal,
    /// Mirror across the anti-diagonal: `(r, c)` ↔ `(8-c, 8-r)`.
    AntiDiagonal,
    /// Both mirror lines (hence also the half turn).
    BothMirrors,
    /// Both diagonals (hence also the half turn).
    BothDiagonals,
    /// All eight symmetries of the square: rotations and the four mirrors.
    Dihedral,
}

/// A transformation of the square, on zero-based `(row, column)`.
type Map = fn(usize, usize) -> (usize, usize);

fn rotate180(r: usize, c: usize) -> (usize, usize) {
    (8 - r, 8 - c)
}
fn rotate90(r: usize, c: usize) -> (usize, usize) {
    (c, 8 - r)
}
fn mirror_h(r: usize, c: usize) -> (usize, usize) {
    (8 - r, c)
}
fn mirror_v(r: usize, c: usize) -> (usize, usize) {
    (r, 8 - c)
}
fn diagonal(r: usize, c: usize) -> (usize, usize) {
    (c, r)
}
fn anti_diagonal(r: usize, c: usize) -> (usize, usize) {
    (8 - c, 8 - r)
}

impl Symmetry {
    /// Every symmetry, in the order of the command line's list.
    pub const ALL: [Symmetry; 10] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::MirrorHorizontal,
        Symmetry::MirrorVertical,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::BothMirrors,
        Symmetry::BothDiagonals,
        Symmetry::Dihedral,
    ];

    /// The kebab-case name: `none`, `rotate180`, `mirror-horizontal`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::MirrorHorizontal => "mirror-horizontal",
            Symmetry::MirrorVertical => "mirror-vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::BothMirrors => "both-mirrors",
            Symmetry::BothDiagonals => "both-diagonals",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// Transformations that generate the symmetry's group.
    fn generators(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[],
            Symmetry::Rotate180 => &[rotate180],
            Symmetry::Rotate90 => &[rotate90],
            Symmetry::MirrorHorizontal => &[mirror_h],
            Symmetry::MirrorVertical => &[mirror_v],
            Symmetry::Diagonal => &[diagonal],
            Symmetry::AntiDiagonal => &[anti_diagonal],
            Symmetry::BothMirrors => &[mirror_h, mirror_v],
            Symmetry::BothDiagonals => &[diagonal, anti_diagonal],
            Symmetry::Dihedral => &[rotate90, diagonal],
        }
    }

    /// The images of `cell` under the generators of the symmetry's group.
    #[allow(
        clippy::missing_panics_doc,
        reason = "every map sends the board onto itself (a test checks all 81 cells)"
    )]
    pub fn images(self, cell: Cell) -> impl Iterator<Item = Cell> {
        self.generators().iter().map(move |map| {
            let (r, c) = map(cell.row(), cell.col());
            Cell::at(r, c).expect("the maps keep cells on the board")
        })
    }

    /// The orbits: a partition of the 81 cells into the sets that the
    /// symmetry's group maps onto each other, each in row-major order, the
    /// orbits ordered by their first cell. A symmetric pattern of givens is
    /// a union of orbits.
    pub fn orbits(self) -> Vec<Vec<Cell>> {
        let mut seen = [false; 81];
        let mut orbits = Vec::new();
        for start in Cell::all() {
            if seen[start.index()] {
                continue;
            }
            seen[start.index()] = true;
            let mut orbit = vec![start];
            let mut i = 0;
            while i < orbit.len() {
                for image in self.images(orbit[i]) {
                    if !seen[image.index()] {
                        seen[image.index()] = true;
                        orbit.push(image);
                    }
                }
                i += 1;
            }
            orbit.sort();
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the givens of `grid` form a pattern with this symmetry: in
    /// every orbit, all cells are given or all are empty.
    ///
    /// ```
    /// use sudokit::generate::Symmetry;
    /// let mut line = ".".repeat(81);
    /// line.replace_range(0..1, "1");
    /// line.replace_range(80..81, "2");
    /// let grid = line.parse().unwrap();
    /// assert!(Symmetry::Rotate180.is_symmetric(&grid));
    /// assert!(!Symmetry::MirrorVertical.is_symmetric(&grid));
    /// ```
    pub fn is_symmetric(self, grid: &Grid) -> bool {
        Cell::all().all(|cell| {
            self.images(cell)
                .all(|image| (grid[cell] == 0) == (grid[image] == 0))
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Symmetry {
    type Err = String;

    /// Parses a kebab-case name (case-insensitive, `_` taken for `-`).
    fn from_str(s: &str) -> Result<Symmetry, String> {
        let wanted = s.trim().to_ascii_lowercase().replace('_', "-");
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == wanted)
            .ok_or_else(|| {
                let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
                format!(
                    "unknown symmetry '{}' (expected {})",
                    s.trim(),
                    names.join(", ")
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn orbit_counts_and_sizes() {
        // (symmetry, number of orbits, largest orbit)
        let expected = [
            (Symmetry::None, 81, 1),
            (Symmetry::Rotate180, 41, 2),
            (Symmetry::Rotate90, 21, 4),
            (Symmetry::MirrorHorizontal, 45, 2),
            (Symmetry::MirrorVertical, 45, 2),
            (Symmetry::Diagonal, 45, 2),
            (Symmetry::AntiDiagonal, 45, 2),
            (Symmetry::BothMirrors, 25, 4),
            (Symmetry::BothDiagonals, 25, 4),
            (Symmetry::Dihedral, 15, 8),
        ];
        for (sym, count, largest) in expected {
            let orbits = sym.orbits();
            assert_eq!(orbits.len(), count, "{sym}");
            assert_eq!(orbits.iter().map(Vec::len).max(), Some(largest), "{sym}");
            assert_eq!(sym.name().parse(), Ok(sym));
        }
        assert!(
            "spiral"
                .parse::<Symmetry>()
                .unwrap_err()
                .contains("dihedral")
        );
    }

    proptest! {
        /// The orbits partition the board, and every generator maps each
        /// orbit onto itself (so the generators are permutations of it).
        #[test]
        fn orbits_partition_the_board_and_are_closed(k in 0usize..10) {
            let sym = Symmetry::ALL[k];
            let orbits = sym.orbits();
            let mut count = [0u8; 81];
            for orbit in &orbits {
                for &cell in orbit {
                    count[cell.index()] += 1;
                    for image in sym.images(cell) {
                        prop_assert!(orbit.contains(&image));
                    }
                }
            }
            prop_assert!(count.iter().all(|&n| n == 1));
        }

        /// Mirrors are involutions; applying a generator as many times as
        /// the orbit size brings every cell back.
        #[test]
        fn generators_are_periodic(k in 0usize..10, i in 0usize..81) {
            let sym = Symmetry::ALL[k];
            for map in sym.generators() {
                let (r0, c0) = (i / 9, i % 9);
                let (mut r, mut c) = (r0, c0);
                for _ in 0..4 {
                    (r, c) = map(r, c);
                }
                prop_assert_eq!((r, c), (r0, c0));
            }
        }

        /// A pattern made of random orbits is symmetric; dropping one cell of
        /// an orbit of two or more cells breaks the symmetry.
        #[test]
        fn unions_of_orbits_are_symmetric(k in 0usize..10, pick in prop::collection::vec(any::<bool>(), 81)) {
            let sym = Symmetry::ALL[k];
            let mut values = [0u8; 81];
            for (orbit, &take) in sym.orbits().iter().zip(&pick) {
                if take {
                    for &cell in orbit {
                        values[cell.index()] = 1 + (cell.index() % 9) as u8;
                    }
                }
            }
            let grid = Grid::from_values(values).unwrap();
            prop_assert!(sym.is_symmetric(&grid));
            if let Some(orbit) = sym.orbits().iter().find(|o| o.len() > 1) {
                let mut broken = values;
                let cell = orbit[0].index();
                broken[cell] = if broken[cell] == 0 { 1 } else { 0 };
                prop_assert!(!sym.is_symmetric(&Grid::from_values(broken).unwrap()));
            }
        }
    }
}
