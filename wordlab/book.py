"""The published book: every notebook executed, then written out as static HTML pages with an index.

`build()` runs each numbered notebook top to bottom in a fresh kernel (two at a time, each in its own
process), saves the executed copy in `build/notebooks/`, and converts it with nbconvert into
`build/<notebook>.html`, outputs and plots embedded in the page (images as base64), so the folder
reads in any browser without Python, Jupyter or a network. `build/index.html` lists the pages.
The notebook sources stay stripped; only the copies in `build/` carry outputs.

Every image on a page has a description (its `alt` text): the one its output carries (each figure shown
after `wordlab.viz` is imported carries one, which the kernel imports before the first cell; a player's
filmstrip carries its own), else one made from the section it sits in.
"""

from __future__ import annotations

import os
import re
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from html import escape
from multiprocessing import get_context
from pathlib import Path

from wordlab.errors import WordlabError

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
PATTERN = "[0-9][0-9]_*.ipynb"
DOCS = NOTEBOOKS.parent / "docs"
REFERENCE = ("classroom.md", "puzzles/*.md")  # the docs pages the book carries: the pages notebooks point to
DOCS_LINK = re.compile(r'href="(?:\.\./)?docs/([^"#]+)\.md(#[^"]*)?"')  # a notebook's (or a doc's) link to a doc


@dataclass(frozen=True)
class Page:
    """One notebook of the book: where its executed copy and its page are, how long it ran, what failed."""

    notebook: str
    title: str
    executed: str
    html: str | None
    seconds: float
    error: str | None = None


def notebooks(folder: Path | str = NOTEBOOKS) -> list[Path]:
    """The numbered notebooks of `folder` (00_tour.ipynb, 01_..., ...), in order."""
    found = sorted(Path(folder).glob(PATTERN))
    if not found:
        raise WordlabError(f"no numbered notebooks (NN_name.ipynb) found in {folder}")
    return found


def title_of(notebook) -> str:
    """The first Markdown heading of a notebook (a path or a NotebookNode), without the #s."""
    import nbformat

    node = nbformat.read(notebook, as_version=4) if isinstance(notebook, (str, Path)) else notebook
    for cell in node.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip()
    return Path(getattr(notebook, "name", "notebook")).stem


def execute(notebook: Path | str, out: Path | str, timeout: int = 1200):
    """Run `notebook` top to bottom in a fresh kernel, working in its own folder, and save the executed copy
    in `out`. Returns (executed notebook, error text or None); the first failing cell stops the run."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    notebook, out = Path(notebook), Path(out)
    node = nbformat.read(notebook, as_version=4)
    client = NotebookClient(node, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(notebook.parent)}},
                            extra_arguments=[f"--IPKernelApp.exec_lines={DESCRIBED}"])
    error = None
    try:
        client.execute()
    except CellExecutionError as failure:
        error = f"{notebook.name}: {failure.ename}: {failure.evalue}"
    except (CellTimeoutError, DeadKernelError) as failure:
        error = f"{notebook.name}: {type(failure).__name__}: {failure}"
    out.mkdir(parents=True, exist_ok=True)
    nbformat.write(node, out / notebook.name)
    return node, error


def errors_in(node) -> list[str]:
    """Every error output of an executed notebook, as 'cell N: Name: message'."""
    return [f"cell {i}: {output.get('ename')}: {output.get('evalue')}"
            for i, cell in enumerate(node.cells) if cell.cell_type == "code"
            for output in cell.get("outputs", []) if output.get("output_type") == "error"]


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
DESCRIBED = "import wordlab.viz"  # run in the kernel first: every figure shown carries its description
IMAGES = ("image/png", "image/jpeg")
# the lab template's image blocks, with the alternative text an output's metadata gives (the lab template
# itself leaves it out, and nbconvert then says "No description has been provided for this image")
TEMPLATE = "wordlab.html.j2"
TEMPLATE_TEXT = """{%- extends 'index.html.j2' -%}
{% macro image(output, kind, extra_class) %}
<div class="jp-RenderedImage jp-OutputArea-output {{ extra_class }}">
<img src="data:{{ kind }};base64,{{ output.data[kind] | escape_html }}"
{%- set width = output | get_metadata('width', kind) %}{% if width is not none %} width={{ width | escape_html }}{% endif %}
{%- set height = output | get_metadata('height', kind) %}{% if height is not none %} height={{ height | escape_html }}{% endif %}
 alt="{{ output | get_metadata('alt', kind) | escape_html }}">
</div>
{% endmacro %}
{%- block body_header -%}{{ super() }}
<nav class="wordlab-nav" style="padding: .5rem 1rem"><a href="index.html">← the book's index</a></nav>
{%- endblock body_header -%}
{% block data_png scoped %}{{ image(output, 'image/png', extra_class) }}{% endblock data_png %}
{% block data_jpg scoped %}{{ image(output, 'image/jpeg', extra_class) }}{% endblock data_jpg %}
"""


def to_html(node, page: Path | str, title: str) -> Path:
    """Write an executed notebook as one self-contained HTML page (plots embedded as base64 images). A
    page has no kernel to drive widgets, so where an output also has a static picture, the page shows it."""
    import copy

    from nbconvert import HTMLExporter

    from jinja2 import DictLoader

    static = copy.deepcopy(node)
    for cell in static.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if WIDGET_VIEW in data and set(data) - {WIDGET_VIEW, "text/plain"}:
                del data[WIDGET_VIEW]
    describe_images(static)
    exporter = HTMLExporter(template_name="lab", embed_images=True, template_file=TEMPLATE,
                            extra_loaders=[DictLoader({TEMPLATE: TEMPLATE_TEXT})])
    body, _ = exporter.from_notebook_node(static, resources={"metadata": {"name": title}})
    body = _docs_linked(body, "docs/")
    page = Path(page)
    page.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(page, body)
    return page


def describe_images(node) -> None:
    """Give every image output of `node` a description where it carries none (a figure with no title): its
    place, "a figure in the section «heading»" (the heading above it, else the notebook's title)."""
    heading = title_of(node)
    for cell in node.cells:
        if cell.cell_type == "markdown":
            heading = next((line.lstrip("#").strip() for line in cell.source.splitlines() if line.startswith("#")),
                           heading)
            continue
        for output in cell.get("outputs", []):
            for kind in IMAGES:
                if kind in output.get("data", {}) and not _alt_of(output, kind):
                    output.setdefault("metadata", {}).setdefault(kind, {})["alt"] = f"a figure in the section «{heading}»"


def _alt_of(output, kind: str) -> str:
    metadata = output.get("metadata") or {}
    return str((metadata.get(kind) or {}).get("alt") or metadata.get("alt") or "").strip()


def page(notebook: Path | str, site: Path | str = "build", timeout: int = 1200, html: bool = True) -> Page:
    """Execute one notebook into `site/notebooks/` and, with `html`, write its page `site/<name>.html`."""
    notebook, site = Path(notebook), Path(site)
    started = time.perf_counter()
    node, error = execute(notebook, site / "notebooks", timeout)
    seconds = time.perf_counter() - started
    title = title_of(node)
    written = to_html(node, site / f"{notebook.stem}.html", title) if html else None
    return Page(notebook.name, title, str(site / "notebooks" / notebook.name), written and str(written), seconds, error)


def build(folder: Path | str = NOTEBOOKS, site: Path | str = "build", *, html: bool = True, workers: int = 2,
          timeout: int = 1200, names: list[str] | None = None) -> list[Page]:
    """Execute every numbered notebook of `folder` (`workers` at a time, each in its own process) into
    `site/notebooks/`; with `html`, write each page and `site/index.html`. `names` picks some notebooks."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise WordlabError(f"workers must be a whole number ≥ 1, not {workers!r}")
    chosen = notebooks(folder)
    if names:
        unknown = [n for n in names if not any(nb.name == n or nb.stem == n for nb in chosen)]
        if unknown:
            raise WordlabError(f"no notebook {', '.join(unknown)} in {folder}; choose from "
                               f"{', '.join(nb.stem for nb in chosen)}")
        chosen = [nb for nb in chosen if nb.name in names or nb.stem in names]
    with ProcessPoolExecutor(max_workers=workers, mp_context=get_context("spawn")) as pool:
        pages = list(pool.map(page, chosen, [site] * len(chosen), [timeout] * len(chosen), [html] * len(chosen)))
    if html:
        write_docs(site)
        write_index(folder, site, pages)
    return pages


def _heading(page: Path, text: str | None = None) -> str:
    """The first Markdown heading of a docs page (its `text`, read if not given), without the #s; its file
    name if it has none."""
    text = page.read_text(encoding="utf-8") if text is None else text
    return next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("#")), page.stem)


def _docs_linked(body: str, to: str) -> str:
    """`body` with every link to a docs page (`../docs/x.md`, as a notebook in JupyterLab opens it) pointed at
    that page in the book (`to` + `x.html`)."""
    return DOCS_LINK.sub(lambda m: f'href="{to}{m[1]}.html{m[2] or ""}"', body)


def reference_pages(docs: Path | str = DOCS) -> list[Path]:
    """The docs pages the book carries (the classroom's protocol, the puzzles' minimal strategies), in order."""
    return [path for pattern in REFERENCE for path in sorted(Path(docs).glob(pattern))]


def write_docs(site: Path | str = "build", docs: Path | str = DOCS) -> list[Path]:
    """Each reference page as `site/docs/<name>.html`, its Markdown rendered, its links to other docs pages
    pointed at their book pages, so a notebook's "see docs/…" is one click in the book too."""
    from nbconvert.filters.markdown import markdown2html

    written = []
    for source in reference_pages(docs):
        name = source.relative_to(docs).with_suffix("")
        text = source.read_text(encoding="utf-8")
        title = _heading(source, text)
        up = "../" * len(name.parts)
        body = DOCS_LINK.sub(lambda m: f'href="{up}docs/{m[1]}.html{m[2] or ""}"', markdown2html(text))
        body = re.sub(r'href="(?!https?:|#|/|\.\./)([^"]+)\.md(#[^"]*)?"', r'href="\1.html\2"', body)  # a sibling
        page = Path(site) / "docs" / f"{name}.html"
        page.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(page, DOC_PAGE.format(title=escape(title), body=body, index=f"{up}index.html"))
        written.append(page)
    return written


def write_index(folder: Path | str = NOTEBOOKS, site: Path | str = "build", pages: list[Page] = ()) -> Path:
    """`site/index.html`: every numbered notebook of `folder` with its title and what it is about (its first
    paragraph), linked to its page; how long each took when `pages` says."""
    import nbformat

    ran = {p.notebook: p for p in pages}
    rows = []
    for notebook in notebooks(folder):
        node = nbformat.read(notebook, as_version=4)
        took = ran.get(notebook.name)
        seconds = took.seconds if took else _execution_seconds(Path(site) / "notebooks" / notebook.name)
        note = "" if seconds is None else f"{seconds:.0f} s" + (" · failed" if took and took.error else "")
        rows.append(f'<tr><td><a href="{escape(notebook.stem)}.html">{escape(title_of(node))}</a></td>'
                    f"<td>{_about(node)}</td><td>{note}</td></tr>")
    references = "\n".join(f'<li><a href="docs/{escape(path.relative_to(DOCS).with_suffix("").as_posix())}.html">'
                           f"{escape(_heading(path))}</a></li>" for path in reference_pages())
    index = INDEX.format(rows="\n".join(rows), references=references)
    path = Path(site) / "index.html"
    path.parent.mkdir(parents=True, exist_ok=True)
    _write_atomically(path, index)
    return path


def _execution_seconds(executed: Path) -> float | None:
    """How long an executed copy took, from its first cell's start to its last cell's end (the times nbclient
    writes into each cell's metadata); None where there is no such copy or no such times."""
    import nbformat
    from datetime import datetime

    if not executed.is_file():
        return None
    stamps = [cell.metadata.get("execution", {}) for cell in nbformat.read(executed, as_version=4).cells]
    starts = [s["iopub.execute_input"] for s in stamps if "iopub.execute_input" in s]
    ends = [s["shell.execute_reply"] for s in stamps if "shell.execute_reply" in s]
    if not starts or not ends:
        return None
    return (datetime.fromisoformat(max(ends).replace("Z", "+00:00"))
            - datetime.fromisoformat(min(starts).replace("Z", "+00:00"))).total_seconds()


def _about(node) -> str:
    """The first paragraph after the title, as HTML (the notebook's own Markdown, rendered)."""
    from nbconvert.filters.markdown import markdown2html

    for cell in node.cells:
        if cell.cell_type != "markdown":
            continue
        for paragraph in cell.source.split("\n\n"):
            text = " ".join(paragraph.split())
            if text and not text.startswith("#"):
                return markdown2html(text)
    return ""


def _write_atomically(path: Path, text: str) -> None:
    """Write through a temporary file and rename, so concurrent writers never leave a half-written page."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>wordlab: the notebooks</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; width: 100%; }}
td {{ border-top: 1px solid #ddd; padding: .5rem; vertical-align: top; }} td p {{ margin: 0; }}
td:first-child {{ width: 30%; font-weight: 600; }} td:last-child {{ white-space: nowrap; color: #666; }}
th {{ text-align: left; padding: .5rem; color: #666; font-weight: 500; }}
</style></head>
<body>
<h1>wordlab: the notebooks</h1>
<p>Each page is a notebook executed top to bottom, with its outputs and plots embedded. Open the pages
in any browser: reading them needs neither Python nor Jupyter. The last column is how long the page took to
execute when this book was built.</p>
<p>Several pages reproduce a published write-up and check its figures. Spelling Bee (02) takes its puzzle and its
counts from Peter Norvig's <a href="https://github.com/norvig/pytudes/blob/main/ipynb/SpellingBee.ipynb">Spelling
Bee notebook</a>; Sudoku (04) follows Christian Jauvin's two posts of 2011,
<a href="http://cjauvin.blogspot.com/2011/10/journey-into-sudoku-space.html">A journey into Sudoku space</a> and
<a href="http://cjauvin.blogspot.com/2011/10/wormhole-through-sudoku-space.html">A wormhole through Sudoku
space</a>, checks the counts they published, and takes its propagation step from Norvig's
<a href="https://norvig.com/sudoku.html">Solving Every Sudoku Puzzle</a>; the palindromic pangram (06) is
one of ITA Software's retired hiring puzzles (the Internet Archive's copy of
<a href="https://web.archive.org/web/2010/http://www.itasoftware.com/careers/">ITA's careers pages</a>), on
ITA's word list WORD.LST. The Spelling Bee page's Python timings, and the figures that Building Blocks (01) and
Word squares (03) quote, come from other published write-ups that this book does not name: a 2018 Building
Blocks solver that scanned a word list with regular expressions, and a word-square solver in Scheme with a
Python prefix-table solution beside it. Their figures are those write-ups' own, on their machines; where each
puzzle and word list comes from is recorded beside the data in the project's repository, outside this
book.</p>
<table>
<tr><th>notebook</th><th>what it does</th><th>ran in</th></tr>
{rows}
</table>
<h2>Reference pages</h2>
<p>The pages the notebooks point to: how a strategy reports to the player and to <code>check</code>, and for each
puzzle a minimal strategy of your own with the tree it draws.</p>
<ul>
{references}
</ul>
</body></html>
"""

DOC_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #222;
       line-height: 1.5; }}
pre {{ background: #f6f6f6; padding: .6rem; overflow-x: auto; }} code {{ font-size: 90%; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #ddd; padding: .3rem .5rem; }}
</style></head>
<body>
<p><a href="{index}">← the book's index</a></p>
{body}
</body></html>
"""
