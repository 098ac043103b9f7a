//! The implication graph of a position as flat successor lists, for the
//! breadth-first tables: each literal gets a dense number (candidates by
//! cell and digit, off then on, then groups), and its direct implications
//! are listed once, in [`Links::successors`] order.

#[cfg(test)]
use crate::logic::components::Components;

use super::{CANDIDATE_NODES, Links, Lit, bits16, candidate_node, node_of, off, on};

/// The successor lists of every literal of a position.
#[derive(Clone, Debug)]
pub struct Graph {
    /// The literal of each dense number.
    lits: Vec<Lit>,
    /// The dense number of each literal (`u16::MAX` for none).
    dense: Vec<u16>,
    /// Where each literal's successors start in `succ` (one more entry
    /// than literals).
    start: Vec<u32>,
    /// The successors, as dense numbers.
    succ: Vec<u16>,
    /// How many dense numbers candidates take (twice the candidates).
    candidate_lits: usize,
}

impl Graph {
    /// The lists of `links`.
    pub fn new(links: &Links) -> Graph {
        let mut lits = Vec::with_capacity(2 * links.node_count());
        for cell in 0..81 {
            for d in bits16(links.cands[cell]) {
                let node = candidate_node(cell, d);
                lits.extend([off(node), on(node)]);
            }
        }
        let candidate_lits = lits.len();
        for g in 0..links.groups.len() as u16 {
            let node = Links::group_node(g);
            lits.extend([off(node), on(node)]);
        }
        let mut dense = vec![u16::MAX; 2 * links.node_count()];
        for (i, &lit) in lits.iter().enumerate() {
            dense[lit as usize] = i as u16;
        }
        let mut start = Vec::with_capacity(lits.len() + 1);
        let mut succ = Vec::with_capacity(8 * lits.len());
        for &lit in &lits {
            start.push(succ.len() as u32);
            links.successors(lit, |l| succ.push(dense[l as usize]));
        }
        start.push(succ.len() as u32);
        Graph {
            lits,
            dense,
            start,
            succ,
            candidate_lits,
        }
    }

    /// The number of literals.
    pub fn len(&self) -> usize {
        self.lits.len()
    }

    /// How many dense numbers the candidates' literals take (those below
    /// are candidates).
    pub fn candidate_lits(&self) -> usize {
        self.candidate_lits
    }

    /// The literal of dense number `i`.
    pub fn lit(&self, i: u16) -> Lit {
        self.lits[i as usize]
    }

    /// The dense number of `lit`, if the position has it.
    pub fn dense(&self, lit: Lit) -> Option<u16> {
        match self.dense.get(lit as usize) {
            Some(&i) if i != u16::MAX => Some(i),
            _ => None,
        }
    }

    /// Whether dense literal `i` implies nothing.
    fn is_sink(&self, i: u16) -> bool {
        self.start[i as usize] == self.start[i as usize + 1]
    }

    /// The direct implications of dense literal `i`, as dense numbers.
    pub fn successors(&self, i: u16) -> &[u16] {
        let i = i as usize;
        &self.succ[self.start[i] as usize..self.start[i + 1] as usize]
    }

    /// The cell and digit (0-based) of dense candidate literal `i`.
    pub fn cell_digit(&self, i: u16) -> (usize, usize) {
        let node = node_of(self.lits[i as usize]);
        debug_assert!(node < CANDIDATE_NODES);
        ((node / 9) as usize, (node % 9) as usize)
    }
}

/// Which candidate literals each literal of a [`Graph`] can reach through
/// any number of implications (itself included), ignoring the table size
/// limit: a table holds no literal outside its premise's reach, so a
/// search can skip the premises whose reach holds nothing it looks for.
///
/// Built from the strongly connected components (Tarjan's algorithm), each
/// component's set being its own literals and the sets of the components
/// it leads to, which are complete before it. The search is Tarjan's of
/// `components::Components` run over the graph's lists directly, a literal without
/// successors (most off-literals) being closed where it is met instead of
/// entered and left: its component comes out at the same point, so the
/// numbering is the same.
#[derive(Clone, Debug)]
pub struct Reach {
    /// The component of each dense literal.
    component: Vec<u32>,
    /// Per component, the dense literals it reaches, `words` words each.
    sets: Vec<u64>,
    words: usize,
    /// Per component, the last component that took its set in.
    merged: Vec<u32>,
    /// Per component, whether it is one literal without successors.
    lone: Vec<bool>,
}

impl Reach {
    /// No component closed yet, with room for every literal of `graph`.
    fn empty(graph: &Graph) -> Reach {
        let n = graph.len();
        // Searches look for candidates only: group literals are left out
        // of the sets, which are merged once per link.
        let words = graph
            .candidate_lits()
            .div_ceil(64)
            .max(1)
            .next_multiple_of(LANES);
        Reach {
            component: vec![u32::MAX; n],
            sets: Vec::with_capacity(n * words),
            words,
            merged: Vec::with_capacity(n),
            lone: Vec::with_capacity(n),
        }
    }

    /// The reach of every literal of `graph`.
    pub fn new(graph: &Graph) -> Reach {
        let n = graph.len();
        let mut reach = Reach::empty(graph);
        let mut tarjan = Tarjan::new(n);
        for root in 0..n as u16 {
            if tarjan.order[root as usize] == u32::MAX {
                reach.visit(graph, &mut tarjan, root);
            }
        }
        reach
    }

    /// The reach as first built, by [`Components`]: the reference the
    /// direct search is tested against.
    #[cfg(test)]
    fn by_components(graph: &Graph) -> Reach {
        let n = graph.len();
        let mut reach = Reach::empty(graph);
        Components::new(n).visit_all(
            |v| graph.successors(v),
            |members| reach.close(graph, members),
        );
        reach
    }

    /// Tarjan's search from `root` (not yet visited), closing each
    /// component as it completes (the order of
    /// [`crate::logic::components::Components::visit`]). A literal's
    /// successors are scanned in a loop of their own, left only to enter
    /// a successor.
    fn visit(&mut self, graph: &Graph, t: &mut Tarjan, root: u16) {
        if graph.is_sink(root) {
            t.order[root as usize] = 0;
            self.close_lone(graph, root);
            return;
        }
        t.enter(graph, root);
        'calls: while let Some(&Call {
            node,
            mut at,
            end,
            base,
        }) = t.calls.last()
        {
            let v = node as usize;
            let mut low = t.low[v];
            while at < end {
                let w = graph.succ[at as usize];
                at += 1;
                let order = t.order[w as usize];
                if order == u32::MAX {
                    if graph.is_sink(w) {
                        // Entered and left at once: a component of its own.
                        t.order[w as usize] = 0;
                        self.close_lone(graph, w);
                        continue;
                    }
                    t.low[v] = low;
                    t.calls.last_mut().expect("a call").at = at;
                    t.enter(graph, w);
                    continue 'calls;
                } else if self.component[w as usize] == u32::MAX {
                    // Visited and not closed: on Tarjan's stack.
                    low = low.min(order);
                }
            }
            t.low[v] = low;
            t.calls.pop();
            if let Some(parent) = t.calls.last() {
                let u = parent.node as usize;
                t.low[u] = t.low[u].min(low);
            }
            if low == t.order[v] {
                let base = base as usize;
                self.close(graph, &t.stack[base..]);
                t.stack.truncate(base);
            }
        }
    }

    /// Closes literal `m`, which has no successors: its set is its own
    /// bit (none for a group).
    fn close_lone(&mut self, graph: &Graph, m: u16) {
        let c = self.merged.len() as u32;
        self.merged.push(c);
        self.lone.push(true);
        self.component[m as usize] = c;
        let at = self.sets.len();
        self.sets.resize(at + self.words, 0);
        if (m as usize) < graph.candidate_lits() {
            self.sets[at + (m as usize >> 6)] |= 1 << (m & 63);
        }
    }

    /// Whether dense literal `from` reaches dense candidate literal `to`
    /// (below [`Graph::candidate_lits`]).
    pub fn reaches(&self, from: u16, to: u16) -> bool {
        let c = self.component[from as usize] as usize;
        self.sets[c * self.words + (to as usize >> 6)] >> (to & 63) & 1 == 1
    }

    /// The strongly connected component of each dense literal, numbered
    /// in the order Tarjan's algorithm closes them (a component leads only
    /// to lower numbers): the closure of the forcing chains, over the same
    /// graph, takes them instead of finding them again.
    pub fn components(&self) -> &[u32] {
        &self.component
    }

    /// The dense candidate literals dense literal `from` reaches, as
    /// words of a bitset (bit `t` for literal `t`).
    pub fn row(&self, from: u16) -> &[u64] {
        let c = self.component[from as usize] as usize;
        &self.sets[c * self.words..][..self.words]
    }

    /// Closes the component whose literals are `members`: its set is
    /// theirs and those of the (finished) components they lead to.
    fn close(&mut self, graph: &Graph, members: &[u16]) {
        let c = self.merged.len() as u32;
        self.merged.push(c);
        self.sets.resize(self.sets.len() + self.words, 0);
        let (done, own) = self.sets.split_at_mut(c as usize * self.words);
        for &m in members {
            self.component[m as usize] = c;
            if (m as usize) < graph.candidate_lits() {
                own[m as usize >> 6] |= 1 << (m & 63);
            }
        }
        self.lone
            .push(members.len() == 1 && graph.successors(members[0]).is_empty());
        for &m in members {
            for &s in graph.successors(m) {
                let k = self.component[s as usize];
                if self.lone[k as usize] {
                    // Most links lead to a literal implying nothing: its
                    // set is its own bit (none for a group).
                    if (s as usize) < graph.candidate_lits() {
                        own[s as usize >> 6] |= 1 << (s & 63);
                    }
                    continue;
                }
                // Each component once (a component's stamp is the last
                // one that took its set in).
                if self.merged[k as usize] != c {
                    self.merged[k as usize] = c;
                    let from = &done[k as usize * self.words..][..self.words];
                    for (a, b) in own.chunks_exact_mut(LANES).zip(from.chunks_exact(LANES)) {
                        for (a, b) in a.iter_mut().zip(b) {
                            *a |= b;
                        }
                    }
                }
            }
        }
    }
}

/// Tarjan's state for [`Reach::new`]: whether a visited literal is still
/// on the stack is whether its component is unknown yet.
struct Tarjan {
    /// The visiting order of each literal (`u32::MAX`: not visited).
    order: Vec<u32>,
    /// The lowest order reachable within the current search tree.
    low: Vec<u32>,
    /// The visited literals whose component is not closed yet, in
    /// visiting order.
    stack: Vec<u16>,
    /// The literals being visited.
    calls: Vec<Call>,
    /// The order the next literal entered gets (0 marks a literal without
    /// successors, closed where it was met).
    next: u32,
}

/// A literal being visited: the place of its next successor in
/// [`Graph::succ`], the end of its successors, and the stack's height
/// when it was entered (where its component starts if it roots one).
struct Call {
    /// The literal.
    node: u16,
    /// Where its next successor is in [`Graph::succ`].
    at: u32,
    /// Where its successors end.
    end: u32,
    /// The stack's height when it was entered.
    base: u32,
}

impl Tarjan {
    /// Nothing visited among `n` literals.
    fn new(n: usize) -> Tarjan {
        Tarjan {
            order: vec![u32::MAX; n],
            low: vec![0; n],
            stack: Vec::with_capacity(n),
            calls: Vec::new(),
            next: 1,
        }
    }

    /// Starts the visit of `v`.
    fn enter(&mut self, graph: &Graph, v: u16) {
        let vi = v as usize;
        self.order[vi] = self.next;
        self.low[vi] = self.next;
        self.next += 1;
        self.calls.push(Call {
            node: v,
            at: graph.start[vi],
            end: graph.start[vi + 1],
            base: self.stack.len() as u32,
        });
        self.stack.push(v);
    }
}

/// The words of a [`Reach`] set merged at once (a set's words are a
/// multiple of it): merging sets is most of the work.
const LANES: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::Candidates;
    use crate::logic::soundness::sample;

    /// Both builds give the same components, numbered alike, and the
    /// same sets.
    fn assert_same(reach: &Reach, reference: &Reach) {
        assert_eq!(reach.component, reference.component);
        assert_eq!(reach.sets, reference.sets);
        assert_eq!(reach.lone, reference.lone);
    }

    /// The direct search builds the reach [`Components`] does, at every
    /// position of HoDoKu's walk of sixty puzzles, plain and grouped.
    #[test]
    fn reach_matches_the_components_build_along_walks() {
        use crate::logic::solver::{self, Options};
        let mut positions = 0;
        for puzzle in sample("top1465_200.txt").iter().take(60) {
            let Ok(out) = solver::solve(puzzle, &Options::default()) else {
                continue;
            };
            let mut pos = solver::Position::new(puzzle);
            for step in &out.steps {
                for grouped in [false, true] {
                    let graph = Graph::new(&Links::new(&pos.candidates, grouped));
                    assert_same(&Reach::new(&graph), &Reach::by_components(&graph));
                }
                positions += 1;
                let _ = pos.apply_solved(step);
            }
        }
        assert!(positions > 1000, "{positions}");
    }

    /// The closure agrees with a plain search from every literal, on plain
    /// and grouped graphs.
    #[test]
    fn reach_matches_a_plain_search() {
        for puzzle in sample("top1465_200.txt").iter().take(3) {
            let cands = Candidates::from_grid(puzzle);
            for grouped in [false, true] {
                let graph = Graph::new(&Links::new(&cands, grouped));
                let reach = Reach::new(&graph);
                assert_same(&reach, &Reach::by_components(&graph));
                let n = graph.len();
                let mut some = 0;
                for p in 0..n as u16 {
                    let mut seen = vec![false; n];
                    let mut queue = vec![p];
                    seen[p as usize] = true;
                    while let Some(v) = queue.pop() {
                        for &s in graph.successors(v) {
                            if !seen[s as usize] {
                                seen[s as usize] = true;
                                queue.push(s);
                            }
                        }
                    }
                    for t in 0..graph.candidate_lits() as u16 {
                        assert_eq!(reach.reaches(p, t), seen[t as usize], "{p} -> {t}");
                    }
                    some += seen.iter().filter(|&&x| x).count();
                }
                // Neither everything nor nothing: the test has teeth.
                assert!(some > n && some < n * n, "{some} of {n}");
            }
        }
    }
}
