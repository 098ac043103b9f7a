//! What every literal of an implication graph leads to, as candidate
//! sets, without tracing how: the transitive closure over the strongly
//! connected components (Tarjan's algorithm), each component's sets being
//! its own candidates and the sets of the components it leads to, which
//! are complete before it ([`crate::logic::components`]).
//!
//! A breadth-first table without size limit holds exactly these literals
//! (its premise included), so the checks can run on them and only the
//! premises of a result need their tables traced ([`super::tables`]).

use crate::logic::components::Components;

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

/// The words of a set while the closure is built: two per candidate plane
/// (truth value times 9 plus digit; cells 0–63, then 64–80), then the
/// first group literals, kept only to tell which successors are in
/// already (the later ones are never taken as in).
const WORDS: usize = 40;

/// The group literals a set keeps.
const GROUP_BITS: usize = (WORDS - 36) * 64;

/// A set while the closure is built.
type Flat = [u64; WORDS];

/// The bit of each dense literal in a [`Flat`] set (`u16::MAX`: none).
fn bits(n: usize, candidate_lits: usize, candidate: impl Fn(u16) -> (usize, usize)) -> Vec<u16> {
    (0..n)
        .map(|i| {
            if i < candidate_lits {
                let (cell, d) = candidate(i as u16);
                (((i & 1) * 9 + d) * 128 + cell) as u16
            } else if i - candidate_lits < GROUP_BITS {
                (36 * 64 + i - candidate_lits) as u16
            } else {
                u16::MAX
            }
        })
        .collect()
}

/// Whether `set` holds the literal at `bit`.
fn has(set: &Flat, bit: u16) -> bool {
    bit != u16::MAX && set[bit as usize >> 6] >> (bit & 63) & 1 == 1
}

/// The candidate sets of `set`.
fn sets_of(set: &Flat) -> Sets {
    std::array::from_fn(|v| {
        std::array::from_fn(|d| {
            let w = 2 * (9 * v + d);
            u128::from(set[w]) | u128::from(set[w + 1]) << 64
        })
    })
}

impl Closure {
    /// The closure of the `n` literals whose successors `successors`
    /// gives; `candidate` gives the cell and digit of the dense candidate
    /// literals (those below `candidate_lits`).
    pub fn new<'a>(
        n: usize,
        candidate_lits: usize,
        successors: impl Fn(u16) -> &'a [u16],
        candidate: impl Fn(u16) -> (usize, usize),
    ) -> Closure {
        let mut builder = Builder::new(n, candidate_lits, candidate);
        Components::new(n).visit_all(&successors, |members| {
            builder.close(&successors, members);
        });
        builder.finish()
    }
}

/// A [`Closure`] being built, one component at a time, each after the
/// components it leads to.
struct Builder {
    /// The bit of each dense literal ([`bits`]).
    bits: Vec<u16>,
    component: Vec<u32>,
    /// Per component closed, its set.
    flat: Vec<Flat>,
    /// Per component, the last component that took its set in.
    merged: Vec<u32>,
    /// Per component, whether it is one literal without successors (its
    /// set is its own bit).
    lone: Vec<bool>,
    /// The successors' components of the component being closed, each
    /// with the successor (component in the high bits).
    next: Vec<u64>,
}

impl Builder {
    /// Nothing closed yet, over `n` literals.
    fn new(n: usize, candidate_lits: usize, candidate: impl Fn(u16) -> (usize, usize)) -> Builder {
        Builder {
            bits: bits(n, candidate_lits, candidate),
            component: vec![u32::MAX; n],
            flat: Vec::with_capacity(n),
            merged: Vec::with_capacity(n),
            lone: Vec::with_capacity(n),
            next: Vec::new(),
        }
    }

    /// Closes the component made of `members`, whose successors are all
    /// in components closed before (or in it).
    ///
    /// A successor already in the component's set brings nothing new (its
    /// set is closed), so the successors' components are taken in from the
    /// last closed, which the earlier ones cannot lead to: only the
    /// components no other successor leads to are merged.
    fn close<'a>(&mut self, successors: &impl Fn(u16) -> &'a [u16], members: &[u16]) {
        let c = self.flat.len() as u32;
        self.merged.push(c);
        let mut own = [0u64; WORDS];
        self.next.clear();
        for &m in members {
            self.component[m as usize] = c;
            let bit = self.bits[m as usize];
            if bit != u16::MAX {
                own[bit as usize >> 6] |= 1 << (bit & 63);
            }
        }
        self.lone
            .push(members.len() == 1 && successors(members[0]).is_empty());
        for &m in members {
            for &s in successors(m) {
                let k = self.component[s as usize];
                if k == c {
                    continue;
                }
                // Most links lead to a literal implying nothing: its bit
                // is all its set brings.
                if self.lone[k as usize] {
                    let bit = self.bits[s as usize];
                    if bit != u16::MAX {
                        own[bit as usize >> 6] |= 1 << (bit & 63);
                    }
                } else {
                    self.next.push(u64::from(k) << 16 | u64::from(s));
                }
            }
        }
        if self.next.len() > 1 {
            self.next.sort_unstable_by(|a, b| b.cmp(a));
        }
        for &ks in &self.next {
            let (k, s) = ((ks >> 16) as usize, ks as u16);
            if self.merged[k] != c && !has(&own, self.bits[s as usize]) {
                for (a, b) in own.iter_mut().zip(&self.flat[k]) {
                    *a |= b;
                }
            }
            self.merged[k] = c;
        }
        self.flat.push(own);
    }

    /// The closure built.
    fn finish(self) -> Closure {
        Closure {
            component: self.component,
            sets: self.flat.iter().map(sets_of).collect(),
        }
    }
}
