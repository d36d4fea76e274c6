"""`wordlab solve|bench word-squares`: every square with a given first word (or in any row, of given sizes, or
double squares), and the strategies side by side."""

from __future__ import annotations

import argparse
import heapq
import time
from typing import Sequence

from wordlab.cli.options import (Report, add_budget_options, add_repeats_option, add_show_option, add_strategy_option,
                                 add_words_option, budget_from, whole)
from wordlab.errors import WordlabError
from wordlab.puzzles import word_squares as ws
from wordlab.words import best_available, load

BENCH_WORDS = ("moby-single", "moby-crosswords", "enable1")
DEFAULT_SECONDS = 60.0  # big squares (size 8 and up on a large list) would otherwise search for days


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "solve":
        parser.add_argument("rows", nargs="*", help="the first word (or top rows; '.' for blanks), e.g. bishop")
        add_words_option(parser, ws.DEFAULT_WORDS)
        add_strategy_option(parser, ws.STRATEGIES, ws.DEFAULT_STRATEGY)
        parser.add_argument("--any-row", action="store_true", help="find squares with the word in any row")
        parser.add_argument("--sizes", type=whole(1, ws.MAX_SIZE), nargs="+", metavar="SIZE",
                            help=f"instead: every square of each size (1 to {ws.MAX_SIZE})")
        parser.add_argument("--double", type=whole(2, ws.MAX_SIZE), metavar="SIZE",
                            help=f"instead: double word squares of SIZE (2 to {ws.MAX_SIZE})")
        add_show_option(parser, 5, "squares")
        add_budget_options(parser, default_seconds=DEFAULT_SECONDS)
    else:
        parser.add_argument("rows", nargs="*", default=["bishop"], help="first word(s) to bench (default bishop)")
        parser.add_argument("--words", nargs="+", default=None, metavar="NAME|PATH",
                            help=f"word sources (default: the largest available of {', '.join(BENCH_WORDS)})")
        add_strategy_option(parser, ws.STRATEGIES, many=True)
        add_repeats_option(parser, 3, "runs per strategy; the best counts")


def solve(args: argparse.Namespace) -> Report:
    chosen = [name for name, given in (("a first word", bool(args.rows) and not args.double),
                                       ("--sizes", args.sizes is not None), ("--double", args.double is not None))
              if given]
    if len(chosen) > 1:
        raise WordlabError(f"give one of a first word, --sizes or --double, not {' and '.join(chosen)}")
    budget = budget_from(args)
    if args.double is not None:
        result = ws.double_squares(args.double, args.words, args.rows[0] if args.rows else None, budget=budget)
        return _report(f"double word squares of size {args.double}", ws.squares_of(result), args.show)
    if args.sizes is not None:
        return _sizes(ws.squares_of_sizes(args.sizes, args.words, args.strategy, budget), args.show)
    if not args.rows:
        raise WordlabError("give a first word (e.g. bishop), or --sizes, or --double SIZE")
    if args.any_row:
        if len(args.rows) > 1:
            raise WordlabError(f"--any-row takes one word, not {len(args.rows)}: {' '.join(args.rows)}")
        found = ws.squares_with(args.rows[0], args.words, args.strategy, budget)
        return _report(f"squares with {args.rows[0]!r} in some row", found, args.show)
    result = ws.solve(ws.puzzle(args.rows, args.words), args.strategy, budget=budget)
    return _report(f"squares starting {'/'.join(args.rows)} ({args.strategy})", ws.squares_of(result), args.show)


def counted(n: int, stopped: str | None) -> str:
    """A count as a report says it: "at least N" when the search stopped early (more may exist)."""
    return f"at least {n:,}" if stopped else f"{n:,}"


def _sizes(results: dict, show: int) -> Report:
    lines = [f"size {n}: {counted(len(r.solutions), r.stopped)} squares" + (f" (stopped: {r.stopped})" if r.stopped
                                                                            else "")
             for n, r in results.items()]
    data = {n: {"count": len(r.solutions), "count_is": "at least" if r.stopped else "exact", "stopped": r.stopped,
                "squares": heapq.nsmallest(show, r.values)}
            for n, r in results.items()}
    return Report("\n".join(lines), data)


def _report(title: str, found: ws.Squares, show: int) -> Report:
    stopped = found.stopped
    lines = [f"{title}: {counted(len(found), stopped)}" + (f" (stopped early: {stopped})" if stopped else "")]
    for square in found[:show]:
        lines += ["", *(" ".join(row) for row in square)]
    return Report("\n".join(lines), {"count": len(found), "count_is": "at least" if stopped else "exact",
                                     "stopped": stopped, "squares": found[:show]})


def bench_inputs(rows: Sequence[str], sources: Sequence[str]) -> tuple[dict, dict[str, float]]:
    """Puzzles to bench, with their indexes built, and the seconds spent loading and indexing each source."""
    inputs, loading = {}, {}
    for source in sources:
        started = time.perf_counter()
        wordlist = load(source)
        loaded = time.perf_counter()
        for first in rows:
            given = ws.puzzle(first, wordlist)
            given.words.build()
            inputs[f"{first} on {wordlist.name}"] = given
        loading[f"{source}: load"] = loaded - started
        loading[f"{source}: index"] = time.perf_counter() - loaded
    return inputs, loading


def bench(args: argparse.Namespace) -> Report:
    from wordlab import bench as benchmark

    sources = args.words or [best_available(*BENCH_WORDS, fallback=ws.DEFAULT_WORDS)]
    inputs, loading = bench_inputs(args.rows, sources)
    strategies = {name: _runner(name) for name in args.strategies}
    frame = benchmark.run(strategies, inputs, repeats=args.repeats, describe=lambda r: len(r.solutions),
                          baseline="prefix-table-bfs" if "prefix-table-bfs" in strategies else None)
    text = benchmark.format_table(frame, "word squares: every square with the given first row (search only)")
    text += "\n\nloading and indexing, seconds (not in the table): " + ", ".join(
        f"{k} {v:.2f}" for k, v in loading.items())
    return Report(text, {"runs": frame.to_dict(orient="records"), "loading_seconds": loading})


def _runner(name: str):
    return lambda given, probe=None: ws.solve(given, name, probe=probe)


def budget_case():
    """Every square of size 6 on the largest list available (moby-single: tens of millions of partial squares
    for the prefix strategies), from an empty grid."""
    words = load(best_available(*BENCH_WORDS, fallback=ws.DEFAULT_WORDS))
    return ws.blank_puzzle(6, words), {}
