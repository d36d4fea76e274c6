"""Budgets hold: every strategy of every puzzle, on an input far too big for the budget, comes back soon
after the budget with only valid answers and says why it stopped (`wordlab bench budgets` times it at 1 s and
5 s; here the budget is small and the allowance loose, since a test machine may be busy)."""

import pytest

from wordlab.cli import main, puzzle_commands
from wordlab.cli.budgets import trial
from wordlab.puzzles import PUZZLES, puzzle_module

BUDGET = 0.3
LOOSE = 1.5  # seconds past the budget a loaded test machine may take; the benchmark uses the strict margin


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_strategy_returns_soon_after_its_budget_with_valid_answers(puzzle):
    given, options = puzzle_commands(puzzle).budget_case()
    for strategy in puzzle_module(puzzle).STRATEGIES:
        row = trial(puzzle, strategy, given, options.get(strategy, {}), BUDGET)
        assert row["valid"], row
        assert row["took_s"] <= BUDGET + LOOSE, row
        finished_in_time = row["stopped"] in ("finished", "done") and row["took_s"] <= BUDGET + LOOSE
        assert row["stopped"].startswith("time budget") or finished_in_time, row


def test_the_budget_benchmark_prints_a_row_per_call(capsys):
    assert main(["bench", "budgets", "--puzzles", "tuesday", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert "returned within budget" in out and "tuesday" in out
