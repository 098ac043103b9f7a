//! What every literal of an implication graph leads to, as candidate
//! sets, without tracing how: the transitive closure over the strongly
//! connected components (Tarjan's algorithm), each component's sets being
//! its own candidates and the sets of the components it leads to, which
//! are complete before it.
//!
//! A breadth-first table without size limit holds exactly these literals
//! (its premise included), so the checks can run on them and only the
//! premises of a result need their tables traced ([`super::tables`]).

/// Per truth value (index 0 off, 1 on, as the dense numbering alternates),
/// per digit, the cells.
pub(super) type Sets = [[u128; 9]; 2];

/// The closure of a graph given by successor lists over dense literals
/// (candidates first, each off then on, as [`crate::logic::links::graph`]
/// numbers them).
pub(super) struct Closure {
    /// The component of each dense literal.
    pub component: Vec<u32>,
    /// Per component, the candidates it leads to.
    pub sets: Vec<Sets>,
}

/// Where a literal's bit lies: below this, candidate plane (truth value
/// times 9 plus digit) times 128 plus cell; from it on, the group literals
/// in order, in their own words.
const GROUPS_AT: u16 = 18 * 128;

/// A component's sets while it is closed: the candidates, and the group
/// literals (only to tell which successors are in already).
struct Own {
    sets: Sets,
    groups: Vec<u64>,
}

impl Own {
    /// Whether the literal at `bit` is in.
    fn has(&self, bit: u16) -> bool {
        if bit < GROUPS_AT {
            let plane = (bit >> 7) as usize;
            self.sets[plane / 9][plane % 9] >> (bit & 127) & 1 == 1
        } else {
            let g = (bit - GROUPS_AT) as usize;
            self.groups[g >> 6] >> (g & 63) & 1 == 1
        }
    }

    /// Puts the literal at `bit` in.
    fn insert(&mut self, bit: u16) {
        if bit < GROUPS_AT {
            let plane = (bit >> 7) as usize;
            self.sets[plane / 9][plane % 9] |= 1 << (bit & 127);
        } else {
            let g = (bit - GROUPS_AT) as usize;
            self.groups[g >> 6] |= 1 << (g & 63);
        }
    }

    /// Takes in `sets` and `groups`.
    fn merge(&mut self, sets: &Sets, groups: &[u64]) {
        for (a, b) in self.sets.iter_mut().zip(sets) {
            for (a, b) in a.iter_mut().zip(b) {
                *a |= b;
            }
        }
        for (a, b) in self.groups.iter_mut().zip(groups) {
            *a |= b;
        }
    }
}

impl Closure {
    /// The closure of the `n` literals whose successors `successors`
    /// gives; `candidate` gives the cell and digit of the dense candidate
    /// literals (those below `candidate_lits`).
    ///
    /// A successor already in the component's sets brings nothing new
    /// (its sets are closed), so the successors' components are taken in
    /// from the last closed, which the earlier ones cannot lead to: only
    /// the components no other successor leads to are merged.
    pub fn new<'a>(
        n: usize,
        candidate_lits: usize,
        successors: impl Fn(u16) -> &'a [u16],
        candidate: impl Fn(u16) -> (usize, usize),
    ) -> Closure {
        let bits: Vec<u16> = (0..n)
            .map(|i| {
                if i < candidate_lits {
                    let (cell, d) = candidate(i as u16);
                    ((i & 1) * 9 + d) as u16 * 128 + cell as u16
                } else {
                    GROUPS_AT + (i - candidate_lits) as u16
                }
            })
            .collect();
        let words = (n - candidate_lits).div_ceil(64);
        let mut tarjan = Tarjan {
            order: vec![u32::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            calls: Vec::new(),
            next: 0,
        };
        let mut closure = Closure {
            component: vec![u32::MAX; n],
            sets: Vec::with_capacity(n),
        };
        let mut groups: Vec<u64> = Vec::with_capacity(n * words);
        let mut merged = Vec::with_capacity(n);
        let mut next: Vec<u64> = Vec::new();
        let mut own = Own {
            sets: [[0; 9]; 2],
            groups: vec![0; words],
        };
        let mut close = |members: &[u16]| {
            let c = closure.sets.len() as u32;
            merged.push(c);
            own.sets = [[0; 9]; 2];
            own.groups.fill(0);
            next.clear();
            for &m in members {
                closure.component[m as usize] = c;
                own.insert(bits[m as usize]);
            }
            for &m in members {
                for &s in successors(m) {
                    let k = closure.component[s as usize];
                    if k != c {
                        next.push(u64::from(k) << 16 | u64::from(s));
                    }
                }
            }
            next.sort_unstable_by(|a, b| b.cmp(a));
            for &ks in &next {
                let (k, s) = ((ks >> 16) as usize, ks as u16);
                if merged[k] != c && !own.has(bits[s as usize]) {
                    own.merge(&closure.sets[k], &groups[k * words..][..words]);
                }
                merged[k] = c;
            }
            closure.sets.push(own.sets);
            groups.extend_from_slice(&own.groups);
        };
        for root in 0..n as u16 {
            if tarjan.order[root as usize] == u32::MAX {
                tarjan.visit(&successors, root, &mut close);
            }
        }
        closure
    }
}

/// Tarjan's strongly connected components, without recursion.
struct Tarjan {
    /// The visiting order of each literal (`u32::MAX`: not visited).
    order: Vec<u32>,
    /// The lowest order reachable within the current search tree.
    low: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u16>,
    /// The literals being visited, each with its next successor's place.
    calls: Vec<(u16, u32)>,
    next: u32,
}

impl Tarjan {
    /// Starts a visit at `v`.
    fn enter(&mut self, v: u16) {
        self.order[v as usize] = self.next;
        self.low[v as usize] = self.next;
        self.next += 1;
        self.stack.push(v);
        self.on_stack[v as usize] = true;
        self.calls.push((v, 0));
    }

    /// Visits everything reachable from `root`, handing each component to
    /// `close` as it completes (the components it leads to before it).
    fn visit<'a>(
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
