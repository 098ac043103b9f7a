//! The iteration trace and the search tree of the deepening search.
//!
//! The source documents print, for every iteration, the trial made and the
//! board after it and its deepening. [`Trace::to_text`] prints the same:
//!
//! ```text
//! iter=0                 <- the initial board after the first deepening
//! 4*2*5*8*9              <- nine rows, `*` for an empty cell
//! ...
//! iter=1 i=1 j=2 n=1     <- trial 1: digit 1 in row 1, column 2 (1-based)
//! 412*5*8*9
//! ...
//! FALLIDO                <- the deepening met a contradiction (FAILED in English)
//! iter=2 i=1 j=2 n=3
//! ...
//! SOLUCIÓN 1             <- the board is full (SOLUTION 1 in English)
//! 1 solución, 2 iteraciones, 1 rama fallida: búsqueda completa
//! ```
//!
//! The `iter=0` block has no trial: it shows the puzzle after the deepening
//! done before the search starts (marked as failed if that already finds a
//! contradiction, or as a solution if it solves the puzzle). The last line
//! counts solutions, iterations and dead ends and says why the search stopped.
//!
//! The search tree has the initial board as its root and one child per trial,
//! labelled with the cell and digit (`r1c3=5`). Failed trials are drawn red,
//! solutions filled green, and the path from the root to the first solution
//! green and bold. [`Trace::to_dot`] writes Graphviz DOT; [`Trace::to_svg`]
//! draws a self-contained SVG with a tidy layout (leaves on consecutive
//! slots, parents centred over their children, one row per depth).
//!
//! Searches can be huge, so the trace keeps at most
//! [`TraceOptions::max_events`] iterations and [`TraceOptions::max_tree_nodes`]
//! tree nodes; the rest is counted and the outputs say how much was left out
//! (in the tree, a grey `+N` box under the node whose children were dropped).

use super::deepening::Options;
use super::{Report, Stop};
use crate::grid::{Cell, Digit, Grid};
use std::fmt::{self, Write};
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

/// How much of a search a [`Trace`] keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TraceOptions {
    /// Search-tree nodes kept, root included; later nodes are counted only.
    pub max_tree_nodes: usize,
    /// Iterations kept for the text trace (the `iter=0` block included);
    /// later ones are counted only.
    pub max_events: usize,
}

impl TraceOptions {
    /// The default cap on tree nodes.
    pub const DEFAULT_MAX_TREE_NODES: usize = 2000;
    /// The default cap on iterations kept for the text.
    pub const DEFAULT_MAX_EVENTS: usize = 100_000;
}

impl Default for TraceOptions {
    fn default() -> TraceOptions {
        TraceOptions {
            max_tree_nodes: TraceOptions::DEFAULT_MAX_TREE_NODES,
            max_events: TraceOptions::DEFAULT_MAX_EVENTS,
        }
    }
}

/// What became of a position after its trial and deepening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Neither solved nor contradictory: the search goes on below it.
    Open,
    /// The deepening found a contradiction: a dead end (`FALLIDO`).
    Failed,
    /// The board is full: a solution.
    Solution,
}

/// One block of the text trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// The iteration number, 1-based; 0 for the initial deepening.
    pub iteration: u64,
    /// The cell and digit tried; `None` for the initial deepening.
    pub trial: Option<(Cell, Digit)>,
    /// The board after the trial and its deepening.
    pub board: Grid,
    /// What became of it.
    pub outcome: Outcome,
}

/// A node of the recorded tree, or the nearest recorded ancestor of a node
/// that was left out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TreeRef {
    id: usize,
    exact: bool,
}

impl TreeRef {
    /// The root, which is always recorded.
    pub(crate) const ROOT: TreeRef = TreeRef { id: 0, exact: true };
}

#[derive(Clone, Debug)]
struct TreeNode {
    trial: Option<(Cell, Digit)>,
    parent: Option<usize>,
    children: Vec<usize>,
    outcome: Outcome,
    on_path: bool,
    /// Children that were not recorded because of the cap.
    elided_children: u64,
}

impl TreeNode {
    fn label(&self) -> String {
        match self.trial {
            Some((cell, digit)) => format!("{cell}={digit}"),
            None => "start".to_string(),
        }
    }
}

/// The recording of a deepening search: its iterations and its search tree.
///
/// Made by [`super::deepening::trace`].
#[derive(Clone, Debug)]
pub struct Trace {
    puzzle: Grid,
    description: String,
    caps: TraceOptions,
    events: Vec<Event>,
    events_elided: u64,
    nodes: Vec<TreeNode>,
    nodes_elided: u64,
    /// Whether the first solution lies below the recorded part of the tree.
    first_solution_elided: bool,
    report: Option<(usize, u64, u64, Stop)>,
}

impl Trace {
    pub(crate) fn new(puzzle: Grid, options: &Options, caps: &TraceOptions) -> Trace {
        let techniques: Vec<&str> = options.techniques.iter().map(|t| t.name()).collect();
        let mut description = format!("select {}", options.select);
        if options.select == super::deepening::Select::Random {
            write!(description, " (seed {})", options.seed).expect("String");
        }
        if techniques.is_empty() {
            description.push_str(", no techniques");
        } else {
            write!(description, ", {}", techniques.join(", ")).expect("String");
        }
        Trace {
            puzzle,
            description,
            caps: *caps,
            events: Vec::new(),
            events_elided: 0,
            nodes: Vec::new(),
            nodes_elided: 0,
            first_solution_elided: false,
            report: None,
        }
    }

    pub(crate) fn record_root(&mut self, board: &Grid, outcome: Outcome) -> TreeRef {
        self.push_event(Event {
            iteration: 0,
            trial: None,
            board: *board,
            outcome,
        });
        self.nodes.push(TreeNode {
            trial: None,
            parent: None,
            children: Vec::new(),
            outcome,
            on_path: false,
            elided_children: 0,
        });
        TreeRef::ROOT
    }

    pub(crate) fn record_trial(
        &mut self,
        parent: TreeRef,
        iteration: u64,
        cell: Cell,
        digit: Digit,
        board: &Grid,
        outcome: Outcome,
    ) -> TreeRef {
        self.push_event(Event {
            iteration,
            trial: Some((cell, digit)),
            board: *board,
            outcome,
        });
        if !parent.exact {
            self.nodes_elided += 1;
            return parent;
        }
        if self.nodes.len() >= self.caps.max_tree_nodes.max(1) {
            self.nodes_elided += 1;
            self.nodes[parent.id].elided_children += 1;
            return TreeRef {
                id: parent.id,
                exact: false,
            };
        }
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            trial: Some((cell, digit)),
            parent: Some(parent.id),
            children: Vec::new(),
            outcome,
            on_path: false,
            elided_children: 0,
        });
        self.nodes[parent.id].children.push(id);
        TreeRef { id, exact: true }
    }

    pub(crate) fn record_solution(&mut self, node: TreeRef, first: bool) {
        if !first {
            return;
        }
        self.first_solution_elided = !node.exact;
        let mut at = Some(node.id);
        while let Some(id) = at {
            self.nodes[id].on_path = true;
            at = self.nodes[id].parent;
        }
    }

    pub(crate) fn finish(&mut self, report: &Report) {
        self.report = Some((
            report.solutions.len(),
            report.stats.iterations,
            report.stats.dead_ends,
            report.stop,
        ));
    }

    fn push_event(&mut self, event: Event) {
        if self.events.len() < self.caps.max_events.max(1) {
            self.events.push(event);
        } else {
            self.events_elided += 1;
        }
    }

    /// The puzzle the search started from.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The recorded iterations, `iter=0` first.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Iterations left out of [`Trace::events`] by the cap.
    pub fn events_elided(&self) -> u64 {
        self.events_elided
    }

    /// Nodes of the recorded search tree, root included.
    pub fn tree_len(&self) -> usize {
        self.nodes.len()
    }

    /// Tree nodes left out by the cap.
    pub fn tree_elided(&self) -> u64 {
        self.nodes_elided
    }

    /// The documents' iteration trace: per iteration a header
    /// `iter=N i=ROW j=COL n=DIGIT` (1-based), the board after the trial and
    /// its deepening as nine lines with `*` for empty cells, and `FALLIDO` /
    /// `FAILED` after a dead end; see the [module docs](self) for the rest.
    pub fn to_text(&self, lang: Lang) -> String {
        let mut out = String::new();
        let mut solutions = 0;
        for e in &self.events {
            match e.trial {
                Some((cell, digit)) => writeln!(
                    out,
                    "iter={} i={} j={} n={}",
                    e.iteration,
                    cell.row() + 1,
                    cell.col() + 1,
                    digit
                ),
                None => writeln!(out, "iter={}", e.iteration),
            }
            .expect("String");
            let line = e.board.to_line_with('*');
            for row in 0..9 {
                out.push_str(&line[row * 9..row * 9 + 9]);
                out.push('\n');
            }
            match e.outcome {
                Outcome::Open => {}
                Outcome::Failed => out.push_str(match lang {
                    Lang::En => "FAILED\n",
                    Lang::Es => "FALLIDO\n",
                }),
                Outcome::Solution => {
                    solutions += 1;
                    let word = match lang {
                        Lang::En => "SOLUTION",
                        Lang::Es => "SOLUCIÓN",
                    };
                    writeln!(out, "{word} {solutions}").expect("String");
                }
            }
        }
        if self.events_elided > 0 {
            let n = self.events_elided;
            let cap = self.caps.max_events;
            match lang {
                Lang::En => writeln!(
                    out,
                    "... {n} more iterations not shown (trace capped at {cap} blocks)"
                ),
                Lang::Es => writeln!(
                    out,
                    "... {n} iteraciones más no mostradas (traza limitada a {cap} bloques)"
                ),
            }
            .expect("String");
        }
        out.push_str(&self.summary(lang));
        out.push('\n');
        out
    }

    /// The last line of the text trace: counts and why the search stopped.
    fn summary(&self, lang: Lang) -> String {
        let Some((solutions, iterations, dead_ends, stop)) = self.report else {
            return String::new();
        };
        let plural =
            |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        match lang {
            Lang::En => format!(
                "{}, {}, {}: {stop}",
                plural(solutions as u64, "solution", "solutions"),
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
                };
                format!(
                    "{}, {}, {}: {why}",
                    plural(solutions as u64, "solución", "soluciones"),
                    plural(iterations, "iteración", "iteraciones"),
                    plural(dead_ends, "rama fallida", "ramas fallidas"),
                )
            }
        }
    }

    /// A one-line description of the tree for titles.
    fn tree_caption(&self) -> String {
        let failed = self
            .nodes
            .iter()
            .filter(|n| n.outcome == Outcome::Failed)
            .count();
        let mut caption = format!(
            "{} nodes, {failed} failed; {}",
            self.nodes.len(),
            self.summary(Lang::En)
        );
        if self.nodes_elided > 0 {
            write!(
                caption,
                "; {} more nodes not shown (tree capped at {} nodes)",
                self.nodes_elided, self.caps.max_tree_nodes
            )
            .expect("String");
        }
        if self.first_solution_elided {
            caption.push_str("; the first solution lies below the part shown");
        }
        caption
    }

    /// The search tree in Graphviz DOT: `digraph search { ... }`.
    ///
    /// Failed trials are red, solutions filled green, the path to the first
    /// solution dark green and bold. A grey `+N` node stands for children
    /// left out by the cap.
    pub fn to_dot(&self) -> String {
        let mut out = String::from("digraph search {\n");
        let caption = format!(
            "Deepening search tree ({}): {}",
            self.description,
            self.tree_caption()
        );
        writeln!(out, "  label=\"{}\";", dot_escape(&caption)).expect("String");
        out.push_str("  labelloc=t;\n");
        out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n");
        out.push_str("  edge [arrowsize=0.6];\n");
        for (id, node) in self.nodes.iter().enumerate() {
            let mut attrs = vec![format!("label=\"{}\"", dot_escape(&node.label()))];
            let mut style = vec!["rounded"];
            match node.outcome {
                Outcome::Failed => attrs.push("color=red, fontcolor=red".into()),
                Outcome::Solution => {
                    style.push("filled");
                    attrs.push("fillcolor=palegreen".into());
                }
                Outcome::Open => {}
            }
            if node.on_path {
                style.push("bold");
                attrs.push("color=darkgreen, penwidth=2".into());
            }
            attrs.push(format!("style=\"{}\"", style.join(",")));
            writeln!(out, "  n{id} [{}];", attrs.join(", ")).expect("String");
            if node.elided_children > 0 {
                writeln!(
                    out,
                    "  more{id} [label=\"+{}\", color=gray, fontcolor=gray, style=\"rounded,dashed\"];",
                    node.elided_children
                )
                .expect("String");
                writeln!(out, "  n{id} -> more{id} [color=gray, style=dashed];").expect("String");
            }
        }
        for (id, node) in self.nodes.iter().enumerate() {
            if let Some(parent) = node.parent {
                if node.on_path {
                    writeln!(out, "  n{parent} -> n{id} [color=darkgreen, penwidth=2];")
                } else {
                    writeln!(out, "  n{parent} -> n{id};")
                }
                .expect("String");
            }
        }
        out.push_str("}\n");
        out
    }

    /// The search tree as a self-contained SVG document.
    ///
    /// Leaves take consecutive horizontal slots, each parent is centred over
    /// its children and each depth is one row. Failed trials have a red
    /// outline and a red cross, solutions are filled green, and the path to
    /// the first solution is drawn green and thicker.
    pub fn to_svg(&self) -> String {
        const SLOT: f64 = 64.0;
        const LEVEL: f64 = 56.0;
        const BOX_W: f64 = 56.0;
        const BOX_H: f64 = 22.0;
        const TOP: f64 = 64.0;
        const MARGIN: f64 = 16.0;

        let mut xs = vec![0.0; self.nodes.len()];
        let mut depths = vec![0usize; self.nodes.len()];
        let mut more = Vec::new();
        let mut slots = 0usize;
        if !self.nodes.is_empty() {
            self.place(0, 0, &mut slots, &mut xs, &mut depths, &mut more);
        }
        let max_depth = depths.iter().copied().max().unwrap_or(0) + usize::from(!more.is_empty());
        let px = |x: f64| MARGIN + x * SLOT + SLOT / 2.0;
        let py = |d: usize| TOP + d as f64 * LEVEL + BOX_H / 2.0;
        let caption = self.tree_caption();
        let width = (slots.max(1) as f64 * SLOT + 2.0 * MARGIN)
            // Room for the title (bold, 15 px: about 9 px a character) and the caption.
            .max(9.0 * (self.description.len() + 30) as f64 + 2.0 * MARGIN)
            .max(7.0 * caption.len() as f64 + 2.0 * MARGIN);
        let height = TOP + (max_depth as f64 + 1.0) * LEVEL + MARGIN;

        let mut out = String::new();
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">"
        )
        .expect("String");
        let title = format!("Deepening search tree ({})", self.description);
        writeln!(out, "<title>{}</title>", xml_escape(&title)).expect("String");
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            xml_escape(&title)
        )
        .expect("String");
        writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"44\" fill=\"#555\">{}</text>",
            xml_escape(&caption)
        )
        .expect("String");

        out.push_str("<g stroke-linecap=\"round\">\n");
        for (id, node) in self.nodes.iter().enumerate() {
            let Some(parent) = node.parent else { continue };
            let (stroke, w) = if node.on_path {
                ("#1a7f37", 3)
            } else {
                ("#999", 1)
            };
            writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"{stroke}\" stroke-width=\"{w}\"/>",
                px(xs[parent]),
                py(depths[parent]) + BOX_H / 2.0,
                px(xs[id]),
                py(depths[id]) - BOX_H / 2.0
            )
            .expect("String");
        }
        for &(parent, x, _) in &more {
            writeln!(
                out,
                "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>",
                px(xs[parent]),
                py(depths[parent]) + BOX_H / 2.0,
                px(x),
                py(depths[parent] + 1) - BOX_H / 2.0
            )
            .expect("String");
        }
        out.push_str("</g>\n<g text-anchor=\"middle\">\n");
        for (id, node) in self.nodes.iter().enumerate() {
            let (cx, cy) = (px(xs[id]), py(depths[id]));
            let (fill, stroke, text) = match node.outcome {
                Outcome::Failed => ("#fdecea", "#d1242f", "#d1242f"),
                Outcome::Solution => ("#c6f6c6", "#1a7f37", "#0b3d17"),
                Outcome::Open => ("#f6f8fa", "#57606a", "#24292f"),
            };
            let (stroke, w) = if node.on_path {
                ("#1a7f37", 3)
            } else {
                (stroke, 1)
            };
            writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"6\" \
                 fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"{w}\"/>",
                cx - BOX_W / 2.0,
                cy - BOX_H / 2.0
            )
            .expect("String");
            if node.outcome == Outcome::Failed {
                // A small cross in the box's top-right corner.
                let (x0, y0) = (cx + BOX_W / 2.0 - 7.0, cy - BOX_H / 2.0 + 2.0);
                writeln!(
                    out,
                    "<path d=\"M{:.1},{:.1} l5,5 m0,-5 l-5,5\" stroke=\"#d1242f\" stroke-width=\"1.5\"/>",
                    x0, y0
                )
                .expect("String");
            }
            writeln!(
                out,
                "<text x=\"{cx:.1}\" y=\"{:.1}\" fill=\"{text}\"{}>{}</text>",
                cy + 4.0,
                if node.on_path {
                    " font-weight=\"bold\""
                } else {
                    ""
                },
                xml_escape(&node.label())
            )
            .expect("String");
        }
        for &(parent, x, count) in &more {
            let (cx, cy) = (px(x), py(depths[parent] + 1));
            writeln!(
                out,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{BOX_W}\" height=\"{BOX_H}\" rx=\"6\" \
                 fill=\"white\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>",
                cx - BOX_W / 2.0,
                cy - BOX_H / 2.0
            )
            .expect("String");
            writeln!(
                out,
                "<text x=\"{cx:.1}\" y=\"{:.1}\" fill=\"#888\">+{count}</text>",
                cy + 4.0
            )
            .expect("String");
        }
        out.push_str("</g>\n</svg>\n");
        out
    }

    /// Lays out the subtree of `id` at `depth`: leaves (and `+N` boxes) take
    /// the next free slot, a parent sits midway between its outer children.
    /// Returns the node's x in slots.
    fn place(
        &self,
        id: usize,
        depth: usize,
        slots: &mut usize,
        xs: &mut [f64],
        depths: &mut [usize],
        more: &mut Vec<(usize, f64, u64)>,
    ) -> f64 {
        depths[id] = depth;
        let node = &self.nodes[id];
        let mut span: Option<(f64, f64)> = None;
        let mut widen = |x: f64| {
            span = Some(span.map_or((x, x), |(first, _)| (first, x)));
        };
        for &child in &node.children {
            widen(self.place(child, depth + 1, slots, xs, depths, more));
        }
        if node.elided_children > 0 {
            let x = *slots as f64;
            *slots += 1;
            more.push((id, x, node.elided_children));
            widen(x);
        }
        let x = match span {
            Some((first, last)) => (first + last) / 2.0,
            None => {
                *slots += 1;
                (*slots - 1) as f64
            }
        };
        xs[id] = x;
        x
    }
}

fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(ch),
        }
    }
    out
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::classic::Limits;
    use crate::classic::deepening::{self, Select};
    use crate::classic::test_support::*;

    /// Checks that tags open and close in order; good enough to catch
    /// broken markup without an XML parser.
    fn assert_balanced_xml(svg: &str) {
        assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
        assert!(svg.trim_end().ends_with("</svg>"));
        let mut stack: Vec<&str> = Vec::new();
        let mut rest = svg;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("unclosed tag") + start;
            let tag = &rest[start + 1..end];
            assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(stack.pop(), Some(name.trim()), "mismatched </{name}>");
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().expect("tag name");
                stack.push(name);
            }
            let text = &rest[end + 1..];
            let next = text.find('<').unwrap_or(text.len());
            assert!(!text[..next].contains('>'), "stray '>'");
            for (i, _) in text[..next].match_indices('&') {
                let entity = &text[i..next];
                assert!(
                    ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                        .iter()
                        .any(|e| entity.starts_with(e)),
                    "bad entity"
                );
            }
            rest = text;
        }
        assert!(stack.is_empty(), "unclosed {stack:?}");
    }

    #[test]
    fn langs_parse() {
        assert_eq!("es".parse(), Ok(Lang::Es));
        assert_eq!("EN".parse(), Ok(Lang::En));
        assert!("fr".parse::<Lang>().is_err());
        assert_eq!(Lang::Es.to_string(), "es");
    }

    #[test]
    fn deadly_pattern_trace_has_the_documents_format() {
        let (puzzle, a, b) = deadly_pattern();
        let (report, trace) = deepening::trace(&puzzle, &deepening::Options::default());
        assert_eq!(sorted(report.solutions.clone()), sorted(vec![a, b]));
        let text = trace.to_text(Lang::Es);
        let lines: Vec<&str> = text.lines().collect();
        // iter=0: the puzzle itself, the singles cannot touch a deadly pattern.
        assert_eq!(lines[0], "iter=0");
        assert_eq!(lines[1..10].concat(), puzzle.to_line_with('*'));
        // The first trial: the first empty cell, its smaller candidate.
        let first = puzzle.empty_cells().next().unwrap();
        let low = a[first].min(b[first]);
        assert_eq!(
            lines[10],
            format!("iter=1 i={} j={} n={low}", first.row() + 1, first.col() + 1)
        );
        assert_eq!(lines[11..20].concat(), report.solutions[0].to_line());
        assert_eq!(lines[20], "SOLUCIÓN 1");
        assert!(lines[21].starts_with("iter=2 i="));
        assert_eq!(lines[31], "SOLUCIÓN 2");
        assert_eq!(
            lines[32],
            "2 soluciones, 2 iteraciones, 0 ramas fallidas: búsqueda completa"
        );
        assert_eq!(lines.len(), 33);
        let en = trace.to_text(Lang::En);
        assert!(en.ends_with("2 solutions, 2 iterations, 0 dead ends: search complete\n"));
        assert!(en.contains("\nSOLUTION 2\n"));
    }

    #[test]
    fn boards_use_stars_and_failures_are_marked() {
        let puzzle = hard_puzzle();
        let (report, trace) = deepening::trace(&puzzle, &deepening::Options::default());
        assert!(report.stats.dead_ends > 0);
        let es = trace.to_text(Lang::Es);
        let en = trace.to_text(Lang::En);
        assert_eq!(
            es.lines().filter(|l| *l == "FALLIDO").count() as u64,
            report.stats.dead_ends
        );
        assert_eq!(
            en.lines().filter(|l| *l == "FAILED").count() as u64,
            report.stats.dead_ends
        );
        assert!(!es.contains("FAILED") && !en.contains("FALLIDO"));
        let headers = es.lines().filter(|l| l.starts_with("iter=")).count() as u64;
        assert_eq!(headers, report.stats.iterations + 1);
        for block in es.split("iter=").skip(1) {
            let rows: Vec<&str> = block.lines().skip(1).take(9).collect();
            assert_eq!(rows.len(), 9);
            for row in rows {
                assert_eq!(row.len(), 9, "{row}");
                assert!(row.chars().all(|c| c == '*' || ('1'..='9').contains(&c)));
            }
        }
        assert!(es.lines().nth(1).unwrap().contains('*'));
        // Every header parses back to a trial with 1-based coordinates.
        for (k, header) in es
            .lines()
            .filter(|l| l.starts_with("iter="))
            .enumerate()
            .skip(1)
        {
            let fields: Vec<&str> = header.split(' ').collect();
            assert_eq!(fields[0], format!("iter={k}"));
            for (field, key) in fields[1..].iter().zip(["i=", "j=", "n="]) {
                let v: u8 = field.strip_prefix(key).unwrap().parse().unwrap();
                assert!((1..=9).contains(&v));
            }
        }
    }

    #[test]
    fn dot_marks_failures_and_the_solution_path() {
        let (report, trace) = deepening::trace(&hard_puzzle(), &deepening::Options::default());
        let dot = trace.to_dot();
        assert!(dot.starts_with("digraph search {\n"));
        assert!(dot.trim_end().ends_with('}'));
        assert!(dot.contains("color=red"));
        assert!(dot.contains("fillcolor=palegreen"));
        assert!(dot.contains("color=darkgreen"));
        assert_eq!(dot.matches("[label=").count(), trace.tree_len());
        assert_eq!(dot.matches(" -> ").count(), trace.tree_len() - 1);
        assert_eq!(trace.tree_len() as u64, report.stats.nodes);
        // Quotes balance on every line.
        assert!(dot.lines().all(|l| l.matches('"').count() % 2 == 0));
    }

    #[test]
    fn svg_is_well_formed_and_labelled() {
        let (_, trace) = deepening::trace(&hard_puzzle(), &deepening::Options::default());
        let svg = trace.to_svg();
        assert_balanced_xml(&svg);
        assert!(svg.contains("<title>"));
        assert!(svg.contains(">start</text>"));
        assert!(svg.contains("#d1242f"));
        assert!(svg.contains("stroke-width=\"3\""));
        let first = &trace.events()[1];
        let (cell, digit) = first.trial.unwrap();
        assert!(svg.contains(&format!(">{cell}={digit}</text>")));
    }

    #[test]
    fn caps_elide_and_say_so() {
        let caps = TraceOptions {
            max_tree_nodes: 5,
            max_events: 4,
        };
        let options = deepening::Options {
            select: Select::Next,
            limits: Limits {
                max_solutions: Some(20),
                ..Limits::default()
            },
            ..deepening::Options::default()
        };
        let (report, trace) = deepening::trace_with(&many_solutions(), &options, &caps);
        assert_eq!(report.stop, Stop::SolutionLimit);
        assert_eq!(trace.tree_len(), 5);
        assert_eq!(
            trace.tree_len() as u64 + trace.tree_elided(),
            report.stats.nodes
        );
        assert_eq!(trace.events().len(), 4);
        assert_eq!(
            trace.events().len() as u64 + trace.events_elided(),
            report.stats.iterations + 1
        );
        let text = trace.to_text(Lang::En);
        assert!(text.contains(" more iterations not shown (trace capped at 4 blocks)"));
        assert!(text.ends_with(": solution limit reached\n"));
        assert!(
            trace
                .to_text(Lang::Es)
                .ends_with(": límite de soluciones alcanzado\n")
        );
        let dot = trace.to_dot();
        assert!(dot.contains("not shown (tree capped at 5 nodes)"));
        assert!(dot.contains("style=\"rounded,dashed\""));
        let svg = trace.to_svg();
        assert_balanced_xml(&svg);
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains("not shown (tree capped at 5 nodes)"));
    }

    #[test]
    fn clashing_givens_give_a_failed_root() {
        let (report, trace) = deepening::trace(&clashing(), &deepening::Options::default());
        assert!(report.solutions.is_empty());
        let text = trace.to_text(Lang::Es);
        assert!(text.starts_with("iter=0\n"));
        assert!(text.contains("\nFALLIDO\n"));
        assert_balanced_xml(&trace.to_svg());
    }

    #[test]
    fn escaping() {
        assert_eq!(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(dot_escape("say \"hi\""), "say \\\"hi\\\"");
    }
}
