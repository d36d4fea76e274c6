"""The minimal strategy of docs/puzzles/word-ladder.md, run from the page's own code block (so the page and
this test cannot drift): it finds the shortest ladder, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import word_ladder as wl
from wordlab.search import Probe


def test_the_page_strategy_finds_the_shortest_ladder_among_others():
    found = wl.solve(wl.example(), page_strategy("word-ladder"))
    assert found.values and all(wl.verify(found.given, ladder) for ladder in found.values)
    assert found.cost == wl.solve(wl.example(), "astar").cost == 4
    assert not found.exhausted  # it says it was limited


def test_the_page_strategy_records_a_true_tree():
    mine = page_strategy("word-ladder")
    hangs_true("word-ladder", mine)
    marks_true("word-ladder", mine)
    probe = Probe(record=300)
    wl.solve(wl.example(), mine, probe=probe)
    solutions = [e for e in probe.events if e.kind == "solution"]
    assert solutions and all(probe.events[e.node].state.word == "warm" for e in solutions)
