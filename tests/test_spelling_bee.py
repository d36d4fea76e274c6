"""Spelling Bee: every strategy against an independent naive verifier, the published ENABLE figures,
the daily-puzzle helper, bad input and the command line."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.cli.spelling_bee import summary
from wordlab.errors import UnknownName, WordlabError
from wordlab.puzzles import spelling_bee as sb
from wordlab.search import Budget, Probe
from wordlab.structures import letters
from wordlab.words import WordList, available, load

HAS_ENABLE = available("enable1")
needs_enable = pytest.mark.skipif(not HAS_ENABLE, reason="ENABLE not available (set WORDLAB_DATA to the folder of reference lists)")

# -- an independent verifier: plain Python sets and strings, none of the module's machinery -------------------


def naive_score(seven: str, centre: str, words, forbidden: str = "s") -> int:
    """The rules as written: ≥ 4 letters, ≤ 7 distinct, no forbidden letter, only the honeycomb's letters,
    contains the centre; 1 point at length 4, else its length, 7 more for a pangram."""
    total = 0
    for word in words:
        distinct = set(word)
        if len(word) >= 4 and centre in distinct and distinct <= set(seven) and not distinct & set(forbidden):
            total += (1 if len(word) == 4 else len(word)) + (7 if len(distinct) == 7 else 0)
    return total


def naive_best(words, forbidden: str = "s") -> int:
    """The best score over every honeycomb: each 7-letter pangram set of the words with each centre."""
    pangrams = {"".join(sorted(set(w))) for w in words
                if len(w) >= 4 and len(set(w)) == 7 and not set(w) & set(forbidden)}
    return max((naive_score(p, c, words, forbidden) for p in pangrams for c in p), default=0)


def as_text(comb: sb.Honeycomb) -> tuple[str, str]:
    return letters(comb.letters), letters(comb.centre)


# -- a small example checked by hand -----------------------------------------------------------------------------

TOY = WordList(["rate", "tear", "grain", "tearing", "granite", "ratting", "egg", "gate", "rats", "stringer",
                "trigger", "garnet", "ingrate", "aerating", "tattering", "intergrade", "trailing"], name="toy")


def test_hand_checked_honeycomb_score():
    # rate 1 + tear 1 + grain 5 + tearing 14 + granite 14 + ratting 7 + trigger 7 + garnet 6 + ingrate 14
    # + aerating 15 + tattering 16 = 100; egg short, gate lacks r, rats and stringer use s,
    # intergrade has d, trailing has l
    found = sb.daily("aeginrt", "r", TOY)
    assert found.score == 100 == naive_score("aeginrt", "r", TOY)
    assert set(found.pangrams) == {"tearing", "granite", "ingrate", "aerating", "tattering"}
    assert found.words[0] == sb.ScoredWord("tattering", 16, True)
    assert sb.daily("AEGINRT", "G", TOY).score == naive_score("aeginrt", "g", TOY)


def test_toy_counts():
    assert sb.counts(TOY) == {"valid_words": 13, "letter_sets": 8, "pangram_sets": 2, "honeycombs": 14}


@pytest.mark.parametrize("name", list(sb.STRATEGIES))
def test_every_strategy_finds_the_toy_best(name):
    best = sb.solve(TOY, name)
    assert best.score == naive_best(TOY)
    assert best.score == naive_score(*as_text(best.honeycomb), TOY)
    assert best.optimal and best.exhausted and best.stopped is None
    # every better honeycomb on the way is reported with its true score, each better than the last
    for found in best.solutions:
        assert found.cost == naive_score(*as_text(found.value), TOY)
    assert [f.cost for f in best.solutions] == sorted({f.cost for f in best.solutions})


@pytest.mark.parametrize("name", list(sb.STRATEGIES))
def test_every_strategy_on_the_example(name):
    words = sb.example()
    best = sb.solve(words, name)
    assert best.score == naive_best(words) and best.optimal
    assert sb.verify(words, best.honeycomb)


# -- generated word lists: every strategy agrees with the naive verifier -----------------------------------------

small_words = st.lists(st.text(alphabet="abcdefghis", min_size=4, max_size=9), min_size=1, max_size=60)


@given(small_words)
def test_strategies_agree_with_naive_verifier(words):
    wordlist = WordList(words)
    expected = naive_best(wordlist)
    for name in sb.STRATEGIES:
        best = sb.solve(wordlist, name)
        assert best.score == expected, name
        if best.honeycomb is not None:
            assert naive_score(*as_text(best.honeycomb), wordlist) == expected, name
        else:
            assert expected == 0


@given(small_words, st.integers(0, 40))
def test_branch_and_bound_in_letter_order_with_a_floor(words, at_least):
    wordlist = WordList(words)
    expected = naive_best(wordlist)
    best = sb.solve(wordlist, "branch-and-bound", order="alphabetical", at_least=at_least)
    assert best.score == (expected if expected >= at_least else 0)


@given(small_words)
def test_with_s_allowed_agrees_with_naive_verifier(words):
    wordlist = WordList(words)
    expected = naive_best(wordlist, forbidden="")
    for name in ("subset-sum", "branch-and-bound", "vectorised", "brute-force"):
        assert sb.solve(wordlist, name, rules=sb.WITH_S).score == expected, name


@given(small_words)
def test_all_scores_match_naive_scores(words):
    wordlist = WordList(words)
    for comb, score in sb.all_scores(wordlist).items():
        assert score == naive_score(*as_text(comb), wordlist)


# -- ENABLE: the published figures ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def enable():
    return load("enable1")


@needs_enable
def test_published_counts(enable):
    assert sb.counts(enable) == {"valid_words": 44_585, "letter_sets": 21_661, "pangram_sets": 7_986,
                                 "honeycombs": 55_902}


@needs_enable
@pytest.mark.parametrize("name", ["subset-sum", "branch-and-bound", "vectorised"])
def test_published_best_honeycomb(enable, name):
    probe = Probe()
    best = sb.solve(enable, name, probe=probe)
    assert as_text(best.honeycomb) == ("aeginrt", "r")
    assert best.score == 3_898 == naive_score("aeginrt", "r", enable)
    assert best.optimal and best.exhausted
    assert probe.solutions[-1].cost == 3_898


@needs_enable
def test_effort_counts(enable):
    bnb, vec = Probe(), Probe()
    best = sb.solve(enable, "branch-and-bound", probe=bnb)
    # two pangram sets visited (depth 0), 7 centres each scored (depth 1), the other 7,984 cut by their bound
    assert (bnb.per_depth[0], bnb.per_depth[1], bnb.pruned) == (2, 14, 7_984)
    assert best.bound == 3_898 and best.optimal
    sb.solve(enable, "vectorised", probe=vec)
    assert vec.per_depth[1] == 55_902


@needs_enable
@pytest.mark.parametrize("order, at_least, scored, visited, score", [
    ("bound", 0, 14, 2, 3_898),
    ("alphabetical", 0, 252, 36, 3_898),
    ("alphabetical", 3_000, 42, 6, 3_898),
    ("alphabetical", 3_899, 14, 2, 0),
])
def test_branch_and_bound_effort(enable, order, at_least, scored, visited, score):
    probe = Probe()
    best = sb.solve(enable, "branch-and-bound", probe=probe, order=order, at_least=at_least)
    assert (probe.per_depth[1], probe.per_depth[0], probe.pruned, best.score) == (scored, visited, 7_986 - visited,
                                                                                 score)


@pytest.fixture(scope="module")
def enable_scores(enable):
    return sb.all_scores(enable)


@needs_enable
@pytest.mark.parametrize("name", list(sb.HISTORICAL))
def test_historical_strategies_on_a_sample(enable, enable_scores, name):
    # the historical strategies score evenly spaced honeycombs; the best of the sample must be the best of the
    # same sample scored by the verifier
    probe = Probe()
    best = sb.solve(enable, name, probe=probe, sample=12)
    assert (probe.per_depth[1], best.exhausted, best.optimal, best.stopped) == (12, False, False, None)
    scores = enable_scores
    combs = list(scores)
    sampled = [combs[i * len(combs) // 12] for i in range(12)]
    assert best.score == max(scores[c] for c in sampled)
    assert best.score == naive_score(*as_text(best.honeycomb), enable)


@needs_enable
def test_daily_puzzle_on_enable(enable):
    found = sb.daily("aeginrt", "r", enable)
    assert (len(found.words), found.score, len(found.pangrams)) == (537, 3_898, 50)
    assert all(set(w) == set("aeginrt") for w in found.pangrams)


@needs_enable
def test_best_with_s_allowed(enable):
    best = sb.solve(enable, "vectorised", rules=sb.WITH_S)
    assert sb.solve(enable, "branch-and-bound", rules=sb.WITH_S).score == best.score
    assert best.score == naive_score(*as_text(best.honeycomb), enable, forbidden="")
    assert best.score > 3_898 and "s" in letters(best.honeycomb.letters)


# -- budgets, bad input, the command line ------------------------------------------------------------------------


def test_budget_stops_the_search_with_the_best_so_far():
    probe = Probe()
    best = sb.solve(TOY, "subset-sum", probe=probe, budget=Budget(nodes=3))
    assert (probe.per_depth[1], best.optimal) == (3, False) and "node budget" in best.stopped
    assert best.score == naive_score(*as_text(best.honeycomb), TOY)
    stopped = sb.solve(TOY, "vectorised", budget=Budget(nodes=3))
    assert not stopped.optimal and not stopped.solutions and stopped.stopped


@pytest.mark.parametrize("seven, centre, problem", [
    ("aeginr", "r", "has 6"),
    ("aeginrtt", "r", "has 8"),
    ("aeginrr", "r", "repeated"),
    ("aeginrt", "s", "not among"),
    ("aegin2t", "t", "a–z"),
    ("aeg nrt", "t", "a–z"),
    ("aeginrt", "rt", "one letter"),
    ("aeginst", "t", "not allowed"),
    (None, "t", "strings"),
])
def test_bad_honeycombs_raise(seven, centre, problem):
    with pytest.raises(WordlabError, match=problem):
        sb.daily(seven, centre, TOY)
    assert issubclass(WordlabError, ValueError)


def test_bad_strategy_and_sample():
    with pytest.raises(UnknownName, match="vectorised"):
        sb.solve(TOY, "no-such-strategy")
    with pytest.raises(WordlabError, match="sample"):
        sb.solve(TOY, "brute-force", sample=0)
    with pytest.raises(WordlabError, match="order"):
        sb.solve(TOY, "branch-and-bound", order="random")
    with pytest.raises(WordlabError, match="forbidden"):
        sb.Rules(forbidden="S")
    with pytest.raises(WordlabError, match="size"):
        sb.Rules(size=0)
    with pytest.raises(WordlabError, match="at most 7"):
        sb.solve(TOY, "vectorised", rules=sb.Rules(size=8))


def test_cli_solve_and_bench(tmp_path, capsys):
    listing = tmp_path / "toy.txt"
    listing.write_text("\n".join(TOY))
    assert main(["solve", "spelling-bee", "--words", str(listing), "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert solved["score"] == naive_best(TOY)
    assert main(["solve", "spelling-bee", "--words", str(listing), "--letters", "AEGINRT", "--centre", "r"]) == 0
    assert "100 points" in capsys.readouterr().out
    assert main(["solve", "spelling-bee", "--words", str(listing), "--letters", "AEGINRT", "--centre", "x"]) == 2
    assert "not among" in capsys.readouterr().err
    assert main(["bench", "spelling-bee", "--words", str(listing), "--repeats", "1", "--sample", "4"]) == 0
    table = capsys.readouterr().out
    assert all(name in table for name in sb.STRATEGIES) and "ratio" in table


def test_extrapolation_arithmetic():
    assert sb.extrapolate(2.0, 1.0, 11, 101) == pytest.approx(1.0 + 0.1 * 100)
    assert sb.extrapolate(2.0, 1.0, 101, 101) == 2.0


def test_benchmark_table_on_the_toy_list():
    frame = sb.benchmark(TOY, sample=3, repeats=1)
    rows = frame.set_index("strategy")
    assert list(frame["strategy"]) == list(sb.STRATEGIES)
    assert rows.loc[sb.BASELINE, "ratio"] == 1
    assert set(rows.index[rows["extrapolated"]]) == set(sb.HISTORICAL)
    assert (rows.loc[list(sb.HISTORICAL), "scored"] == 3).all()
    exact = rows.loc[["subset-sum", "branch-and-bound", "vectorised"]]
    assert set(exact["answer"]) == {f"{sb.solve(TOY).honeycomb} = {naive_best(TOY)}"}
    assert "faster" in summary(frame)
