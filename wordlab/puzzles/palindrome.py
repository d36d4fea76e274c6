"""Palindromic pangrams: the shortest word sequence that reads the same backwards and uses every letter.

ITA Software's retired hiring puzzle, on its dictionary WORD.LST (`load("ita")`).

The representation: the palindrome's first half `q` is spelled twice at once, by the *left* words read
forwards (a walk in the forward trie) and by the *right* words read backwards (a walk in the trie of
reversed words). Both walks take a letter together; at a word end either walk may jump back to its
root (the "loopy" back edge). Every letter of `q` appears twice in the palindrome, so a state at depth
k has cost g = 2k. The search ends when one walk stops at a word end and the other finishes its word
with a palindromic tail t (the centre), so the total length is 2k + len(t).

Coverage is a 26-bit letter set. With m letters still missing, each must appear twice in what is left
except one at the centre, so h = max(0, 2m - 1) never overestimates: f = g + h is the write-up's
"g = letters so far, h from missing letters", and is 2·|alphabet| - 1 plus twice the repeated letters.

Strategies (all anytime: `stream` yields each improving solution with its time and node count):
`beam-stack` (the write-up's: complete, memory-bounded beam search on the generic engine), `astar`
(generic, admissible h), `iterative-deepening` (exhaustive depth-first search per length: each finished
length proves that nothing that short exists) and `branch-and-bound` (the fastest: depth-first with a
bound that tightens at each solution, new rare letters tried first).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, Iterator, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import Budget, BudgetExhausted, Found, Probe, SearchProblem, SearchResult, iter_solutions, pick
from wordlab.structures import Trie
from wordlab.structures.letters import ALPHABET, letters, letterset
from wordlab.structures.trie import END
from wordlab.words import WordList, as_wordlist

Phrase = tuple[str, ...]


# -- the puzzle: a dictionary indexed as a trie pair --------------------------------------------------


@dataclass
class Palindromes:
    """A dictionary ready for the search: forward and reversed tries, palindromic word tails, the
    letters to cover (`required`, a letter set) and, per letter, how rare it is (for move ordering)."""

    words: WordList
    required: int
    forward: Trie
    backward: Trie
    centres: dict[int, tuple[tuple[int, int, str], ...]]
    rarity: dict[str, int]

    @property
    def lower_bound(self) -> int:
        """No palindromic pangram is shorter: each required letter twice, but one at the centre."""
        return max(0, 2 * self.required.bit_count() - 1)

    def tails(self, node: dict) -> tuple[tuple[int, int, str], ...]:
        """The palindromic tails t (length, letter set, text) that finish a word from this trie node."""
        return self.centres.get(id(node), ())


def index(words, alphabet: str = ALPHABET) -> Palindromes:
    """Validate `words` (a WordList, a spec such as "ita", or any iterable) and build the trie pair.

    Raises WordlabError for an empty dictionary, a word that is not lowercase a–z, letters of
    `alphabet` that no word contains, or a dictionary in which no palindrome can start and end.
    """
    wordlist = words if isinstance(words, WordList) else as_wordlist(_checked_words(words))
    _check_dictionary(wordlist.words, alphabet)
    forward, backward = Trie(wordlist.words), Trie(w[::-1] for w in wordlist.words)
    centres: dict[int, tuple] = {}
    _add_centres(forward, wordlist.words, centres)
    _add_centres(backward, [w[::-1] for w in wordlist.words], centres)
    counts = {c: 0 for c in ALPHABET}
    for word in wordlist.words:
        for c in word:
            counts[c] += 1
    rarity = {c: rank for rank, c in enumerate(sorted(ALPHABET, key=lambda c: (counts[c], c)))}
    return Palindromes(wordlist, letterset(alphabet), forward, backward, centres, rarity)


def _checked_words(words) -> list[str]:
    if isinstance(words, str):
        return words  # a spec: as_wordlist loads it
    words = list(words)
    for word in words:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha() or not word.islower():
            raise WordlabError(f"palindrome words must be lowercase letters a-z; {word!r} is not")
    return words


def _check_dictionary(words: tuple[str, ...], alphabet: str) -> None:
    if not alphabet or not set(alphabet) <= set(ALPHABET):
        raise WordlabError(f"the alphabet to cover must be letters a-z, not {alphabet!r}")
    if not words:
        raise WordlabError("the dictionary is empty: no palindromic pangram can be made")
    missing = letterset(alphabet) & ~letterset("".join(words))
    if missing:
        raise WordlabError(f"no word contains the letter(s) {letters(missing)!r}, so no pangram is possible")
    firsts, lasts = {w[0] for w in words}, {w[-1] for w in words}
    if not firsts & lasts and not any(w == w[::-1] for w in words):
        raise WordlabError("no palindromic completion is possible: no letter both starts and ends a word")


def _add_centres(trie: Trie, words, centres: dict) -> None:
    """For every word and every split point whose tail is a palindrome, remember that tail."""
    for word in words:
        node = trie.root
        for i in range(len(word) + 1):
            tail = word[i:]
            if tail == tail[::-1]:
                entry = (len(tail), letterset(tail), tail)
                known = centres.get(id(node), ())
                if entry not in known:
                    centres[id(node)] = known + (entry,)
            if i < len(word):
                node = node[word[i]]


# -- phrases and their independent check --------------------------------------------------------------


def verify(phrase: Phrase | str, words, alphabet: str = ALPHABET) -> bool:
    """Is `phrase` a palindromic pangram of `words`? Checked from scratch, without the search's tries."""
    parts = phrase.split() if isinstance(phrase, str) else list(phrase)
    vocabulary = set(words)
    text = "".join(parts)
    return (bool(parts) and all(p in vocabulary for p in parts) and text == text[::-1]
            and set(alphabet) <= set(text))


def length(phrase: Phrase) -> int:
    """Letters in a phrase, spaces not counted."""
    return sum(map(len, phrase))


class Half(NamedTuple):
    """A state of the letter-level search: the first half `q` spelled so far, the start positions of
    the left words (forward) and of the right words (reversed) in `q`, the letters covered, and,
    once finished, `centre` = which walk finished ("<" left, ">" right) followed by the palindromic tail."""

    q: str
    left: tuple[int, ...]
    right: tuple[int, ...]
    covered: int
    centre: str = ""


def phrase_of(state: Half) -> Phrase:
    """The word sequence a finished state spells, left to right."""
    q, side, tail = state.q, state.centre[:1], state.centre[1:]
    left = _split(q, state.left)
    right = _split(q, state.right)
    if side == "<":   # the left walk finished its last word with the tail; the right walk stopped
        left[-1] += tail
    else:             # the right walk finished its last (reversed) word; the left walk stopped
        right[-1] += tail
    return tuple(w for w in left if w) + tuple(w[::-1] for w in reversed(right) if w)


def _split(q: str, starts: tuple[int, ...]) -> list[str]:
    ends = starts[1:] + (len(q),)
    return [q[a:b] for a, b in zip(starts, ends)]


# -- the search problem for the generic strategies -----------------------------------------------------


class PalindromeProblem(SearchProblem):
    """Letter-level states (`Half`) for the generic strategies: each letter costs 2 (it appears in both
    halves), a finishing move costs the centre tail; h = 2·(missing letters) - 1."""

    def __init__(self, puzzle: Palindromes, max_length: int):
        self.puzzle, self.max_length = puzzle, max_length

    def start(self) -> Half:
        return Half("", (0,), (0,), 0)

    def is_goal(self, state: Half) -> bool:
        return bool(state.centre)

    def heuristic(self, state: Half) -> float:
        if state.centre:
            return 0
        return max(0, 2 * (self.puzzle.required & ~state.covered).bit_count() - 1)

    def label(self, state: Half) -> str:
        return " ".join(phrase_of(state)) if state.centre else state.q or "·"

    def successors(self, state: Half):
        if state.centre:
            return []
        p, q, k = self.puzzle, state.q, len(state.q)
        fnode, rnode = p.forward.node(q[state.left[-1]:]), p.backward.node(q[state.right[-1]:])
        g = 2 * k
        out = [(_finished(state, side, fresh, tail), len(tail))
               for side, fresh, tail in _finishes(p, fnode, rnode, k, state.covered)
               if g + len(tail) <= self.max_length]
        for c, fresh_left, fresh_right, fchild, rchild in _moves(p, fnode, rnode, k):
            covered = state.covered | letterset(c)
            child = Half(q + c, state.left + (k,) * fresh_left, state.right + (k,) * fresh_right, covered)
            if g + 2 + self.heuristic(child) <= self.max_length:
                out.append((child, 2))
        return out


def _moves(p: Palindromes, fnode: dict, rnode: dict, k: int):
    """Every next letter both walks accept: (letter, left word restarts?, right word restarts?, nodes)."""
    fchoices = [(fnode, 0)] + ([(p.forward.root, 1)] if k and END in fnode else [])
    rchoices = [(rnode, 0)] + ([(p.backward.root, 1)] if k and END in rnode else [])
    for f, fresh_f in fchoices:
        for r, fresh_r in rchoices:
            for c, fchild in f.items():
                if c != END and c in r:
                    yield c, fresh_f, fresh_r, fchild, r[c]


def _finishes(p: Palindromes, fnode: dict, rnode: dict, k: int, covered: int):
    """Ways to end at depth k: (side, new word?, tail) where one walk stops at a word end and the other
    finishes its word (or a new one) with a palindromic tail that covers every letter still missing."""
    need = p.required & ~covered
    if k == 0 or END in rnode:  # the right walk stops here; the left walk finishes
        yield from _tails("<", p, fnode, p.forward.root, k, need)
    if k and END in fnode:      # the left walk stops here; the right walk finishes
        yield from _tails(">", p, rnode, p.backward.root, k, need)


def _tails(side: str, p: Palindromes, node: dict, root: dict, k: int, need: int):
    for fresh, start in ((0, node), (1, root)) if k and END in node else ((0, node),):
        for size, mask, tail in p.tails(start):
            if need & ~mask == 0 and (size or k):
                yield side, fresh, tail


def _finished(state: Half, side: str, fresh: int, tail: str) -> Half:
    """The finished state: the walk that finishes may start a new word (the tail) at the centre."""
    k = len(state.q)
    left = state.left + (k,) * (fresh and side == "<")
    right = state.right + (k,) * (fresh and side == ">")
    return Half(state.q, left, right, state.covered, side + tail)


# -- the fast letter-level depth-first search ----------------------------------------------------------


def first_within(puzzle: Palindromes, limit: int, probe: Probe | None = None,
                 budget: Budget | None = None) -> Half | None:
    """The first finished state of at most `limit` letters in depth-first order (new letters first,
    rarest first), or None after an exhaustive search proving there is none. Mutates and undoes one
    path (`q` and the word starts) rather than copying states. Raises BudgetExhausted."""
    p, q, left, right = puzzle, [], [0], [0]
    required, froot, rroot = puzzle.required, puzzle.forward.root, puzzle.backward.root
    ranked = [(c, 1 << (ord(c) - 97)) for c in sorted(ALPHABET, key=puzzle.rarity.__getitem__)]

    def visit(fnode: dict, rnode: dict, k: int, covered: int) -> Half | None:
        if budget:
            budget.tick()
        if probe:
            probe.call(k)
        for side, fresh, tail in _finishes(p, fnode, rnode, k, covered):
            if 2 * k + len(tail) <= limit:
                return _finished(Half("".join(q), tuple(left), tuple(right), covered), side, fresh, tail)
        fchoices = ((fnode, False), (froot, True)) if k and END in fnode else ((fnode, False),)
        rchoices = ((rnode, False), (rroot, True)) if k and END in rnode else ((rnode, False),)
        for fresh_letters in (True, False):
            for c, bit in ranked:
                if (covered & bit == 0) != fresh_letters:
                    continue
                after = covered | bit
                missing = (required & ~after).bit_count()
                if 2 * k + 2 + (2 * missing - 1 if missing else 0) > limit:
                    continue
                for f, new_left in fchoices:
                    fchild = f.get(c)
                    if fchild is None:
                        continue
                    for r, new_right in rchoices:
                        rchild = r.get(c)
                        if rchild is None:
                            continue
                        q.append(c)
                        if new_left:
                            left.append(k)
                        if new_right:
                            right.append(k)
                        found = visit(fchild, rchild, k + 1, after)
                        q.pop()
                        if new_left:
                            left.pop()
                        if new_right:
                            right.pop()
                        if found:
                            return found
        return None

    return visit(froot, rroot, 0, 0)


# -- results, streams and strategies -------------------------------------------------------------------


@dataclass
class PalindromeResult(SearchResult):
    """Solutions (phrases, costs in letters, when found), and `proved`: a length below which no
    palindromic pangram exists, established by a finished exhaustive search (0 if none finished)."""

    proved: int = 0

    @property
    def optimal(self) -> bool:
        """Is the best solution proved shortest?"""
        best = self.best
        return best is not None and best.cost <= self.proved


@dataclass
class Run:
    """The settings of one strategy run and what it has proved so far."""

    puzzle: Palindromes
    max_length: int
    probe: Probe | None
    budget: Budget | None
    proved: int = 0
    clock: float = field(default_factory=time.perf_counter)

    def found(self, state: Half) -> Found:
        """A verified solution, timestamped, reported to the probe."""
        words = phrase_of(state)
        text = " ".join(words)
        if not verify(words, self.puzzle.words, letters(self.puzzle.required)):
            raise AssertionError(f"the search produced an invalid phrase: {text!r}")
        nodes = self.probe.nodes if self.probe else 0
        found = Found(text, length(words), time.perf_counter() - self.clock, nodes)
        if self.probe:
            self.probe.solutions.append(found)
        return found


def _stream_generic(run: Run, strategy: str, **options) -> Iterator[Found]:
    """Improving solutions from a generic strategy on the letter-level problem."""
    problem = PalindromeProblem(run.puzzle, run.max_length)
    best = math.inf
    probe = run.probe
    for goal in iter_solutions(problem, strategy, probe=probe, budget=run.budget, **options):
        if probe:
            probe.solutions.pop()  # the engine recorded the state; record the verified phrase instead
        if goal.cost < best:
            best = goal.cost
            yield run.found(goal.value)
            if strategy == "astar":
                run.proved = int(best)  # the first goal A* pops is optimal
                return
    if run.budget is None or run.budget.stopped is None:
        run.proved = int(min(best, run.max_length + 1))


def _stream_deepening(run: Run) -> Iterator[Found]:
    """Exhaustive depth-first search for each length from the lower bound up; the first hit is optimal."""
    for limit in range(run.puzzle.lower_bound, run.max_length + 1):
        state = first_within(run.puzzle, limit, run.probe, run.budget)
        if state is not None:
            run.proved = limit
            yield run.found(state)
            return
        run.proved = limit + 1


def _stream_bound(run: Run) -> Iterator[Found]:
    """Depth-first search under a bound that drops below each solution found, until none is left."""
    limit = run.max_length
    while limit >= run.puzzle.lower_bound:
        state = first_within(run.puzzle, limit, run.probe, run.budget)
        if state is None:
            break
        found = run.found(state)
        yield found
        limit = found.cost - 1
    run.proved = limit + 1


def _run(puzzle, make_stream: Callable[[Run], Iterator[Found]], probe, budget, max_length) -> PalindromeResult:
    puzzle = puzzle if isinstance(puzzle, Palindromes) else index(puzzle)
    run = Run(puzzle, _max_length(puzzle, max_length), probe, budget)
    result = PalindromeResult()
    if budget:
        budget.start()
    try:
        result.solutions.extend(make_stream(run))
        result.exhausted = budget is None or budget.stopped is None
    except BudgetExhausted as stop:
        result.stopped = str(stop)
    finally:
        if budget:
            budget.close()
    result.stopped = result.stopped or (budget.stopped if budget else None)
    result.proved = run.proved
    return result


def _max_length(puzzle: Palindromes, max_length: int | None) -> int:
    if max_length is None:
        return puzzle.lower_bound + 30
    if not isinstance(max_length, int) or max_length < 1:
        raise WordlabError(f"max_length must be a positive integer, not {max_length!r}")
    return max_length


def beam_stack(puzzle, *, width: int = 100, max_length: int | None = None, probe: Probe | None = None,
               budget: Budget | None = None) -> PalindromeResult:
    """The write-up's beam-stack search (generic engine) with f = 2·letters + (2·missing - 1): a beam of
    `width` states per letter layer that backtracks through the layers it cut, so it is anytime and
    complete. Memory O(width · depth · 26); time grows with how often the beam must backtrack."""
    return _run(puzzle, lambda run: _stream_generic(run, "beam-stack", width=width), probe, budget, max_length)


def astar(puzzle, *, max_length: int | None = None, probe: Probe | None = None,
          budget: Budget | None = None) -> PalindromeResult:
    """A* (generic engine) with the admissible h = 2·missing - 1: the first finished state popped is
    optimal. Memory is every state with f below the optimum, which on WORD.LST is far too many."""
    return _run(puzzle, lambda run: _stream_generic(run, "astar"), probe, budget, max_length)


def iterative_deepening(puzzle, *, max_length: int | None = None, probe: Probe | None = None,
                        budget: Budget | None = None) -> PalindromeResult:
    """Exhaustive depth-first search for length L = lower bound, L + 1, ...: each finished length proves
    nothing that short exists, and the first solution is optimal. Memory O(length); time ≈ the last level."""
    return _run(puzzle, _stream_deepening, probe, budget, max_length)


def branch_and_bound(puzzle, *, max_length: int | None = None, probe: Probe | None = None,
                     budget: Budget | None = None) -> PalindromeResult:
    """Depth-first search (new rare letters first) under a bound that tightens to one letter below each
    solution; the final exhaustive pass proves the last one optimal. Memory O(length)."""
    return _run(puzzle, _stream_bound, probe, budget, max_length)


STRATEGIES: dict[str, Callable[..., PalindromeResult]] = {
    "beam-stack": beam_stack,
    "astar": astar,
    "iterative-deepening": iterative_deepening,
    "branch-and-bound": branch_and_bound,
}

STREAMS: dict[str, Callable[..., Iterator[Found]]] = {
    "beam-stack": lambda run, width=100: _stream_generic(run, "beam-stack", width=width),
    "astar": lambda run: _stream_generic(run, "astar"),
    "iterative-deepening": _stream_deepening,
    "branch-and-bound": _stream_bound,
}


def solve(puzzle, strategy: str = "branch-and-bound", probe: Probe | None = None, budget: Budget | None = None,
          **options) -> PalindromeResult:
    """Run the named strategy on `puzzle` (a Palindromes index, a WordList, a spec or words).

    Raises WordlabError when the search finished without any palindromic pangram within max_length."""
    result = pick(STRATEGIES, strategy)(puzzle, probe=probe, budget=budget, **options)
    if not result.solutions and result.exhausted:
        raise WordlabError(f"no palindromic pangram of at most {result.proved - 1} letters exists "
                           "in this dictionary")
    return result


def stream(puzzle, strategy: str = "branch-and-bound", probe: Probe | None = None, budget: Budget | None = None,
           max_length: int | None = None, **options) -> Iterator[Found]:
    """Yield each improving solution as the named strategy finds it (anytime); ends quietly when the
    budget runs out (`budget.stopped` says why)."""
    make = pick(STREAMS, strategy)
    puzzle = puzzle if isinstance(puzzle, Palindromes) else index(puzzle)
    run = Run(puzzle, _max_length(puzzle, max_length), probe, budget)
    if budget:
        budget.start()
    try:
        yield from make(run, **options)
    except BudgetExhausted:
        return
    finally:
        if budget:
            budget.close()
