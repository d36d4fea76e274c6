"""Spelling Bee: every malformed input is a one-line WordlabError naming the problem, through the API and the
command line (exit 2); any text given as a honeycomb is a honeycomb or a WordlabError, never another exception."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import cli_error
from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import spelling_bee as sb
from wordlab.search import Budget

WORDS = sb.example()


@pytest.mark.parametrize("call, problem", [
    (lambda: sb.solve(None), "give a word list"),
    (lambda: sb.solve(123), "not int"),
    (lambda: sb.solve([]), "empty"),
    (lambda: sb.solve([1, 2]), "strings"),
    (lambda: sb.solve(WORDS, "telepathy"), "unknown strategy 'telepathy'"),
    (lambda: sb.solve(WORDS, "subset-sum", colour="red"), "no option colour"),
    (lambda: sb.solve(WORDS, "brute-force", sample=0), "sample"),
    (lambda: sb.solve(WORDS, "brute-force", sample=-3), "sample"),
    (lambda: sb.solve(WORDS, "brute-force", sample=1.5), "sample"),
    (lambda: sb.solve(WORDS, "branch-and-bound", at_least="x"), "at_least"),
    (lambda: sb.solve(WORDS, "branch-and-bound", order="random"), "order"),
    (lambda: sb.solve(WORDS, "subset-sum", rules="standard"), "rules must be"),
    (lambda: sb.solve(WORDS, "vectorised", rules=sb.Rules(size=8)), "at most 7"),
    (lambda: sb.Rules(min_length="4"), "min_length"),
    (lambda: sb.Rules(size=0), "size"),
    (lambda: sb.Rules(bonus=-1), "bonus"),
    (lambda: sb.Rules(forbidden="S"), "forbidden"),
    (lambda: sb.daily("aeginrt", "", WORDS), "centre must be one letter"),
    (lambda: sb.daily("aeginrt", "x", WORDS), "not among"),
    (lambda: sb.daily("aeginrtt", "r", WORDS), "has 8"),
    (lambda: sb.daily("aegi nrt", "r", WORDS), "a–z"),
    (lambda: sb.daily("aegin1t", "r", WORDS), "^honeycomb letters must be a–z, not '1'$"),
    (lambda: sb.daily("ae1in2t", "r", WORDS), "^honeycomb letters must be a–z, not '1' or '2'$"),
    (lambda: sb.daily("a1g2n3t", "r", WORDS), "^honeycomb letters must be a–z, not '1', '2' or '3'$"),
    (lambda: sb.daily(7, "r", WORDS), "strings"),
    (lambda: sb.solve(WORDS, budget=Budget(seconds=-1)), "seconds"),
    (lambda: sb.solve(WORDS, budget=Budget(seconds=math.nan)), "seconds"),
    (lambda: sb.solve(WORDS, budget=Budget(nodes=math.inf)), "nodes"),
])
def test_bad_input_through_the_api(call, problem):
    with pytest.raises(WordlabError, match=problem) as raised:
        call()
    assert "\n" not in str(raised.value)


def test_words_with_no_pangram_are_an_answer_with_nothing_found():
    answer = sb.solve(["cat", "dog", "bird", "seven"])
    assert not answer and answer.honeycomb is None and answer.score == 0 and answer.exhausted


@pytest.fixture
def toy_file(tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text("\n".join(sb.EXAMPLE_WORDS))
    return str(path)


@pytest.mark.parametrize("extra, problem", [
    (["--show", "-5"], "--show"),
    (["--letters", "aeginr", "--centre", "r"], "has 6"),
    (["--letters", "aeginrt"], "centre must be one letter"),
    (["--centre", "r"], "has 0"),
    (["--strategy", "telepathy"], "telepathy"),
    (["--max-seconds", "-1"], "seconds"),
    (["--max-seconds", "nan"], "seconds"),
    (["--max-nodes", "-2"], "nodes"),
    (["--show", "many"], "argument --show: expected a whole number"),
])
def test_bad_input_on_the_command_line(extra, problem, toy_file, capsys):
    assert problem in cli_error(["solve", "spelling-bee", "--words", toy_file, *extra], capsys)


def test_bad_word_sources_on_the_command_line(tmp_path, capsys):
    assert "no-such-list" in cli_error(["solve", "spelling-bee", "--words", "no-such-list"], capsys)
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert "empty.txt" in cli_error(["solve", "spelling-bee", "--words", str(empty)], capsys)
    no_pangram = tmp_path / "short.txt"
    no_pangram.write_text("cat\ndog\nbird\n")
    assert "no honeycomb found" in cli_error(["solve", "spelling-bee", "--words", str(no_pangram)], capsys)


@pytest.mark.parametrize("extra, problem", [
    (["--sample", "0"], "--sample"),
    (["--repeats", "0"], "--repeats"),
    (["--strategies", "telepathy"], "telepathy"),
])
def test_bad_bench_options(extra, problem, toy_file, capsys):
    assert problem in cli_error(["bench", "spelling-bee", "--words", toy_file, *extra], capsys)


def test_show_zero_lists_no_words(toy_file, capsys):
    assert main(["solve", "spelling-bee", "--words", toy_file, "--show", "0"]) == 0
    out = capsys.readouterr().out
    assert "points" in out and "(7)" not in out


@given(st.text(max_size=12), st.text(max_size=3))
def test_any_text_is_a_honeycomb_or_a_clear_error(seven, centre):
    try:
        comb = sb.honeycomb(seven, centre)
    except WordlabError as problem:
        assert str(problem) and "\n" not in str(problem)
        return
    letters = seven.strip().lower()
    assert comb.letters.bit_count() == 7 == len(set(letters)) and comb.centre & comb.letters
    assert "s" not in letters and centre.strip().lower() in letters


@given(st.lists(st.text(max_size=9), max_size=12))
def test_any_words_are_an_answer_or_a_clear_error(words):
    try:
        answer = sb.solve(words)
    except WordlabError as problem:
        assert str(problem)
        return
    assert answer.exhausted and (answer.honeycomb is None or sb.verify(answer.given, answer.honeycomb))


def test_daily_takes_its_words_from_a_generator():
    words = (w for w in ["garden", "gardening", "reading", "danger", "ranged", "grinder", "zebra"])
    found = sb.daily("adegirn", "g", words)
    assert sorted(w.word for w in found.words) == ["danger", "garden", "gardening", "grinder", "ranged", "reading"]
    assert found.pangrams == ("gardening", "reading")


def test_puzzle_words_names_a_honeycomb_that_is_not_one():
    with pytest.raises(WordlabError, match="a honeycomb is made with honeycomb\\(letters, centre\\), not str 'x'"):
        sb.puzzle_words("x", ["garden"])


def test_a_budget_that_stops_before_any_honeycomb_is_a_report_not_an_error(capsys):
    assert main(["solve", "spelling-bee", "--words", "web2", "--strategy", "brute-force", "--max-seconds", "0"]) == 0
    out = capsys.readouterr().out
    assert "no honeycomb found before the run stopped (time budget of 0 s reached)" in out
