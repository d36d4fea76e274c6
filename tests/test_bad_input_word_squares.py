"""Word squares: every malformed input is a one-line WordlabError naming the problem, through the API and the
command line (exit 2); any text given as rows is a puzzle or a WordlabError, never another exception; output
cut short by a reader that stops early ends quietly."""

import math
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers import cli_error
from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.puzzles import word_squares as ws
from wordlab.search import Budget

TOY = ["bat", "are", "ten", "art", "tea", "eat", "ate", "net", "ant", "tan", "rat", "tar", "era", "ear"]


@pytest.mark.parametrize("call, problem", [
    (lambda: ws.puzzle("", TOY), "non-empty"),
    (lambda: ws.puzzle("bi5hop", TOY), "letters a–z"),
    (lambda: ws.puzzle(["bat", "area"], TOY), "length 3"),
    (lambda: ws.puzzle(["bat", "ten"], TOY), "position"),
    (lambda: ws.puzzle("bta", TOY), "not among"),
    (lambda: ws.puzzle([], TOY), "at least one row"),
    (lambda: ws.puzzle([1, 2], TOY), "non-empty string"),
    (lambda: ws.puzzle(["bat", "are", "ten", "eat"], TOY), "3 rows, not 4"),
    (lambda: ws.puzzle("abcdefg", TOY), "no words of length 7"),
    (lambda: ws.puzzle("a" * 40, ["a" * 40]), "at most 30"),
    (lambda: ws.puzzle("bat", 12), "words must be"),
    (lambda: ws.puzzle("bat", []), "empty"),
    (lambda: ws.blank_puzzle(0, TOY), "positive integer"),
    (lambda: ws.blank_puzzle(2.5, TOY), "positive integer"),
    (lambda: ws.solve(123), "not int"),
    (lambda: ws.solve(None), "not NoneType"),
    (lambda: ws.solve(ws.example(), "telepathy"), "unknown strategy 'telepathy'"),
    (lambda: ws.solve(ws.example(), "backtracking", width=3), "no option width"),
    (lambda: ws.solve(ws.example(), budget=Budget(nodes=-1)), "nodes"),
    (lambda: ws.solve(ws.example(), budget=Budget(seconds=math.inf)), "seconds"),
    (lambda: ws.squares_with("b.t", TOY), "blanks"),
    (lambda: ws.squares_of_sizes([], TOY), "at least one size"),
    (lambda: ws.double_squares(0, TOY), "at least 2"),
    (lambda: ws.double_squares(1, TOY), "at least 2"),
    (lambda: ws.double_squares(3, TOY, first="bats"), "first row"),
])
def test_bad_input_through_the_api(call, problem):
    with pytest.raises(WordlabError, match=problem) as raised:
        call()
    assert "\n" not in str(raised.value)


@pytest.fixture
def toy_file(tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text("\n".join(TOY))
    return str(path)


@pytest.mark.parametrize("argv, problem", [
    (["bat", "--show", "-5"], "--show"),
    (["--double", "0"], "at least 2"),
    (["--double", "-3"], "at least 2"),
    (["--sizes", "0"], "argument --sizes: must be at least 1"),
    (["--sizes", "31"], "argument --sizes: must be at most 30"),
    (["--double", "99"], "argument --double: must be at most 30"),
    (["--sizes", "3", "--double", "3"], "not --sizes and --double"),
    (["bat", "--sizes", "3"], "not a first word and --sizes"),
    ([], "give a first word"),
    (["b4t"], "letters a–z"),
    (["bta"], "not among"),
    (["bat", "are", "tea", "eat"], "3 rows, not 4"),
    (["ten", "net", "--any-row"], "--any-row takes one word"),
    (["bat", "--strategy", "telepathy"], "telepathy"),
    (["bat", "--max-nodes", "-1"], "nodes"),
    (["bat", "--max-seconds", "inf"], "seconds"),
    (["-bat"], "after `--`"),
])
def test_bad_input_on_the_command_line(argv, problem, toy_file, capsys):
    assert problem in cli_error(["solve", "word-squares", *argv, "--words", toy_file], capsys)


@pytest.mark.parametrize("extra, problem", [
    (["--repeats", "0"], "--repeats"),
    (["--strategies", "telepathy"], "telepathy"),
    (["b4t"], "letters a–z"),
])
def test_bad_bench_options(extra, problem, toy_file, capsys):
    assert problem in cli_error(["bench", "word-squares", "bat", *extra, "--words", toy_file], capsys)


def test_show_zero_prints_the_count_only(toy_file, capsys):
    by_hand = [(a, b, c) for a in ["bat"] for b in TOY for c in TOY
               if (a[1], a[2], b[2]) == (b[0], c[0], c[1])]  # row i read down is column i
    assert main(["solve", "word-squares", "bat", "--show", "0", "--words", toy_file]) == 0
    assert capsys.readouterr().out.strip() == f"squares starting bat (column-bitmasks): {len(by_hand)}"


def test_output_cut_short_by_head_ends_quietly(toy_file):
    words = "\n".join(TOY + ["card", "area", "rear", "dart", "dare"])
    listing = toy_file.replace("toy.txt", "more.txt")
    with open(listing, "w") as out:
        out.write(words)
    command = (f"{sys.executable} -c 'from wordlab.cli import main; import sys; sys.exit(main())' "
               f"solve word-squares --sizes 3 4 --show 1000 --words {listing} | head -1; "
               f"{sys.executable} -c 'from wordlab.cli import main; import sys; sys.exit(main())' "
               f"solve word-squares bat --show 1000 --words {listing} | head -1")
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[0].startswith("size 3:")
    assert done.stderr == ""


row_text = st.text(alphabet="abt.e5 -/", max_size=8)


@given(row_text)
def test_any_text_is_a_puzzle_or_a_clear_error(text):
    try:
        given = ws.puzzle(text.split("/"), TOY)
    except WordlabError as problem:
        assert str(problem) and "\n" not in str(problem)
        return
    assert len(given.grid) == given.size and all(len(row) == given.size for row in given.grid)
    assert all(given.grid[r][c] == given.grid[c][r] for r in range(given.size) for c in range(given.size))
    for square in ws.squares_of(ws.solve(given)):
        assert all(row in TOY for row in square)


@given(st.text(max_size=10))
def test_any_unicode_text_is_a_puzzle_or_a_clear_error(text):
    try:
        ws.puzzle(text.split("/"), TOY)
    except WordlabError:
        pass


@pytest.mark.parametrize("call, problem", [
    (lambda: ws.squares(123456, TOY), "a first word or a list of words .* not int 123456"),
    (lambda: ws.squares(None, TOY), "not NoneType"),
    (lambda: ws.squares_of_sizes(5, TOY), r"sizes must be a list of whole numbers, such as \[4, 5\], not 5"),
    (lambda: ws.squares_of_sizes("34", TOY), "sizes must be a list of whole numbers"),
    (lambda: ws.puzzle("bat", TOY, size="3"), "size must be a whole number, not '3'"),
    (lambda: ws.verify(42, ("bat", "are", "tea")), "verify takes a Puzzle or a set of words first, not int"),
])
def test_type_slips_in_the_public_functions_are_named(call, problem):
    with pytest.raises(WordlabError, match=problem):
        call()


def test_verify_says_no_to_an_answer_that_is_not_a_square():
    assert ws.verify(set(TOY), 12) is False and ws.verify(set(TOY), "bat") is False


def test_a_budget_cut_query_says_it_stopped_instead_of_reading_as_complete():
    from wordlab.search import Budget

    cut = ws.squares("bat", TOY, budget=Budget(nodes=0))
    assert cut == [] and cut.stopped == "node budget of 0 reached"
    whole = ws.squares("bat", TOY)
    assert whole.stopped is None and all(ws.verify(set(TOY), square) for square in whole)


def test_queries_in_several_searches_read_a_generator_of_words_once():
    """A generator can be read only once; each query of several searches still sees every word."""
    assert ws.squares_with("bat", (w for w in TOY)) == ws.squares_with("bat", TOY)
    by_size = ws.squares_of_sizes([3, 3], (w for w in TOY))
    assert ws.squares_of(by_size[3]) == ws.squares_of(ws.squares_of_sizes([3], TOY)[3])


def test_verify_double_names_words_that_are_not_a_collection():
    with pytest.raises(WordlabError, match="verify_double takes the words .* second, not int"):
        ws.verify_double(["ab", "cd"], 5)
    assert ws.verify_double(123, set(TOY)) is False
