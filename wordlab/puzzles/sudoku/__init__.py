"""Sudoku (9×9, 8×8 with 2×4 boxes, 6×6 with 2×3 boxes): ten solvers from brute force to exact cover.

    >>> from wordlab.puzzles.sudoku import solve, EXAMPLES
    >>> solve(EXAMPLES["easy"], strategy="greedy").solution.cells[:9]
    (5, 3, 4, 6, 7, 8, 9, 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from wordlab.errors import WordlabError
from wordlab.puzzles.sudoku.grid import Geometry, Grid, Sudoku, contradiction, geometry, parse, verify
from wordlab.puzzles.sudoku.library import (
    EXAMPLES, PUBLISHED, SETS, Difficulty, count_solutions, difficulty, generate, load_set, set_available,
)
from wordlab.puzzles.sudoku.strategies import FASTEST, STRATEGIES
from wordlab.search.probe import Budget, Probe
from wordlab.search.strategies import pick



@dataclass(frozen=True)
class Solved:
    """The outcome of a search: solutions found (at most `limit`), each checked by `verify`, and why the
    search stopped early if its budget ran out (then the count is only a lower bound)."""

    puzzle: Sudoku
    strategy: str
    limit: int
    solutions: tuple[Sudoku, ...] = field(default=())
    stopped: str | None = None

    @property
    def solution(self) -> Sudoku | None:
        return self.solutions[0] if self.solutions else None

    @property
    def count(self) -> int:
        return len(self.solutions)

    @property
    def unique(self) -> bool:
        """True only when the search proved exactly one solution (it looked for at least two)."""
        return self.count == 1 and self.limit >= 2 and self.stopped is None

    @property
    def verified(self) -> bool:
        return all(verify(self.puzzle, s) for s in self.solutions)


def solve(puzzle: Sudoku | str, strategy: str = FASTEST, probe: Probe | None = None,
          budget: Budget | None = None, limit: int = 1) -> Solved:
    """Solve `puzzle` (a `Sudoku` or its string) with the named strategy, looking for up to `limit` solutions."""
    puzzle = parse(puzzle)
    search = pick(STRATEGIES, strategy)
    if not isinstance(limit, int) or limit < 1:
        raise WordlabError(f"the solution limit must be a positive integer, not {limit!r}")
    if budget is not None:
        budget.start()
    grids = search(puzzle, probe=probe, budget=budget, limit=limit)
    if budget is not None:
        budget.close()
    solutions = tuple(Sudoku(grid, puzzle.geometry) for grid in grids)
    return Solved(puzzle, strategy, limit, solutions, budget.stopped if budget is not None else None)


from wordlab.puzzles.sudoku.command import add_arguments, cli_bench, cli_solve  # noqa: E402  (uses solve)

__all__ = [
    "Geometry", "Grid", "Sudoku", "contradiction", "geometry", "parse", "verify",
    "EXAMPLES", "PUBLISHED", "SETS", "Difficulty", "count_solutions", "difficulty", "generate", "load_set",
    "set_available", "STRATEGIES", "FASTEST", "Solved", "solve", "add_arguments", "cli_bench", "cli_solve",
]
