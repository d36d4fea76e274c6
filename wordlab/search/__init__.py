"""Instrumented search: the one strategy protocol (`run`, `Result`), generic strategies, a Probe that
watches them and a Budget that stops them."""

from wordlab.search.probe import Budget, BudgetExhausted, Event, Found, Probe, Waiting, checked, paced, spent_together
from wordlab.search.result import Bound, Result, pick, run
from wordlab.search.strategies import (
    STRATEGIES,
    SearchProblem,
    astar,
    beam,
    beam_stack,
    breadth_first,
    breadth_first_graph,
    depth_first,
    depth_first_graph,
    greedy,
    iter_solutions,
    search,
    uniform_cost,
)

__all__ = [
    "Bound", "Budget", "BudgetExhausted", "Event", "Found", "Probe", "Result", "STRATEGIES", "SearchProblem",
    "Waiting", "astar", "beam", "beam_stack", "breadth_first", "breadth_first_graph", "checked", "depth_first",
    "depth_first_graph", "greedy", "iter_solutions", "paced", "pick", "run", "search", "spent_together",
    "uniform_cost",
]
