"""Files as wordlab reads and writes them: regular files only, one-line errors that name the file.

A device (`/dev/zero`), a FIFO with no writer or a folder given where a file is expected would be read
forever or fail with a traceback; here each is refused at once. Text is UTF-8 (or the encoding asked for)
with a leading byte-order mark dropped; Windows line ends and tabs are left for the caller's parser.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from wordlab.errors import WordlabError

KINDS = {stat.S_ISDIR: "a folder", stat.S_ISFIFO: "a pipe (FIFO)", stat.S_ISCHR: "a character device",
         stat.S_ISBLK: "a block device", stat.S_ISSOCK: "a socket"}


def regular_file(path: str | os.PathLike, what: str = "file") -> Path:
    """`path` as a `Path` if it names an existing regular file (links followed); else a `WordlabError`."""
    path = Path(path)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise WordlabError(f"{what} {str(path)!r} does not exist") from None
    except PermissionError:
        raise WordlabError(f"{what} {str(path)!r} cannot be read: permission denied") from None
    except OSError as err:
        raise WordlabError(f"{what} {str(path)!r} cannot be read: {err.strerror or err}") from None
    for is_kind, kind in KINDS.items():
        if is_kind(mode):
            raise WordlabError(f"{what} {str(path)!r} is {kind}, not a regular file")
    return path


def read_bytes(path: str | os.PathLike, what: str = "file", most: int | None = None) -> bytes:
    """The bytes of regular file `path`, with a leading UTF-8 byte-order mark removed; with `most`, a file
    larger than that many bytes is refused before it is read."""
    path = regular_file(path, what)
    if most is not None and path.stat().st_size > most:
        raise WordlabError(f"{what} {str(path)!r} is too large: {path.stat().st_size:,} bytes (at most {most:,})")
    try:
        data = path.read_bytes()
    except PermissionError:
        raise WordlabError(f"{what} {str(path)!r} cannot be read: permission denied") from None
    except OSError as err:
        raise WordlabError(f"{what} {str(path)!r} cannot be read: {err.strerror or err}") from None
    return data.removeprefix(b"\xef\xbb\xbf")


def read_text(path: str | os.PathLike, what: str = "file", encoding: str = "utf-8", most: int | None = None) -> str:
    """The text of regular file `path`: decoded, byte-order mark dropped; a byte that does not decode is
    named with its position; with `most`, a file larger than that many bytes is refused unread."""
    return decode(read_bytes(path, what, most), f"{what} {str(path)!r}", encoding)


def decode(data: bytes, named: str, encoding: str = "utf-8") -> str:
    """`data` as text (a leading byte-order mark dropped); `named` says whose bytes they are in the error."""
    try:
        return data.removeprefix(b"\xef\xbb\xbf").decode(encoding)
    except UnicodeDecodeError as err:
        raise WordlabError(f"{named} is not {encoding} text: byte {data[err.start]:#04x} at offset {err.start}") \
            from None
    except LookupError:
        raise WordlabError(f"unknown text encoding {encoding!r} for {named}") from None


def writable_file(path: str | os.PathLike, what: str = "file") -> Path:
    """`path` as a `Path` if a file can be written there: not a folder or device, its folder exists and is
    writable, and an existing file is writable. Checked before any work, so nothing is computed in vain."""
    path = Path(path)
    if path.exists():
        regular_file(path, what)
        if not os.access(path, os.W_OK):
            raise WordlabError(f"{what} {str(path)!r} cannot be written: permission denied")
        return path
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise WordlabError(f"{what} {str(path)!r} cannot be written: folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise WordlabError(f"{what} {str(path)!r} cannot be written: folder {str(folder)!r} is not writable")
    return path
