"""Tests for the shredded-text puzzle: parsing, shredding, scoring, every strategy, robustness, CLI."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import UnknownName, WordlabError
from wordlab.lm import default_model, normalise, shipped_text
from wordlab.puzzles import shredded
from wordlab.puzzles.shredded import (
    STRATEGIES,
    Reading,
    ai_class_grid,
    pairwise_score,
    parse,
    reinsertions,
    shred,
    solve,
    unshredded,
)
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

# Varied prose written for wordlab, one paragraph a line; none of it is in the training text.
PROSE = shredded.heldout_prose()


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


def cut_rows(text: str, width: int, columns: int) -> list[str]:
    line = width * columns
    return [text[i:i + line] for i in range(0, len(text), line)]


# -- parsing and shredding ---------------------------------------------------------------------------------------


def test_heldout_prose_is_not_in_the_training_text():
    training = shipped_text()
    assert len(PROSE) == 10
    for paragraph in PROSE:
        assert normalise(paragraph)[:60] not in training


def test_ai_class_grid_shape():
    grid = ai_class_grid()
    assert (grid.rows, grid.n, grid.width) == (8, 19, 2)
    assert grid.columns[3] == ("Cl", "th", "pr", "of", "yo", "wi", "Th", "in")
    assert parse(grid.show()) == grid


def test_parse_ignores_blank_lines_and_outer_space():
    assert parse("\n  |ab|cd|  \n\n|ef|gh|\n").columns == (("ab", "ef"), ("cd", "gh"))


@pytest.mark.parametrize("text, problem", [
    ("|ab|cd|\n|ef|\n", "ragged grid: row 2 has 1 strips, row 1 has 2"),
    ("|ab|cd|\n|ef|g|\n", "unequal strip widths: row 2, strip 2"),
    ("|ab|c|\n", "unequal strip widths"),
    ("", "empty grid"),
    ("  \n\n", "empty grid"),
    ("|ab|\n|cd|\n", "at least 2 columns"),
    ("|ab|cd\n", "must start and end with '|'"),
    ("||\n", "at least 1"),
])
def test_bad_grids_are_refused_with_the_problem_named(text, problem):
    with pytest.raises(ValueError, match=problem.replace("|", r"\|").replace("(", r"\(")):
        parse(text)


def test_bad_shred_arguments():
    with pytest.raises(WordlabError, match="nothing to shred"):
        shred("   ", seed=1)
    with pytest.raises(WordlabError, match="columns"):
        shred("some text", seed=1, columns=1)


@settings(max_examples=30, deadline=None)
@given(st.text(alphabet="abc ,.XY", min_size=1, max_size=80).filter(str.strip),
       st.integers(1, 4), st.integers(2, 9), st.integers(0, 10**6))
def test_shred_cuts_any_text_into_a_shuffled_grid(text, width, columns, seed):
    grid = shred(text, seed, width=width, columns=columns)
    padded = unshredded(text, width=width, columns=columns)
    rows = cut_rows(padded, width, columns)
    unshuffled = [tuple(row[c * width:(c + 1) * width] for row in rows) for c in range(columns)]
    assert (grid.n, grid.width, grid.rows) == (columns, width, len(rows))
    assert sorted(grid.columns) == sorted(unshuffled)
    assert grid == shred(text, seed, width=width, columns=columns)  # the seed decides the shuffle


# -- scoring ------------------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def readings():
    """The AI-class grid read by models of orders 1, 3 and 6, with and without the word model."""
    base = default_model()
    return {(n, w): Reading(ai_class_grid(), base.with_order(n).with_word_weight(w))
            for n in (1, 3, 6) for w in (0.0, 1.0)}


@settings(max_examples=12, deadline=None)
@given(st.permutations(range(19)), st.sampled_from([1, 3, 6]), st.sampled_from([0.0, 1.0]))
def test_window_scores_equal_the_model_reading_the_whole_text(readings, order, n, weight):
    reading = readings[n, weight]
    text = "".join("".join(reading.grid.columns[c][r] for c in order) for r in range(8)).lower()
    assert math.isclose(reading.score(tuple(order)), reading.model.score(text), abs_tol=1e-6)


def test_reinsertions_are_every_single_move():
    order = (0, 1, 2, 3)
    moves = set(reinsertions(order))
    by_hand = set()
    for i, j in itertools.product(range(4), repeat=2):
        rest = [c for c in order if c != order[i]]
        rest.insert(j, order[i])
        by_hand.add(tuple(rest))
    assert moves == by_hand - {order} and len(moves) == len(reinsertions(order))


# -- the AI-class grid ---------------------------------------------------------------------------------------------

# beam: 1 + 19 + 18 layers of 50 prefixes; exact: every (set of placed columns, last column) state for
# set sizes 1..18 of 19 columns, that is 19 · (2**19 - 2)
EFFORT = {"beam": 920, "exact": 19 * (2**19 - 2)}


@pytest.mark.parametrize("strategy", ["beam", "greedy-chain", "exact"])
def test_ai_class_grid_is_solved_exactly_offline(strategy, model):
    probe = Probe()
    found = solve(ai_class_grid(), strategy, model, probe=probe)
    assert reads_as(ai_class_grid(), found.order, AI_CLASS_LINES)
    assert found.text == "".join(AI_CLASS_LINES) and found.stopped is None
    if strategy in EFFORT:
        assert probe.expansions == EFFORT[strategy]


def test_greedy_chain_counts_its_links(model):
    probe = Probe()
    found = solve(ai_class_grid(), "greedy-chain", model, probe=probe)
    assert found.steps == 18 and probe.calls == 256  # 18 links join 19 columns; 256 candidate links looked at
    gains = [after - before for before, after in zip(found.history, found.history[1:])]
    assert gains == sorted(gains, reverse=True)  # strongest links first


def test_best_first_climbs_from_the_given_order_to_a_local_optimum(model):
    """The write-up's method, from the grid as given: every step must improve the score, and the end
    must be an order no single move improves (with this model it is not the answer: a local optimum)."""
    grid = ai_class_grid()
    probe = Probe()
    found = solve(grid, "best-first", model, probe=probe)
    reading = Reading(grid, model)
    assert found.history == sorted(found.history) and found.steps == len(found.history) - 1 == 7
    assert all(reading.score(move) <= found.score for move in reinsertions(found.order))
    assert probe.expansions == 8


def test_block_moves_solve_the_ai_class_grid_from_the_given_order(model):
    probe = Probe()
    found = solve(ai_class_grid(), "best-first-blocks", model, probe=probe)
    assert reads_as(ai_class_grid(), found.order, AI_CLASS_LINES)
    assert found.history == sorted(found.history) and (found.steps, probe.expansions) == (9, 10)


def test_block_moves_are_every_run_moved_once():
    order = (0, 1, 2, 3, 4)
    by_hand = set()
    for i in range(5):
        for j in range(i + 1, 6):
            rest = order[:i] + order[j:]
            by_hand.update(rest[:k] + order[i:j] + rest[k:] for k in range(len(rest) + 1))
    moves = shredded.block_moves(order)
    assert set(moves) == by_hand - {order} and len(set(moves)) == len(moves)
    assert set(reinsertions(order)) <= set(moves)


def test_best_first_repairs_an_order_a_few_moves_away(model):
    grid = ai_class_grid()
    answer = solve(grid, "beam", model).order
    start = list(answer)
    start.insert(5, start.pop(12))
    start.insert(0, start.pop(9))
    found = solve(grid, "best-first", model, start=start)
    assert reads_as(grid, found.order, AI_CLASS_LINES) and found.steps == 2


def test_best_first_refuses_a_start_that_is_not_a_permutation(model):
    with pytest.raises(WordlabError, match="start order"):
        solve(ai_class_grid(), "best-first", model, start=[0, 0, 1])


# -- exactness of the exact strategy -----------------------------------------------------------------------------


def test_exact_finds_the_best_path_of_pairwise_scores(model):
    grid = shred("a small sample, shredded into seven columns.", seed=3, width=2, columns=7)
    reading = Reading(grid, model)
    brute = max(pairwise_score(reading, order) for order in itertools.permutations(range(grid.n)))
    found = solve(grid, "exact", model)
    assert math.isclose(found.history[0], brute)


def test_exact_refuses_huge_grids(model):
    grid = shred("x" * 60, seed=1, width=2, columns=21)
    with pytest.raises(WordlabError, match="at most 20 columns"):
        solve(grid, "exact", model)


# -- robustness on generated grids ---------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy, at_least", [("beam", 9), ("greedy-chain", 9)])
def test_generated_grids_from_unseen_prose_are_recovered(strategy, at_least, model):
    recovered = 0
    for seed, text in enumerate(PROSE):
        grid = shred(text, seed)
        found = solve(grid, strategy, model)
        recovered += reads_as(grid, found.order, cut_rows(unshredded(text), 2, 19))
    assert recovered >= at_least


@pytest.mark.parametrize("width, columns, seed", [(1, 20, 7), (3, 12, 8), (4, 8, 9)])
def test_other_strip_widths_and_counts(width, columns, seed, model):
    text = PROSE[seed]
    grid = shred(text, seed, width=width, columns=columns)
    found = solve(grid, "beam", model)
    assert reads_as(grid, found.order, cut_rows(unshredded(text, width=width, columns=columns), width, columns))


# -- budgets, probes, names ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_every_strategy_stops_on_its_budget_with_a_whole_order(strategy, model):
    grid = ai_class_grid()
    found = solve(grid, strategy, model, budget=Budget(nodes=3))
    assert sorted(found.order) == list(range(grid.n))
    assert found.stopped == "node budget of 3 reached"


def test_every_strategy_has_a_docstring_with_its_cost():
    for name, strategy in STRATEGIES.items():
        assert "Cost" in strategy.__doc__, name


def test_unknown_strategy_is_named(model):
    with pytest.raises(UnknownName, match="no-such"):
        solve(ai_class_grid(), "no-such", model)


def test_solve_accepts_grid_text(model):
    found = solve(ai_class_grid().show(), "greedy-chain", model)
    assert reads_as(ai_class_grid(), found.order, AI_CLASS_LINES)


# -- command line ---------------------------------------------------------------------------------------------------


def test_cli_solve_prints_the_answer(capsys):
    assert main(["solve", "shredded", "--strategy", "greedy-chain"]) == 0
    out = capsys.readouterr().out
    assert 'with the paper titled "A Mathematical' in out


def test_cli_bench_prints_ratios(capsys, tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text(shred(PROSE[0], 1, columns=8).show(), encoding="utf-8")
    assert main(["bench", "shredded", str(path), "--strategies", "greedy-chain", "exact", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"ratio"' in out and '"greedy-chain"' in out


def test_cli_bench_adds_held_out_grids(capsys):
    assert main(["bench", "shredded", "--strategies", "greedy-chain", "--held-out", "2"]) == 0
    out = capsys.readouterr().out
    assert "held-out 1" in out and "Honey bees communicate" in out
    assert main(["bench", "shredded", "--held-out", "11"]) == 2


def test_cli_reports_a_missing_grid_file(capsys):
    assert main(["solve", "shredded", "/no/such/grid.txt"]) == 2
    assert "no grid file" in capsys.readouterr().err
