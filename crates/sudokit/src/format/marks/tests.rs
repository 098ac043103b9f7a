//! The pencil-mark formats: known texts read exactly, errors with their
//! lines, and writers read back, alone and among other puzzles.

use super::*;
use crate::format::{Puzzle, parse_puzzles};
use crate::grid::{Digit, Grid};
use proptest::prelude::*;

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// The cell named `rRcC`.
fn cell(name: &str) -> Cell {
    let b = name.as_bytes();
    Cell::at(usize::from(b[1] - b'1'), usize::from(b[3] - b'1')).unwrap()
}

fn set(digits: &str) -> DigitSet {
    digits.parse().unwrap()
}

/// Every result as `LINE: givens` / `LINE: error`.
fn lines(text: &str) -> Vec<String> {
    parse_puzzles(text)
        .into_iter()
        .map(|r| match r {
            Ok(p) => format!("{}: {}", p.line, p.grid),
            Err(e) => e.to_string(),
        })
        .collect()
}

fn one(text: &str) -> Puzzle {
    let all = parse_puzzles(text);
    assert_eq!(all.len(), 1, "{all:?}");
    all.into_iter().next().unwrap().unwrap()
}

/// HoDoKu's pencil-mark grid of P, as forums post it.
const HODOKU_PM: &str = "\
.-----------------.-------------------.----------------.
| 4    1679  12679 | 139  2369   1269 | 8    1239  5    |
| 26789 3  1256789 | 14589 24569 1245689 | 12679 1249 124679 |
| 2689 15689 125689 | 7  234569 1245689 | 12369 12349 123469 |
:-----------------+-------------------+----------------:
| 3789 2 135789    | 3459 34579 4579  | 13579 6 13789    |
| 3679 15679 135679 | 359 8 25679     | 4 12359 12379    |
| 36789 456789 356789 | 3459 1 245679 | 23579 23589 23789 |
:-----------------+-------------------+----------------:
| 289  89   289    | 6    459  3      | 1259 7 12489     |
| 5    6789 36789  | 2    479  14789  | 1369 13489 134689 |
| 1    6789 4      | 589  579  5789   | 23569 23589 23689 |
'-----------------'-------------------'----------------'
";

#[test]
fn a_hodoku_pm_grid_reads_exactly() {
    let p = one(HODOKU_PM);
    assert_eq!(p.line, 2);
    assert_eq!(p.grid.to_string(), P);
    let pos = p.position.unwrap();
    assert_eq!(pos.values(), &p.grid);
    assert_eq!(pos.marks(cell("r1c2")), set("1679"));
    assert_eq!(pos.marks(cell("r2c9")), set("124679"));
    assert_eq!(pos.marks(cell("r9c9")), set("23689"));
    assert!(pos.marks(cell("r1c1")).is_empty());
    // The marks are the candidates the givens allow: the same position.
    assert_eq!(pos.candidates(), crate::Candidates::from_grid(&p.grid));
}

#[test]
fn sudokits_own_candidates_read_back() {
    let givens: Grid = P.parse().unwrap();
    let drawn =
        crate::logic::explain::pencil_marks(&givens, &crate::Candidates::from_grid(&givens));
    assert!(drawn.starts_with("+-----"));
    let p = one(&drawn);
    assert_eq!(p.grid, givens);
    assert_eq!(p.position.unwrap().marks(cell("r3c5")), set("234569"));
}

#[test]
fn a_naked_single_stays_a_candidate() {
    // r1c1 holds 4 alone and r1c2 still has 4 among its candidates: r1c1
    // is an empty cell with one candidate; r9c9 holds 9 alone, seen by no
    // cell with 9: a given.
    let mut rows: Vec<String> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| match (r, c) {
                    (0, 0) => "4".to_string(),
                    (8, 8) => "9".to_string(),
                    _ => "1245678".to_string(),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    rows[0] = format!("| {}", rows[0]);
    let pos = one(&rows.join("\n")).position.unwrap();
    assert_eq!(pos.givens().get(cell("r9c9")), Digit::new(9));
    assert_eq!(pos.givens().get(cell("r1c1")), None);
    assert_eq!(pos.marks(cell("r1c1")), set("4"));
}

#[test]
fn pm_grid_errors_name_their_line_and_cell() {
    let dead = HODOKU_PM.replace("| 289  89", "| 289  -");
    assert_eq!(
        lines(&format!("{P}\n\n{dead}")),
        [format!("1: {P}"), "4: r7c2: no candidate".into()]
    );
    let short = HODOKU_PM.replace("| 359 8 25679", "| 359 25679");
    assert_eq!(
        lines(&short),
        ["2: row 5 of the block (line 7) has 8 cells, expected 9"]
    );
    let typo = HODOKU_PM.replace("| 359 8 25679", "| 359 8 256x9");
    assert_eq!(
        lines(&typo),
        ["2: row 5 of the block (line 7): bad character 'x' at column 32"]
    );
    let eight: Vec<&str> = HODOKU_PM
        .lines()
        .filter(|l| !l.starts_with("| 5 "))
        .collect();
    assert_eq!(lines(&eight.join("\n")), ["2: block of 8 rows, expected 9"]);
}

#[test]
fn hodoku_step_markup_is_tolerated() {
    let marked = HODOKU_PM.replace("| 4    1679  12679", "| 4   *1679  #12-679");
    let pos = one(&marked).position.unwrap();
    assert_eq!(pos.marks(cell("r1c2")), set("1679"));
    assert_eq!(pos.marks(cell("r1c3")), set("12679"));
}

#[test]
fn pm729_reads_candidates_and_singles() {
    let mut text = String::new();
    for k in 0..81 {
        text.push_str(match k {
            0 => "...4.....", // r1c1: 4 alone, placed
            1 => "1....67.9", // positional
            2 => "1679.....", // packed
            3 => "100040000", // zeros for absent
            _ => "123456789",
        });
    }
    let p = one(&format!("# a sukaku\n{text}  # rated 9.9\n"));
    assert_eq!(p.line, 2);
    assert_eq!(p.grid, Grid::empty());
    let pos = p.position.unwrap();
    assert_eq!(pos.values().get(cell("r1c1")), Digit::new(4));
    assert_eq!(pos.placed().count(), 1);
    assert_eq!(pos.marks(cell("r1c2")), set("1679"));
    assert_eq!(pos.marks(cell("r1c3")), set("1679"));
    assert_eq!(pos.marks(cell("r1c4")), set("14"));
    assert_eq!(pos.marks(cell("r5c5")), DigitSet::ALL);
    let dead = text.replacen("100040000", "000000000", 1);
    assert_eq!(
        lines(&format!("{P}\n{dead}")),
        [format!("1: {P}"), "2: r1c4: no candidate".into()]
    );
}

#[test]
fn hodoku_library_lines() {
    let line = format!(":0000:x:{}+9:124 125 634::", &P[..80]);
    let p = one(&line);
    assert_eq!(p.grid.to_string(), P);
    let pos = p.position.unwrap();
    assert_eq!(
        pos.placed().collect::<Vec<_>>(),
        [(cell("r9c9"), Digit::new(9).unwrap())]
    );
    assert_eq!(pos.marks(cell("r2c4")), set("4589"));
    // 1 is no candidate of r2c5 anyway, and r3c4 holds 7: nothing deleted.
    assert_eq!(pos.marks(cell("r2c5")), DigitSet::EMPTY);
    assert_eq!(pos.marks(cell("r3c4")), DigitSet::EMPTY);
    assert_eq!(pos.marks(cell("r2c6")), DigitSet::EMPTY);
    // With a step (7 ':'), its fields are not read.
    let step = format!(":0100:1:{P}:124:134 135:r2c4<>1:");
    assert_eq!(
        one(&step).position.unwrap().marks(cell("r2c4")),
        set("4589")
    );
    // Without anything beyond givens, the givens alone.
    assert_eq!(one(&format!(":0000:x:{P}:::")).position, None);
}

#[test]
fn hodoku_library_errors() {
    assert_eq!(
        lines(&format!(":0000:x:{P}:")),
        ["1: HoDoKu library line with 4 ':', expected 6 or 7"]
    );
    assert_eq!(
        lines(&format!("{P}\n:0000:x:{}::::", &P[1..])),
        [
            format!("1: {P}"),
            "2: HoDoKu library puzzle of 80 cells, expected 81".into()
        ]
    );
    assert_eq!(
        lines(&format!(":0000:x:{}::::", P.replacen('.', "a", 1))),
        ["1: bad character 'a' at column 10"]
    );
    assert_eq!(
        lines(&format!(":0000:x:{P}:12 134::")),
        ["1: deleted candidate \"12\" is not a digit, a row and a column"]
    );
    let all: Vec<String> = (1..=9).map(|d| format!("{d}12")).collect();
    assert_eq!(
        lines(&format!(":0000:x:{P}:{}::", all.join(" "))),
        ["1: r1c2: no candidate"]
    );
}

/// SimpleSudoku's three grids, as HoDoKu's source shows them.
const SIMPLE: &str = "\
*-----------*
|8..|4..|...|
|.65|...|.42|
|9..|.8.|1.6|
|---+---+---|
|7..|.65|..8|
|...|...|...|
|2..|94.|..5|
|---+---+---|
|5.9|.2.|..7|
|47.|...|29.|
|...|..1|..4|
*-----------*


*-----------*
|8..|4..|...|
|.65|.7.|.42|
|9..|.8.|1.6|
|---+---+---|
|7..|.65|..8|
|...|...|...|
|2..|94.|..5|
|---+---+---|
|5.9|.24|..7|
|47.|...|29.|
|...|791|..4|
*-----------*


*-----------------------------------------------------------------------------*
| 8       123     1237    | 4       135     2369    | 3579    357     39      |
| 13      6       5       | 13      7       39      | 89      4       2       |
| 9       234     2347    | 235     8       23      | 1       357     6       |
|-------------------------+-------------------------+-------------------------|
| 7       1349    134     | 123     6       5       | 349     123     8       |
| 136     134589  13468   | 1238    13      2378    | 34679   12367   139     |
| 2       138     1368    | 9       4       378     | 367     1367    5       |
|-------------------------+-------------------------+-------------------------|
| 5       138     9       | 368     2       4       | 368     1368    7       |
| 4       7       1368    | 3568    35      368     | 2       9       13      |
| 36      238     2368    | 7       9       1       | 3568    3568    4       |
*-----------------------------------------------------------------------------*
";

#[test]
fn simple_sudoku_keeps_givens_placed_and_marks_apart() {
    let both = parse_puzzles(&format!("{SIMPLE}\n{P}"));
    assert_eq!(both.len(), 2);
    assert_eq!(both[1].as_ref().unwrap().line, 45);
    let p = both[0].clone().unwrap();
    assert_eq!(p.line, 2);
    assert_eq!(p.grid.clues(), 28);
    let pos = p.position.unwrap();
    let placed: Vec<String> = pos.placed().map(|(c, d)| format!("{c}={d}")).collect();
    assert_eq!(placed, ["r2c5=7", "r7c6=4", "r9c4=7", "r9c5=9"]);
    assert_eq!(pos.marks(cell("r1c2")), set("123"));
    assert_eq!(pos.marks(cell("r2c1")), set("13"));
    assert_eq!(pos.marks(cell("r5c2")), set("134589"));
}

#[test]
fn framed_grids_without_marks_are_puzzles_of_their_own() {
    let givens: Vec<&str> = SIMPLE.lines().take(13).collect();
    let framed = givens.join("\n");
    let got = lines(&format!("{framed}\n\n{framed}\n# c\n{P}\n{framed}"));
    let g = "8..4......65....429...8.1.67...65..8.........2..94...55.9.2...747....29......1..4";
    assert_eq!(
        got,
        [
            format!("2: {g}"),
            format!("16: {g}"),
            format!("29: {P}"),
            format!("31: {g}")
        ]
    );
    // Givens and a pencil-mark grid that do not agree: apart.
    let pm: Vec<&str> = SIMPLE.lines().skip(30).collect();
    let other = framed.replace("|8..|4..|...|", "|1..|4..|...|");
    let got = lines(&format!("{other}\n\n{}", pm.join("\n")));
    let lone = one(&pm.join("\n"));
    assert_eq!(lone.grid.clues(), 32);
    assert_eq!(
        got,
        [format!("2: 1{}", &g[1..]), format!("16: {}", lone.grid)]
    );
}

#[test]
fn old_formats_read_as_before_among_new_ones() {
    let block = P.parse::<Grid>().unwrap().to_block();
    let input = format!("{P}\n\n{HODOKU_PM}\n{block}\n:0000:x:{P}:124::\n{P}\n");
    assert_eq!(
        lines(&input),
        [
            format!("1: {P}"),
            format!("4: {P}"),
            format!("17: {P}"),
            format!("29: {P}"),
            format!("30: {P}")
        ]
    );
}

// Round trips.

/// A solved grid, relabelled and shuffled.
fn solution() -> impl Strategy<Value = Grid> {
    let base = crate::engine::solve_one(&P.parse().unwrap()).unwrap();
    (
        Just((1..=9).collect::<Vec<u8>>()).prop_shuffle(),
        proptest::collection::vec(0..3usize, 6),
    )
        .prop_map(move |(digits, swaps)| {
            let mut values = base.values().map(|v| digits[usize::from(v) - 1]);
            // Swap rows within bands and columns within stacks.
            for (k, &s) in swaps.iter().enumerate() {
                let (a, b) = (k % 3 * 3 + s, k % 3 * 3 + (s + 1) % 3);
                for i in 0..9 {
                    if k < 3 {
                        values.swap(a * 9 + i, b * 9 + i);
                    } else {
                        values.swap(i * 9 + a, i * 9 + b);
                    }
                }
            }
            Grid::from_values(values).unwrap()
        })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Pm729,
    PmGrid,
    Library,
    Simple,
}

/// A position `format` can say exactly: from a solution, each cell a given
/// (kind 0), placed (1) or empty (2) with the solution's digit and `extra`
/// among its marks.
fn position(format: Format, sol: &Grid, kinds: &[u8], extra: &[u16]) -> MarkedGrid {
    let mut givens = Grid::empty();
    let mut values = Grid::empty();
    for c in Cell::all() {
        let d = sol.get(c);
        // SimpleSudoku's marks need a cell of several digits to be told
        // from a grid of digits: r1c1 stays empty.
        let kind = if format == Format::Simple && c.index() == 0 {
            2
        } else {
            kinds[c.index()]
        };
        if kind < 2 {
            values.set(c, d);
        }
        if kind == 0 && format != Format::Pm729 {
            givens.set(c, d);
        }
    }
    if format == Format::PmGrid {
        givens = values;
    }
    loop {
        let allowed = crate::Candidates::from_grid(&values);
        let mut marks = [DigitSet::EMPTY; 81];
        let mut changed = false;
        let empty: Vec<Cell> = values.empty_cells().collect();
        for c in empty {
            let d = sol.get(c).unwrap();
            let mut m = DigitSet::from_bits(extra[c.index()] | d.bit());
            match format {
                Format::Pm729 if m.len() < 2 => m.insert(Digit::new(d.get() % 9 + 1).unwrap()),
                Format::Simple if m.len() < 2 && c.index() == 0 => {
                    m.insert(Digit::new(d.get() % 9 + 1).unwrap());
                }
                Format::PmGrid => {
                    m = DigitSet::from_bits(m.bits() & allowed.get(c).bits());
                    if m.len() < 2 {
                        givens.set(c, Some(d));
                        values.set(c, Some(d));
                        changed = true;
                    }
                }
                Format::Library => {
                    m = DigitSet::from_bits(m.bits() & allowed.get(c).bits());
                    if m == allowed.get(c) {
                        m = DigitSet::EMPTY;
                    }
                }
                _ => {}
            }
            marks[c.index()] = m;
        }
        if !changed {
            return MarkedGrid::new(givens, values, marks).unwrap();
        }
    }
}

fn write(format: Format, p: &MarkedGrid) -> String {
    match format {
        Format::Pm729 => to_pm729(p),
        Format::PmGrid => to_pm_grid(p),
        Format::Library => to_hodoku_library(p),
        Format::Simple => to_simple_sudoku(p),
    }
}

const FORMATS: [Format; 4] = [
    Format::Pm729,
    Format::PmGrid,
    Format::Library,
    Format::Simple,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn each_format_reads_back_what_it_wrote(
        sol in solution(),
        kinds in proptest::collection::vec(0..3u8, 81),
        extra in proptest::collection::vec(0..512u16, 81),
    ) {
        for format in FORMATS {
            let p = position(format, &sol, &kinds, &extra);
            let text = write(format, &p);
            let read = one(&text);
            prop_assert_eq!(read.grid, *p.givens(), "{:?}\n{}", format, text);
            prop_assert_eq!(read.position.unwrap_or(MarkedGrid::from_givens(read.grid)), p, "{:?}\n{}", format, text);
        }
    }

    #[test]
    fn positions_stream_among_other_puzzles(
        sol in solution(),
        kinds in proptest::collection::vec(0..3u8, 81),
        extra in proptest::collection::vec(0..512u16, 81),
        order in Just(FORMATS).prop_shuffle(),
    ) {
        let mut input = String::new();
        let mut want = Vec::new();
        let mut line = 1;
        let g: Grid = P.parse().unwrap();
        for format in order {
            for (k, text) in [format!("{P}\n"), g.to_block(), write(format, &position(format, &sol, &kinds, &extra))].into_iter().enumerate() {
                // Grids start at their first row, below the border.
                let border = k == 2 && matches!(format, Format::PmGrid | Format::Simple);
                want.push(line + usize::from(border));
                let text = if text.ends_with('\n') { text } else { text + "\n" };
                line += text.lines().count() + 1;
                input.push_str(&text);
                input.push('\n');
            }
        }
        let got: Vec<usize> = crate::format::Reader::new(input.as_bytes(), crate::format::Syntax::Auto)
            .map(|r| r.unwrap().line)
            .collect();
        prop_assert_eq!(got, want, "{}", input);
        for (k, r) in parse_puzzles(&input).into_iter().enumerate() {
            let r = r.unwrap();
            if k % 3 == 2 {
                let format = order[k / 3];
                prop_assert_eq!(r.position.unwrap_or(MarkedGrid::from_givens(r.grid)), position(format, &sol, &kinds, &extra));
            } else {
                prop_assert_eq!(r.grid, g);
            }
        }
    }
}
