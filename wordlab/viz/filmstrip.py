"""The static face of a recorded run: evenly spaced frames side by side, for places where widgets
do not run (an executed notebook read without a kernel, a published page)."""

from __future__ import annotations

import base64
import io

from wordlab.viz.recording import TREE_COLOURS, Recording, panel_rows

FRAME_WIDTH = 2.7  # inches per frame
LINE_HEIGHT = 0.15  # inches per line of monospace text
PATH_SHOWN = 4  # a frame shows the last this many nodes of the path to the current one


def frame_steps(length: int, frames: int) -> list[int]:
    """`frames` steps spread evenly from the first to the last of `length` (fewer if the run is shorter)."""
    if length <= frames:
        return list(range(length))
    return sorted({round(i * (length - 1) / (frames - 1)) for i in range(frames)})


def _frame_text(recording: Recording, step: int) -> str:
    rows = dict(panel_rows(recording, step))
    facts = [f"{rows['event']} · depth {rows['depth']} · frontier {rows['frontier']}",
             f"nodes {rows['nodes so far']} · best {rows['best so far']}"]
    if "why pruned" in rows:
        facts.append(f"pruned: {rows['why pruned']}")
    path = recording.path(step)
    if len(path) > 1:
        facts.append("path: " + " → ".join(path if len(path) <= PATH_SHOWN else ["…", *path[-PATH_SHOWN:]]))
    return recording.state_text(step) + "\n\n" + "\n".join(facts)


def _draw_tree(ax, recording: Recording, step: int) -> None:
    from matplotlib.collections import LineCollection

    drawn = recording.drawn(step)
    positions, current = recording.positions, recording.node_at(step)
    edges = [(positions[parent], positions[node_id]) for node_id, parent, _, _ in drawn if parent is not None]
    ax.add_collection(LineCollection(edges, colors=TREE_COLOURS["edge"], linewidths=0.6, zorder=1))
    if drawn:
        xs, ys = zip(*(positions[node_id] for node_id, *_ in drawn))
        ax.scatter(xs, ys, s=6, color=TREE_COLOURS["node"], zorder=2)
    if current is not None:
        ax.scatter(*positions[current], s=40, color=TREE_COLOURS["current"], zorder=3)
    xs_all, ys_all = zip(*positions.values()) if positions else ((0,), (0,))
    ax.set_xlim(min(xs_all) - 0.5, max(xs_all) + 0.5)
    ax.set_ylim(max(ys_all) + 0.5, min(ys_all) - 0.5)
    ax.axis("off")


def filmstrip(recordings: list[Recording], frames: int = 6):
    """A matplotlib Figure: one row per run of `frames` evenly spaced steps, each the rendered state,
    its facts, and the search tree drawn so far (current node in red)."""
    from matplotlib.figure import Figure

    length = max(len(r) for r in recordings)
    steps = frame_steps(length, frames)
    lines = max(_frame_text(r, s).count("\n") + 1 for r in recordings for s in steps)
    text_height = 0.35 + LINE_HEIGHT * lines
    tree_height = 1.1
    figure = Figure(figsize=(FRAME_WIDTH * len(steps), (text_height + tree_height) * len(recordings)))
    grid = figure.add_gridspec(2 * len(recordings), len(steps), height_ratios=[text_height, tree_height] * len(recordings),
                               left=0.01, right=0.99, top=0.99, bottom=0.01, wspace=0.08, hspace=0.1)
    for row, recording in enumerate(recordings):
        for column, step in enumerate(steps):
            text_ax = figure.add_subplot(grid[2 * row, column])
            text_ax.axis("off")
            ended = " (ended)" if step >= len(recording) else ""
            title = f"{recording.name}: step {min(step, len(recording) - 1) + 1:,} of {len(recording):,}{ended}"
            text_ax.text(0, 1, title, fontsize=8, va="top", transform=text_ax.transAxes)
            text_ax.annotate(_frame_text(recording, step), (0, 1), xycoords="axes fraction", xytext=(0, -14),
                             textcoords="offset points", family="monospace", fontsize=7, va="top")
            _draw_tree(figure.add_subplot(grid[2 * row + 1, column]), recording, step)
    return figure


def png_base64(figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90)
    return base64.b64encode(buffer.getvalue()).decode("ascii")
