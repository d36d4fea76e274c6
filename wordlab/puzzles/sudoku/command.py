"""`wordlab solve sudoku` and `wordlab bench sudoku`."""

from __future__ import annotations

import argparse
import sys
import time

from wordlab import bench
from wordlab.cli import add_budget_options, add_strategy_option, budget_from
from wordlab.errors import WordlabError
from wordlab.puzzles import Report
from wordlab.puzzles.sudoku.grid import Sudoku, parse
from wordlab.puzzles.sudoku.library import EXAMPLES, PUBLISHED, difficulty, generate, load_set, set_available
from wordlab.puzzles.sudoku.strategies import FASTEST, STRATEGIES
from wordlab.search.probe import Budget, Probe

BENCH_DEFAULT = ["propagation", "dancing-links", "bitmask-singles", "bitmask-locked", "bitfield-cover"]
BASELINE = "propagation"


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    if command == "solve":
        parser.add_argument("grid", nargs="?", default="harder", metavar="GRID",
                            help=f"81/64/36 characters (0 or . for blanks) or one of {', '.join(EXAMPLES)} "
                                 "(default harder)")
        add_strategy_option(parser, STRATEGIES, default=FASTEST)
        parser.add_argument("--limit", type=int, default=2,
                            help="count solutions up to this many (default 2: proves uniqueness)")
        parser.add_argument("--generate", type=int, metavar="SIZE", choices=(9, 8, 6),
                            help="solve a generated puzzle of this size (9, 8 or 6) instead")
        parser.add_argument("--seed", type=int, default=0, help="seed for --generate (default 0)")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.set_defaults(strategies=BENCH_DEFAULT)
        parser.add_argument("--sample", type=int, default=1000, help="puzzles sampled from sudoku17 (default 1000)")
        parser.add_argument("--repeats", type=int, default=1, help="runs per strategy and set (best kept)")
        parser.add_argument("--max-seconds", type=float, default=None,
                            help="time budget per puzzle, for the slow strategies")
        parser.add_argument("--published", action="store_true",
                            help="instead, reproduce the published call counts (sequential on 'harder' takes minutes)")


def _puzzle_from(args: argparse.Namespace) -> Sudoku:
    if args.generate:
        return generate(args.generate, seed=args.seed)
    return parse(EXAMPLES.get(args.grid, args.grid))


def cli_solve(args: argparse.Namespace) -> Report:
    from wordlab.puzzles.sudoku import solve

    puzzle = _puzzle_from(args)
    probe = Probe()
    start = time.perf_counter()
    solved = solve(puzzle, args.strategy, probe=probe, budget=budget_from(args), limit=args.limit)
    seconds = time.perf_counter() - start
    effort = difficulty(puzzle)
    count = f"{solved.count}" + ("+" if solved.count >= args.limit or solved.stopped else "")
    lines = [puzzle.show(), "", f"{puzzle.clues} clues, difficulty {effort.label} "
             f"({effort.singles_calls} calls with singles)", ""]
    if solved.solution:
        lines += [solved.solution.show(), ""]
    lines.append(f"{args.strategy}: {count} solution(s), {'all verified' if solved.verified else 'NOT VERIFIED'}, "
                 f"{probe.calls:,} calls, {seconds * 1000:.1f} ms")
    if solved.stopped:
        lines.append(f"stopped early: {solved.stopped}")
    data = {"puzzle": str(puzzle), "strategy": args.strategy, "solutions": [str(s) for s in solved.solutions],
            "count_at_least" if solved.stopped or solved.count >= args.limit else "count": solved.count,
            "verified": solved.verified, "calls": probe.calls, "seconds": seconds, "stopped": solved.stopped,
            "difficulty": effort.label}
    return Report("\n".join(lines), data)


def _bench_inputs(sample: int) -> tuple[dict[str, list[Sudoku]], list[str]]:
    """The puzzle sets to run, and notes on what was missing."""
    inputs, notes = {}, []
    if set_available("top95"):
        inputs["top95"] = load_set("top95")
    else:
        notes.append("top95 is missing ($WORDLAB_DATA/sudoku/top95.txt)")
    if set_available("sudoku17"):
        inputs[f"sudoku17 sample of {sample}"] = load_set("sudoku17", sample=sample)
    else:
        notes.append("sudoku17 is missing ($WORDLAB_DATA/sudoku/sudoku17.txt)")
    if not inputs:
        count = min(sample, 50)
        inputs[f"{count} generated"] = [generate(9, seed=seed) for seed in range(count)]
        notes.append(f"using {count} generated puzzles instead")
    return inputs, notes


def _over_set(name: str, seconds: float | None, worst: dict, stopped: dict):
    """A bench strategy solving every puzzle of a set; records the slowest puzzle and the budget stops."""
    strategy = STRATEGIES[name]

    def run(puzzles: list[Sudoku], probe: Probe | None = None) -> int:
        slowest, stops = 0.0, 0
        for puzzle in puzzles:
            budget = Budget(seconds=seconds).start() if seconds else None
            start = time.perf_counter()
            strategy(puzzle, probe=probe, budget=budget)
            slowest = max(slowest, time.perf_counter() - start)
            stops += bool(budget and budget.stopped)
        if probe is None:  # wordlab.bench times probe-free runs; its probed run only counts calls
            key = name, id(puzzles)
            worst[key] = min(worst.get(key, float("inf")), slowest)
            stopped[key] = stops
        return len(puzzles)

    return run


def cli_bench(args: argparse.Namespace) -> Report:
    if args.published:
        return published_counts()
    if args.sample < 1:
        raise WordlabError(f"--sample must be at least 1, not {args.sample}")
    inputs, notes = _bench_inputs(args.sample)
    worst: dict = {}
    stopped: dict = {}
    strategies = {name: _over_set(name, args.max_seconds, worst, stopped) for name in args.strategies}
    baseline = BASELINE if BASELINE in strategies else args.strategies[0]
    frame = bench.run(strategies, inputs, repeats=args.repeats, baseline=baseline)
    frame["puzzles_per_s"] = [len(inputs[i]) / s for i, s in zip(frame["input"], frame["seconds"])]
    frame["worst_ms"] = [worst[s, id(inputs[i])] * 1000 for i, s in zip(frame["input"], frame["strategy"])]
    frame["cpu_puzzles_per_s"] = [len(inputs[i]) / s for i, s in zip(frame["input"], frame["cpu_seconds"])]
    frame["stopped"] = [stopped[s, id(inputs[i])] for i, s in zip(frame["input"], frame["strategy"])]
    frame["speedup"] = 1 / frame["ratio"]
    frame["cpu_speedup"] = 1 / bench.with_ratios(frame, baseline, "cpu_seconds")["ratio"]
    frame = frame.drop(columns=["mean_seconds"])
    text = bench.format_table(frame.round({"puzzles_per_s": 1, "cpu_puzzles_per_s": 1, "worst_ms": 1, "speedup": 2,
                                           "cpu_speedup": 2}),
                              f"Sudoku strategies (ratio = seconds ÷ {baseline}'s; speedup = its inverse; "
                              f"cpu_speedup = the same in CPU time)")
    return Report("\n".join([text, *notes]), {"rows": frame.to_dict("records"), "notes": notes})


def published_counts() -> Report:
    """Run the write-ups' strategies on their puzzles and compare the calls with the published ones."""
    rows, lines = [], ["strategy    puzzle   published      measured  match  seconds"]
    for (strategy, example), expected in PUBLISHED.items():
        print(f"running {strategy} on {example} …", file=sys.stderr, flush=True)
        probe = Probe()
        start = time.perf_counter()
        STRATEGIES[strategy](parse(EXAMPLES[example]), probe=probe)
        seconds = time.perf_counter() - start
        match = probe.calls == expected
        rows.append({"strategy": strategy, "puzzle": example, "published": expected, "calls": probe.calls,
                     "match": match, "seconds": seconds})
        lines.append(f"{strategy:<11} {example:<7} {expected:>11,} {probe.calls:>13,}  {'yes' if match else 'NO':<5}"
                     f"  {seconds:7.1f}")
    return Report("\n".join(lines), rows)
