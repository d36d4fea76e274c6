"""`wordlab.show`: an imported function's source, read from its module, as text and as highlighted HTML."""

import functools
import html
import re
import textwrap
from pathlib import Path

import nbformat
import numba
import pytest
from IPython.lib.pretty import pretty
from nbconvert import HTMLExporter

import wordlab
from wordlab.errors import WordlabError
from wordlab.source import Source, show

ROOT = Path(wordlab.__file__).resolve().parent.parent


def lines_of_file(where: str, root: Path = ROOT) -> str:
    """Read the lines that `where` ("path, lines a-b") names straight from the file: an independent check."""
    path, first, last = re.fullmatch(r"(.+), lines (\d+)-(\d+)", where).groups()
    lines = (root / path).read_text().splitlines()[int(first) - 1:int(last)]
    return "\n".join(lines)


def test_show_is_the_installed_source_of_a_function():
    source = show(show)
    assert isinstance(source, str) and source.startswith("def show(obj) -> Source:")
    assert source == lines_of_file(source.where)
    assert source.where.startswith("wordlab/source.py, lines ")


def test_show_is_exported_from_the_package():
    assert wordlab.show is show


def test_show_a_class_and_a_method_dedented():
    assert show(Source).startswith("class Source(str):")
    method = show(Source._repr_pretty_)
    assert method.startswith("def _repr_pretty_(self, printer, cycle)")
    assert lines_of_file(method.where).startswith("    def _repr_pretty_")


def test_a_module_outside_any_package_is_named_by_its_file():
    source = show(textwrap.dedent)
    assert source.where.startswith("textwrap.py, lines ") and source.startswith("def dedent(")
    assert source == lines_of_file(source.where, Path(textwrap.__file__).parent)


def written():
    return 1


@functools.wraps(written)
def wrapper():
    return written()


def test_decorated_functions_are_unwrapped():
    assert show(wrapper) == "def written():\n    return 1"
    assert show(wrapper).where.startswith("tests/test_show.py, lines ")


@numba.njit
def compiled_sum(n):
    total = 0
    for i in range(n):
        total += i
    return total


def test_compiled_function_shows_its_python():
    assert hasattr(compiled_sum, "py_func")
    assert show(compiled_sum).startswith("@numba.njit\ndef compiled_sum(n):")


def test_html_is_highlighted_with_inline_styles_only():
    page = show(show)._repr_html_()
    assert "<style" not in page and 'class="k"' not in page  # no stylesheet to lose in an export
    assert re.search(r'<span style="color: #[0-9A-Fa-f]+; font-weight: bold">def</span>', page)
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    assert show(show) in text


def test_html_survives_an_nbconvert_export():
    source = show(show)
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "wordlab.show(wordlab.show)", outputs=[nbformat.v4.new_output(
            "execute_result", data={"text/html": source._repr_html_(), "text/plain": str(source)},
            execution_count=1)])])
    page, _ = HTMLExporter().from_notebook_node(notebook)
    assert re.search(r'<span style="color: #[0-9A-Fa-f]+; font-weight: bold">def</span>', page)
    assert html.escape(source.where) in page


def test_terminal_shows_plain_text_with_where_it_lives():
    source = show(show)
    shown = pretty(source)
    assert shown == f"# {source.where}\n{source}" and "<span" not in shown


def test_where_is_never_an_absolute_path():
    assert not Path(show(show).where.split(",")[0]).is_absolute()


@pytest.mark.parametrize("thing, message", [
    (len, "'len' is built into Python"),
    (3, "needs a function, method or class, not an object of type int"),
    ("def f(): pass", "not an object of type str"),
    (textwrap, "not module 'textwrap'"),
])
def test_things_without_source_are_refused(thing, message):
    with pytest.raises(WordlabError, match=message):
        show(thing)


def test_function_from_exec_has_no_source():
    namespace = {}
    exec("def made_up():\n    return 2\n", namespace)
    with pytest.raises(WordlabError, match="no source is available for function 'made_up'"):
        show(namespace["made_up"])


def test_source_keeps_where_and_is_a_plain_string():
    source = Source("x = 1", "here.py, lines 1-1")
    assert source == "x = 1" and source.where == "here.py, lines 1-1" and source.upper() == "X = 1"
