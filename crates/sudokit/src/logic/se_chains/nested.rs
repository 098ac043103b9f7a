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
use super::net::{Arena, Cause, NO_NESTED};
use super::producers::{self, Producer};
use crate::logic::single_digit::HOUSE_BITS;
use crate::logic::{Chain, Link};

/// A nested chain kept for the hints that use it: its branches' nodes,
/// copied out of the search that found it (or, for a search replayed,
/// out of the previous position's copy).
struct Stored {
    /// The conclusion node of each branch, in [`Nested::kept`].
    targets: Vec<u32>,
    /// SE's complexity (its own nested chains included).
    complexity: u32,
    /// A hash of its branches' potentials: SE counts equal chains once.
    hash: u64,
    /// Whether no node rests on a nested chain of its own (whose id holds
    /// one position only), so that it can be copied to the next position.
    portable: bool,
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
    /// The kept chains of the previous position, which replays at this
    /// one copy in (outcomes outlive a position).
    old_kept: Arena,
    old_chains: Vec<Stored>,
    /// How many times [`Nested::clear`] ran: the ids of [`Nested::chains`]
    /// hold until the next one.
    epoch: u64,
    copy: Copy,
    /// What the searches on each reduced board reported.
    memo: Memo,
}

/// What a nested search depends on: the reduced board (its candidates,
/// and its empty cells and placed digits, which the producers and rules
/// read) and the producer.
type Key = ([u16; 81], u128, [u8; 9], Producer);

/// The [`Key`] of `producer` run on `cur`.
fn key_of(cur: &Board, producer: Producer) -> Key {
    (cur.cells, cur.empty, cur.placed, producer)
}

/// What the nested searches reported, per reduced board: propagations
/// that stall on the same candidates (a candidate "on" and its cell's or
/// house's only other one "off" reach the same fixpoint) run the same
/// nested search, and so do the propagations of consecutive positions of
/// a walk (they differ by a few candidates), so the later ones replay the
/// first one's outcome instead.
///
/// An outcome holds what does not depend on the source board (the hints,
/// their chains' ids, what their parents are read from), so that it
/// replays from any source; a chain kept at the previous position is
/// copied in ([`Nested::old_kept`]). Only the outcomes of the current
/// source and the one before are kept (one position and the next in a
/// walk), which bounds the memory over a long walk.
#[derive(Default)]
struct Memo {
    /// The board the propagations start from.
    source: Option<Board>,
    /// How many times the source changed (tests tell replays at a later
    /// source by it).
    generation: u64,
    /// The outcomes searched or replayed since the source last changed.
    current: std::collections::HashMap<Key, Outcome>,
    /// The outcomes of the source before (moved to `current` when
    /// replayed, dropped at the next change).
    previous: std::collections::HashMap<Key, Outcome>,
    /// How many searches were replayed (tests check that some are).
    replays: usize,
    /// How many of them were searched from another source.
    carried: usize,
}

impl Memo {
    /// Starts a new generation when the source changes.
    fn set_source(&mut self, source: &Board) {
        if self.source != Some(*source) {
            self.source = Some(*source);
            self.generation += 1;
            self.previous = std::mem::take(&mut self.current);
        }
    }

    /// Takes the outcome of `key` out of memory (a replay puts it back in
    /// the current generation).
    fn take(&mut self, key: &Key) -> Option<Outcome> {
        self.current
            .remove(key)
            .or_else(|| self.previous.remove(key))
    }
}

/// What one nested search reported.
struct Outcome {
    /// Every hint of the producer, in order.
    hints: Vec<Reported>,
    /// The propagations the search ran (a replay spends them too, so that
    /// the work bound stops the producer where it would have).
    cost: u64,
    /// The [`Memo::generation`] of the search.
    generation: u64,
}

/// One hint of an [`Outcome`].
struct Reported {
    /// The candidates it removes.
    removable: Vec<Cand>,
    /// Where the removed candidates its chain rests on are read from.
    needs: Vec<Need>,
    /// Its chain, if a search stored it (it does only when the hint
    /// removes something the propagation did not have): the
    /// [`Nested::epoch`] it was last stored in, and its id there.
    chain: Option<(u64, u32)>,
}

/// What a replay reports: whether a hint rests on a removed candidate,
/// and each hint that reports, with its parents.
struct Plan {
    /// Whether a hint rests on a removed candidate (the producer is then
    /// the last one asked).
    any: bool,
    /// The index of each hint that reports, and its parents.
    steps: Vec<(usize, Vec<Cand>)>,
}

impl Outcome {
    /// What the search would report from `source` with `known` (see
    /// [`Nested::search`]), or `None` if that needs a chain that was not
    /// stored, or that neither epoch `epoch` nor the one before (its
    /// chains `old`) holds in a form that can be copied.
    fn plan(
        &self,
        cur: &Board,
        source: &Board,
        known: &PotSet,
        (epoch, old): (u64, &[Stored]),
    ) -> Option<Plan> {
        let mut reported = *known;
        let mut plan = Plan {
            any: false,
            steps: Vec::new(),
        };
        for (i, h) in self.hints.iter().enumerate() {
            let parents = parents_of(&h.needs, cur, source);
            if parents.is_empty() {
                continue;
            }
            plan.any = true;
            if h.removable
                .iter()
                .all(|&c| reported.contains(pot(c, false)))
            {
                continue;
            }
            let (at, id) = h.chain?;
            if at != epoch && (at + 1 != epoch || !old[id as usize].portable) {
                return None;
            }
            for &c in &h.removable {
                reported.insert(pot(c, false));
            }
            plan.steps.push((i, parents));
        }
        Some(plan)
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
    /// Forgets the chains of the position before the previous one (the
    /// outcomes stay: the previous position's chains are copied in again
    /// when replayed).
    pub(super) fn clear(&mut self) {
        std::mem::swap(&mut self.kept, &mut self.old_kept);
        std::mem::swap(&mut self.chains, &mut self.old_chains);
        self.chains.clear();
        self.kept.clear();
        self.epoch += 1;
        self.memo.replays = 0;
        self.memo.carried = 0;
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

    /// How many of [`Nested::replays`] replayed a search made from another
    /// source board.
    #[cfg(test)]
    pub(super) fn carried(&self) -> usize {
        self.memo.carried
    }

    /// The complexity of nested chain `id`.
    pub(super) fn complexity(&self, id: u32) -> u32 {
        self.chains[id as usize].complexity
    }

    /// The hash that tells equal nested chains apart from different ones.
    pub(super) fn hash(&self, id: u32) -> u64 {
        self.chains[id as usize].hash
    }

    /// The complexity of the nested chains `ids` together: SE counts
    /// equal chains once.
    pub(super) fn total_complexity(&self, ids: &[u32]) -> u32 {
        let mut total = 0;
        let mut hashes = Vec::new();
        for &id in ids {
            let h = self.hash(id);
            if !hashes.contains(&h) {
                hashes.push(h);
                total += self.complexity(id);
            }
        }
        total
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
    /// one asked. Returns whether every producer of the level that comes
    /// after it was asked (true also when none reported), and the work
    /// bound stopped none.
    pub(super) fn find(
        &mut self,
        cur: &Board,
        source: &Board,
        level: u8,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) -> bool {
        self.memo.set_source(source);
        let producers = nested_producers(level);
        for (i, &producer) in producers.iter().enumerate() {
            if super::budget::exhausted() {
                return false;
            }
            if self.find_one(cur, source, producer, known, report) {
                return i + 1 == producers.len() && !super::budget::exhausted();
            }
        }
        !super::budget::exhausted()
    }

    /// [`Nested::find`] for one producer, replayed when an earlier search
    /// ran it on the same board (SE runs the same producer on the same
    /// reduced board from several propagations, from consecutive levels
    /// (level 3 asks the cycles first as level 2 does, level 5 the dynamic
    /// chains as level 4 does) and from consecutive positions). Returns
    /// whether it reported.
    fn find_one(
        &mut self,
        cur: &Board,
        source: &Board,
        producer: Producer,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) -> bool {
        let key = key_of(cur, producer);
        let memo = producers::gated();
        if memo && let Some(mut outcome) = self.memo.take(&key) {
            // With more budget left than the search used, it would run to
            // its end and report the same again.
            let plan = (super::budget::left() > outcome.cost)
                .then(|| outcome.plan(cur, source, known, (self.epoch, &self.old_chains)))
                .flatten();
            if let Some(plan) = plan {
                super::budget::spend_n(outcome.cost);
                self.replay(&mut outcome, &plan, report);
                self.memo.replays += 1;
                self.memo.carried += usize::from(outcome.generation != self.memo.generation);
                self.memo.current.insert(key, outcome);
                return plan.any;
            }
        }
        // Searched anew (an outcome that could not be replayed is replaced).
        let before = super::budget::left();
        let (mut outcome, any) = self.search(cur, source, producer, known, report);
        if memo && !super::budget::exhausted() {
            outcome.cost = before - super::budget::left();
            self.memo.current.insert(key, outcome);
        }
        any
    }

    /// Reports what `plan` says, copying in the chains of the previous
    /// epoch.
    fn replay(
        &mut self,
        outcome: &mut Outcome,
        plan: &Plan,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) {
        for (i, parents) in &plan.steps {
            let h = &mut outcome.hints[*i];
            let (at, mut id) = h.chain.expect("planned with a chain");
            if at != self.epoch {
                id = self.carry(id);
                h.chain = Some((self.epoch, id));
            }
            for &c in &h.removable {
                report(c, parents, id);
            }
        }
    }

    /// [`Nested::find_one`] without the memory: runs the producer and
    /// returns what it reported (the cost left to fill in), and whether
    /// a hint rests on a removed candidate.
    fn search(
        &mut self,
        cur: &Board,
        source: &Board,
        producer: Producer,
        known: &PotSet,
        report: &mut dyn FnMut(Cand, &[Cand], u32),
    ) -> (Outcome, bool) {
        let mut sub = self.sub.take().unwrap_or_default();
        let mut reported = *known;
        let mut out = Outcome {
            hints: Vec::new(),
            cost: 0,
            generation: self.memo.generation,
        };
        let mut any = false;
        sub.arena.clear();
        let hints = producers::all_hints(&mut sub, cur, producer);
        for h in &hints {
            let needs = needs(&mut sub.arena, h);
            let parents = parents_of(&needs, cur, source);
            let removable = removable_cands(h);
            let mut chain = None;
            any |= !parents.is_empty();
            if !parents.is_empty() && !removable.iter().all(|&c| reported.contains(pot(c, false))) {
                let id = self.store(&sub.arena, &h.targets, h.complexity);
                for &c in &removable {
                    reported.insert(pot(c, false));
                    report(c, &parents, id);
                }
                chain = Some((self.epoch, id));
            }
            out.hints.push(Reported {
                removable,
                needs,
                chain,
            });
        }
        sub.arena.clear();
        self.sub = Some(sub);
        (out, any)
    }

    /// Copies chain `id` of the previous epoch into this one; returns its
    /// id here (same nodes, so the same hash).
    fn carry(&mut self, id: u32) -> u32 {
        let old = &self.old_chains[id as usize];
        let targets = self
            .copy
            .chain(&self.old_kept, &old.targets, &mut self.kept);
        self.chains.push(Stored {
            targets,
            complexity: old.complexity,
            hash: old.hash,
            portable: true,
        });
        self.chains.len() as u32 - 1
    }

    /// Copies the chain concluding at `targets` in `arena` (of complexity
    /// `complexity`) into [`Nested::kept`]; returns its id.
    fn store(&mut self, arena: &Arena, targets: &[u32], complexity: u32) -> u32 {
        let start = self.kept.len() as usize;
        let targets = self.copy.chain(arena, targets, &mut self.kept);
        let portable = self.kept.nodes[start..]
            .iter()
            .all(|n| n.nested == NO_NESTED);
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for &t in &targets {
            self.kept.ancestors(t, |a, n| {
                hash = (hash ^ u64::from(a.pot(n))).wrapping_mul(0x100_0000_01b3);
            });
            hash = (hash ^ 0xffff).wrapping_mul(0x100_0000_01b3);
        }
        self.chains.push(Stored {
            targets,
            complexity,
            hash,
            portable,
        });
        self.chains.len() as u32 - 1
    }
}

/// Where the nodes of one [`Copy::chain`] went: a table indexed by
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
    /// Copies the nodes that `targets` rest on from `src` into `dst` (each
    /// once); returns the targets' indices there.
    fn chain(&mut self, src: &Arena, targets: &[u32], dst: &mut Arena) -> Vec<u32> {
        self.start(src.len());
        let out = targets.iter().map(|&t| self.node(src, t, dst)).collect();
        self.finish();
        out
    }

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

/// A place whose candidates, those of the source board that the reduced
/// board lacks, are parents of a nested hint: a cell (index `cell`: its
/// lost digits) or a digit in a house (index `81 + house * 9 + digit`:
/// its lost places there).
type Need = u16;

/// Where SE's `getRuleParents` reads the parents of hint `h` from, in its
/// order (a place met again adds nothing): the cell or house of each
/// strong link of the hint (the cell's other digits for a naked single,
/// the digit's other places for a hidden one). They depend on the hint
/// only; [`parents_of`] reads them against a source board.
fn needs(arena: &mut Arena, h: &Hint) -> Vec<Need> {
    let mut out = Vec::new();
    let mut seen = [0u64; 6];
    let mut add = |cause: Cause, c: Cand| {
        let (cell, d) = (cell_of(c), digit_of(c));
        let need = match cause {
            Cause::Cell => cell,
            Cause::Region(region) => 81 + house_of(region, cell) * 9 + d,
            Cause::Assumption | Cause::Advanced => return,
        };
        if seen[need / 64] >> (need % 64) & 1 == 0 {
            seen[need / 64] |= 1 << (need % 64);
            out.push(need as Need);
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

/// SE's `getRuleParents`: the candidates of `source` that `cur` lacks in
/// the places of `needs`, each once, in order.
fn parents_of(needs: &[Need], cur: &Board, source: &Board) -> Vec<Cand> {
    let mut out = Vec::new();
    let mut seen = [0u64; 12];
    let mut push = |x: Cand| {
        let i = usize::from(x);
        if seen[i / 64] >> (i % 64) & 1 == 0 {
            seen[i / 64] |= 1 << (i % 64);
            out.push(x);
        }
    };
    for &need in needs {
        let need = usize::from(need);
        if need < 81 {
            let lost = source.cells[need] & !cur.cells[need];
            for d in super::board::digits(lost) {
                push(cand(need, d));
            }
        } else {
            let (h, d) = ((need - 81) / 9, (need - 81) % 9);
            let lost = source.digits[d] & !cur.digits[d] & HOUSE_BITS[h];
            for c in super::board::cells(lost) {
                push(cand(c, d));
            }
        }
    }
    out
}
