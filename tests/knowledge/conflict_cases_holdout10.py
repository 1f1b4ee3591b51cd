"""Held-out conflict-detection cases, set 10.

Written without sight of the implementation. Each case writes its ``setup``
records in order, then the ``probe`` record, and states what the reconciler
must report for the probe:

* ``conflict``    - a user turn contradicts an authoritative fact
                    (document / upsert) of its own org.
* ``supersede``   - the same user updates their own earlier chat fact.
* ``close``       - the user explicitly negates their own earlier fact.
* ``corroborate`` - the same value restated (possibly other units / words).
* ``none``        - different entity or attribute, a question, wish or
                    hypothetical, or a contradiction across scopes that do
                    not overlap (other org, sibling user, sibling team).

Domains: libraries, post offices, car parks and permits, ferries and trains,
ski resorts, dog groomers and kennels, opticians, hairdressers, estate agents,
mobile plans, streaming, event venues, recycling centres, tax advisers,
language schools, payroll and HR benefits; plus personal facts (jobs, cities,
pets, diets, allergies, cars, instruments, sports, partners, phones, schools,
commute, teams).
"""

import copy


def _doc(scope: str, name: str, text: str) -> dict:
    return {"kind": "document", "scope": scope, "name": name, "text": text}


def _ups(scope: str, *triples: tuple) -> dict:
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


def _case(cid: str, category: str, setup: list, probe: dict, expect: str, note: str) -> dict:
    return {
        "id": cid,
        "category": category,
        "setup": copy.deepcopy(setup),
        "probe": copy.deepcopy(probe),
        "expect": expect,
        "note": note,
    }


# ---------------------------------------------------------------------------
# Shared authoritative sources (re-used across categories)
# ---------------------------------------------------------------------------

_BRACKENFIELD_BORROWING = _doc(
    "org/brackenfield-libraries",
    "borrowing.md",
    "# Borrowing at Brackenfield Libraries\n\n"
    "## Loan periods\n\n"
    "- Books: 3 weeks, renewable twice online or at any branch.\n"
    "- DVDs: 7 days.\n"
    "- Laptops: 4 hours, for use inside the branch only.\n\n"
    "## Fines\n\n"
    "Adult overdue fines are 25p per item per day, capped at £5 per item. "
    "Children's and teens' items are fine-free.\n",
)

_KESTREL_TENBY = _ups(
    "org/kestrel-post",
    ("Kestrel Post Tenby Road branch", "location", "saturday opening hours", "9am-12:30pm"),
    ("Kestrel Post Tenby Road branch", "location", "sunday opening hours", "closed"),
    ("Kestrel Post Tenby Road branch", "location", "weekday opening hours", "9am-5:30pm"),
)

_HARWICK_PERMITS = _doc(
    "org/harwick-parking",
    "residents-permits.md",
    "# Resident Parking Permits\n\n"
    "Residents of zones A to D may apply for one permit per vehicle registered at their address.\n\n"
    "## Prices\n\n"
    "- First permit: £60 per year\n"
    "- Second permit: £110 per year\n"
    "- Visitor scratch cards: £1.50 each (books of 10)\n\n"
    "## Validity\n\n"
    "Permits are valid for 12 months from the date of issue and must be displayed "
    "in the windscreen at all times.\n",
)

_SALTMARSH_CROSSING = _ups(
    "org/saltmarsh-ferries",
    ("Portlow-Inchmore crossing", "service", "crossing time", "45 minutes"),
    ("Portlow-Inchmore crossing", "service", "check-in closes", "30 minutes before departure"),
    ("Portlow-Inchmore crossing", "service", "adult foot passenger return fare", "£14"),
)

_GLENMORRA_PASSES = _doc(
    "org/glenmorra-snowsports",
    "lift-passes.md",
    "# Lift passes 2026\n\n"
    "- Adult day pass: €58\n"
    "- Child (6-15) day pass: €35\n"
    "- Under 6s ski free with a paying adult.\n\n"
    "## Lift hours\n\n"
    "Lifts run from 8:30 to 16:30 daily. The Eagle chair closes early, at 15:45.\n",
)

_PAWSOME_PRICES = _ups(
    "org/pawsome-parlour",
    ("Full Groom - Large Dog", "service", "price", "£65"),
    ("Full Groom - Small Dog", "service", "price", "£40"),
    ("Full Groom - Large Dog", "service", "duration", "3 hours"),
)

_HOLLYBANK_BOARDING = _doc(
    "org/hollybank-kennels",
    "boarding.md",
    "# Boarding at Hollybank\n\n"
    "## Requirements\n\n"
    "- All dogs must be vaccinated against kennel cough at least 14 days before arrival.\n"
    "- Proof of up-to-date boosters is required at check-in.\n\n"
    "## Drop-off and collection\n\n"
    "Drop-off is between 8am and 11am; collection is between 3pm and 6pm. "
    "We are closed for drop-offs and collections on Sundays.\n\n"
    "## Rates\n\n"
    "£28 per night for one dog, £48 per night for two dogs sharing a kennel.\n",
)

_CLEARVIEW_TESTS = _doc(
    "org/clearview-opticians",
    "eye-tests-and-frames.md",
    "# Eye tests\n\n"
    "NHS eye tests are free for under-16s, over-60s and anyone receiving qualifying benefits.\n"
    "A private eye test costs £25 and takes about 30 minutes.\n"
    "Contact lens check-ups cost £20 and are recommended every 12 months.\n\n"
    "# Frames\n\n"
    "- All frames come with a 2-year guarantee.\n"
    "- Free adjustments for the life of the frame.\n",
)

_SHEAR_POLICY = _ups(
    "org/shear-genius",
    ("Shear Genius", "organization", "cancellation notice", "24 hours"),
    ("Shear Genius", "organization", "late cancellation fee", "50% of service price"),
)

_MARLOW_FEES = _doc(
    "org/marlow-and-finch",
    "landlord-fees.md",
    "# Landlord services and fees\n\n"
    "## Let only\n\n"
    "One month's rent (inc. VAT). We market the property, find and reference the tenant.\n\n"
    "## Fully managed\n\n"
    "12% of monthly rent (inc. VAT). Includes rent collection, maintenance "
    "coordination and two inspections a year.\n\n"
    "## Inventory\n\n"
    "£150 per property, charged once at the start of the tenancy.\n",
)

_ZEPHYR_PLANS = _ups(
    "org/zephyr-mobile",
    ("Zephyr Unlimited Lite", "plan", "monthly data allowance", "30GB"),
    ("Zephyr Unlimited Lite", "plan", "price", "£12 per month"),
    ("Zephyr Unlimited Max", "plan", "monthly data allowance", "unlimited"),
    ("Zephyr Unlimited Max", "plan", "price", "£25 per month"),
)

_LUMENFLIX_PLANS = _doc(
    "org/lumenflix",
    "plans.md",
    "# LumenFlix plans\n\n"
    "- Basic: £5.99/month, 1 screen at a time, HD\n"
    "- Standard: £9.99/month, 2 screens at a time, Full HD\n"
    "- Premium: £14.99/month, 4 screens at a time, 4K + HDR\n\n"
    "Downloads are available on Standard and Premium. You can change plan at any time; "
    "the new price applies from your next billing date.\n",
)

_FOUNDRY_ROOMS = _ups(
    "org/the-foundry-hall",
    ("Main Hall", "location", "standing capacity", "800"),
    ("Main Hall", "location", "seated capacity", "450"),
    ("Loft Room", "location", "seated capacity", "60"),
)

_FERNLEY_HRC = _doc(
    "org/fernley-council-waste",
    "recycling-centres.md",
    "# Household Recycling Centres\n\n"
    "## Opening hours\n\n"
    "- Summer (April to September): 8am-8pm\n"
    "- Winter (October to March): 8am-4pm\n\n"
    "## What you can bring\n\n"
    "- Vans and trailers need a permit, limited to 12 visits per year.\n"
    "- Plasterboard is accepted, up to 2 bags per visit.\n"
    "- Tyres are not accepted at any of our sites.\n",
)

_LEDGERLINE_SA = _doc(
    "org/ledgerline-tax",
    "self-assessment-service.md",
    "# Self Assessment service\n\n"
    "We prepare and file your self assessment tax return for you.\n\n"
    "- Fixed fee: £295 + VAT for sole traders\n"
    "- Landlords with up to 3 properties: £350 + VAT\n"
    "- Deadline for sending us your records: 31 October\n\n"
    "Records received after that date incur a £75 late-handling surcharge.\n",
)

_POLYGLOT_COURSES = _ups(
    "org/polyglot-academy",
    ("Intensive Spanish B1", "service", "class hours per week", "15"),
    ("Intensive Spanish B1", "service", "course length", "4 weeks"),
    ("Evening Spanish B1", "service", "class hours per week", "3"),
)

_TAMSIN_BENEFITS = _doc(
    "org/tamsin-logistics",
    "employee-benefits.md",
    "# Employee benefits\n\n"
    "## Annual leave\n\n"
    "Full-time staff receive 25 days' annual leave plus bank holidays. "
    "This rises to 28 days after five years' continuous service.\n\n"
    "## Pension\n\n"
    "The company matches employee contributions up to 6% of salary.\n\n"
    "## Payday\n\n"
    "Salaries are paid on the last working day of each month.\n",
)

_QUAYSIDE_CARPARKS = _ups(
    "org/quayside-car-parks",
    ("Harbour Street Car Park", "location", "maximum stay", "4 hours"),
    ("Harbour Street Car Park", "location", "tariff up to 1 hour", "£1.80"),
    ("Station Road Car Park", "location", "maximum stay", "24 hours"),
)

_ALPENHOF_LESSONS = _doc(
    "org/alpenhof-ski-school",
    "group-lessons.md",
    "# Group ski lessons\n\n"
    "Children's group lessons (ages 5-12) run 9:30-12:00, Monday to Friday. "
    "The maximum group size is 8 children.\n\n"
    "Adult group lessons run in the afternoon, 13:30-15:30, with a maximum of 10 adults.\n\n"
    "Equipment hire is not included in the lesson price.\n",
)

_GREYFRIARS_BENEFITS = _ups(
    "org/greyfriars-care",
    ("Cycle to Work scheme", "policy", "maximum voucher value", "£2,000"),
    ("Eye care vouchers", "policy", "value", "£50"),
)


CASES: list[dict] = [
    # =======================================================================
    # paraphrase_conflict (24) -> conflict
    # =======================================================================
    _case(
        "h10-para-01",
        "paraphrase_conflict",
        [_BRACKENFIELD_BORROWING],
        _turn(
            "org/brackenfield-libraries/user/maya",
            "maya-s1",
            "you lend books out for two weeks so i'll have to rush through this one lol",
            "2026-01-12T18:04:00Z",
        ),
        "conflict",
        "Book loan period is 3 weeks, user claims two weeks.",
    ),
    _case(
        "h10-para-02",
        "paraphrase_conflict",
        [_KESTREL_TENBY],
        _turn(
            "org/kestrel-post/user/li",
            "li-s1",
            "Went to the Tenby Road branch but the queue was mad. You're open till 5 on saturdays so I'll pop back later with the parcel.",
            "2026-02-07T11:20:00Z",
        ),
        "conflict",
        "Tenby Road closes 12:30pm on Saturdays, user says 5pm.",
    ),
    _case(
        "h10-para-03",
        "paraphrase_conflict",
        [_HARWICK_PERMITS],
        _turn(
            "org/harwick-parking/user/priya",
            "priya-s1",
            "your first resident permit is £85 a year, which is daylight robbery tbh",
            "2026-03-03T09:15:00Z",
        ),
        "conflict",
        "First permit costs £60 per year, user says £85.",
    ),
    _case(
        "h10-para-04",
        "paraphrase_conflict",
        [_SALTMARSH_CROSSING],
        _turn(
            "org/saltmarsh-ferries/user/cal",
            "cal-s1",
            "the portlow to inchmore crossing takes about an hour and a half on your boat so i booked lunch on board",
            "2026-05-14T07:40:00Z",
        ),
        "conflict",
        "Crossing time is 45 minutes, user says about 90 minutes.",
    ),
    _case(
        "h10-para-05",
        "paraphrase_conflict",
        [
            _doc(
                "org/northvale-rail",
                "railcards.md",
                "# Northvale Railcards\n\n"
                "## Young Person Railcard\n\n"
                "- For ages 16-25\n"
                "- Costs £30 a year\n"
                "- Saves one third on off-peak fares\n\n"
                "## Senior Railcard\n\n"
                "- For ages 60 and over\n"
                "- Costs £35 a year\n"
                "- Saves one third on off-peak fares\n",
            )
        ],
        _turn(
            "org/northvale-rail/user/tom",
            "tom-s1",
            "Your Young Person Railcard knocks 50% off off-peak fares, that's why I bought one last week.",
            "2026-02-19T16:30:00Z",
        ),
        "conflict",
        "Young Person Railcard saves one third, user says half.",
    ),
    _case(
        "h10-para-06",
        "paraphrase_conflict",
        [_GLENMORRA_PASSES],
        _turn(
            "org/glenmorra-snowsports/user/finn",
            "finn-s1",
            "adult day pass at glenmorra is 72 euro, bit steep but the snow was great",
            "2026-01-27T17:55:00Z",
        ),
        "conflict",
        "Adult day pass is €58, user says €72.",
    ),
    _case(
        "h10-para-07",
        "paraphrase_conflict",
        [_PAWSOME_PRICES],
        _turn(
            "org/pawsome-parlour/user/gemma",
            "gemma-s1",
            "booked Bruno in for the large dog full groom, it's forty quid so cheaper than the last place",
            "2026-04-02T12:10:00Z",
        ),
        "conflict",
        "Large dog full groom is £65 (£40 is the small dog price).",
    ),
    _case(
        "h10-para-08",
        "paraphrase_conflict",
        [_HOLLYBANK_BOARDING],
        _turn(
            "org/hollybank-kennels/user/jo",
            "jo-s1",
            "You take drop-offs on Sundays so I'll bring Pepper round at 9 on the 15th before our flight.",
            "2026-03-01T20:45:00Z",
        ),
        "conflict",
        "Kennels are closed for drop-offs on Sundays, user says they take them.",
    ),
    _case(
        "h10-para-09",
        "paraphrase_conflict",
        [_CLEARVIEW_TESTS],
        _turn(
            "org/clearview-opticians/user/ria",
            "ria-s1",
            "the frames i got from you have a 1 year guarantee so i'll have to be careful with them",
            "2026-06-10T13:00:00Z",
        ),
        "conflict",
        "Frames carry a 2-year guarantee, user says 1 year.",
    ),
    _case(
        "h10-para-10",
        "paraphrase_conflict",
        [_SHEAR_POLICY],
        _turn(
            "org/shear-genius/user/beth",
            "beth-s1",
            "Need to cancel my cut on Friday - I know you need 48 hrs notice so I'm giving it now.",
            "2026-04-21T08:30:00Z",
        ),
        "conflict",
        "Cancellation notice is 24 hours, user states 48 hours.",
    ),
    _case(
        "h10-para-11",
        "paraphrase_conflict",
        [_MARLOW_FEES],
        _turn(
            "org/marlow-and-finch/user/kate",
            "kate-s1",
            "We went with your fully managed service, 15% of the rent each month, plus the inventory on top.",
            "2026-02-11T10:05:00Z",
        ),
        "conflict",
        "Fully managed is 12% of monthly rent, user says 15%.",
    ),
    _case(
        "h10-para-12",
        "paraphrase_conflict",
        [_ZEPHYR_PLANS],
        _turn(
            "org/zephyr-mobile/user/dan",
            "dan-s1",
            "on unlimited lite, 50gb a month is loads for me tbh",
            "2026-03-18T22:12:00Z",
        ),
        "conflict",
        "Unlimited Lite allowance is 30GB, user says 50GB.",
    ),
    _case(
        "h10-para-13",
        "paraphrase_conflict",
        [_LUMENFLIX_PLANS],
        _turn(
            "org/lumenflix/user/ravi",
            "ravi-s1",
            "Your Standard plan only lets one screen stream at once so the kids fight over it constantly.",
            "2026-01-05T19:25:00Z",
        ),
        "conflict",
        "Standard allows 2 screens at a time, user says one.",
    ),
    _case(
        "h10-para-14",
        "paraphrase_conflict",
        [_FOUNDRY_ROOMS],
        _turn(
            "org/the-foundry-hall/user/nina",
            "nina-s1",
            "For our awards dinner: the Main Hall seats 600 so we'll put in 60 tables of ten.",
            "2026-07-08T14:00:00Z",
        ),
        "conflict",
        "Main Hall seated capacity is 450, user says 600.",
    ),
    _case(
        "h10-para-15",
        "paraphrase_conflict",
        [_FERNLEY_HRC],
        _turn(
            "org/fernley-council-waste/user/gaz",
            "gaz-s1",
            "clearing the garage this wkend, you accept old tyres at the recycling centre so taking 3 down saturday",
            "2026-05-20T18:40:00Z",
        ),
        "conflict",
        "Tyres are not accepted at any site, user says they are.",
    ),
    _case(
        "h10-para-16",
        "paraphrase_conflict",
        [_LEDGERLINE_SA],
        _turn(
            "org/ledgerline-tax/user/amir",
            "amir-s1",
            "Records are due to you by the end of December, so I'll send the bank statements over Christmas.",
            "2026-09-30T09:00:00Z",
        ),
        "conflict",
        "Records deadline is 31 October, user says end of December.",
    ),
    _case(
        "h10-para-17",
        "paraphrase_conflict",
        [_POLYGLOT_COURSES],
        _turn(
            "org/polyglot-academy/user/ines",
            "ines-s1",
            "Signed up for the Intensive Spanish B1, it's 20 hrs a week of classes over 4 wks, pretty full on.",
            "2026-06-01T15:15:00Z",
        ),
        "conflict",
        "Intensive B1 is 15 class hours per week, user says 20 (4 weeks is correct).",
    ),
    _case(
        "h10-para-18",
        "paraphrase_conflict",
        [_TAMSIN_BENEFITS],
        _turn(
            "org/tamsin-logistics/user/dev-okafor",
            "dev-s1",
            "ugh rent is due on the 1st and you pay us on the 15th, it's always tight",
            "2026-02-26T07:50:00Z",
        ),
        "conflict",
        "Salaries are paid on the last working day of the month, user says the 15th.",
    ),
    _case(
        "h10-para-19",
        "paraphrase_conflict",
        [
            _ups(
                "org/kirkstone-library",
                ("Kirkstone Central Library", "location", "thursday closing time", "8pm"),
                ("Kirkstone Central Library", "location", "monday closing time", "5pm"),
                ("Kirkstone Central Library", "location", "saturday closing time", "4pm"),
            )
        ],
        _turn(
            "org/kirkstone-library/user/owen",
            "owen-s1",
            "the central library shuts at 5 on thursdays so I'll have to go straight from work",
            "2026-03-12T12:30:00Z",
        ),
        "conflict",
        "Central Library closes at 8pm on Thursdays, user says 5pm.",
    ),
    _case(
        "h10-para-20",
        "paraphrase_conflict",
        [
            _doc(
                "org/coastline-trains",
                "bikes-on-trains.md",
                "# Bikes on board\n\n"
                "- Folding bikes travel free at any time, as long as they are folded.\n"
                "- Full-size bikes must be reserved in advance; reservations are free.\n"
                "- A maximum of 4 full-size bikes can travel on each train.\n\n"
                "## Peak-time restrictions\n\n"
                "Full-size bikes are not allowed on weekday services arriving in Bristol "
                "between 07:30 and 09:30.\n",
            )
        ],
        _turn(
            "org/coastline-trains/user/hamza",
            "hamza-s1",
            "You charge £5 to reserve a bike space, which is a bit cheeky considering the price of the ticket.",
            "2026-04-15T08:05:00Z",
        ),
        "conflict",
        "Bike reservations are free, user says they cost £5.",
    ),
    _case(
        "h10-para-21",
        "paraphrase_conflict",
        [_QUAYSIDE_CARPARKS],
        _turn(
            "org/quayside-car-parks/user/ollie",
            "ollie-s1",
            "parked in harbour street all day yesterday - max stay there is 24 hrs so no worries about a ticket",
            "2026-08-03T09:45:00Z",
        ),
        "conflict",
        "Harbour Street max stay is 4 hours (24 hours is Station Road).",
    ),
    _case(
        "h10-para-22",
        "paraphrase_conflict",
        [_ALPENHOF_LESSONS],
        _turn(
            "org/alpenhof-ski-school/user/claire",
            "claire-s1",
            "The kids' group lessons take a max of 12 per group, so the instructor was run off her feet this morning.",
            "2026-02-17T13:10:00Z",
        ),
        "conflict",
        "Children's group maximum is 8, user says 12.",
    ),
    _case(
        "h10-para-23",
        "paraphrase_conflict",
        [
            _doc(
                "org/brightwave-telecom",
                "roaming.md",
                "# Roaming\n\n"
                "## Europe Zone\n\n"
                "Use your UK allowance in 47 European destinations at no extra cost, "
                "up to a fair-use limit of 15GB a month.\n\n"
                "## Rest of World\n\n"
                "The Roam Further pass costs £6 per day and covers calls, texts and 1GB of data. "
                "The USA is included in Roam Further.\n",
            )
        ],
        _turn(
            "org/brightwave-telecom/user/sofia",
            "sofia-s1",
            "Off to Portugal next week with my sister, she's bringing the car. Handy that roaming in Europe is charged at £2 a day on your network, I'll just switch data on when I need it.",
            "2026-06-22T21:00:00Z",
        ),
        "conflict",
        "Europe roaming is at no extra cost, user says £2 a day (claim embedded in longer message).",
    ),
    _case(
        "h10-para-24",
        "paraphrase_conflict",
        [_GREYFRIARS_BENEFITS],
        _turn(
            "org/greyfriars-care/user/ana",
            "ana-s1",
            "can only get a bike up to 1k through the cycle to work scheme here, so looking at hybrids",
            "2026-03-25T12:40:00Z",
        ),
        "conflict",
        "Cycle to Work cap is £2,000, user says £1k.",
    ),
    # =======================================================================
    # agreement (14) -> corroborate
    # =======================================================================
    _case(
        "h10-agree-01",
        "agreement",
        [
            _doc(
                "org/ashgrove-libraries",
                "membership.md",
                "# Membership\n\n"
                "Membership is free for anyone who lives, works or studies in Ashgrove.\n\n"
                "- Adult members can borrow up to 12 items at a time.\n"
                "- Children can borrow up to 8 items at a time.\n"
                "- Reserving an item costs 50p.\n",
            )
        ],
        _turn(
            "org/ashgrove-libraries/user/nadia",
            "nadia-s1",
            "can take out a dozen things at once on my adult card so stocked up for the holidays",
            "2026-12-18T16:00:00Z",
        ),
        "corroborate",
        "Adult limit of 12 items restated as 'a dozen'.",
    ),
    _case(
        "h10-agree-02",
        "agreement",
        [
            _ups(
                "org/penrose-post",
                (
                    "Penrose Post Special Delivery",
                    "service",
                    "guaranteed delivery time",
                    "by 1pm next working day",
                ),
                ("Penrose Post Standard Parcel", "service", "delivery time", "2-3 working days"),
            )
        ],
        _turn(
            "org/penrose-post/user/george",
            "george-s1",
            "Sent the contract by Special Delivery, so it'll arrive before 13:00 the next working day.",
            "2026-02-02T15:30:00Z",
        ),
        "corroborate",
        "Special Delivery by 1pm next working day restated as 13:00.",
    ),
    _case(
        "h10-agree-03",
        "agreement",
        [
            _doc(
                "org/isle-link-ferries",
                "vehicles.md",
                "# Taking your vehicle\n\n"
                "- Cars up to 5m long: £42 each way.\n"
                "- Motorbikes: £18 each way.\n"
                "- Vehicles must arrive at the terminal at least 45 minutes before departure.\n\n"
                "Foot passengers need only arrive 15 minutes before sailing.\n",
            )
        ],
        _turn(
            "org/isle-link-ferries/user/cal",
            "cal-s2",
            "so we need to be at the terminal three quarters of an hour before with the car, noted",
            "2026-07-01T10:20:00Z",
        ),
        "corroborate",
        "45 minutes vehicle check-in restated as three quarters of an hour.",
    ),
    _case(
        "h10-agree-04",
        "agreement",
        [
            _ups(
                "org/whitepeak-resort",
                ("Whitepeak Season Pass", "product", "price", "€699"),
                ("Whitepeak Season Pass", "product", "valid from", "1 December 2026"),
            )
        ],
        _turn(
            "org/whitepeak-resort/user/finn",
            "finn-s2",
            "bought the whitepeak season pass for 699 eur, pays for itself after about 12 days",
            "2026-10-05T19:00:00Z",
        ),
        "corroborate",
        "Season pass price €699 restated as 699 eur.",
    ),
    _case(
        "h10-agree-05",
        "agreement",
        [
            _doc(
                "org/furbish-grooming",
                "puppy-intro.md",
                "# Puppy introduction sessions\n\n"
                "Our puppy intro session is for puppies aged 12 to 20 weeks.\n\n"
                "- Lasts 45 minutes\n"
                "- Costs £25\n"
                "- Includes a bath, nail trim and face tidy\n\n"
                "Puppies must have had their second vaccination before the session.\n",
            )
        ],
        _turn(
            "org/furbish-grooming/user/tara",
            "tara-s1",
            "Booked Mochi's puppy intro - twenty five pounds for a bath, nail trim and face tidy, bargain.",
            "2026-04-09T11:00:00Z",
        ),
        "corroborate",
        "Puppy intro price £25 restated in words.",
    ),
    _case(
        "h10-agree-06",
        "agreement",
        [
            _ups(
                "org/focal-point-optics",
                (
                    "Focal Point Optics",
                    "organization",
                    "glasses delivery time",
                    "7-10 working days",
                ),
                ("Focal Point Optics", "organization", "contact lens trial", "free"),
            )
        ],
        _turn(
            "org/focal-point-optics/user/ria",
            "ria-s2",
            "new specs take 7 to 10 working days with you so they should be here by the 20th",
            "2026-06-08T17:45:00Z",
        ),
        "corroborate",
        "Glasses delivery time of 7-10 working days restated.",
    ),
    _case(
        "h10-agree-07",
        "agreement",
        [
            _doc(
                "org/velvet-comb",
                "prices.md",
                "# Price list\n\n"
                "## Women's\n\n"
                "- Cut & blow dry: £48\n"
                "- Blow dry only: £25\n\n"
                "## Men's\n\n"
                "- Cut: £22\n"
                "- Beard trim: £10\n\n"
                "Students get 15% off Monday to Wednesday with a valid student card.\n",
            )
        ],
        _turn(
            "org/velvet-comb/user/chloe",
            "chloe-s1",
            "student discount is fifteen percent mon-wed so im booking a tuesday",
            "2026-10-12T20:10:00Z",
        ),
        "corroborate",
        "Student discount 15% Mon-Wed restated in words.",
    ),
    _case(
        "h10-agree-08",
        "agreement",
        [
            _ups(
                "org/hartley-homes",
                ("Hartley Homes", "organization", "sales commission", "1.2% + VAT"),
                ("Hartley Homes", "organization", "minimum contract length", "12 weeks"),
            )
        ],
        _turn(
            "org/hartley-homes/user/mark",
            "mark-s1",
            "Signed with you on 1.2% plus VAT, minimum contract twelve weeks, fingers crossed we get an offer.",
            "2026-03-09T18:00:00Z",
        ),
        "corroborate",
        "Commission and minimum contract restated with the same values.",
    ),
    _case(
        "h10-agree-09",
        "agreement",
        [
            _doc(
                "org/streamhaven",
                "free-trial.md",
                "# Free trial\n\n"
                "New members get a 14-day free trial of StreamHaven Plus.\n\n"
                "- Cancel any time during the trial and you won't be charged.\n"
                "- After the trial, Plus costs £7.99 a month.\n\n"
                "The trial is limited to one per household.\n",
            )
        ],
        _turn(
            "org/streamhaven/user/lou",
            "lou-s1",
            "just started the two week free trial of streamhaven plus, will cancel before it bills me",
            "2026-01-03T21:30:00Z",
        ),
        "corroborate",
        "14-day trial restated as two weeks.",
    ),
    _case(
        "h10-agree-10",
        "agreement",
        [
            _ups(
                "org/oakhurst-recycling",
                ("Oakhurst Recycling Centre", "location", "van permit visits per year", "12"),
                ("Oakhurst Recycling Centre", "location", "closed day", "Wednesday"),
            )
        ],
        _turn(
            "org/oakhurst-recycling/user/pete",
            "pete-s1",
            "the tip is shut on wednesdays so ill go thursday with the garden waste",
            "2026-05-05T07:15:00Z",
        ),
        "corroborate",
        "Closed on Wednesday restated.",
    ),
    _case(
        "h10-agree-11",
        "agreement",
        [
            _doc(
                "org/brightledger-accountants",
                "vat-returns.md",
                "# VAT returns\n\n"
                "We file quarterly VAT returns under Making Tax Digital.\n\n"
                "- Fee: £120 + VAT per quarter\n"
                "- Send us your records within 10 days of the quarter end\n\n"
                "Annual accounts are quoted separately.\n",
            )
        ],
        _turn(
            "org/brightledger-accountants/user/rosa",
            "rosa-s1",
            "Your quarterly VAT return fee is £120 plus VAT, so £480 + VAT over the year - fine by me.",
            "2026-04-01T10:00:00Z",
        ),
        "corroborate",
        "Quarterly VAT fee £120 + VAT restated.",
    ),
    _case(
        "h10-agree-12",
        "agreement",
        [
            _ups(
                "org/lingua-bridge",
                ("Lingua Bridge Online French A2", "service", "lesson length", "90 minutes"),
                ("Lingua Bridge Online French A2", "service", "lessons per week", "2"),
            )
        ],
        _turn(
            "org/lingua-bridge/user/ben",
            "ben-s1",
            "each french A2 lesson is an hour and a half, twice a week, all online",
            "2026-09-14T19:30:00Z",
        ),
        "corroborate",
        "90-minute lessons twice weekly restated as an hour and a half, twice a week.",
    ),
    _case(
        "h10-agree-13",
        "agreement",
        [
            _doc(
                "org/millbrook-engineering",
                "sick-pay.md",
                "# Sick pay\n\n"
                "- Employees receive full pay for the first 4 weeks of sickness absence in any rolling 12-month period.\n"
                "- After that, half pay for a further 4 weeks.\n"
                "- Self-certification is allowed for absences of up to 7 calendar days; "
                "longer absences need a fit note.\n",
            )
        ],
        _turn(
            "org/millbrook-engineering/user/lee",
            "lee-s1",
            "can self cert for up to a week here before needing a fit note",
            "2026-11-02T08:20:00Z",
        ),
        "corroborate",
        "Self-certification up to 7 calendar days restated as a week.",
    ),
    _case(
        "h10-agree-14",
        "agreement",
        [
            _ups(
                "org/parkwise-airport-parking",
                ("Parkwise Meet & Greet", "service", "price per week", "£89"),
                ("Parkwise Long Stay", "service", "price per week", "£54"),
                ("Parkwise Long Stay", "service", "shuttle frequency", "every 15 minutes"),
            )
        ],
        _turn(
            "org/parkwise-airport-parking/user/jas",
            "jas-s1",
            "long stay shuttle comes every quarter of an hour so we don't need to leave loads of time",
            "2026-07-20T05:30:00Z",
        ),
        "corroborate",
        "Long Stay shuttle every 15 minutes restated as every quarter of an hour.",
    ),
    # =======================================================================
    # supersession (12) -> supersede
    # =======================================================================
    _case(
        "h10-super-01",
        "supersession",
        [
            _turn(
                "org/brackenfield-libraries/user/maya",
                "maya-s1",
                "I live in Leeds, so the Headingley branch is closest for me.",
                "2026-01-10T10:00:00Z",
            )
        ],
        _turn(
            "org/brackenfield-libraries/user/maya",
            "maya-s2",
            "Moved to Manchester last month, so I live there now and will use the city centre library from now on.",
            "2026-04-02T10:00:00Z",
        ),
        "supersede",
        "Same user's city changes from Leeds to Manchester.",
    ),
    _case(
        "h10-super-02",
        "supersession",
        [
            _turn(
                "org/tamsin-logistics/user/sam",
                "sam-s1",
                "I work as a warehouse operative on nights.",
                "2026-01-15T06:10:00Z",
            )
        ],
        _turn(
            "org/tamsin-logistics/user/sam",
            "sam-s2",
            "Got the promotion! I'm a shift supervisor now, days only.",
            "2026-05-11T09:00:00Z",
        ),
        "supersede",
        "Same user's job changes from warehouse operative to shift supervisor.",
    ),
    _case(
        "h10-super-03",
        "supersession",
        [
            _turn(
                "org/hollybank-kennels/user/jo",
                "jo-s1",
                "Pepper weighs 12kg, she's a beagle.",
                "2026-01-20T12:00:00Z",
            )
        ],
        _turn(
            "org/hollybank-kennels/user/jo",
            "jo-s2",
            "pepper's up to 15kg now after the winter, the vet wants her on a diet",
            "2026-04-18T12:00:00Z",
        ),
        "supersede",
        "Same user's dog's weight updated from 12kg to 15kg.",
    ),
    _case(
        "h10-super-04",
        "supersession",
        [
            _turn(
                "org/the-foundry-hall/user/nina",
                "nina-s1",
                "I'm vegetarian, so please put me down for the veggie option at the gala.",
                "2026-02-01T14:00:00Z",
            )
        ],
        _turn(
            "org/the-foundry-hall/user/nina",
            "nina-s2",
            "Quick update for the catering list: I've gone fully vegan since January, so I'm vegan now.",
            "2026-07-01T14:00:00Z",
        ),
        "supersede",
        "Same user's diet updated from vegetarian to vegan.",
    ),
    _case(
        "h10-super-05",
        "supersession",
        [
            _turn(
                "org/harwick-parking/user/priya",
                "priya-s1",
                "My car is a silver Ford Fiesta, reg AB12 CDE.",
                "2026-01-08T09:00:00Z",
            )
        ],
        _turn(
            "org/harwick-parking/user/priya",
            "priya-s2",
            "Just replaced the Fiesta - my car is a red Kia Niro now, reg KN24 XYZ, so the permit needs updating.",
            "2026-03-30T09:00:00Z",
        ),
        "supersede",
        "Same user's car changes from Ford Fiesta to Kia Niro.",
    ),
    _case(
        "h10-super-06",
        "supersession",
        [
            _turn(
                "org/northvale-rail/user/tom",
                "tom-s1",
                "I commute from Hexley to York every weekday.",
                "2026-01-06T07:30:00Z",
            )
        ],
        _turn(
            "org/northvale-rail/user/tom",
            "tom-s2",
            "moved house so i'm commuting from selby to york now instead",
            "2026-06-02T07:30:00Z",
        ),
        "supersede",
        "Same user's commute origin changes from Hexley to Selby.",
    ),
    _case(
        "h10-super-07",
        "supersession",
        [
            _turn(
                "org/polyglot-academy/user/ines",
                "ines-s1",
                "I play the cello in a community orchestra on Wednesdays.",
                "2026-02-04T19:00:00Z",
            )
        ],
        _turn(
            "org/polyglot-academy/user/ines",
            "ines-s2",
            "I switched from cello to double bass in the orchestra this term.",
            "2026-09-16T19:00:00Z",
        ),
        "supersede",
        "Same user's instrument changes from cello to double bass.",
    ),
    _case(
        "h10-super-08",
        "supersession",
        [
            _turn(
                "org/ashgrove-libraries/user/nadia",
                "nadia-s1",
                "My son Leo goes to Ashgrove Primary.",
                "2026-03-10T15:30:00Z",
            )
        ],
        _turn(
            "org/ashgrove-libraries/user/nadia",
            "nadia-s2",
            "Leo has started at Ashgrove High School now he's 11.",
            "2026-09-08T15:30:00Z",
        ),
        "supersede",
        "Same user's son's school changes from Ashgrove Primary to Ashgrove High.",
    ),
    _case(
        "h10-super-09",
        "supersession",
        [
            _turn(
                "org/zephyr-mobile/user/dan",
                "dan-s1",
                "I'm on the Unlimited Lite plan.",
                "2026-03-18T22:00:00Z",
            )
        ],
        _turn(
            "org/zephyr-mobile/user/dan",
            "dan-s2",
            "upgraded to unlimited max last week so i'm on max now",
            "2026-07-25T18:00:00Z",
        ),
        "supersede",
        "Same user's own plan changes from Unlimited Lite to Unlimited Max.",
    ),
    _case(
        "h10-super-10",
        "supersession",
        [
            _turn(
                "org/streamhaven/user/lou", "lou-s1", "im based in bristol", "2026-01-03T21:00:00Z"
            )
        ],
        _turn(
            "org/streamhaven/user/lou",
            "lou-s2",
            "moved to cardiff in feb, loving it here",
            "2026-03-14T20:00:00Z",
        ),
        "supersede",
        "Same user's city changes from Bristol to Cardiff.",
    ),
    _case(
        "h10-super-11",
        "supersession",
        [
            _turn(
                "org/quayside-car-parks/user/ollie",
                "ollie-s1",
                "I drive to work and park at Harbour Street most days.",
                "2026-02-09T08:00:00Z",
            )
        ],
        _turn(
            "org/quayside-car-parks/user/ollie",
            "ollie-s2",
            "I cycle to work these days rather than driving, the new bike lane is great.",
            "2026-08-20T08:00:00Z",
        ),
        "supersede",
        "Same user's commute mode changes from driving to cycling.",
    ),
    _case(
        "h10-super-12",
        "supersession",
        [
            _turn(
                "org/greyfriars-care/user/ana",
                "ana-s1",
                "I play netball on Tuesday nights.",
                "2026-01-13T21:00:00Z",
            )
        ],
        _turn(
            "org/greyfriars-care/user/ana",
            "ana-s2",
            "I've swapped netball for five-a-side football on Tuesdays now.",
            "2026-05-05T21:00:00Z",
        ),
        "supersede",
        "Same user's Tuesday sport changes from netball to five-a-side football.",
    ),
    # =======================================================================
    # negation (12) -> close
    # =======================================================================
    _case(
        "h10-neg-01",
        "negation",
        [
            _turn(
                "org/furbish-grooming/user/tara",
                "tara-s0",
                "I have a cat called Miso as well as the puppy.",
                "2026-02-01T11:00:00Z",
            )
        ],
        _turn(
            "org/furbish-grooming/user/tara",
            "tara-s2",
            "Miso passed away last month, so I don't have a cat anymore.",
            "2026-06-03T11:00:00Z",
        ),
        "close",
        "User's earlier fact of owning a cat is explicitly ended.",
    ),
    _case(
        "h10-neg-02",
        "negation",
        [
            _turn(
                "org/millbrook-engineering/user/lee",
                "lee-s0",
                "I smoke about ten a day, is there any help through work?",
                "2026-01-05T08:00:00Z",
            )
        ],
        _turn(
            "org/millbrook-engineering/user/lee",
            "lee-s2",
            "I quit smoking in January, three months clean now.",
            "2026-04-06T08:00:00Z",
        ),
        "close",
        "User quit smoking, closing the earlier smoker fact.",
    ),
    _case(
        "h10-neg-03",
        "negation",
        [
            _turn(
                "org/harwick-parking/user/ken",
                "ken-s1",
                "I own a Vauxhall Corsa and park it on Alder Street.",
                "2026-01-22T17:00:00Z",
            )
        ],
        _turn(
            "org/harwick-parking/user/ken",
            "ken-s2",
            "sold my car in march, i bus it everywhere now so cancel the permit pls",
            "2026-04-10T17:00:00Z",
        ),
        "close",
        "User sold their car, closing the earlier car ownership fact.",
    ),
    _case(
        "h10-neg-04",
        "negation",
        [
            _turn(
                "org/lingua-bridge/user/ben",
                "ben-s0",
                "I'm learning Japanese at evening classes on Mondays.",
                "2026-01-19T19:00:00Z",
            )
        ],
        _turn(
            "org/lingua-bridge/user/ben",
            "ben-s2",
            "I gave up the Japanese classes, couldn't keep up with work.",
            "2026-05-04T19:00:00Z",
        ),
        "close",
        "User gave up Japanese classes.",
    ),
    _case(
        "h10-neg-05",
        "negation",
        [
            _turn(
                "org/the-foundry-hall/user/rich",
                "rich-s1",
                "I play the drums in a covers band, we've gigged at your Loft Room.",
                "2026-02-14T22:00:00Z",
            )
        ],
        _turn(
            "org/the-foundry-hall/user/rich",
            "rich-s2",
            "I stopped playing drums after the band split up in the summer.",
            "2026-10-01T22:00:00Z",
        ),
        "close",
        "User stopped playing drums.",
    ),
    _case(
        "h10-neg-06",
        "negation",
        [
            _turn(
                "org/northvale-rail/user/jay",
                "jay-s1",
                "I'm a season ticket holder at Northvale Rovers so I get the train to every home game.",
                "2026-01-31T13:00:00Z",
            )
        ],
        _turn(
            "org/northvale-rail/user/jay",
            "jay-s2",
            "not a season ticket holder at rovers anymore, got too expensive",
            "2026-08-15T13:00:00Z",
        ),
        "close",
        "User is no longer a Rovers season ticket holder.",
    ),
    _case(
        "h10-neg-07",
        "negation",
        [
            _turn(
                "org/ledgerline-tax/user/amir",
                "amir-s0",
                "I work for Halden Bank as well as doing plumbing on the side.",
                "2026-01-09T09:00:00Z",
            )
        ],
        _turn(
            "org/ledgerline-tax/user/amir",
            "amir-s2",
            "I no longer work at Halden Bank, I left in February.",
            "2026-04-20T09:00:00Z",
        ),
        "close",
        "User no longer works at Halden Bank.",
    ),
    _case(
        "h10-neg-08",
        "negation",
        [
            _turn(
                "org/velvet-comb/user/chloe",
                "chloe-s0",
                "I'm gluten free so no biscuits with the coffee please!",
                "2026-02-10T10:00:00Z",
            )
        ],
        _turn(
            "org/velvet-comb/user/chloe",
            "chloe-s2",
            "I used to be gluten free but the doctor says I'm fine with it now.",
            "2026-09-22T10:00:00Z",
        ),
        "close",
        "User's gluten-free diet is explicitly in the past ('I used to').",
    ),
    _case(
        "h10-neg-09",
        "negation",
        [
            _turn(
                "org/whitepeak-resort/user/erik",
                "erik-s1",
                "I have a season pass at Whitepeak, been up every weekend.",
                "2026-02-08T08:00:00Z",
            )
        ],
        _turn(
            "org/whitepeak-resort/user/erik",
            "erik-s2",
            "I don't have a season pass this year, didn't renew it.",
            "2026-12-05T08:00:00Z",
        ),
        "close",
        "User no longer holds a season pass.",
    ),
    _case(
        "h10-neg-10",
        "negation",
        [
            _turn(
                "org/kestrel-post/user/li",
                "li-s0",
                "I have a PO box at the Tenby Road branch.",
                "2026-01-14T12:00:00Z",
            )
        ],
        _turn(
            "org/kestrel-post/user/li",
            "li-s2",
            "i closed my po box last month so i dont have one anymore, post comes to the house now",
            "2026-05-14T12:00:00Z",
        ),
        "close",
        "User no longer has a PO box.",
    ),
    _case(
        "h10-neg-11",
        "negation",
        [
            _turn(
                "org/marlow-and-finch/user/kate",
                "kate-s0",
                "I live with my partner Sam in the flat on Mill Lane.",
                "2026-01-25T18:00:00Z",
            )
        ],
        _turn(
            "org/marlow-and-finch/user/kate",
            "kate-s2",
            "Sam and I don't live together anymore, so the tenancy will just be in my name.",
            "2026-06-30T18:00:00Z",
        ),
        "close",
        "User no longer lives with partner Sam.",
    ),
    _case(
        "h10-neg-12",
        "negation",
        [
            _turn(
                "org/coastline-trains/user/hamza",
                "hamza-s0",
                "I cycle to the station every morning and take the bike on the train.",
                "2026-03-02T07:00:00Z",
            )
        ],
        _turn(
            "org/coastline-trains/user/hamza",
            "hamza-s2",
            "Stopped cycling to the station after the accident, I get dropped off now.",
            "2026-07-09T07:00:00Z",
        ),
        "close",
        "User stopped cycling to the station.",
    ),
    # =======================================================================
    # unrelated (20) -> none
    # =======================================================================
    _case(
        "h10-unrel-01",
        "unrelated",
        [_BRACKENFIELD_BORROWING],
        _turn(
            "org/brackenfield-libraries/user/maya",
            "maya-s3",
            "my uni library only lends books for two weeks which is a pain",
            "2026-02-12T18:00:00Z",
        ),
        "none",
        "Loan period of a different library (the user's university), not this org's.",
    ),
    _case(
        "h10-unrel-02",
        "unrelated",
        [_KESTREL_TENBY],
        _turn(
            "org/kestrel-post/user/li",
            "li-s3",
            "The Marsh Lane branch is open till 5 on Saturdays, so I'll take the parcel there instead.",
            "2026-02-07T11:30:00Z",
        ),
        "none",
        "Different branch (Marsh Lane); only Tenby Road hours are known.",
    ),
    _case(
        "h10-unrel-03",
        "unrelated",
        [_HARWICK_PERMITS],
        _turn(
            "org/harwick-parking/user/priya",
            "priya-s3",
            "business permits are £300 a year with you, which is fair enough for the shop",
            "2026-03-03T09:30:00Z",
        ),
        "none",
        "Business permits are a different entity from resident permits.",
    ),
    _case(
        "h10-unrel-04",
        "unrelated",
        [_SALTMARSH_CROSSING],
        _turn(
            "org/saltmarsh-ferries/user/cal",
            "cal-s3",
            "The Inchmore to Skerra crossing takes 2 hours, so we'll have a long day island hopping.",
            "2026-05-14T08:00:00Z",
        ),
        "none",
        "Different route (Inchmore-Skerra), not Portlow-Inchmore.",
    ),
    _case(
        "h10-unrel-05",
        "unrelated",
        [_GLENMORRA_PASSES],
        _turn(
            "org/glenmorra-snowsports/user/finn",
            "finn-s3",
            "I wish the adult day pass was closer to 40 euro, I'd come up every weekend",
            "2026-01-27T18:00:00Z",
        ),
        "none",
        "A wish about the price, not a claim.",
    ),
    _case(
        "h10-unrel-06",
        "unrelated",
        [_PAWSOME_PRICES],
        _turn(
            "org/pawsome-parlour/user/gemma",
            "gemma-s2",
            "How much would a large dog full groom be if I booked two dogs together - would it come to about £100?",
            "2026-04-02T12:20:00Z",
        ),
        "none",
        "A question about a multi-dog price, not a statement.",
    ),
    _case(
        "h10-unrel-07",
        "unrelated",
        [_HOLLYBANK_BOARDING],
        _turn(
            "org/hollybank-kennels/user/jo",
            "jo-s3",
            "The cattery my mum uses charges £15 a night for her cat - do you board cats as well?",
            "2026-03-01T21:00:00Z",
        ),
        "none",
        "Rate of a different business (mum's cattery) plus a question.",
    ),
    _case(
        "h10-unrel-08",
        "unrelated",
        [_CLEARVIEW_TESTS],
        _turn(
            "org/clearview-opticians/user/ria",
            "ria-s3",
            "Home-visit eye tests are £45 with you, Mum's booked one for Tuesday since she can't get out.",
            "2026-06-10T13:30:00Z",
        ),
        "none",
        "Home-visit eye test is a different service from the in-store private test.",
    ),
    _case(
        "h10-unrel-09",
        "unrelated",
        [_SHEAR_POLICY],
        _turn(
            "org/shear-genius/user/beth",
            "beth-s2",
            "If you ever went to 48 hours' cancellation notice I'd probably go elsewhere, my shifts change too much.",
            "2026-04-21T08:45:00Z",
        ),
        "none",
        "Hypothetical about a future policy, not a claim about the current one.",
    ),
    _case(
        "h10-unrel-10",
        "unrelated",
        [_MARLOW_FEES],
        _turn(
            "org/marlow-and-finch/user/kate",
            "kate-s3",
            "The last agent we used charged 15% for fully managed, which is partly why we moved to you.",
            "2026-02-11T10:15:00Z",
        ),
        "none",
        "Fee of a previous agent, a different entity.",
    ),
    _case(
        "h10-unrel-11",
        "unrelated",
        [_ZEPHYR_PLANS],
        _turn(
            "org/zephyr-mobile/user/dan",
            "dan-s3",
            "Unlimited Lite SIM arrived, I'm only using about 8GB a month so plenty of headroom.",
            "2026-03-20T09:00:00Z",
        ),
        "none",
        "User's own usage, a different attribute from the plan allowance.",
    ),
    _case(
        "h10-unrel-12",
        "unrelated",
        [_LUMENFLIX_PLANS],
        _turn(
            "org/lumenflix/user/ravi",
            "ravi-s2",
            "thinking about upgrading - if premium were £12.99 id switch tomorrow",
            "2026-01-05T19:40:00Z",
        ),
        "none",
        "Hypothetical price, not a claim.",
    ),
    _case(
        "h10-unrel-13",
        "unrelated",
        [_FOUNDRY_ROOMS],
        _turn(
            "org/the-foundry-hall/user/nina",
            "nina-s3",
            "The Loft Room holds 90 standing, which is perfect for our drinks reception.",
            "2026-07-08T14:15:00Z",
        ),
        "none",
        "Loft Room standing capacity is a different attribute from its seated capacity.",
    ),
    _case(
        "h10-unrel-14",
        "unrelated",
        [_FERNLEY_HRC],
        _turn(
            "org/fernley-council-waste/user/gaz",
            "gaz-s2",
            "garden waste gets collected from the kerb fortnightly on our street, tuesdays",
            "2026-05-20T18:50:00Z",
        ),
        "none",
        "Kerbside collection is a different service from the recycling centres.",
    ),
    _case(
        "h10-unrel-15",
        "unrelated",
        [_LEDGERLINE_SA],
        _turn(
            "org/ledgerline-tax/user/amir",
            "amir-s3",
            "For my limited company accounts you quoted me £900, which seems fair.",
            "2026-09-30T09:15:00Z",
        ),
        "none",
        "Limited company accounts are a different service from self assessment.",
    ),
    _case(
        "h10-unrel-16",
        "unrelated",
        [_POLYGLOT_COURSES],
        _turn(
            "org/polyglot-academy/user/ines",
            "ines-s3",
            "My flatmate is doing the Evening Spanish B2, 4 hours a week on Tue and Thu.",
            "2026-06-01T15:30:00Z",
        ),
        "none",
        "Evening Spanish B2 is a different course from the B1 courses on file.",
    ),
    _case(
        "h10-unrel-17",
        "unrelated",
        [_TAMSIN_BENEFITS],
        _turn(
            "org/tamsin-logistics/user/dev-okafor",
            "dev-s2",
            "my partner's employer gives her 30 days holiday, well jealous",
            "2026-02-26T08:00:00Z",
        ),
        "none",
        "Annual leave at a different employer.",
    ),
    _case(
        "h10-unrel-18",
        "unrelated",
        [
            _turn(
                "org/tamsin-logistics/user/sam",
                "sam-s0",
                "I live in Leeds.",
                "2026-01-15T06:00:00Z",
            )
        ],
        _turn(
            "org/tamsin-logistics/user/sam",
            "sam-s3",
            "I work in Manchester, so the commute is a long one.",
            "2026-01-20T06:00:00Z",
        ),
        "none",
        "Work city is a different attribute from home city.",
    ),
    _case(
        "h10-unrel-19",
        "unrelated",
        [_QUAYSIDE_CARPARKS],
        _turn(
            "org/quayside-car-parks/user/ollie",
            "ollie-s3",
            "station road is a fiver for the whole day, so that's where I leave the car for the match",
            "2026-08-03T10:00:00Z",
        ),
        "none",
        "Station Road day tariff is a different attribute from its maximum stay.",
    ),
    _case(
        "h10-unrel-20",
        "unrelated",
        [
            _turn(
                "org/shear-genius/user/beth",
                "beth-s0",
                "I'm allergic to PPD in hair dye, so please patch test me first.",
                "2026-03-01T10:00:00Z",
            )
        ],
        _turn(
            "org/shear-genius/user/beth",
            "beth-s3",
            "My daughter's allergic to latex, so no gloves near her when she comes in for her cut.",
            "2026-03-15T10:00:00Z",
        ),
        "none",
        "Daughter's allergy is a different person from the user's own allergy.",
    ),
    # =======================================================================
    # other_scope (14) -> none
    # =======================================================================
    _case(
        "h10-scope-01",
        "other_scope",
        [_BRACKENFIELD_BORROWING],
        _turn(
            "org/ashgrove-libraries/user/maya",
            "maya-a1",
            "you lend books out for two weeks so i'll have to rush through this one",
            "2026-02-20T18:00:00Z",
        ),
        "none",
        "Book loan period stated to Ashgrove, the fact belongs to Brackenfield.",
    ),
    _case(
        "h10-scope-02",
        "other_scope",
        [_KESTREL_TENBY],
        _turn(
            "org/penrose-post/user/li",
            "li-p1",
            "Your Tenby Road branch is open till 5 on Saturdays, so I'll pop in after lunch.",
            "2026-02-07T11:40:00Z",
        ),
        "none",
        "Tenby Road hours claimed to Penrose Post; the fact belongs to Kestrel Post.",
    ),
    _case(
        "h10-scope-03",
        "other_scope",
        [
            _turn(
                "org/harwick-parking/user/priya",
                "priya-s4",
                "I live in Zone B, on Alder Street.",
                "2026-01-08T09:10:00Z",
            )
        ],
        _turn(
            "org/harwick-parking/user/ken",
            "ken-s3",
            "I live in Zone D, up by the station.",
            "2026-01-09T09:10:00Z",
        ),
        "none",
        "Two different users' own home zones.",
    ),
    _case(
        "h10-scope-04",
        "other_scope",
        [
            _doc(
                "org/tamsin-logistics/team/warehouse",
                "shift-patterns.md",
                "# Warehouse shift patterns\n\n"
                "- Early shift: 06:00-14:00\n"
                "- Late shift: 14:00-22:00\n"
                "- Night shift: 22:00-06:00\n\n"
                "Overtime is paid at time and a half.\n",
            )
        ],
        _turn(
            "org/tamsin-logistics/team/drivers",
            "drivers-s1",
            "Night shift here runs 8pm to 4am, and overtime is double time.",
            "2026-03-04T20:00:00Z",
        ),
        "none",
        "Drivers team is a sibling of the warehouse team whose document holds the fact.",
    ),
    _case(
        "h10-scope-05",
        "other_scope",
        [_ZEPHYR_PLANS],
        _turn(
            "org/brightwave-telecom/user/dan",
            "dan-b1",
            "your unlimited lite plan gives me 50gb a month which is plenty",
            "2026-03-19T10:00:00Z",
        ),
        "none",
        "Claim made to Brightwave; the 30GB fact belongs to Zephyr.",
    ),
    _case(
        "h10-scope-06",
        "other_scope",
        [
            _turn(
                "org/lumenflix/user/ravi",
                "ravi-s3",
                "I support Leeds United, season ticket since 2015.",
                "2026-01-05T20:00:00Z",
            )
        ],
        _turn(
            "org/lumenflix/user/jess",
            "jess-s1",
            "I support Manchester City, been a fan all my life.",
            "2026-01-06T20:00:00Z",
        ),
        "none",
        "Two different users' own favourite teams.",
    ),
    _case(
        "h10-scope-07",
        "other_scope",
        [
            _turn(
                "org/glenmorra-snowsports/user/finn",
                "finn-s4",
                "I live in Glasgow.",
                "2026-01-27T18:10:00Z",
            )
        ],
        _turn(
            "org/whitepeak-resort/user/finn",
            "finn-w1",
            "I live in Edinburgh.",
            "2026-01-28T18:10:00Z",
        ),
        "none",
        "Same user id but in two different orgs; the scopes do not overlap.",
    ),
    _case(
        "h10-scope-08",
        "other_scope",
        [
            _doc(
                "org/velvet-comb",
                "prices.md",
                "# Price list\n\n"
                "- Cut & blow dry: £48\n"
                "- Men's cut: £22\n\n"
                "Students get 15% off Monday to Wednesday with a valid student card.\n",
            )
        ],
        _turn(
            "org/shear-genius/user/beth",
            "beth-s4",
            "your student discount is 10% so I'll book a weekday",
            "2026-10-12T20:20:00Z",
        ),
        "none",
        "Student discount claimed to Shear Genius; the 15% fact belongs to Velvet Comb.",
    ),
    _case(
        "h10-scope-09",
        "other_scope",
        [_CLEARVIEW_TESTS],
        _turn(
            "org/focal-point-optics/user/ria",
            "ria-f1",
            "the frames i got from you have a 1 year guarantee so i'll be careful",
            "2026-06-10T14:00:00Z",
        ),
        "none",
        "Guarantee claimed to Focal Point; the 2-year fact belongs to Clearview.",
    ),
    _case(
        "h10-scope-10",
        "other_scope",
        [
            _doc(
                "org/polyglot-academy/team/madrid-campus",
                "timetable.md",
                "# Madrid campus timetable\n\n"
                "- Morning classes start at 9:00.\n"
                "- Afternoon classes start at 14:30.\n"
                "- The campus library is open until 19:00.\n",
            )
        ],
        _turn(
            "org/polyglot-academy/team/seville-campus",
            "seville-s1",
            "Morning classes start at 9:30 here and afternoon ones at 15:00.",
            "2026-09-07T08:00:00Z",
        ),
        "none",
        "Seville campus team is a sibling of the Madrid campus team whose document holds the fact.",
    ),
    _case(
        "h10-scope-11",
        "other_scope",
        [
            _turn(
                "org/quayside-car-parks/user/ollie",
                "ollie-s4",
                "My car is a grey VW Golf.",
                "2026-02-09T08:10:00Z",
            )
        ],
        _turn(
            "org/quayside-car-parks/user/meg",
            "meg-s1",
            "My car's a white Tesla Model 3.",
            "2026-02-10T08:10:00Z",
        ),
        "none",
        "Two different users' own cars.",
    ),
    _case(
        "h10-scope-12",
        "other_scope",
        [_SALTMARSH_CROSSING],
        _turn(
            "org/isle-link-ferries/user/cal",
            "cal-i1",
            "your crossing to Inchmore takes about an hour and a half, so we'll eat on board",
            "2026-05-14T08:30:00Z",
        ),
        "none",
        "Crossing time claimed to Isle Link; the 45-minute fact belongs to Saltmarsh.",
    ),
    _case(
        "h10-scope-13",
        "other_scope",
        [_GREYFRIARS_BENEFITS],
        _turn(
            "org/millbrook-engineering/user/lee",
            "lee-s3",
            "the cycle to work scheme here is capped at £1,000, so no fancy road bike for me",
            "2026-03-25T13:00:00Z",
        ),
        "none",
        "Cycle to Work cap stated at Millbrook; the £2,000 fact belongs to Greyfriars.",
    ),
    _case(
        "h10-scope-14",
        "other_scope",
        [
            _turn(
                "org/streamhaven/user/lou",
                "lou-s3",
                "My kids go to Redhill Primary.",
                "2026-01-10T08:30:00Z",
            )
        ],
        _turn(
            "org/streamhaven/user/sam",
            "sam-h1",
            "My kids go to St Mary's C of E Primary.",
            "2026-01-11T08:30:00Z",
        ),
        "none",
        "Two different users' own children's schools.",
    ),
]
