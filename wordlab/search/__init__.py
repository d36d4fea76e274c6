"""Instrumented search: the one strategy protocol (`run`, `Result`), generic strategies, a Probe that
watches them and a Budget that stops them."""

from wordlab.search.probe import Budget, BudgetExhausted, Event, Found, Probe, paced
from wordlab.search.result import Bound, Result, pick, run
from wordlab.search.strategies import (
    STRATEGIES,
    SearchProblem,
    astar,
    beam,
    beam_stack,
    breadth_first,
    depth_first,
    greedy,
    iter_solutions,
    search,
)

__all__ = [
    "Bound", "Budget", "BudgetExhausted", "Event", "Found", "Probe", "Result", "STRATEGIES", "SearchProblem",
    "astar", "beam", "beam_stack", "breadth_first", "depth_first", "greedy",
    "iter_solutions", "paced", "pick", "run", "search",
]
