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
rest; the 95 % interval is the Wilson score interval on the accepted families. The samplers are
strategies of `wordlab.search.run`: each yields its running estimate after every chunk of families, so
`solve` returns every estimate in order (`Answer.solutions`) and a budget stops it with what it has.

Watching a sampler: draws are independent, so a recorded run (`Probe(record=N)`) is a forest of `Chunk`
roots (`probe.expand(0, n=size)`: a chunk of families, counted as them), each family drawn a `Draw` under
its chunk: kept, `probe.expand(1, n=0, parent=…)`; rejected, `probe.prune(1, parent=…, why="fails
boy-on-tuesday")`. Beside each, the running estimate and the width of its interval, by name (`facts`).
`render` draws chunks, families and estimates. A minimal sampler of your own: docs/puzzles/tuesday.md.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterator, NamedTuple

import numpy as np

from wordlab.errors import UnknownName, WordlabError
from wordlab.search import Budget, Probe, Result, run

# -- vocabulary: children, families, conditions -------------------------------------------------------

GIRL, BOY = 0, 1
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
          "october", "november", "december")
CODES = 2 * len(WEEKDAYS) * len(MONTHS)  # 168 equally likely children
FAMILIES = CODES * CODES  # 28,224 equally likely families; family code = elder code × 168 + younger code


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
    parts = [part.strip().lower() for part in name.split("+")]
    if not all(parts):
        raise WordlabError(f"condition {name!r} has an empty part: join names with single '+' signs")
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


MAX_SAMPLES = 10**10  # ten billion families: minutes for numpy, hours in pure Python


@dataclass(frozen=True)
class Experiment:
    """Draw `samples` random families with `seed` and keep those meeting `condition`."""

    condition: Condition
    samples: int
    seed: int = 0

    def __post_init__(self):
        object.__setattr__(self, "condition", condition(self.condition))  # a name becomes its Condition
        if isinstance(self.samples, bool) or not isinstance(self.samples, (int, np.integer)) or self.samples < 1:
            raise WordlabError(f"samples must be a positive integer, not {self.samples!r}")
        if self.samples > MAX_SAMPLES:
            raise WordlabError(f"samples must be at most {MAX_SAMPLES:,} (hours of sampling), not {self.samples:,}; "
                               "to sample for a while, give a time budget instead")
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


    def plus(self, drawn: int, accepted: int, both_boys: int) -> "Tally":
        return Tally(self.drawn + drawn, self.accepted + accepted, self.both_boys + both_boys)


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
    """P(both boys | condition) as sampled so far: the tally and the 95 % Wilson interval around its share."""

    tally: Tally
    low: float
    high: float

    @property
    def estimate(self) -> float:
        return self.tally.both_boys / self.tally.accepted

    @property
    def width(self) -> float:
        return self.high - self.low

    def __str__(self) -> str:
        return (f"{self.estimate:.4f} (95% interval {self.low:.4f}-{self.high:.4f}; "
                f"kept {self.tally.accepted:,} of {self.tally.drawn:,} drawn)")


def estimate_of(tally: Tally) -> Estimate | None:
    """The estimate a tally supports, or None while no family has been kept."""
    if tally.accepted == 0:
        return None
    return Estimate(tally, *wilson(tally.both_boys, tally.accepted))


# -- samplers (the strategies) ----------------------------------------------------------------------------
# Each is an anytime estimate: it draws families in chunks (64, 128, ... doubling up to a cap), charges
# each chunk to the budget before drawing it, and after each chunk yields the running estimate with the
# width of its interval as cost. A budget therefore stops it between chunks with every family drawn so
# far counted. Sampling never covers the space, so a sampler ends with `return False` (not exhausted).

FIRST_CHUNK = 64
PYTHON_CHUNK = 4_096
BATCH = 1 << 17


class Chunk(NamedTuple):
    """A chunk of families drawn together, a node of a recorded run: how many, under which condition, and
    the tally before it. A budget is charged a whole chunk before it is drawn (under a node budget, cut first
    to the families left), and the running estimate is yielded after each chunk."""

    size: int
    condition: str  # its name
    before: Tally

    def __str__(self) -> str:  # how a tree drawing labels it
        return f"{self.size:,} families"


class Draw(NamedTuple):
    """One family drawn, for replay: the children, whether the condition kept it, and the tally so far."""

    elder: Child
    younger: Child
    kept: bool
    condition: str  # its name
    tally: Tally

    def __str__(self) -> str:
        return f"{_sexes(self.elder)}{_sexes(self.younger)} {'kept' if self.kept else 'rejected'}"


def _sexes(child: Child) -> str:
    return "B" if child.sex == BOY else "G"


# A recorded run is a forest of chunks: each chunk drawn is a root (counted as its families: a budget is
# charged by families), and each family drawn in it a child, at depth 1: a kept family an expanded node
# (`n=0`, counted with its chunk), a rejected family a pruned one ("fails <condition>"). The running
# estimate and the width of its interval after each family are shown beside it as facts.


def pure_python(exp: Experiment, *, probe: Probe | None = None, budget: Budget | None = None):
    """Draw one family at a time with `random.Random` and test it. Cost: one Python loop step (two random
    draws, one predicate call) per family, kept or not."""
    draw, holds, name = random.Random(exp.seed).random, exp.condition.holds, exp.condition.name
    tally, why = Tally(0, 0, 0), f"fails {name}"
    for size in _chunks(exp.samples, PYTHON_CHUNK, budget):
        chunk = _chunk_drawn(probe, size, name, tally) if probe else None
        accepted = boys = 0
        for i in range(size):
            elder, younger = CHILDREN[int(draw() * CODES)], CHILDREN[int(draw() * CODES)]
            kept = holds(elder, younger)
            if kept:
                accepted += 1
                boys += both_boys(elder, younger)
            if probe:
                _family_drawn(probe, chunk, kept, why,
                              lambda: Draw(elder, younger, kept, name, tally.plus(i + 1, accepted, boys)))
        tally = tally.plus(size, accepted, boys)
        if found := estimate_of(tally):
            yield found, found.width
    return False


def numpy_batches(exp: Experiment, *, probe: Probe | None = None, budget: Budget | None = None):
    """Draw families as numpy arrays and test a whole batch with the same predicate at once. Cost: the
    same arithmetic as pure Python, but one Python step per batch (up to 131,072 families)."""
    rng, holds = np.random.default_rng(exp.seed), exp.condition.holds
    tally = Tally(0, 0, 0)
    for size in _chunks(exp.samples, BATCH, budget):
        codes = np.divmod(rng.integers(0, FAMILIES, size=size, dtype=np.uint32), np.uint32(CODES))
        elder, younger = (decode(side.astype(np.uint8)) for side in codes)
        kept = holds(elder, younger)
        two_boys = kept & both_boys(elder, younger)
        if probe:
            _observe_batch(probe, exp.condition.name, codes, kept, two_boys, tally)
        tally = tally.plus(size, int(np.count_nonzero(kept)), int(np.count_nonzero(two_boys)))
        if found := estimate_of(tally):
            yield found, found.width
    return False


def _chunks(samples: int, cap: int, budget: Budget | None) -> Iterator[int]:
    """Chunk sizes 64, 128, ... up to `cap`, adding up to `samples`; each is charged to the budget before it
    is drawn (cut to the nodes left, so a node budget of n draws exactly n families)."""
    drawn, size = 0, FIRST_CHUNK
    while drawn < samples:
        step = min(size, cap, samples - drawn)
        if budget:
            left = budget.nodes_left()
            step = step if left is None else min(step, max(left, 1))  # none left: the tick stops the run
            budget.tick(step)
        yield step
        drawn, size = drawn + step, size * 2


def _chunk_drawn(probe: Probe, size: int, name: str, before: Tally) -> int | None:
    """Tell the probe a chunk of `size` families is drawn (a root, counted as its families); its node id."""
    return probe.expand(0, n=size, state=lambda: Chunk(size, name, before), facts=lambda: _estimate_facts(before))


def _family_drawn(probe: Probe, chunk: int | None, kept, why: str, draw: Callable[[], Draw]) -> None:
    """Tell the probe one family of `chunk` was drawn (`draw` makes it, called only while recording):
    kept, a node (already counted with its chunk); rejected, a pruned node, saying `why`."""
    if kept:
        probe.expand(1, n=0, parent=chunk, state=draw, facts=lambda: _estimate_facts(draw().tally))
    else:
        probe.prune(1, parent=chunk, state=draw, why=why, facts=lambda: _estimate_facts(draw().tally))


def _observe_batch(probe: Probe, name: str, codes, kept, two_boys, before: Tally) -> None:
    """Tell the probe about a batch: its chunk, then family by family while it records, then the families
    rejected after that in one count."""
    chunk, shown, accepted, boys = _chunk_drawn(probe, len(kept), name, before), 0, 0, 0
    why = f"fails {name}"
    while probe.recording and shown < len(kept):
        accepted, boys = accepted + bool(kept[shown]), boys + bool(two_boys[shown])
        family = Draw(CHILDREN[codes[0][shown]], CHILDREN[codes[1][shown]], bool(kept[shown]), name,
                      before.plus(shown + 1, accepted, boys))
        _family_drawn(probe, chunk, family.kept, why, lambda: family)
        shown += 1
    rejected = len(kept) - shown - int(np.count_nonzero(kept[shown:]))
    if rejected:
        probe.prune(1, n=rejected, parent=chunk, why=why)


def _estimate_facts(tally: Tally) -> tuple[tuple[str, str], ...]:
    """The side panel's rows: the running estimate and the width of its 95 % interval, under their names."""
    found = estimate_of(tally)
    if found is None:
        return ("estimate", "none yet: no family kept"), ("kept", f"0 of {tally.drawn:,}")
    return (("estimate", f"{found.estimate:.4f}"), ("interval width", f"{found.width:.4f}"),
            ("kept", f"{tally.accepted:,} of {tally.drawn:,}"))


STRATEGIES: dict[str, Callable[..., Iterator]] = {
    "pure-python": pure_python,
    "numpy": numpy_batches,
}
DEFAULT_STRATEGY = "numpy"


# -- the protocol: parse, solve, verify, render, example ---------------------------------------------------


class Answer(Result):
    """A sampler's run: its running estimates in the order drawn. The answer is the latest one (it has
    counted every family drawn), shown beside the exact value. Its cost is the 95 % interval's width."""

    cost_name = "narrowest interval width"

    @property
    def best(self):
        return self.solutions[-1] if self.solutions else None

    @property
    def exact(self) -> Fraction | None:
        return None if self.given is None else exact(self.given.condition)

    @property
    def covers(self) -> bool:
        """Does the 95 % interval of the answer contain the exact value?"""
        return bool(self) and self.value.low <= self.exact <= self.value.high

    def as_dict(self) -> dict[str, Any]:
        summary = super().as_dict()
        found = self.value
        if found is not None:
            summary.update({"estimate": found.estimate, "ci95_low": found.low, "ci95_high": found.high,
                            "covers": self.covers, "drawn": found.tally.drawn, "accepted": found.tally.accepted,
                            "both_boys": found.tally.both_boys, "rejected_share": found.tally.rejected_share})
        return summary


def parse(given: Experiment | str) -> Experiment:
    """An Experiment as is, or a condition name (100,000 families, seed 0)."""
    if isinstance(given, Experiment):
        return given
    if isinstance(given, (str, Condition)):
        return experiment(given)
    raise WordlabError(f"a Tuesday problem is an Experiment (see experiment()) or a condition name, not {given!r}")


def solve(given: Experiment | str, strategy: str = DEFAULT_STRATEGY, *, probe: Probe | None = None,
          budget: Budget | None = None, **options) -> Answer:
    """Estimate P(both boys | condition) by rejection sampling with the named sampler."""
    return run(STRATEGIES, strategy, given, prepare=parse, result=Answer, render=render,
               probe=probe, budget=budget, **options)


def verify(exp: Experiment, value: Estimate) -> bool:
    """Could `exp` have produced `value`? Counts within bounds (two boys ≤ kept ≤ drawn ≤ samples asked,
    at least one kept), none with two boys when the condition rules them out, all when it forces them,
    and the interval the Wilson interval of the counts."""
    if not isinstance(value, Estimate):
        return False
    tally, truth = value.tally, exact(exp.condition)
    if not 0 <= tally.both_boys <= tally.accepted <= tally.drawn <= exp.samples or tally.accepted == 0:
        return False
    if (truth == 0 and tally.both_boys) or (truth == 1 and tally.both_boys != tally.accepted):
        return False
    return (value.low, value.high) == wilson(tally.both_boys, tally.accepted)


def is_move(exp: Experiment, before: Chunk, after: Draw) -> bool:
    """Is `after` one draw on from `before`: a family of that chunk (drawn after the families before it, and
    at most `size` of them), kept exactly when the experiment's condition holds for it?"""
    if not (isinstance(before, Chunk) and isinstance(after, Draw)):
        return False
    drawn = after.tally.drawn - before.before.drawn
    return (0 < drawn <= before.size and after.condition == before.condition == exp.condition.name
            and after.kept == bool(exp.condition.holds(after.elder, after.younger)))


def render(state: Chunk | Draw | Estimate) -> str:
    """A chunk of families drawn at once, a family drawn (its two children, kept or rejected, the tally so
    far), or a running estimate."""
    if isinstance(state, Chunk):
        return (f"a chunk of {state.size:,} families, charged to the budget at once\n"
                f"each kept only if {state.condition}\nkept {state.before.accepted:,} of {state.before.drawn:,} before it")
    if isinstance(state, Estimate):
        tally = state.tally
        return (f"estimate {state.estimate:.4f}\n95% interval {state.low:.4f}-{state.high:.4f}\n"
                f"kept {tally.accepted:,} of {tally.drawn:,}")
    tally = state.tally
    share = f" ({tally.both_boys / tally.accepted:.2f})" if tally.accepted else ""
    return "\n".join([f"elder    {describe(state.elder)}", f"younger  {describe(state.younger)}",
                      f"{'kept' if state.kept else 'rejected'} by {state.condition}",
                      f"kept {tally.accepted:,} of {tally.drawn:,}; two boys {tally.both_boys:,}{share}"])


def describe(child: Child) -> str:
    """'boy  Tue Mar': sex, weekday and month."""
    return f"{'boy ' if child.sex == BOY else 'girl'} {WEEKDAYS[child.day][:3].title()} {MONTHS[child.month][:3].title()}"


def example() -> Experiment:
    """A small problem every sampler finishes in milliseconds: 2,000 families, a Tuesday boy, seed 1."""
    return experiment(HEADLINE, samples=2_000, seed=1)


# -- tables for notebooks and the CLI ----------------------------------------------------------------------


def conditions_table(names=FEATURED, samples: int = 200_000, seed: int = 0, strategy: str = DEFAULT_STRATEGY):
    """One row per condition: the exact answer, the sampled estimate with its interval, the share rejected."""
    import pandas as pd

    rows = []
    for name in names:
        answer = solve(experiment(name, samples, seed), strategy)
        found = answer.value
        rows.append({"condition": name, "says": answer.given.condition.says, "exact": str(answer.exact),
                     "exact_value": round(float(answer.exact), 5), "estimate": round(found.estimate, 5),
                     "ci95": f"[{found.low:.4f}, {found.high:.4f}]", "covers": answer.covers,
                     "rejected": f"{found.tally.rejected_share:.1%}"})
    return pd.DataFrame(rows)


def convergence(answer: Answer):
    """The running estimates of a run, one row per chunk: families drawn and kept, the estimate, its
    interval and its width, and the seconds since the call started."""
    import pandas as pd

    return pd.DataFrame([{"drawn": f.value.tally.drawn, "accepted": f.value.tally.accepted,
                          "estimate": f.value.estimate, "low": f.value.low, "high": f.value.high,
                          "width": f.cost, "seconds": f.seconds} for f in answer.solutions])


def bench(names=(HEADLINE, "at-least-one-boy", "boy-in-march"), samples: int = 200_000, seed: int = 0,
          strategies=tuple(STRATEGIES), repeats: int = 3):
    """Time the samplers with `wordlab.bench.run` on each condition; add the acceptance and rejection counts."""
    from wordlab.bench import run as bench_run, solvers

    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:  # refused before any run:
        raise WordlabError(f"repeats must be at least 1, not {repeats}")        # a table of errors has no counts
    inputs = {name: experiment(name, samples, seed) for name in names}
    frame = bench_run(solvers(solve, strategies), inputs, repeats=repeats, describe=lambda answer: answer.value)
    found = list(frame.pop("answer"))
    frame["accepted"] = [f.tally.accepted for f in found]
    frame["rejected_share"] = [round(f.tally.rejected_share, 4) for f in found]
    frame["drawn_per_kept"] = [round(f.tally.drawn / f.tally.accepted, 2) for f in found]
    frame["estimate"] = [round(f.estimate, 5) for f in found]
    frame["exact"] = [str(exact(name)) for name in frame["input"]]
    frame.attrs["calls"] = ("calls: the families a sampler drew in one more run, with a probe (each chunk it starts "
                            "counts as the families in it)")
    return frame
