"""`WordList`: an immutable, sorted set of normalised words that knows where it came from."""

from __future__ import annotations

import math
import re
from functools import cached_property
from typing import Callable, Iterable, Iterator, Sequence

from wordlab.errors import WordlabError

_LOWER_AZ = re.compile(r"[a-z]+")


def normalise(word: str) -> str | None:
    """The one normalisation: strip, lowercase, keep only words made of a–z (else None)."""
    word = word.strip().lower()
    return word if _LOWER_AZ.fullmatch(word) else None


def normalise_all(words: Iterable[str]) -> set[str]:
    """The normalised forms of `words`, dropping those with non-letters."""
    out = set()
    for word in words:
        word = word.strip().lower()
        if _LOWER_AZ.fullmatch(word):
            out.add(word)
    return out


class WordList(Sequence[str]):
    """Words in sorted order with fast membership, a `name`, a `provenance` line, and filters.

    >>> w = WordList(["bee", "hive", "bee"], name="toy")
    >>> len(w), "hive" in w, w.filter(min_length=4).words
    (2, True, ('hive',))
    """

    def __init__(self, words: Iterable[str], name: str = "custom", provenance: str = "given in code"):
        self.words: tuple[str, ...] = tuple(sorted(set(words)))
        self.name = name
        self.provenance = provenance

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
        kept = [w for w in self.words if all(test(w) for test in tests)]
        described = ", ".join(notes)
        if not kept:
            raise WordlabError(f"no words of {self.name} are left after filtering ({described})")
        return WordList(kept, f"{self.name}[{described}]", f"{self.provenance}; filtered: {described}")


_ZIPF: dict[str, float] | None = None


def zipf_table() -> dict[str, float]:
    """wordfreq's English frequencies on the Zipf scale, for every a–z word it knows (cached)."""
    global _ZIPF
    if _ZIPF is None:
        import wordfreq

        _ZIPF = {w: round(math.log10(f * 1e9), 2) for w, f in wordfreq.get_frequency_dict("en", "large").items()
                 if _LOWER_AZ.fullmatch(w)}
    return _ZIPF


def as_wordlist(words: "WordList | Sequence[str] | str", **filters) -> WordList:
    """Accept a WordList, a source spec (name or path) or any iterable of words; apply filters."""
    if isinstance(words, str):
        from wordlab.words.sources import load

        return load(words, **filters)
    wordlist = words if isinstance(words, WordList) else WordList(normalise_all(words))
    if not wordlist:
        raise WordlabError("the word list is empty")
    return wordlist.filter(**filters)
