//! The bordered pencil-mark grid: nine rows of nine cells, each cell the
//! digits of its candidates run together (or its digit, when filled), cells
//! separated by whitespace, `|` between boxes, and border lines of `-` or
//! `=` with corners `.`, `:`, `'`, `*`, `+` or `|`:
//!
//! ```text
//! .-----------------.-------------------.----------------.
//! | 4    1679  12679 | 139  2369   1269 | 8    1239  5    |
//! :-----------------+-------------------+----------------:
//! '-----------------'-------------------'----------------'
//! ```
//!
//! HoDoKu prints it so, `--candidates` with `+` corners. The format does not
//! tell a filled cell from an empty cell with one candidate, nor givens from
//! placed digits. Read alone, a cell of one digit is a given, unless a cell
//! it sees holds that digit among several candidates: then it is an empty
//! cell with one candidate (a naked single), as HoDoKu reads it. A cell of
//! `.`, `-` or `0` has no candidate and is an error.
//!
//! HoDoKu's step markup is tolerated: `*`, `#` and `@` before a cell's
//! digits, `-` before a candidate.

use super::{fault, shown};
use crate::candidates::{DigitSet, PEERS};
use crate::error::{MarkFault, ParseErrorKind};
use crate::format::line::char_at;
use crate::grid::{Cell, Digit, Grid};
use crate::marked::MarkedGrid;

/// Characters that stand at the corners and crossings of border lines.
const CORNERS: &[u8] = b".:'*+|";

/// Whether a trimmed line is a border of a pencil-mark grid that the block
/// format would not take as one: `.-----.-----.-----.`, `:----+----+----:`,
/// `'-----'-----'-----'`, `*-----------*`. It starts and ends at a corner,
/// has 2 or 4 corners, and runs of at least three `-` or `=` between them.
pub(crate) fn is_frame(line: &[u8]) -> bool {
    let (Some(first), Some(last)) = (line.first(), line.last()) else {
        return false;
    };
    if line.len() < 10 || !CORNERS.contains(first) || !CORNERS.contains(last) {
        return false;
    }
    let mut corners = 0;
    let mut run = 0;
    for &b in line {
        if CORNERS.contains(&b) {
            if corners > 0 && run < 3 {
                return false;
            }
            corners += 1;
            run = 0;
        } else if b == b'-' || b == b'=' {
            run += 1;
        } else {
            return false;
        }
    }
    corners == 2 || corners == 4
}

/// A line read as a row of a pencil-mark grid: tokens separated by
/// whitespace and `|`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PmRow {
    /// The first nine cells: candidates, or a filled cell's digit (empty for
    /// a cell of `.`, `-` or `0`).
    pub(crate) sets: [DigitSet; 9],
    /// How many cells the line holds.
    pub(crate) tokens: usize,
    /// How many cells hold several digits.
    pub(crate) multi: usize,
    /// How many cells are `.`, `-` or `0`: no candidate.
    pub(crate) holes: usize,
    /// The first character that belongs in no cell, and its one-based column.
    pub(crate) bad: Option<(char, usize)>,
}

impl PmRow {
    /// Reads a trimmed line whose leading whitespace held `column` characters.
    pub(crate) fn read(line: &[u8], column: usize) -> PmRow {
        let mut row = PmRow {
            sets: [DigitSet::EMPTY; 9],
            tokens: 0,
            multi: 0,
            holes: 0,
            bad: None,
        };
        let mut i = 0;
        let mut col = column;
        while i < line.len() {
            let (ch, len) = char_at(line, i);
            if ch.is_whitespace() || ch == '|' {
                i += len;
                col += 1;
                continue;
            }
            // A token: up to the next whitespace or `|`.
            let start_col = col + 1;
            let mut set = DigitSet::EMPTY;
            let mut digits = 0;
            let mut text = 0;
            let mut bad = None;
            let mut lone = None;
            while i < line.len() {
                let (ch, len) = char_at(line, i);
                if ch.is_whitespace() || ch == '|' {
                    break;
                }
                i += len;
                col += 1;
                text += 1;
                lone = Some(ch);
                match ch {
                    '1'..='9' => {
                        set.insert(Digit::new(ch as u8 - b'0').expect("1-9"));
                        digits += 1;
                    }
                    // Markup: HoDoKu marks a step's cells and deletions.
                    '*' | '#' | '@' if digits == 0 => {}
                    '-' if line.get(i).is_some_and(u8::is_ascii_digit) => {}
                    _ => {
                        bad.get_or_insert((ch, col));
                    }
                }
            }
            let hole = text == 1 && matches!(lone, Some('.' | '-' | '0'));
            if hole {
                row.holes += 1;
            } else if let Some(b) = bad.or(if digits == 0 {
                Some((lone.unwrap_or(' '), start_col))
            } else {
                None
            }) {
                row.bad.get_or_insert(b);
            }
            if digits > 1 {
                row.multi += 1;
            }
            if let Some(slot) = row.sets.get_mut(row.tokens) {
                *slot = set;
            }
            row.tokens += 1;
        }
        row
    }

    /// Nine cells and nothing else.
    pub(crate) fn is_clean(&self) -> bool {
        self.tokens == 9 && self.bad.is_none()
    }
}

/// What the other grids of SimpleSudoku say of a pencil-mark grid's cells.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Known<'a> {
    /// Nothing: the grid stands alone.
    Nothing,
    /// The givens; other one-digit cells are read as in a lone grid, but
    /// are placed digits rather than givens.
    Givens(&'a Grid),
    /// The givens and the values (givens and placed digits): every other
    /// cell holds candidates, one or more.
    Values(&'a Grid, &'a Grid),
}

/// The position a pencil-mark grid's cells (row order) stand for.
///
/// # Errors
/// A cell with no candidate (the first in row order); a values grid that
/// changes a given.
pub(crate) fn resolve(
    cells: &[DigitSet; 81],
    known: Known<'_>,
) -> Result<MarkedGrid, ParseErrorKind> {
    let mut givens = Grid::empty();
    let mut values = Grid::empty();
    let mut marks = [DigitSet::EMPTY; 81];
    for cell in Cell::all() {
        let set = cells[cell.index()];
        if set.is_empty() {
            return Err(fault(Some(cell), MarkFault::NoCandidate));
        }
        let naked_single = || {
            PEERS[cell.index()].iter().any(|&p| {
                let other = cells[usize::from(p)];
                other.len() > 1 && other.bits() & set.bits() != 0
            })
        };
        match known {
            Known::Nothing => match set.single() {
                Some(d) if !naked_single() => {
                    givens.set(cell, Some(d));
                    values.set(cell, Some(d));
                }
                _ => marks[cell.index()] = set,
            },
            Known::Givens(g) => match (g.get(cell), set.single()) {
                (Some(d), _) => {
                    givens.set(cell, Some(d));
                    values.set(cell, Some(d));
                }
                (None, Some(d)) if !naked_single() => values.set(cell, Some(d)),
                _ => marks[cell.index()] = set,
            },
            Known::Values(g, v) => {
                givens.set(cell, g.get(cell));
                match v.get(cell) {
                    Some(d) => values.set(cell, Some(d)),
                    None => marks[cell.index()] = set,
                }
            }
        }
    }
    MarkedGrid::new(givens, values, marks).map_err(|e| match e {
        crate::marked::MarkError::GivenChanged {
            cell,
            given,
            placed,
        } => fault(Some(cell), MarkFault::GivenChanged { given, placed }),
    })
}

/// Whether each filled cell of `grid` is a cell of that one digit in `cells`.
pub(crate) fn agrees(grid: &Grid, cells: &[DigitSet; 81]) -> bool {
    Cell::all().all(|c| {
        grid.get(c)
            .is_none_or(|d| cells[c.index()] == DigitSet::from_bits(d.bit()))
    })
}

/// The text of each cell: its digit, its candidates, or `.` for none.
pub(crate) fn cell_texts(position: &MarkedGrid) -> [String; 81] {
    let shown = shown(position);
    std::array::from_fn(|i| {
        let cell = Cell::new(i).expect("i < 81");
        match position.values().get(cell) {
            Some(d) => d.to_string(),
            None if shown[i].is_empty() => ".".to_string(),
            None => shown[i].to_string(),
        }
    })
}

/// Draws nine rows of cells with HoDoKu's borders, or SimpleSudoku's when
/// `simple` (`*---*` above and below, `|---+---|` between the bands).
pub(crate) fn draw(texts: &[String; 81], simple: bool) -> String {
    let widths: [usize; 9] =
        std::array::from_fn(|c| (0..9).map(|r| texts[r * 9 + c].len()).max().unwrap_or(1));
    let border = |ends: char, middle: char| {
        let mut s = String::new();
        s.push(ends);
        for stack in 0..3 {
            let w: usize = widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
            s.push_str(&"-".repeat(w));
            s.push(if stack == 2 { ends } else { middle });
        }
        s.push('\n');
        s
    };
    let (top, between, bottom) = if simple {
        (border('*', '-'), border('|', '+'), border('*', '-'))
    } else {
        (border('.', '.'), border(':', '+'), border('\'', '\''))
    };
    let mut out = top;
    for row in 0..9 {
        if row == 3 || row == 6 {
            out.push_str(&between);
        }
        out.push('|');
        for col in 0..9 {
            let w = widths[col];
            out.push(' ');
            out.push_str(&format!("{:<w$}", texts[row * 9 + col]));
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&bottom);
    out
}

/// The position as HoDoKu's pencil-mark grid: filled cells show their
/// digit, empty cells their marks (or, without marks, the candidates the
/// digits allow; `.` when there is none).
///
/// Read back alone, every cell of one digit is a given unless a cell it
/// sees has that digit among several candidates (see the module docs): the
/// grid keeps the digits and marks, not which digits were placed.
///
/// ```
/// use sudokit::format::{parse_puzzles, to_pm_grid};
/// use sudokit::{Cell, MarkedGrid};
/// let givens = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
///     .parse().unwrap();
/// let text = to_pm_grid(&MarkedGrid::from_givens(givens));
/// assert!(text.starts_with(".----"));
/// assert!(text.lines().nth(1).unwrap().starts_with("| 4     1679   12679   | 139 "));
/// let read = parse_puzzles(&text)[0].clone().unwrap();
/// assert_eq!(read.grid, givens);
/// let r1c2 = Cell::new(1).unwrap();
/// assert_eq!(read.position.unwrap().marks(r1c2).to_string(), "1679");
/// ```
pub fn to_pm_grid(position: &MarkedGrid) -> String {
    draw(&cell_texts(position), false)
}
