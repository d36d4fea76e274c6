"""The palindrome strategies in one registry: the anytime searches of `anytime` and the exhaustive searches
that grow the phrase from the centre outwards (`kernel`), and `solve`, which runs one of them."""

from __future__ import annotations

from dataclasses import dataclass, field

from wordlab.search import Bound, Budget, Probe, Result, run
from wordlab.search import STRATEGIES as GENERIC

from . import kernel as proof
from . import ledger
from .anytime import PalindromeProblem, _checked, _improving, _limit, _workers, astar, beam_stack
from .puzzle import Palindromes, Proof, parse, render


def _exhaustive(puzzle: Palindromes, limit: int, probe, budget, workers: int):
    """The inside-out search for phrases of at most `limit` letters (`kernel.search`), each
    shorter than the one before, with its tables built (or read from disk) under the budget.

    Recorded as `_proved` draws it."""
    tables = puzzle.tables_for(limit, budget)
    tables.forget()  # an empty transposition table: node counts do not depend on earlier runs
    yield from _proved(puzzle, limit, proof.search(tables, limit, probe, budget, workers), probe,
                       "searched to the end")


def _proved(puzzle: Palindromes, limit: int, found, probe, ended: str):
    """Each phrase of an exhaustive search under `limit` (`found`, its word tuples, shortest last) as
    (text, letters); returns the last length (limit + 1 for none). The compiled search counts its nodes by
    depth but keeps no states, so a recording probe sees what Python sees: the search as one root node,
    `Proof(limit)`, each phrase a child, and a dead end (`ended`) when it is searched through. These are calls
    counting nothing (n=0): the search's nodes are the kernel's, already counted."""
    search, shortest = probe.call(0, n=0, state=Proof(limit)) if probe else None, limit + 1
    for words in found:
        text, shortest = _checked(puzzle, words)
        if probe:
            probe.call(1, n=0, parent=search, state=Proof(limit, text))
        yield text, shortest
    if probe:
        probe.backtrack(0, node=search, why=f"{ended}: no phrase shorter than {shortest} letters")
    return shortest


def iterative_deepening(puzzle: Palindromes, *, max_length: int | None = None, workers: int = 1,
                        probe: Probe | None = None, budget: Budget | None = None):
    """Exhaustive inside-out search (`kernel`) for length L = lower bound, L + 1, ...: each
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
    best = yield from scouted(puzzle, limit, probe, budget)
    if best - 1 >= puzzle.lower_bound:
        for text, letters_ in _exhaustive(puzzle, best - 1, probe, budget, workers):
            best = letters_
            yield text, letters_
    yield Bound(best)
    return True


def scouted(puzzle: Palindromes, limit: int, probe: Probe | None = None, budget: Budget | None = None):
    """The beam pass (width `SCOUT_WIDTH`) that gives an exhaustive search its first incumbent: yields each
    better phrase it finds; returns the best length (limit + 1 when it found none)."""
    problem = PalindromeProblem(puzzle, limit, budget)
    best = limit + 1
    for text, letters_ in _improving(puzzle, problem, GENERIC["beam"](problem, width=SCOUT_WIDTH, probe=probe,
                                                                      budget=budget)):
        best = letters_
        yield text, letters_
    return best


def rarest_first(puzzle: Palindromes, *, max_length: int | None = None, workers: int = 1,
                 probe: Probe | None = None, budget: Budget | None = None):
    """Branch and bound with the inside-out search cut into units taken most promising first: a beam pass
    (width 100) for a first phrase, then, under a limit one letter below it, the units of every centre from a
    priority queue, those that already hold the rarest letters first (rarity counted among the words that can
    stand outside the middle word, where q is far the rarest; `ledger.by_promise`). A unit less than four
    letters out is cut at once into the states two letters further out; a deeper one is searched to the end.
    The limit drops at each phrase; when the queue is empty the last phrase is proved shortest. `workers`
    threads take units from the queue. Memory: the tables, one transposition table per worker and the queue;
    time: the first short phrases come early (WORD.LST's 57 letters after about 5.3 million nodes), so the limit
    drops soon and the proof that follows is shorter for it.
    Recorded: the beam's tree, then the search by units as a second root (`Proof`) with each phrase found."""
    limit, workers = _limit(puzzle, max_length), _workers(workers)
    yield Bound(puzzle.lower_bound)
    best = yield from scouted(puzzle, limit, probe, budget)
    if best - 1 >= puzzle.lower_bound:
        best = yield from by_promise(puzzle, best - 1, probe, budget, workers)
    yield Bound(best)
    return True


def by_promise(puzzle: Palindromes, limit: int, probe: Probe | None = None, budget: Budget | None = None,
               workers: int = 1):
    """rarest-first's second part: each phrase of at most `limit` letters that the inside-out search by units,
    most promising first, finds (`ledger.by_promise`), as (text, letters); returns the last length (limit + 1
    for none). Closing it early stops its workers."""
    tables = puzzle.tables_for(limit, budget)
    return (yield from _proved(puzzle, limit, ledger.by_promise(tables, limit, budget, probe, workers), probe,
                               "every unit searched"))


STRATEGIES = {
    "beam-stack": beam_stack,
    "astar": astar,
    "iterative-deepening": iterative_deepening,
    "branch-and-bound": branch_and_bound,
    "rarest-first": rarest_first,
}
DEFAULT_STRATEGY = "rarest-first"


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
