"""Run named strategies side by side on the same inputs, in one process, into a pandas DataFrame.

Seconds are wall-clock (best of `repeats` runs without a probe, so background noise only ever makes
a strategy look slower and instrumentation never does); `calls` is the search effort the strategy
reported to its probe in one separate run, which is deterministic (a table's `attrs["calls"]` says what one
call is, where its page counts something more particular);
`peak_kib` is the tracemalloc peak of one extra run (only when `memory=True`, since tracing slows
the code it watches).

A table survives its strategies: with `budget=` each run gets a fresh `Budget` and a run it stops says so
(`stopped`), a strategy that raises gets its `error` and the others still run, Ctrl-C (KeyboardInterrupt)
returns the rows so far, and ratios compare only runs that finished.
"""

from __future__ import annotations

import statistics
import textwrap
import time
import tracemalloc
from typing import Any, Callable, Mapping, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search.probe import Budget, Probe

Strategy = Callable[..., Any]  # called as strategy(input, probe=probe), and with budget=… when a budget is given
BudgetSpec = Budget | float | int | None  # a Budget to copy afresh for every run, or a number of seconds


class Timing(NamedTuple):
    best: float  # least wall-clock seconds of the probe-free runs
    median: float  # their median
    worst: float  # their most
    cpu: float  # least CPU seconds (process time) of the same runs: steadier on a shared machine
    probe: Probe | None  # the probe of the extra counting run, if any
    result: Any  # the last run's result
    stopped: str | None = None  # why a budget stopped the runs ("stopped in 2 of 3 runs: …" when not all), or None


def fresh_budget(spec: BudgetSpec) -> Budget | None:
    """A new, unstarted `Budget` for one run: a copy of the limits of a `Budget`, or `Budget(seconds=spec)`
    for a number; None for None."""
    if spec is None:
        return None
    if isinstance(spec, Budget):
        return Budget(nodes=spec.nodes, seconds=spec.seconds)
    if isinstance(spec, bool) or not isinstance(spec, (int, float)):
        raise WordlabError(f"a benchmark budget is a Budget or a number of seconds, not {spec!r}")
    return Budget(seconds=spec)


def solvers(solve: Callable[..., Any], names, budget: BudgetSpec = None, **options) -> dict[str, Strategy]:
    """`{name: run}` for `run`: each strategy of a puzzle's `solve` (a name, or a strategy function, named
    as `wordlab.search.run` names it), ready for `run()` and `measure()`. Each call gets a fresh budget:
    the one `run` passes, else one like `budget`."""
    from wordlab.search.result import strategy_name

    def one(strategy) -> Strategy:
        def run_one(given: Any, probe: Probe | None = None, budget: Budget | None = None) -> Any:
            return solve(given, strategy, probe=probe, budget=budget or fresh_budget(default), **options)
        run_one.__name__ = run_one.__qualname__ = strategy_name(strategy)
        return run_one
    default = budget
    fresh_budget(default)  # a bad budget is refused now, not at the first run
    return {strategy_name(strategy): one(strategy) for strategy in names}


def measure(strategy: Strategy, given: Any, repeats: int = 3, count: bool = True,
            budget: BudgetSpec = None) -> Timing:
    """Time `repeats` runs without a probe (the path users run), then, if `count`, one more run with a
    probe for the effort counts. With `budget`, every run gets a fresh one (`fresh_budget`), and `stopped`
    says why the runs stopped: the reason when all did, "stopped in 2 of 3 runs: reason" when some did (the
    seconds are then those of the timed runs that finished)."""
    if repeats < 1:
        raise WordlabError(f"repeats must be at least 1, not {repeats}")
    extra = (lambda: {"budget": fresh_budget(budget)}) if budget is not None else dict
    walls, cpus, stops = [], [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = strategy(given, probe=None, **extra())
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
        stops.append(getattr(result, "stopped", None))
    probe = None
    if count:
        probe = Probe()
        result = strategy(given, probe=probe, **extra())
        stops.append(getattr(result, "stopped", None))
    reasons = [why for why in stops if why]
    stopped = None
    if reasons and len(reasons) == len(stops):
        stopped = reasons[0]
    elif reasons:
        stopped = f"stopped in {len(reasons)} of {len(stops)} runs: {reasons[0]}"
        kept = [i for i, why in enumerate(stops[:repeats]) if not why] or range(repeats)
        walls, cpus = [walls[i] for i in kept], [cpus[i] for i in kept]
    return Timing(min(walls), statistics.median(walls), max(walls), min(cpus), probe, result, stopped)


def cpu_seconds(job: Callable[[], Any], repeats: int = 1) -> tuple[float, Any]:
    """The least CPU seconds (process time) of `repeats` runs of `job()`, and the last run's result."""
    if repeats < 1:
        raise WordlabError(f"repeats must be at least 1, not {repeats}")
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.process_time()
        result = job()
        best = min(best, time.process_time() - start)
    return best, result


def module_at(commit: str, path: str, folder, edit: Callable[[str], str] = lambda source: source):
    """The module at `path` (relative to the project) as it is in git at `commit`, imported under another name from a
    copy in `folder`, its source passed through `edit` first (say, to make a relative import absolute): an earlier
    version of some code, to time in one process beside the working tree's."""
    import importlib.util
    import subprocess
    import sys
    from pathlib import Path

    from wordlab.paths import PROJECT

    source = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=PROJECT, check=True, capture_output=True,
                            text=True).stdout
    name = f"{Path(path).stem}_{commit}"
    copy = Path(folder) / f"{name}.py"
    copy.write_text(edit(source))
    spec = importlib.util.spec_from_file_location(name, copy)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def peak_memory_kib(strategy: Strategy, given: Any) -> float:
    """The peak of memory allocated by Python during one run, in KiB (tracemalloc)."""
    tracemalloc.start()
    try:
        strategy(given, probe=None)
        return tracemalloc.get_traced_memory()[1] / 1024
    finally:
        tracemalloc.stop()


def run(strategies: Mapping[str, Strategy], inputs: Mapping[str, Any], *, repeats: int = 3,
        memory: bool = False, count: bool = True, baseline: str | None = None,
        describe: Callable[[Any], Any] | None = None, budget: BudgetSpec = None) -> "pandas.DataFrame":  # noqa: F821
    """Run every strategy on every input; one row per (input, strategy).

    Columns: input, strategy, seconds (best of `repeats` runs without a probe), median_seconds and
    max_seconds (the spread of those runs),
    cpu_seconds (the least process time of those runs, steadier on a shared machine), calls
    (probe.nodes of one extra probed run; None with `count=False`, for strategies too slow to run
    twice), peak_kib (if `memory`), answer (`describe(result)`, if given), stopped (why a budget stopped
    a run, else None) and ratio (seconds ÷ the baseline's seconds on the same input, only where both
    finished; the baseline defaults to the first strategy).

    With `budget` (a `Budget` or seconds), each run gets a fresh budget as `budget=` (strategies from
    `solvers` take it). A strategy that raises gets a row with its `error` and no figures, and the others
    still run; a KeyboardInterrupt ends the benchmark with the rows so far, the interrupted one marked.
    """
    import pandas as pd

    if not strategies:
        raise WordlabError("no strategies to benchmark")
    fresh_budget(budget)
    rows, note = [], None
    for label, given in inputs.items():
        for name, strategy in strategies.items():
            try:
                rows.append(_row(label, name, strategy, given, repeats, memory, count, describe, budget))
            except KeyboardInterrupt:
                rows.append({"input": label, "strategy": name, "error": "interrupted (KeyboardInterrupt)"})
                note = f"interrupted during {name} on {label}: the rows so far"
                break
            except Exception as error:  # one strategy's failure is its row's, not the whole table's
                rows.append({"input": label, "strategy": name, "error": f"{type(error).__name__}: {error}"})
        if note:
            break
    frame = with_ratios(pd.DataFrame(rows), baseline or next(iter(strategies)))
    if note:
        frame.attrs["note"] = note
    return frame


def _row(label: str, name: str, strategy: Strategy, given: Any, repeats: int, memory: bool, count: bool,
         describe, budget: BudgetSpec) -> dict:
    """One (input, strategy) row of `run`."""
    timing = measure(strategy, given, repeats, count, budget)
    row = {"input": label, "strategy": name, "seconds": timing.best,
           "median_seconds": timing.median, "max_seconds": timing.worst,
           "cpu_seconds": timing.cpu, "calls": timing.probe.nodes if timing.probe else None}
    if memory:
        row["peak_kib"] = round(peak_memory_kib(strategy, given), 1)
    if describe is not None:
        row["answer"] = describe(timing.result)
    row["stopped"] = timing.stopped
    return row


def finished(frame) -> "pandas.Series":  # noqa: F821
    """Which rows are runs that finished: not stopped by a budget, no error."""
    done = frame["strategy"].notna()
    for column in ("stopped", "error"):
        if column in frame:
            done &= frame[column].isna()
    return done


def with_ratios(frame, baseline: str, column: str = "seconds"):
    """Add `ratio` = `column` ÷ the baseline strategy's `column` on the same input, where both runs finished
    (NaN elsewhere: a run cut short by its budget, or one that raised, has no meaningful ratio)."""
    if baseline not in set(frame["strategy"]):
        raise WordlabError(f"baseline strategy {baseline!r} is not among {sorted(set(frame['strategy']))}")
    frame = frame.copy()
    done = finished(frame)
    if column not in frame:
        frame[column] = float("nan")
    base = frame[(frame["strategy"] == baseline) & done].set_index("input")[column]
    frame["ratio"] = (frame[column] / frame["input"].map(base)).where(done)
    frame.attrs["ratio"] = f"{column.replace('seconds', 'ms')} ÷ {baseline}'s on the same input"
    return frame


def speedups(frame, baseline: str, column: str = "seconds"):
    """How many times faster than `baseline` each strategy is, per input (a wide table)."""
    ratios = with_ratios(frame, baseline, column)
    table = ratios.pivot(index="input", columns="strategy", values="ratio")
    return (1 / table).round(2)


def format_table(frame, title: str = "") -> str:
    """A plain-text table for the terminal (seconds in ms, ratios to 2 decimals, "-" where there is none;
    the stopped and error columns only when some run has one)."""
    shown = frame.copy()
    for column in ("seconds", "median_seconds", "max_seconds", "cpu_seconds"):
        if column in shown:
            shown[column.replace("seconds", "ms")] = (shown.pop(column) * 1000).round(3)
    if "ratio" in shown:
        shown["ratio"] = shown["ratio"].map(lambda r: "-" if r != r else f"{r:.3g}")
    if "calls" in shown:
        shown["calls"] = shown["calls"].map(lambda c: "-" if c is None or c != c else f"{c:.0f}")
    for column in ("stopped", "error"):
        if column in shown and shown[column].isna().all():
            shown = shown.drop(columns=column)
    text = shown.to_string(index=False, na_rep="-")
    notes = [frame.attrs.get("note"), _key(shown.columns, frame.attrs.get("ratio"), frame.attrs.get("calls"))]
    text = "\n".join([text, *(textwrap.fill(f"({note})", 110) for note in notes if note)])
    return f"{title}\n{text}" if title else text


COLUMN_KEY = {"ms": "ms: the fastest run, wall clock", "median_ms": "median_ms, max_ms: the median and slowest run",
              "cpu_ms": "cpu_ms: the least CPU time of those runs, steadier on a shared machine",
              "calls": "calls: the search's effort in one more run, with a probe: the nodes the strategy expanded, "
                       "or, for a strategy that reports no expansion, the nodes it visited (in a depth-first recursion, "
                       "one per call)", "answer": "answer: what the run found"}


def _key(columns, ratio: str | None, calls: str | None = None) -> str:
    """One line saying what the timing columns of a table are, for those it has (`calls`: what one call is
    on this table, where its page counts something more particular, as a sampler counts families drawn)."""
    said = [calls if column == "calls" and calls else text for column, text in COLUMN_KEY.items() if column in columns]
    if ratio and "ratio" in columns:
        said.insert(len(said) - ("calls" in columns) - ("answer" in columns), f"ratio: {ratio}")
    return "; ".join(said)


MEASURED = ("seconds", "ms", "ratio", "speedup", "per_s", "kib")  # column names ending so hold fractions


def records(frame) -> list[dict]:
    """The rows of a table as strict JSON values: a missing figure (NaN, NA) is None, a column of whole
    numbers (counts, such as calls, even where a missing one made pandas store floats) holds ints, and
    numpy scalars become Python numbers."""
    import math

    whole = set()
    for column in frame.columns:
        values = [v for v in frame[column] if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v]
        if (values and len(values) == frame[column].notna().sum() and not str(column).endswith(MEASURED)
                and all(math.isfinite(v) and float(v).is_integer() for v in values)):
            whole.add(column)
    return [{column: plain(value, column in whole) for column, value in row.items()}
            for row in frame.to_dict("records")]


def plain(value: Any, whole: bool = False) -> Any:
    """`value` as a strict JSON value: None for a missing or infinite figure, int for a whole one."""
    import math

    if value is None or value is getattr(__import__("pandas"), "NA", None):
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        value = value.item()
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        return int(value) if whole else value
    return value

