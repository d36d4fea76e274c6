"""`WordList`: an immutable, sorted set of normalised words that knows where it came from."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from numbers import Real

from wordlab.errors import WordlabError

MAX_WORD_LETTERS = 100  # longer "words" are refused: searches index words by position, some quadratically


def _is_word(word: str) -> bool:
    """Is `word` (already lowercased) made of the letters a–z only?"""
    return word.isascii() and word.isalpha()


def normalise_all(words: Iterable[str]) -> list[str]:
    """The one normalisation: strip, lowercase, keep only words made of a–z; sorted, each once.

    >>> normalise_all(["Bee", " hive\\n", "don't", "café", "bee", ""])
    ['bee', 'hive']
    """
    kept = []
    for word in words:
        word = word.lower()
        if not _is_word(word):
            word = word.strip()
            if not _is_word(word):
                continue
        kept.append(word)
    kept.sort()  # lists usually arrive sorted, which Python's sort finishes in one pass
    return list(dict.fromkeys(kept))


def longest_word_check(words: Sequence[str], where: str) -> None:
    """Refuse a list holding a word longer than MAX_WORD_LETTERS (a sign of a file that is not a word list)."""
    longest = max(words, key=len, default="")
    if len(longest) > MAX_WORD_LETTERS:
        raise WordlabError(f"{where} holds a {len(longest):,}-letter word ({longest[:20]}…); words are limited "
                           f"to {MAX_WORD_LETTERS} letters")


class WordList(Sequence[str]):
    """Words in sorted order with fast membership, a `name`, a `provenance` line, and filters.

    `path` is the file the words were read from and `cache` how the on-disk cache served them ("hit",
    "written", or why it was not used), when the list came from a loader.

    >>> w = WordList(["bee", "hive", "bee"], name="toy")
    >>> len(w), "hive" in w, w.filter(min_length=4).words
    (2, True, ('hive',))
    """

    def __init__(self, words: Iterable[str], name: str = "custom", provenance: str = "given in code", *,
                 path: str | None = None, cache: str | None = None):
        self.words: tuple[str, ...] = tuple(sorted(set(words)))
        self.name = name
        self.provenance = provenance
        self.path = path
        self.cache = cache

    @classmethod
    def from_sorted(cls, words: tuple[str, ...], name: str, provenance: str, *, path: str | None = None,
                    cache: str | None = None) -> "WordList":
        """A list over `words` that are already sorted and distinct (as the loaders make them), without sorting."""
        wordlist = cls.__new__(cls)
        wordlist.words, wordlist.name, wordlist.provenance = words, name, provenance
        wordlist.path, wordlist.cache = path, cache
        return wordlist

    @cached_property
    def _set(self) -> frozenset[str]:
        return frozenset(self.words)

    def __len__(self) -> int:
        return len(self.words)

    def __iter__(self) -> Iterator[str]:
        return iter(self.words)

    def __getitem__(self, i):
        return self.words[i]

    def __contains__(self, word: object) -> bool:
        return word in self._set

    def __eq__(self, other) -> bool:
        return isinstance(other, WordList) and self.words == other.words

    def __hash__(self) -> int:
        return hash(self.words)

    def __repr__(self) -> str:
        return f"WordList({self.name!r}, {len(self):,} words)"

    def __or__(self, other: "WordList") -> "WordList":
        """The union of two lists."""
        return WordList(self._set | set(other), f"{self.name}+{other.name}",
                        f"union of [{self.provenance}] and [{other.provenance}]")

    def describe(self) -> dict:
        return {"name": self.name, "words": len(self), "provenance": self.provenance}

    def lengths(self) -> dict[int, int]:
        """How many words there are of each length."""
        counts: dict[int, int] = {}
        for word in self.words:
            counts[len(word)] = counts.get(len(word), 0) + 1
        return dict(sorted(counts.items()))

    def filter(self, *, length: int | None = None, min_length: int | None = None, max_length: int | None = None,
               letters: str | None = None, min_zipf: float | None = None,
               where: Callable[[str], bool] | None = None) -> "WordList":
        """The words that pass every given test; raises `WordlabError` if none are left.

        `letters` keeps words spelled only with those letters; `min_zipf` keeps words at least that
        common on wordfreq's Zipf scale (log10 of occurrences per billion words)."""
        _check_filters(length=length, min_length=min_length, max_length=max_length, letters=letters,
                       min_zipf=min_zipf)
        tests, notes = [], []
        if length is not None:
            tests.append(lambda w: len(w) == length)
            notes.append(f"length {length}")
        if min_length is not None:
            tests.append(lambda w: len(w) >= min_length)
            notes.append(f"length ≥ {min_length}")
        if max_length is not None:
            tests.append(lambda w: len(w) <= max_length)
            notes.append(f"length ≤ {max_length}")
        if letters is not None:
            allowed = set(letters.lower())
            tests.append(lambda w: set(w) <= allowed)
            notes.append(f"letters {''.join(sorted(allowed))}")
        if min_zipf is not None:
            zipf = zipf_table()
            tests.append(lambda w: zipf.get(w, 0.0) >= min_zipf)
            notes.append(f"zipf ≥ {min_zipf:g}")
        if where is not None:
            tests.append(where)
            notes.append(getattr(where, "__name__", "custom test"))
        if not tests:
            return self
        kept = tuple(w for w in self.words if all(test(w) for test in tests))
        described = ", ".join(notes)
        if not kept:
            raise WordlabError(f"no words of {self.name} are left after filtering ({described})")
        return WordList.from_sorted(kept, f"{self.name}[{described}]", f"{self.provenance}; filtered: {described}")


def _check_filters(**given) -> None:
    """Filter values of the wrong kind are named instead of failing inside a comparison."""
    for name in ("length", "min_length", "max_length"):
        value = given[name]
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise WordlabError(f"the word filter {name} must be a whole number, not {value!r}")
    if given["letters"] is not None and not isinstance(given["letters"], str):
        raise WordlabError(f"the word filter letters must be a string of letters, not {given['letters']!r}")
    zipf = given["min_zipf"]
    if zipf is not None and (not isinstance(zipf, Real) or not math.isfinite(zipf)):
        raise WordlabError(f"the word filter min_zipf must be a finite number, not {zipf!r}")


_ZIPF: dict[str, float] | None = None


def zipf_table() -> dict[str, float]:
    """wordfreq's English frequencies on the Zipf scale, for every a–z word it knows (cached)."""
    global _ZIPF
    if _ZIPF is None:
        import wordfreq

        _ZIPF = {w: round(math.log10(f * 1e9), 2) for w, f in wordfreq.get_frequency_dict("en", "large").items()
                 if _is_word(w) and w.islower()}
    return _ZIPF
