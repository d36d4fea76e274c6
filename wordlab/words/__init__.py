"""Word providers: named sources, reference lists fetched on demand, one normalisation, filters, unions,
and an on-disk cache of every list's normalised words.

>>> from wordlab.words import load
>>> load("web2", length=6)          # doctest: +SKIP
WordList('web2[length 6]', 17,706 words)
"""

from wordlab.words.sources import (
    DATA_ENV,
    DEFAULT,
    REFERENCES,
    SOURCES,
    as_wordlist,
    available,
    best_available,
    cache_dir,
    data_dir,
    fetch,
    load,
    reference_path,
    survey,
)
from wordlab.words.wordlist import MAX_WORD_LETTERS, WordList, normalise_all, zipf_table

__all__ = [
    "DATA_ENV", "DEFAULT", "MAX_WORD_LETTERS", "REFERENCES", "SOURCES", "WordList", "as_wordlist", "available",
    "best_available", "cache_dir", "data_dir", "fetch", "load", "normalise_all", "reference_path", "survey",
    "zipf_table",
]
