//! The search for fish of every shape on one digit, in the order in which
//! HoDoKu 2.3's `FishSolver` meets them.
//!
//! A fish is a set of `n` base houses and `n` cover houses. Its base
//! candidates are the digit's candidates in the base houses; those outside
//! every cover house are fins, and so are the candidates in two base houses
//! (endo fins). Each base house holds the digit once; when no fin is true
//! each of those `n` digits sits in a different cover house, which then has
//! no room for another: the cover candidates outside the base lose the digit,
//! and so does a base candidate in two cover houses (cannibalism). With fins,
//! either a fin is true or the fish is, so only the cells that see every fin
//! lose the digit.
//!
//! HoDoKu's walk: for each digit, rows as base houses (columns as covers)
//! and then columns as base houses; a mutant fish takes any house on either
//! side in a single walk. Base houses are chosen in lexicographic order of
//! house index (rows, columns, boxes), depth first, smaller sets before the
//! sets that extend them; for each set of base houses, the cover sets in
//! lexicographic order. The first fish met is the step HoDoKu takes.
//!
//! Rather than trying every cover set as HoDoKu does, the cover search
//! branches on a base candidate not yet accounted for: one of its houses
//! covers it, or it is a fin. Each cover set is generated once; the ones of
//! a base set are then sorted into HoDoKu's order. When only eliminating
//! fish are wanted, the cells they may eliminate (targets) bound the search:
//! a fin must see a target, so a base candidate that sees none must be
//! covered, which prunes base sets early (their such candidates must fit in
//! the cover houses) and cover sets as they grow. None of this changes what
//! is found; a step budget and a cap on cover sets per base set only bound
//! the rare huge searches of large mutant fish.

use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};
use std::cmp::Ordering;
use std::ops::ControlFlow;

/// Which houses may be base and cover sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Rows as base sets and columns as cover sets, or the reverse.
    Basic,
    /// As basic, and boxes on either side (HoDoKu's Franken fish).
    Franken,
    /// Any house on either side (HoDoKu's mutant fish).
    Mutant,
}

/// What to look for: HoDoKu's parameters of one fish search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FishQuery {
    /// The houses allowed.
    pub shape: Shape,
    /// The smallest number of base sets.
    pub min_size: usize,
    /// The largest number of base sets (at most 8).
    pub max_size: usize,
    /// `true`: fish with one fin or more; `false`: fish without fins (then a
    /// base house with more than `max_size` candidates is left out, as
    /// HoDoKu does).
    pub finned: bool,
    /// The most fins, endo fins included (HoDoKu's default: 5).
    pub max_fins: u32,
    /// The most endo fins (HoDoKu's default: 2; 0 for basic fish, whose
    /// base houses never meet).
    pub max_endo_fins: u32,
    /// `Some(cells)`: only fish that eliminate something, all of it among
    /// `cells`, so the search drops fins that no cell of `cells` sees. Any
    /// fish elimination lies outside every template of the digit
    /// ([`super::templates::template_cells`]): the candidates outside them
    /// are the natural bound. `None`: every fish, eliminating or not.
    pub targets: Option<u128>,
    /// HoDoKu 2.3 skips the cover search of a base set with endo fins in
    /// its large searches (basic fish of 6 and 7, Franken of 5 to 7,
    /// mutant of 4 to 7) when every cell that sees all endo fins is a
    /// candidate or holds the digit (a slip in its template test). To
    /// reproduce it: `Some(the digit's candidates and placed cells)`.
    pub endo_quirk: Option<u128>,
    /// The most search steps (base sets and cover branches) the walk may
    /// take on this digit: it stops there, keeping what it found. Large
    /// mutant fish can take long on rare positions; the bound keeps them
    /// in hand at the price of HoDoKu's order on those.
    pub budget: u64,
}

/// One fish found: its houses and cells as bitboards (bit `h` of a house
/// set is house `h` in [`crate::House::index`] order; bit `i` of a cell set
/// is cell `i`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fish {
    /// The base houses.
    pub base: u32,
    /// The cover houses.
    pub cover: u32,
    /// The digit's candidates in the base houses, fins included.
    pub base_cells: u128,
    /// The digit's candidates in the cover houses.
    pub cover_cells: u128,
    /// The fins: base candidates outside the covers, and endo fins.
    pub fins: u128,
    /// The base candidates in two base houses (also in `fins`).
    pub endo_fins: u128,
    /// The candidates in two cover houses.
    pub cannibals: u128,
}

impl Fish {
    /// What the fish would eliminate without its fins: the cover candidates
    /// outside the base, and the cannibals.
    pub(crate) fn potential(&self) -> u128 {
        (self.cover_cells & !self.base_cells) | self.cannibals
    }

    /// What it eliminates: the potential eliminations that see every fin.
    pub(crate) fn eliminations(&self) -> u128 {
        self.potential() & common_peers(self.fins)
    }

    /// HoDoKu's sashimi test (meant for basic fish): some base house keeps
    /// at most one candidate once the fins are taken away.
    pub(crate) fn is_sashimi(&self) -> bool {
        self.fins != 0
            && bits(self.base)
                .any(|h| (HOUSE_BITS[h] & self.base_cells & !self.fins).count_ones() <= 1)
    }
}

/// How many cells of `cells` share no house with each other, picked
/// greedily, counting past `limit` no further: a lower bound on the houses
/// that hold them all.
fn apart(cells: u128, limit: usize) -> usize {
    let mut rest = cells;
    let mut count = 0;
    while rest != 0 && count <= limit {
        let cell = rest.trailing_zeros() as usize;
        rest &= !PEER_BITS[cell] & !(1 << cell);
        count += 1;
    }
    count
}

/// Whether HoDoKu skips the covers of a base set with `endo` fins (see
/// [`FishQuery::endo_quirk`]).
fn hodoku_skips(endo: u128, quirk: Option<u128>) -> bool {
    quirk.is_some_and(|taken| endo != 0 && common_peers(endo) & !taken == 0)
}

/// Whether some cell of `targets` (all cells for `None`) sees every fin.
fn sees_a_target(fins: u128, targets: Option<u128>) -> bool {
    targets.is_none_or(|t| common_peers(fins) & t != 0)
}

/// Every cell of the grid.
const ALL_CELLS: u128 = (1 << 81) - 1;

/// The cells that see every cell of `cells` (all cells when there are none).
pub(crate) fn common_peers(cells: u128) -> u128 {
    let mut out = ALL_CELLS;
    let mut rest = cells;
    while rest != 0 && out != 0 {
        out &= PEER_BITS[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    out
}

/// The indices of the set bits of `mask`, lowest first.
pub(crate) fn bits(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            i
        })
    })
}

/// Calls `visit` on every fish of `query` on the digit whose candidates are
/// `places`, in HoDoKu's order (see the module documentation), until it
/// breaks.
///
/// This is the enumeration behind every fish technique, and the one a
/// Kraken fish search needs: HoDoKu's Kraken search is `Shape::Franken`,
/// sizes 2 to 4, `finned`, at most 2 fins and no endo fins, and it wants
/// the fish that eliminate nothing by themselves (`eliminating: false`);
/// [`Fish::potential`] and [`Fish::fins`] are then what its chains start
/// from.
pub(crate) fn for_each_fish(
    places: u128,
    query: &FishQuery,
    visit: &mut dyn FnMut(&Fish) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let passes: &[Pass] = match query.shape {
        Shape::Mutant => &[Pass::All],
        _ => &[Pass::Rows, Pass::Columns],
    };
    if query.targets == Some(0) {
        return ControlFlow::Continue(());
    }
    let mut found = Vec::new();
    let mut budget = query.budget;
    for &pass in passes {
        let mut walk = Walk {
            query,
            places,
            bases: Units::new(),
            covers: Units::new(),
            cover_houses: 0,
            found: &mut found,
            visit: &mut *visit,
            budget,
        };
        walk.collect_units(pass);
        let flow = walk.bases(1, 0, Base::default());
        budget = walk.budget;
        flow?;
    }
    ControlFlow::Continue(())
}

/// Which houses a walk takes as base sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Rows (and boxes) as base sets, columns (and boxes) as covers.
    Rows,
    /// Columns (and boxes) as base sets, rows (and boxes) as covers.
    Columns,
    /// Any house on either side.
    All,
}

impl Pass {
    /// Whether house `h` may be a base set (`base`) or a cover set.
    fn allows(self, shape: Shape, h: usize, base: bool) -> bool {
        match (self, h / 9) {
            (Pass::All, _) => true,
            (_, 2) => shape != Shape::Basic,
            (Pass::Rows, kind) | (Pass::Columns, kind) => {
                let rows_side = (self == Pass::Rows) == base;
                (kind == 0) == rows_side
            }
        }
    }
}

/// A list of houses with the digit's candidates in each.
struct Units {
    house: [u8; 27],
    mask: [u128; 27],
    len: usize,
}

impl Units {
    fn new() -> Units {
        Units {
            house: [0; 27],
            mask: [0; 27],
            len: 0,
        }
    }

    fn push(&mut self, house: usize, mask: u128) {
        self.house[self.len] = house as u8;
        self.mask[self.len] = mask;
        self.len += 1;
    }
}

/// The base sets chosen so far.
#[derive(Clone, Copy, Default)]
struct Base {
    /// The houses (bit per house index).
    houses: u32,
    /// Their candidates.
    cells: u128,
    /// The candidates met twice (endo fins).
    endo: u128,
}

/// One walk (one pass on one digit).
struct Walk<'a> {
    query: &'a FishQuery,
    places: u128,
    bases: Units,
    covers: Units,
    /// The houses of `covers`.
    cover_houses: u32,
    /// Scratch for the cover sets of one base set.
    found: &'a mut Vec<u32>,
    visit: &'a mut dyn FnMut(&Fish) -> ControlFlow<()>,
    /// Search steps left.
    budget: u64,
}

impl Walk<'_> {
    /// The houses holding the digit that may be base or cover sets; base
    /// houses of a fish without fins hold at most `max_size` candidates.
    fn collect_units(&mut self, pass: Pass) {
        let q = self.query;
        for (h, &house) in HOUSE_BITS.iter().enumerate() {
            let mask = house & self.places;
            if mask == 0 {
                continue;
            }
            let small = mask.count_ones() as usize <= q.max_size;
            if pass.allows(q.shape, h, true) && (q.finned || small) {
                self.bases.push(h, mask);
            }
            if pass.allows(q.shape, h, false) {
                self.covers.push(h, mask);
                self.cover_houses |= 1 << h;
            }
        }
    }

    /// Extends `base` (of `level - 1` sets) by each base house from index
    /// `start` on, depth first, searching covers at the sizes wanted.
    fn bases(&mut self, level: usize, start: usize, base: Base) -> ControlFlow<()> {
        let q = *self.query;
        for i in start..self.bases.len {
            if self.budget == 0 {
                return ControlFlow::Break(());
            }
            self.budget -= 1;
            let mask = self.bases.mask[i];
            let overlap = base.cells & mask;
            if overlap != 0 {
                // HoDoKu counts the endo fins met before plus the new ones.
                let count = base.endo.count_ones() + overlap.count_ones();
                if !q.finned || count > q.max_endo_fins {
                    continue;
                }
            }
            let next = Base {
                houses: base.houses | 1 << self.bases.house[i],
                cells: base.cells | mask,
                endo: base.endo | overlap,
            };
            // Endo fins only grow deeper down: if no candidate sees them
            // all, nothing below eliminates anything.
            if next.endo != 0 && !sees_a_target(next.endo, q.targets) {
                continue;
            }
            // The candidates that cannot be fins need covers; they only
            // grow deeper down too.
            if !self.coverable(self.forced(next), next.houses, q.max_size) {
                continue;
            }
            if level >= q.min_size && !hodoku_skips(next.endo, q.endo_quirk) {
                self.covers_of(level, next)?;
            }
            if level < q.max_size {
                self.bases(level + 1, i + 1, next)?;
            }
        }
        ControlFlow::Continue(())
    }

    /// The base candidates of `base` that no fin may be: all of them for a
    /// fish without fins; with targets, those that see no target which sees
    /// the endo fins; none without targets.
    fn forced(&self, base: Base) -> u128 {
        let q = self.query;
        let open = base.cells & !base.endo;
        match (q.finned, q.targets) {
            (false, _) => open,
            (true, None) => 0,
            (true, Some(targets)) => {
                let mut seen = 0;
                let mut rest = targets & common_peers(base.endo);
                while rest != 0 {
                    seen |= PEER_BITS[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                open & !seen
            }
        }
    }

    /// Whether at most `k` cover houses, none of them in `banned`, hold
    /// all of `cells`.
    fn coverable(&self, cells: u128, banned: u32, k: usize) -> bool {
        if cells == 0 {
            return true;
        }
        if k == 0 {
            return false;
        }
        let cell = cells.trailing_zeros() as usize;
        let mut banned = banned;
        for h in [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3] {
            if self.cover_houses & !banned & 1 << h == 0 {
                continue;
            }
            if self.coverable(cells & !HOUSE_BITS[h], banned, k - 1) {
                return true;
            }
            // A cover set with this house would have been found above.
            banned |= 1 << h;
        }
        false
    }

    /// Every cover set of `size` houses for `base`, in lexicographic order.
    fn covers_of(&mut self, size: usize, base: Base) -> ControlFlow<()> {
        let q = self.query;
        let mut units = Units::new();
        let mut slot = [u8::MAX; 27];
        for i in 0..self.covers.len {
            let h = self.covers.house[i] as usize;
            let mask = self.covers.mask[i];
            if base.houses & 1 << h == 0 && mask & base.cells != 0 {
                slot[h] = units.len as u8;
                units.push(h, mask);
            }
        }
        if units.len < size {
            return ControlFlow::Continue(());
        }
        self.found.clear();
        let mut search = CoverSearch {
            size,
            base,
            must: base.cells & !base.endo,
            finned: q.finned,
            max_fins: q.max_fins,
            targets: q.targets,
            units: &units,
            slot: &slot,
            found: self.found,
            budget: self.budget,
        };
        let reach = q.targets.map_or(ALL_CELLS, |t| t & common_peers(base.endo));
        search.branch(Cover {
            reach,
            finnable: search.finnable(reach),
            ..Cover::default()
        });
        self.budget = search.budget;
        self.found.sort_unstable_by(|&a, &b| lexicographic(a, b));
        for k in 0..self.found.len() {
            let fish = make_fish(&units, base, self.found[k]);
            (self.visit)(&fish)?;
        }
        ControlFlow::Continue(())
    }
}

/// Orders two sets of slots as HoDoKu tries them: lexicographically by
/// their sorted slot numbers.
fn lexicographic(a: u32, b: u32) -> Ordering {
    let differ = a ^ b;
    if differ == 0 {
        Ordering::Equal
    } else if a & differ & differ.wrapping_neg() != 0 {
        Ordering::Less
    } else {
        Ordering::Greater
    }
}

/// The fish with `base` and the cover units of the slots `chosen`.
fn make_fish(units: &Units, base: Base, chosen: u32) -> Fish {
    let (mut cover, mut cover_cells, mut cannibals) = (0u32, 0u128, 0u128);
    for s in bits(chosen) {
        cover |= 1 << units.house[s];
        cannibals |= cover_cells & units.mask[s];
        cover_cells |= units.mask[s];
    }
    Fish {
        base: base.houses,
        cover,
        base_cells: base.cells,
        cover_cells,
        fins: (base.cells & !cover_cells) | base.endo,
        endo_fins: base.endo,
        cannibals,
    }
}

/// The cover sets of one base set.
struct CoverSearch<'a> {
    size: usize,
    base: Base,
    /// The base candidates that must be covered or be fins (all but the
    /// endo fins, which are fins either way).
    must: u128,
    finned: bool,
    max_fins: u32,
    targets: Option<u128>,
    units: &'a Units,
    /// The slot in `units` of each house, `u8::MAX` if none.
    slot: &'a [u8; 27],
    found: &'a mut Vec<u32>,
    /// Search steps left.
    budget: u64,
}

/// At most this many cover sets are kept per base set (a large fish can
/// take any filler houses as extra covers); past it HoDoKu's order among
/// them is no longer guaranteed.
const MAX_COVER_SETS: usize = 512;

/// A cover set that covers every base candidate, being completed with
/// extra houses.
#[derive(Clone, Copy)]
struct Extra {
    chosen: u32,
    count: usize,
    /// The candidates in the chosen houses, and those in two of them.
    union: u128,
    cannibals: u128,
    /// The slots that may still be added, and those through a target.
    allowed: u32,
    helpful: u32,
    /// The targets that see every fin.
    reach: u128,
}

/// A partial cover set.
#[derive(Clone, Copy, Default)]
struct Cover {
    /// The slots chosen.
    chosen: u32,
    count: usize,
    /// The candidates they cover, and those they cover twice.
    covered: u128,
    cannibals: u128,
    /// The base candidates declared fins.
    fins: u128,
    /// The targets that see every fin declared so far and every endo fin.
    reach: u128,
    /// The base candidates that may still become fins.
    finnable: u128,
    /// Slots that must stay out: the houses of the fins, and the houses
    /// already tried for a candidate (so each set is generated once).
    forbidden: u32,
}

impl CoverSearch<'_> {
    /// Accounts for one open base candidate: each of its houses in turn
    /// covers it, or it is a fin. A candidate that cannot be a fin (no
    /// target sees it and the fins so far) goes first: it must be covered.
    fn branch(&mut self, cover: Cover) {
        if self.found.len() >= MAX_COVER_SETS || self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let open = self.must & !cover.covered & !cover.fins;
        if open == 0 {
            return self.extras(cover);
        }
        let fins_left =
            self.max_fins
                .saturating_sub((cover.fins | self.base.endo).count_ones()) as usize;
        let forced = open & !cover.finnable;
        let left = self.size - cover.count;
        if left == 0 {
            // Nothing can cover the rest: all fins, or no fish.
            let fits = forced == 0 && open.count_ones() as usize <= fins_left;
            let reach = self.reach_with(cover.reach, open);
            if fits && (self.targets.is_none() || reach & self.potential(cover) != 0) {
                self.finish(cover.chosen);
            }
            return;
        }
        // Candidates that share no house need a house or a fin each.
        if apart(forced, left) > left || apart(open, left + fins_left) > left + fins_left {
            return;
        }
        // An elimination lies in a cover: with one house left and nothing
        // to eliminate yet, that house must hold a target.
        let needed =
            if self.targets.is_some() && left == 1 && self.potential(cover) & cover.reach == 0 {
                cover.reach & (cover.covered | !self.base.cells)
            } else {
                ALL_CELLS
            };
        let cell = if forced != 0 { forced } else { open }.trailing_zeros() as usize;
        let mut forbidden = cover.forbidden;
        for h in [cell / 9, 9 + cell % 9, 18 + cell / 27 * 3 + cell % 9 / 3] {
            let s = self.slot[h];
            if s == u8::MAX || forbidden & 1 << s != 0 {
                continue;
            }
            let mask = self.units.mask[s as usize];
            if mask & needed != 0 {
                self.branch(Cover {
                    chosen: cover.chosen | 1 << s,
                    count: cover.count + 1,
                    covered: cover.covered | mask,
                    cannibals: cover.cannibals | (cover.covered & mask),
                    forbidden,
                    ..cover
                });
            }
            forbidden |= 1 << s;
        }
        if forced == 0 && fins_left > 0 {
            let reach = self.reach_with(cover.reach, 1 << cell);
            if reach != 0 {
                self.branch(Cover {
                    fins: cover.fins | 1 << cell,
                    reach,
                    finnable: self.finnable(reach),
                    forbidden,
                    ..cover
                });
            }
        }
    }

    /// What `cover` would eliminate without fins so far: its candidates
    /// outside the base and those it covers twice.
    fn potential(&self, cover: Cover) -> u128 {
        (cover.covered & !self.base.cells) | cover.cannibals
    }

    /// The base candidates that may still be fins: with targets, those that
    /// see a target in `reach`; without, all (none for a fish without fins).
    fn finnable(&self, reach: u128) -> u128 {
        match (self.finned, self.targets) {
            (false, _) => 0,
            (true, None) => ALL_CELLS,
            (true, Some(_)) => {
                let mut out = 0;
                let mut rest = reach;
                while rest != 0 {
                    out |= PEER_BITS[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                out
            }
        }
    }

    /// The targets of `reach` that also see every cell of `fins` (all
    /// cells, without targets).
    fn reach_with(&self, reach: u128, fins: u128) -> u128 {
        match self.targets {
            None => ALL_CELLS,
            Some(_) => reach & common_peers(fins),
        }
    }

    /// Completes a cover set that accounts for every base candidate with
    /// houses that cover nothing new, chosen among the slots allowed. Their
    /// fins are settled: each completion is a fish if it eliminates
    /// something, which takes a house through a target that sees the fins.
    fn extras(&mut self, cover: Cover) {
        if cover.count == self.size {
            if self.targets.is_none() || self.potential(cover) & cover.reach != 0 {
                self.finish(cover.chosen);
            }
            return;
        }
        let mut extra = Extra {
            chosen: cover.chosen,
            count: cover.count,
            union: 0,
            cannibals: 0,
            allowed: 0,
            helpful: 0,
            reach: cover.reach & common_peers(cover.fins),
        };
        for s in 0..self.units.len {
            let mask = self.units.mask[s];
            if cover.chosen & 1 << s != 0 {
                extra.cannibals |= extra.union & mask;
                extra.union |= mask;
            } else if cover.forbidden & 1 << s == 0 {
                extra.allowed |= 1 << s;
                if mask & extra.reach != 0 {
                    extra.helpful |= 1 << s;
                }
            }
        }
        self.complete(extra);
    }

    /// Adds the extra houses of [`Self::extras`], lowest slot first.
    fn complete(&mut self, extra: Extra) {
        let hit = self.targets.is_none()
            || ((extra.union & !self.base.cells) | extra.cannibals) & extra.reach != 0;
        if extra.count == self.size {
            if hit {
                self.found.push(extra.chosen);
            }
            return;
        }
        if !hit && extra.helpful & extra.allowed == 0 {
            return;
        }
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let mut rest = extra.allowed;
        while rest != 0 && self.found.len() < MAX_COVER_SETS {
            let s = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let mask = self.units.mask[s];
            self.complete(Extra {
                chosen: extra.chosen | 1 << s,
                count: extra.count + 1,
                union: extra.union | mask,
                cannibals: extra.cannibals | (extra.union & mask),
                allowed: rest,
                ..extra
            });
        }
    }

    /// Keeps a complete cover set if it has the fins wanted and, when asked,
    /// eliminates something.
    fn finish(&mut self, chosen: u32) {
        let fish = make_fish(self.units, self.base, chosen);
        let fins = fish.fins.count_ones();
        let fins_ok = if self.finned {
            (1..=self.max_fins).contains(&fins)
        } else {
            fins == 0
        };
        if fins_ok && (self.targets.is_none() || fish.eliminations() != 0) {
            self.found.push(chosen);
        }
    }
}
