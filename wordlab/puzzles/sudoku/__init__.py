"""Sudoku (4×4, 6×6, 8×8, 9×9 and 16×16): eleven solvers, from brute force through exact cover to a
compiled search.

    >>> from wordlab.puzzles.sudoku import solve, EXAMPLES
    >>> solve(EXAMPLES["easy"], strategy="greedy").solution.cells[:9]
    (5, 3, 4, 6, 7, 8, 9, 1, 2)

A strategy receives the parsed `Sudoku` (`cells`, 0 for a blank; `geometry`, with `peers` and `digits`) and
yields each solution as `(Sudoku, None)`, at most `limit` of them.

Watching one (`solve(..., probe=Probe(record=N))`, then `wordlab.viz.step`): the player draws a `Position`,
the cells, each blank's candidates and the cell just filled (`render` marks it `*`, a blank with one
candidate `!`, one with none `x`); a solution is drawn as its `Sudoku`. The strategies report:

- `probe.call(depth, parent=…)`: one node per recursive call, the unit the write-ups count, drawn with the
  position it branches from and the blanks and candidates left (after the call's forced moves, if any);
  `dancing-links` reports `probe.expand` instead, one per node of Algorithm X;
- `probe.prune(depth, parent=…, why=…)`: a guess that fails at once (propagation empties a cell or leaves a
  digit no place in a unit), drawn as the grid with the guess written in;
- `probe.backtrack(depth, node=…, why=…)`: a dead end, naming the blank with no candidates left.

`is_move(puzzle, before, after)` is the rule every recorded parent and child follow: `after` keeps every
digit of `before`, adds at least one, and breaks no row, column or box. A minimal strategy of about ten lines
is in docs/puzzles/sudoku.md (and run by tests/test_minimal_sudoku.py).

Many puzzles at once: `solve_all(puzzles)` runs the `compiled` search over the whole array in one call (any
other strategy puzzle by puzzle) under one budget; `parse_many` and `verify_many` read and check them together.
"""

from __future__ import annotations

from wordlab.puzzles.sudoku.batch import BATCH, solve_all
from wordlab.puzzles.sudoku.grid import (
    SHAPES, Geometry, Grid, Position, Sudoku, contradiction, geometry, is_move, parse, parse_many, render, verify,
    verify_many,
)
from wordlab.puzzles.sudoku.library import (
    EXAMPLES, PUBLISHED, SETS, Difficulty, count_solutions, difficulty, example, generate, load_set, load_set_lines,
    machine, set_available,
)
from wordlab.puzzles.sudoku.strategies import FASTEST, STRATEGIES
from wordlab.search import Budget, Probe, Result, run

DEFAULT_STRATEGY = FASTEST


class Answer(Result):
    """A Sudoku run: the solutions found (at most the `limit` asked for), and whether they are all there."""

    @property
    def solution(self) -> Sudoku | None:
        return self.value

    @property
    def count(self) -> int:
        return len(self.solutions)

    @property
    def unique(self) -> bool:
        """True only when the search covered its whole space and found exactly one solution (so it looked
        for at least two)."""
        return self.count == 1 and self.exhausted

    @property
    def verified(self) -> bool:
        return all(verify(self.given, s) for s in self.values)


def solve(given: Sudoku | str, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Answer:
    """Solve `given` (a `Sudoku` or its text) with the named strategy; `limit=k` looks for up to k solutions
    (default 1; 2 proves a puzzle unique)."""
    return run(STRATEGIES, strategy, given, prepare=parse, result=Answer, render=render,
               probe=probe, budget=budget, **options)

__all__ = [
    "SHAPES", "Geometry", "Grid", "Position", "Sudoku", "contradiction", "geometry", "is_move", "parse", "parse_many",
    "render", "verify", "verify_many", "solve_all", "BATCH",
    "EXAMPLES", "PUBLISHED", "SETS", "Difficulty", "count_solutions", "difficulty", "example", "generate",
    "load_set", "load_set_lines", "machine", "set_available", "STRATEGIES", "FASTEST", "DEFAULT_STRATEGY", "Answer",
    "solve",
]
