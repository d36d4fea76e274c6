"""`wordlab solve|bench word-ladder`: one ladder by one strategy, or every strategy side by side."""

from __future__ import annotations

import argparse
from typing import Callable

from wordlab.cli.options import Report, add_budget_options, add_strategy_option, add_words_option, budget_from, whole
from wordlab.puzzles import word_ladder as w
from wordlab.search import Probe, Result

BEAMS = ("beam", "beam-stack")
MOST_WIDTH = 1_000_000  # more than the words of any one length in any list


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("start", nargs="?", default="cold")
    parser.add_argument("goal", nargs="?", default="warm")
    add_words_option(parser, w.DEFAULT_WORDS)
    add_strategy_option(parser, w.STRATEGIES, default=w.DEFAULT_STRATEGY, many=command == "bench")
    parser.add_argument("--width", type=whole(1, MOST_WIDTH), default=50,
                        help=f"beam width for beam and beam-stack (default 50; 1 to {MOST_WIDTH:,})")
    if command == "solve":
        add_budget_options(parser)


def options(strategy: str, width: int) -> dict:
    """The command-line options a strategy takes: the beam width for the beams."""
    return {"width": width} if strategy in BEAMS else {}


def solve(args: argparse.Namespace) -> Report:
    ladder = w.WordLadder(args.start, args.goal, args.words)
    probe = Probe()
    result = w.solve(ladder, args.strategy, probe=probe, budget=budget_from(args), **options(args.strategy, args.width))
    steps = " → ".join(result.value) if result else "no ladder found"
    note = f" ({result.stopped})" if result.stopped else ""
    text = f"{args.strategy}: {steps}{note}\n{probe.nodes:,} nodes expanded"
    return Report(text, {**result.as_dict(), **probe.summary()}).unless_verified(args.strategy, result, w.verify,
                                                                                "word-ladder")


def runner(strategy: str, width: int = 50) -> Callable[..., Result]:
    """`run(ladder, probe=None)` for `wordlab.bench`: the named strategy (`width` for the beams). Each run
    starts on an empty neighbour cache, so each pays for its own look-ups."""
    def run(ladder: w.WordLadder, probe: Probe | None = None) -> Result:
        return w.solve(ladder, strategy, probe=probe, **options(strategy, width))
    return run


def bench(args: argparse.Namespace) -> Report:
    from wordlab import bench as measure

    ladder = w.WordLadder(args.start, args.goal, args.words)
    strategies = {name: runner(name, args.width) for name in args.strategies}
    frame = measure.run(strategies, {f"{args.start}→{args.goal}": ladder}, repeats=3, baseline=args.strategies[0],
                        describe=lambda r: r.cost)
    return Report(measure.format_table(frame, f"word ladder {args.start} → {args.goal} on {args.words}"),
                  measure.records(frame))


BUDGET_WORDS = "web2+gcide+wordfreq:1"  # some 42,000 five-letter words in one well-connected graph


def budget_case():
    """SHEEP → ABUZZ over the three big lists at once: ABUZZ has no neighbour, so no ladder exists and every
    strategy searches until it has covered its whole space: the best-first searches the SHEEP component of
    the five-letter graph, depth-first and breadth-first every path of up to 40 steps, the beams 40 layers
    (5,000 wide for beam, 2 for beam-stack, which backtracks). Each needs well over 5 s."""
    return w.WordLadder("sheep", "abuzz", BUDGET_WORDS), BUDGET_OPTIONS


BUDGET_OPTIONS = {"depth-first": {"max_depth": 40}, "depth-first-graph": {"max_depth": 40},
                  "breadth-first": {"max_depth": 40}, "breadth-first-graph": {"max_depth": 40},
                  "uniform-cost": {}, "greedy": {}, "astar": {},
                  "beam": {"max_depth": 40, "width": 5000}, "beam-stack": {"max_depth": 40, "width": 2}}
