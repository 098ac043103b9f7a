//! The readers on every form of input, each misread once seen included.

use super::*;
use proptest::prelude::*;
use std::io::{self, BufReader, Read};

const P: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

/// Every result as `LINE: puzzle` or `LINE: error message`.
fn read(text: &str, syntax: Syntax) -> Vec<String> {
    Reader::new(text.as_bytes(), syntax)
        .map(|item| match item {
            Ok(p) => format!("{}: {}", p.line, p.grid),
            Err(e) => e.to_string(),
        })
        .collect()
}

fn text(text: &str) -> Vec<String> {
    read(text, Syntax::Text)
}

fn ok(line: usize, grid: &str) -> String {
    format!("{line}: {grid}")
}

fn err(text: &str) -> String {
    parse_puzzles(text)
        .into_iter()
        .find_map(Result::err)
        .expect("an error")
        .to_string()
}

fn empty() -> String {
    ".".repeat(81)
}

#[test]
fn line_with_comment_and_every_empty_mark() {
    let alt: String = P
        .chars()
        .enumerate()
        .map(|(i, c)| match c {
            '.' => ['0', '_', '*', '-', 'x', '.'][i % 6],
            c => c,
        })
        .collect();
    for line in [
        format!("{alt}  # rated 9.0"),
        format!("{alt};x"),
        format!("{alt},1"),
        format!("{alt} 9.0"),
        format!("{alt}\t23 clues"),
    ] {
        assert_eq!(text(&line), [ok(1, P)], "{line}");
    }
}

#[test]
fn cell_count_errors_say_how_many() {
    assert_eq!(err(&P[..80]), "1: 80 cells, expected 81");
    assert_eq!(err(&format!("{P}1")), "1: 82 cells, expected 81");
    assert_eq!(
        err(&format!("\n\n{}  # short", &P[..70])),
        "3: 70 cells, expected 81"
    );
    assert_eq!(err("4.....8.5.3 foo bar"), "1: 11 cells, expected 81");
}

#[test]
fn spaced_cells_past_the_81st_count() {
    let spaced: String = P.chars().map(|c| format!("{c} ")).collect();
    assert_eq!(text(&spaced), [ok(1, P)]);
    assert_eq!(text(&format!("{spaced}5")), ["1: 82 cells, expected 81"]);
    assert_eq!(
        text(&format!("{spaced}5 . .")),
        ["1: 84 cells, expected 81"]
    );
    assert_eq!(text(&format!("{spaced} # rated")), [ok(1, P)]);
    assert_eq!(
        text(&spaced.replacen(". ", "a ", 1)),
        ["1: bad character 'a' at column 3"]
    );
}

#[test]
fn rows_of_nine_separated_by_spaces_are_a_line() {
    let groups: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    assert_eq!(text(&groups.join(" ")), [ok(1, P)]);
    assert_eq!(text(&groups.join("  |  ")), [ok(1, P)]);
    assert_eq!(text(&groups[..8].join(" ")), ["1: 72 cells, expected 81"]);
}

#[test]
fn columns_count_from_the_real_start_of_the_line() {
    let mut s = P.to_string();
    s.replace_range(11..12, "a");
    assert_eq!(err(&s), "1: bad character 'a' at column 12");
    assert_eq!(
        err(&format!("  \t{s}")),
        "1: bad character 'a' at column 15"
    );
    assert_eq!(
        err(&format!("\u{a0}é{s}")),
        "1: bad character 'é' at column 2"
    );
    assert_eq!(err("4..\u{7f}"), "1: bad character '\\u{7f}' at column 4");
}

#[test]
fn a_nul_byte_spoils_its_line_only() {
    let mut bytes = format!("{P}\n").into_bytes();
    bytes.extend(&P.as_bytes()[..5]);
    bytes.push(0);
    bytes.extend(format!("{}\n{P}\n", &P[6..]).as_bytes());
    let got = read_puzzles(&bytes);
    assert_eq!(got.len(), 3);
    assert_eq!(got[0].as_ref().unwrap().line, 1);
    assert_eq!(
        got[1].as_ref().unwrap_err().to_string(),
        "2: bad character '\\0' at column 6"
    );
    assert_eq!(got[2].as_ref().unwrap().line, 3);
}

#[test]
fn invalid_utf8_is_named_as_such() {
    let got = read_puzzles(b"4..\xff\xfe");
    assert_eq!(
        got[0].as_ref().unwrap_err().to_string(),
        "1: bytes that are not UTF-8 at column 4"
    );
    // In a block: a Latin-1 "é" in place of the fifth cell of row 2.
    let mut rows: Vec<Vec<u8>> = (0..9)
        .map(|r| P.as_bytes()[r * 9..r * 9 + 9].to_vec())
        .collect();
    rows[1][4] = 0xE9;
    let got = read_puzzles(&rows.join(&b'\n'));
    assert_eq!(
        got[0].as_ref().unwrap_err().to_string(),
        "1: row 2 of the block (line 2): bytes that are not UTF-8 at column 5"
    );
}

#[test]
fn lines_of_81_dashes_or_stars_are_empty_grids() {
    let e = empty();
    let dashes = "-".repeat(81);
    let stars = "*".repeat(81);
    assert_eq!(
        text(&format!("{dashes}\n{stars}\n")),
        [ok(1, &e), ok(2, &e)]
    );
}

#[test]
fn every_line_end_counts() {
    let input = format!(
        "{P}\r{P}\u{85}{P}\u{2028}{P}\u{2029}{P}\r\n{P}\n\r{}",
        &P[..3]
    );
    let want: Vec<String> = (1..=6)
        .map(|l| ok(l, P))
        .chain(["8: 3 cells, expected 81".to_string()])
        .collect();
    assert_eq!(text(&input), want);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    assert_eq!(text(&format!("\u{feff}{P}\n{P}")), [ok(1, P), ok(2, P)]);
    let mut s = P.to_string();
    s.replace_range(0..1, "a");
    assert_eq!(
        text(&format!("\u{feff}{s}")),
        ["1: bad character 'a' at column 1"]
    );
    let json = format!("\u{feff}[{}]", to_json(&P.parse().unwrap()));
    assert_eq!(read(&json, Syntax::Auto), [ok(1, P)]);
}

#[test]
fn comments_and_headers_before_json() {
    let flat = to_json(&P.parse().unwrap());
    let input = format!("# puzzles\n\n# more\n[{flat},\n{flat}]\n");
    assert_eq!(read(&input, Syntax::Auto), [ok(4, P), ok(5, P)]);
    let sdk = format!("[Puzzle]\n{P}\n[Solution]\n# none\n");
    assert_eq!(read(&sdk, Syntax::Auto), [ok(2, P)]);
    assert_eq!(read("[Puzzle 2]\n", Syntax::Auto), Vec::<String>::new());
    assert_eq!(
        read("[1 2]", Syntax::Auto),
        ["1: JSON: expected `,` or `]` at column 4"]
    );
}

fn block(grid: &str, empty_mark: char) -> String {
    let g: Grid = grid.parse().unwrap();
    g.to_block_with(empty_mark)
}

#[test]
fn block_format_with_separators() {
    let b = block(P, '.');
    let got = text(&format!("# header\n\n{b}\n{b}"));
    assert_eq!(got, [ok(3, P), ok(15, P)]);
    let compact: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    assert_eq!(text(&compact.join("\n")), [ok(1, P)]);
}

#[test]
fn short_block_then_line() {
    let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    let short = rows[..5].join("\n") + "\n\n" + P;
    assert_eq!(
        text(&short),
        ["1: block of 5 rows, expected 9".to_string(), ok(7, P)]
    );
}

#[test]
fn a_block_of_ten_rows_is_one_error() {
    let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    let ten = format!("{}\n{}\n\n{P}", rows[0], rows.join("\n"));
    assert_eq!(
        text(&ten),
        ["1: block of 10 rows, expected 9".to_string(), ok(12, P)]
    );
}

#[test]
fn a_short_row_is_one_error() {
    let b = block(P, '.');
    let lines: Vec<&str> = b.lines().collect();
    let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    broken[4] = broken[4].replacen(". ", "", 1);
    let input = format!("{}\n\n{b}", broken.join("\n"));
    assert_eq!(
        text(&input),
        [
            "1: row 4 of the block (line 5) has 8 cells, expected 9".to_string(),
            ok(13, P)
        ]
    );
    broken[4] = lines[4].replacen('.', "a", 1);
    assert_eq!(
        text(&broken.join("\n")),
        ["1: row 4 of the block (line 5): bad character 'a' at column 1"]
    );
    let mut first = lines.clone();
    first[0] = "4 . . | . . . | 8 .";
    assert_eq!(
        text(&first.join("\n")),
        ["1: row 1 of the block (line 1) has 8 cells, expected 9"]
    );
}

#[test]
fn blank_lines_between_bands() {
    let rows: Vec<&str> = (0..9).map(|r| &P[r * 9..r * 9 + 9]).collect();
    let banded = format!(
        "{}\n\n{}\n\n\n{}\n\n{P}",
        rows[..3].join("\n"),
        rows[3..6].join("\n"),
        rows[6..].join("\n")
    );
    assert_eq!(text(&banded), [ok(1, P), ok(14, P)]);
    let broken = format!("{}\n\n{}", rows[..2].join("\n"), rows[2..].join("\n"));
    assert_eq!(
        text(&broken),
        [
            "1: block of 2 rows, expected 9",
            "4: block of 7 rows, expected 9"
        ]
    );
}

#[test]
fn separators_and_rows_of_dashes_in_blocks() {
    let e = empty();
    let b = block(&e, '-');
    assert!(b.contains("------+-------+------"));
    let dashes_between = b.replace("------+-------+------", "---------------------");
    assert_eq!(
        text(&format!("{b}\n{dashes_between}")),
        [ok(1, &e), ok(13, &e)]
    );
    let framed = format!("+-------+\n{}+-------+\n", b);
    assert_eq!(text(&format!("{framed}{framed}")), [ok(2, &e), ok(15, &e)]);
}

#[test]
fn a_title_after_a_block_ends_it() {
    let b = block(P, '.');
    assert_eq!(text(&format!("Puzzle 1\n{b}Puzzle 2\n{b}")).len(), 4);
    assert_eq!(text(&format!("Puzzle 1\n{b}Puzzle 2\n{b}"))[1], ok(2, P));
}

#[test]
fn one_puzzle_for_from_str() {
    assert_eq!(
        format!("# c\n\n{P}\n# end\n")
            .parse::<Grid>()
            .unwrap()
            .to_string(),
        P
    );
    let two = format!("{P}\n{P}").parse::<Grid>().unwrap_err();
    assert_eq!(two.to_string(), "2: text after the puzzle");
    let junk = format!("{P}\n\nxyz").parse::<Grid>().unwrap_err();
    assert_eq!(junk.to_string(), "3: text after the puzzle");
    assert_eq!(parse_one("").unwrap_err().to_string(), "1: no puzzle found");
    assert_eq!(
        parse_one("4").unwrap_err().to_string(),
        "1: 1 cell, expected 81"
    );
}

#[test]
fn a_huge_line_is_counted_not_kept() {
    let huge = "1".repeat(10_000_000) + "\n" + P;
    assert_eq!(
        text(&huge),
        ["1: 10000000 cells, expected 81".to_string(), ok(2, P)]
    );
    let comment = "#".repeat(200_000) + "\n" + P;
    assert_eq!(text(&comment), [ok(2, P)]);
    let bad = "1".repeat(100_000) + "é";
    assert_eq!(text(&bad), ["1: bad character 'é' at column 100001"]);
}

#[cfg(feature = "json")]
mod json {
    use super::*;

    fn json(text: &str) -> Vec<String> {
        read(text, Syntax::Json)
    }

    fn flat(grid: &str) -> String {
        to_json(&grid.parse().unwrap())
    }

    fn nested(grid: &str) -> String {
        let g: Grid = grid.parse().unwrap();
        let rows: Vec<Vec<u8>> = g.values().chunks(9).map(<[u8]>::to_vec).collect();
        serde_json::to_string(&rows).unwrap()
    }

    #[test]
    fn every_form_of_one_puzzle() {
        for one in [
            flat(P),
            nested(P),
            flat(P).replace('0', "null"),
            format!("\"{P}\""),
            format!("{{\"puzzle\":\"{P}\",\"n\":[1,{{}}]}}"),
            serde_json::to_string_pretty(
                &serde_json::from_str::<serde_json::Value>(&nested(P)).unwrap(),
            )
            .unwrap(),
        ] {
            assert_eq!(json(&one), [ok(1, P)], "{one}");
            if !one.starts_with('"') {
                assert_eq!(read(&one, Syntax::Auto), [ok(1, P)], "{one}");
            }
        }
    }

    #[test]
    fn an_array_of_nine_flat_puzzles_is_nine_puzzles() {
        let nine = vec![flat(P); 9].join(",");
        assert_eq!(json(&format!("[{nine}]")), vec![ok(1, P); 9]);
        let nine_nested = vec![nested(P); 9].join(",\n");
        let want: Vec<String> = (1..=9).map(|l| ok(l, P)).collect();
        assert_eq!(json(&format!("[{nine_nested}]")), want);
    }

    #[test]
    fn one_bad_cell_is_one_error() {
        let bad = flat(P).replacen('4', "\"x\"", 1);
        assert_eq!(
            json(&bad),
            ["1: JSON: r1c1: expected a number, found a string"]
        );
        let bad_nested = nested(P).replacen('4', "12", 1);
        assert_eq!(json(&bad_nested), ["1: JSON: r1c1: 12 is not a digit 0-9"]);
        let bad_row = nested(P).replacen("[4,", "[", 1);
        assert_eq!(json(&bad_row), ["1: JSON: row 1 has 8 cells, expected 9"]);
    }

    #[test]
    fn numbers_are_quoted_as_written() {
        for (cell, shown) in [("-0", "-0"), ("1e0", "1e0"), ("1.0", "1.0"), ("0.5", "0.5")] {
            let bad = flat(P).replacen('4', cell, 1);
            assert_eq!(
                json(&bad),
                [format!("1: JSON: r1c1: {shown} is not a digit 0-9")]
            );
        }
    }

    #[test]
    fn each_element_names_its_line() {
        let input = format!("[\n  {},\n  [1,2],\n\n  \"{P}\"\n]", flat(P));
        assert_eq!(
            json(&input),
            [
                ok(2, P),
                "3: JSON: puzzle 2: 2 cells, expected 81".into(),
                ok(5, P)
            ]
        );
        let lines = json(&format!("{}\n[1,2]\n{}", flat(P), flat(P)));
        assert_eq!(
            lines,
            [ok(1, P), "2: JSON: 2 cells, expected 81".into(), ok(3, P)]
        );
    }

    #[test]
    fn syntax_errors_stay_local() {
        let f = flat(P);
        let open = f.trim_end_matches(']');
        let input = format!("[\n  {f},\n  {open},\n  {f},\n  {{\"puzzle\": {f}]}},\n  {f}\n]\n");
        assert_eq!(
            json(&input),
            [
                ok(2, P),
                "3: JSON: puzzle 2: unterminated array".into(),
                ok(4, P),
                "5: JSON: puzzle 4: unexpected ']' at column 177".into(),
                ok(6, P),
            ]
        );
        let missing_comma = format!("[{f},\n{f}\n{f}]");
        assert_eq!(
            json(&missing_comma),
            [
                ok(1, P),
                ok(2, P),
                "3: JSON: puzzle 3: expected ',' before this value".into()
            ]
        );
        let inner = format!("[{f},\n{},\n{f}]", f.replacen(",", ",,", 1));
        assert_eq!(
            json(&inner),
            [
                ok(1, P),
                "2: JSON: puzzle 2: expected value at column 4".into(),
                ok(3, P)
            ]
        );
        let string = format!("[\"{}\n,\"{P}\"]", &P[..10]);
        assert_eq!(
            json(&string),
            [
                "1: JSON: puzzle 1: unterminated string".to_string(),
                ok(2, P)
            ]
        );
        assert_eq!(
            json(&format!("{f}\n{open}")),
            [ok(1, P), "2: JSON: unterminated array".into()]
        );
    }

    #[test]
    fn duplicate_puzzle_fields() {
        let dup = format!("{{\"puzzle\":\"{P}\",\"puzzle\":{}}}", flat(P));
        assert_eq!(json(&dup), ["1: JSON: object with 2 \"puzzle\" fields"]);
        assert_eq!(
            json("{\"p\":1}"),
            ["1: JSON: object without a \"puzzle\" field"]
        );
    }

    #[test]
    fn stray_text_in_json() {
        let f = flat(P);
        assert_eq!(
            json(&format!("{f}\n}}\n{f}")),
            [
                ok(1, P),
                "2: JSON: unexpected '}' at column 1".into(),
                ok(3, P)
            ]
        );
        assert_eq!(
            json(&format!("[{f},]")),
            [
                ok(1, P),
                "1: JSON: trailing comma before ']' at column 166".into()
            ]
        );
        assert_eq!(
            json("5"),
            ["1: JSON: expected an array of 81 cells, found a number"]
        );
        assert_eq!(json("[]"), ["1: JSON: 0 cells, expected 81"]);
    }

    #[test]
    fn a_lone_surrogate_escape_is_named_with_its_column() {
        assert_eq!(
            json(&format!("[\"\\ud800{P}\"]")),
            [
                "1: JSON: puzzle 1: \\ud800 at column 3 is half a UTF-16 surrogate pair, without its other half"
            ]
        );
        assert_eq!(
            json(&format!(
                "{{\"name\": \"\\uD83D\\uDE00 \\\\udc00\", \"puzzle\": \"\\udc00{P}\"}}"
            )),
            [
                "1: JSON: \\udc00 at column 45 is half a UTF-16 surrogate pair, without its other half"
            ]
        );
    }

    #[test]
    fn a_huge_value_is_refused_not_kept() {
        let huge = format!("[{}]\n{}", vec!["0"; 100_000].join(","), flat(P));
        assert_eq!(
            json(&huge),
            [
                "1: JSON: value longer than 65536 bytes".to_string(),
                ok(2, P)
            ]
        );
        let spaced = format!("[{}{}]\n{}", " ".repeat(70_000), flat(P), flat(P));
        assert_eq!(
            json(&spaced),
            [
                "1: JSON: value longer than 65536 bytes".to_string(),
                ok(2, P)
            ]
        );
        let many = format!("[{}]", vec![flat(P); 2000].join(","));
        assert_eq!(json(&many).len(), 2000);
    }
}

/// Bytes made up as they are read: nothing of the input is stored.
struct Endless {
    line: Vec<u8>,
    left: usize,
    at: usize,
}

impl Read for Endless {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < out.len() && self.left > 0 {
            out[n] = self.line[self.at];
            self.at = (self.at + 1) % self.line.len();
            self.left -= 1;
            n += 1;
        }
        Ok(n)
    }
}

#[test]
fn memory_stays_bounded_on_50_mb() {
    for (line, syntax) in [
        (format!("{P}\n"), Syntax::Text),
        ("1".repeat(1000), Syntax::Text),
        (format!("{}\n", to_json(&P.parse().unwrap())), Syntax::Json),
        ("[".to_string(), Syntax::Json),
    ] {
        let input = Endless {
            line: line.clone().into_bytes(),
            left: 50 << 20,
            at: 0,
        };
        let mut reader = Reader::new(BufReader::new(input), syntax);
        let mut most = 0;
        let mut items = 0usize;
        while let Some(item) = reader.next() {
            let _ = item;
            items += 1;
            most = most.max(reader.held());
        }
        most = most.max(reader.held());
        assert!(most <= 3 * source::CAP, "{syntax:?} held {most} bytes");
        if syntax == Syntax::Text && line.len() < 100 {
            assert_eq!(items, (50 << 20) / line.len() + 1);
        }
    }
}

/// A reader that gives its data, then fails as if nothing more could come.
struct ThenFail(Vec<u8>);

impl Read for ThenFail {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::other("no more"));
        }
        let n = self.0.len().min(out.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0.drain(..n);
        Ok(n)
    }
}

#[test]
fn a_line_is_answered_before_more_is_read() {
    let mut reader = Reader::new(
        BufReader::new(ThenFail(format!("{P}\n").into_bytes())),
        Syntax::Auto,
    );
    assert_eq!(reader.next().unwrap().unwrap().line, 1);
    let io = reader.next().unwrap().unwrap_err();
    assert!(matches!(io, ReadError::Io(_)));
    assert!(reader.next().is_none());
    let json = format!("[{},\n", to_json(&P.parse().unwrap()));
    let mut reader = Reader::new(BufReader::new(ThenFail(json.into_bytes())), Syntax::Auto);
    assert_eq!(reader.next().unwrap().unwrap().line, 1);
}

fn any_grid() -> impl Strategy<Value = Grid> {
    proptest::collection::vec(0u8..=9, 81)
        .prop_map(|v| Grid::from_values(v.try_into().unwrap()).unwrap())
}

const BREAKS: [&str; 6] = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"];

/// A change to a line that keeps it one line, long, and not a comment.
#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    let byte = prop_oneof![
        Just(b'a'),
        Just(b' '),
        Just(b'0'),
        Just(b'5'),
        Just(b'|'),
        Just(0u8),
        Just(0xFFu8),
        Just(b','),
        Just(b'"'),
        Just(b'-'),
        Just(b']'),
        Just(b'{'),
    ];
    prop_oneof![
        (0..200usize, byte.clone()).prop_map(|(i, b)| Edit::Set(i, b)),
        (0..200usize, byte).prop_map(|(i, b)| Edit::Insert(i, b)),
        (0..200usize).prop_map(Edit::Delete),
    ]
}

fn apply(line: &mut Vec<u8>, edits: &[Edit]) {
    for e in edits {
        match *e {
            Edit::Set(i, b) if !line.is_empty() => {
                let i = i % line.len();
                line[i] = b;
            }
            Edit::Insert(i, b) => line.insert(i % (line.len() + 1), b),
            Edit::Delete(i) if line.len() > 70 => {
                line.remove(i % line.len());
            }
            _ => {}
        }
    }
}

proptest! {
    #[test]
    fn line_round_trip(g in any_grid()) {
        prop_assert_eq!(parse_one(&g.to_line()).unwrap(), g);
        prop_assert_eq!(parse_one(&g.to_line_with('0')).unwrap(), g);
    }

    #[test]
    fn block_round_trip(g in any_grid()) {
        prop_assert_eq!(parse_one(&g.to_block()).unwrap(), g);
        prop_assert_eq!(parse_one(&g.to_block_with('*')).unwrap(), g);
    }

    #[cfg(feature = "json")]
    #[test]
    fn json_round_trip(g in any_grid()) {
        let got = parse_json(&to_json(&g));
        prop_assert_eq!(got[0].as_ref().unwrap().grid, g);
    }

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for syntax in [Syntax::Auto, Syntax::Text, Syntax::Json] {
            let n = Reader::new(&bytes[..], syntax).count();
            prop_assert!(n <= bytes.len() + 1);
        }
    }

    #[test]
    fn json_like_bytes_never_panic(
        bytes in proptest::collection::vec(
            proptest::sample::select(b"[]{}\",:\\ 0159-.enul#|\n\r\xc2\x85\xe2\x80\xa8\xef\xbb\xbf".to_vec()),
            0..3000,
        )
    ) {
        for syntax in [Syntax::Auto, Syntax::Json] {
            for item in Reader::new(&bytes[..], syntax) {
                let line = item.map_or_else(
                    |e| match e { ReadError::Parse(e) => e.line, ReadError::Io(_) => 0 },
                    |p| p.line,
                );
                prop_assert!(line >= 1 && line <= bytes.len() + 1);
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,300}") {
        let _ = parse_puzzles(&s);
        #[cfg(feature = "json")]
        let _ = parse_json(&s);
    }

    /// Lines of line-format puzzles, some changed: one item per line, in order.
    #[test]
    fn one_item_per_mutated_line(
        grids in proptest::collection::vec(any_grid(), 1..20),
        edits in proptest::collection::vec(proptest::option::of(proptest::collection::vec(edit(), 1..4)), 20),
        breaks in proptest::collection::vec(0..6usize, 20),
        blank_every in 2..9usize,
    ) {
        let mut input = Vec::new();
        let mut want = Vec::new();
        let mut line = 1;
        for (k, g) in grids.iter().enumerate() {
            let mut text = g.to_line().into_bytes();
            if let Some(e) = &edits[k] {
                apply(&mut text, e);
            }
            // Keep it one line that is not a comment, a header or a row.
            text.retain(|&b| b != b'\n' && b != b'\r');
            if text.first() == Some(&b'[') { text[0] = b'.'; }
            input.extend(&text);
            input.extend(BREAKS[breaks[k]].as_bytes());
            want.push(line);
            line += 1;
            if k % blank_every == 0 {
                input.extend(BREAKS[breaks[k]].as_bytes());
                line += 1;
            }
        }
        let got: Vec<usize> = read_puzzles(&input)
            .iter()
            .map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line))
            .collect();
        prop_assert_eq!(got, want);
        for (k, r) in read_puzzles(&input).iter().enumerate() {
            if edits[k].is_none() {
                prop_assert_eq!(r.as_ref().unwrap().grid, grids[k]);
            }
        }
    }

    /// Blocks with one changed row: one item per block, on its first line.
    #[test]
    fn one_item_per_mutated_block(
        grids in proptest::collection::vec(any_grid(), 1..8),
        edits in proptest::collection::vec(proptest::option::of((0..9usize, 0..3u8, 0..40usize)), 8),
    ) {
        let mut input = String::new();
        let mut want = Vec::new();
        let mut line = 1;
        for (k, g) in grids.iter().enumerate() {
            let mut rows: Vec<String> = g.to_block().lines().map(str::to_string).collect();
            if let Some((r, how, at)) = edits[k] {
                // Rows are lines 0-2, 4-6, 8-10 of the drawn block.
                let row = &mut rows[r + r / 3];
                let at = at % row.len();
                match how {
                    0 => { row.remove(at); }
                    1 => row.insert(at, 'a'),
                    _ => row.insert(at, '7'),
                }
            }
            want.push(line);
            line += rows.len() + 1;
            input.push_str(&rows.join("\n"));
            input.push_str("\n\n");
        }
        let got = read_puzzles(input.as_bytes());
        let lines: Vec<usize> = got.iter().map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line)).collect();
        prop_assert_eq!(lines, want);
    }

    /// An array of puzzles, one element per line, some broken: one item per
    /// element, on its line.
    #[cfg(feature = "json")]
    #[test]
    fn one_item_per_mutated_json_element(
        grids in proptest::collection::vec(any_grid(), 1..12),
        edits in proptest::collection::vec(proptest::option::of(0..6u8), 12),
        nested_form in any::<bool>(),
    ) {
        let mut input = String::from("[\n");
        let mut edits = edits;
        // Without its last ']', the last element would close with the array's.
        if edits[grids.len() - 1] == Some(2) {
            edits[grids.len() - 1] = None;
        }
        for (k, g) in grids.iter().enumerate() {
            let mut e = if nested_form { json_shapes::nested_of(g) } else { to_json(g) };
            match edits[k] {
                Some(0) => e = e.replacen('0', "\"a\"", 1).replacen('1', "\"a\"", 1),
                Some(1) => e = e.replacen(',', ",,", 1),
                Some(2) => { e.pop(); }
                Some(3) => e = e.replacen(',', ",-0,", 1),
                Some(4) => e = e.replacen(",", "", 1),
                Some(_) => e = format!("{{\"puzzle\":{e},\"puzzle\":1}}"),
                None => {}
            }
            input.push_str("  ");
            input.push_str(&e);
            if k + 1 < grids.len() { input.push(','); }
            input.push('\n');
        }
        input.push_str("]\n");
        let got = parse_json(&input);
        let lines: Vec<usize> = got.iter().map(|r| r.as_ref().map_or_else(|e| e.line, |p| p.line)).collect();
        let want: Vec<usize> = (2..2 + grids.len()).collect();
        prop_assert_eq!(lines, want, "{}", input);
        for (k, r) in got.iter().enumerate() {
            prop_assert_eq!(r.is_ok(), edits[k].is_none(), "{}", input);
        }
    }
}

#[cfg(feature = "json")]
mod json_shapes {
    use super::*;

    /// A grid as 9 arrays of 9.
    pub(super) fn nested_of(g: &Grid) -> String {
        let rows: Vec<Vec<u8>> = g.values().chunks(9).map(<[u8]>::to_vec).collect();
        serde_json::to_string(&rows).unwrap()
    }
}

/// Hands out its chunks one per read, then fails as a terminal with
/// nothing typed yet would block.
struct Typed(Vec<Vec<u8>>);

impl Read for Typed {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(io::ErrorKind::WouldBlock, "nothing typed"));
        }
        let chunk = self.0.remove(0);
        out[..chunk.len()].copy_from_slice(&chunk);
        Ok(chunk.len())
    }
}

#[test]
fn may_wait_says_when_no_whole_line_is_in_hand() {
    let typed = |text: String| BufReader::new(Typed(vec![text.into_bytes()]));
    let mut one = Reader::new(typed(format!("{P}\n")), Syntax::Auto);
    assert!(one.next().unwrap().is_ok());
    assert!(one.may_wait(), "only the line break of the puzzle is left");
    let mut both = Reader::new(typed(format!("{P}\n{P}\n")), Syntax::Auto);
    assert!(both.next().unwrap().is_ok());
    assert!(!both.may_wait(), "a second whole line is in hand");
    assert!(both.next().unwrap().is_ok());
    assert!(both.may_wait());
}
