"""`wordlab solve|bench building-blocks`: the published puzzles or your own, by one strategy or all side by side."""

from __future__ import annotations

import argparse
from itertools import product

from wordlab.cli.options import Report, add_budget_options, add_repeats_option, add_strategy_option, add_words_option, \
    budget_from
from wordlab.errors import WordlabError
from wordlab.puzzles import building_blocks as bb
from wordlab.search import pick, spent_together

EXACT = ("backtracking", "exact-cover")
GOAL = 0.2  # an exact solver should need at most a fifth of the regex scan's time


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    add_words_option(parser, bb.DEFAULT_WORDS)
    parser.add_argument("--published", nargs="+", default=None, metavar="NAME",
                        help="published puzzles to use: p1 p2 p3 (default all)")
    parser.add_argument("--patterns", help="your own puzzle: patterns like 'pol...... imb......'")
    parser.add_argument("--blocks", help="your own puzzle: blocks like 'ble cal cup' (repeats allowed)")
    if command == "solve":
        add_strategy_option(parser, bb.STRATEGIES, default=bb.DEFAULT_STRATEGY)
        add_budget_options(parser)
    else:
        add_strategy_option(parser, bb.STRATEGIES, many=True)
        add_repeats_option(parser, 5, "runs per measurement")


def chosen_puzzles(args: argparse.Namespace) -> dict[str, bb.Puzzle]:
    """Your own puzzle (--patterns and --blocks), else the published ones asked for (default all)."""
    if args.patterns is not None or args.blocks is not None:
        if args.patterns is None or args.blocks is None:
            raise WordlabError("give both --patterns and --blocks for your own puzzle")
        if args.published:
            raise WordlabError("give either your own puzzle (--patterns, --blocks) or --published, not both")
        return {"given": bb.Puzzle(args.patterns, args.blocks)}
    known = bb.published()
    return {name: pick(known, name, "published puzzle")["puzzle"] for name in args.published or known}


def solve(args: argparse.Namespace) -> Report:
    puzzles = chosen_puzzles(args)
    budget = budget_from(args)
    lexicon = bb.Lexicon(args.words)
    lines, data = [f"words: {lexicon.words.name} ({len(lexicon.words):,})"], {}
    with spent_together(budget):  # one budget for all the puzzles: one that comes after it ran out stops at once
        for name, puzzle in puzzles.items():
            answer = bb.solve(puzzle, args.strategy, words=lexicon, budget=budget)
            lines.append(f"{name}: {puzzle}")
            lines += [f"  {' '.join(s)}   (unused: {' '.join(answer.unused(s)) or 'none'})" for s in answer.values]
            if not answer.solutions or answer.stopped:
                lines.append(f"  {answer.summary()}")
            data[name] = answer.as_dict()
    return Report("\n".join(lines), {"words": lexicon.words.describe(), "strategy": args.strategy, "puzzles": data})


def benchmark(puzzles: dict[str, bb.Puzzle], lexicon: bb.Lexicon, names=tuple(bb.STRATEGIES), repeats: int = 5):
    """`wordlab.bench.run` of the strategies `names` on `puzzles`, after building the index once (so the
    table times the solving); returns the table and the seconds the index took per (length, block size)."""
    from wordlab import bench

    keys = {(puzzle.length, puzzle.size) for puzzle in puzzles.values()}
    for key in sorted(keys):
        lexicon.index(*key)
    problems = {name: bb.Problem(puzzle, lexicon) for name, puzzle in puzzles.items()}
    baseline = "regex-scan" if "regex-scan" in names else names[0]
    table = bench.run(bench.solvers(bb.solve, names), problems, repeats=repeats, baseline=baseline,
                      describe=bb.Answer.summary)
    return table, {key: lexicon.build_seconds[key] for key in sorted(keys)}


def bench(args: argparse.Namespace) -> Report:
    from wordlab.bench import format_table

    puzzles = chosen_puzzles(args)
    lexicon = bb.Lexicon(args.words)
    table, builds = benchmark(puzzles, lexicon, args.strategies, args.repeats)
    table["answer"] = table["answer"].str.slice(0, 60)
    title = f"Building Blocks on {lexicon.words.name} ({len(lexicon.words):,} words), {args.repeats} runs each"
    lines = [format_table(table, title)]
    lines += [f"chunk index for length {n}, blocks of {k}: built once in {s * 1000:.1f} ms (not in the table)"
              for (n, k), s in builds.items()]
    verdicts = {}
    if "regex-scan" in args.strategies:
        for row in table[table["strategy"].isin(EXACT)].itertuples():
            verdicts[f"{row.input}/{row.strategy}"] = bool(row.ratio <= GOAL)
            lines.append(f"{row.strategy} on {row.input} takes {row.ratio:.5f} of regex-scan's time "
                         f"(goal: at most {GOAL:g}; {'met' if row.ratio <= GOAL else 'NOT met'})")
    from wordlab.bench import records

    data = {"words": lexicon.words.describe(), "index_seconds": {f"{n}x{k}": s for (n, k), s in builds.items()},
            "rows": records(table), "goal_met": verdicts}
    return Report("\n".join(lines), data)


def budget_case():
    """Sixteen six-letter patterns over a made-up list of every word of three two-letter chunks from
    six (216 words), each block given six times: every pattern has 36 candidates and the puzzle has
    astronomically many solutions, so listing them all takes every strategy far longer than 5 s (the
    regex scan is stuck in its product of 36^16 combinations)."""
    chunks = ["ab", "cd", "ef", "gh", "ij", "kl"]
    words = ["".join(w) for w in product(chunks, repeat=3)]
    patterns = [f"{c}...." for c in chunks] * 2 + [f"..{c}.." for c in chunks[:4]]
    puzzle = bb.Puzzle(patterns, sorted(chunks * 6))
    return bb.Problem(puzzle, bb.Lexicon(words)), {}
