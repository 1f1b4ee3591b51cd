"""Conflict-detection cases for the reconciler, written as data only.

Each case makes the writes in ``setup`` in order, then the ``probe`` write, and states what the
probe must do (DESIGN.md section 6, seed 000):

- ``"conflict"``: an uncertainty/conflict is opened by the probe; an authoritative record is left
  unchanged and the experiential belief is kept in the speaker's scope with provenance;
- ``"supersede"``: the probe closes an older experiential value of the same user (no conflict);
- ``"close"``: an explicit negation ("no longer", "used to", "anymore") closes an older value
  (no conflict);
- ``"corroborate"``: the same fact restated, possibly in other units or words (no conflict);
- ``"none"``: unrelated entity/attribute, a question or wish, or a non-overlapping scope.

Conventions: documents and upserts are authoritative, turns experiential. In a user turn "I/my"
is the user of that scope and "you/your" the organisation of the nearest ``org/<name>`` scope.
Authoritative facts in an ancestor scope (``org/acme``) apply to every scope below it
(``org/acme/user/alice``, ``org/acme/team/retail``); beliefs in sibling scopes never conflict
with each other. Session ids are ``<last scope segment>-s<n>``; turn timestamps increase within
a case. No test functions live here; a test module parametrises over ``CASES``.
"""

# Cases per category (95 in total):
#   paraphrase_conflict  19
#   agreement            16
#   unrelated            15
#   supersession         15
#   negation             15
#   other_scope          15
# Cases per expected outcome:
#   conflict             19
#   supersede            15
#   close                15
#   corroborate          16
#   none                 30

CASES: list[dict] = [
    # paraphrase_conflict --------------------------------------------------------------------------
    {
        "id": "para-returns-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": (
                    "# Returns\n\nReturns are accepted within 30 days of delivery. Items must "
                    "be unused and in their original packaging."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your return policy is 60 days.",
            "at": "2026-01-05T09:00:00Z",
        },
        "expect": "conflict",
        "note": "seed worked example: policy says a 30-day window, customer believes 60 days",
    },
    {
        "id": "para-price-airpods-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The AirPods Pro cost $199 at your store.",
            "at": "2026-01-06T09:07:00Z",
        },
        "expect": "conflict",
        "note": "catalogue price $249 vs customer's $199 for the same product",
    },
    {
        "id": "para-support-hours-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "support.md",
                "text": (
                    "# Customer support\n\nOur support line is open from 9am to 5pm, Monday to "
                    "Friday."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your support line is open until 8pm on weekdays.",
            "at": "2026-01-07T09:14:00Z",
        },
        "expect": "conflict",
        "note": "support closes at 5pm per the document, customer says 8pm",
    },
    {
        "id": "para-shipping-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "shipping.md",
                "text": "Standard shipping takes 3-5 business days within the continental US.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Standard shipping with you takes two weeks.",
            "at": "2026-01-08T09:21:00Z",
        },
        "expect": "conflict",
        "note": "3-5 business days vs two weeks (duration range vs duration in words)",
    },
    {
        "id": "para-warranty-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "warranty.md",
                "text": (
                    "## Warranty\n\nEvery Acme blender comes with a 2-year warranty against "
                    "manufacturing defects."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Your blenders only have a one-year warranty.",
            "at": "2026-01-09T09:28:00Z",
        },
        "expect": "conflict",
        "note": "2-year warranty in the document vs 'one-year' in the turn",
    },
    {
        "id": "para-battery-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {
                        "subject": "Acme X2 Headphones",
                        "type": "product",
                        "key": "battery_life",
                        "value": "30 hours",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The X2 headphones from your shop last 50 hours on a single charge.",
            "at": "2026-01-10T09:35:00Z",
        },
        "expect": "conflict",
        "note": "battery life 30 h vs 50 h; 'X2 headphones' must resolve to 'Acme X2 Headphones'",
    },
    {
        "id": "para-weight-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "traillite.md",
                "text": (
                    "# TrailLite 2\n\nThe TrailLite 2 tent weighs 1.8 kg. It sleeps two people."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "The TrailLite 2 tent weighs 3 kilograms.",
            "at": "2026-01-11T09:42:00Z",
        },
        "expect": "conflict",
        "note": "1.8 kg vs 3 kilograms (same unit family, different value)",
    },
    {
        "id": "para-storage-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "Nimbus 7", "type": "product", "key": "storage", "value": "128 GB"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The Nimbus 7 you sell has 256GB of storage.",
            "at": "2026-01-12T09:49:00Z",
        },
        "expect": "conflict",
        "note": "catalogue storage 128 GB vs customer's 256GB",
    },
    {
        "id": "para-guests-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "house-rules.md",
                "text": (
                    "House rules\n\nA Deluxe Room accommodates a maximum of four guests. Pets "
                    "are not allowed."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your deluxe rooms sleep up to six people.",
            "at": "2026-01-13T09:56:00Z",
        },
        "expect": "conflict",
        "note": "policy limit four guests (word) vs six people; 'you' is org/seaview",
    },
    {
        "id": "para-age-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "booking.md",
                "text": "Guests must be at least 18 years old to check in.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "You only need to be 16 to check in at your hotel.",
            "at": "2026-01-14T09:03:00Z",
        },
        "expect": "conflict",
        "note": "minimum check-in age 18 vs 16",
    },
    {
        "id": "para-price-words-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "pricing.md",
                "text": (
                    "# Plans\n\nThe annual Pro plan is priced at one hundred and twenty dollars."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your Pro plan costs $99 a year.",
            "at": "2026-01-15T09:10:00Z",
        },
        "expect": "conflict",
        "note": "money in words ($120) vs symbol ($99), passive 'is priced at' vs 'costs'",
    },
    {
        "id": "para-refunds-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "refunds.md",
                "text": (
                    "Refunds are issued within five business days of receiving the returned item."
                ),
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Refunds from you take a month to arrive.",
            "at": "2026-01-16T09:17:00Z",
        },
        "expect": "conflict",
        "note": "refund processing time five business days vs a month",
    },
    {
        "id": "para-sunday-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "stores.md",
                "text": "# Store hours\n\nAll Acme stores are closed on Sundays.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Your stores are open on Sundays.",
            "at": "2026-01-17T09:24:00Z",
        },
        "expect": "conflict",
        "note": "boolean attribute: closed on Sundays vs open on Sundays",
    },
    {
        "id": "para-free-shipping-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "shipping.md",
                "text": "Orders over $50 qualify for free shipping.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "You give free shipping on orders over $35.",
            "at": "2026-01-18T09:31:00Z",
        },
        "expect": "conflict",
        "note": "free-shipping threshold $50 vs $35",
    },
    {
        "id": "para-team-scope-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "Customers may return any item within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/retail",
            "session": "retail-s1",
            "role": "user",
            "text": "The Acme return window is 45 days.",
            "at": "2026-01-19T09:38:00Z",
        },
        "expect": "conflict",
        "note": "org document applies to the descendant team scope; team chat claims 45 days",
    },
    {
        "id": "para-membership-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {
                        "subject": "Gold membership",
                        "type": "plan",
                        "key": "annual_fee",
                        "value": "€59",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Gold membership costs 79 euros a year at your place.",
            "at": "2026-01-20T09:45:00Z",
        },
        "expect": "conflict",
        "note": "annual fee €59 vs 79 euros (currency symbol vs word)",
    },
    {
        "id": "para-hedged-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "You can return any item within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I think your return window is 60 days.",
            "at": "2026-01-21T09:52:00Z",
        },
        "expect": "conflict",
        "note": (
            "hedged but still an assertion about the org's policy that contradicts it; stored "
            "as a low-confidence belief and flagged"
        ),
    },
    {
        "id": "para-turn-turn-launch-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/project/atlas",
                "session": "atlas-s1",
                "role": "user",
                "text": "The Atlas beta launches on May 4.",
                "at": "2026-01-22T09:59:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/project/atlas",
            "session": "atlas-s2",
            "role": "user",
            "text": "The Atlas beta goes live on June 12.",
            "at": "2026-01-24T10:59:00Z",
        },
        "expect": "conflict",
        "note": (
            "two speakers (sessions) in the shared project scope disagree; no change marker, so "
            "nothing is superseded"
        ),
    },
    {
        "id": "para-turn-turn-hedged-01",
        "category": "paraphrase_conflict",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/platform",
                "session": "platform-s1",
                "role": "user",
                "text": "The platform team's on-call rotation is weekly.",
                "at": "2026-01-23T09:06:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/platform",
            "session": "platform-s2",
            "role": "user",
            "text": "I think the platform on-call rotation might be every two weeks.",
            "at": "2026-01-25T10:06:00Z",
        },
        "expect": "conflict",
        "note": (
            "hedged later claim below the 0.7 supersession floor: both stay live plus an "
            "uncertainty"
        ),
    },
    # agreement ------------------------------------------------------------------------------------
    {
        "id": "agree-shipping-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "shipping.md",
                "text": "International orders take 14 days to arrive.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your international shipping takes two weeks.",
            "at": "2026-01-24T09:13:00Z",
        },
        "expect": "corroborate",
        "note": "14 days == two weeks",
    },
    {
        "id": "agree-price-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {
                        "subject": "Acme Kettle",
                        "type": "product",
                        "key": "price",
                        "value": "$49.99",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "The Acme Kettle is 49.99 dollars at your shop.",
            "at": "2026-01-25T09:20:00Z",
        },
        "expect": "corroborate",
        "note": "$49.99 == 49.99 dollars",
    },
    {
        "id": "agree-weight-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "fitness.md",
                "text": "The Acme dumbbell set weighs 5 kg.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The Acme dumbbell set weighs 5000 g.",
            "at": "2026-01-26T09:27:00Z",
        },
        "expect": "corroborate",
        "note": "5 kg == 5000 g (unit conversion)",
    },
    {
        "id": "agree-role-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "Dana Lee", "type": "person", "key": "role", "value": "CTO"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Dana Lee is your CTO.",
            "at": "2026-01-27T09:34:00Z",
        },
        "expect": "corroborate",
        "note": "same role value, restated by a customer",
    },
    {
        "id": "agree-returns-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "# Returns\n\nReturns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "You accept returns for thirty days after delivery.",
            "at": "2026-01-28T09:41:00Z",
        },
        "expect": "corroborate",
        "note": "30 days (digits, passive) == thirty days (words, active)",
    },
    {
        "id": "agree-warranty-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "warranty.md",
                "text": "Every Acme blender comes with a two-year warranty.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your blenders come with a 24-month warranty.",
            "at": "2026-01-29T09:48:00Z",
        },
        "expect": "corroborate",
        "note": "two years == 24 months",
    },
    {
        "id": "agree-support-hours-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "support.md",
                "text": "Our support line is open from 9am to 5pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Your support line is open from 09:00 to 17:00.",
            "at": "2026-01-30T09:55:00Z",
        },
        "expect": "corroborate",
        "note": "9am-5pm == 09:00-17:00",
    },
    {
        "id": "agree-battery-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {
                        "subject": "Acme X2 Headphones",
                        "type": "product",
                        "key": "battery_life",
                        "value": "30 hours",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The X2 headphones last thirty hours on a charge.",
            "at": "2026-01-31T09:02:00Z",
        },
        "expect": "corroborate",
        "note": "30 hours == thirty hours",
    },
    {
        "id": "agree-storage-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "Nimbus 7", "type": "product", "key": "storage", "value": "128 GB"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "The Nimbus 7 comes with 128 gigabytes of storage.",
            "at": "2026-02-01T09:09:00Z",
        },
        "expect": "corroborate",
        "note": "128 GB == 128 gigabytes",
    },
    {
        "id": "agree-guests-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "house-rules.md",
                "text": "A Deluxe Room accommodates a maximum of four guests.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your deluxe rooms sleep up to 4 guests.",
            "at": "2026-02-02T09:16:00Z",
        },
        "expect": "corroborate",
        "note": "maximum of four == up to 4",
    },
    {
        "id": "agree-age-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "booking.md",
                "text": "Guests must be at least 18 years old to check in.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "You have to be eighteen or older to check in.",
            "at": "2026-02-03T09:23:00Z",
        },
        "expect": "corroborate",
        "note": "at least 18 == eighteen or older",
    },
    {
        "id": "agree-free-shipping-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "shipping.md",
                "text": "Orders over $50 qualify for free shipping.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Shipping is free on orders over fifty dollars.",
            "at": "2026-02-04T09:30:00Z",
        },
        "expect": "corroborate",
        "note": "$50 == fifty dollars",
    },
    {
        "id": "agree-duration-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "spa.md",
                "text": "# Spa\n\nThe signature massage lasts 90 minutes.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Your signature massage lasts 1.5 hours.",
            "at": "2026-02-05T09:37:00Z",
        },
        "expect": "corroborate",
        "note": "90 minutes == 1.5 hours",
    },
    {
        "id": "agree-distance-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "activities.md",
                "text": "The coastal trail is 10 km long.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/erin",
            "session": "erin-s1",
            "role": "user",
            "text": "The coastal trail is 10,000 metres long.",
            "at": "2026-02-06T09:44:00Z",
        },
        "expect": "corroborate",
        "note": "10 km == 10,000 metres",
    },
    {
        "id": "agree-turn-turn-01",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/project/atlas",
                "session": "atlas-s1",
                "role": "user",
                "text": "The Atlas beta launches on May 4, 2026.",
                "at": "2026-02-07T09:51:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/project/atlas",
            "session": "atlas-s2",
            "role": "user",
            "text": "The Atlas beta goes live on 2026-05-04.",
            "at": "2026-02-09T10:51:00Z",
        },
        "expect": "corroborate",
        "note": "two speakers in the project scope, same date in different formats",
    },
    {
        "id": "agree-turn-turn-02",
        "category": "agreement",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/platform",
                "session": "platform-s1",
                "role": "user",
                "text": "Priya Shah leads the platform team.",
                "at": "2026-02-08T09:58:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/platform",
            "session": "platform-s2",
            "role": "user",
            "text": "The platform team is led by Priya Shah.",
            "at": "2026-02-10T10:58:00Z",
        },
        "expect": "corroborate",
        "note": "active vs passive voice, same lead",
    },
    # unrelated ------------------------------------------------------------------------------------
    {
        "id": "unrel-question-returns-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "Returns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Is your return window 60 days?",
            "at": "2026-02-09T09:05:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "unrel-question-price-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Do the AirPods Pro cost $199 at your store?",
            "at": "2026-02-10T09:12:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "unrel-question-hours-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "support.md",
                "text": "Our support line is open from 9am to 5pm, Monday to Friday.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Is your support line open until 8pm on Fridays?",
            "at": "2026-02-11T09:19:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "unrel-question-guests-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "house-rules.md",
                "text": "A Deluxe Room accommodates a maximum of four guests.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s1",
            "role": "user",
            "text": "Can six people stay in a Deluxe Room?",
            "at": "2026-02-12T09:26:00Z",
        },
        "expect": "none",
        "note": "a question asserts nothing",
    },
    {
        "id": "unrel-entity-price-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The AirPods Max cost $549 at your store.",
            "at": "2026-02-13T09:33:00Z",
        },
        "expect": "none",
        "note": "different product (AirPods Max), same attribute; must not match AirPods Pro",
    },
    {
        "id": "unrel-attribute-refund-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "Returns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your refunds take 10 days to show up on my card.",
            "at": "2026-02-14T09:40:00Z",
        },
        "expect": "none",
        "note": "refund processing time is a different attribute from the return window",
    },
    {
        "id": "unrel-user-hours-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "support.md",
                "text": "Our support line is open from 9am to 5pm.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "I work from 10am to 7pm.",
            "at": "2026-02-15T09:47:00Z",
        },
        "expect": "none",
        "note": "the user's own working hours, not the org's support hours",
    },
    {
        "id": "unrel-warranty-product-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "warranty.md",
                "text": "Every Acme blender comes with a two-year warranty.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Your toasters come with a one-year warranty.",
            "at": "2026-02-16T09:54:00Z",
        },
        "expect": "none",
        "note": "different product line (toasters vs blenders)",
    },
    {
        "id": "unrel-self-attrs-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Berlin.",
                "at": "2026-02-17T09:01:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "I prefer window seats.",
            "at": "2026-02-17T09:05:00Z",
        },
        "expect": "none",
        "note": "same user, different attribute",
    },
    {
        "id": "unrel-team-leads-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/platform",
                "session": "platform-s1",
                "role": "user",
                "text": "Priya Shah leads the platform team.",
                "at": "2026-02-18T09:08:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/platform",
            "session": "platform-s2",
            "role": "user",
            "text": "Marco Rossi leads the search team.",
            "at": "2026-02-20T10:08:00Z",
        },
        "expect": "none",
        "note": "same key (lead), different entity (search team vs platform team)",
    },
    {
        "id": "unrel-battery-charge-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {
                        "subject": "Acme X2 Headphones",
                        "type": "product",
                        "key": "battery_life",
                        "value": "30 hours",
                    },
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The X2 headphones charge fully in two hours.",
            "at": "2026-02-19T09:15:00Z",
        },
        "expect": "none",
        "note": "charging time is a different attribute from battery life",
    },
    {
        "id": "unrel-wish-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "Returns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "It would be great if your return window were 60 days.",
            "at": "2026-02-20T09:22:00Z",
        },
        "expect": "none",
        "note": "a counterfactual wish asserts nothing about the actual policy",
    },
    {
        "id": "unrel-other-company-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "returns.md",
                "text": "Returns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "Globex lets me return things within 60 days.",
            "at": "2026-02-21T09:29:00Z",
        },
        "expect": "none",
        "note": "claim about a different company (Globex), not 'you'",
    },
    {
        "id": "unrel-paid-elsewhere-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "I paid $199 for my AirPods Pro on Amazon last year.",
            "at": "2026-02-22T09:36:00Z",
        },
        "expect": "none",
        "note": (
            "what the user paid elsewhere is not the store's price (may link via resolves_to, "
            "but no conflict)"
        ),
    },
    {
        "id": "unrel-shipping-cost-01",
        "category": "unrelated",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme",
                "name": "shipping.md",
                "text": "Standard shipping takes 3-5 business days.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your express shipping costs $15.",
            "at": "2026-02-23T09:43:00Z",
        },
        "expect": "none",
        "note": (
            "express shipping cost vs standard shipping duration: different entity and attribute"
        ),
    },
    # supersession ---------------------------------------------------------------------------------
    {
        "id": "sup-city-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Berlin.",
                "at": "2026-02-24T09:50:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I moved to Paris last month.",
            "at": "2026-04-06T12:50:00Z",
        },
        "expect": "supersede",
        "note": "same user updates their city",
    },
    {
        "id": "sup-city-02",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I live in Berlin.",
                "at": "2026-02-25T09:57:00Z",
            },
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I like hiking.",
                "at": "2026-02-25T10:01:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I've relocated to Lisbon.",
            "at": "2026-04-07T13:01:00Z",
        },
        "expect": "supersede",
        "note": "city update after an unrelated intervening fact",
    },
    {
        "id": "sup-role-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I'm Head of Platform.",
                "at": "2026-02-26T09:04:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I'm now the CTO.",
            "at": "2026-04-08T12:04:00Z",
        },
        "expect": "supersede",
        "note": "role changes; 'now' marks the update",
    },
    {
        "id": "sup-drink-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I prefer tea.",
                "at": "2026-02-27T09:11:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "These days I prefer coffee.",
            "at": "2026-04-09T12:11:00Z",
        },
        "expect": "supersede",
        "note": "preference update",
    },
    {
        "id": "sup-employer-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I work at Initech.",
                "at": "2026-02-28T09:18:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I just started a new job at Globex.",
            "at": "2026-04-10T12:18:00Z",
        },
        "expect": "supersede",
        "note": "employer update",
    },
    {
        "id": "sup-diet-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-01T09:25:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I'm vegan now.",
            "at": "2026-04-11T12:25:00Z",
        },
        "expect": "supersede",
        "note": "diet update",
    },
    {
        "id": "sup-phone-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "My phone number is 555-0100.",
                "at": "2026-03-02T09:32:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "My new phone number is 555-0199.",
            "at": "2026-04-12T12:32:00Z",
        },
        "expect": "supersede",
        "note": "contact detail update ('new')",
    },
    {
        "id": "sup-colour-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "My favourite colour is blue.",
                "at": "2026-03-03T09:39:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "My favourite colour is green now.",
            "at": "2026-04-13T12:39:00Z",
        },
        "expect": "supersede",
        "note": "preference update",
    },
    {
        "id": "sup-seat-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I prefer aisle seats.",
                "at": "2026-03-04T09:46:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Actually, I prefer window seats now.",
            "at": "2026-03-04T09:50:00Z",
        },
        "expect": "supersede",
        "note": "same-session self-correction of a preference",
    },
    {
        "id": "sup-team-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I'm on the search team.",
                "at": "2026-03-05T09:53:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I switched to the platform team.",
            "at": "2026-04-15T12:53:00Z",
        },
        "expect": "supersede",
        "note": "team membership update",
    },
    {
        "id": "sup-car-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I drive a Honda Civic.",
                "at": "2026-03-06T09:00:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I sold the Civic and now drive a Tesla Model 3.",
            "at": "2026-04-16T12:00:00Z",
        },
        "expect": "supersede",
        "note": "car update with a new value (not a bare negation)",
    },
    {
        "id": "sup-email-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My email address is alice@old.example.",
                "at": "2026-03-07T09:07:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "My email address changed to alice@new.example.",
            "at": "2026-04-17T12:07:00Z",
        },
        "expect": "supersede",
        "note": "contact detail update ('changed to')",
    },
    {
        "id": "sup-age-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I'm 34.",
                "at": "2026-03-08T09:14:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I turned 35 today.",
            "at": "2026-04-18T12:14:00Z",
        },
        "expect": "supersede",
        "note": "age update",
    },
    {
        "id": "sup-kids-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I have two kids.",
                "at": "2026-03-09T09:21:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "We just had our third baby, so I have three kids now.",
            "at": "2026-04-19T12:21:00Z",
        },
        "expect": "supersede",
        "note": "count update two -> three",
    },
    {
        "id": "sup-timezone-01",
        "category": "supersession",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/seaview/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "I'm based in the Pacific time zone.",
                "at": "2026-03-10T09:28:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s2",
            "role": "user",
            "text": "I relocated, so I'm on Central European Time now.",
            "at": "2026-04-20T12:28:00Z",
        },
        "expect": "supersede",
        "note": "time zone update for a user of another org",
    },
    # negation -------------------------------------------------------------------------------------
    {
        "id": "neg-cat-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I have a cat.",
                "at": "2026-03-11T09:35:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I no longer have a cat.",
            "at": "2026-04-21T12:35:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes the pet fact",
    },
    {
        "id": "neg-employer-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I work at Acme.",
                "at": "2026-03-12T09:42:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I don't work at Acme anymore.",
            "at": "2026-04-22T12:42:00Z",
        },
        "expect": "close",
        "note": "'anymore' closes the employer fact",
    },
    {
        "id": "neg-tennis-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I play tennis every weekend.",
                "at": "2026-03-13T09:49:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I used to play tennis, but I stopped.",
            "at": "2026-04-23T12:49:00Z",
        },
        "expect": "close",
        "note": "'used to' closes the hobby",
    },
    {
        "id": "neg-smoker-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I'm a smoker.",
                "at": "2026-03-14T09:56:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I'm not a smoker anymore.",
            "at": "2026-04-24T12:56:00Z",
        },
        "expect": "close",
        "note": "negated identity fact",
    },
    {
        "id": "neg-car-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I own a car.",
                "at": "2026-03-15T09:03:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I no longer own a car.",
            "at": "2026-04-25T12:03:00Z",
        },
        "expect": "close",
        "note": "'no longer' closes ownership",
    },
    {
        "id": "neg-gold-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I'm a Gold member.",
                "at": "2026-03-16T09:10:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I'm not a Gold member any more.",
            "at": "2026-04-26T12:10:00Z",
        },
        "expect": "close",
        "note": "'any more' (two words) closes membership",
    },
    {
        "id": "neg-city-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I live in Berlin.",
                "at": "2026-03-17T09:17:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I don't live in Berlin anymore.",
            "at": "2026-04-27T12:17:00Z",
        },
        "expect": "close",
        "note": "bare negation without a new city: close, not supersede",
    },
    {
        "id": "neg-spicy-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I love spicy food.",
                "at": "2026-03-18T09:24:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I don't like spicy food anymore.",
            "at": "2026-04-28T12:24:00Z",
        },
        "expect": "close",
        "note": "preference negated",
    },
    {
        "id": "neg-newsletter-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I'm subscribed to your newsletter.",
                "at": "2026-03-19T09:31:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I'm no longer subscribed to your newsletter.",
            "at": "2026-04-29T12:31:00Z",
        },
        "expect": "close",
        "note": "subscription closed; about the user, not an org policy",
    },
    {
        "id": "neg-manager-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I manage the mobile team.",
                "at": "2026-03-20T09:38:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s2",
            "role": "user",
            "text": "I no longer manage the mobile team.",
            "at": "2026-04-30T12:38:00Z",
        },
        "expect": "close",
        "note": "role negated",
    },
    {
        "id": "neg-used-to-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I live in Madrid.",
                "at": "2026-03-21T09:45:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s2",
            "role": "user",
            "text": "I used to live in Madrid.",
            "at": "2026-05-01T12:45:00Z",
        },
        "expect": "close",
        "note": "'used to' restating the same value closes it",
    },
    {
        "id": "neg-project-db-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/project/atlas",
                "session": "atlas-s1",
                "role": "user",
                "text": "The Atlas project uses Postgres.",
                "at": "2026-03-22T09:52:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/project/atlas",
            "session": "atlas-s1",
            "role": "user",
            "text": "Atlas no longer uses Postgres.",
            "at": "2026-03-22T09:56:00Z",
        },
        "expect": "close",
        "note": "project fact closed by negation in the same session",
    },
    {
        "id": "neg-dogs-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/seaview/user/dan",
                "session": "dan-s1",
                "role": "user",
                "text": "I have two dogs.",
                "at": "2026-03-23T09:59:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/dan",
            "session": "dan-s2",
            "role": "user",
            "text": "I don't have any dogs anymore.",
            "at": "2026-05-03T12:59:00Z",
        },
        "expect": "close",
        "note": "pets closed",
    },
    {
        "id": "neg-vegetarian-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/seaview/user/erin",
                "session": "erin-s1",
                "role": "user",
                "text": "I'm vegetarian.",
                "at": "2026-03-24T09:06:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/seaview/user/erin",
            "session": "erin-s2",
            "role": "user",
            "text": "I'm not vegetarian anymore.",
            "at": "2026-05-04T12:06:00Z",
        },
        "expect": "close",
        "note": "diet negated",
    },
    {
        "id": "neg-remote-01",
        "category": "negation",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "I work remotely.",
                "at": "2026-03-25T09:13:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s2",
            "role": "user",
            "text": "I no longer work remotely.",
            "at": "2026-05-05T12:13:00Z",
        },
        "expect": "close",
        "note": "work arrangement negated",
    },
    # other_scope ----------------------------------------------------------------------------------
    {
        "id": "scope-returns-beliefs-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "Your return policy is 60 days.",
                "at": "2026-03-26T09:20:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your return policy is 30 days.",
            "at": "2026-03-28T10:20:00Z",
        },
        "expect": "none",
        "note": "alice's and bob's beliefs never conflict with each other",
    },
    {
        "id": "scope-airpods-beliefs-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "The AirPods Pro cost $199 at your store.",
                "at": "2026-03-27T09:27:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/carol",
            "session": "carol-s1",
            "role": "user",
            "text": "The AirPods Pro cost $229 at your store.",
            "at": "2026-03-29T10:27:00Z",
        },
        "expect": "none",
        "note": "two customers' price beliefs in sibling user scopes",
    },
    {
        "id": "scope-other-org-doc-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/globex",
                "name": "returns.md",
                "text": "Returns are accepted within 30 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your return policy is 60 days.",
            "at": "2026-03-28T09:34:00Z",
        },
        "expect": "none",
        "note": "the Globex policy is not an ancestor of org/acme/user/alice; 'your' is Acme",
    },
    {
        "id": "scope-other-org-upsert-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "upsert",
                "scope": "org/acme",
                "triples": [
                    {"subject": "AirPods Pro", "type": "product", "key": "price", "value": "$249"},
                ],
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/globex/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "The AirPods Pro cost $199 at your store.",
            "at": "2026-03-29T09:41:00Z",
        },
        "expect": "none",
        "note": "a Globex customer talks about Globex's price; Acme's catalogue does not apply",
    },
    {
        "id": "scope-sibling-team-doc-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/acme/team/emea",
                "name": "returns.md",
                "text": "Returns are accepted within 14 days of delivery.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your return policy is 60 days.",
            "at": "2026-03-30T09:48:00Z",
        },
        "expect": "none",
        "note": "document lives in org/acme/team/emea, which does not cover org/acme/user/alice",
    },
    {
        "id": "scope-teams-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/platform",
                "session": "platform-s1",
                "role": "user",
                "text": "The release freeze starts on Friday.",
                "at": "2026-03-31T09:55:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/team/search",
            "session": "search-s1",
            "role": "user",
            "text": "The release freeze starts on Monday.",
            "at": "2026-04-02T10:55:00Z",
        },
        "expect": "none",
        "note": "sibling team scopes",
    },
    {
        "id": "scope-projects-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/project/atlas",
                "session": "atlas-s1",
                "role": "user",
                "text": "The launch date is May 4.",
                "at": "2026-04-01T09:02:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/project/beacon",
            "session": "beacon-s1",
            "role": "user",
            "text": "The launch date is June 12.",
            "at": "2026-04-03T10:02:00Z",
        },
        "expect": "none",
        "note": "sibling project scopes",
    },
    {
        "id": "scope-team-vs-user-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/team/platform",
                "session": "platform-s1",
                "role": "user",
                "text": "The platform team's budget is $40,000.",
                "at": "2026-04-02T09:09:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "The platform team's budget is $60,000.",
            "at": "2026-04-04T10:09:00Z",
        },
        "expect": "none",
        "note": "team scope and user scope do not overlap; both experiential",
    },
    {
        "id": "scope-pref-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "I prefer tea.",
                "at": "2026-04-03T09:16:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I prefer coffee.",
            "at": "2026-04-05T10:16:00Z",
        },
        "expect": "none",
        "note": "'I' is a different person in each scope",
    },
    {
        "id": "scope-manager-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "My manager is Priya Shah.",
                "at": "2026-04-04T09:23:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "My manager is Marco Rossi.",
            "at": "2026-04-06T10:23:00Z",
        },
        "expect": "none",
        "note": "different users' managers",
    },
    {
        "id": "scope-store-hours-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/carol",
                "session": "carol-s1",
                "role": "user",
                "text": "Your store closes at 6pm.",
                "at": "2026-04-05T09:30:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your store closes at 9pm.",
            "at": "2026-04-07T10:30:00Z",
        },
        "expect": "none",
        "note": "two customers' beliefs about the same org fact, no document",
    },
    {
        "id": "scope-warranty-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "Your blenders have a one-year warranty.",
                "at": "2026-04-06T09:37:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "Your blenders have a three-year warranty.",
            "at": "2026-04-08T10:37:00Z",
        },
        "expect": "none",
        "note": "two customers' beliefs, no authoritative record",
    },
    {
        "id": "scope-same-name-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/globex/user/bob",
                "session": "bob-s1",
                "role": "user",
                "text": "I live in Paris.",
                "at": "2026-04-07T09:44:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "I live in Berlin.",
            "at": "2026-04-07T09:48:00Z",
        },
        "expect": "none",
        "note": (
            "org/globex/user/bob and org/acme/user/bob are different scopes: coexist, no "
            "supersession"
        ),
    },
    {
        "id": "scope-hotel-guests-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "document",
                "scope": "org/seaview",
                "name": "house-rules.md",
                "text": "A Deluxe Room accommodates a maximum of four guests.",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/alice",
            "session": "alice-s1",
            "role": "user",
            "text": "Your deluxe rooms sleep up to six people.",
            "at": "2026-04-08T09:51:00Z",
        },
        "expect": "none",
        "note": "Seaview's rule does not apply to an Acme customer; 'your' is Acme",
    },
    {
        "id": "scope-tent-01",
        "category": "other_scope",
        "setup": [
            {
                "kind": "turn",
                "scope": "org/acme/user/alice",
                "session": "alice-s1",
                "role": "user",
                "text": "The TrailLite 2 tent weighs 3 kg.",
                "at": "2026-04-09T09:58:00Z",
            },
        ],
        "probe": {
            "kind": "turn",
            "scope": "org/acme/user/bob",
            "session": "bob-s1",
            "role": "user",
            "text": "The TrailLite 2 tent weighs 1.8 kg.",
            "at": "2026-04-11T10:58:00Z",
        },
        "expect": "none",
        "note": "product-spec beliefs of two different customers, no catalogue record",
    },
]
