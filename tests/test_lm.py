"""Tests for wordlab.lm: smoothing sums to one, interpolation, truncation, word model, sources and caching."""

from __future__ import annotations

import math
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordlab.errors import SourceUnavailable, WordlabError
from wordlab.lm import (
    PAD,
    CharNgramModel,
    TextModel,
    WordUnigramModel,
    char_model,
    clear_caches,
    default_model,
    nltk_text,
    normalise,
    shipped_text,
    tokens,
    train_char_model,
    train_word_model,
)
from wordlab.lm import train as train_module

TOY = "the cat sat on the mat. the dog sat on the log."


def toy_model(order: int = 3) -> CharNgramModel:
    return CharNgramModel(order).add_text(TOY)


def brown_installed() -> bool:
    try:
        import nltk

        nltk.data.find("corpora/brown")
        return True
    except LookupError:
        return False


# -- character model ------------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.text(alphabet="the casdogmlx.", max_size=6), st.integers(1, 4))
def test_probabilities_after_any_context_sum_to_one(context, order):
    model = toy_model(order)
    outcomes = list(model.alphabet) + ["\x00"]  # every seen character, plus one stand-in for all unseen ones
    assert math.isclose(sum(model.prob(context, c) for c in outcomes), 1.0, rel_tol=1e-9)


def test_witten_bell_by_hand():
    """Order 2 on "ab": padded " ab "; bigrams ' a','ab','b '; P(b|a) = (1 + 1·P(b)) / (1 + 1)."""
    model = CharNgramModel(2).add_text("ab")
    p_b = (1 + 1) / (4 + 3 + 1)  # unigram add-one: count 1, 4 characters, alphabet of 3 plus unseen
    assert math.isclose(model.prob("a", "b"), (1 + p_b) / 2)
    assert math.isclose(model.prob("z", "b"), p_b)  # unseen context backs off to the unigram


def test_seen_ngrams_beat_unseen_ones():
    model = toy_model(3)
    assert model.logprob("th", "e") > model.logprob("th", "x")
    assert model.score("the cat") > model.score("cat eht")


def test_conditional_is_the_sum_of_character_log_probabilities():
    model = toy_model(4)
    text, context = "on the mat", "sat "
    by_hand = sum(model.logprob((context + text)[:len(context) + i], c) for i, c in enumerate(text))
    assert math.isclose(model.conditional(context, text), by_hand)
    assert model.score(text) == model.conditional(PAD, text)


def test_truncated_model_equals_a_model_trained_at_that_order():
    big, small = toy_model(5), toy_model(2)
    view = big.truncated(2)
    for context, char in [("th", "e"), ("a", "t"), ("zz", "q"), ("", "t")]:
        assert math.isclose(view.prob(context, char), small.prob(context, char))


@pytest.mark.parametrize("order", [0, -1, 2.5, "3"])
def test_bad_orders_are_refused(order):
    with pytest.raises(WordlabError, match="order"):
        CharNgramModel(order)


def test_untrained_model_says_so():
    with pytest.raises(WordlabError, match="no training text"):
        CharNgramModel(3).prob("a", "b")


def test_weighted_words_count_like_repeated_text():
    by_words = CharNgramModel(3).add_words([("cat", 0.5), ("dog", 0.25)], tokens=4)
    by_text = CharNgramModel(3)
    for word in ["cat", "cat", "dog"]:
        by_text.add_text(word)
    assert math.isclose(by_words.prob("ca", "t"), by_text.prob("ca", "t"))
    assert math.isclose(by_words.prob(" ", "d"), by_text.prob(" ", "d"))


def test_word_endings_count_like_text_with_punctuation():
    """A quarter of the words ending in a comma counts like a corpus where one word in four does."""
    by_words = CharNgramModel(3).add_words([("cat", 0.5), ("dog", 0.5)], tokens=4, endings={",": 0.25})
    by_text = CharNgramModel(3)
    for word in ["cat,", "cat", "dog,", "dog"]:
        by_text.add_text(word, weight=0.5)
    for word in ["cat", "dog"]:
        by_text.add_text(word)
    for gram in ["t,", "at,", ", ", "g ", "ca"]:
        assert math.isclose(by_words.counts[len(gram)][gram], by_text.counts[len(gram)][gram]), gram


def test_word_endings_must_be_shares():
    with pytest.raises(WordlabError, match="shares"):
        CharNgramModel(2).add_words([("cat", 1.0)], endings={",": 0.7, ".": 0.6})


def test_word_endings_are_measured_on_running_text():
    shares = train_module.word_endings("one, two. three four; five six seven eight nine ten")
    assert shares == {",": 0.1, ".": 0.1, ";": 0.1}


def test_type_weight_gives_lower_orders_more_room():
    """P(c | h) = (C(hc) + w·T(h)·P(c | h')) / (C(h) + w·T(h)): by hand for w = 3 on "ab"."""
    model = CharNgramModel(2, type_weight=3.0).add_text("ab")
    p_b = (1 + 1) / (4 + 3 + 1)
    assert math.isclose(model.prob("a", "b"), (1 + 3 * p_b) / (1 + 3))
    assert pickle.loads(pickle.dumps(model)).type_weight == 3.0
    assert model.truncated(1).type_weight == 3.0


@pytest.mark.parametrize("weight", [0, -1, float("nan"), float("inf")])
def test_bad_type_weights_are_refused(weight):
    with pytest.raises(WordlabError, match="type weight"):
        CharNgramModel(2, type_weight=weight)


# -- word model ----------------------------------------------------------------------------------------------


def test_word_model_prefers_known_and_short_unknown_words():
    model = WordUnigramModel({"the": 10, "cat": 2})
    assert math.isclose(model.logprob("the"), math.log(10 / 12))
    assert model.logprob("cat") > model.logprob("zzz") > model.logprob("zzzz")
    assert math.isclose(model.score("The cat, the ZZZ."), 2 * model.logprob("the") + model.logprob("cat")
                        + model.logprob("zzz"))


def test_tokens_keep_inner_apostrophes():
    assert tokens("Don't stop -- it's 'fine'.") == ["don't", "stop", "it's", "fine"]


def test_word_model_needs_words():
    with pytest.raises(WordlabError, match="at least one word"):
        WordUnigramModel({})


def test_text_model_combines_both_with_a_weight():
    chars, words = toy_model(3), WordUnigramModel({"the": 3, "cat": 1})
    model = TextModel(chars, words, word_weight=0.5)
    assert math.isclose(model.score("the cat"), chars.score("the cat") + 0.5 * words.score("the cat"))
    assert TextModel(chars).score("the cat") == chars.score("the cat")
    with pytest.raises(WordlabError, match="word weight"):
        TextModel(chars, words, word_weight=-1)


# -- training material and caching -------------------------------------------------------------------------


def test_shipped_text_is_normalised_prose():
    text = shipped_text()
    assert 10_000 < len(text) < 1_000_000
    assert text == normalise(text) and "four score and seven years ago" in text


def test_default_model_prefers_english():
    model = default_model()
    assert model.score("claude shannon founded information theory") > \
        model.score("lcaude hsannon ofunded nifomration htoery") + 100


def test_models_are_cached_in_the_process():
    assert char_model("default", 6) is char_model("shipped+wordfreq", 6)
    assert default_model().chars is default_model().chars


def test_disk_cache_round_trip(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLAB_CACHE", str(tmp_path / "cache"))
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(TOY, encoding="utf-8")
    clear_caches()
    built = char_model(str(corpus), 3)
    saved = list((tmp_path / "cache" / "lm").glob("chars-3-*.pickle"))
    assert len(saved) == 1
    clear_caches()
    loaded = char_model(str(corpus), 3)
    assert loaded is not built and loaded.counts == built.counts
    assert pickle.loads(pickle.dumps(loaded)).prob("th", "e") == built.prob("th", "e")
    clear_caches()


def test_any_text_file_trains_both_models(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text(TOY, encoding="utf-8")
    assert train_char_model(str(corpus), 2).counts[1][" "] > 0
    assert train_word_model(str(corpus)).logprob("the") > train_word_model(str(corpus)).logprob("dog")


@pytest.mark.parametrize("spec", ["no-such-source", "shipped+", "nltk:no_such_corpus_here"])
def test_unknown_training_sources_are_named(spec):
    with pytest.raises(WordlabError):
        train_char_model(spec, 2)


def test_wordfreq_source_needs_nothing_else(monkeypatch):
    monkeypatch.setattr(train_module, "WORDFREQ_TOP", 500)
    model = train_char_model("wordfreq", 3)
    assert model.logprob("th", "e") > model.logprob("th", "q")


@pytest.mark.skipif(brown_installed(), reason="the Brown corpus is installed here")
def test_missing_nltk_corpus_says_how_to_get_it():
    with pytest.raises(SourceUnavailable, match="nltk.downloader brown"):
        nltk_text("brown")


@pytest.mark.skipif(not brown_installed(), reason="needs the NLTK Brown corpus (python -m nltk.downloader brown)")
def test_brown_corpus_trains_a_model():
    text = nltk_text("brown")
    assert len(text) > 1_000_000 and " the " in text
    assert train_word_model("nltk:brown").logprob("the") > train_word_model("nltk:brown").logprob("cat")


def test_nltk_corpus_text_is_detokenised(monkeypatch):
    """The NLTK path, exercised offline with a stand-in corpus reader."""
    import nltk

    class FakeReader:
        def sents(self):
            return [["The", "cat", "sat", ",", "then", "``", "ran", "''", "."], ["It", "'s", "late", "!"]]

    monkeypatch.setattr(nltk.data, "find", lambda name: name)
    monkeypatch.setattr(nltk.corpus, "brown", FakeReader())
    assert nltk_text("brown") == 'the cat sat, then "ran". it\'s late!'


@pytest.mark.parametrize("order", [0, 11, 1000, True, 2.0])
def test_a_model_order_outside_its_range_is_refused_before_any_counting(order):
    from wordlab.lm import char_model

    with pytest.raises(WordlabError, match=f"n-gram order must be a whole number from 1 to 10, not {order!r}"):
        char_model("shipped", order)


@pytest.mark.parametrize("weight", [-1.0, math.inf, math.nan, "1"])
def test_a_word_weight_must_be_a_finite_number_at_least_zero(weight):
    from wordlab.lm import default_model

    with pytest.raises(WordlabError, match="word weight must be a finite number ≥ 0"):
        default_model(order=2, word_weight=weight, spec="shipped")


def test_training_stops_when_its_running_budget_runs_out_and_keeps_nothing_half_built():
    from wordlab.lm import train
    from wordlab.search import Budget, BudgetExhausted

    budget = Budget(seconds=0).start()
    with pytest.raises(BudgetExhausted):
        train.char_model("shipped", 3, disk=False, budget=budget)
    assert ("shipped", 3, False) not in train._CHAR_MODELS
    assert train.char_model("shipped", 3, disk=False).order == 3
