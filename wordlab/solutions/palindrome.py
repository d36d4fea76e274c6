"""Model answers for the palindromic-pangram exercises. A strategy gets a `Palindromes` index (`words`, the
letters to cover `required`, `lower_bound`) and yields each shorter phrase as (the words joined by spaces, its
letters). The letter-level search problem is `PalindromeProblem(puzzle, max_length, budget)`: `start()`,
`successors(half)` as (next half, letters it adds) pairs (only those that can still finish within
`max_length`), `is_goal(half)`, `heuristic(half)` (2 × letters missing − 1, never too much) and
`order_key(half)` (ties to the easiest missing letters); `phrase_of(half)` reads a finished half's words."""

from __future__ import annotations

import heapq

from wordlab.puzzles.palindrome import PalindromeProblem, length, phrase_of
from wordlab.search import Bound

LONGEST = 30  # letters beyond the lower bound that the searches try


def deepening(puzzle, *, probe=None, budget=None):
    """Depth-first search of the halves whose phrase can finish within L letters, for L = the lower bound,
    L + 1, …: the first phrase found is a shortest one, and each length searched to the end proves that
    nothing that short exists. Memory O(depth); time about the last length's search."""
    for limit in range(puzzle.lower_bound, puzzle.lower_bound + LONGEST + 1):
        yield Bound(limit)
        problem = PalindromeProblem(puzzle, limit, budget)
        found = yield from _depth_first(problem, problem.start(), 0, probe, budget, None)
        if found:
            return True
    return False


def _depth_first(problem, half, depth: int, probe, budget, parent) -> bool:
    if budget:
        budget.tick()
    node = probe.expand(depth, 0, state=problem.snapshot(half) if probe.recording else None,
                        parent=parent) if probe else None
    if problem.is_goal(half):
        words = phrase_of(half)
        yield " ".join(words), length(words)
        return True
    for after, _ in problem.successors(half):
        if (yield from _depth_first(problem, after, depth + 1, probe, budget, node)):
            return True
    return False


def beam(puzzle, *, probe=None, budget=None, width: int = 50):
    """A beam over the letters of the half: of each layer's children keep the `width` with the least
    f = letters so far + 2 × letters missing − 1 (ties to the easiest missing letters); a finished half is a
    phrase, yielded when shorter than the last. Not complete (a state cut may have led to the shortest), so
    it never claims to have covered its space. Nodes: at most width per letter of the half."""
    problem = PalindromeProblem(puzzle, puzzle.lower_bound + LONGEST, budget)
    layer, best = [(0, problem.start(), None)], None
    for depth in range(puzzle.lower_bound + LONGEST):
        children = []
        for g, half, parent in layer:
            if budget:
                budget.tick()
            node = probe.expand(depth, len(layer), state=problem.snapshot(half) if probe.recording else None,
                                parent=parent) if probe else None
            for after, step in problem.successors(half):
                if problem.is_goal(after):
                    words = phrase_of(after)
                    if best is None or length(words) < best:
                        best = length(words)
                        yield " ".join(words), best
                else:
                    children.append((g + step + problem.heuristic(after), problem.order_key(after), g + step, after,
                                     node))
        layer = [(g, half, node) for _, _, g, half, node in heapq.nsmallest(width, children, key=lambda c: c[:2])]
        layer = [entry for entry in layer if best is None or entry[0] + problem.heuristic(entry[1]) < best]
        if not layer:
            break
    return False
