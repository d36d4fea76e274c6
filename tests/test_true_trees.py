"""Recorded trees are true: every puzzle × strategy, recorded, hangs each node under the node that made
it. Parents come before children, a child is one level below its parent, and the path read from the
parent links is a legal sequence of moves by the puzzle's own rule (`is_move`), not the recorder's."""

import pytest

from wordlab.puzzles import PUZZLES, puzzle_module
from wordlab.search import Budget, Probe
from wordlab.search.probe import NODE_KINDS

RECORD = 400
RUNS = [(puzzle, strategy) for puzzle in PUZZLES for strategy in puzzle_module(puzzle).STRATEGIES]


def recorded(puzzle: str, strategy: str):
    module = puzzle_module(puzzle)
    probe = Probe(record=RECORD)
    result = module.solve(module.example(), strategy, probe=probe, budget=Budget(seconds=20))
    return module, result, probe.events


@pytest.mark.parametrize("puzzle, strategy", RUNS)
def test_every_node_hangs_under_the_node_that_made_it(puzzle, strategy):
    module, result, events = recorded(puzzle, strategy)
    nodes = {e.node: e for e in events if e.kind in NODE_KINDS}
    assert nodes, "the run recorded no node"
    for node, event in nodes.items():
        assert event.state is not None, f"node {node} ({event.kind}) has no state to draw"
        if event.parent is None:
            assert event.depth == 0 or event.kind == "prune" and event.depth == 0, f"node {node} at depth {event.depth} has no parent"
            continue
        parent = nodes.get(event.parent)
        assert parent is not None and event.parent < node, f"node {node}'s parent {event.parent} was not recorded before it"
        assert parent.kind != "prune", f"node {node} hangs under a pruned node"
        assert event.depth == parent.depth + 1, f"node {node} at depth {event.depth} under a node at depth {parent.depth}"
        assert module.is_move(result.given, parent.state, event.state), (
            f"{puzzle} {strategy}: node {node} is not one move on from its parent:\n"
            f"{module.render(parent.state)}\n→\n{module.render(event.state)}")


@pytest.mark.parametrize("puzzle, strategy", RUNS)
def test_marks_point_at_recorded_nodes(puzzle, strategy):
    _, _, events = recorded(puzzle, strategy)
    made = {e.node for e in events if e.kind in NODE_KINDS}
    for event in events:
        if event.kind in ("backtrack", "solution") and event.node is not None:
            assert event.node in made


def test_is_move_refuses_what_is_not_a_move():
    ladder = puzzle_module("word-ladder")
    given = ladder.parse(ladder.example())
    cold, cord, warm = (ladder.Rung(word, "warm") for word in ("cold", "cord", "warm"))
    assert ladder.is_move(given, cold, cord) and not ladder.is_move(given, cold, warm)
    assert not ladder.is_move(given, cold, cold)


@pytest.mark.parametrize("strategy", list(puzzle_module("word-squares").STRATEGIES))
def test_each_word_square_found_belongs_to_the_node_that_completed_it(strategy):
    ws = puzzle_module("word-squares")
    words = ["card", "area", "rear", "dart", "aria", "reed", "ream", "dare"]
    probe = Probe(record=RECORD)
    ws.solve(ws.puzzle("card", words), strategy, probe=probe)
    found = [e for e in probe.events if e.kind == "solution"]
    assert len(found) == 2
    for event in found:
        assert tuple(probe.events[event.node].state.rows) == tuple(event.state), strategy
