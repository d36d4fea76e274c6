"""Building Blocks on bad input: every malformed puzzle, word list, option or command line is refused with
a one-line WordlabError naming the problem (exit status 2 on the command line), never a traceback."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import building_blocks as bb
from wordlab.search import Budget

WORDS = ["polemical", "imbroglio"]
GOOD = "pol...... imb...... | emi cal rog lio"


@pytest.mark.parametrize("given, message", [
    (123, "cannot read a Building Blocks puzzle from int"),
    (None, "cannot read a Building Blocks puzzle from NoneType"),
    (["pol......"], "cannot read a Building Blocks puzzle from list"),
    ("pol...... emi cal", "'patterns | blocks' (one '|')"),
    ("pol...... | emi | cal", "'patterns | blocks' (one '|')"),
    ("pol...... | ", "the block list is empty"),
    (" | emi cal", "the pattern list is empty"),
    ({"patterns": "pol......"}, "needs blocks"),
    ({}, "needs patterns and blocks"),
    ((None, "emi"), "the patterns must be text or a list of text, not NoneType"),
    ("......... | emi cal", "'.........' is all blanks"),
    ("pol...... ......... | emi cal", "'.........' is all blanks"),
    ("pol...... | emi cal ab", "the blocks have different sizes [2, 3]"),
    ("pol...... imb... | emi", "the patterns have different lengths [6, 9]"),
    ("pol.. | emi", "length 5 is not a multiple of the block size 3"),
    ("po....... | emi", "slot 0 ('po.') are not on 3-letter block boundaries"),
    ("pol...... | émi", "'émi' has characters other than a–z"),
    ("pol_..... | emi", "other than a–z and '.': '_'"),
])
def test_a_malformed_puzzle_is_refused_naming_the_problem(given, message):
    with pytest.raises(WordlabError, match=re.escape(message)) as caught:
        bb.solve(given, words=WORDS)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("call, message", [
    (lambda: bb.solve(GOOD, words=123), "words must be a WordList, a source name or path, or strings"),
    (lambda: bb.solve(GOOD, words=[]), "the word list is empty"),
    (lambda: bb.solve(GOOD, words="nosuchsource"), "unknown word source 'nosuchsource'"),
    (lambda: bb.solve(GOOD, words="wordfreq:abc"), "takes a Zipf cut-off"),
    (lambda: bb.solve(GOOD, "guess", words=WORDS), "unknown strategy 'guess'"),
    (lambda: bb.solve(GOOD, "regex-scan", words=WORDS, width=3), "has no option width"),
    (lambda: bb.solve(bb.example(), words=WORDS), "already carries its word list"),
    (lambda: bb.solve(GOOD, words=WORDS, budget=Budget(seconds=-1)), "budget seconds must be"),
    (lambda: bb.solve(GOOD, words=WORDS, budget=Budget(nodes=float("nan"))), "budget nodes must be"),
    (lambda: bb.generate(WORDS, count=-1), "count must be a whole number of at least 1, not -1"),
    (lambda: bb.generate(WORDS, length=0), "length must be a whole number of at least 1, not 0"),
    (lambda: bb.generate(WORDS, count=3), "only 2 of the 2 words"),
])
def test_bad_options_are_refused_naming_the_problem(call, message):
    with pytest.raises(WordlabError, match=message):
        call()


def test_a_zero_budget_answers_at_once_and_says_so():
    answer = bb.solve(GOOD, words=WORDS, budget=Budget(seconds=0))
    assert answer.values == [] and answer.stopped and not answer.exhausted and answer.why == ""


@pytest.mark.parametrize("argv, message", [
    (["solve", "--published", "p9"], "unknown published puzzle 'p9'"),
    (["solve", "--patterns", "pol......"], "give both --patterns and --blocks"),
    (["solve", "--blocks", "emi"], "give both --patterns and --blocks"),
    (["solve", "--published", "p1", "--patterns", "pol......", "--blocks", "emi"], "not both"),
    (["solve", "--patterns", "pol...... x", "--blocks", "emi"], "different lengths"),
    (["solve", "--patterns", ".........", "--blocks", "emi"], "is all blanks"),
    (["solve", "--patterns", "pol......", "--blocks", "em1"], "'em1' has characters other than a–z"),
    (["solve", "--patterns", "pol......", "--blocks", ""], "the block list is empty"),
    (["solve", "--patterns", "-pol......", "--blocks", "emi"], "argument --patterns: expected one argument"),
    (["solve", "--published", "p1", "--max-seconds", "-1"], "argument --max-seconds: must be at least 0"),
    (["solve", "--published", "p1", "--max-seconds", "nan"], "argument --max-seconds: must be a finite number"),
    (["solve", "--published", "p1", "--max-nodes", "-3"], "argument --max-nodes: must be at least 0"),
    (["solve", "--published", "p1", "--max-nodes", "many"], "argument --max-nodes: expected a whole number"),
    (["solve", "--published", "p1", "--words", "nosuch"], "unknown word source 'nosuch'"),
    (["solve", "--published", "p1", "--strategy", "guess"], "invalid choice: 'guess'"),
    (["bench", "--published", "p1", "--repeats", "0"], "argument --repeats: must be at least 1"),
    (["bench", "--published", "p1", "--repeats", "1e9"], "argument --repeats: expected a whole number"),
    (["bench", "--published", "p1", "--strategies", "guess"], "invalid choice: 'guess'"),
])
def test_the_command_line_exits_2_with_one_line_naming_the_problem(capsys, argv, message):
    assert main([argv[0], "building-blocks", *argv[1:]]) == 2
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err and "Traceback" not in err


@given(st.text(max_size=60) | st.text(alphabet="abc.| ,\n", max_size=40))
def test_any_text_is_a_valid_puzzle_or_a_wordlab_error(text):
    try:
        puzzle = bb.parse(text)
    except WordlabError:
        return
    assert puzzle == bb.parse(str(puzzle))  # the puzzle reads back as it prints
    assert all(set(p) <= set("abcdefghijklmnopqrstuvwxyz.") and len(p) == puzzle.length for p in puzzle.patterns)
    assert all(b.isalpha() and len(b) == puzzle.size for b in puzzle.blocks)
    assert all(any(c != "." for c in p) for p in puzzle.patterns)


@pytest.mark.parametrize("options, problem", [
    ({"count": "3"}, "count must be a whole number of at least 1, not str '3'"),
    ({"length": 9.0}, "length must be a whole number of at least 1, not float 9.0"),
    ({"decoys": -1}, "decoys must be a whole number of at least 0, not -1"),
    ({"size": None}, "size must be a whole number of at least 1, not NoneType None"),
])
def test_generate_names_a_number_of_the_wrong_type(options, problem):
    with pytest.raises(WordlabError, match=re.escape(problem)):
        bb.generate(["hopefully", "boomerang", "yesterday"], **options)


def test_an_answer_stopped_before_its_puzzle_was_prepared_still_reports(capsys):
    assert main(["solve", "building-blocks", "--published", "p1", "p2", "--max-seconds", "0", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count('"stopped": "time budget of 0 s reached"') == 2 and '"count_is": "at least"' in out


def test_check_names_a_puzzle_that_is_not_one_and_reads_a_non_list_as_wrong():
    puzzle = bb.Puzzle("pol......", "emi cal")
    with pytest.raises(WordlabError, match="check takes the Puzzle first, not int"):
        bb.check(5, ["polemical"])
    assert bb.check(puzzle, 5) == ["a solution is a list of words, one per pattern, not 5"]
    assert bb.check(puzzle, ["polemical"]) == []
