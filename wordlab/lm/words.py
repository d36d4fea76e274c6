"""A word unigram model: log P(word) from relative frequencies, with a length-based guess for unseen words."""

from __future__ import annotations

import math
import re
from typing import Mapping

from wordlab.errors import WordlabError

TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)*")


def tokens(text: str) -> list[str]:
    """The words of `text`: lower-case letter runs, with inner apostrophes kept ("don't")."""
    return TOKEN.findall(text.lower())


class WordUnigramModel:
    """log P(word) for known words; an unseen word of length L gets log(floor) - L·log(letters),
    i.e. the rarest known frequency spread over every possible spelling of that length, so that
    long gibberish costs more than short gibberish and never more than a known word."""

    def __init__(self, frequencies: Mapping[str, float], name: str = "words", letters: int = 10):
        total = float(sum(frequencies.values()))
        if not frequencies or total <= 0:
            raise WordlabError(f"word model {name!r} needs at least one word with a positive frequency")
        self.name = name
        self.logp = {word: math.log(f / total) for word, f in frequencies.items() if f > 0}
        self.floor = min(self.logp.values()) - math.log(10)
        self.per_letter = math.log(letters)

    def logprob(self, word: str) -> float:
        value = self.logp.get(word)
        return value if value is not None else self.floor - len(word) * self.per_letter

    def score(self, text: str) -> float:
        """The sum of log P(word) over the words of `text`."""
        logp, floor, per_letter = self.logp, self.floor, self.per_letter
        total = 0.0
        for word in tokens(text):
            value = logp.get(word)
            total += value if value is not None else floor - len(word) * per_letter
        return total

    def __len__(self) -> int:
        return len(self.logp)

    def __repr__(self) -> str:
        return f"WordUnigramModel({self.name!r}, {len(self.logp):,} words)"
