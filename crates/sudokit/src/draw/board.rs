//! [`Board`]: one grid drawn as SVG — givens bold in black, other digits in
//! blue, pencil marks in each cell's 3x3 mini-grid, thick box lines — with
//! the [`Marks`] of a step on top, as the web page draws them.

use super::svg::{self, Num, escape};
use crate::cell_set::CellSet;
use crate::logic::solver::SolvedStep;
use crate::{Candidates, Cell, Digit, Grid, House};
use std::fmt::Write;

/// Givens and lines.
const INK: &str = "#000";
/// Digits that are not givens (placed, or a solution's).
const PLACED: &str = "#1f5fbf";
/// Pencil marks.
const MARK: &str = "#4a5260";
/// Shading of a step's houses, pattern cells and fins (the web page's colours).
const HOUSE_FILL: &str = "#fff4d6";
const FOCUS_FILL: &str = "#d8f3dc";
const FIN_FILL: &str = "#e9d8fd";
/// A step's placements, eliminations, and chains.
const PLACE_FILL: &str = "#2f9e44";
const ELIM_FILL: &str = "#e5484d";
const LINK: &str = "#c0392b";
/// The fonts: generic families every viewer has, nothing to fetch.
pub(crate) const SANS: &str = "Helvetica, Arial, sans-serif";
pub(crate) const MONO: &str = "Menlo, Consolas, 'DejaVu Sans Mono', monospace";

/// A board to draw: the digits, the pencil marks and a step's marks.
///
/// Every field may hold anything: a digit of [`Board::digits`] under a given
/// is not drawn (the given is), pencil marks are drawn in empty cells only,
/// and marks outside the pencil marks are drawn all the same.
///
/// ```
/// use sudokit::draw::Board;
/// use sudokit::{Candidates, Grid};
/// let puzzle: Grid =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let board = Board::new(&puzzle).with_candidates(Candidates::from_grid(&puzzle));
/// let svg = board.to_svg(120.0);
/// assert!(svg.starts_with("<svg") && svg.contains("width=\"120mm\""));
/// assert_eq!(svg.matches("class=\"given\"").count(), 17);
/// # Ok::<(), sudokit::ParseError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Board {
    /// The puzzle's givens, drawn bold in black.
    pub givens: Grid,
    /// Other digits (placed by a player or a step, or a whole solution),
    /// drawn in blue in the cells the givens leave empty.
    pub digits: Grid,
    /// Pencil marks of the cells without a digit, each digit in its place
    /// of the cell's 3x3 mini-grid (1 top left, 9 bottom right); `None`
    /// draws none.
    pub candidates: Option<Candidates>,
    /// What a step marks on the board.
    pub marks: Marks,
}

/// What a step shows on a board, in the web page's colours: houses shaded
/// yellow, the pattern's cells green, fins violet; placements as green
/// discs, eliminations as red discs struck through, the chain's candidates
/// circled red, and links as red arrows (strong solid, weak dashed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Houses shaded as the deduction's frame.
    pub houses: Vec<House>,
    /// The pattern's cells.
    pub cells: Vec<Cell>,
    /// The fins of a finned or sashimi fish.
    pub fins: Vec<Cell>,
    /// Candidates the step places.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates the step eliminates.
    pub eliminations: Vec<(Cell, Digit)>,
    /// Candidates of the step's chains and links.
    pub chain: Vec<(Cell, Digit)>,
    /// The links, drawn as arrows.
    pub arrows: Vec<Arrow>,
}

/// A link drawn from one node to the next: each end is a digit in one or
/// more cells (a group, an almost locked set), the arrow joining the
/// middles of their candidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// Where the arrow starts.
    pub from: (CellSet, Digit),
    /// Where it points.
    pub to: (CellSet, Digit),
    /// A strong link (solid) or a weak one (dashed).
    pub strong: bool,
}

impl Marks {
    /// The marks of a solution step, as the web page draws a step: its
    /// houses, cells, fins, placements and eliminations; the candidates of
    /// its links and chains, and an arrow per link (a guess marks only its
    /// placement).
    pub fn of_step(step: &SolvedStep) -> Marks {
        let mut marks = Marks {
            placements: step.placements(),
            eliminations: step.eliminations().to_vec(),
            ..Marks::default()
        };
        let Some(s) = step.step() else {
            return marks;
        };
        marks.houses.clone_from(&s.houses);
        marks.cells.clone_from(&s.cells);
        marks.fins.clone_from(&s.fins);
        for link in &s.links {
            marks.chain.push(link.from);
            marks.chain.push(link.to);
            marks.arrows.push(Arrow {
                from: (CellSet::single(link.from.0), link.from.1),
                to: (CellSet::single(link.to.0), link.to.1),
                strong: link.strong,
            });
        }
        for chain in &s.chains {
            for node in &chain.nodes {
                marks
                    .chain
                    .extend(node.cells.iter().map(|c| (c, node.digit)));
            }
            for (k, pair) in chain.nodes.windows(2).enumerate() {
                marks.arrows.push(Arrow {
                    from: (pair[0].cells, pair[0].digit),
                    to: (pair[1].cells, pair[1].digit),
                    strong: chain.strong.get(k).copied().unwrap_or(false),
                });
            }
        }
        // A chain often comes both as links and in Eureka form: each arrow
        // and each candidate is kept once.
        let mut arrows: Vec<Arrow> = Vec::with_capacity(marks.arrows.len());
        for a in marks.arrows.drain(..) {
            if !arrows.contains(&a) {
                arrows.push(a);
            }
        }
        marks.arrows = arrows;
        marks.chain.sort_unstable();
        marks.chain.dedup();
        marks
    }

    /// Whether there is nothing to mark.
    pub fn is_empty(&self) -> bool {
        *self == Marks::default()
    }
}

/// How a pencil mark is drawn.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Plain,
    Place,
    Elim,
}

impl Board {
    /// The board of a puzzle: its givens, nothing else.
    pub fn new(givens: &Grid) -> Board {
        Board {
            givens: *givens,
            ..Board::default()
        }
    }

    /// The same board with `digits` (a solution, or the digits placed so
    /// far) drawn in blue where there is no given.
    pub fn with_digits(mut self, digits: &Grid) -> Board {
        self.digits = *digits;
        self
    }

    /// The same board with pencil marks in the cells without a digit.
    pub fn with_candidates(mut self, candidates: Candidates) -> Board {
        self.candidates = Some(candidates);
        self
    }

    /// The same board with a step's marks.
    pub fn with_marks(mut self, marks: Marks) -> Board {
        self.marks = marks;
        self
    }

    /// The digit shown in `cell` and whether it is a given.
    fn digit(&self, cell: Cell) -> Option<(Digit, bool)> {
        match self.givens.get(cell) {
            Some(d) => Some((d, true)),
            None => self.digits.get(cell).map(|d| (d, false)),
        }
    }

    /// The board alone as a self-contained SVG document, `size_mm`
    /// millimetres wide and high (a board drawn at 0 or less, or at a size
    /// that is not a number, gets 100 mm).
    pub fn to_svg(&self, size_mm: f64) -> String {
        let size = if size_mm.is_finite() && size_mm > 0.0 {
            size_mm
        } else {
            100.0
        };
        let mut out = String::new();
        svg::open(
            &mut out,
            (size, size),
            (104.0, 104.0),
            &self.givens.to_line(),
        );
        out.push_str("<rect width=\"104\" height=\"104\" fill=\"#fff\"/>\n");
        self.write(&mut out, 2.0, 2.0, 100.0, "board");
        out.push_str("</svg>\n");
        out
    }

    /// Appends the board as an SVG group to `out`: its top left corner at
    /// (`x`, `y`), `size` user units wide and high. `id` names the arrow
    /// marker of the group, so it must differ between the boards of one
    /// document (it is escaped).
    pub fn write(&self, out: &mut String, x: f64, y: f64, size: f64, id: &str) {
        let cell = size / 9.0;
        let id = escape(id);
        let _ = writeln!(
            out,
            "<g class=\"board\" transform=\"translate({} {})\">",
            Num(x),
            Num(y)
        );
        let _ = writeln!(
            out,
            "<rect width=\"{s}\" height=\"{s}\" fill=\"#fff\"/>",
            s = Num(size)
        );
        self.write_shading(out, cell);
        self.write_lines(out, size);
        self.write_digits(out, cell);
        self.write_arrows(out, cell, &id);
        out.push_str("</g>\n");
    }

    /// The step's houses, cells and fins as shaded cells (fins over cells
    /// over houses, as on the web page).
    fn write_shading(&self, out: &mut String, cell: f64) {
        let mut fill: [Option<&str>; 81] = [None; 81];
        for house in &self.marks.houses {
            for c in house.cells() {
                fill[c.index()] = Some(HOUSE_FILL);
            }
        }
        for c in &self.marks.cells {
            fill[c.index()] = Some(FOCUS_FILL);
        }
        for c in &self.marks.fins {
            fill[c.index()] = Some(FIN_FILL);
        }
        for c in Cell::all() {
            if let Some(colour) = fill[c.index()] {
                let _ = writeln!(
                    out,
                    "<rect class=\"shade\" x=\"{}\" y=\"{}\" width=\"{w}\" height=\"{w}\" fill=\"{colour}\"/>",
                    Num(c.col() as f64 * cell),
                    Num(c.row() as f64 * cell),
                    w = Num(cell)
                );
            }
        }
    }

    /// Thin cell lines, thick box lines and the frame.
    fn write_lines(&self, out: &mut String, size: f64) {
        let cell = size / 9.0;
        let thin = size * 0.0025;
        let thick = size * 0.009;
        let mut path = String::new();
        for i in (1..9).filter(|i| i % 3 != 0) {
            let at = Num(i as f64 * cell);
            let _ = write!(path, "M{at} 0V{s}M0 {at}H{s}", s = Num(size));
        }
        let _ = writeln!(
            out,
            "<path d=\"{path}\" stroke=\"#555\" stroke-width=\"{}\" fill=\"none\"/>",
            Num(thin)
        );
        let mut path = String::new();
        for i in [3, 6] {
            let at = Num(i as f64 * cell);
            let _ = write!(path, "M{at} 0V{s}M0 {at}H{s}", s = Num(size));
        }
        let _ = writeln!(
            out,
            "<path d=\"{path}\" stroke=\"{INK}\" stroke-width=\"{t}\" fill=\"none\"/>\n\
             <rect x=\"{h}\" y=\"{h}\" width=\"{w}\" height=\"{w}\" stroke=\"{INK}\" \
             stroke-width=\"{t}\" fill=\"none\"/>",
            t = Num(thick),
            h = Num(thick / 2.0),
            w = Num(size - thick)
        );
    }

    /// Digits, then pencil marks with the step's placements, eliminations
    /// and chain candidates.
    fn write_digits(&self, out: &mut String, cell: f64) {
        let (roles, chain) = self.roles();
        for c in Cell::all() {
            if let Some((d, given)) = self.digit(c) {
                write_digit(out, c, d, given, cell);
                continue;
            }
            for d in Digit::all() {
                if let Some(role) = roles[c.index()][d.index()] {
                    let in_chain = chain[c.index()] & d.bit() != 0;
                    write_mark(out, (c, d), role, in_chain, cell);
                }
            }
        }
    }

    /// How each candidate is drawn (`None`: not at all), and per cell the
    /// digits that are nodes of the step's chain.
    fn roles(&self) -> ([[Option<Role>; 9]; 81], [u16; 81]) {
        let mut roles: [[Option<Role>; 9]; 81] = [[None; 9]; 81];
        let mut chain = [0u16; 81];
        if let Some(candidates) = &self.candidates {
            for c in Cell::all() {
                for d in candidates.get(c).iter() {
                    roles[c.index()][d.index()] = Some(Role::Plain);
                }
            }
        }
        for &(c, d) in &self.marks.placements {
            roles[c.index()][d.index()] = Some(Role::Place);
        }
        for &(c, d) in &self.marks.eliminations {
            roles[c.index()][d.index()] = Some(Role::Elim);
        }
        for &(c, d) in &self.marks.chain {
            roles[c.index()][d.index()].get_or_insert(Role::Plain);
            chain[c.index()] |= d.bit();
        }
        (roles, chain)
    }

    /// The links: a slightly bent arrow from node to node, strong solid and
    /// weak dashed, as on the web page.
    fn write_arrows(&self, out: &mut String, cell: f64, id: &str) {
        if self.marks.arrows.is_empty() {
            return;
        }
        let width = cell * 0.022;
        let _ = writeln!(
            out,
            "<defs><marker id=\"{id}-arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" \
             markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\"><path d=\"M0 0L10 5L0 10z\" \
             fill=\"{LINK}\"/></marker></defs>"
        );
        for arrow in &self.marks.arrows {
            let (Some(a), Some(b)) = (spot(arrow.from, cell), spot(arrow.to, cell)) else {
                continue;
            };
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let len = dx.hypot(dy).max(f64::EPSILON);
            let pull = (cell * 0.12 / len).min(0.45);
            let (x1, y1) = (a.0 + dx * pull, a.1 + dy * pull);
            let (x2, y2) = (b.0 - dx * pull, b.1 - dy * pull);
            // A slight bend keeps arrows along one row apart from the digits.
            let (mx, my) = ((x1 + x2) / 2.0 - dy * 0.15, (y1 + y2) / 2.0 + dx * 0.15);
            let dash = if arrow.strong {
                String::new()
            } else {
                format!(
                    " stroke-dasharray=\"{} {}\"",
                    Num(cell * 0.06),
                    Num(cell * 0.05)
                )
            };
            let _ = writeln!(
                out,
                "<path class=\"link {kind}\" d=\"M{} {}Q{} {} {} {}\" fill=\"none\" stroke=\"{LINK}\" \
                 stroke-width=\"{}\"{dash} marker-end=\"url(#{id}-arrow)\"/>",
                Num(x1),
                Num(y1),
                Num(mx),
                Num(my),
                Num(x2),
                Num(y2),
                Num(width),
                kind = if arrow.strong { "strong" } else { "weak" },
            );
        }
    }
}

/// The middle of a node's candidates: the centre of `digit`'s place in
/// each of its cells, averaged; `None` for a node without cells.
fn spot((cells, digit): (CellSet, Digit), cell: f64) -> Option<(f64, f64)> {
    let n = cells.len();
    if n == 0 {
        return None;
    }
    let (sx, sy) = cells.iter().fold((0.0, 0.0), |(sx, sy), c| {
        let (x, y) = mark_centre(c, digit, cell);
        (sx + x, sy + y)
    });
    Some((sx / n as f64, sy / n as f64))
}

/// A digit filling cell `c`: a given in bold ink, a solved cell in the
/// colour of placements.
fn write_digit(out: &mut String, c: Cell, d: Digit, given: bool, cell: f64) {
    let big = cell * 0.68;
    let (x0, y0) = (c.col() as f64 * cell, c.row() as f64 * cell);
    let (class, fill, weight) = if given {
        ("given", INK, "bold")
    } else {
        ("digit", PLACED, "normal")
    };
    let _ = writeln!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"{weight}\" \
         fill=\"{fill}\" text-anchor=\"middle\">{d}</text>",
        Num(x0 + cell / 2.0),
        Num(y0 + cell / 2.0 + big * 0.36),
        Num(big)
    );
}

/// The pencil mark of candidate `(c, d)`: a disc under a placement or an
/// elimination, a ring around a chain's node, the digit, and a stroke
/// through an elimination.
fn write_mark(out: &mut String, (c, d): (Cell, Digit), role: Role, in_chain: bool, cell: f64) {
    let small = cell * 0.25;
    let (cx, cy) = mark_centre(c, d, cell);
    let r = cell * 0.14;
    let disc = match role {
        Role::Place => Some(PLACE_FILL),
        Role::Elim => Some(ELIM_FILL),
        Role::Plain => None,
    };
    if let Some(colour) = disc {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{colour}\"/>",
            Num(cx),
            Num(cy),
            Num(r)
        );
    }
    if in_chain {
        let _ = writeln!(
            out,
            "<circle class=\"node\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" \
             stroke=\"{LINK}\" stroke-width=\"{}\"/>",
            Num(cx),
            Num(cy),
            Num(r),
            Num(cell * 0.02)
        );
    }
    let (class, fill, weight) = match role {
        Role::Place => ("mark place", "#fff", "bold"),
        Role::Elim => ("mark elim", "#fff", "bold"),
        Role::Plain if in_chain => ("mark chain", INK, "bold"),
        Role::Plain => ("mark", MARK, "normal"),
    };
    let _ = writeln!(
        out,
        "<text class=\"{class}\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"{weight}\" \
         fill=\"{fill}\" text-anchor=\"middle\">{d}</text>",
        Num(cx),
        Num(cy + small * 0.36),
        Num(small)
    );
    if role == Role::Elim {
        // Struck through, so that an elimination reads as one in black and
        // white too.
        let k = r * 0.75;
        let _ = writeln!(
            out,
            "<line class=\"strike\" x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" \
             stroke=\"{INK}\" stroke-width=\"{}\"/>",
            Num(cx - k),
            Num(cy + k),
            Num(cx + k),
            Num(cy - k),
            Num(cell * 0.025)
        );
    }
}

/// The centre of pencil mark `digit` in `c`, for cells `cell` units wide:
/// a 3x3 mini-grid held a little inside the cell's lines.
fn mark_centre(c: Cell, digit: Digit, cell: f64) -> (f64, f64) {
    let at = |k: usize| (0.2 + 0.3 * k as f64) * cell;
    (
        c.col() as f64 * cell + at(digit.index() % 3),
        c.row() as f64 * cell + at(digit.index() / 3),
    )
}
