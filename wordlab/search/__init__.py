"""Instrumented search: generic strategies, a Probe that watches them and a Budget that stops them."""

from wordlab.search.probe import Budget, BudgetExhausted, Found, Probe
from wordlab.search.strategies import (
    STRATEGIES,
    SearchProblem,
    SearchResult,
    astar,
    beam,
    beam_stack,
    breadth_first,
    budgeted,
    collect,
    depth_first,
    greedy,
    iter_solutions,
    pick,
    search,
)

__all__ = [
    "Budget", "BudgetExhausted", "Found", "Probe",
    "STRATEGIES", "SearchProblem", "SearchResult", "astar", "beam", "beam_stack", "breadth_first",
    "budgeted", "collect", "depth_first", "greedy", "iter_solutions", "pick", "search",
]
