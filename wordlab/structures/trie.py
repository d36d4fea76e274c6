"""A trie of words as nested dicts; the key `END` marks the end of a word."""

from __future__ import annotations

from typing import Iterable, Iterator

END = "$"


class Trie:
    """Prefix queries over a set of words.

    >>> t = Trie(["bee", "been", "bet"])
    >>> t.has_prefix("be"), "bee" in t, sorted(t.words_with_prefix("bee"))
    (True, True, ['bee', 'been'])
    """

    def __init__(self, words: Iterable[str] = ()):
        self.root: dict = {}
        self.size = 0
        for word in words:
            self.add(word)

    def add(self, word: str) -> None:
        node = self.root
        for c in word:
            node = node.setdefault(c, {})
        if END not in node:
            node[END] = word
            self.size += 1

    def __len__(self) -> int:
        return self.size

    def node(self, prefix: str) -> dict | None:
        """The subtrie under `prefix`, or None if no word starts with it."""
        node = self.root
        for c in prefix:
            node = node.get(c)
            if node is None:
                return None
        return node

    def __contains__(self, word: str) -> bool:
        node = self.node(word)
        return node is not None and END in node

    def has_prefix(self, prefix: str) -> bool:
        """Does any word start with `prefix`?"""
        return bool(self.node(prefix))

    def words_with_prefix(self, prefix: str = "") -> Iterator[str]:
        """Every word that starts with `prefix`, in alphabetical order."""
        node = self.node(prefix)
        if node is not None:
            yield from self._walk(node)

    def _walk(self, node: dict) -> Iterator[str]:
        stack = [node]
        while stack:
            node = stack.pop()
            if END in node:
                yield node[END]
            stack.extend(node[c] for c in sorted((k for k in node if k != END), reverse=True))

    def next_letters(self, prefix: str) -> str:
        """The letters that can follow `prefix` in some word."""
        node = self.node(prefix)
        return "".join(sorted(k for k in node if k != END)) if node else ""
