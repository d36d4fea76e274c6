"""Shared test settings: a headless matplotlib and a modest, deterministic hypothesis profile."""

import os

import matplotlib
from hypothesis import HealthCheck, settings

os.environ.setdefault("MPLBACKEND", "Agg")
matplotlib.use("Agg")

settings.register_profile("wordlab", max_examples=60, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("wordlab")
