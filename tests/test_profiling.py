"""Profiles in a notebook print once, in the cell's output, with no machine paths."""

import os

import nbformat
import pytest

from wordlab.paths import short_path, short_paths

CELLS = [
    "%load_ext wordlab.profiling\nfrom wordlab.puzzles import word_ladder as w",
    "lp = %lprun -r -f w.WordLadder._neighbours w.solve(w.example(), 'breadth-first')",
    "stats = %prun -r -s tottime -l 4 w.solve(w.example(), 'breadth-first')",
]


def test_lprun_and_prun_print_once_with_short_paths():
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    lines_out = "".join(o.get("text", "") for o in notebook.cells[1].outputs)
    prun_out = "".join(o.get("text", "") for o in notebook.cells[2].outputs)
    assert lines_out.count("Timer unit") == 1 and "File: wordlab/puzzles/word_ladder.py" in lines_out
    assert "function calls" in prun_out and "<cell>" not in prun_out.split("Ordered by")[0]
    for text in (lines_out, prun_out):
        assert os.getcwd() not in text and "/tmp/" not in text and "site-packages" not in text


def test_short_paths_writes_project_files_and_cells_relative():
    import wordlab

    assert short_paths(f"File: {wordlab.__file__}") == "File: wordlab/__init__.py"
    assert short_paths("/tmp/ipykernel_991/2238.py:1(<module>)") == "<cell>:1(<module>)"
    assert short_path(None) is None


def test_a_wordlab_error_shows_in_a_notebook_as_one_line():
    nbclient = pytest.importorskip("nbclient")
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from wordlab import viz\nviz.watch('word-ladder', 'dijkstra')")])
    client = nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3", allow_errors=True)
    client.execute()
    (error,) = [o for o in notebook.cells[0].outputs if o["output_type"] == "error"]
    assert error["traceback"] == [f"WordlabError: {error['evalue']}"] and "dijkstra" in error["evalue"]
