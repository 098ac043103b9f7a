//! Streaming and memory: answers leave as they are found, a closed pipe ends
//! the run, and no command grows with the size of its input or answers.
//!
//! Memory is the peak resident set (`VmHWM` of `/proc/PID/status`, Linux),
//! read while the command runs on inputs or answers that would take
//! gigabytes if anything were kept.

use super::{MANY, P17, assert_solves, root};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

/// The bound of the issue: any of these runs in 100 MiB.
const MAX_RSS_KIB: u64 = 100 * 1024;

const EMPTY: &str =
    ".................................................................................";

fn spawn(args: &[&str], stdin: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_sudokit"))
        .args(args)
        .current_dir(root())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The peak resident set of a process, in KiB; `None` once it has ended.
fn peak_rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// The peak resident set of a running child, in KiB.
fn running_peak_kib(child: &Child) -> u64 {
    peak_rss_kib(child.id()).expect("VmHWM of a running process")
}

/// Reads and drops everything a child prints, on a thread of its own.
fn drain(out: ChildStdout) -> thread::JoinHandle<u64> {
    thread::spawn(move || {
        let mut out = out;
        let mut buf = vec![0; 1 << 16];
        let mut total = 0u64;
        while let Ok(n) = out.read(&mut buf) {
            if n == 0 {
                break;
            }
            total += n as u64;
        }
        total
    })
}

/// Lets `child` run for `time` while its output is drained, then checks
/// its peak memory, kills it and returns how many bytes it printed.
fn run_for(mut child: Child, time: Duration) -> u64 {
    let printed = drain(child.stdout.take().unwrap());
    thread::sleep(time);
    let still_running = child.try_wait().unwrap().is_none();
    let peak = running_peak_kib(&child);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(still_running, "the run should still be going");
    assert!(peak < MAX_RSS_KIB, "peak RSS {peak} KiB");
    printed.join().unwrap()
}

/// All a child printed on stderr.
fn stderr_of(child: &mut Child) -> String {
    let mut err = String::new();
    child
        .stderr
        .take()
        .expect("stderr piped")
        .read_to_string(&mut err)
        .unwrap();
    err
}

/// Waits for a child to end, failing the test if it hangs.
fn wait_ended(child: &mut Child, what: &str) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("{what} did not end after its reader went away");
        }
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn solutions_of_all_stream_and_a_closed_pipe_ends_the_run() {
    // Branch and bound goes level by level: on an empty grid its queue
    // fills the memory cap long before the first solution, at level 81.
    for (algorithm, puzzle) in [
        ("fast", EMPTY),
        ("backtracking", EMPTY),
        ("branch-and-bound", MANY),
        ("deepening", EMPTY),
    ] {
        let mut child = spawn(
            &["solve", "--all", "--algorithm", algorithm, puzzle],
            Stdio::null(),
        );
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first: Vec<String> = (&mut lines).take(3).map(Result::unwrap).collect();
        for line in &first {
            assert_solves(line, puzzle);
        }
        assert_ne!(first[0], first[1], "{algorithm}");
        // `| head -3`: the reader goes away.
        drop(lines);
        let status = wait_ended(&mut child, algorithm);
        let err = stderr_of(&mut child);
        assert_eq!(err, "", "{algorithm}: a closed pipe is no error");
        assert_eq!(status.code(), Some(0), "{algorithm}");
    }
}

#[test]
fn every_solution_of_an_empty_grid_in_bounded_memory() {
    for algorithm in ["fast", "backtracking", "deepening"] {
        let child = spawn(
            &["solve", "--all", "--algorithm", algorithm, EMPTY],
            Stdio::null(),
        );
        let printed = run_for(child, Duration::from_millis(1500));
        assert!(printed > 100_000, "{algorithm} printed {printed} bytes");
    }
    let child = spawn(
        &["solve", "--limit", "1000000000", "-f", "json", EMPTY],
        Stdio::null(),
    );
    run_for(child, Duration::from_millis(1500));
}

#[test]
fn branch_and_bound_keeps_one_memory_cap_for_every_thread() {
    let mut child = spawn(
        &[
            "solve",
            "--all",
            "--algorithm",
            "branch-and-bound",
            "--max-memory",
            "64",
            "-j",
            "2",
            EMPTY,
            EMPTY,
        ],
        Stdio::null(),
    );
    let printed = drain(child.stdout.take().unwrap());
    // The peak only grows: the last reading before the end is the peak
    // of all but the last moments, when the queues are being freed.
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak_rss_kib(child.id()).unwrap_or(peak);
        thread::sleep(Duration::from_millis(5));
    }
    let err = stderr_of(&mut child);
    assert_eq!(printed.join().unwrap(), 2, "an empty line for each puzzle");
    assert_eq!(
        err.matches("hit its memory cap of 64 MiB").count(),
        2,
        "{err}"
    );
    // Two threads, one cap of 64 MiB: with a cap per thread, or counted in
    // nodes rather than allocations, the process would pass 128 MiB.
    assert!(
        peak > 0 && peak < 64 * 1024 + 16 * 1024,
        "peak RSS {peak} KiB"
    );
}

#[test]
fn counting_does_not_keep_solutions() {
    for algorithm in ["fast", "backtracking"] {
        let child = spawn(
            &[
                "count",
                "--limit",
                "1000000000",
                "--algorithm",
                algorithm,
                EMPTY,
            ],
            Stdio::null(),
        );
        run_for(child, Duration::from_millis(1500));
    }
}

#[test]
fn endless_input_is_answered_as_it_comes() {
    // `yes PUZZLE | sudokit count | head -1`.
    let mut child = spawn(&["count"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let feeder = thread::spawn(move || {
        let line = format!("{P17}\n").repeat(1000);
        while stdin.write_all(line.as_bytes()).is_ok() {}
    });
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for _ in 0..200_000 {
        assert_eq!(lines.next().unwrap().unwrap(), "1");
    }
    let peak = running_peak_kib(&child);
    assert!(peak < MAX_RSS_KIB, "peak RSS {peak} KiB");
    drop(lines);
    let status = wait_ended(&mut child, "count");
    assert_eq!(status.code(), Some(0));
    feeder.join().unwrap();
}

#[test]
fn a_person_typing_puzzles_gets_each_answer_at_once() {
    let mut child = spawn(&["solve"], Stdio::piped());
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    for puzzle in [P17, MANY] {
        // The input stays open: the answer must not wait for its end.
        writeln!(stdin, "{puzzle}").unwrap();
        stdin.flush().unwrap();
        assert_solves(&lines.next().unwrap().unwrap(), puzzle);
    }
    drop(stdin);
    assert_eq!(lines.next().map(Result::unwrap), None);
    // Several solutions are flagged on stderr, not a failure.
    assert_eq!(wait_ended(&mut child, "solve").code(), Some(0));
}

#[test]
fn a_terminal_is_told_that_puzzles_are_awaited() {
    // `script` gives the command a terminal; it is util-linux's, on every
    // Linux machine we run on.
    let Ok(mut child) = Command::new("script")
        .args(["-q", "-e", "-c"])
        .arg(format!("{} solve", env!("CARGO_BIN_EXE_sudokit")))
        .arg("/dev/null")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
    else {
        panic!("util-linux's `script` is needed for this test");
    };
    let mut stdin = child.stdin.take().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    assert_eq!(
        first.trim_end(),
        "sudokit: reading puzzles from standard input (Ctrl-D to end; see --help)"
    );
    // Ctrl-D on a line of its own ends the input.
    write!(stdin, "{P17}\n\u{4}").unwrap();
    stdin.flush().unwrap();
    let solution = super::P17_SOLUTION;
    assert!(
        lines.any(|l| l.unwrap().trim_end() == solution),
        "the answer follows the typed puzzle"
    );
    assert_eq!(
        wait_ended(&mut child, "solve on a terminal").code(),
        Some(0)
    );
}

/// A named pipe given as a file is read as standard input is: each puzzle
/// is answered as it comes, not once a run of them has been read (a regular
/// file, which never waits, is read in runs of up to 256).
#[test]
fn a_named_pipe_is_answered_as_it_comes() {
    let dir = std::env::temp_dir().join(format!("sudokit-fifo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("puzzles");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success(), "mkfifo");
    let mut child = spawn(&["solve", fifo.to_str().unwrap()], Stdio::null());
    // Opening a FIFO for writing waits for its reader: the child.
    let mut writer = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
    let (send, lines) = std::sync::mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let _ = send.send(line.unwrap());
        }
    });
    for puzzle in [P17, MANY] {
        writeln!(writer, "{puzzle}").unwrap();
        writer.flush().unwrap();
        let Ok(line) = lines.recv_timeout(Duration::from_secs(20)) else {
            let _ = child.kill();
            panic!("no answer while the pipe stays open");
        };
        assert_solves(&line, puzzle);
    }
    drop(writer);
    reader.join().unwrap();
    assert_eq!(lines.try_recv().ok(), None);
    assert_eq!(wait_ended(&mut child, "solve").code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}
