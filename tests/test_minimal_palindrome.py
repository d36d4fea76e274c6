"""The minimal strategy of docs/puzzles/palindrome.md, run from the page's own code block (so the page and this
test cannot drift): it finds a palindromic pangram of the example, and its recorded tree is true."""

from tests.helpers import page_strategy
from tests.test_true_trees import test_every_node_hangs_under_the_node_that_made_it as hangs_true
from tests.test_true_trees import test_marks_point_at_recorded_nodes as marks_true
from wordlab.puzzles import palindrome as P
from wordlab.search import Probe


def test_the_page_strategy_finds_a_phrase_of_the_example():
    answer = P.solve(P.example(), page_strategy("palindrome"))
    assert P.verify(answer.given, answer.value) and answer.cost == len(answer.value.replace(" ", ""))
    assert answer.cost >= P.solve(P.example(), "iterative-deepening").cost == 9


def test_the_page_strategy_records_a_true_tree_of_walks():
    mine = page_strategy("palindrome")
    hangs_true("palindrome", mine)
    marks_true("palindrome", mine)
    probe = Probe(record=400)
    answer = P.solve(P.example(), mine, probe=probe)
    [solution] = [e for e in probe.events if e.kind == "solution"]
    goal = probe.events[solution.node].state
    assert isinstance(goal, P.Walks) and " ".join(P.phrase_of(goal.state)) == answer.value
