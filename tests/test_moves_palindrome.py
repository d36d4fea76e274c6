"""Palindromic pangrams' `is_move`: the puzzle's own rule for one step of a recorded tree, checked on steps that
are moves and on steps that are not."""

from wordlab.puzzles import palindrome as P
from wordlab.puzzles.palindrome import Half, Proof, Walks
from wordlab.structures.letters import letterset

PUZZLE = P.example()  # ab ba abc cba ca ac bab cab bac ad da dab bad cad, over a-d


def walks(q, left, right, centre=""):
    return Walks(Half(q, left, right, letterset(q), centre), PUZZLE.alphabet)


def test_every_successor_is_a_move():
    problem = P.PalindromeProblem(PUZZLE, 20)
    layer = [problem.start()]
    for _ in range(4):
        layer = [child for state in layer for child, _ in problem.successors(state)]
        assert layer
    for state in layer[:50]:
        for child, _ in problem.successors(state):
            assert P.is_move(PUZZLE, problem.snapshot(state), problem.snapshot(child))


def test_both_walks_take_one_letter_and_start_words_only_after_a_word():
    assert P.is_move(PUZZLE, walks("", (0,), (0,)), walks("a", (0,), (0,)))
    assert P.is_move(PUZZLE, walks("ab", (0,), (0,)), walks("abc", (0,), (0,)))           # abc, and cba read back
    assert P.is_move(PUZZLE, walks("abc", (0,), (0,)), walks("abca", (0, 3), (0, 3)))   # both start a new word
    assert not P.is_move(PUZZLE, walks("a", (0,), (0,)), walks("abc", (0,), (0,)))      # two letters
    assert not P.is_move(PUZZLE, walks("ab", (0,), (0,)), walks("abd", (0,), (0,)))     # no word starts "abd"
    assert not P.is_move(PUZZLE, walks("a", (0,), (0,)), walks("ab", (0, 1), (0,)))     # "a" is not a word
    state = walks("a", (0,), (0,))
    assert not P.is_move(PUZZLE, state, state._replace(state=state.state._replace(q="ab")))  # b not covered


def test_a_finished_half_spells_a_palindromic_pangram():
    before = walks("abca", (0, 3), (0, 2))
    assert P.is_move(PUZZLE, before, walks("abca", (0, 3), (0, 2), "<d"))   # abc ad ac ba
    assert not P.is_move(PUZZLE, before, walks("abca", (0, 3), (0, 2), "<"))  # no d: not a pangram
    assert not P.is_move(PUZZLE, walks("abc", (0,), (0,)), walks("abca", (0, 3), (0, 2), "<d"))


def test_the_compiled_search_finds_phrases_within_its_limit():
    assert P.is_move(PUZZLE, Proof(9), Proof(9, "abc ad ac ba"))
    assert not P.is_move(PUZZLE, Proof(8), Proof(8, "abc ad ac ba"))   # 9 letters
    assert not P.is_move(PUZZLE, Proof(9), Proof(9, "abc ad"))         # not a palindrome
    assert "at most 9 letters" in P.render(Proof(9)) and "9 letters" in P.render(Proof(9, "abc ad ac ba"))
