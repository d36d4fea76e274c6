"""Tuesday birthday: exact answers, both samplers, the interval, bad input and the CLI."""

import contextlib
import io
import json
import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import UnknownName, WordlabError
from wordlab.puzzles import tuesday as t
from wordlab.search.probe import Budget, Probe

# -- an independent verifier: families as plain tuples, no predicates from the module -----------------

FAMILY_CHILDREN = list(product("BG", range(7), range(12)))  # (sex, weekday, month), 168 of them


def by_hand(told) -> Fraction:
    """P(both boys | told(elder, younger)) by counting tuples; `told` takes (sex, day, month) tuples."""
    kept = [(e, y) for e in FAMILY_CHILDREN for y in FAMILY_CHILDREN if told(e, y)]
    return Fraction(sum(e[0] == y[0] == "B" for e, y in kept), len(kept))


def boy_on_day(day):
    return lambda e, y: (e[0] == "B" and e[1] == day) or (y[0] == "B" and y[1] == day)


# -- exact answers -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name, answer", [
    ("boy-on-tuesday", Fraction(13, 27)),
    ("at-least-one-boy", Fraction(1, 3)),
    ("elder-is-boy", Fraction(1, 2)),
    ("boy-in-march", Fraction(23, 47)),
    ("elder-is-girl", Fraction(0)),
])
def test_published_answers(name, answer):
    assert t.exact(name) == answer


def test_headline_matches_hand_count_and_acceptance():
    assert t.exact(t.HEADLINE) == by_hand(boy_on_day(1))
    assert t.acceptance(t.HEADLINE) == Fraction(27, 196)  # 1 - (13/14)^2


@pytest.mark.parametrize("name, told", [
    ("at-least-one-boy", lambda e, y: "B" in (e[0], y[0])),
    ("elder-is-boy", lambda e, y: e[0] == "B"),
    ("boy-on-sunday", boy_on_day(6)),
    ("elder-is-boy+boy-on-tuesday", lambda e, y: e[0] == "B" and boy_on_day(1)(e, y)),
    ("at-least-one-boy+boy-in-december", lambda e, y: (e[0] == "B" and e[2] == 11) or (y[0] == "B" and y[2] == 11)),
])
def test_exact_agrees_with_hand_count(name, told):
    assert t.exact(name) == by_hand(told)


@given(st.sampled_from(t.WEEKDAYS + t.MONTHS))
def test_any_given_day_or_month_follows_the_closed_form(when):
    """A boy with a trait of chance 1/k: P(both boys) = (2k - 1) / (4k - 1)."""
    k = 7 if when in t.WEEKDAYS else 12
    name = f"boy-on-{when}" if k == 7 else f"boy-in-{when}"
    assert t.exact(name) == Fraction(2 * k - 1, 4 * k - 1)


CODE = st.integers(0, t.CODES - 1)


@given(st.lists(st.tuples(CODE, CODE), min_size=1, max_size=20), st.sampled_from(sorted(t.CONDITIONS)))
def test_predicates_agree_on_ints_and_arrays(families, name):
    """One predicate serves both samplers: elementwise on arrays equals one family at a time."""
    cond = t.condition(name)
    elder, younger = (np.array(side, dtype=np.uint8) for side in zip(*families))
    batch = cond.holds(t.decode(elder), t.decode(younger))
    one_by_one = [bool(cond.holds(t.decode(e), t.decode(y))) for e, y in families]
    assert batch.tolist() == one_by_one


def test_decode_covers_every_child_once():
    assert len(set(t.CHILDREN)) == t.CODES == 168
    assert {c.sex for c in t.CHILDREN} == {0, 1} and {c.day for c in t.CHILDREN} == set(range(7))
    assert {c.month for c in t.CHILDREN} == set(range(12))


# -- samplers ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_sampler_is_seeded_consistent_and_covers_the_answer(strategy):
    exp = t.experiment("boy-on-tuesday", 60_000, seed=3)
    probe = Probe()
    first = t.solve(exp, strategy, probe=probe)
    assert t.solve(exp, strategy).tally == first.tally
    assert t.verify(exp, first.tally) and first.tally.drawn == 60_000
    assert probe.generated == 60_000 and probe.pruned == first.tally.rejected
    assert probe.calls == {"pure-python": 60_000, "numpy": math.ceil(60_000 / t.BATCH)}[strategy]
    assert first.covers
    assert abs(first.tally.rejected_share - 169 / 196) < 0.01  # 1 - 27/196 rejected


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_interval_covers_exact_answer_for_most_seeds(strategy):
    covered = sum(t.solve(t.experiment("at-least-one-boy", 4_000, seed), strategy).covers for seed in range(40))
    assert covered >= 34  # 95 % intervals: 38 expected, fewer than 34 has chance below 1 %


def test_different_seeds_give_different_tallies():
    assert t.solve(t.experiment(samples=5_000, seed=1)).tally != t.solve(t.experiment(samples=5_000, seed=2)).tally


@pytest.mark.parametrize("strategy, nodes, drawn", [("pure-python", 1_000, 1_000), ("numpy", 3 * t.BATCH, 3 * t.BATCH)])
def test_budget_stops_sampling(strategy, nodes, drawn):
    budget = Budget(nodes=nodes)
    found = t.solve(t.experiment(samples=10 * t.BATCH), strategy, budget=budget)
    assert found.tally.drawn == drawn and found.stopped


def test_elder_is_girl_never_sees_two_boys():
    found = t.solve(t.experiment("elder-is-girl", 10_000))
    assert found.tally.both_boys == 0 and found.estimate == 0 and found.covers


def test_convergence_ends_at_the_numpy_tally_and_narrows():
    exp = t.experiment(samples=200_000, seed=5)
    table = t.convergence(exp, points=30)
    final = t.solve(exp, "numpy").tally
    assert (table["drawn"].iloc[-1], table["accepted"].iloc[-1]) == (final.drawn, final.accepted)
    width = table["high"] - table["low"]
    assert width.iloc[-1] < width.iloc[0] / 10
    assert (table["low"] <= table["estimate"]).all() and (table["estimate"] <= table["high"]).all()


def test_conditions_table_lists_exact_and_estimate():
    table = t.conditions_table(("at-least-one-boy", "boy-on-tuesday"), samples=50_000, seed=2)
    assert list(table["exact"]) == ["1/3", "13/27"] and table["covers"].all()
    rejected = [float(share.rstrip("%")) / 100 for share in table["rejected"]]
    assert rejected == pytest.approx([1 / 4, 169 / 196], abs=0.01)


# -- the Wilson interval ---------------------------------------------------------------------------------


def test_wilson_known_values():
    low, high = t.wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = t.wilson(0, 10)
    assert low == 0 and round(high, 4) == 0.2775


@given(st.integers(1, 10_000), st.data())
def test_wilson_contains_the_proportion(trials, data):
    successes = data.draw(st.integers(0, trials))
    low, high = t.wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


# -- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("samples", [0, -5, 1.5, True, "100"])
def test_non_positive_or_non_integer_samples(samples):
    with pytest.raises(WordlabError, match="samples must be a positive integer"):
        t.experiment(samples=samples)


def test_negative_seed():
    with pytest.raises(WordlabError, match="seed"):
        t.experiment(seed=-1)


def test_impossible_condition_is_refused_before_sampling():
    with pytest.raises(WordlabError, match="impossible"):
        t.experiment("elder-is-boy+elder-is-girl", samples=10)
    with pytest.raises(WordlabError, match="impossible"):
        t.exact("elder-is-girl+elder-is-boy")


def test_every_sample_rejected_is_an_error_not_a_division_by_zero():
    seed = next(s for s in range(100) if t.sample_numpy(t.experiment(samples=1, seed=s)).accepted == 0)
    with pytest.raises(WordlabError, match="rejected"):
        t.solve(t.experiment(samples=1, seed=seed))


@pytest.mark.parametrize("name", ["no-such-thing", "boy-on-tuesday+boy-on-funday"])
def test_unknown_condition(name):
    with pytest.raises(UnknownName, match="unknown condition"):
        t.condition(name)


@pytest.mark.parametrize("name", ["", "  ", None, 3])
def test_empty_condition(name):
    with pytest.raises(WordlabError):
        t.condition(name)


def test_unknown_strategy_and_empty_interval():
    with pytest.raises(UnknownName):
        t.solve(t.experiment(samples=10), "quantum")
    with pytest.raises(WordlabError):
        t.wilson(0, 0)


# -- command line -------------------------------------------------------------------------------------------


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_cli_solve_json():
    code, out, _ = run_cli("solve", "tuesday", "--condition", "boy-in-march", "--samples", "50000", "--seed", "4", "--json")
    data = json.loads(out)
    assert code == 0 and data["exact"] == "23/47" and data["drawn"] == 50_000 and data["interval"] == "wilson"
    assert data["ci95_low"] <= data["estimate"] <= data["ci95_high"]


def test_cli_solve_text_names_the_sampler():
    code, out, _ = run_cli("solve", "tuesday", "--strategy", "pure-python", "--samples", "2000")
    assert code == 0 and "13/27" in out and "pure-python" in out and "rejected" in out


@pytest.mark.parametrize("argv, message", [
    (["--samples", "0"], "samples"),
    (["--samples", "-3"], "samples"),
    (["--condition", "elder-is-boy+elder-is-girl"], "impossible"),
    (["--condition", "boy-on-funday"], "unknown condition"),
])
def test_cli_bad_input(argv, message):
    code, _, err = run_cli("solve", "tuesday", *argv)
    assert code == 2 and message in err


def test_cli_bench_shows_ratios_and_rejection():
    code, out, _ = run_cli("bench", "tuesday", "--samples", "20000", "--repeats", "1", "--json")
    rows = json.loads(out)
    assert code == 0 and {r["strategy"] for r in rows} == set(t.STRATEGIES)
    assert {r["input"] for r in rows} == {"boy-on-tuesday", "at-least-one-boy", "boy-in-march"}
    assert all(r["ratio"] > 0 and 0 < r["rejected_share"] < 1 for r in rows)
    calls = {r["strategy"]: r["calls"] for r in rows}
    assert calls == {"pure-python": 20_000, "numpy": 1}
