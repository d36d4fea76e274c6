"""The step-through player and its filmstrip: they read only the probe's record; the tree is the one the
strategy reported (node and parent ids as recorded); each event is drawn as itself (a prune shows what
it cut and why, a backtrack the node given up, a solution the solution); the frontier's rows, the event's
facts and an honest end are shown; the layout has fixed widths and tooltips; callbacks never raise; and
bad input is refused in one line that says what to do."""

import base64
import html
import io
import pydoc
import re
import traceback
from pathlib import Path

import matplotlib.image
import nbformat
import pytest

from wordlab import viz
from wordlab.errors import WordlabError
from wordlab.puzzles import PUZZLES, puzzle_module
from wordlab.puzzles import word_ladder as w
from wordlab.search import Budget, Probe, Result
from wordlab.search.probe import MAX_RECORD, NODE_KINDS
from wordlab.viz.filmstrip import (LEVELS, LINE_CHARS, STATE_LINES, _draw_tree, caption, frame_lines, frame_steps,
                                   steps_of)
from wordlab.viz.filmstrip import filmstrip
from wordlab.viz.recording import (DRAW_ALL, LABELLED_LEVEL_PX, LEVEL_PX, OPEN_HERE, TICKS_PX, TREE_HEIGHT,
                                   MARKS, _duration, panel_html, panel_rows, path_text, queue_html, queue_lines, queue_rows,
                                   queue_table, recording_of, tree_of, tree_pixels, tree_svg, tree_view)

FILMSTRIPS = Path(__file__).resolve().parents[1] / "build" / "filmstrips"  # git-ignored: look at them


def recorded(strategy: str, record: int = 200, **options) -> Result:
    return w.solve(w.example(), strategy, probe=Probe(record=record), **options)


def state_shown(player, run: int = 0) -> str:
    return player.views[run].state.value


def row(recording, step: int, label: str) -> str | None:
    return dict(panel_rows(recording, step)).get(label)


def steps_of_kind(result: Result, kind: str) -> list[int]:
    return [i for i, e in enumerate(result.probe.events) if e.kind == kind]


# -- true trees ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("strategy, options", [("breadth-first", {}), ("beam-stack", {"width": 2}),
                                               ("beam", {"width": 2}), ("depth-first", {}), ("astar", {})])
def test_the_tree_is_the_recorded_parent_links_prunes_included(strategy, options):
    result = recorded(strategy, **options)
    nodes = [(e.node, e.parent, e.depth) for e in result.probe.events if e.kind in NODE_KINDS]
    assert [(node, parent, depth) for node, parent, depth, _ in tree_of(result.probe.events)] == nodes


@pytest.mark.parametrize("strategy, options", [("breadth-first", {}), ("beam-stack", {"width": 2})])
def test_at_every_expand_the_path_runs_from_the_start_to_the_word_expanded(strategy, options):
    result = recorded(strategy, **options)
    recording = recording_of(result)
    expands = steps_of_kind(result, "expand")
    assert len(expands) > 5
    for step in expands:
        event = result.probe.events[step]
        path = recording.path(step)
        assert len(path) == event.depth + 1 and path[0] == "cold" and path[-1] == event.state.word
        assert all(w.is_move(result.given, w.Rung(a, "warm"), w.Rung(b, "warm")) for a, b in zip(path, path[1:]))


def test_breadth_firsts_last_step_shows_the_solution_ladder_as_its_path():
    result = recorded("breadth-first")
    recording = recording_of(result)
    last = len(recording) - 1
    assert result.probe.events[last].kind == "solution"
    assert recording.path(last) == list(result.value) == ["cold", "cord", "word", "ward", "warm"]
    assert row(recording, last, "path") == " → ".join(result.value)
    assert recording.state_text(last) == w.render(result.value)  # the solution step draws the solution
    assert recording.marks(last)[recording.node_at(last)] == "solution"


# -- every event drawn as itself ------------------------------------------------------------------------

def beam_cuts() -> tuple:
    """A width-2 beam's recorded run, its recording and the steps of its cuts (there are some)."""
    result = recorded("beam", width=2)
    cuts = steps_of_kind(result, "prune")
    assert cuts
    return result, recording_of(result), cuts


def test_a_prune_step_draws_the_state_it_cut_and_says_why():
    result, recording, prunes = beam_cuts()
    for step in prunes:
        event = result.probe.events[step]
        assert recording.state_text(step) == w.render(event.state)
        assert row(recording, step, "event") == "pruned"
        assert row(recording, step, "why pruned") == "outside the beam of 2"
        assert recording.marks(step)[event.node] == "pruned"
        assert recording.path(step)[-1] == event.state.word  # the pruned leaf is the current node
    assert "data-mark='pruned'" in tree_svg(recording, prunes[-1])


def test_a_backtrack_draws_the_node_given_up_and_says_dead_end_or_backtrack():
    result = recorded("depth-first")
    recording = recording_of(result)
    said = {}
    for step in steps_of_kind(result, "backtrack"):
        node = result.probe.events[step].node
        word = result.probe.events[node].state.word
        assert recording.state_text(step).startswith(f"now   {word}")
        said[word] = row(recording, step, "event")
        assert recording.marks(step)[node] == ("dead end" if said[word] == "dead end" else "current")
    assert said == {"bolt": "dead end", "bold": "backtrack"}  # bold had a child (bolt), bolt had none


def test_the_marks_and_their_legend_are_drawn():
    result = recorded("depth-first")
    recording = recording_of(result)
    svg = tree_svg(recording, len(recording) - 1)
    named = re.findall(r"</svg> ([a-z ]+)</span>", svg)  # the legend names each mark beside its shape
    assert named == ["solution", "dead end", "current", "on the path", "other"]  # nothing was pruned: not listed
    drawn = dict(re.findall(r"data-node='(\d+)' data-mark='([a-z ]+)'", svg))
    assert drawn[str(recording.node_at(len(recording) - 1))] == "solution"
    assert drawn["2"] == "dead end" and drawn["0"] == "on the path" and drawn["1"] == "other"
    assert len(set(colour for colour, _ in MARKS.values())) == len(MARKS)  # each mark its own colour
    assert {shape for _, shape in MARKS.values()} >= {"star", "cross", "square", "dot", "ring"}


def test_a_big_tree_collapses_what_is_far_from_the_current_path():
    probe = Probe(record=1000)
    root = probe.expand(0, state="root")
    parents = [probe.expand(1, state=f"a{i}", parent=root) for i in range(30)]
    leaves = [probe.expand(2, state=f"b{i}", parent=parents[i % 30]) for i in range(200)]
    recording = recording_of(probe)
    step = len(recording) - 1
    view = tree_view(recording, step)
    kept = {node for node, *_ in view.nodes}
    assert {root, parents[199 % 30], leaves[-1]} <= kept
    assert len(kept) < DRAW_ALL and view.collapsed == 231 - len(kept) > 100
    assert all(parent is None or parent in kept for _, parent, _, _ in view.nodes)
    assert f"{view.collapsed:,} nodes collapsed" in tree_svg(recording, step)


def deep_sudoku():
    """Notebook 04's depth-first run: the 6 × 6 example by `sequential`, about 36 calls, 20 levels deep."""
    from wordlab.puzzles import sudoku
    return recording_of(sudoku.solve(sudoku.example(), "sequential", probe=Probe(record=500)))


@pytest.mark.parametrize("run, least", [(deep_sudoku, LEVEL_PX),
                                        (lambda: recording_of(recorded("depth-first")), LABELLED_LEVEL_PX)])
def test_a_deep_depth_first_tree_keeps_its_levels_apart_and_its_single_children_straight_below(run, least):
    """At every step each node is drawn at least a level's room below its parent (more where nodes carry
    labels), a node with one child drawn sits straight above it, and the path never turns back left."""
    recording = run()
    assert max(depth for _, _, depth, _ in recording.tree) >= 5
    for step in range(len(recording)):
        at, view = tree_pixels(recording, step), tree_view(recording, step)
        children = {}
        for node, parent, _, _ in view.nodes:
            if parent is not None:
                assert at[node][1] - at[parent][1] >= least, (step, node)
                children.setdefault(parent, []).append(node)
        for parent, kids in children.items():
            if len(kids) == 1:
                assert at[kids[0]][0] == at[parent][0], (step, parent)
        path = [at[node][0] for node in recording.path_ids(step)]
        assert path == sorted(path), step


def test_a_tree_taller_than_its_box_scrolls_to_the_current_node():
    """The drawing keeps its size and the box scrolls; an invisible box the size of the view, round the
    current node, is what the browser scrolls to when the step is drawn."""
    recording = deep_sudoku()
    step = len(recording) - 1
    svg = tree_svg(recording, step)
    height = int(re.search(r"<svg class='wordlab-tree' width='\d+' height='(\d+)'", svg).group(1))
    assert height > TREE_HEIGHT and "overflow:auto" in svg
    here = re.search(r"class='wordlab-tree-here' data-node='(\d+)' style='position:absolute;left:(-?\d+)px;top:(\d+)px;"
                     r"width:(\d+)px;height:(\d+)px;pointer-events:none;" + re.escape(OPEN_HERE) + "'", svg)
    node, left, top, width, tall = map(int, here.groups())
    left, width = left + TICKS_PX, width - TICKS_PX  # the part beside the depths' column
    x, y = tree_pixels(recording, step)[node]
    assert node == recording.node_at(step) and left <= x <= left + width and top + 10 <= y <= top + tall - 10
    assert top + tall <= height


def greedy_sudoku():
    """Notebook 04's second run: the 6 × 6 example by `greedy`, a single path 20 levels deep."""
    from wordlab.puzzles import sudoku
    return recording_of(sudoku.solve(sudoku.example(), "greedy", probe=Probe(record=500)))


@pytest.mark.parametrize("run", [deep_sudoku, greedy_sudoku])
def test_the_current_node_is_ringed_at_every_step_whatever_else_marks_it(run):
    recording = run()
    for step in range(len(recording)):
        svg = tree_svg(recording, step)
        node = recording.node_at(step)
        (drawn,) = re.findall(rf"<g class='wordlab-node' data-node='{node}' data-mark='[a-z ]+'>.*?</g></g>", svg)
        assert "<g class='wordlab-ring'><circle" in drawn and "fill='none'" in drawn, step
        assert svg.count("class='wordlab-ring'") == 1, step


@pytest.mark.parametrize("run", [deep_sudoku, greedy_sudoku])
def test_the_tree_says_what_lies_out_of_sight_exactly_when_some_nodes_do(run):
    """Nodes above the part of the drawing the box opens on are counted above the tree, with the levels to
    scroll; the line is empty when every drawn node is in sight and none collapsed."""
    recording = run()
    notes = set()
    for step in range(len(recording)):
        svg = tree_svg(recording, step)
        view, at = tree_view(recording, step), tree_pixels(recording, step)
        here = re.search(r"class='wordlab-tree-here' data-node='\d+' style='position:absolute;left:(-?\d+)px;"
                         r"top:(\d+)px;width:(\d+)px;height:(\d+)px", svg)
        left, top, width, tall = map(int, here.groups())
        left, width = left + TICKS_PX, width - TICKS_PX  # the box opens on this part beside the depths' column
        above = [node for node, (x, y) in at.items() if y < top - 1]
        out = [node for node, (x, y) in at.items()
               if not (left - 1 <= x <= left + width + 1 and top - 1 <= y <= top + tall + 1)]
        note = re.search(r"<div class='wordlab-tree-note'[^>]*>([^<]*)</div></div><div class='wordlab-tree-box'",
                         svg).group(1)
        assert bool(note) == bool(out or view.collapsed), (step, note)
        if above:
            depths = sorted({depth for node, _, depth, _ in view.nodes if node in above})
            levels = f"depth {depths[0]}" if len(depths) == 1 else f"depths {depths[0]}–{depths[-1]}"
            assert note.startswith(f"{len(above)} node{'s' * (len(above) > 1)} above ({levels}) not shown: "
                                   "scroll up"), note
        notes.add(bool(note))
    assert notes == {True, False}
    end = tree_svg(recording, len(recording) - 1)
    assert re.search(r"\d+ nodes above \(depths 0–\d+\) not shown: scroll up", end)


def test_a_small_tree_stays_compact_and_a_wider_one_fits_its_box_where_it_can():
    """A tree narrower than its box keeps its leaves a label's width and a little apart, not spread over the
    box (the narrow beam's cut in a run as wide as the page); breadth-first's 39 nodes on the example fit the
    box of one of three runs side by side, nothing out of view and no label cut by its edge."""
    from wordlab.viz.player import run_width
    from wordlab.viz.recording import LABEL_CHAR_PX, LEAF_ROOM

    result = recorded("beam", width=2)
    beam, step = recording_of(result), steps_of_kind(result, "prune")[0]
    xs = sorted(x for x, _ in tree_pixels(beam, step, run_width(1)).values())
    slots = sorted(x for x, _ in tree_view(beam, step).positions.values())  # leaf slots apart, the drawing's unit
    assert xs[-1] - xs[0] <= (slots[-1] - slots[0]) * (4 * LABEL_CHAR_PX + LEAF_ROOM) + 1e-6 < run_width(1) / 3
    wide = recording_of(recorded("breadth-first"))
    end = len(wide) - 1
    svg = tree_svg(wide, end, run_width(3))
    svg_width = int(re.search(r"<svg class='wordlab-tree' width='(\d+)'", svg).group(1))
    assert len(tree_view(wide, end).nodes) == 39 and svg_width == run_width(3) - TICKS_PX
    assert "out of view" not in svg
    for node, (x, _) in tree_pixels(wide, end, run_width(3)).items():
        label = wide.by_id[node][3]
        assert LABEL_CHAR_PX * len(label) / 2 <= x <= svg_width - LABEL_CHAR_PX * len(label) / 2, (node, label)


def test_no_side_branch_hangs_from_a_line_off_the_top_of_the_box():
    """Where the box opens below the tree's top, a node off the path whose parent is above it is left out, with
    all below it, and counted on the line above the tree, as a filmstrip's frame does; the path's line up stays."""
    recording, steps = deep_sudoku(), 0
    for step in range(len(recording)):
        svg = tree_svg(recording, step)
        view, at = tree_view(recording, step), tree_pixels(recording, step)
        top = int(re.search(r"class='wordlab-tree-here' data-node='\d+' style='position:absolute;left:-?\d+px;"
                            r"top:(\d+)px", svg).group(1))
        drawn = {int(node) for node in re.findall(r"<g class='wordlab-node' data-node='(\d+)'", svg)}
        parents = {node: parent for node, parent, _, _ in view.nodes}
        hanging = {node for node in drawn if parents[node] is not None and at[parents[node]][1] < top - 1 <= at[node][1]}
        assert hanging <= view.path, (step, hanging - view.path)
        left_out = set(parents) - drawn
        assert all(parents[node] in left_out or at[parents[node]][1] < top for node in left_out), step
        note = re.search(r"<div class='wordlab-tree-note'[^>]*>([^<]*)</div>", svg).group(1)
        if left_out:
            branch = "a side branch" if len(left_out) == 1 else "side branches"
            assert f"{len(left_out)} node{'s' * (len(left_out) > 1)} of {branch} hanging from above, not drawn" in note
            steps += 1
        else:
            assert "side branch" not in note, (step, note)
    assert steps  # the run has steps where the box opens below such a parent


def test_a_filmstrip_frame_of_a_deep_tree_shows_the_levels_round_the_current_node_and_says_what_it_cut():
    from matplotlib.figure import Figure

    recording = deep_sudoku()
    for step in (len(recording) // 2, len(recording) - 1):
        ax = Figure().add_subplot()
        _draw_tree(ax, recording, step)
        depth = recording.by_id[recording.node_at(step)][2]
        low, high = sorted(ax.get_ylim())
        assert low <= depth <= high and high - low <= LEVELS + 2.5
        (note,) = [text.get_text() for text in ax.texts if "not shown" in text.get_text()]
        assert re.search(r"\d+ nodes above \(depths 0–\d+\) not shown", note), note
        ticks = [int(text.get_text()) for text in ax.texts if text.get_text().isdigit()]  # the depths, at the left
        assert ticks and min(ticks) <= depth <= max(ticks) and "depth" in [text.get_text() for text in ax.texts]
    trees = [ax for ax in filmstrip([recording]).axes if any("not shown" in t.get_text() for t in ax.texts)]
    assert len(trees) >= 3
    for ax in trees:
        pixels = abs(ax.transData.transform((0, 1))[1] - ax.transData.transform((0, 0))[1])
        assert pixels >= 16, f"levels {pixels:.0f} pixels apart"



def frame_trees(figure) -> list:
    """A filmstrip's tree axes, one per frame: those with the depth column at their left."""
    return [ax for ax in figure.axes if "depth" in [text.get_text() for text in ax.texts]]


def node_labels(ax) -> list:
    """The node labels a frame's tree draws: its monospace texts (the depths and notes are not)."""
    return [text for text in ax.texts if text.get_fontfamily() == ["monospace"]]


def test_a_small_trees_frames_label_every_node_as_the_player_does():
    """A*'s seven-node tree on the example: each frame writes the word of every node it draws, the current
    one in bold, so the depth-2 *word* and *card* read apart."""
    result = recorded("astar", record=5000)
    recording = recording_of(result)
    figure = filmstrip([recording])
    steps = steps_of(recording, 6)
    trees = frame_trees(figure)
    assert len(trees) == len(steps) and len(recording.tree) <= 15
    for ax, step in zip(trees, steps):
        labels = node_labels(ax)
        assert sorted(t.get_text() for t in labels) == sorted(label for *_, label in tree_view(recording, step).nodes)
        (bold,) = [t.get_text() for t in labels if t.get_fontweight() == "bold"]
        assert bold == recording.by_id[recording.node_at(step)][3]
    assert {"word", "card"} <= {t.get_text() for t in node_labels(trees[-1])}


@pytest.mark.parametrize("run", [lambda: recording_of(recorded("breadth-first")),
                                 lambda: viz.watch("tuesday").recordings[0]])
def test_a_big_trees_frames_label_only_what_has_room_and_no_two_labels_meet(run):
    """Breadth-first's tree on the example grows to dozens of nodes, a sampler's to hundreds on one level: their
    frames keep the path's labels (moved in from the frame's side where they reach past it), leave crowded dots
    bare, and no label runs into another, into the depths at the left or past the frame's right."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from wordlab.viz.filmstrip import DEPTH_COLUMN

    recording = run()
    figure = filmstrip([recording])
    renderer = FigureCanvasAgg(figure).get_renderer()
    figure.draw(renderer)
    bare = 0
    for ax, step in zip(frame_trees(figure), steps_of(recording, 6)):
        labels = node_labels(ax)
        path = {recording.by_id[node][3] for node in recording.path_ids(step)} - {""}
        assert path and path <= {t.get_text() for t in labels}
        boxes = [t.get_window_extent(renderer) for t in labels]
        frame = ax.get_window_extent(renderer)
        for i, box in enumerate(boxes):
            assert frame.x0 + DEPTH_COLUMN - 1 <= box.x0 and box.x1 <= frame.x1 + 1  # clear of the depths
            assert not any(box.overlaps(other) for other in boxes[i + 1:]), labels[i].get_text()
        bare += len(tree_view(recording, step).nodes) - len(labels)
    assert len(recording.tree) > 30 and bare > 0  # some frames leave nodes unlabelled for want of room


def test_frames_whose_levels_are_too_close_for_labels_draw_none():
    """Where a frame's levels are closer than a label needs (depth-first's deep tree), no node is labelled:
    labels would sit on the marks of the level above; where they are far enough apart (A*'s), they are."""
    from wordlab.viz.filmstrip import LABEL_ROOM

    seen = set()
    for strategy in ("depth-first", "astar"):
        for ax in frame_trees(filmstrip([recording_of(recorded(strategy))])):
            gap = abs(ax.transData.transform((0, 1))[1] - ax.transData.transform((0, 0))[1])
            assert bool(node_labels(ax)) == (gap >= LABEL_ROOM), (strategy, gap)
            seen.add(gap >= LABEL_ROOM)
    assert seen == {True, False}

# -- the frontier's contents and the event's facts --------------------------------------------------------

def test_astars_frontier_lists_g_h_f_and_marks_the_one_taken_next():
    result = recorded("astar")
    recording = recording_of(result)
    step = steps_of_kind(result, "expand")[2]
    rows = queue_rows(recording, step)
    assert len(rows) >= 3 and rows[0][0] == "▶" and all(mark == "" for mark, *_ in rows[1:])
    assert rows[0][1] == result.probe.events[step].state.word
    for _, _, g, h, f in rows:
        assert int(g) + int(h) == int(f)
    table = queue_html(recording, step)
    assert table.count("data-mark='▶'") == 1 and ">f</th>" in table


def test_a_frontier_entry_back_at_the_start_says_so_and_no_other_does():
    """A tree search keeps no record of where it has been: the narrow beam ranks *cold*, the start word, among
    the depth-2 words it cuts, and breadth-first takes it again at depth 2. Each such row says so; the start's
    own expansion, and a run of several roots, do not."""
    for strategy, options in (("beam", {"width": 2}), ("breadth-first", {})):
        recording = recording_of(recorded(strategy, **options))
        start = str(recording.events[recording.root].state)
        said = [(step, state) for step in range(1, len(recording)) for _, state, *_ in queue_rows(recording, step)
                if state.startswith(start)]
        assert said and all(state == start + " (the start again)" for step, state in said), said
        assert recording.event(0).node == recording.root and queue_rows(recording, 0)[0][1] == start  # taken first
    bee = recording_of(puzzle_module("spelling-bee").solve(puzzle_module("spelling-bee").example(),
                                                            "branch-and-bound", probe=Probe(record=200)))
    assert bee.root is None and not any("again" in state for step in range(len(bee))
                                        for _, state, *_ in queue_rows(bee, step))


def test_a_beams_cut_lists_the_nodes_kept_and_cut():
    result = recorded("beam", width=2)
    recording = recording_of(result)
    step = steps_of_kind(result, "prune")[0]
    marks = [mark for mark, *_ in queue_rows(recording, step)]
    assert marks[:2] == ["kept", "kept"] and "cut" in marks and set(marks) == {"kept", "cut"}
    assert row(recording, step, "kept") == "2" and row(recording, step, "cut") == "3"


def test_graph_search_shows_visited_and_repeats_skipped_and_tree_search_does_not():
    graph, tree = recording_of(recorded("breadth-first-graph")), recording_of(recorded("breadth-first"))
    last_expand = len(graph) - 2
    assert int(row(graph, last_expand, "visited")) > 5 and int(row(graph, last_expand, "repeats skipped")) > 0
    assert row(tree, 5, "visited") is None


@pytest.mark.parametrize("strategy", ["astar", "breadth-first"])
def test_a_solution_step_lists_in_grey_the_frontier_of_the_step_the_panel_gives_it_as_at(strategy):
    """A solution lists no frontier: its box shows the table of the step whose frontier the panel gives ("as at
    step N"), headed so, rather than a blank box, and the panel's count is not said again under the tree."""
    result = recorded(strategy)
    recording = recording_of(result)
    last = len(recording) - 1
    assert result.probe.events[last].queue is None and queue_rows(recording, last) == []
    said = row(recording, last, "frontier")
    at = int(re.match(r"as at step ([\d,]+): ", said).group(1).replace(",", ""))
    box = queue_html(recording, last)
    assert "wordlab-queue-note" not in box and f"data-as-at='{at}'" in box and "color:#666" in box
    assert f">as at step {at:,}</th>" in box
    assert box.split("</tr>", 1)[1] == queue_html(recording, at - 1).split("</tr>", 1)[1].replace(
        "taken at this step", f"taken at step {at:,}")  # that step's rows, as it listed them
    assert said.split(": ", 1)[1] not in html.unescape(box)  # "68 in all, …" said once, in the panel
    assert recording.events[at - 1].queue[0].mark == "next" and "1 taken then (▶)" in said


def test_a_run_that_never_lists_a_frontier_has_no_frontier_box():
    sudoku = puzzle_module("sudoku")
    recording = recording_of(sudoku.solve(sudoku.example(), "sequential", probe=Probe(record=50)))
    assert not recording.listing and all(queue_html(recording, step) == "" for step in range(len(recording)))


def test_a_beams_cut_of_several_says_which_one_its_leaf_draws():
    """One prune event stands for a whole cut: the panel names the node its × is and counts the rest."""
    result = recorded("beam", width=2)
    recording = recording_of(result)
    step = steps_of_kind(result, "prune")[0]
    assert row(recording, step, "cut") == "3"
    assert sum(mark == "pruned" for mark in recording.marks(step).values()) == 1  # one × in the tree
    assert row(recording, step, "drawn") == "core, the best state cut; 3 cut in all"
    assert any(line.startswith("drawn: core") for line in frame_lines(recording, step))


def _table_more(table) -> int:
    return next((int(cells[1].split()[0].lstrip("+").replace(",", "")) for cells in table
                 if cells[1].startswith("+")), 0)


def waiting_text(count: int, taken: bool, when: str = "now") -> str:
    """The frontier row for `count` nodes waiting, counting the node taken (▶) where the table lists it."""
    return f"{count + 1:,} in all, 1 taken {when} (▶) + {count:,} waiting" if taken else f"{count:,} waiting"


@pytest.mark.parametrize("puzzle, strategy, options", [("shredded", "beam-repair", {}),
                                                        ("word-ladder", "beam", {"width": 3}),
                                                        ("word-ladder", "beam", {})])
def test_a_beam_layers_more_row_counts_exactly_the_entries_not_listed(puzzle, strategy, options):
    """Down a layer expanded in rank order, each step lists the layer from the node taken on: the nodes
    waiting are those after it, and "+N more" those of them the table (or a frame) does not list."""
    recording = viz.watch(puzzle, strategy, **options).recordings[0]
    events, checked = recording.events, 0
    for start, event in enumerate(events):
        if event.kind != "expand" or not event.queue or (start and events[start - 1].kind == "expand"
                                                         and events[start - 1].depth == event.depth):
            continue
        layer = [start]  # a layer: the expansions at one depth in a row, each taking the next in rank order
        while layer[-1] + 1 < len(events) and events[layer[-1] + 1].kind == "expand" \
                and events[layer[-1] + 1].depth == event.depth:
            layer.append(layer[-1] + 1)
        for taken, step in enumerate(layer):
            left = len(layer) - taken - 1  # expanded after this step, in this layer
            if left + 1 < len(events[step].queue) or step == len(events) - 1:
                continue  # a layer cut short by a goal: the rest of it is not known here
            taken = events[step].queue[0].mark == "next"
            assert row(recording, step, "frontier") == waiting_text(left, taken), (step, recording.event(step))
            for most in (None, 3):
                table = queue_table(recording, step, most)
                listed = sum(1 for cells in table if not cells[1].startswith("+"))
                assert listed + _table_more(table) == left + 1, (step, most, table)
            checked += 1
    assert checked >= 3


def test_an_expansion_listing_no_frontier_shows_the_frontier_as_last_listed():
    """Spelling Bee's branch and bound lists the letter sets waiting when it takes one, not at each centre
    it then tries: those steps show the frontier as at the step that listed it, which the later cut bears out."""
    recording = viz.watch("spelling-bee", "branch-and-bound").recordings[0]
    first = recording.events[0]
    assert first.kind == "expand" and first.queue and row(recording, 0, "frontier") == waiting_text(3, True)
    centres = [step for step, event in enumerate(recording.events[:11]) if not event.queue]
    then = "as at step 1: " + waiting_text(3, True, "then")
    assert centres and all(row(recording, step, "frontier") == then for step in centres)
    for step in centres:  # the table step 1 listed, in grey, headed by the step it is as at
        box = queue_html(recording, step)
        assert "data-as-at='1'" in box and ">as at step 1</th>" in box and box.count("wordlab-queue-row") == \
            queue_html(recording, 0).count("wordlab-queue-row")
    cut = next(step for step, event in enumerate(recording.events) if event.kind == "prune")
    assert [r.state for r in recording.events[cut].queue] == [r.state for r in first.queue[1:]]


# -- honest ends -------------------------------------------------------------------------------------------

def test_the_palindrome_players_header_holds_every_strategy_proves_9_letters_within_a_few_hundred_nodes():
    """`watch("palindrome")` heads its player with the example's docstring: the claim is about nodes, as a
    first run's seconds also hold the compiled search's loading."""
    palindrome = puzzle_module("palindrome")
    assert "proves the shortest phrase (9 letters) within a few hundred nodes" in viz.watch("palindrome").about
    for name in palindrome.STRATEGIES:
        result = palindrome.solve(palindrome.example(), name, probe=Probe())
        assert result.cost == result.bound == 9 and result.nodes < 1000, (name, result.nodes)


def test_calls_counted_with_no_step_of_their_own_are_said_on_the_whole_runs_line():
    """A search that counts a compiled kernel's nodes in one go (`Probe.counts_only`) has more calls than
    steps: the whole run's line says how many have no step; a run whose every call is a step says nothing."""
    probe = Probe(record=50)
    root = probe.call(0, state="search")
    probe.call(1, parent=root, state="found")
    with probe.counts_only():
        probe.call(3, n=40)
    probe.backtrack(0, node=root)
    recording = recording_of(probe)
    assert len(recording) == 3 and recording.ending.nodes == 42
    assert recording.ending_text().startswith("run ended: 42 calls (40 of them counted with no step of their own)")
    assert "no step" not in recording_of(recorded("breadth-first")).ending_text()
    counting = Probe(record=50)  # a run counting expansions, after a call its count left out
    start = counting.call(0, state="start")
    counting.expand(1, parent=start, state="a")
    counting.expand(2, parent=start, state="b")
    assert recording_of(counting).ending_text() == "run ended: 2 calls, best –"
    compiled = Probe(record=50)  # a compiled search's expansions counted in one go, shown at its dead end
    search = compiled.call(0, n=0, state="search")
    with compiled.counts_only():
        compiled.expand(1, n=30)
    compiled.backtrack(0, node=search)
    assert recording_of(compiled).ending_text().startswith("run ended: 30 calls (30 of them counted with no step")


def test_a_run_that_ended_inside_the_recording_says_so():
    result = recorded("breadth-first")
    recording = recording_of(result)
    assert row(recording, 0, "whole run") == f"run ended: {result.nodes} calls, best 4, {_duration(result.seconds)}"
    steps = steps_of(recording, 6)
    assert caption(recording, steps).startswith(f"breadth-first: steps 1, ")
    assert "all 40 events; first solution at step 40" in caption(recording, steps)


def test_a_full_recording_says_where_it_ended_and_how_the_run_went_on():
    result = recorded("breadth-first", record=10)
    recording = recording_of(result)
    assert result.probe.full
    events = len(result.probe.events) + result.probe.unrecorded
    assert events == 40  # breadth-first COLD → WARM: 39 expansions and the solution
    ended = (f"recording ended at 10 of {events} events; the run went on: {result.nodes} calls, best 4, "
             f"{_duration(result.seconds)}")
    assert row(recording, 3, "whole run") == ended
    text = caption(recording, steps_of(recording, 4))
    assert f"first 10 of {events} events" in text and ended in text
    assert "no solution among the recorded events" in text


def test_a_bare_probe_tells_its_own_totals():
    probe = Probe(record=5)
    w.solve(w.example(), "breadth-first", probe=probe)
    recording = recording_of(probe, render=w.render)
    ended = f"recording ended at 5 of {len(probe.events) + probe.unrecorded} events; the run went on: {probe.nodes} calls, best 4"
    assert row(recording, 0, "whole run") == ended


# -- the player -------------------------------------------------------------------------------------------

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
    assert "coRd" in shown[-1]  # the last event is the solution: the whole ladder
    assert "calls so far" in player.views[0].panel.value


def test_the_tree_grows_one_node_per_node_event_and_marks_the_current_one():
    result = recorded("astar")
    player = viz.step(result)
    expansions = steps_of_kind(result, "expand")
    player.show(expansions[2])
    svg = player.views[0].tree.value
    marks = re.findall(r"data-node='(\d+)' data-mark='([a-z ]+)'", svg)
    assert [int(node) for node, _ in marks] == expansions[:3]
    assert dict(marks)[str(expansions[2])] == "current"


def test_two_runs_step_together_and_the_shorter_one_says_it_ended():
    fast, slow = recorded("astar"), recorded("breadth-first")
    player = viz.step(slow, fast)
    assert player.steps == len(slow.probe.events) > len(fast.probe.events)
    player.slider.value = len(fast.probe.events) + 1
    assert "(run ended)" in player.views[1].panel.value and "(run ended)" not in player.views[0].panel.value
    player.step_last()
    assert all("(run ended)" in view.panel.value for view in player.views)
    assert [v.title.value.split("<div")[0] for v in player.views] == ["<b>breadth-first</b>", "<b>astar</b>"]
    for view in player.views:  # what holds at every step is said once, under the name, not in the panel
        assert "run ended: " in view.title.value and "whole run" not in view.panel.value
    player.step_first()
    assert player.slider.value == 1


def test_players_do_not_share_state():
    first, second = viz.step(recorded("astar")), viz.step(recorded("astar"))
    first.slider.value = 3
    assert second.slider.value == 1 and state_shown(first) != state_shown(second)


def test_callbacks_never_raise():
    player = viz.step(recorded("beam"))
    last = player.steps
    for junk in (-5, 10**9, "x", None, 2.7, float("inf")):
        player.show(junk)
    for change in ({}, {"new": 10**9}, {"new": None}, "junk", None):
        player.on_slide(change)
    player.step_back()
    assert player.slider.value == 1
    assert re.search(r"step</th><td[^>]*>1 of", player.views[0].panel.value)
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


def test_every_control_has_a_tooltip():
    player = viz.step(recorded("astar"))
    assert len(player.controls) == 7
    for control in player.controls:
        assert control.tooltip and len(control.tooltip) > 8, control


def test_the_layout_has_fixed_widths_and_nothing_wraps_mid_word():
    player = viz.step(recorded("astar"), recorded("breadth-first"), recorded("breadth-first-graph"))
    for view in player.views:
        for part in (view.box, view.title, view.state, view.panel, view.queue, view.tree):
            assert part.layout.width and part.layout.width.endswith("px"), part
    assert player.widget.children[-1].layout.overflow == "auto"  # runs side by side scroll, never clip
    view = player.views[0]
    assert "white-space:pre-wrap;" in view.state.value  # a line longer than the column wraps at its spaces
    assert "word-break:keep-all" in view.panel.value and "overflow-wrap:normal" in view.panel.value
    assert "text-overflow:ellipsis" in view.queue.value  # a long frontier state ends in …
    assert re.search(r"class='wordlab-tree-box' style='width:\d+px;height:\d+px;overflow:auto'", view.tree.value)


def test_three_runs_draw_the_state_above_the_panel_and_one_run_beside_it_each_in_full():
    """Three runs side by side are too narrow for the state and the panel in a row: the state goes above the
    panel, each the run's whole width, so neither the ladder's "letters to change" line nor a panel value
    is squeezed; one run has room for both in a row, and fills the width there is."""
    from wordlab.viz.player import PANEL_BESIDE, ROOM, run_width
    from wordlab.viz.recording import STATE_CHAR_PX, state_chars

    player = viz.watch("word-ladder", "breadth-first", "breadth-first-graph", "astar")
    width = run_width(3)
    for view in player.views:
        chars = state_chars(view.recording)
        assert chars >= len("      ^^^^  4 letters to change") and chars * STATE_CHAR_PX + 12 <= width
        assert view.state.layout.width == view.panel.layout.width == f"{width}px"
        assert "white-space:pre-wrap" in view.state.value
    alone = viz.watch("word-ladder", "beam", width=2).views[0]
    assert alone.width == run_width(1) >= ROOM - 24
    state_px, panel_px = int(alone.state.layout.width[:-2]), int(alone.panel.layout.width[:-2])
    assert state_px + 8 + panel_px == alone.width and panel_px >= PANEL_BESIDE
    assert state_px >= state_chars(alone.recording) * STATE_CHAR_PX


def test_the_header_names_the_instance():
    player = viz.watch("word-ladder", "breadth-first", "breadth-first-graph", "astar")
    texts = [t.get_text() for ax in player.filmstrip().axes for t in ax.texts]
    assert "on a list of twelve words" in texts[0]
    bigger = w.WordLadder("cold", "warm", w.WordList([*w.EXAMPLE_WORDS, "wold", "warn"], "fourteen words"))
    mine = viz.step(w.solve(bigger, "astar", probe=Probe(record=50)))
    assert mine.about == "given WordLadder('cold', 'warm', 'fourteen words')"
    assert viz.watch("word-ladder", given=bigger).about == "word-ladder: given WordLadder('cold', 'warm', 'fourteen words')"


def test_the_frontier_table_has_room_for_every_row_it_lists():
    from wordlab.viz.player import queue_height
    from wordlab.viz.recording import QUEUE_ROW_PX, text_lines

    player = viz.step(recorded("breadth-first"), recorded("astar"), recorded("beam", width=2))
    most = max(queue_lines(r) for r in player.recordings)
    assert most > 4
    for view in player.views:
        assert view.queue.layout.height == f"{queue_height(player.recordings)}px"
        assert int(view.queue.layout.height[:-2]) >= (most + 1) * QUEUE_ROW_PX  # the rows and the head
        for step in range(player.steps):
            view.show(step)
            rows = view.queue.value.count("<tr")
            assert rows <= most + 1 and (not rows or f"height:{QUEUE_ROW_PX}px" in view.queue.value)
            if "wordlab-queue-note" in view.queue.value:  # a step listing none says why, wrapped, within the box
                note = view.queue.value.split(">", 1)[1].split("<", 1)[0]
                assert text_lines(note, view.width) * QUEUE_ROW_PX <= int(view.queue.layout.height[:-2])
            assert "wordlab-queue" not in view.panel.value


@pytest.mark.parametrize("text, whole", [
    ("marks: * just filled, ! one option left, x no option left", "x no option left"),
    ("frontier: as at step 192: 2 in all, 1 taken then (▶) + 0 waiting", "1 taken then (▶) + 0 waiting"),
    ("estimate 0.4370 · interval width 0.1755 · kept 119 of 798", "kept 119 of 798")])
def test_a_frame_wraps_its_text_between_phrases_never_inside_one(text, whole):
    from wordlab.viz.filmstrip import phrased

    lines = phrased(text, chars=52, indent="  ")
    assert len(lines) == 2 and all(len(line) <= 52 for line in lines)
    assert lines[1].strip() == whole and " ".join(line.strip() for line in lines) == text


def test_filmstrip_text_is_legible_at_full_size():
    from wordlab.viz.filmstrip import DPI

    figure = viz.filmstrip(recorded("beam", width=2))
    width, height = figure.get_size_inches() * DPI
    assert 700 <= width <= 960  # shown at 100 % on a page 960 pixels wide
    frame_texts = [t for ax in figure.axes for t in ax.texts if t.get_fontfamily() == ["monospace"]]
    assert frame_texts and all(t.get_fontsize() * DPI / 72 >= 10 for t in frame_texts)  # 10 pixels or more
    assert all(len(line) <= LINE_CHARS for t in frame_texts for line in t.get_text().splitlines())


def test_a_filmstrip_keeps_the_answer_and_says_when_the_recording_stopped_short_of_it():
    """A row's frames take in the first solution, the last (where a run that improves on its solutions has its
    answer) and the end; a recording that fills first says how many events it kept of how many, and that the
    run's best came after it."""
    from wordlab.viz.filmstrip import answer_text, solution_steps

    blocks = viz.watch("building-blocks").recordings[0]
    found = solution_steps(blocks)
    assert len(found) > 1 and {found[0], found[-1], len(blocks) - 1} <= set(steps_of(blocks, 6))
    assert answer_text(blocks) == f"first solution at step {found[0] + 1}, last at step {found[-1] + 1}"
    short = viz.watch("tuesday", record=300).recordings[0]
    kept_best = short.events[solution_steps(short)[-1]].best
    assert short.ending.full and kept_best != short.ending.best
    text = caption(short, steps_of(short, 6))
    assert f"first 300 of {short.ending.events:,} events" in text
    assert f"the run's {short.ending.cost_name} ({short.ending.best:.4g}) came after the recording ended" in text


def test_frontier_rows_of_halves_with_the_same_letters_read_apart_in_the_frames():
    """Palindrome halves of the same letters differ in their word breaks, which their rows show: no two rows a
    frame lists read the same."""
    from wordlab.puzzles import palindrome as P

    recording = recording_of(P.solve(P.example(), "beam-stack", probe=Probe(record=400)))
    same_letters = 0
    for step, event in enumerate(recording.events):
        rows = [line for line in frame_lines(recording, step) if re.match(r"\s+(▶\s)?\S+ / \S+ g \d", line)]
        assert len(set(rows)) == len(rows), (step, rows)
        letters = [row.split()[-7].replace("|", "") for row in rows]
        same_letters += len(letters) - len(set(letters))
    assert same_letters > 0  # some frames list halves of the same letters, told apart by their breaks


def test_no_node_of_a_frame_floats_without_its_parent():
    """A frame showing the levels round the current node draws a node only under a node it draws, or on the
    path (whose top goes on up): a branch from above the levels drawn is counted, not drawn."""
    from wordlab.viz.filmstrip import _levels, _placed

    recording = deep_sudoku()
    dropped = 0
    for step in range(len(recording)):
        view = tree_view(recording, step)
        low, high = _levels(view)
        place = _placed(view, low, high)
        for node_id, parent, depth, _ in view.nodes:
            if node_id in place and parent is not None:
                assert parent in place or node_id in view.path, (step, node_id)
        dropped += sum(low <= depth <= high for *_, depth, _ in view.nodes) - len(place)
    assert dropped > 0  # some frame leaves a branch from above out


def test_a_fact_the_drawn_state_already_says_is_not_repeated_in_the_side_panel():
    """A Sudoku's drawing says "16 blanks, 31 candidates" under its grid, so the side panel and the frame's
    text leave out its blanks and candidates-left facts; a fact the drawing does not say stays."""
    from wordlab.viz.recording import panel_rows, said_in

    sudoku = puzzle_module("sudoku")
    recording = recording_of(sudoku.solve(sudoku.example(), "sequential", probe=Probe(record=50)))
    step = next(s for s in range(len(recording)) if "blanks," in recording.drawings[s])
    labels = [label for label, _ in panel_rows(recording, step)]
    assert "blanks" not in labels and "candidates left" not in labels
    assert not any(line.startswith(("blanks", "candidates left")) for line in frame_lines(recording, step))
    assert said_in("16 blanks, 31 candidates", "candidates left", "31")
    assert not said_in("16 blanks, 31 candidates", "candidates left", "30") and not said_in("x", "", "3")


def test_the_tree_box_opens_clear_of_its_depth_column_and_on_a_level():
    """The box opens with no node or label cut by its left edge (the depths' column) and no level cut by its
    top: the edge moves back to take it in whole, or on past it where the current node would leave the box."""
    from wordlab.viz.recording import (NOTE_PX, TICKS_PX, TREE_WIDTH, _clear_edge, _level_spans, _merged, _node_spans,
                                       _scale, _window, tree_view)

    assert _clear_edge(50, [(40, 60)], 100, (80, 90)) == 39  # back: the current node stays in sight
    assert _clear_edge(50, [(40, 60)], 100, (130, 140)) == 61  # on: back would lose the current node
    assert _clear_edge(50, [(10, 20)], 100, (80, 90)) == 50  # nothing cut
    sudoku = puzzle_module("sudoku")
    deep = recording_of(sudoku.solve(sudoku.example(), "sequential", probe=Probe(record=200)))
    for recording in (recording_of(recorded("breadth-first")), deep):
        for step in range(len(recording)):
            view = tree_view(recording, step)
            box = (TREE_WIDTH - TICKS_PX, TREE_HEIGHT - NOTE_PX)
            at, size, _ = _scale(view, *box)
            left, top, *_ = _window(at, view, size, box)
            for edge, spans in ((left, _node_spans(at, view)), (top, _level_spans(at, view))):
                assert edge <= 0 or not any(low < edge < high for low, high in _merged(spans)), (recording.name, step)
            if view.current in view.positions:
                x, y = at(view.current)
                assert left <= x <= left + box[0] and top <= y <= top + box[1], (recording.name, step)


def test_the_frontier_table_keeps_its_columns_together():
    """The frontier table is as wide as its longest state needs, not stretched across a wide run: a beam's
    g, h and f sit beside its words."""
    result = recorded("beam", width=2)
    table = viz.step(result).views[0]
    step = steps_of_kind(result, "prune")[0]
    table.show(step)
    width = int(re.search(r"class='wordlab-queue' style='[^']*;width:(\d+)px", table.queue.value).group(1))
    assert width < table.width / 3  # its longest state ("cold (the start again)") and four short columns
