"""A positional index: which words of one length have given letters at given positions.

Each (position, letter) maps to a bitset (a Python int) of word numbers, so a query is a few `&`s
and a walk over the set bits: far cheaper than scanning the list with a regular expression.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from wordlab.errors import WordlabError

BLANKS = ".?_"


class PatternIndex:
    """Words of length `length`, queried with patterns like `"b..h.p"` (`.`, `?` or `_` for blanks).

    >>> index = PatternIndex(["bishop", "bisect", "banana"])
    >>> index.matches("bis...")
    ['bisect', 'bishop']
    """

    def __init__(self, words: Iterable[str], length: int | None = None):
        words = sorted(set(words))
        if length is None:
            lengths = {len(w) for w in words}
            if len(lengths) > 1:
                raise WordlabError(f"a PatternIndex holds words of one length; got lengths {sorted(lengths)}")
            length = lengths.pop() if lengths else 0
        self.length = length
        self.words = [w for w in words if len(w) == length]
        self.bits: dict[tuple[int, str], int] = {}
        for number, word in enumerate(self.words):
            for position, letter in enumerate(word):
                key = (position, letter)
                self.bits[key] = self.bits.get(key, 0) | (1 << number)
        self.everything = (1 << len(self.words)) - 1

    def __len__(self) -> int:
        return len(self.words)

    def mask(self, pattern: str) -> int:
        """The bitset of words matching `pattern`."""
        if len(pattern) != self.length:
            raise WordlabError(f"pattern {pattern!r} has length {len(pattern)}, the index holds length {self.length}")
        found = self.everything
        for position, letter in enumerate(pattern):
            if letter not in BLANKS:
                found &= self.bits.get((position, letter), 0)
                if not found:
                    break
        return found

    def matches(self, pattern: str) -> list[str]:
        """The words matching `pattern`, in alphabetical order."""
        return list(self._words_in(self.mask(pattern)))

    def count(self, pattern: str) -> int:
        return self.mask(pattern).bit_count()

    def _words_in(self, mask: int) -> Iterator[str]:
        words = self.words
        while mask:
            low = mask & -mask
            yield words[low.bit_length() - 1]
            mask ^= low


def by_length(words: Iterable[str]) -> dict[int, PatternIndex]:
    """One PatternIndex per word length."""
    groups: dict[int, list[str]] = {}
    for word in words:
        groups.setdefault(len(word), []).append(word)
    return {n: PatternIndex(group, n) for n, group in sorted(groups.items())}
