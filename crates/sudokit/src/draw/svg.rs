//! The small pieces every drawing shares: escaping text for XML, numbers
//! written short, and text wrapped to a width.

use std::fmt;
use std::fmt::Write;

/// `text` made safe for XML character data and attribute values: `&`, `<`,
/// `>`, `"` and `'` become entities, and characters XML 1.0 forbids
/// (control characters other than tab, line feed and carriage return) are
/// left out, so that any caption keeps the document well-formed.
///
/// ```
/// use sudokit::draw::escape;
/// assert_eq!(escape("a<b & \"c\"\u{0}"), "a&lt;b &amp; &quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if (c as u32) < 0x20 || c == '\u{fffe}' || c == '\u{ffff}' => {}
            c => out.push(c),
        }
    }
    out
}

/// A length written with at most two decimals and no trailing zeros
/// (`12`, `3.5`, `0.25`), to keep the documents short.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Num(pub f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = if self.0.is_finite() { self.0 } else { 0.0 };
        let text = format!("{x:.2}");
        let text = text.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if text == "-0" { "0" } else { text })
    }
}

/// `text` cut into lines of at most `width` characters, at spaces where it
/// can be; a word longer than a line (a chain in Eureka notation) is cut
/// after one of its links (`-`, `=`) or, failing that, anywhere.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(8);
    let mut lines = Vec::new();
    let mut line = String::new();
    let mut len = 0;
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let room = if len == 0 {
                width
            } else {
                width.saturating_sub(len + 1)
            };
            if word.len() <= room {
                if len > 0 {
                    line.push(' ');
                    len += 1;
                }
                line.extend(word.iter());
                len += word.len();
                break;
            }
            if word.len() <= width && len > 0 {
                lines.push(std::mem::take(&mut line));
                len = 0;
                continue;
            }
            // A word longer than a line: as much as fits, cut after a link.
            if room < 4 {
                lines.push(std::mem::take(&mut line));
                len = 0;
                continue;
            }
            let cut = word[..room]
                .iter()
                .rposition(|&c| matches!(c, '-' | '=' | ',' | ';'))
                .filter(|&i| i >= room / 2)
                .map_or(room, |i| i + 1);
            let rest = word.split_off(cut);
            if len > 0 {
                line.push(' ');
            }
            line.extend(word.iter());
            lines.push(std::mem::take(&mut line));
            len = 0;
            word = rest;
        }
    }
    if len > 0 {
        lines.push(line);
    }
    lines
}

/// Starts a drawing: the `<svg>` element `size_mm` wide and high, with a
/// `view` box from the origin and the drawings' sans-serif font, then its
/// `<title>`.
pub(crate) fn open(out: &mut String, size_mm: (f64, f64), view: (f64, f64), title: &str) {
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}mm\" height=\"{}mm\" \
         viewBox=\"0 0 {} {}\" font-family=\"{}\">",
        Num(size_mm.0),
        Num(size_mm.1),
        Num(view.0),
        Num(view.1),
        super::board::SANS
    );
    let _ = writeln!(out, "<title>{}</title>", escape(title));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(12.0).to_string(), "12");
        assert_eq!(Num(3.5).to_string(), "3.5");
        assert_eq!(Num(0.254).to_string(), "0.25");
        assert_eq!(Num(-0.001).to_string(), "0");
        assert_eq!(Num(f64::NAN).to_string(), "0");
    }

    #[test]
    fn wrapping_keeps_every_character_and_the_width() {
        let text = "Hidden single: 7 can only go in r3c5 within box 2 => r3c5=7";
        let lines = wrap(text, 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        let chain = "(1)r2c3=(1)r2c7-(1)r5c7=(1)r5c1-(1)r8c1=(1)r8c3";
        let lines = wrap(&format!("AIC: {chain} => r1c3<>1"), 20);
        assert!(lines.iter().all(|l| l.chars().count() <= 20), "{lines:?}");
        assert!(
            lines[1].ends_with('=') || lines[1].ends_with('-'),
            "{lines:?}"
        );
        assert_eq!(
            lines.concat().replace(' ', ""),
            format!("AIC:{chain}=>r1c3<>1")
        );
        assert!(wrap("", 10).is_empty());
    }
}
