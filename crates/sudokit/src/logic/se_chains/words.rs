//! The words of SE's chains, in English and Spanish: what is assumed and
//! which chain leads where (the conclusion follows the text).

use super::hint::is_loop;
use crate::classic::trace::Lang;
use crate::logic::{Chain, Step, Technique};

/// The reason part of the text of `step`.
pub(super) fn reason(step: &Step, lang: Lang) -> Option<String> {
    use Technique as T;
    let es = lang == Lang::Es;
    let first = step.chains.first()?;
    let premise = first.nodes.first()?;
    let main = main_branches(step);
    let chains: Vec<String> = step.chains[..main].iter().map(Chain::to_string).collect();
    let mut joined = chains.join("; ");
    let nested: Vec<String> = step.chains[main..].iter().map(Chain::to_string).collect();
    if !nested.is_empty() {
        joined += &if es {
            format!(" (con las cadenas anidadas {})", nested.join("; "))
        } else {
            format!(" (with the nested chains {})", nested.join("; "))
        };
    }
    Some(match step.technique {
        T::BidirectionalXCycle | T::BidirectionalYCycle | T::BidirectionalCycle
            if is_loop(first) =>
        {
            if es {
                format!(
                    "el ciclo {first} vale en los dos sentidos: cae todo candidato que ve un nodo verdadero y uno falso de su dígito"
                )
            } else {
                format!(
                    "the loop {first} holds both ways: every candidate that sees a true and a false node of its digit goes"
                )
            }
        }
        T::ForcingXChain | T::ForcingYChain | T::ForcingXyChain => {
            let placed = !step.placements.is_empty();
            match (es, placed) {
                (false, true) => format!("if {premise} were false, {first} would make it true"),
                (false, false) => format!("if {premise} were true, {first} would make it false"),
                (true, true) => format!("si {premise} fuera falso, {first} lo haría verdadero"),
                (true, false) => format!("si {premise} fuera verdadero, {first} lo haría falso"),
            }
        }
        _ => return net_reason(step, es, &joined),
    })
}

/// How many of the step's chains are its own branches: they all end on
/// the candidate of the conclusion (a contradiction's on and off), the
/// nested chains they use follow.
fn main_branches(step: &Step) -> usize {
    let Some(end) = step.chains.first().and_then(|c| c.nodes.last()) else {
        return 0;
    };
    let same = step
        .chains
        .iter()
        .take_while(|c| c.nodes.last() == Some(end))
        .count();
    if is_loop(&step.chains[0]) { 1 } else { same }
}

/// The words of forcing chains with several branches: region (a house in
/// the evidence), cell (branches from different candidates), double (one
/// candidate assumed on and off), contradiction (one assumption).
fn net_reason(step: &Step, es: bool, joined: &str) -> Option<String> {
    let first = step.chains.first()?;
    let premise = first.nodes.first()?;
    if let Some(house) = step.houses.first() {
        let digit = premise.digit;
        return Some(if es {
            format!("cada sitio del {digit} en {house} lleva a la misma conclusión: {joined}")
        } else {
            format!("every place of {digit} in {house} leads to the same conclusion: {joined}")
        });
    }
    let second = step.chains.get(1)?;
    if second.nodes.first() != Some(premise) {
        let cell = premise.cells;
        return Some(if es {
            format!("cada candidato de {cell} lleva a la misma conclusión: {joined}")
        } else {
            format!("every candidate of {cell} leads to the same conclusion: {joined}")
        });
    }
    Some(if double_premise(first, second) {
        if es {
            format!("{premise} verdadero y {premise} falso llevan a la misma conclusión: {joined}")
        } else {
            format!("{premise} true and {premise} false lead to the same conclusion: {joined}")
        }
    } else {
        let target = first.nodes.last()?;
        if es {
            format!("suponer {premise} hace {target} verdadero y falso a la vez: {joined}")
        } else {
            format!("assuming {premise} makes {target} both true and false: {joined}")
        }
    })
}

/// Whether two branches start from one candidate in opposite states (a
/// double forcing chain): the first link of one is strong, of the other weak.
fn double_premise(a: &Chain, b: &Chain) -> bool {
    a.nodes.first() == b.nodes.first()
        && !a.strong.is_empty()
        && !b.strong.is_empty()
        && a.strong[0] != b.strong[0]
}
