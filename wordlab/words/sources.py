"""Named word sources, reference lists fetched on demand, and `load(spec)` for all of them.

A *spec* names what to load: a source name (`web2`), a name with an argument (`wordfreq:2.5`, the
argument being the Zipf cut-off), a file path, or a union of these joined by `+` (`enable1+web2`).

Reference lists (`enable1`, `ita`, `moby-crosswords`, `moby-single`) are looked for, in order, in
the folder named by `WORDLAB_DATA` (as `words/<file>` or `<file>`), then in wordlab's download
cache, and only then fetched from their public homes. Every copy is checked against its sha256
before use, so a truncated or corrupt file is never read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Callable

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError
from wordlab.words.wordlist import WordList, normalise_all, zipf_table

DATA_ENV = "WORDLAB_DATA"
CACHE_ENV = "WORDLAB_CACHE"
DEFAULT = "wordfreq"
DEFAULT_ZIPF = 1.5


@dataclass(frozen=True)
class Reference:
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


def cache_dir() -> Path:
    """Where fetched lists are kept (WORDLAB_CACHE, or the OS cache folder)."""
    folder = os.environ.get(CACHE_ENV)
    if folder:
        return Path(folder).expanduser()
    import pooch

    return Path(pooch.os_cache("wordlab"))


@lru_cache(maxsize=None)
def _verified(path: Path, size: int, mtime: float, sha256: str) -> bool:
    import pooch

    return pooch.file_hash(str(path), alg="sha256") == sha256


def _checked(path: Path, ref: Reference) -> bool:
    """Does the file at `path` exist with the reference checksum? (cached per size and mtime)"""
    if not path.is_file():
        return False
    stat = path.stat()
    return _verified(path, stat.st_size, stat.st_mtime, ref.sha256)


def reference_path(name: str, download: bool = True) -> Path:
    """A verified local copy of reference list `name`: from WORDLAB_DATA, the cache, or fetched."""
    ref = REFERENCES[name]
    rejected = []
    folder = data_dir()
    candidates = [folder / "words" / ref.filename, folder / ref.filename] if folder else []
    candidates.append(cache_dir() / ref.filename)
    for path in candidates:
        if _checked(path, ref):
            return path
        if path.exists():
            rejected.append(str(path))
    if download:
        try:
            import pooch

            return Path(pooch.retrieve(ref.url, known_hash=f"sha256:{ref.sha256}", fname=ref.filename,
                                       path=cache_dir(), progressbar=False))
        except Exception as err:  # network down, checksum mismatch, HTTP error: all mean "not available"
            reason = f"fetching {ref.url} failed ({type(err).__name__}: {str(err)[:120]})"
    else:
        reason = "it was not fetched (download=False)"
    bad = f"; copies with the wrong checksum were ignored: {', '.join(rejected)}" if rejected else ""
    raise SourceUnavailable(
        f"word list {name!r} ({ref.about}) is not available: {reason}{bad}. "
        f"Get it with `wordlab fetch {name}` on a machine with internet, or set {DATA_ENV} to a folder "
        f"holding words/{ref.filename}.")


def _read_reference(name: str) -> WordList:
    ref = REFERENCES[name]
    path = reference_path(name)
    with open(path, encoding=ref.encoding) as lines:
        words = normalise_all(lines)
    return WordList(words, name, f"{ref.about}; {ref.licence}; sha256 {ref.sha256[:12]}…; read from {path}")


def _read_wordfreq(min_zipf: float) -> WordList:
    words = [w for w, z in zipf_table().items() if z >= min_zipf]
    return WordList(words, f"wordfreq:{min_zipf:g}",
                    f"wordfreq 'large' English frequencies, Zipf ≥ {min_zipf:g}; Apache-2.0 code, CC BY-SA 4.0 data")


def _read_english_words(which: str) -> WordList:
    from english_words import get_english_words_set

    about = {"web2": "Webster's Second International (1934) via english-words; public domain",
             "gcide": "GNU Collaborative International Dictionary of English via english-words; GPL"}
    return WordList(normalise_all(get_english_words_set([which])), which, about[which])


SYSTEM_DICTS = ("/usr/share/dict/words", "/usr/share/dict/american-english", "/usr/share/dict/british-english")


def _read_system() -> WordList:
    for candidate in SYSTEM_DICTS:
        if Path(candidate).is_file():
            return _read_file(candidate, name="system")
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


def _read_nltk(corpus: str) -> WordList:
    reader = _nltk_corpus(corpus)
    if corpus == "wordnet":
        words = reader.all_lemma_names()
    else:
        words = reader.words()
    return WordList(normalise_all(words), corpus, f"NLTK corpus {corpus!r}")


def _read_file(path: str, name: str | None = None) -> WordList:
    file = Path(path).expanduser()
    try:
        raw = file.read_bytes()
    except OSError as err:
        raise WordlabError(f"cannot read word file {str(file)!r}: {err.strerror or err}") from None
    text = raw.decode("utf-8") if _is_utf8(raw) else raw.decode("latin-1")
    words = normalise_all(text.split())
    if not words:
        raise WordlabError(f"the word file {str(file)!r} holds no a–z words")
    return WordList(words, name or file.name, f"file {file}")


def _is_utf8(raw: bytes) -> bool:
    try:
        raw.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


SOURCES: dict[str, tuple[Callable[..., WordList], str]] = {
    "wordfreq": (lambda arg=None: _read_wordfreq(float(arg) if arg else DEFAULT_ZIPF),
                 f"wordfreq frequency list; `wordfreq:Z` keeps Zipf ≥ Z (default {DEFAULT_ZIPF})"),
    "web2": (lambda arg=None: _read_english_words("web2"), "Webster's 2nd via english-words"),
    "gcide": (lambda arg=None: _read_english_words("gcide"), "GCIDE via english-words"),
    "system": (lambda arg=None: _read_system(), "the system dictionary in /usr/share/dict"),
    "nltk-words": (lambda arg=None: _read_nltk("words"), "NLTK's words corpus"),
    "wordnet": (lambda arg=None: _read_nltk("wordnet"), "WordNet lemma names via NLTK"),
    "brown": (lambda arg=None: _read_nltk("brown"), "Brown corpus vocabulary via NLTK"),
    **{name: (lambda arg=None, name=name: _read_reference(name), ref.about) for name, ref in REFERENCES.items()},
}
ALIASES = {"words": "nltk-words", "nltk": "nltk-words", "enable": "enable1"}


def load(spec: str = DEFAULT, **filters) -> WordList:
    """Load the word list named by `spec` (name, `name:arg`, path, or `a+b` union), then filter.

    Loading is cached per spec, so the second load of a big list is immediate.
    """
    if not isinstance(spec, str) or not spec.strip():
        raise WordlabError(f"a word source must be a non-empty name or path, not {spec!r}")
    wordlist = _load_cached(spec.strip())
    return wordlist.filter(**filters) if filters else wordlist


@lru_cache(maxsize=32)
def _load_cached(spec: str) -> WordList:
    parts = spec.split("+")
    lists = [_load_one(part.strip()) for part in parts]
    union = lists[0]
    for more in lists[1:]:
        union = union | more
    return union


def _named(spec: str) -> tuple[str, str]:
    """(canonical source name, argument) of one part of a spec."""
    name, _, arg = spec.partition(":")
    return ALIASES.get(name.lower(), name.lower()), arg


def _load_one(spec: str) -> WordList:
    name, arg = _named(spec)
    if name in SOURCES:
        return SOURCES[name][0](arg or None)
    if os.sep in spec or Path(spec).expanduser().exists():
        return _read_file(spec)
    raise UnknownName("word source", spec, list(SOURCES) + ["PATH to a word file"])


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
    """Every named source with its availability, size and provenance (or what is missing)."""
    rows = []
    for name, (_, about) in SOURCES.items():
        row = {"source": name, "available": False, "words": None, "about": about}
        try:
            wordlist = load(name) if download else _load_offline(name)
            row.update(available=True, words=len(wordlist), about=wordlist.provenance)
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
