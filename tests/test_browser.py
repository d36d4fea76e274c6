"""The step-through player in a real browser: JupyterLab on 127.0.0.1, headless Chromium driven by Playwright.

The notebooks are copied to a temporary folder, run top to bottom in JupyterLab, saved there, and read
back: no cell may end in an error. In each, the first player is played and its slider moved, and the
state it shows must change. Chromium comes from the system (Debian: `apt-get install chromium`), never
from a Playwright download. Without Chromium the test is skipped with the reason, except under CI
(the `CI` variable set), where it fails.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import nbformat
import pytest

from tests.helpers import chromium

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
OPENED = ["00_tour.ipynb", "07_tuesday_birthday.ipynb"]  # the tour and the quickest puzzle notebook
RUN_SECONDS = 150  # the longest a notebook may take to run all its cells in the browser
LADDER = ["cold", "cord", "word", "ward", "warm"]  # breadth-first search's ladder on the example
BEAM_WIDTH = 2  # narrow enough that beam search prunes on the example
SUDOKU_STEP = 9  # a step of notebook 04's two runs, both still searching
MIDDLE = 7  # a step at which each of the three runs lists its frontier, breadth-first's with a "more" row
PLAYERS = ["from wordlab import viz",
           'viz.watch("word-ladder", "breadth-first", "breadth-first-graph", "astar")',
           f'viz.watch("word-ladder", "beam", width={BEAM_WIDTH})',
           "from wordlab.puzzles import sudoku as sd\nfrom wordlab.search import Probe\n"  # notebook 04's player
           'viz.step(*[sd.solve(sd.example(), name, probe=Probe(record=500)) for name in ("sequential", "greedy")])',
           'viz.watch("palindrome")']  # notebook 06's puzzle, its example, by its own strategy
SCREENSHOTS = Path(__file__).resolve().parents[1] / "build" / "browser"  # git-ignored: look at them
SETTINGS = [("notebook-extension", "tracker", {"windowingMode": "none"}),  # every cell's output in the page
            # no "Would you like to get notified about official Jupyter news?" toast over the players
            ("apputils-extension", "notification", {"fetchNews": "false", "checkForUpdates": False})]
NEWS = "Jupyter news"  # words of the news question JupyterLab asks unless told not to


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_up(url: str, server: subprocess.Popen, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError(f"JupyterLab exited with code {server.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    raise AssertionError(f"JupyterLab did not answer at {url} within {seconds} s")


@pytest.fixture
def executable():
    """Chromium's path, found before any server starts."""
    return chromium()


@pytest.fixture
def lab(tmp_path, executable):
    """A JupyterLab server on a free local port over a copy of the notebooks; (base URL, token, folder)."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    for name in OPENED:
        shutil.copy(NOTEBOOKS / name, folder / name)
    yield from jupyterlab(tmp_path, folder)


@pytest.fixture
def players_lab(tmp_path, executable):
    """A JupyterLab server over one notebook of players (`PLAYERS`); (base URL, token, folder)."""
    folder = tmp_path / "notebooks"
    folder.mkdir()
    cells = [nbformat.v4.new_code_cell(source) for source in PLAYERS]
    nbformat.write(nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": "python3", "display_name": "Python 3", "language": "python"}}), folder / "players.ipynb")
    yield from jupyterlab(tmp_path, folder)


def jupyterlab(tmp_path: Path, folder: Path):
    """Serve `folder` with JupyterLab on a free local port for as long as the caller needs it."""
    for extension, name, values in SETTINGS:
        settings = tmp_path / "settings" / "@jupyterlab" / extension
        settings.mkdir(parents=True, exist_ok=True)
        (settings / f"{name}.jupyterlab-settings").write_text(json.dumps(values))
    port, token = free_port(), os.urandom(12).hex()
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "MPLBACKEND": "module://matplotlib_inline.backend_inline"}
    command = [sys.executable, "-m", "jupyter", "lab", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
               "--ServerApp.port_retries=0", f"--IdentityProvider.token={token}", "--ServerApp.open_browser=False",
               "--allow-root", f"--ServerApp.root_dir={folder}", f"--LabApp.user_settings_dir={tmp_path / 'settings'}",
               f"--LabApp.workspaces_dir={tmp_path / 'workspaces'}",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]
    log = open(tmp_path / "lab.log", "w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(f"{base}/api/status?token={token}", server)
        yield base, token, folder
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def run_all_cells(page, notebook: Path) -> None:
    """Run every cell through JupyterLab's own command, then save, and wait until the kernel is idle
    and no prompt is pending."""
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
    page.wait_for_timeout(1500)
    if page.locator(".jp-Dialog").count():  # a kernel to choose: take the one offered
        page.locator(".jp-Dialog button.jp-mod-accept").first.click()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
    page.locator(".jp-Notebook").first.click()
    page.keyboard.press("Escape")
    run_command(page, "Run All Cells")
    deadline, retried = time.monotonic() + RUN_SECONDS, False
    page.wait_for_timeout(1000)
    while time.monotonic() < deadline:
        pending = page.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]").count()
        unrun = page.locator(".jp-CodeCell .jp-InputPrompt", has_text="[ ]").count()
        failed = page.locator(".jp-OutputArea-output", has_text="Traceback").count()
        if not pending and (not unrun or failed):
            break
        if not pending and unrun and not retried and time.monotonic() > deadline - RUN_SECONDS + 15:
            run_command(page, "Run All Cells")  # the first request came before the kernel was ready
            retried = True
        page.wait_for_timeout(500)
    else:
        raise AssertionError(f"{notebook.name} did not finish within {RUN_SECONDS} s")
    run_command(page, "Save Notebook")
    page.wait_for_timeout(1500)


MENUS = {"Run All Cells": "Run", "Save Notebook": "File"}


def run_command(page, label: str) -> None:
    """Run a JupyterLab command from its menu in the menu bar."""
    page.locator(".lm-MenuBar-itemLabel", has_text=MENUS[label]).first.click()
    page.locator(".lm-Menu-itemLabel", has_text=label).first.click()


def errors_in(notebook: Path) -> list[str]:
    """Each cell output of type error in the saved notebook, as "ename: evalue"."""
    cells = json.loads(notebook.read_text())["cells"]
    return [f"{out['ename']}: {out['evalue']}" for cell in cells for out in cell.get("outputs", [])
            if out.get("output_type") == "error"]


def changed(locator, old: str, seconds: float = 20) -> str:
    """The locator's text once it differs from `old` (the widget replaces its HTML, so poll the locator)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        text = locator.inner_text()
        if text != old:
            return text
        time.sleep(0.2)
    raise AssertionError(f"the text stayed {old!r} for {seconds} s")


def play_and_slide(page) -> tuple[str, str, str]:
    """Press play on the first player, pause it, then click its slider near the far end: the state text
    at each point (before, after playing, after sliding)."""
    player = page.locator(".wordlab-player").first
    player.scroll_into_view_if_needed()
    state = player.locator("pre.wordlab-state").first
    before = state.inner_text()
    toggle = player.locator(".widget-play button").first  # play, and pause once playing
    toggle.click()
    played = changed(state, before)
    toggle.click()
    page.wait_for_timeout(500)
    paused = state.inner_text()
    slider = player.locator(".widget-slider").first
    step = float(slider.locator(".widget-readout").inner_text())
    box = slider.locator(".noUi-base").first.bounding_box()
    far = 0.1 if step > 0.5 * float(slider.locator(".noUi-handle").first.get_attribute("aria-valuemax")) else 0.9
    page.mouse.click(box["x"] + far * box["width"], box["y"] + box["height"] / 2)
    return before, played, changed(state, paused)


def test_players_play_and_slide_in_jupyterlab(lab, executable):
    from playwright import sync_api as playwright
    base, token, folder = lab
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            for number, name in enumerate(OPENED):
                page = browser.new_page(viewport={"width": 1600, "height": 1000})
                page.goto(f"{base}/lab/workspaces/test{number}/tree/{name}?reset&token={token}")  # one notebook open
                run_all_cells(page, folder / name)
                assert errors_in(folder / name) == [], name
                assert page.get_by_text("Error displaying widget").count() == 0, name
                try:
                    before, played, slid = play_and_slide(page)
                except Exception:
                    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)
                    raise AssertionError(f"{name}: the player did not move (screenshot in {folder})")
                assert before != played and played != slid, name
                page.close()
        finally:
            browser.close()


def screenshot(page, player, name: str) -> None:
    """Save the player's picture to build/browser/, with nothing of JupyterLab's own drawn over it."""
    assert page.get_by_text(NEWS).count() == 0, "JupyterLab asks about its news over the player"
    player.screenshot(path=str(SCREENSHOTS / name))


BLANK_PX = 40  # the most blank pixels under a run's last row of ink (its frontier box keeps its height)


def blank_below(run) -> float:
    """Pixels from the bottom of a run's last row of text or drawing to the bottom of its box."""
    return run.evaluate("""run => {
        const inked = [...run.querySelectorAll('tr, .wordlab-queue-note, svg, pre')].filter(e => e.offsetHeight)
            .map(e => e.getBoundingClientRect().bottom);
        return run.getBoundingClientRect().bottom - Math.max(...inked);
    }""")


def tree_in_view(run) -> dict:
    """Where a run's tree box is scrolled, how much it holds and shows, and the current node's box against
    the tree box's (as the page lays them out)."""
    return run.locator(".wordlab-tree-box").first.evaluate("""box => {
        const here = box.querySelector('.wordlab-node[data-mark="current"], .wordlab-node[data-mark="solution"]');
        const outer = box.getBoundingClientRect(), node = here.getBoundingClientRect();
        return {top: box.scrollTop, height: box.scrollHeight, shown: box.clientHeight,
                inside: node.top >= outer.top && node.bottom <= outer.bottom
                        && node.left >= outer.left && node.right <= outer.right};
    }""")


def panel_row(run, label: str):
    """The value cell of a side-panel row of one run."""
    return run.locator(f"tr[data-label='{label}'] td").first


def wait_for_text(locator, wanted: str, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if locator.count() and locator.inner_text().strip() == wanted:
            return
        time.sleep(0.2)
    raise AssertionError(f"the text stayed {locator.inner_text() if locator.count() else None!r}, not {wanted!r}")


def rows_in_view(run) -> None:
    """Every row of a run's side panel and frontier table lies inside its box: nothing to scroll to."""
    for box in run.locator(".wordlab-column").all():
        overflow = box.evaluate("e => e.scrollHeight - e.clientHeight")
        assert overflow <= 1, f"{box.inner_text()[:80]!r} overflows its box by {overflow} px"
    for table in run.locator(".wordlab-queue").all():
        outer = table.evaluate("e => e.parentElement.closest('.wordlab-column').getBoundingClientRect().bottom")
        for row in table.locator("tr").all():
            assert row.bounding_box()["y"] + row.bounding_box()["height"] <= outer + 1, row.inner_text()


def one_line_each(run) -> None:
    """Each label of a run's side panel, and each short value, takes one line: the panel is wide enough."""
    for row in run.locator("tr.wordlab-row").all():
        label, value = row.locator("th").first, row.locator("td").first
        assert label.bounding_box()["height"] < 20, label.inner_text()
        if len(value.inner_text()) <= 24:
            assert value.bounding_box()["height"] < 20, value.inner_text()


def first_prune_step() -> tuple[int, int, str]:
    """The step (from 1) of the first prune of the narrow beam on the example, the steps in all, and the
    word it cut: what the live player must show there."""
    from wordlab.puzzles import word_ladder
    from wordlab.search import Probe

    probe = Probe(record=2000)
    word_ladder.solve(word_ladder.example(), "beam", probe=probe, width=BEAM_WIDTH)
    step = next(i for i, event in enumerate(probe.events) if event.kind == "prune")
    return step + 1, len(probe.events), probe.events[step].state.word


def first_phrase_step() -> tuple[int, int, str, int]:
    """The step (from 1) of the first phrase the palindrome's own strategy finds on its example, as `watch`
    records it, the steps in all, the phrase as the puzzle draws it, and the calls counted beyond the beam's
    expansions, each a step (the compiled search's nodes, counted in one go): what the live player must show."""
    from wordlab.puzzles import palindrome
    from wordlab.search import Budget, Probe
    from wordlab.viz.player import RECORD, SECONDS

    probe = Probe(record=RECORD)
    palindrome.solve(palindrome.example(), palindrome.DEFAULT_STRATEGY, probe=probe, budget=Budget(seconds=SECONDS))
    step = next(i for i, event in enumerate(probe.events) if event.kind == "solution")
    expanded = sum(event.kind == "expand" for event in probe.events)
    return step + 1, len(probe.events), palindrome.render(probe.events[step].state), probe.nodes - expanded


def go_to(player, step: int) -> None:
    """Move a player's slider to `step` by typing it into the slider's readout, as a student may."""
    readout = player.locator(".widget-slider .widget-readout").first
    readout.click()
    readout.press("Control+A")
    readout.type(str(step))
    readout.press("Enter")
    readout.evaluate("e => e.blur()")  # the readout's focus ring is no part of the picture


def test_live_players_show_the_path_and_a_prune_as_recorded(players_lab, executable):
    """Three ladder runs side by side under a header naming the example and its word list: stepped to the
    middle, every frontier row is in view; at the last step breadth-first's path row is its ladder and its
    step row says the run ended. A narrow beam stepped to its first prune shows the word cut and why, the
    frontier after the cut, every row of the table, and the nodes kept drawn as kept. At its last step, the
    deep depth-first Sudoku run's tree box is scrolled to its answer. The palindrome's example, stepped to the
    first phrase its own strategy finds, shows that phrase, its letters and its node. Screenshots go to
    build/browser/, with no JupyterLab notice over them."""
    from playwright import sync_api as playwright
    base, token, folder = players_lab
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with playwright.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            page = browser.new_page(viewport={"width": 1600, "height": 1000})
            page.goto(f"{base}/lab/workspaces/players/tree/players.ipynb?reset&token={token}")
            run_all_cells(page, folder / "players.ipynb")
            assert errors_in(folder / "players.ipynb") == []
            three, beam = page.locator(".wordlab-player").nth(0), page.locator(".wordlab-player").nth(1)
            three.scroll_into_view_if_needed()
            assert "on a list of twelve words" in three.locator(".wordlab-about").inner_text()
            breadth_first = three.locator(".wordlab-run").first
            for _ in range(MIDDLE - 1):
                three.locator("button", has_text="forward").click()
            wait_for_text(panel_row(breadth_first, "step"), f"{MIDDLE} of 40")
            runs = three.locator(".wordlab-run").all()
            assert [run.locator(".wordlab-queue-row").count() for run in runs] == [9, 5, 5]
            last_row = breadth_first.locator(".wordlab-queue-row").last.inner_text().split()
            assert last_row[0].startswith("+") and last_row[1:] == ["more"]  # what the table leaves out, said
            for run in runs:
                rows_in_view(run)
                one_line_each(run)
                state = run.locator("pre.wordlab-state")  # the ladder's "letters to change" line in full
                assert state.evaluate("e => e.scrollWidth - e.clientWidth") <= 1, state.inner_text()
            screenshot(page, three, "three-runs-middle.png")
            three.locator("button", has_text="▶|").click()
            wait_for_text(panel_row(breadth_first, "path"), " → ".join(LADDER))
            assert panel_row(breadth_first, "event").inner_text() == "solution"
            assert panel_row(breadth_first, "step").inner_text() == "40 of 40 (run ended)"
            page.wait_for_timeout(500)
            for run in runs:  # a solution lists no frontier: the table its panel's "as at step N" names, in grey
                said = panel_row(run, "frontier").inner_text()
                assert said.startswith("as at step ") and run.locator(".wordlab-queue-note").count() == 0
                table = run.locator(".wordlab-queue").first
                assert table.get_attribute("data-as-at") == said.split(":")[0].split()[-1].replace(",", "")
                assert run.inner_text().count(said.split(": ", 1)[1]) == 1  # "68 in all, …" said once, in the panel
            assert blank_below(breadth_first) < BLANK_PX
            screenshot(page, three, "three-runs.png")
            for run in runs:  # a step listing no frontier leaves no empty band above the tree
                band = run.evaluate("""run => run.querySelector('.wordlab-legend').getBoundingClientRect().top
                                       - run.querySelector('.wordlab-panel').getBoundingClientRect().bottom""")
                assert band < 60, band
            step, steps, word = first_prune_step()
            beam.scroll_into_view_if_needed()
            for _ in range(step - 1):
                beam.locator("button", has_text="forward").click()
            wait_for_text(panel_row(beam, "step"), f"{step} of {steps}")
            assert panel_row(beam, "event").inner_text() == "pruned"
            assert panel_row(beam, "why pruned").inner_text() == f"outside the beam of {BEAM_WIDTH}"
            assert beam.locator("pre.wordlab-state").inner_text().startswith(f"now   {word}")
            assert panel_row(beam, "frontier").inner_text() == f"after the cut: the {BEAM_WIDTH} kept"
            assert panel_row(beam, "drawn").inner_text().startswith(f"{word}, the best state cut; ")
            assert beam.locator(".wordlab-queue-row[data-mark='kept']").count() == BEAM_WIDTH
            assert beam.locator(".wordlab-node[data-mark='kept']").count() == BEAM_WIDTH  # drawn in the tree
            assert "kept" in beam.locator(".wordlab-legend").inner_text()
            rows_in_view(beam)
            one_line_each(beam)
            assert beam.locator(".wordlab-run").bounding_box()["width"] >= 1000  # one run fills the width there is
            screenshot(page, beam, "beam-prune.png")
            sudoku = page.locator(".wordlab-player").nth(2)
            sudoku.scroll_into_view_if_needed()
            for _ in range(SUDOKU_STEP - 1):
                sudoku.locator("button", has_text="forward").click()
            for run in sudoku.locator(".wordlab-run").all():  # depth-first: why no frontier, effort in calls
                wait_for_text(panel_row(run, "step"), f"{SUDOKU_STEP} of " + panel_row(run, "step").inner_text()
                              .split(" of ")[1])
                notes = {note.get_attribute("data-label"): note.inner_text()
                         for note in run.locator(".wordlab-run-note").all()}
                assert notes["frontier"] == "frontier not kept: depth-first recursion keeps only its path"
                assert panel_row(run, "calls so far").count() == 1 and panel_row(run, "nodes so far").count() == 0
                assert "calls" in notes["whole run"] and panel_row(run, "whole run").count() == 0  # said once, above
                rows_in_view(run)
            legends = [run.locator(".wordlab-legend").inner_text() for run in sudoku.locator(".wordlab-run").all()]
            assert len(set(legends)) == 1 and "dead end" in legends[0]  # one legend for the runs side by side
            screenshot(page, sudoku, "sudoku.png")
            sudoku.locator("button", has_text="▶|").click()  # the end of a deep depth-first run: the tree scrolls
            deep = sudoku.locator(".wordlab-run").first
            wait_for_text(panel_row(deep, "event"), "solution")
            page.wait_for_timeout(300)
            tree = tree_in_view(deep)
            assert tree["height"] > tree["shown"] and tree["top"] > 0 and tree["inside"], tree
            screenshot(page, sudoku, "sudoku-end.png")
            palindrome = page.locator(".wordlab-player").nth(3)  # a phrase found, as page 06's filmstrip shows it
            palindrome.scroll_into_view_if_needed()
            step, steps, phrase, unstepped = first_phrase_step()
            go_to(palindrome, step)
            run = palindrome.locator(".wordlab-run").first
            wait_for_text(panel_row(run, "step"), f"{step} of {steps}")
            assert "palindrome, its example" in palindrome.locator(".wordlab-about").inner_text()
            assert panel_row(run, "event").inner_text() == "solution"
            assert run.locator("pre.wordlab-state").inner_text().strip() == phrase.strip()
            assert panel_row(run, "best so far").inner_text() == phrase.split()[-2]  # "9 letters": its letters
            assert run.locator(".wordlab-node[data-mark='solution']").count() == 1
            whole = run.locator(".wordlab-run-note[data-label='whole run']").inner_text()
            assert unstepped > 0 and f"({unstepped:,} of them counted with no step of their own)" in whole, whole
            page.wait_for_timeout(300)
            assert tree_in_view(run)["inside"]  # the box opens on the phrase's node
            caption = run.evaluate("""run => {  // the word "depth" over the depths' column, though the box opens
                const box = run.querySelector('.wordlab-tree-box'), outer = box.getBoundingClientRect();  // scrolled
                const word = run.querySelector('.wordlab-depths-caption').getBoundingClientRect();
                const column = run.querySelector('.wordlab-depths').getBoundingClientRect();
                return {scrolled: box.scrollTop, above: outer.top - word.bottom, left: word.left - column.left,
                        right: column.right - word.right};
            }""")
            assert caption["scrolled"] > 0 and 0 <= caption["above"] <= 4 and caption["left"] >= 0 \
                and caption["right"] >= 0, caption
            assert run.locator(".wordlab-queue[data-as-at]").count() == 1 and blank_below(run) < BLANK_PX
            rows_in_view(run)
            one_line_each(run)
            screenshot(page, palindrome, "palindrome.png")
        finally:
            browser.close()
