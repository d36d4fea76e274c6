"""The minimal strategy of docs/puzzles/spelling-bee.md, run from the page's own code block (so the page and
this test cannot drift): it finds the example's best honeycomb, and its recorded tree is true."""

from pathlib import Path

from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import spelling_bee as sb
from wordlab.search import Probe

PAGE = Path(__file__).resolve().parent.parent / "docs" / "puzzles" / "spelling-bee.md"


def page_strategy():
    """The function `mine` that the page's code block defines, made by running the block."""
    block = PAGE.read_text(encoding="utf-8").split("```python\n", 1)[1].split("\n```", 1)[0]
    namespace = {"__name__": "spelling_bee_page"}
    exec(compile(block, PAGE.name, "exec"), namespace)
    return namespace["mine"]


def test_the_page_strategy_finds_the_best_honeycomb():
    answer = sb.solve(sb.example(), page_strategy())
    best = sb.solve(sb.example(), "branch-and-bound")
    assert sb.verify(answer.given, answer.value) and answer.exhausted
    assert (answer.value, answer.score) == (best.value, best.score)


def test_the_page_strategy_records_a_true_tree():
    mine = page_strategy()
    hangs_true("spelling-bee", mine)
    marks_true("spelling-bee", mine)
    probe = Probe(record=50)
    sb.solve(sb.example(), mine, probe=probe)
    honeycombs = [e for e in probe.events if e.kind == "expand" and e.depth == 1]
    assert honeycombs and all(e.parent is not None for e in honeycombs)
