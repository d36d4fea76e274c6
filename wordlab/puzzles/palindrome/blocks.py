"""A palindromic pangram of few words, built from mirror blocks: an upper bound on the fewest words.

A phrase that reads the same backwards can be cut where both halves have a word break at mirrored places. What
lies between two such cuts on the left, read backwards, is spelled by the words between the mirrored cuts on the
right: a *mirror block*, such as *bonk* … *knob*, or *coryzal* … *roc lazy*. In the middle sits a *centre* whose
letters read the same backwards: a palindromic word, or a word whose end reads the same backwards, its other
part mirrored by the words beside it (*piu quip*: *piu* mirrors *uip*, and *q* is the centre). Blocks go on in
any order around the centre, so a phrase is a centre and a set of blocks, and the fewest words it can have is a
weighted set cover: pick a centre and blocks whose letters cover the alphabet, with the fewest words in all.

`cover_by_blocks` solves that cover exactly, one word count at a time, over the pieces `pieces_for` gives it:
by default blocks with one word on the left (its mirror spelled with the fewest words) and centres of one word and
its mirror. With `reach` 2 or more it adds `grown_pieces`: blocks with several words on both sides (*piu qat* …
*ta quip*) and centres of several words (*flex elf*), laid word by word with an overhang, up to `reach` words a
piece. `fewer_and_fewer` runs the same cover from the top down, each phrase one word shorter than the last, so
that a long search still leaves its best phrase so far. The cover is exact only over the pieces it is given:
phrases made of other pieces are out of its reach, so its answer bounds the fewest words from above and proves
nothing about fewer.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

import numpy as np

from wordlab.errors import WordlabError
from wordlab.structures.letters import ALPHABET, letterset


@dataclass(frozen=True)
class Piece:
    """A block or a centre: its words in phrase order on the left (and, for a block, on the right), its letters
    and its number of words."""

    left: tuple[str, ...]
    right: tuple[str, ...]
    letters: int

    @property
    def words(self) -> int:
        return len(self.left) + len(self.right)


def fewest_spelling(text: str, known: set, longest: int) -> tuple[str, ...] | None:
    """`text` spelled with the fewest words of `known` (None if it cannot be): a shortest path over its
    positions, one step per word. Cost: len(text) × longest look-ups."""
    best: list[tuple[str, ...] | None] = [()] + [None] * len(text)
    for i in range(len(text)):
        if best[i] is None:
            continue
        for j in range(i + 1, min(len(text), i + longest) + 1):
            if text[i:j] in known and (best[j] is None or len(best[j]) > len(best[i]) + 1):
                best[j] = best[i] + (text[i:j],)
    return best[len(text)]


def _speller(words):
    """The words as a set, and `fewest_spelling` over them."""
    known, longest = set(words), max(map(len, words), default=0)
    return known, lambda text: fewest_spelling(text, known, longest)


def mirror_blocks(words, full: int) -> list[Piece]:
    """Per word w, the block of w on the left and its reversal spelled with the fewest words on the right."""
    known, spell = _speller(words)
    blocks = []
    for word in sorted(known):
        mirror = spell(word[::-1])
        if mirror:
            blocks.append(Piece((word,), mirror, letterset(word) & full))
    return blocks


def centres(words, full: int) -> list[Piece]:
    """Per word m and each palindrome it starts or ends with, the centre of m and the fewest words that spell the
    rest of m reversed beside it (before m when the palindrome starts it, after m when it ends it)."""
    known, spell = _speller(words)
    out = [Piece((), (), 0)]                                    # no centre: the phrase breaks in the middle
    for word in sorted(known):
        for k in range(1, len(word) + 1):
            head, tail = word[:k], word[len(word) - k:]
            if head == head[::-1]:
                mirror = spell(word[k:][::-1])
                if mirror is not None:
                    out.append(Piece(mirror + (word,), (), letterset(word) & full))
            if tail == tail[::-1] and k < len(word):
                mirror = spell(word[:len(word) - k][::-1])
                if mirror is not None:
                    out.append(Piece((word,) + mirror, (), letterset(word) & full))
    return out


def grown_pieces(words, full: int, reach: int, budget=None) -> tuple[list[Piece], list[Piece]]:
    """The blocks and centres of at most `reach` words, found by laying words on both sides from the outer ends
    inwards (every such block; the centres but those whose last word lies inside the overhang its word before left).

    The left words read forwards and the right words read backwards spell the same text. The side ahead holds an
    *overhang*, the letters the other side has not matched yet; the side behind lays the next word, which must be a
    prefix of the overhang or start with it and overhang in turn. When the overhang empties, both sides break
    together: the words so far are a block (*piu qat* … *ta quip*). When it reads the same backwards, it can be the
    middle of the phrase: the words so far are a centre (*flex elf*). The last word must close the block or cross
    the middle, and the one before it, when it overhangs, must leave a word or a palindrome for the last: two
    tables of those words by what they start with (`_Lays`) keep the last two steps to look-ups. Words laid before
    those run through every word that starts with the overhang, so the cost grows steeply with `reach`: on
    WORD.LST about 0.6 million nodes for 3 and 11 million for 4 (about a minute). Each node is charged to `budget`."""
    lays = _Lays(words)
    blocks: dict[int, Piece] = {}
    middles: dict[int, Piece] = {}

    def keep(found: dict, left: tuple, right: tuple, letters: int) -> None:
        piece = Piece(left, right[::-1], letters)              # the right words in phrase order
        if letters not in found or found[letters].words > piece.words:
            found[letters] = piece

    def lay(left: tuple, right: tuple, overhang: str, left_ahead: bool, letters: int) -> None:
        if budget:
            budget.tick()
        if not overhang:
            return keep(blocks, left, right, letters)
        if overhang == overhang[::-1]:
            keep(middles, left + right[::-1], (), letters)
        laid = len(left) + len(right)
        for text in lays.agreeing(overhang, left_ahead, reach - laid):
            word = text[::-1] if left_ahead else text
            more = letters | (letterset(word) & full)
            left2, right2 = (left, right + (word,)) if left_ahead else (left + (word,), right)
            if len(text) <= len(overhang):
                lay(left2, right2, overhang[len(text):], left_ahead, more)
            else:
                lay(left2, right2, text[len(overhang):], not left_ahead, more)

    if reach >= 1:
        for word in lays.forwards:
            lay((word,), (), word, True, letterset(word) & full)
    return list(blocks.values()), list(middles.values())


class _Lays:
    """What each side can lay: the left side lays words as they are, the right side lays them reversed (its words
    are read backwards). Per side, the texts as a set and sorted (those that start with an overhang are a range),
    and two tables by the part that agrees with an overhang: texts whose rest is a word of the other side
    (`closing`), and texts whose rest reads the same backwards (`crossing`)."""

    def __init__(self, words):
        self.forwards = sorted(set(words))
        backwards = sorted(w[::-1] for w in self.forwards)
        self.texts = {False: self.forwards, True: backwards}          # keyed by: does the right side lay it?
        self.known = {False: set(self.forwards), True: set(backwards)}
        self.closing = {side: self._by_start(side, lambda rest, side=side: rest in self.known[not side])
                        for side in (False, True)}
        self.crossing = {side: self._by_start(side, lambda rest: rest == rest[::-1]) for side in (False, True)}

    def _by_start(self, side: bool, keeps) -> dict[str, list[str]]:
        table: dict[str, list[str]] = {}
        for text in self.texts[side]:
            for k in range(1, len(text)):
                if keeps(text[k:]):
                    table.setdefault(text[:k], []).append(text)
        return table

    def agreeing(self, overhang: str, left_ahead: bool, left: int) -> list[str]:
        """The texts the side behind (the right side when the left is ahead) can lay against `overhang` with
        `left` words still to lay: its prefixes, and longer texts (any, or only those that can still finish)."""
        side = left_ahead
        if left <= 0:
            return []
        texts = [overhang[:k] for k in range(1, len(overhang) + 1) if overhang[:k] in self.known[side]]
        if left == 1:
            return texts + self.crossing[side].get(overhang, [])
        if left == 2:
            return texts + self.closing[side].get(overhang, []) + self.crossing[side].get(overhang, [])
        start = bisect.bisect_right(self.texts[side], overhang)
        end = bisect.bisect_left(self.texts[side], overhang + "{")      # "{" follows "z"
        return texts + self.texts[side][start:end]


def _cheapest_per_letters(pieces: list[Piece]) -> list[Piece]:
    """The fewest-word piece for each letter set, and only those no piece of as few words covers: in order of
    words, a piece is kept unless one kept before it (as few words or fewer) holds all its letters."""
    cheapest: dict[int, Piece] = {}
    for piece in pieces:
        if piece.letters not in cheapest or cheapest[piece.letters].words > piece.words:
            cheapest[piece.letters] = piece
    ordered = sorted(cheapest.values(), key=lambda p: (p.words, -p.letters.bit_count()))
    held = np.zeros(len(ordered), np.int64)                # the letter sets kept so far, for one test over them all
    kept: list[Piece] = []
    for piece in ordered:
        if not np.any(held[:len(kept)] & piece.letters == piece.letters):
            held[len(kept)] = piece.letters
            kept.append(piece)
    return kept


def cover_by_blocks(words, alphabet: str = ALPHABET, most: int = 30, budget=None,
                    reach: int = 1) -> tuple[Piece, list[Piece]] | None:
    """The centre and blocks of the phrase of fewest words (at most `most`, two or more) that holds every letter of
    `alphabet`, or None, over the pieces `pieces_for` gives (`reach` 1: the fast one-word blocks and centres). One
    depth-first cover per word count, from 2 up (`Cover.within`), so the first found has the fewest."""
    cover = Cover(*pieces_for(words, letterset(alphabet), reach, budget), budget)
    for count in range(2, most + 1):
        found = cover.within(count)
        if found:
            return found
    return None


def fewer_and_fewer(words, alphabet: str = ALPHABET, most: int = 30, budget=None, reach: int = 1):
    """The same covers from the top down: yields a centre and blocks within `most` words, then each time one within
    one word fewer than the last, until there is none (then the last is the fewest over its pieces). Anytime: a
    budget that runs out leaves every cover yielded so far good. On WORD.LST with `reach` 4 and `most` 16 (one
    core): 16 words after 342 s, 15 after 611 s, and none of 14 by 660 s, so 15 is the fewest over those pieces."""
    cover = Cover(*pieces_for(words, letterset(alphabet), reach, budget), budget)
    found = cover.within(most)
    while found:
        yield found
        found = cover.within(sum(p.words for p in found[1]) + found[0].words - 1)


def pieces_for(words, full: int, reach: int = 1, budget=None) -> tuple[list[Piece], list[Piece], int]:
    """The blocks and centres the covers choose from (`mirror_blocks`, `centres`, and with `reach` 2 or more also
    `grown_pieces`), the cheapest per letter set, and the letters to cover. Only phrases made of these pieces are
    within reach, so a cover bounds the fewest words from above and proves nothing about fewer."""
    if isinstance(reach, bool) or not isinstance(reach, int) or reach < 1:
        raise WordlabError(f"reach must be a positive whole number of words, not {reach!r}")
    blocks, middles = mirror_blocks(words, full), centres(words, full)
    if reach > 1:
        more_blocks, more_middles = grown_pieces(words, full, reach, budget)
        blocks, middles = blocks + more_blocks, middles + more_middles
    return _cheapest_per_letters(blocks), _cheapest_per_letters(middles), full


class Cover:
    """A weighted set cover of the letters by one centre and any blocks, searched depth first.

    The uncovered letter fewest blocks hold is covered next, by each block that holds it. A letter set is given
    up when it needs more words than its letters' *prices* add up to (a letter's price: the fewest words per
    letter of a block that holds it; a valid bound, since each block's words can be shared among its letters), and
    a letter set already shown not coverable within some words is remembered across calls. Each block tried is a
    node charged to `budget`; the cost grows quickly with the word count asked for."""

    def __init__(self, blocks: list[Piece], middles: list[Piece], full: int, budget=None):
        self.middles, self.full, self.budget = middles, full, budget
        self.holding = {b: [p for p in blocks if p.letters >> b & 1] for b in range(full.bit_length()) if full >> b & 1}
        price = [min((p.words / p.letters.bit_count() for p in self.holding.get(b, ())), default=0.0)
                 for b in range(26)]
        self.prices = [_price_table(price[:13]), _price_table(price[13:])]  # per half of the alphabet: two look-ups
        self.failed: dict[int, int] = {}             # letters → the most words they were shown not coverable within

    def within(self, count: int) -> tuple[Piece, list[Piece]] | None:
        """A centre and blocks of at most `count` words in all (two or more) holding every letter, or None."""
        for middle in self.middles:
            if middle.words <= count:
                chosen = self._blocks_for(self.full & ~middle.letters, count - middle.words)
                if chosen is not None and middle.words + sum(p.words for p in chosen) >= 2:
                    return middle, chosen
        return None

    def _blocks_for(self, missing: int, left: int) -> list[Piece] | None:
        if not missing:
            return []
        if self.failed.get(missing, -1) >= left or self._least_words(missing) > left + 1e-9:
            return None
        letter = min((b for b in self.holding if missing >> b & 1), key=lambda b: len(self.holding[b]))
        for piece in self.holding[letter]:
            if piece.words > left:
                continue
            if self.budget:
                self.budget.tick()
            rest = self._blocks_for(missing & ~piece.letters, left - piece.words)
            if rest is not None:
                return [piece] + rest
        self.failed[missing] = left
        return None

    def _least_words(self, missing: int) -> float:
        return self.prices[0][missing & 0x1FFF] + self.prices[1][missing >> 13]


def _price_table(price: list[float]) -> list[float]:
    """Per letter set of these 13 letters, the sum of their prices."""
    table = [0.0]
    for p in price:
        table += [t + p for t in table]
    return table


def phrase_of(middle: Piece, chosen: list[Piece]) -> tuple[str, ...]:
    """The phrase of a centre and blocks: each block's left words in turn, the centre, the right words in reverse."""
    return (tuple(w for p in chosen for w in p.left) + middle.left
            + tuple(w for p in reversed(chosen) for w in p.right))


def phrase_of_blocks(words, alphabet: str = ALPHABET, most: int = 30, budget=None,
                     reach: int = 1) -> tuple[str, ...] | None:
    """The phrase of `cover_by_blocks`, or None."""
    found = cover_by_blocks(words, alphabet, most, budget, reach)
    return phrase_of(*found) if found else None
