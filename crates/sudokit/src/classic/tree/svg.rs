//! The search tree drawn as SVG: a tidy layout (leaves on consecutive
//! slots, parents centred over their children, one row per level), boxes
//! coloured by [`NodeKind`], and a legend in the tree's language.

use super::{NodeKind, Tree, Words};
use crate::draw::escape;
use std::fmt::Write;

/// The width of a label character, in pixels.
const CHAR: f64 = 6.6;
/// The height of a label line.
const LINE: f64 = 13.0;
/// The top of the first row of boxes (under the title, caption and legend).
const TOP: f64 = 128.0;
/// The margin around the drawing.
const MARGIN: f64 = 16.0;
/// The height of a `+N` box.
const MORE_H: f64 = 22.0;
/// The green of the paths to the solutions.
const PATH: &str = "#1a7f37";

/// Where every box of a drawing goes, and how big the boxes are.
struct Layout {
    /// Each node's label lines.
    labels: Vec<Vec<String>>,
    box_w: f64,
    box_h: f64,
    /// The width of a slot (a box and a gap).
    slot: f64,
    /// The height of a row (a box and a gap).
    level: f64,
    /// Each node's x, in slots.
    xs: Vec<f64>,
    /// Each node's depth.
    depths: Vec<usize>,
    /// The `+N` boxes: the node whose children were left out, the box's x in
    /// slots, and how many were left out.
    more: Vec<(usize, f64, u64)>,
    /// How many slots the leaves take.
    slots: usize,
}

impl Layout {
    /// The x of the centre of a box at `x` slots.
    fn px(&self, x: f64) -> f64 {
        MARGIN + x * self.slot + self.slot / 2.0
    }

    /// The y of the centre of a box at depth `d`.
    fn py(&self, d: usize) -> f64 {
        TOP + d as f64 * self.level + self.box_h / 2.0
    }

    /// The centre of node `id`'s box.
    fn centre(&self, id: usize) -> (f64, f64) {
        (self.px(self.xs[id]), self.py(self.depths[id]))
    }

    /// The number of rows, `+N` boxes included.
    fn rows(&self) -> usize {
        self.depths.iter().copied().max().unwrap_or(0) + 1 + usize::from(!self.more.is_empty())
    }
}

impl Tree {
    /// The search tree as a self-contained SVG document.
    ///
    /// Leaves take consecutive horizontal slots, each parent is centred over
    /// its children and each level is one row; every box holds the node's
    /// [`super::Node::label_lines`]. Failed trials have a red outline and a
    /// red cross, rejected ones are orange, solutions filled green, open
    /// nodes dashed, and the paths to the solutions are drawn green and
    /// thicker. Under the title and caption, a legend in the tree's language
    /// explains the labels and colours. Each node is a `<g class="node
    /// KIND">` with a `<title>` (its label on one line, shown on hover).
    pub fn to_svg(&self) -> String {
        let layout = self.layout();
        let mut out = String::new();
        self.svg_head(&mut out, &layout);
        out.push_str("<g stroke-linecap=\"round\">\n");
        self.svg_edges(&mut out, &layout);
        out.push_str("</g>\n<g text-anchor=\"middle\">\n");
        for id in 0..self.nodes.len() {
            self.svg_node(&mut out, &layout, id);
        }
        svg_more_boxes(&mut out, &layout);
        out.push_str("</g>\n</svg>\n");
        out
    }

    /// Sizes the boxes to the longest label and places every node.
    fn layout(&self) -> Layout {
        let labels: Vec<Vec<String>> = self
            .nodes
            .iter()
            .map(|n| n.label_lines(self.lang))
            .collect();
        let lines = labels.iter().map(Vec::len).max().unwrap_or(1).max(1);
        let chars = labels
            .iter()
            .flatten()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0);
        let box_w = (chars as f64 * CHAR + 14.0).max(56.0).round();
        let box_h = lines as f64 * LINE + 8.0;
        let mut layout = Layout {
            labels,
            box_w,
            box_h,
            slot: box_w + 10.0,
            level: box_h + 28.0,
            xs: vec![0.0; self.nodes.len()],
            depths: vec![0; self.nodes.len()],
            more: Vec::new(),
            slots: 0,
        };
        if !self.nodes.is_empty() {
            self.place(0, 0, &mut layout);
        }
        layout
    }

    /// Lays out the subtree of `id` at `depth`: leaves (and `+N` boxes) take
    /// the next free slot, a parent sits midway between its outer children.
    /// Returns the node's x in slots.
    fn place(&self, id: usize, depth: usize, layout: &mut Layout) -> f64 {
        layout.depths[id] = depth;
        let node = &self.nodes[id];
        let mut span: Option<(f64, f64)> = None;
        let mut widen = |x: f64| {
            span = Some(span.map_or((x, x), |(first, _)| (first, x)));
        };
        for &child in &node.children {
            widen(self.place(child, depth + 1, layout));
        }
        if node.elided_children > 0 {
            let x = layout.slots as f64;
            layout.slots += 1;
            layout.more.push((id, x, node.elided_children));
            widen(x);
        }
        let x = match span {
            Some((first, last)) => (first + last) / 2.0,
            None => {
                layout.slots += 1;
                (layout.slots - 1) as f64
            }
        };
        layout.xs[id] = x;
        x
    }

    /// The document's start: its size (room for the tree and for every
    /// line of text above it), the title, the caption and the legend.
    fn svg_head(&self, out: &mut String, layout: &Layout) {
        let words = Words::of(self.lang);
        let title = self.title();
        let caption = self.tree_caption();
        let notation = format!("{} {}", words.legend_title, words.notation);
        let keys = legend_keys(&words);
        let keys_width = keys
            .chunks(3)
            .map(|row| row.iter().map(|k| key_advance(k.1)).sum::<f64>())
            .fold(0.0, f64::max);
        let width = (layout.slots.max(1) as f64 * layout.slot + 2.0 * MARGIN)
            // Room for the title (bold, 15 px: about 9 px a character), the
            // caption and the legend.
            .max(9.0 * title.chars().count() as f64 + 2.0 * MARGIN)
            .max(7.0 * caption.chars().count() as f64 + 2.0 * MARGIN)
            .max(6.4 * notation.chars().count() as f64 + 2.0 * MARGIN)
            .max(keys_width + 2.0 * MARGIN);
        let height = TOP + layout.rows() as f64 * layout.level + MARGIN;
        writeln!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width:.0}\" height=\"{height:.0}\" \
             viewBox=\"0 0 {width:.0} {height:.0}\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"11\">"
        )
        .expect("String");
        writeln!(out, "<title>{}</title>", escape(&title)).expect("String");
        out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>",
            escape(&title)
        )
        .expect("String");
        writeln!(
            out,
            "<text x=\"{MARGIN}\" y=\"44\" fill=\"#555\">{}</text>",
            escape(&caption)
        )
        .expect("String");
        svg_legend(out, &notation, &keys);
    }

    /// The lines from each parent to its children (green and thick on a
    /// path to a solution) and to its `+N` box (grey, dashed).
    fn svg_edges(&self, out: &mut String, layout: &Layout) {
        let half = layout.box_h / 2.0;
        for (id, node) in self.nodes.iter().enumerate() {
            let Some(parent) = node.parent else { continue };
            let (stroke, w) = if node.on_path { (PATH, 3) } else { ("#999", 1) };
            let ((x1, y1), (x2, y2)) = (layout.centre(parent), layout.centre(id));
            writeln!(
                out,
                "<line x1=\"{x1:.1}\" y1=\"{:.1}\" x2=\"{x2:.1}\" y2=\"{:.1}\" stroke=\"{stroke}\" stroke-width=\"{w}\"/>",
                y1 + half,
                y2 - half
            )
            .expect("String");
        }
        for &(parent, x, _) in &layout.more {
            let (x1, y1) = layout.centre(parent);
            writeln!(
                out,
                "<line x1=\"{x1:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>",
                y1 + half,
                layout.px(x),
                layout.py(layout.depths[parent] + 1) - MORE_H / 2.0
            )
            .expect("String");
        }
    }

    /// Node `id`'s group: its hover title, its box (a cross in the corner
    /// of a failed trial) and its label lines.
    fn svg_node(&self, out: &mut String, layout: &Layout, id: usize) {
        let node = &self.nodes[id];
        let (cx, cy) = layout.centre(id);
        let (box_w, box_h) = (layout.box_w, layout.box_h);
        let look = Look::of(node.kind);
        let (stroke, w) = if node.on_path {
            (PATH, 3)
        } else {
            (look.stroke, 1)
        };
        let dash = if node.kind == NodeKind::Open && !node.on_path {
            " stroke-dasharray=\"4,3\""
        } else {
            ""
        };
        let labels = &layout.labels[id];
        writeln!(
            out,
            "<g class=\"node {}\"><title>{}</title>",
            node.kind,
            escape(&labels.join(" "))
        )
        .expect("String");
        writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{box_w}\" height=\"{box_h}\" rx=\"6\" \
             fill=\"{}\" stroke=\"{stroke}\" stroke-width=\"{w}\"{dash}/>",
            cx - box_w / 2.0,
            cy - box_h / 2.0,
            look.fill
        )
        .expect("String");
        if node.kind == NodeKind::Failed {
            let (x0, y0) = (cx + box_w / 2.0 - 8.0, cy - box_h / 2.0 + 3.0);
            writeln!(
                out,
                "<path d=\"M{x0:.1},{y0:.1} l5,5 m0,-5 l-5,5\" stroke=\"#d1242f\" stroke-width=\"1.5\"/>"
            )
            .expect("String");
        }
        let first = cy - (labels.len() as f64 - 1.0) * LINE / 2.0 + 4.0;
        // The kind's word (after the trial's lines) in bold; the labels on
        // a path too.
        let words_from = if node.trial.is_some() { 3 } else { 2 };
        for (k, line) in labels.iter().enumerate() {
            let bold = node.on_path || k >= words_from;
            writeln!(
                out,
                "<text x=\"{cx:.1}\" y=\"{:.1}\" fill=\"{}\"{}>{}</text>",
                first + k as f64 * LINE,
                look.text,
                if bold { " font-weight=\"bold\"" } else { "" },
                escape(line)
            )
            .expect("String");
        }
        out.push_str("</g>\n");
    }
}

/// The grey `+N` boxes, each under the node whose children were left out.
fn svg_more_boxes(out: &mut String, layout: &Layout) {
    let box_w = layout.box_w;
    for &(parent, x, count) in &layout.more {
        let (cx, cy) = (layout.px(x), layout.py(layout.depths[parent] + 1));
        writeln!(
            out,
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"{box_w}\" height=\"{MORE_H}\" rx=\"6\" \
             fill=\"white\" stroke=\"#bbb\" stroke-dasharray=\"3,3\"/>",
            cx - box_w / 2.0,
            cy - MORE_H / 2.0
        )
        .expect("String");
        writeln!(
            out,
            "<text x=\"{cx:.1}\" y=\"{:.1}\" fill=\"#888\">+{count}</text>",
            cy + 4.0
        )
        .expect("String");
    }
}

/// The legend under the caption: the notation on one line, then a swatch
/// and its words for each kind of node, three to a row.
fn svg_legend(out: &mut String, notation: &str, keys: &[(Look, &str)]) {
    writeln!(
        out,
        "<g class=\"legend\">\n<text x=\"{MARGIN}\" y=\"64\" fill=\"#333\">{}</text>",
        escape(notation)
    )
    .expect("String");
    for (row, keys) in keys.chunks(3).enumerate() {
        let y = 74.0 + row as f64 * 20.0;
        let mut x = MARGIN;
        for (look, text) in keys {
            let dash = if look.dashed {
                " stroke-dasharray=\"4,3\""
            } else {
                ""
            };
            writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"22\" height=\"14\" rx=\"3\" \
                 fill=\"{}\" stroke=\"{}\" stroke-width=\"{}\"{dash}/>",
                look.fill, look.stroke, look.width
            )
            .expect("String");
            writeln!(
                out,
                "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"#333\">{}</text>",
                x + 28.0,
                y + 11.0,
                escape(text)
            )
            .expect("String");
            x += key_advance(text);
        }
    }
    out.push_str("</g>\n");
}

/// The colours of a box in the SVG.
#[derive(Clone, Copy, Debug)]
struct Look {
    fill: &'static str,
    stroke: &'static str,
    text: &'static str,
    width: u8,
    dashed: bool,
}

impl Look {
    const fn of(kind: NodeKind) -> Look {
        let (fill, stroke, text) = match kind {
            NodeKind::Failed => ("#fdecea", "#d1242f", "#d1242f"),
            NodeKind::Rejected => ("#fff1e5", "#bc4c00", "#953800"),
            NodeKind::Solution => ("#c6f6c6", "#1a7f37", "#0b3d17"),
            NodeKind::Open => ("#f6f8fa", "#57606a", "#24292f"),
        };
        Look {
            fill,
            stroke,
            text,
            width: 1,
            dashed: false,
        }
    }
}

/// The swatches of the SVG legend and their words.
fn legend_keys(words: &Words) -> [(Look, &'static str); 6] {
    let path = Look {
        stroke: PATH,
        width: 3,
        ..Look::of(NodeKind::Open)
    };
    let open = Look {
        dashed: true,
        ..Look::of(NodeKind::Open)
    };
    let more = Look {
        fill: "white",
        stroke: "#bbb",
        text: "#888",
        width: 1,
        dashed: true,
    };
    [
        (Look::of(NodeKind::Failed), words.key_failed),
        (Look::of(NodeKind::Rejected), words.key_rejected),
        (Look::of(NodeKind::Solution), words.key_solution),
        (path, words.key_path),
        (open, words.key_open),
        (more, words.key_more),
    ]
}

/// The room a legend entry takes: its swatch, its words and a gap.
fn key_advance(text: &str) -> f64 {
    28.0 + 6.4 * text.chars().count() as f64 + 18.0
}
