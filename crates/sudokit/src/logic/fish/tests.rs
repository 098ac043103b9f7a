//! Tests of the fish family: positions reasoned out or taken from HoDoKu, and
//! soundness on the shared samples.

use super::*;
use crate::classic::trace::Lang;
use crate::grid::{Cell, House};
use crate::logic::intersections::tests::{at, hodoku, hodoku_step};
use crate::logic::soundness::{check_technique, sample};

fn empty() -> (Grid, Candidates) {
    let g = Grid::empty();
    (g, Candidates::from_grid(&g))
}

/// Leaves `digit` in `row` (1-based) only in `cols` (1-based digits).
fn row_only(c: &mut Candidates, digit: u8, row: usize, cols: &str) {
    let d = Digit::new(digit).unwrap();
    for col in 0..9 {
        if !cols.as_bytes().contains(&(b'1' + col as u8)) {
            c.remove(Cell::at(row - 1, col).unwrap(), d);
        }
    }
}

fn cells(names: &str) -> Vec<Cell> {
    names.split_whitespace().map(at).collect()
}

fn elims(names: &str, digit: u8) -> Vec<(Cell, Digit)> {
    let d = Digit::new(digit).unwrap();
    cells(names).into_iter().map(|c| (c, d)).collect()
}

#[test]
fn x_wing_in_rows() {
    let (g, mut c) = empty();
    row_only(&mut c, 4, 2, "37");
    row_only(&mut c, 4, 8, "37");
    let steps = find(Technique::XWing, &g, &c);
    assert_eq!(steps.len(), 1);
    let s = &steps[0];
    let houses = [
        House::row_at(1).unwrap(),
        House::row_at(7).unwrap(),
        House::column_at(2).unwrap(),
        House::column_at(6).unwrap(),
    ];
    assert_eq!(s.houses, houses);
    assert_eq!(s.cells, cells("r2c3 r2c7 r8c3 r8c7"));
    assert_eq!(s.digits.to_string(), "4");
    assert!(s.fins.is_empty());
    let expected = "r1c3 r1c7 r3c3 r3c7 r4c3 r4c7 r5c3 r5c7 r6c3 r6c7 r7c3 r7c7 r9c3 r9c7";
    assert_eq!(s.eliminations, elims(expected, 4));
    assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
    assert!(find(Technique::Swordfish, &g, &c).is_empty());
}

#[test]
fn swordfish_and_jellyfish() {
    let (g, mut c) = empty();
    row_only(&mut c, 9, 1, "15");
    row_only(&mut c, 9, 4, "58");
    row_only(&mut c, 9, 7, "18");
    let steps = find(Technique::Swordfish, &g, &c);
    assert_eq!(steps.len(), 1);
    assert_eq!(steps[0].cells, cells("r1c1 r1c5 r4c5 r4c8 r7c1 r7c8"));
    assert_eq!(steps[0].eliminations.len(), 3 * 6);
    assert!(find(Technique::Jellyfish, &g, &c).is_empty());
    row_only(&mut c, 9, 9, "29");
    row_only(&mut c, 9, 6, "2");
    // Rows 1, 4, 7 and 6 on columns 1, 2, 5, 8.
    let steps = find(Technique::Jellyfish, &g, &c);
    assert!(!steps.is_empty());
    assert_eq!(
        steps[0].houses[..4],
        [
            House::row_at(0).unwrap(),
            House::row_at(3).unwrap(),
            House::row_at(5).unwrap(),
            House::row_at(6).unwrap()
        ]
    );
}

#[test]
fn finned_x_wing_in_columns() {
    let (g, mut c) = empty();
    let d = Digit::new(6).unwrap();
    // Column 2: r3, r7; column 8: r3, r7 and the fin r9c8 (box 9).
    for r in 0..9 {
        if ![2, 6].contains(&r) {
            c.remove(Cell::at(r, 1).unwrap(), d);
        }
        if ![2, 6, 8].contains(&r) {
            c.remove(Cell::at(r, 7).unwrap(), d);
        }
    }
    assert!(find(Technique::XWing, &g, &c).is_empty());
    assert!(find(Technique::SashimiXWing, &g, &c).is_empty());
    let steps = find(Technique::FinnedXWing, &g, &c);
    assert_eq!(steps.len(), 1);
    let s = &steps[0];
    let houses = [
        House::column_at(1).unwrap(),
        House::column_at(7).unwrap(),
        House::row_at(2).unwrap(),
        House::row_at(6).unwrap(),
    ];
    assert_eq!(s.houses, houses);
    assert_eq!(s.cells, cells("r3c2 r3c8 r7c2 r7c8"));
    assert_eq!(s.fins, cells("r9c8"));
    assert_eq!(s.eliminations, elims("r7c7 r7c9", 6));
}

#[test]
fn sashimi_x_wing_in_rows() {
    let (g, mut c) = empty();
    // Row 1: c2, c7; row 5: c2 and fins r5c8, r5c9 (box 6), no c7.
    row_only(&mut c, 1, 1, "27");
    row_only(&mut c, 1, 5, "289");
    let steps = find(Technique::SashimiXWing, &g, &c);
    assert_eq!(steps.len(), 1);
    let s = &steps[0];
    assert_eq!(s.cells, cells("r1c2 r1c7 r5c2"));
    assert_eq!(s.fins, cells("r5c8 r5c9"));
    assert_eq!(s.eliminations, elims("r4c7 r6c7", 1));
    assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
    // Fins in two boxes eliminate nothing.
    let (g, mut c) = empty();
    row_only(&mut c, 1, 1, "27");
    row_only(&mut c, 1, 5, "2389");
    assert!(find(Technique::SashimiXWing, &g, &c).is_empty());
    assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
}

#[test]
fn hodoku_examples() {
    // HoDoKu's technique pages (show_example.php?file=bf202) and the
    // examples in the source of its FishSolver.
    let s = hodoku_step(
        Technique::XWing,
        ":0300:1:9+8..627+5+3.+65..3...+3+2+7.+5...67+9..3.+5...+5...9...8+32.45..9+6+735+91+428+24+9.+8+7..5+51+8.+2...+7::124 127 128 129 153 154 157 158 159:c15 r25",
    );
    assert_eq!(
        s.houses,
        [
            House::column_at(0).unwrap(),
            House::column_at(4).unwrap(),
            House::row_at(1).unwrap(),
            House::row_at(4).unwrap()
        ]
    );
    let s = hodoku_step(
        Technique::XWing,
        ":0300:3:9.....+5+6+1..+6.+1.7+937+1..962486...2+147+9........5....4...642..+586+1+75.71.+2..+4..1....+52::313 314 343 344 353 354 363 364 394::",
    );
    assert_eq!(
        s.houses,
        [
            House::row_at(2).unwrap(),
            House::row_at(6).unwrap(),
            House::column_at(2).unwrap(),
            House::column_at(3).unwrap()
        ]
    );
    let s = hodoku_step(
        Technique::Jellyfish,
        ":0302:8:+65+4.+2..7+12..+1.+7+5+46..+1456..+2+1+27+63.4+5...65.12.+7+5.9+27.1+6...+5812...9.+2....+15.1...+5.2.:317 331 332 997 999:822 832 837 852 897 899::",
    );
    assert_eq!(
        s.houses[..4],
        [
            House::row_at(0).unwrap(),
            House::row_at(3).unwrap(),
            House::row_at(5).unwrap(),
            House::row_at(7).unwrap()
        ]
    );
    let s = hodoku_step(
        Technique::FinnedXWing,
        ":0310:9:..3..+67......91..+3.6...3.597+8.+25+43.+1...+3+1+7.8+22+3+16+89+4+75+6.813+2...+32.4+7...6...+9+6.23.::978::",
    );
    assert_eq!(s.fins, cells("r8c7"));
    let s = hodoku_step(
        Technique::FinnedXWing,
        ":0310:3:1.........5.....61..8+1..2...7...9.......1.3..4...5...6.+6.+398+14+2+9+42+5+71+6..+8+136+4279+5:962:315 335::",
    );
    assert_eq!(s.fins, cells("r2c6"));
}

/// A step in the words of the HoDoKu reference file: digit, base sets,
/// cover sets, fins, endo fins and eliminations, or `-` for none.
fn canonical(step: Option<&Step>) -> String {
    let Some(step) = step else {
        return "-".to_string();
    };
    let short = |h: &House| {
        let kind = match h {
            House::Row(_) => 'r',
            House::Column(_) => 'c',
            House::Box(_) => 'b',
        };
        format!("{kind}{}", h.number() + 1)
    };
    let (base, cover) = step.houses.split_at(step.houses.len() / 2);
    let in_base = |c: &Cell| base.iter().filter(|h| h.cells().contains(c)).count();
    let list = |endo: bool| -> String {
        let fins = step.fins.iter().filter(|c| (in_base(c) > 1) == endo);
        fins.map(|c| c.to_string()).collect()
    };
    let eliminations: Vec<String> = step.eliminations.iter().map(|e| e.0.to_string()).collect();
    format!(
        "{} {} {} f:{} e:{} => {}",
        step.digits,
        base.iter().map(short).collect::<String>(),
        cover.iter().map(short).collect::<String>(),
        list(false),
        list(true),
        eliminations.join(" ")
    )
}

/// Every technique's first step on six positions met while solving
/// top1465 puzzles is the one HoDoKu 2.3 takes there (`hodoku_first_steps.txt`
/// holds HoDoKu's own answers, none included where it finds nothing).
#[test]
fn first_steps_are_hodokus() {
    let text = include_str!("hodoku_first_steps.txt");
    let mut position = None;
    let (mut checked, mut fired, mut cannibals) = (0, 0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(p) = line.strip_prefix("position ") {
            position = Some(hodoku(p));
            continue;
        }
        let (name, expected) = line.split_once(' ').unwrap();
        let technique: Technique = name.parse().unwrap();
        let (grid, candidates, _) = position.as_ref().unwrap();
        let steps = find(technique, grid, candidates);
        assert_eq!(canonical(steps.first()), expected, "{technique}");
        checked += 1;
        fired += usize::from(expected != "-");
        // Cannibalism: an elimination in a base set, which the words name.
        if let Some(step) = steps.first() {
            let base = &step.houses[..step.houses.len() / 2];
            let eaten = step
                .eliminations
                .iter()
                .any(|e| base.iter().any(|h| h.cells().contains(&e.0)));
            if eaten {
                cannibals += 1;
                assert!(
                    reason(step, Lang::En)
                        .unwrap()
                        .contains("in two cover sets")
                );
                assert!(
                    reason(step, Lang::Es)
                        .unwrap()
                        .contains("en dos conjuntos de cobertura")
                );
            }
        }
    }
    assert_eq!(
        (checked, fired, cannibals),
        (6 * IMPLEMENTED.len(), 119, 48)
    );
}

/// The examples in the source of HoDoKu's `FishSolver` (its `main`), each
/// with the eliminations, sets and fins HoDoKu gives.
#[test]
fn hodoku_source_examples() {
    let cases = [
        (
            Technique::FinnedSwordfish,
            ":0311:4:.3.2+6..+8.86..3.5.+2.+2487..+3+6.+8.39.+2.72..6.8..31.+3+527.+6...+2.863..+3.8.5+2+691.....3.2.:924 128 448 452 157 458 578 491 591 792 193 793:424::",
            "4 c1c6c8 r2r4r7 f:r1c6 e: => r2c4",
        ),
        (
            Technique::FinnedJellyfish,
            ":0312:7:+6.+4.5.9.2.596.+2.+4+8....+94.+56578+2+4+9..3+2+46.1.5..9+1+3.+6.8244..9+8.+2.......648.8.1+42...+5:314 754 756 376 776 178 778 382 783 384 784 789 398:779::",
            "7 r1r5r6r9 c4c6c8c9 f:r9c7 e: => r7c9",
        ),
        (
            Technique::FrankenSwordfish,
            ":0331:8:52...617.174.536..6.9271..5..5.2...6.9.76..1...6.3...4..759236135261.9.79613.7.5.:814 819 928 842 844 944 856 861 964 866 867 868:872::",
            "8 r2r3r6 c2c4b3 f: e: => r7c2",
        ),
        (
            Technique::SashimiJellyfish,
            ":0322:6:..+12.5....254+1....6.....1+5+2+2..1+5..7.5.....9.+1.+138...+25...+5..+21.15.+3..79..82.7+1+5.3:411 412 815 419 619 819 826 629 829 833 447 647 849 458 658 685 686:675 676::",
            "6 r1r2r6r9 c5c6c7c8 f:r9c4 e: => r7c5 r7c6",
        ),
        (
            Technique::FinnedFrankenJellyfish,
            ":0342:3:..+5+648+1..+4...1.+6.86+1+8..75.+4+5+42..186.7+8+6...4.193+1...+7+521+6....34+5+85....+21+7..4+1..+9+86:218 918 222 923 924 344 955 386 986 295 296:319::",
            "3 r3r4r8b1 c3c4c5c9 f:r1c1r3c8 e: => r1c9",
        ),
        (
            Technique::FinnedFrankenJellyfish,
            ":0342:7:+5.3+9641+8..+1.+5...69.9+6...53+4..7...84515.4........3+5...+1..+5.+4..1...18.54.+66..21..+58::759::",
            "7 r1r6r9b3 c2c6c7c9 f:r6c8 e:r1c9 => r5c9",
        ),
        (
            Technique::FinnedMutantJellyfish,
            ":0362:4:.7+6+1.95..1..+6.5...+98+5+72.16.+7...1+6.......97.3.6+9.2+5.+7188.7.6..5...9+5..3.....+9...4.:211 319 425 227 228 229 443 449 172 272 376 476 885 286 486 289 895 396:419::",
            "4 r3r6c1c5 r1r8c6b4 f:r3c9 e: => r1c9",
        ),
    ];
    for (technique, line, expected) in cases {
        let step = hodoku_step(technique, line);
        assert_eq!(canonical(Some(&step)), expected, "{technique}");
    }
}

/// Rows 1 to 7 hold 5 only in columns 1 to 7: those columns lose 5 in rows
/// 8 and 9 (14 eliminations). No smaller basic fish has base lines of few
/// enough candidates.
#[test]
fn leviathan_in_rows() {
    let (g, mut c) = empty();
    for row in 1..=7 {
        row_only(&mut c, 5, row, "1234567");
    }
    let steps = find(Technique::Leviathan, &g, &c);
    let expected = "5 r1r2r3r4r5r6r7 c1c2c3c4c5c6c7 f: e: => \
                    r8c1 r8c2 r8c3 r8c4 r8c5 r8c6 r8c7 r9c1 r9c2 r9c3 r9c4 r9c5 r9c6 r9c7";
    assert_eq!(canonical(steps.first()), expected);
    assert_eq!(steps.len(), 1);
    assert!(find(Technique::Squirmbag, &g, &c).is_empty());
    assert!(find(Technique::Whale, &g, &c).is_empty());
}

/// The Leviathan of `leviathan_in_rows` with row 7 holding 5 only in c7 and
/// the fin r7c8: a sashimi Leviathan (row 7 keeps one cover candidate); only
/// the cells of c7 in the fin's box, r8c7 and r9c7, see the fin.
#[test]
fn sashimi_leviathan() {
    let (g, mut c) = empty();
    for row in 1..=6 {
        row_only(&mut c, 5, row, "1234567");
    }
    row_only(&mut c, 5, 7, "78");
    let steps = find(Technique::SashimiLeviathan, &g, &c);
    let expected = "5 r1r2r3r4r5r6r7 c1c2c3c4c5c6c7 f:r7c8 e: => r8c7 r9c7";
    assert_eq!(canonical(steps.first()), expected);
    // Finned (not sashimi) Leviathans keep two cover candidates per line.
    for step in find(Technique::FinnedLeviathan, &g, &c) {
        let half = step.houses.len() / 2;
        for house in &step.houses[..half] {
            let kept = step.cells.iter().filter(|c| house.cells().contains(c));
            assert!(kept.count() >= 2, "{step}");
        }
    }
    // With row 7 holding c1..c8 the same fish is finned, not sashimi.
    let (g, mut c) = empty();
    for row in 1..=6 {
        row_only(&mut c, 5, row, "1234567");
    }
    row_only(&mut c, 5, 7, "12345678");
    let steps = find(Technique::FinnedLeviathan, &g, &c);
    let expected = "5 r1r2r3r4r5r6r7 c1c2c3c4c5c6c7 f:r7c8 e: => r8c7 r9c7";
    assert_eq!(canonical(steps.first()), expected);
}

/// A Franken X-Wing with cannibalism: box 1 holds 3 only in r1c1 and r2c2,
/// row 5 only in c1 and c2. Box 1's 3 is in c1 or c2, so is row 5's: they
/// fill columns 1 and 2, which lose 3 elsewhere, except r1c1 and r2c2 ... and
/// a base candidate in both covers would go too. Here base candidates lie in
/// one cover each, so no cannibal: the eliminations are c1 and c2 outside
/// box 1 and row 5.
#[test]
fn franken_x_wing_with_a_box() {
    let (g, mut c) = empty();
    let d = Digit::new(3).unwrap();
    for name in ["r1c2", "r1c3", "r2c1", "r2c3", "r3c1", "r3c2", "r3c3"] {
        c.remove(at(name), d);
    }
    row_only(&mut c, 3, 5, "12");
    let steps = find(Technique::FrankenXWing, &g, &c);
    let expected = "3 r5b1 c1c2 f: e: => r4c1 r4c2 r6c1 r6c2 r7c1 r7c2 r8c1 r8c2 r9c1 r9c2";
    assert_eq!(canonical(steps.first()), expected);
    assert!(find(Technique::XWing, &g, &c).is_empty());
    assert!(
        find(Technique::MutantXWing, &g, &c)
            .iter()
            .any(|s| canonical(Some(s)) == expected)
    );
}

/// Fins no cover candidate sees eliminate nothing: a would-be finned
/// X-Wing whose fins lie in two boxes.
#[test]
fn fins_apart_eliminate_nothing() {
    let (g, mut c) = empty();
    row_only(&mut c, 2, 1, "27");
    row_only(&mut c, 2, 5, "2479");
    for t in [
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedFrankenXWing,
    ] {
        assert!(
            find(t, &g, &c)
                .iter()
                .all(|s| !s.houses.contains(&House::row_at(0).unwrap())
                    || !s.houses.contains(&House::row_at(4).unwrap())),
            "{t}"
        );
    }
}

/// The words of a finned Franken fish with an endo fin and of a plain one,
/// in both languages.
#[test]
fn words() {
    let line = ":0342:7:+5.3+9641+8..+1.+5...69.9+6...53+4..7...84515.4........3+5...+1..+5.+4..1...18.54.+66..21..+58::759::";
    let step = hodoku_step(Technique::FinnedFrankenJellyfish, line);
    assert_eq!(
        reason(&step, Lang::En).unwrap(),
        "in rows 1,6,9 and box 3, 7 lies only in columns 2,6,7,9 \
         (but for the fins r1c9,r6c8, r1c9 an endo fin in two base sets)"
    );
    assert_eq!(
        reason(&step, Lang::Es).unwrap(),
        "en las filas 1,6,9 y la caja 3, el 7 solo está en las columnas 2,6,7,9 \
         (salvo las aletas r1c9,r6c8, r1c9 aleta interna en dos conjuntos base)"
    );
    let (g, mut c) = empty();
    row_only(&mut c, 4, 2, "37");
    row_only(&mut c, 4, 8, "37");
    let step = &find(Technique::XWing, &g, &c)[0];
    assert_eq!(
        reason(step, Lang::Es).unwrap(),
        "en las filas 2,8, el 4 solo está en las columnas 3,7"
    );
}

/// The enumeration for Kraken fish: without targets it yields fish that
/// eliminate nothing by themselves, with their fins and potential
/// eliminations.
#[test]
fn kraken_enumeration_sees_fish_without_eliminations() {
    let (g, mut c) = empty();
    // Row 1: c2, c7; row 5: c2, c7 and the fin r5c5 (box 5), which no
    // candidate of columns 2 and 7 sees.
    row_only(&mut c, 1, 1, "27");
    row_only(&mut c, 1, 5, "257");
    let _ = g;
    let places = (0..81)
        .filter(|&i| {
            c.get(Cell::new(i).unwrap())
                .contains(Digit::new(1).unwrap())
        })
        .fold(0u128, |m, i| m | 1 << i);
    let query = FishQuery {
        shape: Shape::Basic,
        min_size: 2,
        max_size: 2,
        finned: true,
        max_fins: 2,
        max_endo_fins: 0,
        targets: None,
        endo_quirk: None,
        budget: u64::MAX,
    };
    let mut fish = Vec::new();
    let _ = for_each_fish(places, &query, &mut |f: &Fish| {
        fish.push(*f);
        ControlFlow::Continue(())
    });
    // Rows 1 and 5 on covers c2c5, c2c7, c5c7 in that order (fins r1c7
    // and r5c7; r5c5; r1c2 and r5c2), then nothing along columns.
    let col = |n: usize| 1u32 << (9 + n - 1);
    let covers: Vec<u32> = fish.iter().map(|f| f.cover).collect();
    assert_eq!(covers, [col(2) | col(5), col(2) | col(7), col(5) | col(7)]);
    let finned = fish[1];
    assert_eq!(finned.base, 1 | 1 << 4);
    assert_eq!(finned.fins, 1 << (4 * 9 + 4));
    assert_eq!(finned.eliminations(), 0);
    // Without the fin the X-Wing would clear the rest of c2 and c7.
    assert_eq!(finned.potential().count_ones(), 14);
    assert!(find(Technique::FinnedXWing, &g, &c).is_empty());
}

/// The default-set fish are sound on the samples and each fires.
#[test]
fn default_fish_are_sound_and_fire() {
    let puzzles: Vec<Grid> = [
        "top1465_200.txt",
        "forum_hardest_1106_50.txt",
        "random_minimal_2000.txt",
    ]
    .iter()
    .flat_map(|name| sample(name))
    .collect();
    for &t in IMPLEMENTED.iter().filter(|t| t.is_default()) {
        let seen = check_technique(t, &puzzles);
        eprintln!("{t}: {seen}");
        assert!(seen > 0, "{t} never fires");
    }
}

/// The fish outside the default set are sound on hard puzzles and each
/// fires.
#[test]
fn large_fish_are_sound_and_fire() {
    let mut puzzles = sample("top1465_200.txt");
    puzzles.truncate(40);
    puzzles.extend(sample("forum_hardest_1106_50.txt").into_iter().take(10));
    for &t in IMPLEMENTED.iter().filter(|t| !t.is_default()) {
        let seen = check_technique(t, &puzzles);
        eprintln!("{t}: {seen}");
        assert!(seen > 0, "{t} never fires");
    }
}
