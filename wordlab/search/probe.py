"""Watching a search: a `Probe` records what a strategy does; a `Budget` stops it cleanly.

Strategies take both as optional arguments and guard every call with `if probe:` / `if budget:`,
so a search run without them pays one falsy test per node and nothing else.

Events a strategy reports (all optional, use the ones that make sense):

- `probe.expand(depth, frontier, parent=…)`  a node expanded; `frontier` is the size of the open list
- `probe.call(depth, parent=…)`              a call of a recursive function (the unit the Sudoku write-ups
                                              count): a node too, for strategies that count calls
- `probe.prune(depth, n, parent=…, why=…)`   `n` children of `parent` cut off (by a bound, a beam, a constraint)
- `probe.backtrack(depth, node=…)`           a dead end: the search gives up `node` and undoes its choice
- `probe.generate(depth, n)`                 `n` successors were generated (a count only)
- `probe.node(depth, label)`                 a node of a static tree drawing (recorded up to `tree_limit`)

Solutions are told to the probe by the runner (`wordlab.search.run`), not by strategies; a solution
belongs to the node the strategy reported last, or to `node` after `probe.solved_at(node)` (for a
strategy that hands its solutions over later, in a batch).

**Recording.** `Probe(record=N)` also keeps the first N events as `probe.events` for the step-through
player. Every event that makes a node (`expand`, `call`, `prune`) returns its node id, and the strategy
passes that id as `parent=` when it reports the node's children: a tree is only as true as its parent
links, so they come from the strategy that made the nodes, never from a look-up by state (states
repeat). While the probe is not recording, these methods return None, which is a fine `parent` too.

What a recorded event shows is passed lazily, so a run that is not recording never builds it:

- `state=` the node's state, or a function of no arguments that makes it (the puzzle's `render` draws it);
- `queue=` the frontier's first entries as `Waiting` rows (state, g, h, f, mark), or a function making them;
- `facts=` other (label, value) pairs for the side panel, or a function making them.

    if probe:
        node = probe.expand(depth, len(frontier), parent=parent, state=lambda: snapshot(grid))
"""

from __future__ import annotations

import math
import time
from contextlib import contextmanager
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, NamedTuple

from wordlab.errors import WordlabError

MAX_RECORD = 100_000  # the most events a probe keeps: each holds a snapshot of a state


@dataclass
class Found:
    """A solution as found by a search: the value, its cost, and when it appeared."""

    value: Any
    cost: float | None
    seconds: float
    nodes: int
    path: list | None = None  # the states from the start to `value`, where the strategy knows them


class Waiting(NamedTuple):
    """One entry of a frontier as the player lists it: a state, its g, h and f (None where a strategy
    has none), and a mark: "next" (taken now), "kept" or "cut" (a beam's choice), "top" (a stack's top)."""

    state: Any
    g: float | None = None
    h: float | None = None
    f: float | None = None
    mark: str = ""


class Event(NamedTuple):
    """One recorded step of a search, for replay: what happened, to which node, and what the search knew."""

    kind: str  # "call", "expand", "prune", "backtrack" or "solution"
    node: int | None  # the node this event is about: its own id for call/expand/prune (the event's index)
    parent: int | None  # the id of that node's parent (None for a root)
    depth: int
    state: Any  # the snapshot the strategy passed (None if it passed none)
    frontier: int  # size of the open list (0 where the strategy has none)
    queue: tuple | None  # the frontier's first entries (`Waiting`), where the strategy shows them
    facts: tuple  # other (label, value) pairs the strategy shows
    nodes: int  # effort so far (probe.nodes)
    best: float | None  # cost of the latest solution reported so far
    why: str  # why the node was pruned (prune events)
    seconds: float


NODE_KINDS = ("call", "expand", "prune")  # the event kinds that make a node of the search tree


def _made(value):
    """A lazily passed value made: called if it is a function, as it is otherwise."""
    return value() if callable(value) else value


class Probe:
    """Counts and records the events of one search run.

    `record` = N keeps the first N events (`events`, for step-by-step replay; at most `MAX_RECORD`).
    `tree_limit` > 0 also records the first `tree_limit` tree nodes as (id, parent, depth, label).
    `timeline_every` sets how often (in expansions) a (seconds, expansions, frontier) sample is kept.
    """

    def __init__(self, tree_limit: int = 0, timeline_every: int = 64, record: int | None = None):
        if record is not None:
            if not isinstance(record, int) or isinstance(record, bool) or not 1 <= record <= MAX_RECORD:
                raise WordlabError(f"Probe(record=...) takes how many events to keep, a whole number from 1 to "
                                   f"{MAX_RECORD:,} (leave it out to count without recording), not {record!r}")
        self.tree_limit = tree_limit
        self.timeline_every = max(1, timeline_every)
        self.record = record or 0
        self.reset()

    def reset(self) -> None:
        self.calls = 0
        self.expansions = 0
        self.generated = 0
        self.pruned = 0
        self.backtracks = 0
        self.max_frontier = 0
        self.max_depth = 0
        self.per_depth: Counter[int] = Counter()
        self.timeline: list[tuple[float, int, int]] = []
        self.solutions: list[Found] = []
        self.tree: list[tuple[int, int | None, int, str]] = []
        self.events: list[Event] = []
        self.unrecorded = 0  # events that came after the record filled
        self.recording = self.record > 0
        self.best: float | None = None
        self.last_node: int | None = None  # the node reported last: where a solution belongs
        self._last_at_depth: dict[int, int] = {}
        self.started = time.perf_counter()

    def __bool__(self) -> bool:
        return True

    @property
    def elapsed(self) -> float:
        return time.perf_counter() - self.started

    @property
    def nodes(self) -> int:
        """The search effort in one number: expansions if the strategy reports them, else calls."""
        return self.expansions or self.calls

    @property
    def full(self) -> bool:
        """Did the run go on past the last recorded event (the record filled, and more events came)?"""
        return self.unrecorded > 0

    # -- events ----------------------------------------------------------------------------------
    def call(self, depth: int = 0, n: int = 1, state: Any = None, parent: int | None = None,
             queue: Any = None, facts: Any = None) -> int | None:
        self.calls += n
        self.per_depth[depth] += n
        if depth > self.max_depth:
            self.max_depth = depth
        if self.recording:
            return self._keep("call", None, parent, depth, state, 0, queue, facts, "")
        if self.record:
            self.unrecorded += 1
        return None

    def expand(self, depth: int = 0, frontier: int = 0, n: int = 1, state: Any = None,
               parent: int | None = None, queue: Any = None, facts: Any = None) -> int | None:
        self.expansions += n
        self.per_depth[depth] += n
        if depth > self.max_depth:
            self.max_depth = depth
        if frontier > self.max_frontier:
            self.max_frontier = frontier
        if self.expansions % self.timeline_every < n:
            self.timeline.append((self.elapsed, self.expansions, frontier))
        if self.recording:
            return self._keep("expand", None, parent, depth, state, frontier, queue, facts, "")
        if self.record:
            self.unrecorded += 1
        return None

    def generate(self, depth: int = 0, n: int = 1, state: Any = None) -> None:
        self.generated += n

    def prune(self, depth: int = 0, n: int = 1, state: Any = None, why: str = "", parent: int | None = None,
              queue: Any = None, facts: Any = None) -> int | None:
        """`n` nodes at `depth`, children of `parent`, cut off for reason `why`; a recorded prune is one
        leaf of the tree standing for them (`state`, if given, is the one pruned or the first of them)."""
        self.pruned += n
        if self.recording:
            return self._keep("prune", None, parent, depth, state, 0, queue, facts, why)
        if self.record:
            self.unrecorded += 1
        return None

    def backtrack(self, depth: int = 0, state: Any = None, node: int | None = None, why: str = "") -> None:
        """A dead end: the search gives up `node` (default: the node reported last)."""
        self.backtracks += 1
        if self.recording:
            self._keep("backtrack", self.last_node if node is None else node, None, depth, state, 0, None, None, why)
        elif self.record:
            self.unrecorded += 1

    def solution(self, value: Any, cost: float | None = None, path: list | None = None) -> Found:
        """Note a solution (the runner calls this for every solution a strategy yields) and return it
        stamped with the time and effort so far; it belongs to the node the strategy reported last."""
        found = Found(value, cost, self.elapsed, self.nodes, path)
        self.solutions.append(found)
        if cost is not None:
            self.best = cost
        if self.recording:
            depth = self.max_depth if path is None else len(path) - 1
            self._keep("solution", self.last_node, None, depth, value, 0, None, None, "")
        elif self.record:
            self.unrecorded += 1
        return found

    @contextmanager
    def counts_only(self):
        """Events reported inside are counted but neither recorded nor taken as events the record
        missed: for effort a strategy totals up (a compiled kernel's node counts), not nodes it saw."""
        recording, unrecorded = self.recording, self.unrecorded
        self.recording = False
        try:
            yield self
        finally:
            self.recording, self.unrecorded = recording, unrecorded

    def solved_at(self, node: int | None) -> None:
        """The next solution the strategy yields belongs to `node` (a no-op while not recording)."""
        if node is not None:
            self.last_node = node

    def node(self, depth: int, label: str = "", parent: int | None = None) -> int | None:
        """Record a node of a static tree drawing; its parent defaults to the latest node one level up
        (right for depth-first search)."""
        if len(self.tree) >= self.tree_limit:
            return None
        node_id = len(self.tree)
        if parent is None and depth > 0:
            parent = self._last_at_depth.get(depth - 1)
        self.tree.append((node_id, parent, depth, str(label)))
        self._last_at_depth[depth] = node_id
        return node_id

    def _keep(self, kind: str, node: int | None, parent: int | None, depth: int, state: Any, frontier: int,
              queue: Any, facts: Any, why: str) -> int:
        """Append an event; an event that makes a node gets the event's index as its node id."""
        event_id = len(self.events)
        if kind in NODE_KINDS:
            node = event_id
            if kind != "prune":
                self.last_node = event_id
        queue = _made(queue)
        self.events.append(Event(kind, node, parent, depth, _made(state), frontier,
                                 None if queue is None else tuple(queue), tuple(_made(facts) or ()),
                                 self.nodes, self.best, why, self.elapsed))
        self.recording = len(self.events) < self.record
        return event_id

    # -- summaries -------------------------------------------------------------------------------
    def depth_profile(self) -> list[int]:
        """Nodes per depth, 0..max depth."""
        return [self.per_depth.get(d, 0) for d in range(self.max_depth + 1)]

    def summary(self) -> dict[str, Any]:
        return {
            "calls": self.calls,
            "expansions": self.expansions,
            "generated": self.generated,
            "pruned": self.pruned,
            "max_frontier": self.max_frontier,
            "max_depth": self.max_depth,
            "solutions": len(self.solutions),
            "seconds": round(self.elapsed, 6),
        }

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v}" for k, v in self.summary().items())
        return f"Probe({fields})"


def paced(items: Iterable, budget: "Budget | None", every: int = 2048) -> Iterator:
    """`items`, with a look at the budget's clock every `every` items: for set-up loops (index building)."""
    if budget is None:
        yield from items
        return
    for i, item in enumerate(items):
        if i % every == 0:
            budget.check()
        yield item


@contextmanager
def spent_together(budget: "Budget | None"):
    """Start `budget` for work in several parts (loading, then searches) unless it is already running, and
    close it after: the parts charge one clock and one node count, and a part that comes after the budget ran
    out stops at once. The runner neither restarts nor closes a budget that is running."""
    if budget is None or budget.running:
        yield budget
        return
    budget.start()
    try:
        yield budget
    finally:
        budget.close()


def checked(budget: "Budget | None") -> None:
    """`budget.check()`, where there is a budget: a look at the clock between steps of set-up work."""
    if budget is not None and budget.running:
        budget.check()


class BudgetExhausted(Exception):
    """Raised inside a search when its budget runs out. Only the runner (`wordlab.search.run`) catches it."""


def _limit(name: str, value, whole: bool):
    """A budget limit checked: None, or a finite number ≥ 0 (a whole number for node counts)."""
    if value is None:
        return None
    kind = "a whole number" if whole else "a number"
    if isinstance(value, bool) or not isinstance(value, (int, float)) or (whole and not float(value).is_integer()):
        raise WordlabError(f"budget {name} must be {kind} ≥ 0, not {value!r}")
    if math.isnan(value) or math.isinf(value) or value < 0:
        raise WordlabError(f"budget {name} must be a finite {kind[2:]} ≥ 0, not {value!r}")
    return int(value) if whole else float(value)


@dataclass
class Budget:
    """Limits on a search: `nodes` (charged with `tick`) and wall-clock `seconds` (set-up included), counted
    from `start` or, given `since`, from that moment (so that several budgets end together: a command's).

    The runner starts and closes a budget; strategies call `budget.tick()` per node, which charges one
    node and looks at the clock, and `budget.check()` inside set-up loops (index building), which only
    looks at the clock. Either raises `BudgetExhausted` when a limit is reached; `budget.stopped` then
    says which. A zero limit stops at once. With `progress=True` a tqdm bar shows the nodes spent.
    """

    nodes: int | None = None
    seconds: float | None = None
    progress: bool = False
    description: str = "search"
    since: float | None = None  # the moment (time.perf_counter) the seconds count from; None: from `start`
    used: int = field(default=0, init=False)
    stopped: str | None = field(default=None, init=False)
    running: bool = field(default=False, init=False)

    LOOK_EVERY = 0.001  # seconds between looks at the clock that `tick` aims for
    MOST_STRIDE = 32  # the most ticks between two looks, however cheap the nodes: bounds the overshoot
    #                   when nodes suddenly grow dear, while keeping a look's cost off cheap nodes

    def __post_init__(self):
        self.nodes = _limit("nodes", self.nodes, whole=True)
        self.seconds = _limit("seconds", self.seconds, whole=False)
        self._bar = None
        self._deadline = math.inf

    def start(self) -> "Budget":
        self.used = 0
        self.stopped = None
        self.running = True
        self._last_look = time.perf_counter()
        begun = self._last_look if self.since is None else self.since
        self._deadline = math.inf if self.seconds is None else begun + self.seconds
        self._stride, self._next_look = 1, 1
        if self.progress:
            from tqdm.auto import tqdm

            self._bar = tqdm(total=self.nodes, desc=self.description, unit="node", mininterval=0.5)
        return self

    def tick(self, n: int = 1) -> None:
        """Charge `n` nodes; look at the clock about every millisecond (every tick when nodes are dear)."""
        self.used += n
        if self.nodes is not None and self.used > self.nodes:
            self._stop(f"node budget of {self.nodes:,} reached")
        if self.used >= self._next_look:
            self._look()

    def _look(self) -> None:
        """Look at the clock, and space the next look so that looks come about every LOOK_EVERY seconds."""
        now = time.perf_counter()
        if now > self._deadline:
            self._stop(f"time budget of {self.seconds:g} s reached")
        if now - self._last_look < self.LOOK_EVERY / 2:
            self._stride = min(2 * self._stride, self.MOST_STRIDE)
        elif now - self._last_look > 2 * self.LOOK_EVERY:
            self._stride = 1
        self._last_look, self._next_look = now, self.used + self._stride
        if self._bar is not None:
            self._bar.update(self.used - self._bar.n)

    def check(self) -> None:
        """Look at the clock (and a zero node budget) without charging a node: for set-up work."""
        if self.stopped:
            raise BudgetExhausted(self.stopped)
        if time.perf_counter() > self._deadline or self.seconds == 0:
            self._stop(f"time budget of {self.seconds:g} s reached")
        if self.nodes == 0:
            self._stop("node budget of 0 reached")

    def remaining(self) -> float:
        """Seconds left (math.inf without a time limit): for compiled kernels that run in chunks."""
        return max(0.0, self._deadline - time.perf_counter())

    def nodes_left(self) -> int | None:
        """Nodes left (None without a node limit)."""
        return None if self.nodes is None else max(0, self.nodes - self.used)

    def _stop(self, reason: str) -> None:
        """Stop: the budget stays spent (later ticks stop again) until its owner closes it."""
        self.stopped = reason
        raise BudgetExhausted(reason)

    def close(self) -> None:
        self.running = False
        if self._bar is not None:
            self._bar.update(self.used - self._bar.n)
            self._bar.close()
            self._bar = None
