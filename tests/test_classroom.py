"""The classroom: strategies as values everywhere a name goes, protocol mistakes as one-line errors, `check`
and the exercises (every model answer passes its own, every deliberately wrong answer fails, saying why),
`bench` surviving students, and the explore form driven from Python."""

from __future__ import annotations

import math
import textwrap
import time
import traceback

import pandas as pd
import pytest

import wordlab
import wordlab.viz
from tests.helpers import cli_error
from wordlab import bench
from wordlab.classroom import EXERCISES, check, exercise, exercises
from wordlab.cli import main
from wordlab.errors import UnknownName, WordlabError
import random

from wordlab.lm import default_model
from wordlab.puzzles import PUZZLES
from wordlab.puzzles import building_blocks as bb
from wordlab.puzzles import palindrome as pa
from wordlab.puzzles import shredded as sh
from wordlab.puzzles import tuesday as tu
from wordlab.puzzles import spelling_bee as sb
from wordlab.puzzles import sudoku as sd
from wordlab.puzzles import word_ladder as wl
from wordlab.puzzles import word_squares as ws
from wordlab.search import Budget, Probe
from wordlab.search.result import OWN, ProtocolError
from wordlab.solutions import SOLUTIONS
from wordlab.solutions.word_ladder import breadth_first_graph


@pytest.fixture(autouse=True)
def forget_registrations():
    """Each test starts and ends with no strategy registered by name."""
    saved = dict(OWN)
    yield
    OWN.clear()
    OWN.update(saved)


# -- strategies are values -----------------------------------------------------------------------------------


def test_every_puzzle_solves_with_a_strategy_function_named_after_it():
    cases = [(wl, "ladder-bfs-graph"), (sd, "sudoku-fewest-options"), (sb, "bee-subset-sum"),
             (ws, "squares-backtracking"), (bb, "blocks-backtracking"), (sh, "shredded-beam"),
             (pa, "palindrome-deepening"), (tu, "tuesday-no-rejection")]
    for module, exercise_id in cases:
        function = SOLUTIONS[exercise_id]
        result = module.solve(module.example(), function)
        assert result.strategy == function.__name__
        assert result.solutions and all(module.verify(result.given, v) for v in result.values), exercise_id


def _bfs(ladder, *, probe=None, budget=None):
    yield from breadth_first_graph(ladder, probe=probe, budget=budget)


def test_a_registered_name_works_in_solve_step_and_bench_and_names_the_tables():
    wordlab.strategy("bfs-graph", puzzle="word-ladder")(_bfs)
    assert wl.solve(wl.example(), "bfs-graph").values == [("cold", "cord", "word", "ward", "warm")]
    assert wl.solve(wl.example(), _bfs).strategy == "bfs-graph"
    player = wordlab.viz.step(wl.solve(wl.example(), "bfs-graph", probe=Probe(record=50)),
                              wl.solve(wl.example(), "astar", probe=Probe(record=50)))
    assert [r.name for r in player.recordings] == ["bfs-graph", "astar"]
    frame = bench.run(bench.solvers(wl.solve, ["astar", _bfs]), {"cold→warm": wl.example()}, repeats=1)
    assert list(frame["strategy"]) == ["astar", "bfs-graph"]
    assert wordlab.check("bfs-graph").passed  # the puzzle it was registered for


def test_the_decorator_works_bare_and_refuses_a_builtin_name_or_a_plain_function():
    @wordlab.strategy
    def mine(ladder, *, probe=None, budget=None):
        yield from breadth_first_graph(ladder, probe=probe, budget=budget)

    assert OWN["mine"] is mine and mine.strategy_name == "mine"
    with pytest.raises(WordlabError, match="already one of word-ladder's strategies"):
        wordlab.strategy("astar", puzzle="word-ladder")(breadth_first_graph)
    with pytest.raises(ProtocolError, match="'plain' is not a generator function"):
        @wordlab.strategy
        def plain(ladder, *, probe=None, budget=None):
            return ("cold", "warm"), 1


def protocol_error(strategy) -> str:
    with pytest.raises(ProtocolError) as raised:
        wl.solve(wl.example(), strategy)
    message = str(raised.value)
    assert "\n" not in message
    return message


def test_protocol_mistakes_are_one_line_errors_naming_the_function():
    def no_given(*, probe=None, budget=None):
        yield ("cold",), 0

    def no_budget(ladder, *, probe=None):
        yield ("cold",), 0

    def bare(ladder, *, probe=None, budget=None):
        yield ("cold", "cord", "card", "ward", "warm")

    def returns(ladder, *, probe=None, budget=None):
        return [(("cold", "warm"), 1)]

    assert "'no_given' takes no `given` positional parameter" in protocol_error(no_given)
    assert "'no_budget' takes no budget= keyword" in protocol_error(no_budget)
    assert "'bare' yielded ('cold', 'cord'" in protocol_error(bare) and "yield value, cost" in protocol_error(bare)
    assert "'returns' is not a generator function" in protocol_error(returns)


def test_a_strategys_own_error_reaches_the_student_with_their_line():
    def buggy(ladder, *, probe=None, budget=None):
        yield ("cold",), 1 / 0

    with pytest.raises(ZeroDivisionError) as raised:
        wl.solve(wl.example(), buggy)
    assert raised.traceback[-1].name == "buggy"
    with pytest.raises(ZeroDivisionError) as raised:
        check(buggy, "word-ladder")
    assert raised.traceback[-1].name == "buggy"
    assert "while wordlab.check ran buggy on word-ladder" in "".join(traceback.format_exception(raised.value))


# -- the command line ----------------------------------------------------------------------------------------

STUDENT = textwrap.dedent('''
    import wordlab

    @wordlab.strategy("graph-bfs", puzzle="word-ladder")
    def bfs(ladder, *, probe=None, budget=None):
        from wordlab.solutions.word_ladder import breadth_first_graph
        yield from breadth_first_graph(ladder, probe=probe, budget=budget)

    def plain(ladder, *, probe=None, budget=None):
        return None
''')


def test_the_command_line_runs_a_strategy_from_a_module_in_the_current_folder(tmp_path, monkeypatch, capsys):
    (tmp_path / "classmod.py").write_text(STUDENT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.path", [p for p in __import__("sys").path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(__import__("sys").modules, "classmod", raising=False)
    assert main(["solve", "word-ladder", "cold", "warm", "--words", "wordfreq:3", "--strategy", "classmod:bfs",
                 "--json"]) == 0
    out = capsys.readouterr().out
    assert '"strategy": "graph-bfs"' in out and '"cost": 4' in out
    assert main(["solve", "word-ladder", "--strategy", "classmod:graph-bfs"]) == 0  # by its registered name
    capsys.readouterr()
    assert "no module 'nomodule'" in cli_error(["solve", "word-ladder", "--strategy", "nomodule:bfs"], capsys)
    assert "has no strategy function 'nothing'" in cli_error(["solve", "word-ladder", "--strategy", "classmod:nothing"],
                                                               capsys)
    assert "'plain' is not a generator function" in cli_error(["solve", "sudoku", "--strategy", "classmod:plain"], capsys)
    assert "or give your own as module:function" in cli_error(["solve", "sudoku", "--strategy", "fastest"], capsys)


SUDOKU_STUDENT = textwrap.dedent('''
    from wordlab.puzzles import sudoku as sd

    seen = []

    def first_blank(puzzle, *, probe=None, budget=None):
        """Every solution, no limit: the command line closes it after --limit of them."""
        cells, g = list(puzzle.cells), puzzle.geometry

        def fill():
            if 0 not in cells:
                seen.append(1)
                yield sd.Sudoku(tuple(cells), g), None
                return
            cell = cells.index(0)
            for digit in g.digits:
                if all(cells[p] != digit for p in g.peers[cell]):
                    cells[cell] = digit
                    if budget:
                        budget.tick()
                    yield from fill()
                    cells[cell] = 0

        yield from fill()

    def limited(puzzle, *, probe=None, budget=None, limit=1):
        for found, solution in enumerate(first_blank(puzzle, probe=probe, budget=budget), 1):
            yield solution
            if found >= limit:
                return False
''')


def test_the_command_line_passes_options_only_to_strategies_that_take_them(tmp_path, monkeypatch, capsys):
    (tmp_path / "sudokumod.py").write_text(SUDOKU_STUDENT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(__import__("sys").modules, "sudokumod", raising=False)
    empty = "0" * 16  # 288 solutions
    assert main(["solve", "sudoku", empty, "--strategy", "sudokumod:first_blank", "--limit", "3", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert len(data["solutions"]) == 3 and data["count_at_least"] == 3
    assert len(__import__("sudokumod").seen) == 3  # closed after the third: not all 288 looked for
    assert main(["solve", "sudoku", "four", "--strategy", "sudokumod:limited", "--json"]) == 0
    data = __import__("json").loads(capsys.readouterr().out)
    assert data["unique"] and data["count"] == 1  # --limit 2 passed: it proves uniqueness
    (tmp_path / "beemod.py").write_text(textwrap.dedent('''
        def any_comb(words, *, probe=None, budget=None):
            from wordlab.puzzles import spelling_bee as sb
            yield from sb.STRATEGIES["subset-sum"](words, probe=probe, budget=budget)
    '''))
    monkeypatch.delitem(__import__("sys").modules, "beemod", raising=False)
    assert main(["solve", "spelling-bee", "--words", "wordfreq:3", "--strategy", "beemod:any_comb"]) == 0


def test_small_mistakes_get_small_helpful_messages(tmp_path, monkeypatch, capsys):
    (tmp_path / "classmod2.py").write_text(STUDENT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(__import__("sys").modules, "classmod2", raising=False)
    said = cli_error(["solve", "word-ladder", "--strategy", "nomodule.py:bfs"], capsys)
    assert "put nomodule.py in the current folder" in said and ".py.py" not in said
    assert main(["solve", "word-ladder", "--words", "wordfreq:3", "--strategy", "classmod2.py:bfs"]) == 0
    capsys.readouterr()
    assert "did you mean 'astar'?" in cli_error(["solve", "word-ladder", "--strategy", "astr"], capsys)
    with pytest.raises(UnknownName, match="did you mean 'astar'"):
        wl.solve(wl.example(), "a-star")

    @wordlab.strategy("ladder-only", puzzle="word-ladder")
    def ladder_only(ladder, *, probe=None, budget=None):
        yield from breadth_first_graph(ladder, probe=probe, budget=budget)

    try:
        with pytest.raises(WordlabError, match="registered for word-ladder .* so it does not run on sudoku"):
            sd.solve(sd.example(), "ladder-only")
        with pytest.raises(WordlabError, match="so it does not run on sudoku"):
            check(ladder_only, "sudoku")
        assert wl.solve(wl.example(), ladder_only).cost == 4
    finally:
        OWN.pop("ladder-only", None)


def test_the_command_line_marks_an_answer_that_fails_verify_and_exits_1(tmp_path, monkeypatch, capsys):
    (tmp_path / "wrongmod.py").write_text(textwrap.dedent('''
        from wordlab.puzzles import sudoku as sd

        def ones(puzzle, *, probe=None, budget=None):
            yield sd.Sudoku(tuple(d or 1 for d in puzzle.cells), puzzle.geometry), None

        def hop(ladder, *, probe=None, budget=None):
            yield (ladder.first, ladder.goal), 1
    '''))
    monkeypatch.chdir(tmp_path)
    monkeypatch.delitem(__import__("sys").modules, "wrongmod", raising=False)
    assert main(["solve", "sudoku", "four", "--strategy", "wrongmod:ones"]) == 1
    out = capsys.readouterr().out
    assert "NOT VERIFIED: wrongmod:ones's answer" in out and "fails sudoku's verify" in out
    assert main(["solve", "word-ladder", "cold", "warm", "--words", "wordfreq:3", "--strategy", "wrongmod:hop",
                 "--json"]) == 1
    assert __import__("json").loads(capsys.readouterr().out)["verified"] is False
    assert main(["solve", "word-ladder", "cold", "warm", "--words", "wordfreq:3"]) == 0
    assert "NOT VERIFIED" not in capsys.readouterr().out


# -- check and the exercises ---------------------------------------------------------------------------------


def test_every_model_answer_passes_its_own_exercise():
    assert set(SOLUTIONS) == set(EXERCISES)
    for name, answer in SOLUTIONS.items():
        marks = exercise(name).check(answer)
        assert marks.passed, marks
        assert len(marks.table) >= 3 and marks.table["verdict"].str.startswith("ok").all()


def _wrapped(model, change):
    """A strategy that runs `model` and passes each of its yields through `change` (which yields)."""
    def wrong(given, *, probe=None, budget=None):
        for value, cost, *_ in model(given, probe=probe, budget=budget):
            yield from change(given, value, cost)
    return wrong


def _first_only(model):
    def first_only(given, *, probe=None, budget=None):
        yield next(model(given, probe=probe, budget=budget))[:2]
    return first_only


def _unticked(model):
    def unticked(given, *, probe=None, budget=None):
        yield from model(given, probe=probe, budget=None)
    return unticked


def _mutating(model):
    def mutating(given, *, probe=None, budget=None):
        given.puzzle.stock["zz"] += 1
        yield from model(given, probe=probe, budget=budget)
    return mutating


def _any_ladder(ladder, *, probe=None, budget=None):
    """Any ladder, not the shortest, and says so: it did not cover its whole space."""
    words = wl.solve(ladder, "depth-first").value
    if budget:
        budget.tick()
    yield words, len(words) - 1
    return False


def _ones(puzzle, *, probe=None, budget=None):
    if budget:
        budget.tick()
    yield sd.Sudoku(tuple(d or 1 for d in puzzle.cells), puzzle.geometry), None


def _as_given(grid, *, probe=None, budget=None):
    if budget:
        budget.tick()
    order = tuple(range(grid.n))
    yield order, sh.Reading(grid, default_model()).score(order)


def _ignores_condition(given, *, probe=None, budget=None):
    """Draws families but keeps them all, whatever the condition: its share of two boys is about 1/4."""
    pick, boys = random.Random(given.seed).choice, 0
    for _ in range(given.samples):
        if budget:
            budget.tick()
        boys += bool(tu.both_boys(pick(tu.CHILDREN), pick(tu.CHILDREN)))
    found = tu.estimate_of(tu.Tally(given.samples, given.samples, boys))
    yield found, found.width


WRONG = {  # exercise → (a deliberately wrong answer, what its verdict must say)
    "ladder-bfs-graph": (lambda ladder, *, probe=None, budget=None: (yield from wl.STRATEGIES["breadth-first"](
        ladder, probe=probe, budget=budget)), "too many nodes"),
    "ladder-iddfs": (_any_ladder, "not optimal: cost"),
    "sudoku-forward-checking": (_ones, "wrong answer"),
    "sudoku-fewest-options": (_unticked(SOLUTIONS["sudoku-fewest-options"]), "ignores the budget"),
    "bee-subset-sum": (_first_only(SOLUTIONS["bee-subset-sum"]), "claims it covered its whole space (exhausted) but its best score"),
    "bee-tighter-bound": (_wrapped(SOLUTIONS["bee-tighter-bound"], lambda g, v, c: [(v, c + 1)]), "wrong cost"),
    "squares-backtracking": (_first_only(SOLUTIONS["squares-backtracking"]), "incomplete: found 1 of 2"),
    "squares-most-constrained": (_wrapped(SOLUTIONS["squares-most-constrained"], lambda g, v, c: [(v, c), (v, c)]),
                                 "repeats"),
    "blocks-backtracking": (_mutating(SOLUTIONS["blocks-backtracking"]), "mutated its input"),
    "blocks-forward-checking": (_wrapped(SOLUTIONS["blocks-forward-checking"], lambda g, v, c: [v]), "protocol: "),
    "shredded-strongest-links": (_as_given, "not good enough: score"),
    "shredded-beam": (_wrapped(SOLUTIONS["shredded-beam"], lambda g, v, c: [(v[1:], c)]), "wrong answer"),
    "palindrome-deepening": (_unticked(SOLUTIONS["palindrome-deepening"]), "ignores the budget"),
    "palindrome-beam": (_wrapped(SOLUTIONS["palindrome-beam"], lambda g, v, c: [(v, c - 1)]), "wrong cost"),
    "tuesday-every-family": (lambda given, *, probe=None, budget=None: (yield from tu.STRATEGIES["numpy"](
        given, probe=probe, budget=budget)), "not exact: estimate"),
    "tuesday-no-rejection": (_ignores_condition, "biased: estimate"),
}


@pytest.mark.parametrize("name", sorted(WRONG))
def test_every_exercise_fails_a_wrong_answer_saying_why(name):
    assert set(WRONG) == set(EXERCISES)
    answer, says = WRONG[name]
    marks = wordlab.check(answer, exercise=name)
    assert not marks.passed and not marks
    assert says in marks.verdict, marks
    assert marks.verdict.startswith("failed") and "\n" not in marks.verdict
    with pytest.raises(WordlabError, match="failed"):
        marks.raise_if_failed()


def test_check_finds_a_strategy_that_never_yields_and_one_that_loops_for_ever():
    def nothing(ladder, *, probe=None, budget=None):
        if budget:
            budget.tick()
        return
        yield

    def for_ever(ladder, *, probe=None, budget=None):
        while True:
            pass
        yield

    assert "found nothing, but a solution exists" in check(nothing, "word-ladder").verdict
    started = time.perf_counter()
    marks = check(for_ever, "word-ladder", seconds=0.5)
    assert time.perf_counter() - started < 2.5  # one watchdog, not one per instance
    assert list(marks.table["verdict"].str.split(":").str[0]) == ["over time", "not run", "not tested"]
    assert marks.table.iloc[1]["instance"] == "the other 3 instances"
    assert marks.verdict.startswith("failed 2 of 3 checks (1 instance, the other 3 instances and the budget test): "
                                    "cold→warm (12 words): over time")


def test_check_reports_optimality_nodes_and_the_reference_and_shows_the_failing_run():
    marks = check(_any_ladder, "word-ladder", reference="breadth-first")
    first = marks.table.iloc[0]
    assert first["verdict"].startswith("ok (not optimal: cost") and not first["optimal"]
    assert first["optimum"] == 4 and first["reference_nodes"] > 0
    assert "optimum: the best cost, proved by the built-in astar" in marks.key()  # not breadth-first
    assert ("limit: the most nodes allowed, here on every instance as many as the exercise's reference strategy, "
            "breadth-first, spends on it") in marks.key()  # the reference's nodes said once, as the limit
    doubled = check(_any_ladder, "word-ladder", reference="breadth-first", factor=2)
    assert {"limit", "reference_nodes"} <= set(doubled.shown().columns)  # a limit of its own: both shown
    assert "reference_nodes: what the exercise's reference strategy spends, in nodes" in doubled.key()
    assert "<table" in marks._repr_html_() and marks.verdict in repr(marks)
    player = check(_first_only(SOLUTIONS["squares-backtracking"]), "word-squares").watch(record=50)
    assert [r.name for r in player.recordings] == ["first_only", "column-bitmasks"]


def significant(figure: str) -> str:
    """The significant digits a shown figure writes ("0.0238" → "238", "1,950" → "195")."""
    return figure.replace(",", "").replace(".", "").lstrip("0").rstrip("0")


def test_a_checks_shown_table_gives_milliseconds_a_dash_for_no_figure_and_no_column_twice():
    """The table as read: each run's time in ms to three significant digits (the data keeps its seconds), "—"
    where a row has no figure, said in the key, and no `reference_nodes` column that only repeats `limit`."""
    marks = check(breadth_first_graph, "word-ladder", reference="breadth-first")
    shown, table = marks.shown(), marks.table
    assert "seconds" not in shown and "seconds" in table and "reference_nodes" in table
    assert "reference_nodes" not in shown and (table["limit"].iloc[:-1] == table["reference_nodes"].iloc[:-1]).all()
    timed = table["seconds"].notna()
    for seconds, ms in zip(table.loc[timed, "seconds"], shown.loc[timed, "ms"]):
        assert float(ms.replace(",", "")) == pytest.approx(seconds * 1000, rel=5e-3, abs=5e-4), (seconds, ms)
        assert 1 <= len(significant(ms)) <= 3, ms
    assert not (shown == "").any().any() and (shown.iloc[-1] == "—").any()  # the budget row marks no answer
    assert (shown["stopped"].iloc[:-1] == "—").all() and shown["stopped"].iloc[-1].startswith("node budget of")
    key = marks.key()
    assert "(the budget test's row stops it on purpose; — : no budget stopped it)" in key
    assert "— elsewhere: no figure for that row (the budget row tests only the stop" in key
    assert "— : no node limit" not in key  # every row has its limit
    no_limit = exercise("blocks-backtracking").check(SOLUTIONS["blocks-backtracking"])
    assert (no_limit.shown()["limit"].iloc[:-1] == "—").all() and "; — : no node limit)" in no_limit.key()


def test_check_fails_a_strategy_that_claims_its_whole_space_but_misses_the_optimum():
    def claims(ladder, *, probe=None, budget=None):
        words = wl.solve(ladder, "depth-first").value
        if budget:
            budget.tick()
        yield words, len(words) - 1  # and returns normally: "I covered my whole space"

    marks = check(claims, "word-ladder")
    first = marks.table.iloc[0]
    assert not marks.passed
    assert first["verdict"].startswith("claims it covered its whole space (exhausted) but its best cost ")
    assert f"worse than the optimum {first['optimum']}: return False when you stop early" in first["verdict"]
    assert not check(claims, "word-ladder", optimal=True).passed


def _copy_of(module, name):
    def copy(given, *, probe=None, budget=None):
        yield from module.STRATEGIES[name](given, probe=probe, budget=budget)
    return copy


def _first_blank(puzzle, *, probe=None, budget=None):
    """Plain backtracking on the first blank, yielding every solution (no limit)."""
    cells, g = list(puzzle.cells), puzzle.geometry

    def fill():
        if 0 not in cells:
            yield sd.Sudoku(tuple(cells), g), None
            return
        cell = cells.index(0)
        for digit in g.digits:
            if all(cells[p] != digit for p in g.peers[cell]):
                cells[cell] = digit
                if budget:
                    budget.tick()
                yield from fill()
                cells[cell] = 0

    yield from fill()


@pytest.mark.parametrize("name, copy, add", [
    ("sudoku-forward-checking", _copy_of(sd, "sequential"), "add forward checking"),
    ("sudoku-forward-checking", _first_blank, "add forward checking"),
    ("squares-most-constrained", _copy_of(ws, "backtracking"), "fewest fitting words"),
    ("palindrome-beam", _copy_of(pa, "beam-stack"), "keep the k best halves"),
    ("bee-tighter-bound", _copy_of(sb, "branch-and-bound"), "tighten the bound"),
])
def test_an_exercise_asking_for_fewer_nodes_fails_a_copy_of_its_reference(name, copy, add):
    marks = exercise(name).check(copy)
    assert not marks.passed
    assert f"no saving: never 10% fewer nodes than {exercise(name).reference}" in marks.verdict and add in marks.verdict


def test_a_sudoku_strategy_that_yields_every_solution_is_measured_to_its_first():
    def every(puzzle, *, probe=None, budget=None):
        yield from SOLUTIONS["sudoku-forward-checking"](puzzle, probe=probe, budget=budget, limit=10)

    assert "first solution" in exercise("sudoku-forward-checking").prompt
    assert "first solution" in exercise("sudoku-fewest-options").prompt
    marks = exercise("sudoku-forward-checking").check(every)
    assert marks.passed, marks


def test_the_budget_row_says_not_tested_apart_from_ok_and_explains_the_node_over():
    def one_node(puzzle, *, probe=None, budget=None):
        if budget:
            budget.tick()
        yield sd.solve(puzzle, "bitfield-cover").solution, None

    marks = check(one_node, "sudoku")
    budget_row = marks.table.iloc[-1]
    assert budget_row["verdict"] == "not tested: no instance needed more than one node"
    assert marks.passed and "its budget stop is not tested" in marks.verdict and "stops at its budget" not in marks.verdict
    marks = check(breadth_first_graph, "word-ladder")
    budget_row = marks.table.iloc[-1]
    assert budget_row["nodes"] == budget_row["limit"] + 1
    assert budget_row["verdict"] == f"ok: stopped at node {int(budget_row['nodes']):,} by a limit of {int(budget_row['limit']):,} ✓"


def test_check_and_exercises_name_what_is_unknown():
    with pytest.raises(WordlabError, match="unknown exercise 'nope'; the exercises are: ladder-bfs-graph"):
        wordlab.exercise("nope")
    with pytest.raises(UnknownName, match="puzzle to check"):
        check(breadth_first_graph, "chess")
    with pytest.raises(WordlabError, match="say which puzzle"):
        check(breadth_first_graph)
    with pytest.raises(WordlabError, match="is a word-ladder exercise, not sudoku"):
        check(breadth_first_graph, "sudoku", exercise="ladder-iddfs")
    table = exercises("sudoku")
    assert list(table["id"]) == ["sudoku-forward-checking", "sudoku-fewest-options"]
    assert len(exercises()) == len(EXERCISES)
    for puzzle in PUZZLES:  # every puzzle notebook ends with two or three exercises, easy to hard
        levels = list(exercises(puzzle)["level"])
        assert len(levels) in (2, 3) and levels == sorted(levels), puzzle


def test_a_sampler_is_marked_by_its_interval_and_the_exact_value():
    marks = wordlab.exercise("tuesday-no-rejection").check(SOLUTIONS["tuesday-every-family"])
    assert marks.passed is False  # exact, but its interval is the rejection sampler's: no narrower
    assert "not good enough: narrowest interval width" in marks.verdict and "wanted (0.8 × numpy's" in marks.verdict
    rows = marks.table.iloc[:-1]
    assert (rows["reference_cost"] > 0).all() and rows["optimum"].isna().all()  # a sampler proves no optimum


# -- bench survives students ---------------------------------------------------------------------------------


def test_bench_budgets_each_run_marks_stopped_runs_and_gives_them_no_ratio():
    ladder = wl.WordLadder("cold", "warm", "wordfreq:3")
    frame = bench.run(bench.solvers(wl.solve, ["astar", "breadth-first"], budget=Budget(nodes=100)),
                      {"cold→warm": ladder}, repeats=2)
    astar, bfs = frame.iloc[0], frame.iloc[1]
    assert pd.isna(astar["stopped"]) and astar["ratio"] == 1
    assert bfs["stopped"] == "node budget of 100 reached" and math.isnan(bfs["ratio"]) and bfs["calls"] <= 101
    both = bench.run(bench.solvers(wl.solve, ["breadth-first", "depth-first"], budget=Budget(nodes=50)),
                     {"cold→warm": ladder}, repeats=1)
    assert both["ratio"].isna().all() and " - " in bench.format_table(both)


def test_bench_keeps_the_table_when_a_strategy_raises_or_is_interrupted():
    def raises(ladder, *, probe=None, budget=None):
        raise RuntimeError("my bug")
        yield

    def interrupted(ladder, *, probe=None, budget=None):
        raise KeyboardInterrupt
        yield

    frame = bench.run(bench.solvers(wl.solve, ["astar", raises, interrupted, "greedy"]),
                      {"one": wl.example(), "two": wl.example()}, repeats=1)
    assert list(frame["strategy"]) == ["astar", "raises", "interrupted"]
    assert frame.iloc[1]["error"] == "RuntimeError: my bug" and math.isnan(frame.iloc[1]["ratio"])
    assert frame.iloc[2]["error"].startswith("interrupted")
    assert "interrupted during interrupted on one" in bench.format_table(frame)


def test_bench_refuses_a_budget_that_is_not_one():
    with pytest.raises(WordlabError, match="a Budget or a number of seconds"):
        bench.solvers(wl.solve, ["astar"], budget="soon")


# -- the explore form, from Python ---------------------------------------------------------------------------


def test_explore_shows_a_bad_instance_under_the_field_and_runs_a_good_one(capsys):
    form = wordlab.viz.explore("sudoku", record=40, seconds=2)
    form.text.value = "12.4"
    assert "a Sudoku needs 16 (4×4)" in form.problem.value and "Traceback" not in form.problem.value
    assert form.run_button.disabled and form.given is None
    form.text.value = sd.EXAMPLES["four"]
    assert form.problem.value == "" and not form.run_button.disabled
    form.second.value = "sequential"
    form.run()
    assert [r.strategy for r in form.results] == [sd.DEFAULT_STRATEGY, "sequential"]
    assert all(sd.verify(r.given, r.value) for r in form.results)
    assert len(form.player.recordings) == 2 and "sequential: 1 solution" in form.status.value
    form.take_random()
    assert form.given is not None and sd.parse(form.text.value).blanks > 0
    form.take_published()
    assert form.text.value == sd.EXAMPLES["easy"] and "published: easy" in form.status.value
    capsys.readouterr()


def test_explore_offers_registered_strategies_and_knows_its_puzzles():
    wordlab.strategy("bfs-graph", puzzle="word-ladder")(_bfs)
    form = wordlab.viz.explore("word-ladder")
    assert "bfs-graph" in form.first.options and "astar" in form.second.options
    labels = [b.description for box in form.widget.children if hasattr(box, "children") for b in box.children
              if hasattr(b, "on_click")]
    assert form.form.random is None and "random" not in labels and "example" in labels  # no generator, no button
    with pytest.raises(UnknownName, match="puzzle to explore"):
        wordlab.viz.explore("chess")


@pytest.mark.parametrize("puzzle, bad, says, buttons", [
    ("shredded", "|ab|c|", "unequal strip widths", {"example", "random", "published"}),
    ("palindrome", "abcz | ab ba", "no word contains the letter(s)", {"example", "random"}),
    ("tuesday", "boy-on-funday 2000", "unknown condition", {"example", "published"}),
])
def test_explore_reads_each_new_puzzle_with_its_own_parser(puzzle, bad, says, buttons, capsys):
    form = wordlab.viz.explore(puzzle, record=30, seconds=20)
    module = form.module
    assert form.problem.value == "" and module.verify is not None and form.given is not None
    labels = {b.description for box in form.widget.children if hasattr(box, "children") for b in box.children
              if hasattr(b, "on_click")}
    assert labels - {"run"} == buttons
    form.text.value = bad
    assert says in form.problem.value and "Traceback" not in form.problem.value and form.run_button.disabled
    form.take_example()
    form.run()
    assert form.results and all(module.verify(r.given, r.value) for r in form.results)
    if form.form.random:
        form.take_random()
        assert form.problem.value == "" and form.given is not None
    if form.form.published:
        form.take_published()
        assert form.problem.value == "" and "published:" in form.status.value
    form.text.value = ""
    assert form.given is None and form.problem.value  # an empty field names what to write
    capsys.readouterr()
