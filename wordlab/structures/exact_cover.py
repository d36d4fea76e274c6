"""Exact cover by Knuth's Algorithm X, on a dictionary of sets (Ali Assaf's form), with multiplicities.

The idea: a puzzle is a set of *rows* (choices), each covering some *items* (constraints). Primary items
must be covered exactly as often as they need (usually once); secondary items at most as often as they
allow (usually once). Algorithm X picks the open primary item with the fewest rows left, tries each of
those rows in turn, and after each choice hides every row that now clashes with it, so that a dead end
shows up as an item no row can cover any more.

The data structure makes the algorithm short: `X[item]` is the dict (an insertion-ordered set) of rows
still able to cover `item`, `Y[row]` the items of `row` with how often it covers each. Choosing a row
deletes a few dict entries; undoing it puts them back in reverse, so nothing is ever copied.

Multiplicities: an item that may be covered `n` times keeps its rows until its need reaches zero, and
when the search branches on such an item, the rows already tried are hidden from the later branches, so
a set of rows is found once, never once per order of choosing (repeated Building Blocks patterns and
blocks need exactly this).

Cost: one node per choice; a node costs a min over the open primary items plus, per row hidden, one dict
deletion per item of that row. Rows are tried in the order they were given, so a run is deterministic
(no Python sets of strings anywhere).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from typing import Any

from wordlab.errors import WordlabError

Row = Hashable
Item = Hashable


def _needs(items: Iterable[Item] | Mapping[Item, int], what: str) -> dict[Item, int]:
    """Items with how often each is to be covered: a mapping as given, a plain iterable once each."""
    needs = dict(items) if isinstance(items, Mapping) else dict.fromkeys(items, 1)
    bad = {item: n for item, n in needs.items() if not (isinstance(n, int) and n >= 1)}
    if bad:
        raise WordlabError(f"{what} items must be needed a whole number of times ≥ 1, not {bad}")
    return needs


def _counts(items: Iterable[Item]) -> dict[Item, int]:
    """How often a row covers each of its items."""
    items = tuple(items)
    return dict.fromkeys(items, 1) if len(set(items)) == len(items) else dict(Counter(items))


class _Matrix:
    """`X[item]`: the rows still able to cover `item` (a dict used as an ordered set); `Y[row]`: the items of
    `row`, each with how often it covers it; `need[item]`: how often `item` is still to be covered."""

    def __init__(self, rows: Mapping[Row, Iterable[Item]], need: dict[Item, int], secondary: dict[Item, int]):
        self.need, self.secondary = need, secondary
        self.primary = [item for item in need if item not in secondary]
        self.Y = {row: _counts(items) for row, items in rows.items()}
        self.X: dict[Item, dict[Row, None]] = {item: {} for item in need}
        for row, items in self.Y.items():
            self._check(row, items)
            if len(items) == sum(items.values()) or all(n <= need[item] for item, n in items.items()):
                self.unhide(row)  # (a row covering some item more often than it may be covered stays out)
        self.order = {row: i for i, row in enumerate(self.Y)}
        self.taken = 0  # rows chosen before the search (depth counts from them)
        X = self.X
        self.once = all(n == 1 for n in need.values())  # then `take` is Assaf's plain cover
        self.spare = (lambda i: len(X[i])) if self.once else (lambda i: len(X[i]) - need[i])

    def _check(self, row: Row, items: dict[Item, int]) -> None:
        if not items.keys() <= self.need.keys():
            unknown = [item for item in items if item not in self.need]
            raise WordlabError(f"row {row!r} covers {unknown}, which are neither primary nor secondary items")
        if items.keys() <= self.secondary.keys():
            raise WordlabError(f"row {row!r} covers no primary item; Algorithm X would never choose it")

    def hide(self, row: Row) -> None:
        """Take `row` out of every item's set."""
        X = self.X
        for item in self.Y[row]:
            del X[item][row]

    def unhide(self, row: Row) -> None:
        """Put `row` back into every item's set."""
        X = self.X
        for item in self.Y[row]:
            X[item][row] = None

    def open_item(self) -> Item | None:
        """The primary item still to be covered with fewest rows to spare (None when all are covered)."""
        X = self.X
        items = [item for item in self.primary if item in X] if self.secondary else X
        return min(items, key=self.spare) if items else None

    def rows(self, item: Item) -> list[Row]:
        """The rows that can cover `item`, in the order they were given."""
        return sorted(self.X[item], key=self.order.__getitem__)

    def can_take(self, row: Row) -> bool:
        return row in self.Y and all(row in self.X.get(item, ()) for item in self.Y[row])

    def take(self, row: Row) -> list:
        """Choose `row`: hide it and lower the need of its items. An item now satisfied leaves X with its
        rows, which leave every other item (Assaf's cover); from an item still short, only the rows that
        would cover it too often are hidden. Returns what `give_back` needs to undo it."""
        if self.once:
            return self.cover(row)
        X, Y, need = self.X, self.Y, self.need
        self.hide(row)
        undo = []
        for item, times in Y[row].items():
            need[item] -= times
            left = need[item]
            if left:
                over = [other for other in X[item] if Y[other][item] > left]
                for other in over:
                    self.hide(other)
                undo.append((item, over))
            else:
                rows = X.pop(item)
                for other in rows:
                    for each in Y[other]:
                        if each != item:
                            del X[each][other]
                undo.append((item, rows))
        return undo

    def give_back(self, row: Row, undo: list) -> None:
        """Undo `take(row)`, in reverse."""
        if self.once:
            return self.uncover(row, undo)
        X, Y, need = self.X, self.Y, self.need
        for item, rows in reversed(undo):
            if need[item]:
                for other in reversed(rows):
                    self.unhide(other)
            else:
                X[item] = rows
                for other in rows:
                    for each in Y[other]:
                        if each != item:
                            X[each][other] = None
            need[item] += Y[row][item]
        self.unhide(row)

    def cover(self, row: Row) -> list[dict[Row, None]]:
        """`take` when every item is needed once, as in Assaf's Algorithm X: each item of `row` leaves X,
        and each row sharing one of them leaves the other items."""
        X, Y = self.X, self.Y
        columns = []
        for item in Y[row]:
            for other in X[item]:
                for each in Y[other]:
                    if each != item:
                        del X[each][other]
            columns.append(X.pop(item))
        return columns

    def uncover(self, row: Row, columns: list[dict[Row, None]]) -> None:
        """Undo `cover(row)`, in reverse."""
        X, Y = self.X, self.Y
        for item in reversed(Y[row]):
            X[item] = rows = columns.pop()
            for other in rows:
                for each in Y[other]:
                    if each != item:
                        X[each][other] = None


def exact_cover(rows: Mapping[Row, Iterable[Item]], primary: Iterable[Item] | Mapping[Item, int],
                secondary: Iterable[Item] | Mapping[Item, int] = (), *, taken: Iterable[Row] = (),
                probe=None, budget=None, snapshot: Callable[[tuple[Row, ...]], Any] = tuple,
                stuck: Callable[[Item], str] = lambda item: f"no row left to cover {item!r}",
                ) -> Iterator[tuple[Row, ...]]:
    """Every set of `rows` covering each primary item exactly as often as it needs (once, or the count a
    mapping gives) and each secondary item at most as often as it allows; `taken` rows are chosen first.

    Yields each solution once, as a tuple of rows (`taken` first, then in the order chosen). Every row
    must cover a primary item; a row may list an item more than once (it then covers it that many times).
    `budget.tick()` per node. `probe.expand` per node, under the node that chose its last row, with
    `snapshot(rows chosen so far)` as its state; `probe.backtrack` at a dead end (an open item no row can
    cover any more), `stuck(item)` saying why.
    """
    need = _needs(primary, "primary")
    allowed = _needs(secondary, "secondary")
    both = [item for item in allowed if item in need]
    if both:
        raise WordlabError(f"items {both} are both primary and secondary")
    need.update(allowed)
    matrix = _Matrix(rows, need, allowed)
    chosen: list[Row] = []
    for row in taken:
        if not matrix.can_take(row):
            raise WordlabError(f"row {row!r} cannot be taken: it is unknown or clashes with the rows taken before it")
        matrix.take(row)
        chosen.append(row)
    matrix.taken = len(chosen)
    yield from _search(matrix, chosen, probe, budget, snapshot, stuck, None)


def _search(matrix: _Matrix, chosen: list[Row], probe, budget, snapshot, stuck, parent) -> Iterator[tuple[Row, ...]]:
    """Algorithm X: branch on the open primary item with fewest rows to spare (`parent`: this node's parent)."""
    if budget:
        budget.tick()
    item = matrix.open_item()
    tries = [] if item is None else matrix.rows(item)
    depth = len(chosen) - matrix.taken
    node = probe.expand(depth, len(tries), parent=parent, state=lambda: snapshot(tuple(chosen))) if probe else None
    if item is None:
        yield tuple(chosen)
    several = item is not None and matrix.need[item] > 1  # then hide the rows tried: each set found once
    for row in tries:
        undo = matrix.take(row)
        chosen.append(row)
        yield from _search(matrix, chosen, probe, budget, snapshot, stuck, node)
        chosen.pop()
        matrix.give_back(row, undo)
        if several:
            matrix.hide(row)
    if several:
        for row in reversed(tries):
            matrix.unhide(row)
    if probe and not tries and item is not None:
        probe.backtrack(depth, node=node, why=stuck(item))
