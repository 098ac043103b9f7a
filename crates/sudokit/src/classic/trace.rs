//! The iteration trace of the deepening search, printed as it happens.
//!
//! [`super::deepening::trace`] hands every step of the search to a callback
//! as an [`Event`]; [`TextWriter`] prints each one at once, so a trace of
//! any length takes the same memory. Two styles:
//!
//! [`Style::Document`] (the default) prints what the source document does:
//!
//! ```text
//! iter=0 i=0 j=0 n=""          <- the initial board after the first deepening
//! 4 * 2 * 5 * 8 * 9            <- nine rows, cells separated by spaces, `*` empty
//! ...
//! FALLIDO iter=1 i=1 j=2 n=1   <- a trial the deepening proves hopeless (FAILED in
//! 4 * 2 * 5 * 8 * 9               English), with the board as it stood before it
//! ...
//! iter=1 i=1 j=2 n=3           <- a kept trial: the board after it and its deepening
//! 4 3 2 * 5 * 8 * 9
//! ...
//! SOLUCIÓN 1                   <- after a full board (SOLUTION 1 in English)
//! 1 solución, 2 iteraciones, 1 rama fallida: búsqueda completa
//! ```
//!
//! `iter` is the trial's depth: the number of trials on the path from the
//! initial board to it, this one included, so the trials of one cell share
//! it. `i` and `j` are the cell's row and column, 1-based (0 in the first
//! block, which has no trial), `n` the digit tried. The last line counts
//! solutions, iterations (trials) and dead ends and says why the search
//! stopped.
//!
//! [`Style::Compact`] is the earlier form: `iter=N` counts the trials in the
//! order made, rows have no spaces, every board is the one after the trial,
//! and `FALLIDO` / `FAILED` follows a failed board on a line of its own.

use super::{Outcome, Stop};
use crate::candidates::DigitSet;
use crate::grid::{Cell, Digit, Grid};
use std::fmt;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::str::FromStr;

/// The language of the text trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// English: `FAILED`, `SOLUTION`.
    #[default]
    En,
    /// Spanish, as the source documents: `FALLIDO`, `SOLUCIÓN`.
    Es,
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Lang::En => "en",
            Lang::Es => "es",
        })
    }
}

impl FromStr for Lang {
    type Err = String;

    /// Parses `en` or `es` (case-insensitive).
    fn from_str(s: &str) -> Result<Lang, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "es" => Ok(Lang::Es),
            _ => Err(format!(
                "unknown language '{}' (expected en or es)",
                s.trim()
            )),
        }
    }
}

/// How the text trace is laid out (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Style {
    /// As the source document prints it: `iter=DEPTH i=ROW j=COL n=DIGIT`
    /// headers, `FALLIDO` headers on failed trials with the board before
    /// them, rows of space-separated cells.
    #[default]
    Document,
    /// One header per trial numbered in order, unspaced rows, every board
    /// after its trial, `FALLIDO` after a failed one.
    Compact,
}

impl fmt::Display for Style {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Style::Document => "document",
            Style::Compact => "compact",
        })
    }
}

impl FromStr for Style {
    type Err = String;

    /// Parses `document` or `compact` (case-insensitive).
    fn from_str(s: &str) -> Result<Style, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "document" => Ok(Style::Document),
            "compact" => Ok(Style::Compact),
            _ => Err(format!(
                "unknown trace style '{}' (expected document or compact)",
                s.trim()
            )),
        }
    }
}

/// What became of a position after its trial and deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither solved nor contradictory: the search goes on below it.
    Open,
    /// The deepening found a contradiction: a dead end (`FALLIDO`).
    Failed,
    /// The board is full: a solution.
    Solution,
}

/// One step of the deepening search: the initial deepening or a trial.
#[derive(Clone, Copy, Debug)]
pub struct Event<'a> {
    /// The trial's number in the order made, 1-based; 0 for the initial
    /// deepening.
    pub iteration: u64,
    /// Trials on the path from the initial board to this one, this one
    /// included; 0 for the initial deepening.
    pub depth: u64,
    /// The cell and digit tried; `None` for the initial deepening.
    pub trial: Option<(Cell, Digit)>,
    /// The candidates of the trial's cell on the board it was made on: the
    /// digits the search tries there, in increasing order (`d` in the
    /// source document). Empty for the initial deepening.
    pub candidates: DigitSet,
    /// The board the trial was made on (for the initial deepening, the
    /// puzzle as given).
    pub before: &'a Grid,
    /// The board after the trial and its deepening (when the deepening
    /// failed, as it stood when the contradiction showed).
    pub board: &'a Grid,
    /// What became of it.
    pub verdict: Verdict,
}

/// Prints a text trace event by event to `out`, holding nothing but a
/// count of solutions.
///
/// Pass each event of [`super::deepening::trace`] to [`TextWriter::event`],
/// then the outcome to [`TextWriter::finish`] for the closing line. A write
/// error stops the search (the event callback returns
/// [`ControlFlow::Break`]) and is returned by [`TextWriter::finish`].
#[derive(Debug)]
pub struct TextWriter<W: Write> {
    out: W,
    lang: Lang,
    style: Style,
    solutions: u64,
    error: Option<io::Error>,
}

impl<W: Write> TextWriter<W> {
    /// A writer of `style` in `lang` to `out`.
    pub fn new(out: W, lang: Lang, style: Style) -> TextWriter<W> {
        TextWriter {
            out,
            lang,
            style,
            solutions: 0,
            error: None,
        }
    }

    /// Prints `event`; [`ControlFlow::Break`] once a write has failed.
    pub fn event(&mut self, event: &Event<'_>) -> ControlFlow<()> {
        if self.error.is_some() {
            return ControlFlow::Break(());
        }
        match self.write_event(event) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }

    /// Prints the closing line for `outcome` and hands back the output, or
    /// the first write error.
    ///
    /// # Errors
    /// The first error the output gave, for a line of the trace or for the
    /// closing line.
    pub fn finish(mut self, outcome: &Outcome) -> io::Result<W> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        writeln!(self.out, "{}", summary(outcome, self.lang))?;
        Ok(self.out)
    }

    fn write_event(&mut self, e: &Event<'_>) -> io::Result<()> {
        let failed = e.verdict == Verdict::Failed;
        let failed_word = match self.lang {
            Lang::En => "FAILED",
            Lang::Es => "FALLIDO",
        };
        match self.style {
            Style::Document => {
                if failed {
                    write!(self.out, "{failed_word} ")?;
                }
                match e.trial {
                    Some((cell, digit)) => writeln!(
                        self.out,
                        "iter={} i={} j={} n={digit}",
                        e.depth,
                        cell.row() + 1,
                        cell.col() + 1
                    )?,
                    None => writeln!(self.out, "iter=0 i=0 j=0 n=\"\"")?,
                }
                write_board(&mut self.out, if failed { e.before } else { e.board }, " ")?;
            }
            Style::Compact => {
                match e.trial {
                    Some((cell, digit)) => writeln!(
                        self.out,
                        "iter={} i={} j={} n={digit}",
                        e.iteration,
                        cell.row() + 1,
                        cell.col() + 1
                    )?,
                    None => writeln!(self.out, "iter={}", e.iteration)?,
                }
                write_board(&mut self.out, e.board, "")?;
                if failed {
                    writeln!(self.out, "{failed_word}")?;
                }
            }
        }
        if e.verdict == Verdict::Solution {
            self.solutions += 1;
            let word = match self.lang {
                Lang::En => "SOLUTION",
                Lang::Es => "SOLUCIÓN",
            };
            writeln!(self.out, "{word} {}", self.solutions)?;
        }
        Ok(())
    }
}

/// Nine rows of `board`, `*` for an empty cell, cells joined by `sep`.
fn write_board(out: &mut impl Write, board: &Grid, sep: &str) -> io::Result<()> {
    let mut row = String::with_capacity(17);
    for r in 0..9 {
        row.clear();
        for c in 0..9 {
            if c > 0 {
                row.push_str(sep);
            }
            let cell = Cell::at(r, c).expect("r, c < 9");
            row.push(board.get(cell).map_or('*', |d| char::from(b'0' + d.get())));
        }
        writeln!(out, "{row}")?;
    }
    Ok(())
}

/// The closing line of a text trace: solutions, iterations and dead ends,
/// and why the search stopped, in `lang`.
///
/// ```
/// use sudokit::classic::{ClassicStats, Outcome, Stop};
/// use sudokit::classic::trace::{summary, Lang};
///
/// let stats = ClassicStats { iterations: 11, dead_ends: 1, ..ClassicStats::default() };
/// let outcome = Outcome { found: 1, stop: Stop::SolutionLimit, stats };
/// assert_eq!(summary(&outcome, Lang::En), "1 solution, 11 iterations, 1 dead end: solution limit reached");
/// ```
pub fn summary(outcome: &Outcome, lang: Lang) -> String {
    let plural = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let (found, iterations, dead_ends) = (
        outcome.found,
        outcome.stats.iterations,
        outcome.stats.dead_ends,
    );
    let stop = outcome.stop;
    match lang {
        Lang::En => format!(
            "{}, {}, {}: {stop}",
            plural(found, "solution", "solutions"),
            plural(iterations, "iteration", "iterations"),
            plural(dead_ends, "dead end", "dead ends"),
        ),
        Lang::Es => {
            let why = match stop {
                Stop::Exhausted => "búsqueda completa".to_string(),
                Stop::SolutionLimit => "límite de soluciones alcanzado".to_string(),
                Stop::IterationLimit => "límite de iteraciones alcanzado".to_string(),
                Stop::MemoryCap { cap_bytes, .. } => {
                    format!("límite de memoria alcanzado ({cap_bytes} bytes)")
                }
                Stop::Cancelled => "búsqueda interrumpida".to_string(),
            };
            format!(
                "{}, {}, {}: {why}",
                plural(found, "solución", "soluciones"),
                plural(iterations, "iteración", "iteraciones"),
                plural(dead_ends, "rama fallida", "ramas fallidas"),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::Limits;
    use crate::classic::deepening::{self, Options};
    use crate::classic::test_support::*;

    fn text(grid: &Grid, options: &Options, lang: Lang, style: Style) -> (Outcome, String) {
        let mut w = TextWriter::new(Vec::new(), lang, style);
        let outcome = deepening::trace(grid, options, &mut |e| w.event(e));
        let out = w.finish(&outcome).unwrap();
        (outcome, String::from_utf8(out).unwrap())
    }

    fn limited(max_iterations: u64) -> Options {
        Options {
            limits: Limits {
                max_iterations: Some(max_iterations),
                ..Limits::NONE
            },
            ..Options::default()
        }
    }

    #[test]
    fn langs_and_styles_parse() {
        assert_eq!("es".parse(), Ok(Lang::Es));
        assert_eq!("EN".parse(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(Lang::Es.to_string(), "es");
        for style in [Style::Document, Style::Compact] {
            assert_eq!(style.to_string().parse(), Ok(style));
        }
        assert_eq!(Style::default(), Style::Document);
        assert_eq!(
            "wide".parse::<Style>(),
            Err("unknown trace style 'wide' (expected document or compact)".into())
        );
    }

    /// The first three trials on [`HARD`]: r1c1=1 is kept, then r1c2=4 and
    /// r1c2=5 fail. Each failed block shows the board before its trial, the
    /// one of the kept r1c1=1.
    #[test]
    fn document_style_headers_and_boards() {
        let root = [
            "* * 6 3 * * * * *",
            "* * * * * * 1 * *",
            "8 2 * * * 1 * * 7",
            "9 * * * 4 5 * 1 *",
            "3 * * 2 9 7 * * *",
            "* * * 1 * * 5 * *",
            "* * * 5 1 * * 8 *",
            "* * 4 * * 8 * 3 *",
            "* * * * * 2 6 * *",
        ];
        let mut kept = root;
        kept[0] = "1 * 6 3 * * * * *";
        let mut expected = vec!["iter=0 i=0 j=0 n=\"\""];
        expected.extend(root);
        expected.push("iter=1 i=1 j=1 n=1");
        expected.extend(kept);
        expected.push("FALLIDO iter=2 i=1 j=2 n=4");
        expected.extend(kept);
        expected.push("FALLIDO iter=2 i=1 j=2 n=5");
        expected.extend(kept);
        expected
            .push("0 soluciones, 3 iteraciones, 2 ramas fallidas: límite de iteraciones alcanzado");
        let puzzle = hard_puzzle();
        let (outcome, es) = text(&puzzle, &limited(3), Lang::Es, Style::Document);
        assert_eq!(outcome.stop, Stop::IterationLimit);
        assert_eq!(es.lines().collect::<Vec<_>>(), expected);
        assert!(es.ends_with('\n'));
        // The first block is the puzzle after the singles: givens kept.
        let first: String = root.concat().replace(' ', "").replace('*', ".");
        let first: Grid = first.parse().unwrap();
        assert!(Cell::all().all(|c| puzzle[c] == 0 || first[c] == puzzle[c]));
        assert!(crate::rules::validate(&first).is_ok());

        let (_, en) = text(&puzzle, &limited(3), Lang::En, Style::Document);
        let en: Vec<&str> = en.lines().collect();
        assert_eq!(en[20], "FAILED iter=2 i=1 j=2 n=4");
        assert_eq!(
            en[40],
            "0 solutions, 3 iterations, 2 dead ends: iteration limit reached"
        );
    }

    /// One block of a document-style trace.
    struct Block {
        failed: bool,
        depth: u64,
        trial: Option<(usize, usize, u8)>,
        board: Grid,
    }

    fn blocks(text: &str) -> Vec<Block> {
        let lines: Vec<&str> = text.lines().collect();
        let mut out = Vec::new();
        let mut k = 0;
        while k + 9 < lines.len() {
            let header = lines[k];
            let (failed, header) = match header.strip_prefix("FALLIDO ") {
                Some(rest) => (true, rest),
                None => (false, header),
            };
            let fields: Vec<&str> = header.split(' ').collect();
            assert_eq!(fields.len(), 4, "{header}");
            let value = |i: usize, key: &str| fields[i].strip_prefix(key).unwrap().to_string();
            let depth: u64 = value(0, "iter=").parse().unwrap();
            let trial = (depth > 0).then(|| {
                (
                    value(1, "i=").parse().unwrap(),
                    value(2, "j=").parse().unwrap(),
                    value(3, "n=").parse().unwrap(),
                )
            });
            let rows = &lines[k + 1..k + 10];
            for row in rows {
                assert_eq!(row.len(), 17, "{row}");
                assert!(row.split(' ').all(|c| c == "*" || ("1"..="9").contains(&c)));
            }
            let board = rows.concat().replace(' ', "").replace('*', ".");
            out.push(Block {
                failed,
                depth,
                trial,
                board: board.parse().unwrap(),
            });
            k += 10;
            if lines.get(k).is_some_and(|l| l.starts_with("SOLUCIÓN ")) {
                k += 1;
            }
        }
        out
    }

    #[test]
    fn failed_blocks_show_the_board_before_and_kept_ones_the_board_after() {
        for puzzle in [hard_puzzle(), many_solutions()] {
            let (outcome, es) = text(&puzzle, &Options::default(), Lang::Es, Style::Document);
            let blocks = blocks(&es);
            assert_eq!(blocks.len() as u64, outcome.stats.iterations + 1);
            let failed = blocks.iter().filter(|b| b.failed).count() as u64;
            assert_eq!(failed, outcome.stats.dead_ends);
            let solutions = es.lines().filter(|l| l.starts_with("SOLUCIÓN ")).count();
            assert_eq!(solutions as u64, outcome.found);
            // The kept board at each depth of the current path.
            let mut path: Vec<Grid> = vec![blocks[0].board];
            assert_eq!((blocks[0].depth, blocks[0].trial), (0, None));
            for b in &blocks[1..] {
                let (i, j, n) = b.trial.unwrap();
                let cell = Cell::at(i - 1, j - 1).unwrap();
                let depth = b.depth as usize;
                assert!(depth >= 1 && depth <= path.len(), "depth {depth}");
                path.truncate(depth);
                let parent = path[depth - 1];
                assert_eq!(parent.get(cell), None, "the trial's cell was empty");
                if b.failed {
                    assert_eq!(b.board, parent);
                } else {
                    assert_eq!(b.board.get(cell).map(Digit::get), Some(n));
                    assert!(Cell::all().all(|c| parent[c] == 0 || b.board[c] == parent[c]));
                    path.push(b.board);
                }
            }
        }
    }

    #[test]
    fn compact_style_is_the_earlier_form() {
        let (puzzle, a, b) = deadly_pattern();
        let (outcome, es) = text(&puzzle, &Options::default(), Lang::Es, Style::Compact);
        assert_eq!(outcome.found, 2);
        let lines: Vec<&str> = es.lines().collect();
        // iter=0: the puzzle itself, the singles cannot touch a deadly pattern.
        assert_eq!(lines[0], "iter=0");
        assert_eq!(lines[1..10].concat(), puzzle.to_line_with('*'));
        let first = puzzle.empty_cells().next().unwrap();
        let low = a[first].min(b[first]);
        assert_eq!(
            lines[10],
            format!("iter=1 i={} j={} n={low}", first.row() + 1, first.col() + 1)
        );
        let solution = if a[first] == low { a } else { b };
        assert_eq!(lines[11..20].concat(), solution.to_line());
        assert_eq!(lines[20], "SOLUCIÓN 1");
        assert!(lines[21].starts_with("iter=2 i="));
        assert_eq!(lines[31], "SOLUCIÓN 2");
        assert_eq!(
            lines[32],
            "2 soluciones, 2 iteraciones, 0 ramas fallidas: búsqueda completa"
        );
        assert_eq!(lines.len(), 33);

        let (outcome, en) = text(&hard_puzzle(), &limited(3), Lang::En, Style::Compact);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines[0], "iter=0");
        assert_eq!(lines[10], "iter=1 i=1 j=1 n=1");
        assert_eq!(lines[20], "iter=2 i=1 j=2 n=4");
        assert_eq!(lines[30], "FAILED");
        assert_eq!(lines[31], "iter=3 i=1 j=2 n=5");
        assert_eq!(lines.len(), 43);
        assert_eq!(outcome.stats.dead_ends, 2);
    }

    #[test]
    fn failures_at_the_root() {
        let puzzle = clashing();
        let (outcome, es) = text(&puzzle, &Options::default(), Lang::Es, Style::Document);
        assert_eq!((outcome.found, outcome.stop), (0, Stop::Exhausted));
        let lines: Vec<&str> = es.lines().collect();
        assert_eq!(lines[0], "FALLIDO iter=0 i=0 j=0 n=\"\"");
        assert_eq!(lines[1], "* * * 5 * * * 5 *");
        assert!(lines[2..10].iter().all(|l| *l == "* * * * * * * * *"));
        assert_eq!(
            lines[10],
            "0 soluciones, 0 iteraciones, 0 ramas fallidas: búsqueda completa"
        );
        assert_eq!(lines.len(), 11);
        // Row 1 lacks only 9, but column 9 has one: deepening alone fails,
        // and the block shows the puzzle as given.
        let mut line = format!("12345678.{}", ".".repeat(72));
        line.replace_range(80..81, "9");
        let puzzle: Grid = line.parse().unwrap();
        let (outcome, en) = text(&puzzle, &Options::default(), Lang::En, Style::Document);
        assert_eq!(outcome.stats.dead_ends, 1);
        let lines: Vec<&str> = en.lines().collect();
        assert_eq!(lines[0], "FAILED iter=0 i=0 j=0 n=\"\"");
        assert_eq!(lines[1], "1 2 3 4 5 6 7 8 *");
        assert_eq!(lines[9], "* * * * * * * * 9");
        assert_eq!(
            lines[10],
            "0 solutions, 0 iterations, 1 dead end: search complete"
        );
    }

    /// Accepts `left` bytes, then fails.
    #[derive(Debug)]
    struct Failing {
        left: usize,
    }

    impl Write for Failing {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.left == 0 {
                return Err(io::Error::new(io::ErrorKind::BrokenPipe, "closed"));
            }
            let n = buf.len().min(self.left);
            self.left -= n;
            Ok(n)
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_write_error_stops_the_search() {
        let mut w = TextWriter::new(Failing { left: 500 }, Lang::En, Style::Document);
        let mut events = 0;
        let outcome = deepening::trace(&Grid::empty(), &Options::default(), &mut |e| {
            events += 1;
            w.event(e)
        });
        assert_eq!(outcome.stop, Stop::Cancelled);
        // 500 bytes hold two blocks of 180 bytes, and the third fails.
        assert_eq!(events, 3);
        assert_eq!(outcome.stats.iterations, 2);
        let err = w.finish(&outcome).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::BrokenPipe);
    }

    /// Counts bytes and newlines, keeps nothing.
    #[derive(Default)]
    struct Counter {
        bytes: u64,
        lines: u64,
    }

    impl Write for Counter {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.bytes += buf.len() as u64;
            self.lines += buf.iter().filter(|&&b| b == b'\n').count() as u64;
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Every event is printed (no cap), and the writer holds none of them:
    /// it owns only a counter of solutions and the output it was given.
    #[test]
    fn every_event_is_printed_without_a_cap() {
        let options = Options {
            limits: Limits {
                max_iterations: Some(120_000),
                ..Limits::NONE
            },
            ..Options::default()
        };
        let mut w = TextWriter::new(Counter::default(), Lang::Es, Style::Document);
        let mut events = 0u64;
        let outcome = deepening::trace(&Grid::empty(), &options, &mut |e| {
            events += 1;
            w.event(e)
        });
        assert_eq!(outcome.stop, Stop::IterationLimit);
        assert_eq!(events, 120_001, "more than the old cap of 100 000");
        assert!(outcome.found > 10_000);
        let counter = w.finish(&outcome).unwrap();
        // Ten lines a block, one per solution, the closing line.
        assert_eq!(counter.lines, events * 10 + outcome.found + 1);
        assert!(counter.bytes > events * 180);
        assert!(size_of::<TextWriter<Counter>>() < 128);
    }
}
