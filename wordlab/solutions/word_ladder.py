"""Model answers for the word-ladder exercises. A strategy gets the `WordLadder` (a `SearchProblem`: `start()`,
`is_goal(word)`, `successors(word)` as (word, 1) pairs, `snapshot(word)` for recordings) and yields each
ladder as (the tuple of words, its number of steps)."""

from __future__ import annotations

from collections import deque


def _ladder(parents: dict, word: str) -> tuple[str, ...]:
    """The words from the start to `word`, following `parents` back."""
    words = [word]
    while parents[words[-1]] is not None:
        words.append(parents[words[-1]])
    return tuple(reversed(words))


def breadth_first_graph(ladder, *, probe=None, budget=None):
    """Breadth-first graph search: a queue of words, each reached at most once (a dict of parents), so the
    first goal taken off the queue ends a shortest ladder. Time and memory O(words in the list)."""
    start = ladder.start()
    parents, queue = {start: None}, deque([(start, 0, None)])
    while queue:
        word, depth, parent = queue.popleft()
        if budget:
            budget.tick()
        node = probe.expand(depth, len(queue), state=ladder.snapshot(word) if probe.recording else None,
                            parent=parent) if probe else None
        if ladder.is_goal(word):
            words = _ladder(parents, word)
            yield words, len(words) - 1
            return
        for after, _ in ladder.successors(word):
            if after not in parents:
                parents[after] = word
                queue.append((after, depth + 1, node))


def iterative_deepening(ladder, *, probe=None, budget=None, max_depth: int = 12):
    """Depth-first searches limited to 0, 1, 2, … steps, skipping words already on the path: the first
    ladder found is a shortest one. Memory O(depth); time about the last search's (the earlier ones are
    smaller by the branching factor). Gives up (saying it did not cover its space) past `max_depth`."""
    for limit in range(max_depth + 1):
        path = [ladder.start()]
        found = yield from _limited(ladder, path, {path[0]}, limit, probe, budget, None)
        if found:
            return True
    return False


def _limited(ladder, path: list, on_path: set, limit: int, probe, budget, parent) -> bool:
    """Depth-first below the last word of `path`, at most `limit` more steps; yields the ladder it finds."""
    word, depth = path[-1], len(path) - 1
    if budget:
        budget.tick()
    node = probe.expand(depth, 0, state=ladder.snapshot(word) if probe.recording else None,
                        parent=parent) if probe else None
    if ladder.is_goal(word):
        yield tuple(path), depth
        return True
    if limit == 0:
        return False
    for after, _ in ladder.successors(word):
        if after not in on_path:
            path.append(after)
            on_path.add(after)
            found = yield from _limited(ladder, path, on_path, limit - 1, probe, budget, node)
            on_path.discard(path.pop())
            if found:
                return True
    return False
