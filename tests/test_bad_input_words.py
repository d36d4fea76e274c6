"""Bad word sources: every malformed spec or file is a one-line WordlabError naming the problem (CLI exit 2),
and any spec string at all gives a word list or such an error, never another exception."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wordlab.cli import main
from wordlab.errors import WordlabError
from wordlab.words import MAX_WORD_LETTERS, SOURCES, WordList, as_wordlist, load
from wordlab.words import sources

A_TO_Z = re.compile(r"[a-z]+")


@pytest.fixture(scope="module", autouse=True)
def own_cache(tmp_path_factory):
    """Lists built here (wordfreq at many cut-offs) go to a cache folder of this module's own."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WORDLAB_CACHE", str(tmp_path_factory.mktemp("cache")))
        sources._load_cached.cache_clear()
        yield
    sources._load_cached.cache_clear()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """Word files that are not word lists, by what is wrong with them."""
    folder = tmp_path_factory.mktemp("files")
    made = {
        "binary": bytes(range(256)) * 64,                              # NUL bytes, like a program
        "utf16": "bee\nhive\n".encode("utf-16"),                       # text, but not UTF-8 or latin-1
        "noise": bytes(range(128, 256)) * 40 + b"\nbee hive\n",         # no NUL, mostly not letters
        "empty": b"",
        "digits": b"123\n4567\n!!\n",
        "one long line": b"a" * (10 * 2**20),                          # 10 MiB, one "word"
        "latin-1": "Cherry\nna\xefve\ndate\n".encode("latin-1"),
    }
    paths = {}
    for name, content in made.items():
        paths[name] = folder / f"{name.replace(' ', '-')}.txt"
        paths[name].write_bytes(content)
    paths["directory"] = folder / "a-folder"
    paths["directory"].mkdir()
    paths["missing"] = folder / "missing.txt"
    return {name: str(path) for name, path in paths.items()}


# spec → the words the error must contain (a file spec is written as its key in `files` in braces)
BAD_SPECS = {
    "wordfreq:abc": "Zipf cut-off Z from 0 to 8",
    "wordfreq:nan": "Zipf cut-off Z from 0 to 8",
    "wordfreq:99": "Zipf cut-off Z from 0 to 8",
    "wordfreq:-1": "Zipf cut-off Z from 0 to 8",
    "wordfreq:inf": "Zipf cut-off Z from 0 to 8",
    "wordfreq:": "Zipf cut-off",
    "wordfreq:7.9": "no wordfreq word is as common as Zipf 7.9",
    "enable1+": "has an empty part",
    "+": "has an empty part",
    "enable1++web2": "has an empty part",
    " + web2": "has an empty part",
    "web2:3": "'web2' takes no ':' argument",
    "enable1:x": "'enable1' takes no ':' argument",
    "klingon": "unknown word source 'klingon'",
    "   ": "non-empty name or path",
    "web2\0": "NUL character",
    "/dev/null": "'/dev/null' is a character device, not a regular file",
    "{directory}": "is a folder, not a regular file",
    "{missing}": "word file '.*missing.txt' does not exist",
    "{binary}": r"is not text \(it holds NUL bytes",
    "{utf16}": r"is not text \(it holds NUL bytes",
    "{noise}": "does not look like a word list",
    "{empty}": "holds no a–z words",
    "{digits}": "holds no a–z words",
    "{one long line}": f"10,485,760-letter word.*limited to {MAX_WORD_LETTERS} letters",
    "web2+{binary}": "is not text",
}


def spec_of(template: str, files: dict) -> str:
    return re.sub(r"\{([^}]+)\}", lambda m: files[m.group(1)], template)


def assert_one_line_naming(problem: WordlabError | str, expected: str) -> None:
    text = str(problem)
    assert "\n" not in text.strip()
    assert re.search(expected, text), text


@pytest.mark.parametrize("template", list(BAD_SPECS))
def test_a_bad_spec_is_a_wordlab_error_naming_the_problem(template, files):
    with pytest.raises(WordlabError) as refused:
        load(spec_of(template, files))
    assert_one_line_naming(refused.value, BAD_SPECS[template])


CLI_CASES = ["wordfreq:abc", "wordfreq:99", "enable1+", "+", "enable1++web2", "{directory}", "{binary}",
             "{noise}", "{empty}", "{one long line}", "web2:3", "klingon"]


@pytest.mark.parametrize("template", CLI_CASES)
def test_the_command_line_refuses_a_bad_word_source_in_one_line(template, files, capsys):
    code = main(["solve", "word-ladder", "cold", "warm", "--words", spec_of(template, files)])
    err = capsys.readouterr().err.strip()
    assert code == 2
    assert err.startswith("wordlab: ")
    assert_one_line_naming(err, BAD_SPECS[template])


def test_a_latin1_file_is_read_as_latin1(files):
    assert load(files["latin-1"]).words == ("cherry", "date")


def test_a_file_whose_name_holds_a_plus_is_one_file(tmp_path):
    (tmp_path / "bee+hive.txt").write_text("bee\nhive\n")
    assert load(str(tmp_path / "bee+hive.txt")).words == ("bee", "hive")


@pytest.mark.parametrize("filters, expected", [
    ({"length": "five"}, "length must be a whole number"),
    ({"min_length": 2.5}, "min_length must be a whole number"),
    ({"max_length": True}, "max_length must be a whole number"),
    ({"letters": 7}, "letters must be a string"),
    ({"min_zipf": float("nan")}, "min_zipf must be a finite number"),
    ({"length": -1}, "no words of web2 are left after filtering"),
])
def test_bad_filters_are_named(filters, expected):
    with pytest.raises(WordlabError) as refused:
        load("web2", **filters)
    assert_one_line_naming(refused.value, expected)


@pytest.mark.parametrize("words, expected", [
    (123, "words must be a WordList, a source name or path, or strings"),
    ([1, 2], "words must be a WordList, a source name or path, or strings"),
    (["b3e", "!!"], "the word list is empty"),
    (None, "words must be"),
])
def test_bad_word_collections_are_named(words, expected):
    with pytest.raises(WordlabError) as refused:
        as_wordlist(words)
    assert_one_line_naming(refused.value, expected)


def test_the_words_command_says_where_lists_come_from(capsys):
    assert main(["words", "--json"]) == 0
    import json

    rows = {row["source"]: row for row in json.loads(capsys.readouterr().out)}
    assert rows["web2"]["path"].endswith("web2.pickle") and rows["web2"]["cache"] in ("hit", "written")


# -- any spec at all: a word list or a WordlabError -------------------------------------------------------


def loads_or_refuses(spec) -> None:
    """`load(spec)` returns a valid, non-empty WordList or raises WordlabError; nothing else."""
    try:
        words = load(spec)
    except WordlabError as refused:
        assert str(refused) and "\n" not in str(refused).strip()
        return
    assert isinstance(words, WordList) and len(words) > 0
    assert all(A_TO_Z.fullmatch(w) and len(w) <= MAX_WORD_LETTERS for w in words.words[:2000])
    assert list(words.words[:2000]) == sorted(set(words.words[:2000]))


NAMES = sorted(SOURCES) + ["ENABLE", "words", "nltk", "enable", "Wordfreq"]
CHEAP_NAMES = ["wordfreq", "enable1", "moby-crosswords", "web2", "klingon", "", " "]
ZIPF_TEXT = st.one_of(st.floats(allow_nan=True, allow_infinity=True).map(repr), st.integers(-5, 20).map(str),
                      st.text(max_size=8), st.sampled_from(["", " 2 ", "1e1", "0x1", "٣", "1_0", "+3", "-0"]))


@given(st.text(max_size=40))
def test_any_text_is_a_word_list_or_a_clear_error(spec):
    loads_or_refuses(spec)


@given(st.sampled_from(NAMES), ZIPF_TEXT)
def test_any_name_with_any_argument_is_a_word_list_or_a_clear_error(name, arg):
    loads_or_refuses(f"{name}:{arg}")


@given(st.lists(st.one_of(st.sampled_from(CHEAP_NAMES), st.builds("wordfreq:{}".format, ZIPF_TEXT),
                          st.text(alphabet="+: ab", max_size=4)), min_size=1, max_size=4),
       st.sampled_from(["+", " + ", "++", "+ "]))
def test_any_union_is_a_word_list_or_a_clear_error(parts, joiner):
    loads_or_refuses(joiner.join(parts))


@given(st.binary(max_size=300))
def test_any_file_content_is_a_word_list_or_a_clear_error(tmp_path_factory, content):
    path = tmp_path_factory.mktemp("any") / "words.txt"
    path.write_bytes(content)
    loads_or_refuses(str(path))


def test_none_and_numbers_are_refused():
    for spec in (None, 12, b"web2", ["web2"]):
        with pytest.raises(WordlabError, match="non-empty name or path"):
            load(spec)
