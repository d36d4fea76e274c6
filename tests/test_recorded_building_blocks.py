"""What a recorded Building Blocks run shows: moves by the rules (`is_move`), a finished run that ends on a
board with words on it, not on the empty board it started from, and each node labelled with the word its
move placed, in the player and in the filmstrip."""

import pytest

from wordlab.puzzles import building_blocks as bb
from wordlab.search import Probe
from wordlab.viz.recording import LABEL_WIDTH, recording_of, tree_svg

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


def placed_by_move(child: bb.Board, parent: bb.Board | None) -> list[str]:
    """The words on `child`'s board that are not on its parent's (all of them for a root)."""
    before = set(parent.words) if parent is not None else set()
    return [word for word in child.words if word is not None and word not in before]


@pytest.mark.parametrize("strategy", list(bb.STRATEGIES))
def test_each_node_is_labelled_with_the_word_its_move_placed(strategy):
    """A node's label is what its move placed, read from the boards themselves: the one word new on its board,
    "+N words" where a move placed N at once (regex-scan's combinations), "(empty)" for a board with none."""
    answer = bb.solve(PROBLEM, strategy, probe=Probe(record=500))
    boards = {e.node: e.state for e in answer.probe.events if e.kind in ("expand", "prune")}
    recording = recording_of(answer)
    assert recording.labelled and len(recording.tree) == len(boards)
    for node, parent, _, label in recording.tree:
        new = placed_by_move(boards[node], boards.get(parent))
        assert label == (new[0] if len(new) == 1 else f"+{len(new)} words" if new else "(empty)"), (node, new)
        assert len(label) <= LABEL_WIDTH


def test_the_player_and_the_filmstrip_label_the_current_node_with_its_word():
    """At every frame of exact cover's filmstrip the current node's label, drawn in bold, is the word just
    placed, a word of its board; the player's tree writes the same label at that step."""
    from wordlab.viz.filmstrip import filmstrip, steps_of

    answer = bb.solve(PROBLEM, "exact-cover", probe=Probe(record=500))
    recording = recording_of(answer)
    trees = [ax for ax in filmstrip([recording]).axes if "depth" in [t.get_text() for t in ax.texts]]
    steps = steps_of(recording, 6)
    assert len(trees) == len(steps)
    for ax, step in zip(trees, steps):
        node = recording.node_at(step)
        board = next(e.state for e in answer.probe.events if e.node == node and e.kind in ("expand", "prune"))
        (bold,) = [t.get_text() for t in ax.texts if t.get_fontfamily() == ["monospace"]
                   and t.get_fontweight() == "bold"]
        assert bold == str(board) and (bold in board.words or bold == "(empty)" and not any(board.words))
        assert f">{bold}</text>" in tree_svg(recording, step)
