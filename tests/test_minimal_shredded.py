"""The minimal strategy of docs/puzzles/shredded.md, run from the page's own code block (so the page and this
test cannot drift): it restores the example, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import shredded as sh
from wordlab.search import Probe


def test_the_page_strategy_restores_the_example():
    answer = sh.solve(sh.example(), page_strategy("shredded"))
    assert sh.verify(answer.given, answer.order) and not answer.exhausted
    assert answer.lines == sh.layout("Strips of paper can be put back in order by reading them.", width=3, columns=6)


def test_the_page_strategy_records_a_true_tree_of_strips():
    mine = page_strategy("shredded")
    hangs_true("shredded", mine)
    marks_true("shredded", mine)
    probe = Probe(record=100)
    answer = sh.solve(sh.example(), mine, probe=probe)
    expanded = [e for e in probe.events if e.kind == "expand"]
    assert [len(e.state.order) for e in expanded] == list(range(answer.given.n + 1))
    [solution] = [e for e in probe.events if e.kind == "solution"]
    assert solution.node == expanded[-1].node and expanded[-1].state.order == answer.order
