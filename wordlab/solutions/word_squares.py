"""Model answers for the word-squares exercises. A strategy gets a `Puzzle`: `size`, `start` (the complete top
rows, placed already), `grid` (a pattern per row, `.` for a blank), `fitting(k, words)` (the words that agree
with row k's fixed letters) and `words.words` (the words of that length); it yields each square as (a tuple
of rows, None)."""

from __future__ import annotations

from collections import defaultdict

from wordlab.structures import PatternIndex


def prefix_table(words) -> dict[str, list[str]]:
    """Every prefix of every word (the empty one too) → the words that start with it."""
    table = defaultdict(list)
    for word in words:
        for k in range(len(word) + 1):
            table[word[:k]].append(word)
    return table


def backtracking(puzzle, *, probe=None, budget=None):
    """Depth-first, row by row: row k is a word starting with the letters column k already holds (a prefix
    table look-up). One node per partial square; memory O(size × branching)."""
    table = prefix_table(puzzle.words.words)
    yield from _rows(puzzle, table, list(puzzle.start), probe, budget, None)


def _rows(puzzle, table, rows: list, probe, budget, parent):
    if budget:
        budget.tick()
    node = probe.expand(len(rows), 0, state=tuple(rows) if probe.recording else None, parent=parent) if probe else None
    k = len(rows)
    if k == puzzle.size:
        yield tuple(rows), None
        return
    prefix = "".join(row[k] for row in rows)
    for word in puzzle.fitting(k, table.get(prefix, ())):
        rows.append(word)
        yield from _rows(puzzle, table, rows, probe, budget, node)
        rows.pop()


def most_constrained(puzzle, *, probe=None, budget=None):
    """Fill next the open row with the fewest fitting words (its letters so far come from the rows placed,
    since row i = column i), and back off when some open row has none. Rows are placed in any order, so the
    fitting words come from a positional index (`PatternIndex`). One node per partial square."""
    index = PatternIndex(puzzle.words.words, puzzle.size)
    placed = dict(enumerate(puzzle.start))
    yield from _fewest_first(puzzle, index, placed, probe, budget, None)


def _pattern(puzzle, placed: dict, j: int) -> str:
    """Row j's letters so far: those the grid fixes and those the placed rows put in column j."""
    return "".join(placed[i][j] if i in placed else puzzle.grid[j][i] for i in range(puzzle.size))


def _fewest_first(puzzle, index, placed: dict, probe, budget, parent):
    if budget:
        budget.tick()
    node = probe.expand(len(placed), 0, state=_drawn(puzzle, placed) if probe.recording else None,
                        parent=parent) if probe else None
    if len(placed) == puzzle.size:
        yield tuple(placed[i] for i in range(puzzle.size)), None
        return
    choices = {j: index.matches(_pattern(puzzle, placed, j)) for j in range(puzzle.size) if j not in placed}
    row, words = min(choices.items(), key=lambda jw: len(jw[1]))
    for word in words:
        placed[row] = word
        yield from _fewest_first(puzzle, index, placed, probe, budget, node)
        del placed[row]


def _drawn(puzzle, placed: dict) -> tuple[str, ...]:
    """The rows known so far, top down, for `word_squares.render` (a row not yet placed as its pattern)."""
    return tuple(placed.get(j) or _pattern(puzzle, placed, j) for j in range(puzzle.size))
