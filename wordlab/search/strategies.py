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
from wordlab.search.probe import Budget, BudgetExhausted, Found, Probe, Waiting
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

    ties = "ties by state"     # how `order_key` breaks ties in f, as the player's frames say it

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
# small tuple per node kept. Beside it each open node carries its parent's node id (None unless the
# probe records), so a recorded tree hangs every node under the node that generated it.

QUEUE_SHOWN = 8  # how many frontier entries a recorded step lists


def path(link) -> list:
    """The states from the start to the end of a parent-link chain."""
    states = []
    while link is not None:
        state, link = link
        states.append(state)
    return states[::-1]


def _expanded(probe, problem, depth: int, frontier: int, state, parent, queue=None, facts=None):
    """Tell the probe a node is expanded; while it records, with the state, its parent and the frontier."""
    if not probe.recording:
        return probe.expand(depth, frontier)
    return probe.expand(depth, frontier, state=problem.snapshot(state), parent=parent, queue=queue, facts=facts)


def _listed(problem, entries, first: str = "", every: str = "") -> list:
    """Frontier rows for (state, g, h) triples: the first marked `first`, all the others `every`."""
    return [Waiting(problem.label(state), g, h, None if h is None else g + h, first if i == 0 and first else every)
            for i, (state, g, h) in enumerate(entries)]


def depth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                max_depth: int = UNBOUNDED, first_only: bool = False):
    """Depth-first tree search: every goal, in tree order. A state already on the current path is
    skipped, so cycles cannot trap it, but a state reached by two paths is searched twice.
    Memory O(depth); time O(nodes in the tree)."""
    return (yield from _depth_first(problem, probe, budget, max_depth, first_only, graph=False))


def depth_first_graph(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                      max_depth: int = UNBOUNDED, first_only: bool = False):
    """Depth-first graph search: as depth-first, but a state visited once is never visited again
    (a visited set), so each state is expanded at most once. Memory and time O(states)."""
    return (yield from _depth_first(problem, probe, budget, max_depth, first_only, graph=True))


def _depth_first(problem, probe, budget, max_depth, first_only, graph):
    """Visit a node, then its first child not yet `seen` (the states on the current path, or with
    `graph` every state visited), backtracking from nodes whose children are used up. The stack holds
    an iterator of successors per level, so there is no recursion limit."""
    stack, seen, repeats = [], set(), 0
    child, g, link, parent = problem.start(), 0, None, None
    while True:
        link = (child, link)
        if graph:
            seen.add(child)
        if budget:
            budget.tick()
        node = _expanded(probe, problem, len(stack), len(stack), child, parent,
                         lambda: _listed(problem, [(s, g_, None) for s, g_, *_ in reversed(stack)], "top"),
                         graph and (lambda: (("visited", len(seen)), ("repeats skipped", repeats)))) if probe else None
        if probe:
            probe.node(len(stack), problem.label(child))
        if problem.is_goal(child):
            yield child, g, path(link)
            if first_only:
                return False
        elif len(stack) < max_depth:
            stack.append((child, g, iter(problem.successors(child)), link, node))
            if not graph:
                seen.add(child)
        while True:  # on to the next child not seen, leaving the nodes whose children are used up
            if not stack:
                return True
            state, g, successors, link, parent = stack[-1]
            child, step = next(successors, (None, 0))
            if child is None:
                stack.pop()
                if not graph:
                    seen.discard(state)
                if probe:
                    probe.backtrack(len(stack), node=parent)
            elif child in seen:
                repeats += 1
            else:
                g += step
                break


def breadth_first(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                  max_depth: int = UNBOUNDED, first_only: bool = False):
    """Breadth-first tree search, the "list of successes": keep every partial solution of a layer,
    then extend each into the next; every goal, shallowest first. A state reached by several paths
    is expanded once per path. Memory O(widest layer); time O(nodes in the tree)."""
    return (yield from _layers(problem, probe, budget, max_depth, first_only, graph=False))


def breadth_first_graph(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                        max_depth: int = UNBOUNDED, first_only: bool = False):
    """Breadth-first graph search: as breadth-first, but a state reached before is never queued again
    (a visited set), so each state is expanded once, at its least depth. Memory and time O(states)."""
    return (yield from _layers(problem, probe, budget, max_depth, first_only, graph=True))


def _layers(problem, probe, budget, max_depth, first_only, graph):
    """Expand a layer in order, collecting the children into the next; with `graph`, a child seen
    before is skipped. Returns whether the search ran out of layers (rather than out of depth)."""
    start = problem.start()
    layer, seen, repeats = [(start, 0, (start, None), None)], {start}, 0
    for depth in range(max_depth + 1):
        next_layer = []
        for i, (state, g, link, parent) in enumerate(layer):
            if budget:
                budget.tick()
            node = _expanded(probe, problem, depth, len(layer) - i - 1 + len(next_layer), state, parent,
                             lambda: _listed(problem, [(s, g_, None) for s, g_, *_ in  # the first waiting only
                                                       [*layer[i:i + QUEUE_SHOWN], *next_layer[:QUEUE_SHOWN]]
                                                       ][:QUEUE_SHOWN], "next"),
                             graph and (lambda: (("visited", len(seen)), ("repeats skipped", repeats)))) if probe else None
            if problem.is_goal(state):
                yield state, g, path(link)
                if first_only:
                    return False
                continue
            for child, step in problem.successors(state):
                if graph:
                    if child in seen:
                        repeats += 1
                        continue
                    seen.add(child)
                next_layer.append((child, g + step, (child, link), node))
        if not next_layer:
            return True
        layer = next_layer
    return False


def _best_first(problem, probe, budget, priority, first_only: bool, ordered_by: str = "f = g + h"):
    """Pop the open node of least `priority(g, h)` (described in words by `ordered_by`, for the player);
    a heap with lazy deletion of stale entries."""
    start = problem.start()
    best_g, tie = {start: 0}, count()
    h = problem.heuristic(start)
    frontier = [(priority(0, h), next(tie), 0, h, start, 0, (start, None), None)]
    while frontier:
        entry = heapq.heappop(frontier)
        _, _, g, h, state, depth, link, parent = entry
        if g > best_g[state]:
            continue  # stale: a cheaper path to this state was found after this entry was pushed
        if budget:
            budget.tick()
        node = _expanded(probe, problem, depth, len(frontier), state, parent,
                         lambda: _queue_of(problem, [entry, *heapq.nsmallest(QUEUE_SHOWN, frontier)], best_g),
                         lambda: (("ordered by", ordered_by), ("states reached", len(best_g)))) if probe else None
        if problem.is_goal(state):
            yield state, g, path(link)
            if first_only:
                return True
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if g2 < best_g.get(child, math.inf):
                best_g[child] = g2
                h = problem.heuristic(child)
                heapq.heappush(frontier, (priority(g2, h), next(tie), g2, h, child, depth + 1, (child, link), node))
    return True


def _queue_of(problem, entries, best_g) -> list:
    """Frontier rows of heap entries, stale ones left out, the first (the one taken now) marked."""
    fresh = [(state, g, h) for _, _, g, h, state, *_ in entries if g <= best_g[state]]
    return _listed(problem, fresh[:QUEUE_SHOWN], "next")


def uniform_cost(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
                 first_only: bool = True):
    """Uniform-cost search (Dijkstra's algorithm): always expand the open node of least path cost g,
    ignoring h; the first goal taken is optimal. Time and memory O(nodes generated · log)."""
    return (yield from _best_first(problem, probe, budget, lambda g, h: g, first_only, "g (h is ignored)"))


def greedy(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
           first_only: bool = True):
    """Greedy best-first: always expand the node that looks closest to a goal (least h). Fast when h is
    good, not optimal. Time and memory O(nodes generated · log)."""
    complete = yield from _best_first(problem, probe, budget, lambda g, h: h, first_only, "h (g is ignored)")
    return complete and not first_only


def astar(problem: SearchProblem, *, probe: Probe | None = None, budget: Budget | None = None,
          first_only: bool = True):
    """A*: expand the node of least f = g + h; the first goal popped is optimal when h is admissible.
    Memory O(nodes generated), which is its weakness."""
    return (yield from _best_first(problem, probe, budget, lambda g, h: g + h, first_only))


# A layer maps state → (key, g, link, parent node), where key = (f, order key) is computed once per
# node and orders the layer: beam search keeps the least keys, beam-stack search admits ranges of keys.


def _keyed(problem, state, g: float, link, parent) -> tuple:
    """A layer entry for `state` reached at cost `g` from the node `parent`."""
    return (g + problem.heuristic(state), problem.order_key(state)), g, link, parent


def _ranked(layer: dict, width: int | None = None) -> list:
    """Layer entries sorted by key; the best `width` of them if given."""
    ranked = sorted(layer.items(), key=lambda item: item[1][0])
    return ranked if width is None else ranked[:width]


def _rows(problem, ranked, first: str = "", every: str = "") -> list:
    """Frontier rows of ranked layer entries (h = f − g)."""
    return _listed(problem, [(state, g, key[0] - g) for state, (key, g, *_) in ranked], first, every)


def _next_layer(problem, layer, probe, budget, depth, admit):
    """Expand a layer in rank order: yield its goals, return the successors whose key `admit` accepts."""
    next_layer: dict = {}
    ranked = _ranked(layer)
    for i, (state, (_, g, link, parent)) in enumerate(ranked):
        if budget:
            budget.tick()
        node = _expanded(probe, problem, depth, len(ranked) - i - 1, state, parent,
                         lambda: _rows(problem, ranked[i:i + QUEUE_SHOWN], "next"),
                         lambda: (("ordered by", f"f = g + h, {problem.ties}"),)) if probe else None
        if problem.is_goal(state):
            yield state, g, path(link)
            continue
        for child, step in problem.successors(state):
            g2 = g + step
            if child not in next_layer or g2 < next_layer[child][1]:
                entry = _keyed(problem, child, g2, (child, link), node)
                if admit(entry[0]):
                    next_layer[child] = entry
    return next_layer


def _cut(problem, probe, ranked: list, width: int, depth: int, why: str) -> None:
    """Tell the probe a layer was cut to `width`: one pruned leaf for the cut nodes, under the parent of
    the first of them, listing the last nodes kept and the first cut."""
    state, (_, _, _, parent) = ranked[width]
    half = QUEUE_SHOWN // 2
    probe.prune(depth, len(ranked) - width, parent=parent, why=why, state=lambda: problem.snapshot(state),
                queue=lambda: [*_rows(problem, ranked[max(0, width - half):width], every="kept"),
                               *_rows(problem, ranked[width:width + half], every="cut")],
                facts=lambda: (("kept", f"{width:,}"), ("cut", f"{len(ranked) - width:,}")))


def beam(problem: SearchProblem, *, width: int = 100, probe: Probe | None = None, budget: Budget | None = None,
         max_depth: int = UNBOUNDED, first_only: bool = False):
    """Beam search: breadth-first by layers, keeping only the `width` best nodes (least f = g + h) of
    each. Incomplete, not optimal; memory O(width · branching), time O(depth · width · branching)."""
    _check_width(width)
    start, cut = problem.start(), False
    layer = {start: _keyed(problem, start, 0, (start, None), None)}
    for depth in range(max_depth + 1):
        if not layer:
            return not cut
        goals = _next_layer(problem, layer, probe, budget, depth, lambda key: True)
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
            ranked = _ranked(next_layer)
            if probe:
                _cut(problem, probe, ranked, width, depth + 1, f"outside the beam of {width}")
            next_layer = dict(ranked[:width])
        layer = next_layer
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
    start = problem.start()

    def admit(key) -> bool:  # reads the current `upper`, `lo` and `hi` of the enclosing search
        return key[0] < upper and lo <= key < hi

    while True:
        layer, depth = {start: _keyed(problem, start, 0, (start, None), None)}, 0
        while layer and depth <= max_depth:
            if len(stack) == depth:
                stack.append([low, (upper,)])
            lo, hi = stack[depth]
            goals = _next_layer(problem, layer, probe, budget, depth, admit)
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
                    _cut(problem, probe, ranked, width, depth + 1, f"beyond this pass's beam of {width}")
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
    "depth-first-graph": depth_first_graph,
    "breadth-first": breadth_first,
    "breadth-first-graph": breadth_first_graph,
    "uniform-cost": uniform_cost,
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
