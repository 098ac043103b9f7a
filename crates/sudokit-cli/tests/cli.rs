//! End-to-end tests of the `sudokit` binary: every subcommand, format and
//! input error, checked against the library's rules.

use assert_cmd::Command;
use serde_json::Value;
use std::path::{Path, PathBuf};
use sudokit::{Grid, engine, rules};

#[path = "cli/batches.rs"]
mod batches;
#[path = "cli/misreads.rs"]
mod misreads;
#[path = "cli/positions.rs"]
mod positions;
#[path = "cli/print.rs"]
mod print;
#[path = "cli/streams.rs"]
mod streams;

/// 17 clues, unique (top1465 #1).
const P17: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const P17_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";
/// 330 solutions.
const MANY: &str =
    "8.........95.......76.........754982...692143...831567...9.6415.....3798......236";
/// 41 clues, unique, made from P17_SOLUTION.
const P41: &str =
    "4..36..25..21..94..58..43..82..37..97..58..32..69..75..89..35..57..91..41..87..93";
/// P17_SOLUTION without r1c2, r1c4, r2c2, r2c4: a deadly rectangle, 2 solutions.
const DEADLY: &str =
    "4.7.698256.2.58947958724316825437169791586432346912758289643571573291684164875293";
/// No clash, but r1c9 must be 9 and column 9 already holds one.
const NONE: &str =
    "12345678.........9...............................................................";

/// The workspace root, where examples/ and tests/data/ live.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The binary, run from the workspace root so that paths in messages are short.
fn sudokit() -> Command {
    let mut cmd = Command::cargo_bin("sudokit").unwrap();
    cmd.current_dir(root());
    cmd
}

/// Stdout, stderr and exit code of a run.
struct Run {
    out: String,
    err: String,
    code: i32,
}

fn run(args: &[&str]) -> Run {
    run_with_stdin(args, "")
}

fn run_with_stdin(args: &[&str], stdin: &str) -> Run {
    let output = sudokit().args(args).write_stdin(stdin).output().unwrap();
    Run {
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().unwrap(),
    }
}

/// A file with `contents` in the test's scratch directory.
fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("sudokit-cli");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

fn grid(s: &str) -> Grid {
    s.parse().unwrap()
}

/// Asserts that `line` is a solution of `puzzle`, cell by cell.
fn assert_solves(line: &str, puzzle: &str) {
    let solution = grid(line);
    assert!(
        rules::is_solution_of(&solution, &grid(puzzle)),
        "{line} does not solve {puzzle}"
    );
}

/// The puzzles of examples/puzzles.txt, as written.
fn example_puzzles() -> Vec<String> {
    std::fs::read_to_string(root().join("examples/puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l[..81].to_string())
        .collect()
}

// ---------------------------------------------------------------- solve

#[test]
fn solve_examples_line_by_line() {
    let r = run(&["solve", "examples/puzzles.txt"]);
    let puzzles = example_puzzles();
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (line, puzzle) in lines.iter().zip(&puzzles) {
        if rules::validate(&grid(puzzle)).is_err() {
            assert_eq!(*line, "", "an invalid puzzle gets an empty line");
        } else {
            assert_solves(line, puzzle);
        }
    }
    assert_eq!(
        r.err,
        "examples/puzzles.txt:8: more than one solution; printed the first (see --limit, --all)\n\
         examples/puzzles.txt:9: r1c1 and r1c5 both hold 5\n"
    );
    assert_eq!(r.code, 1);
}

#[test]
fn solve_flags_an_ambiguous_puzzle_but_succeeds() {
    let r = run(&["solve", DEADLY]);
    assert_eq!(r.code, 0);
    assert_eq!(
        r.err,
        "<arg>:1: more than one solution; printed the first (see --limit, --all)\n"
    );
    assert_solves(r.out.trim_end(), DEADLY);
    let r = run(&["solve", "--format", "json", DEADLY]);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["unique"], Value::Bool(false));
    assert_solves(v["solution"].as_str().unwrap(), DEADLY);
}

#[test]
fn solve_all_good_puzzles_exits_zero() {
    let r = run(&["solve", P17, P41]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.err, "");
    assert_eq!(r.out, format!("{P17_SOLUTION}\n{P17_SOLUTION}\n"));
}

#[test]
fn solve_limit_and_all_list_distinct_solutions() {
    let r = run(&["solve", "--limit", "5", MANY, P17]);
    assert_eq!(r.code, 0);
    let blocks: Vec<&str> = r.out.split("\n\n").collect();
    assert_eq!(
        blocks.len(),
        3,
        "two lists, each closed by an empty line: {:?}",
        r.out
    );
    let first: Vec<&str> = blocks[0].lines().collect();
    assert_eq!(first.len(), 5);
    first.iter().for_each(|l| assert_solves(l, MANY));
    assert_eq!(blocks[1], P17_SOLUTION);

    let r = run(&["solve", "--all", MANY]);
    assert_eq!(r.code, 0);
    assert!(r.out.ends_with("\n\n"));
    let mut all: Vec<&str> = r.out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(all.len(), 330);
    all.iter().for_each(|l| assert_solves(l, MANY));
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), 330);
}

#[test]
fn every_algorithm_gives_the_same_solution() {
    for algorithm in ["fast", "backtracking", "branch-and-bound", "deepening"] {
        let r = run(&["solve", "--algorithm", algorithm, P41, DEADLY]);
        assert_eq!(r.code, 0, "{algorithm}: {}", r.err);
        let lines: Vec<&str> = r.out.lines().collect();
        assert_eq!(lines[0], P17_SOLUTION, "{algorithm}");
        assert_solves(lines[1], DEADLY);
        let r = run(&["solve", "--all", "--algorithm", algorithm, DEADLY]);
        assert_eq!(
            r.out.lines().filter(|l| !l.is_empty()).count(),
            2,
            "{algorithm}"
        );
    }
    for select in ["next", "min", "random"] {
        let r = run(&[
            "solve",
            "-a",
            "deepening",
            "--select",
            select,
            "--seed",
            "7",
            P41,
        ]);
        assert_eq!(r.out, format!("{P17_SOLUTION}\n"), "{select}");
    }
}

#[test]
fn unsolvable_puzzle_is_an_error_with_an_empty_line() {
    let r = run(&["solve", NONE, P17]);
    assert_eq!(r.out, format!("\n{P17_SOLUTION}\n"));
    assert_eq!(r.err, "<arg>:1: no solution\n");
    assert_eq!(r.code, 1);
}

#[test]
fn solve_stats_on_stderr_and_in_json() {
    let r = run(&["solve", "--stats", P17]);
    assert_eq!(r.code, 0);
    assert_eq!(r.out, format!("{P17_SOLUTION}\n"));
    let err = r.err.trim_end();
    assert!(err.starts_with("<arg>:1: nodes "), "{err}");
    assert!(err.contains(", guesses ") && err.ends_with(" ms"), "{err}");

    let r = run(&["solve", "--stats", "-a", "backtracking", P41]);
    assert!(r.err.starts_with("<arg>:1: iterations "), "{}", r.err);
    assert!(
        r.err.contains("dead ends") && r.err.contains("peak memory"),
        "{}",
        r.err
    );

    let r = run(&["solve", "--stats", "--format", "json", P17]);
    assert_eq!(r.err, "");
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert!(v["stats"]["nodes"].as_u64().unwrap() >= 1);
    assert!(v["stats"]["guesses"].is_u64() && v["stats"]["time_us"].is_number());
}

#[test]
fn iteration_and_memory_limits_are_reported() {
    let r = run(&["solve", "-a", "backtracking", "--max-iterations", "10", P17]);
    assert_eq!(r.out, "\n");
    assert_eq!(
        r.err,
        "<arg>:1: iteration limit (10) reached before any solution\n"
    );
    assert_eq!(r.code, 1);

    let r = run(&["solve", "-a", "branch-and-bound", "--max-memory", "1", P17]);
    assert_eq!(r.out, "\n");
    assert_eq!(r.code, 1);
    let err = r.err.trim_end();
    assert!(
        err.starts_with("<arg>:1: branch and bound hit its memory cap of 1 MiB with ")
            && err.contains(" live nodes; try --algorithm deepening or fast"),
        "{err}"
    );
}

#[test]
fn flags_for_another_algorithm_are_usage_errors() {
    for args in [
        &["solve", "--select", "min", P17][..],
        &["solve", "--max-iterations", "5", P17],
        &["solve", "-a", "backtracking", "--max-memory", "5", P17],
        &[
            "count",
            "-a",
            "deepening",
            "--techniques",
            "naked-single,bogus",
            P17,
        ],
        &["solve", "--limit", "0", P17],
        &["solve", "--format", "xml", P17],
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.out, "");
        assert!(!r.err.is_empty());
    }
    let r = run(&["count", "-a", "deepening", "--techniques", "bogus", P17]);
    assert_eq!(
        r.err,
        "sudokit: --techniques: unknown technique 'bogus' (see 'sudokit techniques' for the names)\n"
    );
    // A list that names nothing is a slip, not the empty set.
    for (args, list) in [
        (&["grade", "--techniques", "", P17][..], ""),
        (&["explain", "--techniques", " , ", P17][..], ","),
        (
            &["count", "-a", "deepening", "--techniques", ",", P17][..],
            ",",
        ),
    ] {
        let r = run(args);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.out, "");
        assert_eq!(
            r.err,
            format!("sudokit: --techniques: '{list}': the list names no technique\n")
        );
    }
}

// ---------------------------------------------------------------- formats

#[test]
fn grid_output_reads_back() {
    let r = run(&["solve", "--format", "grid", P17, P41]);
    assert_eq!(r.code, 0);
    let blocks: Vec<&str> = r.out.split_terminator("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert_eq!(format!("{}\n", blocks[0]), grid(P17_SOLUTION).to_block());
    // Block format is also an input format.
    let path = temp_file("grid.txt", r.out.as_bytes());
    let r = run(&["count", path.to_str().unwrap()]);
    assert_eq!(r.out, "1\n1\n");
}

#[test]
fn block_input() {
    let text = format!(
        "# two in block form\n{}\n{}",
        grid(P17).to_block(),
        grid(MANY).to_block()
    );
    let r = run_with_stdin(&["count"], &text);
    assert_eq!(r.out, "1\n330\n");
    assert_eq!(r.code, 0);
}

#[test]
fn json_output_objects() {
    let r = run(&[
        "solve",
        "--format",
        "json",
        P17,
        NONE,
        "examples/puzzles.txt",
    ]);
    let objects: Vec<Value> = r
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objects.len(), 2 + 8);
    assert_eq!(objects[0]["puzzle"], P17);
    assert_eq!(objects[0]["solution"], P17_SOLUTION);
    assert_eq!(objects[0]["status"], "solved");
    assert_eq!(objects[0]["file"], "<arg>");
    assert_eq!(objects[0]["line"], 1);
    assert_eq!(objects[1]["status"], "unsolvable");
    assert_eq!(objects[1]["solution"], Value::Null);
    assert_eq!(objects[1]["error"], "no solution");
    let invalid = &objects[9];
    assert_eq!(invalid["status"], "invalid");
    assert_eq!(invalid["error"], "r1c1 and r1c5 both hold 5");
    assert_eq!(invalid["line"], 9);
    assert!(objects.iter().all(|o| o.get("puzzle").is_some()));

    let r = run(&["solve", "--format", "json", "--limit", "3", MANY]);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["count"], 3);
    assert_eq!(v["solutions"].as_array().unwrap().len(), 3);
    assert_eq!(v["complete"], false);
}

#[test]
fn json_input_flat_nested_and_auto() {
    let g = grid(P17);
    let flat = sudokit::format::to_json(&g);
    let nested: Vec<Vec<u8>> = g.values().chunks(9).map(<[u8]>::to_vec).collect();
    let nested = serde_json::to_string(&nested).unwrap();
    let doc = format!("[{flat}, {nested}, [1, 2]]");
    let path = temp_file("puzzles.json", doc.as_bytes());
    let path = path.to_str().unwrap();
    for args in [
        &["solve", "--input-format", "json", path][..],
        &["solve", path],
    ] {
        let r = run(args);
        assert_eq!(
            r.out,
            format!("{P17_SOLUTION}\n{P17_SOLUTION}\n\n"),
            "{args:?}"
        );
        assert_eq!(
            r.err,
            format!("{path}:1: JSON: puzzle 3: 2 cells, expected 81\n")
        );
        assert_eq!(r.code, 1);
    }
    // `line` never reads JSON.
    let r = run(&["solve", "--input-format", "line", path]);
    assert_eq!(r.err, format!("{path}:1: bad character '[' at column 1\n"));
    // JSON Lines on stdin.
    let r = run_with_stdin(
        &["count", "--input-format", "json"],
        &format!("{flat}\n{nested}\n"),
    );
    assert_eq!(r.out, "1\n1\n");
}

// ---------------------------------------------------------------- input

#[test]
fn stdin_dash_and_argument_puzzles() {
    let r = run_with_stdin(&["solve"], &format!("{P17}\n"));
    assert_eq!(r.out, format!("{P17_SOLUTION}\n"));
    let r = run_with_stdin(
        &["solve", P41, "-"],
        &format!("# comment\n{P17}  rated 9\n"),
    );
    assert_eq!(r.out, format!("{P17_SOLUTION}\n{P17_SOLUTION}\n"));
    let r = run_with_stdin(&["solve"], "");
    assert_eq!(r.err, "<stdin>: no puzzle found\n");
    assert_eq!(r.code, 1);
    let r = run_with_stdin(&["solve", "-"], &format!("{}\n", &P17[..80]));
    assert_eq!(r.err, "<stdin>:1: 80 cells, expected 81\n");
}

#[test]
fn bad_lines_are_reported_exactly_and_the_rest_is_answered() {
    let mut bad_char = P17.to_string();
    bad_char.replace_range(11..12, "a");
    let mut clash = ".".repeat(81);
    clash.replace_range(3..4, "5");
    clash.replace_range(7..8, "5");
    let text = format!("{P17}\n{}\n{bad_char}\n\n{clash}\n{P41}\n", &P17[..80]);
    let path = temp_file("bad.txt", text.as_bytes());
    let name = path.to_str().unwrap();
    let r = run(&["solve", name]);
    assert_eq!(r.out, format!("{P17_SOLUTION}\n\n\n\n{P17_SOLUTION}\n"));
    assert_eq!(
        r.err,
        format!(
            "{name}:2: 80 cells, expected 81\n\
             {name}:3: bad character 'a' at column 12\n\
             {name}:5: r1c4 and r1c8 both hold 5\n"
        )
    );
    assert_eq!(r.code, 1);
}

#[test]
fn binary_empty_huge_and_missing_files() {
    let binary = temp_file("junk.bin", b"ab\ncd\x00\xff\xfe");
    let empty = temp_file("empty.txt", b"");
    let comments = temp_file("comments.txt", b"# nothing here\n\n");
    let mut huge = "1".repeat(10_000_000).into_bytes();
    huge.extend_from_slice(format!("\n{P17}\n").as_bytes());
    let huge = temp_file("huge.txt", &huge);
    let names: Vec<&str> = [&binary, &empty, &comments, &huge]
        .iter()
        .map(|p| p.to_str().unwrap())
        .collect();
    let r = run(&[
        "solve",
        names[0],
        names[1],
        names[2],
        "no/such/file.txt",
        names[3],
    ]);
    assert_eq!(r.out, format!("\n\n\n{P17_SOLUTION}\n"));
    assert_eq!(
        r.err,
        format!(
            "{0}:1: bad character 'a' at column 1\n\
             {0}:2: bad character 'c' at column 1\n\
             {1}: no puzzle found\n\
             {2}: no puzzle found\n\
             sudokit: no/such/file.txt: No such file or directory\n\
             {3}:1: 10000000 cells, expected 81\n",
            names[0], names[1], names[2], names[3]
        )
    );
    assert_eq!(r.code, 2, "an unreadable file wins over bad puzzles");

    // A NUL byte spoils its own line only.
    let mut text = format!("{P17}\n{P17}\n{P17}\n").into_bytes();
    text[82 + 4] = 0;
    let nul = temp_file("nul.txt", &text);
    let r = run(&["solve", nul.to_str().unwrap()]);
    assert_eq!(r.out, format!("{P17_SOLUTION}\n\n{P17_SOLUTION}\n"));
    assert_eq!(
        r.err,
        format!("{}:2: bad character '\\0' at column 5\n", nul.display())
    );
    assert_eq!(r.code, 1);

    let r = run(&["count", "missing.txt", P17]);
    assert_eq!(r.out, "1\n");
    assert_eq!(r.err, "sudokit: missing.txt: No such file or directory\n");
    assert_eq!(r.code, 2);
}

#[test]
fn threads_do_not_change_the_output() {
    let file = "tests/data/top1465_200.txt";
    let one = run(&["solve", "--threads", "1", file]);
    let two = run(&["solve", "-j", "2", file]);
    assert_eq!(one.code, 0);
    assert_eq!(one.out.lines().count(), 200);
    assert_eq!(one.out, two.out);
    let puzzles = std::fs::read_to_string(root().join(file)).unwrap();
    for (line, puzzle) in one.out.lines().zip(puzzles.lines()) {
        assert_solves(line, &puzzle[..81]);
    }
    let one = run(&["check", "-j", "1", "tests/data/17_clue_200.txt"]);
    let two = run(&["check", "-j", "2", "tests/data/17_clue_200.txt"]);
    assert_eq!(one.out, two.out);
    assert!(one.out.lines().all(|l| l.starts_with("unique\t17 clues\t")));
}

// ---------------------------------------------------------------- count

#[test]
fn count_exact_and_at_limit() {
    assert_eq!(engine::count_solutions(&grid(DEADLY), 10), 2);
    let r = run(&["count", DEADLY, P17, MANY, NONE]);
    assert_eq!(r.out, "2\n1\n330\n0\n");
    assert_eq!(r.err, "");
    assert_eq!(r.code, 1, "a puzzle without solution fails");

    let r = run(&["count", "--limit", "10", MANY, DEADLY]);
    assert_eq!(r.out, "10+\n2\n");
    assert_eq!(r.code, 0);
    let r = run(&["count", "--limit", "2", DEADLY]);
    assert_eq!(r.out, "2\n", "exactly the limit is not `N+`");

    for algorithm in ["backtracking", "branch-and-bound", "deepening"] {
        let r = run(&["count", "-a", algorithm, "--limit", "5", DEADLY, MANY]);
        assert_eq!(r.out, "2\n5+\n", "{algorithm}");
    }
    // A search a limit stops counts what it found, a lower bound.
    let r = run(&["count", "-a", "backtracking", "--max-iterations", "10", P17]);
    assert_eq!(r.out, "0+\n");
    assert_eq!(
        r.err,
        "<arg>:1: iteration limit (10) reached before any solution\n"
    );
    assert_eq!(r.code, 1);
    let r = run(&["count", "--format", "json", "--limit", "10", MANY]);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["exact"].as_bool()),
        (Some(10), Some(false))
    );
}

// ---------------------------------------------------------------- check

#[test]
fn check_words_and_exit_codes() {
    let sparse = P17.replacen('4', ".", 1);
    let r = run(&["check", P17]);
    assert_eq!(r.out, "unique\t17 clues\t8 digits\n");
    assert_eq!(r.code, 0);

    let r = run(&["check", MANY, &sparse, NONE, "examples/puzzles.txt"]);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines[0], "multiple\t35 clues\t9 digits");
    assert_eq!(
        lines[1],
        "multiple\t16 clues\t8 digits\t16 clues: a unique solution needs at least 17"
    );
    assert_eq!(lines[2], "none\t9 clues\t9 digits");
    assert_eq!(
        lines[3..9]
            .iter()
            .filter(|l| l.starts_with("unique\t"))
            .count(),
        6
    );
    assert_eq!(
        lines[10],
        "invalid\t4 clues\t3 digits\tr1c1 and r1c5 both hold 5"
    );
    assert_eq!(r.err, "");
    assert_eq!(r.code, 1);

    let r = run(&["check", "--format", "json", &sparse]);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["status"], "multiple");
    assert_eq!(
        (v["clues"].as_u64(), v["digits"].as_u64()),
        (Some(16), Some(8))
    );
    assert_eq!(v["reason"], "16 clues: a unique solution needs at least 17");
}

#[test]
fn check_minimal() {
    let r = run(&["check", "--minimal", P17]);
    assert_eq!(r.out, "unique\t17 clues\t8 digits\tminimal\n");
    assert_eq!(r.code, 0);

    let r = run(&["check", "--minimal", P41]);
    assert_eq!(r.code, 1);
    let line = r.out.trim_end();
    let cell = line
        .strip_prefix("unique\t41 clues\t9 digits\tnot minimal: ")
        .and_then(|rest| rest.strip_suffix(" can go"))
        .unwrap_or_else(|| panic!("{line}"));
    // The named clue can really go, and it is the first one that can.
    let index = |name: &str| {
        let b = name.as_bytes();
        usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')
    };
    let mut fewer: Vec<u8> = P41.bytes().collect();
    fewer[index(cell)] = b'.';
    assert!(engine::is_unique(&grid(
        std::str::from_utf8(&fewer).unwrap()
    )));

    let r = run(&["check", "--minimal", "--format", "json", P41, P17]);
    let v: Vec<Value> = r
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (v[0]["minimal"].as_bool(), v[0]["removable"].as_str()),
        (Some(false), Some(cell))
    );
    assert_eq!(v[1]["minimal"], true);
}

// ---------------------------------------------------------------- trace

#[test]
fn trace_text_dot_and_svg() {
    let r = run(&["trace", P41]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(!r.out.trim().is_empty());

    let en = run(&["trace", "--lang", "en", P41]);
    assert_eq!(en.code, 0);
    assert!(
        r.out.contains("solución") && en.out.contains("solution"),
        "{}\n{}",
        r.out,
        en.out
    );

    let dot = run(&["trace", "--tree", "dot", P41]);
    assert!(
        dot.out.starts_with("digraph"),
        "{}",
        &dot.out[..dot.out.len().min(80)]
    );
    let svg = run(&["trace", "--tree", "svg", P41]);
    let svg = svg.out.trim();
    assert!(
        svg.starts_with("<svg") || svg.starts_with("<?xml"),
        "{}",
        &svg[..svg.len().min(80)]
    );
    assert!(svg.contains("<svg") && svg.ends_with("</svg>"));

    let json = run(&["trace", "--format", "json", "--select", "min", P41]);
    let v: Value = serde_json::from_str(json.out.trim()).unwrap();
    assert_eq!(v["solutions"][0], P17_SOLUTION);
    assert!(v["trace"].as_str().is_some_and(|t| !t.is_empty()));

    // The source document's header: the iteration number, then the grid
    // (after the first propagation) with `*` for empty cells.
    let limited = run(&["trace", "--style", "compact", "--max-iterations", "3", P17]);
    assert_eq!(limited.code, 0, "an iteration limit only shortens a trace");
    let lines: Vec<&str> = limited.out.lines().collect();
    assert_eq!(lines[0], "iter=0");
    let start: String = lines[1..10].concat();
    assert!(lines[1..10].iter().all(|row| row.len() == 9), "{lines:?}");
    assert!(start.bytes().all(|b| b == b'*' || b.is_ascii_digit()));
    let start = grid(&start.replace('*', "."));
    assert!(rules::validate(&start).is_ok());
    assert!(
        P17.bytes()
            .zip(start.to_line().bytes())
            .all(|(p, s)| p == b'.' || p == s)
    );
    assert!(lines[10].starts_with("iter=1 "), "{}", lines[10]);
    let none = run(&["trace", NONE]);
    assert_eq!(none.err, "<arg>:1: no solution\n");
    assert_eq!(none.code, 1);
}

// ---------------------------------------------------------------- help

#[test]
fn help_mentions_every_subcommand() {
    let r = run(&["--help"]);
    assert_eq!(r.code, 0);
    for word in [
        "solve",
        "count",
        "check",
        "trace",
        "bench",
        "Examples:",
        "Exit status",
    ] {
        assert!(r.out.contains(word), "--help lacks {word}");
    }
    for sub in ["solve", "count", "check", "trace", "bench"] {
        let r = run(&[sub, "--help"]);
        assert_eq!(r.code, 0);
        assert!(
            r.out.contains("Examples:") && r.out.contains("--format"),
            "{sub} --help"
        );
    }
    assert_eq!(run(&["frobnicate"]).code, 2);
}

#[test]
fn broken_pipe_ends_quietly() {
    use std::io::Read;
    use std::process::Stdio;
    let bin = assert_cmd::cargo::cargo_bin("sudokit");
    let mut child = std::process::Command::new(bin)
        .current_dir(root())
        .arg("solve")
        // Far more output than a pipe buffers, so that writes meet the closed pipe.
        .args(["tests/data/top1465_200.txt", "tests/data/17_clue_200.txt"].repeat(3))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 82];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The pipe closes here, as after `| head -1`.
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err, "");
    assert!(status.code().is_some_and(|c| c == 0), "{status:?}");
}

// ---------------------------------------------------------------- bench

/// The JSON objects of a `bench --format json` run, one per file.
fn bench_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["bench", "--format", "json", "--warmup", "10"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{}", r.err);
    r.out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A field of a bench object as a number.
fn num(obj: &Value, key: &str) -> f64 {
    obj[key]
        .as_f64()
        .unwrap_or_else(|| panic!("{key} in {obj}"))
}

/// Five puzzles of about 40 clues, cut from P17_SOLUTION in different
/// patterns: easy enough for the classic algorithms in a debug build.
fn easy_file() -> PathBuf {
    let text: String = (0..5)
        .map(|k| {
            let line: String = P17_SOLUTION
                .chars()
                .enumerate()
                .map(|(i, c)| if (i * 7 + k) % 9 < 4 { '.' } else { c })
                .collect();
            line + "\n"
        })
        .collect();
    temp_file("easy5.txt", text.as_bytes())
}

#[test]
fn bench_table_has_a_row_per_file() {
    let file = "tests/data/top1465_200.txt";
    let r = run(&["bench", "--max-puzzles", "50", "--warmup", "10", file]);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 3, "{}", r.out);
    assert!(lines[0].starts_with("# fast, count up to 2 solutions, 1 thread"));
    let header: Vec<&str> = lines[1]
        .split("  ")
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect();
    assert_eq!(
        header,
        [
            "file",
            "puzzles",
            "µs mean",
            "µs median",
            "µs max",
            "puzzles/s",
            "guesses/puzzle",
            "verified"
        ]
    );
    let row: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(row[0], file);
    assert_eq!(row[1], "50");
    let figures: Vec<f64> = row[2..7].iter().map(|v| v.parse().unwrap()).collect();
    assert!(figures.iter().all(|&v| v > 0.0), "{row:?}");
    // The slowest puzzle takes at least the mean and the median.
    assert!(
        figures[2] >= figures[0] && figures[2] >= figures[1],
        "{row:?}"
    );
    assert_eq!(row[7], "ok");
}

#[test]
fn bench_json_and_tsv_fields() {
    let objs = bench_json(&[
        "--max-puzzles",
        "50",
        "--repeat",
        "3",
        "tests/data/top1465_200.txt",
    ]);
    assert_eq!(objs.len(), 1);
    let o = &objs[0];
    assert_eq!(o["file"], "tests/data/top1465_200.txt");
    assert_eq!(o["algorithm"], "fast");
    assert_eq!(o["mode"], "count2");
    assert_eq!(o["limit"], 2);
    assert_eq!(o["threads"], 1);
    assert_eq!(o["repeat"], 3);
    assert_eq!(o["puzzles"], 50);
    assert_eq!(o["stopped"], 0);
    for key in [
        "mean_us",
        "median_us",
        "max_us",
        "puzzles_per_sec",
        "guesses_per_puzzle",
        "nodes_per_puzzle",
    ] {
        assert!(num(o, key) > 0.0, "{key} in {o}");
    }
    assert!(num(o, "max_us") >= num(o, "mean_us"), "{o}");
    let slowest = o["slowest"].as_str().unwrap();
    let line: usize = slowest
        .strip_prefix("tests/data/top1465_200.txt:")
        .and_then(|l| l.parse().ok())
        .unwrap_or_else(|| panic!("{o}"));
    assert!((1..=50).contains(&line), "{o}");
    assert_eq!(o["failures"], 0);
    assert_eq!(o["verified"], true);

    let r = run(&[
        "bench",
        "--format",
        "tsv",
        "--mode",
        "solve",
        "--max-puzzles",
        "20",
        "tests/data/17_clue_200.txt",
        "tests/data/top1465_200.txt",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let rows: Vec<Vec<&str>> = r.out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(rows[0][..3], ["file", "algorithm", "mode"]);
    assert!(rows.iter().all(|r| r.len() == rows[0].len()));
    assert_eq!(
        rows[1][..4],
        ["tests/data/17_clue_200.txt", "fast", "solve", "1"]
    );
    assert_eq!(rows[2].last(), Some(&"true"));
}

#[test]
fn bench_verifies_counts_of_multi_solution_puzzles() {
    let file = "tests/data/serg_benchmark_200.txt";
    for limit in ["2", "5"] {
        let o = &bench_json(&["--max-puzzles", "50", "--limit", limit, file])[0];
        assert_eq!(o["puzzles"], 50);
        assert_eq!(o["limit"], limit.parse::<u64>().unwrap());
        assert_eq!(o["verified"], true, "{o}");
    }
    let o = &bench_json(&["--max-puzzles", "50", "--mode", "solve", file])[0];
    assert_eq!(o["verified"], true, "{o}");
}

#[test]
fn bench_classic_algorithms() {
    let easy = easy_file();
    let easy = easy.to_str().unwrap();
    for algorithm in ["backtracking", "branch-and-bound", "deepening"] {
        let o = &bench_json(&["--algorithm", algorithm, "--max-puzzles", "5", easy])[0];
        assert_eq!(o["algorithm"], algorithm);
        assert_eq!(o["puzzles"], 5);
        assert_eq!(o["stopped"], 0);
        assert!(num(o, "iterations_per_puzzle") > 0.0 && num(o, "nodes_per_puzzle") > 0.0);
        assert!(o.get("guesses_per_puzzle").is_none());
        assert_eq!(o["verified"], true, "{o}");
    }
    // A puzzle stopped by a limit is counted, not a failure.
    let o = &bench_json(&["-a", "backtracking", "--max-iterations", "3", easy])[0];
    assert_eq!(o["stopped"], 5);
    assert_eq!(o["verified"], true);
    let r = run(&[
        "bench",
        "-a",
        "deepening",
        "--select",
        "min",
        "--warmup",
        "0",
        easy,
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("iterations/puzzle") && r.out.contains("stopped"));
}

#[test]
fn bench_bad_lines_missing_files_and_usage() {
    let bad = temp_file("bench_bad.txt", format!("{P17}\n123\n{P41}\n").as_bytes());
    let bad = bad.to_str().unwrap();
    let r = run(&["bench", "--format", "tsv", bad]);
    assert_eq!(r.err, format!("{bad}:2: 3 cells, expected 81\n"));
    assert_eq!(r.code, 1);
    assert_eq!(r.out.lines().nth(1).unwrap().split('\t').nth(6), Some("2"));

    let r = run(&["bench", "no/such/file.txt"]);
    assert_eq!(
        r.err,
        "sudokit: no/such/file.txt: No such file or directory\n"
    );
    assert_eq!(r.code, 2);
    for args in [
        ["--mode", "solve", "--limit", "3"],
        ["--threads", "1", "--compare-threads", "--warmup=0"],
        ["--max-iterations", "10", "--algorithm", "fast"],
        ["--repeat", "0", "--warmup", "0"],
    ] {
        let r = run(&[&["bench"], &args[..], &[P17]].concat());
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
    }
}

#[test]
fn bench_on_two_threads() {
    let file = "tests/data/random_minimal_200.txt";
    let o = &bench_json(&[
        "--threads",
        "2",
        "--compare-threads",
        "--max-puzzles",
        "100",
        file,
    ])[0];
    assert_eq!(o["threads"], 2);
    assert!(num(o, "single_thread_puzzles_per_sec") > 0.0 && num(o, "speedup") > 0.0);
    assert_eq!(o["verified"], true);
    let r = run(&["bench", "-j", "2", "--max-puzzles", "50", file]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("threads") && r.out.contains(" ok"));
}

// ---------------------------------------------------------------- explain, hint, grade

/// Solved by singles alone.
const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

#[test]
fn explain_numbers_the_steps_in_english_and_spanish() {
    let en = run(&["explain", EASY]);
    assert_eq!(en.code, 0, "{}", en.err);
    let lines: Vec<&str> = en.out.lines().collect();
    assert_eq!(
        lines[..3],
        [
            "1. Naked single: 4 is the only candidate of r5c6 => r5c6=4",
            "2. Naked single: 4 is the only candidate of r9c4 => r9c4=4",
            "3. Naked single: 1 is the only candidate of r5c7 => r5c7=1",
        ]
    );
    assert!(en.out.ends_with("Solved in 49 steps.\n\n"), "{}", en.out);

    let es = run(&["explain", "--lang", "es", EASY]);
    let lines: Vec<&str> = es.out.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "1. Único desnudo: el 4 es el único candidato de r5c6 => r5c6=4",
            "2. Único desnudo: el 4 es el único candidato de r9c4 => r9c4=4",
        ]
    );
    assert!(es.out.contains("Resuelto en 49 pasos."));

    // --candidates: a pencil-mark grid (13 lines) before each step.
    let marks = run(&["explain", "--candidates", EASY]);
    let lines: Vec<&str> = marks.out.lines().collect();
    assert!(lines[0].starts_with("+--"), "{}", lines[0]);
    assert_eq!(
        lines[13],
        "1. Naked single: 4 is the only candidate of r5c6 => r5c6=4"
    );
}

#[test]
fn explain_json_follows_the_schema() {
    let r = run(&["explain", "--format", "json", EASY]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    assert_eq!(v["puzzle"], EASY);
    assert_eq!(v["solved"], true);
    assert_eq!(v["level"], "easy");
    assert!(v["score"].as_u64().unwrap() > 0);
    assert!(v["rating"].as_f64().unwrap() >= 1.0);
    assert!(v["hardest"].is_string());
    let steps = v["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 49);
    assert_eq!(steps[0]["technique"], "naked-single");
    assert_eq!(steps[0]["placements"][0]["cell"], "r5c6");
    assert_eq!(steps[0]["placements"][0]["digit"], 4);
    assert!(steps[0]["eliminations"].as_array().unwrap().is_empty());
    assert_eq!(
        steps[0]["text"],
        "Naked single: 4 is the only candidate of r5c6 => r5c6=4"
    );
    // Every placement of the steps is the solution's digit.
    let solution = engine::solve_one(&grid(EASY)).unwrap().to_line();
    for s in steps {
        for p in s["placements"].as_array().unwrap() {
            let cell = p["cell"].as_str().unwrap().as_bytes();
            let (r, c) = ((cell[1] - b'1') as usize, (cell[3] - b'1') as usize);
            assert_eq!(
                solution.as_bytes()[r * 9 + c] - b'0',
                p["digit"].as_u64().unwrap() as u8
            );
        }
    }
}

#[test]
fn explain_stuck_and_fallback() {
    let stuck = run(&["explain", "--techniques", "singles", P17]);
    assert_eq!(stuck.code, 1);
    assert!(
        stuck
            .out
            .contains("Stuck after 3 steps: no allowed technique applies."),
        "{}",
        stuck.out
    );
    // The pencil-mark grid at the point where it stopped.
    assert!(
        stuck.out.lines().any(|l| l.starts_with("| 4 ")),
        "{}",
        stuck.out
    );
    assert_eq!(stuck.err, "<arg>:1: stuck: no allowed technique applies\n");

    let guess = run(&["explain", "--techniques", "singles", "--fallback", P17]);
    assert_eq!(guess.code, 0, "{}", guess.err);
    assert!(guess.out.contains("4. Guess: r"), "{}", guess.out);
    let json = run(&[
        "explain",
        "--techniques",
        "singles",
        "--fallback",
        "--format",
        "json",
        P17,
    ]);
    let v: Value = serde_json::from_str(json.out.trim()).unwrap();
    assert_eq!(v["solved"], true);
    assert!(
        v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["technique"] == "guess")
    );
}

#[test]
fn hint_gives_the_next_step_only() {
    let r = run(&["hint", EASY]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.out,
        "Naked single: 4 is the only candidate of r5c6 => r5c6=4\n"
    );
    let es = run(&["hint", "--lang", "es", EASY]);
    assert_eq!(
        es.out,
        "Único desnudo: el 4 es el único candidato de r5c6 => r5c6=4\n"
    );
    // A partly solved grid: the hint is for the grid as given.
    let mut partial = EASY.to_string();
    partial.replace_range(4 * 9 + 5..4 * 9 + 6, "4");
    let next = run(&["hint", &partial]);
    assert_eq!(next.code, 0, "{}", next.err);
    assert_ne!(next.out, r.out);
    let solved = run(&["hint", P17_SOLUTION]);
    assert_eq!(solved.out, "The grid is already solved.\n");

    let json = run(&["hint", "--format", "json", EASY]);
    let v: Value = serde_json::from_str(json.out.trim()).unwrap();
    assert_eq!(v["steps"].as_array().unwrap().len(), 1);
    assert_eq!(v["steps"][0]["technique"], "naked-single");

    let stuck = run(&["hint", "--techniques", "naked-single", P17]);
    assert_eq!(stuck.code, 1);
    assert!(stuck.out.contains("Stuck: no allowed technique applies."));
}

#[test]
fn grade_lines_and_json() {
    let r = run(&["grade", EASY, P17]);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), 2);
    for line in &lines {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 5, "{line}");
        assert!(
            ["easy", "medium", "hard", "unfair", "extreme"].contains(&f[0]),
            "{line}"
        );
        assert!(f[1].parse::<u32>().is_ok(), "{line}");
        assert!(
            f[2].trim_start_matches('>').parse::<f64>().is_ok(),
            "{line}"
        );
        // serate's ED=ER/EP/ED, its ER the rating column.
        let se: Vec<&str> = f[4].strip_prefix("ED=").unwrap().split('/').collect();
        assert_eq!((se.len(), se[0]), (3, f[2]), "{line}");
    }
    assert!(lines[0].starts_with("easy\t"), "{}", lines[0]);

    let singles = run(&["grade", "--techniques", "singles", P17]);
    let f: Vec<&str> = singles.out.trim_end().split('\t').collect();
    assert_eq!(f[..2], ["unfinished", "-"], "{}", singles.out);
    assert!(f[2].starts_with('>'), "{}", singles.out);
    assert!(f[3].starts_with("stuck after "), "{}", singles.out);

    let json = run(&["grade", "--format", "json", EASY]);
    let v: Value = serde_json::from_str(json.out.trim()).unwrap();
    for key in [
        "puzzle", "solved", "level", "score", "rating", "hardest", "steps",
    ] {
        assert!(v.get(key).is_some(), "{key} missing in {v}");
    }

    // Several puzzles on several threads keep input order.
    let file = temp_file(
        "grade.txt",
        format!("{EASY}\n{P17}\n{EASY}\n{P41}\n").as_bytes(),
    );
    let one = run(&["grade", "-j", "1", file.to_str().unwrap()]);
    let two = run(&["grade", "-j", "2", file.to_str().unwrap()]);
    assert_eq!(one.out, two.out);
    assert_eq!(one.out.lines().count(), 4);
}

/// `--techniques +NAME` switches a technique on beside the default set:
/// the puzzle `generate --technique NAME` makes uses it on the HoDoKu-style
/// path of `grade` and in `explain`, and the SE-style ratings stay.
#[test]
fn techniques_switched_on_by_plus() {
    let made = run(&["generate", "--seed", "3", "--technique", "kraken-fish"]);
    assert_eq!(made.code, 0, "{}", made.err);
    let puzzle = made.out.trim();
    let steps_of = |extra: &[&str]| -> (Value, Vec<String>) {
        let r = run(&[&["grade", "--format", "json"], extra, &[puzzle]].concat());
        assert_eq!(r.code, 0, "{}", r.err);
        let v: Value = serde_json::from_str(r.out.trim()).unwrap();
        let names = v["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["technique"].as_str().unwrap().to_string())
            .collect();
        (v, names)
    };
    let (on, on_steps) = steps_of(&["--techniques", "+kraken-fish"]);
    let (off, off_steps) = steps_of(&[]);
    assert!(on_steps.iter().any(|t| t == "kraken-fish"), "{on}");
    assert!(!off_steps.iter().any(|t| t == "kraken-fish"), "{off}");
    assert_eq!(on["se_text"], off["se_text"]);
    let explained = run(&["explain", "--techniques", "+kraken-fish", puzzle]);
    assert!(
        explained.out.contains(". Kraken fish: type "),
        "{}",
        explained.out
    );
    let mixed = run(&["grade", "--techniques", "singles,+kraken-fish", puzzle]);
    assert_eq!(mixed.code, 2);
    assert_eq!(
        mixed.err,
        "sudokit: --techniques: 'singles,+kraken-fish': either list every technique allowed or add to the default set with +NAME, not both\n"
    );
}

#[test]
fn bench_grade_times_the_grader_and_verifies() {
    let file = temp_file(
        "bench-grade.txt",
        format!("{EASY}\n{P17}\n{P41}\n").as_bytes(),
    );
    let file = file.to_str().unwrap();
    for techniques in [None, Some("singles")] {
        let mut grade_args = vec!["grade", "--format", "json", file];
        let mut bench_args = vec!["--grade", file];
        if let Some(list) = techniques {
            grade_args.extend(["--techniques", list]);
            bench_args.extend(["--techniques", list]);
        }
        let graded = run(&grade_args);
        let solved = graded
            .out
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|v| v["solved"] == Value::Bool(true))
            .count();
        let rows = bench_json(&bench_args);
        assert_eq!(rows.len(), 1);
        let row = &rows[0];
        assert_eq!(row["mode"], "grade");
        assert_eq!(num(row, "puzzles"), 3.0);
        assert_eq!(num(row, "solved"), solved as f64, "{techniques:?}");
        assert!((num(row, "solved_pct") - 100.0 * solved as f64 / 3.0).abs() < 0.01);
        assert!(num(row, "mean_us") > 0.0 && num(row, "steps_per_puzzle") > 0.0);
        assert_eq!(row["verified"], true);
    }
    // Singles solve EASY but not P17.
    assert_eq!(
        num(
            &bench_json(&["--grade", "--techniques", "singles", EASY])[0],
            "solved"
        ),
        1.0
    );
    assert_eq!(
        num(
            &bench_json(&["--grade", "--techniques", "singles", P17])[0],
            "solved"
        ),
        0.0
    );

    // The slowest puzzle is named by its line: a top1465 puzzle between two
    // that singles solve takes dozens of times as long as either.
    let hard = std::fs::read_to_string(root().join("tests/data/top1465_200.txt")).unwrap();
    let hard = &hard[..81];
    let mixed = temp_file(
        "bench-slowest.txt",
        format!("{EASY}\n{hard}\n{EASY}\n").as_bytes(),
    );
    let mixed = mixed.to_str().unwrap();
    let row = &bench_json(&["--grade", mixed])[0];
    assert_eq!(row["slowest"], format!("{mixed}:2"), "{row}");
    assert!(num(row, "max_us") > num(row, "median_us"), "{row}");

    // A puzzle the grader refuses fails verification (exit 1), the rest is timed.
    let r = run(&["bench", "--grade", "--warmup", "0", EASY, MANY]);
    assert_eq!(r.code, 1);
    assert!(
        r.err.contains(
            "<arg>:1: verification failed: the grader refused it: more than one solution"
        ),
        "{}",
        r.err
    );
    assert!(r.out.contains("solved %"), "{}", r.out);

    for usage in [
        vec!["bench", "--grade", "--algorithm", "deepening", EASY],
        vec!["bench", "--grade", "--mode", "solve", EASY],
        vec!["bench", "--grade", "--techniques", "foo", EASY],
    ] {
        assert_eq!(run(&usage).code, 2, "{usage:?}");
    }
}

#[test]
fn human_commands_reject_bad_input() {
    for cmd in ["explain", "hint", "grade"] {
        let many = run(&[cmd, MANY]);
        assert_eq!(many.code, 1, "{cmd}");
        assert_eq!(many.err, "<arg>:1: more than one solution\n", "{cmd}");
        let none = run(&[cmd, NONE]);
        assert_eq!(none.err, "<arg>:1: no solution\n", "{cmd}");
        let short = run_with_stdin(&[cmd], "123\n");
        assert_eq!(short.code, 1, "{cmd}");
        assert!(short.err.starts_with("<stdin>:1: "), "{cmd}: {}", short.err);
        let usage = run(&[cmd, "--techniques", "foo", EASY]);
        assert_eq!(usage.code, 2, "{cmd}");
        assert!(usage.err.contains("unknown technique 'foo'"), "{cmd}");
    }
    let lang = run(&["explain", "--lang", "fr", EASY]);
    assert_eq!(lang.code, 2);
}

// ---------------------------------------------------------------- generate

/// The images of cell `(r, c)` under a symmetry, written out here apart from
/// the library's own maps so that a wrong map there makes these tests fail.
fn symmetry_images(name: &str, r: usize, c: usize) -> Vec<(usize, usize)> {
    let rot180 = (8 - r, 8 - c);
    let mh = (8 - r, c);
    let mv = (r, 8 - c);
    let d = (c, r);
    let ad = (8 - c, 8 - r);
    match name {
        "none" => vec![],
        "rotate180" => vec![rot180],
        "rotate90" => vec![(c, 8 - r), rot180, (8 - c, r)],
        "mirror-horizontal" => vec![mh],
        "mirror-vertical" => vec![mv],
        "diagonal" => vec![d],
        "anti-diagonal" => vec![ad],
        "both-mirrors" => vec![mh, mv, rot180],
        "both-diagonals" => vec![d, ad, rot180],
        "dihedral" => vec![(c, 8 - r), rot180, (8 - c, r), mh, mv, d, ad],
        _ => panic!("unknown symmetry {name}"),
    }
}

/// Asserts that the givens of `puzzle` are symmetric under `name`.
fn assert_symmetric(puzzle: &Grid, name: &str) {
    for r in 0..9 {
        for c in 0..9 {
            let given = puzzle.values()[r * 9 + c] != 0;
            for (r2, c2) in symmetry_images(name, r, c) {
                assert_eq!(
                    given,
                    puzzle.values()[r2 * 9 + c2] != 0,
                    "{name}: r{}c{} and r{}c{} in {puzzle}",
                    r + 1,
                    c + 1,
                    r2 + 1,
                    c2 + 1
                );
            }
        }
    }
}

/// Asserts that removing any one clue of `puzzle` leaves more than one solution.
fn assert_minimal(puzzle: &Grid) {
    for i in 0..81 {
        if puzzle.values()[i] != 0 {
            let mut values = *puzzle.values();
            values[i] = 0;
            let trial = Grid::from_values(values).unwrap();
            assert!(
                engine::count_solutions(&trial, 2) > 1,
                "clue {i} of {puzzle} can go"
            );
        }
    }
}

/// The puzzles of a successful `generate` run in line format.
fn generated(args: &[&str]) -> Vec<Grid> {
    let mut all = vec!["generate"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    assert_eq!(r.err, "");
    r.out.lines().map(grid).collect()
}

/// The objects of a successful `generate --format json` run.
fn generated_json(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["generate", "--format", "json"];
    all.extend_from_slice(args);
    let r = run(&all);
    assert_eq!(r.code, 0, "{args:?}: {}", r.err);
    r.out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn generate_unique_puzzles_with_every_symmetry() {
    let names = [
        "none",
        "rotate180",
        "rotate90",
        "mirror-horizontal",
        "mirror-vertical",
        "diagonal",
        "anti-diagonal",
        "both-mirrors",
        "both-diagonals",
        "dihedral",
    ];
    for (k, name) in names.iter().enumerate() {
        let seed = (1000 + k).to_string();
        let puzzles = generated(&["-n", "6", "--seed", &seed, "--symmetry", name]);
        assert_eq!(puzzles.len(), 6);
        for p in &puzzles {
            assert_eq!(engine::count_solutions(p, 2), 1, "{name}: {p}");
            assert_symmetric(p, name);
        }
    }
    // The default is the half turn.
    for p in generated(&["-n", "10", "--seed", "5"]) {
        assert_eq!(engine::count_solutions(&p, 2), 1);
        assert_symmetric(&p, "rotate180");
    }
}

#[test]
fn generate_minimal_puzzles() {
    for name in ["none", "rotate180", "diagonal", "both-diagonals"] {
        for p in generated(&["-n", "5", "--seed", "77", "--minimal", "--symmetry", name]) {
            assert_eq!(engine::count_solutions(&p, 2), 1);
            assert_symmetric(&p, name);
            assert_minimal(&p);
        }
    }
}

#[test]
fn generate_levels_match_the_grader() {
    use sudokit::grade::{self, GradeOptions};
    for (k, level) in ["easy", "medium", "hard", "unfair", "extreme"]
        .iter()
        .enumerate()
    {
        let seed = (31 * k).to_string();
        for symmetry in ["rotate180", "none"] {
            let objs = generated_json(&[
                "-n",
                "4",
                "--seed",
                &seed,
                "--level",
                level,
                "--symmetry",
                symmetry,
            ]);
            assert_eq!(objs.len(), 4);
            for obj in &objs {
                let p = grid(obj["puzzle"].as_str().unwrap());
                assert_eq!(engine::count_solutions(&p, 2), 1);
                assert_symmetric(&p, symmetry);
                assert_solves(
                    obj["solution"].as_str().unwrap(),
                    obj["puzzle"].as_str().unwrap(),
                );
                let g = grade::grade(&p, &GradeOptions::default()).unwrap();
                assert_eq!(g.level.name(), *level, "{p}");
                assert_eq!(obj["level"], *level);
                assert_eq!(obj["score"], g.score);
                assert_eq!(obj["rating_text"], g.rating.to_string());
                assert_eq!(obj["se_er"], g.se.er.value());
                assert_eq!(obj["se_ep"], g.se.ep.value());
                assert_eq!(obj["se_ed"], g.se.ed.value());
                let hardest = g.hardest.filter(|_| g.solved).map(|t| t.name());
                assert_eq!(obj["hardest"].as_str(), hardest);
                assert_eq!(obj["clues"], p.clues());
                assert!(obj["seed"].is_u64() && obj["attempts"].as_u64() >= Some(1));
            }
        }
    }
    // Level and minimality together.
    for obj in generated_json(&["-n", "3", "--seed", "4", "--level", "hard", "--minimal"]) {
        let p = grid(obj["puzzle"].as_str().unwrap());
        assert_minimal(&p);
        assert_eq!(obj["level"], "hard");
    }
}

#[test]
fn generate_techniques_and_clue_limits() {
    use sudokit::grade::{self, GradeOptions};
    for (technique, members) in [
        ("x-wing", &["x-wing"][..]),
        ("xy-wing", &["xy-wing"][..]),
        (
            "unique-rectangle",
            &[
                "unique-rectangle-1",
                "unique-rectangle-2",
                "unique-rectangle-3",
                "unique-rectangle-4",
                "unique-rectangle-5",
                "unique-rectangle-6",
            ][..],
        ),
    ] {
        for p in generated(&["-n", "3", "--seed", "9", "--technique", technique]) {
            let g = grade::grade(&p, &GradeOptions::default()).unwrap();
            assert!(g.solved, "{p}");
            assert!(
                g.steps.iter().any(|s| members.contains(&s.name())),
                "{technique} not used in {p}"
            );
        }
    }
    for p in generated(&[
        "-n",
        "5",
        "--seed",
        "3",
        "--clues",
        "23",
        "--symmetry",
        "none",
    ]) {
        assert!(p.clues() <= 23, "{p}");
        assert_eq!(engine::count_solutions(&p, 2), 1);
    }
    // Every target at once.
    let all = [
        "-n",
        "2",
        "--seed",
        "8",
        "--level",
        "hard",
        "--technique",
        "skyscraper",
        "--clues",
        "26",
        "--minimal",
        "--symmetry",
        "diagonal",
    ];
    for p in generated(&all) {
        let g = grade::grade(&p, &GradeOptions::default()).unwrap();
        assert_eq!(g.level.name(), "hard");
        assert!(g.steps.iter().any(|s| s.name() == "skyscraper"));
        assert!(p.clues() <= 26);
        assert_symmetric(&p, "diagonal");
        assert_minimal(&p);
    }
}

#[test]
fn generate_is_reproducible_on_any_number_of_threads() {
    let args = [
        "generate", "-n", "24", "--seed", "12345", "--level", "medium",
    ];
    let one = run(&[&args[..], &["-j", "1"]].concat());
    let two = run(&[&args[..], &["-j", "2"]].concat());
    assert_eq!(one.code, 0);
    assert_eq!(one.out.lines().count(), 24);
    assert_eq!(one.out, two.out);
    // One puzzle on two threads (its attempts shared between them) is
    // the first puzzle of the run above.
    for j in ["1", "2"] {
        let first = run(&[
            "generate", "-n", "1", "--seed", "12345", "--level", "medium", "-j", j,
        ]);
        assert_eq!(first.out.lines().next(), one.out.lines().next());
    }
    let other = run(&[
        "generate", "-n", "24", "--seed", "12346", "--level", "medium",
    ]);
    assert_ne!(other.out, one.out);
    // Without --seed, two runs differ.
    assert_ne!(
        run(&["generate", "-n", "3"]).out,
        run(&["generate", "-n", "3"]).out
    );
    // The seed of puzzle i makes it again alone.
    let objs = generated_json(&["-n", "6", "--seed", "500", "--symmetry", "none"]);
    for (i, obj) in objs.iter().enumerate() {
        assert_eq!(obj["seed"], 500 + i as u64);
    }
    let seed = objs[4]["seed"].to_string();
    let again = generated(&["-n", "1", "--seed", &seed, "--symmetry", "none"]);
    assert_eq!(again, vec![grid(objs[4]["puzzle"].as_str().unwrap())]);
}

#[test]
fn generate_formats() {
    let line = run(&["generate", "-n", "2", "--seed", "1"]);
    let blocks = run(&["generate", "-n", "2", "--seed", "1", "--format", "grid"]);
    assert_eq!(blocks.code, 0);
    let parsed: Vec<String> = blocks
        .out
        .split("\n\n")
        .filter(|b| !b.trim().is_empty())
        .map(|b| {
            b.chars()
                .filter(|ch| ch.is_ascii_digit() || *ch == '.')
                .collect()
        })
        .collect();
    let lines: Vec<String> = line.out.lines().map(String::from).collect();
    assert_eq!(parsed, lines);
    assert!(run(&["generate", "--help"]).out.contains("Examples:"));
    assert!(run(&["--help"]).out.contains("generate"));
    assert_eq!(run(&["generate", "-n", "0"]).out, "");
}

#[test]
fn generate_errors_are_clear() {
    let hopeless = run(&[
        "generate",
        "--clues",
        "17",
        "--symmetry",
        "dihedral",
        "--timeout",
        "0.3",
        "--seed",
        "1",
    ]);
    assert_eq!(hopeless.code, 1);
    assert_eq!(hopeless.out, "");
    assert_eq!(
        hopeless.err,
        "sudokit: could not generate a puzzle with at most 17 clues (symmetry dihedral) within 0.3 s\n"
    );
    let many = run(&[
        "generate",
        "-n",
        "50",
        "-j",
        "2",
        "--level",
        "easy",
        "--minimal",
        "--symmetry",
        "dihedral",
        "--timeout",
        "0.2",
    ]);
    assert_eq!(many.code, 1);
    assert_eq!(
        many.err,
        "sudokit: could not generate a minimal puzzle at level easy (symmetry dihedral) within 0.2 s\n"
    );
    let few = run(&["generate", "--clues", "5"]);
    assert_eq!(few.code, 1);
    assert_eq!(
        few.err,
        "sudokit: no puzzle with at most 5 clues has a unique solution (17 is the least)\n"
    );
    let clash = run(&["generate", "--level", "easy", "--technique", "x-wing"]);
    assert_eq!(clash.code, 1);
    assert_eq!(
        clash.err,
        "sudokit: x-wing is a hard technique: a puzzle using it cannot be easy\n"
    );
    let never = run(&["generate", "--technique", "dual-two-string-kite"]);
    assert_eq!((never.code, never.out.as_str()), (1, ""));
    assert_eq!(
        never.err,
        "sudokit: dual-two-string-kite is never the first step found: each of its two kites is a 2-String Kite, which comes before it, so no solution path uses it\n"
    );
    let nonsense = run(&["generate", "--technique", "nonsense"]);
    assert_eq!(nonsense.code, 2);
    assert!(
        nonsense.err.contains("unknown technique 'nonsense'"),
        "{}",
        nonsense.err
    );
    assert!(
        nonsense
            .err
            .contains("(see 'sudokit techniques' for the names)"),
        "{}",
        nonsense.err
    );
    for bad in [
        &["--timeout", "0"][..],
        &["--timeout", "soon"],
        &["--symmetry", "spiral"],
        &["--level", "impossible"],
        &["-n", "-1"],
        &["--clues", "x"],
    ] {
        let r = run(&[&["generate"][..], bad].concat());
        assert_eq!(r.code, 2, "{bad:?}");
        assert!(!r.err.contains("panicked"));
    }
}

// =============================================================// trace: the source document's layout, streaming, --max-nodes
// (classic branch; kept together at the end of the file to ease merging)
// ====================================================================

/// The rows of `grid` as the document-style trace prints them.
fn spaced_rows(grid: &Grid) -> Vec<String> {
    let line = grid.to_line_with('*');
    (0..9)
        .map(|r| {
            let cells: Vec<String> = line[r * 9..r * 9 + 9].chars().map(String::from).collect();
            cells.join(" ")
        })
        .collect()
}

#[test]
fn trace_prints_the_document_layout_by_default() {
    let puzzle = grid(DEADLY);
    let mut solutions: Vec<Grid> = engine::solutions(&puzzle).collect();
    solutions.sort_by_key(|g| g.to_line());
    assert_eq!(solutions.len(), 2);
    // The singles cannot touch a deadly rectangle: the first block is the
    // puzzle; then r1c2 (1-based) takes each of its two candidates.
    let mut expected = vec!["iter=0 i=0 j=0 n=\"\"".to_string()];
    expected.extend(spaced_rows(&puzzle));
    for (k, s) in solutions.iter().enumerate() {
        expected.push(format!("iter=1 i=1 j=2 n={}", s.values()[1]));
        expected.extend(spaced_rows(s));
        expected.push(format!("SOLUCIÓN {}", k + 1));
    }
    expected.push("2 soluciones, 2 iteraciones, 0 ramas fallidas: búsqueda completa".into());
    expected.push(String::new());
    let r = run(&["trace", "--all", DEADLY]);
    assert_eq!((r.code, r.err.as_str()), (0, ""));
    assert_eq!(
        r.out.split('\n').collect::<Vec<_>>().len(),
        expected.len() + 1
    );
    assert_eq!(r.out, expected.join("\n") + "\n");

    // A failed trial is headed FAILED (English) and shows the board before
    // it: the one of the kept trial above it.
    let r = run(&["trace", "--lang", "en", "--max-iterations", "3", P17]);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines[0], "iter=0 i=0 j=0 n=\"\"");
    assert_eq!(lines[10], "iter=1 i=1 j=2 n=1");
    assert_eq!(lines[20], "iter=2 i=1 j=4 n=3");
    assert_eq!(lines[30], "FAILED iter=3 i=1 j=5 n=2");
    assert_eq!(lines[31..40], lines[21..30]);
    let row1: Vec<&str> = lines[21].split(' ').collect();
    assert_eq!(
        (row1[1], row1[3], row1[4]),
        ("1", "3", "*"),
        "{}",
        lines[21]
    );
    assert_eq!(
        lines[40],
        "0 solutions, 3 iterations, 1 dead end: iteration limit reached"
    );
    // And the empty line that separates traces.
    assert_eq!(lines[41], "");
    assert_eq!(lines.len(), 42);
}

#[test]
fn trace_help_says_the_default_language_and_the_new_options() {
    let r = run(&["trace", "--help"]);
    assert_eq!(r.code, 0);
    for text in [
        "the trace is in Spanish by default",
        "--lang en prints it in English",
        "--style <STYLE>",
        "--max-nodes <N>",
        "FALLIDO iter=4 i=2 j=8 n=7",
        "RECHAZADO (REJECTED, orange): every branch below it failed",
    ] {
        assert!(r.out.contains(text), "--help lacks {text:?}:\n{}", r.out);
    }
    let bad = run(&["trace", "--tree", "dot", "--max-nodes", "0", P17]);
    assert_eq!(
        (bad.code, bad.err.as_str()),
        (2, "sudokit: --max-nodes must be at least 1\n")
    );
    let huge = run(&["trace", "--tree", "svg", "--max-nodes", "100001", P17]);
    assert_eq!(
        (huge.code, huge.err.as_str()),
        (
            2,
            "sudokit: --max-nodes 100001: at most 100000 (a larger drawing is too large to view, \
             and its memory would grow with it)\n"
        )
    );
    let no_tree = run(&["trace", "--max-nodes", "5", P17]);
    assert_eq!(no_tree.code, 2);
    assert!(no_tree.err.contains("--tree <TREE>"), "{}", no_tree.err);
    let both = run(&["trace", "--tree", "dot", "--style", "compact", P17]);
    assert_eq!(both.code, 2);
    assert!(both.err.contains("cannot be used with"), "{}", both.err);
}

#[test]
fn trace_tree_keeps_max_nodes() {
    let r = run(&["trace", "--tree", "dot", "--max-nodes", "5", P17]);
    assert_eq!(r.code, 0, "{}", r.err);
    let nodes = r
        .out
        .lines()
        .filter(|l| l.starts_with("  n") && l.contains("[label="))
        .count();
    assert_eq!(nodes, 5);
    // Spanish by default, as the text trace.
    assert!(r.out.contains("(árbol limitado a 5 nodos)"), "{}", r.out);
    let en = run(&[
        "trace",
        "--tree",
        "dot",
        "--lang",
        "en",
        "--max-nodes",
        "5",
        P17,
    ]);
    assert!(
        en.out.contains("not shown (tree capped at 5 nodes)"),
        "{}",
        en.out
    );
    let svg = run(&[
        "trace",
        "--tree",
        "svg",
        "--lang",
        "en",
        "--max-nodes",
        "7",
        "--all",
        P17,
    ]);
    assert_eq!(svg.code, 0);
    assert_eq!(svg.out.matches("rx=\"6\" fill=\"#").count(), 7);
    assert!(svg.out.contains("(tree capped at 7 nodes)"));
    // The default is 2000.
    let empty = ".".repeat(81);
    let r = run(&[
        "trace",
        "--tree",
        "dot",
        "--all",
        "--max-iterations",
        "3000",
        &empty,
    ]);
    assert!(
        r.out.contains("(árbol limitado a 2000 nodos)"),
        "{}",
        &r.out[..300]
    );
}

/// The tree's nodes carry the text trace's headers: every `iter=L i= j= n=`
/// block of the trace is one node `nivel=L` with the same i, j, n, failed
/// (`FALLIDO`) exactly when the block is, and solutions are numbered as
/// the trace numbers them. `--lang en` gives the English words.
#[test]
fn trace_tree_labels_match_the_text_trace() {
    let text = run(&["trace", "--all", P17]);
    let mut want: Vec<String> = Vec::new();
    for line in text.out.lines() {
        let (failed, header) = match line.strip_prefix("FALLIDO ") {
            Some(rest) => (true, rest),
            None => (false, line),
        };
        if let Some(rest) = header.strip_prefix("iter=") {
            if rest.starts_with("0 ") {
                continue;
            }
            let (level, ijn) = rest.split_once(' ').unwrap();
            want.push(format!(
                "nivel={level} {ijn}{}",
                if failed { " FALLIDO" } else { "" }
            ));
        } else if let Some(k) = line.strip_prefix("SOLUCIÓN ") {
            want.last_mut().unwrap().push_str(&format!(" SOLUCIÓN {k}"));
        }
    }
    let dot = run(&["trace", "--tree", "dot", "--all", P17]);
    assert_eq!(dot.code, 0, "{}", dot.err);
    let mut got: Vec<String> = Vec::new();
    for line in dot
        .out
        .lines()
        .filter(|l| l.starts_with("  n") && l.contains("[label=\"#"))
    {
        let label = line.split('"').nth(1).unwrap();
        let parts: Vec<&str> = label.split("\\n").collect();
        if parts[1] == "inicio" {
            continue;
        }
        let level = parts[0].split(' ').nth(1).unwrap();
        assert!(parts[2].starts_with("d={"), "{label}");
        let word = match parts.get(3) {
            Some(w) if *w == "FALLIDO" || w.starts_with("SOLUCIÓN") => format!(" {w}"),
            _ => String::new(),
        };
        got.push(format!("{level} {}{word}", parts[1]));
    }
    assert!(want.len() > 3, "{}", text.out);
    assert_eq!(got, want);
    assert!(dot.out.contains("Leyenda:"));
    let en = run(&["trace", "--tree", "svg", "--lang", "en", "--all", P17]);
    assert!(en.out.contains(">FAILED</text>") && en.out.contains(">Legend: #k"));
    assert!(!en.out.contains("FALLIDO"));
}

#[test]
fn trace_json_streams_solutions_and_trace() {
    let text = run(&["trace", "--all", DEADLY]);
    let r = run(&["trace", "--format", "json", "--all", DEADLY]);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.lines().count(), 1);
    let v: Value = serde_json::from_str(&r.out).unwrap();
    let puzzle = grid(DEADLY);
    let solutions: Vec<Grid> = v["solutions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| grid(s.as_str().unwrap()))
        .collect();
    assert_eq!(solutions.len(), 2);
    assert!(solutions.iter().all(|s| rules::is_solution_of(s, &puzzle)));
    assert_ne!(solutions[0], solutions[1]);
    assert_eq!(v["trace"].as_str().unwrap().to_string() + "\n", text.out);
    assert_eq!(v["status"], "solved");
    assert_eq!(v["stop"], "search complete");
    assert_eq!(v["stats"]["iterations"], 2);
    assert_eq!(v["puzzle"], DEADLY);
    let none = run(&["trace", "--format", "json", NONE]);
    assert_eq!(none.code, 1);
    let v: Value = serde_json::from_str(&none.out).unwrap();
    assert_eq!(
        (
            v["status"].as_str(),
            v["solutions"].as_array().map(Vec::len)
        ),
        (Some("unsolvable"), Some(0))
    );
    let tree = run(&[
        "trace",
        "--format",
        "json",
        "--tree",
        "dot",
        "--max-nodes",
        "3",
        P17,
    ]);
    let v: Value = serde_json::from_str(&tree.out).unwrap();
    assert_eq!(v["solutions"][0], P17_SOLUTION);
    assert!(
        v["tree"]
            .as_str()
            .unwrap()
            .starts_with("digraph search {\n")
    );
}

#[test]
fn trace_answers_each_entry_in_order() {
    let input = format!("{DEADLY}\nnot a puzzle\n{NONE}\n{P41}\n");
    let r = run_with_stdin(&["trace", "--style", "compact"], &input);
    assert_eq!(r.code, 1);
    let err: Vec<&str> = r.err.lines().collect();
    assert_eq!(err.len(), 2, "{}", r.err);
    assert!(err[0].starts_with("<stdin>:2: "), "{}", err[0]);
    assert_eq!(err[1], "<stdin>:3: no solution");
    let summaries: Vec<&str> = r.out.lines().filter(|l| l.contains("iteraci")).collect();
    assert_eq!(summaries.len(), 3);
    assert!(summaries[0].starts_with("1 solución, 1 iteración, 0 ramas fallidas"));
    assert!(summaries[1].starts_with("0 soluciones, 0 iteraciones, 1 rama fallida"));
    // The bad line's empty answer line sits between the first two traces.
    assert!(
        r.out.contains("búsqueda completa\n\n\niter=0\n")
            || r.out
                .contains(": límite de soluciones alcanzado\n\n\niter=0\n")
    );
}

/// `| head`: the first lines come at once, and a closed pipe ends the run
/// quietly with status 0, though the search (every solution of the empty
/// grid) would never end.
#[test]
fn trace_all_ends_when_the_reader_goes_away() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let empty = ".".repeat(81);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args(["trace", "--all", &empty])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    assert_eq!(lines.next().unwrap().unwrap(), "iter=0 i=0 j=0 n=\"\"");
    assert_eq!(lines.next().unwrap().unwrap(), "* * * * * * * * *");
    drop(lines);
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > Duration::from_secs(20) {
            child.kill().unwrap();
            panic!("trace --all kept running after its reader went away");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(status.code(), Some(0));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(err, "");
}

/// More blocks than the old cap of 100 000, every one printed, while the
/// process's peak resident memory stays small and flat.
#[cfg(target_os = "linux")]
#[test]
fn trace_all_streams_in_constant_memory() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    fn peak_rss_kib(pid: u32) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }
    let empty = ".".repeat(81);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("sudokit"))
        .args([
            "trace",
            "--all",
            "--style",
            "compact",
            "--max-iterations",
            "150000",
            &empty,
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let (mut headers, mut peak, mut early_peak, mut last) = (0u64, 0u64, 0u64, String::new());
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("iter=") {
            headers += 1;
            if headers % 10_000 == 0 {
                let rss = peak_rss_kib(pid).unwrap_or(0);
                peak = peak.max(rss);
                if headers == 20_000 {
                    early_peak = rss;
                }
            }
        }
        assert!(!line.contains("not shown"), "{line}");
        if !line.is_empty() {
            last = line;
        }
    }
    assert_eq!(child.wait().unwrap().code(), Some(0));
    assert_eq!(headers, 150_001);
    assert!(
        last.contains(" soluciones, 150000 iteraciones, ")
            && last.ends_with(": límite de iteraciones alcanzado"),
        "{last}"
    );
    // Flat: what it held after 20 000 blocks it still held after 150 000.
    assert!(
        peak <= early_peak + 1024,
        "peak {peak} KiB, after 20 000 blocks {early_peak} KiB"
    );
    assert!(peak < 64 * 1024, "peak RSS {peak} KiB");
}

// ==================================================================== ux
// Issue 11, §4 and the library's totality: `techniques`, one meaning per
// letter, one error style, `grade` of an unfinished puzzle, conclusions of
// every step, plurals.

mod ux {
    use super::*;
    use sudokit::grade::{self, GradeOptions};
    use sudokit::logic::solver::Options;
    use sudokit::logic::{GROUPS, Technique, parse_techniques};

    #[test]
    fn techniques_table_lists_every_name_once() {
        let r = run(&["techniques"]);
        assert_eq!(r.code, 0, "{}", r.err);
        assert_eq!(r.err, "");
        let lines: Vec<&str> = r.out.lines().collect();
        assert_eq!(lines.len(), 1 + Technique::ALL.len() + GROUPS.len());
        assert!(lines[0].starts_with("NAME ") && lines[0].ends_with("DESCRIPTION"));
        // Aligned: the description starts at the same column on every line.
        let at = lines[0].find("DESCRIPTION").unwrap();
        let x_wing = lines.iter().find(|l| l.starts_with("x-wing ")).unwrap();
        let words: Vec<&str> = x_wing.split_whitespace().take(5).collect();
        assert_eq!(words, ["x-wing", "fish", "hard", "140", "3.2"]);
        for line in &lines[1..] {
            let head: String = line.chars().take(at).collect();
            assert!(head.ends_with("  "), "{line}");
            assert_ne!(line.chars().nth(at), Some(' '), "{line}");
        }
        let names: Vec<&str> = lines[1..]
            .iter()
            .map(|l| l.split_whitespace().next().unwrap())
            .collect();
        let expected: Vec<&str> = Technique::ALL
            .iter()
            .map(|t| t.name())
            .chain(GROUPS.iter().map(|g| g.name()))
            .collect();
        assert_eq!(names, expected);
        let singles = lines.iter().find(|l| l.starts_with("singles ")).unwrap();
        let words: Vec<&str> = singles.split_whitespace().take(5).collect();
        assert_eq!(words, ["singles", "singles", "easy", "4-14", "1.0-2.3"]);
    }

    #[test]
    fn techniques_json_matches_the_tables() {
        let r = run(&["techniques", "--format", "json"]);
        assert_eq!(r.code, 0, "{}", r.err);
        let rows: Vec<Value> = r
            .out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(rows.len(), Technique::ALL.len() + GROUPS.len());
        for (row, &t) in rows.iter().zip(Technique::ALL) {
            let facts = t.facts();
            assert_eq!(row["name"], t.name());
            assert_eq!(row["kind"], "technique");
            assert_eq!(row["family"], t.family().name());
            assert_eq!(row["available"], t.is_available());
            assert_eq!(row["default"], t.is_default());
            assert_eq!(
                row["level"],
                serde_json::json!(facts.hodoku.map(|h| h.level.name()))
            );
            assert_eq!(
                row["score"],
                serde_json::json!(facts.hodoku.map(|h| h.score))
            );
            assert_eq!(row["se_rating"], facts.se.rating);
            assert_eq!(row["se_exact"], facts.se.exact);
            assert!(row["description"].as_str().is_some_and(|d| !d.is_empty()));
        }
        let ur = rows
            .iter()
            .find(|r| r["name"] == "unique-rectangle")
            .unwrap();
        assert_eq!(ur["kind"], "group");
        assert_eq!(ur["members"].as_array().unwrap().len(), 6);
        assert_eq!(ur["score"], serde_json::json!({"min": 100, "max": 100}));
        assert_eq!(ur["se_rating"], serde_json::json!({"min": 4.5, "max": 4.6}));
        // Every name listed is accepted by --techniques.
        for row in &rows {
            let name = row["name"].as_str().unwrap();
            if row["available"] == true {
                assert!(parse_techniques(name).is_ok(), "{name}");
            }
        }
    }

    #[test]
    fn techniques_in_spanish() {
        let en = run(&["techniques"]);
        let es = run(&["techniques", "--lang", "es"]);
        assert_eq!(es.code, 0);
        assert!(es.out.starts_with("NOMBRE "), "{}", es.out);
        assert_eq!(es.out.lines().count(), en.out.lines().count());
        let row = |out: &str, name: &str| {
            out.lines()
                .find(|l| l.starts_with(&format!("{name} ")))
                .unwrap()
                .to_string()
        };
        let (x_en, x_es) = (row(&en.out, "x-wing"), row(&es.out, "x-wing"));
        assert_ne!(x_en, x_es);
        assert!(x_es.contains("Un dígito limitado en dos líneas"), "{x_es}");
        let json = run(&["techniques", "--lang", "es", "-f", "json"]);
        let first: Value = serde_json::from_str(json.out.lines().next().unwrap()).unwrap();
        assert_eq!(
            first["description"],
            "La última casilla vacía de una unidad recibe el dígito que falta"
        );
    }

    #[test]
    fn unknown_technique_errors_point_to_the_list() {
        let hint = "(see 'sudokit techniques' for the names)";
        for args in [
            &["explain", "--techniques", "singles,nonsense", P17][..],
            &["hint", "--techniques", "nonsense", P17],
            &["grade", "--techniques", "nonsense", P17],
            &["solve", "-a", "deepening", "--techniques", "nonsense", P17],
        ] {
            let r = run(args);
            assert_eq!(r.code, 2, "{args:?}");
            assert_eq!(
                r.err,
                format!("sudokit: --techniques: unknown technique 'nonsense' {hint}\n"),
                "{args:?}"
            );
        }
        let r = run(&["generate", "--technique", "nonsense"]);
        assert_eq!(r.code, 2);
        assert_eq!(
            r.err,
            format!(
                "sudokit: invalid value 'nonsense' for '--technique <NAME>': \
                 unknown technique 'nonsense' {hint}\n\nFor more information, try '--help'.\n"
            )
        );
    }

    #[test]
    fn usage_errors_read_like_every_other_error() {
        let unknown = run(&["solve", "--bogus", P17]);
        assert_eq!(unknown.code, 2);
        assert_eq!(unknown.out, "");
        assert_eq!(
            unknown.err,
            "sudokit: unexpected argument '--bogus' found\n\n  \
             tip: to pass '--bogus' as a value, use '-- --bogus'\n\n\
             Usage: sudokit solve [OPTIONS] [FILE|PUZZLE]...\n\n\
             For more information, try '--help'.\n"
        );
        let bad = run(&["solve", "--format", "xml", P17]);
        assert_eq!(bad.code, 2);
        assert_eq!(
            bad.err,
            "sudokit: invalid value 'xml' for '--format <FORMAT>'\n  \
             [possible values: line, grid, json]\n\n\
             For more information, try '--help'.\n"
        );
        let help = run(&["grade", "--help"]);
        assert_eq!((help.code, help.err.as_str()), (0, ""));
        assert!(help.out.starts_with("Print the difficulty of each puzzle"));
        let version = run(&["--version"]);
        assert_eq!((version.code, version.err.as_str()), (0, ""));
        assert_eq!(
            version.out,
            format!("sudokit {}\n", env!("CARGO_PKG_VERSION"))
        );
        // Whatever clap refuses, the first line is ours.
        for args in [
            &["bogus"][..],
            &["count", "--limit", "-3", P17],
            &["generate", "-n", "x"],
        ] {
            let r = run(args);
            assert_eq!(r.code, 2, "{args:?}");
            assert!(r.err.starts_with("sudokit: "), "{args:?}: {}", r.err);
            assert!(!r.err.contains("error:"), "{args:?}: {}", r.err);
        }
    }

    #[test]
    fn n_is_the_number_of_puzzles_and_l_the_limit() {
        let old = run(&["solve", "-n", "2", MANY]);
        assert_eq!(old.code, 2);
        assert!(
            old.err.starts_with(
                "sudokit: unexpected argument '-n' found\n\n  \
                 tip: the number of solutions is --limit N (-l N); -n is generate's number of \
                 puzzles\n\n  tip: "
            ),
            "{}",
            old.err
        );
        let solve = run(&["solve", "-l", "2", MANY]);
        assert_eq!(solve.code, 0, "{}", solve.err);
        assert_eq!(solve.out, run(&["solve", "--limit", "2", MANY]).out);
        let lines: Vec<&str> = solve.out.lines().collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[2], "");
        for line in &lines[..2] {
            assert_solves(line, MANY);
        }
        assert_eq!(run(&["count", "-l", "7", MANY]).out, "7+\n");
        let trace = run(&["trace", "-l", "1", "--lang", "en", P17]);
        assert_eq!(trace.code, 0, "{}", trace.err);
        assert_eq!(
            run(&["generate", "-n", "2", "--seed", "3"])
                .out
                .lines()
                .count(),
            2
        );
    }

    #[test]
    fn grade_says_unfinished_plainly() {
        let options = GradeOptions {
            solver: Options::with_techniques(parse_techniques("singles").unwrap()),
        };
        let g = grade::grade(&grid(P17), &options).unwrap();
        assert!(!g.solved);
        let last = g.steps.last().unwrap().name();
        let r = run(&["grade", "--techniques", "singles", EASY, P17]);
        assert_eq!(r.code, 0, "{}", r.err);
        let lines: Vec<&str> = r.out.lines().collect();
        assert!(lines[0].starts_with("easy\t"), "{}", lines[0]);
        assert_eq!(
            lines[1],
            format!("unfinished\t-\t{}\tstuck after {last}\t{}", g.rating, g.se)
        );
        assert!(lines[1].starts_with("unfinished\t-\t>"), "{}", lines[1]);
        assert!(lines[1].ends_with(&format!("\tED={}/{}/{}", g.se.er, g.se.ep, g.se.ed)));

        let json = run(&["grade", "-f", "json", "--techniques", "singles", P17]);
        let v: Value = serde_json::from_str(json.out.trim()).unwrap();
        assert_eq!(v["status"], "unfinished");
        assert_eq!(v["solved"], false);
        assert_eq!(v["hardest"], Value::Null);
        assert_eq!(v["stuck_after"], last);
        assert_eq!(v["level"], "extreme");
        assert_eq!(v["score"], g.score);
        let done = run(&["grade", "-f", "json", EASY]);
        let v: Value = serde_json::from_str(done.out.trim()).unwrap();
        assert_eq!(v["status"], "solved");
        assert!(v["hardest"].is_string() && v.get("stuck_after").is_none());
    }

    #[test]
    fn every_explained_step_ends_with_its_conclusion() {
        let text = std::fs::read_to_string(root().join("examples/puzzles.txt")).unwrap();
        let puzzles: Vec<&str> = text
            .lines()
            .filter(|l| !l.starts_with('#'))
            .take(6)
            .map(|l| &l[..81])
            .collect();
        for p in puzzles {
            for lang in ["en", "es"] {
                let r = run(&["explain", "--lang", lang, p]);
                let steps: Vec<&str> = r
                    .out
                    .lines()
                    .filter(|l| {
                        l.split_once(". ")
                            .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
                    })
                    .collect();
                assert!(!steps.is_empty(), "{p}");
                for step in steps {
                    let (_, after) = step.rsplit_once(" => ").expect(step);
                    assert!(
                        after
                            .split(", ")
                            .all(|e| e.contains('=') || e.contains("<>")),
                        "{step}"
                    );
                }
            }
        }
    }

    #[test]
    fn one_step_is_singular() {
        let almost = format!(".{}", &P17_SOLUTION[1..]);
        let en = run(&["explain", &almost]);
        assert_eq!(en.code, 0, "{}", en.err);
        assert!(
            en.out
                .starts_with("1. Full house: r1c1 is the last empty cell of ")
        );
        assert!(en.out.contains(", missing 4 => r1c1=4\n"), "{}", en.out);
        assert!(en.out.ends_with("\nSolved in 1 step.\n\n"), "{}", en.out);
        let es = run(&["explain", "--lang", "es", &almost]);
        assert!(es.out.ends_with("\nResuelto en 1 paso.\n\n"), "{}", es.out);
        let few = run(&["generate", "--clues", "1"]);
        assert_eq!(
            few.err,
            "sudokit: no puzzle with at most 1 clue has a unique solution (17 is the least)\n"
        );
    }
}

/// `hint --all`: every step of every available technique at the position,
/// each sound, one text line each then an empty line; JSON agrees.
#[test]
fn hint_all_lists_every_step_soundly() {
    let solution = engine::solve_one(&grid(P17)).unwrap();
    let steps = sudokit::logic::solver::all_steps(&grid(P17), None).unwrap();
    assert!(steps.len() > 1);
    for step in &steps {
        for &(cell, digit) in &step.placements {
            assert_eq!(solution.get(cell), Some(digit), "{step}");
        }
        for &(cell, digit) in &step.eliminations {
            assert_ne!(solution.get(cell), Some(digit), "{step}");
        }
    }
    let r = run(&["hint", "--all", P17]);
    assert_eq!(r.code, 0, "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines.len(), steps.len() + 1, "{}", r.out);
    assert_eq!(lines.last(), Some(&""));
    assert!(lines[..steps.len()].iter().all(|l| l.contains(" => ")));
    let json = run(&["hint", "--all", "-f", "json", P17]);
    let v: Value = serde_json::from_str(json.out.trim()).unwrap();
    assert_eq!(v["count"], steps.len());
    assert_eq!(v["steps"].as_array().unwrap().len(), steps.len());
    for (obj, step) in v["steps"].as_array().unwrap().iter().zip(&steps) {
        assert_eq!(obj["technique"], step.technique.name());
    }
    let singles = run(&["hint", "--all", "--techniques", "naked-single", P17]);
    assert!(
        singles
            .out
            .lines()
            .filter(|l| !l.is_empty())
            .all(|l| l.starts_with("Naked single:"))
    );
}

/// `generate --rating`: the puzzle's ER lies in the range; bad ranges are
/// refused with their reason.
#[test]
fn generate_keeps_the_rating_in_range() {
    let r = run(&[
        "generate", "--seed", "11", "--rating", "2.5..3.5", "-f", "json",
    ]);
    assert_eq!(r.code, 0, "{}", r.err);
    let v: Value = serde_json::from_str(r.out.trim()).unwrap();
    let er = v["se_er"].as_f64().unwrap();
    assert!((2.5..=3.5).contains(&er), "{er}");
    let p = grid(v["puzzle"].as_str().unwrap());
    let g = sudokit::grade::grade(&p, &Default::default()).unwrap();
    assert_eq!(g.se.er.value(), er);
    let bad = run(&["generate", "--rating", "7..5"]);
    assert_eq!(bad.code, 2);
    assert!(
        bad.err.contains(
            "invalid value '7..5' for '--rating <MIN..MAX>': rating range 7..5: 7.0 is above 5.0"
        ),
        "{}",
        bad.err
    );
    let word = run(&["generate", "--rating", "hard"]);
    assert!(
        word.err
            .contains("expected a rating range MIN..MAX such as 6.5..7.5, got 'hard'"),
        "{}",
        word.err
    );
}
