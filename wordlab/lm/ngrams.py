"""Character n-gram models, interpolated with Witten-Bell smoothing.

P(c | h) = (C(hc) + w·T(h) · P(c | h')) / (C(h) + w·T(h))

where C counts (possibly weighted) occurrences, T(h) is the number of distinct characters seen after
context h, h' is h without its first character, and w (`type_weight`) is what one distinct follower
weighs against the counts: 1 in textbook Witten-Bell, where every occurrence counts once; more when
each occurrence is counted many times over (running text weighted ×20, word frequencies scaled to a
corpus of a million words), which would otherwise leave almost no room for the lower orders. The recursion ends in an add-one unigram over the
alphabet seen in training plus one slot for unseen characters, so every string has a probability and
the probabilities of the characters after any context sum to one. All log probabilities are natural.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Iterable, Mapping

from wordlab.errors import WordlabError
from wordlab.search.probe import Budget, checked, paced

PAD = " "  # what the model reads before the first character of a text


class CharNgramModel:
    """Character n-grams of orders 1..`order`, interpolated and smoothed (Witten-Bell).

    Train with `add_text` / `add_words`, then ask `logprob(context, char)`, `score(text)` or
    `conditional(context, text)`. Results are memoised per n-gram, so scoring is dictionary lookups.
    """

    def __init__(self, order: int = 6, name: str = "chars", type_weight: float = 1.0):
        if not isinstance(order, int) or order < 1:
            raise WordlabError(f"n-gram order must be a positive integer, not {order!r}")
        if not type_weight > 0 or math.isinf(type_weight):
            raise WordlabError(f"type weight must be a positive number, not {type_weight!r}")
        self.order = order
        self.name = name
        self.type_weight = type_weight
        self.counts: list[Counter[str]] = [Counter() for _ in range(order + 1)]  # counts[k]: k-grams
        self._memo: dict[str, float] = {}
        self._probs: dict[str, float] = {}
        self._totals: dict[str, float] | None = None
        self._types: dict[str, int] | None = None

    def __getstate__(self) -> dict:
        return {"order": self.order, "name": self.name, "counts": self.counts, "type_weight": self.type_weight}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["order"], state["name"], state.get("type_weight", 1.0))
        self.counts = state["counts"]

    # -- training ------------------------------------------------------------------------------------
    def add_text(self, text: str, weight: float = 1.0, budget: Budget | None = None) -> "CharNgramModel":
        """Count every n-gram of `PAD + text + PAD`, each occurrence worth `weight` (a running `budget` is
        looked at between orders)."""
        padded = PAD + text + PAD
        for k in range(1, self.order + 1):
            checked(budget)
            grams = Counter(padded[i:i + k] for i in range(len(padded) - k + 1))
            self._add(k, grams, weight)
        return self._changed()

    def add_words(self, frequencies: Iterable[tuple[str, float]], tokens: float = 1e6,
                  endings: Mapping[str, float] | None = None, budget: Budget | None = None) -> "CharNgramModel":
        """Count the n-grams of `PAD + word + PAD` for each (word, relative frequency), as if the words
        came from a corpus of `tokens` running words (a word of frequency f is counted f·tokens times).
        `endings` ({character: share}) lets that share of each word's occurrences end in the character
        before the space (a comma, a full stop), as words in running text do; the rest end in `PAD`. A running
        `budget` is looked at every few thousand words."""
        endings = dict(endings or {})
        endings[PAD] = 1.0 - sum(share for char, share in endings.items() if char != PAD)
        if not all(share >= 0 for share in endings.values()):
            raise WordlabError(f"word endings must be shares that sum to at most 1, not {endings!r}")
        grams: list[Counter[str]] = [Counter() for _ in range(self.order + 1)]
        watched = budget is not None and budget.running
        for word, frequency in paced(frequencies, budget, 512) if watched else frequencies:
            head, weight = PAD + word, frequency * tokens
            for k in range(1, self.order + 1):
                counter = grams[k]
                for i in range(len(head) - k + 1):
                    counter[head[i:i + k]] += weight
                for ending, share in endings.items():
                    tail = head + ending + (PAD if ending != PAD else "")
                    for i in range(max(0, len(head) - k + 1), len(tail) - k + 1):
                        counter[tail[i:i + k]] += weight * share
        for k in range(1, self.order + 1):
            self._add(k, grams[k], 1.0)
        return self._changed()

    def _add(self, k: int, grams: Counter[str], weight: float) -> None:
        counts = self.counts[k]
        if weight == 1.0:
            counts.update(grams)
        else:
            for gram, n in grams.items():
                counts[gram] += n * weight

    def _changed(self) -> "CharNgramModel":
        self._memo.clear()
        self._probs.clear()
        self._totals = self._types = None
        return self

    def ready(self, budget: Budget | None = None) -> "CharNgramModel":
        """Build the per-context tables now (they are otherwise built at the first probability asked); a
        running `budget` is looked at while they are built."""
        self._tables(budget)
        return self

    def _tables(self, budget: Budget | None = None) -> tuple[dict[str, float], dict[str, int]]:
        """Per context h (of every length < order): total count C(h·) and number of distinct followers T(h)."""
        if self._totals is None:
            totals: dict[str, float] = {}
            types: dict[str, int] = {}
            watched = budget if budget is not None and budget.running else None
            for k in range(1, self.order + 1):
                grams = self.counts[k].items()
                for gram, n in grams if watched is None else paced(grams, watched, 65536):
                    h = gram[:-1]
                    totals[h] = totals.get(h, 0.0) + n
                    types[h] = types.get(h, 0) + 1
            self._totals, self._types = totals, types
        return self._totals, self._types

    def truncated(self, order: int) -> "CharNgramModel":
        """The same counts read as a model of a lower `order` (shares the counts, not the memo)."""
        if not isinstance(order, int) or not 1 <= order <= self.order:
            raise WordlabError(f"order must be between 1 and {self.order}, not {order!r}")
        model = CharNgramModel(order, name=f"{self.name}[order {order}]", type_weight=self.type_weight)
        model.counts = self.counts[:order + 1]
        return model

    @property
    def alphabet(self) -> str:
        return "".join(sorted(self.counts[1]))

    # -- probabilities -------------------------------------------------------------------------------
    def prob(self, context: str, char: str) -> float:
        """P(char | the last order-1 characters of context)."""
        context = context[len(context) - self.order + 1:] if self.order > 1 else ""
        return self._prob(context + char)

    def _prob(self, gram: str) -> float:
        """P(last character | the ones before it), each order interpolated with the one below (memoised)."""
        p = self._probs.get(gram)
        if p is None:
            totals, types = self._tables()
            context = gram[:-1]
            if not context:
                unigrams = self.counts[1]
                if not totals:
                    raise WordlabError(f"character model {self.name!r} has no training text")
                p = (unigrams.get(gram, 0) + 1) / (totals[""] + len(unigrams) + 1)
            else:
                lower = self._prob(gram[1:])
                seen = totals.get(context)
                if seen is None:
                    p = lower
                else:
                    distinct = types[context] * self.type_weight
                    p = (self.counts[len(gram)].get(gram, 0) + distinct * lower) / (seen + distinct)
            self._probs[gram] = p
        return p

    def logprob(self, context: str, char: str) -> float:
        """log P(char | context), memoised."""
        key = context[max(0, len(context) - self.order + 1):] + char
        value = self._memo.get(key)
        if value is None:
            value = self._memo[key] = math.log(self.prob(key[:-1], char))
        return value

    def conditional(self, context: str, text: str) -> float:
        """log P(text | context): the sum of each character's log probability after what precedes it."""
        joined, span, first = context + text, self.order - 1, len(context)
        end = len(joined)
        keys = [joined[max(0, i - span):i + 1] for i in range(first, min(span, end))]
        keys += [joined[i - span:i + 1] for i in range(max(first, span), end)]
        memo = self._memo
        try:
            return sum(map(memo.__getitem__, keys))
        except KeyError:
            for key in keys:
                if key not in memo:
                    self.logprob(key[:-1], key[-1])
            return sum(map(memo.__getitem__, keys))

    def score(self, text: str) -> float:
        """log P(text) read from the start of a text (after `PAD`)."""
        return self.conditional(PAD, text)

    def __repr__(self) -> str:
        grams = sum(len(c) for c in self.counts)
        return f"CharNgramModel({self.name!r}, order {self.order}, {grams:,} n-grams)"
