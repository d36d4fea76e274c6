"""wordlab: watch search algorithms solve word puzzles, measure them, and learn why one beats another."""

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError
from wordlab.show import show

__version__ = "0.1.0"
__all__ = ["WordlabError", "SourceUnavailable", "UnknownName", "show", "__version__"]
