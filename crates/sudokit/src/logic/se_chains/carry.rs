//! Plain propagations carried from one walk position to the next.
//!
//! A walk asks the same producers (Nishio, multiple and dynamic forcing
//! chains) on position after position, and each position is the one before
//! with a few candidates gone. Most of a producer's level-0 propagations
//! never come near those candidates, and such a propagation is, node for
//! node, the one it was: so it is read where it is in the engine's arena
//! instead of being run again.
//!
//! When is a propagation of board `B` the same on a board `S` that only
//! lost candidates (`Δ = B − S`)? A *unit* (a cell, or a digit in a house)
//! is *changed* when it lost a candidate. A propagation can only differ
//! where a changed unit gives (or stops giving) an "on" potential, since
//! an "on" potential comes from a unit with one candidate left and every
//! parent read at an unchanged unit is the same on both boards. So the
//! propagation from `B` is replayed on `S` when no changed unit can give
//! one ([`Diff::affects`]):
//!
//! - dynamic propagations read the board as it shrinks: a changed unit
//!   cannot give an "on" potential while at least two of its candidates
//!   on `S` are never turned off (a unit left with none on `S` has no node
//!   at all on `S`, and must have none "on" on `B`);
//! - static ones read the board as it is: a changed unit gives one only if
//!   it has two candidates on `B` or on `S` and the propagation turns one
//!   of them off.
//!
//! Then the propagation on `S` meets the nodes of the one on `B` in the
//! same order with the same parents, less the "off" nodes of `Δ`, which no
//! node rests on. Those stay among the nodes (harmless: the producers read
//! a propagation's nodes through its set of potentials, which drops them).
//! A propagation that met a contradiction is not carried.

use super::board::{Board, Pot, PotSet};
use super::chaining::{Mode, Prop};
use super::net::Arena;
use crate::logic::single_digit::HOUSE_BITS;

/// The kinds of propagation that are carried, one table each.
const KINDS: usize = 3;

/// The table of a mode: static, Nishio or dynamic.
fn kind_of(mode: Mode) -> usize {
    match (mode.dynamic, mode.nishio) {
        (false, _) => 0,
        (true, true) => 1,
        (true, false) => 2,
    }
}

/// One propagation of a position: where its nodes are and what it reached.
struct Record {
    start: u32,
    end: u32,
    set: PotSet,
}

/// The propagations made on one position, per kind and premise.
#[derive(Default)]
struct Records {
    list: Vec<Record>,
    /// Per kind and potential, the index in `list` ([`u32::MAX`]: none).
    slot: Vec<u32>,
    /// The slots set, to clear them.
    used: Vec<u32>,
}

impl Records {
    fn clear(&mut self) {
        for &s in &self.used {
            self.slot[s as usize] = u32::MAX;
        }
        self.used.clear();
        self.list.clear();
    }

    fn get(&self, kind: usize, root: Pot) -> Option<&Record> {
        let at = *self.slot.get(kind * 1458 + usize::from(root))?;
        self.list.get(at as usize)
    }

    fn insert(&mut self, kind: usize, root: Pot, record: Record) {
        if self.slot.is_empty() {
            self.slot = vec![u32::MAX; KINDS * 1458];
        }
        let s = kind * 1458 + usize::from(root);
        if self.slot[s] == u32::MAX {
            self.used.push(s as u32);
        }
        self.slot[s] = self.list.len() as u32;
        self.list.push(record);
    }
}

/// The units a position changed from the carried one.
#[derive(Default)]
struct Diff {
    /// The changed cells: cell, candidates on `S`, on `B`.
    cells: Vec<(usize, u16, u16)>,
    /// The changed digits of houses: house, digit, places on `S`, on `B`.
    houses: Vec<(usize, usize, u128, u128)>,
}

impl Diff {
    /// The changes from `old` to `new`, or `None` if `new` is not `old`
    /// with candidates removed.
    fn between(old: &Board, new: &Board) -> Option<Diff> {
        if (0..81).any(|x| new.cells[x] & !old.cells[x] != 0) {
            return None;
        }
        let mut diff = Diff::default();
        for x in 0..81 {
            if new.cells[x] != old.cells[x] {
                diff.cells.push((x, new.cells[x], old.cells[x]));
            }
        }
        for d in 0..9 {
            if new.digits[d] == old.digits[d] {
                continue;
            }
            for (h, &mask) in HOUSE_BITS.iter().enumerate() {
                let (s, b) = (new.digits[d] & mask, old.digits[d] & mask);
                if s != b {
                    diff.houses.push((h, d, s, b));
                }
            }
        }
        Some(diff)
    }

    /// Whether a propagation of `mode` that reached `set` on the old board
    /// may differ on the new one (see the module doc).
    fn affects(&self, set: &PotSet, mode: Mode) -> bool {
        let cells = !mode.nishio;
        if mode.dynamic {
            let cell_gives = |&(x, s, _): &(usize, u16, u16)| {
                let bit = 1u128 << x;
                if s == 0 {
                    return (0..9).any(|d| set.on[d] & bit != 0);
                }
                let left = super::board::digits(s).filter(|&d| set.off[d] & bit == 0);
                left.take(2).count() < 2
            };
            let house_gives = |&(h, d, s, _): &(usize, usize, u128, u128)| {
                if s == 0 {
                    return set.on[d] & HOUSE_BITS[h] != 0;
                }
                (s & !set.off[d]).count_ones() < 2
            };
            return cells && self.cells.iter().any(cell_gives)
                || self.houses.iter().any(house_gives);
        }
        let cell_gives = |&(x, s, b): &(usize, u16, u16)| {
            let off = (0..9).any(|d| set.off[d] >> x & 1 == 1);
            off && (s.count_ones() == 2 || b.count_ones() == 2)
        };
        let house_gives = |&(h, d, s, b): &(usize, usize, u128, u128)| {
            set.off[d] & HOUSE_BITS[h] != 0 && (s.count_ones() == 2 || b.count_ones() == 2)
        };
        cells && self.cells.iter().any(cell_gives) || self.houses.iter().any(house_gives)
    }
}

/// A past position whose propagations are carried: for each kind, the
/// last position that made propagations of that kind.
struct Kept {
    board: Board,
    records: Records,
    /// The kinds it is the last position of (bit per kind).
    kinds: u8,
    /// The changes from it to the position followed (`None` inside: not
    /// a reduction of it), once asked.
    diff: Option<Option<Diff>>,
}

/// How many nodes the arena may hold before a new position moves the
/// carried propagations into an empty one (16 bytes a node; tests move
/// them often).
const ARENA_LIMIT: u32 = if cfg!(test) { 1 << 12 } else { 1 << 16 };

/// The carried propagations of an engine that follows a walk. Their nodes
/// stay where they are in the engine's arena (a carried propagation costs
/// no copy): a new position keeps the arena while it holds carried nodes,
/// and moves those into a fresh arena once it grows past [`ARENA_LIMIT`].
#[derive(Default)]
pub(super) struct Carry {
    /// The position the engine is on; `None` for an engine that does not
    /// carry (the engines of nested searches, which hop between boards).
    position: Option<Board>,
    current: Records,
    /// The kinds of the propagations in `current` (bit per kind).
    kinds: u8,
    /// The past positions carried (at most one per kind).
    kept: Vec<Kept>,
    /// Emptied records, and an emptied arena, to reuse.
    spare: (Vec<Records>, Arena),
    /// How many propagations were carried (tests check that some are).
    #[cfg(test)]
    carried: usize,
}

impl Carry {
    /// Stops carrying (the engine leaves the walk).
    pub(super) fn stop(&mut self) {
        self.position = None;
        self.current.clear();
        self.kinds = 0;
        for mut kept in self.kept.drain(..) {
            kept.records.clear();
            self.spare.0.push(kept.records);
        }
    }

    /// Moves to the position `board`; `arena` holds the nodes of the
    /// position left (and of the propagations carried).
    pub(super) fn start(&mut self, board: &Board, arena: &mut Arena) {
        if let (Some(old), true) = (self.position, self.kinds != 0) {
            for kept in &mut self.kept {
                kept.kinds &= !self.kinds;
            }
            let mut records = self.spare.0.pop().unwrap_or_default();
            std::mem::swap(&mut records, &mut self.current);
            self.kept.push(Kept {
                board: old,
                records,
                kinds: self.kinds,
                diff: None,
            });
            self.kinds = 0;
        }
        let mut i = 0;
        while i < self.kept.len() {
            if self.kept[i].kinds == 0 {
                let mut gone = self.kept.swap_remove(i);
                gone.records.clear();
                self.spare.0.push(gone.records);
            } else {
                self.kept[i].diff = None;
                i += 1;
            }
        }
        if self.kept.is_empty() {
            arena.clear();
        } else if arena.len() > ARENA_LIMIT {
            self.compact(arena);
        }
        self.position = Some(*board);
    }

    /// Moves the carried propagations' nodes into an empty arena.
    fn compact(&mut self, arena: &mut Arena) {
        let fresh = &mut self.spare.1;
        fresh.clear();
        for kept in &mut self.kept {
            for record in &mut kept.records.list {
                let range = fresh.copy_from(arena, record.start..record.end);
                (record.start, record.end) = (range.start, range.end);
            }
        }
        std::mem::swap(fresh, arena);
        fresh.clear();
    }

    /// How many propagations were carried from past positions.
    #[cfg(test)]
    pub(super) fn carried(&self) -> usize {
        self.carried
    }

    /// Whether `board` is the position followed.
    fn on(&self, board: &Board) -> bool {
        self.position.as_ref() == Some(board)
    }

    /// The propagation from `root` in `mode` on `board`, from a past
    /// position if it is the same there (its nodes are in the arena).
    pub(super) fn reuse(&mut self, board: &Board, root: Pot, mode: Mode) -> Option<Prop> {
        if mode.level != 0 || !self.on(board) {
            return None;
        }
        let kind = kind_of(mode);
        let kept = self.kept.iter_mut().find(|k| k.kinds >> kind & 1 == 1)?;
        let record = kept.records.get(kind, root)?;
        let old = &kept.board;
        let diff = kept.diff.get_or_insert_with(|| Diff::between(old, board));
        if diff.as_ref()?.affects(&record.set, mode) {
            return None;
        }
        let mut set = record.set;
        for d in 0..9 {
            set.off[d] &= board.digits[d];
        }
        let range = record.start..record.end;
        #[cfg(test)]
        {
            self.carried += 1;
        }
        let prop = Prop {
            range,
            set,
            absurd: None,
            complete: true,
        };
        self.record(board, root, mode, &prop);
        Some(prop)
    }

    /// Notes a propagation made on `board` (if it is the position
    /// followed), to carry it to the next one.
    pub(super) fn record(&mut self, board: &Board, root: Pot, mode: Mode, prop: &Prop) {
        if mode.level != 0 || prop.absurd.is_some() || !self.on(board) {
            return;
        }
        let record = Record {
            start: prop.range.start,
            end: prop.range.end,
            set: prop.set,
        };
        let kind = kind_of(mode);
        self.kinds |= 1 << kind;
        self.current.insert(kind, root, record);
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::{Board, Pot, cand, cand_of, cell_of, digit_of, is_on, pot};
    use super::super::chaining::{Engine, Mode, Prop};
    use super::super::net::Cause;
    use super::super::producers::{self, Producer};
    use crate::logic::solver::Position;

    /// The modes whose propagations are carried.
    const MODES: [Mode; 3] = [
        Mode {
            nishio: false,
            dynamic: false,
            level: 0,
        },
        Mode {
            nishio: true,
            dynamic: true,
            level: 0,
        },
        Mode {
            nishio: false,
            dynamic: true,
            level: 0,
        },
    ];

    /// A propagation as the nodes on `board` (potential, cause, parents'
    /// potentials), in order: the "off" nodes of candidates `board` lacks
    /// (which a copy keeps and no node rests on) left out.
    fn nodes(engine: &Engine, prop: &Prop, board: &Board) -> Vec<(Pot, Cause, Vec<Pot>)> {
        let arena = &engine.arena;
        prop.range
            .clone()
            .filter(|&n| is_on(arena.pot(n)) || board.has(cand_of(arena.pot(n))))
            .map(|n| {
                let parents = arena.parents_of(n).iter().map(|&q| arena.pot(q));
                (
                    arena.pot(n),
                    arena.nodes[n as usize].cause,
                    parents.collect(),
                )
            })
            .collect()
    }

    /// Every premise of `board`, both ways.
    fn premises(board: &Board) -> Vec<Pot> {
        (0..729u16)
            .filter(|&c| board.has(c))
            .flat_map(|c| [pot(c, true), pot(c, false)])
            .collect()
    }

    /// `board` less some random candidates (never a cell's last one).
    fn reduced(board: &Board, next: &mut impl FnMut() -> u64) -> Board {
        let mut out = *board;
        for _ in 0..1 + next() % 6 {
            let c = (next() % 729) as u16;
            if out.has(c) && out.cells[cell_of(c)].count_ones() > 1 {
                out.remove(c);
            }
        }
        out
    }

    /// `board` with a random candidate placed: its cell and its digit's
    /// places in the cell's houses emptied (a digit's unit left with no
    /// place, where only the old board could turn a place "on").
    fn placed(board: &Board, next: &mut impl FnMut() -> u64) -> Board {
        let cands: Vec<u16> = (0..729u16).filter(|&c| board.has(c)).collect();
        let c = cands[(next() % cands.len() as u64) as usize];
        let (cell, digit) = (cell_of(c), digit_of(c));
        let mut out = *board;
        for d in 0..9 {
            if out.has(cand(cell, d)) {
                out.remove(cand(cell, d));
            }
        }
        let peers = super::super::board::peers_of(1u128 << cell);
        for x in 0..81 {
            if peers >> x & 1 == 1 && out.has(cand(x, digit)) {
                out.remove(cand(x, digit));
            }
        }
        out
    }

    /// On reductions of walk positions (the next position, random removals
    /// that make new pairs and singles, and random placements), every
    /// propagation the
    /// carrying engine gives is the one a fresh engine runs, node for node
    /// with the same parents, and the same set; and many are carried.
    #[test]
    fn carried_propagations_are_those_run_anew() {
        let mut next = super::super::xorshift(0x5eed_ca77);
        let mut fresh = Engine::default();
        let (mut compared, mut copied) = (0usize, 0usize);
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..4] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = super::super::walk::next_step(&pos) {
                let old = Board::new(&pos.grid, &pos.candidates);
                if !pos.apply(&step) {
                    break;
                }
                let walked = Board::new(&pos.grid, &pos.candidates);
                for new in [walked, reduced(&old, &mut next), placed(&old, &mut next)] {
                    let mut engine = Engine::default();
                    engine.start(&old);
                    for mode in MODES {
                        for root in premises(&old) {
                            engine.propagate(&old, root, mode);
                        }
                    }
                    engine.start(&new);
                    for mode in MODES {
                        for root in premises(&new) {
                            let carried = engine.propagate(&new, root, mode);
                            fresh.clear();
                            let anew = fresh.propagate(&new, root, mode);
                            let at = format!("{root} {mode:?} on {}", pos.grid);
                            assert_eq!(carried.set, anew.set, "{at}");
                            assert_eq!(carried.absurd.is_some(), anew.absurd.is_some(), "{at}");
                            assert_eq!(nodes(&engine, &carried, &new), nodes(&fresh, &anew, &new));
                            compared += 1;
                        }
                    }
                    copied += engine.carry.carried();
                }
            }
        }
        assert!(
            compared > 10_000 && copied * 4 > compared,
            "{copied} of {compared} propagations carried"
        );
    }

    /// The producers that read carried propagations give, on the walk,
    /// the hints a fresh engine gives, with the same chains.
    #[test]
    fn carried_searches_find_what_fresh_ones_find() {
        let steps = super::super::step_texts;
        let producers = [Producer::Nishio, Producer::Multiple, Producer::Dynamic(0)];
        let mut engine = Engine::default();
        let mut fresh = Engine::default();
        let mut found = 0;
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[4..12] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = super::super::walk::next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                engine.start(&board);
                for producer in producers {
                    for all in [false, true] {
                        let search = if all {
                            producers::all_hints
                        } else {
                            producers::hints
                        };
                        let hints = search(&mut engine, &board, producer);
                        let carried = steps(&mut engine, &hints);
                        fresh.clear();
                        let hints = search(&mut fresh, &board, producer);
                        let anew = steps(&mut fresh, &hints);
                        assert_eq!(carried, anew, "{producer:?} on {}", pos.grid);
                        found += usize::from(!anew.is_empty());
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(engine.carry.carried() > 1000 && found > 20, "{found}");
    }

    /// A cell that becomes a pair changes what propagations through it
    /// reach: those are run anew, the others carried.
    #[test]
    fn a_new_pair_stops_the_carry_through_it() {
        let grid: crate::Grid =
            "..951...7......3.4.6.4.8...65...2..9....59.2....38.7..14..9....5.28.41....6......"
                .parse()
                .unwrap();
        let cands = crate::Candidates::from_grid(&grid);
        let old = Board::new(&grid, &cands);
        let cell = (0..81)
            .find(|&x| old.cells[x].count_ones() == 3)
            .expect("a triple");
        let d = old.cells[cell].trailing_zeros() as usize;
        let mut new = old;
        new.remove(cand(cell, d));
        let mut engine = Engine::default();
        engine.start(&old);
        let mut before = Vec::new();
        for mode in MODES {
            for root in premises(&new) {
                before.push(engine.propagate(&old, root, mode).set);
            }
        }
        engine.start(&new);
        let mut fresh = Engine::default();
        let mut changed = 0;
        let mut at = 0;
        for mode in MODES {
            for root in premises(&new) {
                let carried = engine.propagate(&new, root, mode);
                fresh.clear();
                let anew = fresh.propagate(&new, root, mode);
                assert_eq!(carried.set, anew.set, "{root} {mode:?}");
                let mut was = before[at];
                at += 1;
                for digit in 0..9 {
                    was.off[digit] &= new.digits[digit];
                }
                changed += usize::from(was != anew.set);
            }
        }
        assert!(changed > 0, "the new pair changes no propagation");
        assert!(engine.carry.carried() > 0);
    }
}
