//! `sudokit print`: SVG pages of puzzles and a step's picture, checked by
//! parsing them as XML and counting what they draw.

use super::{P17, example_puzzles, grid, root, run, run_with_stdin, temp_file};
use serde_json::Value;
use std::path::{Path, PathBuf};
use sudokit::{Candidates, Cell, engine};

const EXTREME: &str =
    "..........8791....1..25.9.....64..91........4.59.3....9..3...67..2..6..3..31...5.";

/// The SVG documents of a run's stdout, one per page: each starts at `<svg`.
fn documents(out: &str) -> Vec<&str> {
    let starts: Vec<usize> = out.match_indices("<svg ").map(|(i, _)| i).collect();
    assert!(out.is_empty() || starts.first() == Some(&0), "{out:.80}");
    starts
        .iter()
        .enumerate()
        .map(|(k, &i)| &out[i..starts.get(k + 1).copied().unwrap_or(out.len())])
        .collect()
}

/// What a page draws: the texts of each class, in document order.
struct Page {
    width: String,
    texts: Vec<(String, String)>,
}

impl Page {
    fn parse(svg: &str) -> Page {
        let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg:.300}"));
        let root = doc.root_element();
        assert!(root.has_tag_name("svg"));
        assert!(root.attribute("viewBox").is_some());
        let texts = doc
            .descendants()
            .filter(|n| n.has_tag_name("text") || n.has_tag_name("tspan"))
            .map(|n| {
                let class = n.attribute("class").unwrap_or(n.tag_name().name());
                let text: String = n
                    .children()
                    .filter(|c| c.is_text())
                    .filter_map(|c| c.text())
                    .collect();
                (class.to_string(), text)
            })
            .collect();
        Page {
            width: root.attribute("width").unwrap_or("").to_string(),
            texts,
        }
    }

    fn all(&self, class: &str) -> Vec<&str> {
        self.texts
            .iter()
            .filter(|(c, _)| c == class)
            .map(|(_, t)| t.as_str())
            .collect()
    }

    fn count(&self, class: &str) -> usize {
        self.all(class).len()
    }
}

/// The files of a scratch folder, sorted.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sudokit-print")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn one_puzzle_is_one_a4_page_with_its_givens() {
    let r = run(&["print", P17]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.err, "");
    let docs = documents(&r.out);
    assert_eq!(docs.len(), 1);
    let page = Page::parse(docs[0]);
    assert_eq!(page.width, "210mm");
    let givens: String = page.all("given").concat();
    let expected: String = P17.chars().filter(|c| c.is_ascii_digit()).collect();
    assert_eq!(givens, expected);
    assert_eq!(page.count("digit"), 0);
    assert_eq!(page.count("mark"), 0);
    assert_eq!(page.all("label"), ["1"]);
    assert_eq!(page.all("footer"), [P17]);

    let dash = run(&["print", "-o", "-", P17]);
    assert_eq!(dash.out, r.out);

    let letter = run(&["print", "--paper", "letter", P17]);
    assert_eq!(Page::parse(&letter.out).width, "215.9mm");
}

#[test]
fn pages_of_four_with_solutions_and_bad_puzzles_named() {
    let r = run(&[
        "print",
        "--per-page",
        "4",
        "--solution",
        "examples/puzzles.txt",
    ]);
    // Puzzle 7 has several solutions and puzzle 8 clashing givens: each
    // gets its line on stderr, and the six others are printed.
    assert_eq!(
        r.err,
        "examples/puzzles.txt:8: more than one solution\n\
         examples/puzzles.txt:9: r1c1 and r1c5 both hold 5\n"
    );
    assert_eq!(r.code, 1);
    let good: Vec<String> = example_puzzles().into_iter().take(6).collect();
    let docs = documents(&r.out);
    // ⌈6 / 4⌉ = 2 pages of puzzles, each followed by its solutions.
    assert_eq!(docs.len(), 4);
    let pages: Vec<Page> = docs.iter().map(|d| Page::parse(d)).collect();
    for (k, chunk) in good.chunks(4).enumerate() {
        let (puzzles, solutions) = (&pages[2 * k], &pages[2 * k + 1]);
        assert_eq!(puzzles.count("heading"), 0);
        assert_eq!(solutions.all("heading"), ["Solutions"]);
        let numbers: Vec<String> = (4 * k + 1..=4 * k + chunk.len())
            .map(|n| n.to_string())
            .collect();
        assert_eq!(puzzles.all("label"), numbers);
        assert_eq!(solutions.all("label"), numbers);
        assert_eq!(puzzles.all("footer"), chunk);
        let clues: usize = chunk.iter().map(|p| grid(p).clues()).sum();
        assert_eq!(puzzles.count("given"), clues);
        assert_eq!(puzzles.count("digit"), 0);
        assert_eq!(solutions.count("given"), clues);
        assert_eq!(solutions.count("digit"), 81 * chunk.len() - clues);
        // The solution pages hold the engine's solutions, board by board.
        let mut digits = solutions
            .texts
            .iter()
            .filter(|(c, _)| c == "given" || c == "digit")
            .map(|(_, t)| t.as_str());
        for puzzle in chunk {
            let board: String = digits.by_ref().take(81).collect();
            let solution = engine::solve_one(&grid(puzzle)).unwrap();
            assert_eq!(board, solution.to_line());
        }
    }
}

#[test]
fn per_page_makes_the_ceiling_of_pages() {
    let lines: Vec<String> = example_puzzles().into_iter().take(6).collect();
    let input = lines.join("\n") + "\n";
    for (per_page, pages) in [(1, 6), (2, 3), (4, 2), (6, 1), (36, 1)] {
        let r = run_with_stdin(&["print", "--per-page", &per_page.to_string()], &input);
        assert_eq!(r.code, 0, "{}", r.err);
        let docs = documents(&r.out);
        assert_eq!(docs.len(), pages, "{per_page} per page");
        let labels: Vec<String> = docs
            .iter()
            .flat_map(|d| {
                Page::parse(d)
                    .all("label")
                    .into_iter()
                    .map(str::to_string)
                    .collect::<Vec<_>>()
            })
            .collect();
        assert_eq!(labels, ["1", "2", "3", "4", "5", "6"]);
    }
    for bad in ["0", "37", "four"] {
        let r = run(&["print", "--per-page", bad, P17]);
        assert_eq!(r.code, 2, "--per-page {bad}");
        assert!(r.err.starts_with("sudokit: invalid value"), "{}", r.err);
        assert_eq!(r.out, "");
    }
}

#[test]
fn candidates_are_the_pencil_marks_of_the_start() {
    let r = run(&["print", "--candidates", EXTREME]);
    assert_eq!(r.code, 0);
    let page = Page::parse(&r.out);
    let g = grid(EXTREME);
    let c = Candidates::from_grid(&g);
    let total: usize = Cell::all().map(|cell| c.get(cell).len()).sum();
    assert_eq!(page.count("mark"), total);
    assert_eq!(page.count("given"), g.clues());
}

#[test]
fn a_bad_line_is_named_and_the_rest_printed() {
    let text = format!("{P17}\n{}\n{EXTREME}\n", &P17[..80]);
    let path = temp_file("print-bad.txt", text.as_bytes());
    let path = path.to_str().unwrap();
    let r = run(&["print", "--per-page", "2", path]);
    assert_eq!(r.code, 1);
    assert_eq!(r.err, format!("{path}:2: 80 cells, expected 81\n"));
    let docs = documents(&r.out);
    assert_eq!(docs.len(), 1);
    let page = Page::parse(docs[0]);
    assert_eq!(page.all("footer"), [P17, EXTREME]);
    assert_eq!(page.all("label"), ["1", "2"]);
    assert_eq!(
        page.count("given"),
        grid(P17).clues() + grid(EXTREME).clues()
    );

    let missing = run(&["print", "no-such-file.txt", P17]);
    assert_eq!(missing.code, 2);
    assert_eq!(
        missing.err,
        "sudokit: no-such-file.txt: No such file or directory\n"
    );
    assert_eq!(documents(&missing.out).len(), 1);
}

#[test]
fn grades_go_above_the_boards() {
    let r = run(&[
        "print",
        "--grade",
        "--per-page",
        "2",
        "examples/puzzles.txt",
    ]);
    let page = Page::parse(documents(&r.out)[0]);
    assert_eq!(
        page.all("note"),
        ["easy · 252 · SE 1.5", "medium · 596 · SE 2.6"]
    );
    let es = run(&["print", "--grade", "--lang", "es", EXTREME]);
    assert_eq!(
        Page::parse(&es.out).all("note"),
        ["extremo · 2040 · SE 7.1"]
    );
    let stuck = run(&["print", "--grade", "--techniques", "singles", EXTREME]);
    assert_eq!(stuck.code, 0);
    let note = Page::parse(&stuck.out).all("note").concat();
    assert!(note.starts_with("unfinished · SE >"), "{note}");
}

/// Prints the examples four to a page into `output` and checks the
/// outcome: its two bad lines reported (exit 1), nothing on stdout.
fn print_by_fours_into(output: &Path) {
    let r = run(&[
        "print",
        "--per-page",
        "4",
        "-o",
        output.to_str().unwrap(),
        "examples/puzzles.txt",
    ]);
    assert_eq!((r.code, r.out.as_str()), (1, ""), "{}", r.err);
}

/// How many puzzles each SVG document of `text` holds.
fn puzzles_per_page(text: &str) -> Vec<usize> {
    text.split_inclusive("</svg>\n")
        .map(|doc| Page::parse(doc).count("label"))
        .collect()
}

/// A device or pipe named by `-o` takes every page in turn; renaming it to
/// number the pages (as a regular file is) would leave a plain file in its
/// place, which is how a fuzz run once replaced this machine's `/dev/null`.
#[test]
fn a_pipe_as_output_takes_every_page_and_stays_a_pipe() {
    use std::os::unix::fs::FileTypeExt;
    let dir = scratch("fifo");
    let fifo = dir.join("pages.svg");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let path = fifo.clone();
    // Opening a FIFO waits for both ends: read it beside the command.
    let reader = std::thread::spawn(move || std::fs::read_to_string(path).unwrap());
    print_by_fours_into(&fifo);
    // Six puzzles can be printed (two lines of the file are bad).
    assert_eq!(puzzles_per_page(&reader.join().unwrap()), [4, 2]);
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    assert_eq!(listing(&dir), ["pages.svg"]);
}

/// A symbolic link named by `-o` (such as `/dev/stdout`) is not renamed
/// either: its target takes every page.
#[test]
fn a_link_as_output_takes_every_page_and_stays_a_link() {
    let dir = scratch("link");
    let target = dir.join("target.svg");
    std::fs::write(&target, "").unwrap();
    let link = dir.join("link.svg");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    print_by_fours_into(&link);
    let read = std::fs::read_to_string(&target).unwrap();
    assert_eq!(puzzles_per_page(&read), [4, 2]);
    assert!(std::fs::symlink_metadata(&link).unwrap().is_symlink());
    assert_eq!(listing(&dir), ["link.svg", "target.svg"]);
}

#[test]
fn output_files_one_per_page() {
    // One page: the file itself.
    let dir = scratch("file");
    let one = dir.join("one.svg");
    let r = run(&["print", "-o", one.to_str().unwrap(), P17]);
    assert_eq!((r.code, r.out.as_str()), (0, ""));
    assert_eq!(listing(&dir), ["one.svg"]);
    Page::parse(&std::fs::read_to_string(&one).unwrap());

    // Several pages: numbered before the extension.
    let book = dir.join("book.svg");
    let r = run(&[
        "print",
        "--per-page",
        "4",
        "--solution",
        "-o",
        book.to_str().unwrap(),
        "examples/puzzles.txt",
    ]);
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "");
    assert_eq!(
        listing(&dir),
        [
            "book-1.svg",
            "book-2.svg",
            "book-3.svg",
            "book-4.svg",
            "one.svg"
        ]
    );
    let second = Page::parse(&std::fs::read_to_string(dir.join("book-2.svg")).unwrap());
    assert_eq!(second.all("heading"), ["Solutions"]);

    // A folder: page-N.svg inside, made when the name ends with `/`.
    let folder = dir.join("pages");
    let arg = format!("{}/", folder.display());
    let r = run(&[
        "print",
        "--per-page",
        "2",
        "-o",
        &arg,
        "examples/puzzles.txt",
    ]);
    assert_eq!(r.code, 1);
    assert_eq!(listing(&folder), ["page-1.svg", "page-2.svg", "page-3.svg"]);
    for name in listing(&folder) {
        let page = Page::parse(&std::fs::read_to_string(folder.join(name)).unwrap());
        assert_eq!(page.count("label"), 2);
    }

    let nowhere = dir.join("missing/x.svg");
    let r = run(&["print", "-o", nowhere.to_str().unwrap(), P17]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        format!(
            "sudokit: {}: No such file or directory\n",
            nowhere.display()
        )
    );
}

#[test]
fn a_step_is_drawn_as_explain_says_it() {
    let explain = run(&["explain", "--format", "json", EXTREME]);
    let json: Value = serde_json::from_str(&explain.out).unwrap();
    let steps = json["steps"].as_array().unwrap();
    for n in [1, 14, 17] {
        let step = &steps[n - 1];
        let r = run(&["print", "--step", &n.to_string(), EXTREME]);
        assert_eq!(r.code, 0, "{}", r.err);
        let docs = documents(&r.out);
        assert_eq!(docs.len(), 1);
        let page = Page::parse(docs[0]);
        assert_eq!(page.width, "120mm");
        let caption = page.all("tspan").join(" ");
        assert_eq!(caption, format!("{n}. {}", step["text"].as_str().unwrap()));
        let elims = step["eliminations"].as_array().unwrap();
        assert_eq!(page.count("mark elim"), elims.len(), "step {n}");
        let struck: Vec<&str> = page.all("mark elim");
        for (e, mark) in elims.iter().zip(&struck) {
            assert_eq!(e["digit"].to_string(), *mark);
        }
        let places = step["placements"].as_array().unwrap();
        assert_eq!(page.count("mark place"), places.len());
        assert_eq!(page.count("given"), grid(EXTREME).clues());
        // Earlier steps' digits are placed, in blue.
        let placed: usize = steps[..n - 1]
            .iter()
            .map(|s| s["placements"].as_array().unwrap().len())
            .sum();
        assert_eq!(page.count("digit"), placed);
    }
    // The AIC of step 17 draws its five links, strong solid, weak dashed.
    let r = run(&["print", "--step", "17", EXTREME]);
    let doc = roxmltree::Document::parse(&r.out).unwrap();
    let links: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("class"))
        .filter(|c| c.starts_with("link"))
        .collect();
    assert_eq!(
        links,
        [
            "link strong",
            "link weak",
            "link strong",
            "link weak",
            "link strong"
        ]
    );
}

#[test]
fn hint_technique_and_language() {
    let hint = run(&["hint", "--lang", "es", EXTREME]);
    let r = run(&["print", "--step", "hint", "--lang", "es", EXTREME]);
    assert_eq!(r.code, 0);
    let caption = Page::parse(&r.out).all("tspan").join(" ");
    assert_eq!(caption, format!("1. {}", hint.out.trim_end()));

    let r = run(&["print", "--step", "empty-rectangle", EXTREME]);
    assert_eq!(r.code, 0, "{}", r.err);
    let caption = Page::parse(&r.out).all("tspan").join(" ");
    assert!(caption.starts_with("14. Empty rectangle: "), "{caption}");

    // One picture per puzzle (bad.txt starts with a good one); the bad ones are named.
    let r = run(&["print", "--step", "2", EXTREME, P17, "examples/bad.txt"]);
    assert_eq!(documents(&r.out).len(), 3);
    assert_eq!(
        r.err,
        "examples/bad.txt:2: 80 cells, expected 81\n\
         examples/bad.txt:3: bad character 'a' at column 14\n\
         examples/bad.txt:4: r1c1 and r1c2 both hold 4\n"
    );
    assert_eq!(r.code, 1);
}

#[test]
fn steps_that_are_not_there() {
    let r = run(&["print", "--step", "500", EXTREME]);
    assert_eq!(r.code, 1);
    assert_eq!(r.out, "");
    assert!(
        r.err
            .starts_with("<arg>:1: no step 500: the solution takes "),
        "{}",
        r.err
    );
    let r = run(&["print", "--step", "x-wing", EXTREME]);
    assert_eq!(r.err, "<arg>:1: no x-wing step in the solution path\n");
    let r = run(&["print", "--step", "20", "--techniques", "singles", EXTREME]);
    assert!(r.err.contains("stuck after"), "{}", r.err);
    let solved = engine::solve_one(&grid(P17)).unwrap().to_line();
    let r = run(&["print", "--step", "1", &solved]);
    assert_eq!(
        r.err,
        "<arg>:1: the grid is already solved: it has no step\n"
    );
    for bad in ["0", "nonsense", "-1"] {
        let r = run(&["print", "--step", bad, EXTREME]);
        assert_eq!(r.code, 2, "--step {bad}: {}", r.err);
    }
    let r = run(&["print", "--step", "1", "--per-page", "4", EXTREME]);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("cannot be used with"), "{}", r.err);
    let _ = root();
}
