"""The step-through player: it reads only the probe's record, its callbacks never raise, it steps
two runs together, it falls back to a filmstrip where widgets do not run, and bad input is refused
with a message that says how to record."""

import base64
import io

import matplotlib.image
import nbformat
import pytest

from wordlab import viz
from wordlab.errors import WordlabError
from wordlab.puzzles import word_ladder as w
from wordlab.search import Probe, Result
from wordlab.viz.filmstrip import frame_steps
from wordlab.viz.recording import panel_rows, recording_of


def recorded(strategy: str, record: int = 200) -> Result:
    return w.solve(w.example(), strategy, probe=Probe(record=record))


def state_shown(player, run: int = 0) -> str:
    return player.views[run].state.value


def test_the_player_shows_each_recorded_state_in_turn():
    result = recorded("breadth-first")
    player = viz.step(result)
    assert player.steps == len(result.probe.events)
    shown = []
    for step in range(player.steps):
        player.slider.value = step + 1  # what the slider, the play button and the step buttons all do (from 1)
        shown.append(state_shown(player) + player.views[0].panel.value)
    assert "now   cold" in shown[0]
    assert len(set(shown)) == player.steps  # every step shows something new (a state, or a path to it)
    for step, event in enumerate(result.probe.events):
        if event.kind == "expand":  # the path shown leads from the start to the word expanded
            path = dict(panel_rows(player.recordings[0], step)).get("path", "cold").split(" → ")
            assert len(path) == event.depth + 1 and path[0] == "cold" and path[-1] == event.state.word
    assert "coRd" in shown[-1]  # the last event is the solution: the whole ladder
    assert "nodes so far" in player.views[0].panel.value


def test_the_tree_grows_one_node_per_expansion_and_marks_the_current_one():
    result = recorded("astar")
    recording = recording_of(result)
    expansions = [i for i, e in enumerate(result.probe.events) if e.kind == "expand"]
    assert [node for node, *_ in recording.tree] == expansions
    for node, parent, depth, _ in recording.tree[1:]:
        assert recording.tree[[n for n, *_ in recording.tree].index(parent)][2] == depth - 1
    player = viz.step(result)
    player.show(expansions[2])
    svg = player.views[0].tree.value
    assert svg.count("<circle") == 3 and svg.count("#dd3333") == 2  # three nodes so far, one current (dot, label)


def test_two_runs_step_together_and_the_shorter_one_says_it_ended():
    fast, slow = recorded("astar"), recorded("breadth-first")
    player = viz.step(slow, fast)
    assert player.steps == len(slow.probe.events) > len(fast.probe.events)
    player.slider.value = player.steps
    assert "(run ended)" in player.views[1].panel.value and "(run ended)" not in player.views[0].panel.value
    assert [v.title.value for v in player.views] == ["<b>breadth-first</b>", "<b>astar</b>"]


def test_players_do_not_share_state():
    first, second = viz.step(recorded("astar")), viz.step(recorded("astar"))
    first.slider.value = 3
    assert second.slider.value == 1 and state_shown(first) != state_shown(second)


def test_callbacks_never_raise():
    player = viz.step(recorded("beam"))
    last = player.steps
    for junk in (-5, 10**9, "x", None, 2.7):
        player.show(junk)
    for change in ({}, {"new": 10**9}, {"new": None}, "junk", None):
        player.on_slide(change)
    player.step_back()
    assert player.slider.value == 1
    assert "step</th><td style='text-align:left'>1 of" in player.views[0].panel.value
    player.slider.value = last
    player.step_forward(None)
    assert player.slider.value == last


def test_a_render_that_fails_is_shown_not_raised():
    def broken(state):
        raise KeyError("no such square")

    player = viz.step(recorded("astar"), render=broken)
    player.show(1)
    assert "cannot draw step 2" in state_shown(player) and "no such square" in state_shown(player)


def test_play_and_speed_are_linked_in_the_browser():
    player = viz.step(recorded("astar"), interval=250)
    assert player.play.interval == player.speed.value == 250
    links = {(link.source[0], link.source[1], link.target[0], link.target[1]) for link in player.links}
    assert (player.play, "value", player.slider, "value") in links
    assert (player.speed, "value", player.play, "interval") in links


def test_the_display_carries_the_widget_and_a_filmstrip_for_static_pages():
    bundle = viz.step(recorded("astar"))._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    image = matplotlib.image.imread(io.BytesIO(base64.b64decode(bundle["image/png"])), format="png")
    assert image.shape[0] > 100 and image.shape[1] > 600
    assert "step-through player" in bundle["text/plain"]


def test_filmstrip_frames_are_evenly_spaced_and_include_both_ends():
    assert frame_steps(100, 6) == [0, 20, 40, 59, 79, 99]
    assert frame_steps(4, 6) == [0, 1, 2, 3]
    figure = viz.filmstrip(recorded("astar"), recorded("breadth-first"), frames=4)
    assert len(figure.axes) == 2 * 2 * 4  # per run and frame: the state and the tree


def test_a_probe_alone_can_be_stepped_with_the_puzzles_render():
    probe = Probe(record=30)
    w.solve(w.example(), "greedy", probe=probe)
    player = viz.step(probe, render=w.render, names=["greedy"])
    assert "now   cold" in state_shown(player)
    assert ("event", "expand") in panel_rows(player.recordings[0], 0)


@pytest.mark.parametrize("source, message", [
    (w.solve(w.example(), "astar"), "no probe"),
    (w.solve(w.example(), "astar", probe=Probe()), "not recording"),
    (Probe(record=5), "recorded no events"),
    (42, "not int"),
])
def test_runs_without_a_record_are_refused_saying_how_to_record(source, message):
    with pytest.raises(WordlabError, match=message) as refused:
        viz.step(source)
    assert "Probe(record=" in str(refused.value)


def test_other_bad_input_is_refused():
    with pytest.raises(WordlabError, match=r"Probe\(record=\.\.\.\)"):
        Probe(record=-1)
    with pytest.raises(WordlabError, match="at least one run"):
        viz.step()
    with pytest.raises(WordlabError, match="one name per run"):
        viz.step(recorded("astar"), names=["a", "b"])
    with pytest.raises(WordlabError, match="2 frames"):
        viz.step(recorded("astar"), frames=1)
    with pytest.raises(WordlabError, match="milliseconds"):
        viz.step(recorded("astar"), interval=0)


def test_a_notebook_exported_without_a_kernel_shows_the_filmstrip(tmp_path):
    nbclient = pytest.importorskip("nbclient")
    from nbconvert import HTMLExporter

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from wordlab import viz\nfrom wordlab.puzzles import word_ladder as w\nfrom wordlab.search import Probe\n"
        "viz.step(w.solve(w.example(), 'astar', probe=Probe(record=50)))")])
    nbclient.NotebookClient(notebook, timeout=120, kernel_name="python3").execute()
    (output,) = notebook.cells[0].outputs
    assert {"application/vnd.jupyter.widget-view+json", "image/png"} <= set(output["data"])
    page, _ = HTMLExporter().from_notebook_node(notebook)
    assert "data:image/png;base64," in page and "model not found" not in page


def test_watch_steps_through_a_puzzle_in_one_line_without_a_probe_in_sight():
    player = viz.watch("word-ladder", "breadth-first", "astar", record=50)
    assert [r.name for r in player.recordings] == ["breadth-first", "astar"]
    assert 1 < player.steps <= 50
    assert player.recordings[1].state_text(0).strip()
    with pytest.raises(WordlabError, match="unknown puzzle 'nonsense'"):
        viz.watch("nonsense")
