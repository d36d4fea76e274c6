"""Language models for scoring text: character n-grams (interpolated, Witten-Bell smoothed) and word unigrams.

>>> from wordlab.lm import default_model
>>> model = default_model(order=6)                      # doctest: +SKIP
>>> model.score("the cat") > model.score("hte cta")     # doctest: +SKIP
True
"""

from wordlab.lm.ngrams import PAD, CharNgramModel
from wordlab.lm.scoring import TextModel, default_model
from wordlab.lm.train import (
    DEFAULT_SPEC,
    char_model,
    clear_caches,
    nltk_text,
    normalise,
    shipped_text,
    train_char_model,
    train_word_model,
    word_model,
    wordfreq_frequencies,
)
from wordlab.lm.words import WordUnigramModel, tokens

__all__ = [
    "PAD", "CharNgramModel", "TextModel", "default_model", "DEFAULT_SPEC", "char_model", "clear_caches", "nltk_text", "normalise",
    "shipped_text", "train_char_model", "train_word_model", "word_model", "wordfreq_frequencies",
    "WordUnigramModel", "tokens",
]
