"""Tests for the shredded-text puzzle: parsing, shredding, scoring, every strategy, held-out prose, CLI."""

from __future__ import annotations

import itertools
import math
import re

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import UnknownName
from wordlab.lm import default_model, normalise, shipped_text
from wordlab.puzzles import shredded as sh
from wordlab.puzzles.shredded import STRATEGIES, Reading, ai_class_grid, parse, reinsertions, shred, solve
from wordlab.search import Budget, Probe

AI_CLASS_LINES = [  # the answer, written out by hand: read this, not a solver's output
    "Claude Shannon founded information    ",
    "theory, which is the basis of         ",
    "probabilistic language models and     ",
    "of the code breaking methods that     ",
    "you would use to solve this problem,  ",
    'with the paper titled "A Mathematical ',
    'Theory of Communication," published   ',
    "in this year.                         ",
]


@pytest.fixture(scope="module")
def model():
    return default_model()


# -- an independent verifier -------------------------------------------------------------------------------------


def reads_as(grid, order, lines) -> bool:
    """Does putting the grid's columns in `order` give exactly `lines`? (plain loops, no solver code)"""
    if sorted(order) != list(range(len(grid.columns))):
        return False
    rebuilt = []
    for r in range(len(lines)):
        row = ""
        for c in order:
            row += grid.columns[c][r]
        rebuilt.append(row)
    return rebuilt == list(lines)


def wrapped_rows(text: str, length: int) -> list[str]:
    """Ragged-right rows of at most `length` characters, words kept whole (written here, not textwrap)."""
    rows, row = [], ""
    for word in text.split():
        if row and len(row) + 1 + len(word) > length:
            rows.append(row.ljust(length))
            row = word
        else:
            row = f"{row} {word}" if row else word
    return rows + [row.ljust(length)]


# -- parsing and shredding ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("width", [1, 2, 3])
def test_heldout_prose_is_not_in_the_training_text(width):
    training = shipped_text()
    pieces = sh.heldout_prose(width)
    assert len(pieces) == 10
    for piece in pieces:
        for start in range(0, len(piece) - 40, 40):
            assert normalise(piece)[start:start + 40] not in training


@pytest.mark.parametrize("width", [1, 2, 3])
def test_heldout_cases_are_ragged_right_rows_of_the_prose(width):
    for k, case in enumerate(sh.heldout_cases(width)):
        grid = case.grid
        assert 3 <= grid.rows <= 6 and grid.n <= 30 and grid.width == width
        assert list(case.lines) == wrapped_rows(sh.heldout_prose(width)[k], width * grid.n)
        columns = [tuple(line[c * width:(c + 1) * width] for line in case.lines) for c in range(grid.n)]
        assert sorted(columns) == sorted(grid.columns)


def test_ai_class_grid_shape():
    grid = ai_class_grid()
    assert (grid.rows, grid.n, grid.width) == (8, 19, 2)
    assert grid.columns[3] == ("Cl", "th", "pr", "of", "yo", "wi", "Th", "in")
    assert parse(grid.show()) == grid and parse(grid) is grid


def test_parse_ignores_blank_lines_and_outer_space():
    assert parse("\n  |ab|cd|  \n\n|ef|gh|\r\n").columns == (("ab", "ef"), ("cd", "gh"))


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="abc ,.XY", min_size=1, max_size=80).filter(str.strip),
       st.integers(1, 4), st.integers(2, 9), st.integers(0, 10**6), st.booleans())
def test_shred_cuts_any_text_into_a_shuffled_grid(text, width, columns, seed, wrap):
    grid = shred(text, seed, width=width, columns=columns, wrap=wrap)
    rows = sh.layout(text, width=width, columns=columns, wrap=wrap)
    assert all(len(row) == width * columns for row in rows)
    assert " ".join("".join(rows).split()) == " ".join(text.split()) or wrap  # cut: the text itself
    unshuffled = [tuple(row[c * width:(c + 1) * width] for row in rows) for c in range(columns)]
    assert (grid.n, grid.width, grid.rows) == (columns, width, len(rows))
    assert sorted(grid.columns) == sorted(unshuffled)
    assert grid == shred(text, seed, width=width, columns=columns, wrap=wrap)  # the seed decides the shuffle


# -- scoring ------------------------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.permutations(range(12)), st.sampled_from([1, 3, 6]), st.sampled_from([1, 2]))
def test_one_row_of_single_spaced_text_scores_as_the_model_reads_it(model, order, n, width):
    """With one row and no runs of spaces, reading by column windows is the character model reading the text."""
    text = "Strips cut, shuffled and put back."[:12 * width]
    grid = shred(text, seed=0, width=width, columns=12)
    line = grid.text(order).lower()
    assume("  " not in line and not line.startswith(" "))
    reading = Reading(grid, model.with_order(n))
    assert math.isclose(reading.chars(tuple(order)), model.with_order(n).chars.score(line), abs_tol=1e-6)


def test_padding_is_free_and_spaces_out_of_place_cost(model):
    """Ragged-right rows: trailing spaces cost nothing; a line starting with a space, or words after
    padding, cost more than the same characters in their place."""
    grid = sh.from_rows([["The", " en", "d. ", "   "], ["Fin", "e. ", "   ", "   "]])
    reading = Reading(grid, model)
    right = reading.chars((0, 1, 2, 3))
    assert right > reading.chars((3, 0, 1, 2)) + 10  # a blank column at the left
    assert right > reading.chars((0, 1, 3, 2)) + 10  # words after padding in row 1
    assert reading.ragged_right((3, 0, 1, 2)) == (0, 1, 2, 3)


def test_blank_columns_that_separate_words_stay_in_place(model):
    grid = sh.from_rows([["a", "b", " ", "c"], ["e", "f", " ", "g"]])
    assert Reading(grid, model).ragged_right((0, 1, 2, 3)) == (0, 1, 2, 3)


def test_reinsertions_are_every_single_move():
    order = (0, 1, 2, 3)
    moves = set(reinsertions(order))
    by_hand = set()
    for i, j in itertools.product(range(4), repeat=2):
        rest = [c for c in order if c != order[i]]
        rest.insert(j, order[i])
        by_hand.add(tuple(rest))
    assert moves == by_hand - {order} and len(moves) == len(list(reinsertions(order)))


def test_block_moves_are_every_run_moved_once():
    order = (0, 1, 2, 3, 4)
    by_hand = set()
    for i in range(5):
        for j in range(i + 1, 6):
            rest = order[:i] + order[j:]
            by_hand.update(rest[:k] + order[i:j] + rest[k:] for k in range(len(rest) + 1))
    moves = list(sh.block_moves(order))
    assert set(moves) == by_hand - {order} and len(set(moves)) == len(moves)
    assert set(reinsertions(order)) <= set(moves)
    assert len(list(sh.swaps(order))) == 10 and all(sorted(m) == list(order) for m in sh.swaps(order))


# -- the AI-class grid ---------------------------------------------------------------------------------------------

# beam: 1 + 19 + 17 layers of 50 prefixes; exact: every (set of placed columns, last column) state for
# set sizes 1..18 of 19 columns, that is 19 · (2**19 - 2)
EFFORT = {"beam": 1 + 19 + 17 * 50, "exact": 19 * (2**19 - 2)}


@pytest.mark.parametrize("strategy", ["beam", "beam-repair", "greedy-chain", "exact"])
def test_ai_class_grid_is_solved_exactly_offline(strategy, model):
    probe = Probe()
    found = solve(ai_class_grid(), strategy, model=model, probe=probe)
    assert reads_as(ai_class_grid(), found.order, AI_CLASS_LINES)
    assert found.text == "".join(AI_CLASS_LINES) and found.stopped is None
    if strategy in EFFORT:
        assert probe.expansions == EFFORT[strategy]


def test_best_first_climbs_to_an_order_no_move_improves(model):
    """The write-up's method, from the grid as given: each order it reports scores higher than the last,
    the last is one that no single move improves, and with the default model it is the message."""
    grid = ai_class_grid()
    found = solve(grid, "best-first", model=model)
    assert reads_as(grid, found.order, AI_CLASS_LINES)
    costs = [s.cost for s in found.solutions]
    assert costs == sorted(costs) and len(set(costs)) == len(costs) and found.steps >= 1
    reading = Reading(grid, model)
    assert all(reading.score(move) <= found.cost for move in reinsertions(found.order))


def test_block_moves_climb_further_than_single_moves(model):
    grid = ai_class_grid()
    single, blocks = (solve(grid, name, model=model) for name in ("best-first", "best-first-blocks"))
    assert blocks.cost >= single.cost and reads_as(grid, blocks.order, AI_CLASS_LINES)
    reading = Reading(grid, model)
    assert all(reading.score(move) <= blocks.cost for move in sh.block_moves(blocks.order))


def test_best_first_repairs_an_order_a_few_moves_away(model):
    grid = ai_class_grid()
    answer = list(solve(grid, "greedy-chain", model=model).order)
    answer.insert(5, answer.pop(12))
    answer.insert(0, answer.pop(9))
    found = solve(grid, "best-first", model=model, start=answer)
    assert reads_as(grid, found.order, AI_CLASS_LINES) and found.steps == 2


# -- exactness of the exact strategy -----------------------------------------------------------------------------


def test_exact_finds_the_best_path_of_pairwise_scores(model):
    grid = shred("a small sample, shredded into seven columns.", seed=3, width=2, columns=7)
    reading = Reading(grid, model)
    brute = max(sh.pairwise_score(reading, order) for order in itertools.permutations(range(grid.n)))
    found = solve(grid, "exact", model=model)
    best_rotations = {found.order[k:] + found.order[:k] for k in range(grid.n)}
    assert any(math.isclose(sh.pairwise_score(reading, order), brute) for order in best_rotations)


# -- held-out prose: the figure `wordlab bench shredded` reports per strip width ----------------------------------

HELD_OUT_AT_LEAST = 9  # of ten grids restored exactly, for strips of 1, 2 and 3 characters


@pytest.mark.parametrize("width", [1, 2, 3])
def test_held_out_grids_are_restored(width, model):
    restored = 0
    for case in sh.heldout_cases(width):
        found = solve(case.grid, model=model)
        restored += reads_as(case.grid, found.order, case.lines)
    assert restored >= HELD_OUT_AT_LEAST


@pytest.mark.parametrize("width, columns, seed", [(2, 19, 0), (3, 22, 8), (4, 8, 9)])
def test_text_cut_straight_across_rows(width, columns, seed, model):
    text = sh.heldout_prose(2)[seed]
    grid = shred(text, seed, width=width, columns=columns)
    found = solve(grid, model=model)
    assert reads_as(grid, found.order, sh.layout(text, width=width, columns=columns))


# -- the protocol: budgets, probes, names ----------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_solves_the_example(strategy, model):
    grid = sh.example()
    found = solve(grid, strategy, model=model)
    truth = sh.layout("Strips of paper can be put back in order by reading them.", width=3, columns=6)
    assert all(sh.verify(grid, value) for value in found.values)
    assert reads_as(grid, found.order, truth)


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_stops_on_its_budget(strategy, model):
    grid = ai_class_grid()
    found = solve(grid, strategy, model=model, budget=Budget(nodes=3))
    assert found.stopped == "node budget of 3 reached"
    assert all(sorted(value) == list(range(grid.n)) for value in found.values)


def test_every_strategy_has_a_docstring_with_its_cost():
    for name, strategy in STRATEGIES.items():
        assert "Cost" in strategy.__doc__, name


def test_unknown_strategy_is_named(model):
    with pytest.raises(UnknownName, match="no-such"):
        solve(ai_class_grid(), "no-such", model=model)


def test_solve_accepts_grid_text(model):
    found = solve(ai_class_grid().show(), "greedy-chain", model=model)
    assert reads_as(ai_class_grid(), found.order, AI_CLASS_LINES)


def test_render_draws_the_columns_placed_and_what_they_spell(model):
    probe = Probe(record=50)
    solve(sh.example(), "beam", model=model, probe=probe)
    states = [event.state for event in probe.events if event.state]
    drawing = sh.render(states[-1])
    assert drawing.splitlines()[0].startswith("|") and "columns" in drawing
    assert sh.render(()) == "(no columns placed yet)"
    assert sh.render((1, 0), sh.from_rows([["ab", "cd"]])).splitlines()[0] == "|cd|ab|"



def test_regret_is_the_f_each_beam_frame_shows(model):
    """`regret` ranks a prefix as the beam does: every prefix beam-repair expands lists that f, the second
    beam's read after the first climb's order; and a prefix can score above 0 (higher is better)."""
    grid = sh.example()
    probe = Probe(record=2000)
    solve(grid, "beam-repair", model=model, probe=probe)
    events, reading = probe.events, Reading(grid, model)
    assert not probe.full
    roots = [i for i, e in enumerate(events) if e.kind == "expand" and e.parent is None]
    climbs = [i for i, e in enumerate(events) if e.kind == "expand" and e.queue is None]
    assert len(roots) == 2 and climbs and climbs[0] < roots[1]
    guess = [events[i].state.order for i in climbs if i < roots[1]][-1]
    prefixes = [(i, e) for i, e in enumerate(events) if e.kind == "expand" and e.queue]
    assert len(prefixes) > 100
    for i, event in prefixes:
        shown = sh.regret(reading, event.state.order, guess if i > roots[1] else None)
        assert round(shown, 2) == event.queue[0].f, (i, event.state.order)
    assert sh.regret(reading, ()) == 0.0
    assert max(sh.regret(reading, e.state.order) for i, e in prefixes if i < roots[1]) > 0


def test_a_beam_reports_as_its_frontier_the_prefixes_of_the_layer_still_to_expand(model):
    """Each prefix a beam expands reports the prefixes of its layer expanded after it, not the whole layer:
    counted here from the recorded layers themselves (the expansions at one depth in a row)."""
    probe = Probe(record=2000)
    solve(sh.example(), "beam", model=model, probe=probe)
    assert not probe.full
    expanded = [e for e in probe.events if e.kind == "expand"]
    layers = [list(run) for _, run in itertools.groupby(expanded, key=lambda e: e.depth)]
    assert len(layers) == sh.example().n and max(map(len, layers)) > 1
    for layer in layers:
        assert [e.frontier for e in layer] == list(range(len(layer) - 1, -1, -1))
    assert probe.max_frontier == max(map(len, layers)) - 1


def test_bench_calls_count_expansions_not_the_calls_reported(model):
    """bench's `calls` column is the probe's expansions: the beam's pick, reported with probe.call, is left out."""
    from wordlab.bench import run as bench_run

    grid = ai_class_grid()
    probe = Probe()
    solve(grid, "beam", model=model, probe=probe)
    frame = bench_run({"beam": lambda g, probe=None: solve(g, "beam", model=model, probe=probe)}, {"ai": grid},
                      repeats=1)
    assert probe.calls >= 1 and probe.expansions == 1 + grid.n + (grid.n - 2) * 50
    assert frame["calls"].iloc[0] == probe.expansions
    assert sum(probe.per_depth.values()) == probe.expansions + probe.calls

# -- command line ---------------------------------------------------------------------------------------------------


def test_cli_solve_prints_the_answer(capsys, tmp_path):
    out_file = tmp_path / "restored.txt"
    assert main(["solve", "shredded", "--strategy", "greedy-chain", "--save", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert 'with the paper titled "A Mathematical' in out
    assert out_file.read_text(encoding="utf-8").splitlines() == AI_CLASS_LINES


def test_cli_bench_prints_ratios_and_the_held_out_figure(capsys, tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text(shred(sh.heldout_prose(2)[0], 1, columns=8).show(), encoding="utf-8")
    argv = ["bench", "shredded", str(path), "--strategies", "greedy-chain", "exact", "--repeats", "1",
            "--held-out", "3", "--held-out-strategies", "greedy-chain", "--json"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert '"ratio"' in out and '"greedy-chain"' in out and '"strip width": 3' in out
    assert re.search(r'"restored": \d+', out)
