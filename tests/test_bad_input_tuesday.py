"""Tuesday birthday: every malformed input is refused with an error that names the problem (API), or one
line on stderr and exit 2 (command line); never a traceback, a hang or an answer to another question."""

import contextlib
import io
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import UnknownName, WordlabError
from wordlab.puzzles import tuesday as t
from wordlab.search import Budget

# -- the API ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("samples", [0, -5, 1.5, True, "100", None, math.nan])
def test_samples_must_be_a_positive_integer(samples):
    with pytest.raises(WordlabError, match=f"samples must be a positive integer, not {samples!r}"):
        t.experiment(samples=samples)


def test_absurd_sample_counts_state_the_limit():
    with pytest.raises(WordlabError, match="samples must be at most 10,000,000,000 .* not 1,000,000,000,000"):
        t.experiment(samples=10**12)


@pytest.mark.parametrize("seed", [-1, 2.5, "7", False])
def test_seed_must_be_a_non_negative_integer(seed):
    with pytest.raises(WordlabError, match=f"seed must be a non-negative integer, not {seed!r}"):
        t.experiment(seed=seed)


@pytest.mark.parametrize("name", ["elder-is-boy+elder-is-girl", "elder-is-girl+boy-on-monday+elder-is-boy"])
def test_impossible_condition_is_refused_before_sampling(name):
    with pytest.raises(WordlabError, match="is impossible: no family meets it"):
        t.experiment(name, samples=10)


@pytest.mark.parametrize("name, unknown", [("no-such-thing", "no-such-thing"),
                                           ("boy-on-tuesday+boy-on-funday", "boy-on-funday")])
def test_unknown_condition_is_named_with_the_choices(name, unknown):
    with pytest.raises(UnknownName, match=f"unknown condition '{unknown}'; choose one of: at-least-one-boy"):
        t.condition(name)


@pytest.mark.parametrize("name", ["", "  ", None, 3])
def test_a_condition_must_be_a_name(name):
    with pytest.raises(WordlabError, match="a condition must be a name such as 'boy-on-tuesday'"):
        t.condition(name)


@pytest.mark.parametrize("name", ["boy-on-tuesday+", "+", "elder-is-boy++boy-on-tuesday"])
def test_empty_parts_between_plus_signs(name):
    with pytest.raises(WordlabError, match="has an empty part"):
        t.condition(name)


def test_an_experiment_built_directly_checks_its_condition():
    assert t.Experiment("boy-in-march", 10).condition is t.CONDITIONS["boy-in-march"]
    with pytest.raises(WordlabError, match="a condition must be a name"):
        t.Experiment(None, 10)


def test_condition_names_are_read_without_case_or_spaces():
    assert t.condition(" Boy-On-Tuesday ").name == "boy-on-tuesday"


def test_unknown_strategy_lists_the_samplers():
    with pytest.raises(UnknownName, match="unknown strategy 'quantum'; choose one of: numpy, pure-python"):
        t.solve(t.example(), "quantum")


@pytest.mark.parametrize("given", [12345, None, 2.5, ["boy-on-tuesday"]])
def test_solve_needs_an_experiment_or_a_condition_name(given):
    with pytest.raises(WordlabError, match="a Tuesday problem is an Experiment"):
        t.solve(given)


def test_an_option_no_sampler_takes_is_named():
    with pytest.raises(WordlabError, match="strategy 'numpy' has no option samples"):
        t.solve(t.example(), samples=10)


@pytest.mark.parametrize("limit", [{"seconds": -1}, {"seconds": math.nan}, {"seconds": math.inf}, {"nodes": -3},
                                   {"nodes": 2.5}])
def test_bad_budgets(limit):
    with pytest.raises(WordlabError, match="budget"):
        t.solve(t.example(), budget=Budget(**limit))


def test_an_interval_needs_a_kept_family():
    with pytest.raises(WordlabError, match="at least one accepted sample"):
        t.wilson(0, 0)


@given(st.text(max_size=40))
def test_any_text_is_a_problem_or_a_clear_error(text):
    try:
        exp = t.parse(text)
    except WordlabError as error:
        assert str(error)
    else:
        assert isinstance(exp, t.Experiment) and exp.condition.name == "+".join(
            p.strip().lower() for p in text.split("+"))


# -- the command line ------------------------------------------------------------------------------------


def run_cli(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv, problem", [
    (["--samples", "0"], "argument --samples: must be at least 1 (and at most 10,000,000,000), not 0"),
    (["--samples", "-3"], "argument --samples: must be at least 1 (and at most 10,000,000,000), not -3"),
    (["--samples", "abc"], "argument --samples: expected a whole number from 1 to 10,000,000,000, not 'abc'"),
    (["--samples", "100000000000"], "argument --samples: must be at most 10,000,000,000"),
    (["--seed", "-1"], "argument --seed: must be at least 0"),
    (["--condition", "boy-on-funday"], "unknown condition 'boy-on-funday'"),
    (["--condition", "elder-is-boy+elder-is-girl"], "is impossible"),
    (["--condition", ""], "a condition must be a name"),
    (["--condition", "boy-on-tuesday+"], "has an empty part"),
    (["--strategy", "quantum"], "argument --strategy: invalid choice: 'quantum'"),
    (["--max-seconds", "-1"], "argument --max-seconds: must be at least 0"),
    (["--max-seconds", "nan"], "argument --max-seconds: must be a finite number"),
    (["--max-nodes", "-5"], "argument --max-nodes: must be at least 0"),
    (["--samples", "3", "--condition", "boy-in-march"], "all 3 families drawn were rejected by 'boy-in-march'"),
])
def test_cli_solve_refuses_with_one_line(argv, problem):
    code, out, err = run_cli("solve", "tuesday", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and problem in err


@pytest.mark.parametrize("argv, problem", [
    (["--repeats", "0"], "argument --repeats: must be at least 1 (and at most 1,000), not 0"),
    (["--condition", "nope"], "unknown condition 'nope'"),
    (["--strategies", "numpy", "slow"], "invalid choice: 'slow'"),
])
def test_cli_bench_refuses_with_one_line(argv, problem):
    code, out, err = run_cli("bench", "tuesday", "--samples", "1000", *argv)
    assert code == 2 and out == "" and err.count("\n") == 1 and problem in err
