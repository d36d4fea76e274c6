"""Word providers: normalisation, filters, unions, caching, checksums and clear errors."""

import os
from pathlib import Path

import pytest

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError
from wordlab.words import REFERENCES, WordList, as_wordlist, available, load, normalise, survey
from wordlab.words import sources


def test_normalise_keeps_lowercase_letters_only():
    assert [normalise(w) for w in ["Bishop", " bee\n", "don't", "café", "x2", ""]] == [
        "bishop", "bee", None, None, None, None]


def test_filters_and_unions():
    words = WordList(["bee", "bees", "hive", "honey", "sting"], "toy")
    assert words.filter(length=4).words == ("bees", "hive")
    assert words.filter(min_length=4, max_length=4, letters="bes").words == ("bees",)
    assert words.filter(where=lambda w: w.endswith("y")).words == ("honey",)
    union = words | WordList(["comb", "bee"], "more")
    assert len(union) == 6 and union.name == "toy+more" and "comb" in union
    assert words.lengths() == {3: 1, 4: 2, 5: 2}


def test_filtering_everything_away_is_an_error():
    with pytest.raises(WordlabError, match="no words of toy are left.*length 9"):
        WordList(["bee"], "toy").filter(length=9)


def test_frequency_filter_uses_wordfreq():
    common = load("wordfreq", min_zipf=5)
    assert "the" in common and "ytterbium" not in common
    assert "ytterbium" in load("wordfreq")


def test_pip_sources_load_with_provenance():
    for name in ("wordfreq", "web2", "gcide"):
        words = load(name)
        assert len(words) > 50_000
        assert words.provenance and words.name == (name if name != "wordfreq" else "wordfreq:1.5")
        assert all(normalise(w) == w for w in words.words[:1000])


def test_second_load_is_served_from_the_cache():
    assert load("web2") is load("web2")


def test_unions_by_spec():
    union = load("gcide+web2")
    assert len(union) >= max(len(load("gcide")), len(load("web2")))


def test_files_load_in_utf8_and_latin1(tmp_path):
    (tmp_path / "utf.txt").write_text("Apple\nbanana\ncafé\n", encoding="utf-8")
    (tmp_path / "latin.txt").write_bytes("Cherry\nna\xefve\ndate\n".encode("latin-1"))
    assert load(str(tmp_path / "utf.txt")).words == ("apple", "banana")
    assert load(str(tmp_path / "latin.txt")).words == ("cherry", "date")


def test_bad_specs_are_clear_errors(tmp_path):
    with pytest.raises(UnknownName, match="unknown word source 'klingon'"):
        load("klingon")
    with pytest.raises(WordlabError, match="cannot read word file"):
        load(str(tmp_path / "missing.txt"))
    (tmp_path / "empty.txt").write_text("123\n!!\n")
    with pytest.raises(WordlabError, match="holds no a–z words"):
        load(str(tmp_path / "empty.txt"))
    with pytest.raises(WordlabError, match="non-empty"):
        load("")
    with pytest.raises(WordlabError, match="empty"):
        as_wordlist([])


def test_missing_nltk_corpus_says_how_to_get_it():
    if available("brown"):
        pytest.skip("the NLTK brown corpus is installed here")
    with pytest.raises(SourceUnavailable, match=r"python -m nltk.downloader brown"):
        load("brown")


@pytest.fixture
def offline_cache(tmp_path, monkeypatch):
    """An empty data folder and cache, and reference URLs that cannot be reached."""
    monkeypatch.setenv("WORDLAB_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path / "cache"))
    for name, ref in REFERENCES.items():
        monkeypatch.setitem(REFERENCES, name, ref.__class__(**{**ref.__dict__, "url": "http://127.0.0.1:9/none"}))
    sources._load_cached.cache_clear()
    yield tmp_path
    sources._load_cached.cache_clear()


def test_missing_reference_list_says_what_to_do(offline_cache):
    with pytest.raises(SourceUnavailable, match=r"'enable1'.*wordlab fetch enable1.*WORDLAB_DATA"):
        load("enable1")
    assert not available("enable1")
    rows = {row["source"]: row for row in survey()}
    assert rows["enable1"]["available"] is False and "wordlab fetch" in rows["enable1"]["about"]


def test_corrupt_reference_copy_is_never_used(offline_cache):
    folder = offline_cache / "data" / "words"
    folder.mkdir(parents=True)
    (folder / "enable1.txt").write_text("aa\naah\n")  # truncated: wrong checksum
    with pytest.raises(SourceUnavailable, match="wrong checksum"):
        load("enable1")


SHARED = os.environ.get("WORDLAB_DATA")


@pytest.mark.skipif(not available("enable1"), reason="reference lists not in WORDLAB_DATA")
def test_reference_lists_have_their_published_sizes():
    assert len(load("enable1")) == 172_820
    assert len(load("ita")) == 173_528
    assert len(load("moby-crosswords")) == 113_809
    assert Path(sources.reference_path("moby-single")).stat().st_size > 3_000_000
