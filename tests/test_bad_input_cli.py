"""Limits stated, not hit: every numeric option of the command line has a range, and a value outside it is one
line naming the option and its limits, before any work. A command that could run for ever states its default
budget in --help."""

from __future__ import annotations

import pytest

from tests.helpers import cli_error
from wordlab.cli import build_parser, parse, puzzle_commands

OUT_OF_RANGE = [
    (["solve", "word-squares", "--sizes", "0"], "--sizes: must be at least 1"),
    (["solve", "word-squares", "--sizes", "5", "31"], "--sizes: must be at most 30, not 31"),
    (["solve", "word-squares", "--double", "1"], "--double: must be at least 2"),
    (["solve", "word-squares", "bat", "--show", "-1"], "--show: must be at least 0"),
    (["solve", "word-squares", "bat", "--max-nodes", "-1"], "--max-nodes: must be at least 0"),
    (["solve", "word-squares", "bat", "--max-nodes", "2.5"], "--max-nodes: expected a whole number"),
    (["solve", "word-squares", "bat", "--max-seconds", "inf"], "--max-seconds: must be a finite number"),
    (["solve", "word-squares", "bat", "--max-seconds", "1e9"], "--max-seconds: must be at most 604,800"),
    (["bench", "word-squares", "--repeats", "0"], "--repeats: must be at least 1"),
    (["solve", "building-blocks", "--max-seconds", "soon"], "--max-seconds: expected a number"),
    (["bench", "building-blocks", "--repeats", "1001"], "--repeats: must be at most 1,000"),
    (["solve", "shredded", "--order", "0"], "--order: must be at least 1"),
    (["solve", "shredded", "--order", "99"], "--order: must be at most 10, not 99"),
    (["solve", "shredded", "--word-weight", "nan"], "--word-weight: must be a finite number"),
    (["solve", "shredded", "--word-weight", "1e6"], "--word-weight: must be at most 1,000"),
    (["solve", "shredded", "--beam-width", "0"], "--beam-width: must be at least 1"),
    (["bench", "shredded", "--held-out", "0"], "--held-out: must be at least 1"),
    (["solve", "spelling-bee", "--show", "-3"], "--show: must be at least 0"),
    (["bench", "spelling-bee", "--sample", "0"], "--sample: must be at least 1"),
    (["bench", "spelling-bee", "--sample", "99999"], "--sample: must be at most 55,902"),
    (["bench", "spelling-bee", "--repeats", "-2"], "--repeats: must be at least 1"),
    (["solve", "tuesday", "--samples", "0"], "--samples: must be at least 1"),
    (["solve", "tuesday", "--seed", "-1"], "--seed: must be at least 0"),
    (["solve", "tuesday", "--seed", "1.5"], "--seed: expected a whole number"),
    (["bench", "tuesday", "--repeats", "0"], "--repeats: must be at least 1"),
    (["solve", "word-ladder", "--width", "0"], "--width: must be at least 1"),
    (["solve", "word-ladder", "--width", "10000000"], "--width: must be at most 1,000,000"),
    (["bench", "budgets", "--seconds", "-1"], "--seconds: must be at least 0"),
    (["bench", "budgets", "--seconds", "3600"], "--seconds: must be at most 600"),
    (["bench", "whole-jobs", "--rounds", "0"], "--rounds: must be at least 1"),
    (["notebooks", "--workers", "0"], "--workers: must be at least 1"),
    (["notebooks", "--timeout", "0"], "--timeout: must be at least 1"),
]


@pytest.mark.parametrize("argv, problem", OUT_OF_RANGE, ids=[" ".join(a) for a, _ in OUT_OF_RANGE])
def test_a_number_out_of_range_is_one_line_naming_the_option(argv, problem, capsys):
    line = cli_error(argv, capsys)
    assert f"argument {problem}" in line, line


def test_notebooks_refuses_a_folder_that_is_not_one(tmp_path, capsys):
    note = tmp_path / "note.txt"
    note.write_text("not a folder")
    assert "is not a folder of notebooks" in cli_error(["notebooks", "--folder", str(note)], capsys)


def test_every_numeric_option_of_these_commands_has_a_range_checker():
    """No option of any command reads a plain int or float: each says its range."""
    parser = build_parser()
    unchecked = []
    for (command, name), sub in parser.puzzle_parsers.items():
        puzzle_commands(name).add_arguments(sub, command)
        unchecked += [f"{command} {name} {action.option_strings or action.dest}" for action in sub._actions
                      if action.type in (int, float)]
    assert not unchecked, unchecked


@pytest.mark.parametrize("puzzle", ["word-squares", "shredded"])
def test_a_search_that_could_run_for_hours_states_its_default_budget_in_help_and_applies_it(puzzle, capsys):
    """Big squares on a big list, or a grid of hundreds of columns, would search for hours without one."""
    with pytest.raises(SystemExit):
        parse(["solve", puzzle, "--help"])
    assert "(default 60 s, so that no run goes on for ever)" in " ".join(capsys.readouterr().out.split())
    assert parse(["solve", puzzle]).max_seconds == 60.0
    assert parse(["solve", puzzle, "--max-seconds", "2"]).max_seconds == 2.0
