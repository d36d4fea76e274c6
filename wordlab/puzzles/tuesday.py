"""The Tuesday birthday problem: rejection sampling against exact enumeration.

"A family has two children; one is a boy born on a Tuesday. What is the probability that both are
boys?" The answer is 13/27, not 1/2. The model: each child's sex (2), weekday (7) and month of birth
(12) are independent and uniform, so a child is one of 168 equally likely codes and a family (elder,
younger) one of 168² = 28,224 equally likely pairs.

A *condition* is a named predicate on (elder, younger). It is written with `==`, `&` and `|` only, so
the same predicate runs on one family of Python ints and on a whole batch of numpy arrays: one
representation for the exact enumeration, the pure-Python sampler and the vectorised sampler.
Conditions combine with `+` (all must hold), e.g. `elder-is-boy+boy-on-sunday`.

The event asked about is always "both children are boys". Rejection sampling draws families, throws
away those that fail the condition (the share rejected is the method's cost) and counts boys among the
rest; the 95 % interval is the Wilson score interval on the accepted families.
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterator, NamedTuple

import numpy as np

from wordlab.errors import UnknownName, WordlabError
from wordlab.puzzles import Report
from wordlab.search.probe import Budget, Probe
from wordlab.search.strategies import budgeted, pick

# -- vocabulary: children, families, conditions -------------------------------------------------------

GIRL, BOY = 0, 1
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
CODES = 2 * len(WEEKDAYS) * len(MONTHS)  # 168 equally likely children


class Child(NamedTuple):
    """One child (or, with numpy arrays as fields, a batch of children)."""

    sex: Any
    day: Any
    month: Any


def decode(code):
    """The child numbered `code` in 0..167 (an int, or a numpy array of codes)."""
    return Child(sex=code % 2, day=code // 2 % 7, month=code // 14)


CHILDREN = tuple(decode(code) for code in range(CODES))

Predicate = Callable[[Child, Child], Any]  # (elder, younger) -> bool or boolean array


@dataclass(frozen=True)
class Condition:
    """What we are told about a family: a name, a sentence, and a predicate on (elder, younger)."""

    name: str
    says: str
    holds: Predicate


def both_boys(elder: Child, younger: Child):
    """The event asked about: both children are boys."""
    return (elder.sex == BOY) & (younger.sex == BOY)


def boy_on(day: int) -> Predicate:
    """At least one child is a boy born on weekday `day` (0 = Monday)."""
    return lambda e, y: ((e.sex == BOY) & (e.day == day)) | ((y.sex == BOY) & (y.day == day))


def boy_in(month: int) -> Predicate:
    """At least one child is a boy born in month `month` (0 = January)."""
    return lambda e, y: ((e.sex == BOY) & (e.month == month)) | ((y.sex == BOY) & (y.month == month))


def _registry() -> dict[str, Condition]:
    conditions = [
        Condition("at-least-one-boy", "at least one child is a boy", lambda e, y: (e.sex == BOY) | (y.sex == BOY)),
        Condition("elder-is-boy", "the elder child is a boy", lambda e, y: e.sex == BOY),
        Condition("elder-is-girl", "the elder child is a girl", lambda e, y: e.sex == GIRL),
    ]
    conditions += [Condition(f"boy-on-{day}", f"one is a boy born on a {day.title()}", boy_on(i))
                   for i, day in enumerate(WEEKDAYS)]
    conditions += [Condition(f"boy-in-{month}", f"one is a boy born in {month.title()}", boy_in(i))
                   for i, month in enumerate(MONTHS)]
    return {c.name: c for c in conditions}


CONDITIONS: dict[str, Condition] = _registry()
HEADLINE = "boy-on-tuesday"
FEATURED = ("at-least-one-boy", "elder-is-boy", "boy-on-tuesday", "boy-on-sunday", "boy-in-march")


def all_of(parts: list[Condition]) -> Condition:
    """The condition that every one of `parts` holds (names joined with `+`)."""
    if len(parts) == 1:
        return parts[0]
    predicates = [part.holds for part in parts]

    def holds(elder: Child, younger: Child):
        verdict = predicates[0](elder, younger)
        for predicate in predicates[1:]:
            verdict = verdict & predicate(elder, younger)
        return verdict

    return Condition("+".join(p.name for p in parts), " and ".join(p.says for p in parts), holds)


def condition(name: str | Condition) -> Condition:
    """The condition called `name` (registry names joined by `+` mean all of them), or a Condition as is."""
    if isinstance(name, Condition):
        return name
    if not isinstance(name, str) or not name.strip():
        raise WordlabError(f"a condition must be a name such as {HEADLINE!r}, not {name!r}")
    parts = [part.strip() for part in name.split("+")]
    for part in parts:
        if part not in CONDITIONS:
            raise UnknownName("condition", part, CONDITIONS)
    return all_of([CONDITIONS[part] for part in parts])


# -- exact answers by enumeration -----------------------------------------------------------------------


@dataclass(frozen=True)
class Count:
    """Families (out of 168²) meeting a condition, and how many of those have two boys."""

    families: int
    meeting: int
    both_boys: int


@lru_cache(maxsize=None)
def count(cond: Condition) -> Count:
    """Enumerate all 28,224 equally likely families once and count (cached per condition)."""
    meeting = boys = 0
    for elder in CHILDREN:
        for younger in CHILDREN:
            if cond.holds(elder, younger):
                meeting += 1
                boys += bool(both_boys(elder, younger))
    return Count(CODES * CODES, meeting, boys)


def exact(name: str | Condition) -> Fraction:
    """P(both boys | condition), exactly; `WordlabError` if no family meets the condition."""
    cond = condition(name)
    tally = count(cond)
    if tally.meeting == 0:
        raise WordlabError(f"condition {cond.name!r} is impossible: no family meets it, so there is nothing to condition on")
    return Fraction(tally.both_boys, tally.meeting)


def acceptance(name: str | Condition) -> Fraction:
    """P(condition): the share of sampled families rejection sampling keeps."""
    tally = count(condition(name))
    return Fraction(tally.meeting, tally.families)


# -- the experiment and its tally -----------------------------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """Draw `samples` random families with `seed` and keep those meeting `condition`."""

    condition: Condition
    samples: int
    seed: int = 0

    def __post_init__(self):
        if isinstance(self.samples, bool) or not isinstance(self.samples, (int, np.integer)) or self.samples < 1:
            raise WordlabError(f"samples must be a positive integer, not {self.samples!r}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, (int, np.integer)) or self.seed < 0:
            raise WordlabError(f"seed must be a non-negative integer, not {self.seed!r}")
        exact(self.condition)  # raises for an impossible condition, before any sampling


def experiment(name: str | Condition = HEADLINE, samples: int = 100_000, seed: int = 0) -> Experiment:
    """An Experiment from a condition name (validated: positive samples, a possible condition)."""
    return Experiment(condition(name), samples, seed)


@dataclass(frozen=True)
class Tally:
    """What a sampler saw: families drawn, accepted (met the condition) and, of those, with two boys."""

    drawn: int
    accepted: int
    both_boys: int

    @property
    def rejected(self) -> int:
        return self.drawn - self.accepted

    @property
    def rejected_share(self) -> float:
        return self.rejected / self.drawn if self.drawn else 0.0


# -- samplers (the strategies) ----------------------------------------------------------------------------


def sample_pure_python(exp: Experiment, probe: Probe | None = None, budget: Budget | None = None) -> Tally:
    """Draw one family at a time with `random.Random` and test it; cost: one Python loop step
    (two random draws, one predicate call) per family, accepted or not."""
    rng = random.Random(exp.seed)
    draw, holds, children = rng.random, exp.condition.holds, CHILDREN
    drawn = accepted = boys = 0
    with budgeted(budget):
        for _ in range(exp.samples):
            if budget:
                budget.tick()
            if probe:
                probe.call(0)
            elder, younger = children[int(draw() * CODES)], children[int(draw() * CODES)]
            drawn += 1
            if holds(elder, younger):
                accepted += 1
                boys += both_boys(elder, younger)
    return _reported(Tally(drawn, accepted, boys), probe)


BATCH = 1 << 17


def numpy_batches(exp: Experiment, budget: Budget | None = None) -> Iterator[tuple[np.ndarray, np.ndarray]]:
    """(accepted, both boys) boolean arrays, one pair per batch of at most BATCH families."""
    rng = np.random.default_rng(exp.seed)
    holds = exp.condition.holds
    for start in range(0, exp.samples, BATCH):
        size = min(BATCH, exp.samples - start)
        if budget:
            budget.tick(size)
        codes = rng.integers(0, CODES, size=(2, size), dtype=np.uint8)
        elder, younger = decode(codes[0]), decode(codes[1])
        accepted = holds(elder, younger)
        yield accepted, accepted & both_boys(elder, younger)


def sample_numpy(exp: Experiment, probe: Probe | None = None, budget: Budget | None = None) -> Tally:
    """Draw families in batches of 131,072 as numpy arrays and test the whole batch at once; cost:
    the same arithmetic as pure Python, but one Python step per batch instead of per family."""
    drawn = accepted = boys = 0
    with budgeted(budget):
        for kept, two_boys in numpy_batches(exp, budget):
            if probe:
                probe.call(0)
            drawn += len(kept)
            accepted += int(np.count_nonzero(kept))
            boys += int(np.count_nonzero(two_boys))
    return _reported(Tally(drawn, accepted, boys), probe)


def _reported(tally: Tally, probe: Probe | None) -> Tally:
    """Tell the probe how many families were generated and how many rejected (pruned)."""
    if probe:
        probe.generate(0, tally.drawn)
        probe.prune(0, tally.rejected)
    return tally


STRATEGIES: dict[str, Callable[..., Tally]] = {
    "pure-python": sample_pure_python,
    "numpy": sample_numpy,
}


# -- estimates with a confidence interval -------------------------------------------------------------------

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95 % by default)."""
    if trials < 1:
        raise WordlabError("a confidence interval needs at least one accepted sample")
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))  # clamp rounding at p = 0 or 1


@dataclass(frozen=True)
class Estimate:
    """The sampled answer beside the exact one."""

    condition: str
    says: str
    exact: Fraction
    tally: Tally
    estimate: float
    low: float
    high: float
    stopped: str | None = None

    @property
    def covers(self) -> bool:
        """Does the 95 % interval contain the exact answer?"""
        return self.low <= self.exact <= self.high

    def as_dict(self) -> dict[str, Any]:
        return {
            "condition": self.condition, "says": self.says,
            "exact": str(self.exact), "exact_value": float(self.exact),
            "estimate": self.estimate, "ci95_low": self.low, "ci95_high": self.high, "interval": "wilson",
            "drawn": self.tally.drawn, "accepted": self.tally.accepted, "both_boys": self.tally.both_boys,
            "rejected_share": self.tally.rejected_share, "stopped": self.stopped,
        }


def estimate_from(exp: Experiment, tally: Tally, stopped: str | None = None) -> Estimate:
    """Turn a tally into an estimate; `WordlabError` if every drawn family was rejected."""
    if tally.accepted == 0:
        raise WordlabError(
            f"all {tally.drawn:,} families drawn were rejected by {exp.condition.name!r} "
            f"(it keeps {float(acceptance(exp.condition)):.2%} of families): draw more samples")
    low, high = wilson(tally.both_boys, tally.accepted)
    return Estimate(exp.condition.name, exp.condition.says, exact(exp.condition), tally,
                    tally.both_boys / tally.accepted, low, high, stopped)


def solve(exp: Experiment, strategy: str = "numpy", probe: Probe | None = None,
          budget: Budget | None = None) -> Estimate:
    """Estimate P(both boys | condition) by rejection sampling with the named sampler."""
    tally = pick(STRATEGIES, strategy)(exp, probe=probe, budget=budget)
    return estimate_from(exp, tally, budget.stopped if budget else None)


def verify(exp: Experiment, tally: Tally) -> bool:
    """Is `tally` a consistent result of `exp`: counts within bounds and drawn no more than asked?"""
    return 0 <= tally.both_boys <= tally.accepted <= tally.drawn <= exp.samples


# -- tables for notebooks and the CLI ----------------------------------------------------------------------


def conditions_table(names=FEATURED, samples: int = 200_000, seed: int = 0, strategy: str = "numpy"):
    """One row per condition: the exact answer, the sampled estimate with its interval, the share rejected."""
    import pandas as pd

    rows = []
    for name in names:
        found = solve(experiment(name, samples, seed), strategy)
        row = found.as_dict()
        rows.append({"condition": name, "says": found.says, "exact": row["exact"],
                     "exact_value": round(row["exact_value"], 5), "estimate": round(found.estimate, 5),
                     "ci95": f"[{found.low:.4f}, {found.high:.4f}]", "covers": found.covers,
                     "rejected": f"{found.tally.rejected_share:.1%}"})
    return pd.DataFrame(rows)


def convergence(exp: Experiment, points: int = 60):
    """The running estimate and its Wilson interval after more and more families (log-spaced), numpy sampler."""
    import pandas as pd

    batches = list(numpy_batches(exp))
    kept, boys = np.concatenate([k for k, _ in batches]), np.concatenate([b for _, b in batches])
    accepted, two_boys = np.cumsum(kept), np.cumsum(boys)
    marks = np.unique(np.geomspace(1, exp.samples, points).astype(int)) - 1
    rows = []
    for i in marks:
        n, k = int(accepted[i]), int(two_boys[i])
        if n:
            low, high = wilson(k, n)
            rows.append({"drawn": int(i) + 1, "accepted": n, "estimate": k / n, "low": low, "high": high})
    return pd.DataFrame(rows)


def bench(names=(HEADLINE, "at-least-one-boy", "boy-in-march"), samples: int = 200_000, seed: int = 0,
          strategies=tuple(STRATEGIES), repeats: int = 3):
    """Time the samplers with `wordlab.bench.run` on each condition; add the acceptance and rejection counts."""
    from wordlab.bench import run

    inputs = {name: experiment(name, samples, seed) for name in names}
    frame = run({s: STRATEGIES[s] for s in strategies}, inputs, repeats=repeats, describe=lambda t: t)
    found = [estimate_from(inputs[name], tally) for name, tally in zip(frame["input"], frame.pop("answer"))]
    frame["accepted"] = [f.tally.accepted for f in found]
    frame["rejected_share"] = [round(f.tally.rejected_share, 4) for f in found]
    frame["drawn_per_kept"] = [round(f.tally.drawn / f.tally.accepted, 2) for f in found]
    frame["estimate"] = [round(f.estimate, 5) for f in found]
    frame["exact"] = [str(f.exact) for f in found]
    return frame


# -- command line -------------------------------------------------------------------------------------------


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    from wordlab.cli import add_budget_options, add_strategy_option

    listed = ", ".join(CONDITIONS)
    if command == "solve":
        parser.add_argument("--condition", default=HEADLINE, metavar="NAME",
                            help=f"what we are told, one of: {listed}; join names with + (default {HEADLINE})")
        add_strategy_option(parser, STRATEGIES, default="numpy")
        add_budget_options(parser)
    else:
        parser.add_argument("--condition", nargs="+", default=[HEADLINE, "at-least-one-boy", "boy-in-march"],
                            metavar="NAME", help=f"conditions to bench, from: {listed}")
        add_strategy_option(parser, STRATEGIES, many=True)
        parser.add_argument("--repeats", type=int, default=3, help="timing repeats (best is kept)")
    parser.add_argument("--samples", type=int, default=100_000 if command == "solve" else 200_000,
                        help="families to draw")
    parser.add_argument("--seed", type=int, default=0, help="random seed")


def cli_solve(args: argparse.Namespace) -> Report:
    from wordlab.cli import budget_from

    found = solve(experiment(args.condition, args.samples, args.seed), args.strategy, budget=budget_from(args))
    tally = found.tally
    lines = [
        f"P(both boys | {found.says})",
        f"  exact     {found.exact} = {float(found.exact):.5f}",
        f"  estimate  {found.estimate:.5f}  95% Wilson interval [{found.low:.5f}, {found.high:.5f}]"
        f"  ({'covers' if found.covers else 'misses'} the exact answer)",
        f"  sampler   {args.strategy}: drew {tally.drawn:,}, kept {tally.accepted:,}, "
        f"rejected {tally.rejected_share:.1%}",
    ]
    if found.stopped:
        lines.append(f"  stopped   {found.stopped}")
    return Report("\n".join(lines), {**found.as_dict(), "strategy": args.strategy, "seed": args.seed})


def cli_bench(args: argparse.Namespace) -> Report:
    from wordlab.bench import format_table

    frame = bench(args.condition, args.samples, args.seed, args.strategies, args.repeats)
    title = f"Tuesday birthday: rejection samplers, {args.samples:,} families per run, seed {args.seed}"
    return Report(format_table(frame, title), frame.to_dict(orient="records"))
