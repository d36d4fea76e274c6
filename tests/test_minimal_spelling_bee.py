"""The minimal strategy of docs/puzzles/spelling-bee.md, run from the page's own code block (so the page and
this test cannot drift): it finds the example's best honeycomb, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import spelling_bee as sb
from wordlab.search import Probe


def test_the_page_strategy_finds_the_best_honeycomb():
    answer = sb.solve(sb.example(), page_strategy("spelling-bee"))
    best = sb.solve(sb.example(), "branch-and-bound")
    assert sb.verify(answer.given, answer.value) and answer.exhausted
    assert (answer.value, answer.score) == (best.value, best.score)


def test_the_page_strategy_records_a_true_tree():
    mine = page_strategy("spelling-bee")
    hangs_true("spelling-bee", mine)
    marks_true("spelling-bee", mine)
    probe = Probe(record=50)
    sb.solve(sb.example(), mine, probe=probe)
    honeycombs = [e for e in probe.events if e.kind == "expand" and e.depth == 1]
    assert honeycombs and all(e.parent is not None for e in honeycombs)
