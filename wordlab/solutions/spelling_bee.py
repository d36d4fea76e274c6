"""Model answers for the Spelling Bee exercises. A strategy gets a `WordList` (`.words`, sorted) and yields
each better honeycomb as (a `Honeycomb(letters, centre)` of 26-bit letter sets, its score)."""

from __future__ import annotations

from collections import Counter

from wordlab.puzzles.spelling_bee import STANDARD, Honeycomb, word_score
from wordlab.structures.letters import bits_of, letterset, subsets


def points_table(words, rules=STANDARD) -> Counter:
    """Letter set → the points of every valid word spelled with exactly those letters."""
    table = Counter()
    for word in words:
        letters = letterset(word)
        if len(word) >= rules.min_length and letters.bit_count() <= rules.size and not letters & rules.forbidden_mask:
            table[letters] += word_score(word, rules)
    return table


def score(table: Counter, letters: int, centre: int) -> int:
    """A honeycomb's score: the points of its letter subsets that hold the centre."""
    return sum(table.get(sub | centre, 0) for sub in subsets(letters & ~centre))


def _scored(probe, depth: int, frontier: int, comb: Honeycomb, value: int, bound) -> None:
    if probe:
        probe.expand(depth, frontier, state=(comb.letters, comb.centre, value, bound) if probe.recording else None)


def subset_sum(words, *, probe=None, budget=None, rules=STANDARD):
    """A points table built once, then every honeycomb (each pangram letter set, each centre) scored by 64
    look-ups; yields each better one. Time O(words + honeycombs × 64)."""
    table = points_table(words.words, rules)
    pangrams = sorted(letters for letters in table if letters.bit_count() == rules.size)
    best = -1
    for letters in pangrams:
        for centre in bits_of(letters):
            if budget:
                budget.tick()
            comb, value = Honeycomb(letters, centre), score(table, letters, centre)
            _scored(probe, 1, 0, comb, value, None)
            if value > best:
                best = value
                yield comb, value


def tighter_bound(words, *, probe=None, budget=None, rules=STANDARD):
    """Branch and bound with the tightest bound there is: a letter set's best centre loses the fewest points,
    so its bound is (points of all its subsets) − (least, over its letters c, points of the subsets without c).
    Letter sets are visited best bound first until no bound beats the best score. The bound costs 8 × 64
    look-ups per pangram letter set (set-up, no node); then 7 nodes per letter set visited, usually one."""
    table = points_table(words.words, rules)

    def points(letters: int) -> int:
        return sum(table.get(sub, 0) for sub in subsets(letters))

    bounded = sorted(((points(p) - min(points(p & ~c) for c in bits_of(p)), p)
                      for p in table if p.bit_count() == rules.size), key=lambda bp: (-bp[0], bp[1]))
    best = -1
    for rank, (bound, letters) in enumerate(bounded):
        if bound <= best:
            if probe:
                probe.prune(0, len(bounded) - rank, why=f"bound {bound:,} cannot beat {best:,}")
            return True
        for centre in bits_of(letters):
            if budget:
                budget.tick()
            comb, value = Honeycomb(letters, centre), score(table, letters, centre)
            _scored(probe, 1, len(bounded) - rank, comb, value, bound)
            if value > best:
                best = value
                yield comb, value
    return True
