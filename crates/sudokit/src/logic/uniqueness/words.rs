//! The words of Sudoku Explainer's uniqueness tests (unique loops, BUG
//! types 1 to 4), in English and Spanish.

use crate::classic::trace::Lang;
use crate::grid::{Cell, House};
use crate::logic::explain::{cell_list, digit_list, house_name};
use crate::logic::{Step, Technique};

/// The reason part of the text of a unique loop or BUG step; `None`
/// for other techniques.
pub(super) fn reason(step: &Step, lang: Lang) -> Option<String> {
    use Technique as T;
    match step.technique {
        T::UniqueLoop1 | T::UniqueLoop2 | T::UniqueLoop3 | T::UniqueLoop4 => {
            loop_reason(step, lang)
        }
        T::Bug1 | T::Bug2 | T::Bug3 | T::Bug4 => bug_reason(step, lang),
        _ => None,
    }
}

/// "in row 3" / "en la fila 3".
fn in_house(house: House, lang: Lang) -> String {
    match lang {
        Lang::En => format!("in {}", house_name(house, lang)),
        Lang::Es => format!("en la {}", house_name(house, lang)),
    }
}

/// The name of a subset of `size` cells: pair, triple, ...
fn subset_name(size: usize, lang: Lang) -> &'static str {
    const EN: [&str; 7] = [
        "pair",
        "triple",
        "quad",
        "quintuple",
        "sextuple",
        "septuple",
        "octuple",
    ];
    const ES: [&str; 7] = [
        "par", "trío", "cuarteto", "quinteto", "sexteto", "septeto", "octeto",
    ];
    let k = size.clamp(2, 8) - 2;
    match lang {
        Lang::En => EN[k],
        Lang::Es => ES[k],
    }
}

fn loop_reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let n = step.links.len();
    let lp: Vec<Cell> = step.cells.get(..n)?.to_vec();
    let pair = digit_list(step.digits);
    let shape = match (n == 4, es) {
        (true, false) => "a unique rectangle",
        (false, false) => "a unique loop",
        (true, true) => "un rectángulo único",
        (false, true) => "un bucle único",
    };
    let intro = if es {
        format!(
            "{} con {pair} forman {shape}: si todas fueran {pair}, los dos dígitos se podrían intercambiar (patrón mortal)",
            cell_list(&lp)
        )
    } else {
        format!(
            "{} on {pair} form {shape}: were they all {pair}, the two digits could be swapped (a deadly pattern)",
            cell_list(&lp)
        )
    };
    let fins = cell_list(&step.fins);
    let rest = match step.technique {
        Technique::UniqueLoop1 => {
            let [a, b] = [step.digits.iter().next()?, step.digits.iter().nth(1)?];
            if es {
                format!("; solo {fins} tiene otros candidatos, así que no puede ser ni {a} ni {b}")
            } else {
                format!("; only {fins} holds other candidates, so it can be neither {a} nor {b}")
            }
        }
        Technique::UniqueLoop2 => {
            let x = step.eliminations.first()?.1;
            if es {
                format!(
                    "; el único extra de {fins} es el {x}: una de ellas lo tiene y quien las vea todas lo pierde"
                )
            } else {
                format!(
                    "; the only extra of {fins} is {x}: one of them holds it, and cells seeing them all lose it"
                )
            }
        }
        Technique::UniqueLoop3 => type3_words(step, &fins, lang)?,
        _ => {
            let house = in_house(*step.houses.first()?, lang);
            let removed = step.eliminations.first()?.1;
            let kept = step.digits.iter().find(|&d| d != removed)?;
            if es {
                format!(
                    "; {house} el {kept} solo está en {fins}: una de ellas es {kept}, así que ninguna puede ser {removed}"
                )
            } else {
                format!(
                    "; {house}, {kept} lies only in {fins}: one of them is {kept}, so neither can be {removed}"
                )
            }
        }
    };
    Some(intro + &rest)
}

fn type3_words(step: &Step, fins: &str, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let (others, hidden) = super::unique_loops::subset(step);
    let others = cell_list(others);
    let house = in_house(*step.houses.first()?, lang);
    let size = step.cells.len() - step.links.len() + 1;
    let name = subset_name(size, lang);
    Some(match (hidden, es) {
        (false, false) => format!(
            "; one of {fins} holds an extra, so they act as one cell holding their extras: with {others} a naked {name} {house}"
        ),
        (false, true) => format!(
            "; una de {fins} tiene un extra, así que actúan como una casilla con sus extras: con {others}, un {name} desnudo {house}"
        ),
        (true, false) => format!(
            "; one of {fins} holds an extra, so the other, with {others}, holds a hidden {name} of the pair and digits found nowhere else {house}: {others} can hold nothing else"
        ),
        (true, true) => format!(
            "; una de {fins} tiene un extra, así que la otra, con {others}, forma un {name} oculto del par y de dígitos que no están en otro sitio {house}: {others} no pueden tener nada más"
        ),
    })
}

fn bug_reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    let bugs = cell_list(&step.fins);
    let extras = digit_list(step.digits);
    if step.technique == Technique::Bug1 {
        return Some(if es {
            format!(
                "sin {extras} en {bugs} cada casilla sería bivalor y cada dígito estaría dos veces en cada unidad, un patrón sin solución única: {bugs} debe conservar {extras}, así que pierde el resto"
            )
        } else {
            format!(
                "without {extras} in {bugs} every cell would be bivalue and every digit twice in each house, a pattern with no unique solution: {bugs} must keep {extras}, so it loses the rest"
            )
        });
    }
    let intro = if es {
        format!(
            "sin los candidatos BUG ({extras} en {bugs}) cada casilla sería bivalor y cada dígito estaría dos veces en cada unidad, un patrón sin solución única: {bugs} no pueden perder todos"
        )
    } else {
        format!(
            "without the BUG candidates ({extras} in {bugs}) every cell would be bivalue and every digit twice in each house, a pattern with no unique solution: {bugs} cannot all lose them"
        )
    };
    let rest = match step.technique {
        Technique::Bug2 => {
            if es {
                format!("; una de ellas es {extras}, así que quien las vea todas lo pierde")
            } else {
                format!("; one of them is {extras}, so cells seeing them all lose it")
            }
        }
        Technique::Bug3 => {
            let others = cell_list(step.cells.get(step.fins.len()..)?);
            let house = in_house(*step.houses.first()?, lang);
            let name = subset_name(step.cells.len() - step.fins.len() + 1, lang);
            if es {
                format!(
                    "; una de ellas tiene uno de {extras} y, con {others}, forma un {name} desnudo {house}"
                )
            } else {
                format!(
                    "; one of them holds one of {extras}, and with {others} forms a naked {name} {house}"
                )
            }
        }
        _ => {
            let link = step.links.first()?;
            let d = link.from.1;
            let house = in_house(*step.houses.first()?, lang);
            if es {
                format!(
                    "; {house} el {d} solo está en {bugs}: una es {d} y la otra tiene su candidato BUG, así que ambas pierden el resto"
                )
            } else {
                format!(
                    "; {house}, {d} lies only in {bugs}: one is {d}, the other holds its BUG candidate, so both lose the rest"
                )
            }
        }
    };
    Some(intro + &rest)
}

#[cfg(test)]
mod tests {
    use super::super::tests::position;
    use crate::classic::trace::Lang;
    use crate::logic::explain::step_text;
    use crate::logic::{Technique, find_steps};

    #[test]
    fn loop_and_bug_words() {
        let (grid, _, cands) = position(
            "3.1..5.....271......936..1471853.9.26..291..8295.87..198..7.1..1...53.2....12...6",
            "",
        );
        let step = &find_steps(Technique::UniqueLoop1, &grid, &cands)[0];
        let cells = "r4c6,r4c8,r6c8,r6c4,r7c4,r7c6";
        assert_eq!(
            step_text(step, Lang::En),
            format!(
                "Unique loop type 1: {cells} on 4/6 form a unique loop: were they all 4/6, the two digits could be swapped (a deadly pattern); only r6c8 holds other candidates, so it can be neither 4 nor 6 => r6c8<>4, r6c8<>6"
            )
        );
        assert_eq!(
            step_text(step, Lang::Es),
            format!(
                "Bucle único tipo 1: {cells} con 4/6 forman un bucle único: si todas fueran 4/6, los dos dígitos se podrían intercambiar (patrón mortal); solo r6c8 tiene otros candidatos, así que no puede ser ni 4 ni 6 => r6c8<>4, r6c8<>6"
            )
        );
        let (grid, _, cands) = position(
            ".8.372419412985673397146852.2.4.1.6515362.94..4......1.3......696.21.53..7.863.94",
            "861 863 766 571 573 873 776 277",
        );
        let step = &find_steps(Technique::Bug4, &grid, &cands)[0];
        let intro_en = "without the BUG candidates (7/9 in r6c5,r6c7) every cell would be bivalue and every digit twice in each house, a pattern with no unique solution: r6c5,r6c7 cannot all lose them";
        assert_eq!(
            step_text(step, Lang::En),
            format!(
                "BUG type 4: {intro_en}; in row 6, 3 lies only in r6c5,r6c7: one is 3, the other holds its BUG candidate, so both lose the rest => r6c7<>2, r6c5<>5"
            )
        );
        let es = step_text(step, Lang::Es);
        assert!(
            es.starts_with("BUG tipo 4: sin los candidatos BUG (7/9 en r6c5,r6c7)"),
            "{es}"
        );
        assert!(es.ends_with("en la fila 6 el 3 solo está en r6c5,r6c7: una es 3 y la otra tiene su candidato BUG, así que ambas pierden el resto => r6c7<>2, r6c5<>5"), "{es}");
    }
}
