//! Coloring: simple colors (trap and wrap) and multi colors 1 and 2, as
//! HoDoKu defines them.
//!
//! On one digit, the conjugate pairs (houses with two places left) link
//! cells into clusters; each cluster takes two colors, alternating along
//! the links: one color holds the digit everywhere, the other nowhere.
//!
//! - Color trap: a cell seeing both colors of a cluster loses the digit.
//! - Color wrap: two cells of one color see each other, so that color is
//!   false: all its cells lose the digit.
//! - Multi colors 1: a color of one cluster sees a color of another (they
//!   cannot both be true), so one of the two opposite colors is true: a cell
//!   seeing both of those loses the digit.
//! - Multi colors 2: the cells of a color see both colors of another
//!   cluster; one of those is true, so the color is false.
//!
//! Clusters are numbered from their lowest cell, whose color is the first.
//! Steps come digit by digit, then cluster by cluster (multi colors: by the
//! pair of clusters).

use crate::candidates::{Candidates, DigitSet};
use crate::grid::{Cell, Digit, Grid};
use crate::logic::barren_digits::BarrenDigits;
use crate::logic::single_digit::{PEER_BITS, bit, cells_of, conjugate_pair, conjugates};
use crate::logic::{Link, Step, Technique};

/// The techniques of this family that are implemented.
pub const IMPLEMENTED: &[Technique] = &[
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
];

/// Every step of `technique` (a member of this family) on the position.
pub fn find(technique: Technique, grid: &Grid, candidates: &Candidates) -> Vec<Step> {
    let _ = grid;
    let mut steps = Vec::new();
    let Some(search) = IMPLEMENTED.iter().position(|&t| t == technique) else {
        return steps;
    };
    let planes = candidates.planes();
    for digit in Digit::all() {
        let places = planes[digit.index()];
        BARREN.with(|barren| {
            barren.push(search, digit, (places, 0), &mut steps, |steps| {
                let clusters = clusters(places);
                let ctx = Ctx { digit, places };
                match technique {
                    Technique::SimpleColorsTrap => clusters.iter().for_each(|c| ctx.trap(c, steps)),
                    Technique::SimpleColorsWrap => clusters.iter().for_each(|c| ctx.wrap(c, steps)),
                    Technique::MultiColors1 => ctx.multi_1(&clusters, steps),
                    Technique::MultiColors2 => ctx.multi_2(&clusters, steps),
                    _ => {}
                }
            });
        });
    }
    steps
}

thread_local! {
    /// Per technique (in [`IMPLEMENTED`] order) and digit, the last
    /// candidates of the digit on which it found nothing: each digit's
    /// coloring depends on them alone.
    static BARREN: BarrenDigits<{ IMPLEMENTED.len() }> = const { BarrenDigits::new() };
}

/// HoDoKu's order among the steps of simple colors (trap and wrap share
/// one solver) or of multi colors (types 1 and 2 share one), smaller first:
/// HoDoKu takes the first step it meets, digit by digit, then cluster by
/// cluster (for multi colors, by ordered pair of clusters), asking at each
/// the wrap before the trap, and type 2 (a color seeing both colors of the
/// other cluster) before type 1 (for type 1, whose test is symmetric, the
/// pair in increasing order is met first). Clusters are numbered from their
/// lowest cell, so that cell stands for the number.
pub(crate) fn hodoku_key(step: &Step) -> [i64; 4] {
    let digit = step.digits.iter().next().map_or(0, |d| i64::from(d.get()));
    let lowest: Vec<i64> = color_classes(step)
        .chunks(2)
        .map(|pair| {
            pair.iter()
                .flatten()
                .map(|c| c.index() as i64)
                .min()
                .unwrap_or(0)
        })
        .collect();
    let (a, b) = (
        lowest.first().copied().unwrap_or(0),
        lowest.get(1).copied().unwrap_or(-1),
    );
    let rank = match step.technique {
        Technique::SimpleColorsWrap | Technique::MultiColors2 => 0,
        _ => 1,
    };
    [digit, a, b, rank]
}

/// The color classes of a coloring step, recovered from its links (each
/// goes from a cell of its cluster's first color to one of the second):
/// `[first, second]` for each cluster, in the order of the step's links,
/// each class in row-major order.
///
/// ```
/// use sudokit::logic::{coloring, Link, Step, Technique};
/// use sudokit::{Cell, Digit};
/// let (d, c) = (Digit::new(5).unwrap(), |r, k| Cell::at(r, k).unwrap());
/// let mut step = Step::new(Technique::SimpleColorsTrap);
/// step.links = vec![
///     Link { from: (c(0, 0), d), to: (c(0, 4), d), strong: true },
///     Link { from: (c(6, 4), d), to: (c(0, 4), d), strong: true },
/// ];
/// assert_eq!(coloring::color_classes(&step), [vec![c(0, 0), c(6, 4)], vec![c(0, 4)]]);
/// ```
pub fn color_classes(step: &Step) -> Vec<Vec<Cell>> {
    let ends = |l: &Link| bit(l.from.0) | bit(l.to.0);
    let mut done = 0u128;
    let mut classes = Vec::new();
    for link in &step.links {
        if done & bit(link.from.0) != 0 {
            continue;
        }
        // Grow the cluster until no link touches it from outside.
        let mut cluster = ends(link);
        loop {
            let grown = step
                .links
                .iter()
                .filter(|l| ends(l) & cluster != 0)
                .fold(cluster, |m, l| m | ends(l));
            if grown == cluster {
                break;
            }
            cluster = grown;
        }
        done |= cluster;
        let mut colors = [0u128; 2];
        for l in step.links.iter().filter(|l| ends(l) & cluster != 0) {
            colors[0] |= bit(l.from.0);
            colors[1] |= bit(l.to.0);
        }
        classes.extend(colors.map(|m| cells_of(m).collect::<Vec<_>>()));
    }
    classes
}

/// A cluster: its two colors and its conjugate pairs, each oriented from
/// the first color to the second.
struct Cluster {
    colors: [u128; 2],
    links: Vec<(Cell, Cell)>,
}

impl Cluster {
    /// The cells that some cell of color `k` sees.
    fn seen_by(&self, k: usize) -> u128 {
        cells_of(self.colors[k]).fold(0, |m, c| m | PEER_BITS[c.index()])
    }
}

/// The clusters of the conjugate pairs of `places`, from the lowest cell up.
fn clusters(places: u128) -> Vec<Cluster> {
    let strong = conjugates(places);
    let mut left = cells_of(places)
        .filter(|c| strong[c.index()] != 0)
        .fold(0, |m, c| m | bit(c));
    let mut out = Vec::new();
    while left != 0 {
        let root = cells_of(left).next().expect("left is not empty");
        let mut colors = [bit(root), 0u128];
        let (mut frontier, mut k) = (bit(root), 0);
        while frontier != 0 {
            let next =
                cells_of(frontier).fold(0, |m, c| m | strong[c.index()]) & !(colors[0] | colors[1]);
            k ^= 1;
            colors[k] |= next;
            frontier = next;
        }
        left &= !(colors[0] | colors[1]);
        out.push(Cluster {
            colors,
            links: cluster_links(places, colors),
        });
    }
    out
}

/// The conjugate pairs inside a cluster, in house order, first color first.
fn cluster_links(places: u128, colors: [u128; 2]) -> Vec<(Cell, Cell)> {
    let mut links = Vec::new();
    for h in 0..27 {
        let Some((x, y)) = conjugate_pair(places, h) else {
            continue;
        };
        let link = if colors[0] & bit(x) != 0 {
            (x, y)
        } else if colors[0] & bit(y) != 0 {
            (y, x)
        } else {
            continue;
        };
        if !links.contains(&link) {
            links.push(link);
        }
    }
    links
}

/// The digit being colored and where it can go.
struct Ctx {
    digit: Digit,
    places: u128,
}

impl Ctx {
    /// A step of `technique` on `clusters`, eliminating the digit in `elims`.
    fn step(&self, technique: Technique, clusters: &[&Cluster], elims: u128) -> Step {
        let mut step = Step::new(technique).with_digits(DigitSet::from_bits(self.digit.bit()));
        for cluster in clusters {
            step = step.with_cells(cells_of(cluster.colors[0]).chain(cells_of(cluster.colors[1])));
            step.links.extend(cluster.links.iter().map(|&(x, y)| Link {
                from: (x, self.digit),
                to: (y, self.digit),
                strong: true,
            }));
        }
        for c in cells_of(elims) {
            step = step.eliminate(c, self.digit);
        }
        step
    }

    /// Color trap: cells seeing both colors.
    fn trap(&self, cluster: &Cluster, steps: &mut Vec<Step>) {
        let elims = self.places & cluster.seen_by(0) & cluster.seen_by(1);
        if elims != 0 {
            steps.push(self.step(Technique::SimpleColorsTrap, &[cluster], elims));
        }
    }

    /// Color wrap: every color with two cells seeing each other is false.
    fn wrap(&self, cluster: &Cluster, steps: &mut Vec<Step>) {
        let elims = (0..2)
            .filter(|&k| cluster.seen_by(k) & cluster.colors[k] != 0)
            .fold(0, |m, k| m | cluster.colors[k]);
        if elims != 0 {
            steps.push(self.step(Technique::SimpleColorsWrap, &[cluster], elims));
        }
    }

    /// Multi colors 1, for each pair of clusters: every color of one that
    /// sees a color of the other traps the digit between the two opposite
    /// colors.
    fn multi_1(&self, clusters: &[Cluster], steps: &mut Vec<Step>) {
        for (i, a) in clusters.iter().enumerate() {
            let seen_a = [a.seen_by(0), a.seen_by(1)];
            for b in &clusters[i + 1..] {
                let seen_b = [b.seen_by(0), b.seen_by(1)];
                let mut elims = 0;
                for (ka, kb) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    if seen_a[ka] & b.colors[kb] != 0 {
                        elims |= seen_a[1 - ka] & seen_b[1 - kb];
                    }
                }
                elims &= self.places;
                if elims != 0 {
                    steps.push(self.step(Technique::MultiColors1, &[a, b], elims));
                }
            }
        }
    }

    /// Multi colors 2, for each ordered pair of clusters: a color of the
    /// first whose cells see both colors of the second is false.
    fn multi_2(&self, clusters: &[Cluster], steps: &mut Vec<Step>) {
        for (i, a) in clusters.iter().enumerate() {
            for (j, b) in clusters.iter().enumerate() {
                if i == j {
                    continue;
                }
                let elims = (0..2)
                    .filter(|&k| {
                        let seen = a.seen_by(k);
                        seen & b.colors[0] != 0 && seen & b.colors[1] != 0
                    })
                    .fold(0, |m, k| m | a.colors[k]);
                if elims != 0 {
                    steps.push(self.step(Technique::MultiColors2, &[a, b], elims));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::soundness::{assert_each_fires, c, elims};

    /// Every digit everywhere, then `digit` only at `keep` in each listed
    /// line: `('r', 3)` is row 3, `('c', 5)` column 5 (1-based).
    fn position(digit: u8, lines: &[((char, usize), [usize; 2])]) -> (Grid, Candidates) {
        let g = Grid::empty();
        let mut cands = Candidates::from_grid(&g);
        carve(&mut cands, digit, lines);
        (g, cands)
    }

    /// Leaves `digit` only at `keep` in each listed line (see [`position`]).
    fn carve(cands: &mut Candidates, digit: u8, lines: &[((char, usize), [usize; 2])]) {
        let d = Digit::new(digit).unwrap();
        for &((kind, n), keep) in lines {
            for k in (1..=9).filter(|k| !keep.contains(k)) {
                let cell = if kind == 'r' { c(n, k) } else { c(k, n) };
                cands.remove(cell, d);
            }
        }
    }

    const TRAP: [((char, usize), [usize; 2]); 3] =
        [(('c', 1), [1, 7]), (('r', 7), [1, 5]), (('c', 5), [3, 7])];
    const WRAP: [((char, usize), [usize; 2]); 4] = [
        (('r', 1), [1, 5]),
        (('c', 5), [1, 5]),
        (('r', 5), [2, 5]),
        (('c', 2), [2, 5]),
    ];
    /// Two clusters of 6: one color of the first sees both colors of the
    /// second (r3c3 and r3c8), and bridges give multi colors 1 as well.
    const MULTI_2: [((char, usize), [usize; 2]); 5] = [
        (('r', 1), [2, 5]),
        (('c', 5), [1, 7]),
        (('r', 7), [5, 9]),
        (('c', 9), [2, 7]),
        (('r', 3), [3, 8]),
    ];

    /// The step the HoDoKu-style walk takes when `order` is all it may use.
    fn taken(cands: Candidates, order: &[Technique]) -> Step {
        let mut pos = crate::logic::solver::Position::new(&Grid::empty());
        pos.candidates = cands;
        pos.advance(order).expect("a step")
    }

    #[test]
    fn hodoku_takes_the_first_coloring_step_it_meets() {
        // HoDoKu meets simple colors digit by digit, the wrap before the
        // trap: a wrap on 4 comes before a trap on 8, a trap on 4 before a
        // wrap on 8.
        let simple = [Technique::SimpleColorsTrap, Technique::SimpleColorsWrap];
        for (first, second, technique) in [
            (&WRAP[..], &TRAP[..], Technique::SimpleColorsWrap),
            (&TRAP[..], &WRAP[..], Technique::SimpleColorsTrap),
        ] {
            let (_, mut cands) = position(4, first);
            carve(&mut cands, 8, second);
            let step = taken(cands, &simple);
            assert_eq!(step.technique, technique);
            assert_eq!(
                step.digits,
                DigitSet::from_bits(Digit::new(4).unwrap().bit())
            );
        }
        // Multi colors: type 2 of a pair of clusters before type 1 of the
        // same pair, even with fewer eliminations.
        let (_, cands) = position(6, &MULTI_2);
        let step = taken(cands, &[Technique::MultiColors1, Technique::MultiColors2]);
        assert_eq!(step.technique, Technique::MultiColors2);
        assert_eq!(elims(&step), ["r1c2<>6", "r2c9<>6", "r7c5<>6"]);
    }

    #[test]
    fn color_trap() {
        let (g, cands) = position(4, &TRAP);
        let steps = find(Technique::SimpleColorsTrap, &g, &cands);
        assert_eq!(steps.len(), 1);
        let s = &steps[0];
        assert_eq!(elims(s), ["r1c4<>4", "r1c6<>4", "r3c2<>4", "r3c3<>4"]);
        assert_eq!(s.cells, [c(1, 1), c(7, 5), c(3, 5), c(7, 1)]);
        assert_eq!(s.links.len(), 3);
        assert_eq!(
            color_classes(s),
            [vec![c(1, 1), c(7, 5)], vec![c(3, 5), c(7, 1)]]
        );
        assert!(find(Technique::SimpleColorsWrap, &g, &cands).is_empty());
        assert!(find(Technique::MultiColors1, &g, &cands).is_empty());
    }

    #[test]
    fn color_wrap() {
        let (g, cands) = position(8, &WRAP);
        let steps = find(Technique::SimpleColorsWrap, &g, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(elims(&steps[0]), ["r1c1<>8", "r2c2<>8", "r5c5<>8"]);
        assert_eq!(
            color_classes(&steps[0]),
            [vec![c(1, 1), c(2, 2), c(5, 5)], vec![c(1, 5), c(5, 2)]]
        );
    }

    #[test]
    fn multi_colors_1() {
        let (g, cands) = position(3, &[(('c', 1), [2, 8]), (('r', 3), [3, 8])]);
        let steps = find(Technique::MultiColors1, &g, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(elims(&steps[0]), ["r8c8<>3"]);
        assert_eq!(steps[0].cells, [c(2, 1), c(8, 1), c(3, 3), c(3, 8)]);
        assert_eq!(color_classes(&steps[0]).len(), 4);
        assert!(find(Technique::MultiColors2, &g, &cands).is_empty());
        assert!(find(Technique::SimpleColorsTrap, &g, &cands).is_empty());
    }

    #[test]
    fn multi_colors_2() {
        let (g, cands) = position(6, &MULTI_2);
        let steps = find(Technique::MultiColors2, &g, &cands);
        assert_eq!(steps.len(), 1);
        assert_eq!(elims(&steps[0]), ["r1c2<>6", "r2c9<>6", "r7c5<>6"]);
        let classes = color_classes(&steps[0]);
        assert_eq!(classes[0], [c(1, 2), c(2, 9), c(7, 5)]);
        assert_eq!(classes[2..], [vec![c(3, 3)], vec![c(3, 8)]]);
        // The bridges r1c2-r3c3 and r2c9-r3c8 give multi colors 1 as well;
        // as in HoDoKu, colored cells are not spared (r1c2 sees r1c5 and
        // r3c3, r2c9 sees r7c9 and r3c8).
        let bridge = find(Technique::MultiColors1, &g, &cands);
        assert_eq!(bridge.len(), 1);
        assert_eq!(
            elims(&bridge[0]),
            ["r1c2<>6", "r2c9<>6", "r8c8<>6", "r9c8<>6"]
        );
    }

    #[test]
    fn sound_and_fire_on_real_puzzles() {
        assert_each_fires(IMPLEMENTED);
    }
}
