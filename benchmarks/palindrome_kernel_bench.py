"""The letter proof's kernel against an earlier one: the same units of a length-56 ledger, searched by both.

Usage:
    python benchmarks/palindrome_kernel_bench.py [--words ita] [--baseline COMMIT] [--sample 12]
                                                 [--repeats 3] [--least-nodes 1000000] [--out data/palindrome]

The units are a fixed sample: the exhausted units of the settled length-56 ledger of code version 930f8468
(kept in data/palindrome) with at least --least-nodes nodes, taken evenly in the ledger's hashed order.
Each unit's start state is rebuilt from its name (the centre, then the moves below it) and searched to the
end by `_search` of `wordlab/puzzles/palindrome/kernel.py` as it is in git at --baseline (given the first
five parts of each side of the tables, the ones it knows) and as it is in the working tree, on the working
tree's tables, in one process, one thread, alternating which goes first, each with a fresh
transposition table; the baseline's nodes must equal the ledger's. CPU seconds are the thread's
(`time.thread_time`), the least of --repeats runs (the machine is shared). Writes
`kernel-bench-56.json` and `.md` to --out: per unit the nodes and least CPU seconds of each kernel, the totals
and their ratios, and the whole proof's CPU estimated from the ledger's total seconds and the sample's ratio.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from wordlab.bench import module_at
from wordlab.puzzles.palindrome import kernel, ledger
from wordlab.words import as_wordlist

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LEDGER = ROOT / "data" / "palindrome" / "ledger-ita-56-930f84687472c5bc.jsonl"
KERNEL_PATH = "wordlab/puzzles/palindrome/kernel.py"
BASELINE = "599eec1"  # a commit whose kernel is code version 930f8468's


def sample_rows(sample: int, least_nodes: int) -> list[dict]:
    rows = [json.loads(line) for line in LEDGER.read_text().splitlines() if line.strip()]
    return ledger.spread_sample(rows, sample, least_nodes)


def replay(tables, name: str) -> tuple[int, int, tuple, tuple]:
    """(centre index, depth, stack row, moves) of the unit `name`, by taking its moves from its centre the way
    the search takes them."""
    centre_part, _, below = name.partition("/")
    moves = tuple(int(m) for m in below.replace(":", ".").split(".")) if below else ()
    index = next(i for i, c in enumerate(tables.centres) if ledger.centre_name(c) == centre_part
                 and c.left >= 0 and c.right >= 0)
    c = tables.centres[index]
    (lch, lany, lreal, *_), (rch, rany, rreal, *_) = tables.left, tables.right
    f, r, covered, middle, need = c.left, c.right, c.covered, c.middle, 0
    for m in moves:
        letter, lnew, rnew = m >> 2, (m >> 1) & 1, m & 1
        lend = lany[f] if middle == 1 else lreal[f]
        rend = rany[r] if middle == 2 else rreal[r]
        a = kernel._step(lch, f, lend, lnew, letter)
        b = kernel._step(rch, r, rend, rnew, letter)
        if a < 0 or b < 0:
            raise SystemExit(f"unit {name}: move {m} leaves the tries")
        if lnew and rnew:
            need = next((int(q) for q in tables.rarest if not covered & int(q)), 0)
        middle = 0 if (middle == 1 and lnew) or (middle == 2 and rnew) else middle
        f, r, covered = int(a), int(b), covered | int(tables.bits[letter])
    return index, len(moves), (f, r, covered, middle, need), moves


def search(module, tables, limit: int, unit: tuple, most_nodes: int = 1 << 62) -> tuple[int, float]:
    """Nodes and thread CPU seconds of one unit searched to the end with `module._search` and its own joint-test
    limit (`JOINT_PAIRS`), or for at most `most_nodes` nodes: a warm-up that compiles it."""
    index, depth, row, moves = unit
    size = limit // 2 + 2
    stack, path = np.zeros((size + 1, 6), np.int64), np.zeros(size + 1, np.int64)
    tally, top = np.zeros(8 + size + 1, np.int64), np.full(1, depth, np.int64)
    keys, fails = np.zeros((1 << tables.memo_bits, 2), np.int64), np.full(1 << tables.memo_bits, -1, np.int32)
    known = tables.known()
    stack[depth] = (*row, -1)
    path[1:depth + 1] = moves
    text = len(tables.centres[index].text)
    left, right = (tables.left, tables.right) if module is kernel else (tables.left[:5], tables.right[:5])
    clock = time.thread_time()
    status = module._search(left, right, tables.cover, tables.bits, tables.rarest, tables.full, limit,
                            text, stack, top, path, tally, keys, fails, known, most_nodes, depth, -1, 1, module.JOINT_PAIRS)
    seconds = time.thread_time() - clock
    if status != kernel.EXHAUSTED and most_nodes >= 1 << 62:
        raise SystemExit(f"a unit of the proof ended with status {status}, not exhausted")
    return int(tally[0]), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="ita")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--sample", type=int, default=12)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--least-nodes", type=int, default=1_000_000)
    parser.add_argument("--out", default=str(ROOT / "data" / "palindrome"))
    args = parser.parse_args()
    limit = 56
    job = ledger.job_of(as_wordlist(args.words), limit, "abcdefghijklmnopqrstuvwxyz", args.words)
    clock = time.perf_counter()
    tables = ledger.tables_for(job)
    print(f"tables: {time.perf_counter() - clock:.1f} s; code version {ledger.code_version(job)}", flush=True)
    with tempfile.TemporaryDirectory() as folder:
        kernels = {"baseline": module_at(args.baseline, KERNEL_PATH, folder), "working tree": kernel}
        rows, picked = [], sample_rows(args.sample, args.least_nodes)
        for module in kernels.values():   # compiled before anything is timed
            search(module, tables, limit, replay(tables, picked[0]["unit"]), most_nodes=100)
        for old in picked:
            unit = replay(tables, old["unit"])
            seconds: dict[str, list[float]] = {k: [] for k in kernels}
            nodes: dict[str, int] = {}
            for r in range(args.repeats):
                for kind in sorted(kernels, reverse=r % 2 == 1):
                    nodes[kind], s = search(kernels[kind], tables, limit, unit)
                    seconds[kind].append(s)
            if nodes["baseline"] != old["nodes"]:
                raise SystemExit(f"unit {old['unit']}: the baseline searched {nodes['baseline']:,} nodes, "
                                 f"the ledger says {old['nodes']:,}")
            rows.append({"unit": old["unit"], "ledger seconds": old["seconds"],
                         **{f"{k} nodes": nodes[k] for k in kernels},
                         **{f"{k} cpu s": round(min(seconds[k]), 3) for k in kernels}})
            print(rows[-1], flush=True)
    write(args, rows, job)


def write(args, rows: list[dict], job) -> None:
    total = {f"{k} {what}": round(sum(r[f"{k} {what}"] for r in rows), 3)
             for k in ("baseline", "working tree") for what in ("nodes", "cpu s")}
    node_ratio = total["baseline nodes"] / total["working tree nodes"]
    cpu_ratio = total["baseline cpu s"] / total["working tree cpu s"]
    every = [json.loads(line) for line in LEDGER.read_text().splitlines() if line.strip()]
    whole = sum(r["seconds"] for r in every)
    result = {
        "what": f"{len(rows)} exhausted units of {LEDGER.name} (at least {args.least_nodes:,} nodes, evenly in the "
                f"ledger's hashed order), each searched to the end by the kernel at {args.baseline} and by the "
                f"working tree's, in one process and thread, alternating; least of {args.repeats} CPU seconds",
        "command": "python benchmarks/palindrome_kernel_bench.py " + " ".join(sys.argv[1:]),
        "ledger": LEDGER.name, "baseline": args.baseline, "code version": ledger.code_version(job),
        "machine": f"{platform.machine()}, {platform.python_version()}, shared with other jobs",
        "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "units": rows, "totals": total, "node ratio": round(node_ratio, 3), "cpu ratio": round(cpu_ratio, 3),
        "ledger search seconds": round(whole, 1),
        "whole proof cpu s estimated": round(whole / cpu_ratio, 1),
    }
    out = Path(args.out)
    (out / "kernel-bench-56.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = markdown(result, len(every), args.least_nodes, args.repeats)
    (out / "kernel-bench-56.md").write_text("\n".join(lines))
    print("\n".join(lines[-2:]))


def markdown(result: dict, ledger_units: int, least_nodes: int, repeats: int) -> list[str]:
    """The .md's lines: the JSON's "working tree" columns are named by the code version that ran the benchmark,
    the baseline's by its commit and the code version of the ledger its counts are checked against."""
    old, new = result["ledger"].rsplit("-", 1)[-1][:8], result["code version"][:8]
    total = result["totals"]
    lines = [f"# The letter proof's kernel: {result['baseline']} (code version {old}) against code version {new}", "",
             f"{len(result['units'])} exhausted units of {result['ledger']} (at least {least_nodes:,} nodes, evenly "
             f"in the ledger's hashed order), each searched to the end by the kernel at commit "
             f"{result['baseline']} (code version {old}, the ledger's) and by the kernel of code version {new}, in one "
             f"process and thread, alternating; least of {repeats} CPU seconds.", "",
             f"Made by `{result['command']}` with the code of version {result['code version']}. In "
             f"kernel-bench-56.json, the columns named \"working tree\" are code version {new}'s.", "",
             f"| unit | {old} nodes | {new} nodes | {old} cpu s | {new} cpu s |", "| --- | ---: | ---: | ---: | ---: |"]
    lines += [f"| `{r['unit']}` | {r['baseline nodes']:,} | {r['working tree nodes']:,} | {r['baseline cpu s']:.3f} | "
              f"{r['working tree cpu s']:.3f} |" for r in result["units"]]
    lines += [f"| total | {total['baseline nodes']:,} | {total['working tree nodes']:,} | "
              f"{total['baseline cpu s']:.3f} | {total['working tree cpu s']:.3f} |", "",
              f"Nodes: {total['baseline nodes'] / total['working tree nodes']:.2f}× fewer; "
              f"CPU: {total['baseline cpu s'] / total['working tree cpu s']:.2f}× less. The ledger's "
              f"{ledger_units:,} units took {result['ledger search seconds']:,.1f} s of search; at the sample's CPU "
              f"ratio the whole proof would take about {result['whole proof cpu s estimated']:,.0f} s of CPU.", ""]
    return lines


if __name__ == "__main__":
    main()
