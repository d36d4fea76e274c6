"""Paths written short, for anything a reader sees: relative to the project, site-packages or the
standard library, $WORDLAB_DATA/…, ~/…, and a notebook cell's temporary file as `<cell>`. No output
of wordlab shows the machine's own folders."""

from __future__ import annotations

import os
import re
import site
import sysconfig
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
CELL_FILE = re.compile(r"\S*ipykernel_\d+[/\\]\d+\.py")


def _prefixes() -> list[str]:
    """Folders whose paths are written relative, longest first: the project, site-packages, the stdlib."""
    folders = {str(PROJECT), sysconfig.get_paths()["purelib"], sysconfig.get_paths()["stdlib"],
               *getattr(site, "getsitepackages", lambda: [])()}
    return sorted((f.rstrip("/\\") + "/" for f in folders if f), key=len, reverse=True)


def short_paths(text: str) -> str:
    """`text` with absolute paths made relative to the project, site-packages or the standard library,
    and notebook cells' temporary files written `<cell>`."""
    text = CELL_FILE.sub("<cell>", text)
    for prefix in _prefixes():
        text = text.replace(prefix, "")
    return text


def short_path(path: str | None) -> str | None:
    """One file's path written as `short_paths` does; under `WORDLAB_DATA` as $WORDLAB_DATA/…, under the
    home folder as ~/…."""
    if path is None:
        return None
    data = os.environ.get("WORDLAB_DATA")
    if data and str(path).startswith(str(Path(data).resolve()) + os.sep):
        return "$WORDLAB_DATA" + str(path)[len(str(Path(data).resolve())):]
    shortened = short_paths(str(path))
    home = str(Path.home())
    return "~" + shortened[len(home):] if shortened.startswith(home + "/") else shortened
