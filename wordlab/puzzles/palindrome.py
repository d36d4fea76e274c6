"""Palindromic pangrams: the shortest word sequence that reads the same backwards and uses every letter.

ITA Software's retired hiring puzzle, on its dictionary WORD.LST (`load("ita")`).

The representation: the palindrome's first half `q` is spelled twice at once, by the *left* words read
forwards (a walk in the forward trie) and by the *right* words read backwards (a walk in the trie of
reversed words). Both walks take a letter together; at a word end either walk may jump back to its
root (the "loopy" back edge). Every letter of `q` appears twice in the palindrome, so a state at depth
k has cost g = 2k. The search ends when one walk stops at a word end and the other finishes its word
with a palindromic tail t (the centre), so the total length is 2k + len(t). A phrase is two or more words: a palindromic word alone is none.

Coverage is a 26-bit letter set. With m letters still missing, each must appear twice in what is left
except one at the centre, so h = max(0, 2m - 1) never overestimates: f = g + h is the write-up's
"g = letters so far, h from missing letters", and is 2·|alphabet| - 1 plus twice the repeated letters.

Strategies (each yields every improving phrase with its length, and `Bound(L)` whenever it has proved
that nothing shorter than L letters exists): `beam-stack` (the write-up's: complete, memory-bounded
beam search on the generic engine), `astar` (generic, admissible h), and two exhaustive searches that
grow the phrase from the centre outwards (`palindrome_proof`, where the bounds can see everything still
to come): `iterative-deepening` (one search per length from the lower bound up: each finished length
proves nothing that short exists) and `branch-and-bound` (a beam pass for an incumbent, then one search
below it that lowers its limit at each solution). Proofs too long for one sitting run unit by unit with
a ledger (`palindrome_ledger`); the measured runs are in data/palindrome/README.md.

What the step-through player draws (`render`): `Walks`, a letter-level state (`Half`: the half spelled by
both walks, with its word starts, covered letters and, once finished, its centre) with the letters to
cover; and `Proof`, the compiled inside-out search of phrases up to a length, or a phrase it found.
`is_move` says which step from one to the next is a move.

What the strategies tell a probe: beam-stack and astar (and branch-and-bound's first beam) are the generic
strategies of `wordlab.search` over `PalindromeProblem`, so every state they expand is a `probe.expand`
under the node that generated it, with the frontier's g, h and f, and a beam's cut is one `probe.prune`.
The compiled search keeps no states: it only counts its nodes by depth, so a recording probe sees one
`probe.call` per search (n=0: its nodes are the kernel's, already counted), one per phrase found under it,
and a `probe.backtrack` when the search is finished. A minimal strategy to start from is in
docs/puzzles/palindrome.md.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import Bound, Budget, Probe, Result, SearchProblem, run
from wordlab.search import STRATEGIES as GENERIC
from wordlab.search.probe import paced
from wordlab.structures import Trie
from wordlab.structures.letters import ALPHABET, letters, letterset
from wordlab.structures.trie import END
from wordlab.words import WordList, as_wordlist

from . import palindrome_proof as proof

Phrase = tuple[str, ...]
LONGEST_WORD = 100      # letters; index building grows with the square of a word's length


# -- the puzzle: a dictionary and the letters to cover -------------------------------------------------


@dataclass
class Palindromes:
    """A dictionary ready for the search: the words, the letters to cover (`required`, a letter set) and,
    per letter, how rare it is: `rarity` (a rank, for move ordering) and `scarcity` (-log of the share of
    words holding it, in thousandths, for ranking). The trie pair and the proof tables are built on
    first use, under the budget of the search that needs them (`trie_pair`, `tables_for`)."""

    words: WordList
    required: int
    rarity: dict[str, int]
    scarcity: tuple[int, ...]
    tries: tuple | None = field(default=None, repr=False)
    building: list | None = field(default=None, repr=False)  # a trie pair half built when a budget ran out
    tables: dict = field(default_factory=dict, repr=False)  # the inside-out search's, per allowance of repeats

    @property
    def alphabet(self) -> str:
        return letters(self.required)

    @property
    def lower_bound(self) -> int:
        """No palindromic pangram is shorter: each required letter twice, but one at the centre."""
        return max(0, 2 * self.required.bit_count() - 1)

    def trie_pair(self, budget: Budget | None = None) -> tuple[Trie, Trie, dict]:
        """The forward trie, the trie of reversed words, and per trie node (by id) the palindromic tails
        (length, letter set, text) that finish a word from it; built once, looking at the budget's clock.
        A build the budget stops is kept and goes on at the next call (and is not thrown away at once,
        which for WORD.LST's million trie nodes would itself take a noticeable time)."""
        if self.tries is None:
            if self.building is None:
                self.building = [Trie(), Trie(), {}, 0]  # the tries so far and how many steps are done
            forward, backward, centres, done = self.building
            words = self.words.words
            for step in paced(range(done, 3 * len(words)), budget):
                word = words[step % len(words)]
                if step < len(words):
                    forward.add(word)
                    backward.add(word[::-1])
                else:
                    reverse = step >= 2 * len(words)
                    _add_centres(backward if reverse else forward, word[::-1] if reverse else word, centres)
                self.building[3] = step + 1
            self.tries, self.building = (forward, backward, centres), None
        return self.tries

    def tables_for(self, limit: int, budget: Budget | None = None) -> proof.Tables:
        """The inside-out search's tables for phrases of at most `limit` letters: built once per allowance
        of repeated letters (they hold for every shorter limit too), under the budget's clock, and kept
        on disk so that the next process reads them instead (`palindrome_proof.cached_tables`)."""
        most = proof.allowed_waste(limit, self.required.bit_count())
        if most not in self.tables:
            self.tables[most] = proof.cached_tables(self.words.words, self.alphabet, most, budget)
        return self.tables[most]


def index(words, alphabet: str = ALPHABET) -> Palindromes:
    """Validate `words` (a WordList, a spec such as "ita", or any iterable) for pangrams over `alphabet`.

    Raises WordlabError for an empty dictionary, a word that is not lowercase a–z or is longer than
    LONGEST_WORD letters, letters of `alphabet` that no word contains, or a dictionary in which no
    palindrome can start and end.
    """
    wordlist = words if isinstance(words, WordList) else as_wordlist(_checked_words(words))
    _check_dictionary(wordlist.words, alphabet)
    counts = Counter("".join(wordlist.words))
    rarity = {c: rank for rank, c in enumerate(sorted(ALPHABET, key=lambda c: (counts[c], c)))}
    return Palindromes(wordlist, letterset(alphabet), rarity, _scarcity(wordlist.words))


def parse(given) -> Palindromes:
    """The puzzle for `given`: a `Palindromes` as it is, or words (a WordList, a spec, an iterable) to
    cover the whole alphabet with."""
    return given if isinstance(given, Palindromes) else index(given)


def _scarcity(words) -> tuple[int, ...]:
    """Per letter a..z, -1000·log(share of words that hold it): 0 for a letter in every word, about
    5,000 for q in WORD.LST (it is in 1 word in 150); letters no word holds get the largest value."""
    holders = [0] * 26
    for word in words:
        for c in set(word):
            holders[ord(c) - 97] += 1
    rarest = -math.log(0.5 / len(words))
    return tuple(round(1000 * (-math.log(n / len(words)) if n else rarest)) for n in holders)


def _checked_words(words) -> list[str] | str:
    if isinstance(words, str):
        return words  # a spec: as_wordlist loads it
    try:
        words = list(words)
    except TypeError:
        raise WordlabError(f"palindrome words must be a word list, a spec or an iterable of words, "
                           f"not {type(words).__name__}") from None
    for word in words:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha() or not word.islower():
            raise WordlabError(f"palindrome words must be lowercase letters a-z; {str(word)[:40]!r} is not")
    return words


def _check_dictionary(words: tuple[str, ...], alphabet: str) -> None:
    if not isinstance(alphabet, str) or not alphabet or not set(alphabet) <= set(ALPHABET):
        raise WordlabError(f"the alphabet to cover must be letters a-z, not {alphabet!r}")
    if not words:
        raise WordlabError("the dictionary is empty: no palindromic pangram can be made")
    longest = max(words, key=len)
    if len(longest) > LONGEST_WORD:
        raise WordlabError(f"palindrome words may have at most {LONGEST_WORD} letters; {longest[:20]!r}… has "
                           f"{len(longest):,} (indexing grows with the square of a word's length)")
    missing = letterset(alphabet) & ~letterset("".join(set("".join(words))))
    if missing:
        raise WordlabError(f"no word contains the letter(s) {letters(missing)!r}, so no pangram is possible")
    firsts, lasts = {w[0] for w in words}, {w[-1] for w in words}
    if not firsts & lasts:
        raise WordlabError("no palindromic completion is possible: no letter both starts and ends a word")


def _add_centres(trie: Trie, word: str, centres: dict) -> None:
    """For every split point of `word` whose tail is a palindrome, remember that tail at the trie node."""
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

    def __init__(self, puzzle: Palindromes, max_length: int, budget: Budget | None = None):
        self.puzzle, self.max_length = puzzle, max_length
        self.forward, self.backward, self.centres = puzzle.trie_pair(budget)

    def start(self) -> Half:
        return Half("", (0,), (0,), 0)

    def is_goal(self, state: Half) -> bool:
        return bool(state.centre)

    def heuristic(self, state: Half) -> float:
        if state.centre:
            return 0
        return max(0, 2 * (self.puzzle.required & ~state.covered).bit_count() - 1)

    def order_key(self, state: Half) -> tuple:
        """Ties in f (same letters, same repeats) go to the state whose missing letters are easiest to
        find: the least total scarcity. On WORD.LST, width 300, this tie-break took beam-stack search from
        67 letters in a minute (ties broken alphabetically by the half) to 59 letters in 10 s."""
        missing, scarcity = self.puzzle.required & ~state.covered, self.puzzle.scarcity
        return sum(scarcity[i] for i in range(26) if missing >> i & 1), state

    def label(self, state: Half) -> str:
        return " ".join(phrase_of(state)) if state.centre else state.q or "·"

    def snapshot(self, state: Half) -> Walks:
        return Walks(state, letters(self.puzzle.required))

    def successors(self, state: Half):
        if state.centre:
            return []
        q, k = state.q, len(state.q)
        fnode, rnode = self.forward.node(q[state.left[-1]:]), self.backward.node(q[state.right[-1]:])
        g = 2 * k
        out = [(_finished(state, side, fresh, tail), len(tail))
               for side, fresh, tail in _finishes(self, fnode, rnode, k, state.covered)
               if g + len(tail) <= self.max_length]
        for c, fresh_left, fresh_right, _, _ in _moves(self, fnode, rnode, k):
            covered = state.covered | letterset(c)
            child = Half(q + c, state.left + (k,) * fresh_left, state.right + (k,) * fresh_right, covered)
            if g + 2 + self.heuristic(child) <= self.max_length:
                out.append((child, 2))
        return out


def _moves(p: PalindromeProblem, fnode: dict, rnode: dict, k: int):
    """Every next letter both walks accept: (letter, left word restarts?, right word restarts?, nodes)."""
    fchoices = [(fnode, 0)] + ([(p.forward.root, 1)] if k and END in fnode else [])
    rchoices = [(rnode, 0)] + ([(p.backward.root, 1)] if k and END in rnode else [])
    for f, fresh_f in fchoices:
        for r, fresh_r in rchoices:
            for c, fchild in f.items():
                if c != END and c in r:
                    yield c, fresh_f, fresh_r, fchild, r[c]


def _finishes(p: PalindromeProblem, fnode: dict, rnode: dict, k: int, covered: int):
    """Ways to end at depth k: (side, new word?, tail) where one walk stops at a word end and the other
    finishes its word (or a new one) with a palindromic tail that covers every letter still missing. At
    k = 0 nothing ends: a phrase is two or more words, and a palindromic word alone is one."""
    need = p.puzzle.required & ~covered
    if k and END in rnode:      # the right walk stops here; the left walk finishes
        yield from _tails("<", p, fnode, p.forward.root, need)
    if k and END in fnode:      # the left walk stops here; the right walk finishes
        yield from _tails(">", p, rnode, p.backward.root, need)


def _tails(side: str, p: PalindromeProblem, node: dict, root: dict, need: int):
    for fresh, start in ((0, node), (1, root)) if END in node else ((0, node),):
        for _, mask, tail in p.centres.get(id(start), ()):
            if need & ~mask == 0:
                yield side, fresh, tail


def _finished(state: Half, side: str, fresh: int, tail: str) -> Half:
    """The finished state: the walk that finishes may start a new word (the tail) at the centre."""
    k = len(state.q)
    left = state.left + (k,) * (fresh and side == "<")
    right = state.right + (k,) * (fresh and side == ">")
    return Half(state.q, left, right, state.covered, side + tail)


# -- strategies: generators of (phrase, letters) and Bound(letters) ---------------------------------------


def _checked(puzzle: Palindromes, words: Phrase) -> tuple[str, int]:
    """A phrase the search built, as (text, letters), after an independent check."""
    text = " ".join(words)
    if not verify(puzzle, text):
        raise AssertionError(f"the search produced an invalid phrase: {text!r}")
    return text, length(words)


def _limit(puzzle: Palindromes, max_length: int | None) -> int:
    if max_length is None:
        return puzzle.lower_bound + 30
    if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
        raise WordlabError(f"max_length must be a positive integer, not {max_length!r}")
    return max_length


def _workers(workers) -> int:
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise WordlabError(f"workers must be a positive integer, not {workers!r}")
    return workers


def _improving(puzzle: Palindromes, problem: PalindromeProblem, goals):
    """Each goal of a generic strategy that is shorter than the ones before, as (text, letters); returns
    what the strategy returned (whether it covered its space)."""
    best = math.inf
    while True:
        try:
            state, cost, _ = next(goals)
        except StopIteration as done:
            return done.value
        if cost < best:
            best = cost
            yield _checked(puzzle, phrase_of(state))


def beam_stack(puzzle: Palindromes, *, width: int = 100, max_length: int | None = None,
               probe: Probe | None = None, budget: Budget | None = None):
    """The write-up's beam-stack search (generic engine) with f = 2·letters + (2·missing - 1), ties to the
    easiest missing letters: a beam of `width` states per letter layer that backtracks through the layers
    it cut, so it is anytime and, when it ends, has proved its last phrase shortest. Memory
    O(width · depth · 26); time grows with how often the beam must backtrack."""
    limit = _limit(puzzle, max_length)
    yield Bound(puzzle.lower_bound)
    problem = PalindromeProblem(puzzle, limit, budget)
    best = limit + 1
    goals = GENERIC["beam-stack"](problem, width=width, probe=probe, budget=budget)
    for text, letters_ in _improving(puzzle, problem, goals):
        best = letters_
        yield text, letters_
    yield Bound(best)
    return True


def astar(puzzle: Palindromes, *, max_length: int | None = None, probe: Probe | None = None,
          budget: Budget | None = None):
    """A* (generic engine) with the admissible h = 2·missing - 1: the first finished state popped is
    optimal. Memory is every state with f below the optimum, which on WORD.LST is far too many."""
    limit = _limit(puzzle, max_length)
    yield Bound(puzzle.lower_bound)
    problem = PalindromeProblem(puzzle, limit, budget)
    for text, letters_ in _improving(puzzle, problem, GENERIC["astar"](problem, probe=probe, budget=budget)):
        yield text, letters_
        yield Bound(letters_)
        return True
    yield Bound(limit + 1)
    return True


def _exhaustive(puzzle: Palindromes, limit: int, probe, budget, workers: int):
    """The inside-out search for phrases of at most `limit` letters (`palindrome_proof.search`), each
    shorter than the one before, with its tables built (or read from disk) under the budget.

    The compiled search counts its nodes by depth but keeps no states, so a recording probe sees what
    Python sees: the search as one root node, `Proof(limit)`, each phrase it finds as a child, and a dead
    end when it is searched to the end. These are calls counting nothing (n=0): the search's nodes are
    the kernel's, already counted."""
    tables = puzzle.tables_for(limit, budget)
    tables.forget()  # an empty transposition table: node counts do not depend on earlier runs
    search, shortest = probe.call(0, n=0, state=Proof(limit)) if probe else None, limit + 1
    for words in proof.search(tables, limit, probe, budget, workers):
        text, shortest = _checked(puzzle, words)
        if probe:
            probe.call(1, n=0, parent=search, state=Proof(limit, text))
        yield text, shortest
    if probe:
        probe.backtrack(0, node=search, why=f"searched to the end: no phrase shorter than {shortest} letters")


def iterative_deepening(puzzle: Palindromes, *, max_length: int | None = None, workers: int = 1,
                        probe: Probe | None = None, budget: Budget | None = None):
    """Exhaustive inside-out search (`palindrome_proof`) for length L = lower bound, L + 1, ...: each
    finished length proves nothing that short exists, and the first solution is optimal. Tables are
    built when L allows one more repeated letter (every second length). Memory: the tables and one
    transposition table per worker thread; time ≈ the last length's search.
    Recorded: one root per length tried (`Proof(L)`), a dead end, until the one with the phrase as its child."""
    limit, workers = _limit(puzzle, max_length), _workers(workers)
    yield Bound(puzzle.lower_bound)
    for length_ in range(puzzle.lower_bound, limit + 1):
        for found in _exhaustive(puzzle, length_, probe, budget, workers):
            yield found
            yield Bound(found[1])
            return True
        yield Bound(length_ + 1)
    return True


SCOUT_WIDTH = 100  # the beam that gives branch and bound its first incumbent


def branch_and_bound(puzzle: Palindromes, *, max_length: int | None = None, workers: int = 1,
                     probe: Probe | None = None, budget: Budget | None = None):
    """A beam pass (width 100) for a first phrase, then one exhaustive inside-out search under a limit one
    letter below it, lowered at each phrase it finds; when it ends the last phrase is proved shortest.
    Without a beam phrase the limit is max_length. Memory: the tables and one transposition table per
    worker thread; the proof is what takes the time.
    Recorded: the beam's tree, then the exhaustive search as a second root (`Proof`) with each phrase it
    finds as a child."""
    limit, workers = _limit(puzzle, max_length), _workers(workers)
    yield Bound(puzzle.lower_bound)
    problem = PalindromeProblem(puzzle, limit, budget)
    best = limit + 1
    for text, letters_ in _improving(puzzle, problem, GENERIC["beam"](problem, width=SCOUT_WIDTH, probe=probe,
                                                                      budget=budget)):
        best = letters_
        yield text, letters_
    if best - 1 >= puzzle.lower_bound:
        for text, letters_ in _exhaustive(puzzle, best - 1, probe, budget, workers):
            best = letters_
            yield text, letters_
    yield Bound(best)
    return True


STRATEGIES = {
    "beam-stack": beam_stack,
    "astar": astar,
    "iterative-deepening": iterative_deepening,
    "branch-and-bound": branch_and_bound,
}
DEFAULT_STRATEGY = "branch-and-bound"


@dataclass(repr=False)
class Answer(Result):
    """A palindrome search's result: each solution's value is the phrase (words separated by spaces), its
    cost the letters; `bound` is the proved lower bound (no phrase is shorter), and `proofs` says when
    each higher bound was proved (seconds from the start, nodes so far)."""

    proofs: list[dict] = field(default_factory=list)

    def __setattr__(self, name, value):
        if name == "bound" and value is not None and getattr(self, "bound", None) != value \
                and hasattr(self, "proofs"):
            self.proofs.append({"proved": value, "seconds": round(self._clock(), 3),
                                "nodes": self.probe.nodes if self.probe else None})
        super().__setattr__(name, value)

    def __post_init__(self):
        import time

        start = time.perf_counter()
        object.__setattr__(self, "_clock", lambda: time.perf_counter() - start)


def solve(given, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None, budget: Budget | None = None,
          **options) -> Answer:
    """Run the named strategy on `given` (a Palindromes index, a WordList, a spec or words). A search that
    finds nothing within max_length returns an Answer without solutions whose `bound` says so."""
    return run(STRATEGIES, strategy, given, prepare=parse, result=Answer, render=render, probe=probe,
               budget=budget, **options)


# -- checking and drawing ------------------------------------------------------------------------------


def verify(puzzle: Palindromes, phrase) -> bool:
    """Is `phrase` (text or a sequence of words) a palindromic pangram of the puzzle's words: two or more
    words, reading the same backwards, every required letter in it? Checked from scratch, without the
    search's tries."""
    parts = phrase.split() if isinstance(phrase, str) else list(phrase)
    text = "".join(parts)
    return (len(parts) >= 2 and all(p in puzzle.words for p in parts) and text == text[::-1]
            and puzzle.required & ~letterset(text) == 0)


class Walks(NamedTuple):
    """What a recorded run keeps of a letter-level state: the state and the letters to cover."""

    state: Half
    alphabet: str


class Proof(NamedTuple):
    """What a recorded run keeps of the compiled inside-out search, which counts its nodes but keeps no
    states: the search for phrases of at most `limit` letters, and a phrase it found ("" for the search)."""

    limit: int
    phrase: str = ""


def is_move(puzzle: Palindromes, before, after) -> bool:
    """Is `after` one move on from `before`? Between letter-level states (`Walks`): both walks take the same
    next letter of the half, each going on with its word or, where its word so far is a word of the
    dictionary, starting a new one, and each word being spelled is still the start of a dictionary word
    (read backwards, for the right walk); or, the half unchanged, a palindromic centre finishes a palindromic
    pangram of dictionary words. Within the compiled search (`Proof`): a phrase found within its limit."""
    if isinstance(before, Proof) and isinstance(after, Proof):
        return (not before.phrase and after.limit == before.limit and verify(puzzle, after.phrase)
                and length(after.phrase.split()) <= after.limit)
    if not (isinstance(before, Walks) and isinstance(after, Walks)) or before.state.centre:
        return False
    if after.state.centre:
        return _finishes_phrase(puzzle, before.state, after.state)
    return _takes_letter(puzzle, before.state, after.state)


def _takes_letter(puzzle: Palindromes, a: Half, b: Half) -> bool:
    k = len(a.q)
    if len(b.q) != k + 1 or b.q[:k] != a.q or b.covered != a.covered | letterset(b.q[k]):
        return False
    forward, backward, _ = puzzle.trie_pair()
    return (_walks_on(puzzle, forward, a.q, b.q, a.left, b.left, False)
            and _walks_on(puzzle, backward, a.q, b.q, a.right, b.right, True))


def _walks_on(puzzle: Palindromes, trie: Trie, old: str, q: str, old_starts: tuple, starts: tuple,
              backwards: bool) -> bool:
    """Does one walk go on from `old` to `q` (one letter more): its word going on, or ending as a word of the
    dictionary and a new one starting; the word being spelled the start of a word (`trie`: of that walk)?"""
    if starts == old_starts + (len(old),):
        ended = old[old_starts[-1]:]
        if not old or (ended[::-1] if backwards else ended) not in puzzle.words:
            return False
    elif starts != old_starts:
        return False
    return trie.has_prefix(q[starts[-1]:])


def _finishes_phrase(puzzle: Palindromes, a: Half, b: Half) -> bool:
    """Is `b` the half `a` finished: the finishing walk's word ended by a palindromic tail (at the centre, or
    as a new word there), the other walk unchanged, the whole a palindromic pangram of dictionary words?"""
    side, tail = b.centre[:1], b.centre[1:]
    k = len(a.q)
    grown, old, kept, old_kept = (b.left, a.left, b.right, a.right) if side == "<" else \
        (b.right, a.right, b.left, a.left)
    return (side in ("<", ">") and b.q == a.q and b.covered == a.covered and kept == old_kept
            and (grown == old or k > 0 and grown == old + (k,)) and tail == tail[::-1]
            and verify(puzzle, phrase_of(b)))


def render(state) -> str:
    """A recorded state: the half spelled by both walks (left words forwards, right words read
    backwards, `|` at word starts), the letters covered and those still missing; the compiled search
    (`Proof`) by its limit and the phrase it found; a solution as itself."""
    if isinstance(state, str):
        return f"{state}\n{length(state.split())} letters"
    if isinstance(state, Proof):
        found = f"found {state.phrase!r} ({length(state.phrase.split())} letters)" if state.phrase else "searching"
        return f"inside-out search for phrases of at most {state.limit} letters\n{found}"
    if not isinstance(state, Walks):
        return "(not a state of this puzzle)"
    half, alphabet = state.state, state.alphabet
    tail = half.centre[1:]
    covered = letterset(half.q + tail)  # a finished phrase's centre counts too
    lines = [f"left  → {_marked(half.q, half.left)}", f"right ← {_marked(half.q, half.right)}"]
    if half.centre:
        lines.append(f"centre {tail or '(between words)'}  →  {' '.join(phrase_of(half))}")
    missing = letters(letterset(alphabet) & ~covered)
    size = (f"{2 * len(half.q) + len(tail)} letters, finished" if half.centre
            else f"{2 * len(half.q)} letters so far")
    lines.append(f"covered {letters(covered & letterset(alphabet)) or '-'}  missing {missing or '-'}  ({size})")
    return "\n".join(lines)


def _marked(q: str, starts: tuple[int, ...]) -> str:
    return "".join(("|" if i in starts else "") + c for i, c in enumerate(q)) or "|"


EXAMPLE = ("ab", "ba", "abc", "cba", "ca", "ac", "bab", "cab", "bac", "ad", "da", "dab", "bad", "cad")


def example() -> Palindromes:
    """Fourteen short words over a-d: every strategy proves the shortest phrase (9 letters) at once."""
    return index(WordList(EXAMPLE, "fourteen words over a-d"), "abcd")


def random_dictionary(seed: int = 0, words: int = 3000, alphabet: str = ALPHABET, longest: int = 7) -> WordList:
    """Random words (1 to `longest` letters of `alphabet`, letters drawn by English-like frequency) for
    experiments and stress runs: a reproducible dictionary with some palindromic pangram."""
    rng = random.Random(seed)
    weights = [8, 2, 3, 4, 12, 2, 2, 6, 7, 1, 1, 4, 2, 7, 8, 2, 1, 6, 6, 9, 3, 1, 2, 1, 2, 1]
    letters_, weight = zip(*[(c, weights[ord(c) - 97]) for c in alphabet])
    drawn = {"".join(rng.choices(letters_, weight, k=rng.randint(1, longest))) for _ in range(words)}
    drawn |= set(alphabet)  # every letter is a word, so a pangram always exists
    return WordList(drawn, f"random:{seed}:{words}")


def record_trie(trie: Trie, probe: Probe) -> Probe:
    """Record a (small) trie's nodes in `probe`'s tree, labelled by letter (● marks a word end), so
    `wordlab.viz.draw_tree` can picture it."""
    def walk(node: dict, depth: int, parent: int | None, label: str) -> None:
        me = probe.node(depth, label + ("●" if END in node else ""), parent)
        for c in sorted(k for k in node if k != END):
            walk(node[c], depth + 1, me, c)

    walk(trie.root, 0, None, "root")
    return probe
