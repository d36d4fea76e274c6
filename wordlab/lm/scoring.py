"""A text model for scoring candidate texts: a character n-gram model plus a weighted word unigram model."""

from __future__ import annotations

import math
from dataclasses import dataclass

from wordlab.errors import WordlabError
from wordlab.lm.ngrams import CharNgramModel
from wordlab.lm.train import char_model, word_model
from wordlab.lm.words import WordUnigramModel
from wordlab.search.probe import Budget


@dataclass(frozen=True)
class TextModel:
    """score(text) = chars.score(text) + word_weight · words.score(text), both natural log probabilities.

    Texts are expected in the models' normal form (lower case); `wordlab.lm.normalise` makes it."""

    chars: CharNgramModel
    words: WordUnigramModel | None = None
    word_weight: float = 1.0

    def __post_init__(self):
        if not self.word_weight >= 0:
            raise WordlabError(f"word weight must be a non-negative number, not {self.word_weight!r}")

    def score(self, text: str) -> float:
        total = self.chars.score(text)
        if self.words is not None and self.word_weight:
            total += self.word_weight * self.words.score(text)
        return total

    @property
    def order(self) -> int:
        return self.chars.order

    def with_order(self, order: int) -> "TextModel":
        """The same model with its character n-grams read at a lower order."""
        return TextModel(self.chars.truncated(order), self.words, self.word_weight)

    def with_word_weight(self, word_weight: float) -> "TextModel":
        return TextModel(self.chars, self.words, word_weight)


def default_model(order: int = 6, word_weight: float = 1.0, spec: str = "default",
                  budget: Budget | None = None) -> TextModel:
    """The offline default: characters and words from shipped prose plus `wordfreq` (both cached). Building
    them is charged to a running `budget` (`BudgetExhausted` when it runs out first)."""
    if isinstance(word_weight, bool) or not isinstance(word_weight, (int, float)) or not 0 <= word_weight < math.inf:
        raise WordlabError(f"word weight must be a finite number ≥ 0, not {word_weight!r}")
    words = word_model(spec, budget) if word_weight else None
    return TextModel(char_model(spec, order, budget=budget), words, word_weight)
