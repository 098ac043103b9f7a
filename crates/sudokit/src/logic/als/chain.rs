//! ALS-XY-Chain as HoDoKu finds it when solving: chains of four or more
//! sets, each linked to the next by a restricted common different from the
//! one before, searched forward only (each set after the previous one in
//! the ALS list), at most [`MAX_LINKS`] links.
//!
//! HoDoKu's adjacency rule, kept as is: after a link of two digits in use
//! the next link must avoid the lower one only.
//!
//! HoDoKu walks every chain; here a set reached again by the same digit,
//! from the same start and first digit, no shallower and with no fewer
//! cells behind it, is not walked again: every chain beyond it was met on
//! the first walk, with the same eliminations and no more cells, so the
//! steps, their order and the chain kept for each are HoDoKu's. (Only a
//! chain cut by the length limit on the first walk could differ.)

use super::commons::{RcTable, RestrictedCommon};
use super::evidence::{Elims, als_step, rc_link, z_chains};
use super::sets::Als;
use super::xz::digits;
use crate::logic::{Step, Technique};
use std::collections::HashMap;

/// The most links in a chain (HoDoKu's limit when solving).
pub(crate) const MAX_LINKS: usize = 50;

/// The most restricted commons the search may try per position: a bound on
/// pathological positions (HoDoKu has none; real positions stay far below).
const BUDGET: u64 = 2_000_000;

/// Every ALS-XY-Chain, in HoDoKu's order: the chains found depth-first from
/// each start set, one per set of eliminations (the first found with the
/// fewest cells in its sets), sorted by most eliminations, then HoDoKu's
/// index sum of the eliminations; HoDoKu takes the first.
///
/// A digit `z` of both end sets, neither the first link's digit nor the
/// last's, leaves every cell seeing all its places in both ends: if the
/// first set lacked `z` it would be locked, push its link's digit out of the
/// next set, which would be locked in turn, and so on to the last set, which
/// would then hold `z`.
pub(super) fn find(alses: &[Als], table: &RcTable) -> Vec<Step> {
    let mut search = Search::new(alses, table);
    for start in 0..alses.len() {
        search.from(start);
    }
    let mut found = search.finish();
    found.sort_by_key(|f| (-(f.elims.count() as i64), f.elims.index_sum()));
    found.iter().map(|f| f.step(alses, table)).collect()
}

/// A chain kept for a set of eliminations.
struct Found {
    elims: Elims,
    /// The cells of all its sets, counted once per set.
    cells: u32,
    start: usize,
    /// The links: restricted common index and the digits in use.
    links: Vec<(u32, u16)>,
}

impl Found {
    fn step(&self, alses: &[Als], table: &RcTable) -> Step {
        let mut sets = vec![&alses[self.start]];
        let mut shown = Vec::with_capacity(self.links.len());
        let mut used = 0u16;
        for &(rc, act) in &self.links {
            sets.push(&alses[table.commons[rc as usize].als2 as usize]);
            // The digit a link passes on: the lower of two in use (HoDoKu
            // checks the next link against it alone).
            shown.push(act.trailing_zeros() as u8 + 1);
            used |= act;
        }
        let mut step =
            als_step(Technique::AlsXyChain, &sets, &self.elims).with_digits(digits(used));
        for (k, &(_, act)) in self.links.iter().enumerate() {
            let mut act = act;
            while act != 0 {
                let d = act.trailing_zeros() as u8 + 1;
                act &= act - 1;
                step.links.push(rc_link(sets[k], sets[k + 1], d));
            }
        }
        step.chains = z_chains(&sets, &shown, &self.elims);
        step
    }
}

/// The depth-first search, with what it has found.
struct Search<'a> {
    alses: &'a [Als],
    table: &'a RcTable,
    found: Vec<Found>,
    index: HashMap<Elims, usize>,
    /// The chain so far: restricted common index and its digits in use.
    path: Vec<(u32, u16)>,
    start: usize,
    /// The digit of the first link.
    first: u16,
    /// Per (first digit, set, incoming digit): the fewest cells of a chain
    /// prefix that reached the set, at depth one and at two or more, stamped
    /// with the start set's search ([`Search::stamp`]); a later visit no
    /// shallower and no smaller finds nothing new and is skipped. Borrowed
    /// from [`SEEN`] and returned by [`Search::finish`].
    seen: Vec<Seen>,
    /// The stamp of the current start set's search: unique among the
    /// searches of this thread since `seen` was last cleared, so entries
    /// of earlier ones (stale) need no clearing.
    stamp: u32,
    budget: u64,
}

#[derive(Clone, Copy, Default)]
struct Seen {
    stamp: u32,
    cells: [u16; 2],
}

/// The visit records of a thread's searches, kept between positions: a
/// fresh table is 648 bytes per set (hundreds of kilobytes to clear per
/// position), while a stamped one is valid as it lies.
struct SeenTable {
    slots: Vec<Seen>,
    /// The last stamp handed out; stamps above it are unused.
    stamp: u32,
}

thread_local! {
    /// This thread's [`SeenTable`], lent to one search at a time.
    static SEEN: std::cell::RefCell<SeenTable> = const {
        std::cell::RefCell::new(SeenTable {
            slots: Vec::new(),
            stamp: 0,
        })
    };
}

impl<'a> Search<'a> {
    fn new(alses: &'a [Als], table: &'a RcTable) -> Search<'a> {
        let (mut seen, mut stamp) = SEEN.with(|t| {
            let mut t = t.borrow_mut();
            (std::mem::take(&mut t.slots), t.stamp)
        });
        // Room for a stamp per start set; else start over from clean slots.
        if stamp > u32::MAX - alses.len() as u32 - 1 {
            seen.clear();
            stamp = 0;
        }
        if seen.len() < 81 * alses.len() {
            seen.resize(81 * alses.len(), Seen::default());
        }
        Search {
            alses,
            table,
            found: Vec::new(),
            index: HashMap::new(),
            path: Vec::with_capacity(MAX_LINKS),
            start: 0,
            first: 0,
            seen,
            stamp,
            budget: BUDGET,
        }
    }

    /// The chains found; the visit records go back to the thread for the
    /// next search.
    fn finish(self) -> Vec<Found> {
        let (slots, stamp) = (self.seen, self.stamp);
        SEEN.with(|t| *t.borrow_mut() = SeenTable { slots, stamp });
        self.found
    }

    /// All chains from the set `start`: each link out of it, a link of two
    /// digits tried with each.
    fn from(&mut self, start: usize) {
        self.start = start;
        self.stamp += 1;
        let cells = self.alses[start].len() as u32;
        for k in self.table.range(start) {
            let rc = self.table.commons[k];
            let tries: &[u8] = if rc.digit2 == 0 {
                &[rc.digit1]
            } else {
                &[rc.digit1, rc.digit2]
            };
            for &d in tries {
                self.first = 1 << (d - 1);
                self.path.push((k as u32, self.first));
                let next = rc.als2 as usize;
                self.visit(next, d, cells + self.alses[next].len() as u32);
                self.path.pop();
            }
        }
    }

    /// Extends the chain ending in set `at`, entered by digit `arc`
    /// (1-based), whose sets hold `cells` cells.
    fn visit(&mut self, at: usize, arc: u8, cells: u32) {
        let depth = self.path.len();
        if depth >= MAX_LINKS || self.skip(at, arc, depth, cells) {
            return;
        }
        for k in self.table.range(at) {
            if self.budget == 0 {
                return;
            }
            self.budget -= 1;
            let rc = self.table.commons[k];
            let act = in_use(&rc, arc);
            if act == 0 {
                continue;
            }
            let next = rc.als2 as usize;
            let cells = cells + self.alses[next].len() as u32;
            self.path.push((k as u32, act));
            if depth + 1 >= 3 {
                self.end(next, act, cells);
            }
            self.visit(next, act.trailing_zeros() as u8 + 1, cells);
            self.path.pop();
        }
    }

    /// Whether a visit of `at` entered by `arc` at `depth` with `cells` can
    /// be skipped; records it otherwise.
    fn skip(&mut self, at: usize, arc: u8, depth: usize, cells: u32) -> bool {
        let first = self.first.trailing_zeros() as usize;
        let slot = &mut self.seen[(at * 9 + usize::from(arc - 1)) * 9 + first];
        let stamp = self.stamp;
        if slot.stamp != stamp {
            *slot = Seen {
                stamp,
                cells: [u16::MAX; 2],
            };
        }
        let gate = depth.min(2) - 1;
        let cells = cells.min(u32::from(u16::MAX - 1)) as u16;
        if slot.cells[gate..].iter().any(|&c| c <= cells) {
            return true;
        }
        slot.cells[gate] = cells;
        false
    }

    /// Records the chain ending in set `end` by the digits `act`, if its
    /// ends eliminate.
    fn end(&mut self, end: usize, act: u16, cells: u32) {
        let (a, b) = (&self.alses[self.start], &self.alses[end]);
        let mut z = a.digits & b.digits & !(self.first | act);
        if z == 0 || a.all_buddies & b.all_buddies == 0 {
            return;
        }
        let mut elims = Elims::default();
        while z != 0 {
            let d = z.trailing_zeros() as usize;
            z &= z - 1;
            elims.add(d, a.buddies[d] & b.buddies[d]);
        }
        if elims.is_empty() {
            return;
        }
        match self.index.get(&elims) {
            Some(&i) if self.found[i].cells <= cells => {}
            Some(&i) => {
                self.found[i].cells = cells;
                self.found[i].start = self.start;
                self.found[i].links = self.path.clone();
            }
            None => {
                self.index.insert(elims, self.found.len());
                self.found.push(Found {
                    elims,
                    cells,
                    start: self.start,
                    links: self.path.clone(),
                });
            }
        }
    }
}

/// Sets the thread's visit records to clean slots (`clean`) or keeps them,
/// and sets the last stamp handed out: the tests' way to search as on a
/// fresh thread, or close to the stamps' wraparound.
#[cfg(test)]
pub(super) fn reset_seen(clean: bool, stamp: u32) {
    SEEN.with(|t| {
        let mut t = t.borrow_mut();
        if clean {
            t.slots.clear();
        }
        t.stamp = stamp;
    });
}

/// The digits of `rc` a chain entered by `arc` may go on with: those not
/// `arc` (HoDoKu's adjacency rule).
fn in_use(rc: &RestrictedCommon, arc: u8) -> u16 {
    rc.mask() & !(1 << (arc - 1))
}
