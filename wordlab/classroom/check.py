"""`check(strategy, puzzle)`: run a strategy on a puzzle's fixed instances and mark every answer.

Each instance runs under a time budget and a watchdog, so a strategy that loops for ever without looking at
its budget is reported, never waited for. Answers are marked by the puzzle's own `verify` and a cost computed
from the answer alone, against a built-in reference that proves the optimum (or lists every solution); node
counts are the budget's ticks, the one unit every strategy charges. Errors the strategy itself raises reach you
unchanged, with your own line in the traceback and a note saying which instance was running.
"""

from __future__ import annotations

import ctypes
import math
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from wordlab.classroom.markings import GOALS, Instance, Marking, marking
from wordlab.errors import WordlabError
from wordlab.search import Budget, Probe
from wordlab.search.result import OWN, ProtocolError, pick, strategy_name

SECONDS = 5.0  # the time budget of one run
NOT_TESTED = "not tested"  # a budget row that could not test the stop: neither a pass nor a failure


def deadline(seconds: float) -> float:
    """When the watchdog stops a run given `seconds`: half as long again (and a tenth of a second) for a run
    that looks at its budget late."""
    return 1.5 * seconds + 0.1


class Overtime(BaseException):
    """Raised by the watchdog into a run that outlived its budget (a BaseException, so that a strategy's
    `except Exception` cannot swallow it)."""


@contextmanager
def watchdog(seconds: float):
    """Stop the code in this block with `Overtime` once it has run `seconds`: a timer thread raises the
    exception into this thread (between two bytecodes, so a pure-Python loop stops; code inside one long C
    call stops when the call returns). Costs one timer thread per block."""
    thread, lock, done = threading.get_ident(), threading.Lock(), []

    def fire() -> None:
        with lock:
            if not done:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(Overtime))

    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        with lock:
            done.append(True)
        timer.cancel()


@dataclass(frozen=True)
class NodeLimit:
    """A demand on the nodes (budget ticks) of a run: at most `factor` × the reference's nodes, or at most
    `count(given)` when given (`about` says what that counts)."""

    factor: float = 1.0
    count: Callable[[Any], int] | None = None
    about: str = ""
    fewer: float = 0.0  # also this share fewer nodes than the reference on at least one instance (0.1: 10 %)
    hint: str = ""  # what to add when there is no saving anywhere

    def limit(self, given: Any, reference_nodes: int | None) -> tuple[int | None, str]:
        """(the most nodes allowed, the reason in words); (None, "") when the reference is unknown."""
        if self.count is not None:
            return self.count(given), self.about
        if reference_nodes is None:
            return None, ""
        times = "" if self.factor == 1 else f" × {self.factor:g}"
        return math.floor(reference_nodes * self.factor), f"the reference's {reference_nodes:,}{times}"

    def no_saving(self, rows: list[dict], reference: str) -> str | None:
        """With `fewer`: what is wrong when no instance ran in at least that share fewer nodes than the reference
        (a node or two saved, such as not ticking the root, is no saving), or None."""
        if not self.fewer:
            return None
        compared = [r for r in rows if r["nodes"] is not None and r["reference_nodes"] is not None]
        if not compared or any(r["nodes"] <= (1 - self.fewer) * r["reference_nodes"] for r in compared):
            return None
        return (f"no saving: never {self.fewer:.0%} fewer nodes than {reference} on any of {len(compared)} instances"
                + (f"; {self.hint}" if self.hint else ""))


@dataclass(frozen=True)
class Outcome:
    """What one run produced, reduced to what marking needs."""

    keys: frozenset
    count: int
    best: float | None
    ticks: int
    stopped: str | None
    exhausted: bool


@dataclass
class Demands:
    """What a check asks of every instance, beyond verified answers."""

    optimal: bool = False
    nodes: NodeLimit | None = None
    reference: str | None = None  # the built-in whose nodes `nodes` is measured against
    as_good: float | None = None  # a cost at most this × the reference's (a score at least the reference's)
    judge: Callable[[Any, Any], str | None] | None = None  # (given, answer) → what is wrong with it, or None


@dataclass(repr=False)
class Check:
    """The marks of one strategy on one puzzle: `table` (a pandas DataFrame, one row per instance and one for
    the budget test), `passed`, `verdict` (one line), and `watch()` to step through the first failing run."""

    strategy: Any
    puzzle: str
    table: Any
    seconds: float
    demands: Demands
    exercise: str | None = None
    given_by_name: dict = field(default_factory=dict)

    @property
    def failures(self) -> list[tuple[str, str]]:
        """(instance, verdict) of every row not marked ok (nor "not tested", which is neither a pass nor a
        failure)."""
        return [(r.instance, r.verdict) for r in self.table.itertuples()
                if not r.verdict.startswith(("ok", NOT_TESTED))]

    @property
    def passed(self) -> bool:
        return not self.failures

    def __bool__(self) -> bool:
        return self.passed

    @property
    def verdict(self) -> str:
        name = strategy_name(self.strategy)
        what = f"exercise {self.exercise}" if self.exercise else self.puzzle
        if self.passed:
            budget = self.table.iloc[-1]["verdict"]
            stops = (f"its budget stop is {budget}" if budget.startswith(NOT_TESTED) else "stops at its budget")
            instances = sum(name in self.given_by_name for name in self.table["instance"])
            return f"passed: {name} is ok on all {instances} instances of {what} and {stops}"
        instance, why = self.failures[0]
        return f"failed {len(self.failures)} of {len(self.table)} checks ({self._rows_said()}): {instance}: {why}"

    def _rows_said(self) -> str:
        """What the table's rows are: "4 instances, fewer nodes than sequential and the budget test"."""
        names = list(self.table["instance"])
        instances = sum(name in self.given_by_name for name in names)
        others = [name for name in names[:-1] if name not in self.given_by_name]  # the last row is the budget's
        return ", ".join([f"{instances} instance{'s' * (instances != 1)}", *others]) + " and the budget test"

    def raise_if_failed(self) -> "Check":
        """This check, or a one-line `WordlabError` with the verdict when it failed (for scripts and tests)."""
        if not self.passed:
            raise WordlabError(f"{strategy_name(self.strategy)}: {self.verdict}")
        return self

    def shown(self):
        """The table for reading: "—" where a row has no figure, without the columns that have no figure in any
        row, numbers written as in the verdicts (no scientific notation), the run's time in milliseconds (`ms`, to
        three significant digits; `table` keeps its `seconds`), and no `reference_nodes` where every one of them
        is its row's `limit` already."""
        table = self.table.dropna(axis="columns", how="all")
        if _limit_is_reference(table):
            table = table.drop(columns="reference_nodes")
        shown = table.astype(object).map(_figure)
        if "seconds" in shown:
            shown["seconds"] = table["seconds"].map(_milliseconds)
            shown = shown.rename(columns={"seconds": "ms"})
        shown = shown.loc[:, [c for c in shown.columns if (shown[c] != "").any()]]
        return shown.replace("", NO_FIGURE)

    def key(self) -> str:
        """What the shown table's columns mean, for those it has (the cost's direction for this puzzle; the
        reference whose nodes `limit` is, where it is theirs), and what a "—" means where one stands."""
        shown, mark = self.shown(), marking(self.puzzle)
        better = {"shortest": " (lower is better)", "highest": " (higher is better)"}.get(mark.goal, "")
        same = LIMIT_IS_REFERENCE.format(reference=self.demands.reference) if _limit_is_reference(self.table) else ""
        said = []
        for column, meaning in COLUMN_KEY.items():
            if column in shown:
                text = meaning.format(prover=mark.reference, same=same) + (better if column == "cost" else "")
                if column in NO_FIGURE_IN and (shown[column].iloc[:-1] == NO_FIGURE).any():  # inside its brackets
                    text = text[:-1] + f"; — : {NO_FIGURE_IN[column]})"
                said.append(f"{column}: {text}")
        instances = shown.iloc[:-1].drop(columns=[c for c in NO_FIGURE_IN if c in shown])  # the last row: the budget's
        if (instances == NO_FIGURE).any().any() or (shown.iloc[-1] == NO_FIGURE).any():
            said.append(NO_FIGURE_ELSEWHERE)
        return "; ".join(said)

    def __repr__(self) -> str:
        return f"{self.verdict}\n{self.shown().to_string(index=False)}\n({self.key()})"

    def _repr_html_(self) -> str:
        import html

        colour = "#2a7" if self.passed else "#c33"
        return (f"<p style='color:{colour}'><b>{html.escape(self.verdict)}</b></p>"
                + self.shown().to_html(index=False)
                + f"<p style='font-size:85%;color:#555'>{html.escape(self.key())}</p>")

    def watch(self, record: int = 300):
        """Step through the first failing instance (the first instance when all passed): your run beside the
        reference's, each recording its first `record` events (`wordlab.viz.step`)."""
        from wordlab.puzzles import puzzle_module
        from wordlab.viz import step

        failed = [name for name, _ in self.failures if name in self.given_by_name]
        name = failed[0] if failed else next(iter(self.given_by_name))
        module, mark = puzzle_module(self.puzzle), marking(self.puzzle)
        runs = []
        try:
            with watchdog(deadline(self.seconds)):
                runs.append(module.solve(self.given_by_name[name](), self.strategy, probe=Probe(record=record),
                                         budget=Budget(seconds=self.seconds), **mark.options))
        except Overtime:
            pass
        runs.append(module.solve(self.given_by_name[name](), self.demands.reference or mark.reference,
                                 probe=Probe(record=record), budget=Budget(seconds=self.seconds), **mark.options))
        return step(*runs)


def check(strategy: Any, puzzle: str | None = None, *, exercise: str | None = None, reference: str | None = None,
          optimal: bool | None = None, factor: float | None = None, seconds: float = SECONDS, **options) -> Check:
    """Run `strategy` (your function, a registered name or `module:function`) on every instance of `puzzle`
    and mark it; returns a `Check` (a table that shows itself, `passed`, `verdict`).

    Every answer must pass the puzzle's `verify`, carry its true cost, and (for puzzles that list solutions)
    be all there; a run must finish within `seconds`, leave its input unchanged, and stop at a node budget.
    `optimal=True` also demands the optimum; `reference="breadth-first"` demands at most that built-in's
    nodes (× `factor`). `exercise="ladder-bfs-graph"` takes the puzzle and the demands from an exercise
    (see `wordlab.exercises()`). `options` go to the strategy. Costs one run per instance (plus one for the
    budget test) and, the first time, one run of each reference."""
    from wordlab.classroom.exercises import exercise as find_exercise
    from wordlab.puzzles import puzzle_module

    demands = Demands(optimal=bool(optimal), reference=reference,
                      nodes=NodeLimit(factor) if reference and factor else NodeLimit() if reference else None)
    if exercise is not None:
        task = find_exercise(exercise)
        if puzzle is not None and puzzle != task.puzzle:
            raise WordlabError(f"exercise {exercise!r} is a {task.puzzle} exercise, not {puzzle}")
        puzzle, demands = task.puzzle, task.demands()
    puzzle = puzzle or getattr(OWN.get(strategy) if isinstance(strategy, str) else strategy, "strategy_puzzle",
                               None) or _which_puzzle(strategy)
    if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 < seconds < math.inf:
        raise WordlabError(f"seconds is the time budget of one run, a positive number, not {seconds!r}")
    mark, module = marking(puzzle), puzzle_module(puzzle)
    pick(module.STRATEGIES, strategy)  # a protocol mistake is one line, before anything runs
    rows, builders = [], {}
    instances = mark.instances()
    for k, instance in enumerate(instances):
        builders[instance.name] = instance.build
        rows.append(_marked(strategy, module, mark, instance, demands, seconds, options))
        rest = len(instances) - k - 1
        if rows[-1]["verdict"].startswith("over time") and rest:  # each further one would cost a whole watchdog
            rows.append({"instance": f"the other {rest} instance{'s' * (rest != 1)}",
                         "verdict": f"not run: the run on {instance.name} ignored its budget, and so would these"})
            break
    saving = demands.nodes.no_saving(rows, demands.reference) if demands.nodes else None
    if saving and all(r["verdict"].startswith("ok") for r in rows):
        rows.append({"instance": f"fewer nodes than {demands.reference}", "verdict": saving})
    rows.append(_budget_row(strategy, module, mark, rows, builders, seconds, options))
    import pandas as pd

    table = pd.DataFrame(rows).convert_dtypes()
    return Check(strategy, puzzle, table, seconds, demands, exercise, builders)


def _which_puzzle(strategy: Any):
    from wordlab.puzzles import PUZZLES

    raise WordlabError(f"say which puzzle to check {strategy_name(strategy)!r} on, e.g. check(mine, \"word-ladder\"),"
                       f" or register it with @wordlab.strategy(puzzle=...); puzzles: {', '.join(PUZZLES)}")


# -- one instance --------------------------------------------------------------------------------------------


def _marked(strategy, module, mark: Marking, instance: Instance, demands: Demands, seconds: float,
            options: dict) -> dict:
    """Run `strategy` on one instance and mark it: one row of the table."""
    reference = _reference(mark.puzzle, instance, mark.reference, seconds)
    versus = _reference(mark.puzzle, instance, demands.reference, seconds) if demands.reference else None
    given = instance.build()
    before = mark.fingerprint(given)
    budget = Budget(seconds=seconds)
    row = {"instance": instance.name, "verdict": "", "verified": None, "optimal": None, "cost": None,
           "optimum": reference.best, "solutions": None, "nodes": None, "limit": None,
           "reference_nodes": versus.ticks if versus else None, "seconds": None, "stopped": None}
    if not mark.proves:
        row["optimum"] = None  # the built-in's best is a rival's figure, not a proved optimum
    if demands.as_good is not None:
        row["reference_cost"] = versus.best if versus else None
    started = time.perf_counter()
    try:
        result = _watched_run(module, given, strategy, budget, seconds, mark, options, instance.name)
    except Overtime:
        row["seconds"] = time.perf_counter() - started
        row["verdict"] = (f"over time: still running {deadline(seconds):.3g} s into a {seconds:g} s budget; "
                          f"call budget.tick() once per node")
        return row
    except ProtocolError as mistake:
        row["verdict"] = f"protocol: {mistake}"
        return row
    row.update(seconds=result.seconds, nodes=_nodes(mark, result, budget.used), stopped=result.stopped,
               solutions=len(result.solutions))
    limit, why = demands.nodes.limit(result.given, versus.ticks if versus else None) if demands.nodes else (None, "")
    row["limit"] = limit
    row["verdict"] = _verdict(row, result, mark, reference, demands, before, limit, why, versus)
    return row


def _nodes(mark: Marking, result, used: int) -> int:
    """The nodes a run is measured by: for a puzzle where any one solution will do, those charged up to the
    first solution (so that a strategy which goes on to list every solution is compared like with like with
    a reference that stops at its first); else every node charged."""
    if mark.goal == "any" and result.solutions:
        return result.solutions[0].nodes
    return used


def _watched_run(module, given, strategy, budget: Budget, seconds: float, mark: Marking, options: dict, where: str):
    """`module.solve(given, strategy, budget=budget)` under a watchdog (which raises `Overtime`); an error of the
    strategy's own goes on unchanged, with a note saying which instance it was running on."""
    try:
        with watchdog(deadline(seconds)):
            return module.solve(given, strategy, budget=budget, **mark.options, **options)
    except (Overtime, ProtocolError):
        raise
    except Exception as error:
        error.add_note(f"(raised while wordlab.check ran {strategy_name(strategy)} on {mark.puzzle} instance {where!r})")
        raise


def _verdict(row: dict, result, mark: Marking, reference: Outcome, demands: Demands, before, limit, why,
             versus: Outcome | None = None) -> str:
    """The first thing wrong with a run, in words, or "ok" (with a remark where one helps)."""
    from wordlab.puzzles import puzzle_module

    given, verify = result.given, puzzle_module(mark.puzzle).verify
    if mark.fingerprint(given) != before:
        return "mutated its input: the puzzle differs after the run; work on copies"
    wrong = next((v for v in result.values if not _verifies(verify, given, v)), _NOTHING)
    row["verified"] = wrong is _NOTHING if result.solutions else None
    if wrong is not _NOTHING:
        return f"wrong answer: {_short(wrong)} fails {mark.puzzle}'s verify"
    if mark.cost_of is not None:
        for found in result.solutions:
            true = mark.cost_of(given, found.value)
            if not _same_cost(found.cost, true):
                return f"wrong cost: says {found.cost}, the answer's cost is {true}"
        row["cost"] = result.cost
    if not result.solutions:
        if result.stopped:
            return f"over budget: {result.stopped} before any answer"
        if reference.count:
            return f"found nothing, but a solution exists ({mark.reference} found {_plural(reference.count)})"
        return "ok (no solution exists)"
    if result.stopped and not reference.stopped:
        return f"over budget: {result.stopped} (the reference finishes)"
    if mark.goal == "all":
        keys = [mark.key(given, v) for v in result.values]
        if len(set(keys)) < len(keys):
            return f"repeats: {_plural(len(keys))} listed, {len(set(keys))} different"
        missing = reference.keys - set(keys)
        if missing and reference.exhausted:
            return (f"incomplete: found {len(set(keys) & reference.keys)} of {_plural(len(reference.keys))}; "
                    f"missing e.g. {_short(next(iter(missing)))}")
    if demands.judge is not None:
        wrong = demands.judge(given, result.value)
        if wrong:
            return wrong
    if demands.as_good is not None and versus is not None and versus.best is not None:
        if mark.goal == "shortest" and result.cost > demands.as_good * versus.best * (1 + 1e-9):
            wanted = demands.as_good * versus.best
            times = "" if demands.as_good == 1 else f" ({demands.as_good:g} × {demands.reference}'s {versus.best:.4g})"
            return (f"not good enough: {getattr(result, 'cost_name', 'cost')} {result.cost:.4g}; at most "
                    f"{wanted:.4g} wanted{times}")
        if mark.goal == "highest" and result.cost < versus.best - 1e-9 * abs(versus.best):
            return f"not good enough: score {result.cost:.1f}, {demands.reference} scores {versus.best:.1f}"
    remark = ""
    if mark.goal in ("shortest", "highest") and mark.proves and reference.best is not None and reference.exhausted:
        best = result.cost
        worse = best > reference.best if mark.goal == "shortest" else best < reference.best
        row["optimal"] = not worse
        if worse:
            word = "cost" if mark.goal == "shortest" else "score"
            if result.exhausted:
                return (f"claims it covered its whole space (exhausted) but its best {word} {best:g} is worse than "
                        f"the optimum {reference.best:g}: return False when you stop early")
            remark = f"not optimal: {word} {best:g}, optimum {reference.best:g}"
            if demands.optimal:
                return remark
    if limit is not None and row["nodes"] > limit:
        first = " up to the first solution" if mark.goal == "any" else ""
        return f"too many nodes{first}: {row['nodes']:,}, at most {limit:,} allowed ({why})"
    return f"ok ({remark})" if remark else "ok"


_NOTHING = object()


def _same_cost(said, true) -> bool:
    """Is the cost a strategy gave the answer's own? Exactly, or to rounding for fractional figures (a score
    summed in another order)."""
    if isinstance(said, float) or isinstance(true, float):
        return isinstance(said, (int, float)) and math.isclose(said, true, rel_tol=1e-9, abs_tol=1e-9)
    return said == true


def _verifies(verify, given, value) -> bool:
    try:
        return bool(verify(given, value))
    except Exception:  # an answer too malformed for the verifier to read is a wrong answer, not a crash
        return False


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def _plural(n: int) -> str:
    return f"{n:,} solution{'s' * (n != 1)}"


# -- the references, run once per instance -------------------------------------------------------------------


def _reference(puzzle: str, instance: Instance, name: str, seconds: float) -> Outcome:
    return _reference_run(puzzle, instance.name, name, seconds)


@lru_cache(maxsize=256)
def _reference_run(puzzle: str, instance_name: str, name: str, seconds: float) -> Outcome:
    """A built-in's outcome on an instance (cached: instances are fixed and built-ins deterministic)."""
    from wordlab.puzzles import puzzle_module

    mark = marking(puzzle)
    instance = next(i for i in mark.instances() if i.name == instance_name)
    given = instance.build()
    budget = Budget(seconds=max(seconds, SECONDS))
    result = puzzle_module(puzzle).solve(given, name, budget=budget, **mark.options)
    costs = [mark.cost_of(result.given, v) if mark.cost_of else None for v in result.values]
    best = None
    if mark.goal in ("shortest", "highest") and costs:
        best = (min if mark.goal == "shortest" else max)(costs)
    return Outcome(frozenset(mark.key(result.given, v) for v in result.values), len(result.solutions), best,
                   _nodes(mark, result, budget.used), result.stopped, result.exhausted)


# -- the budget test -----------------------------------------------------------------------------------------


def _budget_row(strategy, module, mark: Marking, rows: list[dict], builders: dict, seconds: float,
                options: dict) -> dict:
    """Does the strategy stop at a node budget? Run it again on the instance where it charged the most nodes,
    with half of them allowed: it must stop there, say so, and not carry on past the stop."""
    row = {"instance": "budget", "verdict": "", "nodes": None, "limit": None, "stopped": None, "seconds": None}
    ran = [r for r in rows if r.get("nodes") is not None]
    if not ran:
        row["verdict"] = f"{NOT_TESTED}: no instance ran to the end"
        return row
    most = max(ran, key=lambda r: r["nodes"])
    if most["nodes"] == 0:
        row["verdict"] = "ignores the budget: never calls budget.tick(), so no budget can stop it"
        return row
    if most["nodes"] == 1:
        row["verdict"] = f"{NOT_TESTED}: no instance needed more than one node"
        return row
    allowed = most["nodes"] // 2
    budget = Budget(nodes=allowed, seconds=seconds)
    row.update(instance=f"budget ({allowed:,} nodes on {most['instance']})", limit=allowed)
    try:
        result = _watched_run(module, builders[most["instance"]](), strategy, budget, seconds, mark, options,
                              f"{most['instance']}, with a budget of {allowed:,} nodes")
    except Overtime:
        row["verdict"] = "ignores the budget: ran on past its stop; never catch the budget's exception"
        return row
    except ProtocolError as mistake:
        row["verdict"] = f"protocol: {mistake}"
        return row
    row.update(nodes=budget.used, stopped=result.stopped, seconds=result.seconds)
    if budget.used > allowed + 1:
        row["verdict"] = (f"ignores the budget: charged {budget.used:,} nodes after a stop at {allowed:,}; "
                          f"never catch the budget's exception")
    elif not result.stopped:
        row["verdict"] = f"ignores the budget: finished on {budget.used:,} nodes where it charged {most['nodes']:,}"
    else:
        row["verdict"] = _stopped_by(budget.used, allowed)
    return row


def _stopped_by(used: int, allowed: int) -> str:
    """The budget row's verdict for a run that stopped in time: at which node, by which limit (the tick that
    finds the budget spent is itself counted, so a run stopped by a limit of 2,104 stops at node 2,105)."""
    return f"ok: stopped at node {used:,} by a limit of {allowed:,} ✓"


COLUMN_KEY = {  # the columns of a check's table, in the order the key explains them
    "verified": "every answer passed the puzzle's own verify",
    "optimal": "the best answer's cost equals the optimum",
    "cost": "your best answer's cost as your run reports it, shown once every reported cost matched the one "
            "computed from the answer itself",
    "optimum": "the best cost, proved by the built-in {prover}",
    "reference_cost": "the cost the exercise's built-in reference strategy reaches",
    "solutions": "answers your run yielded",
    "nodes": "nodes your run charged to its budget (budget.tick())",
    "limit": "the most nodes allowed{same} (the budget row's run stops one node past it, as the tick that finds "
             "the budget spent is counted)",
    "reference_nodes": "what the exercise's reference strategy spends, in nodes, on the same instance (a "
                       "yardstick, not the optimum's prover)",
    "ms": "your run's time by the wall clock, in milliseconds (one run: compare runs by their nodes)",
    "stopped": "why a budget stopped your run (the budget test's row stops it on purpose)",
}
NO_FIGURE_IN = {"limit": "no node limit", "stopped": "no budget stopped it"}  # what a "—" says in these columns
# of an instance's row (their meanings end in brackets that take it)
NO_FIGURE = "—"  # a cell of the shown table with no figure
NO_FIGURE_ELSEWHERE = ("— elsewhere: no figure for that row (the budget row tests only the stop; a row that ran "
                       "nothing, or found no answer, has nothing to mark)")
LIMIT_IS_REFERENCE = (", here on every instance as many as the exercise's reference strategy, {reference}, spends "
                      "on it, so no reference_nodes column repeats them")


def _limit_is_reference(table) -> bool:
    """Is every `reference_nodes` figure of the table its row's `limit` (so showing both says one thing twice)?"""
    if "reference_nodes" not in table or "limit" not in table:
        return False
    measured = table["reference_nodes"].notna()
    same = (table.loc[measured, "limit"] == table.loc[measured, "reference_nodes"]).fillna(False)
    return bool(measured.any()) and bool(same.all())


def _milliseconds(seconds: Any) -> str:
    """A run's seconds as milliseconds to three significant digits ("0.702", "10.7", "1,950"), "" for none."""
    import pandas as pd

    if seconds is None or pd.isna(seconds):
        return ""
    ms = float(seconds) * 1000
    if ms >= 100:
        return f"{float(f'{ms:.3g}'):,.0f}"
    return f"{ms:.3g}" if ms >= 0.001 else "< 0.001"


def _figure(value: Any) -> str:
    """A cell of the shown table: a blank for no figure, whole numbers with thousands separators, other numbers
    as the verdicts write them (one decimal from 100 on, else four significant digits), never in scientific
    notation."""
    import pandas as pd

    if value is None or (not isinstance(value, (list, tuple, dict, set)) and pd.isna(value)):
        return ""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if float(value).is_integer():
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:.1f}"
    if abs(value) >= 1e-3:
        return f"{value:.4g}"
    return f"{value:.6f}".rstrip("0")


__all__ = ["Check", "NodeLimit", "Overtime", "check", "watchdog", "GOALS"]
