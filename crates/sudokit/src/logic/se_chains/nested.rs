//! Nested forcing chains (levels 2 to 5): the chains that SE's dynamic
//! propagation runs, one level deeper, on the candidates it has left.
//!
//! When a propagation of level 2 or more has nothing left to follow and
//! the rules find nothing, SE (`Chaining.getAdvancedPotentials`) runs
//! whole chaining producers on the reduced candidates: level 2 the
//! forcing chains and cycles, level 3 those then the (static) multiple
//! forcing chains, level 4 the dynamic forcing chains, level 5 those then
//! the nested forcing chains of level 2. The first producer with a hint
//! that rests on a candidate the propagation removed gives all its hints
//! (easiest first, one per set of removable candidates); each removable
//! candidate becomes an "off" potential whose parents are the removed
//! candidates the nested chain rests on (SE's `getRuleParents`), and the
//! nested chain's complexity counts in the complexity of every hint that
//! uses it.

use super::board::{Board, Cand, PotSet, Region, cand, cand_of, cell_of, digit_of, is_on, pot};
use super::chaining::Engine;
use super::hint::{Hint, Kind, Premise, branch};
use super::net::{Arena, Cause};
use super::producers::{self, Producer};
use crate::logic::single_digit::HOUSE_BITS;
use crate::logic::{Chain, Link};

/// A nested chain kept for the hints that use it: its branches' nodes,
/// copied out of the search that found it.
struct Stored {
    /// The conclusion node of each branch, in [`Nested::kept`].
    targets: Vec<u32>,
    /// SE's complexity (its own nested chains included).
    complexity: u32,
    /// A hash of its branches' potentials: SE counts equal chains once.
    hash: u64,
}

/// The nested chains found while propagating on one position, and the
/// engine that searches them.
#[derive(Default)]
pub(super) struct Nested {
    /// The engine of the nested producers (its own nested chains are one
    /// level deeper still).
    sub: Option<Box<Engine>>,
    /// The nodes of the kept chains.
    kept: Arena,
    chains: Vec<Stored>,
    copy: Copy,
    /// What the searches on each reduced board reported.
    memo: Memo,
}

/// What the nested searches reported, per reduced board, for the
/// propagations from one source board: propagations that stall on the same
/// candidates (a candidate "on" and its cell's or house's only other one
/// "off" reach the same fixpoint) run the same nested search, so the later
/// ones replay the first one's outcome instead.
#[derive(Default)]
struct Memo {
    /// The board the propagations start from (the outcomes are cleared
    /// when it changes: the reduced boards are keyed by their cells only).
    source: Option<Board>,
    /// Per reduced board's cells and nested producer.
    outcomes: std::collections::HashMap<([u16; 81], Producer), Outcome>,
    /// How many searches were replayed (tests check that some are).
    replays: usize,
}

/// What one nested search reported.
struct Outcome {
    /// The hints whose chain rests on a removed candidate, in order.
    hints: Vec<Reported>,
    /// The propagations the search ran (a replay spends them too, so that
    /// the work bound stops the producer where it would have).
    cost: u64,
}

/// One hint of an [`Outcome`].
struct Reported {
    /// The candidates it removes.
    removable: Vec<Cand>,
    /// The removed candidates its chain rests on.
    parents: Vec<Cand>,
    /// Its stored chain, if the search stored it (it does only when the
    /// hint removes something the propagation did not have).
    id: Option<u32>,
}

impl Outcome {
    /// Whether a replay from `known` needs only chains that were stored.
    fn replayable(&self, known: &PotSet) -> bool {
        let mut reported = *known;
        self.hints.iter().all(|h| {
            if h.removable
                .iter()
                .all(|&c| reported.contains(pot(c, false)))
            {
                return true;
            }
            for &c in &h.removable {
                reported.insert(pot(c, false));
            }
            h.id.is_some()
        })
    }

    /// Reports what the search reported from `known` (see [`Nested::find`]).
    fn replay(&self, known: &PotSet, report: &mut dyn FnMut(Cand, &[Cand], u32)) {
        let mut reported = *known;
        for h in &self.hints {
            if h.removable
                .iter()
                .all(|&c| reported.contains(pot(c, false)))
            {
                continue;
            }
            let id = h.id.expect("checked by replayable");
            for &c in &h.removable {
                reported.insert(pot(c, false));
                report(c, &h.parents, id);
            }
        }
    }
}

/// SE's nested producers of a level, in the order it asks them.
fn nested_producers(level: u8) -> &'static [Producer] {
    match level {
        0 | 1 => &[],
        2 => &[Producer::Cycles],
        3 => &[Producer::Cycles, Producer::Multiple],
        4 => &[Producer::Dynamic(0)],
        _ => &[Producer::Dynamic(0), Producer::Dynamic(2)],
    }
}

impl Nested {
    /// Forgets the chains of the previous position.
    pub(super) fn clear(&mut self) {
        self.chains.clear();
        self.kept.clear();
        self.memo = Memo::default();
        if let Some(sub) = &mut self.sub {
            sub.clear();
        }
    }

    /// How many nested searches were replayed from memory since the last
    /// [`Nested::clear`].
    #[cfg(test)]
    pub(super) fn replays(&self) -> usize {
        self.memo.replays
    }

    /// The complexity of nested chain `id`.
    pub(super) fn complexity(&self, id: u32) -> u32 {
        self.chains[id as usize].complexity
    }

    /// The hash that tells equal nested chains apart from different ones.
    pub(super) fn hash(&self, id: u32) -> u64 {
        self.chains[id as usize].hash
    }

    /// Appends the branches and links of nested chain `id`, then those of
    /// its own nested chains, unless an equal chain is already there.
    pub(super) fn expand(
        &mut self,
        id: u32,
        chains: &mut Vec<Chain>,
        links: &mut Vec<Link>,
        seen: &mut Vec<u64>,
    ) {
        let stored = &self.chains[id as usize];
        if seen.contains(&stored.hash) {
            return;
        }
        seen.push(stored.hash);
        let targets = stored.targets.clone();
        let mut ids = Vec::new();
        for t in targets {
            chains.push(branch(&mut self.kept, t, links, &mut ids));
        }
        if let Some(sub) = &mut self.sub {
            for id in ids {
                sub.nested.expand(id, chains, links, seen);
            }
        }
    }

    /// Runs the nested producers of `level` on `cur` (the candidates a
    /// propagation from `source` has left) and reports each removable
    /// candidate with the removed candidates its chain rests on and the
    /// chain's id; `known` holds the potentials the propagation has
    /// already (chains that add nothing new are not kept). The first
    /// producer with a hint resting on a removed candidate is the last
    /// one asked.
    pub(super) fn find(
        &mut self,
        cur: &Board,
        source: &Board,
        level: u8,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) {
        if self.memo.source != Some(*source) {
            self.memo.source = Some(*source);
            self.memo.outcomes.clear();
        }
        for &producer in nested_producers(level) {
            if super::budget::exhausted() || self.find_one(cur, source, producer, known, report) {
                return;
            }
        }
    }

    /// [`Nested::find`] for one producer, replayed when an earlier search
    /// ran it on the same board (SE runs the same producer on the same
    /// reduced board from several propagations and from consecutive
    /// levels: level 3 asks the cycles first as level 2 does, level 5
    /// the dynamic chains as level 4 does). Returns whether it reported.
    fn find_one(
        &mut self,
        cur: &Board,
        source: &Board,
        producer: Producer,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) -> bool {
        let key = (cur.cells, producer);
        let memo = producers::gated();
        if let Some(outcome) = self.memo.outcomes.get(&key).filter(|_| memo) {
            // With more budget left than the search used, it would run to
            // its end and report the same again.
            if super::budget::left() > outcome.cost && outcome.replayable(known) {
                super::budget::spend_n(outcome.cost);
                outcome.replay(known, report);
                self.memo.replays += 1;
                return !outcome.hints.is_empty();
            }
        }
        let before = super::budget::left();
        let hints = self.search(cur, source, producer, known, report);
        let any = !hints.is_empty();
        if memo && !super::budget::exhausted() {
            let cost = before - super::budget::left();
            self.memo.outcomes.insert(key, Outcome { hints, cost });
        }
        any
    }

    /// [`Nested::find_one`] without the memory: runs the producer and
    /// returns what it reported.
    fn search(
        &mut self,
        cur: &Board,
        source: &Board,
        producer: Producer,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) -> Vec<Reported> {
        let mut sub = self.sub.take().unwrap_or_default();
        let mut reported = *known;
        let mut out = Vec::new();
        sub.arena.clear();
        let hints = producers::all_hints(&mut sub, cur, producer);
        for h in &hints {
            let parents = rule_parents(&mut sub.arena, h, cur, source);
            if parents.is_empty() {
                continue;
            }
            let removable = removable_cands(h);
            let mut id = None;
            if !removable.iter().all(|&c| reported.contains(pot(c, false))) {
                let stored = self.store(&sub.arena, h);
                for &c in &removable {
                    reported.insert(pot(c, false));
                    report(c, &parents, stored);
                }
                id = Some(stored);
            }
            out.push(Reported {
                removable,
                parents,
                id,
            });
        }
        sub.arena.clear();
        self.sub = Some(sub);
        out
    }

    /// Copies the nodes hint `h` rests on out of `arena`; returns its id.
    fn store(&mut self, arena: &Arena, h: &Hint) -> u32 {
        let mut copy = std::mem::take(&mut self.copy);
        copy.start(arena.len());
        let targets = h
            .targets
            .iter()
            .map(|&t| copy.node(arena, t, &mut self.kept))
            .collect::<Vec<_>>();
        copy.finish();
        self.copy = copy;
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &t in &targets {
            self.kept.ancestors(t, |a, n| {
                hash = (hash ^ u64::from(a.pot(n))).wrapping_mul(0x100_0000_01b3);
            });
            hash = (hash ^ 0xffff).wrapping_mul(0x100_0000_01b3);
        }
        self.chains.push(Stored {
            targets,
            complexity: h.complexity,
            hash,
        });
        self.chains.len() as u32 - 1
    }
}

/// Where the nodes of one [`Nested::store`] went: a table indexed by
/// source node, kept between stores and cleared only where it was written
/// (a store copies a few nodes out of a search of thousands).
#[derive(Default)]
struct Copy {
    map: Vec<u32>,
    written: Vec<u32>,
    stack: Vec<(u32, bool)>,
    parents: Vec<u32>,
}

impl Copy {
    /// Prepares for a source arena of `len` nodes.
    fn start(&mut self, len: u32) {
        if self.map.len() < len as usize {
            self.map.resize(len as usize, u32::MAX);
        }
    }

    /// Forgets the copies of this store.
    fn finish(&mut self) {
        for &n in &self.written {
            self.map[n as usize] = u32::MAX;
        }
        self.written.clear();
    }

    fn get(&self, n: u32) -> Option<u32> {
        Some(self.map[n as usize]).filter(|&m| m != u32::MAX)
    }

    /// Copies node `n` and its ancestors into `dst` (once each); returns
    /// its index there.
    fn node(&mut self, src: &Arena, n: u32, dst: &mut Arena) -> u32 {
        if let Some(m) = self.get(n) {
            return m;
        }
        // Depth-first without recursion: copy parents before the node.
        self.stack.clear();
        self.stack.push((n, false));
        while let Some((x, ready)) = self.stack.pop() {
            if self.get(x).is_some() {
                continue;
            }
            if !ready {
                self.stack.push((x, true));
                for &p in src.parents_of(x) {
                    if self.get(p).is_none() {
                        self.stack.push((p, false));
                    }
                }
                continue;
            }
            self.parents.clear();
            for &p in src.parents_of(x) {
                self.parents.push(self.map[p as usize]);
            }
            let node = src.nodes[x as usize];
            let m = dst.push(node.pot, node.cause, &self.parents, node.nested);
            self.map[x as usize] = m;
            self.written.push(x);
        }
        self.map[n as usize]
    }
}

/// The candidates a hint removes, in SE's order (row, column, digit).
fn removable_cands(h: &Hint) -> Vec<Cand> {
    let mut out = Vec::new();
    let cells = h.removable.iter().fold(0u128, |m, &r| m | r);
    for cell in super::board::cells(cells) {
        for d in 0..9 {
            if h.removable[d] >> cell & 1 == 1 {
                out.push(cand(cell, d));
            }
        }
    }
    out
}

/// The house of kind `region` that holds `cell`.
fn house_of(region: Region, cell: usize) -> usize {
    let (r, c) = (cell / 9, cell % 9);
    match region {
        Region::Row => r,
        Region::Column => 9 + c,
        Region::Block => 18 + (r / 3) * 3 + c / 3,
    }
}

/// The kind of house `h`.
fn region_of(h: usize) -> Region {
    match h {
        0..9 => Region::Row,
        9..18 => Region::Column,
        _ => Region::Block,
    }
}

/// SE's `getRuleParents`: the candidates of `source` that `cur` lacks and
/// that a strong link of the hint needs gone (the cell's other digits for
/// a naked single, the digit's other places for a hidden one).
fn rule_parents(arena: &mut Arena, h: &Hint, cur: &Board, source: &Board) -> Vec<Cand> {
    let mut out = Vec::new();
    let mut seen = [0u64; 12];
    let mut add = |cause: Cause, c: Cand| {
        let (cell, d) = (cell_of(c), digit_of(c));
        let mut push = |x: Cand| {
            let i = usize::from(x);
            if seen[i / 64] >> (i % 64) & 1 == 0 {
                seen[i / 64] |= 1 << (i % 64);
                out.push(x);
            }
        };
        match cause {
            Cause::Cell => {
                let lost = source.cells[cell] & !cur.cells[cell];
                for d2 in super::board::digits(lost) {
                    push(cand(cell, d2));
                }
            }
            Cause::Region(region) => {
                let h = house_of(region, cell);
                let lost = source.digits[d] & !cur.digits[d] & HOUSE_BITS[h];
                for c2 in super::board::cells(lost) {
                    push(cand(c2, d));
                }
            }
            Cause::Assumption | Cause::Advanced => {}
        }
    };
    let premise_cause = match h.premise {
        Premise::Cell(_) => Cause::Cell,
        Premise::House(house, _) => Cause::Region(region_of(house)),
        Premise::Potential(_) => Cause::Assumption,
    };
    if h.kind == Kind::Cycle {
        // The loop read both ways: every node but the premise is "on" once.
        let path = arena.main_path(h.targets[0]);
        for &n in &path[1..] {
            let node = arena.nodes[n as usize];
            add(node.cause, cand_of(node.pot));
        }
        return out;
    }
    for &t in &h.targets {
        arena.ancestors(t, |a, n| {
            let node = a.nodes[n as usize];
            if is_on(node.pot) {
                let cause = match node.cause {
                    Cause::Assumption => premise_cause,
                    c => c,
                };
                add(cause, cand_of(node.pot));
            }
        });
    }
    out
}
