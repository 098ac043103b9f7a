//! Drawings for print and screen, as self-contained SVG documents (no
//! fonts, style sheets or images to fetch; sizes in millimetres, so that
//! they print true to size on A4 or Letter):
//!
//! - a [`Board`]: givens bold in black, other digits (placed, or a
//!   solution's) in blue, optional pencil marks in each cell's 3x3
//!   mini-grid, thick box lines;
//! - a page of n boards with their captions ([`Layout`], [`Panel`]);
//! - a step's picture ([`step_svg`]): the position before the step, its
//!   placements, eliminations (red, struck through), houses, pattern cells
//!   and fins shaded, chains as arrows (strong links solid, weak dashed),
//!   and the step's text under it, in English or Spanish.
//!
//! Elements carry a `class` naming what they show (`given`, `digit`,
//! `mark`, `mark place`, `mark elim`, `strike`, `link strong`, `link weak`,
//! `label`, `note`, `footer`), for style sheets and tests.
//!
//! ```
//! use sudokit::draw::{Board, Layout, Panel, Paper};
//! use sudokit::{engine, Grid};
//! let puzzle: Grid =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let solution = engine::solve_one(&puzzle).unwrap();
//! let panel = Panel {
//!     board: Board::new(&puzzle).with_digits(&solution),
//!     label: "1".into(),
//!     ..Panel::default()
//! };
//! let pages = Layout::new(Paper::A4, 4).unwrap().pages("Solutions", &[panel]);
//! assert_eq!(pages.len(), 1);
//! assert_eq!(pages[0].matches("class=\"digit\"").count(), 81 - 17);
//! # Ok::<(), sudokit::ParseError>(())
//! ```

mod board;
mod page;
mod step;
mod svg;
#[cfg(test)]
mod tests;

pub use board::{Arrow, Board, Marks};
pub use page::{Layout, MAX_PER_PAGE, Panel, Paper};
pub use step::{step_board, step_svg};
pub use svg::escape;
