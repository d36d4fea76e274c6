"""Palindromic pangram: every malformed input is a one-line WordlabError naming the problem, never a hang."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import palindrome as P
from wordlab.search import Budget

TOY = ["ab", "ba", "abc", "cba", "ca", "ac", "bab", "cab", "bac", "ad", "da", "dab", "bad", "cad"]


@pytest.fixture
def toy_file(tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text("\n".join(TOY) + "\n")
    return str(path)


def test_a_ten_megabyte_one_line_word_is_refused_with_the_limit(tmp_path, capsys):
    huge = tmp_path / "huge.txt"
    huge.write_text("ab\nba\n" + "abcd" * 2_500_000 + "\n")
    assert main(["solve", "palindrome", "--words", str(huge), "--alphabet", "abcd"]) == 2
    error = capsys.readouterr().err
    assert "100 letters" in error and "10,000,000" in error and error.count("\n") == 1
    with pytest.raises(WordlabError, match=f"at most {P.LONGEST_WORD} letters.*10,000,000"):
        P.index(["ab", "ba", "abcd" * 2_500_000], "abcd")       # a list given in code meets the index's limit


@pytest.mark.parametrize("words, problem", [
    ([], "empty"),
    (["ab", "Ba"], "lowercase letters"),
    (["ab", "b a"], "lowercase letters"),
    (["ab", 7], "lowercase letters"),
    (["ab", "ba"], "'c'"),
    (["ab", "cd"], "no palindromic completion"),
    (["x" * (P.LONGEST_WORD + 1), "ab", "ba"], "at most 100 letters"),
])
def test_bad_dictionaries(words, problem):
    with pytest.raises(WordlabError, match=problem):
        P.index(words, "abc" if problem == "'c'" else "ab")


@pytest.mark.parametrize("alphabet", ["", "aB", "a1", 7, None])
def test_bad_alphabets(alphabet):
    with pytest.raises(WordlabError, match="alphabet"):
        P.index(TOY, alphabet)


@pytest.mark.parametrize("given", [123, 4.5, None])
def test_not_a_dictionary_at_all(given):
    with pytest.raises(WordlabError, match="palindrome words"):
        P.solve(given)


@pytest.mark.parametrize("options, problem", [
    ({"max_length": 0}, "max_length"), ({"max_length": -3}, "max_length"), ({"max_length": 2.5}, "max_length"),
    ({"max_length": True}, "max_length"), ({"workers": 0}, "workers"), ({"workers": "2"}, "workers"),
    ({"colour": "red"}, "no option colour"),
])
def test_bad_options(options, problem):
    strategy = "iterative-deepening" if "workers" in options else "astar"
    with pytest.raises(WordlabError, match=problem):
        P.solve(P.example(), strategy, **options)


@pytest.mark.parametrize("seconds", [-1, float("nan"), float("inf")])
def test_bad_budgets(seconds):
    with pytest.raises(WordlabError, match="budget"):
        P.solve(P.example(), budget=Budget(seconds=seconds))


def test_zero_budget_stops_at_once_and_says_so():
    result = P.solve(P.example(), "iterative-deepening", budget=Budget(seconds=0))
    assert result.stopped and not result.solutions and not result.exhausted


@pytest.mark.parametrize("argv, problem", [
    (["--strategy", "magic"], "invalid choice"),
    (["--max-length", "abc"], "argument --max-length: expected a whole number"),
    (["--max-length", "0"], "argument --max-length"),
    (["--max-length", "100000"], "argument --max-length"),
    (["--width", "0"], "argument --width"),
    (["--workers", "0", "--strategy", "iterative-deepening"], "argument --workers"),
    (["--fewest-words", "1"], "argument --fewest-words"),
    (["--alphabet", "xyz"], "no word contains"),
    (["--prove", "11"], "--ledger"),
    (["--prove", "0", "--ledger", "{tmp}/l.jsonl"], "argument --prove"),
    (["--prove", "11", "--ledger", "{tmp}"], "is a folder"),
    (["--prove", "11", "--ledger", "{tmp}/l.jsonl", "--workers", "0", "--scheduler", "threads"], "--workers"),
    (["--decide"], "--decide needs --ledger"),
    (["--max-seconds", "-1"], "--max-seconds"),
])
def test_cli_errors_are_one_line_and_exit_2(toy_file, tmp_path, capsys, argv, problem):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", *argv]) == 2
    error = capsys.readouterr().err
    assert problem in error and error.count("\n") == 1 and error.startswith("wordlab: ")


def test_missing_word_file_is_an_error(tmp_path, capsys):
    assert main(["solve", "palindrome", "--words", str(tmp_path / "none.txt")]) == 2
    assert "none.txt" in capsys.readouterr().err


def test_a_ledger_that_is_not_json_is_reported_not_fatal(toy_file, tmp_path, capsys):
    ledger = tmp_path / "l.jsonl"
    ledger.write_text("garbage\n{\"unit\": 1}\n")
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--prove", "11", "--ledger",
                 str(ledger), "--scheduler", "serial", "--json"]) == 0
    out = capsys.readouterr()
    assert "line 1" in out.err and "line 2" in out.err and json.loads(out.out)["finished"] > 0


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60), st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=4))
def test_any_text_is_a_puzzle_or_a_clear_error(text, alphabet):
    try:
        puzzle = P.index(text.split(), alphabet)
    except WordlabError:
        return
    result = P.solve(puzzle, "iterative-deepening", max_length=2 * len(alphabet) + 3)
    for found in result.solutions:
        words = found.value.split()
        joined = "".join(words)
        assert set(words) <= set(text.split()) and joined == joined[::-1] and set(alphabet) <= set(joined)


@pytest.mark.parametrize("argv, problem", [
    (["solve", "palindrome", "--prove", "11", "--ledger", "/dev/full"], "'/dev/full' is a character device"),
    (["bench", "palindrome", "--save", "{tmp}"], "is a folder"),
    (["solve", "palindrome", "--prove", "11", "--ledger", "{tmp}/none/l.jsonl"], "does not exist"),
])
def test_ledgers_and_saved_files_that_cannot_be_written_are_refused_before_any_work(toy_file, tmp_path, capsys, argv,
                                                                                    problem):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert main([*argv, "--words", toy_file, "--alphabet", "abcd"]) == 2
    error = capsys.readouterr().err
    assert problem in error and error.count("\n") == 1 and error.startswith("wordlab: ")


def test_a_read_only_ledger_is_one_line(toy_file, tmp_path, capsys, monkeypatch):
    ledger = tmp_path / "l.jsonl"
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--prove", "9", "--ledger",
                 str(ledger), "--scheduler", "serial"]) == 0
    capsys.readouterr()
    monkeypatch.setattr("os.access", lambda path, mode, **kw: False)   # as a read-only file would answer (we are root)
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--prove", "9", "--ledger",
                 str(ledger), "--scheduler", "serial"]) == 2
    error = capsys.readouterr().err
    assert "the ledger" in error and "permission denied" in error and error.count("\n") == 1


@pytest.mark.parametrize("length", ["1", "2", "6"])
def test_lengths_below_the_trivial_bound_are_impossible_at_once(toy_file, tmp_path, capsys, length):
    ledger = tmp_path / "l.jsonl"
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--prove", length, "--ledger",
                 str(ledger), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["impossible"] and data["units"] == 0 and "at least 7 letters" in data["reason"]
    assert not ledger.exists()


def test_a_length_below_a_dictionarys_shortest_phrase_is_searched_not_crashed(tmp_path, capsys):
    words = tmp_path / "w.txt"
    words.write_text("abcd\ndcba\n")                    # shortest phrase "abcd dcba": 8 letters, one over the bound
    assert main(["solve", "palindrome", "--words", str(words), "--alphabet", "abcd", "--prove", "7", "--ledger",
                 str(tmp_path / "l.jsonl"), "--scheduler", "serial", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["impossible"] and data["units"] > 0


def test_solve_has_a_stated_default_budget_and_bench_its_own(capsys):
    from wordlab.cli import parse
    from wordlab.cli.options import budget_from
    from wordlab.cli.palindrome import DEFAULT_SECONDS

    args = parse(["solve", "palindrome", "--json"])
    assert args.max_seconds == DEFAULT_SECONDS and budget_from(args).seconds == DEFAULT_SECONDS
    assert parse(["solve", "palindrome", "--max-seconds", "5"]).max_seconds == 5
    assert parse(["bench", "palindrome"]).max_seconds is None          # bench gives each strategy 10 s
    with pytest.raises(SystemExit):
        main(["solve", "palindrome", "--help"])
    assert f"default {DEFAULT_SECONDS:g} s" in " ".join(capsys.readouterr().out.split())


def test_bench_in_whole_processes_reports_each_runs_shortest_phrase(toy_file, tmp_path, capsys):
    saved = tmp_path / "runs.json"
    assert main(["bench", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--strategies", "rarest-first",
                 "--processes", "2", "--max-seconds", "5", "--save", str(saved), "--json"]) == 0
    data = json.loads(saved.read_text())
    runs = data["runs"]["rarest-first"]
    assert len(runs) == 2 and all(r["best"] == 9 and r["verified"] for r in runs)
    assert all(P.verify(P.example(), r["phrase"]) for r in runs)
    assert data["summary"]["rarest-first"]["runs reaching it"] == 2 and "--processes 2" in data["command"]
    assert main(["bench", "palindrome", "--words", toy_file, "--processes", "0"]) == 2
    assert "argument --processes" in capsys.readouterr().err


def test_every_numeric_option_states_its_range():
    from wordlab.cli import build_parser, puzzle_commands

    parser = build_parser()
    for command in ("solve", "bench"):
        sub = parser.puzzle_parsers[command, "palindrome"]
        puzzle_commands("palindrome").add_arguments(sub, command)
        assert not [a.option_strings for a in sub._actions if a.type in (int, float)], command


def test_fewest_words_on_the_command_line(toy_file, capsys):
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--fewest-words", "6",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fewest"] == 4 and len(data["phrase"].split()) == 4 and P.verify(P.example(), data["phrase"])
    assert data["letters bound"] == 3 and data["nodes"] > 0 and "--fewest-words 6" in data["command"]
    assert main(["solve", "palindrome", "--words", toy_file, "--alphabet", "abcd", "--fewest-words", "3"]) == 0
    assert "no palindromic pangram of at most 3 words exists: at least 4" in capsys.readouterr().out


def test_a_word_count_too_small_for_the_letters_is_answered_impossible_at_once(tmp_path, capsys):
    """No word of this list holds every letter, and no two together: two or three words cannot be a pangram."""
    from wordlab.cli import main

    words = tmp_path / "words.txt"
    words.write_text("abc\ncba\ndef\nfed\nghi\nihg\n")
    ledger = tmp_path / "ledger-{code}.jsonl"
    assert main(["solve", "palindrome", "--words", str(words), "--alphabet", "abcdefghi", "--prove-words", "3",
                 "--ledger", str(ledger)]) == 0
    out = capsys.readouterr().out
    assert "no palindromic pangram of at most 3 words exists" in out and "nothing to search" in out
    assert "no two words hold every letter together" in out
    assert not list(tmp_path.glob("ledger-*.jsonl"))  # nothing searched, no ledger written
