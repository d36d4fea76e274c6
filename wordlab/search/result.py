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
from numbers import Real
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
    cost_name: ClassVar[str] = "best"  # what the player calls the best cost so far ("best score", …)

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

    @property
    def count_is(self) -> str:
        """How to read the number of solutions: "exact" when the run covered its whole space, else "at least"
        (a run stopped early, or a strategy that stops at its first answers, may have missed some)."""
        return "exact" if self.exhausted else "at least"

    def as_dict(self) -> dict:
        """A JSON-able summary: the best value (as text unless JSON-able), its cost, and how the run went."""
        return {"strategy": self.strategy, "value": _jsonable(self.value), "cost": self.cost,
                "solutions": len(self.solutions), "count_is": self.count_is, "stopped": self.stopped,
                "exhausted": self.exhausted,
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


def pick(registry: Mapping[str, Any], name: Any, kind: str = "strategy"):
    """The entry called `name` in a registry, or an `UnknownName` error listing the choices.

    For strategies, `name` may also be the strategy itself (a generator function, checked against the
    protocol), a name given to one with `wordlab.strategy`, or an address `module:function` (the module
    imported from the current folder or `sys.path`)."""
    try:
        return registry[name]
    except (KeyError, TypeError):
        if kind != "strategy":
            raise unknown(kind, str(name), registry) from None
    if callable(name):
        return _for_this_puzzle(registry, checked_strategy(name))
    if isinstance(name, str) and name in OWN:
        return _for_this_puzzle(registry, OWN[name])
    if isinstance(name, str) and ":" in name:
        return _for_this_puzzle(registry, checked_strategy(imported(name)))
    raise unknown(kind, str(name), [*registry, *OWN]) from None


def unknown(kind: str, name: str, known) -> UnknownName:
    """An `UnknownName` listing the choices, with "did you mean …?" when one is close to `name`."""
    import difflib

    error = UnknownName(kind, name, known)
    close = difflib.get_close_matches(name, [str(k) for k in known], n=1)
    if close:
        error.args = (f"{error.args[0]}; did you mean {close[0]!r}?",)
    return error


def _for_this_puzzle(registry: Mapping[str, Any], strategy: Callable) -> Callable:
    """`strategy`, unless `wordlab.strategy(puzzle=...)` registered it for a puzzle other than the one whose
    strategies `registry` holds (then a one-line `WordlabError` saying so)."""
    puzzle = getattr(strategy, "strategy_puzzle", None)
    if not puzzle:
        return strategy
    from wordlab.puzzles import PUZZLES, puzzle_module

    if puzzle_module(puzzle).STRATEGIES is registry:
        return strategy
    other = next((p for p in PUZZLES if p != puzzle and puzzle_module(p).STRATEGIES is registry), None)
    if other is None:
        return strategy
    raise WordlabError(f"strategy {strategy_name(strategy)!r} was registered for {puzzle} "
                       f"(@wordlab.strategy(puzzle={puzzle!r})), so it does not run on {other}; register it without "
                       f"puzzle= to use it on any puzzle")


# -- strategies as values: student code, checked against the protocol -----------------------------------

OWN: dict[str, Callable[..., Iterator]] = {}  # strategies named with `wordlab.strategy`, by name


class ProtocolError(WordlabError):
    """A strategy that does not follow the protocol: the message names the function and what it should do."""


SHAPE = "def name(given, *, probe=None, budget=None): ... yield value, cost"


def strategy_name(strategy: Any) -> str:
    """How tables name a strategy: a name as given; a function by the name `wordlab.strategy` gave it,
    else its own `__name__`."""
    if isinstance(strategy, str):
        return strategy
    return getattr(strategy, "strategy_name", None) or getattr(strategy, "__name__", None) or repr(strategy)


def imported(address: str) -> Callable:
    """The function at `module:function` (or a name `wordlab.strategy` gave one in that module), the module
    imported from the current folder or `sys.path`; a one-line `WordlabError` when either is missing."""
    import importlib
    import os
    import sys

    module_name, _, attribute = address.partition(":")
    module_name = module_name.removesuffix(".py")  # mymodule.py:iddfs names the file; the module is mymodule
    if not module_name or not attribute:
        raise WordlabError(f"a strategy address is module:function, such as mymodule:iddfs, not {address!r}")
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as missing:
        if missing.name != module_name.split(".")[0] and missing.name != module_name:
            raise  # the student's module itself imports something missing: their line, their traceback
        raise WordlabError(f"no module {module_name!r} for strategy {address!r}: put {module_name}.py in the "
                           f"current folder or on sys.path") from None
    found = getattr(module, attribute, None)
    if found is None:
        found = next((f for f in OWN.values() if f.__module__ == module.__name__ and strategy_name(f) == attribute),
                     None)
    if found is None or not callable(found):
        raise WordlabError(f"module {module_name!r} has no strategy function {attribute!r}")
    return found


@lru_cache(maxsize=256)
def checked_strategy(strategy: Callable) -> Callable:
    """`strategy`, if it has the protocol's shape: a generator function taking the given first and `probe`
    and `budget` by keyword. Otherwise a one-line `ProtocolError` saying what is missing."""
    name = strategy_name(strategy)
    if not inspect.isgeneratorfunction(inspect.unwrap(strategy)):
        raise ProtocolError(f"strategy {name!r} is not a generator function: it must yield each solution "
                            f"({SHAPE})")
    try:
        parameters = list(inspect.signature(strategy).parameters.values())
    except (TypeError, ValueError):
        return strategy
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD,
                  inspect.Parameter.VAR_POSITIONAL)
    if not parameters or parameters[0].kind not in positional:
        raise ProtocolError(f"strategy {name!r} takes no `given` positional parameter: the puzzle comes first ({SHAPE})")
    taken = {p.name for p in parameters}
    anything = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
    missing = [k for k in ("probe", "budget") if k not in taken and not anything]
    if missing:
        raise ProtocolError(f"strategy {name!r} takes no {' or '.join(k + '=' for k in missing)} keyword: "
                            f"the runner passes both ({SHAPE})")
    return strategy


def _checked_item(item: Any, name: str) -> Any:
    """`item`, if it is what a strategy may yield: a `Bound`, or a tuple (value, cost) or (value, cost, path)
    with a number or None for the cost."""
    if isinstance(item, Bound) or (type(item) is tuple and 2 <= len(item) <= 3
                                   and (item[1] is None or isinstance(item[1], Real))):
        return item
    raise ProtocolError(f"strategy {name!r} yielded {_short(item)} ({type(item).__name__}), not a pair "
                        f"(value, cost) with a number or None for the cost: write `yield value, cost`")


def _short(value: Any, width: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


def run(strategies: Mapping[str, Callable[..., Iterator]], name: str | Callable[..., Iterator], given: Any, *,
        prepare: Callable[[Any], Any] | None = None, result: type[Result] = Result,
        render: Callable[[Any], str] | None = None, probe: Probe | None = None, budget: Budget | None = None,
        **options) -> Result:
    """Run strategy `name` of `strategies` on `given` under `budget`, into a `result` (a `Result` subclass).
    `name` may also be a strategy function of your own, a name `wordlab.strategy` gave one, or
    `module:function` (see `pick`); such a strategy's yields are checked against the protocol, and an
    error it raises reaches you unchanged, with its own line in the traceback.

    `prepare(given)` (parsing, checking) runs under the budget too. A budget that is already running (an
    outer run started it) is neither restarted nor closed here, so nested runs share it."""
    strategy = pick(strategies, name)
    label = strategy_name(name if isinstance(name, str) and name in strategies else strategy)
    check_options(strategy, label, tuple(sorted(options)))
    out = result(strategy=label, given=given, probe=probe, render=render)  # `given` is replaced once prepared
    checked = None if strategies.get(name) is strategy else label  # built-ins are trusted; the others checked
    started = time.perf_counter()
    owner = budget is not None and not budget.running
    if owner:
        budget.start()
    complete = True
    try:
        if budget:
            budget.check()
        out.given = prepare(given) if prepare else given
        complete = _drain(strategy(out.given, probe=probe, budget=budget, **options), out, probe, budget, started,
                          checked)
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


def _drain(items: Iterator, out: Result, probe: Probe | None, budget: Budget | None, started: float,
           checked: str | None = None) -> bool:
    """Collect a strategy's yields into `out`; return whether the strategy covered its whole space. With
    `checked` (the name of a strategy from outside the puzzle's registry), each yield's shape is checked."""
    while True:
        try:
            item = next(items)
        except StopIteration as done:
            return done.value is not False
        if budget:
            budget.check()  # a strategy that yields without ticking is still stopped in time
        if checked is not None:
            item = _checked_item(item, checked)
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


def taken(strategies, name: str, options: dict) -> dict:
    """The `options` the strategy `name` takes: all of them for a built-in (a mistake there is the command's
    own), and for your own strategy (`module:function`) only those its signature names (or all, with
    `**options`), so that a command-line option it has no use for is not forced on it."""
    if name in strategies:
        return options
    parameters = inspect.signature(pick(strategies, name)).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return options
    return {key: value for key, value in options.items() if key in parameters}


def at_most(strategies, name: str, limit: int):
    """(what to run, its options) for up to `limit` solutions: `name` with `limit=` when it takes one; else
    your own strategy closed after its `limit`-th solution (a run that ends there did not cover its whole
    space)."""
    if taken(strategies, name, {"limit": limit}):
        return name, {"limit": limit}
    strategy = pick(strategies, name)

    def stopped_at_limit(given, *, probe=None, budget=None):
        solutions = strategy(given, probe=probe, budget=budget)
        found = 0
        try:
            for item in solutions:
                yield item
                found += not isinstance(item, Bound)
                if found >= limit:
                    return False
        finally:
            solutions.close()
        return True

    stopped_at_limit.strategy_name = strategy_name(strategy)
    return stopped_at_limit, {}
