"""The one protocol every puzzle follows: strategies yield, one runner owns the budget, one result family.

A strategy is a generator function of one shape:

    def backtracking(given, *, probe=None, budget=None, **options):
        "The idea in one sentence. What it costs."
        ...                                  # set-up: indexes, tables (budget.check() in long loops)
        yield value, cost                    # each solution as it is found (cost None where none)
        yield Bound(lower)                   # optional: no solution cheaper than `lower` exists
        return False                         # optional: "I stopped without covering my whole space"

It never starts, closes or catches its budget. `run` does: it starts the budget, prepares the input
under it (parsing and index building are charged), drains the strategy into a `Result`, stops it
cleanly when the budget runs out, and says why. "Nothing found" is a result with no solutions.
"""

from __future__ import annotations

import inspect
import json
import time
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, ClassVar, Iterator, Mapping, NamedTuple

from wordlab.errors import UnknownName, WordlabError
from wordlab.search.probe import Budget, BudgetExhausted, Found, Probe


class Bound(NamedTuple):
    """What a strategy has proved about the optimum: no solution better than `value` exists."""

    value: float


@dataclass(repr=False)
class Result:
    """What every strategy of every puzzle returns: the solutions in the order found, why the run
    stopped early (if it did), whether it covered its whole space (`exhausted`: every solution is
    listed, or the best is proved optimal), the best proved bound, and what it cost."""

    strategy: str = ""
    solutions: list[Found] = field(default_factory=list)
    stopped: str | None = None
    exhausted: bool = False
    bound: float | None = None
    seconds: float = 0.0
    nodes: int | None = None
    given: Any = None
    probe: Probe | None = None
    render: Callable[[Any], str] | None = None

    maximise: ClassVar[bool] = False  # a subclass whose bigger costs are better (scores) sets True

    @property
    def best(self) -> Found | None:
        """The least-cost solution (the highest-scoring one when maximising); without costs, the first."""
        costed = [s for s in self.solutions if s.cost is not None]
        if not costed:
            return self.solutions[0] if self.solutions else None
        return (max if self.maximise else min)(costed, key=lambda s: s.cost)

    @property
    def value(self) -> Any:
        return self.best.value if self.best else None

    @property
    def cost(self) -> float | None:
        return self.best.cost if self.best else None

    @property
    def values(self) -> list:
        return [s.value for s in self.solutions]

    @property
    def optimal(self) -> bool:
        """Is the best solution proved best: the search was exhaustive, or a proved bound meets it?"""
        best = self.best
        if best is None or best.cost is None:
            return False
        if self.exhausted:
            return True
        return self.bound is not None and (best.cost >= self.bound if self.maximise else best.cost <= self.bound)

    def __bool__(self) -> bool:
        return bool(self.solutions)

    def as_dict(self) -> dict:
        """A JSON-able summary: the best value (as text unless JSON-able), its cost, and how the run went."""
        return {"strategy": self.strategy, "value": _jsonable(self.value), "cost": self.cost,
                "solutions": len(self.solutions), "stopped": self.stopped, "exhausted": self.exhausted,
                "optimal": self.optimal, "bound": self.bound, "seconds": round(self.seconds, 6), "nodes": self.nodes}

    def __repr__(self) -> str:
        how = f"stopped: {self.stopped}" if self.stopped else ("exhausted" if self.exhausted else "finished")
        return (f"{type(self).__name__}({self.strategy!r}, {len(self.solutions)} solution(s), best={self.value!r}, "
                f"cost={self.cost}, {how}, {self.seconds:.3g} s)")


def _jsonable(value: Any) -> Any:
    try:
        json.dumps(value)
        return value
    except (TypeError, ValueError):
        return str(value)


def pick(registry: Mapping[str, Any], name: str, kind: str = "strategy"):
    """The entry called `name` in a registry, or an `UnknownName` error listing the choices."""
    try:
        return registry[name]
    except (KeyError, TypeError):
        raise UnknownName(kind, str(name), registry) from None


def run(strategies: Mapping[str, Callable[..., Iterator]], name: str, given: Any, *,
        prepare: Callable[[Any], Any] | None = None, result: type[Result] = Result,
        render: Callable[[Any], str] | None = None, probe: Probe | None = None, budget: Budget | None = None,
        **options) -> Result:
    """Run strategy `name` of `strategies` on `given` under `budget`, into a `result` (a `Result` subclass).

    `prepare(given)` (parsing, checking) runs under the budget too. A budget that is already running (an
    outer run started it) is neither restarted nor closed here, so nested runs share it."""
    strategy = pick(strategies, name)
    check_options(strategy, name, tuple(sorted(options)))
    out = result(strategy=name, given=given, probe=probe, render=render)  # `given` is replaced once prepared
    started = time.perf_counter()
    owner = budget is not None and not budget.running
    if owner:
        budget.start()
    complete = True
    try:
        if budget:
            budget.check()
        out.given = prepare(given) if prepare else given
        complete = _drain(strategy(out.given, probe=probe, budget=budget, **options), out, probe, budget, started)
    except BudgetExhausted:
        pass
    finally:
        if owner:
            budget.close()
    out.stopped = budget.stopped if budget is not None else None
    out.exhausted = out.stopped is None and complete
    out.seconds = time.perf_counter() - started
    out.nodes = probe.nodes if probe else (budget.used if budget is not None else None)
    return out


def _drain(items: Iterator, out: Result, probe: Probe | None, budget: Budget | None, started: float) -> bool:
    """Collect a strategy's yields into `out`; return whether the strategy covered its whole space."""
    while True:
        try:
            item = next(items)
        except StopIteration as done:
            return done.value is not False
        if isinstance(item, Bound):
            out.bound = item.value
            continue
        value, cost, *rest = item
        path = rest[0] if rest else None
        if probe:
            out.solutions.append(probe.solution(value, cost, path))
        else:
            used = budget.used if budget is not None else 0
            out.solutions.append(Found(value, cost, time.perf_counter() - started, used, path))


@lru_cache(maxsize=1024)
def check_options(strategy: Callable, name: str, options: tuple[str, ...]) -> None:
    """Refuse options the strategy does not take, naming them and the ones it does."""
    parameters = inspect.signature(strategy).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return
    taken = [p for p in parameters if p not in ("probe", "budget")][1:]
    unknown = [o for o in options if o not in taken]
    if unknown:
        offer = f"; it takes {', '.join(taken)}" if taken else "; it takes no options"
        raise WordlabError(f"strategy {name!r} has no option {', '.join(unknown)}{offer}")
