"""Proving a palindromic pangram shortest: exhaustive depth-first search from the centre outwards.

`anytime` grows phrases from both ends, which finds short ones quickly but proves little: at the
ends nothing is decided yet, so no bound can say much. Growing from the *centre* turns that round.
A start state is the centre: a palindromic tail t that ends the middle word (its left part still to
be spelled, leftwards, by the *left* walk in the trie of reversed words; the right walk starts a word
in the forward trie), or a palindromic head t that starts it (the mirror case), or an empty centre
between two words. Both walks then take the same letter, outwards, restarting at their root at a word
end. A phrase is complete when both walks stand at a word end with every letter covered: its length
is 2k + |t| after k letters per side. Nothing can be added at the centre later, so every bound sees
all it needs:

1. counting: each missing letter still needs a place on both sides (2 letters per missing letter);
2. realizable words: outside the middle word a word w can stand only if its mirror image (w reversed)
   can be spelled across a word's tail, whole realizable words and a word's head, and if its own
   repeated letters fit the waste a length allows (L letters leave (L + 1) // 2 - |alphabet| repeats
   in the half); the filter is iterated to a fixpoint (`realizable`);
3. covers: both walks spell the same letters, so *each* must bring in every missing letter by itself:
   finish its current word (one of the completions listed per trie node), then whole realizable words.
   `cover_tables` answers "can whole words cover exactly these letters with at most s repeats?" for
   every letter set at once: a bitmap of 2^|alphabet| bits per s, built by a subset-sum sweep;
4. canonical order: where both walks restart together the phrase splits into blocks that can be
   reordered freely, so only one order is searched: each block must hold the rarest letter missing
   when it began;
5. a transposition table (fixed size, lossy) remembers the states that failed after expanding, with
   their room; a state the cover tests reject is cheaper to test again than to look up;
6. each walk's cover test (3.) is answered from a finish table where the walk's node has a long list
   of completions (`finish_tables`: the cover tables pushed by the node's completions, every missing
   set at once) and remembered elsewhere by walk, node, missing letters and slack (`_finishes`): one
   left walk meets many right walks, and the answer does not depend on them. Both give the answers
   the list scan gives, so they change the time a search takes, never its nodes;
7. a state that passes its tests asks each walk which letters it can go on with inside its word and still
   pass its cover test one letter further out (`_next_letters`): the first letters of the completions that
   pass here (each list entry keeps its first letters, `first_letters`), or, for a list too long to scan,
   each child's own test. A letter either walk rules out is not taken, so the states its cover test would
   reject at once are never entered (on WORD.LST at 56 letters, about a quarter of the nodes remain);
   a node's row of list bounds, table and ends, and its completions packed one number each (`packed`),
   keep each test to a few memory reads.

The kernels are compiled with numba; `_search.py_func` is the same loop in plain Python (for `%lprun`).
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import inspect
import os
import pickle
import textwrap
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from numba import njit

from wordlab.search import Budget, Probe
from wordlab.search.probe import paced

COVER_WASTE = 3        # cover tables up to this many repeats; with more slack the cover test does not prune
JOINT_PAIRS = 1 << 10  # the joint completion test judges states whose two completion lists make this few pairs
NEXT_LETTERS_UP_TO = 1024  # longer completion lists give a walk's next letters by testing each child instead of a scan
FINISH_TABLES_FROM = 256  # long proofs give lists this long a finish table (WORD.LST at 56 letters: 268, 6.3 GiB)
MEMO_BITS = 24         # transposition table of 2^24 entries (about 300 MB) for large dictionaries
CHUNK = 200_000        # nodes per call of the compiled search, between budget and progress checks
TIMED_CHUNK = 5_000    # the same under a time limit (a few hundredths of a second)
FOUND, EXHAUSTED, PAUSED, SPLIT = 1, 0, -1, 2
EPOCH_SHIFT = 40       # transposition keys carry the search's epoch above this bit: a new epoch starts empty
Phrase = tuple[str, ...]


# -- letters as bits ------------------------------------------------------------------------------------


def letter_bits(words, alphabet: str, budget: Budget | None = None) -> np.ndarray:
    """Per letter a..z the bit that stands for it (0 for letters outside `alphabet`). The letters that
    fewest repeat-free words hold get the low bits: the cover tables' sweep is cheapest that way."""
    holders = {c: 0 for c in alphabet}
    for word in paced(words, budget):
        if len(set(word)) == len(word):
            for c in set(word) & holders.keys():
                holders[c] += 1
    bits = np.zeros(26, np.int64)
    for rank, c in enumerate(sorted(alphabet, key=lambda c: (holders[c], c))):
        bits[ord(c) - 97] = 1 << rank
    return bits


def mask(text: str, bits: np.ndarray) -> int:
    m = 0
    for c in text:
        m |= int(bits[ord(c) - 97])
    return m


def waste(word: str, bits: np.ndarray) -> int:
    """Letters of `word` that add nothing new: repeats and letters outside the alphabet."""
    return len(word) - mask(word, bits).bit_count()


def allowed_waste(limit: int, letters: int) -> int:
    """Repeats a phrase of `limit` letters can afford in its half (and centre letter)."""
    return (limit + 1) // 2 - letters


# -- which words can stand outside the middle -------------------------------------------------------------


def realizable(words, bits: np.ndarray, most_waste: int, budget: Budget | None = None) -> list[str]:
    """The words that can appear outside the middle word of a palindrome with at most `most_waste`
    repeated letters in its half: few enough repeats of their own, and a mirror image spelled by
    a word's tail, realizable words, and a word's head (or lying inside one word). Iterated until
    nothing more drops out. Cost: a few passes of O(Σ len²) set lookups."""
    heads, tails, inside = set(), set(), set()
    for w in paced(words, budget):
        heads.update(w[:i] for i in range(len(w) + 1))
        tails.update(w[i:] for i in range(len(w) + 1))
        inside.update(w[i:j] for i in range(len(w)) for j in range(i + 1, len(w) + 1))
    kept = [w for w in paced(words, budget) if waste(w, bits) <= most_waste]
    while True:
        usable = set(kept)
        now = []
        for w in paced(kept, budget):
            if w[::-1] in inside or _spelled(w[::-1], heads, tails, usable):
                now.append(w)
        if len(now) == len(kept):
            return now
        kept = now


def _spelled(text: str, heads: set, tails: set, words: set) -> bool:
    """Is `text` a word's tail, then words, then a word's head?"""
    n = len(text)
    reach = [text[:i] in tails for i in range(n + 1)]
    for i in range(n + 1):
        if reach[i]:
            if text[i:] in heads:
                return True
            for j in range(i + 1, n + 1):
                if not reach[j] and text[i:j] in words:
                    reach[j] = True
    return False


# -- tries as arrays ----------------------------------------------------------------------------------------


def trie_arrays(words, budget: Budget | None = None) -> np.ndarray:
    """A trie as an int32 array [node, letter] -> child node (-1 for none), root 0, in breadth-first
    order, so every child comes after its parent."""
    kids: list[dict] = [{}]
    for word in paced(words, budget):
        node = 0
        for c in word:
            node = kids[node].setdefault(c, len(kids))
            if node == len(kids):
                kids.append({})
    order, number = [0], {0: 0}
    for old in paced(order, budget):
        for c in sorted(kids[old]):
            number[kids[old][c]] = len(order)
            order.append(kids[old][c])
    children = np.full((len(order), 26), -1, np.int32)
    for old in order:
        for c, child in kids[old].items():
            children[number[old], ord(c) - 97] = number[child]
    return children


def walk(children: np.ndarray, text: str) -> int:
    node = 0
    for c in text:
        node = children[node, ord(c) - 97]
        if node < 0:
            return -1
    return int(node)


def terminals(children: np.ndarray, words, budget: Budget | None = None) -> np.ndarray:
    ends = np.zeros(children.shape[0], np.bool_)
    for word in paced(words, budget):
        ends[walk(children, word)] = True
    return ends


@njit(cache=True)
def _holders(children, ends):
    """Per letter a..z, how many of the words marked in `ends` hold it (a word's letters: its trie path)."""
    held = np.zeros(children.shape[0], np.int64)
    counts = np.zeros(26, np.int64)
    for x in range(children.shape[0]):      # breadth-first order: a parent before its children
        for c in range(26):
            y = children[x, c]
            if y >= 0:
                held[y] = held[x] | (1 << c)
        if ends[x]:
            for c in range(26):
                if held[x] >> c & 1:
                    counts[c] += 1
    return counts


def outside_holders(tables: Tables) -> np.ndarray:
    """Per letter a..z, how many words that can stand outside the middle word (`realizable`) hold it: the
    letters few of them hold are the hard ones to place anywhere but the centre (on WORD.LST at 57 letters,
    q is in 77 such words, j in 654, e in tens of thousands)."""
    children, _, real_end = tables.right[:3]
    return _holders(children, real_end)


# -- cover tables --------------------------------------------------------------------------------------------


@njit(cache=True)
def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


@njit(cache=True)
def _push(source, target, parts, high_bits):
    """target |= {S ⊎ P : S in source, P in parts, S and P disjoint}, on bitmaps where letter set S is
    bit S & 63 of word S >> 6. Each part costs 2^(free high bits) word operations."""
    keep = np.zeros(64, np.uint64)
    for low in range(64):
        for b in range(64):
            if b & low == 0:
                keep[low] |= np.uint64(1) << np.uint64(b)
    full = (1 << high_bits) - 1
    for i in range(parts.shape[0]):
        high, low = parts[i] >> 6, parts[i] & 63
        free = full & ~high
        sub = free
        while True:
            moved = source[sub] & keep[low]
            if moved:
                target[sub | high] |= moved << np.uint64(low)
            if sub == 0:
                break
            sub = (sub - 1) & free


@njit(cache=True)
def _costly_parts(masks, wastes, most):
    """Every (letters, cost) a word can contribute at a cost of 1..most: its letters minus some it
    repeats elsewhere (each dropped letter costs 1), plus its own repeats. Duplicates included."""
    total = 0
    for step in range(2):
        if step == 1:
            sets = np.empty(total, np.int64)
            costs = np.empty(total, np.int64)
            total = 0
        for i in range(masks.shape[0]):
            m, w = masks[i], wastes[i]
            drop = m
            while True:
                cost = w + _popcount(drop)
                if 0 < cost <= most and drop != m:
                    if step == 1:
                        sets[total] = m & ~drop
                        costs[total] = cost
                    total += 1
                if drop == 0:
                    break
                drop = (drop - 1) & m
    return sets, costs


def _push_in_chunks(source, target, parts, high_bits, budget) -> None:
    """`_push` a few parts at a time, looking at the budget's clock between (each part costs 2^(free high bits))."""
    step = max(1, (1 << 22) >> high_bits)
    for i in paced(range(0, len(parts), step), budget, every=1):
        _push(source, target, parts[i:i + step], high_bits)


def cover_tables(words, bits: np.ndarray, letters: int, most: int = COVER_WASTE, budget: Budget | None = None) -> np.ndarray:
    """D[s] for s = 0..most: bitmaps of the letter sets that whole `words` cover exactly (each letter
    once, plus at most s repeated or dropped letters). Built from the repeat-free words by a subset-sum
    sweep, then each costlier layer from the cheaper ones. Memory (most+1)·2^letters bits."""
    high_bits = max(0, letters - 6)
    masks = np.array([mask(w, bits) for w in paced(words, budget)], np.int64)
    wastes = np.array([waste(w, bits) for w in paced(words, budget)], np.int64)
    free = np.unique(masks[wastes == 0])
    tables = np.zeros((most + 1, 1 << high_bits), np.uint64)
    tables[0, 0] = 1
    _push_in_chunks(tables[0], tables[0], free, high_bits, budget)
    sets, costs = _costly_parts(masks[wastes <= most], wastes[wastes <= most], most)
    order = np.lexsort((costs, sets))
    sets, costs = sets[order], costs[order]
    first = np.ones(len(sets), bool)
    first[1:] = sets[1:] != sets[:-1]
    sets, costs = sets[first], costs[first]
    new = (tables[0][sets >> 6] >> (sets & 63).astype(np.uint64)) & np.uint64(1) == 0
    sets, costs = sets[new], costs[new]
    for s in range(1, most + 1):
        tables[s] = tables[s - 1]
        for c in range(1, s + 1):
            _push_in_chunks(tables[s - c], tables[s], sets[costs == c], high_bits, budget)
    return tables


# -- ways to finish the current word -------------------------------------------------------------------------


@njit(cache=True)
def _completions(children, ends, bits, most, first, stop, sets, lengths, used, top, bottom):
    """Per trie node x from top - 1 down to bottom, the distinct letter sets that finish a word from it,
    each with its shortest length, keeping those with at most `most` repeats, cheapest first: node x's
    list goes to sets/lengths[first[x]:stop[x]] (children come after their parents, so theirs are
    there already). Returns (entries used, the node it stopped before: bottom, or x when full)."""
    capacity = sets.shape[0]
    for x in range(top - 1, bottom - 1, -1):
        size = 1
        for c in range(26):
            if children[x, c] >= 0:
                y = children[x, c]
                size += stop[y] - first[y]
        cand_set = np.empty(size, np.int64)
        cand_len = np.empty(size, np.int64)
        m = 0
        if ends[x]:
            cand_set[0] = 0
            cand_len[0] = 0
            m = 1
        for c in range(26):
            y = children[x, c]
            if y < 0:
                continue
            for i in range(first[y], stop[y]):
                s, l = sets[i] | bits[c], lengths[i] + 1
                if l - _popcount(s) <= most:
                    cand_set[m] = s
                    cand_len[m] = l
                    m += 1
        order = np.argsort(cand_set[:m] * 64 + cand_len[:m])
        keep_set = np.empty(m, np.int64)
        keep_len = np.empty(m, np.int64)
        kept = 0
        for j in range(m):
            i = order[j]
            if kept == 0 or keep_set[kept - 1] != cand_set[i]:
                keep_set[kept] = cand_set[i]
                keep_len[kept] = cand_len[i]
                kept += 1
        cost = np.empty(kept, np.int64)
        for j in range(kept):
            cost[j] = (keep_len[j] - _popcount(keep_set[j])) * 64 + keep_len[j]
        order = np.argsort(cost)
        if used + kept > capacity:
            return used, x + 1
        first[x] = used
        for j in range(kept):
            sets[used] = keep_set[order[j]]
            lengths[used] = keep_len[order[j]]
            used += 1
        stop[x] = used
    return used, bottom


def completions(children: np.ndarray, ends: np.ndarray, bits: np.ndarray, most: int, budget: Budget | None = None) -> tuple:
    """`_completions` for every node, 20,000 nodes at a time with a look at the budget's clock between,
    growing the buffer when it fills."""
    n = children.shape[0]
    first, stop = np.zeros(n, np.int64), np.zeros(n, np.int64)
    sets, lengths = np.empty(1 << 20, np.int64), np.empty(1 << 20, np.int64)
    used, top = 0, n
    while top > 0:
        if budget:
            budget.check()
        bottom = max(0, top - 20_000)
        used, reached = _completions(children, ends, bits, most, first, stop, sets, lengths, used, top, bottom)
        if reached > bottom:  # the buffer is full
            sets, lengths = np.resize(sets, 4 * sets.shape[0]), np.resize(lengths, 4 * lengths.shape[0])
        top = reached
    return first, stop, sets[:used], lengths[:used]


@njit(cache=True)
def _first_letters(children, bits, most, first, stop, sets, lengths, firsts, top, bottom):
    """For nodes top - 1 down to bottom: per entry of a node's completion list (a letter set with its shortest
    length), every first letter of a way to finish the word with that letter set, as a mask of letters a..z
    (bit c): the letters whose child lists hold the set less that letter, or with it, at a length that keeps
    the entry within `most` repeats. The empty completion has none."""
    for x in range(top - 1, bottom - 1, -1):
        m = stop[x] - first[x]
        if m == 0:
            continue
        order = np.argsort(sets[first[x]:stop[x]])
        ordered = sets[first[x]:stop[x]][order]
        for c in range(26):
            y = children[x, c]
            if y < 0:
                continue
            for i in range(first[y], stop[y]):
                s, l = sets[i] | bits[c], lengths[i] + 1
                if l - _popcount(s) > most:
                    continue
                k = np.searchsorted(ordered, s)
                if k < m and ordered[k] == s:
                    firsts[first[x] + order[k]] |= 1 << c


def first_letters(children: np.ndarray, bits: np.ndarray, most: int, lists: tuple,
                  budget: Budget | None = None) -> np.ndarray:
    """`_first_letters` for every node of a completion list (`completions`), 20,000 nodes at a time with a
    look at the budget's clock between."""
    first, stop, sets, lengths = lists[:4]
    firsts = np.zeros(len(sets), np.int32)
    for top in range(children.shape[0], 0, -20_000):
        if budget:
            budget.check()
        _first_letters(children, bits, most, first, stop, sets, lengths, firsts, top, max(0, top - 20_000))
    return firsts


def finish_tables(lists: tuple, cover: np.ndarray, letters: int, from_length: int | None,
                  budget: Budget | None = None) -> tuple:
    """The completion lists with, for each node whose list holds at least `from_length` letter sets, a
    finish table: `_can_finish` answered for every set of missing letters and every slack at once, as
    bitmaps shaped like the cover tables. Returns (first, stop, sets, lengths, table per node (-1: none),
    tables). A long list is scanned at almost every visit (most of its sets share a covered letter and
    fail), so a lookup there replaces thousands of steps. Memory: the cover tables' size per such node;
    `from_length` None: no tables."""
    first, stop, sets, lengths = lists
    nodes = np.flatnonzero(stop - first >= from_length) if from_length is not None else np.zeros(0, np.int64)
    table = np.full(len(first), -1, np.int32)
    tables = np.zeros((len(nodes), *cover.shape), np.uint64)
    for i, node in enumerate(nodes):
        _finish_table(sets[first[node]:stop[node]], lengths[first[node]:stop[node]], cover, letters, tables[i], budget)
        table[node] = i
    return first, stop, sets, lengths, table, tables


def _finish_table(sets: np.ndarray, lengths: np.ndarray, cover: np.ndarray, letters: int, out: np.ndarray,
                  budget: Budget | None) -> None:
    """out[s] = the missing-letter sets M for which one of these completions, then whole words, brings in
    M with at most s repeats: a completion S of waste w, disjoint from a set that whole words cover with
    s - w repeats (cover tables pushed by S), or such a set with one letter fewer at one repeat more (a
    letter of S that is covered already: `_drop_one` of out[s - 1])."""
    high_bits = max(0, letters - 6)
    wastes = lengths - np.array([int(s).bit_count() for s in sets], np.int64)
    for s in range(out.shape[0]):
        for w in range(s + 1):
            _push_in_chunks(cover[s - w], out[s], np.unique(sets[wastes == w]), high_bits, budget)
        if s:
            out[s] |= _drop_one(out[s - 1], letters, budget)


def _drop_one(table: np.ndarray, letters: int, budget: Budget | None = None) -> np.ndarray:
    """{X minus one of its letters : X in table}, for a bitmap where set X is bit X & 63 of word X >> 6."""
    out = np.zeros_like(table)
    for b in range(letters):
        if budget:
            budget.check()
        if b < 6:
            step = 1 << b
            held = sum((1 << x for x in range(64) if x & step), 0)
            out |= (table & np.uint64(held)) >> np.uint64(step)
        else:
            step = 1 << (b - 6)
            out.reshape(-1, 2, step)[:, 0] |= table.reshape(-1, 2, step)[:, 1]
    return out


# columns of a side's node records (`packed`): the outside lists, the ends, the middle-word lists
OUT_FIRST, OUT_STOP, OUT_TABLE, ANY_END, REAL_END, MID_FIRST, MID_STOP, MID_TABLE = range(8)
LENGTH_SHIFT, WASTE_SHIFT = 32, 48  # a packed completion: letters | length << 32 | repeats << 48


def packed(side: tuple, firsts: tuple) -> tuple:
    """A side (children, any ends, realizable ends, middle-word lists, outside lists) with what the search reads
    at every node in one row of 8 numbers (`OUT_FIRST`..`MID_TABLE`: one cache line), each list's
    completions packed into one number each (letters, length, repeats), so that a node's test touches its
    row, then its table bit, remembered answer or entries, and the entries' first letters (`first_letters`,
    for the middle-word lists and the outside lists)."""
    children, any_end, real_end, in_middle, outside = side[:5]
    rows = np.zeros((children.shape[0], 8), np.int64)
    rows[:, OUT_FIRST], rows[:, OUT_STOP], rows[:, OUT_TABLE] = outside[0], outside[1], outside[4]
    rows[:, ANY_END], rows[:, REAL_END] = any_end, real_end
    rows[:, MID_FIRST], rows[:, MID_STOP], rows[:, MID_TABLE] = in_middle[0], in_middle[1], in_middle[4]

    def entries(lists):
        sets, lengths = lists[2], lists[3]
        counts = np.unpackbits(np.ascontiguousarray(sets).view(np.uint8)).reshape(-1, 64).sum(axis=1, dtype=np.int64)
        return sets | lengths << LENGTH_SHIFT | (lengths - counts) << WASTE_SHIFT

    return (children, any_end, real_end, in_middle, outside, rows, entries(in_middle), entries(outside)) + firsts


@njit(cache=True)
def _can_finish(first, stop, sets, lengths, node, missing, slack, cover):
    """Can one walk, from `node`, finish its word and go on with whole words so as to bring in every
    `missing` letter with at most `slack` repeats? Slack beyond the cover tables is not judged."""
    if slack >= cover.shape[0]:
        return True
    for i in range(first[node], stop[node]):
        s, l = sets[i], lengths[i]
        if l - _popcount(s) > slack:
            return False
        spent = l - _popcount(s & missing)
        if spent <= slack:
            rest = missing & ~s
            if (cover[slack - spent, rest >> 6] >> np.uint64(rest & 63)) & np.uint64(1):
                return True
    return False


@njit(cache=True)
def _covers(cover, slack, letters):
    return (cover[slack, letters >> 6] >> np.uint64(letters & 63)) & np.uint64(1)


@njit(cache=True)
def _entry_finishes(e, missing, slack, cover):
    """Does the packed completion `e` (`packed`), then whole words, bring in every `missing` letter with at most
    `slack` repeats? Its letters already covered count as repeats."""
    s = e & ((1 << LENGTH_SHIFT) - 1)
    spent = ((e >> LENGTH_SHIFT) & 0xFFFF) - _popcount(s & missing)
    return spent <= slack and _covers(cover, slack - spent, missing & ~s) == 1


@njit(cache=True)
def _scan(entries, first, stop, missing, slack, cover):
    """`_can_finish` on packed completions (`packed`), cheapest first: stops at the first too costly."""
    for i in range(first, stop):
        e = entries[i]
        if e >> WASTE_SHIFT > slack:
            return False
        if _entry_finishes(e, missing, slack, cover):
            return True
    return False


@njit(cache=True)
def _finishes(rows, col, entries, tables, node, missing, slack, cover, known, walk):
    """`_can_finish` for `node` with the lists whose columns start at `col` (OUT_FIRST or MID_FIRST): read
    from the node's finish table if it has one (`finish_tables`), else remembered in `known` (a direct-mapped
    table; empty: nothing is remembered) by the walk and its node (`walk`), the missing letters and the
    slack. Each entry holds the whole key and the answer, so a hit is always right; a collision only
    overwrites."""
    if slack >= cover.shape[0]:
        return True
    table = rows[node, col + 2]
    if table >= 0:
        return _covers(tables[table], slack, missing) == 1
    if known.shape[0] == 0:
        return _scan(entries, rows[node, col], rows[node, col + 1], missing, slack, cover)
    key = (walk << 30 | slack << 26 | missing) + 1
    x = (key * 0x9E3779B97F4A7C1) & ((1 << 62) - 1)
    x ^= x >> 31
    i = x & (known.shape[0] - 1)
    if known[i] >> 1 == key:
        return known[i] & 1 == 1
    answer = _scan(entries, rows[node, col], rows[node, col + 1], missing, slack, cover)
    known[i] = key << 1 | (1 if answer else 0)
    return answer


@njit(cache=True)
def _finish_together(lrows, lcol, lent, rrows, rcol, rent, f, r, missing, slack, cover, pairs):
    """Can both walks finish their current words *in one string*? Both spell the same letters outwards,
    so one walk's completion is a prefix of the other's: one letter set holds the other. A pair of
    completions must agree that way and each leave a rest that whole words cover within the slack.
    Judged only when the two lists have at most `pairs` pairs (a walk at a word end has the empty
    completion, which agrees with any other, so nothing is gained there). Cost: up to `pairs` pairs."""
    lf, ls = lrows[f, lcol], lrows[f, lcol + 1]
    rf, rs = rrows[r, rcol], rrows[r, rcol + 1]
    if slack >= cover.shape[0] or (ls - lf) * (rs - rf) > pairs:
        return True
    low = (1 << LENGTH_SHIFT) - 1
    for i in range(lf, ls):
        ea = lent[i]
        if ea >> WASTE_SHIFT > slack:
            break
        if not _entry_finishes(ea, missing, slack, cover):
            continue
        a = ea & low
        for j in range(rf, rs):
            eb = rent[j]
            if eb >> WASTE_SHIFT > slack:
                break
            both = a & eb & low
            if (both == a or both == eb & low) and _entry_finishes(eb, missing, slack, cover):
                return True
    return False


@njit(cache=True)
def _next_letters(children, bits, rows, col, entries, firsts, tables, node, missing, slack, cover, known, walk, shift,
                  longest, wanted):
    """The letters a walk at `node` can go on with inside its word (no restart) and still pass its cover test
    (`_finishes`) one letter further out. From a list of at most `longest` completions: the first letters of
    those that pass the test here (a completion's shortest length stands for all of its first letters', so
    this may let through a letter that then fails; it never keeps one out that passes). From a longer one:
    each child's own test (`walk` and `shift` make its key for `known`: 2 * (shift + child) + walk). Only the
    `wanted` letters are judged (the others may be left out); all of them when the test does not judge the
    slack."""
    if slack >= cover.shape[0]:
        return wanted
    letters = 0
    if rows[node, col + 1] - rows[node, col] > longest:
        for c in range(26):
            y = children[node, c]
            if y < 0 or not wanted >> c & 1:
                continue
            inside = missing & bits[c] != 0
            after = slack if inside else slack - 1
            if after >= 0 and _finishes(rows, col, entries, tables, y, missing & ~bits[c], after, cover, known,
                                        2 * (shift + y) + walk):
                letters |= 1 << c
        return letters
    for i in range(rows[node, col], rows[node, col + 1]):
        e = entries[i]
        if e >> WASTE_SHIFT > slack:
            break
        new = firsts[i] & wanted & ~letters
        if new and _entry_finishes(e, missing, slack, cover):
            letters |= new
    return letters


@njit(cache=True)
def _steps(children, node, at_end):
    """The letters a walk at `node` can take next: to a child, or, at a word end (not the root), from the root."""
    letters = 0
    for c in range(26):
        if children[node, c] >= 0 or (at_end and node != 0 and children[0, c] >= 0):
            letters |= 1 << c
    return letters


# -- the transposition table -----------------------------------------------------------------------------------


@njit(cache=True)
def _slot(keys, k1, k2):
    """The first of a key's four slots. The epoch bits of k2 are left out, so a unit meets the same
    collisions in whichever epoch it runs, and its node count does not depend on what ran before."""
    k2 &= (1 << EPOCH_SHIFT) - 1
    x = (k1 * 0x9E3779B97F4A7C1 + k2 * 0x632BE59BD9B4E01) & ((1 << 62) - 1)
    x ^= x >> 29
    return x & (keys.shape[0] - 1)


@njit(cache=True)
def _recall(keys, room, k1, k2):
    """The most room a search from this state failed with, or -1. Slots of another epoch count as empty."""
    i = _slot(keys, k1, k2)
    for j in range(4):
        s = (i + j) & (keys.shape[0] - 1)
        if room[s] < 0 or keys[s, 1] >> EPOCH_SHIFT != k2 >> EPOCH_SHIFT:
            return -1
        if keys[s, 0] == k1 and keys[s, 1] == k2:
            return room[s]
    return -1


@njit(cache=True)
def _remember(keys, room, k1, k2, failed):
    """Record a failure; when the four slots it may use are taken (in this epoch), overwrite the first."""
    i = _slot(keys, k1, k2)
    for j in range(4):
        s = (i + j) & (keys.shape[0] - 1)
        if room[s] < 0 or keys[s, 1] >> EPOCH_SHIFT != k2 >> EPOCH_SHIFT or (keys[s, 0] == k1 and keys[s, 1] == k2):
            break
    else:
        s = i
    keys[s, 0], keys[s, 1] = k1, k2
    room[s] = failed


# -- the search ---------------------------------------------------------------------------------------------------

@njit(cache=True)
def _step(children, node, at_end, restart, c):
    """A walk's node after letter c: from `node`, or, restarting, from the root (allowed at a word
    end, not at the root itself); -1 if the trie has no such letter there."""
    if not restart:
        return children[node, c]
    return children[0, c] if at_end and node != 0 else -1


# columns of the explicit stack: one row per depth
LEFT, RIGHT, COVERED, MIDDLE, NEED, NEXT = range(6)
MOVES, LETTERS = (1 << 8) - 1, (1 << 26) - 1
NEXT_LEFT, NEXT_RIGHT = 8, 34  # NEXT holds the next move and, above it, the letters each walk can go on with


@njit(cache=True, nogil=True)
def _search(left, right, cover, bits, rarest, full, limit, tail, stack, top, path, tally, keys, fails, known, budget,
            floor=0, split=-1, epoch=0, pairs=0):
    """Depth-first search from the state in stack row `floor` for a phrase of at most `limit` letters.
    Resumable: it stops after `budget` nodes (PAUSED), keeping its place in `stack`/`top`; FOUND
    leaves the solution's moves in `path[1..top]`; EXHAUSTED means none exists below the start.
    With `split` > 0 it stops at each state of that depth, uncounted (SPLIT), so the caller can hand the
    state on as a work unit and go on with `top[0] - 1`; states above it are then never remembered
    as failed. `epoch` names the transposition table's generation: a new one starts empty. `pairs` > 0
    adds the joint test of both walks' completions (`_finish_together`) where the lists are that short.
    `known` remembers the walks' cover tests (`_finishes`; valid for these tables only, across searches).

    left/right: (children, any-word ends, realizable ends, completions for both kinds of ends).
    A row's MIDDLE is 1 while the left walk is still in the middle word (any word may end there),
    2 for the right walk, 0 after. NEED is the rarest letter the current block must bring in.
    Moves are numbered letter·4 + 2·(left restarts) + (right restarts). Costs per node: two
    completion-list scans (cut short at the first too costly) and a table probe; per node that passes
    them, each walk's next letters (`_next_letters`)."""
    lch, lrows, lmid, lout, lmidfirst, loutfirst = left[0], left[5], left[6], left[7], left[8], left[9]
    rch, rrows, rmid, rout, rmidfirst, routfirst = right[0], right[5], right[6], right[7], right[8], right[9]
    lmidtabs, louttabs, rmidtabs, routtabs = left[3][5], left[4][5], right[3][5], right[4][5]
    nleft, nright = lch.shape[0], rch.shape[0]
    d = top[0]
    done = 0
    while d >= floor:
        f, r, covered, middle, need = stack[d, 0], stack[d, 1], stack[d, 2], stack[d, 3], stack[d, 4]
        lend = lrows[f, ANY_END] if middle == 1 else lrows[f, REAL_END]
        rend = rrows[r, ANY_END] if middle == 2 else rrows[r, REAL_END]
        room = limit - tail - 2 * d
        k1 = (f * nright + r) * 3 + middle
        k2 = covered | (_popcount(need - 1) + 1 if need else 0) << 26 | epoch << EPOCH_SHIFT
        move = stack[d, 5]
        if move < 0:                                   # entering the node
            if d == split:
                top[0] = d
                return SPLIT
            if done >= budget:
                top[0] = d
                return PAUSED
            done += 1
            tally[0] += 1
            tally[8 + d] += 1
            if covered == full and lend and rend and d > 0:
                top[0] = d
                return FOUND
            missing = full & ~covered
            slack = (room - 2 * _popcount(missing)) // 2
            lcol = MID_FIRST if middle == 1 else OUT_FIRST
            rcol = MID_FIRST if middle == 2 else OUT_FIRST
            lent = lmid if middle == 1 else lout
            rent = rmid if middle == 2 else rout
            if slack < 0 or not _finishes(lrows, lcol, lent, lmidtabs if middle == 1 else louttabs, f, missing,
                                          slack, cover, known, 2 * f + (middle == 1)) \
                    or not _finishes(rrows, rcol, rent, rmidtabs if middle == 2 else routtabs, r, missing, slack,
                                     cover, known, 2 * (nleft + r) + (middle == 2)) \
                    or not _finish_together(lrows, lcol, lent, rrows, rcol, rent, f, r, missing, slack, cover,
                                            pairs):
                tally[1] += 1
                d -= 1
                continue
            if _recall(keys, fails, k1, k2) >= room:
                tally[2] += 1
                d -= 1
                continue
            wanted = LETTERS                           # the letters the counting bound allows one further out
            if tail + 2 * d + 2 + 2 * _popcount(missing) > limit:
                wanted = 0
                for c in range(26):
                    if missing & bits[c]:
                        wanted |= 1 << c
            lnext = _next_letters(lch, bits, lrows, lcol, lent, lmidfirst if middle == 1 else loutfirst,
                                  lmidtabs if middle == 1 else louttabs, f, missing, slack, cover, known,
                                  middle == 1, 0, NEXT_LETTERS_UP_TO, wanted & _steps(rch, r, rend))
            lsteps = lnext | (_steps(lch, 0, 0) if lend and f != 0 else 0)
            rnext = _next_letters(rch, bits, rrows, rcol, rent, rmidfirst if middle == 2 else routfirst,
                                  rmidtabs if middle == 2 else routtabs, r, missing, slack, cover, known,
                                  middle == 2, nleft, NEXT_LETTERS_UP_TO, wanted & lsteps)
            move = 0
        else:                                          # back from a child: the letters each walk can go on with
            lnext, rnext = (move >> NEXT_LEFT) & LETTERS, (move >> NEXT_RIGHT) & LETTERS
            move &= MOVES
        advanced = False
        while move < 104:
            c, lnew, rnew = move >> 2, (move >> 1) & 1, move & 1
            move += 1
            bit = bits[c]
            after = covered | bit
            if tail + 2 * d + 2 + 2 * _popcount(full & ~after) > limit:
                move = (c + 1) * 4
                continue
            if not (lnew or lnext >> c & 1) or not (rnew or rnext >> c & 1):
                continue                               # that walk's cover test fails one letter further out
            a = _step(lch, f, lend, lnew, c)
            b = _step(rch, r, rend, rnew, c)
            if a < 0 or b < 0:
                continue
            block = need
            if lnew and rnew:                          # both restart: a block just closed
                if need and not covered & need:
                    continue
                block = 0
                for q in range(rarest.shape[0]):
                    if not covered & rarest[q]:
                        block = rarest[q]
                        break
            stack[d, 5] = move | lnext << NEXT_LEFT | rnext << NEXT_RIGHT
            d += 1
            stack[d, 0], stack[d, 1], stack[d, 2] = a, b, after
            stack[d, 3] = 0 if (middle == 1 and lnew) or (middle == 2 and rnew) else middle
            stack[d, 4], stack[d, 5] = block, -1
            path[d] = move - 1
            advanced = True
            break
        if not advanced:
            if d > split:
                _remember(keys, fails, k1, k2, room)
            d -= 1
    top[0] = floor - 1
    return EXHAUSTED


# -- the tables for one dictionary and the search driver --------------------------------------------------------


@dataclass(frozen=True)
class Centre:
    """A start state: the centre `text` (a palindrome), which walk is still in the middle word
    (1 left: text ends it; 2 right: text starts it; 0: no middle word), the walks' nodes, letters."""

    text: str
    middle: int
    left: int
    right: int
    covered: int


@dataclass
class Tables:
    """What the search needs for one dictionary and one allowance of repeats (`most_waste`)."""

    most_waste: int
    bits: np.ndarray        # letter a..z -> its bit
    rarest: np.ndarray      # bits of the alphabet's letters, rarest first
    full: int
    left: tuple             # walk in the trie of reversed words: (children, any ends, realizable ends, lists)
    right: tuple            # walk in the forward trie
    cover: np.ndarray
    centres: list[Centre]
    realizable: int
    memo_bits: int
    memos: list = field(default_factory=list)  # per worker: transposition table (keys, failed room), cover answers

    def memo(self, worker: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        while len(self.memos) <= worker:
            self.memos.append((np.zeros((1 << self.memo_bits, 2), np.int64), np.full(1 << self.memo_bits, -1, np.int32),
                               self.known()))
        return self.memos[worker]

    def known(self) -> np.ndarray:
        """An empty table for remembering cover tests (`_finishes`), a quarter the transposition table's size."""
        return np.zeros(1 << max(10, self.memo_bits - 2), np.int64)

    def forget(self) -> None:
        """Empty the transposition tables and the remembered cover tests (for runs that should start cold)."""
        for _, fails, known in self.memos:
            fails[:] = -1
            known[:] = 0


def build_tables(words, alphabet: str, rarest: str, most_waste: int, budget: Budget | None = None,
                 finish_from: int | None = None) -> Tables:
    """Filter the words (`realizable`), build the cover tables, both tries with their completion lists
    (finish tables for the realizable-end lists of at least `finish_from` sets: worth their build and
    memory in runs of hours), the centres and an empty transposition table, looking at the budget's clock
    every fraction of a second."""
    bits = letter_bits(words, alphabet, budget)
    usable = realizable(words, bits, most_waste, budget)
    most = min(most_waste, COVER_WASTE)
    cover = cover_tables(usable, bits, len(alphabet), most, budget)
    sides = []
    for spelled, ends in (([w[::-1] for w in words], [w[::-1] for w in usable]), (list(words), usable)):
        children = trie_arrays(spelled, budget)
        any_end, real_end = terminals(children, spelled, budget), terminals(children, ends, budget)
        lists = completions(children, any_end, bits, most, budget), completions(children, real_end, bits, most, budget)
        in_middle = finish_tables(lists[0], cover, len(alphabet), None)
        outside = finish_tables(lists[1], cover, len(alphabet), finish_from, budget)
        firsts = tuple(first_letters(children, bits, most, kind, budget) for kind in lists)
        sides.append(packed((children, any_end, real_end, in_middle, outside), firsts))
    left, right = sides
    size = max(12, min(MEMO_BITS, int(np.log2(left[0].shape[0] + right[0].shape[0])) + 6))
    return Tables(most_waste, bits, np.array([int(bits[ord(c) - 97]) for c in rarest], np.int64),
                  (1 << len(alphabet)) - 1, left, right, cover, _centres(words, left[0], right[0], bits, budget),
                  len(usable), size)


def rarest_first(words, alphabet: str) -> str:
    """The alphabet's letters ordered by how often they occur in `words`, rarest first (ties a..z)."""
    counts = {c: 0 for c in alphabet}
    for word in words:
        for c in word:
            if c in counts:
                counts[c] += 1
    return "".join(sorted(alphabet, key=lambda c: (counts[c], c)))


TABLES_FORMAT = 4  # bump when the stored Tables change shape or module
CACHE_AFTER_SECONDS = 0.5  # tables that took longer than this to build are kept on disk
CACHE_BYTES = 16 << 30     # the disk cache keeps the most recently used tables up to this size


def tables_key(words, alphabet: str, most_waste: int, finish_from: int | None) -> str:
    """What `build_tables` makes its tables from: the words, the alphabet, the allowance of repeats, where finish
    tables start, and the code that builds them (24 hex digits of sha256). The build is deterministic, so the
    same key means the same tables."""
    words = tuple(sorted(set(words)))
    return hashlib.sha256(repr((TABLES_FORMAT, dictionary_digest(words), alphabet, rarest_first(words, alphabet),
                                most_waste, finish_from, source_digest(BUILDERS))).encode()).hexdigest()[:24]


def tables_path(words, alphabet: str, most_waste: int, finish_from: int | None) -> Path:
    """Where the disk cache keeps these tables (`cached_tables`)."""
    from wordlab.words import cache_dir

    return cache_dir() / "palindrome" / f"tables-{tables_key(words, alphabet, most_waste, finish_from)}.pickle"


def cached_tables(words, alphabet: str, most_waste: int, budget: Budget | None = None,
                  finish_from: int | None = None) -> Tables:
    """`build_tables` for these words, served from the disk cache (`cache_dir()/palindrome/`) when the same
    words, alphabet, allowance and table-building code made them before; written there otherwise (when
    they took more than CACHE_AFTER_SECONDS to build), under the budget's clock. Writing drops the least
    recently used tables beyond CACHE_BYTES (WORD.LST's take gigabytes, and each code version its own)."""
    words = tuple(sorted(set(words)))
    rarest = rarest_first(words, alphabet)
    path = tables_path(words, alphabet, most_waste, finish_from)
    try:
        tables = read_mapped(path)
    except (OSError, ValueError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    else:
        with contextlib.suppress(OSError):
            os.utime(path)  # recently used: the last to be dropped
        return tables
    clock = time.perf_counter()
    tables = build_tables(words, alphabet, rarest, most_waste, budget, finish_from)
    if time.perf_counter() - clock < CACHE_AFTER_SECONDS:
        return tables  # cheaper to build again than to keep
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{threading.get_ident()}.part")
        write_mapped(tables, partial)
        partial.replace(path)
        _drop_least_recently_used(path)
    except OSError:
        pass  # a cache that cannot be written is simply skipped
    return tables


MAPPED_FROM = 1 << 20  # arrays of at least this many bytes are stored page-aligned, to be mapped, not read
PAGE = 1 << 12


def write_mapped(value, path: Path) -> None:
    """Pickle `value` into `path` with its large arrays' bytes laid out after the pickle, each at a page
    boundary, so that `read_mapped` maps them instead of reading them: a header (magic, the pickle's length,
    the number of arrays), each array's (offset, size), the pickle, then the arrays."""
    large: list[pickle.PickleBuffer] = []

    def keep_apart(buffer: pickle.PickleBuffer) -> bool:
        if buffer.raw().nbytes < MAPPED_FROM:
            return True   # small: inside the pickle
        large.append(buffer)
        return False

    body = pickle.dumps(value, protocol=5, buffer_callback=keep_apart)
    head = 24 + 16 * len(large)
    offset, spans = _page_up(head + len(body)), []
    for buffer in large:
        spans.append((offset, buffer.raw().nbytes))
        offset = _page_up(offset + buffer.raw().nbytes)
    with open(path, "wb") as out:
        out.write(MAPPED_MAGIC + np.array([len(body), len(large)], np.int64).tobytes()
                  + np.array(spans, np.int64).reshape(-1).tobytes() + body)
        for (start, _), buffer in zip(spans, large):
            out.seek(start)
            out.write(buffer.raw())


def read_mapped(path: Path):
    """What `write_mapped` wrote, its large arrays mapped copy-on-write from the file (pages are read when
    first touched, and the operating system is asked to read them all ahead), so that gigabytes of tables
    are ready at once rather than after a full read."""
    import mmap

    with open(path, "rb") as stored:
        if stored.read(8) != MAPPED_MAGIC:
            raise ValueError(f"{path.name} is not a mapped pickle")
        length, count = np.frombuffer(stored.read(16), np.int64)
        spans = np.frombuffer(stored.read(16 * int(count)), np.int64).reshape(-1, 2)
        body = stored.read(int(length))
        mapped = mmap.mmap(stored.fileno(), 0, access=mmap.ACCESS_COPY) if count else None
    if mapped is not None:
        with contextlib.suppress(AttributeError, OSError):
            mapped.madvise(mmap.MADV_WILLNEED)
    view = memoryview(mapped) if mapped is not None else None
    return pickle.loads(body, buffers=[view[int(start):int(start) + int(size)] for start, size in spans])


MAPPED_MAGIC = b"wlmap\x00\x01\x00"


def _page_up(n: int) -> int:
    return -(-n // PAGE) * PAGE


def _drop_least_recently_used(kept: Path) -> None:
    """Delete cached tables, least recently used first, until the rest fit in CACHE_BYTES (`kept` stays)."""
    def used(path: Path) -> tuple[float, int]:
        try:
            status = path.stat()
            return status.st_mtime, status.st_size
        except OSError:  # deleted meanwhile by another process
            return 0.0, 0

    files = sorted(((used(path), path) for path in kept.parent.glob("tables-*.pickle")), reverse=True)
    total = 0
    for (_, size), path in files:
        total += size
        if total > CACHE_BYTES and path != kept:
            path.unlink(missing_ok=True)
            total -= size


def dictionary_digest(words) -> str:
    """sha256 of the distinct words, sorted, one per line."""
    return hashlib.sha256("".join(w + "\n" for w in sorted(set(words))).encode()).hexdigest()


_PARSING = threading.Lock()  # Python 3.11's parser may fail when two threads parse at once


def source_digest(functions) -> str:
    """sha256 of the functions' code with docstrings left out (comments never reach the syntax tree), so
    that rewording prose keeps it and any change to what the code does changes it."""
    digest = hashlib.sha256()
    for function in functions:
        with _PARSING:
            tree = ast.parse(textwrap.dedent(inspect.getsource(getattr(function, "py_func", function))))
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
        digest.update(ast.dump(tree).encode())
    return digest.hexdigest()


def tables_digest(tables: Tables) -> str:
    """sha256 of everything in the tables that decides what the search visits."""
    digest = hashlib.sha256(repr((tables.most_waste, tables.full, tables.realizable,
                                  [(c.text, c.middle, c.left, c.right, c.covered) for c in tables.centres])).encode())

    def add(part):
        if isinstance(part, tuple):
            for item in part:
                add(item)
        else:
            array = np.ascontiguousarray(part)
            digest.update(f"{array.dtype}{array.shape}".encode())
            digest.update(array.data)

    add((tables.bits, tables.rarest, tables.left, tables.right, tables.cover))
    return digest.hexdigest()


def _centres(words, left: np.ndarray, right: np.ndarray, bits: np.ndarray, budget: Budget | None = None) -> list[Centre]:
    """Every palindromic tail (the left walk finishes that word) and head (the right walk goes on with
    it) of a word, and the empty centre; longest first."""
    found = {("", 0)}
    for word in paced(words, budget):
        for i in range(len(word)):
            tail, head = word[i:], word[:len(word) - i]
            if tail == tail[::-1]:
                found.add((tail, 1))
            if head == head[::-1]:
                found.add((head, 2))
    return [Centre(text, middle, walk(left, text) if middle == 1 else 0, walk(right, text) if middle == 2 else 0,
                   mask(text, bits)) for text, middle in sorted(found, key=lambda tm: (-len(tm[0]), tm))]


def phrase_from(centre: Centre, moves) -> Phrase:
    """The word sequence spelled by the moves out of `centre` (letter·4 + 2·left restart + right restart)."""
    k, t = len(moves), len(centre.text)
    letters = "".join(chr(97 + (m >> 2)) for m in moves)
    text = letters[::-1] + centre.text + letters
    cuts = {k + t if centre.middle == 1 else k}
    cuts |= {k - j for j, m in enumerate(moves) if m & 2}
    cuts |= {k + t + j for j, m in enumerate(moves) if m & 1}
    bounds = [0] + sorted(c for c in cuts if 0 < c < len(text)) + [len(text)]
    return tuple(text[a:b] for a, b in zip(bounds, bounds[1:]))


class _Hunt:
    """What the workers of one search share: the limit (lowered at each solution), the centres not yet
    taken, and the solutions not yet reported."""

    def __init__(self, tables: Tables, limit: int):
        self.tables, self.limit = tables, limit
        self.centres = iter([c for c in tables.centres if c.left >= 0 and c.right >= 0])
        self.found: list[Phrase] = []
        self.stop = False
        self.chunk = CHUNK  # nodes per call of the compiled search in a worker thread
        self.lock = threading.Lock()

    def next_centre(self) -> Centre | None:
        with self.lock:
            return next(self.centres, None)

    def report(self, phrase: Phrase) -> None:
        with self.lock:
            size = sum(map(len, phrase))
            if size <= self.limit:
                self.limit = size - 1
                self.found.append(phrase)


class _Worker:
    """One depth-first search at a time, centre after centre, in chunks of nodes."""

    def __init__(self, hunt: _Hunt, index: int, compiled: bool = True):
        self.kernel = _search if compiled else _search.py_func
        depth = hunt.limit // 2 + 2
        self.hunt, (self.keys, self.fails, self.known) = hunt, hunt.tables.memo(index)
        self.stack = np.zeros((depth + 1, 6), np.int64)
        self.path = np.zeros(depth + 1, np.int64)
        self.tally = np.zeros(8 + depth + 1, np.int64)   # nodes, bound cuts, table cuts, -, nodes per depth
        self.top = np.full(1, -1, np.int64)
        self.centre: Centre | None = None
        self.done = False

    def step(self, nodes: int) -> None:
        """Search about `nodes` nodes (or to the end of the centres), reporting any solution."""
        t = self.hunt.tables
        spent = 0
        while spent < nodes and not self.done:
            if self.top[0] < 0:
                self.centre = self.hunt.next_centre()
                if self.centre is None:
                    self.done = True
                    return
                c = self.centre
                self.stack[0] = (c.left, c.right, c.covered, c.middle, 0, -1)
                self.top[0] = 0
            before = self.tally[0]
            status = self.kernel(t.left, t.right, t.cover, t.bits, t.rarest, t.full, self.hunt.limit,
                             len(self.centre.text), self.stack, self.top, self.path, self.tally,
                             self.keys, self.fails, self.known, nodes - spent, 0, -1, 0, JOINT_PAIRS)
            spent += self.tally[0] - before
            if status == FOUND:
                self.hunt.report(phrase_from(self.centre, self.path[1:self.top[0] + 1]))
                self.top[0] -= 1          # go on past the solution, under the (now lower) limit

    def run(self) -> None:
        while not self.done and not self.hunt.stop:
            self.step(self.hunt.chunk)


def search(tables: Tables, limit: int, probe: Probe | None = None, budget: Budget | None = None,
           workers: int = 1, compiled: bool = True):
    """Yield phrases of at most `limit` letters, each shorter than the one before, by exhaustive
    inside-out search from every centre. When the generator ends (and the budget did not stop it),
    nothing shorter than the last phrase (or than limit + 1, if none) exists. Raises BudgetExhausted.

    `workers` > 1 runs that many threads (the compiled search releases the GIL), each taking the next
    centre when done with one, with its own transposition table; node counts then vary a little
    from run to run with the threads' timing. `compiled=False` runs `_search` as plain Python, for
    `%lprun -f kernel._search.py_func` (about a hundred times slower)."""
    hunt = _Hunt(tables, limit)
    if budget is not None and budget.seconds is not None:
        hunt.chunk = TIMED_CHUNK
    crew = [_Worker(hunt, i, compiled) for i in range(workers)]
    seen = np.zeros_like(crew[0].tally)
    threads = [threading.Thread(target=w.run, daemon=True) for w in crew] if workers > 1 else []
    for thread in threads:
        thread.start()
    try:
        reported = 0
        while True:
            finished = all(w.done for w in crew)
            if threads and not finished:
                next(t for t in threads + [threads[0]] if t.is_alive()).join(0.25)
            elif not finished:
                crew[0].step(_chunk(budget))
            total = sum(w.tally for w in crew)
            _account(total - seen, probe, budget)
            seen = total
            while reported < len(hunt.found):
                reported += 1
                yield hunt.found[reported - 1]
            if finished:
                return
    finally:
        hunt.stop = True
        for thread in threads:
            thread.join()


def _chunk(budget: Budget | None) -> int:
    """Nodes for the next call of the compiled search: small enough under a time limit that the clock is
    read every few hundredths of a second, and one past the node budget's end (so that it stops)."""
    if budget is None:
        return CHUNK
    chunk = CHUNK if budget.seconds is None else TIMED_CHUNK
    left = budget.nodes_left()
    return chunk if left is None else max(1, min(chunk, left + 1))


def _account(spent: np.ndarray, probe: Probe | None, budget: Budget | None) -> None:
    """Count the nodes the compiled search spent (by depth, and those pruned) in the probe, and charge them to
    the budget. They are counts only: the kernel's states never reach Python, so a recording probe keeps no
    event for them (the strategies in `strategies` record the searches Python sees instead)."""
    if probe:
        with probe.counts_only():
            for d in np.flatnonzero(spent[8:]):
                probe.expand(int(d), 0, int(spent[8 + d]))
            probe.prune(0, int(spent[1] + spent[2]))
    if budget:
        budget.tick(int(spent[0]))


BUILDERS = (letter_bits, mask, waste, realizable, _spelled, trie_arrays, walk, terminals, _push, _push_in_chunks,
            _costly_parts, cover_tables, _completions, completions, finish_tables, _finish_table, _drop_one,
            _first_letters, first_letters, packed, build_tables, rarest_first, _centres)
KERNEL = (_popcount, _entry_finishes, _scan, _finishes, _covers, _finish_together, _next_letters, _steps, _slot, _recall, _remember,
          _step, _search, phrase_from, allowed_waste)
