"""The minimal strategy of docs/puzzles/word-squares.md, run from the page's own code block (so the page and
this test cannot drift): it finds the example's squares, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import word_squares as ws
from wordlab.search import Probe


def test_the_page_strategy_finds_every_square():
    found = ws.solve(ws.example(), page_strategy("word-squares"))
    assert found.values and all(ws.verify(found.given, square) for square in found.values)
    assert ws.squares_of(found) == ws.squares_of(ws.solve(ws.example(), "column-bitmasks"))


def test_the_page_strategy_records_a_true_tree():
    mine = page_strategy("word-squares")
    hangs_true("word-squares", mine)
    marks_true("word-squares", mine)
    probe = Probe(record=50)
    ws.solve(ws.example(), mine, probe=probe)
    assert max(e.depth for e in probe.events if e.kind == "expand") == ws.example().size - 1
