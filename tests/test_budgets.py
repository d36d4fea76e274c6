"""Budgets hold: every strategy of every puzzle, on an input far too big for the budget, comes back soon
after the budget with only valid answers and says why it stopped (`wordlab bench budgets` times it at 1 s and
5 s; here the budget is small and the allowance loose, since a test machine may be busy)."""

import argparse
import json

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
    assert main(["bench", "budgets", "--puzzles", "tuesday", "--seconds", "0.2", "--kinds", "strategies"]) == 0
    out = capsys.readouterr().out
    assert "returned within budget" in out and "tuesday" in out


def test_whole_commands_hold_the_commands_budget_with_every_part_loading_and_model_building():
    """Runs in parts (rows, sizes, puzzles) and a model built afresh all come out of one `--max-seconds`."""
    from wordlab.cli.budgets import COMMANDS, command_rows

    rows = command_rows(list(COMMANDS), [0.5])
    assert [row["command"] for row in rows] == list(COMMANDS)
    for row in rows:
        assert row["exit"] == 0, row
        assert row["took_s"] <= row["allowed_s"] + LOOSE, row
        assert row["stopped"].startswith("time budget of 0.5 s reached"), row


def test_a_stopped_word_squares_count_reads_at_least_in_text_and_json(capsys):
    assert main(["solve", "word-squares", "--sizes", "5", "--max-seconds", "0", "--words", "web2"]) == 0
    text = capsys.readouterr().out
    assert "size 5: at least 0 squares (stopped: time budget of 0 s reached)" in text
    assert main(["solve", "word-squares", "bat", "--any-row", "--max-seconds", "0", "--words", "web2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["count_is"] == "at least" and data["stopped"].startswith("time budget"), data


def test_a_budget_from_the_command_line_counts_from_the_start_of_the_command():
    from wordlab.cli.options import budget_from, start_command_clock

    args = argparse.Namespace(max_nodes=None, max_seconds=2.0, progress=False)
    start_command_clock(100.0)
    try:
        first, second = budget_from(args).start(), budget_from(args).start()
    finally:
        start_command_clock(None)
    assert first._deadline == second._deadline == 102.0  # both end when the command's two seconds end
    assert budget_from(args).start()._deadline > 102.0  # no command running: from its own start


def test_parts_run_under_one_budget_share_its_clock_and_nodes():
    from wordlab.puzzles import word_squares as ws
    from wordlab.search import Budget

    words = ["bat", "are", "tea", "tab", "ate", "eat", "art", "rat", "tar"]
    budget = Budget(nodes=3)
    found = ws.squares_with("bat", words, budget=budget)
    assert found.stopped == "node budget of 3 reached"
    assert budget.used == 4 and not budget.running  # the parts charged one count, and it was closed after
    complete = ws.squares_with("bat", words)
    assert complete.stopped is None and set(found) <= set(complete)
