"""What every `wordlab solve|bench PUZZLE` command shares: `--words`, `--strategy`, budgets, and the report."""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from typing import Any

from wordlab.search.probe import Budget
from wordlab.search.result import at_most, taken  # noqa: F401 (the CLI modules take them from here)


@dataclass
class Report:
    """What a command prints: `text` for people, `data` (JSON-able) for `--json`; with `lines=True`,
    `data` is a list printed as JSON lines, one object per line (a stream a reader can process line by line)."""

    text: str
    data: Any = field(default_factory=dict)
    lines: bool = False
    status: int = 0  # the exit status once printed: 1 when an answer failed the puzzle's verify

    def unless_verified(self, name: str, result, verify, puzzle: str) -> "Report":
        """This report, marked when an answer of `result` fails `verify(result.given, answer)`: a line
        "NOT VERIFIED: …" after the answer, `verified: false` in the data, and exit status 1 (a strategy of your
        own is not trusted, and neither is a built-in)."""
        wrong = [value for value in result.values if not _verifies(verify, result.given, value)]
        if isinstance(self.data, dict):
            self.data["verified"] = not wrong
        if wrong:
            shown = repr(wrong[0])
            shown = shown if len(shown) <= 80 else shown[:79] + "…"
            self.text += (f"\nNOT VERIFIED: {name}'s answer {shown} fails {puzzle}'s verify"
                          + (f" ({len(wrong)} of {len(result.values)} answers fail)" if len(result.values) > 1 else ""))
            self.status = 1
        return self

    def as_json(self) -> str:
        """Strict JSON: a missing or infinite figure (NaN) is null, never the NaN that JSON does not allow."""
        if self.lines:
            return "\n".join(json.dumps(strict(item), default=str, allow_nan=False) for item in self.data)
        return json.dumps(strict(self.data), indent=2, default=str, allow_nan=False)


def _verifies(verify, given, value) -> bool:
    try:
        return bool(verify(given, value))
    except Exception:  # an answer too malformed for the verifier to read is not verified
        return False


def strict(data: Any) -> Any:
    """`data` with every NaN, infinity or pandas NA as None and numpy scalars as Python numbers (for strict
    JSON), through dicts, lists and tuples."""
    from wordlab.bench import plain

    if isinstance(data, dict):
        return {key: strict(value) for key, value in data.items()}
    if isinstance(data, (list, tuple)):
        return [strict(value) for value in data]
    try:
        return plain(data)
    except (TypeError, ValueError):
        return data


def add_words_option(parser: argparse.ArgumentParser, default: str, prefer: tuple[str, ...] = ()) -> None:
    """`--words NAME|PATH`; with `prefer`, the default is the first of those lists available offline, else
    `default`, decided only when the command runs without --words (looking costs a load)."""
    about = f"{' or '.join(prefer)} when available, else {default}" if prefer else default
    parser.add_argument("--words", default=None if prefer else default, metavar="NAME|PATH",
                        help=f"word source: a name from `wordlab words`, `name:arg`, a file, or a+b (default {about})")
    if prefer:
        parser.set_defaults(words_preferred=(prefer, default))


def resolve_words(args: argparse.Namespace) -> argparse.Namespace:
    """Fill in a preferred default word list (see `add_words_option`) when --words was not given."""
    preferred = getattr(args, "words_preferred", None)
    if preferred and args.words is None:
        from wordlab.words import best_available

        args.words = best_available(*preferred[0], fallback=preferred[1])
    return args


def add_strategy_option(parser: argparse.ArgumentParser, strategies, default: str | None = None,
                        many: bool = False) -> None:
    """`--strategy NAME` (or, with `many`, `--strategies NAME ...`): a name of `strategies`, or your own
    strategy as `module:function` (see `strategy_type`)."""
    names = list(strategies)
    known = strategy_type(strategies)
    own = "; or module:function for your own"
    if many:
        parser.add_argument("--strategies", nargs="+", type=known, default=names, metavar="NAME",
                            help=f"strategies to run (default all: {', '.join(names)}{own})")
    else:
        parser.add_argument("--strategy", type=known, default=default or names[0], metavar="NAME",
                            help=f"one of {', '.join(names)} (default {default or names[0]}{own})")


def strategy_type(strategies):
    """An argparse `type` that accepts a name of `strategies` or an address `module:function` whose module
    imports and holds that function (checked now, so a mistake is one line before any work); the value
    stays the text, which `wordlab.search.run` resolves."""
    from wordlab.errors import WordlabError
    from wordlab.search.result import imported, pick

    def strategy(text: str) -> str:
        if text in strategies:
            return text
        if ":" not in text:
            import difflib

            close = difflib.get_close_matches(text, list(strategies), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from {', '.join(strategies)}, "
                                             f"or give your own as module:function){hint}")
        try:
            pick(strategies, imported(text))
        except WordlabError as problem:
            raise argparse.ArgumentTypeError(str(problem)) from None
        return text

    strategy.__name__ = "strategy"
    return strategy


_COMMAND_STARTED: list[float | None] = [None]  # when the running command started (time.perf_counter)


def start_command_clock(started: float | None) -> None:
    """Start (or, with None, stop) the command clock that every budget of the command counts from: `main`
    starts it as it begins and stops it as it ends."""
    _COMMAND_STARTED[0] = started


# -- numbers with their ranges: argparse types, so a value out of range is one line naming its option ---------


def whole(low: int, high: int | None = None):
    """An argparse `type`: a whole number from `low` to `high` (no upper limit when None); argparse names the
    option in the error ("argument --order: ...")."""

    def whole_number(text: str) -> int:
        try:
            value = int(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number {_range(low, high)}, not {text!r}") from None
        _within(value, low, high, f"{value:,}")
        return value

    whole_number.__name__ = "whole number"
    return whole_number


def number(low: float, high: float | None = None):
    """An argparse `type`: a finite number from `low` to `high` (no upper limit when None)."""
    import math

    def finite_number(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number {_range(low, high)}, not {text!r}") from None
        if not math.isfinite(value):
            raise argparse.ArgumentTypeError(f"must be a finite number {_range(low, high)}, not {text}")
        _within(value, low, high, text)
        return value

    finite_number.__name__ = "number"
    return finite_number


def _within(value: float, low: float, high: float | None, shown: str) -> None:
    """Refuse `value` below `low` or above `high`, saying which limit it passed."""
    if value < low:
        upto = f" (and at most {_plain(high)})" if high is not None else ""
        raise argparse.ArgumentTypeError(f"must be at least {_plain(low)}{upto}, not {shown}")
    if high is not None and value > high:
        raise argparse.ArgumentTypeError(f"must be at most {_plain(high)}, not {shown}")


def _range(low: float, high: float | None) -> str:
    return f"from {_plain(low)} to {_plain(high)}" if high is not None else f"of at least {_plain(low)}"


def _plain(value: float) -> str:
    """1,000 or 0.5: a whole number with thousands marked, a fraction as short as it goes."""
    return f"{value:,}" if isinstance(value, int) or not float(value).is_integer() else f"{int(value):,}"


MOST_SECONDS = 7 * 24 * 3600.0  # a week: a longer time budget is a slip of the keyboard
MOST_NODES = 10 ** 15
MOST_REPEATS = 1000
MOST_SHOWN = 10 ** 6


def add_repeats_option(parser: argparse.ArgumentParser, default: int, about: str = "runs per strategy") -> None:
    parser.add_argument("--repeats", type=whole(1, MOST_REPEATS), default=default,
                        help=f"{about} (default {default}; 1 to {MOST_REPEATS})")


def add_show_option(parser: argparse.ArgumentParser, default: int, what: str) -> None:
    parser.add_argument("--show", type=whole(0, MOST_SHOWN), default=default,
                        help=f"how many {what} to print (default {default}; 0 for none)")


def add_budget_options(parser: argparse.ArgumentParser, default_seconds: float | None = None) -> None:
    """`--max-nodes`, `--max-seconds` (with `default_seconds`, a time budget the command has even when none is
    given, stated in --help) and `--progress`."""
    parser.add_argument("--max-nodes", type=whole(0, MOST_NODES), default=None, help="stop after this many nodes")
    default = (f" (default {default_seconds:g} s, so that no run goes on for ever)" if default_seconds is not None
               else "")
    parser.add_argument("--max-seconds", type=number(0, MOST_SECONDS), default=default_seconds,
                        help=f"stop after this many seconds of the whole command (loading and checking included)"
                             f"{default}")
    parser.add_argument("--progress", action="store_true", help="show a progress bar")


def budget_from(args: argparse.Namespace) -> Budget | None:
    """The budget of `--max-nodes`, `--max-seconds` and `--progress` (None when none is given). Its seconds
    count from the start of the command (`start_command_clock`), so every budget a command makes ends at the
    same moment: loading, every part of a run in parts, and checking the answers all come out of one budget."""
    nodes, seconds = getattr(args, "max_nodes", None), getattr(args, "max_seconds", None)
    if nodes is None and seconds is None and not getattr(args, "progress", False):
        return None
    return Budget(nodes=nodes, seconds=seconds, progress=getattr(args, "progress", False), since=_COMMAND_STARTED[0])


