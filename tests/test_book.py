"""The published book: notebooks executed two at a time into static pages that a real browser shows with
their plots, tables and highlighted source. The test builds its own two-notebook book (a few seconds), so
it needs nothing another test wrote. Chromium is the system's (Debian: `apt-get install chromium`), driven
by Playwright; without it the browser half is skipped with the reason, except under CI, where it fails."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from tests.helpers import chromium
from wordlab import book
from wordlab.errors import WordlabError


SMALL = [
    nbformat.v4.new_markdown_cell("# 01 · A small page\n\nA plot, a table and a function's source, executed.\n\n"
                                  "The protocol: [`docs/classroom.md`](../docs/classroom.md)."),
    nbformat.v4.new_code_cell("%matplotlib inline\nimport matplotlib.pyplot as plt\nimport pandas as pd\nimport wordlab"),
    nbformat.v4.new_code_cell("fig, ax = plt.subplots(figsize=(3, 2))\nax.plot([1, 2, 3], [1, 4, 9])\n"
                              "ax.set(title='squares')\nplt.show()"),
    nbformat.v4.new_code_cell("pd.DataFrame({'n': [1, 2, 3], 'square': [1, 4, 9]})"),
    nbformat.v4.new_markdown_cell("## An untitled plot"),
    nbformat.v4.new_code_cell("fig, ax = plt.subplots(figsize=(3, 2))\nax.plot([1, 2, 3])\nplt.show()"),
    nbformat.v4.new_code_cell("wordlab.show(wordlab.show)"),
]
FAILING = [
    nbformat.v4.new_markdown_cell("# 02 · A page that fails\n\nIts second cell raises."),
    nbformat.v4.new_code_cell("x = 1"),
    nbformat.v4.new_code_cell("raise ValueError('a deliberate failure')"),
    nbformat.v4.new_code_cell("print('never reached')"),
]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("notebooks")
    for name, cells in (("01_small.ipynb", SMALL), ("02_failing.ipynb", FAILING)):
        nbformat.write(nbformat.v4.new_notebook(cells=cells), folder / name)
    site = tmp_path_factory.mktemp("site")
    return folder, site, book.build(folder, site, workers=2, timeout=120)


def test_every_notebook_is_executed_into_the_site(built):
    folder, site, pages = built
    assert [p.notebook for p in pages] == ["01_small.ipynb", "02_failing.ipynb"]
    small, failing = pages
    assert small.error is None and small.title == "01 · A small page"
    executed = nbformat.read(site / "notebooks" / "01_small.ipynb", as_version=4)
    assert book.errors_in(executed) == [] and all(c.get("outputs") or c.cell_type == "markdown"
                                                  for c in executed.cells[2:])
    assert not any(c.get("outputs") for c in nbformat.read(folder / "01_small.ipynb", as_version=4).cells)


def test_every_image_on_a_page_has_a_description(built):
    """A figure with titles is described by them; one without, by the section it sits in; no image is left to
    nbconvert's "No description has been provided"."""
    import re

    _, site, _ = built
    text = (site / "01_small.html").read_text()
    images = re.findall(r"<img\b[^>]*>", text)
    described = [re.search(r'\balt="([^"]*)"', image) for image in images]
    assert len(images) == 2 and all(d and d[1].strip() for d in described), images
    assert "No description has been provided" not in text
    assert [d[1] for d in described] == ["plot: squares", "a figure in the section «An untitled plot»"]


def test_the_book_carries_the_docs_pages_and_a_notebook_links_to_them(built):
    _, site, _ = built
    pages = book.reference_pages()
    assert [p.name for p in pages[:2]] == ["classroom.md", "building-blocks.md"] and len(pages) == 9
    for page in pages:
        written = site / "docs" / page.relative_to(book.DOCS).with_suffix(".html")
        title = next(line for line in page.read_text().splitlines() if line.startswith("#")).lstrip("# ")
        assert f"<title>{title}" in written.read_text()
    small = (site / "01_small.html").read_text()
    assert 'href="docs/classroom.html"' in small and "../docs/classroom.md" not in small
    index = (site / "index.html").read_text()
    sudoku = next(p for p in pages if p.name == "sudoku.md")
    assert f'<a href="docs/puzzles/sudoku.html">{book._heading(sudoku)}</a>' in index


def test_a_failing_notebook_is_reported_and_its_page_still_written(built):
    _, site, (_, failing) = built
    assert failing.error == "02_failing.ipynb: ValueError: a deliberate failure"
    executed = nbformat.read(site / "notebooks" / "02_failing.ipynb", as_version=4)
    assert book.errors_in(executed) == ["cell 2: ValueError: a deliberate failure"]
    assert not executed.cells[3].get("outputs")  # the run stopped at the failure
    assert "a deliberate failure" in (site / "02_failing.html").read_text()


def test_the_index_links_every_page_with_its_title(built):
    _, site, _ = built
    index = (site / "index.html").read_text()
    assert '<a href="01_small.html">01 · A small page</a>' in index
    assert '<a href="02_failing.html">02 · A page that fails</a>' in index and "failed" in index
    assert "<p>A plot, a table and a function's source, executed.</p>" in index


def test_unknown_names_and_bad_worker_counts_are_refused(tmp_path):
    with pytest.raises(WordlabError, match="no numbered notebooks"):
        book.build(tmp_path, tmp_path / "site")
    with pytest.raises(WordlabError, match="workers must be a whole number"):
        book.build(book.NOTEBOOKS, tmp_path / "site", workers=0)
    with pytest.raises(WordlabError, match="no notebook 99_nothing"):
        book.build(book.NOTEBOOKS, tmp_path / "site", names=["99_nothing"])


# -- in a real browser ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser():
    playwright = pytest.importorskip("playwright.sync_api")
    executable = chromium()
    with playwright.sync_playwright() as driver:
        launched = driver.chromium.launch(executable_path=executable, headless=True,
                                          args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


def open_page(browser, path: Path):
    page = browser.new_page()
    page.route("http*://**", lambda route: route.abort())  # the book must read offline
    page.goto(path.resolve().as_uri(), wait_until="load")
    return page


def test_built_page_shows_its_plot_table_and_source_in_a_browser(built, browser):
    _, site, _ = built
    page = open_page(browser, site / "01_small.html")
    try:
        images = page.eval_on_selector_all(
            "img", "imgs => imgs.map(i => [i.src.slice(0, 22), i.complete, i.naturalWidth, i.naturalHeight])")
        assert images and all(src == "data:image/png;base64," and done and w > 100 and h > 50
                              for src, done, w, h in images)
        cells = page.eval_on_selector_all("table td", "tds => tds.map(td => td.textContent.trim())")
        assert cells[:2] == ["1", "1"] and "9" in cells
        colours = page.eval_on_selector_all(
            ".wordlab-source span", "spans => spans.map(s => [s.textContent, getComputedStyle(s).color])")
        assert ["def", "rgb(0, 128, 0)"] in colours  # the keyword highlighted, as pygments' default style has it
        assert "def show(obj) -> Source:" in page.inner_text(".wordlab-source")
        assert page.title() == "01 · A small page"
    finally:
        page.close()


def test_index_opens_each_page_in_a_browser(built, browser):
    _, site, _ = built
    page = open_page(browser, site / "index.html")
    try:
        page.click("text=01 · A small page")
        page.wait_for_load_state("load")
        assert page.url.endswith("/01_small.html") and page.locator("img").count() >= 1
    finally:
        page.close()


def test_a_widget_with_a_static_picture_shows_the_picture_on_the_page(tmp_path):
    pixel = ("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
    output = nbformat.v4.new_output("display_data", data={
        book.WIDGET_VIEW: {"model_id": "abc", "version_major": 2, "version_minor": 0},
        "image/png": pixel, "text/plain": "Player(...)"})
    lone_widget = nbformat.v4.new_output("display_data", data={
        book.WIDGET_VIEW: {"model_id": "def", "version_major": 2, "version_minor": 0}, "text/plain": "Slider"})
    node = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("step(run)", outputs=[output, lone_widget])])
    text = book.to_html(node, tmp_path / "page.html", "A player").read_text()
    assert f"data:image/png;base64,{pixel}" in text
    assert "Player(...)" not in text and "<pre>Slider</pre>" in text  # a lone widget is left to nbconvert
    assert book.WIDGET_VIEW in node.cells[0].outputs[0].data  # the notebook itself is left as it ran


def test_every_page_links_back_to_the_index(built):
    _, site, _ = built
    for name in ("01_small.html", "02_failing.html"):
        assert '<a href="index.html">← the book\'s index</a>' in (site / name).read_text()


def test_an_index_written_later_reads_each_page_s_time_from_its_executed_copy(built, tmp_path):
    """The notebook tests write the index after each page, with no record of the build: the time comes from
    the executed copy's own cell times, and a notebook never executed has none."""
    import re

    folder, site, pages = built
    index = book.write_index(folder, site).read_text()
    times = re.findall(r"<td>(\d+) s[^<]*</td>", index)
    assert len(times) == 2 and int(times[0]) <= round(pages[0].seconds) + 1
    assert not re.findall(r"<td>\d+ s", book.write_index(folder, tmp_path).read_text())
