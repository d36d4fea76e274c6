"""How much more the search by words places for one word more: the same parts searched for at most N - 1 and N words.

Usage:
    python benchmarks/palindrome_words_growth.py [--words ita] [--most 8] [--sample 8] [--firsts 15]
                                                 [--out data/palindrome]

The parts are those of `palindrome_words_compiled.py` (units of the plain search's ledger that placed at least a
million words for at most 6 words, evenly spaced in its hashed order, each cut to its first --firsts first words).
Each part is searched by the working tree's `CompiledWords.search` for at most --most - 1 words and then for at
most --most words, in one process and thread. The words placed do not depend on the machine; the CPU seconds
(`time.thread_time`, one run each) do. Writes `words-growth-<most>.json` and `.md` to --out: per part the words
placed and CPU seconds at both counts, and the ratio of the totals, which estimates how many times the words
placed grow from a proof of at most --most - 1 words to one of at most --most (an estimate from a sample, not a
bound: the parts are few and the search's cost varies widely from part to part).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from palindrome_words_compiled import ROOT, made_by, parts_said, sample_parts, timed
from wordlab.puzzles.palindrome import fewest
from wordlab.words import as_wordlist


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--words", default="ita")
    parser.add_argument("--most", type=int, default=8)
    parser.add_argument("--sample", type=int, default=8)
    parser.add_argument("--firsts", type=int, default=15)
    parser.add_argument("--out", default=str(ROOT / "data" / "palindrome"))
    args = parser.parse_args()
    compiled = fewest.CompiledWords(fewest.WordIndex(as_wordlist(args.words)))
    compiled.search(2, 0, 1)   # compiled before anything is timed (a short search: the same types)
    rows = []
    for unit in sample_parts(args.sample):
        first = int(unit[1:]) * fewest.CHUNK_WORDS
        last = min(first + args.firsts, len(compiled.index.words))
        row = {"part": f"{unit}[:{args.firsts}]"}
        for most in (args.most - 1, args.most):
            placed, phrase, seconds = timed(compiled, most, first, last)
            row[f"placed at {most}"], row[f"cpu s at {most}"] = placed, round(seconds, 3)
            row[f"phrase at {most}"] = " ".join(phrase) if phrase else None
        rows.append(row)
        print(row, flush=True)
    write(args, rows)


def write(args, rows: list[dict]) -> None:
    fewer, more = args.most - 1, args.most
    total = {key: sum(r[key] for r in rows) for key in (f"placed at {fewer}", f"placed at {more}",
                                                         f"cpu s at {fewer}", f"cpu s at {more}")}
    if not total[f"placed at {fewer}"]:
        raise SystemExit("the parts placed no words: give --firsts more first words")
    ratio = total[f"placed at {more}"] / total[f"placed at {fewer}"]
    result = {
        "what": f"{len(rows)} parts: {parts_said(args.firsts)}, searched by the compiled search by words for at most "
                f"{fewer} and at most {more} words, in one process and thread; one run each",
        **made_by("palindrome_words_growth.py"), "code version": fewest.words_code(),
        "parts": rows, "totals": total, "growth": round(ratio, 3),
    }
    out = Path(args.out)
    (out / f"words-growth-{more}.json").write_text(json.dumps(result, indent=1) + "\n")
    lines = [f"# The search by words, at most {fewer} and at most {more} words on the same parts", "",
             result["what"] + ".", "", f"Made by `{result['command']}` (code version {result['code version'][:8]}).",
             "", f"| part | placed at {fewer} | placed at {more} | growth | cpu s at {fewer} | cpu s at {more} |",
             "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        grew = f"{r[f'placed at {more}'] / r[f'placed at {fewer}']:,.1f}×" if r[f"placed at {fewer}"] else "–"
        lines.append(f"| `{r['part']}` | {r[f'placed at {fewer}']:,} | {r[f'placed at {more}']:,} | {grew} | "
                     f"{r[f'cpu s at {fewer}']:.3f} | {r[f'cpu s at {more}']:.3f} |")
    lines += [f"| total | {total[f'placed at {fewer}']:,} | {total[f'placed at {more}']:,} | {ratio:,.1f}× | "
              f"{total[f'cpu s at {fewer}']:.3f} | {total[f'cpu s at {more}']:.3f} |", "",
              f"One word more placed {ratio:,.1f}× the words on these parts. The CPU seconds are of one run each and "
              f"vary by tens of percent from run to run on a shared machine; the words placed do not.", ""]
    found = [r["part"] for r in rows if r[f"phrase at {more}"]]
    if found:
        lines.insert(-1, f"Parts that met a phrase of at most {more} words: {', '.join(found)}.")
    (out / f"words-growth-{more}.md").write_text("\n".join(lines))
    print("\n".join(lines[-3:]))


if __name__ == "__main__":
    main()
