"""What the pair and triple tests buy the proof by words: the same units searched with and without them.

Usage:
    python benchmarks/palindrome_words_pruning.py [--words ita] [--most 5] [--sample 8] [--repeats 2]
                                                  [--out data/palindrome]

The units are a fixed sample: those of the proof "no palindromic pangram of at most MOST words" that the
ledger of the search without the tables (code w82aed635eb48479, kept in data/palindrome) lists with at least
a million words placed, taken evenly in the ledger's hashed order. Each unit is searched by
`fewest.phrase_of_at_most` with `WordIndex(..., pairs=False)` (one word's letters only) and with
`pairs=True` (two words exactly, three by a word and a pair), alternating which goes first, in one process.
The nodes (words placed) must equal the ledger's for the search without the tables. Writes
`words-pruning-bench.json` and `.md` to --out: per unit the nodes and the least CPU seconds of each, and the
totals' ratios.
"""

from __future__ import annotations

import argparse
import datetime
import json
import platform
import time
from pathlib import Path

from wordlab.puzzles.palindrome import fewest, ledger
from wordlab.words import as_wordlist

HERE = Path(__file__).resolve().parent
OLD_LEDGER = HERE.parent / "data" / "palindrome" / "ledger-ita-words-w82aed635eb48479.jsonl"


def sample_units(most: int, sample: int) -> list[dict]:
    rows = [json.loads(line) for line in OLD_LEDGER.read_text().splitlines() if line.strip()]
    heavy = sorted((r for r in rows if r["length"] == most and r["outcome"] == "exhausted"
                    and r["nodes"] >= 1_000_000), key=lambda r: ledger.order(r["unit"]))
    return heavy[::max(1, len(heavy) // sample)][:sample]


def search(index: fewest.WordIndex, most: int, unit: int) -> tuple[int, float, bool]:
    counter, clock = fewest._Counter(), time.process_time()
    firsts = index.words[unit * fewest.CHUNK_WORDS:(unit + 1) * fewest.CHUNK_WORDS]
    found = fewest.phrase_of_at_most(index, most, counter, firsts)
    return counter.used, time.process_time() - clock, found is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="ita")
    parser.add_argument("--most", type=int, default=5)
    parser.add_argument("--sample", type=int, default=8)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--out", default=str(HERE.parent / "data" / "palindrome"))
    args = parser.parse_args()
    words = tuple(sorted(set(as_wordlist(args.words).words)))
    clock = time.process_time()
    indexes = {"one word": fewest.WordIndex(words, pairs=False)}
    built_plain = time.process_time() - clock
    clock = time.process_time()
    indexes["pairs and triples"] = fewest.WordIndex(words, pairs=True)
    built_pairs = time.process_time() - clock
    rows = []
    for old in sample_units(args.most, args.sample):
        unit = int(old["unit"][1:])
        seconds = {kind: [] for kind in indexes}
        nodes = {}
        for r in range(args.repeats):
            for kind in sorted(indexes, reverse=r % 2 == 1):
                n, s, found = search(indexes[kind], args.most, unit)
                if found:
                    raise SystemExit(f"unit {old['unit']}: a phrase of at most {args.most} words: not a proof unit")
                seconds[kind].append(s)
                nodes[kind] = n
        if nodes["one word"] != old["nodes"]:
            raise SystemExit(f"unit {old['unit']}: {nodes['one word']:,} words placed, the ledger says {old['nodes']:,}")
        rows.append({"unit": old["unit"], **{f"{k} nodes": v for k, v in nodes.items()},
                     **{f"{k} cpu s": round(min(v), 3) for k, v in seconds.items()}})
        print(rows[-1], flush=True)
    total = {f"{k} {what}": round(sum(r[f"{k} {what}"] for r in rows), 3)
             for k in indexes for what in ("nodes", "cpu s")}
    result = {
        "command": "python benchmarks/palindrome_words_pruning.py " + " ".join(
            f"--{k} {v}" for k, v in vars(args).items() if k != "out"),
        "what": (f"proof by words, at most {args.most} words, {len(rows)} units of {fewest.CHUNK_WORDS} first words "
                 f"each, least CPU seconds of {args.repeats}, one process, alternating"),
        "words": args.words, "machine": f"{platform.machine()}, {platform.python_implementation()} "
                                        f"{platform.python_version()}",
        "date": datetime.date.today().isoformat(),
        "tables cpu s": {"one word": round(built_plain, 3), "pairs and triples": round(built_pairs, 3)},
        "units": rows, "total": total,
        "nodes ratio": round(total["one word nodes"] / total["pairs and triples nodes"], 2),
        "cpu ratio": round(total["one word cpu s"] / total["pairs and triples cpu s"], 2)}
    out = Path(args.out)
    (out / "words-pruning-bench.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"# {result['what']}", "", f"`{result['command']}` ({result['machine']}, {result['date']})", "",
             "| unit | words placed, one word | CPU s | words placed, pairs and triples | CPU s |",
             "|---|---:|---:|---:|---:|"]
    lines += [f"| {r['unit']} | {r['one word nodes']:,} | {r['one word cpu s']:.2f} | "
              f"{r['pairs and triples nodes']:,} | {r['pairs and triples cpu s']:.2f} |" for r in rows]
    lines += [f"| total | {total['one word nodes']:,} | {total['one word cpu s']:.2f} | "
              f"{total['pairs and triples nodes']:,} | {total['pairs and triples cpu s']:.2f} |", "",
              f"{result['nodes ratio']}× fewer words placed, {result['cpu ratio']}× less CPU time; building the tables "
              f"took {built_plain:.1f} s and {built_pairs:.1f} s of CPU."]
    (out / "words-pruning-bench.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
