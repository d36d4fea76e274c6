"""Your own strategies as values: name one with `@wordlab.strategy`, and it runs wherever a built-in's name does.

    @wordlab.strategy("iddfs", puzzle="word-ladder")
    def iddfs(ladder, *, probe=None, budget=None):
        ...
        yield ladder_words, len(ladder_words) - 1

    word_ladder.solve(word_ladder.example(), "iddfs")      # or pass the function itself
    wordlab.viz.watch("word-ladder", "iddfs", "astar")
    wordlab solve word-ladder cold warm --strategy mymodule:iddfs     # from the command line

The runner (`wordlab.search.run`) resolves names, functions and `module:function` addresses in one place.
"""

from __future__ import annotations

from typing import Callable, Iterator

from wordlab.errors import WordlabError
from wordlab.search.result import OWN, checked_strategy

Strategy = Callable[..., Iterator]


def strategy(name: str | Strategy | None = None, *, puzzle: str | None = None):
    """Decorator: check a strategy against the protocol, name it for tables (default: its `__name__`) and
    register it under that name, for `puzzle` if given (then `wordlab.check` needs no puzzle, and the name
    may not hide one of that puzzle's built-ins). Use bare (`@strategy`) or called (`@strategy("iddfs")`).
    Registering again under the same name replaces the earlier function (a notebook cell run twice)."""
    if callable(name):
        return _registered(name, None, puzzle)
    if name is not None and (not isinstance(name, str) or not name.strip() or ":" in name):
        raise WordlabError(f"a strategy's name is a non-empty text without ':', not {name!r}")
    return lambda function: _registered(function, name, puzzle)


def _registered(function: Strategy, name: str | None, puzzle: str | None) -> Strategy:
    """Check `function`, then name and register it (nothing changes when a check fails)."""
    name = name or function.__name__
    checked_strategy(function)
    if puzzle is not None:
        from wordlab.puzzles import puzzle_module

        if name in puzzle_module(puzzle).STRATEGIES:
            raise WordlabError(f"{name!r} is already one of {puzzle}'s strategies; give yours another name")
    function.strategy_name = name
    function.strategy_puzzle = puzzle
    OWN[name] = function
    return function


def registered(puzzle: str | None = None) -> dict[str, Strategy]:
    """The strategies named with `strategy`, by name: those for `puzzle` and those for no puzzle in particular
    (all of them without `puzzle`)."""
    return {name: f for name, f in OWN.items()
            if puzzle is None or getattr(f, "strategy_puzzle", None) in (None, puzzle)}
