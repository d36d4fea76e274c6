"""Tuesday birthday: exact answers, both samplers under the search protocol, the interval and the CLI."""

import contextlib
import io
import json
import math
import random
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.cli import tuesday as tuesday_cli
from wordlab.puzzles import tuesday as t
from wordlab.search import Budget, Probe

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
    elder, younger = (np.array(side, dtype=np.uint16) for side in zip(*families))
    batch = cond.holds(t.decode(elder), t.decode(younger))
    one_by_one = [bool(cond.holds(t.decode(e), t.decode(y))) for e, y in families]
    assert batch.tolist() == one_by_one


def test_decode_covers_every_child_once():
    assert len(set(t.CHILDREN)) == t.CODES == 168
    assert {c.sex for c in t.CHILDREN} == {0, 1} and {c.day for c in t.CHILDREN} == set(range(7))
    assert {c.month for c in t.CHILDREN} == set(range(12))


# -- an independent check of a sampler's answer: redraw the same families by hand and count ---------------


def family(code):
    """A child code (0..167, the samplers' stream format) as a (sex, weekday, month) tuple."""
    return ("B" if code % 2 else "G", code // 2 % 7, code // 14)


def families_drawn(strategy, seed, n):
    """The first `n` families the sampler's random stream gives, as (elder, younger) code pairs."""
    if strategy == "pure-python":
        draw = random.Random(seed).random
        return [(int(draw() * 168), int(draw() * 168)) for _ in range(n)]
    return [divmod(int(code), 168) for code in np.random.default_rng(seed).integers(0, 168 * 168, size=n, dtype=np.uint32)]


def wilson_by_formula(k, n, z=1.959963984540054):
    p = k / n
    centre, half = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - half) / (1 + z * z / n), (centre + half) / (1 + z * z / n)


def check_estimate(strategy, seed, told, value):
    """`value` counts exactly the families its seed draws, filtered by `told`, and its interval is Wilson's."""
    kept = [(family(e), family(y)) for e, y in families_drawn(strategy, seed, value.tally.drawn)]
    kept = [(e, y) for e, y in kept if told(e, y)]
    assert (value.tally.accepted, value.tally.both_boys) == (len(kept), sum(e[0] == y[0] == "B" for e, y in kept))
    assert value.estimate == value.tally.both_boys / value.tally.accepted
    assert (value.low, value.high) == pytest.approx(wilson_by_formula(value.tally.both_boys, value.tally.accepted),
                                                    abs=1e-12)


# -- samplers under the protocol -------------------------------------------------------------------------


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_every_running_estimate_is_the_count_of_the_families_drawn(strategy):
    exp = t.experiment("boy-on-tuesday", 20_000, seed=3)
    answer = t.solve(exp, strategy)
    drawn = [found.value.tally.drawn for found in answer.solutions]
    assert drawn[-1] == 20_000 and drawn == sorted(drawn) and drawn[:3] == [64, 192, 448]  # chunks of 64, 128, ...
    for found in answer.solutions:
        check_estimate(strategy, 3, boy_on_day(1), found.value)
        assert found.cost == found.value.high - found.value.low
        assert t.verify(exp, found.value)
    assert answer.value is answer.solutions[-1].value  # the answer has counted every family drawn
    assert answer.stopped is None and not answer.exhausted and not answer.optimal  # sampling proves nothing
    assert answer.covers and answer.exact == Fraction(13, 27)


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_probe_counts_families_drawn_and_rejected(strategy):
    exp = t.experiment("boy-on-tuesday", 60_000, seed=3)
    probe = Probe()
    answer = t.solve(exp, strategy, probe=probe)
    assert t.solve(exp, strategy).value.tally == answer.value.tally  # the probe changes nothing
    assert probe.expansions == 60_000 and probe.pruned == answer.value.tally.rejected and probe.calls == 0
    assert answer.nodes == 60_000 and len(probe.solutions) == len(answer.solutions)
    assert abs(answer.value.tally.rejected_share - 169 / 196) < 0.01  # 1 - 27/196 rejected


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_recorded_families_replay_the_draw(strategy):
    probe = Probe(record=40)
    t.solve(t.example(), strategy, probe=probe)
    families = families_drawn(strategy, t.example().seed, 40)
    chunk, *drawn = probe.events  # a chunk of families, then each family of it: kept or pruned
    assert len(probe.events) == 40 and chunk.kind == "expand" and chunk.state == t.Chunk(64, "boy-on-tuesday",
                                                                                          t.Tally(0, 0, 0))
    for event, (e, y) in zip(drawn, families):
        state = event.state
        assert (family(e), family(y)) == ((("B" if state.elder.sex else "G"),) + tuple(state.elder[1:]),
                                          (("B" if state.younger.sex else "G"),) + tuple(state.younger[1:]))
        assert state.kept == boy_on_day(1)(family(e), family(y))
        assert event.kind == ("expand" if state.kept else "prune") and event.parent == chunk.node
    pruned = [e for e in drawn if e.kind == "prune"]
    assert pruned and all(e.why == "fails boy-on-tuesday" for e in pruned)
    assert len(pruned) < len(drawn)  # some were kept too (1 in 7 or so)


def test_recorded_families_show_the_running_estimate_and_its_width_by_name():
    probe = Probe(record=400)
    t.solve(t.example(), "numpy", probe=probe)
    family = probe.events[-1]
    facts = dict(family.facts)
    found = t.estimate_of(family.state.tally)
    assert facts["estimate"] == f"{found.estimate:.4f}" and facts["interval width"] == f"{found.width:.4f}"


def test_render_draws_a_family_kept_or_rejected_and_an_estimate():
    kept = t.Draw(t.Child(t.BOY, 1, 2), t.Child(t.GIRL, 4, 6), True, "boy-on-tuesday", t.Tally(9, 2, 1))
    assert t.render(kept).splitlines() == ["elder    boy  Tue Mar", "younger  girl Fri Jul", "kept by boy-on-tuesday",
                                           "kept 2 of 9; two boys 1 (0.50)"]
    rejected = t.render(kept._replace(kept=False, tally=t.Tally(9, 0, 0))).splitlines()
    assert rejected[2:] == ["rejected by boy-on-tuesday", "kept 0 of 9; two boys 0"]
    assert t.render(t.estimate_of(t.Tally(100, 10, 5))).splitlines() == [
        "estimate 0.5000", "95% interval 0.2366-0.7634", "kept 10 of 100"]


def test_example_is_small_and_every_strategy_answers_it():
    exp = t.example()
    assert exp.samples <= 10_000
    for strategy in t.STRATEGIES:
        answer = t.solve(exp, strategy)
        assert answer and answer.seconds < 1 and t.verify(exp, answer.value)


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_interval_covers_exact_answer_for_most_seeds(strategy):
    covered = sum(t.solve(t.experiment("at-least-one-boy", 4_000, seed), strategy).covers for seed in range(40))
    assert covered >= 34  # 95 % intervals: 38 expected, fewer than 34 has chance below 1 %


def test_different_seeds_give_different_tallies():
    assert t.solve(t.experiment(samples=5_000, seed=1)).value != t.solve(t.experiment(samples=5_000, seed=2)).value


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
@pytest.mark.parametrize("nodes", [1_000, 3 * t.BATCH + 5])
def test_node_budget_returns_exactly_the_families_drawn_so_far(strategy, nodes):
    answer = t.solve(t.experiment(samples=10 * t.BATCH), strategy, budget=Budget(nodes=nodes))
    assert answer.value.tally.drawn == nodes and answer.stopped == f"node budget of {nodes:,} reached"
    unbudgeted = t.solve(t.experiment(samples=nodes), strategy)
    assert answer.value == unbudgeted.value  # a budget cuts the same stream short, it does not change it
    check_estimate(strategy, 0, boy_on_day(1), answer.value)


@pytest.mark.parametrize("strategy", list(t.STRATEGIES))
def test_time_budget_holds_and_says_it_stopped(strategy):
    exp, options = tuesday_cli.budget_case()
    answer = t.solve(exp, strategy, budget=Budget(seconds=0.3), **options[strategy])
    assert answer.stopped == "time budget of 0.3 s reached" and answer.seconds < 0.3 + 0.25
    assert answer and t.verify(exp, answer.value)


@pytest.mark.parametrize("limit", [{"seconds": 0}, {"nodes": 0}])
def test_zero_budget_stops_at_once_with_nothing(limit):
    answer = t.solve(t.example(), budget=Budget(**limit))
    assert not answer and answer.stopped and answer.value is None


def test_budget_case_is_beyond_five_seconds_for_every_strategy():
    exp, options = tuesday_cli.budget_case()
    assert set(options) == set(t.STRATEGIES)
    for strategy in t.STRATEGIES:  # measured rate over a tenth of a second, extrapolated to the whole case
        answer = t.solve(exp, strategy, budget=Budget(seconds=0.1), **options[strategy])
        rate = answer.value.tally.drawn / answer.seconds
        assert exp.samples / rate > 5


def test_elder_is_girl_never_sees_two_boys():
    exp = t.experiment("elder-is-girl", 10_000)
    answer = t.solve(exp)
    assert answer.value.tally.both_boys == 0 and answer.value.estimate == 0 and answer.covers
    assert not t.verify(exp, t.Estimate(t.Tally(100, 50, 1), *t.wilson(1, 50)))


def test_verify_refuses_inconsistent_estimates():
    exp = t.experiment(samples=1_000)
    good = t.estimate_of(t.Tally(1_000, 140, 70))
    assert t.verify(exp, good)
    assert not t.verify(exp, t.estimate_of(t.Tally(1_001, 140, 70)))  # more drawn than asked
    assert not t.verify(exp, t.Estimate(t.Tally(1_000, 140, 150), 0.0, 1.0))  # more boys than kept
    assert not t.verify(exp, t.Estimate(good.tally, good.low, good.high + 0.01))  # not Wilson's interval
    assert not t.verify(exp, "0.48")


def test_every_family_rejected_is_a_result_with_no_estimate():
    seed = next(s for s in range(100) if not t.solve(t.experiment(samples=1, seed=s)))
    answer = t.solve(t.experiment(samples=1, seed=seed))
    assert answer.value is None and answer.stopped is None and answer.solutions == []


def test_convergence_lists_each_running_estimate_and_narrows():
    answer = t.solve(t.experiment(samples=200_000, seed=5))
    table = t.convergence(answer)
    assert list(table["drawn"]) == [f.value.tally.drawn for f in answer.solutions]
    assert (table["drawn"].iloc[-1], table["accepted"].iloc[-1]) == (200_000, answer.value.tally.accepted)
    assert table["width"].iloc[-1] < table["width"].iloc[0] / 10
    assert (table["low"] <= table["estimate"]).all() and (table["estimate"] <= table["high"]).all()


def test_conditions_table_lists_exact_and_estimate():
    table = t.conditions_table(("at-least-one-boy", "boy-on-tuesday"), samples=50_000, seed=2)
    assert list(table["exact"]) == ["1/3", "13/27"]
    for interval, truth, covers in zip(table["ci95"], table["exact_value"], table["covers"]):
        low, high = map(float, interval.strip("[]").split(","))
        assert covers == (low <= truth <= high) or abs(min(truth - low, high - truth)) < 1e-4  # rounding
    rejected = [float(share.rstrip("%")) / 100 for share in table["rejected"]]
    assert rejected == pytest.approx([1 / 4, 169 / 196], abs=0.01)


def test_solve_takes_a_condition_name():
    answer = t.solve("boy-in-march", "pure-python")
    assert answer.given == t.experiment("boy-in-march") and answer.exact == Fraction(23, 47)


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
    assert (low, high) == pytest.approx(wilson_by_formula(successes, trials), abs=1e-9)


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
    assert data["ci95_low"] <= data["estimate"] <= data["ci95_high"] and data["stopped"] is None


def test_cli_solve_text_names_the_sampler():
    code, out, _ = run_cli("solve", "tuesday", "--strategy", "pure-python", "--samples", "2000")
    assert code == 0 and "13/27" in out and "pure-python" in out and "rejected" in out


def test_cli_budget_says_it_stopped():
    code, out, _ = run_cli("solve", "tuesday", "--max-nodes", "5000", "--samples", "1000000")
    assert code == 0 and "drew 5,000" in out and "stopped   node budget of 5,000 reached" in out
    code, out, _ = run_cli("solve", "tuesday", "--max-seconds", "0")
    assert code == 0 and "no family was kept" in out and "time budget of 0 s reached" in out


def test_cli_bench_shows_ratios_and_rejection():
    code, out, _ = run_cli("bench", "tuesday", "--samples", "20000", "--repeats", "1", "--json")
    rows = json.loads(out)
    assert code == 0 and {r["strategy"] for r in rows} == set(t.STRATEGIES)
    assert {r["input"] for r in rows} == {"boy-on-tuesday", "at-least-one-boy", "boy-in-march"}
    assert all(r["ratio"] > 0 and 0 < r["rejected_share"] < 1 for r in rows)
    assert {r["calls"] for r in rows} == {20_000}  # families drawn, by either sampler


def test_bench_table_says_its_calls_are_families_drawn():
    """The key under the bench table says what its `calls` count here: the families drawn, which they are."""
    from wordlab.bench import format_table

    table = t.bench(samples=2_000, repeats=1)
    assert (table["calls"] == 2_000).all()
    assert "calls: the families a sampler drew" in " ".join(format_table(table).split())
