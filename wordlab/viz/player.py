"""Step through recorded searches: `step(result)` shows a player (play, first, back, forward, last, a
slider and a speed) under a header naming the instance, the puzzle's drawing of the step's own state, a
side panel (what happened, the counts, the path, the event's facts, how the run ended), the frontier's
entries with g, h and f (every row in view, or a row saying how many more), and the search tree so far
with its marks. `step(a, b, c)` steps runs side by side at the same step.

Plain ipywidgets only, so it works in JupyterLab, Notebook 7 and VS Code. Where widgets do not run (a
notebook executed headless and read as a page), the same output shows a filmstrip (`wordlab.viz.filmstrip`).
Every column has a fixed width, so the layout does not jump from step to step; a tree bigger than its box
scrolls inside it, each step opening on its current node, and runs side by side scroll sideways rather than
being clipped.
"""

from __future__ import annotations

import html
from typing import Any, Callable

from wordlab.errors import UnknownName, WordlabError
from wordlab.search.probe import MAX_RECORD, Budget
from wordlab.search.result import strategy_name
from wordlab.viz.filmstrip import filmstrip, png_base64
from wordlab.viz.recording import (MARKS, PANEL_ROW_PX, QUEUE_ROW_PX, START, STATE_CHAR_PX, TREE_WIDTH, Recording,
                                   instance_text, panel_html, panel_px, panel_px_at, queue_html, queue_lines,
                                   recording_of, run_note_html, run_rows, state_chars, state_html, state_px,
                                   state_px_at, text_lines, tree_note_lines, tree_svg)

INTERVAL_MS = 400  # the player's default pause between steps
RECORD = 2000  # how many events `watch` records by default: enough for every example to reach its answer
SECONDS = 60.0  # how long each run of `watch` may take by default
ROOM = 1140  # pixels a notebook's output area offers, about: runs side by side share it
NARROWEST = 340  # the narrowest a run gets; more runs than fit scroll sideways
PANEL_BESIDE = 280  # the least width of side panel worth setting beside the drawn state; else the state goes above
# (a panel this wide keeps each label and a value of 24 characters to a line)


def run_width(runs: int) -> int:
    """The pixel width of each of `runs` runs side by side: the room there is, shared."""
    return max(NARROWEST, ROOM // runs - 24)


def queue_height(recordings: list[Recording]) -> int:
    """Pixels for the frontier table of runs stepped together: every row of the longest, and its head."""
    rows = max(queue_lines(r) for r in recordings)
    return (rows + 1) * QUEUE_ROW_PX + 8 if rows else 0


def state_column(recording: Recording, width: int) -> int:
    """Pixels for the drawn state: its longest line (a 9 × 9 Sudoku's rows) where that leaves the side panel
    `PANEL_BESIDE` pixels beside it; else the room left beside the panel, where every line too long for it is
    a sentence (`wraps_well`: a Sudoku's line on its marks); else the run's whole width, the state above the
    panel (a longer line wraps at its spaces)."""
    wanted = round(state_chars(recording) * STATE_CHAR_PX) + 12  # and room for a scroll bar
    if max(wanted, 120) + 8 + PANEL_BESIDE <= width:
        return max(wanted, 120)
    room = width - 8 - PANEL_BESIDE
    fits = int((room - 12) // STATE_CHAR_PX)
    lines = {line for text in recording.drawings for line in text.splitlines()}
    if room >= 120 and all(len(line) <= fits or wraps_well(line) for line in lines):
        return room
    return width


def wraps_well(line: str) -> bool:
    """Is a drawn line a sentence, which reads as well wrapped at a space: words of letters, single-spaced
    (a grid's rows and a ladder's aligned marks are spaced out, and say nothing in words)?"""
    return "  " not in line.strip() and sum(word.isalpha() and len(word) > 1 for word in line.split()) >= 2


def top_height(recording: Recording, width: int) -> int:
    """Pixels for the drawn state and the side panel, beside each other or one above the other, at their
    tallest step."""
    state_width = state_column(recording, width)
    if state_width < width:
        return max(state_px(recording, state_width), panel_px(recording, width - state_width - 8))
    return max(state_px_at(recording, step, width) + 6 + panel_px_at(recording, step, width)  # the tallest step's
               for step in range(len(recording)))  # sum: the tallest state and panel may be at different steps


def note_height(recording: Recording, width: int) -> int:
    """Pixels for the run's name and the lines under it."""
    return PANEL_ROW_PX * (1 + sum(text_lines(f"{label} {value}", width) for label, value in run_rows(recording))) + 10


def legend_marks(recordings: list[Recording]) -> list[str]:
    """The marks some step of some run shows, in the legend's order: one legend for runs stepped together."""
    used = {mark for r in recordings for mark in r.marks_used()}
    return [mark for mark in (*MARKS, START) if mark in used]


class RunView:
    """The widgets of one run: title (its name, and what holds at every step: how it ended, why it keeps no
    frontier), rendered state, side panel, search tree, frontier table; every one of fixed width, and all but
    the tree of fixed height (the heights the tallest step of any run stepped with it needs)."""

    def __init__(self, recording: Recording, width: int = TREE_WIDTH, queue_px: int = 0, top_px: int | None = None,
                 title_px: int | None = None, marks: list[str] | None = None, note_lines: int | None = None):
        import ipywidgets as widgets

        self.recording, self.width, self.marks = recording, width, marks
        self.note_lines = tree_note_lines(recording, width) if note_lines is None else note_lines
        state_width = state_column(recording, width)
        beside = state_width < width
        top_px = top_height(recording, width) if top_px is None else top_px
        title_px = note_height(recording, width) if title_px is None else title_px
        self.title = widgets.HTML(f"<b>{html.escape(recording.name)}</b>{run_note_html(recording)}",
                                  layout=widgets.Layout(width=f"{width}px", height=f"{title_px}px"))
        self.state = widgets.HTML(layout=widgets.Layout(width=f"{state_width}px", overflow="auto"))
        panel_width = width - state_width - 8 if beside else width
        self.panel = widgets.HTML(layout=widgets.Layout(width=f"{panel_width}px", margin="0 0 0 8px" if beside else "0"))
        self.queue = widgets.HTML(layout=widgets.Layout(width=f"{width}px", height=f"{queue_px}px",
                                                        overflow="auto", margin="0"))
        self.tree = widgets.HTML(layout=widgets.Layout(width=f"{width}px"))
        for part in (self.state, self.panel, self.queue, self.tree):
            part.add_class("wordlab-column")
        arrange = widgets.HBox if beside else widgets.VBox
        state_and_panel = arrange([self.state, self.panel], layout=widgets.Layout(
            width=f"{width}px", height=f"{top_px}px", overflow="auto"))  # a fixed height: the tree below never jumps
        self.box = widgets.VBox([self.title, state_and_panel, self.tree, self.queue],
                                layout=widgets.Layout(width=f"{width + 14}px", min_width=f"{width + 14}px",
                                                      border="1px solid #ddd", padding="6px", margin="2px",
                                                      overflow="hidden"))
        self.box.add_class("wordlab-run")

    def show(self, step: int) -> None:
        """Show `step`; a failure to draw is shown in place of the state, never raised."""
        try:
            self.state.value = state_html(self.recording, step)
            self.queue.value = queue_html(self.recording, step)
            self.tree.value = tree_svg(self.recording, step, self.width, marks=self.marks, note_lines=self.note_lines)
            self.panel.value = panel_html(self.recording, step)  # last: its step row says the rest is drawn
        except Exception as problem:  # a widget callback must not raise: say what went wrong instead
            self.state.value = (f"<pre style='white-space:pre-wrap'>cannot draw step {step + 1}: "
                                f"{type(problem).__name__}: {problem}</pre>")


class Player:
    """A player over one or more recordings, all at the same step, under a header naming what they were
    given. Displays as the widget, with the filmstrip as the static fallback in the same output."""

    def __init__(self, recordings: list[Recording], interval: int = INTERVAL_MS, frames: int = 6,
                 about: str | None = None):
        import ipywidgets as widgets

        self.recordings, self.frames = recordings, frames
        self.about = header_of(recordings) if about is None else about
        self.steps = max(len(r) for r in recordings)
        self._make_controls(widgets, interval)
        width = run_width(len(recordings))
        top_px = max(top_height(r, width) for r in recordings)  # runs side by side keep their trees level
        title_px = max(note_height(r, width) for r in recordings)
        note_lines = max(tree_note_lines(r, width) for r in recordings)  # and their trees' boxes
        self.views = [RunView(r, width, queue_height(recordings), top_px, title_px, legend_marks(recordings), note_lines)
                      for r in recordings]
        controls = widgets.HBox([self.play, self.first, self.back, self.forward, self.last, self.slider, self.speed],
                                layout=widgets.Layout(flex_flow="row wrap"))
        runs = widgets.HBox([v.box for v in self.views], layout=widgets.Layout(overflow="auto", width="100%"))
        self.header = widgets.HTML(f"<div class='wordlab-about' style='font-size:13px'>{html.escape(self.about)}</div>")
        self.widget = widgets.VBox([self.header, controls, runs] if self.about else [controls, runs])
        self.widget.add_class("wordlab-player")
        self.show(0)

    def _make_controls(self, widgets, interval: int) -> None:
        """The buttons and sliders, each with a tooltip, linked in the browser where no kernel is needed."""
        # the play button and the slider count steps from 1, as the side panel does
        self.play = widgets.Play(value=1, min=1, max=self.steps, step=1, interval=interval,
                                 tooltip="play the steps in turn (press again to pause)")
        self.slider = widgets.IntSlider(value=1, min=1, max=self.steps, description="step",
                                        tooltip="the step shown: drag, or type a step number in the readout",
                                        layout=widgets.Layout(width="340px"))
        self.speed = widgets.IntSlider(value=interval, min=30, max=2000, step=10, description="ms per step",
                                       tooltip="pause between steps while playing, in milliseconds",
                                       style={"description_width": "initial"}, layout=widgets.Layout(width="300px"))
        buttons = {"first": ("|◀", "go to the first step"), "back": ("◀ back", "one step back"),
                   "forward": ("forward ▶", "one step forward"), "last": ("▶|", "go to the last step")}
        for name, (label, tip) in buttons.items():
            setattr(self, name, widgets.Button(description=label, tooltip=tip,
                                               layout=widgets.Layout(width="90px" if len(label) > 2 else "40px")))
        self.links = [widgets.jslink((self.play, "value"), (self.slider, "value")),  # in the browser, no kernel trip
                      widgets.jslink((self.speed, "value"), (self.play, "interval"))]
        self.first.on_click(self.step_first)
        self.back.on_click(self.step_back)
        self.forward.on_click(self.step_forward)
        self.last.on_click(self.step_last)
        self.slider.observe(self.on_slide, names="value")

    @property
    def controls(self) -> list:
        """Every control of the player."""
        return [self.play, self.first, self.back, self.forward, self.last, self.slider, self.speed]

    # -- callbacks: each catches its own trouble, so none can raise into the front end ----------------
    def show(self, step: Any) -> None:
        """Show `step` (counted from 0) in every run, clipped to the steps there are."""
        try:
            step = min(max(int(step), 0), self.steps - 1)
        except (TypeError, ValueError, OverflowError):
            step = 0
        for view in self.views:
            view.show(step)

    def on_slide(self, change: dict) -> None:
        try:
            self.show(int(change["new"]) - 1)
        except (TypeError, KeyError, ValueError):
            self.show(0)

    def step_first(self, _button=None) -> None:
        self.slider.value = 1

    def step_back(self, _button=None) -> None:
        self.slider.value = max(self.slider.value - 1, 1)

    def step_forward(self, _button=None) -> None:
        self.slider.value = min(self.slider.value + 1, self.steps)

    def step_last(self, _button=None) -> None:
        self.slider.value = self.steps

    # -- display ------------------------------------------------------------------------------------
    def filmstrip(self):
        """The static frames, as a matplotlib Figure."""
        return filmstrip(self.recordings, self.frames, self.about)

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        names = " and ".join(r.name for r in self.recordings)
        bundle["text/plain"] = (f"step-through player: {names}, {self.steps:,} steps "
                                "(filmstrip where widgets do not run)" + (f"; {self.about}" if self.about else ""))
        picture = self.filmstrip()
        bundle["image/png"] = png_base64(picture)
        return bundle, {"image/png": {"alt": picture.wordlab_description}}


def step(*runs, render: Callable[[Any], str] | None = None, names: list[str] | None = None,
         interval: int = INTERVAL_MS, frames: int = 6, about: str | None = None) -> Player:
    """Step through one recorded run, or several side by side at the same step.

    Each run is a `Result` of a search given `probe=Probe(record=N)`, or that probe itself (then pass
    `render`, the puzzle's `render(state)`, to draw states; results bring their own). `names` label the
    runs (default: each result's strategy). `about` heads the player (default: what the runs were given,
    where that fits in a line). Shows as a player where widgets run and as a filmstrip of `frames` steps
    per run elsewhere (evenly spread, with the first solution and the last step).
    """
    if not isinstance(interval, int) or isinstance(interval, bool) or interval < 1:
        raise WordlabError(f"the interval between steps is a positive number of milliseconds, not {interval!r}")
    return Player(recordings_of(runs, render, names, frames), interval, frames, about)


def header_of(recordings: list[Recording]) -> str:
    """What the runs were given, for the player's header: one line if they share it, else per run."""
    given = [r.instance for r in recordings]
    if not any(given):
        return ""
    if len(set(given)) == 1:
        return f"given {given[0]}"
    return "; ".join(f"{r.name}: given {r.instance or 'its own instance'}" for r in recordings)


def example_text(puzzle: str, module, given, example: bool) -> str:
    """The header of `watch`: the puzzle, and which instance: its `example`, said in its own docstring's
    first sentence (a word ladder's names its ends and its word list), or the instance given."""
    if example:
        said = " ".join((module.example.__doc__ or "").replace("`", "").split())
        sentence = said.split(". ")[0].rstrip(".")
        return f"{puzzle}, its example ({module.__name__.rsplit('.', 1)[-1]}.example()): {sentence}"
    return f"{puzzle}: given {instance_text(given) or 'your instance'}"


def watch(puzzle: str, *strategies: str, given: Any = None, record: int = RECORD, seconds: float | None = SECONDS,
          **options) -> Player:
    """Solve `puzzle` with each named strategy (default: the puzzle's own) on `given` (default: its small
    example), recording the first `record` events of each run, and step through the runs side by side:
    `watch("word-ladder", "breadth-first", "breadth-first-graph", "astar")`. Other keywords go to the
    puzzle's `solve` (a strategy's options such as `width=2`). Each run stops after `seconds` (default
    60 s; None for no limit), or at the `budget=` you give, and the player says so.

    Puzzles and their strategies (the default first):

    - building-blocks: exact-cover; regex-scan, backtracking
    - spelling-bee: branch-and-bound; brute-force, partitioned, bit-patterns, bit-patterns-inlined,
      partitioned-bit-patterns, partitioned-bit-patterns-inlined, subset-sum, vectorised
    - word-squares: column-bitmasks; list-of-successes, backtracking, prefix-table-bfs
    - sudoku: bitfield-cover; sequential, random-order, greedy, greedy-early-stop, greedy-less-recursion,
      propagation, dancing-links, bitmask-singles, bitmask-locked, compiled
    - shredded: beam-repair; best-first, best-first-blocks, greedy-chain, beam, exact
    - palindrome: rarest-first; beam-stack, astar, iterative-deepening, branch-and-bound
    - tuesday: numpy; pure-python
    - word-ladder: astar; depth-first, depth-first-graph, breadth-first, breadth-first-graph, uniform-cost,
      greedy, beam, beam-stack

    A strategy may also be your own function, or a name given to one with `wordlab.strategy`
    (see docs/classroom.md). An unknown puzzle or strategy, a `given` the puzzle cannot read, or a
    `record` out of range is refused with one line naming the choices.
    """
    module, names, probes = _watched(puzzle, strategies, record)
    example = given is None
    given = module.example() if example else given
    about = example_text(puzzle, module, given, example)
    runs, limits = [], options.pop("budget", None) or Budget(seconds=seconds)
    for name, probe in zip(names, probes):
        budget = Budget(nodes=limits.nodes, seconds=limits.seconds)  # each run its own, with the same limits
        try:
            runs.append(module.solve(given, name, probe=probe, budget=budget, **options))
        except WordlabError as problem:
            raise WordlabError(f"watch({puzzle!r}, {strategy_name(name)!r}): {problem}") from None
    return step(*runs, about=about)


def _watched(puzzle: str, strategies: tuple, record: int):
    """The puzzle's module, the strategies to run and a recording probe for each, checked before any run."""
    from wordlab.puzzles import PUZZLES, puzzle_module
    from wordlab.search import Probe, pick

    if not isinstance(puzzle, str) or puzzle not in PUZZLES:
        raise WordlabError(f"unknown puzzle {puzzle!r}; choose one of: {', '.join(PUZZLES)}")
    module = puzzle_module(puzzle)
    names = strategies or (module.DEFAULT_STRATEGY,)
    for name in names:
        try:
            pick(module.STRATEGIES, name)  # a name, a registered name, module:function or a strategy function
        except UnknownName:
            raise WordlabError(f"unknown strategy {strategy_name(name)!r} for {puzzle}; choose one of: {', '.join(module.STRATEGIES)}"
                               f", or give your own strategy function") from None
        except WordlabError as problem:
            raise WordlabError(f"watch({puzzle!r}, {strategy_name(name)!r}): {problem}") from None
    try:
        probes = [Probe(record=record) for _ in names]
    except WordlabError:
        raise WordlabError(f"watch(record=...) takes how many events of each run to keep, a whole number from 1 "
                           f"to {MAX_RECORD:,} (default {RECORD:,}), not {record!r}") from None
    return module, names, probes


def steps_filmstrip(*runs, render: Callable[[Any], str] | None = None, names: list[str] | None = None,
                    frames: int = 6, about: str | None = None):
    """Frames of one or more recorded runs, as a matplotlib Figure: what `step` shows where widgets do
    not run, under the same header. Each run's row spreads `frames` frames over its steps, with its first
    solution and its end."""
    recordings = recordings_of(runs, render, names, frames)
    return filmstrip(recordings, frames, header_of(recordings) if about is None else about)


def recordings_of(runs, render, names, frames) -> list[Recording]:
    if not runs:
        raise WordlabError("step through at least one run: step(solve(..., probe=Probe(record=500)))")
    if names is not None and len(names) != len(runs):
        raise WordlabError(f"give one name per run: {len(runs)} runs, {len(names)} names")
    if not isinstance(frames, int) or isinstance(frames, bool) or frames < 2:
        raise WordlabError(f"a filmstrip needs at least 2 frames, not {frames!r}")
    return [recording_of(run, render, names[i] if names else None) for i, run in enumerate(runs)]
