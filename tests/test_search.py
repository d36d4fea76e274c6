"""The generic strategies on small problems with answers known by brute force."""

import gc
import math
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.errors import UnknownName, WordlabError
from wordlab.search import Bound, Budget, Probe, Result, SearchProblem, iter_solutions, run, search


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
    for result in (search(graph, "astar"), search(graph, "beam-stack", width=width, max_depth=3 * graph.n)):
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
    for strategy in ("depth-first", "breadth-first"):
        probe = Probe()
        result = search(Tiles(), strategy, probe=probe)
        assert sorted(f.value for f in result.solutions) == GOALS
        assert result.exhausted
        assert probe.expansions == 31
        assert probe.depth_profile() == [1, 2, 4, 8, 16]
    assert search(Tiles(), "depth-first").values == GOALS  # tree order is alphabetical
    first = search(Tiles(), "depth-first", first_only=True)
    assert first.values == GOALS[:1] and not first.exhausted  # one goal taken: the space is not covered


def test_best_first_family_costs():
    best = search(Tiles(), "astar")
    assert best.cost == 6 and best.value == "aabb" and best.exhausted and best.optimal
    assert search(Tiles(), "greedy").value in GOALS and not search(Tiles(), "greedy").exhausted
    assert search(Tiles(), "beam", width=8).cost == 6
    narrow = search(Tiles(), "beam", width=4)
    assert not narrow.solutions and not narrow.exhausted  # the beam keeps a-heavy prefixes and misses every goal
    assert search(Tiles(), "beam-stack", width=1).cost == 6


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
    assert search(Misleading(), "beam-stack", width=1).exhausted


def test_node_budget_stops_cleanly_and_says_so():
    probe = Probe()
    result = search(Tiles(), "depth-first", probe=probe, budget=Budget(nodes=10))
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

    gc.freeze()  # the suite's own heap stays out of the collector's passes, which are not the search's time
    try:
        result = search(Endless(), "depth-first", budget=Budget(seconds=0.05))
    finally:
        gc.unfreeze()
    assert result.stopped == "time budget of 0.05 s reached"
    assert 0.05 <= result.seconds < 1.0  # a loose bound: a busy machine may delay the process


@pytest.mark.parametrize("bad", [dict(nodes=-1), dict(seconds=-0.5), dict(nodes=float("nan")),
                                 dict(seconds=float("nan")), dict(seconds=math.inf), dict(nodes=math.inf),
                                 dict(nodes=2.5), dict(seconds="1"), dict(nodes=True)])
def test_bad_budgets_are_refused_naming_the_limit(bad):
    (name, value), = bad.items()
    with pytest.raises(WordlabError, match=f"budget {name} must be"):
        Budget(**bad)


@pytest.mark.parametrize("limit", [dict(nodes=0), dict(seconds=0)])
def test_a_zero_budget_stops_at_once_and_says_so(limit):
    probe = Probe()
    result = search(Tiles(), "depth-first", probe=probe, budget=Budget(**limit))
    assert result.stopped and not result.solutions and not result.exhausted
    assert probe.expansions == 0


def test_the_runner_charges_set_up_to_the_budget():
    def slow_setup(given, *, probe=None, budget=None):
        while True:  # an index that would never finish: only budget.check() ends it
            budget.check()
        yield given, 0

    result = run({"slow": slow_setup}, "slow", "x", budget=Budget(seconds=0.05))
    assert result.stopped == "time budget of 0.05 s reached" and not result.solutions
    assert result.seconds < 0.3


def test_the_runner_collects_bounds_incompleteness_and_prepared_input():
    def counting(given, *, probe=None, budget=None, stop_early=False):
        """Yield 3, 2, 1 as improving solutions, proving 1 optimal at the end."""
        for cost in (3, 2, 1):
            yield f"{given}{cost}", cost
            if stop_early:
                return False
        yield Bound(1)

    result = run({"count": counting}, "count", " n ", prepare=str.strip)
    assert result.given == "n" and result.values == ["n3", "n2", "n1"] and result.value == "n1"
    assert result.bound == 1 and result.exhausted and result.optimal
    early = run({"count": counting}, "count", "n", stop_early=True)
    assert early.values == ["n3"] and not early.exhausted and not early.optimal
    with pytest.raises(WordlabError, match="'count' has no option width; it takes stop_early"):
        run({"count": counting}, "count", "n", width=3)

    class Score(Result):
        maximise = True

    scored = run({"count": counting}, "count", "n", result=Score)
    assert isinstance(scored, Score) and scored.value == "n3" and scored.optimal  # the biggest, all seen
    assert scored.as_dict()["value"] == "n3"


def test_a_recording_probe_keeps_the_first_events_with_states_and_parents():
    probe = Probe(record=12)
    result = search(Tiles(), "depth-first", probe=probe)
    assert len(probe.events) == 12 and not probe.recording
    expands = [e for e in probe.events if e.kind == "expand"]
    assert [e.state for e in expands[:4]] == ["", "a", "aa", "aaa"]
    for e in expands[1:]:
        assert probe.events[e.parent].state == e.state[:-1]  # each node hangs under the one it extends
    assert result.values == GOALS  # recording changes nothing about the search
    with pytest.raises(WordlabError, match=r"Probe\(record=...\)"):
        Probe(record=-1)


def test_unknown_strategy_and_bad_width_are_refused():
    with pytest.raises(UnknownName, match="unknown strategy 'dijkstra'.*astar"):
        search(Tiles(), "dijkstra")
    with pytest.raises(WordlabError, match="beam width"):
        search(Tiles(), "beam", width=0)


def test_probe_records_a_bounded_tree():
    probe = Probe(tree_limit=7)
    search(Tiles(), "depth-first", probe=probe)
    assert len(probe.tree) == 7
    assert [(depth, label) for _, _, depth, label in probe.tree[:3]] == [(0, ""), (1, "a"), (2, "aa")]
    assert all(parent is None or parent < node for node, parent, _, _ in probe.tree)


def test_every_strategy_reports_the_path_to_its_goal():
    for name in ("depth-first", "breadth-first", "greedy", "astar", "beam", "beam-stack"):
        best = search(Tiles(), name, **({"width": 8} if "beam" in name else {})).best
        assert best.path == [best.value[:i] for i in range(len(best.value) + 1)], name


def test_nested_runs_share_one_budget_and_the_outer_run_says_it_stopped():
    budget = Budget(nodes=5)

    def twice(given, *, probe=None, budget=None):
        for _ in range(2):
            yield from ((r.value, r.cost) for r in [search(given, "depth-first", probe=probe, budget=budget)] if r)

    probe = Probe()
    outer = run({"twice": twice}, "twice", Tiles(), probe=probe, budget=budget)
    assert outer.stopped == "node budget of 5 reached" and not outer.exhausted
    assert probe.expansions == 5  # the second inner search found the budget spent and did not restart it
    assert not budget.running


def test_iter_solutions_refuses_options_the_strategy_does_not_have():
    with pytest.raises(WordlabError, match="'astar' has no option width"):
        next(iter_solutions(Tiles(), "astar", width=3))
    assert [f.cost for f in iter_solutions(Tiles(), "beam", width=8)][0] == 6


def test_a_strategy_that_yields_without_ticking_still_stops_at_its_time_budget():
    import time as clock

    def chatty(given, *, probe=None, budget=None):
        while True:  # never charges a node, but hands control back at every yield
            yield "x", 1

    started = clock.perf_counter()
    result = run({"chatty": chatty}, "chatty", None, budget=Budget(seconds=0.2))
    assert result.stopped == "time budget of 0.2 s reached" and clock.perf_counter() - started < 2
