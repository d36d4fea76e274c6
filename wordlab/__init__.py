"""wordlab: watch search algorithms solve word puzzles, measure them, and learn why one beats another."""

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError

__version__ = "0.1.0"
__all__ = ["WordlabError", "SourceUnavailable", "UnknownName", "show", "__version__"]


def __getattr__(name: str):
    """`wordlab.show` (from `wordlab.source`) is imported on first use: commands never pay for it."""
    if name == "show":
        from wordlab.source import show

        return show
    raise AttributeError(f"module 'wordlab' has no attribute {name!r}")
