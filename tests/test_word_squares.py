"""Word squares: every strategy against brute force and the published counts; queries; bad input; CLI."""

from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.search import Budget, Probe
from wordlab.puzzles.word_squares import (
    STRATEGIES,
    blank_puzzle,
    double_squares,
    puzzle,
    solve,
    square_words,
    squares,
    squares_of,
    squares_of_sizes,
    squares_with,
    verify,
    verify_double,
)
from wordlab.words import available, load

TOY = ["bat", "are", "ten", "art", "tea", "eat", "ate", "net", "ant", "tan", "rat", "tar", "era", "ear"]
NAMES = list(STRATEGIES)


def is_square(square, words):
    """The tests' own check of an answer: n rows of n letters, each a word, and row i read down is column i."""
    known = words if isinstance(words, (set, frozenset)) else set(words)
    n = len(square)
    columns = ["".join(row[j] for row in square) for j in range(n)]
    return n > 0 and all(len(row) == n and row in known for row in square) and columns == list(square)


def brute_squares(words, n, first=None):
    """Every n × n square by trying every n-tuple of words (tiny lists only)."""
    words = sorted({w for w in words if len(w) == n})
    found = []
    for rows in product(words, repeat=n):
        if (first is None or rows[0] == first) and all(rows[r][c] == rows[c][r] for r in range(n) for c in range(n)):
            found.append(rows)
    return found


def brute_double(words, n):
    words = sorted({w for w in words if len(w) == n})
    known = set(words)
    found = []
    for rows in product(words, repeat=n):
        columns = ["".join(row[j] for row in rows) for j in range(n)]
        if all(c in known for c in columns) and len(set(rows) | set(columns)) == 2 * n:
            found.append(rows)
    return found


# -- the hand-checked example ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_toy_square_by_hand(name):
    found = squares("bat", TOY, strategy=name)
    assert ("bat", "are", "ten") in found
    assert all(is_square(square, TOY) for square in found)
    assert found == brute_squares(TOY, 3, "bat")


def test_verify_rejects_non_squares():
    assert verify(TOY, ("bat", "are", "ten"))
    assert verify(TOY, ("bat", "are", "tea"))  # columns bat, are, tea
    assert not verify(TOY, ("bat", "are", "tan"))  # column 2 is "ten", row 2 "tan"
    assert not verify(TOY, ("bat", "art", "ten"))  # row 1 ≠ column 1
    assert not verify(TOY, ("bat", "are"))
    assert not verify(TOY, ())
    # against a puzzle, the letters its grid fixes must be in place too
    assert verify(puzzle("bat", TOY), ("bat", "are", "ten"))
    assert verify(puzzle(["...", "are"], TOY), ("eat", "are", "tea"))
    assert verify(TOY, ("tea", "ear", "art")) and not verify(puzzle(["...", "are"], TOY), ("tea", "ear", "art"))
    assert not verify(puzzle("bat", TOY), ("eat", "are", "tea"))


# -- every strategy equals brute force (property tests) ---------------------------------------------------------

three_letter = st.lists(st.text("abc", min_size=3, max_size=3), min_size=1, max_size=14, unique=True)
four_letter = st.lists(st.text("abe", min_size=4, max_size=4), min_size=1, max_size=9, unique=True)


@given(three_letter)
def test_all_squares_equal_brute_force(words):
    expected = brute_squares(words, 3)
    for name in NAMES:
        assert squares_of(solve(blank_puzzle(3, words), name)) == expected, name


@given(four_letter, st.data())
def test_first_word_squares_equal_brute_force(words, data):
    first = data.draw(st.sampled_from(sorted(words)))
    expected = brute_squares(words, 4, first)
    for name in NAMES:
        assert squares(first, words, strategy=name) == expected, name


@given(three_letter, st.data())
def test_word_in_any_row(words, data):
    word = data.draw(st.sampled_from(sorted(words)))
    expected = [s for s in brute_squares(words, 3) if word in s]
    for name in NAMES:
        assert squares_with(word, words, strategy=name) == expected, name


@given(three_letter)
def test_double_squares_equal_brute_force(words):
    found = squares_of(double_squares(3, words))
    assert found == brute_double(words, 3)
    assert all(verify_double(square, words) for square in found)


def test_double_square_example():
    words = ["bad", "ace", "rot", "bar", "aco", "det"]
    assert squares_of(double_squares(3, words)) == [("bad", "ace", "rot"), ("bar", "aco", "det")]
    assert squares_of(double_squares(3, words, first="bar")) == [("bar", "aco", "det")]
    assert not verify_double(("bat", "are", "ten"), TOY)  # a symmetric square repeats its words


def test_sizes_query():
    words = TOY + ["a", "i", "ab", "ba", "aa"]
    results = squares_of_sizes([1, 2, 3], words)
    assert {n: squares_of(r) for n, r in results.items()} == {n: brute_squares(words, n) for n in (1, 2, 3)}


def test_patterns_with_blanks():
    # row 1 must be "are"; row 0 free: only "bat" (and "eat"/"rat"... whose second letter is a) fit with ten/tea...
    found = squares(["...", "are"], TOY)
    assert found == [s for s in brute_squares(TOY, 3) if s[1] == "are"]


# -- effort counts: the three historical strategies visit the same partial squares -------------------------------


def test_probe_counts_on_toy():
    profiles = {}
    for name in NAMES:
        probe = Probe()
        solve(puzzle("bat", TOY), name, probe=probe)
        profiles[name] = probe.depth_profile()
        assert [s.value for s in probe.solutions] != [] and len(probe.solutions) == len(squares("bat", TOY))
    assert profiles["list-of-successes"] == profiles["backtracking"] == profiles["prefix-table-bfs"] == [1, 4, 4]
    # column bitmasks keep only partial squares whose every column prefix is still viable:
    # of bat/are, bat/ate, bat/art, bat/ant only "are" and "ate" leave column 2 ("te", "te") viable
    assert profiles["column-bitmasks"] == [1, 2, 4]


def test_tree_of_a_four_letter_square():
    words = ["card", "area", "rear", "dart", "aria", "reed", "ream", "dare"]
    assert squares("card", words) == [("card", "area", "rear", "dare"), ("card", "area", "rear", "dart")]
    trees = {}
    for name in ("backtracking", "column-bitmasks"):
        probe = Probe(tree_limit=40)
        solve(puzzle("card", words), name, probe=probe)
        trees[name] = probe.tree
        assert probe.tree[0] == (0, None, 0, "card")
        assert all(parent is not None for _, parent, _, _ in probe.tree[1:])
    assert [label for *_, label in trees["backtracking"]] == ["card", "area", "ream", "rear", "dare", "dart",
                                                              "reed", "aria"]
    # "aria" leaves column 2 as "ri…", "ream" column 3 as "dam…", "reed" column 3 as "dad…": all cut early
    assert [label for *_, label in trees["column-bitmasks"]] == ["card", "area", "rear", "dare", "dart"]


def test_budget_stops_every_strategy():
    words = TOY + ["bee", "ebb", "tee", "ere", "eve"]
    for name in NAMES:
        budget = Budget(nodes=2)
        result = solve(blank_puzzle(3, words), name, budget=budget)
        assert result.stopped and "node budget" in result.stopped, name
        assert not result.exhausted
        assert all(is_square(s, words) for s in squares_of(result))
    result = double_squares(3, words, budget=Budget(nodes=1))
    assert result.stopped


# -- bad input ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("rows, problem", [
    ("", "non-empty"),
    ("bi5hop", "letters"),
    ("bis-op", "letters"),
    (["bat", "area"], "length"),
    (["bat", "ten"], "position"),         # row 0 has 'a' where row 1 column 0 has 't'
    ("bta", "not among"),
    ([], "at least one row"),
])
def test_bad_rows(rows, problem):
    with pytest.raises(WordlabError, match=problem):
        puzzle(rows, TOY)


def test_no_words_of_that_length():
    with pytest.raises(ValueError, match="no words of length 7"):
        puzzle("abcdefg", TOY)
    with pytest.raises(WordlabError, match="no words of length 5"):
        blank_puzzle(5, TOY)
    with pytest.raises(WordlabError, match="size"):
        square_words(TOY, 0)


def test_bad_queries():
    with pytest.raises(WordlabError, match="unknown strategy"):
        squares("bat", TOY, strategy="telepathy")
    with pytest.raises(WordlabError, match="blanks"):
        squares_with("b.t", TOY)
    with pytest.raises(WordlabError, match="size"):
        squares_of_sizes([], TOY)
    with pytest.raises(WordlabError, match="first row"):
        double_squares(3, TOY, first="bats")


# -- the published counts ------------------------------------------------------------------------------------------

# partial squares per layer (rows added after "bishop"): the prefix strategies, then column bitmasks
PREFIX_LAYERS = [1, 273, 23147, 86060, 10590, 122]
BITMASK_LAYERS = [1, 103, 1466, 456, 85, 122]


@pytest.mark.skipif(not available("moby-crosswords"), reason="moby-crosswords not available (set WORDLAB_DATA)")
def test_bishop_on_moby_crosswords_every_strategy():
    words = load("moby-crosswords")
    found = {}
    for name in NAMES:
        probe = Probe()
        found[name] = squares("bishop", words, strategy=name, probe=probe)
        assert probe.depth_profile() == (BITMASK_LAYERS if name == "column-bitmasks" else PREFIX_LAYERS), name
    assert all(len(f) == 122 for f in found.values())
    assert len({tuple(f) for f in found.values()}) == 1
    known = set(words)
    assert all(is_square(square, known) for square in found["column-bitmasks"])


@pytest.mark.skipif(not available("moby-single"), reason="moby-single not available (set WORDLAB_DATA)")
def test_bishop_on_moby_single():
    words = load("moby-single")
    fast_probe, baseline_probe = Probe(), Probe()
    fast = squares("bishop", words, strategy="column-bitmasks", probe=fast_probe)
    assert len(fast) == 2587
    assert fast == squares("bishop", words, strategy="prefix-table-bfs", probe=baseline_probe)
    assert baseline_probe.depth_profile() == [1, 575, 88070, 528906, 131990, 2587]
    assert fast_probe.depth_profile() == [1, 290, 9947, 7136, 1778, 2587]
    known = set(words)
    assert all(is_square(square, known) for square in fast)


# -- command line --------------------------------------------------------------------------------------------------


@pytest.fixture
def toy_file(tmp_path):
    path = tmp_path / "toy.txt"
    path.write_text("\n".join(TOY + ["card", "area", "rear", "dart"]))
    return str(path)


def test_cli_solve(toy_file, capsys):
    assert main(["solve", "word-squares", "bat", "--words", toy_file, "--strategy", "backtracking"]) == 0
    out = capsys.readouterr().out
    assert "squares starting bat" in out and "a r e" in out
    assert main(["solve", "word-squares", "ten", "--any-row", "--words", toy_file, "--json"]) == 0
    assert '"count": ' in capsys.readouterr().out
    assert main(["solve", "word-squares", "--sizes", "3", "4", "--words", toy_file]) == 0
    assert "size 4: 1 squares" in capsys.readouterr().out
    assert main(["solve", "word-squares", "--double", "3", "--words", toy_file]) == 0
    assert "double word squares" in capsys.readouterr().out


def test_cli_bad_input(toy_file, capsys):
    assert main(["solve", "word-squares", "b4t", "--words", toy_file]) == 2
    assert "letters" in capsys.readouterr().err
    assert main(["solve", "word-squares", "--words", toy_file]) == 2


def test_cli_bench(toy_file, capsys):
    assert main(["bench", "word-squares", "bat", "ten", "--words", toy_file, "--repeats", "1"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in NAMES) and "ratio" in out and "load" in out


def test_sizes_query_honours_a_budget():
    results = squares_of_sizes([3], TOY, budget=Budget(nodes=1))
    assert results[3].stopped and not results[3].exhausted


def test_verify_double_rejects():
    words = ["bad", "ace", "rot", "bar", "aco", "det"]
    assert verify_double(("bad", "ace", "rot"), words)
    assert not verify_double(("bad", "ace", "rob"), words)  # "rob" is not in the list
    assert not verify_double(("bad", "ace"), words)
    assert not verify_double((), words)
