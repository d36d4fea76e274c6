"""What a recorded Sudoku run shows: moves by the rules (`is_move`), dead ends that name the blank with no
candidates, and guesses pruned at once drawn with the guess written in."""

from wordlab.puzzles import sudoku as sd
from wordlab.search import Probe

SIX = sd.example()


def test_is_move_takes_one_or_more_digits_added_by_the_rules_and_nothing_else():
    answer = sd.solve(SIX).solution.cells
    first, second = [c for c, d in enumerate(SIX.cells) if not d][:2]
    start = sd.Position.of(SIX)
    one = start.placed(first, answer[first])
    two = one.placed(second, answer[second])
    assert sd.is_move(SIX, start, one) and sd.is_move(SIX, one, two) and sd.is_move(SIX, start, two)
    assert not sd.is_move(SIX, start, start)  # nothing added
    assert not sd.is_move(SIX, one, start)  # a digit taken away
    other = next(d for d in range(1, 7) if d != answer[first])
    assert not sd.is_move(SIX, one, start.placed(first, other).placed(second, answer[second]))  # a digit changed
    in_row = next(SIX.cells[c] for c in range(6) if SIX.cells[c])  # the first blank is in row 1
    assert not sd.is_move(SIX, start, start.placed(first, in_row))  # a digit twice in a row


def recorded(strategy: str, puzzle: str, record: int = 2_000):
    probe = Probe(record=record)
    sd.solve(puzzle, strategy, probe=probe)
    return probe.events


def test_a_sequential_dead_end_is_a_backtrack_naming_the_blank_with_no_candidates():
    events = recorded("sequential", sd.EXAMPLES["six"])
    dead = [e for e in events if e.kind == "backtrack"]
    parents = {e.parent for e in events if e.kind == "call"}
    assert dead and all(e.node not in parents for e in dead)  # a dead end made no call
    for e in dead:
        position = events[e.node].state
        name = e.why.split()[0]
        cell = next(c for c in range(36) if SIX.geometry.name(c) == name)
        assert e.why == f"{name} has no candidates" and position.cells[cell] == 0 and position.candidates[cell] == 0


def test_dancing_links_names_the_cell_or_the_digit_it_is_stuck_on():
    whys = {e.why.split(" has ")[1] for e in recorded("dancing-links", sd.EXAMPLES["other"]) if e.kind == "backtrack"}
    assert whys and whys <= {"no candidates", *(f"no place in {unit} {i}" for unit in ("row", "column", "box")
                                                for i in range(1, 10))}


def test_a_guess_that_fails_at_once_is_a_prune_drawn_with_the_guess_written_in():
    events = recorded("propagation", sd.EXAMPLES["other"], record=400)
    pruned = [e for e in events if e.kind == "prune"]
    assert pruned
    for e in pruned:
        parent, position = events[e.parent].state, e.state
        assert sd.is_move(sd.parse(sd.EXAMPLES["other"]), parent, position)
        assert sum(a != b for a, b in zip(parent.cells, position.cells)) == 1
        assert e.why.startswith(sd.geometry(9).move(position.last, position.cells[position.last]))
