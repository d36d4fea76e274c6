"""The minimal strategy of docs/puzzles/sudoku.md, run from the page's own code block (so the page and this
test cannot drift): it solves the example, finds only the one solution, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import sudoku as sd
from wordlab.search import Probe


def test_the_page_strategy_solves_the_example_and_finds_no_second_solution():
    answer = sd.solve(sd.example(), page_strategy("sudoku"))
    assert answer.exhausted and answer.count == 1 and answer.verified
    assert answer.solution == sd.solve(sd.example(), "sequential").solution


def test_the_page_strategy_records_a_true_tree_of_positions():
    mine = page_strategy("sudoku")
    hangs_true("sudoku", mine)
    marks_true("sudoku", mine)
    probe = Probe(record=200)
    answer = sd.solve(sd.example(), mine, probe=probe)
    calls = [e for e in probe.events if e.kind == "call"]
    assert len(calls) == probe.calls == answer.nodes and all(isinstance(e.state, sd.Position) for e in calls)
    [solution] = [i for i, e in enumerate(probe.events) if e.kind == "solution"]
    assert probe.events[solution].node == solution - 1 and 0 not in probe.events[solution - 1].state.cells
