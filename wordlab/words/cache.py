"""The on-disk cache of normalised word lists: a list is read and normalised once per machine.

An entry is one file per list, `<cache_dir>/words/<label>.marshal`, holding a header (magic, the lengths
of the key and the payload, the payload's CRC-32), the key, and the sorted words as one marshalled tuple
(the fastest of the formats measured: about as fast as splitting one newline-joined blob on ENABLE, twice
as fast on Moby's 351k words). The key says what the list was built from: a source file's path, size,
modification and change times (ns) and inode, a package data file's the same, and the cache format and
Python version. An entry is used only when its key equals the key of the source as it is now, so a
changed or replaced file is never served stale; an entry that is missing, stale, truncated or corrupt
is rebuilt and replaced. Entries are written to a temporary file and renamed into place, so parallel
processes never read half an entry.
"""

from __future__ import annotations

import marshal
import os
import sys
import time
import zlib
from collections.abc import Callable, Iterable
from pathlib import Path

CACHE_ENV = "WORDLAB_CACHE"
FORMAT = 2
MAGIC = b"wordlab words\n"
_SIZES = (4, 8, 4)  # the key's length, the payload's length, the payload's CRC-32 (little-endian)
_HEADER = len(MAGIC) + sum(_SIZES)
RECENT_SECONDS = 2.0
_STAMP = f"format {FORMAT}; python {sys.version_info[0]}.{sys.version_info[1]}; marshal {marshal.version}"


def cache_dir() -> Path:
    """Where wordlab keeps fetched lists and caches: WORDLAB_CACHE, or the user's cache folder for wordlab."""
    folder = os.environ.get(CACHE_ENV)
    if folder:
        return Path(folder).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("wordlab"))


def file_key(path: Path) -> str | None:
    """What identifies a file's content without reading it: its path, size, mtime and ctime (ns) and inode;
    writing or replacing the file changes the key (ctime cannot be set back by hand). None while the file
    changed less than RECENT_SECONDS ago: the clock that stamps files is coarse, so a second change within
    the same tick could leave every number as it was."""
    stat = path.stat()
    if time.time_ns() - max(stat.st_mtime_ns, stat.st_ctime_ns) < RECENT_SECONDS * 1e9:
        return None
    return f"{path.resolve()}|{stat.st_size}|{stat.st_mtime_ns}|{stat.st_ctime_ns}|{stat.st_ino}"


def entry_path(label: str) -> Path:
    """The cache file of the list `label`."""
    safe = "".join(c if c.isascii() and (c.isalnum() or c in "._-") else "_" for c in label)
    return cache_dir() / "words" / f"{safe[:100]}.marshal"


def cached_words(label: str, key: str | None, build: Callable[[], Iterable[str]]) -> tuple[tuple[str, ...], str]:
    """`(words, how)`: the words of `label` from its entry when that was built from `key` ("hit"), else
    `build()`'s words, then stored ("written", or "not written (reason)" when the cache folder refuses or
    the source is too fresh to key: `key` None). Any tuple of values marshal can store is kept the same way
    (indexes built from a list use it too)."""
    if key is None:
        return tuple(build()), f"not written (the source changed less than {RECENT_SECONDS:g} s ago)"
    entry = entry_path(label)
    words = read_entry(entry, key)
    if words is not None:
        return words, "hit"
    words = tuple(build())
    return words, write_entry(entry, key, words)


def read_entry(entry: Path, key: str) -> tuple[str, ...] | None:
    """The words stored in `entry` for `key`, or None if it is missing, for another key, truncated or corrupt."""
    try:
        blob = entry.read_bytes()
    except OSError:
        return None
    if len(blob) < _HEADER or not blob.startswith(MAGIC):
        return None
    key_length, length, crc = _header(blob)
    stored_key = blob[_HEADER:_HEADER + key_length]
    payload = memoryview(blob)[_HEADER + key_length:]
    if stored_key != _stamped(key) or len(payload) != length or zlib.crc32(payload) != crc:
        return None
    try:
        words = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    return words if type(words) is tuple else None


def _header(blob: bytes) -> tuple[int, ...]:
    values, at = [], len(MAGIC)
    for size in _SIZES:
        values.append(int.from_bytes(blob[at:at + size], "little"))
        at += size
    return tuple(values)


def _stamped(key: str) -> bytes:
    return f"{_STAMP}; {key}".encode("utf-8", "surrogatepass")


def write_entry(entry: Path, key: str, words: tuple[str, ...]) -> str:
    """Store `words` for `key` in `entry` atomically; "written", or why not (a read-only cache never stops
    a load)."""
    stamped, payload = _stamped(key), marshal.dumps(words)
    header = MAGIC + b"".join(value.to_bytes(size, "little")
                              for value, size in zip((len(stamped), len(payload), zlib.crc32(payload)), _SIZES))
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        _write_atomically(entry, header + stamped + payload)
    except OSError as err:
        return f"not written ({err.strerror or err})"
    return "written"


def _write_atomically(entry: Path, blob: bytes) -> None:
    import tempfile

    handle, temporary = tempfile.mkstemp(dir=entry.parent, prefix=f".{entry.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(blob)
        os.replace(temporary, entry)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
