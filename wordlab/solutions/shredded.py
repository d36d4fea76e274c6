"""Model answers for the shredded-text exercises. A strategy gets a `Grid` (`n` columns, `rows`, `width` of a
strip, `columns[c][r]`, `lines(order)`, `text(order)`) and yields each better order of its columns as (a tuple
of column numbers, its score). Scores come from `Reading(grid, default_model(), budget)`: `score(order)` (the
full model's log probability, higher is better), `pairs[i][j]` (column j read right after column i), `starts[j]`
(column j read first), `gain(prefix, j)` (column j appended to a prefix), `best_gains[j]` and
`best_rotation(order)`."""

from __future__ import annotations

import heapq
import math

from wordlab.lm import default_model
from wordlab.puzzles.shredded import Reading, Strips


def strongest_links(grid, *, probe=None, budget=None):
    """Rank every link (column i, then column j) by how much i on the left raises j's score over j read
    alone; take the links best first, skipping one that would give a column a second neighbour on a side
    or close a loop, until one chain holds every column; start it at its best rotation. One node per link
    looked at (at most n²), after n² pair scores."""
    reading = Reading(grid, default_model(), budget)
    pairs, alone, n = reading.pairs, reading.starts, grid.n
    links = sorted(((pairs[i][j] - alone[j], i, j) for i in range(n) for j in range(n) if i != j), reverse=True)
    after, before, first = {}, {}, list(range(n))  # first[c]: the first column of the chain that c ends
    node = None
    for lift, i, j in links:
        if budget:
            budget.tick()
        if i in after or j in before or first[i] == j:
            continue
        after[i], before[j] = j, i
        end = j
        while end in after:
            end = after[end]
        first[end] = first[i]
        if probe:
            node = probe.expand(len(after), n - 1 - len(after), parent=node,
                                state=Strips(_chain(after, first[i]), grid) if probe.recording else None)
        if len(after) == n - 1:
            break
    start = next(c for c in range(n) if c not in before)
    order = reading.best_rotation(_chain(after, start))
    yield order, reading.score(order)
    return False


def _chain(after: dict, column: int) -> tuple[int, ...]:
    chain = [column]
    while chain[-1] in after:
        chain.append(after[chain[-1]])
    return tuple(chain)


def beam(grid, *, probe=None, budget=None, width: int | None = None):
    """Build orders left to right, keeping the `width` best prefixes after each column (50, or 200 for strips
    of one character). A prefix is ranked by its regret: each column's gain where it stands minus the most it
    gains as a row's first column or beside any one left neighbour, so a prefix gains nothing by leaving the hard columns for later. The full model picks
    among the complete orders, at its best rotation. One node per prefix expanded: about n × width."""
    reading = Reading(grid, default_model(), budget)
    n, most = grid.n, reading.best_gains
    width = width or (200 if grid.width == 1 else 50)
    layer = [(0.0, (), None)]
    for depth in range(n):
        children = []
        for regret, prefix, parent in layer:
            if budget:
                budget.tick()
            node = probe.expand(depth, len(layer), parent=parent,
                                state=Strips(prefix, grid) if probe.recording else None) if probe else None
            for column in range(n):
                if column not in prefix:
                    children.append((regret + reading.gain(prefix, column) - most[column], prefix + (column,), node))
        layer = heapq.nlargest(width, children, key=lambda entry: (entry[0], entry[1]))
    order = reading.best_rotation(max((prefix for _, prefix, _ in layer), key=reading.score))
    yield order, reading.score(order)
    return False
