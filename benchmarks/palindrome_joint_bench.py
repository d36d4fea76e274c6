"""The letter proof's joint test at several limits: the same units of a ledger, searched to the end at each.

Usage:
    python benchmarks/palindrome_joint_bench.py --ledger data/palindrome/ledger-ita-CODE.jsonl [--words ita]
                                                [--sample 100] [--pairs 0 1024 65536 1048576]
                                                [--out data/palindrome/joint-bench-56.json]

The joint test (`_finish_together` in wordlab/puzzles/palindrome/kernel.py) asks whether both walks can finish
their current words in one string; it judges only states whose two completion lists make at most `pairs` pairs.
This takes `--sample` exhausted units of the ledger, evenly in its hashed order, rebuilds each by name, and
searches it to the end once per limit (0: the test off), limits in turn, in one process and thread. The node
counts are exact; at the search's own limit (`JOINT_PAIRS`) they must equal the ledger's, which ties the sample
to the proof. CPU seconds are the thread's (`time.thread_time`), one run each: the machine may be shared.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import time
from pathlib import Path

from wordlab.puzzles.palindrome import kernel, ledger
from wordlab.words import as_wordlist


def sample_rows(path: Path, sample: int) -> list[dict]:
    """`sample` exhausted units of the ledger at `path`, evenly in its hashed order."""
    return ledger.spread_sample([json.loads(line) for line in path.read_text().splitlines() if line.strip()], sample)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ledger", required=True)
    parser.add_argument("--words", default="ita")
    parser.add_argument("--sample", type=int, default=100)
    parser.add_argument("--pairs", type=int, nargs="+", default=[0, 1 << 10, 1 << 16, 1 << 20])
    parser.add_argument("--out", default="data/palindrome/joint-bench-56.json")
    args = parser.parse_args()
    path = Path(args.ledger)
    picked = sample_rows(path, args.sample)
    limit = picked[0]["length"]
    job = ledger.job_of(as_wordlist(args.words), limit, "abcdefghijklmnopqrstuvwxyz", args.words)
    tables = ledger.tables_for(job)
    version = ledger.code_version(job)
    if version not in path.name:
        raise SystemExit(f"{path.name} is not a ledger of this code version ({version})")
    searchers = {pairs: ledger.Searcher(tables, limit, pairs) for pairs in args.pairs}
    naming = ledger.Searcher(tables, limit)
    runs = {pairs: {"pairs": pairs, "nodes": [], "cpu_seconds": 0.0} for pairs in args.pairs}
    for row in picked:
        unit = ledger.unit_named(naming, job, row["unit"])
        for pairs, searcher in searchers.items():
            clock = time.thread_time()
            record, _ = ledger.search_unit(searcher, job, unit, None)
            runs[pairs]["cpu_seconds"] += time.thread_time() - clock
            runs[pairs]["nodes"].append(record["nodes"])
            if pairs == kernel.JOINT_PAIRS and record["nodes"] != row["nodes"]:
                raise SystemExit(f"unit {row['unit']}: {record['nodes']:,} nodes here, {row['nodes']:,} in the ledger")
        print(row["unit"], {pairs: run["nodes"][-1] for pairs, run in runs.items()}, flush=True)
    result = {
        "what": f"nodes per work unit of length {limit} on {args.words} ({len(picked)} exhausted units of {path.name}, "
                f"evenly in its hashed order), with the joint completion test judging lists of up to `pairs` pairs "
                f"(0: off); cpu_seconds of each limit's pass, one run each, on a machine that may be shared",
        "command": "python benchmarks/palindrome_joint_bench.py " + " ".join(sys.argv[1:]),
        "code version": version, "words": args.words, "length": limit,
        "machine": f"{platform.machine()}, {platform.python_version()}",
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "units": [row["unit"] for row in picked],
        "runs": [dict(run, total_nodes=sum(run["nodes"]), cpu_seconds=round(run["cpu_seconds"], 1))
                 for run in runs.values()],
    }
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    for run in result["runs"]:
        print(f"pairs {run['pairs']:>9,}: {run['total_nodes']:>12,} nodes, {run['cpu_seconds']:7.1f} CPU s")


if __name__ == "__main__":
    main()
