"""Sudoku: every malformed input gets a clear `WordlabError` naming the problem (the command line prints it
on one line and exits 2); any text at all is a puzzle or such an error, never another exception."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from wordlab.cli import main
from wordlab.errors import UnknownName, WordlabError
from wordlab.puzzles.sudoku import EXAMPLES, Sudoku, count_solutions, difficulty, generate, parse, solve
from wordlab.search import Budget

EASY = EXAMPLES["easy"]
DIGITS16 = EXAMPLES["sixteen"]


@pytest.mark.parametrize("text, words", [
    ("", "cells, not 0"),
    ("123", "cells, not 3"),
    ("." * 80, "not 80"),
    ("." * 49, "unsupported Sudoku size 7×7"),
    ("." * 144, "unsupported Sudoku size 12×12"),
    ("x" + "." * 80, "invalid characters 'X'"),
    ("9" + "." * 63, "invalid characters '9' in a 8×8"),
    ("5" + "." * 15, "invalid characters '5' in a 4×4"),
    ("-" + EASY[1:], "invalid characters '-'"),
    ("A" + EASY[1:], "invalid characters 'A' in a 9×9"),
    ("55" + "." * 79, "contradictory givens: digit 5 appears at both r1c1 and r1c2"),
    ("1" + "." * 8 + "1" + "." * 71, "contradictory givens: digit 1 appears at both r1c1 and r2c1"),
    ("12" + "." * 2 + "21" + "." * 10, "contradictory givens: digit 2 appears at both r1c2 and r2c1"),  # a box
    ("A" * 2 + "." * 254, "ambiguous"),  # only A-G: 1-9 then A-G, or A-P?
    ("1H" + "." * 254, "not both"),  # a digit and a letter past G
    ("G" + "." * 15 + "G1" + "." * 238, "contradictory givens: digit G appears at both r1c1 and r2c1"),
    ("Z" + "." * 255, "invalid characters 'Z' in a 16×16"),
    ("." * 100_000, "at most 256 cells"),
])
def test_malformed_grids_are_refused_naming_the_problem(text, words):
    with pytest.raises(WordlabError, match=words):
        parse(text)


@pytest.mark.parametrize("value, words", [(123, "not int"), (None, "not NoneType"), (list(EASY), "not list"),
                                          (EASY.encode(), "not bytes")])
def test_a_grid_that_is_not_text_is_refused(value, words):
    with pytest.raises(WordlabError, match=words):
        solve(value)


@pytest.mark.parametrize("options, words", [
    ({"limit": 0}, "limit must be a positive integer, not 0"),
    ({"limit": -3}, "not -3"),
    ({"limit": 2.5}, "not 2.5"),
    ({"limit": True}, "not True"),
    ({"limit": "2"}, "not '2'"),
    ({"seed": 3}, "has no option seed"),  # only random-order takes a seed
    ({"width": 3}, "has no option width"),
])
def test_bad_options_are_refused(options, words):
    with pytest.raises(WordlabError, match=words):
        solve(EASY, "bitfield-cover", **options)


def test_unknown_strategies_sizes_and_budgets_are_refused():
    with pytest.raises(UnknownName, match="bitmask-singles"):
        solve(EASY, "guesswork")
    with pytest.raises(WordlabError, match="up to 9×9.*use bitfield-cover, compiled or propagation"):
        solve(DIGITS16, "bitmask-locked")
    with pytest.raises(WordlabError, match="unsupported Sudoku size 7×7"):
        generate(7)
    with pytest.raises(WordlabError, match="seconds"):
        solve(EASY, budget=Budget(seconds=-1))
    with pytest.raises(WordlabError, match="cells, not 3"):
        count_solutions("123")
    with pytest.raises(WordlabError, match="contradictory"):
        difficulty("11" + "." * 14)


def test_hand_built_puzzles_and_other_calls_are_checked():
    from wordlab.puzzles.sudoku import geometry, load_set, set_available

    nine = geometry(9)
    for cells, words in [((0,) * 80, "has 81 cells, not 80"), ((10,) + (0,) * 80, "not 10"),
                         ((5, 5) + (0,) * 79, "contradictory givens"), (("1",) + (0,) * 80, "not '1'")]:
        with pytest.raises(WordlabError, match=words):
            solve(Sudoku(cells, nine))
    with pytest.raises(WordlabError, match="unsupported Sudoku size 16.0"):
        generate(16.0)
    with pytest.raises(UnknownName, match="bitfield-cover"):
        count_solutions(EASY, strategy="nope")
    with pytest.raises(WordlabError, match="positive integer, not 0"):
        count_solutions(EASY, limit=0)
    if set_available("top95"):
        with pytest.raises(WordlabError, match="positive number of puzzles, not -1"):
            load_set("top95", sample=-1)


def test_a_zero_budget_stops_at_once_and_says_so():
    answers = solve(EASY, "sequential", budget=Budget(nodes=0))
    assert answers.stopped and not answers.solutions and not answers.exhausted


@pytest.mark.parametrize("argv, words", [
    (["solve", "sudoku", "12x"], "cells, not 3"),
    (["solve", "sudoku", "--grid=-" + EASY[1:]], "invalid characters '-'"),
    (["solve", "sudoku", "--", "-" + EASY[1:]], "invalid characters '-'"),
    (["solve", "sudoku", "-" + EASY[1:]], "invalid characters '-'"),  # read as a negative number: a grid
    (["solve", "sudoku", "-" + "." * 80], "goes after `--`"),  # read as an option: the error says what to do
    (["solve", "sudoku", EASY, "--grid", EASY], "give the grid once"),
    (["solve", "sudoku", "--limit", "0"], "argument --limit: must be at least 1"),
    (["solve", "sudoku", "--generate", "7"], "invalid choice: 7"),
    (["solve", "sudoku", "--strategy", "guesswork"], "invalid choice: 'guesswork'"),
    (["solve", "sudoku", "--strategy", "bitmask-singles", DIGITS16], "up to 9×9"),
    (["solve", "sudoku", "--max-seconds", "nan"], "seconds"),
    (["solve", "sudoku", "--file", "no/such/file.txt"], "puzzle file 'no/such/file.txt' does not exist"),
    (["solve", "sudoku", "--file", "."], "puzzle file '.' is a folder, not a regular file"),
    (["solve", "sudoku", "--file", "/dev/zero"], "puzzle file '/dev/zero' is a character device, not a regular file"),
    (["solve", "sudoku", "--file", "-", "--workers", "0"], "argument --workers: must be at least 1 (and at most 256), not 0"),
    (["solve", "sudoku", EASY, "--workers", "2"], "--workers shares the puzzles of a --file"),
    (["solve", "sudoku", "--file", "-", EASY], "give no GRID"),
    (["bench", "sudoku", "--all", "--workers", "0"], "argument --workers: must be at least 1"),
    (["bench", "sudoku", "--sample", "0"], "argument --sample: must be at least 1"),
])
def test_the_command_line_refuses_bad_input_in_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words in err and "Traceback" not in err


@pytest.mark.parametrize("content, words", [
    (b"\x00\x01\x02" * 30, "not text (it holds NUL bytes)"),
    ("Ł".encode("latin-1", "replace") + b"\xe9\xff" * 40, "not UTF-8 text"),
])
def test_a_puzzle_file_that_is_not_text_is_refused(tmp_path, content, words, capsys):
    path = tmp_path / "grids.bin"
    path.write_bytes(content)
    assert main(["solve", "sudoku", "--file", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words in err


def test_bad_lines_of_a_file_are_reported_and_the_rest_solved(tmp_path, capsys):
    path = tmp_path / "grids.txt"
    path.write_text("\n".join(["12x", "-" + EASY[1:], "55" + "." * 79, EASY, "." * 49]) + "\n")
    assert main(["solve", "sudoku", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    for line, words in [(1, "cells, not 3"), (2, "invalid characters '-'"), (3, "contradictory givens"),
                        (5, "unsupported Sudoku size 7×7")]:
        assert f"# line {line} rejected: " in out and words in out
    assert "1 solved" in out and "4 lines rejected" in out


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=300),
    st.text(alphabet="0.123456789ABCDEFGHIJKLMNOPabcdefg \n-#xZ", min_size=0, max_size=300),
    st.sampled_from([16, 36, 64, 81, 256]).flatmap(
        lambda size: st.text(alphabet=".0123456789ABCDEFGHIJKLMNOP", min_size=size, max_size=size)),
))
def test_any_text_is_a_valid_puzzle_or_a_clear_error(text):
    try:
        puzzle = parse(text)
    except WordlabError as problem:
        assert str(problem) and "\n" not in str(problem)
        return
    assert isinstance(puzzle, Sudoku) and len(puzzle.cells) == puzzle.n ** 2
    assert all(0 <= d <= puzzle.n for d in puzzle.cells)
    assert parse(str(puzzle)) == puzzle  # what it reads, it writes back the same
    for unit in puzzle.geometry.units:  # and the givens never clash
        digits = [puzzle.cells[c] for c in unit if puzzle.cells[c]]
        assert len(digits) == len(set(digits))


# -- files: odd kinds, byte-order marks, permissions, answers that fail verify -----------------------------------

def test_a_fifo_is_refused_at_once_not_read_forever(tmp_path, capsys):
    import os

    fifo = tmp_path / "grids.fifo"
    os.mkfifo(fifo)
    assert main(["solve", "sudoku", "--file", str(fifo)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"puzzle file '{fifo}' is a pipe (FIFO), not a regular file" in err


def test_an_unreadable_file_is_one_line(tmp_path, monkeypatch, capsys):
    from pathlib import Path

    path = tmp_path / "grids.txt"
    path.write_text(EASY + "\n")

    def refuse(self):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "read_bytes", refuse)  # root reads anything: the refusal is simulated
    assert main(["solve", "sudoku", "--file", str(path)]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and f"puzzle file '{path}' cannot be read: permission denied" in err


@pytest.mark.parametrize("strategy", ["compiled", "bitfield-cover"])
def test_a_byte_order_mark_leaves_the_first_puzzle_readable(tmp_path, capsys, strategy):
    import json

    path = tmp_path / "grids.txt"
    path.write_bytes(b"\xef\xbb\xbf" + f"{EASY}\r\n{DIGITS16}\r\n".encode())
    assert main(["solve", "sudoku", "--file", str(path), "--strategy", strategy, "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["line"], r["status"]) for r in records[:2]] == [(1, "solved"), (2, "solved")]
    assert records[-1]["summary"]["rejected"] == 0


def test_a_byte_order_mark_on_standard_input_is_dropped_too(monkeypatch, capsys):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + EASY.encode() + b"\n")))
    assert main(["solve", "sudoku", "--file", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("# 1 puzzle: 1 solved")


WRONG = '''
from wordlab.puzzles.sudoku import Sudoku


def ones(given, *, probe=None, budget=None):
    """Writes 1 in every blank: an answer that fails verify."""
    yield Sudoku(tuple(d or 1 for d in given.cells), given.geometry), None


def short(given, *, probe=None, budget=None):
    """Yields a tuple of the wrong length."""
    yield (1, 2, 3), None
'''


@pytest.mark.parametrize("function", ["ones", "short"])
def test_a_file_solved_by_your_strategy_with_wrong_answers_says_so_line_by_line(tmp_path, monkeypatch, capsys,
                                                                               function):
    import json

    (tmp_path / "wrongfile.py").write_text(WRONG)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(__import__("sys").modules, "wrongfile", raising=False)
    path = tmp_path / "grids.txt"
    path.write_text(f"{EASY}\n12x\n{EXAMPLES['four']}\n")
    assert main(["solve", "sudoku", "--file", str(path), "--strategy", f"wrongfile:{function}"]) == 1
    out = capsys.readouterr()
    assert "Traceback" not in out.err and "AssertionError" not in out.out + out.err
    flagged = [line for line in out.out.splitlines() if "NOT VERIFIED:" in line]
    assert [line.split(" NOT")[0] for line in flagged] == ["# line 1", "# line 3"]
    assert all(f"wrongfile:{function}'s answer" in line and "fails sudoku's verify" in line for line in flagged)
    assert out.out.splitlines()[-1].startswith("# 3 lines, 2 puzzles: 0 solved") and "2 NOT VERIFIED" in out.out
    assert main(["solve", "sudoku", "--file", str(path), "--strategy", f"wrongfile:{function}", "--json"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["status"] for r in records[:3]] == ["unverified", "rejected", "unverified"]
    assert records[-1]["summary"]["unverified"] == 2
