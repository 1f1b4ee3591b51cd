"""Held-out conflict-detection cases, set 12.

Hand-written test data for the reconciler's conflict detector, written
without sight of the implementation. Each case writes its ``setup`` records
in order, then its ``probe`` record, and names what the reconciler must
report for the probe:

- ``conflict``    a user turn contradicts an authoritative fact (document or
                  upsert) of its own org: same entity, same attribute,
                  different value.
- ``supersede``   the same user updates their own earlier chat fact.
- ``close``       the same user explicitly negates their own earlier fact.
- ``corroborate`` the same value restated, possibly in other words or units.
- ``none``        different entity/attribute, a question, wish or
                  hypothetical, or a contradiction across scopes that do not
                  overlap (other org, sibling user, sibling team).

Scope ``org/X`` covers ``org/X/user/Y`` and ``org/X/team/T``. In a user turn
"you/your" means the org of the nearest ``org/<name>`` scope and "I/my" means
the user of that scope.

Categories: paraphrase_conflict (24), agreement (14), supersession (12),
negation (12), unrelated (20), other_scope (14).
"""

from __future__ import annotations


def _doc(scope: str, name: str, text: str) -> dict:
    return {"kind": "document", "scope": scope, "name": name, "text": text}


def _ups(scope: str, *triples: tuple[str, str, str, str]) -> dict:
    return {
        "kind": "upsert",
        "scope": scope,
        "triples": [{"subject": s, "type": t, "key": k, "value": v} for (s, t, k, v) in triples],
    }


def _turn(scope: str, session: str, text: str, at: str) -> dict:
    return {
        "kind": "turn",
        "scope": scope,
        "session": session,
        "role": "user",
        "text": text,
        "at": at,
    }


# --------------------------------------------------------------------------
# Shared authoritative texts (re-used by other_scope cases)
# --------------------------------------------------------------------------

_LUMIERE_MEMBERSHIP = (
    "# Lumière Membership\n\n"
    "Join Lumière Picturehouse and see more films for less.\n\n"
    "## Silver\n\n"
    "- £4.99 a month\n"
    "- 10% off all tickets\n"
    "- Members' screenings on the first Sunday of every month\n\n"
    "## Gold\n\n"
    "- £8.50 a month\n"
    "- Two free 2D tickets every month\n"
    "- 15% off food and drink at the bar\n\n"
    "Memberships renew monthly and can be cancelled at any time from your "
    "account page."
)

_OAKFIELD_CLUB = (
    "# After-School Club\n\n"
    "Oakfield Primary's After-School Club is run by our own staff in the "
    "school hall.\n\n"
    "## Times\n\n"
    "The club runs Monday to Thursday from 3:15pm until 5:45pm. There is no "
    "club on Fridays.\n\n"
    "## Costs\n\n"
    "- £12.50 per session, including a snack\n"
    "- Siblings get 10% off\n"
    "- Late collection: £5 for every 10 minutes after 5:45pm\n\n"
    "Book sessions through the ParentPay app by Friday for the following week."
)

_HEATHERBECK_RULES = (
    "# Site Rules\n\n"
    "Heatherbeck is a small, quiet family site. Please help us keep it that "
    "way.\n\n"
    "## Arriving and leaving\n\n"
    "- Check-in from 2pm\n"
    "- Check-out by 11am\n"
    "- The gate is locked from 11pm to 7am; use the code we text you\n\n"
    "## Quiet hours\n\n"
    "Please keep noise down between 10pm and 7am.\n\n"
    "## Dogs\n\n"
    "Well-behaved dogs are welcome, up to 2 per pitch, at £3 per dog per "
    "night. Dogs must be kept on a lead at all times on site."
)

_MERIDIAN_SICK_PAY = (
    "# Sick Pay\n\n"
    "## Reporting sickness\n\n"
    "Call your shift lead before 7am on the first day you are off. You can "
    "self-certify for up to 7 calendar days; after that you need a fit note.\n\n"
    "## Company sick pay\n\n"
    "Once you have passed probation, you receive full pay for up to 10 "
    "working days of sickness in any rolling 12-month period. After that, "
    "Statutory Sick Pay (SSP) applies.\n\n"
    "## During probation\n\n"
    "Only SSP is paid during your 6-month probation."
)


def _spokesmith_upsert() -> dict:
    return _ups(
        "org/spokesmith-cycles",
        ("Tern Commuter 8", "product", "price", "£1,150"),
        ("Tern Commuter 8", "product", "free tune-up period", "6 weeks after purchase"),
        ("Full Service", "service", "price", "£95"),
        ("Spokesmith Cycles", "organization", "frame warranty", "5 years"),
    )


def _brightwatt_upsert() -> dict:
    return _ups(
        "org/brightwatt-energy",
        ("Fixed Saver 24", "plan", "contract length", "24 months"),
        ("Fixed Saver 24", "plan", "standing charge", "48p per day"),
        ("Fixed Saver 24", "plan", "exit fee", "£75 per fuel"),
        ("Flex Tracker", "plan", "exit fee", "none"),
    )


CASES: list[dict] = [
    # ======================================================================
    # paraphrase_conflict (24) -> conflict
    # ======================================================================
    {
        "id": "h12-para-01",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/saffron-table",
                "bookings.md",
                "# Table Bookings at Saffron Table\n\n"
                "We love having you, and we want every sitting to run on time. "
                "Please read the points below before you book.\n\n"
                "## Holding your table\n\n"
                "We hold your table for 15 minutes after the booking time. After "
                "that it may be given to walk-in guests.\n\n"
                "## Groups and deposits\n\n"
                "- Groups of 8 or more pay a deposit of £10 per person when booking.\n"
                "- Bookings open 60 days in advance.\n"
                "- Corkage is £12 per 75cl bottle (wine only).\n\n"
                "## Cancellations\n\n"
                "Cancel at least 24 hours ahead and your deposit is refunded in full.",
            ),
        ],
        "probe": _turn(
            "org/saffron-table/user/alice",
            "alice-s1",
            "Running about 25 mins behind for our 7.30 booking, the ring road is "
            "awful — but no stress, you hold tables for half an hour anyway so "
            "we'll make it.",
            "2026-02-13T19:05:00Z",
        ),
        "expect": "conflict",
        "note": "Table is held 15 minutes per bookings page; user claims half an hour.",
    },
    {
        "id": "h12-para-02",
        "category": "paraphrase_conflict",
        "setup": [
            _doc("org/lumiere-picturehouse", "membership.md", _LUMIERE_MEMBERSHIP),
        ],
        "probe": _turn(
            "org/lumiere-picturehouse/user/raj",
            "raj-s1",
            "signed my dad up for Gold as a birthday present, it's a tenner a "
            "month so pretty good value for two films",
            "2026-01-20T12:14:00Z",
        ),
        "expect": "conflict",
        "note": "Gold membership is £8.50 a month; 'a tenner' is £10.",
    },
    {
        "id": "h12-para-03",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/kingsgate-theatre",
                ("The Winter's Tale", "event", "matinee start time", "14:30"),
                ("The Winter's Tale", "event", "evening start time", "19:30"),
                (
                    "The Winter's Tale",
                    "event",
                    "running time",
                    "2 hours 50 minutes including interval",
                ),
                (
                    "Kingsgate Theatre",
                    "location",
                    "box office hours",
                    "10:00–18:00 Monday to Saturday",
                ),
            ),
        ],
        "probe": _turn(
            "org/kingsgate-theatre/user/maureen",
            "maureen-s1",
            "Taking my nan to The Winter's Tale matinee on Saturday — it starts "
            "at 2pm so we'll have lunch in your café beforehand.",
            "2026-03-04T09:40:00Z",
        ),
        "expect": "conflict",
        "note": "Matinee starts at 14:30, not 2pm.",
    },
    {
        "id": "h12-para-04",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/metrolink-valley",
                "passes.md",
                "# Travel Passes\n\n"
                "All Metrolink Valley passes are loaded onto your ValleyCard or "
                "the app.\n\n"
                "## 7-day Rider\n\n"
                "The 7-day Rider costs £22 and gives unlimited travel on all buses "
                "in zones 1–3 for seven consecutive days.\n\n"
                "## 28-day Rider\n\n"
                "The 28-day Rider costs £78 and covers the same zones.\n\n"
                "## Concessions\n\n"
                "- Under-16s travel free with a Youth ValleyCard.\n"
                "- Students get a third off the 28-day Rider.\n"
                "- Replacement ValleyCards cost £3.",
            ),
        ],
        "probe": _turn(
            "org/metrolink-valley/user/kez",
            "kez-s2",
            "The weekly Rider costs me £25, which is still cheaper than parking in town.",
            "2026-02-02T08:12:00Z",
        ),
        "expect": "conflict",
        "note": "Weekly = 7-day Rider, which costs £22, not £25.",
    },
    {
        "id": "h12-para-05",
        "category": "paraphrase_conflict",
        "setup": [_spokesmith_upsert()],
        "probe": _turn(
            "org/spokesmith-cycles/user/bea",
            "bea-s1",
            "Collected my Tern Commuter 8 from you on Saturday. Love it! And you "
            "give a free tune-up any time in the first three months, so I'll bring "
            "it back once the cables have stretched.",
            "2026-04-13T17:22:00Z",
        ),
        "expect": "conflict",
        "note": "Free tune-up window is 6 weeks after purchase, not three months.",
    },
    {
        "id": "h12-para-06",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/greenhollow-garden-centre",
                "opening-hours.md",
                "# Opening Hours — Greenhollow Garden Centre, Ripon\n\n"
                "Our garden centre, café and plant area all keep the same hours.\n\n"
                "- Monday to Saturday: 9:00–17:30\n"
                "- Sunday: 10:30–16:30 (browsing from 10:00)\n"
                "- Bank holidays: 10:00–16:00\n\n"
                "The café stops serving hot food 30 minutes before closing.\n\n"
                "We are closed on Christmas Day and Boxing Day.",
            ),
        ],
        "probe": _turn(
            "org/greenhollow-garden-centre/user/geoff",
            "geoff-s1",
            "I'll swing by on Sunday afternoon for the compost, you're open till "
            "6 on Sundays so there's no rush.",
            "2026-05-08T18:30:00Z",
        ),
        "expect": "conflict",
        "note": "Sunday closing is 16:30, user says 6pm.",
    },
    {
        "id": "h12-para-07",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/pawsway-vets",
                "vaccinations.md",
                "# Vaccinations at Pawsway Vets\n\n"
                "## Puppies\n\n"
                "The puppy vaccination course is two injections given 2 weeks "
                "apart, starting from 8 weeks of age. The full course costs £68 "
                "and includes a health check.\n\n"
                "## Kittens\n\n"
                "Kittens have two injections 3 to 4 weeks apart, from 9 weeks old. "
                "The course costs £62.\n\n"
                "## Boosters\n\n"
                "- Annual dog booster: £48\n"
                "- Annual cat booster: £46\n"
                "- Kennel cough (intranasal): £32",
            ),
        ],
        "probe": _turn(
            "org/pawsway-vets/user/nadia",
            "nadia-s1",
            "Booked Biscuit in for her puppy jabs! The course is two injections "
            "four weeks apart, so she should be out on walks by mid-May.",
            "2026-03-28T11:02:00Z",
        ),
        "expect": "conflict",
        "note": "Puppy injections are 2 weeks apart; the 3-4 week gap is for kittens.",
    },
    {
        "id": "h12-para-08",
        "category": "paraphrase_conflict",
        "setup": [_doc("org/oakfield-primary", "after-school-club.md", _OAKFIELD_CLUB)],
        "probe": _turn(
            "org/oakfield-primary/user/shona",
            "shona-s1",
            "Good news for my shifts — the after-school club runs until quarter "
            "past six, so I can pick Noah up straight from work.",
            "2026-01-09T21:15:00Z",
        ),
        "expect": "conflict",
        "note": "Club ends at 5:45pm, user says 6:15pm.",
    },
    {
        "id": "h12-para-09",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/hivedesk",
                "plans.md",
                "# HiveDesk Membership Plans\n\n"
                "## Hot Desk — £180/month\n\n"
                "- Any free desk in the open-plan area\n"
                "- Access 8am–8pm, Monday to Friday\n"
                "- 4 hours of meeting-room credit per month\n\n"
                "## Dedicated Desk — £290/month\n\n"
                "- Your own desk with a lockable pedestal\n"
                "- 24/7 access\n"
                "- 10 hours of meeting-room credit per month\n\n"
                "Unused meeting-room credit does not roll over to the next month.",
            ),
        ],
        "probe": _turn(
            "org/hivedesk/user/tomasz",
            "tomasz-s1",
            "I'm on the hot desk plan, which comes with eight hours of meeting "
            "rooms a month — plenty for my client calls.",
            "2026-02-18T10:47:00Z",
        ),
        "expect": "conflict",
        "note": "Hot Desk includes 4 hours of meeting-room credit, not eight.",
    },
    {
        "id": "h12-para-10",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/nimbusvault",
                ("Personal", "plan", "storage", "200 GB"),
                ("Personal", "plan", "price", "£2.49/month"),
                ("Family", "plan", "storage", "2 TB shared"),
                ("Family", "plan", "maximum members", "6"),
                ("Family", "plan", "price", "£9.99/month"),
            ),
        ],
        "probe": _turn(
            "org/nimbusvault/user/imogen",
            "imogen-s1",
            "We switched to your Family plan because it lets up to five people "
            "share the storage, which is exactly the size of our household.",
            "2026-06-01T20:03:00Z",
        ),
        "expect": "conflict",
        "note": "Family plan allows up to 6 members; user says a maximum of five.",
    },
    {
        "id": "h12-para-11",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/ledgerly",
                "billing-faq.md",
                "# Billing FAQ\n\n"
                "## How long is the free trial?\n\n"
                "Every new Ledgerly account gets a 30-day free trial of the Growth "
                "plan. No card is needed to start.\n\n"
                "## What happens when the trial ends?\n\n"
                "Choose a plan, or your account becomes read-only. Your data is "
                "kept for 90 days.\n\n"
                "## Plans\n\n"
                "- Starter: £12/month, 1 user\n"
                "- Growth: £28/month, up to 5 users, payroll included\n"
                "- Pro: £45/month, unlimited users\n\n"
                "All prices exclude VAT.",
            ),
        ],
        "probe": _turn(
            "org/ledgerly/user/femi",
            "femi-s1",
            "Started the Ledgerly trial yesterday. It's a two-week trial so I "
            "need to make my mind up before the 20th.",
            "2026-04-06T14:25:00Z",
        ),
        "expect": "conflict",
        "note": "Free trial is 30 days, user says two weeks.",
    },
    {
        "id": "h12-para-12",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/thornbury-hall",
                "weddings.md",
                "# Weddings at Thornbury Hall\n\n"
                "Thornbury Hall is licensed for civil ceremonies and civil "
                "partnerships.\n\n"
                "## Spaces\n\n"
                "- The Oak Room (ceremonies): seats up to 120 guests\n"
                "- The Tithe Barn (wedding breakfast and evening reception): up to 180 guests\n"
                "- The Orangery: drinks reception only, up to 100 standing\n\n"
                "## Booking terms\n\n"
                "A 25% deposit secures your date and is non-refundable. The "
                "balance is due 8 weeks before the wedding.\n\n"
                "## On the day\n\n"
                "Amplified music must end by 23:30 and guests must leave the "
                "grounds by midnight.",
            ),
        ],
        "probe": _turn(
            "org/thornbury-hall/user/chloe",
            "chloe-s1",
            "Honestly still buzzing — Tom and I went round Thornbury Hall on "
            "Sunday, the coordinator was lovely, the Tithe Barn is gorgeous and "
            "the Oak Room holds 150 for the ceremony so we don't have to cut "
            "anyone from the list!! Now just need to sort the cake 🎂",
            "2026-05-19T22:41:00Z",
        ),
        "expect": "conflict",
        "note": "Oak Room seats up to 120 for ceremonies; user says 150.",
    },
    {
        "id": "h12-para-13",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/swiftshift-removals",
                ("Packing service", "service", "price", "£45 per hour per packer"),
                ("Cancellation", "policy", "notice required", "48 hours"),
                ("Cancellation", "policy", "late cancellation fee", "50% of the quote"),
                ("Container storage", "service", "minimum term", "4 weeks"),
            ),
        ],
        "probe": _turn(
            "org/swiftshift-removals/user/gareth",
            "gareth-s1",
            "Good to know I can cancel the move with just 24 hours' notice and "
            "not pay anything, the completion date keeps slipping.",
            "2026-07-07T16:00:00Z",
        ),
        "expect": "conflict",
        "note": "Free cancellation needs 48 hours' notice, user says 24 hours.",
    },
    {
        "id": "h12-para-14",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/sudsy-car-wash",
                "valet-menu.md",
                "# Valet Menu\n\n"
                "All valets are done by hand at our Kingsway site.\n\n"
                "- Exterior wash: £8, about 15 minutes\n"
                "- Mini valet (exterior plus vacuum and windows): £18, about 30 minutes\n"
                "- Full valet (inside and out, seats shampooed): £45, about 90 minutes\n\n"
                "## Unlimited Wash Club\n\n"
                "Unlimited exterior washes for £25 a month, one car per membership.\n\n"
                "The valet bays close at 5pm, so please arrive in good time for "
                "your chosen service.",
            ),
        ],
        "probe": _turn(
            "org/sudsy-car-wash/user/lewis",
            "lewis-s1",
            "Dropping the Golf in for a full valet — it only takes about an hour "
            "so I'll just wait in the café next door.",
            "2026-04-25T10:10:00Z",
        ),
        "expect": "conflict",
        "note": "Full valet takes about 90 minutes, user says about an hour.",
    },
    {
        "id": "h12-para-15",
        "category": "paraphrase_conflict",
        "setup": [_doc("org/heatherbeck-campsite", "site-rules.md", _HEATHERBECK_RULES)],
        "probe": _turn(
            "org/heatherbeck-campsite/user/rowan",
            "rowan-s1",
            "We'll be bringing all three of our dogs — you allow up to three per "
            "pitch, so that's fine.",
            "2026-06-12T19:55:00Z",
        ),
        "expect": "conflict",
        "note": "Maximum is 2 dogs per pitch; user says three.",
    },
    {
        "id": "h12-para-16",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/riverside-leisure",
                "swimming.md",
                "# Swimming at Riverside Leisure Centre\n\n"
                "## Our pools\n\n"
                "- Main pool: 25 metres, 6 lanes, 1.0–2.0 m deep\n"
                "- Teaching pool: 12 metres, heated to 30°C\n\n"
                "## Prices\n\n"
                "- Adult swim: £5.40\n"
                "- Junior swim (under 16): £3.20\n"
                "- Family swim (2 adults, 2 children): £14\n\n"
                "## Lessons\n\n"
                "Lessons start at age 4 and run in 10-week terms.",
            ),
        ],
        "probe": _turn(
            "org/riverside-leisure/user/deepa",
            "deepa-s1",
            "Doing 40 lengths of your 33m main pool before work every day and "
            "feeling great for it.",
            "2026-03-16T07:45:00Z",
        ),
        "expect": "conflict",
        "note": "Main pool is 25 metres long, user says 33m.",
    },
    {
        "id": "h12-para-17",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/clearroad-driving",
                "lessons.md",
                "# Lessons and Prices\n\n"
                "All ClearRoad instructors are DVSA-approved and teach in "
                "dual-control cars.\n\n"
                "## Pay as you go\n\n"
                "Pay-as-you-go lessons cost £38 per hour.\n\n"
                "## Blocks\n\n"
                "- 10-hour block: £350\n"
                "- 20-hour block: £680\n\n"
                "## Intensive courses\n\n"
                "Our 5-day intensive course is 30 hours of tuition. The practical "
                "test fee is not included.",
            ),
        ],
        "probe": _turn(
            "org/clearroad-driving/user/angela",
            "angela-s1",
            "My son's pay-as-you-go lessons with you are forty-two pounds an "
            "hour, which adds up fast.",
            "2026-02-27T13:30:00Z",
        ),
        "expect": "conflict",
        "note": "PAYG lessons are £38 per hour, user says £42.",
    },
    {
        "id": "h12-para-18",
        "category": "paraphrase_conflict",
        "setup": [_brightwatt_upsert()],
        "probe": _turn(
            "org/brightwatt-energy/user/colin",
            "colin-s1",
            "I'm on your Fixed Saver 24, which is an 18-month fix, so I'll be "
            "shopping around again next autumn.",
            "2026-03-03T19:20:00Z",
        ),
        "expect": "conflict",
        "note": "Fixed Saver 24 contract length is 24 months, user says 18 months.",
    },
    {
        "id": "h12-para-19",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/northgate-logistics",
                "shipping-sla.md",
                "# Fulfilment Service Levels\n\n"
                "## Dispatch\n\n"
                "UK orders received by 2pm (Monday to Friday) are picked, packed "
                "and dispatched the same day. Orders received after 2pm go out "
                "the next working day.\n\n"
                "## Delivery\n\n"
                "- Standard UK delivery: 2–3 working days\n"
                "- Next-day UK delivery: order by 2pm\n\n"
                "## Storage\n\n"
                "Pallet storage is charged at £4.20 per pallet per week. Shelf "
                "storage is £0.60 per bin per week.",
            ),
        ],
        "probe": _turn(
            "org/northgate-logistics/user/priyanka",
            "priyanka-s1",
            "So the same-day dispatch cutoff for UK orders is 4pm — perfect, I'll "
            "push our orders through after lunch each day.",
            "2026-01-14T11:05:00Z",
        ),
        "expect": "conflict",
        "note": "Same-day dispatch cutoff is 2pm, user says 4pm.",
    },
    {
        "id": "h12-para-20",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/castleford-engineering",
                "overtime-policy.md",
                "# Overtime Policy\n\n"
                "This policy applies to all hourly-paid staff at Castleford "
                "Engineering.\n\n"
                "## Approval\n\n"
                "All overtime must be approved in advance by your line manager.\n\n"
                "## Rates\n\n"
                "- Weekday overtime (beyond 37.5 hours): time and a half (1.5×)\n"
                "- Saturdays: time and a half (1.5×)\n"
                "- Sundays and bank holidays: double time (2×)\n\n"
                "Overtime is paid in the month after it is worked.",
            ),
        ],
        "probe": _turn(
            "org/castleford-engineering/user/darren",
            "darren-s1",
            "Covered the Sunday shift last weekend, so I'll get time and a half for those hours.",
            "2026-02-09T06:50:00Z",
        ),
        "expect": "conflict",
        "note": "Sunday overtime is double time, user says time and a half.",
    },
    {
        "id": "h12-para-21",
        "category": "paraphrase_conflict",
        "setup": [_doc("org/meridian-care", "sick-pay.md", _MERIDIAN_SICK_PAY)],
        "probe": _turn(
            "org/meridian-care/team/night-carers",
            "night-carers-s1",
            "Reminder for everyone on nights: once probation's done we get 20 "
            "working days of full sick pay a year, so don't come in ill.",
            "2026-01-26T23:10:00Z",
        ),
        "expect": "conflict",
        "note": "Team scope is covered by the org; full sick pay is 10 working days, not 20.",
    },
    {
        "id": "h12-para-22",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/harbourline-insurance",
                ("Enhanced maternity pay", "policy", "entitlement", "26 weeks at full pay"),
                ("Paternity leave", "policy", "entitlement", "4 weeks at full pay"),
                ("Paternity leave", "policy", "eligibility", "26 weeks' continuous service"),
                ("People Team", "organization", "email", "people-team@harbourline.example"),
            ),
        ],
        "probe": _turn(
            "org/harbourline-insurance/user/owen",
            "owen-s1",
            "Paternity leave here is only a fortnight on full pay, so I'm tacking "
            "a week of annual leave on the end.",
            "2026-08-03T12:00:00Z",
        ),
        "expect": "conflict",
        "note": "Paternity leave is 4 weeks at full pay; a fortnight is 2 weeks.",
    },
    {
        "id": "h12-para-23",
        "category": "paraphrase_conflict",
        "setup": [
            _doc(
                "org/tidewell-housing",
                "pension.md",
                "# Workplace Pension\n\n"
                "Everyone is enrolled in the Tidewell Group Pension Plan after one "
                "month of employment.\n\n"
                "## Contributions\n\n"
                "- Tidewell contributes 6% of your basic salary.\n"
                "- You contribute a minimum of 4%.\n"
                "- If you pay more, we match the extra up to a total employer "
                "contribution of 8%.\n\n"
                "## Salary sacrifice\n\n"
                "Contributions are made through salary sacrifice, which saves you "
                "National Insurance.",
            ),
        ],
        "probe": _turn(
            "org/tidewell-housing/user/lorna",
            "lorna-s1",
            "Nice that the employer puts 5% of basic into the pension here, "
            "better than my last place.",
            "2026-05-05T09:18:00Z",
        ),
        "expect": "conflict",
        "note": "Employer contribution is 6% of basic salary, user says 5%.",
    },
    {
        "id": "h12-para-24",
        "category": "paraphrase_conflict",
        "setup": [
            _ups(
                "org/osteria-bellini",
                ("Tasting menu", "product", "price", "£65 per person"),
                ("Tasting menu", "product", "wine pairing", "£40 per person"),
                ("Service charge", "policy", "rate", "12.5%"),
                ("Private dining room", "location", "capacity", "14 guests"),
            ),
        ],
        "probe": _turn(
            "org/osteria-bellini/user/marco",
            "marco-s1",
            "Lovely evening, thanks — we're happy with the ten per cent service "
            "charge you add to the bill, the staff were great.",
            "2026-02-15T22:30:00Z",
        ),
        "expect": "conflict",
        "note": "Service charge is 12.5%, user says ten per cent.",
    },
    # ======================================================================
    # agreement (14) -> corroborate
    # ======================================================================
    {
        "id": "h12-agree-01",
        "category": "agreement",
        "setup": [
            _doc(
                "org/pinecrag-campsite",
                "arrivals.md",
                "# Arriving and Departing\n\n"
                "- Check-in opens at 1pm.\n"
                "- Check-out is by 11am on your day of departure.\n"
                "- Late check-out until 2pm can be booked for £10.\n\n"
                "## Facilities\n\n"
                "The shower block is open 24 hours and the site shop opens "
                "8am–6pm in season (April to October).",
            ),
        ],
        "probe": _turn(
            "org/pinecrag-campsite/user/hamish",
            "hamish-s1",
            "We've got to be off the pitch by eleven in the morning on Sunday, "
            "so we'll pack the tent away Saturday night.",
            "2026-07-15T20:00:00Z",
        ),
        "expect": "corroborate",
        "note": "Check-out by 11am restated as 'off the pitch by eleven in the morning'.",
    },
    {
        "id": "h12-agree-02",
        "category": "agreement",
        "setup": [
            _ups(
                "org/moveright-removals",
                ("Container storage", "service", "minimum term", "4 weeks"),
                ("Container storage", "service", "price", "£22 per container per week"),
                ("Piano moves", "service", "surcharge", "£120"),
            ),
        ],
        "probe": _turn(
            "org/moveright-removals/user/jasmine",
            "jasmine-s1",
            "Your container storage has a 28-day minimum, which is fine — we'll "
            "need it for about six weeks anyway.",
            "2026-09-02T15:40:00Z",
        ),
        "expect": "corroborate",
        "note": "4 weeks minimum term equals 28 days.",
    },
    {
        "id": "h12-agree-03",
        "category": "agreement",
        "setup": [
            _doc(
                "org/regal-arcade-cinema",
                "tickets.md",
                "# Ticket Prices\n\n"
                "## Standard screenings\n\n"
                "- Adult: £11.20\n"
                "- Child (under 12): £6.50\n"
                "- Senior (65+): £8.00\n\n"
                "## Tuesdays\n\n"
                "All tickets are £6 on Tuesdays, excluding 3D and special events.\n\n"
                "Booking online adds a fee of 75p per ticket.",
            ),
        ],
        "probe": _turn(
            "org/regal-arcade-cinema/user/stacey",
            "stacey-s1",
            "Kids under twelve are six pounds fifty, so the three of them plus "
            "me comes to just over thirty quid.",
            "2026-10-24T10:30:00Z",
        ),
        "expect": "corroborate",
        "note": "Child (under 12) ticket £6.50 restated in words.",
    },
    {
        "id": "h12-agree-04",
        "category": "agreement",
        "setup": [
            _ups(
                "org/stratabox",
                ("Personal", "plan", "storage", "200 GB"),
                ("Personal", "plan", "price", "£2.99/month"),
                ("Pro", "plan", "storage", "2 TB"),
                ("Pro", "plan", "file version history", "180 days"),
            ),
        ],
        "probe": _turn(
            "org/stratabox/user/wen",
            "wen-s1",
            "I'm on the Personal tier — 200 gigabytes is loads for my photos.",
            "2026-03-11T21:00:00Z",
        ),
        "expect": "corroborate",
        "note": "Personal plan storage 200 GB restated as 200 gigabytes.",
    },
    {
        "id": "h12-agree-05",
        "category": "agreement",
        "setup": [
            _doc(
                "org/chainline-bikes",
                "warranty.md",
                "# Warranty\n\n"
                "## Frames\n\n"
                "All Chainline own-brand frames carry a 5-year warranty against "
                "manufacturing defects.\n\n"
                "## Components\n\n"
                "Components are covered for 2 years.\n\n"
                "## What isn't covered\n\n"
                "- Crash damage\n"
                "- Normal wear such as tyres, chains and brake pads\n"
                "- Bikes used for hire or racing",
            ),
        ],
        "probe": _turn(
            "org/chainline-bikes/user/niall",
            "niall-s1",
            "The frame's covered for five years by you lot, which was a big "
            "reason I bought the Chainline rather than a second-hand one.",
            "2026-04-02T18:45:00Z",
        ),
        "expect": "corroborate",
        "note": "Frame warranty 5 years restated as five years.",
    },
    {
        "id": "h12-agree-06",
        "category": "agreement",
        "setup": [
            _doc(
                "org/aquadome-leisure",
                "pools.md",
                "# Our Pools\n\n"
                "## Main pool\n\n"
                "25 metres long with 8 lanes, kept at 28°C.\n\n"
                "## Learner pool\n\n"
                "The learner pool is heated to 30°C and is 0.9 m deep throughout — "
                "ideal for toddlers and lessons.\n\n"
                "## Flumes\n\n"
                "The flumes open at weekends and in school holidays. Riders must be "
                "at least 1.2 m tall.",
            ),
        ],
        "probe": _turn(
            "org/aquadome-leisure/user/kayla",
            "kayla-s1",
            "The learner pool is a toasty 86 degrees Fahrenheit so my little one doesn't get cold.",
            "2026-01-31T09:20:00Z",
        ),
        "expect": "corroborate",
        "note": "30°C equals exactly 86°F.",
    },
    {
        "id": "h12-agree-07",
        "category": "agreement",
        "setup": [
            _doc(
                "org/pellman-foods",
                "overtime.md",
                "# Overtime\n\n"
                "- Weekday overtime is paid at 1.5 times your basic hourly rate.\n"
                "- Weekend overtime is paid at 2 times your basic hourly rate.\n"
                "- Overtime must be agreed with your supervisor before the shift.\n\n"
                "Time off in lieu (TOIL) can be taken instead of payment by agreement.",
            ),
        ],
        "probe": _turn(
            "org/pellman-foods/user/stevie",
            "stevie-s1",
            "weekday overtime's time and a half here so the extra thursday shift is worth it",
            "2026-03-19T05:55:00Z",
        ),
        "expect": "corroborate",
        "note": "Weekday overtime 1.5x restated as time and a half.",
    },
    {
        "id": "h12-agree-08",
        "category": "agreement",
        "setup": [
            _ups(
                "org/kestrel-energy",
                ("Fix & Forget 12", "plan", "exit fee", "£75 per fuel"),
                ("Fix & Forget 12", "plan", "contract length", "12 months"),
                ("Kestrel Variable", "plan", "exit fee", "none"),
            ),
        ],
        "probe": _turn(
            "org/kestrel-energy/user/bernadette",
            "bernadette-s1",
            "The Fix & Forget 12 has an exit fee of seventy-five pounds per fuel, "
            "so switching now would cost me £150 for gas and electric together.",
            "2026-09-14T17:10:00Z",
        ),
        "expect": "corroborate",
        "note": "Exit fee £75 per fuel restated in words.",
    },
    {
        "id": "h12-agree-09",
        "category": "agreement",
        "setup": [
            _doc(
                "org/harbourway-fulfilment",
                "storage-pricing.md",
                "# Storage Pricing\n\n"
                "- Pallet storage: £4.20 per pallet per week\n"
                "- Bin (shelf) storage: £0.60 per bin per week\n"
                "- Goods-in: £8 per pallet received\n\n"
                "Storage is billed monthly in arrears, based on a stock snapshot "
                "taken every Monday.",
            ),
        ],
        "probe": _turn(
            "org/harbourway-fulfilment/user/callum",
            "callum-s1",
            "Storing a pallet with you is £4.20 a week, so our 12 pallets come "
            "to about fifty quid weekly.",
            "2026-06-22T14:00:00Z",
        ),
        "expect": "corroborate",
        "note": "Pallet storage £4.20 per pallet per week restated.",
    },
    {
        "id": "h12-agree-10",
        "category": "agreement",
        "setup": [
            _doc(
                "org/gearup-driving",
                "lessons.md",
                "# Lessons\n\n"
                "## Lesson length\n\n"
                "Standard lessons last 120 minutes, including a short debrief at "
                "the end.\n\n"
                "## Prices\n\n"
                "- Single lesson: £72\n"
                "- Block of 5 lessons: £340\n\n"
                "## Pick-up\n\n"
                "We pick up from home, school or work anywhere in the GU postcode area.",
            ),
        ],
        "probe": _turn(
            "org/gearup-driving/user/ellis",
            "ellis-s1",
            "Each of my lessons is two hours long, which feels about right before "
            "my brain switches off.",
            "2026-05-27T16:35:00Z",
        ),
        "expect": "corroborate",
        "note": "120-minute lessons equal two hours.",
    },
    {
        "id": "h12-agree-11",
        "category": "agreement",
        "setup": [
            _ups(
                "org/willowbank-vets",
                ("Dr Priya Nair", "person", "role", "Head vet"),
                ("Dr Priya Nair", "person", "branch", "Ashford"),
                ("Tom Elliott", "person", "role", "Head nurse"),
                ("Tom Elliott", "person", "branch", "Canterbury"),
            ),
        ],
        "probe": _turn(
            "org/willowbank-vets/user/harriet",
            "harriet-s1",
            "Dr Nair is based at your Ashford surgery — she's brilliant with "
            "nervous cats like mine.",
            "2026-02-24T12:12:00Z",
        ),
        "expect": "corroborate",
        "note": "Dr Priya Nair's branch is Ashford, restated.",
    },
    {
        "id": "h12-agree-12",
        "category": "agreement",
        "setup": [
            _doc(
                "org/elmstead-manor",
                "on-the-day.md",
                "# On the Day\n\n"
                "## Timings\n\n"
                "- Ceremonies can start from 11am.\n"
                "- Amplified music must finish by 23:30.\n"
                "- Carriages (taxis) by midnight.\n\n"
                "## Suppliers\n\n"
                "All suppliers must be on our approved list, except florists and "
                "photographers.\n\n"
                "## Confetti\n\n"
                "Only biodegradable petal confetti may be used, and only outside "
                "the building.",
            ),
        ],
        "probe": _turn(
            "org/elmstead-manor/user/priti",
            "priti-s1",
            "music has to stop by half eleven at night, so we're planning the last dance for 11.15",
            "2026-08-20T21:48:00Z",
        ),
        "expect": "corroborate",
        "note": "Music ends by 23:30, restated as half eleven at night.",
    },
    {
        "id": "h12-agree-13",
        "category": "agreement",
        "setup": [
            _turn(
                "org/grainhouse-bakery/user/ines",
                "ines-s1",
                "Just flagging I have a peanut allergy, quite a severe one.",
                "2026-03-01T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/grainhouse-bakery/user/ines",
            "ines-s2",
            "Ordering the celebration cake for Saturday — as I said before, I'm "
            "allergic to peanuts, so it has to be completely nut-free.",
            "2026-03-18T10:30:00Z",
        ),
        "expect": "corroborate",
        "note": "Same user restates her own peanut allergy.",
    },
    {
        "id": "h12-agree-14",
        "category": "agreement",
        "setup": [
            _doc(
                "org/briarwood-nurseries",
                "delivery.md",
                "# Delivery\n\n"
                "We deliver plants, compost and garden furniture from our "
                "Harrogate nursery.\n\n"
                "- Free delivery on orders over £50 within 10 miles of the nursery\n"
                "- £7.50 for orders under £50 within 10 miles\n"
                "- 10 to 25 miles: £15 on any order\n\n"
                "Deliveries run Tuesday to Saturday. Large trees and sheds are "
                "quoted separately.",
            ),
        ],
        "probe": _turn(
            "org/briarwood-nurseries/user/malcolm",
            "malcolm-s1",
            "Delivery's free as long as I spend over fifty quid and live within "
            "ten miles, which I do, so I'll have the compost and the bird bath "
            "brought round.",
            "2026-04-18T08:50:00Z",
        ),
        "expect": "corroborate",
        "note": "Free delivery over £50 within 10 miles restated in words.",
    },
    # ======================================================================
    # supersession (12) -> supersede
    # ======================================================================
    {
        "id": "h12-super-01",
        "category": "supersession",
        "setup": [
            _turn(
                "org/redline-buses/user/priya",
                "priya-s1",
                "I live in Leeds and get the 56 into work most days.",
                "2026-01-08T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/redline-buses/user/priya",
            "priya-s2",
            "We moved house last month — I live in York now, so I'll need a different pass.",
            "2026-04-03T18:20:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's city changes from Leeds to York.",
    },
    {
        "id": "h12-super-02",
        "category": "supersession",
        "setup": [
            _turn(
                "org/tallybook/user/marcus",
                "marcus-s1",
                "I work as a paramedic, so my hours are all over the place.",
                "2026-01-15T22:10:00Z",
            ),
        ],
        "probe": _turn(
            "org/tallybook/user/marcus",
            "marcus-s3",
            "Quick update for my profile: I've retrained and I'm a secondary school teacher now.",
            "2026-09-05T16:00:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's job changes from paramedic to teacher.",
    },
    {
        "id": "h12-super-03",
        "category": "supersession",
        "setup": [
            _turn(
                "org/hollytree-vets/user/amira",
                "amira-s1",
                "We have two cats, Miso and Pickle, both indoor.",
                "2026-02-10T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/hollytree-vets/user/amira",
            "amira-s2",
            "We adopted another one from the rescue, Tofu, so we've got three cats now.",
            "2026-05-21T19:30:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's number of cats updated from two to three.",
    },
    {
        "id": "h12-super-04",
        "category": "supersession",
        "setup": [
            _turn(
                "org/shinebay-car-wash/user/keith",
                "keith-s1",
                "I drive a silver 2015 Ford Fiesta, it's the one on the wash club.",
                "2026-01-05T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/shinebay-car-wash/user/keith",
            "keith-s2",
            "Traded the Fiesta in — I drive a Kia Niro EV now, so please update "
            "the plate on my wash club.",
            "2026-06-30T09:15:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's car changes from Ford Fiesta to Kia Niro EV.",
    },
    {
        "id": "h12-super-05",
        "category": "supersession",
        "setup": [
            _turn(
                "org/stratabox/user/leon",
                "leon-s1",
                "My phone's an iPhone 12, if that matters for the backup app.",
                "2026-02-01T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/stratabox/user/leon",
            "leon-s2",
            "Upgraded my phone — it's a Pixel 9 these days, so I'll need to set "
            "the backup app up again.",
            "2026-07-11T13:45:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's phone changes from iPhone 12 to Pixel 9.",
    },
    {
        "id": "h12-super-06",
        "category": "supersession",
        "setup": [
            _turn(
                "org/greenleaf-kitchen/user/hannah",
                "hannah-s1",
                "I'm vegetarian, so no meat in my meal kits please.",
                "2026-01-03T17:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-kitchen/user/hannah",
            "hannah-s2",
            "Heads up, I went fully vegan in January, so I'm avoiding dairy and "
            "eggs as well from now on.",
            "2026-02-04T08:30:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's diet changes from vegetarian to vegan.",
    },
    {
        "id": "h12-super-07",
        "category": "supersession",
        "setup": [
            _turn(
                "org/cadenza-music-hub/user/ruth",
                "ruth-s1",
                "I play the violin in the Thursday community orchestra.",
                "2026-01-22T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/cadenza-music-hub/user/ruth",
            "ruth-s2",
            "I switched to viola this season, so that's what I play in the orchestra now.",
            "2026-09-17T19:05:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's instrument changes from violin to viola.",
    },
    {
        "id": "h12-super-08",
        "category": "supersession",
        "setup": [
            _ups(
                "org/osteria-bellini",
                ("Private dining room", "location", "capacity", "14 guests"),
                ("Tasting menu", "product", "price", "£65 per person"),
            ),
            _turn(
                "org/osteria-bellini/user/georgia",
                "georgia-s1",
                "I'm engaged to Sam — we'd love a quiet table for his birthday.",
                "2026-02-20T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/osteria-bellini/user/georgia",
            "georgia-s2",
            "Sam and I got married in June, so he's my husband now — this booking "
            "is for our first anniversary next year, just so you know.",
            "2026-07-02T12:40:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's relationship to Sam changes from fiancé to husband.",
    },
    {
        "id": "h12-super-09",
        "category": "supersession",
        "setup": [
            _doc("org/oakfield-primary", "after-school-club.md", _OAKFIELD_CLUB),
            _turn(
                "org/oakfield-primary/user/becky",
                "becky-s1",
                "I have one daughter, Isla, who's four and starting Reception.",
                "2026-01-12T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/oakfield-primary/user/becky",
            "becky-s2",
            "Our son Finn was born in March, so I've got two kids now — Isla and Finn.",
            "2026-04-29T14:20:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's number of children updated from one to two.",
    },
    {
        "id": "h12-super-10",
        "category": "supersession",
        "setup": [
            _turn(
                "org/riverside-leisure/user/jamal",
                "jamal-s1",
                "I play five-a-side on Tuesday nights in your sports hall.",
                "2026-02-03T21:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/riverside-leisure/user/jamal",
            "jamal-s2",
            "My five-a-side has moved to Thursday nights now.",
            "2026-05-14T21:40:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's five-a-side night changes from Tuesday to Thursday.",
    },
    {
        "id": "h12-super-11",
        "category": "supersession",
        "setup": [
            _turn(
                "org/swiftshift-removals/user/olu",
                "olu-s1",
                "My mobile is 07700 900123 if the driver needs me on the day.",
                "2026-06-02T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/swiftshift-removals/user/olu",
            "olu-s2",
            "New number: 07700 900456. The old one's disconnected, please use "
            "this one from now on.",
            "2026-06-19T11:30:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's mobile number replaced with a new one.",
    },
    {
        "id": "h12-super-12",
        "category": "supersession",
        "setup": [
            _turn(
                "org/castleford-engineering/user/mei",
                "mei-s1",
                "I'm based at the Swindon office, in the design team.",
                "2026-01-19T09:10:00Z",
            ),
        ],
        "probe": _turn(
            "org/castleford-engineering/user/mei",
            "mei-s2",
            "I've transferred to the Bristol site as of this week, so I'm based in Bristol now.",
            "2026-10-06T08:55:00Z",
        ),
        "expect": "supersede",
        "note": "Same user's work location changes from Swindon to Bristol.",
    },
    # ======================================================================
    # negation (12) -> close
    # ======================================================================
    {
        "id": "h12-neg-01",
        "category": "negation",
        "setup": [
            _turn(
                "org/autogleam-car-wash/user/sandra",
                "sandra-s1",
                "I drive a blue Vauxhall Corsa, it's the one on the wash club.",
                "2026-02-06T11:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/autogleam-car-wash/user/sandra",
            "sandra-s2",
            "Sold my car in May, so I no longer drive — can you cancel the wash club please?",
            "2026-05-30T10:20:00Z",
        ),
        "expect": "close",
        "note": "Same user sold her car and no longer drives.",
    },
    {
        "id": "h12-neg-02",
        "category": "negation",
        "setup": [
            _turn(
                "org/bowmont-music-school/user/edward",
                "edward-s1",
                "I play cello in a string quartet at weekends.",
                "2026-01-25T15:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/bowmont-music-school/user/edward",
            "edward-s2",
            "I don't play the cello anymore, my wrist just can't take it.",
            "2026-08-08T15:30:00Z",
        ),
        "expect": "close",
        "note": "Same user no longer plays the cello.",
    },
    {
        "id": "h12-neg-03",
        "category": "negation",
        "setup": [
            _doc("org/meridian-care", "sick-pay.md", _MERIDIAN_SICK_PAY),
            _turn(
                "org/meridian-care/user/tracey",
                "tracey-s1",
                "I smoke, so I take my breaks out by the back gate.",
                "2026-01-07T14:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/meridian-care/user/tracey",
            "tracey-s2",
            "Proud to say I quit smoking in February! Six weeks and counting.",
            "2026-03-20T14:05:00Z",
        ),
        "expect": "close",
        "note": "Same user quit smoking.",
    },
    {
        "id": "h12-neg-04",
        "category": "negation",
        "setup": [
            _turn(
                "org/riverside-leisure/user/gillian",
                "gillian-s1",
                "I swim at your pool three mornings a week before work.",
                "2026-01-13T07:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/riverside-leisure/user/gillian",
            "gillian-s2",
            "Gave up swimming after my shoulder operation, physio's orders.",
            "2026-06-03T12:00:00Z",
        ),
        "expect": "close",
        "note": "Same user gave up swimming.",
    },
    {
        "id": "h12-neg-05",
        "category": "negation",
        "setup": [
            _turn(
                "org/loftworks-cowork/user/arjun",
                "arjun-s1",
                "I'm a member on the Hot Desk plan at your Ancoats site.",
                "2026-02-02T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/loftworks-cowork/user/arjun",
            "arjun-s2",
            "I'm not a member any more — cancelled the hot desk when I went fully remote.",
            "2026-07-01T10:00:00Z",
        ),
        "expect": "close",
        "note": "Same user is no longer a Hot Desk member.",
    },
    {
        "id": "h12-neg-06",
        "category": "negation",
        "setup": [
            _turn(
                "org/tandoor-house/user/lucy",
                "lucy-s1",
                "I'm vegetarian, so the paneer dishes are my go-to.",
                "2026-01-30T19:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/tandoor-house/user/lucy",
            "lucy-s2",
            "I'm not vegetarian anymore, so don't worry about that note on my account.",
            "2026-05-09T19:15:00Z",
        ),
        "expect": "close",
        "note": "Same user is no longer vegetarian.",
    },
    {
        "id": "h12-neg-07",
        "category": "negation",
        "setup": [
            _doc(
                "org/pawsway-vets",
                "rabbits.md",
                "# Rabbit Care\n\n"
                "## Vaccinations\n\n"
                "Rabbits need a combined myxomatosis and RHD vaccine once a year. "
                "It costs £52.\n\n"
                "## Dental checks\n\n"
                "- We recommend a dental check every 6 months.\n"
                "- Nurse dental checks are free for Pet Health Club members.",
            ),
            _turn(
                "org/pawsway-vets/user/fiona",
                "fiona-s1",
                "We have a rabbit called Clover who's due her myxo jab soon.",
                "2026-02-14T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/pawsway-vets/user/fiona",
            "fiona-s2",
            "Sadly Clover passed away last week, so we don't have a rabbit any "
            "more. Please cancel her reminder.",
            "2026-04-07T09:40:00Z",
        ),
        "expect": "close",
        "note": "Same user no longer has the rabbit.",
    },
    {
        "id": "h12-neg-08",
        "category": "negation",
        "setup": [
            _turn(
                "org/polyglot-evening-classes/user/dafydd",
                "dafydd-s1",
                "I'm learning Welsh in your Tuesday evening class.",
                "2026-01-20T20:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/polyglot-evening-classes/user/dafydd",
            "dafydd-s2",
            "I've stopped learning Welsh — just no time with the new job.",
            "2026-04-21T20:45:00Z",
        ),
        "expect": "close",
        "note": "Same user stopped learning Welsh.",
    },
    {
        "id": "h12-neg-09",
        "category": "negation",
        "setup": [
            _turn(
                "org/brookside-primary/user/karen",
                "karen-s1",
                "My daughter Mia goes to your Wednesday football club.",
                "2026-01-11T18:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/brookside-primary/user/karen",
            "karen-s2",
            "Mia doesn't go to Wednesday football club anymore, she lost interest after Christmas.",
            "2026-02-25T18:10:00Z",
        ),
        "expect": "close",
        "note": "Same user's daughter no longer attends the football club.",
    },
    {
        "id": "h12-neg-10",
        "category": "negation",
        "setup": [
            _turn(
                "org/moveright-removals/user/chris",
                "chris-s1",
                "I live with my partner Jo, so put both our names on the booking.",
                "2026-03-03T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/moveright-removals/user/chris",
            "chris-s2",
            "Jo and I have split up and we don't live together anymore, so it's "
            "just my name on the quote now.",
            "2026-04-15T12:30:00Z",
        ),
        "expect": "close",
        "note": "Same user no longer lives with partner Jo.",
    },
    {
        "id": "h12-neg-11",
        "category": "negation",
        "setup": [
            _turn(
                "org/metrolink-valley/user/andy",
                "andy-s1",
                "I get the bus to work every day on the 7-day Rider.",
                "2026-01-06T07:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/metrolink-valley/user/andy",
            "andy-s2",
            "I stopped commuting by bus — I'm working from home full-time now.",
            "2026-03-09T09:00:00Z",
        ),
        "expect": "close",
        "note": "Same user stopped commuting by bus.",
    },
    {
        "id": "h12-neg-12",
        "category": "negation",
        "setup": [
            _turn(
                "org/starlight-cinemas/user/victoria",
                "victoria-s1",
                "I'm a Premiere member, I come in most Fridays.",
                "2026-01-16T20:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/starlight-cinemas/user/victoria",
            "victoria-s2",
            "I used to be a Premiere member, but I let it lapse in the spring.",
            "2026-07-24T19:30:00Z",
        ),
        "expect": "close",
        "note": "Same user is no longer a Premiere member.",
    },
    # ======================================================================
    # unrelated (20) -> none
    # ======================================================================
    {
        "id": "h12-unrel-01",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/marquee-cinemas",
                "membership.md",
                "# Marquee Membership\n\n"
                "## Silver\n\n"
                "- £4.99 a month\n"
                "- 10% off all tickets\n\n"
                "## Gold\n\n"
                "- £8.50 a month\n"
                "- Two free 2D tickets every month\n"
                "- 15% off snacks\n\n"
                "Memberships renew monthly.",
            ),
        ],
        "probe": _turn(
            "org/marquee-cinemas/user/isaac",
            "isaac-s1",
            "Platinum membership costs £14 a month and my flatmate reckons it's "
            "worth it for the unlimited films.",
            "2026-02-07T18:00:00Z",
        ),
        "expect": "none",
        "note": "Platinum is a different tier from the documented Silver and Gold.",
    },
    {
        "id": "h12-unrel-02",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/tramlink-north",
                "passes.md",
                "# Passes\n\n"
                "## 7-day pass\n\n"
                "The 7-day pass costs £19.50 and covers trams and buses in "
                "zones 1–3.\n\n"
                "## Day ticket\n\n"
                "- Adult day ticket: £5.20\n"
                "- Child day ticket: £2.60",
            ),
        ],
        "probe": _turn(
            "org/tramlink-north/user/joanne",
            "joanne-s1",
            "Is the 7-day pass valid in zone 4 as well, or do I need an add-on?",
            "2026-03-02T07:50:00Z",
        ),
        "expect": "none",
        "note": "A question, not a statement of fact.",
    },
    {
        "id": "h12-unrel-03",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/the-copper-pot",
                "bookings.md",
                "# Booking a Table\n\n"
                "We hold tables for 15 minutes after the booking time.\n\n"
                "- Parties of 6 or more: set menu only\n"
                "- Bookings taken up to 30 days ahead\n"
                "- High chairs available on request",
            ),
        ],
        "probe": _turn(
            "org/the-copper-pot/user/barry",
            "barry-s1",
            "I really wish you'd hold tables for half an hour instead of 15 "
            "minutes — the parking round there is a nightmare.",
            "2026-04-11T20:20:00Z",
        ),
        "expect": "none",
        "note": "A wish; the user acknowledges the 15-minute rule.",
    },
    {
        "id": "h12-unrel-04",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/cirrusdrive",
                ("Family", "plan", "maximum members", "6"),
                ("Family", "plan", "storage", "2 TB shared"),
                ("Solo", "plan", "storage", "100 GB"),
            ),
        ],
        "probe": _turn(
            "org/cirrusdrive/user/oksana",
            "oksana-s1",
            "If the Family plan allowed ten people, I'd move the whole extended family over to it.",
            "2026-05-03T16:00:00Z",
        ),
        "expect": "none",
        "note": "A hypothetical, not a claim about the member limit.",
    },
    {
        "id": "h12-unrel-05",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/thornfield-garden-centres",
                "opening-hours.md",
                "# Opening Hours — Ripon Garden Centre\n\n"
                "- Monday to Saturday: 9:00–17:30\n"
                "- Sunday: 10:30–16:30\n\n"
                "These hours are for the Ripon garden centre only. Our Thirsk "
                "farm shop keeps its own hours, listed on its own page.",
            ),
        ],
        "probe": _turn(
            "org/thornfield-garden-centres/user/pauline",
            "pauline-s1",
            "The Thirsk farm shop is open until 6pm on Sundays, handy for after the match.",
            "2026-06-06T12:00:00Z",
        ),
        "expect": "none",
        "note": "Thirsk farm shop is a different branch from the documented Ripon one.",
    },
    {
        "id": "h12-unrel-06",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/ashdown-homecare",
                "sick-pay.md",
                "# Company Sick Pay\n\n"
                "This section applies to permanent employees only. Bank "
                "(zero-hours) staff are covered by the separate Bank Staff "
                "Handbook.\n\n"
                "- Permanent employees receive full pay for up to 15 working days "
                "of sickness per year after probation.\n"
                "- After that, Statutory Sick Pay applies.\n"
                "- A fit note is needed for absences over 7 days.",
            ),
        ],
        "probe": _turn(
            "org/ashdown-homecare/user/grace",
            "grace-s1",
            "As bank staff I only get SSP when I'm off sick, no company sick pay.",
            "2026-02-19T13:00:00Z",
        ),
        "expect": "none",
        "note": "Bank staff are a different audience from the permanent employees covered by the doc.",
    },
    {
        "id": "h12-unrel-07",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/velocity-bike-co",
                ("Tern Commuter 8", "product", "price", "£1,150"),
                ("Brompton C Line", "product", "price", "£1,450"),
                ("Velocity Leeds", "location", "opening hours", "9:00–18:00 Monday to Saturday"),
            ),
        ],
        "probe": _turn(
            "org/velocity-bike-co/user/sean",
            "sean-s1",
            "The Tern Vektron is £3,400 in your Leeds shop, way out of my budget.",
            "2026-03-14T15:30:00Z",
        ),
        "expect": "none",
        "note": "Tern Vektron is a different product from the Tern Commuter 8.",
    },
    {
        "id": "h12-unrel-08",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/skyvault",
                "plans.md",
                "# Plans for Home Users\n\n"
                "## Personal\n\n"
                "200 GB of storage for £2.49 a month.\n\n"
                "## Family\n\n"
                "2 TB shared between up to 6 people for £9.99 a month.\n\n"
                "Business plans are described on our Skyvault for Teams pages.",
            ),
        ],
        "probe": _turn(
            "org/skyvault/user/rachel",
            "rachel-s1",
            "Your Business plan comes with 5 TB per user, which is why our office went with it.",
            "2026-04-08T10:10:00Z",
        ),
        "expect": "none",
        "note": "Business plan is a different tier from Personal and Family.",
    },
    {
        "id": "h12-unrel-09",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/meadowside-vets",
                "vaccinations.md",
                "# Vaccinations\n\n"
                "- Kitten course: two injections 3–4 weeks apart, £62\n"
                "- Annual cat booster: £46\n"
                "- Annual dog booster: £48\n\n"
                "Book online or call reception.",
            ),
        ],
        "probe": _turn(
            "org/meadowside-vets/user/eileen",
            "eileen-s1",
            "My cat Pepper is twelve and has early kidney disease, so she's on a renal diet now.",
            "2026-05-12T11:25:00Z",
        ),
        "expect": "none",
        "note": "Personal fact about the user's cat, not about any clinic fact.",
    },
    {
        "id": "h12-unrel-10",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/bubbleworks-car-wash",
                "services.md",
                "# Services\n\n"
                "- Exterior wash: £7\n"
                "- Mini valet: £17, about 30 minutes\n"
                "- Full valet: £45, about 90 minutes\n\n"
                "Last valet bookings are taken at 4pm.",
            ),
        ],
        "probe": _turn(
            "org/bubbleworks-car-wash/user/ray",
            "ray-s1",
            "Does the full valet really take 90 minutes, or could you squeeze it "
            "into an hour if I come at 4?",
            "2026-06-18T09:00:00Z",
        ),
        "expect": "none",
        "note": "A question about the valet duration, not a claim.",
    },
    {
        "id": "h12-unrel-11",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/larchfield-camping",
                "site-info.md",
                "# Site Information\n\n"
                "- Check-in from 2pm, check-out by 10:30am\n"
                "- Dogs welcome: up to 2 per pitch, £3 per dog per night\n"
                "- Electric hook-up: £5 per night\n\n"
                "Campfires are allowed in the raised fire pits only.",
            ),
        ],
        "probe": _turn(
            "org/larchfield-camping/user/nicola",
            "nicola-s1",
            "Larchfield's little shop sells firewood and ice, we used it loads last summer.",
            "2026-05-25T19:00:00Z",
        ),
        "expect": "none",
        "note": "Shop stock is an attribute the site info does not cover.",
    },
    {
        "id": "h12-unrel-12",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/playhouse-on-the-quay",
                ("The Winter's Tale", "event", "matinee start time", "14:30"),
                ("The Winter's Tale", "event", "evening start time", "19:30"),
                ("Macbeth", "event", "evening start time", "19:00"),
            ),
        ],
        "probe": _turn(
            "org/playhouse-on-the-quay/user/mrs-okafor",
            "okafor-s1",
            "The Macbeth matinee starts at 2pm, so I'll book that one for my Year 10 class.",
            "2026-10-02T15:20:00Z",
        ),
        "expect": "none",
        "note": "Macbeth matinee is a different show and attribute from the Winter's Tale matinee.",
    },
    {
        "id": "h12-unrel-13",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/steadyhands-driving",
                "prices.md",
                "# Prices\n\n"
                "These prices are for manual cars. Automatic lessons are priced "
                "separately — see automatic.md.\n\n"
                "- Pay-as-you-go: £38 per hour\n"
                "- 10-hour block: £350\n\n"
                "The practical test fee is not included in any package.",
            ),
        ],
        "probe": _turn(
            "org/steadyhands-driving/user/zara",
            "zara-s1",
            "Your automatic lessons are £42 an hour, which is what I'm booking.",
            "2026-07-20T17:00:00Z",
        ),
        "expect": "none",
        "note": "Automatic lessons are priced separately from the documented manual prices.",
    },
    {
        "id": "h12-unrel-14",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/solstice-energy",
                ("Fixed Saver 24", "plan", "contract length", "24 months"),
                ("Fixed Saver 24", "plan", "exit fee", "£75 per fuel"),
                ("Flex Tracker", "plan", "exit fee", "none"),
            ),
        ],
        "probe": _turn(
            "org/solstice-energy/user/declan",
            "declan-s1",
            "My sister has been on your Flex Tracker for two years and rates it.",
            "2026-08-11T20:30:00Z",
        ),
        "expect": "none",
        "note": "Statement about a relative's tenure on a plan, no catalogue attribute restated or contradicted.",
    },
    {
        "id": "h12-unrel-15",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/portside-fulfilment",
                "dispatch.md",
                "# Dispatch Times\n\n"
                "UK orders received by 2pm on a working day are dispatched the "
                "same day.\n\n"
                "International orders have separate cut-offs for each carrier — "
                "see international.md.\n\n"
                "- Returns are processed within 3 working days\n"
                "- Pallet storage: £4.50 per pallet per week",
            ),
        ],
        "probe": _turn(
            "org/portside-fulfilment/user/helena",
            "helena-s1",
            "For international orders going with DHL the same-day cutoff is 11am.",
            "2026-03-25T09:35:00Z",
        ),
        "expect": "none",
        "note": "International DHL cutoff is a different entity from the UK cutoff.",
    },
    {
        "id": "h12-unrel-16",
        "category": "unrelated",
        "setup": [
            _ups(
                "org/coastal-mutual",
                ("Paternity leave", "policy", "entitlement", "4 weeks at full pay"),
                ("Enhanced maternity pay", "policy", "entitlement", "26 weeks at full pay"),
            ),
        ],
        "probe": _turn(
            "org/coastal-mutual/user/ben",
            "ben-s1",
            "Can I split my paternity leave into two separate blocks of two weeks?",
            "2026-09-09T12:15:00Z",
        ),
        "expect": "none",
        "note": "A question; two blocks of two weeks is consistent with 4 weeks anyway.",
    },
    {
        "id": "h12-unrel-17",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/greystone-housing",
                "pension.md",
                "# Pension\n\n"
                "- Greystone contributes 6% of basic salary.\n"
                "- Employees contribute at least 4%.\n"
                "- Extra employee contributions are matched up to 8% in total.\n\n"
                "You can change your contribution once a month through the HR portal.",
            ),
        ],
        "probe": _turn(
            "org/greystone-housing/user/tariq",
            "tariq-s1",
            "I'm thinking about upping my own contribution to 10% once my pay rise comes through.",
            "2026-04-01T12:45:00Z",
        ),
        "expect": "none",
        "note": "An intention about the user's own contribution, above the minimum.",
    },
    {
        "id": "h12-unrel-18",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/ashcombe-house",
                "spaces.md",
                "# Our Spaces\n\n"
                "- The Oak Room: ceremonies for up to 120 guests\n"
                "- The Tithe Barn: wedding breakfast and reception for up to 180 guests\n\n"
                "Both spaces are available year-round. Exclusive use is included "
                "with every wedding package.",
            ),
        ],
        "probe": _turn(
            "org/ashcombe-house/user/freya",
            "freya-s1",
            "The Tithe Barn has underfloor heating, so a December wedding won't "
            "be freezing for Gran.",
            "2026-01-28T20:00:00Z",
        ),
        "expect": "none",
        "note": "Heating is a different attribute of the Tithe Barn than its capacity.",
    },
    {
        "id": "h12-unrel-19",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/westfield-leisure",
                "swim-prices.md",
                "# Swim Prices\n\n"
                "- Adult swim: £5.40\n"
                "- Junior swim (under 16): £3.20\n"
                "- Over-60s swim: £3.80\n\n"
                "Swims last up to 60 minutes.",
            ),
        ],
        "probe": _turn(
            "org/westfield-leisure/user/alan",
            "alan-s1",
            "A sauna session is £4 on top of the swim, worth it after a long week.",
            "2026-11-06T18:30:00Z",
        ),
        "expect": "none",
        "note": "Sauna is a different entity from the documented swim prices.",
    },
    {
        "id": "h12-unrel-20",
        "category": "unrelated",
        "setup": [
            _doc(
                "org/commonroom-cowork",
                "membership.md",
                "# Membership\n\n"
                "## Hot Desk — £175/month\n\n"
                "- Access 8am–8pm on weekdays\n"
                "- 4 hours of meeting-room credit per month\n\n"
                "## Resident — £310/month\n\n"
                "- Fixed desk, 24/7 access\n"
                "- Personal locker included",
            ),
        ],
        "probe": _turn(
            "org/commonroom-cowork/user/nina",
            "nina-s1",
            "Would be great if the hot desk plan came with a locker — lugging my "
            "monitor home every night is a pain.",
            "2026-10-13T18:05:00Z",
        ),
        "expect": "none",
        "note": "A wish, not a claim about the plan.",
    },
    # ======================================================================
    # other_scope (14) -> none
    # ======================================================================
    {
        "id": "h12-scope-01",
        "category": "other_scope",
        "setup": [
            _doc("org/lumiere-picturehouse", "membership.md", _LUMIERE_MEMBERSHIP),
        ],
        "probe": _turn(
            "org/regent-cinemas/user/hannah",
            "hannah-s1",
            "Your Gold membership is a tenner a month, which I think is fair.",
            "2026-02-21T16:00:00Z",
        ),
        "expect": "none",
        "note": "'Your' means Regent Cinemas, a different org from Lumière.",
    },
    {
        "id": "h12-scope-02",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/redline-buses/user/alice",
                "alice-s1",
                "I live in Leeds.",
                "2026-01-10T08:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/redline-buses/user/bob",
            "bob-s1",
            "I moved last month, I live in Manchester now.",
            "2026-03-10T08:00:00Z",
        ),
        "expect": "none",
        "note": "Different users; Bob's move says nothing about Alice.",
    },
    {
        "id": "h12-scope-03",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/autogleam-car-wash/user/dev",
                "dev-s1",
                "I drive a Tesla Model 3, so no brushes on it please.",
                "2026-02-12T12:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/autogleam-car-wash/user/ellie",
            "ellie-s1",
            "Sold my car, so I don't drive any more.",
            "2026-04-12T12:00:00Z",
        ),
        "expect": "none",
        "note": "Different users; Ellie's negation does not close Dev's fact.",
    },
    {
        "id": "h12-scope-04",
        "category": "other_scope",
        "setup": [_spokesmith_upsert()],
        "probe": _turn(
            "org/wheelhouse-bikes/user/lena",
            "lena-s1",
            "You gave me a free tune-up for the first three months on my Tern "
            "Commuter 8, brilliant service.",
            "2026-05-02T11:00:00Z",
        ),
        "expect": "none",
        "note": "'You' is Wheelhouse Bikes, not Spokesmith Cycles.",
    },
    {
        "id": "h12-scope-05",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/northgate-logistics/team/inbound",
                "inbound-s1",
                "The Thursday all-hands is in the canteen at 9am.",
                "2026-03-02T07:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/northgate-logistics/team/outbound",
            "outbound-s1",
            "The Thursday all-hands is in the canteen at 10am.",
            "2026-03-02T07:30:00Z",
        ),
        "expect": "none",
        "note": "Sibling team scopes do not overlap.",
    },
    {
        "id": "h12-scope-06",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/castleford-engineering/team/maintenance",
                "maintenance-s1",
                "The forklift refresher training is on 14 May.",
                "2026-04-20T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/castleford-engineering/team/tooling",
            "tooling-s1",
            "The forklift refresher training is on 21 May.",
            "2026-04-21T09:00:00Z",
        ),
        "expect": "none",
        "note": "Sibling team scopes do not overlap.",
    },
    {
        "id": "h12-scope-07",
        "category": "other_scope",
        "setup": [_doc("org/meridian-care", "sick-pay.md", _MERIDIAN_SICK_PAY)],
        "probe": _turn(
            "org/ashgrove-nursing/user/kofi",
            "kofi-s1",
            "Full sick pay here is 20 working days a year once you're through probation.",
            "2026-02-16T22:00:00Z",
        ),
        "expect": "none",
        "note": "'Here' is Ashgrove Nursing, not Meridian Care.",
    },
    {
        "id": "h12-scope-08",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/hollytree-vets/user/amira",
                "amira-s1",
                "We've got two cats, both rescues.",
                "2026-01-18T10:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/hollytree-vets/user/ben",
            "ben-s1",
            "We have three cats at home.",
            "2026-01-19T10:00:00Z",
        ),
        "expect": "none",
        "note": "Different users' households.",
    },
    {
        "id": "h12-scope-09",
        "category": "other_scope",
        "setup": [_doc("org/heatherbeck-campsite", "site-rules.md", _HEATHERBECK_RULES)],
        "probe": _turn(
            "org/foxglove-farm-camping/user/gemma",
            "gemma-s1",
            "We're bringing all three dogs, since you allow three per pitch.",
            "2026-07-03T18:00:00Z",
        ),
        "expect": "none",
        "note": "'You' is Foxglove Farm, not Heatherbeck.",
    },
    {
        "id": "h12-scope-10",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/greenleaf-kitchen/user/ola",
                "ola-s1",
                "I'm vegan, so plant-based boxes only for me.",
                "2026-02-08T17:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/greenleaf-kitchen/user/pete",
            "pete-s1",
            "I'm definitely not vegan — I eat meat most days.",
            "2026-02-09T17:00:00Z",
        ),
        "expect": "none",
        "note": "Different users' diets.",
    },
    {
        "id": "h12-scope-11",
        "category": "other_scope",
        "setup": [_brightwatt_upsert()],
        "probe": _turn(
            "org/voltline-energy/user/ravi",
            "ravi-s1",
            "I'm on your Fixed Saver tariff, which is an 18-month fix.",
            "2026-05-15T19:00:00Z",
        ),
        "expect": "none",
        "note": "'Your' is Voltline Energy, not Brightwatt.",
    },
    {
        "id": "h12-scope-12",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/oakfield-primary/user/claire",
                "claire-s1",
                "My son Leo is in Year 3.",
                "2026-09-08T08:30:00Z",
            ),
        ],
        "probe": _turn(
            "org/oakfield-primary/user/dan",
            "dan-s1",
            "My son Leo is in Year 5.",
            "2026-09-08T08:45:00Z",
        ),
        "expect": "none",
        "note": "Two different parents, each with a son called Leo.",
    },
    {
        "id": "h12-scope-13",
        "category": "other_scope",
        "setup": [
            _turn(
                "org/hivedesk/user/sam",
                "sam-s1",
                "I live in Leeds, about ten minutes from your building.",
                "2026-03-05T09:00:00Z",
            ),
        ],
        "probe": _turn(
            "org/ledgerly/user/sam",
            "sam-s1",
            "I live in York.",
            "2026-03-06T09:00:00Z",
        ),
        "expect": "none",
        "note": "Same user id in two different orgs; the scopes do not overlap.",
    },
    {
        "id": "h12-scope-14",
        "category": "other_scope",
        "setup": [_doc("org/oakfield-primary", "after-school-club.md", _OAKFIELD_CLUB)],
        "probe": _turn(
            "org/st-marys-primary/user/jo",
            "jo-s1",
            "After-school club here runs until quarter past six.",
            "2026-01-21T20:00:00Z",
        ),
        "expect": "none",
        "note": "'Here' is St Mary's Primary, not Oakfield.",
    },
]
