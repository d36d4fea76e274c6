"""Model answers for the Sudoku exercises. A strategy gets a parsed `Sudoku` (`cells`, a tuple with 0 for a
blank; `geometry`, with `peers[cell]` and `digits`) and yields each solution as (a `Sudoku`, None)."""

from __future__ import annotations

from wordlab.puzzles.sudoku import Sudoku


def _snapshot(g, cells: list, cell: int) -> tuple:
    """What a recording keeps (the shape `sudoku.render` draws): the cells, each blank's digits as a mask of
    `1 << d` bits, and the cell just filled."""
    masks = tuple(0 if d else sum(1 << o for o in _options(cells, g.peers, c, g.digits)) for c, d in enumerate(cells))
    return tuple(cells), masks, cell


def _options(cells: list, peers, cell: int, digits) -> list[int]:
    """The digits no peer of `cell` holds."""
    used = {cells[p] for p in peers[cell]}
    return [d for d in digits if d not in used]


def _at_most(solutions, limit: int):
    """The first `limit` solutions; returns False when it stopped there (the space was not all covered)."""
    for found, solution in enumerate(solutions, 1):
        yield solution
        if found >= limit:
            return False
    return True


def forward_checking(puzzle, *, probe=None, budget=None, limit: int = 1):
    """Sequential (the blanks in row-major order, digits 1..n) with forward checking: after a digit is
    placed, a blank peer left with no digit ends the branch at once. One node per digit placed; stops after
    `limit` solutions."""
    g, cells = puzzle.geometry, list(puzzle.cells)
    blanks = [c for c, d in enumerate(cells) if not d]
    return (yield from _at_most(_fill_in_order(g, cells, blanks, 0, probe, budget, None), limit))


def _fill_in_order(g, cells: list, blanks: list, i: int, probe, budget, parent):
    if i == len(blanks):
        yield Sudoku(tuple(cells), g), None
        return
    cell = blanks[i]
    for digit in _options(cells, g.peers, cell, g.digits):
        cells[cell] = digit
        if budget:
            budget.tick()
        node = probe.call(i, state=_snapshot(g, cells, cell) if probe.recording else None,
                          parent=parent) if probe else None
        if all(cells[p] or _options(cells, g.peers, p, g.digits) for p in g.peers[cell]):
            yield from _fill_in_order(g, cells, blanks, i + 1, probe, budget, node)
        cells[cell] = 0


def fewest_options(puzzle, *, probe=None, budget=None, limit: int = 1):
    """Most constrained first: fill the blank with the fewest digits left; a blank with none ends the branch.
    One node per digit placed; each node scans the blanks (O(cells × peers)); stops after `limit` solutions."""
    g, cells = puzzle.geometry, list(puzzle.cells)
    return (yield from _at_most(_fewest_first(g, cells, 0, probe, budget, None), limit))


def _fewest_first(g, cells: list, depth: int, probe, budget, parent):
    blanks = [c for c, d in enumerate(cells) if not d]
    if not blanks:
        yield Sudoku(tuple(cells), g), None
        return
    cell, options = min(((c, _options(cells, g.peers, c, g.digits)) for c in blanks), key=lambda co: len(co[1]))
    for digit in options:
        cells[cell] = digit
        if budget:
            budget.tick()
        node = probe.call(depth, state=_snapshot(g, cells, cell) if probe.recording else None,
                          parent=parent) if probe else None
        yield from _fewest_first(g, cells, depth + 1, probe, budget, node)
        cells[cell] = 0
