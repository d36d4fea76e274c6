"""The minimal strategy of docs/puzzles/building-blocks.md, run from the page's own code block (so the page
and this test cannot drift): it finds the example's three solutions, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import building_blocks as bb
from wordlab.search import Probe


def test_the_page_strategy_finds_every_solution_once():
    answer = bb.solve(bb.example(), page_strategy("building-blocks"))
    assert answer.exhausted and all(bb.verify(answer.given, words) for words in answer.values)
    assert sorted(answer.values) == sorted(bb.solve(bb.example(), "exact-cover").values)
    assert len(answer.values) == len(set(answer.values)) == 3


def test_the_page_strategy_records_a_true_tree_of_boards():
    mine = page_strategy("building-blocks")
    hangs_true("building-blocks", mine)
    marks_true("building-blocks", mine)
    probe = Probe(record=100)
    bb.solve(bb.example(), mine, probe=probe)
    solutions = [e for e in probe.events if e.kind == "solution"]
    assert solutions and all(None not in probe.events[e.node].state.words for e in solutions)
