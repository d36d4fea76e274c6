"""`wordlab bench budgets`: does every strategy of every puzzle return within its budget?

Each puzzle's command-line module offers `budget_case()`: an input big enough that its strategies would
run well past the budgets asked for here. Every strategy runs once per budget, and the table shows how long
the whole `solve` call took (set-up included), how far past its budget it went, whether that is within the
allowed margin (the larger of 0.25 s and 10 % of the budget), why it stopped, and whether every answer it
returned passes the puzzle's verifier.
"""

from __future__ import annotations

import time

from wordlab.cli.options import Report
from wordlab.puzzles import PUZZLES, puzzle_module
from wordlab.search import Budget


def margin(seconds: float) -> float:
    """How far past its budget a call may return: the larger of 0.25 s and 10 %."""
    return max(0.25, 0.1 * seconds)


def add_arguments(parser, command: str) -> None:
    parser.add_argument("--seconds", nargs="+", type=float, default=[1.0, 5.0], metavar="S",
                        help="the budgets to try (default 1 5)")
    parser.add_argument("--puzzles", nargs="+", choices=list(PUZZLES), default=list(PUZZLES), metavar="PUZZLE",
                        help="puzzles to try (default all)")


def trial(puzzle: str, strategy: str, given, options: dict, seconds: float) -> dict:
    """One budgeted call, timed as a whole, its answers verified."""
    module = puzzle_module(puzzle)
    started = time.perf_counter()
    result = module.solve(given, strategy, budget=Budget(seconds=seconds), **options)
    took = time.perf_counter() - started
    return {"puzzle": puzzle, "strategy": strategy, "budget_s": seconds, "took_s": round(took, 3),
            "over_s": round(took - seconds, 3), "holds": took <= seconds + margin(seconds),
            "stopped": result.stopped or ("finished" if result.exhausted else "done"),
            "answers": len(result.solutions),
            "valid": all(module.verify(result.given, value) for value in result.values)}


def rows(puzzles, budgets) -> list[dict]:
    from wordlab.cli import puzzle_commands

    found = []
    for puzzle in puzzles:
        given, options = puzzle_commands(puzzle).budget_case()
        for strategy in puzzle_module(puzzle).STRATEGIES:
            for seconds in budgets:
                found.append(trial(puzzle, strategy, given, options.get(strategy, {}), seconds))
    return found


def bench(args) -> Report:
    import pandas as pd

    found = rows(args.puzzles, args.seconds)
    frame = pd.DataFrame(found)
    held = int(frame["holds"].sum())
    title = (f"budgets: {held} of {len(frame)} calls returned within budget + max(0.25 s, 10 %); "
             f"{int(frame['valid'].sum())} of {len(frame)} returned only valid answers")
    return Report(f"{title}\n{frame.to_string(index=False)}", found)
