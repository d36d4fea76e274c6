"""Generic search strategies over a `SearchProblem`, each written once, each watchable.

Every strategy is a generator of the one protocol shape (see `wordlab.search.result`): it yields
`(goal state, cost, path)` for each goal it reaches, and returns False when it stopped without covering
its whole space (a beam that cut nodes, a first goal taken). `search(problem, name)` runs one through
`wordlab.search.run`, which owns the budget and collects a `Result`; `iter_solutions` streams the goals.

Costs are path costs g; heuristics h must be admissible (never overestimate) for A* and
beam-stack search to return optimal costs.
"""

from __future__ import annotations

import heapq
import math
from itertools import count
from typing import Any, Callable, Hashable, Iterable, Iterator

from wordlab.errors import WordlabError
from wordlab.search.probe import Budget, BudgetExhausted, Found, Probe
from wordlab.search.result import Result, check_options, pick, run

State = Hashable
UNBOUNDED = 10**9  # the default depth limit: none in practice


class SearchProblem:
    """What a strategy needs to know about a problem. Subclass and override.

    States must be hashable; beam and beam-stack search break ties in f by `order_key(state)`,
    which defaults to the state itself (so states should be orderable, or override it). Recorded
    runs (`Probe(record=N)`) keep `snapshot(state)`, the state itself unless overridden.
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

    def snapshot(self, state: State) -> Any:
        """What a recorded run keeps of a state (states are immutable, so the state itself)."""
        return state


# -- the strategies --------------------------------------------------------------------------------
# A link is (state, parent link), from which `path(link)` recovers the states from the start: one
# small tuple per node kept. Recorded runs also map each expanded state to its event id, so the
# viewer can draw the tree: `_seen` reports an expansion and remembers where it was recorded.


def path(link) -> list:
    """The states from the start to the end of a parent-link chain."""
    states = []
    while link is not None:
        state, link = link
        states.append(state)
    return states[::-1]


def _seen(problem, probe, ids: dict, depth: int, frontier: int, state, parent) -> None:
    """Tell the probe a node is expanded; while it records, keep the state and link it to its parent."""
    if probe.recording:
        ids[state] = probe.expand(depth, frontier, state=problem.snapshot(state), parent=ids.get(parent))
    else:
        probe.expand(depth, frontier)


def depth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                max_depth: int = UNBOUNDED, first_only: bool = False):
    """Depth-first backtracking: every goal, in tree order, with an explicit stack of successor
    iterators (no recursion limit); a state already on the current path is skipped, so cycles cannot
    trap it. Memory O(depth); time O(nodes in the tree)."""
    start, ids = problem.start(), {}
    link = (start, None)
    if budget:
        budget.tick()
    if probe:
        _seen(problem, probe, ids, 0, 1, start, None)
        probe.node(0, problem.label(start))
    if problem.is_goal(start):
        yield start, 0, [start]
        return not first_only
    stack = [(start, 0, iter(problem.successors(start)), link)]
    on_path = {start}
    while stack:
        state, g, successors, link = stack[-1]
        depth = len(stack)
        nxt = next(successors, None) if depth <= max_depth else None
        if nxt is None:
            stack.pop()
            on_path.discard(state)
            if probe:
                probe.backtrack(depth - 1)
            continue
        child, step = nxt
        if child in on_path:
            continue
        child_link = (child, link)
        if budget:
            budget.tick()
        if probe:
            _seen(problem, probe, ids, depth, len(stack), child, state)
            probe.node(depth, problem.label(child))
        if problem.is_goal(child):
            yield child, g + step, path(child_link)
            if first_only:
                return False
        else:
            stack.append((child, g + step, iter(problem.successors(child)), child_link))
            on_path.add(child)


def breadth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                  max_depth: int = UNBOUNDED, first_only: bool = False):
    """The "list of successes": keep every surviving partial solution, one layer at a time; every goal,
    shallowest first. Memory O(widest layer); time O(nodes in the tree)."""
    start, ids = problem.start(), {}
    layer = [(start, 0, None, (start, None))]
    for depth in range(max_depth + 1):
        if not layer:
            return True
        next_layer = []
        for state, g, parent, link in layer:
            if budget:
                budget.tick()
            node_id = probe.node(depth, problem.label(state), parent) if probe else None
            if probe:
                _seen(problem, probe, ids, depth, len(layer), state, link[1][0] if link[1] else None)
            if problem.is_goal(state):
                yield state, g, path(link)
                if first_only:
                    return False
                continue
            next_layer.extend((child, g + step, node_id, (child, link)) for child, step in problem.successors(state))
        if probe:
            probe.generate(depth, len(next_layer))
        layer = next_layer
    return not layer


def _best_first(problem, probe, budget, priority, first_only: bool):
    """Pop the open node of least `priority(g, h)`; heap with lazy deletion of stale entries."""
    start, ids = problem.start(), {}
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
            _seen(problem, probe, ids, depth, len(frontier), state, link[1][0] if link[1] else None)
        if problem.is_goal(state):
            yield state, g, path(link)
            if first_only:
                return True
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if g2 < best_g.get(child, math.inf):
                best_g[child] = g2
                entry = (priority(g2, problem.heuristic(child)), next(tie), g2, child, depth + 1, (child, link))
                heapq.heappush(frontier, entry)
                if probe:
                    probe.generate(depth + 1)
    return True


def greedy(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
           first_only: bool = True):
    """Greedy best-first: always expand the node that looks closest to a goal (least h). Fast when h is
    good, not optimal. Time and memory O(nodes generated · log)."""
    complete = yield from _best_first(problem, probe, budget, lambda g, h: h, first_only)
    return complete and not first_only


def astar(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
          first_only: bool = True):
    """A*: expand the node of least f = g + h; the first goal popped is optimal when h is admissible.
    Memory O(nodes generated), which is its weakness."""
    return (yield from _best_first(problem, probe, budget, lambda g, h: g + h, first_only))


# A layer maps state → (key, g, link), where key = (f, order key) is computed once per node and
# orders the layer: beam search keeps the least keys, beam-stack search admits ranges of keys.


def _keyed(problem, state, g: float, link) -> tuple:
    """A layer entry for `state` reached at cost `g`."""
    return (g + problem.heuristic(state), problem.order_key(state)), g, link


def _ranked(layer: dict, width: int | None = None) -> list:
    """Layer entries sorted by key; the best `width` of them if given."""
    ranked = sorted(layer.items(), key=lambda item: item[1][0])
    return ranked if width is None else ranked[:width]


def _next_layer(problem, layer, probe, budget, depth, admit, ids):
    """Expand a layer in rank order: yield its goals, return the successors whose key `admit` accepts."""
    next_layer: dict = {}
    for state, (_, g, link) in _ranked(layer):
        if budget:
            budget.tick()
        if probe:
            _seen(problem, probe, ids, depth, len(layer), state, link[1][0] if link[1] else None)
        if problem.is_goal(state):
            yield state, g, path(link)
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if child not in next_layer or g2 < next_layer[child][1]:
                entry = _keyed(problem, child, g2, (child, link))
                if admit(entry[0]):
                    next_layer[child] = entry
    return next_layer


def beam(problem: SearchProblem, *, width: int = 100, probe: Probe | None = None, budget: Budget | None = None,
         max_depth: int = UNBOUNDED, first_only: bool = False):
    """Beam search: breadth-first by layers, keeping only the `width` best nodes (least f = g + h) of
    each. Incomplete, not optimal; memory O(width · branching), time O(depth · width · branching)."""
    _check_width(width)
    start, ids, cut = problem.start(), {}, False
    layer = {start: _keyed(problem, start, 0, (start, None))}
    for depth in range(max_depth + 1):
        if not layer:
            return not cut
        goals = _next_layer(problem, layer, probe, budget, depth, lambda key: True, ids)
        while True:
            try:
                yield next(goals)
            except StopIteration as done:
                next_layer = done.value
                break
            if first_only:
                return False
        if len(next_layer) > width:
            cut = True
            if probe:
                probe.prune(depth + 1, len(next_layer) - width, why=f"outside the beam of {width}")
        layer = dict(_ranked(next_layer, width))
    return False


def beam_stack(problem: SearchProblem, *, width: int = 100, upper: float = math.inf, probe: Probe | None = None,
               budget: Budget | None = None, max_depth: int = UNBOUNDED):
    """Beam-stack search (Zhou & Hansen 2005): beam search that backtracks, so it is complete; anytime
    (each solution beats the last) and memory-bounded, O(depth · width · branching). When it finishes,
    the best solution is optimal.

    The beam stack holds, per layer, the half-open range [lo, hi) of (f, order key) admitted into
    the next layer. A pass is a beam search inside those ranges; when a layer overflows, its range
    is cut at the first pruned node. Between passes the deepest unfinished range moves on to
    [hi, U) where U is the best cost so far. When the stack empties every node with f < U has been
    covered, so the last solution is optimal (given an admissible heuristic). On a graph with cycles,
    give `max_depth` or an `upper` bound: until it has a first solution, a narrow beam can otherwise
    descend for ever.
    """
    _check_width(width)
    low = (-math.inf,)
    stack: list[list] = []
    start, ids = problem.start(), {}

    def admit(key) -> bool:  # reads the current `upper`, `lo` and `hi` of the enclosing search
        return key[0] < upper and lo <= key < hi

    while True:
        layer, depth = {start: _keyed(problem, start, 0, (start, None))}, 0
        while layer and depth <= max_depth:
            if len(stack) == depth:
                stack.append([low, (upper,)])
            lo, hi = stack[depth]
            goals = _next_layer(problem, layer, probe, budget, depth, admit, ids)
            while True:
                try:
                    state, g, states = next(goals)
                except StopIteration as done:
                    next_layer = done.value
                    break
                if g < upper:
                    upper = g
                    yield state, g, states
            if len(next_layer) > width:
                ranked = _ranked(next_layer)
                stack[depth][1] = ranked[width][1][0]  # the key of the first node cut
                if probe:
                    probe.prune(depth + 1, len(ranked) - width, why=f"beyond this pass's beam of {width}")
                next_layer = dict(ranked[:width])
            layer, depth = next_layer, depth + 1
        del stack[depth:]  # ranges below the last layer reached are rebuilt on the next pass
        while stack and stack[-1][1] >= (upper,):
            stack.pop()
        if not stack:
            return True
        stack[-1] = [stack[-1][1], (upper,)]


STRATEGIES: dict[str, Callable[..., Iterator]] = {
    "depth-first": depth_first,
    "breadth-first": breadth_first,
    "greedy": greedy,
    "astar": astar,
    "beam": beam,
    "beam-stack": beam_stack,
}


def search(problem: SearchProblem, strategy: str = "astar", *, probe: Probe | None = None,
           budget: Budget | None = None, **options) -> Result:
    """Run the named generic strategy on `problem` (through the one runner, which owns the budget)."""
    return run(STRATEGIES, strategy, problem, probe=probe, budget=budget, **options)


def iter_solutions(problem: SearchProblem, strategy: str = "beam-stack", *, probe: Probe | None = None,
                   budget: Budget | None = None, **options) -> Iterator[Found]:
    """Stream goals as the named strategy finds them (for beam-stack search: each improvement), each a
    `Found` with its path. `options` are the strategy's own (`width`, `upper`, `max_depth`). Ends quietly
    when the budget runs out; `budget.stopped` then says why."""
    goals = pick(STRATEGIES, strategy)
    check_options(goals, strategy, tuple(sorted(options)))
    clock = probe or Probe()
    owner = budget is not None and not budget.running
    if owner:
        budget.start()
    try:
        for state, cost, states in goals(problem, probe=probe, budget=budget, **options):
            yield clock.solution(state, cost, states)
    except BudgetExhausted:
        return
    finally:
        if owner:
            budget.close()


def _check_width(width: int) -> None:
    if not isinstance(width, int) or isinstance(width, bool) or width < 1:
        raise WordlabError(f"beam width must be a positive integer, not {width!r}")
