//! Chains: Remote Pair, X-Chain, XY-Chain, as HoDoKu defines them, and
//! HoDoKu's nice loops and AICs ([`nice_loops`]).
//!
//! - X-Chain: on one digit, cells `c0 = c1 - c2 = c3 ... = cn` alternating
//!   strong links (the digit's only two places in a house) and weak links
//!   (two places sharing a house), strong at both ends, three links or more.
//!   One end holds the digit, so cells seeing both ends lose it.
//! - XY-Chain: bivalue cells, each seeing the next; the strong links are
//!   inside the cells, the weak links between them on a shared digit. When
//!   the chain starts and ends on digit `a`, cells seeing both ends lose `a`.
//! - Remote Pair: an XY-Chain of four or more cells holding the same pair
//!   `ab`: the cells alternate `a` and `b`, so any cell seeing two chain
//!   cells of opposite parity (three, five, ... cells apart) loses both.
//!
//! The search is breadth-first from every start, so each pair of ends is
//! joined by a shortest chain, up to [`MAX_LINKS`] links; where that chain
//! passes a cell twice, a depth-first search looks for the shortest one
//! that does not (HoDoKu's search is depth-first over such chains). Remote pairs are enumerated depth-first, their components being
//! small. As in HoDoKu, an X-Chain's last strong link may close on its
//! start, which then holds the digit. One step is kept per set of
//! eliminations, the shortest chain found for it; steps come in HoDoKu's
//! order of discovery: by the start (cell row-major, then digit) that
//! first met the set.

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid};
use crate::logic::barren_digits::BarrenDigits;
use crate::logic::single_digit::{
    PEER_BITS, bit, cell_at, cells_of, chain_step, conjugates, places,
};
use crate::logic::{Link, Step, Technique};
use std::collections::HashMap;

pub mod nice_loops;

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::RemotePair,
    Technique::XChain,
    Technique::XyChain,
    Technique::ContinuousNiceLoop,
    Technique::DiscontinuousNiceLoop,
    Technique::Aic,
    Technique::GroupedContinuousNiceLoop,
    Technique::GroupedDiscontinuousNiceLoop,
    Technique::GroupedAic,
];

pub(crate) use nice_loops::hodoku_key;

/// The longest chain searched, in links (HoDoKu restricts chains to 20 by default).
pub const MAX_LINKS: usize = 20;

/// How many paths the remote-pair search extends at most per pair of
/// digits: a bound on the worst case that real positions never reach.
const MAX_RP_EXPANSIONS: usize = 50_000;

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    match technique {
        Technique::XChain => x_chains(candidates),
        Technique::XyChain => xy_chains(candidates),
        Technique::RemotePair => remote_pairs(candidates),
        t if nice_loops::TECHNIQUES.contains(&t) => nice_loops::find(t, candidates),
        _ => Vec::new(),
    }
}

/// The shortest chain found for each set of eliminations, in order of
/// discovery: by the start (cell, digit) that first found the set.
struct Shortest<K> {
    index: HashMap<K, usize>,
    /// Per set: the length of its chain, the start that first found it,
    /// and the step.
    chains: Vec<(usize, (usize, usize), Step)>,
}

impl<K: std::hash::Hash + Eq> Shortest<K> {
    fn new() -> Self {
        Shortest {
            index: HashMap::new(),
            chains: Vec::new(),
        }
    }

    /// Whether a chain of `len` links for `key` would be kept.
    fn wants(&self, key: &K, len: usize) -> bool {
        self.index.get(key).is_none_or(|&i| len < self.chains[i].0)
    }

    /// Records the chain, found from start `at` (cell index, digit index);
    /// call only when [`Shortest::wants`] it. A shorter chain for a set
    /// keeps the set's place.
    fn offer(&mut self, key: K, len: usize, at: (usize, usize), step: Step) {
        match self.index.get(&key) {
            Some(&i) => {
                self.chains[i].0 = len;
                self.chains[i].2 = step;
            }
            None => {
                self.index.insert(key, self.chains.len());
                self.chains.push((len, at, step));
            }
        }
    }

    /// The steps in HoDoKu's order of discovery: its depth-first search
    /// goes start cell by start cell, and digit by digit in each, and lists
    /// a set of eliminations where it first meets it. (Its sort of the
    /// steps, [`crate::logic::solver`]'s `hodoku_general_key`, leaves steps
    /// with as many eliminations and the same weighted sum in this order.)
    /// Stable: the searches from one start keep the order they found.
    fn into_steps(mut self) -> Vec<Step> {
        self.chains.sort_by_key(|&(_, at, _)| at);
        self.chains.into_iter().map(|(_, _, s)| s).collect()
    }
}

/// Whether no cell is twice in `cells`.
fn is_simple(cells: &[Cell]) -> bool {
    let mut seen = 0u128;
    cells.iter().all(|&c| {
        let fresh = seen & bit(c) == 0;
        seen |= bit(c);
        fresh
    })
}

/// X-Chains, digit by digit.
fn x_chains(candidates: &Candidates) -> Vec<Step> {
    let mut best = Shortest::new();
    let planes = candidates.planes();
    for digit in Digit::all() {
        let places = planes[digit.index()];
        X_BARREN.with(|barren| {
            barren.run(0, digit, (places, 0), || {
                // A digit that offers no chain adds no entry (the keys
                // hold the digit, so only its own entries are replaced).
                let before = best.chains.len();
                let strong = conjugates(places);
                for start in cells_of(places).filter(|c| strong[c.index()] != 0) {
                    x_chains_from(start, digit, places, &strong, &mut best);
                }
                best.chains.len() > before
            });
        });
    }
    best.into_steps()
}

thread_local! {
    /// Per digit, the last candidates of the digit on which no X-Chain was
    /// found: a digit's chains depend on them alone, and a digit without
    /// any leaves the others' order as it is.
    static X_BARREN: BarrenDigits<1> = const { BarrenDigits::new() };
}

/// Breadth-first search of the X-Chains from `start` (assumed false): the
/// cells reached after an odd number of links are true, and with `start`
/// they trap the digit.
fn x_chains_from(
    start: Cell,
    digit: Digit,
    places: u128,
    strong: &[u128; 81],
    best: &mut Shortest<(Digit, u128)>,
) {
    // parent[0][c]: the cell before `c` reached by a weak link (c false);
    // parent[1][c]: by a strong link (c true).
    let mut parent = [[0u8; 81]; 2];
    let mut seen = [bit(start), 0u128];
    let mut frontier = bit(start);
    let mut links = 0;
    while frontier != 0 && links < MAX_LINKS {
        let on = expand(frontier, |x| strong[x], &mut seen[1], &mut parent[1]);
        links += 1;
        if links >= 3 {
            for end in cells_of(on) {
                // A chain back to `start` (HoDoKu's search lets the last
                // strong link close on the start cell) makes the start true:
                // every peer loses the digit.
                let elims = places & PEER_BITS[start.index()] & PEER_BITS[end.index()];
                if elims == 0 || !best.wants(&(digit, elims), links) {
                    continue;
                }
                let mut chain = trace(end, links, &parent);
                let inner = if end == start {
                    &chain[1..]
                } else {
                    &chain[..]
                };
                if !is_simple(inner) {
                    // As for XY-Chains: a longer chain may pass no cell twice.
                    match simple_x_path(start, end, places, strong) {
                        Some(path) => chain = path,
                        None => continue,
                    }
                }
                let len = chain.len() - 1;
                if best.wants(&(digit, elims), len) {
                    let mut step = chain_step(Technique::XChain, digit, &chain, places, elims);
                    step.cells = chain;
                    best.offer((digit, elims), len, (start.index(), digit.index()), step);
                }
            }
        }
        frontier = expand(on, |x| PEER_BITS[x] & places, &mut seen[0], &mut parent[0]);
        links += 1;
    }
}

/// The shortest X-Chain from `start` (false) to `end` (true) that holds
/// no cell twice (but `start` at both ends if `end` is `start`), within
/// [`MAX_LINKS`] links (iterative deepening).
fn simple_x_path(start: Cell, end: Cell, places: u128, strong: &[u128; 81]) -> Option<Vec<Cell>> {
    (3..=MAX_LINKS).step_by(2).find_map(|links| {
        let mut path = vec![start];
        deepen_x(&mut path, bit(start), end, (places, strong), links).then_some(path)
    })
}

/// One depth-first search of [`simple_x_path`]: extends `path` (whose
/// cells are `used`) by exactly `left` links, strong and weak in turn.
fn deepen_x(
    path: &mut Vec<Cell>,
    used: u128,
    end: Cell,
    (places, strong): (u128, &[u128; 81]),
    left: usize,
) -> bool {
    let x = path.last().expect("a start").index();
    if left == 0 {
        return x == end.index();
    }
    let next = if path.len() % 2 == 1 {
        strong[x]
    } else {
        PEER_BITS[x] & places
    };
    // The last link may close on the start (`end`, used from the outset).
    let free = if left == 1 { !used | bit(end) } else { !used };
    for y in cells_of(next & free) {
        path.push(y);
        if deepen_x(path, used | bit(y), end, (places, strong), left - 1) {
            return true;
        }
        path.pop();
    }
    false
}

/// One breadth-first layer: the cells reached from `frontier` through
/// `next` and not `seen` yet, each recording its first parent.
fn expand(
    frontier: u128,
    next: impl Fn(usize) -> u128,
    seen: &mut u128,
    parent: &mut [u8; 81],
) -> u128 {
    let mut reached = 0;
    for x in cells_of(frontier) {
        let fresh = next(x.index()) & !*seen & !reached;
        for y in cells_of(fresh) {
            parent[y.index()] = x.index() as u8;
        }
        reached |= fresh;
    }
    *seen |= reached;
    reached
}

/// The chain ending at `end` after `links` links (the last one strong).
fn trace(end: Cell, links: usize, parent: &[[u8; 81]; 2]) -> Vec<Cell> {
    let mut chain = vec![end];
    let mut at = end.index();
    for k in 0..links {
        // Links alternate backwards: strong into `end`, weak before it, ...
        at = parent[usize::from(k % 2 == 0)][at] as usize;
        chain.push(cell_at(at as u32));
    }
    chain.reverse();
    chain
}

/// The candidates as bitboards, digit by digit, and the bivalue cells.
struct Bivalue {
    places: [u128; 9],
    cells: u128,
    sets: [DigitSet; 81],
}

impl Bivalue {
    fn new(candidates: &Candidates) -> Bivalue {
        let sets = std::array::from_fn(|i| candidates.get(cell_at(i as u32)));
        let cells = (0..81)
            .filter(|&i| sets[i].len() == 2)
            .fold(0, |m, i| m | (1u128 << i));
        Bivalue {
            places: std::array::from_fn(|i| {
                places(candidates, Digit::from_index(i).expect("i < 9"))
            }),
            cells,
            sets,
        }
    }

    /// The other digit of bivalue cell `cell`.
    fn other(&self, cell: usize, digit: Digit) -> Digit {
        DigitSet::from_bits(self.sets[cell].bits() & !digit.bit())
            .single()
            .expect("a bivalue cell")
    }
}

/// XY-Chains from every bivalue cell and digit.
fn xy_chains(candidates: &Candidates) -> Vec<Step> {
    let board = Bivalue::new(candidates);
    let mut best = Shortest::new();
    for start in cells_of(board.cells) {
        for digit in board.sets[start.index()].iter() {
            xy_chains_from(&board, start, digit, &mut best);
        }
    }
    best.into_steps()
}

/// Breadth-first search of the XY-Chains that start with `digit` false in
/// `start`. A state `cell * 9 + d` is "d is true in cell"; each hop is a
/// weak link on `d` to a bivalue peer and the strong link inside it.
fn xy_chains_from(board: &Bivalue, start: Cell, digit: Digit, best: &mut Shortest<(Digit, u128)>) {
    let first = start.index() * 9 + board.other(start.index(), digit).index();
    let mut parent = [u16::MAX; 729];
    parent[first] = first as u16;
    let mut layer = vec![first];
    let mut links = 1;
    while !layer.is_empty() && links + 2 <= MAX_LINKS {
        let mut next = Vec::new();
        for &state in &layer {
            let (x, d) = (state / 9, Digit::from_index(state % 9).expect("< 9"));
            for y in cells_of(board.cells & PEER_BITS[x] & board.places[d.index()]) {
                let to = y.index() * 9 + board.other(y.index(), d).index();
                if parent[to] == u16::MAX {
                    parent[to] = state as u16;
                    next.push(to);
                }
            }
        }
        links += 2;
        for &state in &next {
            let end = state / 9;
            if state % 9 != digit.index() || end == start.index() {
                continue;
            }
            let elims = board.places[digit.index()] & PEER_BITS[start.index()] & PEER_BITS[end];
            if elims == 0 || !best.wants(&(digit, elims), links) {
                continue;
            }
            let mut states = trace_states(state, &parent);
            if !is_simple(&states_cells(&states)) {
                // The shortest way there passes a cell twice; HoDoKu's
                // depth-first search still finds a longer one that does not.
                match simple_xy_path(board, first, state) {
                    Some(path) => states = path,
                    None => continue,
                }
            }
            let len = 2 * states.len() - 1;
            if best.wants(&(digit, elims), len) {
                let step = xy_step(board, digit, &states, elims);
                best.offer((digit, elims), len, (start.index(), digit.index()), step);
            }
        }
        layer = next;
    }
}

/// The shortest XY-Chain from state `first` to state `goal` (states as in
/// [`xy_chains_from`]) that holds no cell twice, within [`MAX_LINKS`]
/// links: an iterative deepening of depth-first searches, for the rare end
/// whose breadth-first path is not simple.
fn simple_xy_path(board: &Bivalue, first: usize, goal: usize) -> Option<Vec<usize>> {
    let max_hops = (MAX_LINKS - 1) / 2;
    let mut path = vec![first];
    (1..=max_hops).find_map(|hops| {
        path.truncate(1);
        deepen(board, &mut path, 1u128 << (first / 9), goal, hops).then(|| path.clone())
    })
}

/// One depth-first search of [`simple_xy_path`]: extends `path` (whose
/// cells are `used`) by exactly `hops` hops to `goal`.
fn deepen(board: &Bivalue, path: &mut Vec<usize>, used: u128, goal: usize, hops: usize) -> bool {
    let state = *path.last().expect("a start");
    if hops == 0 {
        return state == goal;
    }
    let (x, d) = (state / 9, Digit::from_index(state % 9).expect("< 9"));
    for y in cells_of(board.cells & PEER_BITS[x] & board.places[d.index()] & !used) {
        let to = y.index() * 9 + board.other(y.index(), d).index();
        path.push(to);
        if deepen(board, path, used | bit(y), goal, hops - 1) {
            return true;
        }
        path.pop();
    }
    false
}

/// The states from the first one to `state`.
fn trace_states(mut state: usize, parent: &[u16; 729]) -> Vec<usize> {
    let mut states = vec![state];
    while parent[state] as usize != state {
        state = parent[state] as usize;
        states.push(state);
    }
    states.reverse();
    states
}

/// The links of a chain of bivalue cells, as remote pairs and XY-Chains
/// have them: in each cell a strong link from the digit that is false to
/// the one that is true, and between cells a weak link on the digit true in
/// the earlier cell. `first` is false in `cells[0]`; `trues[k]` is true in
/// `cells[k]`.
fn bivalue_links(cells: &[Cell], first: Digit, trues: &[Digit]) -> Vec<Link> {
    let mut links = Vec::with_capacity(2 * cells.len());
    let mut false_digit = first;
    for (k, (&cell, &true_digit)) in cells.iter().zip(trues).enumerate() {
        if k > 0 {
            links.push(Link {
                from: (cells[k - 1], false_digit),
                to: (cell, false_digit),
                strong: false,
            });
        }
        links.push(Link {
            from: (cell, false_digit),
            to: (cell, true_digit),
            strong: true,
        });
        false_digit = true_digit;
    }
    links
}

/// The cells of XY-Chain states (`cell * 9 + digit`).
fn states_cells(states: &[usize]) -> Vec<Cell> {
    states.iter().map(|&s| cell_at((s / 9) as u32)).collect()
}

/// The XY-Chain step through `states` (no cell twice), eliminating
/// `digit` in `elims`.
fn xy_step(board: &Bivalue, digit: Digit, states: &[usize], elims: u128) -> Step {
    let cells = states_cells(states);
    let trues: Vec<Digit> = states
        .iter()
        .map(|&s| Digit::from_index(s % 9).expect("< 9"))
        .collect();
    let mut step = Step::new(Technique::XyChain);
    step.links = bivalue_links(&cells, digit, &trues);
    step.digits = cells.iter().fold(DigitSet::EMPTY, |m, c| {
        DigitSet::from_bits(m.bits() | board.sets[c.index()].bits())
    });
    step.cells = cells;
    for c in cells_of(elims) {
        step = step.eliminate(c, digit);
    }
    step
}

/// Remote Pairs, pair by pair (in increasing order of the digits).
fn remote_pairs(candidates: &Candidates) -> Vec<Step> {
    let board = Bivalue::new(candidates);
    let mut best = Shortest::new();
    let mut pairs: Vec<DigitSet> = cells_of(board.cells)
        .map(|c| board.sets[c.index()])
        .collect();
    pairs.sort_by_key(|p| p.bits());
    pairs.dedup();
    for pair in pairs {
        let cells = cells_of(board.cells)
            .filter(|c| board.sets[c.index()] == pair)
            .fold(0, |m, c| m | bit(c));
        if cells.count_ones() >= 4 {
            let mut search = RpSearch {
                board: &board,
                pair,
                cells,
                path: Vec::new(),
                budget: MAX_RP_EXPANSIONS,
                best: &mut best,
            };
            for start in cells_of(cells) {
                search.extend(start);
            }
        }
    }
    best.into_steps()
}

/// Depth-first enumeration of the simple chains of one pair's cells.
struct RpSearch<'a> {
    board: &'a Bivalue,
    pair: DigitSet,
    cells: u128,
    path: Vec<Cell>,
    budget: usize,
    best: &'a mut Shortest<(u128, u128, u128)>,
}

impl RpSearch<'_> {
    /// Adds `cell` to the path, checks it, and goes on from it.
    fn extend(&mut self, cell: Cell) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        self.path.push(cell);
        let n = self.path.len();
        if n >= 4 && n % 2 == 0 {
            self.check();
        }
        if 2 * (n + 1) - 1 <= MAX_LINKS {
            let on_path = self.path.iter().fold(0, |m, &c| m | bit(c));
            for next in cells_of(self.cells & PEER_BITS[cell.index()] & !on_path) {
                self.extend(next);
            }
        }
        self.path.pop();
    }

    /// Records the path's step if it eliminates anything: cells seeing two
    /// chain cells of opposite parity, three or more cells apart.
    fn check(&mut self) {
        let path = &self.path;
        let mut seeing = 0u128;
        for i in 0..path.len() {
            for j in (i + 3..path.len()).step_by(2) {
                seeing |= PEER_BITS[path[i].index()] & PEER_BITS[path[j].index()];
            }
        }
        let [a, b] = [0, 1].map(|k| self.pair.iter().nth(k).expect("a pair"));
        let elims = [a, b].map(|d| self.board.places[d.index()] & seeing);
        let key = (u128::from(self.pair.bits()), elims[0], elims[1]);
        let links = 2 * path.len() - 1;
        // HoDoKu looks at a chain's eliminations only when its two end
        // cells see a common candidate of the pair: a longer chain whose
        // eliminations all lie between inner cells is met as the shorter
        // chains that end there.
        let ends = PEER_BITS[path[0].index()] & PEER_BITS[path[path.len() - 1].index()];
        let at_ends = (self.board.places[a.index()] | self.board.places[b.index()]) & ends;
        if elims == [0, 0] || at_ends == 0 || !self.best.wants(&key, links) {
            return;
        }
        let mut step = Step::new(Technique::RemotePair).with_digits(self.pair);
        // The cells alternate: `a` false in the first, so `b` true, and so on.
        let trues: Vec<Digit> = (0..path.len()).map(|k| [b, a][k % 2]).collect();
        step.links = bivalue_links(path, a, &trues);
        step.cells = path.clone();
        for c in cells_of(elims[0] | elims[1]) {
            for (d, e) in [a, b].into_iter().zip(elims) {
                if e & bit(c) != 0 {
                    step = step.eliminate(c, d);
                }
            }
        }
        self.best.offer(key, links, (path[0].index(), 0), step);
    }
}

/// The reason part of the text of `step` (a step of this family), in
/// `lang`, for the techniques whose words live here; `None` leaves the text
/// to [`crate::logic::explain`].
pub(crate) fn reason(
    step: &crate::logic::Step,
    lang: crate::classic::trace::Lang,
) -> Option<String> {
    nice_loops::reason(step, lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::House;
    use crate::logic::soundness::{assert_each_fires, c, elims, open, set};

    /// Removes `digit` from column `col` (1-based) but at rows `keep`.
    fn carve_column(cands: &mut Candidates, digit: u8, col: usize, keep: &[usize]) {
        for r in (1..=9).filter(|r| !keep.contains(r)) {
            cands.remove(c(r, col), Digit::new(digit).unwrap());
        }
    }

    #[test]
    fn x_chain_of_five_links() {
        let (g, mut cands) = open();
        carve_column(&mut cands, 6, 1, &[1, 4]);
        carve_column(&mut cands, 6, 4, &[4, 7]);
        carve_column(&mut cands, 6, 8, &[7, 2]);
        let steps = find(Technique::XChain, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(
            s.cells,
            [c(1, 1), c(4, 1), c(4, 4), c(7, 4), c(7, 8), c(2, 8)]
        );
        assert_eq!(elims(s), ["r1c7<>6", "r1c9<>6", "r2c2<>6", "r2c3<>6"]);
        assert_eq!(s.links.len(), 5);
        assert_eq!(
            s.houses,
            [
                House::column_at(0).unwrap(),
                House::row_at(3).unwrap(),
                House::column_at(3).unwrap(),
                House::row_at(6).unwrap(),
                House::column_at(7).unwrap()
            ]
        );
        assert!(
            s.links
                .iter()
                .enumerate()
                .all(|(k, l)| l.strong == (k % 2 == 0))
        );
        // No shorter single-digit pattern eliminates anything here.
        assert!(crate::logic::single_digit::find(Technique::TurbotFish, &g, &cands).is_empty());
    }

    #[test]
    fn x_chains_include_three_links() {
        // A skyscraper is also the shortest X-Chain, as in HoDoKu.
        let (g, mut cands) = open();
        carve_column(&mut cands, 4, 1, &[1, 7]);
        carve_column(&mut cands, 4, 5, &[3, 7]);
        let steps = find(Technique::XChain, &g, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(steps[0].cells, [c(1, 1), c(7, 1), c(7, 5), c(3, 5)]);
        assert_eq!(
            elims(&steps[0]),
            ["r1c4<>4", "r1c6<>4", "r3c2<>4", "r3c3<>4"]
        );
    }

    #[test]
    fn xy_chain_of_four_cells() {
        let (g, mut cands) = open();
        for (cell, digits) in [
            (c(1, 1), [1, 2]),
            (c(1, 5), [2, 3]),
            (c(5, 5), [3, 4]),
            (c(5, 9), [1, 4]),
        ] {
            cands.set(cell, set(&digits));
        }
        let steps = find(Technique::XyChain, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 1), c(1, 5), c(5, 5), c(5, 9)]);
        assert_eq!(elims(s), ["r1c9<>1", "r5c1<>1"]);
        assert_eq!(s.links.len(), 7);
        let one = Digit::new(1).unwrap();
        assert_eq!(s.links[0].from, (c(1, 1), one));
        assert_eq!(s.links[6].to, (c(5, 9), one));
        assert_eq!(s.digits, set(&[1, 2, 3, 4]));
        assert!(find(Technique::RemotePair, &g, &cands).is_empty());
    }

    #[test]
    fn xy_chain_passes_no_cell_twice_even_when_a_shorter_way_does() {
        // From r1c1 (1 false), r2c6 holds 1 along two ways: the shorter one
        // passes r1c5 twice (2 false, then 2 true), the other one does not.
        let (g, mut cands) = open();
        for (cell, digits) in [
            (c(1, 1), [1, 2]),
            (c(1, 5), [2, 3]),
            (c(5, 5), [3, 4]),
            (c(3, 5), [3, 4]),
            (c(4, 1), [2, 5]),
            (c(4, 7), [5, 6]),
            (c(8, 7), [6, 7]),
            (c(8, 5), [7, 3]),
            (c(2, 6), [1, 2]),
        ] {
            cands.set(cell, set(&digits));
        }
        let steps = find(Technique::XyChain, &g, &cands);
        let wanted = ["r1c4<>1", "r1c6<>1", "r2c1<>1", "r2c2<>1", "r2c3<>1"];
        let s = steps
            .iter()
            .find(|s| elims(s) == wanted)
            .expect("the chain that passes no cell twice");
        let cells = [
            c(1, 1),
            c(4, 1),
            c(4, 7),
            c(8, 7),
            c(8, 5),
            c(1, 5),
            c(2, 6),
        ];
        assert!(s.cells == cells || s.cells.iter().rev().eq(cells.iter()));
        assert_eq!(s.links.len(), 13);
        assert!(is_simple(&s.cells));
    }

    #[test]
    fn x_chain_passes_no_cell_twice_even_when_a_shorter_way_does() {
        // One digit; strong links as given. The shortest way from r1c1
        // (false) to r9c5 (true) passes r1c5 twice (true, then false):
        // r1c1 = r1c5 - r2c6 = r3c4 - r1c5 = r9c5. The only chain that
        // does not is r1c1 = r5c1 - r5c9 = r7c9 - r7c7 = r6c5 - r1c5 = r9c5.
        let cells = [
            c(1, 1),
            c(1, 5),
            c(9, 5),
            c(2, 6),
            c(3, 4),
            c(5, 1),
            c(5, 9),
            c(7, 9),
            c(7, 7),
            c(6, 5),
        ];
        let [s, a, e, x, y, p, q, r, u, v] = cells;
        let places = cells.iter().fold(0, |m, &k| m | bit(k));
        let mut strong = [0u128; 81];
        for (one, two) in [(s, a), (s, p), (a, e), (x, y), (q, r), (u, v)] {
            strong[one.index()] |= bit(two);
            strong[two.index()] |= bit(one);
        }
        let path = simple_x_path(s, e, places, &strong).expect("a simple chain");
        assert_eq!(path, [s, p, q, r, u, v, a, e]);
    }

    #[test]
    fn remote_pair_of_four_cells() {
        let (g, mut cands) = open();
        for cell in [c(1, 1), c(1, 5), c(5, 5), c(5, 9)] {
            cands.set(cell, set(&[1, 2]));
        }
        let steps = find(Technique::RemotePair, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(s.cells, [c(1, 1), c(1, 5), c(5, 5), c(5, 9)]);
        assert_eq!(elims(s), ["r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"]);
        assert_eq!(s.links.len(), 7);
        // Three cells are not enough.
        cands.set(c(5, 9), DigitSet::ALL);
        assert!(find(Technique::RemotePair, &g, &cands).is_empty());
    }

    #[test]
    fn remote_pair_needs_ends_that_share_a_candidate() {
        // The path r1c1-r1c5-r5c5-r5c9-r9c9-r9c2 of 1/2 cells: every four
        // consecutive cells make a remote pair whose ends share a peer with
        // a 1 or 2. The whole path's ends (r1c1, r9c2) share none, so HoDoKu
        // never looks at its eliminations (all of them lie between inner
        // cells): it takes the three shorter chains, one by one.
        let (g, mut cands) = open();
        let path = [c(1, 1), c(1, 5), c(5, 5), c(5, 9), c(9, 9), c(9, 2)];
        for cell in path {
            cands.set(cell, set(&[1, 2]));
        }
        for (r, col) in [(1, 2), (2, 2), (3, 2), (7, 1), (8, 1), (9, 1)] {
            for d in [1, 2] {
                cands.remove(c(r, col), Digit::new(d).unwrap());
            }
        }
        // Each chain as its cells in path order (HoDoKu may walk it either
        // way) and its eliminations.
        let in_path_order = |cells: &[Cell]| {
            let mut v = cells.to_vec();
            if path.iter().position(|&p| p == v[0]) > path.iter().position(|&p| p == v[v.len() - 1])
            {
                v.reverse();
            }
            v
        };
        let mut found: Vec<_> = find(Technique::RemotePair, &g, &cands)
            .iter()
            .map(|s| (in_path_order(&s.cells), elims(s)))
            .collect();
        found.sort();
        let expected = [
            (&path[0..4], ["r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"]),
            (&path[1..5], ["r1c9<>1", "r1c9<>2", "r9c5<>1", "r9c5<>2"]),
            (&path[2..6], ["r5c2<>1", "r5c2<>2", "r9c5<>1", "r9c5<>2"]),
        ];
        let mut expected: Vec<_> = expected
            .iter()
            .map(|(cells, e)| (cells.to_vec(), e.map(String::from).to_vec()))
            .collect();
        expected.sort();
        assert_eq!(found, expected);
    }

    #[test]
    fn x_chain_may_close_on_its_start() {
        // HoDoKu 2.2 on .71..9.....5.1..3..2.....5.....2..8..1.4.86.3..6.....1.4......59...........2.3.7.
        // takes "X-Chain: 9 r2c2 =9= r6c2 -9- r6c4 =9= r7c4 -9- r9c5 =9=
        // r9c7 -9- r4c7 =9= r4c3 -9- r3c3 =9= r2c2 => r2c9,r3c3,r6c2<>9":
        // its last strong link returns to the start, which must hold the 9.
        let (g, cands) = crate::logic::soundness::table(
            "3468 7 1 3568 34568 9 248 246 2468
             468 89 5 68 1 2 7 3 4689
             3468 2 349 3678 34678 467 1 5 4689
             45 3 49 16 2 16 59 8 7
             257 1 279 4 579 8 6 29 3
             2578 89 6 3579 3579 57 245 249 1
             237 4 237 16789 6789 167 2389 1269 5
             9 56 237 15678 45678 14567 238 126 268
             1 56 8 2 569 3 49 7 46",
        );
        let steps = find(Technique::XChain, &g, &cands);
        let lasso = steps
            .iter()
            .find(|s| elims(s) == ["r2c9<>9", "r3c3<>9", "r6c2<>9"])
            .expect("the chain back to r2c2");
        assert_eq!(lasso.cells.first(), Some(&c(2, 2)));
        assert_eq!(lasso.cells.last(), Some(&c(2, 2)));
        assert_eq!(lasso.links.len() % 2, 1);
    }

    #[test]
    fn xy_chains_come_in_order_of_their_first_start() {
        // HoDoKu 2.2 on .4.....6...2..9......8279.....9.....3...6.4...76........14...39.2....64..9.53..7.:
        // "XY-Chain: 1 1- r2c2 -8- r2c1 -1- r6c1 -8- r6c5 -5- r1c5 -1- r4c5
        // -7- r5c4 -1 => r5c2<>1" ties in its sort with the shorter chain
        // r4c2 ... r7c7 => r4c7<>5 (one elimination, weighted sum 38 each),
        // and a search from r2c2 (or r5c4) meets it first.
        let (g, cands) = crate::logic::soundness::table(
            "9 4 7 3 15 15 28 6 28
             18 18 2 6 4 9 37 5 37
             6 3 5 8 2 7 9 1 4
             2 15 4 9 17 3 157 8 6
             3 158 9 17 6 58 4 2 157
             18 7 6 2 58 4 135 9 13
             57 6 1 4 78 2 58 3 9
             57 2 3 17 9 18 6 4 58
             4 9 8 5 3 6 12 7 12",
        );
        let steps = find(Technique::XyChain, &g, &cands);
        let at = |e: &str| steps.iter().position(|s| elims(s) == [e]).expect(e);
        assert!(at("r5c2<>1") < at("r4c7<>5"));
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        assert_each_fires(IMPLEMENTED);
    }
}
