"""Helpers several test files share: the system's Chromium, and the command line's one-line errors."""

from __future__ import annotations

import os
import shutil

import pytest

from wordlab.cli import main

CHROMIUM_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]


def chromium() -> str:
    """The system's Chromium (never a downloaded build), or skip saying how to install it; under CI, fail."""
    found = os.environ.get("WORDLAB_CHROMIUM") or next(filter(None, map(shutil.which, CHROMIUM_NAMES)), None)
    if found:
        return found
    reason = "no Chromium found: install it with `apt-get install chromium` (or set WORDLAB_CHROMIUM)"
    if os.environ.get("CI"):
        pytest.fail(reason)
    print(reason)
    pytest.skip(reason)


def cli_error(argv: list[str], capsys) -> str:
    """Run the command line on `argv`, check it refused with exit 2 and one line on stderr, and return that line."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def page_strategy(puzzle: str):
    """The function `mine` that docs/puzzles/<puzzle>.md's code block defines, made by running the block:
    the page and its test run the very same code, so they cannot drift."""
    from pathlib import Path

    page = Path(__file__).resolve().parent.parent / "docs" / "puzzles" / f"{puzzle}.md"
    block = page.read_text(encoding="utf-8").split("```python\n", 1)[1].split("\n```", 1)[0]
    namespace = {"__name__": f"{puzzle.replace('-', '_')}_page"}
    exec(compile(block, page.name, "exec"), namespace)
    return namespace["mine"]
