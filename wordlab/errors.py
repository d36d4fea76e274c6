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


def whole_number(value, name: str, low: int, high: int | None = None) -> int:
    """`value` if it is a whole number from `low` to `high` (no upper limit when None), else a `WordlabError`
    naming `name`, its range and what was given: for the numeric arguments of public functions."""
    if isinstance(value, bool) or not isinstance(value, int):
        shown = f"{type(value).__name__} {value!r:.40}"
    elif value < low or (high is not None and value > high):
        shown = f"{value:,}"
    else:
        return value
    limits = f"from {low:,} to {high:,}" if high is not None else f"of at least {low:,}"
    raise WordlabError(f"{name} must be a whole number {limits}, not {shown}")
