"""Shredded text: put the shuffled columns of a shredded message back in order.

The Stanford AI class (2011) cut a message into 19 strips of two characters per row, 8 rows, and
shuffled the strips. A candidate order of the columns is scored by a language model reading the
rows one after the other as ragged-right lines (`wordlab.lm`: interpolated character n-grams plus
word unigrams), and a strategy searches the orders for a high score.

What the step-through player draws (`render`): `Strips`, the columns placed so far from the left edge (a
prefix while an order is built, every column once complete: best-first, beam, the repair's climb);
`Chains`, the chains greedy-chain has linked; `Layer`, a layer of exact's dynamic programming, drawn by
its best path. `is_move` says which step from one to the next is a move.

What the strategies tell a probe: `probe.expand` for each order expanded (a heap's pop, a beam's prefix, a
climb's step, a link taken, a DP layer), passing the node that made it as `parent`; `probe.call` for an
order reached but not expanded (a start, the beam's pick, a rotation), so the expansions stay each
strategy's effort count (a probe's `nodes`, what `bench` shows as `calls`); `probe.prune` once per beam layer cut (the best prefix dropped, under its parent).
Frontier rows (`queue`) carry a score in f, not a path cost (g and h are None): the order's log probability
for best-first, a prefix's regret for the beam (`regret`: higher is better), a link's gain for greedy-chain. A minimal strategy to start
from is in docs/puzzles/shredded.md.

>>> found = solve(ai_class_grid(), "beam")            # doctest: +SKIP
>>> " ".join(found.text.split())[:41]                  # doctest: +SKIP
'Claude Shannon founded information theory'
"""

from __future__ import annotations

import heapq
import math
import random
import re
import textwrap
from dataclasses import dataclass
from functools import cached_property, partial
from itertools import count, permutations
from pathlib import Path
from typing import Callable, Iterator, NamedTuple, Sequence

from wordlab.errors import WordlabError, whole_number
from wordlab.lm import PAD, TextModel, default_model
from wordlab.lm.words import TOKEN
from wordlab.search import Budget, Probe, Result, Waiting, run

DATA = Path(__file__).resolve().parents[2] / "data" / "shredded"
MAX_COLUMNS = 400  # larger grids are refused: the searches are quadratic in the columns or worse
MAX_STRIPS = 100_000  # columns × rows
MAX_TEXT = 1_000_000  # characters of grid text read at all

Order = tuple[int, ...]

# -- the grid ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grid:
    """A shredded message: `columns[c][r]` is the strip of column c in row r (all strips one width)."""

    columns: tuple[tuple[str, ...], ...]

    @property
    def n(self) -> int:
        return len(self.columns)

    @property
    def rows(self) -> int:
        return len(self.columns[0])

    @property
    def width(self) -> int:
        return len(self.columns[0][0])

    def lines(self, order: Sequence[int] | None = None) -> list[str]:
        """The rows of text with the columns in `order` (default: as given)."""
        order = range(self.n) if order is None else order
        return ["".join(self.columns[c][r] for c in order) for r in range(self.rows)]

    def text(self, order: Sequence[int] | None = None) -> str:
        """The message read row after row with the columns in `order`."""
        return "".join(self.lines(order))

    def show(self, order: Sequence[int] | None = None) -> str:
        """The grid in its `|ab|cd|` form, columns in `order`."""
        return _bars([[self.columns[c][r] for c in (range(self.n) if order is None else order)]
                      for r in range(self.rows)])

    def __str__(self) -> str:
        return self.show()


def _bars(rows: Sequence[Sequence[str]]) -> str:
    return "\n".join("|" + "|".join(row) + "|" for row in rows)


def parse(text: str | Grid) -> Grid:
    """Read a grid written as lines `|ab|cd|…|` (a `Grid` is returned as it is); blank lines and space
    outside the first and last `|` are ignored."""
    if isinstance(text, Grid):
        return text
    if not isinstance(text, str):
        raise WordlabError(f"a shredded grid is text in |ab|cd| rows or a Grid, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise WordlabError(f"grid text too large: {len(text):,} characters (at most {MAX_TEXT:,})")
    if "\x00" in text:
        raise WordlabError("a shredded grid is text, but this holds NUL bytes (a binary file?)")
    lines = [line.strip(" \t\r") for line in text.split("\n")]
    lines = [line for line in lines if line]
    if not lines:
        raise WordlabError("empty grid: no rows")
    rows = []
    for number, line in enumerate(lines, 1):
        if len(line) < 2 or not (line.startswith("|") and line.endswith("|")):
            raise WordlabError(f"row {number} must start and end with '|': {_clip(line)!r}")
        rows.append(line[1:-1].split("|"))
    return from_rows(rows)


def _clip(text: str, size: int = 40) -> str:
    return text if len(text) <= size else text[:size] + "…"


def from_rows(rows: Sequence[Sequence[str]]) -> Grid:
    """A grid from rows of strips, checked: same number of strips per row, one strip width, ≥ 2 columns,
    printable characters, and at most `MAX_COLUMNS` columns and `MAX_STRIPS` strips."""
    if not rows:
        raise WordlabError("empty grid: no rows")
    n = len(rows[0])
    for number, row in enumerate(rows, 1):
        if len(row) != n:
            raise WordlabError(f"ragged grid: row {number} has {len(row)} strips, row 1 has {n}")
    if n > MAX_COLUMNS or n * len(rows) > MAX_STRIPS:
        raise WordlabError(f"grid too large: {len(rows):,} rows × {n:,} strips; the largest grid solved has "
                           f"{MAX_COLUMNS} columns and {MAX_STRIPS:,} strips in all")
    width = len(rows[0][0])
    if width == 0:
        raise WordlabError("empty strips: the strip width must be at least 1")
    for number, row in enumerate(rows, 1):
        for column, strip in enumerate(row, 1):
            if len(strip) != width:
                raise WordlabError(f"unequal strip widths: row {number}, strip {column} is {strip!r} "
                                   f"({len(strip)} characters), the first strip has {width}")
            if not strip.isprintable():
                raise WordlabError(f"row {number}, strip {column} holds a control character: {strip!r}")
    if n < 2:
        raise WordlabError(f"a grid of {n} column has nothing to reorder; it needs at least 2 columns")
    return Grid(tuple(tuple(row[c] for row in rows) for c in range(n)))


def ai_class_grid() -> Grid:
    """The Stanford AI class (2011) shredded message, 8 rows of 19 two-character strips."""
    return parse((DATA / "ai_class.txt").read_text(encoding="utf-8"))


def example() -> Grid:
    """A sentence cut into 6 strips of 3 characters (720 orders): every strategy solves it at once."""
    return shred("Strips of paper can be put back in order by reading them.", seed=4, width=3, columns=6)


# -- making grids ----------------------------------------------------------------------------------------


def layout(text: str, *, width: int = 2, columns: int = 19, wrap: bool = False) -> list[str]:
    """The rows of the message that `shred(text, …)` hides, each `width · columns` characters: the text
    single-spaced and cut every row's length (`wrap=False`), or wrapped at word ends (`wrap=True`);
    either way ragged right, the last rows padded with spaces."""
    if not isinstance(width, int) or not isinstance(columns, int) or width < 1 or columns < 2:
        raise WordlabError(f"a layout needs width ≥ 1 and columns ≥ 2, not width={width!r}, columns={columns!r}")
    whole_number(columns, "columns", 2, MAX_COLUMNS)
    if not isinstance(text, str):
        raise WordlabError(f"the text to shred must be a string, not {type(text).__name__}")
    flat = re.sub(r"\s+", " ", text).strip()
    if not flat:
        raise WordlabError("nothing to shred: the text is empty")
    line = width * columns
    if wrap:
        return [row.ljust(line) for row in textwrap.wrap(flat, line)]
    flat += " " * (-len(flat) % line)
    return [flat[i:i + line] for i in range(0, len(flat), line)]


def shred(text: str, seed: int, *, width: int = 2, columns: int = 19, wrap: bool = False) -> Grid:
    """Cut the rows of `layout(text, …)` into `columns` strips of `width` characters and shuffle the
    columns with `seed` (the puzzle's generator)."""
    rows = layout(text, width=width, columns=columns, wrap=wrap)
    order = list(range(columns))
    random.Random(seed).shuffle(order)
    return from_rows([[row[c * width:(c + 1) * width] for c in order] for row in rows])


def heldout_prose(width: int = 2) -> list[str]:
    """Ten pieces of prose written for wordlab that are not in the models' training text, sized for
    strips of `width` (1, 2 or 3) characters: `data/shredded/heldout/strips_<width>.txt`."""
    path = DATA / "heldout" / f"strips_{width}.txt"
    if not path.is_file():
        raise WordlabError(f"no held-out prose for strips of {width!r}; there are sets for 1, 2 and 3")
    return path.read_text(encoding="utf-8").splitlines()


@dataclass(frozen=True)
class Case:
    """A grid shredded from held-out prose, with the rows it must be put back into."""

    grid: Grid
    lines: tuple[str, ...]
    name: str


def heldout_cases(width: int = 2, *, wrap: bool = True) -> list[Case]:
    """The held-out set for strips of `width`: each piece of prose wrapped ragged right into 3-6 rows
    of at most 30 strips (piece k is cut into 30 - 2·(k mod 5) strips, or more where it needs them to
    fit in six rows) and shuffled with its own seed."""
    cases = []
    for k, text in enumerate(heldout_prose(width)):
        for columns in range(30 - 2 * (k % 5), 31):
            rows = layout(text, width=width, columns=columns, wrap=wrap)
            if len(rows) <= 6:
                break
        if not 3 <= len(rows) <= 6:
            raise WordlabError(f"held-out piece {k} does not fit in 3-6 rows of at most 30 strips")
        grid = shred(text, seed=k, width=width, columns=columns, wrap=wrap)
        cases.append(Case(grid, tuple(rows), f"{width}-{k}: {grid.rows}×{grid.n}"))
    return cases


def verify(grid: Grid, order: Sequence[int]) -> bool:
    """Is `order` a rearrangement of all of the grid's columns (each exactly once)?"""
    if not isinstance(grid, Grid):
        raise WordlabError(f"verify takes the Grid first, not {type(grid).__name__}")
    if isinstance(order, (str, bytes)) or not isinstance(order, Sequence) \
            or not all(isinstance(c, int) and not isinstance(c, bool) for c in order):
        return False
    return sorted(order) == list(range(grid.n))


# -- what the player draws: the states a recorded run keeps, and the puzzle's moves -------------------------------


class Strips(NamedTuple):
    """A state of a search that builds or rearranges an order: the columns of `grid` placed so far, left to
    right from the start of the rows (a prefix while an order is built, every column once it is complete)."""

    order: Order
    grid: Grid

    def __repr__(self) -> str:
        return f"Strips({self.order})"

    def __str__(self) -> str:  # how a tree drawing and a path label it: the columns placed, or · for none
        return " ".join(map(str, self.order)) or "·"


class Chains(NamedTuple):
    """greedy-chain's state: the chains of columns of `grid` linked so far, each a run of two or more columns
    known to sit side by side, left to right; a column not linked yet is in no chain."""

    chains: tuple[Order, ...]
    grid: Grid

    def __repr__(self) -> str:
        return f"Chains({self.chains})"


class Layer(NamedTuple):
    """exact's state: one layer of its dynamic programming, which holds at once the best path over every set of
    `placed` columns to every last column; the player draws the best of them, `best`."""

    placed: int
    best: Order
    grid: Grid

    def __repr__(self) -> str:
        return f"Layer({self.placed}, best={self.best})"


def render(state, grid: Grid | None = None) -> str:
    """A recorded state in `|ab|cd|` form with what it spells: the columns placed (`Strips`), each chain
    (`Chains`), a layer's best path (`Layer`); or a solution, an order of the columns of `grid`."""
    if isinstance(state, Chains):
        return _draw_chains(state)
    if isinstance(state, Layer):
        paths = math.comb(state.grid.n, state.placed) * max(1, state.placed)
        return f"{_draw(state.grid, state.best)}\nthe best of {paths:,} paths of {state.placed} columns"
    if isinstance(state, Strips):
        return _draw(state.grid, state.order)
    if not state or grid is None:
        return "order " + " ".join(map(str, state)) if state else "(no columns placed yet)"
    return _draw(grid, state)


def _draw(grid: Grid, order: Order) -> str:
    if not order:
        return "(no columns placed yet)"
    return f"{grid.show(order)}\n{len(order)} columns; row 1: {_clip(grid.lines(order)[0].strip(), 18)!r}"


def _draw_chains(state: Chains) -> str:
    grid, chains = state.grid, state.chains
    if not chains:
        return "(no columns linked yet)"
    rows = ["  ".join("|" + "|".join(grid.columns[c][r] for c in chain) + "|" for chain in chains)
            for r in range(grid.rows)]
    loose = grid.n - sum(map(len, chains))
    return "\n".join(rows) + f"\n{len(chains)} chain{'s' * (len(chains) != 1)}; {loose} columns not linked yet"


def _label(grid: Grid, order: Sequence[int]) -> str:
    """How a frontier row names an order: the first row of text its columns spell."""
    return repr(_clip(grid.lines(order)[0], 24))


def is_move(grid: Grid, before, after) -> bool:
    """Is `after` one move on from `before`? Building an order (`Strips`), a move places one more column at
    the right of those placed; linking (`Chains`), it puts the end of one chain (or of a column in none) beside
    the start of another; a complete order is rearranged by moving one run of adjacent columns elsewhere, or by
    exchanging two columns, blank columns (all spaces: padding) moving freely besides; and a layer of dynamic
    programming (`Layer`) holds the paths of one column more than the layer before."""
    if isinstance(before, Layer) and isinstance(after, Layer):
        return after.placed == before.placed + 1 == len(after.best) and _placed_once(grid, after.best)
    if isinstance(before, Chains) and isinstance(after, Chains):
        return _linked(grid, before.chains, after.chains)
    old, new = _order_of(grid, before), _order_of(grid, after)
    if old is None or new is None or not _placed_once(grid, new):
        return False
    if len(new) == len(old) + 1:
        return new[:-1] == old
    return len(old) == len(new) == grid.n and _rearranged(grid, old, new)


def _order_of(grid: Grid, state) -> Order | None:
    """The order a state shows: a `Strips`' columns, or a complete chain's or layer's."""
    if isinstance(state, Strips):
        return tuple(state.order)
    if isinstance(state, Layer):
        shown = state.best
    else:
        shown = state.chains[0] if isinstance(state, Chains) and len(state.chains) == 1 else ()
    return tuple(shown) if len(shown) == grid.n else None


def _placed_once(grid: Grid, order: Sequence[int]) -> bool:
    return all(0 <= c < grid.n for c in order) and len(set(order)) == len(order)


def _linked(grid: Grid, old: tuple[Order, ...], new: tuple[Order, ...]) -> bool:
    """Does `new` join the end of one chain of `old` (a column in none counting as a chain) to the start of another?"""
    if not _placed_once(grid, [c for chain in new for c in chain]):
        return False
    pieces = [_pieces(grid, chains) for chains in (old, new)]
    gone, made = pieces[0] - pieces[1], pieces[1] - pieces[0]
    return len(gone) == 2 and len(made) == 1 and any(a + b in made for a, b in permutations(gone, 2))


def _pieces(grid: Grid, chains: tuple[Order, ...]) -> set[Order]:
    """The chains, and a chain of one for each column in none."""
    linked = {c for chain in chains for c in chain}
    return set(chains) | {(c,) for c in range(grid.n) if c not in linked}


def _rearranged(grid: Grid, old: Order, new: Order) -> bool:
    """Is `new` made from `old` by moving one run of adjacent columns elsewhere or exchanging two columns, once
    blank columns are set aside (moving padding changes no word)?"""
    if new == old:
        return False
    a, b = ([c for c in order if "".join(grid.columns[c]).strip()] for order in (old, new))
    start = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a))
    end = next((i for i in range(len(a) - start) if a[-1 - i] != b[-1 - i]), len(a) - start)
    a, b = a[start:len(a) - end], b[start:len(b) - end]
    return not a or any(b == a[k:] + a[:k] for k in range(1, len(a))) or b == a[-1:] + a[1:-1] + a[:1]


# -- scoring ---------------------------------------------------------------------------------------------

RAGGED = -12.0  # log-probability charged where ragged-right lines cannot explain a space (≈ a 1-in-160,000 event)


class Reading:
    """A grid read through a language model as ragged-right lines, with memoised scores of orders,
    column windows and column pairs.

    The rows are read one after the other. Spaces that continue a run at the end of a line's words
    are padding and free; a line's words may also end flush with the edge, so the first character of
    a line is read either straight after the line above or after a space (the likelier of the two).
    A space where single-spaced prose cannot have one (at the start of the text, a second space at
    the start of a line, words after padding) costs `RAGGED`. Each column is read after the `reach`
    columns before it (`reach` strips hold the model's order - 1 characters of context)."""

    def __init__(self, grid: Grid, model: TextModel, budget: Budget | None = None):
        self.grid, self.model, self.budget = grid, model, budget
        self.cols = [tuple(strip.lower() for strip in column) for column in grid.columns]
        self.rows = grid.rows
        self.span = model.order - 1
        self.reach = min(grid.n - 1, -(-self.span // grid.width))
        self.blank = frozenset(c for c, column in enumerate(self.cols) if not "".join(column).strip())
        self._scores: dict[Order, float] = {}
        self._windows: dict[tuple, float] = {}

    # -- whole orders ----------------------------------------------------------------------------------
    def score(self, order: Order) -> float:
        """The model's log probability of the rows read in `order` (higher is better)."""
        value = self._scores.get(order)
        if value is None:
            value = self.chars(order)
            if self.model.words is not None and self.model.word_weight:
                value += self.model.word_weight * self.words(order)
            self._scores[order] = value
        return value

    def chars(self, order: Order) -> float:
        """Character log probability: the sum of each column's window (wrapping to the end of the row
        above for the first `reach` columns of a row)."""
        reach, n = self.reach, len(order)
        return sum(self.window(order[n - reach + p:] if p < reach else None, order[max(0, p - reach):p], order[p])
                   for p in range(n))

    def words(self, order: Order) -> float:
        """Word log probability of the rows read in `order`; a word cut by a line end is read whole or
        as two words, whichever the word model likes better."""
        logprob = self.model.words.logprob
        total, carry = 0.0, None
        for line in ("".join(self.cols[c][r] for c in order) for r in range(self.rows)):
            found = [(m.group(), m.start(), m.end()) for m in TOKEN.finditer(line)]
            for k, (word, start, end) in enumerate(found):
                if carry is not None:
                    if k == 0 and start == 0:
                        total += max(0.0, logprob(carry + word) - logprob(carry) - logprob(word))
                    total += logprob(carry)
                    carry = None
                if end == len(line):
                    carry = word
                else:
                    total += logprob(word)
            if not found and carry is not None:
                total, carry = total + logprob(carry), None
        return total + (logprob(carry) if carry is not None else 0.0)

    # -- windows -----------------------------------------------------------------------------------
    def window(self, above: Order | None, before: Order, column: int) -> float:
        """log P(column's strips | the strips of `before` on their left, and for a column within
        `reach` of a row's start, the columns `above` that end the row above (`()`: unknown)),
        summed over rows. Memoised."""
        key = (above, before, column)
        value = self._windows.get(key)
        if value is None:
            if self.budget is not None:
                self.budget.check()
            cols, strip = self.cols, self._strip_logprob
            if above is None:
                value = sum(strip(None, "".join(cols[c][r] for c in before), cols[column][r]) for r in range(self.rows))
            else:
                value = sum(strip(self._tail(above, r), "".join(cols[c][r] for c in before), cols[column][r])
                            for r in range(self.rows))
            self._windows[key] = value
        return value

    def _tail(self, above: Order, row: int) -> str:
        """What precedes row `row`'s first column: the text start, nothing known, or the row above's end."""
        if row == 0:
            return PAD
        return "".join(self.cols[c][row - 1] for c in above)

    def _strip_logprob(self, tail: str | None, head: str, strip: str) -> float:
        """log P(strip | head before it in its line, and `tail` ending the line above: None when
        the window does not reach the line's start, PAD at the start of the text, "" when unknown)."""
        if tail is None and "  " not in head + strip:
            return self.model.chars.conditional(head, strip)
        return _ragged(self.model.chars.logprob, self.span, tail, head, strip)

    # -- building left to right --------------------------------------------------------------------------
    def gain(self, prefix: Order, column: int, guess: Order | None = None) -> float:
        """log P(column's strips | the rows so far) when `column` is appended to `prefix`. The row above
        is not known yet, so the first columns of rows after the first are read without it, or after
        the last columns of `guess`, an order guessed earlier."""
        reach = self.reach
        if len(prefix) >= reach:
            return self.window(None, prefix[len(prefix) - reach:], column)
        return self.window(guess[len(guess) - reach + len(prefix):] if guess else (), prefix, column)

    @cached_property
    def pairs(self) -> list[list[float]]:
        """pairs[i][j]: log P(column j's strips | column i's strips on their left), summed over rows."""
        n = self.grid.n
        return [[self.window(None, (i,), j) if i != j else -math.inf for j in range(n)] for i in range(n)]

    @cached_property
    def starts(self) -> list[float]:
        """starts[j]: log P(column j's strips) read as the first column."""
        return [self.window((), (), j) for j in range(self.grid.n)]

    @cached_property
    def best_gains(self) -> list[float]:
        """best_gains[j]: the most column j's strips can score first in the rows or beside any one left
        neighbour (with more columns on its left, its window can score more)."""
        n, pairs = self.grid.n, self.pairs
        return [max([self.starts[j]] + [pairs[i][j] for i in range(n) if i != j]) for j in range(n)]

    # -- ragged-right lines -----------------------------------------------------------------------------
    def ragged_right(self, order: Order) -> Order:
        """`order` with its blank columns moved to the right end wherever that leaves the words as they
        are (ragged-right text keeps its padding at the right unless the spaces separate words)."""
        words = self.grid.text(order).split()
        for column in [c for c in order if c in self.blank]:
            moved = tuple(c for c in order if c != column) + (column,)
            if self.grid.text(moved).split() == words:
                order = moved
        return order

    def best_rotation(self, order: Order) -> Order:
        """The rotation of `order` the full model likes best, blank columns kept at the right:
        scores built from neighbours cannot see where the rows wrap."""
        best = max((order[k:] + order[:k] for k in range(len(order))), key=self.score)
        return self.ragged_right(best)


def _ragged(logprob: Callable[[str, str], float], span: int, tail: str | None, head: str, strip: str) -> float:
    """The log probability of `strip` after `head` in a ragged-right line (see `Reading`), the line
    after one ending in `tail` (None: the line's start is further left than `head` reaches)."""
    at_start = tail is not None
    if tail is None:
        context, content = "", True
    elif tail == PAD or tail == "":
        context, content = tail, False
    else:
        words = tail.rstrip(" ")
        context, content = (words + " " if len(words) < len(tail) else words) if words else " ", False
    run, total = 0, 0.0
    for i, ch in enumerate(head + strip):
        charged = i >= len(head)
        if ch == " ":
            if content and run:
                cost = 0.0  # padding after the line's words
            elif context.endswith(" "):
                cost = RAGGED  # a second space where the text has one
            else:
                cost, context = logprob(context, " "), context + " "
            run += 1
        else:
            if at_start and i == 0 and context and not context.endswith(" "):
                flush, spaced = logprob(context, ch), logprob(context, " ") + logprob(context + " ", ch)
                cost = max(flush, spaced) + math.log1p(math.exp(-abs(flush - spaced)))
                context += ch if flush >= spaced else " " + ch
            else:
                cost = logprob(context, ch) + (RAGGED if content and run > 1 else 0.0)
                context += ch
            content, run = True, 0
        context = context[-span:] if span else ""
        if charged:
            total += cost
    return total


# -- results -----------------------------------------------------------------------------------------------


class Answer(Result):
    """A `Result` whose values are column orders and whose costs are model scores (log probabilities:
    higher is better). `solutions` lists the orders in the order found (a climb's improving steps)."""

    maximise = True

    @property
    def order(self) -> Order | None:
        return self.value

    @property
    def text(self) -> str:
        return self.given.text(self.order) if self.order is not None else ""

    @property
    def lines(self) -> list[str]:
        return self.given.lines(self.order) if self.order is not None else []

    @property
    def steps(self) -> int:
        """Solutions found after the first (a climb's moves, for example)."""
        return max(0, len(self.solutions) - 1)


def _reading(grid: Grid, model: TextModel | None, budget: Budget | None) -> Reading:
    """The grid read through `model` (the cached default when None; building it is charged to the budget)."""
    if model is not None and not isinstance(model, TextModel):
        raise WordlabError(f"model must be a TextModel (see wordlab.lm.default_model), not {type(model).__name__}")
    return Reading(grid, model if model is not None else default_model(budget=budget), budget)


# -- strategy 1: best-first search over column moves -------------------------------------------------------------


def reinsertions(order: Order) -> Iterator[Order]:
    """Every distinct order made by taking one column out and putting it back elsewhere."""
    seen, n = {order}, len(order)
    for i in range(n):
        rest = order[:i] + order[i + 1:]
        for j in range(n):
            child = rest[:j] + (order[i],) + rest[j:]
            if child not in seen:
                seen.add(child)
                yield child


def block_moves(order: Order) -> Iterator[Order]:
    """Every distinct order made by taking out a run of adjacent columns and putting it back elsewhere
    (single columns included), so a well-joined word can travel in one step instead of falling apart."""
    seen, n = {order}, len(order)
    for i in range(n):
        for j in range(i + 1, n + 1):
            block, rest = order[i:j], order[:i] + order[j:]
            for k in range(len(rest) + 1):
                child = rest[:k] + block + rest[k:]
                if child not in seen:
                    seen.add(child)
                    yield child


def swaps(order: Order) -> Iterator[Order]:
    """Every order made by exchanging two columns (a repair no single move makes without a worse step)."""
    n = len(order)
    for i in range(n):
        for j in range(i + 1, n):
            child = list(order)
            child[i], child[j] = child[j], child[i]
            yield tuple(child)


def repairs(order: Order) -> Iterator[Order]:
    """Block moves and swaps."""
    yield from block_moves(order)
    yield from swaps(order)


def best_first(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
               model: TextModel | None = None, start: Sequence[int] | None = None) -> Iterator:
    """The most direct method: greedy best-first (a heap of every order seen, best score first) over
    "move one column elsewhere" steps from `start` (default: the grid as given), stopping at an order
    no move improves; yields each better order as it is reached.
    Cost per expansion: n(n-1) rescorings of the whole text; expansions ≈ moves needed (≈ n from scratch)."""
    return _best_first(grid, probe, budget, model, start, reinsertions)


def best_first_blocks(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
                      model: TextModel | None = None, start: Sequence[int] | None = None) -> Iterator:
    """Best-first as above, but a step may move a run of adjacent columns, which escapes the
    local optima where half a word sits on each side of the text. Cost per expansion: ~n³/3 rescorings."""
    return _best_first(grid, probe, budget, model, start, block_moves)


def _best_first(grid, probe, budget, model, start, neighbours) -> Iterator:
    """Pop the best-scoring order, push every order one move from it (each heap entry keeps its depth and
    the node that pushed it); stop where no move improves the order popped. The recorded frontier lists the
    heap's best orders with their score as f (a log probability, higher first: not a path cost, so g and h
    are None)."""
    reading = _reading(grid, model, budget)
    first = tuple(range(grid.n)) if start is None else _checked(grid, start)
    tie = count()
    heap, seen, best = [(-reading.score(first), next(tie), first, 0, None)], {first}, -math.inf
    while heap:
        entry = heapq.heappop(heap)
        score, _, order, depth, _ = entry
        node = _popped(probe, grid, heap, entry) if probe else None
        if -score > best:
            best = -score
            yield order, best
        improved, scored = False, 0
        for child in neighbours(order):
            if budget:
                budget.tick()
            if child not in seen:
                seen.add(child)
                value = reading.score(child)
                improved |= value > -score
                scored += 1
                heapq.heappush(heap, (-value, next(tie), child, depth + 1, node))
        if probe:
            probe.generate(depth, n=scored)
        if not improved:
            return False  # a local optimum: no move improves it
    return True  # every order reachable was scored


def _popped(probe: Probe, grid: Grid, heap: list, entry: tuple) -> int | None:
    """Tell the probe the order of heap `entry` is expanded, a child of the node that pushed it; while it
    records, with the heap's best few orders, the one taken now marked "next"."""
    _, _, order, depth, parent = entry
    return probe.expand(depth, len(heap), parent=parent, state=lambda: Strips(order, grid),
                        queue=lambda: _heap_rows(grid, heap, entry))


def _heap_rows(grid: Grid, heap: list, entry: tuple) -> list[Waiting]:
    """The heap's best orders as frontier rows, `entry` (taken now) first and marked "next"."""
    ranked = [entry, *heapq.nsmallest(QUEUE_SHOWN - 1, heap)]
    return _rows(grid, [(-score, order) for score, _, order, *_ in ranked], first="next")


QUEUE_SHOWN = 8  # how many frontier rows a recorded step lists


def _rows(grid: Grid, entries, every: str = "", first: str = "") -> list[Waiting]:
    """Frontier rows for (score, order, …) entries: the score as f (g and h None), the first marked `first`."""
    return [Waiting(_label(grid, order), None, None, round(score, 2), first if i == 0 and first else every)
            for i, (score, order, *_) in enumerate(entries)]


def _checked(grid: Grid, order: Sequence[int]) -> Order:
    if isinstance(order, (str, bytes)) or not verify(grid, list(order)):
        raise WordlabError(f"start order must list each of the {grid.n} columns once, not {order!r}")
    return tuple(order)


# -- strategy 2: greedy chain of the strongest column links ----------------------------------------------------


def greedy_chain(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
                 model: TextModel | None = None) -> Iterator:
    """Link columns left-to-right pairs in order of how much each left neighbour raises the right
    column's probability, skipping links that would give a column two neighbours on a side or close
    a loop, until one chain remains; then start it at its best rotation. Cost: n² pair scores, then
    sorting n² links, then n full scores.
    Recorded: the start (no links) as a call, each link taken as an expansion under the one before; a link
    skipped is no move at all, so it is counted in the side panel, not drawn."""
    reading = _reading(grid, model, budget)
    pairs, alone, n = reading.pairs, reading.starts, grid.n
    links = sorted(((pairs[i][j] - alone[j], i, j) for i in range(n) for j in range(n) if i != j), reverse=True)
    after: dict[int, int] = {}
    before: dict[int, int] = {}
    head = list(range(n))  # head[c]: the first column of the chain that c ends (valid for chain ends)
    node = probe.call(0, state=Chains((), grid)) if probe else None
    for tried, (_, i, j) in enumerate(links, 1):
        if budget:
            budget.tick()
        if i in after or j in before or head[i] == j:
            continue
        after[i], before[j] = j, i
        head[_chain_end(after, j)] = head[i]
        node = _linked_one(probe, grid, links, tried, after, before, node) if probe else None
        if len(after) == n - 1:
            break
    order = _answered(reading, probe, _chains_in_order(n, after, before), node, len(after))
    yield order, reading.score(order)
    return False


def _linked_one(probe: Probe, grid: Grid, links: list, tried: int, after: dict, before: dict, parent) -> int | None:
    """Tell the probe a link is taken (the `tried`th of `links`), a child of the link before; while it records,
    with the chains so far, the links from this one on (their gain as f) and how many were skipped."""
    coming = links[tried - 1:tried - 1 + QUEUE_SHOWN]
    return probe.expand(len(after), grid.n - len(after), parent=parent, state=lambda: _chains(grid, after, before),
                        queue=lambda: _rows(grid, [(gain, (i, j)) for gain, i, j in coming], first="next"),
                        facts=lambda: (("links skipped", tried - len(after)),))


def _chains(grid: Grid, after: dict[int, int], before: dict[int, int]) -> Chains:
    """The chains linked so far (of two columns or more), as the player draws them."""
    return Chains(tuple(chain for chain in _all_chains(grid.n, after, before) if len(chain) > 1), grid)


def _answered(reading: Reading, probe: Probe | None, order: Order, node, depth: int) -> Order:
    """`order` (shown by the node `node` at `depth`) started at its best rotation; the rotation, when it changes
    the order, is a move of its own, reported as a child of `node`, for the answer to hang on."""
    rotated = reading.best_rotation(order)
    if probe and rotated != order:
        probe.call(depth + 1, parent=node, state=lambda: Strips(rotated, reading.grid))
    return rotated


def _chain_end(after: dict[int, int], column: int) -> int:
    while column in after:
        column = after[column]
    return column


def _chain(column: int, before: dict[int, int], after: dict[int, int]) -> Order:
    """The chain through `column`, from its first column."""
    while column in before:
        column = before[column]
    chain = [column]
    while chain[-1] in after:
        chain.append(after[chain[-1]])
    return tuple(chain)


def _all_chains(n: int, after: dict[int, int], before: dict[int, int]) -> list[Order]:
    """Every chain, each from its first column (a column not linked is a chain of one)."""
    return [_chain(first, before, after) for first in range(n) if first not in before]


def _chains_in_order(n: int, after: dict[int, int], before: dict[int, int]) -> Order:
    """All chains, each from its first column, concatenated (one chain when the linking finished)."""
    return tuple(c for chain in _all_chains(n, after, before) for c in chain)


# -- strategy 3: beam search over left-to-right orderings ----------------------------------------------------


class Reached(NamedTuple):
    """An order a strategy has reached but not reported yet: the node it hangs under, and its depth."""

    order: Order
    parent: int | None
    depth: int


def beam(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
         model: TextModel | None = None, width: int | None = None) -> Iterator:
    """Build orders left to right, keeping the `width` most promising prefixes after each column: each
    placed column's probability in context against the best it could get beside any neighbour, so a
    prefix gains nothing by leaving the hard columns for later. Rank the complete orders by the full
    model and start the best at its best rotation (the first columns were read without the row above).
    Width: 200 prefixes for strips of one character (little evidence per column), else 50.
    Cost: n² pair scores, then n layers × width × n extensions, each rows × strip width look-ups.
    Recorded: each prefix expanded under the one it extends, one pruned leaf per layer cut; the complete
    order picked (and its rotation, if that moves it) as calls."""
    reading = _reading(grid, model, budget)
    answer = _rotated(reading, probe, _beam(reading, _width(width, grid), probe, budget))
    if probe:
        _reported(probe, grid, answer)
    yield answer.order, reading.score(answer.order)
    return False


def _width(width, grid: Grid) -> int:
    if width is None:
        return 200 if grid.width == 1 else 50
    if isinstance(width, bool) or not isinstance(width, int) or width < 1:
        raise WordlabError(f"beam width must be a whole number ≥ 1, not {width!r}")
    return width


def _beam(reading: Reading, width: int, probe: Probe | None, budget: Budget | None,
          guess: Order | None = None) -> Reached:
    """The complete order the full model likes best among the beam's last layer (the first columns
    read after the row ends of `guess`, if given). A layer entry is (regret, prefix, node of its parent)."""
    n, best, grid = reading.grid.n, reading.best_gains, reading.grid
    layer: list[tuple[float, Order, int | None]] = [(0.0, (), None)]
    for depth in range(n):
        children = []
        for i, (regret, prefix, _) in enumerate(layer):
            node = _prefix_expanded(probe, grid, depth, layer, i) if probe else None
            used = set(prefix)
            for column in range(n):
                if column not in used:
                    if budget:
                        budget.tick()
                    gain = reading.gain(prefix, column, guess)
                    children.append((regret + gain - best[column], prefix + (column,), node))
        if probe and len(children) > width:
            _cut(probe, grid, children, width, depth + 1)
        layer = heapq.nlargest(width, children)
    _, order, parent = max(layer, key=lambda entry: reading.score(entry[1]))
    return Reached(order, parent, n)


def regret(reading: Reading, prefix: Sequence[int], guess: Sequence[int] | None = None) -> float:
    """How the beam ranks `prefix` (higher is better), as the player's f shows it: the sum over its columns of
    `reading.gain` where each stands (the first columns of a row read after `guess`'s last ones, if given)
    minus `reading.best_gains`. Negative where columns read worse than beside their best single neighbour,
    positive where the longer context on their left reads better still."""
    prefix, guess = tuple(prefix), tuple(guess) if guess is not None else None
    total = 0.0
    for k, column in enumerate(prefix):
        total = total + reading.gain(prefix[:k], column, guess) - reading.best_gains[column]
    return total


def _prefix_expanded(probe: Probe, grid: Grid, depth: int, layer: list, i: int) -> int | None:
    """Tell the probe the `i`th prefix of a beam layer is expanded, a child of the prefix it extends, with the
    frontier the prefixes of the layer still to expand after it; while it records, with the layer's prefixes
    from this one on (their regret as f, best first)."""
    _, prefix, parent = layer[i]
    return probe.expand(depth, len(layer) - i - 1, parent=parent, state=lambda: Strips(prefix, grid),
                        queue=lambda: _rows(grid, layer[i:i + QUEUE_SHOWN], first="next"))


def _cut(probe: Probe, grid: Grid, children: list, width: int, depth: int) -> None:
    """Tell the probe a layer was cut to the `width` best prefixes: one pruned leaf for those dropped, the best
    of them, under its parent; while it records, listing the last prefixes kept and the first dropped."""
    dropped, half = len(children) - width, QUEUE_SHOWN // 2
    if not probe.recording:
        probe.prune(depth, dropped)
        return
    ranked = heapq.nlargest(width + half, children)
    _, first_cut, parent = ranked[width]
    probe.prune(depth, dropped, parent=parent, why=f"outside the beam of {width}", state=Strips(first_cut, grid),
                queue=[*_rows(grid, ranked[max(0, width - half):width], "kept"), *_rows(grid, ranked[width:], "cut")],
                facts=(("kept", f"{width:,}"), ("cut", f"{dropped:,}")))


def _rotated(reading: Reading, probe: Probe | None, reached: Reached) -> Reached:
    """`reached` started at its best rotation; when the rotation changes it, it is a move of its own, so the
    order before it is reported (as a call) for the rotated order to hang under."""
    order = reading.best_rotation(reached.order)
    if order == reached.order:
        return reached
    return Reached(order, _reported(probe, reading.grid, reached) if probe else None, reached.depth + 1)


def _reported(probe: Probe, grid: Grid, reached: Reached) -> int | None:
    """Report an order reached and not expanded (as a call: the expansions stay the search's own count)."""
    return probe.call(reached.depth, parent=reached.parent, state=lambda: Strips(reached.order, grid))


# -- strategy 4: beam, then local repair ----------------------------------------------------------------------


def beam_repair(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
                model: TextModel | None = None, width: int | None = None) -> Iterator:
    """The beam's order, then hill climbing on the full model: each step scores every repair (every
    distinct block move, a run of adjacent columns put back elsewhere, and every swap of two columns)
    and takes the best, until none improves; then once more from a second beam that reads the first
    columns of each row after the row ends the first pass found (where lines start mid-word, the first
    beam had to read them cold). Yields the beam's order and each improvement.
    Cost: two beams, plus one rescoring of the text per repair per climbing step (a few steps).
    Recorded: as `beam`, then each order the climb reaches, expanded under the order before it; the second
    beam is a second root."""
    reading, width = _reading(grid, model, budget), _width(width, grid)
    for reached in _climb(reading, _rotated(reading, probe, _beam(reading, width, probe, budget)), probe, budget):
        order, best = reached.order, reading.score(reached.order)
        yield order, best
    second = _rotated(reading, probe, _beam(reading, width, probe, budget, guess=order))
    for reached in _climb(reading, second, probe, budget):
        if reading.score(reached.order) > best:
            order, best = reached.order, reading.score(reached.order)
            yield order, best
    return False


def _climb(reading: Reading, reached: Reached, probe: Probe | None, budget: Budget | None) -> Iterator[Reached]:
    """Hill climbing from `reached`: each order in turn, reported as expanded under the order before it, then
    moved on to its best repair; ends at an order no repair improves."""
    while True:
        node = probe.expand(reached.depth, 0, parent=reached.parent, state=lambda: Strips(reached.order, reading.grid),
                            facts=lambda: (("score", f"{reading.score(reached.order):.1f}"),)) if probe else None
        yield reached
        better = _best_repair(reading, reached.order, budget)
        if better == reached.order:
            return
        reached = Reached(better, node, reached.depth + 1)


def _best_repair(reading: Reading, order: Order, budget: Budget | None) -> Order:
    """The block move or swap of `order` the full model likes best, if it beats `order` (else `order`),
    with its blank columns moved to the right end."""
    best, best_score = order, reading.score(order)
    for child in repairs(order):
        if budget:
            budget.tick()
        value = reading.score(child)
        if value > best_score:
            best, best_score = child, value
    return reading.ragged_right(best)


# -- strategy 5: exact best path over pairwise scores ---------------------------------------------------------

MAX_EXACT_COLUMNS = 20


def exact(grid: Grid, *, probe: Probe | None = None, budget: Budget | None = None,
          model: TextModel | None = None) -> Iterator:
    """Held-Karp dynamic programming: the order maximising start score + the sum of pairwise
    neighbour scores (each column read after its left neighbour only), which it finds exactly; then
    the best rotation under the full model (pair scores cannot see where rows wrap).
    Cost: n²·2ⁿ additions (vectorised with numpy, ~n·2ⁿ floats of memory); refused above 20 columns.
    Recorded: the vectorised layers hold every path at once, so the tree is a chain of `Layer`s: the start
    (no column) as a call, each layer as one node counting its (set, last column) states, the best path
    read back as a call, and its rotation if that moves it."""
    import numpy as np

    n = grid.n
    if n > MAX_EXACT_COLUMNS:
        raise WordlabError(f"exact needs at most {MAX_EXACT_COLUMNS} columns (2^n states), this grid has {n}")
    reading = _reading(grid, model, budget)
    pairs = np.array(reading.pairs, dtype=np.float64)
    best = np.full((1 << n, n), -np.inf)
    for j, value in enumerate(reading.starts):
        best[1 << j, j] = value
    masks = np.arange(1 << n)
    sizes = np.zeros(1 << n, dtype=np.int64)
    for bit in range(n):
        sizes += (masks >> bit) & 1
    node = probe.call(0, state=Layer(0, (), grid)) if probe else None
    for size in range(1, n):
        layer = masks[sizes == size]
        if probe:
            node = probe.expand(size, len(layer) * n, n=len(layer) * n, parent=node,
                                state=lambda: Layer(size, _walk_back(best, pairs, _best_mask(best, layer)), grid))
        if budget:
            budget.tick(len(layer) * n)
        scores = best[layer]
        for j in range(n):
            if budget:
                budget.check()
            free = (layer >> j) & 1 == 0
            best[layer[free] | (1 << j), j] = (scores[free] + pairs[:, j]).max(axis=1)
    path = _walk_back(best, pairs, (1 << n) - 1)
    node = probe.call(n, parent=node, state=lambda: Layer(n, path, grid)) if probe else None
    order = _answered(reading, probe, path, node, n)
    yield order, reading.score(order)
    return False


def pairwise_score(reading: Reading, order: Sequence[int]) -> float:
    """The objective `exact` maximises: the first column's start score plus every neighbour pair's score."""
    return reading.starts[order[0]] + sum(reading.pairs[a][b] for a, b in zip(order, order[1:]))


def _best_mask(best, masks) -> int:
    """The set of columns (among `masks`) whose best path scores highest."""
    return int(masks[best[masks].max(axis=1).argmax()])


def _walk_back(best, pairs, mask: int) -> Order:
    """Recover the best path over the columns of `mask` from the DP table, last column first."""
    last = int(best[mask].argmax())
    order = [last]
    while mask != 1 << last:
        previous_mask = mask ^ (1 << last)
        last = int((best[previous_mask] + pairs[:, last]).argmax())
        order.append(last)
        mask = previous_mask
    return tuple(order[::-1])


# -- the registry ----------------------------------------------------------------------------------------------

STRATEGIES: dict[str, Callable[..., Iterator]] = {
    "best-first": best_first,
    "best-first-blocks": best_first_blocks,
    "greedy-chain": greedy_chain,
    "beam": beam,
    "beam-repair": beam_repair,
    "exact": exact,
}
DEFAULT_STRATEGY = "beam-repair"


def solve(given: Grid | str, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Answer:
    """Reorder the columns of `given` (a Grid or its `|ab|cd|` text) with the named strategy; options:
    `model` (a `TextModel`, default `default_model()`), the beam's `width`, best-first's `start`."""
    result = run(STRATEGIES, strategy, given, prepare=parse, result=Answer, render=render,
                 probe=probe, budget=budget, **options)
    if isinstance(result.given, Grid):
        result.render = partial(render, grid=result.given)  # recorded solutions are orders of this grid
    return result
