"""The fewest words in a palindromic pangram (letters unbounded): a lower bound from the letters words can hold.

In a phrase w1 … wn that reads the same backwards, the first word comes back reversed at the end. If it is no
longer than the last word, it lies inside it, so its letters are the last word's too; otherwise the last word
lies reversed inside the first. With two words, the phrase's letters are therefore the longer word's; with
three, those of the middle word and the longer outer word. So two words need one word holding every letter,
and three words need two words that together hold every letter.
"""

from __future__ import annotations

from wordlab.structures.letters import ALPHABET, letterset


def holders_needed(words, alphabet: str = ALPHABET) -> int:
    """The fewest words whose letters together hold all of `alphabet`, up to 3 (3 means: no two do)."""
    full = letterset(alphabet)
    masks = {letterset(w) & full for w in words}
    if full in masks:
        return 1
    widest = max((m.bit_count() for m in masks), default=0)
    wide = [m for m in masks if m.bit_count() >= full.bit_count() - widest]
    for i, a in enumerate(wide):
        need = full & ~a
        if any(b & need == need for b in wide[i:]):
            return 2
    return 3


def fewest_words_at_least(words, alphabet: str = ALPHABET) -> tuple[int, str]:
    """A lower bound on the words of a palindromic pangram of `words`, and why: 2 (a phrase has two or more);
    3 if no word holds every letter; 4 if no two words hold every letter together."""
    held = holders_needed(words, alphabet)
    if held == 1:
        return 2, "a phrase has two or more words"
    if held == 2:
        return 3, "no word holds every letter, and two words hold only the longer one's letters"
    return 4, ("no two words hold every letter together, and a phrase of two or three words holds only the "
               "letters of two of its words (the shorter outer word comes back reversed inside the other)")
