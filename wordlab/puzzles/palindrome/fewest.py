"""The fewest words in a palindromic pangram (letters unbounded): a bound from the letters words hold, an
exhaustive search by words, and that search cut into units kept in a ledger.

In a phrase w1 … wn that reads the same backwards, the first word comes back reversed at the end. If it is no
longer than the last word, it lies inside it, so its letters are the last word's too; otherwise the last word
lies reversed inside the first. With two words, the phrase's letters are therefore the longer word's; with
three, those of the middle word and the longer outer word. So two words need one word holding every letter,
and three words need two words that together hold every letter (`fewest_words_at_least`).

Beyond that a search decides (`phrase_of_at_most`): it lays whole words on both ends and keeps the letters one
side has that the other has not yet matched (the overhang); a phrase is complete when the overhang reads the
same backwards. `prove_words` cuts it into units of first words and keeps them in a ledger (`ledger.Ledger`:
the same file format, checks and refusals as the proof by letters), on Dask or one after the other; its units
run the same search compiled (`CompiledWords`: the same words placed, in the same order).
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from functools import cached_property

import numpy as np
from numba import njit

from wordlab.structures.letters import ALPHABET, letterset

from .kernel import _popcount


def holders_needed(words, alphabet: str = ALPHABET) -> int:
    """The fewest words whose letters together hold all of `alphabet`, up to 3 (3 means: no two do)."""
    full = letterset(alphabet)
    masks = {letterset(w) & full for w in words}
    if full in masks:
        return 1
    widest = max((m.bit_count() for m in masks), default=0)
    wide = [m for m in masks if m.bit_count() >= full.bit_count() - widest]
    for i, a in enumerate(wide):
        need = full & ~a
        if any(b & need == need for b in wide[i:]):
            return 2
    return 3


def fewest_words_at_least(words, alphabet: str = ALPHABET) -> tuple[int, str]:
    """A lower bound on the words of a palindromic pangram of `words`, and why: 2 (a phrase has two or more);
    3 if no word holds every letter; 4 if no two words hold every letter together."""
    held = holders_needed(words, alphabet)
    if held == 1:
        return 2, "a phrase has two or more words"
    if held == 2:
        return 3, "no word holds every letter, and two words hold only the longer one's letters"
    return 4, ("no two words hold every letter together, and a phrase of two or three words holds only the "
               "letters of two of its words (the shorter outer word comes back reversed inside the other)")


class WordIndex:
    """What the search by words needs: the words as a set, sorted, reversed and sorted, their letter sets, and
    which letter sets one word (`held`) or two words together (`held2`) hold, as bitmaps over every set.

    With `pairs=False` the two-word table is left out, and the search prunes by one word's letters alone (as a
    yardstick for what the pairs buy)."""

    def __init__(self, words, alphabet: str = ALPHABET, pairs: bool = True):
        self.words = sorted(set(words))
        self.known = set(self.words)
        self.reversed = sorted(w[::-1] for w in self.words)
        self.full = letterset(alphabet)
        self.letters = {w: letterset(w) & self.full for w in self.words}
        self.widest = max((m.bit_count() for m in self.letters.values()), default=0)
        self.held = _held_by_one(self.letters.values(), self.full)
        self.widest_sets = _widest_sets(self.letters.values())
        self.holding = _holding(self.widest_sets)
        self.held2 = _held_by_two(self.widest_sets, self.full) if pairs else None
        self._three = np.zeros_like(self.held, np.int8) if pairs else None   # 0 not known, 1 no, 2 yes

    def can_hold(self, missing: int, words: int) -> bool:
        """Can `words` more words hold every `missing` letter? Exact for one or two words (the bitmaps); for three,
        one of them holds the missing letter that fewest widest sets hold and two more hold the rest
        (remembered per set); beyond, a count: each word holds at most `widest` letters."""
        if words <= 0 or missing.bit_count() > self.widest * words:
            return missing == 0
        if words == 1:
            return bool(self.held[missing])
        if self.held2 is None or words > 3:
            return True
        if words == 2:
            return bool(self.held2[missing])
        if not self._three[missing]:
            self._three[missing] = 2 if _held_by_three(self.widest_sets, self.held2, missing, self.holding) else 1
        return self._three[missing] == 2

    @cached_property
    def compiled(self) -> "CompiledWords":
        """The same search compiled (`CompiledWords`), built on first use."""
        return CompiledWords(self)


def _widest_sets(masks) -> np.ndarray:
    """The letter sets no other word's letters contain (every set a word holds lies inside one of them)."""
    ordered = np.array(sorted(set(masks), key=lambda m: (-m.bit_count(), m)), np.int64)
    return ordered[_not_inside_another(ordered)]


@njit(cache=True)
def _not_inside_another(ordered):
    """Per set (largest first), True when no earlier set contains it."""
    keep = np.zeros(ordered.shape[0], np.bool_)
    kept = np.empty(ordered.shape[0], np.int64)
    n = 0
    for i in range(ordered.shape[0]):
        m = ordered[i]
        inside = False
        for j in range(n):
            if kept[j] & m == m:
                inside = True
                break
        if not inside:
            kept[n] = m
            n += 1
            keep[i] = True
    return keep


def _held_by_two(widest: np.ndarray, full: int) -> np.ndarray:
    """Per letter set S, do two words hold all of S together? Every union of two widest sets, then its subsets."""
    held = _unions_of_two(widest, full.bit_length())
    _close_downwards(held, full.bit_length())
    return held


@njit(cache=True)
def _unions_of_two(widest, size):
    held = np.zeros(1 << size, np.bool_)
    for i in range(widest.shape[0]):
        for j in range(i, widest.shape[0]):
            held[widest[i] | widest[j]] = True
    return held


def _close_downwards(held: np.ndarray, size: int) -> None:
    """Mark every subset of a marked set (one pass per letter)."""
    for b in range(size):
        step = 1 << b
        view = held.reshape(-1, 2, step)
        view[:, 0, :] |= view[:, 1, :]


def _holding(widest: np.ndarray) -> np.ndarray:
    """Per letter (bit 0..62), how many of the widest sets hold it."""
    return ((widest[:, None] >> np.arange(63)) & 1).sum(axis=0).astype(np.int64)


@njit(cache=True)
def _held_by_three(widest, held2, missing, holding):
    """Do three words hold all of `missing`? One of them holds its letter that fewest widest sets hold
    (`holding`: how many hold each letter). Any words hold no letters."""
    if missing == 0:
        return True
    rarest, fewest = -1, widest.shape[0] + 1
    for b in range(63):
        if missing >> b & 1 and holding[b] < fewest:
            rarest, fewest = b, holding[b]
    for m in widest:
        if m >> rarest & 1 and held2[missing & ~m]:
            return True
    return False


def _held_by_one(masks, full: int) -> np.ndarray:
    """Per letter set S of the alphabet's letters (as bits 0..25 of a..z), does one word hold all of S? The
    words' letter sets and all their subsets, as a bitmap of booleans (2^26 for the whole alphabet)."""
    held = np.zeros(1 << full.bit_length(), np.bool_)
    held[np.fromiter(masks, np.int64)] = True
    _close_downwards(held, full.bit_length())
    return held


def _starting(ordered: list[str], prefix: str):
    """The strings of sorted `ordered` that start with `prefix`."""
    i = bisect.bisect_left(ordered, prefix)
    while i < len(ordered) and ordered[i].startswith(prefix):
        yield ordered[i]
        i += 1


def _next_words(index: WordIndex, left_over: bool, over: str):
    """The words that can go on against the unmatched letters `over` (on the left when `left_over`: a right word
    must spell them backwards; else a left word must spell them), as (word, it goes left?, overhang after)."""
    for i in range(1, len(over) + 1):
        word = over[:i][::-1] if left_over else over[:i]
        if word in index.known:
            yield word, not left_over, (left_over, over[i:])
    for text in _starting(index.reversed if left_over else index.words, over):
        if len(text) > len(over):
            yield (text[::-1] if left_over else text), not left_over, (not left_over, text[len(over):])


def phrase_of_at_most(index: WordIndex, most: int, budget=None, firsts=None) -> tuple[str, ...] | None:
    """A palindromic pangram of at most `most` words (two or more), or None when none exists: exhaustive
    depth-first search that lays words on both ends, keeping the letters one side has and the other has not
    yet matched (the overhang); a phrase is complete when the overhang reads the same backwards. Pruned when
    the words left cannot hold the missing letters (`WordIndex.can_hold`: exact for one or two words, one word
    and a pair for three, a count beyond). Each placed word is a node charged to `budget`. `firsts`: only the
    phrases whose first word is one of these (default all: each first word is an independent part of the search)."""
    def grow(left: list, right: list, covered: int, left_over: bool, over: str):
        if budget:
            budget.tick()
        placed = len(left) + len(right)
        if covered == index.full and placed >= 2 and over == over[::-1]:
            return tuple(left + right[::-1])
        if placed >= most or not index.can_hold(index.full & ~covered, most - placed):
            return None
        for word, goes_left, (side, rest) in _next_words(index, left_over, over):
            found = grow(left + [word] if goes_left else left, right if goes_left else right + [word],
                         covered | index.letters[word], side, rest)
            if found:
                return found
        return None

    for first in index.words if firsts is None else firsts:
        found = grow([first], [], index.letters[first], True, first)
        if found:
            return found
    return None


def fewest_words(words, alphabet: str = ALPHABET, most: int = 8, budget=None) -> tuple[int, tuple[str, ...] | None]:
    """The fewest words of a palindromic pangram, trying `phrase_of_at_most` for each count from the letters'
    bound (`fewest_words_at_least`) up to `most`: (the count, a phrase of that many words), or, when none
    has at most `most` words, (most + 1, None): a proved lower bound."""
    index = WordIndex(words, alphabet)
    start, _ = fewest_words_at_least(index.words, alphabet)
    for count in range(start, most + 1):
        found = phrase_of_at_most(index, count, budget)
        if found:
            return len(found), found
    return max(start, most + 1), None


# -- a proof by words, unit by unit, in a ledger ------------------------------------------------------------------

CHUNK_WORDS = 250   # first words per unit of a proof by words (part of the code version: the ledgers' units)
_INDEXES: dict[tuple, WordIndex] = {}


def index_for(words: tuple[str, ...], alphabet: str) -> WordIndex:
    """This process's WordIndex for the words (built once)."""
    key = (hash(words), len(words), alphabet)
    if key not in _INDEXES:
        _INDEXES[key] = WordIndex(words, alphabet)
    return _INDEXES[key]


def words_code() -> str:
    """The version a ledger line of the proof by words is valid for: the search's code and the unit size."""
    import hashlib

    from .kernel import source_digest

    stamp = (source_digest((WordIndex, _widest_sets, _not_inside_another, _held_by_two, _unions_of_two,
                            _close_downwards, _holding, _held_by_three, _held_by_one, CompiledWords, _popcount,
                            _can_hold, _worth_placing, _held_by_two_recently, _letter_at, _narrow, _heads, _search_firsts, search_unit)), CHUNK_WORDS)
    return "w" + hashlib.sha256(repr(stamp).encode()).hexdigest()[:15]


def search_unit(words: tuple[str, ...], alphabet: str, most: int, unit: int) -> dict:
    """One unit of the proof that no phrase of at most `most` words exists: the phrases whose first word is one of
    the unit's CHUNK_WORDS words (in sorted order). Its ledger record, without the versions."""
    import time

    index, clock = index_for(words, alphabet), time.perf_counter()
    first = unit * CHUNK_WORDS
    nodes, found = index.compiled.search(most, first, min(first + CHUNK_WORDS, len(index.words)))
    return {"unit": f"w{unit}", "length": most, "outcome": "found" if found else "exhausted", "nodes": nodes,
            "seconds": round(time.perf_counter() - clock, 3), "phrase": " ".join(found) if found else None,
            "units": None}


@dataclass
class WordsClaim:
    """What a ledger of the proof by words says about phrases of at most `most` words."""

    most: int
    units: int
    finished: int
    nodes: int
    seconds: float
    phrase: str | None
    checksum: str
    code: str
    words: str

    @property
    def impossible(self) -> bool:
        return self.finished == self.units and self.phrase is None

    def sentence(self) -> str:
        tally = (f"{self.finished:,} of {self.units:,} units, {self.nodes:,} words placed, {self.seconds:,.1f} s of "
                 f"search; ledger sha256 {self.checksum[:16]}…")
        if self.impossible:
            return f"no palindromic pangram of at most {self.most} words exists in {self.words}: {tally}"
        if self.phrase:
            return (f"a palindromic pangram of {len(self.phrase.split())} words exists in {self.words}: "
                    f"{self.phrase!r} ({tally})")
        return f"at most {self.most} words: undecided in {self.words} ({tally})"

    def as_dict(self) -> dict:
        return {"words at most": self.most, "units": self.units, "finished": self.finished, "nodes": self.nodes,
                "seconds": round(self.seconds, 3), "impossible": self.impossible, "phrase": self.phrase,
                "ledger_sha256": self.checksum, "code": self.code, "words": self.words}


def prove_words(words, most: int, ledger_path, *, alphabet: str = ALPHABET, name: str = "custom",
                scheduler: str | None = "serial", workers: int = 1, report=print) -> WordsClaim:
    """Search every unit of "no palindromic pangram of at most `most` words" not yet in the ledger (`{code}` in
    `ledger_path` is replaced by the code version), on Dask as `ledger.prove` does (`scheduler` "serial": one
    unit after the other here), and return what the ledger then says. Stops at the first unit with a phrase.
    Units run in an order fixed by a hash of their names, so the part done at any moment is a random sample."""
    from pathlib import Path

    from . import ledger as L

    listed = tuple(sorted(set(getattr(words, "words", words))))
    units = -(-len(listed) // CHUNK_WORDS)
    code = words_code()
    book = L.Ledger(Path(str(ledger_path).replace("{code}", code)), code, L.proof.dictionary_digest(listed),
                    "".join(sorted(alphabet)), name)
    for problem in book.problems:
        report(f"ledger: {problem}")
    with L._exclusive(book.path):
        if not book.done(most, L.ROOT):
            book.add({"unit": L.ROOT, "length": most, "outcome": "cut", "nodes": 0, "seconds": 0.0, "phrase": None,
                      "units": units})
        pending = sorted((u for u in range(units) if not book.done(most, f"w{u}")), key=lambda u: L.order(f"w{u}"))
        report(f"at most {most} words on {name}: {units:,} units, {len(pending):,} to search (code {code})")
        if not any(book.records[most, f"w{u}"]["phrase"] for u in range(units) if book.done(most, f"w{u}")):
            _run_units(listed, alphabet, most, pending, book, scheduler, workers, report)
    rows = [book.records[most, f"w{u}"] for u in range(units) if book.done(most, f"w{u}")]
    phrase = next((r["phrase"] for r in rows if r["phrase"]), None)
    return WordsClaim(most, units, len(rows), sum(r["nodes"] for r in rows), sum(r["seconds"] for r in rows), phrase,
                      book.checksum(), code, name)


def _run_units(words, alphabet, most, pending, book, scheduler, workers, report) -> None:
    """Search the pending units, recording each as it finishes; stop at the first phrase."""
    import time

    from . import ledger as L

    clock, done = time.perf_counter(), 0

    def record(row: dict) -> bool:
        nonlocal done
        book.add(row)
        done += 1
        if row["phrase"] or done % 100 == 0 or done == len(pending):
            report(f"{done:,}/{len(pending):,} units, {time.perf_counter() - clock:,.0f} s"
                   + (f": found {row['phrase']!r}" if row["phrase"] else ""))
        return bool(row["phrase"])

    if scheduler == "serial":
        for unit in pending:
            if record(search_unit(words, alphabet, most, unit)):
                return
        return
    from dask.distributed import as_completed

    with L._client(scheduler, workers, report) as client:
        shared = client.submit(L.held, _Words(words), pure=False)   # one object, made again if its worker is lost
        running = as_completed([client.submit(_search_shared, shared, alphabet, most, unit, pure=False,
                                              priority=-i) for i, unit in enumerate(pending)])
        for future in running:
            if record(L.unit_result(future)):
                client.cancel(list(running.futures))
                return


@dataclass(frozen=True)
class _Words:
    """The dictionary as one object for Dask to send to its workers once."""

    words: tuple[str, ...]


def _search_shared(shared: _Words, alphabet: str, most: int, unit: int) -> dict:
    return search_unit(shared.words, alphabet, most, unit)


# -- the same search compiled, for the ledger's units -------------------------------------------------------------

RECENT_BITS = 16  # the two-word answers kept close at hand: 2^16 of them, 512 KB, within a core's own cache


class CompiledWords:
    """`phrase_of_at_most` as numba runs it (`_search_firsts`): the words and the reversed words as one list of
    texts (0..n-1 the words, sorted; n..2n-1 the reversed words, sorted), their letters as small integers in one
    array, which word each text spells, and the WordIndex's tables. The texts starting with an overhang are a
    run of a sorted part, found by halving; the shortest of them is the overhang itself when it is a text.
    The two-word table's answers pass through a small table of recent ones (`_held_by_two_recently`)."""

    def __init__(self, index: WordIndex):
        if index.held2 is None:
            raise ValueError("the compiled search by words needs the two-word table (pairs=True)")
        texts = index.words + index.reversed
        code = {c: i for i, c in enumerate(sorted(set("".join(index.words))))}
        self.index = index
        self.chars = np.array([code[c] for text in texts for c in text], np.int16)
        self.starts = np.cumsum([0] + [len(text) for text in texts], dtype=np.int64)
        place = {w: i for i, w in enumerate(index.words)}
        self.spells = np.array(list(range(len(index.words))) + [place[r[::-1]] for r in index.reversed], np.int64)
        self.letters = np.array([index.letters[w] for w in index.words], np.int64)
        self.longest = max((len(w) for w in index.words), default=1)
        self.heads = _heads(self.chars, self.starts, len(index.words), len(code))

    def search(self, most: int, first: int, last: int) -> tuple[int, tuple[str, ...] | None]:
        """The words placed and the first phrase met (or None) over the first words `index.words[first:last]`,
        as `phrase_of_at_most` with those firsts counts and finds them."""
        index, depth = self.index, max(most, 1)
        path, left = np.zeros(depth, np.int64), np.zeros(depth, np.bool_)
        recent = np.full(1 << RECENT_BITS, -1, np.int64)
        nodes, end = _search_firsts(self.chars, self.starts, self.heads, self.spells, self.letters, len(index.words),
                                    index.full, most, first, last, self.longest, index.widest, index.held,
                                    index.held2, index.widest_sets, index.holding, index._three, recent, path, left)
        if end < 0:
            return nodes, None
        words = [(index.words[path[d]], bool(left[d])) for d in range(end + 1)]
        return nodes, tuple([w for w, on_left in words if on_left] + [w for w, on_left in words if not on_left][::-1])


@njit(cache=True)
def _can_hold(missing, words, widest, held, held2, widest_sets, holding, three):
    """`WordIndex.can_hold`, compiled (the three-word answers remembered in `three`)."""
    if words <= 0 or _popcount(missing) > widest * words:
        return missing == 0
    if words == 1:
        return held[missing]
    if words > 3:
        return True
    if words == 2:
        return held2[missing]
    if three[missing] == 0:
        three[missing] = 2 if _held_by_three(widest_sets, held2, missing, holding) else 1
    return three[missing] == 2


@njit(cache=True)
def _worth_placing(missing, more, widest, held, held2, widest_sets, holding, three, recent):
    """Is a word worth its frame: does it complete the letters (a phrase may end with it), or can the `more`
    words that may follow hold its `missing` letters (`_can_hold`, the two-word answers through `recent`)?"""
    if missing == 0:
        return True
    if more <= 0:
        return False
    if more == 2:
        return _held_by_two_recently(missing, held2, recent)
    return _can_hold(missing, more, widest, held, held2, widest_sets, holding, three)


@njit(cache=True)
def _held_by_two_recently(missing, held2, recent):
    """held2[missing], read through `recent`: a direct-mapped table of recent answers (letter set << 1 | answer).
    A search asks about few distinct sets many times over (on WORD.LST at 7 words, about 120,000 among 5 million
    questions), so this table, small enough to stay in a core's own cache, answers most questions without a read
    of the 64 MB bitmap."""
    slot = ((missing * 0x9E3779B97F4A7C1) >> 20) & (recent.shape[0] - 1)
    if recent[slot] >> 1 == missing:
        return recent[slot] & 1 == 1
    answer = held2[missing]
    recent[slot] = missing << 1 | (1 if answer else 0)
    return answer


@njit(cache=True)
def _letter_at(chars, starts, text, d):
    """The d-th letter of a text, or -1 past its end (so a text sorts before those it starts)."""
    at = starts[text] + d
    return chars[at] if at < starts[text + 1] else -1


@njit(cache=True)
def _narrow(chars, starts, lo, hi, d, letter):
    """Of the texts lo..hi-1 (sorted, sharing their first d letters), the run whose d-th letter is `letter`."""
    a, b = lo, hi
    while a < b:
        m = (a + b) >> 1
        if _letter_at(chars, starts, m, d) < letter:
            a = m + 1
        else:
            b = m
    first, b = a, hi
    while a < b:
        m = (a + b) >> 1
        if _letter_at(chars, starts, m, d) <= letter:
            a = m + 1
        else:
            b = m
    return first, a


@njit(cache=True)
def _heads(chars, starts, n, letters):
    """The runs of texts by their first letter and first two letters, per part (0 the words, 1 the reversed):
    [part, c, c, 0:2] the texts starting with c, [part, c, c2, 2:4] those starting with c then c2."""
    heads = np.zeros((2, letters, letters, 4), np.int64)
    for part in range(2):
        for c in range(letters):
            lo, hi = _narrow(chars, starts, part * n, (part + 1) * n, 0, c)
            for c2 in range(letters):
                heads[part, c, c2, 0], heads[part, c, c2, 1] = lo, hi
                heads[part, c, c2, 2], heads[part, c, c2, 3] = _narrow(chars, starts, lo, hi, 1, c2)
    return heads


@njit(cache=True)
def _search_firsts(chars, starts, heads, spells, letters, n, full, most, first, last, longest, widest, held, held2,
                   widest_sets, holding, three, recent, path, left):
    """`phrase_of_at_most` over the first words first..last-1, depth-first with a stack of frames, the successors
    in the same order: (words placed, depth of the phrase found or -1; the phrase's words in `path`/`left`).
    A frame's overhang is a text from a start letter on, on the left (`side`) or the right. A word whose missing
    letters the words left cannot hold (`_worth_placing`) is counted as placed but gets no frame: entered, it
    would be left at once."""
    size = max(most, 1)
    text, start, side = np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.bool_)
    covered, length = np.zeros(size, np.int64), np.zeros(size, np.int64)
    prefix, cut = np.zeros((size, longest), np.int64), np.zeros((size, longest), np.int64)
    prefixes, lo, hi, step = (np.zeros(size, np.int64), np.zeros(size, np.int64), np.zeros(size, np.int64),
                              np.zeros(size, np.int64))
    nodes = 0
    for word in range(first, last):
        if not _worth_placing(full & ~letters[word], most - 1, widest, held, held2, widest_sets, holding, three,
                              recent):
            nodes += 1
            continue
        d = 0
        text[0], start[0], side[0], covered[0] = word, 0, True, letters[word]
        path[0], left[0] = word, True
        entering = True
        while d >= 0:
            if entering:
                entering = False
                nodes += 1
                a, e = starts[text[d]] + start[d], starts[text[d] + 1]
                whole = covered[d] == full and d >= 1
                i = 0
                while whole and i < (e - a) // 2:
                    whole = chars[a + i] == chars[e - 1 - i]
                    i += 1
                if whole:
                    return nodes, d
                if d + 1 >= most:
                    d -= 1
                    continue
                length[d], k = e - a, 0
                r0, r1, h = (n, 2 * n, 1) if side[d] else (0, n, 0)
                for i in range(e - a):
                    if i == 0:
                        r0, r1 = heads[h, chars[a], chars[a], 0], heads[h, chars[a], chars[a], 1]
                    elif i == 1:
                        r0, r1 = heads[h, chars[a], chars[a + 1], 2], heads[h, chars[a], chars[a + 1], 3]
                    else:
                        r0, r1 = _narrow(chars, starts, r0, r1, i, chars[a + i])
                    if r0 == r1:
                        break
                    if starts[r0 + 1] - starts[r0] == i + 1:      # the overhang's first i+1 letters are a text
                        prefix[d, k], cut[d, k] = r0, i + 1
                        k += 1
                if r0 < r1 and starts[r0 + 1] - starts[r0] == e - a:  # the overhang itself: not longer than it
                    r0 += 1
                prefixes[d], lo[d], hi[d], step[d] = k, r0, r1, 0
            s = step[d]
            while True:
                if s < prefixes[d]:
                    t, new_text, new_start, new_side = prefix[d, s], text[d], start[d] + cut[d, s], side[d]
                elif lo[d] + s - prefixes[d] < hi[d]:
                    t = lo[d] + s - prefixes[d]
                    new_text, new_start, new_side = t, length[d], not side[d]
                else:
                    t = -1
                    break
                s += 1
                rest, more = full & ~(covered[d] | letters[spells[t]]), most - d - 2
                if rest == 0:                          # `_worth_placing`, written out: called here, it costs 3x
                    break
                if more == 2:
                    if _held_by_two_recently(rest, held2, recent):
                        break
                elif more > 0 and _can_hold(rest, more, widest, held, held2, widest_sets, holding, three):
                    break
                nodes += 1
            if t < 0:
                d -= 1
                continue
            step[d] = s
            d += 1
            text[d], start[d], side[d] = new_text, new_start, new_side
            covered[d] = covered[d - 1] | letters[spells[t]]
            path[d], left[d] = spells[t], not side[d - 1]
            entering = True
    return nodes, -1
