"""Letter sets as 26-bit integers: bit i is set when letter chr(97 + i) is present."""

from __future__ import annotations

from functools import reduce

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
BIT = {c: 1 << i for i, c in enumerate(ALPHABET)}
ALL_LETTERS = (1 << 26) - 1


def bit(letter: str) -> int:
    """The one-letter set of a lowercase letter."""
    return 1 << (ord(letter) - 97)


def bits_of(mask: int) -> list[int]:
    """The single bits set in `mask`, lowest first (for a letter set: its one-letter sets, alphabetical)."""
    bits = []
    while mask:
        low = mask & -mask
        bits.append(low)
        mask ^= low
    return bits


def letterset(word: str) -> int:
    """The set of letters in `word` (lowercase a–z), as a 26-bit integer."""
    return reduce(int.__or__, map(BIT.__getitem__, word), 0)


def letters(mask: int) -> str:
    """The letters of a letter set, in alphabetical order."""
    return "".join(c for i, c in enumerate(ALPHABET) if mask >> i & 1)


def size(mask: int) -> int:
    """How many letters are in the set (its popcount)."""
    return mask.bit_count()


def is_subset(a: int, b: int) -> bool:
    """Are all letters of `a` in `b`?"""
    return a & b == a


def can_spell(word: str, mask: int) -> bool:
    """Can `word` be spelled with only the letters of `mask`?"""
    return letterset(word) & ~mask == 0


def subsets(mask: int):
    """Every subset of `mask`, including the empty set and `mask` itself (2**size of them)."""
    sub = mask
    while True:
        yield sub
        if sub == 0:
            return
        sub = (sub - 1) & mask
