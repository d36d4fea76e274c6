"""Words for pictures: each figure a notebook shows carries a description, which a page built from the
notebook gives its image as alternative text (what a screen reader says, and what shows if the picture
cannot load).

A matplotlib figure is described by what it says of itself: its overall title, and each plot's title and
axis labels. A figure that draws text of its own instead (a filmstrip) names its description as
`figure.wordlab_description`. `install()` has IPython attach the description to every figure it shows, as
the image's `alt` metadata; importing `wordlab.viz` in a notebook installs it.
"""

from __future__ import annotations

DESCRIPTION = "wordlab_description"  # the attribute a figure may carry its own description in


def figure_text(figure) -> str:
    """A figure in words: its own description if it carries one, else its overall title, then each plot's
    title and axes ("steps against depth"); "" for a figure with no words in it."""
    own = getattr(figure, DESCRIPTION, None)
    if own:
        return str(own)
    parts = []
    title = figure.get_suptitle() if hasattr(figure, "get_suptitle") else ""
    if title:
        parts.append(_line(title))
    plots = [_plot_text(ax) for ax in figure.get_axes()]
    plots = [text for text in plots if text]
    if plots:
        parts.append(("plot: " if len(plots) == 1 else f"{len(plots)} plots: ") + "; ".join(plots))
    return ". ".join(parts)


def _line(text: str) -> str:
    return " ".join(str(text).split())


def _plot_text(ax) -> str:
    """One plot in words: its title (all three places a title may sit), and its axes, y against x."""
    title = " ".join(_line(ax.get_title(where)) for where in ("left", "center", "right") if ax.get_title(where))
    x, y = _line(ax.get_xlabel()), _line(ax.get_ylabel())
    axes = f"{y} against {x}" if x and y else y or x
    if title and axes:
        return f"{title} ({axes})"
    return title or axes


def alt_metadata(figure) -> tuple[dict, dict]:
    """For IPython: no data of its own (the usual PNG is drawn as ever), and the figure's description, if
    it has words to make one of, as the metadata of its PNG."""
    text = figure_text(figure)
    return ({}, {"image/png": {"alt": text}}) if text else ({}, {})


def install() -> bool:
    """Have IPython attach a description to every matplotlib figure it shows; False outside IPython."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    if shell is None or not hasattr(shell, "display_formatter"):
        return False
    from matplotlib.figure import Figure

    shell.display_formatter.mimebundle_formatter.for_type(Figure, alt_metadata)
    return True
