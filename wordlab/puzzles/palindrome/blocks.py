"""A palindromic pangram of few words, built from mirror blocks: an upper bound on the fewest words.

A phrase that reads the same backwards can be cut where both halves have a word break at mirrored places. What
lies between two such cuts on the left, read backwards, is spelled by the words between the mirrored cuts on the
right: a *mirror block*, such as *bonk* … *knob*, or *coryzal* … *roc lazy*. In the middle sits a *centre* whose
letters read the same backwards: a palindromic word, or a word whose end reads the same backwards, its other
part mirrored by the words beside it (*piu quip*: *piu* mirrors *uip*, and *q* is the centre). Blocks go on in
any order around the centre, so a phrase is a centre and a set of blocks, and the fewest words it can have is a
weighted set cover: pick a centre and blocks whose letters cover the alphabet, with the fewest words in all.

`cover_by_blocks` solves that cover exactly for blocks with one word on the left (its mirror spelled with the
fewest words) and centres of one word and its mirror. Phrases whose breaks never meet in the middle of a block
are out of its reach, so its answer bounds the fewest words from above and proves nothing about fewer.
"""

from __future__ import annotations

from dataclasses import dataclass

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


def _cheapest_per_letters(pieces: list[Piece]) -> list[Piece]:
    """The fewest-word piece for each letter set, and only those no piece of as few words covers."""
    cheapest: dict[int, Piece] = {}
    for piece in pieces:
        if piece.letters not in cheapest or cheapest[piece.letters].words > piece.words:
            cheapest[piece.letters] = piece
    ordered = sorted(cheapest.values(), key=lambda p: (p.words, -p.letters.bit_count()))
    kept: list[Piece] = []
    for piece in ordered:
        if not any(other.letters & piece.letters == piece.letters and other.words <= piece.words for other in kept):
            kept.append(piece)
    return kept


def cover_by_blocks(words, alphabet: str = ALPHABET, most: int = 30, budget=None) -> tuple[Piece, list[Piece]] | None:
    """The centre and blocks (`centres`, `mirror_blocks`) of the phrase of fewest words (at most `most`, two or
    more) that holds every letter of `alphabet`, or None. Depth-first cover, one word count at a time: the
    uncovered letter fewest blocks hold is covered next, by each block that holds it; a letter set already shown
    not coverable within some words is remembered. Each block tried is a node charged to `budget`."""
    full = letterset(alphabet)
    blocks, middles = _cheapest_per_letters(mirror_blocks(words, full)), _cheapest_per_letters(centres(words, full))
    holding = {b: [p for p in blocks if p.letters >> b & 1] for b in range(full.bit_length()) if full >> b & 1}
    densest = max((p.letters.bit_count() / p.words for p in blocks), default=0)
    failed: dict[int, int] = {}                      # letters → the most words they were shown not coverable within

    def cover(missing: int, left: int) -> list[Piece] | None:
        if not missing:
            return []
        if failed.get(missing, -1) >= left or missing.bit_count() > densest * left:
            return None
        letter = min((b for b in holding if missing >> b & 1), key=lambda b: len(holding[b]))
        for piece in holding[letter]:
            if piece.words > left:
                continue
            if budget:
                budget.tick()
            rest = cover(missing & ~piece.letters, left - piece.words)
            if rest is not None:
                return [piece] + rest
        failed[missing] = left
        return None

    for count in range(2, most + 1):
        for middle in middles:
            if middle.words <= count:
                chosen = cover(full & ~middle.letters, count - middle.words)
                if chosen is not None and middle.words + sum(p.words for p in chosen) >= 2:
                    return middle, chosen
    return None


def phrase_of(middle: Piece, chosen: list[Piece]) -> tuple[str, ...]:
    """The phrase of a centre and blocks: each block's left words in turn, the centre, the right words in reverse."""
    return (tuple(w for p in chosen for w in p.left) + middle.left
            + tuple(w for p in reversed(chosen) for w in p.right))


def phrase_of_blocks(words, alphabet: str = ALPHABET, most: int = 30, budget=None) -> tuple[str, ...] | None:
    """The phrase of `cover_by_blocks`, or None."""
    found = cover_by_blocks(words, alphabet, most, budget)
    return phrase_of(*found) if found else None
