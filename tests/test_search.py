"""The generic strategies on small problems with answers known by brute force."""

import math
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.errors import UnknownName, WordlabError
from wordlab.search import (Budget, Probe, SearchProblem, astar, beam, beam_stack, breadth_first, budgeted,
                            depth_first, greedy, iter_solutions, search)


class Graph(SearchProblem):
    """A weighted directed graph on nodes 0..n-1, from 0 to n-1, with a heuristic table."""

    def __init__(self, n, edges, h=None):
        self.n, self.edges, self.h = n, edges, h or {}

    def start(self):
        return 0

    def is_goal(self, node):
        return node == self.n - 1

    def successors(self, node):
        return [(b, c) for (a, b), c in sorted(self.edges.items()) if a == node]

    def heuristic(self, node):
        return self.h.get(node, 0)


def shortest(n, edges):
    """Bellman-Ford distances to node n-1 (independent of the strategies under test)."""
    dist = [math.inf] * n
    dist[n - 1] = 0
    for _ in range(n):
        for (a, b), c in edges.items():
            dist[a] = min(dist[a], c + dist[b])
    return dist


@st.composite
def graphs(draw):
    n = draw(st.integers(2, 7))
    pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
    chosen = draw(st.lists(st.sampled_from(pairs), unique=True, max_size=len(pairs)))
    edges = {pair: draw(st.integers(1, 9)) for pair in chosen}
    dist = shortest(n, edges)
    shrink = draw(st.sampled_from([0, 0.5, 1]))
    return Graph(n, edges, {v: d * shrink for v, d in enumerate(dist) if d < math.inf}), dist[0]


@given(graphs(), st.integers(1, 3))
def test_astar_and_beam_stack_find_optimal_costs(case, width):
    graph, optimum = case
    for result in (astar(graph), beam_stack(graph, width=width, max_depth=3 * graph.n)):
        if optimum == math.inf:
            assert not result.solutions
        else:
            assert result.best.cost == optimum
            assert result.exhausted


class Tiles(SearchProblem):
    """Strings over 'ab' of length 4; goals have exactly two a's. Six goals, 31 nodes."""

    def start(self):
        return ""

    def is_goal(self, s):
        return len(s) == 4 and s.count("a") == 2

    def successors(self, s):
        return [] if len(s) >= 4 else [(s + c, 1 if c == "a" else 2) for c in "ab"]

    def heuristic(self, s):
        return 4 - len(s)


GOALS = sorted("".join(p) for p in product("ab", repeat=4) if "".join(p).count("a") == 2)


def test_depth_and_breadth_first_find_every_goal_and_count_nodes():
    for strategy in (depth_first, breadth_first):
        probe = Probe()
        result = strategy(Tiles(), probe=probe)
        assert sorted(f.value for f in result.solutions) == GOALS
        assert result.exhausted
        assert probe.expansions == 31
        assert probe.depth_profile() == [1, 2, 4, 8, 16]
    assert [f.value for f in depth_first(Tiles()).solutions] == GOALS  # tree order is alphabetical


def test_best_first_family_costs():
    assert astar(Tiles()).best.cost == 6 and astar(Tiles()).best.value == "aabb"
    assert greedy(Tiles()).best.value in GOALS
    assert beam(Tiles(), width=8).best.cost == 6
    assert not beam(Tiles(), width=4).solutions  # the beam keeps a-heavy prefixes and misses every goal
    assert search(Tiles(), "beam-stack", width=1).best.cost == 6


def test_beam_stack_streams_improving_solutions_and_proves_the_optimum():
    class Misleading(Tiles):
        def heuristic(self, s):  # admissible but uninformative: first solutions are poor
            return 0

        def order_key(self, s):  # prefer b's, so the first goal found is expensive
            return s.replace("a", "z")

    found = list(iter_solutions(Misleading(), "beam-stack", width=1))
    costs = [f.cost for f in found]
    assert costs == sorted(costs, reverse=True) and len(set(costs)) == len(costs)
    assert costs[-1] == 6
    assert beam_stack(Misleading(), width=1).exhausted


def test_node_budget_stops_cleanly_and_says_so():
    probe = Probe()
    result = depth_first(Tiles(), probe=probe, budget=Budget(nodes=10))
    assert result.stopped == "node budget of 10 reached"
    assert not result.exhausted
    assert 0 < len(result.solutions) < len(GOALS)
    assert probe.expansions == 10


def test_time_budget_stops_an_endless_search():
    class Endless(SearchProblem):
        def start(self):
            return 0

        def is_goal(self, n):
            return False

        def successors(self, n):
            return [(n + 1, 1)]

    result = depth_first(Endless(), budget=Budget(seconds=0.05))
    assert result.stopped == "time budget of 0.05 s reached"


@pytest.mark.parametrize("bad", [dict(nodes=-1), dict(seconds=-0.5), dict(nodes=float("nan"))])
def test_negative_budgets_are_refused(bad):
    with pytest.raises(WordlabError, match="non-negative"):
        Budget(**bad)


def test_unknown_strategy_and_bad_width_are_refused():
    with pytest.raises(UnknownName, match="unknown strategy 'dijkstra'.*astar"):
        search(Tiles(), "dijkstra")
    with pytest.raises(WordlabError, match="beam width"):
        beam(Tiles(), width=0)


def test_probe_records_a_bounded_tree():
    probe = Probe(tree_limit=7)
    depth_first(Tiles(), probe=probe)
    assert len(probe.tree) == 7
    assert [(depth, label) for _, _, depth, label in probe.tree[:3]] == [(0, ""), (1, "a"), (2, "aa")]
    assert all(parent is None or parent < node for node, parent, _, _ in probe.tree)


def test_every_strategy_reports_the_path_to_its_goal():
    for name in ("depth-first", "breadth-first", "greedy", "astar", "beam", "beam-stack"):
        best = search(Tiles(), name, **({"width": 8} if "beam" in name else {})).best
        assert best.path == [best.value[:i] for i in range(len(best.value) + 1)], name


def test_a_budget_caught_inside_still_marks_the_outer_search_stopped():
    budget = Budget(nodes=5)
    with budgeted(budget) as outer:
        found = list(iter_solutions(Tiles(), "depth-first", budget=budget))  # ends quietly at the budget
    assert len(found) < len(GOALS)
    assert outer.stopped == "node budget of 5 reached" and not outer.exhausted
    assert not budget.running


def test_a_finished_search_under_a_budget_is_exhausted():
    with budgeted(Budget(nodes=1000)) as result:
        result.solutions = depth_first(Tiles()).solutions
    assert result.exhausted and result.stopped is None


def test_iter_solutions_refuses_options_the_strategy_does_not_have():
    with pytest.raises(WordlabError, match="'astar' has no option width"):
        next(iter_solutions(Tiles(), "astar", width=3))
    assert [f.cost for f in iter_solutions(Tiles(), "beam", width=8)][0] == 6
