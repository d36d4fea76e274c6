"""The classroom: bring your own strategy, check it, and solve exercises that check themselves.

- `strategy`: a decorator naming your strategy for tables and registering it (`wordlab.strategy`).
- `check(strategy, puzzle)`: run it on the puzzle's fixed instances and mark each answer (`wordlab.check`).
- `exercise(id)`, `exercises(puzzle)`, `EXERCISES`: the exercises of the puzzle notebooks.

See docs/classroom.md for the protocol a strategy follows.
"""

from wordlab.classroom.check import Check, NodeLimit, check
from wordlab.classroom.exercises import EXERCISES, Exercise, exercise, exercises
from wordlab.classroom.own import registered, strategy

__all__ = ["Check", "EXERCISES", "Exercise", "NodeLimit", "check", "exercise", "exercises", "registered",
           "strategy"]
