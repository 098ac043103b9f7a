//! The words of fish steps, in English and Spanish.

use crate::classic::trace::Lang;
use crate::grid::{Cell, House};
use crate::logic::Step;
use crate::logic::explain::cell_list;

/// The reason of a fish step: `in rows 2,7, 4 lies only in columns 3,8`,
/// then the fins (endo fins named) and the cannibalistic candidates.
pub(super) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let digit = step.digits.single()?;
    let half = step.houses.len() / 2;
    if half == 0 {
        return None;
    }
    let (base, cover) = step.houses.split_at(half);
    let in_base = |cell: &Cell| base.iter().filter(|h| h.cells().contains(cell)).count();
    let endo: Vec<Cell> = step
        .fins
        .iter()
        .copied()
        .filter(|c| in_base(c) > 1)
        .collect();
    let cannibals: Vec<Cell> = step
        .eliminations
        .iter()
        .map(|e| e.0)
        .filter(|c| in_base(c) > 0)
        .collect();
    let (base, cover) = (houses(base, lang), houses(cover, lang));
    let fins = fins(&step.fins, &endo, lang);
    let cannibals = cannibalism(&cannibals, lang);
    Some(match lang {
        Lang::En => format!("in {base}, {digit} lies only in {cover}{fins}{cannibals}"),
        Lang::Es => format!("en {base}, el {digit} solo está en {cover}{fins}{cannibals}"),
    })
}

/// ` (but for the fins r1c1,r2c2, r2c2 an endo fin in two base sets)`.
fn fins(fins: &[Cell], endo: &[Cell], lang: Lang) -> String {
    if fins.is_empty() {
        return String::new();
    }
    let list = cell_list(fins);
    let endo_list = cell_list(endo);
    let (one, many) = (fins.len() == 1, endo.len() > 1);
    match lang {
        Lang::En => {
            let head = if one { "the fin" } else { "the fins" };
            let endo = match (endo.is_empty(), many) {
                (true, _) => String::new(),
                (false, false) => format!(", {endo_list} an endo fin in two base sets"),
                (false, true) => format!(", {endo_list} endo fins in two base sets"),
            };
            format!(" (but for {head} {list}{endo})")
        }
        Lang::Es => {
            let head = if one { "la aleta" } else { "las aletas" };
            let endo = match (endo.is_empty(), many) {
                (true, _) => String::new(),
                (false, false) => format!(", {endo_list} aleta interna en dos conjuntos base"),
                (false, true) => format!(", {endo_list} aletas internas en dos conjuntos base"),
            };
            format!(" (salvo {head} {list}{endo})")
        }
    }
}

/// `; r5c5 lies in two cover sets` for cannibalistic eliminations.
fn cannibalism(cells: &[Cell], lang: Lang) -> String {
    if cells.is_empty() {
        return String::new();
    }
    let list = cell_list(cells);
    let one = cells.len() == 1;
    match (lang, one) {
        (Lang::En, true) => format!("; {list} lies in two cover sets"),
        (Lang::En, false) => format!("; {list} lie in two cover sets"),
        (Lang::Es, true) => format!("; {list} está en dos conjuntos de cobertura"),
        (Lang::Es, false) => format!("; {list} están en dos conjuntos de cobertura"),
    }
}

/// Houses grouped by kind: `rows 2,7 and box 3`, `las filas 2,7 y la caja 3`.
fn houses(houses: &[House], lang: Lang) -> String {
    let kinds = [
        ("row", "rows", "la fila", "las filas"),
        ("column", "columns", "la columna", "las columnas"),
        ("box", "boxes", "la caja", "las cajas"),
    ];
    let mut groups = Vec::new();
    for (kind, names) in kinds.iter().enumerate() {
        let numbers: Vec<String> = houses
            .iter()
            .filter(|h| h.index() / 9 == kind)
            .map(|h| (h.number() + 1).to_string())
            .collect();
        let name = match (lang, numbers.len()) {
            (_, 0) => continue,
            (Lang::En, 1) => names.0,
            (Lang::En, _) => names.1,
            (Lang::Es, 1) => names.2,
            (Lang::Es, _) => names.3,
        };
        groups.push(format!("{name} {}", numbers.join(",")));
    }
    let and = match lang {
        Lang::En => " and ",
        Lang::Es => " y ",
    };
    match groups.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{}{and}{last}", rest.join(", ")),
        _ => groups.concat(),
    }
}
