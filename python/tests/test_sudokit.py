"""The Python package against the command line: the same answers on the same
puzzles (the CLI's JSON objects, less the file and line of its input), the
same errors, the same seeds; lists, threads and NumPy input.

The CLI binary is SUDOKIT_BIN, else target/release/sudokit, else
target/debug/sudokit (built by `cargo build`).
"""

import json
import os
import subprocess
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
    assert got[0] == {"puzzle": "bad", "error": "bad character 'b' at column 1"}
    assert got[1]["level"] == "easy" and "steps" not in got[1]
    assert got[2]["error"] == "r1c1 and r1c5 both hold 5"


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
    with pytest.raises(ValueError, match=r"shape \(n, 81\)"):
        sudokit.count_solutions(np.zeros((2, 80), dtype=np.uint8))
    with pytest.raises(TypeError, match=r"got an array of int64 and shape \(2, 81\)$"):
        sudokit.count_solutions(np.zeros((2, 81), dtype=np.int64))


def test_techniques_table():
    rows = sudokit.techniques()
    cli_rows = [json.loads(l) for l in cli("techniques", "--format", "json").splitlines()]
    names = {r["name"] for r in cli_rows}
    assert len(rows) >= 40 and all(r["name"] in names for r in rows)
    assert sudokit.techniques("es")[0]["summary"] != rows[0]["summary"]
