"""The inside-out search's parts, each against a plain enumeration on small inputs."""

from __future__ import annotations

from itertools import combinations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.puzzles import palindrome_proof as Q


def cheapest_covers(words: list[str], alphabet: str) -> dict[frozenset, int]:
    """Per letter set, the fewest repeated or dropped letters with which whole words cover it exactly,
    by dynamic programming over every set of the alphabet's letters (small alphabets only)."""
    parts = {}
    for w in words:
        own = frozenset(w) & set(alphabet)
        cost = len(w) - len(own)
        for k in range(len(own) + 1):
            for keep in combinations(sorted(own), k):
                part = frozenset(keep)
                if part:
                    parts[part] = min(parts.get(part, 99), cost + len(own) - k)
    best = {frozenset(): 0}
    for size in range(1, len(alphabet) + 1):
        for letters in combinations(alphabet, size):
            target = frozenset(letters)
            options = [best[target - part] + c for part, c in parts.items()
                       if part <= target and target - part in best]
            if options:
                best[target] = min(options)
    return best


@pytest.mark.parametrize("alphabet", ["abcde", "abcdefgh"])  # inside one 64-bit word, and across several
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_cover_tables_match_enumeration(alphabet, data):
    words = data.draw(st.lists(st.text(alphabet=alphabet + "z", min_size=1, max_size=5), min_size=1, max_size=7))
    bits = Q.letter_bits(words, alphabet)
    tables = Q.cover_tables(words, bits, len(alphabet), most=3)
    best = cheapest_covers(words, alphabet)
    for size in range(len(alphabet) + 1):
        for letters in combinations(alphabet, size):
            m = Q.mask("".join(letters), bits)
            for s in range(4):
                held = bool(int(tables[s, m >> 6]) >> (m & 63) & 1)
                assert held == (best.get(frozenset(letters), 99) <= s), (letters, s)


def test_realizable_drops_words_whose_mirror_cannot_be_spelled():
    words = ["ab", "ba", "cab", "xqj"]
    bits = Q.letter_bits(words, "abcjqx")
    kept = Q.realizable(words, bits, most_waste=2)
    assert "xqj" not in kept                  # "jqx" is no word's tail, then words, then a word's head
    assert {"ab", "ba", "cab"} <= set(kept)   # "bac" = the word "ba" + the head "c" of "cab"
    assert Q.realizable(["aab", "ba", "ab"], Q.letter_bits(["aab"], "ab"), most_waste=0) == ["ba", "ab"]


def test_completions_list_each_letter_set_once_with_its_shortest_length():
    words = ["ab", "abab", "abc", "acb", "b"]
    children = Q.trie_arrays(words)
    ends = Q.terminals(children, words)
    bits = Q.letter_bits(words, "abc")
    node = Q.walk(children, "a")

    def listed(most):
        first, stop, sets, lengths = Q.completions(children, ends, bits, most)
        return [(int(s), int(n)) for s, n in zip(sets[first[node]:stop[node]], lengths[first[node]:stop[node]])]

    b, bc, ab = (Q.mask(x, bits) for x in ("b", "bc", "ab"))
    assert listed(0) == [(b, 1), (bc, 2)]                 # "cb" and "bc" are one entry
    assert listed(1) == [(b, 1), (bc, 2), (ab, 3)]        # "bab" repeats a letter: listed once it may


def test_phrase_from_puts_word_breaks_where_the_walks_restarted():
    centre = Q.Centre("c", 1, 0, 0, 0)            # "c" ends the middle word: "abc" with "ab" on the left
    moves = [ord("b") - 97 << 2, (ord("a") - 97 << 2)]   # two letters out, no restarts
    assert Q.phrase_from(centre, moves) == ("abc", "ba")
    restarts = [(ord("b") - 97 << 2) | 1, (ord("a") - 97 << 2)]  # the right walk restarts at the first letter
    assert Q.phrase_from(centre, restarts) == ("abc", "ba")
    assert Q.phrase_from(Q.Centre("", 0, 0, 0, 0), [(ord("d") - 97 << 2) | 3]) == ("d", "d")


def test_transposition_table_keeps_the_largest_failure_and_survives_collisions():
    keys, fails = np.zeros((16, 2), np.int64), np.full(16, -1, np.int32)
    for k in range(40):                    # more keys than slots: older ones get overwritten
        Q._remember(keys, fails, k, 7, k % 5)
    assert Q._recall(keys, fails, 39, 7) == 39 % 5
    assert Q._recall(keys, fails, 1000, 7) == -1
    for k in range(40):                    # whatever is recalled is what was stored for that key
        assert Q._recall(keys, fails, k, 7) in (-1, k % 5)
