"""Grade every puzzle of a text file on a Spark cluster.

    python examples/spark_grade.py IN OUT [--master local[*]] [--route package|pipe]
                                          [--partitions N] [--steps]

IN holds one puzzle per line (81 cells; text after them, blank lines and
`#` comments are ignored). OUT is a folder that Spark fills with JSON Lines
text files (`part-*`): one object per puzzle with `puzzle`, `level`,
`score`, `rating`, `se_er`, `se_ep`, `se_ed`, `hardest`, ... as
`sudokit grade --format json` prints them (without `file` and `line`, and
without `steps` unless --steps).

Two routes:
  package  (default) the Python package grades each Arrow batch on the
           executors (`mapInPandas`), one Rust call per batch;
  pipe     every partition is streamed through the command-line tool
           (`RDD.pipe("sudokit grade --format json -")`); the binary must be
           on the executors' PATH or given by SUDOKIT_BIN.
"""

import argparse
import json
import os
import sys
import time


def grade_batches(batches, steps=False):
    """mapInPandas: each batch of lines becomes a batch of JSON objects."""
    # Spark already runs one task per core: one thread per task in sudokit.
    os.environ.setdefault("RAYON_NUM_THREADS", "1")
    import pandas as pd

    import sudokit

    for batch in batches:
        puzzles = batch["value"].tolist()
        graded = sudokit.grade(puzzles, steps=steps)
        yield pd.DataFrame({"value": [json.dumps(g, separators=(",", ":"), ensure_ascii=False) for g in graded]})


def strip_location(line, steps=False):
    """A CLI JSON line without the input's `file` and `line` (and `steps`)."""
    obj = json.loads(line)
    obj.pop("file", None)
    obj.pop("line", None)
    if not steps:
        obj.pop("steps", None)
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("input")
    ap.add_argument("output")
    ap.add_argument("--master", default=os.environ.get("SPARK_MASTER", "local[*]"))
    ap.add_argument("--route", choices=["package", "pipe"], default="package")
    ap.add_argument("--partitions", type=int, default=None)
    ap.add_argument("--steps", action="store_true", help="keep each puzzle's steps")
    args = ap.parse_args(argv)
    # Local workers run this interpreter, which has sudokit installed.
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)

    from pyspark.sql import SparkSession
    from pyspark.sql import functions as F

    spark = (
        SparkSession.builder.appName("sudokit-grade")
        .master(args.master)
        .config("spark.ui.enabled", "false")
        .config("spark.sql.execution.arrow.maxRecordsPerBatch", "2000")
        .getOrCreate()
    )
    start = time.perf_counter()
    lines = spark.read.text(args.input)
    puzzles = lines.select(F.trim(F.col("value")).alias("value")).filter(
        (F.col("value") != "") & ~F.col("value").startswith("#")
    )
    if args.partitions:
        puzzles = puzzles.repartition(args.partitions)
    if args.route == "package":
        steps = args.steps
        graded = puzzles.mapInPandas(lambda b: grade_batches(b, steps), schema="value string")
        graded.write.mode("overwrite").text(args.output)
    else:
        binary = os.environ.get("SUDOKIT_BIN", "sudokit")
        command = [binary, "grade", "--format", "json", "--threads", "1", "-"]
        steps = args.steps
        rdd = puzzles.rdd.map(lambda row: row.value).pipe(" ".join(command))
        rdd.map(lambda line: strip_location(line, steps)).saveAsTextFile(args.output)
    count = spark.read.text(args.output).count()
    seconds = time.perf_counter() - start
    cores = spark.sparkContext.defaultParallelism
    print(f"graded {count} puzzles in {seconds:.1f} s on {cores} cores "
          f"({count / seconds:.0f} puzzles/s, {count / seconds / cores:.0f} per core)", file=sys.stderr)
    spark.stop()


if __name__ == "__main__":
    main()
