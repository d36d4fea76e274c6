"""The palindromic pangram as a puzzle: the dictionary and the letters to cover (`Palindromes`, `index`), the
letter-level state both walks spell (`Half`) and the phrase it reads (`phrase_of`), the independent check
(`verify`), the moves a recorded run may make (`is_move`) and how a recorded state is drawn (`render`)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import NamedTuple

from wordlab.errors import WordlabError
from wordlab.search import Budget, Probe
from wordlab.search.probe import paced
from wordlab.structures import Trie
from wordlab.structures.letters import ALPHABET, letters, letterset
from wordlab.structures.trie import END
from wordlab.words import WordList, as_wordlist

from . import kernel as proof

Phrase = tuple[str, ...]
LONGEST_WORD = 100      # letters; index building grows with the square of a word's length


# -- the puzzle: a dictionary and the letters to cover -------------------------------------------------


@dataclass
class Palindromes:
    """A dictionary ready for the search: the words, the letters to cover (`required`, a letter set) and,
    per letter, how rare it is: `rarity` (a rank, for move ordering) and `scarcity` (-log of the share of
    words holding it, in thousandths, for ranking). The trie pair and the proof tables are built on
    first use, under the budget of the search that needs them (`trie_pair`, `tables_for`)."""

    words: WordList
    required: int
    rarity: dict[str, int]
    scarcity: tuple[int, ...]
    tries: tuple | None = field(default=None, repr=False)
    building: list | None = field(default=None, repr=False)  # a trie pair half built when a budget ran out
    tables: dict = field(default_factory=dict, repr=False)  # the inside-out search's, per allowance of repeats

    @property
    def alphabet(self) -> str:
        return letters(self.required)

    @property
    def lower_bound(self) -> int:
        """No palindromic pangram is shorter: each required letter twice, but one at the centre."""
        return max(0, 2 * self.required.bit_count() - 1)

    def trie_pair(self, budget: Budget | None = None) -> tuple[Trie, Trie, dict]:
        """The forward trie, the trie of reversed words, and per trie node (by id) the palindromic tails
        (length, letter set, text) that finish a word from it; built once, looking at the budget's clock.
        A build the budget stops is kept and goes on at the next call (and is not thrown away at once,
        which for WORD.LST's million trie nodes would itself take a noticeable time)."""
        if self.tries is None:
            if self.building is None:
                self.building = [Trie(), Trie(), {}, 0]  # the tries so far and how many steps are done
            forward, backward, centres, done = self.building
            words = self.words.words
            for step in paced(range(done, 3 * len(words)), budget):
                word = words[step % len(words)]
                if step < len(words):
                    forward.add(word)
                    backward.add(word[::-1])
                else:
                    reverse = step >= 2 * len(words)
                    _add_centres(backward if reverse else forward, word[::-1] if reverse else word, centres)
                self.building[3] = step + 1
            self.tries, self.building = (forward, backward, centres), None
        return self.tries

    def tables_for(self, limit: int, budget: Budget | None = None) -> proof.Tables:
        """The inside-out search's tables for phrases of at most `limit` letters: built once per allowance
        of repeated letters (they hold for every shorter limit too), under the budget's clock, and kept
        on disk so that the next process reads them instead (`kernel.cached_tables`)."""
        most = proof.allowed_waste(limit, self.required.bit_count())
        if most not in self.tables:
            self.tables[most] = proof.cached_tables(self.words.words, self.alphabet, most, budget)
        return self.tables[most]


def index(words, alphabet: str = ALPHABET) -> Palindromes:
    """Validate `words` (a WordList, a spec such as "ita", or any iterable) for pangrams over `alphabet`.

    Raises WordlabError for an empty dictionary, a word that is not lowercase a–z or is longer than
    LONGEST_WORD letters, letters of `alphabet` that no word contains, or a dictionary in which no
    palindrome can start and end.
    """
    wordlist = words if isinstance(words, WordList) else as_wordlist(_checked_words(words))
    _check_dictionary(wordlist.words, alphabet)
    counts = Counter("".join(wordlist.words))
    rarity = {c: rank for rank, c in enumerate(sorted(ALPHABET, key=lambda c: (counts[c], c)))}
    return Palindromes(wordlist, letterset(alphabet), rarity, _scarcity(wordlist.words))


def parse(given) -> Palindromes:
    """The puzzle for `given`: a `Palindromes` as it is, or words (a WordList, a spec, an iterable) to
    cover the whole alphabet with."""
    return given if isinstance(given, Palindromes) else index(given)


def _scarcity(words) -> tuple[int, ...]:
    """Per letter a..z, -1000·log(share of words that hold it): 0 for a letter in every word, about
    5,000 for q in WORD.LST (it is in 1 word in 150); letters no word holds get the largest value."""
    holders = [0] * 26
    for word in words:
        for c in set(word):
            holders[ord(c) - 97] += 1
    rarest = -math.log(0.5 / len(words))
    return tuple(round(1000 * (-math.log(n / len(words)) if n else rarest)) for n in holders)


def _checked_words(words) -> list[str] | str:
    if isinstance(words, str):
        return words  # a spec: as_wordlist loads it
    try:
        words = list(words)
    except TypeError:
        raise WordlabError(f"palindrome words must be a word list, a spec or an iterable of words, "
                           f"not {type(words).__name__}") from None
    for word in words:
        if not isinstance(word, str) or not word.isascii() or not word.isalpha() or not word.islower():
            raise WordlabError(f"palindrome words must be lowercase letters a-z; {str(word)[:40]!r} is not")
    return words


def _check_dictionary(words: tuple[str, ...], alphabet: str) -> None:
    if not isinstance(alphabet, str) or not alphabet or not set(alphabet) <= set(ALPHABET):
        raise WordlabError(f"the alphabet to cover must be letters a-z, not {alphabet!r}")
    if not words:
        raise WordlabError("the dictionary is empty: no palindromic pangram can be made")
    longest = max(words, key=len)
    if len(longest) > LONGEST_WORD:
        raise WordlabError(f"palindrome words may have at most {LONGEST_WORD} letters; {longest[:20]!r}… has "
                           f"{len(longest):,} (indexing grows with the square of a word's length)")
    missing = letterset(alphabet) & ~letterset("".join(set("".join(words))))
    if missing:
        raise WordlabError(f"no word contains the letter(s) {letters(missing)!r}, so no pangram is possible")
    firsts, lasts = {w[0] for w in words}, {w[-1] for w in words}
    if not firsts & lasts:
        raise WordlabError("no palindromic completion is possible: no letter both starts and ends a word")


def _add_centres(trie: Trie, word: str, centres: dict) -> None:
    """For every split point of `word` whose tail is a palindrome, remember that tail at the trie node."""
    node = trie.root
    for i in range(len(word) + 1):
        tail = word[i:]
        if tail == tail[::-1]:
            entry = (len(tail), letterset(tail), tail)
            known = centres.get(id(node), ())
            if entry not in known:
                centres[id(node)] = known + (entry,)
        if i < len(word):
            node = node[word[i]]


# -- phrases and their independent check --------------------------------------------------------------


def length(phrase: Phrase) -> int:
    """Letters in a phrase, spaces not counted."""
    return sum(map(len, phrase))


class Half(NamedTuple):
    """A state of the letter-level search: the first half `q` spelled so far, the start positions of
    the left words (forward) and of the right words (reversed) in `q`, the letters covered, and,
    once finished, `centre` = which walk finished ("<" left, ">" right) followed by the palindromic tail."""

    q: str
    left: tuple[int, ...]
    right: tuple[int, ...]
    covered: int
    centre: str = ""


def phrase_of(state: Half) -> Phrase:
    """The word sequence a finished state spells, left to right."""
    q, side, tail = state.q, state.centre[:1], state.centre[1:]
    left = _split(q, state.left)
    right = _split(q, state.right)
    if side == "<":   # the left walk finished its last word with the tail; the right walk stopped
        left[-1] += tail
    else:             # the right walk finished its last (reversed) word; the left walk stopped
        right[-1] += tail
    return tuple(w for w in left if w) + tuple(w[::-1] for w in reversed(right) if w)


def _split(q: str, starts: tuple[int, ...]) -> list[str]:
    ends = starts[1:] + (len(q),)
    return [q[a:b] for a, b in zip(starts, ends)]



# -- checking and drawing ------------------------------------------------------------------------------


def verify(puzzle: Palindromes, phrase) -> bool:
    """Is `phrase` (text or a sequence of words) a palindromic pangram of the puzzle's words: two or more
    words, reading the same backwards, every required letter in it? Checked from scratch, without the
    search's tries."""
    parts = phrase.split() if isinstance(phrase, str) else list(phrase)
    text = "".join(parts)
    return (len(parts) >= 2 and all(p in puzzle.words for p in parts) and text == text[::-1]
            and puzzle.required & ~letterset(text) == 0)


class Walks(NamedTuple):
    """What a recorded run keeps of a letter-level state: the state and the letters to cover."""

    state: Half
    alphabet: str


class Proof(NamedTuple):
    """What a recorded run keeps of the compiled inside-out search, which counts its nodes but keeps no
    states: the search for phrases of at most `limit` letters, and a phrase it found ("" for the search)."""

    limit: int
    phrase: str = ""


def is_move(puzzle: Palindromes, before, after) -> bool:
    """Is `after` one move on from `before`? Between letter-level states (`Walks`): both walks take the same
    next letter of the half, each going on with its word or, where its word so far is a word of the
    dictionary, starting a new one, and each word being spelled is still the start of a dictionary word
    (read backwards, for the right walk); or, the half unchanged, a palindromic centre finishes a palindromic
    pangram of dictionary words. Within the compiled search (`Proof`): a phrase found within its limit."""
    if isinstance(before, Proof) and isinstance(after, Proof):
        return (not before.phrase and after.limit == before.limit and verify(puzzle, after.phrase)
                and length(after.phrase.split()) <= after.limit)
    if not (isinstance(before, Walks) and isinstance(after, Walks)) or before.state.centre:
        return False
    if after.state.centre:
        return _finishes_phrase(puzzle, before.state, after.state)
    return _takes_letter(puzzle, before.state, after.state)


def _takes_letter(puzzle: Palindromes, a: Half, b: Half) -> bool:
    k = len(a.q)
    if len(b.q) != k + 1 or b.q[:k] != a.q or b.covered != a.covered | letterset(b.q[k]):
        return False
    forward, backward, _ = puzzle.trie_pair()
    return (_walks_on(puzzle, forward, a.q, b.q, a.left, b.left, False)
            and _walks_on(puzzle, backward, a.q, b.q, a.right, b.right, True))


def _walks_on(puzzle: Palindromes, trie: Trie, old: str, q: str, old_starts: tuple, starts: tuple,
              backwards: bool) -> bool:
    """Does one walk go on from `old` to `q` (one letter more): its word going on, or ending as a word of the
    dictionary and a new one starting; the word being spelled the start of a word (`trie`: of that walk)?"""
    if starts == old_starts + (len(old),):
        ended = old[old_starts[-1]:]
        if not old or (ended[::-1] if backwards else ended) not in puzzle.words:
            return False
    elif starts != old_starts:
        return False
    return trie.has_prefix(q[starts[-1]:])


def _finishes_phrase(puzzle: Palindromes, a: Half, b: Half) -> bool:
    """Is `b` the half `a` finished: the finishing walk's word ended by a palindromic tail (at the centre, or
    as a new word there), the other walk unchanged, the whole a palindromic pangram of dictionary words?"""
    side, tail = b.centre[:1], b.centre[1:]
    k = len(a.q)
    grown, old, kept, old_kept = (b.left, a.left, b.right, a.right) if side == "<" else \
        (b.right, a.right, b.left, a.left)
    return (side in ("<", ">") and b.q == a.q and b.covered == a.covered and kept == old_kept
            and (grown == old or k > 0 and grown == old + (k,)) and tail == tail[::-1]
            and verify(puzzle, phrase_of(b)))


def render(state) -> str:
    """A recorded state: the half spelled by both walks (left words forwards, right words read
    backwards, `|` at word starts), the letters covered and those still missing; the compiled search
    (`Proof`) by its limit and the phrase it found; a solution as itself."""
    if isinstance(state, str):
        return f"{state}\n{length(state.split())} letters"
    if isinstance(state, Proof):
        found = f"found {state.phrase!r} ({length(state.phrase.split())} letters)" if state.phrase else "searching"
        return f"inside-out search for phrases of at most {state.limit} letters\n{found}"
    if not isinstance(state, Walks):
        return "(not a state of this puzzle)"
    half, alphabet = state.state, state.alphabet
    tail = half.centre[1:]
    covered = letterset(half.q + tail)  # a finished phrase's centre counts too
    lines = [f"left  → {_marked(half.q, half.left)}", f"right ← {_marked(half.q, half.right)}"]
    if half.centre:
        lines.append(f"centre {tail or '(between words)'}  →  {' '.join(phrase_of(half))}")
    missing = letters(letterset(alphabet) & ~covered)
    size = (f"{2 * len(half.q) + len(tail)} letters, finished" if half.centre
            else f"{2 * len(half.q)} letters so far")
    lines.append(f"covered {letters(covered & letterset(alphabet)) or '-'}  missing {missing or '-'}  ({size})")
    return "\n".join(lines)


def _marked(q: str, starts: tuple[int, ...]) -> str:
    return "".join(("|" if i in starts else "") + c for i, c in enumerate(q)) or "|"


EXAMPLE = ("ab", "ba", "abc", "cba", "ca", "ac", "bab", "cab", "bac", "ad", "da", "dab", "bad", "cad")


def example() -> Palindromes:
    """Fourteen short words over a-d: every strategy proves the shortest phrase (9 letters) within a few hundred
    nodes."""
    return index(WordList(EXAMPLE, "fourteen words over a-d"), "abcd")


def random_dictionary(seed: int = 0, words: int = 3000, alphabet: str = ALPHABET, longest: int = 7) -> WordList:
    """Random words (1 to `longest` letters of `alphabet`, letters drawn by English-like frequency) for
    experiments and stress runs: a reproducible dictionary with some palindromic pangram."""
    rng = random.Random(seed)
    weights = [8, 2, 3, 4, 12, 2, 2, 6, 7, 1, 1, 4, 2, 7, 8, 2, 1, 6, 6, 9, 3, 1, 2, 1, 2, 1]
    letters_, weight = zip(*[(c, weights[ord(c) - 97]) for c in alphabet])
    drawn = {"".join(rng.choices(letters_, weight, k=rng.randint(1, longest))) for _ in range(words)}
    drawn |= set(alphabet)  # every letter is a word, so a pangram always exists
    return WordList(drawn, f"random:{seed}:{words}")


def record_trie(trie: Trie, probe: Probe) -> Probe:
    """Record a (small) trie's nodes in `probe`'s tree, labelled by letter (● marks a word end), so
    `wordlab.viz.draw_tree` can picture it."""
    def walk(node: dict, depth: int, parent: int | None, label: str) -> None:
        me = probe.node(depth, label + ("●" if END in node else ""), parent)
        for c in sorted(k for k in node if k != END):
            walk(node[c], depth + 1, me, c)

    walk(trie.root, 0, None, "root")
    return probe
