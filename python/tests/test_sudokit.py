"""The Python package against the command line: the same answers on the same
puzzles (the CLI's JSON objects, less the file and line of its input), the
same errors, the same seeds; lists, threads and NumPy input.

The CLI binary is SUDOKIT_BIN, else target/release/sudokit, else
target/debug/sudokit (built by `cargo build`).
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import sudokit

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "puzzles.txt"
BAD = ROOT / "examples" / "bad.txt"
SAMPLE = ROOT / "tests" / "data" / "random_minimal_2000.txt"


def cli_binary():
    for p in (os.environ.get("SUDOKIT_BIN"), "target/release/sudokit", "target/debug/sudokit"):
        if p and (ROOT / p).exists():
            return str(ROOT / p)
    pytest.skip("no sudokit binary: run cargo build first")


def cli(*args):
    """The CLI's stdout (its exit code is part of the answer, not checked)."""
    run = subprocess.run([cli_binary(), *args], cwd=ROOT, capture_output=True, text=True)
    return run.stdout


def cli_json(*args):
    """The CLI's JSON Lines, without the `file` and `line` of the input."""
    out = []
    for line in cli(*args, "--format", "json").splitlines():
        obj = json.loads(line)
        obj.pop("file", None)
        obj.pop("line", None)
        out.append(obj)
    return out


def puzzles(path, n=None):
    lines = [l[:81] for l in path.read_text().splitlines() if l and not l.startswith("#")]
    return lines[:n]


def is_solution(solution, puzzle):
    if len(solution) != 81 or any(p not in ".0" and p != s for p, s in zip(puzzle, solution)):
        return False
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    cols = [solution[c::9] for c in range(9)]
    boxes = [
        "".join(solution[(3 * (b // 3) + i) * 9 + 3 * (b % 3) + j] for i in range(3) for j in range(3))
        for b in range(9)
    ]
    return all(set(h) == set("123456789") for h in rows + cols + boxes)


EX = puzzles(EXAMPLES)
VALID = [p for p in EX if cli_json("check", p)[0]["status"] != "invalid"] if EX else []


def test_solve_gives_the_cli_solutions():
    want = cli("solve", str(EXAMPLES)).splitlines()
    got = [sudokit.solve(p) if p in VALID else None for p in EX]
    assert [g or "" for g in got] == want
    assert all(is_solution(g, p) for g, p in zip(got, EX) if g)


def test_count_solutions_one_list_and_limit():
    want = [int(x.rstrip("+")) if x else None for x in cli("count", "--limit", "10", str(EXAMPLES)).splitlines()]
    assert sudokit.count_solutions(EX, 10) == want
    assert sudokit.count_solutions(EX[0]) == 1
    assert sudokit.count_solutions("." * 81, limit=7) == 7
    sample = puzzles(SAMPLE, 500)
    assert sudokit.count_solutions(sample) == [1] * 500


def test_bad_input_raises_the_cli_message():
    bad = BAD.read_text().splitlines()
    messages = []
    for p in bad[1:4]:
        with pytest.raises(ValueError) as e:
            sudokit.solve(p)
        messages.append(str(e.value))
    assert messages == ["80 cells, expected 81", "bad character 'a' at column 14", "r1c1 and r1c2 both hold 4"]
    # A list answers every other puzzle, in order.
    assert sudokit.solve(bad) == [sudokit.solve(bad[0]), None, None, None]
    with pytest.raises(ValueError, match="unknown technique 'nothing'"):
        sudokit.explain(EX[0], techniques="nothing")
    with pytest.raises(ValueError, match="the list names no technique"):
        sudokit.grade(EX[0], techniques=" , ")
    with pytest.raises(TypeError) as e:
        sudokit.solve(42)
    assert str(e.value) == (
        "expected a puzzle string, a list of them, or a uint8 array of shape (n, 81), got int"
    )
    with pytest.raises(TypeError, match=r"got a list whose item 1 is NoneType$"):
        sudokit.grade([EX[0], None])


def test_check_is_the_cli_object():
    for p in EX:
        assert sudokit.check(p) == cli_json("check", p)[0]
    assert sudokit.check(EX[0], minimal=True) == cli_json("check", "--minimal", EX[0])[0]
    assert sudokit.is_unique(EX[0]) and not sudokit.is_unique("." * 81)


def test_grade_explain_hint_are_the_cli_objects():
    want = {o["puzzle"]: o for o in cli_json("grade", str(EXAMPLES)) if "level" in o}
    got = sudokit.grade(list(want))
    assert got == list(want.values())
    for p in VALID[:4]:
        for lang in ("en", "es"):
            assert sudokit.explain(p, lang=lang) == cli_json("explain", "--lang", lang, p)[0]
        assert sudokit.hint(p) == cli_json("hint", p)[0]
    techniques = "hidden-single,naked-single,locked-candidates"
    assert sudokit.hint(VALID[1], techniques=techniques, all=True) == cli_json(
        "hint", "--all", "--techniques", techniques, VALID[1]
    )[0]


def test_positions_are_answered_as_the_cli_answers_them():
    # examples/position.txt: a player's position, then the same with a true
    # candidate struck (a mistake), in HoDoKu's library format.
    lines = [l for l in (ROOT / "examples" / "position.txt").read_text().splitlines()
             if l.startswith(":")]
    good, bad = lines
    for fn, command in ((sudokit.hint, "hint"), (sudokit.explain, "explain")):
        want = cli_json(command, good)[0]
        assert fn(good) == want
        assert want["values"] != want["puzzle"]
    mistaken = sudokit.hint(bad)
    assert mistaken["status"] == "mistakes"
    assert mistaken["mistakes"]["removed"] == [{"cell": "r2c3", "digit": 2}]
    assert sudokit.grade([bad])[0]["status"] == "mistakes"
    assert sudokit.grade(good) == cli_json("grade", good)[0]
    with pytest.raises(ValueError, match="explain, hint and grade take positions"):
        sudokit.solve(good)


def test_grade_list_keeps_bad_puzzles_in_place():
    got = sudokit.grade(["bad", EX[0], EX[-1]], steps=False)
    assert got[0] == {"puzzle": None, "status": "invalid", "error": "bad character 'b' at column 1"}
    assert got[1]["level"] == "easy" and "steps" not in got[1]
    assert got[2] == {"puzzle": EX[-1], "status": "invalid", "error": "r1c1 and r1c5 both hold 5"}


def test_grade_error_objects_are_the_cli_objects(tmp_path):
    clash = "44" + "." * 79
    lines = [clash, "12345", "." * 81, EX[0], "4" * 81 + "4"]
    path = tmp_path / "bad.txt"
    path.write_text("\n".join(lines) + "\n")
    want = cli_json("grade", str(path))
    assert want[:3] == [
        {"puzzle": clash, "status": "invalid", "error": "r1c1 and r1c2 both hold 4"},
        {"puzzle": None, "status": "invalid", "error": "5 cells, expected 81"},
        {"puzzle": "." * 81, "status": "invalid", "error": "more than one solution"},
    ]
    assert sudokit.grade(lines) == want
    # A lone string raises the error of its object.
    with pytest.raises(ValueError, match=r"^r1c1 and r1c2 both hold 4$"):
        sudokit.grade(clash)
    with pytest.raises(ValueError, match=r"^more than one solution$"):
        sudokit.grade("." * 81)


def test_generate_with_a_seed_gives_the_cli_puzzles():
    want = cli("generate", "-n", "4", "--seed", "123", "--level", "medium").split()
    assert sudokit.generate(4, seed=123, level="medium") == want
    assert sudokit.generate(1, seed=125, level="medium") == want[2:3]
    made = sudokit.generate(3, seed=9, symmetry="none", minimal=True)
    assert made == cli("generate", "-n", "3", "--seed", "9", "--symmetry", "none", "--minimal").split()
    assert all(sudokit.count_solutions(p) == 1 for p in made)
    with pytest.raises(ValueError, match="level"):
        sudokit.generate(level="hardest")


def test_techniques_switched_on_by_plus():
    (made,) = sudokit.generate(1, seed=3, technique="kraken-fish")
    on = sudokit.grade(made, techniques="+kraken-fish")
    off = sudokit.grade(made)
    assert any(s["technique"] == "kraken-fish" for s in on["steps"])
    assert not any(s["technique"] == "kraken-fish" for s in off["steps"])
    assert on["se_text"] == off["se_text"]
    want = json.loads(cli("grade", "--format", "json", "--techniques", "+kraken-fish", made))
    assert (on["level"], on["score"]) == (want["level"], want["score"])
    with pytest.raises(ValueError, match="not both"):
        sudokit.grade(made, techniques="singles,+kraken-fish")


def test_trace_is_the_cli_trace_and_tree():
    p = VALID[2]
    t = sudokit.trace(p)
    assert t["trace"] + "\n" == cli("trace", "--limit", "1", p)
    assert t["svg"] == cli("trace", "--limit", "1", "--tree", "svg", p)
    assert t["found"] == 1 and is_solution(t["solutions"][0], p)
    nodes = t["nodes"]
    assert len(nodes) == t["stats"]["iterations"] + 1
    assert sum(n["verdict"] == "failed" for n in nodes) == t["stats"]["dead_ends"]
    assert all(nodes[n["parent"]]["depth"] == n["depth"] - 1 for n in nodes[1:])
    # The nodes as the tree labels them: level, iteration, cell, digit, the
    # cell's candidates d, and what each came to.
    assert all(n["level"] == n["depth"] for n in nodes)
    assert all(n["digit"] in n["candidates"] for n in nodes[1:])
    assert sum(n["kind"] == "failed" for n in nodes) == t["stats"]["dead_ends"]
    assert [n["solution"] for n in nodes if n["kind"] == "solution"] == [1]
    assert all(nodes[n["parent"]]["on_path"] for n in nodes if n["on_path"] and n["parent"] is not None)
    for n in nodes:
        if n["kind"] == "rejected":
            kids = [k for k in nodes if k["parent"] == n["id"]]
            assert len(kids) == len(kids[0]["candidates"])
            assert all(k["kind"] in ("failed", "rejected") for k in kids)
    first = nodes[1]
    assert first["label"].split("\n")[:3] == [
        f"#1 nivel=1", f"i={first['row']} j={first['col']} n={first['digit']}",
        "d={" + ",".join(map(str, first["candidates"])) + "}"]
    assert first["cell"] == f"r{first['row']}c{first['col']}"
    en = sudokit.trace(p, lang="en")
    assert en["svg"] == cli("trace", "--limit", "1", "--lang", "en", "--tree", "svg", p)
    assert "REJECTED" in en["svg"] or "FAILED" in en["svg"]
    for algorithm in ("backtracking", "branch-and-bound"):
        many = sudokit.trace(EX[6], algorithm=algorithm, limit=None)
        assert many["found"] == sudokit.count_solutions(EX[6], 1000)
        assert many["stop"] == "search complete"
        assert all(is_solution(s, EX[6]) for s in many["solutions"])


def test_threads_share_the_work_and_agree():
    sample = puzzles(SAMPLE, 400)
    alone = sudokit.count_solutions(sample, 3)
    with ThreadPoolExecutor(4) as pool:
        runs = list(pool.map(lambda _: sudokit.count_solutions(sample, 3), range(4)))
    assert runs == [alone] * 4
    graded = sudokit.grade(sample[:40], steps=False)
    with ThreadPoolExecutor(2) as pool:
        assert list(pool.map(lambda p: sudokit.grade(p, steps=False), sample[:40])) == graded


def test_numpy_arrays():
    np = pytest.importorskip("numpy")
    sample = puzzles(SAMPLE, 200) + ["." * 81]
    array = np.array([[0 if c == "." else int(c) for c in p] for p in sample], dtype=np.uint8)
    counts = sudokit.count_solutions(array, 2)
    assert counts.dtype == np.int64 and counts.tolist() == sudokit.count_solutions(sample, 2)
    solved = sudokit.solve(array)
    assert solved.shape == (201, 81) and solved.dtype == np.uint8
    assert all(is_solution("".join(map(str, row)), p) for row, p in zip(solved, sample))
    clash = array[:1].copy()
    clash[0, :2] = 5
    assert sudokit.count_solutions(clash).tolist() == [-1]
    assert sudokit.solve(clash).tolist() == [[0] * 81]
    with pytest.raises(TypeError, match=r"shape \(n, 81\), got an array of uint8 and shape \(2, 80\)$"):
        sudokit.count_solutions(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match=r"got an array of int64 and shape \(2, 81\)$"):
        sudokit.count_solutions(np.zeros((2, 81), dtype=np.int64))


def test_techniques_table():
    rows = sudokit.techniques()
    cli_rows = [json.loads(l) for l in cli("techniques", "--format", "json").splitlines()]
    names = {r["name"] for r in cli_rows}
    assert len(rows) >= 40 and all(r["name"] in names for r in rows)
    assert sudokit.techniques("es")[0]["summary"] != rows[0]["summary"]


HARD = ROOT / "tests" / "data" / "forum_hardest_1106_50.txt"


def test_generate_timeout_is_the_cli_range():
    for bad, shown in ((float("inf"), "inf"), (1e30, "1e+30"), (1e9 + 1, "1000000001.0"),
                       (float("nan"), "nan"), (0, "0.0"), (-5, "-5.0")):
        with pytest.raises(ValueError) as e:
            sudokit.generate(1, seed=1, timeout=bad)
        assert str(e.value) == f"timeout: expected a positive number of seconds, got {shown}"
    # The CLI's wording for the same values.
    run = subprocess.run([cli_binary(), "generate", "--timeout", "inf"], capture_output=True, text=True)
    assert "expected a positive number of seconds, got 'inf'" in run.stderr
    made = cli("generate", "--seed", "5", "--timeout", "1e9").split()
    assert sudokit.generate(1, seed=5, timeout=1e9) == made
    assert sudokit.generate(1, seed=5, timeout=1) == made


def test_limits_and_counts_are_checked():
    p = EX[4]
    for call in (lambda: sudokit.count_solutions(p, 0), lambda: sudokit.count_solutions([p], 0),
                 lambda: sudokit.trace(p, limit=0)):
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == "limit must be at least 1, got 0"
    with pytest.raises(ValueError, match=r"^limit must be at least 1, got -3$"):
        sudokit.count_solutions(p, -3)
    with pytest.raises(ValueError, match=r"^n must be 0 or more, got -1$"):
        sudokit.generate(-1)
    with pytest.raises(ValueError, match=r"^seed must be 0 or more, got -1$"):
        sudokit.generate(1, seed=-1)
    with pytest.raises(ValueError, match=r"^clues must be 0 or more, got -2$"):
        sudokit.generate(1, clues=-2)
    with pytest.raises(ValueError, match=r"^seed must be at most 18446744073709551615, got 18446744073709551616$"):
        sudokit.generate(1, seed=2**64)
    with pytest.raises(ValueError, match=r"^seed must be 0 or more, got -1$"):
        sudokit.trace(p, seed=-1)
    with pytest.raises(ValueError, match=r"^max_iterations must be 0 or more, got -1$"):
        sudokit.trace(p, max_iterations=-1)
    with pytest.raises(TypeError, match=r"^argument 'n': 'float' object cannot be interpreted as an integer$"):
        sudokit.generate(1.5)
    top = 2**64 - 1
    assert sudokit.generate(1, seed=top) == cli("generate", "--seed", str(top)).split()
    assert sudokit.generate(0) == []
    # Large limits count through the stoppable iterator: the same counts.
    assert sudokit.count_solutions("." * 81, 20_000) == 20_000
    assert sudokit.count_solutions(EX[6], 10**12) == sudokit.count_solutions(EX[6], 10_000)
    assert sudokit.count_solutions(EX, 10**12) == sudokit.count_solutions(EX, 10_000)
    with pytest.raises(ValueError, match=r"^r1c1 and r1c5 both hold 5$"):
        sudokit.count_solutions(EX[-1], 10**12)


def interrupt(call, delay=0.3):
    """Seconds from the start of `call` to the KeyboardInterrupt that a
    SIGINT sent `delay` seconds in raises (the test fails if none comes)."""
    timer = threading.Timer(delay, os.kill, (os.getpid(), signal.SIGINT))
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    return time.monotonic() - start


needs_sigint = pytest.mark.skipif(
    os.name == "nt" or threading.current_thread() is not threading.main_thread(),
    reason="SIGINT to the main thread")


@needs_sigint
def test_ctrl_c_stops_long_calls():
    assert HARD.exists()
    hard = puzzles(HARD)[0]
    calls = {
        "count": lambda: sudokit.count_solutions("." * 81, 10**12),
        "count list": lambda: sudokit.count_solutions(["." * 81] * 4, 10**12),
        # 0.15 s each: a minute of work on one core.
        "grade list": lambda: sudokit.grade([hard] * 400),
        # Attempts that never meet the target, for as long as allowed.
        "generate": lambda: sudokit.generate(1, seed=1, clues=17, symmetry="dihedral", timeout=1e9),
        "trace": lambda: sudokit.trace("." * 81, limit=None),
        "trace backtracking": lambda: sudokit.trace("." * 81, algorithm="backtracking", limit=None),
    }
    for name, call in calls.items():
        took = interrupt(call)
        assert took < 3, f"{name}: {took:.2f} s"
    # The pool is free again: the next call answers.
    assert sudokit.count_solutions(["." * 81], 5) == [5]


def background_progress(call, times=300):
    """How far a Python thread gets while this one makes `times` calls: 0
    when the calls keep the GIL (the switch interval is made too long for a
    switch to come between them)."""
    count, done = [0], threading.Event()

    def spin():
        while not done.is_set():
            count[0] += 1
            time.sleep(0)  # lets the GIL go at once

    old = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    thread = threading.Thread(target=spin)
    thread.start()
    try:
        time.sleep(0.05)
        before = count[0]
        for _ in range(times):
            call()
        after = count[0]
    finally:
        done.set()
        sys.setswitchinterval(old)
        thread.join()
    return after - before


def test_single_puzzle_calls_release_the_gil():
    hard = puzzles(HARD)[0]
    # The control: a call that keeps the GIL lets the thread make no progress.
    assert background_progress(sudokit.techniques) == 0
    for call in (lambda: sudokit.solve(hard), lambda: sudokit.is_unique(hard),
                 lambda: sudokit.check(hard), lambda: sudokit.count_solutions(hard)):
        assert background_progress(call) > 0


def test_trace_checks_its_input_as_the_cli_does():
    p = VALID[2]
    with pytest.raises(ValueError, match=r"^r1c1 and r1c2 both hold 1$"):
        sudokit.trace("11" + "." * 79)
    with pytest.raises(ValueError, match=r"^max_nodes must be at least 1, got 0$"):
        sudokit.trace(p, max_nodes=0)
    with pytest.raises(ValueError) as e:
        sudokit.trace(p, max_nodes=100_001)
    assert str(e.value) == ("max_nodes 100001: at most 100000 (a larger drawing is too large to view,"
                            " and its memory would grow with it)")
    assert len(sudokit.trace(p, max_nodes=100_000)["nodes"]) > 1
    for argument, value in (("select", "min"), ("seed", 3), ("techniques", "naked-single")):
        with pytest.raises(ValueError) as e:
            sudokit.trace(p, algorithm="branch-and-bound", **{argument: value})
        assert str(e.value) == f"{argument} applies only to algorithm deepening, not branch-and-bound"
    run = subprocess.run([cli_binary(), "solve", "--algorithm", "backtracking", "--select", "min", p],
                         capture_output=True, text=True)
    assert "--select applies only to --algorithm deepening, not backtracking" in run.stderr
    assert "limit must be at least 1" in subprocess.run(
        [cli_binary(), "trace", "--limit", "0", p], capture_output=True, text=True).stderr


def test_trace_dict_has_the_cli_keys_and_values():
    want = [o for o in cli_json("trace", str(EXAMPLES))]
    assert len(want) == len(EX)
    for p, cli_obj in zip(EX, want):
        if cli_obj["status"] == "invalid":
            with pytest.raises(ValueError, match=f"^{cli_obj['error']}$"):
                sudokit.trace(p)
            continue
        got = sudokit.trace(p)
        assert set(got) - set(cli_obj) == {"algorithm", "found", "nodes", "svg"}
        assert set(cli_obj) == {"puzzle", "solutions", "trace", "status", "stop", "stats"}
        for key in cli_obj:
            a, b = dict(got[key]) if key == "stats" else got[key], cli_obj[key]
            if key == "stats":
                assert set(a) == set(b) and a.pop("time_us") >= 0
                b = {k: v for k, v in b.items() if k != "time_us"}
            assert a == b, key
        assert got["status"] == "solved"
    # A search without solutions, and one cut short.
    none = sudokit.trace(SAMPLE_UNSOLVABLE, algorithm="backtracking")
    assert (none["status"], none["found"], none["solutions"]) == ("unsolvable", 0, [])
    cut = sudokit.trace(VALID[2], max_iterations=0)
    assert (cut["status"], cut["stop"]) == ("stopped", "iteration limit reached")


# Givens that obey the rules, without a solution: r1c9 can hold nothing.
SAMPLE_UNSOLVABLE = "12345678." + "........9" + "." * 63


def test_trace_without_a_limit_is_bounded():
    # Every solution (the CLI's --all): found counts them, 100 000 are kept.
    many = sudokit.trace("." * 81, algorithm="backtracking", limit=150_000)
    assert many["found"] == 150_000 and len(many["solutions"]) == 100_000
    assert len(set(many["solutions"])) == 100_000
    # The text keeps its first 32 MiB and says how many steps it left out.
    t = sudokit.trace("." * 81, limit=None, max_iterations=200_000, max_nodes=10, lang="en")
    assert t["stop"] == "iteration limit reached" and t["found"] > 100_000
    lines = t["trace"].splitlines()
    assert lines[-1] == f"{t['found']} solutions, 200000 iterations, {t['stats']['dead_ends']} dead ends: iteration limit reached"
    note = lines[-2].split()
    assert note[0] == "..." and int(note[1]) > 0
    assert " ".join(note[2:]) == "more steps left out: the trace keeps its first 32 MiB"
    assert 32 << 20 <= len(t["trace"].encode()) < (32 << 20) + 1000
    assert len(t["nodes"]) == 10


def test_arrays_empty_bad_cells_and_shapes():
    np = pytest.importorskip("numpy")
    empty = np.zeros((0, 81), np.uint8)
    solved = sudokit.solve(empty)
    assert isinstance(solved, np.ndarray) and solved.shape == (0, 81) and solved.dtype == np.uint8
    counts = sudokit.count_solutions(empty)
    assert isinstance(counts, np.ndarray) and counts.shape == (0,) and counts.dtype == np.int64
    grid = np.array([[0 if c == "." else int(c) for c in p] for p in VALID[:3]], np.uint8)
    bad = grid.copy()
    bad[1, 40] = 10
    assert sudokit.count_solutions(bad).tolist() == [1, -1, 1]
    out = sudokit.solve(bad)
    assert out[1].tolist() == [0] * 81
    assert out[[0, 2]].tolist() == sudokit.solve(grid)[[0, 2]].tolist()
    assert sudokit.count_solutions(bad, 10**6).tolist() == [1, -1, 1]
    for shape in ((2, 80), (3, 82)):
        with pytest.raises(TypeError) as e:
            sudokit.solve(np.zeros(shape, np.uint8))
        assert str(e.value) == (
            "expected a puzzle string, a list of them, or a uint8 array of shape (n, 81), "
            f"got an array of uint8 and shape {shape}")


def test_type_and_text_messages():
    with pytest.raises(ValueError) as e:
        sudokit.solve("\ud800" * 81)
    assert str(e.value) == "the string has a lone surrogate at index 0: not valid text"
    with pytest.raises(ValueError, match=r"^the string has a lone surrogate at index 3: not valid text$"):
        sudokit.check("...\udfff")
    # In a list it is one bad puzzle.
    assert sudokit.solve([EX[0], "\ud800"]) == [sudokit.solve(EX[0]), None]
    assert sudokit.grade(["x\ud800"])[0] == {
        "puzzle": None, "status": "invalid", "error": "the string has a lone surrogate at index 1: not valid text"}
    with pytest.raises(TypeError) as e:
        sudokit.solve((EX[0], None))
    assert str(e.value).endswith(", got a tuple whose item 1 is NoneType")
    assert sudokit.solve((EX[0],)) == [sudokit.solve(EX[0])]
    with pytest.raises(TypeError) as e:
        sudokit.grade(None)
    assert str(e.value) == "expected a puzzle string or a list of them, got NoneType"
    np = pytest.importorskip("numpy")
    with pytest.raises(TypeError) as e:
        sudokit.grade(np.zeros((2, 81), np.uint8))
    assert str(e.value) == "expected a puzzle string or a list of them, got an array of uint8 and shape (2, 81)"
    with pytest.raises(TypeError, match=r"^expected a puzzle string, got int$"):
        sudokit.is_unique(42)


STUB_EXAMPLE = '''
import sudokit

p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
one: "str | None" = sudokit.solve(p)
many: "list[str | None]" = sudokit.solve([p, p])
n: int = sudokit.count_solutions(p, limit=3)
counts: "list[int | None]" = sudokit.count_solutions((p,))
graded: "list[dict[str, object]]" = sudokit.grade([p], steps=False)
made: "list[str]" = sudokit.generate(2, seed=1, timeout=5.0)
traced: "dict[str, object]" = sudokit.trace(p, algorithm="backtracking", limit=None)
unique: bool = sudokit.is_unique(p)
'''


def test_stubs_pass_stubtest_and_mypy(tmp_path):
    pytest.importorskip("mypy")
    # From an empty folder, so that the installed package is checked.
    run = subprocess.run([sys.executable, "-m", "mypy.stubtest", "sudokit._sudokit"],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    example = tmp_path / "example.py"
    example.write_text(STUB_EXAMPLE)
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", str(example)],
                         cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    bad = tmp_path / "bad.py"
    bad.write_text("import sudokit\nn: str = sudokit.count_solutions('x')\n")
    run = subprocess.run([sys.executable, "-m", "mypy", str(bad)], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 1 and 'has type "int", variable has type "str"' in run.stdout
