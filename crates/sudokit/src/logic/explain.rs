//! Words for a step, in English and Spanish, and the pencil-mark grid.
//!
//! Text is made from the step's data only (technique, placements,
//! eliminations and the evidence documented on each [`Technique`] variant),
//! in the usual notation: `r3c5=7` places, `r2c4,r2c6<>5` eliminates, chains
//! are written node by node with `=` for a strong link and `-` for a weak
//! one. A technique without a template of its own gets a generic sentence
//! (its name, the cells of the pattern and the result), so techniques that
//! land later are explained too.
//!
//! ```
//! use sudokit::classic::trace::Lang;
//! use sudokit::logic::{explain, Step, Technique};
//! use sudokit::{Cell, Digit, House};
//! let step = Step::new(Technique::HiddenSingle)
//!     .place(Cell::at(2, 4).unwrap(), Digit::new(7).unwrap())
//!     .house(House::box_at(1).unwrap());
//! assert_eq!(explain::step_text(&step, Lang::En), "Hidden single: 7 can only go in r3c5 within box 2 => r3c5=7");
//! assert_eq!(explain::step_text(&step, Lang::Es), "Único oculto: el 7 solo puede ir en r3c5 dentro de la caja 2 => r3c5=7");
//! ```

use crate::candidates::{Candidates, DigitSet};
use crate::classic::trace::Lang;
use crate::grid::{Cell, Digit, Grid, House};
use crate::logic::solver::SolvedStep;
use crate::logic::{Family, Link, Step, Technique};
use std::fmt::Write;

/// The name of `technique` as players say it, in `lang` (the table's
/// [`Technique::title`]).
pub fn technique_name(technique: Technique, lang: Lang) -> &'static str {
    technique.title(lang)
}

fn pick(lang: Lang, en: &'static str, es: &'static str) -> &'static str {
    match lang {
        Lang::En => en,
        Lang::Es => es,
    }
}

/// A house in words: `row 3`, `column 5`, `box 2` / `fila 3`, `columna 5`, `caja 2`.
pub fn house_name(house: House, lang: Lang) -> String {
    let (kind, n) = house_parts(house, lang);
    format!("{kind} {n}")
}

fn house_parts(house: House, lang: Lang) -> (&'static str, usize) {
    let kind = match house {
        House::Row(_) => pick(lang, "row", "fila"),
        House::Column(_) => pick(lang, "column", "columna"),
        House::Box(_) => pick(lang, "box", "caja"),
    };
    (kind, house.number() + 1)
}

/// Several houses of one kind: `rows 2,7`, `columnas 3,8`; mixed kinds are
/// listed one by one.
fn houses_name(houses: &[House], lang: Lang) -> String {
    let Some(&first) = houses.first() else {
        return String::new();
    };
    let same = houses
        .iter()
        .all(|h| std::mem::discriminant(h) == std::mem::discriminant(&first));
    if houses.len() == 1 || !same {
        let names: Vec<String> = houses.iter().map(|&h| house_name(h, lang)).collect();
        return names.join(", ");
    }
    let kind = match (first, lang) {
        (House::Row(_), Lang::En) => "rows",
        (House::Column(_), Lang::En) => "columns",
        (House::Box(_), Lang::En) => "boxes",
        (House::Row(_), Lang::Es) => "filas",
        (House::Column(_), Lang::Es) => "columnas",
        (House::Box(_), Lang::Es) => "cajas",
    };
    let numbers: Vec<String> = houses
        .iter()
        .map(|&h| house_parts(h, lang).1.to_string())
        .collect();
    format!("{kind} {}", numbers.join(","))
}

/// Cells as a comma-separated list: `r2c4,r2c6`.
pub fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    names.join(",")
}

/// Digits as `3/7`.
pub fn digit_list(digits: DigitSet) -> String {
    let names: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    names.join("/")
}

/// What a step does: placements `r3c5=7`, then eliminations grouped by
/// digit `r2c4,r2c6<>5`, separated by `, `.
pub fn effects(placements: &[(Cell, Digit)], eliminations: &[(Cell, Digit)]) -> String {
    let mut parts: Vec<String> = placements.iter().map(|(c, d)| format!("{c}={d}")).collect();
    for digit in Digit::all() {
        let cells: Vec<Cell> = eliminations
            .iter()
            .filter(|(_, d)| *d == digit)
            .map(|(c, _)| *c)
            .collect();
        if !cells.is_empty() {
            parts.push(format!("{}<>{digit}", cell_list(&cells)));
        }
    }
    parts.join(", ")
}

/// A chain, node by node: `r1c2(4)=r5c2(4)-r5c7(4)=r1c7(4)`; on a single
/// digit the digits are left out: `r1c2=r5c2-r5c7=r1c7`.
pub fn chain_text(links: &[Link]) -> String {
    let one_digit = links
        .iter()
        .all(|l| l.from.1 == links[0].from.1 && l.to.1 == links[0].from.1);
    let node = |(cell, digit): (Cell, Digit)| {
        if one_digit {
            cell.to_string()
        } else {
            format!("{cell}({digit})")
        }
    };
    let mut out = String::new();
    for (i, link) in links.iter().enumerate() {
        if i == 0 || links[i - 1].to != link.from {
            if i > 0 {
                out.push_str(" … ");
            }
            out.push_str(&node(link.from));
        }
        out.push(if link.strong { '=' } else { '-' });
        out.push_str(&node(link.to));
    }
    out
}

/// The text of a solution step (a deduction or a guess).
pub fn text(step: &SolvedStep, lang: Lang) -> String {
    match step {
        SolvedStep::Step(step) => step_text(step, lang),
        SolvedStep::Guess { cell, digit } => match lang {
            Lang::En => {
                format!("Guess: {cell}={digit} (no technique applies; the digit is the solution's)")
            }
            Lang::Es => format!(
                "Suposición: {cell}={digit} (no se aplica ninguna técnica; el dígito es el de la solución)"
            ),
        },
    }
}

/// The text of `step` in `lang`: the technique, the reason, then ` => ` and
/// the result, for every technique (so a reader always finds the conclusion
/// at the end).
pub fn step_text(step: &Step, lang: Lang) -> String {
    let name = technique_name(step.technique, lang);
    let result = effects(&step.placements, &step.eliminations);
    match family_reason(step, lang).or_else(|| reason(step, lang)) {
        Some(reason) => format!("{name}: {reason} => {result}"),
        None => generic(step, name, &result, lang),
    }
}

/// The words a family module keeps for its own techniques.
fn family_reason(step: &Step, lang: Lang) -> Option<String> {
    use crate::logic::{
        als, chains, exclusion, fish, forcing, last_resort, se_chains, single_digit, uniqueness,
    };
    match step.technique.family() {
        Family::Fish => fish::reason(step, lang),
        Family::Chains => chains::reason(step, lang),
        Family::Uniqueness => uniqueness::reason(step, lang),
        Family::SingleDigit => single_digit::reason(step, lang),
        Family::Als => als::reason(step, lang),
        Family::Forcing => forcing::reason(step, lang),
        Family::Exclusion => exclusion::reason(step, lang),
        Family::SeChains => se_chains::reason(step, lang),
        Family::LastResort => last_resort::reason(step, lang),
        _ => None,
    }
}

/// The sentence for a technique without a template of its own.
fn generic(step: &Step, name: &str, result: &str, lang: Lang) -> String {
    let mut pattern = Vec::new();
    if !step.digits.is_empty() {
        pattern.push(digit_list(step.digits));
    }
    if !step.chains.is_empty() {
        let chains: Vec<String> = step.chains.iter().map(|c| c.to_string()).collect();
        pattern.push(chains.join(" ; "));
    } else if !step.links.is_empty() {
        pattern.push(chain_text(&step.links));
    } else if !step.cells.is_empty() {
        pattern.push(cell_list(&step.cells));
    }
    if !step.houses.is_empty() {
        pattern.push(format!("({})", houses_name(&step.houses, lang)));
    }
    if !step.fins.is_empty() {
        let fins = pick(lang, "fins", "aletas");
        pattern.push(format!("{fins} {}", cell_list(&step.fins)));
    }
    if pattern.is_empty() {
        format!("{name} => {result}")
    } else {
        format!("{name}: {} => {result}", pattern.join(" "))
    }
}

/// The digit of a one-digit pattern (or of the first placement).
fn the_digit(step: &Step) -> Option<Digit> {
    step.digits
        .single()
        .or_else(|| step.placements.first().map(|p| p.1))
}

/// `el 5` in Spanish, `5` in English.
fn digit_word(digit: Digit, lang: Lang) -> String {
    match lang {
        Lang::En => digit.to_string(),
        Lang::Es => format!("el {digit}"),
    }
}

/// "in the box 2" with Spanish articles: `la caja 2`, `la fila 3`.
fn the_house(house: House, lang: Lang) -> String {
    match lang {
        Lang::En => house_name(house, lang),
        Lang::Es => format!("la {}", house_name(house, lang)),
    }
}

/// The reason for a technique with a template; `None` for the generic text.
fn reason(step: &Step, lang: Lang) -> Option<String> {
    use Technique as T;
    let es = lang == Lang::Es;
    let cells = cell_list(&step.cells);
    let digits = digit_list(step.digits);
    Some(match step.technique {
        // Every fish and every rectangle reads the same: one template per family.
        t if t.family() == Family::Fish => fish_reason(step, lang)?,
        t if t.family() == Family::Uniqueness && t != T::BugPlusOne => {
            rectangle_reason(step, lang)?
        }
        T::FullHouse => {
            let (cell, digit) = *step.placements.first()?;
            let house = the_house(*step.houses.first()?, lang);
            if es {
                format!("{cell} es la última casilla vacía de {house}, le falta el {digit}")
            } else {
                format!("{cell} is the last empty cell of {house}, missing {digit}")
            }
        }
        T::NakedSingle => {
            let (cell, digit) = *step.placements.first()?;
            if es {
                format!("el {digit} es el único candidato de {cell}")
            } else {
                format!("{digit} is the only candidate of {cell}")
            }
        }
        T::HiddenSingle => {
            let (cell, digit) = *step.placements.first()?;
            let house = the_house(*step.houses.first()?, lang);
            if es {
                format!("el {digit} solo puede ir en {cell} dentro de {house}")
            } else {
                format!("{digit} can only go in {cell} within {house}")
            }
        }
        T::LockedCandidatesPointing | T::LockedCandidatesClaiming => {
            let (&[from, to], Some(d)) = (step.houses.as_slice(), the_digit(step)) else {
                return None;
            };
            let (from, to, d) = (
                the_house(from, lang),
                the_house(to, lang),
                digit_word(d, lang),
            );
            if es {
                format!("en {from}, {d} solo está en {to}")
            } else {
                format!("in {from}, {d} lies only in {to}")
            }
        }
        T::LockedPair | T::LockedTriple => {
            let houses: Vec<String> = step.houses.iter().map(|&h| the_house(h, lang)).collect();
            if es {
                format!(
                    "{cells} solo contienen {digits}, en {}",
                    houses.join(" y en ")
                )
            } else {
                format!("{cells} hold only {digits}, in {}", houses.join(" and in "))
            }
        }
        T::NakedPair | T::NakedTriple | T::NakedQuad => {
            let house = the_house(*step.houses.first()?, lang);
            if es {
                format!("en {house}, {cells} solo contienen {digits}")
            } else {
                format!("in {house}, {cells} hold only {digits}")
            }
        }
        T::HiddenPair | T::HiddenTriple | T::HiddenQuad => {
            let house = the_house(*step.houses.first()?, lang);
            if es {
                format!("en {house}, {digits} solo pueden ir en {cells}")
            } else {
                format!("in {house}, {digits} can only go in {cells}")
            }
        }
        T::XyWing | T::XyzWing => {
            let [pivot, a, b] = step.cells.get(..3)?.try_into().ok()?;
            if es {
                format!("{digits}: pivote {pivot}, pinzas {a} y {b}")
            } else {
                format!("{digits}: pivot {pivot}, pincers {a} and {b}")
            }
        }
        T::BugPlusOne => {
            let cell = step.cells.first()?;
            let d = the_digit(step)?;
            if es {
                format!(
                    "todas las casillas salvo {cell} tienen dos candidatos, y el {d} aparece \
                     tres veces en su fila, su columna y su caja"
                )
            } else {
                format!(
                    "every cell but {cell} has two candidates, and {d} appears three times \
                     in its row, its column and its box"
                )
            }
        }
        _ if !step.links.is_empty() => {
            let chain = chain_text(&step.links);
            match the_digit(step).filter(|_| step.digits.len() == 1) {
                Some(d) if es => format!("con el {d}, {chain}"),
                Some(d) => format!("on {d}, {chain}"),
                None => chain,
            }
        }
        _ => return None,
    })
}

/// The template of every fish: base and cover houses, and the fins.
fn fish_reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let d = digit_word(the_digit(step)?, lang);
    let half = step.houses.len() / 2;
    if half == 0 {
        return None;
    }
    let base = houses_name(&step.houses[..half], lang);
    let cover = houses_name(&step.houses[half..], lang);
    let fins = if step.fins.is_empty() {
        String::new()
    } else if es {
        format!(" (salvo las aletas {})", cell_list(&step.fins))
    } else {
        format!(" (but for the fins {})", cell_list(&step.fins))
    };
    Some(if es {
        format!("en las {base}, {d} solo está en las {cover}{fins}")
    } else {
        format!("in {base}, {d} lies only in {cover}{fins}")
    })
}

/// The template of every unique, hidden or avoidable rectangle.
fn rectangle_reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let digits = digit_list(step.digits);
    let corners = cell_list(step.cells.get(..4)?);
    let extra = if step.fins.is_empty() {
        String::new()
    } else if es {
        format!(" (candidatos extra en {})", cell_list(&step.fins))
    } else {
        format!(" (extra candidates in {})", cell_list(&step.fins))
    };
    Some(if es {
        format!("{corners} con {digits} no puede ser un patrón mortal{extra}")
    } else {
        format!("{corners} on {digits} must not become a deadly pattern{extra}")
    })
}

/// The pencil-mark grid: every cell shows its digit or its candidates,
/// columns padded to a common width, boxes separated by lines.
///
/// ```
/// use sudokit::{Candidates, Grid};
/// let g: Grid = format!("12345678.{}", ".".repeat(72)).parse().unwrap();
/// let text = sudokit::logic::explain::pencil_marks(&g, &Candidates::from_grid(&g));
/// assert!(text.lines().nth(1).unwrap().starts_with("| 1 "));
/// assert_eq!(text.lines().count(), 13);
/// ```
pub fn pencil_marks(grid: &Grid, candidates: &Candidates) -> String {
    let text = |cell: Cell| match grid.get(cell) {
        Some(d) => d.to_string(),
        None => {
            let c = candidates.get(cell);
            if c.is_empty() {
                "-".to_string()
            } else {
                c.to_string()
            }
        }
    };
    let texts: Vec<String> = Cell::all().map(text).collect();
    let widths: Vec<usize> = (0..9)
        .map(|col| {
            (0..9)
                .map(|row| texts[row * 9 + col].len())
                .max()
                .unwrap_or(1)
        })
        .collect();
    let rule = {
        let mut s = String::from("+");
        for stack in 0..3 {
            let w: usize = widths[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
            s.push_str(&"-".repeat(w));
            s.push('+');
        }
        s.push('\n');
        s
    };
    let mut out = rule.clone();
    for row in 0..9 {
        out.push('|');
        for (col, &w) in widths.iter().enumerate() {
            let t = &texts[row * 9 + col];
            let _ = write!(out, " {t:<w$}");
            if col % 3 == 2 {
                out.push_str(" |");
            }
        }
        out.push('\n');
        if row % 3 == 2 {
            out.push_str(&rule);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(r: usize, c: usize) -> Cell {
        Cell::at(r, c).unwrap()
    }

    fn d(n: u8) -> Digit {
        Digit::new(n).unwrap()
    }

    #[test]
    fn pointing_in_both_languages() {
        let step = Step::new(Technique::LockedCandidatesPointing)
            .eliminate(cell(1, 3), d(5))
            .eliminate(cell(1, 5), d(5))
            .house(House::box_at(0).unwrap())
            .house(House::row_at(1).unwrap())
            .with_cells([cell(1, 0), cell(1, 1)])
            .with_digits([d(5)].into_iter().collect());
        assert_eq!(
            step_text(&step, Lang::En),
            "Locked candidates (pointing): in box 1, 5 lies only in row 2 => r2c4,r2c6<>5"
        );
        assert_eq!(
            step_text(&step, Lang::Es),
            "Candidatos bloqueados (apuntando): en la caja 1, el 5 solo está en la fila 2 => r2c4,r2c6<>5"
        );
    }

    #[test]
    fn singles_and_subsets() {
        let naked = Step::new(Technique::NakedSingle).place(cell(0, 4), d(9));
        assert_eq!(
            step_text(&naked, Lang::En),
            "Naked single: 9 is the only candidate of r1c5 => r1c5=9"
        );
        let full = Step::new(Technique::FullHouse)
            .place(cell(0, 8), d(9))
            .house(House::row_at(0).unwrap());
        assert_eq!(
            step_text(&full, Lang::Es),
            "Casilla única: r1c9 es la última casilla vacía de la fila 1, le falta el 9 => r1c9=9"
        );
        assert_eq!(
            step_text(&full, Lang::En),
            "Full house: r1c9 is the last empty cell of row 1, missing 9 => r1c9=9"
        );
        let pair = Step::new(Technique::HiddenPair)
            .eliminate(cell(0, 0), d(2))
            .eliminate(cell(0, 4), d(2))
            .eliminate(cell(0, 4), d(5))
            .house(House::row_at(0).unwrap())
            .with_cells([cell(0, 0), cell(0, 4)])
            .with_digits([d(3), d(7)].into_iter().collect());
        assert_eq!(
            step_text(&pair, Lang::En),
            "Hidden pair: in row 1, 3/7 can only go in r1c1,r1c5 => r1c1,r1c5<>2, r1c5<>5"
        );
        assert_eq!(
            step_text(&pair, Lang::Es),
            "Par oculto: en la fila 1, 3/7 solo pueden ir en r1c1,r1c5 => r1c1,r1c5<>2, r1c5<>5"
        );
    }

    #[test]
    fn fish_and_chains() {
        let xwing = Step::new(Technique::XWing)
            .eliminate(cell(4, 2), d(4))
            .house(House::row_at(1).unwrap())
            .house(House::row_at(6).unwrap())
            .house(House::column_at(2).unwrap())
            .house(House::column_at(7).unwrap())
            .with_digits([d(4)].into_iter().collect());
        assert_eq!(
            step_text(&xwing, Lang::En),
            "X-Wing: in rows 2,7, 4 lies only in columns 3,8 => r5c3<>4"
        );
        assert_eq!(
            step_text(&xwing, Lang::Es),
            "X-Wing: en las filas 2,7, el 4 solo está en las columnas 3,8 => r5c3<>4"
        );
        let mut sky = Step::new(Technique::Skyscraper)
            .eliminate(cell(0, 8), d(4))
            .with_digits([d(4)].into_iter().collect());
        let four = d(4);
        sky.links = vec![
            Link {
                from: (cell(0, 1), four),
                to: (cell(4, 1), four),
                strong: true,
            },
            Link {
                from: (cell(4, 1), four),
                to: (cell(4, 6), four),
                strong: false,
            },
            Link {
                from: (cell(4, 6), four),
                to: (cell(1, 6), four),
                strong: true,
            },
        ];
        assert_eq!(
            step_text(&sky, Lang::En),
            "Skyscraper: on 4, r1c2=r5c2-r5c7=r2c7 => r1c9<>4"
        );
    }

    #[test]
    fn generic_text_for_techniques_without_a_template() {
        let ur = Step::new(Technique::UniqueRectangle1)
            .eliminate(cell(0, 0), d(1))
            .with_cells([cell(0, 0), cell(0, 3), cell(2, 0), cell(2, 3)])
            .with_digits([d(1), d(2)].into_iter().collect());
        assert_eq!(
            step_text(&ur, Lang::En),
            "Unique rectangle type 1: r1c1,r1c4,r3c1,r3c4 on 1/2 must not become a deadly pattern => r1c1<>1"
        );
        assert!(step_text(&ur, Lang::Es).starts_with("Rectángulo único tipo 1: r1c1,"));
        let als = Step::new(Technique::AlsXz)
            .eliminate(cell(0, 0), d(1))
            .with_cells([cell(0, 3), cell(2, 3)])
            .with_digits([d(1), d(2)].into_iter().collect());
        assert_eq!(
            step_text(&als, Lang::En),
            "ALS-XZ: 1/2 r1c4,r3c4 => r1c1<>1"
        );
        let guess = SolvedStep::Guess {
            cell: cell(0, 0),
            digit: d(3),
        };
        assert!(text(&guess, Lang::En).starts_with("Guess: r1c1=3"));
        assert!(text(&guess, Lang::Es).starts_with("Suposición: r1c1=3"));
    }

    /// BUG+1 used to stop before its conclusion.
    #[test]
    fn bug_plus_one_ends_with_its_placement() {
        let cell = cell(7, 3);
        let step = Step::new(Technique::BugPlusOne)
            .place(cell, d(5))
            .with_cells([cell])
            .with_digits([d(5)].into_iter().collect())
            .house(cell.row_house())
            .house(cell.column_house())
            .house(cell.box_house());
        assert_eq!(
            step_text(&step, Lang::En),
            "BUG+1: every cell but r8c4 has two candidates, and 5 appears three times in its \
             row, its column and its box => r8c4=5"
        );
        assert_eq!(
            step_text(&step, Lang::Es),
            "BUG+1: todas las casillas salvo r8c4 tienen dos candidatos, y el 5 aparece tres \
             veces en su fila, su columna y su caja => r8c4=5"
        );
    }

    /// Every step the solver takes on the reference sample, in both
    /// languages, ends with ` => ` and exactly what it places and eliminates.
    #[test]
    fn every_solver_step_ends_with_its_conclusion() {
        let path = format!(
            "{}/../../tests/data/graded_sample.tsv",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for line in text.lines().skip(1) {
            let puzzle: Grid = line.split('\t').next().unwrap().parse().unwrap();
            let options = crate::logic::solver::Options::default();
            let outcome = crate::logic::solver::solve(&puzzle, &options).unwrap();
            for step in outcome.steps.iter().filter_map(SolvedStep::step) {
                seen.insert(step.technique);
                let end = format!(" => {}", effects(&step.placements, &step.eliminations));
                for lang in [Lang::En, Lang::Es] {
                    let words = step_text(step, lang);
                    assert!(words.ends_with(&end), "{words:?} should end with {end:?}");
                    assert_eq!(words.matches(" => ").count(), 1, "{words}");
                }
            }
        }
        assert!(
            seen.len() >= 15,
            "only {} techniques seen: {seen:?}",
            seen.len()
        );
    }

    #[test]
    fn every_technique_has_words() {
        for &t in Technique::ALL {
            let step = Step::new(t).eliminate(cell(0, 0), d(1));
            let en = step_text(&step, Lang::En);
            assert!(en.ends_with("=> r1c1<>1"), "{en}");
            assert!(!technique_name(t, Lang::Es).is_empty());
        }
    }

    #[test]
    fn pencil_marks_layout() {
        let g: Grid =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
                .parse()
                .unwrap();
        let text = pencil_marks(&g, &Candidates::from_grid(&g));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 13);
        assert!(lines[0].starts_with("+-") && lines[0].ends_with('+'));
        assert!(
            lines
                .iter()
                .all(|l| l.chars().count() == lines[0].chars().count())
        );
        assert!(lines[1].contains(" 3 ") && lines[1].contains("2"));
    }
}
