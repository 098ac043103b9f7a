//! `sudokit print`: puzzles as SVG pages to print (n per page, optionally
//! with pencil marks, a grade, and pages of solutions), or the picture of a
//! step of the solution path. Pages stream: each is written as soon as it is
//! full, and only one page of puzzles is held.

use crate::cli::{Lang, PaperArg, PrintArgs, StepPick};
use crate::commands::human;
use crate::input::{self, Entry, EntryKind, Source};
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use sudokit::classic::trace;
use sudokit::draw::{self, Board, Layout, Panel, Paper};
use sudokit::grade::{self, GradeOptions};
use sudokit::logic::solver::{self, Options, Position, Status};
use sudokit::{Grid, MarkedGrid};

/// Runs `print`.
pub fn run(args: &PrintArgs) -> anyhow::Result<ExitCode> {
    let options = human::options(args.techniques.as_deref(), false)?;
    let lang = human::lang(args.lang);
    let paper = match args.paper {
        PaperArg::A4 => Paper::A4,
        PaperArg::Letter => Paper::Letter,
    };
    let layout = Layout::new(paper, usize::from(args.per_page))
        .ok_or_else(|| anyhow::anyhow!("--per-page: 1 to {}", draw::MAX_PER_PAGE))?;
    let mut sink = Sink::new(args.output.as_deref())?;
    let mut status = crate::batch::Status::default();
    let mut page: Vec<Prepared> = Vec::with_capacity(layout.per_page());
    let mut number = 0;
    for entry in Source::new(&args.inputs, &args.puzzles, args.input_format) {
        let grid = match &entry.kind {
            EntryKind::Puzzle(grid) => grid,
            EntryKind::Bad(reason) => {
                status.failed = true;
                note(&entry, reason);
                continue;
            }
            EntryKind::NoPuzzle => {
                status.failed = true;
                note(&entry, "no puzzle found");
                continue;
            }
            EntryKind::Io(reason) => {
                status.io_error = true;
                let _ = writeln!(io::stderr(), "sudokit: {}: {reason}", entry.location());
                continue;
            }
        };
        let marked = entry.marked(grid);
        if let Some(pick) = &args.step {
            match step_picture(&marked, pick, &options, lang) {
                Ok(svg) => sink.write(&svg)?,
                Err(reason) => {
                    status.failed = true;
                    note(&entry, &reason);
                }
            }
            continue;
        }
        match prepare(&marked, &options, args) {
            Ok((solution, caption)) => {
                number += 1;
                page.push(Prepared {
                    number,
                    marked,
                    solution,
                    caption,
                });
                if page.len() == layout.per_page() {
                    write_page(&mut sink, &layout, &mut page, args)?;
                }
            }
            Err(reason) => {
                status.failed = true;
                note(&entry, &reason);
            }
        }
    }
    write_page(&mut sink, &layout, &mut page, args)?;
    Ok(status.code())
}

/// A puzzle waiting for its page to fill.
struct Prepared {
    /// Its number among the puzzles printed, from 1.
    number: usize,
    /// The puzzle, or a player's position in it.
    marked: MarkedGrid,
    solution: Grid,
    /// The grade's words, when asked for.
    caption: String,
}

/// `FILE:LINE: REASON` on stderr.
fn note(entry: &Entry, reason: &str) {
    let _ = writeln!(io::stderr(), "{}: {reason}", entry.location());
}

/// The puzzle's solution (it must have exactly one) and, with `--grade`,
/// its level, score and rating (for a player's position, of what is left).
fn prepare(
    marked: &MarkedGrid,
    options: &Options,
    args: &PrintArgs,
) -> Result<(Grid, String), String> {
    let solution = marked.solution().map_err(|e| e.to_string())?;
    if !args.grade {
        return Ok((solution, String::new()));
    }
    let g = grade::grade_position(
        marked,
        &GradeOptions {
            solver: options.clone(),
        },
    )
    .map_err(|e| e.to_string())?;
    let caption = if g.solved {
        format!(
            "{} · {} · SE {}",
            level_name(g.level, args.lang),
            g.score,
            g.rating
        )
    } else {
        let word = match args.lang {
            Lang::En => "unfinished",
            Lang::Es => "sin terminar",
        };
        format!("{word} · SE {}", g.rating)
    };
    Ok((solution, caption))
}

/// A level as the web page names it in each language.
fn level_name(level: sudokit::grade::Level, lang: Lang) -> &'static str {
    use sudokit::grade::Level;
    match (lang, level) {
        (Lang::En, level) => level.name(),
        (Lang::Es, Level::Easy) => "fácil",
        (Lang::Es, Level::Medium) => "medio",
        (Lang::Es, Level::Hard) => "difícil",
        (Lang::Es, Level::Unfair) => "injusto",
        (Lang::Es, Level::Extreme) => "extremo",
    }
}

/// Writes the page of the puzzles held, then with `--solution` the page of
/// their solutions, and empties the page.
fn write_page(
    sink: &mut Sink,
    layout: &Layout,
    page: &mut Vec<Prepared>,
    args: &PrintArgs,
) -> anyhow::Result<()> {
    if page.is_empty() {
        return Ok(());
    }
    let panel = |p: &Prepared, board: Board| Panel {
        board,
        label: p.number.to_string(),
        note: p.caption.clone(),
        footer: p.marked.givens().to_line(),
    };
    let puzzles: Vec<Panel> = page
        .iter()
        .map(|p| {
            // A player's position shows its placed digits, and its marks
            // where it has some.
            let mut board = Board::new(p.marked.givens()).with_digits(p.marked.values());
            if args.candidates || p.marked.has_marks() {
                board = board.with_candidates(p.marked.candidates());
            }
            panel(p, board)
        })
        .collect();
    sink.write(&layout.page("", &puzzles))?;
    if args.solution {
        let solutions: Vec<Panel> = page
            .iter()
            .map(|p| panel(p, Board::new(p.marked.givens()).with_digits(&p.solution)))
            .collect();
        let heading = match args.lang {
            Lang::En => "Solutions",
            Lang::Es => "Soluciones",
        };
        sink.write(&layout.page(heading, &solutions))?;
    }
    page.clear();
    Ok(())
}

/// The picture of the step `pick` names on the solution path from
/// `marked` (a puzzle or a player's position), or why there is none.
fn step_picture(
    marked: &MarkedGrid,
    pick: &StepPick,
    options: &Options,
    lang: trace::Lang,
) -> Result<String, String> {
    let outcome = solver::solve_position(marked, options).map_err(|e| e.to_string())?;
    let mut pos = Position::of(marked);
    for (i, step) in outcome.steps.iter().enumerate() {
        let hit = match pick {
            StepPick::Number(n) => i + 1 == *n,
            StepPick::Technique(_, list) => {
                step.step().is_some_and(|s| list.contains(&s.technique))
            }
        };
        if hit {
            return Ok(draw::step_svg(&pos, step, Some(i + 1), lang));
        }
        pos.apply_solved(step);
    }
    let steps = match outcome.steps.len() {
        1 => "1 step".to_string(),
        n => format!("{n} steps"),
    };
    Err(match pick {
        StepPick::Number(_) if outcome.steps.is_empty() && outcome.status == Status::Solved => {
            "the grid is already solved: it has no step".to_string()
        }
        StepPick::Number(n) if outcome.status == Status::Stuck => {
            format!("no step {n}: stuck after {steps} (no allowed technique applies)")
        }
        StepPick::Number(n) => format!("no step {n}: the solution takes {steps}"),
        StepPick::Technique(name, _) => format!("no {name} step in the solution path"),
    })
}

/// Where pages go: standard output, a file (numbered from the second
/// page on), a folder, or a device, pipe or link that takes them all in
/// turn.
enum Sink {
    Stdout,
    Stream(fs::File),
    File { path: PathBuf, pages: usize },
    Folder { dir: PathBuf, pages: usize },
}

impl Sink {
    /// The sink for `-o`: a folder when it names one (or ends with `/`,
    /// and then it is made), a file otherwise; standard output without it.
    fn new(output: Option<&Path>) -> anyhow::Result<Sink> {
        let Some(path) = output.filter(|p| p.as_os_str() != "-") else {
            return Ok(Sink::Stdout);
        };
        let folder_name = path.as_os_str().to_string_lossy().ends_with(['/', '\\']);
        if path.is_dir() || folder_name {
            fs::create_dir_all(path).map_err(|e| file_error(path, &e))?;
            return Ok(Sink::Folder {
                dir: path.to_path_buf(),
                pages: 0,
            });
        }
        // Numbering renames the first page's file: done to `/dev/null`, a
        // pipe or a link such as `/dev/stdout`, that would put a plain file
        // in the device's place or move the link itself.
        if fs::symlink_metadata(path).is_ok_and(|m| !m.is_file()) {
            let file = fs::File::create(path).map_err(|e| file_error(path, &e))?;
            return Ok(Sink::Stream(file));
        }
        Ok(Sink::File {
            path: path.to_path_buf(),
            pages: 0,
        })
    }

    /// Writes one page (a whole SVG document).
    fn write(&mut self, svg: &str) -> anyhow::Result<()> {
        match self {
            Sink::Stdout => {
                let mut out = crate::output::stdout();
                out.write_all(svg.as_bytes())?;
                out.flush()?;
            }
            Sink::Stream(file) => {
                file.write_all(svg.as_bytes())?;
                file.flush()?;
            }
            Sink::File { path, pages } => {
                *pages += 1;
                if *pages == 2 {
                    let first = numbered(path, 1);
                    fs::rename(&*path, &first).map_err(|e| file_error(&first, &e))?;
                }
                let target = if *pages == 1 {
                    path.clone()
                } else {
                    numbered(path, *pages)
                };
                fs::write(&target, svg).map_err(|e| file_error(&target, &e))?;
            }
            Sink::Folder { dir, pages } => {
                *pages += 1;
                let target = dir.join(format!("page-{pages}.svg"));
                fs::write(&target, svg).map_err(|e| file_error(&target, &e))?;
            }
        }
        Ok(())
    }
}

/// `book.svg` as page `n`: `book-n.svg` (`book-n` without an extension).
fn numbered(path: &Path, n: usize) -> PathBuf {
    let stem = path
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

fn file_error(path: &Path, e: &io::Error) -> anyhow::Error {
    anyhow::anyhow!("{}: {}", path.display(), input::io_reason(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_files_are_numbered_before_the_extension() {
        assert_eq!(numbered(Path::new("book.svg"), 2), Path::new("book-2.svg"));
        assert_eq!(
            numbered(Path::new("out/a.b.svg"), 10),
            Path::new("out/a.b-10.svg")
        );
        assert_eq!(numbered(Path::new("pages"), 1), Path::new("pages-1"));
    }
}
