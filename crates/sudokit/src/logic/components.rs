//! Strongly connected components of an implication graph, by Tarjan's
//! algorithm without recursion (graphs of a few thousand literals would
//! overflow small thread stacks).
//!
//! Every reach and closure table of the chain techniques is built on it:
//! a component's literals reach the same literals, and the components come
//! out successors first, so a component's set is its own literals and the
//! sets of the (finished) components it leads to.

/// Tarjan's state over nodes `0..n`, kept from root to root: a visit from a
/// later root skips what earlier ones reached.
pub(crate) struct Components {
    /// The visiting order of each node (`u32::MAX`: not visited).
    order: Vec<u32>,
    /// The lowest order reachable within the current search tree.
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    /// The nodes being visited, each with its next successor's place.
    calls: Vec<(u16, u32)>,
    next: u32,
}

impl Components {
    /// No node of `0..n` visited yet.
    pub(crate) fn new(n: usize) -> Components {
        Components {
            order: vec![u32::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            calls: Vec::new(),
            next: 0,
        }
    }

    /// Forgets every visit, keeping the buffers (for another graph on the
    /// same nodes).
    pub(crate) fn reset(&mut self) {
        self.order.fill(u32::MAX);
        self.on_stack.fill(false);
        self.stack.clear();
        self.calls.clear();
        self.next = 0;
    }

    /// Visits every node, in order, that no earlier visit reached; see
    /// [`Components::visit`].
    pub(crate) fn visit_all<'a>(
        &mut self,
        successors: impl Fn(u16) -> &'a [u16],
        mut close: impl FnMut(&[u16]),
    ) {
        for root in 0..self.order.len() as u16 {
            if !self.seen(root) {
                self.visit(&successors, root, &mut close);
            }
        }
    }

    /// Whether a visit has reached `v`.
    pub(crate) fn seen(&self, v: u16) -> bool {
        self.order[v as usize] != u32::MAX
    }

    /// Starts a visit at `v`.
    fn enter(&mut self, v: u16) {
        self.order[v as usize] = self.next;
        self.low[v as usize] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.calls.push((v, 0));
    }

    /// Visits everything reachable from `root` (not yet seen) through
    /// `successors`, handing each component's nodes to `close` as it
    /// completes: the components it leads to are handed over before it.
    pub(crate) fn visit<'a>(
        &mut self,
        successors: &impl Fn(u16) -> &'a [u16],
        root: u16,
        close: &mut impl FnMut(&[u16]),
    ) {
        self.enter(root);
        while let Some(&(v, at)) = self.calls.last() {
            let vi = v as usize;
            if let Some(&w) = successors(v).get(at as usize) {
                self.calls.last_mut().expect("a call").1 += 1;
                let w = w as usize;
                if self.order[w] == u32::MAX {
                    self.enter(w as u16);
                } else if self.on_stack[w] {
                    self.low[vi] = self.low[vi].min(self.order[w]);
                }
                continue;
            }
            self.calls.pop();
            if let Some(&(u, _)) = self.calls.last() {
                self.low[u as usize] = self.low[u as usize].min(self.low[vi]);
            }
            if self.low[vi] == self.order[vi] {
                let from = self
                    .stack
                    .iter()
                    .rposition(|&x| x == v)
                    .expect("on the stack");
                for &m in &self.stack[from..] {
                    self.on_stack[m as usize] = false;
                }
                close(&self.stack[from..]);
                self.stack.truncate(from);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Nodes `a` and `b` reach each other, by a plain search.
    fn mutual(succ: &[Vec<u16>], a: u16, b: u16) -> bool {
        let reaches = |from: u16, to: u16| {
            let mut seen = vec![false; succ.len()];
            let mut queue = vec![from];
            seen[from as usize] = true;
            while let Some(v) = queue.pop() {
                if v == to {
                    return true;
                }
                for &w in &succ[v as usize] {
                    if !std::mem::replace(&mut seen[w as usize], true) {
                        queue.push(w);
                    }
                }
            }
            false
        };
        reaches(a, b) && reaches(b, a)
    }

    proptest! {
        /// Every node lands in exactly one component; two nodes share one
        /// exactly when they reach each other; a component comes after
        /// every other component it leads to.
        #[test]
        fn components_are_mutual_reach_successors_first(
            edges in prop::collection::vec((0u16..24, 0u16..24), 0..60)
        ) {
            let n = 24;
            let mut succ = vec![Vec::new(); n];
            for &(a, b) in &edges {
                succ[a as usize].push(b);
            }
            let mut comp = vec![usize::MAX; n];
            let mut count = 0;
            Components::new(n).visit_all(|v| &succ[v as usize], |members| {
                for &m in members {
                    assert_eq!(comp[m as usize], usize::MAX, "node {m} twice");
                    comp[m as usize] = count;
                }
                count += 1;
            });
            for a in 0..n as u16 {
                prop_assert!(comp[a as usize] != usize::MAX);
                for b in 0..n as u16 {
                    prop_assert_eq!(comp[a as usize] == comp[b as usize], mutual(&succ, a, b));
                }
                for &w in &succ[a as usize] {
                    prop_assert!(comp[w as usize] <= comp[a as usize]);
                }
            }
        }
    }
}
