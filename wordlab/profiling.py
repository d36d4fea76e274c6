"""Profiles that read the same everywhere: `%load_ext wordlab.profiling` in a notebook.

It loads line_profiler's `%lprun` and memory_profiler's `%memit`, and makes every profile (`%prun`,
`%lprun`) print once, as text in the cell's output (not in a pager, which JupyterLab and a headless
run show differently), with file paths written short: relative to the project or to site-packages,
and a notebook cell's temporary file as `<cell>`, never the machine's own folders.
"""

from __future__ import annotations

from wordlab.paths import short_paths


def _print_page(data, *args, **kwargs) -> None:
    """What the profilers would page, printed once into the output with short paths."""
    text = data.get("text/plain", "") if isinstance(data, dict) else str(data)
    print(short_paths(text))


def load_ipython_extension(ipython) -> None:
    """`%load_ext wordlab.profiling`: `%prun`, `%lprun` and `%memit`, printing once with short paths."""
    import IPython.core.page
    import line_profiler.ipython_extension

    ipython.extension_manager.load_extension("line_profiler")
    ipython.extension_manager.load_extension("memory_profiler")
    IPython.core.page.page = _print_page  # what %prun calls (through the module)
    line_profiler.ipython_extension.page = _print_page  # what %lprun calls (imported by name)
