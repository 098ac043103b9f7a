"""count_solutions(list, 2) against `sudokit bench` and a pure-Python solver,
side by side in one run.

    python benches/bench_count.py [FILE] [--py-sample 200] [--repeat 3]

FILE defaults to ../shared/data/random_minimal_100k.txt. The package is timed
in fresh processes with RAYON_NUM_THREADS=1 and =2 (the call only: the list
of strings is made before the clock starts); `sudokit bench` (count up to 2,
one thread) gives the engine's own time; py-sudoku (pip install py-sudoku)
runs `has_multiple_solutions()` on the first --py-sample puzzles. Each figure
is the best of --repeat runs.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = r"""
import json, sys, time
import sudokit
lines = [l[:81] for l in open(sys.argv[1]) if l.strip() and not l.startswith('#')]
best = None
for _ in range(int(sys.argv[2])):
    t = time.perf_counter()
    counts = sudokit.count_solutions(lines, 2)
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(json.dumps({"n": len(lines), "seconds": best, "unique": counts.count(1)}))
"""


def package(file, threads, repeat):
    env = dict(os.environ, RAYON_NUM_THREADS=str(threads))
    out = subprocess.run([sys.executable, "-c", CHILD, str(file), str(repeat)],
                         env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def cli_bench(file, repeat):
    binary = os.environ.get("SUDOKIT_BIN", str(ROOT / "target" / "release" / "sudokit"))
    out = subprocess.run([binary, "bench", "--mode", "count2", "--threads", "1",
                          "--repeat", str(repeat), str(file)],
                         capture_output=True, text=True, check=True).stdout
    row = [l for l in out.splitlines() if l.startswith(str(file))][-1].split()
    return float(row[2])  # µs mean


def py_sudoku(file, n):
    from sudoku import Sudoku

    lines = [l[:81] for l in open(file) if l.strip() and not l.startswith("#")][:n]
    boards = [[[int(p[r * 9 + c]) if p[r * 9 + c] not in ".0" else 0 for c in range(9)]
               for r in range(9)] for p in lines]
    t = time.perf_counter()
    for b in boards:
        Sudoku(3, 3, board=b).has_multiple_solutions()
    return (time.perf_counter() - t) / len(boards)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file", nargs="?", default=str(ROOT.parent / "shared" / "data" / "random_minimal_100k.txt"))
    ap.add_argument("--py-sample", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    cli_us = cli_bench(args.file, args.repeat)
    one = package(args.file, 1, args.repeat)
    two = package(args.file, 2, args.repeat)
    us1 = one["seconds"] / one["n"] * 1e6
    us2 = two["seconds"] / two["n"] * 1e6
    print(f"{one['n']} puzzles from {args.file}")
    print(f"sudokit bench (1 thread)          {cli_us:9.2f} µs/puzzle")
    print(f"count_solutions, 1 thread          {us1:9.2f} µs/puzzle  ({us1 / cli_us:.2f}x the CLI)")
    print(f"count_solutions, 2 threads         {us2:9.2f} µs/puzzle  ({us1 / us2:.2f}x faster than 1 thread)")
    try:
        py = py_sudoku(args.file, args.py_sample) * 1e6
        print(f"py-sudoku has_multiple_solutions   {py:9.0f} µs/puzzle  (sudokit 1 thread is {py / us1:.0f}x faster; first {args.py_sample})")
    except ImportError:
        print("py-sudoku not installed (pip install py-sudoku)")


if __name__ == "__main__":
    main()
