//! Quick answers that let a producer be skipped without running SE's
//! searches: what every candidate forces through static links, for all
//! candidates at once.
//!
//! Static links (a candidate on turns off its cellmates and the digit's
//! other places; off turns on the other digit of a bivalue cell and the
//! other place of a bilocal house) form a 2-SAT implication graph. Between
//! "on" potentials, `a` leads to `c` when `a` turns off some `b` whose strong
//! partner is `c`; the potentials a candidate forces are those reachable
//! from it, found for all candidates by one strongly-connected-components
//! pass and a union of bitboards along the condensation.

use super::board::{
    Bits, Board, Cand, cand, cell_of, cells, digit_of, digits, peers_of, two_digits,
};
use crate::logic::components::Components;
use crate::logic::single_digit::{HOUSE_BITS, PEER_BITS};

/// The "on" potentials each candidate forces through static X and Y links.
pub(super) struct StaticReach {
    /// Per candidate (index `cell * 9 + digit`), its strongly connected
    /// component ([`UNSEEN`] for non-candidates).
    comp: Vec<u32>,
    /// Per component, the candidates its members force on (themselves
    /// included).
    comps: Vec<Bits>,
    /// The candidates that lie on a loop of implications (only they can
    /// start a bidirectional cycle).
    pub looped: Bits,
    /// The static strong links, which also give each candidate's partners.
    pub links: StrongLinks,
    /// The candidates of the position, per digit.
    places: Bits,
    /// Per component of two candidates or more (a loop), its members.
    members: Vec<Bits>,
    /// Per candidate on a loop (see `looped`), its loop in `members`
    /// (stale for the others).
    loop_of: Vec<u32>,
    /// The implication graph, kept (like `tarjan`) for the next board:
    /// nested searches build a reach for every board a propagation leaves.
    edges: Edges,
    /// The component search's buffers.
    tarjan: Components,
}

#[cfg(test)]
const NONE: Cand = Cand::MAX;

/// No component: not a candidate.
const UNSEEN: u32 = u32::MAX;

/// A board's candidates and its reach.
type Cached = Option<([u16; 81], std::rc::Rc<StaticReach>)>;

thread_local! {
    /// The last two boards' reaches, the newest first: SE's cycles and the
    /// static multiple-chain gate ask for the same board in turn, and while
    /// the last barren board's reach is kept ([`note_barren`]) the other
    /// one is rebuilt rather than allocated anew.
    static LAST: std::cell::RefCell<[Cached; 2]> = const { std::cell::RefCell::new([None, None]) };
}

impl StaticReach {
    /// The reach of every candidate of `board`, shared with the last
    /// callers that asked for the same candidates (and built in the place
    /// of an older reach that no one holds any more).
    pub(super) fn of(board: &Board) -> std::rc::Rc<StaticReach> {
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            let has = |s: &Cached| s.as_ref().is_some_and(|(key, _)| *key == board.cells);
            if let Some(i) = last.iter().position(has) {
                last.swap(0, i);
            } else {
                // The older reach if no one holds it, else the newer.
                let free = |s: &mut Cached| {
                    s.as_mut()
                        .is_some_and(|(_, r)| std::rc::Rc::get_mut(r).is_some())
                };
                let i = [1, 0]
                    .into_iter()
                    .find(|&i| free(&mut last[i]))
                    .unwrap_or(1);
                let slot = &mut last[i];
                match slot
                    .as_mut()
                    .and_then(|(key, r)| std::rc::Rc::get_mut(r).map(|mine| (key, mine)))
                {
                    Some((key, mine)) => {
                        mine.rebuild(board);
                        *key = board.cells;
                    }
                    None => *slot = Some((board.cells, std::rc::Rc::new(StaticReach::new(board)))),
                }
                last.swap(0, i);
            }
            last[0].as_ref().expect("the newest reach").1.clone()
        })
    }

    /// A reach whose "on" sets contain those of `board` (each candidate's
    /// at least the candidates it forces on in `board`): the last barren
    /// board's when [`known_barren`] holds (every implication of `board`
    /// is one of that board's, so what a candidate forces on here it
    /// forces on there), else `board`'s own. A gate that only rules out
    /// what the sets cannot reach stays exact with it, and the nested
    /// searches ask on boards reduced from a barren walk board, mostly
    /// without a new link.
    pub(super) fn covering(board: &Board) -> std::rc::Rc<StaticReach> {
        barren_source(board).unwrap_or_else(|| StaticReach::of(board))
    }

    /// The reach of every candidate of `board`.
    pub(super) fn new(board: &Board) -> StaticReach {
        let mut reach = StaticReach {
            comp: Vec::new(),
            comps: Vec::new(),
            looped: [0; 9],
            links: StrongLinks::new(board),
            places: board.digits,
            members: Vec::new(),
            loop_of: vec![0; 729],
            edges: Edges::new(),
            tarjan: Components::new(729),
        };
        reach.rebuild(board);
        reach
    }

    /// Makes this the reach of `board`, reusing the buffers.
    fn rebuild(&mut self, board: &Board) {
        self.links.fill(board);
        self.places = board.digits;
        self.edges.build(board, &self.links);
        self.close_components(board);
    }

    /// The components of the implication graph ([`Components`] emits
    /// successors first) and what each reaches: its members and the reach
    /// of the components its edges lead to. An edge to a candidate already
    /// reached adds nothing (that candidate's own reach came with it), so
    /// most edges cost one bit test rather than a union of bitboards.
    fn close_components(&mut self, board: &Board) {
        let StaticReach {
            comp,
            comps,
            looped,
            members,
            loop_of,
            edges,
            tarjan,
            ..
        } = self;
        comp.clear();
        comp.resize(729, UNSEEN);
        comps.clear();
        members.clear();
        *looped = [0; 9];
        tarjan.reset();
        let mut close = |group: &[u16]| {
            let id = comps.len() as u32;
            let mut own = [0u128; 9];
            for &w in group {
                comp[usize::from(w)] = id;
                own[digit_of(w)] |= 1u128 << cell_of(w);
            }
            if group.len() > 1 {
                for &w in group {
                    loop_of[usize::from(w)] = members.len() as u32;
                }
                members.push(own);
                for (l, m) in looped.iter_mut().zip(&own) {
                    *l |= m;
                }
            }
            // Successors' components were emitted before this one (and a
            // member's own component is in `own`).
            let mut bits = own;
            for &v in group {
                for &w in edges.of(usize::from(v)) {
                    if bits[digit_of(w)] >> cell_of(w) & 1 == 0 {
                        let other = &comps[comp[usize::from(w)] as usize];
                        for (b, o) in bits.iter_mut().zip(other) {
                            *b |= o;
                        }
                    }
                }
            }
            comps.push(bits);
        };
        let successors = |v: u16| edges.of(usize::from(v));
        for cell in 0..81 {
            for d in digits(board.cells[cell]) {
                let root = cand(cell, d);
                if !tarjan.seen(root) {
                    tarjan.visit(&successors, root, &mut close);
                }
            }
        }
    }

    /// How many loops (strongly connected components of two candidates
    /// or more) there are.
    pub(super) fn component_count(&self) -> usize {
        self.members.len()
    }

    /// The loop of candidate `z` (`None` if it is on none: only loops
    /// start cycles) and its members: the candidates that `z` on forces on
    /// and that force `z` on.
    pub(super) fn component(&self, z: Cand) -> Option<(usize, &Bits)> {
        if self.looped[digit_of(z)] >> cell_of(z) & 1 == 0 {
            return None;
        }
        let id = self.loop_of[usize::from(z)] as usize;
        Some((id, &self.members[id]))
    }

    /// The candidates that `z` on forces on, itself included.
    pub(super) fn on(&self, z: Cand) -> &Bits {
        const EMPTY: Bits = [0; 9];
        match self.comp[usize::from(z)] {
            UNSEEN => &EMPTY,
            id => &self.comps[id as usize],
        }
    }

    /// The candidates of `board` (in order) that are killable or
    /// placeable, each with which of the two: the premises of SE's forcing
    /// chains and cycles. One pass over the candidates, without the look-ups
    /// of the plain definitions (`killable` and `placeable`, test-only).
    pub(super) fn able(&self, board: &Board) -> Vec<(Cand, bool, bool)> {
        let mut out = Vec::new();
        for (cell, (&set, &peers)) in board.cells.iter().zip(&PEER_BITS).enumerate() {
            let bit = 1u128 << cell;
            let bivalue = self.links.bivalue & bit != 0;
            for d in digits(set) {
                let z = cand(cell, d);
                let on = &self.comps[self.comp[usize::from(z)] as usize];
                // A peer of its digit or a cellmate turned on kills `z`
                // (a cellmate on is a candidate of the cell).
                let others = set & !(1 << d);
                let killable = on[d] & peers != 0 || digits(others).any(|e| on[e] & bit != 0);
                // Its strong partners: the cell's other digit if bivalue,
                // its digit's other place in each bilocal house.
                let forces_z = |p: Cand| self.on(p)[d] & bit != 0;
                let placeable = (bivalue && forces_z(cand(cell, others.trailing_zeros() as usize)))
                    || cells(self.links.partner[d][cell]).any(|c| forces_z(cand(c, d)));
                if killable || placeable {
                    out.push((z, killable, placeable));
                }
            }
        }
        out
    }

    /// Whether `z` on forces `z` off (a contradiction): the plain
    /// definition that [`StaticReach::able`] must match.
    #[cfg(test)]
    pub(super) fn killable(&self, z: Cand) -> bool {
        let (cell, d) = (cell_of(z), digit_of(z));
        let on = self.on(z);
        (0..9).any(|e| {
            let sees = if e == d {
                PEER_BITS[cell]
            } else {
                1u128 << cell
            };
            on[e] & sees != 0
        })
    }

    /// Whether `z` off forces `z` on (see [`StaticReach::killable`]).
    #[cfg(test)]
    pub(super) fn placeable(&self, z: Cand) -> bool {
        let (cell, d) = (cell_of(z), digit_of(z));
        let forces_z = |p: Cand| self.on(p)[d] >> cell & 1 == 1;
        if self.links.bivalue >> cell & 1 == 1 {
            let other = (0..9).find(|&e| e != d && self.places[e] >> cell & 1 == 1);
            if other.is_some_and(|e| forces_z(cand(cell, e))) {
                return true;
            }
        }
        cells(self.links.partner[d][cell]).any(|c| forces_z(cand(c, d)))
    }
}

/// A barren board and its reach.
type Barren = Option<(Board, std::rc::Rc<StaticReach>)>;

thread_local! {
    /// The last board a walk found barren (no candidate killable nor
    /// placeable: [`known_barren`]), with its reach.
    static BARREN: std::cell::RefCell<Barren> = const { std::cell::RefCell::new(None) };
}

/// Remembers `board`, whose reach is `reach`, as barren: none of its
/// candidates is killable or placeable (SE's cycles producer found nothing
/// to start from).
pub(super) fn note_barren(board: &Board, reach: &std::rc::Rc<StaticReach>) {
    BARREN.with(|b| *b.borrow_mut() = Some((*board, reach.clone())));
}

/// The reach of the last barren board if `board` has no strong link that
/// board lacks (see [`known_barren`]).
fn barren_source(board: &Board) -> Option<std::rc::Rc<StaticReach>> {
    BARREN.with(|b| {
        let b = b.borrow();
        let (source, reach) = b.as_ref()?;
        no_new_links(board, source).then(|| reach.clone())
    })
}

/// Whether `board` is known to be barren without building its reach: its
/// candidates are among those of the last barren board `s` and it has no
/// strong link that `s` lacks (every bivalue cell and bilocal house of
/// `board` is one of `s`, with the same candidates). Then every link of
/// its implication graph is one of `s`'s graph, so what a candidate forces
/// on here it forces on in `s`, and a candidate killable or placeable here
/// would be so in `s`. The nested searches run on boards a propagation
/// reduced from the walk's board, which is barren wherever they run.
pub(super) fn known_barren(board: &Board) -> bool {
    BARREN.with(|b| {
        b.borrow()
            .as_ref()
            .is_some_and(|(s, _)| no_new_links(board, s))
    })
}

/// Whether `board` is barren, proven from the last barren board `s`
/// without building its reach (`false` when unproven). A killable
/// candidate `z` of `board` forces on a candidate `w` that it sees, and the
/// implications on that path are all implications of `s` except those
/// through a strong link `b`-`c` that `s` lacks (`b` off turns `c` on);
/// without one, `z` would be killable in `s`. So for some such link `z`
/// leads to a killer of `b` and sees a candidate that `c` leads to: when
/// no link has such a candidate, nothing is killable. Nor is anything
/// placeable: `z` placeable means a strong partner of `z` forces `z` on,
/// and that partner, which sees `z`, is killable.
///
/// With a few new links, what a link end leads to is searched on the
/// board; with more, it is bounded from above with the reach of `s`
/// ([`covered_reach`]): a few unions of its bitboards per link, cheaper
/// there than the searches. Boards with more than [`MAX_NEW_LINKS`] are
/// left to the full build, which costs less there.
pub(super) fn barren_by_new_links(board: &Board) -> bool {
    BARREN.with(|b| {
        b.borrow()
            .as_ref()
            .is_some_and(|(s, reach)| new_links_barren(board, s, reach))
    })
}

/// At most this many new links are proven by searching the board (more
/// cost more than bounding with the source's reach).
const SEARCHED_LINKS: usize = 3;

/// At most this many new links are proven at all: more cost more than
/// the board's own reach ([`StaticReach::of`]).
const MAX_NEW_LINKS: usize = 10;

thread_local! {
    /// The strong links of the last board proven by search, refilled for
    /// the next (zeroing a fresh table cost more than the proof).
    static LINKS: std::cell::RefCell<Option<StrongLinks>> = const { std::cell::RefCell::new(None) };
}

/// [`barren_by_new_links`] from the barren board `source`, whose reach is
/// `reach`.
fn new_links_barren(board: &Board, source: &Board, reach: &StaticReach) -> bool {
    if board
        .cells
        .iter()
        .zip(&source.cells)
        .any(|(&c, &s)| c & !s != 0)
    {
        return false;
    }
    let new = new_links(board, source);
    if new.len() <= SEARCHED_LINKS {
        LINKS.with(|l| {
            let mut l = l.borrow_mut();
            let links = l.get_or_insert_with(|| StrongLinks::new(board));
            links.fill(board);
            barren_by_search(board, links, &new)
        })
    } else {
        new.len() <= MAX_NEW_LINKS && barren_by_cover(board, reach, &new)
    }
}

/// [`new_links_barren`] by searching what each end of the new links `new`
/// leads to in `board` (whose strong links are `links`): a killable
/// candidate would lead to a killer of `b` and see a candidate that `c`
/// leads to, for a new link `b`-`c` read one way or the other.
fn barren_by_search(board: &Board, links: &StrongLinks, new: &[(Cand, Cand)]) -> bool {
    new.iter()
        .flat_map(|&(x, y)| [(x, y), (y, x)])
        .all(|(b, c)| {
            let from_c = closure(board, links, single(c), true);
            let to_killers = closure(board, links, kill(board, &single(b)), false);
            let seen = kill(board, &from_c);
            seen.iter().zip(&to_killers).all(|(s, k)| s & k == 0)
        })
}

/// [`barren_by_search`] with what a set leads to bounded from above by
/// the source's reach `reach` ([`covered_reach`]).
fn barren_by_cover(board: &Board, reach: &StaticReach, new: &[(Cand, Cand)]) -> bool {
    // Each new link both ways, as (`b`, `c`, the killers of `b`).
    let turns: Vec<(Cand, Cand, Bits)> = new
        .iter()
        .flat_map(|&(x, y)| [(x, y), (y, x)])
        .map(|(b, c)| (b, c, kill(board, &single(b))))
        .collect();
    turns.iter().all(|(_, c, killers)| {
        let seen = kill(board, &covered_reach(board, reach, &single(*c), &turns));
        let led = covered_reach(board, reach, &seen, &turns);
        led.iter().zip(killers).all(|(l, k)| l & k == 0)
    })
}

/// The strong links of `board` that `source` lacks (a house counted new
/// when it is not bilocal in `source`: more links only ask more).
fn new_links(board: &Board, source: &Board) -> Vec<(Cand, Cand)> {
    let mut new = Vec::new();
    for cell in 0..81 {
        let (c, s) = (board.cells[cell], source.cells[cell]);
        if two_digits(c) && !two_digits(s) {
            let mut ds = digits(c);
            let (d, e) = (ds.next().unwrap_or(0), ds.next().unwrap_or(0));
            new.push((cand(cell, d), cand(cell, e)));
        }
    }
    for d in 0..9 {
        for &h in &HOUSE_BITS {
            let m = board.digits[d] & h;
            if two_bits(m) && !two_bits(source.digits[d] & h) {
                let (x, y) = (m.trailing_zeros(), 127 - m.leading_zeros());
                new.push((cand(x as usize, d), cand(y as usize, d)));
            }
        }
    }
    new
}

/// The candidates of `board` that `start` leads to at most, from the
/// reach `reach` of the barren board it was reduced from: every
/// implication of `board` is one of that board's or goes through a new
/// link of `turns` (`b` off turns `c` on once a candidate reached is a
/// killer of `b`), so the union of the source's reaches of `start`, grown
/// by the reach of each `c` whose `b` is killed, holds every candidate
/// that `start` leads to in `board`.
fn covered_reach(
    board: &Board,
    reach: &StaticReach,
    start: &Bits,
    turns: &[(Cand, Cand, Bits)],
) -> Bits {
    let mut led = [0u128; 9];
    let add = |led: &mut Bits, z: Cand| {
        for (l, o) in led.iter_mut().zip(reach.on(z)) {
            *l |= o;
        }
    };
    for (d, &m) in start.iter().enumerate() {
        for cell in cells(m) {
            add(&mut led, cand(cell, d));
        }
    }
    loop {
        let mut grown = false;
        for &(_, c, ref killers) in turns {
            let has_c = led[digit_of(c)] >> cell_of(c) & 1 == 1;
            if !has_c && led.iter().zip(killers).any(|(l, k)| l & k != 0) {
                add(&mut led, c);
                grown = true;
            }
        }
        if !grown {
            break;
        }
    }
    std::array::from_fn(|d| led[d] & board.digits[d])
}

/// The candidate `c` alone, as a set.
fn single(c: Cand) -> Bits {
    let mut set = [0u128; 9];
    set[digit_of(c)] = 1u128 << cell_of(c);
    set
}

/// The candidates of `board` that a candidate of `set` on turns off: the
/// peers of its digit and its cellmates (a symmetric relation).
fn kill(board: &Board, set: &Bits) -> Bits {
    std::array::from_fn(|d| {
        // Cellmates: the cells of the other digits.
        let mates = set
            .iter()
            .enumerate()
            .filter(|&(e, _)| e != d)
            .fold(0u128, |a, (_, &m)| a | m);
        (peers_of(set[d]) | mates) & board.digits[d]
    })
}

/// The candidates that the strong partners of `set` in `board` are.
fn partners(board: &Board, links: &StrongLinks, set: &Bits) -> Bits {
    std::array::from_fn(|e| {
        let house = cells(set[e]).fold(0, |a, c| a | links.partner[e][c]);
        let others = set
            .iter()
            .enumerate()
            .filter(|&(d, _)| d != e)
            .fold(0u128, |a, (_, &m)| a | m);
        house | others & links.bivalue & board.digits[e]
    })
}

/// `start` and every candidate it leads to (`forward`), or that leads to
/// it, in the implication graph of `board`: one step turns off what a
/// candidate sees and on the strong partners of that.
fn closure(board: &Board, links: &StrongLinks, start: Bits, forward: bool) -> Bits {
    let (mut all, mut front) = (start, start);
    while front.iter().any(|&m| m != 0) {
        let next = if forward {
            partners(board, links, &kill(board, &front))
        } else {
            kill(board, &partners(board, links, &front))
        };
        for d in 0..9 {
            front[d] = next[d] & !all[d];
            all[d] |= front[d];
        }
    }
    all
}

/// Whether the candidates of `board` are among those of `source` and
/// every strong link of `board` is one of `source`.
fn no_new_links(board: &Board, source: &Board) -> bool {
    let cells_ok = board.cells.iter().zip(&source.cells).all(|(&c, &s)| {
        // A cell bivalue here and not there lost a candidate.
        c & !s == 0 && (!two_digits(c) || two_digits(s))
    });
    cells_ok
        && board.digits.iter().zip(&source.digits).all(|(&c, &s)| {
            c == s
                || HOUSE_BITS
                    .iter()
                    .all(|&h| !two_bits(c & h) || two_bits(s & h))
        })
}

/// The strong partners of each candidate: the other digit of a bivalue
/// cell, the other place of the digit in each bilocal house.
#[cfg(test)]
fn strong_partners(board: &Board) -> Vec<[Cand; 4]> {
    let mut out = vec![[NONE; 4]; 729];
    for cell in 0..81 {
        let set = board.cells[cell];
        for d in digits(set) {
            let slot = &mut out[usize::from(cand(cell, d))];
            let mut n = 0;
            if two_digits(set) {
                slot[n] = cand(cell, (set & !(1 << d)).trailing_zeros() as usize);
                n += 1;
            }
            for (_, h) in super::board::se_houses(cell) {
                let places = board.digits[d] & HOUSE_BITS[h];
                if two_bits(places) {
                    let other = cand((places & !(1u128 << cell)).trailing_zeros() as usize, d);
                    if !slot[..n].contains(&other) {
                        slot[n] = other;
                        n += 1;
                    }
                }
            }
        }
    }
    out
}

/// Whether `m` has exactly two bits.
fn two_bits(m: u128) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// The candidates that candidate `a` on forces on in one step: it turns
/// off its cellmates and the peers of its digit; each of those turns on
/// its partners in the bilocal houses of its digit and the other digit of
/// its cell if bivalue.
fn successors(board: &Board, links: &StrongLinks, a: Cand) -> Bits {
    let (cell, d) = (cell_of(a), digit_of(a));
    let peers = board.digits[d] & PEER_BITS[cell];
    let mut succ = [0u128; 9];
    let partner = &links.partner[d];
    succ[d] = cells(peers & links.bilocal[d]).fold(0, |m, c| m | partner[c]);
    for c in cells(peers & links.bivalue) {
        let other = (board.cells[c] & !(1 << d)).trailing_zeros() as usize;
        succ[other] |= 1u128 << c;
    }
    // A cellmate's bivalue partner is `a` itself.
    for e in digits(board.cells[cell] & !(1 << d)) {
        succ[e] |= links.partner[e][cell];
    }
    succ[d] &= !(1u128 << cell);
    succ
}

/// The implication graph in compressed rows.
struct Edges {
    start: Vec<u32>,
    to: Vec<u16>,
}

impl Edges {
    /// An empty graph, to build.
    fn new() -> Edges {
        Edges {
            start: vec![0; 730],
            to: Vec::with_capacity(4096),
        }
    }

    /// Makes this the graph of `board` (whose strong links are `links`):
    /// from each candidate "on", the candidates that the strong partners of
    /// what it turns off force on (itself left out), found per candidate
    /// with bitboards.
    fn build(&mut self, board: &Board, links: &StrongLinks) {
        self.to.clear();
        for a in 0..729 {
            self.start[usize::from(a)] = self.to.len() as u32;
            if board.has(a) {
                let succ = successors(board, links, a);
                for (e, &m) in succ.iter().enumerate() {
                    self.to.extend(cells(m).map(|c| cand(c, e)));
                }
            }
        }
        self.start[729] = self.to.len() as u32;
    }

    /// The same graph from the strong partners, one partner at a time.
    #[cfg(test)]
    fn by_partners(board: &Board) -> Edges {
        let partners = strong_partners(board);
        let mut edges = Edges {
            start: vec![0; 730],
            to: Vec::with_capacity(4096),
        };
        for a in 0..729u16 {
            edges.start[usize::from(a)] = edges.to.len() as u32;
            if !board.has(a) {
                continue;
            }
            let (cell, d) = (cell_of(a), digit_of(a));
            let from = edges.to.len();
            let seen = |b: Cand, to: &mut Vec<u16>| {
                for &c in &partners[usize::from(b)] {
                    if c != NONE && c != a && !to[from..].contains(&c) {
                        to.push(c);
                    }
                }
            };
            for e in digits(board.cells[cell] & !(1 << d)) {
                seen(cand(cell, e), &mut edges.to);
            }
            for other in cells(board.digits[d] & PEER_BITS[cell]) {
                seen(cand(other, d), &mut edges.to);
            }
        }
        edges.start[729] = edges.to.len() as u32;
        edges
    }

    fn of(&self, v: usize) -> &[u16] {
        &self.to[self.start[v] as usize..self.start[v + 1] as usize]
    }
}

/// The static strong links of a position, as bitboards: bivalue cells and,
/// per digit, the houses where it has exactly two places.
pub(super) struct StrongLinks {
    bivalue: u128,
    /// Per digit and cell, the cell's partners: the other place of the
    /// digit in each house where it has two places.
    partner: [[u128; 81]; 9],
    /// Per digit, the cells that have a partner.
    bilocal: Bits,
}

impl StrongLinks {
    /// The strong links of `board`.
    pub(super) fn new(board: &Board) -> StrongLinks {
        let mut links = StrongLinks {
            bivalue: 0,
            partner: [[0; 81]; 9],
            bilocal: [0; 9],
        };
        links.fill(board);
        links
    }

    /// Makes these the strong links of `board`.
    fn fill(&mut self, board: &Board) {
        self.bivalue = (0..81)
            .filter(|&c| two_digits(board.cells[c]))
            .fold(0u128, |m, c| m | 1u128 << c);
        // Only the last board's bilocal places have partners to forget.
        for (partner, &old) in self.partner.iter_mut().zip(&self.bilocal) {
            for c in cells(old) {
                partner[c] = 0;
            }
        }
        self.bilocal = [0u128; 9];
        for (d, partner) in self.partner.iter_mut().enumerate() {
            for &house in &HOUSE_BITS {
                let m = board.digits[d] & house;
                if two_bits(m) {
                    let (a, b) = (m.trailing_zeros(), 127 - m.leading_zeros());
                    partner[a as usize] |= 1u128 << b;
                    partner[b as usize] |= 1u128 << a;
                    self.bilocal[d] |= m;
                }
            }
        }
    }

    /// The candidates whose "off" turns something on through the strong
    /// links of a pass (the bivalue cells' with `y`, the bilocal places'
    /// with `x`): a static search that turns another candidate off ends
    /// there.
    pub(super) fn live(&self, board: &Board, y: bool, x: bool) -> Bits {
        std::array::from_fn(|d| {
            let cell = if y { self.bivalue & board.digits[d] } else { 0 };
            let house = if x { self.bilocal[d] } else { 0 };
            cell | house
        })
    }

    /// The length in links of the shortest static chain from `z` (assumed
    /// "on" if `on`, else "off") to its opposite, with cell links if `y`,
    /// if there is one of at most `max` links: the layered search of SE's
    /// `doForcingChains`, on bitboards.
    pub(super) fn forcing_distance(
        &self,
        board: &Board,
        z: Cand,
        on: bool,
        y: bool,
        max: u32,
    ) -> Option<u32> {
        if y {
            self.xy_distance(board, z, on, max)
        } else {
            self.x_distance(board, z, on, max)
        }
    }

    /// [`StrongLinks::forcing_distance`] without cell links: the search
    /// keeps to the digit of `z`, one bitboard per layer.
    fn x_distance(&self, board: &Board, z: Cand, on: bool, max: u32) -> Option<u32> {
        let (zc, zd) = (cell_of(z), digit_of(z));
        let (places, partner) = (board.digits[zd], &self.partner[zd]);
        let z_bit = 1u128 << zc;
        let (mut seen_on, mut seen_off) = if on { (z_bit, 0) } else { (0, z_bit) };
        let mut front = z_bit;
        let mut front_is_on = on;
        for depth in 1..=max {
            if front == 0 {
                return None;
            }
            if front_is_on {
                front = peers_of(front) & places & !seen_off;
                seen_off |= front;
            } else {
                front = cells(front).fold(0, |m, c| m | partner[c]) & !seen_on;
                seen_on |= front;
            }
            front_is_on = !front_is_on;
            // The opposite of `z` is reached.
            if front_is_on != on && front & z_bit != 0 {
                return Some(depth);
            }
        }
        None
    }

    /// [`StrongLinks::forcing_distance`] with cell links.
    fn xy_distance(&self, board: &Board, z: Cand, on: bool, max: u32) -> Option<u32> {
        let (zc, zd) = (cell_of(z), digit_of(z));
        let mut seen_on = [0u128; 9];
        let mut seen_off = [0u128; 9];
        let mut front = [0u128; 9];
        front[zd] = 1u128 << zc;
        if on {
            seen_on[zd] = front[zd];
        } else {
            seen_off[zd] = front[zd];
        }
        let mut front_is_on = on;
        let mut depth = 0;
        loop {
            if front.iter().all(|&m| m == 0) || depth >= max {
                return None;
            }
            depth += 1;
            let mut next = [0u128; 9];
            if front_is_on {
                let (mut any, mut twice) = (0u128, 0u128);
                for d in 0..9 {
                    let mut peers = 0u128;
                    for c in cells(front[d]) {
                        peers |= PEER_BITS[c];
                    }
                    next[d] = peers;
                    twice |= any & front[d];
                    any |= front[d];
                }
                for d in 0..9 {
                    // Cells where another digit is on.
                    next[d] |= (any & !front[d]) | (twice & front[d]);
                    next[d] &= board.digits[d] & !seen_off[d];
                    seen_off[d] |= next[d];
                }
                if on && next[zd] >> zc & 1 == 1 {
                    return Some(depth);
                }
            } else {
                for d in 0..9 {
                    for c in cells(front[d]) {
                        next[d] |= self.partner[d][c];
                    }
                    for c in cells(front[d] & self.bivalue) {
                        let other = (board.cells[c] & !(1 << d)).trailing_zeros() as usize;
                        next[other] |= 1u128 << c;
                    }
                }
                for d in 0..9 {
                    next[d] &= !seen_on[d];
                    seen_on[d] |= next[d];
                }
                if !on && next[zd] >> zc & 1 == 1 {
                    return Some(depth);
                }
            }
            front = next;
            front_is_on = !front_is_on;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The bitboard graph has the edges of the partner-by-partner one, on
    /// every position of SE's walk through a few hard puzzles.
    #[test]
    fn edges_by_bitboards_match_edges_by_partners() {
        use crate::logic::se_chains::walk::next_step;
        use crate::logic::solver::Position;
        let mut positions = 0;
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..6] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                let links = StrongLinks::new(&board);
                let (mut fast, slow) = (Edges::new(), Edges::by_partners(&board));
                fast.build(&board, &links);
                for v in 0..729 {
                    let (mut got, mut want) = (fast.of(v).to_vec(), slow.of(v).to_vec());
                    got.sort_unstable();
                    want.sort_unstable();
                    assert_eq!(got, want, "candidate {v} of {}", pos.grid);
                }
                positions += 1;
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(positions > 100, "{positions}");
    }

    /// What every candidate forces on, and whether its "off" forces it
    /// on (from a reach rebuilt in the buffers of the last one), match a
    /// plain search over the partner-by-partner graph and the
    /// partner list, on every position of SE's walk through hard and
    /// random minimal puzzles.
    #[test]
    fn reach_matches_a_search_by_partners() {
        use crate::logic::se_chains::walk::next_step;
        use crate::logic::solver::Position;
        use crate::logic::soundness::sample;
        let mut puzzles = sample("top1465_200.txt")[..8].to_vec();
        puzzles.extend_from_slice(&sample("random_minimal_200.txt")[..20]);
        let (mut positions, mut placeable) = (0, 0);
        for puzzle in &puzzles {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                // Rebuilt in the last position's reach (dropped below).
                let reach = StaticReach::of(&board);
                let edges = Edges::by_partners(&board);
                let partners = strong_partners(&board);
                let on_of = |z: Cand| {
                    let mut bits = [0u128; 9];
                    let mut todo = vec![z];
                    bits[digit_of(z)] |= 1u128 << cell_of(z);
                    while let Some(v) = todo.pop() {
                        for &w in edges.of(usize::from(v)) {
                            let (m, bit) = (&mut bits[digit_of(w)], 1u128 << cell_of(w));
                            if *m & bit == 0 {
                                *m |= bit;
                                todo.push(w);
                            }
                        }
                    }
                    bits
                };
                let all: Vec<Bits> = (0..729u16).map(on_of).collect();
                let able: Vec<(Cand, bool, bool)> = (0..729u16)
                    .filter(|&c| board.has(c))
                    .map(|c| (c, reach.killable(c), reach.placeable(c)))
                    .filter(|&(_, k, p)| k || p)
                    .collect();
                assert_eq!(reach.able(&board), able, "{}", pos.grid);
                for z in (0..729u16).filter(|&z| board.has(z)) {
                    assert_eq!(*reach.on(z), all[usize::from(z)], "{z} on {}", pos.grid);
                    let (cell, d) = (cell_of(z), digit_of(z));
                    let want = partners[usize::from(z)]
                        .iter()
                        .any(|&p| p != NONE && all[usize::from(p)][d] >> cell & 1 == 1);
                    assert_eq!(reach.placeable(z), want, "{z} placeable {}", pos.grid);
                    placeable += usize::from(want);
                }
                positions += 1;
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            positions > 300 && placeable > 1000,
            "{positions} {placeable}"
        );
    }

    /// `board` with up to `n` candidates removed at random (from `seed`),
    /// each from a cell that keeps two or more.
    fn reduce(mut board: Board, n: usize, seed: &mut u64) -> Board {
        for _ in 0..n {
            *seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let c = (*seed >> 33) as Cand % 729;
            if board.has(c) && board.cells[cell_of(c)].count_ones() > 2 {
                board.remove(c);
            }
        }
        board
    }

    /// A board proven barren from its new strong links is barren, on
    /// boards reduced at random from barren walk boards (many of which are
    /// not barren, and many barren without a proof would still pass).
    #[test]
    fn boards_barren_by_new_links_are_barren() {
        use crate::logic::se_chains::walk::next_step;
        use crate::logic::solver::Position;
        let barren = |b: &Board| StaticReach::new(b).able(b).is_empty();
        let (mut proven, mut able, mut seed) = (0, 0, 0x2545_f491_u64);
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..12] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                if barren(&board) {
                    note_barren(&board, &StaticReach::of(&board));
                    for round in 0..40 {
                        let reduced = reduce(board, round / 4 + 1, &mut seed);
                        let is = barren(&reduced);
                        able += usize::from(!is);
                        if barren_by_new_links(&reduced) {
                            proven += 1;
                            assert!(is, "{} reduced", pos.grid);
                        }
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(proven > 100 && able > 100, "{proven} {able}");
    }

    /// What a candidate leads to on a reduced board lies within its
    /// covered reach, and the proofs by search and by cover hold only on
    /// barren boards (whatever their count of new links): checked on
    /// boards reduced at random, some far, from the barren positions of
    /// SE's walk through hard puzzles.
    #[test]
    fn covered_reach_holds_what_candidates_lead_to() {
        use crate::logic::se_chains::walk::next_step;
        use crate::logic::solver::Position;
        let barren = |b: &Board| StaticReach::new(b).able(b).is_empty();
        let (mut covered, mut by_cover, mut many, mut by_search) = (0, 0, 0, 0);
        let mut seed = 0x5851_f42d_u64;
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..10] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                if barren(&board) {
                    let reach = StaticReach::new(&board);
                    for round in 0..24 {
                        let reduced = reduce(board, round + 1, &mut seed);
                        let new = new_links(&reduced, &board);
                        let turns: Vec<(Cand, Cand, Bits)> = new
                            .iter()
                            .flat_map(|&(x, y)| [(x, y), (y, x)])
                            .map(|(b, c)| (b, c, kill(&reduced, &single(b))))
                            .collect();
                        let links = StrongLinks::new(&reduced);
                        for z in (0..729u16).filter(|&z| reduced.has(z)) {
                            let exact = closure(&reduced, &links, single(z), true);
                            let cover = covered_reach(&reduced, &reach, &single(z), &turns);
                            let held = exact.iter().zip(&cover).all(|(e, c)| e & !c == 0);
                            assert!(held, "{z} of {} reduced", pos.grid);
                            covered += 1;
                        }
                        let is = barren(&reduced);
                        if barren_by_cover(&reduced, &reach, &new) {
                            assert!(is, "{} reduced (cover)", pos.grid);
                            by_cover += 1;
                            many += usize::from(new.len() > SEARCHED_LINKS);
                        }
                        if barren_by_search(&reduced, &links, &new) {
                            assert!(is, "{} reduced (search)", pos.grid);
                            by_search += 1;
                        }
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            covered > 100_000 && by_cover > 1000 && many > 30 && by_search > 1000,
            "{covered} {by_cover} {many} {by_search}"
        );
    }

    /// A board known barren from a barren walk board has no killable or
    /// placeable candidate, and its covering reach (the barren board's)
    /// holds, for each of its candidates, every candidate that one forces
    /// on in it: checked on boards reduced at random from the barren
    /// positions of SE's walk through hard puzzles (some without a new
    /// strong link, most with one).
    #[test]
    fn known_barren_boards_are_barren_and_covered() {
        use crate::logic::se_chains::walk::next_step;
        use crate::logic::solver::Position;
        let barren = |b: &Board| {
            let reach = StaticReach::new(b);
            (0..729u16)
                .filter(|&c| b.has(c))
                .all(|c| !reach.killable(c) && !reach.placeable(c))
        };
        let (mut sources, mut known, mut seed) = (0, 0, 0x9e37_79b9_u64);
        // Candidates forced on by another, over the boards compared.
        let mut forced = 0;
        for puzzle in &crate::logic::soundness::sample("top1465_200.txt")[..12] {
            let mut pos = Position::new(puzzle);
            while let Some(step) = next_step(&pos) {
                let board = Board::new(&pos.grid, &pos.candidates);
                if barren(&board) {
                    sources += 1;
                    note_barren(&board, &StaticReach::of(&board));
                    assert!(known_barren(&board));
                    for round in 0..40 {
                        let reduced = reduce(board, round / 4 + 1, &mut seed);
                        if known_barren(&reduced) {
                            known += 1;
                            assert!(barren(&reduced), "{} reduced", pos.grid);
                            let (cover, own) =
                                (StaticReach::covering(&reduced), StaticReach::new(&reduced));
                            for z in (0..729u16).filter(|&z| reduced.has(z)) {
                                let (c, o) = (cover.on(z), own.on(z));
                                let held = c.iter().zip(o).all(|(c, o)| o & !c == 0);
                                assert!(held, "{z} of {} reduced", pos.grid);
                                forced += o.iter().map(|m| m.count_ones()).sum::<u32>() - 1;
                            }
                        }
                    }
                }
                if !pos.apply(&step) {
                    break;
                }
            }
        }
        assert!(
            sources > 20 && known > 100 && forced > 10_000,
            "{sources} {known} {forced}"
        );
    }

    #[test]
    fn forcing_distance_follows_cell_links() {
        use super::super::board::pot;
        let grid: crate::Grid =
            "..951...7......3.4.6.4.8...65...2..9....59.2....38.7..14..9....5.28.41....6......"
                .parse()
                .unwrap();
        let cands = crate::Candidates::from_grid(&grid);
        let board = Board::new(&grid, &cands);
        let links = StrongLinks::new(&board);
        let reach = StaticReach::new(&board);
        let mut engine = super::super::chaining::Engine::default();
        engine.clear();
        for c in (0..729u16).filter(|&c| board.has(c)) {
            for y in [false, true] {
                for on in [true, false] {
                    let fast = links.forcing_distance(&board, c, on, y, u32::MAX);
                    let slow = engine
                        .forcing(
                            &board,
                            pot(c, on),
                            y,
                            u32::MAX,
                            &links.live(&board, y, true),
                        )
                        .map(|t| engine.arena.main_path(t).len() as u32 - 1);
                    assert_eq!(fast, slow, "candidate {c}, y {y}, on {on}");
                    let able = if on {
                        reach.killable(c)
                    } else {
                        reach.placeable(c)
                    };
                    assert!(slow.is_none() || able, "candidate {c} y {y} on {on}");
                }
            }
        }
    }
}
