"""Spelling Bee honeycombs: which 7 letters and centre letter score the most points?

A valid word has at least 4 letters, at most 7 distinct letters and no 's'. A 4-letter word scores
1, a longer word its length, and a pangram (all 7 letters of the honeycomb) 7 more. A honeycomb is 7
distinct letters, one of them the centre, that make at least one pangram; a word counts for it if it
uses only its letters and contains the centre. The rules are a `Rules` value, so "'s' allowed" is
`WITH_S`.

Letter sets are 26-bit integers from `wordlab.structures`. The input of a search is a word list
(`parse` accepts a `WordList`, any words, or a source spec such as "enable1"); every strategy is a
generator that yields each better honeycomb as `(Honeycomb, score)`, run by `solve` through
`wordlab.search.run`, and takes the option `rules`. The write-up's six historical strategies score
honeycombs one at a time against the word list; they also take `sample=N` to score only N evenly
spaced candidates, so that their full cost can be extrapolated (the run then says it did not cover its
space).

Measured here: on ENABLE the best is A E G I N R T with centre R = 3,898 (the published answer); on the
default wordfreq list (Zipf ≥ 1.5) it is A E G I N R T with centre N = 5,282; with 's' allowed on ENABLE,
A E I N R S T with centre E = 8,681.

Watching a search: a recorded run (`Probe(record=N)`) keeps `Scored` steps, which `render` draws: a
honeycomb with its score and bound, or (centre 0) a pangram letter set before a centre is chosen. The
probe calls the strategies make:

- `branch-and-bound`: `probe.expand(0, …)` per letter set visited (a root, showing its bound, the letter
  sets next in line with their bounds, and the score to beat), `probe.expand(1, parent=…)` per honeycomb
  of it (its score), and `probe.prune(0, n, why="bound 47 cannot beat 100")` for the letter sets cut by
  their bound (the first one cut drawn);
- the scans (the historical strategies, `subset-sum`): one root, `Candidates` (drawn, not counted), and
  a node under it per honeycomb scored; `vectorised`, scoring all at once, one node under it for them all.

Effort: `probe.per_depth[0]` letter sets visited, `probe.per_depth[1]` honeycombs scored, `probe.pruned`
letter sets cut. A minimal strategy of your own, with its tree: docs/puzzles/spelling-bee.md.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from typing import Callable, ClassVar, Iterable, Iterator, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import Bound, Budget, Probe, Result, Waiting, paced, run
from wordlab.structures.letters import ALPHABET, bits_of, is_subset, letters, letterset, subsets
from wordlab.words import WordList, as_wordlist

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
        for name in ("min_length", "size", "bonus"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise WordlabError(f"rules: {name} must be a whole number, not {value!r}")
        if not 1 <= self.size <= 26 or self.min_length < 1 or self.bonus < 0:
            raise WordlabError(f"rules need 1 ≤ size ≤ 26, min_length ≥ 1 and bonus ≥ 0, not {self}")
        if not isinstance(self.forbidden, str) or any(c not in ALPHABET for c in self.forbidden):
            raise WordlabError(f"forbidden letters must be lowercase a–z, not {self.forbidden!r}")

    @property
    def forbidden_mask(self) -> int:
        return letterset(self.forbidden)


STANDARD = Rules()
WITH_S = Rules(forbidden="")


def checked_rules(rules: Rules) -> Rules:
    """`rules`, if it is a `Rules` value (an option given as anything else is named, not failed on)."""
    if not isinstance(rules, Rules):
        raise WordlabError(f"rules must be a spelling_bee.Rules value (e.g. STANDARD or WITH_S), not {rules!r:.60}")
    return rules


class Honeycomb(NamedTuple):
    """Seven letters (a letter set) and the centre letter (a one-letter set)."""

    letters: int
    centre: int

    def __str__(self) -> str:
        return f"{letters(self.letters).upper()} centre {letters(self.centre).upper()}"


class Scored(NamedTuple):
    """A step of a search as the player draws it: a honeycomb with its score, or (centre 0) a whole pangram
    letter set before a centre is chosen; `bound` is the most any honeycomb of these letters can score
    (None where the strategy does not know it), `score` None where nothing is scored yet."""

    letters: int
    centre: int
    score: int | None = None
    bound: int | None = None

    def __str__(self) -> str:  # how a tree drawing labels it
        if not self.centre:
            return letters(self.letters).upper()
        return f"{letters(self.letters).upper()}/{letters(self.centre).upper()} {self.score or 0}"


class Candidates(NamedTuple):
    """The root of a scan: the list of candidate honeycombs the strategy scores one by one (or all at once)."""

    honeycombs: int

    def __str__(self) -> str:
        return f"{self.honeycombs:,} honeycombs"


class Answer(Result):
    """A search's answer: each better honeycomb as found (`value` is the best, `cost` its score)."""

    maximise: ClassVar[bool] = True

    @property
    def honeycomb(self) -> Honeycomb | None:
        return self.value

    @property
    def score(self) -> int:
        return int(self.cost or 0)


def honeycomb(seven: str, centre: str, rules: Rules = STANDARD) -> Honeycomb:
    """The honeycomb of the letters `seven` with centre `centre` (case ignored); bad input raises WordlabError."""
    if not isinstance(seven, str) or not isinstance(centre, str):
        raise WordlabError(f"letters and centre must be strings, not {seven!r} and {centre!r}")
    seven, centre = seven.strip().lower(), centre.strip().lower()
    bad = sorted({c for c in seven + centre if c not in ALPHABET})
    if bad:
        quoted = [repr(c) for c in bad]
        raise WordlabError(f"honeycomb letters must be a–z, not {' or '.join([', '.join(quoted[:-1]), quoted[-1]] if len(quoted) > 1 else quoted)}")
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


def valid_words(words: Words, rules: Rules = STANDARD, budget: Budget | None = None) -> list[str]:
    """The words that can score in some honeycomb."""
    return [w for w in paced(as_wordlist(words), budget, 4096) if is_valid(w, rules)]


def points_table(words: Words, rules: Rules = STANDARD, budget: Budget | None = None) -> dict[int, int]:
    """Total points per distinct letter set of the valid words: {letterset: points}."""
    table: dict[int, int] = defaultdict(int)
    for word in valid_words(words, rules, budget):
        table[letterset(word)] += word_score(word, rules)
    return dict(table)


def pangram_sets(table: Iterable[int], rules: Rules = STANDARD) -> list[int]:
    """The letter sets (from a points table) with exactly `rules.size` letters, sorted."""
    return sorted(s for s in table if s.bit_count() == rules.size)


def candidates(pangrams: Iterable[int]) -> list[Honeycomb]:
    """Every honeycomb: each pangram letter set with each of its letters as the centre."""
    return [Honeycomb(p, c) for p in pangrams for c in bits_of(p)]


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
    """Every valid word the honeycomb makes (uses only its letters, contains the centre), scored.

    Only the words that start with one of the honeycomb's letters are looked at (runs of the sorted list,
    found by bisection), and the test per word is two C-level string operations (a substring test and a
    superset test), not a letter set built per word."""
    if not isinstance(comb, Honeycomb):
        raise WordlabError(f"a honeycomb is made with honeycomb(letters, centre), not {type(comb).__name__} {comb!r:.40}")
    allowed, centre = frozenset(letters(comb.letters)), letters(comb.centre)
    listed = as_wordlist(words).words  # once: `words` may be a generator, which can be read only once
    found = [ScoredWord(w, word_score(w, rules), len(set(w)) == rules.size)
             for first in sorted(allowed) for w in _starting_with(listed, first)
             if centre in w and allowed.issuperset(w) and len(w) >= rules.min_length]
    found.sort(key=lambda w: (-w.points, w.word))
    return Puzzle(comb, tuple(found))


def _starting_with(words: tuple[str, ...], letter: str) -> tuple[str, ...]:
    """The run of the sorted `words` that start with `letter`."""
    return words[bisect_left(words, letter):bisect_left(words, chr(ord(letter) + 1))]


def daily(seven: str, centre: str, words: Words, rules: Rules = STANDARD) -> Puzzle:
    """Today's puzzle: 7 letters and a centre → the words, their points, the pangrams and the total."""
    return puzzle_words(honeycomb(seven, centre, rules), words, rules)


# -- the protocol: input, verifier, drawing, example ----------------------------------------------------------


def parse(words: Words) -> WordList:
    """The word list a search runs on, from a `WordList`, any iterable of words, or a source spec."""
    if isinstance(words, (bytes, int, float)) or words is None:
        raise WordlabError(f"give a word list, words or a source name, not {type(words).__name__} {words!r:.40}")
    return as_wordlist(words)


def verify(given: Words, value: Honeycomb, rules: Rules = STANDARD) -> bool:
    """Is `value` a honeycomb of `given`: `rules.size` letters, none forbidden, the centre one of them, and
    at least one pangram among the words? (Its score is checked by the tests' own scorer.)"""
    if not isinstance(value, Honeycomb):
        return False
    shape = (value.letters.bit_count() == rules.size and value.centre.bit_count() == 1
             and value.centre & value.letters and not value.letters & rules.forbidden_mask)
    return bool(shape) and any(letterset(w) == value.letters for w in as_wordlist(given))


def is_move(given: Words, before: "Scored | Candidates", after: Scored) -> bool:
    """Is `after` one step on from `before` by the puzzle's rules: from the candidates, a honeycomb whose
    letters are those of a word of `given` and whose centre is one of them; from a letter set (no centre
    yet), the same letters with one of them chosen as the centre?"""
    if not isinstance(after, Scored) or after.centre.bit_count() != 1 or not after.centre & after.letters:
        return False
    if isinstance(before, Candidates):
        return any(letterset(word) == after.letters for word in as_wordlist(given))
    return isinstance(before, Scored) and not before.centre and before.letters == after.letters


def render(state: "Scored | Candidates | Honeycomb") -> str:
    """A recorded step drawn: a honeycomb (`Scored`) as its six outer letters around the centre, with its
    score and bound; a letter set with no centre yet as its letters and bound; the candidates of a scan
    as their number. A solution's state is the `Honeycomb` alone: its score is the run's best so far."""
    if isinstance(state, Candidates):
        return f"{state.honeycombs:,} candidate honeycombs, scored one by one"
    if isinstance(state, Honeycomb):
        return _comb_text(state.letters, state.centre) + "\nfound a better honeycomb"
    bound = "unknown" if state.bound is None else f"{state.bound:,}"
    if not state.centre:
        return (f"letter set {' '.join(letters(state.letters).upper())}, no centre chosen yet\n"
                f"bound {bound}: no honeycomb of these letters scores more")
    return _comb_text(state.letters, state.centre) + f"\nscore {state.score or 0:,}  bound {bound}"


def _comb_text(comb: int, centre: int) -> str:
    """The six outer letters around the centre letter, in three lines."""
    outer = [c.upper() for c in letters(comb & ~centre)]
    outer += [" "] * (6 - len(outer))
    return (f"   {outer[0]}   {outer[1]}\n"
            f" {outer[2]}  [{letters(centre).upper()}]  {outer[3]}\n"
            f"   {outer[4]}   {outer[5]}")


EXAMPLE_WORDS = ("rate", "tear", "grain", "tearing", "granite", "ratting", "egg", "gate", "rats", "stringer",
                 "trigger", "garnet", "ingrate", "aerating", "tattering", "intergrade", "trailing", "dearing",
                 "reading", "trading", "grading", "darting")


def example() -> WordList:
    """A 22-word list with four pangram letter sets: every strategy finishes in a moment."""
    return WordList(EXAMPLE_WORDS, name="example")


# -- the write-up's six strategies: score each honeycomb against the word list ---------------------------
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
        for centre in bits_of(entry[0]):
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


def sampled(combs: list[Honeycomb], sample: int | None) -> list[Honeycomb]:
    """`sample` evenly spaced honeycombs of `combs` (all of them when sample is None)."""
    if sample is not None and (not isinstance(sample, int) or isinstance(sample, bool) or sample < 1):
        raise WordlabError(f"sample must be a positive number of honeycombs, not {sample!r}")
    if sample is None or sample >= len(combs):
        return combs
    return [combs[i * len(combs) // sample] for i in range(sample)]


def best_of(combs: list[Honeycomb], score: Callable[[Honeycomb], int], probe: Probe | None,
            budget: Budget | None) -> Iterator[tuple[Honeycomb, int]]:
    """Score each honeycomb in turn, yielding each better one (first wins ties). A scan has no tree: each
    honeycomb scored is a node at depth 1, a child of one root, the candidate list (`Candidates`, drawn but
    not counted: it is not scored)."""
    best_score = -1
    root = probe.expand(0, n=0, state=lambda: Candidates(len(combs))) if probe else None
    for comb in combs:
        if budget:
            budget.tick()
        value = score(comb)
        if probe:
            probe.expand(1, parent=root, state=lambda: Scored(*comb, value))
        if value > best_score:
            best_score = value
            yield comb, value


def _score_each(words: WordList, build: Callable, scorer: Callable[[Honeycomb, object], int], rules: Rules,
                probe: Probe | None, budget: Budget | None, sample: int | None):
    """Build the index once, then score every candidate honeycomb (or an evenly spaced sample) with `scorer`.
    Returns False (did not cover its space) when it scored a sample."""
    valid = valid_words(words, checked_rules(rules), budget)
    index = build(paced(valid, budget, 4096), rules)
    combs = candidates(pangram_sets({letterset(w) for w in paced(valid, budget, 4096)}, rules))
    chosen = sampled(combs, sample)
    yield from best_of(chosen, lambda comb: scorer(comb, index), probe, budget)
    return len(chosen) == len(combs)


def brute_force(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                rules: Rules = STANDARD, sample: int | None = None):
    """Score every honeycomb by scanning every valid word with Python set tests.

    Cost: honeycombs × words subset tests (55,902 × 44,585 ≈ 2.5 billion on ENABLE)."""
    return (yield from _score_each(words, word_sets, score_by_sets, rules, probe, budget, sample))


def partitioned(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                rules: Rules = STANDARD, sample: int | None = None):
    """Like brute force, but scan only the words that contain the centre letter (words partitioned by letter).

    Cost: honeycombs × words containing the centre: it skips the words without the centre, but each word it
    keeps still pays the full subset test."""
    return (yield from _score_each(words, sets_by_letter, score_by_partitioned_sets, rules, probe, budget, sample))


def bit_patterns(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                 rules: Rules = STANDARD, sample: int | None = None):
    """Brute force with letter sets as 26-bit integers, tested by calling `is_subset`.

    Cost: honeycombs × words function calls, each an integer AND instead of a set comparison."""
    return (yield from _score_each(words, word_masks, score_by_bit_patterns, rules, probe, budget, sample))


def bit_patterns_inlined(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                         rules: Rules = STANDARD, sample: int | None = None):
    """Bit patterns with the subset test inlined as `not mask & ~letters` (no function call per word).

    Cost: honeycombs × words integer operations."""
    return (yield from _score_each(words, word_masks, score_by_bit_patterns_inlined, rules, probe, budget, sample))


def partitioned_bit_patterns(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                             rules: Rules = STANDARD, sample: int | None = None):
    """Partitioned by centre letter, with letter sets as integers tested by calling `is_subset`.

    Cost: honeycombs × words containing the centre, one function call each."""
    return (yield from _score_each(words, masks_by_letter, score_by_partitioned_bit_patterns, rules, probe, budget,
                                   sample))


def partitioned_bit_patterns_inlined(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                                     rules: Rules = STANDARD, sample: int | None = None):
    """Partitioned bit patterns with the subset test inlined: the write-up's fastest (37 s there).

    Cost: honeycombs × words containing the centre, a few integer operations each."""
    return (yield from _score_each(words, masks_by_letter, score_by_partitioned_bit_patterns_inlined, rules, probe,
                                   budget, sample))


# -- points table: sum over the subsets of a honeycomb instead of scanning words --------------------------


def subsets_with(mask: int, centre: int) -> list[int]:
    """The subsets of `mask` that contain `centre` (64 of them for 7 letters)."""
    return [sub | centre for sub in subsets(mask & ~centre)]


def score_from_table(comb: Honeycomb, table: dict[int, int]) -> int:
    """A honeycomb's score: the points of every letter set that is a subset of it containing the centre."""
    get = table.get
    return sum(get(s, 0) for s in subsets_with(comb.letters, comb.centre))


def letterset_bound(mask: int, table: dict[int, int]) -> int:
    """An upper bound on any honeycomb with these letters: the points of all its subsets, whatever the centre."""
    get = table.get
    return sum(get(sub, 0) for sub in subsets(mask))


class Tables(NamedTuple):
    """What the table strategies build from a word list: the points table, and every pangram letter set with
    its bound, best bound first (ties in letter-set order)."""

    points: dict[int, int]
    bounded: list[tuple[int, int]]  # (bound, pangram letter set)


CACHE_FROM = 10_000  # lists at least this long keep their tables in the disk cache
TABLES_FORMAT = 1


def tables(words: WordList, rules: Rules = STANDARD, budget: Budget | None = None) -> Tables:
    """The points table and pangram bounds of `words`, from the disk cache when the list is long.

    The cache entry is keyed by a digest of the words themselves and the rules, so another list, an edited
    file or other rules can never be served a stale table."""
    if len(words) < CACHE_FROM:
        return build_tables(words, rules, budget)
    import hashlib

    from wordlab.words.cache import cached_words

    digest = hashlib.sha256("\n".join(words.words).encode()).hexdigest()
    key = f"spelling-bee tables {TABLES_FORMAT}|{rules}|{len(words)} words|sha256 {digest}"
    label = f"spelling-bee-{words.name}-{rules.min_length}-{rules.size}-{rules.forbidden or 'none'}-{rules.bonus}"
    stored = cached_words(label, key, lambda: _flat(build_tables(words, rules, budget)))[0]
    return _unflat(stored)


def build_tables(words: Words, rules: Rules = STANDARD, budget: Budget | None = None) -> Tables:
    """The points table, then each pangram letter set's bound (the points of all its subsets)."""
    table = points_table(words, rules, budget)
    bounded = [(letterset_bound(p, table), p) for p in paced(pangram_sets(table, rules), budget, 512)]
    bounded.sort(key=lambda bp: (-bp[0], bp[1]))
    return Tables(table, bounded)


def _flat(built: Tables) -> tuple:
    return tuple(built.points), tuple(built.points.values()), tuple(b for b, _ in built.bounded), tuple(
        p for _, p in built.bounded)


def _unflat(stored: tuple) -> Tables:
    keys, points, bounds, pangrams = stored
    return Tables(dict(zip(keys, points)), list(zip(bounds, pangrams)))


def subset_sum(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
               rules: Rules = STANDARD):
    """Build a points table per letter set once, then score each honeycomb by summing its 64 centred subsets.

    Cost: one pass over the words, then honeycombs × 64 dictionary look-ups (3.6 million on ENABLE)."""
    table = points_table(words, checked_rules(rules), budget)
    combs = candidates(pangram_sets(table, rules))
    yield from best_of(combs, lambda comb: score_from_table(comb, table), probe, budget)


ORDERS = ("bound", "alphabetical")


def branch_and_bound(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
                     rules: Rules = STANDARD, at_least: int = 0, order: str = "bound"):
    """Bound each pangram letter set by the points of all its subsets, visit them best bound first, and
    stop when no remaining bound can beat the best honeycomb scored (or reach `at_least`, when given).
    With `order="alphabetical"` the letter sets are visited in letter order and each is skipped when its bound
    cannot beat the best so far, so the pruning tightens as the best score rises.

    Cost: pangram sets × 128 look-ups for the bounds (kept in the disk cache for long lists), then 7 × 64
    look-ups per letter set visited."""
    _check_bound_options(order, at_least)
    table, bounded = tables(words, checked_rules(rules), budget)
    if order == "alphabetical":
        bounded = sorted(bounded, key=lambda bp: bp[1])
    best_score = at_least - 1
    for rank, (bound, pangram) in enumerate(bounded):
        if bound <= best_score:
            if probe:
                _bound_cut(probe, bounded, rank, best_score, order)
            if order == "alphabetical":
                continue
            yield Bound(best_score)  # every letter set left is bounded by this one's bound
            break
        if order == "bound":
            yield Bound(bound)  # nothing unvisited scores more than this letter set's bound
        node = _letter_set_visited(probe, bounded, rank, best_score) if probe else None
        for comb, value in scored_centres(pangram, bound, table, probe, budget, node):
            if value > best_score:
                best_score = value
                yield comb, value


def scored_centres(pangram: int, bound: int, table: dict[int, int], probe: Probe | None, budget: Budget | None,
                   parent: int | None) -> Iterator[tuple[Honeycomb, int]]:
    """Each honeycomb of the letter set `pangram` (each of its letters the centre) with its score: a node
    each, a child of the letter set's node `parent`."""
    for centre in bits_of(pangram):
        if budget:
            budget.tick()
        comb = Honeycomb(pangram, centre)
        value = score_from_table(comb, table)
        if probe:
            probe.expand(1, parent=parent, state=lambda: Scored(pangram, centre, value, bound))
        yield comb, value


def _check_bound_options(order: str, at_least: int) -> None:
    if order not in ORDERS:
        raise WordlabError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
    if not isinstance(at_least, int) or isinstance(at_least, bool):
        raise WordlabError(f"at_least must be a whole number of points, not {at_least!r}")


SHOWN = 8  # letter sets listed beside a recorded step


def _letter_set_visited(probe: Probe, bounded: list[tuple[int, int]], rank: int, best_score: int) -> int | None:
    """Tell the probe the letter set at `rank` is visited (a root: the letter sets are the search's first
    level), with the frontier the letter sets still waiting after it (as every strategy counts it), listing it
    and the next ones in visiting order with their bounds as f; its node id."""
    bound, pangram = bounded[rank]
    return probe.expand(0, len(bounded) - rank - 1, state=lambda: Scored(pangram, 0, None, bound),
                        queue=lambda: _listed(bounded[rank:rank + SHOWN], "next"),
                        facts=lambda: _bound_facts(bound, best_score))


def _bound_cut(probe: Probe, bounded: list[tuple[int, int]], rank: int, best_score: int, order: str) -> None:
    """Tell the probe the letter set at `rank` is pruned by its bound: in bound order with every one after it
    (their bounds are no higher), one pruned leaf standing for them all. Letter sets are roots, so the
    pruned leaf is one too, at depth 0."""
    bound, pangram = bounded[rank]
    cut = len(bounded) - rank if order == "bound" else 1
    probe.prune(0, cut, why=f"bound {bound:,} cannot beat {best_score:,}",
                state=lambda: Scored(pangram, 0, None, bound),
                queue=lambda: _listed(bounded[rank:rank + min(cut, SHOWN)], "cut", every="cut"),
                facts=lambda: (*_bound_facts(bound, best_score), ("letter sets cut", f"{cut:,}")))


def _listed(bounded: list[tuple[int, int]], first: str, every: str = "") -> list[Waiting]:
    """Frontier rows for (bound, letter set) pairs, the bound as f; the first marked `first`."""
    return [Waiting(letters(pangram).upper(), None, None, bound, first if i == 0 else every)
            for i, (bound, pangram) in enumerate(bounded)]


def _bound_facts(bound: int, best_score: int) -> tuple[tuple[str, str], ...]:
    """The side panel's rows: the letter set's bound, and the score a honeycomb must beat (the best so far,
    or `at_least` − 1 before one reaches it)."""
    return ("bound", f"{bound:,}"), ("score to beat", f"{best_score:,}" if best_score >= 0 else "none yet")


# -- the fastest from scratch: numpy over the bytes of the word list -----------------------------------------
# numpy is imported only here, when this strategy runs: the command line's other paths never pay for it.


@cache
def _numpy_tables():
    """numpy, the 128 × 7 subset picks, the byte → letter-bit table and a 16-bit popcount table."""
    import numpy as np

    picks = np.array([[k >> j & 1 for j in range(7)] for k in range(128)], dtype=np.int64)
    byte_bits = np.zeros(256, np.int64)
    byte_bits[97:123] = 1 << np.arange(26)  # byte of a lowercase letter → its one-letter set; others → 0
    popcount16 = np.array([i.bit_count() for i in range(1 << 16)], np.int64)
    return np, picks, byte_bits, popcount16


def _masks_and_lengths(blob: bytes):
    """Letter sets and lengths of the newline-separated lowercase a–z words in `blob`, vectorised."""
    np, _, byte_bits, _ = _numpy_tables()
    chars = np.frombuffer(blob + b"\n", dtype=np.uint8)
    ends = np.flatnonzero(chars == 10)
    starts = np.concatenate(([0], ends[:-1] + 1))
    keep = ends > starts
    return np.bitwise_or.reduceat(byte_bits[chars], starts[keep]), (ends - starts)[keep]


def _popcount(masks):
    """How many letters each 26-bit letter set has (two look-ups of 16 bits)."""
    popcount16 = _numpy_tables()[3]
    return popcount16[masks & 0xFFFF] + popcount16[masks >> 16]


def _vector_table(words: WordList, rules: Rules):
    """The points table as two sorted arrays: distinct letter sets of the valid words, and their points."""
    np = _numpy_tables()[0]
    masks, lengths = _masks_and_lengths("\n".join(words.words).encode("ascii"))
    sizes = _popcount(masks)
    valid = (lengths >= rules.min_length) & (sizes <= rules.size) & (masks & rules.forbidden_mask == 0)
    masks, lengths, sizes = masks[valid], lengths[valid], sizes[valid]
    points = np.where(lengths == rules.min_length, 1, lengths) + rules.bonus * (sizes == rules.size)
    keys, where = np.unique(masks, return_inverse=True)
    return keys, np.bincount(where, weights=points).astype(np.int64)


def _letter_bits(pangrams, size: int):
    """For each pangram set, its `size` one-letter sets in alphabetical order (pangrams × size)."""
    np = _numpy_tables()[0]
    rest, columns = pangrams.copy(), []
    for _ in range(size):
        lowest = rest & -rest
        columns.append(lowest)
        rest ^= lowest
    return np.stack(columns, axis=1).reshape(len(pangrams), size)


_GOLDEN = 0x9E3779B97F4A7C15 - (1 << 64)  # Fibonacci hashing: multiply (wrapping), keep the top bits


def _slots(masks, bits: int):
    np = _numpy_tables()[0]
    return ((masks * np.int64(_GOLDEN)) >> (64 - bits)) & ((1 << bits) - 1)


def _hash_table(keys, values):
    """An open-addressing (linear probing) hash table of nonzero `keys` → `values`, built a round at a time."""
    np = _numpy_tables()[0]
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


def _look_up(table, needles):
    """The value of each needle in the hash table (0 when absent), probing all needles a round at a time."""
    np = _numpy_tables()[0]
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


def _score_matrix(keys, points, size: int):
    """Pangram sets, their letters (pangrams × size) and every honeycomb's score (pangrams × size)."""
    if size > 7:
        raise WordlabError("the vectorised strategy handles honeycombs of at most 7 letters")
    picks = _numpy_tables()[1][: 1 << size, :size]
    pangrams = keys[_popcount(keys) == size]
    bits = _letter_bits(pangrams, size)
    subset_points = _look_up(_hash_table(keys, points), bits @ picks.T)  # pangrams × 128 letter sets
    return pangrams, bits, subset_points @ picks  # the points of the subsets holding each letter


def vectorised(words: WordList, *, probe: Probe | None = None, budget: Budget | None = None,
               rules: Rules = STANDARD):
    """The points table and all honeycomb scores at once in numpy: for every pangram set, look up its 128
    subsets in a vectorised hash table, then sum per centre with one 128 × 7 matrix product.

    Cost: importing numpy once, one vectorised pass over the word bytes, then pangram sets × 128 hash look-ups
    in C.

    It has no tree: a recorded run shows one root, the candidates (not counted), and under it one node that
    stands for every honeycomb scored (counted as all of them) and shows the best."""
    np = _numpy_tables()[0]
    if budget:
        budget.check()
    keys, points = _vector_table(words, checked_rules(rules))
    if budget:
        budget.check()
    pangrams, bits, scores = _score_matrix(keys, points, rules.size)
    if budget:
        budget.tick(scores.size)  # every honeycomb at once: charged together
    if scores.size:
        row, column = np.unravel_index(int(np.argmax(scores)), scores.shape)
        best, score = Honeycomb(int(pangrams[row]), int(bits[row, column])), int(scores[row, column])
        if probe:
            root = probe.expand(0, n=0, state=lambda: Candidates(int(scores.size)))
            probe.expand(1, n=scores.size, parent=root, state=lambda: Scored(*best, score, score))
        yield best, score


def all_scores(words: Words, rules: Rules = STANDARD) -> dict[Honeycomb, int]:
    """The score of every candidate honeycomb (vectorised), for histograms and checks."""
    pangrams, bits, scores = _score_matrix(*_vector_table(as_wordlist(words), rules), rules.size)
    return {Honeycomb(int(p), int(c)): int(s)
            for p, row_bits, row_scores in zip(pangrams, bits, scores) for c, s in zip(row_bits, row_scores)}


# -- the registry and solve -----------------------------------------------------------------------------------

HISTORICAL: dict[str, Callable[..., Iterator]] = {
    "brute-force": brute_force,
    "partitioned": partitioned,
    "bit-patterns": bit_patterns,
    "bit-patterns-inlined": bit_patterns_inlined,
    "partitioned-bit-patterns": partitioned_bit_patterns,
    "partitioned-bit-patterns-inlined": partitioned_bit_patterns_inlined,
}
STRATEGIES: dict[str, Callable[..., Iterator]] = {
    **HISTORICAL,
    "subset-sum": subset_sum,
    "branch-and-bound": branch_and_bound,
    "vectorised": vectorised,
}
DEFAULT_STRATEGY = "branch-and-bound"
BASELINE = "partitioned-bit-patterns"


def solve(given: Words, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Answer:
    """The highest-scoring honeycomb for the words `given`, found by the named strategy (an `Answer`:
    `honeycomb`, `score`, `optimal`, and each better honeycomb on the way in `solutions`)."""
    return run(STRATEGIES, strategy, given, prepare=parse, result=Answer, render=render, probe=probe,
               budget=budget, **options)


# -- the benchmark --------------------------------------------------------------------------------------------


def benchmark(words: Words, strategies: Iterable[str] = tuple(STRATEGIES), sample: int = 300, repeats: int = 3,
              rules: Rules = STANDARD) -> "pandas.DataFrame":  # noqa: F821
    """Every strategy on the same words, one row each: CPU seconds of `repeats` runs (least, median, most,
    which a busy machine disturbs far less than wall-clock time), the full-run estimates from them, the
    effort counts of one probed run, and ratios to the baseline.

    The historical strategies score `sample` evenly spaced honeycombs; each such run is paired with a run that
    scores one (its set-up), and the pair is extrapolated to a full run as
    setup + (run − setup) × (candidates − 1) ÷ (sample − 1), so set-up is counted once and not once per
    honeycomb. `full_seconds` is the least of the pairs' estimates (the ratios use it), `full_median_seconds`
    and `full_max_seconds` their median and most."""
    import statistics

    import pandas as pd

    from wordlab import bench

    names = list(strategies)
    wordlist = as_wordlist(words)
    total = counts(wordlist, rules)["honeycombs"]
    rows = []
    for name in names:
        runner = _runner(name, sample, rules)
        answer = runner(wordlist, probe=Probe())
        scored = answer.probe.per_depth[1]
        runs, setups = _cpu_runs(runner, _runner(name, 1, rules) if name in HISTORICAL else None, wordlist, repeats)
        full = sorted(extrapolate(run, setup, scored, total) for run, setup in zip(runs, setups))
        rows.append({"input": wordlist.name, "strategy": name, "calls": answer.probe.nodes, "scored": scored,
                     "candidates": total, "answer": f"{answer.honeycomb} = {answer.score}",
                     "cpu_seconds": min(runs), "median_cpu_seconds": statistics.median(runs),
                     "max_cpu_seconds": max(runs),
                     "setup_seconds": statistics.median(setups) if name in HISTORICAL else None,
                     "extrapolated": name in HISTORICAL and scored < total,
                     "full_seconds": full[0], "full_median_seconds": statistics.median(full),
                     "full_max_seconds": full[-1]})
    baseline = BASELINE if BASELINE in names else names[0]
    return bench.with_ratios(pd.DataFrame(rows), baseline, "full_seconds")


def _cpu_runs(runner: Callable, setup: Callable | None, words: WordList,
             repeats: int) -> tuple[list[float], list[float | None]]:
    """CPU seconds of `repeats` runs of `runner(words)`, each after a run of `setup(words)` when given (the
    pairs are made back to back, so that a busy machine disturbs both alike)."""
    from wordlab.bench import cpu_seconds

    if not isinstance(repeats, int) or repeats < 1:
        raise WordlabError(f"repeats must be a whole number ≥ 1, not {repeats!r}")
    runs, setups = [], []
    for _ in range(repeats):
        setups.append(cpu_seconds(lambda: setup(words))[0] if setup else None)
        runs.append(cpu_seconds(lambda: runner(words))[0])
    return runs, setups


def _runner(name: str, sample: int | None, rules: Rules) -> Callable[..., Answer]:
    """`solve(words, name, probe=...)` for bench, the historical strategies on a sample."""
    options = {"rules": rules, "sample": sample} if name in HISTORICAL else {"rules": rules}
    return lambda words, probe=None: solve(words, name, probe=probe, **options)


def extrapolate(seconds: float, setup: float | None, scored: int, candidates: int) -> float:
    """Full-run seconds from a run that scored `scored` of `candidates` honeycombs: setup + per-honeycomb time ×
    all candidates, where `setup` is the time of a run that scored one."""
    if setup is None or scored >= candidates or scored <= 1:
        return seconds
    per_honeycomb = max(seconds - setup, 0.0) / (scored - 1)
    return setup + per_honeycomb * (candidates - 1)
