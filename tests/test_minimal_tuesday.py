"""The minimal strategy of docs/puzzles/tuesday.md, run from the page's own code block (so the page and this
test cannot drift): its estimate verifies, and its recorded forest is true."""

from pathlib import Path

from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import tuesday as t
from wordlab.search import Probe

PAGE = Path(__file__).resolve().parent.parent / "docs" / "puzzles" / "tuesday.md"


def page_strategy():
    """The function `mine` that the page's code block defines, made by running the block."""
    block = PAGE.read_text(encoding="utf-8").split("```python\n", 1)[1].split("\n```", 1)[0]
    namespace = {"__name__": "tuesday_page"}
    exec(compile(block, PAGE.name, "exec"), namespace)
    return namespace["mine"]


def test_the_page_strategy_estimates_and_the_estimate_verifies():
    answer = t.solve(t.example(), page_strategy())
    assert t.verify(answer.given, answer.value) and answer.value.tally.drawn == t.example().samples
    assert answer.covers and not answer.exhausted  # 13/27 inside the interval; sampling proves nothing


def test_the_page_strategy_records_a_true_forest():
    mine = page_strategy()
    hangs_true("tuesday", mine)
    marks_true("tuesday", mine)
    probe = Probe(record=50)
    t.solve(t.example(), mine, probe=probe)
    kinds = {e.kind for e in probe.events if e.depth == 1}
    assert kinds == {"expand", "prune"}
