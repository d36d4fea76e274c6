"""Word ladders (COLD → CORD → CARD → WARD → WARM): the tour's toy problem for the generic strategies.

Each step changes one letter and must land on a word. Neighbours come from a `PatternIndex`
(`"c.ld"` finds every word one change away at position 1), and the number of letters still wrong
is an admissible heuristic, since one step fixes at most one letter.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from wordlab.errors import WordlabError
from wordlab.puzzles import Report
from wordlab.search import STRATEGIES as GENERIC
from wordlab.search import Budget, Probe, SearchProblem, SearchResult, pick
from wordlab.structures import PatternIndex
from wordlab.words import WordList, as_wordlist

DEFAULT_WORDS = "wordfreq:3"
MAX_STEPS = 12


class WordLadder(SearchProblem):
    """Find a chain of words from `start` to `goal`, one letter changed per step, each step costing 1."""

    def __init__(self, start: str, goal: str, words: WordList | str = DEFAULT_WORDS):
        start, goal = start.strip().lower(), goal.strip().lower()
        if not (start.isalpha() and goal.isalpha() and start.isascii() and goal.isascii()):
            raise WordlabError(f"ladder ends must be words of letters a–z, not {start!r} and {goal!r}")
        if len(start) != len(goal):
            raise WordlabError(f"{start!r} and {goal!r} have different lengths ({len(start)} and {len(goal)})")
        wordlist = as_wordlist(words)
        same_length = [w for w in wordlist if len(w) == len(start)]
        if goal not in set(same_length):
            raise WordlabError(f"{goal!r} is not in {wordlist.name}, so no ladder can reach it")
        self.first, self.goal = start, goal
        self.index = PatternIndex(set(same_length) | {start}, len(start))
        self.neighbours = lru_cache(maxsize=None)(self._neighbours)

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


def solve(ladder: WordLadder, strategy: str = "astar", probe: Probe | None = None, budget: Budget | None = None,
          **options) -> SearchResult:
    """Run one of the generic strategies (`wordlab.search.STRATEGIES`) on a ladder."""
    search = pick(STRATEGIES, strategy)
    if strategy in ("depth-first", "breadth-first", "beam"):
        options.setdefault("first_only", True)
    if strategy in ("depth-first", "breadth-first", "beam", "beam-stack"):
        options.setdefault("max_depth", MAX_STEPS)  # the word graph has cycles: layered searches need a floor
    return search(ladder, probe=probe, budget=budget, **options)


STRATEGIES = GENERIC


def verify(ladder: list[str], words) -> bool:
    """Is `ladder` a valid chain: every word listed, each differing from the next in exactly one place?"""
    return all(w in words for w in ladder[1:]) and all(
        len(a) == len(b) and sum(x != y for x, y in zip(a, b)) == 1 for a, b in zip(ladder, ladder[1:]))


def add_arguments(parser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option, add_words_option

    parser.add_argument("start", nargs="?", default="cold")
    parser.add_argument("goal", nargs="?", default="warm")
    add_words_option(parser, DEFAULT_WORDS)
    add_strategy_option(parser, STRATEGIES, default="astar", many=command == "bench")
    parser.add_argument("--width", type=int, default=50, help="beam width for beam and beam-stack")
    if command == "solve":
        add_budget_options(parser)


def _options(strategy: str, width: int) -> dict:
    return {"width": width} if strategy in ("beam", "beam-stack") else {}


def cli_solve(args) -> Report:
    from wordlab.cli import budget_from

    ladder = WordLadder(args.start, args.goal, args.words)
    probe = Probe()
    result = solve(ladder, args.strategy, probe=probe, budget=budget_from(args), **_options(args.strategy, args.width))
    best = result.best
    steps = " → ".join(best.path) if best else "no ladder found"
    note = f" ({result.stopped})" if result.stopped else ""
    text = f"{args.strategy}: {steps}{note}\n{probe.nodes:,} nodes expanded"
    return Report(text, {"strategy": args.strategy, "ladder": best.path if best else None,
                         "stopped": result.stopped, **probe.summary()})


def cold_run(strategy: str, width: int = 50) -> Callable[..., SearchResult]:
    """`run(ladder, probe=None)` for `wordlab.bench`: the named strategy on a cold neighbour cache, so
    each run pays for its own look-ups (`width` for the beam strategies)."""
    def run(ladder: WordLadder, probe: Probe | None = None) -> SearchResult:
        ladder.neighbours.cache_clear()
        return solve(ladder, strategy, probe=probe, **_options(strategy, width))
    return run


def cli_bench(args) -> Report:
    from wordlab import bench

    ladder = WordLadder(args.start, args.goal, args.words)
    strategies = {name: cold_run(name, args.width) for name in args.strategies}
    frame = bench.run(strategies, {f"{args.start}→{args.goal}": ladder}, repeats=3, baseline=args.strategies[0],
                      describe=lambda r: len(r.best.path) - 1 if r.best else None)
    return Report(bench.format_table(frame, f"word ladder {args.start} → {args.goal} on {args.words}"),
                  frame.to_dict("records"))
