//! The propagations of Sudoku Explainer's `Chaining`, reproduced step for
//! step (same links, same order, same parents) so that chains come out as
//! long as SE finds them:
//!
//! - [`Engine::propagate`] (SE's `doChaining`): from one potential, every
//!   potential it forces, "on" potentials first; in dynamic mode a
//!   potential turned off leaves the board, so cells and houses shrink and
//!   give new singles; at level 1 and above, rules (and nested chains) run
//!   on the reduced board whenever nothing else is left to follow;
//! - [`Engine::cycles`] and [`Engine::forcing`] (SE's `doCycles` and
//!   `doForcingChains`): the static searches of bidirectional cycles and
//!   forcing X-/XY-chains, layer by layer.

use super::board::{
    Bits, Board, Cand, Pot, PotSet, SE_HOUSE_MASKS, SE_REGIONS, cand, cand_of, cell_of, digit_of,
    is_on, pot, se_houses, two_digits,
};
use super::net::{Arena, Cause, NO_NESTED};
use super::rules::{self, Found};
use crate::logic::single_digit::HOUSE_BITS;

/// How a propagation links potentials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Mode {
    /// Nishio: only links of one digit (no cell links).
    pub nishio: bool,
    /// Dynamic: potentials turned off leave the board.
    pub dynamic: bool,
    /// The nesting level: 0 plain, 1 with rules, 2..5 with nested chains.
    pub level: u8,
}

/// What [`Engine::propagate`] reached.
#[derive(Clone, Debug)]
pub(super) struct Prop {
    /// The nodes of the propagation in the arena (the premise first).
    pub range: std::ops::Range<u32>,
    /// The potentials reached (SE's `toOn` and `toOff`).
    pub set: PotSet,
    /// The contradiction that stopped it: the "on" node and the "off" node
    /// of one candidate.
    pub absurd: Option<(u32, u32)>,
    /// Whether it went on until nothing was left to follow: neither the
    /// cap nor the work bound stopped it (only such sets bound others:
    /// `producers::OffBound`).
    pub complete: bool,
}

/// A potential found by the rules, before it is a node.
struct Advanced {
    cand: Cand,
    parents: std::ops::Range<usize>,
    nested: u32,
}

/// The search state shared by the propagations of one position.
#[derive(Default)]
pub(super) struct Engine {
    /// Every node reached on the position.
    pub arena: Arena,
    /// The node of each potential in the current propagation (valid where
    /// the propagation's set holds the potential).
    index: Vec<u32>,
    queue_on: Vec<u32>,
    queue_off: Vec<u32>,
    links: Vec<(Cand, Cause)>,
    hidden: Vec<u32>,
    found: Found,
    advanced: Vec<Advanced>,
    advanced_parents: Vec<Cand>,
    /// The nested chains [`Engine::beyond`] met.
    beyond_ids: Vec<u32>,
    /// Searches of nested chains, one level deeper.
    pub(super) nested: super::nested::Nested,
    /// The list of the last search's "on" propagations, kept for the next
    /// search (growing it anew each time copied the sets over and over).
    pub(super) spare_props: Vec<Prop>,
    /// The buffers of the producers' searches, kept between searches.
    pub(super) scratch: super::producers::Scratch,
    /// The plain propagations of the walk's previous position.
    pub(super) carry: super::carry::Carry,
    /// The largest complexity a hint of the current search may have and
    /// still rate no higher than the easiest found so far (`None`: any).
    /// A node that rests on more is of no use, nor is any node that
    /// follows from it, so a propagation stops where nested chains give
    /// only such nodes and nothing else was left to ask
    /// ([`Engine::add_advanced`]).
    pub(super) cap: Option<u32>,
    /// Whether the cap stopped the current propagation.
    capped_now: bool,
    /// How many propagations [`Engine::cap`] stopped (tests check that
    /// some are).
    #[cfg(test)]
    pub(super) capped: usize,
    /// Tests: instead of stopping where the cap allows, go on and count
    /// the nodes reached after that point that rest on no more than the
    /// cap ([`Engine::misses`]); there must be none.
    #[cfg(test)]
    pub(super) audit: bool,
    #[cfg(test)]
    audit_from: Option<u32>,
    /// The nodes within the cap that [`Engine::audit`] found past a stop.
    #[cfg(test)]
    pub(super) misses: usize,
}

impl Engine {
    /// Forgets the nodes of the previous position (and carries nothing
    /// from it: see [`Engine::start`]).
    pub(super) fn clear(&mut self) {
        self.carry.stop();
        self.arena.clear();
        self.nested.clear();
        if self.index.len() < 1458 {
            self.index.resize(1458, 0);
        }
    }

    /// Moves to the walk's position `board`, keeping the plain
    /// propagations of the position left that hold there unchanged
    /// ([`super::carry`]).
    pub(super) fn start(&mut self, board: &Board) {
        self.carry.start(board, &mut self.arena);
        self.nested.clear();
        if self.index.len() < 1458 {
            self.index.resize(1458, 0);
        }
    }

    fn register(&mut self, set: &mut PotSet, p: Pot, node: u32) {
        set.insert(p);
        self.index[usize::from(p)] = node;
    }

    /// SE's `doChaining` from `root` on `board`.
    pub(super) fn propagate(&mut self, board: &Board, root: Pot, mode: Mode) -> Prop {
        super::budget::spend();
        if let Some(prop) = self.carry.reuse(board, root, mode) {
            return prop;
        }
        let prop = self.run(board, root, mode);
        self.carry.record(board, root, mode, &prop);
        prop
    }

    /// [`Engine::propagate`] without the carry.
    fn run(&mut self, board: &Board, root: Pot, mode: Mode) -> Prop {
        if self.index.len() < 1458 {
            self.index.resize(1458, 0);
        }
        let start = self.arena.len();
        self.capped_now = false;
        let mut cur = *board;
        let mut set = PotSet::default();
        self.queue_on.clear();
        self.queue_off.clear();
        let r = self.arena.push(root, Cause::Assumption, &[], NO_NESTED);
        self.register(&mut set, root, r);
        if is_on(root) {
            self.queue_on.push(r);
        } else {
            self.queue_off.push(r);
        }
        let (mut head_on, mut head_off) = (0, 0);
        let absurd = loop {
            if head_on < self.queue_on.len() {
                let p = self.queue_on[head_on];
                head_on += 1;
                if let Some(absurd) = self.on_to_off(&cur, p, &mut set, !mode.nishio) {
                    break Some(absurd);
                }
            } else if head_off < self.queue_off.len() {
                let p = self.queue_off[head_off];
                head_off += 1;
                if let Some(absurd) = self.off_to_on(&mut cur, board, p, &mut set, mode) {
                    break Some(absurd);
                }
            } else if mode.level > 0 {
                if !self.add_advanced(&cur, board, &mut set, mode.level) {
                    break None;
                }
            } else {
                break None;
            }
        };
        #[cfg(test)]
        self.audit_end();
        // The work bound cuts only nested searches, which level 0 has not.
        let complete = !self.capped_now && (mode.level == 0 || !super::budget::exhausted());
        Prop {
            range: start..self.arena.len(),
            set,
            absurd,
            complete,
        }
    }

    /// [`Engine::audit`]: counts the nodes past the point where the cap
    /// would have stopped the propagation that rest on no more than it.
    #[cfg(test)]
    fn audit_end(&mut self) {
        if let (Some(first), Some(cap)) = (self.audit_from.take(), self.cap) {
            let within = (first..self.arena.len())
                .filter(|&n| !self.beyond(n, cap))
                .count();
            self.misses += within;
        }
    }

    /// The potentials an "on" potential turns off (SE's `getOnToOff`), in
    /// SE's order: the cell's other digits (with cell links), then the
    /// digit's other places in its block, row and column.
    fn gather_off(&mut self, cur: &Board, p: Pot, cell_links: bool) {
        let c = cand_of(p);
        let (cell, d) = (cell_of(c), digit_of(c));
        self.links.clear();
        if cell_links {
            let others = cur.cells[cell] & !(1 << d);
            for d2 in super::board::digits(others) {
                self.links.push((cand(cell, d2), Cause::Cell));
            }
        }
        let mut seen = 1u128 << cell;
        for (region, h) in se_houses(cell) {
            let m = cur.digits[d] & HOUSE_BITS[h] & !seen;
            seen |= m;
            for other in super::board::cells(m) {
                self.links.push((cand(other, d), Cause::Region(region)));
            }
        }
    }

    /// Follows an "on" node (SE's `getOnToOff`, in SE's order: the cell's
    /// other digits with cell links, then the digit's other places in its
    /// block, row and column); returns a contradiction if one shows.
    fn on_to_off(
        &mut self,
        cur: &Board,
        p: u32,
        set: &mut PotSet,
        cell_links: bool,
    ) -> Option<(u32, u32)> {
        let c = cand_of(self.arena.pot(p));
        let (cell, d) = (cell_of(c), digit_of(c));
        let bit = super::board::bit(cell);
        if cell_links {
            let mut others = cur.cells[cell] & !(1 << d);
            while others != 0 {
                let d2 = others.trailing_zeros() as usize;
                others &= others - 1;
                // Most cellmates are off already: test before the call.
                if (set.on[d2] | set.off[d2]) & bit != 0 {
                    if set.on[d2] & bit != 0 {
                        return Some(self.absurd_off(cell, d2, Cause::Cell, p));
                    }
                    continue;
                }
                self.add_off(set, cell, d2, Cause::Cell, p);
            }
        }
        let mut seen = bit;
        for (&region, &mask) in SE_REGIONS.iter().zip(&SE_HOUSE_MASKS[cell]) {
            let m = cur.digits[d] & mask & !seen;
            seen |= m;
            // A place already off (and not on) gives nothing.
            let live = m & (set.on[d] | !set.off[d]);
            // The first place that is on is a contradiction (the places
            // are followed in increasing order).
            let clash = (live & set.on[d]).trailing_zeros() as usize;
            for other in super::board::cells(live) {
                if other == clash {
                    return Some(self.absurd_off(other, d, Cause::Region(region), p));
                }
                self.add_off(set, other, d, Cause::Region(region), p);
            }
        }
        None
    }

    /// A link of [`Engine::on_to_off`] to a potential not reached yet:
    /// `digit` of `cell` goes off because of node `p`.
    #[inline]
    fn add_off(&mut self, set: &mut PotSet, cell: usize, digit: usize, cause: Cause, p: u32) {
        let off = pot(cand(cell, digit), false);
        let n = self.arena.push_one(off, cause, p);
        set.off[digit] |= super::board::bit(cell);
        self.index[usize::from(off)] = n;
        self.queue_off.push(n);
    }

    /// A link of [`Engine::on_to_off`] to a potential that is on: the
    /// contradiction, as its "on" node and the new "off" node.
    #[cold]
    #[inline(never)]
    fn absurd_off(&mut self, cell: usize, digit: usize, cause: Cause, p: u32) -> (u32, u32) {
        let off = pot(cand(cell, digit), false);
        let on = self.index[usize::from(off | 1)];
        (on, self.arena.push_one(off, cause, p))
    }

    /// Follows an "off" node (SE's `getOffToOn`): the last digit of its
    /// cell (with cell links), the last place of its digit in its block,
    /// row and column; each with the candidates that the propagation
    /// removed there as extra parents (dynamic mode). Returns a
    /// contradiction if one shows.
    fn off_to_on(
        &mut self,
        cur: &mut Board,
        source: &Board,
        p: u32,
        set: &mut PotSet,
        mode: Mode,
    ) -> Option<(u32, u32)> {
        let c = cand_of(self.arena.pot(p));
        let (cell, d) = (cell_of(c), digit_of(c));
        // The links are read on the board before `c` leaves it.
        let (cell_set, places) = (cur.cells[cell], cur.digits[d]);
        if mode.dynamic {
            cur.remove(c);
        }
        let bit = super::board::bit(cell);
        if !mode.nishio && two_digits(cell_set) {
            let other = (cell_set & !(1 << d)).trailing_zeros() as usize;
            // A potential on already gives nothing (its parents unread).
            if set.on[other] & bit == 0 {
                self.hidden.clear();
                self.hidden.push(p);
                let lost = source.cells[cell] & !cell_set;
                for d2 in super::board::digits(lost) {
                    self.hidden
                        .push(self.index[usize::from(pot(cand(cell, d2), false))]);
                }
                if let Some(absurd) = self.turn_on(set, cell, other, Cause::Cell) {
                    return Some(absurd);
                }
            }
        }
        let mut seen = 0u128;
        for (&region, &mask) in SE_REGIONS.iter().zip(&SE_HOUSE_MASKS[cell]) {
            let m = places & mask;
            // Two POPCNTs are cheaper than clearing low bits of 128 bits.
            if m.count_ones() != 2 {
                continue;
            }
            let other = m & !bit;
            if other & seen != 0 || other == 0 {
                continue;
            }
            seen |= other;
            if set.on[d] & other != 0 {
                continue;
            }
            self.hidden.clear();
            self.hidden.push(p);
            let lost = source.digits[d] & !places & mask;
            for c2 in super::board::cells(lost) {
                self.hidden
                    .push(self.index[usize::from(pot(cand(c2, d), false))]);
            }
            let at = other.trailing_zeros() as usize;
            if let Some(absurd) = self.turn_on(set, at, d, Cause::Region(region)) {
                return Some(absurd);
            }
        }
        None
    }

    /// One link of [`Engine::off_to_on`]: `digit` of `cell`, not on yet,
    /// goes on, with the parents in `hidden`.
    fn turn_on(
        &mut self,
        set: &mut PotSet,
        cell: usize,
        digit: usize,
        cause: Cause,
    ) -> Option<(u32, u32)> {
        let bit = super::board::bit(cell);
        let on = pot(cand(cell, digit), true);
        let n = if let [parent] = self.hidden[..] {
            self.arena.push_one(on, cause, parent)
        } else {
            self.arena.push(on, cause, &self.hidden, NO_NESTED)
        };
        if set.off[digit] & bit != 0 {
            return Some((n, self.index[usize::from(on ^ 1)]));
        }
        set.on[digit] |= bit;
        self.index[usize::from(on)] = n;
        self.queue_on.push(n);
        None
    }

    /// SE's `getAdvancedPotentials`: the rules (and, from level 2, nested
    /// chains) on the reduced board; adds the new "off" potentials. Returns
    /// whether any was new.
    // Kept out of `propagate` (it runs once per drained queue, not per
    // node): inlined, its locals crowded the registers of the node loop.
    #[inline(never)]
    fn add_advanced(&mut self, cur: &Board, source: &Board, set: &mut PotSet, level: u8) -> bool {
        self.advanced.clear();
        self.advanced_parents.clear();
        let mut found = std::mem::take(&mut self.found);
        rules::first_rule(cur, source, &mut found);
        for i in 0..found.hints.len() {
            let (removable, parents) = found.hint(i);
            let at = self.advanced_parents.len();
            self.advanced_parents.extend_from_slice(parents);
            for &c in removable {
                self.advanced.push(Advanced {
                    cand: c,
                    parents: at..self.advanced_parents.len(),
                    nested: NO_NESTED,
                });
            }
        }
        self.found = found;
        // Whether the rules found nothing and the nested producer that
        // reported was the last one of the level (see below).
        let mut all_asked = false;
        if self.advanced.is_empty() && level >= 2 {
            let mut nested = std::mem::take(&mut self.nested);
            all_asked = nested.find(cur, source, level, set, &mut |cand, parents, id| {
                let at = self.advanced_parents.len();
                self.advanced_parents.extend_from_slice(parents);
                self.advanced.push(Advanced {
                    cand,
                    parents: at..self.advanced_parents.len(),
                    nested: id,
                });
            });
            self.nested = nested;
        }
        let first_new = self.arena.len();
        let mut added = false;
        let mut parents = Vec::new();
        for i in 0..self.advanced.len() {
            let off = pot(self.advanced[i].cand, false);
            if set.contains(off) {
                continue;
            }
            parents.clear();
            for &c in &self.advanced_parents[self.advanced[i].parents.clone()] {
                parents.push(self.index[usize::from(pot(c, false))]);
            }
            let n = self
                .arena
                .push(off, Cause::Advanced, &parents, self.advanced[i].nested);
            self.register(set, off, n);
            self.queue_off.push(n);
            added = true;
        }
        // A propagation stops (as if it had nothing left to follow) where
        // every node a stall added rests on more than the cap, provided
        // nothing was left unasked at the stall. Then every later node rests
        // on one of the stall's nodes, and so on more than the cap (a hint's
        // complexity counts all that each of its targets rests on): the
        // nodes of later stalls come from rules and nested chains that
        // found nothing here on the cells they read, so they read cells that
        // the stall's nodes changed, and rest on those changes. (For nested
        // chains this leans on a chain reading only the units of its links;
        // [`Engine::audit`] goes on past every stop to check that no node
        // within the cap comes later, and the tests and gate sets find none.)
        //
        // It does not hold where a rule gave the stall's nodes: the rules
        // after it and the nested chains were not asked, and a later stall
        // may find there what they would have found here, resting on none
        // of the stall's nodes. Nor where a nested producer of level 5 gave
        // them and the next one was not asked.
        if added
            && all_asked
            && self
                .cap
                .is_some_and(|cap| (first_new..self.arena.len()).all(|n| self.beyond(n, cap)))
        {
            #[cfg(test)]
            {
                self.capped += 1;
                if self.audit {
                    self.audit_from.get_or_insert(first_new);
                    return added;
                }
            }
            self.capped_now = true;
            return false;
        }
        added
    }

    /// Whether node `n` rests on more than `cap` (potentials and nested
    /// chains, as a hint's complexity counts them).
    fn beyond(&mut self, n: u32, cap: u32) -> bool {
        let mut ids = std::mem::take(&mut self.beyond_ids);
        ids.clear();
        let count = self.arena.ancestors_within(n, cap, |arena, m| {
            let id = arena.nodes[m as usize].nested;
            if id != NO_NESTED && !ids.contains(&id) {
                ids.push(id);
            }
        });
        let beyond = count > cap || count + self.nested.total_complexity(&ids) > cap;
        self.beyond_ids = ids;
        beyond
    }

    /// SE's `doCycles` from the "on" potential `root`: the nodes at which
    /// the search comes back to `root` after four links or more, up to
    /// `max` links (a loop of `n` links has complexity `n`).
    ///
    /// `live` holds the candidates whose "off" has a strong link of the
    /// pass ([`super::fast::StrongLinks::live`]); SE's nodes for the others
    /// lead nowhere and are not made (nor are their potentials kept as
    /// met, which only such dead ends would look up again).
    pub(super) fn cycles(
        &mut self,
        board: &Board,
        root: Pot,
        (y, x): (bool, bool),
        max: u32,
        live: &Bits,
    ) -> Vec<u32> {
        let mut found = Vec::new();
        let mut set = PotSet::default();
        let r = self.arena.push(root, Cause::Assumption, &[], NO_NESTED);
        set.insert(root);
        // The "off" potentials that lead straight back to the root (a
        // bivalue partner and three houses at most).
        self.gather_on_static(board, root ^ 1, y, x);
        let mut closing = [Pot::MAX; 4];
        for (slot, &(c, _)) in closing.iter_mut().zip(&self.links) {
            *slot = pot(c, false);
        }
        let mut pending_on = vec![r];
        // SE keeps an "off" met again (by another path) in its queue; it
        // only matters if it closes a loop.
        let mut pending_off: Vec<(u32, bool)> = Vec::new();
        // The layer being followed (buffers kept from layer to layer).
        let (mut layer_on, mut layer_off) = (Vec::new(), Vec::new());
        let mut length = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if length + 2 > max {
                break;
            }
            length += 1;
            std::mem::swap(&mut pending_on, &mut layer_on);
            for &p in &layer_on {
                self.gather_off(board, self.arena.pot(p), y);
                for i in 0..self.links.len() {
                    let (c, cause) = self.links[i];
                    if live[digit_of(c)] >> cell_of(c) & 1 == 0 {
                        continue;
                    }
                    let off = pot(c, false);
                    // Every ancestor's potential is in `set`, so only a
                    // potential met again can be one (SE's `isParent`).
                    let again = set.contains(off);
                    if again && (!closing.contains(&off) || self.arena.has_ancestor(p, off)) {
                        continue;
                    }
                    let n = self.arena.push_one(off, cause, p);
                    pending_off.push((n, again));
                    set.insert(off);
                }
            }
            layer_on.clear();
            length += 1;
            std::mem::swap(&mut pending_off, &mut layer_off);
            for &(p, again) in &layer_off {
                if again && length < 4 {
                    continue;
                }
                self.gather_on_static(board, self.arena.pot(p), y, x);
                for i in 0..self.links.len() {
                    let (c, cause) = self.links[i];
                    let on = pot(c, true);
                    let fresh = !again && !set.contains(on);
                    let closes = length >= 4 && on == root;
                    if fresh || closes {
                        let n = self.arena.push_one(on, cause, p);
                        if closes {
                            found.push(n);
                        }
                        if fresh {
                            set.insert(on);
                            pending_on.push(n);
                        }
                    }
                }
            }
            layer_off.clear();
        }
        found
    }

    /// The static strong links of an "off" potential, to `links`.
    fn gather_on_static(&mut self, board: &Board, off: Pot, y: bool, x: bool) {
        let c = cand_of(off);
        let (cell, d) = (cell_of(c), digit_of(c));
        self.links.clear();
        if y && board.cells[cell].count_ones() == 2 {
            let other = (board.cells[cell] & !(1 << d)).trailing_zeros() as usize;
            self.links.push((cand(cell, other), Cause::Cell));
        }
        if x {
            for (region, h) in se_houses(cell) {
                let m = board.digits[d] & HOUSE_BITS[h];
                if m.count_ones() == 2 {
                    let other = (m & !(1u128 << cell)).trailing_zeros() as usize;
                    self.links.push((cand(other, d), Cause::Region(region)));
                }
            }
        }
    }

    /// SE's `doForcingChains` from `root` ("on" or "off"): the node where
    /// the search reaches the opposite of `root`, if it does within a
    /// complexity of `max` (a chain of `n` links has complexity `n + 1`).
    /// Dead ends are left out as in [`Engine::cycles`] (`live`).
    pub(super) fn forcing(
        &mut self,
        board: &Board,
        root: Pot,
        y: bool,
        max: u32,
        live: &Bits,
    ) -> Option<u32> {
        let mut set = PotSet::default();
        let r = self.arena.push(root, Cause::Assumption, &[], NO_NESTED);
        set.insert(root);
        let opposite = root ^ 1;
        let (mut pending_on, mut pending_off) = if is_on(root) {
            (vec![r], Vec::new())
        } else {
            (Vec::new(), vec![r])
        };
        // The nodes being followed (a buffer kept from layer to layer).
        let mut layer = Vec::new();
        let mut depth = 0;
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if !pending_on.is_empty() {
                if depth + 2 > max {
                    break;
                }
                depth += 1;
            }
            std::mem::swap(&mut pending_on, &mut layer);
            for &p in &layer {
                self.gather_off(board, self.arena.pot(p), y);
                for i in 0..self.links.len() {
                    let (c, cause) = self.links[i];
                    let off = pot(c, false);
                    if off == opposite {
                        // Nothing the search adds later is an ancestor.
                        return Some(self.arena.push_one(off, cause, p));
                    }
                    let dead = live[digit_of(c)] >> cell_of(c) & 1 == 0;
                    if !dead && !set.contains(off) {
                        let n = self.arena.push_one(off, cause, p);
                        set.insert(off);
                        pending_off.push(n);
                    }
                }
            }
            if !pending_off.is_empty() {
                if depth + 2 > max {
                    break;
                }
                depth += 1;
            }
            layer.clear();
            std::mem::swap(&mut pending_off, &mut layer);
            for &p in &layer {
                self.gather_on_static(board, self.arena.pot(p), y, true);
                for i in 0..self.links.len() {
                    let (c, cause) = self.links[i];
                    let on = pot(c, true);
                    if on == opposite {
                        return Some(self.arena.push_one(on, cause, p));
                    }
                    if !set.contains(on) {
                        let n = self.arena.push_one(on, cause, p);
                        set.insert(on);
                        pending_on.push(n);
                    }
                }
            }
            layer.clear();
        }
        None
    }
}
