"""Shared test settings: a headless matplotlib, a modest deterministic hypothesis profile, the longest tests first."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

os.environ.setdefault("MPLBACKEND", "Agg")
matplotlib.use("Agg")

settings.register_profile("wordlab", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wordlab")

# The tests that take a minute or more, longest first (seconds on a 2-core machine: notebooks 06 and 05 about three
# minutes, the JupyterLab player test about one and a half). Started first, they run beside the short tests instead
# of after them, so that both workers finish at about the same time.
LONGEST_FIRST = ("test_notebook_runs_and_is_published[06_", "test_notebook_runs_and_is_published[05_",
                 "test_players_play_and_slide_in_jupyterlab", "test_notebook_runs_and_is_published[04_",
                 "test_notebook_runs_and_is_published[02_", "test_notebook_runs_and_is_published[00_",
                 "test_held_out_grids_are_restored[1]")


def pytest_collection_modifyitems(items):
    def rank(item) -> int:
        return next((i for i, name in enumerate(LONGEST_FIRST) if item.name.startswith(name)), len(LONGEST_FIRST))

    items.sort(key=rank)  # stable: the other tests keep their order
