"""The fewest words in a palindromic pangram (letters unbounded): a lower bound from the letters words can hold.

In a phrase w1 … wn that reads the same backwards, the first word comes back reversed at the end. If it is no
longer than the last word, it lies inside it, so its letters are the last word's too; otherwise the last word
lies reversed inside the first. With two words, the phrase's letters are therefore the longer word's; with
three, those of the middle word and the longer outer word. So two words need one word holding every letter,
and three words need two words that together hold every letter.
"""

from __future__ import annotations

import bisect

from wordlab.structures.letters import ALPHABET, letterset


def holders_needed(words, alphabet: str = ALPHABET) -> int:
    """The fewest words whose letters together hold all of `alphabet`, up to 3 (3 means: no two do)."""
    full = letterset(alphabet)
    masks = {letterset(w) & full for w in words}
    if full in masks:
        return 1
    widest = max((m.bit_count() for m in masks), default=0)
    wide = [m for m in masks if m.bit_count() >= full.bit_count() - widest]
    for i, a in enumerate(wide):
        need = full & ~a
        if any(b & need == need for b in wide[i:]):
            return 2
    return 3


def fewest_words_at_least(words, alphabet: str = ALPHABET) -> tuple[int, str]:
    """A lower bound on the words of a palindromic pangram of `words`, and why: 2 (a phrase has two or more);
    3 if no word holds every letter; 4 if no two words hold every letter together."""
    held = holders_needed(words, alphabet)
    if held == 1:
        return 2, "a phrase has two or more words"
    if held == 2:
        return 3, "no word holds every letter, and two words hold only the longer one's letters"
    return 4, ("no two words hold every letter together, and a phrase of two or three words holds only the "
               "letters of two of its words (the shorter outer word comes back reversed inside the other)")


class WordIndex:
    """What the search by words needs: the words as a set, sorted, reversed and sorted, and their letter sets."""

    def __init__(self, words, alphabet: str = ALPHABET):
        self.words = sorted(set(words))
        self.known = set(self.words)
        self.reversed = sorted(w[::-1] for w in self.words)
        self.full = letterset(alphabet)
        self.letters = {w: letterset(w) & self.full for w in self.words}
        self.widest = max((m.bit_count() for m in self.letters.values()), default=0)


def _starting(ordered: list[str], prefix: str):
    """The strings of sorted `ordered` that start with `prefix`."""
    i = bisect.bisect_left(ordered, prefix)
    while i < len(ordered) and ordered[i].startswith(prefix):
        yield ordered[i]
        i += 1


def _next_words(index: WordIndex, left_over: bool, over: str):
    """The words that can go on against the unmatched letters `over` (on the left when `left_over`: a right word
    must spell them backwards; else a left word must spell them), as (word, it goes left?, overhang after)."""
    for i in range(1, len(over) + 1):
        word = over[:i][::-1] if left_over else over[:i]
        if word in index.known:
            yield word, not left_over, (left_over, over[i:])
    for text in _starting(index.reversed if left_over else index.words, over):
        if len(text) > len(over):
            yield (text[::-1] if left_over else text), not left_over, (not left_over, text[len(over):])


def phrase_of_at_most(index: WordIndex, most: int, budget=None) -> tuple[str, ...] | None:
    """A palindromic pangram of at most `most` words (two or more), or None when none exists: exhaustive
    depth-first search that lays words on both ends, keeping the letters one side has and the other has not
    yet matched (the overhang); a phrase is complete when the overhang reads the same backwards. Pruned when
    the missing letters need more words than are left (each holds at most `widest` letters). Each placed
    word is a node charged to `budget`."""
    def grow(left: list, right: list, covered: int, left_over: bool, over: str):
        if budget:
            budget.tick()
        placed = len(left) + len(right)
        if covered == index.full and placed >= 2 and over == over[::-1]:
            return tuple(left + right[::-1])
        missing = (index.full & ~covered).bit_count()
        if placed >= most or missing > index.widest * (most - placed):
            return None
        for word, goes_left, (side, rest) in _next_words(index, left_over, over):
            found = grow(left + [word] if goes_left else left, right if goes_left else right + [word],
                         covered | index.letters[word], side, rest)
            if found:
                return found
        return None

    for first in index.words:
        found = grow([first], [], index.letters[first], True, first)
        if found:
            return found
    return None


def fewest_words(words, alphabet: str = ALPHABET, most: int = 8, budget=None) -> tuple[int, tuple[str, ...] | None]:
    """The fewest words of a palindromic pangram, trying `phrase_of_at_most` for each count from the letters'
    bound (`fewest_words_at_least`) up to `most`: (the count, a phrase of that many words), or, when none
    has at most `most` words, (most + 1, None): a proved lower bound."""
    index = WordIndex(words, alphabet)
    start, _ = fewest_words_at_least(index.words, alphabet)
    for count in range(start, most + 1):
        found = phrase_of_at_most(index, count, budget)
        if found:
            return len(found), found
    return max(start, most + 1), None
