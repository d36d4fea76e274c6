"""Shared structures: tries, letter sets as bitmasks, positional pattern indexes."""

from wordlab.structures.letters import ALPHABET, can_spell, is_subset, letters, letterset, size, subsets
from wordlab.structures.patterns import PatternIndex, by_length
from wordlab.structures.trie import END, Trie

__all__ = ["ALPHABET", "END", "PatternIndex", "Trie", "by_length", "can_spell", "is_subset", "letters",
           "letterset", "size", "subsets"]
