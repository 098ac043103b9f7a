//! The search tree of the deepening search, drawn in DOT or SVG as the
//! source document draws it.
//!
//! The tree has the initial board as its root and one child per trial. Each
//! node is labelled, in the tree's [`Lang`], with the document's notation:
//!
//! ```text
//! #12 nivel=3       <- the 12th iteration (trial in the order made), at level 3
//! i=1 j=2 n=5       <- row i and column j of the cell (1-based), the digit n tried
//! d={4,5,9}         <- d: the cell's candidates when tried (the digits tried there)
//! RECHAZADO         <- what the trial came to, when there is something to say
//! ```
//!
//! The last line tells the kinds of node apart ([`NodeKind`]): a trial whose
//! deepening found a dead end is *failed* (`FALLIDO`, `FAILED`, red); a trial
//! that survived its deepening but every branch below it failed or was
//! rejected in turn is *rejected* (`RECHAZADO`, `REJECTED`, orange); a full
//! board is a solution (`SOLUCIÓN k`, `SOLUTION k`, filled green), and the
//! path from the root to **each** solution is drawn green and bold. A node
//! whose search the limits cut short is *open* (`ABIERTO`, `OPEN`, dashed).
//! Both drawings carry a legend in the tree's language.
//!
//! [`Tree::to_dot`] writes Graphviz DOT; [`Tree::to_svg`] draws a
//! self-contained SVG with a tidy layout (leaves on consecutive slots,
//! parents centred over their children, one row per level).
//!
//! A drawing is made at the end, so the tree is kept in memory: at most
//! `max_nodes` nodes (the root always). Later nodes are counted only, and
//! the drawings say how many were left out (a grey `+N` box under the node
//! whose children were dropped). Whether a kept node was rejected, and where
//! the solutions lie, is followed on the current path of the search (at most
//! one entry per level), so the kinds and paths stay exact under the cap.

use super::Outcome;
use super::deepening::{Options, Select};
use super::trace::{Event, Lang, Verdict, summary};
use crate::candidates::DigitSet;
use crate::grid::{Cell, Digit};
use std::fmt::{self, Write};

mod svg;

/// The default cap on the nodes of a [`Tree`].
pub const DEFAULT_MAX_NODES: usize = 2000;

/// What a node of the search tree came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeKind {
    /// The search below it was cut short by a limit (or is still going on),
    /// or it lies on the path to a solution.
    Open,
    /// Failed (*fallido*): the deepening after the trial found a dead end.
    Failed,
    /// Rejected (*rechazado*): the deepening left it open, but every trial
    /// below it (every candidate of the next cell) failed or was rejected.
    Rejected,
    /// The board is full: a solution.
    Solution,
}

impl NodeKind {
    /// The kind's name in data: `open`, `failed`, `rejected`, `solution`.
    pub const fn name(self) -> &'static str {
        match self {
            NodeKind::Open => "open",
            NodeKind::Failed => "failed",
            NodeKind::Rejected => "rejected",
            NodeKind::Solution => "solution",
        }
    }

    /// The word the drawings write on a node of this kind, in `lang`:
    /// `FALLIDO`, `RECHAZADO`, `SOLUCIÓN`, `ABIERTO` (Spanish) or `FAILED`,
    /// `REJECTED`, `SOLUTION`, `OPEN` (English).
    pub const fn word(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (NodeKind::Open, Lang::En) => "OPEN",
            (NodeKind::Open, Lang::Es) => "ABIERTO",
            (NodeKind::Failed, Lang::En) => "FAILED",
            (NodeKind::Failed, Lang::Es) => "FALLIDO",
            (NodeKind::Rejected, Lang::En) => "REJECTED",
            (NodeKind::Rejected, Lang::Es) => "RECHAZADO",
            (NodeKind::Solution, Lang::En) => "SOLUTION",
            (NodeKind::Solution, Lang::Es) => "SOLUCIÓN",
        }
    }
}

impl fmt::Display for NodeKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A node of the recorded tree: the initial deepening (the root) or one
/// trial.
#[derive(Clone, Debug)]
pub struct Node {
    /// The node's level: trials on the path from the root to it, this one
    /// included (0 for the root; `iter` of the document-style text trace).
    pub level: u64,
    /// The trial's number in the order made, 1-based; 0 for the root.
    pub iteration: u64,
    /// The cell and digit tried (`i`, `j`, `n`); `None` for the root.
    pub trial: Option<(Cell, Digit)>,
    /// The candidates of the trial's cell when it was tried (`d`): every
    /// digit the search tries there. Empty for the root.
    pub candidates: DigitSet,
    /// What the deepening after the trial said.
    pub verdict: Verdict,
    /// What the node came to, its subtree included (final once
    /// [`Tree::finish`] has been called).
    pub kind: NodeKind,
    /// Whether the node lies on the path from the root to a solution (or to
    /// the nearest kept ancestor of a solution left out by the cap).
    pub on_path: bool,
    /// The solution's number in the order found, for a solution.
    pub solution: Option<u64>,
    /// The index of the parent node in [`Tree::nodes`]; `None` for the root.
    pub parent: Option<usize>,
    /// Children that were not kept because of the cap.
    pub elided_children: u64,
    children: Vec<usize>,
}

impl Node {
    /// The indices of the kept children in [`Tree::nodes`], in the order
    /// tried.
    pub fn children(&self) -> &[usize] {
        &self.children
    }

    /// The lines of the node's label in `lang`, as the drawings write them:
    /// `#12 nivel=3`, `i=1 j=2 n=5`, `d={4,5,9}`, then the kind's word
    /// (`FALLIDO`, `RECHAZADO`, `SOLUCIÓN 1`; `ABIERTO` for an open node off
    /// the solution paths). The root has `inicio` (`start`) for the trial
    /// and no `d`.
    ///
    /// ```
    /// use sudokit::classic::deepening::{self, Options};
    /// use sudokit::classic::trace::Lang;
    /// use sudokit::Grid;
    ///
    /// let puzzle: Grid =
    ///     "..63...........1..82...1..79...4..1.3..297.........5.....51..8...4..8.3......26.."
    ///         .parse()?;
    /// let (_, tree) = deepening::tree(&puzzle, &Options::default(), 100);
    /// assert_eq!(tree.nodes()[2].label_lines(Lang::Es), ["#2 nivel=2", "i=1 j=2 n=4", "d={4,5,7,9}", "FALLIDO"]);
    /// assert_eq!(tree.nodes()[0].label(Lang::En), "#0 level=0\nstart");
    /// # Ok::<(), sudokit::ParseError>(())
    /// ```
    pub fn label_lines(&self, lang: Lang) -> Vec<String> {
        let words = Words::of(lang);
        let mut lines = vec![format!(
            "#{} {}={}",
            self.iteration, words.level, self.level
        )];
        match self.trial {
            Some((cell, digit)) => {
                lines.push(format!(
                    "i={} j={} n={digit}",
                    cell.row() + 1,
                    cell.col() + 1
                ));
                let digits: Vec<String> = self.candidates.iter().map(|d| d.to_string()).collect();
                lines.push(format!("d={{{}}}", digits.join(",")));
            }
            None => lines.push(words.start.to_string()),
        }
        match (self.kind, self.solution) {
            (NodeKind::Solution, Some(k)) => {
                lines.push(format!("{} {k}", NodeKind::Solution.word(lang)));
            }
            (NodeKind::Open, _) if self.on_path => {}
            (kind, _) => lines.push(kind.word(lang).to_string()),
        }
        lines
    }

    /// [`Node::label_lines`] joined by newlines.
    pub fn label(&self, lang: Lang) -> String {
        self.label_lines(lang).join("\n")
    }
}

/// A node of the recorded tree, or the nearest recorded ancestor of a node
/// that was left out.
#[derive(Clone, Copy, Debug)]
struct TreeRef {
    id: usize,
    exact: bool,
}

/// A node on the current path of the search, kept or not: what is needed
/// to tell, once its subtree is done, whether it was rejected.
#[derive(Clone, Copy, Debug)]
struct Step {
    at: TreeRef,
    verdict: Verdict,
    /// Trials made below it so far.
    tried: usize,
    /// Candidates of the cell tried below it (`d` of its children).
    options: usize,
    /// Whether every trial below it so far failed or was rejected.
    all_dead: bool,
}

/// The search tree of a deepening search, at most `max_nodes` of it.
///
/// Fed the events of [`super::deepening::trace`] in order with
/// [`Tree::record`], then the outcome with [`Tree::finish`] (or made by
/// [`super::deepening::tree`]). The drawings are in the tree's [`Lang`]
/// (English unless [`Tree::set_lang`] or [`Tree::with_lang`] says otherwise).
#[derive(Clone, Debug)]
pub struct Tree {
    lang: Lang,
    select: Select,
    seed: u64,
    /// The techniques' names, comma-separated; empty for none.
    techniques: String,
    max_nodes: usize,
    nodes: Vec<Node>,
    nodes_elided: u64,
    /// The current path of the search, one entry per level: the parent of
    /// the next trial is at its level - 1.
    path: Vec<Step>,
    solutions: u64,
    /// Solutions that lie below the recorded part of the tree.
    solutions_elided: u64,
    outcome: Option<Outcome>,
}

impl Tree {
    /// An empty tree for a search with `options`, keeping at most
    /// `max_nodes` nodes (at least the root), drawn in English.
    pub fn new(options: &Options, max_nodes: usize) -> Tree {
        let techniques: Vec<&str> = options.techniques.iter().map(|t| t.name()).collect();
        Tree {
            lang: Lang::En,
            select: options.select,
            seed: options.seed,
            techniques: techniques.join(", "),
            max_nodes: max_nodes.max(1),
            nodes: Vec::new(),
            nodes_elided: 0,
            path: Vec::new(),
            solutions: 0,
            solutions_elided: 0,
            outcome: None,
        }
    }

    /// The same tree drawn in `lang`.
    pub fn with_lang(mut self, lang: Lang) -> Tree {
        self.lang = lang;
        self
    }

    /// Draws the tree in `lang` from now on (labels, legend, captions).
    pub fn set_lang(&mut self, lang: Lang) {
        self.lang = lang;
    }

    /// The language of the drawings.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// Adds the node of `event`, the next event of the search in order.
    pub fn record(&mut self, event: &Event<'_>) {
        let here = match event.trial {
            None => {
                self.nodes.clear();
                self.path.clear();
                self.nodes_elided = 0;
                self.solutions = 0;
                self.solutions_elided = 0;
                self.nodes.push(Node {
                    level: 0,
                    iteration: event.iteration,
                    trial: None,
                    candidates: DigitSet::EMPTY,
                    verdict: event.verdict,
                    kind: kind_of(event.verdict),
                    on_path: false,
                    solution: None,
                    parent: None,
                    elided_children: 0,
                    children: Vec::new(),
                });
                TreeRef { id: 0, exact: true }
            }
            Some(_) => {
                let depth = usize::try_from(event.depth).unwrap_or(usize::MAX).max(1);
                self.close_to(depth);
                let Some(parent) = self.path.last_mut() else {
                    return;
                };
                parent.tried += 1;
                parent.options = event.candidates.len().max(parent.tried);
                let parent = parent.at;
                self.add(parent, event)
            }
        };
        self.path.push(Step {
            at: here,
            verdict: event.verdict,
            tried: 0,
            options: 0,
            all_dead: true,
        });
        if event.verdict == Verdict::Solution {
            self.solutions += 1;
            if here.exact {
                self.nodes[here.id].solution = Some(self.solutions);
            } else {
                self.solutions_elided += 1;
            }
            self.mark_path(here.id);
        }
    }

    fn add(&mut self, parent: TreeRef, event: &Event<'_>) -> TreeRef {
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
        self.nodes.push(Node {
            level: event.depth,
            iteration: event.iteration,
            trial: event.trial,
            candidates: event.candidates,
            verdict: event.verdict,
            kind: kind_of(event.verdict),
            on_path: false,
            solution: None,
            parent: Some(parent.id),
            elided_children: 0,
            children: Vec::new(),
        });
        self.nodes[parent.id].children.push(id);
        TreeRef { id, exact: true }
    }

    /// Ends the subtrees of the path below its first `len` entries, the
    /// deepest first: a node whose every candidate was tried and every
    /// trial failed or was rejected is rejected.
    fn close_to(&mut self, len: usize) {
        while self.path.len() > len {
            let Some(step) = self.path.pop() else { break };
            let dead = match step.verdict {
                Verdict::Failed => true,
                Verdict::Solution => false,
                Verdict::Open => step.tried > 0 && step.tried >= step.options && step.all_dead,
            };
            if dead && step.verdict == Verdict::Open && step.at.exact {
                self.nodes[step.at.id].kind = NodeKind::Rejected;
            }
            if let Some(parent) = self.path.last_mut() {
                parent.all_dead &= dead;
            }
        }
    }

    /// Marks the path from the root to node `id`, up to where an earlier
    /// solution's path joins it.
    fn mark_path(&mut self, id: usize) {
        let mut at = Some(id);
        while let Some(id) = at {
            if self.nodes[id].on_path {
                break;
            }
            self.nodes[id].on_path = true;
            at = self.nodes[id].parent;
        }
    }

    /// Records how the search ended, for the drawings' captions, and closes
    /// the nodes still on the search's path: their kinds are final.
    pub fn finish(&mut self, outcome: &Outcome) {
        self.close_to(0);
        self.outcome = Some(*outcome);
    }

    /// The kept nodes, root first, each after its parent (in the order of
    /// the search).
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
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

    /// Solutions recorded, kept or left out by the cap.
    pub fn solutions(&self) -> u64 {
        self.solutions
    }

    /// The title of the drawings: the search and its options.
    fn title(&self) -> String {
        let words = Words::of(self.lang);
        let mut description = format!("{} {}", words.select, self.select);
        if self.select == Select::Random {
            write!(description, " ({} {})", words.seed, self.seed).expect("String");
        }
        if self.techniques.is_empty() {
            write!(description, ", {}", words.no_techniques).expect("String");
        } else {
            write!(description, ", {}", self.techniques).expect("String");
        }
        format!("{} ({description})", words.title)
    }

    /// A one-line description of the tree for captions.
    fn tree_caption(&self) -> String {
        let words = Words::of(self.lang);
        let count = |kind: NodeKind| self.nodes.iter().filter(|n| n.kind == kind).count();
        let (failed, rejected) = (count(NodeKind::Failed), count(NodeKind::Rejected));
        let plural =
            |n: u64, (one, many): (&str, &str)| format!("{n} {}", if n == 1 { one } else { many });
        let summary = self
            .outcome
            .map_or(String::new(), |o| summary(&o, self.lang));
        let mut caption = format!(
            "{}, {}, {}; {summary}",
            plural(self.nodes.len() as u64, words.nodes),
            plural(failed as u64, words.failed),
            plural(rejected as u64, words.rejected),
        );
        if self.nodes_elided > 0 {
            let capped = plural(self.max_nodes as u64, words.nodes);
            let elided = self.nodes_elided;
            match self.lang {
                Lang::En => write!(
                    caption,
                    "; {elided} more {} not shown (tree capped at {capped})",
                    if elided == 1 { "node" } else { "nodes" }
                ),
                Lang::Es => write!(
                    caption,
                    "; {} más sin mostrar (árbol limitado a {capped})",
                    plural(elided, words.nodes)
                ),
            }
            .expect("String");
        }
        if self.solutions_elided > 0 {
            let k = self.solutions_elided;
            match self.lang {
                Lang::En => write!(
                    caption,
                    "; {} below the part shown",
                    plural(k, ("solution lies", "solutions lie"))
                ),
                Lang::Es => write!(
                    caption,
                    "; {} bajo la parte mostrada",
                    plural(k, ("solución queda", "soluciones quedan"))
                ),
            }
            .expect("String");
        }
        caption
    }

    /// The search tree in Graphviz DOT: `digraph search { ... }`.
    ///
    /// Each node is labelled as [`Node::label_lines`] says. Failed trials
    /// are red, rejected ones orange, solutions filled green, the paths to
    /// the solutions dark green and bold, open nodes dashed. A grey `+N`
    /// node stands for children left out by the cap. The graph's label and
    /// the comments at the top hold the legend.
    #[allow(clippy::missing_panics_doc, reason = "writing to a String cannot fail")]
    pub fn to_dot(&self) -> String {
        let words = Words::of(self.lang);
        let mut out = String::from("digraph search {\n");
        writeln!(out, "  // {}", words.legend_title).expect("String");
        writeln!(out, "  // {}", words.notation).expect("String");
        for (look, text) in [
            ("color=red", words.key_failed),
            ("color=darkorange3", words.key_rejected),
            ("fillcolor=palegreen", words.key_solution),
            ("color=darkgreen", words.key_path),
            ("style=dashed", words.key_open),
            ("color=gray", words.key_more),
        ] {
            writeln!(out, "  //   {look:<19} {text}").expect("String");
        }
        let caption = format!("{}: {}", self.title(), self.tree_caption());
        writeln!(
            out,
            "  label=\"{}\\n{}\";",
            dot_escape(&caption),
            dot_escape(words.notation)
        )
        .expect("String");
        out.push_str("  labelloc=t;\n");
        out.push_str("  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n");
        out.push_str("  edge [arrowsize=0.6];\n");
        for (id, node) in self.nodes.iter().enumerate() {
            let label: Vec<String> = node
                .label_lines(self.lang)
                .iter()
                .map(|l| dot_escape(l))
                .collect();
            let mut attrs = vec![format!("label=\"{}\"", label.join("\\n"))];
            let mut style = vec!["rounded"];
            match node.kind {
                NodeKind::Failed => attrs.push("color=red, fontcolor=red".into()),
                NodeKind::Rejected => {
                    style.push("filled");
                    attrs.push(
                        "color=darkorange3, fontcolor=darkorange4, fillcolor=papayawhip".into(),
                    );
                }
                NodeKind::Solution => {
                    style.push("filled");
                    attrs.push("fillcolor=palegreen".into());
                }
                NodeKind::Open if !node.on_path => style.push("dashed"),
                NodeKind::Open => {}
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
}

fn kind_of(verdict: Verdict) -> NodeKind {
    match verdict {
        Verdict::Open => NodeKind::Open,
        Verdict::Failed => NodeKind::Failed,
        Verdict::Solution => NodeKind::Solution,
    }
}

/// The words of the drawings in one language.
struct Words {
    title: &'static str,
    select: &'static str,
    seed: &'static str,
    no_techniques: &'static str,
    nodes: (&'static str, &'static str),
    failed: (&'static str, &'static str),
    rejected: (&'static str, &'static str),
    level: &'static str,
    start: &'static str,
    legend_title: &'static str,
    notation: &'static str,
    key_failed: &'static str,
    key_rejected: &'static str,
    key_solution: &'static str,
    key_path: &'static str,
    key_open: &'static str,
    key_more: &'static str,
}

impl Words {
    const fn of(lang: Lang) -> Words {
        match lang {
            Lang::En => Words {
                title: "Deepening search tree",
                select: "select",
                seed: "seed",
                no_techniques: "no techniques",
                nodes: ("node", "nodes"),
                failed: ("failed", "failed"),
                rejected: ("rejected", "rejected"),
                level: "level",
                start: "start",
                legend_title: "Legend:",
                notation: "#k: the k-th iteration (trial); level: trials on the path from the root; \
                           i, j: row and column; n: the digit tried; d: the cell's candidates",
                key_failed: "FAILED: the deepening after the trial found a dead end",
                key_rejected: "REJECTED: every branch below failed",
                key_solution: "SOLUTION k: the k-th solution",
                key_path: "the path to a solution",
                key_open: "OPEN: the search stopped before its end",
                key_more: "+N: nodes not shown",
            },
            Lang::Es => Words {
                title: "Árbol de búsqueda con profundización",
                select: "selección",
                seed: "semilla",
                no_techniques: "sin técnicas",
                nodes: ("nodo", "nodos"),
                failed: ("fallido", "fallidos"),
                rejected: ("rechazado", "rechazados"),
                level: "nivel",
                start: "inicio",
                legend_title: "Leyenda:",
                notation: "#k: la k-ésima iteración (ensayo); nivel: ensayos en el camino desde \
                           la raíz; i, j: fila y columna; n: el dígito ensayado; d: los \
                           candidatos de la casilla",
                key_failed: "FALLIDO: la profundización tras el ensayo halló un callejón sin salida",
                key_rejected: "RECHAZADO: fallaron todas las ramas por debajo",
                key_solution: "SOLUCIÓN k: la k-ésima solución",
                key_path: "el camino a una solución",
                key_open: "ABIERTO: la búsqueda se detuvo antes de acabarlo",
                key_more: "+N: nodos sin mostrar",
            },
        }
    }
}

fn dot_escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
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
        tree.finish(&outcome);
        assert_eq!(tree.len() as u64, outcome.stats.iterations + 1);
        let parents: Vec<Option<usize>> = tree.nodes.iter().map(|n| n.parent).collect();
        assert_eq!(parents, expected_parent);
        assert!(first_solution_depth.is_some());
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
        assert!(svg.contains(">i=1 j=1 n=1</text>"));
        assert!(svg.contains(">d={1,4,5,7}</text>"));
        assert!(svg.contains(
            "<g class=\"node rejected\"><title>#14 level=4 i=1 j=6 n=9 d={4,9} REJECTED</title>"
        ));
        assert!(svg.contains("<g class=\"legend\">"));
        assert!(svg.contains(">REJECTED: every branch below failed</text>"));
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

    fn lines(tree: &Tree, id: usize, lang: Lang) -> Vec<String> {
        tree.nodes()[id].label_lines(lang)
    }

    /// The first trials on [`HARD`] (as the text trace prints them: r1c1=1
    /// kept, r1c2=4 and r1c2=5 failed), labelled with level, iteration,
    /// i, j, n and the cell's candidates. By hand: r1c1 sees 3, 6 in its
    /// row, 3, 8, 9 in its column and 2, 6, 8 in its box, so d = {1,4,5,7};
    /// after r1c1=1, r1c2 sees 1, 3, 6 and 2, 8: d = {4,5,7,9}.
    #[test]
    fn nodes_are_labelled_with_the_documents_notation() {
        let (_, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 2000);
        assert_eq!(lines(&tree, 0, Lang::Es), ["#0 nivel=0", "inicio"]);
        assert_eq!(lines(&tree, 0, Lang::En), ["#0 level=0", "start"]);
        assert_eq!(
            lines(&tree, 1, Lang::Es),
            ["#1 nivel=1", "i=1 j=1 n=1", "d={1,4,5,7}"]
        );
        assert_eq!(
            lines(&tree, 2, Lang::Es),
            ["#2 nivel=2", "i=1 j=2 n=4", "d={4,5,7,9}", "FALLIDO"]
        );
        assert_eq!(
            lines(&tree, 3, Lang::En),
            ["#3 level=2", "i=1 j=2 n=5", "d={4,5,7,9}", "FAILED"]
        );
        assert_eq!(
            lines(&tree, 11, Lang::Es),
            ["#11 nivel=7", "i=2 j=2 n=5", "d={3,5,9}", "SOLUCIÓN 1"]
        );
        assert_eq!(
            lines(&tree, 11, Lang::En)[3],
            "SOLUTION 1",
            "the solution's number, as the trace's SOLUTION 1"
        );
        let node = &tree.nodes()[2];
        assert_eq!((node.level, node.iteration), (2, 2));
        assert_eq!(
            node.trial,
            Some((Cell::at(0, 1).unwrap(), Digit::new(4).unwrap()))
        );
        assert_eq!(node.candidates.to_string(), "4579");
        assert_eq!(
            (node.kind, node.parent, node.on_path),
            (NodeKind::Failed, Some(1), false)
        );
        assert_eq!(tree.nodes()[1].children(), [2, 3, 4, 21]);
        // Each node's d is every candidate of its cell on its parent's
        // board (the singles only place digits), and the search tries
        // them all: the siblings are d, in order.
        let mut boards = vec![];
        deepening::trace(&hard_puzzle(), &Options::default(), &mut |e| {
            boards.push(*e.board);
            ControlFlow::Continue(())
        });
        for node in tree.nodes() {
            let Some((cell, _)) = node.trial else {
                continue;
            };
            let parent = &tree.nodes()[node.parent.unwrap()];
            let board = &boards[parent.iteration as usize];
            assert_eq!(node.candidates, Candidates::from_grid(board).get(cell));
            let digits: DigitSet = parent
                .children()
                .iter()
                .map(|&c| tree.nodes()[c].trial.unwrap().1)
                .collect();
            assert_eq!(digits, node.candidates, "#{}", node.iteration);
        }
    }

    /// r1c6=9 (#14) survives its deepening, but both trials below it,
    /// r1c7=4 and r1c7=8 (d = {4,8}), fail: it is rejected. r1c1=7 (#24)
    /// is rejected over rejected children. Every kind agrees with its
    /// definition, checked from the children.
    #[test]
    fn a_node_whose_branches_all_fail_is_rejected() {
        let (outcome, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 2000);
        assert_eq!(outcome.stop, Stop::Exhausted);
        let n = tree.nodes();
        assert_eq!(
            lines(&tree, 14, Lang::Es),
            ["#14 nivel=4", "i=1 j=6 n=9", "d={4,9}", "RECHAZADO"]
        );
        assert_eq!(lines(&tree, 14, Lang::En)[3], "REJECTED");
        assert_eq!(n[14].verdict, Verdict::Open);
        assert_eq!(n[14].children(), [15, 16]);
        assert!(n[15..=16].iter().all(|c| c.kind == NodeKind::Failed));
        assert_eq!(n[15].candidates.len(), 2);
        assert_eq!(n[24].kind, NodeKind::Rejected);
        assert_eq!(n[n[24].children()[0]].kind, NodeKind::Rejected);
        for (id, node) in n.iter().enumerate() {
            let children: Vec<&Node> = node.children().iter().map(|&c| &n[c]).collect();
            let all_tried = children
                .first()
                .is_some_and(|c| c.candidates.len() == children.len());
            let all_dead = children
                .iter()
                .all(|c| matches!(c.kind, NodeKind::Failed | NodeKind::Rejected));
            let expected = match node.verdict {
                Verdict::Failed => NodeKind::Failed,
                Verdict::Solution => NodeKind::Solution,
                Verdict::Open if all_tried && all_dead => NodeKind::Rejected,
                Verdict::Open => NodeKind::Open,
            };
            assert_eq!(node.kind, expected, "node {id}");
        }
        let count = |k| n.iter().filter(|node| node.kind == k).count();
        assert_eq!(count(NodeKind::Rejected), 9);
        assert_eq!(count(NodeKind::Failed) as u64, outcome.stats.dead_ends);
        // The only open nodes lead to the solution.
        assert!(
            n.iter()
                .all(|node| node.kind != NodeKind::Open || node.on_path)
        );
        let dot = tree.to_dot();
        assert!(dot.contains("40 nodes, 23 failed, 9 rejected; 1 solution"));
        assert!(dot.contains(
            "n14 [label=\"#14 level=4\\ni=1 j=6 n=9\\nd={4,9}\\nREJECTED\", color=darkorange3"
        ));
    }

    /// Every solution's path is marked, not only the first: on [`MANY`]
    /// the marked nodes are exactly the solutions and their ancestors, and
    /// the solutions are numbered in the order found.
    #[test]
    fn the_path_to_every_solution_is_marked() {
        let (outcome, tree) = deepening::tree(&many_solutions(), &Options::default(), usize::MAX);
        assert_eq!(outcome.found, MANY_COUNT as u64);
        assert_eq!(tree.solutions(), MANY_COUNT as u64);
        let n = tree.nodes();
        let mut expected = vec![false; n.len()];
        let mut numbers = Vec::new();
        for (id, node) in n.iter().enumerate() {
            if node.kind == NodeKind::Solution {
                numbers.push(node.solution.unwrap());
                let mut at = Some(id);
                while let Some(a) = at {
                    expected[a] = true;
                    at = n[a].parent;
                }
            }
        }
        assert_eq!(numbers, (1..=MANY_COUNT as u64).collect::<Vec<_>>());
        let marked: Vec<bool> = n.iter().map(|node| node.on_path).collect();
        assert_eq!(marked, expected);
        // The last solution's path is marked as well as the first's.
        let last = n
            .iter()
            .rposition(|node| node.kind == NodeKind::Solution)
            .unwrap();
        assert!(n[last].on_path && n[n[last].parent.unwrap()].on_path);
        // No node on a path is failed or rejected, and the SVG draws each
        // marked edge thick.
        assert!(
            n.iter()
                .all(|node| !node.on_path
                    || matches!(node.kind, NodeKind::Open | NodeKind::Solution))
        );
        let svg = tree.to_svg();
        let thick = svg
            .lines()
            .filter(|l| {
                l.starts_with("<line") && l.ends_with("stroke=\"#1a7f37\" stroke-width=\"3\"/>")
            })
            .count();
        assert_eq!(thick, expected.iter().filter(|&&m| m).count() - 1);

        // Two solutions side by side: both marked, both numbered.
        let (puzzle, _, _) = deadly_pattern();
        let (_, tree) = deepening::tree(&puzzle, &Options::default(), 10);
        let words: Vec<String> = tree.nodes()[1..]
            .iter()
            .map(|node| node.label_lines(Lang::Es)[3].clone())
            .collect();
        assert_eq!(words, ["SOLUCIÓN 1", "SOLUCIÓN 2"]);
        assert!(tree.nodes().iter().all(|node| node.on_path));
    }

    /// The drawings speak the tree's language: labels, caption, legend.
    #[test]
    fn spanish_and_english_drawings() {
        let (_, tree) = deepening::tree(&hard_puzzle(), &Options::default(), 2000);
        assert_eq!(tree.lang(), Lang::En);
        let tree = tree.with_lang(Lang::Es);
        assert_eq!(tree.lang(), Lang::Es);
        let dot = tree.to_dot();
        for text in [
            "Árbol de búsqueda con profundización (selección next, full-house",
            "40 nodos, 23 fallidos, 9 rechazados; 1 solución, 39 iteraciones, 23 ramas fallidas: búsqueda completa",
            "  // Leyenda:",
            "FALLIDO: la profundización tras el ensayo halló un callejón sin salida",
            "RECHAZADO: fallaron todas las ramas por debajo",
            "d: los candidatos de la casilla",
            "\\nRECHAZADO\"",
            "\\nFALLIDO\"",
            "\\nSOLUCIÓN 1\"",
        ] {
            assert!(dot.contains(text), "{text}");
        }
        assert!(!dot.contains("FAILED") && !dot.contains("REJECTED"));
        let svg = tree.to_svg();
        assert_balanced_xml(&svg);
        for text in [
            ">FALLIDO</text>",
            ">RECHAZADO</text>",
            ">SOLUCIÓN 1</text>",
            ">inicio</text>",
        ] {
            assert!(svg.contains(text), "{text}");
        }
        assert!(svg.contains(">Leyenda: #k: la k-ésima iteración (ensayo); nivel:"));
        let mut tree = tree;
        tree.set_lang(Lang::En);
        let svg = tree.to_svg();
        for text in [
            ">FAILED</text>",
            ">REJECTED</text>",
            ">SOLUTION 1</text>",
            ">Legend: #k",
        ] {
            assert!(svg.contains(text), "{text}");
        }
        assert!(!svg.contains("FALLIDO"));
        assert_eq!(NodeKind::Rejected.word(Lang::Es), "RECHAZADO");
        assert_eq!(NodeKind::Failed.to_string(), "failed");
    }

    /// A search cut short leaves open nodes (dashed, `ABIERTO`), not
    /// rejected ones: r1c1=1 had trials left.
    #[test]
    fn a_search_cut_short_leaves_open_nodes() {
        let options = Options {
            limits: Limits {
                max_iterations: Some(3),
                ..Limits::NONE
            },
            ..Options::default()
        };
        let (_, tree) = deepening::tree(&hard_puzzle(), &options, 100);
        let kinds: Vec<NodeKind> = tree.nodes().iter().map(|n| n.kind).collect();
        use NodeKind::*;
        assert_eq!(kinds, [Open, Open, Failed, Failed]);
        assert_eq!(lines(&tree, 1, Lang::Es)[3], "ABIERTO");
        assert!(tree.to_dot().contains("style=\"rounded,dashed\""));
        assert!(tree.to_svg().contains("<g class=\"node open\">"));
    }

    /// Under the cap the kept nodes have the kinds and paths of the whole
    /// tree: they are followed on the search's path, not on what is kept.
    #[test]
    fn kinds_and_paths_are_exact_under_the_cap() {
        let full = deepening::tree(&hard_puzzle(), &Options::default(), 2000).1;
        for cap in [1, 2, 5, 12, 15, 30] {
            let (_, capped) = deepening::tree(&hard_puzzle(), &Options::default(), cap);
            assert_eq!(capped.len(), cap);
            for (a, b) in capped.nodes().iter().zip(full.nodes()) {
                assert_eq!(
                    (a.kind, a.on_path, a.solution),
                    (b.kind, b.on_path, b.solution)
                );
                assert_eq!(a.label_lines(Lang::Es), b.label_lines(Lang::Es));
            }
        }
        // With 5 nodes the solution (#11) is left out: the path leads to
        // its nearest kept ancestor, and the caption says where it is.
        let (_, capped) = deepening::tree(&hard_puzzle(), &Options::default(), 5);
        let marked: Vec<usize> = (0..5).filter(|&i| capped.nodes()[i].on_path).collect();
        assert_eq!(marked, [0, 1, 4]);
        assert!(
            capped
                .to_dot()
                .contains("; 1 solution lies below the part shown")
        );
        let es = capped.with_lang(Lang::Es).to_dot();
        assert!(es.contains("35 nodos más sin mostrar (árbol limitado a 5 nodos); 1 solución queda bajo la parte mostrada"));
    }

    #[test]
    fn dot_escaping() {
        assert_eq!(dot_escape("say \"hi\""), "say \\\"hi\\\"");
    }
}
