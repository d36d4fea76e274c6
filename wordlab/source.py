"""Put an algorithm on the page: `show(function)` is its source, read from the installed module.

The source comes from `inspect`, so what a notebook shows is exactly the code it then runs: nothing is
copied. The result is the source text itself (a `str`), so a terminal or a test can print and search it;
in a notebook it renders highlighted, as HTML with inline styles that survive an nbconvert HTML export and
a JupyterLab that has not trusted the notebook.
"""

from __future__ import annotations

import html
import inspect
import sys
import textwrap
from pathlib import Path

from wordlab.errors import WordlabError

STYLE = "default"  # a light pygments style that reads well on a white page and in JupyterLab


class Source(str):
    """The source text of one function or class, with where it lives; displays highlighted in notebooks."""

    where: str = ""

    def __new__(cls, text: str, where: str = ""):
        self = super().__new__(cls, text)
        self.where = where
        return self

    def _repr_html_(self) -> str:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        code = highlight(str(self), PythonLexer(), HtmlFormatter(style=STYLE, noclasses=True, nowrap=False))
        caption = f'<div style="font-size:85%;color:#555;margin-bottom:2px"><code>{html.escape(self.where)}</code></div>'
        return f'<div class="wordlab-source">{caption}{code}</div>'

    def _repr_pretty_(self, printer, cycle) -> None:
        printer.text(f"# {self.where}\n{self}" if self.where else str(self))


def show(obj) -> Source:
    """The source of an imported function, method or class (numba-compiled and decorated functions are
    unwrapped to the Python they were written in); `WordlabError` when Python keeps no source for it."""
    written = inspect.unwrap(getattr(obj, "py_func", obj))
    if inspect.isbuiltin(written):
        raise WordlabError(f"{_describe(obj)} is built into Python (compiled C): no source to show")
    if not (inspect.isfunction(written) or inspect.ismethod(written) or inspect.isclass(written)):
        raise WordlabError(f"show() needs a function, method or class, not {_describe(obj)}")
    try:
        lines, first = inspect.getsourcelines(written)
    except (OSError, TypeError) as missing:
        raise WordlabError(f"no source is available for {_describe(obj)}: {missing}") from None
    return Source(textwrap.dedent("".join(lines)).rstrip("\n"), _where(written, first, len(lines)))


def _where(written, first: int, count: int) -> str:
    """`package/module.py, lines a-b`, relative to the top-level package's folder (never an absolute path)."""
    filename = Path(inspect.getsourcefile(written) or "")
    top = sys.modules.get((getattr(written, "__module__", None) or "").split(".")[0])
    top_file = Path(top.__file__).resolve() if getattr(top, "__file__", None) else None
    root = top_file.parent.parent if top_file and top_file.name == "__init__.py" else top_file and top_file.parent
    try:
        shown = filename.resolve().relative_to(root).as_posix() if root else filename.name
    except ValueError:
        shown = filename.name
    return f"{shown}, lines {first}-{first + count - 1}"


def _describe(obj) -> str:
    name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
    return f"{type(obj).__name__} {name!r}" if name else f"an object of type {type(obj).__name__}"
