"""The tour's word ladder: every generic strategy, checked by an independent verifier."""

import pytest

from wordlab.errors import WordlabError
from wordlab.puzzles.word_ladder import STRATEGIES, WordLadder, solve, verify
from wordlab.search import Probe
from wordlab.words import WordList

WORDS = WordList("cold cord card ward warm word worm wore core care bold bolt".split(), "toy")


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_finds_a_valid_ladder(strategy):
    result = solve(WordLadder("cold", "warm", WORDS), strategy)
    assert result.best.path[0] == "cold" and result.best.path[-1] == "warm"
    assert verify(result.best.path, WORDS)


def test_astar_finds_the_shortest_ladder_with_few_expansions():
    probe = Probe()
    result = solve(WordLadder("cold", "warm", WORDS), "astar", probe=probe)
    assert result.best.cost == 4  # four letters differ, so four steps is the least possible
    assert probe.expansions == 7  # breadth-first needs all 12 words; A* pops 7 (pinned: a regression check)


def test_bad_ladders_are_refused():
    with pytest.raises(WordlabError, match="different lengths"):
        WordLadder("cold", "warmer", WORDS)
    with pytest.raises(WordlabError, match="not in toy"):
        WordLadder("cold", "wxyz", WORDS)
    with pytest.raises(WordlabError, match="letters"):
        WordLadder("c0ld", "warm", WORDS)
