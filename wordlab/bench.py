"""Run named strategies side by side on the same inputs, in one process, into a pandas DataFrame.

Seconds are wall-clock (best of `repeats` runs without a probe, so background noise only ever makes
a strategy look slower and instrumentation never does); `calls` is the search effort the strategy
reported to its probe in one separate run, which is deterministic;
`peak_kib` is the tracemalloc peak of one extra run (only when `memory=True`, since tracing slows
the code it watches).
"""

from __future__ import annotations

import statistics
import time
import tracemalloc
from typing import Any, Callable, Mapping, NamedTuple

from wordlab.errors import WordlabError
from wordlab.search.probe import Probe

Strategy = Callable[..., Any]  # called as strategy(input, probe=probe)


class Timing(NamedTuple):
    best: float  # least wall-clock seconds of the probe-free runs
    median: float  # their median
    worst: float  # their most
    cpu: float  # least CPU seconds (process time) of the same runs: steadier on a shared machine
    probe: Probe | None  # the probe of the extra counting run, if any
    result: Any  # the last run's result


def solvers(solve: Callable[..., Any], names, **options) -> dict[str, Strategy]:
    """`{name: run}` for `run`: each named strategy of a puzzle's `solve`, ready for `run()` and `measure()`."""
    def one(name: str) -> Strategy:
        def run_one(given: Any, probe: Probe | None = None) -> Any:
            return solve(given, name, probe=probe, **options)
        run_one.__name__ = run_one.__qualname__ = name
        return run_one
    return {name: one(name) for name in names}


def measure(strategy: Strategy, given: Any, repeats: int = 3, count: bool = True) -> Timing:
    """Time `repeats` runs without a probe (the path users run), then, if `count`, one more run with a
    probe for the effort counts."""
    if repeats < 1:
        raise WordlabError(f"repeats must be at least 1, not {repeats}")
    walls, cpus = [], []
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = strategy(given, probe=None)
        cpus.append(time.process_time() - cpu)
        walls.append(time.perf_counter() - wall)
    probe = None
    if count:
        probe = Probe()
        result = strategy(given, probe=probe)
    return Timing(min(walls), statistics.median(walls), max(walls), min(cpus), probe, result)


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
        describe: Callable[[Any], Any] | None = None) -> "pandas.DataFrame":  # noqa: F821
    """Run every strategy on every input; one row per (input, strategy).

    Columns: input, strategy, seconds (best of `repeats` runs without a probe), median_seconds and
    max_seconds (the spread of those runs),
    cpu_seconds (the least process time of those runs, steadier on a shared machine), calls
    (probe.nodes of one extra probed run; None with `count=False`, for strategies too slow to run
    twice), peak_kib (if `memory`), answer (`describe(result)`, if given) and ratio (seconds ÷ the
    baseline's seconds on the same input; the baseline defaults to the first strategy).
    """
    import pandas as pd

    if not strategies:
        raise WordlabError("no strategies to benchmark")
    rows = []
    for label, given in inputs.items():
        for name, strategy in strategies.items():
            timing = measure(strategy, given, repeats, count)
            row = {"input": label, "strategy": name, "seconds": timing.best,
                   "median_seconds": timing.median, "max_seconds": timing.worst,
                   "cpu_seconds": timing.cpu, "calls": timing.probe.nodes if timing.probe else None}
            if memory:
                row["peak_kib"] = round(peak_memory_kib(strategy, given), 1)
            if describe is not None:
                row["answer"] = describe(timing.result)
            rows.append(row)
    return with_ratios(pd.DataFrame(rows), baseline or next(iter(strategies)))


def with_ratios(frame, baseline: str, column: str = "seconds"):
    """Add `ratio` = `column` ÷ the baseline strategy's `column` on the same input."""
    if baseline not in set(frame["strategy"]):
        raise WordlabError(f"baseline strategy {baseline!r} is not among {sorted(set(frame['strategy']))}")
    base = frame[frame["strategy"] == baseline].set_index("input")[column]
    frame = frame.copy()
    frame["ratio"] = frame[column] / frame["input"].map(base)
    return frame


def speedups(frame, baseline: str, column: str = "seconds"):
    """How many times faster than `baseline` each strategy is, per input (a wide table)."""
    ratios = with_ratios(frame, baseline, column)
    table = ratios.pivot(index="input", columns="strategy", values="ratio")
    return (1 / table).round(2)


def format_table(frame, title: str = "") -> str:
    """A plain-text table for the terminal (seconds in ms, ratios to 2 decimals)."""
    shown = frame.copy()
    for column in ("seconds", "median_seconds", "max_seconds", "cpu_seconds"):
        if column in shown:
            shown[column.replace("seconds", "ms")] = (shown.pop(column) * 1000).round(3)
    if "ratio" in shown:
        shown["ratio"] = shown["ratio"].map(lambda r: f"{r:.3g}")
    text = shown.to_string(index=False)
    return f"{title}\n{text}" if title else text
