//! Inputs that were once misread (issue 11, §3), end to end: each bad
//! puzzle gives one `FILE:LINE: REASON`, the others are answered, and output
//! line N answers puzzle N.

use super::{P17, run, temp_file};

/// `count` over a file with these bytes: stdout lines and stderr lines,
/// with the file's path shortened to `F`.
fn count(name: &str, bytes: &[u8]) -> (Vec<String>, Vec<String>) {
    let path = temp_file(name, bytes);
    let path = path.to_str().unwrap();
    let r = run(&["count", "--limit", "5", path]);
    let out = r.out.lines().map(str::to_string).collect();
    let err = r.err.lines().map(|l| l.replace(path, "F")).collect();
    (out, err)
}

fn rows(p: &str) -> Vec<&str> {
    (0..9).map(|r| &p[r * 9..r * 9 + 9]).collect()
}

#[test]
fn spaced_cells_past_81_and_lines_of_dashes() {
    let spaced: String = P17.chars().map(|c| format!("{c} ")).collect();
    let text = format!("{spaced}5\n{}\n{}\n{P17}\n", "-".repeat(81), "*".repeat(81));
    let (out, err) = count("spaced.txt", text.as_bytes());
    assert_eq!(out, ["", "5+", "5+", "1"]);
    assert_eq!(err, ["F:1: 82 cells, expected 81"]);
}

#[test]
fn every_line_end_separates_puzzles() {
    for end in ["\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}"] {
        let text = format!("{P17}{end}{}{end}{P17}{end}", &P17[..80]);
        let (out, err) = count("ends.txt", text.as_bytes());
        assert_eq!(out, ["1", "", "1"], "{end:?}");
        assert_eq!(err, ["F:2: 80 cells, expected 81"], "{end:?}");
    }
}

#[test]
fn blocks_get_one_error_each_and_may_breathe_between_bands() {
    let r = rows(P17);
    let ten = format!("{}\n{}\n\n{P17}\n", r.join("\n"), r[0]);
    let (out, err) = count("ten.txt", ten.as_bytes());
    assert_eq!(out, ["", "1"]);
    assert_eq!(err, ["F:1: block of 10 rows, expected 9"]);

    let mut short = r.clone();
    short[3] = &r[3][..8];
    let text = format!("{}\n\n{P17}\n", short.join("\n"));
    let (out, err) = count("short.txt", text.as_bytes());
    assert_eq!(out, ["", "1"]);
    assert_eq!(
        err,
        ["F:1: row 4 of the block (line 4) has 8 cells, expected 9"]
    );

    let bands = format!(
        "{}\n\n{}\n\n{}\n",
        r[..3].join("\n"),
        r[3..6].join("\n"),
        r[6..].join("\n")
    );
    let (out, err) = count("bands.txt", bands.as_bytes());
    assert_eq!((out, err), (vec!["1".to_string()], vec![]));
}

#[test]
fn json_arrays_of_puzzles_and_local_errors() {
    let flat: String = format!(
        "[{}]",
        P17.chars()
            .map(|c| c.to_digit(10).unwrap_or(0).to_string())
            .collect::<Vec<_>>()
            .join(",")
    );
    let nine = format!("[{}]", [flat.as_str(); 9].join(",\n"));
    let (out, err) = count("nine.json", nine.as_bytes());
    assert_eq!(out, vec!["1"; 9]);
    assert!(err.is_empty(), "{err:?}");

    let bad_cell = flat.replacen('4', "12", 1);
    let broken = "[1,2,,".to_string();
    let text = format!("[{flat},\n{bad_cell},\n{broken}\n{flat}]\n");
    let (out, err) = count("local.json", text.as_bytes());
    assert_eq!(out.len(), 4, "{out:?} {err:?}");
    assert_eq!((out[0].as_str(), out[3].as_str()), ("1", "1"));
    assert_eq!(err.len(), 2, "{err:?}");
    assert_eq!(err[0], "F:2: JSON: puzzle 2: r1c1: 12 is not a digit 0-9");
    assert!(err[1].starts_with("F:3: JSON: puzzle 3: "), "{err:?}");

    let twice = format!("{{\"puzzle\":\"{P17}\",\"puzzle\":\"{P17}\"}}\n");
    let (out, err) = count("twice.json", twice.as_bytes());
    assert_eq!(out, [""]);
    assert_eq!(err, ["F:1: JSON: object with 2 \"puzzle\" fields"]);
    let (_, err) = count("minus.json", flat.replacen('4', "-0", 1).as_bytes());
    assert_eq!(err, ["F:1: JSON: r1c1: -0 is not a digit 0-9"]);
}

#[test]
fn byte_order_marks_comments_and_headers() {
    let text = format!("\u{feff}{P17}\n");
    assert_eq!(count("bom.txt", text.as_bytes()).0, ["1"]);
    let json = format!("\u{feff}# graded\n[\"{P17}\", \"{P17}\"]\n");
    assert_eq!(count("bom.json", json.as_bytes()).0, ["1", "1"]);
    let sdk = format!("[Puzzle]\n{}\n", rows(P17).join("\n"));
    assert_eq!(
        count("header.sdk", sdk.as_bytes()),
        (vec!["1".into()], vec![])
    );
}

#[test]
fn nine_groups_of_nine_and_columns_from_the_real_start() {
    let groups = rows(P17).join(" ");
    let (out, err) = count("groups.txt", format!("{groups}\n").as_bytes());
    assert_eq!((out, err), (vec!["1".to_string()], vec![]));
    let typo = format!("   {}a{}", &P17[..10], &P17[11..]);
    let (out, err) = count("indented.txt", format!("{typo}\n").as_bytes());
    assert_eq!(out, [""]);
    assert_eq!(err, ["F:1: bad character 'a' at column 14"]);
}
