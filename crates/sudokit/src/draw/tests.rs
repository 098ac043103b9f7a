use super::*;
use crate::classic::trace::Lang;
use crate::logic::solver::{self, Options, Position, SolvedStep};
use crate::{Candidates, Grid, engine};

const EASY: &str =
    "....8..52.8.297.............42..31..........4.9..6..7.7.38...9.........3..5...7.1";
const HARD: &str =
    "...3..89.8......42..92....5.....5.7..6......3..19...8..3..9...67...2.......138...";
const EXTREME: &str =
    "..........8791....1..25.9.....64..91........4.59.3....9..3...67..2..6..3..31...5.";

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

/// Parses `svg` as XML (a real parser: any markup error fails the test).
fn parse(svg: &str) -> roxmltree::Document<'_> {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    assert!(root.attribute("viewBox").is_some());
    doc
}

/// The elements named `tag` whose class is exactly `class`.
fn with_class<'a>(
    doc: &'a roxmltree::Document<'a>,
    tag: &str,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| n.has_tag_name(tag) && n.attribute("class") == Some(class))
        .collect()
}

/// Every step of `puzzle`'s solution path with the position before it.
fn path(puzzle: &str) -> Vec<(Position, SolvedStep)> {
    let puzzle = grid(puzzle);
    let outcome = solver::solve(&puzzle, &Options::default()).unwrap();
    let mut pos = Position::new(&puzzle);
    let mut out = Vec::new();
    for step in outcome.steps {
        out.push((pos, step.clone()));
        pos.apply_solved(&step);
    }
    out
}

#[test]
fn a_puzzle_draws_its_givens_and_nothing_else() {
    let puzzle = grid(HARD);
    let svg = Board::new(&puzzle).to_svg(100.0);
    let doc = parse(&svg);
    let givens = with_class(&doc, "text", "given");
    assert_eq!(givens.len(), puzzle.clues());
    // Each given's text is its digit, in row-major order.
    let digits: String = givens.iter().map(|n| n.text().unwrap()).collect();
    let expected: String = HARD.chars().filter(|c| c.is_ascii_digit()).collect();
    assert_eq!(digits, expected);
    assert!(with_class(&doc, "text", "digit").is_empty());
    assert!(with_class(&doc, "text", "mark").is_empty());
    assert_eq!(doc.root_element().attribute("width"), Some("100mm"));
    // Bad sizes get a sensible default instead of a broken document.
    for size in [0.0, -3.0, f64::NAN, f64::INFINITY] {
        let doc_svg = Board::new(&puzzle).to_svg(size);
        assert_eq!(
            parse(&doc_svg).root_element().attribute("width"),
            Some("100mm")
        );
    }
}

#[test]
fn pencil_marks_are_every_candidate_of_the_position() {
    for puzzle in [EASY, HARD, EXTREME] {
        let puzzle = grid(puzzle);
        let candidates = Candidates::from_grid(&puzzle);
        let svg = Board::new(&puzzle)
            .with_candidates(candidates)
            .to_svg(150.0);
        let doc = parse(&svg);
        let total: usize = crate::Cell::all().map(|c| candidates.get(c).len()).sum();
        let marks = with_class(&doc, "text", "mark");
        assert_eq!(marks.len(), total);
        assert!(total > 100);
        assert_eq!(with_class(&doc, "text", "given").len(), puzzle.clues());
    }
}

#[test]
fn a_solution_draws_the_other_digits_in_blue() {
    let puzzle = grid(EXTREME);
    let solution = engine::solve_one(&puzzle).unwrap();
    let svg = Board::new(&puzzle)
        .with_digits(&solution)
        .with_candidates(Candidates::from_grid(&solution))
        .to_svg(100.0);
    let doc = parse(&svg);
    assert_eq!(with_class(&doc, "text", "given").len(), puzzle.clues());
    let placed = with_class(&doc, "text", "digit");
    assert_eq!(placed.len(), 81 - puzzle.clues());
    assert!(
        placed
            .iter()
            .all(|n| n.attribute("fill") == Some("#1f5fbf"))
    );
    // A full grid has no pencil marks.
    assert!(with_class(&doc, "text", "mark").is_empty());
}

#[test]
fn a_steps_eliminations_are_struck_red_marks() {
    let mut seen = 0;
    for (pos, step) in path(HARD) {
        if step.eliminations().is_empty() {
            continue;
        }
        seen += 1;
        let svg = step_svg(&pos, &step, Some(seen), Lang::En);
        let doc = parse(&svg);
        let mut elims = step.eliminations().to_vec();
        elims.sort();
        elims.dedup();
        let struck = with_class(&doc, "text", "mark elim");
        assert_eq!(struck.len(), elims.len(), "{step}");
        assert_eq!(with_class(&doc, "line", "strike").len(), elims.len());
        // The red discs under them.
        let red = doc
            .descendants()
            .filter(|n| n.has_tag_name("circle") && n.attribute("fill") == Some("#e5484d"))
            .count();
        assert_eq!(red, elims.len());
        // Each struck mark is the eliminated digit.
        let mut digits: Vec<&str> = struck.iter().map(|n| n.text().unwrap()).collect();
        let mut expected: Vec<String> = elims.iter().map(|(_, d)| d.to_string()).collect();
        digits.sort_unstable();
        expected.sort();
        assert_eq!(digits, expected);
        // The other pencil marks of the position are all there.
        let total: usize = crate::Cell::all()
            .map(|c| pos.candidates.get(c).len())
            .sum();
        let drawn = doc
            .descendants()
            .filter(|n| {
                n.has_tag_name("text")
                    && n.attribute("class").is_some_and(|c| c.starts_with("mark"))
            })
            .count();
        assert_eq!(drawn, total, "{step}");
        // No placement in an elimination step.
        assert!(with_class(&doc, "text", "mark place").len() <= step.placements().len());
    }
    assert!(seen >= 2, "the hard puzzle has elimination steps");
}

#[test]
fn a_steps_placement_and_caption() {
    let (pos, step) = path(EASY).remove(0);
    for (lang, start) in [(Lang::En, "1. "), (Lang::Es, "1. ")] {
        let svg = step_svg(&pos, &step, Some(1), lang);
        let doc = parse(&svg);
        let place = with_class(&doc, "text", "mark place");
        assert_eq!(place.len(), 1);
        let (_, digit) = step.placements()[0];
        assert_eq!(place[0].text(), Some(digit.to_string().as_str()));
        let caption: Vec<&str> = doc
            .descendants()
            .filter(|n| n.has_tag_name("tspan"))
            .filter_map(|n| n.text())
            .collect();
        let text = crate::logic::explain::text(&step, lang);
        assert!(caption[0].starts_with(start));
        assert_eq!(caption.join(" "), format!("1. {text}"));
        assert_eq!(
            doc.descendants()
                .find(|n| n.has_tag_name("title"))
                .and_then(|n| n.text()),
            Some(format!("1. {text}").as_str())
        );
    }
}

#[test]
fn chains_are_arrows_strong_solid_weak_dashed() {
    let steps = path(EXTREME);
    let (pos, step) = steps
        .iter()
        .find(|(_, s)| {
            let arrows = Marks::of_step(s).arrows;
            arrows.iter().any(|a| a.strong) && arrows.iter().any(|a| !a.strong)
        })
        .expect("the extreme puzzle needs a chain");
    let marks = Marks::of_step(step);
    // A chain given both as links and in Eureka form is drawn once.
    for (i, a) in marks.arrows.iter().enumerate() {
        assert!(!marks.arrows[i + 1..].contains(a), "{step}: {a:?} twice");
    }
    let svg = step_svg(pos, step, None, Lang::En);
    let doc = parse(&svg);
    let strong = with_class(&doc, "path", "link strong");
    let weak = with_class(&doc, "path", "link weak");
    assert_eq!(strong.len() + weak.len(), marks.arrows.len());
    assert_eq!(
        strong.len(),
        marks.arrows.iter().filter(|a| a.strong).count()
    );
    assert!(!strong.is_empty() && !weak.is_empty(), "{step}");
    assert!(
        strong
            .iter()
            .all(|n| n.attribute("stroke-dasharray").is_none())
    );
    assert!(
        weak.iter()
            .all(|n| n.attribute("stroke-dasharray").is_some())
    );
    // Every arrow points with the marker defined in the document.
    let marker = doc
        .descendants()
        .find(|n| n.has_tag_name("marker"))
        .unwrap();
    let url = format!("url(#{})", marker.attribute("id").unwrap());
    assert!(
        strong
            .iter()
            .chain(&weak)
            .all(|n| n.attribute("marker-end") == Some(url.as_str()))
    );
    // The chain's candidates are circled.
    let circled = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && n.attribute("class") == Some("node"))
        .count();
    let mut nodes = marks.chain.clone();
    nodes.sort();
    nodes.dedup();
    let filled: Vec<_> = nodes.iter().filter(|(c, _)| pos.grid[*c] == 0).collect();
    assert_eq!(circled, filled.len());
}

#[test]
fn houses_cells_and_fins_are_shaded() {
    let (pos, step) = path(HARD)
        .into_iter()
        .find(|(_, s)| {
            s.step()
                .is_some_and(|s| !s.houses.is_empty() && !s.cells.is_empty())
        })
        .unwrap();
    let s = step.step().unwrap();
    let doc_svg = step_svg(&pos, &step, None, Lang::En);
    let doc = parse(&doc_svg);
    let shaded = with_class(&doc, "rect", "shade");
    let mut cells: Vec<_> = s.houses.iter().flat_map(|h| h.cells()).collect();
    cells.extend(&s.cells);
    cells.extend(&s.fins);
    cells.sort();
    cells.dedup();
    assert_eq!(shaded.len(), cells.len());
    let focus = shaded
        .iter()
        .filter(|n| n.attribute("fill") == Some("#d8f3dc"))
        .count();
    let mut pattern = s.cells.clone();
    pattern.sort();
    pattern.dedup();
    pattern.retain(|c| !s.fins.contains(c));
    assert_eq!(focus, pattern.len());
}

#[test]
fn n_per_page_gives_the_ceiling_of_pages() {
    let puzzle = grid(HARD);
    for per_page in [1, 2, 3, 4, 6, 9, 12] {
        let layout = Layout::new(Paper::A4, per_page).unwrap();
        assert!(layout.columns() * layout.rows() >= per_page);
        for n in [0usize, 1, 2, 5, 7, 12, 13] {
            let panels: Vec<Panel> = (1..=n)
                .map(|i| Panel {
                    board: Board::new(&puzzle),
                    label: i.to_string(),
                    note: "hard · 1318 · 4.2".into(),
                    footer: HARD.into(),
                })
                .collect();
            let pages = layout.pages("", &panels);
            assert_eq!(pages.len(), n.div_ceil(per_page));
            assert_eq!(pages.len(), layout.page_count(n));
            let mut labels = Vec::new();
            for page in &pages {
                let doc = parse(page);
                let boards = with_class(&doc, "g", "board");
                assert!(boards.len() <= per_page);
                assert_eq!(with_class(&doc, "text", "footer").len(), boards.len());
                assert_eq!(
                    with_class(&doc, "text", "given").len(),
                    boards.len() * puzzle.clues()
                );
                labels.extend(
                    with_class(&doc, "text", "label")
                        .iter()
                        .map(|n| n.text().unwrap().to_string()),
                );
            }
            let expected: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
            assert_eq!(labels, expected);
        }
    }
}

#[test]
fn layouts_fit_the_paper() {
    assert!(Layout::new(Paper::A4, 0).is_none());
    assert!(Layout::new(Paper::Letter, MAX_PER_PAGE + 1).is_none());
    let shapes: Vec<(usize, usize)> = [1, 2, 4, 6]
        .iter()
        .map(|&n| {
            let l = Layout::new(Paper::A4, n).unwrap();
            (l.columns(), l.rows())
        })
        .collect();
    assert_eq!(shapes, [(1, 1), (1, 2), (2, 2), (2, 3)]);
    for paper in [Paper::A4, Paper::Letter] {
        let (w, h) = paper.size_mm();
        let mut last = f64::INFINITY;
        for n in 1..=MAX_PER_PAGE {
            let l = Layout::new(paper, n).unwrap();
            let b = l.board_mm();
            assert!(b > 20.0, "{n} per page: {b} mm");
            assert!(b <= last + 1e-9, "more boards, no larger ones");
            last = b;
            assert!(l.columns() as f64 * b < w - 20.0);
            assert!(l.rows() as f64 * b < h - 30.0);
        }
    }
    let a4 = Layout::new(Paper::A4, 1).unwrap();
    assert!(a4.board_mm() > 150.0);
    let page = a4.page("Puzzles", &[]);
    let doc = parse(&page);
    assert_eq!(doc.root_element().attribute("width"), Some("210mm"));
    assert_eq!(doc.root_element().attribute("height"), Some("297mm"));
    let letter = Layout::new(Paper::Letter, 1).unwrap().page("", &[]);
    assert!(letter.contains("width=\"215.9mm\" height=\"279.4mm\""));
}

#[test]
fn captions_are_escaped() {
    let panel = Panel {
        board: Board::new(&grid(EASY)),
        label: "<1> & \"2\" 'x'".into(),
        note: "a\u{1}b ]]> </text>".into(),
        footer: "&amp;".into(),
    };
    let page = Layout::new(Paper::A4, 2).unwrap().page("T&C <b>", &[panel]);
    let doc = parse(&page);
    assert_eq!(
        with_class(&doc, "text", "label")[0].text(),
        Some("<1> & \"2\" 'x'")
    );
    assert_eq!(
        with_class(&doc, "text", "note")[0].text(),
        Some("ab ]]> </text>")
    );
    assert_eq!(with_class(&doc, "text", "footer")[0].text(), Some("&amp;"));
    assert_eq!(
        with_class(&doc, "text", "heading")[0].text(),
        Some("T&C <b>")
    );
    // Several boards on a page keep their arrow markers apart.
    let marker_board = Board::new(&grid(EASY)).with_marks(Marks {
        arrows: vec![Arrow {
            from: (crate::CellSet::EMPTY, crate::Digit::new(1).unwrap()),
            to: (
                crate::CellSet::single(crate::Cell::new(0).unwrap()),
                crate::Digit::new(1).unwrap(),
            ),
            strong: true,
        }],
        ..Marks::default()
    });
    let twice = Layout::new(Paper::A4, 2).unwrap().page(
        "",
        &[
            Panel {
                board: marker_board.clone(),
                ..Panel::default()
            },
            Panel {
                board: marker_board,
                ..Panel::default()
            },
        ],
    );
    let doc = parse(&twice);
    let ids: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("marker"))
        .filter_map(|n| n.attribute("id"))
        .collect();
    assert_eq!(ids, ["b1-arrow", "b2-arrow"]);
    // An arrow from a node without cells is left out, not drawn to NaN.
    assert!(!twice.contains("NaN"));
    assert!(with_class(&doc, "path", "link strong").is_empty());
}
