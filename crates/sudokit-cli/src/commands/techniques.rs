//! `sudokit techniques`: every technique and group name with its family,
//! HoDoKu level and score, SE rating and a one-line summary, read from the
//! library's technique table (`sudokit::logic::technique`) and grade table
//! (`sudokit::grade::TABLE`).

use crate::cli::{Lang, TechniquesArgs, TechniquesFormat};
use crate::commands::human;
use serde_json::{Map, Value, json};
use std::io::{self, Write};
use std::process::ExitCode;
use sudokit::grade::{self, Level, TechniqueGrade};
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

/// Parses a `--techniques` list, with the flag name and the hint in errors.
pub fn parse_list(list: &str) -> anyhow::Result<Vec<Technique>> {
    sudokit::logic::parse_techniques(list)
        .map_err(|e| anyhow::anyhow!("--techniques: {}", with_hint(e)))
}

/// Runs `techniques`.
pub fn run(args: &TechniquesArgs) -> anyhow::Result<ExitCode> {
    let rows = rows(args.lang);
    let text = match args.format {
        TechniquesFormat::Table => table(&rows, args.lang),
        TechniquesFormat::Json => rows.iter().map(|r| format!("{}\n", r.json)).collect(),
    };
    let mut out = io::stdout().lock();
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
fn se_text(g: &TechniqueGrade) -> String {
    let mark = if g.se_exact { "" } else { "~" };
    format!("{mark}{:.1}", g.se_rating)
}

fn technique_row(t: Technique, summary: &str) -> Row {
    let g = grade::technique_grade(t);
    let cells = [
        t.name().to_string(),
        t.family().name().to_string(),
        g.hodoku_level.name().to_string(),
        g.hodoku_score.to_string(),
        se_text(g),
        summary.to_string(),
    ];
    let json = json!({
        "name": t.name(),
        "kind": "technique",
        "family": t.family().name(),
        "available": t.is_available(),
        "level": g.hodoku_level.name(),
        "score": g.hodoku_score,
        "se_rating": g.se_rating,
        "se_exact": g.se_exact,
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

fn min_max<T: PartialOrd + Copy>(items: impl Iterator<Item = T>) -> (T, T) {
    let items: Vec<T> = items.collect();
    let pick = |better: fn(&T, &T) -> bool| {
        items
            .iter()
            .copied()
            .reduce(|a, b| if better(&b, &a) { b } else { a })
            .expect("every group has members")
    };
    (pick(|b, a| b < a), pick(|b, a| b > a))
}

fn group_row(g: Group, summary: &str) -> Row {
    let grades: Vec<&TechniqueGrade> = g
        .members()
        .iter()
        .map(|&t| grade::technique_grade(t))
        .collect();
    let (lo_level, hi_level) = min_max(grades.iter().map(|r| r.hodoku_level));
    let (lo_score, hi_score) = min_max(grades.iter().map(|r| r.hodoku_score));
    let (lo_se, hi_se) = min_max(grades.iter().map(|r| r.se_rating));
    let exact = grades.iter().all(|r| r.se_exact);
    let mark = if exact { "" } else { "~" };
    let level = span(Level::name(lo_level), Level::name(hi_level));
    let members: Vec<&str> = g.members().iter().map(|t| t.name()).collect();
    let cells = [
        g.name().to_string(),
        g.family().name().to_string(),
        level.clone(),
        span(lo_score, hi_score),
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
    obj.insert("score".into(), json!({"min": lo_score, "max": hi_score}));
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
