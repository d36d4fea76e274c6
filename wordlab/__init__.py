"""wordlab: watch search algorithms solve word puzzles, measure them, and learn why one beats another."""

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError

__version__ = "0.1.0"
__all__ = ["WordlabError", "SourceUnavailable", "UnknownName", "show", "__version__"]


def __getattr__(name: str):
    """`wordlab.show` is imported on first use, so commands that never show source do not pay for it."""
    if name == "show":
        from wordlab.show import show

        globals()["show"] = show  # the function, not the submodule of the same name
        return show
    raise AttributeError(f"module 'wordlab' has no attribute {name!r}")
