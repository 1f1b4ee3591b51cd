"""Closed word lists the first-person reader tags words with: nationalities, languages, pets,
family members, jobs, marital status and diets. Closed lists, so that a word is tagged the same
way in any sentence shape; the reader's grammar does the rest."""

from __future__ import annotations

__all__ = [
    "DIETS",
    "EMPLOYMENT",
    "FAMILY",
    "JOBS",
    "LANGUAGES",
    "LIFE_VERBS",
    "MARITAL",
    "NATIONALITIES",
    "NUMBER_WORDS",
    "OTHER_PEOPLE",
    "PETS",
    "WORK_STATUS",
    "is_job",
    "is_number",
]


def _set(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Nationality adjectives (lower case).
NATIONALITIES = _set(
    """afghan albanian algerian american andorran angolan argentine argentinian armenian
    australian austrian azerbaijani bahraini bangladeshi belarusian belgian bolivian bosnian
    brazilian british bulgarian cambodian cameroonian canadian chilean chinese colombian
    congolese croatian cuban cypriot czech danish dominican dutch ecuadorian egyptian emirati
    english eritrean estonian ethiopian fijian filipino finnish french georgian german ghanaian
    greek guatemalan haitian honduran hungarian icelandic indian indonesian iranian iraqi irish
    israeli italian ivorian jamaican japanese jordanian kazakh kenyan korean kosovan kuwaiti
    latvian lebanese libyan lithuanian luxembourgish malaysian maltese mexican moldovan
    mongolian montenegrin moroccan nepalese nepali nigerian norwegian omani pakistani
    palestinian panamanian paraguayan persian peruvian polish portuguese qatari romanian russian
    rwandan salvadoran saudi scottish senegalese serbian singaporean slovak slovenian somali
    african spanish sudanese swedish swiss syrian taiwanese tanzanian thai tunisian
    turkish ugandan ukrainian uruguayan uzbek venezuelan vietnamese welsh yemeni zambian
    zimbabwean"""
)

#: Language names (lower case).
LANGUAGES = _set(
    """english french german spanish portuguese italian dutch japanese mandarin cantonese
    chinese korean arabic hindi urdu bengali punjabi gujarati marathi tamil telugu kannada
    malayalam russian polish turkish greek swedish norwegian danish finnish icelandic hebrew
    farsi persian swahili tagalog filipino vietnamese thai indonesian malay czech slovak
    hungarian romanian ukrainian bulgarian serbian croatian bosnian slovenian catalan basque
    galician welsh irish gaelic yoruba igbo hausa amharic somali afrikaans zulu xhosa latin
    esperanto albanian lithuanian latvian estonian georgian armenian nepali sinhala khmer lao
    burmese mongolian kazakh uzbek pashto kurdish maltese luxembourgish"""
)

#: Verbs (lemmas, lower case) of what a person habitually does, has or likes: "I smoke ten a
#: day", "I rent your router", "I play the sitar". A speaker's clause with any other verb ("I
#: need to write a bio", "my phone keeps dying", "it looks so dreamy") says what happens, asks
#: or chats, and states no attribute of them.
LIFE_VERBS = _set(
    """smoke vape drink eat rent own use drive ride play speak study teach work live commute
    cycle run swim train wear watch read cook bake grow support follow attend volunteer
    collect practise practice love like hate prefer enjoy adore dislike avoid keep take
    visit have share foster breed coach manage lead earn pay subscribe belong sing dance paint
    knit fish hunt climb surf ski skate hike walk garden meditate pray vote bank shop
    carry"""
)

#: Pet words (singular lower case; plurals are read by a trailing "s"/"es").
PETS = _set(
    """dog cat puppy pup kitten hamster rabbit bunny parrot budgie bird fish goldfish turtle
    tortoise snake horse pony ferret lizard gecko guinea-pig gerbil rat mouse chinchilla
    chicken hen duck goat cockatiel parakeet canary iguana labrador retriever spaniel terrier
    poodle beagle greyhound whippet collie dachshund husky pug bulldog boxer corgi chihuahua
    labradoodle cockapoo schnauzer alsatian shepherd tabby siamese persian ragdoll"""
)

#: Family members: the word, and the relation key it is stored under.
FAMILY = {
    "husband": "spouse",
    "wife": "spouse",
    "spouse": "spouse",
    "partner": "partner",
    "boyfriend": "partner",
    "girlfriend": "partner",
    "fiance": "partner",
    "fiancé": "partner",
    "fiancee": "partner",
    "fiancée": "partner",
    "son": "son",
    "daughter": "daughter",
    "kid": "child",
    "child": "child",
    "children": "child",
    "baby": "child",
    "boy": "son",
    "girl": "daughter",
    "brother": "brother",
    "sister": "sister",
    "sibling": "sibling",
    "half-brother": "brother",
    "half-sister": "sister",
    "stepbrother": "brother",
    "stepsister": "sister",
    "twin": "twin",
    "mum": "mother",
    "mom": "mother",
    "mother": "mother",
    "mam": "mother",
    "dad": "father",
    "father": "father",
    "stepdad": "stepfather",
    "stepfather": "stepfather",
    "stepmum": "stepmother",
    "stepmom": "stepmother",
    "stepmother": "stepmother",
    "grandma": "grandmother",
    "granny": "grandmother",
    "nan": "grandmother",
    "grandmother": "grandmother",
    "grandad": "grandfather",
    "grandpa": "grandfather",
    "grandfather": "grandfather",
    "grandson": "grandchild",
    "granddaughter": "grandchild",
    "niece": "niece",
    "nephew": "nephew",
    "cousin": "cousin",
    "aunt": "aunt",
    "auntie": "aunt",
    "uncle": "uncle",
    "stepson": "stepson",
    "stepdaughter": "stepdaughter",
    "stepchild": "stepchild",
    "ex-wife": "ex-spouse",
    "ex-husband": "ex-spouse",
    "ex": "ex-partner",
    "in-laws": "in-laws",
    "mother-in-law": "mother-in-law",
    "father-in-law": "father-in-law",
    "grandparent": "grandparent",
    "parent": "parent",
    "toddler": "child",
    "teenager": "child",
}

#: People whose facts are theirs, not the speaker's ("my friend lives in Paris").
OTHER_PEOPLE = _set(
    """friend friends coworker co-worker coworkers colleague colleagues neighbour neighbor
    neighbours neighbors flatmate roommate housemate classmate teammate mate mates buddy pal
    landlord landlady boss tenant lodger"""
)

#: Job head words (the last word of a job title).
JOBS = _set(
    """ceo cto cfo coo vp president founder co-founder cofounder director manager lead engineer
    developer designer architect analyst scientist researcher consultant officer administrator
    admin owner partner intern teacher nurse doctor lawyer solicitor barrister accountant editor
    writer student professor lecturer chef cook pilot recruiter specialist coordinator
    supervisor associate assistant technician programmer driver guard plumber electrician
    carpenter builder mechanic receptionist tutor barista waiter waitress bartender cashier
    firefighter paramedic pharmacist dentist vet veterinarian surgeon therapist psychologist
    physiotherapist midwife cleaner baker butcher farmer gardener artist musician photographer
    journalist librarian soldier officer clerk secretary salesman saleswoman agent broker
    banker trader economist translator interpreter courier postman postwoman carer caregiver
    nanny childminder hairdresser barber stylist beautician tailor welder machinist operator
    labourer laborer worker executive entrepreneur freelancer contractor instructor coach
    trainer actor actress dancer singer author illustrator animator producer director
    sysadmin devops tester marketer strategist planner surveyor"""
)

#: Endings of the names of occupations beyond the list: "radiographer", "cardiologist",
#: "dietitian", "optician", "sommelier".
_JOB_ENDINGS = ("grapher", "ologist", "ician", "itian", "iatrist", "ographer", "ist", "eer", "ier")
#: Words with those endings that name no occupation.
_NOT_JOBS = frozenset(
    """list gist fist wrist twist mist tourist optimist pessimist perfectionist
    introvert extrovert beer deer career pioneer volunteer premier frontier
    barrier carrier cheer steer peer sheer earlier easier happier
    busier heavier drier""".split()
)


def is_job(word: str) -> bool:
    """Whether a (singular, lower case) word names an occupation: the list, or an ending of
    one ("radiographer", "cardiologist") that is not a common word."""
    if word in JOBS:
        return True
    return len(word) > 5 and word.endswith(_JOB_ENDINGS) and word not in _NOT_JOBS


#: Words before a job that say how it is held, not what it is.
EMPLOYMENT = _set("freelance self-employed part-time full-time contract contractor temporary")

MARITAL = _set("single married divorced widowed engaged separated")

#: Where the speaker stands with work, said as a participle or an adjective ("I'm retired").
WORK_STATUS = _set("retired semi-retired unemployed employed self-employed")

DIETS = _set(
    """vegetarian vegan pescatarian flexitarian keto gluten-free dairy-free lactose-free halal
    kosher paleo"""
)

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen".split()
)
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()

#: Numbers in words up to ninety-nine ("thirty-four").
NUMBER_WORDS = frozenset(
    [*_UNITS, *_TENS, "a hundred", "dozen"] + [f"{t}-{u}" for t in _TENS for u in _UNITS[1:10]]
)


def is_number(word: str) -> bool:
    """A count or an age as the user wrote it: digits ("4", "29") or words ("thirty-four")."""
    w = word.casefold()
    return (w.isdigit() and len(w) <= 3) or w in NUMBER_WORDS
