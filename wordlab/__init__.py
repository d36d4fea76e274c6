"""wordlab: watch search algorithms solve word puzzles, measure them, and learn why one beats another."""

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError

__version__ = "0.1.0"
__all__ = ["WordlabError", "SourceUnavailable", "UnknownName", "check", "exercise", "exercises", "show", "strategy",
           "__version__"]

LAZY = {"show": "wordlab.source", "check": "wordlab.classroom", "exercise": "wordlab.classroom",
        "exercises": "wordlab.classroom", "strategy": "wordlab.classroom"}


def __getattr__(name: str):
    """`wordlab.show` (from `wordlab.source`) and the classroom's `check`, `exercise`, `exercises` and
    `strategy` are imported on first use: commands never pay for them."""
    if name in LAZY:
        import importlib

        return getattr(importlib.import_module(LAZY[name]), name)
    raise AttributeError(f"module 'wordlab' has no attribute {name!r}")
