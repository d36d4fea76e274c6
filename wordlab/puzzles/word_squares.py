"""Word squares: an n × n grid of letters whose row i and column i are the same word.

    b i s h o p
    i n h a l e        Given a first word ("bishop"), find every square. Row k must start
    s h a m a n        with the letters column k already holds (rows 0..k-1 at position k),
    h a m a d a        so each row is a prefix query on the words of length n; the strategies
    o l a d e r        differ in how they answer it and in how early they prune.
    p e n a r i

Strategies follow the one protocol (`wordlab.puzzles`): generators that yield each square as `(square, None)`,
run by `solve` through `wordlab.search.run`, which owns the budget; their indexes are built inside the run, so
a budget is charged for them. All list every square; the first three visit exactly the same partial squares:

- `list-of-successes`: the write-up's trie per length, breadth-first layers of surviving partial squares.
- `backtracking`: depth-first over a prefix table, one partial square at a time.
- `prefix-table-bfs`: the Python prefix-table breadth-first solution, as a tight loop.
- `column-bitmasks`: letter by letter over a trie whose nodes carry 26-bit masks of their next letters,
  accepting a letter only if every column it extends is still the prefix of some word.

Queries: `squares` (given first word or top rows), `squares_with` (a word in any row), `squares_of_sizes`
(every square of each size), and the extension `double_squares` (rows and columns all different words).

Watching a search: a recorded run (`Probe(record=N)`) keeps `PartialSquare` steps, which `render` draws as
the rows placed and the column prefixes still to fill. Every strategy reports `probe.expand(depth, …,
parent=…)` per partial square, a child of the square it extends by one row; `backtracking` also marks
each square it gives up (`probe.backtrack`) and lists its stack, `list-of-successes` its layer. A
minimal strategy of your own, with its tree: docs/puzzles/word-squares.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, Collection, Iterable, Iterator, NamedTuple, Sequence

from wordlab.errors import WordlabError
from wordlab.search import (Budget, Probe, Result, SearchProblem, breadth_first, depth_first, paced, run,
                            spent_together)
from wordlab.structures import Trie
from wordlab.structures.letters import ALL_LETTERS, bit, bits_of
from wordlab.words import WordList, as_wordlist

Square = tuple[str, ...]  # a solution: its rows, top to bottom
BLANK = "."
DEFAULT_WORDS = "wordfreq"
DEFAULT_STRATEGY = "column-bitmasks"
MAX_SIZE = 30  # longer words than this are in no word list worth searching
CACHE_FROM = 5_000  # word sets at least this big keep their letter trie in the disk cache
LETTER_TRIE_FORMAT = 3



class LetterTrie(NamedTuple):
    """The words of one length as a trie of numbered nodes in three flat tables. Node 0 is the root (the
    empty prefix); node `n` may be followed by the letters of the 26-bit mask `masks[n]`; its child by the
    letter bit `b` is `kids[n][b]`; `ends[n]` is the word that ends at it (None above the leaves). Nodes
    are numbers, so the tables hold no containers within containers: quick to load from the cache, and
    nothing for the garbage collector to walk."""

    masks: tuple[int, ...]
    kids: tuple[dict[int, int], ...]
    ends: tuple["str | None", ...]


ROOT = 0


class PartialSquare(NamedTuple):
    """What a recorded step keeps and the player draws: the rows placed so far (the top rows of a square
    of `size`); the rows still to come show the column prefixes they must start with."""

    rows: tuple[str, ...]
    size: int

    def __str__(self) -> str:  # how a tree drawing labels it: the row placed last
        return self.rows[-1] if self.rows else "·"


# -- the words of one length, indexed three ways -----------------------------------------------------------


class SquareWords:
    """The words of one length, with the indexes the strategies search (each built once, on first use, under
    the budget of the run that first needs it)."""

    def __init__(self, words: Iterable[str], size: int, name: str = "custom"):
        self.size = size
        self.name = name
        if isinstance(words, WordList):  # sorted and distinct already
            self.words: tuple[str, ...] = tuple([w for w in words.words if len(w) == size])
        else:
            self.words = tuple(sorted({w for w in words if len(w) == size}))
        if not self.words:
            raise WordlabError(f"{name} has no words of length {size}")
        self._set = frozenset(self.words)
        self._indexes: dict[str, object] = {}

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._set

    def __repr__(self) -> str:
        return f"SquareWords({self.name!r}, length {self.size}, {len(self):,} words)"

    def trie(self, budget: Budget | None = None) -> Trie:
        """The write-up's trie of this length's words (nested dicts)."""
        return self._index("trie", lambda: _trie(self.words, budget))

    def prefix_table(self, budget: Budget | None = None) -> dict[str, tuple[str, ...]]:
        """Every prefix (including "" and the whole word) → the words that start with it."""
        return self._index("prefix table", lambda: _prefix_table(self.words, self.size, budget))

    def letter_trie(self, budget: Budget | None = None) -> LetterTrie:
        """The trie again, each node carrying the 26-bit mask of the letters that may follow (from the disk
        cache for big word sets, keyed by a digest of the words themselves)."""
        return self._index("letter trie", lambda: _cached_letter_trie(self, budget))

    def _index(self, name: str, build: Callable[[], object]):
        if name not in self._indexes:
            self._indexes[name] = build()
        return self._indexes[name]

    def build(self) -> "SquareWords":
        """Build every index now (so that timings of searches leave index building out)."""
        self.trie(), self.prefix_table(), self.letter_trie()
        return self


def _trie(words: Sequence[str], budget: Budget | None) -> Trie:
    trie = Trie()
    for word in paced(words, budget):
        trie.add(word)
    return trie


def _prefix_table(words: Sequence[str], size: int, budget: Budget | None) -> dict[str, tuple[str, ...]]:
    table: dict[str, list[str]] = {}
    for word in paced(words, budget):
        for i in range(size + 1):
            table.setdefault(word[:i], []).append(word)
    return {prefix: tuple(words) for prefix, words in table.items()}


def letter_trie(words: Sequence[str], budget: Budget | None = None) -> LetterTrie:
    """The letter trie of sorted, distinct `words` of one length, built from runs of shared prefixes."""
    masks: list[int] = []
    kids: list[dict[int, int]] = []
    ends: list[str | None] = []

    def node(depth: int, lo: int, hi: int) -> int:
        """Number the node of the prefix that `words[lo:hi]` share (of length `depth`) and its subtrie."""
        number = len(masks)
        children: dict[int, int] = {}
        masks.append(0)
        kids.append(children)
        ends.append(words[lo] if len(words[lo]) == depth else None)
        if ends[number] is not None:
            return number
        if budget and depth == 1:
            budget.check()
        while lo < hi:
            letter, end = words[lo][depth], lo + 1
            while end < hi and words[end][depth] == letter:
                end += 1
            children[bit(letter)] = node(depth + 1, lo, end)
            lo = end
        masks[number] = sum(children)
        return number

    node(0, 0, len(words))
    return LetterTrie(tuple(masks), tuple(kids), tuple(ends))


def _cached_letter_trie(words: SquareWords, budget: Budget | None) -> LetterTrie:
    if len(words) < CACHE_FROM:
        return letter_trie(words.words, budget)
    import hashlib

    from wordlab.words.cache import cached_words

    digest = hashlib.sha256("\n".join(words.words).encode()).hexdigest()
    key = f"word-squares letter trie {LETTER_TRIE_FORMAT}|{len(words)} words|sha256 {digest}"
    stored = cached_words(f"word-squares-{words.name}-{words.size}", key, lambda: letter_trie(words.words, budget))
    return LetterTrie(*stored[0])


@lru_cache(maxsize=16)
def _square_words(words: WordList, size: int) -> SquareWords:
    return SquareWords(words, size, words.name)


def square_words(words: "WordList | str | Iterable[str]", size: int) -> SquareWords:
    """The indexed words of length `size` from a word list or source spec (cached per list and size)."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 1:
        raise WordlabError(f"a square's size must be a positive integer, not {size!r}")
    if size > MAX_SIZE:
        raise WordlabError(f"a square's size must be at most {MAX_SIZE} (no word list holds longer words), not {size}")
    return _square_words(as_wordlist(words), size)


# -- the puzzle ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A square to fill: the words, and a grid of row patterns (`.` for a blank) that is symmetric.

    The leading complete rows of the grid are the start: they are placed, not searched.
    """

    words: SquareWords
    grid: tuple[str, ...]

    @property
    def size(self) -> int:
        return self.words.size

    @cached_property
    def start(self) -> Square:
        """The complete rows at the top of the grid."""
        rows = []
        for row in self.grid:
            if BLANK in row:
                break
            rows.append(row)
        return tuple(rows)

    @cached_property
    def fixed(self) -> tuple[tuple[tuple[int, str], ...], ...]:
        """Per row k, the (position, letter) pairs fixed at positions ≥ k (the rest come from columns)."""
        return tuple(tuple((j, c) for j, c in enumerate(row) if j >= k and c != BLANK)
                     for k, row in enumerate(self.grid))

    @cached_property
    def cell_masks(self) -> tuple[tuple[int, ...], ...]:
        """Per cell, the mask of letters allowed there (all 26 for a blank)."""
        return tuple(tuple(ALL_LETTERS if c == BLANK else bit(c) for c in row) for row in self.grid)

    def fitting(self, k: int, candidates: Iterable[str]) -> Iterable[str]:
        """The candidates for row k that agree with the grid's fixed letters in that row."""
        fixed = self.fixed[k]
        if not fixed:
            return candidates
        return [w for w in candidates if all(w[j] == c for j, c in fixed)]

    def __repr__(self) -> str:
        return f"Puzzle({'/'.join(self.grid)}, {self.words!r})"


def _check_row(row: str, what: str) -> str:
    if not isinstance(row, str) or not row:
        raise WordlabError(f"{what} must be a non-empty string, not {row!r}")
    lowered = row.lower()
    bad = sorted({c for c in lowered if not ("a" <= c <= "z" or c == BLANK)})
    if bad:
        raise WordlabError(f"{what} {row!r} may hold only letters a–z and '{BLANK}' for blanks, not {''.join(bad)!r}")
    return lowered


def symmetric_grid(rows: Sequence[str], size: int) -> tuple[str, ...]:
    """The grid of `rows` (top rows; missing rows are blank), mirrored so that cell (r, c) = cell (c, r)."""
    if isinstance(rows, str):
        rows = [rows]
    rows = [_check_row(row, f"row {i}") for i, row in enumerate(rows)]
    lengths = {len(row) for row in rows}
    if lengths - {size}:
        raise WordlabError(f"rows of a square must all have length {size}; got lengths {sorted(lengths)}: {rows}")
    if len(rows) > size:
        raise WordlabError(f"a {size} × {size} square has {size} rows, not {len(rows)}")
    cells = [list(row) for row in rows] + [[BLANK] * size for _ in range(size - len(rows))]
    for r in range(size):
        for c in range(r + 1, size):
            a, b = cells[r][c], cells[c][r]
            if BLANK not in (a, b) and a != b:
                raise WordlabError(f"row {r} has {a!r} at position {c} but row {c} has {b!r} at position {r}; "
                                   f"a word square needs them equal")
            cells[r][c] = cells[c][r] = b if a == BLANK else a
    return tuple("".join(row) for row in cells)


def puzzle(rows: "str | Sequence[str]", words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
           size: int | None = None) -> Puzzle:
    """A puzzle from its top rows (a first word, several words, or patterns with `.` for blanks).

    Every complete given row must be a word of the list."""
    rows_list = _rows_given(rows)
    if size is not None and (not isinstance(size, int) or isinstance(size, bool)):
        raise WordlabError(f"a square's size must be a whole number, not {size!r}")
    if not rows_list:
        raise WordlabError("give at least one row (a first word or a pattern)")
    first = _check_row(rows_list[0], "row 0")
    grid = symmetric_grid(rows_list, size or len(first))
    indexed = square_words(words, len(grid))
    missing = [row for row in grid if BLANK not in row and row not in indexed]
    if missing:
        raise WordlabError(f"{', '.join(map(repr, missing))} is not among {indexed.name}'s "
                           f"{indexed.size}-letter words")
    return Puzzle(indexed, grid)


def _rows_given(rows) -> list:
    """The rows of a puzzle as given: one string (a first word) or a list or tuple of strings."""
    if isinstance(rows, str):
        return [rows]
    if isinstance(rows, (list, tuple)):
        return list(rows)
    raise WordlabError(f"a square's rows are a first word or a list of words (e.g. 'bishop' or ['bat', 'are']), "
                       f"not {type(rows).__name__} {rows!r}")


def blank_puzzle(size: int, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS) -> Puzzle:
    """An empty square of `size` (every square of that size is a solution)."""
    indexed = square_words(words, size)
    return Puzzle(indexed, (BLANK * size,) * size)


def verify(given: "Puzzle | Collection[str]", square: Sequence[str]) -> bool:
    """Is `square` a word square of `given` (a puzzle, or a set of words)? Independent of the solvers: every
    row is a word, row i = column i, and for a puzzle every letter its grid fixes is in place."""
    words = given.words if isinstance(given, Puzzle) else given
    if not isinstance(words, (Collection, SquareWords)) or isinstance(words, str):
        raise WordlabError(f"verify takes a Puzzle or a set of words first, not {type(given).__name__}")
    if isinstance(square, str) or not isinstance(square, Sequence):
        return False
    n = len(square)
    if not (n > 0 and all(isinstance(row, str) and len(row) == n and row in words for row in square)
            and all(square[r][c] == square[c][r] for r in range(n) for c in range(n))):
        return False
    grid = given.grid if isinstance(given, Puzzle) else ()
    return all(g in (BLANK, c) for row, grid_row in zip(square, grid) for c, g in zip(row, grid_row))


# -- the protocol: input, verifier, drawing, example ----------------------------------------------------------


def parse(given: "Puzzle | str | Sequence[str]") -> Puzzle:
    """A puzzle as given, or one from its top rows on the default words: a first word ("bishop"), rows joined
    by '/' ("bat/are"), or a list of rows ('.' for blanks)."""
    if isinstance(given, Puzzle):
        return given
    if isinstance(given, str):
        return puzzle([row.strip() for row in given.split("/")], DEFAULT_WORDS)
    if isinstance(given, (list, tuple)):
        return puzzle(list(given), DEFAULT_WORDS)
    raise WordlabError(f"a word square is given as a Puzzle, a first word or rows, not {type(given).__name__}")


def is_move(given: Puzzle, before: PartialSquare, after: PartialSquare) -> bool:
    """Is `after` one row on from `before`: the same rows plus one word of the list, whose letters agree with
    the columns so far (letter j of row k is letter k of row j) and with the letters the grid fixes?"""
    k = len(before.rows)
    if k >= given.size or after.rows[:k] != before.rows or len(after.rows) != k + 1:
        return False
    word = after.rows[k]
    return (word in given.words and all(word[j] == row[k] for j, row in enumerate(before.rows))
            and all(fixed in (BLANK, letter) for letter, fixed in zip(word, given.grid[k])))


def render(state: "PartialSquare | Square") -> str:
    """A partial square (or a whole one, a solution): the rows placed, then the column prefixes the rows
    still to come must start with, dots for the letters still open."""
    rows = list(state.rows if isinstance(state, PartialSquare) else state)
    size = state.size if isinstance(state, PartialSquare) else len(rows[0]) if rows else 0
    if not size:
        return "(no rows yet)"
    lines = [" ".join(row) for row in rows]
    for k in range(len(rows), size):
        prefix = [row[k] for row in rows]
        lines.append(" ".join(prefix + [BLANK] * (size - len(prefix))))
    return "\n".join(lines)


EXAMPLE_WORDS = ("card", "area", "rear", "dart", "aria", "reed", "ream", "dare", "bat", "are", "ten", "tea", "eat")


def example() -> Puzzle:
    """Squares whose first row is "card" over a dozen words: two of them, found at once by every strategy."""
    return puzzle("card", EXAMPLE_WORDS)


# -- strategies ----------------------------------------------------------------------------------------------


class SquareProblem(SearchProblem):
    """Partial squares (tuples of rows) as states; a state's successors add every word that fits the next row.

    `candidates(prefix)` answers the prefix query: that is where the strategies' indexes differ."""

    def __init__(self, given: Puzzle, candidates: Callable[[str], Iterable[str]]):
        self.puzzle = given
        self.candidates = candidates

    def start(self) -> Square:
        return self.puzzle.start

    def is_goal(self, state: Square) -> bool:
        return len(state) == self.puzzle.size

    def successors(self, state: Square) -> Iterator[tuple[Square, float]]:
        k = len(state)
        prefix = "".join([row[k] for row in state])
        for word in self.puzzle.fitting(k, self.candidates(prefix)):
            yield state + (word,), 1

    def label(self, state: Square) -> str:
        return state[-1] if state else "·"

    def snapshot(self, state: Square) -> PartialSquare:
        return PartialSquare(state, self.puzzle.size)


def _squares(goals: Iterator) -> Iterator[tuple[Square, None]]:
    """A generic search's goals as squares with no cost (every square is as good as another); returns
    whatever the search returns (whether it covered its space)."""
    while True:
        try:
            square, _, path = next(goals)
        except StopIteration as done:
            return done.value
        yield square, None, path


def list_of_successes(given: Puzzle, *, probe: Probe | None = None, budget: Budget | None = None):
    """The write-up's way: a trie per word length; fill row by row, breadth-first, keeping the list of every
    partial square that survives the layer. Time O(partial squares × trie walk); memory O(widest layer)."""
    trie = given.words.trie(budget)
    problem = SquareProblem(given, trie.words_with_prefix)
    return (yield from _squares(breadth_first(problem, probe=probe, budget=budget)))


def backtracking(given: Puzzle, *, probe: Probe | None = None, budget: Budget | None = None):
    """Depth-first backtracking over a prefix table (prefix → words): one partial square at a time.
    Same partial squares as breadth-first; time O(partial squares); memory O(n × branching)."""
    table = given.words.prefix_table(budget)
    problem = SquareProblem(given, lambda prefix: table.get(prefix, ()))
    return (yield from _squares(depth_first(problem, probe=probe, budget=budget)))


def prefix_table_bfs(given: Puzzle, *, probe: Probe | None = None, budget: Budget | None = None):
    """The Python prefix-table breadth-first solution as a tight loop: each layer extends every partial
    square with the words its column prefix allows. Time O(partial squares); memory O(widest layer).

    A layer is kept as its partial squares beside the words that extend each (the prefix table's own tuples),
    so it holds one entry per parent rather than one per child (the children are made as they are expanded):
    a budget that stops the run has that much less to free."""
    table = given.words.prefix_table(budget)
    n, start = given.size, given.start
    if budget:
        budget.tick()
    root = _expanded(probe, 0, 1, start, n, None) if probe else None
    if len(start) == n:
        yield start, None
        return
    parents, extensions, ids = [start], [_fitting_words(given, table, start)], [root]
    for depth in range(1, n - len(start) + 1):
        squares, words_after, made = [], [], []  # `made`: the squares' node ids, while a probe watches
        keep, keep_words = squares.append, words_after.append
        k = len(start) + depth  # the row the children of this layer's squares fill
        last, fixed = k == n, given.fixed[k] if k < n else ()
        width, parent_ids = (sum(map(len, extensions)), iter(ids)) if probe else (0, None)
        for parent, words in zip(parents, extensions):
            node = next(parent_ids) if probe else None
            for square in [parent + (word,) for word in words]:
                if probe:
                    made.append(_expanded(probe, depth, width, square, n, node))
                if last:
                    yield square, None
                    continue
                if budget:
                    budget.tick()
                candidates = table.get("".join([row[k] for row in square]), ())
                keep(square)
                keep_words(given.fitting(k, candidates) if fixed else candidates)
        parents, extensions, ids = squares, words_after, made


def _fitting_words(given: Puzzle, table: dict[str, tuple[str, ...]], square: Square) -> Sequence[str]:
    """The words that may fill the row after `square`: its column prefix's words that fit the grid."""
    k = len(square)
    return given.fitting(k, table.get("".join([row[k] for row in square]), ()))


def _expanded(probe: Probe, depth: int, frontier: int, rows: Sequence[str], size: int, parent: int | None):
    """Tell the probe the partial square `rows` is expanded, a child of node `parent`; returns its node id."""
    return probe.expand(depth, frontier, parent=parent, state=lambda: PartialSquare(tuple(rows), size))


def column_bitmasks(given: Puzzle, *, probe: Probe | None = None, budget: Budget | None = None):
    """Letter by letter over a letter trie: a letter is tried in a row only if it is in the row's next-letter
    mask AND in the mask of the column it extends, so every column prefix stays viable and dead rows die
    at their first bad letter. Columns' trie nodes are mutated and restored (no copies).
    Time O(viable cells visited), far fewer than the partial squares above; memory O(n).

    The fill below the first searched row is plain recursion, not nested generators, so the squares
    under each choice of that row are handed over together when its subtree is done."""
    trie = given.words.letter_trie(budget)
    columns = _column_nodes(trie, given.start, given.size)
    if columns is None:
        return
    offset = len(given.start)
    rows, squares, path_ids = list(given.start), [], [None] * (given.size - offset + 1)
    found = (lambda square: squares.append((square, path_ids[-1]))) if probe else squares.append
    fill = _symmetric_fill(given, trie, columns, rows, found, probe, budget, path_ids)
    if probe:
        path_ids[0] = _expanded(probe, 0, 0, rows, given.size, None)
        probe.node(0, rows[-1] if rows else "·")
    if offset == given.size:
        yield tuple(rows), None
        return
    if budget:
        budget.tick()
    for word, below in _viable_rows(trie, columns, offset, given.cell_masks, given.size):
        columns[offset + 1:] = below
        rows.append(word)
        fill(offset + 1)
        rows.pop()
        for square in squares:
            if probe:
                square, node = square
                probe.solved_at(node)  # the square is the node that completed it, not the last one seen
            yield square, None
        squares.clear()


def _column_nodes(trie: LetterTrie, rows: Square, size: int) -> list[int] | None:
    """The letter-trie node of each column's prefix after `rows`, or None if some column is already dead."""
    columns = []
    for j in range(size):
        node = ROOT
        for row in rows:
            node = trie.kids[node].get(bit(row[j]))
            if node is None:
                return None
        columns.append(node)
    return columns


def _symmetric_fill(given: Puzzle, trie: LetterTrie, columns: list[int], rows: list[str],
                    found: Callable[[Square], None], probe: Probe | None, budget: Budget | None,
                    path_ids: list) -> Callable[[int], None]:
    """`row(k)`: every completion of the k rows in `rows`, each square passed to `found`, given each column's
    trie node after them in `columns` (mutated and restored). While a probe watches, `path_ids[d]` is the
    node id of the partial square at depth d of the current path: the parent of the next one down (the
    depth-first order makes it so, with no argument added to the hot recursion)."""
    n = given.size
    last = n - 1
    allowed = given.cell_masks
    offset = len(given.start)
    next_letters, kids, ends = trie

    def row(k: int) -> None:
        """Fill row k: its first k letters are column k's prefix, so start at column k's node."""
        if probe:
            path_ids[k - offset] = _expanded(probe, k - offset, 0, rows, n, path_ids[k - offset - 1])
            probe.node(k - offset, rows[-1] if rows else "·")
        if k == n:
            found(tuple(rows))
            return
        if budget:
            budget.tick()
        node, masks = columns[k], allowed[k]
        options, children = next_letters[node] & masks[k], kids[node]
        while options:
            low = options & -options
            options ^= low
            child = children[low]
            if k == last:
                rows.append(ends[child])
                row(n)
                rows.pop()
            else:
                after = next_letters[child] & next_letters[columns[k + 1]] & masks[k + 1]
                if after:
                    cell(k, k + 1, child, after, masks)

    def cell(k: int, j: int, node: int, options: int, masks: tuple[int, ...]) -> None:
        """Try each letter of `options` at (k, j), j > k: letters that extend both the row (at trie node
        `node`) and column j. Recurse only where the next cell still has options."""
        column = columns[j]
        column_children, children = kids[column], kids[node]
        if j == last:
            while options:
                low = options & -options
                options ^= low
                columns[j] = column_children[low]
                rows.append(ends[children[low]])
                row(k + 1)
                rows.pop()
        else:
            next_options = next_letters[columns[j + 1]] & masks[j + 1]
            while options:
                low = options & -options
                options ^= low
                child = children[low]
                after = next_letters[child] & next_options
                if after:
                    columns[j] = column_children[low]
                    cell(k, j + 1, child, after, masks)
        columns[j] = column

    return row


def _viable_rows(trie: LetterTrie, columns: list[int], k: int, allowed: tuple[tuple[int, ...], ...],
                 n: int) -> list[tuple[str, list[int]]]:
    """Every word for row k (its first k letters are column k's prefix, so it starts at column k's node)
    whose every letter extends its column, with the columns' nodes after it: (word, nodes of columns k+1…)."""
    next_letters, kids, ends = trie
    masks = allowed[k]
    found: list[tuple[str, list[int]]] = []
    below = [ROOT] * (n - k - 1)

    def cell(j: int, node: int, options: int) -> None:
        """Each letter of `options` at (k, j), j > k, extends the row (at `node`) and column j."""
        column_children, children = kids[columns[j]], kids[node]
        for low in bits_of(options):
            child = children[low]
            below[j - k - 1] = column_children[low]
            if j == n - 1:
                found.append((ends[child], below[:]))
            else:
                after = next_letters[child] & next_letters[columns[j + 1]] & masks[j + 1]
                if after:
                    cell(j + 1, child, after)

    start = columns[k]
    for low in bits_of(next_letters[start] & masks[k]):
        child = kids[start][low]
        if k == n - 1:
            found.append((ends[child], []))
        else:
            after = next_letters[child] & next_letters[columns[k + 1]] & masks[k + 1]
            if after:
                cell(k + 1, child, after)
    return found


STRATEGIES: dict[str, Callable[..., Iterator]] = {
    "list-of-successes": list_of_successes,
    "backtracking": backtracking,
    "prefix-table-bfs": prefix_table_bfs,
    "column-bitmasks": column_bitmasks,
}


def solve(given: "Puzzle | str | Sequence[str]", strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Result:
    """Every square of `given` (a `Puzzle`, or top rows on the default words) by the named strategy, as a
    `Result` whose values are the squares in the order found."""
    return run(STRATEGIES, strategy, given, prepare=parse, render=render, probe=probe, budget=budget, **options)


# -- queries -------------------------------------------------------------------------------------------------


class Squares(list):
    """Squares, sorted, and why the search that found them stopped early (`stopped`, None when it covered
    its whole space and so the list is complete)."""

    stopped: str | None = None

    def __init__(self, squares: Iterable[Square] = (), stopped: str | None = None):
        super().__init__(sorted(squares))
        self.stopped = stopped


def squares_of(result: Result) -> Squares:
    """The squares of a result, sorted, with why it stopped (if it did)."""
    return Squares(result.values, result.stopped)


def squares(rows: "str | Sequence[str]", words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
            strategy: str = DEFAULT_STRATEGY, probe: Probe | None = None,
            budget: Budget | None = None) -> Squares:
    """Every square whose top rows are `rows` (a first word, or several words/patterns), sorted; a budget
    that stops the search leaves `stopped` set on the list."""
    return squares_of(solve(puzzle(rows, words), strategy, probe=probe, budget=budget))


def squares_with(word: str, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                 strategy: str = DEFAULT_STRATEGY, budget: Budget | None = None) -> Squares:
    """Every square with `word` in some row (then also in the same column), sorted: one search per row,
    all within the one `budget` (`stopped` says when it ran out)."""
    word = _check_row(word, "word")
    if BLANK in word:
        raise WordlabError(f"the word {word!r} must not hold blanks")
    n = len(word)
    words = as_wordlist(words)  # once: a generator of words can be read only once, and there are n searches
    found: set[Square] = set()
    stopped = None
    with spent_together(budget):
        for i in range(n):
            result = solve(puzzle([BLANK * n] * i + [word], words, n), strategy, budget=budget)
            found.update(result.values)
            stopped = stopped or result.stopped
    return Squares(found, stopped)


def squares_of_sizes(sizes: Iterable[int], words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                     strategy: str = DEFAULT_STRATEGY, budget: Budget | None = None) -> dict[int, Result]:
    """Every square of each size: one search per size, all within the one `budget` (a size reached after it
    ran out stops at once, and says so)."""
    if isinstance(sizes, (str, bytes)) or not isinstance(sizes, Iterable):
        raise WordlabError(f"sizes must be a list of whole numbers, such as [4, 5], not {sizes!r}")
    sizes = list(sizes)
    if not sizes:
        raise WordlabError("give at least one size")
    words = as_wordlist(words)  # once: a generator of words can be read only once
    puzzles = {n: blank_puzzle(n, words) for n in sizes}
    with spent_together(budget):
        return {n: solve(given, strategy, budget=budget) for n, given in puzzles.items()}


# -- extension: double word squares ----------------------------------------------------------------------------


def verify_double(square: Sequence[str], words: Collection[str]) -> bool:
    """Is `square` a double word square: rows and columns are 2n different words of `words` (a set or WordList)?"""
    if not isinstance(words, Collection) or isinstance(words, str):
        raise WordlabError(f"verify_double takes the words (a set or WordList) second, not {type(words).__name__}")
    if isinstance(square, str) or not isinstance(square, Sequence) or not all(isinstance(r, str) for r in square):
        return False
    n = len(square)
    if n == 0 or any(len(row) != n for row in square):
        return False
    lines = list(square) + ["".join(row[j] for row in square) for j in range(n)]
    return all(line in words for line in lines) and len(set(lines)) == 2 * n


def double_squares(size: int, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                   first: str | None = None, probe: Probe | None = None,
                   budget: Budget | None = None) -> Result:
    """Double word squares: rows and columns are 2n different words. Same letter-by-letter fill as
    `column-bitmasks`, but a row starts from the trie's root and columns are checked at every cell.
    Time O(viable cells visited), much more than for symmetric squares; use a budget for n ≥ 5."""
    if not isinstance(size, int) or isinstance(size, bool) or size < 2:
        raise WordlabError(f"a double word square needs a size of at least 2 (rows and columns differ), not {size!r}")
    indexed = square_words(words, size)
    start: Square = ()
    if first is not None:
        first = _check_row(first, "first row")
        if len(first) != size or BLANK in first or first not in indexed:
            raise WordlabError(f"the first row {first!r} must be one of {indexed.name}'s {size}-letter words")
        start = (first,)
    return run({"double": _double}, "double", indexed, render=render, probe=probe, budget=budget, start=start)


def _double(indexed: SquareWords, *, probe: Probe | None = None, budget: Budget | None = None, start: Square = ()):
    """Double squares, letter by letter: every cell's letter extends its row and its column."""
    trie = indexed.letter_trie(budget)
    columns = _column_nodes(trie, start, indexed.size)
    if columns is not None:
        yield from _fill_double(indexed, trie, columns, list(start), len(start), probe, budget)


def _fill_double(indexed: SquareWords, trie: LetterTrie, columns: list[int], rows: list[str], offset: int,
                 probe: Probe | None, budget: Budget | None,
                 parent: int | None = None) -> Iterator[tuple[Square, None]]:
    """Every double square completing `rows`; the partial square `rows` is a child of node `parent`."""
    n = indexed.size
    k = len(rows)
    node = _expanded(probe, k - offset, 0, rows, n, parent) if probe else None
    if k == n:
        lines = rows + [trie.ends[column] for column in columns]
        if None not in lines and len(set(lines)) == 2 * n:
            yield tuple(rows), None
        return
    if budget:
        budget.tick()
    for word, after in _double_rows(trie, columns, n):
        if word in rows:
            continue
        saved = columns[:]
        columns[:] = after
        rows.append(word)
        yield from _fill_double(indexed, trie, columns, rows, offset, probe, budget, node)
        rows.pop()
        columns[:] = saved


def _double_rows(trie: LetterTrie, columns: list[int], n: int) -> list[tuple[str, list[int]]]:
    """Every word for the next row whose every letter extends its column, with the columns' nodes after it."""
    next_letters, kids, ends = trie
    found: list[tuple[str, list[int]]] = []
    after = list(columns)

    def cell(j: int, node: int) -> None:
        if j == n:
            found.append((ends[node], after[:]))
            return
        column = columns[j]
        for low in bits_of(next_letters[node] & next_letters[column]):
            after[j] = kids[column][low]
            cell(j + 1, kids[node][low])
        after[j] = column

    cell(0, ROOT)
    return found
