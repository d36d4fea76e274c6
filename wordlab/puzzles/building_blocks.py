"""Building Blocks (The New York Times Magazine, Puzzle Edition 2018).

Eight nine-letter patterns each show three letters in a fixed block position (`pol......`); a list of
three-letter blocks fills the blanks, each block used once and in the word's order; some blocks are
decoys. In general: patterns of one length cut into slots of the blocks' size, each slot either fixed or
blank, every pattern showing at least one slot. Blocks are a multiset (a block listed twice can be used
twice) and patterns may repeat (two words ending in *ing* give two `......ing`); a solution fills every
pattern with a different word, and swapping the words of identical patterns, or identical blocks, gives
the same solution, listed once.

Vocabulary:

- `Puzzle(patterns, blocks)`: validated input (`WordlabError` names whatever is wrong); `parse(text)`
  reads `"pol...... imb...... | ble cal emi"`.
- `Problem(puzzle, lexicon)`: a puzzle with the word list to solve it with; what `solve` prepares and
  every strategy, verifier and answer works on.
- `Candidate = (word, chunks)`: a word that fits a pattern, with the blocks it puts in the blanks.
- `Lexicon(words)`: a word list plus, built once per (length, block size), a `ChunkIndex` from
  (slot, chunk) to the words having that chunk in that slot.
- `Board`: a partly filled puzzle (words placed, blocks left), the state a recorded run keeps.
- `is_move(given, before, after)`: is `after` one move on from `before` (its words kept, at least one more
  pattern filled, all still legal)?
- `Answer`: the `Result` of a run, which can also show the candidates per pattern and say `why` there is
  no solution.

Strategies (`STRATEGIES`, generators yielding each solution as a tuple of words in pattern order):

- `regex-scan`: the original write-up's: one regular expression per pattern over the whole list, then
  its "exactly one candidate" rule (commit single candidates, strike their blocks from the others),
  finished by generate-and-test over whatever several candidates remain.
- `backtracking`: candidates from the index; fill the pattern with fewest candidates to spare first and
  strike the chosen word's blocks from every other pattern (forward checking).
- `exact-cover`: the same candidates as rows of Knuth's Algorithm X (`wordlab.structures.exact_cover`):
  patterns are primary items (covered as often as they repeat), blocks secondary items (at most as often
  as they are listed).

Watching one (`solve(..., probe=Probe(record=N))`, then `wordlab.viz.step`): the player draws a `Board`, each
pattern with its word (`?` while open) and the blocks left, and labels its node in the tree with the word just
placed (`str(board)`: "(empty)" for the start, "+N words" where a move placed several); a solution is drawn as
its words, and belongs to the node reported just before it, whose board it fills. The strategies report
`probe.expand(depth, parent=…)` per node with the board it reached (one word more than its parent's;
`regex-scan`'s combinations fill the rest at once, see its docstring); `backtracking` reports
`probe.prune(depth, parent=…, why=…)` for a word that would leave some pattern short of candidates, drawn as
the board with that word placed; a dead end, a node with no child, is a `probe.backtrack(depth, node=…,
why=…)` saying why. `is_move(given, before, after)` is the rule every recorded parent and child follow. A
minimal strategy of about ten lines is in docs/puzzles/building-blocks.md (and run by
tests/test_minimal_building_blocks.py).
"""

from __future__ import annotations

import json
import random
import re
import time
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations, product
from pathlib import Path
from typing import Iterable, Iterator, Mapping, NamedTuple, Sequence

from wordlab.errors import WordlabError, whole_number
from wordlab.search import Budget, Probe, Result, run
from wordlab.structures.exact_cover import exact_cover as algorithm_x
from wordlab.words import WordList, as_wordlist

# wordfreq alone lacks *dumbfound* (p2's answer), so this puzzle's default adds GCIDE: both come with pip.
DEFAULT_WORDS = "wordfreq+gcide"
DEFAULT_STRATEGY = "exact-cover"

BLANK = "."
DATA = Path(__file__).resolve().parents[2] / "data" / "building_blocks" / "nyt2018.json"
CHECK_EVERY = 4096  # words between looks at the clock in set-up loops

Candidate = tuple[str, tuple[str, ...]]  # (word, the blocks it puts in its pattern's blanks)
Solution = tuple[str, ...]  # one word per pattern, in pattern order


# -- the puzzle ------------------------------------------------------------------------------------


def _split(items: str | Iterable[str], what: str) -> tuple[str, ...]:
    """Items given as one string (spaces or commas between) or as a sequence, lower-cased."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    elif not isinstance(items, Iterable):
        raise WordlabError(f"the {what}s must be text or a list of text, not {type(items).__name__}")
    items = tuple(str(item).strip().lower() for item in items)
    if not items:
        raise WordlabError(f"a Building Blocks puzzle needs at least one {what}; the {what} list is empty")
    return items


def slots(word: str, size: int) -> tuple[str, ...]:
    """`word` cut into consecutive chunks of `size` letters: slots("polemical", 3) = ("pol", "emi", "cal")."""
    return tuple(word[i:i + size] for i in range(0, len(word), size))


@dataclass(frozen=True)
class Puzzle:
    """Patterns of one length (`.` for blanks, repeats allowed) and blocks of one size (a multiset).

    >>> Puzzle("ab.. ..cd ..cd", "cd ab ab xy").size
    2
    """

    patterns: tuple[str, ...]
    blocks: tuple[str, ...]

    def __init__(self, patterns: str | Iterable[str], blocks: str | Iterable[str]):
        object.__setattr__(self, "patterns", _split(patterns, "pattern"))
        object.__setattr__(self, "blocks", _split(blocks, "block"))
        self._validate()

    def _validate(self) -> None:
        for pattern in self.patterns:
            odd = sorted(set(c for c in pattern if not ("a" <= c <= "z" or c == BLANK)))
            if odd:
                raise WordlabError(f"pattern {pattern!r} has characters other than a–z and '.': {''.join(odd)!r}")
        for block in self.blocks:
            if not re.fullmatch("[a-z]+", block):
                raise WordlabError(f"block {block!r} has characters other than a–z")
        lengths = sorted({len(p) for p in self.patterns})
        if len(lengths) > 1:
            raise WordlabError(f"the patterns have different lengths {lengths}; they must all be one length")
        sizes = sorted({len(b) for b in self.blocks})
        if len(sizes) > 1:
            raise WordlabError(f"the blocks have different sizes {sizes}; they must all be one size")
        if self.length % self.size:
            raise WordlabError(f"pattern length {self.length} is not a multiple of the block size {self.size}")
        for pattern in self.patterns:
            self._check_slots(pattern)

    def _check_slots(self, pattern: str) -> None:
        chunks = slots(pattern, self.size)
        for number, chunk in enumerate(chunks):
            if BLANK in chunk and chunk != BLANK * self.size:
                raise WordlabError(f"pattern {pattern!r}: the fixed letters in slot {number} ({chunk!r}) "
                                   f"are not on {self.size}-letter block boundaries")
        if all(chunk[0] == BLANK for chunk in chunks):
            raise WordlabError(f"pattern {pattern!r} is all blanks; every pattern must show at least one "
                               f"{self.size}-letter chunk")

    @property
    def length(self) -> int:
        return len(self.patterns[0])

    @property
    def size(self) -> int:
        return len(self.blocks[0])

    @cached_property
    def stock(self) -> Counter[str]:
        """How many copies of each block the puzzle gives."""
        return Counter(self.blocks)

    def cells(self, pattern: str) -> tuple[str | None, ...]:
        """The slots of `pattern`: the fixed chunk, or None for a blank slot."""
        return self._cells.get(pattern) or _cells(pattern, self.size)

    @cached_property
    def _cells(self) -> dict[str, tuple[str | None, ...]]:
        return {pattern: _cells(pattern, self.size) for pattern in self.patterns}

    def fill(self, word: str, pattern: str) -> tuple[str, ...] | None:
        """The blocks `word` puts into the blanks of `pattern`, or None if it does not fit the pattern's
        shape and letters or needs more copies of a block than the puzzle has."""
        if len(word) != self.length:
            return None
        return _fill(slots(word, self.size), self.cells(pattern), self.stock)

    def __str__(self) -> str:
        return f"{' '.join(self.patterns)} | {' '.join(self.blocks)}"


def _cells(pattern: str, size: int) -> tuple[str | None, ...]:
    return tuple(None if chunk[0] == BLANK else chunk for chunk in slots(pattern, size))


def _fill(chunks: tuple[str, ...], cells: tuple[str | None, ...], stock: Mapping[str, int]) -> tuple[str, ...] | None:
    """The chunks filling the blank cells, or None if a fixed cell differs or the blanks need blocks
    (or copies of blocks) that `stock` lacks."""
    blanks = []
    for chunk, fixed in zip(chunks, cells):
        if fixed is None:
            if chunk not in stock:
                return None
            blanks.append(chunk)
        elif chunk != fixed:
            return None
    used = tuple(blanks)
    if len(set(used)) < len(used) and any(n > stock[b] for b, n in Counter(used).items()):
        return None
    return used


def parse(text: Puzzle | str | Mapping | Sequence) -> Puzzle:
    """A `Puzzle` from text `"patterns | blocks"`, a mapping with "patterns" and "blocks", a pair
    (patterns, blocks), or a `Puzzle`."""
    if isinstance(text, Puzzle):
        return text
    if isinstance(text, str):
        if text.count("|") != 1:
            raise WordlabError(f"a Building Blocks puzzle as text is 'patterns | blocks' (one '|'), not {text[:60]!r}")
        patterns, blocks = text.split("|")
        return Puzzle(patterns, blocks)
    if isinstance(text, Mapping):
        missing = [key for key in ("patterns", "blocks") if key not in text]
        if missing:
            raise WordlabError(f"a Building Blocks puzzle needs {' and '.join(missing)}")
        return Puzzle(text["patterns"], text["blocks"])
    if isinstance(text, Sequence) and len(text) == 2:
        return Puzzle(*text)
    raise WordlabError(f"cannot read a Building Blocks puzzle from {type(text).__name__} {str(text)[:60]!r}: "
                       f"give 'patterns | blocks', a Puzzle, or (patterns, blocks)")


def published() -> dict[str, dict]:
    """The three NYT 2018 puzzles, by name: {"p1": {"puzzle": Puzzle, "answer": Solution, "unused": [...]}}."""
    try:
        data = json.loads(DATA.read_text())
    except OSError as err:
        raise WordlabError(f"cannot read the published Building Blocks puzzles ({DATA.name}): {err}") from None
    return {name: {"puzzle": Puzzle(p["patterns"], p["blocks"]), "answer": tuple(p["answer"].split()),
                   "unused": p["unused"].split()}
            for name, p in data["puzzles"].items()}


def example() -> Problem:
    """A small puzzle with a repeated pattern and a repeated block, and three solutions from its own
    word list (`EXAMPLE_WORDS`, which `solve` uses for it unless told otherwise)."""
    return Problem(Puzzle("ab.... ab.... ..cd..", "cd ef ef ef gh ij xy"), Lexicon(EXAMPLE_WORDS))


EXAMPLE_WORDS = ("abcdef", "abefgh", "abefij", "abijef", "efcdgh", "ijcdef", "abxyzz")


# -- word lists and the index ----------------------------------------------------------------------


class ChunkIndex:
    """Words of one length cut into `size`-letter chunks, found by (slot, chunk) in one dict lookup."""

    def __init__(self, words: Iterable[str], length: int, size: int, budget: Budget | None = None):
        self.length, self.size = length, size
        self.by_chunk: dict[tuple[int, str], list[tuple[str, tuple[str, ...]]]] = {}
        add = self.by_chunk.setdefault
        for n, word in enumerate([word for word in words if len(word) == length]):
            if budget and n % CHECK_EVERY == 0:
                budget.check()
            chunks = slots(word, size)
            for key in enumerate(chunks):
                add(key, []).append((word, chunks))

    def entries(self, cells: tuple[str | None, ...]) -> list[tuple[str, tuple[str, ...]]]:
        """The words (with their chunks) sharing the pattern's rarest fixed chunk in its slot."""
        lookup = self.by_chunk.get
        return min((lookup((slot, chunk), []) for slot, chunk in enumerate(cells) if chunk is not None), key=len)

    def candidates(self, puzzle: Puzzle) -> dict[str, list[Candidate]]:
        """Every candidate of every distinct pattern: fixed chunks equal, blank chunks blocks of the puzzle."""
        found, stock = {}, puzzle.stock
        for pattern in dict.fromkeys(puzzle.patterns):
            cells = puzzle.cells(pattern)
            found[pattern] = [(word, used) for word, chunks in self.entries(cells)
                              if (used := _fill(chunks, cells, stock)) is not None]
        return found


class Lexicon:
    """A word list and its chunk indexes, built on first use per (length, block size) and kept: pass one
    Lexicon to many `solve` calls to build each index once."""

    def __init__(self, words: WordList | Iterable[str] | str = DEFAULT_WORDS):
        self.words = as_wordlist(words)
        self.indexes: dict[tuple[int, int], ChunkIndex] = {}
        self.build_seconds: dict[tuple[int, int], float] = {}

    def index(self, length: int, size: int, budget: Budget | None = None) -> ChunkIndex:
        key = (length, size)
        if key not in self.indexes:
            started = time.perf_counter()
            self.indexes[key] = ChunkIndex(self.words, length, size, budget)
            self.build_seconds[key] = time.perf_counter() - started
        return self.indexes[key]

    def candidates(self, puzzle: Puzzle, budget: Budget | None = None) -> dict[str, list[Candidate]]:
        return self.index(puzzle.length, puzzle.size, budget).candidates(puzzle)

    def __repr__(self) -> str:
        return f"Lexicon({self.words!r}, indexes for {sorted(self.indexes)})"


class Problem(NamedTuple):
    """A puzzle and the word list to solve it with."""

    puzzle: Puzzle
    lexicon: Lexicon

    def __str__(self) -> str:
        return f"{self.puzzle} (words: {self.lexicon.words.name})"


def prepare(given: Problem | Puzzle | str | Mapping | Sequence, words=None) -> Problem:
    """The `Problem` to solve: `given` parsed, with `words` (a `Lexicon`, a word list, a source name;
    default `DEFAULT_WORDS`). A `Problem` already carries its word list."""
    if isinstance(given, Problem):
        if words is not None:
            raise WordlabError("this Problem already carries its word list; give words= only with a Puzzle")
        return given
    puzzle = parse(given)
    lexicon = words if isinstance(words, Lexicon) else Lexicon(DEFAULT_WORDS if words is None else words)
    return Problem(puzzle, lexicon)


# -- checking a solution ---------------------------------------------------------------------------


def check(puzzle: Puzzle, solution: Sequence[str], words: Iterable[str] | None = None) -> list[str]:
    """Everything wrong with `solution` (empty when it is valid): fit, blocks beyond the puzzle's copies,
    a word used twice, words not in `words`."""
    if not isinstance(puzzle, Puzzle):
        raise WordlabError(f"check takes the Puzzle first, not {type(puzzle).__name__}")
    if isinstance(solution, str) or not isinstance(solution, Sequence) \
            or not all(isinstance(word, str) for word in solution):
        return [f"a solution is a list of words, one per pattern, not {solution!r:.60}"]
    if len(solution) != len(puzzle.patterns):
        return [f"{len(solution)} words for {len(puzzle.patterns)} patterns"]
    problems, used = [], Counter()
    for word, pattern in zip(solution, puzzle.patterns):
        chunks = puzzle.fill(word, pattern)
        if chunks is None:
            problems.append(f"{word!r} does not fit {pattern!r} with the puzzle's blocks")
        used.update(chunks or ())
    over = sorted(block for block, n in used.items() if n > puzzle.stock[block])
    if over:
        problems.append(f"block(s) {over} used more often than the puzzle gives them")
    twice = sorted(word for word, n in Counter(solution).items() if n > 1)
    if twice:
        problems.append(f"word(s) {twice} used twice")
    if words is not None:
        known = words if isinstance(words, (set, frozenset, WordList)) else set(words)
        problems += [f"{word!r} is not in the word list" for word in solution if word not in known]
    return problems


def verify(given: Problem | Puzzle, value: Sequence[str]) -> bool:
    """Is `value` a solution of the puzzle (with words from the problem's list, when there is one)?"""
    if isinstance(given, Problem):
        return not check(given.puzzle, value, given.lexicon.words)
    return not check(parse(given), value)


def is_move(given: Problem, before: Board, after: Board) -> bool:
    """Is `after` one move on from `before` by the puzzle's rules: every (pattern, word) of `before` kept, at
    least one more pattern filled, and what is placed legal (words of the list, each fitting its pattern,
    no word twice, no block used more often than the puzzle gives it)?"""
    old, new = _filled(before), _filled(after)
    return (after.patterns == given.puzzle.patterns and len(new) > len(old) and not Counter(old) - Counter(new)
            and not check(Puzzle([p for p, _ in new], given.puzzle.blocks), [w for _, w in new], given.lexicon.words))


def _filled(state: Board) -> list[tuple[str, str]]:
    """The (pattern, word) pairs of a board's filled patterns."""
    return [(pattern, word) for pattern, word in zip(state.patterns, state.words) if word is not None]


def unused(puzzle: Puzzle, solution: Sequence[str]) -> list[str]:
    """The decoys: the blocks (with repeats) `solution` leaves unused."""
    left = Counter(puzzle.stock)
    for word, pattern in zip(solution, puzzle.patterns):
        left.subtract(puzzle.fill(word, pattern) or ())
    return sorted(left.elements())


def canonical(puzzle: Puzzle, placed: Iterable[tuple[str, str]]) -> Solution:
    """The words of (pattern, word) pairs in pattern order; identical patterns take their words in
    alphabetical order, so that swapping them gives the same solution."""
    by_pattern: dict[str, list[str]] = {}
    for pattern, word in placed:
        by_pattern.setdefault(pattern, []).append(word)
    queues = {pattern: iter(sorted(words)) for pattern, words in by_pattern.items()}
    return tuple(next(queues[pattern]) for pattern in puzzle.patterns)


# -- the state a recorded run keeps, and its drawing -----------------------------------------------


EMPTY = "(empty)"  # the short name of a board with no word on it


class Board(NamedTuple):
    """A partly filled puzzle: each pattern with its word (None while open), the blocks left, and the words
    the move to it placed (`move`). `str(board)` is its short name, the label of its node in a drawn tree."""

    patterns: tuple[str, ...]
    words: tuple[str | None, ...]
    left: tuple[str, ...]
    move: tuple[str, ...] = ()

    def __str__(self) -> str:
        """Its short name, as its node is labelled: the word just placed, "+N words" for a move that placed N
        at once, "(empty)" before any word (a board made without its move: how many words it holds)."""
        if len(self.move) == 1:
            return self.move[0]
        if self.move:
            return f"+{len(self.move)} words"
        filled = sum(word is not None for word in self.words)
        return f"{filled} words" if filled else EMPTY


def board(puzzle: Puzzle, placed: Iterable[tuple[str, str]], move: Iterable[str] | None = None) -> Board:
    """The board after placing (pattern, word) pairs: each word in the first open copy of its pattern. `move`
    is the words the step to it placed (by default the last word of `placed`)."""
    placed = list(placed)
    words: list[str | None] = [None] * len(puzzle.patterns)
    left = Counter(puzzle.stock)
    for pattern, word in placed:
        words[next(i for i, p in enumerate(puzzle.patterns) if p == pattern and words[i] is None)] = word
        left.subtract(puzzle.fill(word, pattern) or ())
    move = tuple(move) if move is not None else tuple(word for _, word in placed[-1:])
    return Board(puzzle.patterns, tuple(words), tuple(sorted(left.elements())), move)


def render(state: Board | Solution) -> str:
    """The patterns with the words placed so far, then the blocks left (a solution: its words)."""
    if not isinstance(state, Board):
        return "\n".join(state) + "\n(solution)"
    lines = [f"{pattern}  {word or '?'}" for pattern, word in zip(state.patterns, state.words)]
    return "\n".join(lines + [f"blocks left: {' '.join(state.left) or '(none)'}"])


# -- strategy 1: the write-up's regex scan ---------------------------------------------------------


def regex_for(puzzle: Puzzle, pattern: str) -> re.Pattern:
    """One regular expression for `pattern`: fixed chunks literally, blanks as any of the blocks."""
    any_block = "(?:" + "|".join(dict.fromkeys(puzzle.blocks)) + ")"
    return re.compile("".join(any_block if fixed is None else fixed for fixed in puzzle.cells(pattern)))


def regex_candidates(puzzle: Puzzle, words: Sequence[str], budget: Budget | None = None) -> dict[str, list[Candidate]]:
    """Scan the whole list once per distinct pattern; keep full matches whose blocks the puzzle has."""
    found = {}
    for pattern in dict.fromkeys(puzzle.patterns):
        match = regex_for(puzzle, pattern).fullmatch
        hits = []
        for start in range(0, len(words), CHECK_EVERY):
            if budget:
                budget.check()
            hits += [word for word in words[start:start + CHECK_EVERY] if match(word)]
        found[pattern] = [(word, used) for word in hits if (used := puzzle.fill(word, pattern)) is not None]
    return found


class Shelf:
    """The puzzle's blocks as counters packed into one integer: each distinct block owns a field of bits
    holding how many copies are left, under a guard bit. Taking a word's blocks is one subtraction and
    "were they all there?" one `&`: a field that runs short borrows its guard bit. (A word never takes
    more copies of a block than the puzzle has, so a borrow never reaches the next field.)"""

    def __init__(self, stock: Mapping[str, int]):
        width = max(stock.values()).bit_length() + 1
        self.offsets = {block: i * width for i, block in enumerate(stock)}
        self.guards = sum(1 << (offset + width - 1) for offset in self.offsets.values())
        self.full = self.guards | sum(n << self.offsets[block] for block, n in stock.items())

    def cost(self, used: Iterable[str]) -> int:
        """The blocks `used` (repeats counted), as the number to subtract from the shelf."""
        return sum(1 << self.offsets[block] for block in used)

    def fits(self, left: int, cost: int) -> bool:
        """Does the shelf `left` hold the blocks of `cost`?"""
        return (left - cost) & self.guards == self.guards

    def priced(self, candidates: dict[str, list[Candidate]]) -> dict[str, list[tuple[str, int]]]:
        """Each pattern's candidates as (word, cost)."""
        return {pattern: [(word, self.cost(used)) for word, used in found] for pattern, found in candidates.items()}


def _singles_then_product(puzzle: Puzzle, candidates: dict[str, list[Candidate]], probe: Probe | None,
                          budget: Budget | None) -> Iterator[Solution]:
    """Commit every pattern with exactly one candidate and strike its blocks (and word) from the rest,
    until none is left; then try every combination of the remaining candidates."""
    shelf = Shelf(puzzle.stock)
    priced = shelf.priced(candidates)
    options = {i: priced[p] for i, p in enumerate(puzzle.patterns)}
    chosen: dict[int, str] = {}
    left, last, reported = shelf.full, None, {}  # the last node reported, and its words
    while (single := next((i for i, found in options.items() if len(found) == 1), None)) is not None:
        last, reported = _node(puzzle, chosen, reported, len(chosen), probe, budget, last), dict(chosen)
        word, cost = options.pop(single)[0]
        chosen[single], left = word, left - cost
        options = {i: [c for c in found if c[0] != word and shelf.fits(left, c[1])] for i, found in options.items()}
        if any(not found for found in options.values()):
            if probe:
                probe.backtrack(len(chosen) - 1, node=last, why=f"committing {word} leaves a pattern no candidate")
            return
    rest = sorted(options)
    for combination in product(*(options[i] for i in rest)):
        words = dict(chosen)
        words.update((i, word) for i, (word, _) in zip(rest, combination))
        solution = tuple(words[i] for i in range(len(puzzle.patterns)))
        fits = _in_order(puzzle, solution) and _all_fit(shelf, left, [cost for _, cost in combination])
        _node(puzzle, words, reported if fits else {}, len(chosen) if fits else 0, probe, budget,
              last if fits else None)
        if fits:
            yield solution


def _all_fit(shelf: Shelf, left: int, costs: list[int]) -> bool:
    """Does the shelf hold the blocks of every cost together (taken one by one)?"""
    for cost in costs:
        if not shelf.fits(left, cost):
            return False
        left -= cost
    return True


def _in_order(puzzle: Puzzle, solution: Solution) -> bool:
    """Different words, and identical patterns filled in alphabetical order (one of each swap)."""
    last: dict[str, str] = {}
    for pattern, word in zip(puzzle.patterns, solution):
        if word <= last.get(pattern, ""):
            return False
        last[pattern] = word
    return len(set(solution)) == len(solution)


def _node(puzzle: Puzzle, chosen: dict[int, str], before: dict[int, str], depth: int, probe: Probe | None,
          budget: Budget | None, parent: int | None) -> int | None:
    """Charge one node to the budget and report it, with its board, to the probe; returns its node id. Its
    move is the words of `chosen` (pattern index → word, in the order placed) not on its parent's board
    (`before`)."""
    if budget:
        budget.tick()
    if not probe:
        return None
    move = [word for i, word in chosen.items() if before.get(i) != word]
    return probe.expand(depth, parent=parent, state=lambda: board(
        puzzle, [(puzzle.patterns[i], word) for i, word in sorted(chosen.items())], move))


def regex_scan(given: Problem, *, probe: Probe | None = None, budget: Budget | None = None) -> Iterator:
    """The write-up's solver: a regex per pattern over the whole list, then commit patterns with exactly
    one candidate (generate-and-test for the rest). Cost: patterns × list size regex matches, then the
    product of the remaining candidate counts.

    Its recorded tree: the commitments are a chain, one word per node; a combination that passes the test
    hangs under the last commitment (it fills the rest at once); one that fails is a root of its own, a
    rejected sample that is no move from any board."""
    puzzle = given.puzzle
    candidates = regex_candidates(puzzle, given.lexicon.words.words, budget)
    for solution in _singles_then_product(puzzle, candidates, probe, budget):
        yield solution, None


# -- strategy 2: backtracking with block-exclusion propagation ------------------------------------


Options = dict[str, list[tuple[str, int]]]  # pattern → its candidates still possible, as (word, cost)


def _backtrack(puzzle: Puzzle, shelf: Shelf, options: Options, need: dict[str, int], left: int,
               placed: list[tuple[str, str]], probe: Probe | None, budget: Budget | None,
               parent: int | None = None) -> Iterator[Solution]:
    """One node of the search (a child of node `parent`): a solution when every pattern is filled, else
    `_branch` on; a node whose every word is pruned is a dead end."""
    depth = len(placed)
    if budget:
        budget.tick()
    node = probe.expand(depth, min(map(len, options.values()), default=0), parent=parent,
                        state=lambda: board(puzzle, placed)) if probe else None
    if not options:
        yield canonical(puzzle, placed)
        return
    made = probe.expansions if probe else 0
    yield from _branch(puzzle, shelf, options, need, left, placed, probe, budget, node)
    if probe and probe.expansions == made:
        probe.backtrack(depth, node=node, why="no word of the tightest pattern leaves every pattern enough words")


def _branch(puzzle: Puzzle, shelf: Shelf, options: Options, need: dict[str, int], left: int,
            placed: list[tuple[str, str]], probe: Probe | None, budget: Budget | None,
            node: int | None) -> Iterator[Solution]:
    """Fill the open pattern with fewest candidates to spare; after each choice strike every candidate
    that needs a block no longer on the shelf (or the same word), and back off at once if some pattern is
    left with fewer candidates than copies to fill (a prune). A repeated pattern takes its words in
    candidate order."""
    depth = len(placed)
    tightest = min(options, key=lambda p: len(options[p]) - need[p])
    need[tightest] -= 1
    for k, (word, cost) in enumerate(options[tightest]):
        narrowed = _narrowed(options, need, shelf.guards, left - cost, tightest, k, word)
        if probe:
            probe.node(depth + 1, word)
        if narrowed is not None:
            placed.append((tightest, word))
            yield from _backtrack(puzzle, shelf, narrowed, need, left - cost, placed, probe, budget, node)
            placed.pop()
        elif probe:
            probe.prune(depth + 1, parent=node, state=lambda: board(puzzle, [*placed, (tightest, word)]),
                        why=f"{word} leaves a pattern without enough candidates")
    need[tightest] += 1


def _narrowed(options: Options, need: dict[str, int], guards: int, left: int, chosen: str, k: int,
              word: str) -> Options | None:
    """The options after `word` (candidate `k` of pattern `chosen`) is placed, leaving the shelf `left`;
    None if some pattern can no longer be filled."""
    narrowed = {}
    for pattern, found in options.items():
        if pattern == chosen:
            if need[pattern] == 0:
                continue
            found = found[k + 1:]
        kept = [c for c in found if c[0] != word and (left - c[1]) & guards == guards]  # Shelf.fits, inlined
        if len(kept) < need[pattern]:
            return None
        narrowed[pattern] = kept
    return narrowed


def _first_solution(puzzle: Puzzle, candidates: dict[str, list[Candidate]]) -> Solution | None:
    """Any one solution from `candidates`, or None (no probe, no budget)."""
    shelf = Shelf(puzzle.stock)
    need = dict(Counter(puzzle.patterns))
    return next(_backtrack(puzzle, shelf, shelf.priced(candidates), need, shelf.full, [], None, None), None)


def backtracking(given: Problem, *, probe: Probe | None = None, budget: Budget | None = None) -> Iterator:
    """Candidates from the chunk index (one dict lookup per pattern), then depth-first search on the
    most constrained pattern with forward checking on blocks (kept as counters packed in one integer, a
    `Shelf`). Cost: the index (built once per list and length), a few entries per pattern, then at most
    the product of candidate counts, usually one path."""
    puzzle = given.puzzle
    candidates = given.lexicon.candidates(puzzle, budget)
    shelf = Shelf(puzzle.stock)
    need = dict(Counter(puzzle.patterns))
    if probe:
        probe.node(0, "start")
    for solution in _backtrack(puzzle, shelf, shelf.priced(candidates), need, shelf.full, [], probe, budget):
        yield solution, None


# -- strategy 3: exact cover (Algorithm X, dictionary of sets) -------------------------------------


def cover_rows(candidates: dict[str, list[Candidate]]) -> dict[tuple[str, str], tuple]:
    """Each candidate as an exact-cover row (pattern, word) → its items: its pattern, each block it uses
    (a block used twice listed twice) and, for a word that fits more than one pattern, the word (so that
    it fills only one)."""
    patterns_of = Counter(word for found in candidates.values() for word, _ in found)
    return {(pattern, word): (("pattern", pattern), *(("block", b) for b in used),
                              *((("word", word),) if patterns_of[word] > 1 else ()))
            for pattern, found in candidates.items() for word, used in found}


def exact_cover(given: Problem, *, probe: Probe | None = None, budget: Budget | None = None) -> Iterator:
    """Candidates from the chunk index as an exact-cover matrix (each pattern as often as it repeats,
    each block at most as often as it is listed) solved by Algorithm X with dictionary-of-sets links.
    Cost: like backtracking, with covering and uncovering in place of copying candidate lists."""
    puzzle = given.puzzle
    rows = cover_rows(given.lexicon.candidates(puzzle, budget))
    patterns = {("pattern", p): n for p, n in Counter(puzzle.patterns).items()}
    limits = {("block", b): n for b, n in puzzle.stock.items()}
    limits.update((item, 1) for items in rows.values() for item in items if item[0] == "word")
    for chosen in algorithm_x(rows, patterns, limits, probe=probe, budget=budget,
                              snapshot=lambda chosen: board(puzzle, chosen),
                              stuck=lambda item: f"no word left for {item[1]}"):
        yield canonical(puzzle, chosen), None


STRATEGIES = {
    "regex-scan": regex_scan,
    "backtracking": backtracking,
    "exact-cover": exact_cover,
}


# -- answers and explanations ----------------------------------------------------------------------


@dataclass(repr=False)
class Answer(Result):
    """A run's result, which can also list each pattern's candidates and say why there is no solution."""

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle solved (as given, when a budget ran out before it was prepared)."""
        return self.given.puzzle if isinstance(self.given, Problem) else parse(self.given)

    @cached_property
    def candidates(self) -> dict[str, list[Candidate]]:
        """Every candidate of every distinct pattern (from the index; computed when asked; none when a budget
        ran out before the index was built)."""
        if not isinstance(self.given, Problem):
            return {}
        return self.given.lexicon.candidates(self.puzzle)

    @cached_property
    def why(self) -> str:
        """Why a search that covered its whole space found no solution ("" otherwise)."""
        if self.solutions or not self.exhausted:
            return ""
        return explain(self.puzzle, self.candidates)

    def unused(self, solution: Sequence[str]) -> list[str]:
        return unused(self.puzzle, solution)

    def summary(self) -> str:
        note = f" (stopped: {self.stopped})" if self.stopped else ""
        if self.solutions:
            n = len(self.solutions)
            count = f"{'at least ' if self.stopped else ''}{n} solution{'s' if n > 1 else ''}"
            many = f"{count}; first: " if n > 1 or self.stopped else ""
            return many + " ".join(self.values[0]) + note
        return f"stopped: {self.stopped}" if self.stopped else f"no solution: {self.why}"

    def as_dict(self) -> dict:
        puzzle = self.puzzle
        return {**super().as_dict(), "value": list(self.value) if self.value else None,
                "puzzle": {"patterns": list(puzzle.patterns), "blocks": list(puzzle.blocks)},
                "solutions": [{"words": list(s), "unused": self.unused(s)} for s in self.values],
                "candidates": {p: [w for w, _ in found] for p, found in self.candidates.items()},
                "why": self.why}


EXPLAIN_UP_TO = 3  # the largest group of patterns `explain` searches for a clash (groups grow combinatorially)


def explain(puzzle: Puzzle, candidates: dict[str, list[Candidate]]) -> str:
    """Why there is no solution: the patterns with no candidate, else a smallest group of patterns (of at
    most `EXPLAIN_UP_TO`) whose candidates always clash, with the blocks they fight over."""
    empty = [pattern for pattern, found in candidates.items() if not found]
    if empty:
        return f"no word in the list fits {', '.join(empty)} with the puzzle's blocks"
    groups = dict.fromkeys(group for size in range(2, min(EXPLAIN_UP_TO, len(puzzle.patterns)) + 1)
                           for group in combinations(puzzle.patterns, size))
    for group in groups:
        if _first_solution(Puzzle(group, puzzle.blocks), {p: candidates[p] for p in group}) is None:
            return _clash(group, candidates)
    return (f"every {min(EXPLAIN_UP_TO, len(puzzle.patterns))} patterns can be filled together, but not all "
            f"{len(puzzle.patterns)}: the blocks run out")


def _clash(group: tuple[str, ...], candidates: dict[str, list[Candidate]]) -> str:
    wanted = Counter()
    for pattern in group:
        wanted.update({block for _, used in candidates[pattern] for block in used})
    contested = sorted(block for block, n in wanted.items() if n > 1)
    words = "; ".join(f"{p}: {', '.join(w for w, _ in candidates[p])}" for p in dict.fromkeys(group))
    return (f"the patterns {', '.join(group)} cannot all be filled: their candidates ({words}) "
            f"clash on the blocks {', '.join(contested) or '(their only blocks)'}")


def solve(given: Problem | Puzzle | str, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, words=None, **options) -> Answer:
    """Every solution of the puzzle `given` with words from `words` (default `DEFAULT_WORDS`; pass a
    `Lexicon` to reuse its index across calls). Loading the list and building the index are charged to
    `budget`."""
    return run(STRATEGIES, strategy, given, prepare=lambda g: prepare(g, words), result=Answer, render=render,
               probe=probe, budget=budget, **options)


# -- generating puzzles ----------------------------------------------------------------------------


def generate(words: WordList | Iterable[str] | str, *, count: int = 8, length: int = 9, size: int = 3,
             fixed_slot: int = 0, decoys: int = 3, rivals: bool = False, distinct: bool = False,
             seed: int | None = None) -> tuple[Puzzle, Solution]:
    """A new puzzle and the solution it was made from: `count` different words of `length` from `words`,
    the chunk in `fixed_slot` shown, their other chunks as blocks (repeats kept, as in real puzzles,
    unless `distinct` asks for different shown chunks and blocks), plus `decoys` extra blocks (taken from
    rival words sharing a shown chunk when `rivals`, which makes ambiguous puzzles likelier)."""
    count, length, size = whole_number(count, "count", 1), whole_number(length, "length", 1), whole_number(size, "size", 1)
    fixed_slot, decoys = whole_number(fixed_slot, "fixed_slot", -length), whole_number(decoys, "decoys", 0)
    if size < 1 or length < size or length % size:
        raise WordlabError(f"length {length} must be a positive multiple of the block size {size}")
    width = length // size
    if not -width <= fixed_slot < width:
        raise WordlabError(f"fixed_slot {fixed_slot} is outside the {width} slots of a {length}-letter word")
    if count < 1 or decoys < 0:
        raise WordlabError(f"count must be at least 1 and decoys at least 0, not {count} and {decoys}")
    slot = fixed_slot % width
    rng = random.Random(seed)
    pool = sorted(w for w in as_wordlist(words) if len(w) == length)
    rng.shuffle(pool)
    chosen = _pick_words(pool, count, size, slot, distinct)
    blocks = [chunk for word in chosen for chunk in _blank_chunks(word, size, slot)]
    extra = _decoys(pool, chosen, set(blocks), size, slot, rivals)
    if len(extra) < decoys:
        raise WordlabError(f"only {len(extra)} decoy blocks are available, {decoys} were asked for")
    patterns = [BLANK * size * slot + slots(w, size)[slot] + BLANK * size * (width - slot - 1) for w in chosen]
    puzzle = Puzzle(patterns, sorted(blocks + rng.sample(extra, decoys)))
    return puzzle, canonical(puzzle, zip(patterns, chosen))


def _blank_chunks(word: str, size: int, slot: int) -> list[str]:
    return [chunk for j, chunk in enumerate(slots(word, size)) if j != slot]


def _pick_words(pool: list[str], count: int, size: int, slot: int, distinct: bool) -> list[str]:
    """The first `count` words of `pool` (with `distinct`, only words adding a new shown chunk and new,
    different blocks)."""
    chosen: list[str] = []
    shown: set[str] = set()
    blocks: set[str] = set()
    for word in pool:
        blanks = _blank_chunks(word, size, slot)
        fixed = slots(word, size)[slot]
        if distinct and (fixed in shown or len(set(blanks)) < len(blanks) or blocks.intersection(blanks)):
            continue
        chosen.append(word)
        shown.add(fixed)
        blocks.update(blanks)
        if len(chosen) == count:
            return chosen
    rule = " (distinct shown chunks and blocks)" if distinct else ""
    raise WordlabError(f"only {len(chosen)} of the {len(pool)} words of that length can share a puzzle{rule}; "
                       f"{count} were asked for")


def _decoys(pool: list[str], chosen: list[str], blocks: set[str], size: int, slot: int, rivals: bool) -> list[str]:
    taken = set(chosen)
    shown = {slots(w, size)[slot] for w in chosen}
    sources = [w for w in pool if w not in taken and (not rivals or slots(w, size)[slot] in shown)]
    return sorted({chunk for w in sources for chunk in _blank_chunks(w, size, slot)} - blocks)
