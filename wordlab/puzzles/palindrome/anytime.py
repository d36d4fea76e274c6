"""The anytime search: phrases grown from both ends at once, letter by letter, on the generic engine.

Both walks spell the half `q` together (the left words forwards in the forward trie, the right words backwards
in the trie of reversed words); a state at depth k costs g = 2k and h = 2·(missing letters) - 1 never
overestimates. `beam-stack` finds short phrases within seconds and proves its last one shortest when it ends;
`astar` is exact but needs every state with f below the optimum."""

from __future__ import annotations

import math

from wordlab.errors import WordlabError
from wordlab.search import Bound, Budget, Probe, SearchProblem
from wordlab.search import STRATEGIES as GENERIC
from wordlab.structures.letters import letters, letterset
from wordlab.structures.trie import END

from .puzzle import Half, Palindromes, Phrase, Walks, length, phrase_of, verify


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

    ties = "ties to the least total scarcity of the missing letters, then by state"

    def order_key(self, state: Half) -> tuple:
        """Ties in f (same letters, same repeats) go to the state whose missing letters are easiest to
        find: the least total scarcity. On WORD.LST, width 300, this tie-break took beam-stack search from
        67 letters in a minute (ties broken alphabetically by the half) to 59 letters in 10 s."""
        missing, scarcity = self.puzzle.required & ~state.covered, self.puzzle.scarcity
        return sum(scarcity[i] for i in range(26) if missing >> i & 1), state

    def label(self, state: Half) -> str:
        """A half as the frontier and the tree write it: its letters with each walk's word breaks, the left
        walk's then the right's ("ac|bad / acb|ad"), so halves of the same letters read apart; a finished
        phrase as itself."""
        if state.centre:
            return " ".join(phrase_of(state))
        if not state.q:
            return "(empty)"
        return f"{_breaks(state.q, state.left)} / {_breaks(state.q, state.right)}"

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


def _breaks(q: str, starts: tuple[int, ...]) -> str:
    """`q` with "|" where a word starts, but the first."""
    return "".join(("|" if i in starts and i else "") + c for i, c in enumerate(q))


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
    """Beam-stack search (Zhou and Hansen, 2005; the generic engine) with f = 2·letters + (2·missing - 1), ties to the
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
