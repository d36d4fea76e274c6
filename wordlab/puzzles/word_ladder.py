"""Word ladders (COLD → CORD → CARD → WARD → WARM): the tour's toy problem for the generic strategies.

Each step changes one letter and must land on a word. Neighbours come from a `PatternIndex`
(`"c.ld"` finds every word one change away at position 1), and the number of letters still wrong
is an admissible heuristic, since one step fixes at most one letter.

The strategies are the generic ones of `wordlab.search`; each solution they report is a whole ladder,
the tuple of words from the start to the goal. A recorded run keeps each word as a `Rung` (the word and
the goal), which `render` draws; `is_move` says whether one rung can follow another. docs/puzzles/word-ladder.md
has what a strategy of your own is given, the probe calls it makes, and a minimal strategy.
"""

from __future__ import annotations

import functools
from functools import lru_cache
from typing import Any, Iterable, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import STRATEGIES as GENERIC
from wordlab.search import Budget, Probe, Result, SearchProblem, run
from wordlab.structures import PatternIndex
from wordlab.words import WordList, as_wordlist

DEFAULT_WORDS = "wordfreq:3"
DEFAULT_STRATEGY = "astar"
MAX_STEPS = 12  # the depth floor for the layered searches: the word graph has cycles
EXAMPLE_WORDS = "cold cord card ward warm word worm wore core care bold bolt".split()


class Rung(NamedTuple):
    """What a recorded run keeps of a state: the word reached and the word wanted."""

    word: str
    goal: str

    def __str__(self) -> str:  # how a tree drawing labels it
        return self.word


class WordLadder(SearchProblem):
    """Find a chain of words from `start` to `goal`, one letter changed per step, each step costing 1."""

    def __init__(self, start: str, goal: str, words: WordList | str = DEFAULT_WORDS):
        start, goal = str(start).strip().lower(), str(goal).strip().lower()
        if not (start.isalpha() and goal.isalpha() and start.isascii() and goal.isascii()):
            raise WordlabError(f"ladder ends must be words of letters a–z, not {start!r} and {goal!r}")
        if len(start) != len(goal):
            raise WordlabError(f"{start!r} and {goal!r} have different lengths ({len(start)} and {len(goal)})")
        wordlist = as_wordlist(words)
        same_length = [w for w in wordlist if len(w) == len(start)]
        if goal not in set(same_length):
            raise WordlabError(f"{goal!r} is not in {wordlist.name}, so no ladder can reach it")
        self.first, self.goal, self.words = start, goal, wordlist.name
        self.index = PatternIndex(set(same_length) | {start}, len(start))
        self.known = frozenset(self.index.words)
        self.neighbours = lru_cache(maxsize=None)(self._neighbours)

    def fresh(self) -> "WordLadder":
        """The same ladder over the same index, with an empty neighbour cache: each search pays for its
        own look-ups, so repeated runs measure the same work."""
        copy = object.__new__(WordLadder)
        copy.__dict__.update(self.__dict__)
        copy.neighbours = lru_cache(maxsize=None)(copy._neighbours)
        return copy

    def __repr__(self) -> str:
        return f"WordLadder({self.first!r}, {self.goal!r}, {self.words!r})"

    def _neighbours(self, word: str) -> tuple[str, ...]:
        found = []
        for i in range(len(word)):
            found.extend(w for w in self.index.matches(word[:i] + "." + word[i + 1:]) if w != word)
        return tuple(found)

    def start(self) -> str:
        return self.first

    def is_goal(self, word: str) -> bool:
        return word == self.goal

    def successors(self, word: str):
        return [(w, 1) for w in self.neighbours(word)]

    def heuristic(self, word: str) -> int:
        return sum(a != b for a, b in zip(word, self.goal))

    def snapshot(self, word: str) -> Rung:
        return Rung(word, self.goal)


def _ladders(strategy, **defaults):
    """The generic `strategy`, reporting each goal as its ladder (the tuple of words from the start),
    with `defaults` for the options a word graph needs (a depth floor, stopping at the first ladder)."""
    @functools.wraps(strategy)
    def ladders(ladder: WordLadder, *, probe: Probe | None = None, budget: Budget | None = None, **options):
        goals = strategy(ladder, probe=probe, budget=budget, **{**defaults, **options})
        while True:
            try:
                _, cost, path = next(goals)
            except StopIteration as done:
                return done.value
            yield tuple(path), cost, path

    return ladders


_DEFAULTS = {"depth-first": {"first_only": True, "max_depth": MAX_STEPS},
             "depth-first-graph": {"first_only": True, "max_depth": MAX_STEPS},
             "breadth-first": {"first_only": True, "max_depth": MAX_STEPS},
             "breadth-first-graph": {"first_only": True, "max_depth": MAX_STEPS},
             "beam": {"first_only": True, "max_depth": MAX_STEPS},
             "beam-stack": {"max_depth": MAX_STEPS}}
STRATEGIES = {name: _ladders(strategy, **_DEFAULTS.get(name, {})) for name, strategy in GENERIC.items()}


def parse(given: Any) -> WordLadder:
    """A `WordLadder` (as a fresh copy with an empty neighbour cache), or its two ends ("cold warm", or a
    pair) over the default word list."""
    if isinstance(given, WordLadder):
        return given.fresh()
    ends = given.replace("→", " ").split() if isinstance(given, str) else given
    if not isinstance(ends, (list, tuple)) or len(ends) != 2:
        raise WordlabError(f"a word ladder is given by its two ends, such as 'cold warm', not {given!r}")
    return WordLadder(*ends)


def solve(given: Any, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Result:
    """A ladder from the start to the goal by one of the generic strategies (`STRATEGIES`); each solution's
    value is the ladder, a tuple of words, and its cost the number of steps."""
    return run(STRATEGIES, strategy, given, prepare=parse, render=render, probe=probe, budget=budget, **options)


def verify(ladder: WordLadder, value) -> bool:
    """Is `value` a ladder for this puzzle: from its start to its goal, every word in the list, each one
    letter away from the next?"""
    if not isinstance(ladder, WordLadder):
        raise WordlabError(f"verify takes the WordLadder first, not {type(ladder).__name__}")
    if isinstance(value, str) or not isinstance(value, Iterable):
        return False
    words = list(value)
    return (len(words) >= 1 and words[0] == ladder.first and words[-1] == ladder.goal
            and all(w in ladder.known for w in words[1:])
            and all(len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1 for a, b in zip(words, words[1:])))


def is_move(ladder: WordLadder, before: Rung, after: Rung) -> bool:
    """Is `after` one step on from `before`: a word of the list that differs in exactly one letter?"""
    return (after.word in ladder.known and len(before.word) == len(after.word)
            and sum(a != b for a, b in zip(before.word, after.word)) == 1)


def render(state) -> str:
    """A recorded state drawn: a `Rung` as the word over the goal with the letters still to change marked;
    a whole ladder (a solution) one word per line, the letter changed at each step in capitals."""
    if isinstance(state, Rung):
        marks = "".join("^" if a != b else " " for a, b in zip(state.word, state.goal))
        left = marks.count("^")
        return f"now   {state.word}\ngoal  {state.goal}\n      {marks}  {left} letter{'s' * (left != 1)} to change"
    words = list(state)
    lines = [words[0]] if words else []
    for before, after in zip(words, words[1:]):
        lines.append("".join(b.upper() if a != b else b for a, b in zip(before, after)))
    return "\n".join(lines)


def example() -> WordLadder:
    """COLD → WARM on a list of twelve words built into wordlab (no download): every strategy finishes in a moment."""
    return WordLadder("cold", "warm", WordList(EXAMPLE_WORDS, "twelve words"))
