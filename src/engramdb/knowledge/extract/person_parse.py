"""The speaker's own facts read from the dependency parse: what the rules' triggers miss.

The rule reader (``first_person``) knows the attributes its triggers name (a name, a home,
an employer, a pet's name). A user says far more of themselves than those triggers cover:
"I drive for Uber on weekends and do admin at a dental practice", "I'm a Leo and a total
introvert", "I'm 19 and in my second year of uni". This reader takes the parse instead: every
clause whose subject is the speaker ("I", "we") and that asserts (no negation, no modal, no
condition, no wish) gives the phrases its predicate takes (what the speaker is, does, has,
and where, at or for what), one frame each, in the shortest span that names the value.

Which phrases count and which key they get are data (``_PREPOSITIONS``, ``_KEYS``): the
reader itself only walks the tree. Its frames are added beside the rules' (the caller keeps
only values the rules did not read). A home, an employer or a school holds one value at a time,
as the rules' do; any other attribute it reads is multi-valued, so one never supersedes another.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engramdb.language.parser import parse

from ..claims import SELF
from .person_spans import Frame, _stem
from .person_triggers import DISLIKE_VERBS, LIKE_VERBS, TERMINATIVE
from .person_words import FAMILY, OTHER_PEOPLE, PETS, WORK_STATUS, is_job

__all__ = ["MAX_CHARS", "said_of_someone", "speaker_frames", "speakers_assertion", "stray_time"]

#: The longest sentence read (a turn's sentence is parsed once more for this reader).
MAX_CHARS = 400

_SPEAKER = frozenset({"i", "we"})
#: Modals and verbs that make a clause a wish, a plan to weigh or a hedge, not a fact.
_MODALS = frozenset({"would", "could", "might", "should", "may", "must", "'d", "ought"})
_NOT_ASSERTING = frozenset(
    """want hope wish wonder think guess mean try need like love hate prefer feel know
    suppose imagine plan consider ask tell say help look see hear remember forget
    handle stand afford bother care""".split()
)
#: Prepositions that name where a move or a change came from: no longer the speaker's.
_FORMER = frozenset({"from"})
#: Verbs too light to say what their object is to the speaker ("got tickets", "start a job").
_LIGHT = frozenset("have get start join share take make see book spend keep give find".split())
#: Words that make what a sentence says a game, a story or a proposal.
_PRETENDING = frozenset("pretend imagine roleplay".split())
#: Clause openers after which nothing holds as the speaker's present fact.
_CONDITIONS = frozenset({"if", "unless", "whether", "when", "once", "until"})
#: Prepositions whose object is where, at, for or with what the speaker is or does (the
#: value of "work at", "live in", "from", "since 2019", "split my time between London and
#: Lisbon"); time words are kept only for "since".
_PREPOSITIONS = frozenset(
    {"at", "for", "with", "in", "from", "near", "since", "on", "to", "between"}
)
#: Prepositions whose common-noun object may be a value ("at a dental practice").
_PLACES = frozenset({"at", "for", "with", "in"})
#: Entity labels of a prepositional object kept as a value.
_NAMED = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "NORP", "PRODUCT", "WORK_OF_ART"})
#: Modifiers that grade a noun rather than name a kind ("a total introvert", "a tiny flat").
_GRADING = frozenset(
    """total complete absolute real proper huge tiny little big small massive lovely nice
    great good bad awful terrible new old own same whole entire other usual quick""".split()
)
#: Nouns that name no value of the speaker's ("a lot", "the time", "the moment").
_EMPTY = frozenset(
    """lot bit thing things time moment way day days week weeks case point kind sort type
    stuff someone something anything everything nothing one ones idea question help
    advice chat name surname""".split()
)
#: Parts of speech a value does not open with.
_NOT_OPENING = frozenset({"ADV", "DET", "PRON", "INTJ", "PUNCT", "CCONJ", "ADP", "PART"})
#: Keys by (predicate lemma, preposition or relation): data, so another attribute is a row.
_KEYS: dict[tuple[str, str], str] = {
    ("live", "in"): "lives_in",
    ("be", "in"): "lives_in",
    ("base", "in"): "lives_in",
    ("stay", "in"): "lives_in",
    ("move", "to"): "lives_in",
    ("be", "from"): "hometown",
    ("come", "from"): "hometown",
    ("work", "at"): "employer",
    ("work", "for"): "employer",
    ("be", "at"): "workplace",
    ("study", "at"): "school",
    ("study", "in"): "school",
    ("be", "attr"): "identity",
    ("be", "acomp"): "trait",
}


#: Keys one value of which holds at a time, as the rules read them (a later one replaces it).
_ONE_VALUE = frozenset({"lives_in", "hometown", "employer", "school"})


@dataclass(frozen=True)
class _Value:
    key: str
    start: int
    end: int


def speaker_frames(text: str) -> list[Frame]:
    """The speaker's values in ``text`` the parse gives. A text over ``MAX_CHARS`` gives none:
    a chat sentence is shorter, and the cap bounds what one sentence may cost."""
    if len(text) > MAX_CHARS or not text.strip():
        return []
    doc = parse(text)
    values: list[tuple[_Value, str]] = []  # (the value, whose: SELF or a family member)
    for tok in doc:
        if tok.dep_ not in ("nsubj", "nsubjpass") or _pretend(tok.sent):
            continue
        whose = SELF
        if tok.lower_ in _SPEAKER:
            key = None
        elif (relative := _relative(tok)) is not None:
            key, whose = None, relative  # "my uncle owns a restaurant in Lisbon"
        elif _own_attribute(tok):
            key = tok.lemma_.casefold()  # "home's Chennai", "postcode is M14 5RT"
        else:
            continue
        head = tok.head
        if head.dep_ in ("aux", "auxpass"):
            head = head.head  # ("I am gluten-free": the parse may hang "I" on the "am")
        if whose == SELF and key is None and not _question(head):
            values += [(v, whose) for v in _as_values(head)]  # "as a nurse, I ..."
        if key is None and (status := _status(head)) is not None:
            values.append((status, whose))  # "I'm retired", "my dad's retired"
        if key is None and (word := _split_adjective(head)) is not None:
            values.append((word, whose))  # "I am left-handed and ...": one word, split
        for pred in [head, *_sharing(head), *_been(head)]:
            if whose == SELF and key is None and pred.lemma_.casefold() in _TASTES:
                values += [(v, whose) for v in _preference_values(pred)]
            elif _asserts(pred):
                for p in [pred, *_participles(pred)]:
                    values += [(v, whose) for v in _predicate_values(p, key)]
    for sent in doc.sents:  # "PhD student, third year, ...": a fragment says what one is
        root = sent.root
        fragment = root.pos_ in ("NOUN", "PROPN") and _fragment(sent) and _asserts(root)
        if fragment and (_named(root) or _kind_noun(root)):
            for n in [root, *_conjuncts(root)]:
                values += [(v, SELF) for v in _noun_values(n, "identity")]
            for p in _participles(root):
                values += [(v, SELF) for v in _predicate_values(p)]
    out: list[Frame] = []
    seen: set[str] = set()
    for v, whose in values:
        start, end = v.start, v.end
        while end > start and not text[end - 1].isalnum() and text[end - 1] not in ".)'’":
            end -= 1  # ("Tesla Model 3," : no trailing comma)
        value = text[start:end]
        if not value or value.casefold() in seen or value == whose:
            continue
        seen.add(value.casefold())
        multi = v.key not in _ONE_VALUE  # (a new home replaces the old; a trait adds)
        out.append(Frame(v.key, value, (start, end), subject=whose, multi=multi))
    return out


def _as_values(pred: Any) -> list[_Value]:
    """What the speaker says they are with "as" ("As a practising Muslim I don't drink", "as a
    nurse I'd say ..."): the premise holds whatever the clause then denies or weighs."""
    out: list[_Value] = []
    for prep in (c for c in pred.children if c.dep_ == "prep" and c.lower_ == "as"):
        if prep.i > pred.i and prep.i != pred.sent.start:
            continue  # ("I work as a nurse" is the clause's own value; "as well as", "such as")
        for obj in (c for c in prep.children if c.dep_ == "pobj" and c.pos_ in ("NOUN", "PROPN")):
            out += _noun_values(obj, "identity")
    return out


#: Keys of a status said as a participle or an adjective, by its word list (a marital status
#: is the rules': "my wife and I have been married 12 years" says how long, read as that).
_STATUSES: dict[str, str] = dict.fromkeys(WORK_STATUS, "employment_type")


def _status(pred: Any) -> _Value | None:
    """A status the clause's predicate itself says ("I'm retired", "I'm retired now"): a
    participle of "be" in ``_STATUSES``, asserted (a status word such as
    "retired" is also a verb of ending, which ``_asserts`` would take as one)."""
    if pred.lower_ not in _STATUSES or pred.tag_ not in ("VBN", "JJ"):
        return None
    if not any(c.dep_ in ("auxpass", "aux") and c.lemma_ == "be" for c in pred.children):
        return None  # ("I retired in May": an ending, no status said)
    if any(c.dep_ in ("dobj", "agent") for c in pred.children) or _past(pred):
        return None  # ("we were married by a priest", "I was retired")
    if not _asserts(pred, status=True):
        return None
    return _Value(_STATUSES[pred.lower_], *_span([pred]))


def _split_adjective(pred: Any) -> _Value | None:
    """A hyphenated adjective the parse split into a participle and its complement, and took
    for the clause's verb ("I am left-handed and weirdly proud of it": "left" the root, "handed"
    its ``oprd``; "I am laid-back"): one trait, the whole written word."""
    doc = pred.doc
    if pred.tag_ not in ("VBN", "VBD") or pred.i + 2 >= len(doc):
        return None
    hyphen, rest = doc[pred.i + 1], doc[pred.i + 2]
    if hyphen.text != "-" or pred.whitespace_ or hyphen.whitespace_ or rest.head.i != pred.i:
        return None
    if not any(c.dep_ in ("aux", "auxpass") and c.lemma_ == "be" for c in pred.children):
        return None
    if not _asserts(pred, status=True):
        return None
    return _Value(_KEYS[("be", "acomp")], *_span([pred, hyphen, rest]))


def _question(pred: Any) -> bool:
    """Whether the clause's sentence asks (a question asserts nothing)."""
    return str(pred.sent.text).rstrip().endswith("?")


def _speakers_possessive(tok: Any) -> bool:
    return tok.dep_ == "poss" and tok.lower_ in ("my", "our")


def _owned(tok: Any) -> bool:
    """Whether a noun is the speaker's ("my X", "our X")."""
    return any(_speakers_possessive(c) for c in tok.children)


def _participles(pred: Any) -> list[Any]:
    """Clauses of an "-ing" verb with no subject of their own, which take the speaker's ("I'm
    an accountant, working with KPMG"; "PhD student, researching coral reefs")."""
    return [
        c
        for c in pred.children
        if c.dep_ in ("advcl", "acl", "xcomp", "conj")
        and c.tag_ == "VBG"
        and not _has_subject(c)
        and _asserts(c)
    ]


def _relative(tok: Any) -> str | None:
    """Who a subject "my husband Tunde", "my uncle" is: the name it gives, or the relation;
    None when the subject is no family member of the speaker's."""
    if not _owned(tok):
        return None
    relation = FAMILY.get(_stem(tok.text))
    if relation is None:
        return None
    names = [c for c in tok.children if c.dep_ in ("appos", "compound") and c.text[:1].isupper()]
    if tok.pos_ == "PROPN" and tok.i > 0 and FAMILY.get(_stem(tok.doc[tok.i - 1].text)):
        return _whole_name(tok)  # ("my husband Tunde": the parse may make the name the head)
    return _whole_name(names[0]) if names else relation


def _whole_name(tok: Any) -> str:
    """The capitalised words around ``tok`` ("Mary Ann", "Tunde Bakare")."""
    doc = tok.doc
    a = b = tok.i
    while a > tok.sent.start and doc[a - 1].text[:1].isupper():
        if FAMILY.get(_stem(doc[a - 1].text)):
            break  # ("My sister Mary Ann": "My sister" is no part of it)
        a -= 1
    while b + 1 < tok.sent.end and doc[b + 1].text[:1].isupper():
        b += 1
    return doc[a : b + 1].text


def _sharing(pred: Any) -> list[Any]:
    """Verbs joined to ``pred`` that take its subject ("I drive for Uber and do admin")."""
    joined = [c.i for c in pred.children if c.dep_ == "cc"]
    return [
        c
        for c in pred.children
        if c.dep_ == "conj"
        and c.pos_ in ("VERB", "AUX")
        # joined by "and" or "but" ("..., go Swannies!" is an exclamation, not a clause of it)
        and any(pred.i < j < c.i for j in joined)
        and not any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children)
    ]


def _been(pred: Any) -> list[Any]:
    """Clauses after a comma with no subject of their own, which take the speaker's: a clause
    of "been", which says how long ("I run my own bakery, been open since 2021", "a plumber,
    been doing it since 2010": chat leaves out the "I've"), or a verb in the present of "I"
    ("I've got a PS5, mostly play FIFA on it"; an order to the assistant is no such form). The
    parse may hang the speaker's clause from the other ("I'm an electrician" as its
    ``ccomp``)."""
    near = [c for c in pred.children if c.dep_ in _JOINED and c.i > pred.i]
    if pred.dep_ in _JOINED and pred.head.i > pred.i:
        near.append(pred.head)
    return [
        c
        for c in near
        if (_been_clause(c) or (c.tag_ == "VBP" and c.pos_ == "VERB"))
        and not _has_subject(c)
        and not any(g.dep_ == "cc" for g in pred.children if pred.i < g.i < c.i)
    ]


def _been_clause(tok: Any) -> bool:
    return tok.lower_ == "been" or any(a.lower_ == "been" and a.dep_ == "aux" for a in tok.children)


#: Relations by which the parse joins a clause after a comma to another.
_JOINED = frozenset({"conj", "dep", "parataxis", "ccomp"})


def _asserts(pred: Any, tastes: bool = False, past: bool = False, status: bool = False) -> bool:
    """Whether the clause says how things are: not denied, not a modal's or a wish's, not
    under a condition, not a question, and not in the past (``tastes``: a verb of taste
    asserts too; ``past``: so does the past; ``status``: a participle of a status, "retired",
    is no ending)."""
    lemma = pred.lemma_.casefold()
    if lemma in _NOT_ASSERTING and not (tastes and lemma in _TASTES):
        return False
    if pred.lower_ in TERMINATIVE and not status:
        return False  # ("I left Deloitte", "sold the Golf": the rules read the ending)
    if not past and _past(pred):
        return False  # ("I was at Barclays until March": not the speaker's now)
    for c in pred.children:
        if c.dep_ == "neg" or (c.dep_ == "aux" and c.lower_ in _MODALS):
            return False
        if c.dep_ == "mark" and c.lower_ in _CONDITIONS:
            return False
    node = pred
    while node.head.i != node.i:  # a clause inside a wish or a condition
        if node.dep_ in ("xcomp", "ccomp", "advcl") and (
            node.head.lemma_.casefold() in _NOT_ASSERTING
            or any(c.dep_ == "mark" and c.lower_ in _CONDITIONS for c in node.children)
        ):
            return False
        node = node.head
    return not _question(pred)


def _past(pred: Any) -> bool:
    """A clause in the past tense ("I was at Deloitte", "I lived in Leeds"); a present perfect
    ("I've lived in Toronto for six years") still holds."""
    if pred.tag_ == "VBD":
        return True
    return any(
        c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" and c.lower_ != "been"  # (a mis-tag)
        for c in pred.children
    )


def _own_attribute(tok: Any) -> bool:
    """A subject that is one of the speaker's own attributes: "my X" or a bare singular noun
    with no article ("home's Chennai", "postcode is M14 5RT", "pronouns are they/them")."""
    if tok.pos_ != "NOUN" or tok.lower_ in _EMPTY or tok.ent_type_:
        return False
    word = _stem(tok.text)
    if word in FAMILY or word in OTHER_PEOPLE or word in PETS or is_job(word):
        return False  # ("my friend/landlord lives in Spain": someone else's; a pet's: the rules')
    if tok.text[:1].isupper() and tok.i != tok.sent.start:
        return False  # ("Chip's the baby": a name, the pet's, not the speaker's attribute)
    mods = [c for c in tok.children if c.dep_ in ("det", "poss", "amod", "compound")]
    return all(_speakers_possessive(c) for c in mods)


#: Words of a fragment that thanks, greets, signs off or asks: its names are not the speaker's.
_ADDRESSING = frozenset(
    """thanks thank cheers regards hi hello hey dear bye goodbye congrats congratulations
    happy merry please""".split()
)
#: Entities of a fragment that make it a price or a count said, not what the speaker is.
_AMOUNTS = frozenset({"MONEY", "PERCENT", "QUANTITY", "CARDINAL"})
#: Clauses a verb of which may stand in a fragment: it describes the noun, it says nothing.
_DESCRIBING = frozenset({"acl", "relcl", "amod", "compound"})


def _fragment(sent: Any) -> bool:
    """A verbless sentence that is no greeting or exclamation ("Wei Zhang.", "PhD student,
    third year, researching coral reefs"; not "ugh mondays", "big news!")."""
    if sent.text.rstrip().endswith("!") or _has_subject(sent.root):
        return False
    if sent[0].lower_ in ("so", "and", "but", "or") or sent[0].pos_ in ("CCONJ", "SCONJ"):
        return False  # ("so non-alcoholic suggestions only": what the speaker asks for)
    root = sent.root
    if len(sent) == 1 + (sent[-1].pos_ == "PUNCT") and not root.ent_type_:
        return False  # ("hola", "G'day"): a greeting
    if any(c.lower_ in _GRADING or (c.text == ":" and c.i > root.i) for c in root.children):
        return False  # ("big news", "quick intro: ..."): an exclamation, a heading
    for t in sent:
        if t.pos_ == "INTJ" or (t.pos_ in ("VERB", "AUX") and t.dep_ not in _DESCRIBING):
            return False
        if t.lower_ in _ADDRESSING or t.ent_type_ in _AMOUNTS:
            return False  # ("Thanks, Sarah.", "Aria Headphones, $149.", "Delivery please.")
        if _speakers_possessive(t):
            return False  # ("Whiskers, my old boy": the speaker's pet, read by the rules)
    return True


def _has_subject(tok: Any) -> bool:
    """Whether a clause names its own subject (then it is not the speaker's by default)."""
    return any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in tok.children)


def _pretend(sent: Any) -> bool:
    """A game, a story or a proposal ("let's play a game: I'm a fisherman"): no fact."""
    return any(
        t.lemma_.casefold() in _PRETENDING
        or (t.lower_ == "let" and t.i + 1 < sent.end and t.nbor().lower_ in ("'s", "’s", "us"))
        for t in sent
    )


def _lemma(pred: Any) -> str:
    """The predicate's lemma; a contracted "be" ("Kofi's in Accra") is "be"."""
    lemma = str(pred.lemma_).casefold()
    return "be" if lemma in ("'s", "’s", "'re", "’re", "'m", "’m") else lemma


def _predicate_values(pred: Any, subject_key: str | None = None) -> list[_Value]:
    """The values a clause's predicate takes; ``subject_key``: the subject is the speaker's
    own attribute ("my office is in Leeds" is ``office_in``, not where the speaker lives)."""
    lemma = _lemma(pred)
    out: list[_Value] = []
    for c in pred.children:
        if c.lower_ == "so" and c.dep_ in ("cc", "advmod", "mark"):
            break  # ("I'm teetotal, so non-alcoholic suggestions only": what follows is asked)
        dep = "attr" if c.dep_ == "conj" and lemma == "be" else c.dep_  # "I'm X and a Y"
        if c.dep_ == "dobj" and lemma in _HOUSEHOLD_VERBS:
            for n in [c, *_conjuncts(c)]:
                out += _counted(n)  # "I keep three chickens and two goats": how many
        if dep in ("attr", "dobj", "oprd") and c.pos_ in ("NOUN", "PROPN", "NUM"):
            if dep == "dobj" and (lemma in _LIGHT or not (_named(c) or _kind_noun(c))):
                if lemma not in _LIGHT:  # "I run my own bakery in Ballarat": where it is
                    out += _places(c, subject_key or lemma, _PLACES)
                continue
            key = _KEYS.get((lemma, "attr"), f"{lemma}_object") if dep == "attr" else lemma
            key = subject_key or key
            for n in [c, *_conjuncts(c)]:
                out += _noun_values(n, key)
        elif c.dep_ == "npadvmod" and _perfect(pred) and _length(c):
            out.append(_Value(f"{lemma}_for", *_span(_from_number(c))))  # "been together 9 years"
        elif c.dep_ == "acomp" and lemma == "be" and c.lower_ in _TASTE_ADJECTIVES:
            out += _taste_objects(c, _TASTE_ADJECTIVES[c.lower_])  # "mad about gardening"
        elif c.dep_ == "prep" and lemma == "be" and c.lower_ == "into":
            out += _taste_objects(pred, "into")  # "I'm really into vinyl"
        elif c.dep_ == "acomp" and c.pos_ == "ADJ" and lemma == "be":
            if _perfect(pred):  # "been open five years": how long the state has held
                for g in (g for g in c.children if g.dep_ == "npadvmod" and _length(g)):
                    out.append(_Value(f"{c.lemma_.casefold()}_for", *_span(_from_number(g))))
            for n in [c, *_conjuncts(c)]:
                word = n.doc[_word_start(n.doc, n.i) : n.i + 1]  # ("left-handed")
                if any(c.dep_ == "neg" for t in word for c in t.children):
                    continue  # ("I am not left-handed": the parse hangs "not" on "left")
                if _naming_adjective(n) or "-" in word.text:
                    out.append(_Value(_KEYS[("be", "acomp")], *_span(list(word))))
        elif c.dep_ == "prep" and c.lower_ == "because":  # "gluten-free because of coeliac disease"
            for of in (g for g in c.children if g.dep_ in ("pcomp", "prep") and g.lower_ == "of"):
                for n in (o for o in of.children if o.dep_ == "pobj"):
                    if _named(n) or _kind_noun(n):
                        out += _noun_values(n, "reason")
            for n in (o for o in c.children if o.dep_ == "pobj"):  # (parsed without the "of")
                if _named(n) or _kind_noun(n):
                    out += _noun_values(n, "reason")
        elif lemma == "live" and (alone := _alone(c)):
            out.append(_Value("lives_with", *_span(alone)))  # "lives in Karachi on her own"
        elif c.dep_ == "prep" or (c.dep_ == "conj" and c.pos_ == "ADP"):
            found = _prep_values(lemma, c, lasting=_perfect(pred))
            if subject_key:
                found = [_Value(f"{subject_key}_{c.lower_}", v.start, v.end) for v in found]
            elif _a_stay(pred):  # "I'm in London for a conference next week": not a home
                found = [_Value(_STAY, v.start, v.end) if v.key == "lives_in" else v for v in found]
            out += found
    return out


def _places(head: Any, key: str, prepositions: frozenset[str]) -> list[_Value]:
    """The names ``head``'s own prepositions take, keyed ``<key>_<preposition>``: of an object
    that is no value itself ("owns a restaurant in Lisbon": ``own_in``, with ``_PLACES``) or
    of a taste ("especially in the Peak District": ``likes_in``); a time ("at Christmas") is
    none."""
    out: list[_Value] = []
    for prep in (p for p in head.children if p.dep_ == "prep" and p.lower_ in prepositions):
        for n in (c for c in prep.children if c.dep_ == "pobj"):
            if _named(n) and n.ent_type_ not in ("DATE", "TIME"):
                out += _noun_values(n, f"{key}_{prep.lower_}")
    return out


#: Adjectives of "be" that say a taste, by the preposition that takes what is liked ("I'm mad
#: about gardening", "obsessed with K-dramas", "keen on rugby", "fond of jazz").
_TASTE_ADJECTIVES = {
    "mad": "about",
    "crazy": "about",
    "passionate": "about",
    "obsessed": "with",
    "keen": "on",
    "big": "on",
    "fond": "of",
}


def _taste_objects(head: Any, word: str) -> list[_Value]:
    """What the speaker likes, the objects of ``head``'s preposition ``word``, each listed one
    and the ones an aside names ("mad about gardening, mostly roses and dahlias")."""
    out: list[_Value] = []
    for prep in (p for p in head.children if p.dep_ == "prep" and p.lower_ == word):
        for obj in prep.children:
            if obj.dep_ == "pobj" and obj.pos_ in ("NOUN", "PROPN"):
                for n in [obj, *_conjuncts(obj)]:
                    out += _noun_values(n, "likes")
            elif obj.dep_ == "pcomp" and obj.tag_ == "VBG":  # "mad about baking"
                out.append(_Value("likes", *_span([obj])))
    return out


def _alone(tok: Any) -> list[Any]:
    """The words of living alone a "live" clause's modifier says ("alone", "on her own", "by
    myself"), or none."""
    if tok.dep_ == "advmod" and tok.lower_ == "alone":
        return [tok]
    if tok.dep_ != "prep" or tok.lower_ not in ("on", "by"):
        return []
    for obj in (c for c in tok.children if c.dep_ == "pobj"):
        own = (
            tok.lower_ == "on"
            and obj.lower_ == "own"
            and any(c.dep_ == "poss" for c in obj.children)
        )
        if own or (tok.lower_ == "by" and obj.lower_ in _SELVES):
            return list(tok.doc[tok.i : obj.i + 1])
    return []


#: Reflexive pronouns of living by oneself ("by myself").
_SELVES = frozenset("myself herself himself themselves ourselves".split())


#: Verbs of taste: what the speaker likes (True) or dislikes (False); denied, the other.
_TASTES: dict[str, bool | None] = {
    **dict.fromkeys(LIKE_VERBS, True),
    "prefer": True,
    **dict.fromkeys(DISLIKE_VERBS, False),
    "stand": None,  # ("I can't stand X": only denied)
    "bear": None,
}


def _preference_values(pred: Any) -> list[_Value]:
    """What the speaker likes or dislikes: "I love hiking", "I can't stand coriander", "I don't
    like horror films" (a dislike); nothing for a wish ("I'd love a ...") or a question."""
    taste = _TASTES[pred.lemma_.casefold()]
    denied = any(c.dep_ == "neg" for c in pred.children)
    wish = any(c.dep_ == "aux" and c.lower_ in _MODALS for c in pred.children)
    if wish or _question(pred) or (taste is None and not denied):
        return []
    if taste is not None and denied and not taste:
        return []  # ("I don't hate it": no taste said)
    key = "likes" if taste and not denied else "dislikes"
    out: list[_Value] = []
    for c in pred.children:
        if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN"):
            for n in [c, *_conjuncts(c)]:
                out += _noun_values(n, key)
        elif c.dep_ in ("xcomp", "dobj") and c.tag_ == "VBG":  # "love hiking", "hate being stuck"
            objects = [o for o in c.children if o.dep_ == "dobj" and o.pos_ in ("NOUN", "PROPN")]
            if objects:
                out += _noun_values(objects[0], key)
            elif not any(o.dep_ in ("auxpass", "acomp") for o in c.children):
                out.append(_Value(key, *_span([c])))
            out += _places(c, key, _PREPOSITIONS)  # "love cycling in the Alps"
    return out + _places(
        pred, key, _PREPOSITIONS
    )  # "I love hiking, especially in the Peak District"


#: The key of a place the speaker is in for a while, not lives in.
_STAY = "staying_in"


def _a_stay(pred: Any) -> bool:
    """A clause of a stay: for a purpose ("for a conference") or a time ("next week")."""
    return any(
        (c.dep_ == "prep" and c.lower_ == "for")
        or (c.dep_ in ("npadvmod", "advmod") and c.ent_type_ in ("DATE", "TIME"))
        or c.lower_ in _FOR_NOW
        or (c.dep_ == "prep" and any(g.lower_ in _FOR_NOW for g in c.children))
        for c in pred.children
    )


#: Words of a stay said as "now" ("I'm in London right now", "at the moment").
_FOR_NOW = frozenset({"now", "moment", "today", "tonight"})


#: Nouns of a length of time a perfect clause says a state has lasted ("for twelve years").
_LENGTHS = frozenset({"year", "month", "week", "decade"})


def _perfect(pred: Any) -> bool:
    """A present perfect: what it says has held until now ("I've been a nurse", "have lived";
    chat's "been open since 2021", "been doing it for years" without its "have")."""
    if pred.lower_ == "been" and not any(c.dep_ == "aux" for c in pred.children):
        return True
    return any(
        c.dep_ == "aux" and c.lower_ in ("have", "'ve", "has", "been") for c in pred.children
    )


def _length(tok: Any) -> bool:
    """A length of time in years, months, weeks or decades ("twelve years", "about 5 months")."""
    return tok.ent_type_ == "DATE" and tok.lemma_.casefold() in _LENGTHS


def _from_number(tok: Any) -> list[Any]:
    """A length's words from its number on ("about eight years": "eight years")."""
    toks = list(tok.doc[tok.left_edge.i : tok.i + 1])
    while len(toks) > 1 and toks[0].pos_ in _NOT_OPENING:
        toks = toks[1:]
    return toks


def _counted(noun: Any) -> list[_Value]:
    """How many of a household's kind the speaker has or lives with ("three chickens", "two
    flatmates"): the number, keyed by the kind (other counts, "2 tickets", are no fact of
    theirs)."""
    kind = noun.lemma_.casefold()
    if kind not in PETS and kind not in FAMILY and kind not in OTHER_PEOPLE:
        return []
    plural = noun.lower_ if noun.tag_ == "NNS" else f"{kind}s"  # ("children", "puppies")
    return [
        _Value(f"number_of_{plural}", *_span([n]))
        for n in noun.children
        if n.dep_ == "nummod" and n.like_num
    ]


#: Verbs whose object counted is the speaker's household ("I have / keep / foster three ...";
#: "I walk three dogs for a living" is not).
_HOUSEHOLD_VERBS = frozenset({"have", "keep", "own", "foster", "raise", "get"})


def _prep_values(lemma: str, prep: Any, lasting: bool = False) -> list[_Value]:
    """The values a preposition of the predicate takes: names, kinds for "at", "for", "with"
    and "in", a date only after "since" ("on weekends", "in March" say when, not what) and,
    in a present perfect (``lasting``), a length after "for" ("I've been a paramedic for twelve
    years")."""
    word = prep.lower_
    if word not in _PREPOSITIONS or (word in _FORMER and lemma != "be" and lemma != "come"):
        return []
    key = _KEYS.get((lemma, word), f"{lemma}_{word}")
    out: list[_Value] = []
    for obj in (c for c in prep.children if c.dep_ == "pobj"):
        for n in [obj, *_conjuncts(obj)]:
            if word == "with":
                out += _counted(n)  # "a flat with two flatmates"
                if lemma == "live" and _household(n):  # "living with my parents"
                    out.append(_Value("lives_with", *_span([n])))
                    continue
            if n.ent_type_ in ("DATE", "TIME"):
                if word == "since":
                    out += _noun_values(n, key)
                elif word == "for" and lasting and _length(n):  # (how long, not the employer)
                    out.append(_Value(f"{lemma}_for", *_span(_from_number(n))))
            elif _named(n) or (n.pos_ == "NOUN" and word in _PLACES and _kind_noun(n)):
                out += _noun_values(n, key)
            elif n.pos_ == "NOUN" and n.lower_ not in _EMPTY:  # "on a rotation in A&E"
                out += _places(n, lemma, _PLACES)
    return out


def _household(noun: Any) -> bool:
    """A family member or a housemate of the speaker's, unnamed ("my parents", "two
    flatmates"): who the speaker lives with."""
    word = _stem(noun.text)
    return noun.pos_ == "NOUN" and (word in FAMILY or word in OTHER_PEOPLE) and not _named(noun)


def _noun_values(head: Any, key: str) -> list[_Value]:
    """The phrase ``head`` heads, without its article, possessive or grading words, then the
    names its own prepositions take ("a junior doctor with the NHS": the NHS)."""
    if head.lower_ in _EMPTY or head.pos_ == "PRON":
        return []
    if any(c.dep_ == "det" and c.lower_ == "no" for c in head.children):
        return []  # ("no dairy recipes": a denial, which the rules read)
    if head.ent_type_ in ("DATE", "TIME") and head.dep_ != "pobj":
        return []  # ("I'm 29" is read by the rules; "this week" is no value)
    first = head.i
    for left in reversed(list(head.lefts)):  # the modifiers next to it that name a kind
        if left.i != first - 1 and not (left.dep_ == "punct" and left.text == "-"):
            break
        if left.dep_ in ("compound", "nummod", "amod", "nmod", "punct") and (
            left.lower_ not in _GRADING
        ):
            first = left.left_edge.i
        else:
            break
    doc = head.doc
    while first < head.i and doc[first].pos_ in _NOT_OPENING:
        first += 1  # ("mostly night shifts": the adverb the modifier took is no value)
    last = head.i
    first = _word_start(doc, first)  # ("in-laws": the whole word)
    toks = list(doc[first : last + 1])
    # a named entity is taken whole ("James Cook Uni", "the Grand Union Canal")
    if head.ent_iob_ != "O" and head.ent_type_ in _NAMED:
        ent = next(e for e in head.doc.ents if e.start <= head.i < e.end)
        body = [t for t in ent if t.pos_ != "DET" or t.i > ent.start]
        toks = body or toks
    after = toks[-1].i + 1
    if head.pos_ == "PROPN" and after < len(doc) and doc[after].dep_ == "case":
        toks = [*toks, doc[after]]  # "Sainsbury's": a shop's name keeps its possessive
    out = [_Value(key, *_span(toks))]
    for prep in (c for c in head.children if c.dep_ == "prep" and c.lower_ in _PREPOSITIONS):
        for obj in (c for c in prep.children if c.dep_ == "pobj"):
            if _named(obj):
                out += _noun_values(obj, f"{key}_{prep.lower_}")
    return out


def _conjuncts(tok: Any) -> list[Any]:
    """The phrases listed with ``tok`` ("a Leo and a total introvert", "Bruno, and a tortoise")."""
    out = []
    for c in tok.children:
        if c.dep_ in ("conj", "appos"):
            out += [c, *_conjuncts(c)]
    return out


def _named(tok: Any) -> bool:
    """A name: a capitalised proper noun ("hola" tagged as one is not) or a naming entity."""
    if tok.pos_ == "PROPN":
        return tok.text[:1].isupper() or tok.text[:1].isdigit()
    return tok.ent_type_ in _NAMED and tok.pos_ != "PRON"


def _kind_noun(tok: Any) -> bool:
    """A common noun that names a kind by its modifier ("a dental practice", "the compliance
    team"), not a bare one ("on weekends", "in case")."""
    return tok.lower_ not in _EMPTY and any(
        c.dep_ in ("compound", "amod") and c.lower_ not in _GRADING for c in tok.lefts
    )


def _word_start(doc: Any, first: int) -> int:
    """Where the written word that token ``first`` ends begins: the parser splits "in-laws"
    and "left-handed" at their hyphens."""
    while (
        first > 0
        and not doc[first - 1].whitespace_
        and doc[first - 1].pos_ != "PUNCT"
        or (first > 1 and doc[first - 1].text == "-" and not doc[first - 2].whitespace_)
    ):
        first -= 1
    return first


def _naming_adjective(tok: Any) -> bool:
    """An adjective that names what the speaker is ("Mexican", "left-handed"), not how they
    feel ("tired", "happy")."""
    return tok.text[:1].isupper() or "-" in tok.text or tok.ent_type_ == "NORP"


def _span(toks: list[Any]) -> tuple[int, int]:
    first, last = toks[0], toks[-1]
    return first.idx, last.idx + len(last.text)


def speakers_assertion(text: str, value: str) -> bool:
    """Whether ``value`` (its first occurrence in ``text``) lies in a clause the speaker
    asserts of themselves: its predicate's subject is "I", "we" or one of the speaker's
    attributes (or a verb joined to such a clause, or a verbless fragment), and the clause is
    not denied, a modal's, a wish or a condition. A text too long to parse is given the benefit
    of the doubt."""
    at = text.find(value)
    if at < 0 or len(text) > MAX_CHARS:
        return True
    doc = parse(text)
    toks = [t for t in doc if at <= t.idx < at + len(value)]
    if not toks:
        return True
    inside = {t.i for t in toks}
    node = next((t for t in toks if t.head.i not in inside or t.head.i == t.i), toks[0])
    if node.pos_ in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head  # (the value's own head word, "stay-at-home dad", is no clause)
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head
    if node.pos_ not in ("VERB", "AUX"):
        return _fragment(node.sent)
    pred = node
    while pred.dep_ == "conj" and not _has_subject(pred):
        pred = pred.head  # ("I drive ... and do admin": the subject of the first)
    subjects = [c for c in pred.children if c.dep_ in ("nsubj", "nsubjpass")]
    if not subjects:
        return False
    who = subjects[0]
    mine = who.lower_ in _SPEAKER or _owned(who) or _own_attribute(who)
    return mine and _asserts(node, True, True) and _asserts(pred, True, True)


def stray_time(text: str, key: str, value: str) -> bool:
    """Whether a fallback rule's ``key: value`` is a time misread as a value ("max_died:
    January", "still_unpacking: last month"): ``value`` (its first occurrence in ``text``) is
    nothing but a point in time the parse names with no number (a length, "eight years", "30
    days", is a value, and so is a date, "18 August"), and its
    clause is not the speaker's, nor a family member's ("Max died in January", "it's hot
    today"), or the key's words are not in that clause (the key is another clause's). A text
    too long to parse, or a value not in it, is not."""
    at = text.find(value)
    if at < 0 or len(text) > MAX_CHARS or not value.strip():
        return False
    toks = [t for t in parse(text) if at <= t.idx < at + len(value) and not t.is_punct]
    if not toks or not all(t.ent_type_ in ("DATE", "TIME") for t in toks):
        return False
    inside = {t.i for t in toks}
    head = next((t for t in toks if t.head.i not in inside or t.head.i == t.i), toks[0])
    if _length_phrase(head) or any(t.like_num for t in toks):
        return False  # ("been doing it about eight years", "within 4 hours": a value)
    pred = head
    while pred.pos_ not in ("VERB", "AUX") and pred.head.i != pred.i:
        pred = pred.head
    words = _clause_words(pred)
    if any(w not in words for w in key.split("_") if len(w) > 2):
        return True  # ("I can't stop crying" keyed, "last week" of the clause before)
    while not _has_subject(pred) and pred.dep_ in _TAKES_SUBJECT and pred.head.i != pred.i:
        pred = pred.head  # ("we're planning to try for a baby next year": the planner's)
    who = next((c for c in pred.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    return who is None or not (who.lower_ in _SPEAKER or _relative(who) is not None)


def said_of_someone(text: str, value: str) -> bool:
    """Whether ``value`` (its first occurrence in ``text``) is a plain description (no name, no
    number, no entity the parse names) said of a pronoun, of no noun at all, or of a person
    who is not the speaker's family ("Benji was my old dog", "Kate is her best friend", "it's
    all on me", "fluently is a stretch"): the chat's aside about someone, no fact to keep. A
    product or a place described ("Rhythm Spin is a full hour", "it's Australia now") names
    something, and stays. A text too long to parse, or a value not in it, is not."""
    at = text.find(value)
    if at < 0 or len(text) > MAX_CHARS or not value.strip():
        return False
    toks = [t for t in parse(text) if at <= t.idx < at + len(value) and not t.is_punct]
    if not toks or any(t.ent_type_ or t.pos_ == "PROPN" or t.like_num for t in toks):
        return False
    inside = {t.i for t in toks}
    pred = next((t for t in toks if t.head.i not in inside or t.head.i == t.i), toks[0])
    while pred.pos_ not in ("VERB", "AUX") and pred.head.i != pred.i:
        pred = pred.head
    subjects = [c for c in pred.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
    if not subjects:
        return any(c.dep_ == "advmod" and c.i < pred.i for c in pred.children)  # ("fluently")
    who = subjects[0]
    if who.lower_ in _SPEAKER or _owned(who) or _relative(who) is not None:
        return False
    return who.pos_ == "PRON" or who.ent_type_ == "PERSON"


#: Relations of a clause without a subject of its own that takes its head's.
_TAKES_SUBJECT = frozenset({"xcomp", "advcl", "conj"})
#: Relations of another clause inside a clause's subtree.
_OTHER_CLAUSE = frozenset({"conj", "cc", "advcl", "ccomp", "parataxis"})


def _clause_words(pred: Any) -> set[str]:
    """The words (as written and their lemmas, lower case) of ``pred``'s own clause, without
    the clauses joined to it."""
    out: set[str] = set()
    todo = [pred]
    while todo:
        t = todo.pop()
        out |= {t.lower_, str(t.lemma_).casefold()}
        todo += [c for c in t.children if not (c.dep_ in _OTHER_CLAUSE and c.head.i == pred.i)]
    return out


#: Units of time a length is counted in ("a full hour", "a week", "30 days").
_UNITS = _LENGTHS | {"second", "minute", "hour", "day", "fortnight", "century"}


def _length_phrase(head: Any) -> bool:
    """A length of time ("eight years", "a week"), not a point in it ("next year")."""
    return head.lemma_.casefold() in _UNITS and any(
        c.dep_ == "nummod" or (c.dep_ == "det" and c.lower_ in ("a", "an")) for c in head.children
    )
