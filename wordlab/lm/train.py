"""Training text for the language models, and cached model builders.

A *spec* names the training material, like a word-list spec:

- `shipped`     the public-domain and project-written prose in `data/shredded/training/` (offline)
- `wordfreq`    the `wordfreq` package's English frequencies (offline; top `WORDFREQ_TOP` words for characters)
- `nltk:NAME`   an NLTK corpus such as `nltk:brown` (needs `python -m nltk.downloader NAME`)
- a file path   any UTF-8 text file
- `a+b`         both, counted together
- `default`     `shipped+wordfreq`, which needs nothing beyond the installed packages

Built models are cached in the process (`functools.lru_cache`) and character models also on disk,
under `wordlab.words.cache_dir()/lm/`, keyed by the spec, the order and the training material's version.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import re
from collections import Counter
from pathlib import Path

from wordlab.errors import SourceUnavailable, WordlabError
from wordlab.files import read_text
from wordlab.lm.ngrams import CharNgramModel
from wordlab.lm.words import WordUnigramModel, tokens
from wordlab.search.probe import Budget, checked

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "shredded" / "training"
DEFAULT_SPEC = "shipped+wordfreq"
WORDFREQ_TOP = 40_000  # words whose spellings feed the character model (covers ~97% of running text)
WORDFREQ_TOKENS = 1e6  # the wordfreq frequencies count as a corpus of this many running words
TEXT_WEIGHT = 20.0  # each occurrence in running text counts this much against those words
MAX_TRAINING_BYTES = 512 * 2 ** 20  # a training text file of more is refused unread: its n-grams would not fit
TYPE_WEIGHT = 100.0  # one distinct follower of a context weighs this much (held-out prose: 2.30 bits/char, 3.91 at 1)


def normalise(text: str) -> str:
    """The form the models read: lower case, runs of white space as one space."""
    return re.sub(r"\s+", " ", text.lower())


# -- training material ------------------------------------------------------------------------------


def shipped_text() -> str:
    """All of the shipped training prose, normalised."""
    files = sorted(SHIPPED.glob("*.txt"))
    if not files:
        raise SourceUnavailable(f"no shipped training text in {SHIPPED} (it comes with a source checkout of wordlab)")
    return normalise(" ".join(read_text(path, "training text") for path in files))


def nltk_text(corpus: str) -> str:
    """The running text of an NLTK corpus (e.g. brown), detokenised and normalised."""
    try:
        import nltk

        nltk.data.find(f"corpora/{corpus}")
        reader = getattr(nltk.corpus, corpus)
    except LookupError:
        raise SourceUnavailable(f"the NLTK corpus {corpus!r} is not installed; get it with: "
                                f"python -m nltk.downloader {corpus}") from None
    except (ImportError, AttributeError):
        raise SourceUnavailable(f"NLTK has no corpus reader called {corpus!r}") from None
    text = " ".join(" ".join(sentence) for sentence in reader.sents())
    text = text.replace("`` ", '"').replace(" ''", '"')
    text = re.sub(r" ([,.;:!?')])", r"\1", text)
    return normalise(text)


def wordfreq_frequencies(top: int | None = None) -> dict[str, float]:
    """English word frequencies from `wordfreq` ('large' list), optionally only the `top` most common."""
    from wordfreq import get_frequency_dict

    frequencies = get_frequency_dict("en", "large")
    words = ((w, f) for w, f in frequencies.items() if tokens(w) == [w])
    if top is None:
        return dict(words)
    chosen = {}
    for word, frequency in words:
        chosen[word] = frequency
        if len(chosen) >= top:
            break
    return chosen


def _parts(spec: str) -> list[str]:
    spec = DEFAULT_SPEC if spec == "default" else spec
    parts = [part.strip() for part in spec.split("+")]
    if not all(parts):
        raise WordlabError(f"bad training spec {spec!r}: empty part")
    return parts


def _text_of(part: str) -> str:
    if part == "shipped":
        return shipped_text()
    if part.startswith("nltk:"):
        return nltk_text(part[5:])
    path = Path(part).expanduser()
    if os.path.lexists(path):
        return normalise(read_text(path, "training text file", most=MAX_TRAINING_BYTES))
    raise SourceUnavailable(f"unknown training source {part!r}: use shipped, wordfreq, nltk:NAME or a text file")


# -- models ---------------------------------------------------------------------------------------------


def train_char_model(spec: str = "default", order: int = 6, budget: Budget | None = None) -> CharNgramModel:
    """A fresh character model of `order` trained on `spec` (no caching); a running `budget` is looked at
    as it trains (`BudgetExhausted` when it runs out)."""
    model = CharNgramModel(order, name=spec, type_weight=TYPE_WEIGHT)
    texts = {}
    for part in _parts(spec):
        if part != "wordfreq":
            checked(budget)
            texts[part] = _text_of(part)
    for part in _parts(spec):
        checked(budget)
        if part == "wordfreq":
            endings = word_endings(" ".join(texts.values()))
            model.add_words(wordfreq_frequencies(WORDFREQ_TOP).items(), tokens=WORDFREQ_TOKENS, endings=endings,
                            budget=budget)
        else:
            model.add_text(texts[part], weight=TEXT_WEIGHT, budget=budget)
    return model


def word_endings(text: str, least: float = 0.0005) -> dict[str, float]:
    """How often a word of `text` ends in each punctuation mark rather than a space (shares of all
    words, marks rarer than `least` left out): what word frequencies alone cannot tell a model."""
    words = len(tokens(text))
    if not words:
        return {}
    after = Counter(m.group(1) for m in re.finditer(r"[a-z]([^a-z' ])", text))
    return {char: n / words for char, n in after.items() if n / words >= least}


def train_word_model(spec: str = "default", budget: Budget | None = None) -> WordUnigramModel:
    """A fresh word unigram model trained on `spec` (no caching; a running `budget` is looked at per part)."""
    counts: dict[str, float] = {}
    for part in _parts(spec):
        checked(budget)
        if part == "wordfreq":
            found = {w: f * WORDFREQ_TOKENS for w, f in wordfreq_frequencies().items()}
        else:
            found = {}
            for word in tokens(_text_of(part)):
                found[word] = found.get(word, 0) + TEXT_WEIGHT
        checked(budget)
        for word, n in found.items():
            counts[word] = counts.get(word, 0) + n
    return WordUnigramModel(counts, name=spec)


MAX_ORDER = 10  # the highest character n-gram order: order 9 already counts 26 MB of n-grams on the default text


def char_model(spec: str = "default", order: int = 6, disk: bool = True, budget: Budget | None = None) -> CharNgramModel:
    """The character model of `order` trained on `spec`, built once per process (and once per
    machine when `disk`: pickled under `cache_dir()/lm/`). For lower orders of the same counts,
    use `CharNgramModel.truncated`. Building it is charged to a running `budget`."""
    if not isinstance(order, int) or isinstance(order, bool) or not 1 <= order <= MAX_ORDER:
        raise WordlabError(f"n-gram order must be a whole number from 1 to {MAX_ORDER}, not {order!r}")
    return _remembered(_CHAR_MODELS, 16, ("+".join(_parts(spec)), order, disk), _char_model, budget)


def word_model(spec: str = "default", budget: Budget | None = None) -> WordUnigramModel:
    """The word unigram model trained on `spec`, built once per process (charged to a running `budget`)."""
    return _remembered(_WORD_MODELS, 4, ("+".join(_parts(spec)),), train_word_model, budget)


_CHAR_MODELS: dict[tuple, CharNgramModel] = {}
_WORD_MODELS: dict[tuple, WordUnigramModel] = {}


def _remembered(memo: dict, most: int, key: tuple, build, budget: Budget | None):
    """`build(*key, budget=budget)`, kept in `memo` (its `most` latest entries); a build the budget stops
    is not kept."""
    if key not in memo:
        if len(memo) >= most:
            del memo[next(iter(memo))]
        memo[key] = build(*key, budget=budget)
    return memo[key]


def clear_caches() -> None:
    """Forget the models built in this process (the disk cache stays)."""
    _CHAR_MODELS.clear()
    _WORD_MODELS.clear()


def _char_model(spec: str, order: int, disk: bool, budget: Budget | None = None) -> CharNgramModel:
    path = _disk_path(spec, order) if disk else None
    if path is not None and path.is_file():
        try:
            with path.open("rb") as handle:
                model = pickle.load(handle)
            return model.ready(budget)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, KeyError, TypeError):
            pass  # unreadable or from another version of the class: rebuild and overwrite
    model = train_char_model(spec, order, budget)
    checked(budget)  # saving takes a while for the higher orders: not on a budget already spent
    if path is not None:
        _save(model, path)
    return model.ready(budget)


def _version(spec: str) -> str:
    """A fingerprint of the training material named by `spec`, so stale disk caches are not read."""
    digest = hashlib.sha256(f"{spec}|{WORDFREQ_TOP}|{WORDFREQ_TOKENS}|{TEXT_WEIGHT}|{TYPE_WEIGHT}|endings|v3".encode())
    for part in _parts(spec):
        if part == "wordfreq":
            import wordfreq

            digest.update(getattr(wordfreq, "__version__", "?").encode())
        elif part == "shipped":
            for path in sorted(SHIPPED.glob("*.txt")):
                digest.update(path.read_bytes())
        else:
            digest.update(part.encode())
            path = Path(part).expanduser()
            if path.is_file():
                digest.update(str(path.stat().st_mtime_ns).encode())
    return digest.hexdigest()[:16]


def _disk_path(spec: str, order: int) -> Path | None:
    try:
        from wordlab.words import cache_dir

        return cache_dir() / "lm" / f"chars-{order}-{_version(spec)}.pickle"
    except (ImportError, OSError, WordlabError):
        return None


def _save(model: CharNgramModel, path: Path) -> None:
    """Pickle `model` to `path`, atomically; a cache that cannot be written is simply skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.part")
        with partial.open("wb") as handle:
            pickle.dump(model, handle, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)
    except OSError:
        pass
