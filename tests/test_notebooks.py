"""Every notebook runs top to bottom without an error, and its run is published: the executed copy goes to
build/notebooks/ and its page to build/<notebook>.html (with build/index.html), so the test suite's one
execution of each notebook is also the book. xdist spreads the notebooks over its workers."""

import re
from pathlib import Path

import nbformat
import pytest

from wordlab import book

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "build"
CELL_TIMEOUT = 600  # seconds for one cell


@pytest.mark.parametrize("notebook", book.notebooks(ROOT / "notebooks"), ids=lambda path: path.stem)
def test_notebook_runs_and_is_published(notebook):
    page = book.page(notebook, SITE, timeout=CELL_TIMEOUT)
    assert page.error is None, page.error
    executed = nbformat.read(page.executed, as_version=4)
    assert book.errors_in(executed) == []
    assert all(cell.get("execution_count") for cell in executed.cells if cell.cell_type == "code" and cell.source.strip())
    assert Path(page.html).stat().st_size > 0
    for cell in executed.cells:  # a line profile headless prints its table once, never to a pager alone
        runs = [line for line in cell.source.splitlines() if re.match(r"\s*(\w+\s*=\s*)?%lprun\b", line)]
        if cell.cell_type == "code" and runs:
            tables = sum(output.get("text", "").count("Timer unit") for output in cell.outputs)
            assert tables == len(runs), (notebook.name, runs, tables)
    book.write_docs(SITE)
    book.write_index(ROOT / "notebooks", SITE)
