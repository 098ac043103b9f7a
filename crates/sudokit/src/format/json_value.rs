//! One JSON unit (a value the scanner cut out) read as a puzzle.
//!
//! Cells are read from the number as written: only `0`-`9` and `null` are
//! cells, so `-0`, `1.0` or `1e0` are refused and quoted as written.

use super::json::Unit;
use super::line::{char_count, scan_line, trim};
use super::source::CAP;
use crate::error::{ParseError, ParseErrorKind};
use crate::grid::Cell;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::value::RawValue;

/// The cell values of a unit, or why it is no puzzle.
pub(crate) fn parse_unit(unit: &Unit<'_>) -> Result<[u8; 81], ParseError> {
    let prefix = unit
        .index
        .map_or_else(String::new, |n| format!("puzzle {n}: "));
    let fail = |line: usize, msg: String| ParseError {
        line,
        kind: ParseErrorKind::Json(format!("{prefix}{msg}")),
    };
    let Some(bytes) = unit.bytes else {
        return Err(fail(unit.line, format!("value longer than {CAP} bytes")));
    };
    if unit.missing_comma {
        return Err(fail(unit.line, "expected ',' before this value".into()));
    }
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(unit, bytes, e.valid_up_to());
        fail(line, format!("invalid UTF-8 at column {column}"))
    })?;
    let raw: &RawValue = serde_json::from_str(text).map_err(|e| {
        let (line, column) = serde_position(unit, bytes, &e);
        fail(line, format!("{} at column {column}", message(&e)))
    })?;
    grid_of(raw.get()).map_err(|msg| match lone_surrogate(bytes).filter(|_| msg.contains("escape")) {
        // serde_json calls it the end of a hex escape, wherever it is.
        Some(at) => {
            let (line, column) = position(unit, bytes, at);
            let escape = String::from_utf8_lossy(&bytes[at..at + 6]);
            fail(
                line,
                format!("{escape} at column {column} is half a UTF-16 surrogate pair, without its other half"),
            )
        }
        None => fail(unit.line, msg),
    })
}

/// The byte offset of the first `\u` escape in a string of `bytes` that is
/// a UTF-16 surrogate without its other half, if any (the text is valid
/// JSON apart from such escapes).
fn lone_surrogate(bytes: &[u8]) -> Option<usize> {
    let hex = |at: usize| -> Option<u16> {
        let digits = std::str::from_utf8(bytes.get(at..at + 4)?).ok()?;
        u16::from_str_radix(digits, 16).ok()
    };
    let (mut i, mut in_string) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                if bytes.get(i + 1) == Some(&b'u') {
                    let unit = hex(i + 2)?;
                    let paired = (0xD800..0xDC00).contains(&unit)
                        && bytes.get(i + 6..i + 8) == Some(b"\\u")
                        && hex(i + 8).is_some_and(|low| (0xDC00..0xE000).contains(&low));
                    if paired {
                        i += 12;
                        continue;
                    }
                    if (0xD800..0xE000).contains(&unit) {
                        return Some(i);
                    }
                }
                i += 2;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// serde_json's message without its own position.
fn message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// The line and character column of a serde_json error in the input.
fn serde_position(unit: &Unit<'_>, bytes: &[u8], e: &serde_json::Error) -> (usize, usize) {
    let mut offset = 0;
    for _ in 1..e.line() {
        match bytes[offset..].iter().position(|&b| b == b'\n') {
            Some(i) => offset += i + 1,
            None => break,
        }
    }
    let offset = (offset + e.column().saturating_sub(1)).min(bytes.len());
    position(unit, bytes, offset)
}

/// The line and one-based character column of byte `offset` of a unit.
fn position(unit: &Unit<'_>, bytes: &[u8], offset: usize) -> (usize, usize) {
    let before = &bytes[..offset];
    let breaks = before.iter().filter(|&&b| b == b'\n').count();
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let chars = char_count(&before[line_start..]);
    if breaks == 0 {
        (unit.line, unit.column + chars)
    } else {
        (unit.line + breaks, chars + 1)
    }
}

/// A JSON text (already valid) read as a puzzle.
fn grid_of(text: &str) -> Result<[u8; 81], String> {
    match text.trim_start().as_bytes().first() {
        Some(b'"') => {
            let line: String = serde_json::from_str(text).map_err(|e| message(&e))?;
            let (line, column) = trim(line.as_bytes());
            scan_line(line, column).map_err(|e| e.to_string())
        }
        Some(b'{') => {
            let fields = serde_json::from_str::<PuzzleFields<'_>>(text).map_err(|e| message(&e))?;
            match fields.0[..] {
                [] => Err("object without a \"puzzle\" field".into()),
                [one] => grid_of(one.get()),
                _ => Err(format!("object with {} \"puzzle\" fields", fields.0.len())),
            }
        }
        Some(b'[') => {
            let items: Vec<&RawValue> = serde_json::from_str(text).map_err(|e| message(&e))?;
            if !items.is_empty() && items.iter().all(|v| v.get().starts_with('[')) {
                rows(&items)
            } else {
                cells(&items)
            }
        }
        _ => Err(format!(
            "expected an array of 81 cells, found {}",
            kind(text)
        )),
    }
}

/// Nine arrays of nine cells.
fn rows(items: &[&RawValue]) -> Result<[u8; 81], String> {
    if items.len() != 9 {
        return Err(format!("{} rows, expected 9", items.len()));
    }
    let mut values = [0u8; 81];
    for (r, row) in items.iter().enumerate() {
        let cells: Vec<&RawValue> = serde_json::from_str(row.get()).map_err(|e| message(&e))?;
        if cells.len() != 9 {
            let n = cells.len();
            let s = if n == 1 { "" } else { "s" };
            return Err(format!("row {} has {n} cell{s}, expected 9", r + 1));
        }
        for (c, raw) in cells.iter().enumerate() {
            values[r * 9 + c] = cell(r * 9 + c, raw.get())?;
        }
    }
    Ok(values)
}

/// 81 cells.
fn cells(items: &[&RawValue]) -> Result<[u8; 81], String> {
    if items.len() != 81 {
        return Err(ParseErrorKind::CellCount { found: items.len() }.to_string());
    }
    let mut values = [0u8; 81];
    for (i, raw) in items.iter().enumerate() {
        values[i] = cell(i, raw.get())?;
    }
    Ok(values)
}

/// One cell, as written: `null` or a single digit.
fn cell(index: usize, raw: &str) -> Result<u8, String> {
    match raw.as_bytes() {
        b"null" => return Ok(0),
        [d @ b'0'..=b'9'] => return Ok(d - b'0'),
        _ => {}
    }
    let name = Cell::new(index).map_or_else(|| format!("cell {}", index + 1), |c| c.to_string());
    match kind(raw) {
        "a number" => Err(format!("{name}: {raw} is not a digit 0-9")),
        other => Err(format!("{name}: expected a number, found {other}")),
    }
}

/// What kind of JSON value a valid text is.
fn kind(text: &str) -> &'static str {
    match text.trim_start().as_bytes().first() {
        Some(b'"') => "a string",
        Some(b'[') => "an array",
        Some(b'{') => "an object",
        Some(b't' | b'f') => "a boolean",
        Some(b'n') => "null",
        _ => "a number",
    }
}

/// Every `"puzzle"` field of an object, so that a second one is seen.
struct PuzzleFields<'a>(Vec<&'a RawValue>);

impl<'de> serde::Deserialize<'de> for PuzzleFields<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(FieldsVisitor)
    }
}

struct FieldsVisitor;

impl<'de> Visitor<'de> for FieldsVisitor {
    type Value = PuzzleFields<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut found = Vec::new();
        while let Some(key) = map.next_key::<std::borrow::Cow<'de, str>>()? {
            if key == "puzzle" {
                found.push(map.next_value::<&'de RawValue>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(PuzzleFields(found))
    }
}
