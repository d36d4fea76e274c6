"""Shredded text refuses bad input with one `WordlabError` naming the problem (the CLI: one line, exit 2)."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import shredded as sh
from wordlab.search import Budget


@pytest.mark.parametrize("given_, problem", [
    (123, "not int"),
    (None, "not NoneType"),
    (b"|ab|cd|", "not bytes"),
    ("", "empty grid"),
    ("\n \n", "empty grid"),
    ("|ab|cd|\n|ef|\n", "ragged grid: row 2 has 1 strips"),
    ("|ab|cd|\n|ef|g|\n", "unequal strip widths: row 2, strip 2"),
    ("|ab|\n|cd|\n", "at least 2 columns"),
    ("|ab|cd\n", "row 1 must start and end with '|'"),
    ("ab|cd|\n", "row 1 must start and end with '|'"),
    ("||\n", "strip width must be at least 1"),
    ("|a\x00|b|\n", "NUL bytes"),
    ("|a\x07|bc|\n", "control character"),
    ("|" + "ab|" * 1000 + "\n", "grid too large: 1 rows × 1,000 strips"),
    (("|" + "a|" * 1000 + "\n") * 1000, "grid text too large"),
    (("|" + "ab|" * 300 + "\n") * 400, "grid too large: 400 rows × 300 strips"),
], ids=lambda value: repr(value)[:30] if not isinstance(value, str) or len(value) < 30 else f"{len(value)} chars")
def test_bad_grids_are_refused_naming_the_problem(given_, problem):
    with pytest.raises(WordlabError, match=problem.replace("|", r"\|").replace("(", r"\(")):
        sh.solve(given_, "greedy-chain")


def test_a_huge_grid_is_refused_at_once_with_the_limit_stated():
    text = ("|" + "ab|" * 1000 + "\n") * 1000
    started = time.perf_counter()
    with pytest.raises(WordlabError, match=f"{sh.MAX_TEXT:,}"):
        sh.parse(text)
    rows = [["a"] * 1000] * 1000
    with pytest.raises(WordlabError, match=f"{sh.MAX_COLUMNS} columns and {sh.MAX_STRIPS:,} strips"):
        sh.from_rows(rows)
    assert time.perf_counter() - started < 5  # refused, not attempted (a generous bound, not a speed test)


@pytest.mark.parametrize("options, problem", [
    ({"width": 0}, "beam width must be a whole number ≥ 1, not 0"),
    ({"width": 2.5}, "beam width must be a whole number ≥ 1, not 2.5"),
    ({"colour": 1}, "has no option colour"),
])
def test_bad_options_are_named(options, problem):
    with pytest.raises(WordlabError, match=problem):
        sh.solve(sh.example(), "beam", **options)


@pytest.mark.parametrize("start", [[0, 0, 1, 2, 3, 4], [0, 1, 2], "012345", [0, 1, 2, 3, 4, 9]])
def test_a_start_that_is_not_a_permutation_is_named(start):
    with pytest.raises(WordlabError, match="start order must list each of the 6 columns once"):
        sh.solve(sh.example(), "best-first", start=start)


def test_exact_refuses_grids_over_its_limit():
    grid = sh.shred("x" * 60, seed=1, width=2, columns=21)
    with pytest.raises(WordlabError, match="at most 20 columns"):
        sh.solve(grid, "exact")


@pytest.mark.parametrize("kwargs, problem", [
    ({"width": 0}, "width ≥ 1"), ({"columns": 1}, "columns ≥ 2"), ({"width": "2"}, "width='2'"),
])
def test_bad_shred_arguments(kwargs, problem):
    with pytest.raises(WordlabError, match=problem):
        sh.shred("some text to cut", seed=1, **kwargs)
    with pytest.raises(WordlabError, match="nothing to shred"):
        sh.shred("  \n ", seed=1)


def test_a_zero_budget_stops_at_once_and_says_so():
    result = sh.solve(sh.example(), "beam-repair", budget=Budget(seconds=0))
    assert result.stopped and "0" in result.stopped and not result


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("|ab \n\t\r\x00é-"), max_size=40) | st.text(max_size=40))
def test_any_text_gives_a_grid_or_a_wordlab_error(text):
    try:
        grid = sh.parse(text)
    except WordlabError:
        return
    assert grid.n >= 2 and grid.rows >= 1 and grid.width >= 1
    assert all(len(column) == grid.rows and all(len(s) == grid.width for s in column) for column in grid.columns)


# -- the command line: exit 2 and one line naming the problem ------------------------------------------------------


def one_line_error(capsys, argv: list[str]) -> str:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("wordlab: "), captured.err
    return lines[0]


@pytest.mark.parametrize("content, problem", [
    (b"\x7fELF\x02\x01\x01\x00\x00\x00", "is not text (it holds NUL bytes)"),
    ("|ca|f\xe9|\n|ab|cd|\n".encode("latin-1"), "is not utf-8 text: byte 0xe9 at offset 5"),
    (b"", "empty grid"),
    (b"|ab|cd|\n|e|fg|\n", "unequal strip widths"),
])
def test_cli_refuses_bad_grid_files(capsys, tmp_path, content, problem):
    path = tmp_path / "grid.txt"
    path.write_bytes(content)
    assert problem in one_line_error(capsys, ["solve", "shredded", str(path)])


def test_cli_refuses_a_missing_file_and_a_directory(capsys, tmp_path):
    assert "does not exist" in one_line_error(capsys, ["solve", "shredded", str(tmp_path / "none.txt")])
    assert "is a folder, not a regular file" in one_line_error(capsys, ["solve", "shredded", str(tmp_path)])


def test_cli_refuses_save_to_a_directory_before_searching(capsys, tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text(sh.example().show(), encoding="utf-8")
    line = one_line_error(capsys, ["solve", "shredded", str(path), "--save", str(tmp_path)])
    assert "--save file" in line and "is a folder" in line


@pytest.mark.parametrize("argv, problem", [
    (["--order", "0"], "argument --order: must be at least 1"),
    (["--order", "1000"], "argument --order: must be at most 10, not 1,000"),
    (["--word-weight", "-1"], "argument --word-weight: must be at least 0"),
    (["--word-weight", "inf"], "argument --word-weight: must be a finite number"),
    (["--beam-width", "0", "--strategy", "beam"], "argument --beam-width: must be at least 1"),
    (["--beam-width", "10000000", "--strategy", "beam"], "argument --beam-width: must be at most 100,000"),
    (["--max-seconds", "nan"], "argument --max-seconds: must be a finite number"),
    (["--train", "no-such-corpus"], "unknown training source 'no-such-corpus'"),
])
def test_cli_refuses_bad_options(capsys, tmp_path, argv, problem):
    path = tmp_path / "grid.txt"
    path.write_text(sh.example().show(), encoding="utf-8")
    assert problem in one_line_error(capsys, ["solve", "shredded", str(path), *argv])


def test_cli_bench_refuses_unknown_held_out_widths(capsys, tmp_path):
    path = tmp_path / "grid.txt"
    path.write_text(sh.example().show(), encoding="utf-8")
    argv = ["bench", "shredded", str(path), "--strategies", "greedy-chain", "--repeats", "1", "--held-out", "4"]
    assert "argument --held-out: must be at most 3, not 4" in one_line_error(capsys, argv)


def test_shred_refuses_a_column_count_beyond_the_grids_limit():
    with pytest.raises(WordlabError, match="columns must be a whole number from 2 to 400, not 1,000,000,000"):
        sh.shred("strips of paper can be put back", 1, columns=10**9)


def test_a_model_that_is_not_a_text_model_is_named():
    with pytest.raises(WordlabError, match="model must be a TextModel .* not int"):
        sh.solve(sh.example(), "greedy-chain", model=5)


def test_a_budget_spent_while_the_model_is_built_is_a_report_of_that(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path))  # an empty cache: the order-7 model is trained afresh
    from wordlab.lm import clear_caches

    clear_caches()
    assert main(["solve", "shredded", "--order", "7", "--max-seconds", "0.2", "--json"]) == 0
    out = capsys.readouterr().out
    assert "time budget of 0.2 s reached while building the order-7 model" in out and '"order": []' in out


def test_verify_and_shred_name_what_is_not_a_grid_or_a_text():
    with pytest.raises(WordlabError, match="verify takes the Grid first, not int"):
        sh.verify(5, [0, 1])
    with pytest.raises(WordlabError, match="the text to shred must be a string, not int"):
        sh.shred(123, 1)
    grid = sh.example()
    assert sh.verify(grid, "ab") is False and sh.verify(grid, tuple(range(grid.n))) is True
