//! SE's chaining producers: the hints each finds on a position, in SE's
//! order of production, then sorted and filtered as SE does (by rating,
//! complexity and sort key; one hint per set of removable candidates).

use super::board::{
    Bits, Board, Cand, Pot, PotSet, cand, cand_of, cell_of, digit_of, digits, is_on, one_bit, pot,
    se_houses,
};
use super::chaining::{Engine, Mode, Prop};
use super::clean;
use super::fast::{self, StaticReach, StrongLinks};
use super::gate::{CycleGate, StaticGate, nishio_may_contradict};
use super::hint::{Hint, Kind, Premise, bonus_tenths, max_complexity};
use super::net::{Arena, NO_NESTED};
use super::probe::CycleProbe;
use crate::logic::Technique;
use crate::logic::single_digit::PEER_BITS;

/// One of SE's chaining producers, in the order SE tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(super) enum Producer {
    /// Bidirectional cycles and forcing X-/XY-chains (6.5–7.0).
    Cycles,
    /// Nishio forcing chains (7.5).
    Nishio,
    /// Cell and region forcing chains (8.0).
    Multiple,
    /// Dynamic forcing chains (8.5), with rules (level 1, 9.0) or nested
    /// chains (levels 2–5, 9.5–11.0).
    Dynamic(u8),
}

impl Producer {
    /// Every producer, in SE's order.
    pub(super) const ALL: [Producer; 9] = [
        Producer::Cycles,
        Producer::Nishio,
        Producer::Multiple,
        Producer::Dynamic(0),
        Producer::Dynamic(1),
        Producer::Dynamic(2),
        Producer::Dynamic(3),
        Producer::Dynamic(4),
        Producer::Dynamic(5),
    ];

    /// The producer of a technique of this family.
    pub(super) fn of(t: Technique) -> Option<Producer> {
        use Technique as T;
        Some(match t {
            T::BidirectionalXCycle
            | T::BidirectionalYCycle
            | T::BidirectionalCycle
            | T::ForcingXChain
            | T::ForcingYChain
            | T::ForcingXyChain => Producer::Cycles,
            T::NishioForcingChain => Producer::Nishio,
            T::CellForcingChains
            | T::RegionForcingChains
            | T::ContradictionForcingChains
            | T::DoubleForcingChains => Producer::Multiple,
            T::DynamicCellForcingChains
            | T::DynamicRegionForcingChains
            | T::DynamicContradictionForcingChains
            | T::DynamicDoubleForcingChains => Producer::Dynamic(0),
            T::DynamicForcingChainsPlus => Producer::Dynamic(1),
            T::NestedForcingChains1 => Producer::Dynamic(2),
            T::NestedForcingChains2 => Producer::Dynamic(3),
            T::NestedForcingChains3 => Producer::Dynamic(4),
            T::NestedForcingChains4 => Producer::Dynamic(5),
            _ => return None,
        })
    }

    /// SE's base rating in tenths of the multiple-chain hints (`Chaining.getDifficulty`).
    fn base_tenths(self) -> u32 {
        match self {
            Producer::Cycles => 0,
            Producer::Nishio => 75,
            Producer::Multiple => 80,
            Producer::Dynamic(0) => 85,
            Producer::Dynamic(1) => 90,
            Producer::Dynamic(l) => 95 + 5 * (u32::from(l) - 2),
        }
    }

    /// The propagation mode of the multiple-chain producers.
    fn mode(self) -> Mode {
        match self {
            Producer::Cycles | Producer::Multiple => Mode {
                nishio: false,
                dynamic: false,
                level: 0,
            },
            Producer::Nishio => Mode {
                nishio: true,
                dynamic: true,
                level: 0,
            },
            Producer::Dynamic(l) => Mode {
                nishio: false,
                dynamic: true,
                level: l,
            },
        }
    }

    /// The technique of a hint of this producer.
    fn technique(self, kind: Kind, x: bool, y: bool) -> Technique {
        use Technique as T;
        match (self, kind) {
            (Producer::Cycles, Kind::Cycle) if x && y => T::BidirectionalCycle,
            (Producer::Cycles, Kind::Cycle) if y => T::BidirectionalYCycle,
            (Producer::Cycles, Kind::Cycle) => T::BidirectionalXCycle,
            (Producer::Cycles, _) if x && y => T::ForcingXyChain,
            (Producer::Cycles, _) if y => T::ForcingYChain,
            (Producer::Cycles, _) => T::ForcingXChain,
            (Producer::Nishio, _) => T::NishioForcingChain,
            (Producer::Multiple, Kind::Cell) => T::CellForcingChains,
            (Producer::Multiple, Kind::Region) => T::RegionForcingChains,
            (Producer::Multiple, Kind::Contradiction) => T::ContradictionForcingChains,
            (Producer::Multiple, _) => T::DoubleForcingChains,
            (Producer::Dynamic(0), Kind::Cell) => T::DynamicCellForcingChains,
            (Producer::Dynamic(0), Kind::Region) => T::DynamicRegionForcingChains,
            (Producer::Dynamic(0), Kind::Contradiction) => T::DynamicContradictionForcingChains,
            (Producer::Dynamic(0), _) => T::DynamicDoubleForcingChains,
            (Producer::Dynamic(1), _) => T::DynamicForcingChainsPlus,
            (Producer::Dynamic(2), _) => T::NestedForcingChains1,
            (Producer::Dynamic(3), _) => T::NestedForcingChains2,
            (Producer::Dynamic(4), _) => T::NestedForcingChains3,
            (Producer::Dynamic(_), _) => T::NestedForcingChains4,
        }
    }
}

/// The candidates a conclusion removes: the candidate itself when it is
/// "off", the cell's other digits when it is "on".
fn removable_of(board: &Board, target: Pot) -> Bits {
    let mut out = [0u128; 9];
    let c = cand_of(target);
    let (cell, d) = (cell_of(c), digit_of(c));
    if is_on(target) {
        for d2 in digits(board.cells[cell] & !(1 << d)) {
            out[d2] |= 1u128 << cell;
        }
    } else {
        out[d] |= 1u128 << cell;
    }
    out
}

fn is_empty(bits: &Bits) -> bool {
    bits.iter().all(|&m| m == 0)
}

/// A key per set of removable candidates where one is cheap: a single
/// candidate (0..729), or a cell's candidates but one, keyed by the one
/// left (729 + that candidate): every set a conclusion removes. Other sets
/// (some cycles') have none. Equal keys mean equal sets on one board.
fn removable_key(board: &Board, removable: &Bits) -> Option<u16> {
    let (mut cells, mut count, mut mask) = (0u128, 0, 0u16);
    for (d, &m) in removable.iter().enumerate() {
        cells |= m;
        count += m.count_ones();
        mask |= u16::from(m != 0) << d;
    }
    if !one_bit(cells) {
        return None;
    }
    let cell = cells.trailing_zeros() as usize;
    if count == 1 {
        return Some(cand(cell, mask.trailing_zeros() as usize));
    }
    let set = board.cells[cell];
    let rest = set & !mask;
    (mask & !set == 0 && rest.count_ones() == 1)
        .then(|| 729 + cand(cell, rest.trailing_zeros() as usize))
}

/// No key ([`removable_key`]).
const NO_KEY: u16 = u16::MAX;

/// Potentials reached, with their nodes.
type Reached = Vec<(Pot, u32)>;

/// The buffers of a search, kept in the engine between searches (nested
/// searches run thousands, most of them small).
#[derive(Default)]
pub(super) struct Scratch {
    leaders: Leaders,
    /// [`Counts::known`].
    known: Vec<u32>,
    /// [`Builder::keys`].
    keys: Vec<u16>,
    /// [`Builder::hints`].
    hints: Vec<Hint>,
    /// The "on" and the "off" potentials of [`reached`].
    reached: (Reached, Reached),
}

/// The hint that leads each set of removable candidates so far. SE keeps
/// only the first hint of each set in its order (rating, complexity, sort
/// key, order found), so a hint that cannot come before its set's leader
/// is dropped, its potentials counted only as far as that decides.
#[derive(Default)]
struct Leaders {
    /// Per key ([`removable_key`]), the index of its leading hint
    /// ([`u32::MAX`] for none).
    at: Vec<u32>,
    /// The keys set, to clear them after the search.
    set: Vec<u16>,
}

/// The order of a hint: SE's sort keys (the order found breaks ties).
fn order_of(h: &Hint) -> (u32, u32, u8) {
    (h.tenths, h.complexity, h.sort_key)
}

/// SE's sort key among hints of equal rating and complexity.
fn sort_key_of(kind: Kind, x: bool, y: bool) -> u8 {
    match kind {
        Kind::Double => 1,
        Kind::Cycle | Kind::Forcing if x && y => 4,
        Kind::Cycle | Kind::Forcing if y => 3,
        Kind::Cycle | Kind::Forcing => 2,
        Kind::Cell => 5,
        Kind::Region => 6,
        Kind::Contradiction => 7,
    }
}

/// The complexity of a hint so far: the potentials its branches rest on
/// and the nested chains they use.
#[derive(Default)]
struct Count {
    potentials: u32,
    nested: Vec<u32>,
}

/// A hint found, before it is counted and rated.
struct Found {
    kind: Kind,
    xy: (bool, bool),
    premise: Premise,
    conclusion: Pot,
    /// The candidates it removes.
    removable: Bits,
    /// Their [`removable_key`] ([`NO_KEY`] if none).
    key: u16,
}

/// Builds hints, computing each one's complexity and rating.
struct Builder<'a> {
    engine: &'a mut Engine,
    board: &'a Board,
    producer: Producer,
    hints: Vec<Hint>,
    /// The lowest rating found so far, in tenths.
    best: Option<u32>,
    /// Keep every hint (a nested producer's), not only the easiest.
    all: bool,
    /// The potential counts of the nodes counted so far.
    counts: Counts,
    /// Per hint, its [`removable_key`] ([`NO_KEY`] if none, or without
    /// the gates).
    keys: Vec<u16>,
    /// The leading hint of each key.
    leaders: Leaders,
    /// The buffers of [`reached`].
    reached: (Reached, Reached),
}

/// What is known of the number of potentials each node of a search rests
/// on ([`Arena::ancestors_within`]): a node is the conclusion of several
/// hints (its cell's, its houses', its binary chains), and its count is
/// the same each time. Kept only where the nodes use no nested chain (the
/// walk would collect them) and stay in the arena (cycles drop theirs).
struct Counts {
    /// Whether counts are kept.
    on: bool,
    /// The first node of the search.
    base: u32,
    /// Per node from `base`: 0 if unknown, `2n + 1` if it rests on `n`
    /// potentials, `2n` if on `n` or more.
    known: Vec<u32>,
}

impl Counts {
    /// [`Arena::ancestors_within`] of node `t` with cap `cap`, if known.
    fn get(&self, t: u32, cap: u32) -> Option<u32> {
        let k = *self.known.get(t.checked_sub(self.base)? as usize)?;
        let over = cap.saturating_add(1);
        match (k, k & 1) {
            (0, _) => None,
            (k, 1) => Some((k / 2).min(over)),
            // At least k / 2: a cap below that is passed.
            (k, _) => (k / 2 >= over).then_some(over),
        }
    }

    /// Records that [`Arena::ancestors_within`] of `t` with cap `cap` is `n`.
    fn set(&mut self, t: u32, cap: u32, n: u32) {
        // Nodes carried from an earlier position lie below the base.
        let Some(i) = t
            .checked_sub(self.base)
            .filter(|_| self.on && n < u32::MAX / 2)
        else {
            return;
        };
        let i = i as usize;
        if self.known.len() <= i {
            self.known.resize(i + 1, 0);
        }
        let k = &mut self.known[i];
        if n <= cap {
            *k = 2 * n + 1;
        } else if *k & 1 == 0 {
            *k = (*k).max(2 * n);
        }
    }
}

impl Builder<'_> {
    /// The largest complexity a hint of base `base` may have and still
    /// rate no higher than the best so far.
    fn bound(&self, base: u32) -> u32 {
        if self.all {
            return u32::MAX;
        }
        match self.best {
            Some(b) if b < base => 0,
            b => max_complexity(b.map(|b| b - base)),
        }
    }

    /// The key of a hint's removable set, if it has one (and the gates
    /// are on: without them every hint is kept and compared at the end).
    fn key(&self, removable: &Bits) -> u16 {
        if !gated() {
            return NO_KEY;
        }
        removable_key(self.board, removable).unwrap_or(NO_KEY)
    }

    /// The leading hint of `key` so far.
    fn leader(&self, key: u16) -> Option<&Hint> {
        let at = *self.leaders.at.get(usize::from(key))?;
        self.hints.get(at as usize)
    }

    /// The largest complexity `cap` of a hint of this shape (base rating
    /// `base`, sort key `s`) that may lead `key` (comes before its leader),
    /// capped by `cap`; `None` if none may.
    fn lead_cap(&self, key: u16, base: u32, s: u8, cap: u32) -> Option<u32> {
        let Some(g) = self.leader(key) else {
            return Some(cap);
        };
        if g.tenths < base {
            return None;
        }
        // A lower rating, or the same one with a lower complexity (or the
        // same and a lower sort key: found later, it needs one).
        let lower = (g.tenths > base).then(|| max_complexity(Some(g.tenths - base - 1)));
        let equal = if s < g.sort_key {
            Some(g.complexity)
        } else {
            g.complexity.checked_sub(1)
        };
        lower.max(equal).map(|c| c.min(cap))
    }

    /// The base rating in tenths of a hint of this shape.
    fn base(&self, kind: Kind, x: bool, y: bool) -> u32 {
        match (self.producer, kind) {
            (Producer::Cycles, Kind::Cycle) => {
                if x && y {
                    70
                } else {
                    65
                }
            }
            (Producer::Cycles, _) => {
                if x && y {
                    70
                } else {
                    66
                }
            }
            (p, _) => p.base_tenths(),
        }
    }

    /// What [`Builder::drop_unused`] needs to forget the nodes of the
    /// searches that follow: how many nodes and hints there are.
    fn keep(&self) -> (u32, usize) {
        (self.engine.arena.len(), self.hints.len())
    }

    /// Forgets the nodes added since `kept` if no hint was added with
    /// them, so that the arena stays small (and in cache) over the
    /// hundreds of searches of a position.
    fn drop_unused(&mut self, kept: (u32, usize)) {
        if self.hints.len() == kept.1 {
            self.engine.arena.truncate(kept.0);
        }
    }

    /// Adds a hint if it removes something.
    fn add(
        &mut self,
        kind: Kind,
        xy: (bool, bool),
        targets: &[u32],
        premise: Premise,
        conclusion: Pot,
    ) {
        let removable = if kind == Kind::Cycle {
            self.cycle_removable(targets[0])
        } else {
            removable_of(self.board, conclusion)
        };
        if is_empty(&removable) {
            return;
        }
        let base = self.base(kind, xy.0, xy.1);
        let key = self.key(&removable);
        let sort_key = sort_key_of(kind, xy.0, xy.1);
        let Some(cap) = self.lead_cap(key, base, sort_key, self.bound(base)) else {
            return;
        };
        let mut count = Count::default();
        for &t in targets {
            if !self.count(t, cap, &mut count) {
                return;
            }
        }
        let found = Found {
            kind,
            xy,
            premise,
            conclusion,
            removable,
            key,
        };
        self.push(found, targets, count);
    }

    /// Adds the multiple-chain hint whose branches (`branches`, each of
    /// which reached `conclusion`; the first at node `first`) conclude
    /// `conclusion`. The other branches' nodes are looked up only while
    /// the hint may still rate within the easiest band.
    fn add_branches(
        &mut self,
        kind: Kind,
        premise: Premise,
        conclusion: Pot,
        first: u32,
        branches: &[&Prop],
    ) {
        let removable = removable_of(self.board, conclusion);
        if is_empty(&removable) {
            return;
        }
        let base = self.base(kind, true, true);
        let key = self.key(&removable);
        let sort_key = sort_key_of(kind, true, true);
        let Some(cap) = self.lead_cap(key, base, sort_key, self.bound(base)) else {
            return;
        };
        let mut count = Count::default();
        let mut targets = [0u32; 9];
        for (i, prop) in branches.iter().enumerate() {
            let t = if i == 0 {
                first
            } else {
                node_in(self, prop, conclusion)
            };
            if !self.count(t, cap, &mut count) {
                return;
            }
            targets[i] = t;
        }
        let found = Found {
            kind,
            xy: (true, true),
            premise,
            conclusion,
            removable,
            key,
        };
        self.push(found, &targets[..branches.len()], count);
    }

    /// Adds the potentials `t` rests on to `count`; false once they pass
    /// `cap` (the hint would rate above the best so far).
    fn count(&mut self, t: u32, cap: u32, count: &mut Count) -> bool {
        let ids = &mut count.nested;
        let left = cap.saturating_sub(count.potentials);
        let n = match self.counts.get(t, left) {
            Some(n) => n,
            None => {
                let n = self.engine.arena.ancestors_within(t, left, |arena, n| {
                    let id = arena.nodes[n as usize].nested;
                    if id != NO_NESTED && !ids.contains(&id) {
                        ids.push(id);
                    }
                });
                self.counts.set(t, left, n);
                n
            }
        };
        count.potentials += n;
        n <= left
    }

    /// Rates and keeps a hint whose potentials are counted in `count`,
    /// unless it rates above the best so far or comes after its set's
    /// leader.
    fn push(&mut self, found: Found, targets: &[u32], count: Count) {
        let Found {
            kind,
            xy: (x, y),
            premise,
            conclusion,
            removable,
            key,
        } = found;
        let technique = self.producer.technique(kind, x, y);
        let complexity = count.potentials + self.nested_complexity(&count.nested);
        let base = self.base(kind, x, y);
        let sort_key = sort_key_of(kind, x, y);
        let place = (kind != Kind::Cycle && is_on(conclusion)).then_some(cand_of(conclusion));
        let tenths = base + bonus_tenths(complexity);
        if !self.all {
            if self.best.is_some_and(|b| tenths > b) {
                return;
            }
            self.best = Some(tenths);
            // One base for every hint of a multiple-chain producer, so the
            // cap follows the best rating down.
            if matches!(self.producer, Producer::Dynamic(_)) && gated() {
                self.engine.cap = Some(max_complexity(Some(tenths - base)));
            }
        }
        if key != NO_KEY {
            if self
                .leader(key)
                .is_some_and(|g| (tenths, complexity, sort_key) >= order_of(g))
            {
                return;
            }
            let at = &mut self.leaders.at[usize::from(key)];
            if *at == u32::MAX {
                self.leaders.set.push(key);
            }
            *at = self.hints.len() as u32;
        }
        self.keys.push(key);
        self.hints.push(Hint {
            technique,
            kind,
            removable,
            place,
            targets: targets.to_vec(),
            premise,
            complexity,
            tenths,
            sort_key,
        });
    }

    /// The complexity of the nested chains `ids` (SE counts equal nested
    /// chains once).
    fn nested_complexity(&self, ids: &[u32]) -> u32 {
        self.engine.nested.total_complexity(ids)
    }

    /// The candidates the loop closed at node `dst_on` removes.
    fn cycle_removable(&self, dst_on: u32) -> Bits {
        cycle_removable(&self.engine.arena, self.board, dst_on)
    }

    /// Sorts as SE does (rating, complexity, sort key, order found), keeps
    /// the easiest rating band and the first hint of each set of removable
    /// candidates.
    ///
    /// A keyed hint is kept if it still leads its key (the others of its
    /// set came after it); the few without a key are compared.
    fn finish(self) -> Vec<Hint> {
        let Builder {
            engine,
            mut hints,
            all,
            counts,
            mut keys,
            mut leaders,
            reached,
            ..
        } = self;
        let mut order: Vec<u32> = (0..hints.len() as u32)
            .filter(|&i| {
                let key = keys[i as usize];
                key == NO_KEY || leaders.at[usize::from(key)] == i
            })
            .collect();
        order.sort_unstable_by_key(|&i| (order_of(&hints[i as usize]), i));
        let band = order.first().map_or(0, |&i| hints[i as usize].tenths);
        let mut out: Vec<Hint> = Vec::with_capacity(order.len());
        let mut unkeyed: Vec<usize> = Vec::new();
        for i in order {
            let h = &mut hints[i as usize];
            if !all && h.tenths != band {
                break;
            }
            if keys[i as usize] == NO_KEY {
                if unkeyed.iter().any(|&j| out[j].removable == h.removable) {
                    continue;
                }
                unkeyed.push(out.len());
            }
            // Moves the hint out (its targets; the rest is copied).
            let targets = std::mem::take(&mut h.targets);
            out.push(Hint {
                targets,
                ..h.clone()
            });
        }
        for &key in &leaders.set {
            leaders.at[usize::from(key)] = u32::MAX;
        }
        leaders.set.clear();
        hints.clear();
        keys.clear();
        engine.cap = None;
        engine.scratch = Scratch {
            leaders,
            known: counts.known,
            keys,
            hints,
            reached,
        };
        out
    }
}

/// SE's `createCycleHint`: the candidates outside the loop that see a
/// node "on" and a node "off" of their digit.
pub(super) fn cycle_removable(arena: &Arena, board: &Board, dst_on: u32) -> Bits {
    let path = arena.main_path(dst_on);
    loop_removable(board, path[1..].iter().map(|&n| arena.pot(n)))
}

/// The candidates outside a loop (its potentials `pots`, each once) that
/// see a potential "on" and one "off" of their digit: what the loop
/// removes, whether traced ([`cycle_removable`]) or replayed
/// ([`super::probe`]).
pub(super) fn loop_removable(board: &Board, pots: impl Iterator<Item = Pot> + Clone) -> Bits {
    let loop_cells = pots
        .clone()
        .fold(0u128, |m, p| m | 1u128 << cell_of(cand_of(p)));
    let (mut fwd, mut back) = ([0u128; 9], [0u128; 9]);
    for p in pots {
        let c = cand_of(p);
        let (cell, d) = (cell_of(c), digit_of(c));
        let seen = PEER_BITS[cell] & board.digits[d] & !loop_cells;
        if is_on(p) {
            fwd[d] |= seen;
        } else {
            back[d] |= seen;
        }
    }
    std::array::from_fn(|d| fwd[d] & back[d])
}

/// The hints of `producer` on `board` in the easiest rating band, sorted
/// and filtered as SE does.
pub(super) fn hints(engine: &mut Engine, board: &Board, producer: Producer) -> Vec<Hint> {
    super::budget::reset();
    search(engine, board, producer, false)
}

/// Every hint of `producer` on `board`, sorted as SE does, one per set of
/// removable candidates (what a nested producer hands its caller).
pub(super) fn all_hints(engine: &mut Engine, board: &Board, producer: Producer) -> Vec<Hint> {
    search(engine, board, producer, true)
}

/// The search of [`hints`] (`all` false) or [`all_hints`].
fn search(engine: &mut Engine, board: &Board, producer: Producer, all: bool) -> Vec<Hint> {
    let base = engine.arena.len();
    let mut scratch = std::mem::take(&mut engine.scratch);
    if scratch.leaders.at.len() < 1458 {
        scratch.leaders.at.resize(1458, u32::MAX);
    }
    scratch.known.clear();
    engine.cap = None;
    let mut builder = Builder {
        engine,
        board,
        producer,
        hints: scratch.hints,
        best: None,
        all,
        counts: Counts {
            on: gated() && !matches!(producer, Producer::Cycles | Producer::Dynamic(2..)),
            base,
            known: scratch.known,
        },
        keys: scratch.keys,
        leaders: scratch.leaders,
        reached: scratch.reached,
    };
    match producer {
        // Without a premise from which a static chain may reach the
        // opposite there is no cycle either.
        Producer::Cycles
            if gated()
                && (fast::known_barren(board) || all && fast::barren_by_new_links(board)) => {}
        Producer::Cycles => {
            let reach = StaticReach::of(board);
            let able = reach.able(board);
            if !able.is_empty() {
                cycles_producer(&mut builder, &reach, &able);
            } else if !all {
                // A walk's board: the nested searches reduce it.
                fast::note_barren(board, &reach);
            }
        }
        Producer::Nishio => nishio(&mut builder),
        _ => multiple(&mut builder),
    }
    builder.finish()
}

/// The length of the shortest forcing chain from each premise that may
/// rate in the easiest band, per pass (X, XY), measured on bitboards; the
/// best rating so far drops to the easiest chain's. `able` holds the
/// candidates whose "on" (or "off") statically forces its opposite, with
/// which of the two does.
fn distances(
    b: &mut Builder,
    able: &[(Cand, bool, bool)],
    links: &StrongLinks,
    forcing: &mut Forcing,
) {
    for (pass, y, base) in [(0, false, 66), (2, true, 70)] {
        for &(c, killable, placeable) in able {
            for (on, able) in [(true, killable), (false, placeable)] {
                let max = b.bound(base).saturating_sub(1);
                if !able || max == 0 {
                    continue;
                }
                if let Some(n) = links.forcing_distance(b.board, c, on, y, max) {
                    let tenths = base + bonus_tenths(n + 1);
                    b.best = Some(b.best.map_or(tenths, |t| t.min(tenths)));
                    forcing.links[Forcing::at(pass, pot(c, on))] = n;
                }
            }
        }
    }
}

/// The lengths in links of the forcing chains found by their length, per
/// premise, for the X pass and the XY pass ([`NO_CHAIN`] where none).
struct Forcing {
    links: Vec<u32>,
}

/// No forcing chain short enough from a premise.
const NO_CHAIN: u32 = u32::MAX;

impl Forcing {
    /// Where the length of the chain from `root` in `pass` (0 or 2) is.
    fn at(pass: usize, root: Pot) -> usize {
        pass / 2 * 1458 + usize::from(root)
    }
}

/// SE's three passes (X links, Y links, both) of cycles and forcing
/// chains. Forcing chains are SE's layered searches, so their length is the
/// distance from the premise to its opposite: measured on bitboards first,
/// it bounds every search, and only chains in the easiest band are traced.
fn cycles_producer(b: &mut Builder, reach: &StaticReach, able: &[(Cand, bool, bool)]) {
    let mut gate = CycleGate::new(reach);
    let mut probe = CycleProbe::default();
    let links = &reach.links;
    let mut forcing = Forcing {
        links: vec![NO_CHAIN; 2 * 1458],
    };
    distances(b, able, links, &mut forcing);
    for (pass, (y, x)) in [(false, true), (true, false), (true, true)]
        .into_iter()
        .enumerate()
    {
        // Loops and chains with both kinds of links rate 7.0 and up.
        if !b.all && x && y && b.best.is_some_and(|t| t < 70) {
            break;
        }
        let live = links.live(b.board, y, x);
        let mut pass = Pass {
            reach,
            gate: &mut gate,
            forcing: &forcing,
            live: &live,
            index: pass,
            probe: &mut probe,
        };
        loops(b, &mut pass, y, x);
    }
}

/// What [`loops`] needs of [`cycles_producer`] for one pass.
struct Pass<'a> {
    reach: &'a StaticReach,
    gate: &'a mut CycleGate,
    forcing: &'a Forcing,
    /// The candidates whose "off" has a strong link of the pass.
    live: &'a Bits,
    /// 0 (X), 1 (Y) or 2 (XY).
    index: usize,
    /// The untraced replay of the cycle searches.
    probe: &'a mut CycleProbe,
}

/// SE's `getLoopHintList` for one pass: cycles, then (with X links)
/// forcing chains, from every candidate that may start one.
fn loops(b: &mut Builder, pass: &mut Pass, y: bool, x: bool) {
    let reach = pass.reach;
    let gated = GATED.with(|g| g.get());
    let (cycle_base, chain_base) = if x && y { (70, 70) } else { (65, 66) };
    for cell in 0..81 {
        let set = b.board.cells[cell];
        if b.board.empty >> cell & 1 == 0 || set.count_ones() < 2 {
            continue;
        }
        if set.count_ones() > 2 && !x {
            continue;
        }
        for d in digits(set) {
            let c = cand(cell, d);
            let on = pot(c, true);
            let looped = reach.looped[d] >> cell & 1 == 1;
            // Cycles that remove nothing would be dropped by `add`.
            let useful = looped && (!gated || pass.gate.may_remove(b.board, reach, c, y, x));
            let max = b.bound(cycle_base);
            // The traced search runs only where a loop removes something.
            if useful && (!gated || pass.probe.may_remove(b.board, on, (y, x), max, pass.live)) {
                let kept = b.keep();
                for t in b.engine.cycles(b.board, on, (y, x), max, pass.live) {
                    b.add(Kind::Cycle, (x, y), &[t], Premise::Potential(on), on);
                }
                b.drop_unused(kept);
            }
            if !x {
                continue;
            }
            for root in [on, on ^ 1] {
                let links = pass.forcing.links[Forcing::at(pass.index, root)];
                if links == NO_CHAIN || links + 1 > b.bound(chain_base) {
                    continue;
                }
                let kept = b.keep();
                if let Some(t) = b.engine.forcing(b.board, root, y, links + 1, pass.live) {
                    let p = b.engine.arena.pot(t);
                    b.add(Kind::Forcing, (x, y), &[t], Premise::Potential(root), p);
                }
                b.drop_unused(kept);
            }
        }
    }
}

/// The "on" propagations of a position, computed once each. A slot per
/// candidate (rather than an `Option<Prop>` per candidate) keeps the table
/// small: nested searches build one per propagation.
struct OnProps {
    /// Per candidate, where its propagation is in `list` ([`u32::MAX`]
    /// while not computed).
    slot: [u32; 729],
    list: Vec<Prop>,
}

impl OnProps {
    /// No propagation yet; `list` is an empty list to reuse.
    fn new(list: Vec<Prop>) -> OnProps {
        OnProps {
            slot: [u32::MAX; 729],
            list,
        }
    }

    /// The index in `list` of the propagation of `c` on.
    fn get(&mut self, b: &mut Builder, c: Cand) -> usize {
        let at = &mut self.slot[usize::from(c)];
        if *at == u32::MAX {
            *at = self.list.len() as u32;
            let prop = b.engine.propagate(b.board, pot(c, true), b.producer.mode());
            self.list.push(prop);
        }
        *at as usize
    }
}

/// The node of potential `p` in a propagation.
fn node_in(b: &Builder, prop: &Prop, p: Pot) -> u32 {
    b.engine
        .arena
        .find(prop.range.clone(), p)
        .expect("the potential was reached")
}

/// The potentials of a propagation that are in `common`, with their nodes,
/// in the order SE's sets hold them: the "on" ones, then the "off" ones
/// (without the node of a contradiction). Returns the builder's buffer:
/// give it back ([`Builder::reached`]) once read.
fn reached(b: &mut Builder, prop: &Prop, common: &PotSet) -> Reached {
    let mut end = prop.range.end;
    if prop.absurd.is_some() {
        end -= 1;
    }
    let mut on = std::mem::take(&mut b.reached.0);
    let off = &mut b.reached.1;
    on.clear();
    off.clear();
    for n in prop.range.start..end {
        let p = b.engine.arena.pot(n);
        if common.contains(p) {
            if is_on(p) {
                on.push((p, n));
            } else {
                off.push((p, n));
            }
        }
    }
    on.append(off);
    on
}

/// SE's `getMultipleChainsHintList`: contradiction, double, region and cell
/// forcing chains from every cell.
fn multiple(b: &mut Builder) {
    let mode = b.producer.mode();
    let multiple = matches!(b.producer, Producer::Multiple | Producer::Dynamic(_));
    let mut props = OnProps::new(std::mem::take(&mut b.engine.spare_props));
    // See `OffBound`: the "on" propagations of a cell bound its "off" ones.
    let bounded = mode.dynamic && !mode.nishio && GATED.with(|g| g.get());
    let mut gate = (b.producer == Producer::Multiple && GATED.with(|g| g.get()))
        .then(|| StaticGate::new(b.board));
    for cell in 0..81 {
        if super::budget::exhausted() {
            break;
        }
        let set = b.board.cells[cell];
        let card = set.count_ones();
        if b.board.empty >> cell & 1 == 0 || !(card > 2 || (card > 1 && mode.dynamic)) {
            continue;
        }
        let cell_hints = !mode.nishio && (card == 2 || multiple);
        if let Some(gate) = gate.as_mut() {
            let regions_may = digits(set).any(|d| {
                region_houses(b, cell, d, multiple).any(|h| gate.region_may_meet(b.board, d, h))
            });
            let may = regions_may || (cell_hints && gate.cell_may_meet(b.board, cell));
            if !may {
                continue; // no hint can come from this cell
            }
        }
        let mut per_value = [0usize; 9];
        if bounded {
            // Run first (the hints still come in SE's order).
            for (i, d) in digits(set).enumerate() {
                per_value[i] = props.get(b, cand(cell, d));
            }
        }
        let per_value = &mut per_value[..card as usize];
        let bound = bounded.then(|| OffBound::new(&props.list, per_value, card >= 3));
        for (i, d) in digits(set).enumerate() {
            let c = cand(cell, d);
            let on = props.get(b, c);
            let skip_off = bound
                .as_ref()
                .is_some_and(|bound| bound.barren(&props.list[on]));
            binary(b, &props.list[on], c, card, mode, skip_off);
            if !mode.nishio {
                regions(b, &mut props, on, cell, d, multiple);
            }
            per_value[i] = on;
        }
        if cell_hints {
            let (refs, n) = props_at(&props.list, per_value);
            cell_chains(b, &refs[..n], cell);
        }
    }
    props.list.clear();
    b.engine.spare_props = props.list;
}

/// What the dynamic "on" propagations of a cell's candidates say of their
/// "off" ones.
///
/// What such a propagation reaches without a contradiction is the fixpoint
/// of its links (each is followed whatever the order; see
/// `closure::tests`), and it meets a contradiction exactly when that
/// fixpoint has one. Another candidate of the cell "on" turns this one
/// off, so its fixpoint holds this one's "off" fixpoint: when it meets no
/// contradiction, neither does the "off" propagation, which reaches only
/// potentials of the other one's set. So a candidate's "off" propagation
/// reaches at most the intersection of the other candidates' consistent
/// "on" sets, and gives nothing when that meets nothing of its own "on"
/// set (a double chain needs a potential of both).
///
/// The nested levels add, where a propagation stalls, what the rules and
/// nested chains find on the candidates left; their sets are fixpoints
/// too, as long as the propagation went on to its end (the cap and the
/// work bound can stop it sooner: [`Prop::complete`]). Where the other
/// candidate's propagation ended, on a board `F` on which no rule and no
/// nested producer finds anything, whatever a rule or a nested chain finds
/// on a larger board of the "off" propagation is found on `F` as well, or
/// is already there: a link of the larger board between candidates that
/// `F` still has is a link of `F`, and a chain that meets a candidate `F`
/// lost or holds "on" (alone in its cell, its peers gone) goes on, from
/// that node, only through what `F` already has. So the bound holds for
/// the nested levels with the complete sets alone (tests run the "off"
/// propagations it skips and check that they give nothing).
struct OffBound {
    /// How many of the cell's "on" propagations meet no contradiction and
    /// went on to their end.
    consistent: usize,
    /// Their intersection (computed only for double chains).
    common: PotSet,
    /// Whether double chains are sought (three candidates or more).
    double: bool,
}

impl OffBound {
    /// The bound of a cell whose candidates' "on" propagations are at
    /// `per_value` in `list`.
    fn new(list: &[Prop], per_value: &[usize], double: bool) -> OffBound {
        let mut consistent = per_value.iter().filter(|&&at| bounds(&list[at]));
        let count = consistent.clone().count();
        let mut common = consistent
            .next()
            .map_or_else(PotSet::default, |&at| list[at].set);
        if double {
            for &at in consistent {
                common.and_assign(&list[at].set);
            }
        }
        OffBound {
            consistent: count,
            common,
            double,
        }
    }

    /// Whether the "off" propagation of the candidate whose "on" one is
    /// `on` is known to give no hint: it meets no contradiction (another
    /// candidate's "on" propagation meets none) and, with double chains,
    /// reaches nothing of `on`'s set.
    ///
    /// For an `on` that bounds, what it shares with the others'
    /// intersection is the intersection of all; for another, the others
    /// are all those that bound.
    fn barren(&self, on: &Prop) -> bool {
        let own = bounds(on);
        let others = self.consistent - usize::from(own);
        if others == 0 {
            return false;
        }
        if !self.double {
            return true;
        }
        if own {
            self.common.is_empty()
        } else {
            on.set.and(&self.common).is_empty()
        }
    }
}

/// Whether an "on" propagation's set bounds the "off" propagations of its
/// cellmates: it met no contradiction and went on to its end.
fn bounds(prop: &Prop) -> bool {
    prop.absurd.is_none() && prop.complete
}

thread_local! {
    /// Whether the gates of [`super::gate`] are used (tests compare the
    /// search with and without them).
    static GATED: std::cell::Cell<bool> = const { std::cell::Cell::new(true) };
}

/// Whether the gates (and the memory of nested searches) are on.
pub(super) fn gated() -> bool {
    GATED.with(|g| g.get())
}

#[cfg(test)]
thread_local! {
    /// Tests: whether the "off" propagations that [`OffBound`] skips are
    /// run all the same, how many were at the nested levels, and how many
    /// at any level would have given a hint (there must be none).
    pub(super) static OFF_AUDIT: std::cell::Cell<(bool, usize, usize)> =
        const { std::cell::Cell::new((false, 0, 0)) };
}

/// Runs `f` with the gates off: the full search, for comparison.
#[cfg(test)]
pub(super) fn ungated<T>(f: impl FnOnce() -> T) -> T {
    GATED.with(|g| g.set(false));
    let out = f();
    GATED.with(|g| g.set(true));
    out
}

/// SE's `getMultipleChainsHintList` for Nishio: contradictions from each
/// candidate of every cell with two candidates or more, on and off (SE's
/// `doBinaryChaining` without double chains). With the gates, the digits
/// known to meet no contradiction ([`clean`]) are left out, and the digits
/// found so are recorded.
fn nishio(b: &mut Builder) {
    let gated = gated();
    let premises = clean::premise_cells(b.board);
    let known = if gated {
        clean::clean_digits(b.board, premises)
    } else {
        0
    };
    let mut absurd = 0u16;
    for cell in super::board::cells(premises) {
        if super::budget::exhausted() {
            return; // the premises left are unknown
        }
        absurd |= nishio_cell(b, cell, known, gated);
    }
    if gated {
        clean::note_clean(b.board, premises, !known & !absurd);
    }
}

/// Nishio's search for one cell (its digits in `skip` left out), each
/// premise propagated only where a contradiction may show when `gated`;
/// returns the digits where one showed.
fn nishio_cell(b: &mut Builder, cell: usize, skip: u16, gated: bool) -> u16 {
    let mode = b.producer.mode();
    let mut absurd = 0u16;
    for d in digits(b.board.cells[cell] & !skip) {
        let c = cand(cell, d);
        for on in [true, false] {
            if gated && !nishio_may_contradict(b.board, c, on) {
                continue;
            }
            let p = pot(c, on);
            let prop = b.engine.propagate(b.board, p, mode);
            if let Some((a, z)) = prop.absurd {
                absurd |= 1 << d;
                let premise = Premise::Potential(p);
                b.add(Kind::Contradiction, (true, true), &[a, z], premise, p ^ 1);
            }
        }
    }
    absurd
}

/// The houses where `cell` starts SE's region chains of digit `d`: it is
/// the digit's first place there, and the digit has two places (or more,
/// for the multiple producers).
fn region_houses<'a>(
    b: &'a Builder,
    cell: usize,
    d: usize,
    multiple: bool,
) -> impl Iterator<Item = usize> + 'a {
    se_houses(cell).into_iter().filter_map(move |(_, h)| {
        let places = b.board.positions(d, h);
        let n = places.count_ones();
        let first = places.trailing_zeros() as usize == cell;
        (first && (n == 2 || (multiple && n > 2))).then_some(h)
    })
}

/// SE's `doBinaryChaining`: contradictions from the candidate on and off,
/// and conclusions both share. With `skip_off` ([`OffBound::barren`]),
/// the "off" propagation is known to give nothing and is not run.
fn binary(b: &mut Builder, on: &Prop, c: Cand, card: u32, mode: Mode, skip_off: bool) {
    let double = card >= 3 && !mode.nishio && mode.dynamic;
    let contradiction = mode.dynamic || mode.nishio;
    if !double && !contradiction {
        return;
    }
    let p_on = pot(c, true);
    if let (true, Some((a, z))) = (contradiction, on.absurd) {
        b.add(
            Kind::Contradiction,
            (true, true),
            &[a, z],
            Premise::Potential(p_on),
            p_on ^ 1,
        );
    }
    if skip_off {
        #[cfg(test)]
        if OFF_AUDIT.with(|a| a.get().0) {
            let off = b.engine.propagate(b.board, p_on ^ 1, mode);
            let gives = off.absurd.is_some() || (double && !on.set.and(&off.set).is_empty());
            OFF_AUDIT.with(|a| {
                let (on, skipped, wrong) = a.get();
                let nested = usize::from(mode.level > 0);
                a.set((on, skipped + nested, wrong + usize::from(gives)));
            });
            return;
        }
        // Where SE runs it (at the nested levels, without the nested
        // searches it would run: the work bound counts what is done).
        super::budget::spend();
        return;
    }
    let off = b.engine.propagate(b.board, p_on ^ 1, mode);
    if let (true, Some((a, z))) = (contradiction, off.absurd) {
        b.add(
            Kind::Contradiction,
            (true, true),
            &[a, z],
            Premise::Potential(p_on ^ 1),
            p_on,
        );
    }
    if double {
        let common = on.set.and(&off.set);
        if common.is_empty() {
            return;
        }
        let found = reached(b, on, &common);
        for &(p, t1) in &found {
            // SE names the premise by the state of the conclusion.
            let premise = if is_on(p) { p_on } else { p_on ^ 1 };
            let premise = Premise::Potential(premise);
            b.add_branches(Kind::Double, premise, p, t1, &[on, &off]);
        }
        b.reached.0 = found;
    }
}

/// SE's `doRegionChainings`: for each house of the cell where it is the
/// first place of the digit, what every place of the digit there forces.
fn regions(b: &mut Builder, props: &mut OnProps, on: usize, cell: usize, d: usize, multiple: bool) {
    let (mut houses, mut count) = ([0usize; 3], 0);
    for h in region_houses(b, cell, d, multiple) {
        houses[count] = h;
        count += 1;
    }
    for &h in &houses[..count] {
        let places = b.board.positions(d, h);
        let (mut at, mut n) = ([on; 9], 1);
        let mut common: PotSet = props.list[on].set;
        for other in super::board::cells(places & !(1u128 << cell)) {
            let prop = props.get(b, cand(other, d));
            common.and_assign(&props.list[prop].set);
            at[n] = prop;
            n += 1;
        }
        if common.is_empty() {
            continue;
        }
        let (refs, n) = props_at(&props.list, &at[..n]);
        let branches = &refs[..n];
        let found = reached(b, branches[0], &common);
        for &(p, t) in &found {
            b.add_branches(Kind::Region, Premise::House(h, d), p, t, branches);
        }
        b.reached.0 = found;
    }
}

/// The propagations at `at` (indices into `list`, at most 9): the first
/// `n` references of the array returned with `n`.
fn props_at<'a>(list: &'a [Prop], at: &[usize]) -> ([&'a Prop; 9], usize) {
    let refs = std::array::from_fn(|i| &list[at[i.min(at.len() - 1)]]);
    (refs, at.len())
}

/// SE's cell reduction: what every candidate of the cell forces.
fn cell_chains(b: &mut Builder, per_value: &[&Prop], cell: usize) {
    let mut common = per_value[0].set;
    for prop in &per_value[1..] {
        common = common.and(&prop.set);
    }
    if common.is_empty() {
        return;
    }
    let found = reached(b, per_value[0], &common);
    for &(p, t) in &found {
        b.add_branches(Kind::Cell, Premise::Cell(cell), p, t, per_value);
    }
    b.reached.0 = found;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::solver::Position;
    use crate::logic::soundness::sample;

    /// Two conclusions' removable sets have equal keys exactly when the
    /// sets are equal, and a set has a key whenever a conclusion removes it.
    #[test]
    fn removable_keys_tell_sets_apart() {
        let mut keyed = 0;
        for puzzle in &sample("top1465_200.txt")[..20] {
            let pos = Position::new(puzzle);
            let board = Board::new(&pos.grid, &pos.candidates);
            let sets: Vec<Bits> = (0..1458u16)
                .filter(|&p| board.has(cand_of(p)))
                .map(|p| removable_of(&board, p))
                .filter(|r| !is_empty(r))
                .collect();
            for a in &sets {
                let ka = removable_key(&board, a).expect("a conclusion's set has a key");
                for b in &sets {
                    assert_eq!(Some(ka) == removable_key(&board, b), a == b);
                }
                keyed += 1;
            }
            // Sets no conclusion removes: two cells, or most of a cell.
            let two = sets
                .iter()
                .find(|r| r.iter().map(|m| m.count_ones()).sum::<u32>() == 1);
            if let Some(r) = two {
                let mut both = *r;
                let other = (0..81).find(|&c| {
                    board.cells[c].count_ones() > 1 && {
                        let d = board.cells[c].trailing_zeros() as usize;
                        r[d] >> c & 1 == 0
                    }
                });
                if let Some(c) = other {
                    both[board.cells[c].trailing_zeros() as usize] |= 1u128 << c;
                    assert_eq!(removable_key(&board, &both), None);
                }
            }
        }
        assert!(keyed > 1000, "{keyed} sets");
    }
}
