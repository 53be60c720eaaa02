#!/usr/bin/env python3
"""idna-inspector batch on Apache Spark executors.

Each input file is one task: its bytes go to `idna-inspector batch --format
jsonl -` on an executor, exactly as the CLI reads a file (LF line ends, a CR
before LF dropped, invalid UTF-8 recorded, nothing skipped), and each record
gets the file it came from as "source" beside its "line". The records are
written as JSON Lines, a directory of part files (read them back with
spark.read.json to write Parquet or a table).

    python3 scripts/spark_batch.py --binary /usr/bin/idna-inspector \
        --output out/ [--master local[2]] [--spoof] FILE_OR_GLOB...

The binary must exist at the same path on every executor. Give many files
rather than one large one: a file is never split (line numbers stay the
file's own), so the files are the unit of parallelism.
"""

import argparse
import json
import subprocess
import sys


def convert(binary, extra_args):
    """The function each task runs: one file's bytes in, its records out (JSON text)."""

    def run(path_and_bytes):
        path, content = path_and_bytes
        command = [binary, "batch", "--format", "jsonl", "--threads", "1", *extra_args, "-"]
        done = subprocess.run(command, input=bytes(content), capture_output=True, check=False)
        # Exit status 1 says some name is invalid: its records are the output.
        if done.returncode not in (0, 1):
            raise RuntimeError(f"{command} on {path} failed: {done.stderr.decode(errors='replace')}")
        # "source" goes in front of each record's fields as text: parsing and
        # writing every record again would cost more than the conversion.
        # One record per LF (str.splitlines would also split at U+2028 and
        # the other line separators, which JSON strings carry raw).
        source = ('{"source": ' + json.dumps(path, ensure_ascii=False) + ", ").encode("utf-8")
        for line in done.stdout.split(b"\n"):
            if line.startswith(b"{"):
                yield (source + line[1:]).decode("utf-8")

    return run


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", nargs="+", help="files or globs (any path Spark reads)")
    parser.add_argument("--binary", required=True, help="idna-inspector on every executor")
    parser.add_argument("--output", required=True, help="the output directory (must not exist)")
    parser.add_argument("--master", default=None, help="e.g. local[2]; default: spark-submit's")
    parser.add_argument("--spoof", action="store_true", help="batch --spoof: the browsers' verdicts too")
    args = parser.parse_args(argv)

    from pyspark.sql import SparkSession

    # A split of at most one byte: every file is a partition of its own (a
    # binary file is never split), so the files spread over the executors.
    builder = SparkSession.builder.appName("idna-inspector batch").config("spark.files.maxPartitionBytes", "1")
    if args.master:
        builder = builder.master(args.master)
    spark = builder.getOrCreate()
    try:
        files = spark.sparkContext.binaryFiles(",".join(args.inputs))
        records = files.flatMap(convert(args.binary, ["--spoof"] if args.spoof else []))
        records.saveAsTextFile(args.output)
    finally:
        spark.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
