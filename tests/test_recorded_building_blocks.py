"""What a recorded Building Blocks run shows: moves by the rules (`is_move`), and a finished run that ends on
a board with words on it, not on the empty board it started from."""

import pytest

from wordlab.puzzles import building_blocks as bb
from wordlab.search import Probe
from wordlab.viz.recording import recording_of

PROBLEM = bb.example()
PUZZLE = PROBLEM.puzzle


def test_is_move_takes_words_added_by_the_rules_and_nothing_else():
    empty = bb.board(PUZZLE, [])
    one = bb.board(PUZZLE, [("..cd..", "efcdgh")])
    two = bb.board(PUZZLE, [("..cd..", "efcdgh"), ("ab....", "abcdef")])
    assert bb.is_move(PROBLEM, empty, one) and bb.is_move(PROBLEM, one, two) and bb.is_move(PROBLEM, empty, two)
    assert not bb.is_move(PROBLEM, one, one)  # nothing added
    assert not bb.is_move(PROBLEM, two, one)  # a word taken away
    assert not bb.is_move(PROBLEM, one, bb.board(PUZZLE, [("..cd..", "ijcdef"), ("ab....", "abcdef")]))  # changed
    assert not bb.is_move(PROBLEM, empty, bb.board(PUZZLE, [("ab....", "abxyzz")]))  # zz is no block
    assert not bb.is_move(PROBLEM, one, bb.board(PUZZLE, [("..cd..", "efcdgh"), ("ab....", "abcdef"),
                                                          ("ab....", "abcdef")]))  # a word twice
    assert not bb.is_move(PROBLEM, empty, bb.board(PUZZLE, [("ab....", "abqqqq")]))  # not a word of the list


@pytest.mark.parametrize("strategy", list(bb.STRATEGIES))
def test_a_finished_run_ends_on_a_board_with_words(strategy):
    answer = bb.solve(PROBLEM, strategy, probe=Probe(record=500))
    assert answer.exhausted and len(answer.solutions) == 3
    recording = recording_of(answer)
    last = recording.state_text(len(recording) - 1).splitlines()
    assert sum(line.endswith("  ?") for line in last) < len(PUZZLE.patterns), "\n".join(last)


def test_backtracking_prunes_a_word_drawn_with_the_word_placed():
    probe = Probe(record=500)
    bb.solve(PROBLEM, "backtracking", probe=probe)
    pruned = [e for e in probe.events if e.kind == "prune"]
    assert pruned
    for e in pruned:
        word = e.why.split()[0]
        assert word in e.state.words and word not in probe.events[e.parent].state.words
