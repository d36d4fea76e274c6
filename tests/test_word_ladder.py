"""The tour's word ladder: every generic strategy, each answer checked by a verifier written here."""

import pytest

from wordlab.cli import main
from wordlab.cli import word_ladder as cli
from wordlab.errors import WordlabError
from wordlab.puzzles import word_ladder as w
from wordlab.search import Budget, Probe
from wordlab.words import WordList, load

WORDS = WordList("cold cord card ward warm word worm wore core care bold bolt".split(), "toy")


def is_ladder(words, start, goal, vocabulary) -> bool:
    """Independent of the module: the ends are right, every later word is in the vocabulary, and
    consecutive words have the same length and differ in exactly one position."""
    words = list(words)
    if not words or words[0] != start or words[-1] != goal:
        return False
    if any(word not in set(vocabulary) for word in words[1:]):
        return False
    for before, after in zip(words, words[1:]):
        if len(before) != len(after) or [a == b for a, b in zip(before, after)].count(False) != 1:
            return False
    return True


def test_the_verifier_here_refuses_what_is_not_a_ladder():
    assert is_ladder(["cold", "cord", "card", "ward", "warm"], "cold", "warm", WORDS)
    assert not is_ladder(["cold", "card", "ward", "warm"], "cold", "warm", WORDS)  # two letters at once
    assert not is_ladder(["cold", "cord", "card", "ward"], "cold", "warm", WORDS)  # wrong end
    assert not is_ladder(["cold", "cord", "cxrd", "ward", "warm"], "cold", "warm", WORDS)  # not a word


@pytest.mark.parametrize("strategy", list(w.STRATEGIES))
def test_every_strategy_finds_a_ladder_the_independent_verifier_accepts(strategy):
    result = w.solve(w.WordLadder("cold", "warm", WORDS), strategy)
    assert result.solutions
    for found in result.solutions:
        assert is_ladder(found.value, "cold", "warm", WORDS)
        assert found.cost == len(found.value) - 1
        assert w.verify(result.given, found.value)  # the module's own check agrees


def test_the_modules_verifier_refuses_what_the_independent_one_refuses():
    ladder = w.WordLadder("cold", "warm", WORDS)
    for words in (["cold", "card", "ward", "warm"], ["cold", "cord", "card", "ward"], ["cold", "cord", "cxrd"]):
        assert w.verify(ladder, words) == is_ladder(words, "cold", "warm", WORDS) == False  # noqa: E712


def test_astar_finds_the_shortest_ladder_with_few_expansions_and_proves_it():
    probe = Probe()
    result = w.solve(w.WordLadder("cold", "warm", WORDS), "astar", probe=probe)
    assert result.cost == 4  # four letters differ, so four steps is the least possible
    assert result.optimal
    assert probe.expansions == 7  # A* pops 7 of the 12 words (pinned: a regression check)


def test_each_run_starts_on_an_empty_neighbour_cache_so_effort_repeats():
    ladder = w.WordLadder("cold", "warm", WORDS)
    counts = [w.solve(ladder, "breadth-first", probe=Probe()).nodes for _ in range(2)]
    assert counts[0] == counts[1] > 0
    assert ladder.neighbours.cache_info().currsize == 0  # the caller's ladder is left as it was


def test_every_strategy_finishes_on_the_example_and_records_rungs():
    given = w.example()
    for strategy in w.STRATEGIES:
        probe = Probe(record=50)
        result = w.solve(given, strategy, probe=probe)
        assert is_ladder(result.value, given.first, given.goal, w.EXAMPLE_WORDS)
        expanded = [e.state for e in probe.events if e.kind == "expand"]
        assert expanded[0] == w.Rung("cold", "warm")


def test_render_draws_a_rung_and_a_ladder():
    assert w.render(w.Rung("cord", "warm")).splitlines() == ["now   cord", "goal  warm", "      ^^ ^  3 letters to change"]
    assert w.render(("cold", "cord", "card")).splitlines() == ["cold", "coRd", "cArd"]


def test_a_budget_stops_the_search_and_says_why():
    result = w.solve(w.WordLadder("cold", "warm", WORDS), "breadth-first", budget=Budget(nodes=3))
    assert result.stopped == "node budget of 3 reached" and not result.exhausted


def test_parse_takes_a_ladder_or_its_two_ends():
    assert w.parse(w.WordLadder("cold", "warm", WORDS)).goal == "warm"
    with pytest.raises(WordlabError, match="two ends"):
        w.parse("cold")
    with pytest.raises(WordlabError, match="two ends"):
        w.parse(42)


def test_bad_ladders_are_refused():
    with pytest.raises(WordlabError, match="different lengths"):
        w.WordLadder("cold", "warmer", WORDS)
    with pytest.raises(WordlabError, match="not in toy"):
        w.WordLadder("cold", "wxyz", WORDS)
    with pytest.raises(WordlabError, match="letters"):
        w.WordLadder("c0ld", "warm", WORDS)
    with pytest.raises(WordlabError, match="no option"):
        w.solve(w.WordLadder("cold", "warm", WORDS), "astar", width=3)


def test_the_command_line_solves_and_refuses_in_one_line(capsys):
    assert main(["solve", "word-ladder", "cold", "warm", "--words", "wordfreq:3"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("astar: ")
    assert is_ladder(first[len("astar: "):].split(" → "), "cold", "warm", load("wordfreq:3"))
    assert main(["solve", "word-ladder", "cold", "warmer"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "different lengths" in err


def test_the_budget_case_options_are_ones_the_strategies_take():
    assert set(cli.BUDGET_OPTIONS) == set(w.STRATEGIES)
    for strategy, options in cli.BUDGET_OPTIONS.items():
        result = w.solve(w.example(), strategy, **options)  # an unknown option would raise
        assert is_ladder(result.value, "cold", "warm", w.EXAMPLE_WORDS)
