//! `sudokit techniques`: every technique and group name with its family,
//! HoDoKu level and score, SE rating and a one-line summary, read from the
//! library's one technique table (`sudokit::logic::Technique::facts`).

use crate::cli::{Lang, TechniquesArgs, TechniquesFormat};
use crate::commands::human;
use serde_json::{Map, Value, json};
use std::io::Write;
use std::process::ExitCode;
use sudokit::logic::Level;
use sudokit::logic::{GROUPS, Group, Technique};

/// The note every "unknown technique" error ends with.
pub const SEE_LIST: &str = "(see 'sudokit techniques' for the names)";

/// `e` with [`SEE_LIST`] appended when it is about an unknown name, so that
/// every command's error points to the list.
pub fn with_hint(e: String) -> String {
    if e.starts_with("unknown technique") {
        format!("{e} {SEE_LIST}")
    } else {
        e
    }
}

/// Parses a `--techniques` list, with the flag name and the hint in errors;
/// a list that names nothing (`''`, `,`) is refused, as
/// [`sudokit::logic::solver::Options::parse`] refuses it.
pub fn parse_list(list: &str) -> anyhow::Result<Vec<Technique>> {
    sudokit::logic::parse_named_techniques(list)
        .map_err(|e| anyhow::anyhow!("--techniques: {}", with_hint(e)))
}

/// Runs `techniques`.
pub fn run(args: &TechniquesArgs) -> anyhow::Result<ExitCode> {
    let rows = rows(args.lang);
    let text = match args.format {
        TechniquesFormat::Table => table(&rows, args.lang),
        TechniquesFormat::Json => rows.iter().map(|r| format!("{}\n", r.json)).collect(),
    };
    let mut out = crate::output::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// One printed row: the table's cells and the JSON object.
struct Row {
    cells: [String; 6],
    json: Value,
}

/// Every technique in declaration order, then every group.
fn rows(lang: Lang) -> Vec<Row> {
    let lang = human::lang(lang);
    let techniques = Technique::ALL
        .iter()
        .map(|&t| technique_row(t, t.summary(lang)));
    let groups = GROUPS.iter().map(|&g| group_row(g, g.summary(lang)));
    techniques.chain(groups).collect()
}

/// `6.6`, or `~6.6` for a rating SE does not have (an approximation).
fn se_text(t: Technique) -> String {
    let se = t.facts().se;
    let mark = if se.exact { "" } else { "~" };
    format!("{mark}{:.1}", se.rating)
}

fn technique_row(t: Technique, summary: &str) -> Row {
    let facts = t.facts();
    let hodoku = facts.hodoku;
    let cells = [
        t.name().to_string(),
        t.family().name().to_string(),
        hodoku.map_or("-".into(), |h| h.level.name().to_string()),
        hodoku.map_or("-".into(), |h| h.score.to_string()),
        se_text(t),
        summary.to_string(),
    ];
    let json = json!({
        "name": t.name(),
        "kind": "technique",
        "family": t.family().name(),
        "available": t.is_available(),
        "default": t.is_default(),
        "level": hodoku.map(|h| h.level.name()),
        "score": hodoku.map(|h| h.score),
        "se_rating": facts.se.rating,
        "se_exact": facts.se.exact,
        "description": summary,
    });
    Row { cells, json }
}

/// `a` when both ends agree, `a-b` otherwise.
fn span<T: PartialEq + std::fmt::Display>(lo: T, hi: T) -> String {
    if lo == hi {
        lo.to_string()
    } else {
        format!("{lo}-{hi}")
    }
}

fn min_max<T: PartialOrd + Copy>(items: impl Iterator<Item = T>) -> Option<(T, T)> {
    let items: Vec<T> = items.collect();
    let pick = |better: fn(&T, &T) -> bool| {
        items
            .iter()
            .copied()
            .reduce(|a, b| if better(&b, &a) { b } else { a })
    };
    Some((pick(|b, a| b < a)?, pick(|b, a| b > a)?))
}

fn group_row(g: Group, summary: &str) -> Row {
    let members = g.members().iter().map(|t| t.facts());
    let hodoku: Vec<_> = members.clone().filter_map(|f| f.hodoku).collect();
    let levels = min_max(hodoku.iter().map(|h| h.level));
    let scores = min_max(hodoku.iter().map(|h| h.score));
    let (lo_se, hi_se) =
        min_max(members.clone().map(|f| f.se.rating)).expect("groups have members");
    let exact = members.clone().all(|f| f.se.exact);
    let mark = if exact { "" } else { "~" };
    let level = levels.map_or("-".into(), |(lo, hi)| {
        span(Level::name(lo), Level::name(hi))
    });
    let members: Vec<&str> = g.members().iter().map(|t| t.name()).collect();
    let cells = [
        g.name().to_string(),
        g.family().name().to_string(),
        level.clone(),
        scores.map_or("-".into(), |(lo, hi)| span(lo, hi)),
        format!(
            "{mark}{}",
            span(format!("{lo_se:.1}"), format!("{hi_se:.1}"))
        ),
        summary.to_string(),
    ];
    let mut obj = Map::new();
    obj.insert("name".into(), g.name().into());
    obj.insert("kind".into(), "group".into());
    obj.insert("members".into(), members.into());
    obj.insert("family".into(), g.family().name().into());
    let available = g.members().iter().any(|t| t.is_available());
    obj.insert("available".into(), available.into());
    obj.insert("level".into(), level.into());
    let score = scores.map(|(lo, hi)| json!({"min": lo, "max": hi}));
    obj.insert("score".into(), score.into());
    obj.insert("se_rating".into(), json!({"min": lo_se, "max": hi_se}));
    obj.insert("se_exact".into(), exact.into());
    obj.insert("description".into(), summary.into());
    Row {
        cells,
        json: Value::Object(obj),
    }
}

/// The rows under a header, columns padded to their widest cell (counted in
/// characters, for the Spanish accents), the summary last and unpadded.
fn table(rows: &[Row], lang: Lang) -> String {
    let header = match lang {
        Lang::En => ["NAME", "FAMILY", "LEVEL", "SCORE", "SE", "DESCRIPTION"],
        Lang::Es => ["NOMBRE", "FAMILIA", "NIVEL", "PUNTOS", "SE", "DESCRIPCIÓN"],
    };
    let header = header.map(String::from);
    let all: Vec<&[String; 6]> = std::iter::once(&header)
        .chain(rows.iter().map(|r| &r.cells))
        .collect();
    let widths: Vec<usize> = (0..5)
        .map(|k| all.iter().map(|c| c[k].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for cells in all {
        for (cell, &w) in cells.iter().zip(&widths) {
            let pad = w - cell.chars().count();
            out.push_str(cell);
            out.push_str(&" ".repeat(pad + 2));
        }
        out.push_str(&cells[5]);
        out.push('\n');
    }
    out
}
