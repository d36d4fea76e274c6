"""Step through recorded searches: `step(result)` shows a player (play, back, forward, a slider and a
speed), the puzzle's drawing of the state, a side panel and the search tree so far. `step(a, b)` steps
two runs side by side at the same step.

Plain ipywidgets only, so it works in JupyterLab, Notebook 7 and VS Code. Where widgets do not run (a
notebook executed headless and read as a page), the same output shows a filmstrip of evenly spaced frames.
"""

from __future__ import annotations

from typing import Any, Callable

from wordlab.errors import WordlabError
from wordlab.viz.filmstrip import filmstrip, png_base64
from wordlab.viz.recording import Recording, panel_html, recording_of, state_html, tree_svg

INTERVAL_MS = 400  # the player's default pause between steps


class RunView:
    """The widgets of one run: title, rendered state, side panel, tree."""

    def __init__(self, recording: Recording):
        import ipywidgets as widgets

        self.recording = recording
        self.title = widgets.HTML(f"<b>{recording.name}</b>")
        self.state = widgets.HTML()
        self.panel = widgets.HTML()
        self.tree = widgets.HTML()
        self.panel.layout.margin = "0 0 0 1.5em"
        state_and_panel = widgets.HBox([self.state, self.panel])
        self.box = widgets.VBox([self.title, state_and_panel, self.tree],
                                layout=widgets.Layout(border="1px solid #ddd", padding="6px", margin="2px"))

    def show(self, step: int) -> None:
        """Show `step`; a failure to draw is shown in place of the state, never raised."""
        try:
            self.state.value = state_html(self.recording, step)
            self.panel.value = panel_html(self.recording, step)
            self.tree.value = tree_svg(self.recording, step)
        except Exception as problem:  # a widget callback must not raise: say what went wrong instead
            self.state.value = f"<pre>cannot draw step {step + 1}: {type(problem).__name__}: {problem}</pre>"


class Player:
    """A player over one or more recordings, all at the same step. Displays as the widget, with the
    filmstrip as the static fallback in the same output."""

    def __init__(self, recordings: list[Recording], interval: int = INTERVAL_MS, frames: int = 6):
        import ipywidgets as widgets

        self.recordings, self.frames = recordings, frames
        self.steps = max(len(r) for r in recordings)
        # the play button and the slider count steps from 1, as the side panel does
        self.play = widgets.Play(value=1, min=1, max=self.steps, step=1, interval=interval, description="play")
        self.slider = widgets.IntSlider(value=1, min=1, max=self.steps, description="step",
                                        layout=widgets.Layout(width="360px"))
        self.speed = widgets.IntSlider(value=interval, min=30, max=2000, step=10, description="ms per step",
                                       style={"description_width": "initial"})
        self.back = widgets.Button(description="◀ back", layout=widgets.Layout(width="80px"))
        self.forward = widgets.Button(description="forward ▶", layout=widgets.Layout(width="90px"))
        self.links = [widgets.jslink((self.play, "value"), (self.slider, "value")),  # in the browser, no kernel trip
                      widgets.jslink((self.speed, "value"), (self.play, "interval"))]
        self.back.on_click(self.step_back)
        self.forward.on_click(self.step_forward)
        self.slider.observe(self.on_slide, names="value")
        self.views = [RunView(r) for r in recordings]
        controls = widgets.HBox([self.play, self.back, self.forward, self.slider, self.speed])
        self.widget = widgets.VBox([controls, widgets.HBox([v.box for v in self.views])])
        self.widget.add_class("wordlab-player")
        self.show(0)

    # -- callbacks: each catches its own trouble, so none can raise into the front end ----------------
    def show(self, step: Any) -> None:
        """Show `step` (counted from 0) in every run, clipped to the steps there are."""
        try:
            step = min(max(int(step), 0), self.steps - 1)
        except (TypeError, ValueError):
            step = 0
        for view in self.views:
            view.show(step)

    def on_slide(self, change: dict) -> None:
        try:
            self.show(int(change["new"]) - 1)
        except (TypeError, KeyError, ValueError):
            self.show(0)

    def step_back(self, _button=None) -> None:
        self.slider.value = max(self.slider.value - 1, 1)

    def step_forward(self, _button=None) -> None:
        self.slider.value = min(self.slider.value + 1, self.steps)

    # -- display ------------------------------------------------------------------------------------
    def filmstrip(self):
        """The static frames, as a matplotlib Figure."""
        return filmstrip(self.recordings, self.frames)

    def _repr_mimebundle_(self, **kwargs):
        bundle = self.widget._repr_mimebundle_(**kwargs)
        names = " and ".join(r.name for r in self.recordings)
        bundle["text/plain"] = f"step-through player: {names}, {self.steps:,} steps (filmstrip where widgets do not run)"
        bundle["image/png"] = png_base64(self.filmstrip())
        return bundle


def step(*runs, render: Callable[[Any], str] | None = None, names: list[str] | None = None,
         interval: int = INTERVAL_MS, frames: int = 6) -> Player:
    """Step through one recorded run, or several side by side at the same step.

    Each run is a `Result` of a search given `probe=Probe(record=N)`, or that probe itself (then pass
    `render`, the puzzle's `render(state)`, to draw states; results bring their own). `names` label the
    runs (default: each result's strategy). Shows as a player where widgets run and as a filmstrip of
    `frames` evenly spaced steps elsewhere.
    """
    if not isinstance(interval, int) or interval < 1:
        raise WordlabError(f"the interval between steps is a positive number of milliseconds, not {interval!r}")
    return Player(recordings_of(runs, render, names, frames), interval, frames)


def watch(puzzle: str, *strategies: str, given: Any = None, record: int = 300, **options) -> Player:
    """Solve `puzzle` (a name such as "sudoku") with each named strategy (default: the puzzle's own), on
    `given` (default: its small example), recording the first `record` steps, and step through the runs
    side by side: `watch("word-ladder", "breadth-first", "astar")`."""
    from wordlab.puzzles import puzzle_module
    from wordlab.search import Probe

    module = puzzle_module(puzzle)
    given = module.example() if given is None else given
    names = strategies or (module.DEFAULT_STRATEGY,)
    return step(*(module.solve(given, name, probe=Probe(record=record), **options) for name in names))


def steps_filmstrip(*runs, render: Callable[[Any], str] | None = None, names: list[str] | None = None,
                    frames: int = 6):
    """Evenly spaced frames of one or more recorded runs, as a matplotlib Figure: what `step` shows
    where widgets do not run."""
    return filmstrip(recordings_of(runs, render, names, frames), frames)


def recordings_of(runs, render, names, frames) -> list[Recording]:
    if not runs:
        raise WordlabError("step through at least one run: step(solve(..., probe=Probe(record=500)))")
    if names is not None and len(names) != len(runs):
        raise WordlabError(f"give one name per run: {len(runs)} runs, {len(names)} names")
    if not isinstance(frames, int) or frames < 2:
        raise WordlabError(f"a filmstrip needs at least 2 frames, not {frames!r}")
    return [recording_of(run, render, names[i] if names else None) for i, run in enumerate(runs)]
