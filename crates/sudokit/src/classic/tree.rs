//! The search tree of the deepening search, drawn in DOT or SVG.
//!
//! The tree has the initial board as its root and one child per trial,
//! labelled with the cell and digit (`r1c3=5`). Failed trials are drawn red,
//! solutions filled green, and the path from the root to the first solution
//! green and bold. [`Tree::to_dot`] writes Graphviz DOT; [`Tree::to_svg`]
//! draws a self-contained SVG with a tidy layout (leaves on consecutive
//! slots, parents centred over their children, one row per depth).
//!
//! A drawing is made at the end, so the tree is kept in memory: at most
//! `max_nodes` nodes (the root always). Later nodes are counted only, and
//! the drawings say how many were left out (a grey `+N` box under the node
//! whose children were dropped).

use super::Outcome;
use super::deepening::{Options, Select};
use super::trace::{Event, Lang, Verdict, summary};
use crate::grid::{Cell, Digit};
use std::fmt::Write;

/// The default cap on the nodes of a [`Tree`].
pub const DEFAULT_MAX_NODES: usize = 2000;

/// A node of the recorded tree, or the nearest recorded ancestor of a node
/// that was left out.
#[derive(Clone, Copy, Debug)]
struct TreeRef {
    id: usize,
    exact: bool,
}

#[derive(Clone, Debug)]
struct TreeNode {
    trial: Option<(Cell, Digit)>,
    parent: Option<usize>,
    children: Vec<usize>,
    verdict: Verdict,
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

/// The search tree of a deepening search, at most `max_nodes` of it.
///
/// Fed the events of [`super::deepening::trace`] in order with
/// [`Tree::record`] (or made by [`super::deepening::tree`]).
#[derive(Clone, Debug)]
pub struct Tree {
    description: String,
    max_nodes: usize,
    nodes: Vec<TreeNode>,
    nodes_elided: u64,
    /// The recorded node (or nearest recorded ancestor) at each depth of
    /// the current path: the parent of the next trial is at its depth - 1.
    path: Vec<TreeRef>,
    solutions: u64,
    /// Whether the first solution lies below the recorded part of the tree.
    first_solution_elided: bool,
    outcome: Option<Outcome>,
}

impl Tree {
    /// An empty tree for a search with `options`, keeping at most
    /// `max_nodes` nodes (at least the root).
    pub fn new(options: &Options, max_nodes: usize) -> Tree {
        let techniques: Vec<&str> = options.techniques.iter().map(|t| t.name()).collect();
        let mut description = format!("select {}", options.select);
        if options.select == Select::Random {
            write!(description, " (seed {})", options.seed).expect("String");
        }
        if techniques.is_empty() {
            description.push_str(", no techniques");
        } else {
            write!(description, ", {}", techniques.join(", ")).expect("String");
        }
        Tree {
            description,
            max_nodes: max_nodes.max(1),
            nodes: Vec::new(),
            nodes_elided: 0,
            path: Vec::new(),
            solutions: 0,
            first_solution_elided: false,
            outcome: None,
        }
    }

    /// Adds the node of `event`, the next event of the search in order.
    pub fn record(&mut self, event: &Event<'_>) {
        let here = match event.trial {
            None => {
                self.nodes.clear();
                self.nodes.push(TreeNode {
                    trial: None,
                    parent: None,
                    children: Vec::new(),
                    verdict: event.verdict,
                    on_path: false,
                    elided_children: 0,
                });
                self.path.clear();
                TreeRef { id: 0, exact: true }
            }
            Some(trial) => {
                let depth = usize::try_from(event.depth).unwrap_or(usize::MAX).max(1);
                self.path.truncate(depth);
                let Some(&parent) = self.path.last() else {
                    return;
                };
                self.add(parent, trial, event.verdict)
            }
        };
        self.path.push(here);
        if event.verdict == Verdict::Solution {
            self.solutions += 1;
            if self.solutions == 1 {
                self.mark_path(here);
            }
        }
    }

    fn add(&mut self, parent: TreeRef, trial: (Cell, Digit), verdict: Verdict) -> TreeRef {
        if !parent.exact {
            self.nodes_elided += 1;
            return parent;
        }
        if self.nodes.len() >= self.max_nodes {
            self.nodes_elided += 1;
            self.nodes[parent.id].elided_children += 1;
            return TreeRef {
                id: parent.id,
                exact: false,
            };
        }
        let id = self.nodes.len();
        self.nodes.push(TreeNode {
            trial: Some(trial),
            parent: Some(parent.id),
            children: Vec::new(),
            verdict,
            on_path: false,
            elided_children: 0,
        });
        self.nodes[parent.id].children.push(id);
        TreeRef { id, exact: true }
    }

    fn mark_path(&mut self, node: TreeRef) {
        self.first_solution_elided = !node.exact;
        let mut at = Some(node.id);
        while let Some(id) = at {
            self.nodes[id].on_path = true;
            at = self.nodes[id].parent;
        }
    }

    /// Records how the search ended, for the drawings' captions.
    pub fn finish(&mut self, outcome: &Outcome) {
        self.outcome = Some(*outcome);
    }

    /// Nodes of the recorded tree, root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether nothing was recorded yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Nodes left out by the cap.
    pub fn elided(&self) -> u64 {
        self.nodes_elided
    }

    /// The cap on nodes.
    pub fn max_nodes(&self) -> usize {
        self.max_nodes
    }

    /// A one-line description of the tree for titles.
    fn tree_caption(&self) -> String {
        let failed = self
            .nodes
            .iter()
            .filter(|n| n.verdict == Verdict::Failed)
            .count();
        let summary = self
            .outcome
            .map_or(String::new(), |o| summary(&o, Lang::En));
        let nodes = |n: usize| {
            if n == 1 {
                "1 node".to_string()
            } else {
                format!("{n} nodes")
            }
        };
        let mut caption = format!("{}, {failed} failed; {summary}", nodes(self.nodes.len()));
        if self.nodes_elided > 0 {
            write!(
                caption,
                "; {} more {} not shown (tree capped at {})",
                self.nodes_elided,
                if self.nodes_elided == 1 {
                    "node"
                } else {
                    "nodes"
                },
                nodes(self.max_nodes)
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
            match node.verdict {
                Verdict::Failed => attrs.push("color=red, fontcolor=red".into()),
                Verdict::Solution => {
                    style.push("filled");
                    attrs.push("fillcolor=palegreen".into());
                }
                Verdict::Open => {}
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
            let (fill, stroke, text) = match node.verdict {
                Verdict::Failed => ("#fdecea", "#d1242f", "#d1242f"),
                Verdict::Solution => ("#c6f6c6", "#1a7f37", "#0b3d17"),
                Verdict::Open => ("#f6f8fa", "#57606a", "#24292f"),
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
            if node.verdict == Verdict::Failed {
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
    use crate::classic::deepening::{self, Options};
    use crate::classic::test_support::*;
    use crate::classic::{Limits, Stop};
    use crate::grid::Grid;
    use std::ops::ControlFlow;

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
    fn dot_marks_failures_and_the_solution_path() {
        let (outcome, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 2000);
        let dot = tree.to_dot();
        assert!(dot.starts_with("digraph search {\n"));
        assert!(dot.trim_end().ends_with('}'));
        assert!(dot.contains("color=red"));
        assert!(dot.contains("fillcolor=palegreen"));
        assert!(dot.contains("color=darkgreen"));
        assert_eq!(dot.matches("[label=").count(), tree.len());
        assert_eq!(dot.matches(" -> ").count(), tree.len() - 1);
        assert_eq!(tree.len() as u64, outcome.stats.nodes);
        assert_eq!(tree.elided(), 0);
        assert!(dot.contains("1 solution, 39 iterations, 23 dead ends: search complete"));
        // Quotes balance on every line.
        assert!(dot.lines().all(|l| l.matches('"').count() % 2 == 0));
    }

    /// The tree built from the events has one node per event, each under
    /// the last kept node one level up.
    #[test]
    fn parents_follow_the_depth_of_each_trial() {
        let puzzle = many_solutions();
        let mut tree = Tree::new(&Options::default(), usize::MAX);
        let mut kept: Vec<usize> = Vec::new();
        let mut expected_parent = Vec::new();
        let mut n = 0;
        let mut first_solution_depth = None;
        let outcome = deepening::trace(&puzzle, &Options::default(), &mut |e| {
            tree.record(e);
            if e.verdict == Verdict::Solution && first_solution_depth.is_none() {
                first_solution_depth = Some(e.depth);
            }
            kept.truncate(e.depth as usize);
            expected_parent.push(kept.last().copied());
            kept.push(n);
            n += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(tree.len() as u64, outcome.stats.iterations + 1);
        let parents: Vec<Option<usize>> = tree.nodes.iter().map(|n| n.parent).collect();
        assert_eq!(parents, expected_parent);
        let on_path = tree.nodes.iter().filter(|n| n.on_path).count() as u64;
        assert_eq!(Some(on_path - 1), first_solution_depth);
        assert!(tree.nodes[0].on_path);
    }

    #[test]
    fn svg_is_well_formed_and_labelled() {
        let (_, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 2000);
        let svg = tree.to_svg();
        assert_balanced_xml(&svg);
        assert!(svg.contains("<title>"));
        assert!(svg.contains(">start</text>"));
        assert!(svg.contains("#d1242f"));
        assert!(svg.contains("stroke-width=\"3\""));
        assert!(svg.contains(">r1c1=1</text>"));
    }

    #[test]
    fn the_cap_bounds_the_tree_and_the_drawings_say_so() {
        let options = Options {
            limits: Limits {
                max_solutions: Some(20),
                ..Limits::default()
            },
            ..Options::default()
        };
        let (outcome, tree) = deepening::tree(&many_solutions(), &options, 5);
        assert_eq!(outcome.stop, Stop::SolutionLimit);
        assert_eq!(tree.len(), 5);
        assert_eq!(tree.max_nodes(), 5);
        assert_eq!(tree.len() as u64 + tree.elided(), outcome.stats.nodes);
        let dot = tree.to_dot();
        assert!(dot.contains("not shown (tree capped at 5 nodes)"));
        assert!(dot.contains("style=\"rounded,dashed\""));
        let svg = tree.to_svg();
        assert_balanced_xml(&svg);
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains("not shown (tree capped at 5 nodes)"));
        // A search of 100 000 trials keeps 50 nodes, and the path of 81
        // entries at most.
        let options = Options {
            limits: Limits {
                max_iterations: Some(100_000),
                ..Limits::NONE
            },
            ..Options::default()
        };
        let (outcome, tree) = deepening::tree(&Grid::empty(), &options, 50);
        assert_eq!(outcome.stats.iterations, 100_000);
        assert_eq!(tree.len(), 50);
        assert_eq!(tree.elided(), 100_001 - 50);
        assert!(tree.path.capacity() <= 128);
        assert!(tree.nodes.capacity() <= 64);
        let children: usize = tree.nodes.iter().map(|n| n.children.len()).sum();
        assert_eq!(children, 49);
    }

    #[test]
    fn clashing_givens_give_a_failed_root() {
        let (outcome, tree) = deepening::tree(&clashing(), &Options::default(), 10);
        assert_eq!(outcome.found, 0);
        assert_eq!(tree.len(), 1);
        assert_eq!(tree.nodes[0].verdict, Verdict::Failed);
        assert_balanced_xml(&tree.to_svg());
        // A cap of 0 still keeps the root.
        let (_, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 0);
        assert_eq!(tree.len(), 1);
    }

    #[test]
    fn escaping() {
        assert_eq!(xml_escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
        assert_eq!(dot_escape("say \"hi\""), "say \\\"hi\\\"");
    }
}
