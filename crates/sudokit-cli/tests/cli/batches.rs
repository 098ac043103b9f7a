//! How a batch is read and answered: arguments, thread counts, closed
//! outputs, and one answer per puzzle in every output format.

use super::{MANY, NONE, P17, P17_SOLUTION, assert_solves, run, sudokit};

const EMPTY_DASHES: &str =
    "---------------------------------------------------------------------------------";

#[test]
fn too_many_threads_are_refused_at_once() {
    for args in [
        &["solve", "-j", "100000", P17][..],
        &["count", "-j", "100000", P17],
        &["check", "-j", "100000", P17],
        &["grade", "-j", "100000", P17],
        &["bench", "-j", "100000", P17],
        &["generate", "-j", "100000"],
    ] {
        let cmd = args[0];
        let r = run(args);
        assert_eq!(r.code, 2, "{cmd}");
        assert_eq!(r.err, "sudokit: -j 100000: at most 1024 threads\n", "{cmd}");
        assert_eq!(r.out, "", "{cmd}");
    }
}

#[test]
fn puzzles_written_with_dashes_can_be_given() {
    let r = run(&["count", "--limit", "3", "--puzzle", EMPTY_DASHES]);
    assert_eq!((r.out.as_str(), r.code), ("3+\n", 0), "{}", r.err);
    let r = run(&["count", "--limit", "3", "--", EMPTY_DASHES]);
    assert_eq!((r.out.as_str(), r.code), ("3+\n", 0), "{}", r.err);
    // --puzzle values come first, then the files and puzzles in order.
    let r = run(&["solve", "--puzzle", P17, MANY, "--puzzle", P17]);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(lines[..2], [P17_SOLUTION, P17_SOLUTION]);
    assert_solves(lines[2], MANY);
}

#[test]
fn a_missing_file_with_many_digits_in_its_name_is_a_missing_file() {
    let r = run(&["solve", "puzzles_2024-01-01_12345678.txt"]);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.err,
        "sudokit: puzzles_2024-01-01_12345678.txt: No such file or directory\n"
    );
    // A broken puzzle is still read as a puzzle, and its error says why.
    let broken = format!("{}a", &P17[..40]);
    let r = run(&["solve", &broken]);
    assert_eq!(r.code, 1);
    assert_eq!(r.err, "<arg>:1: bad character 'a' at column 41\n");
}

/// A full disk (`/dev/full`) is an error that names standard output, in
/// every command that prints.
#[test]
fn a_full_standard_output_is_named() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        vec!["solve", P17],
        vec!["grade", P17],
        vec!["techniques"],
        vec!["generate", "--seed", "1"],
        vec!["print", P17],
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
            .args(&args)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "sudokit: standard output: No space left on device\n",
            "{args:?}"
        );
    }
}

#[test]
fn closed_standard_output_is_an_error() {
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" solve {P17} >&- 2>\"$1\"",))
        .arg(env!("CARGO_BIN_EXE_sudokit"))
        .arg(std::env::temp_dir().join("sudokit-closed-stdout.err"))
        .status()
        .unwrap();
    let err =
        std::fs::read_to_string(std::env::temp_dir().join("sudokit-closed-stdout.err")).unwrap();
    assert_eq!(status.code(), Some(2));
    assert_eq!(
        err,
        "sudokit: standard output is closed: nowhere to write the answers\n"
    );
    // Sent to /dev/null on purpose, the output is no error, even when it
    // is opened for reading and writing (as Python's subprocess.DEVNULL is).
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(format!("exec \"$0\" solve {P17} 1<>/dev/null"))
        .arg(env!("CARGO_BIN_EXE_sudokit"))
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(["solve", P17])
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(0));
}

#[test]
fn grid_format_answers_every_puzzle() {
    let clash = format!("55{}", &P17[2..]);
    let none = format!("12345678.........9{}", &".".repeat(63));
    let r = run(&["solve", "-f", "grid", &clash, &none, P17]);
    assert_eq!(r.code, 1);
    let answers: Vec<&str> = r.out.split("\n\n").collect();
    assert_eq!(answers[0], "# r1c1 and r1c2 both hold 5");
    assert_eq!(answers[1], "# no solution");
    assert_eq!(answers[2].lines().count(), 11, "{}", answers[2]);
    assert_eq!(answers[3], "");
    // With --limit, each puzzle's list ends with a line that counts it.
    let r = run(&["solve", "-f", "grid", "--limit", "2", MANY, P17]);
    let comments: Vec<&str> = r.out.lines().filter(|l| l.starts_with('#')).collect();
    assert_eq!(
        comments,
        [
            "# 2 solutions (the limit; there may be more)",
            "# 1 solution"
        ]
    );
    let blocks = r.out.split("\n\n").filter(|b| !b.starts_with('#')).count();
    assert_eq!(blocks, 4, "three grids and the end: {}", r.out);
}

#[test]
fn json_lists_of_solutions_are_whole_objects() {
    let r = run(&["solve", "-f", "json", "--limit", "3", MANY]);
    let v: serde_json::Value = serde_json::from_str(r.out.trim_end()).unwrap();
    assert_eq!(v["count"], 3);
    assert_eq!(v["complete"], false);
    assert_eq!(v["status"], "solved");
    let solutions = v["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 3);
    for s in solutions {
        assert_solves(s.as_str().unwrap(), MANY);
    }
    let r = run(&["solve", "-f", "json", "--all", MANY]);
    let v: serde_json::Value = serde_json::from_str(r.out.trim_end()).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(330), Some(true))
    );
}

#[test]
fn answers_keep_input_order_on_many_threads() {
    let text: String = (0..3000)
        .map(|i| {
            if i % 7 == 3 {
                format!("{MANY}\n")
            } else {
                format!("{P17}\n")
            }
        })
        .collect();
    let mut cmd = sudokit();
    let out = cmd
        .args(["count", "-j", "8", "--limit", "1000"])
        .write_stdin(text)
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3000);
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(
            *line,
            if i % 7 == 3 { "330" } else { "1" },
            "line {}",
            i + 1
        );
    }
}

/// `trace` runs through the batch like the other commands: on two threads
/// its answers (traces, the answer of a bad line, the note of a puzzle with
/// no solution) come out as on one, in input order.
#[test]
fn trace_on_two_threads_answers_as_on_one() {
    let bad = "12345";
    // Enough entries for several tasks (of up to 256), the odd ones apart.
    let lines: Vec<String> = (0..600)
        .map(|i| match i % 100 {
            17 => bad.to_string(),
            58 => NONE.to_string(),
            _ => P17.to_string(),
        })
        .collect();
    let text = lines.join("\n") + "\n";
    let runs: Vec<_> = ["1", "2"]
        .map(|j| {
            sudokit()
                .args([
                    "trace",
                    "--style",
                    "compact",
                    "--max-iterations",
                    "2",
                    "-j",
                    j,
                ])
                .write_stdin(text.clone())
                .output()
                .unwrap()
        })
        .into();
    assert_eq!(runs[0].stdout, runs[1].stdout);
    assert_eq!(runs[0].stderr, runs[1].stderr);
    assert_eq!(runs[0].status.code(), Some(1));
    let out = String::from_utf8(runs[0].stdout.clone()).unwrap();
    // A trace per puzzle, each ending with its summary and an empty line;
    // the bad lines' answers are empty lines of their own.
    let summaries = out.lines().filter(|l| l.contains(" iteraci")).count();
    assert_eq!(summaries, 594);
    let err = String::from_utf8(runs[0].stderr.clone()).unwrap();
    let err: Vec<&str> = err.lines().collect();
    assert_eq!(err.len(), 12, "{err:?}");
    assert!(err[0].starts_with("<stdin>:18: "), "{}", err[0]);
    assert_eq!(err[1], "<stdin>:59: no solution");
    assert_eq!(err[11], "<stdin>:559: no solution");
}
