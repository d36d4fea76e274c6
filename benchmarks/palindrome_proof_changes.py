"""Three choices of the letter proof, one at a time, on a fixed sample of the centres of length 56.

Usage:
    python benchmarks/palindrome_proof_changes.py [--words ita] [--length 56] [--every 8] [--repeats 2]
                                                  [--out data/palindrome/proof-changes-56]

The proof of a length searches every centre (`ledger.centre_units`). The sample is every `--every`-th centre in
the ledger's hashed order (`ledger.order`). Each row of the table searches the whole sample with one more of
the choices than the row above:

1. the centres of at most one letter cut at once into the states two letters further out, each searched with
   its own transposition table (as code version d81dd9c1 did), finish tables from lists of 1,024 entries, a
   transposition table of 2^24 entries;
2. every centre searched whole;
3. finish tables from lists of 256 entries (`kernel.FINISH_TABLES_FROM`);
4. a unit's transposition table of 2^22 entries (`ledger.UNIT_MEMO_BITS`): the search as it is.

Each row runs on two threads taking the units in the ledger's order, the largest first, as a proof does, with
fresh tables of remembered cover tests: the nodes are exact, the CPU seconds the threads' own
(`time.thread_time`), the least of `--repeats` runs, rows in turns. The two kinds of finish tables are read
from the disk cache (built first when missing: minutes, and gigabytes of memory). Writes OUT.json and OUT.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import platform
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from wordlab.puzzles.palindrome import kernel, ledger
from wordlab.words import as_wordlist

ROWS = ("short centres cut, finish tables from 1,024, table 2^24", "every centre whole",
        "finish tables from 256", "table 2^22 (as it is)")


@dataclasses.dataclass(frozen=True)
class Setting:
    cut_short: bool
    tables: kernel.Tables
    memo_bits: int


def units_of(setting: Setting, job: ledger.Job, centres: list[ledger.Unit]) -> list[ledger.Unit]:
    """The sample's units under a setting: the short centres cut two letters out, or every centre whole."""
    if not setting.cut_short:
        return centres
    searcher, units = ledger.Searcher(setting.tables, job.limit), []
    for centre in centres:
        short = len(setting.tables.centres[centre.centre].text) <= 1
        units += ledger.cut(searcher, job, centre)[1] if short else [centre]
    return sorted(units, key=lambda unit: ledger.schedule(unit.name))


def run(setting: Setting, job: ledger.Job, units: list[ledger.Unit]) -> tuple[int, float]:
    """Search the units to the end on two threads: (nodes, CPU seconds of the threads)."""
    local, lock, totals = threading.local(), threading.Lock(), [0, 0.0]

    def search(unit: ledger.Unit) -> None:
        searcher = getattr(local, "searcher", None)
        if searcher is None:
            searcher = local.searcher = ledger.Searcher(setting.tables, job.limit)
            size = min(setting.tables.memo_bits, setting.memo_bits)
            searcher.keys, searcher.fails = np.zeros((1 << size, 2), np.int64), np.full(1 << size, -1, np.int32)
        clock = time.thread_time()
        record, more = ledger.search_unit(searcher, job, unit, None)
        spent = time.thread_time() - clock
        assert not more and record["phrase"] is None, unit.name
        with lock:
            totals[0] += record["nodes"]
            totals[1] += spent

    with ThreadPoolExecutor(2) as pool:
        list(pool.map(search, units))
    return totals[0], totals[1]


def finish_tables_of(tables: kernel.Tables) -> dict:
    """How many finish tables the tables hold, and their bytes."""
    held = [side[k][5] for side in (tables.left, tables.right) for k in (3, 4)]
    return {"tables": sum(t.shape[0] for t in held), "bytes": sum(t.nbytes for t in held)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="ita")
    parser.add_argument("--length", type=int, default=56)
    parser.add_argument("--every", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--out", default="data/palindrome/proof-changes-56")
    args = parser.parse_args()
    job = ledger.job_of(as_wordlist(args.words), args.length, "abcdefghijklmnopqrstuvwxyz", args.words)
    kernel.CACHE_BYTES = max(kernel.CACHE_BYTES, 12 << 30)   # both kinds of tables stay in the cache for a rerun
    by_list = {size: kernel.cached_tables(job.words, job.alphabet, job.most_waste, finish_from=size)
               for size in (1024, kernel.FINISH_TABLES_FROM)}
    settings = [Setting(True, by_list[1024], 24), Setting(False, by_list[1024], 24),
                Setting(False, by_list[kernel.FINISH_TABLES_FROM], 24),
                Setting(False, by_list[kernel.FINISH_TABLES_FROM], ledger.UNIT_MEMO_BITS)]
    every = sorted(ledger.centre_units(by_list[1024]), key=lambda unit: ledger.order(unit.name))
    centres = sorted(every[::args.every], key=lambda unit: ledger.schedule(unit.name))
    work = [units_of(setting, job, centres) for setting in settings]
    nodes, cpu = [None] * len(settings), [[] for _ in settings]
    for _ in range(args.repeats):
        for i, setting in enumerate(settings):
            counted, seconds = run(setting, job, work[i])
            assert nodes[i] in (None, counted), f"row {i + 1}: the nodes differ between repeats"
            nodes[i] = counted
            cpu[i].append(seconds)
            print(f"{ROWS[i]}: {counted:,} nodes, {seconds:.1f} s", flush=True)
    rows = [{"change": ROWS[i], "units": len(work[i]), "nodes": nodes[i], "cpu_seconds": round(min(cpu[i]), 1),
             "cpu_seconds_each": [round(s, 1) for s in cpu[i]]} for i in range(len(settings))]
    short = sum(len(by_list[1024].centres[c.centre].text) <= 1 for c in centres)
    result = {"command": "python benchmarks/palindrome_proof_changes.py " + " ".join(
                  f"--{k} {v}" for k, v in (("words", args.words), ("length", args.length), ("every", args.every),
                                            ("repeats", args.repeats), ("out", args.out))),
              "what": f"{len(centres)} of the {len(every)} centres of length {args.length} on {args.words} (every "
                      f"{args.every}th in hashed order; {short} of them of at most one letter), searched to the end "
                      f"on two threads under each setting, least CPU of {args.repeats} runs, settings in turns",
              "code version": ledger.code_version(job), "made": datetime.date.today().isoformat(),
              "machine": f"{platform.machine()}, {platform.python_version()}", "centres": [c.name for c in centres],
              "finish tables": {str(size): finish_tables_of(t) for size, t in by_list.items()},
              "rows": rows}
    out = Path(args.out)
    out.with_suffix(".json").write_text(json.dumps(result, indent=1) + "\n")
    print(write_table(result, out.with_suffix(".md")))


def write_table(result: dict, path: Path) -> str:
    """The result as a Markdown table, written to `path` and returned."""
    rows = result["rows"]
    lines = [f"# Three choices of the letter proof, one at a time, on {len(result['centres'])} centres", "",
             f"{result['what']}. Made by `{result['command']}` with the code of version {result['code version']}.",
             "", "| setting (each row adds one choice) | units | nodes | CPU s | each run, CPU s | nodes ÷ row 1 | "
             "CPU ÷ row 1 |", "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for row in rows:
        lines.append(f"| {row['change']} | {row['units']:,} | {row['nodes']:,} | {row['cpu_seconds']:.1f} | "
                     f"{', '.join(f'{s:.1f}' for s in row['cpu_seconds_each'])} | {row['nodes'] / rows[0]['nodes']:.3f} | "
                     f"{row['cpu_seconds'] / rows[0]['cpu_seconds']:.3f} |")
    path.write_text("\n".join(lines) + "\n")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
