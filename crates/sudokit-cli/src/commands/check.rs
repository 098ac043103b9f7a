//! `sudokit check`: unique, multiple, none or invalid, with clue and digit
//! counts, and with `--minimal` whether every clue is needed.
//!
//! Line format, tab-separated: `VERDICT<TAB>N clues<TAB>D digits`, then the
//! reason when there is one (`invalid`: the clash; `multiple` found without
//! searching: why), then with `--minimal` for a unique puzzle `minimal` or
//! `not minimal: rXcY can go`.

use crate::batch;
use crate::batch::Out;
use crate::cli::{CheckArgs, Format};
use crate::input::Entry;
use crate::output;
use std::process::ExitCode;
use sudokit::Grid;
use sudokit::report;
use sudokit::verdict::{Verdict, clues_and_digits, verdict};

/// Runs `check`.
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let format = args.common.format;
    batch::run(
        args.common.source(),
        args.common.threads,
        format,
        |entry, grid, out| answer(entry, grid, args.minimal, format, out),
    )
}

fn answer(entry: &Entry, grid: &Grid, minimal: bool, format: Format, out: &mut Out) {
    let (clues, digits) = clues_and_digits(grid);
    let v = verdict(grid, clues, digits, minimal);
    let passed = v.word == "unique" && v.removable.is_none_or(|r| r.is_none());
    if !passed {
        out.fail();
    }
    match format {
        Format::Line => {
            write_line(out, &v, clues, digits);
            out.push_str("\n");
        }
        Format::Grid => {
            out.push_str(&grid.to_block());
            write_line(out, &v, clues, digits);
            out.push_str("\n\n");
        }
        Format::Json => {
            let obj = output::located(entry, report::check_object(grid, minimal));
            out.push_str(&output::json_line(obj));
        }
    }
}

/// The tab-separated line of a verdict, written straight into the output:
/// `check` runs at the engine's pace, a few µs a puzzle.
fn write_line(out: &mut Out, v: &Verdict, clues: usize, digits: usize) {
    out.push_str(v.word);
    for (n, noun) in [(clues, "clue"), (digits, "digit")] {
        out.push_str("\t");
        // At most 81 clues and 9 digits: two decimal digits at most.
        if n >= 10 {
            out.push_bytes(&[b'0' + (n / 10 % 10) as u8]);
        }
        out.push_bytes(&[b'0' + (n % 10) as u8, b' ']);
        out.push_str(noun);
        if n != 1 {
            out.push_str("s");
        }
    }
    if let Some(reason) = &v.reason {
        out.push_str("\t");
        out.push_str(reason);
    }
    match v.removable {
        Some(None) => out.push_str("\tminimal"),
        Some(Some(cell)) => out.push_str(&format!("\tnot minimal: {cell} can go")),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_and_digits_agree_with_the_grid() {
        let lines = [
            ".".repeat(81),
            "123456789".repeat(9),
            format!("1{}", ".".repeat(80)),
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .to_string(),
            "9........".repeat(9),
        ];
        for line in &lines {
            let grid: Grid = line.parse().unwrap();
            let want = (grid.clues(), grid.distinct_digits());
            assert_eq!(clues_and_digits(&grid), want, "{line}");
        }
        let g: Grid = lines[3].parse().unwrap();
        assert_eq!(clues_and_digits(&g), (17, 8));
    }
}
