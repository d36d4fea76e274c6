"""What the step-through views read: the events a recording probe kept, the tree they form, and the
side panel of one step. No widget and no figure here, so the player and the filmstrip share it.

A run is recorded by giving the search a `Probe(record=N)`: the probe keeps the first N events (see
`wordlab.search.probe.Event`), and a result carries its probe and the puzzle's `render(state)`.

The tree is the one the strategy reported, node and parent ids as recorded: each `call`, `expand` and
`prune` event is a node (a prune is a leaf, drawn as pruned); `backtrack` and `solution` events mark a
node made before them. A cut that lists nodes it kept (a beam's) also marks them: they are the nodes of
the cut's depth expanded next, drawn as kept at the cut. Everything here is read from the events after the run: recording costs nothing more.

The drawing keeps each leaf in one place from step to step and puts a parent over the children drawn so far,
so a node with one child sits straight above it; levels stay far enough apart for their marks and labels,
leaves no further apart than a label needs (a small tree stays compact), and a tree taller or wider than its
box scrolls, opening on the current node. Where the box opens below the tree's top, a side branch hanging from a
node above it is left out whole and counted, as a filmstrip's frame does, rather than hung from a line off the box.
"""

from __future__ import annotations

import html
from bisect import bisect_right
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Any, Callable, Sequence

from wordlab.errors import WordlabError
from wordlab.search.probe import NODE_KINDS, Probe
from wordlab.search.result import Result

HOW_TO_RECORD = ("record the run: solve(..., probe=Probe(record=500)) keeps its first 500 events "
                 "(any positive number), then step through the result")
LABEL_WIDTH = 12  # a node's label is its state's text when it is one line this short, else the node has none
PATH_CHARS = 40  # the path row keeps its last labels within this many characters, "…" standing for the rest
DRAW_ALL = 60  # trees up to this many nodes are drawn whole; bigger ones collapse what is far from the path
RECENT = 24  # a collapsed tree still shows this many of the latest nodes
SIBLINGS = 8  # and this many siblings of the current node either side of it

START = "start"  # the point a run's several roots (each letter set, each centre) are joined at
# the marks a node can carry, in the order the legend lists them: name → (colour, shape)
MARKS = {"solution": ("#009e73", "star"), "pruned": ("#cc79a7", "cross"), "kept": ("#56b4e9", "diamond"),
         "dead end": ("#e69f00", "square"),
         "current": ("#d55e00", "ring"), "on the path": ("#0072b2", "dot"), "other": ("#a0a8b4", "dot")}
QUEUE_MARKS = {"next": "▶", "kept": "kept", "cut": "cut", "top": "top"}  # how a frontier row's mark is shown
QUEUE_TIPS = {"▶": "taken at this step: the frontier's first", "kept": "kept", "cut": "cut",
              "top": "top of the stack"}
COLUMN_TIPS = {"frontier": "the open nodes, in the order the strategy takes them", "g": "cost so far",
               "h": "estimated cost still to go", "f": "the value the frontier is ordered by where the strategy "
                                                          "has one (g + h for A*; a bound or a score for others)"}


Node = tuple[int, "int | None", int, str]  # (id, parent id, depth, label), as `tree_layout` reads them


@dataclass
class Ending:
    """How the whole run ended, beyond what was recorded: for "recording ended …" and "run ended …". Its
    effort is counted in calls, as `wordlab.bench` counts it: the nodes the strategy reported to its probe."""

    full: bool  # the record filled and the run went on past the last recorded event
    nodes: int | None
    best: float | None
    seconds: float | None
    stopped: str | None = None
    found: int = 0  # solutions the run reported in all
    events: int | None = None  # events the run reported in all, recorded or not
    cost_name: str = "best"  # what the run's result calls its best cost
    unstepped: int = 0  # calls counted in the totals with no recorded step of their own (`calls_without_a_step`)
    counted: str = "call"  # the events the totals count: "expand" where the run reported expansions, else "call"
    calls_beside: int = 0  # in a run whose totals count expansions, the calls it also reported (counted until
    # its first expansion: their growth is their own)

    def _best_text(self) -> str:
        """The best cost; for a run whose solutions have no cost (every one as good), how many it found."""
        if self.best is None and self.found:
            return _counted(self.found, "solution")
        return f"{self.cost_name} {_number(self.best)}"

    def _calls_text(self) -> str:
        """The calls in all, and how many of them have no step of their own, where some have none."""
        if self.nodes is None:
            return ""
        unstepped = f" ({self.unstepped:,} of them counted with no step of their own)" if self.unstepped else ""
        return _counted(self.nodes, "call") + unstepped

    def text(self, events: int) -> str:
        totals = ", ".join(filter(None, [self._calls_text(),
                                         self._best_text(),
                                         _duration(self.seconds) if self.seconds is not None else "",
                                         f"stopped: {self.stopped}" if self.stopped else ""]))
        if self.full:
            of_all = f" of {self.events:,}" if self.events else ""
            return f"recording ended at {events:,}{of_all} events; the run went on: {totals}"
        return f"run ended: {totals}"


def _duration(seconds: float) -> str:
    """Seconds written for a reader: 1.3 s, 42 ms, 68 µs, 150 µs."""
    for unit, scale in (("s", 1), ("ms", 1e3), ("µs", 1e6)):
        if seconds * scale >= 1 or unit == "µs":
            value = seconds * scale
            return f"{value:.2g} {unit}" if value < 10 else f"{value:,.0f} {unit}"
    return ""


def ending_of(probe: Probe, result: Result | None) -> Ending:
    """The run's totals: from the result where there is one, else from the probe."""
    full = bool(getattr(probe, "full", False))
    counted = "expand" if getattr(probe, "expansions", 0) else "call"  # as `Probe.nodes` counts
    beside = getattr(probe, "calls", 0) if counted == "expand" else 0
    if result is not None:
        return Ending(full, result.nodes, result.cost, result.seconds, result.stopped, len(result.solutions),
                      events=_events_in_all(probe), cost_name=getattr(result, "cost_name", "best"), counted=counted,
                      calls_beside=beside)
    return Ending(full, probe.nodes, probe.best, None, None, len(probe.solutions), events=_events_in_all(probe),
                  counted=counted, calls_beside=beside)


def calls_without_a_step(events: Sequence[Any], ending: Ending) -> int:
    """The calls a run counted with no recorded step of their own: the count grown at an event of a kind the
    count leaves out (the run's calls are its expansions where it reports any, else its calls, as `Probe.nodes`
    counts: a search counting a compiled kernel's expansions in one go shows them at its next call or dead end),
    and, in a run recorded to its end, the count grown after its last event; less the calls a run counting
    expansions reported beside them (the count is of calls until its first expansion). The growth at an event
    of the counted kind is taken as its own (one node, or a chunk's)."""
    counted, before = 0, 0
    for event in events:
        nodes = _field(event, "nodes") or 0
        if _field(event, "kind") != ending.counted:
            counted += max(0, nodes - before)
        before = max(before, nodes)
    if not ending.full and ending.nodes is not None:
        counted += max(0, ending.nodes - before)
    return max(0, counted - ending.calls_beside)


def _events_in_all(probe) -> int | None:
    """How many events the run reported, recorded or not (None for a probe that does not say)."""
    unrecorded = getattr(probe, "unrecorded", None)
    return None if unrecorded is None else len(probe.events) + unrecorded


@dataclass
class Recording:
    """One recorded run: its events, how to draw a state, a name, how it ended, and the tree its events form."""

    name: str
    events: Sequence[Any]
    render: Callable[[Any], str]
    ending: Ending = field(default_factory=lambda: Ending(False, None, None, None))
    instance: str = ""  # what the run was given, in a line ("" where that is not known or too long to say)
    tree: list[Node] = field(init=False)
    nodes: list[int] = field(init=False)  # node ids (event indexes of node events), ascending
    slots: dict[int, int] = field(init=False)  # each node's first leaf slot in the whole tree (small trees)

    def __post_init__(self):
        self.ending.unstepped = calls_without_a_step(self.events, self.ending)
        self.tree = tree_of(self.events)
        self.nodes = [node_id for node_id, *_ in self.tree]
        self.by_id = {node[0]: node for node in self.tree}
        self.labelled = all(label for *_, label in self.tree)
        self.slots = leaf_slots(self.tree) if len(self.tree) <= DRAW_ALL else {}  # the same at every step
        self.children: dict[int, list[int]] = {}
        for node_id, parent, _, _ in self.tree:
            if parent is not None:
                self.children.setdefault(parent, []).append(node_id)
        self.marking = [(index, _field(event, "kind"), _field(event, "node")) for index, event in enumerate(self.events)
                        if _field(event, "kind") in ("prune", "backtrack", "solution")]
        self.marking_steps = [index for index, *_ in self.marking]
        self.kept_at = {index: self._kept_after(index) for index, event in enumerate(self.events)
                        if _field(event, "kind") == "prune" and _marked(event, "kept")}
        self.reports_frontier = any(_field(e, "kind") == "expand" and (_field(e, "frontier") or _field(e, "queue"))
                                    for e in self.events)
        self.recursive = all(_field(e, "kind") in ("call", "prune") for e in self.events
                             if _field(e, "kind") in NODE_KINDS)
        self.waiting = _waiting_counts(self.events)
        self.listing = [index for index, e in enumerate(self.events) if _field(e, "kind") == "expand"
                        and _field(e, "queue")]  # the expansions that list their frontier, ascending
        roots = [node_id for node_id, parent, _, _ in self.tree if parent is None]
        self.root = roots[0] if len(roots) == 1 else None  # a run of one root: its start state
        self.start = (str(_field(next(e for e in self.events if _field(e, "node") == self.root), "state"))
                      if self.root is not None and any(_field(e, "node") == self.root for e in self.events) else None)

    @cached_property
    def drawings(self) -> list[str]:
        """The text of each step's state as the puzzle draws it (`drawn_states`), drawn once."""
        return drawn_states(self)

    def _kept_after(self, index: int) -> list[int]:
        """The nodes a cut at `index` kept: the nodes of its depth made next (a beam expands what it kept,
        in rank order), as many as the cut says it kept; none recorded if the recording ends first."""
        depth, wanted, kept = _field(self.events[index], "depth"), _fact_count(self.events[index], "kept"), []
        for event in self.events[index + 1:]:
            kind = _field(event, "kind")
            if kind not in NODE_KINDS:
                continue
            if kind == "prune" or _field(event, "depth") != depth or (wanted is not None and len(kept) >= wanted):
                break
            kept.append(_field(event, "node"))
        return kept

    def kept(self, step: int) -> list[int]:
        """The nodes the event at `step` kept, if it is a cut that says what it kept (else none)."""
        return self.kept_at.get(self.last(step), [])

    def __len__(self) -> int:
        return len(self.events)

    def last(self, step: int) -> int:
        """`step` clipped to the recorded steps."""
        return min(max(step, 0), len(self.events) - 1)

    def event(self, step: int):
        """The event at `step`, or the last one once the run has ended."""
        return self.events[self.last(step)]

    def node_at(self, step: int) -> int | None:
        """The node current at `step`: the one its event is about, else the latest node made before it."""
        node = _field(self.event(step), "node")
        if node in self.by_id:
            return node
        at = bisect_right(self.nodes, self.last(step))
        return self.nodes[at - 1] if at else None

    def path_ids(self, step: int) -> list[int]:
        """The node ids from the root to the current node, read from the recorded parent links."""
        ids, node = [], self.node_at(step)
        while node is not None:
            ids.append(node)
            node = self.by_id[node][1]
        return ids[::-1]

    def path(self, step: int) -> list[str]:
        """The labels of the nodes from the root to the current one; all "" when some node of the run has no
        short label, so one run's paths are all written the same way (as labels, or as a node count)."""
        labels = [self.by_id[node][3] for node in self.path_ids(step)]
        return labels if self.labelled else [""] * len(labels)

    def drawn(self, step: int) -> list[Node]:
        """The tree nodes recorded up to `step`, and at a cut the nodes it kept (made just after it)."""
        return self.tree[:bisect_right(self.nodes, self.last(step))] + [self.by_id[node] for node in self.kept(step)]

    def marks(self, step: int) -> dict[int, str]:
        """Each node recorded up to `step` → its mark: solution, pruned, kept (at a cut), dead end, current,
        on the path, other (the first that applies)."""
        marks = {node_id: "other" for node_id, *_ in self.drawn(step)}
        marks.update({node: "kept" for node in self.kept(step)})
        marks.update({node: "on the path" for node in self.path_ids(step)})
        if self.node_at(step) is not None:
            marks[self.node_at(step)] = "current"
        solutions = set()
        for index, kind, node in self.marking[:bisect_right(self.marking_steps, self.last(step))]:
            if node not in marks:
                continue
            if kind == "prune":
                marks[node] = "pruned"
            elif kind == "backtrack" and not self.children.get(node):
                marks[node] = "dead end"
            elif kind == "solution":
                solutions.add(node)
        marks.update({node: "solution" for node in solutions})  # outranks a dead end: a goal has no children
        return marks

    def what(self, step: int) -> str:
        """The event at `step` in a word or two."""
        event = self.event(step)
        kind = _field(event, "kind", "?")
        if kind == "backtrack":
            return "backtrack" if self.children.get(_field(event, "node")) else "dead end"
        return {"expand": "expanded", "call": "call", "prune": "pruned", "solution": "solution"}.get(kind, str(kind))

    def state_text(self, step: int) -> str:
        """The puzzle's drawing of this step's own state: a node's state, the node a backtrack gives up,
        the solution found."""
        event = self.event(step)
        state = _field(event, "state")
        node = _field(event, "node")
        if state is None and node in self.by_id:
            state = _field(self.events[node], "state")
        if state is None:
            return "(this step recorded no state)"
        return str(self.render(state))

    def first_solution(self) -> int | None:
        """The step of the first solution event recorded, if any."""
        return next((i for i, e in enumerate(self.events) if _field(e, "kind") == "solution"), None)

    def ending_text(self) -> str:
        return self.ending.text(len(self.events))

    def marks_used(self) -> list[str]:
        """The marks some step of this run shows, in the legend's order (a legend lists nothing absent)."""
        final = set(self.marks(len(self) - 1).values()) | {"current", "on the path"} | ({"kept"} if any(self.kept_at.values()) else set())
        used = [mark for mark in MARKS if mark in final]
        return used + [START] * (sum(parent is None for _, parent, _, _ in self.tree) > 1)


def _waiting_counts(events: Sequence[Any]) -> dict[int, int]:
    """Each expansion's count of the nodes still waiting after the one it takes: the count it reports,
    unless its list of the frontier says fewer. A list shorter than the longest any step of the run lists is
    the whole frontier. A strategy that expands a layer in rank order may report the whole layer at each
    step (the count stays the same while the list slides on by one, each node taken the one listed second
    before); where the layer's end shows that, its earlier steps wait one more each, step by step back."""
    expansions = [index for index, e in enumerate(events) if _field(e, "kind") == "expand"]
    counts = {index: _field(events[index], "frontier", 0) or 0 for index in expansions}
    longest = max((len(_field(events[index], "queue") or ()) for index in expansions), default=0)
    previous = {}  # an expansion → the node event just before it, if that was an expansion
    last = None
    for index, event in enumerate(events):
        if _field(event, "kind") in NODE_KINDS:
            if _field(event, "kind") == "expand" and last is not None and _field(events[last], "kind") == "expand":
                previous[index] = last
            last = index
    for index in expansions:
        rows = _field(events[index], "queue") or ()
        if not rows or len(rows) >= longest or getattr(rows[0], "mark", "") != "next" or counts[index] <= len(rows) - 1:
            continue
        counts[index], at = len(rows) - 1, index
        while at in previous and _slides(events[previous[at]], events[at]):
            counts[previous[at]] = min(counts[previous[at]], counts[at] + 1)
            at = previous[at]
    return counts


def _slides(before, after) -> bool:
    """Do two expansions in a row report the same count at one depth, the second taking the node the first
    listed second?"""
    rows, before_rows = _field(after, "queue") or (), _field(before, "queue") or ()
    return (len(before_rows) > 1 and bool(rows) and _field(before, "depth") == _field(after, "depth")
            and _field(before, "frontier") == _field(after, "frontier")
            and str(getattr(rows[0], "state", None)) == str(getattr(before_rows[1], "state", None)))


def _field(event, name: str, default=None):
    return getattr(event, name, default)


def _marked(event, mark: str) -> bool:
    """Does the event's frontier list a row marked `mark`?"""
    return any(getattr(row, "mark", "") == mark for row in _field(event, "queue", None) or ())


def _fact_count(event, label: str) -> int | None:
    """The whole number the event's fact `label` gives ("1,024" → 1024), or None."""
    for name, value in _field(event, "facts", ()) or ():
        if name == label:
            try:
                return int(str(value).replace(",", ""))
            except ValueError:
                return None
    return None


def recording_of(source, render: Callable[[Any], str] | None = None, name: str | None = None) -> Recording:
    """The recording of a `Result` (through its probe) or of a `Probe`; a clear error if there is none."""
    if isinstance(source, Probe):
        probe, result, default_name, default_render = source, None, "search", None
    elif isinstance(source, Result):
        probe, result, default_name = source.probe, source, getattr(source, "strategy", "") or "search"
        default_render = getattr(source, "render", None)
        if probe is None:
            raise WordlabError(f"this result has no probe, so there is nothing to step through: {HOW_TO_RECORD}")
    else:
        raise WordlabError(f"step through a Result or a Probe, not {type(source).__name__}: {HOW_TO_RECORD}")
    events = getattr(probe, "events", None)
    if not getattr(probe, "record", 0) or events is None:
        raise WordlabError(f"the probe was not recording: {HOW_TO_RECORD}")
    if not events and getattr(result, "stopped", None):
        raise WordlabError(f"{name or default_name!r} stopped before its first step ({result.stopped}): "
                           f"give it a bigger budget")
    if not events:
        drawn = getattr(getattr(result, "render", None), "func", getattr(result, "render", None))
        modules = [type(result).__module__, getattr(drawn, "__module__", "")] if result is not None else []
        puzzle = next((m.split(".")[2] for m in modules if m and m.startswith("wordlab.puzzles.")), "")
        page = f"docs/puzzles/{puzzle.replace('_', '-')}.md" if puzzle else "docs/puzzles/"
        raise WordlabError(f"strategy {name or default_name!r} reported nothing to its probe: call "
                           f"probe.expand(depth, parent=…, state=…) once per node, passing each node's id as its "
                           f"children's parent (see {page})")
    return Recording(name or default_name, list(events), render or default_render or str, ending_of(probe, result),
                     instance_text(getattr(result, "given", None)))


INSTANCE_CHARS = 90  # the longest description of a run's instance that a header shows


def instance_text(given) -> str:
    """What a run was given, in one short line: its repr (a word ladder's names its ends and its word
    list), else its type and its own one-line text (a Sudoku's digits row by row, "." for a blank), or ""
    for none, or for one too long to read in a header."""
    if given is None:
        return ""
    for text in (repr(given), f"{type(given).__name__} {given}"):
        if len(text) <= INSTANCE_CHARS and "\n" not in text and " at 0x" not in text:
            return text
    return ""


def tree_of(events: Sequence[Any]) -> list[Node]:
    """(id, parent, depth, label) for each node event (`call`, `expand`, `prune`), with the node and
    parent ids the event carries. A parent that was not recorded leaves the node a root."""
    tree, made = [], set()
    for index, event in enumerate(events):
        if _field(event, "kind") not in NODE_KINDS:
            continue
        node = _field(event, "node")
        node = index if node is None else node
        parent = _field(event, "parent")
        tree.append((node, parent if parent in made else None, _field(event, "depth", 0) or 0,
                     _label(_field(event, "state"))))
        made.add(node)
    return tree


def _label(state) -> str:
    text = "" if state is None else str(state)
    return text if len(text) <= LABEL_WIDTH and "\n" not in text else ""


def _counted(count: int, noun: str) -> str:
    return f"{count:,} {noun}{'s' * (count != 1)}"


def _number(value) -> str:
    if value is None:
        return "–"
    if isinstance(value, float) and not value.is_integer():
        return f"{value:,.4g}"
    if isinstance(value, float):
        value = int(value)
    return f"{value:,}" if isinstance(value, int) else str(value)


# -- the side panel ----------------------------------------------------------------------------------

def path_text(labels: list[str], chars: int = PATH_CHARS) -> str:
    """A path as "a → b → c", its start left off as "…" when it would be longer than `chars`."""
    if not labels:
        return ""
    if not all(labels):
        return "the root" if len(labels) == 1 else f"{len(labels)} nodes, root to here"
    if len(" → ".join(labels)) <= chars:
        return " → ".join(labels)
    shown = [labels[-1]]
    for label in reversed(labels[:-1]):
        if len(" → ".join([label, *shown])) > chars - 4:
            return " → ".join(["…", *shown])
        shown.insert(0, label)
    return " → ".join(shown)


def _best_so_far(recording: Recording, step: int) -> tuple[str, str]:
    """The best cost so far; for a run whose solutions have no cost, how many it has found so far."""
    if recording.ending.best is None and recording.ending.found:
        found = sum(_field(e, "kind") == "solution" for e in recording.events[:min(step, len(recording) - 1) + 1])
        return "solutions so far", f"{found:,}"
    return f"{recording.ending.cost_name} so far", _number(_field(recording.event(step), "best"))


def step_text(recording: Recording, step: int) -> str:
    """Which step of how many: the last one says the run ended there, or that the recording filled there
    ("first 200 of 4,512 events" at every step of a recording that filled)."""
    last = len(recording) - 1
    shown = f"{min(step, last) + 1:,} of "
    if recording.ending.full:
        in_all = recording.ending.events
        text = shown + f"the first {len(recording):,}" + (f" of {in_all:,} events" if in_all else " events")
        return text + (" (the recording filled here)" if step >= last else "")
    return shown + f"{len(recording):,}" + (" (run ended)" if step >= last else "")


CUT_ONLY = "cut here: those listed below wait no more"
NO_FRONTIER = {True: "not kept: depth-first recursion keeps only its path", False: "not reported by this strategy"}


def frontier_text(recording: Recording, step: int) -> str:
    """The frontier at `step`, said so as to agree with the table below it: the nodes waiting where the
    event lists them (the stack where it lists a stack), those kept after a cut (a cut listing only what it
    cut says so), else the count of the latest expansion, named as such; or why there is none."""
    if not recording.reports_frontier:
        return NO_FRONTIER[recording.recursive]
    event = recording.event(step)
    if _field(event, "kind") == "prune" and _marked(event, "kept"):
        kept = _fact_count(event, "kept")
        return "after the cut: " + (f"the {kept:,} kept" if kept is not None else "the nodes kept")
    if _field(event, "kind") == "prune" and _field(event, "queue"):
        return CUT_ONLY
    at = as_at(recording, step)
    if at is None:
        return _waiting(recording, recording.last(step)) if _field(event, "kind") == "expand" else "none reported yet"
    return f"as at step {at + 1:,}: {_waiting(recording, at, 'then')}"


def as_at(recording: Recording, step: int) -> int | None:
    """The earlier step whose frontier `frontier_text` gives at `step` ("as at step N"): the latest that listed
    one, or else the latest expansion; None where the step's own expansion says its frontier (or none is
    known yet). A cut's own list is its frontier, and is not asked about here."""
    event, at, listed = recording.event(step), recording.last(step), listed_before(recording, step)
    if _field(event, "kind") == "expand" and (_field(event, "queue") or _field(event, "frontier") or listed is None):
        return None
    if listed is not None and _field(event, "kind") in ("expand", "solution", "backtrack"):
        return listed
    while at >= 0 and _field(recording.events[at], "kind") != "expand":
        at -= 1
    return at if at >= 0 else None


def listed_before(recording: Recording, step: int) -> int | None:
    """The latest step up to `step` whose expansion listed its frontier, where the run lists any (an
    expansion reporting no list and nothing waiting leaves the frontier as that step listed it)."""
    at = bisect_right(recording.listing, recording.last(step))
    return recording.listing[at - 1] if at else None


def _waiting(recording: Recording, at: int, when: str = "now") -> str:
    """The nodes waiting after the expansion at `at`; where its table lists the node it takes (▶) too, the
    count is of every entry the table stands for: "10 in all, 1 taken now (▶) + 9 waiting"."""
    event, count = recording.events[at], recording.waiting.get(at, 0)
    if _marked(event, "top"):
        return f"{count:,} on the stack"
    if (_field(event, "queue") or ())[:1] and getattr(event.queue[0], "mark", "") == "next":
        return f"{count + 1:,} in all, 1 taken {when} (▶) + {count:,} waiting"
    return f"{count:,} waiting"


def drawn_text(recording: Recording, step: int) -> str:
    """At a cut of several nodes recorded as one pruned leaf, which node the leaf is and how many more the
    cut removed in all ("core, the best state cut; 3 cut in all"); "" where the cut was one node or does not say."""
    event = recording.event(step)
    cut = _fact_count(event, "cut")
    if _field(event, "kind") != "prune" or not cut or cut < 2:
        return ""
    state = _field(event, "state")
    listed = [row for row in _field(event, "queue", None) or () if getattr(row, "mark", "") == "cut"]
    which = "the best state cut" if listed and str(listed[0].state) == str(state) else "the first state cut"
    name = _label(state)
    return f"{name + ', ' if name else ''}{which}; {cut:,} cut in all"


def panel_rows(recording: Recording, step: int) -> list[tuple[str, str]]:
    """The side panel of one step as (label, value) rows: what happened, the counts, the path, the
    event's own facts, and how the run ended. Effort is counted in calls, as `wordlab.bench` counts it."""
    event = recording.event(step)
    kind = _field(event, "kind")
    rows = [("step", step_text(recording, step)),
            ("event", recording.what(step)),
            ("depth", _number(_field(event, "depth"))),
            ("frontier", frontier_text(recording, step)),
            ("calls so far", _number(_field(event, "nodes"))),
            _best_so_far(recording, step)]
    if _field(event, "why"):
        rows.append(("why pruned" if kind == "prune" else "why", str(_field(event, "why"))))
    if kind == "prune" and drawn_text(recording, step):
        rows.append(("drawn", drawn_text(recording, step)))
    path = recording.path(step)
    if path:
        rows.append(("path", path_text(path)))
    drawing = recording.drawings[recording.last(step)]
    rows += [(str(label), _number(value)) for label, value in _field(event, "facts", ()) or ()
             if not said_in(drawing, str(label), _number(value))]
    rows.append(("whole run", recording.ending_text()))
    return rows


def said_in(drawing: str, label: str, value: str) -> bool:
    """Does the state's drawing already say this fact, its number before the label's first word ("16 blanks"
    for blanks 16, "31 candidates" for candidates left 31)? Then the side panel does not say it again."""
    return bool(label.split()) and f"{value} {label.split()[0]}" in drawing


def run_rows(recording: Recording) -> list[tuple[str, str]]:
    """The side panel's rows that are the same at every step of the run: how it ended and, for a run that
    keeps no frontier, why. The player says them once, under the run's name, rather than at each step."""
    rows = [] if recording.reports_frontier else [("frontier", frontier_text(recording, 0))]
    return rows + [("whole run", recording.ending_text())]


def step_rows(recording: Recording, step: int) -> list[tuple[str, str]]:
    """The side panel's rows that can change from step to step (`panel_rows` without `run_rows`)."""
    constant = dict(run_rows(recording))
    return [(label, value) for label, value in panel_rows(recording, step) if constant.get(label) != value]


AGAIN = " (the start again)"  # after a frontier entry that is the run's start state, reached again


def queue_rows(recording: Recording, step: int) -> list[tuple[str, str, str, str, str]]:
    """The frontier's first entries this event carries, as (mark, state, g, h, f) text; [] if it carries none.
    An entry that is the start state again, past the start's own expansion, says so: a tree search keeps no
    record of where it has been, so a move back to where it began is one more entry."""
    event = recording.event(step)
    again = recording.start if _field(event, "node") != recording.root else None
    return [(QUEUE_MARKS.get(row.mark, row.mark), str(row.state) + (AGAIN if str(row.state) == again else ""),
             _number(row.g), _number(row.h), _number(row.f)) for row in _field(event, "queue", None) or ()]


def queue_table(recording: Recording, step: int, most: int | None = None) -> list[tuple[str, str, str, str, str]]:
    """The frontier table of one step: the entries this event carries (the first `most` of them, if given),
    with a row saying how many more there are wherever the table leaves some out: nodes waiting beyond
    those listed; at a cut, nodes kept before those listed and nodes cut after them."""
    rows = queue_rows(recording, step)
    if not rows:
        return []
    event = recording.event(step)
    shown = rows if most is None else rows[:most]
    if _field(event, "kind") == "prune" and _marked(event, "kept"):
        counts = {mark: _fact_count(event, mark) for mark in ("kept", "cut")}
        listed = {mark: sum(row[0] == mark for row in shown) for mark in ("kept", "cut")}
        table = list(shown)
        if (counts["kept"] or 0) > listed["kept"]:
            table.insert(0, ("", f"{counts['kept'] - listed['kept']:,} more kept, ranked higher", "", "", ""))
        if (counts["cut"] or 0) > listed["cut"]:
            table.append(("", f"+{counts['cut'] - listed['cut']:,} more cut", "", "", ""))
        return table
    waiting = recording.waiting.get(recording.last(step), _field(event, "frontier", 0) or 0)
    more = waiting + (rows[0][0] == "▶") - len(shown)
    return [*shown, ("", f"+{more:,} more", "", "", "")] if more > 0 else shown


def queue_lines(recording: Recording) -> int:
    """The most rows the frontier table has at any step of the run (0 if no step carries one)."""
    return max((len(queue_table(recording, step)) for step, event in enumerate(recording.events)
                if _field(event, "queue", None)), default=0)


PANEL_STYLE = ("width:100%;border-collapse:collapse;table-layout:fixed;font-size:12px;line-height:1.3;"
               "word-break:keep-all;overflow-wrap:normal")
CELL_STYLE = "text-align:left;vertical-align:top;padding:0 0.4em 0.1em 0"
ONE_LINE = "white-space:nowrap;overflow:hidden;text-overflow:ellipsis"


LABEL_PX = 118  # the side panel's label column: "solutions so far" and "repeats skipped" in one line
PANEL_ROW_PX = 17  # a line of the side panel (12-pixel text, line height 1.3, and the cell's padding)
PANEL_CHAR_PX = 6.9  # an average character of the panel's 12-pixel text, a little wide: wraps are not missed


def panel_html(recording: Recording, step: int) -> str:
    """The side panel: the rows of `step_rows` (what the run shows at every step is in `run_note_html`; the
    frontier table is `queue_html`)."""
    cells = []
    for label, value in step_rows(recording, step):
        tip = f" title='{html.escape(' → '.join(recording.path(step)))}'" if label == "path" else ""
        cells.append(f"<tr class='wordlab-row' data-label='{html.escape(label)}'><th style='{CELL_STYLE};"
                     f"width:{LABEL_PX}px'>{html.escape(label)}</th><td style='{CELL_STYLE}'{tip}>{html.escape(value)}"
                     f"</td></tr>")
    return f"<table class='wordlab-panel' style='{PANEL_STYLE}'>{''.join(cells)}</table>"


def run_note_html(recording: Recording) -> str:
    """The lines under a run's name: `run_rows`, each a label and its value."""
    return "".join(f"<div class='wordlab-run-note' data-label='{html.escape(label)}' style='font-size:12px;"
                   f"line-height:{PANEL_ROW_PX}px;color:#333'><b>{html.escape(label)}</b> {html.escape(value)}</div>"
                   for label, value in run_rows(recording))


@lru_cache(maxsize=4096)
def text_lines(text: str, width_px: float, char_px: float = PANEL_CHAR_PX) -> int:
    """How many lines `text` takes wrapped at its spaces in `width_px` pixels of characters `char_px` wide."""
    import textwrap

    chars = max(1, int(width_px // char_px))
    return 1 if len(text) <= chars else max(1, len(textwrap.wrap(text, chars, break_long_words=True)))


def panel_px(recording: Recording, width: int) -> int:
    """The pixels of the tallest side panel of any step, at `width` pixels (labels and values wrapped)."""
    return max(panel_px_at(recording, step, width) for step in range(len(recording)))


def panel_px_at(recording: Recording, step: int, width: int) -> int:
    """The pixels of the side panel of `step`, at `width` pixels (labels and values wrapped)."""
    value_px = width - LABEL_PX - 8
    return sum(max(text_lines(label, LABEL_PX - 6, 7.4), text_lines(value, value_px)) for label, value in
               step_rows(recording, step)) * PANEL_ROW_PX + 4


QUEUE_ROW_PX = 17  # the height of one row of the frontier table: every row is one line


def empty_queue_text(recording: Recording, step: int) -> str:
    """The one line standing in the frontier table's place at a step whose event lists no frontier, in a
    run where other steps do (so the box keeps its place), where no earlier list stands for it (`listed_as_at`):
    why this step lists none, and the frontier as the panel says it; "" in a run that never lists one."""
    if not recording.listing:
        return ""
    kind = _field(recording.event(step), "kind")
    why = {"solution": "solution", "backtrack": recording.what(step), "prune": "pruned"}.get(kind, "no list here")
    return f"{why}: frontier {frontier_text(recording, step)}"


def listed_as_at(recording: Recording, step: int) -> int | None:
    """At a step that lists no frontier, the earlier step whose frontier the panel gives ("as at step N"),
    where that step listed it: its table stands in the box, under the heading "as at step N", so the box is
    not left blank and the panel's count is not said again under the tree. None at a step with its own list."""
    if queue_rows(recording, step):
        return None
    at = as_at(recording, step) if recording.reports_frontier else None
    return at if at is not None and queue_rows(recording, at) else None


def queue_heading(recording: Recording, step: int) -> str:
    """The frontier table's heading at `step`: "frontier", at a cut what it lists, or the step it is as at."""
    event = recording.event(step)
    if _field(event, "kind") == "prune" and queue_rows(recording, step):
        return "ranked at the cut" if _marked(event, "kept") else "cut here"
    at = listed_as_at(recording, step)
    return "frontier" if at is None else f"as at step {at + 1:,}"


def queue_html(recording: Recording, step: int) -> str:
    """The frontier's entries this event carries as a small table (mark, state, g, h, f), every row one
    line high, with how many more there are; at a cut, the nodes kept and cut. A step listing none, in a
    run where others do, shows in grey the table of the step whose frontier the panel gives, headed "as at step
    N" (`listed_as_at`), or where there is none one line saying why; "" in a run that lists none."""
    at = listed_as_at(recording, step)
    rows = queue_table(recording, step if at is None else at)
    if not rows:
        note = empty_queue_text(recording, step)
        return (f"<div class='wordlab-queue-note' style='font-size:12px;color:#555;border-top:1px solid #ddd;"
                f"line-height:{QUEUE_ROW_PX - 2}px;box-sizing:border-box'>{html.escape(note)}</div>") if note else ""
    heading = queue_heading(recording, step)
    grey, named = ("", "") if at is None else (";color:#666", f" data-as-at='{at + 1}'")  # an earlier step's list
    head = "".join(f"<th style='{CELL_STYLE};{ONE_LINE}' title='{COLUMN_TIPS.get(name, '')}'>"
                   f"{heading if name == 'frontier' else name}</th>"
                   for name in ("", "frontier", "g", "h", "f"))
    tips = QUEUE_TIPS if at is None else {mark: tip.replace("this step", f"step {at + 1:,}")
                                          for mark, tip in QUEUE_TIPS.items()}
    body = "".join(
        f"<tr class='wordlab-queue-row' data-mark='{html.escape(mark)}' title='{tips.get(mark, '')}' "
        f"style='height:{QUEUE_ROW_PX}px'>"
        + "".join(f"<td style='{CELL_STYLE};{ONE_LINE}'>{html.escape(cell)}</td>" for cell in (mark, *cells))
        + "</tr>" for mark, *cells in rows)
    state_px = round(queue_chars(recording) * QUEUE_CHAR_PX) + 8
    columns = "<colgroup>" + "".join(f"<col style='width:{px}px'>" for px in (QUEUE_COLUMN_PX, state_px,
                                                                               *[QUEUE_COLUMN_PX] * 3)) + "</colgroup>"
    natural = f"width:{4 * QUEUE_COLUMN_PX + state_px}px;max-width:100%"  # its columns together, never stretched
    return (f"<table class='wordlab-queue'{named} style='{PANEL_STYLE};{natural};border-top:1px solid #ddd{grey}'>"
            f"{columns}<tr style='height:{QUEUE_ROW_PX}px'>{head}</tr>{body}</table>")


QUEUE_COLUMN_PX = 34  # the frontier table's mark, g, h and f columns (12-pixel text: "kept", "1,024")
QUEUE_CHAR_PX = 7.2  # a character of its states' column, a little wide


def queue_chars(recording: Recording) -> int:
    """The longest state any frontier table of the run lists, with the rows saying how many more, or the
    longest heading of one, in characters: the width of the states' column, the same at every step."""
    if "_queue_chars" not in recording.__dict__:
        listed = [step for step, event in enumerate(recording.events) if _field(event, "queue", None)]
        headings = {queue_heading(recording, step) for step in range(len(recording))} if listed else set()
        recording.__dict__["_queue_chars"] = max([len(row[1]) for step in listed for row in queue_table(recording, step)]
                                                 + [len(heading) for heading in headings], default=0)
    return recording.__dict__["_queue_chars"]


STATE_STYLE = ("margin:0;font-size:10px;line-height:1.25;white-space:pre-wrap;word-break:normal;overflow-wrap:normal;"
               "overflow:auto;max-height:20em")  # a line too long wraps at its spaces, never inside a word
STATE_CHAR_PX = 6.1  # the width of one character of the drawn state (10 px monospace)


STATE_LINE_PX = 12.5  # a line of the drawn state (10 px, line height 1.25)


def drawn_states(recording: Recording) -> list[str]:
    """The text of every state the run draws ("" for one that cannot be drawn: the player says so at its step)."""
    texts = []
    for step in range(len(recording)):
        try:
            texts.append(recording.state_text(step))
        except Exception:  # a puzzle's render failing: shown in the player at its step, never raised here
            texts.append("")
    return texts


def state_chars(recording: Recording) -> int:
    """The longest line of any state the run draws, in characters (0 for none)."""
    return max((len(line) for text in recording.drawings for line in text.splitlines()), default=0)


def state_px(recording: Recording, width: int) -> int:
    """The pixels of the tallest state the run draws, its lines wrapped at `width` pixels."""
    return max((state_px_at(recording, step, width) for step in range(len(recording))), default=19)


def state_px_at(recording: Recording, step: int, width: int) -> int:
    """The pixels of the state drawn at `step`, its lines wrapped at `width` pixels."""
    text = recording.drawings[recording.last(step)]
    return round(sum(text_lines(line, width - 12, STATE_CHAR_PX) for line in text.splitlines() or [""])
                 * STATE_LINE_PX) + 6


def state_html(recording: Recording, step: int) -> str:
    return f"<pre class='wordlab-state' style='{STATE_STYLE}'>{html.escape(recording.state_text(step))}</pre>"


# -- the tree as drawn -------------------------------------------------------------------------------

@dataclass
class TreeView:
    """The part of the tree drawn at one step, laid out: big trees keep the path to the current node,
    its neighbours, the solutions and the latest nodes, and count the rest as collapsed."""

    nodes: list[Node]
    positions: dict[int, tuple[float, int]]
    marks: dict[int, str]
    current: int | None
    path: set[int]
    collapsed: int
    depths: tuple[int, int]  # the least and greatest depth of the whole recorded tree: a stable vertical scale
    labelled: bool = False  # some node carries a label above it: levels need room for it
    label_chars: int = 0  # the longest label of the whole recorded tree: a stable width for a leaf's room


def tree_view(recording: Recording, step: int) -> TreeView:
    drawn = recording.drawn(step)
    path = recording.path_ids(step)
    kept = drawn if len(drawn) <= DRAW_ALL else _near_path(recording, step, drawn, path)
    positions = step_layout(kept, recording.slots or leaf_slots(kept))
    depths = [depth for _, _, depth, _ in recording.tree] or [0]
    return TreeView(kept, positions, recording.marks(step), recording.node_at(step), set(path), len(drawn) - len(kept),
                    (min(depths), max(depths)), any(label for *_, label in kept),
                    max((len(label) for *_, label in recording.tree), default=0))


def _children_of(tree: Sequence[Node]) -> dict[int | None, list[int]]:
    ids = {node_id for node_id, *_ in tree}
    children: dict[int | None, list[int]] = {}
    for node_id, parent, _, _ in tree:
        children.setdefault(parent if parent in ids else None, []).append(node_id)
    return children


def _depth_first(children: dict[int | None, list[int]]) -> list[tuple[int, bool]]:
    """Each node as (id, False) on the way down and (id, True) once its children are done, without recursion
    (a deep run's tree is deeper than Python's stack allows)."""
    order, stack = [], [(root, False) for root in reversed(children.get(None, []))]
    while stack:
        node, done = stack.pop()
        order.append((node, done))
        if not done:
            stack.append((node, True))
            stack.extend((kid, False) for kid in reversed(children.get(node, [])))
    return order


def leaf_slots(tree: Sequence[Node]) -> dict[int, int]:
    """Each node's first leaf slot: the leaves of `tree` numbered left to right, a node taking the slot of
    the first leaf under it."""
    children, slots, next_slot = _children_of(tree), {}, 0
    for node, done in _depth_first(children):
        if not done:
            slots[node] = next_slot
        elif not children.get(node):
            next_slot += 1
    return slots


def step_layout(drawn: Sequence[Node], slots: dict[int, int]) -> dict[int, tuple[float, int]]:
    """(x, depth) for each node drawn: a node with no child drawn yet at its slot (leaves keep their place
    from step to step), a parent over the middle of the children drawn so far, so a node with one child sits
    straight above it and a depth-first path never folds back left."""
    children, depth_of = _children_of(drawn), {node_id: depth for node_id, _, depth, _ in drawn}
    positions: dict[int, tuple[float, int]] = {}
    for node, done in _depth_first(children):
        if done:
            kids = children.get(node)
            x = (positions[kids[0]][0] + positions[kids[-1]][0]) / 2 if kids else float(slots[node])
            positions[node] = (x, depth_of[node])
    return positions


def _near_path(recording: Recording, step: int, drawn: list[Node], path: list[int]) -> list[Node]:
    """The nodes of a big tree worth drawing at `step`, with every ancestor of each, in recorded order."""
    last = recording.last(step)
    keep = set(path) | {node_id for node_id, *_ in drawn[-RECENT:]}
    keep |= {node for node, kind in recording.marks(step).items() if kind == "solution"}
    if path:
        keep |= {child for child in recording.children.get(path[-1], []) if child <= last}
    if len(path) > 1:
        siblings = [child for child in recording.children[path[-2]] if child <= last]
        at = siblings.index(path[-1])
        keep |= set(siblings[max(0, at - SIBLINGS):at + SIBLINGS + 1])
    for node in list(keep):
        while node is not None and node in recording.by_id:
            keep.add(node)
            node = recording.by_id[node][1]
            if node in keep:
                break
    return [node for node in drawn if node[0] in keep]


TREE_WIDTH, TREE_HEIGHT = 430, 230  # pixels: the tree's box in the player; bigger trees scroll inside it
LEVEL_PX = 22  # the least pixels between levels: a node's ring never touches the next level's marks
LABELLED_LEVEL_PX = 32  # and with labels, which sit 10 pixels above their node, 10 high
OPEN_HERE = "scroll-initial-target:nearest"  # CSS: a scroll box opens scrolled to the element that has this
MIN_GAP = 12  # pixels between neighbouring leaves, the least before the drawing grows wider than its box
LEAF_ROOM = 20  # pixels between neighbouring leaves at most, beyond their labels' width: a small tree stays compact
PAD = 14  # pixels round the drawing (more at the top: a root's label sits above it)
TOP = 24
TICKS_PX = 22  # pixels at the left of the tree's box for the depth numbers, which stay as the tree scrolls sideways
NOTE_PX = 40  # pixels of the tree's box given to the line above it saying what is out of sight, and spare
START_RISE = 22  # pixels from a run's roots up to the start point joining them (above the roots' labels)


def _star(x: float, y: float, r: float = 7.5) -> str:
    import math

    points = [(x + (r if i % 2 == 0 else r * 0.42) * math.sin(i * math.pi / 5),
               y - (r if i % 2 == 0 else r * 0.42) * math.cos(i * math.pi / 5)) for i in range(10)]
    return "<polygon points='" + " ".join(f"{px:.1f},{py:.1f}" for px, py in points) + "'"


def _shape(mark: str, x: float, y: float) -> str:
    """The SVG of a node of `mark` at (x, y)."""
    colour, shape = MARKS[mark]
    if shape == "star":
        return f"{_star(x, y)} fill='{colour}'/>"
    if shape == "cross":
        return (f"<path d='M{x - 4.5:.1f},{y - 4.5:.1f}L{x + 4.5:.1f},{y + 4.5:.1f}M{x - 4.5:.1f},{y + 4.5:.1f}"
                f"L{x + 4.5:.1f},{y - 4.5:.1f}' stroke='{colour}' stroke-width='2.4'/>")
    if shape == "diamond":
        return (f"<polygon points='{x:.1f},{y - 5.5:.1f} {x + 5.5:.1f},{y:.1f} {x:.1f},{y + 5.5:.1f} "
                f"{x - 5.5:.1f},{y:.1f}' fill='{colour}'/>")
    if shape == "square":
        return f"<rect x='{x - 4.5:.1f}' y='{y - 4.5:.1f}' width='9' height='9' fill='{colour}'/>"
    radius = {"current": 5.5, "on the path": 4.5}.get(mark, 3)
    return f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{radius}' fill='{colour}'/>"


def _ring(x: float, y: float, radius: float = 9) -> str:
    return (f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{radius}' fill='none' stroke='{MARKS['current'][0]}' "
            f"stroke-width='2'/>")


def legend_svg(width: int = TREE_WIDTH, marks: Sequence[str] = (*MARKS, START)) -> str:
    """Each mark's shape beside its name, wrapping between entries (never inside one) in `width` pixels."""
    items = []
    for mark in marks:
        shape = (_ring(8, 8, 5.5) if mark == "current" else _start(8, 8) if mark == START else _shape(mark, 8, 8))
        items.append(f"<span class='wordlab-legend-item' style='white-space:nowrap'><svg width='16' height='16' "
                     f"style='vertical-align:middle' xmlns='http://www.w3.org/2000/svg'>{shape}</svg> {mark}</span>")
    return (f"<div class='wordlab-legend' style='width:{width}px;display:flex;flex-wrap:wrap;gap:0 10px;"
            f"font-size:11px;color:#333'>{''.join(items)}</div>")


def _start(x: float, y: float) -> str:
    return f"<circle cx='{x:.1f}' cy='{y:.1f}' r='4' fill='none' stroke='#555' stroke-width='1.2'/>"


def _roots_joined(at, view: TreeView) -> str:
    """A start point above a run's several roots, joined to each by a dashed line ("" for one root)."""
    roots = [at(node_id) for node_id, parent, _, _ in view.nodes if parent is None]
    if len(roots) < 2:
        return ""
    x, y = (min(rx for rx, _ in roots) + max(rx for rx, _ in roots)) / 2, min(ry for _, ry in roots) - START_RISE
    lines = "".join(f"<line x1='{x:.1f}' y1='{y:.1f}' x2='{rx:.1f}' y2='{ry:.1f}' stroke='#c4c4c4' stroke-width='1' "
                    f"stroke-dasharray='3,3'/>" for rx, ry in roots)
    return f"<g class='wordlab-start'><title>start: the run's first nodes are joined here</title>{lines}{_start(x, y)}</g>"


def _scale(view: TreeView, width: int, height: int):
    """A function placing a node in pixels, and the drawing's size (at least the box's). Leaves spread over the
    box's width, but no further apart than a label's width and `LEAF_ROOM` (a small tree stays compact at the
    left) and no closer than `MIN_GAP` (a tree wider than that scrolls); the sides leave room for half a label."""
    xs = [x for x, _ in view.positions.values()] or [0]
    ys = view.depths
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    top = TOP + START_RISE * (sum(parent is None for _, parent, _, _ in view.nodes) > 1)  # room for a start point
    side = max(PAD, LABEL_CHAR_PX * view.label_chars / 2 + 2)
    widest = max(3 * MIN_GAP, LABEL_CHAR_PX * view.label_chars + LEAF_ROOM)
    gap = max(MIN_GAP, min(widest, (width - 2 * side) / span_x)) if span_x else 0
    least = LABELLED_LEVEL_PX if view.labelled else LEVEL_PX
    row = max(least, min(44, (height - top - PAD) / span_y)) if span_y else 0  # deeper trees scroll down
    size = (max(width, 2 * side + span_x * gap), max(height, top + PAD + span_y * row))

    def at(node_id):
        x, y = view.positions[node_id]
        return (side + (x - min(xs)) * gap if span_x else size[0] / 2), top + (y - min(ys)) * row

    return at, size, gap


def tree_pixels(recording: Recording, step: int, width: int = TREE_WIDTH,
                height: int = TREE_HEIGHT) -> dict[int, tuple[float, float]]:
    """Where `tree_svg` draws each node of `step`, in pixels from the drawing's top left."""
    view = tree_view(recording, step)
    at = _scale(view, width - TICKS_PX, height - NOTE_PX)[0]
    return {node_id: at(node_id) for node_id, *_ in view.nodes}


def tree_svg(recording: Recording, step: int, width: int = TREE_WIDTH, height: int = TREE_HEIGHT,
             marks: Sequence[str] | None = None, note_lines: int | None = None) -> str:
    """The legend (of `marks`, default the marks this run uses; runs side by side share one), then a line
    saying what of the tree is out of sight (nodes above the part the box opens on, side branches hanging from
    above it, nodes collapsed: `note_lines` lines high, default `tree_note_lines`), then the search tree up
    to `step`, its depths marked at the left, in a box that scrolls when the tree is bigger."""
    view = tree_view(recording, step)
    legend = legend_svg(width, recording.marks_used() if marks is None else marks)
    if not view.nodes:
        return legend + "<div class='wordlab-tree-note'>no tree node recorded yet</div>"
    box = (width - TICKS_PX, height - NOTE_PX)  # the drawing's part of the box, beside the depths
    at, (svg_width, svg_height), _ = _scale(view, *box)
    window = _window(at, view, (svg_width, svg_height), box)
    hanging = side_branches_above(at, view, window)
    drawn = [node for node in view.nodes if node[0] not in hanging]
    parts = [_roots_joined(at, view)] + [_edge(at, node_id, parent, node_id in view.path and parent in view.path)
                                         for node_id, parent, _, _ in drawn if parent is not None]
    labelled = labels_in_window(at, view, window)
    for node_id, _, _, label in drawn:
        parts.append(_node(at, node_id, label, view, node_id in labelled))
    if window[0] > 0 or window[1] > 0:  # the box opens past the drawing's end when it opens on a level or a node's edge
        svg_width, svg_height = max(svg_width, window[0] + box[0]), max(svg_height, window[1] + box[1])
    lines = tree_note_lines(recording, width, height) if note_lines is None else note_lines
    return (legend + _out_of_view_note(at, view, window, hanging, lines) + f"<div class='wordlab-tree-box' "
            f"style='width:{width}px;height:{box[1]}px;overflow:auto'><div style='display:flex;"
            f"width:{svg_width + TICKS_PX:.0f}px'>{_depth_ticks(at, view, svg_height)}<div style='position:relative;"
            f"flex:none;width:{svg_width:.0f}px;height:{svg_height:.0f}px'><svg class='wordlab-tree' "
            f"width='{svg_width:.0f}' height='{svg_height:.0f}' style='display:block' "
            f"xmlns='http://www.w3.org/2000/svg'>{''.join(parts)}</svg>{_here(view, window)}</div></div></div>")


def side_branches_above(at, view: TreeView, window) -> set[int]:
    """The nodes the box would show hanging from a line off its top: off the path to the current node, in or
    below the part of the drawing the box opens on, under a parent above it (and all below them). They are
    left out and counted, as a filmstrip's frame leaves them out; the path's own line up is drawn."""
    top, hanging = window[1], set()
    if top <= 0:
        return hanging
    for node_id, parent, _, _ in view.nodes:  # a parent before its children, as recorded
        if node_id in view.path or node_id == view.current or parent is None or parent not in view.positions:
            continue
        if parent in hanging or at(parent)[1] < top <= at(node_id)[1]:
            hanging.add(node_id)
    return hanging


def tree_note_lines(recording: Recording, width: int = TREE_WIDTH, height: int = TREE_HEIGHT) -> int:
    """The lines kept above the tree's box for what is out of sight: two where the run's tree at its end is
    bigger than the box or collapses (the box may scroll, and side branches may be left out), else one."""
    key = ("_note_lines", width, height)
    if key not in recording.__dict__:
        view = tree_view(recording, len(recording) - 1)
        box = (width - TICKS_PX, height - NOTE_PX)
        size = _scale(view, *box)[1] if view.nodes else box
        recording.__dict__[key] = 2 if len(recording.tree) > DRAW_ALL or size[0] > box[0] or size[1] > box[1] else 1
    return recording.__dict__[key]


def _depth_ticks(at, view: TreeView, svg_height: float) -> str:
    """A column at the box's left that stays as the tree scrolls sideways: the depth of each level, in small
    grey numbers (every level where they fit, else every second, fifth, ...); the word "depth" heads the column
    from outside the box (`_out_of_view_note`), so a box opening scrolled down never hides it or a depth."""
    low, high = view.depths
    rows = {depth: at(node_id)[1] for node_id, _, depth, _ in view.nodes}
    ticks = ""
    if high > low and len(rows) > 1:
        spacing = (max(rows.values()) - min(rows.values())) / (max(rows) - min(rows))
        every = next(n for n in (1, 2, 5, 10, 20, 50, 100, 10**9) if n * spacing >= 11)
        first = min(rows.values()) - (min(rows) - low) * spacing
        ticks = "".join(f"<text x='{TICKS_PX - 3}' y='{first + (depth - low) * spacing + 3:.1f}' font-size='9' "
                        f"text-anchor='end' fill='#888'>{depth}</text>"
                        for depth in range(low, high + 1) if (depth - low) % every == 0)
    return (f"<div class='wordlab-depths' title='depth in the tree' style='position:sticky;left:0;z-index:1;"
            f"flex:none;width:{TICKS_PX}px;height:{svg_height:.0f}px;background:white'>"
            f"<svg width='{TICKS_PX}' height='{svg_height:.0f}' style='display:block' xmlns='http://www.w3.org/2000/svg'>"
            f"{ticks}</svg></div>")


def _window(at, view: TreeView, drawing: tuple[float, float], box: tuple[float, float]):
    """The part of the drawing the box shows at the step: (left, top, width, height) in pixels, a box's size
    round the current node kept inside the drawing (from the top left with no current node)."""
    if view.current not in view.positions:
        return 0, 0, min(box[0], drawing[0]), min(box[1], drawing[1])
    x, y = at(view.current)
    tall = box[1]
    left = min(max(x - box[0] / 2, 0), max(drawing[0] - box[0], 0))
    top = min(max(y - tall / 2, 0), max(drawing[1] - tall, 0))
    left = _clear_edge(left, _node_spans(at, view), box[0], (x - RING_PX, x + RING_PX))
    top = _clear_edge(top, _level_spans(at, view), tall, (y - RING_PX, y + RING_PX))
    return left, top, min(box[0], drawing[0]), min(tall, drawing[1])


RING_PX = 10  # half the width of the current node's ring, and of any node's mark


def _node_spans(at, view: TreeView) -> list[tuple[float, float]]:
    """Each node's extent across, in pixels: its mark, or its label where it has one drawn."""
    labelled = labels_with_room(at, view)
    spans = []
    for node_id, _, _, label in view.nodes:
        half = max(RING_PX, LABEL_CHAR_PX * len(label) / 2 + 2) if node_id in labelled and label else RING_PX
        spans.append((at(node_id)[0] - half, at(node_id)[0] + half))
    return spans


def _level_spans(at, view: TreeView) -> list[tuple[float, float]]:
    """Each level's extent down, in pixels: its marks, and the labels above them."""
    above = 21 if view.labelled else RING_PX - 1  # a label's top is 20 pixels above its node
    return [(y - above, y + RING_PX - 1) for y in sorted({at(node_id)[1] for node_id, *_ in view.nodes})]


def _clear_edge(edge: float, spans: list[tuple[float, float]], room: float, here: tuple[float, float]) -> float:
    """The window's left or top edge moved off any node or level it would cut through: back to show it whole
    where the current node (`here`, its extent) stays in the `room` pixels after the edge, else on past it
    (the drawing grows to let the box scroll there), else left as it is."""
    if edge <= 0:
        return edge
    for low, high in _merged(spans):
        if low < edge < high:
            if low - 1 >= 0 and here[1] <= low - 1 + room:
                return low - 1
            return high + 1 if here[0] >= high + 1 else edge
    return edge


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping spans joined into one."""
    joined: list[list[float]] = []
    for low, high in sorted(spans):
        if joined and low <= joined[-1][1] + 1:
            joined[-1][1] = max(joined[-1][1], high)
        else:
            joined.append([low, high])
    return [(low, high) for low, high in joined]


def out_of_view(at, view: TreeView, window, hanging: set[int] = frozenset()) -> tuple[list[int], list[int]]:
    """The drawn nodes above the part of the drawing the box shows, and those beside or below it (but the side
    branches left out, `hanging`)."""
    left, top, wide, tall = window
    above, elsewhere = [], []
    for node_id, *_ in view.nodes:
        x, y = at(node_id)
        if node_id in hanging:
            continue
        if y < top:
            above.append(node_id)
        elif y > top + tall or x < left or x > left + wide:
            elsewhere.append(node_id)
    return above, elsewhere


NOTE_LINE_PX = 16  # a line of the note above the tree


def side_branches_text(count: int) -> str:
    """The words for the nodes of side branches left out because they hang from a node above what is drawn (the
    branch's top node, and every node under it, whose own parent may be in view but is left out too): the
    player's line above the tree and a filmstrip frame's say it alike."""
    branch = "a side branch" if count == 1 else "side branches"
    return f"{_counted(count, 'node')} of {branch} hanging from above, not drawn"


def _out_of_view_note(at, view: TreeView, window, hanging: set[int] = frozenset(), lines: int = 1) -> str:
    """The lines above the tree saying what of it is not in sight at the step: nodes above the box's view
    (and how many levels up to scroll), nodes of side branches hanging from above it (left out), nodes
    beside or below it, nodes collapsed; empty when all is in sight. `lines` high, whatever it says."""
    above, elsewhere = out_of_view(at, view, window, hanging)
    depths = {node_id: depth for node_id, _, depth, _ in view.nodes}
    parts = []
    if above:
        hidden = sorted({depths[node] for node in above})
        levels = f"depth {hidden[0]}" if len(hidden) == 1 else f"depths {hidden[0]}–{hidden[-1]}"
        parts.append(f"{_counted(len(above), 'node')} above ({levels}) not shown: scroll up")
    if hanging:
        parts.append(side_branches_text(len(hanging)))
    if elsewhere:
        parts.append(f"{len(elsewhere):,} more out of view: scroll")
    if view.collapsed:
        parts.append(f"{_counted(view.collapsed, 'node')} collapsed (far from the current path)")
    wrap = "white-space:normal" if lines > 1 else "white-space:nowrap;text-overflow:ellipsis"
    return (f"<div style='position:relative;padding-left:{TICKS_PX}px'>{DEPTH_CAPTION}<div class='wordlab-tree-note' "
            f"style='font-size:11px;line-height:{NOTE_LINE_PX}px;height:{lines * NOTE_LINE_PX}px;color:#555;{wrap};"
            f"overflow:hidden'>{html.escape('; '.join(parts))}</div></div>")


DEPTH_CAPTION = ("<span class='wordlab-depths-caption' style='position:absolute;left:1px;bottom:0;font-size:7px;"
                 "line-height:9px;color:#888'>depth</span>")  # over the depths' column, just above the tree's box


def _here(view: TreeView, window) -> str:
    """An invisible box over the part of the drawing shown at the step, round the current node, which the
    browser scrolls to when the step is drawn (`OPEN_HERE`, in Chromium-based browsers: Chrome, Edge,
    VS Code; elsewhere the box opens at its top left); "" with no current node."""
    if view.current not in view.positions:
        return ""
    left, top, wide, tall = window  # the box's own size, the depths' column too: it opens with this part in sight
    return (f"<div class='wordlab-tree-here' data-node='{view.current}' style='position:absolute;"
            f"left:{left - TICKS_PX:.0f}px;top:{top:.0f}px;width:{wide + TICKS_PX:.0f}px;height:{tall:.0f}px;"
            f"pointer-events:none;{OPEN_HERE}'></div>")


def _edge(at, node_id: int, parent: int, on_path: bool) -> str:
    (x0, y0), (x1, y1) = at(parent), at(node_id)
    colour, thickness = (MARKS["on the path"][0], 2) if on_path else ("#c4c4c4", 1)
    return (f"<line x1='{x0:.1f}' y1='{y0:.1f}' x2='{x1:.1f}' y2='{y1:.1f}' stroke='{colour}' "
            f"stroke-width='{thickness}'/>")


LABEL_CHAR_PX = 6.2  # a character of a node's label (10-pixel monospace)


def labels_with_room(at, view: TreeView) -> set[int]:
    """The nodes whose label is drawn: the current node's and its path's first, then every other node's whose
    label does not run into a label already placed on its level (latest nodes first)."""
    placed: dict[int, list[tuple[float, float]]] = {}
    chosen = set()
    first = [node for node in view.nodes if node[0] == view.current or node[0] in view.path]
    for node_id, _, depth, label in first + [node for node in reversed(view.nodes) if node not in first]:
        if not label:
            continue
        x = at(node_id)[0]
        half = LABEL_CHAR_PX * len(label) / 2 + 2
        if node_id in view.path or node_id == view.current or all(
                x + half <= left or x - half >= right for left, right in placed.get(depth, [])):
            placed.setdefault(depth, []).append((x - half, x + half))
            chosen.add(node_id)
    return chosen


def labels_in_window(at, view: TreeView, window) -> set[int]:
    """The labels drawn (`labels_with_room`), but those of nodes off the path that the box's left or right edge
    would cut: a label shows whole or not at all where the box opens."""
    left, _, wide, _ = window
    labels = {node_id: label for node_id, _, _, label in view.nodes}
    kept = set()
    for node_id in labels_with_room(at, view):
        x, half = at(node_id)[0], LABEL_CHAR_PX * len(labels[node_id]) / 2
        if node_id in view.path or node_id == view.current or not any(x - half < edge < x + half
                                                                       for edge in (left, left + wide)):
            kept.add(node_id)
    return kept


def _node(at, node_id: int, label: str, view: TreeView, labelled: bool) -> str:
    """A node's shape (a ring too if it is the current one), its tooltip, and its label if `labelled`."""
    x, y = at(node_id)
    mark = view.marks.get(node_id, "other")
    here = node_id == view.current
    parts = [f"<title>{html.escape(label or f'node {node_id}')}: {mark}</title>",
             _shape("on the path" if mark == "current" else mark, x, y)]
    if here:
        parts.append(f"<g class='wordlab-ring'>{_ring(x, y)}</g>")  # whatever else marks it, the current node is ringed
    if label and labelled:
        weight = "bold" if here else "normal"
        parts.append(f"<text x='{x:.1f}' y='{y - 10:.1f}' font-size='10' text-anchor='middle' font-family='monospace' "
                     f"font-weight='{weight}' fill='#222' stroke='white' stroke-width='3' paint-order='stroke'>"
                     f"{html.escape(label)}</text>")
    return f"<g class='wordlab-node' data-node='{node_id}' data-mark='{mark}'>{''.join(parts)}</g>"
