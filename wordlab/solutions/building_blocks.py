"""Model answers for the Building Blocks exercises. A strategy gets a `Problem(puzzle, lexicon)`:
`lexicon.candidates(puzzle, budget)` maps each distinct pattern to its candidates (word, the blocks it puts in
the blanks), `puzzle.patterns` lists the patterns (repeats allowed) and `puzzle.stock` counts the blocks; it
yields each solution as (the words in pattern order, None), words of identical patterns in alphabetical order
so that each solution is listed once."""

from __future__ import annotations

from collections import Counter


def _report(probe, depth: int, frontier: int, parent):
    return probe.expand(depth, frontier, parent=parent) if probe else None


def backtracking_in_order(given, *, probe=None, budget=None):
    """The patterns in order, each from its candidates whose blocks are still on the shelf (a Counter, taken
    and put back), a word used once, identical patterns in alphabetical order. One node per word placed."""
    puzzle = given.puzzle
    candidates = given.lexicon.candidates(puzzle, budget)
    shelf = Counter(puzzle.stock)
    yield from _in_order(puzzle.patterns, candidates, shelf, [], probe, budget, None)


def _in_order(patterns, candidates, shelf: Counter, words: list, probe, budget, parent):
    i = len(words)
    if i == len(patterns):
        yield tuple(words), None
        return
    pattern = patterns[i]
    after = max((w for p, w in zip(patterns, words) if p == pattern), default="")
    for word, used in candidates[pattern]:
        need = Counter(used)
        if word <= after or word in words or any(shelf[b] < n for b, n in need.items()):
            continue
        if budget:
            budget.tick()
        node = _report(probe, i + 1, 0, parent)
        shelf.subtract(need)
        words.append(word)
        yield from _in_order(patterns, candidates, shelf, words, probe, budget, node)
        words.pop()
        shelf.update(need)


def forward_checking(given, *, probe=None, budget=None):
    """Fill next the open pattern with fewest candidates; after each word strike from the others every
    candidate whose blocks are no longer all on the shelf, the same word, and (for identical patterns)
    words out of alphabetical order; back off when a pattern has none. One node per word placed."""
    puzzle = given.puzzle
    candidates = given.lexicon.candidates(puzzle, budget)
    options = {i: [(w, Counter(used)) for w, used in candidates[p]] for i, p in enumerate(puzzle.patterns)}
    yield from _narrowing(puzzle.patterns, options, Counter(puzzle.stock), {}, probe, budget, None)


def _narrowing(patterns, options: dict, shelf: Counter, chosen: dict, probe, budget, parent):
    if not options:
        yield tuple(chosen[i] for i in range(len(patterns))), None
        return
    slot = min(options, key=lambda i: len(options[i]))
    for word, need in options[slot]:
        if budget:
            budget.tick()
        node = _report(probe, len(chosen) + 1, len(options[slot]), parent)
        shelf.subtract(need)
        chosen[slot] = word
        rest = _narrowed(patterns, options, shelf, slot, word)
        if rest is not None:
            yield from _narrowing(patterns, rest, shelf, chosen, probe, budget, node)
        del chosen[slot]
        shelf.update(need)


def _narrowed(patterns, options: dict, shelf: Counter, slot: int, word: str) -> dict | None:
    """The other slots' candidates that still fit after `word` fills `slot`; None if a slot has none."""
    rest = {}
    for i, found in options.items():
        if i == slot:
            continue
        same = patterns[i] == patterns[slot]
        kept = [(w, need) for w, need in found
                if w != word and (not same or (w > word) == (i > slot)) and all(shelf[b] >= n for b, n in need.items())]
        if not kept:
            return None
        rest[i] = kept
    return rest
