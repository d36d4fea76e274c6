"""The explore form in a real browser: JupyterLab on 127.0.0.1, headless system Chromium driven by Playwright.

A notebook of one cell shows `explore("sudoku")`; the test types a malformed puzzle (the parser's complaint must
appear under the field, with no traceback), then a good one, picks a second strategy, presses run, and steps the
player forward: the state it shows must change. Without Chromium the test is skipped saying how to install it
(under CI it fails).
"""

from __future__ import annotations

import nbformat
import pytest

from tests.helpers import chromium
from tests.test_browser import changed, jupyterlab, run_all_cells

CELL = 'from wordlab.viz import explore\nform = explore("sudoku", record=60)\nform'
FOUR = "3..2..1......2.1"


@pytest.fixture
def lab_with_form(tmp_path):
    """Chromium's path and a JupyterLab server over a folder holding the one-cell notebook; yields
    (Chromium, base URL, token, folder)."""
    executable = chromium()
    folder = tmp_path / "notebooks"
    folder.mkdir()
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(CELL)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / "explore.ipynb")
    served = jupyterlab(tmp_path, folder)  # the browser tests' own server, stopped when the test ends
    base, token, folder = next(served)
    try:
        yield executable, base, token, folder
    finally:
        served.close()


def test_the_form_reads_runs_and_steps_in_jupyterlab(lab_with_form):
    from playwright import sync_api as playwright

    executable, base, token, folder = lab_with_form
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        try:
            page.goto(f"{base}/lab/workspaces/explore/tree/explore.ipynb?reset&token={token}")
            run_all_cells(page, folder / "explore.ipynb")
            form = page.locator(".wordlab-explore").first
            form.wait_for(timeout=30_000)
            field, problem = form.locator("textarea").first, form.locator(".wordlab-problem").first
            field.fill("12.4")
            problem.get_by_text("a Sudoku needs 16 (4×4)").wait_for(timeout=10_000)
            assert "Traceback" not in form.inner_text()
            field.fill(FOUR)
            problem.get_by_text("a Sudoku needs").wait_for(state="detached", timeout=10_000)
            form.locator("select").nth(1).select_option("sequential")
            form.get_by_role("button", name="run", exact=True).click()
            player = form.locator(".wordlab-player").first
            player.wait_for(timeout=30_000)
            # both runs, once the kernel has drawn them (a loaded machine can take a moment)
            playwright.expect(player.locator(".wordlab-run")).to_have_count(2, timeout=30_000)
            state = player.locator("pre.wordlab-state").first
            before = state.inner_text()
            player.get_by_role("button", name="forward ▶").click()
            assert changed(state, before) != before
        except Exception:
            page.screenshot(path=str(folder / "explore.png"), full_page=True)
            raise
        finally:
            browser.close()
