"""Named word sources, reference lists fetched on demand, and `load(spec)` for all of them.

A *spec* names what to load: a source name (`web2`), a name with an argument (`wordfreq:2.5`, the
argument being the Zipf cut-off), a file path, or a union of these joined by `+` (`enable1+web2`).

Reference lists (`enable1`, `ita`, `moby-crosswords`, `moby-single`) are looked for, in order, in
the folder named by `WORDLAB_DATA` (as `words/<file>` or `<file>`), then in wordlab's download
cache, and only then fetched from their public homes. Every copy is checked against its sha256
before use, so a truncated or corrupt file is never read.

A list's normalised words are kept on disk (`wordlab.words.cache`), so only the first process on a
machine pays for reading and normalising it; the list's `path` says where it was read from and its
`cache` how the cache served it.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterable
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError
from wordlab.files import read_bytes, regular_file
from wordlab.paths import short_path
from wordlab.words.cache import CACHE_ENV, cache_dir, cached_words, entry_path, file_key, read_entry
from wordlab.words.wordlist import MAX_WORD_LETTERS, WordList, longest_word_check, normalise_all, zipf_table

DATA_ENV = "WORDLAB_DATA"
DEFAULT = "wordfreq"
DEFAULT_ZIPF = 1.5
MAX_ZIPF = 8.0  # the most common English word, "the", is at 7.73
MAX_FILE_BYTES = 256 * 2**20
SMALL_FILE_BYTES = 64 * 2**10  # smaller word files are read directly: that is about as fast as the cache
NO_CACHE = "off"

__all__ = ["CACHE_ENV", "DATA_ENV", "DEFAULT", "MAX_FILE_BYTES", "MAX_WORD_LETTERS", "REFERENCES", "SOURCES",
           "as_wordlist", "available", "best_available", "cache_dir", "data_dir", "fetch", "load",
           "reference_path", "survey"]


class Reference(NamedTuple):
    """A published word list with a known checksum."""

    name: str
    filename: str
    url: str
    sha256: str
    encoding: str
    about: str
    licence: str


REFERENCES = {
    ref.name: ref
    for ref in [
        Reference("enable1", "enable1.txt", "https://norvig.com/ngrams/enable1.txt",
                  "f32e6fbdc4cf9c8ec1d992193d7ac33e773fc850ba47ebe2c791ab9d61913d49", "ascii",
                  "ENABLE2K word list (172,820 words), the Spelling Bee write-ups' list", "public domain"),
        Reference("ita", "ita-WORD.LST", "https://web.archive.org/web/2010id_/http://www.itasoftware.com/careers/puzzles/WORD.LST",
                  "2262de288ddc2b2ccfb2e46119fb25f02311af5ba1e1a77802817b76268dff99", "ascii",
                  "ITA Software's WORD.LST (173,528 words), the palindromic-pangram dictionary",
                  "published by ITA Software with its hiring puzzles"),
        Reference("moby-crosswords", "moby-113809of.fic", "https://www.gutenberg.org/files/3201/files/CROSSWD.TXT",
                  "b134e7aba7aaeb79bbc1db45d13ddcd0b9399b780b74fbe9a81c0949575a3ce7", "latin-1",
                  "Moby Words II official crosswords list (113,809 words)", "public domain (Grady Ward)"),
        Reference("moby-single", "moby-354984si.ngl", "https://www.gutenberg.org/files/3201/files/SINGLE.TXT",
                  "1ea766932e77dea7e92cd6e1f6d78118b5238ef785f8c2b78b09cfbb6ecfecbc", "latin-1",
                  "Moby Words II single words (354,984 entries)", "public domain (Grady Ward)"),
    ]
}

NLTK_HINT = "python -m nltk.downloader {corpus}"


def data_dir() -> Path | None:
    """The offline data folder named by WORDLAB_DATA, if set."""
    folder = os.environ.get(DATA_ENV)
    return Path(folder).expanduser() if folder else None


# -- reference lists -----------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _verified(path: Path, size: int, mtime_ns: int, sha256: str) -> bool:
    import hashlib

    with open(path, "rb") as file:
        return hashlib.file_digest(file, "sha256").hexdigest() == sha256


def _checked(path: Path, ref: Reference) -> bool:
    """Does the file at `path` exist with the reference checksum? (hashed once per process, size and mtime)"""
    if not path.is_file():
        return False
    stat = path.stat()
    return _verified(path, stat.st_size, stat.st_mtime_ns, ref.sha256)


def _copies(ref: Reference) -> list[Path]:
    """Where a local copy of `ref` may be, in the order they are tried."""
    folder = data_dir()
    return [folder / "words" / ref.filename, folder / ref.filename, cache_dir() / ref.filename] if folder \
        else [cache_dir() / ref.filename]


def reference_path(name: str, download: bool = True) -> Path:
    """A verified local copy of reference list `name`: from WORDLAB_DATA, the cache, or fetched."""
    ref = REFERENCES[name]
    rejected = []
    for path in _copies(ref):
        if _checked(path, ref):
            return path
        if path.exists():
            rejected.append(str(path))
    if download:
        try:
            return _retrieved(ref)
        except Exception as err:  # network down, checksum mismatch, HTTP error: all mean "not available"
            reason = f"fetching {ref.url} failed ({type(err).__name__}: {str(err)[:120]})"
    else:
        reason = "it was not fetched (download=False)"
    bad = f"; copies with the wrong checksum were ignored: {', '.join(rejected)}" if rejected else ""
    raise SourceUnavailable(
        f"word list {name!r} ({ref.about}) is not available: {reason}{bad}. "
        f"Get it with `wordlab fetch {name}` on a machine with internet, or set {DATA_ENV} to a folder "
        f"holding words/{ref.filename}.")


def _retrieved(ref: Reference) -> Path:
    """`ref` downloaded into the cache and checked against its checksum, without pooch's own log lines
    ("Downloading data from …"): wordlab says what happened, in one line, once."""
    import logging

    import pooch

    logger = pooch.get_logger()
    level = logger.level
    logger.setLevel(logging.ERROR)
    try:
        return Path(pooch.retrieve(ref.url, known_hash=f"sha256:{ref.sha256}", fname=ref.filename,
                                   path=cache_dir(), progressbar=False))
    finally:
        logger.setLevel(level)


def _lines(text: str) -> list[str]:
    """The lines of `text`, split at \\n, \\r\\n or \\r (as reading a text file does)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def _read_reference(name: str, cache: bool = True) -> WordList:
    """A reference list; from the disk cache, without hashing, when its first copy is the very file (same
    path, size, times and inode) that the cached list was built from after its checksum was verified."""
    ref = REFERENCES[name]
    first = next((path for path in _copies(ref) if path.is_file()), None) if cache else None
    key = _reference_key(first, ref) if first is not None else None
    if key is not None:
        words = read_entry(entry_path(name), key)
        if words is not None:
            return _reference_list(ref, words, first, "hit")
    path = reference_path(name)

    def build() -> list[str]:
        return normalise_all(_lines(path.read_bytes().decode(ref.encoding)))

    words, how = _normalised(name, _reference_key(path, ref), build, cache)
    return _reference_list(ref, words, path, how)


def _reference_key(path: Path, ref: Reference) -> str | None:
    return _keyed(path, f"sha256 {ref.sha256}; lines")


def _keyed(path: Path, details: str) -> str | None:
    """The cache key of a list built from the file at `path` in the way `details` says (None: too fresh)."""
    try:
        stat_key = file_key(path)
    except OSError:  # a missing data file: the reader that needs it says so
        return None
    return None if stat_key is None else f"{stat_key}; {details}"


def _reference_list(ref: Reference, words: tuple[str, ...], path: Path, how: str) -> WordList:
    return WordList.from_sorted(words, ref.name, f"{ref.about}; {ref.licence}; sha256 {ref.sha256[:12]}…",
                                path=str(path), cache=how)


def _normalised(label: str, key: str | None, build: Callable[[], Iterable[str]], cache: bool) -> tuple[tuple, str]:
    """(words, how the cache served them): from the disk cache when `cache`, else built here."""
    if not cache:
        return tuple(build()), NO_CACHE
    return cached_words(label, key, build)


# -- packaged and system sources ------------------------------------------------------------------------


def _package_file(package: str, relative: str) -> Path:
    """A data file shipped inside an installed package, found without importing the package."""
    from importlib.util import find_spec

    spec = find_spec(package)
    folders = spec.submodule_search_locations if spec else None
    if not folders:
        raise SourceUnavailable(f"the package {package!r} is not installed: `pip install {package}`")
    return Path(next(iter(folders))) / relative


def _zipf_cutoff(arg: str | None) -> float:
    """The Zipf cut-off written after `wordfreq:` (the default when there is no argument)."""
    if arg is None:
        return DEFAULT_ZIPF
    try:
        zipf = float(arg)
    except ValueError:
        zipf = math.nan
    if not 0 <= zipf <= MAX_ZIPF:  # also refuses nan and inf
        raise WordlabError(f"wordfreq:Z takes a Zipf cut-off Z from 0 to {MAX_ZIPF:g} (as in wordfreq:2.5), "
                           f"not {arg!r}")
    return zipf


def _read_wordfreq(arg: str | None = None, cache: bool = True) -> WordList:
    min_zipf = _zipf_cutoff(arg)
    data = _package_file("wordfreq", "data/large_en.msgpack.gz")

    def build() -> list[str]:
        words = sorted(w for w, z in zipf_table().items() if z >= min_zipf)
        if not words:
            top = max(zipf_table().items(), key=lambda item: item[1])
            raise WordlabError(f"no wordfreq word is as common as Zipf {min_zipf:g} "
                               f"(the most common, {top[0]!r}, has {top[1]:g})")
        return words

    words, how = _normalised(f"wordfreq-{min_zipf!r}", _keyed(data, f"zipf ≥ {min_zipf!r}"), build, cache)
    return WordList.from_sorted(
        words, f"wordfreq:{min_zipf:g}",
        f"wordfreq 'large' English frequencies, Zipf ≥ {min_zipf:g}; Apache-2.0 code, CC BY-SA 4.0 data",
        path=str(data), cache=how)


ENGLISH_WORDS = {"web2": "Webster's Second International (1934) via english-words; public domain",
                 "gcide": "GNU Collaborative International Dictionary of English via english-words; GPL"}


def _read_english_words(which: str, cache: bool = True) -> WordList:
    data = _package_file("english_words", f"data/{which}.pickle")

    def build() -> list[str]:
        from english_words import get_english_words_set

        return normalise_all(get_english_words_set([which]))

    words, how = _normalised(which, _keyed(data, "english-words"), build, cache)
    return WordList.from_sorted(words, which, ENGLISH_WORDS[which], path=str(data), cache=how)


SYSTEM_DICTS = ("/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english")


def _read_system(cache: bool = True) -> WordList:
    for candidate in SYSTEM_DICTS:
        if Path(candidate).is_file():
            return _read_file(candidate, name="system", cache=cache)
    raise SourceUnavailable("no system dictionary in /usr/share/dict; install one with "
                            "`sudo apt-get install wamerican` (Debian/Ubuntu)")


def _nltk_corpus(corpus: str):
    try:
        import nltk
    except ImportError:  # pragma: no cover - nltk is a core dependency
        raise SourceUnavailable("NLTK is not installed: `pip install nltk`") from None
    try:
        nltk.data.find(f"corpora/{corpus}")
    except LookupError:
        raise SourceUnavailable(f"the NLTK corpus {corpus!r} is not installed; get it with "
                                f"`{NLTK_HINT.format(corpus=corpus)}`") from None
    return getattr(nltk.corpus, corpus)


def _read_nltk(corpus: str, cache: bool = True) -> WordList:
    reader = _nltk_corpus(corpus)
    words = reader.all_lemma_names() if corpus == "wordnet" else reader.words()
    return WordList.from_sorted(tuple(normalise_all(words)), corpus, f"NLTK corpus {corpus!r}",
                                path=str(reader.root), cache="not used (read through NLTK)")


# -- word files -----------------------------------------------------------------------------------------

_LETTERS_AND_SPACE = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ \t\n\r\v\f'-"
_SPACE = b" \t\n\r\v\f"


def _read_file(path: str, name: str | None = None, cache: bool = True) -> WordList:
    """A word file: words separated by whitespace, UTF-8 or latin-1 text, at most MAX_FILE_BYTES; cached
    on disk by its content's sha256 when it is big enough for the cache to pay."""
    file = Path(path).expanduser()
    size = _file_size(file)
    raw = _file_bytes(file)
    shown = f"the word file {str(file)!r}"
    if not cache:
        words, how = tuple(_file_words(raw, shown)), NO_CACHE
    elif size < SMALL_FILE_BYTES:
        words, how = tuple(_file_words(raw, shown)), "not used (small file)"
    else:
        import hashlib
        import zlib

        label = f"file-{file.name}-{zlib.crc32(str(file.resolve()).encode('utf-8', 'surrogatepass')):08x}"
        key = f"sha256 {hashlib.sha256(raw).hexdigest()}; whitespace"
        words, how = cached_words(label, key, lambda: _file_words(raw, shown))
    return WordList.from_sorted(words, name or file.name, f"file {file.name}", path=str(file), cache=how)


def _file_words(raw: bytes, shown: str) -> list[str]:
    """The normalised words of a word file's bytes, refusing what is not a list of words."""
    if b"\0" in raw:
        raise WordlabError(f"{shown} is not text (it holds NUL bytes: binary, or UTF-16?); "
                           f"a word file is UTF-8 or latin-1 text")
    text = raw.decode("utf-8") if _is_utf8(raw) else raw.decode("latin-1")
    words = normalise_all(text.split())
    if not words:
        raise WordlabError(f"{shown} holds no a–z words")
    _mostly_letters_check(raw, shown)
    longest_word_check(words, shown)
    return words


def _file_size(file: Path) -> int:
    """The size of a regular file of at most MAX_FILE_BYTES, or a WordlabError naming why it is not one (a
    folder, a device or a pipe is refused before a byte is read)."""
    shown = f"the word file {str(file)!r}"
    info = regular_file(file, "word file").stat()
    if info.st_size > MAX_FILE_BYTES:
        raise WordlabError(f"{shown} is {info.st_size / 2**20:,.0f} MiB; word files are limited to "
                           f"{MAX_FILE_BYTES // 2**20} MiB")
    return info.st_size


def _file_bytes(file: Path) -> bytes:
    """The bytes of a word file, a leading byte-order mark dropped (so the first word stays a word)."""
    return read_bytes(file, "word file")


def _mostly_letters_check(raw: bytes, shown: str) -> None:
    """Refuse a file most of whose visible bytes are not letters (a program, an image, a table of numbers)."""
    visible = len(raw.translate(None, _SPACE))
    other = len(raw.translate(None, _LETTERS_AND_SPACE))
    if other * 2 > visible:
        raise WordlabError(f"{shown} does not look like a word list: {other / visible:.0%} of its characters "
                           f"are not letters")


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


# -- specs ------------------------------------------------------------------------------------------------

SOURCES: dict[str, tuple[Callable[..., WordList], str]] = {
    "wordfreq": (lambda arg=None, cache=True: _read_wordfreq(arg, cache),
                 f"wordfreq frequency list; `wordfreq:Z` keeps Zipf ≥ Z (default {DEFAULT_ZIPF})"),
    **{which: (lambda arg=None, cache=True, which=which: _read_english_words(which, cache), about)
       for which, about in ENGLISH_WORDS.items()},
    "system": (lambda arg=None, cache=True: _read_system(cache), "the system dictionary in /usr/share/dict"),
    "nltk-words": (lambda arg=None, cache=True: _read_nltk("words", cache), "NLTK's words corpus"),
    "wordnet": (lambda arg=None, cache=True: _read_nltk("wordnet", cache), "WordNet lemma names via NLTK"),
    "brown": (lambda arg=None, cache=True: _read_nltk("brown", cache), "Brown corpus vocabulary via NLTK"),
    **{name: (lambda arg=None, cache=True, name=name: _read_reference(name, cache), ref.about)
       for name, ref in REFERENCES.items()},
}
TAKES_ARGUMENT = {"wordfreq"}
ALIASES = {"words": "nltk-words", "nltk": "nltk-words", "enable": "enable1"}


def load(spec: str = DEFAULT, *, cache: bool = True, **filters) -> WordList:
    """Load the word list named by `spec` (name, `name:arg`, path, or `a+b` union), then filter.

    Loading is cached per spec in the process, and each list's normalised words on disk, so a list is read
    and normalised once per machine. `cache=False` reads the source afresh (for timing a first load).
    """
    if not isinstance(spec, str) or not spec.strip():
        raise WordlabError(f"a word source must be a non-empty name or path, not {spec!r}")
    if "\0" in spec:
        raise WordlabError(f"a word source cannot contain a NUL character: {spec!r}")
    wordlist = _load_cached(spec.strip()) if cache else _load_spec(spec.strip(), cache=False)
    return wordlist.filter(**filters) if filters else wordlist


@lru_cache(maxsize=32)
def _load_cached(spec: str) -> WordList:
    return _load_spec(spec, cache=True)


def _load_spec(spec: str, cache: bool) -> WordList:
    parts = _parts(spec)
    if len(parts) == 1:
        return _load_one(parts[0], cache)
    lists = [_load_cached(part) if cache else _load_one(part, cache) for part in parts]
    union = lists[0]
    for more in lists[1:]:
        union = union | more
    return union


def _parts(spec: str) -> list[str]:
    """The sources a spec joins with `+` (a file whose own name holds a `+` is one part)."""
    if "+" not in spec or _is_file(spec):
        return [spec]
    parts = [part.strip() for part in spec.split("+")]
    if "" in parts:
        raise WordlabError(f"the word source {spec!r} has an empty part; join sources with one '+' "
                           f"between names, as in enable1+web2")
    return parts


def _is_file(spec: str) -> bool:
    try:
        return Path(spec).expanduser().exists()
    except (OSError, ValueError):
        return False


def _named(spec: str) -> tuple[str, str | None]:
    """(canonical source name, argument or None) of one part of a spec."""
    name, colon, arg = spec.partition(":")
    return ALIASES.get(name.lower(), name.lower()), (arg.strip() if colon else None)


def _load_one(spec: str, cache: bool = True) -> WordList:
    name, arg = _named(spec)
    if name in SOURCES:
        if arg is not None and name not in TAKES_ARGUMENT:
            raise WordlabError(f"the word source {name!r} takes no ':' argument (got {spec!r})")
        wordlist = SOURCES[name][0](arg, cache)
    elif os.sep in spec or "/" in spec or _is_file(spec):
        wordlist = _read_file(spec, cache=cache)
    else:
        raise UnknownName("word source", spec, list(SOURCES) + ["PATH to a word file"])
    if not wordlist:
        raise WordlabError(f"the word source {spec!r} holds no words")
    return wordlist


def as_wordlist(words: "WordList | Iterable[str] | str", **filters) -> WordList:
    """Accept a WordList, a source spec (name or path) or any iterable of words; apply filters."""
    if isinstance(words, str):
        return load(words, **filters)
    if isinstance(words, WordList):
        wordlist = words
    else:
        items = list(words) if isinstance(words, Iterable) else None
        if items is None or not all(isinstance(word, str) for word in items):
            raise WordlabError(f"words must be a WordList, a source name or path, or strings, not {words!r:.60}")
        wordlist = WordList.from_sorted(tuple(normalise_all(items)), "custom", "given in code")
    if not wordlist:
        raise WordlabError("the word list is empty")
    return wordlist.filter(**filters)


def fetch(name: str) -> Path:
    """Make sure reference list `name` is on this machine (verified); return its path."""
    if name not in REFERENCES:
        raise UnknownName("reference list", name, REFERENCES)
    return reference_path(name)


def _load_offline(spec: str) -> WordList:
    """Load `spec` only if that needs no download (else `SourceUnavailable`)."""
    for part in spec.split("+"):
        name, _ = _named(part.strip())
        if name in REFERENCES:
            reference_path(name, download=False)
    return load(spec)


def available(spec: str) -> bool:
    """Can `spec` be loaded here without the network? (Never raises for a missing source.)"""
    try:
        _load_offline(spec)
        return True
    except SourceUnavailable:
        return False


def survey(download: bool = False) -> list[dict]:
    """Every named source with its availability, size, provenance (or what is missing), the file it was read
    from (`path`, written short: $WORDLAB_DATA/…, ~/…, or relative to the project or site-packages) and how the disk cache served it (`cache`: "hit", "written", or why it was not used)."""
    rows = []
    for name, (_, about) in SOURCES.items():
        row = {"source": name, "available": False, "words": None, "about": about, "path": None, "cache": None}
        try:
            wordlist = load(name) if download else _load_offline(name)
            row.update(available=True, words=len(wordlist), about=wordlist.provenance, path=short_path(wordlist.path),
                       cache=wordlist.cache)
        except SourceUnavailable as missing:
            row["about"] = str(missing)
        rows.append(row)
    return rows


def best_available(*preferences: str, fallback: str = DEFAULT) -> str:
    """The first of `preferences` loadable offline here, else `fallback` (for notebooks and benches)."""
    for spec in preferences:
        if available(spec):
            return spec
    return fallback
