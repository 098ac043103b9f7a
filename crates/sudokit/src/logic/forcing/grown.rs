//! The tables of forcing nets as HoDoKu 2.3 builds them (`TablingSolver`,
//! build 147, the version that graded the reference data): each
//! assumption's table of singles ([`super::nets`]) with the distances
//! HoDoKu records, joined in its order (`expandTables`), then grown into
//! nets (`createAllNets`) until no table grows:
//!
//! - a house whose places of a digit (three or more) are all false but
//!   one sets that one, and every one when none is left;
//! - a cell whose candidates (three or more) are all false but one sets
//!   it, and every one when none is left;
//! - a group whose house is emptied around it (two places or more) is
//!   set, and one whose house is filled around it is cleared.
//!
//! Each new consequence joins its table as a direct one and brings what
//! its own table holds. A table takes the direct consequences of another
//! only when it first meets that literal, so what a table holds depends
//! on HoDoKu's order, and the tables keep it: the same order of tables
//! and entries, the limit of 1000 entries, nine-bit distances (a shorter
//! way to a consequence rewrites it as a direct one), and HoDoKu's
//! quirks, which decide what a table holds once its assumption leads to a
//! contradiction:
//!
//! - a group "cleared" by a net is recorded as set (a new entry each time
//!   around, until the table is full: the growth stops here when that is
//!   all that changes, since the rest stays as it is);
//! - a cell already set is not set again by a later single;
//! - an entry that cannot join a full table still rewrites the distance
//!   (and the expanded mark) of the table's last entry.
//!
//! Almost all of that work goes into tables whose assumption is absurd,
//! which HoDoKu grows until they hold every candidate both true and
//! false; here they stop growing as soon as they are found absurd and are
//! reported so ([`Work::grow_nets`]), with the same outcome.

use super::closure::Sets;
use super::nets::{Grid2, ROUNDS};
use super::tables::Directs;
use crate::logic::links::graph::Graph;
use crate::logic::links::{Links, bits16, cells_iter, houses};
use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};

/// HoDoKu's limit on the entries of a table (`maxTableEntryLength`).
const MAX_ENTRIES: usize = 1000;

/// HoDoKu keeps a distance in nine bits.
const DISTANCE_MASK: u32 = 0x1ff;

/// No entry for a literal in a table.
const NONE: u16 = u16::MAX;

/// Rounds of `createNets` at most: HoDoKu's loop ends once no table grows,
/// which the entry limit guarantees; this only bounds a bug.
const MAX_PASSES: usize = 4 * MAX_ENTRIES;

/// The tables grown into nets: per literal (dense, as the graph numbers
/// them) what its table holds directly, and per candidate literal its
/// sets.
pub(super) struct Grown {
    /// The direct consequences of each literal (those not brought in from
    /// another table), in order.
    pub directs: Directs,
    /// The candidates each candidate literal's table holds (itself
    /// included).
    pub sets: Vec<Sets>,
    /// Per candidate literal whose table is absurd and reached a candidate
    /// both true and false before it stopped growing: what it reached
    /// (its sets say every candidate both true and false).
    pub reached: Vec<Option<Sets>>,
}

/// One table: its entries in order (the premise first), with HoDoKu's
/// distance and whether each was brought in from another table.
#[derive(Default)]
struct Table {
    lits: Vec<u16>,
    dist: Vec<u16>,
    expanded: Vec<bool>,
    /// The places of the entries not brought in (the premise's own), in
    /// order: what another table takes from this one.
    direct: Vec<u16>,
    sets: Sets,
    /// The literals present, as bits.
    present: Vec<u64>,
    /// Per cell, the digits false in it, as bits.
    off_digits: Vec<u16>,
    /// The sets when [`Work::create_net`] last began on this table.
    prev: Sets,
    /// The wide houses ([`Work::wide_houses`]) and group checks
    /// ([`Work::group_checks`]) found to hold in this table, as bits: they
    /// hold for good, since a table only grows.
    held_houses: [u64; 4],
    held_groups: Vec<u64>,
    /// How many times the distance of an entry was rewritten after the
    /// entry was added (the only change that can make a held check give
    /// something new: see [`Work::held_looked`]).
    rewrites: u32,
    /// [`Table::rewrites`] when [`Work::create_net`] last began on this
    /// table.
    rewrites_then: u32,
}

impl Table {
    /// An empty table over `n` literals.
    fn new(n: usize) -> Table {
        let mut table = Table::default();
        table.reset(n);
        table
    }

    /// Empties the table for `n` literals, keeping its buffers.
    fn reset(&mut self, n: usize) {
        self.lits.clear();
        self.dist.clear();
        self.expanded.clear();
        self.direct.clear();
        self.sets = Sets::default();
        self.present.clear();
        self.present.resize(n.div_ceil(64), 0);
        self.off_digits.clear();
        self.off_digits.resize(81, 0);
        self.prev = Sets::default();
        self.held_houses = [0; 4];
        self.held_groups.clear();
        self.rewrites = 0;
        self.rewrites_then = 0;
    }

    /// What another table takes from this one: the literals and distances
    /// of the entries not brought in but the premise, in order.
    fn shared(&self) -> Vec<(u16, u16)> {
        self.direct
            .iter()
            .filter(|&&k| k != 0)
            .map(|&k| (self.lits[k as usize], self.dist[k as usize]))
            .collect()
    }
}

/// Whether `sets` hold a candidate both true and false.
fn holds_both(sets: &Sets) -> bool {
    (0..9).any(|d| sets[0][d] & sets[1][d] != 0)
}

/// Sets or clears bit `i` of `bits`.
fn put(bits: &mut [u64], i: usize, on: bool) {
    if on {
        bits[i / 64] |= 1 << (i % 64);
    } else {
        bits[i / 64] &= !(1 << (i % 64));
    }
}

/// The first bit of `bits` at `from` or after, if any.
fn next_bit(bits: &[u64], from: usize) -> Option<usize> {
    let mut w = from / 64;
    let mut word = *bits.get(w)? & (u64::MAX << (from % 64));
    loop {
        if word != 0 {
            return Some(64 * w + word.trailing_zeros() as usize);
        }
        w += 1;
        word = *bits.get(w)?;
    }
}

/// Sets the first `count` bits of `bits`.
fn set_first(bits: &mut [u64], count: usize) {
    for (w, word) in bits.iter_mut().enumerate() {
        let below = count.saturating_sub(64 * w).min(64);
        *word = if below == 64 {
            u64::MAX
        } else {
            (1 << below) - 1
        };
    }
}

/// How a net entry rests on the entries before it.
#[derive(Clone, Copy)]
enum Via {
    /// The other places of the digit in a house (or around a group), each
    /// false (or, clearing a group, true).
    Places(u128),
    /// The other candidates of the cell (the mask), each false.
    Cell(u16),
}

/// The tables while they grow.
struct Work<'a> {
    links: &'a Links,
    graph: &'a Graph,
    tables: Vec<Table>,
    /// Per table and literal, the entry's place ([`NONE`]: absent).
    at: Vec<u16>,
    /// Per table and literal, what joining reads of its entry: the
    /// distance if brought in, 0 if not, [`NONE`] if absent; a way through
    /// another table shorter than this changes the entry.
    reach: Vec<u16>,
    /// Per table, what it gives others, once known ([`Table::shared`];
    /// `None`: to compute). Kept apart from the tables, which joining
    /// reads one after another.
    shared: Vec<Option<Vec<(u16, u16)>>>,
    /// Whether anything but a repeated group entry changed since it was
    /// last cleared.
    changed: bool,
    /// The digits and places of the houses with three places or more, in
    /// HoDoKu's order (by digit, then house).
    wide_houses: Vec<(usize, u128)>,
    /// The cells with three candidates or more.
    wide_cells: Vec<usize>,
    /// HoDoKu's checks of groups, in order ([`GroupCheck`]).
    group_checks: Vec<GroupCheck>,
    /// What each check reads, apart for a quick scan: the set (its place
    /// in a table's [`Sets`] flattened: false places of digit `d` at `d`,
    /// true ones at 9 + `d`) and the places around the group.
    check_sets: Vec<u8>,
    check_around: Vec<u128>,
    /// Per digit, the wide houses of that digit, as bits (by their place
    /// in [`Work::wide_houses`]).
    house_bits: [[u64; 4]; 9],
    /// Per set a group check reads ([`Work::check_sets`]), the checks that
    /// read it, as bits (by their place in [`Work::group_checks`]).
    group_bits: Vec<Vec<u64>>,
    /// The checks left to look at in the current [`Work::net_groups`].
    todo_groups: Vec<u64>,
    /// The group checks that clear their group, as bits.
    clear_bits: Vec<u64>,
    /// [`Table::rewrites`] of the table of the current
    /// [`Work::create_net`] when its previous pass began.
    rewrites_since: u32,
    /// Whether a table's sets grew since it was last cleared.
    sets_grew: bool,
    /// Whether every house and group check is looked at in every pass (as
    /// HoDoKu does), not only those [`Work::house_todo`] and
    /// [`Work::group_todo`] leave: for the test that the two agree.
    every_check: bool,
    /// Whether tables found absurd stop growing ([`Work::grow_nets`]).
    shortcut: bool,
    /// Per candidate table, whether it is absurd: it holds a candidate
    /// both true and false, or a literal whose table is absurd.
    absurd: Vec<bool>,
    /// The literals whose tables are absurd, as bits.
    absurd_bits: Vec<u64>,
    /// Per candidate table found absurd before it was joined: what joining
    /// it would have reached.
    closed: Vec<Option<Sets>>,
}

/// A group `g` of digit `d` that is set when the places `around` it in
/// one of its houses (two or more) are all false, and cleared when they
/// are all true (`set` says which this check is).
#[derive(Clone, Copy)]
struct GroupCheck {
    g: usize,
    d: usize,
    set: bool,
    around: u128,
}

/// The buffers of the last [`Work`] of this thread, for the next one:
/// [`Work::at`] and [`Work::reach`] hold a slot per table and literal
/// (megabytes on a position with a thousand literals), and allocating
/// them afresh for every position cost more in page faults and filling
/// than growing the tables. Kept empty ([`NONE`] everywhere).
#[derive(Default)]
struct Spare {
    at: Vec<u16>,
    reach: Vec<u16>,
    tables: Vec<Table>,
}

thread_local! {
    static SPARE: std::cell::RefCell<Spare> = std::cell::RefCell::new(Spare::default());
}

impl Spare {
    /// The buffers for `n` literals: the slots empty, `n` empty tables.
    fn take(n: usize) -> Spare {
        let mut spare = SPARE.with(|s| std::mem::take(&mut *s.borrow_mut()));
        // Every slot is NONE: shrinking or growing keeps it so.
        spare.at.resize(n * n, NONE);
        spare.reach.resize(n * n, NONE);
        spare.tables.truncate(n);
        for table in &mut spare.tables {
            table.reset(n);
        }
        while spare.tables.len() < n {
            spare.tables.push(Table::new(n));
        }
        spare
    }
}

impl Drop for Work<'_> {
    /// Empties the slots the tables wrote (only their entries' literals)
    /// and keeps the buffers for the next [`Work`].
    fn drop(&mut self) {
        let n = self.tables.len();
        for (t, table) in self.tables.iter().enumerate() {
            for &lit in &table.lits {
                self.at[t * n + lit as usize] = NONE;
                self.reach[t * n + lit as usize] = NONE;
            }
        }
        let spare = Spare {
            at: std::mem::take(&mut self.at),
            reach: std::mem::take(&mut self.reach),
            tables: std::mem::take(&mut self.tables),
        };
        SPARE.with(|s| *s.borrow_mut() = spare);
    }
}

/// Builds the net tables of the position of `links` (whose literals
/// `graph` numbers).
pub(super) fn grow(links: &Links, graph: &Graph) -> Grown {
    let width = graph.candidate_lits();
    build(links, graph, true).finish(width)
}

/// The tables of [`grow`], grown; the absurd ones stop growing when
/// `shortcut` is set ([`Work::grow_nets`]).
fn build<'a>(links: &'a Links, graph: &'a Graph, shortcut: bool) -> Work<'a> {
    build_with(links, graph, shortcut, false)
}

/// [`build`], with every check looked at in every pass when `every_check`
/// is set ([`Work::every_check`]).
fn build_with<'a>(
    links: &'a Links,
    graph: &'a Graph,
    shortcut: bool,
    every_check: bool,
) -> Work<'a> {
    let n = graph.len();
    let checks = group_checks(links);
    let Spare { at, reach, tables } = Spare::take(n);
    let wide_houses: Vec<(usize, u128)> = (0..9)
        .flat_map(|d| HOUSE_BITS.iter().map(move |&h| (d, links.places[d] & h)))
        .filter(|&(_, places)| places.count_ones() >= 3)
        .collect();
    let mut house_bits = [[0u64; 4]; 9];
    for (h, &(d, _)) in wide_houses.iter().enumerate() {
        put(&mut house_bits[d], h, true);
    }
    let check_sets: Vec<u8> = checks
        .iter()
        .map(|c| 9 * u8::from(!c.set) + c.d as u8)
        .collect();
    let words = checks.len().div_ceil(64);
    let mut group_bits = vec![vec![0u64; words]; 18];
    for (j, &read) in check_sets.iter().enumerate() {
        put(&mut group_bits[usize::from(read)], j, true);
    }
    let mut clear_bits = vec![0u64; words];
    for (j, check) in checks.iter().enumerate() {
        put(&mut clear_bits, j, !check.set);
    }
    let mut work = Work {
        links,
        graph,
        tables,
        at,
        reach,
        shared: vec![None; n],
        changed: false,
        wide_houses,
        wide_cells: (0..81)
            .filter(|&c| links.cands[c].count_ones() >= 3)
            .collect(),
        check_sets,
        check_around: checks.iter().map(|c| c.around).collect(),
        group_checks: checks,
        house_bits,
        group_bits,
        todo_groups: Vec::with_capacity(words),
        clear_bits,
        rewrites_since: 0,
        sets_grew: false,
        every_check,
        shortcut,
        absurd: vec![false; graph.candidate_lits()],
        absurd_bits: vec![0; n.div_ceil(64)],
        closed: vec![None; graph.candidate_lits()],
    };
    work.fill();
    work.fill_groups();
    let width = graph.candidate_lits();
    if shortcut {
        work.absurd_from_closure(width);
    }
    for t in candidate_tables(width) {
        if !work.absurd[t] {
            work.expand(t, 1, None);
        }
    }
    work.grow_nets(width);
    work
}

/// HoDoKu's checks of the groups of `links` (`checkGroupNodeNetEntry`),
/// in its order: each group's box, then its line, each for setting, then
/// for clearing; only those with two places or more around the group.
fn group_checks(links: &Links) -> Vec<GroupCheck> {
    let mut checks = Vec::new();
    for (g, group) in links.groups.iter().enumerate() {
        let d = usize::from(group.digit);
        for house in [group.block, group.line] {
            let around = links.places[d] & HOUSE_BITS[house as usize] & !group.cells;
            for set in [true, false] {
                if around.count_ones() > 1 {
                    checks.push(GroupCheck { g, d, set, around });
                }
            }
        }
    }
    checks
}

/// The candidate tables in HoDoKu's order: every "on" table by cell and
/// digit, then every "off" table.
fn candidate_tables(width: usize) -> impl Iterator<Item = usize> {
    (0..width / 2)
        .map(|k| 2 * k + 1)
        .chain((0..width / 2).map(|k| 2 * k))
}

impl Work<'_> {
    /// The dense literal of `d` in `cell`, true or false.
    fn lit(&self, cell: usize, d: usize, on: bool) -> u16 {
        let node = crate::logic::links::candidate_node(cell, d);
        let lit = if on {
            crate::logic::links::on(node)
        } else {
            crate::logic::links::off(node)
        };
        self.graph.dense(lit).expect("a candidate of the position")
    }

    /// The dense literal of group `g`, set or cleared.
    fn group_lit(&self, g: usize, on: bool) -> u16 {
        (self.graph.candidate_lits() + 2 * g + usize::from(on)) as u16
    }

    /// The place of `lit` in table `t`.
    fn index_of(&self, t: usize, lit: u16) -> Option<usize> {
        let n = self.tables.len();
        match self.at[t * n + lit as usize] {
            NONE => None,
            i => Some(i as usize),
        }
    }

    /// HoDoKu's `addEntry`: appends `lit` to table `t` unless the table is
    /// full or (a candidate literal) holds it already; its distance is one
    /// more than entry `ri1`'s. Returns whether it was added.
    fn add(&mut self, t: usize, lit: u16, ri1: usize) -> bool {
        let n = self.tables.len();
        let is_candidate = (lit as usize) < self.graph.candidate_lits();
        let table = &mut self.tables[t];
        let i = table.lits.len();
        if i >= MAX_ENTRIES || (is_candidate && self.at[t * n + lit as usize] != NONE) {
            return false;
        }
        // An entry's own slot and those after it hold no distance yet.
        let before = if ri1 < i {
            u32::from(table.dist[ri1])
        } else {
            0
        };
        self.push(t, lit, before + 1, false);
        true
    }

    /// Appends `lit` to table `t` (neither full nor holding it) with
    /// distance `distance`, brought in from another table (`expanded`) or
    /// not; the premise (the first entry) is nobody's direct entry.
    fn push(&mut self, t: usize, lit: u16, distance: u32, expanded: bool) {
        let n = self.tables.len();
        let table = &mut self.tables[t];
        let i = table.lits.len();
        let d = (distance & DISTANCE_MASK) as u16;
        table.lits.push(lit);
        table.dist.push(d);
        table.expanded.push(expanded);
        put(&mut table.present, lit as usize, true);
        if !expanded {
            table.direct.push(i as u16);
        }
        if (lit as usize) < self.graph.candidate_lits() {
            let (cell, digit) = self.graph.cell_digit(lit);
            table.sets[usize::from(lit & 1 == 1)][digit] |= 1u128 << cell;
            if lit & 1 == 0 {
                table.off_digits[cell] |= 1 << digit;
            }
            self.sets_grew = true;
        }
        if !expanded && i > 0 {
            self.shared[t] = None;
        }
        self.at[t * n + lit as usize] = i as u16;
        self.reach[t * n + lit as usize] = if expanded { d } else { 0 };
        self.changed = true;
    }

    /// Keeps [`Work::reach`] for entry `i` of table `t` (if it is the
    /// entry its literal's place names: a group may stand twice).
    fn sync_reach(&mut self, t: usize, i: usize) {
        let n = self.tables.len();
        let table = &self.tables[t];
        let at = t * n + table.lits[i] as usize;
        if usize::from(self.at[at]) == i {
            self.reach[at] = if table.expanded[i] { table.dist[i] } else { 0 };
        }
    }

    /// Rewrites the distance of entry `i` of table `t` (nine bits kept).
    fn set_dist(&mut self, t: usize, i: usize, distance: u32) {
        if self.write_dist(t, i, distance) {
            self.tables[t].rewrites += 1;
        }
    }

    /// Sets the distance of entry `i` of table `t` (nine bits kept);
    /// returns whether it changed.
    fn write_dist(&mut self, t: usize, i: usize, distance: u32) -> bool {
        let d = (distance & DISTANCE_MASK) as u16;
        let table = &mut self.tables[t];
        let moved = table.dist[i] != d;
        if moved {
            table.dist[i] = d;
            if !table.expanded[i] {
                self.shared[t] = None;
            }
            // A full table holds what it will hold: its distances no
            // longer decide anything (see `grow_nets`).
            self.changed |= table.lits.len() < MAX_ENTRIES;
            self.sync_reach(t, i);
        }
        moved
    }

    /// Marks entry `i` of table `t` as brought in from another table, or
    /// not.
    fn set_expanded(&mut self, t: usize, i: usize, expanded: bool) {
        let table = &mut self.tables[t];
        if table.expanded[i] != expanded {
            table.expanded[i] = expanded;
            let at = table.direct.binary_search(&(i as u16));
            match (expanded, at) {
                (true, Ok(k)) => {
                    table.direct.remove(k);
                }
                (false, Err(k)) => table.direct.insert(k, i as u16),
                _ => {}
            }
            self.changed |= table.lits.len() < MAX_ENTRIES;
            self.shared[t] = None;
            self.sync_reach(t, i);
        }
    }

    /// HoDoKu's `fillTables` for nets: every candidate assumed true, then
    /// false, and propagated through four rounds of singles.
    fn fill(&mut self) {
        let start = Grid2::new(self.links);
        let mut singles = Vec::new();
        for t in 0..self.graph.candidate_lits() {
            let (cell, d) = self.graph.cell_digit(t as u16);
            let mut grid = start.clone();
            if t & 1 == 1 {
                self.set_cell(t, &mut grid, cell, d, None);
            } else {
                grid.remove(cell, d);
                self.add(t, t as u16, 0);
                if grid.cells[cell].count_ones() == 1 {
                    let last = grid.cells[cell].trailing_zeros() as usize;
                    self.set_cell(t, &mut grid, cell, last, None);
                }
            }
            for _ in 0..ROUNDS {
                let naked = grid.singles(&mut singles);
                for (k, &(c, v)) in singles.iter().enumerate() {
                    self.set_cell(t, &mut grid, c, v, Some(k < naked));
                }
            }
        }
    }

    /// HoDoKu 2.3's `setCell` into table `t`: `d` set in `cell` (unless
    /// the cell is set already), then `d` false in every peer that held it
    /// in the position and every other candidate of the cell false. A
    /// single of the look-ahead (`single`: whether naked) rests on the
    /// cell's other candidates, or on the other places of the digit in the
    /// house with the fewest of them all false; the assumption rests on
    /// nothing.
    fn set_cell(
        &mut self,
        t: usize,
        grid: &mut Grid2,
        cell: usize,
        d: usize,
        single: Option<bool>,
    ) {
        if grid.values[cell] != 0 {
            return;
        }
        let own = grid.cells[cell];
        let first = self.links.cands[cell];
        let mut ri1 = 0;
        if let Some(mut naked) = single {
            let mut best: Option<u128> = None;
            if !naked {
                for h in houses(cell) {
                    if grid.free[h][d] > 1 {
                        continue;
                    }
                    let others = self.links.places[d] & HOUSE_BITS[h] & !(1u128 << cell);
                    let off = self.tables[t].sets[0][d];
                    if others & !off == 0
                        && best.is_none_or(|b| others.count_ones() < b.count_ones())
                    {
                        best = Some(others);
                    }
                }
                naked = best.is_none() && first.count_ones() > 1;
            }
            let via = if naked {
                bits16(first)
                    .find(|&c| c != d)
                    .and_then(|c| self.index_of(t, self.lit(cell, c, false)))
            } else {
                best.and_then(|b| cells_iter(b).next())
                    .and_then(|x| self.index_of(t, self.lit(x, d, false)))
            };
            ri1 = via.unwrap_or(0);
        }
        grid.place(cell, d);
        let ret = self.tables[t].lits.len();
        self.add(t, self.lit(cell, d, true), ri1);
        for x in cells_iter(self.links.places[d] & PEER_BITS[cell]) {
            self.add(t, self.lit(x, d, false), ret);
        }
        for c in bits16(own & !(1 << d)) {
            self.add(t, self.lit(cell, c, false), ret);
        }
    }

    /// HoDoKu's `fillTablesWithGroupNodes`: each group's two tables, and
    /// the group's literals in the tables of the candidates that lead to
    /// them.
    fn fill_groups(&mut self) {
        let links = self.links;
        for (g, group) in links.groups.iter().enumerate() {
            let (set, clear) = (self.group_lit(g, true), self.group_lit(g, false));
            let (set_t, clear_t) = (set as usize, clear as usize);
            self.add(set_t, set, 0);
            self.add(clear_t, clear, 0);
            let d = usize::from(group.digit);
            let seen = links.places[d] & group.buddies;
            if seen != 0 {
                for x in cells_iter(seen) {
                    self.add(set_t, self.lit(x, d, false), 0);
                    let on_t = self.lit(x, d, true) as usize;
                    self.add(on_t, clear, 0);
                }
                for house in [group.block, group.line] {
                    let lone = seen & HOUSE_BITS[house as usize];
                    if lone.count_ones() == 1 {
                        let x = lone.trailing_zeros() as usize;
                        self.add(clear_t, self.lit(x, d, true), 0);
                        let off_t = self.lit(x, d, false) as usize;
                        self.add(off_t, set, 0);
                    }
                }
            }
            let (mut in_line, mut in_block) = ((0, 0), (0, 0));
            for (j, other) in links.groups.iter().enumerate() {
                if j == g || other.digit != group.digit || other.cells & group.cells != 0 {
                    continue;
                }
                if other.line == group.line {
                    in_line = (in_line.0 + 1, if in_line.0 == 0 { j } else { in_line.1 });
                    self.add(set_t, self.group_lit(j, false), 0);
                }
                if other.block == group.block {
                    in_block = (in_block.0 + 1, if in_block.0 == 0 { j } else { in_block.1 });
                    self.add(set_t, self.group_lit(j, false), 0);
                }
            }
            for ((count, j), house) in [(in_line, group.line), (in_block, group.block)] {
                if count != 1 {
                    continue;
                }
                let rest = HOUSE_BITS[house as usize]
                    & links.places[d]
                    & !group.cells
                    & !links.groups[j].cells;
                if rest == 0 {
                    self.add(clear_t, self.group_lit(j, true), 0);
                }
            }
        }
    }

    /// HoDoKu's `expandTable`: each entry of table `t` from `start` (or
    /// only entry `single`) brings the direct entries of its own table,
    /// and so on for the entries it brings; an entry already there takes
    /// the shorter distance if it was brought in too.
    fn expand(&mut self, t: usize, start: usize, single: Option<usize>) {
        let (start, end) = single.map_or((start, MAX_ENTRIES), |s| (s, s + 1));
        let mut i = start;
        while i < end && i < self.tables[t].lits.len() {
            if self.tables[t].lits.len() >= MAX_ENTRIES {
                break;
            }
            let src = self.tables[t].lits[i] as usize;
            let base = u32::from(self.tables[t].dist[i]);
            let shared = match self.shared[src].take() {
                Some(shared) => shared,
                None => self.tables[src].shared(),
            };
            self.take_from(t, base, &shared);
            // A table is never its own entry past the premise, so `src`
            // did not change.
            self.shared[src] = Some(shared);
            i += 1;
        }
    }

    /// Brings into table `t`, from its entry of distance `base`, the
    /// direct entries `shared` of that entry's table (literal and distance
    /// each): the new ones as brought in, and a shorter way to one brought
    /// in before.
    fn take_from(&mut self, t: usize, base: u32, shared: &[(u16, u16)]) {
        let n = self.tables.len();
        // Most entries are there already, and no shorter.
        let row = &self.reach[t * n..(t + 1) * n];
        let Some(first) = shared
            .iter()
            .position(|&(lit, sd)| u32::from(row[lit as usize]) > base + u32::from(sd))
        else {
            return;
        };
        for &(lit, sd) in &shared[first..] {
            let through = base + u32::from(sd);
            if u32::from(self.reach[t * n + lit as usize]) <= through {
                continue;
            }
            match self.at[t * n + lit as usize] {
                // What `add`, then marking it brought in and setting its
                // distance, leave.
                NONE if self.tables[t].lits.len() < MAX_ENTRIES => {
                    self.push(t, lit, through, true);
                }
                NONE => {
                    // Full: HoDoKu marks its last entry instead.
                    let last = self.tables[t].lits.len() - 1;
                    self.set_expanded(t, last, true);
                    self.set_dist(t, last, through);
                }
                org => {
                    let org = usize::from(org);
                    let table = &self.tables[t];
                    if table.expanded[org] && u32::from(table.dist[org]) > through {
                        self.set_dist(t, org, through);
                    }
                }
            }
        }
    }

    /// HoDoKu's `createAllNets`: rounds of [`Work::create_net`] over every
    /// candidate table, in order, until none grows.
    ///
    /// `createNet` changes only its own table and reads the others only
    /// for the entries it adds (or shortens), so a table that a round
    /// left as it was (but for the repeated group entries of HoDoKu's
    /// quirk, which decide nothing) is left so by every later round, and
    /// is not asked again: the rounds end when every table is so (HoDoKu
    /// goes on while the repeated entries grow, until their tables are
    /// full, with nothing else changing).
    ///
    /// With the shortcut, an absurd table stops growing too: HoDoKu grows
    /// it until it holds every candidate both true and false (which
    /// [`Work::finish`] reports), and it reaches only tables that meet its
    /// premise, which are absurd as well. (Measured with and without the
    /// shortcut: every absurd table of HoDoKu's ends complete, and no
    /// other holds the premise of one; the outcome is the same.) Almost
    /// all the work of the growth is in those tables.
    fn grow_nets(&mut self, width: usize) {
        let mut settled = vec![false; width];
        if self.shortcut {
            for t in candidate_tables(width) {
                self.check_absurd(t);
            }
        }
        for _ in 0..MAX_PASSES {
            let mut any = false;
            for t in candidate_tables(width) {
                if settled[t] || self.absurd[t] {
                    continue;
                }
                self.changed = false;
                self.create_net(t);
                settled[t] = !self.changed;
                any |= self.changed;
                if self.shortcut {
                    self.check_absurd(t);
                }
            }
            if !any {
                break;
            }
        }
    }

    /// Marks absurd, before they are joined, the tables whose joining would
    /// reach a candidate both true and false: joined, a table holds what
    /// its entries lead to through the tables' direct entries, their
    /// closure (when no table fills up), so they are absurd then. Those
    /// are most of the absurd tables, and joining them is most of the
    /// work of joining.
    fn absurd_from_closure(&mut self, width: usize) {
        let n = self.tables.len();
        if n >= MAX_ENTRIES {
            return;
        }
        let closure = {
            let tables = &self.tables;
            let successors = |i: u16| &tables[i as usize].lits[1..];
            let candidate = |i: u16| self.graph.cell_digit(i);
            super::closure::Closure::new(n, width, successors, candidate)
        };
        for t in 0..width {
            let sets = closure.sets[closure.component[t] as usize];
            if holds_both(&sets) {
                self.absurd[t] = true;
                put(&mut self.absurd_bits, t, true);
                self.closed[t] = Some(sets);
            }
        }
    }

    /// Marks table `t` absurd if it holds a candidate both true and false,
    /// or a literal whose table is absurd; returns whether it did.
    fn check_absurd(&mut self, t: usize) -> bool {
        let table = &self.tables[t];
        let both = holds_both(&table.sets);
        let meets = table
            .present
            .iter()
            .zip(&self.absurd_bits)
            .any(|(&p, &a)| p & a != 0);
        if both || meets {
            self.absurd[t] = true;
            put(&mut self.absurd_bits, t, true);
        }
        both || meets
    }

    /// HoDoKu's `createNet` for table `t`: its new entries from houses,
    /// cells and groups, then their expansion.
    fn create_net(&mut self, t: usize) {
        let current = self.tables[t].lits.len();
        let table = &mut self.tables[t];
        let prev = std::mem::replace(&mut table.prev, table.sets);
        self.rewrites_since = std::mem::replace(&mut table.rewrites_then, table.rewrites);
        table
            .held_groups
            .resize(self.group_checks.len().div_ceil(64), 0);
        self.net_houses(t, &prev);
        self.net_cells(t);
        self.net_groups(t, &prev);
        self.expand(t, current, None);
    }

    /// The houses of [`Work::create_net`], in order: a digit's places
    /// (three or more) all false but one set that one, all false set every
    /// one.
    ///
    /// Only the houses of the digits whose false places changed since the
    /// table's last pass began (`prev`) are looked at, and those that held
    /// before when [`Work::held_looked`] says so: a table only grows, so
    /// any other house failed then and reads the same places now, and
    /// fails again.
    fn net_houses(&mut self, t: usize, prev: &Sets) {
        let mut todo = self.house_todo(t, prev);
        let mut looked = self.held_looked(t);
        let mut from = 0;
        while let Some(h) = next_bit(&todo, from) {
            from = h + 1;
            let (d, places) = self.wide_houses[h];
            let off = self.tables[t].sets[0][d] & places;
            let left = places & !off;
            if off == 0 || left.count_ones() > 1 {
                continue;
            }
            put(&mut self.tables[t].held_houses, h, true);
            self.sets_grew = false;
            if left != 0 {
                let x = left.trailing_zeros() as usize;
                let lit = self.lit(x, d, true);
                self.net_entry(t, lit, lit, x, d, Via::Places(off), true);
            } else {
                for x in cells_iter(off) {
                    let lit = self.lit(x, d, true);
                    self.net_entry(t, lit, lit, x, d, Via::Places(off), true);
                }
            }
            if self.sets_grew || !looked && self.held_looked(t) {
                todo = self.house_todo(t, prev);
                looked = self.held_looked(t);
            }
        }
    }

    /// Whether the house and group checks that held in table `t` before
    /// are looked at again in its current pass: only if the table is full
    /// or some entry's distance was rewritten since its previous pass
    /// began. A held check's keys are in the table since it first held
    /// (the table was not full then either), so looking at it again
    /// recomputes its distance from the same entries, which gives what it
    /// gave last time unless one of their distances (or a key's) changed.
    /// (A rewrite that comes during the pass makes the checks after it
    /// looked at again, as HoDoKu looks at every check in order.)
    fn held_looked(&self, t: usize) -> bool {
        let table = &self.tables[t];
        table.rewrites != self.rewrites_since || table.lits.len() >= MAX_ENTRIES
    }

    /// The houses [`Work::net_houses`] looks at in table `t`.
    fn house_todo(&self, t: usize, prev: &Sets) -> [u64; 4] {
        let table = &self.tables[t];
        if self.every_check {
            let mut all = [0; 4];
            set_first(&mut all, self.wide_houses.len());
            return all;
        }
        let mut todo = if self.held_looked(t) {
            table.held_houses
        } else {
            [0; 4]
        };
        for ((now, before), houses) in table.sets[0].iter().zip(&prev[0]).zip(&self.house_bits) {
            if now != before {
                for (w, &bits) in todo.iter_mut().zip(houses) {
                    *w |= bits;
                }
            }
        }
        todo
    }

    /// The cells of [`Work::create_net`], in order: candidates (three or
    /// more) all false but one set that one, all false set every one.
    fn net_cells(&mut self, t: usize) {
        let links = self.links;
        for k in 0..self.wide_cells.len() {
            let cell = self.wide_cells[k];
            let cands = links.cands[cell];
            let open = cands & !self.tables[t].off_digits[cell];
            if open.count_ones() > 1 {
                continue;
            }
            for c in bits16(if open == 0 { cands } else { open }) {
                let lit = self.lit(cell, c, true);
                self.net_entry(t, lit, lit, cell, c, Via::Cell(cands), true);
            }
        }
    }

    /// The groups of [`Work::create_net`], in order: a group is set when
    /// the places around it are all false, cleared when all true; each
    /// check reads the sets the checks before it leave. As in
    /// [`Work::net_houses`], only the checks whose set changed since the
    /// table's last pass began are looked at, and those that held before
    /// when [`Work::held_looked`] says so (or that clear their group).
    fn net_groups(&mut self, t: usize, prev: &Sets) {
        let mut todo = std::mem::take(&mut self.todo_groups);
        self.group_todo(t, prev, &mut todo);
        let mut looked = self.held_looked(t);
        let mut from = 0;
        while let Some(j) = next_bit(&todo, from) {
            from = j + 1;
            let set = self.tables[t].sets.as_flattened()[usize::from(self.check_sets[j])];
            let around = self.check_around[j];
            if set & around != around {
                continue;
            }
            put(&mut self.tables[t].held_groups, j, true);
            self.sets_grew = false;
            self.group_net_entry(t, self.group_checks[j]);
            if self.sets_grew || !looked && self.held_looked(t) {
                self.group_todo(t, prev, &mut todo);
                looked = self.held_looked(t);
            }
        }
        self.todo_groups = todo;
    }

    /// The group checks [`Work::net_groups`] looks at in table `t`, into
    /// `todo`.
    fn group_todo(&self, t: usize, prev: &Sets, todo: &mut Vec<u64>) {
        let table = &self.tables[t];
        todo.clear();
        if self.every_check {
            todo.resize(table.held_groups.len(), 0);
            set_first(todo, self.group_checks.len());
            return;
        }
        todo.extend_from_slice(&table.held_groups);
        if !self.held_looked(t) {
            // Clearing checks add an entry each time they hold (HoDoKu's
            // quirk), so they are looked at whatever changed.
            for (w, &clear) in todo.iter_mut().zip(&self.clear_bits) {
                *w &= clear;
            }
        }
        let (now, before) = (table.sets.as_flattened(), prev.as_flattened());
        for (r, bits) in self.group_bits.iter().enumerate() {
            if now[r] != before[r] {
                for (w, &b) in todo.iter_mut().zip(bits) {
                    *w |= b;
                }
            }
        }
    }

    /// HoDoKu's `checkGroupNodeNetEntry` once it holds: the group of
    /// `check` is set (or cleared), its places around all false (or all
    /// true) in table `t`.
    fn group_net_entry(&mut self, t: usize, check: GroupCheck) {
        let GroupCheck { g, d, set, around } = check;
        let key = self.group_lit(g, set);
        // HoDoKu records the entry as set either way.
        let added = self.group_lit(g, true);
        let first = self.links.groups[g].cells.trailing_zeros() as usize;
        self.net_entry(t, key, added, first, d, Via::Places(around), set);
    }

    /// HoDoKu's `makeNetEntry`: literal `key` (recorded as `added`) of
    /// digit `d` at `cell` follows in table `t` from the entries `via`
    /// names, its distance the sum of theirs plus one each. One already
    /// there takes the new distance if shorter, as a direct entry.
    #[allow(clippy::too_many_arguments)]
    fn net_entry(
        &mut self,
        t: usize,
        key: u16,
        added: u16,
        cell: usize,
        d: usize,
        via: Via,
        on: bool,
    ) {
        let mut first = None;
        let mut distance = 0u32;
        let mut rest_on = |work: &Work, lit: u16| {
            if let Some(ri) = work.index_of(t, lit) {
                first.get_or_insert(ri);
                distance += u32::from(work.tables[t].dist[ri]) + 1;
            }
        };
        match via {
            Via::Places(cells) => {
                for x in cells_iter(cells).filter(|&x| x != cell) {
                    rest_on(self, self.lit(x, d, !on));
                }
            }
            Via::Cell(mask) => {
                for c in bits16(mask).filter(|&c| c != d) {
                    rest_on(self, self.lit(cell, c, false));
                }
            }
        }
        if let Some(at) = self.index_of(t, key) {
            if distance < u32::from(self.tables[t].dist[at]) {
                self.set_expanded(t, at, false);
                self.set_dist(t, at, distance);
                self.expand(t, 0, Some(at));
            }
            return;
        }
        let repeated = self.index_of(t, added).is_some();
        let changed = self.changed;
        let fresh = self.add(t, added, first.unwrap_or(0));
        let last = self.tables[t].lits.len() - 1;
        if repeated && fresh {
            self.tables[t].dist[last] = (distance & DISTANCE_MASK) as u16;
            self.shared[t] = None;
            self.changed = changed;
        } else if fresh {
            // A new entry: no check has read it yet.
            self.write_dist(t, last, distance);
        } else {
            self.set_dist(t, last, distance);
        }
    }

    /// The direct entries of every table and the sets of the candidate
    /// tables.
    fn finish(&mut self, width: usize) -> Grown {
        // Tables that met an absurd one after they stopped growing.
        while self.shortcut {
            let mut marked = false;
            for t in 0..width {
                marked |= !self.absurd[t] && self.check_absurd(t);
            }
            if !marked {
                break;
            }
        }
        let everything = [self.links.places, self.links.places];
        let mut directs = Directs {
            spans: Vec::with_capacity(self.tables.len()),
            arena: Vec::new(),
        };
        let mut sets = Vec::with_capacity(width);
        let mut reached = Vec::with_capacity(width);
        for (i, table) in self.tables.iter().enumerate() {
            let start = directs.arena.len() as u32;
            for k in 1..table.lits.len() {
                if !table.expanded[k] {
                    directs.arena.push(table.lits[k]);
                }
            }
            directs.spans.push((start, directs.arena.len() as u32));
            if i < width {
                let absurd = self.absurd[i];
                sets.push(if absurd { everything } else { table.sets });
                let both = holds_both(&table.sets);
                reached.push(match self.closed[i] {
                    Some(closed) => Some(closed),
                    None => (absurd && both).then_some(table.sets),
                });
            }
        }
        Grown {
            directs,
            sets,
            reached,
        }
    }
}

/// The net tables of every candidate literal, each traced in full at
/// once: the plain computation the tables traced on demand are checked
/// against.
#[cfg(test)]
pub(crate) fn store(candidates: &crate::candidates::Candidates) -> super::tables::Tables {
    let links = Links::new(candidates, true);
    let graph = Graph::new(&links);
    let grown = grow(&links, &graph);
    super::tables::Tables::given_traced(links, graph, grown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Technique;
    use crate::logic::links::{candidate_node, is_on, on};
    use crate::logic::soundness::table;

    /// A table's entries as HoDoKu's own dump writes them
    /// (`tests/data/hodoku23_net_table.txt`): place, literal (a group by
    /// its first cell, marked G), distance, and x if brought in.
    fn dump(links: &Links, graph: &Graph, t: &Table) -> Vec<String> {
        let width = graph.candidate_lits();
        t.lits
            .iter()
            .enumerate()
            .map(|(i, &l)| {
                let lit = graph.lit(l);
                let (g, cell, d) = if (l as usize) < width {
                    let (cell, d) = graph.cell_digit(l);
                    ("", cell, d)
                } else {
                    let group = &links.groups[(l as usize - width) / 2];
                    let cell = group.cells.trailing_zeros() as usize;
                    ("G", cell, usize::from(group.digit))
                };
                format!(
                    "{i}:{g}r{}c{}{}{}/d{}{}",
                    cell / 9 + 1,
                    cell % 9 + 1,
                    if is_on(lit) { "=" } else { "<>" },
                    d + 1,
                    t.dist[i],
                    if t.expanded[i] { "x" } else { "" }
                )
            })
            .collect()
    }

    /// top1465 #303 (`......7.1..4....3..85....6.6..9.1....1...7..5....3.2...2...8.5.8.1.29....6..7....`)
    /// after its skyscraper, where HoDoKu's walk takes its first net. The
    /// table of r8c2=3 is HoDoKu 2.3's, entry for entry, with the same
    /// distances, brought in or not (HoDoKu 2.3's own table, dumped): a
    /// stale queued single among them (r5c1=4: in the second round r5c8=9
    /// leaves r5c1 with 4 alone before r7c1=4 takes that 4 too), and the
    /// entries that only the growth into nets reaches. HoDoKu 2.3's first
    /// net sets r1c2=3, from the places of the 3 in column 2.
    #[test]
    fn net_tables_are_hodoku_2_3s() {
        let (grid, cands) = table(
            "239 39 6 3458 4589 2345 7 2489 1 1279 79 4 1678 1689 26 5 3 289 \
             12379 8 5 1347 149 234 49 6 249 6 3457 2 9 458 1 348 478 3478 \
             349 1 389 2 468 7 34689 489 5 4579 4579 789 468 3 456 2 1 46789 \
             3479 2 379 1346 146 8 13469 5 34679 8 3457 1 3456 2 9 346 47 3467 \
             3459 6 39 1345 7 345 13489 2489 23489",
        );
        let links = Links::new(&cands, true);
        let graph = Graph::new(&links);
        let premise = graph.dense(on(candidate_node(7 * 9 + 1, 2))).unwrap();
        let work = build(&links, &graph, false);
        let ours = dump(&links, &graph, &work.tables[premise as usize]);
        let path = format!(
            "{}/../../tests/data/hodoku23_net_table.txt",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let theirs: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
        assert_eq!(theirs.len(), 586);
        for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(a, b, "entry {i}");
        }
        assert_eq!(ours.len(), theirs.len());
        let group = [
            Technique::ForcingNetContradiction,
            Technique::ForcingNetVerity,
        ];
        let step = super::super::search::first(&grid, &cands, true, &group).expect("a net");
        assert_eq!(step.technique, Technique::ForcingNetVerity);
        assert_eq!(crate::logic::soundness::placements(&step), ["r1c2=3"]);
        let words = super::super::search::reason(&step, crate::classic::trace::Lang::En);
        let words = words.expect("the words of a net");
        assert!(
            words.starts_with("whether r1c2=3 or r4c2=3 or r8c2=3, each net leads to"),
            "{words}"
        );
    }

    /// The tables grown in the buffers that earlier, larger and smaller
    /// positions left are those grown in new ones (a new thread has none
    /// kept), along a walk whose positions shrink, then again from the
    /// start.
    #[test]
    fn kept_buffers_grow_the_same_tables() {
        use crate::logic::soundness::sample;
        let grown = |links: &Links, graph: &Graph| {
            let g = grow(links, graph);
            (g.directs.spans, g.directs.arena, g.sets, g.reached)
        };
        let mut positions = Vec::new();
        for puzzle in sample("top1465_200.txt").into_iter().take(6) {
            let mut grid = puzzle;
            let mut cands = crate::candidates::Candidates::from_grid(&grid);
            for _ in 0..3 {
                positions.push(cands);
                let singles = [Technique::NakedSingle, Technique::HiddenSingle];
                let group = [
                    Technique::ForcingNetContradiction,
                    Technique::ForcingNetVerity,
                ];
                let step = singles
                    .iter()
                    .find_map(|&t| {
                        crate::logic::find_steps(t, &grid, &cands)
                            .into_iter()
                            .next()
                    })
                    .or_else(|| super::super::search::first(&grid, &cands, true, &group));
                match step {
                    Some(step) => {
                        step.apply(&mut grid, &mut cands);
                    }
                    None => break,
                }
            }
        }
        let sizes: Vec<usize> = positions
            .iter()
            .map(|c| Graph::new(&Links::new(c, true)).len())
            .collect();
        assert!(sizes.iter().min() < sizes.iter().max(), "{sizes:?}");
        for cands in positions.iter().chain(&positions) {
            let links = Links::new(cands, true);
            let graph = Graph::new(&links);
            let kept = grown(&links, &graph);
            let fresh = std::thread::scope(|s| s.spawn(|| grown(&links, &graph)).join().unwrap());
            assert!(kept == fresh, "tables differ on {cands:?}");
        }
    }

    /// Along walks by singles and forcing chains and nets (HoDoKu's
    /// walk from the point where it needs them), at every position where
    /// the chains find nothing: the tables grown with the shortcut hold
    /// what HoDoKu's hold, entry for entry grown in full: the same sets
    /// where not absurd, every candidate both true and false where absurd.
    #[test]
    fn absurd_tables_stopped_early_end_as_grown_in_full() {
        use crate::logic::soundness::sample;
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(60);
        puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(8));
        let (mut compared, mut absurd) = (0, 0);
        let before = [
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::ForcingChainContradiction,
            Technique::ForcingChainVerity,
        ];
        walk_to_nets(puzzles, 40, &before, |grid, cands| {
            let links = Links::new(cands, true);
            let graph = Graph::new(&links);
            let width = graph.candidate_lits();
            let full = build(&links, &graph, false);
            let quick = build(&links, &graph, true).finish(width);
            let everything = [links.places, links.places];
            for t in 0..width {
                let sets = &full.tables[t].sets;
                if quick.sets[t] == everything && quick.reached[t].is_some() {
                    absurd += 1;
                }
                assert_eq!(&quick.sets[t], sets, "{} table {t}", grid.to_line());
                compared += 1;
            }
        });
        assert!(compared > 10_000 && absurd > 500, "{compared} {absurd}");
    }

    /// Looking only at the checks that held before or read a set that
    /// changed ([`Work::house_todo`], [`Work::group_todo`]) grows the same
    /// tables as looking at every check in every pass, entry for entry
    /// (literal, distance, brought in or not), along walks by singles and
    /// forcing nets.
    #[test]
    fn skipped_checks_grow_the_same_tables() {
        use crate::logic::soundness::sample;
        let mut puzzles = sample("top1465_200.txt");
        puzzles.truncate(12);
        puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(4));
        let mut compared = 0;
        let before = [Technique::NakedSingle, Technique::HiddenSingle];
        walk_to_nets(puzzles, 30, &before, |grid, cands| {
            let links = Links::new(cands, true);
            let graph = Graph::new(&links);
            for shortcut in [false, true] {
                let every = build_with(&links, &graph, shortcut, true);
                let every: Vec<_> = every
                    .tables
                    .iter()
                    .map(|t| (t.lits.clone(), t.dist.clone(), t.expanded.clone()))
                    .collect();
                let some = build_with(&links, &graph, shortcut, false);
                for (t, (table, whole)) in some.tables.iter().zip(&every).enumerate() {
                    let same =
                        table.lits == whole.0 && table.dist == whole.1 && table.expanded == whole.2;
                    assert!(same, "{} table {t} (shortcut {shortcut})", grid.to_line());
                    compared += 1;
                }
            }
        });
        assert!(compared > 20_000, "{compared}");
    }

    /// Walks each puzzle up to `steps` steps: the first step of
    /// `before` while one exists, else (`at` called on the position first)
    /// HoDoKu's forcing-net step; a walk ends when the grid is full or the
    /// nets find nothing.
    fn walk_to_nets(
        puzzles: Vec<crate::Grid>,
        steps: usize,
        before: &[Technique],
        mut at: impl FnMut(&crate::Grid, &crate::candidates::Candidates),
    ) {
        for puzzle in puzzles {
            let mut grid = puzzle;
            let mut cands = crate::candidates::Candidates::from_grid(&grid);
            for _ in 0..steps {
                let next = before.iter().find_map(|&t| {
                    crate::logic::find_steps(t, &grid, &cands)
                        .into_iter()
                        .next()
                });
                if let Some(step) = next {
                    step.apply(&mut grid, &mut cands);
                    continue;
                }
                if grid.is_full() {
                    break;
                }
                at(&grid, &cands);
                let group = [
                    Technique::ForcingNetContradiction,
                    Technique::ForcingNetVerity,
                ];
                match super::super::search::first(&grid, &cands, true, &group) {
                    Some(step) => step.apply(&mut grid, &mut cands),
                    None => break,
                };
            }
        }
    }
}
