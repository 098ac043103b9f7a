//! The 9x9 grid and its coordinates: [`Digit`], [`Cell`], [`House`] and [`Grid`].
//!
//! Cells are named `rRcC` with rows and columns numbered 1..9, houses `row R`,
//! `column C` and `box B` (boxes numbered left to right, top to bottom), as
//! HoDoKu and Sudoku Explainer write them.

use std::fmt;

/// A digit 1..=9 that a cell may hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit `n`, or `None` unless `1 <= n <= 9`.
    pub const fn new(n: u8) -> Option<Digit> {
        if n >= 1 && n <= 9 {
            Some(Digit(n))
        } else {
            None
        }
    }

    /// The digit with zero-based index `i` (0 gives 1), or `None` unless `i < 9`.
    pub const fn from_index(i: usize) -> Option<Digit> {
        if i < 9 {
            Some(Digit(i as u8 + 1))
        } else {
            None
        }
    }

    /// The digit's value, 1..=9.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// Zero-based index, 0..9.
    pub const fn index(self) -> usize {
        (self.0 - 1) as usize
    }

    /// The digit's bit in a 9-bit candidate mask: bit 0 stands for 1.
    pub const fn bit(self) -> u16 {
        1 << (self.0 - 1)
    }

    /// All nine digits in increasing order.
    pub fn all() -> impl Iterator<Item = Digit> + Clone {
        (1..=9).map(Digit)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One of the 81 cells, indexed row by row from 0 (r1c1) to 80 (r9c9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(u8);

impl Cell {
    /// The cell with row-major index `i`, or `None` unless `i < 81`.
    pub const fn new(i: usize) -> Option<Cell> {
        if i < 81 { Some(Cell(i as u8)) } else { None }
    }

    /// The cell at zero-based `row` and `col`, or `None` if either is 9 or more.
    pub const fn at(row: usize, col: usize) -> Option<Cell> {
        if row < 9 && col < 9 {
            Some(Cell((row * 9 + col) as u8))
        } else {
            None
        }
    }

    /// Row-major index, 0..81.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Zero-based row, 0..9.
    pub const fn row(self) -> usize {
        self.0 as usize / 9
    }

    /// Zero-based column, 0..9.
    pub const fn col(self) -> usize {
        self.0 as usize % 9
    }

    /// Zero-based box, 0..9, numbered left to right, top to bottom.
    pub const fn box_index(self) -> usize {
        (self.row() / 3) * 3 + self.col() / 3
    }

    /// The three houses the cell belongs to: its row, column and box.
    pub const fn houses(self) -> [House; 3] {
        [self.row_house(), self.column_house(), self.box_house()]
    }

    /// The row of the cell as a house.
    pub const fn row_house(self) -> House {
        House::Row(Index9(self.row() as u8))
    }

    /// The column of the cell as a house.
    pub const fn column_house(self) -> House {
        House::Column(Index9(self.col() as u8))
    }

    /// The box of the cell as a house.
    pub const fn box_house(self) -> House {
        House::Box(Index9(self.box_index() as u8))
    }

    /// Whether two distinct cells share a house.
    pub const fn sees(self, other: Cell) -> bool {
        self.0 != other.0
            && (self.row() == other.row()
                || self.col() == other.col()
                || self.box_index() == other.box_index())
    }

    /// All 81 cells in row-major order.
    pub fn all() -> impl Iterator<Item = Cell> + Clone {
        (0..81).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row() + 1, self.col() + 1)
    }
}

/// A number 0..9: which row, column or box a [`House`] is (zero-based).
///
/// Only [`Index9::new`] makes one, so a house never names a tenth row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Index9(u8);

impl Index9 {
    /// The index `i`, or `None` unless `i < 9`.
    pub const fn new(i: usize) -> Option<Index9> {
        if i < 9 { Some(Index9(i as u8)) } else { None }
    }

    /// The index, 0..9.
    pub const fn get(self) -> usize {
        self.0 as usize
    }

    /// The nine indices in increasing order.
    pub fn all() -> impl Iterator<Item = Index9> + Clone {
        (0..9).map(Index9)
    }
}

/// A row, column or box; the inner [`Index9`] is zero-based.
///
/// ```
/// use sudokit::House;
/// let h = House::column_at(4).unwrap();
/// assert_eq!(h.to_string(), "column 5");
/// assert_eq!(House::from_index(h.index()), Some(h));
/// assert_eq!(House::row_at(9), None);
/// assert_eq!(House::from_index(27), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    /// A row (shown 1-based).
    Row(Index9),
    /// A column (shown 1-based).
    Column(Index9),
    /// A box (shown 1-based), numbered left to right, top to bottom.
    Box(Index9),
}

impl House {
    /// The 27 houses: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = House> + Clone {
        Index9::all()
            .map(House::Row)
            .chain(Index9::all().map(House::Column))
            .chain(Index9::all().map(House::Box))
    }

    /// Zero-based row `i`, or `None` unless `i < 9`.
    pub const fn row_at(i: usize) -> Option<House> {
        match Index9::new(i) {
            Some(i) => Some(House::Row(i)),
            None => None,
        }
    }

    /// Zero-based column `i`, or `None` unless `i < 9`.
    pub const fn column_at(i: usize) -> Option<House> {
        match Index9::new(i) {
            Some(i) => Some(House::Column(i)),
            None => None,
        }
    }

    /// Zero-based box `i`, or `None` unless `i < 9`.
    pub const fn box_at(i: usize) -> Option<House> {
        match Index9::new(i) {
            Some(i) => Some(House::Box(i)),
            None => None,
        }
    }

    /// The house with index `i` in the order of [`House::all`] (the inverse
    /// of [`House::index`]), or `None` unless `i < 27`.
    pub const fn from_index(i: usize) -> Option<House> {
        match i / 9 {
            0 => House::row_at(i),
            1 => House::column_at(i - 9),
            2 => House::box_at(i - 18),
            _ => None,
        }
    }

    /// The zero-based number of the house among those of its kind, 0..9.
    pub const fn number(self) -> usize {
        match self {
            House::Row(i) | House::Column(i) | House::Box(i) => i.get(),
        }
    }

    /// The nine cells of the house, in row-major order.
    pub fn cells(self) -> [Cell; 9] {
        let mut out = [Cell(0); 9];
        for (k, slot) in out.iter_mut().enumerate() {
            let (r, c) = match self {
                House::Row(r) => (r.get(), k),
                House::Column(c) => (k, c.get()),
                House::Box(b) => ((b.get() / 3) * 3 + k / 3, (b.get() % 3) * 3 + k % 3),
            };
            *slot = Cell((r * 9 + c) as u8);
        }
        out
    }

    /// Index 0..27 in the order of [`House::all`].
    pub const fn index(self) -> usize {
        match self {
            House::Row(i) => i.get(),
            House::Column(i) => 9 + i.get(),
            House::Box(i) => 18 + i.get(),
        }
    }
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i.get() + 1),
            House::Column(i) => write!(f, "column {}", i.get() + 1),
            House::Box(i) => write!(f, "box {}", i.get() + 1),
        }
    }
}

/// A 9x9 grid: each cell holds a digit or is empty.
///
/// A `Grid` says nothing about validity: two equal digits in a house are
/// allowed here and found by [`crate::rules`].
///
/// ```
/// use sudokit::{Cell, Digit, Grid};
/// let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// let grid: Grid = line.parse().unwrap();
/// assert_eq!(grid.get(Cell::at(0, 0).unwrap()), Digit::new(4));
/// assert_eq!(grid.clues(), 17);
/// assert_eq!(grid.to_string(), line);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; 81],
}

impl Default for Grid {
    fn default() -> Self {
        Grid::empty()
    }
}

impl Grid {
    /// A grid with every cell empty.
    pub const fn empty() -> Grid {
        Grid { cells: [0; 81] }
    }

    /// A grid from 81 values in row-major order, 0 for empty; `None` if a value exceeds 9.
    pub fn from_values(values: [u8; 81]) -> Option<Grid> {
        values
            .iter()
            .all(|&v| v <= 9)
            .then_some(Grid { cells: values })
    }

    /// The 81 values in row-major order, 0 for empty.
    pub const fn values(&self) -> &[u8; 81] {
        &self.cells
    }

    /// The digit in `cell`, if any.
    pub const fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }

    /// Puts `digit` in `cell`, or empties it with `None`.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        self.cells[cell.index()] = digit.map_or(0, Digit::get);
    }

    /// The number of filled cells (clues, for a puzzle).
    pub fn clues(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// How many different digits appear in the grid.
    pub fn distinct_digits(&self) -> usize {
        let mask = self
            .cells
            .iter()
            .filter(|&&v| v != 0)
            .fold(0u16, |m, &v| m | 1 << v);
        mask.count_ones() as usize
    }

    /// Whether every cell holds a digit.
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// The empty cells in row-major order.
    pub fn empty_cells(&self) -> impl Iterator<Item = Cell> + '_ {
        Cell::all().filter(|c| self.cells[c.index()] == 0)
    }

    /// The grid as one line of 81 characters, digits and `.` for empty.
    pub fn to_line(&self) -> String {
        self.to_line_with('.')
    }

    /// The grid as one line of 81 characters with `empty` for empty cells.
    pub fn to_line_with(&self, empty: char) -> String {
        if empty.is_ascii() {
            // One pass over bytes: front ends print a line per puzzle.
            return self
                .line_bytes(empty as u8)
                .iter()
                .map(|&b| char::from(b))
                .collect();
        }
        self.cells
            .iter()
            .map(|&v| if v == 0 { empty } else { char::from(b'0' + v) })
            .collect()
    }

    /// The line form as 81 ASCII bytes, `.` for empty cells, for writers
    /// that print many grids without a `String` each.
    ///
    /// ```
    /// let g = sudokit::Grid::empty();
    /// assert_eq!(g.to_line_bytes(), [b'.'; 81]);
    /// ```
    pub fn to_line_bytes(&self) -> [u8; 81] {
        self.line_bytes(b'.')
    }

    fn line_bytes(&self, empty: u8) -> [u8; 81] {
        let mut line = [0u8; 81];
        for (b, &v) in line.iter_mut().zip(&self.cells) {
            *b = if v == 0 { empty } else { b'0' + v };
        }
        line
    }

    /// The grid as nine rows with box separators, as `--format grid` prints it.
    ///
    /// ```text
    /// 4 . . | . . . | 8 . 5
    /// ...
    /// ------+-------+------
    /// ```
    pub fn to_block(&self) -> String {
        self.to_block_with('.')
    }

    /// [`Grid::to_block`] with `empty` drawn in empty cells.
    pub fn to_block_with(&self, empty: char) -> String {
        let mut out = String::with_capacity(9 * 22 + 2 * 22);
        for r in 0..9 {
            if r == 3 || r == 6 {
                out.push_str("------+-------+------\n");
            }
            for c in 0..9 {
                if c == 3 || c == 6 {
                    out.push_str(" |");
                }
                if c > 0 {
                    out.push(' ');
                }
                let v = self.cells[r * 9 + c];
                out.push(if v == 0 { empty } else { char::from(b'0' + v) });
            }
            out.push('\n');
        }
        out
    }
}

impl fmt::Display for Grid {
    /// The one-line form; `{:#}` gives the block form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            f.write_str(&self.to_block())
        } else {
            f.write_str(&self.to_line())
        }
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

impl std::str::FromStr for Grid {
    type Err = crate::ParseError;

    /// Parses exactly one puzzle in line or block format (see
    /// [`crate::format`]); blank lines and comments may surround it, any other
    /// text after it is an error ([`crate::format::parse_one`]).
    fn from_str(s: &str) -> Result<Grid, Self::Err> {
        crate::format::parse_one(s)
    }
}

impl std::ops::Index<Cell> for Grid {
    type Output = u8;

    /// The raw value of a cell, 0 for empty.
    fn index(&self, cell: Cell) -> &u8 {
        &self.cells[cell.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_coordinates_and_names() {
        let c = Cell::at(3, 7).unwrap();
        assert_eq!(c.index(), 34);
        assert_eq!(c.box_index(), 5);
        assert_eq!(c.to_string(), "r4c8");
        assert!(Cell::at(9, 0).is_none());
        assert!(Cell::new(81).is_none());
    }

    #[test]
    fn houses_have_nine_distinct_cells_and_each_cell_is_in_three() {
        let mut count = [0; 81];
        for h in House::all() {
            let cells = h.cells();
            for (i, a) in cells.iter().enumerate() {
                count[a.index()] += 1;
                assert!(a.houses().contains(&h), "{a} not in {h}");
                for b in &cells[i + 1..] {
                    assert!(a.sees(*b));
                }
            }
        }
        assert!(count.iter().all(|&n| n == 3));
        assert_eq!(House::box_at(4).unwrap().cells()[0].to_string(), "r4c4");
    }

    /// Out-of-range numbers make no house (they used to alias or panic).
    #[test]
    fn houses_are_built_only_in_range() {
        assert_eq!(House::row_at(9), None);
        assert_eq!(House::column_at(30), None);
        assert_eq!(House::box_at(usize::MAX), None);
        assert_eq!(House::from_index(27), None);
        assert_eq!(House::from_index(usize::MAX), None);
        assert_eq!(Index9::new(9), None);
        let all: Vec<House> = House::all().collect();
        assert_eq!(all.len(), 27);
        for (i, h) in all.iter().enumerate() {
            assert_eq!(h.index(), i);
            assert_eq!(House::from_index(i), Some(*h));
            assert_eq!(h.number(), i % 9);
        }
        assert_ne!(
            House::row_at(8).unwrap().index(),
            House::column_at(0).unwrap().index()
        );
        let c = Cell::at(4, 7).unwrap();
        assert_eq!(
            c.houses().map(|h| h.to_string()),
            ["row 5", "column 8", "box 6"]
        );
    }

    #[test]
    fn digits_round_trip() {
        assert!(Digit::new(0).is_none() && Digit::new(10).is_none());
        for d in Digit::all() {
            assert_eq!(Digit::from_index(d.index()), Some(d));
            assert_eq!(d.bit().trailing_zeros() as usize, d.index());
        }
    }

    #[test]
    fn block_form_has_separators() {
        let mut g = Grid::empty();
        g.set(Cell::at(0, 0).unwrap(), Digit::new(4));
        let block = g.to_block();
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 11);
        assert_eq!(lines[0], "4 . . | . . . | . . .");
        assert_eq!(lines[3], "------+-------+------");
    }

    #[test]
    fn counts_clues_and_digits() {
        let mut g = Grid::empty();
        g.set(Cell::new(0).unwrap(), Digit::new(5));
        g.set(Cell::new(40).unwrap(), Digit::new(5));
        g.set(Cell::new(80).unwrap(), Digit::new(1));
        assert_eq!(g.clues(), 3);
        assert_eq!(g.distinct_digits(), 2);
        assert_eq!(g.empty_cells().count(), 78);
    }
}
