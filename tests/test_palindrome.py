"""Palindromic pangrams: every strategy against a brute-force enumerator on toy dictionaries."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import WordlabError
from wordlab.puzzles import palindrome as P
from wordlab.search import Budget, Probe
from wordlab.structures.letters import letterset
from wordlab.words import available

TOY = ["ab", "ba", "abc", "cba", "ca", "ac", "bab", "cab", "bac", "ad", "da", "dab", "bad", "cad"]


def is_palindromic_pangram(words: list[str], vocabulary: set[str], alphabet: str) -> bool:
    """The independent check: two or more words, each listed, the letters a palindrome, every letter present."""
    text = "".join(words)
    return len(words) >= 2 and all(w in vocabulary for w in words) and text == text[::-1] and set(alphabet) <= set(text)


def brute_force_shortest(vocabulary: list[str], alphabet: str, max_length: int) -> int | None:
    """The least letter count of any sequence of two or more words that is a palindromic pangram, by trying
    every palindrome of each length over the vocabulary's letters, shortest first, and asking whether it splits
    into two or more words (tiny dictionaries only)."""
    words, letters = set(vocabulary), sorted(set("".join(vocabulary)))
    for total in range(2, max_length + 1):
        for half in product(letters, repeat=(total + 1) // 2):  # the palindrome's first half and centre
            if set(alphabet) <= set(half):
                text = "".join(half) + "".join(half[: total // 2])[::-1]
                if splits_into_two_or_more(text, words):
                    return total
    return None


def splits_into_two_or_more(text: str, words: set[str]) -> bool:
    """Whether `text` is a sequence of two or more of `words` (counts of words per prefix, 2 meaning 2 or more)."""
    counts: list[set[int]] = [{0}] + [set() for _ in text]
    for end in range(1, len(text) + 1):
        for start in range(end):
            if counts[start] and text[start:end] in words:
                counts[end] |= {min(count + 1, 2) for count in counts[start]}
    return 2 in counts[-1]


def shortest_by_every_text(vocabulary: list[str], alphabet: str, max_length: int) -> int | None:
    """The same answer as `brute_force_shortest` by another road: every sequence of words of at most
    `max_length` letters, shortest first."""
    one = {n: {w for w in vocabulary if len(w) == n} for n in range(max_length + 1)}
    many: dict[int, set[str]] = {n: set() for n in range(max_length + 1)}  # texts of 2+ words, by letters
    for total in range(2, max_length + 1):
        for word in vocabulary:
            if len(word) < total:
                many[total] |= {t + word for t in one[total - len(word)] | many[total - len(word)]}
        if any(t == t[::-1] and set(alphabet) <= set(t) for t in many[total]):
            return total
    return None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text(alphabet="abcd", min_size=1, max_size=4), min_size=1, max_size=8),
       st.sampled_from(["ab", "abc", "abcd"]), st.integers(2, 10))
def test_the_two_brute_forces_agree(words, alphabet, limit):
    assert brute_force_shortest(words, alphabet, limit) == shortest_by_every_text(words, alphabet, limit)


def test_brute_force_agrees_with_hand_example():
    # "c bab c" (5 letters) is the shortest over a, b, c
    assert brute_force_shortest(["ab", "ba", "bab", "c"], "abc", 12) == 5
    assert is_palindromic_pangram(["c", "bab", "c"], {"c", "bab"}, "abc")


@pytest.mark.parametrize("strategy", list(P.STRATEGIES))
@pytest.mark.parametrize("alphabet", ["abc", "abcd"])
def test_strategies_find_the_brute_force_optimum(strategy, alphabet):
    expected = brute_force_shortest(TOY, alphabet, 16)
    probe = Probe()
    result = P.solve(P.index(TOY, alphabet), strategy, probe=probe, max_length=16)
    best = result.best
    assert best.cost == expected
    assert result.optimal and result.bound == expected and result.exhausted
    for found in result.solutions:
        assert is_palindromic_pangram(found.value.split(), set(TOY), alphabet)
        assert found.cost == len(found.value.replace(" ", ""))
    costs = [f.cost for f in result.solutions]
    assert costs == sorted(costs, reverse=True) and len(set(costs)) == len(costs)  # each one improves
    assert probe.nodes > 0 and probe.solutions


words_strategy = st.lists(st.text(alphabet="abcd", min_size=1, max_size=4), min_size=1, max_size=8)


@settings(max_examples=40, deadline=None)
@given(words_strategy, st.sampled_from([7, 9, 11, 13]))
def test_optimum_matches_brute_force_on_random_dictionaries(words, limit):
    alphabet = "abc"
    expected = brute_force_shortest(sorted(set(words)), alphabet, limit)
    try:
        puzzle = P.index(words, alphabet)
    except WordlabError:
        assert expected is None
        return
    runs = [("iterative-deepening", {}), ("branch-and-bound", {}), ("branch-and-bound", {"workers": 2}),
            ("beam-stack", {}), ("astar", {})]
    for strategy, options in runs:
        result = P.solve(puzzle, strategy, max_length=limit, **options)
        got = result.best.cost if result.best else None
        assert got == expected, (strategy, options)
        assert result.bound == (expected if expected is not None else limit + 1) and result.exhausted
        for found in result.solutions:
            assert is_palindromic_pangram(found.value.split(), set(words), alphabet)


def test_odd_centre_inside_a_word_and_centre_between_words():
    # "ab cd dc ba" centre between words; "abc ba" centre inside (letter c)
    even = P.solve(P.index(["ab", "cd", "dc", "ba"], "abcd"), "iterative-deepening", max_length=12)
    assert even.best.cost == 8 and is_palindromic_pangram(even.best.value.split(), {"ab", "cd", "dc", "ba"}, "abcd")
    assert len(" ".join(even.best.value.split()[:2])) == 5  # two words each side: the centre is a space
    odd = P.solve(P.index(["abc", "ba"], "abc"), "iterative-deepening", max_length=12)
    assert odd.best.value == "abc ba" and odd.best.cost == 5


def test_effort_counts_are_deterministic():
    puzzle = P.index(TOY, "abcd")
    counts = []
    for _ in range(2):
        probe = Probe()
        P.solve(puzzle, "iterative-deepening", probe=probe, max_length=16)
        counts.append(probe.nodes)
    assert counts[0] == counts[1] > 0


def test_solutions_improve_and_verify_as_they_stream_in():
    result = P.solve(P.index(TOY, "abcd"), "branch-and-bound", max_length=16)
    assert [f.cost for f in result.solutions] == sorted({f.cost for f in result.solutions}, reverse=True)
    assert all(is_palindromic_pangram(f.value.split(), set(TOY), "abcd") for f in result.solutions)
    assert [p["proved"] for p in result.proofs] == sorted(p["proved"] for p in result.proofs)


def test_branch_and_bound_scouts_with_a_beam_but_only_its_own_search_proves():
    puzzle = P.index(TOY, "abcd")
    scouted = P.solve(puzzle, "branch-and-bound", budget=Budget(nodes=200), max_length=16)
    assert [f.cost for f in scouted.solutions] == [9] and scouted.stopped
    assert scouted.bound == puzzle.lower_bound and not scouted.optimal  # the beam pass proves nothing
    finished = P.solve(puzzle, "branch-and-bound", max_length=16)
    assert finished.best.cost == 9 and finished.optimal


def test_verify_rejects_bad_phrases():
    puzzle = P.index(["ab", "ba", "aa"], "ab")
    assert P.verify(puzzle, "ab ba") and P.verify(puzzle, ("ab", "ba"))
    assert not P.verify(puzzle, "ab ab")        # not a palindrome
    assert not P.verify(puzzle, "aba")          # not a word of the list
    assert not P.verify(puzzle, "aa")           # no b
    assert not P.verify(puzzle, "")


# -- bad input -----------------------------------------------------------------------------------------

def test_empty_dictionary_is_an_error():
    with pytest.raises(WordlabError, match="empty"):
        P.index([], "ab")


@pytest.mark.parametrize("word", ["Ab", "a-b", "a b", "é", "a1"])
def test_non_letter_words_are_errors(word):
    with pytest.raises(WordlabError, match="lowercase letters"):
        P.index(["ab", word], "ab")


def test_missing_letter_is_an_error():
    with pytest.raises(WordlabError, match="'c'"):
        P.index(["ab", "ba"], "abc")


def test_no_palindromic_completion_is_an_error():
    with pytest.raises(WordlabError, match="no palindromic completion"):
        P.index(["ab", "cd"], "abcd")  # no letter both starts and ends a word
    # starts and ends match, yet no palindrome covers everything: a result with no solutions says so
    for strategy in P.STRATEGIES:
        nothing = P.solve(P.index(["ab", "ba", "acb"], "abc"), strategy, max_length=20)
        assert not nothing.solutions and nothing.exhausted and nothing.bound == 21, strategy


def test_budget_stops_a_search_cleanly():
    budget = Budget(nodes=5)
    result = P.solve(P.index(TOY, "abcd"), "branch-and-bound", budget=budget, max_length=16)
    assert result.stopped and "node budget" in result.stopped and not result.exhausted


def test_bad_options_are_errors():
    with pytest.raises(WordlabError, match="max_length"):
        P.solve(P.index(TOY, "abc"), "astar", max_length=0)
    with pytest.raises(WordlabError, match="unknown strategy"):
        P.solve(P.index(TOY, "abc"), "magic")
    with pytest.raises(WordlabError, match="beam width"):
        P.solve(P.index(TOY, "abc"), "beam-stack", width=0)
    with pytest.raises(WordlabError, match="workers"):
        P.solve(P.index(TOY, "abc"), "iterative-deepening", workers=0)
    with pytest.raises(WordlabError, match="no option"):
        P.solve(P.index(TOY, "abc"), "astar", width=3)


@pytest.mark.skipif(not available("ita"), reason="ITA's WORD.LST is not available offline here")
def test_the_write_up_phrase_verifies_on_word_lst():
    from wordlab.words import load

    phrase = "verbify ma pluck now sh ad go jo zax eta qat ex azo jog dahs wonk culpa my fib rev"
    words = load("ita")
    assert is_palindromic_pangram(phrase.split(), set(words), "abcdefghijklmnopqrstuvwxyz")
    assert P.verify(P.index(words), phrase)
    assert len(phrase.replace(" ", "")) == 63


def test_scarcity_ranks_letters_by_the_words_that_hold_them():
    puzzle = P.index(["ab", "ba", "abc", "cba", "bad"], "abcd")
    a, b, c, d = puzzle.scarcity[:4]
    assert a == b == 0 < c < d  # a and b are in every word, c in two of five, d in one
    assert puzzle.scarcity[25] > d  # z is in no word at all


def test_beam_ties_go_to_the_state_with_the_easiest_missing_letters():
    puzzle = P.index(["ab", "ba", "abc", "cba", "bad"], "abcd")
    problem = P.PalindromeProblem(puzzle, 20)
    missing_d = P.Half("ac", (0,), (0,), letterset("abc"))
    missing_c = P.Half("ad", (0,), (0,), letterset("abd"))
    assert problem.heuristic(missing_d) == problem.heuristic(missing_c)
    assert problem.order_key(missing_c) < problem.order_key(missing_d)


@pytest.mark.skipif(not available("ita"), reason="ITA's WORD.LST is not available offline here")
def test_beam_stack_beats_the_write_up_on_word_lst_within_a_few_thousand_nodes():
    puzzle = P.index("ita")
    probe = Probe()
    result = P.solve(puzzle, "beam-stack", width=100, probe=probe, budget=Budget(nodes=5_000))
    assert result.best.cost <= 59 < 63
    assert is_palindromic_pangram(result.best.value.split(), set(puzzle.words), "abcdefghijklmnopqrstuvwxyz")
    assert result.best.nodes <= 5_000
    assert result.stopped and not result.optimal and result.bound == 51  # found, not proved


def test_cli_solve_and_bench(tmp_path, capsys):
    from wordlab.cli import main

    words = tmp_path / "toy.txt"
    words.write_text("\n".join(TOY))
    assert main(["solve", "palindrome", "--words", str(words), "--alphabet", "abcd", "--max-length", "16",
                 "--strategy", "iterative-deepening", "--json"]) == 0
    import json

    row = json.loads(capsys.readouterr().out)
    assert row["optimal"] and is_palindromic_pangram(row["phrase"].split(), set(TOY), "abcd")
    saved = tmp_path / "bench.json"
    assert main(["bench", "palindrome", "--words", str(words), "--alphabet", "abcd", "--max-length", "16",
                 "--max-seconds", "5", "--save", str(saved)]) == 0
    table = capsys.readouterr().out
    assert "ratio" in table and "beam-stack" in table
    data = json.loads(saved.read_text())
    assert data["command"].startswith("wordlab bench palindrome")
    assert {s["strategy"] for s in data["strategies"]} == set(P.STRATEGIES)
    assert all(s["best"] == row["best"] for s in data["strategies"])
    assert main(["solve", "palindrome", "--words", str(tmp_path / "missing.txt")]) == 2


def test_a_trie_pair_build_stopped_by_the_budget_goes_on_where_it_stopped():
    from wordlab.search import BudgetExhausted

    class Stopper:
        """A budget whose clock runs out at its third look."""

        def __init__(self):
            self.looks = 0

        def check(self):
            self.looks += 1
            if self.looks > 2:
                raise BudgetExhausted("time budget reached")

    words = P.random_dictionary(2, 5000, "abcdefgh")
    puzzle = P.index(words, "abcdefgh")
    with pytest.raises(BudgetExhausted):
        puzzle.trie_pair(Stopper())
    assert puzzle.tries is None and 0 < puzzle.building[3] < 3 * len(puzzle.words)
    forward, backward, centres = puzzle.trie_pair()
    whole = P.index(words, "abcdefgh").trie_pair()
    assert forward.root == whole[0].root and backward.root == whole[1].root
    assert sorted(centres.values()) == sorted(whole[2].values())
