"""Generic search strategies over a `SearchProblem`, each written once, each watchable.

Every strategy is a generator of `(state, cost, link)` goals (the implementation) wrapped by a function
that collects them into a `SearchResult`; `iter_solutions` streams them instead, which is how
anytime searches hand over each improving solution as soon as they have it.

Costs are path costs g; heuristics h must be admissible (never overestimate) for A* and
beam-stack search to return optimal costs.
"""

from __future__ import annotations

import heapq
import inspect
import math
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import count
from typing import Any, Callable, Hashable, Iterable, Iterator

from wordlab.errors import UnknownName, WordlabError
from wordlab.search.probe import Budget, BudgetExhausted, Found, Probe

State = Hashable
UNBOUNDED = 10**9  # the default depth limit: none in practice


class SearchProblem:
    """What a strategy needs to know about a problem. Subclass and override.

    States must be hashable; beam and beam-stack search break ties in f by `order_key(state)`,
    which defaults to the state itself (so states should be orderable, or override it).
    """

    def start(self) -> State:
        raise NotImplementedError

    def is_goal(self, state: State) -> bool:
        raise NotImplementedError

    def successors(self, state: State) -> Iterable[tuple[State, float]]:
        """Pairs (next state, step cost)."""
        raise NotImplementedError

    def heuristic(self, state: State) -> float:
        """An estimate of the remaining cost; 0 (the default) is always admissible."""
        return 0

    def order_key(self, state: State) -> Any:
        return state

    def label(self, state: State) -> str:
        """How a state is written in a tree drawing."""
        return str(state)


@dataclass
class SearchResult:
    """Goals in the order they were found, why the search stopped early (if it did), and
    whether the search ran to completion (`exhausted`), which for A* and beam-stack search
    proves the best cost optimal."""

    solutions: list[Found] = field(default_factory=list)
    stopped: str | None = None
    exhausted: bool = False

    @property
    def best(self) -> Found | None:
        costed = [s for s in self.solutions if s.cost is not None]
        return min(costed, key=lambda s: s.cost) if costed else (self.solutions[0] if self.solutions else None)

    def __bool__(self) -> bool:
        return bool(self.solutions)


# -- the strategies --------------------------------------------------------------------------------
# Each generator yields (goal state, cost, link); a link is (state, parent link), from which
# `path(link)` recovers the states from the start: one small tuple per node kept.


def path(link) -> list:
    """The states from the start to the end of a parent-link chain."""
    states = []
    while link is not None:
        state, link = link
        states.append(state)
    return states[::-1]


def _depth_first(problem, probe, budget, max_depth: int = UNBOUNDED):
    """Backtracking with an explicit stack of successor iterators (no recursion limit); a state
    already on the current path is skipped, so cycles in a graph cannot trap it."""
    start = problem.start()
    link = (start, None)
    if budget:
        budget.tick()
    if probe:
        probe.expand(0, 1)
        probe.node(0, problem.label(start))
    if problem.is_goal(start):
        yield start, 0, link
        return
    stack = [(start, 0, iter(problem.successors(start)), link)]
    on_path = {start}
    while stack:
        state, g, successors, link = stack[-1]
        depth = len(stack)
        nxt = next(successors, None) if depth <= max_depth else None
        if nxt is None:
            stack.pop()
            on_path.discard(state)
            continue
        child, step = nxt
        if child in on_path:
            continue
        child_link = (child, link)
        if budget:
            budget.tick()
        if probe:
            probe.expand(depth, len(stack))
            probe.node(depth, problem.label(child))
        if problem.is_goal(child):
            yield child, g + step, child_link
        else:
            stack.append((child, g + step, iter(problem.successors(child)), child_link))
            on_path.add(child)


def _breadth_first_layers(problem, probe, budget, max_depth: int = UNBOUNDED):
    """The "list of successes": keep every surviving partial solution, one layer at a time."""
    start = problem.start()
    layer = [(start, 0, None, (start, None))]
    for depth in range(max_depth + 1):
        if not layer:
            return
        next_layer = []
        for state, g, parent, link in layer:
            if budget:
                budget.tick()
            node_id = probe.node(depth, problem.label(state), parent) if probe else None
            if probe:
                probe.expand(depth, len(layer))
            if problem.is_goal(state):
                yield state, g, link
                continue
            next_layer.extend((child, g + step, node_id, (child, link)) for child, step in problem.successors(state))
        if probe:
            probe.generate(depth, len(next_layer))
        layer = next_layer


def _best_first(problem, probe, budget, priority):
    """Pop the open node of least `priority(g, h)`; heap with lazy deletion of stale entries."""
    start = problem.start()
    best_g = {start: 0}
    tie = count()
    frontier = [(priority(0, problem.heuristic(start)), next(tie), 0, start, 0, (start, None))]
    while frontier:
        _, _, g, state, depth, link = heapq.heappop(frontier)
        if g > best_g.get(state, math.inf):
            continue  # stale: a cheaper path to this state was found after this entry was pushed
        if budget:
            budget.tick()
        if probe:
            probe.expand(depth, len(frontier))
        if problem.is_goal(state):
            yield state, g, link
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if g2 < best_g.get(child, math.inf):
                best_g[child] = g2
                entry = (priority(g2, problem.heuristic(child)), next(tie), g2, child, depth + 1, (child, link))
                heapq.heappush(frontier, entry)
                if probe:
                    probe.generate(depth + 1)


def _greedy(problem, probe, budget):
    """Best-first on h alone."""
    return _best_first(problem, probe, budget, lambda g, h: h)


def _astar(problem, probe, budget):
    """Best-first on f = g + h."""
    return _best_first(problem, probe, budget, lambda g, h: g + h)


# A layer maps state → (key, g, link), where key = (f, order key) is computed once per node and
# orders the layer: beam search keeps the least keys, beam-stack search admits ranges of keys.


def _keyed(problem, state, g: float, link) -> tuple:
    """A layer entry for `state` reached at cost `g`."""
    return (g + problem.heuristic(state), problem.order_key(state)), g, link


def _ranked(layer: dict, width: int | None = None) -> list:
    """Layer entries sorted by key; the best `width` of them if given."""
    ranked = sorted(layer.items(), key=lambda item: item[1][0])
    return ranked if width is None else ranked[:width]


def _next_layer(problem, layer, probe, budget, depth, admit):
    """Expand a layer in rank order: yield its goals, return the successors whose key `admit` accepts."""
    next_layer: dict = {}
    for state, (_, g, link) in _ranked(layer):
        if budget:
            budget.tick()
        if probe:
            probe.expand(depth, len(layer))
        if problem.is_goal(state):
            yield state, g, link
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if child not in next_layer or g2 < next_layer[child][1]:
                entry = _keyed(problem, child, g2, (child, link))
                if admit(entry[0]):
                    next_layer[child] = entry
    return next_layer


def _beam(problem, probe, budget, width: int = 100, max_depth: int = UNBOUNDED):
    """Breadth-first by layers, keeping only the `width` best nodes (least f = g + h) of each."""
    _check_width(width)
    start = problem.start()
    layer = {start: _keyed(problem, start, 0, (start, None))}
    for depth in range(max_depth + 1):
        if not layer:
            return
        next_layer = yield from _next_layer(problem, layer, probe, budget, depth, lambda key: True)
        if probe and len(next_layer) > width:
            probe.prune(depth + 1, len(next_layer) - width)
        layer = dict(_ranked(next_layer, width))


def _beam_stack(problem, probe, budget, width: int = 100, upper: float = math.inf, max_depth: int = UNBOUNDED):
    """Beam-stack search (Zhou & Hansen 2005): beam search that backtracks, so it is complete.

    The beam stack holds, per layer, the half-open range [lo, hi) of (f, order key) admitted into
    the next layer. A pass is a beam search inside those ranges; when a layer overflows, its range
    is cut at the first pruned node. Between passes the deepest unfinished range moves on to
    [hi, U) where U is the best cost so far. When the stack empties every node with f < U has been
    covered, so the last solution is optimal (given an admissible heuristic).
    """
    _check_width(width)
    low = (-math.inf,)
    stack: list[list] = []
    start = problem.start()

    def admit(key) -> bool:  # reads the current `upper`, `lo` and `hi` of the enclosing search
        return key[0] < upper and lo <= key < hi

    while True:
        layer, depth = {start: _keyed(problem, start, 0, (start, None))}, 0
        while layer and depth <= max_depth:
            if len(stack) == depth:
                stack.append([low, (upper,)])
            lo, hi = stack[depth]
            goals = _next_layer(problem, layer, probe, budget, depth, admit)
            while True:
                try:
                    state, g, link = next(goals)
                except StopIteration as done:
                    next_layer = done.value
                    break
                if g < upper:
                    upper = g
                    yield state, g, link
            if len(next_layer) > width:
                ranked = _ranked(next_layer)
                stack[depth][1] = ranked[width][1][0]  # the key of the first node cut
                if probe:
                    probe.prune(depth + 1, len(ranked) - width)
                next_layer = dict(ranked[:width])
            layer, depth = next_layer, depth + 1
        del stack[depth:]  # ranges below the last layer reached are rebuilt on the next pass
        while stack and stack[-1][1] >= (upper,):
            stack.pop()
        if not stack:
            return
        stack[-1] = [stack[-1][1], (upper,)]


# -- public wrappers -------------------------------------------------------------------------------


def depth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                max_depth: int = UNBOUNDED, first_only: bool = False) -> SearchResult:
    """Depth-first backtracking: every goal, in tree order. Memory O(depth); time O(nodes in the tree)."""
    return collect(_depth_first(problem, probe, budget, max_depth), probe, budget, first_only=first_only)


def breadth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                  max_depth: int = UNBOUNDED, first_only: bool = False) -> SearchResult:
    """Breadth-first, layer by layer ("list of successes"): every goal, shallowest first.
    Memory O(widest layer); time O(nodes in the tree)."""
    return collect(_breadth_first_layers(problem, probe, budget, max_depth), probe, budget, first_only=first_only)


def greedy(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
           first_only: bool = True) -> SearchResult:
    """Greedy best-first: always expand the node that looks closest to a goal (least h).
    Fast when h is good, not optimal. Time and memory O(nodes generated · log)."""
    return collect(_greedy(problem, probe, budget), probe, budget, first_only=first_only)


def astar(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
          first_only: bool = True) -> SearchResult:
    """A*: expand the node of least f = g + h; the first goal popped is optimal when h is admissible.
    Memory O(nodes generated), which is its weakness."""
    return collect(_astar(problem, probe, budget), probe, budget, first_only=first_only, proves_optimum=first_only)


def beam(problem: SearchProblem, *, width: int = 100, probe: Probe | None = None, budget: Budget | None = None,
         max_depth: int = UNBOUNDED, first_only: bool = False) -> SearchResult:
    """Beam search: breadth-first keeping the `width` best nodes per layer. Incomplete, not optimal;
    memory O(width · branching), time O(depth · width · branching)."""
    return collect(_beam(problem, probe, budget, width, max_depth), probe, budget, first_only=first_only)


def beam_stack(problem: SearchProblem, *, width: int = 100, upper: float = math.inf, probe: Probe | None = None,
               budget: Budget | None = None, max_depth: int = UNBOUNDED) -> SearchResult:
    """Beam-stack search: anytime (each solution beats the last), complete and memory-bounded; when
    it finishes, the best solution is optimal. Memory O(depth · width · branching).

    On a graph with cycles, give `max_depth` or an `upper` bound: until it has a first solution, a
    narrow beam can otherwise descend for ever."""
    return collect(_beam_stack(problem, probe, budget, width, upper, max_depth), probe, budget, proves_optimum=True)


STRATEGIES: dict[str, Callable[..., SearchResult]] = {
    "depth-first": depth_first,
    "breadth-first": breadth_first,
    "greedy": greedy,
    "astar": astar,
    "beam": beam,
    "beam-stack": beam_stack,
}


def search(problem: SearchProblem, strategy: str = "astar", **options) -> SearchResult:
    """Run the named generic strategy on `problem`."""
    return pick(STRATEGIES, strategy)(problem, **options)


GOALS: dict[str, Callable[..., Iterator[tuple[Any, float, Any]]]] = {
    "depth-first": _depth_first,
    "breadth-first": _breadth_first_layers,
    "greedy": _greedy,
    "astar": _astar,
    "beam": _beam,
    "beam-stack": _beam_stack,
}


def iter_solutions(problem: SearchProblem, strategy: str = "beam-stack", *, probe: Probe | None = None,
                   budget: Budget | None = None, **options) -> Iterator[Found]:
    """Stream goals as the named strategy finds them (for beam-stack search: each improvement).
    `options` are the strategy's own (`width`, `upper`, `max_depth`). Ends quietly when the budget
    runs out; `budget.stopped` then says why."""
    goals = pick(GOALS, strategy)
    unknown = set(options) - set(inspect.signature(goals).parameters) - {"problem", "probe", "budget"}
    if unknown:
        raise WordlabError(f"strategy {strategy!r} has no option {', '.join(sorted(unknown))}")
    with budgeted(budget):
        yield from _founds(goals(problem, probe, budget, **options), probe)


def _founds(goals: Iterator[tuple[Any, float, Any]], probe: Probe | None) -> Iterator[Found]:
    """Each goal as a `Found` stamped with the time and effort so far, also told to the probe."""
    clock = probe or Probe()
    for state, cost, link in goals:
        found = Found(state, cost, clock.elapsed, clock.nodes, path(link))
        if probe:
            probe.solutions.append(found)
        yield found


@contextmanager
def budgeted(budget: Budget | None, result: SearchResult | None = None) -> Iterator[SearchResult]:
    """Run a search under `budget`: yields `result` (a new `SearchResult` by default) to fill in.
    Afterwards `stopped` says why the budget ran out, if it did (even when an inner search caught the
    exhaustion and returned quietly), and `exhausted` is set only if it did not. A budget that is
    already running (an outer `budgeted` started it) is neither restarted nor closed here.

        with budgeted(budget) as result:
            result.solutions = my_search(...)   # may raise BudgetExhausted via budget.tick()
    """
    result = SearchResult() if result is None else result
    owner = budget is not None and not budget.running
    if owner:
        budget.start()
    try:
        yield result
    except BudgetExhausted:
        pass
    finally:
        if owner:
            budget.close()
    result.stopped = budget.stopped if budget is not None else None
    result.exhausted = result.stopped is None


def collect(goals: Iterator[tuple[Any, float, Any]], probe: Probe | None, budget: Budget | None, *,
            first_only: bool = False, proves_optimum: bool = False) -> SearchResult:
    """Drain a strategy's generator into a SearchResult, honouring the budget."""
    with budgeted(budget) as result:
        for found in _founds(goals, probe):
            result.solutions.append(found)
            if first_only:
                break
    if first_only and result.solutions:
        result.exhausted = proves_optimum  # stopping at the first goal finishes the search only for A*
    return result


def pick(registry: dict[str, Any], name: str, kind: str = "strategy"):
    """The entry called `name` in a strategy registry, or an `UnknownName` error listing the choices."""
    try:
        return registry[name]
    except KeyError:
        raise UnknownName(kind, name, registry) from None


def _check_width(width: int) -> None:
    if not isinstance(width, int) or width < 1:
        raise WordlabError(f"beam width must be a positive integer, not {width!r}")
