//! The words of the ALS family's steps, in English and Spanish.

use crate::candidates::DigitSet;
use crate::cell_set::CellSet;
use crate::classic::trace::Lang;
use crate::grid::{Cell, House};
use crate::logic::explain::{digit_list, house_name};
use crate::logic::{Step, Technique};

/// The reason of an ALS-family step in `lang`; `None` when the step lacks
/// the evidence its technique fills.
pub(super) fn reason(step: &Step, lang: Lang) -> Option<String> {
    let es = lang == Lang::Es;
    match step.technique {
        Technique::SueDeCoq => sue_de_coq(step, es),
        Technique::AlsXz => xz(step, es),
        Technique::AlsXyWing => wing(step, es),
        Technique::AlsXyChain => chain(step, es),
        Technique::DeathBlossom => blossom(step, es),
        _ => None,
    }
}

fn lang(es: bool) -> Lang {
    if es { Lang::Es } else { Lang::En }
}

/// `r1c23 (row 1)`.
fn set(cells: CellSet, house: House, es: bool) -> String {
    format!("{cells} ({})", house_name(house, lang(es)))
}

/// The digits the step eliminates.
fn eliminated(step: &Step) -> DigitSet {
    step.eliminations.iter().map(|&(_, d)| d).collect()
}

/// `so one of them holds 5` / `so each of 5/7 lies in one of them`.
fn holds(step: &Step, es: bool) -> String {
    let z = eliminated(step);
    match (z.len() == 1, es) {
        (true, false) => format!("so one of them holds {z}"),
        (true, true) => format!("así que uno de ellos contiene el {z}"),
        (false, false) => format!("so each of {} lies in one of them", digit_list(z)),
        (false, true) => format!("así que cada uno de {} está en uno de ellos", digit_list(z)),
    }
}

/// The step's first chain, in Eureka notation.
fn eureka(step: &Step) -> Option<String> {
    step.chains.first().map(ToString::to_string)
}

/// `1 and 3` / `el 1 y el 3`.
fn and_list(digits: DigitSet, es: bool) -> String {
    let words: Vec<String> = digits
        .iter()
        .map(|d| if es { format!("el {d}") } else { d.to_string() })
        .collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!(
                "{} {} {last}",
                rest.join(", "),
                if es { "y" } else { "and" }
            )
        }
        _ => words.concat(),
    }
}

fn xz(step: &Step, es: bool) -> Option<String> {
    let nodes = &step.chains.first()?.nodes;
    let (a, b) = (nodes.first()?.cells, nodes.get(2)?.cells);
    let [ha, hb] = step.houses.get(..2)?.try_into().ok()?;
    let (a, b) = (set(a, ha, es), set(b, hb, es));
    let x: Vec<String> = step.digits.iter().map(|d| d.to_string()).collect();
    let x = x.join(if es { " y " } else { " and " });
    let chain = eureka(step)?;
    Some(match (step.digits.len() > 1, es) {
        (false, false) => format!(
            "{a} and {b} are almost locked sets linked by the restricted common {x}, {}: {chain}",
            holds(step, false)
        ),
        (false, true) => format!(
            "{a} y {b} son conjuntos casi bloqueados unidos por el común restringido {x}, {}: {chain}",
            holds(step, true)
        ),
        (true, false) => format!(
            "{a} and {b} are almost locked sets linked by the restricted commons {x}, \
             so both are locked: {chain}"
        ),
        (true, true) => format!(
            "{a} y {b} son conjuntos casi bloqueados unidos por los comunes restringidos {x}, \
             así que ambos quedan bloqueados: {chain}"
        ),
    })
}

fn wing(step: &Step, es: bool) -> Option<String> {
    let nodes = &step.chains.first()?.nodes;
    let (a, c, b) = (
        nodes.first()?.cells,
        nodes.get(2)?.cells,
        nodes.get(4)?.cells,
    );
    let [ha, hb, hc] = step.houses.get(..3)?.try_into().ok()?;
    let (a, b, c) = (set(a, ha, es), set(b, hb, es), set(c, hc, es));
    let x = and_list(step.digits, es);
    let (holds, chain) = (holds(step, es), eureka(step)?);
    Some(if es {
        format!(
            "los conjuntos casi bloqueados {a} y {b} están unidos al conjunto pivote {c} \
             por {x}, {holds}: {chain}"
        )
    } else {
        format!(
            "the almost locked sets {a} and {b} are linked to the pivot set {c} by {x}, \
             {holds}: {chain}"
        )
    })
}

fn chain(step: &Step, es: bool) -> Option<String> {
    let first = step.chains.first()?;
    // Each set shows as two nodes (entering and leaving digit).
    let sets: Vec<CellSet> = first.nodes.iter().step_by(2).map(|n| n.cells).collect();
    if sets.len() != step.houses.len() {
        return None;
    }
    let list: Vec<String> = sets
        .iter()
        .zip(&step.houses)
        .map(|(&s, &h)| set(s, h, es))
        .collect();
    let (n, list, chain) = (sets.len(), list.join(", "), first.to_string());
    let z = eliminated(step);
    Some(if es {
        format!(
            "una cadena de {n} conjuntos casi bloqueados, {list}, cada uno unido al siguiente \
             por un común restringido distinto del anterior, así que uno de sus extremos \
             contiene {}: {chain}",
            and_list(z, true)
        )
    } else {
        format!(
            "a chain of {n} almost locked sets, {list}, each linked to the next by a restricted \
             common other than the one before, so one of its ends holds {}: {chain}",
            and_list(z, false)
        )
    })
}

fn blossom(step: &Step, es: bool) -> Option<String> {
    let stem: Cell = *step.cells.first()?;
    // One chain per petal and eliminated digit: (d)stem-(d)petal=(z)petal.
    let mut petals = Vec::new();
    for chain in &step.chains {
        let (d, petal) = (chain.nodes.first()?.digit, chain.nodes.get(1)?.cells);
        if !petals.iter().any(|&(pd, _)| pd == d) {
            petals.push((d, petal));
        }
    }
    if petals.len() != step.houses.len() {
        return None;
    }
    let list: Vec<String> = petals
        .iter()
        .zip(&step.houses)
        .map(|(&(d, p), &h)| format!("{d}: {}", set(p, h, es)))
        .collect();
    let (list, holds) = (list.join(", "), holds(step, es));
    Some(if es {
        format!("cada candidato del tallo {stem} ve un conjunto casi bloqueado ({list}), {holds}")
    } else {
        format!("each candidate of the stem {stem} sees an almost locked set ({list}), {holds}")
    })
}

fn sue_de_coq(step: &Step, es: bool) -> Option<String> {
    let [line, block] = step.houses.get(..2)?.try_into().ok()?;
    // Cells: crossing, line set (also the fins), box set.
    let at = step
        .cells
        .iter()
        .position(|c| Some(c) == step.fins.first())?;
    let (crossing, rest) = step.cells.split_at(at);
    let (line_set, box_set) = rest.split_at(step.fins.len().min(rest.len()));
    let cells = |cells: &[Cell]| cells.iter().copied().collect::<CellSet>().to_string();
    let (c, l, b) = (cells(crossing), cells(line_set), cells(box_set));
    let (line, block) = (house_name(line, lang(es)), house_name(block, lang(es)));
    let v = digit_list(step.digits);
    Some(if es {
        format!(
            "{c} (dígitos {v}) con {l} en la {line} y {b} en la {block} tienen tantos dígitos \
             como casillas: sus dígitos salen del resto de la {line} y de la {block}"
        )
    } else {
        format!(
            "{c} (digits {v}) with {l} in {line} and {b} in {block} hold as many digits as \
             cells: their digits leave the rest of {line} and {block}"
        )
    })
}
