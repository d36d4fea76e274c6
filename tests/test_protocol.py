"""The one protocol, checked on every puzzle and every strategy through the same calls.

Each puzzle module exposes STRATEGIES, DEFAULT_STRATEGY, solve(given, strategy, *, probe, budget, **options),
verify(given, value), render(state) and example(). Here every strategy solves its puzzle's small example, and
every answer it returns is checked by the puzzle's verifier; a zero budget stops every strategy at once; a
recording probe captures states that the puzzle can draw.
"""

import inspect
from pathlib import Path

import pytest

from wordlab.puzzles import PUZZLES, puzzle_module
from wordlab.search import Budget, Probe, Result

CASES = [(puzzle, strategy) for puzzle in PUZZLES for strategy in puzzle_module(puzzle).STRATEGIES]


@pytest.fixture(scope="module")
def examples():
    return {}


def example_of(puzzle, examples):
    if puzzle not in examples:
        examples[puzzle] = puzzle_module(puzzle).example()
    return examples[puzzle]


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_every_puzzle_module_has_the_protocol(puzzle):
    module = puzzle_module(puzzle)
    assert module.STRATEGIES and module.DEFAULT_STRATEGY in module.STRATEGIES
    for name in ("solve", "verify", "render", "example"):
        assert callable(getattr(module, name)), f"{puzzle} has no {name}()"
    parameters = inspect.signature(module.solve).parameters
    assert list(parameters)[:2] == ["given", "strategy"]
    assert parameters["probe"].kind is inspect.Parameter.KEYWORD_ONLY
    assert parameters["budget"].kind is inspect.Parameter.KEYWORD_ONLY
    for name, strategy in module.STRATEGIES.items():
        assert (strategy.__doc__ or "").strip(), f"{puzzle} strategy {name} says nothing about its idea and cost"


@pytest.mark.parametrize("puzzle", PUZZLES)
def test_puzzle_modules_hold_no_command_line_glue(puzzle):
    module = puzzle_module(puzzle)
    files = [Path(module.__file__)]
    if files[0].name == "__init__.py":
        files = sorted(files[0].parent.glob("*.py"))
    for file in files:
        source = file.read_text()
        for word in ("argparse", "Report(", "add_arguments", "cli_solve", "cli_bench"):
            assert word not in source, f"{file.name} still holds command-line glue ({word})"


@pytest.mark.parametrize("puzzle, strategy", CASES)
def test_every_strategy_solves_the_example_and_every_answer_verifies(puzzle, strategy, examples):
    module = puzzle_module(puzzle)
    result = module.solve(example_of(puzzle, examples), strategy)
    assert isinstance(result, Result) and result.strategy == strategy
    assert result.stopped is None
    assert result.solutions, f"{strategy} found nothing on {puzzle}'s example"
    for value in result.values:
        assert module.verify(result.given, value), f"{strategy} answered {value!r}, which does not verify"


@pytest.mark.parametrize("puzzle, strategy", CASES)
def test_a_zero_budget_stops_every_strategy_at_once_and_says_so(puzzle, strategy, examples):
    module = puzzle_module(puzzle)
    result = module.solve(example_of(puzzle, examples), strategy, budget=Budget(seconds=0))
    assert isinstance(result, Result) and result.stopped and not result.exhausted
    assert result.seconds < 1.0
    for value in result.values:
        assert module.verify(result.given, value)


@pytest.mark.parametrize("puzzle, strategy", CASES)
def test_a_recorded_run_can_be_drawn_step_by_step(puzzle, strategy, examples):
    module = puzzle_module(puzzle)
    probe = Probe(record=40)
    result = module.solve(example_of(puzzle, examples), strategy, probe=probe)
    assert result.probe is probe and result.render is not None
    states = [event.state for event in probe.events if event.state is not None]
    assert states, f"{strategy} recorded no state to step through"
    for state in states[:3] + states[-2:]:
        drawing = result.render(state)
        assert isinstance(drawing, str) and drawing.strip()
