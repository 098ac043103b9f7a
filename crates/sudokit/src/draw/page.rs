//! Pages of puzzles: [`Layout`] puts n boards ([`Panel`]s, each with its
//! caption) in a grid on an A4 or Letter page, portrait, as one SVG document
//! per page measured in millimetres.

use super::board::{Board, MONO};
use super::svg::{self, Num, escape};
use std::fmt::Write;

/// The most boards a page may hold (6 by 6, each about 30 mm wide on A4).
pub const MAX_PER_PAGE: usize = 36;

/// Margin around the page's content, in millimetres.
const MARGIN: f64 = 12.0;
/// Height of the band at the top of the page that holds its heading.
const HEADING: f64 = 10.0;
/// Space between two panels.
const GAP: f64 = 8.0;
/// Caption heights as fractions of the board's size: the label line above
/// it and the footer line (the puzzle in line form) below it.
const LABEL_FONT: f64 = 0.05;
const FOOTER_FONT: f64 = 0.019;

/// Paper sizes, portrait.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in (215.9 × 279.4 mm).
    Letter,
}

impl Paper {
    /// Width and height in millimetres.
    pub const fn size_mm(self) -> (f64, f64) {
        match self {
            Paper::A4 => (210.0, 297.0),
            Paper::Letter => (215.9, 279.4),
        }
    }
}

/// One board on a page with its caption: a label above it on the left (the
/// puzzle's number), a note above it on the right (a level or a rating,
/// whatever the caller supplies), and a footer under it in small monospace
/// type (the puzzle in line form). Empty strings draw nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Panel {
    /// The board.
    pub board: Board,
    /// Above the board, on the left, bold.
    pub label: String,
    /// Above the board, on the right.
    pub note: String,
    /// Under the board, small, monospace.
    pub footer: String,
}

/// Where the boards of a page go: `per_page` panels in a grid of columns
/// and rows chosen to make the boards as large as the paper allows (1 per
/// page: one large board; 2: one above the other; 4: two by two; 6: two
/// columns of three).
///
/// ```
/// use sudokit::draw::{Layout, Paper};
/// let layout = Layout::new(Paper::A4, 6).unwrap();
/// assert_eq!((layout.columns(), layout.rows()), (2, 3));
/// assert_eq!(layout.page_count(13), 3);
/// assert!(Layout::new(Paper::A4, 0).is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    paper: Paper,
    per_page: usize,
    columns: usize,
    rows: usize,
    board: f64,
}

impl Layout {
    /// The layout of `per_page` boards on `paper`; `None` unless
    /// `1 <= per_page <= MAX_PER_PAGE`.
    pub fn new(paper: Paper, per_page: usize) -> Option<Layout> {
        if !(1..=MAX_PER_PAGE).contains(&per_page) {
            return None;
        }
        let (width, height) = paper.size_mm();
        let (width, height) = (width - 2.0 * MARGIN, height - 2.0 * MARGIN - HEADING);
        let tall = 1.0 + LABEL_FONT * 1.6 + FOOTER_FONT * 2.2;
        let mut best: Option<Layout> = None;
        for columns in 1..=per_page {
            let rows = per_page.div_ceil(columns);
            let slot_w = width / columns as f64 - GAP;
            let slot_h = height / rows as f64 - GAP;
            let board = slot_w.min(slot_h / tall);
            if best.is_none_or(|b| board > b.board + 1e-9) {
                best = Some(Layout {
                    paper,
                    per_page,
                    columns,
                    rows,
                    board,
                });
            }
        }
        best
    }

    /// The paper.
    pub fn paper(&self) -> Paper {
        self.paper
    }

    /// Boards per page.
    pub fn per_page(&self) -> usize {
        self.per_page
    }

    /// Columns of boards.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Rows of boards.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The side of each board, in millimetres.
    pub fn board_mm(&self) -> f64 {
        self.board
    }

    /// The pages `panels` boards fill: ⌈panels / per page⌉.
    pub fn page_count(&self, panels: usize) -> usize {
        panels.div_ceil(self.per_page)
    }

    /// One page as a self-contained SVG document: `heading` centred at the
    /// top (nothing when empty), then the panels left to right, top to
    /// bottom. A page holds [`Layout::per_page`] panels: any beyond are
    /// left out (see [`Layout::pages`]).
    pub fn page(&self, heading: &str, panels: &[Panel]) -> String {
        let (width, height) = self.paper.size_mm();
        let mut out = String::new();
        let title = if heading.is_empty() {
            "sudokit"
        } else {
            heading
        };
        svg::open(&mut out, (width, height), (width, height), title);
        let _ = writeln!(
            out,
            "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
            Num(width),
            Num(height)
        );
        if !heading.is_empty() {
            let _ = writeln!(
                out,
                "<text class=\"heading\" x=\"{}\" y=\"{}\" font-size=\"5\" font-weight=\"bold\" \
                 text-anchor=\"middle\">{}</text>",
                Num(width / 2.0),
                Num(MARGIN + 5.0),
                escape(heading)
            );
        }
        let slot_w = (width - 2.0 * MARGIN) / self.columns as f64;
        let slot_h = (height - 2.0 * MARGIN - HEADING) / self.rows as f64;
        let b = self.board;
        let label_font = (b * LABEL_FONT).clamp(2.5, 6.0);
        let footer_font = b * FOOTER_FONT;
        let block = label_font * 1.6 + b + footer_font * 2.2;
        for (i, panel) in panels.iter().take(self.per_page).enumerate() {
            let (col, row) = (i % self.columns, i / self.columns);
            let x = MARGIN + col as f64 * slot_w + (slot_w - b) / 2.0;
            let top = MARGIN + HEADING + row as f64 * slot_h + (slot_h - block) / 2.0;
            let board_y = top + label_font * 1.6;
            let _ = writeln!(out, "<g class=\"panel\">");
            if !panel.label.is_empty() {
                let _ = writeln!(
                    out,
                    "<text class=\"label\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"bold\">{}</text>",
                    Num(x),
                    Num(board_y - label_font * 0.45),
                    Num(label_font),
                    escape(&panel.label)
                );
            }
            if !panel.note.is_empty() {
                let _ = writeln!(
                    out,
                    "<text class=\"note\" x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"#333\" \
                     text-anchor=\"end\">{}</text>",
                    Num(x + b),
                    Num(board_y - label_font * 0.45),
                    Num(label_font * 0.8),
                    escape(&panel.note)
                );
            }
            panel
                .board
                .write(&mut out, x, board_y, b, &format!("b{}", i + 1));
            if !panel.footer.is_empty() {
                let _ = writeln!(
                    out,
                    "<text class=\"footer\" x=\"{}\" y=\"{}\" font-size=\"{}\" font-family=\"{MONO}\" \
                     fill=\"#333\">{}</text>",
                    Num(x),
                    Num(board_y + b + footer_font * 1.6),
                    Num(footer_font),
                    escape(&panel.footer)
                );
            }
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }

    /// Every page `panels` fill, [`Layout::per_page`] to a page, each with
    /// `heading`: ⌈panels / per page⌉ documents (none for no panels).
    pub fn pages(&self, heading: &str, panels: &[Panel]) -> Vec<String> {
        panels
            .chunks(self.per_page)
            .map(|chunk| self.page(heading, chunk))
            .collect()
    }
}
