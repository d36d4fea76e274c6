"""`wordlab solve|bench shredded`: restore one grid, or run the strategies side by side and on the held-out sets."""

from __future__ import annotations

import argparse
import random
from typing import Callable

from wordlab.cli.options import (Report, add_budget_options, add_repeats_option, add_strategy_option, budget_from,
                                 number, taken, whole)
from wordlab.errors import WordlabError
from wordlab.files import read_text, writable_file
from wordlab.lm import TextModel, default_model
from wordlab.lm.train import MAX_ORDER
from wordlab.puzzles import shredded as sh
from wordlab.search import Budget, BudgetExhausted, Probe, spent_together

WIDTHS = (1, 2, 3)
MOST_WIDTH = 100_000  # beams wider than this hold more rows than any grid has orders worth keeping
MOST_WORD_WEIGHT = 1000.0
DEFAULT_SECONDS = 60.0  # a grid of hundreds of columns would keep the beams and best-first going for hours


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("grid", nargs="?", default=None,
                        help="a file holding the grid as |ab|cd|… rows (default: the 2011 AI-class grid)")
    parser.add_argument("--train", default="default", metavar="SPEC",
                        help="training text: default (shipped+wordfreq), shipped, wordfreq, nltk:brown, a file, a+b")
    parser.add_argument("--order", type=whole(1, MAX_ORDER), default=6,
                        help=f"character n-gram order (default 6; 1 to {MAX_ORDER})")
    parser.add_argument("--word-weight", type=number(0, MOST_WORD_WEIGHT), default=1.0,
                        help=f"weight of the word unigram model (default 1; 0 to {MOST_WORD_WEIGHT:g})")
    parser.add_argument("--beam-width", type=whole(1, MOST_WIDTH), default=None,
                        help=f"beam width for beam and beam-repair (default 200 for strips of one character, else 50; "
                             f"1 to {MOST_WIDTH:,})")
    if command == "solve":
        add_strategy_option(parser, sh.STRATEGIES, default=sh.DEFAULT_STRATEGY)
        add_budget_options(parser, default_seconds=DEFAULT_SECONDS)
        parser.add_argument("--save", metavar="FILE", help="also write the restored rows to FILE")
    else:
        add_strategy_option(parser, sh.STRATEGIES, many=True)
        add_repeats_option(parser, 3, "timed runs per strategy")
        parser.add_argument("--held-out", nargs="*", type=whole(min(WIDTHS), max(WIDTHS)), default=list(WIDTHS),
                            metavar="WIDTH",
                            help="strip widths whose held-out sets to restore (default 1 2 3; none: skip)")
        parser.add_argument("--held-out-strategies", nargs="+", choices=list(sh.STRATEGIES),
                            default=[sh.DEFAULT_STRATEGY], metavar="NAME",
                            help=f"strategies to run on the held-out sets (default {sh.DEFAULT_STRATEGY})")


def model_from(args: argparse.Namespace, budget: Budget | None = None) -> TextModel:
    """The text model the options ask for; building it is charged to a running `budget`."""
    return default_model(order=args.order, word_weight=args.word_weight, spec=args.train, budget=budget)


def read_grid(name: str | None) -> sh.Grid:
    """The grid in file `name` (the AI-class grid when None): UTF-8 text, at most `sh.MAX_TEXT` bytes."""
    if name is None:
        return sh.ai_class_grid()
    text = read_text(name, "grid file", most=sh.MAX_TEXT)
    if "\x00" in text:
        raise WordlabError(f"grid file {name!r} is not text (it holds NUL bytes)")
    return sh.parse(text)


def options(strategy: str, args: argparse.Namespace, model: TextModel) -> dict:
    """The options a strategy takes from the command line: the model, and the beam width for the beams."""
    found = {"model": model}
    if strategy in ("beam", "beam-repair"):
        found["width"] = args.beam_width
    return taken(sh.STRATEGIES, strategy, found)


def save(name: str, lines: list[str]) -> None:
    path = writable_file(name, "--save file")
    try:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    except OSError as failed:
        raise WordlabError(f"--save file {name!r} cannot be written: {failed.strerror or failed}") from None


def solve(args: argparse.Namespace) -> Report:
    grid, probe, budget = read_grid(args.grid), Probe(), budget_from(args)
    if args.save:
        writable_file(args.save, "--save file")
    with spent_together(budget):  # building the model is charged to the command's budget too
        try:
            model = model_from(args, budget)
        except BudgetExhausted:
            return _stopped_building(args, grid, budget)
        result = sh.solve(grid, args.strategy, probe=probe, budget=budget,
                          **options(args.strategy, args, model))
    lines = result.lines
    head = (f"{args.strategy}: score {result.cost:.1f}" if result else f"{args.strategy}: no order found") + \
        f", {probe.nodes:,} nodes, {result.seconds:.2f} s" + (f" (stopped: {result.stopped})" if result.stopped else "")
    if args.save and result:
        save(args.save, lines)
    data = {**result.as_dict(), "order": list(result.order or ()), "lines": lines, **probe.summary()}
    return Report("\n".join([head, *lines]), data)


def _stopped_building(args: argparse.Namespace, grid: sh.Grid, budget: Budget) -> Report:
    """The report of a run whose budget ran out while its model was being built: no order, and why."""
    why = f"{budget.stopped} while building the order-{args.order} model"
    result = sh.Answer(strategy=args.strategy, stopped=why, given=grid)
    return Report(f"{args.strategy}: no order found (stopped: {why})", {**result.as_dict(), "order": [], "lines": []})


def runner(strategy: str, args: argparse.Namespace, model: TextModel) -> Callable:
    chosen = options(strategy, args, model)

    def run(grid: sh.Grid, probe: Probe | None = None):
        return sh.solve(grid, strategy, probe=probe, **chosen)
    run.__name__ = strategy
    return run


def bench(args: argparse.Namespace) -> Report:
    from wordlab.bench import format_table, run

    grid, model = read_grid(args.grid), model_from(args)
    strategies = {name: runner(name, args, model) for name in args.strategies}
    sh.solve(grid, "greedy-chain", model=model)  # warm the model's memo, so the first strategy is not charged for it
    frame = run(strategies, {"grid": grid}, repeats=args.repeats,
                describe=lambda found: " ".join(found.text.split())[:40])
    title = f"shredded: {grid.rows} rows × {grid.n} strips of {grid.width}, order-{args.order} model"
    text, data = [format_table(frame, title)], {"grid": frame.to_dict(orient="records")}
    if args.held_out:
        table = held_out_table(args, model)
        text.append(held_out_text(table))
        data["held_out"] = table
    return Report("\n\n".join(text), data)


def held_out_table(args: argparse.Namespace, model: TextModel) -> list[dict]:
    """For each strip width and strategy: how many of the held-out set's ten grids come back exactly."""
    rows = []
    for width in args.held_out:
        cases = sh.heldout_cases(width)
        for name in args.held_out_strategies:
            results = [sh.solve(case.grid, name, **options(name, args, model)) for case in cases]
            exact = sum(tuple(r.lines) == case.lines for r, case in zip(results, cases))
            rows.append({"strip width": width, "strategy": name, "restored": exact, "grids": len(cases),
                         "seconds": round(sum(r.seconds for r in results), 2)})
    return rows


def held_out_text(rows: list[dict]) -> str:
    lines = ["held-out prose (not in the training text), ragged right in 3-6 rows of up to 30 strips:",
             f"{'strip width':>11}  {'strategy':<18} {'restored':>8}  {'seconds':>8}"]
    lines += [f"{r['strip width']:>11}  {r['strategy']:<18} {r['restored']:>4} / {r['grids']:<2} {r['seconds']:>8.2f}"
              for r in rows]
    return "\n".join(lines)


def budget_case():
    """20 columns × 4,000 rows of strips 2 wide, cut from the held-out prose shuffled word by word: every
    strategy needs well over 5 s (the beams and best-first score thousands of 4,000-row windows, exact and
    greedy-chain build 400 pair scores over 4,000 rows, and exact then fills 20·2²⁰ table cells)."""
    words = " ".join(" ".join(sh.heldout_prose(w)) for w in WIDTHS).split()
    text = " ".join(random.Random(1).choice(words) for _ in range(36_000))
    grid = sh.shred(text[:2 * 20 * 4000], seed=1, width=2, columns=20)
    return grid, {}
