"""Word providers: normalisation, filters, unions, the disk cache, checksums and clear errors."""

import hashlib
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from wordlab.errors import SourceUnavailable, UnknownName, WordlabError
from wordlab.words import REFERENCES, WordList, as_wordlist, available, load, normalise_all, survey
from wordlab.words import cache, sources

A_TO_Z = re.compile(r"[a-z]+")


@pytest.fixture
def fresh(tmp_path, monkeypatch):
    """An empty disk cache of its own, and an empty in-process cache before and after."""
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path / "cache"))
    sources._load_cached.cache_clear()
    yield tmp_path
    sources._load_cached.cache_clear()


def test_normalise_all_keeps_lowercase_letters_only_sorted_and_once():
    given = ["Bishop", " bee\n", "don't", "café", "x2", "", "BEE", "\tzoo  "]
    assert normalise_all(given) == ["bee", "bishop", "zoo"]
    # the same rule written independently: strip, lowercase, a–z only
    assert normalise_all(given) == sorted({w.strip().lower() for w in given if A_TO_Z.fullmatch(w.strip().lower())})


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
        assert all(A_TO_Z.fullmatch(w) for w in words.words)
        assert list(words.words) == sorted(set(words.words))
        assert words.path and Path(words.path).is_file()


def test_second_load_is_served_from_the_process_cache():
    assert load("web2") is load("web2")


def test_unions_by_spec():
    union = load("gcide+web2")
    assert set(union) == set(load("gcide")) | set(load("web2"))


def test_files_load_in_utf8_and_latin1(tmp_path):
    (tmp_path / "utf.txt").write_text("Apple\nbanana\ncafé\n", encoding="utf-8")
    (tmp_path / "latin.txt").write_bytes("Cherry\nna\xefve\ndate\n".encode("latin-1"))
    assert load(str(tmp_path / "utf.txt")).words == ("apple", "banana")
    assert load(str(tmp_path / "latin.txt")).words == ("cherry", "date")


def test_bad_specs_are_clear_errors(tmp_path):
    with pytest.raises(UnknownName, match="unknown word source 'klingon'"):
        load("klingon")
    with pytest.raises(WordlabError, match="word file .* does not exist"):
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


# -- the disk cache -------------------------------------------------------------------------------------


def big_word_file(path: Path, words: list[str]) -> Path:
    """A word file above the size from which files are cached."""
    repeats = sources.SMALL_FILE_BYTES // sum(len(w) + 1 for w in words) + 1
    path.write_text("\n".join(words * repeats) + "\n")
    return path


def reload(spec: str) -> WordList:
    """Load `spec` as a new process would: nothing in the process cache."""
    sources._load_cached.cache_clear()
    return load(spec)


def test_a_file_is_read_once_then_served_from_the_disk_cache(fresh):
    file = big_word_file(fresh / "hive.txt", ["bee", "hive", "Honey", "wax2"])
    first = reload(str(file))
    assert first.cache == "written" and first.words == ("bee", "hive", "honey")
    second = reload(str(file))
    assert second.cache == "hit" and second.words == first.words and second.path == str(file)


def test_a_changed_file_is_never_served_stale(fresh):
    file = big_word_file(fresh / "hive.txt", ["bee", "hive"])
    assert reload(str(file)).cache == "written"
    stat = file.stat()
    big_word_file(file, ["bed", "hike"])  # same size, then the old modification time put back
    assert file.stat().st_size == stat.st_size
    os.utime(file, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    changed = reload(str(file))
    assert changed.words == ("bed", "hike") and changed.cache == "written"


def test_a_replaced_file_is_never_served_stale(fresh):
    file = big_word_file(fresh / "hive.txt", ["bee", "hive"])
    assert reload(str(file)).words == ("bee", "hive")
    other = big_word_file(fresh / "other.txt", ["comb", "sting"])
    os.replace(other, file)
    assert reload(str(file)).words == ("comb", "sting")


@pytest.mark.parametrize("damage", ["truncate", "flip", "garbage", "empty"])
def test_a_corrupt_cache_entry_is_rebuilt(fresh, damage):
    file = big_word_file(fresh / "hive.txt", ["bee", "hive"])
    reload(str(file))
    [entry] = (fresh / "cache" / "words").glob("file-hive.txt-*.marshal")
    blob = entry.read_bytes()
    entry.write_bytes({"truncate": blob[:-7], "flip": blob[:-3] + bytes([blob[-3] ^ 1]) + blob[-2:],
                       "garbage": os.urandom(len(blob)), "empty": b""}[damage])
    again = reload(str(file))
    assert again.words == ("bee", "hive") and again.cache == "written"
    assert reload(str(file)).cache == "hit"


def test_an_unwritable_cache_never_stops_a_load(fresh, monkeypatch):
    (fresh / "blocker").write_text("a file where the cache folder would be")
    monkeypatch.setenv("WORDLAB_CACHE", str(fresh / "blocker" / "cache"))
    file = big_word_file(fresh / "hive.txt", ["bee", "hive"])
    loaded = reload(str(file))
    assert loaded.words == ("bee", "hive") and loaded.cache.startswith("not written")


def test_small_files_and_cache_false_bypass_the_disk_cache(fresh):
    small = fresh / "small.txt"
    small.write_text("bee\nhive\n")
    assert reload(str(small)).cache == "not used (small file)"
    big = big_word_file(fresh / "hive.txt", ["bee", "hive"])
    assert load(str(big), cache=False).cache == "off"
    assert not (fresh / "cache").exists()


WRITER = textwrap.dedent("""
    import sys
    from wordlab.words import load
    words = load(sys.argv[1])
    print(len(words), words.cache)
""")


def test_parallel_processes_share_one_cache_safely(fresh):
    words = [f"{a}{b}{c}" for a in "abcdefgh" for b in "aeiou" for c in "klmnprst"]
    file = big_word_file(fresh / "many.txt", words)
    env = {**os.environ, "WORDLAB_CACHE": str(fresh / "cache")}
    runs = [subprocess.Popen([sys.executable, "-c", WRITER, str(file)], env=env, stdout=subprocess.PIPE, text=True)
            for _ in range(4)]
    outputs = [run.communicate(timeout=120)[0].split() for run in runs]
    assert all(run.returncode == 0 for run in runs)
    assert {int(count) for count, _ in outputs} == {len(words)}
    assert reload(str(file)).cache == "hit" and len(load(str(file))) == len(words)
    assert not list((fresh / "cache" / "words").glob(".*.tmp"))


@pytest.fixture
def fake_reference(fresh, monkeypatch):
    """A reference list `enable1` whose published copy is a small file in a fresh WORDLAB_DATA folder."""
    folder = fresh / "data" / "words"
    folder.mkdir(parents=True)
    text = "aa\naah\nAbaca\nzyzzyva\nco-op\n"
    (folder / "enable1.txt").write_text(text)
    ref = REFERENCES["enable1"]
    monkeypatch.setitem(REFERENCES, "enable1", ref._replace(sha256=hashlib.sha256(text.encode()).hexdigest(),
                                                             url="http://127.0.0.1:9/none"))
    monkeypatch.setenv("WORDLAB_DATA", str(fresh / "data"))
    return folder / "enable1.txt"


def test_a_source_changed_just_now_is_not_cached(fake_reference, monkeypatch):
    """File times tick coarsely: a list built from a file changed this very tick could be rewritten unseen."""
    monkeypatch.setattr(cache, "RECENT_SECONDS", 600)  # "just now", however slow this machine is today
    assert reload("enable1").cache.startswith("not written (the source changed less than 600 s ago")
    assert reload("enable1").cache.startswith("not written")


def test_a_reference_list_is_cached_after_its_checksum_is_verified(fake_reference, monkeypatch):
    monkeypatch.setattr(cache, "RECENT_SECONDS", 0)
    first = reload("enable1")
    assert first.words == ("aa", "aah", "abaca", "zyzzyva") and first.cache == "written"
    second = reload("enable1")
    assert second.cache == "hit" and second.words == first.words and second.path == str(fake_reference)


def test_a_reference_copy_changed_after_caching_is_checked_again(fake_reference, monkeypatch):
    monkeypatch.setattr(cache, "RECENT_SECONDS", 0)
    assert reload("enable1").cache == "written"
    fake_reference.write_text("aa\naah\nabaca\nzyzzyvb\nco-op\nbee\n")  # wrong checksum
    with pytest.raises(SourceUnavailable, match="wrong checksum"):
        reload("enable1")


HEAVY = ("pooch", "wordfreq", "english_words", "nltk", "numpy", "pandas")
IMPORTS = textwrap.dedent("""
    import sys
    from wordlab.words import load
    for spec in sys.argv[1:]:
        load(spec)
    print(" ".join(name for name in %r if name in sys.modules))
""" % (HEAVY,))


def test_a_cached_load_imports_no_heavy_module(fresh):
    specs = ["wordfreq", "web2"] + (["enable1"] if available("enable1") else [])
    env = {**os.environ, "WORDLAB_CACHE": str(fresh / "cache")}
    warm = subprocess.run([sys.executable, "-c", IMPORTS, *specs], env=env, capture_output=True, text=True)
    assert warm.returncode == 0, warm.stderr
    cached = subprocess.run([sys.executable, "-c", IMPORTS, *specs], env=env, capture_output=True, text=True)
    assert cached.returncode == 0 and cached.stdout.split() == []


def test_survey_says_where_each_list_was_read_from_and_how_the_cache_served_it(fresh):
    rows = {row["source"]: row for row in survey()}
    assert rows["web2"]["path"].endswith("web2.pickle") and rows["web2"]["cache"] in ("hit", "written")
    sources._load_cached.cache_clear()
    assert {row["source"]: row for row in survey()}["web2"]["cache"] == "hit"


# -- reference lists ------------------------------------------------------------------------------------


@pytest.fixture
def offline_cache(tmp_path, monkeypatch):
    """An empty data folder and cache, and reference URLs that cannot be reached."""
    monkeypatch.setenv("WORDLAB_DATA", str(tmp_path / "data"))
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path / "cache"))
    for name, ref in REFERENCES.items():
        monkeypatch.setitem(REFERENCES, name, ref._replace(url="http://127.0.0.1:9/none"))
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


@pytest.mark.skipif(not available("enable1"), reason="reference lists not in WORDLAB_DATA")
def test_reference_lists_have_their_published_sizes():
    assert len(load("enable1")) == 172_820
    assert len(load("ita")) == 173_528
    assert len(load("moby-crosswords")) == 113_809
    assert len(load("moby-single")) == 351_075
    assert Path(sources.reference_path("moby-single")).stat().st_size > 3_000_000


@pytest.mark.skipif(not available("enable1"), reason="reference lists not in WORDLAB_DATA")
def test_cached_reference_lists_equal_a_fresh_read(fresh):
    for name in ("enable1", "moby-single"):
        built, cached = reload(name), reload(name)
        assert (built.cache, cached.cache) == ("written", "hit")
        assert cached.words == built.words == load(name, cache=False).words
        # independent reading: one word per line, stripped, lowercased, a–z only
        lines = Path(built.path).read_text(encoding=REFERENCES[name].encoding).splitlines()
        assert set(cached.words) == {w.strip().lower() for w in lines if A_TO_Z.fullmatch(w.strip().lower())}
