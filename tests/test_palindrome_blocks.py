"""Phrases of mirror blocks (`palindrome.blocks`): pieces grown word by word on both sides, and the covers built
from them, checked against the verifier and against brute force on toy dictionaries."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.puzzles import palindrome as P
from wordlab.puzzles.palindrome import blocks
from wordlab.structures.letters import letterset

from tests.test_palindrome_definition import fewest_words_by_brute_force

toy_words = st.lists(st.text(alphabet="abcd", min_size=1, max_size=3), min_size=1, max_size=5)
planted_words = st.lists(st.sampled_from(["ab", "ba", "c", "d", "cd", "dc", "abc", "cba", "dab", "bad", "dcbab"]),
                         max_size=4)


@settings(max_examples=40, deadline=None)
@given(toy_words, planted_words, st.sampled_from([2, 3, 4]))
def test_grown_pieces_read_the_same_backwards_and_hold_their_words_letters(drawn, planted, reach):
    vocabulary = sorted(set(drawn + planted))
    full = letterset("abcd")
    grown_blocks, middles = blocks.grown_pieces(vocabulary, full, reach)
    for piece in grown_blocks + middles:
        text = "".join(piece.left + piece.right)
        assert text == text[::-1] and 1 <= piece.words <= reach
        assert piece.letters == letterset(text) & full and set(piece.left + piece.right) <= set(vocabulary)
    for piece in grown_blocks:                       # a block breaks on both sides only at its ends
        left, right = "".join(piece.left), "".join(piece.right)
        left_breaks = {sum(map(len, piece.left[:i])) for i in range(1, len(piece.left))}
        right_breaks = {len(right) - sum(map(len, piece.right[:i])) for i in range(1, len(piece.right))}
        assert len(left) == len(right) and not left_breaks & right_breaks


@settings(max_examples=40, deadline=None)
@given(toy_words, planted_words, st.sampled_from([1, 2, 3, 4]))
def test_a_phrase_of_grown_blocks_is_a_phrase_and_never_beats_brute_force(drawn, planted, reach):
    vocabulary = sorted(set(drawn + planted))
    phrase = blocks.phrase_of_blocks(vocabulary, "abcd", most=5, reach=reach)
    if phrase is None:
        return                                       # blocks reach only some phrases: no claim about the rest
    fewest = fewest_words_by_brute_force(vocabulary, "abcd", 5)
    assert P.verify(P.index(vocabulary, "abcd"), phrase) and 2 <= len(phrase) <= 5
    assert fewest is not None and fewest <= len(phrase)
    assert len(phrase) <= len(blocks.phrase_of_blocks(vocabulary, "abcd", most=5, reach=1) or (0,) * 9)


@settings(max_examples=30, deadline=None)
@given(toy_words, planted_words, st.sampled_from([1, 3, 4]))
def test_fewer_and_fewer_ends_at_the_fewest_over_the_same_pieces(drawn, planted, reach):
    vocabulary = sorted(set(drawn + planted))
    counts = []
    for middle, chosen in blocks.fewer_and_fewer(vocabulary, "abcd", most=8, reach=reach):
        phrase = blocks.phrase_of(middle, chosen)
        assert P.verify(P.index(vocabulary, "abcd"), phrase)
        counts.append(len(phrase))
    assert counts == sorted(counts, reverse=True) and len(set(counts)) == len(counts) and all(c <= 8 for c in counts)
    fewest = blocks.phrase_of_blocks(vocabulary, "abcd", most=8, reach=reach)
    assert (len(fewest) if fewest else None) == (counts[-1] if counts else None)


def test_blocks_of_several_words_on_both_sides_reach_the_fewest_where_one_word_blocks_cannot():
    vocabulary = ["a", "ad", "bc", "bd", "c"]                 # "ad bc bd a": no one-word block holds b or c
    assert blocks.phrase_of_blocks(vocabulary, "abcd") is None
    phrase = blocks.phrase_of_blocks(vocabulary, "abcd", reach=4)
    assert len(phrase) == 4 == fewest_words_by_brute_force(vocabulary, "abcd", 5)
    assert P.verify(P.index(vocabulary, "abcd"), phrase)
    vocabulary = ["a", "ad", "b", "cd", "d"]                  # "b ad cd a b" beats "b a d cd a b"
    assert len(blocks.phrase_of_blocks(vocabulary, "abcd")) == 6
    phrase = blocks.phrase_of_blocks(vocabulary, "abcd", reach=4)
    assert len(phrase) == 5 == fewest_words_by_brute_force(vocabulary, "abcd", 6)
    assert P.verify(P.index(vocabulary, "abcd"), phrase)


def test_a_block_of_two_words_on_each_side_and_a_centre_of_two_words_are_grown():
    grown_blocks, middles = blocks.grown_pieces(["piu", "qat", "ta", "quip", "flex", "elf"], letterset("aefilpqtux"), 4)
    assert blocks.Piece(("piu", "qat"), ("ta", "quip"), letterset("piuqat")) in grown_blocks
    assert blocks.Piece(("flex", "elf"), (), letterset("flex")) in middles


def test_a_reach_that_is_not_a_positive_whole_number_is_refused():
    for reach in (0, -1, 2.5, True, "4"):
        with pytest.raises(WordlabError, match="reach"):
            blocks.cover_by_blocks(["ab", "ba"], "ab", reach=reach)
