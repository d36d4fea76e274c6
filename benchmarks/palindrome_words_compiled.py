"""The compiled search by words against an earlier one: the same parts of units of the proof by words.

Usage:
    python benchmarks/palindrome_words_compiled.py [--words ita] [--baseline COMMIT] [--most 7] [--sample 8]
                                                   [--firsts 15] [--repeats 3] [--out data/palindrome]

The parts are a fixed sample: the units that placed at least a million words in the proof of at most 6 words of
the plain search's ledger (code version wb341d161d3323ee, kept in data/palindrome), taken evenly in the ledger's
hashed order, each cut to its first --firsts first words and searched for at most MOST words. Each part is
searched by `CompiledWords.search` of `wordlab/puzzles/palindrome/fewest.py` as it is in git at --baseline and as
it is in the working tree, on one WordIndex, in one process, alternating which goes first; both must place the
same words and meet the same phrase. Seconds are the thread's CPU time (`time.thread_time`), the least of
--repeats runs. Writes `words-compiled-bench.json` and `.md` to --out: per part the words placed and the least CPU
seconds of each, the totals and their ratio.
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

from wordlab.bench import module_at
from wordlab.puzzles.palindrome import fewest, ledger
from wordlab.words import as_wordlist

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
LEDGER = ROOT / "data" / "palindrome" / "ledger-ita-words-wb341d161d3323ee.jsonl"
SEARCH_PATH = "wordlab/puzzles/palindrome/fewest.py"
BASELINE = "dbc7dd7"  # the search by words before the table of recent two-word answers (code version waadc54f…)


def parts_said(firsts: int) -> str:
    """How the parts of `sample_parts` are picked, for a benchmark's description."""
    return (f"units of {LEDGER.name} with at least a million words placed for at most 6 words (evenly spaced in its "
            f"hashed order), each cut to its first {firsts} first words")


def made_by(script: str) -> dict:
    """The command that made a stored result (this run's arguments), the machine and the time."""
    return {"command": f"python benchmarks/{script} " + " ".join(sys.argv[1:]),
            "machine": f"{platform.machine()}, {platform.python_version()}, shared with other jobs",
            "made": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")}


def sample_parts(sample: int) -> list[str]:
    rows = [json.loads(line) for line in LEDGER.read_text().split("\n")[:-1] if line.strip()]
    units = sorted((r["unit"] for r in rows if r["length"] == 6 and r["unit"] != ledger.ROOT
                    and r["nodes"] >= 1_000_000), key=ledger.order)
    return units[::max(1, len(units) // sample)][:sample]


def timed(compiled, most: int, first: int, last: int) -> tuple[int, tuple | None, float]:
    clock = time.thread_time()
    nodes, phrase = compiled.search(most, first, last)
    return nodes, phrase, time.thread_time() - clock


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="ita")
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--most", type=int, default=7)
    parser.add_argument("--sample", type=int, default=8)
    parser.add_argument("--firsts", type=int, default=15)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--out", default=str(ROOT / "data" / "palindrome"))
    args = parser.parse_args()
    index = fewest.WordIndex(as_wordlist(args.words))
    with tempfile.TemporaryDirectory() as folder:
        old = module_at(args.baseline, SEARCH_PATH, folder,
                        lambda source: source.replace("from .kernel import", "from wordlab.puzzles.palindrome.kernel import"))
        searches = {"baseline": old.CompiledWords(index), "working tree": fewest.CompiledWords(index)}
        for compiled in searches.values():   # compiled before anything is timed
            compiled.search(args.most, 0, 1)
        rows = []
        for unit in sample_parts(args.sample):
            first = int(unit[1:]) * fewest.CHUNK_WORDS
            last = min(first + args.firsts, len(index.words))
            seconds: dict[str, list[float]] = {kind: [] for kind in searches}
            found = {}
            for r in range(args.repeats):
                for kind in sorted(searches, reverse=r % 2 == 1):
                    nodes, phrase, s = timed(searches[kind], args.most, first, last)
                    found[kind] = nodes, phrase
                    seconds[kind].append(s)
            if found["baseline"] != found["working tree"]:
                raise SystemExit(f"{unit}: the two searches differ: {found}")
            rows.append({"part": f"{unit}[:{args.firsts}]", "words placed": found["baseline"][0],
                         **{f"{kind} cpu s": round(min(seconds[kind]), 6) for kind in searches}})
            print(rows[-1], flush=True)
        baseline_code = old.words_code()
    write(args, rows, baseline_code)


def write(args, rows: list[dict], baseline_code: str) -> None:
    total = {key: round(sum(r[key] for r in rows), 6) for key in ("words placed", "baseline cpu s", "working tree cpu s")}
    if not total["working tree cpu s"]:
        raise SystemExit("the parts took no measurable CPU time: give --firsts more first words")
    ratio = total["baseline cpu s"] / total["working tree cpu s"]
    result = {
        "what": f"{len(rows)} {parts_said(args.firsts)}, searched for at most {args.most} words by the compiled "
                f"search by words at {args.baseline} and by the working tree's, in one process and thread, "
                f"alternating; least of {args.repeats} CPU seconds",
        **made_by("palindrome_words_compiled.py"),
        "baseline": args.baseline, "baseline code version": baseline_code, "code version": fewest.words_code(),
        "parts": rows, "totals": total, "cpu ratio": round(ratio, 3),
    }
    out = Path(args.out)
    (out / "words-compiled-bench.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"# The compiled search by words: {args.baseline} (code version {baseline_code[:8]}) against code version "
             f"{result['code version'][:8]}", "", result["what"] + ".", "",
             f"Made by `{result['command']}`.", "",
             f"| part | words placed (both) | {args.baseline} cpu s | {result['code version'][:8]} cpu s |",
             "| --- | ---: | ---: | ---: |"]
    lines += [f"| `{r['part']}` | {r['words placed']:,} | {r['baseline cpu s']:.3f} | {r['working tree cpu s']:.3f} |"
              for r in rows]
    lines += [f"| total | {total['words placed']:,} | {total['baseline cpu s']:.3f} | "
              f"{total['working tree cpu s']:.3f} |", "",
              f"The same words placed and the same phrases met; CPU: {ratio:.2f}× less.", ""]
    (out / "words-compiled-bench.md").write_text("\n".join(lines))
    print("\n".join(lines[-2:]))


if __name__ == "__main__":
    main()
