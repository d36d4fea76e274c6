"""Watching a search: a `Probe` records what a strategy does; a `Budget` stops it cleanly.

Strategies take both as optional arguments and guard every call with `if probe:` / `if budget:`,
so a search run without them pays one falsy test per node and nothing else.

Events a strategy reports (all optional, use the ones that make sense):

- `probe.call(depth, n=1)`       `n` calls of a recursive function (the unit the Sudoku write-ups count)
- `probe.expand(depth, frontier, n=1)` `n` nodes expanded; `frontier` is the size of the open list, if any
- `probe.generate(depth, n)`     `n` successors were generated
- `probe.prune(depth, n)`        `n` nodes were cut off (by a bound, a beam, a constraint)
- `probe.solution(value, cost)`  a solution was found (anytime searches report each improvement)
- `probe.node(depth, label)`     a node of the search tree, for drawing (recorded up to `tree_limit`)
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from wordlab.errors import WordlabError


@dataclass
class Found:
    """A solution as found by an anytime search: the value, its cost, and when it appeared."""

    value: Any
    cost: float | None
    seconds: float
    nodes: int
    path: list | None = None  # the states from the start to `value`, where the strategy knows them


class Probe:
    """Counts and records the events of one search run.

    `tree_limit` > 0 also records the first `tree_limit` tree nodes as (id, parent, depth, label).
    `timeline_every` sets how often (in expansions) a (seconds, expansions, frontier) sample is kept.
    """

    def __init__(self, tree_limit: int = 0, timeline_every: int = 64):
        self.tree_limit = tree_limit
        self.timeline_every = max(1, timeline_every)
        self.reset()

    def reset(self) -> None:
        self.calls = 0
        self.expansions = 0
        self.generated = 0
        self.pruned = 0
        self.max_frontier = 0
        self.max_depth = 0
        self.per_depth: Counter[int] = Counter()
        self.timeline: list[tuple[float, int, int]] = []
        self.solutions: list[Found] = []
        self.tree: list[tuple[int, int | None, int, str]] = []
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

    # -- events ----------------------------------------------------------------------------------
    def call(self, depth: int = 0, n: int = 1) -> None:
        self.calls += n
        self.per_depth[depth] += n
        if depth > self.max_depth:
            self.max_depth = depth

    def expand(self, depth: int = 0, frontier: int = 0, n: int = 1) -> None:
        self.expansions += n
        self.per_depth[depth] += n
        if depth > self.max_depth:
            self.max_depth = depth
        if frontier > self.max_frontier:
            self.max_frontier = frontier
        if self.expansions % self.timeline_every < n:
            self.timeline.append((self.elapsed, self.expansions, frontier))

    def generate(self, depth: int = 0, n: int = 1) -> None:
        self.generated += n

    def prune(self, depth: int = 0, n: int = 1) -> None:
        self.pruned += n

    def solution(self, value: Any, cost: float | None = None) -> None:
        self.solutions.append(Found(value, cost, self.elapsed, self.nodes))

    def node(self, depth: int, label: str = "", parent: int | None = None) -> int | None:
        """Record a tree node; its parent defaults to the latest node one level up (right for DFS)."""
        if len(self.tree) >= self.tree_limit:
            return None
        node_id = len(self.tree)
        if parent is None and depth > 0:
            parent = self._last_at_depth.get(depth - 1)
        self.tree.append((node_id, parent, depth, str(label)))
        self._last_at_depth[depth] = node_id
        return node_id

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


class BudgetExhausted(Exception):
    """Raised inside a search when its budget runs out; strategies catch it and return what they have."""


@dataclass
class Budget:
    """Limits on a search: `nodes` (charged with `tick`) and wall-clock `seconds`.

    A strategy calls `budget.start()` once and `budget.tick()` per node; `tick` raises
    `BudgetExhausted` when a limit is reached and `budget.stopped` then says which.
    With `progress=True` a tqdm bar shows the nodes spent.
    """

    nodes: int | None = None
    seconds: float | None = None
    progress: bool = False
    description: str = "search"
    used: int = field(default=0, init=False)
    stopped: str | None = field(default=None, init=False)
    running: bool = field(default=False, init=False)

    CHECK_EVERY = 1024

    def __post_init__(self):
        for name in ("nodes", "seconds"):
            value = getattr(self, name)
            if value is not None and not value >= 0:
                raise WordlabError(f"budget {name} must be a non-negative number, not {value!r}")
        self._bar = None
        self._deadline = None

    def start(self) -> "Budget":
        self.used = 0
        self.stopped = None
        self.running = True
        self._deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        if self.progress:
            from tqdm.auto import tqdm

            self._bar = tqdm(total=self.nodes, desc=self.description, unit="node", mininterval=0.5)
        return self

    def tick(self, n: int = 1) -> None:
        self.used += n
        if self.nodes is not None and self.used > self.nodes:
            self._stop(f"node budget of {self.nodes:,} reached")
        if self.used % self.CHECK_EVERY < n:
            if self._bar is not None:
                self._bar.update(self.used - self._bar.n)
            if self._deadline is not None and time.perf_counter() > self._deadline:
                self._stop(f"time budget of {self.seconds:g} s reached")

    def _stop(self, reason: str) -> None:
        self.stopped = reason
        self.close()
        raise BudgetExhausted(reason)

    def close(self) -> None:
        self.running = False
        if self._bar is not None:
            self._bar.update(self.used - self._bar.n)
            self._bar.close()
            self._bar = None

