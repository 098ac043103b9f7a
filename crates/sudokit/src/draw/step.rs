//! A step's picture: the board at the position before the step, with the
//! step's [`Marks`], and the step's text under it, in English or Spanish.

use super::board::{Board, Marks};
use super::svg::{self, Num, escape, wrap};
use crate::classic::trace::Lang;
use crate::logic::explain;
use crate::logic::solver::{Position, SolvedStep};
use std::fmt::Write;

/// Width of the picture in millimetres.
const WIDTH: f64 = 120.0;
/// Margin around the board and the text.
const MARGIN: f64 = 6.0;
/// Caption type size and line height, in millimetres (10 pt).
const FONT: f64 = 3.5;
const LINE: f64 = FONT * 1.35;

/// The picture of `step` taken at `position` (the position before it) as a
/// self-contained SVG document, 120 mm wide: the givens in black, the
/// digits placed so far in blue, the pencil marks of the position, the
/// step's marks ([`Marks::of_step`]), and under the board the step's text
/// ([`explain::text`]) in `lang`, numbered `number.` when given, wrapped
/// to the width.
///
/// ```
/// use sudokit::classic::trace::Lang;
/// use sudokit::draw;
/// use sudokit::logic::solver::{self, Options, Position};
/// let puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
/// let grid = puzzle.parse().unwrap();
/// let step = solver::hint(&grid, &Options::default()).unwrap().unwrap();
/// let svg = draw::step_svg(&Position::new(&grid), &step, Some(1), Lang::En);
/// assert!(svg.contains(">1. Naked single: "));
/// ```
pub fn step_svg(
    position: &Position,
    step: &SolvedStep,
    number: Option<usize>,
    lang: Lang,
) -> String {
    let board = step_board(position, step);
    let mut caption = explain::text(step, lang);
    if let Some(n) = number {
        caption = format!("{n}. {caption}");
    }
    let size = WIDTH - 2.0 * MARGIN;
    // Helvetica's digits and lower case are about half an em wide.
    let lines = wrap(&caption, (size / (FONT * 0.52)) as usize);
    let height = MARGIN + size + MARGIN * 0.8 + lines.len() as f64 * LINE + MARGIN * 0.6;
    let mut out = String::new();
    svg::open(&mut out, (WIDTH, height), (WIDTH, height), &caption);
    let _ = writeln!(
        out,
        "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
        Num(WIDTH),
        Num(height)
    );
    board.write(&mut out, MARGIN, MARGIN, size, "step");
    let _ = writeln!(
        out,
        "<text class=\"caption\" font-size=\"{}\" fill=\"#000\">",
        Num(FONT)
    );
    for (i, line) in lines.iter().enumerate() {
        let _ = writeln!(
            out,
            "<tspan x=\"{}\" y=\"{}\">{}</tspan>",
            Num(MARGIN),
            Num(MARGIN + size + MARGIN * 0.8 + FONT + i as f64 * LINE),
            escape(line)
        );
    }
    out.push_str("</text>\n</svg>\n");
    out
}

/// The board of a step's picture: the position's givens, digits and pencil
/// marks with the step's marks.
pub fn step_board(position: &Position, step: &SolvedStep) -> Board {
    Board::new(&position.givens)
        .with_digits(&position.grid)
        .with_candidates(position.candidates)
        .with_marks(Marks::of_step(step))
}
