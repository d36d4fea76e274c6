"""Many puzzles at once: `solve_all(puzzles)` runs the compiled search over an array of puzzles in one call
(returning to Python only to look at the budget), or any other strategy in a plain loop under one budget,
and spreads the work over processes with `workers=N`."""

from __future__ import annotations

import time
from itertools import groupby
from typing import Iterable

import numpy as np

from wordlab.errors import WordlabError
from wordlab.puzzles.sudoku.grid import Geometry, Sudoku, parse
from wordlab.search import Budget, BudgetExhausted, run
from wordlab.search.probe import Found, spent_together
from wordlab.search.result import check_options

BATCH = "compiled"  # the strategy solved in one compiled call over the whole array
ROOM = 1 << 16  # solutions the kernel writes before it hands them over


def solve_all(puzzles: Iterable[Sudoku | str], strategy=BATCH, *, budget: Budget | None = None, workers: int = 1,
              **options) -> list:
    """An `Answer` for each puzzle (a `Sudoku` or its text), in order, looking for up to `limit` solutions of
    each (default 1). With `compiled` (the default) the search runs over the array of all puzzles of a size in
    one compiled call; any other strategy runs puzzle by puzzle. `budget` is the whole batch's: when it runs
    out, the puzzle in progress keeps the solutions found so far and every answer not finished says
    `stopped`. `workers` > 1 splits the puzzles over that many processes (each given the time left, and an
    equal share of the nodes left). An answer's `seconds` is the whole batch's time so far when it was
    finished (a batch is timed as a whole); `nodes` are its own."""
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise WordlabError(f"workers must be a whole number ≥ 1, not {workers!r}")
    given = [_parsed(p, i) for i, p in enumerate(puzzles)]
    if strategy == BATCH:
        from wordlab.puzzles.sudoku.strategies import compiled

        check_options(compiled, BATCH, tuple(sorted(options)))
    with spent_together(budget):
        if workers > 1 and len(given) > 1:
            return _in_processes(given, strategy, budget, workers, options)
        if strategy == BATCH:
            return _compiled(given, options.get("limit", 1), budget)
        return _one_by_one(given, strategy, budget, options)


def _parsed(puzzle, index: int) -> Sudoku:
    try:
        return parse(puzzle)
    except WordlabError as problem:
        raise WordlabError(f"puzzle {index + 1}: {problem}") from None


def _one_by_one(given: list[Sudoku], strategy, budget: Budget | None, options: dict) -> list:
    """Each puzzle through the runner, sharing `budget` (once spent, the rest stop at once). A strategy of your
    own that takes no `limit` is closed after its `limit`-th solution (`wordlab.search.result.at_most`)."""
    from wordlab.search.result import at_most
    from wordlab.puzzles.sudoku import STRATEGIES, Answer, render

    if "limit" in options:
        strategy, taken = at_most(STRATEGIES, strategy, options["limit"])
        options = {**options, **taken} if taken else {k: v for k, v in options.items() if k != "limit"}
    return [run(STRATEGIES, strategy, puzzle, result=Answer, render=render, budget=budget, **options)
            for puzzle in given]


def _in_processes(given: list[Sudoku], strategy, budget: Budget | None, workers: int, options: dict) -> list:
    """The puzzles split into `workers` runs of consecutive puzzles, each solved by `solve_all` in a process of
    its own under a budget of the time left and an equal share of the nodes left."""
    from concurrent.futures import ProcessPoolExecutor

    if not isinstance(strategy, str):
        raise WordlabError("workers > 1 needs the strategy by name (a name of STRATEGIES or module:function), "
                           "so that each process can find it")
    seconds = None if budget is None or budget.seconds is None else budget.remaining()
    nodes = None if budget is None else budget.nodes_left()
    size = -(-len(given) // workers)
    parts = [[str(p) for p in given[i:i + size]] for i in range(0, len(given), size)]
    shares = [None if nodes is None else nodes // len(parts) + (k < nodes % len(parts)) for k in range(len(parts))]
    with ProcessPoolExecutor(len(parts)) as pool:
        done = pool.map(_solve_part, parts, [strategy] * len(parts), [seconds] * len(parts), shares,
                        [options] * len(parts))
        answers = [answer for part in done for answer in part]
    for puzzle, answer in zip(given, answers):
        answer.given = puzzle
    return answers


def _solve_part(texts: list[str], strategy: str, seconds: float | None, nodes: int | None, options: dict) -> list:
    budget = None if seconds is None and nodes is None else Budget(nodes=nodes, seconds=seconds)
    return solve_all(texts, strategy, budget=budget, **options)


def _compiled(given: list[Sudoku], limit: int, budget: Budget | None) -> list:
    """The compiled search over the puzzles in order, one array for each run of puzzles of one size."""
    from wordlab.puzzles.sudoku.strategies import _check_limit

    _check_limit(limit)
    started = time.perf_counter()
    answers: list = []
    for g, run_of_one_size in groupby(given, key=lambda puzzle: puzzle.geometry):
        answers += _compiled_one_size(list(run_of_one_size), g, limit, budget, started)
    return answers


def _compiled_one_size(given: list[Sudoku], g: Geometry, limit: int, budget: Budget | None, started: float) -> list:
    """Puzzles of one size through the batch kernel, called again after each quota of nodes (the budget charged)
    and each full array of solutions (handed over as `Found`s), until all are done or the budget runs out."""
    from wordlab.puzzles.sudoku import Answer, render
    from wordlab.puzzles.sudoku import compiled as kernel

    kernel.ready("batch")
    search = kernel.Search(g)
    cells = np.frombuffer(b"".join(bytes(p.cells) for p in given), np.int8).reshape(len(given), g.cells)  # parsed
    room = min(len(given) * limit, ROOM)
    solutions, owners, found, nodes, exhausted = kernel.batch_outputs(len(given), room, g.cells)
    found_so_far: list[list[Found]] = [[] for _ in given]
    at, stopped = 0, None
    try:
        if budget:
            budget.check()
        at, resume, charged = 0, False, 0
        while at < len(given):
            quota = kernel.quota(budget, g.cells)
            at, written = search.batch(cells, at, resume, limit, quota, solutions, owners, found, nodes, exhausted)
            elapsed = time.perf_counter() - started
            for i, row in zip(owners[:written].tolist(), solutions[:written].tolist()):
                found_so_far[i].append(Found(Sudoku(tuple(row), g, parsed=True), None, elapsed, int(nodes[i])))
            resume = at < len(given)  # the kernel stopped inside puzzle `at`
            spent = int(nodes[:at + resume].sum())
            if budget:
                budget.tick(spent - charged)
            charged = spent
    except BudgetExhausted as out:
        stopped = str(out)
    seconds = time.perf_counter() - started
    return [Answer(strategy=BATCH, solutions=found_so_far[i], stopped=stopped if i >= at else None,
                   exhausted=bool(exhausted[i]) and i < at, seconds=seconds, nodes=int(nodes[i]), given=puzzle,
                   render=render) for i, puzzle in enumerate(given)]
