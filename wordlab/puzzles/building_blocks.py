"""Building Blocks (The New York Times Magazine, Puzzle Edition 2018).

Eight nine-letter patterns each show three letters in a fixed block position (`pol......`); a list of
three-letter blocks fills the blanks, each block used at most once and in the word's order; some blocks
are decoys. In general: patterns of one length cut into slots of the blocks' size, each slot either
fixed or blank.

Vocabulary:

- `Puzzle(patterns, blocks)`: validated input (`WordlabError` names whatever is wrong).
- `Candidate = (word, mask)`: a word that fits a pattern using only the puzzle's blocks, with the set
  of blocks it uses as a bit mask (bit i = `puzzle.blocks[i]`). Two candidates clash when `a & b`.
- `Lexicon(words)`: a word list plus, built once per (length, block size), a `ChunkIndex` that maps
  (slot, chunk) to the words having that chunk in that slot.
- `Answer`: the candidates per pattern, every solution, and when there is none, `why`.

Strategies (`STRATEGIES`, all `f(puzzle, lexicon, probe=None, budget=None) -> Answer`):

- `regex-scan`: the original write-up's: one regular expression per pattern over the whole list, then
  its "exactly one candidate" solver (commit single candidates, strike their blocks from the others),
  finished by generate-and-test over whatever several candidates remain.
- `backtracking`: candidates from the index; fill the pattern with fewest candidates first and strike the
  chosen word's blocks from every other pattern (forward checking).
- `exact-cover`: the same candidates as Knuth's Algorithm X in Ali Assaf's dictionary-of-sets form:
  patterns are primary items (exactly once), blocks secondary items (at most once).
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations, product
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

from wordlab.errors import WordlabError
from wordlab.search.probe import Budget, Probe
from wordlab.search.strategies import budgeted
from wordlab.words import WordList, as_wordlist

# wordfreq alone lacks *dumbfound* (p2's answer), so this puzzle's default adds GCIDE: both come with pip.
DEFAULT_WORDS = "wordfreq+gcide"

BLANK = "."
DATA = Path(__file__).resolve().parents[2] / "data" / "building_blocks" / "nyt2018.json"

Candidate = tuple[str, int]  # (word, bit mask of the blocks it uses)
Solution = tuple[str, ...]  # one word per pattern, in pattern order


# -- the puzzle ------------------------------------------------------------------------------------


def _split(items: str | Iterable[str], what: str) -> tuple[str, ...]:
    """Items given as one string (spaces or commas between) or as a sequence, lower-cased."""
    if isinstance(items, str):
        items = items.replace(",", " ").split()
    items = tuple(str(item).strip().lower() for item in items)
    if not items:
        raise WordlabError(f"a Building Blocks puzzle needs at least one {what}; the {what} list is empty")
    return items


def _one_of_each(items: tuple[str, ...], what: str) -> None:
    seen = set()
    for item in items:
        if item in seen:
            raise WordlabError(f"{what} {item!r} appears more than once")
        seen.add(item)


def slots(word: str, size: int) -> tuple[str, ...]:
    """`word` cut into consecutive chunks of `size` letters: slots("polemical", 3) = ("pol", "emi", "cal")."""
    return tuple(word[i:i + size] for i in range(0, len(word), size))


@dataclass(frozen=True)
class Puzzle:
    """Patterns of one length (`.` for blanks) and distinct blocks of one size; validated on creation.

    >>> Puzzle("ab.. ..cd", "cd ab xy").size
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
            for number, chunk in enumerate(slots(pattern, self.size)):
                if BLANK in chunk and chunk != BLANK * self.size:
                    raise WordlabError(f"pattern {pattern!r}: the fixed letters in slot {number} ({chunk!r}) "
                                       f"are not on {self.size}-letter block boundaries")
        _one_of_each(self.patterns, "pattern")
        _one_of_each(self.blocks, "block")

    @property
    def length(self) -> int:
        return len(self.patterns[0])

    @property
    def size(self) -> int:
        return len(self.blocks[0])

    def cells(self, pattern: str) -> tuple[str | None, ...]:
        """The slots of `pattern`: the fixed chunk, or None for a blank slot."""
        return tuple(None if chunk[0] == BLANK else chunk for chunk in slots(pattern, self.size))

    @cached_property
    def bits(self) -> dict[str, int]:
        """Each block's bit: `blocks[i]` → 1 << i."""
        return {block: 1 << i for i, block in enumerate(self.blocks)}

    def mask_of(self, word: str, pattern: str) -> int | None:
        """The blocks `word` would use to fill `pattern`, as a bit mask; None if it does not fit."""
        if len(word) != self.length:
            return None
        return _fill_mask(slots(word, self.size), self.cells(pattern), self.bits)

    def blocks_in(self, mask: int) -> list[str]:
        return [block for i, block in enumerate(self.blocks) if mask >> i & 1]

    def __str__(self) -> str:
        return f"{' '.join(self.patterns)} | {' '.join(self.blocks)}"


def published() -> dict[str, dict]:
    """The three NYT 2018 puzzles, by name: {"p1": {"puzzle": Puzzle, "answer": Solution, "unused": [...]}}."""
    try:
        data = json.loads(DATA.read_text())
    except OSError as err:
        raise WordlabError(f"cannot read the published Building Blocks puzzles from {DATA}: {err}") from None
    return {name: {"puzzle": Puzzle(p["patterns"], p["blocks"]), "answer": tuple(p["answer"].split()),
                   "unused": p["unused"].split()}
            for name, p in data["puzzles"].items()}


def check(puzzle: Puzzle, solution: Sequence[str], words: Iterable[str] | None = None) -> list[str]:
    """Everything wrong with `solution` (empty when it is valid): fit, block reuse, words not in `words`."""
    problems = []
    if len(solution) != len(puzzle.patterns):
        return [f"{len(solution)} words for {len(puzzle.patterns)} patterns"]
    used = 0
    for word, pattern in zip(solution, puzzle.patterns):
        mask = puzzle.mask_of(word, pattern)
        if mask is None:
            problems.append(f"{word!r} does not fit {pattern!r} with the puzzle's blocks")
        elif mask & used:
            problems.append(f"{word!r} reuses block(s) {puzzle.blocks_in(mask & used)}")
        else:
            used |= mask
    if words is not None:
        known = words if isinstance(words, (set, frozenset, WordList)) else set(words)
        problems += [f"{word!r} is not in the word list" for word in solution if word not in known]
    return problems


# -- word lists and the index ----------------------------------------------------------------------


class ChunkIndex:
    """Words of one length cut into `size`-letter chunks, found by (slot, chunk) in one dict lookup."""

    def __init__(self, words: Iterable[str], length: int, size: int):
        self.length, self.size = length, size
        self.by_chunk: dict[tuple[int, str], list[tuple[str, tuple[str, ...]]]] = {}
        for word in words:
            if len(word) == length:
                chunks = slots(word, size)
                for slot, chunk in enumerate(chunks):
                    self.by_chunk.setdefault((slot, chunk), []).append((word, chunks))

    def entries(self, cells: tuple[str | None, ...], blocks: Sequence[str]) -> list[tuple[str, tuple[str, ...]]]:
        """Words (with their chunks) that might fit: those sharing the rarest fixed chunk, or for an
        all-blank pattern those whose first chunk is a block."""
        lookup = self.by_chunk.get
        fixed = [lookup((slot, chunk), []) for slot, chunk in enumerate(cells) if chunk is not None]
        if fixed:
            return min(fixed, key=len)
        return [entry for block in blocks for entry in lookup((0, block), [])]

    def candidates(self, puzzle: Puzzle) -> list[list[Candidate]]:
        """Every candidate of every pattern: fixed chunks equal, blank chunks distinct blocks."""
        bits = puzzle.bits
        found = []
        for pattern in puzzle.patterns:
            cells = puzzle.cells(pattern)
            fits = []
            for word, chunks in self.entries(cells, puzzle.blocks):
                mask = _fill_mask(chunks, cells, bits)
                if mask is not None:
                    fits.append((word, mask))
            found.append(fits)
        return found


def _fill_mask(chunks: tuple[str, ...], cells: tuple[str | None, ...], bits: dict[str, int]) -> int | None:
    """The mask of blocks filling the blank cells with `chunks`, or None if a chunk is no block,
    a block repeats, or a fixed cell differs."""
    mask = 0
    for chunk, fixed in zip(chunks, cells):
        if fixed is None:
            bit = bits.get(chunk, 0)
            if not bit or mask & bit:
                return None
            mask |= bit
        elif chunk != fixed:
            return None
    return mask


class Lexicon:
    """A word list and its chunk indexes, built on first use per (length, block size) and kept."""

    def __init__(self, words: WordList | Iterable[str] | str = DEFAULT_WORDS):
        self.words = as_wordlist(words)
        self.indexes: dict[tuple[int, int], ChunkIndex] = {}
        self.build_seconds: dict[tuple[int, int], float] = {}

    def index(self, length: int, size: int) -> ChunkIndex:
        key = (length, size)
        if key not in self.indexes:
            start = time.perf_counter()
            self.indexes[key] = ChunkIndex(self.words, length, size)
            self.build_seconds[key] = time.perf_counter() - start
        return self.indexes[key]

    def __repr__(self) -> str:
        return f"Lexicon({self.words!r}, indexes for {sorted(self.indexes)})"


def as_lexicon(words: Lexicon | WordList | Iterable[str] | str) -> Lexicon:
    return words if isinstance(words, Lexicon) else Lexicon(words)


# -- answers and explanations ----------------------------------------------------------------------


@dataclass
class Answer:
    """Candidates per pattern, every solution found, why there is none, and why the search stopped early."""

    puzzle: Puzzle
    candidates: list[list[Candidate]]
    solutions: list[Solution] = field(default_factory=list)
    why: str = ""
    stopped: str | None = None

    def unused(self, solution: Solution) -> list[str]:
        """The decoys: blocks `solution` leaves unused."""
        used = 0
        for word, pattern in zip(solution, self.puzzle.patterns):
            used |= self.puzzle.mask_of(word, pattern) or 0
        return [block for i, block in enumerate(self.puzzle.blocks) if not used >> i & 1]

    def summary(self) -> str:
        if self.solutions:
            many = f"{len(self.solutions)} solutions; first: " if len(self.solutions) > 1 else ""
            return many + " ".join(self.solutions[0]) + (f" (stopped: {self.stopped})" if self.stopped else "")
        return f"stopped: {self.stopped}" if self.stopped else f"no solution: {self.why}"

    def as_dict(self) -> dict:
        return {"puzzle": {"patterns": list(self.puzzle.patterns), "blocks": list(self.puzzle.blocks)},
                "candidates": {p: [w for w, _ in c] for p, c in zip(self.puzzle.patterns, self.candidates)},
                "solutions": [{"words": list(s), "unused": self.unused(s)} for s in self.solutions],
                "why": self.why, "stopped": self.stopped}


def explain(puzzle: Puzzle, candidates: list[list[Candidate]]) -> str:
    """Why there is no solution: the patterns with no candidate, else a smallest set of patterns
    whose candidates always clash, with the blocks they fight over."""
    empty = [pattern for pattern, found in zip(puzzle.patterns, candidates) if not found]
    if empty:
        return f"no word in the list fits {', '.join(empty)} with the puzzle's blocks"
    for size in range(2, len(candidates) + 1):
        for group in combinations(range(len(candidates)), size):
            options = {i: candidates[i] for i in group}
            if next(_backtrack(options, {}, 0, None, None), None) is None:
                return _clash(puzzle, candidates, group)
    return ""


def _clash(puzzle: Puzzle, candidates: list[list[Candidate]], group: tuple[int, ...]) -> str:
    counts: dict[int, int] = {}
    for i in group:
        wanted = 0
        for _, mask in candidates[i]:
            wanted |= mask
        for bit in range(len(puzzle.blocks)):
            if wanted >> bit & 1:
                counts[bit] = counts.get(bit, 0) + 1
    contested = [puzzle.blocks[bit] for bit, n in sorted(counts.items()) if n > 1]
    words = "; ".join(f"{puzzle.patterns[i]}: {', '.join(w for w, _ in candidates[i])}" for i in group)
    return (f"the patterns {', '.join(puzzle.patterns[i] for i in group)} cannot all be filled: their candidates "
            f"({words}) clash on the blocks {', '.join(contested)}")


def _answer(puzzle: Puzzle, candidates: list[list[Candidate]], search: Iterator[Solution],
            budget: Budget | None) -> Answer:
    """Run `search` to the end (or the budget), then explain an empty result."""
    answer = Answer(puzzle, candidates)
    with budgeted(budget) as run:
        for solution in search:
            answer.solutions.append(solution)
    answer.stopped = run.stopped
    if not answer.solutions and not answer.stopped:
        answer.why = explain(puzzle, candidates)
    return answer


# -- strategy 1: the write-up's regex scan ---------------------------------------------------------


def regex_for(puzzle: Puzzle, pattern: str) -> re.Pattern:
    """One regular expression for `pattern`: fixed chunks literally, blanks as any of the blocks."""
    any_block = "(?:" + "|".join(puzzle.blocks) + ")"
    return re.compile("".join(any_block if fixed is None else fixed for fixed in puzzle.cells(pattern)))


def regex_candidates(puzzle: Puzzle, words: Iterable[str]) -> list[list[Candidate]]:
    """Scan the whole list once per pattern; keep full matches that use no block twice."""
    found = []
    for pattern in puzzle.patterns:
        match = regex_for(puzzle, pattern).fullmatch
        hits = [word for word in words if match(word)]
        masks = [(word, puzzle.mask_of(word, pattern)) for word in hits]
        found.append([(word, mask) for word, mask in masks if mask is not None])
    return found


def _singles_then_product(candidates: list[list[Candidate]], probe: Probe | None,
                          budget: Budget | None) -> Iterator[Solution]:
    """Commit every pattern with exactly one candidate and strike its blocks from the rest, until none
    is left; then try every combination of the remaining candidates."""
    options = {i: list(found) for i, found in enumerate(candidates)}
    chosen: dict[int, str] = {}
    used = 0
    while (single := next((i for i, found in options.items() if len(found) == 1), None)) is not None:
        word, mask = options.pop(single)[0]
        chosen[single], used = word, used | mask
        if probe:
            probe.call(len(chosen))
        options = {i: [c for c in found if not c[1] & used] for i, found in options.items()}
        if any(not found for found in options.values()):
            return
    rest = sorted(options)
    for combination in product(*(options[i] for i in rest)):
        if budget:
            budget.tick()
        if probe:
            probe.call(len(candidates))
        total = used
        for _, mask in combination:
            if total & mask:
                break
            total |= mask
        else:
            words = dict(chosen)
            words.update((i, word) for i, (word, _) in zip(rest, combination))
            yield tuple(words[i] for i in range(len(candidates)))


def regex_scan(puzzle: Puzzle, lexicon: Lexicon, probe: Probe | None = None,
               budget: Budget | None = None) -> Answer:
    """The write-up's solver: a regex per pattern over the whole list, then commit patterns with exactly
    one candidate (generate-and-test for the rest). Cost: patterns × list size regex matches, then the
    product of the remaining candidate counts."""
    candidates = regex_candidates(puzzle, lexicon.words.words)
    return _answer(puzzle, candidates, _singles_then_product(candidates, probe, budget), budget)


# -- strategy 2: backtracking with block-exclusion propagation ------------------------------------


def _backtrack(options: dict[int, list[Candidate]], chosen: dict[int, str], depth: int,
               probe: Probe | None, budget: Budget | None) -> Iterator[Solution]:
    """Fill the open pattern with fewest candidates; after each choice strike every candidate that
    shares one of its blocks, and back off at once if that leaves some pattern with none."""
    if budget:
        budget.tick()
    if probe:
        probe.call(depth)
    if not options:
        yield tuple(chosen[i] for i in sorted(chosen))
        return
    tightest = min(options, key=lambda i: len(options[i]))
    others = [i for i in options if i != tightest]
    for word, mask in options[tightest]:
        if probe:
            probe.node(depth + 1, word)
        narrowed = {}
        for i in others:
            kept = [c for c in options[i] if not c[1] & mask]
            if not kept:
                if probe:
                    probe.prune(depth + 1)
                break
            narrowed[i] = kept
        else:
            chosen[tightest] = word
            yield from _backtrack(narrowed, chosen, depth + 1, probe, budget)
            del chosen[tightest]


def backtracking(puzzle: Puzzle, lexicon: Lexicon, probe: Probe | None = None,
                 budget: Budget | None = None) -> Answer:
    """Candidates from the chunk index (one dict lookup per pattern), then depth-first search on the
    most constrained pattern with forward checking on blocks. Cost: a few index entries per pattern,
    then at most the product of candidate counts, usually one path."""
    candidates = lexicon.index(puzzle.length, puzzle.size).candidates(puzzle)
    if probe:
        probe.node(0, "start")
    return _answer(puzzle, candidates, _backtrack(dict(enumerate(candidates)), {}, 0, probe, budget), budget)


# -- strategy 3: exact cover (Algorithm X, dictionary of sets) -------------------------------------


Row = tuple[int, str]  # (pattern number, word)


def _cover(X: dict, Y: dict, row: Row) -> list[dict]:
    removed = []
    for item in Y[row]:
        for other in X[item]:
            for clashing in Y[other]:
                if clashing != item:
                    del X[clashing][other]
        removed.append(X.pop(item))
    return removed


def _uncover(X: dict, Y: dict, row: Row, removed: list[dict]) -> None:
    for item in reversed(Y[row]):
        X[item] = rows = removed.pop()
        for other in rows:
            for clashing in Y[other]:
                if clashing != item:
                    X[clashing][other] = None


def _algorithm_x(X: dict, Y: dict, patterns: range, chosen: list[Row], probe: Probe | None,
                 budget: Budget | None) -> Iterator[Solution]:
    """Cover the open pattern with fewest rows left by each of its rows in turn (Knuth's Algorithm X);
    blocks are secondary items, covered at most once."""
    if budget:
        budget.tick()
    if probe:
        probe.call(len(chosen))
    open_patterns = [p for p in patterns if p in X]
    if not open_patterns:
        yield tuple(word for _, word in sorted(chosen))
        return
    pattern = min(open_patterns, key=lambda p: len(X[p]))
    for row in list(X[pattern]):
        if probe:
            probe.node(len(chosen) + 1, row[1])
        chosen.append(row)
        removed = _cover(X, Y, row)
        yield from _algorithm_x(X, Y, patterns, chosen, probe, budget)
        _uncover(X, Y, row, removed)
        chosen.pop()


def cover_matrix(puzzle: Puzzle, candidates: list[list[Candidate]]) -> tuple[dict, dict]:
    """Y: each row (pattern, word) → the items it covers (its pattern, then its blocks);
    X: each item → the rows covering it, as a dict used as an insertion-ordered set (so the search
    order, unlike a set's, does not depend on string hashing)."""
    Y = {(p, word): (p, *puzzle.blocks_in(mask)) for p, found in enumerate(candidates) for word, mask in found}
    X: dict = {p: {} for p in range(len(puzzle.patterns))}
    X.update((block, {}) for block in puzzle.blocks)
    for row, items in Y.items():
        for item in items:
            X[item][row] = None
    return X, Y


def exact_cover(puzzle: Puzzle, lexicon: Lexicon, probe: Probe | None = None,
                budget: Budget | None = None) -> Answer:
    """Candidates from the chunk index as an exact-cover matrix (patterns exactly once, blocks at most
    once) solved by Algorithm X with dictionary-of-sets links. Cost: like backtracking, with covering and
    uncovering in place of copying candidate lists."""
    candidates = lexicon.index(puzzle.length, puzzle.size).candidates(puzzle)
    X, Y = cover_matrix(puzzle, candidates)
    if probe:
        probe.node(0, "start")
    search = _algorithm_x(X, Y, range(len(puzzle.patterns)), [], probe, budget)
    return _answer(puzzle, candidates, search, budget)


StrategyFn = Callable[..., Answer]

STRATEGIES: dict[str, StrategyFn] = {
    "regex-scan": regex_scan,
    "backtracking": backtracking,
    "exact-cover": exact_cover,
}


def solve(puzzle: Puzzle, strategy: str = "exact-cover",
          words: Lexicon | WordList | Iterable[str] | str = DEFAULT_WORDS, probe: Probe | None = None, budget: Budget | None = None) -> Answer:
    """Every solution of `puzzle` with words from `words` (pass a `Lexicon` to reuse its index)."""
    from wordlab.search import pick

    return pick(STRATEGIES, strategy)(puzzle, as_lexicon(words), probe=probe, budget=budget)


# -- generating puzzles ----------------------------------------------------------------------------


def generate(words: WordList | Iterable[str] | str, *, count: int = 8, length: int = 9, size: int = 3,
             fixed_slot: int = 0, decoys: int = 3, rivals: bool = False,
             seed: int | None = None) -> tuple[Puzzle, Solution]:
    """A new puzzle and the solution it was made from: `count` words of `length` from `words` whose blank
    chunks are all different, the chunk in `fixed_slot` shown, plus `decoys` extra blocks (taken from
    rival words sharing a fixed chunk when `rivals`, which makes ambiguous puzzles likelier)."""
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
    chosen, shown, blocks = _pick_words(pool, count, size, slot)
    extra = _decoys(pool, chosen, shown, blocks, size, slot, rivals)
    if len(extra) < decoys:
        raise WordlabError(f"only {len(extra)} decoy blocks are available, {decoys} were asked for")
    patterns = [BLANK * size * slot + slots(w, size)[slot] + BLANK * size * (width - slot - 1) for w in chosen]
    return Puzzle(patterns, sorted(blocks | set(rng.sample(extra, decoys)))), tuple(chosen)


def _blank_chunks(word: str, size: int, slot: int) -> list[str]:
    return [chunk for j, chunk in enumerate(slots(word, size)) if j != slot]


def _pick_words(pool: list[str], count: int, size: int, slot: int) -> tuple[list[str], set[str], set[str]]:
    chosen: list[str] = []
    shown: set[str] = set()
    blocks: set[str] = set()
    for word in pool:
        blanks = _blank_chunks(word, size, slot)
        fixed = slots(word, size)[slot]
        if fixed in shown or len(set(blanks)) < len(blanks) or blocks.intersection(blanks):
            continue
        chosen.append(word)
        shown.add(fixed)
        blocks.update(blanks)
        if len(chosen) == count:
            return chosen, shown, blocks
    raise WordlabError(f"only {len(chosen)} of the {len(pool)} words of that length can share a puzzle "
                       f"(distinct fixed chunks and blocks); {count} were asked for")


def _decoys(pool: list[str], chosen: list[str], shown: set[str], blocks: set[str], size: int, slot: int,
            rivals: bool) -> list[str]:
    taken = set(chosen)
    sources = [w for w in pool if w not in taken and (not rivals or slots(w, size)[slot] in shown)]
    return sorted({chunk for w in sources for chunk in _blank_chunks(w, size, slot)} - blocks)


# -- command line ----------------------------------------------------------------------------------


def add_arguments(parser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option, add_words_option

    add_words_option(parser, DEFAULT_WORDS)
    parser.add_argument("--published", nargs="+", default=None, metavar="NAME",
                        help="published puzzles to use: p1 p2 p3 (default all)")
    if command == "solve":
        parser.add_argument("--patterns", help="your own puzzle: patterns like 'pol...... imb......'")
        parser.add_argument("--blocks", help="your own puzzle: blocks like 'ble cal cup'")
        add_strategy_option(parser, STRATEGIES, default="exact-cover")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.add_argument("--repeats", type=int, default=5, help="runs per measurement, best kept (default 5)")


def _chosen_puzzles(args) -> dict[str, Puzzle]:
    if getattr(args, "patterns", None) or getattr(args, "blocks", None):
        if not (args.patterns and args.blocks):
            raise WordlabError("give both --patterns and --blocks for your own puzzle")
        return {"given": Puzzle(args.patterns, args.blocks)}
    from wordlab.search import pick

    known = published()
    return {name: pick(known, name, "published puzzle")["puzzle"] for name in args.published or known}


def cli_solve(args):
    from wordlab.cli import budget_from
    from wordlab.puzzles import Report

    lexicon = Lexicon(args.words)
    lines, data = [f"words: {lexicon.words.name} ({len(lexicon.words):,})"], {}
    for name, puzzle in _chosen_puzzles(args).items():
        answer = solve(puzzle, args.strategy, lexicon, budget=budget_from(args))
        lines.append(f"{name}: {puzzle}")
        lines += [f"  {' '.join(s)}   (unused: {' '.join(answer.unused(s))})" for s in answer.solutions]
        if not answer.solutions or answer.stopped:
            lines.append(f"  {answer.summary()}")
        data[name] = answer.as_dict()
    return Report("\n".join(lines), {"words": lexicon.words.describe(), "strategy": args.strategy, "puzzles": data})


EXACT = ("backtracking", "exact-cover")
TARGET = 0.2  # the target: an exact solver in at most a fifth of the regex scan's time


def benchmark(puzzles: dict[str, Puzzle], lexicon: Lexicon, names: Sequence[str] = tuple(STRATEGIES),
              repeats: int = 5):
    """`wordlab.bench.run` of the strategies `names` on `puzzles`, with the index built beforehand;
    returns the table and the index build seconds per (length, block size)."""
    from wordlab import bench

    for puzzle in puzzles.values():
        lexicon.index(puzzle.length, puzzle.size)
    strategies = {name: (lambda p, probe=None, f=STRATEGIES[name]: f(p, lexicon, probe=probe)) for name in names}
    baseline = "regex-scan" if "regex-scan" in names else names[0]
    table = bench.run(strategies, puzzles, repeats=repeats, baseline=baseline, describe=Answer.summary)
    return table, dict(lexicon.build_seconds)


def cli_bench(args):
    from wordlab.bench import format_table
    from wordlab.puzzles import Report

    lexicon = Lexicon(args.words)
    table, builds = benchmark(_chosen_puzzles(args), lexicon, args.strategies, args.repeats)
    table["answer"] = table["answer"].str.slice(0, 60)
    title = f"Building Blocks on {lexicon.words.name} ({len(lexicon.words):,} words), best of {args.repeats}"
    lines = [format_table(table, title)]
    lines += [f"chunk index for length {n}, blocks of {k}: built once in {s * 1000:.1f} ms (not in the table)"
              for (n, k), s in builds.items()]
    verdicts = {}
    if "regex-scan" in args.strategies:
        for row in table[table["strategy"].isin(EXACT)].itertuples():
            verdicts[f"{row.input}/{row.strategy}"] = bool(row.ratio <= TARGET)
            lines.append(f"target {row.strategy} ≤ {TARGET:g} × regex-scan on {row.input}: ratio {row.ratio:.5f} "
                         f"({'met' if row.ratio <= TARGET else 'MISSED'})")
    data = {"words": lexicon.words.describe(), "index_seconds": {f"{n}x{k}": s for (n, k), s in builds.items()},
            "rows": table.to_dict("records"), "target_met": verdicts}
    return Report("\n".join(lines), data)
