"""The errors wordlab raises on bad input. All are `ValueError`s, so callers can catch one thing."""


class WordlabError(ValueError):
    """Bad input to wordlab: the message names the problem."""

    def _render_traceback_(self) -> list[str]:
        """In IPython and Jupyter, the one line that names the problem, not a traceback through wordlab."""
        return [f"{type(self).__name__}: {self}"]


class SourceUnavailable(WordlabError):
    """A word source is missing; the message says how to get it."""


class UnknownName(WordlabError):
    """A name (source, strategy, puzzle) that wordlab does not know."""

    def __init__(self, kind: str, name: str, known):
        super().__init__(f"unknown {kind} {name!r}; choose one of: {', '.join(sorted(known))}")
