"""Generate a labelled Sudoku dataset at scale with Spark.

    python examples/spark_generate.py OUT [--count 1000000] [--seed 0]
        [--partitions N] [--level L] [--symmetry S] [--minimal] [--master local[*]]

Puzzle i (0 <= i < count) is made from the seed `seed + i`, exactly as
`sudokit generate -n COUNT --seed SEED` makes it, whichever executor makes
it: a rerun, with any number of partitions or cores, gives the same data.
Each puzzle is graded and written as one JSON object per line into the
folder OUT: `id`, `seed`, `puzzle`, `solution`, `clues`, HoDoKu `level` and
`score`, SE `se_er`/`se_ep`/`se_ed`, `hardest`. The throughput per core is
printed at the end.
"""

import argparse
import json
import os
import sys
import time


def make_batches(batches, seed, options):
    """mapInPandas over ids: each contiguous run of ids is one generate call."""
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    import pandas as pd

    import sudokit

    for batch in batches:
        ids = batch["id"].tolist()
        if not ids:
            continue
        if ids == list(range(ids[0], ids[0] + len(ids))):
            puzzles = sudokit.generate(len(ids), seed=seed + ids[0], **options)
        else:
            puzzles = [sudokit.generate(1, seed=seed + i, **options)[0] for i in ids]
        graded = sudokit.grade(puzzles, steps=False)
        rows = []
        for i, p, g in zip(ids, puzzles, graded):
            rows.append(json.dumps({
                "id": i, "seed": seed + i, "puzzle": p,
                "solution": sudokit.solve(p), "clues": 81 - p.count("."),
                "level": g["level"], "score": g["score"],
                "se_er": g["se_er"], "se_ep": g["se_ep"], "se_ed": g["se_ed"],
                "hardest": g["hardest"],
            }, separators=(",", ":")))
        yield pd.DataFrame({"value": rows})


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("output")
    ap.add_argument("--count", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--partitions", type=int, default=None)
    ap.add_argument("--level", default=None)
    ap.add_argument("--symmetry", default="rotate180")
    ap.add_argument("--minimal", action="store_true")
    ap.add_argument("--master", default=os.environ.get("SPARK_MASTER", "local[*]"))
    args = ap.parse_args(argv)
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.appName("sudokit-generate")
        .master(args.master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "500")
        .getOrCreate()
    )
    cores = spark.sparkContext.defaultParallelism
    partitions = args.partitions or cores * 4
    options = {"level": args.level, "symmetry": args.symmetry, "minimal": args.minimal}
    seed = args.seed
    start = time.perf_counter()
    ids = spark.range(0, args.count, numPartitions=partitions)
    made = ids.mapInPandas(lambda b: make_batches(b, seed, options), schema="value string")
    made.write.mode("overwrite").text(args.output)
    seconds = time.perf_counter() - start
    print(f"generated and graded {args.count} puzzles in {seconds:.1f} s on {cores} cores: "
          f"{args.count / seconds:.0f} puzzles/s, {args.count / seconds / cores:.0f} per core",
          file=sys.stderr)
    spark.stop()


if __name__ == "__main__":
    main()
