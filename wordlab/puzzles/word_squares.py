"""Word squares: an n × n grid of letters whose row i and column i are the same word.

    b i s h o p
    i n h a l e        Given a first word ("bishop"), find every square. Row k must start
    s h a m a n        with the letters column k already holds (rows 0..k-1 at position k),
    h a m a d a        so each row is a prefix query on the words of length n; the strategies
    o l a d e r        differ in how they answer it and in how early they prune.
    p e n a r i

Strategies (all return every square; the first three visit exactly the same partial squares):

- `list-of-successes`: the write-up's trie per length, breadth-first layers of surviving partial squares.
- `backtracking`: depth-first over a prefix table, one partial square at a time.
- `prefix-table-bfs`: the Python prefix-table breadth-first solution, as a tight loop.
- `column-bitmasks`: letter by letter over a trie whose nodes carry 26-bit masks of their next letters,
  accepting a letter only if every column it extends is still the prefix of some word.

Queries: `squares` (given first word or top rows), `squares_with` (a word in any row), `squares_of_sizes`
(every square of each size), and the extension `double_squares` (rows and columns all different words).
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, Collection, Iterable, Iterator, Sequence

from wordlab.errors import WordlabError
from wordlab.search import (Budget, Found, Probe, SearchProblem, SearchResult, breadth_first,
                            budgeted, collect, depth_first, pick)
from wordlab.structures import END, Trie
from wordlab.words import WordList, as_wordlist

Square = tuple[str, ...]
BLANK = "."
ALL_LETTERS = (1 << 26) - 1
DEFAULT_WORDS = "wordfreq"
DEFAULT_STRATEGY = "column-bitmasks"

# A node of the letter trie: (mask of next letters, {letter bit: child node}, word ending here or None).
LetterNode = tuple[int, dict, "str | None"]


def bit(letter: str) -> int:
    """The 26-bit mask of one lowercase letter."""
    return 1 << (ord(letter) - 97)


# -- the words of one length, indexed three ways -----------------------------------------------------------


class SquareWords:
    """The words of one length, with the indexes the strategies search (each built once, on first use)."""

    def __init__(self, words: Iterable[str], size: int, name: str = "custom"):
        self.size = size
        self.name = name
        self.words: tuple[str, ...] = tuple(sorted({w for w in words if len(w) == size}))
        if not self.words:
            raise WordlabError(f"{name} has no words of length {size}")
        self._set = frozenset(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __contains__(self, word: object) -> bool:
        return word in self._set

    def __repr__(self) -> str:
        return f"SquareWords({self.name!r}, length {self.size}, {len(self):,} words)"

    @cached_property
    def trie(self) -> Trie:
        """The write-up's trie of this length's words (nested dicts)."""
        return Trie(self.words)

    @cached_property
    def prefix_table(self) -> dict[str, tuple[str, ...]]:
        """Every prefix (including "" and the whole word) → the words that start with it."""
        table: dict[str, list[str]] = {}
        for word in self.words:
            for i in range(self.size + 1):
                table.setdefault(word[:i], []).append(word)
        return {prefix: tuple(words) for prefix, words in table.items()}

    @cached_property
    def letter_trie(self) -> LetterNode:
        """The trie again, each node carrying the 26-bit mask of the letters that may follow."""
        return letter_node(self.trie.root)

    def build(self) -> "SquareWords":
        """Build every index now (so that timings of searches leave index building out)."""
        self.prefix_table, self.letter_trie  # noqa: B018 - touching cached properties builds them
        return self


def letter_node(node: dict) -> LetterNode:
    """Convert a `Trie` node (nested dicts) into a letter-trie node with a next-letter mask."""
    children = {bit(c): letter_node(child) for c, child in node.items() if c != END}
    return sum(children), children, node.get(END)


@lru_cache(maxsize=16)
def _square_words(words: WordList, size: int) -> SquareWords:
    return SquareWords(words.words, size, words.name)


def square_words(words: "WordList | str | Iterable[str]", size: int) -> SquareWords:
    """The indexed words of length `size` from a word list or source spec (cached per list and size)."""
    if not isinstance(size, int) or size < 1:
        raise WordlabError(f"a square's size must be a positive integer, not {size!r}")
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
    rows_list = [rows] if isinstance(rows, str) else list(rows)
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


def blank_puzzle(size: int, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS) -> Puzzle:
    """An empty square of `size` (every square of that size is a solution)."""
    indexed = square_words(words, size)
    return Puzzle(indexed, (BLANK * size,) * size)


def verify(square: Sequence[str], words: Collection[str]) -> bool:
    """Is `square` a word square of `words` (a set or WordList)? Independent of the solvers: every row is
    a word and row i = column i."""
    n = len(square)
    return (n > 0 and all(len(row) == n and row in words for row in square)
            and all(square[r][c] == square[c][r] for r in range(n) for c in range(n)))


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


def list_of_successes(given: Puzzle, probe: Probe | None = None, budget: Budget | None = None) -> SearchResult:
    """The write-up's way: a trie per word length; fill row by row, breadth-first, keeping the list of every
    partial square that survives the layer. Time O(partial squares × trie walk); memory O(widest layer)."""
    trie = given.words.trie
    return breadth_first(SquareProblem(given, trie.words_with_prefix), probe=probe, budget=budget)


def backtracking(given: Puzzle, probe: Probe | None = None, budget: Budget | None = None) -> SearchResult:
    """Depth-first backtracking over a prefix table (prefix → words): one partial square at a time.
    Same partial squares as breadth-first; time O(partial squares); memory O(n × branching)."""
    table = given.words.prefix_table
    return depth_first(SquareProblem(given, lambda prefix: table.get(prefix, ())), probe=probe, budget=budget)


def prefix_table_bfs(given: Puzzle, probe: Probe | None = None, budget: Budget | None = None) -> SearchResult:
    """The Python prefix-table breadth-first solution as a tight loop: each layer extends every partial
    square with the words its column prefix allows. Time O(partial squares); memory O(widest layer)."""
    return collect(_prefix_table_layers(given, probe, budget), probe, budget)


def _prefix_table_layers(given: Puzzle, probe: Probe | None,
                         budget: Budget | None) -> Iterator[tuple[Square, int, None]]:
    table = given.words.prefix_table
    layer = [given.start]
    for k in range(len(given.start), given.size):
        next_layer: list[Square] = []
        extend = next_layer.extend
        fixed = given.fixed[k]
        for square in layer:
            if budget:
                budget.tick()
            if probe:
                probe.expand(len(square) - len(given.start), len(layer))
            candidates = table.get("".join([row[k] for row in square]), ())
            if fixed:
                candidates = given.fitting(k, candidates)
            extend([square + (word,) for word in candidates])
        layer = next_layer
    for square in layer:
        if probe:
            probe.expand(given.size - len(given.start), len(layer))
        yield square, 0, None  # no parent links: a square's rows are its path


def column_bitmasks(given: Puzzle, probe: Probe | None = None, budget: Budget | None = None) -> SearchResult:
    """Letter by letter over a letter trie: a letter is tried in a row only if it is in the row's next-letter
    mask AND in the mask of the column it extends, so every column prefix stays viable and dead rows die
    at their first bad letter. Columns' trie nodes are mutated and restored (no copies).
    Time O(viable cells visited), far fewer than the partial squares above; memory O(n)."""
    return _collect(lambda found: _fill_symmetric(given, found, probe, budget), probe, budget)


def _collect(fill: Callable[[Callable[[Square], None]], None], probe: Probe | None,
             budget: Budget | None) -> SearchResult:
    """Run a fill that reports squares through a callback, under the budget; gather them as Founds."""
    squares: list[Square] = []
    clock = probe or Probe()
    with budgeted(budget) as result:
        fill(_found(squares, probe))
    result.solutions = [Found(square, 0, clock.elapsed, clock.nodes) for square in squares]
    return result


def _found(squares: list[Square], probe: Probe | None) -> Callable[[Square], None]:
    """What to do with each square found: keep it, and tell the probe."""
    if not probe:
        return squares.append

    def keep(square: Square) -> None:
        squares.append(square)
        probe.solution(square, 0)
    return keep


def _column_nodes(root: LetterNode, rows: Square, size: int) -> list[LetterNode] | None:
    """The letter-trie node of each column's prefix after `rows`, or None if some column is already dead."""
    columns = []
    for j in range(size):
        node = root
        for row in rows:
            node = node[1].get(bit(row[j]))
            if node is None:
                return None
        columns.append(node)
    return columns


def _fill_symmetric(given: Puzzle, found: Callable[[Square], None], probe: Probe | None,
                    budget: Budget | None) -> None:
    n = given.size
    last = n - 1
    start = given.start
    columns = _column_nodes(given.words.letter_trie, start, n)
    if columns is None:
        return
    rows = list(start)
    allowed = given.cell_masks
    offset = len(start)

    def row(k: int) -> None:
        """Fill row k: its first k letters are column k's prefix, so start at column k's node."""
        if probe:
            probe.call(k - offset)
            probe.node(k - offset, rows[-1] if rows else "·")
        if k == n:
            found(tuple(rows))
            return
        if budget:
            budget.tick()
        node, masks = columns[k], allowed[k]
        options, children = node[0] & masks[k], node[1]
        while options:
            low = options & -options
            options ^= low
            child = children[low]
            if k == last:
                rows.append(child[2])
                row(n)
                rows.pop()
            else:
                after = child[0] & columns[k + 1][0] & masks[k + 1]
                if after:
                    cell(k, k + 1, child[1], after, masks)

    def cell(k: int, j: int, children: dict, options: int, masks: tuple[int, ...]) -> None:
        """Try each letter of `options` at (k, j), j > k: letters that extend both the row (whose next
        letters are `children`) and column j. Recurse only where the next cell still has options."""
        column = columns[j]
        column_children = column[1]
        if j == last:
            while options:
                low = options & -options
                options ^= low
                columns[j] = column_children[low]
                rows.append(children[low][2])
                row(k + 1)
                rows.pop()
        else:
            next_column, next_masks = columns[j + 1], masks[j + 1]
            while options:
                low = options & -options
                options ^= low
                child = children[low]
                after = child[0] & next_column[0] & next_masks
                if after:
                    columns[j] = column_children[low]
                    cell(k, j + 1, child[1], after, masks)
        columns[j] = column

    row(offset)


STRATEGIES: dict[str, Callable[..., SearchResult]] = {
    "list-of-successes": list_of_successes,
    "backtracking": backtracking,
    "prefix-table-bfs": prefix_table_bfs,
    "column-bitmasks": column_bitmasks,
}


def solve(given: Puzzle, strategy: str = DEFAULT_STRATEGY, probe: Probe | None = None,
          budget: Budget | None = None) -> SearchResult:
    """Every square of `given` by the named strategy, as a SearchResult (each `Found.value` is a square)."""
    return pick(STRATEGIES, strategy)(given, probe=probe, budget=budget)


# -- queries -------------------------------------------------------------------------------------------------


def squares_of(result: SearchResult) -> list[Square]:
    """The squares of a result, sorted."""
    return sorted(found.value for found in result.solutions)


def squares(rows: "str | Sequence[str]", words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
            strategy: str = DEFAULT_STRATEGY, probe: Probe | None = None,
            budget: Budget | None = None) -> list[Square]:
    """Every square whose top rows are `rows` (a first word, or several words/patterns), sorted."""
    return squares_of(solve(puzzle(rows, words), strategy, probe, budget))


def squares_with(word: str, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                 strategy: str = DEFAULT_STRATEGY, budget: Budget | None = None) -> list[Square]:
    """Every square with `word` in some row (then also in the same column), sorted."""
    word = _check_row(word, "word")
    if BLANK in word:
        raise WordlabError(f"the word {word!r} must not hold blanks")
    n = len(word)
    found: set[Square] = set()
    for i in range(n):
        rows = [BLANK * n] * i + [word]
        found.update(squares_of(solve(puzzle(rows, words, n), strategy, budget=budget)))
    return sorted(found)


def squares_of_sizes(sizes: Iterable[int], words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                     strategy: str = DEFAULT_STRATEGY, budget: Budget | None = None) -> dict[int, SearchResult]:
    """Every square of each size (one search per size; a budget applies to each search)."""
    sizes = list(sizes)
    if not sizes:
        raise WordlabError("give at least one size")
    return {n: solve(blank_puzzle(n, words), strategy, budget=budget) for n in sizes}


# -- extension: double word squares ----------------------------------------------------------------------------


def verify_double(square: Sequence[str], words: Collection[str]) -> bool:
    """Is `square` a double word square: rows and columns are 2n different words of `words` (a set or WordList)?"""
    n = len(square)
    if n == 0 or any(len(row) != n for row in square):
        return False
    lines = list(square) + ["".join(row[j] for row in square) for j in range(n)]
    return all(line in words for line in lines) and len(set(lines)) == 2 * n


def double_squares(size: int, words: "WordList | str | Iterable[str]" = DEFAULT_WORDS,
                   first: str | None = None, probe: Probe | None = None,
                   budget: Budget | None = None) -> SearchResult:
    """Double word squares: rows and columns are 2n different words. Same letter-by-letter fill as
    `column-bitmasks`, but a row starts from the trie's root and columns are checked at every cell.
    Time O(viable cells visited), much more than for symmetric squares; use a budget for n ≥ 5."""
    indexed = square_words(words, size)
    start: Square = ()
    if first is not None:
        first = _check_row(first, "first row")
        if len(first) != size or BLANK in first or first not in indexed:
            raise WordlabError(f"the first row {first!r} must be one of {indexed.name}'s {size}-letter words")
        start = (first,)
    return _collect(lambda found: _fill_double(indexed, start, found, probe, budget), probe, budget)


def _fill_double(indexed: SquareWords, start: Square, found: Callable[[Square], None], probe: Probe | None,
                 budget: Budget | None) -> None:
    n = indexed.size
    root = indexed.letter_trie
    columns = _column_nodes(root, start, n)
    if columns is None:
        return
    rows = list(start)

    def row(k: int) -> None:
        if probe:
            probe.call(k - len(start))
        if k == n:
            lines = rows + [column[2] for column in columns]
            if None not in lines and len(set(lines)) == 2 * n:
                found(tuple(rows))
            return
        if budget:
            budget.tick()
        cell(k, 0, root)

    def cell(k: int, j: int, node: LetterNode) -> None:
        if j == n:
            if node[2] not in rows:
                rows.append(node[2])
                row(k + 1)
                rows.pop()
            return
        column = columns[j]
        options = node[0] & column[0]
        children, column_children = node[1], column[1]
        while options:
            low = options & -options
            options ^= low
            columns[j] = column_children[low]
            cell(k, j + 1, children[low])
        columns[j] = column

    row(len(start))


# -- command line --------------------------------------------------------------------------------------------

BENCH_WORDS = ("moby-single", "moby-crosswords", "enable1")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option, add_words_option

    if command == "solve":
        parser.add_argument("rows", nargs="*", help="the first word (or top rows; '.' for blanks), e.g. bishop")
        add_words_option(parser, DEFAULT_WORDS)
        add_strategy_option(parser, STRATEGIES, DEFAULT_STRATEGY)
        parser.add_argument("--any-row", action="store_true", help="find squares with the word in any row")
        parser.add_argument("--sizes", type=int, nargs="+", help="instead: every square of each size")
        parser.add_argument("--double", type=int, metavar="SIZE", help="instead: double word squares of SIZE")
        parser.add_argument("--show", type=int, default=5, help="how many squares to print (default 5)")
        add_budget_options(parser)
    else:
        parser.add_argument("rows", nargs="*", default=["bishop"], help="first word(s) to bench (default bishop)")
        parser.add_argument("--words", nargs="+", default=None, metavar="NAME|PATH",
                            help=f"word sources (default: the largest available of {', '.join(BENCH_WORDS)})")
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.add_argument("--repeats", type=int, default=3, help="runs per strategy; the best counts")


def cli_solve(args: argparse.Namespace) -> "Report":  # noqa: F821
    from wordlab.cli import budget_from
    from wordlab.puzzles import Report

    budget = budget_from(args)
    if args.double:
        result = double_squares(args.double, args.words, args.rows[0] if args.rows else None, budget=budget)
        return _report(f"double word squares of size {args.double}", squares_of(result), args.show, result.stopped)
    if args.sizes:
        results = squares_of_sizes(args.sizes, args.words, args.strategy, budget)
        lines = [f"size {n}: {len(r.solutions):,} squares" + (f" (stopped: {r.stopped})" if r.stopped else "")
                 for n, r in results.items()]
        data = {n: {"count": len(r.solutions), "stopped": r.stopped, "squares": squares_of(r)[:args.show]}
                for n, r in results.items()}
        return Report("\n".join(lines), data)
    if not args.rows:
        raise WordlabError("give a first word (e.g. bishop), or --sizes, or --double SIZE")
    if args.any_row:
        found = squares_with(args.rows[0], args.words, args.strategy, budget)
        return _report(f"squares with {args.rows[0]!r} in some row", found, args.show, None)
    result = solve(puzzle(args.rows, args.words), args.strategy, budget=budget)
    return _report(f"squares starting {'/'.join(args.rows)} ({args.strategy})", squares_of(result), args.show,
                   result.stopped)


def _report(title: str, found: list[Square], show: int, stopped: str | None) -> "Report":  # noqa: F821
    from wordlab.puzzles import Report

    lines = [f"{title}: {len(found):,}" + (f" (stopped early: {stopped})" if stopped else "")]
    for square in found[:max(show, 0)]:
        lines += ["", *(" ".join(row) for row in square)]
    return Report("\n".join(lines), {"count": len(found), "stopped": stopped, "squares": found[:max(show, 0)]})


def bench_inputs(rows: Sequence[str], sources: Sequence[str]) -> tuple[dict[str, Puzzle], dict[str, float]]:
    """Puzzles to bench, with their indexes built, and the seconds spent loading and indexing each source."""
    import time

    from wordlab.words import load

    inputs, loading = {}, {}
    for source in sources:
        started = time.perf_counter()
        wordlist = load(source)
        loaded = time.perf_counter()
        for first in rows:
            given = puzzle(first, wordlist)
            given.words.build()
            inputs[f"{first} on {wordlist.name}"] = given
        loading[f"{source}: load"] = loaded - started
        loading[f"{source}: index"] = time.perf_counter() - loaded
    return inputs, loading


def cli_bench(args: argparse.Namespace) -> "Report":  # noqa: F821
    from wordlab import bench
    from wordlab.puzzles import Report
    from wordlab.words import best_available

    sources = args.words or [best_available(*BENCH_WORDS, fallback=DEFAULT_WORDS)]
    inputs, loading = bench_inputs(args.rows, sources)
    strategies = {name: STRATEGIES[name] for name in args.strategies}
    frame = bench.run(strategies, inputs, repeats=args.repeats, describe=lambda r: len(r.solutions),
                      baseline="prefix-table-bfs" if "prefix-table-bfs" in strategies else None)
    text = bench.format_table(frame, "word squares: every square with the given first row (search only)")
    text += "\n\nloading and indexing, seconds (not in the table): " + ", ".join(
        f"{k} {v:.2f}" for k, v in loading.items())
    return Report(text, {"runs": frame.to_dict(orient="records"), "loading_seconds": loading})
