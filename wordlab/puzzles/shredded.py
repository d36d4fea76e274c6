"""Shredded text: put the shuffled columns of a shredded message back in order.

The Stanford AI class (2011) cut a message into 19 strips of two characters per row, 8 rows, and
shuffled the strips. A candidate order of the columns is scored by a language model reading the
rows one after the other (`wordlab.lm`: interpolated character n-grams plus word unigrams), and a
strategy searches the orders for a high score.

>>> found = solve(ai_class_grid(), "beam")            # doctest: +SKIP
>>> " ".join(found.text.split())[:41]                  # doctest: +SKIP
'Claude Shannon founded information theory'
"""

from __future__ import annotations

import argparse
import random
import re
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Callable, Sequence

from wordlab.errors import WordlabError
from wordlab.lm import PAD, TextModel, default_model
from wordlab.puzzles import Report
from wordlab.search import Budget, Probe, SearchProblem, beam, budgeted, greedy, pick

DATA = Path(__file__).resolve().parents[2] / "data" / "shredded"

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
        order = range(self.n) if order is None else order
        return "\n".join("|" + "|".join(self.columns[c][r] for c in order) + "|" for r in range(self.rows))

    def __str__(self) -> str:
        return self.show()


def parse(text: str) -> Grid:
    """Read a grid written as lines `|ab|cd|…|`; blank lines and space outside the outer bars are ignored."""
    if not isinstance(text, str):
        raise WordlabError(f"a shredded grid is text, not {type(text).__name__}")
    lines = [line.strip("\r\n") for line in text.split("\n")]
    lines = [line.strip(" \t") for line in lines if line.strip()]
    if not lines:
        raise WordlabError("empty grid: no rows")
    rows = []
    for number, line in enumerate(lines, 1):
        if len(line) < 2 or not (line.startswith("|") and line.endswith("|")):
            raise WordlabError(f"row {number} must start and end with '|': {line!r}")
        rows.append(line[1:-1].split("|"))
    return from_rows(rows)


def from_rows(rows: Sequence[Sequence[str]]) -> Grid:
    """A grid from rows of strips, checked: same number of strips per row, one strip width, ≥ 2 columns."""
    if not rows:
        raise WordlabError("empty grid: no rows")
    n = len(rows[0])
    for number, row in enumerate(rows, 1):
        if len(row) != n:
            raise WordlabError(f"ragged grid: row {number} has {len(row)} strips, row 1 has {n}")
    width = len(rows[0][0])
    if width == 0:
        raise WordlabError("empty strips: the strip width must be at least 1")
    for number, row in enumerate(rows, 1):
        for column, strip in enumerate(row, 1):
            if len(strip) != width:
                raise WordlabError(f"unequal strip widths: row {number}, strip {column} is {strip!r} "
                                   f"({len(strip)} characters), the first strip has {width}")
    if n < 2:
        raise WordlabError(f"a grid of {n} column has nothing to reorder; it needs at least 2 columns")
    return Grid(tuple(tuple(row[c] for row in rows) for c in range(n)))


def ai_class_grid() -> Grid:
    """The Stanford AI class (2011) shredded message, 8 rows of 19 two-character strips."""
    return parse((DATA / "ai_class.txt").read_text(encoding="utf-8"))


def heldout_prose() -> list[str]:
    """Ten paragraphs of varied prose that are not in the models' training text (for fair trials)."""
    return (DATA / "heldout.txt").read_text(encoding="utf-8").splitlines()


def shred(text: str, seed: int, *, width: int = 2, columns: int = 19) -> Grid:
    """Cut `text` (white space runs made single spaces) into rows of `columns` strips of `width`
    characters, padding the last row with spaces, and shuffle the columns with `seed`."""
    if width < 1 or columns < 2:
        raise WordlabError(f"shred needs width ≥ 1 and columns ≥ 2, not width={width}, columns={columns}")
    flat = unshredded(text, width=width, columns=columns)
    if not flat:
        raise WordlabError("nothing to shred: the text is empty")
    line = width * columns
    rows = [flat[i:i + line] for i in range(0, len(flat), line)]
    cut = [[row[c * width:(c + 1) * width] for c in range(columns)] for row in rows]
    order = list(range(columns))
    random.Random(seed).shuffle(order)
    return from_rows([[row[c] for c in order] for row in cut])


def unshredded(text: str, *, width: int = 2, columns: int = 19) -> str:
    """The message that `shred(text, …, width, columns)` hides: single-spaced and padded to whole rows."""
    flat = re.sub(r"\s+", " ", text).strip()
    line = width * columns
    return flat + " " * (-len(flat) % line)


def verify(grid: Grid, order: Sequence[int]) -> bool:
    """Is `order` a rearrangement of all of the grid's columns (each exactly once)?"""
    return sorted(order) == list(range(grid.n))


# -- scoring ---------------------------------------------------------------------------------------------


class Reading:
    """A grid read through a language model: scores of orders, prefixes and column pairs, memoised."""

    def __init__(self, grid: Grid, model: TextModel):
        self.grid, self.model = grid, model
        self.cols = [tuple(strip.lower() for strip in column) for column in grid.columns]
        self.rows = grid.rows
        self.reach = min(grid.n - 1, -(-(model.order - 1) // grid.width))  # columns of context a strip needs
        self._scores: dict[Order, float] = {}
        self._windows: dict[tuple[int, ...], float] = {}

    def text(self, order: Sequence[int]) -> str:
        cols = self.cols
        return "".join([cols[c][r] for r in range(self.rows) for c in order])

    def score(self, order: Order) -> float:
        """The model's log probability of the message read in `order` (higher is better):
        `model.score(text(order))`, with the character part summed from memoised column windows."""
        value = self._scores.get(order)
        if value is None:
            value = self._chars(order)
            words = self.model.words
            if words is not None and self.model.word_weight:
                value += self.model.word_weight * words.score(self.text(order))
            self._scores[order] = value
        return value

    def _chars(self, order: Order) -> float:
        """Character log probability: each column is read after the `reach` columns before it
        (wrapping to the end of the previous row for the first columns of a row)."""
        reach, n, windows = self.reach, len(order), self._windows
        total = 0.0
        for p in range(n):
            key = order[p - reach:p + 1] if p >= reach else order[n - reach + p:] + order[:p + 1] + (p,)
            value = windows.get(key)
            if value is None:
                value = windows[key] = self._window(key)
            total += value
        return total

    def _window(self, key: tuple[int, ...]) -> float:
        """log P(the last column's strips | the strips of the columns before it), summed over rows."""
        cols, conditional = self.cols, self.model.chars.conditional
        if len(key) == self.reach + 1:  # every column before it is in the same row
            return sum(conditional("".join(cols[c][r] for c in key[:-1]), cols[key[-1]][r])
                       for r in range(self.rows))
        within = key[-1]
        wrapped, same_row, column = key[:self.reach - within], key[self.reach - within:-2], key[-2]
        total = 0.0
        for r in range(self.rows):
            before = "".join(cols[c][r - 1] for c in wrapped) if r else PAD
            total += conditional(before + "".join(cols[c][r] for c in same_row), cols[column][r])
        return total

    def gain(self, prefix: Order, column: int) -> float:
        """log P(column's strips | the rows so far), when `column` is appended to the order `prefix`
        (the first columns of rows after the first are read without context: the row above is unknown)."""
        if len(prefix) >= self.reach:
            key = prefix[len(prefix) - self.reach:] + (column,)
            value = self._windows.get(key)
            if value is None:
                value = self._windows[key] = self._window(key)
            return value
        conditional, cols = self.model.chars.conditional, self.cols
        return sum(conditional(start + "".join(cols[c][r] for c in prefix), cols[column][r])
                   for r, start in enumerate(self.row_starts))

    @cached_property
    def row_starts(self) -> tuple[str, ...]:
        """Row contexts before any column: the text start for row 0, nothing known for the others."""
        return (PAD,) + ("",) * (self.rows - 1)

    @cached_property
    def pairs(self) -> list[list[float]]:
        """pairs[i][j]: log P(column j's strips | column i's strips on their left), summed over rows."""
        conditional, cols = self.model.chars.conditional, self.cols
        return [[sum(conditional(a, b) for a, b in zip(cols[i], cols[j])) if i != j else float("-inf")
                 for j in range(len(cols))] for i in range(len(cols))]

    @cached_property
    def starts(self) -> list[float]:
        """starts[j]: log P(column j's strips) read as the first column (see `row_starts`)."""
        return [self.gain((), j) for j in range(len(self.cols))]


# -- results -----------------------------------------------------------------------------------------------


@dataclass
class Solution:
    """An order of the columns, the text it reads, its score, and how the search got there.

    `history` follows the strategy step by step: the score of each order along best-first's path, the
    score of the beam's prefix of each length, the total gain of greedy-chain's links as each is made,
    and exact's one pairwise optimum; `steps` is len(history) - 1 (moves, columns placed, links)."""

    order: Order
    text: str
    score: float
    strategy: str
    history: list[float] = field(default_factory=list)
    stopped: str | None = None

    @property
    def steps(self) -> int:
        return max(0, len(self.history) - 1)



def _solution(grid: Grid, reading: Reading, order: Sequence[int], strategy: str,
              history: list[float], stopped: str | None) -> Solution:
    order = tuple(order)
    return Solution(order, grid.text(order), reading.score(order), strategy, history, stopped)


# -- strategy 1: the write-up's best-first search over column moves ---------------------------------------------


def reinsertions(order: Order) -> list[Order]:
    """Every distinct order made by taking one column out and putting it back elsewhere."""
    seen, n = {order}, len(order)
    moves = []
    for i in range(n):
        rest = order[:i] + order[i + 1:]
        for j in range(n):
            child = rest[:j] + (order[i],) + rest[j:]
            if child not in seen:
                seen.add(child)
                moves.append(child)
    return moves


def block_moves(order: Order) -> list[Order]:
    """Every distinct order made by taking out a run of adjacent columns and putting it back elsewhere
    (single columns included), so a well-joined word can travel in one step instead of falling apart."""
    seen, n = {order}, len(order)
    moves = []
    for i in range(n):
        for j in range(i + 1, n + 1):
            block, rest = order[i:j], order[:i] + order[j:]
            for k in range(len(rest) + 1):
                child = rest[:k] + block + rest[k:]
                if child not in seen:
                    seen.add(child)
                    moves.append(child)
    return moves


class ReinsertionProblem(SearchProblem):
    """States are column orders; a step moves one column; h = -score, so greedy best-first climbs the
    model's score with a heap of every order seen. Goal: an order that no single move improves."""

    def __init__(self, reading: Reading, start: Order, neighbours: Callable[[Order], list[Order]] = reinsertions):
        self.reading, self._start, self.neighbours = reading, start, neighbours
        self.parent: dict[Order, Order | None] = {start: None}
        self._moves: dict[Order, list[Order]] = {}

    def start(self) -> Order:
        return self._start

    def moves(self, state: Order) -> list[Order]:
        found = self._moves.get(state)
        if found is None:
            found = self._moves[state] = self.neighbours(state)
            for child in found:
                self.parent.setdefault(child, state)
        return found

    def is_goal(self, state: Order) -> bool:
        score = self.reading.score
        return max(score(child) for child in self.moves(state)) <= score(state)

    def successors(self, state: Order):
        return [(child, 1) for child in self.moves(state)]

    def heuristic(self, state: Order) -> float:
        return -self.reading.score(state)

    def best_seen(self) -> Order:
        return max(self.parent, key=self.reading.score)

    def path(self, state: Order) -> list[Order]:
        path = [state]
        while self.parent[path[-1]] is not None:
            path.append(self.parent[path[-1]])
        return path[::-1]


def best_first(grid: Grid, model: TextModel | None = None, *, probe: Probe | None = None,
               budget: Budget | None = None, start: Sequence[int] | None = None) -> Solution:
    """The write-up's method: greedy best-first (a heap ordered by model score) over "move one column
    elsewhere" steps from `start` (default: the grid as given), stopping at an order no move improves.
    Cost per expansion: n(n-1) rescorings of the whole text; expansions ≈ moves needed (≈ n from scratch)."""
    return _climb(grid, model, probe, budget, start, reinsertions, "best-first")


def best_first_blocks(grid: Grid, model: TextModel | None = None, *, probe: Probe | None = None,
                      budget: Budget | None = None, start: Sequence[int] | None = None) -> Solution:
    """Best-first as in the write-up, but a step may move a run of adjacent columns, which escapes the
    local optima where half a word sits on each side of the text. Cost per expansion: ~n³/3 rescorings."""
    return _climb(grid, model, probe, budget, start, block_moves, "best-first-blocks")


def _climb(grid: Grid, model: TextModel | None, probe: Probe | None, budget: Budget | None,
           start: Sequence[int] | None, neighbours: Callable[[Order], list[Order]], name: str) -> Solution:
    reading = Reading(grid, model or default_model())
    first = tuple(range(grid.n)) if start is None else _checked(grid, start)
    problem = ReinsertionProblem(reading, first, neighbours)
    result = greedy(problem, probe=probe, budget=budget, first_only=True)
    order = result.best.value if result else problem.best_seen()
    history = [reading.score(state) for state in problem.path(order)]
    return _solution(grid, reading, order, name, history, result.stopped)


def _checked(grid: Grid, order: Sequence[int]) -> Order:
    if not verify(grid, order):
        raise WordlabError(f"start order must list each of the {grid.n} columns once, not {list(order)}")
    return tuple(order)


# -- strategy 2: greedy chain of the strongest column links ----------------------------------------------------


def greedy_chain(grid: Grid, model: TextModel | None = None, *, probe: Probe | None = None,
                 budget: Budget | None = None) -> Solution:
    """Link columns left-to-right pairs in order of how much each left neighbour raises the right
    column's probability, skipping links that would give a column two neighbours on a side or close
    a loop, until one chain remains; then start it at its best rotation. Cost: n² pair scores, then
    sorting n² links, then n full scores."""
    reading = Reading(grid, model or default_model())
    pairs, alone = reading.pairs, reading.starts
    n = grid.n
    links = sorted(((pairs[i][j] - alone[j], i, j) for i in range(n) for j in range(n) if i != j), reverse=True)
    after: dict[int, int] = {}
    before: dict[int, int] = {}
    head = list(range(n))  # head[c]: the first column of the chain that c ends (valid for chain ends)
    history = [0.0]  # the total gain of the links made so far
    with budgeted(budget) as run:
        for gain, i, j in links:
            if budget:
                budget.tick()
            if probe:
                probe.call(len(after))
            if i in after or j in before or head[i] == j:
                if probe:
                    probe.prune(len(after))
                continue
            after[i], before[j] = j, i
            head[_chain_end(after, j)] = head[i]
            history.append(history[-1] + gain)
            if len(after) == n - 1:
                break
    order = best_rotation(reading, _chains_in_order(n, after, before))
    return _solution(grid, reading, order, "greedy-chain", history, run.stopped)


def best_rotation(reading: Reading, order: Order) -> Order:
    """The rotation of `order` that the full model likes best: pairwise scores cannot see where the
    rows wrap, so a chain read as a loop may start at any of its columns."""
    return max((order[k:] + order[:k] for k in range(len(order))), key=reading.score)


def _chain_end(after: dict[int, int], column: int) -> int:
    while column in after:
        column = after[column]
    return column


def _chains_in_order(n: int, after: dict[int, int], before: dict[int, int]) -> Order:
    """All chains, each from its first column, concatenated (one chain when the linking finished)."""
    order = []
    for first in (c for c in range(n) if c not in before):
        column = first
        order.append(column)
        while column in after:
            column = after[column]
            order.append(column)
    return tuple(order)


# -- strategy 3: beam search over left-to-right orderings ----------------------------------------------------


class PrefixProblem(SearchProblem):
    """States are the first columns of an order; a step appends an unused column and costs minus its
    characters' log probability given the last order-1 characters of each row. A complete order costs
    minus its full model score (row ends joined, words counted), so the final ranking is exact."""

    def __init__(self, reading: Reading):
        self.reading = reading
        self._cost: dict[Order, float] = {(): 0.0}

    def start(self) -> Order:
        return ()

    def is_goal(self, state: Order) -> bool:
        return len(state) == self.reading.grid.n

    def known(self, state: Order) -> bool:
        return state in self._cost

    def cost(self, state: Order) -> float:
        """Minus the log probability of the rows read so far (of the whole text, for a complete order)."""
        return self._cost[state]

    def successors(self, state: Order):
        n, cost, known, reading = self.reading.grid.n, self._cost[state], self._cost, self.reading
        used = set(state)
        children = []
        for column in range(n):
            if column in used:
                continue
            child = state + (column,)
            if child not in known:
                known[child] = -reading.score(child) if len(child) == n else cost - reading.gain(state, column)
            children.append((child, known[child] - cost))
        return children

    def label(self, state: Order) -> str:
        return "".join(self.reading.cols[c][0] for c in state)

    def deepest(self) -> Order:
        """The most probable of the longest prefixes scored (what a stopped search has to offer)."""
        return max(self._cost, key=lambda state: (len(state), -self._cost[state]))


def beam_search(grid: Grid, model: TextModel | None = None, *, probe: Probe | None = None,
                budget: Budget | None = None, width: int = 50) -> Solution:
    """Build orders left to right, keeping the `width` most probable prefixes after each column
    (each scored with full n-gram context), then rank the complete orders by the full model and
    start the best at its best rotation (the first columns were read without the row above).
    Cost: n layers × width × n extensions of rows × strip width character look-ups."""
    reading = Reading(grid, model or default_model())
    problem = PrefixProblem(reading)
    result = beam(problem, width=width, probe=probe, budget=budget)
    if result:
        built = max((found.value for found in result.solutions), key=reading.score)
    else:
        built = _completed(grid.n, problem.deepest())
    history = [-problem.cost(built[:k]) for k in range(len(built) + 1) if problem.known(built[:k])]
    return _solution(grid, reading, best_rotation(reading, built), "beam", history, result.stopped)


def _completed(n: int, prefix: Order) -> Order:
    """`prefix` followed by the columns it lacks in their given order (for a search stopped early)."""
    return prefix + tuple(c for c in range(n) if c not in set(prefix))


# -- strategy 4: exact best path over pairwise scores ---------------------------------------------------------

MAX_EXACT_COLUMNS = 20


def exact_pairs(grid: Grid, model: TextModel | None = None, *, probe: Probe | None = None,
                budget: Budget | None = None) -> Solution:
    """Held-Karp dynamic programming: the order maximising start score + the sum of pairwise
    neighbour scores (each column read after its left neighbour only), which it finds exactly; then
    the best rotation under the full model (pair scores cannot see where rows wrap).
    Cost: n²·2ⁿ additions (vectorised with numpy, ~n·2ⁿ floats of memory); refused above 20 columns."""
    import numpy as np

    n = grid.n
    if n > MAX_EXACT_COLUMNS:
        raise WordlabError(f"exact needs at most {MAX_EXACT_COLUMNS} columns (2^n states), this grid has {n}")
    reading = Reading(grid, model or default_model())
    pairs = np.array(reading.pairs, dtype=np.float64)
    best = np.full((1 << n, n), -np.inf)
    for j, value in enumerate(reading.starts):
        best[1 << j, j] = value
    masks = np.arange(1 << n)
    sizes = np.zeros(1 << n, dtype=np.int64)
    for bit in range(n):
        sizes += (masks >> bit) & 1
    with budgeted(budget) as run:
        for size in range(1, n):
            layer = masks[sizes == size]
            if probe:
                probe.expand(size, len(layer) * n, n=len(layer) * n)
            if budget:
                budget.tick(len(layer) * n)
            scores = best[layer]
            for j in range(n):
                free = (layer >> j) & 1 == 0
                best[layer[free] | (1 << j), j] = (scores[free] + pairs[:, j]).max(axis=1)
    if run.stopped:
        return _solution(grid, reading, tuple(range(n)), "exact", [], run.stopped)
    path = _walk_back(best, pairs, n)
    history = [pairwise_score(reading, path)]
    return _solution(grid, reading, best_rotation(reading, path), "exact", history, None)


def pairwise_score(reading: Reading, order: Sequence[int]) -> float:
    """The objective `exact` maximises: the first column's start score plus every neighbour pair's score."""
    return reading.starts[order[0]] + sum(reading.pairs[a][b] for a, b in zip(order, order[1:]))


def _walk_back(best, pairs, n: int) -> Order:
    """Recover the best order from the DP table, last column first."""
    mask = (1 << n) - 1
    last = int(best[mask].argmax())
    order = [last]
    while mask != 1 << last:
        previous_mask = mask ^ (1 << last)
        last = int((best[previous_mask] + pairs[:, last]).argmax())
        order.append(last)
        mask = previous_mask
    return tuple(order[::-1])


# -- the registry ----------------------------------------------------------------------------------------------

Strategy = Callable[..., Solution]

STRATEGIES: dict[str, Strategy] = {
    "best-first": best_first,
    "best-first-blocks": best_first_blocks,
    "greedy-chain": greedy_chain,
    "beam": beam_search,
    "exact": exact_pairs,
}
DEFAULT_STRATEGY = "beam"


def solve(grid: Grid | str, strategy: str = DEFAULT_STRATEGY, model: TextModel | None = None, *,
          probe: Probe | None = None, budget: Budget | None = None, **options) -> Solution:
    """Reorder the columns of `grid` (a Grid or its `|ab|cd|` text) with the named strategy."""
    chosen = pick(STRATEGIES, strategy)
    grid = parse(grid) if isinstance(grid, str) else grid
    return chosen(grid, model, probe=probe, budget=budget, **options)


# -- command line --------------------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option

    parser.add_argument("grid", nargs="?", default=None,
                        help="a file holding the grid as |ab|cd|… rows (default: the 2011 AI-class grid)")
    parser.add_argument("--train", default="default", metavar="SPEC",
                        help="training text: default (shipped+wordfreq), shipped, wordfreq, nltk:brown, a file, a+b")
    parser.add_argument("--order", type=int, default=6, help="character n-gram order (default 6)")
    parser.add_argument("--word-weight", type=float, default=1.0, help="weight of the word unigram model (default 1)")
    parser.add_argument("--beam-width", type=int, default=50, help="beam width for the beam strategy (default 50)")
    if command == "solve":
        add_strategy_option(parser, STRATEGIES, default=DEFAULT_STRATEGY)
        add_budget_options(parser)
    else:
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.add_argument("--repeats", type=int, default=1, help="timed runs per strategy (best is kept)")
        parser.add_argument("--held-out", type=int, default=0, metavar="N",
                            help="also run on N grids shredded from held-out prose (at most 10)")


def _model_from(args: argparse.Namespace) -> TextModel:
    return default_model(order=args.order, word_weight=args.word_weight, spec=args.train)


def _grid_from(args: argparse.Namespace) -> Grid:
    if args.grid is None:
        return ai_class_grid()
    path = Path(args.grid)
    if not path.is_file():
        raise WordlabError(f"no grid file {args.grid!r}")
    return parse(path.read_text(encoding="utf-8"))


def _options(strategy: str, args: argparse.Namespace) -> dict:
    return {"width": args.beam_width} if strategy == "beam" else {}


def cli_solve(args: argparse.Namespace) -> Report:
    from wordlab.cli import budget_from

    grid, model, probe = _grid_from(args), _model_from(args), Probe()
    found = solve(grid, args.strategy, model, probe=probe, budget=budget_from(args), **_options(args.strategy, args))
    lines = grid.lines(found.order)
    text = "\n".join([f"{args.strategy}: score {found.score:.1f}, {found.steps} steps, "
                      f"{probe.nodes:,} nodes, {probe.elapsed:.2f} s"
                      + (f" (stopped: {found.stopped})" if found.stopped else ""), *lines])
    data = {"strategy": args.strategy, "order": list(found.order), "lines": lines, "score": found.score,
            "steps": found.steps, "stopped": found.stopped, **probe.summary()}
    return Report(text, data)


def cli_bench(args: argparse.Namespace) -> Report:
    from wordlab.bench import format_table, run

    grid, model = _grid_from(args), _model_from(args)
    if not 0 <= args.held_out <= 10:
        raise WordlabError(f"--held-out must be between 0 and 10, not {args.held_out}")
    inputs = {"grid": grid} | {f"held-out {k}": shred(text, k) for k, text in enumerate(heldout_prose()[:args.held_out])}
    for given in inputs.values():  # warm the model's n-gram memo, so the first strategy is not charged for it
        greedy_chain(given, model)
    strategies = {name: _bench_entry(name, model, args) for name in args.strategies}
    frame = run(strategies, inputs, repeats=args.repeats, describe=lambda found: " ".join(found.text.split())[:40])
    title = f"shredded: {grid.rows} rows × {grid.n} strips of {grid.width}, order-{args.order} model"
    return Report(format_table(frame, title), frame.to_dict(orient="records"))


def _bench_entry(name: str, model: TextModel, args: argparse.Namespace) -> Callable[..., Solution]:
    options = _options(name, args)
    return lambda grid, probe=None: solve(grid, name, model, probe=probe, **options)
