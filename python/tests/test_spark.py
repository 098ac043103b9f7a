"""The Spark example in local mode: every puzzle of a 2000-puzzle sample
graded on the executors, by both routes, equal to the CLI's grades."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from test_sudokit import ROOT, cli_binary, cli_json

pytest.importorskip("pyspark")
pytest.importorskip("pyarrow")

SAMPLE = ROOT / "tests" / "data" / "random_minimal_2000.txt"
EXAMPLE = ROOT / "python" / "examples" / "spark_grade.py"


def read_output(folder):
    objs = []
    for part in sorted(Path(folder).glob("part-*")):
        objs.extend(json.loads(line) for line in part.read_text().splitlines() if line)
    return objs


@pytest.fixture(scope="module")
def cli_grades():
    graded = cli_json("grade", "--threads", "2", str(SAMPLE))
    for obj in graded:
        obj.pop("steps", None)
    return graded


@pytest.mark.parametrize("route", ["package", "pipe"])
def test_spark_grades_equal_the_cli(tmp_path, cli_grades, route):
    out = tmp_path / "out"
    env = dict(os.environ, SUDOKIT_BIN=cli_binary())
    run = subprocess.run(
        [sys.executable, str(EXAMPLE), str(SAMPLE), str(out), "--master", "local[2]",
         "--partitions", "4", "--route", route],
        env=env, capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "graded 2000 puzzles" in run.stderr
    got = read_output(out)
    assert len(got) == len(cli_grades) == 2000
    key = lambda o: o["puzzle"]
    assert sorted(got, key=key) == sorted(cli_grades, key=key)
    assert {o["level"] for o in got} >= {"easy", "medium", "hard"}


GENERATE = ROOT / "python" / "examples" / "spark_generate.py"


def test_spark_dataset_is_seeded_and_labelled(tmp_path):
    runs = []
    for partitions in (3, 5):
        out = tmp_path / f"gen{partitions}"
        run = subprocess.run(
            [sys.executable, str(GENERATE), str(out), "--count", "300", "--seed", "77",
             "--partitions", str(partitions), "--master", "local[2]"],
            capture_output=True, text=True, timeout=900,
        )
        assert run.returncode == 0, run.stderr[-3000:]
        assert "per core" in run.stderr
        runs.append(sorted(read_output(out), key=lambda o: o["id"]))
    assert runs[0] == runs[1]
    rows = runs[0]
    assert [r["id"] for r in rows] == list(range(300))
    want = subprocess.run([cli_binary(), "generate", "-n", "300", "--seed", "77"],
                          capture_output=True, text=True).stdout.split()
    assert [r["puzzle"] for r in rows] == want
    graded = {o["puzzle"]: o for o in cli_json("grade", *want[:20])}
    for r in rows[:20]:
        assert (r["level"], r["score"], r["se_er"]) == (
            graded[r["puzzle"]]["level"], graded[r["puzzle"]]["score"], graded[r["puzzle"]]["se_er"])
