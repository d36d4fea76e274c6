"""The static face of a recorded run: frames side by side, for places where widgets do not run (an
executed notebook read without a kernel, a published page).

A header names what the runs were given. Each run is one row of frames chosen evenly over its recorded
steps, always including its first solution and its last step; a caption above the row names the run, says
which steps the frames show and how the run ended (or that the recording filled while it went on). Nodes
carry the player's marks, with one legend of the marks shown, and the player's labels where a frame has room
for them (a small tree's every node, a big one's path and what fits beside it). A run with several roots (each
letter set, each centre) has them joined at one start point. A tree deeper than a frame's `LEVELS` shows the
levels round the current node and says how many nodes above and below it leaves out.
"""

from __future__ import annotations

import base64
import io
import math
import re
import textwrap

from wordlab.viz.recording import (LABEL_CHAR_PX, MARKS, Recording, TreeView, _counted, _number, frontier_text,
                                   labels_in_window, panel_rows, path_text, queue_table, said_in, side_branches_text,
                                   tree_view)

DPI = 100  # pixels per inch of the picture: 930 pixels wide, within a page of 960 shown at 100 %
FRAME_WIDTH = 4.65  # inches per frame
COLUMNS = 2  # frames to a row: a page shows the figure at its width (or narrower), and two keep the text readable
TEXT_POINTS = 10.5  # a frame's text: 14.6 pixels high at DPI, near a page's own text; a monospace character is
# about 8.8 pixels wide
LINE_HEIGHT = 0.2  # inches per line of frame text
TREE_HEIGHT = 2.0  # inches of tree under each frame's text
LINE_CHARS = 49  # characters a frame's text line may take (TEXT_POINTS monospace: 430 of a frame's 442 pixels)
HEADER_POINTS, CAPTION_POINTS = 11, 10  # the figure's header (bold) and each run's caption, across the figure
HEADER_CHARS = 100  # characters a line of the header may take (HEADER_POINTS bold across the figure)
CAPTION_CHARS = 120  # characters a line of a run's caption may take (CAPTION_POINTS, about 7 pixels each)
CAPTION_LINE = 0.17  # inches per line of a caption
NOTE_POINTS = 9  # a tree's grey text: the depths at its left and what it leaves out, top right
NOTE_LINE_PX = 1.25 * NOTE_POINTS * DPI / 72  # pixels a line of that text takes, with its spacing
LEGEND_COLUMNS = 6  # the most marks in a row of the legend (CAPTION_POINTS across the figure)
STATE_LINES = 16  # the most lines of a drawn state a frame shows (a 9 × 9 Sudoku's and the lines under it)
QUEUE_LINES = 3  # the most frontier entries a frame lists
LABEL_POINTS = 7.5  # a node's label, monospace: about 6.2 pixels a character at DPI, as the player's labels
LABEL_LIFT = {"current": 7, "dot": 3.5, "mark": 5}  # points from a node's centre to its label's foot, clear of its
# ring (the current node), its dot, or its larger mark (a star, a cross, a square, a diamond)
LABEL_ROOM = (LABEL_LIFT["current"] + LABEL_POINTS + 4) * DPI / 72  # pixels between levels for the current node's
# label: its lift, its letters' height, and clear room under the dot of its parent above it
DEPTH_COLUMN = 18  # pixels at a frame's left kept for the depths: a label pushed in from the edge stops there
LEVELS = 7  # the most levels of tree a frame draws, 16 pixels apart or more; deeper: those round the current node
MARKERS = {"star": "*", "cross": "x", "diamond": "D", "square": "s", "dot": "o", "ring": "o"}
START, START_COLOUR, START_SHAPE = "start", "#555555", "ring"  # the point joining a run's several roots


def frame_steps(length: int, frames: int, keep: tuple = ()) -> list[int]:
    """`frames` steps spread evenly from the first to the last of `length` (all of them if the run is no
    longer), each step of `keep` taking the place of the nearest evenly spaced one; the ends stay, except
    that two frames show the first kept step and the end."""
    if length <= frames:
        return list(range(length))
    steps = sorted({round(i * (length - 1) / (frames - 1)) for i in range(frames)})
    fixed = {length - 1}
    for wanted in sorted({k for k in keep if k is not None and 0 <= k < length} - set(steps)):
        movable = [s for s in steps if s not in fixed and s != 0]
        if not movable and len(steps) == 2:  # two frames: the kept step and the end, rather than the start
            movable = [0]
        if movable:
            steps.remove(min(movable, key=lambda s: abs(s - wanted)))
            steps.append(wanted)
        fixed.add(wanted)
    return sorted(steps)


def solution_steps(recording: Recording) -> list[int]:
    """The steps of the solutions recorded, in order."""
    return [step for step, event in enumerate(recording.events) if getattr(event, "kind", None) == "solution"]


def steps_of(recording: Recording, frames: int) -> list[int]:
    """The steps a row of frames shows: evenly spread, with the first solution, the last one (a run that
    improves on its solutions ends on its answer there) and the last step."""
    found = solution_steps(recording)
    return frame_steps(len(recording), frames, (found[0] if found else None, len(recording) - 1,
                                                found[-1] if found else None))


def _clip(line: str, chars: int = LINE_CHARS) -> str:
    return line if len(line) <= chars else line[:chars - 1] + "…"


def _state_lines(recording: Recording, step: int) -> list[str]:
    """The state drawn, a line too long for the frame wrapped between its phrases (`phrased`; a drawing's rows
    are short)."""
    lines = [part for line in recording.state_text(step).splitlines() or [""]
             for part in (phrased(line, indent="  ") if len(line) > LINE_CHARS else [line])]
    if len(lines) > STATE_LINES:
        lines = lines[:STATE_LINES - 1] + [f"… {len(lines) - STATE_LINES + 1} more lines"]
    return lines


PHRASE_END = re.compile(r"(?<=[,;:·]) ")  # the space after a phrase's end: "… left, x no …", "… 0.1755 · kept …"


def phrased(text: str, chars: int = LINE_CHARS, lines: int | None = None, indent: str = "") -> list[str]:
    """`text` wrapped to `chars` characters between its phrases (after ", ", "; ", ": " and " · "), so that
    "x no option left", "1 taken then (▶) + 0 waiting" or "kept 119 of 798" stays on one line; a phrase longer
    than a line goes on from the line before and is wrapped at its spaces. Later lines start with `indent`; at
    most `lines` lines, the last ending in "…" where text is left out."""
    out: list[str] = []
    for piece in PHRASE_END.split(text):
        joined = f"{out[-1]} {piece}" if out else piece
        if len(joined) <= chars:
            out[-1:] = [joined]
        elif len(indent + piece) <= chars:
            out.append(indent + piece)
        else:  # too long for any line: it fills the line it starts on
            out[-1:] = textwrap.wrap(joined, chars, subsequent_indent=indent, break_long_words=True)
    if lines is not None and len(out) > lines:
        out = out[:lines - 1] + [_clip(" ".join(out[lines - 1:]).replace("  ", " "), chars)]
    return out or [""]


def _wrapped(text: str, lines: int = 2) -> list[str]:
    """`text` wrapped between its phrases to the frame's width (`phrased`), at most `lines` lines."""
    return phrased(text, lines=lines)


def frame_lines(recording: Recording, step: int) -> list[str]:
    """A frame's text: the state drawn, what happened, the counts, why pruned, the path, the frontier (as
    the player's panel says it, with its first entries and how many more)."""
    rows = dict(panel_rows(recording, step))
    lines = [*_state_lines(recording, step), "",
             _clip(f"{rows['event']} · depth {rows['depth']}"),
             *_wrapped(f"calls {rows['calls so far']} · " + next(
                 f"{label[:-len(' so far')]} {value}" for label, value in rows.items() if label.endswith(" so far")
                 and label != "calls so far")),
             *(_wrapped(f"frontier: {rows['frontier']}") if recording.reports_frontier else [])]  # else the caption says why
    for why in ("why pruned", "why", "drawn"):
        if why in rows:
            lines += _wrapped(f"{why}: {rows[why]}")
    path = recording.path(step)
    if path:
        lines.append(_clip("path: " + path_text(path, LINE_CHARS - 6)))
    lines += _queue_lines(recording, step)
    facts = [f"{label} {value}" for label, value in _facts(recording, step)]
    if facts:
        lines += _wrapped(" · ".join(facts), lines=3)
    return lines


def _queue_lines(recording: Recording, step: int) -> list[str]:
    """The frontier's first entries, one a line: mark, state and costs in columns, a state too long for its
    column ending in "…" (its end, where the word breaks are that tell states apart, is kept when it can be)."""
    rows = queue_table(recording, step, QUEUE_LINES)
    filled = [name for i, name in enumerate("ghf", start=2) if any(row[i] not in ("–", "") for row in rows)]
    costs = [" ".join(f"{name} {value}" for name, value in zip("ghf", values) if name in filled and value)
             for _, _, *values in rows]
    room = LINE_CHARS - 6 - max((len(c) for c in costs), default=0)
    width = min(room, max((len(state) for mark, state, *_ in rows if mark), default=0))
    return [_clip(f"{mark:>4} {_clip(state, width) if mark else state:<{width}} {cost}".rstrip())
            for (mark, state, *_), cost in zip(rows, costs)]


def _facts(recording: Recording, step: int) -> list[tuple[str, str]]:
    """The event's own facts, but those its drawn state already says (`said_in`)."""
    drawing = recording.drawings[recording.last(step)]
    return [(str(label), _number(value)) for label, value in getattr(recording.event(step), "facts", ()) or ()
            if not said_in(drawing, str(label), _number(value))]


def caption(recording: Recording, steps: list[int]) -> str:
    """What a row shows: the run (and what it was given, where that fits), the steps of its frames, where
    the answer is, and how the run ended."""
    shown = ", ".join(f"{s + 1:,}" for s in steps)
    events = len(recording)
    in_all = recording.ending.events
    recorded = ((f"first {events:,} of {in_all:,} events" if in_all else f"first {events:,} events")
                if recording.ending.full else f"all {events:,} events")
    constant = "" if recording.reports_frontier else f"; frontier {frontier_text(recording, 0)}"
    return (f"{recording.name}: steps {shown} of {recorded}; {answer_text(recording)}\n{recording.ending_text()}"
            f"{constant}")


def answer_text(recording: Recording) -> str:
    """Where the run's answer is among the recorded steps: its first solution and its last, or that the
    answer (or a better one, or more solutions) came after the recording ended."""
    found, ending = solution_steps(recording), recording.ending
    if not found:
        return ("no solution among the recorded events: the answer came after the recording ended" if ending.found
                else "no solution found")
    text = f"first solution at step {found[0] + 1:,}" + (f", last at step {found[-1] + 1:,}" if len(found) > 1 else "")
    if not ending.full:
        return text
    best = getattr(recording.events[found[-1]], "best", None)
    if ending.best is not None and best is not None and best != ending.best:
        return text + f"; the run's {ending.cost_name} ({_number(ending.best)}) came after the recording ended"
    if ending.found > len(found):
        return text + f"; {_counted(ending.found - len(found), 'more solution')} came after the recording ended"
    return text


def frame_title(recording: Recording, step: int) -> str:
    """A frame's heading: the step of how many, the last saying that the run ended there or that the
    recording filled there (the row's caption says of how many events in all), and what happened."""
    last = len(recording) - 1
    end = ("" if step < last else " (recording full)" if recording.ending.full else " (run ended)")
    recorded = " recorded" if recording.ending.full and not end else ""
    return f"step {min(step, last) + 1:,} of {len(recording):,}{recorded}{end}: {recording.what(step)}"


def _draw_tree(ax, recording: Recording, step: int) -> set[str]:
    """The tree up to `step` with its marks; returns the marks drawn, for the legend."""
    from matplotlib.collections import LineCollection

    view = tree_view(recording, step)
    ax.axis("off")
    if not view.nodes:
        return set()
    low, high = _levels(view)
    place = _placed(view, low, high)
    lines = [(node_id, parent) for node_id, parent, _, _ in view.nodes if parent is not None
             and (node_id in place or parent in place) and parent in view.positions]
    edges = [_edge_shown(view.positions[parent], view.positions[node_id], low) for node_id, parent in lines]
    on_path = [node_id in view.path and parent in view.path for node_id, parent in lines]
    above = [parent not in place for _, parent in lines]  # its parent is above the levels drawn: dashed to the top
    ax.add_collection(LineCollection(edges, colors=[MARKS["on the path"][0] if p else "#c4c4c4" for p in on_path],
                                     linewidths=[1.6 if p else 0.8 for p in on_path],
                                     linestyles=[(0, (2, 2)) if a else "solid" for a in above], zorder=1))
    _depth_ticks(ax, low, high)
    shown = TreeView([node for node in view.nodes if node[0] in place], view.positions, view.marks, view.current,
                     view.path, view.collapsed, view.depths, view.labelled)
    drawn = (_draw_start(ax, shown, place) if low == view.depths[0] else set()) | _draw_nodes(ax, shown, place)
    xs = [x for x, _ in place.values()]
    ax.set_xlim(min(xs) - 0.7 - 0.05 * (max(xs) - min(xs) + 1.4), max(xs) + 0.7)  # room at the left for the depths
    cut = _cut_text(view, low, high, sum(low <= depth <= high for *_, depth, _ in view.nodes) - len(place))
    _set_levels(ax, low - 0.5 - (START in drawn), high + 0.7, max(cut.count("\n") + 1, 1))  # "depth" takes a line
    _draw_labels(ax, shown, place)
    if cut:  # top right, in room of its own above the top level drawn
        ax.text(1, 1, cut, transform=ax.transAxes, fontsize=NOTE_POINTS, color="#555", va="top", ha="right",
                clip_on=True, bbox={"facecolor": "white", "edgecolor": "none", "pad": 0.5}, zorder=6)
    return drawn


def _set_levels(ax, top: float, bottom: float, note_lines: int) -> None:
    """The frame's vertical extent: from `top` down to `bottom` (levels, depth growing downwards), with room
    above `top` for `note_lines` lines of grey text (the word "depth" at the top left, the note of what the
    frame leaves out at the top right), whatever the frame's height in pixels."""
    pixels = ax.get_window_extent().height
    reserved = min(note_lines * NOTE_LINE_PX / pixels, 0.5)  # the note's share of the frame's height
    span = (bottom - top) / (1 - reserved)
    ax.set_ylim(bottom, bottom - span)


def _draw_labels(ax, view: TreeView, place: dict) -> None:
    """Each node's label above it where the player would draw it at this width (`labels_in_window`): the
    path's and the current node's (moved in from the frame's side where they would reach past it), then every
    other whose label runs into no label of its level nor past the frame's sides; a big tree's crowded levels
    keep their dots bare, and levels too close for a label (a deep tree's) keep every dot bare."""
    from matplotlib.patheffects import withStroke

    to_pixels = ax.transData.transform
    if not view.labelled or abs(to_pixels((0, 1))[1] - to_pixels((0, 0))[1]) < LABEL_ROOM:
        return
    box = ax.get_window_extent()
    left, right = box.x0 + DEPTH_COLUMN, box.x1
    labels = {node_id: label for node_id, _, _, label in view.nodes}
    shift = {node_id: _inside(to_pixels(place[node_id])[0], labels[node_id], left, right)
             for node_id in view.path | {view.current} if node_id in labels}  # only these are drawn at an edge
    centre = {node_id: (to_pixels(place[node_id])[0] + shift.get(node_id, 0) * DPI / 72, 0) for node_id in labels}
    for node_id in labels_in_window(centre.get, view, (left, 0, right - left, 0)):
        ax.annotate(labels[node_id], place[node_id], xytext=(shift.get(node_id, 0), _lift(view, node_id)),
                    textcoords="offset points", ha="center", va="bottom", family="monospace", fontsize=LABEL_POINTS,
                    color="#222",
                    fontweight="bold" if node_id == view.current else "normal", annotation_clip=False, zorder=6,
                    path_effects=[withStroke(linewidth=2.5, foreground="white")])


def _inside(x: float, label: str, left: float, right: float) -> float:
    """Points to move a label centred at pixel `x` so it stays between `left` and `right` (a label of the path
    or the current node is drawn even where it would reach past the frame's side)."""
    half = LABEL_CHAR_PX * len(label) / 2
    pixels = max(left - (x - half), 0) + min(right - (x + half), 0)
    return pixels * 72 / DPI


def _lift(view: TreeView, node_id: int) -> float:
    """How far above its node a label's foot sits (`LABEL_LIFT`)."""
    mark = view.marks.get(node_id, "other")
    if node_id == view.current:
        return LABEL_LIFT["current"]
    return LABEL_LIFT["dot" if mark in ("other", "on the path") else "mark"]


def _edge_shown(parent: tuple, child: tuple, low: int) -> tuple:
    """An edge as drawn: whole, or from the child up to just above the top level drawn when its parent is
    higher still (the frame says how many nodes above it leaves out)."""
    (px, py), (cx, cy) = parent, child
    if py >= low - 0.6 or cy == py:
        return parent, child
    top = low - 0.6
    return (cx + (px - cx) * (cy - top) / (cy - py), top), child


def _depth_ticks(ax, low: int, high: int) -> None:
    """The depths of the levels drawn, small and grey at the frame's left (every level where they fit)."""
    every = next(n for n in (1, 2, 5, 10, 20, 50, 10**9) if (high - low) / n <= 8)
    ticks = list(range(low, high + 1, every))
    for depth in ticks:
        ax.text(0, depth, str(depth), transform=ax.get_yaxis_transform(), fontsize=NOTE_POINTS, color="#888",
                ha="left", va="center", clip_on=False)
    ax.text(0, 1, "depth", transform=ax.transAxes, fontsize=NOTE_POINTS, color="#888", ha="left", va="top")


def _levels(view: TreeView) -> tuple[int, int]:
    """The depths a frame draws: all of them, or `LEVELS` round the current node's (more below it than above,
    where the search goes next, as far as the tree so far reaches)."""
    least, most = view.depths  # the whole recorded tree's: the scale stays from frame to frame where it fits
    if most - least < LEVELS:
        return least, most
    most = max(depth for _, _, depth, _ in view.nodes)  # no empty levels under the deepest node drawn so far
    here = next((depth for node_id, _, depth, _ in view.nodes if node_id == view.current), least)
    low = max(min(here - (LEVELS - 1) // 2, most - LEVELS + 1), least)
    return low, low + LEVELS - 1


def _placed(view: TreeView, low: int, high: int) -> dict:
    """The nodes a frame draws, at their places: those of the levels drawn that hang from a node drawn, from
    the path to the current node, or from nothing (a root); a branch whose top is above the levels drawn,
    off the path, is left out whole, so no node floats without its parent."""
    place, depth_of = {}, {node_id: depth for node_id, _, depth, _ in view.nodes}
    for node_id, parent, depth, _ in sorted(view.nodes, key=lambda node: node[2]):
        if low <= depth <= high and (parent is None or parent in place or node_id in view.path
                                     or parent not in depth_of):
            place[node_id] = view.positions[node_id]
    return place


def _cut_text(view: TreeView, low: int, high: int, off_path: int = 0) -> str:
    """What a frame leaves out of the tree: nodes collapsed, the levels above and below those drawn, and the
    nodes of side branches hanging from above those levels, off the path (`side_branches_text`)."""
    parts = [f"{_counted(view.collapsed, 'node')} collapsed"] if view.collapsed else []
    if off_path:
        parts.append(side_branches_text(off_path))
    for name, hidden in (("above", [d for *_, d, _ in view.nodes if d < low]),
                         ("below", [d for *_, d, _ in view.nodes if d > high])):
        if hidden:
            levels = f"depth {min(hidden)}" if min(hidden) == max(hidden) else f"depths {min(hidden)}–{max(hidden)}"
            parts.append(f"{_counted(len(hidden), 'node')} {name} ({levels}) not shown")
    return "\n".join(parts)


def _draw_start(ax, view: TreeView, place: dict) -> set[str]:
    """A run whose first nodes are several roots (each letter set, each centre) gets one start point above
    them, joined by dashed lines, so the drawing is one tree and no root floats alone."""
    roots = [place[node_id] for node_id, parent, _, _ in view.nodes if parent is None]
    if len(roots) < 2:
        return set()
    x, y = (min(x for x, _ in roots) + max(x for x, _ in roots)) / 2, min(y for _, y in roots) - 1
    for root_x, root_y in roots:
        ax.plot([x, root_x], [y, root_y], color="#c4c4c4", linewidth=0.6, linestyle=(0, (2, 2)), zorder=1)
    ax.scatter([x], [y], s=22, marker=MARKERS[START_SHAPE], facecolors="none", edgecolors=START_COLOUR, zorder=3,
               clip_on=False)
    return {START}


def _draw_nodes(ax, view: TreeView, place: dict) -> set[str]:
    """Each node as its mark's shape (markers may reach past the frame's edge rather than be cut), the
    current node ringed, a solution's star drawn over the ring; returns the marks drawn."""
    drawn = set()
    for mark, (colour, shape) in MARKS.items():
        points = [place[node_id] for node_id, *_ in view.nodes if view.marks.get(node_id, "other") == mark]
        if points:
            size = {"other": 6, "on the path": 16, "current": 26}.get(mark, 44)
            ax.scatter(*zip(*points), s=size, marker=MARKERS[shape], color=colour, linewidths=1.4, clip_on=False,
                       zorder=5 if mark == "solution" else 3)
            drawn.add(mark)
    if view.current in place:
        ax.scatter(*place[view.current], s=170, marker="o", facecolors="none", edgecolors=MARKS["current"][0],
                   linewidths=1.4, zorder=4, clip_on=False)
        drawn.add("current")
    return drawn


def _legend_rows(marks: int) -> int:
    """The rows a legend of `marks` marks takes, at most `LEGEND_COLUMNS` to a row."""
    return max(math.ceil(marks / LEGEND_COLUMNS), 1)


def _legend(figure, drawn: set[str]) -> None:
    """One legend for the marks that some frame of the figure shows, in the player's order, in rows of about
    the same length (`_legend_rows`)."""
    from matplotlib.lines import Line2D

    shown = {mark: style for mark, style in {**MARKS, START: (START_COLOUR, START_SHAPE)}.items() if mark in drawn}
    handles = [Line2D([], [], linestyle=(0, (2, 2)) if mark == START else "none", color="#c4c4c4",
                      marker=MARKERS[shape], markersize=7,
                      markerfacecolor="none" if mark in ("current", START) else colour, markeredgecolor=colour,
                      label="start (joins the first nodes)" if mark == START else mark)
               for mark, (colour, shape) in shown.items()]
    if handles:
        figure.legend(handles=handles, loc="lower center", ncol=math.ceil(len(handles) / _legend_rows(len(handles))),
                      fontsize=CAPTION_POINTS, frameon=False, columnspacing=1.5)


def filmstrip(recordings: list[Recording], frames: int = 6, about: str = ""):
    """A matplotlib Figure: the header `about` (what the runs were given), then per run a caption and its
    frames (`steps_of`), at most `COLUMNS` to a row so that a page showing the figure at its width keeps the
    text readable; each frame the state drawn, its facts, and the search tree up to it with the player's marks."""
    from matplotlib.figure import Figure

    chosen = [steps_of(r, frames) for r in recordings]
    lines = max(len(frame_lines(r, s)) for r, steps in zip(recordings, chosen) for s in steps)
    layout = [(recording, steps[at:at + COLUMNS], at == 0) for recording, steps in zip(recordings, chosen)
              for at in range(0, len(steps), COLUMNS)]  # (run, the frames of one row, whether it opens the run)
    header = textwrap.wrap(about, HEADER_CHARS, max_lines=3, placeholder=" …")
    captions = {id(r): _caption_lines(r, steps) for r, steps in zip(recordings, chosen)}
    marks = len(set().union(*(recording.marks_used() for recording in recordings)))  # the legend's most
    heights = [0.12 + 0.19 * len(header)] * bool(header) + [
        height for recording, _, opens in layout for height in
        ([0.12 + CAPTION_LINE * len(captions[id(recording)])] if opens else []) + [0.3 + LINE_HEIGHT * lines,
                                                                                    TREE_HEIGHT]] + [
        0.15 + 0.2 * _legend_rows(marks)]
    figure = Figure(figsize=(FRAME_WIDTH * COLUMNS, sum(heights)), dpi=DPI)
    drawn: set[str] = set()
    grid = figure.add_gridspec(len(heights), COLUMNS, height_ratios=heights, left=0.01, right=0.99, top=0.995,
                               bottom=0.005, wspace=0.06, hspace=0.12)
    row = 0
    if header:
        top = figure.add_subplot(grid[0, :])
        top.axis("off")
        top.text(0, 0.5, "\n".join(header), fontsize=HEADER_POINTS, fontweight="bold", va="center",
                 transform=top.transAxes)
        row = 1
    for recording, steps, opens in layout:
        if opens:
            title = figure.add_subplot(grid[row, :])
            title.axis("off")
            title.text(0, 0.5, "\n".join(captions[id(recording)]), fontsize=CAPTION_POINTS, va="center",
                       transform=title.transAxes)
            row += 1
        for column, step in enumerate(steps):
            _draw_frame(figure.add_subplot(grid[row, column]), recording, step)
            drawn |= _draw_tree(figure.add_subplot(grid[row + 1, column]), recording, step)
        row += 2
    _legend(figure, drawn)
    figure.wordlab_description = description(recordings, chosen, about)  # the page's words for the picture
    return figure


def _caption_lines(recording: Recording, steps: list[int]) -> list[str]:
    """A run's caption (`caption`) in lines that fit across the figure, wrapped between its phrases."""
    return [line for part in caption(recording, steps).split("\n") for line in phrased(part, CAPTION_CHARS,
                                                                                       indent="  ")]


def description(recordings: list[Recording], chosen: list[list[int]], about: str = "") -> str:
    """The filmstrip in words, for a page's alternative text: what the runs were given, and per run the
    steps its frames show, where its answer is and how it ended (its caption)."""
    runs = ". ".join("; ".join(caption(r, steps).split("\n")) for r, steps in zip(recordings, chosen))
    shown = "the state drawn, the side panel's facts and the search tree so far"
    searches = "1 recorded search" if len(recordings) == 1 else f"{len(recordings)} recorded searches"
    return f"Frames of {searches}" + (f", {about}" if about else "") + f"; each frame shows {shown}. {runs}."


def _draw_frame(ax, recording: Recording, step: int) -> None:
    ax.axis("off")
    ax.text(0, 1, _clip(frame_title(recording, step), LINE_CHARS), fontsize=TEXT_POINTS, fontweight="bold",
            va="top", transform=ax.transAxes, clip_on=True)
    ax.annotate("\n".join(frame_lines(recording, step)), (0, 1), xycoords="axes fraction", xytext=(0, -17),
                textcoords="offset points", family="monospace", fontsize=TEXT_POINTS, va="top",
                annotation_clip=False, clip_on=True)


def png_base64(figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return base64.b64encode(buffer.getvalue()).decode("ascii")
