"""What the step-through views read: the events a recording probe kept, the tree they form, and the
side panel of one step. No widget and no figure here, so the player and the filmstrip share it.

A run is recorded by giving the search a `Probe(record=N)`: the probe keeps the first N events
(kind, depth, state, frontier, nodes, best, why, parent), and a result carries its probe and the
puzzle's `render(state)`.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from wordlab.errors import WordlabError
from wordlab.search.probe import EXPANDING, Probe
from wordlab.search.result import Result
from wordlab.viz.plots import tree_layout

HOW_TO_RECORD = ("record the run: solve(..., probe=Probe(record=500)) keeps its first 500 events "
                 "(any positive number), then step through the result")
LABEL_WIDTH = 10  # tree labels longer than this are left off
PATH_SHOWN = 8  # the side panel shows the last this many nodes of the path to the current one


def _field(event, name: str, default=None):
    return getattr(event, name, default)


@dataclass
class Recording:
    """One recorded run: its events, how to draw a state, a name, and the tree the events form."""

    name: str
    events: Sequence[Any]
    render: Callable[[Any], str]
    tree: list[tuple[int, int | None, int, str]] = field(init=False)
    positions: dict[int, tuple[float, int]] = field(init=False)
    nodes: list[int] = field(init=False)  # event indexes of tree nodes, ascending

    def __post_init__(self):
        self.tree = tree_of(self.events)
        self.positions = tree_layout(self.tree)
        self.nodes = [node_id for node_id, *_ in self.tree]

    def __len__(self) -> int:
        return len(self.events)

    def event(self, step: int):
        """The event at `step`, or the last one once the run has ended."""
        return self.events[min(step, len(self.events) - 1)]

    def node_at(self, step: int) -> int | None:
        """The tree node current at `step`: the latest node event up to it."""
        at = bisect_right(self.nodes, min(step, len(self.events) - 1))
        return self.nodes[at - 1] if at else None

    def path(self, step: int) -> list[str]:
        """The labels of the nodes from the root to the current one, if every one has a label."""
        parents = {node_id: (parent, label) for node_id, parent, _, label in self.tree}
        labels, node = [], self.node_at(step)
        while node is not None:
            parent, label = parents[node]
            labels.append(label)
            node = parent
        return labels[::-1] if all(labels) else []

    def drawn(self, step: int) -> list[tuple[int, int | None, int, str]]:
        """The tree nodes recorded up to `step`."""
        return self.tree[:bisect_right(self.nodes, step)]

    def state_text(self, step: int) -> str:
        """The puzzle's drawing of the state at `step` (or of the last state recorded before it)."""
        for index in range(min(step, len(self.events) - 1), -1, -1):
            state = _field(self.events[index], "state")
            if state is not None:
                return str(self.render(state))
        return "(no state recorded yet)"


def recording_of(source, render: Callable[[Any], str] | None = None, name: str | None = None) -> Recording:
    """The recording of a `Result` (through its probe) or of a `Probe`; a clear error if there is none."""
    if isinstance(source, Probe):
        probe, default_name, default_render = source, "search", None
    elif isinstance(source, Result):
        probe, default_name = source.probe, getattr(source, "strategy", "") or "search"
        default_render = getattr(source, "render", None)
        if probe is None:
            raise WordlabError(f"this result has no probe, so there is nothing to step through: {HOW_TO_RECORD}")
    else:
        raise WordlabError(f"step through a Result or a Probe, not {type(source).__name__}: {HOW_TO_RECORD}")
    events = getattr(probe, "events", None)
    if not getattr(probe, "record", 0) or events is None:
        raise WordlabError(f"the probe was not recording: {HOW_TO_RECORD}")
    if not events:
        raise WordlabError(f"the probe recorded no events (did the search run with it?): {HOW_TO_RECORD}")
    return Recording(name or default_name, list(events), render or default_render or str)


def tree_of(events: Sequence[Any]) -> list[tuple[int, int | None, int, str]]:
    """(id, parent, depth, label) for each node event, ids being event indexes. A node's parent is the
    node event it names; without one, the latest node one level up (right for depth-first search)."""
    tree, is_node, last_at_depth = [], set(), {}
    for index, event in enumerate(events):
        if _field(event, "kind") not in EXPANDING:
            continue
        depth = _field(event, "depth", 0) or 0
        parent = _field(event, "parent")
        if parent not in is_node:
            parent = last_at_depth.get(depth - 1)
        tree.append((index, parent, depth, _label(_field(event, "state"))))
        is_node.add(index)
        last_at_depth[depth] = index
    return tree


def _label(state) -> str:
    text = "" if state is None else str(state)
    return text if len(text) <= LABEL_WIDTH and "\n" not in text else ""


def _number(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.3g}"
    return f"{value:,}" if isinstance(value, (int, float)) else str(value)


def panel_rows(recording: Recording, step: int) -> list[tuple[str, str]]:
    """The side panel of one step as (label, value) rows."""
    event = recording.event(step)
    last = len(recording) - 1
    rows = [("step", f"{min(step, last) + 1:,} of {len(recording):,}" + (" (run ended)" if step > last else "")),
            ("event", str(_field(event, "kind", "?"))),
            ("depth", _number(_field(event, "depth"))),
            ("frontier", _number(_field(event, "frontier")) if _field(event, "kind") == "expand" else "–"),
            ("nodes so far", _number(_field(event, "nodes"))),
            ("best so far", _number(_field(event, "best")))]
    why = _field(event, "why")
    if why:
        rows.append(("why pruned", str(why)))
    path = recording.path(step)
    if len(path) > 1:
        rows.append(("path", " → ".join(path if len(path) <= PATH_SHOWN else ["…", *path[-PATH_SHOWN:]])))
    return rows


def panel_html(recording: Recording, step: int) -> str:
    cells = "".join(f"<tr><th style='text-align:left;padding-right:1em'>{html.escape(label)}</th>"
                    f"<td style='text-align:left'>{html.escape(value)}</td></tr>" for label, value in panel_rows(recording, step))
    return f"<table class='wordlab-panel'>{cells}</table>"


def state_html(recording: Recording, step: int) -> str:
    return f"<pre class='wordlab-state' style='margin:0;line-height:1.25'>{html.escape(recording.state_text(step))}</pre>"


TREE_COLOURS = {"edge": "#b0b0b0", "node": "#4c72b0", "current": "#dd3333"}


def tree_svg(recording: Recording, step: int, width: int = 420, height: int = 220) -> str:
    """The search tree drawn up to `step` as an SVG, the current node larger and in red."""
    drawn = recording.drawn(step)
    if not drawn:
        return "<svg class='wordlab-tree' width='0' height='0'></svg>"
    current = recording.node_at(step)
    positions = recording.positions
    span_x = max(x for x, _ in positions.values()) or 1
    span_y = max(y for _, y in positions.values()) or 1
    pad = 16

    def at(node_id):
        x, y = positions[node_id]
        return pad + x / span_x * (width - 2 * pad), pad + y / span_y * (height - 2 * pad)

    parts = []
    for node_id, parent, _, _ in drawn:
        if parent is not None:
            (x0, y0), (x1, y1) = at(parent), at(node_id)
            parts.append(f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' "
                         f"stroke='{TREE_COLOURS['edge']}' stroke-width='1'/>")
    show_labels = len(positions) <= 40
    for node_id, _, _, label in drawn:
        x, y = at(node_id)
        here = node_id == current
        colour = TREE_COLOURS["current" if here else "node"]
        parts.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{6 if here else 3}' fill='{colour}'/>")
        if label and (show_labels or here):
            parts.append(f"<text x='{x:.1f}' y='{y - 7:.1f}' font-size='10' text-anchor='middle' "
                         f"font-family='monospace' fill='{colour}'>{html.escape(label)}</text>")
    return (f"<svg class='wordlab-tree' width='{width}' height='{height}' viewBox='0 0 {width} {height}' "
            f"xmlns='http://www.w3.org/2000/svg'>{''.join(parts)}</svg>")
