"""The fixed vocabularies of the memory model: entity types, categories, source kinds and their
trust, and attribute-key synonyms. One module, so a reader finds every constant in one place.

Categories (importance at write, decay per day, time to live):

============  ==========  =============  ===========================================
category      importance  decay per day  lifetime
============  ==========  =============  ===========================================
identity      1.0         none           long
knowledge     0.8         x 0.995        fades unless reinforced or consolidated
context       0.5         x 0.95         expires 7 days after it was known
instruction   1.0         none           until revoked (revocation deactivates it)
uncertainty   1.0         none           until resolved
episodic      (turns)     engine decay   written once, never reconciled
============  ==========  =============  ===========================================

A returned fact's importance is multiplied by 1.1 (capped at 1.0) each time recall returns it.
Trust priors by source kind: document and upsert 0.9 > turn 0.6 > consolidation 0.5 > reflect and
elaboration 0.4. Authoritative kinds are ``document`` and ``upsert``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "AUTHORITATIVE_KINDS",
    "CATEGORIES",
    "ENTITY_TYPES",
    "SOURCE_KINDS",
    "TRUST_PRIORS",
    "Category",
    "canonical_key",
    "is_known_key",
    "is_person_key",
    "entity_type",
    "is_authoritative",
    "normalize_name",
]

ENTITY_TYPES = (
    "person",
    "organisation",
    "project",
    "location",
    "topic",
    "product",
    "policy",
    "concept",
    "event",
    "agent",
    "service",
    "other",
)

_TYPE_SYNONYMS = {
    "organization": "organisation",
    "org": "organisation",
    "company": "organisation",
    "business": "organisation",
    "team": "organisation",
    "employer": "organisation",
    "people": "person",
    "user": "person",
    "customer": "person",
    "human": "person",
    "place": "location",
    "city": "location",
    "country": "location",
    "address": "location",
    "item": "product",
    "sku": "product",
    "device": "product",
    "rule": "policy",
    "regulation": "policy",
    "idea": "concept",
    "subject": "topic",
    "meeting": "event",
    "bot": "agent",
    "assistant": "agent",
    "api": "service",
    "system": "service",
    "document": "other",
}

SOURCE_KINDS = ("document", "upsert", "turn", "reflect", "elaboration", "consolidation")
AUTHORITATIVE_KINDS = frozenset({"document", "upsert"})
TRUST_PRIORS = {
    "document": 0.9,
    "upsert": 0.9,
    "turn": 0.6,
    "consolidation": 0.5,
    "reflect": 0.4,
    "elaboration": 0.4,
}

_DAY_MS = 86_400_000


@dataclass(frozen=True)
class Category:
    name: str
    importance: float
    #: Importance multiplier per day (1.0: no decay).
    decay_per_day: float
    #: Rows of this category expire this long after they were known (None: never).
    ttl_ms: int | None


CATEGORIES: dict[str, Category] = {
    "identity": Category("identity", 1.0, 1.0, None),
    "knowledge": Category("knowledge", 0.8, 0.995, None),
    "context": Category("context", 0.5, 0.95, 7 * _DAY_MS),
    "instruction": Category("instruction", 1.0, 1.0, None),
    "uncertainty": Category("uncertainty", 1.0, 1.0, None),
}

#: Recall multiplies a returned fact's importance by this (capped at 1.0).
RECALL_BOOST = 1.1


def is_authoritative(kind: str) -> bool:
    return kind in AUTHORITATIVE_KINDS


def entity_type(raw: str | None) -> str:
    """The closed type of an entity: near-synonyms fold in, anything else is ``other``."""
    t = (raw or "").strip().casefold()
    if t in ENTITY_TYPES:
        return t
    return _TYPE_SYNONYMS.get(t, "other")


_NON_WORD = re.compile(r"[^\w]+")


def normalize_name(name: str) -> str:
    """An entity's identity within its type: casefolded words joined by ``_`` ("AirPods Pro" ->
    ``airpods_pro``); possessives and a leading article are dropped."""
    words = _NON_WORD.sub(" ", name.replace("’", "'").replace("'s ", " ").casefold()).split()
    if words and words[0] in ("the", "a", "an", "my", "our", "your") and len(words) > 1:
        words = words[1:]
    # "the Atlas project" is "Atlas"; "Acme Inc" is "Acme"
    while len(words) > 1 and words[-1] in _GENERIC_TAILS:
        words = words[:-1]
    return "_".join(words)


_GENERIC_TAILS = frozenset({"project", "app", "inc", "ltd", "llc", "corp", "gmbh", "plc"})


# Attribute keys that name the same thing. The canonical key comes first; matching also uses
# embedding similarity of key phrases, so this list holds the cases similarity gets wrong.
_KEY_SYNONYMS: dict[str, tuple[str, ...]] = {
    "return_window": (
        "return_policy",
        "returns",
        "return",
        "returned",
        "return_period",
        "returns_window",
        "return_days",
        "return_window_days",
        "returns_accepted_within",
        "return_within",
    ),
    "price": ("cost", "costs", "price_usd", "list_price", "retail_price", "amount", "priced_at"),
    "role": ("title", "job_title", "position", "job", "works_as", "occupation", "is_the"),
    # (no bare "company", "home", "city": they name an organisation's own things too)
    "employer": ("works_at", "works_for", "employed_by", "job_at"),
    "lives_in": ("lives", "residence", "home_town_now", "based_in", "moved_to", "live_in"),
    "name": ("called", "full_name", "goes_by"),
    "warranty": ("warranty_period", "guarantee", "warranty_length", "warranty_months"),
    "shipping_time": (
        "delivery_time",
        "shipping",
        "ships_in",
        "shipping_days",
        "ships",
        "arrive",
        "to_arrive",
        "transit",
        "transit_time",
    ),
    "max_guests": (
        "maximum_guests",
        "guests",
        "occupancy",
        "max_occupancy",
        "sleeps",
        "sleep",
        "accommodates",
        "capacity",
    ),
    "refund_time": ("refunds", "refund", "refunded", "refund_processing", "money_back"),
    "pet": ("pets", "has_pet", "owns_pet"),
    "annual_leave": (
        "annual_leave_days",
        "holiday",
        "holidays",
        "holiday_allowance",
        "vacation",
        "vacation_days",
        "pto",
        "paid_time_off",
    ),
    "age": ("years_old",),
    "birthday": ("born_on", "date_of_birth", "birth_date", "dob"),
    "email": ("email_address", "mail"),
    "phone": ("phone_number", "telephone", "mobile"),
    "language": ("speaks", "preferred_language"),
    "timezone": ("time_zone", "tz"),
    "battery_life": (
        "battery",
        "battery_hours",
        "single_charge",
        "per_charge",
        "on_a_charge",
    ),
    "charging_time": ("charge_fully", "charging_time", "charge_time", "to_charge_fully"),
    "support_hours": ("opening_hours", "hours", "open_hours", "business_hours"),
}
_CANONICAL = {alias: key for key, aliases in _KEY_SYNONYMS.items() for alias in (key, *aliases)}


def is_known_key(key: str) -> bool:
    """Whether a key (or phrase) is in the synonym vocabulary."""
    return "_".join(_NON_WORD.sub(" ", key.casefold()).split()) in _CANONICAL


#: Attributes of a person the first-person reader names: each one is its own attribute, never
#: the same as another ("nationality" is no "lives_in", "dog_name" no "cat_name").
PERSON_KEYS = frozenset(
    """nationality nickname surname first_name marital_status employment_type workplace
    work_location field region birth_year birthplace home_type trait birth_order
    work_schedule commute_destination allergy likes dislikes diet pet twin address business
    moving_to vehicle car trip_destination""".split()
)
_PERSON_KEY_SHAPE = re.compile(r"^(?:number_of_[a-z]+|[a-z]+_(?:name|age)|favourite_[a-z]+)$")


def is_person_key(key: str) -> bool:
    """A key the vocabulary knows apart from any other: a synonym key or a person's
    attribute (``PERSON_KEYS``, ``<relation>_name``, ``number_of_<things>``, ...)."""
    return is_known_key(key) or key in PERSON_KEYS or bool(_PERSON_KEY_SHAPE.match(key))


#: Compounds that contain a synonym but name something else ("tax return" is no return window).
NOT_KEYS = frozenset(
    {
        "tax_return",
        "assessment_return",
        "return_flight",
        "return_ticket",
        "return_trip",
        "return_journey",
        "on_return",
        "in_return",
    }
)


def canonical_key(key: str) -> str:
    """The normalised, synonym-folded form of an attribute key ("Return Policy" ->
    ``return_window``; unknown keys are just snake_cased)."""
    k = "_".join(_NON_WORD.sub(" ", key.replace("’", "'").casefold()).split())
    return _CANONICAL.get(k, k)
