"""`wordlab bench budgets`: does every strategy of every puzzle, and every whole command, return within its
budget?

Strategies: each puzzle's command-line module offers `budget_case()`, an input big enough that its
strategies would run well past the budgets asked for here. Every strategy runs once per budget, and the table
shows how long the whole `solve` call took (set-up included), how far past its budget it went, whether that
is within the allowed margin (the larger of 0.25 s and 10 % of the budget), why it stopped, and whether every
answer it returned passes the puzzle's verifier.

Commands: whole `wordlab solve` commands run as processes with `--max-seconds S`, where the budget is the
command's: loading, model building, every part of a run in parts, and checking. Each is allowed S + the margin
+ its start-up, which the same command with `--max-seconds 0` measures (Python, imports, and the work done
before the first look at the clock), and must say why it stopped.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time

from wordlab.cli.options import Report, number
from wordlab.puzzles import PUZZLES, puzzle_module
from wordlab.search import Budget


def margin(seconds: float) -> float:
    """How far past its budget a call may return: the larger of 0.25 s and 10 %."""
    return max(0.25, 0.1 * seconds)


KINDS = ("strategies", "commands")


def add_arguments(parser, command: str) -> None:
    parser.add_argument("--seconds", nargs="+", type=number(0, 600), default=[1.0, 5.0], metavar="S",
                        help="the budgets to try (default 1 5; at most 600)")
    parser.add_argument("--puzzles", nargs="+", choices=list(PUZZLES), default=list(PUZZLES), metavar="PUZZLE",
                        help="puzzles whose strategies to try (default all)")
    parser.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS),
                        help="strategies (one call each) and/or whole commands (default both)")
    parser.add_argument("--commands", nargs="+", choices=list(COMMANDS), default=list(COMMANDS), metavar="NAME",
                        help=f"whole commands to try (default all: {', '.join(COMMANDS)})")


FRESH_MODEL = "fresh model cache"  # an environment marker: run with an empty cache, so the model is built

COMMANDS = {  # name → (arguments of `wordlab`, needs): runs in parts, and runs that build a model first
    "word-squares-any-row": (["solve", "word-squares", "mishaps", "--any-row", "--words", "moby-single"], ()),
    "word-squares-sizes": (["solve", "word-squares", "--sizes", "5", "6", "7"], ()),
    "building-blocks-published": (["solve", "building-blocks", "--strategy", "regex-scan", "--words",
                                   "web2+gcide+moby-single"], ()),
    "shredded-model": (["solve", "shredded", "--order", "8"], (FRESH_MODEL,)),
    "sudoku-limit": (["solve", "sudoku", "." * 81, "--limit", "1000000"], ()),  # then every answer verified
}


def command_seconds(arguments: list[str], seconds: float, fresh_cache: bool) -> tuple[float, dict, int]:
    """Run `wordlab ARGUMENTS --max-seconds SECONDS --json` as a process: (its wall seconds, its JSON, its exit
    status). With `fresh_cache`, in an empty cache folder of its own (models and lists are built afresh)."""
    environment = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="wordlab-budget-") as folder:
        if fresh_cache:
            environment["WORDLAB_CACHE"] = folder
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "wordlab.cli", *arguments, "--max-seconds", f"{seconds:g}",
                               "--json"], capture_output=True, text=True, env=environment)
        took = time.perf_counter() - started
    try:
        data = json.loads(done.stdout)
    except ValueError:
        data = {"error": (done.stderr or done.stdout).strip()[-300:]}
    return took, data, done.returncode


def stopped_reasons(data) -> list[str]:
    """Every `stopped` reason anywhere in a command's JSON."""
    if isinstance(data, dict):
        found = [data["stopped"]] if isinstance(data.get("stopped"), str) else []
        return found + [r for key, value in data.items() if key != "stopped" for r in stopped_reasons(value)]
    if isinstance(data, list):
        return [r for value in data for r in stopped_reasons(value)]
    return []


def command_rows(names, budgets) -> list[dict]:
    """For each command: its start-up (`--max-seconds 0`), then one run per budget, timed as a whole."""
    found = []
    for name in names:
        arguments, needs = COMMANDS[name]
        fresh = FRESH_MODEL in needs
        startup, _, _ = command_seconds(arguments, 0, fresh)
        for seconds in budgets:
            took, data, status = command_seconds(arguments, seconds, fresh)
            allowed = seconds + margin(seconds) + startup
            reasons = stopped_reasons(data)
            found.append({"command": name, "budget_s": seconds, "took_s": round(took, 3),
                          "startup_s": round(startup, 3), "allowed_s": round(allowed, 3), "holds": took <= allowed,
                          "exit": status, "stopped": reasons[0] if reasons else "finished",
                          "error": data.get("error", "") if isinstance(data, dict) else ""})
    return found


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

    text, data = [], {}
    if "strategies" in args.kinds:
        found = rows(args.puzzles, args.seconds)
        frame = pd.DataFrame(found)
        held = int(frame["holds"].sum())
        text.append(f"budgets: {held} of {len(frame)} calls returned within budget + max(0.25 s, 10 %); "
                    f"{int(frame['valid'].sum())} of {len(frame)} returned only valid answers\n"
                    f"{frame.to_string(index=False)}")
        data["strategies"] = found
    if "commands" in args.kinds:
        found = command_rows(args.commands, args.seconds)
        frame = pd.DataFrame(found).drop(columns=["error"])
        held = int(frame["holds"].sum())
        text.append(f"whole commands: {held} of {len(frame)} returned within budget + max(0.25 s, 10 %) + start-up "
                    f"(the same command's time with --max-seconds 0)\n{frame.to_string(index=False)}")
        data["commands"] = found
    return Report("\n\n".join(text), data)
