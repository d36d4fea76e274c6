"""Tries, letter sets and the pattern index, each checked against brute force."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.structures import PatternIndex, Trie, by_length, can_spell, is_subset, letters, letterset, size, subsets

words = st.text(alphabet="abcde", min_size=1, max_size=6)
word_sets = st.sets(words, max_size=40)


@given(word_sets, st.text(alphabet="abcde", max_size=4))
def test_trie_prefix_queries_match_brute_force(vocabulary, prefix):
    trie = Trie(vocabulary)
    expected = sorted(w for w in vocabulary if w.startswith(prefix))
    assert list(trie.words_with_prefix(prefix)) == expected
    assert trie.has_prefix(prefix) == bool(expected)
    assert len(trie) == len(vocabulary)
    assert set(trie.next_letters(prefix)) == {w[len(prefix)] for w in expected if len(w) > len(prefix)}


@given(word_sets, words)
def test_trie_membership(vocabulary, word):
    assert (word in Trie(vocabulary)) == (word in vocabulary)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyz", max_size=12))
def test_letterset_round_trip(word):
    mask = letterset(word)
    assert letters(mask) == "".join(sorted(set(word)))
    assert size(mask) == len(set(word))


@given(words, words)
def test_subset_and_spelling_match_python_sets(a, b):
    assert is_subset(letterset(a), letterset(b)) == (set(a) <= set(b))
    assert can_spell(a, letterset(b)) == (set(a) <= set(b))


@given(st.text(alphabet="abcdefg", max_size=7))
def test_subsets_enumerates_the_power_set(word):
    mask = letterset(word)
    found = list(subsets(mask))
    assert len(found) == len(set(found)) == 2 ** size(mask)
    assert all(is_subset(s, mask) for s in found)


@given(st.sets(st.text(alphabet="abc", min_size=4, max_size=4), max_size=30),
       st.text(alphabet="abc.", min_size=4, max_size=4))
def test_pattern_index_matches_a_regex_scan(vocabulary, pattern):
    index = PatternIndex(vocabulary, 4)
    expected = sorted(w for w in vocabulary if re.fullmatch(pattern, w))
    assert index.matches(pattern) == expected
    assert index.count(pattern) == len(expected)


def test_pattern_index_rejects_wrong_lengths():
    with pytest.raises(WordlabError, match="length"):
        PatternIndex(["abc", "abcd"])
    with pytest.raises(WordlabError, match="length 2"):
        PatternIndex(["abc"]).matches("ab")


def test_by_length_groups_words():
    indexes = by_length(["a", "bb", "cc", "ddd"])
    assert {n: len(i) for n, i in indexes.items()} == {1: 1, 2: 2, 3: 1}
