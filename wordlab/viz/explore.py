"""A form to explore a puzzle: type an instance (or take the example, a random or a published one), pick one or
two strategies, a budget and a recording size, press run, and step through the runs side by side.

    from wordlab.viz import explore; explore("sudoku")

Plain ipywidgets: a mistake in the instance shows as one line under the field as you type, never a traceback;
the player (`wordlab.viz.step`) appears below the form.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any, Callable

from wordlab.errors import UnknownName, WordlabError

NONE = "(none)"


@dataclass(frozen=True)
class Form:
    """How the form writes and reads one puzzle's instances as text."""

    about: str  # what the text field holds
    example: Callable[[], str]
    read: Callable[[str], Any]  # text → a given `solve` takes; a `WordlabError` names what is wrong
    random: Callable[[int], str] | None = None  # seed → a generated instance, where the puzzle has a generator
    published: Callable[[], dict[str, str]] | None = None  # name → text, where the puzzle has published ones


# -- the puzzles' forms --------------------------------------------------------------------------------------


def _ladder() -> Form:
    from wordlab.puzzles import word_ladder as w

    return Form(f"start and goal words, e.g. cold warm (words from {w.DEFAULT_WORDS})", lambda: "cold warm", w.parse)


def _sudoku() -> Form:
    from wordlab.puzzles import sudoku as s

    return Form("the cells row by row (81 for 9×9; . or 0 for a blank)", lambda: str(s.example()), s.parse,
                random=lambda seed: str(s.generate(9, seed=seed)), published=lambda: dict(s.EXAMPLES))


def _bee() -> Form:
    from wordlab.puzzles import spelling_bee as b

    def read(text: str):
        words = text.split()
        return b.parse(words if len(words) > 1 else text.strip())

    return Form("words separated by spaces, or a word source such as wordfreq:3", lambda: " ".join(b.EXAMPLE_WORDS),
                read)


def _squares() -> Form:
    from wordlab.puzzles import word_squares as ws

    return Form(f"the first word, or rows joined by / (words from {ws.DEFAULT_WORDS})", lambda: "card", ws.parse)


def _blocks() -> Form:
    from wordlab.puzzles import building_blocks as bb

    def read(text: str):
        example = bb.example()
        if text.split() == str(example.puzzle).split():
            return example  # the example brings its own seven words
        return bb.prepare(bb.parse(text), _lexicon())

    return Form(f"patterns | blocks, e.g. pol...... imb...... | ble cal … (words from {bb.DEFAULT_WORDS})",
                lambda: str(bb.example().puzzle), read,
                random=lambda seed: str(bb.generate(_lexicon().words, seed=seed)[0]),
                published=lambda: {name: str(p["puzzle"]) for name, p in bb.published().items()})


def _shredded() -> Form:
    from wordlab.puzzles import shredded as sh

    def shuffled(seed: int) -> str:
        prose = sh.heldout_prose(2)
        return str(sh.shred(prose[seed % len(prose)], seed=seed, columns=12, wrap=True))

    return Form("the grid as rows of strips, |ab|cd|…| (columns shuffled)", lambda: str(sh.example()), sh.parse,
                random=shuffled, published=lambda: {"AI class (2011)": str(sh.ai_class_grid())})


def _palindrome() -> Form:
    from wordlab.puzzles import palindrome as pa

    def read(text: str):
        alphabet, split, words = text.partition("|")
        if not split:
            words = text.split()
            return pa.parse(words if len(words) > 1 else text.strip())
        return pa.index(words.split(), alphabet.strip())

    def written(words, alphabet: str) -> str:
        return f"{alphabet} | {' '.join(sorted(words))}"

    return Form("the letters to cover | the words, e.g. abcd | ab ba abc … (or words alone, or a word source, "
                "to cover a-z)", lambda: written(pa.EXAMPLE, "abcd"), read,
                random=lambda seed: written(pa.random_dictionary(seed, words=200, alphabet="abcdefgh", longest=4),
                                            "abcdefgh"))


def _tuesday() -> Form:
    from wordlab.puzzles import tuesday as tu

    def read(text: str):
        name, *numbers = text.split() or [""]
        if not name or len(numbers) > 2 or not all(n.isdigit() for n in numbers):
            raise WordlabError(f"write a condition, then how many families and a seed, e.g. boy-on-tuesday 2000 1; "
                               f"not {text.strip()!r}")
        return tu.experiment(name, *map(int, numbers))

    example = tu.example()
    return Form("a condition, how many families to draw and a seed, e.g. boy-on-tuesday 2000 1",
                lambda: f"{example.condition.name} {example.samples} {example.seed}", read,
                published=lambda: {name: f"{name} 100000 0" for name in tu.FEATURED})


@cache
def _lexicon():
    """The Building Blocks word list and its index, loaded once (about half a second)."""
    from wordlab.puzzles import building_blocks as bb

    return bb.Lexicon(bb.DEFAULT_WORDS)


FORMS = {"word-ladder": _ladder, "sudoku": _sudoku, "spelling-bee": _bee, "word-squares": _squares,
         "building-blocks": _blocks, "shredded": _shredded, "palindrome": _palindrome, "tuesday": _tuesday}


def form(puzzle: str) -> Form:
    """The form of `puzzle`, or an `UnknownName` listing the puzzles the form knows."""
    if puzzle not in FORMS:
        raise UnknownName("puzzle to explore", str(puzzle), FORMS)
    return FORMS[puzzle]()


# -- the form ------------------------------------------------------------------------------------------------


class Explorer:
    """The widgets of `explore`: `widget` shows them; `text`, `first`, `second`, `seconds`, `record` and
    `run_button` are the fields; `problem` is the line under the text field; `results` and `player` hold the
    last run."""

    def __init__(self, puzzle: str, record: int = 300, seconds: float = 5.0):
        import ipywidgets as widgets

        from wordlab.classroom.own import registered
        from wordlab.puzzles import puzzle_module

        self.puzzle, self.form, self.module = puzzle, form(puzzle), puzzle_module(puzzle)
        self.given, self.results, self.player, self.published = None, [], None, 0
        wide = widgets.Layout(width="640px")
        self.text = widgets.Textarea(value=self.form.example(), placeholder=self.form.about, layout=wide,
                                     description="instance")
        self.problem = widgets.HTML(layout=wide)
        self.problem.add_class("wordlab-problem")
        buttons = [self._button("example", self.take_example)]
        if self.form.random:
            buttons.append(self._button("random", self.take_random))
        if self.form.published:
            buttons.append(self._button("published", self.take_published))
        names = [*self.module.STRATEGIES, *registered(puzzle)]
        self.first = widgets.Dropdown(options=names, value=self.module.DEFAULT_STRATEGY, description="strategy")
        self.second = widgets.Dropdown(options=[NONE, *names], value=NONE, description="beside it")
        self.seconds = widgets.BoundedFloatText(value=seconds, min=0.01, max=3600, step=1, description="budget (s)")
        self.record = widgets.BoundedIntText(value=record, min=2, max=100_000, step=100, description="record")
        self.run_button = self._button("run", self.run)
        self.run_button.button_style = "primary"
        self.status = widgets.HTML()
        self.output = widgets.Output()
        self.text.observe(self.on_text, names="value")
        self.widget = widgets.VBox([
            widgets.HTML(f"<b>{puzzle}</b>: {self.form.about}"), self.text, self.problem, widgets.HBox(buttons),
            widgets.HBox([self.first, self.second]), widgets.HBox([self.seconds, self.record, self.run_button]),
            self.status, self.output])
        self.widget.add_class("wordlab-explore")
        self.on_text()

    @staticmethod
    def _button(label: str, action: Callable) -> Any:
        import ipywidgets as widgets

        button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
        button.on_click(lambda _button: action())
        return button

    # -- the instance ----------------------------------------------------------------------------------------
    def on_text(self, _change: dict | None = None) -> None:
        """Read the text; show what is wrong with it under the field (and disable run), never raise."""
        try:
            self.given = self.form.read(self.text.value)
            self.problem.value = ""
        except Exception as problem:  # a widget callback must not raise: the message goes under the field
            self.given = None
            message = str(problem) if isinstance(problem, WordlabError) else f"{type(problem).__name__}: {problem}"
            self.problem.value = f"<span style='color:#c33'>{_escaped(message)}</span>"
        self.run_button.disabled = self.given is None

    def take_example(self) -> None:
        self._say("the example")
        self.text.value = self.form.example()

    def take_random(self) -> None:
        seed = random.randrange(1_000_000)
        self._say(f"a random instance (seed {seed})")
        self.text.value = self.form.random(seed)

    def take_published(self) -> None:
        """The next published instance, in turn."""
        published = self.form.published()
        name = list(published)[self.published % len(published)]
        self.published += 1
        self._say(f"published: {name}")
        self.text.value = published[name]

    def _say(self, html: str) -> None:
        self.status.value = _escaped(html)

    # -- a run -----------------------------------------------------------------------------------------------
    def run(self) -> None:
        """Solve the instance with the chosen strategies, recording, and show the player below the form; a
        problem is shown in its place, as one line (a traceback only for an error of your own strategy)."""
        from IPython.display import HTML, display

        with self.output:
            self.output.clear_output(wait=True)
            try:
                self.results = self.solved()
                self.player = self._player()
                self._say("; ".join(map(_summary, self.results)))
                display(self.player.widget)
            except WordlabError as problem:
                self._say("")
                display(HTML(f"<span style='color:#c33'>{_escaped(str(problem))}</span>"))
            except Exception:  # a strategy's own error: show where it happened
                import traceback

                display(HTML(f"<pre style='color:#c33'>{_escaped(traceback.format_exc())}</pre>"))

    def solved(self) -> list:
        """One recorded run per chosen strategy, each under a fresh budget."""
        from wordlab.search import Budget, Probe

        if self.given is None:
            raise WordlabError(f"fix the instance first: {self.problem.value or 'it is empty'}")
        names = [self.first.value] + ([self.second.value] if self.second.value != NONE else [])
        return [self.module.solve(self.form.read(self.text.value), name, probe=Probe(record=int(self.record.value)),
                                  budget=Budget(seconds=float(self.seconds.value))) for name in names]

    def _player(self):
        from wordlab.viz.player import step

        return step(*self.results)

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


def _summary(result) -> str:
    """A run in a few words: solutions, best cost, nodes, seconds, and why it stopped."""
    cost = f", best cost {result.cost:g}" if isinstance(result.cost, (int, float)) else ""
    stopped = f", stopped: {result.stopped}" if result.stopped else ""
    return (f"{result.strategy}: {len(result.solutions)} solution{'s' * (len(result.solutions) != 1)}{cost}, "
            f"{result.nodes or 0:,} nodes, {result.seconds:.3g} s{stopped}")


def _escaped(text: str) -> str:
    import html

    return html.escape(text)


def explore(puzzle: str, *, record: int = 300, seconds: float = 5.0) -> Explorer:
    """A form for `puzzle` (any of `wordlab.puzzles.PUZZLES`: "word-ladder", "sudoku", "tuesday", …): the
    instance as text (its parser's complaint shown under the field), example / random / published buttons
    where the puzzle has them, one or two strategies (its own and those named with `wordlab.strategy`), a
    budget in seconds and a recording size; "run" shows the player. Costs nothing until run."""
    return Explorer(puzzle, record, seconds)
