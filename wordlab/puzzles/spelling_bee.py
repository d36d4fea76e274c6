"""Spelling Bee honeycombs: which 7 letters and centre letter score the most points?

A valid word has at least 4 letters, at most 7 distinct letters and no 's'. A 4-letter word scores
1, a longer word its length, and a pangram (all 7 letters of the honeycomb) 7 more. A honeycomb is 7
distinct letters, one of them the centre, that make at least one pangram; a word counts for it if it
uses only its letters and contains the centre. The rules are a `Rules` value, so "'s' allowed" is
`WITH_S`.

Letter sets are 26-bit integers from `wordlab.structures`. Every strategy has the same shape,
`strategy(words, probe=None, budget=None, rules=STANDARD) -> Best`, where `words` is any iterable of
words (a `WordList` usually). The write-up's four historical strategies score honeycombs one at a
time against the word list; they also take `sample=N` to score only N evenly spaced candidates, so
their full cost can be extrapolated honestly (`Best.scored` says how many they scored).

Measured here: on ENABLE the best is A E G I N R T with centre R = 3,898 (the published answer); on the
default wordfreq list (Zipf ≥ 1.5) it is A E G I N R T with centre N = 5,282; with 's' allowed on ENABLE,
A E I N R S T with centre E = 8,681.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass
from typing import Callable, Iterable, NamedTuple

import numpy as np

from wordlab.errors import WordlabError
from wordlab.puzzles import Report
from wordlab.search.probe import Budget, Probe
from wordlab.search.strategies import budgeted, pick
from wordlab.structures import ALPHABET, is_subset, letters, letterset, subsets
from wordlab.words import DEFAULT, SOURCES, WordList, as_wordlist, best_available, load

Words = WordList | Iterable[str] | str  # a word list, any words, or a source spec

# -- the rules, the vocabulary -------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The scoring rules: minimum word length, honeycomb size, forbidden letters, pangram bonus."""

    min_length: int = 4
    size: int = 7
    forbidden: str = "s"
    bonus: int = 7

    def __post_init__(self):
        if not 1 <= self.size <= 26 or self.min_length < 1 or self.bonus < 0:
            raise WordlabError(f"rules need 1 ≤ size ≤ 26, min_length ≥ 1 and bonus ≥ 0, not {self}")
        if any(c not in ALPHABET for c in self.forbidden):
            raise WordlabError(f"forbidden letters must be lowercase a–z, not {self.forbidden!r}")

    @property
    def forbidden_mask(self) -> int:
        return letterset(self.forbidden)


STANDARD = Rules()
WITH_S = Rules(forbidden="")


class Honeycomb(NamedTuple):
    """Seven letters (a letter set) and the centre letter (a one-letter set)."""

    letters: int
    centre: int

    def __str__(self) -> str:
        return f"{letters(self.letters).upper()} centre {letters(self.centre).upper()}"


@dataclass(frozen=True)
class Best:
    """A search's answer: the best honeycomb found and its score, how many honeycombs were scored
    out of how many candidates, and whether the answer is proven best (False after a sample or a budget)."""

    honeycomb: Honeycomb | None
    score: int
    scored: int
    candidates: int
    proven: bool
    stopped: str | None = None

    def describe(self) -> dict:
        return {"honeycomb": str(self.honeycomb) if self.honeycomb else None, "score": self.score,
                "scored": self.scored, "candidates": self.candidates, "proven": self.proven,
                "stopped": self.stopped}


def honeycomb(seven: str, centre: str, rules: Rules = STANDARD) -> Honeycomb:
    """The honeycomb of the letters `seven` with centre `centre` (case ignored); bad input raises WordlabError."""
    if not isinstance(seven, str) or not isinstance(centre, str):
        raise WordlabError(f"letters and centre must be strings, not {seven!r} and {centre!r}")
    seven, centre = seven.strip().lower(), centre.strip().lower()
    bad = sorted({c for c in seven + centre if c not in ALPHABET})
    if bad:
        raise WordlabError(f"honeycomb letters must be a–z; {''.join(bad)!r} are not")
    if len(seven) != rules.size:
        raise WordlabError(f"a honeycomb has {rules.size} letters, {seven!r} has {len(seven)}")
    if len(set(seven)) != len(seven):
        repeated = sorted({c for c in seven if seven.count(c) > 1})
        raise WordlabError(f"honeycomb letters must be distinct; {''.join(repeated)!r} repeated in {seven!r}")
    forbidden = sorted(set(seven) & set(rules.forbidden))
    if forbidden:
        raise WordlabError(f"{''.join(forbidden)!r} is not allowed in a honeycomb under these rules")
    if len(centre) != 1:
        raise WordlabError(f"the centre must be one letter, not {centre!r}")
    if centre not in seven:
        raise WordlabError(f"the centre {centre!r} is not among the letters {seven!r}")
    return Honeycomb(letterset(seven), letterset(centre))


def word_score(word: str, rules: Rules = STANDARD) -> int:
    """Points for a valid word: 1 at the minimum length, else its length; a pangram scores the bonus more."""
    points = 1 if len(word) == rules.min_length else len(word)
    return points + rules.bonus * (len(set(word)) == rules.size)


def is_valid(word: str, rules: Rules = STANDARD) -> bool:
    """Long enough, at most `rules.size` distinct letters, no forbidden letter."""
    if len(word) < rules.min_length:
        return False
    distinct = set(word)
    return len(distinct) <= rules.size and distinct.isdisjoint(rules.forbidden)


def valid_words(words: Words, rules: Rules = STANDARD) -> list[str]:
    """The words that can score in some honeycomb."""
    return [w for w in as_wordlist(words) if is_valid(w, rules)]


def points_table(words: Words, rules: Rules = STANDARD) -> dict[int, int]:
    """Total points per distinct letter set of the valid words: {letterset: points}."""
    table: dict[int, int] = defaultdict(int)
    for word in valid_words(words, rules):
        table[letterset(word)] += word_score(word, rules)
    return dict(table)


def pangram_sets(table: Iterable[int], rules: Rules = STANDARD) -> list[int]:
    """The letter sets (from a points table) with exactly `rules.size` letters, sorted."""
    return sorted(s for s in table if s.bit_count() == rules.size)


def centres(mask: int) -> list[int]:
    """The one-letter sets of the letters of `mask`, in alphabetical order."""
    return [1 << i for i in range(26) if mask >> i & 1]


def candidates(pangrams: Iterable[int]) -> list[Honeycomb]:
    """Every honeycomb: each pangram letter set with each of its letters as the centre."""
    return [Honeycomb(p, c) for p in pangrams for c in centres(p)]


def counts(words: Words, rules: Rules = STANDARD) -> dict[str, int]:
    """The write-up's figures: valid words, distinct scored letter sets, pangram sets, candidate honeycombs."""
    valid = valid_words(words, rules)
    table = points_table(valid, rules)
    pangrams = pangram_sets(table, rules)
    return {"valid_words": len(valid), "letter_sets": len(table), "pangram_sets": len(pangrams),
            "honeycombs": len(pangrams) * rules.size}


# -- one honeycomb: its words and score; the daily-puzzle helper -----------------------------------------


class ScoredWord(NamedTuple):
    word: str
    points: int
    pangram: bool


@dataclass(frozen=True)
class Puzzle:
    """A honeycomb's words (best first, pangrams marked) and its total score."""

    honeycomb: Honeycomb
    words: tuple[ScoredWord, ...]

    @property
    def score(self) -> int:
        return sum(w.points for w in self.words)

    @property
    def pangrams(self) -> tuple[str, ...]:
        return tuple(w.word for w in self.words if w.pangram)

    def text(self, limit: int | None = None) -> str:
        shown = self.words if limit is None else self.words[:limit]
        listed = " ".join(f"{w.word}{'*' if w.pangram else ''}({w.points})" for w in shown)
        more = f" … and {len(self.words) - len(shown)} more" if len(shown) < len(self.words) else ""
        return (f"{self.honeycomb}: {len(self.words)} words, {self.score} points, "
                f"{len(self.pangrams)} pangrams (marked *)\n{listed}{more}")

    def describe(self) -> dict:
        return {"honeycomb": str(self.honeycomb), "score": self.score, "pangrams": list(self.pangrams),
                "words": [w._asdict() for w in self.words]}


def puzzle_words(comb: Honeycomb, words: Words, rules: Rules = STANDARD) -> Puzzle:
    """Every valid word the honeycomb makes (uses only its letters, contains the centre), scored."""
    found = []
    for word in as_wordlist(words):
        mask = letterset(word)
        if len(word) >= rules.min_length and mask & comb.centre and mask & ~comb.letters == 0:
            found.append(ScoredWord(word, word_score(word, rules), mask.bit_count() == rules.size))
    found.sort(key=lambda w: (-w.points, w.word))
    return Puzzle(comb, tuple(found))


def daily(seven: str, centre: str, words: Words, rules: Rules = STANDARD) -> Puzzle:
    """Today's puzzle: 7 letters and a centre → the words, their points, the pangrams and the total."""
    return puzzle_words(honeycomb(seven, centre, rules), words, rules)


# -- instrumentation helpers ------------------------------------------------------------------------------


def _improved(probe: Probe | None, comb: Honeycomb, score: int) -> None:
    if probe:
        probe.solution(str(comb), score)


def _sampled(combs: list[Honeycomb], sample: int | None) -> list[Honeycomb]:
    """`sample` evenly spaced honeycombs of `combs` (all of them when sample is None)."""
    if sample is not None and sample < 1:
        raise WordlabError(f"sample must be a positive number of honeycombs, not {sample!r}")
    if sample is None or sample >= len(combs):
        return combs
    return [combs[i * len(combs) // sample] for i in range(sample)]


def _best_of(combs: list[Honeycomb], score: Callable[[Honeycomb], int], total: int,
             probe: Probe | None, budget: Budget | None) -> Best:
    """Score each honeycomb in turn, keeping the best (first wins ties); honours probe and budget."""
    best, best_score, scored = None, -1, 0
    with budgeted(budget) as run:
        for comb in combs:
            if budget:
                budget.tick()
            if probe:
                probe.call(1)
            value = score(comb)
            scored += 1
            if value > best_score:
                best, best_score = comb, value
                _improved(probe, comb, value)
    stopped = run.stopped
    return Best(best, max(best_score, 0), scored, total, scored == total and stopped is None, stopped)


# -- the write-up's four strategies: score each honeycomb against the word list ---------------------------
#
# Each is an index of the valid words built once and a scorer that scans it for one honeycomb. The scorers are
# module functions with plain loops so that `%lprun` can show where their time goes.

WordSets = list[tuple[frozenset, int]]  # (letters of a word as a Python set, its points)
WordMasks = list[tuple[int, int]]  # (letters of a word as a 26-bit integer, its points)


def word_sets(valid: list[str], rules: Rules) -> WordSets:
    return [(frozenset(w), word_score(w, rules)) for w in valid]


def word_masks(valid: list[str], rules: Rules) -> WordMasks:
    return [(letterset(w), word_score(w, rules)) for w in valid]


def sets_by_letter(valid: list[str], rules: Rules) -> dict[str, WordSets]:
    """For each letter, the (letter set, points) of the valid words containing it."""
    groups: dict[str, WordSets] = defaultdict(list)
    for entry in word_sets(valid, rules):
        for c in entry[0]:
            groups[c].append(entry)
    return dict(groups)


def masks_by_letter(valid: list[str], rules: Rules) -> dict[int, WordMasks]:
    """For each one-letter set, the (letter set, points) of the valid words containing it."""
    groups: dict[int, WordMasks] = defaultdict(list)
    for entry in word_masks(valid, rules):
        for centre in centres(entry[0]):
            groups[centre].append(entry)
    return dict(groups)


def score_by_sets(comb: Honeycomb, index: WordSets) -> int:
    allowed, centre = frozenset(letters(comb.letters)), letters(comb.centre)
    total = 0
    for chars, points in index:
        if centre in chars and chars <= allowed:
            total += points
    return total


def score_by_partitioned_sets(comb: Honeycomb, index: dict[str, WordSets]) -> int:
    allowed = frozenset(letters(comb.letters))
    total = 0
    for chars, points in index.get(letters(comb.centre), ()):
        if chars <= allowed:
            total += points
    return total


def score_by_bit_patterns(comb: Honeycomb, index: WordMasks) -> int:
    total = 0
    for mask, points in index:
        if mask & comb.centre and is_subset(mask, comb.letters):
            total += points
    return total


def score_by_bit_patterns_inlined(comb: Honeycomb, index: WordMasks) -> int:
    outside, centre = ~comb.letters, comb.centre
    total = 0
    for mask, points in index:
        if mask & centre and not mask & outside:
            total += points
    return total


def score_by_partitioned_bit_patterns(comb: Honeycomb, index: dict[int, WordMasks]) -> int:
    total = 0
    for mask, points in index.get(comb.centre, ()):
        if is_subset(mask, comb.letters):
            total += points
    return total


def score_by_partitioned_bit_patterns_inlined(comb: Honeycomb, index: dict[int, WordMasks]) -> int:
    outside = ~comb.letters
    total = 0
    for mask, points in index.get(comb.centre, ()):
        if not mask & outside:
            total += points
    return total


def _score_each(words: Words, build: Callable, scorer: Callable[[Honeycomb, object], int], rules: Rules,
                probe: Probe | None, budget: Budget | None, sample: int | None) -> Best:
    """Build the index once, then score every candidate honeycomb (or an evenly spaced sample) with `scorer`."""
    valid = valid_words(words, rules)
    index = build(valid, rules)
    combs = candidates(pangram_sets({letterset(w) for w in valid}, rules))
    return _best_of(_sampled(combs, sample), lambda comb: scorer(comb, index), len(combs), probe, budget)


def brute_force(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Score every honeycomb by scanning every valid word with Python set tests.

    Cost: honeycombs × words subset tests (55,902 × 44,585 ≈ 2.5 billion on ENABLE)."""
    return _score_each(words, word_sets, score_by_sets, rules, probe, budget, sample)


def partitioned(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Like brute force, but scan only the words that contain the centre letter (words partitioned by letter).

    Cost: honeycombs × words containing the centre (about a quarter of the set tests)."""
    return _score_each(words, sets_by_letter, score_by_partitioned_sets, rules, probe, budget, sample)


def bit_patterns(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                 rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Brute force with letter sets as 26-bit integers, tested by calling `is_subset`.

    Cost: honeycombs × words function calls; the call overhead makes it slower than C-level set tests."""
    return _score_each(words, word_masks, score_by_bit_patterns, rules, probe, budget, sample)


def bit_patterns_inlined(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                         rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Bit patterns with the subset test inlined as `not mask & ~letters` (no function call per word).

    Cost: honeycombs × words integer operations."""
    return _score_each(words, word_masks, score_by_bit_patterns_inlined, rules, probe, budget, sample)


def partitioned_bit_patterns(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                             rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Partitioned by centre letter, with letter sets as integers tested by calling `is_subset`.

    Cost: honeycombs × words containing the centre, one function call each."""
    return _score_each(words, masks_by_letter, score_by_partitioned_bit_patterns, rules, probe, budget, sample)


def partitioned_bit_patterns_inlined(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                                     rules: Rules = STANDARD, sample: int | None = None) -> Best:
    """Partitioned bit patterns with the subset test inlined: the write-up's fastest (37 s there).

    Cost: honeycombs × words containing the centre, a few integer operations each."""
    return _score_each(words, masks_by_letter, score_by_partitioned_bit_patterns_inlined, rules, probe, budget,
                       sample)


# -- points table: sum over the subsets of a honeycomb instead of scanning words --------------------------


def subsets_with(mask: int, centre: int) -> list[int]:
    """The subsets of `mask` that contain `centre` (64 of them for 7 letters)."""
    return [sub | centre for sub in subsets(mask & ~centre)]


def score_from_table(comb: Honeycomb, table: dict[int, int]) -> int:
    """A honeycomb's score: the points of every letter set that is a subset of it containing the centre."""
    get = table.get
    return sum(get(s, 0) for s in subsets_with(comb.letters, comb.centre))


def subset_sum(words: Words, probe: Probe | None = None, budget: Budget | None = None,
               rules: Rules = STANDARD) -> Best:
    """Build a points table per letter set once, then score each honeycomb by summing its 64 centred subsets.

    Cost: one pass over the words, then honeycombs × 64 dictionary look-ups (3.6 million on ENABLE)."""
    table = points_table(words, rules)
    combs = candidates(pangram_sets(table, rules))
    return _best_of(combs, lambda comb: score_from_table(comb, table), len(combs), probe, budget)


def letterset_bound(mask: int, table: dict[int, int]) -> int:
    """An upper bound on any honeycomb with these letters: the points of all its subsets, whatever the centre."""
    get = table.get
    return sum(get(sub, 0) for sub in subsets(mask))


ORDERS = ("bound", "alphabetical")


def branch_and_bound(words: Words, probe: Probe | None = None, budget: Budget | None = None,
                     rules: Rules = STANDARD, at_least: int = 0, order: str = "bound") -> Best:
    """Bound each pangram letter set by the points of all its subsets, visit them best bound first, and
    stop when no remaining bound can beat the best honeycomb scored (or reach `at_least`, when given).
    With `order="alphabetical"` the letter sets are visited in letter order and each is skipped when its bound
    cannot beat the best so far, so the pruning tightens as the best score rises.

    Cost: pangram sets × 128 look-ups for the bounds, then 7 × 64 look-ups per letter set visited."""
    if order not in ORDERS:
        raise WordlabError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    table = points_table(words, rules)
    pangrams = pangram_sets(table, rules)
    bounded = [(letterset_bound(p, table), p) for p in pangrams]
    if order == "bound":
        bounded.sort(key=lambda bp: (-bp[0], bp[1]))
    best, best_score, scored, visited = None, at_least - 1, 0, 0
    with budgeted(budget) as run:
        for bound, pangram in bounded:
            if bound <= best_score:
                if order == "bound":
                    break
                continue
            visited += 1
            if probe:
                probe.call(0)
            for centre in centres(pangram):
                if budget:
                    budget.tick()
                if probe:
                    probe.call(1)
                comb = Honeycomb(pangram, centre)
                value = score_from_table(comb, table)
                scored += 1
                if value > best_score:
                    best, best_score = comb, value
                    _improved(probe, comb, value)
    stopped = run.stopped
    if probe and stopped is None:
        probe.prune(0, len(bounded) - visited)
    return Best(best, best_score if best else 0, scored, len(pangrams) * rules.size, stopped is None, stopped)


# -- the fastest: numpy over the bytes of the word list ------------------------------------------------------

_SUBSET_PICKS = np.array([[k >> j & 1 for j in range(7)] for k in range(128)], dtype=np.int64)  # 128 × 7


_BYTE_BITS = np.zeros(256, np.int64)
_BYTE_BITS[97:123] = 1 << np.arange(26)  # byte of a lowercase letter → its one-letter set; others → 0


def _masks_and_lengths(blob: bytes) -> tuple[np.ndarray, np.ndarray]:
    """Letter sets and lengths of the newline-separated lowercase a–z words in `blob`, vectorised."""
    chars = np.frombuffer(blob + b"\n", dtype=np.uint8)
    ends = np.flatnonzero(chars == 10)
    starts = np.concatenate(([0], ends[:-1] + 1))
    keep = ends > starts
    return np.bitwise_or.reduceat(_BYTE_BITS[chars], starts[keep]), (ends - starts)[keep]


_POPCOUNT16 = np.array([i.bit_count() for i in range(1 << 16)], np.int64)


def _popcount(masks: np.ndarray) -> np.ndarray:
    """How many letters each 26-bit letter set has (two look-ups of 16 bits)."""
    return _POPCOUNT16[masks & 0xFFFF] + _POPCOUNT16[masks >> 16]


def _vector_table(words: Words, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The points table as two sorted arrays: distinct letter sets of the valid words, and their points."""
    masks, lengths = _masks_and_lengths("\n".join(as_wordlist(words).words).encode("ascii"))
    sizes = _popcount(masks)
    valid = (lengths >= rules.min_length) & (sizes <= rules.size) & (masks & rules.forbidden_mask == 0)
    masks, lengths, sizes = masks[valid], lengths[valid], sizes[valid]
    points = np.where(lengths == rules.min_length, 1, lengths) + rules.bonus * (sizes == rules.size)
    keys, where = np.unique(masks, return_inverse=True)
    return keys, np.bincount(where, weights=points).astype(np.int64)


def _letter_bits(pangrams: np.ndarray, size: int) -> np.ndarray:
    """For each pangram set, its `size` one-letter sets in alphabetical order (pangrams × size)."""
    rest, columns = pangrams.copy(), []
    for _ in range(size):
        lowest = rest & -rest
        columns.append(lowest)
        rest ^= lowest
    return np.stack(columns, axis=1).reshape(len(pangrams), size)


_GOLDEN = np.int64(0x9E3779B97F4A7C15 - (1 << 64))  # Fibonacci hashing: multiply (wrapping), keep the top bits


def _slots(masks: np.ndarray, bits: int) -> np.ndarray:
    return ((masks * _GOLDEN) >> (64 - bits)) & ((1 << bits) - 1)


def _hash_table(keys: np.ndarray, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """An open-addressing (linear probing) hash table of nonzero `keys` → `values`, built a round at a time."""
    bits = max(8, int(len(keys)).bit_length() + 3)  # load factor at most 1/4
    table_keys, table_values = np.zeros(1 << bits, np.int64), np.zeros(1 << bits, np.int64)
    pending, slots = np.arange(len(keys)), _slots(keys, bits)
    while pending.size:
        free = table_keys[slots] == 0
        taken, first = np.unique(slots[free], return_index=True)  # one winner per free slot
        winners = pending[free][first]
        table_keys[taken], table_values[taken] = keys[winners], values[winners]
        lost = np.ones(pending.size, bool)
        lost[np.flatnonzero(free)[first]] = False
        pending, slots = pending[lost], (slots[lost] + 1) & ((1 << bits) - 1)
    return table_keys, table_values


def _look_up(table: tuple[np.ndarray, np.ndarray], needles: np.ndarray) -> np.ndarray:
    """The value of each needle in the hash table (0 when absent), probing all needles a round at a time."""
    table_keys, table_values = table
    bits = len(table_keys).bit_length() - 1
    flat = needles.ravel()
    slots = _slots(flat, bits)
    held = table_keys[slots]
    hit = held == flat
    found = table_values[slots] * hit
    index = np.flatnonzero((held != 0) & ~hit)  # the needles that met another key: probe on
    last = len(table_keys) - 1
    slots = slots[index]
    while index.size:
        slots = (slots + 1) & last
        held = table_keys[slots]
        hit = held == flat[index]
        found[index[hit]] = table_values[slots[hit]]
        going = (held != 0) & ~hit
        index, slots = index[going], slots[going]
    return found.reshape(needles.shape)


def _score_matrix(keys: np.ndarray, points: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Pangram sets, their letters (pangrams × size) and every honeycomb's score (pangrams × size)."""
    if size > 7:
        raise WordlabError("the vectorised strategy handles honeycombs of at most 7 letters")
    picks = _SUBSET_PICKS[: 1 << size, :size]
    pangrams = keys[_popcount(keys) == size]
    bits = _letter_bits(pangrams, size)
    subset_points = _look_up(_hash_table(keys, points), bits @ picks.T)  # pangrams × 128 letter sets
    return pangrams, bits, subset_points @ picks  # the points of the subsets holding each letter


def vectorised(words: Words, probe: Probe | None = None, budget: Budget | None = None,
               rules: Rules = STANDARD) -> Best:
    """The points table and all honeycomb scores at once in numpy: for every pangram set, look up its 128
    subsets in a vectorised hash table, then sum per centre with one 128 × 7 matrix product.

    Cost: one vectorised pass over the word bytes, then pangram sets × 128 hash look-ups in C."""
    keys, points = _vector_table(words, rules)
    pangrams, bits, scores = _score_matrix(keys, points, rules.size)
    total = scores.size
    with budgeted(budget) as run:
        if budget:
            budget.tick(total)
    if run.stopped:
        return Best(None, 0, 0, total, False, run.stopped)
    if probe and total:
        probe.call(1, total)  # vectorised: every honeycomb at once
    if total == 0:
        return Best(None, 0, 0, 0, True)
    row, column = np.unravel_index(int(np.argmax(scores)), scores.shape)
    comb, score = Honeycomb(int(pangrams[row]), int(bits[row, column])), int(scores[row, column])
    _improved(probe, comb, score)
    return Best(comb, score, total, total, True)


def all_scores(words: Words, rules: Rules = STANDARD) -> dict[Honeycomb, int]:
    """The score of every candidate honeycomb (vectorised), for histograms and checks."""
    pangrams, bits, scores = _score_matrix(*_vector_table(words, rules), rules.size)
    return {Honeycomb(int(p), int(c)): int(s)
            for p, row_bits, row_scores in zip(pangrams, bits, scores) for c, s in zip(row_bits, row_scores)}


# -- the registry, solve, and the benchmark ------------------------------------------------------------------

HISTORICAL: dict[str, Callable[..., Best]] = {
    "brute-force": brute_force,
    "partitioned": partitioned,
    "bit-patterns": bit_patterns,
    "bit-patterns-inlined": bit_patterns_inlined,
    "partitioned-bit-patterns": partitioned_bit_patterns,
    "partitioned-bit-patterns-inlined": partitioned_bit_patterns_inlined,
}
STRATEGIES: dict[str, Callable[..., Best]] = {
    **HISTORICAL,
    "subset-sum": subset_sum,
    "branch-and-bound": branch_and_bound,
    "vectorised": vectorised,
}
FASTEST = "vectorised"
BASELINE = "partitioned-bit-patterns"


def solve(words: Words, strategy: str = FASTEST, probe: Probe | None = None, budget: Budget | None = None,
          rules: Rules = STANDARD) -> Best:
    """The highest-scoring honeycomb for `words`, found by the named strategy."""
    return pick(STRATEGIES, strategy)(words, probe=probe, budget=budget, rules=rules)


def read_fresh(spec: str) -> WordList:
    """Read the word source `spec` from disk again, bypassing the loader's cache (to time a whole job)."""
    name, _, arg = spec.partition(":")
    if name in SOURCES:
        return SOURCES[name][0](arg or None)
    return load(spec)


def benchmark(words: Words, strategies: Iterable[str] = tuple(STRATEGIES), sample: int = 300, repeats: int = 3,
              rules: Rules = STANDARD, spec: str | None = None) -> "pandas.DataFrame":  # noqa: F821
    """Every strategy on the same words through `wordlab.bench`, one row each, with full-run CPU seconds and
    their ratios to the baseline.

    `seconds` is bench's wall clock; `cpu_seconds` the least process time of the same runs, which a busy
    machine disturbs far less. The historical strategies score `sample` evenly spaced honeycombs; their full
    run (`full_seconds`, CPU) is extrapolated as setup + (run − setup) × candidates ÷ sample, where setup is a
    run with a sample of 1. With a source `spec`, `whole_job_seconds` adds the CPU time to read the list
    afresh (read → answer)."""
    from wordlab import bench

    names = list(strategies)
    wordlist = as_wordlist(words)
    runners = {name: _runner(name, sample, rules) for name in names}
    frame = bench.run(runners, {wordlist.name: wordlist}, repeats=repeats, describe=lambda best: best)
    setups = {name: bench.cpu_seconds(lambda name=name: _runner(name, 1, rules)(wordlist), repeats)[0]
              for name in names if name in HISTORICAL}
    best = list(frame.pop("answer"))
    frame["answer"] = [f"{b.honeycomb} = {b.score}" for b in best]
    frame["scored"] = [b.scored for b in best]
    frame["candidates"] = [b.candidates for b in best]
    frame["full_seconds"] = [extrapolate(s, setups.get(name), b) for name, s, b in
                             zip(frame["strategy"], frame["cpu_seconds"], best)]
    frame["extrapolated"] = [name in HISTORICAL and b.scored < b.candidates for name, b in zip(frame["strategy"], best)]
    if spec is not None:
        frame["whole_job_seconds"] = frame["full_seconds"] + bench.cpu_seconds(lambda: read_fresh(spec), repeats)[0]
    baseline = BASELINE if BASELINE in names else names[0]
    return bench.with_ratios(frame, baseline, "full_seconds")


def _runner(name: str, sample: int | None, rules: Rules) -> Callable[..., Best]:
    """`strategy(words, probe=...)` for bench, the historical strategies on a sample."""
    strategy = pick(STRATEGIES, name)
    options = {"rules": rules, "sample": sample} if name in HISTORICAL else {"rules": rules}
    return lambda words, probe=None: strategy(words, probe=probe, **options)


def extrapolate(seconds: float, setup: float | None, best: Best) -> float:
    """Full-run seconds from a sampled run: setup + per-honeycomb time × all candidates."""
    if setup is None or best.scored >= best.candidates or best.scored <= 1:
        return seconds
    per_honeycomb = max(seconds - setup, 0.0) / (best.scored - 1)
    return setup + per_honeycomb * (best.candidates - 1)


# -- command line ---------------------------------------------------------------------------------------------


def default_words() -> str:
    """ENABLE when it is available offline, else the pip-installed default."""
    return best_available("enable1", fallback=DEFAULT)


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option, add_words_option

    add_words_option(parser, default_words())
    parser.add_argument("--allow-s", action="store_true", help="let honeycombs and words use 's'")
    if command == "solve":
        add_strategy_option(parser, STRATEGIES, default=FASTEST)
        parser.add_argument("--letters", help="a daily puzzle's 7 letters (with --centre): list its words")
        parser.add_argument("--centre", help="the daily puzzle's centre letter")
        parser.add_argument("--show", type=int, default=40, help="how many words to print (default 40)")
        add_budget_options(parser)
    else:
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.add_argument("--sample", type=int, default=300,
                            help="honeycombs the historical strategies score before extrapolating (default 300)")
        parser.add_argument("--repeats", type=int, default=3, help="runs per strategy; the best counts (default 3)")


def cli_solve(args: argparse.Namespace) -> Report:
    from wordlab.cli import budget_from

    rules = WITH_S if args.allow_s else STANDARD
    words = load(args.words)
    if args.letters is not None or args.centre is not None:
        found = daily(args.letters or "", args.centre or "", words, rules)
        return Report(found.text(args.show), found.describe())
    best = solve(words, args.strategy, budget=budget_from(args), rules=rules)
    if best.honeycomb is None:
        raise WordlabError(f"no honeycomb found in {words.name} ({best.stopped or 'no pangram letter sets'})")
    found = puzzle_words(best.honeycomb, words, rules)
    proof = "best" if best.proven else f"best found ({best.stopped})"
    text = (f"{words.name}: {proof} honeycomb {best.honeycomb} = {best.score} points "
            f"({args.strategy}, {best.scored:,} of {best.candidates:,} honeycombs scored)\n{found.text(args.show)}")
    return Report(text, {"words": words.describe(), "strategy": args.strategy, **best.describe(),
                         "puzzle": found.describe()})


def cli_bench(args: argparse.Namespace) -> Report:
    from wordlab.bench import format_table

    rules = WITH_S if args.allow_s else STANDARD
    words = load(args.words)
    frame = benchmark(words, args.strategies, sample=args.sample, repeats=args.repeats, rules=rules, spec=args.words)
    shown = frame.drop(columns=["input", "mean_seconds"]).copy()
    for column in ("cpu_seconds", "full_seconds", "whole_job_seconds"):
        shown[column] = shown[column].round(4)
    baseline = BASELINE if BASELINE in args.strategies else args.strategies[0]
    title = (f"Spelling Bee on {words.name}. ms: wall clock (bench); cpu_seconds: process time of the same runs; "
             f"full_seconds: CPU seconds for the whole search, extrapolated for the historical strategies from "
             f"{args.sample} honeycombs; ratio = full_seconds ÷ {baseline}'s")
    text = format_table(shown, title) + "\n" + targets(frame)
    return Report(text, frame.to_dict(orient="records"))


def targets(frame) -> str:
    """The issue's two targets, in words, from a benchmark frame."""
    rows = frame.set_index("strategy")
    if FASTEST not in rows.index or BASELINE not in rows.index:
        return ""
    fast, base = rows.loc[FASTEST], rows.loc[BASELINE]
    lines = [f"search alone ({FASTEST}, list loaded): {fast['cpu_seconds']:.3f} s CPU, {fast['seconds']:.3f} s wall"]
    if "whole_job_seconds" in rows:
        lines.append(f"whole job read → answer (CPU): {FASTEST} {fast['whole_job_seconds']:.3f} s vs {BASELINE} "
                     f"{base['whole_job_seconds']:.1f} s{' (extrapolated)' if base['extrapolated'] else ''}: "
                     f"{base['whole_job_seconds'] / fast['whole_job_seconds']:,.0f}× faster")
    return "\n".join(lines)
