"""The minimal strategy of docs/puzzles/tuesday.md, run from the page's own code block (so the page and this
test cannot drift): its estimate verifies, and its recorded forest is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import tuesday as t
from wordlab.search import Probe


def test_the_page_strategy_estimates_and_the_estimate_verifies():
    answer = t.solve(t.example(), page_strategy("tuesday"))
    assert t.verify(answer.given, answer.value) and answer.value.tally.drawn == t.example().samples
    assert answer.covers and not answer.exhausted  # 13/27 inside the interval; sampling proves nothing


def test_the_page_strategy_records_a_true_forest():
    mine = page_strategy("tuesday")
    hangs_true("tuesday", mine)
    marks_true("tuesday", mine)
    probe = Probe(record=50)
    t.solve(t.example(), mine, probe=probe)
    kinds = {e.kind for e in probe.events if e.depth == 1}
    assert kinds == {"expand", "prune"}
